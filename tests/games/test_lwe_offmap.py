"""Land Without End's units starting off the map: the OKH Reserve (3.5), entering on the Greater
Germany edge on GT1-2 or eliminated, and the asterisked units (8.3), entering through 1025-1030
on the first turn that begins with no Soviet unit there, and then obliged to."""

from __future__ import annotations

from tests.games.lwe_helpers import german_movement  # noqa: F401 (the match fixture)
from wargame.games.land_without_end import offmap
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.testing import put, refused, to_phase

START = PhaseSpec(id="refit-start", name="German Mechanized Refit Start Phase", kind="auto")
MOVEMENT = PhaseSpec(id="movement", name="German Move & MA Phase", kind="movement")
ASTERISKED = ("ger-inf-257", "ger-inf-444", "hun-hf")


def turn_begins(match: Match) -> None:
    """The German player turn's start and its Movement Phase's (the fixture is already in it)."""
    offmap.german_turn_begins(match, START)
    offmap.open_the_edges(match, MOVEMENT)
    match.touch()


def six(match: Match) -> list[str]:
    return match.resolve_locations([offmap.ASTERISK_HEXES])


def test_asterisked_units_wait_while_a_soviet_unit_holds_one_of_the_six_hexes_8_3(
    match: Match,
) -> None:
    for uid in ASTERISKED:
        put(match, uid, offmap.ASTERISK)
    put(match, "sov-rd-10", six(match)[2])
    turn_begins(match)
    assert not any(a.args[0] in ASTERISKED for a in match.legal_actions() if a.verb == "move")
    refused(
        match,
        f"move ger-inf-257 {offmap.ASTERISK} {six(match)[0]}",
        "no Soviet unit in 1025-1030",
        rule="LWE 8.3",
    )
    assert match.check("end") is None  # nothing owed this turn


def test_asterisked_units_enter_free_and_must_the_first_turn_they_can_8_3(match: Match) -> None:
    for uid in ASTERISKED:
        put(match, uid, offmap.ASTERISK)
    for h in six(match):
        match.state.control[h] = "german"
    turn_begins(match)
    refused(match, "end", "must enter on the first turn", rule="LWE 8.3")
    a, b = six(match)[0], six(match)[1]
    match.apply(f"move ger-inf-257 {offmap.ASTERISK} {a}")
    unit = match.state.units["ger-inf-257"]
    assert unit.loc == a and "entry" not in unit.flags
    assert movement.spent(match, unit) == 0  # the entry hex cost nothing (8.2; ruling RI5)
    match.apply(f"move ger-inf-444 {offmap.ASTERISK} {b}")
    refused(match, "end", "hun-hf", rule="LWE 8.3")
    for h in six(match)[2:]:
        if match.check(f"move hun-hf {offmap.ASTERISK} {h}") is None:
            match.apply(f"move hun-hf {offmap.ASTERISK} {h}")
            break
    assert not match.units_at(offmap.ASTERISK)
    assert match.check("end") is None


def test_okh_reserve_enters_on_the_greater_germany_edge_paying_the_first_hex_3_5(
    match: Match,
) -> None:
    put(match, "ger-inf-1", offmap.OKH)
    turn_begins(match)
    edge = offmap.okh_edge(match)
    moves = {
        str(a.args[-1])
        for a in match.legal_actions()
        if a.verb == "move" and a.args[0] == "ger-inf-1"
    }
    assert set(edge) <= moves
    romania = set(match.resolve_locations(["entry:romania-edge"]))
    refused(match, f"move ger-inf-1 {offmap.OKH} {sorted(romania)[0]}", "enters only at")
    match.apply(f"move ger-inf-1 {offmap.OKH} {edge[0]}")
    unit = match.state.units["ger-inf-1"]
    assert unit.loc == edge[0] and movement.spent(match, unit) > 0  # the first hex is paid


def test_okh_reserve_left_off_the_map_after_gt2_is_eliminated_3_5(match: Match) -> None:
    put(match, "ger-inf-1", offmap.OKH)
    match.state.cursor.turn = 2
    turn_begins(match)
    assert match.state.units["ger-inf-1"].flags.get("entry")
    to_phase(match, "german", "combat")  # the end of GT2's German Movement Phase
    unit = match.state.units["ger-inf-1"]
    assert unit.loc is None and unit.flags.get("eliminated")


def test_okh_reserve_may_not_enter_on_gt1_end_but_waits_for_gt2_3_5(match: Match) -> None:
    """At the end of GT1's movement the unit stays in the reserve (its last chance is GT2)."""
    put(match, "ger-inf-1", offmap.OKH)
    turn_begins(match)
    to_phase(match, "german", "combat")
    unit = match.state.units["ger-inf-1"]
    assert unit.loc == offmap.OKH
