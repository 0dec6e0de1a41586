"""The map in two layers: the static map, sent once, and what changes, drawn by the page.

A whole SVG picture of Panzergruppe Guderian is about 340 KB and 60 ms to build, nearly all of it
terrain, hexsides and names that never change in play. So the page fetches the static map once
per match (:func:`static_map`) and draws counters, control and markers itself from the side's
view, which it receives after every action anyway. This module gives it what the view lacks:
each counter's values line as :mod:`wargame.render` prints it ("?" where the view has no value)
and the sides' colours. Nothing here reads more than ``match.view(side)`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import quoteattr

from wargame import render
from wargame.match import Match

CHANGING_Z = 6.0
""":mod:`wargame.render` draws the map below this depth, and control, counters, markers and the
title block (everything that changes in play) from it up."""


def static_map(match: Match, side: str | None, ids: bool = False) -> str:
    """The map as SVG with nothing that changes in play: terrain, hexsides, lines, names and
    (``ids``) location ids. Drawn from the side's picture, so it can hold nothing the side may
    not see, and framed as the bare map is."""
    scene = render.match_scene(match, side, ids=ids)
    scene.shapes = [s for s in scene.shapes if s.z < CHANGING_Z]
    scene.labels = [label for label in scene.labels if label.z < CHANGING_Z]
    scene.paths = [path for path in scene.paths if path.z < CHANGING_Z]  # unit symbols go
    scene.bounds = render.topology_scene(match.topology, ids=ids, heading="").bounds
    text = render.scene_svg(scene)
    defs = symbol_defs(match)
    if defs:
        head, _, rest = text.partition("\n<rect ")  # after the <svg> element's opening tag
        text = f"{head}\n{defs}\n<rect {rest}"
    return text


SYMBOL_BOX = (0.72, 0.46)
"""The NATO symbol's box on a counter one unit wide, as :mod:`wargame.render` places it."""


def symbol_defs(match: Match) -> str:
    """Each unit type's NATO symbol (:func:`wargame.render.unit_symbols`, milsymbol's drawing)
    as ``<g id="symbol-TYPE">`` in ``<defs>``, drawn in a counter one unit wide centred on 0,0:
    the page places it on every counter of that type (``<use>``), the frame filled with the
    ``color`` it is given (the side's colour, lightened as the pictures do)."""
    drawn = render.unit_symbols(match)
    if not drawn:
        return ""
    out = ["<defs>"]
    for unit_type in sorted(drawn):
        scene = render.Scene(None)
        render._place_symbol(scene, drawn[unit_type], (0.0, 0.0, *SYMBOL_BOX), "currentColor", 0.0)
        scene.bounds = (0.0, 0.0, 1.0, 1.0)
        body = render.scene_svg(scene).split("\n")[3:-2]  # no header, background nor </svg>
        out.append(f"<g id={quoteattr('symbol-' + unit_type)}>{''.join(body)}</g>")
    out.append("</defs>")
    return "".join(out)


def side_colours(match: Match) -> dict[str, str]:
    """Counter colours by side, as the pictures use them."""
    return render.side_colours(match)


def counter_texts(match: Match, view: Mapping[str, Any]) -> dict[str, str]:
    """Unit id -> values line, for every unit the view shows (concealed ones have no id)."""
    return {
        str(unit["id"]): render.value_text(match, unit)
        for unit in view.get("units", [])
        if unit.get("id") is not None
    }


def stacks(match: Match, view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Location -> how the page draws the stack there, as the pictures do
    (:func:`wargame.render.stack_order`, :func:`wargame.render.stack_badge`): ``order``, the
    indexes of its units in ``view["units"]`` bottom to top (the strongest on top), and, for
    two units or more, ``badge`` (count and visible strength) and ``tip``."""
    units = view.get("units", [])
    at: dict[str, list[int]] = {}
    for n, unit in enumerate(units):
        loc = unit.get("loc")
        if isinstance(loc, str):
            at.setdefault(loc, []).append(n)
    out: dict[str, dict[str, Any]] = {}
    for loc, indexes in at.items():
        members = [units[n] for n in indexes]
        index = {id(u): n for u, n in zip(members, indexes, strict=True)}
        entry: dict[str, Any] = {
            "order": [index[id(u)] for u in render.stack_order(match, members)]
        }
        if len(members) > 1:
            entry["badge"], entry["tip"] = render.stack_badge(match, members)
        out[loc] = entry
    return out
