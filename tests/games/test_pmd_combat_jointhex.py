"""Proud Monster Deluxe's Close Combat advance and jointly-occupied hexes (13.15.2, 13.15.3) and
the life of a Close Combat marker left on the map (13.1)."""

from __future__ import annotations

from tests.games.pmd_steps import answer
from wargame.games.proud_monster_deluxe import closecombat, constructions, reserves
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Battle, Match
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, carry_out_result, clear_hexes, revealed

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]
PANZERS = ["ger-pd-9", "ger-pd-11"]
INFANTRY = "ger-id-22"  # MF 6: the least that advances (13.15.2)
ROMANIAN = "rom-id-1"  # not German-coloured


def _take_losses(match: Match) -> None:
    """Both sides' loss picks, each the first choice listed, no extra step (13.7)."""
    while match.decision is not None and match.decision.kind == "loss":
        answer(match)


def _battle(code: str, close_combat: str | None = "attacker", rds: int = 3) -> tuple[Match, str]:
    """An Axis PA on a clear hex held by ``rds`` revealed RDs, carried out as ``code``."""
    match = at_phase(AXIS, "combat")
    target, origin, _ = clear_hexes(match)
    for uid in RDS[:rds]:
        revealed(match, uid, target)
    attackers = [*PANZERS, INFANTRY, ROMANIAN]
    for uid in attackers:
        put(match, uid, origin)
    if close_combat == "attacker":
        closecombat._use(match, AXIS, f"committed to {target}")
    carry_out_result(match, code, attackers, RDS[:rds], target, close_combat=close_combat)
    _take_losses(match)
    return match, target


def _alive(match: Match, ids: list[str]) -> list[str]:
    return [i for i in ids if match.state.units[i].loc is not None]


def test_the_attacker_s_marker_lets_german_coloured_units_advance_into_a_held_hex_13_15_2() -> None:
    match, target = _battle("1/2")
    decision = match.decision
    assert decision is not None and decision.kind == "cc-advance" and decision.side == AXIS
    assert ROMANIAN not in decision.context["units"]  # German-coloured units only
    assert INFANTRY in decision.context["units"]  # 6 MP is enough
    assert decision.context["allowed"] == 2  # the defender lost 2 steps
    movers = _alive(match, PANZERS)[:1] + [INFANTRY]
    match.apply(f"cc-advance {','.join(movers)}")
    sides = {u.side for u in match.units_at(target)}
    assert sides == {AXIS, SOVIET}  # jointly occupied
    assert match.side_at(target) == SOVIET  # the hex defender's units are the hex's first
    assert closecombat.on_map(match) == {target: {AXIS: match.turn}}


def test_at_most_two_divisions_after_a_loss_of_two_and_never_the_others_13_15_2() -> None:
    match, _target = _battle("1/2")
    three = [*_alive(match, PANZERS), INFANTRY]
    refused(match, f"cc-advance {','.join(three)}", "at most 2 division", rule="PMD 13.15.2")
    refused(match, f"cc-advance {ROMANIAN}", "German-coloured", rule="PMD 13.15.2")


def test_one_division_after_a_loss_of_one_13_15_2() -> None:
    match, _target = _battle("1/1")
    assert match.decision is not None and match.decision.context["allowed"] == 1


def _room_battle(rds: int, inside: list[str]) -> Match:
    """A later Axis PA on a jointly-occupied clear hex (``rds`` one-step RDs and the German
    ``inside`` in it, the Axis marker on it) from outside, carried out as 1/1."""
    match = at_phase(AXIS, "combat")
    target, origin, _ = clear_hexes(match)
    for uid in RDS[:rds]:
        revealed(match, uid, target)
    for uid in inside:
        put(match, uid, target)
    closecombat.keep(match, target, AXIS)
    for uid in ("ger-pd-9", INFANTRY):
        put(match, uid, origin)
    carry_out_result(match, "1/1", ["ger-pd-9", INFANTRY], RDS[:rds], target)
    _take_losses(match)
    return match


def test_the_advance_needs_room_for_both_sides_5_divisions_outside_a_city_13_15_2() -> None:
    match = _room_battle(4, ["ger-pd-11", "ger-pd-13"])  # 6 divisions, 5 after the RD lost
    assert match.decision is None or match.decision.kind != "cc-advance"
    match = _room_battle(3, ["ger-pd-11"])  # 3 after the loss: room for 2, the cap is 1
    decision = match.decision
    assert decision is not None and decision.kind == "cc-advance"
    assert decision.context["allowed"] == 1


def test_the_defender_s_marker_gives_the_attacker_no_advance_13_1() -> None:
    match, target = _battle("1/2", close_combat="defender")
    assert match.decision is None or match.decision.kind != "cc-advance"
    assert closecombat.on_map(match) == {}
    assert {u.side for u in match.units_at(target)} == {SOVIET}


def test_no_advance_into_a_held_hex_without_a_marker_13_15_1() -> None:
    match, target = _battle("1/2", close_combat=None)
    assert match.decision is None or match.decision.kind != "cc-advance"
    assert {u.side for u in match.units_at(target)} == {SOVIET}


def test_not_advancing_takes_the_marker_off_back_next_turn_13_1() -> None:
    match, target = _battle("1/2")
    match.apply("cc-advance none")
    assert closecombat.on_map(match) == {}
    assert closecombat.available(match, AXIS) == 5
    match.state.cursor.turn += 1
    assert closecombat.available(match, AXIS) == 6


def test_the_marker_stays_while_jointly_occupied_and_comes_off_when_a_side_is_gone_13_1() -> None:
    match, target = _battle("1/2")
    match.apply(f"cc-advance {INFANTRY}")
    match.state.cursor.turn += 1
    assert closecombat.available(match, AXIS) == 5  # still on the map
    match.eliminate(match.state.units[INFANTRY], "test")
    assert closecombat.on_map(match) == {}
    assert closecombat.available(match, AXIS) == 5  # off the map, back next turn
    match.state.cursor.turn += 1
    assert closecombat.available(match, AXIS) == 6


def test_the_hex_defender_keeps_control_of_the_joint_hex_until_it_is_gone_4_2() -> None:
    """4.2: the Close Combat advance leaves the hex the hex defender's while it is jointly
    occupied; when the defender's last unit dies there, it is the attacker's."""
    match, target = _battle("1/2")
    match.state.control[target] = SOVIET
    match.apply(f"cc-advance {INFANTRY}")
    assert match.state.units[INFANTRY].loc == target and match.side_at(target) == SOVIET
    assert match.state.control[target] == SOVIET
    for unit in [u for u in match.units_at(target) if u.side == SOVIET]:
        match.eliminate(unit, "test")
    assert match.state.control[target] == AXIS


def test_the_hex_is_the_attacker_s_when_the_defender_leaves_it_4_2() -> None:
    """4.2: the hex defender moving its last unit out hands the hex to the hex attacker left."""
    match, target, near, _ = _joint(SOVIET, "movement")
    match.state.control[target] = SOVIET
    for uid in RDS[:2]:
        put(match, uid, near)
        match.hook.wargame_moved(match=match, units=[match.state.units[uid]], path=[target, near])
    assert match.state.control[target] == AXIS


def _joint(side: str, kind: str) -> tuple[Match, str, str, str]:
    """A jointly-occupied clear hex: two revealed RDs (hex defender), then a panzer division."""
    match = at_phase(side, kind)
    target, near, far = clear_hexes(match)
    for uid in RDS[:2]:
        revealed(match, uid, target)
    put(match, "ger-pd-9", target)
    return match, target, near, far


def test_units_in_a_jointly_occupied_hex_attack_only_the_enemy_in_it_13_15_3() -> None:
    match, target, near, _far = _joint(AXIS, "combat")
    beyond = next(n for n in match.topology.neighbours(target) if n not in (near,))
    revealed(match, RDS[3], beyond)
    refused(match, f"attack {beyond} with ger-pd-9", "jointly-occupied", rule="PMD 13.15.3")
    events = match.apply(f"attack {target} with ger-pd-9")
    while match.decision is not None and match.decision.kind in ("afv", "construction"):
        events += match.apply(str(match.legal_actions()[0]))
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert battle["defenders"] == RDS[:2]  # the enemy in the hex, not the attacker's own


def test_the_hex_defender_attacks_the_hex_attacker_from_inside_13_15_3() -> None:
    match, target, _near, _far = _joint(SOVIET, "combat")
    actions = [str(a) for a in match.legal_actions() if a.verb == "attack"]
    assert any(a.startswith(f"attack {target} with") for a in actions)


def test_leaving_a_jointly_occupied_hex_first_into_a_hex_of_one_s_own_13_15_3() -> None:
    match, target, near, far = _joint(AXIS, "movement")
    refused(match, f"move ger-pd-9 {target} {near}", "own side alone", rule="PMD 13.15.3")
    put(match, "ger-id-22", near)
    match.apply(f"move ger-pd-9 {target} {near}")
    assert match.state.units["ger-pd-9"].loc == near


def test_the_hex_attacker_moves_no_more_units_in_13_15_3() -> None:
    match, target, near, _far = _joint(AXIS, "movement")
    put(match, "ger-pd-11", near)
    refused(match, f"move ger-pd-11 {near} {target}", "enemy")


def test_the_hex_defender_moves_units_in_or_out_not_both_13_15_3() -> None:
    match, target, near, _far = _joint(SOVIET, "movement")
    put(match, RDS[2], near)
    match.reveal(match.state.units[RDS[2]])
    match.apply(f"move {RDS[2]} {near} {target}")
    assert match.state.units[RDS[2]].loc == target
    revealed(match, RDS[3], near)
    refused(match, f"move {RDS[0]} {target} {near}", "not both", rule="PMD 13.15.3")


def test_an_old_retreat_does_not_hide_a_joint_hex_move_13_15_3() -> None:
    """13.15.3's one way a phase: a unit that retreated in an earlier phase still has its move
    in recorded (only a retreat of this phase is no move, 11.1), so a move out is refused."""
    match, target, near, _far = _joint(SOVIET, "movement")
    put(match, RDS[2], near, retreated=f"{match.turn}/axis/w1-combat")
    match.reveal(match.state.units[RDS[2]])
    match.apply(f"move {RDS[2]} {near} {target}")
    revealed(match, RDS[3], near)
    refused(match, f"move {RDS[0]} {target} {near}", "not both", rule="PMD 13.15.3")


def test_no_reserve_in_a_jointly_occupied_non_city_hex_6_4() -> None:
    match, target, near, _far = _joint(AXIS, "refit")
    assert reserves.placement_problem(match, AXIS, target) is not None
    assert "jointly-occupied" in str(reserves.placement_problem(match, AXIS, target))
    put(match, "ger-pd-11", near)  # next to the hex: its enemy units are not adjacent (13.15.3)
    assert reserves.placement_problem(match, AXIS, near) is None


def test_the_one_way_record_goes_with_the_phase_13_15_3() -> None:
    match, target, near, _far = _joint(SOVIET, "movement")
    revealed(match, RDS[2], near)
    match.apply(f"move {RDS[2]} {near} {target}")
    assert match.state.ns("joint-hexes")["moves"] == {target: "in"}
    match.apply("end")
    assert match.state.ns("joint-hexes") == {}
    put(match, "sov-rd-interior-04", near)  # a hex of the hex defender's own to leave into
    match.reveal(match.state.units["sov-rd-interior-04"])
    from tests.games.pmd_steps import to_phase

    to_phase(match, SOVIET, "movement")  # his next Initial Movement Phase
    assert {u.side for u in match.units_at(target)} == {AXIS, SOVIET}
    match.apply(f"move {RDS[0]} {target} {near}")  # out, this phase
    assert match.state.units[RDS[0]].loc == near


def test_each_side_stacks_its_own_units_in_a_jointly_occupied_hex_6_1_13_15_3() -> None:
    from wargame.mechanics import stacking

    match, target, _near, _far = _joint(SOVIET, "movement")
    put(match, "ger-pd-11", target)  # 2 RDs and 2 German divisions: the Soviet 3 is not broken
    assert stacking.overstacked(match, SOVIET) == [] and stacking.overstacked(match, AXIS) == []
    for uid in RDS[2:4]:
        revealed(match, uid, target)  # 4 RDs: over the Soviet 1941 limit of 3
    assert stacking.overstacked(match, SOVIET) == [target]


def test_the_hex_defender_moves_in_only_with_room_for_both_sides_13_15_2() -> None:
    match, target, near, _far = _joint(SOVIET, "movement")
    for uid in ("ger-pd-11", "ger-pd-13"):
        put(match, uid, target)  # 2 RDs and 3 German divisions: 5, no room
    revealed(match, RDS[2], near)
    refused(match, f"move {RDS[2]} {near} {target}", "no room", rule="PMD 13.15.2")
    match.eliminate(match.state.units["ger-pd-13"], "test")
    match.apply(f"move {RDS[2]} {near} {target}")
    assert match.state.units[RDS[2]].loc == target


def _joint_at(features: set[str]) -> tuple[Match, str]:
    """The Soviet's Combat Phase, a jointly-occupied hex with exactly these constructions: two
    revealed RDs (the hex defender) and a panzer division (the hex attacker)."""
    match = at_phase(SOVIET, "combat")
    topo = match.topology
    loc = next(
        h
        for h in topo.locations()
        if features <= set(topo.features(h))
        and not ({"city", "large-town", *constructions.FORTS} - features) & set(topo.features(h))
    )
    for uid in RDS[:2]:
        revealed(match, uid, loc)
    put(match, "ger-pd-9", loc)
    return match, loc


def test_the_hex_attacker_defends_with_the_hex_s_city_13_15_3() -> None:
    """13.15.3: the hex attacker, attacked by the hex defender, has the city of the hex."""
    match, loc = _joint_at({"city"})
    match.apply(f"attack {loc} with {RDS[0]}")
    assert match.decision is not None and match.decision.kind == "construction"
    assert match.decision.side == AXIS and match.decision.context["options"] == ["city", "none"]


def test_the_hex_attacker_has_no_large_town_only_the_hex_defender_13_15_3() -> None:
    """13.15.3: a large town is neither city nor fort: the hex attacker is not offered it, the
    hex defender is (his choice of the hex's constructions)."""
    match, loc = _joint_at({"large-town"})
    battle = Battle(id="b", target=loc, attackers=[RDS[0]], defenders=["ger-pd-9"])
    assert constructions.available(match, battle) == []
    battle = Battle(id="b", target=loc, attackers=["ger-pd-9"], defenders=RDS[:2])
    assert constructions.available(match, battle) == ["large-town"]


def test_rain_does_not_cost_the_close_combat_advance_its_6_mp_12_4_13_15_2_ruling_jo5() -> None:
    """12.4: Rain's MF loss is for movement only; the advance is not movement (13.15.1)."""
    from wargame.calendar import set_weather
    from wargame.games.proud_monster_deluxe import jointhex
    from wargame.mechanics import movement

    match = at_phase(AXIS, "combat")
    target, origin, _ = clear_hexes(match)
    unit = put(match, INFANTRY, origin)
    for zone in ("nz", "sz"):
        set_weather(match, "R", zone)
    match.touch()
    assert movement.allowance(match, unit) < 6 * movement.scale(match)  # moving: 5 MP in Rain
    assert jointhex.may_advance(match, unit, target)
    unit.flags["oos"] = True  # out of supply: MF 3, Rain or not (8.5)
    match.touch()
    assert not jointhex.may_advance(match, unit, target)
