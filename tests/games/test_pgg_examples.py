"""Worked examples of the PGG rulebook not covered elsewhere, each named for its rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.pgg_helpers import at_phase, battles, fixed_roll, hex_map, make_title, put, soviet
from wargame.match import Match
from wargame.mechanics import movement


@pytest.fixture
def match(tmp_path: Path) -> Match:
    return Match(
        make_title(
            tmp_path,
            hex_map(
                terrain={"0506": "forest"},
                hexsides=[{"hexes": ["0504", "0505"], "features": ["river"]}],
            ),
        )
    )


def test_9_63_german_infantry_steps_9_4_2_1_then_eliminated(match: Match) -> None:
    unit = put(match, "6Inf", "0505")
    seen = [match.unit_values(unit)["attack"]]
    for _ in range(3):
        match.lose_steps(unit, 1)
        seen.append(match.unit_values(unit)["attack"])
    assert seen == [9, 4, 2, 1]
    assert match.unit_values(unit)["movement"] == 7
    match.lose_steps(unit, 1)
    assert unit.loc is None and unit.flags.get("eliminated")


def test_6_7_river_costs_germans_two_and_soviets_one_extra(match: Match) -> None:
    german = put(match, "6Inf", "0504")
    russian = put(match, "R01", "0504")
    assert movement.chart_cost(match, german, "0504", "0505") == 1 + 2
    assert movement.chart_cost(match, russian, "0504", "0505") == 1 + 1


def test_6_7_forest_costs_infantry_one_and_the_others_two(match: Match) -> None:
    infantry = put(match, "6Inf", "0505")
    panzer = put(match, "Pz/7Pz", "0505")
    assert movement.chart_cost(match, infantry, "0505", "0506") == 1
    assert movement.chart_cost(match, panzer, "0505", "0506") == 2


def three_soviets_lose_d1(match: Match) -> None:
    """6Inf (9, in supply near 0120) attacks three revealed 1-1-6s (3 after supply): 3-1, and a
    roll of 3 is D1 on that column (9.5)."""
    put(match, "6Inf", "0219")
    for cid in ("R01", "R02", "R03"):
        put(match, cid, "0319", face=soviet(1, 1))
    at_phase(match, "german", "combat", turn=2)
    fixed_roll(match, 3)
    fought = battles(match.apply("attack 0319 with 6Inf"))
    assert fought[0].column == "3-1" and fought[0].result == "D1"


def test_9_65_d1_on_three_units_removes_one_and_leaves_two(match: Match) -> None:
    three_soviets_lose_d1(match)
    decision = match.decision
    assert decision is not None and decision.kind == "loss" and decision.side == "soviet"
    assert "retreat-instead" in {a.verb for a in match.legal_actions()}
    match.apply("lose R02")
    assert match.state.units["R02"].flags.get("eliminated")
    assert sorted(u.id for u in match.units_at("0319")) == ["R01", "R03"]


def test_9_65_or_all_three_retreat_one_hex(match: Match) -> None:
    three_soviets_lose_d1(match)
    match.apply("retreat-instead")
    decision = match.decision
    assert decision is not None and decision.kind == "retreat" and decision.side == "german"
    match.apply(match.legal_actions()[0])
    places = {match.state.units[c].loc for c in ("R01", "R02", "R03")}
    assert len(places) == 1 and places != {"0319"}
    assert not any(match.state.units[c].flags.get("eliminated") for c in ("R01", "R02", "R03"))


def test_7_1_three_combat_units_and_a_leader_may_stack(match: Match) -> None:
    for cid in ("R01", "R02", "R03", "Lukin"):
        put(match, cid, "0808", face=soviet(2, 3) if cid != "Lukin" else None)
    at_phase(match, "soviet", "movement", turn=2)
    match.apply("end")
    assert match.decision is not None and match.decision.kind != "overstack"
    assert len(match.units_at("0808")) == 4


def test_7_1_a_fourth_combat_unit_is_eliminated_at_the_owners_choice(match: Match) -> None:
    for cid in ("R01", "R02", "R03", "R04"):
        put(match, cid, "0808", face=soviet(2, 3))
    at_phase(match, "soviet", "movement", turn=2)
    match.apply("end")
    decision = match.decision
    assert decision is not None and decision.kind == "overstack" and decision.side == "soviet"
    assert "PGG 7.1" in decision.prompt
    match.apply("remove R04")
    assert match.state.units["R04"].flags.get("eliminated")
    assert len(match.units_at("0808")) == 3
