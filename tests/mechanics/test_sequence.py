"""The sequence of play as data: before- and after-turn phases, nested segments, a conditional
phase (``when``) decided by the title through ``wargame_phase_active``, a reaction phase decided
by the non-phasing side, and a player turn whose phase order the phasing player chooses
(Barbarossa 5.4, LWE 5.2) through the ``order`` decision.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import fresh_name, make_variant
from wargame.actions import Event, IllegalAction
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Title

SEQUENCE: dict[str, Any] = {
    "before_turn": [{"id": "weather", "kind": "auto", "rule": "HL 4.1"}],
    "player_turns": [
        {"side": "blue", "phases": [
            {"id": "ops", "kind": "auto", "segments": [
                {"id": "movement", "kind": "movement"},
                {"id": "exploit", "kind": "movement", "when": "breakthrough",
                 "options": {"units": {"tags": ["mech"]}}}]},
            {"id": "reaction", "kind": "movement", "side": "non-phasing"},
            {"id": "combat", "kind": "combat"}]},
        {"side": "red",
         "orders": {"move-fight": ["movement", "combat"], "fight-move": ["combat", "movement"]},
         "phases": [{"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]},
    ],
    "after_turn": [{"id": "cleanup", "kind": "auto"}],
}  # fmt: skip

SETUP = {
    "b": {"side": "blue", "units": ["1-inf", "7-arm"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1"], "at": ["1009"]},
}


class Rules:
    """A title's answers: whether the exploitation segment runs, and a log of phase hooks."""

    def __init__(self, breakthrough: bool | None) -> None:
        self.breakthrough = breakthrough
        self.asked: list[str | None] = []
        self.started: list[str] = []
        self.ended: list[str] = []

    @hookimpl
    def wargame_phase_active(self, match: Match, phase: PhaseSpec) -> bool | None:
        self.asked.append(phase.when)
        return self.breakthrough

    @hookimpl
    def wargame_phase_start(self, match: Match, phase: PhaseSpec) -> None:
        self.started.append(phase.id)

    @hookimpl
    def wargame_phase_end(self, match: Match, phase: PhaseSpec) -> None:
        self.ended.append(phase.id)


def title(tmp_path: Path, rules: Rules | None = None) -> Title:
    return make_variant(
        tmp_path,
        mechanics=["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "victory"],
        sequence=SEQUENCE,
        scenario_setup=SETUP,
        rules=(rules,) if rules else (),
        name=fresh_name(tmp_path),
    )


def where(m: Match) -> tuple[str, str, str]:
    d = m.decision
    assert d is not None
    return d.side, d.kind, d.phase


def phases(events: list[Event]) -> list[str]:
    return [e.data["phase"] for e in events if e.kind == "phase"]


# ----------------------------------------------------------------------------- blocks and leaves


def test_before_turn_phases_run_first_and_auto_phases_need_no_decision(tmp_path: Path) -> None:
    rules = Rules(breakthrough=False)
    m = Match(title(tmp_path, rules))
    assert where(m) == ("blue", "movement", "blue/ops/movement")
    assert rules.started == ["weather", "movement"]
    assert rules.ended == ["weather"]


def test_segments_are_leaves_named_by_their_path(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=True)))
    assert where(m) == ("blue", "movement", "blue/ops/movement")
    events = m.apply("end")
    assert phases(events) == ["blue/ops/exploit"]
    assert where(m) == ("blue", "movement", "blue/ops/exploit")


def test_a_conditional_phase_runs_when_the_title_says_so(tmp_path: Path) -> None:
    rules = Rules(breakthrough=True)
    m = Match(title(tmp_path, rules))
    m.apply("end")
    assert rules.asked == ["breakthrough"]
    movers = {a.args[0] for a in m.legal_actions() if a.verb == "move"}
    assert movers == {"7-arm"}  # the segment's own unit filter


def test_a_conditional_phase_is_skipped_when_the_title_says_not(tmp_path: Path) -> None:
    rules = Rules(breakthrough=False)
    m = Match(title(tmp_path, rules))
    events = m.apply("end")
    assert rules.asked == ["breakthrough"]
    assert "blue/ops/exploit" not in phases(events)
    assert "exploit" not in rules.started
    assert where(m) == ("red", "movement", "blue/reaction")


def test_a_conditional_phase_without_an_answer_is_skipped(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=None)))
    m.apply("end")
    assert where(m)[2] == "blue/reaction"


def test_unconditional_phases_are_never_asked_about(tmp_path: Path) -> None:
    rules = Rules(breakthrough=True)
    m = Match(title(tmp_path, rules))
    for _ in range(3):
        m.apply("end")
    assert rules.asked == ["breakthrough"]


# ----------------------------------------------------------------------------- reaction phases


def test_a_reaction_phase_is_decided_by_the_non_phasing_side(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=False)))
    m.apply("end")
    assert where(m) == ("red", "movement", "blue/reaction")
    assert m.phasing == "blue"
    assert {a.args[0] for a in m.legal_actions() if a.verb == "move"} == {"r1"}
    m.apply("move r1 1009 1008")
    assert m.state.units["r1"].loc == "1008"
    with pytest.raises(IllegalAction):
        m.apply("move 1-inf 0305 0405")
    m.apply("end")
    assert where(m) == ("blue", "combat", "blue/combat")


# ----------------------------------------------------------------------------- chosen order


def to_red_turn(m: Match) -> None:
    while m.phasing != "red" or m.decision is None or m.decision.side != "red":
        m.apply("end")


def test_the_phasing_player_chooses_the_phase_order(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=False)))
    to_red_turn(m)
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("red", "order")
    assert d.context["orders"] == ["move-fight", "fight-move"]
    assert {str(a) for a in m.legal_actions()} == {"order move-fight", "order fight-move"}
    with pytest.raises(IllegalAction):
        m.apply("end")  # the order comes first
    events = m.apply("order fight-move")
    assert [e.text for e in events if e.kind == "order"] == ["red chooses fight-move"]
    assert where(m) == ("red", "combat", "red/combat")
    m.apply("end")
    assert where(m) == ("red", "movement", "red/movement")


def test_the_other_order(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=False)))
    to_red_turn(m)
    m.apply("order move-fight")
    assert where(m) == ("red", "movement", "red/movement")
    m.apply("end")
    assert where(m) == ("red", "combat", "red/combat")


def test_the_order_is_chosen_again_each_turn(tmp_path: Path) -> None:
    rules = Rules(breakthrough=False)
    m = Match(title(tmp_path, rules))
    to_red_turn(m)
    m.apply("order fight-move")
    m.apply("end")
    events = m.apply("end")  # red movement ends: after-turn clean-up, then turn 2
    assert "turn/cleanup" in phases(events)
    assert m.turn == 2
    assert phases(events)[-2:] == ["turn/weather", "blue/ops/movement"]
    to_red_turn(m)
    assert where(m)[1] == "order"


# ----------------------------------------------------------------------------- the end


def test_the_match_ends_after_the_last_turn_with_the_titles_outcome(tmp_path: Path) -> None:
    m = Match(title(tmp_path, Rules(breakthrough=False)))
    steps = 0
    while m.outcome is None:
        d = m.decision
        assert d is not None
        m.apply("order move-fight" if d.kind == "order" else "end")
        steps += 1
        assert steps < 100
    assert m.outcome["winner"] == "red"  # Blue does not hold the Capital (HL 15.1, from data)
    assert m.outcome["turn"] == 4
    assert m.decision is None and m.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        m.apply("end")
