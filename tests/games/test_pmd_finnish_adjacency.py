"""PMD 4.5.2(2): from the last week of turn 117 Axis units are taken to be next to the 8
Finnish front hexes, for all purposes (``victory.finnish_neighbour``, ruling V8)."""

from __future__ import annotations

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import reserves, rvgk, victory
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.testing import put, refused

from .test_pmd2_rvgk import _soviet

RD = "sov-rd-interior-01"
FRONT = "3803"


def _refit_117() -> Match:
    """The Soviet Refit Phase of turn 117's first week, the map empty."""
    match = _soviet("refit", 113)
    match.state.cursor.turn += 4
    match.touch()
    assert ynn(match) == 117
    return match


def test_the_finns_are_next_to_the_finnish_front_from_the_last_week_of_117_4_5_2_2() -> None:
    """Before the last week of 117 a Soviet stack on a Finnish front hex with no Axis unit near
    may go into reserve (6.4) and is not next to an Axis unit (11.3); from it, it is."""
    match = _refit_117()
    put(match, RD, FRONT)
    assert match.decision is not None and match.decision.phase.endswith("w1-refit")
    assert not victory.finnish_neighbour(match, FRONT)
    assert reserves.placement_problem(match, "soviet", FRONT) is None
    assert not rvgk._next_to_axis(match, FRONT)
    end(match)
    to_phase(match, "soviet", "refit")
    assert match.decision is not None and match.decision.phase.endswith("w2-refit")
    assert victory.finnish_neighbour(match, FRONT)
    refused(match, f"reserve {FRONT}", "next to an enemy unit", rule="PMD 6.4")
    assert rvgk._next_to_axis(match, FRONT)
    other = next(h for h in match.topology.neighbours(FRONT) if h not in victory.FINNISH_FRONT)
    assert not victory.finnish_neighbour(match, other)
    assert not reserves._adjacent_enemy(match, FRONT, "axis")  # the Finns are no Soviets


def test_the_assumed_finns_stay_after_the_garrison_requirement_ends_ruling_v8() -> None:
    match = _soviet("refit", 124)
    put(match, RD, FRONT)
    victory.lift_finnish_front(match, "a test")
    assert victory.finnish_front_lifted(match)
    refused(match, f"reserve {FRONT}", "next to an enemy unit", rule="PMD 6.4")
    assert rvgk._next_to_axis(match, FRONT)
