"""PMD 13.12 with 13.8 (ruling C10): in a close combat outside a city the defender decides
whether his stack retreats for the final step; if he stands, the loss is picked by the side
whose turn it is in 13.12's alternation (the attacker the 1st, 3rd..., the defender the 2nd,
4th...). Positions built on turn 113's Combat Phase: two German divisions in a clear hex under a
Soviet close combat."""

from __future__ import annotations

import pytest

from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.testing import put

from .pmd_combat_helpers import at_phase, clear_hexes, revealed
from .pmd_combat_helpers import carry_out_result as result

RD = "sov-rd-interior-01"
GERMANS = ["ger-id-7", "ger-pd-3"]


def _close_combat(code: str, defenders: list[str] = GERMANS) -> tuple[Match, str]:
    match = at_phase("soviet", "combat")
    target, origin, _ = clear_hexes(match)
    for uid in defenders:
        put(match, uid, target)
    revealed(match, RD, origin)
    result(match, code, [RD], defenders, target, close_combat="attacker")
    return match, target


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def _asked(match: Match) -> tuple[str, str]:
    d = match.decision
    assert d is not None
    return d.side, d.kind


def _steps(match: Match) -> dict[str, int]:
    return {u: match.state.units[u].step for u in GERMANS}


def test_a_close_combat_defender_declining_the_retreat_leaves_the_last_loss_to_the_alternating_side_13_12() -> (  # noqa: E501
    None
):
    """A 0/1: the only loss is the 1st, the Soviet attacker's pick. The Axis decides only
    whether to retreat; he stands, and the Soviet picks which division loses the step."""
    match, target = _close_combat("0/1")
    assert _asked(match) == ("axis", "loss")
    assert _legal(match) == {"retreat-instead", "stand"}
    with pytest.raises(IllegalAction):
        match.apply("lose ger-id-7")  # not the Axis's pick
    assert _steps(match) == {"ger-id-7": 0, "ger-pd-3": 0}
    match.apply("stand")
    assert _asked(match) == ("soviet", "loss")
    assert _legal(match) == {"lose ger-id-7", "lose ger-pd-3"}  # no retreat for the Soviet
    match.apply("lose ger-pd-3")
    assert _steps(match) == {"ger-id-7": 0, "ger-pd-3": 1}
    assert all(match.state.units[u].loc == target for u in GERMANS)
    assert _asked(match) == ("axis", "more-losses")  # 13.7: then his own extra steps (RL2)


def test_a_close_combat_defender_may_still_retreat_for_the_last_loss_13_12_13_8() -> None:
    """The other side: the Axis retreats instead; the stack goes one hex, no step lost."""
    match, target = _close_combat("0/1")
    match.apply("retreat-instead")
    assert _asked(match) == ("axis", "retreat")  # the owner's path (13.8)
    while match.decision is not None and match.decision.kind == "retreat":
        match.apply(str(match.legal_actions()[0]))
    assert _steps(match) == {"ger-id-7": 0, "ger-pd-3": 0}
    assert all(match.topology.distance(target, match.state.units[u].loc) == 1 for u in GERMANS)


def test_the_second_close_combat_loss_is_the_defender_s_own_pick_or_his_retreat_13_12() -> None:
    """A 0/2: the Soviet picks the 1st loss (no retreat: not the final step); the final one is
    the 2nd, the Axis's own pick: lose a unit of his choice or retreat, in one decision."""
    match, target = _close_combat("0/2")
    assert _asked(match) == ("soviet", "loss")
    assert _legal(match) == {"lose ger-id-7", "lose ger-pd-3"}
    match.apply("lose ger-id-7")
    assert _asked(match) == ("axis", "loss")
    assert _legal(match) == {"lose ger-id-7", "lose ger-pd-3", "retreat-instead"}
    match.apply("lose ger-id-7")  # his choice: the division already hit
    assert _steps(match) == {"ger-id-7": 2, "ger-pd-3": 0}


def test_a_close_combat_stack_that_may_not_retreat_can_only_stand_13_8_13_12() -> None:
    """13.8's check is made when the retreat is taken: with a Romanian division in the stack the
    Axis can only stand, and the Soviet picks the 1st loss; without it he may retreat."""
    match, _ = _close_combat("0/1", ["ger-id-7", "rom-id-1"])
    assert _asked(match) == ("axis", "loss")
    assert _legal(match) == {"stand"}
    match.apply("stand")
    assert _asked(match) == ("soviet", "loss")
    match.apply("lose rom-id-1")
    assert match.state.units["rom-id-1"].step == 1
