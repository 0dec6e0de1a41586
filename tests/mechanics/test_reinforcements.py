"""Reinforcements from the calendar (PGG 14.0/16.0, Barbarossa 8.1): at the start of the owner's
movement phase on their turn, scheduled units wait in the reinforcement box with their entry
locations and enter paying for the first hex; those not brought on may enter later.

Hexland's calendar: Blue's 3-inf on turn 2 at ``entry:blue`` (0102, 0105, 0108); on turn 2 Red
draws two untried rifles at ``entry:red`` (1203, 1205, 1207).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import (
    SIMPLE_SEQUENCE,
    fresh_name,
    make_variant,
    simple_variant,
    to_phase,
)
from wargame.match import Match
from wargame.mechanics import movement
from wargame.plugins import Title

MECHANICS = [
    "movement",
    "no-zoc",
    "combat",
    "step-losses",
    "retreat-advance",
    "untried",
    "reinforcements",
]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1", "r2"], "at": ["0909"]},
}


def title(tmp_path: Path, **options: Any) -> Title:
    return simple_variant(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"reinforcements": options} if options else None,
        name=fresh_name(tmp_path),
    )


def to_turn(m: Match, turn: int, side: str) -> None:
    while not (m.turn == turn and m.decision is not None and m.decision.side == side):
        m.apply("end")
    to_phase(m, side, "movement")


def test_nothing_arrives_before_its_turn(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    assert "3-inf" not in m.state.units
    assert m.units_at("box:reinforcements") == []


def test_units_arrive_in_the_box_with_their_entry_hexes(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    events: list[Any] = []
    while m.turn < 2:
        events += m.apply("end")
    assert m.decision is not None and (m.decision.side, m.decision.kind) == ("blue", "movement")
    unit = m.state.units["3-inf"]
    assert unit.loc == "box:reinforcements"
    assert unit.flags["entry"] == ["0102", "0105", "0108"]
    assert [e.text for e in events if e.kind == "reinforcements"] == [
        "blue reinforcements (blue-t2): 3-inf"
    ]
    entries = {a.args[2] for a in m.legal_actions() if a.verb == "move" and a.args[0] == "3-inf"}
    assert entries == {"0102", "0105", "0108"}


def test_entering_pays_for_the_first_hex(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    to_turn(m, 2, "blue")
    m.apply("move 3-inf box:reinforcements 0108 0208 0308")
    unit = m.state.units["3-inf"]
    assert unit.loc == "0308"
    assert movement.spent(m, unit) == 3 * movement.scale(m)  # three clear hexes, 0108 included


def test_units_not_brought_on_may_enter_later(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    to_turn(m, 2, "blue")
    m.apply("end")
    to_turn(m, 3, "blue")
    unit = m.state.units["3-inf"]
    assert unit.loc == "box:reinforcements" and unit.flags["entry"]
    assert (
        list(m.state.ns("reinforcements")["arrived"]).count("blue-t2") == 1
    )  # not scheduled a second time
    m.apply("move 3-inf box:reinforcements 0105")
    assert unit.loc == "0105"


def test_drawn_reinforcements_are_random_counters_not_in_play(tmp_path: Path) -> None:
    t = title(tmp_path)
    drawn = set()
    for seed in range(6):
        m = Match(t, seed=seed)
        to_turn(m, 2, "red")
        boxed = [u for u in m.units_at("box:reinforcements") if u.side == "red"]
        assert len(boxed) == 2
        ids = {u.id for u in boxed}
        assert not ids & {"r1", "r2"}  # those are on the map
        assert all(m.is_untried(u) for u in boxed)
        assert all(u.flags["entry"] == ["1203", "1205", "1207"] for u in boxed)
        drawn.add(frozenset(ids))
        again = Match(t, seed=seed)
        to_turn(again, 2, "red")
        assert {u.id for u in again.units_at("box:reinforcements") if u.side == "red"} == ids
    assert len(drawn) > 1


def test_one_box_per_side(tmp_path: Path) -> None:
    def boxes(docs: dict[str, dict[str, Any]]) -> None:
        docs["map"]["boxes"]["box:blue-pool"] = {"name": "Blue pool", "adjacent": []}

    t = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=SETUP,
        options={"reinforcements": {"boxes": {"blue": "box:blue-pool"}}},
        edit=boxes,
    )
    m = Match(t)
    to_turn(m, 2, "blue")
    assert m.state.units["3-inf"].loc == "box:blue-pool"
    to_turn(m, 2, "red")
    assert len(m.units_at("box:reinforcements")) == 2


def test_reinforcements_arrive_in_the_named_phase(tmp_path: Path) -> None:
    m = Match(title(tmp_path, phase="combat"))
    to_turn(m, 2, "blue")
    assert "3-inf" not in m.state.units  # not at the movement phase
    m.apply("end")
    assert m.state.units["3-inf"].loc == "box:reinforcements"


def test_sides_all_brings_every_side_s_units_at_one_phase(tmp_path: Path) -> None:
    """``sides: all`` (PMD 9.1's Reinforcement Phase shared by both sides)."""
    m = Match(title(tmp_path, sides="all"))
    to_turn(m, 2, "blue")
    assert m.state.units["3-inf"].loc == "box:reinforcements"
    assert len([u for u in m.units_at("box:reinforcements") if u.side == "red"]) == 2


def test_a_schedule_entry_names_its_own_box(tmp_path: Path) -> None:
    """An entry's ``box`` comes before the side's (PMD 9.1.2: minor allies in the South OKH)."""

    def own_box(docs: dict[str, dict[str, Any]]) -> None:
        docs["map"]["boxes"]["box:south"] = {"name": "South", "adjacent": []}
        docs["calendar"]["schedule"]["blue-t2"]["box"] = "box:south"

    t = make_variant(
        tmp_path, mechanics=MECHANICS, sequence=SIMPLE_SEQUENCE, scenario_setup=SETUP, edit=own_box
    )
    m = Match(t)
    to_turn(m, 2, "blue")
    assert m.state.units["3-inf"].loc == "box:south"


def test_redraw_dead_off_never_draws_a_counter_gone_from_play(tmp_path: Path) -> None:
    """``redraw_dead: false`` (PMD 2.2): only counters never in play are drawn; when too few are
    left, the rest do not arrive."""
    for redraw, expected in ((True, 2), (False, 0)):
        m = Match(title(tmp_path, redraw_dead=redraw))
        rifles = [
            cid
            for cid, c in m.counters_doc["counters"].items()
            if c["side"] == "red" and c["type"] == "rifle" and cid not in m.state.units
        ]
        for cid in rifles:
            m.eliminate(m.new_unit(cid, None), "gone")
        to_turn(m, 2, "red")
        boxed = [u for u in m.units_at("box:reinforcements") if u.side == "red"]
        assert len(boxed) == expected
