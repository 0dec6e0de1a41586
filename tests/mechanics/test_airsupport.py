"""Ground-support air markers (wargame.mechanics.airsupport; Barbarossa 11.23, LWE 11.25) on a
Hexland variant: Blue holds two markers on turn 1, one on turn 2, none after, and one more while
the variable ``surge`` is set; each is committed (or not) before a battle, for one column Blue's
way, at most one a battle."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.titles.variants import roll_table, simple_match
from wargame.match import Match
from wargame.mechanics import airsupport, combat

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "air-support"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0506"]},
    "c": {"side": "blue", "units": ["2-inf"], "at": ["0508"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0507"]},
    "s": {"side": "red", "units": ["r2"], "at": ["0509"]},
}
AIR = {
    "side": "blue",
    "markers": [{"turns": [1, 1], "n": 2}, {"turns": [2, 2], "n": 1}],
    "extra": [{"turns": [1, 9], "n": 1, "var": "surge"}],
    "rule": "HL 11.23",
}


@pytest.fixture()
def m(tmp_path: Path) -> Match:
    match = simple_match(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"air-support": AIR},
        edit=roll_table,
    )
    match.apply("end")  # to Blue's combat phase
    return match


def shifts(m: Match, air: bool) -> list[tuple[int, str]]:
    """The air shifts of the battle waiting for the decision, were the marker committed."""
    battle = combat.active(m)
    assert battle is not None
    battle.extra["air"] = air
    found = m.hook.wargame_combat_shifts(match=m, battle=battle)
    battle.extra.pop("air")
    return [(s.columns, s.rule) for group in found for s in group if s.reason == "air support"]


def test_markers_by_turn_and_while_a_variable_is_set(m: Match) -> None:
    assert airsupport.markers(m) == 2
    m.state.vars["surge"] = True
    assert airsupport.markers(m) == 3
    m.state.cursor.turn = 2
    m.state.vars.pop("surge")
    assert airsupport.markers(m) == 1
    m.state.cursor.turn = 3
    assert airsupport.markers(m) == 0


def test_the_side_decides_before_each_battle_and_a_commit_is_one_column_its_way(m: Match) -> None:
    m.apply("attack 0507 with 1-inf")
    assert m.decision.side == "blue" and m.decision.kind == "air"
    assert "air" in {a.verb for a in m.legal_actions()}
    assert shifts(m, True) == [(1, "HL 11.23")] and shifts(m, False) == []
    m.apply("air commit")
    assert airsupport.used(m) == 1 and airsupport.available(m) == 1


def test_holding_keeps_the_marker_and_each_goes_once_a_turn(m: Match) -> None:
    m.apply("attack 0507 with 1-inf")
    m.apply("air hold")
    assert airsupport.used(m) == 0
    while m.decision.kind != "combat":
        m.apply(str(m.legal_actions()[0]))
    m.apply("attack 0509 with 2-inf")
    m.apply("air commit")
    assert airsupport.used(m) == 1


def test_no_question_once_the_markers_are_spent_and_they_come_back_next_turn(m: Match) -> None:
    m.state.plugins["air-support"] = {"turn": 1, "used": 2}
    m.apply("attack 0507 with 1-inf")
    assert m.decision is None or m.decision.kind != "air"
    while m.turn == 1:
        m.apply(
            "end" if "end" in {str(a) for a in m.legal_actions()} else str(m.legal_actions()[0])
        )
    assert "air-support" not in m.state.plugins and airsupport.available(m) == 1


def test_a_defending_side_gets_the_column_too(m: Match) -> None:
    m.apply("end")  # Red's turn
    m.apply("end")
    assert m.decision.side == "red" and m.decision.kind == "combat"
    attack = next(a for a in m.legal_actions() if a.verb == "attack")
    m.apply(str(attack))
    assert m.decision.side == "blue" and m.decision.kind == "air"
    battle = combat.active(m)
    battle.extra["air"] = True
    assert any(
        s.columns == -1 for s in m.hook.wargame_combat_shifts(match=m, battle=battle) for s in s
    )
