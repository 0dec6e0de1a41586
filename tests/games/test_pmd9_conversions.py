"""Proud Monster Deluxe 9.3 and 9.4.1: German Mech conversions off and on the map."""

from __future__ import annotations

import pytest

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import conversions, eliminated, supply, withdrawals
from wargame.match import Match
from wargame.testing import put, refused

OLD, NEW = "ger-mid-ss-r", "ger-pd-ss-r"


def _reinforcement(match: Match, ynn: int) -> None:
    match.state.cursor.turn = p9.game_turn(ynn)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    match.touch()


def test_t40_2ss_mid_withdrawn_on_211_converts_in_the_pile_and_returns_full_on_302_9_3() -> None:
    match = p9.axis_part()
    match.state.units[OLD].step = 1
    _reinforcement(match, 211)
    match.apply(f"withdraw 211-axis-withdraw-2ss {OLD}")
    assert withdrawals._ns(match)["specific"] == [OLD]
    _reinforcement(match, 302)
    old, new = match.state.units[OLD], match.state.units[NEW]
    assert old.flags.get("eliminated") and OLD in eliminated._ns(match)[eliminated.REMOVED]
    assert new.loc == "box:okh-north" and new.step == 0  # back at full strength
    assert not withdrawals._ns(match)["specific"]


def test_a_unit_in_the_replacement_army_converts_there_to_be_rebuilt_9_3() -> None:
    match = p9.axis_part()
    match.eliminate(match.state.units[OLD], "test")
    assert OLD in eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]
    _reinforcement(match, 302)
    pool = eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]
    assert NEW in pool and OLD not in pool
    assert match.state.units[NEW].loc is None  # the return finds it in no pile: it stays


def test_one_in_the_dead_pile_never_converts_and_the_new_form_never_comes_9_3() -> None:
    match = p9.axis_part()
    unit = match.state.units[OLD]
    match.place(unit, None)
    unit.flags = {"eliminated": True}
    eliminated._ns(match).setdefault(eliminated.DEAD_PILE, []).append(OLD)
    _reinforcement(match, 302)
    assert OLD in eliminated._ns(match)[eliminated.DEAD_PILE]
    assert NEW in eliminated._ns(match)[eliminated.REMOVED]
    assert match.state.units[NEW].loc is None
    assert NEW not in match.draw_counters("axis", "pd", 10, set(), upto=True, dead=False)


def test_on_the_map_the_axis_converts_it_in_a_refit_phase_at_the_same_strength_9_4_1() -> None:
    match = p9.axis_part()
    hex_ = p9.quiet_hex(match, supply.nets(match, "axis")[1])
    unit = put(match, OLD, hex_)
    unit.step = 1
    _reinforcement(match, 302)
    assert conversions.due(match) == {OLD: NEW}
    refused(match, f"convert {OLD}", "not a choice now")  # in the Refit Phase only
    to_phase(match, "axis", "refit")
    match.apply(f"convert {OLD}")
    new = match.state.units[NEW]
    assert new.loc == hex_ and unit.loc is None
    assert new.step == 1 and new.flags.get("refit")  # same step strength; the Refit marker
    assert match.state.units[OLD].flags.get("eliminated") and not conversions.due(match)


def test_not_next_to_the_enemy_and_it_may_wait_9_4_1() -> None:
    match = p9.axis_part()
    hex_ = p9.quiet_hex(match, supply.nets(match, "axis")[1])
    put(match, OLD, hex_)
    _reinforcement(match, 302)
    to_phase(match, "axis", "refit")
    put(match, "sov-rd-kovo-01", match.topology.neighbours(hex_)[0])
    refused(match, f"convert {OLD}", "next to an enemy unit", rule="PMD 9.4.1")
    end(match)  # delayed: still due
    assert conversions.due(match) == {OLD: NEW}


def _soviet_refit_118() -> Match:
    """Turn 118's Guards Convert called (2 RD -> GRD), in a Soviet Refit Phase."""
    match = p9.refit("soviet")
    _reinforcement(match, 118)
    return match


def test_a_tried_rd_becomes_a_2_step_grd_in_its_hex_the_rd_leaves_the_game_9_4_2() -> None:
    match = _soviet_refit_118()
    hex_ = p9.quiet_hex(match, supply.nets(match, "soviet")[1])
    rd = put(match, "sov-rd-kovo-01", hex_)
    refused(match, f"convert {rd.id}", "untried", rule="PMD 9.4.2")
    rd.face = {"attack": 3, "defense": 3, "movement": 5}  # tried (2.4.9)
    match.touch()
    assert f"convert {rd.id}" in p9.legal(match)
    match.apply(f"convert {rd.id}")
    (grd,) = [u for u in match.units_at(hex_) if match.counter(u)["type"] == "grd"]
    assert grd.step == 0 and match.faces(grd) == 2  # 2 steps
    assert rd.loc is None and rd.id in eliminated._ns(match)[eliminated.REMOVED]
    assert conversions.soviet_due(match)["118-soviet-guards-convert-rd"]["left"] == 1


def test_a_conversion_not_made_this_turn_costs_a_guards_counter_9_4_2() -> None:
    match = _soviet_refit_118()
    free = [c for c, e in match.counters_doc["counters"].items() if e["type"] == "grd"]
    conversions.lapse(match)  # the turn's last Soviet Refit Phase ended
    removed = eliminated._ns(match)[eliminated.REMOVED]
    assert len([c for c in free if c in removed]) == 2 and not conversions.soviet_due(match)
    rd = put(match, "sov-rd-kovo-01", p9.quiet_hex(match, supply.nets(match, "soviet")[1]))
    rd.face = {"attack": 3, "defense": 3, "movement": 5}
    match.touch()
    refused(match, f"convert {rd.id}", "no Soviet conversion", rule="PMD 9.4.2")


def test_no_conversion_out_of_overland_supply_nor_when_none_is_called_9_4_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = p9.refit("soviet")
    rd = put(match, "sov-rd-kovo-01", p9.quiet_hex(match, supply.nets(match, "soviet")[1]))
    rd.face = {"attack": 3, "defense": 3, "movement": 5}
    match.touch()
    refused(match, f"convert {rd.id}", "no Soviet conversion", rule="PMD 9.4.2")
    _reinforcement(match, 118)
    monkeypatch.setattr(conversions, "overland_supply", lambda match, unit: False)
    refused(match, f"convert {rd.id}", "overland supply", rule="PMD 9.4.2")


def test_no_conversion_once_every_guards_counter_is_used_2_2_9_4_2() -> None:
    match = _soviet_refit_118()
    rd = put(match, "sov-rd-kovo-01", p9.quiet_hex(match, supply.nets(match, "soviet")[1]))
    rd.face = {"attack": 3, "defense": 3, "movement": 5}
    for cid, entry in match.counters_doc["counters"].items():
        if entry["type"] == "grd":
            match.new_unit(cid, None)  # in play elsewhere
    match.touch()
    refused(match, f"convert {rd.id}", "no GRD counter left", rule="PMD 2.2")
