"""Proud Monster Deluxe 9.5 and 9.8: replacement points, refits, rebuilds, the comb-out, the
Soviet West and East systems, voluntary reduction."""

from __future__ import annotations

import pytest

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import eliminated, reinforce, replacements, reserves
from wargame.match import Match
from wargame.mechanics.losses import steps_left
from wargame.testing import force_rolls, put, refused

GAME = {n: p9.game_turn(n) for n in (114, 119, 123, 124, 206, 207, 302, 313)}  # YNN -> game turn
_soviet_part, _axis_part, _start, _legal = p9.soviet_part, p9.axis_part, p9.start, p9.legal


def _axis_refit() -> Match:
    return p9.refit("axis")


def test_axis_points_arrive_each_turn_and_are_saved_9_5_1() -> None:
    match = _soviet_part()
    assert replacements.points(match, "axis") == {"lrp": 0, "mrp": 0}  # none on 113
    match.state.cursor.turn = GAME[114]
    _start(match, "reinforcement")
    assert replacements.points(match, "axis") == {"lrp": 2, "mrp": 1}
    match.state.cursor.turn += 1
    _start(match, "reinforcement")
    assert replacements.points(match, "axis") == {"lrp": 4, "mrp": 2}


def test_a_german_division_is_rebuilt_to_the_steps_paid_in_the_north_okh_9_5_1() -> None:
    match = _axis_part()
    unit = match.state.units["ger-id-23"]
    match.eliminate(unit, "test")
    assert unit.id in eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]
    replacements.points(match, "axis").update(lrp=1, mrp=1)
    assert "rebuild ger-id-23 1 1" in _legal(match)
    refused(match, "rebuild ger-id-23 2 0", "only 1 LRP", rule="PMD 9.5.1")
    match.apply("rebuild ger-id-23 1 1")
    unit = match.state.units["ger-id-23"]
    assert unit.loc == "box:okh-north" and unit.step == 1  # 2 of its 3 steps
    assert set(unit.flags["entry"]) == set(match.resolve_locations(["country:greater-germany"]))
    assert replacements.points(match, "axis") == {"lrp": 0, "mrp": 0}
    assert unit.id not in eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]


def test_an_lrp_rebuilds_only_leg_units_and_minor_allies_are_never_rebuilt_9_5_1() -> None:
    match = _axis_part()
    for uid in ("ger-pd-4", "rom-id-1"):
        match.eliminate(match.state.units[uid], "test")
    replacements.points(match, "axis").update(lrp=3, mrp=0)
    refused(match, "rebuild ger-pd-4 1 0", "only a Leg unit", rule="PMD 9.5.1")
    refused(match, "rebuild rom-id-1 1 0", "not a German division", rule="PMD 9.5.1")


def test_a_mech_refit_takes_the_refit_marker_which_goes_at_cleanup_9_5_1() -> None:
    match = _axis_refit()
    hex_ = p9.quiet_hex(match, outside="gas-east")
    pd = put(match, "ger-pd-4", hex_)
    pd.step = 2
    replacements.points(match, "axis").update(lrp=2, mrp=1)
    refused(match, "refit ger-pd-4 1 0", "only a Leg unit", rule="PMD 9.5.1")
    match.apply("refit ger-pd-4 0 1")
    assert pd.step == 1 and pd.flags.get("refit")
    end(match)  # to the Initial Movement Phase
    assert not any(a.verb == "move" for a in match.legal_for("ger-pd-4"))
    while match.decision is not None and match.decision.phase.startswith("axis/w1"):
        end(match)
    assert not pd.flags.get("refit")  # gone in the Axis Cleanup Phase


def test_leg_refit_next_to_the_enemy_but_mech_not_9_5_1() -> None:
    match = _axis_refit()
    hex_ = p9.quiet_hex(match, outside="gas-east")
    neighbour = match.topology.neighbours(hex_)[0]
    put(match, "sov-rd-kovo-01", neighbour)
    pd, inf = put(match, "ger-pd-4", hex_), put(match, "ger-id-23", hex_)
    pd.step = inf.step = 1
    replacements.points(match, "axis").update(lrp=2, mrp=2)
    refused(match, "refit ger-pd-4 0 1", "next to an enemy unit", rule="PMD 9.5.1")
    match.apply("refit ger-id-23 1 0")
    assert inf.step == 0 and not inf.flags.get("refit")


def test_no_refit_in_reserve_nor_east_of_the_gas_line_in_1941_9_5_1() -> None:
    match = _axis_refit()
    hex_ = p9.quiet_hex(match, outside="gas-east")
    inf = put(match, "ger-id-23", hex_)
    inf.step = 1
    replacements.points(match, "axis").update(lrp=2)
    reserves.place(match, "axis", hex_)
    refused(match, "refit ger-id-23 1 0", "in reserve", rule="PMD 9.5.1")
    east = next(h for h in sorted(match.topology.region("gas-east")) if not match.units_at(h))
    reserves.remove_marker(match, "axis", "1", "test")
    put(match, "ger-id-23", east)
    refused(match, "refit ger-id-23 1 0", "east of the GAS line", rule="PMD 9.5.1")
    put(match, "ger-id-23", "box:okh-north")
    assert "refit ger-id-23 1 0" in _legal(match)  # always in an OKH area


@pytest.mark.parametrize(("die", "lrp"), [(1, 2), (6, 5), (3, 3)])
def test_t35_comb_out_from_206_once_a_year_2_to_5_lrp_9_5_2(die: int, lrp: int) -> None:
    match = _axis_part()
    refused(match, "combout", "before turn 206", rule="PMD 9.5.2")
    match.state.cursor.turn = GAME[206]
    force_rolls(match, die, only="PMD 9.5.2")
    match.apply("combout")
    assert replacements.points(match, "axis")["lrp"] == lrp
    refused(match, "combout", "1942 comb-out is done", rule="PMD 9.5.2")
    match.state.cursor.turn = GAME[302]  # a new calendar year: one more
    match.touch()
    assert "combout" in _legal(match)


def test_the_1942_scenario_has_used_its_1942_comb_out_9_5_2() -> None:
    match = _axis_part()
    match.state.cursor.turn = GAME[206]
    match.state.vars["combout_1942"] = True  # as the 1942 scenario sets it
    match.touch()
    refused(match, "combout", "1942 comb-out is done", rule="PMD 9.5.2")


def _soviet_hqs(match: Match, soviet: list[str]) -> None:
    """Only the named HQs Soviet-owned (both Moscow hexes for Moscow); the rest Axis."""
    for h, entry in match.title.doc("md-hq")["entries"].items():
        match.state.control[h] = "soviet" if entry["name"] in soviet else "axis"
    match.touch()


def test_t36_soviet_west_rebuild_lrp_per_hq_half_when_retaken_9_5_3() -> None:
    match = _soviet_part()
    match.state.cursor.turn = GAME[119]
    _soviet_hqs(match, ["Moscow", "Kiev", "Kharkov", "Rostov"])
    assert replacements.soviet_points(match) == {"lrp": 16, "mrp": 0}
    replacements.note_losses(match)  # the other five are lost for good
    match.state.cursor.turn = GAME[123]
    _soviet_hqs(match, ["Moscow", "Kiev", "Kharkov", "Rostov", "Minsk"])
    assert replacements.soviet_points(match) == {"lrp": 4 * 6 + 3, "mrp": 0}


def test_moscow_is_one_hq_and_stops_only_when_both_hexes_go_9_5_3() -> None:
    match = _soviet_part()
    match.state.cursor.turn = GAME[119]
    _soviet_hqs(match, ["Moscow"])
    assert replacements.soviet_points(match)["lrp"] == 4
    moscow = reinforce.named(match, "Moscow")
    match.state.control[moscow[0]] = "axis"
    assert replacements.soviet_points(match)["lrp"] == 4
    match.state.control[moscow[1]] = "axis"
    assert replacements.soviet_points(match)["lrp"] == 0


def test_t37_soviet_east_system_16_plus_2_held_plus_1_retaken_9_5_3() -> None:
    match = _soviet_part()
    match.state.cursor.turn = GAME[124]
    _soviet_hqs(match, ["Moscow", "Kiev", "Kharkov"])
    replacements.note_losses(match)
    _soviet_hqs(match, ["Moscow", "Kiev", "Kharkov", "Minsk"])
    assert "east" in _legal(match)
    match.apply("east")
    assert replacements.points(match, "soviet") == {"lrp": 11, "mrp": 12}
    assert "east" not in _legal(match)


def test_no_east_system_before_124_but_forced_from_207_9_5_3() -> None:
    match = _soviet_part()
    refused(match, "east", "from turn 124", rule="PMD 9.5.3")
    match.state.cursor.turn = GAME[207]
    assert replacements.east(match)


def test_west_rebuilds_an_rd_untried_and_placed_as_a_reinforcement_9_5_3() -> None:
    match = _soviet_part()
    rd = match.state.units["sov-rd-kovo-01"]
    match.eliminate(rd, "test")
    td = put(match, "sov-para-corps-4", "4120")  # to the Tried Units pool (13.14)
    match.eliminate(td, "test")
    replacements.points(match, "soviet").update(lrp=3, mrp=0)
    refused(match, f"rebuild {td.id} 1 0", "only RDs and CDs", rule="PMD 9.5.3")
    match.apply(f"rebuild {rd.id} 1 0")
    rd = match.state.units[rd.id]
    assert rd.loc in reinforce.RVGK and rd.flags.get("placing") and match.is_untried(rd)
    end(match)  # 9.5.3: the rest are lost
    assert replacements.points(match, "soviet") == {"lrp": 0, "mrp": 0}
    assert not rd.flags.get("placing")


def test_east_rebuilds_any_unit_at_full_strength_9_5_3() -> None:
    match = _soviet_part()
    corps = put(match, "sov-para-corps-4", "4120")
    match.eliminate(corps, "test")
    match.state.ns("pmd-partisans")["soviet_lrp"] = 0
    replacements._ns(match)["east"] = True
    replacements.points(match, "soviet").update(lrp=2, mrp=2)
    refused(match, f"rebuild {corps.id} 1 1", "full strength: 4", rule="PMD 9.5.3")
    match.apply(f"rebuild {corps.id} 2 2")
    assert match.state.units[corps.id].step == 0


def test_voluntary_reduction_in_the_own_refit_phase_only_9_8() -> None:
    match = _axis_part()
    refused(match, "reduce ger-id-23")
    to_phase(match, "axis", "refit")
    match.apply("reduce ger-id-23")
    assert match.state.units["ger-id-23"].step == 1


def test_t33_german_regular_id_step_ladder_3_steps_then_4_from_313_15_1() -> None:
    match = _soviet_part()
    unit = match.state.units["ger-id-23"]
    assert replacements.regular_id(match, unit) and match.faces(unit) == 3
    labels = [f["label"] for f in match.counter(unit)["steps"]]
    match.lose_steps(unit, 1)
    assert labels[unit.step] in ("4-6-6", "4-5-6")  # flipped
    match.lose_steps(unit, 1)
    assert labels[unit.step] == "3-5-5" and steps_left(match, unit) == 1
    match.lose_steps(unit, 1)
    assert unit.flags.get("eliminated")  # the 3-5-5's reverse is not used before 313
    later = _soviet_part()
    later.state.cursor.turn = GAME[313]
    unit = later.state.units["ger-id-23"]
    assert later.faces(unit) == 4
    later.lose_steps(unit, 3)
    assert unit.loc is not None and unit.step == 3  # the 3-5-5's reverse, the 4th step
    later.lose_steps(unit, 1)
    assert unit.flags.get("eliminated")


def test_other_german_divisions_have_no_such_ladder_15_1() -> None:
    match = _soviet_part()
    lid = match.state.units["ger-5-lid"]
    assert not replacements.regular_id(match, lid) and match.faces(lid) == 2
    match.state.cursor.turn = GAME[302]
    assert replacements.lowest_step(match, lid) == 0


def test_a_regular_id_is_not_refitted_to_full_strength_in_1942_15_1() -> None:
    match = _axis_refit()
    match.state.cursor.turn = GAME[206]
    inf = put(match, "ger-id-23", p9.quiet_hex(match, outside="gas-east"))
    replacements.points(match, "axis").update(lrp=3, mrp=0)
    inf.step = 1  # flipped: one step short of full
    refused(match, "refit ger-id-23 1 0", "not refitted or rebuilt to full", rule="PMD 15.1")
    inf.step = 2  # the 3-5-5: back to the flipped side only
    match.touch()
    assert "refit ger-id-23 1 0" in _legal(match) and "refit ger-id-23 2 0" not in _legal(match)
    refused(match, "refit ger-id-23 2 0", "to full strength", rule="PMD 15.1")
    match.apply("refit ger-id-23 1 0")
    assert inf.step == 1
    match.state.cursor.turn = GAME[124]  # 1941: full strength again
    match.apply("refit ger-id-23 1 0")
    assert inf.step == 0


def test_from_1943_a_gray_regular_id_stays_gray_refit_or_rebuilt_15_1() -> None:
    match = _axis_refit()
    match.state.cursor.turn = GAME[302]
    inf = put(match, "ger-id-23", p9.quiet_hex(match, outside="gas-east"))
    inf.step = 2  # the gray 3-5-5
    replacements.points(match, "axis").update(lrp=3, mrp=0)
    refused(match, "refit ger-id-23 1 0", "green step", rule="PMD 15.1")
    match.state.cursor.turn = GAME[313]
    inf.step = 3  # the 3-5-5's reverse refits to the 3-5-5, no further
    match.touch()
    assert "refit ger-id-23 1 0" in _legal(match) and "refit ger-id-23 2 0" not in _legal(match)
    match = _axis_part()
    match.eliminate(match.state.units["ger-id-31"], "test")  # to the Replacement Army in 1941
    match.state.cursor.turn = GAME[313]
    replacements.points(match, "axis").update(lrp=3, mrp=0)
    refused(match, "rebuild ger-id-31 3 0", "green step", rule="PMD 15.1")
    match.apply("rebuild ger-id-31 2 0")
    assert match.state.units["ger-id-31"].step == 2  # the gray 3-5-5, of 4 steps


def test_no_refit_in_a_jointly_occupied_hex_9_5_1() -> None:
    match = _axis_refit()
    hex_ = p9.quiet_hex(match, outside="gas-east")
    inf = put(match, "ger-id-23", hex_)
    inf.step = 1
    replacements.points(match, "axis").update(lrp=1)
    match.touch()
    assert "refit ger-id-23 1 0" in _legal(match)
    put(match, "sov-rd-kovo-01", hex_)
    refused(match, "refit ger-id-23 1 0", "jointly-occupied", rule="PMD 9.5.1")


def test_west_lrp_not_through_a_jointly_occupied_hex_the_east_s_are_9_5_3() -> None:
    """9.5.3: the West system's HQ counts only in overland supply not passing through a
    jointly-occupied hex (its own hex jointly occupied included, ruling RP6); the East's rates
    have no such bar."""
    match = _soviet_part()
    match.state.cursor.turn = GAME[119]
    _soviet_hqs(match, ["Kiev"])
    assert replacements.soviet_points(match)["lrp"] == 4
    kiev = reinforce.named(match, "Kiev")[0]
    put(match, "sov-rd-interior-01", kiev)
    assert replacements.soviet_points(match)["lrp"] == 4  # the Soviet's alone: still counts
    put(match, "ger-pd-3", kiev)  # jointly occupied, the Soviet the hex defender
    assert replacements.soviet_points(match)["lrp"] == 0
    match.state.cursor.turn = GAME[207]  # the East system, forced
    assert replacements.soviet_points(match) == {"lrp": 9, "mrp": 9}
