"""Advice for the kernel's heuristic bot (``wargame_bot_hints``): what PGG's own rules know
better than the bot's generic reading of the data.

Objectives: the cities and VP hexes of the Victory Point Schedule (15.11), each hex at its
city's points, in place of the bot's guesses; both sides are drawn to them, the Germans to take
them and the Soviets to hold them (a recapture scores again, 15.12). Supply: where a unit of the
side would be in supply now by PGG's own lines (11.1-11.2) rather than the kernel's supply
mechanic, which this title does not use: German hexes within twenty hexes of 0120 or within
twenty movement points of a road leading there (11.11-11.13, one net per movement class on the
map), Soviet hexes within a supplied, non-disrupted leader's rating (10.31, 11.21-11.22).
A hex next to a line counts too: a unit in it negates the ZOC it stands in (8.14), so its own
hex never cuts its line.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from wargame.games.panzergruppe_guderian import supply, victory
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import movement
from wargame.supply import SupplyNet
from wargame.topology import Graph, is_box


def objectives(match: Match) -> dict[str, float]:
    """Every objective hex of 15.11 -> its city's VP."""
    return {h: float(o.vp) for o in victory.objectives(match) for h in o.hexes}


def _around(graph: Graph, net: SupplyNet, room: int | None) -> set[int]:
    """The net's hexes, plus those next to a hex with ``room`` left before the limit."""
    found = set(net.dist)
    for node, d in net.dist.items():
        if room is None or d <= room:
            found.update(graph.adj[node])
    return found


def german_supplied(match: Match) -> set[int]:
    graph = match.topology.graph()
    found = _around(graph, supply.german_hexes(match), supply.GERMAN_HEXES - 1)
    room = (supply.GERMAN_MP - 1) * movement.scale(match)
    classes: set[Hashable] = set()
    for unit in sorted(match.units_of(supply.GERMAN), key=lambda u: u.id):
        if unit.loc is None or is_box(unit.loc) or supply.is_leader(match, unit):
            continue
        key = movement.cost_key(match, unit)
        if key not in classes:
            classes.add(key)
            found |= _around(graph, supply.german_mp(match, unit), room)
    return found


def soviet_supplied(match: Match) -> set[int]:
    graph = match.topology.graph()
    found: set[int] = set()
    for leader in supply.leaders(match):
        if supply.leader_supplied(match, leader):
            net = supply.reach(match, leader)
            found |= _around(graph, net, supply.rating(match, leader) - 1)
    return found


def supplied(match: Match, side: str) -> list[str]:
    """Hexes where a unit of ``side`` would be in supply now (see the module docstring)."""
    graph = match.topology.graph()
    nodes = german_supplied(match) if side == supply.GERMAN else soviet_supplied(match)
    hostile = {loc for loc in match.occupied() if match.side_at(loc) != side}
    return sorted(graph.ids[n] for n in nodes if graph.ids[n] not in hostile)


@hookimpl
def wargame_bot_hints(match: Match, side: str) -> dict[str, Any]:
    return {
        "objectives": objectives(match),
        "replace_objectives": True,
        "supplied": supplied(match, side),
    }
