"""Land Without End's Paulus Pause (7.5) on the shared paulus-pause mechanic, with LWE's settings:
the German decision at the end of GT2-5, three turns without German attacks but into FZ hexes,
once a game (E22i), the GAS Line freed once complete (P15, D16)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import new_match
from wargame.actions import Action
from wargame.games.land_without_end import paulus
from wargame.match import Match
from wargame.mechanics import paulus as kpaulus
from wargame.models import PhaseSpec
from wargame.testing import clear, put


@pytest.fixture
def match() -> Match:
    return new_match()


CHOICE = PhaseSpec(id="paulus", name="x", kind="paulus", side="german", when="paulus-choice")


@pytest.mark.parametrize(("declared", "covers"), [(2, (3, 4, 5)), (5, (6, 7, 8))])
def test_pause_covers_the_next_three_turns_7_5(match: Match, declared: int, covers: tuple) -> None:
    """P15 (end of GT2: GT3-5) and D16 (end of GT5: GT6-8)."""
    match.state.ns("paulus")["from"] = declared + 1
    assert [t for t in range(1, 12) if kpaulus.in_force(match, t)] == list(covers)


def test_choice_offered_at_the_end_of_gt2_to_5_once_7_5(match: Match) -> None:
    for turn, offered in ((1, False), (2, True), (5, True), (6, False)):
        match.state.cursor.turn = turn
        assert kpaulus.wargame_phase_active(match, CHOICE) is offered
    match.state.cursor.turn = 3
    match.state.ns("paulus")["from"] = 3
    assert kpaulus.wargame_phase_active(match, CHOICE) is False  # E22i: one a game


def test_no_german_attack_during_the_pause_but_into_an_fz_7_5(match: Match) -> None:
    clear(match)
    fz = next(u for u in match.state.units.values() if u.id.startswith("sov-fz-"))
    fz_hex = "2020"
    put(match, fz.id, fz_hex)
    put(match, "sov-rd-10", "2022")
    put(match, "ger-inf-1", "2021")
    match.state.cursor.turn = 3
    match.state.ns("paulus")["from"] = 3
    plain = Action("attack", ("2022", "with", "ger-inf-1"))
    assert "7.5" in (kpaulus.wargame_veto(match, None, plain) or "")  # type: ignore[arg-type]
    into_fz = Action("attack", (fz_hex, "with", "ger-inf-1"))
    assert kpaulus.wargame_veto(match, None, into_fz) is None  # type: ignore[arg-type]
    match.state.cursor.turn = 6
    assert kpaulus.wargame_veto(match, None, plain) is None  # type: ignore[arg-type]


def test_completed_pause_frees_the_gas_line_7_5(match: Match) -> None:
    start = PhaseSpec(id="refit-start", name="x", kind="auto")
    match.state.ns("paulus")["from"] = 3
    match.state.cursor.turn = 5
    paulus.pause_complete(match, start)
    assert not match.state.vars.get("gas_ignored")
    match.state.cursor.turn = 6
    paulus.pause_complete(match, start)
    assert match.state.vars["gas_ignored"] is True


def test_german_may_abort_the_pause_and_gains_nothing_7_5() -> None:
    """7.5: the pause may be aborted before it is complete; attacks resume, the GAS Line still
    binds afterwards (no gas_ignored)."""
    from tests.games.lwe_helpers import advance_to

    m = new_match()
    advance_to(m, "german", "movement")
    clear(m)  # nothing to move: the listing stays short
    m.state.ns("paulus")["from"] = 1
    m.touch()
    assert "abort-pause" in {str(a) for a in m.legal_actions()}
    m.apply("abort-pause")
    assert kpaulus.aborted(m) == 1 and not kpaulus.in_force(m)
    assert "abort-pause" not in {str(a) for a in m.legal_actions()}
    m.state.cursor.turn = 4
    paulus.pause_complete(m, PhaseSpec(id="refit-start", name="x", kind="auto"))
    assert not m.state.vars.get("gas_ignored")


def test_no_abort_without_a_pause_in_force_7_5() -> None:
    from tests.games.lwe_helpers import advance_to
    from wargame.testing import refused

    m = new_match()
    advance_to(m, "german", "movement")
    clear(m)
    refused(m, "abort-pause", "while it is in force", rule="LWE 7.5")
