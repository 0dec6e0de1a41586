"""Proud Monster Deluxe part 2: supply across the Sivash and the Kerch Strait (8.11, 8.2): the
only all-sea hexsides a supply line crosses, for both sides, 12 Mech MP unfrozen, clear terrain
frozen; the Sivash frozen in Snow, the Kerch from January (ruling K1)."""

from __future__ import annotations

import pytest

from tests.games.pmd_combat_helpers import title
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import straits, supply
from wargame.match import Match

TURNS = {124: 13, 201: 14, 203: 16, 205: 18, 113: 2}
"""YNN -> game turn."""
SIVASH, KERCH = ("2347", "2446"), ("2850", "2951")


def _match(ynn: int, sz: str) -> Match:
    match = Match(title(), "1941-historical", 1)
    match.state.cursor.turn = TURNS[ynn]
    set_weather(match, sz, "sz")
    set_weather(match, sz, "nz")
    match.touch()
    return match


def _cost(match: Match, side: str, a: str, b: str) -> int | None:
    graph = match.topology.graph()
    i, j = graph.index[a], graph.index[b]
    return supply._trace_costs(match, side)[i][list(graph.adj[i]).index(j)]


def _entry(match: Match, side: str, a: str, b: str, arrow: str) -> float:
    """What entering ``b`` costs with the arrow read as clear terrain."""
    mech = supply._mech_unit(match, side)
    weather = straits.weather_at(match, b)
    cols = (weather, weather)
    from wargame.mechanics import movement

    return movement.chart_cost(match, mech, a, b, cols, treat={arrow: "ignored"})


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_both_sides_trace_across_an_unfrozen_arrow_for_12_mech_mp_8_11_8_2(side: str) -> None:
    match = _match(113, "D")
    assert straits.frozen(match) == frozenset()
    for (a, b), arrow in ((SIVASH, "sivash"), (KERCH, "kerch")):
        assert _cost(match, side, a, b) == _entry(match, side, a, b, arrow) + 12
        assert _cost(match, side, b, a) == _entry(match, side, b, a, arrow) + 12


def test_the_sivash_freezes_in_snow_the_kerch_not_before_january_8_11() -> None:
    match = _match(124, "S")  # December 1941, Snow
    assert straits.frozen(match) == {"sivash"}
    a, b = SIVASH
    assert _cost(match, "axis", a, b) == _entry(match, "axis", a, b, "sivash")
    a, b = KERCH
    assert _cost(match, "axis", a, b) == _entry(match, "axis", a, b, "kerch") + 12


def test_the_kerch_is_frozen_in_january_and_after_it_while_in_snow_8_11() -> None:
    assert straits.frozen(_match(201, "F")) == {"kerch"}  # January: frozen, whatever the weather
    assert straits.frozen(_match(203, "S")) == {"kerch", "sivash"}  # February in Snow
    assert straits.frozen(_match(205, "M")) == frozenset()  # thawed with the Snow
    match = _match(201, "S")
    a, b = KERCH
    assert _cost(match, "soviet", a, b) == _entry(match, "soviet", a, b, "kerch")


def test_no_other_all_sea_hexside_carries_supply_8_11() -> None:
    match = _match(113, "D")
    topo = match.topology
    graph = topo.graph()
    for i, nbrs in enumerate(graph.adj):
        for j in nbrs:
            edge = topo.edge(graph.ids[i], graph.ids[j])
            if edge is not None and "sea" in edge.features:
                if straits.LINK in edge.features:  # 8.4: Oranienbaum-Leningrad, Soviet only
                    assert _cost(match, "axis", graph.ids[i], graph.ids[j]) is None
                    continue
                assert _cost(match, "soviet", graph.ids[i], graph.ids[j]) is None
