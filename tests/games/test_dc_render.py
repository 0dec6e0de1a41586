"""Dark Crusade's map picture: points at their positions, lines by class, the boxes beside the
map, counters with the fire factor as printed ("1M" for a minor unit) and status marks."""

from __future__ import annotations

from tests.games.dc_helpers import empty_match, put
from wargame import render


def test_svg_draws_points_lines_boxes_and_counters() -> None:
    match = empty_match()
    put(match, "brest", "sov-4a", dispersed=True)
    put(match, "iasi", "rum-3")
    put(match, "warsaw", "ger-7", fortified=True)
    text = render.svg(match)
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
