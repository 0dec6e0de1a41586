"""Proud Monster Deluxe part 2: Soviet strategic movement through the RVGK areas (11.3)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import plugin, reinforce, reserves, rvgk, volga
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.mechanics.movement import spent
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused, view_problems

GAME_TURN = {113: 2, 123: 12, 124: 13, 202: 15, 203: 16, 217: 30, 221: 34}
RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 21)]
MOSCOW, NORTH_EDGE, SOUTH_EDGE, STALINGRAD = "4120", "5710", "5740", "5044"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _soviet(kind: str = "movement", turn: int = 113) -> Match:
    """A Soviet Refit or Initial Movement Phase, the map empty, set to turn ``turn`` (YNN)."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, "soviet", kind)
    clear(match)
    match.state.cursor.turn = GAME_TURN[turn]
    match.touch()
    assert ynn(match) == turn
    return match


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_out_of_the_rvgk_at_a_red_bordered_edge_hex_when_moving_11_3() -> None:
    match = _soviet("movement")
    unit = put(match, RDS[0], "box:rvgk-north")
    assert f"rvgk {RDS[0]} {NORTH_EDGE}" in _legal(match)
    refused(match, f"rvgk {RDS[0]} {SOUTH_EDGE}", "half of the map", rule="PMD 11.3")
    refused(match, f"rvgk {RDS[0]} {MOSCOW}", "red-bordered edge hex", rule="PMD 11.3")
    match.apply(f"rvgk {RDS[0]} {NORTH_EDGE}")
    assert unit.loc == NORTH_EDGE and spent(match, unit) > 0  # it moves on, the hex paid


def test_out_of_the_rvgk_at_a_soviet_owned_city_or_large_town_in_the_refit_phase_11_3() -> None:
    """11.3: in the Refit Phase a unit leaves by the normal reinforcement entry hexes (9.1.3),
    the same answer as ``place`` (ruling RV1)."""
    match = _soviet("refit")
    moscow = reinforce.named(match, "Moscow")
    put(match, RDS[0], "box:rvgk-north")
    small_town = next(
        h
        for h in sorted(match.topology.locations())
        if "small-town" in match.topology.features(h)
        and rvgk.half(match, h) == "north"
        and h not in reinforce.entry_hexes(match)
    )
    refused(match, f"rvgk {RDS[0]} {small_town}", "city or large town", rule="PMD 11.3")
    for h in moscow:
        match.state.control[h] = "axis"
    match.touch()
    refused(match, f"rvgk {RDS[0]} {MOSCOW}", "Soviet-owned", rule="PMD 11.3")
    for h in moscow:
        match.state.control[h] = "soviet"
    match.touch()
    match.apply(f"rvgk {RDS[0]} {MOSCOW}")
    assert match.state.units[RDS[0]].loc == MOSCOW


def test_into_the_rvgk_from_the_map_only_from_turn_124_and_out_next_week_11_3() -> None:
    match = _soviet("movement", 123)
    put(match, RDS[0], MOSCOW)
    refused(match, f"rvgk {RDS[0]} box:rvgk-north", "from turn 124", rule="PMD 11.3")
    match.state.cursor.turn = GAME_TURN[124]
    match.touch()
    refused(match, f"rvgk {RDS[0]} box:rvgk-south", "half of the map", rule="PMD 11.3")
    assert f"rvgk {RDS[0]} box:rvgk-north" in _legal(match)
    match.apply(f"rvgk {RDS[0]} box:rvgk-north")
    unit = match.state.units[RDS[0]]
    assert "axis" in unit.hidden_from  # 16.2: the box is covered
    assert view_problems(match, "axis") == []
    refused(match, f"rvgk {RDS[0]} {NORTH_EDGE}", "moved", rule="PMD 11.3")
    # the record that keeps it in for the week goes at the next Weather Phase
    assert RDS[0] in match.state.ns("pmd-rvgk")["entered"]
    end(match)
    to_phase(match, "soviet", "movement")
    assert "entered" not in match.state.ns("pmd-rvgk")
    match.apply(f"rvgk {RDS[0]} {NORTH_EDGE}")
    assert "axis" not in unit.hidden_from


def test_not_into_the_rvgk_next_to_an_axis_unit_11_3() -> None:
    match = _soviet("movement", 124)
    put(match, RDS[0], MOSCOW)
    put(match, "ger-id-7", match.topology.neighbours(MOSCOW)[0])
    refused(match, f"rvgk {RDS[0]} box:rvgk-north", "next to an Axis unit", rule="PMD 11.3")


def test_at_most_ten_points_in_the_rvgk_before_turn_203_11_3() -> None:
    match = _soviet("movement", 124)
    held = 0.0
    for uid in RDS[1:]:
        unit = put(match, uid, "box:rvgk-north")
        held += rvgk.points(match, unit)
        if held >= rvgk.HOLD_LIMIT:
            break
    put(match, RDS[0], MOSCOW)
    if rvgk.held(match) + rvgk.points(match, match.state.units[RDS[0]]) > rvgk.HOLD_LIMIT:
        refused(match, f"rvgk {RDS[0]} box:rvgk-north", "at most 10 points", rule="PMD 11.3")
    else:
        raise AssertionError("the areas should be full")


def test_rvgk_points_11_3() -> None:
    match = _soviet()
    counters = match.counters_doc["counters"]
    by_type = {}
    for cid, c in counters.items():
        if c.get("side") == "soviet":
            by_type.setdefault(c.get("type"), cid)
    for kind, want in (("cd", 1.0), ("rb", 0.5), ("tb", 0.5), ("mrb", 0.5)):
        if kind in by_type:
            assert rvgk.points(match, put(match, by_type[kind], "box:rvgk-north")) == want


def test_t30_from_turn_203_twenty_points_in_leave_eight_out_11_3() -> None:
    """T30 (11.3): with 20 points gone in this turn, at most 8 come out (cap 28); the cap is 36
    from turn 217 and 48 from 221."""
    match = _soviet("movement", 203)
    assert [rvgk.throughput(m) for m in (match,)] == [28.0]
    match.state.ns("pmd-rvgk")["track"] = {"turn": match.turn, "points": 20.0}
    out = 0.0
    for uid in RDS:
        unit = put(match, uid, "box:rvgk-north")
        need = rvgk.points(match, unit)
        if out + need > 8:
            refused(match, f"rvgk {uid} {NORTH_EDGE}", "28 a turn", rule="PMD 11.3")
            break
        match.apply(f"rvgk {uid} {NORTH_EDGE}")
        out += need
    assert out <= 8 and rvgk.moved_points(match) == 20 + out
    for turn, cap in ((217, 36.0), (221, 48.0), (202, None)):
        match.state.cursor.turn = GAME_TURN[turn]
        assert rvgk.throughput(match) == cap


def test_between_the_rvgk_areas_only_from_turn_203_11_3() -> None:
    match = _soviet("movement", 202)
    put(match, RDS[0], "box:rvgk-north")
    refused(match, f"rvgk {RDS[0]} box:rvgk-south", "only from turn 203", rule="PMD 11.3")
    match.state.cursor.turn = GAME_TURN[203]
    match.touch()
    match.apply(f"rvgk {RDS[0]} box:rvgk-south")
    assert rvgk.moved_points(match) == rvgk.points(match, match.state.units[RDS[0]])


def test_no_unit_south_of_the_caucasus_enters_the_rvgk_while_the_volga_is_interdicted_11_4() -> (
    None
):
    match = _soviet("movement", 203)
    tbilisi = "4665"
    put(match, RDS[0], tbilisi)
    assert f"rvgk {RDS[0]} box:rvgk-south" in _legal(match)
    put(match, "ger-pd-3", "5750")  # along the South Volga
    refused(match, f"rvgk {RDS[0]} box:rvgk-south", "interdicted", rule="PMD 11.4")


def test_a_unit_leaving_the_rvgk_leaves_its_reserve_stack_there_11_3_6_4() -> None:
    match = _soviet("movement")
    first, second = put(match, RDS[0], "box:rvgk-north"), put(match, RDS[1], "box:rvgk-north")
    number = reserves.place(match, "soviet", "box:rvgk-north")
    match.apply(f"rvgk {RDS[0]} {NORTH_EDGE}")
    assert not reserves.in_reserve(match, first) and reserves.in_reserve(match, second)
    assert reserves.stacks(match, "soviet")[number]["units"] == [RDS[1]]


TBILISI, ORDZHONIKIDZE = "4665", "4762"  # a city and a large town south of the Caucasus line


def test_out_of_the_rvgk_next_to_a_military_district_hq_but_not_overstacked_11_3_9_1_3() -> None:
    """11.3: the Refit Phase's exits are 9.1.3's entry hexes, a Military District HQ's
    neighbours included, and stacking holds there as at placement (ruling RV1)."""
    match = _soviet("refit")
    for h in reinforce.named(match, "Moscow"):
        match.state.control[h] = "soviet"
    next_to = next(
        h
        for h in match.topology.neighbours(MOSCOW)
        if match.topology.terrain(h) == "clear" and not rvgk.urban(match, h)
    )
    match.touch()
    put(match, RDS[0], "box:rvgk-north")
    assert f"rvgk {RDS[0]} {next_to}" in _legal(match)
    for uid in RDS[1:]:
        put(match, uid, next_to)
        if reinforce.entry_problem(match, match.state.units[RDS[0]], next_to):
            break
    refused(match, f"rvgk {RDS[0]} {next_to}", "overstack", rule="PMD 11.3")


def test_out_of_the_rvgk_south_of_the_caucasus_at_a_large_town_while_interdicted_11_4() -> None:
    """11.4(2): while the Volga is interdicted a unit leaving the RVGK south of the Caucasus
    line enters at a large town (not a city) and may not move that week; the lock goes with
    the week."""
    match = _soviet("refit")
    for h in (TBILISI, ORDZHONIKIDZE):
        match.state.control[h] = "soviet"
    match.touch()
    put(match, RDS[0], "box:rvgk-south")
    assert f"rvgk {RDS[0]} {TBILISI}" in _legal(match)
    put(match, "ger-pd-3", "5750")  # along the South Volga
    refused(match, f"rvgk {RDS[0]} {TBILISI}", "large town", rule="PMD 11.4")
    match.apply(f"rvgk {RDS[0]} {ORDZHONIKIDZE}")
    unit = match.state.units[RDS[0]]
    assert match.hook.wargame_move_locked(match=match, unit=unit)
    to_phase(match, "soviet", "movement")
    step = match.topology.neighbours(ORDZHONIKIDZE)[0]
    refused(match, f"move {RDS[0]} {ORDZHONIKIDZE} {step}", "no move", rule="PMD 11.4")
    while match.phase is not None and match.phase.spec.id.startswith("w1"):
        end(match)
    assert volga.FLAG not in unit.flags  # the week is over
    assert not match.hook.wargame_move_locked(match=match, unit=unit)
