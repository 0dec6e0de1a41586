"""Dark Crusade test helpers: an empty board to set positions on, and scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.games.dark_crusade import units as U
from wargame.match import Match
from wargame.plugins import Title
from wargame.testing import installed


def title() -> Title:
    return installed("dc")


def empty_match(scenario: str = "tournament", seed: int = 1, **options: bool) -> Match:
    """A match at its first decision with every unit taken off the map (positions are then
    set by ``put``), control as at the start."""
    match = Match(title(), scenario, seed=seed, options=options or None)
    for unit in match.state.units.values():
        match.place(unit, None)
        unit.flags.clear()
        unit.markers.clear()
    return match


def put(match: Match, loc: str, *counters: str, **flags: Any) -> list[Any]:
    """Counters at ``loc`` with these statuses: ``attacking=POINT`` (from ``origin``, default
    ``loc``), ``bt=ROUNDS``, ``dispersed``, ``fortified``..."""
    if "attacking" in flags:
        flags["attacking"] = {
            "target": flags["attacking"],
            "origin": flags.pop("origin", loc),
            "breakthrough": flags.pop("bt_attack", False),
        }
    if "bt" in flags:
        flags["bt"] = {"rounds": flags["bt"]}
    out = []
    for cid in counters:
        unit = match.state.units.get(cid) or match.new_unit(cid, None)
        unit.flags = {k: v for k, v in flags.items() if k not in U.MARKERS}
        unit.markers.clear()
        for name in U.MARKERS:
            if flags.get(name):
                data = flags[name]
                U.mark(match, unit, name, **(data if isinstance(data, dict) else {}))
        match.place(unit, loc)
        out.append(unit)
    return out


def script_rolls(match: Match, rolls: Iterable[int]) -> list[int]:
    """Make the match's dice return these rolls in order (still recorded as events)."""
    queue = list(rolls)
    used: list[int] = []

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        value = queue.pop(0)
        used.append(value)
        match.emit("roll", f"{why}: rolled {value}", rule, dice=spec, total=value, why=why)
        return value

    match.roll = roll  # type: ignore[method-assign]
    return used


def goto(match: Match, side: str, phase: str) -> None:
    """End phases until ``side``'s ``phase`` decision (no units needed on the way)."""
    for _ in range(200):
        d = match.decision
        assert d is not None
        if d.side == side and d.phase == f"{side}/{phase}":
            return
        match.apply("end")
    raise AssertionError(f"never reached {side}/{phase}")


def step(match: Match) -> None:
    """Pass the current decision: end the phase, or decline a draw offer (2.B.1.b)."""
    legal = {str(a) for a in match.legal_actions()}
    decision = match.decision
    decline = decision is not None and decision.kind == "victory" and "decline-draw" in legal
    match.apply("decline-draw" if decline else "end")


def play_to(match: Match, side: str, phase: str) -> None:
    """Pass decisions until ``side``'s ``phase`` (or the end of the game)."""
    while match.outcome is None and match.decision.phase != f"{side}/{phase}":
        step(match)


def place(match: Match, uid: str, loc: str | None) -> Any:
    """A unit at ``loc``, undispersed: moved if in play, brought in if not."""
    unit = match.state.units.get(uid)
    if unit is None or unit.flags.get("eliminated"):
        return match.new_unit(uid, loc)
    U.unmark(match, unit, U.DISPERSED)
    match.place(unit, loc)
    return unit


def clear(match: Match) -> None:
    """Every unit off the map: positions are built from nothing."""
    for unit in list(match.state.units.values()):
        if unit.loc is not None:
            match.place(unit, None)


def to_phase(match: Match, side: str, phase: str, turn: int) -> Match:
    """Pass decisions until ``side``'s ``phase`` of ``turn``."""
    while not (
        match.turn == turn
        and match.phasing == side
        and match.phase is not None
        and match.phase.spec.id == phase
    ):
        step(match)
    return match


def at(match: Match, turn: int) -> Match:
    """Set the calendar to ``turn`` without playing the turns between."""
    match.state.cursor.turn = turn
    match.touch()
    return match
