"""Dark Crusade operational and breakthrough movement (12.0, 12.A-D, 14.0, 18.0, 5.D, 10.D)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.games.dc_helpers import empty_match, goto, put
from wargame.actions import IllegalAction
from wargame.games.dark_crusade import lines as L
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import units as U


@pytest.fixture
def axis_move():
    match = empty_match()
    goto(match, "axis", "operational")
    return match


def test_12_A_line_capacities_per_side_and_class() -> None:
    match = empty_match()
    line_major = L.line_key(match, "minsk", "borisov")
    line_minor = L.line_key(match, "minsk", "vilnius")
    line_inferior = L.line_key(match, "minsk", "lida")
    assert L.capacity(match, "axis", line_major) == (6, 4)
    assert L.capacity(match, "axis", line_minor) == (4, 2)
    assert L.capacity(match, "axis", line_inferior) == (2, 1)
    assert L.capacity(match, "soviet", line_major) == (4, 3)
    assert L.capacity(match, "soviet", line_minor) == (3, 2)
    assert L.capacity(match, "soviet", line_inferior) == (2, 1)


def test_12_B_half_units_and_the_ignored_fraction() -> None:
    """R-16: six whole units and a HQ load 6.5 -> 6 (fits a major line); two HQs make 7."""
    assert U.line_total([Fraction(6), Fraction(1, 2)]) == 6
    assert U.line_total([Fraction(6), Fraction(1, 2), Fraction(1, 2)]) == 7
    match = empty_match()
    corps = put(match, "minsk", "ger-7", "ger-9", "ger-12", "ger-13", "ger-17", "ger-20")
    hq1, hq2 = put(match, "minsk", "ger-hq-4", "ger-hq-9")
    line = L.line_key(match, "minsk", "borisov")
    L.use(match, line, corps)
    assert L.room(match, "axis", line, [hq1]) is None
    L.use(match, line, [hq1])
    assert "full" in (L.room(match, "axis", line, [hq2]) or "")


def test_12_C_retreat_weights() -> None:
    """R-17: Axis Allied "2" armies count 2; SS panzer divisions and the 1st Moscow Motorized
    1/2; HQs, rockets and Soviet air 1."""
    match = empty_match()
    weights = {
        cid: U.retreat_load(match, put(match, "minsk", cid)[0])
        for cid in (
            "rum-3",
            "hun-1",
            "ita-8",
            "ss-3",
            "sov-1mm",
            "ger-hq-4",
            "stavka",
            "sov-rkt-1",
            "vvs-1",
        )
    }
    assert weights == {
        "rum-3": 2,
        "hun-1": 2,
        "ita-8": 1,  # E-21 (ruling DC-D9)
        "ss-3": Fraction(1, 2),
        "sov-1mm": Fraction(1, 2),
        "ger-hq-4": 1,
        "stavka": 1,
        "sov-rkt-1": 1,
        "vvs-1": 1,
    }


def test_12_A_full_armor_line_is_refused_with_the_rule_and_nothing_changes(axis_move) -> None:
    match = axis_move
    put(match, "minsk", "ger-3", "ger-14", "ger-24", "ger-39", "ger-46")
    for cid in ("ger-3", "ger-14", "ger-24", "ger-39"):
        match.apply(f"move {cid} borisov")
    before = match.state_hash()
    reason = match.check("move ger-46 borisov")
    assert reason is not None and "full for axis armor" in reason and "12.A" in reason
    with pytest.raises(IllegalAction):
        match.apply("move ger-46 borisov")
    assert match.state_hash() == before
    assert "move ger-46 borisov" not in {str(a) for a in match.legal_actions()}


def test_12_0_one_line_a_phase(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-7")
    match.apply("move ger-7 baranovichi")
    assert match.state.units["ger-7"].loc == "baranovichi"
    assert "already moved" in (match.check("move ger-7 minsk") or "")
    assert match.state.control["baranovichi"] == "axis"  # 20.0


def test_12_0_dispersed_units_do_not_move(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-7", dispersed=True)
    assert "dispersed" in (match.check("move ger-7 baranovichi") or "")


def test_12_0_second_point_for_german_breakthrough_units(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-47")
    put(match, "brest", "ger-7")
    legal = {str(a) for a in match.legal_actions()}
    assert "move ger-47 baranovichi minsk" in legal
    assert not any(a.startswith("move ger-7 baranovichi ") for a in legal)
    match.apply("move ger-47 baranovichi minsk")
    assert match.state.units["ger-47"].loc == "minsk"
    assert match.state.control["baranovichi"] == "axis"  # passed through: 20.0


def test_12_0_second_point_must_be_unoccupied(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-47")
    put(match, "minsk", "sov-13a")
    assert "unoccupied" in (match.check("move ger-47 baranovichi minsk") or "")


def test_12_0_entering_an_enemy_point_commits_an_attack(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-7")
    put(match, "baranovichi", "sov-13a")
    match.apply("move ger-7 baranovichi")
    unit = match.state.units["ger-7"]
    assert unit.loc == "brest" and M.target_of(unit) == "baranovichi"
    assert match.state.control["baranovichi"] == "soviet"


def test_12_0_partisans_are_removed_on_entry(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-7")
    put(match, "baranovichi", "partisan-1")
    match.apply("move ger-7 baranovichi")
    assert match.state.units["ger-7"].loc == "baranovichi"
    assert match.state.units["partisan-1"].loc is None


def test_12_D_highway_double_move_in_good_weather_not_snow(axis_move, monkeypatch) -> None:
    match = axis_move
    put(match, "minsk", "ger-47")
    put(match, "minsk", "ger-7")
    legal = {str(a) for a in match.legal_actions()}
    assert "move ger-47 borisov orsha" in legal
    from wargame.games.dark_crusade import movement

    monkeypatch.setattr(movement, "weather_now", lambda match, loc=None: "snow")
    match.touch()
    legal = {str(a) for a in match.legal_actions()}
    assert "move ger-47 borisov orsha" not in legal


def test_12_D_soviet_armor_on_the_highway(monkeypatch) -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "orsha", "sov-5tk")
    legal = {str(a) for a in match.legal_actions()}
    assert "move sov-5tk smolensk vyazma" in legal
    assert not any(a.startswith("move sov-5tk mogilev ") for a in legal)


def test_10_D_no_armor_assault_across_the_kerch_straits() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "taman", "sov-5tk", "sov-30a")
    put(match, "kerch", "ger-7")
    assert "Kerch" in (match.check("move sov-5tk kerch") or "")
    assert match.check("move sov-30a kerch") is None


def test_18_0_fortify_instead_of_moving(axis_move) -> None:
    match = axis_move
    put(match, "brest", "ger-7", "ger-47")
    assert "fortify ger-47" not in {str(a) for a in match.legal_actions()}  # armor: no
    match.apply("fortify ger-7")
    assert U.fortified(match.state.units["ger-7"])
    assert "already moved" in (match.check("move ger-7 baranovichi") or "")


def test_5_D_hungarian_armies_stay_home_until_june_1942(axis_move) -> None:
    match = axis_move
    put(match, "cluj", "hun-1")
    reason = match.check("move hun-1 stanislav")
    assert reason is not None and "5.D" in reason
    assert match.check("move hun-1 firgu-mures") is None


def test_5_D_hungarians_never_enter_rumania(axis_move) -> None:
    match = axis_move
    put(match, "firgu-mures", "hun-c")
    assert "5.D" in (match.check("move hun-c bacau") or "")


def test_exit_lines_lead_to_the_off_map_boxes() -> None:
    match = empty_match()
    dests = {d for d, _ in L.lines_from(match, "kotlas")}
    assert "box:siberia" in dests and not any(d.startswith("edge:") for d in dests)
    assert "kotlas" in {d for d, _ in L.lines_from(match, "box:siberia")}
    assert "warsaw" in {d for d, _ in L.lines_from(match, "box:west")}


def test_14_A_breakthrough_after_occupying_an_unoccupied_point() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-47", "ger-7")
    match.apply("move ger-47 brest")
    match.apply("move ger-7 brest")
    goto(match, "axis", "breakthrough")
    legal = {str(a) for a in match.legal_actions()}
    assert "move ger-47 baranovichi" in legal
    assert not any(a.startswith("move ger-7 ") for a in legal)  # 14.A: not eligible
    match.apply("move ger-47 baranovichi")
    assert "14.B.6" in (match.check("move ger-47 minsk") or "")


def test_17_A_3_no_breakthrough_without_armored_supply() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "brest", "ger-47")  # Brest is still Soviet-controlled: no line back west
    match.apply("move ger-47 baranovichi")
    goto(match, "axis", "breakthrough")
    assert "17.A.3" in (match.check("move ger-47 minsk") or "")


def test_14_B_1_breakthrough_capacity_after_two_rounds() -> None:
    """EX-13: a major line after two rounds: Axis 4 (2 armor), Soviet 2 (1 armor)."""
    match = empty_match("campaign")
    line = L.line_key(match, "minsk", "borisov")
    axis = put(match, "minsk", "ger-3", "ger-14", "ger-24")
    assert L.room(match, "axis", line, axis[:2], reduce=2) is None
    assert "armor" in (L.room(match, "axis", line, axis, reduce=2) or "")
    soviet = put(match, "orsha", "sov-5tk", "sov-7tk")
    assert L.room(match, "soviet", line, soviet[:1], reduce=2) is None
    assert L.room(match, "soviet", line, soviet, reduce=2) is not None


def test_14_B_2_soviet_breakthrough_capacity_one_less_through_1941() -> None:
    from wargame.games.dark_crusade import movement

    match = empty_match()
    unit = put(match, "orsha", "sov-5tk")[0]
    U.mark(match, unit, M.BT, rounds=1)
    assert movement.bt_reduce(match, unit) == 2
    match.state.cursor.turn = 8  # January 1942
    assert movement.bt_reduce(match, unit) == 1


def test_10_D_no_armor_breakthrough_across_the_kerch_straits() -> None:
    from wargame.games.dark_crusade import movement

    match = empty_match("campaign")
    tank = put(match, "taman", "sov-5tk")[0]
    assert "10.D" in (
        movement.step_problem(match, tank, "taman", "kerch", assault_ok=True, breakthrough=True)
        or ""
    )
    assert movement.step_problem(match, tank, "taman", "kerch", assault_ok=True) is None


def test_14_B_3_soviet_air_accompanies_breakthroughs_from_good_weather_1944(monkeypatch) -> None:
    from wargame.games.dark_crusade import movement

    match = empty_match("campaign")
    goto(match, "soviet", "breakthrough")
    tank, air = put(match, "orsha", "sov-5tk", "vvs-1")
    U.mark(match, tank, M.BT, rounds=0)
    monkeypatch.setattr(movement, "weather_now", lambda match, loc=None: "good")
    assert "14.B.3" in (match.check("move vvs-1 smolensk") or "")
    match.state.cursor.turn = 32  # January 1944 (its weather is patched to Good)
    match.touch()
    assert "accompany" in (match.check("move vvs-1 smolensk") or "")
    match.apply("move sov-5tk smolensk")
    assert match.check("move vvs-1 smolensk") is None
    assert "accompany" in (match.check("move vvs-1 vitebsk") or "")
