"""A map document as the editor handles it: a new grid or network, the geometry the page draws,
the palette of what may be painted, and a save that refuses what would not load.

The page edits the JSON document itself (so undo is a copy of it and nothing is lost between
what is drawn and what is saved); the server only lays out the grid, which needs the kernel's
numbering rules, and checks and writes the result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wargame.errors import Problem, WargameError
from wargame.hexgrid import HexGrid
from wargame.loader import read_json, validate
from wargame.network import PointNetwork
from wargame.render import terrain_colour
from wargame.savefile import locked, write_json

KINDS = {"hex": "hex-map", "points": "network-map"}
"""``--new`` choices and the document kind each starts."""

MAX_HEXES = 20_000
"""A grid larger than this is refused: a monster game's four maps hold about 10,000 hexes."""

DEFAULT_PALETTE: dict[str, list[str]] = {
    "terrain": ["clear", "forest", "rough", "swamp", "city", "mountain", "water"],
    "hexsides": ["river", "major-river", "lake", "sea"],
    "lines": ["road", "rail"],
    "links": ["major", "minor"],
}
"""What the editor offers when the folder has no ``terrain.json`` to take names from."""

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$")


class EditorError(WargameError):
    """A request the editor cannot honour (a one-line reason for the page)."""


def new_document(
    kind: str,
    map_id: str,
    columns: int = 10,
    rows: int = 8,
    numbering: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """An empty map of ``kind`` ("hex" or "points"): a grid of clear hexes, or no points."""
    if kind not in KINDS:
        raise EditorError(f"a new map is 'hex' or 'points', not {kind!r}")
    if not _ID.match(map_id):
        raise EditorError(f"{map_id!r} is not an id (letters, digits and _.:/+- only)")
    provenance = {"source": "owner", "note": "drawn in wargame edit-map"}
    if kind == "points":
        return {
            "kind": "network-map",
            "id": map_id,
            "provenance": provenance,
            "points": {},
            "links": [],
        }
    doc: dict[str, Any] = {
        "kind": "hex-map",
        "id": map_id,
        "provenance": provenance,
        "numbering": dict(numbering or {}),
        "columns": columns,
        "rows": rows,
        "default_terrain": "clear",
        "hexes": {},
        "hexsides": [],
        "lines": [],
        "regions": {},
    }
    geometry(doc)  # refuses a grid the kernel cannot number
    return doc


def geometry(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Where the page draws each hex of a hex map's whole area (excluded hexes too, so they can
    be put back): id, centre, neighbours, and the grid's orientation. Hex size 1."""
    if doc.get("kind") != "hex-map":
        return {"hexes": [], "orientation": None}
    area = {
        "numbering": doc.get("numbering") or {},
        "columns": doc.get("columns"),
        "rows": doc.get("rows"),
        "rows_by_column": doc.get("rows_by_column"),
    }
    columns, rows = area["columns"], area["rows"]
    if isinstance(columns, int) and isinstance(rows, int) and columns * rows > MAX_HEXES:
        raise EditorError(f"a grid of {columns} x {rows} hexes is over {MAX_HEXES} hexes")
    try:
        grid = HexGrid.from_document(area)
    except (WargameError, ValueError, TypeError) as exc:
        raise EditorError(f"the grid: {exc}") from None
    hexes = []
    for hex_id in grid.hexes():
        x, y = grid.position(hex_id)
        hexes.append(
            {"id": hex_id, "x": round(x, 4), "y": round(y, 4), "n": list(grid.neighbours(hex_id))}
        )
    return {"hexes": hexes, "orientation": grid.numbering.orientation}


def palette(folder: Path, doc: Mapping[str, Any] | None) -> dict[str, Any]:
    """What may be painted: the names in the folder's ``terrain.json`` (terrain, hexside
    features, line kinds), else :data:`DEFAULT_PALETTE`, plus whatever the map already uses;
    each terrain with the colour the map pictures give it."""
    chart: Mapping[str, Any] = {}
    path = folder / "terrain.json"
    if path.is_file():
        raw, problems = read_json(path)
        if not problems and isinstance(raw, dict):
            chart = raw
    out: dict[str, Any] = {
        "terrain": list(chart.get("terrain") or DEFAULT_PALETTE["terrain"]),
        "hexsides": list(chart.get("hexsides") or DEFAULT_PALETTE["hexsides"]),
        "lines": list(chart.get("features") or DEFAULT_PALETTE["lines"]),
        "links": list(DEFAULT_PALETTE["links"]),
    }
    doc = doc or {}
    used = {
        "terrain": [
            h.get("terrain") for h in (doc.get("hexes") or doc.get("points") or {}).values()
        ]
        + [doc.get("default_terrain")],
        "hexsides": [f for side in doc.get("hexsides") or [] for f in side.get("features") or []],
        "lines": [line.get("kind") for line in doc.get("lines") or []],
        "links": [link.get("class") for link in doc.get("links") or []],
    }
    for key, names in used.items():
        out[key] += [n for n in dict.fromkeys(names) if isinstance(n, str) and n not in out[key]]
    out["colours"] = {t: terrain_colour(t) for t in out["terrain"]}
    out["chart"] = path.is_file()
    return out


def problems(doc: Any, file: str) -> list[Problem]:
    """What keeps ``doc`` from loading as a map: its schema, then the topology the kernel
    builds from it (unknown hexes in hexsides, lines and regions, links to missing points)."""
    if not isinstance(doc, dict) or doc.get("kind") not in KINDS.values():
        return [Problem(file, "/kind", "a map document is a hex-map or a network-map")]
    found = validate(doc, doc["kind"], file)
    if found:
        return found
    try:
        (HexGrid if doc["kind"] == "hex-map" else PointNetwork).from_document(doc)
    except (WargameError, ValueError, KeyError, TypeError) as exc:
        return [Problem(file, "", str(exc))]
    return []


def read(folder: Path) -> dict[str, Any] | None:
    """The folder's ``map.json`` as a document, None when there is none; a file that is not
    JSON is an error (the author's file is never overwritten by a blank map)."""
    path = folder / "map.json"
    if not path.exists():
        return None
    raw, found = read_json(path)
    if found:
        raise EditorError(f"{path}: {found[0].message} (fix or move it, then start again)")
    if not isinstance(raw, dict):
        raise EditorError(f"{path}: a map document is a JSON object")
    return raw


def save(folder: Path, doc: Any) -> list[Problem]:
    """Write ``doc`` as ``folder/map.json`` when it loads as a map (atomically; the first save
    of a session keeps the file it replaces as ``map.json.bak``). Returns the problems that
    stopped it, or an empty list."""
    path = folder / "map.json"
    found = problems(doc, str(path))
    if found:
        return found
    with locked(path):
        backup = folder / "map.json.bak"
        if path.exists() and not backup.exists():
            backup.write_bytes(path.read_bytes())
        write_json(doc, path, indent=1)
    return []
