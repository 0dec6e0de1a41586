"""Land Without End's Soviet sea movement (9.17, R15, D18) on the shared sea-movement mechanic:
five rifle divisions a Soviet Movement Phase between Black Sea and Azov ports, the ICA weighing
five, the Kerch Strait Soviet-held to pass from one sea to the other."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end.common import town_class
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.testing import clear, put

KERCH = ("3348", "3448", "3449")


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "soviet", "movement")
    clear(m)
    m.state.vars["dd3"] = False
    return m


def sea_moves(m: Match, uid: str) -> set[str]:
    return {str(a.args[1]) for a in m.legal_actions() if a.verb == "sea" and a.args[0] == uid}


def test_ports_are_the_towns_of_the_black_sea_and_azov_coasts_9_17(match: Match) -> None:
    """Ruling S6: 3049, on both coasts by the map, is a Black Sea port only."""
    topo = match.topology
    found: set[str] = set()
    for sea in seamove.seas(match, "soviet"):
        found |= set(seamove.ports(match, sea))
    coast = {
        h
        for h in topo.locations()
        if town_class(match, h) and {"black-sea", "azov"} & set(topo.attrs(h).get("coast", ()))
    }
    assert found == coast


def test_five_rifle_divisions_a_phase_shared_by_both_coasts_9_17(match: Match) -> None:
    ids = ["sov-rd-10", "sov-rd-100", "sov-rd-104", "sov-rd-105", "sov-rd-106", "sov-rd-107"]
    for uid in ids:
        put(match, uid, "2141")
    for h in ("2141", "2548", "2542"):
        match.state.control[h] = "soviet"
    match.touch()
    for uid in ids[:5]:
        assert "2548" in sea_moves(match, uid)
        match.apply(f"sea {uid} 2548")
    assert sea_moves(match, ids[5]) == set()  # the sixth: capacity used (R15)


def test_the_ica_fills_the_whole_capacity_9_17(match: Match) -> None:
    """D18: the ICA and a rifle division may not both sail in one phase."""
    put(match, "sov-ica", "2141")
    put(match, "sov-rd-10", "2141")
    match.touch()
    match.apply("sea sov-ica 2548")
    assert sea_moves(match, "sov-rd-10") == set()


def test_from_black_sea_to_azov_only_with_the_kerch_strait_soviet_held_9_17(match: Match) -> None:
    put(match, "sov-rd-10", "2141")
    for h in KERCH:
        match.state.control[h] = "german"
    match.touch()
    assert "4144" not in sea_moves(match, "sov-rd-10")
    for h in KERCH:
        match.state.control[h] = "soviet"
    match.touch()
    assert "4144" in sea_moves(match, "sov-rd-10")


def test_no_german_sea_movement_and_no_mech_9_17(match: Match) -> None:
    put(match, "ger-inf-1", "2141")
    match.state.control["2141"] = "german"
    mech = next(u for u, c in match.counters_doc["counters"].items() if c["type"] == "mech-corps")
    put(match, mech, "2548")
    match.touch()
    assert sea_moves(match, "ger-inf-1") == set()
    assert sea_moves(match, mech) == set()
