"""Frozen lakes (PMD 12.4): in Snow both sides may cross the all-lake hexes (the TEC's Snow column
prices them), but no unit may end its move in one.

A move order (``move``, ``reserve-move``, ``strategic``) or an advance after combat (13.15: the
normal terrain prohibitions) whose last hex is an all-lake hex in Snow is refused, and a retreat
path may not end in one (``wargame_retreat_paths``). A unit may cross a lake only within one
move order (ruling LK1). Outside Snow the lakes are closed to movement by the TEC itself."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.calendar import weather
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.state import Unit

from .weather import weather_at

RULE = "PMD 12.4"
LAKE = "lake"
"""The terrain of an all-lake hex."""


def all_lake(match: Match) -> frozenset[str]:
    """The map's all-lake hexes: static, once per map."""
    topo = match.topology
    return match.shared(
        "pmd-all-lake", lambda: frozenset(h for h in topo.locations() if topo.terrain(h) == LAKE)
    )


def ends_on_ice(match: Match, loc: str) -> str | None:
    """Why no unit may end a move in ``loc`` (12.4), or None."""
    if loc not in all_lake(match) or weather_at(match, loc) != "S":
        return None
    return f"no unit may end its move in the frozen all-lake hex {loc} ({RULE})"


def _snow(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return "S" in (weather(match, "nz"), weather(match, "sz"))


@hookimpl
@veto_scope(verbs=("move", "reserve-move", "strategic", "advance"), concerns=_snow)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """12.4: the last hex of a move order or an advance is not a frozen all-lake hex."""
    if len(action.args) < 2:
        return None
    return ends_on_ice(match, str(action.args[-1]))


@hookimpl
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """12.4: a retreat does not end in a frozen all-lake hex (None when no path would)."""
    if not any(p and ends_on_ice(match, p[-1]) for p in paths):
        return None
    return [p for p in paths if not (p and ends_on_ice(match, p[-1]))]
