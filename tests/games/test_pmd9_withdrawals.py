"""Proud Monster Deluxe 9.7: withdrawals called by the Turn Record Track, met or declined."""

from __future__ import annotations

import pytest

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import eliminated, replacements, withdrawals
from wargame.match import Match
from wargame.testing import put, refused


def _called(ynn: int, axis: bool) -> Match:
    """The calls of turn ``ynn`` made; the decision is the Soviet's part (or the Axis')."""
    match = p9.axis_part() if axis else p9.soviet_part()
    match.state.cursor.turn = p9.game_turn(ynn)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    match.touch()
    return match


def test_a_generic_call_is_met_by_a_unit_of_its_type_in_supply_9_7_1_9_7_3() -> None:
    match = _called(124, axis=True)
    assert list(withdrawals.calls(match, "axis")) == ["124-axis-withdraw-id-1"]
    refused(match, "end", "withdraw or decline", rule="PMD 9.7.4")
    refused(match, "withdraw 124-axis-withdraw-id-1 ger-pd-4", "does not meet", rule="PMD 9.7")
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    assert match.state.units["ger-id-23"].loc is None
    assert withdrawals._ns(match)["generic"] == ["ger-id-23"]
    assert not withdrawals.calls(match, "axis")
    end(match)  # no call open: the part ends


def test_a_unit_out_of_supply_on_the_map_may_not_go_but_from_an_okh_area_it_may_9_7_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = _called(124, axis=True)
    unit = match.state.units["ger-id-23"]
    monkeypatch.setattr(withdrawals, "overland_supply", lambda match, unit: False)
    refused(match, "withdraw 124-axis-withdraw-id-1 ger-id-23", "overland supply", rule="PMD 9.7.1")
    put(match, unit.id, "box:okh-north")
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")


def test_declining_costs_the_axis_1_vp_a_unit_9_7_4() -> None:
    match = _called(124, axis=True)
    before = match.state.vp.get("axis", 0)
    match.apply("decline 124-axis-withdraw-id-1")
    assert match.state.vp["axis"] == before - 1
    refused(match, "decline 124-axis-withdraw-id-1", rule="PMD 9.7.4")


def test_a_soviet_decline_gives_the_axis_1_vp_and_withdrawn_units_leave_play_9_7_3_9_7_4() -> None:
    match = _called(203, axis=False)
    keys = sorted(withdrawals.calls(match, "soviet"))
    assert keys == ["203-soviet-withdraw-rd-1", "203-soviet-withdraw-rd-2"]
    before = match.state.vp.get("axis", 0)
    match.apply(f"decline {keys[0]}")
    assert match.state.vp["axis"] == before + 1
    match.apply(f"withdraw {keys[1]} sov-rd-kovo-01")
    assert "sov-rd-kovo-01" in eliminated._ns(match)[eliminated.REMOVED]
    assert match.state.units["sov-rd-kovo-01"].flags.get("eliminated")


def test_one_mrp_may_stand_in_for_a_tb_9_7_3() -> None:
    match = _called(205, axis=False)
    (key,) = withdrawals.calls(match, "soviet")
    refused(match, f"withdraw {key} mrp", "1 MRP stands in", rule="PMD 9.7.3")
    replacements.points(match, "soviet")["mrp"] = 1
    match.apply(f"withdraw {key} mrp")
    assert replacements.points(match, "soviet")["mrp"] == 0 and not withdrawals.calls(
        match, "soviet"
    )


def test_specific_call_goes_to_the_specific_pile_or_costs_1_vp_if_gone_9_7_2() -> None:
    match = _called(211, axis=True)
    assert withdrawals.calls(match, "axis") == {"211-axis-withdraw-2ss": {"unit": "ger-mid-ss-r"}}
    refused(match, "withdraw 211-axis-withdraw-2ss ger-mid-ss-t", "does not meet", rule="PMD 9.7")
    match.apply("withdraw 211-axis-withdraw-2ss ger-mid-ss-r")
    assert withdrawals._ns(match)["specific"] == ["ger-mid-ss-r"]
    gone = p9.axis_part()
    unit = gone.state.units["ger-mid-ss-r"]
    gone.place(unit, None)
    unit.flags = {"eliminated": True}
    eliminated._ns(gone).setdefault(eliminated.REMOVED, []).append(unit.id)
    before = gone.state.vp.get("axis", 0)
    gone.state.cursor.turn = p9.game_turn(211)
    withdrawals.call(gone, p9.phase(gone, "reinforcement"))
    assert gone.state.vp["axis"] == before - 1 and not withdrawals.calls(gone, "axis")


def test_a_specific_call_on_a_unit_in_the_replacement_army_lapses_9_7_2() -> None:
    match = p9.axis_part()
    match.eliminate(match.state.units["ger-mid-ss-r"], "test")
    before = match.state.vp.get("axis", 0)
    match.state.cursor.turn = p9.game_turn(211)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    assert not withdrawals.calls(match, "axis") and match.state.vp.get("axis", 0) == before
