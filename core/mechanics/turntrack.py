"""Movement factors read off the turn track, not the counters (Barbarossa 2.11, 10.1; LWE and
PMD print theirs the same way): each calendar turn's ``values`` hold, under one key, a list of
factors per side, one per movement class.

Settings (``mechanic_options.turn-track``): ``movement`` (the key in the turn's values, e.g.
"mf"), ``index`` ({mobility class: position in the side's list}), ``rule`` (cited). A unit whose
class is not indexed gets no answer here (its counter's own factor counts). A title that changes
the factor (halving out of supply, a die roll off it) asks :func:`factor` and answers the
movement hook itself, since the title's rules are asked first.
"""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def settings(match: Match) -> dict[str, Any]:
    return match.settings("turn-track")


def turn_values(match: Match, turn: int | None = None) -> dict[str, Any]:
    """The calendar's values for ``turn`` (default: now)."""
    turns = match.title.doc("calendar")["turns"]
    entry = turns.get(str(match.turn if turn is None else turn), {})
    return dict(entry.get("values", {}))


def factor(match: Match, unit: Unit, turn: int | None = None) -> int | None:
    """The unit's movement factor on the turn track, or None if the track does not give one."""
    s = settings(match)
    key = s.get("movement")
    mobility = match.unit_type(unit)["mobility"]
    index = s.get("index", {}).get(mobility)
    if key is None or index is None:
        return None
    row = turn_values(match, turn).get(key, {}).get(unit.side)
    if row is None or index >= len(row):
        return None
    return int(row[index])


@hookimpl
def wargame_movement_allowance(match: Match, unit: Unit) -> float | None:
    return factor(match, unit)
