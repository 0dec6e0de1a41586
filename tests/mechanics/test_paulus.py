"""The Paulus Pause as a shared mechanic (Barbarossa 5.10, LWE 7.5) on a Hexland variant: the
deciding side's choice on the listed turns until it pauses, the window the settings give, no
attacks in it but into hexes holding a listed kind of defender, and the ban lifted after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import clear, make_variant, put, to_phase
from wargame.errors import DataError
from wargame.match import Match
from wargame.mechanics import paulus
from wargame.testing import refused

MECHANICS = ["movement", "combat", "step-losses", "retreat-advance", "paulus-pause"]

SEQUENCE: dict[str, Any] = {
    "player_turns": [
        {"side": side, "phases": [
            {"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]}
        for side in ("blue", "red")
    ],
    "after_turn": [
        {"id": "pause", "kind": "paulus", "side": "blue", "when": "paulus", "rule": "HL 7.5"},
    ],
}  # fmt: skip

LWE_LIKE = {"side": "blue", "turns": [1, 2], "delay": 1, "length": 2, "allowed_against": ["fz"],
            "rule": "HL 7.5"}  # fmt: skip


def fortify_hq(docs: dict[str, dict[str, Any]]) -> None:
    docs["counters"]["unit_types"]["hq"]["tags"] = ["fz"]


def new(tmp_path: Path, **settings: Any) -> Match:
    title = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        options={"paulus-pause": {**LWE_LIKE, **settings}},
        sequence=SEQUENCE,
        edit=fortify_hq,
    )
    return Match(title, "meeting", 1)


def to_pause(m: Match) -> None:
    to_phase(m, "blue", "paulus")


def test_the_choice_is_the_deciding_sides_and_must_be_made_7_5(tmp_path: Path) -> None:
    m = new(tmp_path)
    to_pause(m)
    assert m.turn == 1 and m.decision is not None and m.decision.side == "blue"
    assert sorted(str(a) for a in m.legal_actions()) == ["paulus pause", "paulus press-on"]
    refused(m, "end", "declare the Paulus Pause or press on", rule="HL 7.5")
    refused(m, "paulus maybe", "usage: paulus pause|press-on", rule="HL 7.5")


def test_pressing_on_asks_again_next_listed_turn_then_never_7_5(tmp_path: Path) -> None:
    """LWE ruling E22i: the decision recurs at the end of each listed turn until a pause."""
    m = new(tmp_path)
    to_pause(m)
    m.apply("paulus press-on")
    assert paulus.declined(m) and not paulus.in_force(m, 2)
    to_pause(m)
    assert m.turn == 2
    m.apply("paulus pause")
    assert paulus.first_turn(m) == 3 and not paulus.declined(m)
    assert [t for t in range(1, 6) if paulus.in_force(m, t)] == [3, 4]  # delay 1, length 2
    assert not paulus.offered(m)  # one pause a game


def test_not_offered_off_the_listed_turns_or_scenarios_5_10(tmp_path: Path) -> None:
    m = new(tmp_path, turns=[3], scenarios=["other"], delay=0, length=1)
    m.state.cursor.turn = 3
    assert not paulus.offered(m)
    m = new(tmp_path / "2", turns=[3], scenarios=["meeting"], delay=0, length=1)
    assert not paulus.offered(m)
    m.state.cursor.turn = 3
    assert paulus.offered(m)


def attack_position(m: Match) -> None:
    clear(m)
    put(m, "1-inf", "0504")
    put(m, "r1", "0505")
    put(m, "hq-red", "0604")
    put(m, "2-inf", "0605")


def test_no_attacks_in_the_pause_but_into_a_listed_defender_7_5(tmp_path: Path) -> None:
    m = new(tmp_path)
    to_pause(m)
    m.apply("paulus pause")
    assert m.turn == 2 and paulus.in_force(m)
    to_phase(m, "blue", "combat")
    attack_position(m)
    refused(m, "attack 0505 with 1-inf", "no blue attacks during the Paulus Pause", rule="HL 7.5")
    assert "attack 0604 with 2-inf" in {str(a) for a in m.legal_actions()}  # an fz there


def test_the_other_side_attacks_as_usual_in_the_pause_7_5(tmp_path: Path) -> None:
    m = new(tmp_path)
    to_pause(m)
    m.apply("paulus pause")
    to_phase(m, "red", "combat")
    attack_position(m)
    assert "attack 0504 with r1" in {str(a) for a in m.legal_actions()}


def test_attacks_allowed_again_once_the_pause_is_over_5_10(tmp_path: Path) -> None:
    m = new(tmp_path, length=1)
    to_pause(m)
    m.apply("paulus pause")
    for _ in range(2):
        to_phase(m, "blue", "combat")
        attack_position(m)
        if m.turn == 2:
            refused(m, "attack 0505 with 1-inf", rule="HL 7.5")
            m.apply("end")
    assert m.turn == 3 and paulus.completed(m) and not paulus.in_force(m)
    assert "attack 0505 with 1-inf" in {str(a) for a in m.legal_actions()}


def test_unknown_settings_are_load_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="lenght"):
        new(tmp_path, lenght=3)


def test_an_aborted_pause_allows_attacks_and_is_never_completed_7_5(tmp_path: Path) -> None:
    """LWE 7.5: a pause may be aborted before it is complete, with no reward."""
    m = new(tmp_path)
    to_pause(m)
    m.apply("paulus pause")
    to_phase(m, "blue", "combat")
    attack_position(m)
    assert paulus.in_force(m) and paulus.aborted(m) is None
    paulus.abort(m)
    m.touch()
    assert not paulus.in_force(m) and paulus.aborted(m) == 2
    assert "attack 0505 with 1-inf" in {str(a) for a in m.legal_actions()}
    m.state.cursor.turn = 9
    assert not paulus.completed(m) and not paulus.in_force(m)


def test_a_chosen_length_counted_in_weeks_pmd_8_10(tmp_path: Path) -> None:
    """PMD 8.10: 1, 2 or 3 weeks at the side's choice (``lengths``), from the week it is
    declared in, a week ending as a ``week_phases`` phase starts (here each movement phase)."""
    m = new(tmp_path, delay=0, lengths=[1, 2], week_phases=["movement"])
    to_pause(m)
    assert sorted(str(a) for a in m.legal_actions()) == [
        "paulus pause 1",
        "paulus pause 2",
        "paulus press-on",
    ]
    refused(m, "paulus pause", "usage: paulus pause N|press-on", rule="HL 7.5")
    m.apply("paulus pause 2")
    assert paulus.length(m) == 2 and paulus.in_force(m)
    to_phase(m, "blue", "movement")  # one week over, one left
    assert paulus.in_force(m) and not paulus.completed(m)
    to_phase(m, "red", "movement")
    assert paulus.completed(m) and not paulus.in_force(m)


def test_each_week_the_side_decides_whether_the_pause_goes_on_pmd_8_10(tmp_path: Path) -> None:
    """PMD 8.10 (``decide: each-week``): ``paulus pause``, then as each later week begins a
    pushed ``paulus-resume`` decision, until the longest of ``lengths``; after that none."""
    m = new(tmp_path, delay=0, lengths=[1, 2, 3], week_phases=["movement"], decide="each-week")
    to_pause(m)
    assert sorted(str(a) for a in m.legal_actions()) == ["paulus pause", "paulus press-on"]
    m.apply("paulus pause")
    assert paulus.length(m) == 1 and paulus.in_force(m)
    for weeks in (1, 2):
        to_phase(m, "blue", "paulus-resume")
        assert m.decision is not None and m.decision.context["weeks"] == weeks
        assert sorted(str(a) for a in m.legal_actions()) == ["paulus continue", "paulus resume"]
        refused(m, "paulus stop", "usage: paulus resume|continue", rule="HL 7.5")
        m.apply("paulus continue")
        assert paulus.in_force(m) and paulus.length(m) == weeks + 1
    to_phase(m, "red", "combat")  # the third week's (each movement phase starts a week)
    assert m.turn == 2 and paulus.in_force(m)
    to_phase(m, "blue", "combat")  # the third week is over: no decision pushed (end refuses one)
    assert m.turn == 3 and paulus.completed(m) and not paulus.in_force(m)
    assert m.state.ns("paulus") == {"from": 1, "length": 3}  # the countdown went, the record stays


def test_resuming_ends_the_pause_at_once_pmd_8_10(tmp_path: Path) -> None:
    m = new(tmp_path, delay=0, lengths=[1, 3], week_phases=["movement"], decide="each-week")
    to_pause(m)
    m.apply("paulus pause")
    to_phase(m, "blue", "paulus-resume")
    m.apply("paulus resume")
    assert paulus.completed(m) and not paulus.in_force(m) and paulus.length(m) == 1
    assert m.state.ns("paulus") == {"from": 1, "length": 1} and not m.state.pending
    to_phase(m, "blue", "combat")
    attack_position(m)
    assert "attack 0505 with 1-inf" in {str(a) for a in m.legal_actions()}


def test_a_length_the_side_may_not_stop_at_goes_on_by_itself_pmd_8_10(tmp_path: Path) -> None:
    m = new(tmp_path, delay=0, lengths=[2, 3], week_phases=["movement"], decide="each-week")
    to_pause(m)
    m.apply("paulus pause")
    to_phase(m, "blue", "paulus-resume")  # after 2 weeks, not after 1
    assert m.decision is not None and m.decision.context["weeks"] == 2


def test_each_week_needs_lengths_and_weeks(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="each-week"):
        new(tmp_path, decide="each-week")
