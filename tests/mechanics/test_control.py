"""Control of locations as data (wargame.mechanics.control): by passage (PGG 15.11: the last
player to have a unit pass through a hex) or by occupation (where a move ends)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant
from wargame.match import Match
from wargame.mechanics import control

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "control"]
SETUP = {"b": {"side": "blue", "units": ["1-inf"], "at": ["0305"]}}
FAR_RED = {"r": {"side": "red", "units": ["r1"], "at": ["1210"]}}


def match(tmp_path: Path, **settings: Any) -> Match:
    title = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup={**SETUP, **FAR_RED},
        scenario={"control": {"red": ["0405", "0505"]}},
        options={"control": {**settings, "rule": "HL 15.1"}},
    )
    return Match(title)


def test_by_passage_every_location_entered_changes_hands_15_11(tmp_path: Path) -> None:
    m = match(tmp_path, by="passage")
    assert control.controller(m, "0405") == "red"  # from the scenario
    events = m.apply("move 1-inf 0305 0405 0505")
    assert control.controller(m, "0405") == "blue"
    assert control.controller(m, "0505") == "blue"
    taken = [e for e in events if e.kind == "control"]
    assert [e.data["loc"] for e in taken] == ["0405", "0505"]
    assert all(e.rule == "HL 15.1" for e in taken)


def test_by_occupation_only_where_the_move_ends(tmp_path: Path) -> None:
    m = match(tmp_path, by="occupation")
    m.apply("move 1-inf 0305 0405 0505")
    assert control.controller(m, "0405") == "red"  # passed through: still red's
    assert control.controller(m, "0505") == "blue"


def test_only_the_tracked_locations_are_kept(tmp_path: Path) -> None:
    m = match(tmp_path, by="passage", locations=["0505"])
    m.apply("move 1-inf 0305 0405 0505")
    assert control.controller(m, "0405") == "red"
    assert control.controller(m, "0505") == "blue"
    assert control.controller(m, "0305") is None  # the start is never a passage


def test_taking_what_one_holds_changes_nothing(tmp_path: Path) -> None:
    m = match(tmp_path)
    before = m.state_hash()
    assert control.take(m, "0405", "red") is False
    assert m.state_hash() == before


def test_shared_kept_passes_when_a_removed_unit_leaves_the_other_side_alone(
    tmp_path: Path,
) -> None:
    """``shared: kept`` (PMD 4.2): the controller's last unit withdrawn or removed from a hex
    both sides hold leaves it to the other side, as an elimination does."""
    m = match(tmp_path, shared="kept")
    m.state.control["1210"] = "red"
    blue = m.state.units["1-inf"]
    m.place(blue, "1210")
    assert control.controller(m, "1210") == "red"  # kept while red is there
    m.remove(m.state.units["r1"])
    assert control.controller(m, "1210") == "blue"
