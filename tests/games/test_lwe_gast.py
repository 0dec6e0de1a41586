"""Land Without End's attenuated supply (7.4) on the shared attenuated-supply mechanic: German
attacks with an attacker east of the GAS Line roll on the GAST (12.7), every German attack does
on the August turns GT6-9 (-1 with all attackers west), the month modifiers (P14, R4), and what
frees an attack of it (a completed Paulus Pause 7.5, a supply concentration 7.6)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.match import Battle, Match
from wargame.mechanics import attenuated, combat
from wargame.testing import clear, force_rolls, put


@pytest.fixture
def match() -> Match:
    m = new_match()
    clear(m)
    return m


def _hexes(match: Match) -> tuple[str, str, str]:
    """A land hex east of the GAS Line, a USSR land hex west of it, and a hex east of the line
    adjacent to the first (for a defender)."""
    east = sorted(match.topology.region("gas-east"))
    topo = match.topology
    for h in east:
        if topo.terrain(h) != "clear":
            continue
        west = [n for n in topo.neighbours(h) if n not in east and topo.terrain(n) == "clear"]
        beyond = [n for n in topo.neighbours(h) if n in east and topo.terrain(n) == "clear"]
        if west and beyond:
            return h, west[0], beyond[0]
    raise AssertionError("no such hexes")


def _battle(match: Match, at: str, target: str, attacker: str = "ger-inf-1") -> Battle:
    a = put(match, attacker, at)
    d = put(match, "sov-rd-10", target)
    return combat.new_battle(match, [a], [d], target, "attack")


def test_german_attacker_east_of_the_gas_line_rolls_7_4(match: Match) -> None:
    east, _west, target = _hexes(match)
    match.state.cursor.turn = 3
    assert attenuated.consults(match, _battle(match, east, target))[0]


def test_attack_from_west_of_the_line_rolls_only_in_august_7_4(match: Match) -> None:
    """R4: on GT6-9 every German attack rolls, -1 when all attackers are west; not after GT9."""
    east, west, _ = _hexes(match)
    b = _battle(match, west, east)
    for turn, rolls in ((5, False), (6, True), (9, True), (10, False)):
        match.state.cursor.turn = turn
        does, counted = attenuated.consults(match, b)
        assert does is rolls, turn
        if rolls:
            assert attenuated.drm(match, counted)[0] == -1


def test_august_attack_with_an_attacker_east_has_no_minus_one_7_4(match: Match) -> None:
    east, _west, target = _hexes(match)
    match.state.cursor.turn = 7
    does, counted = attenuated.consults(match, _battle(match, east, target))
    assert does and attenuated.drm(match, counted)[0] == 0


@pytest.mark.parametrize(("turn", "drm"), [(5, 0), (10, 1), (14, 1), (18, 1), (21, 1), (22, 2)])
def test_month_modifier_is_one_september_to_november_two_in_december_7_4(
    match: Match, turn: int, drm: int
) -> None:
    """P14: +1 in September, October and November alike (not cumulative), +2 in December."""
    east, _west, target = _hexes(match)
    match.state.cursor.turn = turn
    does, counted = attenuated.consults(match, _battle(match, east, target))
    assert does and attenuated.drm(match, counted)[0] == drm


def test_soviet_attacks_never_roll_7_4(match: Match) -> None:
    east, _west, target = _hexes(match)
    match.state.cursor.turn = 7
    s, g = put(match, "sov-rd-10", east), put(match, "ger-inf-1", target)
    assert not attenuated.consults(match, combat.new_battle(match, [s], [g], target, "attack"))[0]


def test_completed_paulus_pause_frees_the_gas_line_7_5(match: Match) -> None:
    east, west, target = _hexes(match)
    match.state.vars["gas_ignored"] = True
    match.state.cursor.turn = 7  # not even August's everywhere rule applies
    assert not attenuated.consults(match, _battle(match, east, target))[0]
    assert not attenuated.consults(match, _battle(match, west, east, "ger-inf-11"))[0]


def test_concentration_marker_frees_its_unit_of_the_gas_line_7_6(match: Match) -> None:
    east, _west, target = _hexes(match)
    match.state.cursor.turn = 3
    b = _battle(match, east, target)
    match.state.ns("supply-concentration")["status"] = "active"
    put(match, "ger-inf-1", east, **{"supply-concentration": True})
    assert not attenuated.consults(match, b)[0]


def test_gast_roll_precedes_the_crt_roll_in_play_7_4_11_28(match: Match) -> None:
    """E18: the GAST (12.7) is rolled first, then the CRT (12.8)."""
    m = new_match()
    east, _west, target = _hexes(m)
    advance_to(m, "german", "combat")
    clear(m)
    put(m, "ger-inf-1", east)
    put(m, "sov-rd-10", target)
    m.state.cursor.turn = 3
    m.state.plugins["air-support"] = {"turn": 3, "used": 1}  # VIII FK used: no decision asked
    m.touch()
    force_rolls(m, 6, only="LWE 7.4")
    events = [e.to_json() for e in m.apply(f"attack {target} with ger-inf-1")]
    kinds = [e["kind"] for e in events]
    assert "attenuated-supply" in kinds
    assert kinds.index("attenuated-supply") < kinds.index("battle")
    fought = next(e["battle"] for e in events if e["kind"] == "battle")
    assert fought["extra"]["attenuated"]["left"] == 2
