"""Reorganization in the Refit Phase (PMD 9.2).

Units of one type (so of one nationality) that have several steps at full strength and share a
hex may pass steps between them: ``reorganize FROM TO`` moves one step from FROM to TO (TO must
be short of full strength); a unit that gives its last step is eliminated, and goes where a unit
destroyed in combat goes (eliminated.py: 2 GRDs of 1 step each make one of 2 steps and the other
goes to the Tried Units pool, the text's example). Leg units may do it next to the enemy and act
normally that week; Mech units may not do it next to an enemy unit across a land hexside, and
both take the Refit marker (the ``refit`` flag of replacements.py: no move nor attack that week,
gone in the Cleanup Phase). Never in a jointly-occupied hex. Soviets too: a reorganization is no
refit (9.5.3 forbids only refits). A Soviet Guards corps may give steps to a non-Guards corps of
its kind (GTC to TC, GMC to MC), never the reverse (ruling CO2); a TC or MC is at full strength
at the turn's step maximum (9.1.3, ``corps.py``; ruling CO1). 15.9's upgraded unit reorganizing
its Mech Upgrade marker's steps into itself is upgrades.py's ``upgrade-absorb``."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from . import corps, reserves
from .reinforce import RVGK
from .strategic import OKH

RULE = "PMD 9.2"


def _mech(match: Match, unit: Unit) -> bool:
    return match.unit_type(unit).get("mobility") == "mech"


def problem(match: Match, side: str, giver: Unit, taker: Unit) -> str | None:
    """Why ``giver`` may not pass a step to ``taker`` now (9.2), or None."""
    if giver.side != side or taker.side != side or giver.id == taker.id:
        return f"two different units of yours ({RULE})"
    if giver.loc is None or giver.loc != taker.loc:
        return f"{giver.id} and {taker.id} are not stacked together ({RULE})"
    if corps.guards_gives(match, taker, giver):
        return f"a non-Guards corps gives no step to a Guards corps ({RULE})"
    same = match.counter(giver)["type"] == match.counter(taker)["type"]
    if not same and not corps.guards_gives(match, giver, taker):
        return f"only units of the same nationality and type reorganize ({RULE})"
    if match.faces(giver) < 2 or match.faces(taker) < 2:
        return f"only units of several steps at full strength reorganize ({RULE})"
    if corps.at_full(match, taker):
        return f"{taker.id} is at full strength ({RULE})"
    return where_problem(match, side, giver)


def where_problem(match: Match, side: str, unit: Unit) -> str | None:
    """Why the unit's place bars a reorganization now (9.2), or None."""
    loc = unit.loc
    assert loc is not None
    if loc in (*OKH.values(), *RVGK):
        return None
    if reserves._joint(match, loc):
        return f"never in a jointly-occupied hex ({RULE})"
    if _mech(match, unit) and reserves._adjacent_enemy(match, loc, side):
        return f"Mech units next to an enemy unit do not reorganize ({RULE})"
    return None


class Reorganize(Verb):
    """``reorganize FROM TO``: one step passes from FROM to TO in their Refit Phase (9.2)."""

    name = "reorganize"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return [
            u.id
            for u in match.units_of(decision.side)
            if u.loc is not None and match.faces(u) > 1 and self.legal_for(match, decision, u.id)
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        giver = match.state.units.get(actor)
        if giver is None or giver.loc is None or giver.side != decision.side:
            return []
        return [
            Action(self.name, (actor, other.id))
            for other in match.units_at(giver.loc)
            if problem(match, decision.side, giver, other) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        units = [match.state.units.get(a) for a in action.args]
        if len(units) != 2 or units[0] is None or units[1] is None:
            return "usage: reorganize FROM TO"
        return problem(match, decision.side, units[0], units[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        giver, taker = (match.state.units[a] for a in action.args)
        loc = giver.loc
        taker.step -= 1
        match.emit("reorganize", f"{giver.id} gives a step to {taker.id}", RULE, unit=taker.id)
        match.lose_steps(giver, 1, RULE)  # its last: eliminated as in combat (13.13, 13.14)
        if _mech(match, taker) and loc not in (*OKH.values(), *RVGK):
            for unit in (giver, taker):
                if unit.loc is not None:
                    unit.flags["refit"] = True  # 9.2: the Refit marker
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reorganize()]
