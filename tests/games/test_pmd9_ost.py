"""Proud Monster Deluxe's Ost reinforcements (9.1.2, 7.2(4)): placed by the Axis player next to
nothing but a sole German unit, in Russia south of the N/S line and east of the GAS line."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end
from wargame.actions import Action
from wargame.games.proud_monster_deluxe import minorallies, reinforce
from wargame.match import Match
from wargame.testing import put, refused

GERMANS = ("ger-id-212", "ger-id-215")


def _ost_arrives() -> Match:
    """Turn 213's Reinforcement Phase run in the Axis part: the stand-in 1 Ost arrives."""
    match = p9.axis_part()
    p9.reinforcement_phase(match, 213)
    return match


def _hex(match: Match, within: set[str] | frozenset[str], outside: str = "") -> str:
    return p9.quiet_hex(match, within=within, outside=outside)


def test_an_ost_arrival_waits_off_the_map_for_the_axis_to_place_it_9_1_2() -> None:
    """9.1.2: the Ost unit does not enter by the South OKH's ZOMO: it waits, flagged, with no
    entry hexes, and the Axis player places it with a sole German unit."""
    match = _ost_arrives()
    ost = match.state.units["ost-b-1"]
    assert ost.loc == reinforce.SOUTH_OKH and ost.flags.get("placing")
    assert "entry" not in ost.flags  # no ZOMO entry (9.1.2 is not 9.1.1's)
    lands = minorallies.allowed(match, "ost")
    sole = _hex(match, lands)
    put(match, GERMANS[0], sole)
    assert f"place ost-b-1 {sole}" in p9.legal(match)
    match.apply(f"place ost-b-1 {sole}")
    assert ost.loc == sole and "placing" not in ost.flags  # the flag goes once placed
    assert "ost-b-1" not in {u.id for u in reinforce.ost_waiting(match)}


def test_an_ost_unit_enters_only_with_a_sole_german_unit_east_of_the_gas_line_9_1_2() -> None:
    """9.1.2, 7.2(4): not a German stack, not a minor ally's hex, not west of the GAS line nor
    north of the N/S line, not an empty hex."""
    match = _ost_arrives()
    lands = minorallies.allowed(match, "ost")
    stack = _hex(match, lands)
    put(match, GERMANS[0], stack)
    put(match, GERMANS[1], stack)
    refused(match, f"place ost-b-1 {stack}", "sole German unit", rule="PMD 9.1.2")
    empty = _hex(match, lands)
    refused(match, f"place ost-b-1 {empty}", "sole German unit", rule="PMD 9.1.2")
    romanian = _hex(match, lands)
    put(match, "rom-id-3", romanian)
    refused(match, f"place ost-b-1 {romanian}", "sole German unit", rule="PMD 9.1.2")
    russia = match.topology.region("country:ussr")
    west = _hex(match, set(russia) - set(lands), outside="gas-east")
    put(match, "ger-id-223", west)
    refused(match, f"place ost-b-1 {west}", "east of the GAS line", rule="PMD 9.1.2")
    assert not any(a.verb == "place" for a in match.legal_actions())  # no hex qualifies


def test_a_waiting_ost_unit_may_stay_off_the_map_and_do_nothing_else_9_1_2() -> None:
    """Ruling RF7: the Axis may leave it waiting (it is placed in a later Reinforcement Phase);
    meanwhile it does not move, by strategic movement or otherwise."""
    match = _ost_arrives()
    ost = match.state.units["ost-b-1"]
    decision = match.decision
    assert decision is not None
    why = reinforce.wargame_veto(
        match, decision, Action("strategic", ("ost-b-1", reinforce.SOUTH_OKH, "5030"))
    )
    assert why is not None and "PMD 9.1.2" in why
    end(match)  # the Axis part ends with it unplaced
    assert ost.loc == reinforce.SOUTH_OKH and ost.flags.get("placing")
