"""Step losses (PGG 9.61-9.65, PMD 2.4.7): multi-step units, half-step units, a four-face
formation, steps or retreat but not both, elimination when the steps run out.

Red attacks Blue in Red's combat phase on a table whose result is the roll's (``roll_table``), so
each test forces the result it needs; Blue, the owner, chooses which units lose steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import (
    SIMPLE_SEQUENCE,
    force_rolls,
    make_variant,
    reveal_as,
    roll_for,
    roll_table,
    to_phase,
)
from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.mechanics import losses

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance"]

EXTRA_COUNTERS: dict[str, Any] = {
    # A German infantry division's four strength levels on separate markers (PGG 9.63).
    "9-div": {"side": "blue", "type": "infantry", "name": "9th Division", "formation": "9-korps",
              "steps": [{"values": {"attack": 9, "defense": 7, "movement": 5}, "label": "9-7"},
                        {"values": {"attack": 4, "defense": 7, "movement": 5}, "label": "4-7"},
                        {"values": {"attack": 2, "defense": 7, "movement": 5}, "label": "2-7"},
                        {"values": {"attack": 1, "defense": 7, "movement": 5}, "label": "1-7"}]},
    # A brigade whose faces count half a step each (PMD 2.4.7): two faces = one step.
    "h-bde": {"side": "blue", "type": "infantry", "name": "Half-step brigade", "step_value": 0.5,
              "steps": [{"values": {"attack": 3, "defense": 3, "movement": 5}},
                        {"values": {"attack": 2, "defense": 2, "movement": 5}},
                        {"values": {"attack": 1, "defense": 1, "movement": 5}},
                        {"values": {"attack": 1, "defense": 0, "movement": 5}}]},
    "s-bde": {"side": "blue", "type": "infantry", "name": "Small half-step brigade",
              "step_value": 0.5,
              "steps": [{"values": {"attack": 2, "defense": 2, "movement": 5}},
                        {"values": {"attack": 1, "defense": 1, "movement": 5}}]},
}  # fmt: skip


def edit(docs: dict[str, dict[str, Any]]) -> None:
    roll_table(docs)
    docs["counters"]["counters"].update(EXTRA_COUNTERS)


def red_attacks(tmp_path: Path, defenders: list[str], code: str, seed: int = 0) -> Match:
    """Red's r1 (a known 6-7) attacks Blue's ``defenders`` in 0505 with the result ``code``."""
    setup = {
        "b": {"side": "blue", "units": defenders, "at": ["0505"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0605"]},
    }
    t = make_variant(
        tmp_path, mechanics=MECHANICS, sequence=SIMPLE_SEQUENCE, scenario_setup=setup, edit=edit
    )
    m = Match(t, seed=seed)
    reveal_as(m, "r1", 6, 7)
    to_phase(m, "red", "combat")
    queue = force_rolls(m, roll_for(code))
    m.apply("attack 0505 with r1")
    assert queue == []
    return m


def unit(m: Match, uid: str) -> Any:
    return m.state.units[uid]


def legal(m: Match) -> set[str]:
    return {str(a) for a in m.legal_actions()}


# ----------------------------------------------------------------------------- multi-step units


def test_a_lone_unit_takes_its_steps_without_a_decision(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf"], "DS2")
    assert unit(m, "1-inf").step == 2
    assert m.unit_values(unit(m, "1-inf"))["attack"] == 2  # the third face of 6-6, 4-4, 2-2
    assert m.decision is not None and m.decision.kind == "combat"  # back to Red's phase


def test_the_owner_chooses_which_units_lose_steps(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf", "2-inf"], "DS2")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("blue", "loss")
    assert legal(m) == {"lose 1-inf", "lose 2-inf"}
    m.apply("lose 2-inf")
    assert d.context["n"] == 2
    assert legal(m) == {"lose 1-inf", "lose 2-inf"}  # one more step to take
    m.apply("lose 2-inf")
    assert (unit(m, "1-inf").step, unit(m, "2-inf").step) == (0, 2)
    assert m.decision is not None and m.decision.kind == "combat"


def test_a_four_face_formation_steps_down_marker_by_marker(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["9-div"], "DS2")
    assert unit(m, "9-div").step == 2
    assert m.unit_values(unit(m, "9-div")) == {"attack": 2, "defense": 7, "movement": 5}
    assert losses.steps_left(m, unit(m, "9-div")) == 2


def test_losing_the_last_face_eliminates(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["9-div"], "EX")  # one step each
    assert unit(m, "9-div").step == 1
    for _ in range(3):
        m.lose_steps(unit(m, "9-div"))
    assert unit(m, "9-div").loc is None
    assert unit(m, "9-div").flags == {"eliminated": True}
    assert "9-div" in m.view("red")["eliminated"]


# ----------------------------------------------------------------------------- not enough steps


def test_a_unit_without_enough_steps_is_eliminated(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["7-arm"], "DS2")  # two faces, two steps: all of it
    assert unit(m, "7-arm").loc is None
    assert unit(m, "7-arm").flags.get("eliminated")


def test_a_stack_without_enough_steps_is_eliminated_without_a_decision(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["s-bde"], "DS2")  # one step in all (two half-steps)
    assert unit(m, "s-bde").loc is None
    assert m.decision is not None and m.decision.kind == "advance"  # no loss decision first


# ----------------------------------------------------------------------------- half steps


def test_a_step_of_a_half_step_unit_is_two_faces(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["h-bde"], "EX")  # one step
    assert unit(m, "h-bde").step == 2
    assert losses.steps_left(m, unit(m, "h-bde")) == 1.0


def test_half_steps_count_towards_a_loss_chosen_unit_by_unit(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["h-bde", "1-inf"], "DS2")
    m.apply("lose h-bde")  # half a step: one and a half still owed
    d = m.decision
    assert d is not None and d.kind == "loss" and d.context["n"] == 1.5
    m.apply("lose h-bde")  # one step taken in all
    m.apply("lose 1-inf")  # two
    assert (unit(m, "h-bde").step, unit(m, "1-inf").step) == (2, 1)
    assert m.decision is not None and m.decision.kind == "combat"


# ----------------------------------------------------------------------------- steps or retreat


def test_steps_or_retreat_offers_the_choice(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf"], "D2")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("blue", "loss")
    assert d.prompt == "lose 2 step(s) or retreat 2"
    assert legal(m) == {"lose 1-inf", "retreat-instead"}


def test_retreating_instead_takes_no_step(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf"], "D2")
    m.apply("retreat-instead")
    d = m.decision
    assert d is not None and d.kind == "retreat" and d.side == "red"  # Hexland: enemy's choice
    m.apply(next(a for a in m.legal_actions() if a.verb == "retreat"))
    assert unit(m, "1-inf").step == 0
    assert m.topology.distance("0505", unit(m, "1-inf").loc) == 2


def test_once_a_step_is_taken_the_retreat_option_is_gone(tmp_path: Path) -> None:
    """PGG 9.65: steps or retreat, never both."""
    m = red_attacks(tmp_path, ["1-inf"], "D2")
    m.apply("lose 1-inf")
    d = m.decision
    assert d is None or d.kind != "loss" or "retreat-instead" not in legal(m)
    assert unit(m, "1-inf").step == 2  # a lone unit: the rest is taken at once
    assert unit(m, "1-inf").loc == "0505"


def test_retreat_instead_is_refused_after_a_step_in_a_stack(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf", "2-inf"], "D2")
    m.apply("lose 1-inf")
    assert legal(m) == {"lose 1-inf", "lose 2-inf"}
    before = m.state_hash()
    with pytest.raises(IllegalAction):
        m.apply("retreat-instead")
    assert m.state_hash() == before
    m.apply("lose 2-inf")
    assert [unit(m, u).loc for u in ("1-inf", "2-inf")] == ["0505", "0505"]


def test_a_loss_choice_names_only_the_units_in_the_battle(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf"], "D2")
    with pytest.raises(IllegalAction):
        m.apply("lose 2-inf")
    with pytest.raises(IllegalAction):
        m.apply("end")


# ----------------------------------------------------------------------------- the attacker


def test_attacker_losses_fall_on_the_attackers(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["1-inf"], "AE")
    assert unit(m, "r1").loc is None
    assert unit(m, "1-inf").loc == "0505" and unit(m, "1-inf").step == 0


def test_an_exchange_hits_both_sides(tmp_path: Path) -> None:
    m = red_attacks(tmp_path, ["7-arm"], "EX")
    assert unit(m, "7-arm").step == 1
    assert unit(m, "r1").loc is None  # Red's one-step unit


# ----------------------------------------------------------------------------- more than the result


def test_a_queue_item_with_more_lets_the_owner_lose_extra_steps_pmd_13_7(tmp_path: Path) -> None:
    """PMD 13.7 (a queue item's ``more``): after the result's step the owner may lose more,
    one ``lose UNIT`` at a time, until ``enough``; without ``more`` he is never asked."""
    from wargame.mechanics import combat

    for more in (True, False):
        m = red_attacks(tmp_path / str(more), ["1-inf", "2-inf"], "D1")
        m.state.pending.clear()  # set the result's queue by hand instead
        units = m.state.units
        battle = combat.new_battle(
            m, [units["r1"]], [units["1-inf"], units["2-inf"]], "0505", "attack"
        )
        battle.extra["todo"] = [{"who": "defender", "do": "steps", "n": 1, "more": more}]
        combat.store(m, battle)
        combat.proceed(m)
        assert "enough" not in legal(m)  # not before the result is taken
        m.apply("lose 1-inf")
        if not more:
            assert "enough" not in legal(m)
            continue
        assert legal(m) == {"lose 1-inf", "lose 2-inf", "enough"}
        m.apply("lose 2-inf")
        assert legal(m) == {"lose 1-inf", "lose 2-inf", "enough"}  # asked again
        m.apply("enough")
        assert (unit(m, "1-inf").step, unit(m, "2-inf").step) == (1, 1)
        assert "enough" not in legal(m)


# ----------------------------------------------------------------------------- the enemy picks


def enemy_picks(tmp_path: Path, defenders: list[str], n: float) -> Match:
    """Blue's ``defenders`` in 0505 owe ``n`` steps, the retreat offered for the final one, Red
    picking the 1st, 3rd... unit and Blue the 2nd, 4th... (a queue item with ``chooser``
    "enemy", ``alternate`` and ``retreat_last``: PMD 13.8 with 13.12's close combat)."""
    from wargame.mechanics import combat

    m = red_attacks(tmp_path, defenders, "D1")
    m.state.pending.clear()  # set the result's queue by hand instead
    units = m.state.units
    battle = combat.new_battle(m, [units["r1"]], [units[i] for i in defenders], "0505", "attack")
    battle.extra["todo"] = [
        {
            "who": "defender",
            "do": "steps-or-retreat",
            "n": n,
            "chooser": "enemy",
            "alternate": True,
            "retreat_last": True,
        }
    ]
    combat.store(m, battle)
    combat.proceed(m)
    return m


def asked(m: Match) -> tuple[str, str]:
    d = m.decision
    assert d is not None
    return d.side, d.kind


def test_the_owner_decides_the_retreat_and_standing_leaves_the_pick_to_the_enemy_pmd_13_12(
    tmp_path: Path,
) -> None:
    """PMD 13.12: the final step is Red's pick (the 1st loss); Blue is asked only to retreat or
    stand, and having stood he may not pick the unit: Red does."""
    m = enemy_picks(tmp_path, ["1-inf", "2-inf"], 1)
    assert asked(m) == ("blue", "loss")
    assert legal(m) == {"retreat-instead", "stand"}  # no lose UNIT for Blue
    with pytest.raises(IllegalAction):
        m.apply("lose 1-inf")
    m.apply("stand")
    assert asked(m) == ("red", "loss")
    assert legal(m) == {"lose 1-inf", "lose 2-inf"}  # no retreat for Red to choose
    m.apply("lose 2-inf")
    assert (unit(m, "1-inf").step, unit(m, "2-inf").step) == (0, 1)
    assert [unit(m, u).loc for u in ("1-inf", "2-inf")] == ["0505", "0505"]
    assert m.decision is None or m.decision.kind != "loss"


def test_the_owner_who_retreats_instead_loses_no_step_pmd_13_12(tmp_path: Path) -> None:
    m = enemy_picks(tmp_path, ["1-inf", "2-inf"], 1)
    m.apply("retreat-instead")
    assert asked(m) == ("red", "retreat")  # Hexland: the enemy picks the path
    while m.decision is not None and m.decision.kind == "retreat":
        m.apply(next(a for a in m.legal_actions() if a.verb == "retreat"))
    assert [unit(m, u).step for u in ("1-inf", "2-inf")] == [0, 0]
    assert all(m.topology.distance("0505", unit(m, u).loc) == 1 for u in ("1-inf", "2-inf"))


def test_the_owner_s_own_pick_keeps_the_retreat_in_the_same_decision_pmd_13_12(
    tmp_path: Path,
) -> None:
    """Two steps: Red picks the 1st (no retreat yet, not the final step); the final one is the
    2nd, Blue's own pick: lose UNIT or retreat-instead in one decision, no stand."""
    m = enemy_picks(tmp_path, ["1-inf", "2-inf"], 2)
    assert asked(m) == ("red", "loss")
    assert legal(m) == {"lose 1-inf", "lose 2-inf"}
    m.apply("lose 1-inf")
    assert asked(m) == ("blue", "loss")
    assert legal(m) == {"lose 1-inf", "lose 2-inf", "retreat-instead"}
    m.apply("lose 1-inf")
    assert (unit(m, "1-inf").step, unit(m, "2-inf").step) == (2, 0)


def test_the_third_loss_is_the_enemy_s_again_after_the_owner_stands_pmd_13_12(
    tmp_path: Path,
) -> None:
    m = enemy_picks(tmp_path, ["1-inf", "2-inf"], 3)
    m.apply("lose 1-inf")  # Red's 1st
    m.apply("lose 2-inf")  # Blue's 2nd
    assert asked(m) == ("blue", "loss")
    assert legal(m) == {"retreat-instead", "stand"}
    m.apply("stand")
    assert asked(m) == ("red", "loss")
    m.apply("lose 1-inf")
    assert (unit(m, "1-inf").step, unit(m, "2-inf").step) == (2, 1)


def test_after_standing_a_half_step_left_may_still_be_retreated_for_pmd_13_8(
    tmp_path: Path,
) -> None:
    """PMD 13.8's "final step (or final half step)": Blue stands for the last step, Red picks a
    half-step brigade's face; half a step remains, Blue's pick: he may retreat for it. Had Red
    picked the full-step unit the loss would be over."""
    for pick in ("h-bde", "1-inf"):
        m = enemy_picks(tmp_path / pick, ["1-inf", "h-bde"], 1)
        m.apply("stand")
        m.apply(f"lose {pick}")
        if pick == "1-inf":
            assert unit(m, "1-inf").step == 1
            assert m.decision is None or m.decision.kind != "loss"
            continue
        assert asked(m) == ("blue", "loss")
        assert legal(m) == {"lose 1-inf", "lose h-bde", "retreat-instead"}


def test_a_lone_unit_that_stands_takes_the_step_at_once_pmd_13_12(tmp_path: Path) -> None:
    m = enemy_picks(tmp_path, ["1-inf"], 1)
    assert legal(m) == {"retreat-instead", "stand"}
    m.apply("stand")
    assert unit(m, "1-inf").step == 1 and unit(m, "1-inf").loc == "0505"
    assert m.decision is None or m.decision.kind != "loss"
