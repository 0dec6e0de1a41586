"""Proud Monster Deluxe's 19SS and 20SS IDs, entering only at Riga and Tallinn (15.20, 15.24)."""

from __future__ import annotations

from tests.games.pmd_steps import end
from wargame.actions import Action
from wargame.games.proud_monster_deluxe import eliminated, plugin, ssarrivals
from wargame.games.proud_monster_deluxe.datagen.build import turns
from wargame.match import Match
from wargame.plugins import discover

GAME = {y: i for i, y in enumerate(turns(), start=1)}


def _arrive(ynn: int, owner: str) -> Match:
    """The Reinforcement Phase of ``ynn`` begun, the entry hexes held by ``owner``."""
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    match = Match(title, "1941-historical", 1)
    while match.turn == 1:
        end(match)
    match.state.cursor.turn = GAME[ynn]
    for hex_ in ("1808", "2302"):
        match.state.control[hex_] = owner
    for phase_id in ("reinforcement", "axis-reinforcement"):
        spec = next(p for p in match.title.manifest.sequence.before_turn if p.id == phase_id)
        match.hook.wargame_phase_start(match=match, phase=spec)
    match.touch()
    return match


def test_the_19ss_arrives_on_turn_318_to_enter_only_at_riga_15_20() -> None:
    match = _arrive(318, "axis")
    unit = match.state.units["ger-id-19ss"]
    assert unit.loc == "box:okh-north" and unit.flags["entry"] == ["1808"]
    assert unit.flags["only_at"] == "1808"
    assert "ger-id-20ss" not in match.state.units  # 15.24: not before turn 407
    match.hook.wargame_moved(match=match, units=[unit], path=["1808"])
    assert "only_at" in unit.flags  # still in the box: the limit holds
    match.place(unit, "1808")
    match.hook.wargame_moved(match=match, units=[unit], path=["1808"])
    assert "only_at" not in unit.flags  # on the map: the normal rules


def test_no_strategic_move_before_entering_at_riga_15_20() -> None:
    match = _arrive(318, "axis")
    decision = match.decision
    assert decision is not None
    move = Action("strategic", ("ger-id-19ss", "1808"))
    why = ssarrivals.wargame_veto(match=match, decision=decision, action=move)
    assert why == "ger-id-19ss enters the map only at Riga (PMD 15.20)"
    match.state.units["ger-id-19ss"].flags.pop("only_at")  # entered, later moved off again
    assert ssarrivals.wargame_veto(match=match, decision=decision, action=move) is None


def test_the_20ss_is_removed_from_play_when_tallinn_is_not_axis_15_24() -> None:
    match = _arrive(407, "soviet")
    for cid in ("ger-id-19ss", "ger-id-20ss"):
        unit = match.state.units[cid]
        assert unit.loc is None and unit.flags == {"eliminated": True}
        assert cid in eliminated._ns(match)[eliminated.REMOVED]


def _withdrawn(match: Match, step: int = 0) -> None:
    piles = match.state.ns("pmd-withdrawals")
    for i, cid in enumerate(ssarrivals.PARTS):
        unit = match.new_unit(cid, None)
        unit.step = step if i == 2 else 0
        piles.setdefault("specific", []).append(cid)


def test_the_11ss_pgd_converts_from_three_withdrawn_units_less_their_losses_15_23() -> None:
    match = _arrive(322, "axis")
    _withdrawn(match, step=1)  # the NorSS ID lost a step
    assert ssarrivals.convert(match) is None
    pgd = match.state.units["ger-pgd-11ss"]
    assert pgd.loc == "box:okh-north" and pgd.step == 1  # 4 steps less 1
    assert not match.state.ns("pmd-withdrawals")["specific"]
    assert set(ssarrivals.PARTS) <= set(eliminated._ns(match)[eliminated.REMOVED])


def test_no_conversion_when_one_of_the_three_was_destroyed_15_23() -> None:
    match = _arrive(322, "axis")
    _withdrawn(match)
    match.state.ns("pmd-withdrawals")["specific"].remove("ger-mib-danss")
    eliminated._ns(match).setdefault(eliminated.DEAD_PILE, []).append("ger-mib-danss")
    assert ssarrivals.convert(match) == "ger-mib-danss was destroyed (PMD 15.23)"
    assert "ger-pgd-11ss" not in match.state.units
