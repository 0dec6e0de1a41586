"""Supply (PMD 8.1-8.5) on the kernel's supply mechanic and search.

8.1: the ultimate sources are the OKH areas' west-edge hexes (Axis) and the RVGK areas' and the
red-bordered edges' hexes (Soviet): the map regions ``edge:okh-*``, ``edge:rvgk-*`` and
``soviet-edge:*``. 8.2: supply is pushed from them along a line of communications (any length,
never into an enemy-occupied hex nor an all-sea hex, and out of a jointly-occupied hex only into one
holding the side's own units, 13.15.3; lakes for the Soviets in any weather, for
the Axis in Snow) to every owned urban hex (city, large or small town); from such a hex, or from
a source, a unit traces 14 Mech MP (the TEC's Mech costs in the weather of the moment, rivers
free). One search outward from the sources per side and state answers every unit at once.

8.3: the kernel's supply mechanic traces every unit at the start of the phases that read the
state (``mechanic_options.supply.check``) and marks those out of supply (``flags["oos"]``); in the
owning player's Cleanup Phase a unit that cannot trace a line of communications to a supplied
urban hex or source is isolated: ISO 1, then 2 and 3 (``flags["iso"]``); one that was already
isolated loses a step (8.5, supply attrition). ISO goes when the unit can trace again.
8.5: out of supply, the movement factor is halved rounded up; isolated, it is 1.

A Leg unit may pay 2 Mech MP for each Leg MP of a step (8.2: ``nets(..., leg=True)``); the
Sivash and Kerch arrows are priced by ``straits.py`` (8.11).

Sea and port supply (8.4, 8.12) are ``ports.py``'s: a unit out of overland supply is supplied
by them (``kind`` sea or port, not ``overland``), and one with a line of communications to a port
in supply is not isolated (8.3). Offensive supply (8.4, 8.6) is ``offsupply.lacks``. A Soviet
stack within a 3-hex path of an active fort, Stalin line or heavy fort has 1 or 2 weeks more
before supply attrition (8.5, ``fort_reach``; ruling S6)."""

from __future__ import annotations

import math
from typing import Any

from wargame.calendar import weather
from wargame.combat import Modifier
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics import supply as shared
from wargame.models import PhaseSpec
from wargame.state import Unit
from wargame.supply import supply_net
from wargame.topology import Graph, is_box

from . import airsupply, augment, firstturn, minorallies, offsupply, straits
from .turns import AXIS, SOVIET

SOURCES = {
    AXIS: ("edge:okh-north", "edge:okh-south"),
    SOVIET: (
        "edge:rvgk-north",
        "edge:rvgk-south",
        "soviet-edge:east",
        "soviet-edge:north",
        "soviet-edge:south",
    ),
}
"""8.1: the ultimate sources, as map regions (which edge hexes border the areas: stand-ins)."""
MINOR_SOURCES = ("edge:okh-south",)
"""7.1(1): a minor ally's only source, the South OKH area."""
URBAN = ("city", "large-town", "small-town")
"""8.2: the urban hexes supply is pushed to (not villages)."""
MECH_MP = 14
"""8.2: the trace from an urban hex (or a source) to a unit, in Mech MP."""
RIVERS = ("minor-river", "major-river", "south-volga")
ROTATED = offsupply.ROTATED_RANGE
"""8.2: a rotated marker's value -> its range in Mech MP from an actual urban hex (T31)."""
ISO_MAX = 3
"""8.3: ISO 3 means at least three weeks."""
FORT_WEEKS = {"heavy-fort": 2, "fort": 1, "fortified-line": 1, "stalin-line": 1}
"""8.5: the weeks of extra supply an active fort of each kind gives Soviet stacks near it."""
FORT_PATH = 3
"""8.5: the longest path, in hexes, from the stack to the fort."""


def _urban(match: Match) -> list[str]:
    """The map's urban hexes (8.2), once per map."""

    def build() -> list[str]:
        topo = match.topology
        return [h for h in topo.locations() if not is_box(h) and set(topo.features(h)) & set(URBAN)]

    return match.shared("pmd-urban", build)


def _closed(match: Match, water: tuple[str, ...]) -> frozenset[int]:
    def build() -> frozenset[int]:
        graph, topo = match.topology.graph(), match.topology
        return frozenset(
            graph.index[h] for h in topo.locations() if not is_box(h) and topo.terrain(h) in water
        )

    return match.shared(("pmd-supply-closed", water), build)


def nets(
    match: Match,
    side: str,
    leg: bool = False,
    south: bool = False,
    no_joint: bool = False,
    dry: bool = False,
) -> tuple[frozenset[str], frozenset[str]]:
    """(hexes on a line of communications from the side's sources, hexes in supply): 8.2's
    push then its 14 Mech MP trace (``leg``: a Leg unit's, which may pay 2 Mech MP for each
    Leg MP; ``south``: from the South OKH area only, a minor ally's, 7.1(1)). Kept while what
    they depend on stays: the enemy's hexes, the side's urban hexes and the weather.
    ``no_joint``: never through a jointly-occupied hex (9.5.3's West system trace); ``dry``:
    never across an unfrozen lake (what is supplied only with one crossed is on lake supply,
    9.1.3, ``lake_only``)."""
    key = ("pmd-supply", side, leg, south, no_joint, dry)
    here = match.scratch.get(key)
    if here is not None:
        return here
    where = MINOR_SOURCES if south else SOURCES[side]
    here = match.scratch[key] = _nets(match, side, leg, where, no_joint, dry)
    return here


def lake_only(match: Match, unit: Unit) -> bool:
    """9.1.3, 9.4.2(3): the Soviet unit is on lake supply: in supply with the lakes crossed
    (8.2: the Soviet's in any weather) and in none without an unfrozen lake (ruling S8). The
    Oranienbaum-Leningrad hexside is land for Soviet supply (8.4): a line across it is
    overland."""
    if unit.side != SOVIET or unit.loc is None or is_box(unit.loc):
        return False
    leg = match.unit_type(unit).get("mobility") == "leg"
    wet = nets(match, SOVIET)[1] | (nets(match, SOVIET, leg=True)[1] if leg else frozenset())
    if unit.loc not in wet:
        return False
    dry = nets(match, SOVIET, dry=True)[1]
    return unit.loc not in (dry | nets(match, SOVIET, leg=True, dry=True)[1] if leg else dry)


def _nets(
    match: Match,
    side: str,
    leg: bool,
    where: tuple[str, ...],
    no_joint: bool = False,
    dry: bool = False,
) -> tuple[frozenset[str], frozenset[str]]:
    graph = match.topology.graph()
    enemy, joint, bars = _occupation(match, side)
    shut = firstturn.supply_closed(match, side)  # 5.3(4): no Soviet line into Hungary, Romania
    if shut:
        enemy = enemy | frozenset(graph.index[h] for h in shut if h in graph.index)
    if no_joint and joint:
        enemy = enemy | frozenset(graph.index[j] for j in joint)
    owned = tuple(h for h in _urban(match) if match.state.control.get(h) == side)
    columns = (weather(match, "nz") or "D", weather(match, "sz") or "D")
    temporary = offsupply.rotated(match, side)
    key = (
        side,
        enemy,
        joint,
        bars,
        owned,
        columns,
        straits.frozen(match),
        leg,
        where,
        temporary,
        dry,
    )
    kept = match.cache.setdefault("pmd-supply-nets", {})
    found = kept.get(key)
    if found is not None:
        return found
    frozen = "S" in columns
    lakes = (side == SOVIET and not dry) or frozen
    closed = _closed(match, ("sea",) if lakes else ("sea", "lake"))
    sources = [graph.index[h] for h in match.resolve_locations(list(where))]
    steps = line_steps(match, side, lakes)
    steps = _barred(graph, steps, bars) if bars else steps
    loc_net = supply_net(graph, sources, blocked=enemy | closed, cost=steps)
    on_line = frozenset(graph.ids[n] for n in loc_net.dist)
    urban = [graph.index[h] for h in owned if h in on_line]
    if temporary:  # 8.2: rotated markers in range of an urban hex are urban hexes too
        near = _reach(match, side, urban, enemy | closed)
        urban += [graph.index[h] for h, v in temporary if near.get(h, 99) <= ROTATED[v]]
    costs = _leg_costs(match, side) if leg else _trace_costs(match, side)
    net = supply_net(
        graph,
        [*sources, *urban],
        blocked=enemy | closed,
        cost=_barred(graph, costs, bars) if bars else costs,
        limit=MECH_MP * movement.scale(match),
    )
    found = (on_line, frozenset(graph.ids[n] for n in net.dist))
    if len(kept) > 16:
        kept.clear()
    kept[key] = found
    return found


def _occupation(
    match: Match, side: str
) -> tuple[frozenset[int], frozenset[str], frozenset[tuple[int, int]]]:
    """(nodes held by the enemy alone, the jointly-occupied hexes, the barred steps); the first
    are the supply mechanic's obstacles (:func:`wargame.mechanics.supply.blocked`). 13.15.3
    lets supply into a jointly-occupied hex and on through it only to a hex holding the side's
    own units (friendly-occupied or jointly occupied), never to an empty or enemy hex (ruling
    S5). A barred step (i, j) is a trace's step from i into the joint hex j, i without the
    side's units (the trace runs from the unit to the source, supply the other way)."""
    graph, units = match.topology.graph(), match.state.units
    own: set[str] = set()
    joint: set[str] = set()
    for loc, ids in match.occupied().items():
        if loc not in graph.index:
            continue
        sides = {units[i].side for i in ids}
        if side in sides:
            own.add(loc)
            if len(sides) > 1:
                joint.add(loc)
    bars = frozenset(
        (graph.index[n], graph.index[j])
        for j in joint
        for n in match.topology.neighbours(j)
        if n in graph.index and n not in own
    )
    return shared.blocked(match, side), frozenset(joint), bars


def _barred(
    graph: Graph, table: tuple[tuple[int | None, ...], ...], bars: frozenset[tuple[int, int]]
) -> tuple[tuple[int | None, ...], ...]:
    """``table`` with the barred steps closed (13.15.3)."""
    rows = list(table)
    for i, j in bars:
        row = list(rows[i])
        row[graph.adj[i].index(j)] = None
        rows[i] = tuple(row)
    return tuple(rows)


def _reach(
    match: Match, side: str, urban: list[int], blocked: frozenset[int], limit: int = 0
) -> dict[str, float]:
    """Hex -> the Mech MP of a supply trace to it from the nearest of ``urban`` (8.2), within
    ``limit`` (default the longest rotated marker's range)."""
    graph, factor = match.topology.graph(), movement.scale(match)
    net = supply_net(
        graph,
        urban,
        blocked=blocked,
        cost=_trace_costs(match, side),
        limit=(limit or max(ROTATED.values())) * factor,
    )
    return {graph.ids[n]: d / factor for n, d in net.dist.items()}


def urban_reach(match: Match, side: str, limit: int = 0) -> dict[str, float]:
    """Hex -> the Mech MP from the side's nearest urban hex in supply (the 8.2 push), within the
    longest range a rotated Offensive Supply marker may lie at (T31)."""
    graph = match.topology.graph()
    on_line = nets(match, side)[0]
    enemy = enemy_nodes(match, side)
    frozen = "S" in (weather(match, "nz") or "D", weather(match, "sz") or "D")
    closed = _closed(match, ("sea",) if side == SOVIET or frozen else ("sea", "lake"))
    urban = [
        graph.index[h] for h in _urban(match) if match.state.control.get(h) == side and h in on_line
    ]
    return _reach(match, side, urban, enemy | closed, limit)


def dry_line(match: Match, side: str) -> frozenset[str]:
    """The side's line of communications from all its sources with no unfrozen lake crossed
    (9.1.3's test for Leningrad's lake supply); in Snow the lakes are frozen and open."""
    key = ("pmd-dry-line", side)
    found = match.scratch.get(key)
    if found is None:
        graph = match.topology.graph()
        frozen = "S" in (weather(match, "nz") or "D", weather(match, "sz") or "D")
        closed = _closed(match, ("sea",) if frozen else ("sea", "lake"))
        enemy = enemy_nodes(match, side)
        sources = [graph.index[h] for h in match.resolve_locations(list(SOURCES[side]))]
        net = supply_net(
            graph, sources, blocked=enemy | closed, cost=line_steps(match, side, frozen)
        )
        found = match.scratch[key] = frozenset(graph.ids[n] for n in net.dist)
    return frozenset(found)


def line_steps(match: Match, side: str, lakes: bool) -> tuple[tuple[int | None, ...], ...]:
    """8.2, 8.4: a line of communications' steps, one a hexside; the Oranienbaum-Leningrad
    all-sea hexside (``straits.LINK``) only for the Soviet (8.4), all-lake hexsides only with
    ``lakes`` (the Soviet always, the Axis in Snow). The stand-in map's other all-sea hexsides
    (its bays at Sevastopol, Odessa, Kerch) are still crossed (ruling PS5)."""

    def build() -> tuple[tuple[int | None, ...], ...]:
        graph = match.topology.graph()
        return tuple(
            tuple(
                None
                if (straits.LINK in feats and side != SOVIET) or (not lakes and "lake" in feats)
                else 1
                for feats in row
            )
            for row in graph.edge_features
        )

    return match.shared(("pmd-line-steps", side, lakes), build)


def enemy_nodes(match: Match, side: str) -> frozenset[int]:
    """The graph nodes held by the enemy's units alone: no supply line enters them (8.2,
    13.15.3)."""
    return _occupation(match, side)[0]


def _leg_costs(match: Match, side: str) -> tuple[tuple[int | None, ...], ...]:
    """8.2: a Leg unit's trace pays, step by step, the Mech cost or twice the Leg cost (2 Mech
    MP for 1 Leg MP: wagons where no Mech unit goes), whichever is less."""
    units = (_class_unit(match, side, "mech"), _class_unit(match, side, "leg"))
    key = ("pmd-supply-leg-costs", side, *(movement.cost_key(match, u) for u in units))
    key += (straits.frozen(match),)
    found = match.cache.get(key)
    if found is not None:
        return found
    mech, leg = _trace_costs(match, side), _trace_costs(match, side, "leg")
    found = match.cache[key] = tuple(
        tuple(
            m if x is None else (2 * x if m is None else min(m, 2 * x))
            for m, x in zip(mrow, lrow, strict=True)
        )
        for mrow, lrow in zip(mech, leg, strict=True)
    )
    return found


def _trace_costs(
    match: Match, side: str, mobility: str = "mech"
) -> tuple[tuple[int | None, ...], ...]:
    """The side's costs now (weather columns) for a unit of ``mobility`` (8.2 counts Mech MP)
    with the rivers' hexside costs taken out (8.2: rivers cost nothing extra), per side and
    cost key."""
    mech = _class_unit(match, side, mobility)
    key = ("pmd-supply-costs", side, movement.cost_key(match, mech), straits.frozen(match))
    found = match.cache.get(key)
    if found is not None:
        return found
    base = movement.cost_table(match, mech)
    if (
        isinstance(key[2], tuple) and "rivers-ignored" in key[2]
    ):  # turn 112's Axis costs have no rivers already (5.3(10))
        rows = straits.trace_costs(match, mech, [tuple(row) for row in base])
        found = match.cache[key] = tuple(rows)
        return found
    chart = match.title.doc("terrain")["hexsides"]
    graph = match.topology.graph()
    columns = (weather(match, "nz") or "D", weather(match, "sz") or "D")
    free = {f: _river_cost(chart[f]["move"], columns) for f in RIVERS if f in chart}
    rows = []
    for i, row in enumerate(base):
        out: list[int | None] = []
        for c, feats in zip(row, graph.edge_features[i], strict=True):
            if c is not None:
                c = max(0, c - sum(free[f] for f in feats if f in free) * movement.scale(match))
            out.append(c)
        rows.append(tuple(out))
    found = match.cache[key] = tuple(straits.trace_costs(match, mech, rows))  # 8.11
    return found


def _river_cost(move: dict[str, Any], columns: tuple[str, str]) -> int:
    """A river hexside's Mech cost under the weather: frozen rivers already cost nothing, so
    the least of the zones' columns is taken out (never more than the river added)."""
    costs = [move.get(f"*@{c}", move.get("*", 0)) for c in columns]
    return int(min(c for c in costs if c is not None))


def _mech_unit(match: Match, side: str) -> Unit:
    """A stand-in Mech unit of the side, to read its cost table (8.2 counts Mech MP)."""
    return _class_unit(match, side, "mech")


def _class_unit(match: Match, side: str, mobility: str) -> Unit:
    """A stand-in unit of the side and class, to read its cost table."""
    for unit in match.state.units.values():
        if unit.side == side and match.unit_type(unit).get("mobility") == mobility:
            return Unit(id=f"supply:{side}:{mobility}", counter=unit.counter, side=side)
    raise LookupError(f"no {mobility} unit of {side} to read its costs")


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    """The unit's supply now (8.2): supplied, out of supply (``out``), or ISO when its marker
    is on it (8.3)."""
    if unit.loc is None or unit.loc.startswith("box:") or unit.side not in SOURCES:
        return None
    from .unsupplied import declared

    if declared(match, unit):  # 8.8: for the rest of this phase
        return {"state": "out", "why": "declared unsupplied by the Axis (PMD 8.8)"}
    south = unit.side == AXIS and minorallies.nation(match, unit) is not None  # 7.1(1)
    on_line, supplied = nets(match, unit.side, south=south)
    if unit.loc in supplied:
        return {"state": "supplied", "why": "within 14 Mech MP of a supplied urban hex or source"}
    leg = match.unit_type(unit).get("mobility") == "leg"
    if leg and unit.loc in nets(match, unit.side, True, south)[1]:
        why = "within 14 Mech MP (2 for each Leg MP, PMD 8.2) of a supplied urban hex or source"
        return {"state": "supplied", "why": why}
    from . import amphibious, ports

    if unit.loc in ports.unit_supplied(match, unit):  # 8.4; 7.2(2): no Hungarian sea supply
        return ports.answer(unit.side)
    if amphibious.landed(match, unit):  # 10.5: supplied the player turn of the landing
        return {"state": "supplied", "kind": "amphibious", "why": "landed this week (PMD 10.5)"}
    air = airsupply.answer(match, unit)
    if air is not None:  # 8.7
        return air
    if unit.flags.get("iso"):
        return {"state": "iso", "why": f"isolated (ISO {unit.flags['iso']}, PMD 8.3)"}
    return {"state": "out", "why": "no supply line (PMD 8.2)"}


@on_phase("start", ids=("w1-cleanup", "w2-cleanup"))
def cleanup_phase(match: Match, phase: PhaseSpec) -> None:
    """8.3, 8.5: in the owning player's Cleanup Phase, isolation and supply attrition."""
    from . import ports

    if match.phasing is None:
        return
    from . import paradrop, partisans

    forts = fort_reach(match) if match.phasing == SOVIET else {}  # before any step is lost
    for unit in list(match.units_of(match.phasing)):
        if unit.loc is None or unit.loc.startswith("box:") or paradrop.landed(match, unit):
            continue  # 15.18: dropped this week, in defensive supply to its end
        if unit.id in partisans.UNITS:
            continue  # 15.8: always in supply
        south = unit.side == AXIS and minorallies.nation(match, unit) is not None  # 7.1(1)
        on_line, _supplied = nets(match, unit.side, south=south)
        seas = ports.unit_seas(match, unit) if unit.side == AXIS else ports.ALL_SEAS
        if unit.loc in on_line or unit.loc in ports.line_to_port(match, unit.side, seas):
            if unit.flags.pop("iso", None):
                match.emit("supply", f"{unit.id} is no longer isolated", "PMD 8.3", unit=unit.id)
            continue
        level = int(unit.flags.get("iso", 0))
        extra = max((w for w, near in forts.items() if unit.loc in near), default=0)
        if airsupply.draws(match, unit):
            extra = max(extra, 2)  # 8.5: air supply, 2 weeks more
        if level >= 1 + extra:  # 8.5: the forts' extra weeks (ruling S6)
            match.emit("supply", f"{unit.id} loses a step: supply attrition", "PMD 8.5")
            match.lose_steps(unit, 1, "PMD 8.5")
            if unit.loc is None:
                continue
        unit.flags["iso"] = min(level + 1, ISO_MAX)
        match.emit("supply", f"{unit.id} is isolated: ISO {unit.flags['iso']}", "PMD 8.3")
    match.touch()


def fort_reach(match: Match) -> dict[int, frozenset[str]]:
    """8.5: weeks of extra supply -> the hexes from which a Soviet stack can trace a path of at
    most 3 hexes to an active fort giving them (a heavy fort 2, a fort, fort line or Stalin line
    hex 1). A fort is active while Soviet units hold it (13.4.2, ruling M4), a Stalin line hex
    until the line is destroyed, a fort line from its turn (``constructions.active_forts``); the
    path is a supply line's (8.2: never into an enemy-held or all-sea hex; ruling S6)."""
    from .constructions import active_forts

    graph, units = match.topology.graph(), match.state.units
    forts: dict[int, list[int]] = {}
    for loc, ids in match.occupied().items():
        if loc not in graph.index or not any(units[i].side == SOVIET for i in ids):
            continue
        kinds = active_forts(match, loc)
        if kinds:
            weeks = max(FORT_WEEKS[k] for k in kinds)
            forts.setdefault(weeks, []).append(graph.index[loc])
    blocked = enemy_nodes(match, SOVIET) | _closed(match, ("sea",))
    steps = line_steps(match, SOVIET, True)
    out = {}
    for weeks, nodes in forts.items():
        net = supply_net(graph, nodes, blocked=blocked, cost=steps, limit=FORT_PATH)
        out[weeks] = frozenset(graph.ids[n] for n in net.dist)
    return out


@hookimpl
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    """8.5: out of supply (at the last check, 8.3), the movement factor is halved rounded up;
    isolated, it is 1."""
    if airsupply.draws(match, unit):  # 8.7: full MF for Leg, 6 for Mech
        if match.unit_type(unit).get("mobility") == "mech":
            return [Modifier("movement", "set", 6, "air supply: MF 6", "PMD 8.7")]
        return []
    if unit.flags.get("iso"):
        return [Modifier("movement", "max", 1, "isolated: MF 1", "PMD 8.5")]
    if not unit.flags.get("oos"):
        return []
    base = augment.movement_factor(match, unit)  # 6.1: an augmented division's lower MF
    half = math.ceil(base / 2)
    return [Modifier("movement", "set", half, "out of supply: MF halved", "PMD 8.5")]
