"""Proud Monster Deluxe's sequence and victory rules as built so far (5.2, 5.3, 4.4, 4.5)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, take_moscow, to_phase
from wargame.games.proud_monster_deluxe import plugin
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.games.proud_monster_deluxe.victory import axis_vp
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import clear, put


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _match() -> Match:
    return Match(_title(), "1941-historical", 1)


def _phases_until_turn_2(match: Match) -> list[str]:
    seen: list[str] = []
    while match.turn == 1:
        assert match.decision is not None
        seen.append(match.decision.phase)
        end(match)
    return seen


def test_turn_112_is_one_game_week_5_3() -> None:
    """5.3(1): turn 112 has one week: the Axis then the Soviet player-week, no second week."""
    match = _match()
    assert ynn(match) == 112
    seen = _phases_until_turn_2(match)
    assert any(p.startswith("axis/w1-") for p in seen) and any(
        p.startswith("soviet/w1-") for p in seen
    )
    assert not any("/w2-" in p for p in seen)
    assert ynn(match) == 113


def test_later_turns_have_two_weeks_each_with_both_player_weeks_5_2() -> None:
    match = _match()
    _phases_until_turn_2(match)
    seen: list[str] = []
    while match.turn == 2:
        assert match.decision is not None
        seen.append(match.decision.phase)
        end(match)
    order = [p.split("/")[0] + "/" + p.split("/")[1][:2] for p in seen]
    firsts = list(dict.fromkeys(order))
    # the Reinforcement Phase's decisions (9.1.3, 9.5), then both weeks (5.2)
    assert firsts == ["turn/so", "turn/ax", "axis/w1", "soviet/w1", "axis/w2", "soviet/w2"]


def test_enemy_reserve_movement_is_the_other_side_s_phase_5_2() -> None:
    """Inside the Axis week, the Enemy Reserve Movement Phase is the Soviets' (5.2, 6.4)."""
    spec = _title().manifest.sequence.player_turns[0]
    phase = next(p for p in spec.phases if p.id == "w1-enemy-reserve-movement")
    assert spec.side == "axis" and phase.side == "soviet"


def test_axis_vp_counts_controlled_vp_hexes_and_moscow_needs_both_4_5_1() -> None:
    match = _match()
    assert axis_vp(match) == 0
    match.state.control["1920"] = "axis"  # Minsk, 1 VP
    match.state.control["2050"] = "axis"  # Sevastopol, 4 VP
    assert axis_vp(match) == 5
    match.state.control["4120"] = "axis"
    assert axis_vp(match) == 5  # one Moscow hex is worth nothing (4.4)
    match.state.control["4219"] = "axis"
    assert axis_vp(match) == 14


def _take_moscow(match: Match, roll: int) -> None:
    to_phase(match, "axis", "movement")  # past the Refit Phase (6.4's reserve placing)
    clear(match)
    take_moscow(match, roll)


def test_moscow_roll_of_2_wins_at_once_4_4() -> None:
    match = _match()
    _take_moscow(match, 2)
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert "Moscow roll 2" in match.outcome["text"]


def test_moscow_roll_of_3_goes_on_and_is_never_rolled_again_4_4() -> None:
    match = _match()
    _take_moscow(match, 3)
    assert match.outcome is None and match.state.ns("pmd-victory")["moscow_rolled"]
    assert axis_vp(match) == 9


def test_moscow_roll_is_lowered_by_leningrad_kiev_rostov_astrakhan_4_4() -> None:
    match = _match()
    for name in ("Leningrad", "Kiev"):
        hex_id = next(
            h for h, e in match.title.doc("map")["hexes"].items() if e.get("name") == name
        )
        match.state.control[hex_id] = "axis"
    _take_moscow(match, 4)
    assert match.outcome is not None and "= 2" in match.outcome["text"]


def test_victory_check_of_turn_112_axis_wins_at_4_vp_4_5() -> None:
    """4.5 example 1: at the check of turn 112 the Axis wins with 4 VP; there is no Soviet VP win."""
    match = _match()
    match.state.control["2050"] = "axis"  # Sevastopol, 4 VP
    while match.outcome is None and match.turn == 1:
        end(match)
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert match.outcome["level"] == "victory points" and "4 >= 4" in match.outcome["text"]


def test_no_vp_and_turn_112_goes_on_4_5() -> None:
    match = _match()
    _phases_until_turn_2(match)
    assert match.outcome is None and match.turn == 2


# --------------------------------------------------------------------------- terrain shifts (13.4.1, 13.5)


def _shifts(match: Match, target: str, attackers: dict[str, str], kind: str = "attack") -> list:
    from wargame.games.proud_monster_deluxe.combat import wargame_combat_shifts
    from wargame.match import Battle

    battle = Battle("b1", list(attackers), ["sov-rd-kovo-01"], target, dict(attackers), kind)
    return wargame_combat_shifts(match, battle)


def _hex_with(match: Match, terrain: str) -> str:
    return next(h for h in match.topology.locations() if match.topology.terrain(h) == terrain)


def _after_112(match: Match) -> Match:
    _phases_until_turn_2(match)
    return match


def test_rough_marsh_mountain_shift_left_13_4_1() -> None:
    match = _after_112(_match())
    for terrain, columns in (("rough", -1), ("marsh", -1), ("mountain", -2)):
        target = _hex_with(match, terrain)
        origin = match.topology.neighbours(target)[0]
        shifts = _shifts(match, target, {"ger-pd-3": origin})
        assert [s.columns for s in shifts] == [columns] and shifts[0].group == "capped"
    clear_target = _hex_with(match, "clear")
    assert (
        _shifts(match, clear_target, {"ger-pd-3": match.topology.neighbours(clear_target)[0]}) == []
    )


def test_forest_shifts_only_a_mobile_assault_13_4_1() -> None:
    match = _after_112(_match())
    target = _hex_with(match, "forest")
    origin = match.topology.neighbours(target)[0]
    assert _shifts(match, target, {"ger-pd-3": origin}) == []
    assert [s.columns for s in _shifts(match, target, {"ger-pd-3": origin}, "mobile-assault")] == [
        -1
    ]


def test_crossing_arrow_2l_only_when_every_attacker_crosses_13_4_1() -> None:
    match = _after_112(_match())
    one = _shifts(match, "2347", {"ger-pd-3": "2446"})
    assert any(s.columns == -2 and "crossing arrow" in s.reason for s in one)
    land = next(
        n
        for n in match.topology.neighbours("2347")
        if n != "2446" and match.topology.terrain(n) not in ("sea", "lake")
    )
    both = _shifts(match, "2347", {"ger-pd-3": "2446", "ger-pd-4": land})
    assert not any("crossing arrow" in s.reason for s in both)


def test_no_soviet_terrain_shifts_on_turn_112_5_3() -> None:
    match = _match()
    target = _hex_with(match, "rough")
    assert _shifts(match, target, {"ger-pd-3": match.topology.neighbours(target)[0]}) == []


def test_terrain_and_construction_shifts_capped_at_2_13_5() -> None:
    """13.5: the capped group nets at most 2 columns: 3L of capped shifts read as 2L."""
    from wargame.combat import Shift, build_table

    table = build_table(match_table(), table_id="crt")
    three = [
        Shift.left(2, "mountain", "PMD 13.4.1", "capped"),
        Shift.left(1, "fort", "PMD 13.4.2", "capped"),
    ]
    assert table.column(4, 1, shifts=three).label == "2-1"
    assert table.column(4, 1, shifts=[*three, Shift.left(1, "GAST", "PMD 8.8")]).label == "1.5-1"


def match_table() -> dict:
    return _title().doc("combat-tables")["tables"]["crt"]


# --------------------------------------------------------------------------- weather (12.1-12.4)


def _to_turn(match: Match, n: int) -> None:
    while ynn(match) < n:
        end(match)


def test_summer_weather_is_dry_12_2() -> None:
    from wargame.calendar import weather

    match = _match()
    end(match) if match.decision is None else None
    assert weather(match, "nz") == "D" and weather(match, "sz") == "D"


def test_fall_a_chits_drawn_without_replacement_12_2() -> None:
    """The 2nd half of September and the 1st half of October (turns 118-119) draw the four A
    chits, one a week, until the cup is empty (12.2)."""
    from wargame.calendar import weather
    from wargame.games.proud_monster_deluxe.weather import CHITS

    match = _match()
    _to_turn(match, 118)
    drawn: list[str] = []
    while ynn(match) < 120:
        assert match.decision is not None
        if match.decision.phase.startswith("axis/") and match.decision.phase.endswith(
            "initial-movement"
        ):
            drawn.append(f"{weather(match, 'nz')}{weather(match, 'sz')}")
        end(match)
    assert sorted(drawn) == sorted(CHITS["A"])
    assert match.state.ns("weather-cups")["1:sep-oct"] == []


def _weather_week(options: dict[str, bool], n: int, week: int) -> tuple[str, bool]:
    """Run turn ``n``'s Weather Phase of ``week``: the weather (NZ, SZ) and whether a cup was
    drawn from."""
    from wargame.calendar import weather
    from wargame.games.proud_monster_deluxe import weather as pmd_weather

    from .pmd9_helpers import game_turn

    match = Match(_title(), "1941-historical", 1, options=options)
    match.state.cursor.turn = game_turn(n)
    spec = next(
        p
        for block in match.title.manifest.sequence.player_turns
        for p in block.phases
        if p.id == f"w{week}-weather"
    )
    pmd_weather.draw_weather(match, spec)
    drawn = any(k != "wa" for k in match.state.ns("weather-cups"))
    return f"{weather(match, 'nz')}{weather(match, 'sz')}", drawn


def test_the_optional_historical_weather_gives_each_chit_its_week_12_3() -> None:
    """12.3 (ruling W5): with the option each Fall 1941 and Spring 1942 week takes its chit, no
    draw; without it the week draws from its cup (12.2)."""
    from wargame.games.proud_monster_deluxe.weather import CHITS, HISTORICAL, face

    on = {"historical-weather": True}
    for (n, week), chit in ((k, v) for k, v in HISTORICAL.items() if k[0] in (120, 121, 205)):
        assert _weather_week(on, n, week) == (face(chit), False)
    assert _weather_week(on, 121, 2)[0] == "FM"  # the first frost, mid-November 1941
    assert _weather_week({}, 120, 1)[1]  # the option off: a chit drawn from the cup
    assert sorted(face(c) for (n, _), c in HISTORICAL.items() if n in (118, 119)) == sorted(
        CHITS["A"]
    )


def test_rain_slows_axis_leg_by_1_and_mech_by_2_not_soviets_12_4() -> None:
    from wargame.calendar import set_weather
    from wargame.mechanics.movement import allowance

    match = _match()
    units = match.state.units
    pd, inf = units["ger-pd-3"], units["ger-id-7"]
    before = allowance(match, pd), allowance(match, inf)
    set_weather(match, "R", "nz")
    set_weather(match, "R", "sz")
    match.touch()
    assert (allowance(match, pd), allowance(match, inf)) == (before[0] - 2, before[1] - 1)
    sov = next(u for u in units.values() if u.side == "soviet")
    assert allowance(match, sov) == match.unit_values(sov)["movement"]


def test_mud_and_snow_use_their_tec_columns_12_4() -> None:
    from wargame.mechanics.movement import chart_cost

    match = _match()
    pd = match.state.units["ger-pd-3"]
    topo = match.topology
    a = _hex_with(match, "clear")
    b = next(
        n
        for n in topo.neighbours(a)
        if topo.terrain(n) == "clear" and not (topo.edge(a, n).features)
    )
    assert chart_cost(match, pd, a, b) == 1
    assert chart_cost(match, pd, a, b, ("M", "M")) == 3  # Mud: the M column
    side = next(s for s in match.title.doc("map")["hexsides"] if "major-river" in s["features"])
    x, y = side["hexes"]
    dry = chart_cost(match, pd, x, y)
    move = match.title.doc("terrain")["terrain"][topo.terrain(y)]["move"]
    assert dry == move["mech"] + 2
    assert chart_cost(match, pd, x, y, ("S", "S")) == move["mech@S"]  # frozen: no river cost


def test_no_zoc_a_unit_moves_from_enemy_adjacent_hex_to_enemy_adjacent_hex_1_5() -> None:
    """1.5: there are no zones of control: a Soviet unit next to an Axis unit walks round it,
    hex to hex next to it, and on, paying the terrain alone."""
    match = _after_112(_match())
    to_phase(match, "soviet", "movement")
    clear(match)
    put(match, "ger-id-239", "3020")
    rd = put(match, "sov-rd-kovo-29", "3019")
    match.apply("move sov-rd-kovo-29 3019 3120 3121 3021")
    assert rd.loc == "3021"


# --------------------------------------------------------------------------- stacking (6.1)


def _over(match: Match, loc: str, ids: list[str]) -> bool:
    from wargame.mechanics.stacking import over

    return over(match, match.state.units[ids[0]].side, ids, loc)


def test_soviet_1941_limit_is_3_and_cavalry_counts_full_6_1() -> None:
    """6.1: 3 divisions fit a non-city hex in 1941, a fourth does not; T25 (16.4): a CD,
    though half a step, stacks as a full division (brigades: T25 below)."""
    match = _match()
    rd = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "rd"][:3]
    hex_id = _hex_with(match, "forest")
    assert not _over(match, hex_id, rd)
    td = next(u.id for u in match.state.units.values() if match.counter(u)["type"] == "td")
    assert _over(match, hex_id, [*rd, td])
    cd = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "cd"]
    assert _over(match, hex_id, [*rd[:2], *cd[:2]])  # a CD stacks as a full division (16.4)


def test_t25_four_units_need_two_brigades_five_need_four_16_4() -> None:
    """T25 (16.4 on 6.1): with the 1941 limit of 3 divisions on a clear hex, 4 units fit only
    if 2 are brigades (2 D + 2 B = 3) and 5 only if 4 are (1 D + 4 B = 3); one more division
    in either stack is over."""
    match = _match()
    hex_id = _hex_with(match, "clear")
    rd = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "rd"][:3]
    tb = [put(match, f"sov-tb-reinf-00{i}", None).id for i in range(1, 5)]
    assert not _over(match, hex_id, [*rd[:2], *tb[:2]])
    assert _over(match, hex_id, [*rd[:3], tb[0]])  # 4 units, 1 brigade: 3.5
    assert not _over(match, hex_id, [rd[0], *tb])
    assert _over(match, hex_id, [*rd[:2], *tb[:3]])  # 5 units, 3 brigades: 3.5


def test_cities_hold_10_and_soviet_heavy_forts_5_in_1941_6_1() -> None:
    match = _match()
    rds = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "rd"]
    assert not _over(match, "3304", rds[:10]) and _over(match, "3304", rds[:11])  # Leningrad
    assert not _over(match, "2347", rds[:5]) and _over(match, "2347", rds[:6])  # Perekop
    assert _over(match, _hex_with(match, "clear"), rds[:4])


def test_axis_limit_is_5_6_1() -> None:
    match = _match()
    axis = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "id"]
    where = _hex_with(match, "clear")
    assert not _over(match, where, axis[:5]) and _over(match, where, axis[:6])


def test_the_soviet_limit_follows_its_var_6_1() -> None:
    """The 1941 limit of 3 rises to 4 and 5 with earned CC markers (6.1): the var holds it."""
    match = _match()
    rds = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "rd"][:4]
    where = _hex_with(match, "clear")
    assert _over(match, where, rds)
    match.state.vars["soviet_stack_limit"] = 4
    assert not _over(match, where, rds)


def test_no_reserve_movement_without_reserve_markers_6_4() -> None:
    """6.4: only units in reserve move in the ERMP and FRMP; with no Soviet marker placed
    (none on 112: 5.3(2)) the Soviet phases pass without a decision, while every Axis unit is
    in reserve on 112 (5.3(8)): the Axis FRMP and the Soviet week's Axis ERMP run."""
    match = _match()
    seen = _phases_until_turn_2(match)
    reserve = [p for p in seen if "reserve-movement" in p]
    assert reserve == ["axis/w1-friendly-reserve-movement", "soviet/w1-enemy-reserve-movement"]


def test_axis_ignore_rivers_for_movement_on_turn_112_5_3() -> None:
    """5.3(10): on turn 112 Axis units pay no river hexside cost; Soviets do, and from 113
    the Axis does too."""
    from wargame.mechanics.movement import path_cost

    match = _match()
    topo = match.topology
    side = next(
        s
        for s in match.title.doc("map")["hexsides"]
        if s["features"] == ["minor-river"] and topo.terrain(s["hexes"][1]) == "clear"
    )
    a, b = side["hexes"]
    clear(match)
    pd = put(match, "ger-pd-3", a)
    rd = put(match, next(u for u in match.state.units if u.startswith("sov-rd")), a)
    assert path_cost(match, pd, [a, b])[0] == 1
    assert path_cost(match, rd, [a, b])[0] == 3
    _phases_until_turn_2(match)
    pd = put(match, "ger-pd-3", a)
    assert path_cost(match, pd, [a, b])[0] == 3
