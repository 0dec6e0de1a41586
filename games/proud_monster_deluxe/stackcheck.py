"""Stacking enforcement at the start of each phase (PMD 6.3, 13.8; ruling S1).

6.3 reduces an overstacked hex at once, the owner eliminating units of his choice; 13.8 leaves
the stacking of a retreat to the start of the next phase. So at the start of every phase each
side's stacks on the map are checked against 6.1's limits (the kernel's ``stacking`` mechanic:
weights, the Soviet 1941 limit, city and heavy-fort limits, the tag caps), and the owner of each
stack over them is asked to remove units (``remove UNIT``, the kernel's verb) until it is not.
The kernel's own end-of-Cleanup check (``check`` in title.json) stays. The scan is of the
occupied hexes only (a few milliseconds for the full map)."""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import stacking


@hookimpl
def wargame_phase_start(match: Match) -> None:
    if match.state.cursor.stage == "over" or match.phase is None:
        return
    for side in reversed(match.sides):
        stacking.ask(match, side)
