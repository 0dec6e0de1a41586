"""Proud Monster Deluxe part 2: the GAS line and the GAST (8.8) on the shared
attenuated-supply mechanic, configured from PMD data."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import plugin
from wargame.match import Battle, Match
from wargame.mechanics import attenuated
from wargame.plugins import Title, discover
from wargame.testing import clear, force_rolls, put

from .pmd_combat_helpers import gas_pair

RD = "sov-rd-interior-01"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _axis_combat(east: bool) -> tuple[Match, str, str]:
    """Turn 113's Axis Combat Phase, the map empty, and a clear target (east of the GAS line or
    not) with a clear neighbour across a plain hexside."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, "axis", "combat")
    clear(match)
    return match, *gas_pair(match, east, origin_west=True)


def _battle_lines(events: list) -> list[str]:  # type: ignore[type-arg]
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    return list(battle["explanation"])


def test_an_axis_attack_on_a_hex_east_of_the_gas_line_rolls_on_the_gast_8_8() -> None:
    match, target, origin = _axis_combat(east=True)
    match.reveal(put(match, RD, target))
    put(match, "ger-id-7", origin)
    force_rolls(match, 6, 1)  # GAST 6: 2 columns left (stand-in); then the combat die
    events = match.apply(f"attack {target} with ger-id-7")
    assert any(e.kind == "roll" and "attenuated supply" in e.text for e in events)
    assert any("attenuated supply" in line for line in _battle_lines(events))


def test_no_gast_west_of_the_line_for_the_soviet_or_from_turn_205_8_8_8_7() -> None:
    match, target, origin = _axis_combat(east=False)
    put(match, RD, target)
    put(match, "ger-id-7", origin)
    west = Battle("b1", ["ger-id-7"], [RD], target, {"ger-id-7": origin}, "attack")
    assert attenuated.consults(match, west)[0] is False
    match, target, origin = _axis_combat(east=True)
    put(match, RD, target)
    put(match, "ger-id-7", origin)
    east = Battle("b2", ["ger-id-7"], [RD], target, {"ger-id-7": origin}, "attack")
    assert attenuated.consults(match, east)[0] is True
    match.state.units["ger-id-7"].flags["oos"] = True  # 8.8: unsupplied units do not consult it
    assert attenuated.consults(match, east)[0] is False
    del match.state.units["ger-id-7"].flags["oos"]
    match.state.cursor.turn = 18  # turn 205: the line is gone (8.7)
    assert attenuated.consults(match, east)[0] is False


def test_a_paulus_pause_takes_1_or_3_from_the_gast_roll_and_3_turns_end_the_line_8_10() -> None:
    match, target, origin = _axis_combat(east=True)
    put(match, RD, target)
    unit = put(match, "ger-id-7", origin)
    assert attenuated.drm(match, [unit])[0] == 0
    match.state.vars["paulus_pause_1"] = True
    assert attenuated.drm(match, [unit])[0] == -1
    match.state.vars.pop("paulus_pause_1")
    match.state.vars["paulus_pause_2"] = True
    assert attenuated.drm(match, [unit])[0] == -3
    match.state.vars["gas_ignored"] = True
    east = Battle("b2", ["ger-id-7"], [RD], target, {"ger-id-7": origin}, "attack")
    assert attenuated.consults(match, east)[0] is False
