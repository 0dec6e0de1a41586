"""Proud Monster Deluxe 7.3: the 250 Spanish Division, the one German-coloured unit that may be
rebuilt, and its conversion into the Spanish Legion on turn 323 wherever it is."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from wargame.games.proud_monster_deluxe import eliminated, replacements, reserves, withdrawals
from wargame.match import Match
from wargame.testing import put

SPANISH, LEGION = "ger-sp-250", "ger-spl"


def _turn_323(match: Match) -> None:
    match.state.cursor.turn = p9.game_turn(323)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    match.touch()


def test_the_250_spanish_division_arrives_and_is_rebuilt_other_german_colored_units_not_7_3() -> (
    None
):
    """7.3, 9.5.1: eliminated in supply the 250 goes to the Replacement Army and may be rebuilt
    with German points; a Slovak division is removed from the game."""
    match = p9.axis_part()
    p9.reinforcement_phase(match, 120)
    assert match.state.units[SPANISH].loc == "box:okh-north"  # 9.1.1: as a German unit
    put(match, SPANISH, p9.quiet_hex(match))
    match.eliminate(match.state.units[SPANISH], "test")
    match.eliminate(match.state.units["slo-id-1"], "test")
    record = eliminated._ns(match)
    assert SPANISH in record[eliminated.REPLACEMENT_ARMY]
    assert "slo-id-1" in record[eliminated.REMOVED]
    replacements.points(match, "axis").update(lrp=3, mrp=0)
    match.touch()
    assert f"rebuild {SPANISH} 3 0" in p9.legal(match)
    assert not any(a.args[0] == "slo-id-1" for a in match.legal_actions() if a.verb == "rebuild")


def test_on_turn_323_the_250_becomes_the_spanish_legion_in_its_hex_and_reserve_7_3() -> None:
    """7.3: the conversion is made wherever the division is, at once (no Axis choice, no
    supply or adjacency condition): on the map the Legion takes its place, in its reserve
    stack; the division leaves the game."""
    match = p9.axis_part()
    where = p9.quiet_hex(match)
    division = put(match, SPANISH, where)
    division.step = 1
    reserves._ns(match).setdefault("axis", {})["1"] = {"loc": where, "units": [SPANISH]}
    _turn_323(match)
    legion = match.state.units[LEGION]
    assert legion.loc == where and legion.step == 0
    assert reserves.stacks(match, "axis")["1"]["units"] == [LEGION]
    assert division.loc is None and SPANISH in eliminated._ns(match)[eliminated.REMOVED]


def test_in_the_replacement_army_the_legion_takes_its_place_and_is_never_rebuilt_7_3() -> None:
    """7.3: in the Replacement Army the 250 converts there; the Legion cannot be rebuilt, and
    once in play, eliminated, it is removed (13.13: a regiment)."""
    match = p9.axis_part()
    put(match, SPANISH, p9.quiet_hex(match))
    match.eliminate(match.state.units[SPANISH], "test")
    _turn_323(match)
    record = eliminated._ns(match)
    assert LEGION in record[eliminated.REPLACEMENT_ARMY]
    assert SPANISH not in record[eliminated.REPLACEMENT_ARMY]
    replacements.points(match, "axis").update(lrp=5, mrp=5)
    match.touch()
    assert not any(a.verb == "rebuild" and a.args[0] == LEGION for a in match.legal_actions())
    other = p9.axis_part()
    legion = put(other, LEGION, p9.quiet_hex(other))
    assert eliminated.destination(other, legion) == eliminated.REMOVED


def test_before_turn_323_the_250_stays_a_division_7_3() -> None:
    match = p9.axis_part()
    where = p9.quiet_hex(match)
    put(match, SPANISH, where)
    match.state.cursor.turn = p9.game_turn(321)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    assert match.state.units[SPANISH].loc == where and LEGION not in match.state.units
