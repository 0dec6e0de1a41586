"""Proud Monster Deluxe's Manstein's Gambit (5.7) and its Soviet victory (4.7)."""

from __future__ import annotations

from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import (
    eliminated,
    gambit,
    offensives,
    replacements,
    withdrawals,
)
from wargame.games.proud_monster_deluxe.strategic import OKH
from wargame.match import Match
from wargame.testing import put, refused

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


def test_an_axis_unit_on_the_east_edge_makes_the_gambit_s_end_a_draw_4_7_4_3() -> None:
    """4.3 over 4.7: an Axis unit not in ISO on the eastern map edge means the Axis cannot lose
    that turn, so the Soviet Gambit win is a draw; in ISO it does not save the Axis."""
    for iso, winner in ((False, None), (True, "soviet")):
        match = at_phase("axis", "refit")
        reinforcement = match.title.manifest.sequence.before_turn[0]
        match.state.ns("pmd-gambit")["manstein_gambit"] = 312
        _turn(match, 322)
        unit = put(match, "ger-pd-3", "5701")  # an eastern map edge hex
        unit.flags["iso"] = iso
        gambit.gambit_ends(match, reinforcement)
        assert match.state.cursor.stage == "over"
        outcome = match.outcome
        assert outcome is not None and outcome["winner"] == winner


def test_before_the_end_of_turn_321_the_gambit_ends_nothing_4_7() -> None:
    match = at_phase("axis", "refit")
    match.state.ns("pmd-gambit")["manstein_gambit"] = 312
    _turn(match, 321)
    end(match)
    assert match.state.cursor.stage != "over"


def _declarable(match: Match) -> Match:
    _turn(match, 312)
    match.apply("offensive")
    return match


def _eliminated(match: Match, uid: str, where: str) -> None:
    """``uid`` eliminated into ``where`` (13.13)."""
    unit = put(match, uid, None)
    unit.flags["eliminated"] = True
    eliminated._ns(match).setdefault(where, []).append(uid)


def test_the_gambit_brings_back_the_mech_units_of_both_withdrawal_piles_5_7_2() -> None:
    """5.7(2): every Mech unit of the Generic and the Specific Withdrawal Pile returns at full
    strength into the North OKH area; a Leg unit there stays; without the Gambit none comes."""
    match = _declarable(at_phase("axis", "refit"))
    piles = match.state.ns("pmd-withdrawals")
    for uid, pile in (("ger-pd-3", "generic"), ("ger-pr-1", "specific"), ("ger-id-23", "generic")):
        put(match, uid, None).step = 1 if uid == "ger-pd-3" else 0  # reduced when withdrawn
        piles.setdefault(pile, []).append(uid)
    end_refit = match.sandbox()
    end(end_refit)  # no Gambit: the piles keep them
    assert withdrawals.pile_of(end_refit, "ger-pd-3") == "generic"
    assert end_refit.state.units["ger-pd-3"].loc is None
    match.apply("gambit")
    for uid in ("ger-pd-3", "ger-pr-1"):
        unit = match.state.units[uid]
        assert unit.loc == OKH["north"] and unit.step == 0
        assert withdrawals.pile_of(match, uid) is None
    assert withdrawals.pile_of(match, "ger-id-23") == "generic"  # Leg: stays


def test_the_axis_picks_two_units_of_the_replacement_army_or_stalingrad_pool_free_5_7_3() -> None:
    """5.7(3): which two is the Axis player's choice (a pushed decision), rebuilt without paying
    into the North OKH area; before the Gambit they stay where they are."""
    match = _declarable(at_phase("axis", "refit"))
    _eliminated(match, "ger-id-23", eliminated.REPLACEMENT_ARMY)
    _eliminated(match, "ger-pd-3", eliminated.REPLACEMENT_ARMY)
    _eliminated(match, "ger-pd-4", eliminated.STALINGRAD_POOL)
    before = dict(replacements.points(match, "axis"))
    assert "gambit-pick ger-pd-4" not in _legal(match)  # nothing to pick without the Gambit
    match.apply("gambit")
    assert match.decision is not None and match.decision.kind == "gambit-pick"
    assert _legal(match) == {f"gambit-pick {u}" for u in ("ger-id-23", "ger-pd-3", "ger-pd-4")}
    refused(match, "gambit-pick ger-pd-5", "Replacement Army", rule="PMD 5.7(3)")
    match.apply("gambit-pick ger-pd-4")
    assert match.decision is not None and match.decision.kind == "gambit-pick"
    match.apply("gambit-pick ger-pd-3")
    assert match.decision is not None and match.decision.kind == "refit"
    for uid in ("ger-pd-4", "ger-pd-3"):
        unit = match.state.units[uid]
        assert unit.loc == OKH["north"] and unit.step == 0 and not unit.flags.get("eliminated")
    assert match.state.units["ger-id-23"].loc is None
    assert "ger-id-23" in eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]
    assert not eliminated._ns(match)[eliminated.STALINGRAD_POOL]
    assert replacements.points(match, "axis")["mrp"] == before["mrp"]  # paid nothing


def test_with_two_or_fewer_in_the_pools_they_all_come_without_a_choice_5_7_3() -> None:
    """5.7(3): nothing to choose; a regular ID comes back no stronger than a rebuild may bring
    it, from 1943 not on a green face (15.1, ruling RI1)."""
    match = _declarable(at_phase("axis", "refit"))
    _eliminated(match, "ger-pd-3", eliminated.REPLACEMENT_ARMY)
    _eliminated(match, "ger-id-23", eliminated.STALINGRAD_POOL)
    assert replacements.regular_id(match, match.state.units["ger-id-23"])
    match.apply("gambit")
    assert match.decision is not None and match.decision.kind == "refit"
    assert match.state.units["ger-pd-3"].loc == OKH["north"]
    assert match.state.units["ger-pd-3"].step == 0
    assert match.state.units["ger-id-23"].loc == OKH["north"]
    assert match.state.units["ger-id-23"].step == 2  # the 3-5-5


def test_the_gambit_gives_8_leg_replacement_points_5_7_4() -> None:
    match = _declarable(at_phase("axis", "refit"))
    before = replacements.points(match, "axis")["lrp"]
    match.apply("gambit")
    assert replacements.points(match, "axis")["lrp"] == before + 8


def test_the_5_mg_combat_units_enter_in_the_north_okh_area_only_with_the_gambit_5_7_5() -> None:
    match = _declarable(at_phase("axis", "refit"))
    counters = match.title.doc("counters")["counters"]
    mg = sorted(c for c in counters if c.startswith(gambit.MG_UNITS))
    assert len(mg) == 5
    assert all(counters[c]["provenance"]["source"] == "stand-in" for c in mg)
    assert not set(mg) & set(match.state.units)
    match.apply("gambit")
    for cid in mg:
        unit = match.state.units[cid]
        assert unit.loc == OKH["north"] and unit.step == 0 and unit.flags.get("entry")
