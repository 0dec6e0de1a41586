"""Proud Monster Deluxe: sea transport (10.2) into and out of a jointly-occupied port (13.15.3;
rulings AI6, AI7). The port serves its owner (``ports.owner``: the Soviet's where an invasion
left the hex jointly occupied, else the hex's); only the hex defender sails in, with room and one
way a phase; a unit sailing out lands in a port held by its own side alone; Leningrad and
Oranienbaum stay open to each other (10.4)."""

from __future__ import annotations

from tests.games.pmd_steps import to_phase
from wargame.games.proud_monster_deluxe import amphibious, jointhex
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.testing import put, refused

from .test_pmd2_amphibious import LENINGRAD, ODESSA, ORANIENBAUM, _movement
from .test_pmd2_amphibious_ai3 import AXIS, CONSTANTA, _joint_port

SEVASTOPOL, YALTA, NIKOLAYEV = "2050", "2149", "1943"
"""Soviet Black Sea ports: a city (room for 10 divisions) and two small towns (room for 5)."""
RIGA, KONIGSBERG, TALLINN = "1808", "0811", "2302"
OKH_NORTH, OKH_SOUTH = "box:okh-north", "box:okh-south"
GERMANS = ("ger-id-22", "ger-id-46", "ger-id-50", "ger-id-72")


def sails(match: Match, uid: str) -> set[str]:
    return {str(a.args[1]) for a in match.legal_actions() if a.verb == "sea" and a.args[0] == uid}


def _rds(match: Match, n: int) -> list[str]:
    """``n`` Soviet rifle divisions off the map (10.4: 2 sea transport points each)."""
    return sorted(
        u.id
        for u in match.state.units.values()
        if u.side == "soviet" and u.loc is None and match.counter(u)["type"] == "rd"
    )[:n]


def _next_week(match: Match, side: str) -> None:
    to_phase(match, side, "movement")
    assert match.phase is not None and match.phase.spec.id.endswith("initial-movement")


def _soviet_defends(match: Match, port: str, soviets: list[str], axis: list[str]) -> None:
    """``port`` jointly occupied, the Soviets its hex defender (their units there first)."""
    for uid in soviets:
        put(match, uid, port)
    for uid in axis:
        put(match, uid, port)
    assert jointhex.joint(match, port) and jointhex.hex_defender(match, port) == "soviet"


def test_soviet_invaders_sail_out_of_the_joint_port_they_own_13_15_3_10_2() -> None:
    """Ruling AI6: the port is the Soviet's, so it serves them (the Axis hex defender controls
    the hex); ruling AI7: its first hex, the port it sails to, is held by the Soviets alone."""
    match, rds = _joint_port()
    _next_week(match, "soviet")
    rd = rds[0]
    assert match.state.units[rd].loc == CONSTANTA and match.state.control[CONSTANTA] == "axis"
    assert seamove.serves(match, "soviet", CONSTANTA)
    refused(match, f"sea {rd} {ODESSA}", "held by its own side alone", rule="PMD 13.15.3")
    put(match, _rds(match, 1)[0], ODESSA)
    assert ODESSA in sails(match, rd)
    match.apply(f"sea {rd} {ODESSA}")
    assert match.state.units[rd].loc == ODESSA
    assert not jointhex.joint(match, CONSTANTA) and amphibious.joint_ports(match) == []


def test_the_hex_attacker_may_not_sail_into_a_joint_hex_13_15_3() -> None:
    """The Soviet invader is the hex attacker in the AI6 port: the port serves the Soviets, but
    no Soviet unit sails into it; where the Soviets are the hex defender, one does."""
    match, rds = _joint_port()
    _next_week(match, "soviet")
    other = _rds(match, 1)[0]
    put(match, other, ODESSA)
    assert seamove.serves(match, "soviet", CONSTANTA)
    assert CONSTANTA not in sails(match, other)
    refused(match, f"sea {other} {CONSTANTA}", "hex attacker", rule="PMD 13.15.3")
    _soviet_defends(match, SEVASTOPOL, _rds(match, 1), [GERMANS[0]])
    assert SEVASTOPOL in sails(match, other)


def test_the_hex_defender_sails_in_only_with_room_for_both_sides_13_15_2_13_15_3() -> None:
    """Ruling JO7 by sea: a small town holds 5 divisions of both sides."""
    match = _movement()
    inside, sailor = _rds(match, 2)
    _soviet_defends(match, YALTA, [inside], list(GERMANS[:3]))
    put(match, sailor, ODESSA)
    assert YALTA in sails(match, sailor)  # 4 divisions there, room for 1
    put(match, GERMANS[3], YALTA)
    refused(match, f"sea {sailor} {YALTA}", "no room for both sides", rule="PMD 13.15.2")


def test_the_hex_defender_sails_in_or_out_not_both_13_15_3() -> None:
    """Ruling JO1's one way a phase counts sea moves: in by sea, then no unit out by sea or land;
    out by sea, then none in."""
    for first in ("in", "out"):
        match = _movement()
        inside, stays, sailor, friend = _rds(match, 4)
        _soviet_defends(match, SEVASTOPOL, [inside, stays], [GERMANS[0]])
        put(match, sailor, ODESSA)
        put(match, friend, NIKOLAYEV)
        assert SEVASTOPOL in sails(match, sailor) and NIKOLAYEV in sails(match, inside)
        if first == "in":
            match.apply(f"sea {sailor} {SEVASTOPOL}")
            refused(match, f"sea {inside} {NIKOLAYEV}", "not both", rule="PMD 13.15.3")
        else:
            match.apply(f"sea {inside} {NIKOLAYEV}")
            refused(match, f"sea {sailor} {SEVASTOPOL}", "not both", rule="PMD 13.15.3")


def test_the_axis_is_refused_at_an_ai6_port_until_the_hex_is_no_longer_joint_13_15_3() -> None:
    """Ruling AI6: the port is the Soviet's while the invasion holds the hex jointly, so the
    Axis hex defender neither sails from it nor into it; once the invader is gone it is the
    Axis's port again."""
    match, rds = _joint_port()
    _next_week(match, "axis")
    match.state.vars["axis_black_sea"] = True  # 10.3
    put(match, GERMANS[0], OKH_SOUTH)
    assert seamove.owner(match, CONSTANTA) == "soviet"
    assert not sails(match, AXIS)
    assert CONSTANTA not in sails(match, GERMANS[0])
    refused(match, f"sea {AXIS} {OKH_SOUTH}", rule="PMD 10.2")
    match.eliminate(match.state.units[rds[0]], "gone", None)
    match.touch()
    assert amphibious.joint_ports(match) == [] and seamove.owner(match, CONSTANTA) == "axis"
    assert OKH_SOUTH in sails(match, AXIS) and CONSTANTA in sails(match, GERMANS[0])


def test_the_axis_hex_defender_sails_out_of_its_joint_port_to_one_it_holds_alone_13_15_3() -> None:
    """A jointly-occupied port no invasion made is its hex defender's (ruling AI6): the Axis
    sails out of Riga to a port its units hold alone, or to the North OKH area (ruling AI7),
    not to an empty port of its own."""
    match = _movement()
    to_phase(match, "axis", "movement")
    match.state.control[RIGA] = match.state.control[KONIGSBERG] = "axis"
    put(match, GERMANS[0], RIGA)
    put(match, _rds(match, 1)[0], RIGA)
    assert jointhex.hex_defender(match, RIGA) == "axis"
    assert seamove.serves(match, "axis", RIGA) and not seamove.serves(match, "soviet", RIGA)
    assert sails(match, GERMANS[0]) == {OKH_NORTH}
    refused(match, f"sea {GERMANS[0]} {KONIGSBERG}", "held by its own side alone")
    put(match, GERMANS[1], KONIGSBERG)
    assert sails(match, GERMANS[0]) == {OKH_NORTH, KONIGSBERG}


def test_leningrad_and_oranienbaum_even_both_jointly_occupied_10_4_13_15_3() -> None:
    """10.4: "even if both hexes are besieged or jointly-occupied": from Leningrad (Soviet hex
    defender) into Oranienbaum (Soviet hex attacker); to any other port 13.15.3 holds."""
    match = _movement()
    rd, other, friend = _rds(match, 3)
    _soviet_defends(match, LENINGRAD, [rd], [GERMANS[0]])
    match.state.control[ORANIENBAUM] = "axis"
    put(match, GERMANS[1], ORANIENBAUM)
    put(match, other, ORANIENBAUM)
    assert jointhex.hex_defender(match, ORANIENBAUM) == "axis"
    assert ORANIENBAUM in sails(match, rd)
    refused(match, f"sea {rd} {TALLINN}", "held by its own side alone", rule="PMD 13.15.3")
    put(match, friend, TALLINN)
    assert TALLINN in sails(match, rd)
    match.apply(f"sea {rd} {ORANIENBAUM}")
    assert match.state.units[rd].loc == ORANIENBAUM
