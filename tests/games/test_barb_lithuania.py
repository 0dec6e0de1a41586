"""The Lithuania option (BARB 3.7): Lithuania German, five Polish hexes Soviet, both sides set up
again around them (ruling E31)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from wargame.match import Match
from wargame.plugins import Registry
from wargame.testing import refused

LITHUANIA = ["1615", "1616", "1714", "1715", "1815"]
POLAND = ["2116", "2216", "2217", "2315", "2316"]


@pytest.fixture()
def lit(registry: Registry) -> Match:
    return Match(registry.get("barbarossa"), "campaign", 0, options={"lithuania": True})


def test_without_the_option_nothing_changes_3_7(registry: Registry) -> None:
    m = new(registry)
    assert all(m.state.control[h] == "soviet" for h in LITHUANIA)
    assert all(m.state.control[h] == "german" for h in POLAND)
    assert m.state.vp["german"] == 14
    m.apply("end")  # the German set-up
    assert m.decision.kind != "deploy"  # no Soviet set-up phase


def test_lithuania_german_and_the_polish_hexes_soviet_3_7(lit: Match) -> None:
    assert sorted(lit.topology.region("country:lithuania")) == LITHUANIA
    assert all(lit.state.control[h] == "german" for h in LITHUANIA)
    assert all(lit.state.control[h] == "soviet" for h in POLAND)
    assert lit.state.vp["german"] == 15  # Vilnius, a VP hex, starts German (ruling E31)
    assert not any(lit.units_at(h) for h in LITHUANIA)  # the Soviet units displaced
    assert not any(u.side == "german" for h in POLAND for u in lit.units_at(h))


def test_agn_sets_up_in_lithuania_and_agc_ags_lose_their_polish_hexes_3_7(lit: Match) -> None:
    assert lit.decision.side == "german" and lit.decision.kind == "deploy"
    legal = {str(a) for a in lit.legal_actions()}
    assert "deploy ger-41pz 1815" in legal  # AGN
    assert not [a for a in legal if a.split()[-1] in POLAND]
    refused(lit, "deploy ger-46pz 2116", "sets up only in")
    assert all(len(lit.units_at(h)) <= 5 for h in lit.occupied())


def test_the_soviet_sets_up_after_the_german_into_poland_3_7(lit: Match) -> None:
    displaced = [u for u in lit.units_of("soviet") if u.flags.get("displaced")]
    assert displaced  # the units that stood in Lithuania
    lit.apply("end")  # the German set-up
    assert lit.decision.side == "soviet" and lit.decision.kind == "deploy"
    assert not any(u.flags.get("displaced") for u in displaced)  # the flag goes
    legal = {str(a) for a in lit.legal_actions()}
    some = next(u for u in lit.units_of("soviet") if u.counter not in ("sov-9", "sov-ica"))
    assert f"deploy {some.id} 2216" in legal
    far = next(h for h, s in sorted(lit.state.control.items()) if s == "soviet" and h < "1100")
    assert f"deploy {displaced[0].id} {far}" in legal  # anywhere Soviet
    assert f"deploy {some.id} {far}" not in legal or some in displaced
    refused(lit, "deploy sov-9 2216", "sets up only in")
    refused(lit, "deploy sov-ica 2216", "sets up only in")
    movers = [u for u in lit.units_of("soviet") if u.counter not in ("sov-9", "sov-ica")][:6]
    for unit in movers[:5]:
        lit.apply(f"deploy {unit.id} 2217")
    refused(lit, f"deploy {movers[5].id} 2217", "5 units", rule="BARB 3.1")
    lit.apply("end")
    assert lit.decision.kind != "deploy" and lit.turn == 1
    assert not any(u.flags.get("deploy") for u in lit.state.units.values())
