"""Volga River Interdiction (PMD 11.4).

The Axis interdict the Volga while an Axis unit stands next to the South Volga where river
traffic has no other way past it. The stand-in map draws the South Volga as one channel from
Stalingrad to Astrakhan, so any Axis unit in a hex along a South Volga hexside interdicts it
(ruling VG1). It is read from the map as it is, so it ends as soon as no such unit is there.

While interdicted: Soviet attacks on hexes south of the Caucasus line shift 1L (outside the 13.5
cap, ruling VG2); Soviet units south of the Caucasus line may not enter the RVGK and Soviet units
leaving the RVGK south of it have moved for the week (``rvgk.py``); reinforcements entering
south of it enter at a large town or a red-bordered map edge (``reinforce.volga_problem``, which
the RVGK's Refit Phase exits share) and may not move that week (11.4(2)): the ``volga-arrived``
flag names the week, locks the unit's moves while it is that week, and goes at the next
Weather Phase of another week.

The South Volga in combat (13.4.1) is a major river (halving, no MA: ``combat.py``,
``mobileassault.py``), but a PA across it is made only across a hexside with an urban hex on
either bank, or by the Soviets over a pontoon bridge (15.12); not in frozen weather (12.4), nor
by the Axis on turn 112 (5.3(10)), when rivers are ignored (ruling VG3)."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from .turns import AXIS, SOVIET, ynn

RULE = "PMD 11.4"
RIVER = "south-volga"


def banks(match: Match) -> frozenset[str]:
    """Hexes along a South Volga hexside (static, once per map)."""

    def build() -> frozenset[str]:
        topo = match.topology
        return frozenset(
            h
            for h in topo.locations()
            if any(
                (e := topo.edge(h, n)) is not None and RIVER in e.features
                for n in topo.neighbours(h)
            )
        )

    return match.shared("pmd-volga-banks", build)


def interdicted(match: Match) -> bool:
    """11.4: an Axis unit stands along the South Volga (ruling VG1)."""
    return any(match.side_at(h) == AXIS for h in banks(match))


def south_of_caucasus(match: Match, loc: str | None) -> bool:
    return loc is not None and loc in match.topology.region("caucasus-south")


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """11.4(1): Soviet attacks south of the Caucasus line shift 1L while it is interdicted."""
    if not battle.attackers or not south_of_caucasus(match, battle.target):
        return []
    if match.state.units[battle.attackers[0]].side != SOVIET or not interdicted(match):
        return []
    return [Shift.left(1, "the Volga is interdicted", RULE)]


FLAG = "volga-arrived"


def week(match: Match) -> str:
    """The game week now: the Reinforcement Phase opens week 1 (5.2)."""
    leaf = match.phase
    return f"{match.turn}/{'w2' if leaf is not None and leaf.spec.id.startswith('w2') else 'w1'}"


def arrive(match: Match, unit: Unit) -> None:
    """11.4(2): a Soviet unit entering south of the Caucasus line while the Volga is
    interdicted has moved for the week of its arrival (the tilted counter)."""
    if unit.loc is not None and south_of_caucasus(match, unit.loc) and interdicted(match):
        unit.flags[FLAG] = week(match)


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if unit.flags.get(FLAG) == week(match):
        return f"{unit.id} entered south of the Caucasus line this week: no move ({RULE})"
    return None


@on_phase("start", ids=("w1-weather", "w2-weather"))
def week_over(match: Match, phase: PhaseSpec) -> None:
    """The ``volga-arrived`` flag goes when its week is over (the next Weather Phase)."""
    now = week(match)
    for unit in match.units_of(SOVIET):
        if FLAG in unit.flags and unit.flags[FLAG] != now:
            del unit.flags[FLAG]


CROSSING_RULE = "PMD 13.4.1"


def crossing_problem(match: Match, unit_id: str, target: str) -> str | None:
    """13.4.1: why this unit may not make a PA across the South Volga into ``target``, or None."""
    from .bridges import bridged
    from .combat import RIVER_WEATHER
    from .supply import URBAN
    from .weather import weather_at

    unit = match.state.units.get(unit_id)
    if unit is None or unit.loc is None or unit.loc == target or target not in match.topology:
        return None
    topo = match.topology
    edge = topo.edge(unit.loc, target)
    if edge is None or RIVER not in edge.features:
        return None
    if weather_at(match, target) not in RIVER_WEATHER:
        return None  # 12.4: frozen rivers are ignored
    if unit.side == AXIS and ynn(match) == 112:
        return None  # 5.3(10): the Axis ignore rivers on turn 112
    if any(set(topo.features(h)) & set(URBAN) for h in (unit.loc, target)):
        return None
    if unit.side == SOVIET and bridged(match, unit.loc, target):
        return None  # 15.12: over a pontoon bridge
    return (
        f"{unit_id} may not attack across the South Volga there: only across a hexside next to "
        f"an urban hex, or a Soviet pontoon bridge ({CROSSING_RULE})"
    )


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("attack",), kinds=("combat",))
def crossing_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.4.1: a PA across the South Volga."""
    if len(action.args) != 3 or action.args[1] != "with":
        return None
    for uid in str(action.args[2]).split(","):
        found = crossing_problem(match, uid, str(action.args[0]))
        if found:
            return found
    return None
