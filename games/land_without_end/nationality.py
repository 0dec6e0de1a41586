"""Stacking by nationality on the German side (LWE 6.3): German, Romanian, Hungarian and Italian
units (counter ids ``ger-``, ``rom-``, ``hun-``, ``ita-``) stack only with their own nation, but
(1) units out of supply stack together whatever their nations, and (2) one satellite mechanized
unit (the CSIR, the Hungarian Fast Corps) may stack with German units, never with another
satellite unit. The six-division limit (6.1) is the stacking mechanic's.

Checked where a German-side unit ends a move (``move``, ``rollbahn``) or an advance after combat.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.state import Unit

from .common import GERMAN

RULE = "LWE 6.3"
SATELLITE_MECH = "satellite-mech"


def nation(unit: Unit) -> str:
    return unit.id.split("-", 1)[0]


def mixed(match: Match, units: Iterable[Unit]) -> str | None:
    """Why these German-side units may not share a hex (6.3), or None."""
    from .supply import oos

    group = [u for u in units if u.side == GERMAN]
    nations = {nation(u) for u in group}
    if len(nations) <= 1 or all(oos(u) for u in group):
        return None
    mech = [u for u in group if match.counter(u)["type"] == SATELLITE_MECH]
    rest = {nation(u) for u in group if match.counter(u)["type"] != SATELLITE_MECH}
    if len(mech) == 1 and rest <= {"ger"}:
        return None
    names = ", ".join(sorted(nations))
    return f"units of different nations ({names}) may not stack ({RULE})"


@hookimpl
@veto_scope(verbs=("move", "rollbahn", "advance"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if decision.side != GERMAN or len(action.args) < 2:
        return None
    end = str(action.args[-1])
    if end.startswith("box:") or end not in match.topology:
        return None
    units = match.state.units
    moving = [units[u] for u in str(action.args[0]).split(",") if u in units]
    there = [u for u in match.units_at(end) if u not in moving]
    return mixed(match, moving + there)
