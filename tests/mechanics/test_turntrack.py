"""Movement factors from the turn track (Barbarossa 2.11, 10.1; LWE, PMD) on a Hexland variant:
the calendar's turn values give each side's factor per movement class."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant
from wargame.match import Match
from wargame.mechanics import movement, turntrack


def track(docs: dict[str, dict[str, Any]]) -> None:
    turns = docs["calendar"]["turns"]
    turns["1"]["values"] = {"mf": {"blue": [9, 3], "red": [5, 2]}}
    turns["2"]["values"] = {"mf": {"blue": [4, 2], "red": [6, 3]}}


def match(tmp_path: Path) -> Match:
    t = make_variant(
        tmp_path,
        mechanics=["movement", "turn-track"],
        options={"turn-track": {"movement": "mf", "index": {"mechanized": 0, "infantry": 1}}},
        sequence=SIMPLE_SEQUENCE,
        edit=track,
    )
    return Match(t, "meeting", 1)


def test_factors_come_from_the_turn_not_the_counter(tmp_path: Path) -> None:
    m = match(tmp_path)
    armor, infantry = m.state.units["7-arm"], m.state.units["1-inf"]
    assert turntrack.factor(m, armor) == 9 and turntrack.factor(m, infantry) == 3
    assert movement.allowance(m, armor) == 9 * movement.scale(m)
    assert turntrack.factor(m, armor, turn=2) == 4


def test_a_class_the_track_does_not_index_keeps_its_counter(tmp_path: Path) -> None:
    m = match(tmp_path)
    hq = m.state.units["hq-red"]
    assert turntrack.factor(m, hq) is None
    assert movement.allowance(m, hq) == 6 * movement.scale(m)
