"""Land Without End's Sivash and Kerch hexsides (9.16, D11) on the shared crossings mechanic: a
unit that starts its Movement Phase next to one may cross it as its whole move; snow opens them
(10.7)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.match import Match
from wargame.mechanics.movement import path_cost
from wargame.testing import clear, put

STRAITS = [("2844", "2845"), ("2944", "2945"), ("3449", "3348"), ("3449", "3448")]


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "soviet", "movement")
    clear(m)
    return m


def _beyond(match: Match, hexes: tuple[str, str]) -> str | None:
    """A land neighbour of the far hex, not across any feature (None: there is none)."""
    start, across = hexes
    topo = match.topology
    return next(
        (
            n
            for n in topo.neighbours(across)
            if n != start
            and topo.terrain(n) not in ("sea", "lake")
            and not _features(match, across, n)
        ),
        None,
    )


def _features(match: Match, a: str, b: str) -> set[str]:
    edge = match.topology.edge(a, b)
    return set(edge.features) if edge is not None else set()


@pytest.mark.parametrize("hexes", STRAITS)
def test_unit_next_to_the_strait_crosses_as_its_whole_move_9_16(
    match: Match, hexes: tuple[str, str]
) -> None:
    """D11: a rifle division (MF 3) next to a Sivash or Kerch hexside may cross it, and its MF
    is then spent: it goes no further."""
    start, across = hexes
    unit = put(match, "sov-rd-10", start)
    _cost, refused = path_cost(match, unit, [start, across])
    assert refused is None
    beyond = _beyond(match, hexes)
    if beyond is not None:
        _cost, refused = path_cost(match, unit, [start, across, beyond])
        assert refused is not None
    match.apply(f"move sov-rd-10 {start} {across}")
    assert unit.loc == across


@pytest.mark.parametrize("hexes", STRAITS)
def test_no_crossing_after_a_step_of_the_move_9_16(match: Match, hexes: tuple[str, str]) -> None:
    start, across = hexes
    topo = match.topology
    before = next(
        n
        for n in topo.neighbours(start)
        if n != across and topo.terrain(n) not in ("sea", "lake") and not _features(match, start, n)
    )
    unit = put(match, "sov-rd-10", before)
    _cost, refused = path_cost(match, unit, [before, start, across])
    assert refused is not None


def test_snow_opens_the_sivash_10_7(match: Match) -> None:
    unit = put(match, "sov-rd-10", "2944")
    match.state.vars["weather"] = {"nwz": "S", "swz": "S"}
    match.touch()
    cost, refused = path_cost(match, unit, ["2944", "2945"])
    assert refused is None and cost == 2  # clear doubled in snow, the hexside ignored
