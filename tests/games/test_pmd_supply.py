"""Proud Monster Deluxe supply (8.1-8.5): sources, the push to urban hexes, the 14 Mech MP
trace, out of supply and isolated, supply attrition in the Cleanup Phase."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import supply
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.plugins import discover
from wargame.testing import clear, put

AXIS_UNIT, SOVIET_UNIT = "ger-id-239", "sov-rd-kovo-29"
RING = ("3019", "3120", "3121", "3021", "2921", "2920")
"""The hexes around 3020 (a clear hex in the USSR)."""


def _match() -> Match:
    return Match(discover().get("pmd"), "1941-historical", 1)


def _ring(match: Match) -> list[object]:
    """Six Soviet units around 3020."""
    soviets = [u.id for u in match.state.units.values() if u.side == "soviet"][1:7]
    return [put(match, uid, hex_id) for uid, hex_id in zip(soviets, RING, strict=True)]


def _state(match: Match, uid: str) -> str:
    match.touch()
    answer = match.hook.wargame_supply(match=match, unit=match.state.units[uid])
    return str(answer["state"])


def _cleanup(match: Match) -> None:
    assert match.phasing == "axis"
    supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))


def test_units_of_both_sides_start_in_supply_8_1_8_2() -> None:
    match = _match()
    assert _state(match, AXIS_UNIT) == "supplied"
    assert _state(match, SOVIET_UNIT) == "supplied"


def test_the_sources_are_the_okh_and_rvgk_edges_8_1() -> None:
    match = _match()
    on_line, supplied = supply.nets(match, "axis")
    west = match.resolve_locations(["edge:okh-north"])
    assert west and set(west) <= supplied
    east = match.resolve_locations(["edge:rvgk-north"])
    assert east and not set(east) & supplied  # 14 Mech MP do not cross the map


def test_a_unit_beyond_14_mech_mp_of_an_owned_urban_hex_is_out_of_supply_8_2() -> None:
    match = _match()
    clear(match)
    put(match, AXIS_UNIT, "3020")
    assert _state(match, AXIS_UNIT) == "out"
    match.state.control["3021"] = "axis"  # no urban hex: owning the next hex changes nothing
    assert _state(match, AXIS_UNIT) == "out"


def test_an_owned_urban_hex_on_a_line_of_communications_supplies_near_it_8_2() -> None:
    match = _match()
    clear(match)
    urban = max(h for h in supply._urban(match) if match.state.control.get(h) == "soviet")
    put(match, AXIS_UNIT, urban)
    assert _state(match, AXIS_UNIT) == "out"  # far beyond 14 Mech MP of any Axis town
    match.state.control[urban] = "axis"  # now owned and on a line from the OKH edge
    assert _state(match, AXIS_UNIT) == "supplied"


def test_enemy_units_cut_the_line_of_communications_8_2() -> None:
    match = _match()
    clear(match)
    put(match, AXIS_UNIT, "3020")
    _ring(match)
    match.touch()
    on_line, _ = supply.nets(match, "axis")
    assert "3020" not in on_line


def test_isolated_unit_gets_iso_then_loses_a_step_each_cleanup_8_3_8_5() -> None:
    match = _match()
    clear(match)
    unit = put(match, AXIS_UNIT, "3020")
    _ring(match)
    match.touch()
    step = unit.step
    _cleanup(match)
    assert unit.flags["iso"] == 1 and unit.step == step  # the first week: no attrition
    assert _state(match, AXIS_UNIT) == "iso"
    _cleanup(match)
    assert unit.flags["iso"] == 2 and (unit.step > step or unit.loc is None)  # 8.5


def test_iso_goes_when_the_line_is_open_again_8_3() -> None:
    match = _match()
    clear(match)
    unit = put(match, AXIS_UNIT, "3020")
    ring = _ring(match)
    match.touch()
    _cleanup(match)
    assert unit.flags["iso"] == 1
    match.place(ring[0], None)  # type: ignore[arg-type]
    match.touch()
    _cleanup(match)
    assert "iso" not in unit.flags


def test_out_of_supply_halves_the_movement_factor_rounded_up_8_5() -> None:
    match = _match()
    unit = match.state.units[AXIS_UNIT]
    full = movement.allowance_explained(match, unit)[0]
    unit.flags["oos"] = True
    halved = movement.allowance_explained(match, unit)[0]
    assert halved == -(-full // 2)
    unit.flags.pop("oos")
    assert movement.allowance_explained(match, unit)[0] == full  # back in supply: full MF


def test_isolated_units_move_one_hex_8_5() -> None:
    match = _match()
    unit = match.state.units[AXIS_UNIT]
    unit.flags["iso"] = 2
    assert movement.allowance_explained(match, unit)[0] == 1


def test_supply_is_checked_at_the_start_of_each_phase_that_reads_it_8_3() -> None:
    phases = discover().get("pmd").manifest.mechanic_options["supply"]["check"]
    assert "w1-initial-movement" in phases and "w1-combat" in phases and "w2-cleanup" in phases


def _joint_ring(match: Match) -> None:
    """3020 ringed by Soviet units, an Axis unit sharing 3019 with them (the Soviets the hex
    defender): a jointly-occupied hex in the ring."""
    clear(match)
    _ring(match)
    put(match, "ger-id-22", "3019")
    match.touch()


def test_supply_traces_through_a_jointly_occupied_hex_to_a_friendly_occupied_hex_13_15_3() -> None:
    match = _match()
    _joint_ring(match)
    put(match, AXIS_UNIT, "3020")
    match.touch()
    on_line, _ = supply.nets(match, "axis")
    assert "3019" in on_line  # into the jointly-occupied hex
    assert "3020" in on_line  # and through it to a hex the Axis occupies
    match.place(match.state.units["ger-id-22"], None)
    match.touch()
    assert "3020" not in supply.nets(match, "axis")[0]  # 3019 the Soviets' alone: cut (8.2)


def test_supply_never_goes_through_a_jointly_occupied_hex_to_an_empty_hex_13_15_3() -> None:
    match = _match()
    _joint_ring(match)
    on_line, _ = supply.nets(match, "axis")
    assert "3019" in on_line and "3020" not in on_line  # 3020 empty: not through 3019


def test_the_supply_mechanics_obstacles_leave_a_jointly_occupied_hex_open_13_15_3() -> None:
    """8.2, 13.15.3: the enemy-occupied hexes PMD's lines avoid are the supply mechanic's
    obstacles; a hex both sides occupy is closed to neither side, one the Soviets hold alone is
    closed to the Axis."""
    from wargame.mechanics import supply as shared

    match = _match()
    _joint_ring(match)
    node = match.topology.graph().index["3019"]
    assert node not in shared.blocked(match, "axis")
    assert node not in shared.blocked(match, "soviet")
    match.place(match.state.units["ger-id-22"], None)
    match.touch()
    assert node in shared.blocked(match, "axis")
