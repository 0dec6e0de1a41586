"""The Polish communist army (BARB 8.24): it appears the instant a Soviet unit in overland supply
first moves next to the General Government, from GT13; earlier, it is a GT13 reinforcement. The
Romanian communist armies (8.25) follow a supplied Soviet unit's first move next to Bucharest."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new, soviet_movement
from tests.titles.variants import clear, put
from wargame.games.barbarossa import communists, supply
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.plugins import Registry
from wargame.testing import refused

NEXT_TO_GG = "2115"  # east of 2116, a General Government hex


def setup(registry: Registry, turn: int) -> Match:
    m = new(registry, "road-back")
    clear(m)
    m.state.cursor.turn = turn
    for h in ("2016", "2115", "2114", "2015", "2113"):
        m.state.control[h] = "soviet"
    m.touch()
    return m


def move_in(m: Match, uid: str, frm: str, to: str) -> None:
    unit = put(m, uid, to)
    m.touch()
    communists.wargame_moved(m, [unit], [frm, to])


def test_the_poles_appear_on_the_triggering_stack_from_gt13_8_24(registry: Registry) -> None:
    m = setup(registry, 14)
    put(m, "sov-8", "2114")
    m.touch()
    assert supply.state(m, m.state.units["sov-8"]) == "overland"
    move_in(m, "sov-8", "2114", NEXT_TO_GG)
    assert (
        m.state.units["sov-1pol"].loc == NEXT_TO_GG
        and m.state.ns("barbarossa-communists")["polish"] == "in"
    )
    move_in(m, "sov-22", "2114", NEXT_TO_GG)  # never a second time
    assert sum(1 for u in m.state.units.values() if u.counter == "sov-1pol") == 1


def test_no_poles_for_an_unsupplied_unit_or_a_move_elsewhere_8_24(registry: Registry) -> None:
    m = setup(registry, 14)
    move_in(m, "sov-8", "2115", "2114")  # not next to the General Government
    assert "polish" not in m.state.ns("barbarossa-communists")
    from wargame.mechanics.movement import phase_key

    unit = put(m, "sov-21", NEXT_TO_GG, advanced=phase_key(m))
    m.touch()
    communists.wargame_moved(m, [unit], ["2114", NEXT_TO_GG])  # an advance is not a move
    assert "polish" not in m.state.ns("barbarossa-communists")
    put(m, "sov-21", None)
    for h in ("supply:soviet",):
        for s in m.topology.region(h):
            m.state.control[s] = "german"  # no Soviet supply source left
    m.touch()
    move_in(m, "sov-22", "2114", NEXT_TO_GG)
    assert supply.state(m, m.state.units["sov-22"]) != "overland" and "polish" not in m.state.ns(
        "barbarossa-communists"
    )


def test_an_overstacked_trigger_puts_them_in_the_nearest_supplied_soviet_stack_8_24(
    registry: Registry,
) -> None:
    m = setup(registry, 14)
    for uid in ("sov-4", "sov-8", "sov-21", "sov-22", "sov-23"):
        put(m, uid, NEXT_TO_GG)
    put(m, "sov-24", "2113")
    m.touch()
    communists.wargame_moved(m, [m.state.units["sov-23"]], ["2114", NEXT_TO_GG])
    assert m.state.units["sov-1pol"].loc == "2113"


def test_an_early_trigger_brings_them_on_gt13_in_the_rvgk_8_24(registry: Registry) -> None:
    m = setup(registry, 10)
    move_in(m, "sov-8", "2114", NEXT_TO_GG)
    assert (
        m.state.ns("barbarossa-communists")["polish"] == "due" and "sov-1pol" not in m.state.units
    )
    m.state.cursor.turn = 13
    communists.polish_arrival(m, PhaseSpec(id="administration", when="administration"))
    assert (
        m.state.units["sov-1pol"].loc == "box:rvgk"
        and m.state.ns("barbarossa-communists")["polish"] == "in"
    )
    assert m.state.units["sov-1pol"].hidden_from == ["german"]  # the RVGK is hidden (11.7)


def romania(registry: Registry, turn: int) -> Match:
    m = new(registry, "road-back")
    clear(m)
    m.state.cursor.turn = turn
    for h in ("3113", "3112", "3114"):
        m.state.control[h] = "soviet"
    m.touch()
    return m


def test_romania_turns_when_a_supplied_soviet_unit_nears_bucharest_8_25(
    registry: Registry,
) -> None:
    m = romania(registry, 16)
    axis = put(m, "ger-r3", "3015")
    m.touch()
    unit = put(m, "sov-8", "3113")
    m.touch()
    assert supply.state(m, unit) == "overland"
    communists.wargame_moved(m, [unit], ["3112", "3113"])
    assert axis.loc is None and axis.flags["permanent"]  # the Axis Romanians leave for good
    assert m.state.ns("barbarossa-communists")["romanian_communists"] == {
        "sov-1r": 17,
        "sov-4r": 18,
    }
    m.state.cursor.turn = 17
    movement = PhaseSpec(id="movement", kind="movement", when="movement")
    m.state.control["3114"] = "german"  # Bucharest not communist: the army waits
    m.touch()
    communists.soviet_movement(m, movement)
    assert "sov-1r" not in m.state.units
    m.state.control["3114"] = "soviet"
    m.touch()
    communists.soviet_movement(m, movement)
    assert m.state.units["sov-1r"].loc == "3114" and "sov-4r" not in m.state.units
    m.state.cursor.turn = 18
    communists.soviet_movement(m, movement)
    assert m.state.units["sov-4r"].loc == "3114"
    assert "romanian_communists" not in m.state.ns(
        "barbarossa-communists"
    )  # both in: the record goes


def test_an_early_trigger_brings_the_romanians_on_gt14_and_15_8_25(registry: Registry) -> None:
    m = romania(registry, 12)
    unit = put(m, "sov-8", "3113")
    m.touch()
    communists.wargame_moved(m, [unit], ["3112", "3113"])
    assert m.state.ns("barbarossa-communists")["romanian_communists"] == {
        "sov-1r": 14,
        "sov-4r": 15,
    }


# ------------------------------------------------------------------ 8.26 the Bulgarians


@pytest.fixture()
def sm(registry: Registry) -> Match:
    """The Road Back at the Soviet Movement Phase of GT14, the map cleared."""
    m = soviet_movement(registry)
    clear(m)
    return m


EDGE = "3216"  # a Bulgarian south-edge hex


def test_a_unit_leaves_through_bulgaria_once_for_one_mp_8_26(sm: Match) -> None:
    unit = put(sm, "sov-8", EDGE)
    other = put(sm, "sov-22", "3217")
    assert {"exit sov-8", "exit sov-22"} <= {str(a) for a in sm.legal_actions()}
    sm.apply("exit sov-8")
    assert unit.loc == "box:soviet-reinforcements" and movement.spent(sm, unit) == 1
    assert sm.state.ns("barbarossa-communists")["bulgaria_exit"]["unit"] == "sov-8"
    refused(sm, "exit sov-22", "once", rule="BARB 8.26")
    assert other.loc == "3217"


def test_no_exit_without_a_movement_point_or_off_the_bulgarian_edge_8_26(sm: Match) -> None:
    put(sm, "sov-22", "3114")  # not a Bulgarian edge hex
    refused(sm, "exit sov-22", "Bulgarian", rule="BARB 8.26")
    unit = put(sm, "sov-8", EDGE)
    unit.flags["mp"] = [movement.phase_key(sm), movement.allowance(sm, unit)]
    refused(sm, "exit sov-8", "movement point", rule="BARB 8.26")


def test_the_unit_returns_with_the_bulgarians_next_movement_phase_8_26(sm: Match) -> None:
    put(sm, "sov-8", EDGE)
    sm.apply("exit sov-8")
    communists.bulgarian_returns(sm)  # the same phase: nothing yet
    assert "sov-1b" not in sm.state.units and "bulgaria_exit" in sm.state.ns(
        "barbarossa-communists"
    )
    sm.state.cursor.turn = 15  # the next Soviet Movement Phase
    sm.touch()
    communists.bulgarian_returns(sm)
    edge = sorted(sm.topology.region("south-edge:bulgaria"))
    for uid in ("sov-8", "sov-1b", "sov-2b", "sov-4b"):
        unit = sm.state.units[uid]
        assert unit.loc == "box:soviet-reinforcements" and unit.flags["entry"] == edge
    assert (
        "bulgaria_exit" not in sm.state.ns("barbarossa-communists")
        and sm.state.ns("barbarossa-communists")["bulgarians"] == "in"
    )


def test_an_exit_on_or_before_gt13_brings_the_bulgarians_on_gt14_8_26(sm: Match) -> None:
    put(sm, "sov-8", EDGE)
    sm.state.cursor.turn = 12
    sm.touch()
    sm.apply("exit sov-8")
    sm.state.cursor.turn = 13
    sm.touch()
    communists.bulgarian_returns(sm)
    assert sm.state.units["sov-8"].flags["entry"] and "sov-1b" not in sm.state.units
    sm.state.cursor.turn = 14
    sm.touch()
    communists.bulgarian_returns(sm)
    assert sm.state.units["sov-1b"].loc == "box:soviet-reinforcements"


def test_the_bulgarians_enter_one_a_hex_as_satellites_6_4_8_26(sm: Match) -> None:
    sm.state.ns("barbarossa-communists")["bulgarians"] = "due"
    communists.bulgarian_returns(sm)
    for h in ("3216", "3217", "3215"):
        sm.state.control[h] = "soviet"
    sm.touch()
    refused(sm, "move sov-1b,sov-2b box:soviet-reinforcements 3216", rule="BARB 6.4")
    sm.apply("move sov-1b box:soviet-reinforcements 3216")
    refused(sm, "move sov-2b box:soviet-reinforcements 3216", rule="BARB 6.4")
    sm.apply("move sov-2b box:soviet-reinforcements 3217")
    put(sm, "sov-8", "3215")
    sm.apply("move sov-4b box:soviet-reinforcements 3215")  # a rifle army is no satellite
    assert sm.state.units["sov-4b"].loc == "3215"
