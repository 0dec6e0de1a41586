"""Soviet tank to Guards Tank conversions (BARB 8.19): in place, in overland supply or in the dead
pile, never out of supply; the tank army is then out of play for good."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import cleared_road_back
from tests.titles.variants import put
from wargame.games.barbarossa import admin, conversions, supply
from wargame.match import Match
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return cleared_road_back(registry)


def test_a_supplied_tank_army_converts_in_place_on_its_turn_8_19(rb: Match) -> None:
    tank = put(rb, "sov-5t", "2205")
    rb.state.cursor.turn = 15
    conversions.convert_tanks(rb)
    assert "sov-5gt" not in rb.state.units  # not before its turn
    rb.state.cursor.turn = 16
    rb.touch()
    assert supply.state(rb, tank) == "overland"
    conversions.convert_tanks(rb)
    assert rb.state.units["sov-5gt"].loc == "2205" and tank.loc is None
    assert tank.flags["permanent"] and "sov-5t" not in admin.dead(rb, "soviet")


def test_out_of_supply_it_waits_until_supplied_again_8_19(rb: Match) -> None:
    tank = put(rb, "sov-5t", "2205")
    rb.state.cursor.turn = 16
    sources = list(rb.topology.region("supply:soviet"))
    for h in sources:
        rb.state.control[h] = "german"
    rb.touch()
    assert supply.state(rb, tank) != "overland"
    conversions.convert_tanks(rb)
    assert "sov-5gt" not in rb.state.units and tank.loc == "2205"
    for h in sources:
        rb.state.control[h] = "soviet"
    rb.touch()
    conversions.convert_tanks(rb)
    assert rb.state.units["sov-5gt"].loc == "2205"


def test_a_dead_tank_army_converts_in_the_dead_pile_8_19(rb: Match) -> None:
    tank = put(rb, "sov-5t", "2205")
    rb.eliminate(tank, "test")
    rb.state.cursor.turn = 16
    conversions.convert_tanks(rb)
    gt = rb.state.units["sov-5gt"]
    assert gt.loc is None and gt.flags["eliminated"]
    assert "sov-5gt" in admin.dead(rb, "soviet") and "sov-5t" not in admin.dead(rb, "soviet")
