"""Proud Monster Deluxe part 2: the 4 Paratroop Corps and the Partisans (15.8)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import partisans, plugin
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.state import Unit
from wargame.testing import clear, put, refused

T201 = 14  # game turn
MOSCOW = "4120"
PARA, PART = "sov-para-corps-4", "sov-partisans"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _refit(turn: int = T201) -> tuple[Match, str, str]:
    """A Soviet Refit Phase of turn ``turn``, the map empty, only Moscow Soviet-owned; a forest
    or rough hex near Moscow, and one far from it."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, "soviet", "refit")
    clear(match)
    match.state.cursor.turn = turn
    match.state.control.clear()
    match.state.control[MOSCOW] = "soviet"
    match.touch()
    topo = match.topology
    woods = sorted(h for h in topo.locations() if topo.terrain(h) in ("forest", "rough"))
    near = next(h for h in woods if topo.distance(h, MOSCOW) <= 8)
    far = next(h for h in woods if topo.distance(h, MOSCOW) > 8)
    return match, near, far


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_placed_in_forest_or_rough_within_8_hexes_on_turn_201_15_8() -> None:
    match, near, far = _refit()
    assert f"partisans {PARA} {near}" in _legal(match)
    refused(match, f"partisans {PARA} {far}", "within 8 hexes", rule="PMD 15.8")
    clear_hex = next(
        h for h in match.topology.neighbours(MOSCOW) if match.topology.terrain(h) == "clear"
    )
    refused(match, f"partisans {PARA} {clear_hex}", "forest or rough", rule="PMD 15.8")
    put(match, "ger-id-7", near)
    refused(match, f"partisans {PARA} {near}", "Axis units", rule="PMD 15.8")
    match.place(match.state.units["ger-id-7"], None)
    match.touch()
    match.apply(f"partisans {PARA} {near}")
    match.apply(f"partisans {PART} {near}")
    assert match.state.units[PARA].loc == near and match.state.units[PART].loc == near
    assert not any(a.startswith("partisans") for a in _legal(match))
    # they never move (15.8): no movement points at all
    assert match.unit_values(match.state.units[PARA])["movement"] == 0


def test_not_placed_on_another_turn_15_8() -> None:
    match, near, _ = _refit(T201 + 1)
    refused(match, f"partisans {PARA} {near}", "turn 201", rule="PMD 15.8")


def test_the_last_soviet_refit_of_turn_201_may_not_end_with_one_unplaced_15_8() -> None:
    match, near, _ = _refit()
    end(match)  # the week-1 Refit Phase may end
    to_phase(match, "soviet", "refit")
    assert match.phase is not None and match.phase.spec.id == "w2-refit"
    refused(match, "end", "place", rule="PMD 15.8")
    for uid in partisans.unplaced(match):
        match.apply(f"partisans {uid} {near}")
    assert "end" in _legal(match)


def test_a_soviet_unit_entering_removes_them_and_credits_lrps_next_turn_15_8() -> None:
    match, near, _ = _refit()
    match.apply(f"partisans {PART} {near}")
    match.state.units[PART].step = 1  # one of its two steps lost
    rd = put(match, "sov-rd-interior-01", match.topology.neighbours(near)[0])
    match.hook.wargame_moved(match=match, units=[rd], path=[rd.loc, near])
    assert match.state.units[PART].loc is None
    assert match.state.ns("pmd-partisans")["credit"] == {str(match.turn + 1): 1}
    phase = match.title.manifest.sequence.before_turn[0]
    match.hook.wargame_phase_start(match=match, phase=phase)  # this turn: nothing yet
    assert "soviet_lrp" not in match.state.ns("pmd-partisans")
    match.state.cursor.turn += 1
    match.hook.wargame_phase_start(match=match, phase=phase)
    assert match.state.ns("pmd-partisans")["soviet_lrp"] == 1
    assert "credit" not in match.state.ns("pmd-partisans")


def _corps_attack() -> tuple[Match, Unit, Unit]:
    """A Soviet combat phase: a revealed rifle division and the 4 Paratroop Corps in one hex
    next to the German 7 ID."""
    from .pmd_combat_helpers import at_phase, clear_pair

    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    put(match, "ger-id-7", target)
    rd = put(match, "sov-rd-interior-01", origin)
    match.reveal(rd)
    return match, rd, put(match, PARA, origin)


def _carry_out(match: Match, result: str) -> None:
    """The corps and the division attack the 7 ID; the CRT gives ``result``."""
    from wargame.mechanics import combat

    units = match.state.units
    attackers = [units["sov-rd-interior-01"], units[PARA]]
    target = units["ger-id-7"].loc
    assert target is not None
    battle = combat.new_battle(match, attackers, [units["ger-id-7"]], target, "attack")
    battle.roll = 3
    combat.store(match, battle)
    combat.carry_out(match, battle, result)


def test_they_take_an_attacker_loss_last_and_are_always_supplied_15_8() -> None:
    from wargame.games.proud_monster_deluxe import supply

    match, rd, corps = _corps_attack()
    assert partisans.wargame_supply(match=match, unit=corps)["offensive"] is True
    assert supply.wargame_supply(match=match, unit=corps) is not None
    _carry_out(match, "1/0")
    refused(match, "lose sov-para-corps-4", "take an attacker loss last", rule="PMD 15.8")
    match.apply(f"lose {rd.id}")
    assert rd.loc is None and corps.step == 0


def test_they_never_advance_after_combat_15_8() -> None:
    from wargame.actions import Action

    from .pmd_combat_helpers import at_phase

    match = at_phase("soviet", "combat")
    decision = match.decision
    assert decision is not None
    why = partisans.veto_advance(
        match=match, decision=decision, action=Action("advance", ("sov-partisans,x", "0101"))
    )
    assert why == "the partisans and the 4 Paratroop Corps may not advance (PMD 15.8)"
    keep = Action("advance", ("sov-rd-interior-01", "0101"))
    assert partisans.veto_advance(match=match, decision=decision, action=keep) is None


def test_partisans_lose_once_no_other_attacker_is_left_15_8() -> None:
    """The other side of the rule: with the others gone the corps takes the step."""
    match, rd, corps = _corps_attack()
    origin = corps.loc
    _carry_out(match, "2/0")
    refused(match, "lose sov-para-corps-4", "take an attacker loss last", rule="PMD 15.8")
    match.apply(f"lose {rd.id}")
    assert rd.loc is None
    assert corps.step == 1 and corps.loc == origin  # the second step: no one else to take it
