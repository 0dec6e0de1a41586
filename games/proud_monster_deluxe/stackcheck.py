"""Stacking enforcement at the start of each phase (PMD 6.3, 13.8; ruling STK1).

6.3 reduces an overstacked hex at once, the owner eliminating units of his choice; 13.8 leaves
the stacking of a retreat to the start of the next phase. So the hexes units entered (moving,
retreating, advancing: ``wargame_moved``) are checked at the start of the next phase against
6.1's limits (the kernel's ``stacking`` mechanic: weights, the Soviet 1941 limit, city and
heavy-fort limits, the tag caps), and the owner of each stack over them is asked to remove units
(``remove UNIT``, the kernel's verb) until it is not. Only the hexes entered are read, so the
check is cheap. The kernel's own end-of-Cleanup check (``check`` in title.json) stays, and a
battle's stacks are checked as it is examined (``stacking.examine`` from ``reveal.py``, S2)."""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.state import Unit

NS = "stackcheck"


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    entered = {u.loc for u in units if u.loc and not u.loc.startswith("box:")}
    if entered:
        dirty = match.state.ns(NS).setdefault("entered", [])
        dirty.extend(sorted(entered - set(dirty)))


@hookimpl
def wargame_phase_start(match: Match) -> None:
    entered = match.state.ns(NS).pop("entered", [])
    if match.state.cursor.stage == "over" or not entered:
        return
    rule = match.settings("stacking").get("rule")
    for side in reversed(match.sides):
        for loc in entered:
            ids = [u.id for u in match.units_at(loc) if u.side == side]
            if ids and stacking.over(match, side, ids, loc):
                match.push(
                    side,
                    "overstack",
                    f"{loc} is over the stacking limit ({rule}): remove units",
                    loc=loc,
                )
