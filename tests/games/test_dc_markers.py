"""Dark Crusade's unit markers (wargame.markers): each declared with what removes it, and each
gone when its rule says: dispersed at the owner's Recovery (15.B), fortified when the unit moves
(18.0), moved at the next movement phase (12.0), engaged when its battle ends (13.0), the
breakthrough right and the breakthrough move at the owner's next R/RP (14.A, 14.B.6), isolated
when a supply line opens (17.B)."""

from __future__ import annotations

from tests.games.dc_helpers import empty_match, goto, put, script_rolls
from wargame import markers
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import supply as S
from wargame.games.dark_crusade import units as U
from wargame.views import unit_view


def test_every_marker_the_rules_read_is_declared_with_its_removal() -> None:
    match = empty_match()
    table = markers.declared(match)
    assert set(U.MARKERS) == set(table)
    for name, spec in table.items():
        assert spec["removed_by"] and spec["removal_rule"].startswith("DC "), name


def test_15_B_dispersed_goes_in_the_owners_recovery_phase_only() -> None:
    match = empty_match()
    goto(match, "axis", "breakthrough")
    ger = put(match, "warsaw", "ger-7", dispersed=True)[0]
    sov = put(match, "minsk", "sov-13a", dispersed=True)[0]
    events = match.apply("end")  # into the Axis Recovery phase
    assert not U.dispersed(ger) and U.dispersed(sov)
    assert any(e.kind == "unit-marker" and e.data["unit"] == "ger-7" for e in events)


def test_18_0_fortified_goes_when_the_unit_moves_operationally_or_strategically() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    unit = put(match, "brest", "ger-7", fortified=True)[0]
    match.apply("move ger-7 baranovichi")
    assert not U.fortified(unit)


def test_12_0_moved_goes_at_the_next_movement_phase() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    unit = put(match, "brest", "ger-47")[0]
    put(match, "brest", "ger-41")
    match.apply("move ger-47 baranovichi")
    assert U.marked(unit, M.MOVED) and "already moved" in (match.check("move ger-47 minsk") or "")
    goto(match, "axis", "breakthrough")
    assert not U.marked(unit, M.MOVED)


def test_14_A_14_B_6_breakthrough_markers_go_at_the_owners_next_rrp() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    unit = put(match, "siedlce", "ger-47", "ger-41")[0]
    match.apply("move ger-47 brest")
    goto(match, "axis", "breakthrough")
    match.apply("move ger-47 baranovichi")
    assert U.marked(unit, M.BT) and U.marked(unit, M.BT_USED)
    goto(match, "soviet", "reinforcement")
    assert U.marked(unit, M.BT_USED)  # the Soviet turn is not the owner's
    goto(match, "axis", "reinforcement")
    assert not U.marked(unit, M.BT) and not U.marked(unit, M.BT_USED)


def test_13_0_engaged_goes_when_the_battle_ends() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "baranovichi", "sov-30a")
    put(match, "brest", "ger-7", "ger-9")
    match.state.control["brest"] = "axis"
    match.apply("move sov-30a brest")
    unit = match.state.units["sov-30a"]
    assert M.target_of(unit) == "brest" and M.origin_of(unit) == "baranovichi"
    goto(match, "soviet", "combat")
    script_rolls(match, [1])
    match.apply("fight brest")
    if match.decision.kind == "dc-air":
        match.apply("air 0")
    match.apply("retreat")
    assert not U.marked(unit, M.ATTACKING)


def test_17_B_isolated_goes_when_the_supply_line_reopens() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    rifle = put(match, "orsha", "sov-30a")[0]
    for p in match.topology.neighbours("orsha"):
        match.state.control[p] = "axis"
    match.touch()
    S.refresh(match)
    assert U.marked(rifle, S.ISOLATED)
    for p in match.topology.neighbours("orsha"):
        match.state.control[p] = "soviet"
    match.touch()
    S.refresh(match)
    assert not U.marked(rifle, S.ISOLATED)


def test_markers_are_shown_to_both_sides() -> None:
    match = empty_match()
    unit = put(match, "minsk", "sov-13a", dispersed=True)[0]
    shown = unit_view(match, unit, "axis")["markers"]
    assert shown["dispersed"]["mark"] == "D"
