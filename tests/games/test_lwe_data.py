"""Land Without End's data documents: they validate, load through the plugin module, regenerate
unchanged, and hold every numeric fact the rulebook states (rule numbers as reconstructed in the
digest, section 0.1). The rules themselves are not built yet (RULINGS.md, Status)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tests.games.data_helpers import (
    assert_document_valid,
    assert_generated_current,
    data_loader,
)
from wargame.combat import build_table
from wargame.games.land_without_end import plugin
from wargame.games.land_without_end.datagen import build
from wargame.match import Match
from wargame.plugins import discover

DATA = Path(str(files("wargame.games.land_without_end") / "data"))


_load = data_loader(DATA)


@cache
def _crt() -> Any:
    return build_table(_load("crt.json")["tables"]["crt"], table_id="crt")


# --------------------------------------------------------------------------- documents


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.json")))
def test_document_validates(name: str) -> None:
    assert_document_valid(_load(name), name)


def test_generated_documents_are_up_to_date() -> None:
    assert_generated_current(build, _load)


def test_title_loads_through_its_plugin_and_sets_up() -> None:
    title = discover(extra=[plugin], owner_dir=None).get("land-without-end")
    assert "lwe" in title.manifest.aliases
    match = Match(title)
    assert len(match.state.units) > 200
    assert match.state.control["4618"] == "soviet" and match.state.control["1209"] == "german"


def test_title_is_registered_and_packaged() -> None:
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert "land-without-end" in pyproject["project"]["entry-points"]["wargame.games"]
    assert "wargame.games.land_without_end" in pyproject["tool"]["setuptools"]["packages"]


# --------------------------------------------------------------------------- calendar (1.1, 1.2)

LABELS = {
    2: "Jul I",
    4: "Jul III",
    5: "Jul IV",
    6: "Aug I",
    8: "Aug III",
    9: "Aug IV",
    10: "Sep I",
    12: "Sep III",
    14: "Oct I",
    18: "Nov I",
    20: "Nov III",
    22: "Dec I",
}


def test_twenty_two_weekly_turns_1_1() -> None:
    assert list(_load("calendar.json")["turns"]) == [str(t) for t in range(1, 23)]


@pytest.mark.parametrize("turn", sorted(LABELS))
def test_turn_labels_stated_in_the_rules(turn: int) -> None:
    assert _load("calendar.json")["turns"][str(turn)]["label"] == LABELS[turn]


def test_august_is_game_turns_6_to_9_7_4() -> None:
    turns = _load("calendar.json")["turns"]
    assert [int(t) for t, v in turns.items() if "august" in v["tags"]] == [6, 7, 8, 9]


def test_weather_rolls_from_game_turn_12_10_1() -> None:
    turns = _load("calendar.json")["turns"]
    assert min(int(t) for t, v in turns.items() if "weather" in v["tags"]) == 12


# --------------------------------------------------------------------------- replacements (8.6-8.8)

RATES = {1: 0, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 9: 4, 10: 5, 13: 5, 14: 6, 17: 6, 18: 7, 21: 7, 22: 8}


@pytest.mark.parametrize("turn", sorted(RATES))
def test_soviet_replacements_per_centre_8_7_8_8(turn: int) -> None:
    value = _load("calendar.json")["turns"][str(turn)]["values"]["soviet_replacements_per_centre"]
    assert value == RATES[turn]


def test_thirteen_centres_with_odessa_at_2141_8_7() -> None:
    centres = _load("table-replacements.json")["entries"]["centres"]
    assert len(centres) == 13 and centres["2141"] == "Odessa" and "2143" not in centres


def test_german_non_mech_replacements_fourteen_steps_8_6() -> None:
    assert _load("table-replacements.json")["entries"]["german_non_mech_steps"]["total"] == 14
    assert _load("scenario-campaign.json")["vars"]["german_non_mech_replacements"] == 14


# --------------------------------------------------------------------------- victory (4.2-4.6)


def test_gt5_victory_check_at_52_and_next_check_gt9_4_5() -> None:
    checks = _load("table-victory.json")["entries"]["checks"]
    assert checks["5"] == 52
    assert sorted(int(t) for t in checks)[1] == 9
    turns = _load("calendar.json")["turns"]
    assert "victory-check" in turns["5"]["tags"] and "victory-check" in turns["9"]["tags"]


LEVELS = {
    130: "german-major",
    129: "german-substantive",
    125: "german-substantive",
    124: "german-minor",
    119: "german-minor",
    118: "soviet-minor",
    98: "soviet-minor",
    97: "soviet-substantive",
    87: "soviet-substantive",
    86: "soviet-major",
}


@pytest.mark.parametrize("vp", sorted(LEVELS))
def test_levels_of_victory_4_6(vp: int) -> None:
    entries = _load("table-victory.json")["entries"].values()
    levels = [e for e in entries if e.get("what") == "level"]
    found = [e["level"] for e in levels if e.get("min", -(10**9)) <= vp <= e.get("max", 10**9)]
    assert found == [LEVELS[vp]]


def test_vp_values_4_2_4_3() -> None:
    vp = _load("table-victory.json")["entries"]["vp"]
    assert (vp["small-town"], vp["large-town"], vp["city"]) == (1, 2, 4)
    assert (vp["greater-germany-hex"], vp["memel"], vp["konigsberg"]) == (-1, -2, -4)
    assert vp["fz-per-turn"] == -1 and vp["declined-withdrawal"] == -1


def test_german_vp_start_at_zero_3_2() -> None:
    assert _load("scenario-campaign.json")["vars"]["german_vp"] == 0


# --------------------------------------------------------------------------- CRT (11.8-11.10, 11.28)


def test_crt_columns_run_1_3_to_6_1_11_10() -> None:
    assert _crt().labels[0] == "1-3" and _crt().labels[-1] == "6-1" and len(_crt().labels) == 8


def test_above_6_1_is_an_automatic_de_11_10() -> None:
    """D6: 49 against 7 is 7:1, above 6:1: DE without a roll (R21)."""
    assert _crt().column(49, 7).automatic == "DE"  # 7:1


def test_below_1_3_is_an_automatic_al1_11_10() -> None:
    """D5: 2 against 9 is 1:5, below 1:3: AL1 without a roll (R21)."""
    assert _crt().column(2, 9).automatic == "AL1"  # 1:5


def test_six_to_one_roll_5_is_de_11_28() -> None:
    """P21: a 5 at 6:1 is DE."""
    table = _crt()
    assert table.result(table.column(42, 7), 5) == "DE"


def test_odds_26_against_7_are_3_1_11_8() -> None:
    """P19 (ruling E1: the text's 27 is a typo for 26)."""
    assert _crt().column(26, 7).label == "3-1"


def test_odds_5_against_11_are_1_3_11_9() -> None:
    """P20: 11 / 5 = 2.2, rounded up to 3: 1:3."""
    assert _crt().column(5, 11).label == "1-3"


def test_shifts_apply_to_the_raw_ratio_20_1_less_2l_is_18_1_de_11_28() -> None:
    """P22: 20:1 with a net 2L is 18:1, an automatic DE."""
    column = _crt().column(20, 1, shift=-2)
    assert column.automatic == "DE" and column.label == "18-1"


@pytest.mark.parametrize(
    ("attack", "defense", "label"),
    [(14, 7, "2-1"), (13, 7, "1-1"), (7, 7, "1-1"), (6, 7, "1-2")],
)
def test_d3_d4_odds_round_in_the_defenders_favour_11_8_11_9(
    attack: int, defense: int, label: str
) -> None:
    """D3: 14 vs 7 is 2:1, 13 vs 7 and 7 vs 7 are 1:1; D4: 6 vs 7 is 1:2 (never 1:1)."""
    assert _crt().column(attack, defense).label == label


def test_result_codes_11_30_to_11_38() -> None:
    assert set(_load("crt.json")["codes"]) == {"AS", "AL1", "DR", "DE", "BB", "DL1"}


# --------------------------------------------------------------------------- counters


def _counters() -> dict[str, Any]:
    return _load("counters.json")["counters"]


def test_168th_and_297th_infantry_are_3_5_and_2_4_2_4() -> None:
    for cid in ("ger-inf-168", "ger-inf-297"):
        assert [f["label"] for f in _counters()[cid]["steps"]] == ["3-5", "2-4"]


def test_65th_rifle_corps_is_a_1_3_8_10() -> None:
    assert _counters()["sov-rc-65"]["steps"][0]["label"] == "1-3"


def test_fortified_zones_defend_at_1_with_one_step_and_mf_0_11_24() -> None:
    fz = [c for c in _counters().values() if c["type"] == "fz"]
    assert fz and all(len(c["steps"]) == 1 for c in fz)
    assert all(c["steps"][0]["values"] == {"attack": 0, "defense": 1, "move": 0} for c in fz)


def test_german_divisions_two_steps_soviet_one_except_guards_and_ica_2_12_3_4() -> None:
    for cid, c in _counters().items():
        if c["side"] == "soviet":
            two = c["type"] in ("guards-rifle", "guards-cavalry-corps", "ica")
            assert len(c["steps"]) == (2 if two else 1), cid
        elif cid.startswith("ger-") and c["type"] != "arko":
            assert len(c["steps"]) == 2, cid


def test_stacking_values_6_1() -> None:
    types = _load("counters.json")["unit_types"]
    assert types["infantry"]["stacking"] == 1 and types["fz"]["stacking"] == 1
    assert types["arko"]["stacking"] == 1  # 8.4
    assert types["romanian-corps"]["stacking"] == 3 and types["ica"]["stacking"] == 3


def test_markers_18_concentration_3_pause_1_viii_fk_7_5_7_6_11_25() -> None:
    markers = _load("counters.json")["markers"]
    assert markers["supply-concentration"]["count"] == 18
    assert markers["paulus-pause"]["count"] == 3
    assert markers["viii-fk"]["count"] == 1


def test_rp_pool_has_four_mountain_rifle_divisions_8_10() -> None:
    rp = [c for c in _counters().values() if c.get("formation") == "rp"]
    assert sum(c["type"] == "mountain-rifle" for c in rp) == 4


def test_ica_enters_gt2_at_odessa_or_sevastopol_8_5() -> None:
    entry = _load("calendar.json")["schedule"]["ica"]
    assert (entry["turn"], entry["at"]) == (2, ["2141", "2548"])


def test_hungarian_fast_corps_withdrawn_gt20_8_12() -> None:
    entry = _load("calendar.json")["schedule"]["hf-withdrawal"]
    assert (entry["turn"], entry["kind"], entry["units"]) == (20, "withdrawal", ["hun-hf"])


def test_guards_convert_on_gt12_and_gt20_8_13() -> None:
    schedule = _load("calendar.json")["schedule"]
    assert schedule["guards-12"]["turn"] == 12 and schedule["guards-20"]["turn"] == 20


def test_sixth_army_sets_up_in_its_area_3_4() -> None:
    assert _load("scenario-campaign.json")["setup"]["soviet-6A"]["at"] == ["army:6A"]


def test_every_counter_used_once_at_most() -> None:
    placed = [u for p in _load("scenario-campaign.json")["setup"].values() for u in p["units"]]
    scheduled = [
        u
        for s in _load("calendar.json")["schedule"].values()
        if s.get("kind", "reinforcement") == "reinforcement"
        for u in s["units"]
    ]
    assert len(placed + scheduled) == len(set(placed + scheduled))
    assert set(placed + scheduled) <= set(_counters())


def test_asterisked_units_start_off_the_map_8_3() -> None:
    """Ruling D12/M17: the asterisked units wait in a box beside 1025-1030, not on the map."""
    title = discover(extra=[plugin], owner_dir=None).get("land-without-end")
    match = Match(title)
    units = _load("scenario-campaign.json")["setup"]["german-asterisk"]["units"]
    assert "hun-hf" in units
    assert {match.state.units[u].loc for u in units} == {"box:asterisk"}
    assert set(match.topology.neighbours("box:asterisk")) == {f"10{r}" for r in range(25, 31)}


def test_no_formation_is_counted_twice() -> None:
    """The stand-in order of battle lists each historical division or corps once (the 11th Army's
    divisions set up in Romania are not also in Greater Germany)."""
    names = [c["name"].removesuffix(" (R)") for c in _counters().values()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_gast_modifiers_7_4() -> None:
    """+1 in September, October or November (the same each month), +2 in December, -1 for an
    August attack with every attacker west of the GAS line."""
    mods = _load("table-gast.json")["entries"]["modifiers"]
    assert {k: (m["drm"], m.get("turns"), m.get("tags")) for k, m in mods.items()} == {
        "sep-oct-nov": (1, [10, 21], None),
        "dec": (2, [22, 22], None),
        "august-all-west": (-1, None, ["august"]),
    }
    assert mods["august-all-west"]["all_outside"] is True


def test_southern_zone_reads_the_same_roll_less_2_10_2() -> None:
    assert _load("table-weather.json")["entries"]["rolls"]["swz_modifier"] == -2
