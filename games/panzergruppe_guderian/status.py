"""Panzergruppe Guderian's own lines for ``wargame status``: the victory standing (points so far
and what the objectives would add if the game ended now, PGG 15.0-15.2), the interdiction
markers (Air Interdiction, 13.1-13.2; the Soviet marker's uses, 13.41), this Game-Turn's rail
movement (6.31), Game-Turn 1's army rolls (5.21) and the divisions that lost a regiment (7.3).
Everything here is in the open on the table; it is read from the side's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match

from . import combat, interdiction, movement


def _victory(view: Mapping[str, Any]) -> list[str]:
    report = view.get("victory")
    if not isinstance(report, Mapping):
        return []
    vp = report.get("vp") or {}
    line = f"victory: German {vp.get('german', 0):g} VP, Soviet {vp.get('soviet', 0):g} VP"
    if report.get("over"):
        return [line + " (PGG 15.0)"]
    pending = report.get("objectives_pending", 0)
    level = (report.get("level_if_ended_now") or {}).get("level", "?")
    return [
        line + f"; the objectives held now would add {pending:g}: net "
        f"{report.get('net_if_ended_now', 0):+g}, {level} if the game ended now (PGG 15.1-15.2)"
    ]


def _markers(match: Match, view: Mapping[str, Any]) -> list[str]:
    markers = view.get("markers") or {}
    air = sorted(str(m["loc"]) for m in markers.values() if m.get("type") == movement.AIR)
    limit = interdiction._count(match, movement.AIR, interdiction.AIR_MARKERS)
    out = [
        f"Air Interdiction markers on the map: {len(air)} of {limit}"
        + (f" ({', '.join(air)})" if air else "")
        + " (PGG 13.1)"
    ]
    closed = interdiction.east_closed(match)
    if closed:
        out.append(f"  none east of hexrow 40: {closed} (PGG 13.2)")
    uses = [int(t) for t in (view.get("vars") or {}).get(interdiction.VAR_SOVIET_USES, [])]
    out.append(
        f"Soviet Interdiction marker: used on {len(uses)} of {interdiction.SOVIET_USES} "
        "Game-Turns" + (f" ({', '.join(map(str, uses))})" if uses else "") + " (PGG 13.41)"
    )
    return out


def _rolls(view: Mapping[str, Any]) -> list[str]:
    state = view.get("vars") or {}
    rolls = state.get(movement.VAR_ROLLS)
    if view.get("turn") != movement.FIRST_TURN or not isinstance(rolls, Mapping):
        return []
    frozen = set(state.get(movement.VAR_FROZEN) or ())
    text = ", ".join(
        f"{army} rolled {roll}: " + ("stands in place" if army in frozen else "moves")
        for army, roll in sorted(rolls.items())
    )
    return [f"Game-Turn 1 armies: {text} (PGG 5.21)"]


@hookimpl
def wargame_status_lines(match: Match, side: str | None, view: Mapping[str, Any]) -> list[str]:
    if view.get("stage") == "setup":
        return []
    out = _victory(view)
    if view.get("stage") != "turn":
        return out
    out += _markers(match, view)
    out.append(
        f"rail movement this Game-Turn: {movement.rail_used(match)} of {movement.rail_units(match)} "
        "units (a tank or mechanized division counts three, PGG 6.31)"
    )
    out += _rolls(view)
    broken = (view.get("vars") or {}).get(combat.BROKEN) or []
    if broken:
        out.append(f"divisions no longer integrated: {', '.join(broken)} (PGG 7.3)")
    return out
