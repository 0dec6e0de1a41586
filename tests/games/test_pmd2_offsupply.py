"""Proud Monster Deluxe part 2: Offensive Supply markers with dummies, hidden (8.6, 16.2)."""

from __future__ import annotations

import json
from functools import cache

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end, to_phase
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import offsupply, plugin
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import clear, refused, view_problems

T203, T117, T116 = 16, 6, 5  # game turns


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _deploy(turn: int, side: str = "axis") -> Match:
    """``side``'s part of the Reinforcement Phase of a 2-week turn (game turn ``turn``), the
    markers just dealt, the map empty."""
    match = p9.soviet_part()
    clear(match)
    match.state.cursor.turn = turn
    match.touch()
    offsupply.reinforcement_phase(match, p9.phase(match, "reinforcement"))
    if side == "axis":
        end(match)
    assert match.phase is not None and match.phase.spec.id == f"{side}-reinforcement"
    return match


def _place_all(match: Match, side: str, hexes: list[str]) -> list[str]:
    letters = offsupply.unplaced(match, side)
    for letter, h in zip(letters, hexes, strict=False):
        match.apply(f"ossupply {letter} {h}")
    return letters


def test_each_side_places_its_markers_face_down_in_the_reinforcement_phase_8_6_ruling_os5() -> None:
    """8.6, 5.2 I step 6 (ruling OS5): the Soviet places in his part of the Reinforcement
    Phase, then the Axis in his, before the Weather Phase; the enemy sees only where."""
    match = _deploy(T203, "soviet")
    sea = next(h for h in sorted(match.topology.locations()) if match.topology.terrain(h) == "sea")
    hexes = ["4120", sea, "5044", "3304", "2132", "1920"]  # any hex: water too
    _place_all(match, "soviet", hexes)
    assert offsupply.unplaced(match, "soviet") == []
    for side in ("axis", "soviet"):
        assert view_problems(match, side) == []
    # the enemy sees where each marker is, never its value; the owner sees his values
    soviet_markers = offsupply.on_map(match, "soviet")
    assert sorted(m["loc"] for m in soviet_markers.values()) == sorted(hexes)
    assert all("value" not in m for m in soviet_markers.values())
    axis_view = json.dumps(match.view("axis"), sort_keys=True)
    assert "soviet" not in match.view("axis").get("secrets", {})
    assert json.dumps(match.state.secrets["soviet"], sort_keys=True) not in axis_view
    assert sorted(
        match.view("soviet")["secrets"]["soviet"]["offensive-supply"]["values"].values()
    ) == sorted(offsupply.POOL)
    end(match)  # then the Axis, in his part
    assert match.phase is not None and match.phase.spec.id == "axis-reinforcement"
    _place_all(match, "axis", ["1920", "1808"])
    assert len(offsupply.on_map(match, "axis")) == 2
    for side in ("axis", "soviet"):
        assert view_problems(match, side) == []


def test_no_markers_before_their_turns_nor_after_the_reinforcement_phase_8_6() -> None:
    assert offsupply.unplaced(_deploy(T116), "axis") == []  # the Axis from turn 117
    match = _deploy(T117)
    assert len(offsupply.unplaced(match, "axis")) == len(offsupply.POOL)
    assert any(str(a).startswith("ossupply") for a in match.legal_actions())
    end(match)  # a marker left off stays off this turn, also in his Refit Phase (ruling OS5)
    to_phase(match, "axis", "refit")
    assert len(offsupply.unplaced(match, "axis")) == len(offsupply.POOL)
    assert not any(str(a).startswith("ossupply") for a in match.legal_actions())
    letter = offsupply.unplaced(match, "axis")[0]
    refused(match, f"ossupply {letter} 1920", "Reinforcement Phase", rule="PMD 8.6")
    to_phase(match, "soviet", "refit")
    assert offsupply.unplaced(match, "soviet") == []  # the Soviet from 203
    assert not any(str(a).startswith("ossupply") for a in match.legal_actions())
    assert offsupply.on_map(match, "axis") == {}


def test_only_an_active_marker_is_turned_up_and_then_it_covers_its_radius_8_6() -> None:
    match = _deploy(T117)
    letters = _place_all(match, "axis", ["1920", "1808", "2132", "0628", "1413", "1615"])
    active = [x for x in letters if offsupply.value(match, "axis", x)]
    dummy = next(x for x in letters if not offsupply.value(match, "axis", x))
    to_phase(match, "axis", "movement")
    legal = {str(a) for a in match.legal_actions()}
    assert {f"ossupply reveal {x}" for x in active} <= legal
    refused(match, f"ossupply reveal {dummy}", "no face-down active marker", rule="PMD 8.6")
    five = next(x for x in active if offsupply.value(match, "axis", x) == 5)
    where = offsupply.on_map(match, "axis")[offsupply.key("axis", five)]["loc"]
    assert offsupply.covering(match, "axis", where) == []  # face down: not in use
    match.apply(f"ossupply reveal {five}")
    assert offsupply.on_map(match, "axis")[offsupply.key("axis", five)]["value"] == 5
    far = next(h for h in match.topology.locations() if match.topology.distance(where, h) == 6)
    near = next(h for h in match.topology.locations() if match.topology.distance(where, h) == 5)
    assert offsupply.covering(match, "axis", near) and not offsupply.covering(match, "axis", far)


def test_the_markers_come_off_when_the_next_deployment_begins_8_6() -> None:
    match = _deploy(T117)
    _place_all(match, "axis", ["1920", "1808", "2132", "0628", "1413", "1615"])
    assert len(offsupply.on_map(match, "axis")) == len(offsupply.POOL)
    offsupply.pick_up(match)
    assert offsupply.on_map(match, "axis") == {}
    assert "offensive-supply" not in match.state.secrets.get("axis", {})


def test_letters_are_dealt_afresh_each_deployment_ruling_os4() -> None:
    seen = set()
    for turn in range(T117, T117 + 6):
        match = _deploy(turn)
        seen.add(tuple(match.state.secrets["axis"]["offensive-supply"]["values"].items()))
    assert len(seen) > 1


def test_the_owner_sees_each_face_down_markers_value_on_the_map_the_enemy_only_where_8_6() -> None:
    """The owner's view carries each face-down marker's value (0: a dummy), the enemy's only
    its place; the state's markers are not changed by building a view; a turned-up marker's
    value is everyone's."""
    match = _deploy(T117)
    hexes = sorted(match.topology.locations())[:6]
    letters = _place_all(match, "axis", hexes)
    stored = json.dumps(match.state.markers, sort_keys=True)
    mine, theirs = match.view("axis")["markers"], match.view("soviet")["markers"]
    for letter in letters:
        key = offsupply.key("axis", letter)
        assert mine[key]["value"] == offsupply.value(match, "axis", letter)
        assert mine[key]["face_down"] is True
        assert "value" not in theirs[key] and theirs[key]["loc"] == mine[key]["loc"]
    assert json.dumps(match.state.markers, sort_keys=True) == stored
    active = next(x for x in letters if offsupply.value(match, "axis", x))
    to_phase(match, "axis", "refit")  # turned up in his own phases
    match.apply(f"ossupply reveal {active}")
    key = offsupply.key("axis", active)
    assert match.view("soviet")["markers"][key]["value"] == offsupply.value(match, "axis", active)
    assert "face_down" not in match.view("axis")["markers"][key]


def _at_reach(match: Match, mp: float) -> str:
    """The easternmost clear hex exactly ``mp`` Mech MP of supply trace from the nearest Axis
    urban hex."""
    from wargame.games.proud_monster_deluxe import supply

    reach = supply.urban_reach(match, "axis", 10)
    return max(h for h, d in reach.items() if d == mp and match.topology.terrain(h) == "clear")


def test_t31_a_rotated_marker_is_a_temporary_urban_hex_within_5_7_9_mp_8_2() -> None:
    from wargame.games.proud_monster_deluxe import supply

    match = _deploy(T117)
    ranges = {3: 5, 4: 7, 5: 9}
    hexes = {v: (_at_reach(match, mp), _at_reach(match, mp + 1)) for v, mp in ranges.items()}
    by_value = {offsupply.value(match, "axis", x): x for x in offsupply.unplaced(match, "axis")}
    for value, (near, _far) in hexes.items():
        match.apply(f"ossupply {by_value[value]} {near}")
    to_phase(match, "axis", "refit")  # rotated in his own phases
    set_weather(match, "D", "nz")
    set_weather(match, "D", "sz")
    match.touch()
    before = supply.nets(match, "axis")[1]
    for value, (_near, far) in hexes.items():
        letter = by_value[value]
        marker = match.state.markers[offsupply.key("axis", letter)]
        marker["loc"] = far  # one Mech MP too far: not a temporary urban hex
        refused(match, f"ossupply rotate {letter}", "9 Mech MP", rule="PMD 8.2")
        marker["loc"] = hexes[value][0]
        match.touch()
        match.apply(f"ossupply rotate {letter}")  # turned up and rotated at once
        marker = match.state.markers[offsupply.key("axis", letter)]
        assert marker["value"] == value and marker["rotated"]
        assert offsupply.covering(match, "axis", marker["loc"]) == []  # no offensive supply
    match.touch()
    gained = supply.nets(match, "axis")[1] - before
    assert gained  # a normal supply line traced from the markers
    beyond = min(gained)
    assert supply.urban_reach(match, "axis").get(beyond, 99) > 9
    dummy = next(x for v, x in by_value.items() if v == 0)
    refused(match, f"ossupply rotate {dummy}", rule="PMD 8.2")


def test_a_marker_goes_on_a_hex_of_the_map_never_in_an_off_map_area_8_6() -> None:
    """8.6: "any hex on the map": an OKH or RVGK area is none (a random 1942 game put one in
    the South OKH area, and the distance from it to a hex crashed an MA's supply check)."""
    match = _deploy(T203, "soviet")
    letter = offsupply.placeable(match, "soviet")[0]
    boxes = [h for h in match.topology.locations() if h.startswith("box:")]
    assert boxes
    listed = {str(a) for a in match.legal_for(letter, "ossupply")}
    assert not any(a.split()[-1] in boxes for a in listed)
    assert f"ossupply {letter} 4120" in listed
    refused(match, f"ossupply {letter} {boxes[0]}", "on a hex of the map", rule="PMD 8.6")
    match.apply(f"ossupply {letter} 4120")
    assert offsupply.on_map(match, "soviet")[offsupply.key("soviet", letter)]["loc"] == "4120"
