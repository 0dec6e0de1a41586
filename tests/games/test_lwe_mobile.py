"""Land Without End's mobile assault (9.22-9.30) on the shared overrun mechanic: 6 MP, German
mechanized divisions only, and the targets and crossings 9.24 forbids (R17)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.actions import Action
from wargame.games.land_without_end import mobile
from wargame.match import Match
from wargame.testing import clear, put


@pytest.fixture
def match() -> Match:
    return new_match()


def _pair(match: Match, terrain: str = "clear", river: bool = False) -> tuple[str, str]:
    """A launch hex and a featureless target of ``terrain``, across a river or not."""
    topo = match.topology
    for b in sorted(topo.region("country:ussr")):
        if topo.terrain(b) != terrain or topo.features(b):
            continue
        for a in topo.neighbours(b):
            edge = topo.edge(a, b)
            feats = set(edge.features) if edge is not None else set()
            if topo.terrain(a) == "clear" and feats == ({"river"} if river else set()):
                return a, b
    raise AssertionError("no such pair")


def _ma(launch: str, target: str, ids: str) -> Action:
    return Action("overrun", (target, "with", ids, "via", launch))


def test_ma_costs_6_mp_and_is_german_mech_only_9_22_9_23(match: Match) -> None:
    settings = match.settings("overrun")
    assert settings["cost"] == 6 and settings["mobility"] == ["mech"]
    assert settings["tags"] == ["german"] and settings["max_per_phase"] == 1


def test_clear_target_is_allowed_9_24(match: Match) -> None:
    clear(match)
    a, b = _pair(match)
    put(match, "ger-pz-1", a)
    put(match, "sov-rd-10", b)
    assert mobile.refusal(match, _ma(a, b, "ger-pz-1")) is None


def test_no_ma_into_a_city_9_24(match: Match) -> None:
    clear(match)
    launch = match.topology.neighbours("4618")[0]
    put(match, "ger-pz-1", launch)
    put(match, "sov-rd-10", "4618")
    assert "9.24" in (mobile.refusal(match, _ma(launch, "4618", "ger-pz-1")) or "")


def test_no_ma_across_a_river_after_gt3_but_in_frost_9_24(match: Match) -> None:
    clear(match)
    a, b = _pair(match, river=True)
    put(match, "ger-pz-1", a)
    put(match, "sov-rd-10", b)
    match.state.cursor.turn = 3
    assert mobile.refusal(match, _ma(a, b, "ger-pz-1")) is None
    match.state.cursor.turn = 4
    assert "river" in (mobile.refusal(match, _ma(a, b, "ger-pz-1")) or "")
    match.state.vars["weather"] = {"nwz": "F", "swz": "F"}
    assert mobile.refusal(match, _ma(a, b, "ger-pz-1")) is None


def test_no_ma_in_mud_or_snow_10_5_10_7(match: Match) -> None:
    clear(match)
    a, b = _pair(match)
    put(match, "ger-pz-1", a)
    put(match, "sov-rd-10", b)
    match.state.vars["weather"] = {"nwz": "M", "swz": "M"}
    assert "10.5" in (mobile.refusal(match, _ma(a, b, "ger-pz-1")) or "")


def test_motorized_needs_a_panzer_with_it_9_22(match: Match) -> None:
    clear(match)
    a, b = _pair(match)
    put(match, "ger-mot-3", a)
    put(match, "sov-rd-10", b)
    assert "9.22" in (mobile.refusal(match, _ma(a, b, "ger-mot-3")) or "")
    put(match, "ger-pz-1", a)
    assert mobile.refusal(match, _ma(a, b, "ger-mot-3,ger-pz-1")) is None


def test_out_of_supply_units_may_not_ma_7_7(match: Match) -> None:
    clear(match)
    a, b = _pair(match)
    unit = put(match, "ger-pz-1", a)
    put(match, "sov-rd-10", b)
    unit.flags["oos"] = True
    assert "7.7" in (mobile.refusal(match, _ma(a, b, "ger-pz-1")) or "")


def test_ma_into_marsh_only_in_frost_d10_9_24_10_6() -> None:
    """D10: in frost marsh counts as clear (and the river is ignored), so a mobile assault may go
    into it; in dry weather marsh is no mobile-assault target."""
    m = new_match()
    advance_to(m, "german", "movement")
    clear(m)
    a, b = _pair(m, terrain="marsh")
    put(m, "ger-pz-1", a)
    put(m, "sov-rd-10", b)
    m.touch()
    assert "but in frost" in (m.check(_ma(a, b, "ger-pz-1")) or "")
    m.state.vars["weather"] = {"nwz": "F", "swz": "F"}
    m.touch()
    assert m.check(_ma(a, b, "ger-pz-1")) is None
