"""Proud Monster Deluxe's Axis 1943 Summer 2-Week Attack (5.6)."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import summerattack
from wargame.match import Battle
from wargame.testing import put

from .pmd_combat_helpers import at_phase
from .test_pmd15_offensives import _turn

PDS = [f"pd-{i}" for i in range(15)]


def _weeks(*full: str) -> dict[str, list[str]]:
    return {w: list(PDS) for w in full}


def test_two_adjacent_weeks_of_15_mech_divisions_make_the_attack_5_6() -> None:
    assert summerattack.completed(_weeks("312.2", "313.1"))
    assert summerattack.completed(_weeks("311.1", "311.2"))
    assert not summerattack.completed(_weeks("311.1", "312.1"))  # not adjacent
    short = _weeks("312.2", "313.1")
    short["313.1"] = PDS[:14]
    assert not summerattack.completed(short)


def test_an_axis_attack_in_turns_311_314_records_its_mech_divisions_5_6() -> None:
    match = at_phase("axis", "combat")
    _turn(match, 312)
    loc = next(iter(match.topology.locations()))
    for uid in ("ger-pd-3", "ger-id-7"):
        put(match, uid, loc)
    battle = Battle(id="b1", attackers=["ger-pd-3", "ger-id-7"], defenders=[], target=loc)
    summerattack.wargame_battle_start(match, battle)
    assert summerattack.record(match) == {"312.1": ["ger-pd-3"]}  # infantry does not count
    _turn(match, 315)
    summerattack.wargame_battle_start(match, battle)
    assert list(summerattack.record(match)) == ["312.1"]


def test_missing_the_attack_costs_3_vp_and_the_minor_allies_5_6() -> None:
    """Judged as turn 315 begins (its Reinforcement Phase), in no other phase, once."""
    match = at_phase("axis", "refit")
    reinforcement = match.title.manifest.sequence.before_turn[0]
    assert reinforcement.id == "reinforcement"
    loc = next(iter(match.topology.locations()))
    rom = put(match, "rom-id-1", loc)
    vp = match.state.vp.get("axis", 0)
    _turn(match, 315)
    assert match.phase is not None
    summerattack.summer_attack_judged(match, match.phase.spec)  # the Refit Phase: not there
    assert "summer_attack_1943" not in match.state.ns("pmd-victory") and rom.loc == loc
    summerattack.summer_attack_judged(match, reinforcement)
    assert match.state.ns("pmd-victory")["summer_attack_1943"] == "missed"
    assert match.state.vp["axis"] == vp - 3
    assert rom.loc is None
    summerattack.summer_attack_judged(match, reinforcement)
    assert match.state.vp["axis"] == vp - 3  # once


def test_making_the_attack_costs_nothing_and_the_record_goes_5_6() -> None:
    match = at_phase("axis", "refit")
    reinforcement = match.title.manifest.sequence.before_turn[0]
    loc = next(iter(match.topology.locations()))
    rom = put(match, "rom-id-1", loc)
    match.state.ns("summer-attack")["weeks"] = _weeks("313.2", "314.1")
    vp = match.state.vp.get("axis", 0)
    _turn(match, 315)
    summerattack.summer_attack_judged(match, reinforcement)
    assert match.state.ns("pmd-victory")["summer_attack_1943"] == "made"
    assert match.state.vp.get("axis", 0) == vp
    assert rom.loc == loc
    assert summerattack.record(match) == {}


def test_a_panzergrenadier_division_is_a_mech_division_5_6() -> None:
    """The 11SS PGD (a German Mech division) counts toward the 15."""
    match = at_phase("axis", "combat")
    _turn(match, 313)
    loc = next(iter(match.topology.locations()))
    pgd = match.new_unit("ger-pgd-11ss", loc)
    assert match.counter(pgd)["type"] == "pgd"
    battle = Battle(id="b1", attackers=[pgd.id], defenders=[], target=loc)
    summerattack.wargame_battle_start(match, battle)
    assert summerattack.record(match) == {"313.1": [pgd.id]}
