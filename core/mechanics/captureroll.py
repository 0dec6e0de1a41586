"""A capital's capture roll (Barbarossa 4.15, LWE 4.4): the first time a side takes a named
location, it rolls one die at once; with the modifiers it earns for other places it holds, a
total at or above the threshold ends the game in its favour (the Soviet Union collapses).

Not a manifest mechanic (it has no hooks): the title calls :func:`on_capture` when control of a
location changes, since only the title knows when its rule applies (LWE 4.4: only before the
first non-dry weather), with a spec it reads from its own data (its Moscow table): ``location``, ``side``
(the side that rolls), ``at_least`` (the total that ends the game), ``dice`` (default 1d6),
``modifiers``: ``[{"holds": LOC, "drm": n, "reason"} | {"before_turn": T, "drm": n, "reason"}]``,
``level`` (the outcome's level), ``text``, ``rule``. Rolled once a game (state var
``capture_rolled``).
"""

from __future__ import annotations

from typing import Any

from wargame.match import Match


def rolled(match: Match) -> bool:
    return bool(match.state.vars.get("capture_rolled"))


def modifier(match: Match, s: dict[str, Any]) -> tuple[int, list[str]]:
    """The sum of the modifiers that apply now, and their reasons."""
    total, why = 0, []
    for entry in s.get("modifiers", ()):
        if "holds" in entry and match.state.control.get(entry["holds"]) != s["side"]:
            continue
        if "before_turn" in entry and match.turn >= int(entry["before_turn"]):
            continue
        total += int(entry["drm"])
        why.append(f"{int(entry['drm']):+d} {entry.get('reason', '')}".strip())
    return total, why


def on_capture(match: Match, loc: str, side: str, s: dict[str, Any]) -> bool:
    """``side`` has just taken ``loc``: roll if this is the first capture of the location by the
    rolling side (``s``: the spec above). Returns whether the game ended."""
    if not s or loc != s["location"] or side != s["side"] or rolled(match):
        return False
    match.state.vars["capture_rolled"] = True
    rule = s.get("rule")
    roll = match.roll(s.get("dice", "1d6"), f"capture roll for {loc}", rule)
    drm, why = modifier(match, s)
    total = roll + drm
    detail = f"{roll}{drm:+d}={total}" + (f" ({'; '.join(why)})" if why else "")
    if total >= int(s["at_least"]):
        match.end_game(
            side, s.get("level", "sudden death"), f"{s.get('text', loc)}: {detail}", rule
        )
        return True
    match.emit("capture-roll", f"capture roll for {loc}: {detail}, play goes on", rule)
    return False
