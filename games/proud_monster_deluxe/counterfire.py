"""The Leningrad Counter-Fire Corps (PMD 15.13).

On turn 221 the LCFC marker (the state var ``lcfc``: its hex) is placed in Leningrad (hex 3304, ruling M1)
at the start of the Reinforcement Phase when Leningrad is Soviet-controlled; otherwise it is
removed from the game (the state var ``lcfc_gone``). While on the map, every Axis attack (PA or
MA) on Leningrad or a hex next to it is shifted 1L (a unit shift, in the 13.5 cap), unless the
Soviet units in Leningrad are isolated (ruling LC1). It shares the fate of the last Soviet
non-artillery unit in Leningrad: when none is left there (eliminated, withdrawn or removed from
play: at once; gone otherwise: at the next phase start), or the Axis controls the hex, the
marker is removed for good (ruling LC1)."""

from __future__ import annotations

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from .combat import CAPPED
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 15.13"
LENINGRAD = "3304"
ARRIVES = 221
MARKER = "lcfc"
"""The state var naming the marker's hex: on the map for both players to see."""
NS = "pmd-counterfire"
GONE = "lcfc_gone"
"""In ``NS``: the marker is out of the game for good."""


def on_map(match: Match) -> bool:
    """The marker is in Leningrad (the state var ``lcfc`` names its hex)."""
    return match.state.vars.get(MARKER) == LENINGRAD


def _defenders(match: Match) -> list[Unit]:
    return [
        u
        for u in match.units_at(LENINGRAD)
        if u.side == SOVIET and "artillery" not in match.unit_type(u).get("tags", ())
    ]


def active(match: Match) -> bool:
    """The marker is on the map and its stack is not isolated (15.13)."""
    if not on_map(match):
        return False
    stack = _defenders(match)
    return bool(stack) and not all(u.flags.get("iso") or "iso" in u.markers for u in stack)


def _remove(match: Match, why: str) -> None:
    match.state.vars.pop(MARKER, None)
    match.state.ns(NS)[GONE] = True
    match.emit("lcfc", f"the Leningrad Counter-Fire Corps is removed from the game: {why}", RULE)


def check(match: Match) -> None:
    """Place the marker on turn 221, or remove it for good when Leningrad's fate is sealed."""
    if match.state.ns(NS).get(GONE):
        return
    if on_map(match):
        if not _defenders(match):
            _remove(match, "no Soviet unit left in Leningrad")
        elif match.state.control.get(LENINGRAD) == AXIS:
            _remove(match, "Leningrad is Axis-controlled")
        return
    if ynn(match) < ARRIVES:
        return
    if match.state.control.get(LENINGRAD, SOVIET) == SOVIET and _defenders(match):
        match.state.vars[MARKER] = LENINGRAD
        match.emit("lcfc", "the Leningrad Counter-Fire Corps is placed in Leningrad", RULE)
    else:
        _remove(match, "Leningrad is not Soviet on turn 221")


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    check(match)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    if on_map(match) and not _defenders(match):
        _remove(match, "its last Soviet step in Leningrad is lost")


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """Ruling LC1: the last Soviet unit in Leningrad withdrawn or removed from play (9.6, 9.7)
    takes the marker out of the game as its elimination would, then, not at the next phase."""
    if on_map(match) and before.loc == LENINGRAD and not _defenders(match):
        _remove(match, "its last Soviet unit in Leningrad leaves play")


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    units = match.state.units
    if not battle.attackers or units[battle.attackers[0]].side != AXIS:
        return []
    near = battle.target == LENINGRAD or battle.target in match.topology.neighbours(LENINGRAD)
    if not near or not active(match):
        return []
    return [Shift.left(1, "the Leningrad Counter-Fire Corps", RULE, CAPPED)]
