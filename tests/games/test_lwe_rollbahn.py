"""Land Without End's Rollbahnen (9.19, 10.10, 7.3): the 1-MP rate along them for the German side,
the bonus hexes (R16), their end at the first mud or snow (ruling E8), the operative Rollbahn for
supply and, after GT3, the nearest Rollbahn hex (P13)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import rollbahn, supply, weather
from wargame.games.land_without_end.common import WEATHER
from wargame.match import Match
from wargame.testing import clear, put, refused

RULE = "LWE 9.19"


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "german", "movement")  # GT1: German mech MF 14, infantry 7 (5.4)
    clear(m)
    return m


def line(match: Match, name: str) -> list[str]:
    doc = match.title.doc("map")
    return list(next(ln for ln in doc["lines"] if ln.get("name") == name)["hexes"])


def hold(match: Match, hexes: list[str]) -> None:
    for h in hexes:
        match.state.control[h] = "german"
    match.touch()


def bonus_destinations(match: Match, uid: str) -> set[str]:
    return {
        str(a.args[-1]) for a in match.legal_actions() if a.verb == "rollbahn" and a.args[0] == uid
    }


def test_german_step_along_a_rollbahn_costs_one_mp_whatever_the_terrain_9_19(match: Match) -> None:
    """1420-1520 is marsh (mech 4) and 1319-1420 crosses a river (mech +2): 1 MP each along
    Rollbahn Mitte for a German unit; the Soviet pays the terrain."""
    pz = put(match, "ger-pz-1", "1319")
    rd = put(match, "sov-rd-10", "2810")
    assert weather.cost(match, pz, "1420", "1520") == 1
    assert weather.cost(match, pz, "1319", "1420") == 1
    assert weather.cost(match, rd, "1420", "1520") == 2  # non-mech into marsh (9.13)
    off = next(
        n
        for n in match.topology.neighbours("1420")
        if n != "1520" and match.topology.terrain(n) == "marsh"
    )
    assert weather.cost(match, pz, "1420", off) == 4  # off the Rollbahn: the marsh cost


def test_rollbahn_rate_and_bonus_end_at_the_first_mud_or_snow_10_10(match: Match) -> None:
    """Ruling E8: rain leaves the Rollbahn working; the first M or S ends it for movement, not
    for supply (7.3)."""
    pz = put(match, "ger-pz-1", "1019")
    match.state.vars["weather"] = {"nwz": "R", "swz": "R"}
    assert weather.cost(match, pz, "1420", "1520") == 1
    match.state.vars["weather"] = {"nwz": "D", "swz": "D"}
    match.state.ns(WEATHER)["mud_seen"] = True
    match.touch()
    assert weather.cost(match, pz, "1420", "1520") == 4
    assert "1019" in rollbahn.operative(match)  # supply along it goes on
    mitte = line(match, "Rollbahn Mitte")
    hold(match, mitte)
    refused(
        match, "rollbahn ger-pz-1 " + " ".join(mitte[:17]), "first mud or snow", rule="LWE 10.10"
    )


def test_bonus_two_hexes_for_mech_one_for_non_mech_9_19(match: Match) -> None:
    """R16: a unit starting on a Rollbahn and moving only along it goes MF + 2 (mech) or MF + 1
    (non-mech) hexes; a plain move goes MF."""
    mitte = line(match, "Rollbahn Mitte")
    hold(match, mitte)
    put(match, "ger-pz-1", mitte[0])
    put(match, "ger-inf-1", mitte[1])
    assert bonus_destinations(match, "ger-pz-1") == {mitte[15], mitte[16]}  # MF 14 on GT1
    assert bonus_destinations(match, "ger-inf-1") == {mitte[9]}  # MF 7
    refused(match, "move ger-pz-1 " + " ".join(mitte[:16]), "needs 15 MP, has 14")
    refused(
        match,
        "rollbahn ger-pz-1 " + " ".join(mitte[:18]),
        "14 Rollbahn hexes and 2 more",
        rule=RULE,
    )
    match.apply("rollbahn ger-pz-1 " + " ".join(mitte[:17]))
    assert match.state.units["ger-pz-1"].loc == mitte[16]
    assert match.state.control[mitte[16]] == "german"


def test_mech_taking_the_bonus_may_not_mobile_assault_9_19(match: Match) -> None:
    mitte = line(match, "Rollbahn Mitte")
    hold(match, mitte)
    put(match, "ger-pz-1", mitte[0])
    match.apply("rollbahn ger-pz-1 " + " ".join(mitte[:17]))
    target = mitte[17]
    put(match, "sov-rd-10", target)
    refused(match, f"overrun {target} with ger-pz-1 via {mitte[16]}", "moved")


def test_bonus_only_from_a_rollbahn_hex_and_wholly_along_it_9_19(match: Match) -> None:
    mitte = line(match, "Rollbahn Mitte")
    hold(match, mitte)
    topo = match.topology
    off = next(n for n in topo.neighbours(mitte[3]) if n not in rollbahn.graph(match))
    put(match, "ger-pz-1", off)
    refused(match, f"rollbahn ger-pz-1 {off} " + " ".join(mitte[3:18]), "did not begin", rule=RULE)
    put(match, "ger-pz-1", mitte[2])
    refused(match, f"rollbahn ger-pz-1 {mitte[2]} {mitte[3]} {off}", "not a step along", rule=RULE)


def test_bonus_needs_supply_for_the_whole_move_9_19(match: Match) -> None:
    """The hexes of Rollbahn Mitte beyond the border stay Soviet-held: the line is cut at the
    border and its far hexes lie more than 12 hexes from the west edge."""
    mitte = line(match, "Rollbahn Mitte")
    put(match, "ger-pz-1", mitte[0])
    path = mitte[:17]
    assert not all(supply.german_supplied_at(match, h) for h in path)
    refused(match, "rollbahn ger-pz-1 " + " ".join(path), "out of supply", rule=RULE)
    hold(match, mitte)
    assert match.check("rollbahn ger-pz-1 " + " ".join(path)) is None


def test_soviet_units_have_no_rollbahn_bonus_9_19(match: Match) -> None:
    mitte = line(match, "Rollbahn Mitte")
    unit = put(match, "sov-rd-10", mitte[20])
    assert rollbahn.eligible(match, unit) is not None
    assert "Soviet" in str(rollbahn.eligible(match, unit))


def test_a_branch_supplies_only_while_its_trunk_works_7_3(match: Match) -> None:
    """Roslavl-Orel leaves Rollbahn Mitte at Smolensk (3418): cut Mitte west of Smolensk and the
    branch serves no line (ruling RB2)."""
    mitte, branch = line(match, "Rollbahn Mitte"), line(match, "Rollbahn Roslavl-Orel")
    hold(match, mitte + branch)
    assert branch[-1] in rollbahn.operative(match)
    match.state.control[mitte[10]] = "soviet"
    match.touch()
    found = rollbahn.operative(match)
    assert branch[-1] not in found and "3418" not in found and mitte[9] in found


def test_no_rollbahn_step_across_an_all_sea_hexside_9_15(match: Match) -> None:
    """Ruling RB1: the stand-in Durchgangsstrasse IV crosses the Taganrog bay's all-sea hexside
    4144/4245; that step is no Rollbahn step."""
    assert not rollbahn.along(match, "4144", "4245")
    assert rollbahn.along(match, "4044", "4144")


def _p13_position(match: Match) -> tuple[str, str]:
    """All land German-held but one hex of Rollbahn Süd (the cut): a hex more than 12 hexes from
    the west edge whose nearest German-held Rollbahn hex lies beyond the cut, 4 hexes away, and
    an operative Rollbahn hex 5 or 6 hexes away (P13). Returns (the hex, the cut)."""
    for loc in list(match.state.control):
        match.state.control[loc] = "german"
    sud = line(match, "Rollbahn Süd")
    cut = sud[len(sud) // 2]
    match.state.control[cut] = "soviet"
    match.touch()
    good = rollbahn.operative(match)
    edge = supply.edge_distance(match)
    for h in sorted(match.topology.region("country:ussr")):
        if supply.line_from(match, h, edge) is not None:
            continue
        near, works = supply.nearest_rollbahn(match, h)
        if near != 4 or works:
            continue
        dist = supply.spread(match, sorted(good), "german", 12)
        if supply.line_from(match, h, dist) in (5, 6):
            return h, cut
    raise AssertionError("no P13 position")


def test_after_gt3_the_line_goes_to_the_nearest_rollbahn_hex_even_if_cut_7_3_p13() -> None:
    """P13: the nearest German-held Rollbahn hex is 4 hexes away but cut from the west edge;
    another, operative, is 5-6 away: the unit is out of supply from GT4, in supply on GT1-3."""
    match = new_match()
    clear(match)
    loc, cut = _p13_position(match)
    unit = put(match, "ger-inf-1", loc)
    match.state.cursor.turn = 3
    match.touch()
    assert supply.german_answer(match, unit)["state"] == "supplied"
    match.state.cursor.turn = 4
    match.touch()
    answer = supply.german_answer(match, unit)
    assert answer["state"] == "out" and "nearest" in answer["why"]
    match.state.control[cut] = "german"  # the Rollbahn works again
    match.touch()
    assert supply.german_answer(match, unit)["state"] == "supplied"


def test_no_bonus_without_movement_points_9_19(match: Match) -> None:
    """The ArKo (MF 0) on a Rollbahn, or a unit whose rain cut leaves nothing: no bonus move."""
    mitte = line(match, "Rollbahn Mitte")
    hold(match, mitte)
    unit = put(match, "ger-arko", mitte[0])
    assert "no movement points" in str(rollbahn.eligible(match, unit))
    assert bonus_destinations(match, "ger-arko") == set()
