"""PGG supply (11.0-11.3, 10.31-10.34, 13.44) on small hand-made maps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.pgg_helpers import (
    at_phase,
    battles,
    hex_map,
    lake,
    make_title,
    put,
    river,
    road,
    soviet,
)
from wargame.games.panzergruppe_guderian import supply
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics import supply as shared_supply
from wargame.mechanics.zoc import zoc_of
from wargame.plugins import Title

ROW20 = [f"{c:02d}20" for c in range(1, 31)]  # 0120, 0220, ... each next to the one before


def corridor_map(columns: int = 10, **extra: Any) -> dict[str, Any]:
    """Twenty rows; row 20 (the south edge) is walled off from row 19 by lake hexsides except
    where ``open`` says, so a line along it is a corridor."""
    opened = {tuple(sorted(p)) for p in extra.pop("open", ())}
    doc = hex_map(columns, 20, **extra)
    from wargame.hexgrid import HexGrid

    grid = HexGrid.from_document(hex_map(columns, 20))
    walls = []
    for c in range(1, columns + 1):
        h = f"{c:02d}20"
        for n in grid.neighbours(h):
            if n.endswith("19") and tuple(sorted((h, n))) not in opened:
                walls.append(lake(h, n))
    doc["hexsides"] = [*walls, *doc["hexsides"]]
    return doc


@pytest.fixture(scope="module")
def open_title(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """25 x 22 clear hexes, no roads: 0120 alone is the German source."""
    return make_title(tmp_path_factory.mktemp("open"), hex_map(25, 22))


@pytest.fixture(scope="module")
def corridor(tmp_path_factory: pytest.TempPathFactory) -> Title:
    return make_title(
        tmp_path_factory.mktemp("corridor"),
        corridor_map(open=[("0419", "0420")]),
    )


def state(match: Match, uid: str) -> str:
    return str(supply.explain_supply(match, match.state.units[uid])["state"])


# ------------------------------------------------------------------ German supply (11.1)


def test_11_11_twenty_hexes_from_0120_is_in_twenty_one_is_out(open_title: Title) -> None:
    m = Match(open_title)
    at_phase(m, "german", "combat")
    topo = open_title.topology
    put(m, "6Inf", "2120")
    put(m, "26Inf", "2220")
    assert topo.distance("0120", "2120") == 20 and topo.distance("0120", "2220") == 21
    assert state(m, "6Inf") == "supplied"
    answer = supply.explain_supply(m, m.state.units["6Inf"])
    assert answer["path"][0] == "2120" and answer["path"][-1] == "0120"
    assert len(answer["path"]) == 21 and "PGG 11.11" in answer["why"]
    assert state(m, "26Inf") == "out"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(col=st.integers(1, 25), row=st.integers(1, 22))
def test_11_11_open_clear_map_supply_is_hex_distance_at_most_twenty(
    open_title: Title, col: int, row: int
) -> None:
    m = Match(open_title)
    at_phase(m, "german", "combat")
    hex_id = f"{col:02d}{row:02d}"
    put(m, "6Inf", hex_id)
    expected = open_title.topology.distance("0120", hex_id) <= 20
    assert (state(m, "6Inf") == "supplied") == expected


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    where=st.lists(
        st.tuples(st.integers(1, 25), st.integers(1, 22)), min_size=1, max_size=6, unique=True
    ),
    unit_at=st.tuples(st.integers(1, 25), st.integers(1, 22)),
)
def test_8_14_soviet_units_never_help_german_supply(
    open_title: Title, where: list[tuple[int, int]], unit_at: tuple[int, int]
) -> None:
    m = Match(open_title)
    at_phase(m, "german", "combat")
    german_hex = f"{unit_at[0]:02d}{unit_at[1]:02d}"
    put(m, "6Inf", german_hex)
    before = state(m, "6Inf")
    rifles = [f"R{n:02d}" for n in range(1, 7)]
    for cid, (c, r) in zip(rifles, where, strict=False):
        hex_id = f"{c:02d}{r:02d}"
        if hex_id != german_hex:
            put(m, cid, hex_id)
    if before == "out":
        assert state(m, "6Inf") == "out"


@pytest.fixture(scope="module")
def road_title(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """Forest everywhere but a road along row 20 from 0120 to 1820."""
    forest = {f"{c:02d}{r:02d}": "forest" for c in range(1, 21) for r in range(1, 23)}
    for h in ROW20[:18]:
        forest.pop(h)
    return make_title(
        tmp_path_factory.mktemp("road"), hex_map(20, 22, terrain=forest, lines=[road(*ROW20[:18])])
    )


def test_11_12_twenty_mp_to_the_road_counted_by_unit_type(road_title: Title) -> None:
    """1805 is more than twenty hexes from 0120 but fifteen forest hexes from the road: fifteen
    MP for infantry (in supply), thirty for a panzer regiment (out)."""
    m = Match(road_title)
    at_phase(m, "german", "combat")
    topo = road_title.topology
    assert topo.distance("0120", "1805") > 20 and topo.distance("1805", "1820") == 15
    put(m, "6Inf", "1805")
    put(m, "Pz/7Pz", "1806")
    answer = supply.explain_supply(m, m.state.units["6Inf"])
    assert answer["state"] == "supplied" and "PGG 11.12" in answer["why"]
    assert answer["path"][0] == "1805" and answer["path"][-1] == "0120"
    assert "15 MP to the road" in answer["why"]
    assert state(m, "Pz/7Pz") == "out"


def test_11_12_road_hex_units_are_in_supply_at_any_distance(road_title: Title) -> None:
    m = Match(road_title)
    at_phase(m, "german", "combat")
    put(m, "Pz/7Pz", "1820")
    assert road_title.topology.distance("0120", "1820") == 17
    put(m, "PzG1/7Pz", "1720")
    assert state(m, "Pz/7Pz") == state(m, "PzG1/7Pz") == "supplied"


@pytest.fixture(scope="module")
def long_road(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """A road along row 20 to 3020, a river across it between 0520 and 0620 and a lake across
    it between 2520 and 2620."""
    return make_title(
        tmp_path_factory.mktemp("long"),
        hex_map(
            30, 22, hexsides=[river("0520", "0620"), lake("2520", "2620")], lines=[road(*ROW20)]
        ),
    )


def test_11_13_roads_cross_rivers_for_supply_not_lakes(long_road: Title) -> None:
    m = Match(long_road)
    at_phase(m, "german", "combat")
    put(m, "Pz/7Pz", "2420")  # beyond the river, before the lake: on the road, 23 hexes out
    answer = supply.explain_supply(m, m.state.units["Pz/7Pz"])
    assert answer["state"] == "supplied" and "PGG 11.12-11.13" in answer["why"]
    assert answer["path"] == ROW20[:24][::-1]
    graph = long_road.topology.graph()
    network = supply.german_road(m)
    assert graph.index["2520"] in network and graph.index["2620"] not in network


def test_11_13_river_cost_is_paid_off_the_road(tmp_path: Path) -> None:
    """The MP leg prices hexsides by the unit's own type: a German crossing a river pays +2
    (PGG 6.7), roads or not (11.13 note). 1019 touches three road hexes, each across a river:
    one MP into 1019's clear neighbour 0919 and one more into the road is cheaper than 1 + 2."""
    sides = [river("1019", h) for h in ("1020", "1120", "0920")]
    title = make_title(tmp_path, hex_map(30, 22, hexsides=sides, lines=[road(*ROW20)]))
    m = Match(title)
    at_phase(m, "german", "combat")
    unit = put(m, "Pz/7Pz", "1019")
    graph = title.topology.graph()
    net = supply.german_mp(m, unit)
    node = graph.index["1019"]
    assert net.dist[node] == 2 * movement.scale(m)
    assert graph.path_ids(net.path(node))[1] in ("0919", "1119")


def test_11_11_soviet_units_block_german_supply(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    assert state(m, "6Inf") == "supplied"
    put(m, "R01", "0320")
    assert state(m, "6Inf") == "out"


def test_8_14_german_units_negate_soviet_zoc_for_supply(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    put(m, "R01", "0419")  # ZOC into 0420 through the one open hexside
    assert state(m, "6Inf") == "out"
    assert "0420" not in supply.explain_supply(m, m.state.units["6Inf"])["path"]
    put(m, "26Inf", "0420")
    answer = supply.explain_supply(m, m.state.units["6Inf"])
    assert answer["state"] == "supplied" and "0420" in answer["path"]


def test_8_16_soviet_zoc_does_not_cross_lake_hexsides(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    put(m, "R01", "0519")  # walled off from the corridor by lake hexsides
    assert state(m, "6Inf") == "supplied"


def test_tec_lake_hexside_blocks_supply(tmp_path: Path) -> None:
    title = make_title(tmp_path, corridor_map(hexsides=[lake("0320", "0420")]))
    m = Match(title)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    put(m, "26Inf", "0220")
    assert state(m, "6Inf") == "out"
    assert state(m, "26Inf") == "supplied"


def test_tec_swamp_may_be_traced_into_not_through(tmp_path: Path) -> None:
    title = make_title(tmp_path, corridor_map(terrain={"0420": "swamp"}))
    m = Match(title)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    put(m, "26Inf", "0420")
    assert state(m, "6Inf") == "out"
    assert state(m, "26Inf") == "supplied"


def test_tec_ruling_a_road_leads_through_a_swamp(tmp_path: Path) -> None:
    """The road leg follows the road whatever the hex's terrain, as movement along a road does;
    the hexes-only and MP lines may still only end in a swamp."""
    title = make_title(tmp_path, corridor_map(terrain={"0420": "swamp"}, lines=[road(*ROW20[:10])]))
    m = Match(title)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    answer = supply.explain_supply(m, m.state.units["6Inf"])
    assert answer["state"] == "supplied" and "0420" in answer["path"]
    assert "PGG 11.12-11.13" in answer["why"]


def test_13_44_soviet_interdiction_marker_cuts_german_supply(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    put(m, "26Inf", "0420")
    m.state.markers["soviet-interdiction"] = {
        "type": "soviet-interdiction",
        "loc": "0320",
        "side": "soviet",
    }
    m.touch()
    assert state(m, "6Inf") == "out"
    assert "Interdiction" in supply.explain_supply(m, m.state.units["6Inf"])["why"]
    # Ruling: a line may start in the marked hex; it may not pass through it.
    put(m, "5Inf", "0320")
    assert state(m, "5Inf") == "supplied"


def test_13_44_marker_on_0120_cuts_every_line(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0220")
    m.state.markers["si"] = {"type": "soviet-interdiction", "loc": "0120", "side": "soviet"}
    m.touch()
    answer = supply.explain_supply(m, m.state.units["6Inf"])
    assert answer["state"] == "out" and "0120" in answer["why"]


def test_13_33_german_air_interdiction_has_no_effect_on_supply(corridor: Title) -> None:
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "6Inf", "0720")
    m.state.markers["ai1"] = {"type": "air-interdiction", "loc": "0320", "side": "german"}
    m.touch()
    assert state(m, "6Inf") == "supplied"


# ------------------------------------------------------------------ Soviet supply (11.2)


@pytest.fixture(scope="module")
def east(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """16 x 22 clear hexes; the east edge is column 16."""
    return make_title(tmp_path_factory.mktemp("east"), hex_map(16, 22))


def test_11_22_lukin_radius_three(east: Title) -> None:
    """A division four hexes from Lukin (rating 3) is out of supply; three hexes, in."""
    m = Match(east)
    at_phase(m, "german", "combat")
    topo = east.topology
    put(m, "Lukin", "1010")
    put(m, "R01", "0710", face=soviet(3, 4))
    put(m, "R02", "0610", face=soviet(3, 4))
    assert topo.distance("1010", "0710") == 3 and topo.distance("1010", "0610") == 4
    answer = supply.explain_supply(m, m.state.units["R01"])
    assert answer["state"] == "supplied" and answer["leader"] == "Lukin"
    assert answer["path"][0] == "0710" and "1010" in answer["path"]
    assert answer["path"][-1] in topo.region("edge:east")
    assert state(m, "R02") == "out"


def test_11_22_a_unit_may_trace_to_another_leader(east: Title) -> None:
    m = Match(east)
    at_phase(m, "german", "combat")
    put(m, "Lukin", "1010")
    put(m, "Konlev", "0410")
    put(m, "R02", "0610", face=soviet(3, 4))
    answer = supply.explain_supply(m, m.state.units["R02"])
    assert answer["state"] == "supplied" and answer["leader"] == "Konlev"


def test_11_23_soviet_units_never_trace_straight_to_the_east_edge(east: Title) -> None:
    """PGG 10.31: "even if they are adjacent to the eastern edge of the game map!"."""
    m = Match(east)
    at_phase(m, "german", "combat")
    put(m, "R01", "1610", face=soviet(3, 4))
    put(m, "R02", "1510", face=soviet(3, 4))
    assert state(m, "R01") == state(m, "R02") == "out"


def test_11_24_leaders_trace_any_length_to_the_east_edge(east: Title) -> None:
    m = Match(east)
    at_phase(m, "german", "combat")
    put(m, "Lukin", "0110")
    answer = supply.explain_supply(m, m.state.units["Lukin"])
    assert answer["state"] == "supplied" and len(answer["path"]) == 16
    assert "PGG 10.34" in answer["why"]


def test_11_21_leader_cut_off_from_the_east_edge_cuts_its_units(corridor: Title) -> None:
    """The corridor map's east edge is only reached through row 19 and above; German units
    walling the leader in cut its line, and the division it coordinates is out too."""
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "Lukin", "0220")
    put(m, "R01", "0120", face=soviet(3, 4))
    assert state(m, "Lukin") == "supplied" and state(m, "R01") == "supplied"
    put(m, "6Inf", "0320")
    answer = supply.explain_supply(m, m.state.units["R01"])
    assert state(m, "Lukin") == "out"
    assert answer["state"] == "out" and answer.get("leader") == "Lukin"
    assert "cannot trace a line to the east edge" in answer["why"]


def test_8_14_german_zoc_cuts_lines_soviet_units_negate(corridor: Title) -> None:
    """6Inf in the corridor at 0520 puts 0420, the way out through 0419, in its ZOC (not 0419:
    a lake hexside is between them); a Soviet unit in 0420 negates it."""
    m = Match(corridor)
    at_phase(m, "german", "combat")
    put(m, "Lukin", "0220")
    put(m, "R02", "0120", face=soviet(3, 4))
    put(m, "6Inf", "0520")
    zone = zoc_of(m, "german")
    assert "0420" in zone and "0419" not in zone
    assert state(m, "Lukin") == "out" and state(m, "R02") == "out"
    put(m, "R03", "0420", face=soviet(3, 4))
    assert state(m, "Lukin") == "supplied"
    assert state(m, "R02") == "supplied"


def test_6_64_disrupted_leader_coordinates_no_supply(east: Title) -> None:
    m = Match(east)
    at_phase(m, "german", "combat")
    put(m, "Lukin", "1010", disrupted=True)
    put(m, "R01", "0910", face=soviet(3, 4))
    assert state(m, "R01") == "out"
    assert state(m, "Lukin") == "supplied"  # its own line is unaffected


def test_6_4_soviet_lines_may_run_through_hexrows_01_and_02(east: Title) -> None:
    m = Match(east)
    at_phase(m, "soviet", "combat", turn=2)
    put(m, "Konlev", "0310")
    put(m, "R01", "0110", face=soviet(3, 4))
    assert state(m, "R01") == "supplied"


# ------------------------------------------------------------------ when and what (11.0, 11.3)


def test_11_33_units_are_supplied_the_player_turn_they_enter(tmp_path: Path) -> None:
    title = make_title(tmp_path, corridor_map(regions={"entry:Q": ["0720"]}))
    m = Match(title)
    at_phase(m, "german", "movement", turn=2)
    m.state.markers["si"] = {"type": "soviet-interdiction", "loc": "0320", "side": "soviet"}
    unit = put(m, "6Inf", "box:reinforcements", entry=["0720"])
    assert "out-of-supply" not in unit.markers
    m.apply("move 6Inf box:reinforcements 0720")
    assert unit.flags["entered"] == [2, "german"]
    answer = supply.explain_supply(m, unit)
    assert answer["state"] == "supplied" and "PGG 11.33" in answer["why"]
    at_phase(m, "soviet", "combat", turn=3)
    assert state(m, "6Inf") == "out"


def test_11_0_movement_supply_is_fixed_at_the_start_of_the_phase(corridor: Title) -> None:
    """Out of supply at the start of the Movement Phase: halved all phase even once the line is
    open again; combat supply is judged at the instant."""
    m = Match(corridor)
    put(m, "6Inf", "0720")
    blocker = put(m, "R01", "0320")
    at_phase(m, "german", "movement", turn=3)
    unit = m.state.units["6Inf"]
    assert "out-of-supply" in unit.markers
    assert movement.allowance(m, unit) == 3 * movement.scale(m)
    m.eliminate(blocker)
    assert supply.in_supply(m, unit)
    assert movement.allowance(m, unit) == 3 * movement.scale(m)
    at_phase(m, "german", "mechanized-movement", turn=3)  # the Germans check twice (11.0)
    assert "out-of-supply" not in unit.markers


def test_11_31_out_of_supply_9_7_is_4_and_3(corridor: Title) -> None:
    m = Match(corridor)
    put(m, "6Inf", "0720")
    put(m, "R01", "0320", face=soviet(1, 2))
    put(m, "R02", "0820", face=soviet(1, 2))
    at_phase(m, "german", "movement", turn=3)
    unit = m.state.units["6Inf"]
    assert movement.allowance(m, unit) / movement.scale(m) == 3
    _, lines = movement.allowance_explained(m, unit)  # halved by the supply mechanic
    assert [line.rule for line in lines if "out of supply" in line.text] == ["PGG 11.31-11.32"]
    at_phase(m, "german", "combat", turn=3)
    (battle,) = battles(m.apply("attack 0820 with 6Inf"))
    assert battle.attack == 4
    assert any("PGG 11.31" in line for line in battle.explanation)


def test_8_14_11_11_one_place_says_what_blocks_a_line(corridor: Title) -> None:
    """PGG's lines are blocked where the supply mechanic says (enemy units, enemy ZOC without a
    friendly unit), asked by side or by unit alike; the TEC's lake hexside and swamp come from
    the terrain chart."""
    m = Match(corridor)
    unit = put(m, "6Inf", "0720")
    put(m, "R01", "0320")
    by_side = shared_supply.blocked(m, "german")
    assert by_side == shared_supply.blocked(m, unit)
    assert supply.blocked(m, "german") == by_side
    assert m.topology.graph().index["0320"] in by_side
    assert "lake" in shared_supply.blocked_edges(m)


def test_11_32_never_below_one() -> None:
    assert supply.halved_allowance(1) == 1
    assert supply.halved_allowance(3) == 1
    assert supply.halved_allowance(10) == 5
    assert supply.halved_allowance(0) == 0


def test_11_32_a_1_7_out_of_supply_still_attacks_with_1(corridor: Title) -> None:
    m = Match(corridor)
    unit = put(m, "6Inf", "0720")
    unit.step = 3  # the 1-7 strength level (9.63)
    put(m, "R01", "0320", face=soviet(1, 2))
    put(m, "R02", "0820", face=soviet(1, 2))
    at_phase(m, "german", "combat", turn=3)
    (battle,) = battles(m.apply("attack 0820 with 6Inf"))
    assert battle.attack == 1


def test_11_0_combat_supply_at_the_instant_of_combat(corridor: Title) -> None:
    """A stale movement-phase flag does not matter in combat: supply is traced when the battle
    is fought (11.0 procedure)."""
    m = Match(corridor)
    put(m, "6Inf", "0720", **{"out-of-supply": True})
    put(m, "R02", "0820", face=soviet(1, 2))
    at_phase(m, "german", "combat", turn=3)
    (battle,) = battles(m.apply("attack 0820 with 6Inf"))
    assert battle.attack == 9


def test_wargame_supply_hook_answers_with_explain_supply(east: Title) -> None:
    m = Match(east)
    at_phase(m, "german", "combat")
    unit = put(m, "Lukin", "1010")
    answer = m.hook.wargame_supply(match=m, unit=unit)
    assert answer == supply.explain_supply(m, unit)
    assert set(answer) >= {"state", "path", "why"}
