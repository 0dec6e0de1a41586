"""Land Without End's VIII FliegerKorps (11.25, R22) and the DL1 conversion (11.38, E14): both
German decisions taken in a battle."""

from __future__ import annotations

from typing import Any

from tests.games.lwe_helpers import combat_pair, new_match
from wargame.match import Match
from wargame.testing import force_rolls, put, refused


def _battle_event(events: list[Any]) -> dict[str, Any]:
    return next(e.to_json()["battle"] for e in events if e.kind == "battle")


def german_attack(turn: int) -> tuple[Match, str]:
    """GT``turn``'s German PA phase with ger-inf-1 (3) next to sov-rd-10 (2): 1:1 in the clear."""
    m, _a, b = combat_pair("german", "ger-inf-1", "sov-rd-10", turn)
    return m, b


def soviet_attack(turn: int) -> tuple[Match, str]:
    """GT``turn``'s Soviet PA phase: sov-rd-10 (2) next to ger-inf-1 (3): 1:2 in the clear."""
    m, _a, b = combat_pair("soviet", "sov-rd-10", "ger-inf-1", turn)
    return m, b


def test_viii_fk_is_the_german_choice_before_his_battle_one_column_right_11_25() -> None:
    m, target = german_attack(2)
    m.apply(f"attack {target} with ger-inf-1")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("german", "air")
    force_rolls(m, 4, only=None)
    fought = _battle_event(m.apply("air commit"))
    assert fought["column"] == "2-1"  # 1:1 with one column right
    assert any("air support" in line for line in fought["explanation"])


def test_viii_fk_held_leaves_the_odds_11_25() -> None:
    m, target = german_attack(2)
    m.apply(f"attack {target} with ger-inf-1")
    force_rolls(m, 4)
    assert _battle_event(m.apply("air hold"))["column"] == "1-1"


def test_viii_fk_supports_german_defence_one_column_left_11_25() -> None:
    m, target = soviet_attack(2)
    m.apply(f"attack {target} with sov-rd-10")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("german", "air")
    force_rolls(m, 3)
    assert _battle_event(m.apply("air commit"))["column"] == "1-3"


def test_viii_fk_once_a_game_turn_11_25() -> None:
    m, target = german_attack(2)
    m.state.plugins["air-support"] = {"turn": 2, "used": 1}
    m.touch()
    force_rolls(m, 4)
    events = m.apply(f"attack {target} with ger-inf-1")  # fought at once: no offer
    assert _battle_event(events)["column"] == "1-1"


def test_viii_fk_not_before_gt2_11_25() -> None:
    m, target = german_attack(1)
    force_rolls(m, 4)
    assert _battle_event(m.apply(f"attack {target} with ger-inf-1"))["column"] == "1-1"


def test_viii_fk_gone_from_gt22_8_12_11_25() -> None:
    from wargame.mechanics import airsupport

    m = new_match()
    for turn, usable in ((1, 0), (2, 1), (21, 1), (22, 0)):
        m.state.cursor.turn = turn
        assert airsupport.available(m) == usable


def test_viii_fk_usage_refused_11_25() -> None:
    m, target = german_attack(2)
    m.apply(f"attack {target} with ger-inf-1")
    refused(m, "air twice", "usage", rule="LWE 11.25")


def test_dr_against_all_german_defenders_is_the_german_choice_dl1_11_38() -> None:
    m, target = soviet_attack(1)
    force_rolls(m, 1)  # 1:2, roll 1: DR
    m.apply(f"attack {target} with sov-rd-10")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("german", "dl1")
    m.apply("dl1 take")  # one step in total (a lone unit: its step; else his choice)
    while m.decision is not None and m.decision.kind != "combat":
        m.apply(str(m.legal_actions()[0]))
    inf, rd = m.state.units["ger-inf-1"], m.state.units["sov-rd-10"]
    assert inf.loc == target and inf.step == 1  # reduced, in place (E14)
    assert rd.loc is not None and rd.loc != target and rd.step == 0  # stays, loses nothing


def test_dl1_declined_retreats_as_dr_11_38() -> None:
    m, target = soviet_attack(1)
    force_rolls(m, 1)
    m.apply(f"attack {target} with sov-rd-10")
    m.apply("dl1 retreat")
    d = m.decision
    assert d is not None and d.side == "german" and d.kind != "dl1"  # his retreat path


def test_no_dl1_with_a_satellite_in_the_defence_or_in_a_german_attack_11_38() -> None:
    from wargame.games.land_without_end.combat import may_take_dl1
    from wargame.mechanics import combat

    m, target = soviet_attack(1)
    units = m.state.units
    sat = next(
        u
        for u in units.values()
        if u.side == "german" and "german" not in m.unit_type(u).get("tags", ())
    )
    rd, inf = units["sov-rd-10"], units["ger-inf-1"]
    assert may_take_dl1(m, combat.new_battle(m, [rd], [inf], target, "attack"))
    put(m, sat.id, target)
    assert not may_take_dl1(m, combat.new_battle(m, [rd], [inf, sat], target, "attack"))
    assert not may_take_dl1(m, combat.new_battle(m, [inf], [rd], rd.loc or "", "attack"))
