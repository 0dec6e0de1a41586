"""Movement search: which locations a unit can reach with its movement points, and how.

This is the engine's hot path: legal-move generation asks it for every unit, every time the
state changes. It runs on the compiled :class:`~wargame.topology.Graph` with integer costs
compiled once into per-node arc tuples (:class:`CostModel`), and uses Dial's algorithm (a
bucket queue indexed by points spent): with budgets of a few dozen points a list of buckets
beats a binary heap and makes no comparisons. Costs are ints; a title whose chart has half
points scales by 2.

Rules arrive as arguments, not callbacks, so the inner loop stays tight:

- ``stop``: may be entered but not left (rigid enemy ZOC, e.g. PGG 8.0);
- ``blocked``: may never be entered (enemy units);
- ``locked``: the unit may not leave its location at all (it began in a locking ZOC);
- ``min_one_step``: a unit with its whole allowance may always enter one adjacent location
  whose cost is not prohibited, however expensive (Barbarossa, LWE, PMD).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Any

from wargame.topology import Edge, Graph, Topology

__all__ = [
    "CostModel",
    "CostTable",
    "Tree",
    "cheapest_path",
    "compile_arcs",
    "path_cost",
    "path_to",
    "reachable",
]

CostTable = Sequence[Sequence[int | None]]
"""``cost[i][k]``: cost to enter ``graph.adj[i][k]`` from ``i``; None means prohibited."""

Tree = dict[int, tuple[int, int]]
"""``{node: (cost spent, parent node)}``; the start's parent is -1."""

Arcs = tuple[tuple[tuple[int, int], ...], ...]
"""``arcs[i]`` = ((cost, j), ...): the permitted steps out of ``i``, in adjacency order."""

# Above this budget the bucket list costs more than a heap saves.
_DIAL_MAX_BUDGET = 1 << 14


def compile_arcs(graph: Graph, table: CostTable) -> tuple[Arcs, int]:
    """(arcs, cheapest arc cost) of a cost table: prohibited steps dropped, costs checked."""
    rows = []
    cheapest = -1
    for i, (nbrs, costs) in enumerate(zip(graph.adj, table, strict=True)):
        if len(costs) != len(nbrs):
            raise ValueError(f"cost row {i} has {len(costs)} entries for {len(nbrs)} neighbours")
        row = tuple((c, j) for j, c in zip(nbrs, costs, strict=True) if c is not None)
        for c, _ in row:
            if c < 0:
                raise ValueError(f"negative cost {c} from node {i}")
            if cheapest < 0 or c < cheapest:
                cheapest = c
        rows.append(row)
    return tuple(rows), max(cheapest, 0)


_COMPILED: dict[tuple[int, int], tuple[Graph, CostTable, Arcs, int]] = {}


def _arcs(graph: Graph, cost: CostTable | CostModel) -> tuple[Arcs, int] | None:
    """Compiled arcs of a CostModel or a tuple table (cached); None for a mutable table."""
    if isinstance(cost, CostModel):
        if cost.graph is not graph:
            raise ValueError("the cost model was built for another map's graph")
        return cost.arcs, cost.cheapest
    if not isinstance(cost, tuple):
        return None  # a list may change between calls: search it as it stands
    key = (id(graph), id(cost))
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is graph and hit[1] is cost:
        return hit[2], hit[3]
    if not all(isinstance(row, tuple) for row in cost):
        return None  # a tuple of lists can change too
    arcs, cheapest = compile_arcs(graph, cost)
    if len(_COMPILED) >= 16:
        _COMPILED.pop(next(iter(_COMPILED)))
    _COMPILED[key] = (graph, cost, arcs, cheapest)  # holding both keeps their ids unique
    return arcs, cheapest


def _blocked_nodes(blocked: Container[int], n: int) -> Iterable[int]:
    if isinstance(blocked, Iterable):
        return blocked
    return [i for i in range(n) if i in blocked]  # a bare Container: ask it about every node


def _dial(
    arcs: Arcs,
    cheapest: int,
    start: int,
    budget: int,
    stop: Container[int],
    blocked: Container[int],
) -> Tree:
    """Dial's algorithm; returns the tree.

    ``info`` is overwritten on every improvement, so when the search ends it already holds
    each node's final (cost, parent): no separate pass builds the result.
    """
    n = len(arcs)
    unreached = budget + 1
    dist = [unreached] * n
    for b in _blocked_nodes(blocked, n):
        if 0 <= b < n:
            dist[b] = -1  # never improved upon: never entered
    dist[start] = 0
    info: Tree = {start: (0, -1)}
    buckets: list[list[int]] = [[] for _ in range(unreached)]
    buckets[0].append(start)
    # Nothing settled above budget - cheapest can afford another step: skip those buckets.
    for d in range(budget - cheapest + 1):
        # Zero-cost steps append to this very bucket; the for loop picks them up.
        for u in buckets[d]:
            if dist[u] != d:
                continue  # stale entry: u was reached more cheaply
            for c, v in arcs[u]:
                nd = d + c
                if nd < dist[v]:
                    dist[v] = nd
                    info[v] = (nd, u)
                    if v not in stop:  # entered, never left: no need to queue it
                        buckets[nd].append(v)
    return info


def _dial_table(
    adj: Sequence[Sequence[int]],
    cost: CostTable,
    start: int,
    budget: int,
    stop: Container[int],
    blocked: Container[int],
) -> Tree:
    """:func:`_dial` reading a (mutable) cost table as it stands, without compiling it."""
    n = len(adj)
    if len(cost) != n:
        raise ValueError(f"the cost table has {len(cost)} rows for {n} nodes")
    unreached = budget + 1
    dist = [unreached] * n
    for b in _blocked_nodes(blocked, n):
        if 0 <= b < n:
            dist[b] = -1
    dist[start] = 0
    info: Tree = {start: (0, -1)}
    buckets: list[list[int]] = [[] for _ in range(unreached)]
    buckets[0].append(start)
    for d in range(unreached):
        for u in buckets[d]:
            if dist[u] != d:
                continue
            row = cost[u]
            if len(row) != len(adj[u]):
                raise ValueError(
                    f"cost row {u} has {len(row)} entries for {len(adj[u])} neighbours"
                )
            for v, c in zip(adj[u], row, strict=False):
                if c is None:
                    continue
                nd = d + c
                if nd < dist[v]:
                    if c < 0:
                        raise ValueError(f"negative cost {c} from node {u}")
                    dist[v] = nd
                    info[v] = (nd, u)
                    if v not in stop:
                        buckets[nd].append(v)
    return info


def _heap(
    arcs: Arcs,
    start: int,
    budget: int | None,
    stop: Container[int],
    blocked: Container[int],
    goal: int,
) -> Tree:
    """Binary-heap Dijkstra for huge or unlimited budgets (same contract as :func:`_dial`)."""
    info: Tree = {start: (0, -1)}
    done: set[int] = set()
    heap = [(0, start)]
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        if u == goal:
            break
        if u in stop and u != start:
            continue
        for c, v in arcs[u]:
            nd = d + c
            if v in done or (budget is not None and nd > budget):
                continue
            old = info.get(v)
            if (old is None or nd < old[0]) and v not in blocked:
                info[v] = (nd, u)
                heapq.heappush(heap, (nd, v))
    return info


def _search(
    graph: Graph,
    start: int,
    budget: int | None,
    cost: CostTable | CostModel,
    stop: Container[int],
    blocked: Container[int],
    goal: int,
) -> tuple[Tree, Sequence[tuple[int, int]]]:
    """The tree, and the permitted (cost, node) steps out of ``start``."""
    adj = graph.adj
    if not 0 <= start < len(adj):
        raise ValueError(f"start node {start} is not in the graph")
    compiled = _arcs(graph, cost)
    if compiled is None:
        table = cost if not isinstance(cost, CostModel) else cost.table
        if budget is not None and budget <= _DIAL_MAX_BUDGET:
            tree = _dial_table(adj, table, start, budget, stop, blocked)
            first = [
                (c, v) for v, c in zip(adj[start], table[start], strict=False) if c is not None
            ]
            return tree, first
        compiled = compile_arcs(graph, table)
    arcs, cheapest = compiled
    if budget is not None and budget <= _DIAL_MAX_BUDGET:
        return _dial(arcs, cheapest, start, budget, stop, blocked), arcs[start]
    return _heap(arcs, start, budget, stop, blocked, goal), arcs[start]


def reachable(
    graph: Graph,
    start: int,
    budget: int,
    cost: CostTable | CostModel,
    *,
    stop: Container[int] = (),
    blocked: Container[int] = (),
    locked: bool = False,
    min_one_step: bool = False,
) -> Tree:
    """Every location the unit can reach, with its cheapest cost and the parent on that path.

    ``stop`` and ``blocked`` apply to locations entered, never to ``start``: a unit that may
    not leave its location is ``locked``. A ``min_one_step`` entry costs the whole ``budget``
    (the unit has spent everything) and is added only where no normal move reaches.
    Fastest with a :class:`CostModel` or a tuple-of-tuples table (compiled once, cached);
    a list table is read as it stands on every call (about half the speed, no compile).
    """
    if locked or budget < 0:
        return {start: (0, -1)}
    tree, first = _search(graph, start, budget, cost, stop, blocked, -1)
    if min_one_step:
        for _, v in first:
            if v not in tree and v not in blocked:
                tree[v] = (budget, start)
    return tree


def path_to(tree: Mapping[int, tuple[int, int]], node: int) -> list[int]:
    """The path from the search's start to ``node`` (both included), read off a tree."""
    if node not in tree:
        raise ValueError(f"node {node} is not in the movement tree (not reachable)")
    path = [node]
    parent = tree[node][1]
    while parent != -1:
        path.append(parent)
        parent = tree[parent][1]
    path.reverse()
    return path


def cheapest_path(
    graph: Graph,
    start: int,
    goal: int,
    cost: CostTable | CostModel,
    *,
    budget: int | None = None,
    stop: Container[int] = (),
    blocked: Container[int] = (),
    locked: bool = False,
    min_one_step: bool = False,
) -> tuple[int, list[int]] | None:
    """``(cost, path)`` of the cheapest path from ``start`` to ``goal``, or None.

    Same rules as :func:`reachable`; ``budget=None`` means unlimited (a retreat route, a
    strategic move). Stops searching as soon as ``goal`` is settled.
    """
    if goal == start:
        return 0, [start]
    if locked or goal in blocked or (budget is not None and budget < 0):
        return None
    tree, first = _search(graph, start, budget, cost, stop, blocked, goal)
    if goal in tree:
        return tree[goal][0], path_to(tree, goal)
    if min_one_step and budget is not None and any(v == goal for _, v in first):
        return budget, [start, goal]
    return None


def path_cost(graph: Graph, cost: CostTable | CostModel, path: Sequence[int]) -> int | None:
    """What a given path costs step by step; None if a step is prohibited or not adjacent."""
    table = cost.table if isinstance(cost, CostModel) else cost
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        try:
            k = graph.adj[a].index(b)
        except ValueError:
            return None
        c = table[a][k]
        if c is None:
            return None
        total += c
    return total


class CostModel:
    """A cost table built once from a topology and a cost rule; the caller caches it.

    ``rule(from_id, to_id, edge)`` returns the cost to enter ``to_id`` from ``from_id``, or
    None when the step is prohibited. Fractional chart costs are multiplied by ``scale``
    (2 for half-point charts) and must then be whole. ``table[i][k]`` is aligned with
    ``graph.adj``; ``arcs`` is the same table compiled for the search.
    """

    __slots__ = ("arcs", "cheapest", "graph", "scale", "table")

    def __init__(
        self,
        topology: Topology,
        rule: Callable[[str, str, Edge], int | float | None],
        *,
        scale: int = 1,
    ) -> None:
        graph = topology.graph()
        ids = graph.ids
        rows: list[tuple[int | None, ...]] = []
        for i, nbrs in enumerate(graph.adj):
            a = ids[i]
            row: list[int | None] = []
            for j in nbrs:
                b = ids[j]
                edge = topology.edge(a, b)
                if edge is None:  # pragma: no cover - a topology whose graph disagrees with edge()
                    raise ValueError(f"{a} and {b} are neighbours in the graph but have no edge")
                row.append(_whole(rule(a, b, edge), scale, a, b))
            rows.append(tuple(row))
        self.graph = graph
        self.scale = scale
        self.table: tuple[tuple[int | None, ...], ...] = tuple(rows)
        self.arcs, self.cheapest = compile_arcs(graph, self.table)

    @classmethod
    def of_table(
        cls,
        graph: Graph,
        table: CostTable,
        *,
        scale: int = 1,
        base: CostModel | None = None,
        changed: Iterable[int] = (),
    ) -> CostModel:
        """A model over a table already in integer units (built by a title's hooks), compiled
        here once. With ``base`` (a model of the same graph) only the rows ``changed`` are
        compiled again: a table that adds the moment's extra costs to a few locations' arcs
        (the rest of the map as in ``base``).
        """
        model = object.__new__(cls)
        model.graph = graph
        model.scale = scale
        model.table = tuple(tuple(row) for row in table)
        if base is None:
            model.arcs, model.cheapest = compile_arcs(graph, model.table)
            return model
        if base.graph is not graph:
            raise ValueError("the base cost model was built for another map's graph")
        arcs = list(base.arcs)
        cheapest = base.cheapest
        for i in changed:
            arcs[i] = tuple(
                (c, j) for j, c in zip(graph.adj[i], model.table[i], strict=True) if c is not None
            )
            for c, _ in arcs[i]:
                if c < 0:
                    raise ValueError(f"negative cost {c} from node {i}")
                cheapest = min(cheapest, c)
        model.arcs, model.cheapest = tuple(arcs), cheapest
        return model

    def __len__(self) -> int:
        return len(self.table)

    def __getitem__(self, i: int) -> tuple[int | None, ...]:
        return self.table[i]

    def step(self, a: str, b: str) -> int | None:
        """Scaled cost to enter ``b`` from ``a`` (None: prohibited); ValueError if not adjacent."""
        i = self.graph.node(a)
        j = self.graph.node(b)
        try:
            k = self.graph.adj[i].index(j)
        except ValueError:
            raise ValueError(f"{a} and {b} are not adjacent") from None
        return self.table[i][k]


def _whole(value: Any, scale: int, a: str, b: str) -> int | None:
    if value is None:
        return None
    scaled = value * scale
    whole = int(round(scaled))
    if isinstance(value, bool) or abs(scaled - whole) > 1e-9 or whole < 0:
        raise ValueError(
            f"cost {value!r} to enter {b} from {a} (scale {scale}) is not a whole, "
            "non-negative number of points"
        )
    return whole
