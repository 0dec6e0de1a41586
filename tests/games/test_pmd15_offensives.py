"""Proud Monster Deluxe's Seasonal Offensive weeks (5.4, 14.8) and the Soviet First Winter
Offensive (5.5)."""

from __future__ import annotations

from tests.games.pmd_steps import answer, end, to_phase
from wargame.games.proud_monster_deluxe import offensives
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.mechanics import movement, overrun
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair, title

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]


def _turn(match: Match, wanted: int) -> None:
    """Put the match's clock on the turn the rulebook calls ``wanted`` (YNN)."""
    for t in range(1, 69):
        if ynn(match, t) == wanted:
            match.state.cursor.turn = t
            match.touch()
            return
    raise AssertionError(wanted)


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def _resolve(match: Match) -> None:
    """Each decision up to the movement phase, the first listed, the MA's Close Combat marker
    declined (13.1, 14.3: with it a failed MA may advance instead, 14.7)."""
    while match.decision is not None and match.decision.kind != "movement":
        if match.decision.kind == "close-combat":
            match.apply("close-combat decline")
            continue
        answer(match)


def test_the_axis_start_with_turn_112_declared_their_summer_1941_offensive_5_4() -> None:
    match = Match(title(), "1941-historical", 1)
    assert offensives.chart(match)["axis"] == {"summer-1941": "112.1"}
    assert offensives.active(match, "axis")
    while match.turn == 1:
        end(match)
    to_phase(match, "axis", "refit")  # past turn 113's Reinforcement and Weather Phases
    assert not offensives.active(match, "axis")  # 5.4: the week is over


def test_one_offensive_week_a_season_5_4() -> None:
    match = at_phase("axis", "refit")  # turn 113: still Summer 1941, already used on 112
    refused(match, "offensive", "one Seasonal Offensive week a season", rule="PMD 5.4")
    _turn(match, 117)  # Fall 1941: a new season
    assert "offensive" in _legal(match)
    match.apply("offensive")
    assert offensives.chart(match)["axis"]["fall-1941"] == "117.1"
    assert offensives.active(match, "axis")
    assert "offensive" not in _legal(match)


def test_the_soviets_first_offensive_is_in_december_1941_5_4() -> None:
    match = at_phase("soviet", "refit")
    _turn(match, 122)
    refused(match, "offensive", "December 1941", rule="PMD 5.4")
    _turn(match, 123)
    match.apply("offensive")
    assert offensives.chart(match)["soviet"] == {"winter-1941": "123.1"}


def test_no_axis_offensive_in_the_first_winter_or_after_august_1943_5_4() -> None:
    match = at_phase("axis", "refit")
    for turn in (123, 204, 317, 405):
        _turn(match, turn)
        refused(match, "offensive", "1941/42 winter or after August 1943", rule="PMD 5.4")
    _turn(match, 316)
    assert "offensive" in _legal(match)


def test_an_axis_offensive_week_ma_costs_german_mech_6_mp_cavalry_still_4_5_4() -> None:
    match = at_phase("axis", "movement")
    launch, target = clear_pair(match)
    pd = put(match, "ger-pd-3", launch)
    cd = put(match, "ger-cd-1", launch)
    scale = movement.scale(match)
    assert overrun.cost(match, pd, launch, target) == 7 * scale
    match.state.vars[offensives.var("axis")] = "axis"
    assert overrun.cost(match, pd, launch, target) == 6 * scale
    assert overrun.cost(match, cd, launch, target) == 4 * scale


def test_the_offensive_week_ends_at_the_next_weather_phase_5_4() -> None:
    match = at_phase("axis", "refit")
    _turn(match, 117)
    match.apply("offensive")
    for _ in range(60):
        leaf = match.phase
        if leaf is not None and leaf.spec.id == "w2-refit":
            break
        end(match)
    assert not offensives.active(match, "axis")
    assert offensives.chart(match)["axis"]["fall-1941"] == "117.1"  # the chart keeps it


def _failed_ma(declared: bool) -> tuple[Match, str, str]:
    match = at_phase("axis", "movement")
    launch, target = clear_pair(match)
    if declared:
        match.state.vars[offensives.var("axis")] = "axis"
    for uid in RDS[:3]:
        match.reveal(put(match, uid, target))
    put(match, "ger-pd-3", launch)
    put(match, "ger-pd-4", launch)
    force_rolls(match, 1)
    match.apply(f"overrun {target} with ger-pd-3,ger-pd-4 via {launch}")
    _resolve(match)
    return match, launch, target


def test_a_failed_offensive_ma_may_go_again_on_the_same_stack_14_8() -> None:
    match, launch, target = _failed_ma(declared=True)
    both = "ger-pd-3,ger-pd-4"
    assert all(match.state.units[u].loc == launch for u in both.split(","))
    assert any(match.state.units[u].loc == target for u in RDS[:3])
    # the failed stack may not move on instead (14.8: back in the launch hex, movement over)
    other = next(
        n
        for n in match.topology.neighbours(launch)
        if n != target and match.topology.terrain(n) == "clear"
    )
    refused(match, f"move ger-pd-3 {launch} {other}", "launch hex", rule="PMD 14.8")
    match.reveal(put(match, RDS[3], other))
    refused(match, f"overrun {other} with {both} via {launch}", "same stack", rule="PMD 14.8")
    again = f"overrun {target} with {both} via {launch}"
    assert again in _legal(match)  # the Axis player's choice: a second round, 6 MP more
    force_rolls(match, 1)
    match.apply(again)
    _resolve(match)
    assert offensives._assaults(match)["ger-pd-4"][2] == 2
    if match.state.units["ger-pd-4"].loc == launch:  # failed again: no third round
        refused(match, again, "at most 2 rounds", rule="PMD 14.8")


def test_a_unit_short_of_its_full_mf_may_not_join_the_second_round_14_8(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    match, launch, target = _failed_ma(declared=True)
    units = [match.state.units["ger-pd-3"]]
    assert offensives.second_round_problem(match, units, target) is None
    monkeypatch.setattr(offensives.movement, "allowance", lambda m, u: 10 * movement.scale(m))
    found = offensives.second_round_problem(match, units, target)
    assert found is not None and "lost MF" in found


def test_no_second_round_outside_an_offensive_week_14_8() -> None:
    match, launch, target = _failed_ma(declared=False)
    alive = [u for u in ("ger-pd-3", "ger-pd-4") if match.state.units[u].loc == launch]
    assert not any(a.startswith("overrun") and alive[0] in a for a in _legal(match))


def test_at_most_two_rounds_and_only_the_same_hex_14_8() -> None:
    match, launch, target = _failed_ma(declared=True)
    pd3 = match.state.units["ger-pd-3"]
    book = offensives._assaults(match)
    book[pd3.id][2] = 2  # as after the second round
    assert offensives.second_round_problem(match, [pd3], target) is not None
    book[pd3.id][2] = 1
    other = next(n for n in match.topology.neighbours(launch) if n != target)
    found = offensives.second_round_problem(match, [pd3], other)
    assert found is not None and "same stack" in found


def test_the_second_round_records_go_with_the_phase_14_8() -> None:
    match, launch, target = _failed_ma(declared=True)
    assert offensives._assaults(match)
    end(match)
    assert not offensives._assaults(match)


def test_the_soviet_first_winter_offensive_shifts_1r_north_of_the_ns_line_5_5() -> None:
    match = at_phase("soviet", "refit")
    _turn(match, 124)
    match.apply("offensive")
    assert match.state.ns("offensives").get("first_winter_offensive")
    battle = _soviet_battle(match, south=False)
    shifts = offensives.wargame_combat_shifts(match, battle)
    assert [s.rule for s in shifts] == ["PMD 5.5"]
    assert offensives.wargame_combat_shifts(match, _soviet_battle(match, south=True)) == []


def test_the_first_winter_offensive_ends_after_turn_204_5_5() -> None:
    match = at_phase("soviet", "refit")
    _turn(match, 204)
    match.apply("offensive")
    _turn(match, 205)
    end(match)  # the next phase starts after turn 204
    end(match)
    assert "first_winter_offensive" not in match.state.ns("offensives")


def test_no_first_winter_shift_without_the_declaration_or_for_the_axis_5_5() -> None:
    match = at_phase("soviet", "refit")
    _turn(match, 124)
    assert offensives.wargame_combat_shifts(match, _soviet_battle(match, south=False)) == []


def _soviet_battle(match: Match, south: bool):  # type: ignore[no-untyped-def]
    from wargame.match import Battle

    region = match.topology.region("south")
    target = next(
        h
        for h in sorted(match.topology.region("country:ussr"))
        if (h in region) == south and match.topology.terrain(h) == "clear"
    )
    return Battle(id="b1", kind="attack", target=target, attackers=[RDS[0]], defenders=[])


def test_the_so_record_chart_shows_in_the_status_for_both_sides_5_4() -> None:
    match = at_phase("soviet", "refit")
    _turn(match, 124)
    match.apply("offensive")
    lines = offensives.wargame_status_lines(match, "axis", {})
    assert "axis Seasonal Offensive weeks: summer-1941 112.1 (PMD 5.4)" in lines
    assert (
        "soviet Seasonal Offensive weeks: winter-1941 124.1 (this week is one) (PMD 5.4)" in lines
    )
    assert any("First Winter Offensive" in line for line in lines)


def test_the_named_shifts_go_beyond_the_13_5_cap_5_5_8_8() -> None:
    """13.5, 5.5(1), 8.8: terrain, construction and unit shifts net at most 2 either way; the
    Soviet first winter shift comes on top of that (ruling C20)."""
    from wargame.combat import Shift
    from wargame.games.proud_monster_deluxe.combat import CAPPED
    from wargame.mechanics import combat as combat_mechanic

    match = at_phase("soviet", "refit")
    _turn(match, 124)
    match.apply("offensive")
    battle = _soviet_battle(match, south=False)
    winter = offensives.wargame_combat_shifts(match, battle)
    table = combat_mechanic.table_for(match, battle)
    capped = [Shift.right(1, f"terrain {i}", "PMD 13.5", CAPPED) for i in range(3)]
    base = table.column(6, 2)
    at_cap = table.column(6, 2, shifts=capped)
    beyond = table.column(6, 2, shifts=[*capped, *winter])
    labels = list(table.labels)
    assert labels.index(at_cap.label) == labels.index(base.label) + 2
    assert labels.index(beyond.label) == labels.index(base.label) + 3
