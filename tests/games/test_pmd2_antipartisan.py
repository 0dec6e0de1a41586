"""Proud Monster Deluxe part 2: German anti-partisan withdrawals (9.7.5, 4.5.2(4))."""

from __future__ import annotations

from functools import cache

from wargame.games.proud_monster_deluxe import antipartisan, plugin
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import clear, force_rolls, put, refused

T311, T310 = 48, 47  # game turns of 311 and 310
IDS = ["ger-id-1", "ger-id-7", "ger-id-11", "ger-id-12"]
MINSK, RIGA = "1920", "1808"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _match() -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.apply("concentration pass")  # 8.9's decision, pushed at the first Axis Refit Phase
    clear(match)
    match.state.cursor.turn = T311
    match.state.control[MINSK] = "axis"
    match.touch()
    return match


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_the_roll_calls_divisions_the_axis_withdraws_to_the_box_9_7_5() -> None:
    match = _match()
    for uid in IDS[:2]:
        put(match, uid, MINSK)
    put(match, "ger-pd-3", MINSK)
    put(match, "ger-id-11", MINSK).step = 1  # not at full strength
    force_rolls(match, 5)  # stand-in: 2 ID and 1 PD
    antipartisan.start(match)
    assert match.decision.kind == "antipartisan"  # type: ignore[union-attr]
    assert _legal(match) == {
        "antipartisan ger-id-1",
        "antipartisan ger-id-7",
        "antipartisan decline",
    }
    refused(match, "antipartisan ger-id-11", "full-strength", rule="PMD 9.7.5")
    match.apply("antipartisan ger-id-1")
    match.apply("antipartisan ger-id-7")
    assert _legal(match) == {"antipartisan ger-pd-3", "antipartisan decline"}
    match.apply("antipartisan ger-pd-3")
    assert antipartisan.box(match) == ["ger-id-1", "ger-id-7", "ger-pd-3"]
    assert all(match.state.units[u].loc is None for u in antipartisan.box(match))
    assert match.decision is None or match.decision.kind != "antipartisan"  # type: ignore[union-attr]
    assert "need" not in match.state.ns("pmd-antipartisan")  # the turn's call is met


def test_only_divisions_in_overland_supply_are_withdrawn_9_7_5_9_7_1() -> None:
    """9.7.5's withdrawals follow the generic rules: a division out of overland supply (deep in
    Russia, no Axis line) is not offered; one in supply is."""
    match = _match()
    put(match, IDS[0], MINSK)
    put(match, IDS[1], "4120")  # Moscow: no Axis line of supply
    force_rolls(match, 5)  # stand-in: 2 ID and 1 PD
    antipartisan.start(match)
    assert f"antipartisan {IDS[0]}" in _legal(match)
    assert f"antipartisan {IDS[1]}" not in _legal(match)
    refused(match, f"antipartisan {IDS[1]}", "full-strength", rule="PMD 9.7.5")


def test_declining_costs_the_axis_one_vp_for_the_turn_9_7_5_4_5_2() -> None:
    match = _match()
    put(match, IDS[0], MINSK)
    force_rolls(match, 6)  # 3 ID and 1 PD
    antipartisan.start(match)
    vp = match.state.vp.get("axis", 0)
    match.apply("antipartisan decline")
    assert match.state.vp["axis"] == vp - 1
    assert "need" not in match.state.ns("pmd-antipartisan")
    assert match.decision is None or match.decision.kind != "antipartisan"  # type: ignore[union-attr]


def test_a_smaller_call_returns_the_excess_through_an_axis_town_9_7_5() -> None:
    match = _match()
    for uid in IDS[:2]:
        put(match, uid, MINSK)
    force_rolls(match, 4)  # 2 ID
    antipartisan.start(match)
    match.apply("antipartisan ger-id-1")
    match.apply("antipartisan ger-id-7")
    force_rolls(match, 2)  # next turn: 1 ID
    antipartisan.start(match)
    assert match.decision.context["mode"] == "return"  # type: ignore[union-attr]
    refused(match, f"antipartisan ger-id-1 {RIGA}", "Axis-owned", rule="PMD 9.7.5")
    topo = match.topology
    east = max((h for h in topo.locations() if "city" in topo.features(h)), key=lambda h: h[:2])
    match.state.control[east] = "axis"
    match.touch()
    assert east in antipartisan.towns(match)  # Axis-owned, in supply on the empty map
    # ringed by Soviet units, no supply line enters it (8.2)
    for n, hex_ in enumerate(sorted(topo.neighbours(east)), start=1):
        put(match, f"sov-rd-interior-0{n}", hex_)
    match.touch()
    refused(match, f"antipartisan ger-id-1 {east}", "defensive supply", rule="PMD 9.7.5")
    match.apply(f"antipartisan ger-id-1 {MINSK}")
    assert match.state.units["ger-id-1"].loc == MINSK
    assert antipartisan.box(match) == ["ger-id-7"]
    assert "need" not in match.state.ns("pmd-antipartisan")


def test_the_reinforcement_phase_rolls_from_turn_311_only_9_7_5() -> None:
    match = _match()
    put(match, IDS[0], MINSK)
    phase = match.title.manifest.sequence.before_turn[0]
    assert phase.id == "reinforcement"
    match.state.cursor.turn = T310
    match.hook.wargame_phase_start(match=match, phase=phase)
    assert match.state.ns("pmd-antipartisan") == {} and not match.state.pending
    match.state.cursor.turn = T311
    force_rolls(match, 2)
    match.hook.wargame_phase_start(match=match, phase=phase)
    assert match.decision.kind == "antipartisan"  # type: ignore[union-attr]
