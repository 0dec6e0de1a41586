"""Proud Monster Deluxe 9.7: withdrawals called by the Turn Record Track, met or declined."""

from __future__ import annotations

import pytest

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import eliminated, replacements, withdrawals
from wargame.testing import put, refused


def test_a_generic_call_is_met_by_a_unit_of_its_type_in_supply_9_7_1_9_7_3() -> None:
    match = p9.withdrawals_called(124, axis=True)
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
    match = p9.withdrawals_called(124, axis=True)
    unit = match.state.units["ger-id-23"]
    monkeypatch.setattr(withdrawals, "overland_supply", lambda match, unit: False)
    refused(match, "withdraw 124-axis-withdraw-id-1 ger-id-23", "overland supply", rule="PMD 9.7.1")
    put(match, unit.id, "box:okh-north")
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")


def test_declining_costs_the_axis_1_vp_a_unit_9_7_4() -> None:
    match = p9.withdrawals_called(124, axis=True)
    before = match.state.vp.get("axis", 0)
    match.apply("decline 124-axis-withdraw-id-1")
    assert match.state.vp["axis"] == before - 1
    refused(match, "decline 124-axis-withdraw-id-1", rule="PMD 9.7.4")


def test_a_soviet_decline_gives_the_axis_1_vp_and_withdrawn_units_leave_play_9_7_3_9_7_4() -> None:
    match = p9.withdrawals_called(203, axis=False)
    keys = sorted(withdrawals.calls(match, "soviet"))
    assert keys == ["203-soviet-withdraw-rd-1", "203-soviet-withdraw-rd-2"]
    before = match.state.vp.get("axis", 0)
    match.apply(f"decline {keys[0]}")
    assert match.state.vp["axis"] == before + 1
    match.apply(f"withdraw {keys[1]} sov-rd-kovo-01")
    assert "sov-rd-kovo-01" in eliminated._ns(match)[eliminated.REMOVED]
    assert match.state.units["sov-rd-kovo-01"].flags.get("eliminated")


def test_one_mrp_may_stand_in_for_a_tb_9_7_3() -> None:
    match = p9.withdrawals_called(205, axis=False)
    (key,) = withdrawals.calls(match, "soviet")
    refused(match, f"withdraw {key} mrp", "1 MRP stands in", rule="PMD 9.7.3")
    replacements.points(match, "soviet")["mrp"] = 1
    match.apply(f"withdraw {key} mrp")
    assert replacements.points(match, "soviet")["mrp"] == 0 and not withdrawals.calls(
        match, "soviet"
    )


def test_specific_call_goes_to_the_specific_pile_or_costs_1_vp_if_gone_9_7_2() -> None:
    match = p9.withdrawals_called(211, axis=True)
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


def test_t41_withdraw_tb_met_by_a_gtb_or_1_mrp_9_7_3() -> None:
    match = p9.withdrawals_called(205, axis=False)
    (key,) = withdrawals.calls(match, "soviet")
    put(match, "sov-gtb-1", "box:rvgk-north")
    put(match, "sov-grd-1", "box:rvgk-north")
    actions = {str(a) for a in match.legal_for(key)}
    assert f"withdraw {key} sov-gtb-1" in actions  # better: a Guards TB
    refused(match, f"withdraw {key} sov-grd-1", "does not meet", rule="PMD 9.7")  # other arm
    match.apply(f"withdraw {key} sov-gtb-1")
    assert "sov-gtb-1" in eliminated._ns(match)[eliminated.REMOVED]


def test_t41_withdraw_pbn_met_by_a_pr_not_the_reverse_9_7_3() -> None:
    assert withdrawals.substitutes("pbn", "pr")  # larger
    assert withdrawals.substitutes("pbn", "hpbn")  # better (Heavy)
    assert withdrawals.substitutes("pbn", "pd")
    assert not withdrawals.substitutes("pr", "pbn")  # smaller
    assert not withdrawals.substitutes("gtb", "tb")  # worse
    assert not withdrawals.substitutes("tb", "rd")  # another arm
    assert withdrawals.substitutes("hbn", "hpbn") and not withdrawals.substitutes("hbn", "pbn")
    assert withdrawals.substitutes("rd", "grd") and withdrawals.substitutes("tb", "td")


def test_t41_a_specific_withdrawal_returns_only_on_its_specific_call_9_7_2() -> None:
    match = p9.withdrawals_called(211, axis=True)
    match.apply("withdraw 211-axis-withdraw-2ss ger-mid-ss-r")
    withdrawals._ns(match).setdefault("generic", []).append("ger-mid-10")
    match.place(match.state.units["ger-mid-10"], None)
    # a generic "Return MID": only the generically withdrawn one answers
    assert withdrawals.meets(match, {"return": "mid"}, match.state.units["ger-mid-10"])
    assert not withdrawals.meets(match, {"return": "mid"}, match.state.units["ger-mid-ss-r"])


def test_removals_come_first_wherever_the_unit_is_no_vp_9_6() -> None:
    match = p9.axis_part()
    before = match.state.vp.get("axis", 0)
    match.state.cursor.turn = p9.game_turn(122)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    cd = match.state.units["ger-cd-1"]
    assert cd.loc is None and cd.flags.get("eliminated")
    assert "ger-cd-1" in eliminated._ns(match)[eliminated.REMOVED]
    assert match.state.vp.get("axis", 0) == before
    other = p9.axis_part()  # not its turn: it stays
    other.state.cursor.turn = p9.game_turn(121)
    withdrawals.call(other, p9.phase(other, "reinforcement"))
    assert other.state.units["ger-cd-1"].loc is not None


def test_a_generic_return_comes_back_at_full_strength_or_not_at_all_9_7_3() -> None:
    match = p9.withdrawals_called(124, axis=True)
    unit = match.state.units["ger-id-23"]
    unit.step = 2
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    match.state.cursor.turn = p9.game_turn(201)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    assert unit.loc == "box:okh-north" and unit.step == 0  # the steps are free
    assert set(unit.flags["entry"]) == set(match.resolve_locations(["country:greater-germany"]))
    assert not withdrawals._ns(match)["generic"]
    empty = p9.axis_part()  # nothing in the pile: no return
    empty.state.cursor.turn = p9.game_turn(201)
    withdrawals.call(empty, p9.phase(empty, "reinforcement"))
    assert any("none returns" in e.text for e in empty._events if e.kind == "return")


def test_the_axis_picks_which_unit_answers_a_generic_return_9_7_3() -> None:
    match = p9.axis_part()
    for uid in ("ger-id-23", "ger-id-7"):
        match.place(match.state.units[uid], None)
        withdrawals._ns(match).setdefault("generic", []).append(uid)
    match.state.cursor.turn = p9.game_turn(201)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    (key,) = withdrawals.return_calls(match, "axis")
    refused(match, "end", "pick the units of return", rule="PMD 9.7.3")
    assert {str(a) for a in match.legal_for(key)} == {
        f"return {key} ger-id-23",
        f"return {key} ger-id-7",
    }
    refused(match, f"return {key} ger-id-31", "not a generically withdrawn unit", rule="PMD 9.7.3")
    match.apply(f"return {key} ger-id-7")
    assert match.state.units["ger-id-7"].loc == "box:okh-north"
    assert match.state.units["ger-id-23"].loc is None
