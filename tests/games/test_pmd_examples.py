"""The worked examples of the PMD rulebook that the rules built so far cover (digest section 14:
T1-T3, T7, T9-T12, T15, T27, T32, T42, T45), each named for its rule. Others are tested in their
rule's own file, named ``test_t<NN>_...`` (``grep -rn "def test_t[0-9]" tests/games``): T4-T6 and
T8 in ``test_pmd_victory.py``, the combat examples in ``test_pmd_combat*.py``, the rest in the
part-2 files. The others wait for their rules (RULINGS.md, Status)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from tests.games.pmd_steps import to_phase
from wargame.calendar import weather as calendar_weather
from wargame.combat import CombatTable, build_table
from wargame.games.proud_monster_deluxe import attrition, plugin, victory, weather
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.mechanics.movement import chart_cost
from wargame.models import PhaseSpec
from wargame.plugins import Title, discover
from wargame.testing import clear, force_rolls, put


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


@cache
def _crt() -> CombatTable:
    return build_table(_title().doc("combat-tables")["tables"]["crt"], table_id="crt")


def _check(vp: int, game_turn: int) -> Match:
    """A victory check on ``game_turn`` with the Axis at ``vp`` (4.5)."""
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = game_turn
    victory.change(match, vp, "the position's VP", "PMD 4.5")
    victory.victory_check_phase(match, PhaseSpec(id="victory-check"))
    return match


def _hex(match: Match, name: str) -> str:
    return next(h for h, e in match.title.doc("map")["hexes"].items() if e.get("name") == name)


# --------------------------------------------------------------------------- 14.1 victory


@pytest.mark.parametrize(("vp", "winner"), [(4, "axis"), (3, None), (-5, None)])
def test_t1_vp_check_on_turn_112_4_5(vp: int, winner: str | None) -> None:
    match = _check(vp, 1)
    assert ynn(match) == 112
    assert (match.outcome or {}).get("winner") == winner


@pytest.mark.parametrize(("vp", "winner"), [(27, "soviet"), (28, None), (35, None), (36, "axis")])
def test_t2_vp_check_on_turn_124_4_5(vp: int, winner: str | None) -> None:
    match = _check(vp, 13)
    assert ynn(match) == 124
    assert (match.outcome or {}).get("winner") == winner


def test_t3_vp_hex_values_and_moscow_both_hexes_4_5_1() -> None:
    match = Match(_title(), "1941-historical", 1)
    control = match.state.control
    control["1920"] = "axis"
    assert victory.axis_vp(match) == 1
    control["2050"] = "axis"
    assert victory.axis_vp(match) == 5
    control["1920"] = "soviet"  # a Soviet recapture takes the value away at once
    assert victory.axis_vp(match) == 4
    control["4120"] = "axis"
    assert victory.axis_vp(match) == 4  # one Moscow hex: +0
    control["4219"] = "axis"
    assert victory.axis_vp(match) == 13  # both: +9
    control["4219"] = "soviet"
    assert victory.axis_vp(match) == 4  # either retaken: -9
    control["4219"] = "axis"
    assert victory.axis_vp(match) == 13  # the missing one retaken: +9 again


def _moscow(roll: int) -> Match:
    match = Match(_title(), "1941-historical", 1)
    to_phase(match, "axis", "movement")  # past the Refit Phase (6.4's reserve placing)
    clear(match)
    for name in ("Kiev", "Rostov"):
        match.state.control[_hex(match, name)] = "axis"
    match.state.control["4219"] = "axis"
    put(match, "ger-pd-3", "4020")
    force_rolls(match, roll, only="PMD 4.4")
    match.apply("move ger-pd-3 4020 4120")
    return match


def test_t7_moscow_roll_3_less_kiev_and_rostov_is_1_axis_wins_4_4() -> None:
    match = _moscow(3)
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert "= 1" in match.outcome["text"]


def test_t7_moscow_roll_5_goes_on_with_9_vp_and_no_second_roll_4_4() -> None:
    match = _moscow(5)
    assert match.outcome is None and victory.axis_vp(match) == 9 + 4 + 3
    match.state.control["4219"] = "soviet"
    match.state.control["4219"] = "axis"
    dice = match.state.dice
    victory.moscow_roll(match)  # a recapture: no new roll
    assert match.outcome is None and match.state.dice == dice


def test_t7_no_moscow_roll_from_turn_205_4_4() -> None:
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = next(
        int(k) for k, t in match.title.doc("calendar")["turns"].items() if t["label"] == "205"
    )
    for h in victory.MOSCOW:
        match.state.control[h] = "axis"
    victory.moscow_roll(match)
    assert match.outcome is None and not match.state.ns("pmd-victory").get("moscow_rolled")


# --------------------------------------------------------------------------- 14.2 odds and CRT


def _label(attack: int, defense: int, shift: int = 0) -> str:
    table = _crt()
    return table.rung_label(table.round_ratio(Fraction(attack, defense)) + shift)


def test_t9_high_odds_26_to_7_is_3_1_13_2() -> None:
    assert _label(26, 7) == "3-1"


def test_t10_poor_odds_5_to_11_is_1_3_13_2() -> None:
    assert _label(5, 11) == "1-3"


def test_t11_seven_to_one_roll_5_is_1_5_and_10_1_less_2l_is_8_1_13_6() -> None:
    assert _title().doc("combat-tables")["tables"]["crt"]["results"]["7-1"][4] == "1/5"
    assert _label(10, 1, -2) == "8-1"
    column = _crt().column(10, 1, shift=-2)
    assert column.automatic == "1/5"


def test_t12_off_chart_results_need_no_roll_13_2() -> None:
    assert _crt().column(8, 1).automatic == "1/5"
    assert _crt().column(1, 4).automatic == "2/0"


@pytest.mark.parametrize(("attack", "label"), [(10, "1.5-1"), (11, "1.5-1"), (12, "2-1")])
def test_t15_the_1_5_column_13_2(attack: int, label: str) -> None:
    assert _label(attack, 6) == label


# --------------------------------------------------------------------------- 14.5 movement


def test_t27_mech_into_rough_across_a_river_costs_5_11_1() -> None:
    match = Match(_title(), "1941-historical", 1)
    pd = match.state.units["ger-pd-3"]
    side = next(
        s
        for s in match.title.doc("map")["hexsides"]
        if "minor-river" in s["features"]
        and match.topology.terrain(s["hexes"][1]) == "rough"
        and s["features"] == ["minor-river"]
    )
    a, b = side["hexes"]
    assert chart_cost(match, pd, a, b) == 5


# --------------------------------------------------------------------------- 14.6 calendar


def test_t32_sixty_eight_turns_and_their_dates_1_4() -> None:
    turns = _title().doc("calendar")["turns"]
    assert len(turns) == 68
    dates = {t["label"]: t["values"]["expanded"] for t in turns.values()}
    assert dates["120"] == "1941 Oct 3&4" and dates["302"] == "1943 Jan 3&4"


# --------------------------------------------------------------------------- 14.7 other rules


def test_t42_chit_mr_is_mud_in_the_north_rain_in_the_south_12_2() -> None:
    """T42, 12.2: a chit's first letter is the NZ's weather, the second the SZ's."""
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = 9  # turn 120: the 2nd half of October draws a B chit
    assert ynn(match) == 120
    match.state.ns("weather-cups")["1:late-oct"] = ["B2"]  # the B chit whose face is MR
    assert weather.face("B2") == "MR"
    weather.draw_weather(match, PhaseSpec(id="w1-weather"))
    assert (calendar_weather(match, "nz"), calendar_weather(match, "sz")) == ("M", "R")


def test_t42_wa3_is_three_winter_attrition_losses_to_allocate_12_2_12_4() -> None:
    """T42, 12.2, 12.4: WA3 means 3 German step losses to allocate that Snow week (the stand-in
    chit with WA3 drawn for a week of the 1st half of December 1941, ruling WA1)."""
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = 12
    wa3 = next(c for c in weather.chit_ids(["C"]) if weather.wa(c) == 3)
    assert ynn(match) == 123
    match.state.ns("weather-cups")["1:dec"] = [wa3]
    weather.draw_weather(match, PhaseSpec(id="w1-weather"))
    face = weather.face(wa3)
    assert (calendar_weather(match, "nz"), calendar_weather(match, "sz")) == (face[0], face[1])
    assert "S" in face  # a week of Snow (12.4)
    attrition.start(match)
    assert match.state.ns("pmd-attrition")["left"] == 3
    assert match.decision is not None and match.decision.kind == "attrition"


def test_t45_a_supply_line_cut_during_movement_counts_from_the_next_phase_8_3() -> None:
    """T45, 8.3: supply is checked at the start of a phase; a unit moved (here: put) where it is
    out of supply keeps its state for the rest of that Initial Movement Phase and is out of
    supply from the start of the Combat Phase, the defender's state there."""
    match = Match(_title(), "1941-historical", 1)
    to_phase(match, "axis", "movement")
    unit = match.state.units["ger-id-239"]
    assert not unit.flags.get("oos")
    put(match, unit.id, "3020")  # far beyond 14 Mech MP of any Axis supply
    match.touch()
    assert match.hook.wargame_supply(match=match, unit=unit)["state"] == "out"
    assert not unit.flags.get("oos")  # not until the next check
    to_phase(match, "axis", "combat")
    assert unit.flags.get("oos")
