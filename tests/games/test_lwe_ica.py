"""Land Without End's ICA entry (8.5, 8.1): on GT2 at Odessa or Sevastopol, the Soviet player's
pick, whatever the supply; eliminated for good if neither is Soviet-held."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import ica
from wargame.match import Match
from wargame.testing import refused


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "soviet", "ica", turn=2)
    return m


def test_ica_enters_on_gt2_at_odessa_or_sevastopol_8_5(match: Match) -> None:
    assert {str(a) for a in match.legal_actions()} == {"ica enter 2141", "ica enter 2548"}
    refused(match, "ica enter 2341", "only at Odessa (2141) or Sevastopol (2548)", rule="LWE 8.5")
    match.apply("ica enter 2548")
    unit = match.state.units["sov-ica"]
    assert unit.loc == "2548" and unit.step == 0


def test_ica_enters_whatever_the_supply_but_not_a_german_held_port_8_5(match: Match) -> None:
    match.state.vars["dd3"] = False  # no blanket Soviet supply (7.8)
    match.state.control["2141"] = "german"
    match.touch()
    assert {str(a) for a in match.legal_actions()} == {"ica enter 2548"}


def test_ica_eliminated_for_good_when_both_ports_are_lost_8_1() -> None:
    m = new_match()
    advance_to(m, "german", "movement")
    m.state.cursor.turn = 2
    m.state.control["2141"] = m.state.control["2548"] = "german"
    ica.enter_or_lose(m)
    unit = m.state.units["sov-ica"]
    assert unit.loc is None and unit.flags.get("eliminated")
    assert m.decision is not None and m.decision.kind == "movement"  # nothing asked


def test_ica_not_offered_off_gt2_8_5() -> None:
    """Its entry turn is GT2 only: a Soviet entry phase on another turn asks nothing."""
    m = new_match()
    advance_to(m, "german", "movement", turn=2)
    m.state.cursor.turn = 3  # the coming Soviet player turn is GT3's
    advance_to(m, "soviet", "replacements", turn=3)
    assert "sov-ica" not in m.state.units
