"""Strategic movement: moving units far behind the front, rationed per turn.

Four rulebooks have it, and differ in numbers and a few switches
(:class:`wargame.models.StrategicSettings`):

- PGG 6.3: Soviet rail movement in the Movement Phase, up to 30 rail hexes along rail hexsides,
  never into an enemy ZOC, eight combat units a Game-Turn (armored three, Leaders none); the unit
  does not also move normally.
- DC 9.A: either side, in its Strategic Movement Phase, through a line of friendly points of any
  length, as many units a player turn as the title's allowance (9.A, 5.C), three at most ending on
  one point (9.A.3).
- Barbarossa 8.6-8.7 and PMD 11.2: any distance through hexes the unit could enter, never next to
  an enemy unit except the last hex, with a weighted capacity.

This module keeps what they share: the capacity ledger (units moved, weight used, movers ending
in each location, per period), each unit's weight, the start rules, what a path may not enter,
and the search. A title with rules of its own (PGG's rail cuts and interdiction, DC's sea
movement and dispersal) passes them in: more blocked locations with their reasons, a dearer cost
to enter some locations, or a capacity computed by its own rule. The mechanic's verb is
``strategic UNIT[,UNIT...] FROM TO [TO...]`` in phases of kind ``strategic``; titles with a
grammar of their own (PGG ``rail``, DC ``strat``) set ``verb`` false and call the functions
here. The ledger is
``state.ns("strategic-movement")``: ``period``, ``used``, ``moved`` (ids) and ``ends``
(location -> movers ending there).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Any, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics import movement as kmove
from wargame.mechanics.losses import steps_left
from wargame.mechanics.zoc import zoc_of
from wargame.models import StrategicSettings
from wargame.movement import reachable
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

NAME = "strategic-movement"
ANY_DISTANCE = 1_000_000

Reach = dict[str, tuple[int, list[str]]]
"""Destination -> (cost, one cheapest path from the start, the start first)."""

Costs = Sequence[Sequence[int | None]]


def settings(match: Match) -> StrategicSettings:
    found = match.cache.get(("settings", NAME))
    if found is None:
        found = match.cache[("settings", NAME)] = StrategicSettings.model_validate(
            match.settings(NAME)
        )
    return cast(StrategicSettings, found)


def cite(match: Match, topic: str) -> str:
    """The rule a refusal on ``topic`` cites (settings ``rules``, else ``rule``)."""
    s = settings(match)
    return (getattr(s.rules, topic) if s.rules else None) or s.rule


# ----------------------------------------------------------------------------- the ledger


def weight(match: Match, unit: Unit) -> int:
    """What the unit counts against the capacity: the first matching weight, else one (or its
    steps left, settings ``by_steps``)."""
    utype = match.unit_type(unit)
    tags = set(utype.get("tags", ()))
    kind = match.counter(unit)["type"]
    s = settings(match)
    for w in s.weights:
        if tags & set(w.tags) or kind in w.types or utype.get("mobility") in w.mobility:
            return w.weight
    return max(1, math.ceil(steps_left(match, unit))) if s.by_steps else 1


def period(match: Match, side: str) -> list[Any]:
    """The period the capacity is counted in now (settings ``per``)."""
    per = settings(match).per
    if per == "game-turn":
        return [match.turn]
    if per == "player-turn":
        return [match.turn, side]
    return [kmove.phase_key(match), side]


def ledger(match: Match, side: str) -> dict[str, Any]:
    """This period's record for ``side`` (empty once the period is over)."""
    found = match.state.plugins.get(NAME)
    if found and found.get("period") == period(match, side):
        return found
    return {}


def used(match: Match, side: str) -> int:
    return int(ledger(match, side).get("used", 0))


def moved(match: Match, side: str) -> list[str]:
    """Units of ``side`` that moved strategically this period."""
    return list(ledger(match, side).get("moved", ()))


def ending(match: Match, side: str, loc: str) -> int:
    return int(ledger(match, side).get("ends", {}).get(loc, 0))


def capacity(match: Match, given: int | None = None) -> int | None:
    """The capacity per period: the title's own number if it computes one, else the settings'."""
    return settings(match).capacity if given is None else given


def left(match: Match, side: str, given: int | None = None) -> int:
    cap = capacity(match, given)
    return ANY_DISTANCE if cap is None else max(cap - used(match, side), 0)


def capacity_problem(
    match: Match, side: str, units: Iterable[Unit], given: int | None = None
) -> str | None:
    """Why these units together exceed what is left this period, or None."""
    cap = capacity(match, given)
    if cap is None:
        return None
    asked = sum(weight(match, u) for u in units)
    have = used(match, side)
    if have + asked > cap:
        return (
            f"strategic movement is limited to {cap} units a {settings(match).per}: {have} used, "
            f"{asked} more asked ({cite(match, 'capacity')})"
        )
    return None


def begin(match: Match, side: str) -> None:
    """Open a fresh ledger for ``side``'s period now (a title calls it where its rule starts
    the count, DC 9.A: the Strategic Movement Phase; otherwise the first move opens it)."""
    state = match.state.ns(NAME)
    state.clear()
    state.update({"period": period(match, side), "used": 0, "moved": [], "ends": {}})


def spend(
    match: Match,
    side: str,
    units: Sequence[Unit],
    dest: str,
    markers: Mapping[str, int] | None = None,
) -> None:
    """Record ``units`` as moved strategically to ``dest`` this period, and ``markers`` (id ->
    weight: what moves strategically without being a unit, PMD 11.2's artillery shell marker)."""
    state = match.state.ns(NAME)
    if state.get("period") != period(match, side):
        begin(match, side)
    extra = dict(markers or {})
    state["used"] = int(state["used"]) + sum(weight(match, u) for u in units) + sum(extra.values())
    state["moved"].extend([*(u.id for u in units), *extra])
    state["ends"][dest] = int(state["ends"].get(dest, 0)) + len(units) + len(extra)


# ----------------------------------------------------------------------------- where


def line_locations(match: Match) -> frozenset[str]:
    """Map locations on a rail line: the hex carries the ``feature`` (a map line marks its
    hexes) or one of its hexsides does."""
    feature = settings(match).feature
    key = ("strategic-line", feature)
    found = match.cache.get(key)
    if found is None:
        top = match.topology
        graph = top.graph()
        found = frozenset(
            graph.ids[i]
            for i, row in enumerate(graph.edge_features)
            if not is_box(graph.ids[i])
            and (feature in top.features(graph.ids[i]) or any(feature in f for f in row))
        )
        match.cache[key] = found
    return cast(frozenset[str], found)


def in_period(match: Match, side: str, kind: str | None = None) -> bool:
    """``side`` may use strategic movement now: its side, turn and (given) decision kind."""
    s = settings(match)
    if side not in s.sides:
        return False
    if s.turns is not None and not s.turns[0] <= match.turn <= s.turns[1]:
        return False
    return kind is None or kind in s.kinds


def start_problem(match: Match, unit: Unit) -> str | None:
    """Why the unit may not start a strategic move now under the shared rules (settings
    ``sides``, ``turns``, ``start``, ``after``), or None. Title rules come on top."""
    s = settings(match)
    rule = cite(match, "start")
    if unit.side not in s.sides:
        return f"{unit.id}: only {' and '.join(s.sides)} units move strategically ({rule})"
    if unit.loc is None:
        return f"{unit.id} is not in play"
    if s.turns is not None and not s.turns[0] <= match.turn <= s.turns[1]:
        return f"strategic movement only on turns {s.turns[0]}-{s.turns[1]} ({rule})"
    if unit.id in moved(match, unit.side):
        return f"{unit.id} already moved strategically this {s.per} ({rule})"
    if "unmoved" in s.start and (kmove.done(match, unit) or kmove.spent(match, unit)):
        return f"{unit.id} has already moved this phase ({rule})"
    if is_box(unit.loc):
        return None
    if "on-line" in s.start and unit.loc not in line_locations(match):
        return f"{unit.id} is not on a {s.feature} line ({rule})"
    if "friendly" in s.start and match.state.control.get(unit.loc) != unit.side:
        return f"{unit.id} is not in a location its side controls ({rule})"
    if "not-in-enemy-zoc" in s.start and unit.loc in zoc_of(match, match.enemy(unit.side)):
        return f"{unit.id} starts in an enemy ZOC ({rule})"
    if "not-next-to-enemy" in s.start and unit.loc in near_enemy(match, unit.side):
        return f"{unit.id} starts next to an enemy unit ({rule})"
    return None


def blocked(match: Match, side: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Locations a strategic path of ``side`` may not enter, with the reason: the title's
    ``extra`` first, then the settings' ``enter`` rules (which win for a location in both)."""
    s = settings(match)
    rule = cite(match, "enter")
    found = dict(extra or {})
    if "enemy-zoc" in s.enter:
        for loc in sorted(zoc_of(match, match.enemy(side))):
            found[loc] = f"{loc} is in an enemy ZOC: no strategic movement into one ({rule})"
    if "beside-enemy" in s.enter:
        for loc in sorted(near_enemy(match, side)):
            found[loc] = f"{loc} is next to an enemy unit ({rule})"
    if "enemy-units" in s.enter:
        for loc, ids in sorted(match.occupied().items()):
            if not is_box(loc) and match.state.units[ids[0]].side != side:
                found[loc] = f"{loc} holds enemy units ({rule})"
    return found


def near_enemy(match: Match, side: str) -> frozenset[str]:
    """Hexes next to an enemy unit: a strategic path ends on entering one (``next-to-enemy``)."""
    top = match.topology
    out: set[str] = set()
    for loc, ids in match.occupied().items():
        if not is_box(loc) and match.state.units[ids[0]].side != side:
            out.update(top.neighbours(loc))
    return frozenset(out)


def _table(match: Match, unit: Unit | None) -> Costs:
    """One per hexside: 1 where the path rule allows the step, None where it does not."""
    s = settings(match)
    if s.path == "passable":
        assert unit is not None, "a 'passable' path needs the unit"
        base = kmove.cost_table(match, unit)
        key: tuple[Any, ...] = ("strategic-table", s.path, tuple(s.no_cross), id(base))
    else:
        base = None
        key = ("strategic-table", s.path, s.feature, tuple(s.no_cross))
    found = match.cache.get(key)
    if found is None:
        graph = match.topology.graph()
        rows = []
        for i, feats_row in enumerate(graph.edge_features):
            row: list[int | None] = []
            for k, feats in enumerate(feats_row):
                ok = not (set(s.no_cross) & set(feats))
                if s.path == "rail":
                    ok = ok and s.feature in feats
                elif base is not None:
                    ok = ok and base[i][k] is not None
                row.append(1 if ok else None)
            rows.append(tuple(row))
        found = match.cache[key] = tuple(rows)
    return cast(Costs, found)


def _costed(match: Match, table: Costs, enter_cost: Mapping[str, int]) -> Costs:
    """``table`` with each step into a location of ``enter_cost`` costing that much instead."""
    if not enter_cost:
        return table
    graph = match.topology.graph()
    rows = list(table)
    for loc, cost in enter_cost.items():
        j = graph.index.get(loc)
        if j is None:
            continue
        for i in graph.adj[j]:
            rows[i] = tuple(
                cost if (n == j and c is not None) else c
                for n, c in zip(graph.adj[i], rows[i], strict=True)
            )
    return rows


def search(
    match: Match,
    side: str,
    start: str,
    *,
    unit: Unit | None = None,
    blocked_at: Mapping[str, str] | None = None,
    enters: Callable[[str], bool] | None = None,
    enter_cost: Mapping[str, int] | None = None,
    entries: Iterable[str] = (),
) -> Reach:
    """Where a strategic move of ``side`` from ``start`` may end: destination -> (cost, path).

    ``blocked_at`` (from :func:`blocked`) may not be entered; ``enters`` is a title's further
    test of each location; ``enter_cost`` makes some dearer (PGG 13.31). From an off-map box the
    unit enters through one of ``entries`` (PGG 6.32: a rail hex, the first one counted). With
    no budget and no dearer locations the search is breadth-first (fewest steps); otherwise it
    is the kernel's cheapest-path search on the map graph."""
    s = settings(match)
    reasons = blocked_at if blocked_at is not None else blocked(match, side)
    stop = near_enemy(match, side) if "next-to-enemy" in s.enter else frozenset()
    control = match.state.control
    unfriendly = "unfriendly" in s.enter

    def open_(loc: str) -> bool:
        if loc in reasons or (unfriendly and control.get(loc) != side):
            return False
        return enters is None or enters(loc)

    graph = match.topology.graph()
    entries = tuple(entries)
    by_entry = is_box(start) and (bool(entries) or start not in graph.index)
    if s.budget is None and not enter_cost and not by_entry:
        return _breadth_first(match, start, _table(match, unit), open_, stop)
    costs = _costed(match, _table(match, unit), enter_cost or {})
    if enters is None and not unfriendly:
        block: Container[int] = graph.nodes(loc for loc in reasons if loc in graph.index)
    else:
        block = {i for i, loc in enumerate(graph.ids) if not open_(loc)}
    stops = graph.nodes(loc for loc in stop if loc in graph.index)
    budget = s.budget or ANY_DISTANCE
    out: Reach = {}
    if by_entry:
        lines = line_locations(match) if s.path == "rail" else None
        for entry in entries:
            if entry not in graph.index or (lines is not None and entry not in lines):
                continue
            if not open_(entry):
                continue
            first = (enter_cost or {}).get(entry, 1)
            sub = reachable(graph, graph.index[entry], budget - first, costs, blocked=block)
            paths = kmove.all_paths(sub, graph.ids)
            for node, (cost, _parent) in sub.items():
                dest = graph.ids[node]
                if dest not in out or cost + first < out[dest][0]:
                    out[dest] = (cost + first, [start, *paths[node]])
        return out
    s_node = graph.index[start]
    found = reachable(graph, s_node, budget, costs, blocked=block, stop=stops)
    paths = kmove.all_paths(found, graph.ids)
    for node, (cost, _parent) in found.items():
        if node != s_node:
            out[graph.ids[node]] = (cost, paths[node])
    return out


def _breadth_first(
    match: Match, start: str, table: Costs, open_: Callable[[str], bool], stop: frozenset[str]
) -> Reach:
    graph = match.topology.graph()
    parent: dict[str, str | None] = {start: None}
    paths: dict[str, list[str]] = {start: [start]}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and here in stop:
            continue  # entered next to the enemy: the move ends there
        i = graph.index[here]
        for k, j in enumerate(graph.adj[i]):
            other = graph.ids[j]
            if other in parent or table[i][k] is None or not open_(other):
                continue
            parent[other] = here
            paths[other] = [*paths[here], other]
            todo.append(other)
    return {loc: (len(path) - 1, path) for loc, path in paths.items() if loc != start}


def path_problem(
    match: Match,
    unit: Unit,
    path: Sequence[str],
    *,
    blocked_at: Mapping[str, str] | None = None,
    enter_cost: Mapping[str, int] | None = None,
) -> str | None:
    """Why ``unit`` may not move strategically along ``path`` (its location first), or None."""
    s = settings(match)
    rule = cite(match, "path")
    top = match.topology
    reasons = blocked_at if blocked_at is not None else blocked(match, unit.side)
    stop = near_enemy(match, unit.side) if "next-to-enemy" in s.enter else frozenset()
    lines = line_locations(match)
    total = 0
    for step, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if b not in top or is_box(b):
            return f"no hex {b} on the map"
        if is_box(a):
            entries = unit.flags.get("entry", ())
            if step != 0 or b not in entries:
                return f"{unit.id} enters only at {', '.join(entries)}"
            if s.path == "rail" and b not in lines:
                return f"{b} is not on a {s.feature} line ({rule})"
        else:
            edge = top.edge(a, b)
            if edge is None:
                return f"{a} and {b} are not adjacent"
            if set(s.no_cross) & set(edge.features):
                return f"no strategic movement from {a} to {b} ({rule})"
            if s.path == "rail" and s.feature not in edge.features:
                return f"{a} and {b} are not joined by a {s.feature} line ({rule})"
            if s.path == "passable":
                graph = top.graph()
                i, j = graph.index[a], graph.index[b]
                if _table(match, unit)[i][graph.adj[i].index(j)] is None:
                    return f"{unit.id} could not enter {b} from {a} ({rule})"
        if b in reasons:
            return f"{unit.id} may not enter {b} strategically: {reasons[b]}"
        if "unfriendly" in s.enter and match.state.control.get(b) != unit.side:
            return f"{b} is not {unit.side}-controlled ({cite(match, 'enter')})"
        if b in stop and b != path[-1]:
            return (
                f"{b} is next to an enemy unit: only the last hex may be ({cite(match, 'enter')})"
            )
        total += (enter_cost or {}).get(b, 1)
    if s.budget is not None and total > s.budget:
        return f"the path costs {total} of the {s.budget} a strategic move may ({cite(match, 'budget')})"
    if s.max_ending is not None and ending(match, unit.side, path[-1]) >= s.max_ending:
        return (
            f"{s.max_ending} strategic movers already end on {path[-1]} ({cite(match, 'ending')})"
        )
    return None


# ----------------------------------------------------------------------------- the verb


class Strategic(Verb):
    """``strategic UNIT[,UNIT...] FROM TO [TO...]``: strategic movement under the settings alone,
    in a phase of kind ``strategic``. Titles with their own verb set ``verb`` false: it then
    offers nothing."""

    name = "strategic"
    kinds = ("strategic",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if not settings(match).verb or not in_period(match, decision.side, decision.kind):
            return []
        room = left(match, decision.side)
        return sorted(
            u.id
            for u in match.units_of(decision.side)
            if weight(match, u) <= room and start_problem(match, u) is None
        )

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if unit is None or actor not in self.actors(match, decision):
            return []
        assert unit.loc is not None
        s = settings(match)
        reach = search(match, unit.side, unit.loc, unit=unit, entries=unit.flags.get("entry", ()))
        return [
            Action(self.name, (unit.id, *reach[dest][1]))
            for dest in sorted(reach)
            if s.max_ending is None or ending(match, unit.side, dest) < s.max_ending
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        s = settings(match)
        if len(action.args) < 3:
            return f"usage: {self.name} UNIT[,UNIT...] FROM TO [TO...]"
        if not s.verb:
            return f"this title moves strategically with its own verbs ({s.rule})"
        if not in_period(match, decision.side, decision.kind):
            return f"no strategic movement for {decision.side} now ({s.rule})"
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        units, why = kmove.listed_units(
            match, decision, ids, path[0], lambda u: start_problem(match, u)
        )
        if why:
            return why
        why = capacity_problem(match, decision.side, units)
        if why:
            return why
        for unit in units:
            why = path_problem(match, unit, path)
            if why:
                return why
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        s = settings(match)
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        units = [match.state.units[uid] for uid in ids]
        spend(match, decision.side, units, path[-1])
        for unit in units:
            unit.flags.pop("entry", None)
            match.place(unit, path[-1])
        match.emit(
            "move",
            f"{', '.join(ids)} move strategically {' '.join(path)}",
            s.rule,
            units=ids,
            path=path,
        )
        match.hook.wargame_moved(match=match, units=units, path=path)


@hookimpl
@veto_scope(verbs=("move", "attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """Settings ``after``: a unit that moved strategically this period does not also move
    (``no-move``) or attack (``no-attack``)."""
    s = settings(match)
    barred = {"move": "no-move", "attack": "no-attack", "overrun": "no-attack"}[action.verb]
    if barred not in s.after:
        return None
    at = 0 if action.verb == "move" else 2  # move UNITS ...; attack/overrun TARGET with UNITS
    if len(action.args) <= at:
        return None
    arg = action.args[at]
    done = set(moved(match, decision.side))
    for uid in str(arg).split(","):
        if uid in done:
            what = "move" if barred == "no-move" else "attack"
            return f"{uid} moved strategically this {s.per} and may not {what} ({s.rule})"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Strategic()]
