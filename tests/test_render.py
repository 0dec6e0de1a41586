"""Map pictures: what is drawn where, and that nothing hidden from a side reaches its picture."""

from __future__ import annotations

import math
import re
import shutil
import struct
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.titles.render_net import plugin as render_net_plugin
from wargame import render, symbols
from wargame.errors import UsageError
from wargame.geo import clip_ring, simplify
from wargame.hexgrid import HexGrid, HexNumbering
from wargame.match import Match
from wargame.network import PointNetwork
from wargame.plugins import Title, discover

SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RIVER = {
    frozenset((f"06{row:02d}", f"07{row:02d}")) for row in (1, 2, 3, 4, 6, 7, 8, 9, 10)
}  # hexland map.json: the Blue River
ROAD = [f"{col:02d}05" for col in range(1, 13)]  # hexland map.json: the Main road


@pytest.fixture(scope="module")
def render_net() -> Title:
    return discover(extra=[render_net_plugin], owner_dir=None).get("render-net")


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def elements(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if e.get("class") == cls]


def lines_of(root: ET.Element, group_cls: str) -> list[ET.Element]:
    out: list[ET.Element] = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == group_cls:
            out.extend(group.iter(f"{SVG}line"))
    return out


def ends(line: ET.Element) -> tuple[tuple[float, float], tuple[float, float]]:
    return (
        (float(line.get("x1", "nan")), float(line.get("y1", "nan"))),
        (float(line.get("x2", "nan")), float(line.get("y2", "nan"))),
    )


def corners(polygon: ET.Element) -> list[tuple[float, float]]:
    pairs = (p.split(",") for p in (polygon.get("points") or "").split())
    return [(float(x), float(y)) for x, y in pairs]


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 2e-3) -> bool:
    return math.dist(a, b) <= tol


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


# --------------------------------------------------------------------------- hex maps


def test_png_of_hexland_is_a_png_the_size_of_the_svg(hexland: Title, tmp_path: Path) -> None:
    match = Match(hexland)
    out = render.render(match, tmp_path / "hexland.png")
    data = out.read_bytes()
    width, height = png_size(data)
    root = parse((render.render(match, tmp_path / "hexland.svg")).read_text())
    # Same scene, same scale: the PNG is exactly as big as the SVG says it is.
    assert abs(width - float(root.get("width", "0"))) <= 1
    assert abs(height - float(root.get("height", "0"))) <= 1
    assert width > 500 and height > 500


def test_png_function_writes_whatever_the_suffix(hexland: Title, tmp_path: Path) -> None:
    out = render.png(Match(hexland), tmp_path / "picture.bin", "blue")
    assert out.read_bytes()[:8] == PNG_SIGNATURE


def test_svg_has_a_hex_per_location_and_a_counter_per_unit(hexland: Title) -> None:
    match = Match(hexland)
    root = parse(render.svg(match))
    topology = match.topology
    assert isinstance(topology, HexGrid)
    hexes = [e.get("data-loc") for e in elements(root, "polygon", "hex")]
    assert sorted(hexes) == sorted(topology.hexes())
    # an empty box is left out of a picture (the page's map layer keeps every box)
    assert not elements(root, "rect", "box") and list(topology.boxes())
    on_map = sorted(u["id"] for u in match.view(None)["units"])
    assert sorted(e.get("data-unit") for e in elements(root, "rect", "counter")) == on_map
    assert "Capital \u260510" in texts(root)  # the named hex with its VP value


def test_hex_polygons_sit_at_topology_positions(hexland: Title) -> None:
    match = Match(hexland)
    root = parse(render.svg(match))
    for polygon in elements(root, "polygon", "hex"):
        pts = corners(polygon)
        centre = (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6)
        assert close(centre, match.topology.position(polygon.get("data-loc", "")))
        # flat-top (hexland numbering): two corners make a horizontal top edge of length 1
        top = sorted(pts, key=lambda p: p[1])[:2]
        assert abs(top[0][1] - top[1][1]) < 1e-3 and abs(abs(top[0][0] - top[1][0]) - 1) < 1e-3


def test_rivers_lie_on_the_shared_hexside_and_roads_join_centres(hexland: Title) -> None:
    match = Match(hexland)
    root = parse(render.svg(match))
    polygons = {e.get("data-loc"): corners(e) for e in elements(root, "polygon", "hex")}
    rivers = lines_of(root, "hexside river")
    assert {frozenset((e.get("data-a"), e.get("data-b"))) for e in rivers} == RIVER
    for line in rivers:
        a, b = line.get("data-a", ""), line.get("data-b", "")
        for end in ends(line):  # both ends are corners of both hexes: the shared edge
            assert any(close(end, c) for c in polygons[a])
            assert any(close(end, c) for c in polygons[b])
    lake = lines_of(root, "hexside lake")
    assert [frozenset((e.get("data-a"), e.get("data-b"))) for e in lake] == [
        frozenset(("0209", "0210"))
    ]
    roads = lines_of(root, "road")
    assert {frozenset((e.get("data-a"), e.get("data-b"))) for e in roads} == {
        frozenset(pair) for pair in zip(ROAD, ROAD[1:], strict=False)
    }
    for line in roads:
        start, end = ends(line)
        assert close(start, match.topology.position(line.get("data-a", "")))
        assert close(end, match.topology.position(line.get("data-b", "")))


def test_terrain_colours_fill_hexes(hexland: Title) -> None:
    root = parse(render.svg(Match(hexland)))
    fill = {e.get("data-loc"): e.get("fill") for e in elements(root, "polygon", "hex")}
    assert fill["0303"] == render.TERRAIN_COLOURS["forest"]
    assert fill["0708"] == render.TERRAIN_COLOURS["swamp"]
    assert fill["0101"] == render.TERRAIN_COLOURS["clear"]
    assert render.terrain_colour("dense-forest") == render.TERRAIN_COLOURS["forest"]
    odd = render.terrain_colour("glacier-xyz")
    assert odd == render.terrain_colour("glacier-xyz") and len(odd) == 7 and odd[0] == "#"


def test_a_title_may_name_its_colours(hexland: Title, monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(hexland)
    options = match.title.manifest.mechanic_options
    colours = {"side_colors": {"red": "#aa0000"}, "terrain_colors": {"forest": "#004400"}}
    monkeypatch.setitem(options, "render", colours)
    root = parse(render.svg(match))
    fill = {e.get("data-loc"): e.get("fill") for e in elements(root, "polygon", "hex")}
    assert fill["0303"] == "#004400"
    sides = {e.get("data-side"): e.get("fill") for e in elements(root, "rect", "counter")}
    assert sides == {"red": "#aa0000", "blue": render.SIDE_PALETTE[0]}
    monkeypatch.setitem(options, "render", {"side_colors": {"red": 'x" onload="alert(1)'}})
    with pytest.raises(UsageError, match="side_colors.red"):
        render.svg(match)


def test_a_title_s_own_hexside_features_get_their_own_dashed_colours() -> None:
    """Features the palette does not know (PMD's Stalin line, fort lines, Kerch) each get a
    colour of their own, in the map's order, dashed, so the map and its key tell them apart."""
    own = ["fortified-line", "kerch", "sivash", "soviet-supply", "south-volga", "stalin-line"]
    styles = [render._hexside_style(f, own) for f in own]
    assert len({s[0].colour for s in styles}) == len(own)
    assert all(s[0].dash for s in styles)
    assert render._hexside_style("minor-river", own) == render._hexside_style("minor-river")
    assert render._hexside_style("minor-river")[0].colour not in {s[0].colour for s in styles}


def test_a_concealed_unit_shows_only_its_side(hexland: Title) -> None:
    match = Match(hexland)
    match.state.units["7-arm"].hidden_from = ["red"]
    red = render.svg(match, "red")
    for secret in ("7-arm", "7th Armored", "8-5-8"):
        assert secret not in red
    root = parse(red)
    hidden = elements(root, "rect", "counter hidden")
    assert [e.get("data-side") for e in hidden] == ["blue"]
    assert "?" in texts(root)
    # Blue, and the referee, still see it.
    for side in ("blue", None):
        seen = render.svg(match, side)
        assert "7-arm" in seen and "8-5-8" in seen


def test_untried_units_show_question_marks_until_revealed(hexland: Title) -> None:
    match = Match(hexland)
    faces = [f["label"] for f in hexland.counters["pools"]["rifle"]["faces"]]
    untried = sorted(u.id for u in match.state.units.values() if match.is_untried(u))
    assert untried
    root = parse(render.svg(match, "blue"))
    assert set(untried) <= {e.get("data-unit") for e in elements(root, "rect", "counter")}
    values = [t for t in texts(root) if "-" in t and t[0] in "?0123456789"]
    assert values.count("?-?-4") == len(untried)
    assert not set(faces) & set(values)
    unit = match.state.units[untried[0]]
    match.reveal(unit)
    assert unit.face is not None
    label = "-".join(f"{v:g}" for v in unit.face.values())
    after = texts(parse(render.svg(match, "blue")))
    assert label in after and after.count("?-?-4") == len(untried) - 1


def test_a_misspelt_side_is_refused(hexland: Title) -> None:
    match = Match(hexland)
    match.state.units["7-arm"].hidden_from = ["red"]
    with pytest.raises(UsageError, match="Red"):
        render.svg(match, "Red")


def test_markers_and_control_are_drawn(hexland: Title) -> None:
    match = Match(hexland)
    match.state.markers["m1"] = {"type": "disrupted", "loc": "0505"}
    match.state.markers["m2"] = {"type": "mine", "loc": "0506", "hidden_from": ["blue"]}
    match.state.control["0905"] = "red"
    root = parse(render.svg(match, "blue"))
    assert [e.get("data-marker") for e in elements(root, "circle", "marker")] == ["m1"]
    assert "D" in texts(root) and "M" not in texts(root)
    assert [e.get("data-loc") for e in elements(root, "rect", "control")] == ["0905"]


def test_stacks_get_a_count_badge(hexland: Title) -> None:
    match = Match(hexland)
    root = parse(render.svg(match))
    counts: dict[str, int] = {}
    for unit in match.view(None)["units"]:
        counts[unit["loc"]] = counts.get(unit["loc"], 0) + 1
    badges = {e.get("data-loc"): e for e in elements(root, "rect", "stack-count")}
    assert set(badges) == {loc for loc, n in counts.items() if n > 1}


def test_render_topology_draws_the_map_alone(hexland: Title, tmp_path: Path) -> None:
    topology = hexland.topology
    out = render.render_topology(topology, tmp_path / "map.svg", ids=True, regions=True)
    root = parse(out.read_text())
    assert not elements(root, "rect", "counter")
    assert {t for t in texts(root)} >= set(topology.locations()[:-1])  # hex ids, no box id
    regions = {g.get("data-region") for g in root.iter(f"{SVG}g") if g.get("data-region")}
    assert regions == {"entry:blue", "entry:red", "setup:red-north", "setup:red-south", "objective"}
    # a one-hex region is outlined by all six of its hexsides
    objective = [g for g in root.iter(f"{SVG}g") if g.get("data-region") == "objective"][0]
    assert len(list(objective.iter(f"{SVG}line"))) == 6
    png = render.render_topology(topology, tmp_path / "map.png")
    assert png.read_bytes()[:8] == PNG_SIGNATURE


# --------------------------------------------------------------------------- network maps


def test_network_points_links_and_counters(render_net: Title, tmp_path: Path) -> None:
    match = Match(render_net)
    topology = match.topology
    assert isinstance(topology, PointNetwork)
    root = parse(render.svg(match, "north"))
    points = sorted(e.get("data-loc") for e in elements(root, "circle", "point"))
    assert points == sorted(loc for loc in topology.locations() if not loc.startswith("box:"))
    assert [e.get("data-loc") for e in elements(root, "rect", "box")] == ["box:reserve"]
    drawn = {
        cls: {frozenset((e.get("data-a"), e.get("data-b"))) for e in lines_of(root, f"link {cls}")}
        for cls in ("major", "minor", "inferior", "highway", "strait", "sea")
    }
    assert drawn == {
        "major": {frozenset(("aton", "corwen"))},
        "minor": {frozenset(("corwen", "dunmore"))},
        "inferior": {frozenset(("bexley", "dunmore"))},
        "highway": {frozenset(("aton", "bexley"))},
        "strait": {frozenset(("bexley", "esk"))},
        "sea": {frozenset(("dunmore", "esk"))},
    }
    # the highway is a double line: a wide dark stroke under a narrow light one
    highway = [g for g in root.iter(f"{SVG}g") if g.get("class") == "link highway"][0]
    strokes = [g.get("stroke") for g in highway if g.get("stroke")]
    assert len(strokes) == 2 and strokes[1] == "#ffffff"
    counters = {e.get("data-unit"): e for e in elements(root, "rect", "counter")}
    assert set(counters) == {"n-1", "n-2", "s-1", "s-2"}
    assert counters["n-1"].get("fill") == "#9aa7b8"  # the title's own side colour
    words = texts(root)
    assert "?-2" in words  # untried s-1: strength unknown, movement printed
    assert "\u2605\u2605\u2605" in words and "F2" in words  # Aton: 3 VP, fortress 2
    for loc in ("Aton", "Bexley", "Corwen", "Dunmore", "Esk Island"):
        assert loc in words
    # a stack sits just right of its point, level with it
    circles = {e.get("data-loc"): e for e in elements(root, "circle", "point")}
    px, py = float(circles["aton"].get("cx", "nan")), float(circles["aton"].get("cy", "nan"))
    for uid in ("n-1", "n-2"):
        rect = counters[uid]
        cx = float(rect.get("x", "nan")) + float(rect.get("width", "nan")) / 2
        cy = float(rect.get("y", "nan")) + float(rect.get("height", "nan")) / 2
        assert 0.5 < cx - px < 1.5 and abs(cy - py) < 0.3
    out = render.render(match, tmp_path / "net.png", "south")
    assert out.read_bytes()[:8] == PNG_SIGNATURE
    alone = parse(render.render_topology(topology, tmp_path / "net.svg").read_text())
    assert len(elements(alone, "circle", "point")) == 5
    assert not elements(alone, "rect", "counter")


# --------------------------------------------------------------------------- files


@pytest.mark.parametrize("name", ["map.jpg", "map", "map.svg.txt"])
def test_bad_suffix_is_a_usage_error(hexland: Title, tmp_path: Path, name: str) -> None:
    with pytest.raises(UsageError, match="png or .svg"):
        render.render(Match(hexland), tmp_path / name)
    assert not (tmp_path / name).exists()


def test_unwritable_paths_are_usage_errors(hexland: Title, tmp_path: Path) -> None:
    match = Match(hexland)
    with pytest.raises(UsageError, match="does not exist"):
        render.render(match, tmp_path / "missing" / "map.png")
    folder = tmp_path / "folder.svg"
    folder.mkdir()
    with pytest.raises(UsageError, match="folder"):
        render.render(match, folder)
    with pytest.raises(UsageError, match="png or .svg"):
        render.render_topology(match.topology, tmp_path / "map.gif")


# --------------------------------------------------------------------------- every numbering


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    orientation=st.sampled_from(["flat", "pointy"]),
    shifted=st.sampled_from(["odd", "even"]),
    column_direction=st.sampled_from(["east", "west"]),
    row_direction=st.sampled_from(["south", "north"]),
    columns=st.integers(2, 6),
    rows=st.integers(2, 6),
    pick=st.integers(0, 10_000),
)
def test_hexsides_fall_on_shared_edges_for_any_numbering(
    orientation: str,
    shifted: str,
    column_direction: str,
    row_direction: str,
    columns: int,
    rows: int,
    pick: int,
) -> None:
    numbering = HexNumbering(
        orientation=orientation,
        shifted=shifted,
        column_direction=column_direction,
        row_direction=row_direction,
    )
    plain = HexGrid(numbering, columns=columns, rows=rows)
    a = plain.hexes()[pick % len(plain.hexes())]
    b = plain.neighbours(a)[pick % len(plain.neighbours(a))]
    grid = HexGrid(
        numbering,
        columns=columns,
        rows=rows,
        hexsides=[{"hexes": [a, b], "features": ["river"]}],
        lines=[{"kind": "rail", "hexes": [a, b]}],
    )
    with tempfile.TemporaryDirectory() as folder:
        text = render.render_topology(grid, Path(folder) / "g.svg").read_text()
    root = parse(text)
    polygons = {e.get("data-loc"): corners(e) for e in elements(root, "polygon", "hex")}
    assert len(polygons) == len(grid.hexes())
    # neighbours share exactly two corners: the polygons tile without gaps or overlaps
    shared = [c for c in polygons[a] if any(close(c, d) for d in polygons[b])]
    assert len(shared) == 2
    (river,) = lines_of(root, "hexside river")
    for end in ends(river):
        assert any(close(end, c) for c in shared)
    (rail, *_) = lines_of(root, "rail")
    start, end = ends(rail)
    assert {rail.get("data-a"), rail.get("data-b")} == {a, b}
    assert close(start, grid.position(rail.get("data-a", "")))
    assert close(end, grid.position(rail.get("data-b", "")))


# --------------------------------------------------------------------------- reading the picture


def test_hex_numbers_on_every_hex_where_legible_else_every_fifth(hexland: Title) -> None:
    """As printed maps: every hex numbered at a readable size, every fifth column and row when
    the picture is too small to read them all."""
    match = Match(hexland)
    topology = match.topology
    assert isinstance(topology, HexGrid)
    root = parse(render.svg(match))
    numbers = [e.text for e in elements(root, "text", "hex-id")]
    assert sorted(numbers) == sorted(topology.hexes())
    small = render.match_scene(match, ids=None, scale=20.0)
    shown = {lab.text for lab in small.labels if lab.cls == "hex-id"}
    wanted = {h for h in topology.hexes() if any(n % 5 == 0 for n in topology.printed(h))}
    assert shown == wanted and 0 < len(shown) < len(topology.hexes())
    assert not [e for e in elements(parse(render.svg(match, ids=False)), "text", "hex-id")]


def test_the_key_names_what_the_picture_uses(hexland: Title) -> None:
    match = Match(hexland)
    root = parse(render.svg(match))
    key = {e.text for e in elements(root, "text", "legend")}
    terrains = {match.topology.terrain(h) for h in match.topology.hexes()}
    assert {t.replace("-", " ") for t in terrains} <= key
    assert {"river", "lake", "road"} <= key
    assert "units in stack \u00b7 total attack" in key
    # the key sits under the map, inside the picture's width
    minx = float((root.get("viewBox") or "").split()[0])
    width = float((root.get("viewBox") or "").split()[2])
    xs = [float(e.get("x", "nan")) for e in elements(root, "text", "legend")]
    assert min(xs) >= minx and max(xs) <= minx + width


def test_a_stack_shows_its_strongest_counter_its_count_and_total(hexland: Title) -> None:
    match = Match(hexland)
    stacks: dict[str, list[dict]] = {}
    for unit in match.view(None)["units"]:
        stacks.setdefault(unit["loc"], []).append(unit)
    loc, units = next((loc, us) for loc, us in stacks.items() if len(us) > 1)
    root = parse(render.svg(match))
    drawn = [e.get("data-unit") for e in elements(root, "rect", "counter")]
    here = [d for d in drawn if d in {u["id"] for u in units}]
    attack = {u["id"]: (u.get("values") or {}).get("attack") for u in units}
    strongest = max((a for a in attack.values() if a is not None), default=None)
    assert attack[here[-1]] == strongest  # drawn last: on top
    (badge,) = [e for e in elements(root, "rect", "stack-count") if e.get("data-loc") == loc]
    total = sum(a for a in attack.values() if a is not None)
    texts_here = [t for t in texts(root) if t.startswith(f"{len(units)}\u00b7")]
    assert any(str(total) in t for t in texts_here)


def test_the_heading_is_no_wider_than_the_map(hexland: Title) -> None:
    match = Match(hexland)
    scene = render.match_scene(match, picture=True)
    minx, _, maxx, _ = scene.bounds
    for lab in scene.labels:
        if lab.cls in ("title", "title-line"):
            left, _, right, _ = render._box_of(lab)
            assert left >= minx and right <= maxx
    hexes = [x for x, _ in scene.hex_xy]
    assert maxx - minx < max(hexes) - min(hexes) + 3.5


# --------------------------------------------------------------------------- unit symbols


def test_every_symbol_a_title_names_is_stored() -> None:
    """Each bundled title names an APP-6 symbol per unit type, and symbols.json holds
    milsymbol's drawing of each (python -m wargame.symbols writes it)."""
    registry = discover(owner_dir=None)
    for title_id in ("panzergruppe-guderian", "dark-crusade"):
        title = registry.get(title_id)
        table = title.manifest.mechanic_options["render"]["symbols"]
        assert set(table) == set(title.counters["unit_types"])
        for sidc in table.values():
            drawn = symbols.symbol(sidc)
            assert drawn is not None and drawn["parts"], sidc
            # the first part is the land unit's frame, milsymbol's (25, 50)-(175, 150) box
            assert drawn["frame"] == [25, 50, 175, 150]


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs milsymbol")
def test_stored_symbols_are_what_milsymbol_draws() -> None:
    assert symbols.main(["--check"]) == 0


def test_svg_path_data_becomes_absolute_moves_lines_and_curves() -> None:
    path = symbols.parse_path("M10,10 l5,0 0,5 h-5 z m20,0 a5,5 0 0 1 10,0 Q40,0 50,10")
    ops = [op for op, _ in path]
    assert ops == ["M", "L", "L", "L", "Z", "M", "C", "C", "C"]
    assert path[1][1] == [(15.0, 10.0)] and path[3][1] == [(10.0, 15.0)]
    assert path[5][1] == [(30.0, 10.0)]  # a move after Z starts from the closed point
    # the half circle ends where the arc said, bulging up (sweep 1 from the left, y down)
    (_, first), (_, second) = path[6], path[7]
    assert second[2] == (40.0, 10.0)
    assert min(y for _, y in first + second) < 6.0
    assert path[8][1][2] == (50.0, 10.0)


def test_counters_carry_their_unit_type_symbol_in_svg_and_png() -> None:
    """The same drawing in both formats: the scene's symbol paths are the SVG's paths, and the
    PNG draws the scene."""
    match = Match(discover(owner_dir=None).get("pgg"))
    scene = render.match_scene(match, picture=True)
    root = parse(render.scene_svg(scene))
    paths = elements(root, "path", "symbol")
    assert len(paths) == len(scene.paths) > 0
    on_map = [u for u in match.view(None)["units"] if u.get("loc")]
    frames = [p for p in scene.paths if p.fill is not None and p.fill != render._INK]
    assert len(frames) >= len(on_map)  # every counter's frame (and the key's)
    assert render.scene_png(scene)[:8] == PNG_SIGNATURE
    key = {e.text for e in elements(root, "text", "legend")}
    assert {"infantry division", "armour division", "command HQ"} <= key


def test_symbol_words_read_the_sidc() -> None:
    assert render.symbol_words("10031000221211000027") == "mountain infantry corps"
    assert render.symbol_words("10031002231205000000") == "armour army HQ"
    assert render.symbol_words("10031000221303004100") == "rocket artillery corps"


def test_a_ring_cut_to_a_box_keeps_what_lies_inside() -> None:
    square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
    cut = clip_ring(square, (2.0, -1.0, 6.0, 3.0))
    assert sorted(cut) == sorted([(2.0, 0.0), (4.0, 0.0), (4.0, 3.0), (2.0, 3.0)])
    assert clip_ring(square, (5.0, 5.0, 6.0, 6.0)) == []
    wiggle = [(x / 10, 0.001 * (-1) ** x) for x in range(11)]
    assert simplify(wiggle, 0.01) == [wiggle[0], wiggle[-1]]


def test_the_pages_static_map_has_no_unit_symbols_but_keeps_the_coasts() -> None:
    """The page draws counters itself over a static map sent once: that map must not carry the
    symbols of the counters where they stood when it was drawn (they move), but keeps what
    never changes, such as Dark Crusade's coasts. Each unit type's symbol is defined once, in
    ``<defs>`` (drawn nowhere until the page places it on a counter)."""
    from wargame.web import layers

    def drawn(svg: str) -> str:
        return re.sub(r"<defs>.*?</defs>", "", svg, flags=re.S)

    registry = discover(owner_dir=None)
    text = layers.static_map(Match(registry.get("pgg")), None)
    assert 'class="symbol"' not in drawn(text) and 'class="symbol"' in text
    assert 'class="symbol"' in render.svg(Match(registry.get("pgg")))
    dc = layers.static_map(Match(registry.get("dc")), None)
    assert 'class="basemap land"' in dc and 'class="symbol"' not in drawn(dc)
