"""Land Without End's scheduled reinforcements (8.1, 8.2, 7.16, P6): each unit entered by its
owner in his New Unit Entry Phase; German units at the Greater Germany or Romania map edge or a
Rollbahn town, satellites at the Romanian edge only; Soviet units at their printed hexes or, for
'Any', any town, held and supplied at the start of his player turn; never delayed: a unit with
nowhere to enter is lost for good."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, german_movement, new_match  # noqa: F401 (the match fixture)
from wargame.games.land_without_end import dd3
from wargame.games.land_without_end import reinforcements as rf
from wargame.games.land_without_end.common import town_class
from wargame.match import Match
from wargame.testing import put, refused, to_phase

SOVIET_GT2 = ["sov-rd-104", "sov-rd-105", "sov-rd-106", "sov-rd-107", "sov-rd-108"]


def german_entry(match: Match, turn: int) -> None:
    """The German New Unit Entry Phase of ``turn`` on the cleared map of the fixture."""
    match.state.cursor.turn = turn
    match.touch()
    rf.start(match, "german")


def offered(match: Match, uid: str) -> set[str]:
    return {
        str(a.args[1]) for a in match.legal_actions() if a.verb == "reinforce" and a.args[0] == uid
    }


def test_p6_soviet_unit_marked_2_enters_on_gt2_3_4() -> None:
    """P6: a unit whose counter says '2' waits in the GT2 box of the track: nothing of it on
    GT1, and in the GT2 Soviet New Unit Entry Phase the Soviet player enters it. (About 4 s: the
    example is about the sequence, so it plays GT1 and GT2 up to that phase.)"""
    m = new_match()
    advance_to(m, "soviet", "reinforce")
    assert m.turn == 2 and m.decision is not None and m.decision.side == "soviet"
    assert list(rf.waiting(m)) == SOVIET_GT2
    assert not any(uid in m.state.units for uid in SOVIET_GT2)


@pytest.fixture
def soviet(match: Match) -> Match:
    """GT2's Soviet arrivals asked for (from the cleared map of the German-movement fixture)."""
    match.state.cursor.turn = 2
    match.touch()
    rf.note_soviet_entries(match)
    rf.start(match, "soviet")
    return match


def test_any_enters_a_soviet_town_held_and_supplied_8_1(soviet: Match) -> None:
    m = soviet
    hexes = offered(m, "sov-rd-104")
    assert hexes and all(town_class(m, h) and m.state.control[h] == "soviet" for h in hexes)
    german_town = next(
        h for h, s in sorted(m.state.control.items()) if s == "german" and town_class(m, h)
    )
    refused(m, f"reinforce sov-rd-104 {german_town}", "printed hex", rule="LWE 8.1")
    h = sorted(hexes)[0]
    m.apply(f"reinforce sov-rd-104 {h}")
    assert m.state.units["sov-rd-104"].loc == h
    assert "sov-rd-104" not in rf.waiting(m) and m.decision.kind == "reinforce"


def test_no_decline_every_unit_is_entered_8_1(soviet: Match) -> None:
    m = soviet
    assert {a.verb for a in m.legal_actions()} == {"reinforce"}
    assert m.check("end") is not None
    for _ in SOVIET_GT2:
        m.apply(str(m.legal_actions()[0]))
    assert all(m.state.units[u].loc for u in SOVIET_GT2)
    assert "queue" not in m.state.ns(rf.NS)


def test_entry_town_must_have_a_line_even_under_dd3_7_8_8_1(soviet: Match) -> None:
    """Held and supplied at the start of his player turn; DD3's blanket supply of the units on
    the map does not make a hex a supplied entry hex (7.8)."""
    m = soviet
    town = sorted(offered(m, "sov-rd-104"))[0]
    ring = ("ger-inf-1", "ger-inf-5", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9")
    for uid, n in zip(ring, m.topology.neighbours(town), strict=False):
        put(m, uid, n)
    assert dd3.in_effect(m)
    rf.note_soviet_entries(m)
    assert town not in m.state.ns(rf.NS)["soviet_entries"]
    assert town not in offered(m, "sov-rd-104")


def test_soviet_overstacks_only_where_no_hex_has_room_8_1(soviet: Match) -> None:
    m = soviet
    town = sorted(offered(m, "sov-rd-104"))[0]
    for uid in ("sov-rd-201", "sov-rd-202", "sov-rd-206", "sov-rd-207", "sov-rd-210", "sov-rd-211"):
        put(m, uid, town)
    assert town not in offered(m, "sov-rd-104")  # other towns have room
    m.state.ns(rf.NS)["soviet_entries"] = [town]
    m.touch()
    assert offered(m, "sov-rd-104") == {town}  # the only one: 8.1's temporary over-stacking


def test_soviet_unit_that_cannot_enter_is_lost_for_good_8_1(soviet: Match) -> None:
    """The Oranienbaum naval infantry (GT4, 3701 only) with 3701 German-held."""
    m = soviet
    m.state.cursor.turn = 4
    m.state.control["3701"] = "german"
    m.touch()
    rf.note_soviet_entries(m)
    rf.start(m, "soviet")
    unit = m.state.units["sov-nvl-oranienbaum"]
    assert unit.loc is None and unit.flags == {"forfeit": True}
    assert "sov-nvl-oranienbaum" not in rf.waiting(m)
    assert "sov-nvl-oranienbaum" not in rf.due(m, "soviet")  # never offered again


def test_german_enters_at_the_edge_or_a_rollbahn_town_8_2(match: Match) -> None:
    town = rf.rollbahn_towns(match)[0]
    german_entry(match, 3)
    hexes = offered(match, "ger-inf-707")
    edge = set(match.resolve_locations(["german-source:west"]))
    assert edge <= hexes and town in hexes
    refused(match, "reinforce ger-inf-707 2020", "map-edge hex", rule="LWE 8.2")
    match.apply(f"reinforce ger-inf-707 {sorted(edge)[0]}")
    assert match.state.units["ger-inf-707"].loc == sorted(edge)[0]
    assert not match.state.units["ger-inf-707"].flags.get(rf.FLAG)


def test_rollbahn_town_entry_may_not_move_or_attack_that_turn_8_2(match: Match) -> None:
    town = next(
        h
        for h in rf.rollbahn_towns(match)
        if h not in match.resolve_locations(["german-source:west"])
    )
    german_entry(match, 3)
    match.apply(f"reinforce ger-inf-707 {town}")
    unit = match.state.units["ger-inf-707"]
    assert unit.flags.get(rf.FLAG)
    del unit.flags[rf.FLAG]
    match.touch()
    n = next(
        n
        for n in match.topology.neighbours(town)
        if match.check(f"move ger-inf-707 {town} {n}") is None
    )
    unit.flags[rf.FLAG] = True
    match.touch()
    refused(match, f"move ger-inf-707 {town} {n}", "may not move or attack", rule="LWE 8.2")
    to_phase(match, "soviet", "combat")  # his player turn is over: the flag goes
    assert rf.FLAG not in unit.flags


def test_soviet_held_or_occupied_edge_and_full_hexes_refused_8_2_6_1(match: Match) -> None:
    edge = sorted(match.resolve_locations(["german-source:west"]))
    held, occupied, full = edge[0], edge[1], edge[2]
    match.state.control[held] = "soviet"
    put(match, "sov-rd-10", occupied)
    for uid in ("ger-inf-1", "ger-inf-5", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9"):
        put(match, uid, full)
    german_entry(match, 3)
    hexes = offered(match, "ger-inf-707")
    assert not {held, occupied, full} & hexes and edge[3] in hexes
    refused(match, f"reinforce ger-inf-707 {full}", "within stacking", rule="LWE 8.2")


def test_satellite_enters_only_at_the_romanian_edge_8_2(match: Match) -> None:
    german_entry(match, 7)
    romania = set(match.resolve_locations(["entry:romania-edge"]))
    assert offered(match, "ita-csir") == romania
    gg = sorted(set(match.resolve_locations(["german-source:west"])) - romania)[0]
    refused(match, f"reinforce ita-csir {gg}", "Romanian map-edge hex", rule="LWE 8.2")


def test_german_unit_with_nowhere_to_enter_is_forfeit_8_2(match: Match) -> None:
    for h in match.resolve_locations(["german-source:west"]):
        match.state.control[h] = "soviet"
    for h in rf.rollbahn_towns(match):
        match.state.control[h] = "soviet"
    match.touch()
    german_entry(match, 3)
    unit = match.state.units["ger-inf-707"]
    assert unit.loc is None and unit.flags == {"forfeit": True}
    assert match.decision is not None and match.decision.kind != "reinforce"


def test_turn_track_arrivals_are_stand_ins_but_the_ica_and_oranienbaum_8_1(match: Match) -> None:
    """The TRRT (12.10) is not in the text: every scheduled arrival is marked a stand-in but the
    two the rules state (8.5, 9.3)."""
    schedule = match.title.doc("calendar")["schedule"]
    for key, entry in schedule.items():
        if entry.get("kind", "reinforcement") != "reinforcement":
            continue
        source = entry["provenance"]["source"]
        assert source == ("rulebook" if key in ("ica", "oranienbaum") else "stand-in"), key
    assert schedule["ica"]["turn"] == 2 and schedule["ica"]["at"] == ["2141", "2548"]
    assert schedule["oranienbaum"]["turn"] == 4 and schedule["oranienbaum"]["at"] == ["3701"]
