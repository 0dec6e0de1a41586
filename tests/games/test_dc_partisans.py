"""Dark Crusade partisans (19.0): the yearly quota, placement and repositioning in the Soviet
supply phase, control, the Axis supply block and removal (E-7)."""

from __future__ import annotations

import pytest

from tests.games.dc_helpers import place, play_to, title
from wargame.games.dark_crusade import partisans as P
from wargame.games.dark_crusade import supply as S
from wargame.match import Match

AXIS, SOVIET = "axis", "soviet"
TURN = {1941: 7, 1942: 8, 1943: 20, 1944: 32, 1945: 44}  # a turn in each year (Dec 41, Jan ...)


def at_soviet_supply(year: int = 1942) -> Match:
    """A tournament match in the Soviet Supply Status Determination Phase of ``year``."""
    m = Match(title(), "tournament", seed=1)
    m.state.cursor.turn = TURN[year]
    play_to(m, SOVIET, "supply")
    return m


@pytest.mark.parametrize("year, count", [(1941, 0), (1942, 1), (1943, 2), (1944, 3), (1945, 3)])
def test_19_0_R_28_partisans_available_by_year(year: int, count: int) -> None:
    m = Match(title(), "tournament", seed=1)
    m.state.cursor.turn = TURN[year]
    assert P.quota(m) == count


def test_19_0_no_partisans_in_1941() -> None:
    m = at_soviet_supply(1941)
    assert m.decision.kind == "partisans"
    assert [a for a in m.legal_actions() if a.verb == "partisan"] == []
    assert "DC 19.0" in (m.check("partisan partisan-1 orsha") or "")


def test_19_0_placement_in_the_soviet_supply_phase() -> None:
    m = at_soviet_supply(1942)
    assert m.decision.kind == "partisans" and m.decision.side == SOVIET
    m.state.control["orsha"] = AXIS
    m.apply("partisan partisan-1 orsha")
    assert m.state.units["partisan-1"].loc == "orsha"
    assert m.state.control["orsha"] == SOVIET  # a partisan holds its point
    assert "already placed" in (m.check("partisan partisan-1 minsk") or "")


def test_19_0_quota_limits_the_counters() -> None:
    m = at_soviet_supply(1943)
    assert m.check("partisan partisan-2 orsha") is None
    reason = m.check("partisan partisan-3 orsha")
    assert reason is not None and "2 partisan unit(s) in 1943 (DC 19.0)" in reason
    ids = {a.args[0] for a in m.legal_actions() if a.verb == "partisan"}
    assert ids == {"partisan-1", "partisan-2"}


def test_19_0_only_soviet_union_points_free_of_axis_units() -> None:
    m = at_soviet_supply(1942)
    assert "not a point in the Soviet Union" in (m.check("partisan partisan-1 warsaw") or "")
    assert "not a point in the Soviet Union" in (m.check("partisan partisan-1 helsinki") or "")
    place(m, "ger-1", "orsha")
    assert "occupied by an Axis unit" in (m.check("partisan partisan-1 orsha") or "")
    legal = {a.args[1] for a in m.legal_actions() if a.verb == "partisan"}
    assert "orsha" not in legal and "warsaw" not in legal and "smolensk" in legal
    assert legal <= set(m.topology.region("country:ussr"))


def test_19_0_repositioning_keeps_control_of_the_point_left() -> None:
    m = at_soviet_supply(1942)
    m.state.control["orsha"] = AXIS
    m.apply("partisan partisan-1 orsha")
    m.apply("end")
    play_to(m, SOVIET, "supply")
    m.state.control["vitebsk"] = AXIS
    m.apply("partisan partisan-1 vitebsk")
    assert m.state.units["partisan-1"].loc == "vitebsk"
    assert m.state.control["orsha"] == SOVIET
    assert m.state.control["vitebsk"] == SOVIET


def test_19_0_partisans_block_axis_supply_and_survive_isolation() -> None:
    m = at_soviet_supply(1942)
    for loc in m.topology.locations():
        m.state.control[loc] = AXIS
    for loc in ("box:siberia", *m.topology.region("edge:east")):
        m.state.control[loc] = SOVIET
    ger = place(m, "ger-1", "orsha")
    for loc in m.topology.neighbours("orsha"):
        if loc != "borisov":
            m.state.control[loc] = SOVIET
    m.touch()
    assert S.in_supply(m, ger)
    m.apply("partisan partisan-1 borisov")
    assert not S.in_supply(m, ger)
    m.apply("end")  # Soviet isolation ran: the partisan, deep in Axis land, is never isolated
    assert m.state.units["partisan-1"].loc == "borisov"


def test_19_0_E_7_removed_partisan_returns_next_soviet_player_turn() -> None:
    m = at_soviet_supply(1942)
    m.apply("partisan partisan-1 orsha")
    m.apply("end")
    assert m.decision.side == AXIS
    unit = m.state.units["partisan-1"]
    P.partisan_removed(m, unit)  # an Axis unit moved in during the Axis player turn
    assert unit.loc is None and not unit.flags.get("eliminated")
    play_to(m, SOVIET, "supply")
    assert m.check("partisan partisan-1 smolensk") is None  # this Soviet player turn
    m.apply("partisan partisan-1 smolensk")
    assert unit.loc == "smolensk"


def test_19_0_E_7_removed_during_the_soviet_turn_waits_a_turn() -> None:
    m = at_soviet_supply(1942)
    m.apply("partisan partisan-1 orsha")
    unit = m.state.units["partisan-1"]
    unit.flags.pop(P.PLACED)
    P.partisan_removed(m, unit)
    reason = m.check("partisan partisan-1 smolensk")
    assert reason is not None and "next Soviet player turn" in reason


def test_19_0_only_the_soviet_player_places_partisans() -> None:
    m = at_soviet_supply(1942)
    assert "DC 19.0" in (m.check("partisan partisan-1") or "")
    assert "not a partisan" in (m.check("partisan sov-10a orsha") or "")
