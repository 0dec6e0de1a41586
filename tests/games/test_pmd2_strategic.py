"""Proud Monster Deluxe part 2: the Minsk-Moscow highway and mountain roads (11.1, 12.4), Axis
strategic movement (11.2)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import plugin, strategic
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.mechanics.movement import chart_cost, cost_key, done
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _at_turn(ynn: int) -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = ynn - 111  # 112 is game turn 1 (1941 only)
    match.touch()
    clear(match)
    return match


FOREST_ON_HIGHWAY = ("3120", "3220")  # a highway hexside into forest (map.json lines)
RIVER_ON_HIGHWAY = ("2619", "2720")  # a highway hexside across a major river


def test_the_highway_costs_one_mp_a_hex_whatever_the_terrain_11_1() -> None:
    match = _at_turn(119)
    pd, inf = put(match, "ger-pd-3", "3120"), put(match, "ger-id-7", "3120")
    for a, b in (FOREST_ON_HIGHWAY, RIVER_ON_HIGHWAY):
        assert chart_cost(match, pd, a, b) == 1.0
        assert chart_cost(match, inf, a, b) == 1.0


def test_the_highway_ceases_to_exist_on_turn_120_11_1() -> None:
    match = _at_turn(120)
    pd = put(match, "ger-pd-3", "3120")
    assert chart_cost(match, pd, *FOREST_ON_HIGHWAY) > 1.0
    assert chart_cost(match, pd, *RIVER_ON_HIGHWAY) > 1.0
    # the movement tables of the turns before and after are not shared
    before = _at_turn(119)
    assert cost_key(before, put(before, "ger-pd-3", "3120")) != cost_key(match, pd)


def test_mech_enters_a_mountain_hex_only_along_a_road_11_1() -> None:
    match = _at_turn(119)
    pd, inf = put(match, "ger-pd-3", "3655"), put(match, "ger-id-7", "3655")
    assert chart_cost(match, pd, "3556", "3456") == 3.0  # Tuapse road into Tuapse
    off_road = next(
        n
        for n in match.topology.neighbours("3456")
        if match.topology.terrain(n) == "mountain" and n != "3556"
    )
    assert chart_cost(match, pd, off_road, "3456") == float("inf")
    assert chart_cost(match, inf, "3556", "3456") == chart_cost(match, inf, off_road, "3456")


def test_mountain_roads_close_to_mech_in_snow_12_4() -> None:
    match = _at_turn(119)
    pd = put(match, "ger-pd-3", "3556")
    assert chart_cost(match, pd, "3556", "3456", ("S", "S")) == float("inf")
    assert chart_cost(match, pd, "3556", "3655", ("S", "S")) == float("inf")
    assert chart_cost(match, pd, "3556", "3456", ("F", "F")) == 3.0


def _axis_initial_movement(ynn: int = 113) -> Match:
    """The Axis Initial Movement Phase of week 1 of ``ynn`` (1941), the map empty."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn < ynn - 111:
        end(match)
    to_phase(match, "axis", "movement")
    clear(match)
    return match


RIGA, MINSK, LVOV, SMOLENSK = "1808", "1920", "0628", "2920"


def test_axis_strategic_movement_urban_hex_to_okh_and_okh_to_urban_hex_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", RIGA)
    assert f"strategic ger-id-7 {strategic.OKH['north']}" in _legal(match)
    match.apply(f"strategic ger-id-7 {strategic.OKH['north']}")
    unit = match.state.units["ger-id-7"]
    assert unit.loc == "box:okh-north"
    assert done(match, unit)  # its move for the phase is made
    refused(match, f"strategic ger-id-7 {RIGA}", "has moved", rule="PMD 11.2")
    put(match, "ger-pd-3", "box:okh-north")
    assert f"strategic ger-pd-3 {MINSK}" in _legal(match)
    match.apply(f"strategic ger-pd-3 {MINSK}")
    assert match.state.units["ger-pd-3"].loc == MINSK


def test_no_strategic_move_from_one_urban_hex_to_another_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", RIGA)
    refused(match, f"strategic ger-id-7 {MINSK}", "by an OKH area", rule="PMD 11.2")


def test_the_north_south_line_is_crossed_only_between_okh_areas_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", "box:okh-north")
    refused(match, f"strategic ger-id-7 {LVOV}", "North/South line", rule="PMD 11.2")
    match.apply("strategic ger-id-7 box:okh-south")
    assert match.state.units["ger-id-7"].loc == "box:okh-south"
    put(match, "ger-id-1", RIGA)
    refused(match, "strategic ger-id-1 box:okh-south", "half of the map", rule="PMD 11.2")


def test_eight_steps_a_week_11_2() -> None:
    match = _axis_initial_movement()
    ids = ["ger-id-1", "ger-id-7", "ger-pd-3", "ger-id-8"]
    for uid in ids:
        put(match, uid, "box:okh-north")
    need = [strategic.cost(match, match.state.units[u]) for u in ids]
    moved = 0
    for uid, n in zip(ids, need, strict=True):
        if moved + n > 8:  # 11.2: 8 steps a week
            refused(match, f"strategic {uid} {RIGA}", "steps a week", rule="PMD 11.2")
            break
        match.apply(f"strategic {uid} {RIGA}")
        moved += n
    else:
        raise AssertionError(f"four units of {need} steps fit in 8")
    # the capacity is the week's: counted afresh once the phase is over
    assert strategic.used(match) == moved
    end(match)
    assert strategic.used(match) == 0


def test_not_next_to_an_enemy_unit_at_either_end_or_on_the_way_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", "box:okh-north")
    soviet = next(n for n in match.topology.neighbours(RIGA) if match.topology.terrain(n) != "sea")
    put(match, "sov-rd-interior-01", soviet)
    refused(match, f"strategic ger-id-7 {RIGA}", "next to an enemy unit", rule="PMD 11.2")
    put(match, "ger-id-1", RIGA)
    refused(match, "strategic ger-id-1 box:okh-north", "next to an enemy unit", rule="PMD 11.2")
    # a wall of enemy units across the north cuts the route to Minsk
    clear(match)
    put(match, "ger-id-7", "box:okh-north")
    topo = match.topology
    north = [h for h in topo.locations() if h[:2] == "14" and h not in topo.region("south")]
    wall = [h for h in north if int(h[2:]) % 3 == 2 and topo.terrain(h) != "sea"]
    for i, h in enumerate(wall):
        put(match, f"sov-rd-interior-{i + 1:02d}", h)
    refused(match, f"strategic ger-id-7 {MINSK}", "route", rule="PMD 11.2")


def test_not_east_of_the_gas_line_before_turn_205_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", "box:okh-north")
    refused(match, f"strategic ger-id-7 {SMOLENSK}", "GAS line", rule="PMD 11.2")
    assert f"strategic ger-id-7 {MINSK}" in _legal(match)


def test_soviet_units_have_no_strategic_move_11_2() -> None:
    match = _axis_initial_movement()
    put(match, "sov-rd-interior-01", RIGA)
    refused(match, "strategic sov-rd-interior-01 box:okh-north", rule="PMD 11.2")


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


SEVASTOPOL, NOVGOROD = "2050", "3208"


def test_t29_sevastopol_to_novgorod_takes_three_weeks_11_2() -> None:
    """T29 (11.2): Sevastopol -> South OKH, South OKH -> North OKH, North OKH -> Novgorod, one
    strategic move a week; from turn 205 (both hexes lie east of the GAS line)."""
    match = _axis_initial_movement()
    match.state.cursor.turn = 18  # turn 205
    match.touch()
    assert ynn(match) == 205
    for hex_id in (SEVASTOPOL, NOVGOROD):  # T29: both Axis-held, in overland supply (8.2)
        match.state.control[hex_id] = "axis"
    put(match, "ger-id-7", SEVASTOPOL)
    refused(match, f"strategic ger-id-7 {NOVGOROD}", "by an OKH area", rule="PMD 11.2")
    refused(match, "strategic ger-id-7 box:okh-north", "half of the map", rule="PMD 11.2")
    weeks = []
    for dest in ("box:okh-south", "box:okh-north", NOVGOROD):
        match.apply(f"strategic ger-id-7 {dest}")
        weeks.append((match.turn, match.phase.path if match.phase else ""))
        refused(match, f"strategic ger-id-7 {SEVASTOPOL}", "has moved", rule="PMD 11.2")
        end(match)
        to_phase(match, "axis", "movement")
    assert match.state.units["ger-id-7"].loc == NOVGOROD
    assert len(set(weeks)) == 3


def test_a_unit_moved_strategically_into_an_okh_area_enters_by_its_zomo_next_week_11_2() -> None:
    """11.2 with 9.1.1, 9.1.2: a German unit that reached the North OKH area strategically
    moves onto the map by the northern ZOMO next week (or mobile-assaults into it, 14.10); moved
    on to the South OKH area it enters by Romania and Hungary instead; back on the map by a
    strategic move it has no entry left."""
    match = _axis_initial_movement()
    put(match, "ger-id-7", RIGA)
    match.apply(f"strategic ger-id-7 {strategic.OKH['north']}")
    unit = match.state.units["ger-id-7"]
    germany = set(match.resolve_locations(list(strategic.ZOMO["box:okh-north"])))
    assert set(unit.flags["entry"]) == germany
    assert not any(str(a).startswith("move ger-id-7 ") for a in match.legal_actions())
    end(match)
    to_phase(match, "axis", "movement")
    moves = [a for a in match.legal_actions() if str(a).startswith("move ger-id-7 ")]
    assert moves and all(a.args[2] in germany for a in moves)
    match.apply("strategic ger-id-7 box:okh-south")
    south = match.resolve_locations(["country:romania", "country:hungary"])
    assert sorted(unit.flags["entry"]) == sorted(south)
    end(match)
    to_phase(match, "axis", "movement")
    match.state.control[LVOV] = "axis"
    match.apply(f"strategic ger-id-7 {LVOV}")
    assert unit.loc == LVOV and "entry" not in unit.flags


def test_only_a_unit_in_overland_supply_moves_from_an_urban_hex_11_2_8_3() -> None:
    """11.2: the urban hex is in overland supply (8.2); an isolated unit (8.3) is not."""
    match = _axis_initial_movement()
    unit = put(match, "ger-id-7", MINSK)
    assert strategic.overland_supply(match, unit)
    for n, hex_ in enumerate(sorted(match.topology.neighbours(MINSK)), start=1):
        put(match, f"sov-rd-interior-0{n}", hex_)  # no supply line enters Minsk (8.2)
    unit.flags["iso"] = 1
    match.touch()
    assert match.hook.wargame_supply(match=match, unit=unit)["state"] == "iso"
    assert not strategic.overland_supply(match, unit)
