"""Proud Monster Deluxe part 2: the fire-support units of section 15: HARKO's normal effect
(15.5, worked example T23), the Flak corps (15.3), Soviet artillery and Guards rockets (15.11,
15.15) and the Leningrad Counter-Fire Corps (15.13)."""

from __future__ import annotations

from tests.games.pmd_steps import to_phase
from wargame.actions import Action
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import afv, air, artillery, counterfire, harko, losses
from wargame.games.proud_monster_deluxe.combat import wargame_strength_modifiers
from wargame.match import Battle, Match
from wargame.mechanics import combat, movement
from wargame.pricing import price
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import (
    at_phase,
    carry_out_result,
    clear_hexes,
    gas_pair,
    offensive_supply,
    plain,
)

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 6)]
TD = "sov-td-interior-01"


def _turn(match: Match, ynn: int) -> None:
    """Set the calendar to the rulebook turn ``ynn``."""
    turns = match.title.doc("calendar")["turns"]
    match.state.cursor.turn = next(
        int(k) for k, v in turns.items() if int(v["values"]["ynn"]) == ynn
    )


def _weather(match: Match, code: str) -> None:
    for zone in ("nz", "sz"):
        set_weather(match, code, zone)


def _revealed(match: Match, uid: str, loc: str) -> str:
    match.reveal(put(match, uid, loc))
    return uid


def _battle(match: Match, attackers: list[str], defenders: list[str], target: str) -> Battle:
    units = match.state.units
    return combat.new_battle(
        match, [units[i] for i in attackers], [units[i] for i in defenders], target, "attack"
    )


# ------------------------------------------------------------------------- HARKO (15.5)


def test_t23_harko_normal_effect_adds_one_to_the_defender_result_15_5() -> None:
    """T23: a Dry PA with HARKO stacked with the attackers, west of the GAS line before 205: a
    1/2 becomes 1/3; against a city, doubled 2/4 and then +2: 2/6."""
    match = at_phase("axis", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    _revealed(match, RDS[0], target)
    put(match, "ger-id-7", origin)
    put(match, "ger-harko", origin)
    battle = _battle(match, ["ger-id-7"], [RDS[0]], target)
    battle.roll = 3
    attacker, defender, why = losses.final_result(match, battle, "1/2")
    assert (attacker, defender) == (1, 3) and any("HARKO" in line for line in why)
    city = "1808"  # Riga, west of the GAS line
    assert city not in match.topology.region("gas-east")
    _revealed(match, RDS[1], city)
    riga_origin = next(
        n for n in match.topology.neighbours(city) if match.topology.terrain(n) == "clear"
    )
    put(match, "ger-id-7", riga_origin)
    battle = Battle("b9", ["ger-id-7"], [RDS[1]], city, {"ger-id-7": riga_origin}, "attack")
    battle.extra["construction"] = "city"
    battle.roll = 3
    assert losses.final_result(match, battle, "1/2")[:2] == (2, 4)  # HARKO elsewhere
    put(match, "ger-harko", riga_origin)
    assert losses.final_result(match, battle, "1/2")[:2] == (2, 6)


def test_no_harko_effect_out_of_dry_east_of_the_gas_line_or_out_of_supply_15_5() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    _revealed(match, RDS[0], target)
    put(match, "ger-id-7", origin)
    harko_unit = put(match, "ger-harko", origin)
    battle = _battle(match, ["ger-id-7"], [RDS[0]], target)
    _weather(match, "D")
    assert harko.supporting(match, battle) is harko_unit
    _weather(match, "R")
    assert harko.supporting(match, battle) is None  # Dry only
    _weather(match, "D")
    harko_unit.flags["oos"] = True
    assert harko.supporting(match, battle) is None  # HARKO in offensive supply
    harko_unit.flags.pop("oos")
    east, east_origin = gas_pair(match, east=True)
    put(match, RDS[0], east)
    put(match, "ger-id-7", east_origin)
    put(match, "ger-harko", east_origin)
    battle = _battle(match, ["ger-id-7"], [RDS[0]], east)
    assert harko.supporting(match, battle) is None  # east of the GAS line before 205
    _turn(match, 205)
    _weather(match, "D")
    offensive_supply(match, "axis", east_origin)  # 8.6: from turn 117 the markers
    assert harko.supporting(match, battle) is not None  # from turn 205 anywhere


def test_harko_does_not_attack_itself_15_5() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    _revealed(match, RDS[0], target)
    put(match, "ger-id-7", origin)
    put(match, "ger-harko", origin)
    action = f"attack {target} with ger-id-7,ger-harko"
    refused(match, action, "may not attack")  # the kernel: no attack strength
    decision = match.decision
    assert decision is not None
    why = harko.wargame_veto(match, decision, Action.parse(action))
    assert why is not None and "HARKO does not attack" in why and "PMD 15.5" in why


def test_a_stack_with_harko_may_not_retreat_and_loses_harko_last_13_8_13_12() -> None:
    match = at_phase("soviet", "combat")
    target, origin = gas_pair(match)
    ids = ["ger-id-7", "ger-harko"]
    for uid in ids:
        put(match, uid, target)
    units = [match.state.units[i] for i in ids]
    assert not losses.retreat_capable(match, units)
    assert losses.retreat_capable(match, units[:1])
    _revealed(match, RDS[0], origin)
    carry_out_result(match, "1/1", [RDS[0]], ids, target)
    decision = match.decision
    assert decision is not None and decision.kind == "loss" and not decision.context["retreat"]
    refused(match, "lose ger-harko", "only after every other unit", rule="PMD 13.12")
    match.apply("lose ger-id-7")
    assert match.state.units["ger-harko"].loc == target


def test_harko_s_steps_do_not_count_for_the_close_combat_minimum_13_12() -> None:
    """A city PA: 1/2 doubled to 2/4, HARKO +2: 6 steps, of which 4 count for 13.12 (min 2)."""
    match = at_phase("axis", "combat")
    _weather(match, "D")
    city = "1808"
    origin = next(
        n for n in match.topology.neighbours(city) if match.topology.terrain(n) == "clear"
    )
    attackers = ["ger-id-7", "ger-id-1", "ger-id-102"]
    for uid in attackers:
        put(match, uid, origin)
    put(match, "ger-harko", origin)
    defenders = [_revealed(match, uid, city) for uid in RDS[:3]]
    battle = carry_out_result(match, "1/2", attackers, defenders, city, "city")
    ns = battle.extra["pmd"]
    assert ns["defender_result"] == 6 and ns["artillery_loss"] == 2
    for _ in range(12):  # close combat: alternate picks until the defenders are gone
        decision = match.decision
        if decision is None or decision.kind != "loss" or decision.context["who"] != "defender":
            break
        match.apply(str(next(iter(match.legal_actions()))))
    assert all(match.state.units[i].loc is None for i in defenders)
    lost = losses.lost_by_defender(match, combat.active(match) or battle)
    assert lost == 3 and losses.cc_minimum(lost - 2) == 0  # RDs of 1 step: 3 lost, 1 by HARKO


# ------------------------------------------------------------------------- Flak (15.3)


def test_a_flak_corps_halves_soviet_mech_attackers_and_negates_their_afv_shift_15_3() -> None:
    match = at_phase("soviet", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", target)
    td = _revealed(match, TD, origin)
    rd = _revealed(match, RDS[0], origin)
    battle = _battle(match, [td, rd], ["ger-id-7"], target)
    assert afv.may_declare(match, battle, "attacker")
    before = wargame_strength_modifiers(match, battle)
    assert not any("flak" in m.reason for m in before)
    flak = put(match, "ger-flak-1", target)
    battle = _battle(match, [td, rd], ["ger-id-7", "ger-flak-1"], target)
    mods = [m for m in wargame_strength_modifiers(match, battle) if "flak" in m.reason]
    attack = int(match.unit_values(match.state.units[td])["attack"])
    assert len(mods) == 1 and mods[0].value == (attack + 1) // 2 - attack  # the TD only
    assert not afv.may_declare(match, battle, "attacker")
    flak.flags["iso"] = 1  # 8.5: an isolated flak corps loses its properties
    assert not any("flak" in m.reason for m in wargame_strength_modifiers(match, battle))
    assert afv.may_declare(match, battle, "attacker")


def test_flak_does_not_touch_axis_attackers_or_soviet_leg_units_15_3() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    _revealed(match, RDS[0], target)
    put(match, "ger-pd-3", origin)
    put(match, "ger-flak-1", origin)
    battle = _battle(match, ["ger-pd-3", "ger-flak-1"], [RDS[0]], target)
    assert not any("flak" in m.reason for m in wargame_strength_modifiers(match, battle))


# ------------------------------------------------------------- Soviet artillery (15.11)


def test_soviet_artillery_never_attacks_alone_and_only_with_its_hex_15_11() -> None:
    match = at_phase("soviet", "combat")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", target)
    put(match, "sov-art-01", origin)
    refused(match, f"attack {target} with sov-art-01", "attacks only with", rule="PMD 15.11")
    other = next(
        n
        for n in match.topology.neighbours(target)
        if n != origin and match.topology.terrain(n) == "clear"
    )
    _revealed(match, RDS[0], other)
    refused(match, f"attack {target} with sov-art-01,{RDS[0]}", "attacks only with")
    put(match, RDS[0], origin)
    force_rolls(match, 3)
    match.apply(f"attack {target} with sov-art-01,{RDS[0]}")


def test_artillery_factors_count_up_to_the_other_attackers_15_11() -> None:
    match = at_phase("soviet", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", target)
    rd = _revealed(match, RDS[0], origin)
    guns = ["sov-art-01", "sov-art-02"]
    for gun in guns:
        put(match, gun, origin)
    battle = _battle(match, [rd, *guns], ["ger-id-7"], target)
    ground = int(match.unit_values(match.state.units[rd])["attack"])
    priced = price(match, battle)
    assert priced.attack == ground + min(8, ground)
    mods = artillery.wargame_strength_modifiers(match, battle)
    cap = [m for m in mods if "excess ignored" in m.reason]
    assert bool(cap) == (ground < 8)


def test_rockets_double_into_only_clear_terrain_not_in_mud_15_15() -> None:
    match = at_phase("soviet", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", target)
    rd = _revealed(match, RDS[0], origin)
    put(match, "sov-rkt-01", origin)
    battle = _battle(match, [rd, "sov-rkt-01"], ["ger-id-7"], target)
    assert artillery.doubled(match, battle, match.state.units["sov-rkt-01"])
    _weather(match, "M")
    assert not artillery.doubled(match, battle, match.state.units["sov-rkt-01"])
    _weather(match, "D")
    battle.target = "1808"  # a city: not only clear terrain
    assert not artillery.doubled(match, battle, match.state.units["sov-rkt-01"])
    battle.target = target
    gun = put(match, "sov-art-01", origin)
    assert not artillery.doubled(match, battle, gun)  # artillery that is not rocket


def test_a_counter_preparation_barrage_hits_on_a_1_cb_always_at_most_2_15_11() -> None:
    match = at_phase("axis", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    rd = _revealed(match, RDS[0], target)
    put(match, "sov-art-01", target)
    put(match, "sov-art-02", target)
    put(match, "ger-id-7", origin)
    battle = _battle(match, ["ger-id-7"], [rd, "sov-art-01", "sov-art-02"], target)
    force_rolls(match, 1, 2)
    artillery.wargame_battle_start(match, battle)
    assert battle.extra["barrage"] == 1
    shifts = artillery.wargame_combat_shifts(match, battle)
    assert [s.columns for s in shifts] == [-1]
    for cb in ("sov-gad-4", "sov-gad-6"):
        put(match, cb, target)
    battle = _battle(
        match, ["ger-id-7"], [rd, "sov-art-01", "sov-art-02", "sov-gad-4", "sov-gad-6"], target
    )
    force_rolls(match, 1, 1)
    artillery.wargame_battle_start(match, battle)
    assert battle.extra["barrage"] == 2  # four hits, at most 2 shifts
    battle = _battle(match, ["ger-id-7"], [rd, "sov-gad-4"], target)
    artillery.wargame_battle_start(match, battle)  # no die: the CB hit is automatic
    assert battle.extra["barrage"] == 1


def test_no_barrage_against_a_soviet_attack_or_without_offensive_supply_15_11() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    rd = _revealed(match, RDS[0], target)
    gun = put(match, "sov-art-01", target, oos=True)
    put(match, "ger-id-7", origin)
    battle = _battle(match, ["ger-id-7"], [rd, gun.id], target)
    artillery.wargame_battle_start(match, battle)
    assert battle.extra["barrage"] == 0


def test_artillery_takes_no_step_and_goes_with_the_last_other_unit_15_11() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    rd = _revealed(match, RDS[0], target)
    put(match, "sov-art-01", target)
    put(match, "ger-id-7", origin)
    carry_out_result(match, "1/1", ["ger-id-7"], [rd, "sov-art-01"], target)
    assert match.state.units[rd].loc is None
    assert match.state.units["sov-art-01"].loc is None


def test_artillery_caught_alone_is_destroyed_with_no_result_15_11() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    put(match, "sov-art-01", target)
    put(match, "ger-id-7", origin)
    battle = carry_out_result(match, "1/5", ["ger-id-7"], ["sov-art-01"], target)
    assert match.state.units["sov-art-01"].loc is None
    assert match.state.units["ger-id-7"].step == 0
    assert any("caught alone" in line for line in battle.explanation)


# ------------------------------------------------------------------- the LCFC (15.13)


def test_the_lcfc_arrives_on_221_and_shifts_axis_attacks_on_leningrad_1l_15_13() -> None:
    match = at_phase("axis", "combat")
    leningrad = counterfire.LENINGRAD
    _revealed(match, RDS[0], leningrad)
    match.state.control[leningrad] = "soviet"
    counterfire.check(match)
    assert not counterfire.on_map(match)  # not before turn 221
    _turn(match, 221)
    counterfire.check(match)
    assert counterfire.on_map(match)
    near = next(
        n for n in match.topology.neighbours(leningrad) if match.topology.terrain(n) != "sea"
    )
    battle = Battle("b9", ["ger-id-7"], [RDS[0]], near, {}, "attack")
    put(match, "ger-id-7", near)
    battle = Battle("b9", ["ger-id-7"], [RDS[0]], leningrad, {"ger-id-7": near}, "attack")
    assert [s.columns for s in counterfire.wargame_combat_shifts(match, battle)] == [-1]
    match.state.units[RDS[0]].flags["iso"] = 1
    assert counterfire.wargame_combat_shifts(match, battle) == []  # not while isolated
    match.state.units[RDS[0]].flags.pop("iso")
    soviet = Battle("b9", [RDS[0]], ["ger-id-7"], near, {}, "attack")
    assert counterfire.wargame_combat_shifts(match, soviet) == []  # Axis attacks only
    match.eliminate(match.state.units[RDS[0]], "test")
    assert not counterfire.on_map(match) and match.state.ns(counterfire.NS)[counterfire.GONE]
    _revealed(match, RDS[1], leningrad)
    counterfire.check(match)
    assert not counterfire.on_map(match)  # never rebuilt


def test_the_lcfc_is_removed_if_leningrad_is_not_soviet_on_221_15_13() -> None:
    match = at_phase("axis", "combat")
    _turn(match, 221)
    put(match, "ger-id-7", counterfire.LENINGRAD)
    match.state.control[counterfire.LENINGRAD] = "axis"
    counterfire.check(match)
    assert not counterfire.on_map(match) and match.state.ns(counterfire.NS)[counterfire.GONE]


# ------------------------------------------------------------- air units (15.4)


def test_an_air_unit_is_committed_to_a_supplied_stack_one_a_stack_15_4() -> None:
    match = at_phase("axis", "movement")
    target, origin = gas_pair(match)
    refused(match, f"air ger-air-i {origin}", "a stack of its side", rule="PMD 15.4")
    put(match, "rom-id-1", origin)
    refused(match, f"air ger-air-i {origin}", "needs a German unit", rule="PMD 15.4")
    put(match, "ger-id-7", origin).flags["oos"] = True
    refused(match, f"air ger-air-i {origin}", "defensive supply", rule="PMD 15.4")
    match.state.units["ger-id-7"].flags.pop("oos")
    match.touch()
    assert f"air ger-air-i {origin}" in {str(a) for a in match.legal_actions()}
    match.apply(f"air ger-air-i {origin}")
    assert match.state.units["ger-air-i"].loc == origin
    refused(match, f"air ger-air-v {origin}", "one air unit a stack", rule="PMD 15.4")
    refused(match, "air sov-air-6ic " + origin, "not an air unit of axis in play")
    refused(match, f"move ger-air-i {origin} {target}", "goes with its stack")


def test_air_factors_join_attack_and_defence_never_above_the_stack_s_15_4() -> None:
    match = at_phase("axis", "combat")
    _weather(match, "D")
    target, origin = gas_pair(match)
    rd = _revealed(match, RDS[0], target)
    put(match, "ger-id-7", origin)
    air = match.new_unit("ger-air-i", origin)
    refused(match, f"attack {target} with ger-air-i", "with a ground unit of its stack")
    battle = _battle(match, ["ger-id-7", "ger-air-i"], [rd], target)
    ground = int(match.unit_values(match.state.units["ger-id-7"])["attack"])
    assert match.unit_values(air)["attack"] == 6  # June 1941 (stand-in weekly strength)
    assert price(match, battle).attack == ground + min(6, ground)
    # defending: the Soviet 6th Interceptor Corps (5-5), at most the stack's defence
    sov_air = match.new_unit("sov-air-6ic", target)
    battle = _battle(match, ["ger-id-7"], [rd, sov_air.id], target)
    dfs = int(match.unit_values(match.state.units[rd])["defense"])
    assert price(match, battle).defense == dfs + min(5, dfs)


def test_the_viii_flieger_korps_shifts_a_column_for_the_axis_both_ways_15_4() -> None:
    match = at_phase("axis", "combat")
    target, origin = gas_pair(match)
    rd = _revealed(match, RDS[0], target)
    put(match, "ger-id-7", origin)
    match.new_unit("ger-air-viii", origin)
    battle = _battle(match, ["ger-id-7", "ger-air-viii"], [rd], target)
    assert [s.columns for s in air.wargame_combat_shifts(match, battle)] == [1]
    battle = _battle(match, ["ger-id-7"], [rd], target)
    assert air.wargame_combat_shifts(match, battle) == []  # not with this attack
    match.new_unit("ger-air-i", None)
    defence = Battle("b9", [rd], ["ger-id-7", "ger-air-viii"], origin, {rd: target}, "attack")
    assert [s.columns for s in air.wargame_combat_shifts(match, defence)] == [-1]
    other = Battle("b9", [rd], ["ger-id-7", "ger-air-i"], origin, {rd: target}, "attack")
    assert air.wargame_combat_shifts(match, other) == []  # another air unit: no shift


def test_air_takes_no_loss_and_goes_until_next_week_with_its_stack_15_4() -> None:
    match = at_phase("soviet", "combat")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", target)
    match.new_unit("ger-air-i", target)
    rd = _revealed(match, RDS[0], origin)
    carry_out_result(match, "1/5", [rd], ["ger-id-7", "ger-air-i"], target)
    decision = match.decision
    assert decision is not None and decision.context["units"] == ["ger-id-7"]
    while (d := match.decision) is not None and d.kind == "loss" and d.context["who"] == "defender":
        match.apply("lose ger-id-7")
    assert match.state.units["ger-id-7"].loc is None
    assert match.state.units["ger-air-i"].loc is None  # removed, not lost
    assert "ger-air-i" not in air.available(match, "axis")  # until the Axis Refit Phase
    assert "ger-air-v" in air.available(match, "axis")


def test_air_units_are_picked_up_in_the_refit_phase_and_available_again_15_4() -> None:
    match = at_phase("axis", "movement")
    target, origin = gas_pair(match)
    put(match, "ger-id-7", origin)
    match.apply(f"air ger-air-i {origin}")
    air._ns(match).setdefault("grounded", {})["ger-air-v"] = True
    assert "ger-air-v" not in air.available(match, "axis")
    to_phase(match, "axis", "refit")
    assert match.state.units["ger-air-i"].loc is None
    assert {"ger-air-i", "ger-air-v"} <= set(air.available(match, "axis"))


def test_air_goes_with_its_stack_and_the_owner_picks_the_part_15_4() -> None:
    match = at_phase("axis", "movement")
    a, b = gas_pair(match)
    c = next(n for n in match.topology.neighbours(b) if n != a and plain(match, n))
    put(match, "ger-id-7", a)
    put(match, "ger-id-1", a)
    match.apply(f"air ger-air-i {a}")
    match.apply(f"move ger-id-7 {a} {b}")
    assert match.state.units["ger-air-i"].loc == a  # ger-id-1 is still with it
    assert f"air ger-air-i {b}" in {str(x) for x in match.legal_actions()}
    match.apply(f"air ger-air-i {b}")  # the owner picks the part that moved
    assert match.state.units["ger-air-i"].loc == b
    refused(match, f"air ger-air-i {a}", "once a phase")
    put(match, "ger-id-1", b)  # ger-id-1 moves on from b: its whole stack leaves b
    air._ns(match)["with"]["ger-air-i"] = ["ger-id-7", "ger-id-1"]
    match.place(match.state.units["ger-id-7"], c)
    match.apply(f"move ger-id-1 {b} {c}")
    assert match.state.units["ger-air-i"].loc == c


def test_german_air_by_week_in_1941_then_6_and_the_6th_ic_from_123_to_203_15_4() -> None:
    match = at_phase("axis", "movement")
    unit = match.new_unit("ger-air-i", None)
    assert "sov-air-6ic" not in air.air_ids(match, "soviet")
    _turn(match, 122)
    assert match.unit_values(unit)["attack"] == 4  # stand-in weekly strength
    _turn(match, 123)
    assert "sov-air-6ic" in air.air_ids(match, "soviet")
    _turn(match, 203)
    assert "sov-air-6ic" not in air.air_ids(match, "soviet")  # withdrawn on 203
    _turn(match, 210)
    assert match.unit_values(unit)["attack"] == 6
    assert "sov-air-army-1" in air.air_ids(match, "soviet")


# ------------------------------------------------- moving into lone Soviet artillery (15.11)


def _into_lone_artillery(side: str = "axis") -> tuple[Match, str, str, str]:
    """``side``'s movement phase: a plain hex and two plain neighbours of it."""
    match = at_phase(side, "movement")
    target, near, beyond = clear_hexes(match)
    return match, target, near, beyond


def test_an_axis_leg_unit_moving_in_destroys_lone_soviet_artillery_and_moves_on_15_11() -> None:
    """15.11: even a Leg unit destroys Soviet artillery alone in a hex by moving into it (not an
    MA), paying the normal costs; it is eliminated as any unit is, and the move goes on through
    the hex. An air unit standing with the artillery shields nothing and goes with it (15.4)."""
    match, target, near, beyond = _into_lone_artillery()
    inf = put(match, "ger-id-7", near)
    put(match, "sov-art-01", target)
    put(match, "sov-art-02", target)
    _turn(match, 219)  # 15.11: the artillery's first turn
    put(match, "sov-air-army-1", target)
    path = [near, target, beyond]
    assert match.check(f"move ger-id-7 {near} {target}") is None
    cost, _why = movement.path_cost(match, inf, path)
    events = match.apply(f"move ger-id-7 {' '.join(path)}")
    units = match.state.units
    assert units["sov-art-01"].loc is None and units["sov-art-02"].loc is None
    assert units["sov-air-army-1"].loc is None  # no ground unit of its stack is left (15.4)
    assert inf.loc == beyond and movement.spent(match, inf) == cost
    assert [
        e.data.get("unit") for e in events if e.kind == "eliminated" and e.rule == artillery.RULE
    ] == [
        "sov-art-01",
        "sov-art-02",
    ]


def test_no_move_into_artillery_with_another_soviet_unit_nor_for_a_soviet_unit_15_11() -> None:
    """15.11, both sides: artillery with a non-artillery Soviet unit is not alone (the hex may
    not be entered); a Soviet unit never enters a hex of lone Axis artillery, and moving through
    his own artillery destroys nothing."""
    match, target, near, _beyond = _into_lone_artillery()
    put(match, "ger-id-7", near)
    put(match, "sov-art-01", target)
    _revealed(match, RDS[0], target)
    refused(match, f"move ger-id-7 {near} {target}", "holds enemy units")
    put(match, RDS[0], None)
    assert match.check(f"move ger-id-7 {near} {target}") is None
    match, target, near, beyond = _into_lone_artillery("soviet")
    _revealed(match, RDS[0], near)
    put(match, "ger-harko", target)
    refused(match, f"move {RDS[0]} {near} {target}", "holds enemy units")
    put(match, "ger-harko", None)
    put(match, "sov-art-01", target)
    match.apply(f"move {RDS[0]} {near} {target} {beyond}")  # through his own artillery
    assert match.state.units["sov-art-01"].loc == target
