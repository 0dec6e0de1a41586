"""Luftwaffe ground-support markers (BARB 11.23, 10.33) through the shared air-support mechanic:
the German's decision before any battle, PA or MA, his or the Soviet's, one column his way."""

from __future__ import annotations

from tests.games.barb_helpers import new
from wargame.games.barbarossa import decisions, supply
from wargame.match import Match
from wargame.mechanics import airsupport, combat
from wargame.plugins import Registry


def test_markers_by_year_and_two_more_under_oder_11_23_4_18(registry: Registry) -> None:
    m = new(registry)
    counts = {}
    for turn in (1, 9, 17, 30):
        m.state.cursor.turn = turn
        counts[turn] = airsupport.markers(m)
    assert counts == {1: 3, 9: 2, 17: 1, 30: 1}
    m.state.vars["oder"] = True
    assert airsupport.markers(m) == 3  # 4.18: two Luftwaffe units with Oder on GT30


def test_the_german_may_support_his_defence_against_a_soviet_attack_11_23(
    registry: Registry,
) -> None:
    m = new(registry, "road-back")  # GT13: the Soviet Prepared Assault Phase
    attack = next(a for a in m.legal_actions() if a.verb == "attack")
    m.apply(str(attack))
    assert m.decision.side == "german" and m.decision.kind == "air"
    battle = combat.active(m)
    battle.extra["air"] = True
    columns = [
        s.columns
        for group in m.hook.wargame_combat_shifts(match=m, battle=battle)
        for s in group
        if s.reason == "air support"
    ]
    assert columns == [-1]  # one column the German side's way: left, he defends
    m.apply("air commit")
    assert airsupport.used(m) == 1
    assert m.decision is None or m.decision.kind != "air"  # no second marker for that battle


def test_holding_the_marker_keeps_it_11_23(registry: Registry) -> None:
    m = new(registry, "road-back")
    left = airsupport.available(m)
    attack = next(a for a in m.legal_actions() if a.verb == "attack")
    m.apply(str(attack))
    m.apply("air hold")
    assert airsupport.available(m) == left


# ------------------------------------------------------------------ 7.7A aerial supply


def surprise(registry: Registry, cut: bool = True) -> tuple[Match, str]:
    """The Road Back's GT13 Soviet Prepared Assault Phase, every German line of supply cut when
    ``cut``: the Soviet declares an attack on a German hex."""
    m = new(registry, "road-back")
    if cut:
        for h in m.topology.region("supply:german"):
            m.state.control[h] = "soviet"
        m.touch()
    attack = next(
        a
        for a in m.legal_actions()
        if a.verb == "attack" and any(supply.state(m, u) == "out" for u in m.units_at(a.args[0]))
    )
    m.apply(str(attack))
    return m, attack.args[0]


def test_aerial_supply_may_come_after_the_soviet_attack_is_declared_7_7a(
    registry: Registry,
) -> None:
    m, target = surprise(registry)
    assert m.decision.side == "german" and m.decision.kind == "aerial-defence"
    assert {str(a) for a in m.legal_actions()} == {f"airlift {target}", "airlift hold"}
    battle = combat.active(m)
    m.apply(f"airlift {target}")
    assert (
        m.state.vars["aerial_hex"] == target
        and m.state.ns("barbarossa-decisions")["aerial_turn"] == 13
    )
    defenders = [m.state.units[u] for u in battle.defenders]
    assert all(supply.state(m, u) == "aerial" for u in defenders)  # full defence (7.7)
    assert m.decision.kind == "air"  # the Luftwaffe question still comes; no recall for the Soviet
    fought = m.apply("air hold")
    assert any(e.kind == "roll" for e in fought)  # the attack is fought
    assert not decisions.aerial_available(m)  # once a game turn


def test_the_german_may_hold_the_marker_7_7a(registry: Registry) -> None:
    m, target = surprise(registry)
    m.apply("airlift hold")
    assert "aerial_hex" not in m.state.vars and decisions.aerial_available(m)
    assert m.decision.kind == "air"


def test_no_question_when_the_defenders_are_supplied_or_the_marker_away_7_7a(
    registry: Registry,
) -> None:
    m = new(registry, "road-back")
    attack = next(a for a in m.legal_actions() if a.verb == "attack")
    m.apply(str(attack))
    assert m.decision.kind == "air"  # in supply: aerial supply would change nothing
    m = new(registry, "road-back")
    m.state.ns("barbarossa-decisions")["aerial_back"] = 15  # the marker is away
    for h in m.topology.region("supply:german"):
        m.state.control[h] = "soviet"
    m.touch()
    attack = next(a for a in m.legal_actions() if a.verb == "attack")
    m.apply(str(attack))
    assert m.decision.kind != "aerial-defence"
