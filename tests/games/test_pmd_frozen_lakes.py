"""Proud Monster Deluxe: frozen lakes (12.4): in Snow units cross the all-lake hexes but may not end
a move, an advance or a retreat in one (ruling LK1)."""

from __future__ import annotations

import dataclasses

import pytest

from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import lakes
from wargame.games.proud_monster_deluxe.turns import AXIS
from wargame.match import Match
from wargame.mechanics import retreat
from wargame.testing import put, refused
from wargame.topology import Edge

from .pmd_combat_helpers import at_phase, clear_pair, offensive_supply

LAKE, SHORE, BEYOND = "3209", "3208", "3310"
"""A lone all-lake hex, a clear hex west of it and one across it."""
UNIT = "ger-id-7"


def _movement(weather: str) -> Match:
    match = at_phase(AXIS, "movement")
    for zone in ("nz", "sz"):
        set_weather(match, weather, zone)
    match.touch()
    put(match, UNIT, SHORE)
    return match


def test_a_move_may_not_end_in_a_frozen_all_lake_hex_12_4() -> None:
    match = _movement("S")
    assert LAKE in lakes.all_lake(match) and len(lakes.all_lake(match)) == 12
    refused(match, f"move {UNIT} {SHORE} {LAKE}", "frozen all-lake hex", rule="PMD 12.4")
    assert not any(a.verb == "move" and a.args[-1] == LAKE for a in match.legal_actions())


def test_a_move_crosses_a_frozen_lake_and_ends_beyond_it_12_4() -> None:
    match = _movement("S")
    match.apply(f"move {UNIT} {SHORE} {LAKE} {BEYOND}")
    assert match.state.units[UNIT].loc == BEYOND


def test_no_frozen_lake_bar_outside_snow_the_lake_is_closed_12_4() -> None:
    match = _movement("F")
    assert lakes.ends_on_ice(match, LAKE) is None
    refused(match, f"move {UNIT} {SHORE} {LAKE} {BEYOND}")  # the TEC: not frozen, no entry


def test_a_retreat_may_cross_but_not_end_in_a_frozen_lake_12_4() -> None:
    match = _movement("S")
    units = [match.state.units[UNIT]]
    paths = [[LAKE], [BEYOND], [LAKE, BEYOND]]
    hook = lakes.wargame_retreat_paths
    assert hook(match=match, units=units, start=SHORE, paths=paths) == [[BEYOND], [LAKE, BEYOND]]
    assert hook(match=match, units=units, start=SHORE, paths=[[BEYOND]]) is None


def test_an_advance_may_not_end_in_a_frozen_lake_12_4() -> None:
    from wargame.actions import Action

    match = _movement("S")
    decision = match.decision
    assert decision is not None
    veto = lakes.wargame_veto
    assert "PMD 12.4" in str(
        veto(match=match, decision=decision, action=Action("advance", (UNIT, LAKE)))
    )
    assert veto(match=match, decision=decision, action=Action("advance", (UNIT, BEYOND))) is None


# ------------------------------------------------------------------ attacks (rulings LK2, LK3)


def _lake_hexside(match: Match, monkeypatch: pytest.MonkeyPatch, a: str, b: str) -> None:
    """Make the hexside a/b an all-lake hexside (the stand-in map has none) for this test."""
    topo = match.topology
    real = topo.edge

    def edge(x: str, y: str) -> Edge | None:
        found = real(x, y)
        if found is not None and {x, y} == {a, b}:
            return dataclasses.replace(found, features=frozenset({*found.features, lakes.LAKE}))
        return found

    monkeypatch.setattr(topo, "edge", edge)


def _attack(weather: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Match, str, str]:
    """Turn 113's Axis Combat Phase: a German division next to a Soviet one across an all-lake
    hexside, in ``weather``."""
    match = at_phase(AXIS, "combat")
    for zone in ("nz", "sz"):
        set_weather(match, weather, zone)
    match.touch()
    launch, target = clear_pair(match)
    put(match, UNIT, launch)
    match.reveal(put(match, "sov-rd-interior-01", target))
    _lake_hexside(match, monkeypatch, launch, target)
    return match, launch, target


def test_no_attack_across_a_frozen_all_lake_hexside_12_4(monkeypatch: pytest.MonkeyPatch) -> None:
    match, launch, target = _attack("S", monkeypatch)
    refused(match, f"attack {target} with {UNIT}", "frozen all-lake hexside", rule="PMD 12.4")


def test_no_attack_across_an_unfrozen_all_lake_hexside_ruling_lk2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, launch, target = _attack("D", monkeypatch)
    refused(match, f"attack {target} with {UNIT}", "all-lake hexside", "LK2", rule="PMD 12.4")


def test_an_attack_across_a_land_hexside_is_allowed_in_snow_12_4() -> None:
    match = at_phase(AXIS, "combat")
    for zone in ("nz", "sz"):
        set_weather(match, "S", zone)
    launch, target = clear_pair(match)
    put(match, UNIT, launch)
    match.reveal(put(match, "sov-rd-interior-01", target))
    assert lakes.attack_problem(match, "attack", (target, "with", UNIT)) is None
    assert f"attack {target} with {UNIT}" in {str(a) for a in match.legal_actions()}


def test_no_mobile_assault_across_an_all_lake_hexside_12_4(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, launch, target = _attack("S", monkeypatch)
    args = (target, "with", "ger-pd-3", "via", launch)
    assert "frozen all-lake hexside" in str(lakes.attack_problem(match, "overrun", args))


def _ma_near_the_lake(start: str) -> Match:
    """Axis movement in Snow: a panzer division at ``start`` in offensive supply, a Soviet
    division east of the lake."""
    match = _movement("S")
    put(match, UNIT, None)
    put(match, "ger-pd-3", start)
    match.reveal(put(match, "sov-rd-interior-01", BEYOND))
    offensive_supply(match, AXIS, start)
    return match


WEST, EAST = "3109", "3409"
"""A clear hex west of the lake (next to it) and a clear hex next to BEYOND, not to the lake."""


def test_no_mobile_assault_launched_from_a_frozen_lake_hex_ruling_lk3() -> None:
    match = _ma_near_the_lake(WEST)
    refused(
        match,
        f"overrun {BEYOND} with ger-pd-3 via {WEST} {LAKE}",
        "frozen all-lake hex",
        "LK3",
        rule="PMD 12.4",
    )
    legal = {str(a) for a in match.legal_actions() if a.verb == "overrun"}
    assert not any(a.endswith(f" {LAKE}") for a in legal)


def test_a_mobile_assault_launched_from_land_is_allowed_in_snow_ruling_lk3() -> None:
    match = _ma_near_the_lake(EAST)
    legal = {str(a) for a in match.legal_actions() if a.verb == "overrun"}
    assert f"overrun {BEYOND} with ger-pd-3 via {EAST}" in legal


def test_every_rule_s_retreat_filter_applies_12_4_13_15_3_13_8() -> None:
    """The lakes' filter and the jointly-occupied hex's (13.15.3, leaving first into a hex held by
    one's own side, with 13.8) both narrow a retreat: neither answer shadows the other."""
    match = _movement("S")
    rd = put(match, "sov-rd-interior-01", WEST)  # the hex defender, first in the hex
    put(match, "ger-pd-3", WEST)  # the hex attacker: WEST is jointly occupied
    put(match, "sov-rd-interior-02", "3008")
    answers = match.hook.wargame_retreat_paths(
        match=match, units=[rd], start=WEST, paths=[[LAKE], ["3008"], ["3110"]]
    )
    assert len(answers) == 2  # lakes.py's and jointhex.py's
    assert retreat.paths(match, [rd], WEST, 1) == [["3008"]]
