"""The Axis supply concentration (PMD 8.9) on the shared supply-concentration mechanic, set in
title.json: declared (or not) at the start of an Axis Refit Phase, kept with its 18 markers
redeployed or rescinded at the start of each later Axis week, declared again at will, gone from
turn 205. The mechanic frees the marked units of the GAST (8.8) and bars the others from PAs,
MAs and moves of more than one hex; this module adds the title's other move, strategic movement
(11.2), to what they may not make (ruling SCO1)."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics import concentration
from wargame.topology import is_box

RULE = "PMD 8.9"


def _concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return concentration.active(match)


@hookimpl
@veto_scope(verbs=("strategic",), concerns=_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """An unmarked unit on the map moves one hex at most: never strategically (ruling SCO1)."""
    if not action.args or not concentration.active(match):
        return None
    unit = match.state.units.get(str(action.args[0]))
    if unit is None or unit.loc is None or is_box(unit.loc):
        return None
    if concentration.restricted(match, unit):
        return f"{unit.id} has no supply concentration marker and moves at most one hex ({RULE})"
    return None
