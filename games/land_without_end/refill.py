"""German non-mechanized replacements (LWE 8.6): 14 steps for the whole game
(``table-replacements.json``: ``german_non_mech_steps``). In each German New Unit Entry Phase,
while steps are left, the German player flips reduced German non-mechanized divisions on the map
and in supply back to full, one step each, as many as he likes (``refill UNIT``), and stops when
he wants (``refill done``). Satellite units are not German divisions and get none; dead units
never return. The unit moves and fights normally that turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .common import GERMAN

NS = "lwe-refill"
KIND = "refill"
RULE = "LWE 8.6"


def total(match: Match) -> int:
    entries = match.title.doc("replacements")["entries"]
    return int(entries["german_non_mech_steps"]["total"])


def left(match: Match) -> int:
    return total(match) - int(match.state.ns(NS).get("used", 0))


def candidates(match: Match) -> list[Unit]:
    """Reduced German (not satellite) non-mechanized divisions on the map, not out of supply."""
    from .supply import oos

    out = []
    for u in match.units_of(GERMAN):
        utype = match.unit_type(u)
        tags = set(utype.get("tags", ()))
        if u.loc is None or u.loc.startswith("box:") or oos(u) or u.step < 1:
            continue
        if {"german", "division"} <= tags and utype["mobility"] != "mech":
            out.append(u)
    return sorted(out, key=lambda u: u.id)


def _ask(match: Match) -> None:
    if left(match) > 0 and candidates(match):
        match.push(GERMAN, KIND, f"German replacement steps: {left(match)} left ({RULE})")


@on_phase("start", ids=("entry",), tryfirst=True)
def offer(match: Match, phase: PhaseSpec) -> None:
    """8.6: asked after the withdrawals (pushed first, so answered after them, 8.12)."""
    if match.phasing == GERMAN:
        _ask(match)


class Refill(Verb):
    """``refill UNIT`` (one step back) or ``refill done`` (8.6)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if left(match) > 0:
            for unit in candidates(match):
                yield Action(self.name, (unit.id,))
        yield Action(self.name, ("done",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: refill UNIT|done"
        if action.args[0] == "done":
            return None
        if left(match) <= 0:
            return f"the 14 German replacement steps are spent ({RULE})"
        if action.args[0] not in {u.id for u in candidates(match)}:
            return (
                f"{action.args[0]} is not a reduced German non-mechanized division on the map "
                f"and in supply ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args[0] == "done":
            return
        unit = match.state.units[action.args[0]]
        unit.step -= 1
        ns = match.state.ns(NS)
        ns["used"] = int(ns.get("used", 0)) + 1
        match.emit(KIND, f"{unit.id} back to full strength ({left(match)} steps left)", RULE)
        _ask(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Refill()]
