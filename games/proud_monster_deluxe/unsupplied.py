"""The Axis declaring units in supply unsupplied (PMD 8.8): unsupplied units do not consult the
GAST, so the Axis player may give up a unit's supply to attack beyond the GAS line without it.

His decision, ``unsupplied UNIT``, in his Combat Phase (ruling GS1): the unit is out of supply
for the rest of the phase (attacking and defending at half, 8.5; no offensive supply, 8.4; freed
of the GAST, the attenuated-supply mechanic's ``freed``; eliminated so, a German division goes to
the Dead Pile, 13.13). It is offered while the GAS line has supply effects (before turn 205 and
no completed Paulus Pause, 8.8, 8.10) for an Axis unit in supply that has not attacked this phase
and stands next to a Soviet-occupied hex beyond the line: the only units the GAST could reach.
The next phase's supply check (8.3) traces the unit again; the declaration's record goes at the
end of the phase."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import attenuated
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .combat import unsupplied
from .turns import AXIS, SOVIET

RULE = "PMD 8.8"
FLAG = "declared-oos"
"""The unit's flag: the phase key of the declaration (gone at the end of that phase)."""


def declared(match: Match, unit: Unit) -> bool:
    """Whether the Axis declared the unit unsupplied in this phase (8.8)."""
    return unit.flags.get(FLAG) == phase_key(match)


def problem(match: Match, unit: Unit) -> str | None:
    """Why the Axis may not declare ``unit`` unsupplied now, or None (8.8, ruling GS1)."""
    if unit.side != AXIS or unit.loc is None or unit.loc not in match.topology:
        return f"only an Axis unit on the map is declared unsupplied ({RULE})"
    if attenuated.line_ignored(match):
        return f"the GAS line has no supply effects now: there is no GAST to avoid ({RULE})"
    if unsupplied(unit) is not None:
        return f"{unit.id} is not in supply ({RULE})"
    if not combat_mechanic.may_attack(match, unit):
        return f"{unit.id} may not attack this phase: nothing to declare ({RULE})"
    topo = match.topology
    if not any(
        match.side_at(n) == SOVIET and attenuated.beyond(match, n)
        for n in topo.neighbours(unit.loc)
    ):
        return f"{unit.id} is next to no Soviet-occupied hex beyond the GAS line ({RULE})"
    return None


class Unsupplied(Verb):
    """``unsupplied UNIT``: the Axis declares a unit in supply unsupplied (8.8)."""

    name = "unsupplied"
    kinds = ("combat",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS or match.phasing != AXIS or attenuated.line_ignored(match):
            return
        topo = match.topology
        near = {  # the hexes next to a Soviet-occupied hex beyond the line
            n
            for loc in match.occupied()
            if loc in topo and match.side_at(loc) == SOVIET and attenuated.beyond(match, loc)
            for n in topo.neighbours(loc)
        }
        for unit in match.units_of(AXIS):
            if unit.loc in near and problem(match, unit) is None:
                yield Action("unsupplied", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: unsupplied UNIT"
        if decision.side != AXIS or match.phasing != AXIS:
            return f"the Axis declares his units unsupplied in his Combat Phase ({RULE})"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no unit {action.args[0]}"
        return problem(match, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        unit.flags[FLAG] = phase_key(match)
        unit.flags["oos"] = True
        match.emit("supply", f"the Axis declares {unit.id} unsupplied", RULE, unit=unit.id)
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Unsupplied()]


@on_phase("end", kinds=("combat",))
def forget(match: Match, phase: PhaseSpec) -> None:
    """The declarations go with the phase (the next check traces the units again, 8.3)."""
    for unit in match.state.units.values():
        unit.flags.pop(FLAG, None)
