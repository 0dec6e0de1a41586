"""Proud Monster Deluxe's Reserve markers and reserve movement phases (6.4, 5.2)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import RESERVE_MOVEMENT, answer, end, to_phase
from wargame.games.proud_monster_deluxe import plugin, reserves
from wargame.match import Match
from wargame.mechanics import combat
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused, view_problems

from .pmd_combat_helpers import plain


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


RD = "sov-rd-interior-01"


def _places(match: Match) -> tuple[str, str, str, str]:
    """A clear hex A with every neighbour clear, A's neighbour N, a hex F two away (beyond N),
    and a far clear hex B with no unit near."""
    topo = match.topology
    for a in topo.locations():
        if plain(match, a) and all(plain(match, n) for n in topo.neighbours(a)):
            n = topo.neighbours(a)[0]
            two = [x for x in topo.neighbours(n) if topo.distance(a, x) == 2 and plain(match, x)]
            far = [x for x in topo.locations() if plain(match, x) and topo.distance(a, x) > 6]
            if two and far:
                return a, n, two[0], far[0]
    raise AssertionError("no clear place")


def _seen_at(match: Match, side: str, loc: str) -> list[dict[str, object]]:
    return [u for u in match.view(side)["units"] if u["loc"] == loc]


def _axis_refit() -> Match:
    """Turn 113's Axis Refit Phase, the map empty."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, "axis", "refit")
    clear(match)
    return match


def test_reserve_marker_is_placed_in_the_refit_phase_and_hides_the_stack_6_4() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", b)
    put(match, RD, next(x for x in match.topology.neighbours(b) if plain(match, x)))
    legal = {str(x) for x in match.legal_actions()}
    assert f"reserve {a}" in legal and f"reserve {b}" not in legal
    refused(match, f"reserve {b}", "next to an enemy unit", rule="PMD 6.4")
    match.apply(f"reserve {a}")
    assert reserves.in_reserve(match, match.state.units["ger-pd-3"])
    assert match.state.markers["reserve-axis-1"]["loc"] == a
    assert "soviet" in match.state.units["ger-pd-3"].hidden_from
    assert _seen_at(match, "soviet", a) == []  # off the map until the enemy comes (R8)
    assert view_problems(match, "soviet") == []
    refused(match, f"reserve {a}", "already in reserve", rule="PMD 6.4")


def test_no_reserve_for_a_stack_out_of_supply_or_under_a_refit_marker_6_4() -> None:
    """6.4(1)-(2): the stack is in defensive supply (no OOS or ISO from the last check) and has
    no unit with a Refit marker; once the flag goes, the marker may go on."""
    match = _axis_refit()
    a, _n, _f, b = _places(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", b)
    match.state.units["ger-pd-3"].flags["oos"] = True
    match.state.units["ger-id-7"].flags["refit"] = True
    match.touch()
    legal = {str(x) for x in match.legal_actions()}
    assert f"reserve {a}" not in legal and f"reserve {b}" not in legal
    refused(match, f"reserve {a}", "not in defensive supply", rule="PMD 6.4")
    refused(match, f"reserve {b}", "Refit marker", rule="PMD 6.4")
    del match.state.units["ger-pd-3"].flags["oos"]
    del match.state.units["ger-id-7"].flags["refit"]
    match.touch()
    match.apply(f"reserve {a}")
    match.apply(f"reserve {b}")
    assert len(reserves.stacks(match, "axis")) == 2


def test_a_stack_in_a_city_may_go_into_reserve_next_to_the_enemy_6_4() -> None:
    match = _axis_refit()
    city = "1808"
    put(match, "ger-id-7", city)
    put(match, RD, next(x for x in match.topology.neighbours(city) if plain(match, x)))
    assert reserves.placement_problem(match, "axis", city) is None


def _in_friendly_reserve_phase(match: Match, a: str, b: str) -> None:
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", a)
    put(match, "ger-id-1", b)
    match.apply(f"reserve {a}")
    end(match)  # Refit
    end(match)  # Initial Movement
    end(match)  # Combat; no Soviet marker: the Enemy Reserve Movement Phase is skipped
    decision = match.decision
    assert decision is not None and decision.phase.endswith("friendly-reserve-movement")


def test_only_mech_and_cavalry_in_reserve_move_in_a_reserve_phase_6_4() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    _in_friendly_reserve_phase(match, a, b)
    far = next(x for x in match.topology.neighbours(b) if plain(match, x))
    refused(match, f"move ger-id-1 {b} {far}", "only units in reserve", rule="PMD 6.4")
    refused(match, f"move ger-id-7 {a} {n}", "only Mech and cavalry", rule="PMD 6.4")
    match.apply(f"move ger-pd-3 {a} {n}")
    pd, inf = match.state.units["ger-pd-3"], match.state.units["ger-id-7"]
    assert not reserves.in_reserve(match, pd) and reserves.in_reserve(match, inf)
    assert "soviet" not in pd.hidden_from and "soviet" in inf.hidden_from


def test_the_marker_goes_when_its_last_unit_leaves_and_the_phases_stop_6_4() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    end(match)
    assert match.decision is not None and match.decision.kind == "movement"
    match.apply(f"move ger-pd-3 {a} {n}")  # 6.4 way 1: out of reserve in Initial Movement
    assert "reserve-axis-1" not in match.state.markers
    assert not match.state.ns("reserves").get("axis")
    end(match)
    end(match)
    assert match.decision is not None and "reserve-movement" not in match.decision.phase


def test_enemy_moving_next_to_a_reserve_stack_sees_how_many_units_not_which_6_3_6_4() -> None:
    """6.4, rulings R1, R8: the stack is off the map (the enemy sees the marker alone) until an
    enemy unit moves next to it; then it is placed under the marker and the enemy may estimate
    its size, but may not look beneath the marker before the odds (6.3)."""
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", a)
    match.apply(f"reserve {a}")
    to_phase(match, "soviet", "movement")
    put(match, RD, f)
    assert _seen_at(match, "soviet", a) == []  # on the play aid: not one unit shows
    assert "reserve-axis-1" in match.view("soviet")["markers"]
    assert not match.state.markers["reserve-axis-1"].get("placed")
    assert len(_seen_at(match, "axis", a)) == 2  # the owner sees his own
    match.apply(f"move {RD} {f} {n}")
    assert match.state.markers["reserve-axis-1"]["placed"]
    pd = match.state.units["ger-pd-3"]
    assert "soviet" in pd.hidden_from and reserves.in_reserve(match, pd)
    seen = _seen_at(match, "soviet", a)
    assert len(seen) == 2 and all(u.get("hidden") for u in seen)
    assert not view_problems(match, "soviet")


def test_an_enemy_unit_moving_past_a_reserve_stack_places_it_6_4() -> None:
    """Ruling R8: passing next to the stack within a move places it, as ending there does; it
    stays on the map after the enemy has gone on."""
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    to_phase(match, "soviet", "movement")
    topo = match.topology
    on = next(
        x for x in topo.neighbours(n) if topo.distance(a, x) == 2 and x != f and plain(match, x)
    )
    put(match, RD, f)
    match.apply(f"move {RD} {f} {n} {on}")
    assert match.state.units[RD].loc == on
    assert match.state.markers["reserve-axis-1"]["placed"]
    assert len(_seen_at(match, "soviet", a)) == 1


def test_a_reserve_stack_far_from_the_enemy_stays_off_the_map_6_4() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    to_phase(match, "soviet", "movement")
    put(match, RD, b)
    assert not match.state.markers["reserve-axis-1"].get("placed")
    assert _seen_at(match, "soviet", a) == [] and not view_problems(match, "soviet")


def test_a_reserve_stack_that_loses_a_step_loses_its_marker_6_4() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    to_phase(match, "soviet", "combat")
    rd = put(match, RD, n)
    match.reveal(rd)
    units = match.state.units
    battle = combat.new_battle(match, [rd], [units["ger-pd-3"]], a, "attack")
    battle.roll = 3
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/1")
    answer(match, "lose ger-pd-3")
    assert units["ger-pd-3"].loc == a and units["ger-pd-3"].step == 1
    assert not reserves.in_reserve(match, units["ger-pd-3"])
    assert "reserve-axis-1" not in match.state.markers


def test_a_unit_in_reserve_that_attacks_comes_out_ruling_r2() -> None:
    match = _axis_refit()
    a, n, f, b = _places(match)
    put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    to_phase(match, "axis", "combat")
    rd = put(match, RD, n)
    match.reveal(rd)
    match.apply(f"attack {n} with ger-pd-3")
    assert not reserves.in_reserve(match, match.state.units["ger-pd-3"])


def test_the_enemy_reserve_movement_phase_moves_the_other_side_s_reserves_6_4() -> None:
    """6.4 way 4: a Soviet stack put in reserve in the Soviet Refit Phase comes out in the
    Enemy Reserve Movement Phase of the next Axis week, the Soviet player choosing the mover."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, "soviet", "refit")
    clear(match)
    a, n, f, b = _places(match)
    td = put(match, "sov-td-interior-01", a)
    match.apply(f"reserve {a}")
    for _ in range(30):
        decision = match.decision
        assert decision is not None
        if decision.phase.endswith("enemy-reserve-movement"):
            break
        end(match)
    assert decision.side == "soviet" and decision.phase.startswith("axis/")
    match.apply(f"move {td.id} {a} {n}")
    assert td.loc == n and not reserves.in_reserve(match, td)


def _moved_marker() -> tuple[Match, str, str]:
    """Reserve marker 1 (a panzer and an infantry division) moved one hex in the Axis Initial
    Movement Phase of turn 113 (6.4 way 2)."""
    match = _axis_refit()
    a, n, _f, _b = _places(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", a)
    match.apply(f"reserve {a}")
    match.apply("end")
    assert match.decision is not None and match.decision.kind == "movement"
    assert f"reserve-move 1 {a} {n}" in {str(x) for x in match.legal_actions()}
    match.apply(f"reserve-move 1 {a} {n}")
    return match, a, n


def test_a_reserve_marker_moves_with_its_whole_stack_still_in_reserve_6_4() -> None:
    match, _a, n = _moved_marker()
    units = match.state.units
    assert units["ger-pd-3"].loc == units["ger-id-7"].loc == n
    assert reserves.in_reserve(match, units["ger-pd-3"]) and reserves.in_reserve(
        match, units["ger-id-7"]
    )
    assert reserves.stacks(match, "axis")["1"]["loc"] == n
    assert match.state.markers["reserve-axis-1"]["loc"] == n
    assert "soviet" in units["ger-pd-3"].hidden_from  # still hidden


def test_a_moved_marker_s_units_wait_for_the_next_initial_movement_phase_6_4() -> None:
    match, _a, n = _moved_marker()
    far = next(x for x in match.topology.neighbours(n) if plain(match, x))
    refused(match, f"move ger-pd-3 {n} {far}", "already moved")
    match.apply("end")
    to_phase(match, "axis", RESERVE_MOVEMENT)  # the Friendly Reserve Movement Phase
    assert reserves.reserve_phase(match)
    refused(match, f"move ger-pd-3 {n} {far}", "Reserve marker moved", rule="PMD 6.4")
    refused(match, f"reserve-move 1 {n} {far}", "Initial Movement Phase", rule="PMD 6.4")
    match.apply("end")
    to_phase(match, "axis", RESERVE_MOVEMENT)  # the Enemy Reserve Movement Phase of the Soviet week
    assert reserves.reserve_phase(match)
    refused(match, f"move ger-pd-3 {n} {far}", "Reserve marker moved", rule="PMD 6.4")
    match.apply("end")
    to_phase(match, "axis", "movement")  # week 2's Initial Movement Phase
    assert not reserves.reserve_phase(match)
    assert "tilted" not in reserves.stacks(match, "axis")["1"]
    match.apply(f"move ger-pd-3 {n} {far}")  # way 1: out of reserve now
    assert not reserves.in_reserve(match, match.state.units["ger-pd-3"])


def test_leg_units_in_reserve_gain_the_cavalry_abilities_in_their_so_week_6_4_5_4() -> None:
    match = _axis_refit()
    a, n, _f, b = _places(match)
    _in_friendly_reserve_phase(match, a, b)
    refused(match, f"move ger-id-7 {a} {n}", "only Mech and cavalry", rule="PMD 6.4")
    match.state.vars["soviet_seasonal_offensive"] = "soviet"  # the enemy's week: no help
    match.touch()
    refused(match, f"move ger-id-7 {a} {n}", "Seasonal Offensive week", rule="PMD 6.4")
    match.state.vars["axis_seasonal_offensive"] = "axis"
    match.touch()
    match.apply(f"move ger-id-7 {a} {n}")
    assert not reserves.in_reserve(match, match.state.units["ger-id-7"])


def test_every_axis_unit_is_in_reserve_on_turn_112_until_it_moves_or_attacks_5_3_8() -> None:
    """5.3(8): on turn 112 each Axis unit is in reserve without a marker (seen as any stack,
    ruling R5), so the Axis Friendly Reserve Movement Phase runs, and the Axis Enemy Reserve
    Movement Phase of the Soviet week; a unit that moved or attacked is out and moves no more
    in them. Turn 112 is an Axis Seasonal Offensive week (5.3(7)): Leg units move in them too."""
    match = Match(_title(), "1941-historical", 1)
    to_phase(match, "axis", "movement")
    assert reserves.ynn(match) == 112 and not match.state.ns("reserves").get("axis")
    clear(match)
    a, n, f, b = _places(match)
    topo, units = match.topology, match.state.units
    for uid, loc in (("ger-pd-3", a), ("ger-pd-4", a), ("ger-id-7", b), ("ger-id-1", b)):
        put(match, uid, loc)
    assert all(reserves.in_reserve(match, u) for u in units.values() if u.loc is not None)
    match.apply(f"move ger-pd-3 {a} {n}")  # 6.4 way 1: out of reserve by moving
    assert not reserves.in_reserve(match, units["ger-pd-3"])
    assert reserves.in_reserve(match, units["ger-pd-4"])
    assert "soviet" not in units["ger-pd-4"].hidden_from  # no marker: an open stack (R5)
    end(match)  # Initial Movement
    rd = put(match, RD, next(x for x in topo.neighbours(b) if topo.distance(x, a) > 2))
    match.reveal(rd)
    match.apply(f"attack {rd.loc} with ger-id-1")
    while match.decision is not None and match.decision.kind != "combat":
        answer(match)
    assert not reserves.in_reserve(match, units["ger-id-1"])  # out by attacking
    end(match)  # Combat; the Enemy Reserve Movement Phase is skipped (5.3(2))
    decision = match.decision
    assert decision is not None and decision.phase.endswith("friendly-reserve-movement")
    refused(match, f"move ger-pd-3 {n} {f}", "only units in reserve", rule="PMD 6.4")
    beside = next(x for x in topo.neighbours(b) if plain(match, x) and x != rd.loc)
    if units["ger-id-1"].loc == b:
        refused(match, f"move ger-id-1 {b} {beside}", "only units in reserve", rule="PMD 6.4")
    assert match.check(f"move ger-id-7 {b} {beside}") is None
    assert match.check(f"move ger-pd-4 {a} {n}") is None
    end(match)
    to_phase(match, "axis", RESERVE_MOVEMENT)  # the Soviet week's Enemy Reserve Movement Phase
    decision = match.decision
    assert decision is not None and decision.phase.endswith("w1-enemy-reserve-movement")
    assert match.check(f"move ger-pd-4 {a} {n}") is None


def test_turn_112_s_reserve_ends_with_the_turn_5_3_8() -> None:
    """5.3(8) holds on turn 112 only: on 113 an Axis unit that never moved is out of reserve,
    and without a marker no Axis reserve movement phase runs."""
    match = Match(_title(), "1941-historical", 1)
    to_phase(match, "axis", "movement")
    clear(match)
    a, n, f, b = _places(match)
    pd = put(match, "ger-pd-4", a)
    match.apply(f"move ger-pd-4 {a} {n}")
    assert match.state.ns("reserves").get(reserves.OUT) == ["ger-pd-4"]
    while match.turn == 1:
        end(match)
    to_phase(match, "axis", "movement")
    assert not reserves.in_reserve(match, pd) and reserves.OUT not in match.state.ns("reserves")
    assert not reserves.any_in_reserve(match, "axis")
    end(match)
    end(match)
    while match.decision is not None and "enemy-reserve" in match.decision.phase:
        end(match)  # the Soviets' ERMP runs for their RVGK stacks (6.1)
    assert match.decision is not None and "reserve-movement" not in match.decision.phase


def test_a_turn_112_stack_that_loses_a_step_comes_out_of_reserve_ruling_r5() -> None:
    """Ruling R5: 6.4's marker removal read for 5.3(8)'s implied marker: the whole stack."""
    match = Match(_title(), "1941-historical", 1)
    to_phase(match, "soviet", "combat")
    clear(match)
    a, n, f, b = _places(match)
    units = match.state.units
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", a)
    assert reserves.in_reserve(match, units["ger-id-7"])
    rd = put(match, RD, n)
    match.reveal(rd)
    battle = combat.new_battle(match, [rd], [units["ger-pd-3"], units["ger-id-7"]], a, "attack")
    battle.roll = 3
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/1")
    answer(match, "lose ger-pd-3")
    assert not reserves.in_reserve(match, units["ger-id-7"])
    assert not reserves.in_reserve(match, units["ger-pd-3"])


def test_stacks_in_an_okh_area_count_as_in_reserve_and_move_in_the_frmp_6_1_6_4() -> None:
    """6.1: every stack in an OKH (or RVGK) area counts as under a Reserve marker: the reserve
    phases run for it and its Mech units enter the map in them (6.4); once on the map the unit
    is no longer in reserve."""
    match = _axis_refit()
    put(match, "ger-pd-3", "box:okh-north")
    put(match, "ger-id-7", "box:okh-north")
    pd, inf = match.state.units["ger-pd-3"], match.state.units["ger-id-7"]
    zomo = match.resolve_locations(["country:greater-germany"])
    pd.flags["entry"] = inf.flags["entry"] = zomo  # 9.1.1: they enter by the area's ZOMO
    assert reserves.in_reserve(match, pd) and reserves.in_reserve(match, inf)
    assert reserves.any_in_reserve(match, "axis") and not reserves.stacks(match, "axis")
    end(match)  # Refit
    end(match)  # Initial Movement
    end(match)  # Combat
    decision = match.decision
    assert decision is not None and decision.phase.endswith("friendly-reserve-movement")
    moves = [str(a) for a in match.legal_actions() if str(a).startswith("move ger-pd-3 box:")]
    assert moves and not any(str(a).startswith("move ger-id-7") for a in match.legal_actions())
    match.apply(moves[0])
    assert pd.loc != "box:okh-north" and not reserves.in_reserve(match, pd)


def test_no_stack_in_an_area_no_reserve_phase_6_1() -> None:
    """The other side of 6.1: a unit on the map without a marker is not in reserve."""
    match = _axis_refit()
    a, _n, _f, _b = _places(match)
    put(match, "ger-pd-3", a)
    assert not reserves.in_reserve(match, match.state.units["ger-pd-3"])
    assert not reserves.any_in_reserve(match, "axis")


def test_the_owner_reveals_a_reserve_stack_at_any_time_6_4() -> None:
    """6.4: the owner may reveal a reserve's contents voluntarily at any time by removing the
    marker, which is free again; the enemy has no such verb over it."""
    match = _axis_refit()
    a, _n, _f, b = _places(match)
    pd = put(match, "ger-pd-3", a)
    match.apply(f"reserve {a}")
    assert "reserve-reveal 1" in {str(x) for x in match.legal_actions()}
    match.apply("reserve-reveal 1")
    assert not reserves.in_reserve(match, pd) and "reserve-axis-1" not in match.state.markers
    assert "soviet" not in pd.hidden_from
    refused(match, "reserve-reveal 1", "no Reserve marker 1", rule="PMD 6.4")
    match.apply(f"reserve {a}")  # the marker is available again
    assert reserves.stacks(match, "axis")["1"]["loc"] == a
    end(match)  # Refit
    assert match.decision is not None and match.decision.kind == "movement"
    assert "reserve-reveal 1" in {str(x) for x in match.legal_actions()}  # any phase of his
    to_phase(match, "soviet", "refit")
    assert not any(str(x).startswith("reserve-reveal") for x in match.legal_actions())
    refused(match, "reserve-reveal 1", "no Reserve marker 1 of yours", rule="PMD 6.4")


def test_revealing_a_moved_marker_keeps_its_units_still_ruling_r6() -> None:
    """6.4 way 2 read with the reveal: the units of a moved marker may not move until their
    next Initial Movement Phase, revealed or not; the hold goes then."""
    match, _a, n = _moved_marker()
    put(match, "ger-pd-4", "box:okh-north")  # 6.1: in reserve, so the FRMP runs
    match.apply("reserve-reveal 1")
    pd = match.state.units["ger-pd-3"]
    assert not reserves.in_reserve(match, pd)
    far = next(x for x in match.topology.neighbours(n) if plain(match, x))
    match.apply("end")
    to_phase(match, "axis", RESERVE_MOVEMENT)  # the Friendly Reserve Movement Phase
    assert reserves.reserve_phase(match)
    refused(match, f"move ger-pd-3 {n} {far}", "Reserve marker moved", rule="PMD 6.4")
    match.apply("end")
    to_phase(match, "axis", "movement")  # the next Initial Movement Phase
    assert match.decision is not None and match.decision.phase.endswith("initial-movement")
    assert match.check(f"move ger-pd-3 {n} {far}") is None
    assert reserves.HELD not in match.state.ns("reserves")
