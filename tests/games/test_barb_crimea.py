"""Crimea supply (BARB 7.4): Sevastopol supplies five named German units in the Crimea supply
area, across the Kerch Strait too (T25), and rules out coastal supply for that game turn."""

from __future__ import annotations

import pytest

from tests.games.test_barb_rules import german_movement
from tests.titles.variants import put
from wargame.actions import IllegalAction
from wargame.games.barbarossa import combat, crimea, supply
from wargame.match import Battle, Match
from wargame.plugins import Registry


@pytest.fixture()
def cut(registry: Registry) -> Match:
    """GT14 German movement, map cleared, Sevastopol German and Dnepro-Petrovsk Soviet: the
    Crimea has no overland supply (7.4)."""
    m = german_movement(registry, 14)
    m.state.control["3108"] = "german"
    m.state.control["2607"] = "soviet"
    m.touch()
    return m


def test_crimea_supply_reaches_across_kerch_to_3005_3104_3105_t25_7_4(cut: Match) -> None:
    reach = crimea.reach(cut)
    assert {"3005", "3104", "3105"} <= reach and {"3106", "3107", "3108"} <= reach
    assert "3004" not in reach  # beyond the three hexes the rule names
    put(cut, "sov-47", "3106")  # a Soviet unit on the Kerch side cuts the line beyond it
    cut.touch()
    assert not {"3005", "3104", "3105", "3106"} & crimea.reach(cut)


def test_a_named_unit_draws_crimea_supply_in_full_7_4(cut: Match) -> None:
    unit = put(cut, "ger-42", "3106")
    cut.touch()
    assert supply.state(cut, unit) == "coastal"  # cut off: defence only (7.5)
    cut.apply("crimea on ger-42")
    assert supply.state(cut, unit) == "crimea"
    put(cut, "sov-47", "3105")
    battle = Battle("bx", ["ger-42"], ["sov-47"], "3105", {"ger-42": "3106"})
    assert combat.attack_divisor(cut, battle, unit)[0] == 1  # full attack
    cut.apply("crimea off ger-42")
    assert supply.state(cut, unit) == "out"  # coastal stays barred this game turn


def test_no_crimea_supply_without_sevastopol_7_4(cut: Match) -> None:
    unit = put(cut, "ger-42", "3106")
    cut.apply("crimea on ger-42")
    cut.state.control["3108"] = "soviet"
    cut.touch()
    assert not crimea.reach(cut) and supply.state(cut, unit) != "crimea"


def test_at_most_five_units_draw_crimea_supply_7_4(cut: Match) -> None:
    ids = ["ger-42", "ger-5", "ger-4", "ger-17", "ger-44", "ger-7"]
    for uid, loc in zip(ids, ["3106", "3106", "3107", "3107", "3008", "3008"], strict=True):
        put(cut, uid, loc)
    cut.touch()
    for uid in ids[:5]:
        cut.apply(f"crimea on {uid}")
    before = cut.state_hash()
    with pytest.raises(IllegalAction, match="BARB 7.4"):
        cut.apply("crimea on ger-7")
    assert cut.state_hash() == before
    assert supply.state(cut, cut.state.units["ger-7"]) != "crimea"
    cut.apply("crimea off ger-5")
    cut.apply("crimea on ger-7")  # the German's choice of which five
    assert supply.state(cut, cut.state.units["ger-7"]) == "crimea"


def test_crimea_and_coastal_supply_never_in_one_game_turn_7_4(cut: Match) -> None:
    far = put(cut, "ger-44", "3204")  # on the Black Sea coast, outside the Crimea
    put(cut, "ger-42", "3106")
    cut.touch()
    assert supply.coastal(cut, "3204") and supply.state(cut, far) == "coastal"
    cut.apply("crimea on ger-42")
    assert supply.state(cut, far) == "out"
    assert cut.state.ns("barbarossa-crimea")["crimea"]["turn"] == 14


def test_the_crimea_declaration_goes_at_the_end_of_the_game_turn_7_4(cut: Match) -> None:
    put(cut, "ger-42", "3106")
    cut.apply("crimea on ger-42")
    for _ in range(60):
        if cut.turn > 14:
            break
        cut.apply(
            "end" if "end" in {str(a) for a in cut.legal_actions()} else str(cut.legal_actions()[0])
        )
    assert cut.turn == 15 and "crimea" not in cut.state.ns("barbarossa-crimea")
    assert crimea.named(cut) == []
