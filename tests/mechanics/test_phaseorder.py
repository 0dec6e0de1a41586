"""The player-chosen phase order (Barbarossa 5.4-5.7, LWE 5.2) on a Hexland variant: forced
orders, limited orders and the shifts that follow from the choice, all configured from data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import make_variant
from wargame.actions import IllegalAction
from wargame.match import Battle, Match
from wargame.mechanics import phaseorder

ORDERED: dict[str, Any] = {
    "player_turns": [
        {"side": side, "phases": [
            {"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"},
            {"id": "combat-2", "kind": "combat"}],
         "orders": {"move-fight": ["movement", "combat"], "fight-move": ["combat", "movement"],
                    "fight-fight": ["combat", "combat-2"]}}
        for side in ("blue", "red")
    ]
}  # fmt: skip

SETTINGS: dict[str, Any] = {
    "forced": [{"side": "blue", "turns": [1, 1], "order": "fight-move", "rule": "HL 5.4"}],
    "limited": [{"side": "blue", "order": "fight-fight", "turns": [2, 3], "max": 1, "rule": "HL 5.5"}],
    "shifts": [
        {"side": "blue", "order": "fight-fight", "phase": "combat", "columns": 1,
         "reason": "first assault phase of fight/fight", "rule": "HL 5.6"},
        {"side": "red", "order": "move-fight", "columns": -1, "reason": "red moved first",
         "rule": "HL 5.7"},
    ],
}  # fmt: skip


def match(tmp_path: Path) -> Match:
    t = make_variant(
        tmp_path,
        mechanics=["movement", "combat", "step-losses", "retreat-advance", "phase-order"],
        options={"phase-order": SETTINGS},
        sequence=ORDERED,
    )
    return Match(t, "meeting", 1)


def choose(m: Match, order: str) -> None:
    assert m.decision is not None and m.decision.kind == "order"
    m.apply(f"order {order}")


def end_turn(m: Match) -> None:
    """End every phase until the next order decision."""
    for _ in range(20):
        m.apply("end")
        if m.decision is not None and m.decision.kind == "order":
            return


def test_a_forced_order_refuses_the_others_with_its_rule(tmp_path: Path) -> None:
    m = match(tmp_path)
    assert [str(a) for a in m.legal_actions()] == ["order fight-move"]
    with pytest.raises(IllegalAction, match="HL 5.4"):
        m.apply("order move-fight")
    choose(m, "fight-move")
    assert m.phase is not None and m.phase.spec.id == "combat"


def test_the_forced_order_stops_after_its_turns(tmp_path: Path) -> None:
    m = match(tmp_path)
    choose(m, "fight-move")
    end_turn(m)
    choose(m, "move-fight")  # red is not forced
    end_turn(m)
    assert m.turn == 2 and m.decision.side == "blue"
    assert "order move-fight" in [str(a) for a in m.legal_actions()]


def test_a_limited_order_only_on_its_turns_and_only_as_often_as_allowed(tmp_path: Path) -> None:
    m = match(tmp_path)
    assert phaseorder.refusal(m, "blue", "fight-fight") is not None  # turn 1: forced anyway
    choose(m, "fight-move")
    end_turn(m)
    assert phaseorder.refusal(m, "red", "fight-fight") is None  # red's orders are free
    choose(m, "move-fight")
    end_turn(m)
    choose(m, "fight-fight")  # turn 2: allowed once over turns 2-3
    assert m.phase.spec.id == "combat"
    end_turn(m)
    choose(m, "move-fight")
    end_turn(m)
    assert m.turn == 3
    assert "as often as allowed" in (phaseorder.refusal(m, "blue", "fight-fight") or "")
    with pytest.raises(IllegalAction, match="HL 5.5"):
        m.apply("order fight-fight")


def test_shifts_follow_the_order_and_the_phase(tmp_path: Path) -> None:
    m = match(tmp_path)
    blue = next(u for u in m.units_of("blue") if u.loc)
    red = next(u for u in m.units_of("red") if u.loc)
    battle = Battle("b1", [blue.id], [red.id], red.loc or "", {blue.id: blue.loc or ""})
    choose(m, "fight-move")
    assert list(phaseorder.shifts_for(m, battle)) == []  # no shift for fight/move here
    end_turn(m)
    choose(m, "move-fight")
    m.apply("end")  # red's movement: now its combat phase
    rb = Battle("b2", [red.id], [blue.id], blue.loc or "", {red.id: red.loc or ""})
    assert [s.columns for s in phaseorder.shifts_for(m, rb)] == [-1]
    end_turn(m)
    choose(m, "fight-fight")
    assert [s.columns for s in phaseorder.shifts_for(m, battle)] == [1]  # first phase only
    m.apply("end")
    assert m.phase.spec.id == "combat-2"
    assert list(phaseorder.shifts_for(m, battle)) == []
