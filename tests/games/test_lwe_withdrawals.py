"""Land Without End's German withdrawals (8.12, R13): the German picks the unit or declines for
-1 VP; a withdrawal nobody can make costs -1 VP; the named Hungarian Fast Corps has no substitute."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import withdrawals
from wargame.match import Match
from wargame.testing import put, refused

RULE = "LWE 8.12"


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "german", "movement")
    return m


def call(match: Match, turn: int) -> None:
    """The withdrawals of ``turn``'s German New Unit Entry Phase, asked now."""
    match.state.cursor.turn = turn
    match.state.ns(withdrawals.NS)["pending"] = withdrawals.called(match)
    withdrawals._next(match)


def vp(match: Match) -> float:
    return float(match.state.vp.get("german", 0))


def test_german_chooses_the_unit_withdrawn_8_12(match: Match) -> None:
    """GT14 (stand-in table): one infantry division, his pick, reduced or not."""
    unit = match.state.units["ger-inf-1"]
    unit.step = 1
    before = vp(match)
    call(match, 14)
    assert match.decision is not None and match.decision.kind == "withdrawal"
    assert "withdraw ger-inf-1" in {str(a) for a in match.legal_actions()}
    match.apply("withdraw ger-inf-1")
    assert unit.loc is None and unit.flags == {"withdrawn": True}
    assert vp(match) == before
    assert "pending" not in match.state.ns(withdrawals.NS)
    assert match.decision is not None and match.decision.kind == "movement"


def test_declining_costs_one_vp_a_unit_8_12(match: Match) -> None:
    """GT18: two infantry divisions called for; both declined: -2 VP."""
    before = vp(match)
    call(match, 18)
    match.apply("withdraw decline")
    assert match.decision is not None and match.decision.kind == "withdrawal"
    match.apply("withdraw decline")
    assert vp(match) == before - 2
    assert "pending" not in match.state.ns(withdrawals.NS)


def test_only_the_type_called_for_and_in_supply_8_12(match: Match) -> None:
    call(match, 14)
    refused(match, "withdraw ger-pz-1", "infantry on the map and in supply", rule=RULE)
    match.state.units["ger-inf-1"].flags["oos"] = True
    match.touch()
    refused(match, "withdraw ger-inf-1", "in supply", rule=RULE)


def test_named_unit_gone_costs_one_vp_with_no_substitute_8_12(match: Match) -> None:
    """GT20: the Hungarian Fast Corps by name; eliminated, the -1 VP is taken at once."""
    hf = put(match, "hun-hf", "1030")
    match.eliminate(hf)
    before = vp(match)
    call(match, 20)
    assert vp(match) == before - 1
    assert match.decision is not None and match.decision.kind == "movement"


def test_named_unit_on_the_map_may_go_8_12(match: Match) -> None:
    put(match, "hun-hf", "1030")
    call(match, 20)
    assert {str(a) for a in match.legal_actions()} == {"withdraw hun-hf", "withdraw decline"}
    match.apply("withdraw hun-hf")
    assert match.state.units["hun-hf"].flags == {"withdrawn": True}


def test_no_withdrawal_on_other_turns_8_12() -> None:
    m = new_match()
    for turn in (1, 13, 15, 22):
        m.state.cursor.turn = turn
        assert withdrawals.called(m) == []
