"""Land Without End's Guards conversions (8.13): on GT12 and GT20 each Guards unit replaces an
on-map unit of the exact same type in supply, the Soviet player's pick; one with nothing to
convert is eliminated for good; replacements come after."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import guards, replacements
from wargame.match import Match
from wargame.testing import clear, put, refused

RULE = "LWE 8.13"


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "german", "movement")
    clear(m)
    m.state.cursor.turn = 12
    return m


def test_guards_due_on_gt12_and_gt20_only_8_13(match: Match) -> None:
    assert guards.due(match) == ["sov-grd-1", "sov-grd-2", "sov-grd-3", "sov-grd-4"]
    match.state.cursor.turn = 20
    assert guards.due(match) == ["sov-grd-5", "sov-grd-6", "sov-grdcc-1", "sov-grdcc-2"]
    for turn in (11, 13, 19, 21):
        match.state.cursor.turn = turn
        assert guards.due(match) == []


def test_soviet_picks_the_rifle_division_converted_8_13(match: Match) -> None:
    """The Guards unit takes its hex; the rifle division goes to the dead pile, reclaimable."""
    a = put(match, "sov-rd-10", "4618")
    b = put(match, "sov-rd-11", "4632")
    assert guards.start(match)
    assert {str(x) for x in match.legal_actions()} == {
        "convert sov-grd-1 sov-rd-10",
        "convert sov-grd-1 sov-rd-11",
    }
    match.apply("convert sov-grd-1 sov-rd-11")
    assert match.state.units["sov-grd-1"].loc == "4632" and b.loc is None
    assert replacements.eligible(match, b)  # 8.13: may return as a replacement
    match.apply("convert sov-grd-2 sov-rd-10")
    assert match.state.units["sov-grd-2"].loc == "4618" and a.loc is None
    # no rifle division left: the other two are eliminated for good, then replacements follow
    for g in ("sov-grd-3", "sov-grd-4"):
        unit = match.state.units[g]
        assert unit.flags.get("eliminated") and not replacements.eligible(match, unit)
    assert "queue" not in match.state.ns(guards.NS)
    assert match.decision is not None and match.decision.kind == "replacements"


def test_only_the_exact_type_in_supply_is_converted_8_13(match: Match) -> None:
    put(match, "sov-rd-10", "4618")
    put(match, "sov-cc-6", "4632")  # a cavalry corps: not a rifle division
    assert guards.start(match)
    refused(match, "convert sov-grd-1 sov-cc-6", "exact same type", rule=RULE)
    refused(match, "convert sov-grd-2 sov-rd-10", "sov-grd-1 is the Guards unit", rule=RULE)


def test_unit_out_of_supply_is_not_converted_8_13(match: Match) -> None:
    match.state.vars["dd3"] = False  # supply by lines from here (7.12)
    deep = "2020"
    put(match, "sov-rd-10", deep)
    for uid, loc in zip(
        ["ger-inf-1", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9", "ger-inf-11"],
        match.topology.neighbours(deep),
        strict=False,
    ):
        put(match, uid, loc)
    match.touch()
    assert guards.candidates(match, "sov-grd-1") == []


def test_conversions_happen_once_a_turn_8_13(match: Match) -> None:
    assert not guards.start(match)  # nothing on the map: all four eliminated at once
    gone = ("sov-grd-1", "sov-grd-2", "sov-grd-3", "sov-grd-4")
    assert all(match.state.units[g].flags.get("eliminated") for g in gone)
    assert not guards.start(match)
