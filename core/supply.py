"""Supply path tracing over the compiled graph, with the path kept for explanations.

Rulebooks trace a path of hexes (or movement points) from a unit to a supply source that may
not enter enemy units or uncontested enemy ZOC (``blocked``), may end in but not pass through
some terrain (``no_through``: PGG's "into but not through" swamp), may not cross some
hexsides (a ``None`` in the cost table: PGG lake hexsides) and may be limited in length.

Two entry points: :func:`supply_net` searches outward from every source at once (one pass
answers for every unit on the map) and :func:`traces_to` walks from one unit toward the
nearest source and stops there. Both read the path the same way, from the unit to the source:
``cost[i][k]`` is what the path pays to step from ``i`` into ``graph.adj[i][k]`` going toward
the source (so a movement :class:`~wargame.movement.CostModel` can be reused as it is). With
no cost table each step costs 1 and the limit counts hexes (or links).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass

from wargame.movement import CostModel
from wargame.topology import Graph, reverse_index

__all__ = ["SupplyNet", "supply_net", "traces_to"]

CostTable = Sequence[Sequence[int | None]]

# A bucket queue needs one bucket per cost value: above these, a heap is cheaper.
_DIAL_MAX_LIMIT = 1 << 14
_DIAL_MAX_STEP = 64


@dataclass(frozen=True, slots=True)
class SupplyNet:
    """Result of :func:`supply_net`: every node that traces supply, and how."""

    dist: Mapping[int, int]  # node -> cost (or steps) of its cheapest path to a source
    parent: Mapping[int, int]  # node -> next node on that path toward the source; -1 at a source

    def __contains__(self, node: object) -> bool:
        return node in self.dist

    def __len__(self) -> int:
        return len(self.dist)

    def path(self, node: int) -> list[int]:
        """The supply path from ``node`` to its source, both included."""
        if node not in self.dist:
            raise ValueError(f"node {node} traces no supply path")
        parent = self.parent
        path = [node]
        nxt = parent[node]
        while nxt != -1:
            path.append(nxt)
            nxt = parent[nxt]
        return path

    def source_of(self, node: int) -> int:
        """The source a node's path ends at."""
        return self.path(node)[-1]


def supply_net(
    graph: Graph,
    sources: Iterable[int],
    *,
    blocked: Container[int] = (),
    no_through: Container[int] = (),
    cost: CostTable | CostModel | None = None,
    limit: int | None = None,
) -> SupplyNet:
    """Cheapest supply path from every node to the nearest source, within ``limit``.

    ``blocked`` nodes are never on a path (a blocked source is ignored). ``no_through`` nodes
    may only be a path's first node (the unit's) or its last (a source). ``limit`` bounds the
    path's cost (its length in steps when ``cost`` is None).
    """
    adj = graph.adj
    n = len(adj)
    if isinstance(cost, CostModel):
        cost = cost.table
    starts = [s for s in dict.fromkeys(sources) if s not in blocked]
    if cost is None:
        dist, parent, reached = _bfs(adj, starts, blocked, no_through, limit)
    else:
        arcs, dearest = _backward_arcs(graph, cost)
        if dearest <= _DIAL_MAX_STEP and (limit is None or limit <= _DIAL_MAX_LIMIT):
            dist, parent, reached = _dial_multi(arcs, starts, blocked, no_through, limit)
        else:
            dist, parent, reached = _heap_multi(arcs, starts, blocked, no_through, limit, n)
    return SupplyNet(
        dist=dict(zip(reached, map(dist.__getitem__, reached), strict=True)),
        parent=dict(zip(reached, map(parent.__getitem__, reached), strict=True)),
    )


def steps_closed_by(graph: Graph, feature: str) -> tuple[tuple[int | None, ...], ...]:
    """A cost table of one step a hexside, None across one carrying ``feature`` (LWE 7.13's and
    Barbarossa 7.4's all-sea hexsides); callers keep it in ``match.cache``."""
    return tuple(
        tuple(None if feature in feats else 1 for feats in row) for row in graph.edge_features
    )


def traces_to(
    graph: Graph,
    start: int,
    sources: Container[int],
    *,
    blocked: Container[int] = (),
    no_through: Container[int] = (),
    cost: CostTable | CostModel | None = None,
    limit: int | None = None,
) -> list[int] | None:
    """The cheapest supply path from ``start`` to a source (both included), or None.

    Same rules as :func:`supply_net` (``start`` itself blocked means no path); stops at the
    first source settled.
    """
    if start in blocked:
        return None
    if start in sources:
        return [start]
    adj = graph.adj
    if isinstance(cost, CostModel):
        cost = cost.table
    parent = {start: -1}
    found = -1
    if cost is None:
        steps = {start: 0}
        queue = deque([start])
        while queue and found < 0:
            u = queue.popleft()
            if u != start and u in no_through:
                continue
            du = steps[u] + 1
            if limit is not None and du > limit:
                break
            for v in adj[u]:
                if v in parent or v in blocked:
                    continue
                parent[v] = u
                steps[v] = du
                if v in sources:
                    found = v
                    break
                queue.append(v)
    else:
        dist = {start: 0}
        done: set[int] = set()
        heap = [(0, start)]
        while heap:
            d, u = heapq.heappop(heap)
            if u in done:
                continue
            done.add(u)
            if u in sources:
                found = u
                break
            if u != start and u in no_through:
                continue
            for v, c in zip(adj[u], cost[u], strict=False):
                if c is None or v in done or v in blocked:
                    continue
                nd = d + c
                if limit is not None and nd > limit:
                    continue
                old = dist.get(v)
                if old is None or nd < old:
                    dist[v] = nd
                    parent[v] = u
                    heapq.heappush(heap, (nd, v))
    if found < 0:
        return None
    path = [found]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return path


Arcs = tuple[tuple[tuple[int, int], ...], ...]

_BACKWARD: dict[tuple[int, int], tuple[Graph, CostTable, Arcs, int]] = {}


def _backward_arcs(graph: Graph, cost: CostTable) -> tuple[Arcs, int]:
    """The search's arcs, ((cost, node), ...) per node, and the dearest step's cost.

    The search runs from the sources outward, against the path's direction: reaching ``v``
    from ``u`` in the search is the path stepping from ``v`` into ``u``, which costs
    ``cost[v][k]`` where ``adj[v][k] == u``. Cached for immutable (tuple) tables.
    """
    key = (id(graph), id(cost))
    hit = _BACKWARD.get(key)
    if hit is not None and hit[0] is graph and hit[1] is cost:
        return hit[2], hit[3]
    rev = reverse_index(graph)
    if len(cost) != len(graph.adj):
        raise ValueError(f"the cost table has {len(cost)} rows for {len(graph.adj)} nodes")
    rows = []
    dearest = 0
    for u, nbrs in enumerate(graph.adj):
        if len(cost[u]) != len(nbrs):
            raise ValueError(f"cost row {u} has {len(cost[u])} entries for {len(nbrs)} neighbours")
        row = []
        for k, v in enumerate(nbrs):
            back = rev[u][k]
            c = cost[v][back] if back >= 0 else None
            if c is not None:
                if c < 0:
                    raise ValueError(f"negative cost {c} from node {v}")
                dearest = max(dearest, c)
                row.append((c, v))
        rows.append(tuple(row))
    arcs = tuple(rows)
    if isinstance(cost, tuple) and all(isinstance(row, tuple) for row in cost):
        # A list could change under us; a tuple of tuples (a CostModel's table) cannot.
        if len(_BACKWARD) >= 16:
            _BACKWARD.pop(next(iter(_BACKWARD)))
        _BACKWARD[key] = (graph, cost, arcs, dearest)  # holding both keeps their ids unique
    return arcs, dearest


def _mark_blocked(dist: list[int], blocked: Container[int], mark: int) -> None:
    n = len(dist)
    nodes = blocked if isinstance(blocked, Iterable) else [i for i in range(n) if i in blocked]
    for b in nodes:
        if 0 <= b < n:
            dist[b] = mark


def _bfs(
    adj: Sequence[Sequence[int]],
    starts: Sequence[int],
    blocked: Container[int],
    no_through: Container[int],
    limit: int | None,
) -> tuple[list[int], list[int], list[int]]:
    dist = [-1] * len(adj)
    _mark_blocked(dist, blocked, -2)  # never equal to -1: never visited
    parent = [-1] * len(adj)
    reached = list(starts)
    for s in starts:
        dist[s] = 0
    is_source = set(starts)
    head = 0
    push = reached.append
    while head < len(reached):
        u = reached[head]
        head += 1
        if u in no_through and u not in is_source:
            continue
        du = dist[u] + 1
        if limit is not None and du > limit:
            break  # BFS order: everything left is at least as far
        for v in adj[u]:
            if dist[v] == -1:
                dist[v] = du
                parent[v] = u
                push(v)
    return dist, parent, reached


def _multi_start(
    n: int, starts: Sequence[int], blocked: Container[int], limit: int | None
) -> tuple[list[int], list[int], set[int]]:
    """Costs (0 at the sources, -1 on blocked nodes, past ``limit`` elsewhere), parents, and
    the sources as a set: where the costed searches from every source begin."""
    unreached = (1 << 62) if limit is None else limit + 1
    dist = [unreached] * n
    _mark_blocked(dist, blocked, -1)
    parent = [-1] * n
    for s in starts:
        dist[s] = 0
    return dist, parent, set(starts)


def _dial_multi(
    arcs: Arcs,
    starts: Sequence[int],
    blocked: Container[int],
    no_through: Container[int],
    limit: int | None,
) -> tuple[list[int], list[int], list[int]]:
    """Dial's algorithm from every source at once; buckets grow as costs are found."""
    dist, parent, is_source = _multi_start(len(arcs), starts, blocked, limit)
    buckets: list[list[int]] = [list(starts)]
    reached: list[int] = []
    settle = reached.append
    d = 0
    while d < len(buckets):
        for u in buckets[d]:
            if dist[u] != d:
                continue
            settle(u)
            if u in no_through and u not in is_source:
                continue
            for c, v in arcs[u]:
                nd = d + c
                if nd < dist[v]:
                    dist[v] = nd
                    parent[v] = u
                    while nd >= len(buckets):
                        buckets.append([])
                    buckets[nd].append(v)
        d += 1
    return dist, parent, reached


def _heap_multi(
    arcs: Arcs,
    starts: Sequence[int],
    blocked: Container[int],
    no_through: Container[int],
    limit: int | None,
    n: int,
) -> tuple[list[int], list[int], list[int]]:
    """Binary-heap Dijkstra for costly steps (same contract as :func:`_dial_multi`)."""
    dist, parent, is_source = _multi_start(n, starts, blocked, limit)
    done = bytearray(n)
    heap = [(0, s) for s in starts]
    reached: list[int] = []
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = 1
        reached.append(u)
        if u in no_through and u not in is_source:
            continue
        for c, v in arcs[u]:
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                parent[v] = u
                heapq.heappush(heap, (nd, v))
    return dist, parent, reached
