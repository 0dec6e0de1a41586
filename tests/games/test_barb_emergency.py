"""German emergency units (BARB 8.4): in situ entry, and a die for a factor in each battle (T47)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import ADMIN, cleared_road_back
from tests.titles.variants import force_rolls, put
from wargame.actions import IllegalAction
from wargame.games.barbarossa import combat, emergency, insitu, supply
from wargame.match import Battle, Match
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return cleared_road_back(registry)


def test_emergency_units_enter_in_situ_one_a_hex_from_their_turn_8_4(rb: Match) -> None:
    rb.state.cursor.turn = 24
    insitu.offer(rb, ADMIN)
    assert rb.decision.kind != "muster"  # none due yet
    rb.state.cursor.turn = 25
    put(rb, "ger-5", "2205")
    rb.state.control["2205"] = "german"
    rb.touch()
    insitu.offer(rb, ADMIN)
    assert rb.decision.side == "german" and rb.decision.kind == "muster"
    rb.apply("muster ger-e1 2205")
    assert rb.state.units["ger-e1"].loc == "2205"
    before = rb.state_hash()
    with pytest.raises(IllegalAction, match="BARB 8.4"):
        rb.apply("muster ger-e2 2205")  # one a hex a phase
    assert rb.state_hash() == before
    rb.apply("muster pass")
    assert "mustered" not in rb.state.ns("barbarossa-insitu") and "ger-e2" not in rb.state.units


def test_an_emergency_factor_is_a_die_each_battle_halved_out_of_supply_t47_8_4(
    rb: Match,
) -> None:
    unit = put(rb, "ger-e1", "2205")
    put(rb, "sov-47", "2204")
    rb.touch()
    battle = Battle("bx", ["ger-e1"], ["sov-47"], "2204", {"ger-e1": "2205"})
    force_rolls(rb, 5)
    emergency.wargame_battle_start(rb, battle)
    assert battle.extra["emergency"] == {"ger-e1": 5}
    assert combat.attack_factor(rb, battle, unit) == 5
    assert combat.bb_value(rb, battle, unit) == 5  # in supply: the whole die
    for h in rb.topology.region("supply:german"):
        rb.state.control[h] = "soviet"  # no German supply source left
    rb.touch()
    assert supply.state(rb, unit) == "out"
    assert combat.bb_value(rb, battle, unit) == 2  # 5 halved, rounded down
    force_rolls(rb, 1)
    again = Battle("by", ["ger-e1"], ["sov-47"], "2204", {"ger-e1": "2205"})
    emergency.wargame_battle_start(rb, again)
    assert combat.bb_value(rb, again, unit) == 1  # a lone unit never below 1 (1.3)
    defend = Battle("bz", ["sov-47"], ["ger-e1"], "2205", {"sov-47": "2204"})
    force_rolls(rb, 6)
    emergency.wargame_battle_start(rb, defend)
    mods = combat.wargame_strength_modifiers(rb, defend)
    assert any(m.target == "ger-e1" and m.value == 6 and m.rule == "BARB 8.4" for m in mods)
