"""Land Without End's ICA entry (8.5, 8.1): on GT2 at Odessa or Sevastopol, the Soviet player's
pick, whatever the supply; eliminated for good if neither is Soviet-held. Its sea retreat on a DR
(11.32)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import combat, ica
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.testing import clear, put, refused


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


def _dr_at_odessa(m: Match) -> Battle:
    """The ICA and a rifle division in Odessa (2141) under a German DR."""
    clear(m)
    put(m, "sov-ica", "2141")
    put(m, "sov-rd-10", "2141")
    attacker = next(n for n in m.topology.neighbours("2141") if m.topology.terrain(n) != "sea")
    put(m, "ger-inf-1", attacker)
    battle = Battle("b1", ["ger-inf-1"], ["sov-ica", "sov-rd-10"], "2141", origins={})
    combat_mechanic.store(m, battle)
    return battle


def test_ica_retreats_by_sea_to_a_port_of_the_soviet_choice_on_dr_11_32() -> None:
    m = new_match()
    advance_to(m, "german", "movement")
    battle = _dr_at_odessa(m)
    assert combat.wargame_combat_result(m, battle, "DR") is True
    assert m.decision is not None and m.decision.kind == "sea-retreat"
    ports = {str(a.args[0]) for a in m.legal_actions()}
    assert "2341" in ports and "2141" not in ports and "3244" not in ports  # the same sea only
    refused(m, "sea-retreat 3244", "same sea", rule="LWE 11.32")
    m.apply("sea-retreat 2341")
    ica_unit = m.state.units["sov-ica"]
    assert ica_unit.loc == "2341" and ica_unit.step == 0  # no loss
    assert m.decision is not None and m.decision.side == "soviet"  # the rifle division's retreat


def test_ica_with_no_port_to_sail_to_stays_and_takes_de_11_32() -> None:
    m = new_match()
    advance_to(m, "german", "movement")
    battle = _dr_at_odessa(m)
    for p in ("2341", "2441", "2542", "2548", "2647", "2649", "2749", "3049"):
        m.state.control[p] = "german"
    assert combat.wargame_combat_result(m, battle, "DR") is None  # the usual DR for the rest
    ica_unit = m.state.units["sov-ica"]
    assert ica_unit.loc == "2141" and ica_unit.step == 1
    assert "sov-ica" not in battle.defenders  # it does not retreat with the others
