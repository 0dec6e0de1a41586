"""The GT3 Red Army reorganization (BARB 8.23): corps out for good, oversized armies replaced in
place by their regular counterparts; a unit cut off from all supply waits (ruling E34)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from wargame.games.barbarossa import admin, supply
from wargame.match import Match
from wargame.plugins import Registry


@pytest.fixture()
def gt3(registry: Registry) -> Match:
    m = new(registry)
    m.state.cursor.turn = 3
    m.touch()
    return m


def cut_off(m: Match, cut: bool) -> None:
    for h in m.topology.region("supply:soviet"):
        m.state.control[h] = "german" if cut else "soviet"
    m.touch()


def test_oversized_armies_are_replaced_in_place_and_corps_go_8_23(gt3: Match) -> None:
    big = gt3.state.units["sov-6x"]
    corps = gt3.state.units["sov-3mc"]
    assert big.loc == "2314" and supply.state(gt3, big) == "overland"
    admin.reorganize(gt3)
    assert big.loc is None and big.flags["permanent"]
    assert gt3.state.units["sov-6"].loc == "2314"  # in its hex, not the dead pile
    assert corps.loc is None and corps.flags["permanent"]
    assert "reorganize_pending" not in admin.ns(gt3)


def test_a_cut_off_unit_waits_until_back_in_overland_supply_8_23(gt3: Match) -> None:
    cut_off(gt3, True)
    big = gt3.state.units["sov-6x"]
    assert supply.state(gt3, big) == "out"
    admin.reorganize(gt3)
    assert big.loc == "2314" and "sov-6" not in gt3.state.units
    assert "sov-6x" in admin.ns(gt3)["reorganize_pending"]
    admin.reorganize_late(gt3)  # still cut off
    assert big.loc == "2314"
    cut_off(gt3, False)
    admin.reorganize_late(gt3)
    assert big.loc is None and gt3.state.units["sov-6"].loc == "2314"
    assert "reorganize_pending" not in admin.ns(gt3)  # every waiting unit is done: the list goes


def test_a_waiting_unit_reaching_the_dead_pile_is_reorganized_there_8_23(gt3: Match) -> None:
    cut_off(gt3, True)
    admin.reorganize(gt3)
    gt3.state.cursor.turn = 4  # past 8.22's own GT1-3 substitution
    admin.ns(gt3)["reorganize_pending"] = ["sov-6x"]
    big = gt3.state.units["sov-6x"]
    gt3.eliminate(big, "test")
    assert big.flags["permanent"]
    regular = gt3.state.units["sov-6"]
    assert regular.loc is None and regular.flags == {"eliminated": True}  # in the dead pile
    assert "reorganize_pending" not in admin.ns(gt3)
