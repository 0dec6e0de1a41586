"""Panzergruppe Guderian movement rules: Soviet rail movement (6.3, 10.21, 10.33, 13.31), rail
cuts (6.37), the closed western hexrows (6.4), the first-turn rules (5.21-5.23) and the
interdiction markers' extra cost (13.31-13.32, 13.43).

Each test starts from the campaign at the first Soviet Movement Phase with the board cleared and
lays out its own position on the title's (stand-in) map. The Minsk-Moscow railway runs along
``LINE`` (hexes in order, transcribed from the map's rail line); its stretch from 0419 east
crosses rivers, so it also shows that terrain does not count by rail.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.titles.variants import clear, to_phase
from wargame import markers
from wargame.actions import Action
from wargame.games.panzergruppe_guderian import movement as pgg
from wargame.match import Match
from wargame.mechanics import movement as kmove
from wargame.plugins import Registry, Title
from wargame.state import Unit
from wargame.testing import refused

LINE = [
    "0120", "0219", "0319", "0419", "0519", "0618", "0719", "0818", "0918", "1018", "1118",
    "1217", "1318", "1417", "1517", "1617", "1717", "1817", "1917", "2016", "2117", "2216",
    "2316", "2415", "2515", "2514", "2613", "2713", "2813", "2913", "3013", "3113", "3212",
    "3313", "3412",
]  # fmt: skip
"""The Minsk-Moscow railway from the west edge (PGG 6.3 rail line on the stand-in map)."""


@pytest.fixture(scope="module")
def title(registry: Registry) -> Title:
    return registry.get("pgg")


def fix_first_turn_rolls(match: Match, rolls: dict[str, int]) -> None:
    """Make the PGG 5.21 rolls come out as given (other rolls stay the match's own)."""
    original = match.roll

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        if rule == "PGG 5.21":
            army = next(a for a in rolls if a in why)
            match.emit("roll", f"{why}: rolled {rolls[army]}", rule, total=rolls[army])
            return rolls[army]
        return original(spec, why, rule)

    match.roll = roll


def board(
    title: Title, turn: int = 1, rolls: dict[str, int] | None = None, side: str = "soviet"
) -> Match:
    """The campaign at ``side``'s first Movement Phase, every unit taken off the map, then put
    on Game-Turn ``turn``."""
    m = Match(title, seed=0)
    fix_first_turn_rolls(m, rolls or {"16th": 1, "19th": 1})
    m.apply("end")  # Soviet deployment
    m.apply("end")  # initial Air Interdiction: none placed
    clear(m)
    if side != "soviet":
        to_phase(m, side, "movement")
        clear(m)
    m.state.cursor.turn = turn
    m.touch()
    d = m.decision
    assert d is not None and d.side == side and d.kind == "movement"
    return m


def put(m: Match, uid: str, loc: str, **flags: Any) -> Unit:
    """A unit at ``loc`` with exactly these flags (set-up army) and markers (``disrupted=True``,
    out of supply: the declared unit markers, wargame.markers)."""
    unit = m.state.units.get(uid)
    if unit is None or unit.flags.get("eliminated"):
        unit = m.new_unit(uid, loc)
    else:
        m.place(unit, loc)
    unit.markers = {}
    for name in [k for k in flags if k in markers.declared(m)]:
        if flags.pop(name):
            markers.place(m, unit, name)
    unit.flags = dict(flags)
    m.touch()
    return unit


def legal(m: Match, verb: str) -> set[str]:
    return {str(a) for a in m.legal_actions() if a.verb == verb}


def rail_dests(m: Match, uid: str) -> dict[str, list[str]]:
    """Destination -> path of the legal rail actions of one unit."""
    out = {}
    for a in m.legal_actions():
        if a.verb == "rail" and a.args[0] == uid:
            out[a.args[-1]] = list(a.args[1:])
    return out


def mp_spent(m: Match, uid: str) -> float:
    return kmove.spent(m, m.state.units[uid]) / kmove.scale(m)


def along(a: str, b: str) -> list[str]:
    return LINE[LINE.index(a) : LINE.index(b) + 1]


def marker(m: Match, kind: str, loc: str) -> None:
    m.state.markers[pgg.marker_id(kind, loc)] = {"type": kind, "loc": loc, "side": "x"}
    m.touch()


# ----------------------------------------------------------------------------- rail (6.3)


def test_6_31_armored_counts_three(title: Title) -> None:
    m = board(title, turn=7)
    for n, uid in enumerate(["T01", "T02", "T03"]):
        put(m, uid, LINE[5 + n])
    for n, uid in enumerate(["R01", "R02", "R03"]):
        put(m, uid, LINE[12 + n])
    m.apply(f"rail T01 {' '.join(along('0618', '1118'))}")
    m.apply(f"rail T02 {' '.join(along('0719', '1217'))}")
    assert pgg.rail_used(m) == 6
    assert rail_dests(m, "T03") == {}  # 6 + 3 > 8
    refused(m, f"rail T03 {' '.join(along('0818', '1318'))}", "6 used, 3 more", "(PGG 6.31)")
    m.apply(f"rail R01 {' '.join(along('1318', '1717'))}")
    m.apply(f"rail R02 {' '.join(along('1417', '1817'))}")
    assert pgg.rail_used(m) == 8
    refused(m, f"rail R03 {' '.join(along('1517', '1917'))}", "(PGG 6.31)")


def spent(m: Match, turn: int, used: int) -> None:
    """The strategic-movement ledger as if ``used`` units had moved by rail on ``turn``."""
    m.state.ns("strategic-movement").update(
        {"period": [turn], "used": used, "moved": [], "ends": {}}
    )
    m.touch()


def test_6_31_leaders_count_zero_and_may_rail_alone(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "Lukin", "1517")
    spent(m, 7, 8)  # the eight combat units have gone
    assert "2216" in rail_dests(m, "Lukin")  # PGG 10.21
    m.apply(f"rail Lukin {' '.join(along('1517', '2216'))}")
    assert m.state.units["Lukin"].loc == "2216"
    assert pgg.rail_used(m) == 8


def test_6_31_limit_is_per_turn(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    spent(m, 6, 8)  # last turn's count does not carry over
    assert rail_dests(m, "R01")


def test_6_32_must_start_on_a_railroad_hex(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1516")
    assert "1516" not in pgg.rail_hexes(m)
    assert rail_dests(m, "R01") == {}
    refused(m, "rail R01 1516 1517 1617", "railroad hex", "(PGG 6.32)")


def test_6_32_only_along_connected_rail(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1217")
    topo = m.topology
    assert "1218" in topo.neighbours("1217") and "1218" in pgg.rail_hexes(m)
    assert "rail" not in topo.edge("1217", "1218").features  # two lines, no junction here
    refused(m, "rail R01 1217 1218", "not joined by a rail line", "(PGG 6.32)")


def test_6_32_no_rail_into_enemy_zoc(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    put(m, "6Inf", "1918")  # its ZOC covers the line at 1817 and 1917, not 1717
    assert {"1817", "1917"} <= set(m.topology.neighbours("1918"))
    assert "1717" not in m.topology.neighbours("1918")
    dests = rail_dests(m, "R01")
    assert "1717" in dests and "1817" not in dests and "1917" not in dests
    assert not any({"1817", "1917"} & set(path) for path in dests.values())
    refused(m, f"rail R01 {' '.join(along('1517', '1917'))}", "enemy ZOC", "(PGG 6.32)")


def test_6_32_rail_is_the_whole_move(title: Title) -> None:
    """Ruling: rail and normal movement do not combine in one phase, either way round."""
    m = board(title, turn=7)
    put(m, "R01", "1517")
    put(m, "R02", "1617")
    m.apply(f"rail R01 {' '.join(along('1517', '2016'))}")
    assert not {a for a in m.legal_actions() if a.args and a.args[0] == "R01"}
    refused(m, "move R01 2016 2116", "already moved")
    m.apply("move R02 1617 1717")
    assert rail_dests(m, "R02") == {}
    refused(m, f"rail R02 {' '.join(along('1717', '2117'))}", "not both", "(PGG 6.32)")


def test_6_32_reinforcements_enter_by_rail_and_count(title: Title) -> None:
    """Ruling: the entry hex is the first of the 30 rail hexes."""
    m = board(title, turn=7)
    unit = put(m, "R01", "box:reinforcements", entry=["5908"])
    assert unit.loc == "box:reinforcements"
    dests = rail_dests(m, "R01")
    assert dests["5808"] == ["box:reinforcements", "5908", "5808"]
    assert all(len(path) - 1 <= 30 for path in dests.values())
    assert max(len(path) - 1 for path in dests.values()) == 30  # PGG 6.33
    m.apply("rail R01 box:reinforcements 5908 5808 5709")
    assert unit.loc == "5709" and pgg.rail_used(m) == 1
    assert "entry" not in unit.flags


def test_6_32_reinforcements_off_the_railroad_may_not(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "box:reinforcements", entry=["5911"])
    assert "5911" not in pgg.rail_hexes(m)
    refused(m, "rail R01 box:reinforcements 5911 5910", "(PGG 6.32)")


def test_6_33_thirty_hexes(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "0419")
    dests = rail_dests(m, "R01")
    assert dests["3313"] == along("0419", "3313")  # 30 hexes entered
    assert len(dests["3313"]) - 1 == 30
    assert "3412" not in dests
    refused(m, f"rail R01 {' '.join(along('0419', '3412'))}", "30", "(PGG 6.33")


def test_6_33_terrain_has_no_effect(title: Title) -> None:
    m = board(title, turn=7)
    unit = put(m, "R01", "0419")
    path = along("0419", "3313")
    topo = m.topology
    rivers = [
        b for a, b in zip(path, path[1:], strict=False) if "river" in topo.edge(a, b).features
    ]
    assert len(rivers) >= 5  # crossing each would cost a Soviet unit +1 MP moving normally
    tree = pgg.unit_rail_tree(m, unit)
    assert tree["3313"][0] == len(path) - 1


def test_6_34_rail_needs_no_supply_nor_leader(title: Title) -> None:
    m = board(title, turn=7)
    unit = put(m, "R01", "0419", **{"out-of-supply": True})
    assert kmove.allowance(m, unit) == 3 * kmove.scale(m)  # 6 halved (PGG 11.31)
    assert len(rail_dests(m, "R01")["3313"]) - 1 == 30  # PGG 6.34, 10.33


def test_6_36_germans_may_not_rail(title: Title) -> None:
    m = board(title, turn=3, side="german")
    put(m, "6Inf", "1517")
    assert legal(m, "rail") == set()
    refused(m, "rail 6Inf 1517 1617", "(PGG 6.31, 6.36)")


def test_8_13_no_rail_out_of_an_enemy_zoc(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    put(m, "6Inf", "1516")
    assert rail_dests(m, "R01") == {}
    refused(m, f"rail R01 {' '.join(along('1517', '1617'))}", "enemy ZOC")


def test_6_62_disrupted_units_may_not_rail(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517", disrupted=True)
    refused(m, f"rail R01 {' '.join(along('1517', '1617'))}", "(PGG 6.62)")


def test_6_62_a_disrupted_unit_may_not_move(title: Title) -> None:
    """Issue 12: R01, disrupted by an overrun in the German Player-Turn, had 105 legal moves in
    the next Soviet Movement Phase. It has none, nor an overrun; its neighbour moves as before."""
    m = board(title, turn=7)
    put(m, "R01", "1517", disrupted=True)
    put(m, "R02", "1617")
    put(m, "6Inf", "1917")
    assert not any(a.split()[1] == "R01" for a in legal(m, "move") | legal(m, "overrun"))
    assert any(a.split()[1] == "R02" for a in legal(m, "move"))
    refused(m, "move R01 1517 1417", "R01 may not move", "disrupted (PGG 6.62)")


def test_6_63_disruption_ends_in_the_owners_disruption_removal_phase(title: Title) -> None:
    """A Soviet unit disrupted in the German Player-Turn stays disrupted through the next Soviet
    Movement and Combat Phases and is back to normal in the Soviet Disruption Removal Phase
    (4.2 A.3); then it moves again."""
    m = board(title, turn=7)
    r01 = put(m, "R01", "1517", disrupted=True)
    to_phase(m, "soviet", "combat")
    assert "disrupted" in r01.markers
    events = m.apply("end")  # the Soviet Disruption Removal Phase runs at once
    assert "disrupted" not in r01.markers
    assert any(e.kind == "unit-marker" and e.rule == "PGG 6.63" for e in events)
    m.state.cursor.turn, m.state.cursor.block, m.state.cursor.phase = 8, 0, 0
    m.touch()
    assert any(a.split()[1] == "R01" for a in legal(m, "move"))


def test_6_63_german_markers_go_in_the_german_removal_phase(title: Title) -> None:
    """The Soviet Disruption Removal Phase leaves German markers alone; the German one (4.2 B.4)
    removes them after the German Mechanized Movement Phase, and leaves Soviet ones."""
    m = board(title, turn=7, side="german")
    german = next(u for u in m.state.units.values() if u.side == "german")
    put(m, german.id, "2520", disrupted=True)
    r01 = put(m, "R01", "1517", disrupted=True)
    assert not any(a.split()[1] == german.id for a in legal(m, "move"))
    to_phase(m, "german", "air-interdiction")  # past the German Disruption Removal Phase
    assert "disrupted" not in german.markers
    assert "disrupted" in r01.markers


_SHARED: dict[str, Match] = {}


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_6_33_rail_paths_are_the_shortest_legal_ones(title: Title, data: st.DataObject) -> None:
    """Property: the legal rail moves of a unit reach exactly the hexes an independent shortest
    path search reaches within 30 (rail hexsides only, 4 for an interdicted hex, never into
    German units, their ZOC or a cut), each by a shortest path that ``check`` accepts."""
    m = _SHARED.get(title.id)
    if m is None:  # one match for every example: its cost tables are built once
        m = _SHARED[title.id] = board(title, turn=7)
    clear(m)
    m.state.markers.clear()
    topo = m.topology
    rails = sorted(pgg.rail_hexes(m))
    hexes = sorted(pgg.columns(m))
    start = data.draw(st.sampled_from(rails), "start")
    germans = data.draw(st.lists(st.sampled_from(hexes), max_size=3, unique=True), "germans")
    cuts = data.draw(st.lists(st.sampled_from(rails), max_size=3, unique=True), "cuts")
    air = data.draw(st.lists(st.sampled_from(rails), max_size=3, unique=True), "air")
    germans = [h for h in germans if h != start]
    put(m, "R01", start)
    for uid, loc in zip(["6Inf", "7Inf", "5Inf"], germans, strict=False):
        put(m, uid, loc)
    for loc in cuts:
        marker(m, pgg.RAIL_CUT, loc)
    for loc in air:
        marker(m, pgg.AIR, loc)
    zoc = {n for g in germans for n in topo.neighbours(g) if "lake" not in topo.edge(g, n).features}
    banned = zoc | set(germans) | set(cuts)
    graph = nx.DiGraph()
    for a in rails:
        for b in topo.neighbours(a):
            if "rail" in topo.edge(a, b).features and b not in banned:
                graph.add_edge(a, b, weight=4 if b in air else 1)
    graph.add_node(start)
    expected = (
        {}
        if start in zoc
        else nx.single_source_dijkstra_path_length(graph, start, cutoff=30, weight="weight")
    )
    dests = rail_dests(m, "R01")
    assert set(dests) == set(expected) - {start}
    for dest, path in dests.items():
        assert path[0] == start and path[-1] == dest
        cost = sum(4 if b in air else 1 for b in path[1:])
        assert cost == expected[dest] <= 30
        assert m.check(Action("rail", ("R01", *path))) is None


# ----------------------------------------------------------------------------- interdiction costs


def test_13_31_interdicted_rail_hex_costs_four(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "0419")
    marker(m, pgg.AIR, "1517")
    dests = rail_dests(m, "R01")
    assert "3013" in dests  # 27 hexes: 26 at 1, one at 4
    assert "3113" not in dests
    refused(m, f"rail R01 {' '.join(along('0419', '3113'))}", "(PGG 6.33", "13.31)")


def test_13_31_marker_in_the_start_hex_costs_nothing(title: Title) -> None:
    """Ruling: the four points are paid entering the hex, not leaving it."""
    m = board(title, turn=7)
    put(m, "R01", "0419")
    marker(m, pgg.AIR, "0419")
    assert "3313" in rail_dests(m, "R01")


def test_13_31_interdicted_rail_hex_adds_one_to_normal_movement(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    put(m, "R02", "1617")
    marker(m, pgg.AIR, "1617")
    m.apply("move R02 1617 1717")
    m.apply("move R01 1517 1617")
    assert mp_spent(m, "R02") == 1
    assert mp_spent(m, "R01") == 2


def test_13_32_air_interdiction_adds_one_mp_for_soviets(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1515")
    marker(m, pgg.AIR, "1615")
    assert m.topology.terrain("1615") == "clear"
    m.apply("move R01 1515 1615")
    assert mp_spent(m, "R01") == 2


def test_13_32_air_interdiction_does_not_slow_germans(title: Title) -> None:
    m = board(title, turn=3, side="german")
    put(m, "6Inf", "1515")
    marker(m, pgg.AIR, "1615")
    m.apply("move 6Inf 1515 1615")
    assert mp_spent(m, "6Inf") == 1


def test_13_43_soviet_marker_adds_one_mp_for_germans(title: Title) -> None:
    m = board(title, turn=3, side="german")
    put(m, "6Inf", "1515")
    put(m, "7Inf", "1513")
    marker(m, pgg.SOVIET_MARKER, "1615")
    m.apply("move 6Inf 1515 1615")
    assert mp_spent(m, "6Inf") == 2
    m.apply("move 7Inf 1513 1613")
    assert mp_spent(m, "7Inf") == 1


def test_13_43_soviet_marker_does_not_slow_soviets(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1515")
    marker(m, pgg.SOVIET_MARKER, "1615")
    m.apply("move R01 1515 1615")
    assert mp_spent(m, "R01") == 1


# ----------------------------------------------------------------------------- rail cuts (6.37)


def german_through(title: Title) -> Match:
    """A German infantry division moves along the railway from 1417 to 1717 (Game-Turn 3)."""
    m = board(title, turn=3, side="german")
    put(m, "6Inf", "1417")
    m.apply("move 6Inf 1417 1517 1617 1717")
    return m


def test_6_37_german_unit_moving_through_may_cut(title: Title) -> None:
    m = german_through(title)
    assert legal(m, "cut") == {"cut 1517", "cut 1617", "cut 1717"}  # not 1417: it started there
    refused(m, "cut 1417", "(PGG 6.37)")
    refused(m, "cut 1818", "(PGG 6.37)")
    m.apply("cut 1617")
    assert m.state.markers["rail-cut:1617"] == {
        "type": "rail-cut",
        "loc": "1617",
        "side": "german",
        "turn": 3,
        "phase": "3/german/movement",
    }
    assert "cut 1617" not in legal(m, "cut")


def test_6_37_cuts_may_wait_till_the_end_of_the_phase(title: Title) -> None:
    """Ruling: the cut is declared any time later in the same phase, not in the next."""
    m = german_through(title)
    put(m, "7Inf", "1013")
    m.apply("move 7Inf 1013 1113")
    assert "cut 1517" in legal(m, "cut")
    m.apply("end")
    to_phase(m, "german", "movement")  # the mechanized movement phase
    assert m.phase is not None and m.phase.spec.id == "mechanized-movement"
    assert legal(m, "cut") == set()


def test_6_37_at_most_six_cuts(title: Title) -> None:
    m = board(title, turn=3, side="german")
    put(m, "6Inf", "1417")
    put(m, "7Inf", "2016")
    m.apply(f"move 6Inf {' '.join(along('1417', '1917'))}")
    m.apply("move 7Inf 2016 2117 2216")
    assert len(legal(m, "cut")) == 7
    for loc in ["1517", "1617", "1717", "1817", "1917", "2117"]:
        m.apply(f"cut {loc}")
    assert len(pgg.markers_of(m, pgg.RAIL_CUT)) == 6
    assert legal(m, "cut") == set()
    refused(m, "cut 2216", "6 Rail Cut markers", "(PGG 6.37)")


def test_6_37_no_rail_into_or_through_a_cut(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    marker(m, pgg.RAIL_CUT, "1817")
    dests = rail_dests(m, "R01")
    assert "1717" in dests and "1817" not in dests
    assert not any("1817" in path for path in dests.values())
    assert dests["1917"] != along("1517", "1917")  # only the long way round, by Vitebsk
    refused(m, f"rail R01 {' '.join(along('1517', '1917'))}", "Rail Cut", "(PGG 6.37)")


def test_6_37_soviet_entry_repairs_and_rail_resumes_next_turn(title: Title) -> None:
    m = board(title, turn=7)
    put(m, "R01", "1517")
    put(m, "R02", "1617")
    marker(m, pgg.RAIL_CUT, "1817")
    m.apply("move R02 1617 1717 1817 1917")  # through the cut: repaired
    assert pgg.markers_of(m, pgg.RAIL_CUT) == {}
    refused(m, f"rail R01 {' '.join(along('1517', '2016'))}", "repaired this turn", "(PGG 6.37)")
    assert not any("1817" in path for path in rail_dests(m, "R01").values())
    m.state.cursor.turn = 8
    m.touch()
    assert rail_dests(m, "R01")["2016"] == along("1517", "2016")


def test_6_37_leaders_do_not_repair(title: Title) -> None:
    """Ruling: Leaders are not combat units (PGG 6.31 counts them apart)."""
    m = board(title, turn=7)
    put(m, "Lukin", "1717")
    marker(m, pgg.RAIL_CUT, "1817")
    m.apply("move Lukin 1717 1817")
    assert "1817" in pgg.markers_of(m, pgg.RAIL_CUT)


def test_6_37_german_unit_over_its_cut_takes_it_up(title: Title) -> None:
    m = german_through(title)
    m.apply("cut 1617")
    assert legal(m, "uncut") == set()  # a cut of this phase is not taken up again
    refused(m, "uncut 1617", "(PGG 6.37)")
    m.apply("end")
    to_phase(m, "german", "movement")  # the mechanized movement phase: a panzer passes over
    put(m, "Pz/7Pz", "1517")
    assert legal(m, "uncut") == set()
    m.apply("move Pz/7Pz 1517 1617 1717")
    assert legal(m, "uncut") == {"uncut 1617"}
    m.apply("uncut 1617")
    assert pgg.markers_of(m, pgg.RAIL_CUT) == {}
    assert "cut 1617" in legal(m, "cut")  # the marker is free for a new cut


def test_6_37_retreats_are_not_moving_through(title: Title) -> None:
    m = board(title, turn=3, side="german")
    unit = put(m, "6Inf", "1417")
    unit.flags["retreated"] = kmove.phase_key(m)
    m.place(unit, "1517")
    m.hook.wargame_moved(match=m, units=[unit], path=["1417", "1517"])
    m.touch()
    assert legal(m, "cut") == set()


# ----------------------------------------------------------------------------- hexrows (6.4)


def test_6_4_no_entry_to_hexrows_01_02_until_turn_7(title: Title) -> None:
    for turn in range(1, 7):
        m = board(title, turn=turn)
        put(m, "R01", "0319")
        moves = legal(m, "move")
        assert not any(a.split()[-1][:2] in ("01", "02") for a in moves)
        refused(m, "move R01 0319 0219", "hexrows 01-02", "(PGG 6.4)")
    m = board(title, turn=7)
    put(m, "R01", "0319")
    assert "move R01 0319 0219" in legal(m, "move")
    m.apply("move R01 0319 0219")


def test_6_4_paths_go_round_the_closed_hexrows(title: Title) -> None:
    m = board(title, turn=3)
    put(m, "R01", "0310")
    for action in legal(m, "move"):
        assert not any(loc[:2] in ("01", "02") for loc in action.split()[3:])


def test_6_4_no_rail_into_hexrows_01_02_before_turn_7(title: Title) -> None:
    m = board(title, turn=6)
    put(m, "R01", "0419")
    assert "0319" in rail_dests(m, "R01") and "0219" not in rail_dests(m, "R01")
    refused(m, "rail R01 0419 0319 0219", "(PGG 6.4)")
    m = board(title, turn=7)
    put(m, "R01", "0419")
    assert rail_dests(m, "R01")["0120"] == ["0419", "0319", "0219", "0120"]


def test_6_4_no_overrun_into_hexrows_01_02(title: Title) -> None:
    m = board(title, turn=3)
    put(m, "R01", "0319")
    put(m, "Lukin", "0319")
    put(m, "6Inf", "0219")
    action = Action.parse("overrun 0219 with R01 via 0319")
    reason = pgg.wargame_veto(match=m, decision=m.decision, action=action)
    assert reason is not None and "(PGG 6.4)" in reason
    assert m.check(action) is not None
    assert not any(a.verb == "overrun" and a.args[0] == "0219" for a in m.legal_actions())
    m.state.cursor.turn = 7
    m.touch()
    assert pgg.wargame_veto(match=m, decision=m.decision, action=action) is None


def test_6_4_restricted_hexrow_helper(title: Title) -> None:
    m = board(title, turn=1)
    soviet = put(m, "R01", "0510")
    thirteenth = put(m, "R02", "0124", setup="13th")
    german = put(m, "6Inf", "0910")
    assert pgg.restricted_hexrow(m, "0219") and pgg.restricted_hexrow(m, "0105", soviet)
    assert not pgg.restricted_hexrow(m, "0319", soviet)
    assert not pgg.restricted_hexrow(m, "0219", german)
    assert not pgg.restricted_hexrow(m, "0219", thirteenth)  # 5.23 units, Game-Turn 1 only
    for turn, closed in [(2, True), (6, True), (7, False), (12, False)]:
        m.state.cursor.turn = turn
        assert pgg.restricted_hexrow(m, "0219", thirteenth) is closed
        assert pgg.restricted_hexrow(m, "0219", soviet) is closed


def test_6_4_13th_and_20th_may_cross_the_hexrows_on_turn_1(title: Title) -> None:
    """Ruling: the 5.23 exception lets them move through hexrows 01-02 on Game-Turn 1."""
    m = board(title, turn=1)
    put(m, "R01", "0110", setup="20th")
    path = ["0110", "0111", "0211", "0311", "0411", "0511"]  # forest, then a river: 6 MP
    assert m.check(Action("move", ("R01", *path))) is None
    m.apply(f"move R01 {' '.join(path)}")
    assert m.state.units["R01"].loc == "0511"


# ----------------------------------------------------------------------------- first turn (5.2)


def test_5_21_roll_frees_army_on_1_to_3(title: Title) -> None:
    for roll in range(1, 7):
        m = board(title, rolls={"16th": roll, "19th": 7 - roll})
        assert m.state.vars[pgg.VAR_ROLLS] == {"16th": roll, "19th": 7 - roll}
        frozen = set(m.state.vars[pgg.VAR_FROZEN])
        assert ("16th" in frozen) is (roll > 3)
        assert ("19th" in frozen) is (7 - roll > 3)


def test_5_21_frozen_army_stands_for_the_whole_turn(title: Title) -> None:
    m = board(title, rolls={"16th": 1, "19th": 4})
    put(m, "R01", "1414", setup="19th")
    put(m, "Konlev", "1414", setup="19th")  # ruling: the army's Leader stands with it
    put(m, "R02", "2216", setup="16th")
    assert not {a for a in m.legal_actions() if a.args and a.args[0] in ("R01", "Konlev")}
    refused(m, "move R01 1414 1514", "stands in place", "(PGG 5.21)")
    refused(m, "rail R01 1414 1513", "(PGG 5.21)")
    m.apply("move R02 2216 2316 2416")  # the 16th rolled 1: free
    m.state.cursor.turn = 2
    m.touch()
    assert "move R01 1414 1514" in legal(m, "move")


def test_5_22_frozen_army_moves_one_hex_to_meet_stacking(title: Title) -> None:
    m = board(title, rolls={"16th": 6, "19th": 1})
    ids = ["R01", "R02", "R03", "R04", "R05", "R06"]
    for uid in ids:
        put(m, uid, "2216", setup="16th")
    put(m, "Lukin", "2216", setup="16th")
    refused(m, "move R01 2216 2316 2416", "one hex", "(PGG 5.22)")
    assert "move R01 2216 2316" in legal(m, "move")
    for uid, dest in zip(ids[:3], ["2316", "2116", "2215"], strict=True):
        m.apply(f"move {uid} 2216 {dest}")
    # three combat units and a Leader are within the limit (PGG 7.1): no more moves
    refused(m, "move R04 2216 2316", "not over the stacking limit", "(PGG 5.22)")
    assert not any(a.verb == "move" for a in m.legal_actions())


def test_5_22_only_as_many_units_as_needed_and_never_a_leader_for_nothing(title: Title) -> None:
    """Issue 12: with both army rolls 6, a leader (which never counts against the limit, 7.1)
    moved out of an overstacked hex, two divisions moved where one was needed, and ``actions``
    listed the whole stack moving. Four combat units and a leader: one combat unit must go."""
    m = board(title, rolls={"16th": 6, "19th": 6})
    for uid in ("R45", "R04", "R05", "R06", "Konlev"):
        put(m, uid, "1414", setup="19th")
    assert removals_needed_in(m, "1414") == 1
    refused(m, "move Konlev 1414 1514", "only as many units as are needed", "(PGG 5.22)")
    refused(m, "move R45,R04 1414 1514", "only as many units as are needed", "(PGG 5.22)")
    moves = legal(m, "move")
    assert "move R45 1414 1514" in moves
    assert not any("," in a.split()[1] or a.split()[1] == "Konlev" for a in moves)
    m.apply("move R45 1414 1514")
    refused(m, "move R04 1414 1413", "not over the stacking limit", "(PGG 5.22)")
    assert not legal(m, "move")


def test_5_22_a_leader_moves_when_the_count_of_units_is_over(title: Title) -> None:
    """Three combat units and two leaders: five units, one more than 7.1 allows; moving a leader
    is enough (so is a combat unit), moving two is not."""
    m = board(title, rolls={"16th": 6, "19th": 6})
    for uid in ("R45", "R04", "R05", "Konlev", "Lukin"):
        put(m, uid, "1414", setup="19th")
    moves = legal(m, "move")
    assert {"move Konlev 1414 1514", "move R45 1414 1514"} <= moves
    refused(m, "move Konlev,Lukin 1414 1514", "only as many units as are needed", "(PGG 5.22)")


def removals_needed_in(m: Match, hex_id: str) -> int:
    return pgg.removals_needed(m, "soviet", list(m.occupied()[hex_id]))


def test_5_23_must_spend_full_allowance(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0113", setup="20th")  # movement 6: 12 half-points
    reason = m.check("end")
    assert reason is not None and "R01" in reason and "(PGG 5.23)" in reason
    assert legal(m, "end") == set()
    refused(m, "move R01 0113 0213 0313", "full movement allowance", "(PGG 5.23)")
    full = [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "R01"]
    assert full
    unit = m.state.units["R01"]
    for a in full:
        path = list(a.args[1:])
        cost = kmove.path_cost(m, unit, path)[0]
        assert cost is not None and pgg.goes_on(m, unit, path, cost) is None
    m.apply(full[0])
    assert m.check("end") is None


def test_5_23_unit_that_cannot_move_does_not_block(title: Title) -> None:
    """Ruling: a unit that cannot move (here locked in an enemy ZOC) does not hold up the end."""
    m = board(title)
    put(m, "R01", "0313", setup="20th")
    put(m, "6Inf", "0413")
    assert m.check("end") is None


def test_5_23_stopping_in_an_enemy_zoc_spends_the_allowance(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0313", setup="20th")
    put(m, "6Inf", "0613")
    assert "0513" in kmove.stops(m, m.state.units["R01"])
    m.apply("move R01 0313 0413 0513")


def test_5_23_leaders_must_move_too(title: Title) -> None:
    """Ruling: 'all units' of the two armies includes their Leaders."""
    m = board(title)
    put(m, "Kurochkin", "0113", setup="20th")
    reason = m.check("end")
    assert reason is not None and "Kurochkin" in reason and "(PGG 5.23)" in reason


def test_5_23_never_west_on_turn_1(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0513", setup="20th")
    for action in legal(m, "move"):
        path = action.split()[2:]
        assert not any(pgg.westward(m, a, b) for a, b in zip(path, path[1:], strict=False))
    refused(m, "move R01 0513 0413 0313", "may not move west", "(PGG 5.23)")


def test_5_23_westward_ban_ends_with_turn_1(title: Title) -> None:
    """Ruling: 'never ... westerly' is a First Turn Special Rule (5.2): Game-Turn 1 only."""
    m = board(title, turn=2)
    put(m, "R01", "0513", setup="20th")
    m.apply("move R01 0513 0413 0313")
    assert m.state.units["R01"].loc == "0313"


def test_5_23_no_hex_entered_twice(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0513", setup="20th")
    refused(m, "move R01 0513 0512 0513 0613 0713 0813", "more than once", "(PGG 5.23)")


def test_5_23_may_not_end_in_hexrows_01_02(title: Title) -> None:
    m = board(title)
    unit = put(m, "R01", "0110", setup="20th", **{"out-of-supply": True})  # 3 MP
    assert kmove.allowance(m, unit) == 3 * kmove.scale(m)
    refused(m, "move R01 0110 0111 0112 0113", "hexrows 01-02", "(PGG 5.23)")
    assert not any(a.split()[-1][:2] in ("01", "02") for a in legal(m, "move"))


def test_5_23_no_rail_on_turn_1(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0519", setup="13th")
    assert rail_dests(m, "R01") == {}
    refused(m, "rail R01 0519 0618 0719", "(PGG 5.23)")
    m.state.cursor.turn = 2
    m.touch()
    assert "0719" in rail_dests(m, "R01")


def test_5_23_other_armies_are_free_on_turn_1(title: Title) -> None:
    m = board(title)
    put(m, "R01", "0513", setup="24th")
    m.apply("move R01 0513 0413")
    assert m.check("end") is None
