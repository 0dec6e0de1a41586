"""Hex grid: numbering round trips, geometry, regions, hexside features, boxes and errors.

Adjacency facts quoted from the rulebooks (rule numbers in each test) pin down each title's
numbering scheme; the property tests check the geometry for every scheme.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.hexgrid import HexGrid, HexNumbering
from wargame.topology import (
    Graph,
    MapDataError,
    Topology,
    UnknownLocationError,
    UnknownRegionError,
)

# -- numbering schemes ---------------------------------------------------------------------

PGG = HexNumbering(orientation="flat", shifted="even")  # PGG: flat, columns west to east
LWE = HexNumbering(first_column=10, first_row=1, orientation="flat", shifted="odd")
BARBAROSSA = HexNumbering(
    digits=(2, 2),
    order="row-first",
    first_column=0,
    first_row=10,
    column_direction="west",
    row_direction="south",
    orientation="pointy",
    shifted="even",
)
# Invented schemes that exercise the other switches: north-growing rows, odd pointy rows,
# west-growing flat columns, unequal digit counts.
ROW_FIRST_NORTH = HexNumbering(
    digits=(3, 2),
    order="row-first",
    first_column=0,
    first_row=0,
    row_direction="north",
    orientation="pointy",
    shifted="odd",
)
FLAT_WEST_NORTH = HexNumbering(
    digits=(2, 3),
    first_column=5,
    first_row=3,
    column_direction="west",
    row_direction="north",
    orientation="flat",
    shifted="odd",
)
SCHEMES = {
    "pgg": PGG,
    "lwe": LWE,
    "barbarossa": BARBAROSSA,
    "row-first-north": ROW_FIRST_NORTH,
    "flat-west-north": FLAT_WEST_NORTH,
}
schemes = st.sampled_from(sorted(SCHEMES)).map(SCHEMES.__getitem__)


@st.composite
def printed_cells(draw: st.DrawFn) -> tuple[HexNumbering, int, int]:
    nb = draw(schemes)
    column = draw(st.integers(0, 10 ** nb.digits[0] - 1))
    row = draw(st.integers(0, 10 ** nb.digits[1] - 1))
    return nb, column, row


def small_grid(nb: HexNumbering, columns: int, rows: int, **kw: Any) -> HexGrid:
    return HexGrid(nb, columns=columns, rows=rows, map_id="test", **kw)


def side_features(grid: HexGrid, a: str, b: str) -> frozenset[str]:
    edge = grid.edge(a, b)
    assert edge is not None, (a, b)
    return edge.features


@st.composite
def grids(draw: st.DrawFn) -> HexGrid:
    nb = draw(schemes)
    return small_grid(nb, draw(st.integers(1, 9)), draw(st.integers(1, 9)))


# -- printed id <-> axial --------------------------------------------------------------------


@given(printed_cells())
def test_printed_id_axial_round_trip(cell: tuple[HexNumbering, int, int]) -> None:
    nb, column, row = cell
    hex_id = nb.format(column, row)
    assert len(hex_id) == sum(nb.digits)
    assert nb.parse(hex_id) == (column, row)
    assert nb.from_axial(*nb.to_axial(column, row)) == (column, row)


@given(printed_cells(), printed_cells())
def test_axial_is_one_to_one(c1: tuple[HexNumbering, int, int], c2: tuple[Any, int, int]) -> None:
    nb, col1, row1 = c1
    _, col2, row2 = c2
    same_axial = nb.to_axial(col1, row1) == nb.to_axial(col2, row2)
    assert same_axial == ((col1, row1) == (col2, row2))


@given(grids())
@settings(max_examples=60)
def test_grid_round_trip_through_axial(grid: HexGrid) -> None:
    for hex_id in grid.hexes():
        assert grid.hex_at(*grid.axial(hex_id)) == hex_id
        assert grid.numbering.format(*grid.printed(hex_id)) == hex_id


def test_row_first_puts_the_row_first() -> None:
    assert BARBAROSSA.format(3, 24) == "2403"
    assert BARBAROSSA.parse("2403") == (3, 24)
    assert ROW_FIRST_NORTH.format(7, 12) == "12007"
    assert FLAT_WEST_NORTH.format(7, 12) == "07012"


# -- geometry: distance, neighbours ----------------------------------------------------------


@given(grids(), st.data())
@settings(max_examples=80)
def test_distance_is_a_metric(grid: HexGrid, data: st.DataObject) -> None:
    hexes = st.sampled_from(list(grid.hexes()))
    a, b, c = data.draw(hexes), data.draw(hexes), data.draw(hexes)
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)
    assert (grid.distance(a, b) == 1) == (b in grid.neighbours(a))


@given(grids())
@settings(max_examples=60)
def test_neighbour_counts_on_rectangles(grid: HexGrid) -> None:
    nb = grid.numbering
    cols = {grid.printed(h)[0] for h in grid.hexes()}
    rows = {grid.printed(h)[1] for h in grid.hexes()}
    n_cols, n_rows = len(cols), len(rows)
    degree_sum = 0
    for hex_id in grid.hexes():
        column, row = grid.printed(hex_id)
        degree = len(grid.neighbours(hex_id))
        degree_sum += degree
        inside = min(cols) < column < max(cols) and min(rows) < row < max(rows)
        if inside:
            assert degree == 6
        else:
            assert degree < 6
    # Straight lines (columns when flat, rows when pointy) have n - 1 joints each; each pair
    # of neighbouring lines is zig-zag joined by 2n - 1 hexsides.
    if nb.orientation == "flat":
        edges = n_cols * (n_rows - 1) + (n_cols - 1) * (2 * n_rows - 1)
    else:
        edges = n_rows * (n_cols - 1) + (n_rows - 1) * (2 * n_cols - 1)
    assert degree_sum == 2 * edges


def test_neighbour_counts_flat_even_4x4_by_hand() -> None:
    # Flat-top, even columns half a hex lower: the top of an even column touches both
    # neighbouring columns (5), the top of an odd column only one hexside of each (3).
    grid = small_grid(PGG, 4, 4)
    expected = {
        1: {1: 2, 2: 5, 3: 3, 4: 3},
        2: {1: 4, 2: 6, 3: 6, 4: 4},
        3: {1: 4, 2: 6, 3: 6, 4: 4},
        4: {1: 3, 2: 3, 3: 5, 4: 2},
    }
    for row, by_column in expected.items():
        for column, count in by_column.items():
            assert len(grid.neighbours(PGG.format(column, row))) == count, (column, row)


def test_neighbour_counts_barbarossa_corners_by_hand() -> None:
    # Pointy-top, even rows half a hex east, columns counted east to west from 00.
    grid = small_grid(BARBAROSSA, 4, 4)  # rows 10-13, columns 00-03
    assert set(grid.neighbours("1000")) == {"1001", "1100"}  # NE corner (even row, east)
    assert set(grid.neighbours("1003")) == {"1002", "1103", "1102"}  # NW corner
    assert set(grid.neighbours("1300")) == {"1301", "1200", "1201"}  # SE corner (odd row)
    assert set(grid.neighbours("1303")) == {"1302", "1203"}  # SW corner
    assert len(grid.neighbours("1101")) == 6
    assert len(grid.neighbours("1201")) == 6


def test_barbarossa_directions_match_the_rules() -> None:
    grid = small_grid(BARBAROSSA, 25, 23)
    # 11.27: "the hex west of 2403 is 2404; the hex northwest of 2403 is 2303".
    assert grid.direction("2403", "2404") == "W"
    assert grid.direction("2403", "2303") == "NW"
    assert grid.neighbour_in("2403", "NW") == "2303"
    # 11.3: 2709 is adjacent to 2609 (its NE) and 2708 (its E).
    assert grid.direction("2709", "2609") == "NE"
    assert grid.direction("2709", "2708") == "E"
    # 12.23: Leningrad 1011 is adjacent to 1110 (SE) and 1111 (SW).
    assert grid.direction("1011", "1110") == "SE"
    assert grid.direction("1011", "1111") == "SW"
    # 7.11: 2210 is "two hexes away" from 2208, 2308 and 2409.
    assert [grid.distance("2210", h) for h in ("2208", "2308", "2409")] == [2, 2, 2]
    # 3.3: the German start line is a chain of adjacent hexes.
    chain = ["1517", "1617", "1716", "1817", "1917", "2017", "2116", "2216", "2315", "2416", "2516"]
    assert all(grid.distance(a, b) == 1 for a, b in zip(chain, chain[1:], strict=False))
    # 1.4: column 00 is the east side, so the east edge is column 00.
    assert grid.region("edge:east") == grid.region("column:00")
    assert grid.position("1001")[0] < grid.position("1000")[0]  # 01 lies west of 00


def test_lwe_odd_columns_are_lower() -> None:
    grid = HexGrid(LWE, columns=39, rows=53)
    assert grid.distance("3348", "3449") == 1  # 7.14: the two hexes share a hexside
    assert grid.distance("2123", "2122") == 1 and grid.distance("2123", "2223") == 1  # 11.3
    assert grid.distance("3701", "3802") == 1  # Oranienbaum next to Leningrad
    assert grid.distance("2418", "3418") == 10  # Minsk - Smolensk
    assert grid.distance("3418", "4618") == 12  # Smolensk - Moscow
    assert grid.distance("1507", "4618") == 31  # Memel - Moscow


def test_pmd_even_columns_are_lower() -> None:
    grid = HexGrid(PGG, columns=60, rows=60)
    for a, b in [("2446", "2347"), ("2850", "2951"), ("2950", "2951"), ("3203", "3304")]:
        assert grid.distance(a, b) == 1, (a, b)  # PMD 8.4, 8.11 hexsides


def test_flat_direction_names_and_positions() -> None:
    grid = small_grid(PGG, 5, 5)
    assert grid.direction_names() == ("N", "NE", "SE", "S", "SW", "NW")
    assert grid.neighbour_in("0303", "N") == "0302"
    assert grid.neighbour_in("0303", "S") == "0304"
    assert grid.neighbour_in("0303", "NE") == "0402"
    assert grid.neighbour_in("0303", "SE") == "0403"
    assert grid.neighbour_in("0101", "N") is None
    x, y = grid.position("0303")
    nx_, ny = grid.position("0302")
    assert nx_ == pytest.approx(x) and ny < y  # north is up on the drawing
    for nb_id in grid.neighbours("0303"):
        px, py = grid.position(nb_id)
        assert math.hypot(px - x, py - y) == pytest.approx(math.sqrt(3))
    with pytest.raises(ValueError, match="direction must be one of"):
        grid.neighbour_in("0303", "E")
    with pytest.raises(ValueError, match="not adjacent"):
        grid.direction("0101", "0303")


def test_pointy_positions_put_rows_straight() -> None:
    grid = small_grid(ROW_FIRST_NORTH, 5, 5)
    a = ROW_FIRST_NORTH.format(2, 2)
    east = grid.neighbour_in(a, "E")
    north_east = grid.neighbour_in(a, "NE")
    assert east is not None and north_east is not None
    assert grid.printed(east)[1] == 2  # E stays in the row
    assert grid.printed(north_east)[1] == 3  # rows grow northward in this scheme
    (x, y), (ex, ey), (_, ny) = (grid.position(h) for h in (a, east, north_east))
    assert ey == pytest.approx(y) and ex > x and ny < y


@given(grids(), st.data(), st.integers(0, 4))
@settings(max_examples=60)
def test_hexes_within_matches_brute_force(grid: HexGrid, data: st.DataObject, n: int) -> None:
    centre = data.draw(st.sampled_from(list(grid.hexes())))
    expected = {h for h in grid.hexes() if grid.distance(centre, h) <= n}
    assert set(grid.hexes_within(centre, n)) == expected


def test_hexes_within_inside_a_big_map() -> None:
    grid = small_grid(PGG, 20, 20)
    assert [len(grid.hexes_within("1010", n)) for n in range(4)] == [1, 7, 19, 37]


@given(grids(), st.data())
@settings(max_examples=80)
def test_line_is_a_straight_chain(grid: HexGrid, data: st.DataObject) -> None:
    hexes = st.sampled_from(list(grid.hexes()))
    a, b = data.draw(hexes), data.draw(hexes)
    line = grid.line(a, b)
    n = grid.distance(a, b)
    assert line[0] == a and line[-1] == b and len(line) == n + 1
    # On a rectangle the line never leaves the map, and each hex is one step further on.
    assert all(h is not None for h in line)
    for i, h in enumerate(line):
        assert h is not None
        assert grid.distance(a, h) == i and grid.distance(h, b) == n - i


def test_line_by_hand() -> None:
    grid = small_grid(PGG, 10, 10)
    assert grid.line("0302", "0306") == ["0302", "0303", "0304", "0305", "0306"]
    assert grid.line("0404", "0404") == ["0404"]
    # Along a zig-zag row the line runs on hexsides; the on-map hex is taken.
    assert grid.line("0101", "0301") == ["0101", "0201", "0301"]
    assert grid.line("0102", "0302") in (["0102", "0201", "0302"], ["0102", "0202", "0302"])


def test_line_along_barbarossa_east_edge_stays_on_the_map() -> None:
    grid = small_grid(BARBAROSSA, 5, 6)
    assert grid.line("1000", "1400") == ["1000", "1100", "1200", "1300", "1400"]


def test_line_across_a_bay_is_none_there() -> None:
    grid = small_grid(PGG, 5, 1, exclude=["0301"])
    assert grid.line("0101", "0501") == ["0101", "0201", None, "0401", "0501"]


# -- regions ---------------------------------------------------------------------------------


@given(grids())
@settings(max_examples=60)
def test_map_edges_of_rectangles(grid: HexGrid) -> None:
    nb = grid.numbering
    cols = sorted({grid.printed(h)[0] for h in grid.hexes()})
    rows = sorted({grid.printed(h)[1] for h in grid.hexes()})
    dc, dr = nb.digits
    first_col, last_col = f"column:{cols[0]:0{dc}d}", f"column:{cols[-1]:0{dc}d}"
    first_row, last_row = f"row:{rows[0]:0{dr}d}", f"row:{rows[-1]:0{dr}d}"
    north, south = (first_row, last_row) if nb.row_direction == "south" else (last_row, first_row)
    west, east = (first_col, last_col) if nb.column_direction == "east" else (last_col, first_col)
    assert grid.region("edge:north") == grid.region(north)
    assert grid.region("edge:south") == grid.region(south)
    assert grid.region("edge:west") == grid.region(west)
    assert grid.region("edge:east") == grid.region(east)


def test_edges_of_an_irregular_map() -> None:
    # Eastern columns longer than western ones, as on LWE's map (1.4).
    grid = HexGrid(LWE, rows_by_column={"10": [3, 6], "11": [2, 7], "12": [1, 8]})
    assert grid.region("edge:north") == {"1003", "1102", "1201"}
    assert grid.region("edge:south") == {"1006", "1107", "1208"}
    # Where a column sticks out a whole hex beyond its western neighbour, both hexes toward
    # the west (NW and SW) are off the map: 1107 and 1201 sit on a diagonal stretch of the
    # boundary and count for both sides, like corners. 1102 still has 1003 to its SW.
    assert grid.region("edge:west") == {"1003", "1004", "1005", "1006", "1107", "1201"}
    assert grid.region("edge:east") == {f"12{r:02d}" for r in range(1, 9)}
    assert len(grid.hexes()) == 4 + 6 + 8


def test_column_and_row_regions_and_named_regions() -> None:
    grid = small_grid(PGG, 5, 4, regions={"entry:X": {"hexes": ["0501", "0502"]}})
    assert grid.region("column:03") == {"0301", "0302", "0303", "0304"}
    assert grid.region("column:3") == grid.region("column:03")
    assert grid.region("row:2") == {f"0{c}02" for c in range(1, 6)}
    assert grid.region("entry:X") == {"0501", "0502"}
    assert "entry:X" in grid.regions() and "edge:north" in grid.regions()
    with pytest.raises(UnknownRegionError, match="'entry:Y'"):
        grid.region("entry:Y")
    with pytest.raises(UnknownRegionError):
        grid.region("column:09")


def test_named_region_overrides_a_builtin_edge() -> None:
    # Barbarossa 1.4 defines its stepped north side by a hex list; data can say so.
    grid = small_grid(BARBAROSSA, 3, 3, regions={"edge:north": {"hexes": ["1000", "1101"]}})
    assert grid.region("edge:north") == {"1000", "1101"}


# -- terrain, hexsides, lines ----------------------------------------------------------------


def test_hex_terrain_features_attrs() -> None:
    grid = small_grid(
        PGG,
        5,
        5,
        default_terrain="clear",
        hexes={"0202": {"terrain": "forest", "features": ["city:minor"], "name": "Smolensk"}},
    )
    assert grid.terrain("0202") == "forest"
    assert grid.terrain("0303") == "clear"
    assert grid.features("0202") == {"city:minor"}
    assert grid.features("0303") == frozenset()
    assert grid.attrs("0202")["name"] == "Smolensk"
    assert dict(grid.attrs("0303")) == {}


def test_hexsides_and_lines_merge_on_edges() -> None:
    grid = small_grid(
        PGG,
        5,
        5,
        hexsides=[
            {"hexes": ["0202", "0203"], "features": ["river"], "name": "Dnepr"},
            {"hexes": ["0203", "0202"], "features": ["minor"], "attrs": {"class": "minor"}},
            {"hexes": ["0303", "0304"], "features": ["lake"]},
        ],
        lines=[
            {"kind": "road", "hexes": ["0201", "0202", "0203", "0303"], "name": "Rollbahn"},
            {"kind": "rail", "hexes": ["0202", "0203"]},
        ],
    )
    edge = grid.edge("0202", "0203")
    assert edge is not None and edge.kind == "hexside"
    assert edge.features == {"river", "minor", "road", "rail"}
    assert edge.attrs["name"] == "Dnepr" and edge.attrs["class"] == "minor"
    assert edge.attrs["road"] == "Rollbahn"
    back = grid.edge("0203", "0202")
    assert (
        back is not None
        and back.features == edge.features
        and (back.a, back.b)
        == (
            "0203",
            "0202",
        )
    )
    lake = grid.edge("0304", "0303")
    assert lake is not None and lake.features == {"lake"}
    plain = grid.edge("0101", "0102")
    assert plain is not None and plain.features == frozenset()
    assert grid.edge("0101", "0303") is None
    # The road visits four hexes and crosses three hexsides.
    assert [h for h in grid.hexes() if "road" in grid.features(h)] == [
        "0201",
        "0202",
        "0203",
        "0303",
    ]
    road_sides = {
        frozenset((a, b))
        for a in grid.hexes()
        for b in grid.neighbours(a)
        if "road" in side_features(grid, a, b)
    }
    assert road_sides == {
        frozenset(("0201", "0202")),
        frozenset(("0202", "0203")),
        frozenset(("0203", "0303")),
    }
    # The compiled graph carries the same features, aligned with adj.
    g = grid.graph()
    i = g.index["0202"]
    k = g.adj[i].index(g.index["0203"])
    assert g.edge_features[i][k] == edge.features


def test_line_that_jumps_is_an_error_naming_line_and_hexes() -> None:
    with pytest.raises(MapDataError, match=r"road line Minsk highway.*0202 and 0204"):
        small_grid(
            PGG,
            5,
            5,
            lines=[{"kind": "road", "name": "Minsk highway", "hexes": ["0201", "0202", "0204"]}],
        )
    with pytest.raises(ValueError, match="rail line #0"):
        small_grid(PGG, 5, 5, lines=[{"kind": "rail", "hexes": ["0101", "0909"]}])


def test_hexside_errors() -> None:
    with pytest.raises(MapDataError, match="not adjacent"):
        small_grid(PGG, 5, 5, hexsides=[{"hexes": ["0101", "0303"], "features": ["river"]}])
    with pytest.raises(MapDataError, match="not a hex on this map"):
        small_grid(PGG, 5, 5, hexsides=[{"hexes": ["0505", "0506"], "features": ["river"]}])
    with pytest.raises(MapDataError, match="exactly two"):
        small_grid(PGG, 5, 5, hexsides=[{"hexes": ["0101"], "features": ["river"]}])


# -- boxes -----------------------------------------------------------------------------------


def test_boxes_have_explicit_symmetric_adjacency() -> None:
    grid = small_grid(
        PGG,
        3,
        3,
        boxes={
            "box:reserve": {"name": "Reserve", "adjacent": ["edge:east", "box:dead"]},
            "box:dead": {"name": "Dead pile", "adjacent": []},
        },
    )
    assert grid.locations()[-2:] == ("box:dead", "box:reserve")
    assert "box:reserve" in grid
    assert set(grid.neighbours("box:reserve")) == {"0301", "0302", "0303", "box:dead"}
    assert "box:reserve" in grid.neighbours("0302")
    assert "box:reserve" not in grid.neighbours("0101")
    assert grid.neighbours("box:dead") == ("box:reserve",)
    edge = grid.edge("0302", "box:reserve")
    assert edge is not None and edge.kind == "box"
    assert grid.edge("0101", "box:reserve") is None
    assert grid.distance("0101", "box:reserve") == 3  # 0101 -> 0201 -> 0301 -> box
    assert grid.distance("box:dead", "0303") == 2
    assert grid.terrain("box:reserve") == "box"
    assert grid.attrs("box:reserve")["name"] == "Reserve"
    g = grid.graph()
    assert g.ids[-1] == "box:reserve"
    assert g.index["0302"] in g.adj[g.index["box:reserve"]]
    # Boxes are drawn under the map.
    bottom = max(grid.position(h)[1] for h in grid.hexes())
    assert grid.position("box:dead")[1] > bottom
    with pytest.raises(ValueError, match="off-map box"):
        grid.axial("box:dead")


def test_box_errors() -> None:
    with pytest.raises(MapDataError, match="must start with 'box:'"):
        small_grid(PGG, 3, 3, boxes={"reserve": {"name": "R", "adjacent": []}})
    with pytest.raises(MapDataError, match="neither a location nor a region"):
        small_grid(PGG, 3, 3, boxes={"box:r": {"name": "R", "adjacent": ["edge:up"]}})


def test_unreachable_box_distance_is_an_error() -> None:
    grid = small_grid(PGG, 2, 2, boxes={"box:dead": {"name": "Dead", "adjacent": []}})
    with pytest.raises(ValueError, match="no route"):
        grid.distance("0101", "box:dead")


# -- errors ----------------------------------------------------------------------------------


def test_unknown_locations_are_named() -> None:
    grid = small_grid(PGG, 3, 3)
    with pytest.raises(UnknownLocationError, match="'0909'"):
        grid.neighbours("0909")
    with pytest.raises(UnknownLocationError, match="'x'"):
        grid.terrain("x")
    with pytest.raises(UnknownLocationError):
        grid.edge("0101", "0909")
    with pytest.raises(UnknownLocationError):
        grid.position("0000")
    assert "0909" not in grid
    assert 101 not in grid


def test_bad_numbering_and_area() -> None:
    with pytest.raises(MapDataError, match="orientation"):
        HexNumbering(orientation="sideways")
    with pytest.raises(MapDataError, match="digits"):
        HexNumbering(digits=(2, 0))
    with pytest.raises(ValueError, match="not a 4-digit"):
        PGG.parse("01a1")
    with pytest.raises(ValueError, match="cannot be printed"):
        PGG.format(100, 1)
    with pytest.raises(MapDataError, match="'columns' and 'rows'"):
        HexGrid(PGG)
    with pytest.raises(MapDataError, match="cannot be printed"):
        HexGrid(PGG, columns=100, rows=2)
    with pytest.raises(MapDataError, match="not in the area"):
        small_grid(PGG, 3, 3, exclude=["0505"])
    with pytest.raises(MapDataError, match="empty"):
        small_grid(PGG, 1, 1, exclude=["0101"])


def test_exclude_removes_hexes() -> None:
    grid = small_grid(PGG, 3, 3, exclude=["0202"])
    assert "0202" not in grid
    assert len(grid.neighbours("0201")) == 4
    assert len(grid.hexes()) == 8


# -- document --------------------------------------------------------------------------------

DOC: dict[str, Any] = {
    "kind": "hex-map",
    "id": "pgg",
    "provenance": {"source": "stand-in", "note": "test"},
    "numbering": {
        "digits": [2, 2],
        "order": "column-first",
        "first_column": 1,
        "first_row": 1,
        "column_direction": "east",
        "row_direction": "south",
        "orientation": "flat",
        "shifted": "even",
    },
    "columns": 8,
    "rows": 6,
    "exclude": ["0806"],
    "rows_by_column": None,
    "default_terrain": "clear",
    "hexes": {
        "0203": {
            "terrain": "forest",
            "features": ["city:minor"],
            "name": "Smolensk",
            "attrs": {"vp": 25},
            "provenance": None,
        }
    },
    "hexsides": [{"hexes": ["0404", "0405"], "features": ["river"], "name": "Dnepr"}],
    "lines": [{"kind": "road", "hexes": ["0101", "0201", "0301"], "name": None}],
    "regions": {"entry:X": {"hexes": ["0805"], "provenance": {"source": "owner"}}},
    "boxes": {"box:dead": {"name": "Dead pile", "adjacent": []}},
    "geo": None,
}


def test_from_document() -> None:
    grid = HexGrid.from_document(DOC)
    assert isinstance(grid, Topology)
    assert grid.kind == "hex" and grid.id == "pgg"
    assert len(grid.locations()) == 8 * 6 - 1 + 1
    assert "0806" not in grid
    assert grid.terrain("0203") == "forest" and grid.attrs("0203")["vp"] == 25
    assert grid.attrs("0203")["name"] == "Smolensk"
    edge = grid.edge("0405", "0404")
    assert edge is not None and edge.features == {"river"} and edge.attrs["name"] == "Dnepr"
    assert "road" in grid.features("0201")
    assert grid.region("entry:X") == {"0805"}
    g = grid.graph()
    assert isinstance(g, Graph) and g is grid.graph()  # built once
    assert len(g) == len(grid.locations())
    assert all(len(f) == len(a) for f, a in zip(g.edge_features, g.adj, strict=True))


def test_from_document_rows_by_column_and_defaults() -> None:
    doc = {
        "id": "barb",
        "numbering": {
            "order": "row-first",
            "first_column": 0,
            "first_row": 10,
            "column_direction": "west",
            "orientation": "pointy",
        },
        "columns": 3,
        "rows": 3,
        "rows_by_column": {"00": [10, 12], "01": [10, 12], "02": [11, 12]},
    }
    grid = HexGrid.from_document(doc)
    assert grid.numbering == HexNumbering(
        order="row-first",
        first_column=0,
        first_row=10,
        column_direction="west",
        orientation="pointy",
    )
    assert "1002" not in grid and "1102" in grid
    assert len(grid.hexes()) == 8
