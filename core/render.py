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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from wargame import markers as unit_markers
from wargame import symbols as symbols_catalogue
from wargame.errors import UsageError
from wargame.geo import clip_ring
from wargame.status import turn_words
from wargame.symbols import Symbol
from wargame.topology import Graph, Topology, is_box

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


_OWN_HEXSIDE_COLOURS = ("#c2185b", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#8d6e63", "#455a64")
"""Colours for hexside features the palette does not know, given in order (a qualitative set
that stays clear of the rivers' blues and the roads' browns)."""


def _hexside_style(feature: str, own: Sequence[str] = ()) -> tuple[Stroke, ...]:
    """The palette's or its family's strokes; a title's own feature (PMD's Stalin line, Kerch,
    fort lines), the ``own`` list giving its place among them, gets a dashed line of its own
    colour, so the map and its key tell them apart."""
    style = _HEXSIDE_STYLES.get(feature)
    if style is not None:
        return style
    low = feature.lower()
    for word, family in _HEXSIDE_FAMILIES:
        if word in low:
            return _HEXSIDE_STYLES[family]
    index = own.index(feature) if feature in own else zlib.crc32(feature.encode())
    return (Stroke(_OWN_HEXSIDE_COLOURS[index % len(_OWN_HEXSIDE_COLOURS)], 0.12, (0.25, 0.12)),)


def _own_hexside_features(graph: Graph) -> list[str]:
    """The map's hexside features the palette does not know, in a stable order."""
    found = {f for row in graph.edge_features for feats in row for f in feats}
    return sorted(
        f
        for f in found
        if _line_style(f) is None
        and f not in _HEXSIDE_STYLES
        and not any(word in f.lower() for word, _family in _HEXSIDE_FAMILIES)
    )


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


@dataclass(frozen=True, slots=True)
class Glyph:
    """A path (a unit symbol's frame or icon): absolute M/L/C/Z commands in map units."""

    d: tuple[tuple[str, tuple[float, ...]], ...]
    fill: str | None
    stroke: str | None
    width: float
    z: float
    cls: str = "symbol"


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
    terrain: dict[str, str] = field(default_factory=dict)  # hex -> terrain name, for the key
    paths: list[Glyph] = field(default_factory=list)

    def layer(self, kind: str, strokes: tuple[Stroke, ...], z: float) -> Layer:
        for existing in self.layers:
            if existing.kind == kind and existing.strokes == strokes:
                return existing
        new = Layer(kind, strokes, z)
        self.layers.append(new)
        return new


@dataclass(frozen=True, slots=True)
class _Options:
    ids: int  # hex numbers on every n-th column and row (1: every hex), 0 for none
    regions: bool | tuple[str, ...]
    terrain_colours: Mapping[str, str]
    boxes: frozenset[str] | None = None  # the boxes to draw; None: all of them
    basemap: Mapping[str, Any] | None = None  # a network's land and lakes (render.basemap)


LEGIBLE_ID_SCALE = 40.0
"""Pixels per map unit from which a hex number (0.2 units high) is readable on every hex; below
it a picture numbers every fifth column and row, as printed maps at small scale do."""


def _id_step(ids: bool | None, hexes: bool, scale: float) -> int:
    if ids is False or (ids is None and not hexes):
        return 0
    if ids is None and scale < LEGIBLE_ID_SCALE:
        return 5
    return 1


def _numbered(topology: Topology, loc: str, step: int) -> bool:
    if step <= 1:
        return step == 1
    printed = getattr(topology, "printed", None)
    if printed is None:
        return True
    column, row = printed(loc)
    return column % step == 0 or row % step == 0


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
    boxes: frozenset[str] | None = None,
) -> None:
    """Hexsides (rivers on the shared edge, roads centre to centre) or network links; links to
    a box that is not drawn are left out with it."""
    graph = topology.graph()
    ids = graph.ids
    own = _own_hexside_features(graph) if hexes else []
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
                if boxes is not None and any(is_box(e) and e not in boxes for e in (a, b)):
                    continue
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
                    layer = scene.layer(f"hexside {feature}", _hexside_style(feature, own), 2.5)
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
        scene.shapes.append(
            Shape("circle", x, y + 0.2, 0.24, 0.24, "#3a3a3a", 4.0, "town", where, lw=0.02)
        )


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
            if opts.boxes is not None and loc not in opts.boxes:
                continue
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
            scene.terrain[loc] = terrain
            _city_symbol(scene, loc, terrain, features, x, y)
            if opts.ids and _numbered(topology, loc, opts.ids):
                # at the top of the hex, as printed maps have it: a counter covers the centre
                scene.labels.append(Label(x, y - 0.7, loc, 0.2, 4.9, "hex-id", "#5b5b5b"))
        else:
            fill = terrain_colour(terrain, opts.terrain_colours)
            if any("city" in f or "capital" in f for f in (terrain, *features)):
                fill = "#3a3a3a"
            tip = str(topology.attrs(loc).get("name", loc))
            scene.shapes.append(
                Shape("circle", x, y, 0.6, 0.6, fill, 4.0, "point", where, tip, lw=0.05)
            )
            if "port" in features:
                anchor = Label(x + 0.42, y + 0.3, "\u2693", 0.26, 4.2, "port", "#1d4d9b")
                scene.labels.append(anchor)
        _place_labels(scene, topology, loc, x, y)
    _segments_between(scene, topology, pos, hexes, opts.boxes)
    if hexes:
        _region_outlines(scene, topology, pos, opts.regions)
    else:
        slots = []
        for loc in topology.locations():
            if not is_box(loc):
                x, y = pos[loc]
                slots.append((x + 0.38, y - 0.6, x + 1.52, y + 0.55))  # its stack of counters
                slots.append((x - 0.58, y + 0.18, x - 0.32, y + 0.42))  # its control mark
        _place_names(scene, slots)
        if opts.basemap:
            _basemap(scene, topology, pos, opts.basemap)
    return scene, pos


# --------------------------------------------------------------------------- label placement

_NAME_SPOTS: tuple[tuple[float, float, str], ...] = (
    (0.0, 0.62, "middle"),  # below the point: where a name goes unless something is there
    (0.0, -0.62, "middle"),
    (-0.42, 0.45, "end"),
    (-0.45, 0.0, "end"),
    (-0.42, -0.45, "end"),
    (0.42, 0.55, "start"),
    (0.0, 0.95, "middle"),
    (0.0, -0.95, "middle"),
    (0.42, -0.55, "start"),
)
"""Where a network's place name may sit around its point, in the order tried."""

_CELL = 2.0


def _box_of(lab: Label) -> tuple[float, float, float, float]:
    w = _text_width(lab.text, lab.size)
    left = lab.x - (w / 2 if lab.anchor == "middle" else 0 if lab.anchor == "start" else w)
    return (left, lab.y - lab.size * 0.5, left + w, lab.y + lab.size * 0.5)


class _Grid:
    """Rectangles and segments bucketed by cell, so a candidate checks only its neighbours."""

    def __init__(self) -> None:
        self.rects: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
        self.segs: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    @staticmethod
    def _cells(x1: float, y1: float, x2: float, y2: float) -> Iterable[tuple[int, int]]:
        for i in range(math.floor(min(x1, x2) / _CELL), math.floor(max(x1, x2) / _CELL) + 1):
            for j in range(math.floor(min(y1, y2) / _CELL), math.floor(max(y1, y2) / _CELL) + 1):
                yield (i, j)

    def add_rect(self, r: tuple[float, float, float, float]) -> None:
        for cell in self._cells(*r):
            self.rects.setdefault(cell, []).append(r)

    def add_seg(self, s: tuple[float, float, float, float]) -> None:
        for cell in self._cells(*s):
            self.segs.setdefault(cell, []).append(s)

    def cost(self, r: tuple[float, float, float, float]) -> float:
        x1, y1, x2, y2 = r
        hits = 0.0
        seen: set[int] = set()
        for cell in self._cells(*r):
            for o in self.rects.get(cell, ()):
                if id(o) in seen:
                    continue
                seen.add(id(o))
                if o[0] < x2 and x1 < o[2] and o[1] < y2 and y1 < o[3]:
                    hits += 100.0
            for s in self.segs.get(cell, ()):
                if id(s) in seen:
                    continue
                seen.add(id(s))
                if _crosses(s, r):
                    hits += 1.0
        return hits


def _crosses(s: tuple[float, float, float, float], r: tuple[float, float, float, float]) -> bool:
    """Whether segment ``s`` passes through rectangle ``r`` (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = s
    dx, dy = x2 - x1, y2 - y1
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x1 - r[0]), (dx, r[2] - x1), (-dy, y1 - r[1]), (dy, r[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def _place_names(scene: Scene, slots: Iterable[tuple[float, float, float, float]]) -> None:
    """Move each network place name to the first spot around its point that no other name,
    point, badge or counter slot covers, crossing as few lines as it can: names printed
    under their point ran into each other and through counters (Warsaw, Borisov)."""
    grid = _Grid()
    for slot in slots:
        grid.add_rect(slot)
    for s in scene.shapes:
        if s.kind == "circle" or s.cls in ("fortress", "box"):
            grid.add_rect((s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2))
    for layer in scene.layers:
        if layer.kind.startswith("link"):
            for seg in layer.segments:
                grid.add_seg(seg)
    names = [(n, lab) for n, lab in enumerate(scene.labels) if lab.cls == "name"]
    for _, lab in enumerate(scene.labels):
        if lab.cls != "name":
            grid.add_rect(_box_of(lab))
    # longest names first: they have the fewest places to go
    names.sort(key=lambda item: (-len(item[1].text), item[1].y, item[1].x))
    for n, lab in names:
        px, py = lab.x, lab.y - 0.62
        best: tuple[float, Label] | None = None
        for k, (dx, dy, anchor) in enumerate(_NAME_SPOTS):
            moved = replace(lab, x=px + dx, y=py + dy, anchor=anchor)
            cost = grid.cost(_box_of(moved)) + 0.3 * k
            if best is None or cost < best[0]:
                best = (cost, moved)
            if cost < 1.0:
                break
        assert best is not None
        scene.labels[n] = best[1]
        grid.add_rect(_box_of(best[1]))


_SEA = "#e8f0f8"
_LAND = "#fcfbf7"
_COAST = "#a9c0d6"
_BORDER = "#c9a3c9"


def _basemap(
    scene: Scene,
    topology: Topology,
    pos: Mapping[str, tuple[float, float]],
    entries: Mapping[str, Any],
) -> None:
    """The land, great lakes, borders and mapsheet a network was generated on, faintly under it: the
    title's basemap document, in the points' own coordinates, cut to the points' extent."""
    project = getattr(topology, "project", None)
    points = [loc for loc in topology.locations() if not is_box(loc)]
    if project is None or not points:
        return
    # the picture's positions are the topology's, scaled (see _network_positions)
    anchor = max(points, key=lambda loc: abs(topology.position(loc)[0]))
    raw_x = topology.position(anchor)[0]
    factor = pos[anchor][0] / raw_x if raw_x else 1.0
    xs = [pos[loc][0] for loc in points]
    ys = [pos[loc][1] for loc in points]
    for entry in entries.values():
        if entry.get("kind") == "sheet":  # the mapsheet, whole
            for p in entry.get("ring") or []:
                x, y = project(p)
                xs.append(x * factor)
                ys.append(y * factor)
    box = (min(xs) - 1.2, min(ys) - 1.2, max(xs) + 1.2, max(ys) + 1.2)
    sea = _rect(
        (box[0] + box[2]) / 2,
        (box[1] + box[3]) / 2,
        box[2] - box[0],
        box[3] - box[1],
        _SEA,
        -1.0,
        "sea",
        edge=_COAST,
        lw=0.0,
    )
    scene.shapes.append(sea)
    styles = {
        "land": (_LAND, _COAST, 0.05, -0.9),
        "lake": (_SEA, _COAST, 0.05, -0.8),
        "sheet": (None, "#c9c9c9", 0.06, -0.7),
        "border": (None, _BORDER, 0.07, -0.65),  # the June 1941 frontier the sides start on
    }
    for key in sorted(entries):
        entry = entries[key]
        style = styles.get(str(entry.get("kind")))
        if style is None:
            continue
        ring = [project(p) for p in entry.get("ring") or []]
        ring = [(x * factor, y * factor) for x, y in ring]
        if style[0] is not None:
            ring = clip_ring(ring, box)
        if len(ring) < 2:
            continue
        d = (("M", ring[0]), *(("L", p) for p in ring[1:]))
        if style[0] is not None:
            d = (*d, ("Z", ()))
        fill, stroke, width, z = style
        scene.paths.append(Glyph(d, fill, stroke, width, z, f"basemap {entry['kind']}"))


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


def unit_symbols(match: Match) -> dict[str, Symbol]:
    """Unit type -> its NATO symbol as milsymbol draws it (the title names each by SIDC in
    ``render.symbols``); a type without one, or one the catalogue lacks, gets none."""
    table = match.settings("render").get("symbols") or {}
    out: dict[str, Symbol] = {}
    for unit_type, sidc in table.items():
        drawn = symbols_catalogue.symbol(str(sidc))
        if drawn is not None:
            out[str(unit_type)] = drawn
    return out


def _mix(colour: str, other: str, t: float) -> str:
    a, b = _rgba(colour), _rgba(other)
    return "#" + "".join(
        f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(a[:3], b[:3], strict=True)
    )


def _place_symbol(
    scene: Scene,
    drawn: Symbol,
    box: tuple[float, float, float, float],
    frame_fill: str,
    z: float,
) -> None:
    """Fit milsymbol's drawing (frame, icon, echelon, staff) into ``box`` (centre x, centre
    y, width, height), keeping its proportions."""
    cx, cy, w, h = box
    x1, y1, x2, y2 = drawn["bbox"]
    k = min(w / (x2 - x1), h / (y2 - y1))
    ox, oy = cx - k * (x1 + x2) / 2, cy - k * (y1 + y2) / 2
    colours = {"frame": frame_fill, "ink": _INK}
    for part in drawn["parts"]:
        if "text" in part:
            scene.labels.append(
                Label(
                    ox + k * part["x"],
                    oy + k * part["y"],
                    part["text"],
                    k * part["size"],
                    z + 0.01,
                    "symbol-text",
                    colours.get(part["fill"], part["fill"]),
                    bold=part["bold"],
                    anchor=part["anchor"],
                )
            )
            continue
        d = tuple(
            (
                str(c[0]),
                tuple(ox + k * v if n % 2 == 0 else oy + k * v for n, v in enumerate(c[1:])),
            )
            for c in part["d"]
        )
        fill = colours.get(part["fill"], part["fill"]) if part["fill"] else None
        stroke = colours.get(part["stroke"], part["stroke"]) if part["stroke"] else None
        scene.paths.append(Glyph(d, fill, stroke, max(part["width"] * k, 0.012), z))


def strength_key(match: Match) -> str:
    """The value a stack's strength adds up: the title's ``render.strength``, else the first
    value its counters print."""
    settings = match.settings("render")
    key = settings.get("strength") or (settings.get("values") or [None])[0]
    if key:
        return str(key)
    for counter in match.counters_doc.get("counters", {}).values():
        for face in (counter.get("steps") or [{}])[:1]:
            for name in face.get("values", {}):
                return str(name)
    return "strength"


def _strength(unit: Mapping[str, Any], key: str) -> float | None:
    value = (unit.get("values") or {}).get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _stack_order(
    units: Sequence[Mapping[str, Any]], keys: Sequence[str]
) -> list[Mapping[str, Any]]:
    """Bottom to top: the strongest unit is drawn on top, as a player stacks his best counter
    uppermost (one of unknown strength before one of none, a leader), strength compared by the
    title's ``render.top`` values in order; ties keep the order."""

    def rank(item: tuple[int, Mapping[str, Any]]) -> tuple[tuple[bool, bool, float], ...]:
        out = []
        for key in keys:
            value = _strength(item[1], key)
            out.append((value is not None and value > 0, value is None, value or 0.0))
        return tuple(out)

    ranked = sorted(enumerate(units), key=rank)
    top = ranked[-1][0] if ranked else 0
    return [u for i, u in enumerate(units) if i != top] + [units[top]] if units else []


def stack_order(match: Match, units: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A stack bottom to top as the pictures and the page draw it: the strongest on top, by the
    title's ``render.top`` values (else its strength key)."""
    top_keys = [str(k) for k in match.settings("render").get("top") or [strength_key(match)]]
    return _stack_order(units, top_keys)


def stack_badge(match: Match, units: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """A stack's badge, its count and the strength the side can see ("3\u00b712+?"), and its
    tooltip."""
    key = strength_key(match)
    n = len(units)
    total, unknown = _stack_strength(units, key)
    text = f"{n}\u00b7" + (f"{_fmt(total)}+?" if total and unknown else _fmt(total))
    if unknown and not total:
        text = f"{n}\u00b7?"
    tip = f"{n} units, {key} {_fmt(total)}" + (" and unknown" if unknown else "")
    return text, tip


def _stack_strength(units: Sequence[Mapping[str, Any]], key: str) -> tuple[float, bool]:
    """The sum of the values the side can see, and whether some are unknown to it."""
    known = [_strength(u, key) for u in units]
    return sum(v for v in known if v is not None), any(v is None for v in known)


def _unit_scene(
    scene: Scene,
    match: Match,
    view: Mapping[str, Any],
    pos: Mapping[str, tuple[float, float]],
) -> None:
    colours = side_colours(match)
    symbols = unit_symbols(match)
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
        units = stack_order(match, units)
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
            drawn = symbols.get(str(unit.get("type")))
            flags = unit.get("flags") or {}
            marks = "".join(
                mark for flag, mark in sorted(flag_marks.items()) if flags.get(flag)
            )  # a title's status marks: DC's dispersed and fortified units
            marks += "".join(
                unit_markers.label(match, name) for name in sorted(unit.get("markers") or {})
            )  # declared unit markers (wargame.markers)
            if drawn is not None:
                # as a printed counter: designation, NATO symbol, values, status marks
                tint = _mix(fill, "#ffffff", 0.55)
                box = (x, y - size * 0.05, size * 0.72, size * 0.46)
                _place_symbol(scene, drawn, box, tint, z + 0.03)
                scene.labels.append(
                    Label(x, y - size * 0.37, uid, _fit(uid, 0.16, width), z + 0.05, "counter-id")
                )
                values_y, values_size = y + size * 0.3, _fit(values, 0.27, size * 0.7)
                marks_at = (x + size * 0.46, y + size * 0.3, "end")
            else:
                scene.labels.append(
                    Label(x, y - size * 0.28, uid, _fit(uid, 0.2, width), z + 0.05, "counter-id")
                )
                values_y, values_size = y + size * 0.12, _fit(values, 0.32, width)
                marks_at = (x, y + size * 0.38, "middle")
            scene.labels.append(
                Label(x, values_y, values, values_size, z + 0.05, "counter-values", bold=True)
            )
            if marks:
                mx, my, anchor = marks_at
                size_m = 0.2 if anchor == "middle" else 0.15
                scene.labels.append(
                    Label(
                        mx, my, marks, size_m, z + 0.05, "counter-marks", bold=True, anchor=anchor
                    )
                )
        if n > 1:
            top = min(n - 1, shown) - shown / 2
            text, tip = stack_badge(match, units)
            w = max(0.36, _text_width(text, 0.2) + 0.12)
            bx, by = cx + step * top + size / 2 - w / 2 + 0.18, cy - step * top - size / 2
            z = 10.0 + n * 0.1 + 0.05
            where = (("data-loc", loc),)
            scene.shapes.append(_rect(bx, by, w, 0.3, "#ffffff", z, "stack-count", where, tip))
            scene.labels.append(Label(bx, by, text, 0.2, z + 0.01, "stack-count", bold=True))

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
        scene.shapes.append(
            Shape("circle", mx, my, 0.34, 0.34, fill, 20.0, "marker", data, kind, lw=0.03)
        )
        scene.labels.append(Label(mx, my, kind[:1].upper(), 0.22, 20.05, "marker-text", bold=True))


# --------------------------------------------------------------------------- legend


def _legend(scene: Scene, match: Match | None, view: Mapping[str, Any] | None) -> None:
    """A key under the map, no wider than it: every terrain, hexside, line, symbol and marker
    the picture uses, each drawn as on the map with its name."""
    minx, _, maxx, maxy = _extent(scene)
    width = max(maxx - minx, 12.0)
    entries: list[tuple[str, str, Any]] = []  # (kind, name, what to draw)
    seen: set[tuple[str, str]] = set()

    def add(kind: str, name: str, what: Any) -> None:
        if (kind, name) not in seen:
            seen.add((kind, name))
            entries.append((kind, name, what))

    for loc, fill in zip(scene.hex_locs, scene.hex_fill, strict=True):
        add("fill", _terrain_of(scene, loc), fill)
    for layer in scene.layers:
        if layer.kind.startswith("region ") or not layer.segments:
            continue
        name = layer.kind.split(" ", 1)[-1].replace("-", " ")
        if layer.kind.startswith("link "):
            name = "to an off-map box" if name == "box" else f"{name} line"
        add("line", name, layer)
    for shape in scene.shapes:
        if shape.cls in ("city", "town", "fortress"):
            add(
                "shape",
                {"city": "city", "town": "town", "fortress": "fortress (value)"}[shape.cls],
                shape,
            )
        elif shape.cls == "point" and shape.fill == "#3a3a3a":
            add("shape", "city", shape)
        elif shape.cls == "control":
            add("shape", "control", shape)
        elif shape.cls == "marker":
            add("shape", shape.tip, shape)
        elif shape.cls == "reduced":
            add("reduced", "reduced (flipped)", shape)
        elif shape.cls == "stack-count":
            add(
                "badge",
                "units in stack \u00b7 total " + (strength_key(match) if match else ""),
                shape,
            )
    for glyph in scene.paths:
        if glyph.cls == "basemap border":  # a network's basemap: the frontier it started on
            add("glyph", "border", glyph)
    for lab in scene.labels:
        if lab.cls == "vp" or (lab.cls == "name" and "\u2605" in lab.text):
            add("text", "victory points", "\u2605")
        elif lab.cls == "port":
            add("text", "port", "\u2693")
    if match is not None and view is not None:
        for symbol_name, glyph in _legend_symbols(match, view):
            add("symbol", symbol_name, glyph)
        for flag, mark in sorted((match.settings("render").get("flag_marks") or {}).items()):
            if any((u.get("flags") or {}).get(flag) for u in view.get("units", [])):
                add("text", flag, mark)
        for name in sorted({m for u in view.get("units", []) for m in u.get("markers") or {}}):
            spec = unit_markers.declared(match).get(name, {})
            add("text", str(spec.get("name") or name), unit_markers.label(match, name))
        if any(u.get("untried") or u.get("hidden") for u in view.get("units", [])):
            add("text", "not known to this side", "?")
    if not entries:
        return
    g = max(1.0, width / 70.0)  # a big map gets a key that reads at its scale
    size = 0.3 * g
    x, y = minx, maxy + 0.9 * g
    title = Label(x, y, "Key", 0.36 * g, 40.0, "legend-title", bold=True, anchor="start")
    scene.labels.append(title)
    y += 0.75 * g
    for kind, name, what in entries:
        swatch = (1.0 if kind == "symbol" else 0.6) * g
        need = swatch + 0.3 * g + _text_width(name, size) + 0.6 * g
        if x + need > minx + width and x > minx:
            x, y = minx, y + 0.8 * g
        sx = x + 0.05 * g + swatch / 2
        z = 40.0
        if kind == "fill":
            swatch_box = _rect(sx, y, 0.6 * g, 0.5 * g, what, z, "legend", edge=_HEX_EDGE, lw=0.03)
            scene.shapes.append(swatch_box)
        elif kind == "line":
            layer = scene.layer(f"legend {what.kind}", what.strokes, z)
            layer.segments.append((sx - 0.3 * g, y, sx + 0.3 * g, y))
            layer.ends.append(("legend", "legend"))
        elif kind in ("shape", "badge"):
            w = min(what.w * g, 0.6 * g)
            h = min(what.h * g, 0.5 * g)
            scene.shapes.append(replace(what, x=sx, y=y, w=w, h=h, z=z, cls="legend", data=()))
        elif kind == "reduced":  # a grey counter with the white band of a flipped one
            scene.shapes.append(_rect(sx, y, 0.5 * g, 0.5 * g, "#bbbbbb", z, "legend"))
            band = _rect(sx, y + 0.21 * g, 0.48 * g, 0.06 * g, "#ffffff", z + 0.01, "legend", lw=0)
            scene.shapes.append(band)
        elif kind == "symbol":
            what(scene, sx, y, z, g)
        elif kind == "glyph":  # a basemap line, a stroke of it
            d = (("M", (sx - 0.3 * g, y)), ("L", (sx + 0.3 * g, y)))
            scene.paths.append(Glyph(d, None, what.stroke, what.width * g, z, "legend"))
        else:
            scene.labels.append(Label(sx, y, what, size, z, "legend", bold=True))
        scene.labels.append(
            Label(x + swatch + 0.25 * g, y, name, size, z, "legend", anchor="start")
        )
        x += need


def _terrain_of(scene: Scene, loc: str) -> str:
    return scene.terrain.get(loc, loc).replace("-", " ")


_ENTITY_WORDS = {
    "110000": "command",
    "120306": "industry",
    "120500": "armour",
    "120800": "air (fixed wing)",
    "121100": "infantry",
    "121102": "mechanized infantry",
    "121104": "motorized infantry",
    "121300": "cavalry",
    "121301": "armoured cavalry",
    "130300": "artillery",
    "141700": "security",
}
_MODIFIER_WORDS = {("m1", "41"): "rocket", ("m2", "27"): "mountain", ("m2", "01"): "airborne"}
_ECHELON_WORDS = {
    "17": "regiment",
    "18": "brigade",
    "21": "division",
    "22": "corps",
    "23": "army",
    "24": "army group",
}


def symbol_words(sidc: str) -> str:
    """What a SIDC shows, in words for the key ("mountain infantry corps", "armour army HQ"),
    from its digits: entity (11-16), modifiers (17-20), HQ (8) and echelon (9-10)."""
    words = [
        word
        for (field_, code), word in _MODIFIER_WORDS.items()
        if (sidc[16:18] if field_ == "m1" else sidc[18:20]) == code
    ]
    words.append(_ENTITY_WORDS.get(sidc[10:16], "unit"))
    echelon = _ECHELON_WORDS.get(sidc[8:10])
    if echelon:
        words.append(echelon)
    if sidc[7] == "2":
        words.append("HQ")
    return " ".join(words)


def _legend_symbols(match: Match, view: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """One key entry per symbol the visible units show, named by its SIDC's meaning."""
    table = match.settings("render").get("symbols") or {}
    drawn = unit_symbols(match)
    out: dict[str, Any] = {}
    for unit in view.get("units", []):
        unit_type = str(unit.get("type"))
        sidc = table.get(unit_type)
        if unit.get("hidden") or sidc is None or unit_type not in drawn:
            continue
        symbol_ = drawn[unit_type]

        def draw(
            scene: Scene, x: float, y: float, z: float, g: float, symbol_: Symbol = symbol_
        ) -> None:
            _place_symbol(scene, symbol_, (x, y, 1.0 * g, 0.66 * g), "#ffffff", z)

        out.setdefault(symbol_words(str(sidc)), draw)
    return sorted(out.items())


def _title_block(
    scene: Scene, match: Match | None, view: Mapping[str, Any] | None, heading: str | None
) -> None:
    """The heading over the map, no wider than the map: a long line gets a smaller font."""
    minx, miny, maxx, _ = _extent(scene)
    width = max(maxx - minx, 8.0)
    lines: list[str] = []
    if match is not None and view is not None:
        title = match.title.name
        scenario = match.scenario.get("name") or match.scenario_id
        lines.append(f"{title} \u2014 {scenario}")
        names = {s.id: s.name for s in match.title.manifest.sides}
        parts = turn_words(match, view)
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
    grow = max(1.0, width / 70.0)  # a big map gets a heading that reads at its scale
    big = _fit(lines[0], 0.55 * grow, width)
    small = min((_fit(text, 0.42 * grow, width) for text in lines[1:]), default=0.42)
    y = miny - 0.3 - small * 1.3 * (len(lines) - 1)
    scene.labels.append(
        Label(minx, y - big * 1.1, lines[0], big, 30.0, "title", bold=True, anchor="start")
    )
    for n, text in enumerate(lines[1:]):
        scene.labels.append(
            Label(minx, y + small * 1.3 * n, text, small, 30.0, "title-line", anchor="start")
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


def _options(
    match: Match | None,
    topology: Topology,
    ids: bool | None,
    regions: bool | Iterable[str],
    scale: float,
    boxes: frozenset[str] | None = None,
) -> _Options:
    colours: Mapping[str, str] = {}
    if match is not None:
        colours = _colour_setting(match, "terrain_colors")
    wanted: bool | tuple[str, ...] = regions if isinstance(regions, bool) else tuple(regions)
    step = _id_step(ids, topology.kind == "hex", scale)
    basemap = None
    if match is not None and topology.kind != "hex":
        name = match.settings("render").get("basemap")
        if name:
            basemap = match.title.doc(str(name)).get("entries") or {}
    return _Options(step, wanted, colours, boxes, basemap)


def _check_side(match: Match, side: str | None) -> None:
    # A misspelt side would be treated as a side nothing is hidden from: refuse it.
    if side is not None and side not in match.sides:
        raise UsageError(f"unknown side {side!r} (sides: {', '.join(match.sides)})")


def match_scene(
    match: Match,
    side: str | None = None,
    *,
    ids: bool | None = False,
    regions: bool | Iterable[str] = False,
    picture: bool = False,
    scale: float = DEFAULT_SCALE,
) -> Scene:
    """Everything to draw for one side: the map and what ``match.view(side)`` shows.

    ``picture``: a picture on its own (a file), not a layer of the page: only the boxes that
    hold units, and a key under the map. ``ids`` None numbers hexes as legible at ``scale``."""
    _check_side(match, side)
    view = match.view(side)
    boxes = None
    if picture:
        # a box the network links to is a place to move to, drawn even when empty; a holding
        # box (reinforcements waiting, no links) only while someone is in it
        linked = {
            loc
            for loc in match.topology.locations()
            if is_box(loc) and match.topology.neighbours(loc)
        }
        boxes = frozenset(linked).union(
            str(u["loc"]) for u in view.get("units", []) if u.get("loc") and is_box(str(u["loc"]))
        )
    scene, pos = _map_scene(
        match.topology, _options(match, match.topology, ids, regions, scale, boxes)
    )
    _unit_scene(scene, match, view, pos)
    if picture:
        _legend(scene, match, view)
    _title_block(scene, match, view, None)
    return _finish(scene)


def topology_scene(
    topology: Topology,
    *,
    ids: bool | None = False,
    regions: bool | Iterable[str] = False,
    heading: str | None = None,
    scale: float = DEFAULT_SCALE,
) -> Scene:
    """The map alone, no units (checking transcribed or generated map data by eye)."""
    scene, _ = _map_scene(topology, _options(None, topology, ids, regions, scale))
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
    for n, g in enumerate(scene.paths):
        d = " ".join(op + " ".join(_n(v) for v in pts) for op, pts in g.d)
        paint = f'fill="{g.fill or "none"}"'
        if g.stroke:
            paint += f' stroke="{g.stroke}" stroke-width="{_n(g.width)}"'
        items.append((g.z, base + n, f'<path class="{g.cls}" d="{d}" {paint}/>'))
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


def _text_paths(
    labels: Sequence[Label], colour: str, z: float, bold: bool, halo: bool
) -> list[Any]:
    """Labels as glyph outlines in one collection (y flipped: the map's y grows down), with a
    white halo collection under them: one Text artist per label made a big map take seconds."""
    from matplotlib.collections import PathCollection
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path as MplPath
    from matplotlib.textpath import TextPath

    font = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal")
    paths = []
    halo_widths = []
    for lab in labels:
        key = (lab.text, bold)
        glyphs = _GLYPHS.get(key)
        if glyphs is None:
            path = TextPath((0.0, 0.0), lab.text, size=1.0, prop=font)
            xs = path.vertices[:, 0]  # control points: close enough to place a label
            left, right = (float(xs.min()), float(xs.max())) if len(xs) else (0.0, 0.0)
            glyphs = _GLYPHS[key] = (path.vertices, path.codes, left, right)
        vertices, codes, left, right = glyphs
        width = (right + left) * lab.size  # the advance, with the side bearings
        if lab.anchor == "start":
            x0 = lab.x
        elif lab.anchor == "end":
            x0 = lab.x - width
        else:
            x0 = lab.x - width / 2
        # flip y, and put the middle of a digit's height (about 0.36 em) on the label's y
        moved = vertices * (lab.size, -lab.size) + (x0, lab.y + 0.36 * lab.size)
        paths.append(MplPath(moved, codes))
        halo_widths.append(lab.size * 0.22)
    out = []
    if halo:
        out.append(
            PathCollection(
                paths,
                facecolors="#ffffff",
                edgecolors="#ffffff",
                linewidths=halo_widths,  # scaled to points by the caller
                joinstyle="round",
                zorder=z - 0.0001,
            )
        )
    out.append(PathCollection(paths, facecolors=colour, edgecolors="none", linewidths=0, zorder=z))
    return out


_GLYPHS: dict[tuple[str, bool], tuple[Any, Any, float, float]] = {}
"""Glyph outlines by (text, bold), kept across pictures: the same names recur on every map."""


def _png_paths(ax: Any, glyphs: Sequence[Glyph], pt: float) -> None:
    """Symbols' paths, one collection per depth (a collection draws its paths in order)."""
    from matplotlib.collections import PathCollection
    from matplotlib.path import Path as MplPath

    codes = {"M": int(MplPath.MOVETO), "L": int(MplPath.LINETO), "C": int(MplPath.CURVE4)}
    groups: dict[float, list[Glyph]] = {}
    for g in glyphs:
        groups.setdefault(g.z, []).append(g)
    for z, group in sorted(groups.items()):
        paths = []
        for g in group:
            verts: list[tuple[float, float]] = []
            kinds: list[int] = []
            start = (0.0, 0.0)
            for op, pts in g.d:
                if op == "Z":
                    verts.append(start)
                    kinds.append(int(MplPath.CLOSEPOLY))
                    continue
                pairs = list(zip(pts[0::2], pts[1::2], strict=True))
                if op == "M":
                    start = pairs[0]
                verts.extend(pairs)
                kinds.extend([codes[op]] * len(pairs))
            paths.append(MplPath(verts, kinds))
        ax.add_collection(
            PathCollection(
                paths,
                facecolors=[g.fill or "none" for g in group],
                edgecolors=[g.stroke or "none" for g in group],
                linewidths=[g.width * pt if g.stroke else 0.0 for g in group],
                zorder=z,
            )
        )


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
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Patch, Rectangle

    minx, miny, maxx, maxy = scene.bounds
    w, h = maxx - minx, maxy - miny
    fig = Figure(figsize=(w * scale / dpi, h * scale / dpi), dpi=dpi, facecolor=_BACKGROUND)
    canvas = FigureCanvasAgg(fig)
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

    _png_paths(ax, scene.paths, pt)

    batched: dict[tuple[str, float, bool, bool], list[Label]] = {}
    for lab in scene.labels:
        if lab.text.strip():
            batched.setdefault((lab.colour, lab.z, lab.bold, lab.halo), []).append(lab)
    for (colour, z, bold, halo), labels in batched.items():
        for collection in _text_paths(labels, colour, z, bold, halo):
            widths = collection.get_linewidths()
            if halo and collection.get_zorder() < z:
                collection.set_linewidths([w * pt for w in widths])
            ax.add_collection(collection)

    ax.set_xlim(minx, maxx)
    ax.set_ylim(maxy, miny)  # y grows down, as topology positions do
    ax.set_aspect("equal", adjustable="box")
    # RGB (the picture is opaque) at zlib level 3: encoding a big map dominated the time
    from PIL import Image

    canvas.draw()
    rgb = np.asarray(canvas.buffer_rgba())[:, :, :3]
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="png", compress_level=3)
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
    ids: bool | None = None,
    regions: bool | Sequence[str] = False,
) -> str:
    """The map as ``side`` sees it (None: the referee's view), as SVG text; hex numbers on
    every hex unless ``ids`` is False."""
    return scene_svg(match_scene(match, side, ids=ids, regions=regions, picture=True))


def png(
    match: Match,
    path: str | os.PathLike[str],
    side: str | None = None,
    *,
    ids: bool | None = None,
    regions: bool | Sequence[str] = False,
    scale: float = DEFAULT_SCALE,
) -> Path:
    """Write the map as ``side`` sees it to a PNG file; hex numbers where legible at ``scale``
    unless ``ids`` says otherwise."""
    target = _target(path)
    scene = match_scene(match, side, ids=ids, regions=regions, picture=True, scale=scale)
    data = scene_png(scene, scale)
    return _write(target, data)


def render(
    match: Match,
    path: str | os.PathLike[str],
    side: str | None = None,
    *,
    ids: bool | None = None,
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
    scene = topology_scene(topology, ids=ids, regions=regions, heading=heading, scale=scale)
    data = scene_png(scene, scale) if kind == "png" else scene_svg(scene, scale).encode("utf-8")
    return _write(target, data)
