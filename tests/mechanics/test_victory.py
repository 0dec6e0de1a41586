"""Victory from data (wargame.mechanics.victory), on Hexland: objectives held at the end (HL
15.1), a VP ledger that follows control, thresholds judged at checks (on tagged turns only),
sudden-death locations and levels of victory. Unknown keys are load errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import put, simple_match
from wargame.errors import DataError
from wargame.match import Match
from wargame.mechanics import victory

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "victory"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1"], "at": ["1210"]},
}
CAPITAL = "0905"


def match(
    tmp_path: Path,
    conditions: dict[str, Any] | None = None,
    last_turn: int = 1,
    edit: Any = None,
    documents: dict[str, Any] | None = None,
    **settings: Any,
) -> Match:
    def edit_docs(docs: dict[str, Any]) -> None:
        if conditions is not None:  # in place of Hexland's own
            docs["scenario"]["victory"] = conditions
        if edit is not None:
            edit(docs)

    return simple_match(
        tmp_path,
        MECHANICS,
        SETUP,
        scenario={"last_turn": last_turn},
        options={"victory": {"rule": "HL 15.1", **settings}},
        edit=edit_docs,
        documents=documents,
    )


def play_out(m: Match, events: list[Any] | None = None) -> dict[str, Any]:
    """End every phase until the game is over (its events into ``events``)."""
    while m.decision is not None:
        (events if events is not None else []).extend(m.apply("end"))
    assert m.outcome is not None
    return m.outcome


def test_hexland_blue_holding_the_capital_at_the_end_wins_15_1(tmp_path: Path) -> None:
    m = match(tmp_path)  # Hexland's own condition: hold 0905, default red
    put(m, "1-inf", CAPITAL)
    events: list[Any] = []
    outcome = play_out(m, events)
    assert outcome["winner"] == "blue" and "Capital" in outcome["text"]
    assert [e.rule for e in events if e.kind == "outcome"] == ["HL 15.1"]


def test_hexland_nobody_in_the_capital_is_red_s_win_15_1(tmp_path: Path) -> None:
    assert play_out(match(tmp_path))["winner"] == "red"


def test_hexland_red_in_the_capital_wins_15_1(tmp_path: Path) -> None:
    m = match(tmp_path)
    put(m, "r1", CAPITAL)
    assert play_out(m)["winner"] == "red"


def test_control_holds_an_empty_location(tmp_path: Path) -> None:
    m = match(tmp_path)
    m.state.control[CAPITAL] = "blue"
    assert victory.holder(m, CAPITAL) == "blue"
    assert play_out(m)["winner"] == "blue"


def test_a_side_s_hold_condition_loses_to_its_enemy_when_not_held(tmp_path: Path) -> None:
    cond = {"c": {"kind": "hold", "side": "blue", "params": {"hexes": [CAPITAL]}}}
    m = match(tmp_path, cond)
    m.state.control[CAPITAL] = "blue"
    put(m, "r1", CAPITAL)  # occupation beats control
    outcome = play_out(m)
    assert outcome["winner"] == "red"
    assert outcome["text"].startswith("Blue does not hold")


def test_vp_of_objectives_held_against_what_is_needed(tmp_path: Path) -> None:
    cond = {"v": {"kind": "vp", "side": "blue", "params": {"needed": 10}, "rule": "HL 15.2"}}
    m = match(tmp_path, cond)
    assert victory.objectives(m) == {CAPITAL: 10.0}  # every location with a vp attribute
    put(m, "1-inf", CAPITAL)
    assert play_out(m)["winner"] == "blue"
    m2 = match(tmp_path / "2", {"v": {**cond["v"], "params": {"needed": 11}}})
    put(m2, "1-inf", CAPITAL)
    assert play_out(m2)["winner"] == "red"


def test_sudden_death_ends_the_game_the_instant_the_location_is_entered(tmp_path: Path) -> None:
    cond = {"s": {"kind": "sudden-death", "side": "blue", "params": {"hexes": ["0405"]},
                  "rule": "HL 15.3"}}  # fmt: skip
    m = match(tmp_path, cond, last_turn=4)
    events = m.apply("move 1-inf 0305 0405")
    assert m.outcome is not None and m.outcome["winner"] == "blue"
    assert m.decision is None
    assert [e.rule for e in events if e.kind == "outcome"] == ["HL 15.3"]


def test_sudden_death_not_held_goes_on(tmp_path: Path) -> None:
    cond = {"s": {"kind": "sudden-death", "side": "blue", "params": {"hexes": ["0405", "0505"]}}}
    m = match(tmp_path, cond, last_turn=4)
    m.apply("move 1-inf 0305 0405")  # one of two: every one is needed
    assert m.outcome is None


def test_the_ledger_follows_control_of_objectives(tmp_path: Path) -> None:
    m = match(tmp_path, {}, last_turn=4, score_objectives=True, default_holder="red")
    assert m.state.vp == {"red": 10}  # the Capital is red's to start with
    put(m, "1-inf", CAPITAL)
    m.apply("end")  # the phase ends: blue now holds it
    assert m.state.vp == {"red": 0, "blue": 10}
    why = [(e["side"], e["points"], e["why"]) for e in victory.ledger(m)]
    assert why == [("red", 10, "Capital taken"), ("red", -10, "Capital lost"),
                   ("blue", 10, "Capital taken")]  # fmt: skip
    assert all(e["rule"] == "HL 15.1" for e in victory.ledger(m))


THRESHOLD = {"t": {"kind": "threshold", "side": "blue", "params": {"needed": 10}}}


def test_a_threshold_is_judged_at_each_player_turn_end(tmp_path: Path) -> None:
    m = match(tmp_path, THRESHOLD, last_turn=4, score_objectives=True, checks=["player-turn"])
    put(m, "1-inf", CAPITAL)
    m.apply("end")  # blue movement over: not a check yet
    assert m.outcome is None
    m.apply("end")  # blue combat over: blue's player turn ends
    assert m.outcome is not None and m.outcome["winner"] == "blue"
    assert m.outcome["text"] == "Blue VP 10 >= 10: Blue wins"


def test_a_threshold_is_judged_only_on_turns_with_the_check_tag(tmp_path: Path) -> None:
    def tag_turn_2(docs: dict[str, Any]) -> None:
        docs["calendar"]["turns"]["2"]["tags"] = ["victory-check"]

    m = match(
        tmp_path,
        THRESHOLD,
        last_turn=4,
        edit=tag_turn_2,
        score_objectives=True,
        checks=["turn"],
        check_tag="victory-check",
    )
    put(m, "1-inf", CAPITAL)
    for _ in range(4):  # the whole of turn 1: untagged, no check
        m.apply("end")
    assert m.outcome is None and m.turn == 2
    for _ in range(4):
        m.apply("end")
    assert m.outcome is not None and m.outcome["turn"] == 2


def test_levels_of_victory_by_net_vp(tmp_path: Path) -> None:
    levels = [
        {"level": "Blue decisive", "winner": "blue", "min": 10},
        {"level": "Blue marginal", "winner": "blue", "min": 1, "max": 9},
        {"level": "Draw", "max": 0, "min": 0},
        {"level": "Red victory", "winner": "red", "max": -1},
    ]
    m = match(tmp_path, {}, levels=levels, net_of="blue")
    m.add_vp("blue", 4, "test")
    outcome = play_out(m)
    assert (outcome["winner"], outcome["level"]) == ("blue", "Blue marginal")
    m2 = match(tmp_path / "2", {}, levels=levels, net_of="blue")
    assert play_out(m2)["winner"] is None


def test_at_end_when_nothing_decides(tmp_path: Path) -> None:
    m = match(tmp_path, {}, at_end={"winner": "red", "level": "marginal", "text": "time runs out"})
    assert play_out(m)["winner"] == "red"
    assert play_out(match(tmp_path / "2", {}))["winner"] is None  # no condition: a draw


def test_an_unknown_condition_param_is_a_load_error(tmp_path: Path) -> None:
    cond = {"c": {"kind": "hold", "params": {"hexes": [CAPITAL], "defualt": "red"}}}
    with pytest.raises(DataError, match="defualt"):
        match(tmp_path, cond)


def test_a_condition_that_needs_a_side_names_it(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="side"):
        match(tmp_path, {"t": {"kind": "threshold", "params": {"needed": 3}}})


def test_an_unknown_setting_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="check_tags"):
        match(tmp_path, check_tags="x")


def test_a_title_s_own_condition_kind_is_left_to_its_rules(tmp_path: Path) -> None:
    m = match(tmp_path, {"own": {"kind": "campaign", "params": {"anything": 1}}})
    assert list(victory.conditions(m)) == []
    assert play_out(m)["winner"] is None


def test_a_streak_counts_checks_in_a_row_and_restarts_when_broken(tmp_path: Path) -> None:
    """For conditions held "throughout N complete turns" (Dark Crusade 2.B.3)."""
    m = match(tmp_path)
    assert [victory.streak(m, "x", held) for held in (True, True, False, True)] == [1, 2, 0, 1]
    assert victory.streak(m, "y", True) == 1  # each condition counts on its own


def test_the_end_of_a_player_turn_is_its_last_phase_played(tmp_path: Path) -> None:
    m = match(tmp_path, last_turn=2)
    ends = []
    for _ in range(4):
        ends.append(victory.ends_player_turn(m))  # asked as the phase ends
        m.apply("end")
    assert ends == [False, True, False, True]


def calendar_track(docs: dict[str, Any]) -> None:
    """A victory track on the calendar: turn 2 gives [red wins at or below, blue wins at]."""
    docs["calendar"]["turns"]["2"]["values"] = {"vp": [0, 10]}


TRACK = {
    "blue-vp": {"kind": "threshold", "side": "blue", "params": {"needed_from": "vp", "index": 1}},
    "red-vp": {"kind": "threshold", "side": "red",
               "params": {"needed_from": "vp", "index": 0, "of": "blue", "at_most": True}},
}  # fmt: skip


def test_a_threshold_read_from_the_turn_s_calendar_values(tmp_path: Path) -> None:
    m = match(tmp_path, TRACK, last_turn=4, edit=calendar_track, score_objectives=True,
              checks=["turn"])  # fmt: skip
    put(m, "1-inf", CAPITAL)
    for _ in range(4):  # turn 1 has no number on the track: no check
        m.apply("end")
    assert m.outcome is None and m.state.vp["blue"] == 10
    for _ in range(4):
        m.apply("end")
    assert m.outcome is not None and m.outcome["winner"] == "blue"


def test_a_threshold_at_most_counts_the_other_side_s_vp(tmp_path: Path) -> None:
    m = match(tmp_path, TRACK, last_turn=4, edit=calendar_track, checks=["turn"])
    for _ in range(8):
        if m.outcome is None:
            m.apply("end")
    assert m.outcome is not None and m.outcome["winner"] == "red"  # blue has 0 <= 0 on turn 2
    assert m.outcome["text"] == "Blue VP 0 <= 0: Red wins" and m.outcome["turn"] == 2


def test_a_threshold_gives_one_number(tmp_path: Path) -> None:
    cond = {
        "t": {"kind": "threshold", "side": "blue", "params": {"needed": 3, "needed_from": "vp"}}
    }
    with pytest.raises(DataError, match="not both"):
        match(tmp_path, cond)


def test_only_the_scoring_side_keeps_a_score(tmp_path: Path) -> None:
    """Barbarossa 4.1-4.2 and LWE 4.1-4.2's shape: one side's VP, up when it takes an
    objective, down when it loses one."""
    m = match(tmp_path, {}, last_turn=4, score_objectives=True, score_for="blue",
              default_holder="red")  # fmt: skip
    assert m.state.vp == {}  # red holds the Capital, but red keeps no score
    put(m, "1-inf", CAPITAL)
    m.apply("end")
    assert m.state.vp == {"blue": 10}
    put(m, "1-inf", None)
    put(m, "r1", CAPITAL)
    m.apply("end")
    assert m.state.vp == {"blue": 0}
    assert [(e["side"], e["points"]) for e in victory.ledger(m)] == [("blue", 10), ("blue", -10)]


def test_the_score_may_start_at_zero(tmp_path: Path) -> None:
    m = match(tmp_path, {}, last_turn=4, score_objectives=True, default_holder="red",
              score_start=False)  # fmt: skip
    assert m.state.vp == {} and victory.ledger(m) == []  # held at the start: not scored
    put(m, "1-inf", CAPITAL)
    m.apply("end")
    assert m.state.vp == {"red": -10, "blue": 10}


def test_held_by_control_ignores_units_in_the_location(tmp_path: Path) -> None:
    """PMD 4.2's shape: control alone says who holds a place (the control rule settles a place
    both sides occupy)."""
    m = match(tmp_path, {}, held_by="control")
    m.state.control[CAPITAL] = "red"
    put(m, "1-inf", CAPITAL)
    assert victory.holder(m, CAPITAL) == "red"
    m2 = match(tmp_path / "2", {})
    m2.state.control[CAPITAL] = "red"
    put(m2, "1-inf", CAPITAL)
    assert victory.holder(m2, CAPITAL) == "blue"  # by default occupation comes first


MOSCOW = {"name": "Twin city", "locations": ["0405", "0505"], "vp": 9, "side": "blue"}


def test_a_group_objective_needs_every_location_and_goes_with_any_one(tmp_path: Path) -> None:
    """PMD 4.5.1's shape: the Axis scores Moscow's 9 VP holding both hexes; one hex back takes
    them away."""
    m = match(tmp_path, {}, last_turn=4, held_by="control", groups=[MOSCOW],
              score_objectives=True, score_for="blue", default_holder="red")  # fmt: skip
    assert "0405" not in victory.objectives(m) and victory.objectives(m)["group:Twin city"] == 9
    m.state.control["0405"] = "blue"
    victory.score_objectives(m)
    assert m.state.vp.get("blue", 0) == 0  # one of the two: not yet
    m.state.control["0505"] = "blue"
    victory.score_objectives(m)
    assert m.state.vp["blue"] == 9
    assert victory.ledger(m)[-1]["why"] == "Twin city taken"
    m.state.control["0505"] = "red"
    victory.score_objectives(m)
    assert m.state.vp["blue"] == 0 and victory.ledger(m)[-1]["why"] == "Twin city lost"


CHART_DOC = {"chart": {"kind": "table", "id": "chart", "name": "Check chart",
                       "provenance": {"source": "stand-in", "note": "a test's chart"},
                       "entries": {"2": {"blue_min": 10, "red_max": 0}}}}  # fmt: skip
"""A check chart as a table document: turn -> the numbers (Barbarossa 4.14's shape)."""


CHART = {
    "blue": {"kind": "threshold", "side": "blue", "rule": "HL 4.14",
             "params": {"table": "chart", "needed_from": "{turn}.blue_min", "level": "check",
                        "text": "{have:g} VP on turn {turn}: at least {needed:g}"}},
    "red": {"kind": "threshold", "side": "red",
            "params": {"table": "chart", "needed_from": "{turn}.red_max", "of": "blue",
                       "at_most": True}},
}  # fmt: skip


def test_a_threshold_read_from_a_table_on_the_turns_it_lists(tmp_path: Path) -> None:
    m = match(tmp_path, CHART, last_turn=4, documents=CHART_DOC, checks=["turn"])
    m.add_vp("blue", 10, "test")
    for _ in range(4):  # turn 1 is not in the chart: no check
        m.apply("end")
    assert m.outcome is None
    for _ in range(4):
        m.apply("end")
    assert m.outcome is not None and m.outcome["winner"] == "blue" and m.outcome["turn"] == 2
    assert (m.outcome["level"], m.outcome["text"]) == ("check", "10 VP on turn 2: at least 10")


def test_a_title_s_bonus_counts_and_its_own_ending_decides(tmp_path: Path) -> None:
    """A title adds points the ledger does not hold (BARB 4.20) and ends the game its own way
    (PMD 4.3 turns a win into a draw)."""
    m = match(tmp_path, CHART, last_turn=4, documents=CHART_DOC)
    m.state.cursor.turn = 2
    assert victory.judge(m, CHART["blue"]) is None  # 0 VP
    assert (victory.judge(m, CHART["blue"], bonus=10) or {}).get("winner") == "blue"
    ended: list[Any] = []
    victory.threshold_check(m, end=lambda *a: ended.append(a[1:]), bonus=10)
    assert ended == [("blue", "check", "10 VP on turn 2: at least 10", "HL 4.14")]
    assert m.outcome is None
    victory.threshold_check(m)  # 0 VP <= 0: the red condition ends it
    assert m.outcome is not None and m.outcome["winner"] == "red"
