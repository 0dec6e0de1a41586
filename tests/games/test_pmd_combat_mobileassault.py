"""Proud Monster Deluxe's mobile assault: an overrun inside movement (14.1-14.7, 14.9, 12.4), its
Close Combat marker (13.1) and jointly-occupied hexes (13.15.3)."""

from __future__ import annotations

from tests.games.pmd_steps import answer
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import closecombat, mobileassault, reserves
from wargame.games.proud_monster_deluxe import combat as pmd_combat
from wargame.match import Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import movement
from wargame.mechanics.movement import phase_key
from wargame.testing import clear, force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair, offensive_supply, plain

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
        answer(match)  # the Soviet construction/loss choices
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
        answer(match)
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
    offensive_supply(match, "axis", launch)  # 8.6: from turn 117 the markers
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
        answer(match)
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
        answer(match)
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
        answer(match)
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


# ------------------------------------------------------------------ Close Combat markers (14.3)

PANZERS = ("ger-pd-9", "ger-pd-11")


def _ma(roll: int) -> tuple[Match, str, str, str]:
    """Two panzer divisions declare an MA on three revealed RDs; the Axis is asked first."""
    match, launch, target = _movement()
    _soviets(match, target, 3)
    for uid in PANZERS:
        put(match, uid, launch)
    force_rolls(match, roll)
    action = f"overrun {target} with {','.join(PANZERS)} via {launch}"
    match.apply(action)
    return match, launch, target, action


def _answer(match: Match, **picks: str) -> list[str]:
    """Answer each decision up to the movement phase: ``picks`` by kind, else the first listed
    (no extra step, 13.7)."""
    kinds = []
    while match.decision is not None and match.decision.kind != "movement":
        kinds.append(f"{match.decision.side}:{match.decision.kind}")
        pick = picks.get(match.decision.kind.replace("-", "_"))
        answer(match, pick)
    return kinds


def test_the_mobile_assault_attacker_may_place_a_close_combat_marker_before_the_reveal_14_3_13_1() -> (
    None
):
    """13.1, 14.3: the MA's attacker is asked when it designates the hex, before the defending
    stack is examined; his committed marker makes the battle a close combat."""
    match, launch, target = _movement()
    _soviets(match, target, 2)
    put(match, RDS[2], target)  # untried: its strength is drawn when it is revealed (2.4.9)
    for uid in PANZERS:
        put(match, uid, launch)
    force_rolls(match, 4)
    match.apply(f"overrun {target} with {','.join(PANZERS)} via {launch}")
    assert match.decision is not None and match.decision.side == "axis"
    assert match.decision.kind == "close-combat"
    assert match.is_untried(match.state.units[RDS[2]])  # the stack not yet examined
    match.apply("close-combat commit")
    assert closecombat.used(match, "axis") == 1
    kinds = _answer(match)
    assert "soviet:close-combat" not in kinds  # the defender is not asked once he committed


def test_declining_the_ma_marker_leaves_the_defender_his_choice_and_none_when_none_left_13_1() -> (
    None
):
    match, _launch, _target, _ = _ma(4)
    match.apply("close-combat decline")
    kinds = _answer(match)
    assert closecombat.used(match, "axis") == 0 and "axis:close-combat" not in kinds
    # with no Axis marker left the attacker is not asked at all
    match2, launch, target = _movement()
    _soviets(match2, target, 1)
    put(match2, PANZERS[0], launch)
    closecombat._ns(match2)["used"] = {"axis": [match2.turn, 6]}
    force_rolls(match2, 6)
    match2.apply(f"overrun {target} with {PANZERS[0]} via {launch}")
    assert "axis:close-combat" not in _answer(match2)


def test_a_failed_ma_with_the_attacker_s_marker_may_advance_into_the_held_hex_14_7_13_15_2() -> (
    None
):
    """14.7: a failed MA goes back to its launch hex, except with a friendly Close Combat marker
    in the MA hex: then the Close Combat advance applies (13.15.2: here 1 division after a
    defender loss of 1); the units not advancing go back and stop."""
    match, launch, target, _ = _ma(1)
    match.apply("close-combat commit")
    _answer(match, cc_advance=f"cc-advance {PANZERS[0]}")
    pd9, pd11 = (match.state.units[u] for u in PANZERS)
    assert pd9.loc == target and pd11.loc == launch
    assert any(match.state.units[u].loc == target for u in RDS[:3])  # jointly occupied
    assert "axis" in closecombat.on_map(match)[target]  # the marker stays (13.1)
    assert not mobileassault.ma_hexes(match, "axis")  # no MA marker: not a success
    assert movement.spent(match, pd11) == 7 and pd11.flags.get("moved")


def test_a_failed_ma_without_a_marker_goes_back_whole_to_its_launch_hex_14_7() -> None:
    match, launch, target, _ = _ma(1)
    _answer(match, close_combat="close-combat decline")
    assert all(match.state.units[u].loc in (launch, None) for u in PANZERS)
    assert target not in closecombat.on_map(match)


# ------------------------------------------------------------------ jointly-occupied hexes


def _joint_ma() -> tuple[Match, str]:
    """Turn 113's Axis movement: two revealed RDs hold a clear hex (the hex defender), a panzer
    division shares it behind an Axis Close Combat marker (13.15.3)."""
    match, _launch, target = _movement()
    _soviets(match, target, 2)
    put(match, PANZERS[0], target)
    closecombat.keep(match, target, "axis")
    match.touch()
    return match, target


def test_an_ma_within_a_jointly_occupied_hex_by_units_that_have_not_moved_14_9() -> None:
    match, target = _joint_ma()
    action = f"overrun {target} with {PANZERS[0]} via {target}"
    assert action in {str(a) for a in match.legal_actions()}
    force_rolls(match, 1)
    match.apply(action)
    _answer(match)
    pd = match.state.units[PANZERS[0]]
    assert any(match.state.units[u].loc == target for u in RDS[:2])  # not a success
    assert pd.loc == target  # 14.9: it stays in the hex after its losses
    assert movement.spent(match, pd) == 7 and pd.flags.get("moved")


def test_a_successful_ma_within_a_jointly_occupied_hex_clears_and_marks_it_14_9_14_7() -> None:
    match, target = _joint_ma()
    force_rolls(match, then=6)
    match.apply(f"overrun {target} with {PANZERS[0]} via {target}")
    _answer(match)
    assert all(match.state.units[u].loc is None for u in RDS[:2])
    assert match.state.units[PANZERS[0]].loc == target
    assert mobileassault.ma_hexes(match, "axis") == [target]


def test_no_ma_within_a_jointly_occupied_hex_after_moving_nor_within_one_s_own_hex_14_9() -> None:
    match, target = _joint_ma()
    pd = match.state.units[PANZERS[0]]
    pd.flags["mp"] = [phase_key(match), movement.scale(match)]  # it has moved this phase
    match.touch()
    refused(
        match, f"overrun {target} with {PANZERS[0]} via {target}", "not yet moved", rule="PMD 14.9"
    )
    match2, launch, _target = _movement()
    put(match2, PANZERS[0], launch)
    refused(match2, f"overrun {launch} with {PANZERS[0]} via {launch}", "no enemy")


def test_the_bridgehead_negates_the_river_for_an_ma_into_a_jointly_occupied_hex_14_6() -> None:
    """14.6: crossing a river into a defender's hex, the attacker suffers the river effect,
    unless the hex is jointly occupied with a Close Combat marker and his units already in it
    form a bridgehead."""
    match = at_phase("axis", "movement")
    topo = match.topology
    launch, target = next(
        (a, b)
        for a in sorted(topo.locations())
        if plain(match, a)
        for b in topo.neighbours(a)
        if plain(match, b) and set(topo.edge(a, b).features) == {"minor-river"}
    )
    _soviets(match, target, 1)
    attacker = put(match, PANZERS[1], launch)
    defenders = [match.state.units[RDS[0]]]

    def factor() -> object:
        battle = combat_mechanic.new_battle(match, [attacker], defenders, target, "overrun")
        return pmd_combat._river_factor(match, battle, attacker)

    assert factor() is not None  # 14.6: the river effect on an MA
    put(match, PANZERS[0], target)
    closecombat.keep(match, target, "axis")
    assert factor() is None  # the bridgehead
    match.state.ns("close-combat").pop("on_map")
    assert factor() is not None  # no Close Combat marker on the hex: no bridgehead


def _zomo_target(match: Match, terrain: str = "clear") -> str:
    """A Germany ZOMO hex of ``terrain`` with no feature."""
    return next(
        h
        for h in sorted(match.topology.region("country:greater-germany"))
        if match.topology.terrain(h) == terrain and not match.topology.features(h)
    )


def test_an_ma_from_the_north_okh_area_into_a_zomo_hex_moves_in_and_goes_on_14_10() -> None:
    """14.10: from the North OKH area into a northern ZOMO hex, paying the MA's 7 MP only; the
    stack stays in the hex and may move on."""
    match, _launch, _target = _movement()
    target = _zomo_target(match)
    _soviets(match, target, 1)
    pd = put(match, "ger-pd-3", "box:okh-north")
    action = f"overrun {target} with ger-pd-3 via box:okh-north"
    assert action in {str(a) for a in match.legal_actions()}
    force_rolls(match, then=6)
    match.apply(action)
    while match.decision is not None and match.decision.kind != "movement":
        answer(match)
    assert match.state.units[RDS[0]].loc is None
    assert pd.loc == target and movement.spent(match, pd) == 7
    assert any(str(a).startswith("move ger-pd-3 ") for a in match.legal_actions())


def test_a_failed_off_map_ma_stays_in_the_area_and_only_zomo_clear_or_forest_14_10() -> None:
    """14.10: a failure leaves the stack in the OKH area; no MA from it into a map hex that is
    not its ZOMO (the South OKH area's are Romania's and Hungary's), nor into rough (14.4)."""
    match, launch, target = _movement()
    zomo = _zomo_target(match)
    faces = match.counters_doc["pools"]["rd"]["faces"]
    match.state.pools["rd"] = [100 if f["label"] == "6-7-5" else 0 for f in faces]
    _soviets(match, zomo, 3)  # DF 21: the MA cannot clear the hex
    pd = put(match, "ger-pd-3", "box:okh-north")
    match.reveal(put(match, RDS[3], target))
    refused(match, f"overrun {target} with ger-pd-3 via box:okh-north", "not adjacent")
    put(match, "ger-pd-4", "box:okh-south")
    refused(match, f"overrun {zomo} with ger-pd-4 via box:okh-south", "not adjacent")
    force_rolls(match, then=1)
    match.apply(f"overrun {zomo} with ger-pd-3 via box:okh-north")
    while match.decision is not None and match.decision.kind != "movement":
        answer(match)
    assert [match.state.units[u].loc for u in RDS[:3]] == [zomo] * 3
    assert pd.loc in ("box:okh-north", None)  # 14.10: a failed MA stays in the area
    rough = next(
        h
        for h in sorted(match.topology.region("country:greater-germany"))
        if match.topology.terrain(h) == "rough"
    )
    match.reveal(put(match, RDS[3], rough))
    put(match, "ger-pd-4", "box:okh-north")
    refused(match, f"overrun {rough} with ger-pd-4 via box:okh-north", "only clear, forest")


def test_a_soviet_ma_from_an_rvgk_area_into_its_edge_hex_not_the_week_it_went_in_14_10() -> None:
    """14.10 with 11.3: from the North RVGK area into a red-bordered north-half edge hex held by
    the Axis; a unit that went into the area this week may not."""
    match = at_phase("soviet", "movement")
    topo = match.topology
    edge = next(
        h
        for h in sorted(topo.region("edge:rvgk-north"))
        if topo.terrain(h) == "clear" and not topo.features(h)
    )
    put(match, "ger-id-7", edge)
    td = put(match, "sov-td-interior-01", "box:rvgk-north")
    action = f"overrun {edge} with {td.id} via box:rvgk-north"
    assert action in {str(a) for a in match.legal_actions()}
    match.state.ns("pmd-rvgk")["entered"] = [td.id]
    match.touch()
    refused(match, action, "went into the RVGK this week", rule="PMD 11.3")
    match.state.ns("pmd-rvgk").pop("entered")
    match.touch()
    assert match.check(action) is None
    south = next(h for h in sorted(topo.region("edge:rvgk-south")) if topo.terrain(h) == "clear")
    put(match, "ger-id-1", south)
    refused(match, f"overrun {south} with {td.id} via box:rvgk-north", "not adjacent")


def test_no_ma_out_of_the_rvgk_south_of_the_caucasus_while_the_volga_is_interdicted_14_10() -> None:
    """14.10 with 11.4: a unit out of an RVGK area south of the Caucasus line may not move that
    week while the Volga is interdicted, so it may not MA out into such a hex; it may once the
    Volga is open again."""
    match = at_phase("soviet", "movement")
    edge = "5754"  # a clear red-bordered edge hex of the South RVGK area, south of the line
    put(match, "ger-id-7", edge)
    td = put(match, "sov-td-interior-01", "box:rvgk-south")
    action = f"overrun {edge} with {td.id} via box:rvgk-south"
    assert match.check(action) is None
    put(match, "ger-pd-3", "5750")  # along the South Volga (11.4)
    refused(match, action, "the Volga is interdicted", rule="PMD 11.4")
    put(match, "ger-pd-3", None)
    assert match.check(action) is None


def test_a_unit_in_an_okh_area_keeps_its_zomo_entry_after_a_failed_ma_14_10() -> None:
    """14.10: after a failed MA the stack stays in the OKH area, stopped for the phase, still
    entering the map by the ZOMO later (9.1.1)."""
    match, _launch, _target = _movement()
    zomo = _zomo_target(match)
    faces = match.counters_doc["pools"]["rd"]["faces"]
    match.state.pools["rd"] = [100 if f["label"] == "6-7-5" else 0 for f in faces]
    _soviets(match, zomo, 3)
    entry = match.resolve_locations(["country:greater-germany"])
    pd = put(match, "ger-pd-3", "box:okh-north", entry=entry)
    force_rolls(match, then=1)
    match.apply(f"overrun {zomo} with ger-pd-3 via box:okh-north")
    while match.decision is not None and match.decision.kind != "movement":
        answer(match)
    assert pd.loc == "box:okh-north" and pd.flags["entry"] == entry
    assert movement.done(match, pd)
