"""Generate Barbarossa's stand-in map (data/map.json) from real geography.

The rulebook has no map: it fixes the grid (BARB 1.4, 11.27), about forty numbered hexes and a
few terrain facts. Everything else is put where geography puts it: a similarity fit of the
kernel's hex drawing to an azimuthal projection, calibrated on the fifteen cities the rules
number (the kernel's ``wargame.geomap.CalibratedMap``, as the other titles' generators); GSHHS coastlines and lakes for sea; hand-made outlines for terrain, countries and supply
areas in ``config.json``. Run it with ``--check`` to test that the committed map is current.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from wargame.geo import (
    GeneratorError,
    Point,
    dumps,
    hex_line,
    inside,
    rulebook,
    segments_cross,
    stand_in,
    write_or_check,
)
from wargame.geomap import CalibratedMap
from wargame.hexgrid import HexGrid, HexNumbering

HERE = Path(__file__).parent
CONFIG_PATH = HERE / "config.json"
MAP_PATH = HERE.parent / "data" / "map.json"
COMMAND = "python -m wargame.games.barbarossa.mapgen.generate"
Json = dict[str, Any]


class Builder(CalibratedMap):
    """One generator run on the kernel's calibration (:class:`wargame.geomap.CalibratedMap`:
    the projection, the fit on the anchors and its misfits), over the pointy-top grid of 1.4."""

    def __init__(self, config: Json) -> None:
        g = config["grid"]
        self.numbering = HexNumbering.from_mapping(g["numbering"])
        rows, cols = (
            range(g["rows"][0], g["rows"][1] + 1),
            range(g["columns"][0], g["columns"][1] + 1),
        )
        last = g["last_column_by_row"]
        self.exclude = sorted(
            self.numbering.format(c, r) for r in rows for c in cols if c > int(last[str(r)])
        )
        self.hexgrid = HexGrid(
            self.numbering,
            columns=len(cols),
            rows=len(rows),
            exclude=self.exclude,
            map_id="barbarossa",
        )
        self.hexes = sorted(self.hexgrid.hexes())
        super().__init__(config, self.hexgrid)
        self.anchors = {a["place"]: a for a in config["anchors"]}

    def ring(self, polygon: Sequence[Sequence[float]]) -> list[Point]:
        return [self.grid(p) for p in polygon]

    # -- water ---------------------------------------------------------------------------

    def water_test(self) -> Any:
        from matplotlib.path import Path as MplPath

        from wargame.geo import land_and_lakes, read_gshhs

        w = self.config["water"]
        polys = read_gshhs(w["resolution"], (8.0, 38.0, 56.0, 66.0))
        land = [MplPath([self.grid(v) for v in ring]) for lvl, ring in polys if lvl == 1]
        lakes = []
        for lake in w["lakes"]:
            found = [
                ring
                for lvl, ring in polys
                if lvl == 2 and MplPath(ring).contains_point(lake["probe"])
            ]
            if len(found) != 1:
                raise GeneratorError(f"lake {lake['name']}: {len(found)} polygons hold its probe")
            lakes.append(MplPath([self.grid(v) for v in found[0]]))

        def test(points: Sequence[Point]) -> tuple[list[bool], list[bool]]:
            on_land, in_lake = land_and_lakes(land, lakes, points)
            return [bool(v) for v in ~on_land], [bool(v) for v in in_lake]

        return test

    # -- fortified lines (10.19, 11.21) -----------------------------------------------------

    def nearest_land(self, lonlat: Sequence[float], water: set[str]) -> str:
        point = self.grid(lonlat)
        return min(
            (h for h in self.hexes if h not in water),
            key=lambda h: (math.dist(self.hexgrid.position(h), point), h),
        )

    def line_hexes(self, via: Sequence[Sequence[float]], water: set[str]) -> list[str]:
        """The land hexes of a line drawn hex by hex through the land hexes nearest its points."""
        ends = [self.nearest_land(point, water) for point in via]
        out: list[str] = []
        for a, b in zip(ends, ends[1:], strict=False):
            for qr in hex_line(self.hexgrid.axial(a), self.hexgrid.axial(b)):
                h = self.hexgrid.hex_at(*qr)
                if h is not None and h not in water and h not in out:
                    out.append(h)
        return out

    def add_fortified_lines(self, hexes: dict[str, Json], water: set[str]) -> None:
        """Each line's hexes get the ``fortified-line`` feature and their owner (``attrs.fort``):
        the printed lines are not in the text, so these are stand-ins (config.json)."""
        for spec in self.config["fortified_lines"]["lines"]:
            note = f"{spec['name']}: a stand-in {spec['owner']} fortified line (BARB 11.21)"
            for h in self.line_hexes(spec["via"], water):
                entry = hexes.setdefault(h, {})
                entry["features"] = sorted({*entry.get("features", []), "fortified-line"})
                entry.setdefault("attrs", {})["fort"] = spec["owner"]
                prov = entry.setdefault("provenance", stand_in(note))
                if prov.get("note") != note:
                    prov["note"] = f"{prov['note']}; {note}" if "note" in prov else note

    # -- the document --------------------------------------------------------------------

    def build(self) -> Json:
        cfg = self.config
        pos = {h: self.hexgrid.position(h) for h in self.hexes}
        hexes: dict[str, Json] = {}
        regions: dict[str, Json] = {}

        # places (anchors first: they are rulebook hexes)
        vp_cfg = {k: v for k, v in cfg["vp_places"].items() if k != "why"}
        place_hex: dict[str, str] = {}
        for key in vp_cfg:
            if key in self.anchors:
                place_hex[key] = self.anchors[key]["hexes"][0]
        keep_land = set(place_hex.values())
        keep_land |= {h for a in cfg["setup_areas"].values() for h in a["hexes"]}
        keep_land |= {h for s in cfg["special_hexsides"].values() for h in s["hexes"]}
        keep_land |= set(cfg.get("keep_land", []))
        keep_land |= {h for h, t in cfg["rulebook_terrain"].items() if t["terrain"] != "sea"}

        wet, lake = self.water_test()([pos[h] for h in self.hexes])
        terrain: dict[str, tuple[str, Json]] = {}
        areas = [(a, self.ring(a["polygon"])) for a in cfg["terrain_areas"]["areas"]]
        for h, is_wet, is_lake in zip(self.hexes, wet, lake, strict=True):
            if h in keep_land:
                is_wet = is_lake = False
            if is_lake:
                terrain[h] = ("lake", stand_in("all-lake: a GSHHS lake holds the centre"))
                continue
            if is_wet:
                terrain[h] = ("sea", stand_in("all-sea: the centre is off GSHHS land"))
                continue
            for area, ring in areas:
                if inside(pos[h], ring):
                    terrain[h] = (area["terrain"], stand_in(f"outline {area['name']}"))
                    break
        for h, t in cfg["rulebook_terrain"].items():
            terrain[h] = (t["terrain"], rulebook(t["rule"]))
        for h, (t, prov) in sorted(terrain.items()):
            if t != "clear":
                hexes[h] = {"terrain": t, "provenance": prov}

        taken = set(place_hex.values()) | {
            h for a in cfg["setup_areas"].values() for h in a["hexes"]
        }
        for key, spec in vp_cfg.items():
            if key in place_hex:
                continue
            point = self.grid(spec["lonlat"])
            best = min(
                (
                    h
                    for h in self.hexes
                    if h not in taken and terrain.get(h, ("clear",))[0] not in ("sea", "lake")
                ),
                key=lambda h: (math.dist(pos[h], point), h),
            )
            place_hex[key] = best
            taken.add(best)
        for key, h in place_hex.items():
            spec = vp_cfg[key]
            entry = hexes.setdefault(h, {})
            entry["name"] = spec["name"]
            attrs = {"vp": 1, "place": key}
            if spec["kind"] == "city":
                entry["features"] = ["city"]
                attrs["city"] = True
            else:
                attrs[spec["kind"]] = True
            entry["attrs"] = attrs
            rule = self.anchors.get(key, {}).get("rule")
            entry["provenance"] = (
                rulebook(f"{rule}; BARB 4.2 (1 VP)")
                if rule
                else stand_in(f"{spec['name']} as a 1-VP city placed by geography (BARB 4.2)")
            )
            if entry.get("terrain") in ("sea", "lake"):
                del entry["terrain"]

        # hexsides: special, rivers, sea
        sides: dict[tuple[str, str], Json] = {}

        def mark(a: str, b: str, feature: str, name: str | None, prov: Json) -> None:
            key = (min(a, b), max(a, b))
            entry = sides.setdefault(key, {"features": [], "provenance": prov})
            if feature not in entry["features"]:
                entry["features"].append(feature)
            if name and "name" not in entry:
                entry["name"] = name

        pairs = sorted(
            {
                (min(a, b), max(a, b))
                for a in self.hexes
                for b in self.hexgrid.neighbours(a)
                if b in pos
            }
        )
        water_hex = {h for h, (t, _) in terrain.items() if t in ("sea", "lake")}
        for name, course in cfg["rivers"].items():
            if name == "why":
                continue
            pts = [self.grid(p) for p in course]
            for a, b in pairs:
                if a in water_hex or b in water_hex:
                    continue
                if any(
                    segments_cross(p, q, pos[a], pos[b]) for p, q in zip(pts, pts[1:], strict=False)
                ):
                    mark(a, b, "river", name, stand_in(f"the {name} crosses here"))
        mids = [((pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2) for a, b in pairs]
        wet_mid, lake_mid = self.water_test()(mids)
        special = {
            (min(s["hexes"]), max(s["hexes"])): (k, s)
            for k, s in cfg["special_hexsides"].items()
            if k != "why"
        }
        land_sides = {tuple(sorted(p)) for p in cfg["land_hexsides"]["pairs"]}
        for (a, b), is_wet, is_lake in zip(pairs, wet_mid, lake_mid, strict=True):
            if (a, b) in special or (a, b) in land_sides or a in water_hex or b in water_hex:
                continue
            if is_lake:
                mark(a, b, "lake", None, stand_in("all-lake hexside: a lake between the centres"))
            elif is_wet:
                mark(a, b, "sea", None, stand_in("all-sea hexside: water between the centres"))
        for (a, b), (key, spec) in special.items():
            sides.pop((a, b), None)
            mark(a, b, key, spec["name"], rulebook(spec["rule"]))

        self.add_fortified_lines(hexes, water_hex)

        # regions
        land = [h for h in self.hexes if h not in water_hex]
        claimed: set[str] = set()
        forced_all = {
            h for s in cfg["countries"].values() if isinstance(s, dict) for h in s.get("force", [])
        }
        for name, spec in cfg["countries"].items():
            if name == "why":
                continue
            ring = self.ring(spec.get("polygon", []))
            forced = [h for h in spec.get("force", []) if h in pos]
            members = [
                h
                for h in land
                if h not in claimed
                and (
                    h in forced or (h not in forced_all and len(ring) > 2 and inside(pos[h], ring))
                )
            ]
            claimed.update(members)
            regions[f"country:{name}"] = {
                "hexes": members,
                "provenance": stand_in("1941 border outline"),
            }
        countries = {k: v for k, v in regions.items() if k.startswith("country:")}
        countries.setdefault(
            "country:germany",
            {
                "hexes": [],
                "provenance": stand_in("land outside every other outline is Greater Germany"),
            },
        )
        countries["country:germany"]["hexes"] += [h for h in land if h not in claimed]
        soviet = {
            f"country:{k}"
            for k, v in cfg["countries"].items()
            if isinstance(v, dict) and v.get("side") == "soviet"
        }
        start = cfg["start_line"]
        for h in land:
            column, row = self.hexgrid.printed(h)
            west_of = start["rows"].get(str(row))
            if west_of is None or column < west_of:
                continue
            home = next(k for k, v in countries.items() if h in v["hexes"])
            if home in soviet:
                countries[home]["hexes"].remove(h)
                countries[f"country:{start['west_country'][str(row)]}"]["hexes"].append(h)
        for v in countries.values():
            v["hexes"] = sorted(v["hexes"])
        regions.update(countries)
        line = [self.grid(p) for p in cfg["logistics_line"]["line"]]

        def south(point: Point) -> bool:
            for p, q in zip(line, line[1:], strict=False):
                if min(p[0], q[0]) <= point[0] <= max(p[0], q[0]):
                    t = (point[0] - p[0]) / (q[0] - p[0]) if q[0] != p[0] else 0.0
                    return point[1] > p[1] + t * (q[1] - p[1])
            return point[1] > line[-1][1]

        regions["zone:south"] = {
            "hexes": [h for h in self.hexes if south(pos[h])],
            "provenance": stand_in("BARB 7.15 logistical boundary: south of the stand-in line"),
        }
        regions["zone:north"] = {
            "hexes": [h for h in self.hexes if not south(pos[h])],
            "provenance": stand_in("BARB 7.15 logistical boundary: north of the stand-in line"),
        }
        crimea = self.ring(cfg["crimea"]["polygon"])
        regions["area:crimea"] = {
            "hexes": [h for h in land if inside(pos[h], crimea)],
            "provenance": stand_in("BARB 7.4 CS area: the peninsula's land hexes"),
        }
        dp_last = cfg["dp_area"]["last_column_by_row"]
        regions["area:dp"] = {
            "hexes": [
                h
                for h in land
                if str(self.hexgrid.printed(h)[1]) in dp_last
                and self.hexgrid.printed(h)[0] <= dp_last[str(self.hexgrid.printed(h)[1])]
            ],
            "provenance": stand_in("BARB 7.4 DP area: east of the lower Dnepr, rows 22-32"),
        }
        seas = cfg["seas"]
        azov = self.ring(seas["azov"])
        sea_hexes = sorted(h for h, (t, _) in terrain.items() if t == "sea")
        in_azov = [h for h in sea_hexes if inside(pos[h], azov)]
        baltic = [
            h
            for h in sea_hexes
            if h not in in_azov and self.hexgrid.printed(h)[1] <= seas["baltic_last_row"]
        ]
        black = [h for h in sea_hexes if h not in in_azov and h not in baltic]
        for name, members in (("baltic", baltic), ("azov", in_azov), ("black", black)):
            regions[f"sea:{name}"] = {
                "hexes": members,
                "provenance": stand_in(f"BARB 7.5: the {name} sea hexes by the stand-in outline"),
            }
        regions["area:r"] = {"hexes": cfg["r_area"]["hexes"], "provenance": rulebook("BARB 7.4")}
        for name, spec in cfg["setup_areas"].items():
            regions[name] = {"hexes": spec["hexes"], "provenance": rulebook(spec["rule"])}
        for name, spec in cfg["edges"].items():
            if "hexes" in spec:
                members = list(spec["hexes"])
            else:
                members = [
                    self.numbering.format(spec["column"], r)
                    for r in range(spec["rows"][0], spec["rows"][1] + 1)
                ]
                members = [h for h in members if h not in spec.get("except", [])]
            regions[name] = {
                "hexes": [h for h in members if h in pos],
                "provenance": rulebook(spec["rule"]),
            }
        regions["vp"] = {
            "hexes": sorted(place_hex.values()),
            "provenance": rulebook("BARB 4.2"),
        }

        g = cfg["grid"]
        return {
            "kind": "hex-map",
            "id": "barbarossa",
            "provenance": stand_in(
                "generated by mapgen/generate.py from real geography; rulebook facts carry their "
                "rule entry by entry"
            ),
            "numbering": g["numbering"],
            "columns": g["columns"][1] - g["columns"][0] + 1,
            "rows": g["rows"][1] - g["rows"][0] + 1,
            "exclude": self.exclude,
            "default_terrain": "clear",
            "hexes": dict(sorted(hexes.items())),
            "hexsides": [{"hexes": [a, b], **entry} for (a, b), entry in sorted(sides.items())],
            "regions": dict(sorted(regions.items())),
            "boxes": {
                "box:german-reinforcements": {"name": "German reinforcements (TRRT)"},
                "box:soviet-reinforcements": {"name": "Soviet reinforcements (TRRT)"},
                "box:rvgk": {"name": "RVGK", "provenance": rulebook("BARB 8.8")},
                "box:caucasus": {
                    "name": "Caucasus Holding Box",
                    "provenance": rulebook("BARB 4.11"),
                },
            },
            "geo": self.fit_doc(cfg["nominal_km_per_hex"]),
        }


def load_config(path: Path = CONFIG_PATH) -> Json:
    import json

    with path.open(encoding="utf-8") as fh:
        config: Json = json.load(fh)
    return config


def build_map(config: Mapping[str, Any] | None = None) -> Json:
    """The hex-map document the committed ``data/map.json`` must equal."""
    return Builder(dict(config) if config is not None else load_config()).build()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if data/map.json is stale")
    parser.add_argument("--output", type=Path, default=MAP_PATH)
    args = parser.parse_args(argv)
    return write_or_check(args.output, dumps(build_map()), COMMAND, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
