"""Proud Monster Deluxe's Soviet pontoon bridges (15.12): rulings PB1-PB3."""

from __future__ import annotations

import json
from fractions import Fraction

from tests.games.pmd_steps import to_phase
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import bridges, combat, mobileassault, replacements
from wargame.match import Match
from wargame.mechanics import combat as kernel_combat
from wargame.mechanics.movement import path_cost
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, offensive_supply, plain

TD = "sov-td-interior-01"
RD = "sov-rd-interior-01"
GER = "ger-id-1"


def _turn(match: Match, ynn: int) -> None:
    turns = match.title.doc("calendar")["turns"]
    match.state.cursor.turn = next(
        int(k) for k, v in turns.items() if int(v["values"]["ynn"]) == ynn
    )
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)


def _river(match: Match, feature: str = "major-river") -> tuple[str, str]:
    """Two plain clear hexes with only ``feature`` on the hexside between them."""
    topo = match.topology
    for a in sorted(topo.locations()):
        for b in topo.neighbours(a) if plain(match, a) else ():
            edge = topo.edge(a, b)
            if plain(match, b) and edge is not None and set(edge.features) == {feature}:
                return a, b
    raise AssertionError(f"no {feature} hexside")


def _soviet_move(ynn: int = 220) -> tuple[Match, str, str]:
    match = at_phase("soviet", "movement")
    _turn(match, ynn)
    a, b = _river(match)
    put(match, TD, a)
    offensive_supply(match, "soviet", a)  # 8.6: from turn 203 the markers
    return match, a, b


def test_no_pontoon_bridge_before_turn_220_15_12() -> None:
    match, a, b = _soviet_move(219)
    refused(match, f"bridge {a} {b}", "no pontoon bridge", rule="PMD 15.12")


def test_a_bridge_is_laid_over_a_river_where_a_soviet_unit_stands_15_12() -> None:
    match, a, b = _soviet_move()
    refused(match, f"bridge {b} {a}", "Soviet unit stands", rule="PMD 15.12")
    plain_pair = next(
        n for n in match.topology.neighbours(a) if not match.topology.edge(a, n).features
    )
    refused(match, f"bridge {a} {plain_pair}", "river hexside", rule="PMD 15.12")
    assert f"bridge {a} {b}" in {str(x) for x in match.legal_actions()}
    match.apply(f"bridge {a} {b}")
    assert bridges.bridged(match, b, a) and bridges.pool(match) == 9
    refused(match, f"bridge {a} {b}", "bridged already", rule="PMD 15.12")


def test_a_bridge_negates_the_river_cost_for_soviet_units_only_15_12() -> None:
    match, a, b = _soviet_move()
    put(match, GER, a)
    td, ger = match.state.units[TD], match.state.units[GER]
    before, _ = path_cost(match, td, [a, b])
    axis_before, _ = path_cost(match, ger, [a, b])
    put(match, GER, None)  # not in the hex the bridge is laid in
    match.apply(f"bridge {a} {b}")
    ger = put(match, GER, a)
    after, _ = path_cost(match, td, [a, b])
    assert before is not None and after is not None and after < before
    assert path_cost(match, td, [b, a])[0] == after  # both ways
    assert path_cost(match, ger, [a, b])[0] == axis_before  # the Axis cannot use it


def test_a_soviet_attack_across_a_bridge_is_a_minor_river_in_1941_15_12() -> None:
    match, a, b = _soviet_move()
    put(match, GER, b)
    units = match.state.units
    battle = kernel_combat.new_battle(match, [units[TD]], [units[GER]], b, "attack")
    assert combat._river_factor(match, battle, units[TD]) == (Fraction(1, 2), "major-river")
    bridges._lay(match, a, b)
    assert combat._river_factor(match, battle, units[TD]) == (Fraction(3, 4), "pontoon bridge")


def test_a_lifted_bridge_goes_back_to_the_pool_ruling_pb2_15_12() -> None:
    match, a, b = _soviet_move()
    match.apply(f"bridge {a} {b}")
    match.apply(f"bridge-lift {b} {a}")
    assert not bridges.bridged(match, a, b) and bridges.pool(match) == 10
    refused(match, f"bridge-lift {a} {b}", "no pontoon bridge", rule="PMD 15.12")


def test_moves_listed_with_a_bridge_are_not_offered_once_it_is_lifted_15_12() -> None:
    """The kernel keeps a unit's reachable set across actions while its movement context
    stays; a bridge is secret state the context does not see, so the unit's cost key keys the
    set (found by a random 1942 game: a move over a lifted bridge was listed, then refused)."""
    match, a, b = _soviet_move()
    before = {str(x) for x in match.legal_for(TD, "move")}
    match.apply(f"bridge {a} {b}")
    bridged = {str(x) for x in match.legal_for(TD, "move")}
    assert bridged != before  # the bridge opens moves (or makes them cheaper)
    match.apply(f"bridge-lift {b} {a}")
    assert {str(x) for x in match.legal_for(TD, "move")} == before


def test_a_bridge_with_no_soviet_unit_left_is_eliminated_and_rebuilt_for_an_mrp_15_12() -> None:
    match, a, b = _soviet_move()
    match.apply(f"bridge {a} {b}")
    match.apply("end")  # its stack still there: it stays
    assert bridges.bridged(match, a, b)
    put(match, TD, None)  # the last step gone
    to_phase(match, "soviet", "refit")
    assert not bridges.bridged(match, a, b) and bridges.lost(match) == 1
    assert bridges.pool(match) == 9
    replacements.points(match, "soviet")["mrp"] = 0
    refused(match, "bridge-rebuild", "with an MRP", rule="PMD 15.12")
    replacements.points(match, "soviet")["mrp"] = 1
    match.apply("bridge-rebuild")
    assert bridges.lost(match) == 0 and bridges.pool(match) == 10
    assert replacements.points(match, "soviet")["mrp"] == 0


def test_a_soviet_ma_may_cross_a_major_river_only_by_a_bridge_15_12_14_4() -> None:
    match, a, b = _soviet_move()
    assert "major river" in (mobileassault.problem(match, "soviet", [TD], a, b) or "")
    bridges._lay(match, a, b)
    assert mobileassault.problem(match, "soviet", [TD], a, b) is None
    put(match, GER, a)
    offensive_supply(match, "axis", a)
    assert "major river" in (mobileassault.problem(match, "axis", [GER], a, b) or "")


def test_at_most_five_bridges_in_a_hex_6_1_15_12() -> None:
    match, a, b = _soviet_move()
    for _ in range(4):
        bridges._lay(match, a, f"x{_}")  # four laid elsewhere from this hex
    match.apply(f"bridge {a} {b}")
    bridges._take(match, bridges._key(a, b))
    bridges._lay(match, a, "x4")
    refused(match, f"bridge {a} {b}", "at most 5", rule="PMD 6.1")
    # the cap stops with one of the hex's bridges gone (lifted or eliminated: ruling SK1)
    bridges._take(match, bridges._key(a, "x4"))
    match.touch()
    assert f"bridge {a} {b}" in {str(x) for x in match.legal_actions()}
    match.apply(f"bridge {a} {b}")
    assert bridges._key(a, b) in bridges.laid(match)


def test_the_bridge_flip_is_secret_from_the_axis_15_12() -> None:
    """15.12 (ruling PB1): the flip is made in secret. The laid hexside is the Soviet's secret:
    out of the Axis's view (the conformance view check finds it if it leaks), out of the
    events' text, and the action's arguments are masked in the Axis's log; the Soviet sees all.
    Lifted, the secret goes (no empty secret is kept)."""
    from wargame.testing import view_problems
    from wargame.web.seat import Lens

    match, a, b = _soviet_move()
    events = match.apply(f"bridge {a} {b}")
    key = bridges._key(a, b)
    assert bridges.bridged(match, a, b)
    assert key in json.dumps(match.view("soviet"))
    assert key not in json.dumps(match.view("axis")) and view_problems(match, "axis") == []
    assert not any(a in e.text or b in e.text for e in events)
    entry = {"side": "soviet", "action": f"bridge {a} {b}", "events": [e.to_json() for e in events]}
    seen = Lens.of(match, "axis").entry(entry)
    assert seen["action"] == "bridge: in secret" and key not in json.dumps(seen)
    assert key in json.dumps(Lens.of(match, "soviet").entry(entry))
    # the check is not blind: a view holding the Soviet's secrets is caught
    match.state.vars["leak"] = dict(match.state.secrets["soviet"])
    assert view_problems(match, "axis") != []
    del match.state.vars["leak"]
    match.apply(f"bridge-lift {a} {b}")
    assert bridges.SECRET not in match.state.secrets.get("soviet", {})
    assert not bridges.bridged(match, a, b)
