"""Proud Monster Deluxe's mobile assault: an overrun inside movement (14.1-14.7, 12.4)."""

from __future__ import annotations

from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import mobileassault, reserves
from wargame.match import Match
from wargame.mechanics import movement
from wargame.testing import clear, force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair, plain

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]


def _movement(side: str = "axis") -> tuple[Match, str, str]:
    """Turn 113's first Movement Phase of ``side``, the map empty, and two clear hexes
    (launch, target) with no hexside feature between them."""
    match = at_phase(side, "movement")
    return (match, *clear_pair(match))


def _supplied_pair(match: Match, side: str) -> tuple[str, str]:
    """Two plain neighbours with nothing between them, in ``side``'s supply (PMD 8.2)."""
    from wargame.games.proud_monster_deluxe import supply

    topo = match.topology
    _line, supplied = supply.nets(match, side)
    for a in sorted(supplied):
        for b in topo.neighbours(a) if plain(match, a) else ():
            edge = topo.edge(a, b)
            if plain(match, b) and edge is not None and not edge.features:
                return a, b
    raise AssertionError("no supplied clear pair")


def _soviets(match: Match, loc: str, n: int) -> None:
    for uid in RDS[:n]:
        match.reveal(put(match, uid, loc))


def test_a_panzer_division_mobile_assaults_for_7_mp_and_goes_on_14_3_14_7() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    pd = put(match, "ger-pd-3", launch)
    action = f"overrun {target} with ger-pd-3 via {launch}"
    assert action in {str(a) for a in match.legal_actions()}
    force_rolls(match, then=6)
    match.apply(action)
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))  # the Soviet construction/loss choices
    assert match.state.units[RDS[0]].loc is None
    assert pd.loc == target  # 14.7: success, the stack moves in and may go on
    assert movement.spent(match, pd) == 7


def test_a_failed_mobile_assault_goes_back_to_its_launch_hex_14_7() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 3)
    pd = put(match, "ger-pd-3", launch)
    force_rolls(match, 1)
    match.apply(f"overrun {target} with ger-pd-3 via {launch}")
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))
    assert any(match.state.units[u].loc == target for u in RDS[:3])
    assert pd.loc in (launch, None)


def test_motorized_infantry_needs_a_tank_in_the_assault_14_1() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    put(match, "ger-mid-10", launch)
    put(match, "ger-pd-3", launch)
    refused(match, f"overrun {target} with ger-mid-10 via {launch}", "with a tank", rule="PMD 14.1")
    legal = {str(a) for a in match.legal_actions()}
    assert f"overrun {target} with ger-pd-3,ger-mid-10 via {launch}" in legal
    assert not any(a.startswith("overrun") and " with ger-mid-10 " in a for a in legal)


def test_infantry_and_minor_allies_never_mobile_assault_14_1() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    put(match, "ger-id-7", launch)
    put(match, "rom-id-1", launch)
    for uid in ("ger-id-7", "rom-id-1"):
        refused(match, f"overrun {target} with {uid} via {launch}", "may not overrun")


def test_no_mobile_assault_in_mud_14_4() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    put(match, "ger-pd-3", launch)
    for zone in ("nz", "sz"):
        set_weather(match, "M", zone)
    match.touch()
    refused(match, f"overrun {target} with ger-pd-3 via {launch}", "Mud", rule="PMD 14.4")


def test_no_axis_mobile_assault_into_snow_in_the_first_winter_14_4() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    put(match, "ger-pd-3", launch)
    turns = match.title.doc("calendar")["turns"]
    match.state.cursor.turn = next(int(k) for k, t in turns.items() if t["label"] == "201")
    for zone in ("nz", "sz"):
        set_weather(match, "S", zone)
    match.touch()
    refused(match, f"overrun {target} with ger-pd-3 via {launch}", "first winter", rule="PMD 14.4")


def test_no_mobile_assault_into_rough_or_a_soviet_fort_14_4() -> None:
    match, _, _ = _movement()
    topo = match.topology
    rough = next(h for h in topo.locations() if topo.terrain(h) == "rough")
    launch = next(n for n in topo.neighbours(rough) if topo.terrain(n) == "clear")
    _soviets(match, rough, 1)
    put(match, "ger-pd-3", launch)
    refused(match, f"overrun {rough} with ger-pd-3 via {launch}", "only clear, forest")
    clear(match)
    line = next(
        h for h in topo.locations() if topo.features(h) == {"stalin-line"} and _plain_ish(match, h)
    )
    launch = next(n for n in topo.neighbours(line) if plain(match, n))
    _soviets(match, line, 1)
    put(match, "ger-pd-3", launch)
    refused(match, f"overrun {line} with ger-pd-3 via {launch}", "stalin line", rule="PMD 14.4")


def _plain_ish(match: Match, h: str) -> bool:
    topo = match.topology
    return topo.terrain(h) == "clear" and any(plain(match, n) for n in topo.neighbours(h))


def test_soviet_cavalry_in_a_mobile_assault_cost_a_cavalry_step_14_1() -> None:
    """14.1: after the AF is counted the Soviets lose a cavalry step (a lone CD), outside the
    result: here the 13.10 reduction leaves the attacker's own result at 0."""
    from wargame.mechanics import combat

    match = at_phase("soviet", "movement")
    launch, target = _supplied_pair(match, "soviet")  # 13.10(1) needs the attacker in supply
    units = match.state.units
    td, cd = put(match, "sov-td-interior-01", launch), put(match, "sov-cd-interior-01", launch)
    for unit in (td, cd):
        match.reveal(unit)
    put(match, "ger-mid-10", target)  # 2 steps: too few for 2.5, so the attacker's 1 becomes 0
    battle = combat.new_battle(match, [td, cd], [units["ger-mid-10"]], target, "overrun")
    battle.extra["overrun"] = {"launch": launch, "steps": {"ger-mid-10": 0}}
    battle.roll = 3
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/3")
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))
    assert units["ger-mid-10"].loc is None
    assert td.loc is not None and cd.loc is None


def _successful_ma() -> tuple[Match, str, str]:
    """A panzer division's MA that clears its target (14.7)."""
    match, launch, target = _movement()
    _soviets(match, target, 1)
    put(match, "ger-pd-3", launch)
    force_rolls(match, then=6)
    match.apply(f"overrun {target} with ger-pd-3 via {launch}")
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))
    return match, launch, target


def test_a_successful_mobile_assault_marks_its_hex_until_the_phase_ends_14_7() -> None:
    match, _launch, target = _successful_ma()
    assert mobileassault.ma_hexes(match, "axis") == [target]
    match.apply("end")
    assert mobileassault.ma_hexes(match, "axis") == []
    assert not any(m.get("type") == "ma" for m in match.state.markers.values())


def test_a_failed_mobile_assault_places_no_marker_14_7() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 3)
    put(match, "ger-pd-3", launch)
    force_rolls(match, 1)
    match.apply(f"overrun {target} with ger-pd-3 via {launch}")
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))
    assert mobileassault.ma_hexes(match, "axis") == []


def test_other_units_pay_6_mp_mech_and_4_leg_into_the_ma_hex_14_11() -> None:
    match, launch, target = _successful_ma()
    pd = put(match, "ger-pd-11", launch)
    infantry = put(match, "ger-id-22", launch)
    assert movement.path_cost(match, pd, [launch, target]) == (6, None)
    assert movement.path_cost(match, infantry, [launch, target]) == (4, None)
    match2, launch2, target2 = _movement()  # no marker: a clear hex costs its terrain
    pd2 = put(match2, "ger-pd-11", launch2)
    assert movement.path_cost(match2, pd2, [launch2, target2]) == (1, None)


def test_mech_out_of_reserve_pays_only_the_terrain_in_the_initial_movement_phase_14_11() -> None:
    match, launch, target = _successful_ma()
    pd = put(match, "ger-pd-11", launch)
    infantry = put(match, "ger-id-22", launch)
    reserves.place(match, "axis", launch)
    match.touch()
    assert movement.path_cost(match, pd, [launch, target]) == (1, None)  # 6.4, 14.11(1)(A)
    assert movement.path_cost(match, infantry, [launch, target]) == (4, None)  # Leg: no


def test_no_mobile_assault_by_a_unit_out_of_supply_at_the_phase_start_14_2_14_5() -> None:
    match, launch, target = _movement()
    _soviets(match, target, 1)
    pd = put(match, "ger-pd-3", launch)
    pd.flags["oos"] = True  # as the phase's supply check leaves it (8.3)
    match.touch()
    why = mobileassault.problem(match, "axis", ["ger-pd-3"], launch, target)
    assert why is not None and "offensive supply" in why and "PMD 14.2" in why
    assert f"overrun {target} with ger-pd-3 via {launch}" not in {
        str(a) for a in match.legal_actions()
    }
    pd.flags.pop("oos")
    match.touch()
    assert f"overrun {target} with ger-pd-3 via {launch}" in {str(a) for a in match.legal_actions()}
