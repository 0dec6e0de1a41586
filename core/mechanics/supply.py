"""Supply as a service: whether a unit is in supply, along which path, and if not, why not.

A title configures the trace (``mechanic_options.supply``) or answers for itself through the
``wargame_supply`` hook, which is asked first: its answer replaces the whole trace (Linkland's
fortresses, PGG 11.33's first player-turn of entry). The trace is :func:`wargame.supply.traces_to`
from the unit to the nearest source of its side. It never enters enemy units (PGG 11.11), nor an
enemy ZOC that no friendly unit occupies (PGG 8.14, 11.11), nor, when the title says so, an
enemy-controlled location (PGG 11.11, DC 15.4) or any location its side does not control (DC
17.A: a path through points under friendly control); it may end in but not pass through
``no_through`` terrain (PGG swamp), never crosses ``blocked_edges`` (PGG lake hexsides), and may
be limited in length, counted in hexes or links or in the unit's own movement points (PGG
11.11-11.12).

At the start of the phases named in ``check`` (PGG 11.0: every Movement Phase) the checked
units get ``flags["oos"]`` when out of supply and lose it when back in supply; with
``halve_movement`` such a unit's movement allowance is halved, fractions dropped, never below 1
(PGG 11.31-11.32).

Settings (``mechanic_options.supply``):
``sources`` {side (or a title's own source key: DC's nationalities): [location ids or region
names]}; ``check`` [phase ids] (default
["movement"]); ``sides`` "phasing" (default; every side in a phase outside player turns) or
"all"; ``zoc`` "friendly-negates" (default) | "blocks" | "ignored"; ``enemy_control_blocks``
(bool); ``friendly_control_only`` (bool: control alone decides, so only locations the side
controls carry a line, whoever stands in them; uncontrolled ones block too, DC 17.A);
``no_through`` [terrain types]; ``blocked_edges`` [hexside or link features]; ``limit``
(a number, or {side: number}; absent = any length); ``limit_unit`` "steps" (default) | "cost"
(movement points of the unit's own type); ``halve_movement`` (bool) and ``halve_rule`` (its citation); ``boxes`` "supplied"
(default: units off map in a box are in supply) | "trace"; ``marker`` (a declared unit marker
placed instead of the flag, PGG's out-of-supply); ``rule`` (cited in answers and events).

Terrain whose chart entry has ``supply.into_not_through`` is no-through, and hexsides whose
entry has ``supply.blocks`` are blocked edges, beside those the settings name (PGG's TEC).
Any plugin may block more locations for a side, each set with its reason, through
``wargame_supply_blocks`` (DC 19.0: the partisans' points).

The ZOC that blocks is rigid-zoc's when that mechanic is active, else the movement mechanic's
stops (where a title's own ZOC mechanic reports its zones); it is computed once per side.

A title that traces for every location at once (Dark Crusade's point-to-point network, with its
sea legs) searches outward from its sources with :func:`net`, past the same obstacles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from wargame import markers
from wargame.combat import Modifier
from wargame.errors import UsageError
from wargame.hookspecs import BotHints, hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import halving
from wargame.models import PhaseSpec
from wargame.movement import path_cost
from wargame.state import Unit
from wargame.supply import SupplyNet, supply_net, traces_to
from wargame.topology import Graph, is_box

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

SUPPLIED = "supplied"
OUT = "out"

CostTable = Sequence[Sequence[int | None]]

# The obstacle kinds a trace avoids, in the order an explanation names them.
ENEMY_UNITS = "enemy units"
ENEMY_ZOC = "enemy ZOC"
ENEMY_CONTROL = "enemy control"
NO_THROUGH = "no-through terrain"
LIMIT = "limit"


def settings(match: Match) -> dict[str, Any]:
    return match.settings("supply")


def _rule(match: Match) -> str:
    rule = settings(match).get("rule")
    return f" ({rule})" if rule else ""


def sources(match: Match, side: str) -> list[str]:
    """The side's supply sources: location ids (region names resolved), in a stable order, with
    those every plugin's ``wargame_supply_sources`` adds, less those any removes."""
    names = settings(match).get("sources", {}).get(side, [])
    found = match.resolve_locations(names)
    changes = [
        c for got in match.hook.wargame_supply_sources(match=match, side=side) for c in got or ()
    ]
    if not changes:
        return found
    found += [c.loc for c in changes if not c.remove and c.loc not in found]
    gone = {c.loc for c in changes if c.remove}
    return [loc for loc in found if loc not in gone]


def limit(match: Match, side: str) -> float | None:
    """The longest supply line of ``side``, in hexes/links or movement points; None: any."""
    value = settings(match).get("limit")
    if isinstance(value, Mapping):
        value = value.get(side)
    return None if value is None else float(value)


def _by_cost(match: Match) -> bool:
    unit = settings(match).get("limit_unit", "steps")
    if unit not in ("steps", "cost"):
        raise UsageError(f"supply limit_unit must be 'steps' or 'cost', not {unit!r}")
    return unit == "cost"


def _word(match: Match) -> str:
    if _by_cost(match):
        return "MP"
    return "hex(es)" if match.topology.kind == "hex" else "link(s)"


# ------------------------------------------------------------------ what blocks a trace


def enemy_zoc(match: Match, unit: Unit | None, side: str) -> frozenset[str]:
    """The enemy ZOC ``side`` traces against (before friendly units negate it)."""
    mechanics = match.title.manifest.mechanics
    if "rigid-zoc" in mechanics:
        from wargame.mechanics import zoc

        return zoc.zoc_of(match, match.enemy(side))
    if "movement" in mechanics and unit is not None:
        from wargame.mechanics import movement

        return frozenset(movement.stops(match, unit))
    return frozenset()


def obstacles(match: Match, who: Unit | str) -> dict[str, frozenset[int]]:
    """Graph nodes a supply line of a unit's side (or of the side named) may not enter now, by
    kind: enemy units with none of the side's own beside them (PGG 11.11, PMD 13.15.3), enemy ZOC with no friendly unit in it (PGG 8.14, 11.11,
    11.21), enemy control, no-through terrain. The one place that says what blocks a trace;
    cached per side until the state changes."""
    unit, side = (None, who) if isinstance(who, str) else (who, who.side)
    key = ("supply-obstacles", side)
    s = settings(match)
    by_control = bool(s.get("enemy_control_blocks") or s.get("friendly_control_only"))
    control = match.state.control
    kept = match.scratch.get(key)
    # control can change inside an action without a unit moving (a point taken after the
    # units entered it): obstacles that depend on it are kept only while it stays the same
    if kept is not None and (not by_control or kept[0] == control):
        return dict(kept[1])
    graph = match.topology.graph()
    units = match.state.units
    friendly: set[str] = set()
    hostile: set[str] = set()
    for loc, ids in match.occupied().items():
        # a hex the side shares with the enemy (PMD 13.15.3) is not closed to its lines
        (friendly if any(units[i].side == side for i in ids) else hostile).add(loc)
    found: dict[str, frozenset[int]] = {}
    if not s.get("friendly_control_only"):  # else control alone decides (DC 17.A)
        found[ENEMY_UNITS] = _nodes(graph, hostile)
    mode = s.get("zoc", "friendly-negates")
    if mode not in ("friendly-negates", "blocks", "ignored"):
        raise UsageError(f"supply zoc must be friendly-negates, blocks or ignored, not {mode!r}")
    if mode != "ignored":
        zone = set(enemy_zoc(match, unit, side))
        if mode == "friendly-negates":
            zone -= friendly
        found[ENEMY_ZOC] = _nodes(graph, zone)
    if s.get("friendly_control_only"):  # DC 17.A: only friendly-controlled points carry a line
        found[ENEMY_CONTROL] = frozenset(
            i for i, loc in enumerate(graph.ids) if control.get(loc) != side
        )
    elif s.get("enemy_control_blocks"):
        held = {
            loc
            for loc, owner in control.items()
            if owner != side and owner in match.sides and loc not in friendly
        }
        found[ENEMY_CONTROL] = _nodes(graph, held)
    for extra in match.hook.wargame_supply_blocks(match=match, side=side):
        for reason, locs in (extra or {}).items():
            found[reason] = found.get(reason, frozenset()) | _nodes(graph, locs)
    no_through = no_through_nodes(match)
    if no_through:
        found[NO_THROUGH] = no_through
    match.scratch[key] = (dict(control) if by_control else None, found)
    return dict(found)


def blocked(match: Match, who: Unit | str) -> frozenset[int]:
    """Every node a supply line of the side may not enter (enemy units, ZOC, control)."""
    found = obstacles(match, who)
    found.pop(NO_THROUGH, None)
    return frozenset().union(*found.values())


def _chart_supply(match: Match, section: str, key: str) -> set[str]:
    """Terrain chart entries of ``section`` whose ``supply`` says ``key`` (PGG's TEC: swamp
    "into, not through", lake hexsides block)."""
    if "terrain" not in match.title.data.raw:
        return set()
    entries = match.title.doc("terrain").get(section, {})
    return {name for name, entry in entries.items() if (entry.get("supply") or {}).get(key)}


def no_through_nodes(match: Match) -> frozenset[int]:
    """Nodes a line may end in but not pass through: ``no_through`` terrain and the chart's
    ``supply.into_not_through`` terrain (once per match: terrain never changes)."""
    key = "supply-no-through"
    found = match.cache.get(key)
    if found is None:
        kinds = set(settings(match).get("no_through", ())) | _chart_supply(
            match, "terrain", "into_not_through"
        )
        graph = match.topology.graph()
        terrain = match.topology.terrain
        found = (
            _nodes(graph, (x for x in graph.ids if not is_box(x) and terrain(x) in kinds))
            if kinds
            else frozenset()
        )
        match.cache[key] = found
    return found


def blocked_edges(match: Match) -> frozenset[str]:
    """Hexside or link features no line crosses: ``blocked_edges`` and the chart's hexsides
    whose ``supply.blocks`` (PGG's lake hexsides)."""
    return frozenset(settings(match).get("blocked_edges", ())) | frozenset(
        _chart_supply(match, "hexsides", "blocks")
    )


def _nodes(graph: Graph, locs: Iterable[str]) -> frozenset[int]:
    index = graph.index
    return frozenset(index[loc] for loc in locs if loc in index)


def steps_table(match: Match) -> CostTable | None:
    """One per step, None across a blocked edge; None when no edge is blocked."""
    stop = blocked_edges(match)
    if not stop:
        return None
    graph = match.topology.graph()
    return _without_edges(
        match, ("supply-steps", stop), tuple(tuple(1 for _ in nbrs) for nbrs in graph.adj)
    )


def unit_cost_table(match: Match, unit: Unit) -> CostTable:
    """The unit's own movement costs, None across a blocked edge (PGG 11.12)."""
    from wargame.mechanics import movement

    base: CostTable = movement.cost_table(match, unit)
    stop = blocked_edges(match)
    if not stop:
        return base
    return _without_edges(match, ("supply-cost", movement.cost_key(match, unit), stop), base)


def _without_edges(match: Match, key: Any, base: CostTable) -> CostTable:
    table = match.cache.get(key)
    if table is None:
        stop = blocked_edges(match)
        graph = match.topology.graph()
        table = tuple(
            tuple(
                None if stop & feats else c
                for c, feats in zip(row, graph.edge_features[i], strict=True)
            )
            for i, row in enumerate(base)
        )
        match.cache[key] = table
    return table


def _cost_table(match: Match, unit: Unit) -> tuple[CostTable | None, int]:
    """(cost table or None for one per step, scale of its numbers) for the unit's trace."""
    if _by_cost(match):
        if "movement" not in match.title.manifest.mechanics:
            raise UsageError("a supply limit in movement points needs the movement mechanic")
        from wargame.mechanics import movement

        return unit_cost_table(match, unit), movement.scale(match)
    return steps_table(match), 1


def net(
    match: Match,
    who: Unit | str,
    starts: Iterable[int],
    *,
    cost: CostTable | None = None,
) -> SupplyNet:
    """Every node a line of ``who``'s side reaches from the graph nodes ``starts`` (its sources)
    past the obstacles of :func:`obstacles`, ending in but never passing through no-through
    terrain, within the side's ``limit`` (counted in steps, or in ``cost``): the one search
    outward from the sources, for a title that answers for every location at once."""
    side = who if isinstance(who, str) else who.side
    blocks = obstacles(match, who)
    no_through = blocks.pop(NO_THROUGH, frozenset())
    blocked_nodes: set[int] = set()
    for nodes in blocks.values():
        blocked_nodes |= nodes
    longest = limit(match, side)
    return supply_net(
        match.topology.graph(),
        starts,
        blocked=blocked_nodes,
        no_through=no_through,
        cost=cost,
        limit=None if longest is None else int(longest),
    )


# ------------------------------------------------------------------ the answer


def supply_line(match: Match, unit: Unit) -> dict[str, Any]:
    """``{"state": "supplied"|"out", "path": [unit's location ... source], "why": str}``.

    The title's ``wargame_supply`` answer, if it gives one, is the whole answer. Otherwise the
    trace: the path of a supplied unit runs from its location to its source; an out-of-supply
    unit gets an empty path and a ``why`` naming what cuts it off."""
    answer = match.hook.wargame_supply(match=match, unit=unit)
    if answer is not None:
        if "state" not in answer:
            raise ValueError(f"a wargame_supply answer for {unit.id} has no 'state': {answer!r}")
        out = dict(answer)
        out["path"] = list(out.get("path") or [])
        out["why"] = str(out.get("why") or "decided by the title's rules")
        return out
    return trace(match, unit)


def trace(match: Match, unit: Unit) -> dict[str, Any]:
    """The configured trace alone (what ``supply_line`` does when the title has no answer)."""
    loc = unit.loc
    if loc is None:
        return {"state": OUT, "path": [], "why": f"{unit.id} is not on the map"}
    if is_box(loc) and settings(match).get("boxes", "supplied") == "supplied":
        return {"state": SUPPLIED, "path": [loc], "why": f"off map in {loc}: always in supply"}
    graph = match.topology.graph()
    start = graph.index[loc]
    side = unit.side
    source_ids = sources(match, side)
    if not source_ids:
        return {"state": OUT, "path": [], "why": f"{side} has no supply sources{_rule(match)}"}
    targets = _nodes(graph, source_ids)
    blocks = obstacles(match, unit)
    no_through = blocks.pop(NO_THROUGH, frozenset())
    table, factor = _cost_table(match, unit)
    longest = limit(match, side)
    cap = None if longest is None else int(math.floor(longest * factor + 1e-9))

    def attempt(ignore: Iterable[str] = ()) -> list[int] | None:
        skip = set(ignore)
        blocked: set[int] = set()
        for kind, nodes in blocks.items():
            if kind not in skip:
                blocked |= nodes
        blocked.discard(start)  # the unit's own location never cuts its own line
        return traces_to(
            graph,
            start,
            targets,
            blocked=blocked,
            no_through=frozenset() if NO_THROUGH in skip else no_through,
            cost=table,
            limit=None if LIMIT in skip else cap,
        )

    def length(path: list[int]) -> float:
        if table is None:
            return len(path) - 1
        return (path_cost(graph, table, path) or 0) / factor

    path = attempt()
    if path is not None:
        ids = graph.path_ids(path)
        return {
            "state": SUPPLIED,
            "path": ids,
            "why": f"traces {length(path):g} {_word(match)} to {ids[-1]}{_rule(match)}",
            "source": ids[-1],
            "length": length(path),
        }
    return {
        "state": OUT,
        "path": [],
        "why": _why_not(match, graph, blocks, no_through, targets, longest, attempt, length),
    }


def _why_not(
    match: Match,
    graph: Graph,
    blocks: Mapping[str, frozenset[int]],
    no_through: frozenset[int],
    targets: frozenset[int],
    longest: float | None,
    attempt: Callable[[Iterable[str]], list[int] | None],
    length: Callable[[list[int]], float],
) -> str:
    """Why no line exists: each obstacle whose absence alone would let a line through ("or":
    removing any one would do), else every obstacle on the way once all are ignored ("and"),
    else the map itself."""
    rule = _rule(match)
    held = set().union(*blocks.values()) if blocks else set()
    if targets <= held:
        where = _places(graph, sorted(targets))
        return f"every source ({where}) is held or cut off by the enemy{rule}"
    present = [kind for kind, nodes in blocks.items() if nodes]
    if no_through:
        present.append(NO_THROUGH)
    if longest is not None:
        present.append(LIMIT)
    reasons: list[str] = []
    for kind in present:
        found = attempt([kind])
        if found is not None:
            reasons.append(
                _describe(graph, kind, found, blocks, no_through, longest, length, _word(match))
            )
    if reasons:
        return "; or ".join(r for r in reasons if r) + rule
    found = attempt(present)
    if found is not None:
        parts = [
            _describe(graph, kind, found, blocks, no_through, longest, length, _word(match))
            for kind in present
        ]
        return " and ".join(p for p in parts if p) + rule
    return f"no route at all to a source ({_places(graph, sorted(targets))}){rule}"


def _describe(
    graph: Graph,
    kind: str,
    path: list[int],
    blocks: Mapping[str, frozenset[int]],
    no_through: frozenset[int],
    longest: float | None,
    length: Callable[[list[int]], float],
    word: str,
) -> str:
    if kind == LIMIT:
        far = length(path)
        if longest is None or far <= longest:
            return ""
        return f"the nearest source is {far:g} {word} away, beyond the limit of {longest:g}"
    if kind == NO_THROUGH:
        on = [n for n in path[1:-1] if n in no_through]
        if not on:
            return ""
        return f"the way leads through {_places(graph, on)}, which may be entered but not left"
    on = [n for n in path[1:] if n in blocks.get(kind, frozenset())]
    if not on:
        return ""
    if kind == ENEMY_UNITS:
        return f"enemy units block the way at {_places(graph, on)}"
    if kind == ENEMY_ZOC:
        return f"enemy ZOC cuts the way at {_places(graph, on)}"
    if kind == ENEMY_CONTROL:
        return f"the enemy controls {_places(graph, on)} on the way"
    return f"{kind} block the way at {_places(graph, on)}"  # a plugin's wargame_supply_blocks


def _places(graph: Graph, nodes: Iterable[int]) -> str:
    """Location ids in the order given (along a path), at most six of them."""
    ids = [graph.ids[n] for n in nodes]
    shown = ", ".join(ids[:6])
    return shown + (f" and {len(ids) - 6} more" if len(ids) > 6 else "")


# ------------------------------------------------------------------ checks and effects


def out_of_supply(match: Match, unit: Unit) -> bool:
    """Whether the last check left the unit out of supply (its marker, or ``flags["oos"]``)."""
    marker = settings(match).get("marker")
    return marker in unit.markers if marker else bool(unit.flags.get("oos"))


def check(match: Match, sides: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Trace every unit of ``sides`` on the map, then mark or clear those out of supply (the
    ``marker`` setting, else ``flags["oos"]``); returns the answers.

    All answers are found before any unit changes, and units change in id order, so the order
    units are checked in never matters."""
    answers: dict[str, dict[str, Any]] = {}
    for side in sides:
        for unit in match.units_of(side):
            answers[unit.id] = supply_line(match, unit)
    s = settings(match)
    rule, marker = s.get("rule"), s.get("marker")
    for uid in sorted(answers):
        answer = answers[uid]
        unit = match.state.units[uid]
        out = answer["state"] != SUPPLIED
        if out != out_of_supply(match, unit):
            text = f"{uid} is {'out of' if out else 'back in'} supply: {answer['why']}"
            match.emit(
                "supply",
                text,
                rule,
                unit=uid,
                state=answer["state"],
                path=answer["path"],
                why=answer["why"],
            )
        if marker:
            if out:
                markers.place(match, unit, marker, rule)
            else:
                markers.remove(match, unit, marker, "back in supply", rule)
        elif out:
            unit.flags["oos"] = True
        else:
            unit.flags.pop("oos", None)
    match.touch()
    return answers


def halved_allowance(value: float) -> float:
    """An out-of-supply allowance: halved, fractions dropped, never below 1 (PGG 11.31-11.32)."""
    if value <= 0:
        return value
    return float(halving.halve(int(math.floor(value))))


@on_phase("start", ids_from=lambda match: settings(match).get("check", ("movement",)))
def check_phase(match: Match, phase: PhaseSpec) -> None:
    s = settings(match)
    phasing = match.phasing
    sides = (
        list(match.sides) if s.get("sides", "phasing") == "all" or phasing is None else [phasing]
    )
    check(match, sides)


@hookimpl
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    """Out of supply with ``halve_movement``: halved, fractions dropped, never below 1."""
    if not settings(match).get("halve_movement") or not out_of_supply(match, unit):
        return []
    s = settings(match)
    return [
        Modifier("movement", "halve", None, "out of supply", s.get("halve_rule") or s.get("rule"))
    ]


class Advice:
    """What the heuristic bot asks this mechanic (:class:`wargame.hookspecs.SupplyAdvice`)."""

    def supplied(self, match: Match, side: str) -> frozenset[str] | None:
        """Where a unit of ``side`` would be in supply now: one search outward from the sources
        past the same obstacles a trace meets (enemy units, ZOC, control, no-through terrain),
        counting hexes or links against the limit, plus the locations one step beyond it (a
        unit's own location never cuts its own line)."""
        mine = match.units_of(side)
        found = sources(match, side)
        if not mine or not found:
            return None
        graph = match.topology.graph()
        no_through = no_through_nodes(match)
        longest = limit(match, side)
        cap = None if longest is None else int(longest)
        found_net = net(match, mine[0], graph.nodes(found))
        reached = set(found_net.dist)
        for node, d in found_net.dist.items():
            if (cap is None or d < cap) and (
                node not in no_through or found_net.parent[node] == -1
            ):
                reached.update(graph.adj[node])
        return frozenset(graph.ids[n] for n in reached)


ADVICE = Advice()


@hookimpl
def wargame_bot_hints(match: Match, side: str) -> BotHints:
    return BotHints(supply=ADVICE)
