"""Proud Monster Deluxe: a Stalin line hex is destroyed for good when an Axis unit enters it
(13.4.2): reoccupied by the Soviets it gives no 1L, no MA bar, no concentric bar."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import constructions, stalinline
from wargame.games.proud_monster_deluxe.turns import AXIS
from wargame.match import Match
from wargame.testing import put

from .pmd_combat_helpers import at_phase

AXIS_UNIT, RD = "ger-id-7", "sov-rd-interior-01"


def _route(match: Match) -> tuple[str, str, str]:
    """(a clear hex, a Stalin line hex next to it, a clear hex beyond), none a city."""
    topo = match.topology
    for line in sorted(stalinline.hexes(match)):
        if topo.terrain(line) != "clear" or "city" in topo.features(line):
            continue
        ends = [n for n in topo.neighbours(line) if topo.terrain(n) == "clear"]
        edges = {n: topo.edge(n, line) for n in ends}
        ends = [n for n in ends if not topo.features(n) and not getattr(edges[n], "features", ())]
        for a in ends:
            for b in ends:
                if topo.distance(a, b) == 2:
                    return a, line, b
    raise AssertionError("no route across the Stalin line")


def _moved(path_end: int) -> tuple[Match, str]:
    match = at_phase(AXIS, "movement")
    a, line, b = _route(match)
    put(match, AXIS_UNIT, a)
    match.apply(f"move {AXIS_UNIT} {' '.join([a, line, b][: path_end + 1])}")
    return match, line


def test_a_stalin_line_hex_starts_active_in_1941_13_4_2() -> None:
    match = at_phase(AXIS, "movement")
    _a, line, _b = _route(match)
    assert len(stalinline.hexes(match)) == 48 and stalinline.destroyed(match) == frozenset()
    assert "stalin-line" in constructions.active_forts(match, line)


def test_an_axis_unit_entering_destroys_it_for_good_13_4_2() -> None:
    match, line = _moved(1)
    assert stalinline.destroyed(match) == {line}
    put(match, AXIS_UNIT, None)
    put(match, RD, line)  # the Soviets reoccupy it
    assert "stalin-line" not in constructions.active_forts(match, line)


def test_passing_through_destroys_it_too_13_4_2() -> None:
    match, line = _moved(2)
    assert stalinline.destroyed(match) == {line}


def test_a_soviet_unit_entering_destroys_nothing_13_4_2() -> None:
    match = at_phase("soviet", "movement")
    a, line, b = _route(match)
    put(match, RD, a)
    match.reveal(match.state.units[RD])
    match.apply(f"move {RD} {a} {line}")
    assert stalinline.destroyed(match) == frozenset()
    assert "stalin-line" in constructions.active_forts(match, line)


def test_an_axis_unit_placed_there_any_other_way_destroys_it_13_4_2() -> None:
    match = at_phase(AXIS, "movement")
    _a, line, _b = _route(match)
    put(match, AXIS_UNIT, line)  # a strategic move or a drop: not a passage along a path
    stalinline.wargame_settled(match=match)
    assert stalinline.destroyed(match) == {line}
