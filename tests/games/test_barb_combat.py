"""Barbarossa combat (BARB 1.3, 11.0): odds, halving, shifts, the Bloodbath, result conversions
and retreats. Worked examples T1-T13 of the digest are named for their rules."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from tests.titles.variants import clear, put
from wargame import pricing
from wargame.actions import IllegalAction
from wargame.games.barbarossa import combat, supply
from wargame.match import Battle, Match
from wargame.mechanics import combat as kcombat
from wargame.mechanics import halving
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    """The Road Back's first decision: the Soviet Prepared Assault Phase of GT13, map cleared."""
    m = new(registry, "road-back")
    clear(m)
    m.state.ns("barbarossa-road-back").pop("south_only_attacks", None)
    return m


def table(m: Match):
    return kcombat.tables(m)["crt"]


# ------------------------------------------------------------------ arithmetic (1.3, 11.8-11.12)


def test_halving_rounds_down_and_non_combat_half_of_one_is_zero_t1_1_3() -> None:
    assert [halving.halve_total([v], lone_min=0) for v in (3, 2, 1)] == [1, 1, 0]


def test_a_lone_units_factor_never_below_one_t2_1_3_11_12() -> None:
    assert halving.halve_total([1]) == 1 and halving.divide_total([1], 4) == 1


def test_group_halving_totals_first_t3_1_3() -> None:
    assert halving.halve_total([3, 3]) == 3 and halving.halve_total([1, 1]) == 1


def test_a_quartered_lone_shock_army_is_one_t4_7_22() -> None:
    assert halving.divide_total([3], 4) == 1


def test_26_against_7_is_3_to_1_t6_11_8(rb: Match) -> None:
    assert table(rb).column(26, 7).label == "3:1"


def test_5_against_11_is_1_to_3_t7_11_9(rb: Match) -> None:
    assert table(rb).column(5, 11).label == "1:3"


def test_3_to_1_with_one_left_is_2_to_1_t8_11_14(rb: Match) -> None:
    from wargame.combat import Shift

    assert table(rb).column(9, 3, shifts=[Shift.left(1, "rough")]).label == "2:1"


def test_5_to_1_roll_5_is_bloodbath_t9_11_25(rb: Match) -> None:
    col = table(rb).column(10, 2)
    assert col.label == "5:1" and table(rb).result(col, 5) == "BB"


def test_20_to_1_with_two_left_is_18_to_1_automatic_de_t10_11_25(rb: Match) -> None:
    from wargame.combat import Shift

    col = table(rb).column(20, 1, shifts=[Shift.left(2, "city and river")])
    assert col.automatic is not None and table(rb).result(col, None) == "DE"


def test_beyond_the_table_is_automatic_t11_11_10(rb: Match) -> None:
    t = table(rb)
    assert t.result(t.column(8, 1), None) == "DE"
    assert t.result(t.column(1, 7), None) == "AE"
    assert t.column(7, 1).automatic is None and t.column(1, 6).automatic is None


# ------------------------------------------------------------------ factors and shifts


def attack(m: Match, target: str, ids: list[str]) -> Battle:
    units = [m.state.units[i] for i in ids]
    defenders = [u.id for u in m.units_at(target)]
    return Battle("bx", ids, defenders, target, {u.id: u.loc or "" for u in units})


# ------------------------------------------------------------------ T5: attack multipliers (7.22)


def surround(m: Match, loc: str, enemies: list[str]) -> str:
    """Enemy units in every hex around ``loc``: no overland line gets in (7.3, 7.9). Returns
    the first neighbour, the one attacked."""
    around = m.topology.neighbours(loc)
    assert len(around) == len(enemies) == 6
    for uid, hex_id in zip(enemies, around, strict=True):
        put(m, uid, hex_id)
    return around[0]


SOVIETS = ["sov-47", "sov-18", "sov-56", "sov-28", "sov-51", "sov-57"]
GERMANS = ["ger-44", "ger-5", "ger-42", "ger-17", "ger-4", "ger-11"]


def attack_total(m: Match, target: str, ids: list[str]) -> int:
    return int(pricing.price(m.sandbox(), attack(m, target, ids)).attack)


@pytest.mark.parametrize("city", ["1818", "2117", "2820"])  # Germany, General Government, Hungary
def test_german_garrison_only_in_a_surrounded_fortress_city_attacks_in_full_t5_7_22(
    rb: Match, city: str
) -> None:
    rb.state.vars["fortress_cities"] = [city]
    put(rb, "ger-8", city)
    put(rb, "ger-7", city)
    target = surround(rb, city, SOVIETS)
    assert supply.state(rb, rb.state.units["ger-8"]) == "garrison"
    assert attack_total(rb, target, ["ger-8", "ger-7"]) == 8  # 4 + 4, not halved
    rb.state.vars["fortress_cities"] = []  # no fortress city: out of supply, halved (7.16)
    rb.touch()
    assert attack_total(rb, target, ["ger-8", "ger-7"]) == 4


def test_a_fortress_city_inside_the_ussr_gives_no_garrison_supply_t5_7_6(rb: Match) -> None:
    rb.state.vars["fortress_cities"] = ["2311"]  # Kiev
    put(rb, "ger-8", "2311")
    put(rb, "ger-7", "2311")
    target = surround(rb, "2311", SOVIETS)
    assert supply.state(rb, rb.state.units["ger-8"]) == "out"
    assert attack_total(rb, target, ["ger-8", "ger-7"]) == 4


def test_soviet_gt1_to_6_in_a_surrounded_hero_city_attacks_in_full_t5_7_22(rb: Match) -> None:
    rb.state.cursor.turn = 6
    rb.state.vars["hero_cities"] = ["1606"]
    put(rb, "sov-1g", "1606")
    put(rb, "sov-24", "1606")
    target = surround(rb, "1606", GERMANS)
    assert supply.state(rb, rb.state.units["sov-1g"]) == "garrison"
    assert attack_total(rb, target, ["sov-1g", "sov-24"]) == 8  # 5 + 3
    rb.state.vars["hero_cities"] = []  # no hero city: out of supply, halved (7.16)
    rb.touch()
    assert attack_total(rb, target, ["sov-1g", "sov-24"]) == 4


def test_soviet_gt7_on_garrison_supply_alone_attacks_at_half_t5_7_22(rb: Match) -> None:
    rb.state.ns("barbarossa-road-back").pop("south_offensive", None)
    rb.state.cursor.turn = 7
    rb.state.vars["hero_cities"] = ["1606"]
    put(rb, "sov-1g", "1606")
    put(rb, "sov-24", "1606")
    target = surround(rb, "1606", GERMANS)
    assert attack_total(rb, target, ["sov-1g", "sov-24"]) == 4  # 8 halved together (1.3)
    rb.state.vars["offensive_markers"] = {"A": "1606"}  # a marker helps only overland (7.11)
    assert attack_total(rb, target, ["sov-1g", "sov-24"]) == 4


def test_soviet_gt7_with_no_overland_offensive_or_garrison_supply_is_quartered_t5_7_22(
    rb: Match,
) -> None:
    rb.state.ns("barbarossa-road-back").pop("south_offensive", None)
    rb.state.cursor.turn = 7
    rb.state.vars["hero_cities"] = []  # Moscow no Hero City
    put(rb, "sov-1g", "1606")
    put(rb, "sov-24", "1606")
    target = surround(rb, "1606", GERMANS)
    assert supply.state(rb, rb.state.units["sov-1g"]) == "out"
    price = pricing.price(rb.sandbox(), attack(rb, target, ["sov-1g", "sov-24"]))
    assert int(price.attack) == 2  # 8 quartered together
    assert any(m.rule == "BARB 7.22" for m in price.modifiers)
    rb.state.cursor.turn = 6  # before GT7 only halved (7.16)
    assert attack_total(rb, target, ["sov-1g", "sov-24"]) == 4


def test_panzer_corps_attack_cities_with_their_defence_11_20(rb: Match) -> None:
    put(rb, "sov-21", "2311")  # Kiev
    pz = put(rb, "ger-24pz", "2312")
    battle = attack(rb, "2311", [pz.id])
    assert combat.attack_factor(rb, battle, pz) == 5  # 7-5: its defence
    put(rb, "sov-24", "2313")
    battle = attack(rb, "2313", [pz.id])
    assert combat.attack_factor(rb, battle, pz) == 7


def test_defender_in_a_city_is_one_left_11_20(rb: Match) -> None:
    put(rb, "sov-21", "2311")
    put(rb, "ger-7", "2312")
    shifts = [s for s in combat.wargame_combat_shifts(rb, attack(rb, "2311", ["ger-7"]))]
    assert [(s.columns, s.rule) for s in shifts if s.rule == "BARB 11.20"] == [(-1, "BARB 11.20")]


def test_defender_in_rough_is_one_left_11_14(rb: Match) -> None:
    assert rb.topology.terrain("3203") == "rough"
    put(rb, "sov-47", "3203")
    put(rb, "ger-44", "3204")
    shifts = combat.wargame_combat_shifts(rb, attack(rb, "3203", ["ger-44"]))
    assert (-1, "BARB 11.14") in [(s.columns, s.rule) for s in shifts]
    put(rb, "sov-18", "2803")
    put(rb, "ger-5", "2802")
    shifts = combat.wargame_combat_shifts(rb, attack(rb, "2803", ["ger-5"]))
    assert "BARB 11.14" not in [s.rule for s in shifts]


def test_every_attacker_across_a_river_is_one_left_11_16(rb: Match) -> None:
    river = next(
        (a, b)
        for a in sorted(rb.topology.hexes())
        for b in rb.topology.neighbours(a)
        if "river" in rb.topology.edge(a, b).features
        and not combat.is_city(rb, b)
        and rb.topology.terrain(b) == "clear"
        and rb.topology.terrain(a) == "clear"
    )
    put(rb, "sov-18", river[1])
    put(rb, "ger-5", river[0])
    shifts = combat.wargame_combat_shifts(rb, attack(rb, river[1], ["ger-5"]))
    assert (-1, "BARB 11.16, 10.18") in [(s.columns, s.rule) for s in shifts]


def test_concentric_assault_from_opposite_hexes_is_one_right_11_24(rb: Match) -> None:
    """The shared geometry (wargame.mechanics.concentric): opposite hexes or three every other
    hex earn 1R in a Prepared Assault; two neighbouring hexes do not; never for a Soviet attack
    into a city."""
    from wargame.hexgrid import hex_grid

    topo = hex_grid(rb.topology)
    target = "2403"
    assert not combat.is_city(rb, target)
    put(rb, "sov-18", target)
    w, e, nw = (
        topo.neighbour_in(target, "W"),
        topo.neighbour_in(target, "E"),
        topo.neighbour_in(target, "NW"),
    )
    put(rb, "ger-5", w)
    put(rb, "ger-7", e)
    rules = [
        s.rule for s in combat.wargame_combat_shifts(rb, attack(rb, target, ["ger-5", "ger-7"]))
    ]
    assert "BARB 11.24" in rules
    rb.place(rb.state.units["ger-7"], nw)
    rules = [
        s.rule for s in combat.wargame_combat_shifts(rb, attack(rb, target, ["ger-5", "ger-7"]))
    ]
    assert "BARB 11.24" not in rules
    clear(rb)
    put(rb, "ger-17", "2804")  # a German-held city: no concentric bonus for the Soviet
    ring = [topo.neighbour_in("2804", d) for d in ("W", "E")]
    put(rb, "sov-28", ring[0])
    put(rb, "sov-18", ring[1])
    rules = [
        s.rule for s in combat.wargame_combat_shifts(rb, attack(rb, "2804", ["sov-28", "sov-18"]))
    ]
    assert "BARB 11.24" not in rules


def test_hero_city_is_three_left_and_turns_dr_into_bb_9_6(rb: Match) -> None:
    put(rb, "ger-7", "1607")
    put(rb, "sov-21", "1606")  # Moscow: a Hero City in the Road Back (12.6)
    battle = attack(rb, "1606", ["ger-7"])
    shifts = combat.wargame_combat_shifts(rb, battle)
    assert any(s.columns == -3 and s.rule == "BARB 9.6" for s in shifts)
    assert combat.converted(rb, battle, "DR") == ("BB", "BARB 9.6")


def test_german_defenders_in_a_city_turn_dr_into_as_11_20(rb: Match) -> None:
    put(rb, "ger-17", "2804")
    put(rb, "sov-28", "2803")
    battle = attack(rb, "2804", ["sov-28"])
    assert combat.converted(rb, battle, "DR") == ("AS", "BARB 11.20")
    put(rb, "ger-44", "2802")
    put(rb, "sov-47", "2801")
    assert combat.converted(rb, attack(rb, "2802", ["sov-47"]), "DR") == ("DR", None)


def test_soviet_bb_on_gt1_is_a_dr_5_14(rb: Match) -> None:
    put(rb, "sov-28", "2803")
    put(rb, "ger-44", "2802")
    battle = attack(rb, "2802", ["sov-28"])
    rb.state.cursor.turn = 1
    assert combat.converted(rb, battle, "BB") == ("DR", "BARB 5.14")
    rb.state.cursor.turn = 2
    assert combat.converted(rb, battle, "BB") == ("BB", None)


# ------------------------------------------------------------------ the Bloodbath (11.26)


def test_bloodbath_kills_the_defenders_then_dotted_attackers_first_t12_11_26(rb: Match) -> None:
    put(rb, "ger-44", "2802")  # 4-4 infantry
    put(rb, "sov-6x", "2803")  # dotted oversized army, 6
    put(rb, "sov-28", "2803")  # regular 3
    battle = attack(rb, "2802", ["sov-6x", "sov-28"])
    battle.defense = 4
    kcombat.store(rb, battle)
    combat.bloodbath(rb, battle)
    assert rb.state.units["ger-44"].loc is None
    assert rb.decision.kind == "bloodbath"
    assert [str(a) for a in rb.legal_actions()] == ["lose sov-6x"]  # dotted first
    with pytest.raises(IllegalAction, match="dotted"):
        rb.apply("lose sov-28")
    rb.apply("lose sov-6x")  # 6 >= 4: done
    assert rb.state.units["sov-28"].loc == "2803"
    assert rb.decision.kind == "advance"  # survivors may advance (11.26)


def test_bloodbath_goes_on_until_the_factors_are_paid_11_26(rb: Match) -> None:
    put(rb, "ger-14pz", "2802")  # 7-5
    put(rb, "sov-28", "2803")
    put(rb, "sov-47", "2803")
    put(rb, "sov-51", "2803")
    battle = attack(rb, "2802", ["sov-28", "sov-47", "sov-51"])
    battle.defense = 5
    kcombat.store(rb, battle)
    combat.bloodbath(rb, battle)
    rb.apply("lose sov-28")
    assert rb.decision.kind == "bloodbath"  # 3 < 5
    rb.apply("lose sov-47")
    assert rb.decision.kind == "advance"


# ------------------------------------------------------------------ retreat (11.27)


def test_soviet_units_retreat_east_when_they_can_11_27(rb: Match) -> None:
    put(rb, "sov-28", "2403")
    put(rb, "ger-7", "2404")
    paths = combat.wargame_retreat_paths(
        rb, [rb.state.units["sov-28"]], "2403", [[n] for n in rb.topology.neighbours("2403")]
    )
    assert paths and all(rb.topology.direction("2403", p[0]) in ("E", "NE", "SE") for p in paths)


def test_german_units_retreat_west_and_never_into_an_attack_origin_11_27(rb: Match) -> None:
    put(rb, "ger-7", "2403")
    put(rb, "sov-28", "2404")  # west of 2403
    put(rb, "sov-47", "2303")  # north-west
    battle = attack(rb, "2403", ["sov-28", "sov-47"])
    kcombat.store(rb, battle)
    options = [[n] for n in rb.topology.neighbours("2403") if not rb.units_at(n)]
    paths = combat.wargame_retreat_paths(rb, [rb.state.units["ger-7"]], "2403", options)
    assert paths == [[rb.topology.neighbour_in("2403", "SW")]]  # the one westward hex left


def test_units_retreated_into_a_hex_add_nothing_and_die_with_it_11_29(rb: Match) -> None:
    from wargame.mechanics.movement import phase_key

    put(rb, "ger-4", "2403")
    put(rb, "ger-7", "2403", retreated=phase_key(rb))  # retreated in earlier this phase
    put(rb, "sov-28", "2402")
    battle = attack(rb, "2403", ["sov-28"])
    assert combat.late_arrivals(rb, battle) == ["ger-7"]
    mods = combat.wargame_strength_modifiers(rb, battle)
    assert any(m.target == "ger-7" and m.value == 0 and m.rule == "BARB 11.29" for m in mods)
    kcombat.store(rb, battle)
    battle.defense = 4
    combat.wargame_combat_result(rb, battle, "DR")
    assert rb.state.units["ger-7"].flags.get("eliminated")
    assert battle.defenders == ["ger-4"]


def test_retreated_units_defend_in_full_against_a_mobile_assault_10_31(rb: Match) -> None:
    from wargame.mechanics.movement import phase_key

    put(rb, "ger-7", "2403", retreated=phase_key(rb))
    put(rb, "sov-5t", "2402")
    battle = combat.Battle("m", ["sov-5t"], ["ger-7"], "2403", {"sov-5t": "2402"}, kind="overrun")
    assert combat.late_arrivals(rb, battle) == []
