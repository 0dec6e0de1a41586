"""The topology protocol every map implements, and the compiled int view the hot paths run on.

Movement, supply and combat adjacency only talk to :class:`Topology`; a hex grid and a
point-to-point network are two implementations of it. Pathfinding never touches string ids:
it runs on :class:`Graph`, built once per map, where locations are ints and neighbours are
tuples of ints.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from wargame.errors import UsageError, WargameError

__all__ = [
    "BOX_PREFIX",
    "EMPTY_ATTRS",
    "Edge",
    "Graph",
    "MapDataError",
    "MapBase",
    "Topology",
    "UnknownLocationError",
    "UnknownRegionError",
    "bfs_steps",
    "compile_graph",
    "is_box",
    "reverse_index",
]

BOX_PREFIX = "box:"
EMPTY_ATTRS: Mapping[str, Any] = MappingProxyType({})


def is_box(loc: str) -> bool:
    """Off-map boxes are locations whose id starts with ``box:``."""
    return loc.startswith(BOX_PREFIX)


class UnknownLocationError(UsageError, LookupError, ValueError):
    """A location id that is not on this map. The message names the id (unlike a bare KeyError).

    A LookupError and a ValueError too, so callers catching either still catch it.
    """

    def __init__(self, loc: str, map_id: str = "") -> None:
        self.loc = loc
        self.map_id = map_id
        where = f" on map {map_id!r}" if map_id else ""
        super().__init__(f"unknown location {loc!r}{where}")

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownRegionError(UsageError, LookupError, ValueError):
    """A region name that this map does not define."""

    def __init__(self, name: str, map_id: str = "") -> None:
        self.name = name
        self.map_id = map_id
        where = f" on map {map_id!r}" if map_id else ""
        super().__init__(f"unknown region {name!r}{where}")

    def __str__(self) -> str:
        return str(self.args[0])


class MapDataError(WargameError, ValueError):
    """Map data that cannot describe a real board (a road jumping hexes, a hexside of non-neighbours).

    The lead's model validation catches malformed JSON first; this catches what a schema
    cannot see (adjacency, unknown hexes), with the map id and the entry's name in the message.
    """


@dataclass(frozen=True, slots=True)
class Edge:
    """A hexside between two hexes, a link between two points, or a box connection."""

    a: str
    b: str
    kind: str  # "hexside" | "link" | "box"
    features: frozenset[str]  # e.g. {"river"}, {"road", "rail"}, {"strait"}
    attrs: Mapping[str, Any]  # e.g. {"class": "major", "name": "Dnepr"}

    def __hash__(self) -> int:
        # attrs may be a dict; identity of an edge is its two ends, kind and features.
        return hash((self.a, self.b, self.kind, self.features))


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class Graph:
    """Compiled int view of a topology, shared by movement and supply.

    ``eq=False``: graphs compare and hash by identity, so callers can key caches on them
    (comparing two 3,600-node graphs field by field is never what anyone wants).
    """

    ids: tuple[str, ...]  # int -> id
    index: Mapping[str, int]  # id -> int
    adj: tuple[tuple[int, ...], ...]  # adj[i] = neighbour ints, fixed order
    edge_features: tuple[tuple[frozenset[str], ...], ...]  # aligned with adj

    def __len__(self) -> int:
        return len(self.ids)

    def node(self, loc: str) -> int:
        """The int of a location id, with an error that names the id."""
        try:
            return self.index[loc]
        except KeyError:
            raise UnknownLocationError(loc) from None

    def nodes(self, locs: Iterable[str]) -> frozenset[int]:
        """Ints of several location ids (for ``stop``, ``blocked``, supply sources...)."""
        return frozenset(self.node(loc) for loc in locs)

    def path_ids(self, path: Iterable[int]) -> list[str]:
        """Location ids of a path of ints."""
        ids = self.ids
        return [ids[i] for i in path]


@runtime_checkable
class Topology(Protocol):
    """What movement, supply and combat may ask of a map."""

    kind: str  # "hex" or "network"

    def __contains__(self, loc: str) -> bool: ...

    def locations(self) -> Sequence[str]:
        """Every location, boxes included, in a stable order."""
        ...

    def neighbours(self, loc: str) -> tuple[str, ...]: ...

    def edge(self, a: str, b: str) -> Edge | None:
        """The hexside or link between two locations; None when they are not adjacent."""
        ...

    def distance(self, a: str, b: str) -> int:
        """Hex distance on a grid, fewest links on a network."""
        ...

    def terrain(self, loc: str) -> str: ...

    def features(self, loc: str) -> frozenset[str]: ...

    def attrs(self, loc: str) -> Mapping[str, Any]: ...

    def region(self, name: str) -> frozenset[str]: ...

    def regions(self) -> Mapping[str, frozenset[str]]: ...

    def position(self, loc: str) -> tuple[float, float]:
        """Drawing coordinates: x to the right, y down."""
        ...

    def graph(self) -> Graph:
        """The compiled int view, built once and cached."""
        ...


class MapBase:
    """What a hex grid and a point network answer alike, from the tables both build: ``_ids``
    (every location in order, boxes last), ``_order``, ``_box_ids``, ``_nbrs``, ``_regions``
    and the ``_bfs`` cache of step counts."""

    id: str
    _ids: tuple[str, ...]
    _order: dict[str, int]
    _box_ids: tuple[str, ...]
    _nbrs: dict[str, tuple[str, ...]]
    _regions: dict[str, frozenset[str]]
    _bfs: dict[str, list[int]]

    def graph(self) -> Graph:
        raise NotImplementedError

    def _check(self, loc: str) -> None:
        if loc not in self._order:
            raise UnknownLocationError(loc, self.id)

    def __contains__(self, loc: object) -> bool:
        return loc in self._order

    def __len__(self) -> int:
        return len(self._ids)

    def locations(self) -> Sequence[str]:
        return self._ids

    def boxes(self) -> Sequence[str]:
        return self._box_ids

    def neighbours(self, loc: str) -> tuple[str, ...]:
        try:
            return self._nbrs[loc]
        except KeyError:
            raise UnknownLocationError(loc, self.id) from None

    def regions(self) -> Mapping[str, frozenset[str]]:
        return MappingProxyType(self._regions)

    def _steps(self, a: str, b: str) -> int:
        """Fewest steps along the graph (each start's counts cached); ValueError without a route."""
        self._check(a)
        self._check(b)
        graph = self.graph()
        dist = self._bfs.get(a)
        if dist is None:
            dist = self._bfs[a] = bfs_steps(graph, graph.index[a])
        d = dist[graph.index[b]]
        if d < 0:
            raise ValueError(f"map {self.id!r}: no route between {a} and {b}")
        return d


def compile_graph(
    locations: Sequence[str],
    neighbours: Callable[[str], Sequence[str]],
    edge_features: Callable[[str, str], frozenset[str]],
) -> Graph:
    """Build a :class:`Graph` from string-level callables (run once per map)."""
    ids = tuple(locations)
    index = {loc: i for i, loc in enumerate(ids)}
    adj: list[tuple[int, ...]] = []
    feats: list[tuple[frozenset[str], ...]] = []
    for loc in ids:
        nbrs = tuple(neighbours(loc))
        adj.append(tuple(index[n] for n in nbrs))
        feats.append(tuple(edge_features(loc, n) for n in nbrs))
    return Graph(ids=ids, index=MappingProxyType(index), adj=tuple(adj), edge_features=tuple(feats))


def bfs_steps(graph: Graph, start: int) -> list[int]:
    """Fewest steps from ``start`` to every node; -1 where unreachable."""
    adj = graph.adj
    dist = [-1] * len(adj)
    dist[start] = 0
    queue = deque([start])
    pop = queue.popleft
    push = queue.append
    while queue:
        u = pop()
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = du
                push(v)
    return dist


_REVERSE: weakref.WeakKeyDictionary[Graph, tuple[tuple[int, ...], ...]] = (
    weakref.WeakKeyDictionary()
)


def reverse_index(graph: Graph) -> tuple[tuple[int, ...], ...]:
    """``rev[i][k]`` = position of ``i`` in ``adj[adj[i][k]]`` (-1 if that way is missing).

    Lets a search that runs against the direction of travel (supply traced outward from the
    sources) charge the cost of the step in the direction of travel. Cached per graph.
    """
    cached = _REVERSE.get(graph)
    if cached is not None:
        return cached
    adj = graph.adj
    pos = [{v: k for k, v in enumerate(nbrs)} for nbrs in adj]
    rev = tuple(tuple(pos[v].get(i, -1) for v in nbrs) for i, nbrs in enumerate(adj))
    _REVERSE[graph] = rev
    return rev
