"""Supply (BARB 7.0): where regular overland supply reaches, and each unit's supply state.

Overland supply is a line of any length of adjacent hexes free of enemy units (no ZOC, 7.3, 7.9)
to a friendly-controlled, unoccupied edge source of the side's own (German west edge 1724-2924,
Soviet east edge 1000-3200 but not the desert-steppe 2700-3000; a captured source never serves
the captor, 7.19). A line stays on its own side of the north/south logistical boundary (7.15).
German lines into the Dnepro-Petrovsk area must pass through Dnepro-Petrovsk, and into the
Rostov area through Rostov as well (7.4). Lines never cross all-sea hexsides, the Kerch Strait
or the Sivash, except that the Soviet may cross both of those (7.14); lakes are crossed in one's
own territory only (7.14). Computed once per side and state with the kernel's supply net
(``wargame.supply.supply_net``) over the supply mechanic's obstacles.

States: German "overland", "garrison" (in a Fortress City in Greater Germany, the General
Government or Hungary, 7.6), "coastal" (7.5: full defence only) or "out"; Soviet "overland",
"garrison" (in a Hero City, 7.13) or "out" (7.8). German "crimea" (7.4, ``crimea``: full supply for
five named units) and "aerial" (7.7: full defence only).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import supply as shared
from wargame.state import Unit
from wargame.supply import supply_net
from wargame.topology import is_box

from . import crimea, forts
from .turns import GERMAN, SOVIET, in_region, road_back_rules

OWN_LAKES = {
    GERMAN: ("country:germany", "country:hungary"),
    SOVIET: ("country:ussr", "country:lithuania", "country:latvia", "country:estonia"),
}
CROSSINGS = {GERMAN: frozenset(), SOVIET: frozenset({"kerch", "sivash"})}
GARRISON_FC = ("country:germany", "country:general-government", "country:hungary")


def _passable(match: Match, side: str, a: str, b: str) -> bool:
    topo = match.topology
    if is_box(a) or is_box(b) or {topo.terrain(a), topo.terrain(b)} & {"sea", "lake"}:
        return False
    edge = topo.edge(a, b)
    features = edge.features if edge is not None else frozenset()
    if "sea" in features:
        return False
    if ("kerch" in features or "sivash" in features) and not features & CROSSINGS[side]:
        return False
    if "lake" in features:
        return any(in_region(match, a, r) and in_region(match, b, r) for r in OWN_LAKES[side])
    return True


def steps(match: Match, side: str) -> tuple[tuple[int | None, ...], ...]:
    """The kernel's cost table for a side's lines: one a hex, None where no line crosses (7.14;
    a line never enters a box). Fixed by the map: kept in the match's cache."""
    key = ("barb-supply-steps", side)
    found = match.cache.get(key)
    if found is None:
        graph = match.topology.graph()
        ids = graph.ids
        found = tuple(
            tuple(1 if _passable(match, side, ids[i], ids[j]) else None for j in graph.adj[i])
            for i in range(len(ids))
        )
        match.cache[key] = found
    return found


def _flood(match: Match, side: str, starts: Iterable[str], allowed: frozenset[str]) -> set[str]:
    """The hexes of ``allowed`` tracing to ``starts`` (the kernel's supply net): never into enemy
    units (the supply mechanic's obstacles, 7.3, 7.9) nor the FA or the East Wall (7.20)."""
    graph = match.topology.graph()
    index = graph.index
    outside = frozenset(i for h, i in index.items() if h not in allowed)
    walls = frozenset(index[h] for h in forts.supply_blocks(match, side) if h in index)
    stop = shared.blocked(match, side) | walls | outside
    nodes = [index[h] for h in starts if h in index]
    net = supply_net(graph, nodes, blocked=stop, cost=steps(match, side))
    return {graph.ids[i] for i in net.dist}


def sources(match: Match, side: str) -> list[str]:
    region = "supply:german" if side == GERMAN else "supply:soviet"
    return [
        h
        for h in sorted(match.topology.region(region))
        if match.state.control.get(h) == side and match.side_at(h) in (None, side)
    ]


def overland(match: Match, side: str) -> frozenset[str]:
    """Every hex a unit of ``side`` standing there could trace regular overland supply from."""
    key = ("barb-overland", side)
    found = match.scratch.get(key)
    if found is not None:
        return found
    topo = match.topology
    net: set[str] = set()
    dp_area = topo.region("area:dp") if side == GERMAN else frozenset()
    r_area = topo.region("area:r") if side == GERMAN else frozenset()
    for zone in ("zone:north", "zone:south"):
        hexes = topo.region(zone)
        main = frozenset(hexes - dp_area)
        reached = _flood(match, side, sources(match, side), main)
        if side == GERMAN and "2607" in reached and match.state.control.get("2607") == GERMAN:
            beyond = frozenset(hexes - (r_area - {"2804"}))
            reached |= _flood(match, side, ["2607"], beyond)  # through Dnepro-Petrovsk (7.4)
            if "2804" in reached and match.state.control.get("2804") == GERMAN:
                reached |= _flood(match, side, ["2804"], frozenset(hexes))  # and Rostov
        net |= reached
    found = frozenset(net)
    match.scratch[key] = found
    return found


def state(match: Match, unit: Unit) -> str:
    """The unit's supply state now (BARB 7.2, 7.8)."""
    loc = unit.loc
    if loc is None or loc.startswith("box:"):
        return "overland"
    if match.counter(unit)["type"] == "ica":
        return "overland"  # always in full supply (10.34)
    if loc in overland(match, unit.side):
        return "overland"
    if crimea.supplies(match, unit):
        return "crimea"  # 7.4: full supply, the DP and R bottlenecks excused
    if unit.side == SOVIET and loc in match.state.vars.get("hero_cities", ()):
        return "garrison"
    if (
        unit.side == GERMAN
        and loc in match.state.vars.get("fortress_cities", ())
        and any(in_region(match, loc, r) for r in GARRISON_FC)
    ):
        return "garrison"
    if unit.side == GERMAN and loc == match.state.vars.get("aerial_hex"):
        return "aerial"  # 7.7: full defence, otherwise as out of supply
    if unit.side == GERMAN and not crimea.coastal_barred(match) and coastal(match, loc):
        return "coastal"
    return "out"


def overland_rifles(match: Match) -> list[Unit]:
    """Soviet rifle armies on the map in overland supply, by id: those a GT3 withdrawal (8.21)
    or a Guards or Shock conversion (8.20) may take."""
    return sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if u.loc
            and not is_box(u.loc)
            and match.counter(u)["type"] == "rifle"
            and state(match, u) == "overland"
        ),
        key=lambda u: u.id,
    )


def coastal(match: Match, loc: str) -> bool:
    """7.5: a hex on the Baltic or the Black Sea, or on the Sea of Azov while the German holds
    both sides of the Kerch Strait (3105, 3106)."""
    control = match.state.control
    azov = control.get("3105") == GERMAN and control.get("3106") == GERMAN
    for n in match.topology.neighbours(loc):
        if in_region(match, n, "sea:baltic") or in_region(match, n, "sea:black"):
            return True
        if azov and in_region(match, n, "sea:azov"):
            return True
    return False


def offensive(match: Match, unit: Unit) -> bool:
    """Soviet offensive supply (7.10-7.11): overland supply and within range of a marker;
    before GT7 every overland-supplied unit has it. Road Back GT13: the southern area (12.8)."""
    if state(match, unit) != "overland":
        return False
    if match.turn < 7:
        return True
    if road_back_rules(match).get("south_offensive") and in_region(match, unit.loc, "zone:south"):
        return True
    topo = match.topology
    for marker, hex_id in match.state.vars.get("offensive_markers", {}).items():
        if unit.loc is not None and topo.distance(unit.loc, hex_id) <= RANGES[marker]:
            return True
    return False


RANGES = {"A": 4, "B": 3, "C": 2}
"""Offensive supply markers and their ranges in hexes (BARB 7.10)."""


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    s = state(match, unit)
    return {"state": "supplied" if s != "out" else "out", "kind": s, "why": f"{s} (BARB 7.2, 7.8)"}
