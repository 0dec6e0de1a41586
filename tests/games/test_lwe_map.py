"""The Land Without End stand-in map: regenerable, and true to every hex fact the rulebook states.

The facts are transcribed here from the rules (rule numbers as reconstructed in the digest,
section 0.1); the map is read from the title's shipped ``data/map.json``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tests.games.data_helpers import assert_map_regenerates
from wargame.games.land_without_end.mapgen import generate
from wargame.hexgrid import HexGrid
from wargame.models import HexMap

# Named hexes: hex -> (name on the map, rule that gives the hex).
NAMED = {
    "1209": ("Königsberg", "4.3"),
    "1507": ("Memel", "4.3"),
    "1715": ("Grodno", "2.2"),
    "2141": ("Odessa", "4.2"),
    "2306": ("Riga", "8.7"),
    "2418": ("Minsk", "8.7"),
    "2529": ("Kiev", "8.7"),
    "2548": ("Sevastopol", "8.5"),
    "3339": ("Dnepropetrovsk", "8.7"),
    "3418": ("Smolensk", "8.7"),
    "3701": ("Oranienbaum", "7.11"),
    "3802": ("Leningrad", "8.7"),
    "3835": ("Kharkov", "8.7"),
    "3941": ("Stalino", "8.7"),
    "4026": ("Orel", "8.7"),
    "4344": ("Rostov", "2.2"),
    "4618": ("Moscow", "4.4"),
    "4632": ("Voronezh", "8.7"),
}
# 8.7: the thirteen replacement centres (Odessa printed 2143 there; ruled 2141, RULINGS.md).
CENTRES = [
    "3339",
    "3835",
    "2529",
    "3802",
    "2418",
    "4618",
    "2141",
    "4026",
    "2306",
    "4344",
    "3418",
    "3941",
    "4632",
]
# Classes the text states: 2.2 (Rostov city, Grodno large town), 4.3 (Königsberg city, Memel
# large town), 4.4 (Moscow a city: four points).
CLASSES = {
    "4344": "city",
    "1715": "large-town",
    "1209": "city",
    "1507": "large-town",
    "4618": "city",
}
SIX_A = ["1025", "1125", "1225", "1226", "1326", "1427", "1428"]  # 3.4
ASTERISK = ["1025", "1026", "1027", "1028", "1029", "1030"]  # 8.3
SIVASH = [("2844", "2845"), ("2944", "2945")]  # 7.14
KERCH = [("3348", "3449"), ("3448", "3449")]  # 7.14
CORNERS = {
    "1007": {"north", "west"},
    "4801": {"north", "east"},
    "4853": {"south", "east"},
    "1048": {"south", "west"},
}  # 1.4


@cache
def _doc() -> dict[str, Any]:
    with generate.MAP_PATH.open(encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return doc


@cache
def _grid() -> HexGrid:
    return HexGrid.from_document(_doc())


def _side(a: str, b: str) -> dict[str, Any] | None:
    key = sorted((a, b))
    return next((s for s in _doc()["hexsides"] if s["hexes"] == key), None)


def _neighbours(hex_id: str) -> set[str]:
    """Odd columns half a hex lower (digest 2.1), written independently of wargame.hexgrid."""
    column, row = int(hex_id[:2]), int(hex_id[2:])
    if column % 2:
        steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    else:
        steps = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    return {f"{column + dc:02d}{row + dr:02d}" for dc, dr in steps}


# --------------------------------------------------------------------------- regeneration


def test_committed_map_equals_generator_output() -> None:
    assert_map_regenerates(generate, _doc())


def test_document_validates_and_loads() -> None:
    HexMap.model_validate(_doc())
    assert len(_grid().hexes()) == sum(
        last - first + 1 for first, last in _doc()["rows_by_column"].values()
    )


def test_fit_residuals_are_reported_and_small() -> None:
    """The calibration puts every named hex within one and a half hexes of its town."""
    cal = _doc()["geo"]["calibration"]
    assert len(cal["anchors"]) == 20
    assert all(a["residual_hexes"] < 1.5 for a in cal["anchors"]), cal["anchors"]
    assert 30 < cal["km_per_hex"] < 40  # 20 miles (32 km) side to side, 1.2


# --------------------------------------------------------------------------- the grid (1.4, 2.2)


def test_columns_10_to_48_rows_01_to_53_1_4() -> None:
    rows = {int(c): tuple(r) for c, r in _doc()["rows_by_column"].items()}
    assert min(rows) == 10 and max(rows) == 48
    assert rows[10] == (7, 48)  # the west edge: 1007 to 1048
    assert rows[48] == (1, 53)  # the east edge: 4801 to 4853


@pytest.mark.parametrize("hex_id", sorted(CORNERS))
def test_corner_hexes_lie_on_two_map_sides_1_4(hex_id: str) -> None:
    grid = _grid()
    on = {
        edge for edge in ("north", "south", "east", "west") if hex_id in grid.region(f"edge:{edge}")
    }
    assert on == CORNERS[hex_id]


def test_odd_columns_sit_half_a_hex_lower_7_14() -> None:
    """Only this parity makes 3348 and 3449 share a hexside (7.14) and 2123 touch both 2122 and
    2223 (11.3); Oranienbaum touches Leningrad (7.11)."""
    grid = _grid()
    for a, b in [("3348", "3449"), ("2123", "2122"), ("2123", "2223"), ("3701", "3802")]:
        assert b in grid.neighbours(a)
        assert b in _neighbours(a)


def test_oranienbaum_is_on_the_north_edge_row_01_7_11() -> None:
    assert "3701" in _grid().region("edge:north")


# --------------------------------------------------------------------------- named hexes


@pytest.mark.parametrize("hex_id", sorted(NAMED))
def test_named_hex_is_where_the_rulebook_puts_it(hex_id: str) -> None:
    name, rule = NAMED[hex_id]
    entry = _doc()["hexes"][hex_id]
    assert entry["name"] == name
    assert entry["provenance"]["source"] == "rulebook"
    assert f"LWE {rule}" in entry["provenance"]["rule"]
    assert entry.get("terrain", "clear") not in ("sea", "lake")


def test_rostov_4344_and_grodno_1715_2_2() -> None:
    """P5: Rostov is 4344, a city; Grodno 1715, a large town."""
    hexes = _doc()["hexes"]
    assert hexes["4344"]["name"] == "Rostov" and "city" in hexes["4344"]["features"]
    assert hexes["1715"]["name"] == "Grodno" and "large-town" in hexes["1715"]["features"]


@pytest.mark.parametrize("hex_id", sorted(CLASSES))
def test_town_class_stated_by_the_rules(hex_id: str) -> None:
    entry = _doc()["hexes"][hex_id]
    assert CLASSES[hex_id] in entry["features"]
    assert entry["attrs"]["vp"] == {"city": 4, "large-town": 2}[CLASSES[hex_id]]  # 4.2


def test_thirteen_replacement_centres_are_cities_or_large_towns_8_7() -> None:
    hexes = _doc()["hexes"]
    assert len(CENTRES) == 13
    for hex_id in CENTRES:
        assert {"city", "large-town"} & set(hexes[hex_id]["features"]), hex_id


def test_odessa_is_2141_not_2143_4_2_8_5() -> None:
    """Ruling: 8.7 prints Odessa as 2143; 4.2 and 8.5 give 2141, where geography puts it."""
    hexes = _doc()["hexes"]
    assert hexes["2141"]["name"] == "Odessa"
    assert hexes.get("2143", {}).get("name") != "Odessa"
    odessa = next(a for a in _doc()["geo"]["calibration"]["anchors"] if a["place"] == "odessa")
    assert odessa["residual_hexes"] < 0.5


def test_city_hexes_are_clear_9_10() -> None:
    for hex_id, entry in _doc()["hexes"].items():
        if "city" in entry.get("features", []):
            assert entry.get("terrain", "clear") == "clear", hex_id


def test_one_hex_fortified_line_2845_11_23() -> None:
    assert "fortified-line" in _doc()["hexes"]["2845"]["features"]


@pytest.mark.parametrize(("a", "b"), SIVASH)
def test_sivash_hexsides_7_14(a: str, b: str) -> None:
    side = _side(a, b)
    assert side is not None and side["features"] == ["sivash"]
    assert side["provenance"] == {"source": "rulebook", "rule": "LWE 7.14, 9.16"}


@pytest.mark.parametrize(("a", "b"), KERCH)
def test_kerch_strait_hexsides_7_14(a: str, b: str) -> None:
    side = _side(a, b)
    assert side is not None and side["features"] == ["kerch"]


def test_sivash_lies_wholly_in_the_southern_weather_zone_10_7() -> None:
    swz = set(_doc()["regions"]["weather-swz"]["hexes"])
    assert {h for pair in SIVASH for h in pair} <= swz
    assert "4618" not in swz and "2141" not in swz  # the SWZ is only part of the Crimea (10.2)


def test_sixth_army_area_3_4() -> None:
    """P7: units marked 6A set up in 1025, 1125, 1225, 1226, 1326, 1427 or 1428."""
    region = _doc()["regions"]["army:6A"]
    assert region["hexes"] == SIX_A
    assert region["provenance"] == {"source": "rulebook", "rule": "LWE 3.4"}
    grid = _grid()
    seen, todo = {SIX_A[0]}, [SIX_A[0]]  # the area is one connected chain
    while todo:
        for n in grid.neighbours(todo.pop()):
            if n in SIX_A and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(SIX_A)


def test_army_areas_never_overlap_3_4() -> None:
    areas = [set(r["hexes"]) for name, r in _doc()["regions"].items() if name.startswith("army:")]
    assert sum(len(a) for a in areas) == len(set().union(*areas))


def test_asterisk_entry_hexes_on_the_west_edge_8_3() -> None:
    assert _doc()["regions"]["entry:asterisk"]["hexes"] == ASTERISK
    assert set(ASTERISK) <= _grid().region("edge:west")


def test_soviet_supply_sources_east_edge_and_south_edge_from_3752_7_9() -> None:
    regions = _doc()["regions"]
    assert regions["soviet-source:east"]["hexes"] == [f"48{r:02d}" for r in range(1, 54)]
    south = regions["soviet-source:south"]["hexes"]
    assert south[0] == "3752" and south[-1] == "4853"
    assert set(south) <= _grid().region("edge:south")


def test_german_sources_are_west_edge_hexes_of_greater_germany_and_romania_7_3() -> None:
    regions = _doc()["regions"]
    axis = set(regions["country:greater-germany"]["hexes"]) | set(
        regions["country:romania"]["hexes"]
    )
    sources = set(regions["german-source:west"]["hexes"])
    assert sources and sources <= axis & _grid().region("edge:west")
    assert sources & set(regions["country:romania"]["hexes"])  # Romania touches the west edge


def test_memel_and_konigsberg_are_in_greater_germany_4_3() -> None:
    assert {"1507", "1209"} <= set(_doc()["regions"]["country:greater-germany"]["hexes"])


def test_named_soviet_cities_are_in_the_ussr_3_6() -> None:
    ussr = set(_doc()["regions"]["country:ussr"]["hexes"])
    assert set(CENTRES) <= ussr
    assert "1715" in ussr and "1025" in ussr  # Grodno; the 6th Army's area


def test_every_hex_has_a_known_terrain() -> None:
    known = {"clear", "forest", "hills", "marsh", "sea", "lake"}
    assert {e.get("terrain", "clear") for e in _doc()["hexes"].values()} <= known


def test_odessa_is_a_large_town_holding_its_fz_4_2_11_24() -> None:
    """Ruling M5: Odessa is a large town, so its FZ (4.2) stays when DD3 ends (11.24)."""
    assert "large-town" in _doc()["hexes"]["2141"]["features"]
    assert _doc()["regions"]["fz:odessa"]["hexes"] == ["2141"]
    assert _doc()["regions"]["fz:odessa"]["provenance"] == {"source": "rulebook", "rule": "LWE 4.2"}


def test_gas_line_and_sector_line_regions_7_4_9_31() -> None:
    """Stand-in lines (ruling M14): east of the GAS line lie Smolensk and Moscow, not Brest or
    Minsk; south of the sector line lie Kiev and Odessa, not Minsk or Moscow."""
    regions = _doc()["regions"]
    gas, south = set(regions["gas-east"]["hexes"]), set(regions["sector-south"]["hexes"])
    assert {"3418", "4618", "3802"} <= gas and not {"2418", "1715"} & gas
    assert {"2529", "2141", "4344"} <= south and not {"2418", "4618", "3802"} & south
    assert regions["gas-east"]["provenance"]["rule"] == "LWE 7.4"
    assert regions["sector-south"]["provenance"]["rule"] == "LWE 9.31"


def test_ica_entry_hexes_are_black_sea_ports_8_5_9_17() -> None:
    """The ICA enters at Odessa or Sevastopol (8.5) and moves only by sea between ports (9.17)."""
    hexes = _doc()["hexes"]
    for hex_id in ("2141", "2548"):
        assert "black-sea" in hexes[hex_id]["attrs"]["coast"], hex_id


def test_the_sivash_is_no_port_coast_7_10_9_17() -> None:
    """Ruling M10: Sivash water makes no Black Sea or Azov coast (Dzhankoi is no port)."""
    assert _doc()["hexes"]["2946"]["attrs"]["coast"] == ["sivash"]
