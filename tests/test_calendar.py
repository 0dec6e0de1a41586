"""The kernel's calendar (wargame.calendar): a turn's date, season and tags, the scenario's first
turn, weather zones and the weather in each, read from a title's data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import make_variant
from wargame import calendar
from wargame.errors import DataError
from wargame.match import Match


def with_calendar(docs: dict[str, dict[str, Any]]) -> None:
    cal = docs["calendar"]
    cal["turns"]["1"].update(date="1941-07")
    cal["turns"]["2"].update(date="Aug '41", year=1941, month=8)
    cal["turns"]["3"].update(date="1941-09", season="mud")
    cal["turns"]["4"].update(date="1941-12", tags=["victory-check"])
    cal["seasons"] = {"summer": [6, 7, 8], "winter": [12, 1, 2]}
    cal["weather_zones"] = ["entry:red"]


@pytest.fixture
def match(tmp_path: Path) -> Match:
    return Match(make_variant(tmp_path, edit=with_calendar, scenario={"first_turn": 2}))


def test_a_turns_date_from_its_text_or_its_year_and_month(match: Match) -> None:
    assert calendar.date(match, 1) == (1941, 7)
    assert calendar.date(match, 2) == (1941, 8)  # "Aug '41" as printed, year and month given
    assert calendar.date(match, 9) is None  # off the track


def test_a_turns_season_its_own_else_its_months(match: Match) -> None:
    assert calendar.season(match, 1) == "summer"
    assert calendar.season(match, 3) == "mud"  # its own, though September is in no season
    assert calendar.season(match, 4) == "winter"


def test_the_scenarios_first_and_last_turn(match: Match) -> None:
    assert calendar.first_turn(match) == 2
    assert calendar.last_turn(match) == 4
    assert calendar.has_tag(match, "victory-check", 4)
    assert not calendar.has_tag(match, "victory-check", 3)


def test_weather_zones_are_map_regions_and_keep_their_own_weather(match: Match) -> None:
    assert calendar.weather_zone(match, "1205") == "entry:red"
    assert calendar.weather_zone(match, "0305") is None
    before = match.state_hash()
    assert calendar.weather(match, "entry:red") is None
    assert match.state_hash() == before  # asking changes nothing
    calendar.set_weather(match, "snow", "entry:red", rule="HL 7.1")
    calendar.set_weather(match, "clear")
    assert calendar.weather(match, "entry:red") == "snow"
    assert calendar.weather(match) == "clear"
    assert match.state.to_json()["plugins"]["weather"] == {"entry:red": "snow", "*": "clear"}


def test_a_month_out_of_range_is_a_data_error(tmp_path: Path) -> None:
    def bad(docs: dict[str, dict[str, Any]]) -> None:
        docs["calendar"]["turns"]["1"]["month"] = 13

    with pytest.raises(DataError, match="/turns/1/month"):
        make_variant(tmp_path, edit=bad)
