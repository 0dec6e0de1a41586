"""Supply (LWE 7.1-7.17), on the shared supply mechanic (``mechanic_options.supply``: the
sources, the German 12-hex limit, no path across all-sea hexes or hexsides, the checks at the
start of each Movement and Prepared Assault Phase and of the Soviet Supply Check Phase).

What this title adds:
- Rollbahn extension (7.3, E22b): every hex of a Rollbahn that runs from its western end through
  German-controlled hexes free of Soviet units is a German source; the trace may end there.
- Captured sources (7.15, 7.17): a source hex the enemy controls serves neither side.
- Soviet supply (7.8-7.11): every Soviet unit is in supply while DD3 stands; a Soviet unit in a
  Black Sea or Azov coastal town is in supply (coastal supply); otherwise a trace of any length to
  the east or south edge; units in Oranienbaum while Leningrad is Soviet-held and supplied.
- German units out of supply at the start of a Movement Phase have MF 0 (7.7; the minimum move
  does not restore it, E22f) and at the start of a Prepared Assault Phase may not attack (7.7);
  they defend fully and are never lost for it.
- The Soviet Supply Check Phase, held once DD3 is rescinded: every Soviet unit found out of
  supply is eliminated (7.12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Modifier
from wargame.hookspecs import SupplySource, hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import supply as shared
from wargame.models import PhaseSpec
from wargame.state import Unit
from wargame.supply import steps_closed_by, supply_net

from . import dd3, rollbahn
from .common import GERMAN, LENINGRAD, ORANIENBAUM, SOVIET, town_class

COASTS = {"black-sea", "azov"}


def rollbahn_sources(match: Match) -> list[str]:
    """7.3: the Rollbahn hexes a German trace may end in (the operative ones, ``rollbahn``)."""
    return sorted(rollbahn.operative(match))


@hookimpl
def wargame_supply_sources(match: Match, side: str) -> list[SupplySource]:
    out: list[SupplySource] = []
    if side == GERMAN:
        out += [SupplySource(h, "Rollbahn", "LWE 7.3") for h in rollbahn_sources(match)]
    names = match.settings("supply").get("sources", {}).get(side, [])
    enemy = SOVIET if side == GERMAN else GERMAN
    for loc in match.resolve_locations(names):
        if match.state.control.get(loc) == enemy:
            out.append(SupplySource(loc, "held by the enemy", "LWE 7.15", remove=True))
    return out


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    if unit.loc is None or unit.loc.startswith("box:"):
        return None
    if unit.side == GERMAN:
        return german_answer(match, unit)
    why = soviet_supply(match, unit.loc)
    if why is not None:
        return {"state": "supplied", "path": [unit.loc], "why": why}
    return {"state": "out", "path": [], "why": "no line to the east or south edge (LWE 7.9)"}


def soviet_supply(match: Match, loc: str) -> str | None:
    """Why a Soviet unit in ``loc`` is in supply (7.8-7.11), or None: it is not."""
    if dd3.in_effect(match):
        return "Directive No. 3 (LWE 7.8)"
    return soviet_line(match, loc)


def soviet_line(match: Match, loc: str) -> str | None:
    """Why ``loc`` has a Soviet supply line of its own (7.9-7.11), DD3 aside: what entry hexes
    need even while DD3 supplies every unit on the map (7.8: "need only check ... the entry
    hexes"); or None."""
    coast = set(match.topology.attrs(loc).get("coast", ()))
    if coast & COASTS and town_class(match, loc):
        return "coastal supply (LWE 7.10)"
    if loc in soviet_reach(match):
        return "a line to the east or south edge"
    if loc == ORANIENBAUM and leningrad_supplies(match):
        return "Oranienbaum (LWE 7.11)"
    return None


def leningrad_supplies(match: Match) -> bool:
    """7.11: Oranienbaum is supplied while Leningrad is Soviet-controlled and in supply (its own
    line to the east or south edge; ruling M9: no land trace between the two is needed)."""
    return match.state.control.get(LENINGRAD) == SOVIET and LENINGRAD in soviet_reach(match)


def german_answer(match: Match, unit: Unit) -> dict[str, Any]:
    """7.3, 7.13, E22a: at most 12 hexes (the source counted, the unit's own hex not) to a
    west-edge or Rollbahn source; after GT3 a line using a Rollbahn goes to the nearest
    German-controlled Rollbahn hex, operative or not (P13)."""
    loc = unit.loc or ""
    best, why = german_trace(match, loc)
    if best is not None:
        return {"state": "supplied", "path": [loc], "why": f"{best} hexes to a source (LWE 7.3)"}
    return {"state": "out", "path": [], "why": why}


def limit(match: Match) -> int:
    return int(match.settings("supply").get("limit", {}).get(GERMAN, 12))


def german_trace(match: Match, loc: str) -> tuple[int | None, str]:
    """The length of ``loc``'s German supply line, or None and why there is none (7.3)."""
    longest = limit(match)
    if match.turn <= 3:
        best = german_line(match, loc)
        if best is not None and best <= longest:
            return best, ""
        return None, f"no source within {longest} hexes (LWE 7.3)"
    edge = line_from(match, loc, edge_distance(match))
    if edge is not None and edge <= longest:
        return edge, ""
    near, works = nearest_rollbahn(match, loc)
    if near is not None and near <= longest:
        if works:
            return near, ""
        return None, (
            f"the nearest German-held Rollbahn hex, {near} hexes away, is cut from the west edge "
            "(LWE 7.3: after GT3 the line goes to the nearest one)"
        )
    return None, f"no source within {longest} hexes (LWE 7.3)"


def german_line(match: Match, loc: str) -> int | None:
    """Hexes from ``loc`` to the nearest German source, edge or operative Rollbahn (its own hex
    not counted), or None: GT1-3's line (7.3)."""
    return line_from(match, loc, german_distance(match))


def line_from(match: Match, loc: str, dist: dict[str, int]) -> int | None:
    """Hexes from ``loc`` to the nearest start of ``dist`` (its own hex not counted; never
    across an all-sea hexside), or None."""
    topo = match.topology
    best = 0 if dist.get(loc) == 0 else None
    for n in topo.neighbours(loc):
        edge = topo.edge(loc, n)
        if n in dist and not (edge is not None and "sea" in edge.features):
            best = dist[n] + 1 if best is None else min(best, dist[n] + 1)
    return best


def german_supplied_at(match: Match, loc: str) -> bool:
    return german_trace(match, loc)[0] is not None


def nearest_rollbahn(match: Match, loc: str) -> tuple[int | None, bool]:
    """7.3 after GT3 (P13): hexes from ``loc`` to the nearest German-controlled Rollbahn hex a
    line may reach, and whether one of the nearest (the German's choice among equals) is
    operative. Distance is the length of a legal trace (ruling S9)."""
    near = rollbahn_nearness(match)
    if loc in near and near[loc][0] == 0:
        return 0, near[loc][1]
    topo = match.topology
    best: int | None = None
    works = False
    for n in topo.neighbours(loc):
        edge = topo.edge(loc, n)
        if n not in near or (edge is not None and "sea" in edge.features):
            continue
        d, ok = near[n][0] + 1, near[n][1]
        if best is None or d < best:
            best, works = d, ok
        elif d == best:
            works = works or ok
    return best, works


def rollbahn_nearness(match: Match) -> dict[str, tuple[int, bool]]:
    """Hex -> (hexes to the nearest German-controlled Rollbahn hex, whether one of those nearest
    is operative), over hexes a German line may pass, out to the limit."""
    key = ("lwe-rollbahn-nearness", match.version)
    found = match.scratch.get(key)
    if found is not None:
        return found
    open_hex = german_open(match)
    topo = match.topology
    good = rollbahn.operative(match)
    control = match.state.control
    starts = sorted(h for h in rollbahn.graph(match) if control.get(h) == GERMAN and open_hex(h))
    near = {h: (0, h in good) for h in starts}
    frontier = starts
    longest = limit(match)
    for d in range(1, longest + 1):
        level: dict[str, bool] = {}
        for h in frontier:
            for n in topo.neighbours(h):
                if n in near or not open_hex(n):
                    continue
                edge = topo.edge(h, n)
                if edge is not None and "sea" in edge.features:
                    continue
                level[n] = level.get(n, False) or near[h][1]
        for n, ok in level.items():
            near[n] = (d, ok)
        frontier = sorted(level)
    match.scratch[key] = near
    return near


def german_distance(match: Match) -> dict[str, int]:
    """Hexes from the nearest German source, west edge or operative Rollbahn hex, over hexes a
    German line may pass (7.13). Counted out to the limit only."""
    key = ("lwe-german-distance", match.version)
    found = match.scratch.get(key)
    if found is None:
        starts = edge_sources(match) + rollbahn_sources(match)
        found = match.scratch[key] = spread(match, starts, GERMAN, limit(match))
    return found


def edge_distance(match: Match) -> dict[str, int]:
    """Hexes from the nearest west-edge source (no Rollbahn), out to the limit."""
    key = ("lwe-edge-distance", match.version)
    found = match.scratch.get(key)
    if found is None:
        found = spread(match, edge_sources(match), GERMAN, limit(match))
        match.scratch[key] = found
    return found


def edge_sources(match: Match) -> list[str]:
    names = match.settings("supply").get("sources", {}).get(GERMAN, [])
    control = match.state.control
    return [h for h in match.resolve_locations(names) if control.get(h) != SOVIET]


def closed(match: Match, side: str) -> frozenset[int]:
    """Graph nodes no line of ``side`` passes (7.13): every obstacle of the supply mechanic
    (enemy units, all-sea hexes, and this title's :func:`wargame_supply_blocks`); a line never
    ends in an all-sea hex either."""
    return frozenset().union(*shared.obstacles(match, side).values())


def german_open(match: Match) -> Callable[[str], bool]:
    """Whether a German line may pass a hex (7.13), from :func:`closed`."""
    shut = closed(match, GERMAN)
    index = match.topology.graph().index
    return lambda h: h in index and index[h] not in shut


@hookimpl
def wargame_supply_blocks(match: Match, side: str) -> dict[str, list[str]]:
    """7.13: what stops a line beside enemy units and all-sea hexes (the mechanic's own): the
    off-map boxes, cities the enemy controls, and for a German line intact fortified lines
    (11.23) and all-lake hexes but in snow."""
    from . import weather
    from .combat import fortified

    topo = match.topology
    control = match.state.control
    enemy = SOVIET if side == GERMAN else GERMAN
    ids = topo.graph().ids
    hexes = [h for h in ids if not h.startswith("box:")]
    out = {
        "off the map": [h for h in ids if h.startswith("box:")],
        "enemy-held city (LWE 7.13)": [
            h for h in hexes if "city" in topo.features(h) and control.get(h) == enemy
        ],
    }
    if side == GERMAN:
        out["all-lake hex (LWE 7.13)"] = [
            h for h in hexes if topo.terrain(h) == "lake" and weather.now(match, h) != "S"
        ]
        out["intact fortified line (LWE 7.13)"] = [h for h in hexes if fortified(match, h)]
    return out


def spread(match: Match, starts: list[str], side: str, longest: int | None) -> dict[str, int]:
    """Hexes from the nearest of ``starts`` over hexes a line of ``side`` may pass, never across
    all-sea hexsides (7.13; the Sivash and Kerch hexsides are crossed, 7.14), out to ``longest``
    (None: any length): the kernel's supply search (:func:`wargame.supply.supply_net`) past the
    mechanic's obstacles, with the sea hexsides closed."""
    graph = match.topology.graph()
    index = graph.index
    net = supply_net(
        graph,
        (index[h] for h in starts if h in index),
        blocked=closed(match, side),
        cost=_land_steps(match),
        limit=longest,
    )
    return {graph.ids[i]: d for i, d in net.dist.items()}


def _land_steps(match: Match) -> tuple[tuple[int | None, ...], ...]:
    """One per hexside: 1, or None across an all-sea hexside (7.13)."""
    found = match.cache.get("lwe-land-steps")
    if found is None:
        found = match.cache["lwe-land-steps"] = steps_closed_by(match.topology.graph(), "sea")
    return found


def soviet_reach(match: Match) -> frozenset[str]:
    """7.9, 7.13: every hex from which a Soviet line of any length reaches an east- or
    south-edge source the Soviet holds: never into German units, all-sea hexes or German-held
    cities, never across all-sea hexsides (Sivash and Kerch may be crossed, 7.14; lakes may)."""
    key = ("lwe-soviet-reach", match.version)
    found = match.scratch.get(key)
    if found is not None:
        return found
    control = match.state.control
    names = match.settings("supply").get("sources", {}).get(SOVIET, [])
    starts = [h for h in match.resolve_locations(names) if control.get(h) != GERMAN]
    reach = spread(match, starts, SOVIET, None)
    found = match.scratch[key] = frozenset(reach)
    return found


def oos(unit: Unit) -> bool:
    return bool(unit.flags.get("oos"))


@hookimpl
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    if unit.side == GERMAN and oos(unit):
        return [Modifier(unit.id, "set", 0, "out of supply", "LWE 7.7")]
    return []


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if action.verb == "move" and len(action.args) >= 3:
        return german_move_refusal(match, action)
    if action.verb != "attack" or len(action.args) != 3:
        return None
    for uid in str(action.args[2]).split(","):
        unit = match.state.units.get(uid)
        if unit is not None and unit.side == GERMAN and oos(unit):
            return f"{uid} is out of supply and may not attack (LWE 7.7)"
    return None


def german_move_refusal(match: Match, action: Action) -> str | None:
    """7.16: no German-side unit moves into a hex where it would be out of supply (the end of
    its move, ruling S8); Soviet units may."""
    end = str(action.args[-1])
    if end.startswith("box:") or end not in match.topology:
        return None
    units = match.state.units
    first = units.get(str(action.args[0]).split(",")[0])
    if first is None or first.side != GERMAN or german_supplied_at(match, end):
        return None
    return f"{first.id} may not move into {end}, where it would be out of supply (LWE 7.16)"


@on_phase("end", ids=("supply-check",))
def supply_check(match: Match, phase: PhaseSpec) -> None:
    """7.12: the Soviet Supply Check Phase eliminates every Soviet unit out of supply."""
    for unit in sorted(match.units_of(SOVIET), key=lambda u: u.id):
        if oos(unit) and unit.loc is not None and not unit.loc.startswith("box:"):
            match.eliminate(unit, "out of supply in the Soviet Supply Check Phase", "LWE 7.12")
