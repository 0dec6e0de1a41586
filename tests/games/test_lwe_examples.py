"""The worked examples and derived cases of the digest's section 14 not tested elsewhere, each
named by its id (P2-P4, P18, D1, D2, D7, D8); the others are in the test files of their rules
(grep the ids)."""

from __future__ import annotations

from tests.games.lwe_helpers import advance_to, new_match
from wargame.match import Battle
from wargame.mechanics.halving import divide_total
from wargame.pricing import price
from wargame.testing import clear, force_rolls, put


def test_p2_p3_halving_two_is_one_and_one_stays_one_1_3() -> None:
    """P2: halving 2 gives 1; P3: a lone factor of 1 halved stays 1."""
    assert divide_total([2], 2) == 1
    assert divide_total([1], 2) == 1
    assert divide_total([3], 2) == 1  # P1


def test_p4_d1_d2_halvings_are_totalled_once_1_3_11_12() -> None:
    """P4: the halved factors are summed, then halved once; D1: 3 + 2 gives 2 (not 1 + 1); D2:
    1 + 1 gives 1."""
    assert divide_total([3, 2], 2) == 2
    assert divide_total([1, 1], 2) == 1


def _across_river_into_hills(turn: int) -> str:
    """D7/D8: a panzer (6) and a motorized division (4) attack across a river into hills (1031
    from 1130, dry weather) held by two rifle divisions (2 + 2)."""
    match = new_match()
    clear(match)
    match.state.cursor.turn = turn
    put(match, "ger-pz-1", "1130")
    put(match, "ger-mot-10", "1130")
    put(match, "sov-rd-10", "1031")
    put(match, "sov-rd-11", "1031")
    attackers = ["ger-pz-1", "ger-mot-10"]
    battle = Battle(
        "b1",
        attackers,
        ["sov-rd-10", "sov-rd-11"],
        "1031",
        origins={a: "1130" for a in attackers},
    )
    p = price(match, battle)
    assert p.column is not None
    return f"{p.attack} vs {p.defense} {p.column.label}"


def test_d7_river_halving_then_the_hills_shift_11_15_11_17() -> None:
    """D7: (6 + 4) / 2 = 5 against 4 is 1:1, then 2L for hills gives 1:3 (E22c's ladder)."""
    assert _across_river_into_hills(4) == "5 vs 4 1-3"


def test_d8_no_river_halving_on_gt2_5_4() -> None:
    """D8: on GT1-3 the German side ignores rivers: 10 against 4 is 2:1, then 2L gives 1:2."""
    assert _across_river_into_hills(2) == "10 vs 4 1-2"


def test_p18_a_unit_attacks_once_a_phase_11_3() -> None:
    """P18: a unit in 2123 may not attack both 2122 and 2223 (both adjacent) in one phase."""
    match = new_match()
    advance_to(match, "german", "combat")
    clear(match)
    assert {"2122", "2223"} <= set(match.topology.neighbours("2123"))
    put(match, "ger-pz-1", "2123")
    put(match, "sov-rd-10", "2122")
    put(match, "sov-rd-11", "2223")
    battle = Battle("b1", ["ger-pz-1"], ["sov-rd-10"], "2122", origins={"ger-pz-1": "2123"})
    results = price(match, battle).results
    quiet = next(r for r, code in sorted(results.items()) if code in ("AS", "DR"))
    force_rolls(match, quiet, only=None)
    match.apply("attack 2122 with ger-pz-1")
    for _ in range(10):  # the battle's own decisions (the defender's retreat, the advance)
        d = match.decision
        if d is not None and d.kind == "combat":
            break
        match.apply("stay" if match.check("stay") is None else str(match.legal_actions()[0]))
    assert match.state.units["ger-pz-1"].loc == "2123"
    reason = match.check("attack 2223 with ger-pz-1")
    assert reason is not None and "may not attack now" in reason


def test_d15_over_stacked_soviet_hex_the_german_removes_one_of_his_choice_6_1_6_2() -> None:
    """D15: two corps (3 each) and a division make 7 in a Soviet hex: over the limit of 6; the
    German picks the unit removed, and one removal is enough."""
    from wargame.mechanics import stacking

    match = new_match()
    advance_to(match, "german", "movement")
    clear(match)
    ids = ["sov-rc-1", "sov-rc-30", "sov-rd-10"]
    for uid in ids:
        put(match, uid, "4618")
    assert stacking.weight(match, ids) == 7
    stacking.ask(match, "soviet")
    d = match.decision
    assert d is not None and d.kind == "overstack" and d.side == "german"
    assert {str(a) for a in match.legal_actions()} == {f"remove {u}" for u in ids}
    match.apply("remove sov-rd-10")
    assert match.state.units["sov-rd-10"].loc is None
    assert match.decision is not None and match.decision.kind == "movement"
