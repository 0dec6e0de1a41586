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


def _hit() -> tuple[Match, str]:
    """Two German divisions in a clear hex take a Soviet 1/1; their loss decision is next."""
    match = at_phase("soviet", "combat")
    target, origin, _ = clear_hexes(match)
    for uid in GERMANS:
        put(match, uid, target)
    revealed(match, RD, origin)
    result(match, "1/1", [RD], GERMANS, target)
    return match, target


def _retreating() -> tuple[Match, str, list[str]]:
    """The two German divisions retreat instead (13.8)."""
    match, target = _hit()
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


# ------------------------------------------------------------------ 13.7 extra step losses


def _kinds(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_the_defender_may_lose_more_steps_than_the_result_then_stop_13_7() -> None:
    """13.7: once the defender's 1 is taken as a step, he may lose more, unit by unit, and stop;
    the Soviet attacker's lone RD then takes its own 1."""
    match, target = _hit()
    assert "enough" not in _kinds(match)  # not before the result is taken
    match.apply("lose ger-id-7")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "more-losses")
    assert {"lose ger-id-7", "lose ger-pd-3", "enough"} <= _kinds(match)
    assert "retreat-instead" not in _kinds(match)  # the retreat was the last step's, 13.8
    before = match.state.units["ger-pd-3"].step
    match.apply("lose ger-pd-3")  # one more, by choice
    assert match.state.units["ger-pd-3"].step == before + 1
    assert "enough" in _kinds(match)  # asked again
    match.apply("enough")
    assert "enough" not in _kinds(match)
    assert match.state.units[RD].loc is None  # the attacker's 1 was taken


def test_the_attacker_may_lose_more_steps_too_13_7() -> None:
    """13.7 says "a player": the attacker's 1 taken (his lone division, no choice), he is asked
    whether to lose more."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    revealed(match, RD, target)
    put(match, "ger-pd-3", origin)
    result(match, "1/1", ["ger-pd-3"], [RD], target)
    assert match.state.units[RD].loc is None
    assert match.state.units["ger-pd-3"].step == 1
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "more-losses")
    assert _kinds(match) == {"lose ger-pd-3", "enough"}
    match.apply("enough")
    assert match.state.units["ger-pd-3"].step == 1
    assert "enough" not in _kinds(match)


def test_no_extra_losses_offered_on_a_0_result_or_after_a_retreat_13_7_13_8() -> None:
    """The other side of 13.7 (ruling RL2): a side whose result is 0 is not affected at all, and
    a defender who retreated for his last step is not asked for more."""
    match = at_phase("soviet", "combat")
    target, origin, _ = clear_hexes(match)
    put(match, "ger-id-7", target)
    revealed(match, RD, origin)
    result(match, "0/1", [RD], ["ger-id-7"], target)
    match.apply("retreat-instead")
    match.apply(str(match.legal_actions()[0]))  # the retreat path
    assert match.state.units["ger-id-7"].loc != target
    assert "enough" not in _kinds(match)
    d = match.decision
    assert d is None or d.kind not in ("loss", "more-losses")


def test_extra_losses_stop_being_offered_when_the_units_are_gone_13_7() -> None:
    """The other side of 13.7: the attacker's lone panzer division, its 1 taken, loses its other
    two steps by choice; with nothing left he is not asked again."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    revealed(match, RD, target)
    put(match, "ger-pd-3", origin)
    result(match, "1/1", ["ger-pd-3"], [RD], target)
    match.apply("lose ger-pd-3")
    assert _kinds(match) == {"lose ger-pd-3", "enough"}  # one step left
    match.apply("lose ger-pd-3")
    assert match.state.units["ger-pd-3"].loc is None
    assert "enough" not in _kinds(match)


def test_no_extra_losses_offered_when_13_10_reduces_the_attacker_s_result_to_0_13_7() -> None:
    """13.7's 0 leaves a side untouched, also a 0 reached by the 13.10 reduction: a 1/3 on two
    lone RDs in clear, Dry weather (T17a), the attacker's 1 becomes 0 and he is not asked."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    rds = [revealed(match, f"sov-rd-interior-0{i}", target) for i in (1, 2)]
    put(match, "ger-pd-3", origin)
    result(match, "1/3", ["ger-pd-3"], rds, target)
    assert all(match.state.units[u].loc is None for u in rds)  # 2 steps for a 3: all go
    assert match.state.units["ger-pd-3"].step == 0
    d = match.decision
    assert d is not None and d.kind == "advance"  # not more-losses


def _close_combat_0_2(extra: int) -> Match:
    """An Axis close combat (13.12) on four one-step RDs with a 0/2: the Axis picks the first
    loss, the Soviet the second, then the Soviet loses ``extra`` more by choice; the Axis losses
    that follow are picked by the Soviet, the Axis, ..., the Axis then asked for more."""
    match = at_phase("axis", "combat")
    target, origin, _ = clear_hexes(match)
    rds = [revealed(match, f"sov-rd-interior-0{i}", target) for i in range(1, 5)]
    for uid in ("ger-pd-9", "ger-pd-11"):
        put(match, uid, origin)
    result(match, "0/2", ["ger-pd-9", "ger-pd-11"], rds, target, close_combat="attacker")
    match.apply(f"lose {rds[0]}")  # the attacker's pick (13.12)
    match.apply(f"lose {rds[1]}")  # the defender's pick
    for uid in rds[2 : 2 + extra]:
        d = match.decision
        assert d is not None and (d.side, d.kind) == ("soviet", "more-losses")  # his own choice
        match.apply(f"lose {uid}")
    if extra < 2:
        match.apply("enough")
    while (d := match.decision) is not None and d.kind == "loss":
        match.apply("lose ger-pd-9" if match.state.units["ger-pd-9"].loc else "lose ger-pd-11")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "more-losses")  # the owner, not 13.12's
    match.apply("enough")
    return match


def test_extra_defender_steps_count_for_the_close_combat_minimum_13_7_13_12_ruling_rl2() -> None:
    """Ruling RL2: the defender's steps lost by choice are actual losses for 13.12's minimum.
    2 lost: the Axis loses 1; 4 lost (all four RDs, then no more to offer): the Axis loses 2."""
    lost = {}
    for extra in (0, 2):
        match = _close_combat_0_2(extra)
        units = match.state.units
        lost[extra] = units["ger-pd-9"].step + units["ger-pd-11"].step
    assert lost == {0: 1, 2: 2}
