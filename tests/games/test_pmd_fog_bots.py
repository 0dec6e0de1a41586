"""Proud Monster Deluxe's fog of war in a bot's picture (``wargame.bots.known_to``): a bot knows
no more than its side's view shows (6.4, 16.2 B and D; rulings R1, R8, FG1). An off-map reserve
stack and the contents of the OKH and RVGK areas are not even counted."""

from __future__ import annotations

from collections import Counter

from tests.games.pmd_steps import to_phase
from tests.games.test_pmd_reserves import RD, _axis_refit, _places
from wargame.bots import known_to
from wargame.games.proud_monster_deluxe import fog
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Match
from wargame.testing import put, view_problems

RD2, TD = "sov-rd-interior-02", "sov-td-interior-01"
PD = "ger-pd-3"


def _counts_seen(match: Match, side: str) -> Counter[tuple[str, str]]:
    """(side, location) -> how many units the bot of ``side`` thinks are there."""
    with known_to(match, side) as seen:
        return Counter((u.side, str(u.loc)) for u in seen.state.units.values() if u.loc)


def _counts_shown(match: Match, side: str) -> Counter[tuple[str, str]]:
    """(side, location) -> how many units ``side``'s view shows there."""
    return Counter((u["side"], u["loc"]) for u in match.view(side)["units"])


def _soviet_reserve() -> tuple[Match, str, str, str]:
    """Turn 113's Soviet Refit Phase: two Soviet rifle divisions in reserve at A (off the map),
    a Soviet tank division in the North RVGK area, an Axis panzer division far away at B."""
    match = _axis_refit()
    a, n, f, b = _places(match)
    to_phase(match, SOVIET, "refit")
    put(match, RD, a)
    put(match, RD2, a)
    put(match, TD, "box:rvgk-north")
    put(match, PD, b)
    match.apply(f"reserve {a}")
    return match, a, n, b


def test_a_bot_cannot_count_an_off_map_reserve_stack_or_an_rvgk_area_6_4_16_2_d() -> None:
    match, a, _n, _b = _soviet_reserve()
    units = match.state.units
    assert all(AXIS in units[u].hidden_from for u in (RD, RD2, TD))
    seen = _counts_seen(match, AXIS)
    assert seen[(SOVIET, a)] == 0 and seen[(SOVIET, "box:rvgk-north")] == 0
    assert seen == _counts_shown(match, AXIS)  # no more, and no less, than the view shows
    assert seen[(AXIS, units[PD].loc)] == 1
    with known_to(match, AXIS) as picture:  # the units are there, off the map in his picture
        assert {picture.state.units[u].loc for u in (RD, RD2, TD)} == {None}
    assert (units[RD].loc, units[TD].loc) == (a, "box:rvgk-north")  # the match is untouched
    own = _counts_seen(match, SOVIET)  # the owner's bot sees his own stack and area
    assert own[(SOVIET, a)] == 2 and own[(SOVIET, "box:rvgk-north")] == 1
    assert own == _counts_shown(match, SOVIET)
    assert not view_problems(match, AXIS)


def test_a_placed_reserve_stack_is_counted_by_the_bot_as_the_view_counts_it_6_4_r8() -> None:
    """Ruling R8: once an enemy unit comes next to it, the stack is on the map under its marker:
    the view shows that two units are there (not which), and so does the bot's picture."""
    match, a, n, _b = _soviet_reserve()
    put(match, PD, n)
    fog.sync(match)
    match.apply("end")  # any action: the stack is placed by the settling that follows
    assert match.state.markers["reserve-soviet-1"]["placed"]
    seen = _counts_seen(match, AXIS)
    assert seen[(SOVIET, a)] == 2 and seen == _counts_shown(match, AXIS)
    with known_to(match, AXIS) as picture:  # counted, but not known: the typical face
        assert all(picture.state.units[u].flags == {} for u in (RD, RD2))
    assert _counts_seen(match, AXIS)[(SOVIET, "box:rvgk-north")] == 0  # the area stays covered


def test_the_okh_areas_are_covered_from_the_soviet_bot_too_16_2_d() -> None:
    match, _a, _n, _b = _soviet_reserve()
    put(match, "ger-id-7", "box:okh-north")
    put(match, "ger-id-8", "box:okh-south")
    fog.sync(match)
    shown = _counts_shown(match, SOVIET)
    assert shown[(AXIS, "box:okh-north")] == 0 and shown[(AXIS, "box:okh-south")] == 0
    assert _counts_seen(match, SOVIET) == shown
    assert _counts_shown(match, AXIS)[(AXIS, "box:okh-north")] == 1  # the owner's view has it
    assert not view_problems(match, SOVIET)
