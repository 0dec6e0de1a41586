"""The Soviet Fortified Area (BARB 8.18, 11.22, 10.25, 7.20), the German East Wall (11.21,
7.20), placed as markers, and the fortified lines printed on the map (10.19, 11.21, 7.20, 5.12)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import ADMIN, cleared_road_back
from tests.titles.variants import clear, put
from wargame.actions import Action, Decision, IllegalAction
from wargame.games.barbarossa import combat, forts, supply
from wargame.match import Battle, Match
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return cleared_road_back(registry)


def rules(m: Match, battle: Battle) -> list[tuple[int, str]]:
    shifts = combat.wargame_combat_shifts(m, battle) + forts.wargame_combat_shifts(m, battle)
    return [(s.columns, s.rule) for s in shifts]


def place_fa(m: Match) -> str:
    m.state.cursor.turn = 16
    m.touch()
    forts.placements(m, ADMIN)
    assert m.decision.side == "soviet" and m.decision.kind == "fortified-area"
    site = forts.fa_sites(m)[0]
    m.apply(f"fa {site}")
    return site


def test_the_fa_is_placed_on_gt16_among_friendly_supplied_hexes_8_18(rb: Match) -> None:
    rb.state.cursor.turn = 15
    forts.placements(rb, ADMIN)
    assert rb.decision.kind != "fortified-area"  # not before GT16
    rb.state.cursor.turn = 16
    rb.touch()
    forts.placements(rb, ADMIN)
    site = forts.fa_sites(rb)[0]
    ring = rb.topology.neighbours(site)
    assert len(ring) == 6 and all(rb.state.control[h] == "soviet" for h in ring)
    german = next(h for h in sorted(rb.topology.hexes()) if rb.state.control.get(h) == "german")
    before = rb.state_hash()
    with pytest.raises(IllegalAction, match="BARB 8.18"):
        rb.apply(f"fa {german}")
    assert rb.state_hash() == before
    rb.apply(f"fa {site}")
    assert rb.state.vars["fa"] == {"hex": site, "turn": 16}


def test_fa_shifts_one_then_two_and_then_bars_concentric_and_turns_dr_into_bb_8_18(
    rb: Match,
) -> None:
    site = place_fa(rb)
    ring = rb.topology.neighbours(site)
    put(rb, "sov-47", ring[0])
    attackers = []
    for h, uid in zip(
        [n for n in rb.topology.neighbours(ring[0]) if n != site][:2],
        ["ger-5", "ger-4"],
        strict=True,
    ):
        put(rb, uid, h)
        attackers.append(uid)
    battle = Battle(
        "bx", attackers, ["sov-47"], ring[0], {u: rb.state.units[u].loc for u in attackers}
    )
    assert (-1, "BARB 8.18") in rules(rb, battle)
    assert combat.converted(rb, battle, "DR") == ("DR", None)
    rb.state.cursor.turn = 17
    assert (-2, "BARB 8.18") in rules(rb, battle)
    assert combat.converted(rb, battle, "DR") == ("BB", "BARB 8.18")
    assert forts.no_concentric(rb, ring[0])
    assert "BARB 11.24" not in [r for _, r in rules(rb, battle)]


def test_fa_hexes_bar_mobile_assault_and_german_supply_10_25_7_20(rb: Match) -> None:
    rb.touch()
    before = supply.overland(rb, "german")
    site = place_fa(rb)
    assert site in before and site not in supply.overland(rb, "german")
    rb.state.cursor.turn = 17  # a single month: German mobile assaults allowed (10.23)
    decision = Decision("german", "movement", 17, "german/movement")
    why = combat.wargame_veto(rb, decision, Action("overrun", (site, "with", "ger-5")))
    assert why is not None and "BARB 10.25" in why


def test_the_german_taking_the_fa_hex_ends_it_for_good_8_18(rb: Match) -> None:
    site = place_fa(rb)
    unit = put(rb, "ger-5", site)
    rb.state.control[site] = "german"
    forts.wargame_moved(rb, [unit], [rb.topology.neighbours(site)[0], site])
    assert "fa" not in rb.state.vars and rb.state.ns("barbarossa-forts")["fa_gone"]
    rb.state.cursor.turn = 16
    forts.placements(rb, ADMIN)
    assert rb.decision is None or rb.decision.kind != "fortified-area"


def place_walls(m: Match) -> list[str]:
    m.state.cursor.turn = 19
    m.touch()
    forts.placements(m, ADMIN)
    assert m.decision.side == "german" and m.decision.kind == "east-wall"
    placed = []
    for _ in range(forts.WALLS):
        h = forts.wall_sites(m)[0]
        m.apply(f"eastwall {h}")
        placed.append(h)
    return placed


def test_ten_east_wall_counters_on_gt19_in_german_non_city_hexes_of_the_ussr_11_21(
    rb: Match,
) -> None:
    placed = place_walls(rb)
    assert len(set(placed)) == 10 and "east_wall_left" not in rb.state.ns("barbarossa-forts")
    assert rb.decision is None or rb.decision.kind != "east-wall"
    assert not any(combat.is_city(rb, h) for h in placed)
    assert all(rb.state.control[h] == "german" for h in placed)


def test_east_wall_shifts_soviet_attacks_blocks_soviet_supply_and_falls_to_entry_11_21_7_20(
    rb: Match,
) -> None:
    rb.touch()
    placed = place_walls(rb)
    wall = placed[0]
    put(rb, "ger-5", wall)
    attacker = next(h for h in rb.topology.neighbours(wall) if h not in placed)
    put(rb, "sov-47", attacker)
    battle = Battle("bx", ["sov-47"], ["ger-5"], wall, {"sov-47": attacker})
    assert (-1, "BARB 11.21") in rules(rb, battle)
    assert wall in forts.supply_blocks(rb, "soviet") and wall not in supply.overland(rb, "soviet")
    clear(rb)
    unit = put(rb, "sov-47", wall)
    forts.wargame_moved(rb, [unit], [attacker, wall])
    assert wall not in forts.walls(rb)  # destroyed for good
    assert (-1, "BARB 11.21") not in rules(rb, battle)


def test_a_mobile_assault_into_an_east_wall_hex_costs_one_more_10_19(rb: Match) -> None:
    from wargame.mechanics import overrun

    rb.state.cursor.turn = 25  # Soviet mech may mobile assault (10.23)
    placed = place_walls(rb)
    wall = next(h for h in placed if rb.topology.terrain(h) == "clear")
    launch = next(
        h
        for h in sorted(rb.topology.neighbours(wall))
        if h not in placed and "river" not in rb.topology.edge(h, wall).features
    )
    tank = put(rb, "sov-3t", launch)
    assert overrun.cost(rb, tank, launch, wall) == 4  # 3 into clear (ruling 7), +1 (10.19)
    rb.state.vars["east_wall"].remove(wall)  # the counter gone: clear again
    assert overrun.cost(rb, tank, launch, wall) == 3


# ------------------------------------------------------------------ printed lines (11.21)


def a_line(m: Match, owner: str) -> tuple[str, str]:
    """A clear, non-city hex of the owner's printed line and a land neighbour off every line
    across no river."""
    for h, o in sorted(forts.printed(m).items()):
        if o != owner or m.topology.terrain(h) != "clear" or combat.is_city(m, h):
            continue
        for n in sorted(m.topology.neighbours(h)):
            edge = m.topology.edge(h, n)
            land = m.topology.terrain(n) not in ("sea", "lake")
            if n not in forts.printed(m) and land and (edge is None or not edge.features):
                return h, n
    raise AssertionError(f"no clear {owner} line hex")


def test_the_map_prints_soviet_lines_and_german_ones_west_of_the_border_11_21_7_20(
    rb: Match,
) -> None:
    lines = forts.printed(rb)
    soviet = {h for h, o in lines.items() if o == "soviet"}
    german = {h for h, o in lines.items() if o == "german"}
    assert soviet and german
    assert soviet <= rb.topology.region("country:ussr")
    assert german <= rb.topology.region("country:germany")  # west of the border (7.20)
    assert all(rb.topology.attrs(h)["fort"] for h in lines)


def test_attacking_into_an_enemy_printed_line_is_1l_none_for_a_defender_in_his_enemys_11_21(
    rb: Match,
) -> None:
    line, outside = a_line(rb, "soviet")
    put(rb, "sov-47", line)
    put(rb, "ger-5", outside)
    german_attack = Battle("b1", ["ger-5"], ["sov-47"], line, {"ger-5": outside})
    assert (-1, "BARB 11.21") in rules(rb, german_attack)
    clear(rb)
    put(rb, "ger-5", line)  # the German holds the Soviet line: it does nothing for him
    put(rb, "sov-47", outside)
    soviet_attack = Battle("b2", ["sov-47"], ["ger-5"], line, {"sov-47": outside})
    assert (-1, "BARB 11.21") not in rules(rb, soviet_attack)
    assert (-1, "BARB 11.21") in rules(rb, german_attack)  # indestructible: retaken, it counts


def test_a_german_line_falls_to_the_first_soviet_entry_after_gt4_a_soviet_line_never_11_21(
    rb: Match,
) -> None:
    german, outside = a_line(rb, "german")
    forts.note_ma_lines(rb)
    rb.state.cursor.turn = 4
    unit = put(rb, "sov-47", german)
    forts.wargame_moved(rb, [unit], [outside, german])
    assert german in forts.lines(rb, "german")  # not before the end of GT4
    rb.state.cursor.turn = 5
    forts.wargame_moved(rb, [unit], [outside, german])
    assert german not in forts.lines(rb, "german")
    assert german not in rb.state.vars["ma_lines"]["soviet"]
    soviet, beside = a_line(rb, "soviet")
    tank = put(rb, "ger-5", soviet)
    forts.wargame_moved(rb, [tank], [beside, soviet])
    assert soviet in forts.lines(rb, "soviet")


def test_supply_never_enters_an_enemy_line_7_20(rb: Match) -> None:
    soviet, _ = a_line(rb, "soviet")
    german, _ = a_line(rb, "german")
    rb.state.control[soviet] = "soviet"
    assert soviet in forts.supply_blocks(rb, "german")
    rb.state.control[soviet] = "german"  # German-controlled: no longer a Soviet fortification
    assert soviet not in forts.supply_blocks(rb, "german")
    assert german in forts.supply_blocks(rb, "soviet")
    rb.state.ns("barbarossa-forts")["lines_destroyed"] = [german]
    assert german not in forts.supply_blocks(rb, "soviet")


def test_a_mobile_assault_into_an_enemy_printed_line_costs_one_more_10_19(rb: Match) -> None:
    from wargame.mechanics import overrun

    line, launch = a_line(rb, "soviet")
    forts.note_ma_lines(rb)
    panzer = put(rb, "ger-40pz", launch)
    assert overrun.cost(rb, panzer, launch, line) == 4  # 3 into clear (ruling 7), +1 (10.19)
    away = next(
        h
        for h in sorted(rb.topology.neighbours(launch))
        if h not in forts.printed(rb)
        and rb.topology.terrain(h) == "clear"
        and not combat.is_city(rb, h)
        and not rb.topology.edge(launch, h).features
    )
    assert overrun.cost(rb, panzer, launch, away) == 3
    soviet_tank = put(rb, "sov-3t", launch)
    assert overrun.cost(rb, soviet_tank, launch, line) == 3  # his own line: no extra


def test_soviet_units_in_a_fortified_line_owe_no_mandatory_attack_5_12(rb: Match) -> None:
    line, outside = a_line(rb, "soviet")
    put(rb, "ger-5", outside)
    put(rb, "sov-47", line)
    other = next(
        h
        for h in sorted(rb.topology.neighbours(outside))
        if h not in forts.printed(rb)
        and h != line
        and rb.topology.terrain(h) == "clear"
        and not combat.is_city(rb, h)
    )
    put(rb, "sov-48", other)
    combat.note_obligations(rb)
    owed = rb.state.secrets["soviet"]["must_attack"]["units"]
    assert "sov-47" not in owed and "sov-48" in owed
