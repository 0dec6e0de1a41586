"""Proud Monster Deluxe part 2: Axis air supply (8.7): the markers before turn 211 with their
stacks, and the one marker from turn 211 supplying its hex and the six around for defence."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import to_phase
from wargame.games.proud_monster_deluxe import airsupply, eliminated, ports, supply
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics.losses import steps_left
from wargame.models import PhaseSpec
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused

LEG, MECH, OTHER = "ger-id-239", "ger-pd-1", "ger-id-1"
T211 = 211 - 200 + 13  # game turn of YNN 211 (112 is 1, 201 is 14)


@cache
def _title() -> Title:
    return discover().get("pmd")


def _movement(ynn_turn: int = 116) -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = ynn_turn - 111 if ynn_turn < 200 else ynn_turn - 200 + 13
    match.touch()
    clear(match)
    to_phase(match, "axis", "movement")
    assert match.phase is not None and match.phase.spec.id.endswith("initial-movement")
    return match


def _answer(match: Match, uid: str) -> dict[str, object]:
    match.touch()
    found = match.hook.wargame_supply(match=match, unit=match.state.units[uid])
    assert found is not None
    return dict(found)


def _cut_off(match: Match, near: bool) -> str:
    """A clear hex out of Axis overland and sea supply, within 15 hexes of an Axis town in
    supply (``near``) or beyond them."""
    topo = match.topology
    bases = airsupply._bases(match)
    good = supply.nets(match, "axis")[1] | ports.axis_sea(match)
    for h in sorted(topo.locations()):
        if h.startswith("box:") or h in good or topo.terrain(h) != "clear":
            continue
        if (min(topo.distance(h, b) for b in bases) <= airsupply.RANGE) == near:
            return h
    raise AssertionError("no such hex")


def test_a_marker_goes_to_an_unmoved_stack_within_15_hexes_of_a_supplied_town_8_7() -> None:
    match = _movement()
    far, near = _cut_off(match, False), _cut_off(match, True)
    put(match, OTHER, far)
    refused(match, f"airsupply {far}", "15 hexes", rule="PMD 8.7")
    refused(match, f"airsupply {supply._urban(match)[0]}", "Axis units", rule="PMD 8.7")
    put(match, LEG, near)
    put(match, MECH, near)
    assert _answer(match, LEG)["state"] == "out"
    match.apply(f"airsupply {near}")
    for uid in (LEG, MECH):
        found = _answer(match, uid)
        assert found["state"] == "supplied" and found["kind"] == "air"
    match.touch()
    assert movement.allowance(match, match.state.units[MECH]) == 6 * movement.scale(match)
    full = match.unit_values(match.state.units[LEG])["movement"]
    assert movement.allowance(match, match.state.units[LEG]) == full * movement.scale(match)


def test_two_markers_a_week_one_a_hex_none_in_a_supply_concentration_8_7_8_9() -> None:
    match = _movement()
    near = _cut_off(match, True)
    put(match, LEG, near)
    match.apply(f"airsupply {near}")
    refused(match, f"airsupply {near}", "one air supply marker a hex", rule="PMD 8.7")
    others = [h for h in match.topology.neighbours(near) if match.topology.terrain(h) == "clear"]
    put(match, MECH, others[0])
    put(match, OTHER, others[1])
    match.apply(f"airsupply {others[0]} ger-air-i")  # the VIII is out: he names one (8.7)
    refused(match, f"airsupply {others[1]} ger-air-iv", "both air supply markers", rule="PMD 8.7")
    match = _movement()
    put(match, LEG, near)
    match.state.ns("supply-concentration")["status"] = "active"
    refused(match, f"airsupply {near}", "Supply Concentration", rule="PMD 8.9")


def test_the_marker_moves_with_its_stack_and_a_unit_leaving_loses_it_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    for uid in (LEG, OTHER, MECH):
        put(match, uid, near)
    match.apply(f"airsupply {near}")
    units = [match.state.units[u] for u in (LEG, OTHER)]
    step = next(h for h in match.topology.neighbours(near) if match.topology.terrain(h) == "clear")
    for u in units:
        u.loc = step
    match.hook.wargame_moved(match=match, units=units, path=[near, step])
    assert airsupply.covering(match, match.state.units[MECH]) is not None  # left behind...
    assert airsupply.covering(match, units[0]) is None  # ...the movers left the marker
    match.state.units[MECH].loc = step
    mech = match.state.units[MECH]
    match.hook.wargame_moved(match=match, units=[mech], path=[near, step])
    assert airsupply.markers(match)[0]["loc"] == step  # the whole stack moved with it


def test_the_markers_come_off_at_the_next_axis_initial_movement_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    put(match, LEG, near)
    match.apply(f"airsupply {near}")
    airsupply.wargame_phase_start(match, PhaseSpec(id="w1-combat", kind="combat"))
    assert airsupply.markers(match)
    airsupply.airsupply_lapses(match, PhaseSpec(id="w2-initial-movement", kind="movement"))
    assert airsupply.markers(match) == []


def test_an_isolated_air_supplied_stack_loses_steps_two_weeks_later_8_5() -> None:
    match = _movement()
    near = _cut_off(match, True)
    unit = put(match, LEG, near)
    soviets = sorted(u.id for u in match.state.units.values() if u.side == "soviet")
    for uid, h in zip(soviets, match.topology.neighbours(near), strict=False):
        put(match, uid, h)  # a pocket: no line of communications (8.3)
    match.apply(f"airsupply {near}")
    assert _answer(match, LEG)["kind"] == "air"
    before = steps_left(match, unit)
    for level in (1, 2, 3):  # ISO 1, 2, 3 with no step lost: two weeks more than 8.5's one
        supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
        assert unit.flags["iso"] == level and steps_left(match, unit) == before
    supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
    assert unit.loc is None or steps_left(match, unit) < before  # supply attrition


def test_a_division_eliminated_on_air_supply_only_goes_to_the_dead_pile_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    unit = put(match, LEG, near)
    match.apply(f"airsupply {near}")
    assert not eliminated.in_defensive_supply(match, unit)
    assert eliminated.destination(match, unit) == eliminated.DEAD_PILE


def test_from_turn_211_one_marker_supplies_its_hex_and_around_for_defence_only_8_7() -> None:
    match = _movement(211)
    near = _cut_off(match, True)
    topo = match.topology
    city = next(h for h in sorted(topo.locations()) if "city" in topo.features(h))
    refused(match, f"airsupply {city}", "no city", rule="PMD 8.7")
    soviet = next(h for h, s in sorted(match.state.control.items()) if s == "soviet")
    refused(match, f"airsupply {soviet}", "not Soviet-controlled", rule="PMD 8.7")
    match.state.control[near] = "axis"
    beside = next(h for h in topo.neighbours(near) if topo.terrain(h) == "clear")
    unit = put(match, LEG, beside)
    match.apply(f"airsupply {near}")
    found = _answer(match, LEG)
    assert found["kind"] == "air-defence" and found["state"] == "out"  # no attack, MF, MA
    assert airsupply.defends_in_supply(match, unit)
    refused(match, f"airsupply {near}", "once a 2-week turn", rule="PMD 8.7")
    match.state.control[near] = "soviet"
    airsupply.wargame_phase_start(match, PhaseSpec(id="w1-combat", kind="combat"))
    assert airsupply.markers(match) == [] and not airsupply.defends_in_supply(match, unit)


def test_from_turn_211_a_unit_in_an_okh_box_is_outside_every_marker_8_7() -> None:
    """8.7 from turn 211: the marker covers hexes; a unit in an off-map box (11.2) is in none
    of them (1942-free's first Axis reserve movement asked, and the box has no distance)."""
    match = _movement(211)
    near = _cut_off(match, True)
    match.state.control[near] = "axis"
    match.apply(f"airsupply {near}")
    boxed = put(match, LEG, "box:okh-north")
    assert airsupply.covering(match, boxed) is None
    assert airsupply.covering(match, put(match, MECH, near)) is not None


def test_air_supply_ignores_a_move_of_an_earlier_week_8_7() -> None:
    """8.7: the marker goes to units that have not moved yet in this phase; a ``moved`` record
    of an earlier week is no bar, a move this phase is."""
    match = _movement()
    near = _cut_off(match, True)
    key = movement.phase_key(match)
    earlier = f"{match.turn - 1}/axis/w2-initial-movement"
    put(match, LEG, near, moved=earlier, mp=[earlier, 3])
    match.apply(f"airsupply {near}")
    assert airsupply.covering(match, match.state.units[LEG]) is not None
    other = next(h for h in match.topology.neighbours(near) if match.topology.terrain(h) == "clear")
    put(match, MECH, other, moved=key)
    refused(match, f"airsupply {other}", "not moved yet", rule="PMD 8.7")
    put(match, MECH, other, moved=earlier, mp=[key, 2])  # part-way through a move this phase
    refused(match, f"airsupply {other}", "not moved yet", rule="PMD 8.7")
