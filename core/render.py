"""Pictures of the map: PNG through matplotlib and hexalattice, SVG built by hand.

A picture is drawn from ``match.view(side)`` only, never from the raw state, so it cannot show
what that side may not know: a concealed unit is a plain counter of its side marked "?", an
untried unit shows "?" for the values no one has seen. The map itself (terrain, hexsides, roads,
names) is public title data and comes from the topology.

Both formats draw the same :class:`Scene`: every coordinate is in map units (a hex is size 1,
centre to corner, exactly as ``HexGrid.position`` places it), so the SVG uses them as its
viewBox and the PNG scales them by ``scale`` pixels per unit. Big maps stay fast because
hexes, lines and counters go into a few collections, not one artist each.
"""

from __future__ import annotations

import colorsys
import io
import math
import os
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from wargame.errors import UsageError
from wargame.topology import Topology, is_box

if TYPE_CHECKING:
    from wargame.match import Match

__all__ = [
    "DEFAULT_SCALE",
    "SIDE_PALETTE",
    "TERRAIN_COLOURS",
    "png",
    "render",
    "render_topology",
    "svg",
    "terrain_colour",
]

DEFAULT_SCALE = 48.0
"""PNG pixels per map unit (one hex's centre-to-corner distance)."""

_SQRT3 = math.sqrt(3.0)
Data = tuple[tuple[str, str], ...]
"""Extra SVG attributes of an element (data-loc, data-unit...): what the web page hooks on."""
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_BACKGROUND = "#ffffff"
_HEX_EDGE = "#8d8a7c"
_INK = "#1b1b1b"

# --------------------------------------------------------------------------- palettes

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#f2eed6",
    "open": "#f2eed6",
    "plain": "#f2eed6",
    "steppe": "#ece4c0",
    "desert": "#efdca0",
    "forest": "#9cc48a",
    "woods": "#a9cc92",
    "light-forest": "#b9d6a2",
    "heavy-forest": "#7fb070",
    "jungle": "#6fa463",
    "swamp": "#a7c9bd",
    "marsh": "#a7c9bd",
    "rough": "#d9c49a",
    "hills": "#d8c08c",
    "hill": "#d8c08c",
    "mountain": "#b59c7c",
    "mountains": "#b59c7c",
    "city": "#c9c1b8",
    "major-city": "#bdb4aa",
    "minor-city": "#dcd4ca",
    "town": "#dcd4ca",
    "urban": "#c9c1b8",
    "water": "#8dbbe3",
    "sea": "#86b4df",
    "ocean": "#7eaedb",
    "lake": "#96c2e8",
    "box": "#eeeeee",
}
"""Face colours of hexes and points by terrain; unknown terrain falls back by family, then to a
stable pastel made from its name (see :func:`terrain_colour`)."""

_TERRAIN_FAMILIES: tuple[tuple[str, str], ...] = (
    ("city", "city"),
    ("urban", "city"),
    ("town", "town"),
    ("forest", "forest"),
    ("wood", "woods"),
    ("swamp", "swamp"),
    ("marsh", "marsh"),
    ("mountain", "mountain"),
    ("hill", "hills"),
    ("rough", "rough"),
    ("sea", "sea"),
    ("lake", "lake"),
    ("water", "water"),
    ("clear", "clear"),
)

SIDE_PALETTE: tuple[str, ...] = (
    "#86aee0",  # first side in the manifest: blue-grey
    "#e58a7c",  # second: red
    "#9cc981",
    "#ecc95f",
    "#bba2dc",
    "#7ccbc5",
)
"""Counter colours by the order of sides in the title manifest; a title may name its own in
``mechanic_options.render.side_colors``."""


@dataclass(frozen=True, slots=True)
class Stroke:
    """One pass of a line: colour, width and dash pattern in map units."""

    colour: str
    width: float
    dash: tuple[float, float] | None = None
    cap: str = "round"  # "round" | "butt"


_HEXSIDE_STYLES: dict[str, tuple[Stroke, ...]] = {
    "river": (Stroke("#3c7fd2", 0.14),),
    "major-river": (Stroke("#2e6cc2", 0.22),),
    "minor-river": (Stroke("#5d9ce2", 0.09),),
    "stream": (Stroke("#5d9ce2", 0.08),),
    "lake": (Stroke("#1d4d9b", 0.26),),
    "sea": (Stroke("#173f7c", 0.24),),
    "coast": (Stroke("#173f7c", 0.2),),
    "strait": (Stroke("#2b6cbf", 0.14, (0.001, 0.2)),),
    "canal": (Stroke("#3c7fd2", 0.1, (0.25, 0.12), "butt"),),
    "border": (Stroke("#2a2a2a", 0.08, (0.25, 0.12), "butt"),),
    "escarpment": (Stroke("#7a4b1e", 0.12),),
    "cliff": (Stroke("#7a4b1e", 0.12),),
}
_HEXSIDE_FAMILIES: tuple[tuple[str, str], ...] = (
    ("strait", "strait"),
    ("lake", "lake"),
    ("canal", "canal"),
    ("major", "major-river"),
    ("minor", "minor-river"),
    ("river", "river"),
    ("stream", "stream"),
    ("creek", "stream"),
    ("sea", "sea"),
    ("coast", "coast"),
    ("border", "border"),
    ("boundary", "border"),
    ("frontier", "border"),
    ("escarp", "escarpment"),
    ("cliff", "cliff"),
)
_UNKNOWN_HEXSIDE = (Stroke("#7d7d7d", 0.1),)

_ROAD = (Stroke("#8b5a2b", 0.11),)
_MINOR_ROAD = (Stroke("#a87b4f", 0.07, (0.2, 0.12), "butt"),)
_MAJOR_ROAD = (Stroke("#7a4a1f", 0.22), Stroke("#f0d49b", 0.09))
_RAIL = (Stroke("#111111", 0.05, None, "butt"), Stroke("#111111", 0.2, (0.035, 0.16), "butt"))

_LINK_STYLES: dict[str, tuple[Stroke, ...]] = {
    "major": (Stroke("#333333", 0.16),),
    "minor": (Stroke("#555555", 0.09),),
    "inferior": (Stroke("#6a6a6a", 0.07, (0.3, 0.2), "butt"),),
    "highway": (Stroke("#333333", 0.28), Stroke("#ffffff", 0.1)),
    "strait": (Stroke("#2b6cbf", 0.12, (0.001, 0.22)),),
    "sea": (Stroke("#2b6cbf", 0.1, (0.45, 0.25), "butt"),),
    "box": (Stroke("#999999", 0.05, (0.15, 0.15), "butt"),),
}

_REGION_PALETTE = ("#c2185b", "#6a1b9a", "#00838f", "#ef6c00", "#2e7d32", "#4527a0")


def terrain_colour(terrain: str, overrides: Mapping[str, str] | None = None) -> str:
    """The face colour of a terrain: the title's, the palette's, its family's, or a pastel."""
    if overrides and terrain in overrides:
        return overrides[terrain]
    colour = TERRAIN_COLOURS.get(terrain)
    if colour is not None:
        return colour
    low = terrain.lower()
    for word, family in _TERRAIN_FAMILIES:
        if word in low:
            return TERRAIN_COLOURS[family]
    hue = (zlib.crc32(terrain.encode()) % 360) / 360.0  # stable across runs, unlike hash()
    r, g, b = colorsys.hls_to_rgb(hue, 0.8, 0.35)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _line_style(feature: str) -> tuple[str, tuple[Stroke, ...]] | None:
    """Road-like and rail-like hexside features (from the map's lines); None for the rest."""
    low = feature.lower()
    if "rail" in low:
        return "rail", _RAIL
    if any(w in low for w in ("highway", "rollbahn", "primary", "main-road", "motorway")):
        return "major-road", _MAJOR_ROAD
    if any(w in low for w in ("secondary", "minor-road", "track", "trail", "path")):
        return "minor-road", _MINOR_ROAD
    if "road" in low or "bahn" in low:
        return "road", _ROAD
    return None


def _hexside_style(feature: str) -> tuple[Stroke, ...]:
    style = _HEXSIDE_STYLES.get(feature)
    if style is not None:
        return style
    low = feature.lower()
    for word, family in _HEXSIDE_FAMILIES:
        if word in low:
            return _HEXSIDE_STYLES[family]
    return _UNKNOWN_HEXSIDE


# --------------------------------------------------------------------------- the scene


@dataclass(slots=True)
class Layer:
    """Segments drawn with the same strokes (a river, the roads, major links...)."""

    kind: str
    strokes: tuple[Stroke, ...]
    z: float
    segments: list[tuple[float, float, float, float]] = field(default_factory=list)
    ends: list[tuple[str, str]] = field(default_factory=list)
    data: Data = ()


@dataclass(frozen=True, slots=True)
class Shape:
    """A rectangle or circle: centre, full width and height, in map units."""

    kind: str  # "rect" | "circle"
    x: float
    y: float
    w: float
    h: float
    fill: str
    z: float
    cls: str
    data: Data = ()
    tip: str = ""
    edge: str = "#222222"
    lw: float = 0.04


def _rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    z: float,
    cls: str,
    data: Data = (),
    tip: str = "",
    edge: str = "#222222",
    lw: float = 0.04,
) -> Shape:
    return Shape("rect", x, y, w, h, fill, z, cls, data, tip, edge, lw)


def _dot(
    x: float,
    y: float,
    d: float,
    fill: str,
    z: float,
    cls: str,
    data: Data = (),
    tip: str = "",
    edge: str = "#222222",
    lw: float = 0.04,
) -> Shape:
    return Shape("circle", x, y, d, d, fill, z, cls, data, tip, edge, lw)


@dataclass(frozen=True, slots=True)
class Label:
    """Text centred vertically on (x, y); ``size`` is the font size in map units."""

    x: float
    y: float
    text: str
    size: float
    z: float
    cls: str
    colour: str = _INK
    bold: bool = False
    halo: bool = False
    anchor: str = "middle"  # "start" | "middle" | "end"


@dataclass(slots=True)
class Scene:
    """Everything one picture draws, in map units, before any format is chosen."""

    orientation: str | None  # "flat" | "pointy" for hex maps, None for networks
    hex_locs: list[str] = field(default_factory=list)
    hex_xy: list[tuple[float, float]] = field(default_factory=list)
    hex_fill: list[str] = field(default_factory=list)
    layers: list[Layer] = field(default_factory=list)
    shapes: list[Shape] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)

    def layer(self, kind: str, strokes: tuple[Stroke, ...], z: float) -> Layer:
        for existing in self.layers:
            if existing.kind == kind and existing.strokes == strokes:
                return existing
        new = Layer(kind, strokes, z)
        self.layers.append(new)
        return new


@dataclass(frozen=True, slots=True)
class _Options:
    ids: bool
    regions: bool | tuple[str, ...]
    terrain_colours: Mapping[str, str]


def _hex_corners(
    x: float, y: float, orientation: str, size: float = 1.0
) -> list[tuple[float, float]]:
    start = 0.0 if orientation == "flat" else 30.0
    return [
        (
            x + size * math.cos(math.radians(start + 60 * k)),
            y + size * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    ]


def _orientation(topology: Topology, pos: Mapping[str, tuple[float, float]]) -> str:
    """Flat-top or pointy-top: the grid's numbering says; else the neighbour geometry does."""
    numbering = getattr(topology, "numbering", None)
    orientation = getattr(numbering, "orientation", None)
    if orientation in ("flat", "pointy"):
        return str(orientation)
    for loc in topology.locations():
        if is_box(loc):
            continue
        x, y = pos[loc]
        for nb in topology.neighbours(loc):
            if not is_box(nb):
                dx = pos[nb][0] - x
                if abs(dx) < 1e-6:
                    return "flat"
                if abs(pos[nb][1] - y) < 1e-6:
                    return "pointy"
    return "flat"


def _text_width(text: str, size: float) -> float:
    return 0.62 * size * len(text)


def _fit(text: str, size: float, width: float) -> float:
    """A font size no bigger than ``size`` at which ``text`` fits in ``width``."""
    need = _text_width(text, size)
    return size if need <= width else size * width / need


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int | float):
        return f"{value:g}"
    return str(value)


def _segments_between(
    scene: Scene,
    topology: Topology,
    pos: Mapping[str, tuple[float, float]],
    hexes: bool,
) -> None:
    """Hexsides (rivers on the shared edge, roads centre to centre) or network links."""
    graph = topology.graph()
    ids = graph.ids
    for i, nbrs in enumerate(graph.adj):
        a = ids[i]
        ax, ay = pos[a]
        for k, j in enumerate(nbrs):
            if j <= i:
                continue
            b = ids[j]
            bx, by = pos[b]
            features = graph.edge_features[i][k]
            if is_box(a) or is_box(b):
                layer = scene.layer("link box", _LINK_STYLES["box"], 0.3)
                layer.segments.append((ax, ay, bx, by))
                layer.ends.append((a, b))
                continue
            if not hexes:
                edge = topology.edge(a, b)
                cls = str(edge.attrs.get("class", "minor")) if edge is not None else "minor"
                name = cls
                for special in ("highway", "strait", "sea"):
                    if special in features or cls == special:
                        name = special
                strokes = _LINK_STYLES.get(name, _LINK_STYLES["minor"])
                layer = scene.layer(f"link {name}", strokes, 1.5)
                layer.segments.append((ax, ay, bx, by))
                layer.ends.append((a, b))
                continue
            if not features:
                continue
            dx, dy = bx - ax, by - ay
            length = math.hypot(dx, dy)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            px, py = -dy / length * 0.5, dx / length * 0.5  # half a hexside, along the edge
            for feature in sorted(features):
                line = _line_style(feature)
                if line is not None:
                    kind, strokes = line
                    layer = scene.layer(kind, strokes, 3.0 if kind == "rail" else 2.8)
                    layer.segments.append((ax, ay, bx, by))
                else:
                    layer = scene.layer(f"hexside {feature}", _hexside_style(feature), 2.5)
                    layer.segments.append((mx - px, my - py, mx + px, my + py))
                layer.ends.append((a, b))


def _region_outlines(
    scene: Scene,
    topology: Topology,
    pos: Mapping[str, tuple[float, float]],
    wanted: bool | tuple[str, ...],
) -> None:
    """Dashed outlines of named regions, along every hexside that leaves the region."""
    regions = topology.regions()
    if wanted is True:
        names = sorted(r for r in regions if not r.startswith(("edge:", "column:", "row:")))
    elif wanted:
        names = list(wanted)  # topology.region() below names any unknown one
    else:
        return
    flat = scene.orientation == "flat"
    steps = [
        (
            _SQRT3 * math.cos(math.radians((30 if flat else 0) + 60 * k)),
            _SQRT3 * math.sin(math.radians((30 if flat else 0) + 60 * k)),
        )
        for k in range(6)
    ]
    for n, name in enumerate(names):
        members = [m for m in sorted(topology.region(name)) if not is_box(m)]
        keys = {(round(pos[m][0], 2), round(pos[m][1], 2)) for m in members}
        colour = _REGION_PALETTE[n % len(_REGION_PALETTE)]
        layer = scene.layer(f"region {name}", (Stroke(colour, 0.07, (0.22, 0.12), "butt"),), 2.2)
        layer.data = (("data-region", name),)
        for m in members:
            x, y = pos[m]
            for sx, sy in steps:
                if (round(x + sx, 2), round(y + sy, 2)) in keys:
                    continue
                mx, my = x + sx / 2, y + sy / 2
                px, py = -sy / _SQRT3 * 0.5, sx / _SQRT3 * 0.5
                layer.segments.append((mx - px, my - py, mx + px, my + py))
                layer.ends.append((m, m))
        if members:
            first = min(members, key=lambda m: (pos[m][1], pos[m][0]))
            x, y = pos[first]
            scene.labels.append(
                Label(x, y - 0.38, name, 0.2, 5.5, "region-name", colour, halo=True)
            )


def _place_labels(scene: Scene, topology: Topology, loc: str, x: float, y: float) -> None:
    """A location's name and VP value (stars on a network, a number on a hex map)."""
    attrs = topology.attrs(loc)
    name = attrs.get("name")
    hexes = scene.orientation is not None
    vp = attrs.get("vp")
    if hexes:
        if name and not is_box(loc):
            text = str(name) + (f" \u2605{_fmt(vp)}" if vp else "")
            scene.labels.append(Label(x, y + 0.62, text, 0.27, 5.0, "name", halo=True))
        elif vp:
            scene.labels.append(Label(x, y + 0.62, f"\u2605{_fmt(vp)}", 0.27, 5.0, "vp", halo=True))
        return
    if name and not is_box(loc):
        scene.labels.append(Label(x, y + 0.62, str(name), 0.32, 5.0, "name", bold=True, halo=True))
    if vp:
        count = vp if isinstance(vp, int) and 0 < vp <= 5 else None
        stars = "\u2605" * count if count else f"\u2605{_fmt(vp)}"
        scene.labels.append(Label(x, y - 0.55, stars, 0.3, 5.0, "vp", colour="#b8860b", halo=True))
    fortress = attrs.get("fortress")
    if fortress:
        text = f"F{_fmt(fortress)}"
        tip = f"fortress {_fmt(fortress)}"
        badge = _rect(
            x - 0.6, y - 0.35, 0.5, 0.34, "#ffffff", 4.5, "fortress", tip=tip, edge="#5a3d1e"
        )
        scene.shapes.append(badge)
        scene.labels.append(Label(x - 0.6, y - 0.35, text, 0.22, 4.6, "fortress", "#5a3d1e", True))


def _city_symbol(
    scene: Scene, loc: str, terrain: str, features: frozenset[str], x: float, y: float
) -> None:
    where = (("data-loc", loc),)
    words = [terrain.lower(), *(f.lower() for f in sorted(features))]
    city = [w for w in words if any(k in w for k in ("city", "town", "capital", "village"))]
    if not city:
        return
    major = any("major" in w or w in ("city", "capital") for w in city) and not any(
        "minor" in w for w in city
    )
    if major:
        scene.shapes.append(_rect(x, y + 0.2, 0.3, 0.3, "#3a3a3a", 4.0, "city", where, lw=0.02))
    else:
        scene.shapes.append(_dot(x, y + 0.2, 0.24, "#3a3a3a", 4.0, "town", where, lw=0.02))


def _map_scene(topology: Topology, opts: _Options) -> tuple[Scene, dict[str, tuple[float, float]]]:
    """Terrain, hexsides, lines, names: everything public about the map."""
    hexes = topology.kind == "hex"
    raw = {loc: topology.position(loc) for loc in topology.locations()}
    pos = raw if hexes else _network_positions(topology, raw)
    scene = Scene(_orientation(topology, pos) if hexes else None)
    for loc in topology.locations():
        x, y = pos[loc]
        where = (("data-loc", loc),)
        if is_box(loc):
            name = str(topology.attrs(loc).get("name") or loc)
            width = max(2.8, _text_width(name, 0.26) + 0.4)
            box = _rect(x, y, width, 1.9, "#f4f4f4", 0.5, "box", where, name, edge="#777777")
            scene.shapes.append(box)
            scene.labels.append(Label(x, y - 0.75, name, 0.26, 5.0, "box-name"))
            continue
        terrain = topology.terrain(loc)
        features = topology.features(loc)
        if hexes:
            scene.hex_locs.append(loc)
            scene.hex_xy.append((x, y))
            scene.hex_fill.append(terrain_colour(terrain, opts.terrain_colours))
            _city_symbol(scene, loc, terrain, features, x, y)
            if opts.ids:
                scene.labels.append(Label(x, y - 0.6, loc, 0.2, 4.9, "hex-id", "#5b5b5b"))
        else:
            fill = terrain_colour(terrain, opts.terrain_colours)
            if any("city" in f or "capital" in f for f in (terrain, *features)):
                fill = "#3a3a3a"
            tip = str(topology.attrs(loc).get("name", loc))
            scene.shapes.append(_dot(x, y, 0.6, fill, 4.0, "point", where, tip, lw=0.05))
            if "port" in features:
                anchor = Label(x + 0.42, y + 0.3, "\u2693", 0.26, 4.2, "port", "#1d4d9b")
                scene.labels.append(anchor)
        _place_labels(scene, topology, loc, x, y)
    _segments_between(scene, topology, pos, hexes)
    if hexes:
        _region_outlines(scene, topology, pos, opts.regions)
    return scene, pos


def _network_positions(
    topology: Topology, raw: Mapping[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """Scale a network so its typical link is four units long (about two hexes): counters and
    labels then have the same size relative to the map as on a hex map."""
    lengths = []
    graph = topology.graph()
    for i, nbrs in enumerate(graph.adj):
        a = graph.ids[i]
        if is_box(a):
            continue
        for j in nbrs:
            b = graph.ids[j]
            if j > i and not is_box(b):
                lengths.append(math.dist(raw[a], raw[b]))
    lengths = sorted(d for d in lengths if d > 0)
    factor = 4.0 / lengths[len(lengths) // 2] if lengths else 1.0
    out = {loc: (x * factor, y * factor) for loc, (x, y) in raw.items()}
    # Boxes below every point (where the map puts boxes without xy, spaced for the map's own
    # units) become one compact row just under the points.
    points = [xy for loc, xy in out.items() if not is_box(loc)]
    if points:
        left = min(x for x, _ in points)
        bottom = max(y for _, y in points)
        below = [loc for loc in topology.locations() if is_box(loc) and out[loc][1] > bottom]
        for n, loc in enumerate(below):
            out[loc] = (left + 1.6 + 3.6 * n, bottom + 2.8)
    return out


# --------------------------------------------------------------------------- units and markers


def _colour_setting(match: Match, name: str) -> dict[str, str]:
    """A title's colour table (``mechanic_options.render.<name>``), checked: colours go into SVG
    attributes and PNG face arrays, so only ``#rgb`` / ``#rrggbb`` are accepted."""
    given = match.settings("render").get(name) or {}
    out: dict[str, str] = {}
    for key, value in dict(given).items():
        text = str(value)
        digits = text[1:]
        if not (
            text.startswith("#")
            and len(digits) in (3, 6)
            and all(c in "0123456789abcdefABCDEF" for c in digits)
        ):
            raise UsageError(
                f"title {match.title.id}: mechanic_options.render.{name}.{key} must be a colour "
                f"like '#86aee0', not {text!r}"
            )
        out[str(key)] = text
    return out


def side_colours(match: Match) -> dict[str, str]:
    """Counter colours by side: the title's own (checked), else the palette."""
    given = _colour_setting(match, "side_colors")
    return {
        side: given.get(side, SIDE_PALETTE[n % len(SIDE_PALETTE)])
        for n, side in enumerate(match.sides)
    }


def value_text(match: Match, unit: Mapping[str, Any]) -> str:
    """A counter's values line: "6-4" for a known unit; for an untried one, every key its
    pool's faces have, "?" where the view has no value ("?-?-6")."""
    values: Mapping[str, Any] = unit.get("values") or {}
    keys = list(values)
    counters = match.counters_doc.get("counters", {})
    counter = counters.get(unit.get("counter"))
    if unit.get("untried") and counter is not None:
        pool = match.counters_doc.get("pools", {}).get(counter.get("untried"), {})
        keys = []
        faces = [face.get("values", {}) for face in pool.get("faces", [])]
        for steps in (faces, [s.get("values", {}) for s in counter.get("steps", [])]):
            for face in steps:
                keys.extend(k for k in face if k not in keys)
    shown = match.settings("render").get("values")  # a title may print fewer (DC: "fire")
    if shown:
        keys = [k for k in keys if k in shown]
    text = "-".join(_fmt(values[k]) if k in values else "?" for k in keys)
    suffixes = match.settings("render").get("tag_suffix") or {}
    if suffixes and counter is not None:
        utype = match.counters_doc.get("unit_types", {}).get(counter.get("type"), {})
        text += "".join(suffixes.get(tag, "") for tag in utype.get("tags", ()))
    return text


def _unit_scene(
    scene: Scene,
    match: Match,
    view: Mapping[str, Any],
    pos: Mapping[str, tuple[float, float]],
) -> None:
    colours = side_colours(match)
    flag_marks: dict[str, str] = dict(match.settings("render").get("flag_marks") or {})
    topology = match.topology
    hexes = scene.orientation is not None
    stacks: dict[str, list[Mapping[str, Any]]] = {}
    for unit in view.get("units", []):
        loc = unit.get("loc")
        if loc is not None and loc in topology:
            stacks.setdefault(loc, []).append(unit)
    size = 1.0 if hexes else 0.9
    step = 0.08
    for loc, units in stacks.items():
        cx, cy = pos[loc]
        if is_box(loc):
            cy += 0.15
        elif hexes:
            cy -= 0.08
        else:
            cx += 0.95
        n = len(units)
        shown = min(n, 4) - 1
        for level, unit in enumerate(units):
            k = min(level, shown) - shown / 2
            x, y = cx + step * k, cy - step * k
            z = 10.0 + level * 0.1
            side = str(unit.get("side"))
            fill = colours.get(side, "#cccccc")
            hidden = bool(unit.get("hidden"))
            if hidden:
                data: Data = (("data-side", side),)
                counter = _rect(x, y, size, size, fill, z, "counter hidden", data, f"{side} unit")
                scene.shapes.append(counter)
                scene.labels.append(Label(x, y, "?", 0.55, z + 0.05, "counter-text", bold=True))
                continue
            uid = str(unit["id"])
            values = value_text(match, unit)
            tip = f"{unit.get('name', uid)} ({uid}) {values}"
            data = (("data-unit", uid), ("data-side", side))
            scene.shapes.append(_rect(x, y, size, size, fill, z, "counter", data, tip))
            if unit.get("step"):
                # a reduced unit: a white band along the bottom, as on a flipped counter
                band = _rect(
                    x,
                    y + size * 0.42,
                    size * 0.96,
                    size * 0.12,
                    "#ffffff",
                    z + 0.01,
                    "reduced",
                    lw=0.0,
                )
                scene.shapes.append(band)
            width = size * 0.92
            top_line = Label(x, y - size * 0.28, uid, _fit(uid, 0.2, width), z + 0.05, "counter-id")
            main_line = Label(
                x,
                y + size * 0.12,
                values,
                _fit(values, 0.32, width),
                z + 0.05,
                "counter-values",
                bold=True,
            )
            scene.labels.extend((top_line, main_line))
            flags = unit.get("flags") or {}
            marks = "".join(
                mark for flag, mark in sorted(flag_marks.items()) if flags.get(flag)
            )  # a title's status marks: DC's dispersed and fortified units
            if marks:
                scene.labels.append(
                    Label(x, y + size * 0.38, marks, 0.2, z + 0.05, "counter-marks", bold=True)
                )
        if n > 1:
            top = min(n - 1, shown) - shown / 2
            bx, by = cx + step * top + size / 2, cy - step * top - size / 2
            z = 10.0 + n * 0.1 + 0.05
            badge = _dot(
                bx, by, 0.36, "#ffffff", z, "stack-count", (("data-loc", loc),), f"{n} units"
            )
            scene.shapes.append(badge)
            scene.labels.append(Label(bx, by, str(n), 0.22, z + 0.01, "stack-count", bold=True))

    control = view.get("control") or {}
    for loc in sorted(control):
        if loc in pos and loc in topology and not is_box(loc):
            x, y = pos[loc]
            fill = colours.get(str(control[loc]), "#cccccc")
            ox = 0.62 if hexes else -0.45
            data = (("data-loc", loc),)
            tip = f"{control[loc]} control"
            scene.shapes.append(_rect(x + ox, y + 0.3, 0.2, 0.2, fill, 6.0, "control", data, tip))

    per_loc: dict[str, int] = {}
    markers = view.get("markers") or {}
    for key in sorted(markers):
        marker = markers[key]
        if not isinstance(marker, Mapping):
            continue
        loc = marker.get("loc") or marker.get("at") or marker.get("hex")
        if not isinstance(loc, str) or loc not in pos:
            continue
        kind = str(marker.get("type") or marker.get("kind") or key)
        n = per_loc.get(loc, 0)
        per_loc[loc] = n + 1
        x, y = pos[loc]
        mx = x - 0.55 + 0.3 * n if hexes else x - 0.5 - 0.3 * n
        my = y + 0.42 if hexes else y + 0.35
        owner = marker.get("side")
        fill = colours.get(str(owner), "#ffd54a") if owner else "#ffd54a"
        data = (("data-marker", key),)
        scene.shapes.append(_dot(mx, my, 0.34, fill, 20.0, "marker", data, kind, lw=0.03))
        scene.labels.append(Label(mx, my, kind[:1].upper(), 0.22, 20.05, "marker-text", bold=True))


def _title_block(
    scene: Scene, match: Match | None, view: Mapping[str, Any] | None, heading: str | None
) -> None:
    minx, miny, _, _ = _extent(scene)
    lines: list[str] = []
    if match is not None and view is not None:
        title = match.title.name
        scenario = match.scenario.get("name") or match.scenario_id
        lines.append(f"{title} \u2014 {scenario}")
        names = {s.id: s.name for s in match.title.manifest.sides}
        parts = []
        if view.get("stage") == "setup":
            parts.append("Set-up")
        else:
            parts.append(f"{match.title.manifest.turn_label} {view.get('turn')}")
        if view.get("phase"):
            parts.append(str(view["phase"]))
        vp = view.get("vp") or {}
        parts.append(
            "VP " + ", ".join(f"{names.get(s, s)} {_fmt(vp.get(s, 0))}" for s in match.sides)
        )
        parts.append(
            f"as {names.get(view['as'], view['as'])}" if view.get("as") else "referee view"
        )
        outcome = view.get("outcome")
        if outcome:
            parts.append(f"over: {outcome.get('text', '')}")
        lines.append(" \u00b7 ".join(parts))
    elif heading:
        lines.append(heading)
    if not lines:
        return
    y = miny - 0.3 - 0.5 * (len(lines) - 1)
    scene.labels.append(
        Label(minx, y - 0.62, lines[0], 0.55, 30.0, "title", bold=True, anchor="start")
    )
    for n, text in enumerate(lines[1:]):
        scene.labels.append(
            Label(minx, y + 0.05 + 0.5 * n, text, 0.36, 30.0, "title-line", anchor="start")
        )


def _extent(scene: Scene) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for x, y in scene.hex_xy:
        xs.extend((x - 1.0, x + 1.0))
        ys.extend((y - 1.0, y + 1.0))
    for s in scene.shapes:
        xs.extend((s.x - s.w / 2, s.x + s.w / 2))
        ys.extend((s.y - s.h / 2, s.y + s.h / 2))
    for lab in scene.labels:
        w = _text_width(lab.text, lab.size)
        left = lab.x - (w / 2 if lab.anchor == "middle" else 0 if lab.anchor == "start" else w)
        xs.extend((left, left + w))
        ys.extend((lab.y - lab.size * 0.6, lab.y + lab.size * 0.6))
    for layer in scene.layers:
        for x1, y1, x2, y2 in layer.segments:
            xs.extend((x1, x2))
            ys.extend((y1, y2))
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))


def _finish(scene: Scene) -> Scene:
    minx, miny, maxx, maxy = _extent(scene)
    margin = 0.5
    scene.bounds = (minx - margin, miny - margin, maxx + margin, maxy + margin)
    return scene


def _options(match: Match | None, ids: bool, regions: bool | Iterable[str]) -> _Options:
    colours: Mapping[str, str] = {}
    if match is not None:
        colours = _colour_setting(match, "terrain_colors")
    wanted: bool | tuple[str, ...] = regions if isinstance(regions, bool) else tuple(regions)
    return _Options(ids=ids, regions=wanted, terrain_colours=colours)


def _check_side(match: Match, side: str | None) -> None:
    # A misspelt side would be treated as a side nothing is hidden from: refuse it.
    if side is not None and side not in match.sides:
        raise UsageError(f"unknown side {side!r} (sides: {', '.join(match.sides)})")


def match_scene(
    match: Match,
    side: str | None = None,
    *,
    ids: bool = False,
    regions: bool | Iterable[str] = False,
) -> Scene:
    """Everything to draw for one side: the map and what ``match.view(side)`` shows."""
    _check_side(match, side)
    view = match.view(side)
    scene, pos = _map_scene(match.topology, _options(match, ids, regions))
    _unit_scene(scene, match, view, pos)
    _title_block(scene, match, view, None)
    return _finish(scene)


def topology_scene(
    topology: Topology,
    *,
    ids: bool = False,
    regions: bool | Iterable[str] = False,
    heading: str | None = None,
) -> Scene:
    """The map alone, no units (checking transcribed or generated map data by eye)."""
    scene, _ = _map_scene(topology, _options(None, ids, regions))
    name = heading if heading is not None else str(getattr(topology, "id", "") or "")
    _title_block(scene, None, None, name)
    return _finish(scene)


# --------------------------------------------------------------------------- SVG


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _stroke_attrs(stroke: Stroke) -> str:
    out = (
        f'stroke="{stroke.colour}" stroke-width="{_n(stroke.width)}" stroke-linecap="{stroke.cap}"'
    )
    if stroke.dash:
        out += f' stroke-dasharray="{_n(stroke.dash[0])} {_n(stroke.dash[1])}"'
    return out


def _data_attrs(data: Iterable[tuple[str, str]]) -> str:
    return "".join(f" {k}={quoteattr(v)}" for k, v in data)


def scene_svg(scene: Scene, scale: float = DEFAULT_SCALE) -> str:
    """The scene as a standalone SVG document, coordinates in map units."""
    minx, miny, maxx, maxy = scene.bounds
    w, h = maxx - minx, maxy - miny
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w * scale)}" '
        f'height="{_n(h * scale)}" viewBox="{_n(minx)} {_n(miny)} {_n(w)} {_n(h)}" '
        f"font-family={quoteattr(_FONT)}>",
        f'<rect x="{_n(minx)}" y="{_n(miny)}" width="{_n(w)}" height="{_n(h)}" '
        f'fill="{_BACKGROUND}"/>',
    ]
    if scene.hex_locs:
        orientation = scene.orientation or "flat"
        out.append(f'<g class="hexes" stroke="{_HEX_EDGE}" stroke-width="0.03">')
        for loc, (x, y), fill in zip(scene.hex_locs, scene.hex_xy, scene.hex_fill, strict=True):
            corners = " ".join(f"{_n(cx)},{_n(cy)}" for cx, cy in _hex_corners(x, y, orientation))
            out.append(
                f'<polygon class="hex" data-loc={quoteattr(loc)} points="{corners}" fill="{fill}"/>'
            )
        out.append("</g>")

    items: list[tuple[float, int, str]] = []
    for n, layer in enumerate(scene.layers):
        parts = [f'<g class={quoteattr(layer.kind)} fill="none"{_data_attrs(layer.data)}>']
        for stroke in layer.strokes:
            parts.append(f"<g {_stroke_attrs(stroke)}>")
            for (x1, y1, x2, y2), (a, b) in zip(layer.segments, layer.ends, strict=True):
                parts.append(
                    f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                    f"data-a={quoteattr(a)} data-b={quoteattr(b)}/>"
                )
            parts.append("</g>")
        parts.append("</g>")
        items.append((layer.z, n, "".join(parts)))
    base = len(items)
    for n, s in enumerate(scene.shapes):
        tip = f"<title>{escape(s.tip)}</title>" if s.tip else ""
        common = (
            f'class={quoteattr(s.cls)} fill="{s.fill}" stroke="{s.edge}" '
            f'stroke-width="{_n(s.lw)}"{_data_attrs(s.data)}'
        )
        if s.kind == "circle":
            body = f'<circle cx="{_n(s.x)}" cy="{_n(s.y)}" r="{_n(s.w / 2)}" {common}'
        else:
            body = (
                f'<rect x="{_n(s.x - s.w / 2)}" y="{_n(s.y - s.h / 2)}" width="{_n(s.w)}" '
                f'height="{_n(s.h)}" {common}'
            )
        items.append((s.z, base + n, f"{body}>{tip}</{s.kind}>" if tip else f"{body}/>"))
    base = len(items)
    anchors = {"start": "start", "middle": "middle", "end": "end"}
    for n, lab in enumerate(scene.labels):
        attrs = (
            f'x="{_n(lab.x)}" y="{_n(lab.y)}" font-size="{_n(lab.size)}" '
            f'text-anchor="{anchors.get(lab.anchor, "middle")}" dominant-baseline="central" '
            f'fill="{lab.colour}" class={quoteattr(lab.cls)}'
        )
        if lab.bold:
            attrs += ' font-weight="bold"'
        if lab.halo:
            attrs += (
                f' stroke="#ffffff" stroke-width="{_n(lab.size * 0.22)}" '
                'stroke-linejoin="round" paint-order="stroke"'
            )
        items.append((lab.z, base + n, f"<text {attrs}>{escape(lab.text)}</text>"))
    items.sort(key=lambda item: (item[0], item[1]))
    out.extend(text for _, _, text in items)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- PNG


_MPL_ANCHOR = {"start": "left", "middle": "center", "end": "right"}
_BATCHED_TEXT = frozenset({"hex-id"})
"""Label classes drawn as one path collection: a Text artist per hex id would double the time
of a 1,800-hex map."""


def _text_paths(labels: Sequence[Label], colour: str, z: float) -> Any:
    """Centred labels as glyph outlines in one collection (y flipped: the map's y grows down)."""
    from matplotlib.collections import PathCollection
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path as MplPath
    from matplotlib.textpath import TextPath

    font = FontProperties(family="DejaVu Sans")
    shapes: dict[str, tuple[Any, Any, float]] = {}
    paths = []
    for lab in labels:
        glyphs = shapes.get(lab.text)
        if glyphs is None:
            path = TextPath((0.0, 0.0), lab.text, size=1.0, prop=font)
            xs = path.vertices[:, 0]  # control points: close enough to centre a label
            glyphs = shapes[lab.text] = (path.vertices, path.codes, float(xs.max() + xs.min()))
        vertices, codes, width = glyphs
        left = lab.x - width * lab.size / 2
        # flip y, and put the middle of a digit's height (about 0.36 em) on the label's y
        moved = vertices * (lab.size, -lab.size) + (left, lab.y + 0.36 * lab.size)
        paths.append(MplPath(moved, codes))
    return PathCollection(paths, facecolors=colour, edgecolors="none", linewidths=0, zorder=z)


def _rgba(colour: str) -> tuple[float, float, float, float]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    r, g, b = (int(value[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    return (r, g, b, 1.0)


def scene_png(scene: Scene, scale: float = DEFAULT_SCALE, dpi: float = 100.0) -> bytes:
    """The scene as PNG bytes: hexes through hexalattice, the rest as collections."""
    import numpy as np
    from hexalattice.hexalattice import plot_single_lattice_custom_colors
    from matplotlib import patheffects
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Patch, Rectangle

    minx, miny, maxx, maxy = scene.bounds
    w, h = maxx - minx, maxy - miny
    fig = Figure(figsize=(w * scale / dpi, h * scale / dpi), dpi=dpi, facecolor=_BACKGROUND)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_axis_off()
    pt = scale * 72.0 / dpi  # points per map unit

    if scene.hex_locs:
        xy = np.asarray(scene.hex_xy, dtype=float)
        faces = np.asarray([_rgba(c) for c in scene.hex_fill])
        edges = np.tile(np.asarray(_rgba(_HEX_EDGE)), (len(xy), 1))
        # min_diam is the flat-to-flat width: sqrt(3) for hexes of size 1; hexalattice's
        # unrotated hex is pointy-top, a 30 degree turn makes it flat-top.
        plot_single_lattice_custom_colors(
            xy[:, 0],
            xy[:, 1],
            face_color=faces,
            edge_color=edges,
            min_diam=_SQRT3,
            plotting_gap=0.0,
            rotate_deg=30.0 if scene.orientation == "flat" else 0.0,
            line_width=0.03 * pt,
            h_ax=ax,
        )

    for layer in scene.layers:
        segs = [((x1, y1), (x2, y2)) for x1, y1, x2, y2 in layer.segments]
        if not segs:
            continue
        for k, stroke in enumerate(layer.strokes):
            lw = stroke.width * pt
            style: Any = "solid"
            if stroke.dash:
                style = (0.0, (max(stroke.dash[0] * pt / lw, 0.01), stroke.dash[1] * pt / lw))
            ax.add_collection(
                LineCollection(
                    segs,
                    colors=stroke.colour,
                    linewidths=lw,
                    linestyles=style,
                    capstyle=stroke.cap,
                    joinstyle="round",
                    zorder=layer.z + 0.001 * k,
                )
            )

    groups: dict[float, list[Shape]] = {}
    for s in scene.shapes:
        groups.setdefault(s.z, []).append(s)
    for z, shapes in sorted(groups.items()):
        patches: list[Patch] = []
        for s in shapes:
            if s.kind == "circle":
                patches.append(Circle((s.x, s.y), s.w / 2))
            else:
                patches.append(Rectangle((s.x - s.w / 2, s.y - s.h / 2), s.w, s.h))
        ax.add_collection(
            PatchCollection(
                patches,
                facecolors=[s.fill for s in shapes],
                edgecolors=[s.edge for s in shapes],
                linewidths=[s.lw * pt for s in shapes],
                zorder=z,
            )
        )

    single: list[Label] = []
    batched: dict[tuple[str, float], list[Label]] = {}
    for lab in scene.labels:
        if lab.cls in _BATCHED_TEXT:
            batched.setdefault((lab.colour, lab.z), []).append(lab)
        else:
            single.append(lab)
    for (colour, z), labels in batched.items():
        ax.add_collection(_text_paths(labels, colour, z))
    for lab in single:
        effects = (
            [patheffects.withStroke(linewidth=lab.size * 0.22 * pt, foreground="white")]
            if lab.halo
            else None
        )
        ax.text(
            lab.x,
            lab.y,
            lab.text,
            fontsize=lab.size * pt,
            color=lab.colour,
            fontweight="bold" if lab.bold else "normal",
            ha=_MPL_ANCHOR.get(lab.anchor, "center"),
            va="center_baseline",
            zorder=lab.z,
            path_effects=effects,
        )

    ax.set_xlim(minx, maxx)
    ax.set_ylim(maxy, miny)  # y grows down, as topology positions do
    ax.set_aspect("equal", adjustable="box")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor=_BACKGROUND)
    return buf.getvalue()


# --------------------------------------------------------------------------- files


def _target(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot write a picture to {target}: it is a folder")
    parent = target.parent
    if not parent.is_dir():
        raise UsageError(f"cannot write a picture to {target}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise UsageError(f"cannot write a picture to {target}: permission denied")
    return target


def _write(target: Path, data: bytes) -> Path:
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise UsageError(f"cannot write a picture to {target}: {exc.strerror or exc}") from None
    return target


def _format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", ".svg"):
        shown = suffix or "no suffix"
        raise UsageError(f"cannot draw a map as {shown} ({Path(path).name}): use .png or .svg")
    return suffix[1:]


def svg(
    match: Match,
    side: str | None = None,
    *,
    ids: bool = False,
    regions: bool | Sequence[str] = False,
) -> str:
    """The map as ``side`` sees it (None: the referee's view), as SVG text."""
    return scene_svg(match_scene(match, side, ids=ids, regions=regions))


def png(
    match: Match,
    path: str | os.PathLike[str],
    side: str | None = None,
    *,
    ids: bool = False,
    regions: bool | Sequence[str] = False,
    scale: float = DEFAULT_SCALE,
) -> Path:
    """Write the map as ``side`` sees it to a PNG file."""
    target = _target(path)
    data = scene_png(match_scene(match, side, ids=ids, regions=regions), scale)
    return _write(target, data)


def render(
    match: Match,
    path: str | os.PathLike[str],
    side: str | None = None,
    *,
    ids: bool = False,
    regions: bool | Sequence[str] = False,
    scale: float = DEFAULT_SCALE,
) -> Path:
    """Write the map as ``side`` sees it; PNG or SVG by the file's suffix."""
    kind = _format(path)
    if kind == "png":
        return png(match, path, side, ids=ids, regions=regions, scale=scale)
    target = _target(path)
    return _write(target, svg(match, side, ids=ids, regions=regions).encode("utf-8"))


def render_topology(
    topology: Topology,
    path: str | os.PathLike[str],
    *,
    ids: bool = False,
    regions: bool | Sequence[str] = False,
    heading: str | None = None,
    scale: float = DEFAULT_SCALE,
) -> Path:
    """Write a map with no units (PNG or SVG by suffix), to check map data by eye."""
    kind = _format(path)
    target = _target(path)
    scene = topology_scene(topology, ids=ids, regions=regions, heading=heading)
    data = scene_png(scene, scale) if kind == "png" else scene_svg(scene, scale).encode("utf-8")
    return _write(target, data)
