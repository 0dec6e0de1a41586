"""Luftwaffe ground-support markers (BARB 11.23, 10.33) through the shared air-support mechanic:
the German's decision before any battle, PA or MA, his or the Soviet's, one column his way."""

from __future__ import annotations

from tests.games.barb_helpers import new
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
