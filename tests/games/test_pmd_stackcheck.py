"""PMD 6.3, 13.8: an overstacked hex is reduced at the start of the next phase, the owner
choosing the units to eliminate (``stackcheck``, ruling S1)."""

from __future__ import annotations

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
