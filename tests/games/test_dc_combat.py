"""Dark Crusade combat: the firefight (13.0-13.B.8), breakthrough combat (14.A, 16.0), fortress
effects (10.C), field fortifications (18.0) and recovery (15.B); the rulebook's worked examples
named for their rules."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dc_helpers import empty_match, goto, put, script_rolls
from wargame.games.dark_crusade import combat as C
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import units as U


def battle(attacker: str, target: str, attackers: list[Any], defenders: list[Any], **kw: Any):
    return {
        "attacker": attacker,
        "defender": "soviet" if attacker == "axis" else "axis",
        "target": target,
        "attackers": [u.id for u in attackers],
        "defenders": [u.id for u in defenders],
        "breakthrough": False,
        "mode": C.NORMAL,
        "round": 1,
        **kw,
    }


def test_13_B_6_large_combat_37_splits_19_18_and_72_into_three_24s() -> None:
    table = C.fire_table(empty_match())
    assert 24 <= table.largest <= 35  # the examples bound the highest column
    assert table.split(37) == (19, 18)
    assert table.split(72) == (24, 24, 24)


def test_13_B_2_gross_deutschland_absorbs_one_loss_a_round_and_dies_at_the_fourth() -> None:
    """EX-11 case A: a major unit of value 3 is dispersed by its first loss and destroyed by
    its fourth, one more than its value."""
    match = empty_match()
    gd = put(match, "smolensk", "ger-gd")[0]
    b = battle("soviet", "smolensk", [], [gd])
    for n in (1, 2, 3):
        C.take_loss(match, b, gd)
        assert gd.loc == "smolensk" and U.dispersed(gd) and gd.flags["losses"] == n
        assert C.unit_fire(match, gd, defending=True) == 0  # dispersed units do not fire
    C.take_loss(match, b, gd)
    assert gd.loc is None


def test_13_B_2_gross_deutschland_four_losses_in_one_round() -> None:
    """EX-11 case B: all four breakthroughs on Gross Deutschland at once eliminate it."""
    match = empty_match()
    gd = put(match, "smolensk", "ger-gd")[0]
    b = battle("soviet", "smolensk", [], [gd])
    for _ in range(4):
        if gd.loc is not None:
            C.take_loss(match, b, gd)
    assert gd.loc is None


def test_8_C_3_a_shock_army_two_hits_in_supply_one_out(monkeypatch) -> None:
    """EX-10: an unfortified shock army (minor, 2) survives one loss in supply, none out."""
    match = empty_match()
    shock = put(match, "moscow", "shock-1")[0]
    b = battle("axis", "moscow", [], [shock])
    C.take_loss(match, b, shock)
    assert shock.loc == "moscow" and U.dispersed(shock)
    C.take_loss(match, b, shock)
    assert shock.loc is None
    other = put(match, "moscow", "shock-2")[0]
    monkeypatch.setattr(C, "in_supply", lambda match, unit: False)
    C.take_loss(match, b, other)
    assert other.loc is None


def test_18_0_fortified_shock_army_takes_three_breakthroughs() -> None:
    """EX-10 derived: fortified, the first breakthrough only strips the fortification."""
    match = empty_match()
    shock = put(match, "vyazma", "shock-1", fortified=True)[0]
    b = battle("axis", "vyazma", [], [shock])
    C.take_loss(match, b, shock)
    assert not U.fortified(shock) and not U.dispersed(shock)
    C.take_loss(match, b, shock)
    assert U.dispersed(shock)
    C.take_loss(match, b, shock)
    assert shock.loc is None


def test_13_B_2_minor_unit_of_one_dies_at_its_first_loss() -> None:
    match = empty_match()
    rum = put(match, "iasi", "rum-3")[0]
    C.take_loss(match, battle("soviet", "iasi", [], [rum]), rum)
    assert rum.loc is None


def test_13_B_7_a_hq_dies_at_a_single_hit() -> None:
    match = empty_match()
    hq = put(match, "lublin", "ger-hq-6")[0]
    C.take_loss(match, battle("soviet", "lublin", [], [hq]), hq)
    assert hq.loc is None


@pytest.mark.parametrize(("air", "total"), [(0, 3), (1, 6), (2, 9), (3, 12), (4, 15)])
def test_13_A_4_german_air_multiplies_german_units_in_supply(air: int, total: int) -> None:
    """R-20: one air unit doubles, two triple, three quadruple, four quintuple."""
    match = empty_match()
    units = put(match, "warsaw", "ger-7", "ger-9", "ger-12", attacking="siedlce")
    b = battle("axis", "siedlce", units, [], german_air=air)
    assert C.side_fire(match, b, "axis")[0] == total


def test_13_B_7_stavka_adds_one_per_eligible_unit_up_to_four() -> None:
    """R-22."""
    match = empty_match()
    few = put(match, "moscow", "stavka", "sov-30a", "sov-31a")
    b = battle("axis", "moscow", [], few)
    assert C.hq_support(match, b, "soviet", few) == 2
    many = few + put(match, "moscow", "sov-32a", "sov-33a", "sov-34a", "sov-10tk")
    b = battle("axis", "moscow", [], many)
    assert C.hq_support(match, b, "soviet", many) == 4


def test_14_A_breakthrough_assault_halves_soviet_down_german_up() -> None:
    """R-24: a total of 7 halves to 3 for the Soviets, 4 for the Germans."""
    match = empty_match()
    soviet = put(match, "orel", *[f"sov-{n}a" for n in range(30, 37)], attacking="kursk")
    b = battle("soviet", "kursk", soviet, [], breakthrough=True)
    assert C.side_fire(match, b, "soviet")[0] == 3
    german = put(match, "warsaw", *[f"ger-{n}" for n in (7, 9, 12, 13, 17, 20, 42)])
    b = battle("axis", "siedlce", german, [], breakthrough=True)
    assert C.side_fire(match, b, "axis")[0] == 4


def test_10_C_2_fortress_adds_fire_capped_by_major_infantry() -> None:
    """R-25: Moscow (class 3) with two undispersed major infantry armies: +2 fire."""
    match = empty_match()
    armies = put(match, "moscow", "sov-30a", "sov-31a")
    b = battle("axis", "moscow", [], armies)
    total, why = C.side_fire(match, b, "soviet")
    assert total == 4 and any("10.C.2" in w for w in why)


def test_10_C_1_fortress_stops_breakthroughs_one_less_on_the_enemy_side() -> None:
    match = empty_match()
    armies = put(match, "moscow", "sov-30a", "sov-31a")
    b = battle("axis", "moscow", [], armies)
    assert C.reduce_for_fortress(match, b, 5) == 3
    german = put(match, "konigsberg", "ger-7", "ger-9")
    match.state.control["konigsberg"] = "soviet"
    b = battle("soviet", "konigsberg", [], german)
    assert C.reduce_for_fortress(match, b, 5) == 3  # own side: class 2, two majors
    soviets = put(match, "konigsberg", "sov-32a", "sov-33a")
    for u in german:
        match.place(u, None)
    b = battle("axis", "konigsberg", [], soviets)
    assert C.reduce_for_fortress(match, b, 5) == 4  # enemy side: 2 - 1 = 1


def test_18_0_fortifications_on_a_fortress_go_before_the_reduction() -> None:
    """E-11 (ruling DC-C8): fortifications absorb first, then the fortress reduction."""
    match = empty_match()
    armies = put(match, "moscow", "sov-30a", "sov-31a", fortified=True)
    b = battle("axis", "moscow", [], armies)
    assert C.reduce_for_fortress(match, b, 4) == 0
    assert not any(U.fortified(u) for u in armies)


def start_axis_attack(
    rolls: list[int],
    soviet: list[str],
    german: list[str],
    target: str = "brest",
    origin: str = "siedlce",
):
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, origin, *german)
    put(match, target, *soviet)
    for cid in german:
        match.apply(f"move {cid} {target}")
    goto(match, "axis", "combat")
    script_rolls(match, rolls)
    return match


def test_13_B_3_simultaneous_combat_in_good_weather_losses_and_advance() -> None:
    """An Axis attack in Good weather with no Soviet air is simultaneous (13.B.1.a); losses are
    taken attacker first (13.B.3.a); the attacker that clears the point occupies it (13.B.5)."""
    match = start_axis_attack([6, 1], ["sov-4a"], ["ger-7", "ger-9", "ger-12"])
    match.apply("fight brest")
    d = match.decision
    assert d.kind == "dc-air" and d.side == "axis"
    match.apply("air 1")
    assert match.decision.kind == "dc-allout"
    match.apply("fire")  # attacker 3 x2 = 6: roll 6 -> 5 hits; defender 1: roll 1 -> 0
    events = [e.text for e in match._events] if hasattr(match, "_events") else []
    assert match.state.units["sov-4a"].loc is None  # 5 hits on a major army of 1
    assert all(match.state.units[c].loc == "brest" for c in ("ger-7", "ger-9", "ger-12"))
    assert match.state.control["brest"] == "axis"
    assert match.decision.kind == "combat"
    del events


def test_13_B_2_normal_combat_soviet_attack_decisions() -> None:
    """A Soviet attack is normal combat: the defender fires first, the attacker takes its
    losses, decides to go on, fires; the defender decides to hold or retreat. Between those
    decisions the battle is kept in the title's namespace, not the shared ``vars``, and goes
    when it is over."""
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "baranovichi", "sov-30a", "sov-31a", "sov-32a")
    put(match, "brest", "ger-7")
    match.state.control["brest"] = "axis"
    match.state.control["siedlce"] = "axis"
    for cid in ("sov-30a", "sov-31a", "sov-32a"):
        match.apply(f"move {cid} brest")
    goto(match, "soviet", "combat")
    # German defence 1 (x2 with air) roll 4 -> 1 repulse; Soviet 3 roll 6 -> 3 breakthroughs
    script_rolls(match, [4, 6])
    match.apply("fight brest")
    if match.decision.kind == "dc-air":
        match.apply("air 1")
    assert match.decision.kind == "dc-continue" and match.decision.side == "soviet"
    assert (
        sum(1 for c in ("sov-30a", "sov-31a", "sov-32a") if U.dispersed(match.state.units[c])) == 1
    )
    assert match.state.to_json()["plugins"]["dc-combat"]["battle"]["target"] == "brest"
    assert "battle" not in match.state.vars
    match.apply("continue")
    assert C.battle_of(match) is None
    assert "dc-combat" not in match.state.to_json().get("plugins", {})
    # 3 breakthroughs on ger-7 (major 1): destroyed; the Soviets advance
    assert match.state.units["ger-7"].loc is None
    assert match.state.units["sov-30a"].loc == "brest"
    assert match.state.control["brest"] == "soviet"


def test_13_B_4_attacker_retreats_to_its_origin_dispersed() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "baranovichi", "sov-30a", "sov-31a")
    put(match, "brest", "ger-7", "ger-9")
    match.state.control["brest"] = "axis"
    for cid in ("sov-30a", "sov-31a"):
        match.apply(f"move {cid} brest")
    goto(match, "soviet", "combat")
    script_rolls(match, [1])
    match.apply("fight brest")
    if match.decision.kind == "dc-air":
        match.apply("air 0")
    assert match.decision.kind == "dc-continue"
    match.apply("retreat")
    for cid in ("sov-30a", "sov-31a"):
        unit = match.state.units[cid]
        assert unit.loc == "baranovichi" and U.dispersed(unit) and M.target_of(unit) is None


def test_13_B_4_defender_retreat_priorities() -> None:
    """Own points first while their lines have room; enemy points only when none takes the
    unit, at half capacity (13.B.4.a-b, R-18)."""
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "baranovichi", "sov-30a", "sov-31a", "sov-32a")
    put(match, "brest", "ger-7")
    for loc in ("brest", "siedlce", "lublin"):
        match.state.control[loc] = "axis"
    for cid in ("sov-30a", "sov-31a", "sov-32a"):
        match.apply(f"move {cid} brest")
    goto(match, "soviet", "combat")
    script_rolls(match, [1, 1])
    match.apply("fight brest")
    if match.decision.kind == "dc-air":
        match.apply("air 0")
    match.apply("continue")
    assert match.decision.kind == "dc-continue" and match.decision.side == "axis"
    match.apply("retreat")
    assert match.decision.kind == "dc-retreat"
    options = {str(a) for a in match.legal_actions()}
    assert options == {"retreat ger-7 lublin", "retreat ger-7 siedlce"}
    match.apply("retreat ger-7 siedlce")
    assert match.state.units["ger-7"].loc == "siedlce"
    assert match.state.units["sov-30a"].loc == "brest"


def test_13_0_battles_where_the_defender_outguns_the_attacker_come_first() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-7")
    put(match, "lublin", "ger-9", "ger-12")
    put(match, "brest", "sov-4a", "sov-10a")
    put(match, "kovel", "sov-5a")
    match.apply("move ger-7 brest")
    for cid in ("ger-9", "ger-12"):
        match.apply(f"move {cid} kovel")
    goto(match, "axis", "combat")
    assert {str(a) for a in match.legal_actions()} - {"offer-draw"} == {"fight brest"}  # 2.B.1.c
    assert "13.0" in (match.check("fight kovel") or "")
    assert "battles still to fight" in (match.check("end") or "")


def test_13_B_8_all_out_units_fire_their_all_out_value_and_are_destroyed() -> None:
    """R-23: a German infantry corps all-out fires 3 and is destroyed after the die."""
    match = start_axis_attack([1, 1], ["sov-4a", "sov-10a"], ["ger-7", "ger-9"])
    match.apply("fight brest")
    match.apply("air 0")
    match.apply("allout ger-7")
    fired = C.side_fire(match, C.battle_of(match), "axis")[0]
    assert fired == 4  # all-out 3 + 1
    match.apply("fire")
    assert match.state.units["ger-7"].loc is None


def test_13_B_8_no_soviet_all_out_on_the_first_turn() -> None:
    match = empty_match()
    unit = put(match, "moscow", "sov-30a")[0]
    assert not C.can_all_out(match, unit)
    match.state.cursor.turn = 2
    assert C.can_all_out(match, unit)


def test_13_B_3_c_both_sides_dispersed_the_attacker_retreats() -> None:
    """R-35 (c)."""
    match = empty_match()
    a = put(match, "siedlce", "ger-7", attacking="brest", origin="siedlce", dispersed=True)
    d = put(match, "brest", "sov-4a", dispersed=True)
    match.state.cursor.turn = 1
    b = battle("axis", "brest", a, d)
    C.state(match)["battle"] = b
    assert C.end_if_decided(match, b)
    assert a[0].loc == "siedlce" and M.target_of(a[0]) is None
    assert d[0].loc == "brest"


def test_13_B_3_d_mutual_destruction_the_defender_keeps_the_point() -> None:
    match = empty_match()
    a = put(match, "siedlce", "ger-7", attacking="brest", origin="siedlce")
    d = put(match, "brest", "sov-4a")
    b = battle("axis", "brest", a, d)
    C.state(match)["battle"] = b
    match.eliminate(a[0])
    match.eliminate(d[0])
    assert C.end_if_decided(match, b)
    assert match.state.control["brest"] == "soviet"


def test_13_A_1_flak_against_soviet_air() -> None:
    """With no German air, Soviet air present rolls once on its own column: the result is the
    number lost (13.A.1.b)."""
    match = empty_match()
    air = put(match, "kiev", "vvs-1", "vvs-2", "vvs-3", "sov-30a")
    attackers = put(match, "zhitomir", "ger-7", attacking="kiev", origin="zhitomir")
    b = battle("axis", "kiev", attackers, air, german_air=0)
    C.state(match)["battle"] = b
    script_rolls(match, [6])  # column 3, roll 6 -> 3 hits
    C.step_air_combat(match, b)
    assert [u.loc for u in air[:3]] == [None, None, None]


def test_15_B_recovery_of_the_phasing_side() -> None:
    match = empty_match()
    goto(match, "axis", "breakthrough")
    ger = put(match, "warsaw", "ger-7", dispersed=True)[0]
    sov = put(match, "minsk", "sov-13a", dispersed=True)[0]
    match.apply("end")
    assert not U.dispersed(ger) and U.dispersed(sov)


def test_combat_and_movement_expose_their_rules_in_refusals() -> None:
    match = empty_match()
    goto(match, "axis", "combat")
    assert "no attack" in (match.check("fight moscow") or "")
    assert M.Move().name == "move"


def soviet_drop(rolls: list[int], axis: list[str], target: str = "brest"):
    match = empty_match(parachutes=True)
    goto(match, "soviet", "operational")
    put(match, "baranovichi", "para-1", "vvs-1", "sov-30a")
    put(match, target, *axis)
    match.state.control[target] = "axis"
    match.state.cursor.turn = 14  # July 1942: two drops a turn
    return match


def test_21_B_a_drop_needs_the_option_an_escort_and_flying_weather() -> None:
    match = soviet_drop([], ["ger-7"])
    assert "drop para-1 brest" in {str(a) for a in match.legal_actions()}
    U.mark(match, match.state.units["vvs-1"], U.DISPERSED)
    match.touch()
    assert "21.B.1" in (match.check("drop para-1 brest") or "")
    plain = empty_match()
    goto(plain, "soviet", "operational")
    put(plain, "baranovichi", "para-1", "vvs-1")
    assert "optional" in (plain.check("drop para-1 brest") or "")


def test_21_B_2_drops_per_turn_by_year() -> None:
    from wargame.games.dark_crusade import movement

    match = empty_match(parachutes=True)
    for turn, quota in ((2, 1), (8, 2), (20, 3), (32, 5)):
        match.state.cursor.turn = turn
        assert movement.drops_left(match) == quota


def test_21_B_4_free_shot_on_infantry_then_regular_combat() -> None:
    match = soviet_drop([], ["ger-7", "ger-47"])
    match.apply("drop para-1 brest")
    match.apply("move sov-30a brest")
    assert match.state.units["para-1"].loc == "baranovichi"  # committed, waits at its origin
    goto(match, "soviet", "combat")
    # no German air committed: flak roll (column 1) 1 -> 0 lost; free shot column 1, roll 6 -> 1
    script_rolls(match, [1, 6, 1, 1, 1])
    events = match.apply("fight brest")
    if match.decision.kind == "dc-air":
        events += match.apply("air 0")
    shot = [e.text for e in events if e.kind == "fire" and "free shot" in e.text]
    assert shot == ["parachute free shot 1 (para-1 1) roll 6: 1 breakthroughs"]  # says why
    ger7 = match.state.units["ger-7"]
    assert U.dispersed(ger7) or ger7.loc is None  # the infantry corps took it
    assert not U.dispersed(match.state.units["ger-47"])  # armor is not a target
    assert U.dispersed(match.state.units["para-1"])


def test_21_B_3_paratroops_die_without_a_surviving_escort() -> None:
    match = soviet_drop([], ["ger-7"])
    match.apply("drop para-1 brest")
    goto(match, "soviet", "combat")
    script_rolls(match, [1, 1, 1, 1, 1, 1])  # air-to-air column 1, roll 1 -> 0 survivors
    match.apply("fight brest")
    assert match.decision.kind == "dc-air"
    match.apply("air 1")
    assert match.state.units["para-1"].loc is None
    assert match.state.units["vvs-1"].loc is None


def test_21_C_dropped_paratroops_are_lost_when_the_attack_breaks_off() -> None:
    match = soviet_drop([], ["ger-7", "ger-9"])
    match.apply("drop para-1 brest")
    match.apply("move sov-30a brest")
    goto(match, "soviet", "combat")
    script_rolls(match, [1, 1, 1, 1, 1, 1])
    match.apply("fight brest")
    if match.decision.kind == "dc-air":
        match.apply("air 0")
    while match.decision.kind != "dc-continue":
        match.apply(str(match.legal_actions()[0]))
    match.apply("retreat")
    assert match.state.units["para-1"].loc is None
    assert match.state.units["sov-30a"].loc == "baranovichi"


def test_7_B_2_no_armor_assault_in_mud(monkeypatch) -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-47", "ger-7")
    put(match, "brest", "sov-4a")
    monkeypatch.setattr(M, "weather_now", lambda match, loc=None: "mud")
    assert "7.B.2" in (match.check("move ger-47 brest") or "")
    assert match.check("move ger-7 brest") is None


def winter(monkeypatch) -> None:
    monkeypatch.setattr(M, "winter_4142", lambda match: True)
    monkeypatch.setattr(M, "weather_now", lambda match, loc=None: "snow")


def test_R_05_7_B_1_finns_attacking_in_finland_in_the_winter_add_one(monkeypatch) -> None:
    match = empty_match()
    finns = put(match, "kuopio", "fin-1", attacking="joensuu", origin="kuopio")
    soviets = put(match, "joensuu", "sov-23a")
    b = battle("axis", "joensuu", finns, soviets)
    winter(monkeypatch)
    assert C.roll_modifier(match, b, "axis") == 1  # Soviets at a point in Finland
    b = battle("axis", "sortavala", finns, soviets)
    assert C.roll_modifier(match, b, "axis") == 0  # Sortavala is Soviet soil in 1941
    assert C.roll_modifier(match, b, "soviet") == 0  # only attack rolls
    germans = put(match, "kuopio", "ger-36", attacking="joensuu", origin="kuopio")
    b = battle("axis", "joensuu", germans, soviets)
    assert C.roll_modifier(match, b, "axis") == 0  # needs at least one Finnish unit


def test_R_06_7_B_3_soviet_arctic_bonus_lost_if_half_the_major_defenders_are_finns(
    monkeypatch,
) -> None:
    match = empty_match()
    attackers = put(match, "plesetsk", "sov-30a")
    winter(monkeypatch)
    one_of_two = put(match, "arkhangelsk", "fin-1", "ger-7")
    match.state.control["arkhangelsk"] = "axis"
    b = battle("soviet", "arkhangelsk", attackers, one_of_two)
    assert C.roll_modifier(match, b, "soviet") == 0  # 1 Finn of 2 majors: lost
    one_of_three = [*one_of_two, *put(match, "arkhangelsk", "ger-9")]
    b = battle("soviet", "arkhangelsk", attackers, one_of_three)
    assert C.roll_modifier(match, b, "soviet") == 1  # 1 of 3: kept


def test_R_05_sixes_remain_sixes() -> None:
    table = C.fire_table(empty_match())
    column = table.column(10)
    assert table.hits(column, min(5 + 1, 6)) == table.hits(column, 6)
