"""Soviet tank and mechanized corps (PMD 9.1.3, 9.5.3, 9.2).

A TC or MC counter has 4 printed steps, but how many of them it may hold is the turn's: at most 2
from turn 207 (when they start to arrive), 3 from 213, 4 from 221 (9.1.3). That maximum is the
corps' full strength on the turn (9.5.3 says so of rebuilds; ruling CO1 reads it so everywhere):
a corps arrives at the maximum of its turn of entry and is rebuilt to that of its turn of
rebuilding; one that arrived with 2 steps is a step short from turn 213, and may gain it by a
reorganization (9.2) or a Mech Upgrade marker (15.9), never by a refit (9.5.3). A full-strength
corps shows the face ``faces - maximum`` (the kernel counts steps down from the printed top).
Guards corps (GTC, GMC) are not TC or MC: they have their printed steps (9.4.2).

9.2: a Guards corps may give steps to the non-Guards corps of its kind (a GTC to a TC, a GMC to
an MC; ruling CO2), never the reverse (``reorganize.py`` asks :func:`guards_gives`).
6.1's stacking (a corps counts as a division) and 14.3's MA cost (7 MP a Soviet corps, 6 for a
Mech corps in a Soviet Seasonal Offensive week, 5.4) are data: the unit types' ``stacking`` and
the title's overrun costs by type."""

from __future__ import annotations

from wargame.hookspecs import on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from .reinforce import RVGK
from .turns import SOVIET, ynn

RULE = "PMD 9.1.3"
LIMITED = ("tc", "mc")
"""9.1.3: the step maxima are the tank and mechanized corps'."""
MAXIMA = ((221, 4), (213, 3), (207, 2))
"""9.1.3: YNN from which -> the most steps a TC or MC has."""
GUARDS = {"gtc": "tc", "gmc": "mc"}
"""9.2: a Guards corps type -> the non-Guards corps type it may give steps to (ruling CO2)."""


def maximum(turn: int) -> int:
    """9.1.3: the most steps a TC or MC has on turn ``turn`` (YNN; 2 before 213, none arrive
    before 207)."""
    return next((most for since, most in MAXIMA if turn >= since), MAXIMA[-1][1])


def limited(match: Match, unit: Unit) -> bool:
    return unit.side == SOVIET and match.counter(unit)["type"] in LIMITED


def full_step(match: Match, unit: Unit) -> int:
    """The step index (0 the printed top) of the unit at full strength now: 0 for any unit but
    a TC or MC, whose full strength is the turn's maximum (9.1.3, 9.5.3)."""
    if not limited(match, unit):
        return 0
    return max(0, match.faces(unit) - maximum(ynn(match)))


def at_full(match: Match, unit: Unit) -> bool:
    return unit.step <= full_step(match, unit)


def full_steps(match: Match, unit: Unit) -> int:
    """How many steps the unit has at full strength now (9.5.3: what a rebuild costs)."""
    return match.faces(unit) - full_step(match, unit)


def guards_gives(match: Match, giver: Unit, taker: Unit) -> bool:
    """9.2: the giver is a Guards corps and the taker a non-Guards corps of its kind."""
    return GUARDS.get(match.counter(giver)["type"]) == match.counter(taker)["type"]


@on_phase("start", ids=("reinforcement",), trylast=True)
def arrive(match: Match, phase: PhaseSpec) -> None:
    """9.1.3: a TC or MC arriving this turn (in its RVGK area, after the kernel's arrivals) has
    the turn's maximum steps."""
    for unit in match.units_of(SOVIET):
        if unit.loc in RVGK and "entry" in unit.flags and limited(match, unit):
            if unit.step == full_step(match, unit):
                continue
            unit.step = full_step(match, unit)
            match.touch()
            match.emit(
                "reinforcement",
                f"{unit.id} arrives with {full_steps(match, unit)} step(s)",
                RULE,
                unit=unit.id,
            )
