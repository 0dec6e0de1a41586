"""The sequence of play (LWE 5.1-5.4): which phases happen on which turns, and the opening.

- The Weather Determination Phase is held from GT12 (10.1); GT1-11 are dry.
- The Soviet Supply Check Phase is held only once Directive No. 3 is rescinded (5.6, 7.12).
- The Victory Check Phase is held on the turns the track marks (4.5: tag ``victory-check``).
- The German chooses move-then-fight or fight-then-move for his player turn (5.3, the kernel's
  ``order`` decision; the 1R for fighting first is the phase-order mechanic's, from data); the
  Soviet always fights, then moves (5.3: his player turn has one order).
- GT1 (5.4): every German non-mechanized unit moves 7, every German mechanized unit 14;
  satellites keep their printed factor (ruling E22e).
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import dd3
from .common import GERMAN, calendar_tags

GT1_MF = {"mech": 14, "non-mech": 7, "mountain": 7}
"""5.4: the German first-turn movement factors, by movement class."""


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "weather-turn":
        return match.turn >= 12
    if phase.when == "dd3-rescinded":
        return not dd3.in_effect(match)
    if phase.when == "victory-check-turn":
        return "victory-check" in calendar_tags(match) or match.turn == int(
            match.scenario["last_turn"]
        )
    return None


def printed_mf(match: Match, unit: Unit) -> int:
    return int(match.unit_values(unit).get("move", 0))


@hookimpl
def wargame_movement_allowance(match: Match, unit: Unit) -> float | None:
    """The printed movement factor (2.10, value ``move``), or GT1's (5.4)."""
    utype = match.unit_type(unit)
    if match.turn == 1 and unit.side == GERMAN and "german" in utype.get("tags", ()):
        fixed = GT1_MF.get(utype["mobility"])
        if fixed is not None and printed_mf(match, unit) > 0:
            return fixed
    return printed_mf(match, unit)
