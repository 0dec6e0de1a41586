"""Proud Monster Deluxe's Mobile Artillery Division (15.21)."""

from __future__ import annotations

from wargame.actions import Action
from wargame.games.proud_monster_deluxe import losses, mad
from wargame.match import Battle
from wargame.testing import put

from .pmd_combat_helpers import at_phase, clear_pair

RD = "sov-rd-interior-01"


def test_the_mad_with_a_german_division_from_its_hex_gives_1r_and_a_defender_step_15_21() -> None:
    match = at_phase("axis", "combat")
    target, origin = clear_pair(match)
    match.reveal(put(match, RD, target))
    put(match, "ger-mad", origin)
    put(match, "ger-id-7", origin)
    ids = ["ger-mad", "ger-id-7"]
    battle = Battle("b1", ids, [RD], target, {i: origin for i in ids}, "attack")
    [shift] = mad.wargame_combat_shifts(match=match, battle=battle)
    assert (shift.columns, shift.rule) == (1, "PMD 15.21")
    attacker, defender, why = losses.final_result(match, battle, "1/1")
    assert (attacker, defender) == (1, 2) and "MAD" in why[0]
    battle.extra["construction"] = "city"  # 13.4.2: the city doubles the MAD's step too
    assert losses.final_result(match, battle, "1/1")[:2] == (2, 4)
    battle.extra.pop("construction")
    match.state.units["ger-mad"].flags["oos"] = True  # not in offensive supply: nothing
    assert mad.extra_loss(match, battle) == 0 and not mad.wargame_combat_shifts(
        match=match, battle=battle
    )
    alone = Battle("b2", ["ger-mad"], [RD], target, {"ger-mad": origin}, "attack")
    match.state.units["ger-mad"].flags.pop("oos")
    assert not mad.supported(match, alone)  # no other division
    [mod] = mad.wargame_strength_modifiers(match=match, battle=alone)
    assert (mod.target, mod.op, mod.value) == ("ger-mad", "set", 7)  # its DF


def test_the_mad_may_not_mobile_assault_15_21() -> None:
    match = at_phase("axis", "movement")
    decision = match.decision
    assert decision is not None
    put(match, "ger-mad", clear_pair(match)[1])
    move = Action("overrun", ("0101", "with", "ger-mad,ger-pd-3", "via", "0102"))
    assert mad.wargame_veto(match=match, decision=decision, action=move) == (
        "the MAD may not mobile-assault (PMD 15.21)"
    )


def test_the_mad_defending_in_offensive_supply_shifts_a_soviet_pa_1l_counter_battery_15_21() -> (
    None
):
    """15.21 (ruling MD1): the MAD's automatic counter-battery is 15.11's CB effect, a 1L on an
    enemy PA on the hex it defends in offensive supply, with no die roll; none when it lacks
    offensive supply, none on a hex without it, none on its own side's attacks."""
    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    match.reveal(put(match, RD, origin))
    put(match, "ger-mad", target)
    put(match, "ger-id-7", target)
    battle = Battle("b1", [RD], ["ger-mad", "ger-id-7"], target, {RD: origin}, "attack")
    [shift] = mad.wargame_combat_shifts(match=match, battle=battle)
    assert (shift.columns, shift.rule, shift.group) == (-1, "PMD 15.21", "capped")
    assert not match.state.pending  # automatic: nothing asked, no die
    without = Battle("b2", [RD], ["ger-id-7"], target, {RD: origin}, "attack")
    assert mad.wargame_combat_shifts(match=match, battle=without) == []
    match.state.units["ger-mad"].flags["oos"] = True  # out of supply: no offensive supply
    assert mad.wargame_combat_shifts(match=match, battle=battle) == []
