"""Linkland on the kernel: a point-to-point title needs nothing hex-shaped.

Movement pays per link by class (a highway is cheap, a strait is for foot units, boxes are left
only by reinforcements), combat reads the links attackers arrive by, retreats run along links,
passing through a point takes it, and the map draws.
"""

from __future__ import annotations

from typing import Any

import pytest

from wargame import render
from wargame.match import Battle, Match
from wargame.mechanics import movement, retreat, victory
from wargame.network import PointNetwork
from wargame.plugins import Registry, Title


@pytest.fixture(scope="module")
def linkland(registry: Registry) -> Title:
    return registry.get("linkland")


@pytest.fixture
def match(linkland: Title) -> Match:
    """West's first movement phase, as the scenario sets it up."""
    m = Match(linkland, seed=0)
    assert m.decision is not None and (m.decision.side, m.decision.kind) == ("west", "movement")
    return m


def reach(match: Match, uid: str) -> dict[str, float]:
    """Where a unit may move now, with the MP each destination costs."""
    unit = match.state.units[uid]
    factor = movement.scale(match)
    return {dest: cost / factor for dest, (cost, _) in movement.tree(match, unit).items()}


def test_the_map_is_a_network_with_classes_a_highway_a_strait_and_boxes(linkland: Title) -> None:
    topo = linkland.topology
    assert isinstance(topo, PointNetwork) and topo.kind == "network"
    assert len([x for x in topo.locations() if not x.startswith("box:")]) == 15
    assert list(topo.boxes()) == ["box:east", "box:west"]
    links = topo.links()
    assert {e.attrs["class"] for e in links} == {"major", "minor", "inferior"}
    assert [sorted((e.a, e.b)) for e in links if "strait" in e.features] == [["fenwick", "oban"]]
    highway = {frozenset((e.a, e.b)) for e in links if "highway" in e.features}
    assert len(highway) == 4
    assert topo.neighbours("box:east") == ("lanark", "moffat", "nairn")
    assert topo.edge("moffat", "box:east") is not None
    assert topo.edge("moffat", "box:east").kind == "box"  # type: ignore[union-attr]
    assert topo.distance("aston", "moffat") == 4


def test_motor_units_pay_by_link_class_and_ride_the_highway(match: Match) -> None:
    # 1st Panzer (motor, 4 MP) at Elgin; Harlow holds the enemy, Glenco is inferior-only
    assert reach(match, "1-pz") == {
        "bexley": 0.5,  # highway
        "aston": 2.5,  # + minor 2
        "corwen": 2.5,
        "dunmore": 2.0,  # minor
        "fenwick": 2.0,
    }


def test_foot_units_pay_less_on_minor_links_and_may_use_inferior_ones(match: Match) -> None:
    assert reach(match, "II-corps") == {
        "bexley": 0.5,
        "aston": 1.5,
        "corwen": 1.5,
        "dunmore": 1.0,
        "fenwick": 1.0,
    }
    assert reach(match, "I-corps")["glenco"] == 2.0  # inferior link from Dunmore


def test_a_strait_is_crossed_on_foot_only(match: Match) -> None:
    assert reach(match, "III-corps")["oban"] == 2.0  # LL 8.3
    assert "oban" not in reach(match, "2-pz")


def test_nothing_moves_into_a_box(match: Match) -> None:
    for uid in ("1-pz", "II-corps", "I-corps"):
        assert not any(dest.startswith("box:") for dest in reach(match, uid))


def test_reinforcements_wait_in_their_sides_box_and_enter_by_its_links(match: Match) -> None:
    while match.phasing != "east" or match.turn != 2:
        match.apply("end")
    army = match.state.units["12-army"]
    assert army.loc == "box:east"
    assert army.flags["entry"] == ["lanark", "moffat", "nairn"]
    moves = {str(a) for a in match.legal_actions() if a.args and a.args[0] == "12-army"}
    assert "move 12-army box:east moffat" in moves
    assert "move 12-army box:east moffat jarrow" in moves  # 1 + highway 0.5
    while match.phasing != "west" or match.turn != 3:
        match.apply("end")
    assert match.state.units["IV-corps"].loc == "box:west"


def test_units_in_a_box_never_attack(match: Match) -> None:
    """A box is adjacent to its edge points for entry and supply, never for combat."""
    match.new_unit("12-army", "box:east")
    match.place(match.state.units["1-pz"], "nairn")
    match.apply("end")  # West movement
    match.apply("end")  # West combat
    match.apply("end")  # East movement: the army stays in its box
    assert match.decision is not None and match.decision.kind == "combat"
    attacks = [str(a) for a in match.legal_actions() if a.verb == "attack"]
    assert not any("12-army" in a for a in attacks)
    why = match.check("attack nairn with 12-army")
    assert why == "12-army may not attack now (attacked, advanced, or no attack strength)"


def test_passing_through_a_point_takes_it(match: Match) -> None:
    assert "glenco" not in match.state.control
    match.apply("move I-corps dunmore glenco")
    assert match.state.control["glenco"] == "west"  # LL 10.1
    match.apply("end")
    assert match.state.control["harlow"] == "east"  # occupied points at the phase end, LL 10.2


def battle(match: Match, attackers: dict[str, str], target: str) -> Battle:
    return Battle("b0", list(attackers), [u.id for u in match.units_at(target)], target, attackers)


def shift_reasons(match: Match, b: Battle) -> list[tuple[int, str]]:
    """Every plugin's shifts for the battle: the title's hook, then the shared mechanics'."""
    found = match.hook.wargame_combat_shifts(match=match, battle=b)
    return [(s.columns, f"{s.reason} ({s.rule})") for shifts in found for s in shifts]


def test_combat_reads_the_links_attackers_arrive_by(match: Match) -> None:
    assert shift_reasons(match, battle(match, {"I-corps": "glenco"}, "harlow")) == [
        (-1, "every attacker crosses a strait or inferior link (LL 13.3)")
    ]
    assert shift_reasons(match, battle(match, {"1-pz": "elgin", "x": "glenco"}, "harlow")) == []
    assert shift_reasons(match, battle(match, {"III-corps": "oban"}, "kelso")) == [
        (-1, "every attacker crosses a strait or inferior link (LL 13.3)"),  # the title's hook
        (-1, "defender in city (LL 13.2)"),  # the terrain chart, by the terrain-effects mechanic
    ]


def test_retreats_run_along_links_the_units_may_use(match: Match) -> None:
    army = match.state.units["5-army"]  # foot, at Harlow
    assert retreat.paths(match, [army], "harlow", 1) == [["glenco"]]  # the only vacant point
    tank = match.state.units["1-tank"]
    match.place(tank, "harlow")
    # the tank may not take the inferior link to Glenco: only friendly-held points remain
    assert sorted(retreat.paths(match, [tank], "harlow", 1)) == [["jarrow"], ["kelso"]]
    assert retreat.paths(match, [army, tank], "harlow", 1) == [["jarrow"], ["kelso"]]


def test_a_static_garrison_dies_alone_when_its_stack_retreats(match: Match) -> None:
    """The garrison may not move at all; the army beside it still retreats (a kernel fix: the
    retreat mechanic used to eliminate the whole stack)."""
    units = match.state.units
    b = battle(match, {"1-pz": "harlow"}, "kelso")
    retreat.ask(match, b, "defender", [units["6-army"], units["kelso-garrison"]], 1)
    assert units["kelso-garrison"].loc is None and units["kelso-garrison"].flags["eliminated"]
    top = match.state.pending[-1]
    assert (top["side"], top["kind"], top["context"]["units"]) == ("east", "retreat", ["6-army"])
    assert units["6-army"].loc == "kelso"


def test_victory_by_objective_points_15_1(match: Match) -> None:
    """The scenario's vp condition, judged from data by the victory mechanic."""
    assert victory.held_vp(match, "west", ["jarrow", "kelso", "moffat"]) == 0
    match.place(match.state.units["1-tank"], None)
    match.set_control("moffat", "west")
    outcome: Any = victory.outcome(match)
    assert outcome["winner"] == "west" and outcome["rule"] == "LL 15.1"
    match.set_control("moffat", "east")
    match.set_control("kelso", "west")
    assert victory.held_vp(match, "west", ["jarrow", "kelso", "moffat"]) == 0  # kelso is occupied
    assert victory.outcome(match)["winner"] == "east"


def test_a_side_with_no_units_left_loses_at_once(match: Match) -> None:
    for unit in match.units_of("west"):
        match.eliminate(unit, "test")
    assert match.outcome is not None
    assert (match.outcome["winner"], match.outcome["text"]) == ("east", "west has no units left")
    assert match.decision is None


def test_the_network_draws(match: Match) -> None:
    text = render.svg(match, "west")
    for name in ("Aston", "Moffat", "Eastern hinterland", "1-pz"):
        assert name in text


def test_an_advance_follows_links_the_unit_could_move_along(match: Match) -> None:
    """The shared advance offers the vacated point; Linkland vetoes motor units over the strait
    (LL 13.7), so only the foot corps may follow a beaten enemy to Oban."""
    units = match.state.units
    b = battle(match, {"III-corps": "fenwick", "2-pz": "fenwick"}, "oban")
    b.extra["targets"] = ["oban"]
    retreat.offer_advance(match, b)  # Oban is empty: the winners are offered it
    decision = match.decision
    assert decision is not None and decision.kind == "advance"
    assert set(decision.context["units"]) == {"III-corps", "2-pz"}
    assert {str(a) for a in match.legal_actions()} == {"advance III-corps oban", "stay"}
    assert (
        match.check("advance 2-pz oban") == "2-pz may not advance from fenwick into oban (LL 13.7)"
    )
    match.apply("advance III-corps oban")
    assert units["III-corps"].loc == "oban" and units["2-pz"].loc == "fenwick"
