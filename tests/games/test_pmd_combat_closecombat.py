"""Proud Monster Deluxe's Close Combat markers (13.1) and the Soviet stacking limit they raise
(6.1)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import closecombat
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET, ynn
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair, plain, title

RD = "sov-rd-interior-01"


def _combat_phase(side: str) -> Match:
    return at_phase(side, "combat")


def _turn_of(match: Match, n: int) -> int:
    turns = match.title.doc("calendar")["turns"]
    return next(int(k) for k, t in turns.items() if t["label"] == str(n))


def test_axis_has_6_markers_in_1941_4_in_1942_2_in_1943_none_in_1944_13_1() -> None:
    match = Match(title(), "1941-historical", 1)
    found = []
    for n in (113, 213, 313, 401):
        match.state.cursor.turn = _turn_of(match, n)
        found.append(closecombat.total(match, AXIS))
    assert found == [6, 4, 2, 0]


def test_the_attacker_commits_a_marker_before_attacking_13_1() -> None:
    match = _combat_phase(AXIS)
    target, origin = clear_pair(match)
    rd = put(match, RD, target)
    put(match, "ger-pd-3", origin)
    match.apply(f"close-combat {target}")
    assert closecombat.available(match, AXIS) == 5
    assert match.is_untried(rd)  # committed before the stack is examined
    refused(match, f"close-combat {target}", "already committed", rule="PMD 13.1")
    force_rolls(match, 1)
    match.apply(f"attack {target} with ger-pd-3")
    events = match.apply("afv decline")  # the AFV shift's question comes after (15.2)
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert any("attacker committed a Close Combat marker" in line for line in battle["explanation"])
    assert closecombat._declared(match) == {}


def test_no_marker_when_attacking_only_across_a_crossing_arrow_13_1() -> None:
    match = _combat_phase(AXIS)
    put(match, RD, "2347")
    put(match, "ger-pd-3", "2446")  # across the Sivash arrow only
    match.apply("close-combat 2347")
    refused(match, "attack 2347 with ger-pd-3", "crossing arrow", rule="PMD 13.1")


def test_the_defender_may_commit_one_if_the_attacker_did_not_13_1() -> None:
    match = _combat_phase(SOVIET)
    target, origin = clear_pair(match)
    put(match, "ger-id-7", target)
    rd = put(match, RD, origin)
    match.reveal(rd)
    match.apply(f"attack {target} with {RD}")
    decision = match.decision
    assert decision is not None and decision.kind == "close-combat" and decision.side == AXIS
    force_rolls(match, 1)
    events = match.apply("close-combat commit")
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert any("defender commits" in line for line in battle["explanation"])
    assert closecombat.available(match, AXIS) == 5


def test_a_city_defender_is_not_asked_its_city_is_close_combat_13_1() -> None:
    match = _combat_phase(SOVIET)
    put(match, "ger-id-7", "1808")
    origin = next(n for n in match.topology.neighbours("1808") if plain(match, n))
    rd = put(match, RD, origin)
    match.reveal(rd)
    match.apply(f"attack 1808 with {RD}")
    assert match.decision is not None and match.decision.kind == "construction"
    force_rolls(match, 1)
    match.apply("construction city")
    assert match.decision is None or match.decision.kind != "close-combat"


def test_a_used_marker_is_back_on_the_next_turn_13_1() -> None:
    match = _combat_phase(AXIS)
    target, origin = clear_pair(match)
    put(match, RD, target)
    put(match, "ger-pd-3", origin)
    match.apply(f"close-combat {target}")
    assert closecombat.available(match, AXIS) == 5
    turn = match.turn
    match.state.cursor.turn = turn + 1
    assert closecombat.available(match, AXIS) == 6


def test_soviet_markers_arrive_the_turn_after_6_and_12_points_13_1() -> None:
    match = _combat_phase(SOVIET)
    closecombat.add_points(match, 5, "test")
    closecombat.add_points(match, 1, "test")
    assert closecombat.available(match, SOVIET) == 0  # earned, not arrived
    match.state.cursor.turn += 1
    assert closecombat.available(match, SOVIET) == 1
    closecombat.add_points(match, 6, "test")
    match.state.cursor.turn += 1
    assert closecombat.available(match, SOVIET) == 2
    closecombat.add_points(match, 12, "test")  # no third marker in a war year
    match.state.cursor.turn += 1
    assert closecombat.available(match, SOVIET) == 2


def test_qualifying_points_start_again_each_war_year_13_1() -> None:
    match = _combat_phase(SOVIET)
    closecombat.add_points(match, 5, "test")
    match.state.cursor.turn = _turn_of(match, 211)
    assert ynn(match) == 211
    closecombat.add_points(match, 1, "test")
    assert match.state.ns("close-combat")["points"] == [211, 1]
    assert closecombat.soviet_arrived(match) == 0


def test_soviet_stacking_limit_grows_with_arrived_markers_6_1() -> None:
    match = _combat_phase(SOVIET)
    assert match.state.vars["soviet_stack_limit"] == 3
    closecombat.add_points(match, 6, "test")
    end(match)
    assert match.state.vars["soviet_stack_limit"] == 3  # earned this turn, not arrived
    while match.turn == match.state.ns("close-combat")["earned"][0]:
        end(match)
    assert match.state.vars["soviet_stack_limit"] == 4
    closecombat.add_points(match, 6, "test")
    turn = match.turn
    while match.turn == turn:
        end(match)
    assert match.state.vars["soviet_stack_limit"] == 5
    match.state.vars["soviet_stack_limit"] = 3
    assert match.phase is not None and match.phase.spec.id != "reinforcement"
    closecombat.stack_limit(match, match.phase.spec)  # set only as a turn begins
    assert match.state.vars["soviet_stack_limit"] == 3
    closecombat.stack_limit(match, match.title.manifest.sequence.before_turn[0])
    assert match.state.vars["soviet_stack_limit"] == 5


def test_a_soviet_attack_scores_a_destroyed_german_division_and_2_1_odds_13_1() -> None:
    match = _combat_phase(SOVIET)
    target, origin = clear_pair(match)
    put(match, "ger-id-7", target)
    rd = put(match, RD, origin)
    battle = Battle("b9", [rd.id], ["ger-id-7"], target, {rd.id: origin}, "attack")
    battle.column = "2-1"
    closecombat.score(match, battle)
    assert match.state.ns("close-combat")["points"][1] == 1  # (B) only: the ID survived
    match.place(match.state.units["ger-id-7"], None)
    battle.column = "1.5-1"
    closecombat.score(match, battle)
    assert match.state.ns("close-combat")["points"][1] == 2  # (A) only


def _new_year_position(on_map: int) -> tuple[Match, list[str]]:
    """Turn 201's Axis Reinforcement Phase (1942: 4 Axis markers) with ``on_map`` Axis markers
    on jointly-occupied hexes, each with a panzer division and an RD in it."""
    from wargame.games.proud_monster_deluxe.turns import ynn as ynn_of

    match = _combat_phase(AXIS)
    hexes = [h for h in match.topology.locations() if plain(match, h)][: on_map * 3 : 3]
    for n, loc in enumerate(hexes):
        match.reveal(put(match, f"sov-rd-interior-{n + 1:02d}", loc))
        put(match, ("ger-pd-3", "ger-pd-9", "ger-pd-11", "ger-pd-13", "ger-pd-19")[n], loc)
        closecombat.keep(match, loc, AXIS)
    match.state.cursor.turn = _turn_of(match, 201)
    assert ynn_of(match) == 201
    closecombat.new_year(match, PhaseSpec(id="axis-reinforcement", kind="reinforce", side=AXIS))
    return match, hexes


def test_at_the_new_year_the_axis_takes_markers_off_the_map_and_loses_their_units_13_1() -> None:
    match, hexes = _new_year_position(5)  # 5 on the map, 4 in 1942
    decision = match.decision
    assert decision is not None and decision.kind == "cc-remove" and decision.side == AXIS
    match.apply(f"cc-remove {hexes[2]}")
    assert [u.side for u in match.units_at(hexes[2])] == [SOVIET]  # the panzers eliminated
    assert closecombat.axis_on_map(match) == [h for h in sorted(hexes) if h != hexes[2]]
    assert match.decision is None or match.decision.kind != "cc-remove"


def test_no_choice_when_the_markers_on_the_map_fit_the_new_year_13_1() -> None:
    match, hexes = _new_year_position(4)
    assert match.decision is None or match.decision.kind != "cc-remove"
    assert closecombat.axis_on_map(match) == sorted(hexes)


def test_a_marker_left_on_a_hex_is_on_both_sides_maps_and_the_counts_in_the_status_13_1() -> None:
    """A Close Combat marker left on a jointly-occupied hex is public: both views show it
    where it stands until it is lifted; the status lists each side's markers available."""
    match = Match(title(), "1941-historical", 1)
    loc = next(u.loc for u in match.units_of(AXIS) if u.loc)
    closecombat.keep(match, loc, AXIS)
    key = f"close-combat-{AXIS}-{loc}"
    for side in (AXIS, SOVIET):
        assert match.view(side)["markers"][key] == {
            "type": "close-combat",
            "loc": loc,
            "side": AXIS,
        }
    lines = closecombat.wargame_status_lines(match, SOVIET, match.view(SOVIET))
    assert lines == [
        "Close Combat markers: axis 6 of 6 available, soviet 0 of 0 available (PMD 13.1)"
    ]
    closecombat.lift(match, loc, "the hex is no longer jointly occupied")
    assert key not in match.view(AXIS)["markers"]


def test_a_marker_lets_a_pa_into_an_empty_hex_advance_at_once_13_1() -> None:
    """13.1(1): with a Close Combat marker a prepared assault goes into a hex empty of enemy
    units and its attackers advance into it; the marker is used for the 2-week turn, and the
    advanced units attack no more this phase (ruling CC5)."""
    match = _combat_phase(AXIS)
    target, origin = clear_pair(match)
    pd = put(match, "ger-pd-3", origin)
    assert f"cc-empty {target} with ger-pd-3" in {str(a) for a in match.legal_actions()}
    match.apply(f"cc-empty {target} with ger-pd-3")
    assert pd.loc == target
    assert closecombat.available(match, AXIS) == 5
    refused(match, f"cc-empty {origin} with ger-pd-3", "may not attack now", rule="PMD 13.1")
    match.state.cursor.turn += 1
    assert closecombat.available(match, AXIS) == 6  # back the next 2-week turn


def test_no_pa_into_an_empty_hex_without_a_marker_or_into_a_held_one_13_1() -> None:
    """13.1(1) both sides: not into a hex with units in it, not without an available marker (the
    Soviet has none in June 1941), and a refusal changes nothing."""
    match = _combat_phase(AXIS)
    target, origin = clear_pair(match)
    put(match, "ger-pd-3", origin)
    put(match, RD, target)
    refused(match, f"cc-empty {target} with ger-pd-3", "not empty", rule="PMD 13.1")
    assert closecombat.available(match, AXIS) == 6
    match = _combat_phase(SOVIET)
    target, origin = clear_pair(match)
    rd = put(match, RD, origin)
    assert closecombat.available(match, SOVIET) == 0
    assert not any(str(a).startswith("cc-empty") for a in match.legal_actions())
    refused(match, f"cc-empty {target} with {RD}", "no Close Combat marker", rule="PMD 13.1")
    assert rd.loc == origin


@cache
def _cached(side: str) -> Match:
    return _combat_phase(side)


def _phase(side: str) -> Match:
    """A copy of ``side``'s Combat Phase on the empty map (one position a side)."""
    return _cached(side).sandbox()


def _soviet_marker(match: Match) -> None:
    closecombat._ns(match)["earned"] = [match.turn - 1]  # arrived this turn (13.1)
    match.touch()


def test_advancing_untried_units_become_tried_or_stay_untried_as_the_soviet_chooses_13_1() -> None:
    """13.1(1), 2.4.9: after a PA into an empty hex the owner of the untried units that
    advanced chooses which become tried (ruling CC5); a tried advance asks nothing."""
    match = _phase(SOVIET)
    _soviet_marker(match)
    target, origin = clear_pair(match)
    rd1, rd2 = put(match, RD, origin), put(match, "sov-rd-interior-02", origin)
    assert match.is_untried(rd1) and match.is_untried(rd2)
    before = match.sandbox()
    match.apply(f"cc-empty {target} with {RD},sov-rd-interior-02")
    decision = match.decision
    assert decision is not None and (decision.side, decision.kind) == (SOVIET, "cc-try")
    legal = {str(a) for a in match.legal_actions()}
    assert {f"cc-try {RD}", "cc-try none", f"cc-try {RD},sov-rd-interior-02"} <= legal
    refused(match, "cc-try sov-rd-interior-03", "untried units that advanced", rule="PMD 13.1")
    match.apply(f"cc-try {RD}")
    assert not match.is_untried(rd1) and match.is_untried(rd2)
    assert match.decision is not None and match.decision.kind == "combat"
    match = before
    match.apply(f"cc-empty {target} with {RD},sov-rd-interior-02")
    match.apply("cc-try none")  # they may stay untried
    units = match.state.units
    assert match.is_untried(units[RD]) and match.is_untried(units["sov-rd-interior-02"])
    assert units[RD].loc == target
    axis = _phase(AXIS)
    target, origin = clear_pair(axis)
    put(axis, "ger-pd-3", origin)
    axis.apply(f"cc-empty {target} with ger-pd-3")
    assert axis.decision is not None and axis.decision.kind == "combat"  # nothing untried


def test_a_marker_tries_a_stack_in_an_rvgk_area_in_the_soviet_combat_phase_13_1() -> None:
    """13.1(1): a stack of untried units in an RVGK area becomes tried with a marker, in the
    Soviet Combat Phase, one legal stack (6.1; ruling CC5); the marker is used for the turn."""
    match = _phase(SOVIET)
    ids = [f"sov-rd-interior-0{n}" for n in range(1, 5)]
    for uid in ids:
        put(match, uid, "box:rvgk-north")
    south = put(match, "sov-rd-interior-05", "box:rvgk-south")
    match.touch()
    stack = ",".join(ids[:3])
    refused(match, f"cc-try {stack}", "no Close Combat marker", rule="PMD 13.1")
    _soviet_marker(match)
    assert f"cc-try {stack}" in {str(a) for a in match.legal_actions()}
    refused(match, f"cc-try {','.join(ids)}", "one legal stack", rule="PMD 6.1")
    refused(match, f"cc-try {ids[0]},{south.id}", "same RVGK area", rule="PMD 13.1")
    refused(match, f"cc-try {RD}-x", "RVGK area", rule="PMD 13.1")
    match.apply(f"cc-try {stack}")
    units = match.state.units
    assert not any(match.is_untried(units[i]) for i in ids[:3])
    assert match.is_untried(units[ids[3]]) and match.is_untried(south)
    assert closecombat.available(match, SOVIET) == 0  # used for this 2-week turn
    refused(match, f"cc-try {ids[3]}", "no Close Combat marker", rule="PMD 13.1")
    axis = _phase(AXIS)
    put(axis, ids[0], "box:rvgk-north")
    _soviet_marker(axis)
    assert "Combat Phase" in str(closecombat.rvgk_problem(axis, SOVIET, [ids[0]]))
