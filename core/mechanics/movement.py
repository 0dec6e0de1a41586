"""Movement phases: cheapest paths under a movement-point budget.

The ``move`` verb moves a unit or a stack along a path of adjacent locations, the first being
where it stands: ``move 16A-3 2216 2317 2418``, ``move 7-12,20-12 0120 0220``. Legal actions list
one cheapest path per unit (and per whole stack) and destination; any other path is accepted if it
is legal. Costs come from the title (``wargame_move_cost``) or, by default, from its terrain chart;
stops (enemy ZOC), blocks and locks come from hooks, each with its reason and rule.

Settings (``mechanic_options.movement`` in title.json): ``scale`` (integer MP units per MP, 2 for
half-MP roads), ``min_one_step`` (a unit may always move one hex, Barbarossa 10.5), ``road``
(the in-hex feature whose chart cost replaces terrain when moving along a connected road, or a
list of them, the cheapest applying: PMD 11.1's highway and mountain roads), ``road_blocked_by``
(hexside features a road does not cross for movement, PGG 11.13: rivers), ``roads_end`` (a road
feature that ceases to exist from a game turn on: PMD 11.1's highway from turn 120).
Phase options: ``units`` filters who moves in the phase (``{"mobility": [...]}``,
``{"tags": [...]}``), as in the PGG German mechanized movement phase (6.23).
Units waiting off map in a box with an ``entry`` flag (reinforcements) enter through one of the
listed locations, paying its cost.
A move records ``moved`` and ``mp`` keyed by the phase (``phase_key``); these and the other
per-phase flags (``PHASE_FLAGS``) of an earlier turn are swept at each phase start (``sweep``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Line
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.movement import CostModel, reachable
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

INF = math.inf


def phase_key(match: Match) -> str:
    """The current phase's key, ``turn/path`` (``12/axis/w1-initial-movement``,
    ``3/turn/reinforcement``): what the per-phase unit flags (``PHASE_FLAGS``) record."""
    leaf = match.phase
    return f"{match.turn}/{leaf.path if leaf else ''}"


PHASE_FLAGS = ("moved", "mp", "attacked", "defended", "advanced", "retreated", "start", "overruns")
"""The kernel's per-phase unit flags, each the ``phase_key`` of the phase it was set in
(``mp``, ``start`` and ``overruns``: ``[key, value]``). Set by the movement, overrun, retreat
and combat mechanics (and ``pricing.engage``) and by titles' own moves; read for the current
phase (``done``, ``spent``, ``combat.may_attack``, ...), the current player turn (PGG 9.75's
units that retreated this Player-Turn) or the current player week (PMD 10.5's invaders): never
a key of an earlier turn. ``sweep`` removes those at each phase start."""


def key_turn(value: Any) -> int | None:
    """The turn of a per-phase flag's value (a ``phase_key``, or ``[key, value]``); None for
    anything else (a title's own value under one of those names is left alone)."""
    key = value[0] if isinstance(value, list) and value else value
    if not isinstance(key, str):
        return None
    head, sep, _rest = key.partition("/")
    try:
        return int(head) if sep else None
    except ValueError:
        return None


def sweep(match: Match) -> int:
    """Remove the per-phase flags (``PHASE_FLAGS``) whose key is of an earlier turn, on every
    unit in the state (off-map and eliminated ones too): no rule reads them any more, and a
    saved state no longer carries every unit's last move for ever. The count removed."""
    now = match.turn
    gone = 0
    for unit in match.state.units.values():
        flags = unit.flags
        for name in PHASE_FLAGS:
            if name in flags:
                turn = key_turn(flags[name])
                if turn is not None and turn < now:
                    del flags[name]
                    gone += 1
    if gone:
        match.touch()  # cached reachable sets are keyed by the units' flags
    return gone


@on_phase("start", tryfirst=True)
def sweep_phase_flags(match: Match, phase: PhaseSpec) -> None:
    """Each phase start: the per-phase flags of earlier turns go (``sweep``)."""
    sweep(match)


def spent(match: Match, unit: Unit) -> int:
    """Movement units this unit has spent in the current phase."""
    mp = unit.flags.get("mp")
    return int(mp[1]) if mp and mp[0] == phase_key(match) else 0


def done(match: Match, unit: Unit) -> bool:
    return unit.flags.get("moved") == phase_key(match)


def scale(match: Match) -> int:
    return int(match.settings("movement").get("scale", 1))


def allowance(match: Match, unit: Unit) -> int:
    """The unit's budget this phase in integer movement units."""
    return int(allowance_explained(match, unit)[0] * scale(match))


ALLOWANCE_ORDER = {"set": 0, "add": 2, "min": 3, "max": 3}
"""When each kind of allowance modifier applies (any other op: 1, multiplying and halving)."""


def allowance_explained(match: Match, unit: Unit) -> tuple[float, list[Line]]:
    """The unit's movement points this phase and why: the base (printed, or a title's
    ``wargame_movement_allowance``) and every plugin's modifier with its reason and rule."""
    base = match.hook.wargame_movement_allowance(match=match, unit=unit)
    if base is None:
        base = match.unit_values(unit).get("movement", 0)
    mods = [
        m
        for found in match.hook.wargame_allowance_modifiers(match=match, unit=unit)
        for m in found or ()
    ]
    if not mods:
        return base, []
    value = Fraction(repr(base)) if isinstance(base, float) else Fraction(base)
    lines = [Line(f"movement {float(value):g}")]
    for mod in sorted(mods, key=lambda m: ALLOWANCE_ORDER.get(m.op, 1)):
        value = mod.apply(value)
        lines.append(Line(f"{mod.line().text} -> {float(value):g}", mod.rule))
    return float(value), lines


def cost_key(match: Match, unit: Unit) -> Hashable:
    """What the unit's static costs depend on; asked once per unit and state."""
    memo = ("cost-key", unit.id)
    key = match.scratch.get(memo)
    if key is None:
        key = match.hook.wargame_cost_key(match=match, unit=unit)
        if key is None:
            key = (unit.side, match.unit_type(unit)["mobility"])
        gone = gone_roads(match)
        if gone:
            key = (key, "roads-gone", gone)  # the same hook key means other costs once gone
        match.scratch[memo] = key
    return key


def gone_roads(match: Match) -> tuple[str, ...]:
    """The road features that have ceased to exist by now (setting ``roads_end``): asked for
    every hexside while a cost table is built, so found once per turn."""
    memo = ("gone-roads", match.turn)
    found = match.cache.get(memo)
    if found is None:
        ends = match.settings("movement").get("roads_end") or {}
        found = match.cache[memo] = tuple(sorted(f for f, t in ends.items() if match.turn >= t))
    return found


def chart_cost(
    match: Match,
    unit: Unit,
    a: str,
    b: str,
    weather: tuple[str, str] | None = None,
    treat: Mapping[str, str] | None = None,
) -> float:
    """Default cost from the title's terrain chart: the terrain of ``b`` (or the road rate along a
    connected road), plus every hexside feature crossed. None in the chart = prohibited.
    ``weather`` (in ``b``, on the hexside) picks a chart's weather columns: a selector
    ``mech@M`` is read before ``mech`` when the weather is M (PMD 12.4's TEC keys). ``treat``
    reads a hexside feature as another (the crossings mechanic: the Sivash as a river)."""
    chart = match.title.doc("terrain")
    mobility = match.unit_type(unit)["mobility"]
    plain = (f"{unit.side}/{mobility}", mobility, unit.side, "*")

    def lookup(table: Mapping[str, Any], name: str, where: int = 0) -> float | None:
        entry = table.get(name)
        if entry is None:
            return None
        move = entry.get("move", {})
        keyed = tuple(f"{sel}@{weather[where]}" for sel in plain) if weather else ()
        for sel in keyed + plain:
            if sel in move:
                value = move[sel]
                return INF if value is None else float(value)
        return None

    topo = match.topology
    edge = topo.edge(a, b) if a in topo else None
    s = match.settings("movement")
    road = s.get("road", "road")
    roads = set((road,) if isinstance(road, str) else road) - set(gone_roads(match))
    no_road = set(s.get("road_blocked_by", ()))
    if edge is not None and roads & edge.features and not (no_road & edge.features):
        rates = [lookup(chart.get("features", {}), r) for r in sorted(roads & edge.features)]
        known = [r for r in rates if r is not None]
        if known:
            return min(known)
    base = lookup(chart["terrain"], topo.terrain(b))
    total = 1.0 if base is None else base
    if edge is not None:
        for feature in sorted({(treat or {}).get(f, f) for f in edge.features}):
            extra = lookup(chart.get("hexsides", {}), feature, 1)
            if extra is not None:
                total += extra
    return total


def cost_table(match: Match, unit: Unit) -> Sequence[tuple[int | None, ...]]:
    """cost[i][k] in integer units to enter adj[i][k] from i. Built once per title, scenario and
    cost key and shared by every match (the costs are static: they may not read the state)."""
    key = ("move-cost", cost_key(match, unit))
    table = match.cache.get(key)
    if table is None:
        table = match.cache[key] = match.shared(key, lambda: _build_costs(match, unit))
    return table


def _build_costs(match: Match, unit: Unit) -> tuple[tuple[int | None, ...], ...]:
    graph = match.topology.graph()
    factor = scale(match)
    ask = _first_answer(match.hook.wargame_move_cost, match, unit)
    asks = bool(match.hook.wargame_move_cost.get_hookimpls())
    chart: dict[tuple[object, ...], float] = {}  # the chart's answer by terrain and hexside
    rows: list[tuple[int | None, ...]] = []
    for i, (nbrs, kinds) in enumerate(zip(graph.adj, _edge_kinds(match), strict=True)):
        a = graph.ids[i]
        row: list[int | None] = []
        for j, memo in zip(nbrs, kinds, strict=True):
            b = graph.ids[j]
            c = ask(a, b) if asks else None
            if c is None:
                c = chart.get(memo)
                if c is None:
                    c = chart[memo] = chart_cost(match, unit, a, b)
            row.append(None if c == INF else int(round(c * factor)))
        rows.append(tuple(row))
    return tuple(rows)  # a tuple table is compiled once by the search and cached


def _edge_kinds(match: Match) -> list[list[tuple[object, ...]]]:
    """(terrain entered, hexside features) of every step of the graph, in ``adj``'s order:
    what the chart's default cost depends on, found once per map for every cost table."""

    def build() -> list[list[tuple[object, ...]]]:
        topo = match.topology
        graph = topo.graph()
        kinds: list[list[tuple[object, ...]]] = []
        for i, nbrs in enumerate(graph.adj):
            a = graph.ids[i]
            row: list[tuple[object, ...]] = []
            for j in nbrs:
                b = graph.ids[j]
                edge = topo.edge(a, b) if a in topo else None
                row.append((topo.terrain(b), edge.features if edge is not None else None))
            kinds.append(row)
        return kinds

    found = match.cache.get("edge-kinds")
    if found is None:
        found = match.cache["edge-kinds"] = match.shared("edge-kinds", build)
    return found


def _first_answer(hook: Any, match: Match, unit: Unit) -> Callable[[str, str], Any]:
    """A firstresult cost hook as a plain function of the step ``(a, b)`` for one unit: the
    implementations called in pluggy's order, the first answer that is not None. A cost table
    asks once per hexside (tens of thousands on a monster map), where pluggy's own dispatch
    costs more than most answers; a hook with a wrapper goes through pluggy."""
    impls = hook.get_hookimpls()
    if any(i.hookwrapper or i.wrapper for i in impls):
        return lambda a, b: hook(match=match, unit=unit, a=a, b=b)
    order: list[Callable[[str, str], Any]] = []
    for impl in reversed(impls):
        if tuple(impl.argnames) == ("match", "unit", "a", "b"):
            order.append(functools.partial(impl.function, match, unit))
        else:
            order.append(_named(impl.function, tuple(impl.argnames), match, unit))
    if len(order) == 1:
        return order[0]

    def ask(a: str, b: str) -> Any:
        for function in order:
            found = function(a, b)
            if found is not None:
                return found
        return None

    return ask


def _named(
    function: Callable[..., Any], names: tuple[str, ...], match: Match, unit: Unit
) -> Callable[[str, str], Any]:
    """An implementation taking some of the hook's arguments, in its own order."""

    def call(a: str, b: str) -> Any:
        given = {"match": match, "unit": unit, "a": a, "b": b}
        return function(*[given[n] for n in names])

    return call


def _merge(found: Iterable[Mapping[str, str] | None]) -> dict[str, str]:
    """Every hook's locations; where two name one, the first answer's reason."""
    out: dict[str, str] = {}
    for mapping in reversed([m for m in found if m]):
        out.update(mapping)  # the first answer last: its reasons win
    return out


def stops(match: Match, unit: Unit) -> dict[str, str]:
    """Where the unit must stop (cached per side and cost key for the current state: the stop
    and block hooks answer for a side and movement class; per-unit rules go in wargame_veto)."""
    key = ("stops", unit.side, cost_key(match, unit))
    found = match.scratch.get(key)
    if found is None:
        found = _merge(match.hook.wargame_move_stops(match=match, unit=unit))
        match.scratch[key] = found
    return found


def blocked(match: Match, unit: Unit) -> dict[str, str]:
    """Enemy-occupied locations (never entered, but those a title opens:
    ``wargame_move_enterable``) plus whatever the title forbids now."""
    key = ("blocked", unit.side, cost_key(match, unit))
    found = match.scratch.get(key)
    if found is None:
        open_ = {
            loc
            for locs in match.hook.wargame_move_enterable(match=match, unit=unit)
            for loc in locs
        }
        found = {
            loc: f"{loc} holds enemy units"
            for loc, ids in match.occupied().items()
            if match.state.units[ids[0]].side != unit.side and loc not in open_
        }
        found.update(_merge(match.hook.wargame_move_blocked(match=match, unit=unit)))
        match.scratch[key] = found
    return found


def _nodes(match: Match, what: str, unit: Unit, locs: dict[str, str]) -> frozenset[int]:
    key = (what + "-nodes", unit.side, cost_key(match, unit))
    found = match.scratch.get(key)
    if found is None:
        index = match.topology.graph().index
        found = frozenset(map(index.__getitem__, filter(index.__contains__, locs)))
        match.scratch[key] = found
    return found


def all_paths(found: dict[int, tuple[int, int]], ids: tuple[str, ...]) -> dict[int, list[str]]:
    """Every path of a search tree at once, sharing the walk up the parents."""
    paths: dict[int, list[str]] = {}
    for node in found:
        chain = []
        n = node
        while n not in paths and n != -1:
            chain.append(n)
            n = found[n][1]
        base = paths[n] if n != -1 else []
        for m in reversed(chain):
            base = [*base, ids[m]]
            paths[m] = base
    return paths


def cost_model(match: Match, unit: Unit) -> CostModel:
    """The unit's cost table compiled for the search: once per title, scenario and cost key."""
    key = ("move-model", cost_key(match, unit))
    found = match.cache.get(key)
    if found is None:
        table = cost_table(match, unit)
        graph = match.topology.graph()
        found = match.cache[key] = match.shared(
            key, lambda: CostModel.of_table(graph, table, scale=scale(match))
        )
    return found


def with_extras(
    match: Match, unit: Unit, table: Sequence[tuple[int | None, ...]] | None = None
) -> CostModel:
    """The unit's compiled costs with the extra costs of the moment (markers) added: per side
    and cost key, kept across actions while the markers (in the movement context) stay, since
    the extras hook answers for a side and movement class. ``table``: ignored, the unit's own
    (kept for callers that pass ``cost_table``)."""
    key = ("extras", cost_key(match, unit))
    kept_extras = kept(match, unit.side, "extras")  # the markers are in the context
    found = kept_extras.get(key)
    if found is not None:
        return found
    extras: dict[str, float] = {}
    for found_extra in match.hook.wargame_move_extra(match=match, unit=unit):
        for loc, extra in (found_extra or {}).items():
            extras[loc] = extras.get(loc, 0) + extra
    model = cost_model(match, unit)
    if extras:
        graph = match.topology.graph()
        factor = scale(match)
        rows = list(model.table)
        changed: set[int] = set()
        for loc, extra in extras.items():
            j = graph.index.get(loc)
            if j is None:
                continue
            for i in graph.adj[j]:
                row = list(rows[i])
                for k, n in enumerate(graph.adj[i]):
                    cost = row[k]
                    if n == j and cost is not None:
                        row[k] = cost + int(round(extra * factor))
                rows[i] = tuple(row)
                changed.add(i)
        model = CostModel.of_table(graph, rows, scale=factor, base=model, changed=changed)
    kept_extras[key] = model
    return model


def movers(match: Match, decision: Decision) -> list[Unit]:
    """The deciding side's units that may still move in this phase (once per state)."""
    key = ("movers", decision.side, decision.turn, decision.phase)
    found = match.scratch.get(key)
    if found is None:
        found = match.scratch[key] = _movers(match, decision)
    return list(found)


def _movers(match: Match, decision: Decision) -> list[Unit]:
    may = mover_test(match, decision)
    return [u for u in match.state.units.values() if may(u)]


def mover_test(match: Match, decision: Decision, boxed: bool = False) -> Any:
    """unit -> whether it is one of the deciding side's units that may still move in this
    phase (the phase's ``units`` filter, PGG 6.23); ``boxed``: one waiting in a box need not
    have an ``entry`` (the overrun's ``from_boxes`` launches from the box itself)."""
    leaf = match.phase
    filt = leaf.spec.options.get("units", {}) if leaf else {}
    mobility = filt.get("mobility")
    tags = set(filt.get("tags", ()))
    side = decision.side
    key = phase_key(match)

    def may(unit: Unit) -> bool:
        loc = unit.loc
        if unit.side != side or loc is None or unit.flags.get("moved") == key:
            return False
        if loc.startswith("box:") and not (boxed or unit.flags.get("entry")):
            return False
        if mobility is None and not tags:
            return True
        utype = match.unit_type(unit)
        if mobility is not None and utype["mobility"] not in mobility:
            return False
        return not tags or bool(tags & set(utype.get("tags", [])))

    return may


def _by_loc(match: Match, decision: Decision) -> list[tuple[str, list[Unit]]]:
    """The movers grouped by location, locations sorted (the order of the listing); once per
    state."""
    key = ("movers-by-loc", decision.side, decision.turn, decision.phase)
    found = match.scratch.get(key)
    if found is None:
        by_loc: dict[str, list[Unit]] = {}
        for unit in movers(match, decision):
            assert unit.loc is not None
            by_loc.setdefault(unit.loc, []).append(unit)
        found = match.scratch[key] = sorted(by_loc.items())
    return found


def _kept_mover_test(match: Match, decision: Decision) -> Any:
    key = ("movers-test", decision.side, decision.turn, decision.phase)
    may = match.scratch.get(key)
    if may is None:
        may = match.scratch[key] = mover_test(match, decision)
    return may


def stack_movers(match: Match, decision: Decision, loc: str) -> list[Unit]:
    """The movers at one location, in listing order (the order units came into play), found
    from the location alone: one unit's actions never look at the whole army."""
    may = _kept_mover_test(match, decision)
    return in_play_order(match, [u for u in match.units_at(loc) if may(u)])


def not_mover(match: Match, decision: Decision) -> Callable[[Unit], str | None]:
    """unit -> why it may not move in this phase (moved already, or not one the phase moves),
    or None: the usual ``problem`` of :func:`listed_units`."""
    may = _kept_mover_test(match, decision)

    def why(unit: Unit) -> str | None:
        if may(unit):
            return None
        moved = done(match, unit)
        return f"{unit.id} {'has already moved this phase' if moved else 'may not move now'}"

    return why


def listed_units(
    match: Match,
    decision: Decision,
    ids: Sequence[str],
    start: str,
    problem: Callable[[Unit], str | None] | None = None,
) -> tuple[list[Unit], str | None]:
    """The units a move verb lists (``UNIT[,UNIT...]``), or the first refusal: a unit listed
    twice, unknown, the enemy's, one that ``problem`` bars from this move (default
    :func:`not_mover`), or one not standing at ``start``. ``move``, ``overrun`` and the
    strategic verbs (the kernel's ``strategic``, PGG's ``rail``) all check their list here."""
    if len(set(ids)) != len(ids):
        return [], "a unit is listed twice"
    problem = problem or not_mover(match, decision)
    units: list[Unit] = []
    for uid in ids:
        unit = match.state.units.get(uid)
        if unit is None:
            return [], f"no unit {uid}"
        if unit.side != decision.side:
            return [], f"{uid} is not yours (it is {unit.side}'s)"
        why = problem(unit)
        if why:
            return [], why
        if unit.loc != start:
            return [], f"{uid} is at {unit.loc}, not {start}"
        units.append(unit)
    return units, None


def in_play_order(match: Match, units: list[Unit]) -> list[Unit]:
    """Units in the order they came into play (the order of ``state.units``, which every
    listing follows)."""
    if len(units) < 2:
        return units
    order = match.scratch.get("unit-order")
    if order is None:
        order = match.scratch["unit-order"] = {uid: n for n, uid in enumerate(match.state.units)}
    return sorted(units, key=lambda u: order[u.id])


Tree = dict[str, tuple[int, list[str]]]
"""Destination -> (cost in movement units, path from the unit's location)."""


def tree(match: Match, unit: Unit) -> Tree:
    """Where the unit can go now: destination -> (cost in units, path from its location).
    Computed once per unit and state (movement and overrun both ask)."""
    assert unit.loc is not None
    trees = kept(match, unit.side, "trees")
    key = unit_key(match, unit)
    found = trees.get(key)
    if found is None:
        found = trees[key] = _tree(match, unit)
    return found


def unit_key(match: Match, unit: Unit) -> tuple[object, ...]:
    """What a unit's reachable set depends on, besides the context: where it is, what it has
    spent, its flags and markers, and its cost key (costs a title changes in play, from state
    the context does not see: PMD 15.12's secret pontoon bridges, laid and lifted)."""
    return (
        unit.id,
        unit.loc,
        spent(match, unit),
        done(match, unit),
        tuple(sorted(unit.flags)),
        tuple(sorted(unit.markers)),
        cost_key(match, unit),
    )


def kept(match: Match, side: str, name: str) -> dict[tuple[object, ...], Any]:
    """A cache kept across actions while the side's movement context stays the same (the
    phase, the markers, the enemy units): per-unit answers like reachable sets, keyed by
    ``unit_key``."""
    context = _context(match, side)
    found = match.cache.get(name)
    if found is None or (found[0] is not context and found[0] != context):
        found = match.cache[name] = (context, {})
    elif found[0] is not context:  # equal: keep this state's tuple, compared by identity next
        match.cache[name] = (context, found[1])
    return found[1]


def _context(match: Match, side: str) -> tuple[object, ...]:
    """What a unit's reachable set depends on besides the unit itself: the phase, the markers
    and the enemy's units (friendly units never stop or block a move). Trees are kept across
    actions while this stays the same, so moving one unit recomputes only its own tree."""
    key = ("move-context", side)
    found = match.scratch.get(key)
    if found is None:
        enemy = tuple(
            (u.id, u.loc, u.step, tuple(sorted(u.flags)), tuple(sorted(u.markers)))
            for u in match.state.units.values()
            if u.side != side and u.loc is not None
        )
        markers = tuple(sorted((k, str(sorted(m.items()))) for k, m in match.state.markers.items()))
        found = (side, phase_key(match), enemy, markers)
        match.scratch[key] = found
    return found


def _tree(match: Match, unit: Unit) -> dict[str, tuple[int, list[str]]]:
    assert unit.loc is not None
    if match.hook.wargame_move_locked(match=match, unit=unit):
        return {}
    graph = match.topology.graph()
    budget = allowance(match, unit) - spent(match, unit)
    costs = with_extras(match, unit, cost_table(match, unit))
    stop = _nodes(match, "stop", unit, stops(match, unit))
    block = _nodes(match, "block", unit, blocked(match, unit))
    one = bool(match.settings("movement").get("min_one_step")) and spent(match, unit) == 0
    result: dict[str, tuple[int, list[str]]] = {}
    if unit.loc.startswith("box:"):
        for entry in unit.flags.get("entry", []):
            j = graph.index.get(entry)
            if j is None or j in block:
                continue
            c = match.hook.wargame_move_cost(match=match, unit=unit, a=unit.loc, b=entry)
            c0 = int(
                round((chart_cost(match, unit, unit.loc, entry) if c is None else c) * scale(match))
            )
            if c0 > budget and not one:
                continue
            sub = reachable(
                graph, j, max(budget - c0, 0), costs, stop=stop, blocked=block, locked=j in stop
            )
            paths = all_paths(sub, graph.ids)
            for node, (cost, _parent) in sub.items():
                dest = graph.ids[node]
                total = cost + c0
                if dest not in result or total < result[dest][0]:
                    result[dest] = (total, [unit.loc, *paths[node]])
        return result
    start = graph.index[unit.loc]
    found = reachable(graph, start, budget, costs, stop=stop, blocked=block, min_one_step=one)
    paths = all_paths(found, graph.ids)
    for node, (cost, _parent) in found.items():
        if node != start:
            result[graph.ids[node]] = (cost, paths[node])
    return result


def _follower(match: Match, unit: Unit) -> Callable[[list[str]], bool]:
    """Whether the unit can move along a path its stack's search found legal for another unit
    of the stack: only the cost may differ (blocks and stops are the same for the side). The
    paths come from one search tree, so each shares its prefix with its parent's path: the
    unit's cost to each node is summed once (memo), not once per path through it."""
    graph = match.topology.graph()
    costs = with_extras(match, unit)
    budget = allowance(match, unit) - spent(match, unit)
    index, adj = graph.index, graph.adj
    memo: dict[str, int | None] = {}

    def follows(path: list[str]) -> bool:
        k = len(path) - 1
        while k > 0 and path[k] not in memo:
            k -= 1
        total = memo[path[k]] if k > 0 else 0
        for a, b in zip(path[k:], path[k + 1 :], strict=False):
            if total is not None:
                i, j = index[a], index[b]
                c = costs[i][adj[i].index(j)]
                total = None if c is None else total + c
            memo[b] = total
        return total is not None and total <= budget

    return follows


def path_cost(match: Match, unit: Unit, path: list[str]) -> tuple[int | None, str | None]:
    """The cost of one unit moving along ``path``, or the reason it may not."""
    graph = match.topology.graph()
    costs = with_extras(match, unit, cost_table(match, unit))
    stop_at = stops(match, unit)
    block_at = blocked(match, unit)
    why_locked = match.hook.wargame_move_locked(match=match, unit=unit)
    if why_locked:
        return None, f"{unit.id} may not move: {why_locked}"
    total = 0
    for step, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if b in block_at:
            return None, f"{unit.id} may not enter {b}: {block_at[b]}"
        if step > 0 and a in stop_at:
            return None, f"{unit.id} may not leave {a}: {stop_at[a]}"
        if a.startswith("box:"):
            if step != 0 or b not in unit.flags.get("entry", []):
                return None, f"{unit.id} enters only at {', '.join(unit.flags.get('entry', []))}"
            c = match.hook.wargame_move_cost(match=match, unit=unit, a=a, b=b)
            c = chart_cost(match, unit, a, b) if c is None else c
            if c == INF:
                return None, f"{unit.id} may not enter {b}"
            total += int(round(c * scale(match)))
            continue
        i, j = graph.index.get(a), graph.index.get(b)
        if j is None:
            return None, f"no location {b} on the map"
        if i is None or j not in graph.adj[i]:
            return None, f"{a} and {b} are not adjacent"
        c = costs[i][graph.adj[i].index(j)]
        if c is None:
            rule = match.hook.wargame_move_prohibited(match=match, unit=unit, a=a, b=b)
            return None, f"{unit.id} may not move from {a} into {b} ({rule or 'terrain'})"
        total += c
    budget = allowance(match, unit) - spent(match, unit)
    one = bool(match.settings("movement").get("min_one_step")) and spent(match, unit) == 0
    if total > budget and not (one and len(path) == 2):
        f = scale(match)
        return None, f"{unit.id} needs {total / f:g} MP, has {budget / f:g}"
    return total, None


class Move(Verb):
    name = "move"
    kinds = ("movement",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        """Every unit that may move, then each location's whole stack ('id,id'), by location."""
        out: list[str] = []
        for loc, units in _by_loc(match, decision):
            out.extend(u.id for u in units)
            if len(units) > 1 and not loc.startswith("box:"):
                out.append(",".join(u.id for u in units))
        return out

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        """One cheapest path to each place the unit (or whole stack) can reach: one search."""
        ids = actor.split(",")
        unit = match.state.units.get(ids[0])
        if unit is None or unit.side != decision.side or unit.loc is None:
            return []
        units = stack_movers(match, decision, unit.loc)
        if len(ids) == 1:
            if unit not in units:
                return []
        elif len(units) < 2 or unit.loc.startswith("box:") or ids != [u.id for u in units]:
            return []
        else:
            unit = None
        # kept across actions like the trees: moving one unit lists only its own stack anew
        lists = kept(match, decision.side, "move-lists")
        key = (actor, *(unit_key(match, u) for u in ([unit] if unit else units)))
        found = lists.get(key)
        if found is None:
            found = lists[key] = tuple(self._listing(match, actor, unit, units))
        return list(found)

    def _listing(
        self, match: Match, actor: str, unit: Unit | None, units: list[Unit]
    ) -> list[Action]:
        if unit is not None:
            reach = tree(match, unit)
            return [Action("move", (unit.id, *reach[dest][1])) for dest in sorted(reach)]
        trees = [tree(match, u) for u in units]
        # A stack moving alike (same class, same budget left) shares one exact tree, unless a
        # unit's own rule changes it (a unit that may not move at all, hexes barred to it alone:
        # BARB 10.34's ICA, 10.22's satellites)
        alike = {(cost_key(match, u), allowance(match, u) - spent(match, u)) for u in units}
        first = trees[0]
        if len(alike) == 1 and all(
            t.keys() == first.keys() and all(t[d][1] == first[d][1] for d in first)
            for t in trees[1:]
        ):
            return [Action("move", (actor, *first[dest][1])) for dest in sorted(first)]
        # otherwise the slowest unit's cheapest paths, where every unit can follow
        common = set(trees[0]).intersection(*trees[1:])
        slowest = min(range(len(units)), key=lambda n: allowance(match, units[n]))
        followers = [_follower(match, u) for u in units]
        actions = []
        for dest in sorted(common):
            path = trees[slowest][dest][1]
            if all(follows(path) for follows in followers):
                actions.append(Action("move", (actor, *path)))
        return actions

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) < 3:
            return "usage: move UNIT[,UNIT...] FROM TO [TO...]"
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        units, why = listed_units(match, decision, ids, path[0])
        if why:
            return why
        for unit in units:
            _cost, refused = path_cost(match, unit, path)
            if refused:
                return refused
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids, path = action.args[0].split(","), list(action.args[1:])
        units = [match.state.units[uid] for uid in ids]
        key = phase_key(match)
        for unit in units:
            cost, _ = path_cost(match, unit, path)
            unit.flags["mp"] = [key, spent(match, unit) + (cost or 0)]
            unit.flags["moved"] = key
            unit.flags.pop("entry", None)
            match.place(unit, path[-1])
        match.emit("move", f"{', '.join(ids)} move {' '.join(path)}", units=ids, path=path)
        match.hook.wargame_moved(match=match, units=units, path=path)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Move()]
