"""Proud Monster Deluxe 9.1: reinforcements, the TB pool (9.1.4) and the counter limit (2.2)."""

from __future__ import annotations

import pytest

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import jointhex, reinforce, reserves
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.testing import force_rolls, put, refused

MINSK, KIEV, MOSCOW, STALINGRAD = "1920", "2132", "4120", "5044"
_soviet_placing = p9.soviet_part
_legal = p9.legal


def test_turn_112_has_no_reinforcement_phase_5_3() -> None:
    match = Match(p9.title(), "1941-historical", 1)
    assert match.decision is not None and match.decision.phase != "turn/soviet-reinforcement"
    assert not reinforce.placing(match)
    after = _soviet_placing()
    assert after.decision is not None and after.decision.phase == "turn/soviet-reinforcement"


def test_soviet_arrivals_wait_in_an_rvgk_area_and_are_placed_in_a_city_9_1_3() -> None:
    match = _soviet_placing()
    waiting = reinforce.placing(match)
    assert len(waiting) == 6  # the stand-in schedule's six RD of turn 113
    unit = waiting[0]
    assert unit.loc in reinforce.RVGK and match.is_untried(unit)
    match.apply(f"place {unit.id} {KIEV}")
    assert unit.loc == KIEV and not unit.flags.get("placing")
    refused(
        match, f"place {unit.id} {MINSK}", "not a Soviet reinforcement waiting", rule="PMD 9.1.3"
    )


def test_not_in_the_open_nor_in_an_axis_held_or_cut_off_city_9_1_3() -> None:
    match = _soviet_placing()
    uid = reinforce.placing(match)[0].id
    inland = next(
        h
        for h in match.topology.neighbours(STALINGRAD)  # a city, not a Military District HQ
        if match.topology.terrain(h) == "clear" and h not in reinforce.entry_hexes(match)
    )
    refused(match, f"place {uid} {inland}", "not a Soviet-owned city", rule="PMD 9.1.3")
    match.state.control[STALINGRAD] = "axis"  # no Military District HQ (ruling RF5 aside)
    match.touch()
    refused(match, f"place {uid} {STALINGRAD}", "not a Soviet-owned city", rule="PMD 9.1.3")
    put(match, "ger-id-23", MINSK)
    refused(match, f"place {uid} {MINSK}", "free of Axis units", rule="PMD 9.1.3")
    match.place(match.state.units["ger-id-23"], None)
    match.touch()
    assert f"place {uid} {MINSK}" in _legal(match)


def test_a_military_district_hq_lets_them_in_next_to_it_too_9_1_3() -> None:
    match = _soviet_placing()
    uid = reinforce.placing(match)[0].id
    land = [h for h in match.topology.neighbours(MOSCOW) if match.topology.terrain(h) == "clear"]
    empty = next(h for h in land if not match.units_at(h))
    assert f"place {uid} {empty}" in _legal(match)
    for h in reinforce.named(match, "Moscow"):
        match.state.control[h] = "axis"
    match.touch()
    refused(match, f"place {uid} {empty}", "next to a Military District HQ", rule="PMD 9.1.3")


def test_a_vacant_axis_owned_military_district_hq_lets_one_leg_unit_in_9_1_3() -> None:
    match = _soviet_placing()
    first, second = (u.id for u in reinforce.placing(match)[:2])
    for unit in list(match.units_at(MINSK)):
        match.place(unit, None)
    match.state.control[MINSK] = "axis"
    match.touch()
    assert MINSK in reinforce.partisan_hexes(match)
    tank = put(match, "sov-td-interior-01", reinforce.RVGK[0])
    tank.flags["placing"] = True
    refused(match, f"place {tank.id} {MINSK}", "Leg unit only", rule="PMD 9.1.3")
    put(match, "ger-id-23", MINSK)
    match.touch()
    refused(match, f"place {first} {MINSK}", "not a Soviet-owned city", rule="PMD 9.1.3")
    match.place(match.state.units["ger-id-23"], None)
    match.touch()
    assert f"place {first} {MINSK}" in _legal(match)
    match.apply(f"place {first} {MINSK}")
    assert match.state.units[first].loc == MINSK
    refused(match, f"place {second} {MINSK}", "not a Soviet-owned city", rule="PMD 9.1.3")


def test_a_red_bordered_edge_hex_takes_them_up_to_the_stacking_limit_9_1_3_6_1() -> None:
    match = _soviet_placing()
    edge = sorted(match.topology.region("soviet-edge:east"))[5]
    for unit in list(match.units_at(edge)):
        match.place(unit, None)
    first, second, third, fourth = (u.id for u in reinforce.placing(match)[:4])
    for uid in (first, second, third):
        match.apply(f"place {uid} {edge}")
    refused(match, f"place {fourth} {edge}", "overstack", rule="PMD 9.1.3")


def test_placed_into_a_reserve_stack_it_is_in_reserve_9_1_3() -> None:
    match = _soviet_placing()
    for unit in list(match.units_at(KIEV)):
        match.place(unit, None)
    put(match, "sov-rd-kovo-01", KIEV)
    reserves.place(match, "soviet", KIEV)
    unit = reinforce.placing(match)[0]
    match.apply(f"place {unit.id} {KIEV}")
    assert reserves.in_reserve(match, unit)
    assert unit.hidden_from == match.state.units["sov-rd-kovo-01"].hidden_from == ["axis"]
    other = reinforce.placing(match)[0]
    match.apply(f"place {other.id} {MINSK}")
    assert not reserves.in_reserve(match, other) and not other.hidden_from


def test_unplaced_arrivals_stay_in_the_rvgk_and_the_placing_flag_goes_9_1_3() -> None:
    match = _soviet_placing()
    waiting = [u.id for u in reinforce.placing(match)]
    end(match)
    units = match.state.units
    assert all(units[u].loc in reinforce.RVGK for u in waiting)
    assert not any(units[u].flags.get("placing") for u in waiting)
    assert not any(a.startswith("place ") for a in _legal(match))


def test_german_units_arrive_in_the_north_okh_and_enter_by_the_northern_zomo_9_1_1() -> None:
    match = _soviet_placing()
    p9.reinforcement_phase(match, 118)
    pd = match.state.units["ger-pd-2"]
    assert pd.loc == "box:okh-north"
    germany = set(match.resolve_locations(["country:greater-germany"]))
    assert set(pd.flags["entry"]) == germany
    assert not pd.flags.get("placing")  # placement is the Soviet's 9.1.3 only


def test_minor_allies_arrive_in_the_south_okh_9_1_2() -> None:
    match = _soviet_placing()
    p9.reinforcement_phase(match, 118)
    rom = match.state.units["rom-id-3"]  # turn 116's Romanian division
    assert rom.loc == "box:okh-south"
    assert set(rom.flags["entry"]) <= set(
        match.resolve_locations(["country:romania", "country:hungary"])
    )
    assert "rom-id-4" not in match.state.units  # turn 120's: not yet


def test_a_german_arrival_moves_onto_the_map_through_germany_only_9_1_1() -> None:
    match = _soviet_placing()
    p9.reinforcement_phase(match, 118)
    match.state.cursor.turn = 2
    to_phase(match, "axis", "movement")
    unit = match.state.units["ger-pd-2"]
    legal = [a for a in match.legal_for("ger-pd-2") if a.verb == "move"]
    ends = {a.args[-1] for a in legal}
    assert ends and unit.loc == "box:okh-north"
    first = {a.args[2] for a in legal if len(a.args) > 2}
    assert first <= set(unit.flags["entry"])


@pytest.mark.parametrize(
    ("roll", "leningrad", "moscow", "count"),
    [(2, None, None, 4), (12, None, None, 10), (7, "axis", None, 4), (5, "axis", "axis", 0)],
)
def test_t34_tb_pool_roll_9_1_4(
    roll: int, leningrad: str | None, moscow: str | None, count: int
) -> None:
    match = _soviet_placing()
    if leningrad:
        for h in reinforce.named(match, "Leningrad"):
            match.state.control[h] = leningrad
    if moscow:
        match.state.control[reinforce.named(match, "Moscow")[0]] = moscow
    match.touch()
    assert reinforce.tb_count(match, roll) == count


def test_tb_pool_gives_its_48_then_stops_9_1_4() -> None:
    match = _soviet_placing()
    match.state.vars["tb_pool"] = 3
    force_rolls(match, 10, only="PMD 9.1.4")
    p9.reinforcement_phase(match, 114)  # turn 114: the rolls begin
    tbs = [u for u in match.units_of("soviet") if match.counter(u)["type"] == "tb"]
    assert len(tbs) == 3 and all(u.flags.get("placing") for u in tbs)
    assert match.state.vars["tb_pool"] == 0
    p9.reinforcement_phase(match, 115)
    assert len([u for u in match.units_of("soviet") if match.counter(u)["type"] == "tb"]) == 3


def test_no_tb_rolls_before_turn_114_9_1_4() -> None:
    match = _soviet_placing()
    assert match.state.vars["tb_pool"] == 48  # turn 113 rolled nothing
    assert not [u for u in match.units_of("soviet") if match.counter(u)["type"] == "tb"]


def test_the_counter_mix_limits_draws_and_gone_counters_stay_gone_2_2() -> None:
    match = _soviet_placing()
    counters = match.counters_doc["counters"]
    free = [c for c, e in counters.items() if e["type"] == "rd" and c not in match.state.units]
    for cid in free[2:]:
        match.new_unit(cid, None)  # in play elsewhere: on the map, in a pool, removed
    gone = match.new_unit(free[0], None)
    match.eliminate(gone, "removed from the game")
    p9.reinforcement_phase(match, 114)  # turn 114 draws 6 RD
    drawn = [e for e in match._events if e.kind == "reinforcements"]
    assert any("only 1 of 6" in e.text and e.rule == "PMD 2.2" for e in drawn)
    assert match.state.units[free[1]].loc in reinforce.RVGK
    assert match.state.units[free[0]].loc is None  # eliminated: never drawn again


def _capacity(match: Match, city: str) -> float:
    """Divisions the Soviet may place in a turn through one city (its hexes) and, when it is a
    Military District HQ, its land neighbours: each hex's stacking limit, empty hexes."""
    hexes = set(reinforce.named(match, city))
    hq = set(match.title.doc("md-hq")["entries"])
    near = {
        n
        for h in hexes & hq
        for n in match.topology.neighbours(h)
        if n in reinforce.entry_hexes(match)
    }
    assert hexes <= reinforce.entry_hexes(match)
    return sum(stacking.limit(match, "soviet", h) for h in hexes | near)


def test_t24_soviet_reinforcement_capacity_astrakhan_10_minsk_40_moscow_60_9_1_3() -> None:
    match = _soviet_placing()
    match.state.vars["soviet_stack_limit"] = 5  # the non-city limit once it is 5 (6.1)
    match.touch()
    assert _capacity(match, "Astrakhan") == 10  # a city, not an HQ: its own hex
    assert _capacity(match, "Minsk") == 10 + 6 * 5
    assert _capacity(match, "Moscow") == 2 * 10 + 8 * 5
    match.state.vars["soviet_stack_limit"] = 3  # 1941's 3-division limit (ruling RF5)
    match.touch()
    assert (_capacity(match, "Minsk"), _capacity(match, "Moscow")) == (28, 44)


def test_a_unit_placed_from_a_reserve_stack_in_the_rvgk_leaves_it_9_1_3_6_4() -> None:
    match = _soviet_placing()
    unit = reinforce.placing(match)[0]
    number = reserves.place(match, "soviet", unit.loc)
    assert reserves.in_reserve(match, unit)
    match.apply(f"place {unit.id} {KIEV}")
    assert not reserves.in_reserve(match, unit)
    stack = reserves.stacks(match, "soviet").get(number)
    assert stack is None or unit.id not in stack["units"]


def _clear_land_next_to(match: Match, hq: str) -> str:
    """An empty clear hex next to ``hq`` that only the HQ opens (no city, no edge hex)."""
    cities = {
        h for h in match.topology.locations() if reinforce.urban(match, h, ("city", "large-town"))
    }
    edges = {h for name in reinforce.EDGES for h in match.topology.region(name)}
    return next(
        h
        for h in sorted(match.topology.neighbours(hq))
        if match.topology.terrain(h) == "clear"
        and not match.units_at(h)
        and h not in cities | edges
        and all(n == hq or n not in cities for n in match.topology.neighbours(h))
    )


def test_a_jointly_occupied_hq_lets_them_in_its_own_hex_only_9_1_3_13_15_3() -> None:
    """9.1.3: the HQ opens its neighbours only in overland supply not through a jointly-occupied
    hex, its own included (ruling RF3, as RP6); the Soviet its hex defender, it still takes
    them itself (13.15.3). Once the Axis unit is gone, the neighbours open again."""
    match = _soviet_placing()
    uid = reinforce.placing(match)[0].id
    for unit in list(match.units_at(MINSK)):
        match.place(unit, None)
    beside = _clear_land_next_to(match, MINSK)
    assert f"place {uid} {beside}" in _legal(match)
    put(match, "sov-rd-interior-02", MINSK)
    put(match, "ger-id-23", MINSK)  # advanced in: jointly occupied, the Soviet its defender
    assert match.side_at(MINSK) == "soviet"
    refused(match, f"place {uid} {beside}", "next to a Military District HQ", rule="PMD 9.1.3")
    assert f"place {uid} {MINSK}" in _legal(match)
    match.place(match.state.units["ger-id-23"], None)
    match.touch()
    assert f"place {uid} {beside}" in _legal(match)


def test_no_arrival_in_a_hex_the_axis_defends_jointly_occupied_9_1_3_13_15_3() -> None:
    """13.15.3: only a Soviet hex defender lets Soviet reinforcements into a jointly-occupied
    hex; with the Axis unit there first, none enters (ruling RF3)."""
    match = _soviet_placing()
    uid = reinforce.placing(match)[0].id
    beside = _clear_land_next_to(match, MOSCOW)
    put(match, "ger-id-23", beside)
    put(match, "sov-rd-interior-02", beside)  # the Soviet the hex attacker
    refused(match, f"place {uid} {beside}", "defended by the Soviet", rule="PMD 9.1.3")
    for unit in list(match.units_at(beside)):
        match.place(unit, None)
    put(match, "sov-rd-interior-02", beside)
    put(match, "ger-id-23", beside)  # the Soviet the hex defender now
    assert f"place {uid} {beside}" in _legal(match)


def test_arrivals_in_a_jointly_occupied_hex_need_room_for_both_sides_9_1_3_13_15_2() -> None:
    """9.1.3's stacking at placement in a jointly-occupied hex: room for both sides' units,
    5 divisions out of a city (13.15.2(1), ruling JO7), besides the Soviet's own limit."""
    match = _soviet_placing()
    uid = reinforce.placing(match)[0].id
    beside = _clear_land_next_to(match, MOSCOW)
    put(match, "sov-rd-interior-02", beside)
    for gid in ("ger-id-23", "ger-id-1", "ger-id-11", "ger-id-12"):
        put(match, gid, beside)
    assert jointhex.room(match, beside) == 0
    assert not stacking.over(match, "soviet", ["sov-rd-interior-02", uid], beside)
    refused(match, f"place {uid} {beside}", "no room for both sides", rule="PMD 9.1.3")
    match.place(match.state.units["ger-id-12"], None)
    match.touch()
    assert f"place {uid} {beside}" in _legal(match)


def test_while_the_volga_is_interdicted_arrivals_south_enter_at_a_large_town_or_edge_11_4() -> None:
    """11.4(2): south of the Caucasus line, while the Volga is interdicted, an arrival enters
    only at a large town or a red-bordered map edge, and has moved for the week; north of the
    line, or with the Volga open, a city takes it as 9.1.3 says."""
    tbilisi, ordzhonikidze, edge = "4665", "4762", "4666"
    match = _soviet_placing()
    first, second, third = (u.id for u in reinforce.placing(match)[:3])
    assert f"place {first} {tbilisi}" in _legal(match)
    put(match, "ger-pd-3", "5750")  # along the South Volga
    refused(match, f"place {first} {tbilisi}", "large town or a red-bordered", rule="PMD 11.4")
    assert f"place {first} {KIEV}" in _legal(match)  # north of the line
    match.apply(f"place {first} {ordzhonikidze}")
    match.apply(f"place {second} {edge}")
    match.apply(f"place {third} {KIEV}")
    units = match.state.units
    assert match.hook.wargame_move_locked(match=match, unit=units[first])
    assert match.hook.wargame_move_locked(match=match, unit=units[second])
    assert not match.hook.wargame_move_locked(match=match, unit=units[third])
    to_phase(match, "soviet", "movement")
    assert match.hook.wargame_move_locked(match=match, unit=units[first])  # all the week
    while match.phase is not None and match.phase.spec.id.startswith("w1"):
        end(match)
    assert "volga-arrived" not in units[first].flags  # it goes with the week


def _place_until_end_is_legal(match: Match) -> None:
    while match.check("end") is not None:
        unit = reinforce.placing(match)[0]
        match.apply(
            next(a for a in match.legal_actions() if a.verb == "place" and a.args[0] == unit.id)
        )


def test_arrivals_left_in_the_rvgk_hold_at_most_10_points_before_turn_203_11_3() -> None:
    """11.3 (ruling RF2): the arrivals left unplaced go into the RVGK, which holds at most 10
    points before turn 203; the Soviet part ends once they are within it."""
    from wargame.games.proud_monster_deluxe import rvgk

    match = _soviet_placing()
    for i in range(1, 7):
        put(match, f"sov-rd-interior-{i:02d}", reinforce.RVGK[0]).flags["placing"] = True
    assert rvgk.held(match) > rvgk.HOLD_LIMIT
    refused(match, "end", "at most 10 points", rule="PMD 11.3")
    _place_until_end_is_legal(match)
    assert rvgk.held(match) <= rvgk.HOLD_LIMIT and reinforce.placing(match)
    end(match)
    assert not reinforce.placing(match)  # the rest stay in the RVGK


def test_from_turn_203_arrivals_left_in_the_rvgk_count_toward_the_turns_28_points_11_3() -> None:
    """11.3: from turn 203 any number stay, but those going in count toward the turn's 28
    points; the ones left go on the Points track."""
    from wargame.games.proud_monster_deluxe import rvgk

    match = _soviet_placing()
    match.state.cursor.turn = p9.game_turn(203)
    match.touch()
    spare = [
        cid
        for cid, c in sorted(match.counters_doc["counters"].items())
        if c.get("side") == "soviet" and c.get("type") == "rd" and cid not in match.state.units
    ]
    for cid in spare[:30]:
        put(match, cid, reinforce.RVGK[0]).flags["placing"] = True
    left = reinforce.placing(match)
    assert sum(rvgk.points(match, u) for u in left) > 28
    refused(match, "end", "at most 28", rule="PMD 11.3")
    _place_until_end_is_legal(match)
    going = sum(rvgk.points(match, u) for u in reinforce.placing(match))
    assert 0 < going <= 28
    end(match)
    assert rvgk.moved_points(match) == going and not reinforce.placing(match)
