"""Terrain in combat from the terrain chart (wargame.mechanics.terrain), on Hexland: forest
doubles the defence (HL 11.1), a city or swamp shifts one column left (HL 11.2), a river doubles
only when every attacker attacks across it (HL 11.3); several multipliers combine as set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant, put, reveal_as
from wargame.errors import DataError
from wargame.match import Battle, Match
from wargame.mechanics import terrain
from wargame.pricing import price

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "terrain-effects"]


def match(tmp_path: Path, edit: Any = None, **settings: Any) -> Match:
    title = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup={},
        options={"terrain-effects": settings} if settings else None,
        edit=edit,
    )
    return Match(title)


def battle(m: Match, target: str, **attackers: str) -> Battle:
    """``r1`` (defence 3) at ``target`` attacked by blue units from the given hexes."""
    put(m, "r1", target)
    reveal_as(m, "r1", 2, 3)
    for uid, loc in attackers.items():
        put(m, uid.replace("_", "-"), loc)
    ids = [a.replace("_", "-") for a in attackers]
    return Battle("b", ids, ["r1"], target, {i: m.state.units[i].loc or "" for i in ids}, "attack")


def test_forest_doubles_the_defence_11_1(tmp_path: Path) -> None:
    m = match(tmp_path)
    priced = price(m, battle(m, "0403", **{"1_inf": "0503"}))
    assert priced.defense == 6
    assert [(x.op, x.value, x.rule) for x in priced.modifiers] == [("multiply", 2, "HL 11.1")]


def test_clear_terrain_changes_nothing(tmp_path: Path) -> None:
    m = match(tmp_path)
    priced = price(m, battle(m, "0505", **{"1_inf": "0405"}))
    assert priced.defense == 3 and priced.modifiers == () and priced.shifts == ()


def test_a_city_shifts_one_column_left_11_2(tmp_path: Path) -> None:
    m = match(tmp_path)
    priced = price(m, battle(m, "0905", **{"1_inf": "0805"}))
    assert [(s.columns, s.reason, s.rule) for s in priced.shifts] == [
        (-1, "defender in city", "HL 11.2")
    ]


def test_a_river_doubles_when_every_attacker_crosses_it_11_3(tmp_path: Path) -> None:
    m = match(tmp_path)
    priced = price(m, battle(m, "0704", **{"1_inf": "0604"}))
    assert priced.defense == 6
    assert priced.modifiers[0].reason == "river (every attacker across)"


def test_a_river_does_not_double_when_one_attacker_does_not_cross_it_11_3(tmp_path: Path) -> None:
    m = match(tmp_path)
    priced = price(m, battle(m, "0704", **{"1_inf": "0604", "2_inf": "0703"}))
    assert priced.defense == 3 and priced.modifiers == ()


def both_doubled(docs: dict[str, Any]) -> None:
    docs["map"]["hexes"]["0704"] = {"terrain": "forest"}


@pytest.mark.parametrize(("combine", "expected"), [("multiply", 12), ("add-less-one", 9),
                                                   ("highest", 6)])  # fmt: skip
def test_several_multipliers_combine_as_set(tmp_path: Path, combine: str, expected: int) -> None:
    m = match(tmp_path, edit=both_doubled, combine=combine)
    priced = price(m, battle(m, "0704", **{"1_inf": "0604"}))
    assert priced.defense == expected
    assert priced.modifiers[0].reason == "forest + river (every attacker across)"


def test_a_hexside_shift_is_read_across_it(tmp_path: Path) -> None:
    def river_shift(docs: dict[str, Any]) -> None:
        docs["terrain"]["hexsides"]["river"]["combat"] = {"shift": -2}

    m = match(tmp_path, edit=river_shift, shift_group="terrain")
    b = battle(m, "0704", **{"1_inf": "0604", "2_inf": "0703"})  # any attacker across is enough
    assert [(s.columns, s.reason, s.group) for s in terrain.column_shifts(m, b)] == [
        (-2, "attacked across river", "terrain")
    ]


def test_without_the_mechanic_terrain_has_no_effect(tmp_path: Path) -> None:
    title = make_variant(
        tmp_path,
        mechanics=MECHANICS[:-1],
        sequence=SIMPLE_SEQUENCE,
        scenario_setup={},
    )
    m = Match(title)
    assert price(m, battle(m, "0403", **{"1_inf": "0503"})).defense == 3


def test_an_unknown_setting_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="combin"):
        match(tmp_path, combin="multiply")


def test_a_bad_terrain_effect_is_a_load_error(tmp_path: Path) -> None:
    def bad(docs: dict[str, Any]) -> None:
        docs["terrain"]["terrain"]["forest"]["combat"] = {"defense_multiplier": "2"}

    with pytest.raises(DataError, match="defense_multiplier"):
        match(tmp_path, edit=bad)
