"""Proud Monster Deluxe offensive supply (8.4, 8.6): defensive supply before the side's marker
turns, from them a turned-up active Offensive Supply marker's radius at the start of the phase;
the one answer (``offsupply.lacks``) every rule that asks reads; the Gambit's marker (5.7(7))."""

from __future__ import annotations

from wargame import pricing
from wargame.games.proud_monster_deluxe import losses, mobileassault, offsupply
from wargame.match import Match
from wargame.mechanics import combat
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, clear_pair, revealed
from .pmd_steps import end

T116, T117, T202, T203 = 5, 6, 15, 16  # game turns
RD = "sov-rd-interior-01"


def _at(side: str, kind: str, turn: int) -> tuple[Match, str, str]:
    """``side``'s first phase of ``kind`` of turn 113 moved to game turn ``turn``, the map
    empty, its markers dealt and none placed; a plain (target, origin) pair."""
    match = at_phase(side, kind)
    match.state.cursor.turn = turn
    offsupply.deal(match, side)
    match.touch()
    return (match, *clear_pair(match))


def _marker(match: Match, side: str, value: int, loc: str) -> str:
    """Place ``side``'s marker of ``value`` face down on ``loc`` (as ``ossupply`` does in the
    week-1 Refit Phase); its letter."""
    letter = next(
        x for x, v in sorted(offsupply._secret(match, side)["values"].items()) if v == value
    )
    match.state.markers[offsupply.key(side, letter)] = {
        "type": offsupply.KIND,
        "loc": loc,
        "side": side,
    }
    match.touch()
    return letter


def _attack(match: Match, attackers: list[str], defender: str) -> int:
    units = match.state.units
    target = str(units[defender].loc)
    battle = combat.new_battle(
        match, [units[i] for i in attackers], [units[defender]], target, "attack"
    )
    return int(pricing.price(match, battle).attack)


def _far(match: Match, loc: str, n: int) -> str:
    return next(
        h for h in sorted(match.topology.locations()) if match.topology.distance(loc, h) == n
    )


def test_before_turn_117_defensive_supply_is_offensive_supply_8_4() -> None:
    match, target, origin = _at("axis", "combat", T116)
    pd = put(match, "ger-id-239", origin)  # 5-7-6
    revealed(match, RD, target)
    assert offsupply.lacks(match, pd) is None
    assert _attack(match, ["ger-id-239"], RD) == 5
    pd.flags["oos"] = True  # 8.4: an OOS unit never has offensive supply
    match.touch()
    assert "out of supply" in str(offsupply.lacks(match, pd))
    assert _attack(match, ["ger-id-239"], RD) == 3


def test_from_turn_117_a_pa_is_at_full_strength_only_in_a_turned_up_markers_radius_8_4_8_6() -> (
    None
):
    match, target, origin = _at("axis", "combat", T117)
    unit = put(match, "ger-id-239", origin)
    revealed(match, RD, target)
    assert "Offensive Supply marker" in str(offsupply.lacks(match, unit))
    assert _attack(match, ["ger-id-239"], RD) == 3  # 8.6: half, rounded up
    five = _marker(match, "axis", 5, _far(match, origin, 5))
    assert _attack(match, ["ger-id-239"], RD) == 3  # face down: not in use
    match.apply(f"ossupply reveal {five}")
    assert offsupply.lacks(match, unit) is None and losses.offensive_supply(match, unit)
    assert _attack(match, ["ger-id-239"], RD) == 5
    unit.flags["iso"] = 1  # within the radius, but isolated: no offensive supply (8.4)
    match.touch()
    assert _attack(match, ["ger-id-239"], RD) == 3


def test_a_marker_covers_its_value_in_hexes_and_no_further_8_6_ruling_os3() -> None:
    match, target, origin = _at("axis", "combat", T117)
    unit = put(match, "ger-id-239", origin)
    three = _marker(match, "axis", 3, _far(match, origin, 4))
    match.apply(f"ossupply reveal {three}")
    assert offsupply.lacks(match, unit) is not None
    match.state.markers[offsupply.key("axis", three)]["loc"] = _far(match, origin, 3)
    match.touch()
    assert offsupply.lacks(match, unit) is None


def test_the_soviet_needs_the_markers_from_turn_203_8_4() -> None:
    for turn, full in ((T202, True), (T203, False)):
        match, target, origin = _at("soviet", "combat", turn)
        rd = revealed(match, RD, origin)
        put(match, "ger-id-239", target)
        assert (offsupply.lacks(match, match.state.units[rd]) is None) is full
    letter = _marker(match, "soviet", 4, origin)
    match.apply(f"ossupply reveal {letter}")
    assert offsupply.lacks(match, match.state.units[rd]) is None


def _spot(match: Match, near: str, far: str, value: int) -> str:
    """A hex within ``value`` hexes of ``near`` and beyond them from ``far``."""
    topo = match.topology
    return next(
        h
        for h in sorted(topo.locations())
        if topo.distance(h, near) <= value and topo.distance(h, far) > value
    )


def test_a_mobile_assault_needs_the_radius_where_the_stack_started_the_phase_8_6_14_5() -> None:
    match, target, launch = _at("axis", "movement", T117)
    revealed(match, RD, target)
    topo = match.topology
    back = next(
        h
        for h in topo.neighbours(launch)
        if topo.distance(h, target) == 2 and topo.terrain(h) == "clear" and not topo.features(h)
    )
    put(match, "ger-pd-3", back)
    action = f"overrun {target} with ger-pd-3 via {back} {launch}"
    # a turned-up 3 reaching the launch hex, not the hex the panzers start the phase in
    letter = _marker(match, "axis", 3, _spot(match, launch, back, 3))
    match.apply(f"ossupply reveal {letter}")
    why = refused(match, action, "offensive supply", "start of the phase", rule="PMD 14.2")
    assert "Offensive Supply marker" in why
    # one reaching where they start, not the launch hex: they may
    match.state.markers[offsupply.key("axis", letter)]["loc"] = _spot(match, back, launch, 3)
    match.touch()
    assert mobileassault.problem(match, "axis", ["ger-pd-3"], launch, target) is None
    assert action in {str(a) for a in match.legal_actions()}


def test_the_start_of_the_phase_is_kept_through_the_phase_and_goes_with_it_8_6() -> None:
    match, target, origin = _at("axis", "movement", T117)
    unit = put(match, "ger-id-239", origin)
    letter = _marker(match, "axis", 3, _spot(match, origin, target, 3))
    match.apply(f"ossupply reveal {letter}")
    match.apply(f"move ger-id-239 {origin} {target}")
    assert offsupply.start_of(match, unit) == origin and offsupply.lacks(match, unit) is None
    end(match)  # to the Combat Phase: judged where the unit starts it
    assert offsupply.STARTS not in match.state.plugins
    assert offsupply.start_of(match, unit) == target and offsupply.lacks(match, unit) is not None


def test_the_gambit_gives_the_axis_an_offensive_supply_5_marker_5_7() -> None:
    match, _target, _origin = _at("axis", "combat", T117)
    assert sorted(offsupply.pool(match, "axis")) == sorted(offsupply.POOL)
    match.state.ns("pmd-gambit")["manstein_gambit"] = 313
    offsupply.deal(match, "axis")
    values = offsupply._secret(match, "axis")["values"]
    assert sorted(values.values()) == sorted((*offsupply.POOL, 5)) and len(values) == 7
    assert offsupply.pool(match, "soviet") == offsupply.POOL


def test_the_gambit_marker_is_deployed_in_the_refit_phase_that_declares_it_5_7() -> None:
    """5.7(7): the Gambit's Offensive Supply-5 is "deployed during the Refit Phase" of the
    declaration (ruling MG2), alone: this turn's others were placed in the Reinforcement Phase
    (8.6, ruling OS5); left off, it stays off this turn."""
    match = at_phase("axis", "refit")
    match.state.cursor.turn = T117
    offsupply.deal(match, "axis")
    match.touch()
    assert len(offsupply.unplaced(match, "axis")) == 6
    assert offsupply.placeable(match, "axis") == []  # not in the Refit Phase (8.6)
    match.state.ns("pmd-gambit")["manstein_gambit"] = 313
    offsupply.gambit_marker(match)
    assert offsupply.unplaced(match, "axis") == list("ABCDEFG")
    assert offsupply.value(match, "axis", "G") == 5
    assert offsupply.placeable(match, "axis") == ["G"]
    refused(match, "ossupply A 1920", "no unplaced marker A", rule="PMD 8.6")
    match.apply("ossupply G 1920")
    assert offsupply.on_map(match, "axis")[offsupply.key("axis", "G")]["loc"] == "1920"
    assert offsupply.placeable(match, "axis") == []


def test_a_unit_off_the_map_has_no_offensive_supply_from_the_markers_8_4_ruling_os7() -> None:
    match, _target, origin = _at("axis", "combat", T117)
    unit = put(match, "ger-id-239", "box:okh-north")
    letter = _marker(match, "axis", 5, origin)
    match.apply(f"ossupply reveal {letter}")
    assert "off the map" in str(offsupply.lacks(match, unit))
    assert offsupply.covering(match, "axis", "box:okh-north") == []
