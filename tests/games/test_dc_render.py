"""Dark Crusade's map picture: points at their positions, lines by class, the boxes beside the
map, counters with the fire factor as printed ("1M" for a minor unit) and status marks."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.games.data_helpers import require_mapgen_extra
from tests.games.dc_helpers import empty_match, put, title, to_phase
from wargame import render
from wargame.match import Match

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_draws_points_lines_boxes_and_counters() -> None:
    match = empty_match()
    put(match, "brest", "sov-4a", dispersed=True)
    put(match, "iasi", "rum-3")
    put(match, "warsaw", "ger-7", fortified=True)
    text = render.svg(match)
    # Siberia is linked into the network (3.C), so it is a place to go even when empty
    assert 'data-loc="moscow"' in text and 'data-loc="box:siberia"' in text
    assert 'data-unit="rum-3"' in text
    assert ">1M<" in text  # a minor unit's fire factor, as the counter prints it
    assert ">D<" in text and ">F<" in text  # dispersed, fortified


def test_boxes_sit_beside_their_edges() -> None:
    top = empty_match().topology
    siberia_x, _ = top.position("box:siberia")
    west_x, _ = top.position("box:west")
    xs = [top.position(p)[0] for p in ("moscow", "warsaw", "kotlas")]
    assert siberia_x > max(xs) and west_x < min(xs)


def test_title_line_shows_this_turns_date_weather_and_phase() -> None:
    """The heading follows the game: on turn 2 it is July 1941 (the calendar, DC 6.0) with the
    weather rolled for it (DC 7.A), not the scenario's June 1941 start."""
    match = to_phase(Match(title(), "campaign", seed=1), "axis", "reinforcement", 2)
    weather = match.state.vars["weather"]["weather"]
    root = ET.fromstring(render.svg(match).encode())
    line = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "title-line"][0]
    assert line is not None
    assert line.startswith("Turn 2 of ") and "July 1941" in line
    assert f"weather: {weather}" in line and "Axis Replacement/Reinforcement Phase" in line


def test_place_names_do_not_run_into_each_other_or_counters() -> None:
    """Warsaw, Borisov and Ordzhonikidze used to be printed over a neighbour's name or a
    stack; now no two names overlap, and none covers a stack."""
    match = empty_match()
    for loc in ("warsaw", "borisov", "ordzhonikidze", "siedlce", "orsha", "grozny"):
        put(match, loc, *[u for u in ("ger-7", "ger-13", "sov-4a", "sov-5a")[:1]])
    scene = render.match_scene(match)
    names = [render._box_of(lab) for lab in scene.labels if lab.cls == "name"]
    counters = [
        (s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2)
        for s in scene.shapes
        if s.cls == "counter"
    ]
    assert len(names) > 200 and counters

    def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for n, a in enumerate(names):
        assert not any(overlap(a, b) for b in names[n + 1 :])
        assert not any(overlap(a, c) for c in counters)


def test_the_land_and_lakes_lie_faintly_under_the_network() -> None:
    """The generator's coasts and great lakes (committed as data/basemap.json) are drawn first,
    under every line and point, and the sea fills the rest of the map."""
    text = render.svg(empty_match())
    root = ET.fromstring(text.encode())
    classes = [e.get("class") for e in root]
    land = classes.index("basemap land")
    assert classes.index("sea") < land < classes.index("link major")
    assert "basemap lake" in classes and "basemap sheet" in classes
    lakes = [e for e in root if e.get("class") == "basemap lake"]
    assert len(lakes) >= 3  # Ladoga, Onega, Peipus (the Caspian lies off the points' extent)


def test_the_june_1941_borders_are_drawn_under_the_network_and_not_over_it(tmp_path: Path) -> None:
    """Issue 18: the network floated on coasts and lakes without the borders it was generated
    with; the Finnish and Axis frontiers of June 1941 (the generator's, from config.json) now
    lie under the links, in SVG and in PNG, and the page's static map carries them too."""
    from wargame.web import layers

    match = empty_match()
    text = render.svg(match)
    root = ET.fromstring(text.encode())
    classes = [e.get("class") for e in root]
    borders = [n for n, c in enumerate(classes) if c == "basemap border"]
    assert len(borders) == 2  # Finland's and the Axis'
    assert classes.index("basemap land") < borders[0] and borders[-1] < classes.index("link major")
    axis = next(
        e for e in root if e.get("class") == "basemap border" and e.get("d").count("L") > 15
    )
    assert axis.get("fill") == "none"
    assert text.count('class="basemap border"') == layers.static_map(match, None).count(
        'class="basemap border"'
    )
    assert render.png(match, tmp_path / "dc.png").stat().st_size > 0  # the PNG draws them too
    key = [e.text for e in root if e.get("class") == "legend"]
    assert "border" in key


def test_committed_basemap_equals_generator_output() -> None:
    require_mapgen_extra()
    from wargame.games.dark_crusade.mapgen import generate

    committed = json.loads(generate.BASEMAP_PATH.read_text(encoding="utf-8"))
    assert generate.generate().basemap == committed, f"run `{generate.COMMAND}`"
