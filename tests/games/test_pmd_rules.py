"""Proud Monster Deluxe's sequence and victory rules as built so far (5.2, 5.3, 4.4, 4.5)."""

from __future__ import annotations

from functools import cache

from wargame.games.proud_monster_deluxe import plugin
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.games.proud_monster_deluxe.victory import axis_vp
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import clear, force_rolls, put


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _match() -> Match:
    return Match(_title(), "1941-historical", 1)


def _phases_until_turn_2(match: Match) -> list[str]:
    seen: list[str] = []
    while match.turn == 1:
        assert match.decision is not None
        seen.append(match.decision.phase)
        match.apply("end")
    return seen


def test_turn_112_is_one_game_week_5_3() -> None:
    """5.3(1): turn 112 has one week: the Axis then the Soviet player-week, no second week."""
    match = _match()
    assert ynn(match) == 112
    seen = _phases_until_turn_2(match)
    assert any(p.startswith("axis/w1-") for p in seen) and any(
        p.startswith("soviet/w1-") for p in seen
    )
    assert not any("/w2-" in p for p in seen)
    assert ynn(match) == 113


def test_later_turns_have_two_weeks_each_with_both_player_weeks_5_2() -> None:
    match = _match()
    _phases_until_turn_2(match)
    seen: list[str] = []
    while match.turn == 2:
        assert match.decision is not None
        seen.append(match.decision.phase)
        match.apply("end")
    order = [p.split("/")[0] + "/" + p.split("/")[1][:2] for p in seen]
    firsts = list(dict.fromkeys(order))
    assert firsts == ["axis/w1", "soviet/w1", "axis/w2", "soviet/w2"]


def test_enemy_reserve_movement_is_the_other_side_s_phase_5_2() -> None:
    """Inside the Axis week, the Enemy Reserve Movement Phase is the Soviets' (5.2, 6.4)."""
    spec = _title().manifest.sequence.player_turns[0]
    phase = next(p for p in spec.phases if p.id == "w1-enemy-reserve-movement")
    assert spec.side == "axis" and phase.side == "soviet"


def test_axis_vp_counts_controlled_vp_hexes_and_moscow_needs_both_4_5_1() -> None:
    match = _match()
    assert axis_vp(match) == 0
    match.state.control["1920"] = "axis"  # Minsk, 1 VP
    match.state.control["2050"] = "axis"  # Sevastopol, 4 VP
    assert axis_vp(match) == 5
    match.state.control["4120"] = "axis"
    assert axis_vp(match) == 5  # one Moscow hex is worth nothing (4.4)
    match.state.control["4219"] = "axis"
    assert axis_vp(match) == 14


def _take_moscow(match: Match, roll: int) -> None:
    clear(match)
    match.state.control["4219"] = "axis"
    put(match, "ger-pd-3", "4020")
    force_rolls(match, roll, only="PMD 4.4")
    match.apply("move ger-pd-3 4020 4120")


def test_moscow_roll_of_2_wins_at_once_4_4() -> None:
    match = _match()
    _take_moscow(match, 2)
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert "Moscow roll 2" in match.outcome["text"]


def test_moscow_roll_of_3_goes_on_and_is_never_rolled_again_4_4() -> None:
    match = _match()
    _take_moscow(match, 3)
    assert match.outcome is None and match.state.vars["moscow_rolled"]
    assert axis_vp(match) == 9


def test_moscow_roll_is_lowered_by_leningrad_kiev_rostov_astrakhan_4_4() -> None:
    match = _match()
    for name in ("Leningrad", "Kiev"):
        hex_id = next(
            h for h, e in match.title.doc("map")["hexes"].items() if e.get("name") == name
        )
        match.state.control[hex_id] = "axis"
    _take_moscow(match, 4)
    assert match.outcome is not None and "= 2" in match.outcome["text"]


def test_victory_check_of_turn_112_axis_wins_at_4_vp_4_5() -> None:
    """4.5 example 1: at the check of turn 112 the Axis wins with 4 VP; there is no Soviet VP win."""
    match = _match()
    match.state.control["2050"] = "axis"  # Sevastopol, 4 VP
    while match.outcome is None and match.turn == 1:
        match.apply("end")
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert match.outcome["level"] == "victory points" and "4 >= 4" in match.outcome["text"]


def test_no_vp_and_turn_112_goes_on_4_5() -> None:
    match = _match()
    _phases_until_turn_2(match)
    assert match.outcome is None and match.turn == 2
