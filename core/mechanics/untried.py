"""Untried units (PGG 12.0-12.4, PMD 2.4.9): strengths hidden from both players until the instant
of combat, then drawn at random from the pool of the unit's type.

The kernel keeps no hidden value in the state: ``Match.reveal`` draws the face when combat (or an
overrun) first involves the unit, so no view can leak it. This mechanic adds the dead pile:
with ``recycle`` set, an eliminated untried unit goes back face-down and its face returns to the
pool, so later draws may bring it back (PGG 12.4, 14.14).
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    if match.settings("untried").get("recycle") and match.counter(unit).get("untried"):
        match.return_to_pool(unit)
