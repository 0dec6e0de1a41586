"""Proud Monster Deluxe's AFV shift (13.4.1, 15.2) and its loss priority (13.11(2))."""

from __future__ import annotations

from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import afv
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 4)]


def _combat(side: str) -> tuple[Match, str, str]:
    match = at_phase(side, "combat")
    return (match, *clear_pair(match))


def test_the_attacker_declares_the_afv_shift_1r_in_a_clear_hex_13_4_1() -> None:
    match, target, origin = _combat("axis")
    match.reveal(put(match, RDS[0], target))
    put(match, "ger-pd-3", origin)
    force_rolls(match, 1)
    match.apply(f"attack {target} with ger-pd-3")
    decision = match.decision
    assert decision is not None and decision.kind == "afv" and decision.side == "axis"
    events = match.apply("afv declare")
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert any("the attacker declares an AFV" in line for line in battle["explanation"])


def test_no_afv_shift_in_mud_or_snow_or_off_clear_terrain_15_2() -> None:
    match, target, origin = _combat("axis")
    match.reveal(put(match, RDS[0], target))
    put(match, "ger-pd-3", origin)
    battle = Battle("b9", ["ger-pd-3"], [RDS[0]], target, {"ger-pd-3": origin}, "attack")
    assert afv.may_declare(match, battle, "attacker")
    assert not afv.may_declare(match, battle, "defender")  # no AFV among the RDs
    for weather in ("M", "S"):
        for zone in ("nz", "sz"):
            set_weather(match, weather, zone)
        assert not afv.may_declare(match, battle, "attacker")
    for zone in ("nz", "sz"):
        set_weather(match, "F", zone)
    assert afv.may_declare(match, battle, "attacker")
    forest = next(h for h in match.topology.locations() if match.topology.terrain(h) == "forest")
    battle.target = forest
    assert not afv.may_declare(match, battle, "attacker")


def test_a_side_that_declared_loses_a_whole_division_s_afv_step_first_13_11() -> None:
    """13.11(2) with an AFV division (a TD; T20's TB is in test_pmd_combat_examples.py): the
    Soviets declared the AFV shift defending; their first loss must be the AFV unit's."""
    match, target, origin = _combat("axis")
    td = put(match, "sov-td-interior-01", target)
    rd = put(match, RDS[0], target)
    for unit in (td, rd):
        match.reveal(unit)
    put(match, "ger-id-7", origin)
    battle = combat.new_battle(match, [match.state.units["ger-id-7"]], [td, rd], target, "attack")
    battle.roll = 3
    battle.extra["afv"] = {"attacker": False, "defender": True}
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/1")
    refused(match, f"lose {rd.id}", "an AFV step is lost first", rule="PMD 13.11")
    match.apply(f"lose {td.id}")
    assert td.loc is None and rd.loc == target
