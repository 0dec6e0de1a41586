"""PMD 13.8's split retreat (the stack may split up, stacking enforced at the next phase's start)
and 13.7's extra step losses by choice: positions built on turn 113's Combat Phase."""

from __future__ import annotations

from wargame.match import Match
from wargame.testing import put

from .pmd_combat_helpers import at_phase, clear_hexes, revealed
from .pmd_combat_helpers import carry_out_result as result

RD = "sov-rd-interior-01"
GERMANS = ["ger-id-7", "ger-pd-3"]
FILLERS = ["ger-id-1", "ger-id-102", "ger-id-106", "ger-pd-4"]


def _retreating() -> tuple[Match, str, list[str]]:
    """Two German divisions in a clear hex take a Soviet 1/1 and retreat instead (13.8)."""
    match = at_phase("soviet", "combat")
    target, origin, _ = clear_hexes(match)
    for uid in GERMANS:
        put(match, uid, target)
    revealed(match, RD, origin)
    result(match, "1/1", [RD], GERMANS, target)
    match.apply("retreat-instead")
    free = [n for n in match.topology.neighbours(target) if not match.units_at(n)]
    return match, target, free


def test_the_retreating_stack_may_split_into_different_hexes_13_8() -> None:
    match, target, free = _retreating()
    legal = {str(a) for a in match.legal_actions()}
    assert f"retreat {','.join(GERMANS)} {target} {free[0]}" in legal  # together, as before
    assert f"retreat {GERMANS[0]} {target} {free[0]}" in legal  # or each on its own
    match.apply(f"retreat {GERMANS[0]} {target} {free[0]}")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "retreat")  # the owner's, 13.8
    match.apply(f"retreat {GERMANS[1]} {target} {free[1]}")
    assert [match.state.units[u].loc for u in GERMANS] == free[:2]


def test_a_split_retreat_may_overstack_until_the_next_phase_starts_13_8_6_3() -> None:
    """Both divisions retreat into a hex of four German divisions (six, limit 5): nobody is
    eliminated then; as the Combat Phase ends (the next phase's start) the Axis removes one
    of his choice (6.3)."""
    match, target, free = _retreating()
    for uid in FILLERS:
        put(match, uid, free[0])
    match.apply(f"retreat {GERMANS[0]} {target} {free[0]}")
    match.apply(f"retreat {GERMANS[1]} {target} {free[0]}")
    assert len(match.units_at(free[0])) == 6
    assert all(match.state.units[u].loc == free[0] for u in [*GERMANS, *FILLERS])
    while match.decision is not None and match.decision.kind != "overstack":
        d = match.decision
        match.apply("end" if d.kind == "combat" else str(match.legal_actions()[0]))
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "overstack")
    assert not match.phase.spec.id.endswith("-combat")  # the combat phase is over: the next
    match.apply("remove ger-id-1")
    assert match.state.units["ger-id-1"].loc is None
    assert len(match.units_at(free[0])) == 5
    assert match.decision is None or match.decision.kind != "overstack"  # legal again
