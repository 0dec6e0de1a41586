"""PMD 6.3, 13.8: an overstacked hex is reduced at the start of the next phase, the owner
choosing the units to eliminate (``stackcheck``, ruling STK1)."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import at_phase, clear_hexes
from tests.games.pmd_steps import end
from wargame.match import Match
from wargame.testing import put, refused

from .test_pmd_reserves import _axis_refit, _places

SIX = ("ger-id-1", "ger-id-102", "ger-id-106", "ger-id-11", "ger-id-110", "ger-id-111")


def _six_in(match: Match, loc: str, n: int) -> None:
    for uid in SIX[:n]:
        put(match, uid, loc)


def test_an_overstacked_hex_is_reduced_at_the_next_phase_start_by_its_owner_6_3_13_8() -> None:
    """A sixth division moved into a stack of 5 (6.3: deliberate overstacking is allowed, its
    penalty paid) is found at the start of the Combat Phase; the owner picks what goes."""
    match = _axis_refit()
    a, n, _f, _b = _places(match)
    _six_in(match, a, 5)
    put(match, SIX[5], n)
    end(match)  # the Refit Phase ends
    assert match.decision is not None and match.decision.kind == "movement"
    match.apply(f"move {SIX[5]} {n} {a}")
    end(match)  # the Initial Movement Phase ends; the Combat Phase starts with the check
    d = match.decision
    assert d is not None and d.kind == "overstack" and d.side == "axis"
    assert "PMD 6.1, 6.3" in d.prompt
    assert {str(x) for x in match.legal_actions()} == {f"remove {u}" for u in SIX}
    refused(match, "end")
    match.apply("remove ger-id-11")  # the owner's choice
    assert match.state.units["ger-id-11"].loc is None
    d = match.decision
    assert d is not None and d.kind == "combat"
    end(match)
    assert match.decision is not None and match.decision.kind != "overstack"  # checked once


def test_a_legal_stack_is_left_alone_at_the_phase_start_6_1() -> None:
    match = _axis_refit()
    a, n, _f, _b = _places(match)
    _six_in(match, a, 4)
    put(match, SIX[4], n)
    end(match)
    match.apply(f"move {SIX[4]} {n} {a}")
    end(match)
    d = match.decision
    assert d is not None and d.kind == "combat"
    assert all(match.state.units[u].loc == a for u in SIX[:5])


# ------------------------------------------------------------------ 6.3 at a battle (ruling STK2)

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]


def _battle_position(soviets: int, germans: int = 1) -> tuple[Match, str, str]:
    """Turn 113's Axis Combat Phase, map empty: ``soviets`` untried rifle divisions in a clear
    hex (the 1941 Soviet limit is 3, 6.1) and ``germans`` divisions next to it."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    for uid in RDS[:soviets]:
        put(match, uid, target)
    for uid in SIX[:germans]:
        put(match, uid, origin)
    return match, target, origin


def test_a_defending_stack_found_overstacked_loses_units_of_its_owner_s_choice_unseen_6_3() -> None:
    """6.3: the overstack found as the PA's stacks are examined is reduced at once by the owner,
    before any untried unit is examined: the unit he removes is never revealed."""
    match, target, origin = _battle_position(4)
    match.apply(f"attack {target} with {SIX[0]}")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("soviet", "overstack")
    assert target in d.prompt and "PMD 6.1, 6.3" in d.prompt
    assert all(match.is_untried(match.state.units[u]) for u in RDS)  # nothing seen yet
    assert {str(a) for a in match.legal_actions()} == {f"remove {u}" for u in RDS}
    refused(match, f"remove {SIX[0]}")  # not his
    events = match.apply(f"remove {RDS[2]}")
    assert match.state.units[RDS[2]].loc is None
    assert not any(e.kind == "reveal" and RDS[2] in e.text for e in events)
    assert [u.id for u in match.units_at(target)] == [RDS[0], RDS[1], RDS[3]]
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("soviet", "reveal")  # the PA goes on (13.0)


def test_a_legal_defending_stack_is_not_asked_at_the_battle_6_1_6_3() -> None:
    match, target, _origin = _battle_position(3)
    match.apply(f"attack {target} with {SIX[0]}")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("soviet", "reveal")  # straight to 13.0's reveals
    assert all(match.state.units[u].loc == target for u in RDS[:3])


def test_the_attacker_s_own_overstack_waits_for_the_next_phase_start_6_3_ruling_stk2() -> None:
    """6.3's stack found overstacked is the one the opponent examines: the defender's. The
    attacker's six divisions in one hex are not asked about at the battle (an MA stack is only
    passing through its launch hex, 6.3); the next phase start checks the hexes entered (STK1)."""
    match, target, origin = _battle_position(1, germans=6)
    events = match.apply(f"attack {target} with {SIX[0]}")
    assert [e.kind for e in events].count("battle") == 1
    assert all(match.state.units[u].loc == origin for u in SIX[1:])
