"""Short notations: what a player may type instead of the full action, resolved to one legal
action before it is applied, so the full notation stays the save format.

Three shortenings, for every title, found through the verbs' own levels (``Match.actors``,
``Match.legal_for``) rather than per title:

- a move may name only its destination (``move R09 0512``): the legal list holds one cheapest
  path per unit and destination, and that path is taken;
- a stack moves by naming its hex (``move 0512 0612``): the whole stack of the deciding side's
  units there that may move together;
- a battle may leave out its units (``attack 0512``) when one choice holds every other's
  (every unit that may join): obviously all of them.

More generally the tokens typed must appear in the full action in order, the first one first
and a last location last (the destination); when several legal actions match and none holds all
the others, the refusal lists them: the player names more.
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.actions import Action, IllegalAction
from wargame.match import Match

__all__ = ["Expansion", "expand"]

SHOWN = 6
"""How many of the choices an ambiguity refusal names where the matching actions part ways."""
EXAMPLES = 3
"""How many matching actions in full it shows."""


@dataclass(frozen=True, slots=True)
class Expansion:
    """The full action a text stands for, and how it was read (None: typed in full)."""

    action: Action
    note: str | None = None


def expand(match: Match, text: Action | str) -> Expansion:
    """The legal action ``text`` stands for. Raises :class:`IllegalAction` with the rule's reason
    when nothing matches, or naming what was ambiguous when several do."""
    action = Action.parse(text) if isinstance(text, str) else text
    reason = match.check(action)
    if reason is None:
        return Expansion(action)
    found, asked = _matching(match, action)
    if not found:
        if len(asked) == 1 and len(action.args) > 1:  # one actor named: say what it may not do
            last = action.args[-1]
            ends = f" ends in {last}" if last in match.topology else f" holds {last}"
            reason += f"; read as a short form: no legal '{action.verb}' of {asked[0]}{ends}"
        raise IllegalAction(action, reason)
    if len(found) == 1:
        return Expansion(found[0], _note(match, action, found[0], False))
    whole = _holding_all(match, found)
    if whole is not None:
        return Expansion(whole, _note(match, action, whole, True))
    listed = "; ".join(f"'{a}'" for a in found[:EXAMPLES])
    more = f" and {len(found) - EXAMPLES} more" if len(found) > EXAMPLES else ""
    raise IllegalAction(
        action,
        f"ambiguous: {len(found)} legal actions match it, {_difference(match, found)} "
        f"({listed}{more}); name more of it",
    )


def _difference(match: Match, found: list[Action]) -> str:
    """Where the matching actions first part ways, in a player's words: "which units: a, b"."""
    at = 0
    while all(len(a.args) > at for a in found) and len({a.args[at] for a in found}) == 1:
        at += 1
    values = list(dict.fromkeys(a.args[at] for a in found if len(a.args) > at))
    units = match.state.units
    if all(all(i in units for i in v.split(",")) for v in values):
        what = "which units"
    elif all(v in match.topology for v in values):
        what = "by which place"
    else:
        what = "which of"
    shown = ", ".join(values[:SHOWN]) + (f", ... ({len(values)})" if len(values) > SHOWN else "")
    return f"{what}: {shown}?"


def _matching(match: Match, action: Action) -> tuple[list[Action], list[str]]:
    """The legal actions of the verb whose tokens hold the typed ones (see the module), and the
    actors asked."""
    decision = match.decision
    if decision is None or not action.args or action.verb not in match.verbs_now():
        return [], []
    verb = action.verb
    first, rest = action.args[0], action.args[1:]
    actors = match.actors(verb)
    if first in actors:
        pattern, asked = action.args, [first]
    else:
        stack = _stack_at(match, first, actors, decision.side)
        if stack:
            pattern, asked = (stack[0], *rest), stack
        else:  # a battle's target, say: look through every actor's actions
            pattern, asked = action.args, [a for a in actors if a]
    out: list[Action] = []
    for actor in asked:
        out.extend(a for a in match.legal_for(actor, verb) if _fits(match, pattern, a.args))
    return list(dict.fromkeys(out)), asked


def _stack_at(match: Match, loc: str, actors: list[str], side: str) -> list[str]:
    """The actors standing at ``loc``: the whole stack alone when one actor holds every unit
    that may act there, else each of them."""
    here = {u.id for u in match.units_at(loc) if u.side == side}
    if not here:
        return []
    there = [a for a in actors if a and set(a.split(",")) <= here]
    members = {i for a in there for i in a.split(",")}
    whole = [a for a in there if set(a.split(",")) == members]
    return whole[:1] or there


def _fits(match: Match, pattern: tuple[str, ...], args: tuple[str, ...]) -> bool:
    """The typed tokens appear in order in ``args``, the first first, a last location last."""
    if not args or args[0] != pattern[0]:
        return False
    if len(pattern) > 1 and pattern[-1] in match.topology and args[-1] != pattern[-1]:
        return False
    at = 1
    for token in pattern[1:]:
        while at < len(args) and args[at] != token:
            at += 1
        if at == len(args):
            return False
        at += 1
    return True


def _holding_all(match: Match, found: list[Action]) -> Action | None:
    """The one action whose units hold every other's (an attack with every unit that may
    join), when the matches differ only in their lists of units; else None."""
    if len({len(a.args) for a in found}) != 1:
        return None
    units = match.state.units
    differ = [i for i in range(len(found[0].args)) if len({a.args[i] for a in found}) > 1]
    if not differ or not all(
        i in units for at in differ for a in found for i in a.args[at].split(",")
    ):
        return None
    sets = [{(at, i) for at in differ for i in a.args[at].split(",")} for a in found]
    holding = [a for a, mine in zip(found, sets, strict=True) if all(s <= mine for s in sets)]
    return holding[0] if len(holding) == 1 else None


def _note(match: Match, typed: Action, full: Action, everyone: bool) -> str:
    """How the short form was read, in a player's words."""
    if everyone:
        return f"read as '{full}': with every unit that may join"
    between = [t for t in full.args[1:-1] if t not in typed.args]
    note = f"read as '{full}'"
    if between and all(t in match.topology for t in between):
        note += ": the cheapest legal path"
    first = typed.args[0]
    decision = match.decision
    if first != full.args[0] and decision is not None:  # a hex named for its stack
        moving = set(full.args[0].split(","))
        staying = [u.id for u in match.units_at(first) if u.side == decision.side]
        staying = [uid for uid in staying if uid not in moving]
        if staying:
            note += (
                f"; the others in {first} stay ({', '.join(staying)}): no legal "
                f"'{typed.verb}' of theirs matches"
            )
    return note
