"""The Polish communist army (BARB 8.24): it appears the instant a Soviet unit in overland supply
first moves next to the General Government, from GT13; earlier, it is a GT13 reinforcement. The
Romanian communist armies (8.25) follow a supplied Soviet unit's first move next to Bucharest."""

from __future__ import annotations

from tests.games.barb_helpers import new
from tests.titles.variants import clear, put
from wargame.games.barbarossa import communists, supply
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Registry

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
    assert m.state.units["sov-1pol"].loc == NEXT_TO_GG and m.state.vars["polish"] == "in"
    move_in(m, "sov-22", "2114", NEXT_TO_GG)  # never a second time
    assert sum(1 for u in m.state.units.values() if u.counter == "sov-1pol") == 1


def test_no_poles_for_an_unsupplied_unit_or_a_move_elsewhere_8_24(registry: Registry) -> None:
    m = setup(registry, 14)
    move_in(m, "sov-8", "2115", "2114")  # not next to the General Government
    assert "polish" not in m.state.vars
    from wargame.mechanics.movement import phase_key

    unit = put(m, "sov-21", NEXT_TO_GG, advanced=phase_key(m))
    m.touch()
    communists.wargame_moved(m, [unit], ["2114", NEXT_TO_GG])  # an advance is not a move
    assert "polish" not in m.state.vars
    put(m, "sov-21", None)
    for h in ("supply:soviet",):
        for s in m.topology.region(h):
            m.state.control[s] = "german"  # no Soviet supply source left
    m.touch()
    move_in(m, "sov-22", "2114", NEXT_TO_GG)
    assert supply.state(m, m.state.units["sov-22"]) != "overland" and "polish" not in m.state.vars


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
    assert m.state.vars["polish"] == "due" and "sov-1pol" not in m.state.units
    m.state.cursor.turn = 13
    communists.wargame_phase_start(m, PhaseSpec(id="administration", when="administration"))
    assert m.state.units["sov-1pol"].loc == "box:rvgk" and m.state.vars["polish"] == "in"
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
    assert m.state.vars["romanian_communists"] == {"sov-1r": 17, "sov-4r": 18}
    m.state.cursor.turn = 17
    movement = PhaseSpec(id="movement", when="movement")
    m.state.control["3114"] = "german"  # Bucharest not communist: the army waits
    m.touch()
    communists.wargame_phase_start(m, movement)
    assert "sov-1r" not in m.state.units
    m.state.control["3114"] = "soviet"
    m.touch()
    communists.wargame_phase_start(m, movement)
    assert m.state.units["sov-1r"].loc == "3114" and "sov-4r" not in m.state.units
    m.state.cursor.turn = 18
    communists.wargame_phase_start(m, movement)
    assert m.state.units["sov-4r"].loc == "3114"
    assert "romanian_communists" not in m.state.vars  # both in: the record goes


def test_an_early_trigger_brings_the_romanians_on_gt14_and_15_8_25(registry: Registry) -> None:
    m = romania(registry, 12)
    unit = put(m, "sov-8", "3113")
    m.touch()
    communists.wargame_moved(m, [unit], ["3112", "3113"])
    assert m.state.vars["romanian_communists"] == {"sov-1r": 14, "sov-4r": 15}
