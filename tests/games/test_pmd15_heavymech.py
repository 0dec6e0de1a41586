"""Proud Monster Deluxe's German Heavy Mech units (15.14)."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import heavymech
from wargame.match import Battle
from wargame.testing import put

from .pmd_combat_helpers import at_phase, clear_pair

RD = "sov-rd-interior-01"
HEAVY = "ger-hpbn-501"


def test_heavy_mech_attacking_with_a_panzer_division_from_its_hex_shifts_1r_15_14() -> None:
    match = at_phase("axis", "combat")
    target, origin = clear_pair(match)
    match.reveal(put(match, RD, target))
    put(match, HEAVY, origin)
    put(match, "ger-id-7", origin)
    ids = [HEAVY, "ger-id-7"]
    battle = Battle("b1", ids, [RD], target, {i: origin for i in ids}, "attack")
    assert not heavymech.gives_shift(match, battle, True)  # an ID is no partner
    put(match, "ger-pd-3", origin)
    battle.attackers.append("ger-pd-3")
    battle.origins["ger-pd-3"] = origin
    shifts = heavymech.wargame_combat_shifts(match=match, battle=battle)
    assert [(s.columns, s.rule) for s in shifts] == [(1, "PMD 15.14")]
    put(match, "ger-hpbn-502", origin)  # a second one adds nothing
    battle.attackers.append("ger-hpbn-502")
    battle.origins["ger-hpbn-502"] = origin
    assert len(heavymech.wargame_combat_shifts(match=match, battle=battle)) == 1
    match.state.units[HEAVY].flags["oos"] = True
    match.state.units["ger-hpbn-502"].flags["oos"] = True
    assert not heavymech.gives_shift(match, battle, True)  # not in offensive supply


def test_heavy_mech_defending_stacked_with_a_mid_shifts_1l_unless_isolated_15_14() -> None:
    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    put(match, HEAVY, target)
    put(match, "ger-mid-10", target)
    match.reveal(put(match, RD, origin))
    battle = Battle("b1", [RD], [HEAVY, "ger-mid-10"], target, {RD: origin}, "attack")
    shifts = heavymech.wargame_combat_shifts(match=match, battle=battle)
    assert [(s.columns, s.rule) for s in shifts] == [(-1, "PMD 15.14")]
    match.state.units[HEAVY].flags["oos"] = True  # out of supply it still counts
    assert heavymech.gives_shift(match, battle, False)
    match.state.units[HEAVY].flags["iso"] = True
    assert not heavymech.gives_shift(match, battle, False)
