"""Proud Monster Deluxe's data documents: they validate, load through the plugin module,
regenerate unchanged, and hold every fact the rulebook states about the map, the calendar, the
counters, the untried pools, the CRT and the TEC (rule numbers are the rulebook's). The rules
themselves are not built yet (RULINGS.md, Status)."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tests.games.data_helpers import (
    assert_document_valid,
    assert_generated_current,
    assert_map_regenerates,
    data_loader,
)
from wargame.combat import build_table
from wargame.games.proud_monster_deluxe import minorallies, plugin
from wargame.games.proud_monster_deluxe.datagen import build, scenarios
from wargame.games.proud_monster_deluxe.mapgen import generate
from wargame.hexgrid import HexGrid
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.plugins import discover

DATA = Path(str(files("wargame.games.proud_monster_deluxe") / "data"))


_load = data_loader(DATA)


@cache
def _grid() -> HexGrid:
    return HexGrid.from_document(_load("map.json"))


def _adjacent(a: str, b: str) -> bool:
    return b in set(_grid().neighbours(a))


# --------------------------------------------------------------------------- documents


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.json")))
def test_document_validates(name: str) -> None:
    assert_document_valid(_load(name), name)


def test_generated_documents_are_up_to_date() -> None:
    assert_generated_current(build, _load)


def test_map_generator_reproduces_the_committed_map() -> None:
    """data/map.json is the generator's output (skipped without the mapgen extra)."""
    assert_map_regenerates(generate, _load("map.json"))


def test_title_loads_through_its_plugin_and_sets_up_several_hundred_units() -> None:
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    assert "pmd" in title.manifest.aliases
    match = Match(title)
    assert match.turn == 1 and match.title.doc("calendar")["turns"]["1"]["label"] == "112"
    sides = [match.counter(u)["side"] for u in match.state.units.values()]
    assert sides.count("axis") > 100 and sides.count("soviet") > 250
    assert match.state.control["4120"] == "soviet" and match.state.control["0922"] == "soviet"


def test_untried_strengths_stay_out_of_the_units_and_views_2_4_9() -> None:
    """All Soviet units start untried (2.4.9): the counter shows only U and the movement factor,
    and no view carries a tried strength."""
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    counters = _load("counters.json")["counters"]
    # 15.x: printed values, no pool; 15.11, 15.15, 15.4: artillery and air, tried; Guards
    # units come by conversion (9.4.2)
    arrive_tried = (
        "partisan",
        "para-corps",
        "eb",
        "gparb",
        "galb",
        "sov-art",
        "sov-gad",
        "sov-rkt",
        "air-sov",
        "grd",
        "gtb",
        *("tc", "mc", "gtc", "gmc"),  # 2.4.10: corps printed with their entry turns (CO3)
    )
    soviet = [c for c in counters.values() if c["side"] == "soviet"]
    soviet = [c for c in soviet if c["type"] not in arrive_tried]
    assert soviet and all(c["untried"] for c in soviet)
    assert all(set(c["steps"][0]["values"]) == {"movement"} for c in soviet)
    match = Match(title)
    pools = _load("counters.json")["pools"]
    hidden = {f["label"] for p in pools.values() for f in p["faces"]}
    view = match.view("axis")
    text = json.dumps(view, default=str)
    assert view["pools"]["rd"] == 374  # the pools show their sizes only
    assert not any(f'"{label}"' in text for label in hidden)


# --------------------------------------------------------------------------- map (2.2, digest 2.1, 2.3)

NAMED = {
    "1920": "Minsk",
    "4120": "Moscow",
    "4219": "Moscow",
    "2050": "Sevastopol",
    "3304": "Leningrad",
    "3203": "Oranienbaum",
    "0327": "Przemysl",
    "0922": "Brest",
    "1643": "Odessa",
    "1808": "Riga",
    "2302": "Tallinn",
    "4024": "Tula",
    "3456": "Tuapse",
    "3860": "Sukhumi",
    "4062": "Samtredia",
    "4665": "Tbilisi",
    "2347": "Perekop",
}


@pytest.mark.parametrize("hex_id", sorted(NAMED))
def test_named_hexes_hold_their_places_2_3(hex_id: str) -> None:
    entry = _load("map.json")["hexes"][hex_id]
    assert NAMED[hex_id] in entry["name"]
    assert entry.get("terrain", "clear") not in ("sea", "lake")


def test_the_text_adjacencies_hold_on_the_even_q_grid_2_2() -> None:
    """Moscow 4120/4219 adjacent (9.5.3); Oranienbaum/Leningrad 3203/3304 (8.4), the Sivash
    2446/2347 and the Kerch 2850/2951, 2950/2951 (8.11); the Finnish-front chain (4.5.2)."""
    for a, b in [
        ("4120", "4219"),
        ("3203", "3304"),
        ("2446", "2347"),
        ("2850", "2951"),
        ("2950", "2951"),
    ]:
        assert _adjacent(a, b), (a, b)
    chain = ["3803", "3904", "4003", "4104", "4203", "4304"]
    assert all(_adjacent(a, b) for a, b in zip(chain, chain[1:], strict=False))
    assert _adjacent("3303", "3402")


def test_moscow_neighbourhood_holds_60_divisions_9_1_3() -> None:
    """Two city hexes at 10 and their eight other neighbours at 5 (9.1.3)."""
    ring = (set(_grid().neighbours("4120")) | set(_grid().neighbours("4219"))) - {"4120", "4219"}
    assert len(ring) == 8 and 2 * 10 + 5 * len(ring) == 60


def test_crossing_arrows_and_the_oranienbaum_hexside_8_4_8_11() -> None:
    sides = {tuple(s["hexes"]): set(s["features"]) for s in _load("map.json")["hexsides"]}
    assert "sivash" in sides[("2347", "2446")]
    assert "kerch" in sides[("2850", "2951")] and "kerch" in sides[("2950", "2951")]
    assert {"sea", "soviet-supply"} <= sides[("3203", "3304")]


def test_forts_and_heavy_forts_active_at_start_13_4_2() -> None:
    hexes = _load("map.json")["hexes"]
    assert "fort" in hexes["0327"]["features"]
    for h in ("0922", "2050", "3203", "2347"):
        assert "heavy-fort" in hexes[h]["features"], h
    assert "stalin-line" in hexes["1643"]["features"]
    assert len(_load("map.json")["regions"]["stalin-line"]["hexes"]) == 48


def test_cities_are_clear_11_1() -> None:
    for entry in _load("map.json")["hexes"].values():
        if "city" in entry.get("features", []):
            assert entry.get("terrain", "clear") == "clear", entry["name"]


def test_vp_hexes_stated_4_5_1_4_5_2() -> None:
    hexes = _load("map.json")["hexes"]
    assert hexes["4120"]["attrs"]["vp"] == 9 and hexes["4219"]["attrs"]["vp"] == 9
    assert hexes["2050"]["attrs"]["vp"] == 4 and hexes["1920"]["attrs"]["vp"] == 1
    six = [
        h
        for h, e in hexes.items()
        if e.get("name") in ("Kishinev", "Vitebsk", "Vilnius", "Kaunas", "Riga", "Tallinn")
    ]
    assert sum(hexes[h]["attrs"]["vp"] for h in six) == 6


def test_five_oil_centres_south_of_the_caucasus_line_4_6() -> None:
    regions = _load("map.json")["regions"]
    oil = regions["oil-centres"]["hexes"]
    assert len(oil) == 5 and set(oil) <= set(regions["caucasus-south"]["hexes"])
    assert not set(regions["vp"]["hexes"]) & set(regions["caucasus-south"]["hexes"])


def test_turkey_is_closed_11_1() -> None:
    assert _load("map.json")["regions"]["country:turkey"]["hexes"]


def test_calibration_residuals_stay_under_a_hex_and_a_tenth() -> None:
    cal = _load("map.json")["geo"]["calibration"]
    assert cal["rms_residual_km"] < 25 and all(a["residual_hexes"] < 1.1 for a in cal["anchors"])


def test_weather_zone_lines_move_north_12_1() -> None:
    regions = _load("map.json")["regions"]
    one, two, three = (set(regions[f"sz-{k}"]["hexes"]) for k in (1, 2, 3))
    assert one < two < three
    assert {"2347", "2446"} <= one  # the Sivash is in the SZ


# --------------------------------------------------------------------------- calendar (1.4, 5.4)


def _by_ynn() -> dict[str, Any]:
    return {t["label"]: t for t in _load("calendar.json")["turns"].values()}


def test_sixty_eight_turns_112_to_407_1_4() -> None:
    turns = _load("calendar.json")["turns"]
    assert sorted(map(int, turns)) == list(range(1, 69))
    assert turns["1"]["label"] == "112" and turns["68"]["label"] == "407"
    assert turns["13"]["label"] == "124" and turns["14"]["label"] == "201"
    assert turns["1"]["values"]["weeks"] == 1
    assert all(t["values"]["weeks"] == 2 for k, t in turns.items() if k != "1")
    scenario = _load("scenario-1941-historical.json")
    assert (scenario["first_turn"], scenario["last_turn"]) == (1, 68)


@pytest.mark.parametrize(
    ("ynn", "expanded"),
    [
        ("112", "1941 Jun 4"),
        ("117", "1941 Sep 1&2"),
        ("118", "1941 Sep 3&4"),
        ("124", "1941 Dec 3&4"),
        ("210", "1942 May 3&4"),
        ("211", "1942 Jun 1&2"),
        ("218", "1942 Sep 3&4"),
        ("302", "1943 Jan 3&4"),
        ("318", "1943 Sep 3&4"),
        ("407", "1944 Apr 1&2"),
    ],
)
def test_turn_notation_anchors_1_4(ynn: str, expanded: str) -> None:
    assert _by_ynn()[ynn]["values"]["expanded"] == expanded


@pytest.mark.parametrize(
    ("first", "last", "season"),
    [
        (112, 116, "summer-1941"),
        (117, 122, "fall-1941"),
        (123, 204, "winter-1941-42"),
        (205, 210, "spring-1942"),
        (223, 304, "winter-1942-43"),
        (323, 404, "winter-1943-44"),
        (405, 407, "spring-1944"),
    ],
)
def test_seasons_of_the_so_record_chart_5_4(first: int, last: int, season: str) -> None:
    turns = _by_ynn()
    inside = [k for k in turns if first <= int(k) <= last]
    assert inside and all(turns[k]["season"] == season for k in inside)


# --------------------------------------------------------------------------- counters (2.4, 16.4)


@pytest.mark.parametrize(
    ("pool", "total"),
    [("rd", 374), ("cd", 63), ("td", 57), ("mrd", 28), ("rb", 171), ("mrb", 12), ("tb", 147)],
)
def test_untried_pool_sizes_16_4(pool: str, total: int) -> None:
    faces = _load("counters.json")["pools"][pool]["faces"]
    assert sum(f["count"] for f in faces) == total


def test_rifle_division_pool_range_median_and_mountains_16_4() -> None:
    faces = _load("counters.json")["pools"]["rd"]["faces"]
    values = sorted(
        (f["values"]["attack"], f["values"]["defense"]) for f in faces for _ in range(f["count"])
    )
    assert values[0] == (1, 1) and values[-1] == (6, 7) and values[len(values) // 2] == (3, 3)
    assert sum(f["count"] for f in faces if f["values"].get("mountain")) == 5
    assert all(f["values"]["movement"] == 5 for f in faces)


def test_pool_facts_16_4() -> None:
    pools = _load("counters.json")["pools"]
    assert sum(f["count"] for f in pools["rb"]["faces"] if f["values"].get("naval")) == 24
    assert {(f["values"]["attack"], f["values"]["defense"]) for f in pools["rb"]["faces"]} <= {
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
    }
    mb = [f for f in pools["mrb"]["faces"] if f["values"].get("mechanized")]
    assert sum(f["count"] for f in mb) == 4 and all(f["label"].startswith("2-2-7") for f in mb)
    assert all(
        f["values"]["defense"] == 1 and 1 <= f["values"]["attack"] <= 4
        for f in pools["tb"]["faces"]
    )
    assert all(
        1 <= f["values"]["defense"] <= 2 and 1 <= f["values"]["attack"] <= 4
        for f in pools["cd"]["faces"]
    )
    td = sorted(
        (f["values"]["attack"], f["values"]["defense"])
        for f in pools["td"]["faces"]
        for _ in range(f["count"])
    )
    assert td[len(td) // 2] == (5, 4) and td[-1] == (10, 5)
    mrd = sorted(
        (f["values"]["attack"], f["values"]["defense"])
        for f in pools["mrd"]["faces"]
        for _ in range(f["count"])
    )
    assert mrd[len(mrd) // 2] == (4, 5) and mrd[-1] == (5, 10)


def test_half_step_units_13_9() -> None:
    counters = _load("counters.json")["counters"]
    for c in counters.values():
        if c["type"] in ("cd", "rb", "mrb", "tb"):
            assert c["step_value"] == 0.5


def test_german_regular_infantry_three_steps_to_a_3_5_5_15_1() -> None:
    counters = _load("counters.json")["counters"]
    ids = [c for c in counters.values() if c["type"] == "id"]
    assert ids and all(
        c["steps"][0]["label"] in ("6-8-6", "5-7-6") and c["steps"][2]["label"] == "3-5-5"
        for c in ids
    )
    calendar = _load("calendar.json")["turns"]
    turn_313 = next(int(k) for k, t in calendar.items() if t["values"]["ynn"] == 313)
    # 3 steps; the 3-5-5's reverse only from turn 313
    assert all([f.get("from_turn") for f in c["steps"]] == [None] * 3 + [turn_313] for c in ids)


def test_full_german_mech_moves_12_and_cavalry_8_5_4() -> None:
    counters = _load("counters.json")["counters"]
    assert all(
        c["steps"][0]["values"]["movement"] == 12
        for c in counters.values()
        if c["type"] in ("pd", "mid")
    )
    assert counters["ger-cd-1"]["steps"][0]["values"]["movement"] == 8


def test_seven_heavy_panzer_battalions_2_2_9_15_14() -> None:
    hp = [c for c in _load("counters.json")["counters"].values() if c["type"] == "hpbn"]
    assert len(hp) == 7 and all(c["steps"][0]["label"] == "2-2-9" for c in hp)


def test_stacking_equivalents_6_1() -> None:
    types = _load("counters.json")["unit_types"]
    assert types["rd"]["stacking"] == 1 and types["hun-fc"]["stacking"] == 1  # a corps counts 1
    assert types["rb"]["stacking"] == 0.5 and types["tb"]["stacking"] == 0.5
    assert types["hpbn"]["stacking"] == 0.25


@pytest.mark.parametrize("scenario", sorted(p.stem[9:] for p in DATA.glob("scenario-*.json")))
def test_every_set_up_respects_the_stacking_limits_at_start_6_1_7_1(scenario: str) -> None:
    """No scenario starts overstacked (6.1's weights and tag caps, the Soviet 1941 limit), nor
    with a minor ally stacked against 7.1(2), (3), nor Romanians beside Hungarians (7.2(5))."""
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    match = Match(title, scenario, 1)
    for side in match.sides:
        assert stacking.overstacked(match, side) == [], side
    for ids in match.occupied().values():
        axis = [match.state.units[i] for i in ids if match.state.units[i].side == "axis"]
        assert minorallies.stack_problem(match, axis) is None, ids
    assert minorallies.contacts(match) == {"romanian": [], "hungarian": []}


def test_the_1942_set_up_generator_fills_a_hex_to_the_limit_and_no_further_6_1() -> None:
    """The forbidden side of the data test: the generator's count refuses a sixth division, a
    second flak unit and a Romanian next to a Hungarian, and takes a fifth division."""
    room = scenarios._Room(_load("counters.json"))
    hex_, beside = "3721", build.neighbours("3721")[0]
    for uid in ("ger-id-1", "ger-id-102", "ger-id-106", "ger-id-11"):
        room.add("axis", uid, hex_)
    assert room.fits("axis", "ger-id-110", hex_)
    room.add("axis", "ger-id-110", hex_)
    assert not room.fits("axis", "ger-id-111", hex_)
    assert room.fits("axis", "ger-flak-1", beside)
    room.add("axis", "ger-flak-1", beside)
    assert not room.fits("axis", "ger-flak-2", beside)
    room.add("axis", "hun-fc", "2030")
    assert not room.fits("axis", "rom-id-4", build.neighbours("2030")[0])


def test_ten_reserve_markers_a_side_6_4() -> None:
    assert _load("counters.json")["markers"]["reserve"]["count"] == 20


def test_soviet_set_up_at_most_three_a_hex_in_1941_6_1() -> None:
    setup = _load("scenario-1941-historical.json")["setup"]
    assert all(len(s["units"]) <= 3 for s in setup.values() if s["side"] == "soviet")
    assert all(len(s["units"]) <= 5 for s in setup.values() if s["side"] == "axis")


# --------------------------------------------------------------------------- CRT (13.2, 13.6)


@cache
def _crt() -> Any:
    return build_table(_load("crt.json")["tables"]["crt"], table_id="crt")


def test_crt_columns_1_3_to_7_1_with_the_1_5_column_13_2() -> None:
    cols = _load("crt.json")["tables"]["crt"]["columns"]
    assert cols[0] == "1-3" and cols[-1] == "7-1" and "1.5-1" in cols


def test_seven_to_one_roll_5_is_1_5_13_6() -> None:
    assert _load("crt.json")["tables"]["crt"]["results"]["7-1"][4] == "1/5"


def test_above_7_1_is_1_5_and_below_1_3_is_2_0_without_a_roll_13_2() -> None:
    table = _load("crt.json")["tables"]["crt"]
    assert table["above"]["result"] == "1/5" and table["below"]["result"] == "2/0"


def test_every_cell_costs_the_attacker_a_step_and_defender_losses_reach_five_13_10() -> None:
    cells = [c for row in _load("crt.json")["tables"]["crt"]["results"].values() for c in row]
    assert all(int(c.split("/")[0]) >= 1 for c in cells)
    assert max(int(c.split("/")[1]) for c in cells) == 5 and any(
        int(c.split("/")[1]) >= 3 for c in cells
    )


@pytest.mark.parametrize(
    ("attack", "defense", "label"), [(3, 2, "1.5-1"), (7, 4, "1.5-1"), (4, 2, "2-1"), (2, 5, "1-3")]
)
def test_odds_round_for_the_defender_onto_the_1_5_column_13_2(
    attack: int, defense: int, label: str
) -> None:
    table = _crt()
    pos = table.round_ratio(Fraction(attack, defense))
    assert table.rung_label(pos) == label


def test_shifts_run_along_whole_ratios_beyond_the_table_13_6() -> None:
    """10:1 shifted 2L is 8:1: still the automatic 1/5 (13.6)."""
    table = _crt()
    pos = table.round_ratio(Fraction(10, 1)) - 2
    assert table.rung_label(pos) == "8-1"


# --------------------------------------------------------------------------- TEC (11.1, 12.4)


def test_tec_stated_costs_11_1() -> None:
    tec = _load("terrain.json")
    assert tec["terrain"]["rough"]["move"]["mech"] == 3
    assert tec["hexsides"]["minor-river"]["move"]["*"] == 2
    assert (
        tec["terrain"]["mountain"]["move"]["mech"] is None
        and tec["features"]["mountain-road"]["move"]["mech"] == 3
    )
    assert tec["features"]["highway"]["move"]["*"] == 1
    assert tec["terrain"]["sea"]["move"]["*"] is None


def test_frozen_rivers_and_lakes_in_snow_12_4() -> None:
    tec = _load("terrain.json")
    assert tec["hexsides"]["major-river"]["move"]["*@S"] == 0
    assert (
        tec["terrain"]["lake"]["move"]["*"] is None and tec["terrain"]["lake"]["move"]["*@S"] == 1
    )
    assert tec["features"]["mountain-road"]["move"]["mech@S"] is None


def test_every_ruling_id_names_one_ruling_in_each_title_s_rulings() -> None:
    """A ruling cited from code or a test ("ruling S1") must name one ruling: no id is
    defined twice in a title's RULINGS.md."""
    import re
    from collections import Counter
    from pathlib import Path

    games = Path(__file__).resolve().parents[2] / "games"
    for path in sorted(games.glob("*/RULINGS.md")):
        ids = re.findall(r"^- \*\*([A-Z]+[0-9]+[a-z]?)\.", path.read_text(), flags=re.M)
        twice = sorted(i for i, n in Counter(ids).items() if n > 1)
        assert not twice, f"{path.parent.name}: {twice}"
