"""Proud Monster Deluxe: frozen lakes (12.4): in Snow units cross the all-lake hexes but may not end
a move, an advance or a retreat in one (ruling LK1)."""

from __future__ import annotations

from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import lakes
from wargame.games.proud_monster_deluxe.turns import AXIS
from wargame.match import Match
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase

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
