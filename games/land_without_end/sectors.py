"""The Axis-satellite sector restriction (LWE 9.31): Italian, Romanian and Hungarian units end
every move south of the north/south sector line (the map's ``sector-south`` region; ruling E7)
and never attack a hex north of it. They may pass north of the line during a move.

The units are known by their counters' nations (ids ``ita-``, ``rom-``, ``hun-``; ruling S7).
"""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.state import Unit

from .common import in_region

NATIONS = ("ita-", "rom-", "hun-")
REGION = "sector-south"
RULE = "LWE 9.31"


def bound(unit: Unit) -> bool:
    return unit.id.startswith(NATIONS)


@hookimpl
@veto_scope(verbs=("move", "rollbahn", "attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if len(action.args) < 2:
        return None
    units = match.state.units
    if action.verb in ("move", "rollbahn"):
        ids, end = str(action.args[0]).split(","), str(action.args[-1])
        if end.startswith("box:") or in_region(match, end, REGION):
            return None
        for uid in ids:
            if uid in units and bound(units[uid]):
                return f"{uid} must end its move south of the sector line ({RULE})"
        return None
    ids = str(action.args[2]).split(",") if len(action.args) > 2 else []
    targets = str(action.args[0]).split(",")
    north = [t for t in targets if t in match.topology and not in_region(match, t, REGION)]
    if not north:
        return None
    for uid in ids:
        if uid in units and bound(units[uid]):
            return f"{uid} may not attack north of the sector line ({RULE})"
    return None
