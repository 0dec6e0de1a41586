"""Worked examples of the digest not tested elsewhere: T21 (10.3), T39 (4.19), T44 (3.4),
T50 (4.18)."""

from __future__ import annotations

from tests.games.barb_helpers import new
from tests.games.test_barb_rules import german_movement
from tests.titles.variants import put
from wargame.games.barbarossa import admin, decisions
from wargame.mechanics import movement
from wargame.plugins import Registry


def test_one_hex_whatever_its_cost_but_never_a_prohibited_one_t21_10_3(registry: Registry) -> None:
    m = german_movement(registry, 14)
    unit = put(m, "ger-42", "3106")
    m.touch()
    budget = movement.allowance(m, unit)
    assert movement.path_cost(m, unit, ["3106", "3105"])[0] > budget  # the Kerch Strait: 99
    assert movement.path_cost(m, unit, ["3106", "3105"])[1] is None  # yet one hex is allowed
    assert movement.path_cost(m, unit, ["3106", "3105", "3005"])[1] is not None  # no further
    topo = m.topology
    sea = next(
        n
        for h in sorted(topo.hexes())
        if topo.terrain(h) not in ("sea", "lake")
        for n in topo.neighbours(h)
        if topo.terrain(n) == "sea"
    )
    shore = next(h for h in topo.neighbours(sea) if topo.terrain(h) not in ("sea", "lake"))
    put(m, "ger-5", shore)
    m.touch()
    assert movement.path_cost(m, m.state.units["ger-5"], [shore, sea])[1] is not None  # prohibited


def test_oder_counts_five_threes_and_five_sixes_as_fifteen_t39_4_19(registry: Registry) -> None:
    m = new(registry)
    units = m.state.units
    three = [u for u in units.values() if u.side == "soviet" and decisions.oder_units(m, u) == 1]
    six = [u for u in units.values() if u.side == "soviet" and u.counter == "sov-6x"]
    assert three and six
    assert 5 * decisions.oder_units(m, three[0]) + 5 * decisions.oder_units(m, six[0]) == 15
    m.state.cursor.turn = 30
    m.state.vars["oder"] = True
    decisions.ns(m).update(oder_cities=[], oder_soviet_cities=["1606", "1011"])
    m.state.control["1606"] = "german"
    m.state.ns("barbarossa-decisions")["oder_kills"] = 15
    decisions.judge_oder(m)  # 15 units and exactly one city taken: condition 2 is met
    assert m.outcome["winner"] == "german"
    m = new(registry)
    m.state.cursor.turn = 30
    m.state.vars["oder"] = True
    decisions.ns(m).update(oder_cities=[], oder_soviet_cities=["1606", "1011"])
    m.state.ns("barbarossa-decisions")["oder_kills"] = 15
    decisions.judge_oder(m)  # no city: 15 is short of the 20 of condition 3
    assert m.outcome["winner"] == "soviet"


def test_oder_raises_gt30_german_mech_to_6_and_replacements_to_4_4_t50_4_18(
    registry: Registry,
) -> None:
    m = german_movement(registry, 30)
    pz = put(m, "ger-14pz", "2119")
    m.touch()
    assert movement.allowance(m, pz) == 5 and admin.turn_rates(m, "german") == [0, 2]
    m.state.vars["oder"] = True
    m.touch()
    assert movement.allowance(m, pz) == 6 and admin.turn_rates(m, "german") == [4, 4]


def test_a_reverse_2_waits_for_gt2_a_hex_number_sets_up_there_t44_3_4(registry: Registry) -> None:
    from tests.games.barb_helpers import step

    m = new(registry)
    assert m.state.units["sov-6x"].loc == "2314"  # a four-digit reverse: its set-up hex
    assert m.state.units.get("ger-27") is None  # a reverse "2": on the GT2 box, not in play
    for _ in range(600):
        unit = m.state.units.get("ger-27")
        if unit is not None and unit.loc is not None:
            break
        assert m.turn <= 2 and m.outcome is None
        step(m)
    assert m.turn == 2  # it comes into play on GT2, not before


def test_oder_brings_a_withdrawn_2nd_ss_on_gt30_rhine_does_not_4_18_8_17(
    registry: Registry,
) -> None:
    """4.18: the Oder's special reinforcements include the 2nd SS Panzer Corps: withdrawn on
    GT25, it waits in the German reinforcement box on GT30 (its GT31 return taken now, 8.17);
    under the Rhine it stays out until GT31; on the map already, it stays where it is."""
    from wargame.games.barbarossa import events, manstein

    for choice, back in (("oder", True), ("rhine", False)):
        m = new(registry)
        unit = m.new_unit(manstein.SS2, None)
        unit.flags = {"eliminated": True, "permanent": True, "withdrawn": True}
        m.state.cursor.turn = 30
        m.state.secrets.setdefault("german", {})["watch"] = choice
        decisions.reveal_watch(m)
        ss = m.state.units[manstein.SS2]
        assert (ss.loc == manstein.BOX) is back
        arrived = m.state.ns("reinforcements").get("arrived", [])
        assert ("german-2ss-gt31" in arrived) is back
    m = new(registry)
    ss = put(m, events.SS, "2119")
    m.state.cursor.turn = 30
    m.state.secrets.setdefault("german", {})["watch"] = "oder"
    decisions.reveal_watch(m)
    assert ss.loc == "2119"
