"""Proud Monster Deluxe's German Assault Gun Brigades (15.22)."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import assaultguns, eliminated, replacements
from wargame.match import Battle, Match
from wargame.testing import put, refused


def _arrived(ynn: int) -> Match:
    """The Axis part of turn ``ynn``'s Reinforcement Phase, its arrivals in."""
    match = p9.axis_part()
    p9.reinforcement_phase(match, ynn)
    match.touch()
    if "antipartisan decline" in p9.legal(match):  # 9.7.5's pushed decision, declined
        match.apply("antipartisan decline")
    return match


def test_agbs_arrive_from_319_on_their_depleted_2_1_11_side_15_22() -> None:
    match = _arrived(318)
    assert "ger-agb-1" not in match.state.units  # none before turn 319
    match = _arrived(319)
    agb = match.state.units["ger-agb-1"]
    assert agb.loc == "box:okh-north" and agb.step == 1 and agb.flags[assaultguns.FLAG]
    assert match.unit_values(agb)["attack"] == 2 and match.unit_values(agb)["defense"] == 1
    assert match.unit_values(agb)["movement"] == 11


def test_an_mrp_flips_an_arriving_agb_to_full_strength_15_22() -> None:
    match = _arrived(319)
    replacements.points(match, "axis")["mrp"] = 1
    assert "agb-flip ger-agb-1" in p9.legal(match)  # the Axis player's choice
    match.apply("agb-flip ger-agb-1")
    agb = match.state.units["ger-agb-1"]
    assert agb.step == 0 and assaultguns.FLAG not in agb.flags
    assert replacements.points(match, "axis")["mrp"] == 0
    refused(match, "agb-flip ger-agb-2", "no MRP left", rule="PMD 15.22")
    refused(match, "agb-flip ger-agb-1", "arriving this turn", rule="PMD 15.22")


def test_an_agb_converts_an_on_map_battalion_not_next_to_the_enemy_15_22() -> None:
    match = _arrived(319)
    hex_ = p9.quiet_hex(match, outside="gas-east")
    bn = put(match, "ger-agbn-177", hex_)
    put(match, "sov-rd-kovo-01", match.topology.neighbours(hex_)[0])
    match.touch()
    refused(match, "agb-convert ger-agb-1 ger-agbn-177", "next to an enemy", rule="PMD 15.22")
    match.place(match.state.units["sov-rd-kovo-01"], None)
    match.touch()
    refused(match, "agb-convert ger-agb-1 ger-id-23", "Assault Gun Battalion", rule="PMD 15.22")
    assert "agb-convert ger-agb-1 ger-agbn-177" in p9.legal(match)
    match.apply("agb-convert ger-agb-1 ger-agbn-177")
    agb = match.state.units["ger-agb-1"]
    assert agb.loc == hex_ and agb.step == 0 and not agb.flags.get("refit")  # no Refit marker
    assert bn.loc is None and bn.id in eliminated._ns(match)[eliminated.REMOVED]


def test_the_choice_goes_at_the_end_of_the_axis_part_15_22() -> None:
    match = _arrived(319)
    agb = match.state.units["ger-agb-2"]
    end(match)  # the Axis part of the Reinforcement Phase ends
    assert assaultguns.FLAG not in agb.flags and agb.step == 1  # stays depleted
    assert assaultguns.arriving(match) == []


def test_an_assault_gun_attacks_at_one_across_a_crossing_arrow_13_4_1() -> None:
    """13.4.1: tank, panzer and assault gun units attack with 1 across a crossing arrow."""
    from wargame.games.proud_monster_deluxe.combat import wargame_strength_modifiers

    from .pmd_combat_helpers import at_phase

    match = at_phase("axis", "combat")
    put(match, "sov-rd-kovo-01", "2347")
    for uid in ("ger-agbn-177", "ger-id-23"):
        put(match, uid, "2446")
        battle = Battle("b1", [uid], ["sov-rd-kovo-01"], "2347", {uid: "2446"}, "attack")
        mods = [m for m in wargame_strength_modifiers(match, battle) if m.target == uid]
        one = [m for m in mods if "crossing arrow" in m.reason]
        assert len(one) == (1 if uid == "ger-agbn-177" else 0)
