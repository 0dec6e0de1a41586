"""Proud Monster Deluxe 13.13: the Stalingrad Pool, the first 6 Mech and 6 Leg German divisions
eliminated in supply after turn 210; never rebuilt, 3 of them come back by the Axis TRT (stand-in
turns 319, 321, 323; ruling WD4)."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from wargame.games.proud_monster_deluxe import eliminated, replacements, withdrawals
from wargame.match import Match
from wargame.testing import refused

POOL = eliminated.STALINGRAD_POOL


def _pooled(*uids: str) -> Match:
    """The Axis part of a Reinforcement Phase on turn 211, ``uids`` eliminated in supply."""
    match = p9.axis_part()
    match.state.cursor.turn = p9.game_turn(211)
    for uid in uids:
        match.eliminate(match.state.units[uid], "test")
    assert eliminated._ns(match)[POOL] == list(uids)
    return match


def _return_turn(match: Match, ynn: int) -> None:
    match.state.cursor.turn = p9.game_turn(ynn)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    match.touch()


def test_a_stalingrad_pool_division_is_not_rebuilt_13_13() -> None:
    """13.13: the pool's units are not available through the normal rebuild (9.5.1)."""
    match = _pooled("ger-id-23")
    replacements.points(match, "axis").update(lrp=5, mrp=5)
    match.touch()
    assert not any(a.verb == "rebuild" for a in match.legal_actions())
    refused(match, "rebuild ger-id-23 3 0", "Replacement Army")


def test_the_axis_picks_the_stalingrad_division_that_returns_at_full_strength_13_13() -> None:
    """13.13 (ruling WD4): on a return turn of the TRT one division of the pool comes back,
    the Axis player's pick, rebuilt at full strength into the North OKH area (9.1.1)."""
    match = _pooled("ger-id-23", "ger-id-7")
    for turn in (312, 318):  # no return before the TRT's turn
        _return_turn(match, turn)
        assert not withdrawals.return_calls(match, "axis")
    _return_turn(match, 319)
    (key,) = withdrawals.return_calls(match, "axis")
    refused(match, "end", "pick the units of return", rule="PMD 9.7.3")
    assert {str(a) for a in match.legal_for(key)} == {
        f"return {key} ger-id-23",
        f"return {key} ger-id-7",
    }
    refused(match, f"return {key} ger-id-31", "not in the Stalingrad Pool", rule="PMD 13.13")
    match.apply(f"return {key} ger-id-7")
    back = match.state.units["ger-id-7"]
    assert back.loc == "box:okh-north" and back.step == 0 and back.flags.get("entry")
    assert eliminated._ns(match)[POOL] == ["ger-id-23"]
    assert match.check("end") is None


def test_a_return_takes_what_the_pool_holds_and_lapses_when_it_is_empty_13_13() -> None:
    """13.13: with no more in the pool than called, it comes back unasked; with none, none."""
    match = _pooled("ger-id-23")
    _return_turn(match, 319)
    assert match.state.units["ger-id-23"].loc == "box:okh-north"
    assert not withdrawals.return_calls(match, "axis") and not eliminated._ns(match)[POOL]
    _return_turn(match, 321)
    assert any("none returns" in e.text for e in match._events if e.kind == "return")
