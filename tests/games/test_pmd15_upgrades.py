"""Proud Monster Deluxe's Mech Upgrade markers (15.9) and their loss priority (13.11(2), (3))."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from wargame import markers
from wargame.games.proud_monster_deluxe import replacements, upgrades
from wargame.match import Match
from wargame.mechanics import combat
from wargame.mechanics.losses import steps_left
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, clear_pair

UPGRADE = "mech-upgrade"


def _axis_with(*values: int) -> Match:
    match = p9.axis_part()
    upgrades.receive(match, "axis", list(values))
    return match


def test_markers_arrive_axis_from_205_and_saved_soviet_from_301_and_lost_15_9() -> None:
    match = p9.soviet_part()
    p9.reinforcement_phase(match, 204)
    assert upgrades.waiting(match, "axis") == [] == upgrades.waiting(match, "soviet")
    p9.reinforcement_phase(match, 205)
    assert upgrades.waiting(match, "axis") == [1]
    p9.reinforcement_phase(match, 209)
    assert upgrades.waiting(match, "axis") == [1, 1]  # the Axis saves his
    assert upgrades.waiting(match, "soviet") == []  # none before 301
    p9.reinforcement_phase(match, 301)
    assert upgrades.waiting(match, "soviet") == [1]
    upgrades.soviet_lose(match, p9.phase(match, "soviet-reinforcement"))
    assert upgrades.waiting(match, "soviet") == []  # used the turn they arrive, or lost
    assert upgrades.waiting(match, "axis") == [1, 1, 2]


def test_an_upgrade_adds_its_steps_to_the_unit_s_steps_attack_and_defence_15_9() -> None:
    match = _axis_with(2, 1)
    hex_ = p9.quiet_hex(match, outside="gas-east")
    inf = put(match, "ger-id-23", hex_)
    before = dict(match.unit_values(inf))
    assert "upgrade ger-id-23 2" in p9.legal(match)  # the Axis player's choice
    match.apply("upgrade ger-id-23 2")
    assert markers.get(match, inf, UPGRADE)["steps"] == 2
    values = match.unit_values(inf)
    assert values["attack"] == before["attack"] + 2 and values["defense"] == before["defense"] + 2
    assert steps_left(match, inf) == match.faces(inf) + 2
    assert not inf.flags.get("refit")  # a Leg unit: the Leg procedure, no Refit marker
    refused(match, "upgrade ger-id-23 1", "one a unit", rule="PMD 15.9")
    assert upgrades.waiting(match, "axis") == [1]


def test_only_divisions_on_the_map_on_the_refit_conditions_take_one_15_9() -> None:
    match = _axis_with(1)
    hex_ = p9.quiet_hex(match, outside="gas-east")
    neighbour = match.topology.neighbours(hex_)[0]
    put(match, "rom-id-1", hex_)
    refused(match, "upgrade rom-id-1 1", "only a German division", rule="PMD 15.9")
    put(match, "ger-id-23", "box:okh-north")
    refused(match, "upgrade ger-id-23 1", "on-map unit", rule="PMD 15.9")
    refused(match, "upgrade ger-id-23 2", "no Mech Upgrade marker of 2", rule="PMD 15.9")
    pd = put(match, "ger-pd-4", hex_)
    put(match, "sov-rd-kovo-01", neighbour)
    refused(match, "upgrade ger-pd-4 1", "next to an enemy unit", rule="PMD 15.9")
    match.place(match.state.units["sov-rd-kovo-01"], None)
    match.touch()
    match.apply("upgrade ger-pd-4 1")
    assert pd.flags.get("refit")  # the Mech procedure: the Refit marker (9.5.1)


def test_a_soviet_grd_takes_one_but_not_an_rd_15_9() -> None:
    match = p9.soviet_part()
    upgrades.receive(match, "soviet", [1])
    rd = next(
        u
        for u in match.units_of("soviet")
        if match.counter(u)["type"] == "rd" and u.loc and not u.loc.startswith("box:")
    )
    grd = put(match, "sov-grd-1", rd.loc)
    refused(match, f"upgrade {rd.id} 1", "a GRD, TC, MC, GTC or GMC", rule="PMD 15.9")
    match.apply("upgrade sov-grd-1 1")
    assert upgrades.steps(match, grd) == 1


def test_a_marker_trades_for_one_mrp_kept_through_the_east_system_15_9() -> None:
    match = _axis_with(2)
    have = dict(replacements.points(match, "axis"))
    match.apply("upgrade-trade 2")
    assert replacements.points(match, "axis")["mrp"] == have["mrp"] + 1
    refused(match, "upgrade-trade 2", "no Mech Upgrade marker", rule="PMD 15.9")
    match = p9.soviet_part()
    match.state.cursor.turn = p9.game_turn(301)
    p9.start(match, "soviet-reinforcement")
    upgrades.receive(match, "soviet", [1])
    mrp = replacements.points(match, "soviet")["mrp"]
    match.apply("upgrade-trade 1")
    assert replacements.soviet_points(match)["mrp"] == mrp + 1  # worked out again: still there
    replacements.soviet_lose(match, p9.phase(match, "soviet-reinforcement"))
    assert "upgrade_mrp" not in replacements._ns(match)  # gone with the turn's points


def test_upgrade_steps_are_lost_first_and_the_marker_goes_with_the_last_15_9() -> None:
    match = _axis_with(2)
    hex_ = p9.quiet_hex(match, outside="gas-east")
    pd = put(match, "ger-pd-4", hex_)
    match.apply("upgrade ger-pd-4 2")
    match.lose_steps(pd, 1, "test")
    assert pd.step == 0 and upgrades.steps(match, pd) == 1
    match.lose_steps(pd, 2, "test")
    assert pd.step == 1 and not markers.has(match, pd, UPGRADE)  # gone with its last step


def test_the_marker_goes_with_its_eliminated_unit_15_9() -> None:
    match = _axis_with(1)
    inf = put(match, "ger-id-23", p9.quiet_hex(match, outside="gas-east"))
    match.apply("upgrade ger-id-23 1")
    match.eliminate(inf, "test")
    assert not markers.has(match, inf, UPGRADE)


def test_in_a_normal_combat_upgrade_steps_go_first_the_afv_step_an_upgrade_one_13_11() -> None:
    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    pd, pd2, id7 = (put(match, u, target) for u in ("ger-pd-3", "ger-pd-4", "ger-id-7"))
    for unit in (pd2, id7):
        markers.place(match, unit, UPGRADE, "test", steps=1)
    rd = put(match, "sov-rd-interior-01", origin)
    match.reveal(rd)
    battle = combat.new_battle(match, [rd], [pd, pd2, id7], target, "attack")
    battle.roll = 3
    battle.extra["afv"] = {"attacker": False, "defender": True}
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/3")
    refused(match, "lose ger-pd-3", "a Mech Upgrade step is lost first", rule="PMD 13.11")
    refused(match, "lose ger-id-7", "an AFV step is lost first", rule="PMD 13.11")
    match.apply("lose ger-pd-4")  # the AFV step, an upgrade step
    assert pd2.step == 0 and not markers.has(match, pd2, UPGRADE)
    refused(match, "lose ger-pd-3", "a Mech Upgrade step is lost first", rule="PMD 13.11")
    match.apply("lose ger-id-7")
    assert id7.step == 0 and not markers.has(match, id7, UPGRADE)
    match.apply("lose ger-pd-3")  # no upgrade step left: any unit
    assert pd.step == 1


def test_a_reduced_unit_reorganizes_its_upgrade_step_into_itself_15_9_9_2() -> None:
    match = p9.refit("axis")
    inf = put(match, "ger-id-23", p9.quiet_hex(match, outside="gas-east"))
    markers.place(match, inf, UPGRADE, "test", steps=2)
    refused(match, "upgrade-absorb ger-id-23", "at full strength", rule="PMD 15.9")
    inf.step = 1
    match.touch()
    assert "upgrade-absorb ger-id-23" in p9.legal(match)  # the owner's choice
    match.apply("upgrade-absorb ger-id-23")
    assert inf.step == 0 and upgrades.steps(match, inf) == 1
    inf.step = 1
    match.apply("upgrade-absorb ger-id-23")
    assert inf.step == 0 and not markers.has(match, inf, UPGRADE)  # absorbed: gone


def test_the_gambit_brings_four_2_upgrade_markers_5_7() -> None:
    from .test_pmd15_offensives import _turn

    match = at_phase("axis", "refit")
    _turn(match, 312)
    match.apply("offensive")
    match.apply("gambit")
    assert upgrades.waiting(match, "axis")[-4:] == [2, 2, 2, 2]
