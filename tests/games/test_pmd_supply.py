"""Proud Monster Deluxe supply (8.1-8.5): sources, the push to urban hexes, the 14 Mech MP
trace, out of supply and isolated, supply attrition in the Cleanup Phase."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import supply
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.plugins import discover
from wargame.testing import clear, put

from .pmd_combat_helpers import title

AXIS_UNIT, SOVIET_UNIT = "ger-id-239", "sov-rd-kovo-29"
RING = ("3019", "3120", "3121", "3021", "2921", "2920")
"""The hexes around 3020 (a clear hex in the USSR)."""


def _match() -> Match:
    return Match(title(), "1941-historical", 1)


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


def _soviet_pocket(fort: str, ring_from: str | None = None) -> tuple[Match, object]:
    """A Soviet RD alone in ``ring_from`` (default ``fort``), six German units around it, in a
    Soviet player week."""
    from tests.games.pmd_steps import to_phase

    match = _match()
    clear(match)
    to_phase(match, "soviet", "movement")
    home = ring_from or fort
    unit = put(match, SOVIET_UNIT, home)
    germans = [u.id for u in match.state.units.values() if u.side == "axis"][:6]
    for uid, h in zip(germans, match.topology.neighbours(home), strict=True):
        put(match, uid, h)
    match.touch()
    return match, unit


def _weeks_to_attrition(match: Match, unit: object) -> int:
    """Soviet Cleanup Phases until the unit first loses a step (8.5)."""
    step = unit.step  # type: ignore[attr-defined]
    for week in range(1, 6):
        supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
        if unit.loc is None or unit.step != step:  # type: ignore[attr-defined]
            return week
    raise AssertionError("no attrition in five weeks")


def test_an_active_heavy_fort_gives_two_weeks_a_fort_one_before_attrition_8_5() -> None:
    match, unit = _soviet_pocket("0922")  # Brest Litovsk: a heavy fort
    assert _weeks_to_attrition(match, unit) == 4  # ISO 1, 2, 3, then a step (8.5)
    match, unit = _soviet_pocket("0327")  # Przemysl: a fort
    assert _weeks_to_attrition(match, unit) == 3  # ISO 1, 2, then a step


def test_a_fort_the_enemy_holds_gives_no_extra_week_8_5() -> None:
    match, unit = _soviet_pocket("0922", "0921")  # next to Brest, the Germans in the fort
    assert match.side_at("0922") == "axis"
    assert _weeks_to_attrition(match, unit) == 2  # ISO 1, then a step: the normal two weeks


def test_the_extra_weeks_reach_a_path_of_three_hexes_not_four_8_5_ruling_s6() -> None:
    match, _unit = _soviet_pocket("0922")
    for h in match.topology.neighbours("0922"):
        match.place(match.units_at(h)[0], None)  # type: ignore[arg-type]
    match.touch()
    near = supply.fort_reach(match)[2]
    topo = match.topology
    assert all(topo.distance("0922", h) <= 3 for h in near)
    assert any(topo.distance("0922", h) == 3 for h in near)
    match.place(match.state.units[SOVIET_UNIT], None)  # type: ignore[arg-type]
    match.touch()
    assert supply.fort_reach(match) == {}  # no Soviet unit in it: inactive (13.4.2)


def test_the_east_edge_supplies_as_the_rvgk_areas_border_8_1() -> None:
    """8.1 with 9.1.3 and 11.3 (errata 21, ruling S7): the RVGK areas are the sources; the
    east edge is their border (the two areas' edges together), so it is a Soviet source as
    theirs, not as a third red border."""
    match = _match()

    def region(name: str) -> set[str]:
        return set(match.resolve_locations([name]))

    east = region("soviet-edge:east")
    assert east == region("edge:rvgk-north") | region("edge:rvgk-south")
    assert set(supply.SOURCES["soviet"]) >= {"edge:rvgk-north", "edge:rvgk-south"}
    assert east <= supply.nets(match, "soviet")[1]


def test_a_closed_mountain_road_closes_the_supply_trace_along_it_in_snow_12_4() -> None:
    """12.4(2): in Snow the roads north from Tuapse and the others do not exist and supply
    tracing is affected: the 14 Mech MP trace (8.2) cannot follow the Tuapse road (3556-3456)
    as a Mech unit cannot; in Freeze it can."""
    from wargame.calendar import set_weather

    match = _match()
    graph = match.topology.graph()
    a, b = graph.node("3556"), graph.node("3456")
    edge = graph.adj[a].index(b)
    for column, closed in (("S", True), ("F", False)):
        for zone in ("nz", "sz"):
            set_weather(match, column, zone)
        match.touch()
        cost = supply._trace_costs(match, "soviet")[a][edge]
        assert (cost is None) is closed
