"""Markers with lifetimes (wargame.markers): declared in data, placed and cleared by the kernel,
shown in views (owner-only markers only to their owner), status and render; an undeclared
marker is a load error. Hexland variants declare one marker per way of ending."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant, put, to_phase
from wargame import markers
from wargame.errors import DataError, UsageError
from wargame.match import Match
from wargame.plugins import Title

STAND_IN = {"source": "stand-in", "note": "test marker"}
SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0405"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0905"]},
}


def declare(**extra: dict[str, Any]) -> Any:
    def edit(docs: dict[str, dict[str, Any]]) -> None:
        table = docs["counters"].setdefault("markers", {})
        for name, spec in extra.items():
            table[name] = {"name": name.title(), "on": "unit", "provenance": STAND_IN, **spec}

    return edit


@pytest.fixture
def title(tmp_path: Path) -> Title:
    return make_variant(
        tmp_path,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=SETUP,
        edit=declare(
            pinned={"removed_by": ["phase:combat"], "removal_rule": "XX 1.1", "mark": "P"},
            tired={"removed_by": ["move"]},
            shaken={"removed_by": ["retreat"]},
            secret={"removed_by": ["hook"], "seen_by": "owner"},
        ),
    )


def test_a_phase_removes_its_markers_on_the_phasing_sides_units_only(title: Title) -> None:
    m = Match(title)
    to_phase(m, "blue", "movement")
    blue, red = m.state.units["1-inf"], m.state.units["r1"]
    markers.place(m, blue, "pinned")
    markers.place(m, red, "pinned")
    events = m.apply("end")  # blue's combat phase starts
    assert not markers.has(m, blue, "pinned")
    assert markers.has(m, red, "pinned")  # red's own combat phase removes it
    removed = [e for e in events if e.kind == "unit-marker"]
    assert removed and removed[0].rule == "XX 1.1" and removed[0].data["placed"] is False
    to_phase(m, "red", "combat")
    assert not markers.has(m, red, "pinned")


def test_moving_removes_a_move_marker_and_only_that(title: Title) -> None:
    m = Match(title)
    to_phase(m, "blue", "movement")
    unit = m.state.units["1-inf"]
    markers.place(m, unit, "tired")
    markers.place(m, unit, "shaken")
    m.apply("move 1-inf 0405 0505")
    assert not markers.has(m, unit, "tired")
    assert markers.has(m, unit, "shaken")  # only a retreat removes it


def test_placing_twice_changes_nothing_and_elimination_clears(title: Title) -> None:
    m = Match(title)
    unit = m.state.units["1-inf"]
    assert markers.place(m, unit, "tired") is True
    first = dict(unit.markers["tired"])
    assert markers.place(m, unit, "tired") is False
    assert unit.markers["tired"] == first
    m.eliminate(unit)
    assert unit.markers == {}


def test_a_hook_marker_stays_until_the_rules_remove_it(title: Title) -> None:
    m = Match(title)
    unit = m.state.units["1-inf"]
    markers.place(m, unit, "secret")
    to_phase(m, "red", "combat")
    assert markers.has(m, unit, "secret")
    assert markers.remove(m, unit, "secret", "spent") is True
    assert markers.remove(m, unit, "secret") is False


def test_owner_only_markers_are_absent_from_the_other_sides_view(title: Title) -> None:
    m = Match(title)
    unit = m.state.units["1-inf"]
    markers.place(m, unit, "secret")
    markers.place(m, unit, "pinned")

    def shown(side: str | None) -> dict[str, Any]:
        return next(u for u in m.view(side)["units"] if u.get("id") == "1-inf")["markers"]

    assert set(shown("blue")) == {"secret", "pinned"}
    assert set(shown(None)) == {"secret", "pinned"}
    assert set(shown("red")) == {"pinned"}
    assert shown("red")["pinned"]["mark"] == "P"


def test_an_undeclared_marker_may_not_be_read_or_placed(title: Title) -> None:
    m = Match(title)
    unit = m.state.units["1-inf"]
    with pytest.raises(UsageError, match="marker 'dazed' is not declared"):
        markers.has(m, unit, "dazed")
    with pytest.raises(UsageError, match="not declared"):
        markers.place(m, unit, "dazed")


def test_a_marker_read_but_never_declared_is_a_load_error(tmp_path: Path) -> None:
    reader = types.ModuleType("reader")
    reader.MARKERS = ("dazed",)  # type: ignore[attr-defined]
    with pytest.raises(DataError, match="reads marker 'dazed', which is not declared"):
        make_variant(tmp_path, rules=(reader,), name="a")
    with pytest.raises(DataError, match="no_zoc_markers: reads marker 'stunned'"):
        make_variant(tmp_path, options={"rigid-zoc": {"no_zoc_markers": ["stunned"]}}, name="b")
    with pytest.raises(DataError, match="no phase 'rally' removes it"):
        make_variant(tmp_path, edit=declare(odd={"removed_by": ["phase:rally"]}), name="c")


def test_hexland_disruption_ends_with_the_turn(tmp_path: Path) -> None:
    """Hexland declares its overrun's marker removed at the end of the turn."""
    m = Match(make_variant(tmp_path, sequence=SIMPLE_SEQUENCE, scenario_setup=SETUP))
    to_phase(m, "blue", "movement")
    unit = put(m, "r1", "0905", disrupted=True)
    turn = m.turn
    to_phase(m, "red", "combat")
    assert markers.has(m, unit, "disrupted")
    while m.turn == turn:
        m.apply("end")
    assert not markers.has(m, unit, "disrupted")


def test_status_and_the_map_show_unit_markers(title: Title) -> None:
    from wargame import render
    from wargame.status import unit_line

    m = Match(title)
    unit = m.state.units["1-inf"]
    markers.place(m, unit, "pinned")
    entry = next(u for u in m.view("red")["units"] if u.get("id") == "1-inf")
    assert "markers: pinned" in unit_line(entry, frozenset())
    assert 'class="counter-marks"' in render.svg(m) and ">P<" in render.svg(m)
