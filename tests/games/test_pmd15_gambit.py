"""Proud Monster Deluxe's Manstein's Gambit (5.7) and its Soviet victory (4.7)."""

from __future__ import annotations

from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import gambit, offensives
from wargame.testing import refused

from .pmd_combat_helpers import at_phase
from .test_pmd15_offensives import _legal, _turn


def test_the_gambit_is_declared_only_in_the_summer_1943_offensive_week_5_7() -> None:
    match = at_phase("axis", "refit")
    _turn(match, 312)
    refused(match, "gambit", "Summer 1943 Seasonal Offensive", rule="PMD 5.7")
    match.apply("offensive")
    assert "gambit" in _legal(match)  # the Axis player's choice, not made for him
    match.apply("gambit")
    assert match.state.ns("pmd-gambit")["manstein_gambit"] == 312
    refused(match, "gambit", "already declared", rule="PMD 5.7")


def test_no_gambit_in_another_season_s_offensive_week_5_7() -> None:
    match = at_phase("axis", "refit")
    _turn(match, 305)  # Spring 1943
    match.apply("offensive")
    assert offensives.active(match, "axis")
    refused(match, "gambit", "Summer 1943", rule="PMD 5.7")


def test_the_soviets_win_after_turn_321_once_the_gambit_is_declared_4_7() -> None:
    """Judged as the next turn begins (its Reinforcement Phase), in no other phase."""
    match = at_phase("axis", "refit")
    reinforcement = match.title.manifest.sequence.before_turn[0]
    assert reinforcement.id == "reinforcement"
    _turn(match, 322)
    gambit.gambit_ends(match, reinforcement)
    assert match.state.cursor.stage != "over"  # no gambit: the war goes on
    match.state.ns("pmd-gambit")["manstein_gambit"] = 312
    assert match.phase is not None
    gambit.gambit_ends(match, match.phase.spec)  # the Refit Phase: not judged there
    assert match.state.cursor.stage != "over"
    gambit.gambit_ends(match, reinforcement)
    assert match.state.cursor.stage == "over"
    outcome = match.outcome
    assert outcome is not None and outcome["winner"] == "soviet"
    assert outcome["level"] == "Manstein's Gambit"


def test_before_the_end_of_turn_321_the_gambit_ends_nothing_4_7() -> None:
    match = at_phase("axis", "refit")
    match.state.ns("pmd-gambit")["manstein_gambit"] = 312
    _turn(match, 321)
    end(match)
    assert match.state.cursor.stage != "over"
