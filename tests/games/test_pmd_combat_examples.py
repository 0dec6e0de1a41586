"""Worked combat examples of digest section 14 not tested elsewhere: T20 (13.11, 13.8, 15.2),
T28 (16.3, 14.3), T39's mobile assault (14.4) and T46's forts (13.10, 13.4.2)."""

from __future__ import annotations

from wargame.match import Match
from wargame.mechanics import combat, movement
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, carry_out_result, clear_hexes, plain, revealed

RD = "sov-rd-interior-01"
TB, GRD = "sov-tb-reinf-001", "sov-grd-1"


def _t20(afv_declared: bool, *stack: str) -> tuple[Match, str]:
    """A German infantry division's PA on a Soviet ``stack`` in a clear hex, result 1/2; the
    defender declared the AFV shift (15.2) or not."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    units = match.state.units
    defenders = [units[revealed(match, uid, target)] for uid in stack]
    attacker = put(match, "ger-id-7", origin)
    battle = combat.new_battle(match, [attacker], defenders, target, "attack")
    battle.roll, battle.result = 3, "1/2"
    battle.extra["afv"] = {"attacker": False, "defender": afv_declared}
    combat.store(match, battle)
    combat.carry_out(match, battle, "1/2")
    return match, target


def test_t20a_the_tb_first_then_an_rd_and_the_last_half_takes_the_other_rd_13_11() -> None:
    """T20(a): TB + 2 RD, AFV shift declared, result 2: the TB goes first (1/2), then an RD
    (1 1/2); the last half step needs a whole unit, the second RD (no retreat: not Guards)."""
    rd1, rd2 = RD, "sov-rd-interior-02"
    match, _ = _t20(True, TB, rd1, rd2)
    refused(match, f"lose {rd1}", "an AFV step is lost first", rule="PMD 13.11")
    match.apply(f"lose {TB}")
    match.apply(f"lose {rd1}")
    assert all(match.state.units[u].loc is None for u in (TB, rd1, rd2))


def test_t20b_the_tb_then_a_grd_step_and_the_guards_stack_retreats_for_the_last_13_11_13_8() -> (
    None
):
    """T20(b): TB + 2-step GRD, AFV shift declared, result 2: the TB (1/2), a GRD step (1 1/2);
    the Guards-only stack that is left retreats for the last half step (13.8)."""
    match, target = _t20(True, TB, GRD)
    refused(match, f"lose {GRD}", "an AFV step is lost first", rule="PMD 13.11")
    match.apply(f"lose {TB}")
    match.apply(f"lose {GRD}")
    match.apply("retreat-instead")
    match.apply(str(match.legal_actions()[0]))
    grd = match.state.units[GRD]
    assert match.state.units[TB].loc is None
    assert grd.step == 1 and grd.loc is not None
    assert match.topology.distance(target, grd.loc) == 1


def test_t20c_without_the_afv_shift_the_grd_may_take_both_steps_and_the_tb_survives_13_11() -> None:
    """T20(c): the same stack without the AFV shift: the Soviets may lose the GRD's 2 steps."""
    match, target = _t20(False, TB, GRD)
    match.apply(f"lose {GRD}")
    match.apply(f"lose {GRD}")
    assert match.state.units[GRD].loc is None and match.state.units[TB].loc == target


def _line(match: Match, n: int) -> list[str]:
    """``n`` plain hexes in a row, each one hex further from the first, no hexside features."""
    topo = match.topology
    for start in topo.locations():
        if not plain(match, start):
            continue
        row = [start]
        while len(row) < n:
            step = [
                x
                for x in topo.neighbours(row[-1])
                if plain(match, x)
                and topo.distance(start, x) == len(row)
                and (edge := topo.edge(row[-1], x)) is not None
                and not edge.features
            ]
            if not step:
                break
            row.append(step[0])
        if len(row) == n:
            return row
    raise AssertionError("no row of plain hexes")


def test_t28_a_german_mech_stack_spends_at_most_5_mp_before_its_mobile_assault_16_3() -> None:
    """T28: MF 12, the MA costs 7 outside a Seasonal Offensive week: a target 6 MP away (the
    launch hex 5 MP away) may be assaulted, one 7 MP away (launch at 6) may not."""
    match = at_phase("axis", "movement")
    match.state.vars.pop("axis_seasonal_offensive", None)
    row = _line(match, 8)
    put(match, "ger-pd-9", row[0])
    rd = put(match, RD, row[6])
    match.reveal(rd)
    assert movement.path_cost(match, match.state.units["ger-pd-9"], row[:6])[0] == 5
    assert match.check(f"overrun {row[6]} with ger-pd-9 via {' '.join(row[:6])}") is None
    match.place(rd, row[7])
    refused(match, f"overrun {row[7]} with ger-pd-9 via {' '.join(row[:7])}", "needs 13 MP")


def test_t39_no_axis_mobile_assault_into_odessa_while_its_stalin_line_stands_14_4() -> None:
    match = at_phase("axis", "movement")
    topo = match.topology
    assert {"city", "stalin-line"} <= set(topo.features("1643"))
    launch = next(n for n in topo.neighbours("1643") if topo.terrain(n) == "clear")
    match.reveal(put(match, RD, "1643"))
    put(match, "ger-pd-9", launch)
    refused(match, f"overrun 1643 with ger-pd-9 via {launch}", "stalin line", rule="PMD 14.4")


def _fort_attack(feature: str, construction: str, code: str) -> int:
    """Steps a 3-step German infantry division loses attacking a lone RD in a clear hex (not a
    city) with ``feature`` (claimed as ``construction``), at ``code``."""
    match = at_phase("axis", "combat")
    topo = match.topology
    target = next(
        h
        for h in topo.locations()
        if feature in topo.features(h)
        and "city" not in topo.features(h)
        and topo.terrain(h) == "clear"
        and any(topo.terrain(n) == "clear" for n in topo.neighbours(h))
    )
    origin = next(n for n in topo.neighbours(target) if topo.terrain(n) == "clear")
    revealed(match, RD, target)
    put(match, "ger-id-22", origin)
    carry_out_result(match, code, ["ger-id-22"], [RD], target, construction)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply("lose ger-id-22")
    unit = match.state.units["ger-id-22"]
    return 3 if unit.loc is None else unit.step


def test_t46_an_active_fort_costs_the_attacker_a_step_a_heavy_fort_two_13_10_13_4_2() -> None:
    assert _fort_attack("fort", "fort", "1/3") == 1  # 13.10 denied by the active fort
    assert _fort_attack("heavy-fort", "heavy-fort", "1/3") == 2  # and +1 (13.4.2)


def test_t46_the_same_attack_in_the_open_costs_nothing_13_10() -> None:
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    revealed(match, RD, target)
    put(match, "ger-id-22", origin)
    carry_out_result(match, "1/3", ["ger-id-22"], [RD], target)
    assert match.state.units["ger-id-22"].step == 0
