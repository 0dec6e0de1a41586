"""Dark Crusade weather and German air (7.0, 5.A, 3.A): the digest's R-01..R-04, EX-05, EX-06
and the rulings on the garbled table (E-8, E-20, note c)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dc_helpers import at, step
from wargame.games.dark_crusade import weather as W
from wargame.match import Match
from wargame.plugins import discover

TITLE = discover().get("dc")


def new(scenario: str = "tournament", seed: int = 1) -> Match:
    return Match(TITLE, scenario, seed=seed)


def column(match: Match, year: int, start: int, col: int) -> None:
    match.state.ns(W.NS).setdefault(W.ROLLS, {})[f"{year}-{start}"] = {"roll": 0, "column": col}


def fixed_roll(match: Match, monkeypatch: pytest.MonkeyPatch, value: int) -> list[str]:
    seen: list[str] = []

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        seen.append(why)
        return value

    monkeypatch.setattr(match, "roll", roll)
    return seen


MARCH_1942, APRIL_1942, MAY_1942 = 10, 11, 12
OCT_1941, NOV_1941, DEC_1941 = 5, 6, 7


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(r, ("mud", "good", "mud")) for r in (1, 2, 3)]
    + [(r, ("mud", "mud", "good")) for r in (4, 5, 6)],
)
def test_R_02_7_A_note_a_march_roll_sets_march_to_may(
    monkeypatch: pytest.MonkeyPatch, roll: int, expected: tuple[str, str, str]
) -> None:
    m = at(new(), MARCH_1942)
    fixed_roll(m, monkeypatch, roll)
    W.roll_season(m)
    got = tuple(W.weather_of(m, t) for t in (MARCH_1942, APRIL_1942, MAY_1942))
    assert got == expected
    assert m.state.ns(W.NS)[W.ROLLS]["1942-3"]["roll"] == roll


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(1, ("good", "snow")), (2, ("good", "snow"))] + [(r, ("mud", "good")) for r in (3, 4, 5, 6)],
)
def test_R_03_7_A_note_d_october_roll_sets_october_and_november(
    monkeypatch: pytest.MonkeyPatch, roll: int, expected: tuple[str, str]
) -> None:
    m = at(new(), OCT_1941)
    fixed_roll(m, monkeypatch, roll)
    W.roll_season(m)
    assert (W.weather_of(m, OCT_1941), W.weather_of(m, NOV_1941)) == expected
    assert W.weather_of(m, DEC_1941) == "snow"  # constant month


def test_season_roll_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    m = at(new(), MARCH_1942)
    seen = fixed_roll(m, monkeypatch, 5)
    W.roll_season(m)
    at(m, APRIL_1942)
    W.roll_season(m)  # April is set by the March roll: no new roll
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("turn", "col", "air"),
    [
        (14, 0, 2),  # July 1942
        (DEC_1941, 0, 0),  # December 1941
        (20, 0, 1),  # January 1943
        (18, 0, 1),  # November 1942, Snow (column A)
        (18, 1, 2),  # November 1942, Good (column B)
        (OCT_1941, 0, 3),  # October 1941, Good
        (OCT_1941, 1, 0),  # October 1941, Mud
    ],
)
def test_R_04_7_A_air_availability_lookup(turn: int, col: int, air: int) -> None:
    m = at(new(), turn)
    year, month = 1941 + (turn + 4) // 12, (turn + 4) % 12 + 1
    column(m, year, 10 if month in (10, 11) else 3, col)
    assert W.air_available(m) == air


@pytest.mark.parametrize(("col", "weather", "air"), [(0, "good", 2), (1, "mud", 0)])
def test_EX_05_7_A_note_b_april_1942_air_follows_the_weather_column(
    col: int, weather: str, air: int
) -> None:
    m = at(new(), APRIL_1942)
    column(m, 1942, 3, col)
    assert W.current(m) == weather
    assert W.air_available(m) == air


def test_EX_06_5_A_first_turn_air_june_game_four() -> None:
    m = new("tournament")
    assert m.turn == 1 and W.air_available(m) == 4
    assert m.state.vars[W.WEATHER]["air"] == 4  # recorded by the weather phase
    assert W.air_available(at(m, 2)) == 3  # July 1941: no bonus


def test_EX_06_note_e_may_game_three_in_may_and_june() -> None:
    m = new("tournament-may")
    assert m.turn == 0 and W.air_available(m) == 3
    assert W.air_available(at(m, 1)) == 3  # June 1941 of a May game: no bonus (5.A)


def test_E_20_may_1941_is_good_column_b_with_per_point_weather() -> None:
    m = new("tournament-may")
    found = m.state.vars[W.WEATHER]
    assert (found["weather"], found["column"], found["per_point"]) == ("good", "B", True)


def test_R_01_3_A_may_1941_point_weather_even_good_odd_mud() -> None:
    m = new("tournament-may", seed=3)
    points = ["brest", "grodno", "lvov", "kaunas", "kishinev", "przemysl", "vilnius", "kovel"]
    found = {loc: W.roll_point_weather(m, loc) for loc in points}
    rolls = m.state.vars[W.POINTS]["0"]
    assert set(found.values()) <= {"good", "mud"}
    assert found == rolls
    events = [e for e in m._events if e.kind == "roll" and "May 1941 weather" in e.text]
    for event in events:
        loc = event.text.split(" at ")[1].split(":")[0]
        assert found[loc] == ("good" if event.data["total"] % 2 == 0 else "mud")
    assert len(events) == len(points)
    dice = m.state.dice
    assert W.roll_point_weather(m, "brest") == found["brest"]  # cached: no second roll
    assert m.state.dice == dice
    assert W.point_weather(m, "brest") == found["brest"]
    assert W.point_weather(m, "moscow") == "good"  # not assaulted: the turn's weather


def test_3_A_point_weather_only_in_may_1941_of_an_early_start() -> None:
    m = new("tournament")
    dice = m.state.dice
    assert W.roll_point_weather(m, "brest") == "good"
    assert m.state.dice == dice and W.POINTS not in m.state.vars
    may = new("tournament-may")
    at(may, 1)
    assert W.roll_point_weather(may, "brest") == "good"
    assert "1" not in may.state.vars.get(W.POINTS, {})


def test_E_8_march_is_mud_in_both_columns() -> None:
    m = at(new(), MARCH_1942)
    for col in (0, 1):
        column(m, 1942, 3, col)
        assert W.current(m) == "mud"
    column(m, 1943, 3, 1)
    assert W.air_available(at(m, 22)) == 1  # March 1943 column B: 0/1


@pytest.mark.parametrize(
    ("turn", "col", "winter"),
    [
        (DEC_1941, 0, True),
        (8, 0, True),  # January 1942
        (NOV_1941, 0, True),  # ruling P2: a Snow November 1941 is winter 41/42
        (NOV_1941, 1, False),  # Good November 1941
        (MARCH_1942, 0, False),  # March is Mud
        (20, 0, False),  # January 1943: another winter
    ],
)
def test_7_B_1_winter_4142(turn: int, col: int, winter: bool) -> None:
    m = at(new(), turn)
    column(m, 1941, 10, col)
    assert W.winter_4142(m) is winter


def to_axis_reinforcement(m: Match) -> Match:
    while not (m.phasing == "axis" and m.phase and m.phase.spec.id == "reinforcement"):
        step(m)
    return m


def test_7_A_note_c_two_consecutive_good_1944_turns_with_one_air_unit() -> None:
    m = to_axis_reinforcement(new())
    at(m, 37)  # June 1944
    assert W.current(m) == "good" and W.air_available(m) == 0
    assert "air-1944" in [str(a) for a in m.legal_actions()]
    m.apply("air-1944")
    assert W.air_available(m) == 1
    assert W.air_available(at(m, 38)) == 1  # July 1944, Good
    assert W.air_available(at(m, 39)) == 0  # August: only two turns
    assert m.check("air-1944") == "note c was already used for turns 37 and 38 (DC 7.A note c)"


def test_7_A_note_c_only_in_good_1944_turns() -> None:
    m = to_axis_reinforcement(new())
    at(m, 25)  # June 1943
    assert m.check("air-1944") == "note c applies only in 1944 (DC 7.A note c)"
    at(m, 34)  # March 1944: Mud
    assert m.check("air-1944") == "note c turns must be Good weather turns (DC 7.A note c)"
    assert "air-1944" not in [str(a) for a in m.legal_actions()]


def test_weather_phase_rolls_in_play_and_views_show_it() -> None:
    m = new(seed=5)
    while m.turn < MARCH_1942:
        step(m)
    rolls: dict[str, Any] = m.state.ns(W.NS)[W.ROLLS]
    assert set(rolls) == {"1941-10", "1942-3"}
    view = m.view("axis")
    assert view["vars"][W.WEATHER]["turn"] == MARCH_1942
    assert view["vars"][W.WEATHER]["weather"] == "mud"
    assert view["vars"][W.WEATHER]["date"] == "March 1942"
