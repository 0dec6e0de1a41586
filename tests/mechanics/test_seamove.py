"""Sea movement (wargame.mechanics.seamove; Barbarossa 10.16-10.17, LWE 9.17, PMD 10.2-10.4) on a
Hexland variant with two "seas": west ports 0305, 0310 and 0101, east port 1005, linked while
Blue controls 0606 (a stand-in for the Kerch Strait). Blue infantry sail, one unit's weight a
phase on the west sea; armour weighs 2 and may not sail the west sea at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import make_variant, put, simple_match
from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.mechanics.losses import steps_left

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "sea-movement"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf", "2-inf"], "at": ["0305"]},
    "a": {"side": "blue", "units": ["7-arm"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0909"]},
}
SEAS = {
    "seas": [
        {
            "id": "west",
            "side": "blue",
            "ports": ["0305", "0310", "0101"],
            "capacity": 1,
            "units": ["infantry"],
            "no_attack": True,
            "rule": "HL 10.16",
        },
        {
            "id": "east",
            "side": "blue",
            "ports": ["1005"],
            "capacity": 2,
            "weights": {"armor": 2},
            "rule": "HL 9.17",
        },
    ],
    "links": [{"seas": ["west", "east"], "needs": ["0606"]}],
    "rule": "HL 10.16",
}


def sea_match(tmp_path: Path, seas: dict[str, Any]) -> Match:
    """Blue's movement phase with ``seas`` and every port Blue's."""
    match = simple_match(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"sea-movement": seas},
    )
    for h in ("0305", "0310", "0101", "1005"):
        match.state.control[h] = "blue"
    match.touch()
    return match


@pytest.fixture()
def m(tmp_path: Path) -> Match:
    return sea_match(tmp_path, SEAS)


def sea_moves(m: Match) -> set[str]:
    return {str(a) for a in m.legal_actions() if a.verb == "sea"}


def test_an_eligible_unit_sails_port_to_port_and_moves_no_further(m: Match) -> None:
    assert {"sea 1-inf 0310", "sea 1-inf 0101"} <= sea_moves(m)
    assert not any(a.startswith("sea 7-arm") for a in sea_moves(m))  # armour: not on the west sea
    m.apply("sea 1-inf 0310")
    unit = m.state.units["1-inf"]
    assert unit.loc == "0310"
    assert not [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "1-inf"]


def test_capacity_a_phase_and_it_comes_back_next_phase(m: Match) -> None:
    m.apply("sea 1-inf 0310")
    assert not any(a.startswith("sea 2-inf") for a in sea_moves(m))  # the west sea's one is used
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="HL 10.16"):
        m.apply("sea 2-inf 0101")
    assert m.state_hash() == before
    for _ in range(4):  # Blue combat, Red's turn, back to Blue's movement
        m.apply("end")
    assert m.decision.side == "blue" and m.decision.kind == "movement"
    assert "sea 2-inf 0101" in sea_moves(m)
    assert not m.state.plugins.get("sea-movement")  # the count goes with its phase


def test_only_from_a_port_at_the_start_of_the_phase(m: Match) -> None:
    move = next(a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "2-inf")
    m.apply(str(move))
    assert not any(a.startswith("sea 2-inf") for a in sea_moves(m))  # moved: no sailing
    put(m, "1-inf", "0506")  # not a port
    m.touch()
    assert not any(a.startswith("sea 1-inf") for a in sea_moves(m))


def test_enemy_or_unfriendly_ports_do_not_serve(m: Match) -> None:
    m.state.control["0101"] = "red"
    put(m, "r1", "0310")
    m.touch()
    assert not any(a.startswith("sea 1-inf") for a in sea_moves(m))


def test_linked_seas_need_the_strait_and_weights_count(m: Match) -> None:
    assert "sea 1-inf 1005" not in sea_moves(m)
    m.state.control["0606"] = "blue"
    m.touch()
    assert "sea 1-inf 1005" in sea_moves(m)  # west to east, on the west sea's capacity
    put(m, "7-arm", "1005")
    m.state.control["1005"] = "blue"
    m.state.control["0305"] = "blue"
    m.touch()
    assert "sea 7-arm 0305" in sea_moves(m)  # armour weighs 2 of the east sea's 2
    m.apply("sea 7-arm 0305")
    put(m, "2-inf", "1005")
    m.touch()
    assert not any(a.startswith("sea 2-inf") for a in sea_moves(m))


def test_a_unit_that_sailed_may_not_attack_that_player_turn_and_the_flag_goes(m: Match) -> None:
    m.apply("sea 1-inf 0310")
    unit = m.state.units["1-inf"]
    assert seamove.sailed(m, unit)
    put(m, "r1", "0410")
    put(m, "2-inf", "0409")
    m.touch()
    m.apply("end")  # to Blue's combat phase
    attacks = [a for a in m.legal_actions() if a.verb == "attack"]
    assert attacks and not any("1-inf" in str(a) for a in attacks)
    with pytest.raises(IllegalAction, match="moved by sea"):
        m.apply("attack 0410 with 1-inf")
    m.apply("end")  # Red's turn begins: the flag goes
    assert "sea" not in unit.flags


def test_seas_of_one_pool_share_its_capacity_lwe_9_17(tmp_path: Path) -> None:
    """LWE 9.17: the Black Sea and Azov ports share one capacity a phase."""
    pooled = {
        "seas": [
            {"id": "west", "side": "blue", "ports": ["0305", "0310"], "capacity": 1,
             "pool": "south"},
            {"id": "east", "side": "blue", "ports": ["1005", "0101"], "capacity": 1,
             "pool": "south"},
        ],
    }  # fmt: skip
    m = sea_match(tmp_path, pooled)
    put(m, "7-arm", "1005")
    m.touch()
    assert "sea 7-arm 0101" in sea_moves(m)
    m.apply("sea 1-inf 0310")
    assert not any(a.startswith("sea 7-arm") for a in sea_moves(m))  # the pool's one is used


TWO_PHASES: dict[str, object] = {
    "player_turns": [
        {"side": "blue", "phases": [
            {"id": "sea", "kind": "movement"}, {"id": "land", "kind": "movement"}]},
        {"side": "red", "phases": [{"id": "movement", "kind": "movement"}]},
    ]
}  # fmt: skip
WEST: dict[str, object] = {
    "id": "west", "side": "blue", "ports": ["0305", "0310", "0101", "0505"], "capacity": 3,
    "weigh_steps": True, "exclude": ["armor"], "held": ["0101"], "occupy_in": "far",
    "besieged": True, "hold": True, "while_var": "west_open", "rule": "HL 10.2",
}  # fmt: skip


def _pmd_like(tmp_path: Path, **sea: object) -> Match:
    """Hexland with PMD's sea rules (10.1-10.4): port 0310 in the region ``far``."""

    def far(docs: dict[str, dict[str, object]]) -> None:
        docs["map"]["regions"]["far"] = {"hexes": ["0310"]}  # type: ignore[index]

    title = make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=TWO_PHASES,
        scenario_setup=SETUP,
        edit=far,
        options={
            "sea-movement": {
                "seas": [{**WEST, **sea}],
                "phases": ["sea"],
                "before_land": True,
                "rule": "HL 10.2",
            }
        },
    )
    m = Match(title)
    for h in ("0305", "0310", "0505"):
        m.state.control[h] = "blue"
    m.state.vars["west_open"] = True
    m.touch()
    return m


def test_steps_weigh_exclusions_held_ports_and_the_var_that_closes_the_sea_pmd_10_3(
    tmp_path: Path,
) -> None:
    """PMD 10.3: counted in steps; 10.2: no artillery; 10.1: an off-map port is always the
    side's; 10.4: a lost fleet closes its sea (and while the var is back, it opens)."""
    m = _pmd_like(tmp_path)
    unit = m.state.units["1-inf"]
    assert seamove.weight(m, seamove.seas(m)[0], unit) == steps_left(m, unit) == 3
    assert not any(a.startswith("sea 7-arm") for a in sea_moves(m))  # excluded
    assert "sea 1-inf 0101" in sea_moves(m)  # held: uncontrolled, still the side's
    m.apply("sea 1-inf 0101")
    assert not any(a.startswith("sea 2-inf") for a in sea_moves(m))  # 3 steps of 3 used
    m.state.vars["west_open"] = False
    m.touch()
    assert not sea_moves(m)


def test_a_port_of_the_occupy_region_serves_only_with_a_unit_of_the_side_in_it_pmd_10_2(
    tmp_path: Path,
) -> None:
    m = _pmd_like(tmp_path)
    assert "sea 1-inf 0310" not in sea_moves(m)  # controlled, but empty
    put(m, "8-arm", "0310")
    m.touch()
    assert "sea 1-inf 0310" in sea_moves(m)


def test_no_sea_move_after_a_land_move_nor_outside_the_sea_phase_pmd_10_2(
    tmp_path: Path,
) -> None:
    m = _pmd_like(tmp_path, capacity=6)
    m.apply("sea 1-inf 0505")
    assert any(a.startswith("sea 2-inf") for a in sea_moves(m))  # sailing does not close it
    m = _pmd_like(tmp_path / "b")
    move = next(a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "7-arm")
    m.apply(str(move))
    assert not sea_moves(m)  # a land move first: no more sea transport this phase
    m.apply("end")  # the land phase: not a sea phase
    assert not sea_moves(m)


def test_a_unit_that_sailed_moves_no_further_that_player_turn_and_the_flag_goes_pmd_10_2(
    tmp_path: Path,
) -> None:
    m = _pmd_like(tmp_path)
    m.apply("sea 1-inf 0505")
    unit = m.state.units["1-inf"]
    m.apply("end")  # Blue's second movement phase
    assert seamove.held(m, unit)
    assert not [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "1-inf"]
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="moves no further"):
        m.apply("move 1-inf 0505 0506")
    assert m.state_hash() == before
    m.apply("end")  # Red's player turn: the flag goes
    assert seamove.HOLD not in unit.flags


def test_not_from_a_besieged_port_to_another_but_always_between_a_pair_pmd_10_2_10_4(
    tmp_path: Path,
) -> None:
    """10.2: besieged = enemy units alone in every land hex next to the port; 10.4: Leningrad
    and Oranienbaum stay open to each other even besieged or shared."""
    m = _pmd_like(tmp_path, ports=["0101", "0110", "0505"], held=[], always=[["0101", "0909"]])
    put(m, "1-inf", "0101")
    for h in ("0101", "0110"):
        m.state.control[h] = "blue"
    free = iter(["r1", "r2", "r3", "r4", "r5"])
    for port in ("0101", "0110"):
        for n in m.topology.neighbours(port):
            put(m, next(free), n)
    assert seamove.besieged(m, "blue", "0101") and seamove.besieged(m, "blue", "0110")
    moves = sea_moves(m)
    assert "sea 1-inf 0110" not in moves and "sea 1-inf 0505" in moves
    put(m, "r6", "0909")
    m.state.control["0909"] = "red"
    m.touch()
    assert "sea 1-inf 0909" not in sea_moves(m)  # the pair's other end not held at all
    put(m, "8-arm", "0909")
    m.touch()
    assert "sea 1-inf 0909" in sea_moves(m)  # shared with the enemy: still open
