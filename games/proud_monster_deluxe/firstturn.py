"""Turn 112's first-week restrictions (PMD 5.3(3)-(6)); from turn 113 none holds.

- 5.3(3): Axis units in the Hungary or Romania ZOMO or the South OKH area neither move (also not
  strategically) nor attack (prepared or mobile assault): ``wargame_move_locked`` and a veto.
- 5.3(4): Soviet units neither move, advance nor attack into Hungary or Romania
  (``wargame_move_blocked``, a veto), nor retreat there (13.8: a retreat observes the movement
  prohibitions, ``wargame_retreat_paths``), nor trace supply there (``supply.py`` treats those
  hexes as closed, :func:`supply_closed`).
- 5.3(5): a Soviet unit and an Axis unit outside Russia (``country:ussr``) are not adjacent
  (:func:`apart`): a Soviet unit attacks no such Axis unit, neither side's reserve
  eligibility counts such a pair, and a Soviet unit next to such an Axis reserve stack does not
  make the Axis place it on the map (``reserves.py``, 6.4). The Axis still attacks out of the ZOMO
  (5.3(7)'s offensive week; ruling FT1).
- 5.3(6): no strategic move from one OKH area to the other (a veto on ``strategic``)."""

from __future__ import annotations

from collections.abc import Mapping

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.state import Unit

from . import strategic  # a module import: strategic -> reserves -> firstturn is a cycle
from .turns import AXIS, SOVIET, ynn

TURN = 112
SOUTH = "box:okh-south"
NEUTRAL = ("country:romania", "country:hungary")
"""Romania and Hungary: the South OKH area's ZOMO (``strategic.ZOMO``), closed to the Soviets on
turn 112."""
RUSSIA = "country:ussr"
ATTACKS = ("attack", "overrun")


def active(match: Match) -> bool:
    """The first-week rules hold now: turn 112, after the set-up."""
    return match.state.cursor.stage != "setup" and ynn(match) == TURN


def _hexes(match: Match, names: tuple[str, ...]) -> frozenset[str]:
    return match.shared(("pmd-firstturn", names), lambda: frozenset(match.resolve_locations(names)))


def held(match: Match, unit: Unit) -> str | None:
    """5.3(3): why this Axis unit may not move nor attack on turn 112, or None."""
    if unit.side != AXIS or unit.loc is None or not active(match):
        return None
    if unit.loc == SOUTH or unit.loc in _hexes(match, NEUTRAL):
        return (
            f"{unit.id} is in the South OKH area or the Hungary/Romania ZOMO: it may neither "
            f"move nor attack on turn {TURN} (PMD 5.3(3))"
        )
    return None


def closed_to_soviets(match: Match, loc: str) -> bool:
    """5.3(4): ``loc`` is in Hungary or Romania on turn 112."""
    return active(match) and loc in _hexes(match, NEUTRAL)


def apart(match: Match, here: str, there: str, side: str) -> bool:
    """5.3(5): on turn 112 a ``side`` unit at ``here`` and an enemy unit at ``there`` are not
    adjacent, the Axis one of them being outside Russia."""
    if not active(match):
        return False
    axis_hex = here if side == AXIS else there
    return axis_hex not in _hexes(match, (RUSSIA,))


def supply_closed(match: Match, side: str) -> frozenset[str]:
    """5.3(4): the hexes a Soviet supply line may not enter on turn 112."""
    if side != SOVIET or not active(match):
        return frozenset()
    return _hexes(match, NEUTRAL)


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    return held(match, unit)


@hookimpl
def wargame_move_blocked(match: Match, unit: Unit) -> Mapping[str, str]:
    if unit.side != SOVIET or not active(match):
        return {}
    why = f"Soviet units may not enter Hungary or Romania on turn {TURN} (PMD 5.3(4))"
    return dict.fromkeys(_hexes(match, NEUTRAL), why)


@hookimpl
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """5.3(4) with 13.8 (retreating units observe the movement prohibitions): on turn 112 no
    Soviet retreat enters Hungary or Romania (ruling FT1)."""
    if not units or units[0].side != SOVIET or not active(match):
        return None
    closed = _hexes(match, NEUTRAL)
    return [p for p in paths if closed.isdisjoint(p)]


def _concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return active(match)


def _attack(match: Match, side: str, target: str, ids: list[str]) -> str | None:
    units = [match.state.units[i] for i in ids if i in match.state.units]
    if side == AXIS:
        return next((why for u in units if (why := held(match, u))), None)
    if closed_to_soviets(match, target):
        return f"Soviet units may not attack into Hungary or Romania on turn {TURN} (PMD 5.3(4))"
    if any(u.side == AXIS for u in match.units_at(target)) and apart(match, target, target, AXIS):
        return (
            f"on turn {TURN} Soviet units are not adjacent to Axis units outside Russia, so "
            f"they may not attack {target} (PMD 5.3(5))"
        )
    return None


@hookimpl
@veto_scope(
    verbs=(*ATTACKS, "strategic", "advance"),
    kinds=("combat", "movement", "advance"),
    concerns=_concerns,
)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """5.3(3)-(6) on turn 112: attacks, strategic moves and Soviet advances."""
    if not active(match):
        return None
    args = [str(a) for a in action.args]
    if action.verb in ATTACKS and len(args) >= 3 and args[1] == "with":
        return _attack(match, decision.side, args[0], args[2].split(","))
    if action.verb == "strategic" and len(args) == 2:
        unit = match.state.units.get(args[0])
        if unit is None:
            return None
        why = held(match, unit)
        if why:
            return why
        boxes = strategic.OKH.values()
        if unit.loc in boxes and args[1] in boxes and args[1] != unit.loc:
            return f"no strategic move from one OKH area to the other on turn {TURN} (PMD 5.3(6))"
    soviet_advance = action.verb == "advance" and decision.side == SOVIET
    if soviet_advance and any(closed_to_soviets(match, h) for h in args[1:]):
        return f"Soviet units may not advance into Hungary or Romania on turn {TURN} (PMD 5.3(4))"
    return None
