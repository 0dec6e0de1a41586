"""The Panzergruppe Guderian stand-in map: regenerable, and true to every fact the rulebook states.

The facts are transcribed here from the rules (rule numbers cited); the map is read from the
title's shipped ``data/map.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.data_helpers import assert_map_regenerates
from wargame.games.panzergruppe_guderian.mapgen import generate
from wargame.geo import hex_distance, hex_line
from wargame.geomap import Layout
from wargame.hexgrid import HexGrid
from wargame.models import HexMap

# PGG 15.11: the German VP schedule (Roslavl is printed "Roslovi").
VP_CITIES = {
    "vitebsk": ("Vitebsk", 10),
    "orsha": ("Orsha", 5),
    "mogilev": ("Mogilev", 5),
    "smolensk": ("Smolensk", 25),
    "roslavl": ("Roslavl", 10),
    "yelnya": ("Yelnya", 10),
    "rzhev": ("Rzhev", 5),
    "gzhatsk": ("Gzhatsk", 5),
    "vyazma": ("Vyazma", 15),
    "kaluga": ("Kaluga", 20),
}
# PGG 5.1: Soviet initial deployment.
SETUP = {
    "setup:24th": ["4015"],
    "setup:16th": ["2216"],
    "setup:19th": ["1414"],
    "setup:13th": ["0123", "0124", "0125", "0126"],
    "setup:20th": ["0108", "0109", "0110", "0111", "0112", "0113", "0114", "0115"],
}
# PGG 14.3: Entrance Area B (0111 is not listed).
AREA_B = ["0101", "0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0112"]
CITY_TERRAIN = {"major-city", "minor-city"}
TERRAIN = {"clear", "forest", "swamp", *CITY_TERRAIN}


@cache
def _doc() -> dict[str, Any]:
    with generate.MAP_PATH.open(encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return doc


@pytest.fixture
def doc() -> dict[str, Any]:
    return _doc()


def _parse(hex_id: str) -> tuple[int, int]:
    assert len(hex_id) == 4 and hex_id.isdigit(), hex_id
    return int(hex_id[:2]), int(hex_id[2:])


def _neighbours(hex_id: str) -> set[str]:
    """Flat-top XXYY grid whose even columns sit half a hex lower (written independently of the
    generator and of wargame.hexgrid)."""
    column, row = _parse(hex_id)
    if column % 2 == 0:
        steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    else:
        steps = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    return {f"{column + dc:02d}{row + dr:02d}" for dc, dr in steps if row + dr >= 0}


def _on_map(doc: dict[str, Any], hex_id: str) -> bool:
    column, row = _parse(hex_id)
    return 1 <= column <= doc["columns"] and 1 <= row <= doc["rows"]


def _lines(doc: dict[str, Any], kind: str) -> Iterator[dict[str, Any]]:
    return (line for line in doc["lines"] if line["kind"] == kind)


def _line_hexes(doc: dict[str, Any], kind: str) -> set[str]:
    return {h for line in _lines(doc, kind) for h in line["hexes"]}


def _rulebook(entry: dict[str, Any], rule: str) -> bool:
    return entry.get("provenance") == {"source": "rulebook", "rule": rule}


# --------------------------------------------------------------------------- regeneration


def test_committed_map_equals_generator_output() -> None:
    assert_map_regenerates(generate, _doc())


def test_document_validates_and_loads(doc: dict[str, Any]) -> None:
    HexMap.model_validate(doc)
    grid = HexGrid.from_document(doc)
    assert len(grid.hexes()) == doc["columns"] * doc["rows"]
    assert grid.boxes() == ("box:reinforcements",)  # where scheduled arrivals wait (PGG 14.3)
    assert doc["provenance"]["source"] == "stand-in" and doc["provenance"]["note"]


# --------------------------------------------------------------------------- grid facts


def test_numbering_is_column_first_west_to_east(doc: dict[str, Any]) -> None:
    # PGG 5.23/6.4/13.2: XX is the hexrow, 01 the westernmost; YY south is the SPI ruling.
    assert doc["numbering"] == {
        "digits": [2, 2],
        "order": "column-first",
        "first_column": 1,
        "first_row": 1,
        "column_direction": "east",
        "row_direction": "south",
        "orientation": "flat",
        "shifted": "even",
    }


def test_grid_is_at_least_59_by_26(doc: dict[str, Any]) -> None:
    # 5907/5915 (PGG 15.11) and 0126 (PGG 5.1) bound the grid from below.
    assert doc["columns"] >= 59 and doc["rows"] >= 26
    assert doc["exclude"] == [] and doc["rows_by_column"] is None
    grid = HexGrid.from_document(doc)
    for column in ("column:01", "column:02", "column:40"):  # PGG 6.4, 13.2
        assert len(grid.region(column)) == doc["rows"]


def test_road_hex_0120_on_west_edge(doc: dict[str, Any]) -> None:
    # PGG 11.11: German supply source.
    assert _on_map(doc, "0120") and _parse("0120")[0] == 1
    entry = doc["hexes"]["0120"]
    assert "road" in entry["features"] and _rulebook(entry, "PGG 11.11")
    assert "0120" in _line_hexes(doc, "road")
    grid = HexGrid.from_document(doc)
    assert "0120" in grid.region("edge:west") and "road" in grid.features("0120")


def test_setup_hexes(doc: dict[str, Any]) -> None:
    for name, hexes in SETUP.items():
        region = doc["regions"][name]
        assert region["hexes"] == hexes and _rulebook(region, "PGG 5.1")
        assert all(_on_map(doc, h) for h in hexes)


def test_entrance_area_b(doc: dict[str, Any]) -> None:
    region = doc["regions"]["area:B"]
    assert region["hexes"] == AREA_B and _rulebook(region, "PGG 14.3")
    assert "0111" not in region["hexes"]


def test_vp_hexes_5907_5915(doc: dict[str, Any]) -> None:
    for hex_id in ("5907", "5915"):
        assert _on_map(doc, hex_id)
        assert doc["hexes"][hex_id]["attrs"]["vp"] == 20
        assert _rulebook(doc["hexes"][hex_id], "PGG 15.11")
        region = doc["regions"][f"vp:{hex_id}"]
        assert region["hexes"] == [hex_id] and _rulebook(region, "PGG 15.11")
        assert hex_id in _line_hexes(doc, "road")  # stand-in: on the roads to Moscow


def test_smolensk_has_exactly_two_adjacent_hexes(doc: dict[str, Any]) -> None:
    region = doc["regions"]["city:smolensk"]
    assert len(region["hexes"]) == 2 and region["provenance"]["rule"] == "PGG 13.2"
    a, b = region["hexes"]
    assert b in _neighbours(a)
    named = sorted(h for h, e in doc["hexes"].items() if e.get("name") == "Smolensk")
    assert named == sorted(region["hexes"])


def test_vp_cities_present_with_names_and_values(doc: dict[str, Any]) -> None:
    city_regions = {k for k in doc["regions"] if k.startswith("city:")}
    assert city_regions == {f"city:{key}" for key in VP_CITIES}
    for key, (name, vp) in VP_CITIES.items():
        hexes = doc["regions"][f"city:{key}"]["hexes"]
        assert hexes
        for hex_id in hexes:
            entry = doc["hexes"][hex_id]
            assert entry["name"] == name and entry["terrain"] in CITY_TERRAIN
            assert entry["attrs"] == {"city": key, "vp": vp} | (
                {"rulebook_name": "Roslovi"} if key == "roslavl" else {}
            )


def test_cities_sit_where_geography_puts_them(doc: dict[str, Any]) -> None:
    def where(key: str) -> tuple[int, int]:
        return _parse(doc["regions"][f"city:{key}"]["hexes"][0])

    assert where("vitebsk")[0] < where("smolensk")[0] < where("vyazma")[0] < where("kaluga")[0]
    assert where("vitebsk")[1] < where("orsha")[1] < where("mogilev")[1]
    assert where("rzhev")[1] < where("vyazma")[1] < where("kaluga")[1]
    assert where("yelnya")[0] > where("smolensk")[0] and where("roslavl")[1] > where("yelnya")[1]


# --------------------------------------------------------------------------- geometry


def test_lines_are_adjacent_hex_paths_on_the_map(doc: dict[str, Any]) -> None:
    assert {line["kind"] for line in doc["lines"]} == {"road", "rail"}
    for line in doc["lines"]:
        hexes = line["hexes"]
        assert len(hexes) >= 2 and all(_on_map(doc, h) for h in hexes), line["name"]
        for a, b in zip(hexes, hexes[1:], strict=False):
            assert b in _neighbours(a), f"{line['name']}: {a} -> {b}"


def test_hexsides_lie_between_adjacent_map_hexes(doc: dict[str, Any]) -> None:
    rivers = [s for s in doc["hexsides"] if "river" in s["features"]]
    assert len(rivers) > 100
    assert any("lake" in s["features"] for s in doc["hexsides"])
    seen = set()
    for side in doc["hexsides"]:
        a, b = side["hexes"]
        assert _on_map(doc, a) and _on_map(doc, b) and b in _neighbours(a), side
        assert set(side["features"]) <= {"river", "lake"}
        assert (a, b) not in seen and a < b
        seen.add((a, b))
    names = {s.get("name") for s in rivers}
    assert {"Dnepr", "Western Dvina", "Desna", "Sozh", "Vop", "Ugra", "Vazuza"} <= names


def test_terrain_ids_and_shares(doc: dict[str, Any]) -> None:
    assert doc["default_terrain"] == "clear"
    for hex_id, entry in doc["hexes"].items():
        assert _on_map(doc, hex_id)
        assert entry.get("terrain", "clear") in TERRAIN
    total = doc["columns"] * doc["rows"]
    counts = {t: sum(1 for e in doc["hexes"].values() if e.get("terrain") == t) for t in TERRAIN}
    assert 0.10 <= counts["forest"] / total <= 0.25
    assert 0.01 <= counts["swamp"] / total <= 0.08


def test_entrances_and_areas(doc: dict[str, Any]) -> None:
    regions = doc["regions"]
    rail = _line_hexes(doc, "rail")
    for letter in "ABCDEFGH":
        hexes = regions[f"area:{letter}"]["hexes"]
        assert hexes and all(_on_map(doc, h) for h in hexes)
        # German areas lie on the west edge, the south edge or the north edge's western end.
        for hex_id in hexes:
            column, row = _parse(hex_id)
            assert column == 1 or row == doc["rows"] or (row == 1 and column <= 10), hex_id
    for name in ("entry:X", "entry:V", "entry:W", *(f"entry:{n}" for n in range(1, 7))):
        assert len(regions[name]["hexes"]) == 1 and _on_map(doc, regions[name]["hexes"][0])
    (z,) = regions["entry:Z"]["hexes"]
    assert _parse(z)[1] == doc["rows"] and z in rail  # PGG 14.22: a south-edge railroad hex
    (x,) = regions["entry:X"]["hexes"]
    assert _parse(x)[0] == doc["columns"] and x != "5907"


def test_supply_road_from_0120_reaches_smolensk(doc: dict[str, Any]) -> None:
    # Stand-in sanity for PGG 11.11: the road net joins the west-edge road hex to the VP cities.
    roads: dict[str, set[str]] = {}
    for line in _lines(doc, "road"):
        for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
            roads.setdefault(a, set()).add(b)
            roads.setdefault(b, set()).add(a)
    reached, frontier = {"0120"}, ["0120"]
    while frontier:
        for nxt in roads.get(frontier.pop(), ()):
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    for key in VP_CITIES:
        assert set(doc["regions"][f"city:{key}"]["hexes"]) & reached, key
    assert {"5907", "5915"} <= reached


# --------------------------------------------------------------------------- hex math


@given(st.integers(1, 59), st.integers(1, 28), st.integers(1, 59), st.integers(1, 28))
def test_generator_hex_lines_are_adjacent(c1: int, r1: int, c2: int, r2: int) -> None:
    layout = _layout()
    a, b = layout.numbering.to_axial(c1, r1), layout.numbering.to_axial(c2, r2)
    path = [layout.hex_id(h) for h in hex_line(a, b)]
    assert path[0] == f"{c1:02d}{r1:02d}" and path[-1] == f"{c2:02d}{r2:02d}"
    assert len(path) == hex_distance(a, b) + 1
    for x, y in zip(path, path[1:], strict=False):
        assert y in _neighbours(x)


def test_generator_grid_is_the_maps_whole_rectangle_and_its_edges() -> None:
    """The kernel builder's layout of PGG's rectangular sheet (3.1) holds every hex the engine
    loads, and names the edges the line ends (entry hexes) lie on."""
    layout, grid = _layout(), HexGrid.from_document(_doc())
    assert sorted(layout.hex_id(qr) for qr in layout.all_hexes()) == list(grid.hexes())
    assert len(grid.hexes()) == 59 * 28
    edges = {h: layout.edges_of(layout.parse(h)) for h in ("0101", "0128", "5901", "3014", "5915")}
    assert edges == {
        "0101": {"north", "west"},
        "0128": {"south", "west"},
        "5901": {"north", "east"},
        "3014": set(),
        "5915": {"east"},
    }


def _layout() -> Layout:
    return Layout.from_config(_doc())
