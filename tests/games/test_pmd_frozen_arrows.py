"""Proud Monster Deluxe: a frozen Sivash or Kerch crossing arrow is ignored and treated as clear
terrain (8.11, 12.4) for movement and combat (13.4.1), as it is for supply; unfrozen, it closes
the hexside to movement, gives the defender 2L, cuts tanks to 1 and bars the Close Combat
marker."""

from __future__ import annotations

from wargame.actions import Action
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import closecombat, combat, straits
from wargame.games.proud_monster_deluxe.turns import AXIS
from wargame.match import Battle, Match
from wargame.mechanics import movement
from wargame.testing import put

from .pmd_combat_helpers import at_phase, title

TURNS = {124: 13, 201: 14, 113: 2}
"""YNN -> game turn (as in test_pmd2_straits)."""
SIVASH, KERCH = ("2446", "2347"), ("2850", "2951")
RD = "sov-rd-interior-01"


def _at(match: Match, ynn: int, sz: str) -> Match:
    match.state.cursor.turn = TURNS[ynn]
    set_weather(match, sz, "sz")
    set_weather(match, sz, "nz")
    match.touch()
    return match


def _battle(match: Match, pair: tuple[str, str]) -> Battle:
    origin, target = pair
    put(match, RD, target)
    put(match, "ger-pd-3", origin)
    return Battle("b9", ["ger-pd-3"], [RD], target, {"ger-pd-3": origin}, "attack")


def _arrow_effects(match: Match, battle: Battle) -> tuple[bool, bool]:
    """(the 2L for every attacker across an arrow, the tank attacking with 1)."""
    shift = any("crossing arrow" in s.reason for s in combat.wargame_combat_shifts(match, battle))
    one = any(
        "crossing arrow" in m.reason for m in combat.wargame_strength_modifiers(match, battle)
    )
    return shift, one


def test_an_unfrozen_arrow_gives_2l_and_tanks_attack_with_1_13_4_1() -> None:
    match = _at(at_phase(AXIS, "combat"), 113, "D")
    assert _arrow_effects(match, _battle(match, SIVASH)) == (True, True)


def test_a_frozen_sivash_is_clear_terrain_in_combat_8_11_13_4_1() -> None:
    match = _at(at_phase(AXIS, "combat"), 124, "S")
    assert _arrow_effects(match, _battle(match, SIVASH)) == (False, False)


def test_the_kerch_counts_in_december_snow_not_from_january_8_11_13_4_1() -> None:
    match = _at(at_phase(AXIS, "combat"), 124, "S")
    battle = _battle(match, KERCH)
    assert _arrow_effects(match, battle) == (True, True)
    _at(match, 201, "S")
    assert _arrow_effects(match, battle) == (False, False)


def _marker_veto(weather: str) -> str | None:
    """The marker's veto on an attack across the Sivash only, the marker committed (13.1)."""
    match = _at(at_phase(AXIS, "combat"), 113, weather)
    _battle(match, SIVASH)
    match.apply(f"close-combat {SIVASH[1]}")
    decision = match.decision
    assert decision is not None
    action = Action("attack", (SIVASH[1], "with", "ger-pd-3"))
    return closecombat.wargame_veto(match=match, decision=decision, action=action)


def test_the_close_combat_marker_is_barred_only_across_an_unfrozen_arrow_13_4_1() -> None:
    assert "crossing arrow" in str(_marker_veto("D"))
    assert _marker_veto("S") is None  # the Sivash frozen in Snow (8.11): no bar


def _cost(match: Match, pair: tuple[str, str]) -> int | None:
    unit = put(match, "ger-pd-3", pair[0])
    graph = match.topology.graph()
    i, j = graph.index[pair[0]], graph.index[pair[1]]
    return movement.cost_table(match, unit)[i][list(graph.adj[i]).index(j)]


def test_units_cross_a_frozen_arrow_and_never_an_unfrozen_one_8_11_12_4() -> None:
    match = _at(Match(title(), "1941-historical", 1), 113, "D")
    assert _cost(match, SIVASH) is None and _cost(match, KERCH) is None
    _at(match, 124, "S")  # December's Snow: the Sivash frozen, the Kerch not yet
    assert straits.frozen(match) == {"sivash"}
    assert _cost(match, SIVASH) is not None
    assert _cost(match, KERCH) is None
    _at(match, 201, "S")  # January: both frozen
    assert _cost(match, SIVASH) is not None and _cost(match, KERCH) is not None
