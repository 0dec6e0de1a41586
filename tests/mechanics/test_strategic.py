"""Strategic movement as a shared mechanic (PGG 6.3, DC 9.A, Barbarossa 8.6-8.7, PMD 11.2) on a
Hexland variant with a rail line along row 03: the path rules (rail, friendly, passable), the
hex budget, the weighted capacity and the period it is counted in, the start rules, what a path
may not enter, the limit on movers ending in one place and what a mover may not do after."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import clear, make_variant, put, to_phase
from wargame.errors import DataError
from wargame.match import Match
from wargame.mechanics import strategic
from wargame.testing import refused

MECHANICS = ["movement", "rigid-zoc", "combat", "step-losses", "retreat-advance"]
MECHANICS += ["strategic-movement"]

SEQUENCE: dict[str, Any] = {
    "player_turns": [
        {"side": side, "phases": [
            {"id": "strategic", "kind": "strategic"},
            {"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]}
        for side in ("blue", "red")
    ],
}  # fmt: skip

RAIL_ROW = [f"{c:02d}03" for c in range(1, 13)]

PGG_LIKE: dict[str, Any] = {
    "sides": ["blue"],
    "capacity": 3,
    "per": "game-turn",
    "weights": [{"tags": ["mech"], "weight": 2}, {"mobility": ["leader"], "weight": 0}],
    "path": "rail",
    "budget": 6,
    "start": ["on-line", "unmoved"],
    "enter": ["enemy-zoc", "enemy-units"],
    "after": ["no-move"],
    "rule": "HL 9.1",
}


def rail_line(docs: dict[str, dict[str, Any]]) -> None:
    docs["map"]["lines"].append({"kind": "rail", "name": "Row 3 railway", "hexes": RAIL_ROW})
    docs["terrain"]["features"]["rail"] = {"name": "Railroad", "move": {}}


def new(tmp_path: Path, **settings: Any) -> Match:
    merged = {**PGG_LIKE, **settings}
    title = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        options={"strategic-movement": {k: v for k, v in merged.items() if v is not None}},
        sequence=SEQUENCE,
        edit=rail_line,
    )
    m = Match(title, "meeting", 1)
    to_phase(m, "blue", "strategic")
    clear(m)
    return m


def legal(m: Match) -> set[str]:
    return {str(a) for a in m.legal_actions()}


def test_rail_moves_follow_the_line_within_the_hex_budget_6_33(tmp_path: Path) -> None:
    m = new(tmp_path)
    put(m, "1-inf", "0103")
    moves = legal(m)
    assert "strategic 1-inf 0103 0203 0303 0403 0503 0603 0703" in moves  # six rail hexes
    assert not any(a.endswith(" 0803") for a in moves)  # seven: over the budget
    assert not any(a.split()[-1] == "0104" for a in moves)  # off the line
    refused(m, "strategic 1-inf 0103 0203 0303 0403 0503 0603 0703 0803", "costs 7 of the 6")
    refused(m, "strategic 1-inf 0103 0104", "not joined by a rail line", rule="HL 9.1")
    m.apply("strategic 1-inf 0103 0203 0303 0403")
    assert m.state.units["1-inf"].loc == "0403"


def test_a_unit_off_the_line_may_not_start_6_32(tmp_path: Path) -> None:
    m = new(tmp_path)
    put(m, "1-inf", "0104")
    assert "1-inf" not in m.actors("strategic")
    refused(m, "strategic 1-inf 0104 0103", "not on a rail line", rule="HL 9.1")


def test_capacity_is_weighted_by_unit_class_and_counted_per_game_turn_6_31(
    tmp_path: Path,
) -> None:
    m = new(tmp_path)
    put(m, "7-arm", "0103")
    put(m, "1-inf", "0203")
    put(m, "2-inf", "0203")
    m.apply("strategic 7-arm 0103 0203 0303 0403 0503")  # mech counts two of three
    assert strategic.used(m, "blue") == 2 and strategic.left(m, "blue") == 1
    refused(m, "strategic 1-inf,2-inf 0203 0303", "2 used, 2 more asked", rule="HL 9.1")
    m.apply("strategic 1-inf 0203 0303 0403")
    assert strategic.used(m, "blue") == 3
    assert m.actors("strategic") == []  # the capacity is spent
    to_phase(m, "red", "movement")
    to_phase(m, "blue", "strategic")
    assert m.turn == 2 and strategic.used(m, "blue") == 0  # a new Game-Turn, a new count


def test_a_leader_counts_nothing_6_31(tmp_path: Path) -> None:
    m = new(tmp_path, sides=["blue", "red"])
    hq = put(m, "hq-red", "0103")
    assert strategic.weight(m, hq) == 0


def test_no_entry_into_an_enemy_zoc_or_enemy_hex_6_32(tmp_path: Path) -> None:
    m = new(tmp_path)
    put(m, "1-inf", "0103")
    put(m, "r1", "0505")  # its ZOC touches 0504 and 0404/0604, not row 03
    put(m, "r2", "0402")  # ZOC over 0303 and 0403
    reasons = strategic.blocked(m, "blue")
    assert "enemy ZOC" in reasons["0303"] and "enemy units" in reasons["0402"]
    assert not any(a.split()[-1] in ("0303", "0403", "0503") for a in legal(m))
    refused(m, "strategic 1-inf 0103 0203 0303", "may not enter 0303", "enemy ZOC")


def test_after_a_strategic_move_no_normal_move_that_phase_nor_turn_6_32(tmp_path: Path) -> None:
    m = new(tmp_path)
    put(m, "1-inf", "0103")
    m.apply("strategic 1-inf 0103 0203")
    m.apply("end")
    refused(m, "move 1-inf 0203 0204", "moved strategically this game-turn", rule="HL 9.1")
    m.apply("end")
    to_phase(m, "blue", "movement")  # next turn the ban is gone
    assert m.turn == 2
    assert any(a.startswith("move 1-inf ") for a in legal(m))


def test_a_unit_that_moved_this_phase_may_not_go_strategically_6_32(tmp_path: Path) -> None:
    m = new(tmp_path)
    put(m, "1-inf", "0103", moved=strategic.kmove.phase_key(m))
    assert "1-inf" not in m.actors("strategic")
    refused(m, "strategic 1-inf 0103 0203", "already moved this phase", rule="HL 9.1")


def test_friendly_path_any_distance_through_controlled_points_9_A(tmp_path: Path) -> None:
    m = new(tmp_path, path="friendly", budget=None, start=["friendly"], enter=["unfriendly"])
    put(m, "1-inf", "0105")
    for c in range(1, 12):
        m.state.control[f"{c:02d}05"] = "blue"
    m.touch()
    moves = legal(m)
    assert "strategic 1-inf 0105 0205 0305 0405 0505 0605 0705 0805 0905 1005 1105" in moves
    assert not any(a.split()[-1] in ("1205", "0104") for a in moves)  # not controlled
    refused(m, "strategic 1-inf 0105 0104", "0104 is not blue-controlled", rule="HL 9.1")
    m.state.control["0105"] = "red"
    m.touch()
    assert "1-inf" not in m.actors("strategic")  # must start on a friendly point


def test_passable_path_ends_next_to_the_enemy_8_7(tmp_path: Path) -> None:
    m = new(
        tmp_path, path="passable", budget=None, start=[], enter=["enemy-units", "next-to-enemy"]
    )
    put(m, "1-inf", "0105")
    put(m, "r1", "0605")
    moves = {a.split()[-1]: a for a in legal(m) if a.startswith("strategic 1-inf")}
    assert "0505" in moves  # the last hex may be next to the enemy
    assert "0705" not in moves or "0505" not in moves["0705"].split()[2:-1]
    top = m.topology
    beyond = next(
        h
        for h in top.neighbours("0505")
        if h not in top.neighbours("0605") and h not in ("0405", "0605")
    )
    path = f"strategic 1-inf 0105 0205 0305 0405 0505 {beyond}"
    refused(m, path, "0505 is next to an enemy unit: only the last hex", rule="HL 9.1")


def test_no_more_than_max_ending_movers_end_on_one_point_9_A_3(tmp_path: Path) -> None:
    m = new(tmp_path, capacity=5, max_ending=1)
    put(m, "1-inf", "0103")
    put(m, "2-inf", "0203")
    m.apply("strategic 1-inf 0103 0203 0303")
    assert strategic.ending(m, "blue", "0303") == 1
    refused(m, "strategic 2-inf 0203 0303", "1 strategic movers already end on 0303")


def test_other_sides_and_turns_outside_the_window_may_not_8_6(tmp_path: Path) -> None:
    m = new(tmp_path, turns=[2, 3])
    put(m, "1-inf", "0103")
    assert m.actors("strategic") == []
    refused(m, "strategic 1-inf 0103 0203", "no strategic movement for blue now")
    to_phase(m, "red", "strategic")
    put(m, "r1", "0103")
    refused(m, "strategic r1 0103 0203", "no strategic movement for red now")


def test_a_title_with_its_own_verb_gets_no_actions_from_the_mechanics(tmp_path: Path) -> None:
    m = new(tmp_path, verb=False)
    put(m, "1-inf", "0103")
    assert m.actors("strategic") == []
    refused(m, "strategic 1-inf 0103 0203", "its own verbs")


def test_unknown_settings_are_load_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="capacty"):
        new(tmp_path, capacty=3)


def test_capacity_in_steps_left_with_weighted_classes_pmd_11_2(tmp_path: Path) -> None:
    """PMD 11.2: 8 steps a week, an artillery unit 3: ``by_steps`` counts a unit no weight
    matches by its steps left, and a reduced unit counts fewer."""
    m = new(tmp_path, capacity=5, weights=[{"tags": ["mech"], "weight": 3}], by_steps=True)
    inf, arm = put(m, "1-inf", "0103"), put(m, "7-arm", "0203")
    assert strategic.weight(m, inf) == 3 and strategic.weight(m, arm) == 3
    inf.step = 2  # one step left
    assert strategic.weight(m, inf) == 1
    m.apply("strategic 7-arm 0203 0303")
    full = put(m, "2-inf", "0403")
    refused(m, "strategic 2-inf 0403 0503", "3 used, 3 more asked", rule="HL 9.1")
    full.step = 1  # two steps left: 3 + 2 = 5
    m.touch()
    m.apply("strategic 2-inf 0403 0503")
    assert strategic.used(m, "blue") == 5 and strategic.left(m, "blue") == 0


def test_no_start_end_or_passage_next_to_an_enemy_unit_pmd_11_2(tmp_path: Path) -> None:
    """PMD 11.2: a strategic move may not begin, end or pass next to an enemy unit
    (``not-next-to-enemy`` to start, ``beside-enemy`` on the path); once the enemy is gone the
    same move is legal."""
    m = new(tmp_path, start=["on-line", "not-next-to-enemy"], enter=["enemy-units", "beside-enemy"])
    put(m, "1-inf", "0103")
    r1 = put(m, "r1", "0402")  # next to 0303 and 0403 on the line
    assert "0303" in strategic.blocked(m, "blue")
    assert not any(a.split()[-1] in ("0303", "0403", "0503") for a in legal(m))
    refused(m, "strategic 1-inf 0103 0203 0303", "0303 is next to an enemy unit")
    put(m, "2-inf", "0303")
    assert "2-inf" not in m.actors("strategic")
    refused(m, "strategic 2-inf 0303 0203", "starts next to an enemy unit", rule="HL 9.1")
    m.place(r1, None)
    m.touch()
    assert {"strategic 1-inf 0103 0203 0303 0403", "strategic 2-inf 0303 0403"} <= legal(m)
