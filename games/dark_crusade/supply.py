"""Dark Crusade supply (17.A), isolation (17.B) and control of the seas (20.0).

A unit is in supply when a path along lines through friendly-controlled points joins it to its
nationality's sources (17.A.1-2). A path may cross a friendly-controlled sea between two friendly
ports of that sea; the Black Sea and the Sea of Azov are separate seas here, as 20.0 gives each
its own controller (9.B merges them for strategic sea movement only: ruling S3). Points holding
partisans never carry Axis paths (19.0). The Kerch Straits carry supply but not production
(10.D): an "overland" path uses no sea leg and no strait (ruling S2).

The trace is the shared supply mechanic's (``mechanic_options.supply``, not loaded as a
mechanic: the title answers ``wargame_supply`` itself): its ``sources``, keyed here by
nationality and by the armored and overland source keys, name the map's edge regions, boxes and
``supply:KEY`` regions (the points whose ``supply_source`` attribute names the key); what blocks a
path is its :func:`~wargame.mechanics.supply.obstacles` with ``friendly_control_only`` (17.A:
only friendly-controlled points carry a path, whoever stands in them) and, through the
``wargame_supply_blocks`` hook, the partisans' points for the Axis (19.0); there is no ZOC and
no length limit (17.A: "as long and winding as necessary"). One search per (side, sources,
overland), from the sources outward (:func:`wargame.mechanics.supply.net`), answers for every
point at once.

Title-specific, kept here: the sea legs (20.0: no other title traces supply across a sea whose
control is decided by its ports), the Kerch Straits closed to overland paths (10.D, on the
kernel's :func:`~wargame.supply.steps_closed_by`), a unit's start from a neighbour when it stands
on a point its side does not control (ruling S9), and isolation (17.B). A sea leg seeds every
friendly port of a friendly sea the search reached and searches again (at most once per sea). The
searches are cached in ``match.scratch`` for the current version and control, since combat asks
for every unit.

Isolation runs in the phasing player's Supply Status Determination Phase, when it ends: units
that cannot trace supply die unless in a fortress, where the owner picks the units that go
(decision kind ``isolation``, verb ``isolation-loss``) until the garrison capacity is reached.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import supply as shared
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.supply import SupplyNet, steps_closed_by

AXIS, SOVIET = U.AXIS, U.SOVIET
SEAS = ("baltic", "black", "azov")  # 20.0
ISOLATED = "isolated"  # unit marker: cannot trace supply now (17.B); others read it
EXIT_LINE = "exit_line"  # Unit.flags: the edge:west-N point a unit in box:west left by
ISOLATION = "isolation"  # decision kind: the owner picks fortress losses (17.B)
EXEMPT = frozenset({"partisan", "factory"})  # 17.B: never isolated
WEST_BOX, SIBERIA = "box:west", "box:siberia"

# Source keys (mechanic_options.supply.sources): a nationality (17.A.1-2), a side's overland
# supply of places (ruling S1), or armor (17.A.3).
NATION_KEY = {
    "german": "german",
    "finnish": "finnish",
    "hungarian": "hungarian",
    "italian": "italian",
    "rumanian": "rumanian",
    "soviet": "soviet",
    "polish": "soviet",  # 17.A.2: the 1st Polish Army traces as the Soviets do
}
OVERLAND_KEY = {AXIS: AXIS, SOVIET: "siberia"}  # ruling S1


# ----------------------------------------------------------------------------- static data


def source_locations(match: Match, key: str) -> tuple[str, ...]:
    """The locations a path of ``key`` may end at, sorted (whoever controls them now): the
    supply mechanic's sources for the key (title.json ``mechanic_options.supply.sources``).

    german: the lines leaving the west edge and those in Finland leaving the north edge
    (17.A.1); finnish/hungarian/italian/rumanian: the point whose ``supply_source`` names the
    nation; soviet: the east and southeast edges (17.A.2); siberia: the east edge only (17.A.2
    "to Siberia only"); axis: every Axis source; axis-armor: Bucharest and the west edge;
    soviet-armor: Grozny (17.A.3).
    """
    cache_key = ("dc-supply-sources", key)
    found = match.cache.get(cache_key)
    if found is None:
        top = match.topology
        found = tuple(sorted(loc for loc in shared.sources(match, key) if loc in top))
        if not found:
            raise ValueError(f"no supply sources for {key!r}")
        match.cache[cache_key] = found
    return tuple(found)


def _nodes(match: Match, locs: Iterable[str]) -> tuple[int, ...]:
    index = match.topology.graph().index
    return tuple(index[loc] for loc in locs if loc in index)


def sea_ports(match: Match, sea: str) -> tuple[str, ...]:
    return tuple(sorted(match.topology.region(f"sea:{sea}")))


def _overland_table(match: Match) -> tuple[tuple[int | None, ...], ...]:
    """Each line costs 1, the Kerch Straits are closed: overland paths (10.D, ruling S2)."""
    table = match.cache.get("dc-supply-overland")
    if table is None:
        table = steps_closed_by(match.topology.graph(), "strait")
        match.cache["dc-supply-overland"] = table
    return table


def _sea_keepers(match: Match, sea: str) -> tuple[str, ...]:
    """The ports whose control decides the sea (map attr ``controls_sea``, 20.0)."""
    key = ("dc-sea-keepers", sea)
    found = match.cache.get(key)
    if found is None:
        top = match.topology
        found = tuple(
            sorted(loc for loc in top.locations() if sea in top.attrs(loc).get("controls_sea", ()))
        )
        match.cache[key] = found
    return tuple(found)


# ----------------------------------------------------------------------------- control


def sea_controller(match: Match, sea: str) -> str | None:
    """Who controls a sea (20.0): the side controlling its deciding port(s). The Sea of Azov
    needs Sevastopol and Rostov both: split between the sides, nobody controls it (ruling S4),
    so neither side traces supply across it."""
    keepers = _sea_keepers(match, sea)
    sides = {match.state.control.get(loc) for loc in keepers}
    if len(sides) != 1:
        return None
    return sides.pop()


@dataclass(frozen=True, slots=True)
class Trace:
    """Every point a side traces supply from, and how: the searches in order (the last reaches
    every point) and, for each port reached by a sea leg, the port it came from, its sea and the
    search that reached that port."""

    nets: tuple[SupplyNet, ...]
    via: Mapping[int, tuple[int, str, int]]

    def __contains__(self, node: object) -> bool:
        return node in self.nets[-1]

    def path(self, node: int, ids: tuple[str, ...]) -> list[str]:
        out: list[str] = []
        stage = len(self.nets) - 1
        while True:
            nodes = self.nets[stage].path(node)
            out.extend(ids[n] for n in nodes)
            end = nodes[-1]
            if end not in self.via:
                return out
            node, sea, stage = self.via[end]
            out.append(f"sea:{sea}")


def _state(match: Match) -> dict[str, Any]:
    """This module's scratch: valid while the version and the control map stay the same
    (movement changes control inside one action, without a new version)."""
    found: dict[str, Any] | None = match.scratch.get("dc-supply")
    control = match.state.control
    if found is None or found["version"] != match.version or found["control"] != control:
        found = {
            "version": match.version,
            "control": dict(control),
            "traces": {},
            "units": {},
        }
        match.scratch["dc-supply"] = found
    return found


def partisan_points(match: Match) -> list[str]:
    return sorted(
        {u.loc for u in match.units_of(SOVIET) if u.loc is not None and U.has(match, u, "partisan")}
    )


@hookimpl
def wargame_supply_blocks(match: Match, side: str) -> dict[str, list[str]] | None:
    """19.0: Axis supply may not be traced through a point holding a partisan (which controls
    it for the Soviets as it arrives; it blocks even where the Axis still holds the point)."""
    if side != AXIS:
        return None
    return {"partisans (DC 19.0)": partisan_points(match)}


def blocked(match: Match, side: str) -> frozenset[int]:
    """Nodes no path of ``side`` enters: the supply mechanic's obstacles, points not under its
    control (17.A) and, for the Axis, the partisans' points (19.0)."""
    return shared.blocked(match, side)


def trace(match: Match, side: str, key: str, overland: bool = False) -> Trace:
    """Every point ``side`` traces to the ``key`` sources from (cached until the state moves)."""
    traces = _state(match)["traces"]
    found = traces.get((side, key, overland))
    if found is not None:
        return found
    stop = blocked(match, side)
    sources = [i for i in _nodes(match, source_locations(match, key)) if i not in stop]
    cost = _overland_table(match) if overland else None
    seas = [] if overland else [s for s in SEAS if sea_controller(match, s) == side]
    ports = {s: [i for i in _nodes(match, sea_ports(match, s)) if i not in stop] for s in seas}
    nets: list[SupplyNet] = []
    via: dict[int, tuple[int, str, int]] = {}
    crossed: set[str] = set()
    while True:
        net = shared.net(match, side, sources, cost=cost)
        nets.append(net)
        grown = False
        for sea in seas:
            reached = [p for p in ports[sea] if p in net]
            if sea in crossed or not reached:
                continue
            crossed.add(sea)
            origin = min(reached, key=lambda p: (net.dist[p], p))
            for p in ports[sea]:
                if p not in net:
                    via[p] = (origin, sea, len(nets) - 1)
                    sources.append(p)
                    grown = True
        if not grown:
            break
    found = Trace(tuple(nets), via)
    traces[(side, key, overland)] = found
    return found


def _key(match: Match, side: str, sources: str | Iterable[str]) -> str:
    if isinstance(sources, str):
        return sources
    locs = tuple(sorted(set(sources)))
    key = "locs:" + ",".join(locs)
    match.cache.setdefault(("dc-supply-sources", key), locs)
    return key


def traces(
    match: Match,
    loc: str,
    side: str,
    *,
    sources: str | Iterable[str],
    overland: bool = False,
) -> bool:
    """Whether the point ``loc``, controlled by ``side``, traces to ``sources`` (a source key of
    :func:`source_locations` or location ids); ``overland``: no sea leg, no Kerch Straits."""
    index = match.topology.graph().index
    node = index.get(loc)
    return node is not None and node in trace(match, side, _key(match, side, sources), overland)


def overland(match: Match, loc: str, side: str) -> bool:
    """Overland supply of a place (production 8.A.2, 17.A.2; VP cities 2.B.1.a, 2.B.3): Soviet
    places to Siberia only (the east edge), Axis places to any Axis source (ruling S1)."""
    return traces(match, loc, side, sources=OVERLAND_KEY[side], overland=True)


def source_key(match: Match, unit: Unit) -> str:
    """The unit's sources by nationality (17.A.1-2)."""
    ckey = ("dc-supply-key", unit.counter)
    found = match.cache.get(ckey)
    if found is None:
        found = NATION_KEY.get(U.nation(match, unit), "german" if unit.side == AXIS else "soviet")
        match.cache[ckey] = found
    return str(found)


def _start(match: Match, unit: Unit, found: Trace) -> int | None:
    """The node the unit's path leaves from: its own point, or for a unit on a point its side
    does not control (a Soviet unit in box:west after exiting) a neighbour that traces; in
    box:west only the exit line it left by, when that is known (ruling S9)."""
    loc = unit.loc
    graph = match.topology.graph()
    node = graph.index.get(loc) if loc is not None else None
    if node is None:
        return None
    if node in found:
        return node
    if node not in blocked(match, unit.side):
        return None
    exit_line = unit.flags.get(EXIT_LINE) if loc == WEST_BOX else None
    for nbr in sorted(graph.adj[node], key=lambda n: graph.ids[n]):
        if exit_line is not None and graph.ids[nbr] != exit_line:
            continue
        if nbr in found:
            return nbr
    return None


def supply_path(match: Match, unit: Unit, key: str | None = None) -> list[str] | None:
    """The unit's supply path (its location ... a source, ``sea:NAME`` marking a sea leg), or
    None."""
    found = trace(match, unit.side, key or source_key(match, unit))
    start = _start(match, unit, found)
    if start is None:
        return None
    ids = match.topology.graph().ids
    path = found.path(start, ids)
    return path if ids[start] == unit.loc else [str(unit.loc), *path]


def traces_unit(match: Match, unit: Unit, key: str | None = None) -> bool:
    """Whether the unit traces to ``key`` (default: its nationality's sources), without the
    path: what every check asks, memoised with the traces."""
    key = key or source_key(match, unit)
    memo = _state(match)["units"]
    mkey = (unit.id, unit.side, unit.loc, key, unit.flags.get(EXIT_LINE))
    found = memo.get(mkey)
    if found is None:
        found = _start(match, unit, trace(match, unit.side, key)) is not None
        memo[mkey] = found
    return bool(found)


def in_supply(match: Match, unit: Unit) -> bool:
    """17.A: the unit traces to its nationality's sources now. Partisans and factories are
    never isolated (17.B); units off the map (not placed) are not in supply."""
    if U.tags(match, unit) & EXEMPT:
        return True
    if unit.loc is None:
        return False
    return traces_unit(match, unit)


def needs_armored_supply(match: Match, unit: Unit) -> bool:
    """17.A.3: Axis armor, armored infantry and mobile units; Soviet armor and cav-mech (tagged
    armor); cavalry is unaffected."""
    tags = U.tags(match, unit)
    return "armored-supply" in tags or "armor" in tags


def armored_supply(match: Match, unit: Unit) -> bool:
    """17.A.3: may the unit use breakthrough movement and breakthrough assaults as far as
    supply goes: True for units the rule does not concern; Axis armor traces to Bucharest
    (Ploesti) or the west edge, Soviet armor and cav-mech to Grozny."""
    if not needs_armored_supply(match, unit):
        return True
    if unit.loc is None:
        return False
    return traces_unit(match, unit, "axis-armor" if unit.side == AXIS else "soviet-armor")


# ----------------------------------------------------------------------------- isolation


def exempt(match: Match, unit: Unit) -> bool:
    return bool(U.tags(match, unit) & EXEMPT)


def garrison(match: Match, loc: str, side: str) -> int:
    """17.B: the fortress's garrison capacity for ``side``'s isolated units, one less for Axis
    units in a Soviet fortress or Soviet units in Konigsberg (any fortress on the enemy side of
    the 1941 border: ruling S5); 0 for a point that is no fortress."""
    attrs = match.topology.attrs(loc)
    if not attrs.get("fortress"):
        return 0
    value = int(attrs.get("garrison", 0))
    if attrs.get("side") not in (None, side):
        value -= 1
    return max(0, value)


def loss_rate(match: Match, loc: str) -> int:
    """17.B: isolated fortresses lose two units a turn, VP-city fortresses one (ruling S5)."""
    return 1 if match.topology.attrs(loc).get("vp") else 2


def refresh(match: Match) -> None:
    """Put the isolated marker on every unit on the map cut off now (17.B) and take it off the
    others, at the start of the phases that read it; re-supplied units regain everything at
    once, so combat judges at the instant with :func:`in_supply`."""
    traces: dict[tuple[str, str], Trace] = {}
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        if unit.loc is None or exempt(match, unit):
            continue
        key = (unit.side, source_key(match, unit))
        found = traces.get(key)
        if found is None:
            found = traces[key] = trace(match, *key)
        if _start(match, unit, found) is not None:
            U.unmark(match, unit, ISOLATED)
        else:
            U.mark(match, unit, ISOLATED, "DC 17.B")


def isolate(match: Match, side: str) -> None:
    """17.B at the end of ``side``'s player turn: isolated units outside fortresses are
    eliminated; in each isolated fortress the owner chooses the losses (one decision per
    fortress) unless every isolated unit there must go."""
    refresh(match)
    groups: dict[str, list[Unit]] = {}
    for unit in sorted(match.units_of(side), key=lambda u: u.id):
        if U.marked(unit, ISOLATED) and unit.loc is not None:
            groups.setdefault(unit.loc, []).append(unit)
    asks: list[tuple[str, int]] = []
    for loc in sorted(groups):
        group = groups[loc]
        if not match.topology.attrs(loc).get("fortress"):
            for unit in group:
                match.eliminate(unit, f"isolated at {loc}", "DC 17.B")
            continue
        cap = garrison(match, loc, side)
        count = min(loss_rate(match, loc), len(group) - cap)
        if count <= 0:
            match.emit(
                "isolated",
                f"{len(group)} isolated {side} unit(s) hold out in {loc} (garrison {cap})",
                "DC 17.B",
                loc=loc,
            )
            continue
        if count >= len(group):
            for unit in group:
                match.eliminate(unit, f"isolated in the fortress {loc}", "DC 17.B")
            continue
        asks.append((loc, count))
    for loc, count in reversed(asks):  # a stack: the first fortress is asked first
        name = match.topology.attrs(loc).get("name", loc)
        match.push(
            side,
            ISOLATION,
            f"{name} is isolated: choose {count} unit(s) to eliminate (DC 17.B)",
            loc=loc,
            count=count,
            rule="DC 17.B",
        )


class IsolationLoss(Verb):
    """``isolation-loss UNIT``: the owner picks a unit of an isolated fortress to eliminate."""

    name = "isolation-loss"
    kinds = (ISOLATION,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        loc = decision.context.get("loc")
        for unit in sorted(match.units_at(str(loc)), key=lambda u: u.id):
            if unit.side == decision.side and U.marked(unit, ISOLATED):
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "isolation-loss takes one unit id (DC 17.B)"
        unit = match.state.units.get(action.args[0])
        loc = decision.context.get("loc")
        if unit is None or unit.loc != loc or unit.side != decision.side:
            return f"{action.args[0]} is not one of your units in {loc} (DC 17.B)"
        if not U.marked(unit, ISOLATED):
            return f"{unit.id} is not isolated: only isolated units are lost (DC 17.B)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        match.eliminate(unit, f"isolated in the fortress {unit.loc}", "DC 17.B")
        top = match.state.pending[-1]["context"]
        top["count"] = int(top["count"]) - 1
        if top["count"] <= 0:
            match.pop()


# ----------------------------------------------------------------------------- effects


def may_fire(match: Match, unit: Unit) -> str | None:
    """Why an isolated Soviet artillery, rocket or air unit may not fire (17.B), judged now."""
    tags = U.tags(match, unit)
    if unit.side != SOVIET or not tags & {"artillery", "rocket", "air"}:
        return None
    if in_supply(match, unit):
        return None
    return f"{unit.id} is isolated: Soviet artillery, rocket and air may not fire (DC 17.B)"


def may_absorb(match: Match, unit: Unit) -> bool:
    """Whether a Soviet artillery, rocket or air unit may absorb repulses or breakthroughs:
    isolated artillery and rockets may (17.B); Soviet air never may (13.A.3 prevails over
    17.B's general sentence: ruling S6, E-19)."""
    return not (unit.side == SOVIET and U.has(match, unit, "air"))


def hq_support(match: Match, unit: Unit, full: int) -> int:
    """An isolated German or Soviet HQ supports with 1 (17.B)."""
    if U.has(match, unit, "hq") and not in_supply(match, unit):
        return min(1, full)
    return full


# ----------------------------------------------------------------------------- hooks


REFRESH_PHASES = frozenset({"reinforcement", "operational", "combat", "breakthrough-combat"})
"""Phases that read the isolated marker (production, fortifying, combat): refreshed as they
start; the supply phase refreshes before judging."""


@on_phase("start", ids=REFRESH_PHASES)
def refresh_isolation(match: Match, phase: PhaseSpec) -> None:
    if match.state.cursor.stage == "turn":
        refresh(match)


@on_phase("end", ids=("supply",))
def supply_ends(match: Match, phase: PhaseSpec) -> None:
    if match.phasing is not None:
        isolate(match, match.phasing)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [IsolationLoss()]


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    if U.tags(match, unit) & EXEMPT:
        return {"state": "supplied", "path": [], "why": "never isolated (DC 17.B)"}
    path = supply_path(match, unit)
    if path is not None:
        return {"state": "supplied", "path": path, "why": f"traces to {path[-1]} (DC 17.A)"}
    key = source_key(match, unit)
    return {
        "state": "isolated",
        "path": [],
        "why": f"no line of friendly points to the {key} sources (DC 17.A, 17.B)",
    }
