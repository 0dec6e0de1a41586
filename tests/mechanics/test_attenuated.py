"""Attenuated supply (LWE 7.4, PMD 8.8) on a Hexland variant: which attacks roll on the table,
the modifiers, and what frees an attack of it, all from data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant, reveal_as
from wargame.match import Match
from wargame.mechanics import attenuated, combat
from wargame.testing import clear, force_rolls, put, to_phase

BEYOND = ["0504", "0505", "0506", "0604", "0605", "0606"]
RULE = "HL 7.4"

TABLE: dict[str, Any] = {
    "kind": "table",
    "id": "gast",
    "name": "Attenuated supply (test)",
    "provenance": {"source": "stand-in", "note": "test table"},
    "entries": {
        "results": {"1": 0, "2": 0, "3": 0, "4": 1, "5": 1, "6": 2, "7": 3},
        "modifiers": {
            "autumn": {"drm": 1, "turns": [3, 3], "reason": "autumn"},
            "west": {"drm": -1, "tags": ["august"], "all_outside": True, "reason": "all this side"},
            "pause": {"drm": -3, "var": "short_pause", "reason": "a short pause"},
        },
    },
}


def variant(tmp_path: Path, **changes: Any) -> Match:
    s = {"side": "blue", "region": "beyond", "table": "gast", "rule": RULE, **changes}

    def edit(docs: dict[str, dict[str, Any]]) -> None:
        docs["map"]["regions"]["beyond"] = {"hexes": BEYOND}
        docs["calendar"]["turns"]["2"]["tags"] = ["august"]

    t = make_variant(
        tmp_path,
        mechanics=["movement", "combat", "step-losses", "retreat-advance", "attenuated-supply"],
        options={"attenuated-supply": s},
        sequence=SIMPLE_SEQUENCE,
        edit=edit,
        documents={"gast": TABLE},
    )
    m = Match(t, "meeting", 1)
    clear(m)
    return m


def battle(m: Match, attacker: str, at: str, target: str, kind: str = "attack") -> Any:
    a = put(m, attacker, at)
    d = put(m, "hq-red", target)
    return combat.new_battle(m, [a], [d], target, kind)


def test_attacker_beyond_the_line_rolls_7_4(tmp_path: Path) -> None:
    m = variant(tmp_path)
    assert attenuated.consults(m, battle(m, "1-inf", "0505", "0605"))[0]


def test_attack_from_this_side_of_the_line_does_not_roll_7_4(tmp_path: Path) -> None:
    m = variant(tmp_path)
    assert not attenuated.consults(m, battle(m, "1-inf", "0404", "0504"))[0]


def test_one_attacker_beyond_is_enough_7_4(tmp_path: Path) -> None:
    m = variant(tmp_path)
    a, b = put(m, "1-inf", "0404"), put(m, "2-inf", "0505")
    d = put(m, "hq-red", "0405")
    assert attenuated.consults(m, combat.new_battle(m, [a, b], [d], "0405", "attack"))[0]


def test_target_mode_asks_where_the_defender_is_pmd_8_8(tmp_path: Path) -> None:
    m = variant(tmp_path, beyond="target")
    assert attenuated.consults(m, battle(m, "1-inf", "0404", "0504"))[0]
    assert not attenuated.consults(m, battle(m, "1-inf", "0505", "0405"))[0]


def test_the_other_side_never_rolls(tmp_path: Path) -> None:
    m = variant(tmp_path)
    red = put(m, "hq-red", "0505")
    blue = put(m, "1-inf", "0605")
    assert not attenuated.consults(m, combat.new_battle(m, [red], [blue], "0605", "attack"))[0]


def test_every_attack_rolls_on_the_everywhere_turns_with_its_modifier_7_4(tmp_path: Path) -> None:
    m = variant(tmp_path, everywhere={"tags": ["august"]})
    b = battle(m, "1-inf", "0404", "0405")
    assert not attenuated.consults(m, b)[0]  # turn 1: not August
    m.state.cursor.turn = 2
    does, counted = attenuated.consults(m, b)
    assert does
    assert attenuated.drm(m, counted) == (-1, ["-1 all this side"])
    b2 = battle(m, "2-inf", "0505", "0605")
    assert attenuated.drm(m, attenuated.consults(m, b2)[1])[0] == 0  # one attacker beyond


def test_turn_and_variable_modifiers_7_4_pmd_8_10(tmp_path: Path) -> None:
    m = variant(tmp_path)
    b = battle(m, "1-inf", "0505", "0605")
    counted = attenuated.consults(m, b)[1]
    assert attenuated.drm(m, counted)[0] == 0
    m.state.cursor.turn = 3
    assert attenuated.drm(m, counted)[0] == 1
    m.state.vars["short_pause"] = True
    assert attenuated.drm(m, counted)[0] == -2


def test_results_beyond_the_table_read_its_nearest_row(tmp_path: Path) -> None:
    m = variant(tmp_path)
    assert [attenuated.columns(m, r) for r in (-2, 1, 4, 6, 7, 12)] == [0, 0, 1, 2, 3, 3]


def test_ignored_var_frees_the_side_of_the_line_7_5(tmp_path: Path) -> None:
    m = variant(tmp_path, ignored_var="gas_ignored")
    b = battle(m, "1-inf", "0505", "0605")
    assert attenuated.consults(m, b)[0]
    m.state.vars["gas_ignored"] = True
    assert not attenuated.consults(m, b)[0]


def test_line_gone_from_until_turn_pmd_8_7(tmp_path: Path) -> None:
    m = variant(tmp_path, until_turn=3)
    b = battle(m, "1-inf", "0505", "0605")
    assert attenuated.consults(m, b)[0]
    m.state.cursor.turn = 3
    assert not attenuated.consults(m, b)[0]


def test_units_out_of_supply_do_not_count_pmd_8_8(tmp_path: Path) -> None:
    m = variant(tmp_path)
    b = battle(m, "1-inf", "0505", "0605")
    m.state.units["1-inf"].flags["oos"] = True
    assert not attenuated.consults(m, b)[0]


@pytest.mark.parametrize(("roll", "left"), [(3, 0), (4, 1), (6, 2)])
def test_roll_is_made_before_the_battle_and_shifts_left_7_4(
    tmp_path: Path, roll: int, left: int
) -> None:
    m = variant(tmp_path)
    put(m, "1-inf", "0505")
    put(m, "r1", "0605")
    reveal_as(m, "r1", 0, 6)  # 6 against 6: on the table, where shifts move the column
    to_phase(m, "blue", "combat")
    force_rolls(m, roll, only=RULE)
    events = [e.to_json() for e in m.apply("attack 0605 with 1-inf")]
    rolled = [e for e in events if e["kind"] == "attenuated-supply"]
    assert len(rolled) == 1 and rolled[0]["rule"] == RULE
    kinds = [e["kind"] for e in events]
    assert kinds.index("attenuated-supply") < kinds.index("battle")  # the last step before
    fought = next(e["battle"] for e in events if e["kind"] == "battle")
    assert ("attenuated supply" in " ".join(fought["explanation"])) is (left > 0)
    assert fought["extra"]["attenuated"]["left"] == left


def test_preview_rolls_nothing_7_4(tmp_path: Path) -> None:
    """The odds shown before an attack are priced without the roll (it is made when fought)."""
    m = variant(tmp_path)
    b = battle(m, "1-inf", "0505", "0605")
    assert attenuated.wargame_combat_shifts(m, b) == []
