"""Volga River Interdiction (PMD 11.4).

The Axis interdict the Volga while an Axis unit stands next to the South Volga where river
traffic has no other way past it. The stand-in map draws the South Volga as one channel from
Stalingrad to Astrakhan, so any Axis unit in a hex along a South Volga hexside interdicts it
(ruling V1). It is read from the map as it is, so it ends as soon as no such unit is there.

While interdicted: Soviet attacks on hexes south of the Caucasus line shift 1L (outside the 13.5
cap, ruling V2); Soviet units south of the Caucasus line may not enter the RVGK and Soviet units
leaving the RVGK south of it have moved for the week (``rvgk.py``)."""

from __future__ import annotations

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match

from .turns import AXIS, SOVIET

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
    """11.4: an Axis unit stands along the South Volga (ruling V1)."""
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
