"""Proud Monster Deluxe part 2: sea transport (10.1-10.4) on the kernel's sea-movement mechanic,
with the Axis Black Sea opening (10.3) and the Soviet fleets' loss (10.4) kept by seatransport."""

from __future__ import annotations

from functools import cache

import pytest

from tests.games.pmd_steps import to_phase
from wargame.games.proud_monster_deluxe import plugin, seatransport
from wargame.games.proud_monster_deluxe.datagen import seas as seadata
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused

RIGA, KONIGSBERG, MEMEL, TALLINN = "1808", "0811", "1109", "2302"
ODESSA, SEVASTOPOL, LENINGRAD, ORANIENBAUM = "1643", "2050", "3304", "3203"
OKH_NORTH, OKH_SOUTH, RVGK_SOUTH = "box:okh-north", "box:okh-south", "box:rvgk-south"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _movement(side: str, ynn: int = 116) -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = ynn - 111  # 1941: 112 is game turn 1
    match.touch()
    clear(match)
    to_phase(match, side, "movement")
    assert match.phase is not None and match.phase.spec.id.endswith("initial-movement")
    return match


def sails(match: Match, uid: str) -> set[str]:
    return {str(a.args[1]) for a in match.legal_actions() if a.verb == "sea" and a.args[0] == uid}


def test_ports_are_the_coast_towns_with_leningrad_and_rostov_ruling_st1() -> None:
    match = _movement("axis")
    found = {p for sea in seamove.seas(match) for p in seamove.ports(match, sea)}
    assert {MEMEL, LENINGRAD, ORANIENBAUM, ODESSA, SEVASTOPOL, "3846", "5463"} <= found
    assert "2850" in seadata.ports({"hexes": {"2850": {
        "features": ["large-town"], "attrs": {"coast": ["azov", "black-sea"]}}}})["black"]  # fmt: skip


def test_german_units_sail_the_baltic_from_the_okh_area_to_an_occupied_port_10_1_10_2() -> None:
    match = _movement("axis")
    put(match, "ger-id-1", OKH_NORTH)
    match.state.control[RIGA] = match.state.control[KONIGSBERG] = "axis"
    match.touch()
    assert KONIGSBERG in sails(match, "ger-id-1")  # in Germany: controlled is enough
    assert RIGA not in sails(match, "ger-id-1")  # 10.2: a Russian port must be occupied
    put(match, "ger-id-102", RIGA)
    assert RIGA in sails(match, "ger-id-1")
    put(match, "rom-id-1", OKH_NORTH)
    assert not sails(match, "rom-id-1")  # 10.3: German units only on the Baltic


def test_five_axis_steps_a_week_on_the_baltic_10_3() -> None:
    match = _movement("axis")
    for uid in ("ger-id-1", "ger-id-102"):
        put(match, uid, OKH_NORTH)  # 3 steps each
    match.state.control[KONIGSBERG] = "axis"
    match.touch()
    match.apply(f"sea ger-id-1 {KONIGSBERG}")
    assert not sails(match, "ger-id-102")  # 3 + 3 > 5
    refused(match, f"sea ger-id-102 {KONIGSBERG}", rule="PMD 10.2")


def test_axis_black_sea_opens_the_turn_after_odessa_and_sevastopol_and_stays_10_3() -> None:
    match = _movement("axis")
    put(match, "rom-id-1", OKH_SOUTH)
    put(match, "ger-id-1", ODESSA)
    match.state.control[ODESSA] = "axis"
    match.touch()
    assert not sails(match, "rom-id-1")  # not yet
    match.state.control[SEVASTOPOL] = "axis"
    seatransport._note_black_sea_keys(match)  # the end of a Soviet week
    assert not sails(match, "rom-id-1")  # the turn after, not this one
    seatransport._open_axis_black_sea(match)  # the next turn's Reinforcement Phase
    match.touch()
    assert match.state.vars["axis_black_sea"] and ODESSA in sails(match, "rom-id-1")
    assert not match.state.plugins.get(seatransport.NS)
    match.state.control[ODESSA] = match.state.control[SEVASTOPOL] = "soviet"
    seatransport._note_black_sea_keys(match)
    seatransport._open_axis_black_sea(match)
    assert match.state.vars["axis_black_sea"]  # 10.3: stays, whoever holds them later
    put(match, "hun-fc", OKH_SOUTH)
    assert not sails(match, "hun-fc")  # 10.1: not Hungarian units


def test_soviet_points_rifle_divisions_two_and_only_the_named_types_10_4() -> None:
    match = _movement("soviet")
    rds = [u for u in _title().counters["counters"] if u.startswith("sov-rd-")][:3]
    for uid in rds:
        put(match, uid, TALLINN)
    match.state.control[TALLINN] = match.state.control[RIGA] = "soviet"
    match.touch()
    match.apply(f"sea {rds[0]} {RIGA}")
    match.apply(f"sea {rds[1]} {RIGA}")
    assert not sails(match, rds[2])  # 2 + 2 of the Baltic's 4 points
    assert seamove.weight(match, seamove.seas(match, "soviet")[0], match.state.units[rds[2]]) == 2


def test_leningrad_and_oranienbaum_always_while_the_baltic_fleet_lasts_10_4() -> None:
    match = _movement("soviet")
    rd = next(u for u in _title().counters["counters"] if u.startswith("sov-rd-"))
    put(match, rd, LENINGRAD)
    match.state.control[ORANIENBAUM] = "axis"
    put(match, "ger-id-1", ORANIENBAUM)
    put(match, "ger-id-102", ORANIENBAUM)
    match.state.control[LENINGRAD] = "soviet"
    match.touch()
    assert ORANIENBAUM not in sails(match, rd)  # held by the Axis alone: no
    other = [u for u in _title().counters["counters"] if u.startswith("sov-rd-")][1]
    put(match, other, ORANIENBAUM)  # jointly occupied
    assert ORANIENBAUM in sails(match, rd)


def _week_ends(match: Match) -> None:
    """The end of a Soviet player week (its Cleanup Phase)."""
    seatransport._check_fleets(match)


def test_a_fleet_is_lost_after_a_whole_week_of_axis_ports_and_never_returns_10_4() -> None:
    match = _movement("soviet")
    baltic = seatransport.fleet_ports(match, "soviet_baltic_fleet")
    assert LENINGRAD in baltic and OKH_NORTH not in baltic
    for port in baltic:
        match.state.control[port] = "axis"
    _week_ends(match)
    assert match.state.vars["soviet_baltic_fleet"]  # one week-end: not yet a whole week
    match.state.control[LENINGRAD] = "soviet"
    _week_ends(match)  # Leningrad back: the count starts again
    match.state.control[LENINGRAD] = "axis"
    _week_ends(match)
    assert match.state.vars["soviet_baltic_fleet"]
    _week_ends(match)
    assert match.state.vars["soviet_baltic_fleet"] is False  # the marker goes
    assert not match.state.plugins.get(seatransport.NS)
    for port in baltic:
        match.state.control[port] = "soviet"
    _week_ends(match)
    rd = next(u for u in _title().counters["counters"] if u.startswith("sov-rd-"))
    put(match, rd, TALLINN)
    assert not sails(match, rd) and match.state.vars["soviet_baltic_fleet"] is False


def test_the_caspian_from_the_rvgk_south_area_10_1() -> None:
    match = _movement("soviet")
    rd = next(u for u in _title().counters["counters"] if u.startswith("sov-rd-"))
    put(match, rd, RVGK_SOUTH)
    match.state.control["5463"] = "soviet"
    match.touch()
    assert "5463" in sails(match, rd)


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_sea_transport_only_before_any_land_move_of_the_initial_movement_phase_10_2(
    side: str,
) -> None:
    match = _movement(side)
    if side == "axis":
        uid, start, port, walker = "ger-id-1", OKH_NORTH, KONIGSBERG, "ger-id-102"
    else:
        ids = [u for u in _title().counters["counters"] if u.startswith("sov-rd-")]
        uid, start, port, walker = ids[0], TALLINN, RIGA, ids[1]
    put(match, uid, start)
    put(match, walker, "2618" if side == "soviet" else "0811")
    for h in (start, port, "2618", "0811"):
        match.state.control[h] = side
    match.touch()
    assert port in sails(match, uid)
    move = next(a for a in match.legal_actions() if a.verb == "move" and a.args[0] == walker)
    match.apply(str(move))
    assert not sails(match, uid)
