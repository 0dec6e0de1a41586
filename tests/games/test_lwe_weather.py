"""Land Without End's weather (10.x) and Directive No. 3 (5.6, 7.12, 11.24), with the digest's
worked examples P16, P17, D9, D10 and R18-R20."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import new_match
from wargame.games.land_without_end import dd3, victory, weather
from wargame.match import Match
from wargame.testing import force_rolls


@pytest.fixture
def match() -> Match:
    return new_match()


def _set(match: Match, nwz: str, swz: str | None = None) -> None:
    match.state.vars["weather"] = {"nwz": nwz, "swz": swz or nwz}


def _crossing(match: Match, terrain: str) -> tuple[str, str]:
    """A river hexside into a ``terrain`` hex, both ends in the northern zone."""
    topo = match.topology
    for b in sorted(topo.hexes()):
        if topo.terrain(b) != terrain or topo.features(b) or weather.zone(match, b) != "nwz":
            continue
        for a in topo.neighbours(b):
            edge = topo.edge(a, b)
            if edge is not None and edge.features == {"river"} and topo.terrain(a) == "clear":
                return a, b
    raise AssertionError(f"no river into {terrain}")


def test_mech_across_a_river_into_hills_costs_5_9_20(match: Match) -> None:
    """P16: 3 for hills and 2 for the river, dry weather."""
    a, b = _crossing(match, "hills")
    assert weather.cost(match, match.state.units["ger-pz-1"], a, b) == 5


def test_snow_marsh_and_clear_cost_2_10_7(match: Match) -> None:
    """P17: in snow marsh is clear and in-hex costs double, for all units."""
    _set(match, "S")
    a, b = _crossing(match, "marsh")
    for uid in ("ger-pz-1", "ger-inf-1", "sov-rd-10"):
        assert weather.cost(match, match.state.units[uid], a, b) == 2  # the river is ignored


def test_mud_mech_into_forest_across_a_river_7_10_5(match: Match) -> None:
    """D9: 4 (forest doubled) + 3 (river in mud)."""
    _set(match, "M")
    a, b = _crossing(match, "forest")
    assert weather.cost(match, match.state.units["ger-pz-1"], a, b) == 7
    assert weather.cost(match, match.state.units["ger-inf-1"], a, b) == 4  # 2 + 2


def test_frost_mech_into_marsh_across_a_river_costs_1_10_6(match: Match) -> None:
    """D10: marsh is clear and the river ignored."""
    _set(match, "F")
    a, b = _crossing(match, "marsh")
    assert weather.cost(match, match.state.units["ger-pz-1"], a, b) == 1


def test_rain_cuts_german_mf_not_soviet_10_4(match: Match) -> None:
    """R19: German-side non-mech -1, mech -2; Soviets unaffected."""
    from wargame.mechanics.movement import allowance

    match.state.cursor.turn = 12
    _set(match, "R")
    pz, inf, sov = (match.state.units[u] for u in ("ger-pz-1", "ger-inf-1", "sov-rd-10"))
    dry = {u.id: weather.now(match, u.loc) for u in (pz, inf, sov)}
    assert set(dry.values()) == {"R"}
    printed = {u.id: int(match.unit_values(u)["move"]) for u in (pz, inf, sov)}
    assert allowance(match, pz) == printed["ger-pz-1"] - 2
    assert allowance(match, inf) == printed["ger-inf-1"] - 1
    assert allowance(match, sov) == printed["sov-rd-10"]


def test_swz_reads_the_same_roll_minus_2_10_2(match: Match) -> None:
    """R18: one die; the SWZ takes it -2, below 1 is D."""
    match.state.cursor.turn = 18  # November
    force_rolls(match, 2)
    weather.determine(match)
    assert match.state.vars["weather"] == {"nwz": "M", "swz": "D"}


def test_first_snow_is_permanent_10_8(match: Match) -> None:
    match.state.cursor.turn = 18
    force_rolls(match, 6)
    weather.determine(match)
    assert match.state.vars["weather"]["nwz"] == "S"
    force_rolls(match, 1)
    weather.determine(match)
    assert match.state.vars["weather"] == {"nwz": "S", "swz": "D"}


def test_first_non_dry_ends_moscow_roll_and_dd3_4_4_7_12(match: Match) -> None:
    """E22g: either zone not D; DD3 goes at once, and the FZs outside large towns with it
    (11.24), Odessa's stays (ruling M5)."""
    match.state.cursor.turn = 14  # October
    fzs = [u for u in match.state.units.values() if u.loc and u.id.startswith("sov-fz-")]
    assert fzs and dd3.in_effect(match)
    force_rolls(match, 5)
    weather.determine(match)
    assert victory.non_dry_seen(match)
    assert not dd3.in_effect(match)
    left = [u.loc for u in fzs if u.loc is not None]
    assert "2141" in left
    assert all("large-town" in match.topology.features(h) for h in left)


def test_dry_roll_keeps_dd3_and_the_moscow_roll_10_1(match: Match) -> None:
    match.state.cursor.turn = 12  # September
    force_rolls(match, 1)
    weather.determine(match)
    assert dd3.in_effect(match) and not victory.non_dry_seen(match)


def test_soviet_may_rescind_dd3_from_gt8_only_7_12(match: Match) -> None:
    """The Soviet decision phase is held from GT8 while DD3 stands; ``dd3 keep`` leaves it."""
    from wargame.models import PhaseSpec

    spec = PhaseSpec(id="dd3", name="x", kind="dd3", side="soviet", when="dd3-choice")
    match.state.cursor.turn = 7
    assert dd3.wargame_phase_active(match, spec) is False
    match.state.cursor.turn = 8
    assert dd3.wargame_phase_active(match, spec) is True
    dd3.rescind(match, "test", "LWE 7.12")
    assert dd3.wargame_phase_active(match, spec) is False
