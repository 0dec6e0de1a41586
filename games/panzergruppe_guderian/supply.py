"""PGG supply (11.0-11.3, 10.31-10.34, 13.44): who is in supply, along which line, and the
halving that follows when a unit is not.

German units trace west to the road hex 0120 (11.11-11.13), either a line of at most twenty hexes
to 0120 itself, or a line of at most twenty movement points, counted by the unit's own type on
the terrain chart, to a road hex joined to 0120 by road (roads cross rivers for this, 11.13).
Soviet combat units trace a Line of Communications of at most a leader's rating in hexes to a
non-disrupted leader (10.31, 11.21-11.22, 6.64) who traces a line of any length to the east edge;
leaders need only that line (10.34, 11.24). No line enters enemy units or an enemy ZOC that no
friendly unit occupies (8.14, 11.11, 11.21), crosses a lake hexside, or passes through a swamp
(the TEC's "into, not through"); German lines never pass the Soviet Interdiction marker (13.44).
Units are in supply in the Player-Turn they enter the map (11.33).

Supply for movement is fixed at the start of each Movement Phase (the ``out-of-supply`` marker,
placed or removed there by the supply mechanic, 11.0); for combat and overrun it is judged at
the instant (:func:`in_supply`, 11.0, 6.59). An out-of-supply unit's movement allowance is
halved by the supply mechanic, fractions dropped, never below 1 (11.31-11.32); its strengths are
halved by the combat rules module (:mod:`.combat`). What blocks a line is the mechanic's too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, cast

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics import supply as shared
from wargame.state import Unit
from wargame.supply import SupplyNet, supply_net
from wargame.topology import Graph, is_box

GERMAN = "german"
SOVIET = "soviet"
GERMAN_SOURCE = "0120"  # the road hex on the west edge (PGG 11.11)
GERMAN_HEXES = 20  # PGG 11.11
GERMAN_MP = 20  # PGG 11.12
EAST_EDGE = "edge:east"  # PGG 11.21, 11.24
INTERDICTION = "soviet-interdiction"  # marker type written by the interdiction module (13.4)
DISRUPTED = "disrupted"  # PGG 6.61-6.64
OUT_OF_SUPPLY = "out-of-supply"  # PGG 11.0, 11.3
MARKERS = (DISRUPTED, OUT_OF_SUPPLY)
"""The unit markers these rules read (wargame.markers checks them against the data at load)."""
ROAD = "road"

SUPPLIED = "supplied"
OUT = "out"

Table = tuple[tuple[int | None, ...], ...]


# ------------------------------------------------------------------ who is who


def is_leader(match: Match, unit: Unit) -> bool:
    return match.counter(unit)["type"] == "leader"


def rating(match: Match, unit: Unit) -> int:
    """A leader's rating: radius, attack bonus and defense in one number (PGG 10.1)."""
    return int(match.unit_values(unit).get("rating", 0))


def on_map(unit: Unit) -> bool:
    return unit.loc is not None and not is_box(unit.loc)


def leaders(match: Match, *, active: bool = True) -> list[Unit]:
    """Soviet leaders on the map, by id; ``active``: only those not disrupted (PGG 6.64)."""
    return sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if on_map(u) and is_leader(match, u) and not (active and DISRUPTED in u.markers)
        ),
        key=lambda u: u.id,
    )


def entered_now(match: Match, unit: Unit) -> bool:
    """Whether this is the first Player-Turn of the unit's entry (PGG 11.33, 14.0): the flag
    holds [Game-Turn, side], or a bare Game-Turn (a unit enters in its own Player-Turn)."""
    value = unit.flags.get("entered")
    if value is None:
        return False
    turn, side = value if isinstance(value, list) else (value, unit.side)
    return bool(turn == match.turn and side == match.phasing)


def interdicted(match: Match) -> list[str]:
    """Hexes under the Soviet Interdiction marker: ``state.markers`` entries
    ``{"type": "soviet-interdiction", "loc": HEX, "side": "soviet"}`` (PGG 13.44)."""
    return sorted(
        {
            str(m["loc"])
            for m in match.state.markers.values()
            if m.get("type") == INTERDICTION and m.get("loc")
        }
    )


# ------------------------------------------------------------------ what a line may cross
# What blocks a line (enemy units, enemy ZOC without a friendly unit, PGG 8.14, 11.11, 11.21),
# what it may enter but not leave (the TEC's swamp) and which hexsides it never crosses (the
# TEC's lake hexside) are the supply mechanic's (wargame.mechanics.supply), read from the
# terrain chart; only the road line (11.13) and the Interdiction marker (13.44) are PGG's own.


def steps_table(match: Match) -> Table:
    """One per hex entered, None across a lake hexside: lines counted in hexes (PGG 11.11)."""
    table = shared.steps_table(match)
    if table is None:
        graph = match.topology.graph()
        return tuple(tuple(1 for _ in nbrs) for nbrs in graph.adj)
    return cast(Table, table)


def road_table(match: Match) -> Table:
    """One per road hexside, None elsewhere: roads cross rivers for supply (PGG 11.13)."""
    key = "pgg-supply-road"
    table = match.cache.get(key)
    if table is None:
        graph = match.topology.graph()
        stop = shared.blocked_edges(match)
        table = tuple(
            tuple(1 if ROAD in feats and not stop & feats else None for feats in row)
            for row in graph.edge_features
        )
        match.cache[key] = table
    return table


def mp_table(match: Match, unit: Unit) -> Table:
    """The unit's own movement costs (PGG 11.12): rivers cost extra even on a road."""
    return cast(Table, shared.unit_cost_table(match, unit))


def swamps(match: Match) -> frozenset[int]:
    """Nodes a line may end in but not pass through (the TEC's swamp)."""
    return shared.no_through_nodes(match)


def _nodes(graph: Graph, locs: Iterable[str]) -> frozenset[int]:
    index = graph.index
    return frozenset(index[loc] for loc in locs if loc in index)


def blocked(match: Match, side: str) -> frozenset[int]:
    """Enemy-occupied nodes and enemy ZOC that no friendly unit occupies (PGG 8.14, 11.11,
    11.21), as the supply mechanic finds them."""
    return shared.blocked(match, side)


def _cached(match: Match, key: Hashable, build: Callable[[], SupplyNet]) -> SupplyNet:
    net = match.scratch.get(key)
    if net is None:
        net = build()
        match.scratch[key] = net
    return net


# ------------------------------------------------------------------ German lines (11.1)


def german_road(match: Match) -> SupplyNet:
    """Road hexes joined to 0120 by an uncut road (PGG 11.11, 11.13, 13.44)."""

    def build() -> SupplyNet:
        graph = match.topology.graph()
        stop = blocked(match, GERMAN) | _nodes(graph, interdicted(match))
        source = graph.index.get(GERMAN_SOURCE)
        starts = [] if source is None or source in stop else [source]
        return supply_net(graph, starts, blocked=stop, cost=road_table(match))

    return _cached(match, "pgg-supply-german-road", build)


def _german_no_through(match: Match) -> frozenset[int]:
    return swamps(match) | _nodes(match.topology.graph(), interdicted(match))


def german_hexes(match: Match) -> SupplyNet:
    """Every hex within twenty hexes of 0120 by an uncut line (PGG 11.11)."""

    def build() -> SupplyNet:
        graph = match.topology.graph()
        stop = blocked(match, GERMAN)
        source = graph.index.get(GERMAN_SOURCE)
        bad = stop | _nodes(graph, interdicted(match))
        starts = [] if source is None or source in bad else [source]
        return supply_net(
            graph,
            starts,
            blocked=stop,
            no_through=_german_no_through(match),
            cost=steps_table(match),
            limit=GERMAN_HEXES,
        )

    return _cached(match, "pgg-supply-german-hexes", build)


def german_mp(match: Match, unit: Unit) -> SupplyNet:
    """Every hex within twenty of the unit type's movement points of a road leading to 0120
    (PGG 11.12)."""

    def build() -> SupplyNet:
        graph = match.topology.graph()
        starts = sorted(german_road(match).dist)
        return supply_net(
            graph,
            starts,
            blocked=blocked(match, GERMAN),
            no_through=_german_no_through(match),
            cost=mp_table(match, unit),
            limit=GERMAN_MP * movement.scale(match),
        )

    return _cached(match, ("pgg-supply-german-mp", movement.cost_key(match, unit)), build)


def _german(match: Match, unit: Unit) -> dict[str, Any]:
    assert unit.loc is not None
    graph = match.topology.graph()
    node = graph.index[unit.loc]
    hexes = german_hexes(match)
    if node in hexes:
        path = graph.path_ids(hexes.path(node))
        return _yes(path, f"{len(path) - 1} hex(es) from {GERMAN_SOURCE}", "PGG 11.11")
    by_mp = german_mp(match, unit)
    if node in by_mp:
        leg = by_mp.path(node)
        road = german_road(match).path(leg[-1])
        path = graph.path_ids(leg + road[1:])
        mp = by_mp.dist[node] / movement.scale(match)
        return _yes(
            path,
            f"{mp:g} MP to the road at {graph.ids[leg[-1]]}, then by road to {GERMAN_SOURCE}",
            "PGG 11.12-11.13",
        )
    source = graph.index.get(GERMAN_SOURCE)
    if source is None:
        why = f"the map has no hex {GERMAN_SOURCE}"
    elif source in blocked(match, GERMAN):
        why = f"{GERMAN_SOURCE} is held by Soviet units or in their ZOC"
    elif GERMAN_SOURCE in interdicted(match):
        why = f"the Soviet Interdiction marker is on {GERMAN_SOURCE} (PGG 13.44)"
    else:
        why = (
            f"no line of at most {GERMAN_HEXES} hexes to {GERMAN_SOURCE} nor of at most "
            f"{GERMAN_MP} MP to a road leading there, clear of Soviet units, Soviet ZOC without a "
            "German unit, lake hexsides, swamps (into, not through)"
            + (
                f" and the Soviet Interdiction marker at {', '.join(interdicted(match))}"
                if interdicted(match)
                else ""
            )
        )
    return _no(why, "PGG 11.11-11.13, 13.44")


# ------------------------------------------------------------------ Soviet lines (11.2)


def soviet_line(match: Match) -> SupplyNet:
    """Every hex that traces a Line of Supply of any length to the east edge (PGG 11.21)."""

    def build() -> SupplyNet:
        graph = match.topology.graph()
        stop = blocked(match, SOVIET)
        edge = sorted(_nodes(graph, match.topology.region(EAST_EDGE)) - stop)
        return supply_net(
            graph, edge, blocked=stop, no_through=swamps(match), cost=steps_table(match)
        )

    return _cached(match, "pgg-supply-soviet-line", build)


def reach(match: Match, leader: Unit) -> SupplyNet:
    """Hexes with a Line of Communications to ``leader``: at most its rating in hexes, clear
    of German units and German ZOC without a Soviet unit (PGG 10.31, 11.21-11.22, 8.14)."""
    loc = leader.loc
    assert loc is not None

    def build() -> SupplyNet:
        graph = match.topology.graph()
        return supply_net(
            graph,
            [graph.index[loc]],
            blocked=blocked(match, SOVIET),
            no_through=swamps(match),
            cost=steps_table(match),
            limit=rating(match, leader),
        )

    return _cached(match, ("pgg-supply-reach", leader.id, loc), build)


def leader_supplied(match: Match, leader: Unit) -> bool:
    """A leader is in supply through its own line to the east edge (PGG 10.34, 11.24)."""
    if not on_map(leader):
        return True
    assert leader.loc is not None
    return match.topology.graph().index[leader.loc] in soviet_line(match)


def communication(
    match: Match, unit: Unit, *, supplied_only: bool = False
) -> tuple[Unit, list[str]] | None:
    """The nearest non-disrupted leader the unit traces a Line of Communications to, and the
    line (unit first); ``supplied_only``: only leaders in supply. None when there is none."""
    if not on_map(unit):
        return None
    assert unit.loc is not None
    graph = match.topology.graph()
    node = graph.index[unit.loc]
    best: tuple[int, str, Unit, SupplyNet] | None = None
    for leader in leaders(match):
        net = reach(match, leader)
        if node not in net or (supplied_only and not leader_supplied(match, leader)):
            continue
        found = (net.dist[node], leader.id, leader, net)
        if best is None or found[:2] < best[:2]:
            best = found
    if best is None:
        return None
    return best[2], graph.path_ids(best[3].path(node))


def _soviet(match: Match, unit: Unit) -> dict[str, Any]:
    assert unit.loc is not None
    graph = match.topology.graph()
    if is_leader(match, unit):
        line = soviet_line(match)
        node = graph.index[unit.loc]
        if node in line:
            path = graph.path_ids(line.path(node))
            return _yes(path, f"{len(path) - 1} hex(es) to the east edge", "PGG 10.34, 11.24")
        return _no(
            "no line to the east edge clear of German units, German ZOC without a Soviet unit, "
            "lake hexsides and swamps (into, not through)",
            "PGG 10.34, 11.21, 11.24",
        )
    found = communication(match, unit, supplied_only=True)
    if found is not None:
        leader, loc_path = found
        line = soviet_line(match)
        assert leader.loc is not None
        tail = graph.path_ids(line.path(graph.index[leader.loc]))
        return _yes(
            loc_path + tail[1:],
            f"{len(loc_path) - 1} hex(es) to {leader.id} (rating {rating(match, leader)}), "
            f"who traces {len(tail) - 1} hex(es) to the east edge",
            "PGG 10.31, 11.21-11.22",
            leader=leader.id,
        )
    near = communication(match, unit)
    if near is not None:
        return _no(
            f"{near[0].id} is within reach but cannot trace a line to the east edge",
            "PGG 11.21, 11.24",
            leader=near[0].id,
        )
    return _no(
        "no non-disrupted leader within its rating in hexes by a line clear of German units, "
        "German ZOC without a Soviet unit, lake hexsides and swamps (into, not through); "
        "Soviet combat units never trace straight to the east edge",
        "PGG 6.64, 10.31, 11.21-11.23",
    )


# ------------------------------------------------------------------ the answer


def _yes(path: list[str], why: str, rule: str, **extra: Any) -> dict[str, Any]:
    return {"state": SUPPLIED, "path": path, "why": f"{why} ({rule})", "rule": rule, **extra}


def _no(why: str, rule: str, **extra: Any) -> dict[str, Any]:
    return {"state": OUT, "path": [], "why": f"{why} ({rule})", "rule": rule, **extra}


def explain_supply(match: Match, unit: Unit) -> dict[str, Any]:
    """The unit's supply now: ``{"state": "supplied"|"out", "path": [unit's hex ... source],
    "why": text with rule numbers, "rule": ...}`` (for the CLI, the web page and combat)."""
    if unit.loc is None:
        return _no(f"{unit.id} is not in play", "PGG 11.0")
    if is_box(unit.loc):
        return _yes([unit.loc], f"off the map in {unit.loc}", "PGG 11.33")
    if entered_now(match, unit):
        return _yes([unit.loc], "entered the map this Player-Turn", "PGG 11.33")
    if unit.side == GERMAN:
        return _german(match, unit)
    return _soviet(match, unit)


def in_supply(match: Match, unit: Unit) -> bool:
    """Supply at this instant: for combat and overrun (PGG 11.0, 6.59)."""
    return explain_supply(match, unit)["state"] == SUPPLIED


halved_allowance = shared.halved_allowance
"""Out of supply: halved, fractions dropped, never below 1 (PGG 11.31-11.32)."""


# ------------------------------------------------------------------ hooks
# The out-of-supply marker is placed and removed at the start of every Movement Phase, and the
# allowance halved while it is on, by the supply mechanic (``mechanic_options.supply``: check,
# marker, halve_movement; PGG 11.0, 11.31-11.32), which asks ``wargame_supply`` below.


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Stamp the Player-Turn of entry on units coming on from an off-map box (PGG 11.33)."""
    if path and is_box(path[0]) and len(path) > 1 and not is_box(path[-1]):
        for unit in units:
            unit.flags["entered"] = [match.turn, match.phasing]


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any]:
    return explain_supply(match, unit)
