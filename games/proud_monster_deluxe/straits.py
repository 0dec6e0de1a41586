"""Supply across the Sivash and the Kerch Strait (PMD 8.11, 8.2) and, for the Soviet, across
the Oranienbaum-Leningrad hexside (8.4).

The crossing arrows are the only all-sea hexsides a supply line of either side crosses: the
Sivash (2446/2347) and the Kerch Strait (2850/2951, 2950/2951). Unfrozen, a supply path across one
costs the ``supply`` cost of its hexside entry in the terrain chart: 12 Mech MP for the Kerch
(8.2), the same for the Sivash (a stand-in: 8.2 names only the Kerch). Frozen, the hexside is
clear terrain. The Sivash is frozen in Snow; the Kerch from January (turns 201, 301, 401): in the
January turns, and after them while the weather is Snow (ruling K1). Both arrows lie in the
Southern Zone (12.1: a border hexside is the SZ's). The same answer rules movement (a frozen
arrow is a clear hexside, an unfrozen one closed: ``wargame_move_cost``, whatever the TEC's Snow
column says, so not in December's Snow weeks for the Kerch) and combat (13.4.1: only an unfrozen
arrow gives the 2L, cuts tanks to 1 and bars the Close Combat marker, :func:`live`). The all-sea hexside 3203/3304 (its feature
``LINK``) is a land hexside for Soviet supply only (8.4): a Soviet trace across it pays the hex
entered, nothing for the hexside. ``supply.py`` reads :func:`trace_costs`."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.calendar import weather
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import movement
from wargame.state import Unit

from .turns import SOVIET, ynn
from .weather import weather_at

ARROWS = ("sivash", "kerch")
LINK = "soviet-supply"
"""8.4: the Oranienbaum-Leningrad hexside's feature, land for Soviet supply."""
JANUARY = (1, 2)
"""The January turns of each year (NN of YNN), when the Kerch freezes (8.11)."""


def frozen(match: Match) -> frozenset[str]:
    """The arrows frozen now (8.11, ruling K1)."""
    snow = weather(match, "sz") == "S"
    n = ynn(match) % 100
    out = {"sivash"} if snow else set()
    if n in JANUARY or (snow and n < JANUARY[0] + 12):  # January to the summer: not December
        out.add("kerch")
    return frozenset(out)


def live(match: Match, features: Iterable[str]) -> frozenset[str]:
    """The crossing arrows among a hexside's ``features`` that count now: a frozen one is ignored
    and treated as clear terrain (8.11), for movement and combat (13.4.1) as for supply."""
    found = frozenset(ARROWS) & frozenset(features)
    return found - frozen(match) if found else found


def _edges(match: Match) -> tuple[tuple[int, int, str, str, str], ...]:
    """Every step of the graph across an arrow: (node, neighbour index, from, to, arrow)."""

    def build() -> tuple[tuple[int, int, str, str, str], ...]:
        topo, graph = match.topology, match.topology.graph()
        out = []
        for i, nbrs in enumerate(graph.adj):
            for k, j in enumerate(nbrs):
                a, b = graph.ids[i], graph.ids[j]
                edge = topo.edge(a, b)
                for f in set((*ARROWS, LINK)) & set(edge.features if edge is not None else ()):
                    out.append((i, k, a, b, f))
        return tuple(out)

    return match.shared("pmd-strait-edges", build)


def trace_costs(
    match: Match, mech: Unit, rows: list[tuple[int | None, ...]]
) -> list[tuple[int | None, ...]]:
    """``rows`` (a supply trace's costs) with each arrow's step priced by 8.11."""
    chart = match.title.doc("terrain")["hexsides"]
    ice = frozen(match)
    factor = movement.scale(match)
    sz = weather(match, "sz") or "D"
    out = list(rows)
    for i, k, a, b, f in _edges(match):
        if f == LINK and mech.side != SOVIET:
            continue  # 8.4: Soviet supply only
        here = weather_at(match, b)
        zone = sz if f != LINK else (weather(match, "nz") or "D")
        cols = ("D" if here == "R" else here, "D" if zone == "R" else zone)
        treat = {f: "ignored"} if f != LINK else {LINK: "ignored", "sea": "ignored"}
        enter = movement.chart_cost(match, mech, a, b, cols, treat=treat)
        extra = 0 if f in ice or f == LINK else int(chart[f].get("supply", {}).get("cost", 0))
        row = list(out[i])
        row[k] = int(round((enter + extra) * factor))
        out[i] = tuple(row)
    return out


def _arrow_steps(match: Match) -> dict[tuple[str, str], str]:
    """(from, to) -> the arrow of every step across a crossing arrow: static, once per map."""
    return match.shared(
        "pmd-arrow-steps", lambda: {(a, b): f for _, _, a, b, f in _edges(match) if f != LINK}
    )


@hookimpl(tryfirst=True)
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    """8.11: a frozen arrow is clear terrain, an unfrozen one all sea, closed to movement (the
    cost key carries :func:`frozen`, ``weather.wargame_cost_key``)."""
    arrow = _arrow_steps(match).get((a, b))
    if arrow is None:
        return None
    if arrow not in frozen(match):
        return movement.INF
    from .weather import columns

    return movement.chart_cost(match, unit, a, b, columns(match, a, b), treat={arrow: "ignored"})
