"""Odds before a battle: the column an attack or an overrun would fall on, with its explanation,
found without rolling and without revealing anyone.

A player weighs an attack before making it, so the page shows the column first. The kernel's
combat mechanic only finds a column while resolving a battle (it reveals, then rolls), so this
module prices a battle that is never fought with the same :func:`wargame.pricing.price` the
mechanic fights with (modifiers, shifts, the final change for the battle's kind such as the
overrun halving, PGG 6.55, and the title's table). It all runs on
:meth:`~wargame.match.Match.sandbox`: a hook may record things on the units it is asked about
(a leader joining the attack, PGG 10.26), and an overrun first moves its units to the launch
location (PGG 6.51); none of that may touch the match.

A battle with an untried unit (strength drawn only at the instant of combat, PGG 12.2) or a unit
concealed from the asking side has no column yet: the answer is "?" and names no hidden value;
with untried units only, ``spread`` gives the columns and results over the faces left in their
pools, as the attacker may work them out (never the face a unit will show).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from wargame.actions import Action
from wargame.combat import explain
from wargame.match import Match
from wargame.plugins import Verb
from wargame.pricing import Spread, engage, price
from wargame.pricing import spread as price_spread
from wargame.state import Unit

UNKNOWN = "?"
ATTACK, OVERRUN = "attack", "overrun"


def supported(match: Match, verb: str = ATTACK) -> bool:
    """Whether the title's ``verb`` says which battle an action of it fights
    (:meth:`~wargame.plugins.Verb.describe`); a verb that does not gets no preview."""
    found = match.verbs.get(verb)
    return found is not None and type(found).describe is not Verb.describe


def priceable(match: Match, action: Action) -> bool:
    """Whether the page and ``wargame odds`` price this action: an attack or overrun
    (:func:`is_battle`), or an action of any verb that says which battle it fights (Dark
    Crusade's ``fight POINT``, a firefight priced by the title, DC 13.B.2)."""
    return is_battle(action) or (
        action.verb not in (ATTACK, OVERRUN) and supported(match, action.verb)
    )


def is_battle(action: Action) -> bool:
    """Whether the action is a battle this module prices: ``attack TARGET with UNITS`` or
    ``overrun TARGET with UNITS via PATH...``."""
    args = action.args
    if action.verb == ATTACK:
        return len(args) == 3 and args[1] == "with"
    if action.verb == OVERRUN:
        return len(args) >= 5 and args[1] == "with" and args[3] == "via"
    return False


def _number(value: Fraction | float) -> int | float:
    value = Fraction(value) if not isinstance(value, Fraction) else value
    return int(value) if value.denominator == 1 else float(value)


def unknown_units(match: Match, units: list[Unit], side: str | None) -> list[str]:
    """Why these units' strengths are not known to ``side`` yet, one line each, naming only
    what the side may see."""
    out = []
    for unit in units:
        if side is not None and side in unit.hidden_from:
            out.append(f"a concealed {unit.side} unit: its strength is not known")
        elif match.is_untried(unit):
            out.append(f"{unit.id} is untried: its strength is drawn at the instant of combat")
    return out


def _unpriced(
    action: Action, targets: list[str], ids: list[str], defenders: list[Unit], side: str | None
) -> dict[str, Any]:
    """A battle's odds before they are found: who fights whom, as ``side`` may see it."""
    return {
        "action": str(action),
        "kind": action.verb,
        "targets": targets,
        "attackers": ids,
        "defenders": [u.id if side not in u.hidden_from else UNKNOWN for u in defenders],
        "column": UNKNOWN,
        "known": False,
        "automatic": None,
        "attack": None,
        "defense": None,
        "summary": "",
        "explanation": [],
        "results": {},
    }


def attack_odds(
    match: Match, action: Action, side: str | None, price: bool = True, spread: bool = True
) -> dict[str, Any]:
    """The odds of a legal attack or overrun (:func:`is_battle`) as ``side`` sees it: column
    label (or "?"), the full explanation, and the result for every roll.

    ``price=False`` stops short of the arithmetic when the odds are knowable: column None and
    ``pending`` true. Listing a movement phase's overruns does that, since pricing one moves
    its units first, and everything derived from where units stand (supply at the instant of
    the overrun, PGG 6.59; zones of control) is traced again: a few milliseconds each on PGG,
    with hundreds of overruns in a phase. A page asks for the few it shows. ``spread=False``
    likewise leaves an untried battle's spread for a request (``spread_pending``): it prices
    the battle once per way the faces may come out."""
    if not is_battle(action):
        return _described(match, action, side)
    targets, ids = action.args[0].split(","), action.args[2].split(",")
    path = list(action.args[4:]) if action.verb == OVERRUN else []
    units = match.state.units
    attackers = [units[i] for i in ids]
    defenders = [u for loc in targets for u in match.units_at(loc)]
    out = _unpriced(action, targets, ids, defenders, side)
    if path:
        out["via"] = path
    hidden = unknown_units(match, attackers + defenders, side)
    if hidden:
        out["summary"] = "odds unknown until combat"
        out["explanation"] = hidden
        concealed = any(side is not None and side in u.hidden_from for u in attackers + defenders)
        if price and not concealed and supported(match, action.verb):
            if not spread:
                out["spread_pending"] = True
                return out
            found = untried_spread(match, action)  # what the pools left tell the attacker
            if found is not None:
                out["spread"] = found.to_json()
        return out
    if not supported(match, action.verb):
        out["summary"] = f"this title resolves {action.verb}s its own way: no preview"
        return out
    if not price:
        out.update(column=None, pending=True, summary="odds on request (preview)")
        return out
    out.update(_column(match.sandbox(), action))
    return out


def _described(match: Match, action: Action, side: str | None) -> dict[str, Any]:
    """The price of a battle another verb fights (:func:`priceable`): a firefight gives each
    side's fire ("axis fire 9 / soviet fire 4"), its making with the rules and the hits of
    every roll (``fires``)."""
    sandbox = match.sandbox()
    battle = sandbox.verbs[action.verb].describe(sandbox, action)
    if battle is None:
        return {"action": str(action), "kind": action.verb, "column": None, "known": False,
                "summary": "this action fights no battle", "explanation": [], "results": {}}  # fmt: skip
    units = sandbox.state.units
    attackers = [units[i] for i in battle.attackers]
    defenders = [units[i] for i in battle.defenders]
    out = _unpriced(action, [battle.target], battle.attackers, defenders, side)
    hidden = unknown_units(sandbox, attackers + defenders, side)
    if hidden:
        out.update(summary="odds unknown until combat", explanation=hidden)
        return out
    priced = price(sandbox, battle)
    if not priced.fires:  # a verb other than attack fighting on the shared arithmetic
        out.update(_column(match.sandbox(), action))
        return out
    out.update(
        column=" / ".join(f"{f.side} fire {f.total}" for f in priced.fires),
        known=True,
        attack=_number(priced.attack),
        defense=_number(priced.defense),
        table=None if priced.table is None else priced.table.id,
        summary="each side rolls on the fire table for its own total",
        explanation=list(priced.explanation),
        fires=[
            {
                "side": f.side,
                "role": f.role,
                "total": f.total,
                "why": f.why(),
                "lines": [str(line) for line in f.lines],
                "groups": [
                    {"fire": group, "hits": {str(r): n for r, n in hits.items()}}
                    for group, hits in f.groups
                ],
                "roll_modifier": f.roll_modifier,
            }
            for f in priced.fires
        ],
    )
    return out


def untried_spread(match: Match, action: Action) -> Spread | None:
    """The spread of columns and results over the faces the battle's untried units may show
    (:func:`wargame.pricing.spread`), on a sandbox."""
    sandbox = match.sandbox()
    battle = sandbox.verbs[action.verb].describe(sandbox, action)
    return None if battle is None else price_spread(sandbox, battle)


def _column(match: Match, action: Action) -> dict[str, Any]:
    """The battle's :func:`wargame.pricing.price` on a sandbox, as the page shows it."""
    battle = match.verbs[action.verb].describe(match, action)
    assert battle is not None  # supported() said the verb describes its battle
    engage(match, battle)  # as the mechanic marks them, before it asks the hooks
    priced = price(match, battle)
    lines = list(priced.explanation)
    column, table = priced.column, priced.table
    if column is None or table is None:
        return {
            "summary": "no strength on either side: no combat",
            "explanation": lines,
            "attack": 0,
            "defense": 0,
        }
    codes: Mapping[str, Any] = match.title.doc("combat-tables").get("codes", {})
    results = {str(roll): code for roll, code in priced.results.items()}
    if column.automatic is not None:
        lines.append(f"automatic {column.automatic}: no roll")
    used = [column.automatic] if column.automatic is not None else list(results.values())
    attack, defense = priced.attack, priced.defense
    return {
        "column": column.label,
        "known": True,
        "automatic": column.automatic,
        "attack": _number(attack),
        "defense": _number(defense),
        "table": table.id,
        "dice": table.dice,
        "summary": explain(column),
        "explanation": lines,
        "results": results,
        "codes": {
            code: codes[code].get("name", code)
            for code in dict.fromkeys(used)
            if isinstance(codes.get(code), Mapping)
        },
    }
