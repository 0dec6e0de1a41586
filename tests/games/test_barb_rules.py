"""Barbarossa rules with their worked examples: movement (BARB 10.0), supply (7.0), victory
(4.0), the RVGK (8.8-8.11), mandatory attacks (5.12) and two-hex advances (11.32)."""

from __future__ import annotations

import json

import pytest

from tests.games.barb_helpers import cleared_road_back, new, step, to_kind, to_order
from tests.titles.variants import clear, force_rolls, put
from wargame.actions import IllegalAction
from wargame.games.barbarossa import combat, supply, victory
from wargame.match import Match
from wargame.mechanics import movement
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return cleared_road_back(registry)


# ------------------------------------------------------------------ movement (10.0)


def cost(m: Match, uid: str, a: str, b: str) -> int | None:
    unit = m.state.units[uid]
    graph = m.topology.graph()
    i, j = graph.index[a], graph.index[b]
    return movement.cost_table(m, unit)[i][graph.adj[i].index(j)]


def river_into(m: Match, terrain: str) -> tuple[str, str]:
    topo = m.topology
    return next(
        (a, b)
        for a in sorted(topo.hexes())
        for b in topo.neighbours(a)
        if not b.startswith("box:")
        and topo.terrain(b) == terrain
        and "river" in topo.edge(a, b).features
        and len(topo.edge(a, b).features) == 1
    )


def test_mech_across_a_river_into_rough_pays_four_t19_10_20(rb: Match) -> None:
    a, b = river_into(rb, "rough")
    put(rb, "ger-14pz", a)
    assert cost(rb, "ger-14pz", a, b) == 4
    put(rb, "ger-4", a)
    assert cost(rb, "ger-4", a, b) == 2  # non-mech: 1 + 1


def test_entry_costs_by_class_t20_10_10_10_12(rb: Match) -> None:
    topo = rb.topology
    marsh = next(h for h in sorted(topo.hexes()) if topo.terrain(h) == "marsh")
    a = next(
        n
        for n in topo.neighbours(marsh)
        if not topo.edge(n, marsh).features and topo.terrain(n) != "sea"
    )
    put(rb, "ger-14pz", a)
    put(rb, "ger-4", a)
    assert cost(rb, "ger-14pz", a, marsh) == 3 and cost(rb, "ger-4", a, marsh) == 1
    put(rb, "sov-5t", a)  # Soviet mech from GT13: marsh as clear (10.12)
    assert cost(rb, "sov-5t", a, marsh) == 1


def test_desert_steppe_costs_as_rough_with_no_combat_effect_10_9_17_27(rb: Match) -> None:
    """Ruling 27: 10.9 names desert-steppe but gives no effects; it costs as rough to enter and
    changes no battle."""
    assert rb.topology.terrain("2800") == "desert-steppe"
    assert not rb.topology.edge("2801", "2800").features
    put(rb, "ger-14pz", "2801")
    put(rb, "ger-4", "2801")
    assert cost(rb, "ger-14pz", "2801", "2800") == 2 and cost(rb, "ger-4", "2801", "2800") == 1
    put(rb, "sov-47", "2800")
    battle = combat.Battle("b", ["ger-4"], ["sov-47"], "2800", {"ger-4": "2801"})
    assert combat.wargame_combat_shifts(rb, battle) == []
    assert combat.attack_divisor(rb, battle, rb.state.units["ger-14pz"])[0] == 1


def test_german_units_ignore_rivers_on_gt1_10_18(registry: Registry) -> None:
    m = new(registry)
    clear(m)
    a, b = river_into(m, "clear")
    put(m, "ger-14pz", a)
    m.state.cursor.turn = 1
    assert cost(m, "ger-14pz", a, b) == 1
    m2 = new(registry, "road-back")
    clear(m2)
    put(m2, "ger-14pz", a)
    assert cost(m2, "ger-14pz", a, b) == 3


def test_movement_factor_from_the_turn_track_halved_out_of_supply_7_17(rb: Match) -> None:
    inf = put(rb, "ger-4", "2304")
    assert movement.allowance(rb, inf) == 2  # GT13 German non-mech: 2 (stand-in track)
    rb.scratch[("barb-overland", "german")] = frozenset()  # cut off
    assert supply.state(rb, inf) == "out"
    assert movement.allowance(rb, inf) == 1


def test_axis_satellites_never_go_north_of_the_logistical_line_10_22(rb: Match) -> None:
    sat = put(rb, "ger-r3", "2502")
    blocked = movement.blocked(rb, sat)
    north = next(iter(sorted(rb.topology.region("zone:north"))))
    assert "BARB 10.22" in blocked[north]


# ------------------------------------------------------------------ supply (7.0)


def test_dp_area_units_trace_through_dnepro_petrovsk_t24_7_4(rb: Match) -> None:
    put(rb, "ger-4", "2806")  # in the DP area
    assert rb.state.control.get("2607") == "german"
    assert supply.state(rb, rb.state.units["ger-4"]) == "overland"
    put(rb, "sov-28", "2607")  # Soviet units in Dnepro-Petrovsk: the gate is shut
    rb.state.control["2607"] = "soviet"
    rb.touch()
    assert "2806" not in supply.overland(rb, "german")  # no overland supply past the gate
    assert supply.state(rb, rb.state.units["ger-4"]) != "overland"


def test_enemy_units_block_a_supply_line_but_no_zoc_does_7_3(rb: Match) -> None:
    put(rb, "ger-4", "2304")
    put(rb, "sov-28", "2303")  # adjacent: no ZOC
    assert supply.state(rb, rb.state.units["ger-4"]) == "overland"


def test_offensive_supply_within_marker_range_t26_7_10(rb: Match) -> None:
    rb.state.ns("barbarossa-road-back").pop("south_offensive", None)
    rb.state.cursor.turn = 14
    unit = put(rb, "sov-28", "2402")
    assert supply.state(rb, unit) == "overland"
    assert not supply.offensive(rb, unit)
    rb.state.vars["offensive_markers"] = {"C": "2404"}  # two hexes away: C reaches 2
    assert supply.offensive(rb, unit)
    rb.state.vars["offensive_markers"] = {"C": "2405"}
    assert not supply.offensive(rb, unit)
    rb.state.vars["offensive_markers"] = {"B": "2405"}
    assert supply.offensive(rb, unit)


def test_soviet_attacks_halved_without_offensive_supply_from_gt7_7_22(rb: Match) -> None:
    rb.state.ns("barbarossa-road-back").pop("south_offensive", None)
    rb.state.cursor.turn = 14
    put(rb, "sov-28", "2402")
    put(rb, "ger-4", "2403")
    battle = combat.Battle("b", ["sov-28"], ["ger-4"], "2403", {"sov-28": "2402"})
    assert combat.attack_divisor(rb, battle, rb.state.units["sov-28"])[0] == 2
    rb.state.vars["offensive_markers"] = {"A": "2402"}
    assert combat.attack_divisor(rb, battle, rb.state.units["sov-28"])[0] == 1


# ------------------------------------------------------------------ victory (4.0)


def test_the_german_starts_the_campaign_with_14_vp_t27_4_2(registry: Registry) -> None:
    m = new(registry)
    assert m.state.vp["german"] == 14
    topo = m.topology
    held = [
        h for h in topo.hexes() if topo.attrs(h).get("vp") and m.state.control.get(h) == "german"
    ]
    assert len(held) == 14  # the stand-in map keeps the count


def test_the_road_back_starts_with_33_vp_and_checks_from_gt16_t41_12_3(rb: Match) -> None:
    assert rb.state.vp["german"] == 33
    rb.state.vp["german"] = 100
    victory.check(rb)
    assert rb.outcome is None  # GT13: no check
    rb.state.cursor.turn = 16
    victory.check(rb)
    assert rb.outcome["winner"] == "german"


def test_gt3_check_22_german_13_soviet_otherwise_on_t28_4_14(registry: Registry) -> None:
    for points, winner in ((22, "german"), (13, "soviet"), (14, None), (21, None)):
        m = new(registry)
        m.state.cursor.turn = 3
        m.state.vp["german"] = points
        victory.check(m)
        assert (m.outcome or {}).get("winner") == winner, points


def test_the_checks_are_the_scenario_s_threshold_conditions_on_the_chart_4_14(
    registry: Registry,
) -> None:
    """4.14 on the shared victory mechanic: the two numbers are read from the Victory Check
    Chart for the turn; the German's is judged first."""
    from wargame.mechanics import victory as shared

    m = new(registry)
    assert [cid for cid, _ in shared.conditions(m)] == ["german-check", "soviet-check"]
    m.state.cursor.turn = 3
    assert [shared.threshold(m, c["params"]) for _, c in shared.conditions(m)] == [22, 13]
    m.state.cursor.turn = 2
    assert all(shared.threshold(m, c["params"]) is None for _, c in shared.conditions(m))


def test_german_vp_go_into_the_shared_ledger_with_their_rule_4_2(registry: Registry) -> None:
    from wargame.mechanics import victory as shared

    m = new(registry)
    before = m.state.vp["german"]
    victory.take(m, "2311", "german")  # Kiev
    victory.take(m, "2311", "soviet")
    assert m.state.vp["german"] == before
    assert [(e["points"], e["rule"]) for e in shared.ledger(m)] == [
        (1, "BARB 4.2"),
        (-1, "BARB 4.2"),
    ]


def test_moscow_roll_with_kiev_and_leningrad_t32_4_15(registry: Registry) -> None:
    m = new(registry)
    m.state.control["2311"] = "german"
    m.state.control["1011"] = "german"
    force_rolls(m, 2)
    victory.take(m, "1606", "german")
    assert m.outcome["winner"] == "german" and m.outcome["level"] == "sudden death"
    m = new(registry)
    force_rolls(m, 4)
    victory.take(m, "1606", "german")
    assert m.outcome is None and m.state.vars["capture_rolled"]
    force_rolls(m, 6)
    victory.take(m, "1606", "soviet")
    victory.take(m, "1606", "german")
    assert m.outcome is None  # once per game


def test_fortress_stalingrad_two_vp_from_the_end_of_gt15_t42_12_7(rb: Match) -> None:
    rb.state.cursor.turn = 14
    victory.stalingrad(rb)
    assert rb.state.vp["german"] == 33
    rb.state.cursor.turn = 15
    victory.stalingrad(rb)
    assert rb.state.vp["german"] == 35


def test_soviet_units_in_the_reich_cost_a_vp_each_gt1_5_4_2(registry: Registry) -> None:
    m = new(registry)
    clear(m)
    put(m, "sov-8", "2117")  # Warsaw, General Government
    m.state.cursor.turn = 5
    victory.occupation_penalty(m)
    assert m.state.vp["german"] == 13
    m.state.cursor.turn = 6
    victory.occupation_penalty(m)
    assert m.state.vp["german"] == 13


# ------------------------------------------------------------------ RVGK (8.8-8.11, 11.7)


def test_rvgk_units_are_hidden_from_the_german_11_7(registry: Registry) -> None:
    m = new(registry, "road-back")
    text = json.dumps(m.view("german"))
    assert "sov-2g" not in text and "sov-5s" not in text
    assert "sov-2g" in json.dumps(m.view("soviet"))


def test_rvgk_phase_five_moves_in_or_out_8_9(registry: Registry) -> None:
    m = new(registry, "road-back")
    to_kind(m, "soviet", "rvgk")
    outs = [a for a in m.legal_actions() if a.verb == "rvgk" and a.args[0] == "out"]
    assert outs
    m.apply(outs[0])
    unit = m.state.units[outs[0].args[1]]
    assert unit.loc == outs[0].args[2] and not unit.hidden_from
    assert not [a for a in m.legal_actions() if a.verb == "rvgk" and a.args[1] == unit.id]
    for _ in range(4):
        ins = [a for a in m.legal_actions() if a.verb == "rvgk" and a.args[0] == "in"]
        m.apply(ins[0])
    assert not [a for a in m.legal_actions() if a.verb == "rvgk"]
    with pytest.raises(IllegalAction, match="BARB 8.9"):
        m.apply(f"rvgk in {next(u.id for u in m.units_of('soviet') if u.loc == '1011')}")


def test_emergency_deployment_at_the_german_movement_phase_8_11(registry: Registry) -> None:
    m = new(registry, "road-back")
    to_order(m, "german")
    m.apply("order move-fight")
    assert m.decision.kind == "strategic"  # 8.7: first in the German player turn from GT9
    m.apply("end")
    assert m.decision.side == "soviet" and m.decision.kind == "emergency-rvgk"
    deploy = [a for a in m.legal_actions() if a.args[0] != "pass"]
    assert deploy and all(m.topology.attrs(a.args[1]).get("city") for a in deploy)
    m.apply(deploy[0])
    assert m.decision.side == "german" and m.decision.kind == "movement"


# ------------------------------------------------------------------ mandatory attacks (5.12)


def test_soviet_units_next_to_germans_must_attack_on_gt1_to_3_5_12(registry: Registry) -> None:
    m = new(registry)
    to_order(m, "german")
    m.apply("order fight-move")
    to_kind(m, "soviet", "order")
    m.apply("order fight-move")
    assert combat.owing(m)
    with pytest.raises(IllegalAction, match="BARB 5.12"):
        m.apply("end")
    for _ in range(200):
        if not combat.owing(m):
            break
        step(m)
    assert not combat.owing(m)
    assert m.decision.kind != "combat" or "end" in [str(a) for a in m.legal_actions()]


def test_a_mech_unit_may_advance_a_second_hex_11_32(rb: Match) -> None:
    from wargame.mechanics import combat as kcombat

    rb.state.cursor.turn = 14
    put(rb, "sov-5t", "2402")
    put(rb, "ger-4", "2403")
    battle = combat.Battle("b", ["sov-5t"], ["ger-4"], "2403", {"sov-5t": "2402"})
    kcombat.store(rb, battle)
    rb.eliminate(rb.state.units["ger-4"], "test")
    kcombat.finish(rb, battle, advance=True)
    assert rb.decision.kind == "advance"
    rb.apply("advance sov-5t 2403")
    assert rb.decision.kind == "second-advance"
    options = [a.args[1] for a in rb.legal_actions() if a.verb == "onward"]
    assert options and all(h not in rb.topology.neighbours("2402") for h in options)
    rb.apply(f"onward sov-5t {options[0]}")
    assert rb.state.units["sov-5t"].loc == options[0]


# ------------------------------------------------------------------ mobile assault (10.23-10.32)


def german_movement(registry: Registry, turn: int) -> Match:
    m = new(registry, "road-back")
    to_order(m, "german")
    m.apply("order move-fight")
    if m.decision.kind == "strategic":
        m.apply("end")
    if m.decision.kind == "emergency-rvgk":
        m.apply("emergency pass")
    assert m.decision.kind == "movement"
    clear(m)
    m.state.cursor.turn = turn
    m.touch()
    return m


def clear_pair(m: Match) -> tuple[str, str]:
    topo = m.topology
    return next(
        (a, b)
        for a in sorted(topo.region("zone:south"))
        for b in topo.neighbours(a)
        if not b.startswith("box:")
        and topo.terrain(a) == topo.terrain(b) == "clear"
        and not topo.edge(a, b).features
        and not topo.attrs(b).get("city")
        and b in topo.region("country:ussr")
    )


def test_mobile_assault_costs_and_shift_t49_10_24_10_32(registry: Registry) -> None:
    from wargame.mechanics import overrun

    m = german_movement(registry, 17)  # Jun '43: a single-month turn
    a, b = clear_pair(m)
    pz = put(m, "ger-14pz", a)
    put(m, "sov-28", b)
    assert overrun.cost(m, pz, a, b) == 3  # 1 to enter clear + 2 extra (ruling 7)
    city = next(h for h in sorted(m.topology.hexes()) if m.topology.attrs(h).get("city"))
    assert overrun.cost(m, pz, next(iter(m.topology.neighbours(city))), city) == 4
    assaults = [x for x in m.legal_actions() if x.verb == "overrun" and x.args[0] == b]
    assert assaults
    battle = combat.Battle("b", [pz.id], ["sov-28"], b, {pz.id: a}, kind="overrun")
    assert (-1, "BARB 10.32") in [
        (s.columns, s.rule) for s in combat.wargame_combat_shifts(m, battle)
    ]


def test_no_german_mobile_assault_in_double_month_turns_10_23(registry: Registry) -> None:
    m = german_movement(registry, 14)  # Dec/Jan
    a, b = clear_pair(m)
    put(m, "ger-14pz", a)
    put(m, "sov-28", b)
    assert not [x for x in m.legal_actions() if x.verb == "overrun"]
    with pytest.raises(IllegalAction, match="BARB 10.23"):
        m.apply(f"overrun {b} with ger-14pz via {a}")


def test_infantry_never_mobile_assaults_10_23(registry: Registry) -> None:
    m = german_movement(registry, 17)
    a, b = clear_pair(m)
    put(m, "ger-4", a)
    put(m, "sov-28", b)
    assert not [x for x in m.legal_actions() if x.verb == "overrun"]


def test_rostov_area_units_trace_through_rostov_too_7_4(rb: Match) -> None:
    unit = put(rb, "ger-5", "2802")
    assert supply.state(rb, unit) == "overland"
    rb.state.control["2804"] = "soviet"
    rb.touch()
    assert supply.state(rb, unit) == "out"
    outside = put(rb, "ger-44", "2806")  # DP area, outside the R area: still supplied
    assert supply.state(rb, outside) == "overland"


def test_supply_lines_stay_on_their_side_of_the_logistical_line_7_15(rb: Match) -> None:
    topo = rb.topology
    north = frozenset(topo.region("zone:north"))
    net = supply.overland(rb, "german")
    rb.scratch.clear()
    sources = sorted(h for h in topo.region("supply:german") if h in north)
    blockers = ["sov-18", "sov-28", "sov-47", "sov-51", "sov-56", "sov-57"]
    assert sources and len(sources) <= len(blockers)
    for h, uid in zip(sources, blockers, strict=False):
        put(rb, uid, h)  # every northern source occupied: the north is cut off
    cut = supply.overland(rb, "german")
    assert not (cut & north) and (cut - north) == (net - north)


# ------------------------------------------------------------------ water and stacking


def test_no_attack_across_an_all_sea_hexside_10_13(rb: Match) -> None:
    topo = rb.topology
    a, b = next(
        (a, b)
        for a in sorted(topo.hexes())
        for b in topo.neighbours(a)
        if not b.startswith("box:") and "sea" in topo.edge(a, b).features
    )
    put(rb, "sov-28", a)
    put(rb, "ger-4", b)
    assert combat.crossing_problem(rb, rb.state.units["sov-28"], b).endswith("(BARB 10.13, 11.19)")


def test_kerch_mech_never_attack_across_non_mech_may_11_17(rb: Match) -> None:
    put(rb, "sov-5t", "3105")
    put(rb, "sov-28", "3105")
    put(rb, "ger-42", "3106")
    assert "BARB 11.17" in combat.crossing_problem(rb, rb.state.units["sov-5t"], "3106")
    assert combat.crossing_problem(rb, rb.state.units["sov-28"], "3106") is None


def test_sivash_only_soviet_non_mech_from_gt7_11_18(rb: Match) -> None:
    put(rb, "sov-28", "2907")
    put(rb, "ger-4", "3008")
    assert combat.crossing_problem(rb, rb.state.units["sov-28"], "3008") is None  # GT13
    rb.state.cursor.turn = 6
    assert "BARB 11.18" in combat.crossing_problem(rb, rb.state.units["sov-28"], "3008")
    put(rb, "ger-5", "2906")
    put(rb, "sov-47", "3009")
    rb.state.cursor.turn = 13
    assert "BARB 11.18" in (combat.crossing_problem(rb, rb.state.units["ger-4"], "2907") or "")


def test_kerch_crossing_takes_the_whole_move_from_the_start_10_14(registry: Registry) -> None:
    m = german_movement(registry, 14)
    put(m, "ger-42", "3106")
    put(m, "ger-5", "3106")
    moves = {str(a) for a in m.legal_actions() if a.verb == "move"}
    assert "move ger-42 3106 3105" in moves  # the one-hex move of 10.3
    assert not [x for x in moves if x.startswith("move ger-42 3106 3105 ")]  # and no further
    m.apply("move ger-42 3106 3105")
    with pytest.raises(IllegalAction, match="BARB 10.14"):
        m.apply("move ger-5 3106 3105")


def test_sivash_moves_soviet_non_mech_from_gt7_as_a_river_10_15(rb: Match) -> None:
    """The shared crossings mechanic opens the Sivash (2907/3008) to Soviet non-mechanized units
    from GT7 at a river's cost; never to the German, to mech, or before GT7."""
    put(rb, "sov-47", "2907")
    put(rb, "ger-42", "2907")
    rb.state.cursor.turn = 6
    rb.touch()
    assert cost(rb, "sov-47", "2907", "3008") is None
    rb.state.cursor.turn = 7
    rb.touch()
    assert cost(rb, "sov-47", "2907", "3008") == 2  # clear 1 + river 1 (10.18)
    assert cost(rb, "ger-42", "2907", "3008") is None
    put(rb, "sov-1t", "2907")
    rb.touch()
    assert cost(rb, "sov-1t", "2907", "3008") is None


def test_one_satellite_army_a_hex_6_4(registry: Registry) -> None:
    m = german_movement(registry, 14)
    a, b = "2602", "2603"  # both south of the logistical line, next to each other
    put(m, "ger-r3", a)
    put(m, "ger-r4", b)
    with pytest.raises(IllegalAction, match="BARB 6.4"):
        m.apply(f"move ger-r3 {a} {b}")


def test_coastal_supply_defends_in_full_but_attacks_and_moves_at_half_7_5(rb: Match) -> None:
    coast = next(
        h
        for h in sorted(rb.topology.hexes())
        if rb.topology.terrain(h) == "clear"
        and any(n in rb.topology.region("sea:black") for n in rb.topology.neighbours(h))
    )
    inland = "2304"
    unit = put(rb, "ger-4", coast)
    other = put(rb, "ger-7", inland)
    rb.scratch[("barb-overland", "german")] = frozenset()  # every overland line cut
    assert supply.state(rb, unit) == "coastal" and supply.state(rb, other) == "out"
    assert movement.allowance(rb, unit) == 1  # GT13 non-mech 2, halved
    battle = combat.Battle("b", ["ger-4"], [], coast, {"ger-4": coast})
    assert combat.attack_divisor(rb, battle, unit)[2] == "BARB 7.5"
    put(rb, "sov-28", "2303")
    defence = combat.Battle("d", ["sov-28"], ["ger-4"], coast, {"sov-28": "2303"})
    mods = combat.wargame_strength_modifiers(rb, defence)
    assert not [m for m in mods if m.target == "defense"]  # full defence on the coast


def test_sea_of_azov_coast_needs_both_sides_of_kerch_7_5(rb: Match) -> None:
    azov_coast = next(
        h
        for h in sorted(rb.topology.hexes())
        if rb.topology.terrain(h) not in ("sea", "lake")
        and any(n in rb.topology.region("sea:azov") for n in rb.topology.neighbours(h))
        and not any(
            n in rb.topology.region("sea:black") or n in rb.topology.region("sea:baltic")
            for n in rb.topology.neighbours(h)
        )
    )
    rb.state.control["3105"] = rb.state.control["3106"] = "german"
    assert supply.coastal(rb, azov_coast)
    rb.state.control["3105"] = "soviet"
    assert not supply.coastal(rb, azov_coast)


# ------------------------------------------------------------------ strategic movement (8.6-8.7)


def strategic_phase(registry: Registry, where: dict[str, str]) -> Match:
    m = new(registry, "road-back")
    to_order(m, "german")
    for uid, loc in where.items():
        put(m, uid, loc)
    m.apply("order move-fight")
    assert m.decision.kind == "strategic"
    return m


def test_strategic_movement_from_a_supplied_city_far_but_never_past_the_enemy_8_7(
    registry: Registry,
) -> None:
    from wargame.games.barbarossa import strategic

    m = strategic_phase(registry, {"ger-59": "2407"})  # Kharkov, behind the lines
    unit = m.state.units["ger-59"]
    reach = strategic.routes(m, unit)
    assert "2119" in reach  # Lodz, far in the west
    topo = m.topology
    for dest, path in reach.items():
        for h in path[1:-1]:
            assert not any(m.side_at(n) == "soviet" for n in topo.neighbours(h)), (dest, h)
    m.apply("strategic ger-59 2119")
    assert unit.loc == "2119" and m.state.ns("barbarossa-strategic")["strategic_used"] == 1
    with pytest.raises(IllegalAction, match="BARB 8.7"):
        m.apply("strategic ger-59 2118")  # once a phase
    assert "strategic_start" in m.state.ns("barbarossa-strategic")
    m.apply("end")  # the phase's record of start hexes goes with it (11.7: nothing left to leak)
    assert "strategic_start" not in m.state.ns("barbarossa-strategic")


def test_strategic_capacity_is_eight_mech_two_satellite_four_t23_8_7(registry: Registry) -> None:
    from wargame.games.barbarossa import strategic

    m = strategic_phase(registry, {"ger-r3": "2407"})
    assert [strategic.weight(m, m.state.units[u]) for u in ("ger-r3", "ger-14pz", "ger-4")] == [
        4,
        2,
        1,
    ]
    m.state.ns("barbarossa-strategic")["strategic_used"] = 5
    assert m.state.units["ger-r3"] not in strategic.eligible(m)  # 5 + 4 > 8


def test_no_strategic_movement_before_gt9_or_after_gt29_8_7(registry: Registry) -> None:
    from wargame.games.barbarossa import strategic
    from wargame.models import PhaseSpec

    m = new(registry)
    phase = PhaseSpec(id="strategic", when="strategic")
    for turn, active in ((8, False), (9, True), (29, True), (30, False)):
        m.state.cursor.turn = turn
        assert strategic.wargame_phase_active(m, phase) is active


def test_moscow_rule_lasts_until_moscow_is_soviet_and_supplied_7_21(rb: Match) -> None:
    from wargame.games.barbarossa import admin
    from wargame.models import PhaseSpec

    start = PhaseSpec(id="administration", when="administration")
    rb.state.cursor.turn = 8
    rb.state.control["1606"] = "german"
    admin.administration(rb, start)
    assert admin.moscow_lost(rb)  # a turn from GT7 began with Moscow German
    rb.state.cursor.turn = 9
    rb.state.control["1606"] = "soviet"
    sources = list(rb.topology.region("supply:soviet"))
    for h in sources:
        rb.state.control[h] = "german"  # Moscow retaken but cut off
    rb.touch()
    admin.administration(rb, start)
    assert admin.moscow_lost(rb)
    rb.state.cursor.turn = 10
    for h in sources:
        rb.state.control[h] = "soviet"
    rb.touch()
    admin.administration(rb, start)
    assert not admin.moscow_lost(rb)  # back in overland-supplied Soviet control


def test_one_satellite_army_a_hex_on_retreat_and_advance_too_6_4_e33(rb: Match) -> None:
    from wargame.actions import Action, Decision
    from wargame.games.barbarossa import movement as bmove
    from wargame.hexgrid import hex_grid

    a = "2602"
    r3 = put(rb, "ger-r3", a)
    corps = put(rb, "ger-44", a)
    grid = hex_grid(rb.topology)
    full, free = grid.neighbour_in(a, "W"), grid.neighbour_in(a, "SW")  # both westward (11.27)
    put(rb, "ger-r4", full)
    paths = [[n] for n in (full, free)]
    assert combat.wargame_retreat_paths(rb, [r3], a, paths) == [[free]]
    assert [full] in combat.wargame_retreat_paths(rb, [corps], a, paths)  # not a satellite
    d = Decision("german", "advance", 13, "soviet/assault")
    why = bmove.wargame_veto(rb, d, Action("advance", ("ger-r3", full)))
    assert why and "BARB 6.4" in why
    assert bmove.wargame_veto(rb, d, Action("advance", ("ger-r3", free))) is None
    assert bmove.wargame_veto(rb, d, Action("advance", ("ger-44", full))) is None
