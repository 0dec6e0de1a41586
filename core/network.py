"""Point-to-point maps: named points joined by links that carry a class and attributes.

Dark Crusade moves between cities along rail lines with capacities; a link's class and
features ("highway", "strait") are what its rules read. Off-map boxes are points too, with
explicit adjacency. Distance is the fewest links, the network's analogue of hex distance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from wargame.topology import (
    EMPTY_ATTRS,
    Edge,
    Graph,
    MapBase,
    MapDataError,
    UnknownRegionError,
    compile_graph,
    is_box,
)

__all__ = ["PointNetwork"]

_NO_FEATURES: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Point:
    terrain: str
    features: frozenset[str]
    attrs: Mapping[str, Any]
    xy: tuple[float, float] | None


def _seq(value: Any) -> list[Any]:
    return list(value) if value else []


class PointNetwork(MapBase):
    """A point-to-point map (implements ``Topology``).

    ``projection``: "lonlat" (``xy`` is longitude, latitude: drawn equirectangular, x scaled
    by the cosine of the mean latitude so distances look right at the map's middle) or
    "plane" (``xy`` is already a drawing coordinate with y up). Either way ``position`` has
    y down.
    """

    kind = "network"

    def __init__(
        self,
        points: Mapping[str, Mapping[str, Any]],
        links: Iterable[Mapping[str, Any]],
        *,
        regions: Mapping[str, Mapping[str, Any] | Iterable[str]] | None = None,
        boxes: Mapping[str, Mapping[str, Any]] | None = None,
        default_terrain: str = "clear",
        projection: str = "lonlat",
        map_id: str = "",
    ) -> None:
        self.id = map_id
        if projection not in ("lonlat", "plane"):
            raise MapDataError(f"map {map_id!r}: projection must be 'lonlat' or 'plane'")
        if not points:
            raise MapDataError(f"map {map_id!r}: a network map needs points")
        box_data = dict(boxes or {})
        for pid in points:
            if is_box(pid):
                raise MapDataError(f"map {map_id!r}: point {pid!r} uses the 'box:' prefix")
        for bid in box_data:
            if not is_box(bid):
                raise MapDataError(f"map {map_id!r}: box id {bid!r} must start with 'box:'")
        self._ids: tuple[str, ...] = (*sorted(points), *sorted(box_data))
        self._order = {loc: i for i, loc in enumerate(self._ids)}
        self._box_ids = tuple(sorted(box_data))

        self._points: dict[str, _Point] = {}
        for pid, entry in points.items():
            attrs = dict(entry.get("attrs") or {})
            attrs.setdefault("name", entry.get("name") or pid)
            xy = entry.get("xy")
            self._points[pid] = _Point(
                terrain=str(entry.get("terrain") or default_terrain),
                features=frozenset(_seq(entry.get("features"))),
                attrs=MappingProxyType(attrs),
                xy=(float(xy[0]), float(xy[1])) if xy else None,
            )
        for bid, entry in box_data.items():
            attrs = dict(entry.get("attrs") or {})
            attrs.setdefault("name", entry.get("name") or bid)
            xy = entry.get("xy") or entry.get("position")
            self._points[bid] = _Point(
                terrain=str(entry.get("terrain") or "box"),
                features=frozenset(_seq(entry.get("features"))),
                attrs=MappingProxyType(attrs),
                xy=(float(xy[0]), float(xy[1])) if xy else None,
            )

        nbrs: dict[str, set[str]] = {loc: set() for loc in self._ids}
        self._links: dict[frozenset[str], tuple[frozenset[str], Mapping[str, Any]]] = {}
        for n, entry in enumerate(links):
            pair = _seq(entry.get("points"))
            if len(pair) != 2:
                raise MapDataError(f"map {map_id!r}: link #{n} needs exactly two points")
            a, b = pair
            label = f"link #{n} {a}-{b}"
            for p in (a, b):
                if p not in points:
                    raise MapDataError(f"map {map_id!r}: {label}: {p!r} is not a point")
            if a == b:
                raise MapDataError(f"map {map_id!r}: {label} joins a point to itself")
            key = frozenset((a, b))
            if key in self._links:
                raise MapDataError(
                    f"map {map_id!r}: {label} is given twice; merge its features into one entry"
                )
            attrs = dict(entry.get("attrs") or {})
            cls = entry.get("class", entry.get("class_"))
            if cls is not None:
                attrs["class"] = cls
            self._links[key] = (frozenset(_seq(entry.get("features"))), MappingProxyType(attrs))
            nbrs[a].add(b)
            nbrs[b].add(a)

        self._regions: dict[str, frozenset[str]] = {}
        for name, spec in (regions or {}).items():
            if isinstance(spec, Mapping):
                members = _seq(spec.get("points")) + _seq(spec.get("hexes"))
            else:
                members = list(spec)
            for m in members:
                if m not in self._order:
                    raise MapDataError(f"map {map_id!r}, region {name}: {m!r} is not a location")
            self._regions[name] = frozenset(members)

        for bid, entry in box_data.items():
            for other in _seq(entry.get("adjacent")):
                if other in self._order:
                    targets: Iterable[str] = (other,)
                elif other in self._regions:
                    targets = self._regions[other]
                else:
                    raise MapDataError(
                        f"map {map_id!r}: box {bid} is adjacent to {other!r}, "
                        "which is neither a location nor a region"
                    )
                for t in targets:
                    if t != bid:
                        nbrs[bid].add(t)
                        nbrs[t].add(bid)
        order = self._order.__getitem__
        self._nbrs = {loc: tuple(sorted(ns, key=order)) for loc, ns in nbrs.items()}

        self._projection = projection
        lats = [p.xy[1] for pid, p in self._points.items() if p.xy and not is_box(pid)]
        mean_lat = sum(lats) / len(lats) if lats else 0.0
        self._xscale = math.cos(math.radians(mean_lat)) if projection == "lonlat" else 1.0
        self._box_pos = self._place_boxes()
        self._graph: Graph | None = None
        self._bfs: dict[str, list[int]] = {}

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> PointNetwork:
        """Build from a network-map document (a plain dict, already validated by the model)."""
        return cls(
            doc.get("points") or {},
            _seq(doc.get("links")),
            regions=doc.get("regions") or {},
            boxes=doc.get("boxes") or {},
            default_terrain=str(doc.get("default_terrain") or "clear"),
            projection=str(doc.get("projection") or "lonlat"),
            map_id=str(doc.get("id") or ""),
        )

    def _project(self, xy: tuple[float, float]) -> tuple[float, float]:
        return xy[0] * self._xscale, -xy[1]

    def project(self, xy: Sequence[float]) -> tuple[float, float]:
        """Drawing coordinates of any place given as the points' ``xy`` are (a coastline under
        the network is drawn with the points)."""
        return self._project((float(xy[0]), float(xy[1])))

    def _place_boxes(self) -> dict[str, tuple[float, float]]:
        """Boxes without ``xy`` sit in a row under the map."""
        placed = [
            self._project(p.xy) for pid, p in self._points.items() if p.xy and not is_box(pid)
        ]
        left = min((x for x, _ in placed), default=0.0)
        right = max((x for x, _ in placed), default=1.0)
        bottom = max((y for _, y in placed), default=0.0)
        step = max(right - left, 1.0) / max(len(self._box_ids), 1)
        out: dict[str, tuple[float, float]] = {}
        for n, bid in enumerate(self._box_ids):
            xy = self._points[bid].xy
            out[bid] = self._project(xy) if xy else (left + step * n, bottom + step)
        return out

    # -- Topology -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PointNetwork({self.id!r}, {len(self._ids)} locations, {len(self._links)} links)"

    def edge(self, a: str, b: str) -> Edge | None:
        self._check(a)
        self._check(b)
        link = self._links.get(frozenset((a, b)))
        if link is not None:
            return Edge(a, b, "link", link[0], link[1])
        if b in self._nbrs[a]:
            return Edge(a, b, "box", _NO_FEATURES, EMPTY_ATTRS)
        return None

    def links(self) -> list[Edge]:
        """Every link once, in location order of its first point."""
        out = []
        for a in self._ids:
            for b in self._nbrs[a]:
                if self._order[a] < self._order[b] and frozenset((a, b)) in self._links:
                    edge = self.edge(a, b)
                    assert edge is not None
                    out.append(edge)
        return out

    def distance(self, a: str, b: str) -> int:
        """Fewest links (boxes count as points). ValueError when no route joins them."""
        return self._steps(a, b)

    def terrain(self, loc: str) -> str:
        self._check(loc)
        return self._points[loc].terrain

    def features(self, loc: str) -> frozenset[str]:
        self._check(loc)
        return self._points[loc].features

    def attrs(self, loc: str) -> Mapping[str, Any]:
        self._check(loc)
        return self._points[loc].attrs

    def region(self, name: str) -> frozenset[str]:
        members = self._regions.get(name)
        if members is None:
            raise UnknownRegionError(name, self.id)
        return members

    def position(self, loc: str) -> tuple[float, float]:
        """Drawing coordinates (x right, y down); ValueError for a point without ``xy``."""
        self._check(loc)
        if is_box(loc):
            return self._box_pos[loc]
        xy = self._points[loc].xy
        if xy is None:
            raise ValueError(f"map {self.id!r}: point {loc} has no xy")
        return self._project(xy)

    def graph(self) -> Graph:
        if self._graph is None:
            links = self._links
            self._graph = compile_graph(
                self._ids,
                self._nbrs.__getitem__,
                lambda a, b: links[k][0] if (k := frozenset((a, b))) in links else _NO_FEATURES,
            )
        return self._graph
