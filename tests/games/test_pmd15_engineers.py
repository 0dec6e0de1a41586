"""Proud Monster Deluxe's combat engineers (15.7) and their loss priority (13.11(1))."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import engineers
from wargame.match import Battle
from wargame.mechanics import combat
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair
from .test_pmd_combat_mobileassault import _supplied_pair

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 4)]


def test_the_attacker_declares_the_engineer_shift_1r_15_7() -> None:
    match = at_phase("soviet", "combat")
    origin, target = _supplied_pair(match, "soviet")
    put(match, "ger-id-7", target)
    match.reveal(put(match, RDS[0], origin))
    put(match, "sov-eb-1", origin)
    force_rolls(match, 1)
    match.apply(f"attack {target} with {RDS[0]},sov-eb-1")
    while match.decision is not None and match.decision.kind not in ("engineer", "combat"):
        match.apply(str(match.legal_actions()[0]))
    decision = match.decision
    assert decision is not None and decision.kind == "engineer" and decision.side == "soviet"
    events = match.apply("engineer declare")
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert "+1 column: the attacker declares the engineer shift (PMD 15.7)" in battle["explanation"]


def test_engineers_cancel_one_for_one_the_larger_number_gets_the_shift_15_7() -> None:
    match = at_phase("axis", "combat")
    target, origin = clear_pair(match)
    for eb in ("sov-eb-1", "sov-eb-2"):
        put(match, eb, target)
    put(match, "ger-me-1", origin)
    put(match, "ger-pd-3", origin)
    ids = ["ger-me-1", "ger-pd-3"]
    battle = Battle("b1", ids, ["sov-eb-1"], target, {i: origin for i in ids}, "attack")
    battle.extra["engineer"] = {"attacker": True, "defender": True}
    assert engineers.wargame_combat_shifts(match=match, battle=battle) == []  # 1 against 1
    battle.defenders.append("sov-eb-2")
    [shift] = engineers.wargame_combat_shifts(match=match, battle=battle)
    assert shift.columns == -1 and shift.rule == "PMD 15.7"
    battle.extra["engineer"] = {"attacker": True, "defender": False}
    [shift] = engineers.wargame_combat_shifts(match=match, battle=battle)
    assert shift.columns == 1  # the defender's engineers cancel only when he declares (EN1)
    match.state.units["ger-me-1"].flags["oos"] = True  # 15.7: not in offensive supply
    assert engineers.wargame_combat_shifts(match=match, battle=battle) == []


def test_a_side_that_declared_loses_an_engineer_step_before_its_afv_step_13_11() -> None:
    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    me, pd, id7 = (put(match, u, target) for u in ("ger-me-1", "ger-pd-3", "ger-id-7"))
    match.reveal(put(match, RDS[0], origin))
    battle = combat.new_battle(match, [match.state.units[RDS[0]]], [me, pd, id7], target, "attack")
    battle.roll = 3
    battle.extra["afv"] = {"attacker": False, "defender": True}
    battle.extra["engineer"] = {"attacker": False, "defender": True}
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/2")
    refused(match, "lose ger-pd-3", "an engineer step is lost first", rule="PMD 13.11")
    refused(match, "lose ger-id-7", "an engineer step is lost first", rule="PMD 13.11")
    match.apply("lose ger-me-1")
    refused(match, "lose ger-id-7", "an AFV step is lost first", rule="PMD 13.11")
    match.apply("lose ger-pd-3")
    assert me.loc is None and pd.step == 1 and id7.step == 0


def test_engineers_arrive_soviet_from_turn_124_axis_on_turn_218_15_7() -> None:
    """15.7: the first Soviet engineer brigade on turn 124 (the later ones are stand-in turns),
    the Axis motorized engineer battalion on turn 218, none before."""
    from wargame.games.proud_monster_deluxe.datagen import build, reinforcements

    from .test_pmd15_ssarrivals import _arrive

    assert len(reinforcements.SOVIET_ENGINEER_TURNS) == build.SOVIET_ENGINEERS
    match = _arrive(123, "axis")
    assert "sov-eb-1" not in match.state.units
    match = _arrive(124, "axis")
    assert match.state.units["sov-eb-1"].loc == "box:rvgk-north"
    assert "ger-me-1" not in match.state.units
    match = _arrive(218, "axis")
    assert match.state.units["ger-me-1"].loc == "box:okh-north"
