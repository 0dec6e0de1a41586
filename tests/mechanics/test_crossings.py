"""Strait crossings (wargame.mechanics.crossings; Barbarossa 10.14-10.15, LWE 9.16) on a Hexland
variant: a "strait" hexside 0305/0405 that Blue may cross as his whole move, one stack a phase,
and a "shallows" hexside 0204/0304 that infantry of either side cross as a river from turn 2. The
chart closes both to everyone else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import put, simple_match
from wargame.actions import IllegalAction
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics.movement import path_cost

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "crossings"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf", "2-inf"], "at": ["0305"]},
    "a": {"side": "blue", "units": ["7-arm"], "at": ["0204"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0909"]},
}
CROSSINGS = {
    "crossings": [
        {"feature": "strait", "sides": ["blue"], "stacks_per_phase": 1, "rule": "HL 10.14"},
        {
            "feature": "shallows",
            "mode": "as",
            "as": "river",
            "mobility": ["infantry"],
            "from_turn": 2,
            "rule": "HL 10.15",
        },
    ]
}


class TurnKey:
    """The shallows open on turn 2: the cost key says so (the mechanic's docstring)."""

    @hookimpl
    def wargame_cost_key(self, match: Match, unit: Any) -> tuple[str, str, bool]:
        return (unit.side, match.unit_type(unit)["mobility"], match.turn >= 2)


def edit(docs: dict[str, dict[str, Any]]) -> None:
    docs["map"]["hexsides"] += [
        {"hexes": ["0305", "0405"], "features": ["strait"]},
        {"hexes": ["0204", "0304"], "features": ["shallows"]},
    ]
    docs["terrain"]["hexsides"]["strait"] = {"name": "Strait", "move": {"*": None}}
    docs["terrain"]["hexsides"]["shallows"] = {"name": "Shallows", "move": {"*": None}}


@pytest.fixture()
def m(tmp_path: Path) -> Match:
    return simple_match(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"crossings": CROSSINGS, "movement": {"min_one_step": True}},
        edit=edit,
        rules=[TurnKey()],
    )


def cost(m: Match, uid: str, *path: str) -> int | None:
    return path_cost(m, m.state.units[uid], list(path))[0]


def test_a_whole_move_crossing_is_the_units_one_step(m: Match) -> None:
    assert cost(m, "1-inf", "0305", "0405") is not None  # the one-hex move pays it
    assert cost(m, "1-inf", "0305", "0405", "0505") is None  # nothing beyond
    m.apply("move 1-inf 0305 0405")
    assert m.state.units["1-inf"].loc == "0405"
    assert not [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "1-inf"]


def test_only_from_where_the_unit_starts_its_move(m: Match) -> None:
    put(m, "2-inf", "0306")
    m.touch()
    assert cost(m, "2-inf", "0306", "0305", "0405") is None  # a crossing after a step
    with pytest.raises(IllegalAction, match="needs"):
        m.apply("move 2-inf 0306 0305 0405")


def test_one_stack_a_phase_then_again_next_phase(m: Match) -> None:
    m.apply("move 1-inf 0305 0405")
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="HL 10.14"):
        m.apply("move 2-inf 0305 0405")
    assert m.state_hash() == before
    for _ in range(4):  # Blue combat, Red movement and combat, Blue movement
        m.apply("end")
    assert m.decision.side == "blue" and m.decision.kind == "movement"
    assert not m.state.plugins.get("crossings")  # the count went with its phase
    m.apply("move 2-inf 0305 0405")


def test_the_other_side_may_not_cross(m: Match) -> None:
    put(m, "r1", "0405")
    m.touch()
    assert cost(m, "r1", "0405", "0305") is None


def test_an_as_crossing_costs_the_named_feature_from_its_turn(m: Match) -> None:
    assert cost(m, "2-inf", "0304", "0204") is None  # turn 1: shut
    for _ in range(4):
        m.apply("end")
    assert m.turn == 2
    across = cost(m, "2-inf", "0304", "0204")
    river = cost(m, "2-inf", "0601", "0701")
    assert across is not None and across == river  # as a river, into clear either way
    assert cost(m, "7-arm", "0204", "0304") is None  # not armour
