"""The sequence's own rules: turn notation and which phases run (PMD 1.4, 5.2, 5.3).

The kernel counts game turns 1..68; every rule that names a turn uses the rulebook's YNN
(112..407), the calendar entry's label."""

from __future__ import annotations

from wargame.calendar import has_tag, turn_spec
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec

AXIS, SOVIET = "axis", "soviet"


def ynn(match: Match, turn: int | None = None) -> int:
    """The turn in the rulebook's three-digit notation (1.4): 112 for game turn 1; during a
    free set-up (1.3), before any turn, the scenario's first. Asked for every hexside while a
    cost table is built, so read from the calendar once per turn."""
    if turn is None:
        turn = match.turn
        if match.state.cursor.stage == "setup":
            turn = int(match.scenario.get("first_turn", 1))
    memo = ("pmd-ynn", turn)
    found = match.cache.get(memo)
    if found is None:
        found = match.cache[memo] = int(turn_spec(match, turn)["values"]["ynn"])
    return found


def phase_side(match: Match, phase: PhaseSpec) -> str:
    """Who decides ``phase``: its fixed side, or the phasing player."""
    side = match.phasing if phase.side == "phasing" else phase.side
    assert side is not None, "a phasing phase outside a player turn"
    return side


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when in ("second-week", "second-week-reserves") and ynn(match) == 112:
        return False  # 5.3(1): turn 112 is one game week
    if phase.when in ("reserves", "second-week-reserves"):
        # 6.4: only units in reserve move in a reserve movement phase, so the phase runs
        # only for a side with one: under a marker, or on turn 112 any Axis unit (5.3(8))
        from . import reserves

        return reserves.any_in_reserve(match, phase_side(match, phase))
    if phase.when == "second-week":
        return True
    if phase.when == "victory-check":
        return has_tag(match, "victory-check")
    return None


@hookimpl
def wargame_setup(match: Match) -> None:
    """The scenario's starting values (the Soviet 1941 stacking limit of 6.1, the Axis VP
    changes of 4.5.2) become state vars the rules then change."""
    for key, value in match.scenario.get("vars", {}).items():
        match.state.vars.setdefault(key, value)
