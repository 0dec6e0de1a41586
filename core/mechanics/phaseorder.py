"""The phasing player's choice of phase order, with what the rules tie to it (Barbarossa
5.4-5.7; LWE 5.2 has the same move/fight, fight/move and fight/fight).

The kernel's sequence already asks for the order (a player turn with ``orders``); this mechanic
says which orders are legal now and which column shifts follow from the choice, all from data:

- ``forced``: ``[{"side", "turns": [first, last], "order", "rule"}]``: on those turns that
  side must take that order (Barbarossa 5.4: the German fight/move on GT1, the Soviet GT1-5).
- ``limited``: ``[{"side", "order", "max", "turns": [a, b] | "tags": [...], "rule"}]``: an order
  listed here is legal only on turns one of its entries matches (turn range, or every calendar
  tag listed), and at most ``max`` times over that entry's turns (Barbarossa 5.5: German
  fight/fight once in a single-month 1942 turn and once in one of 1943; Soviet once on GT31-32).
  ``requires_var`` names a title variable the entry needs set (4.18: fight/fight on GT30 only
  under Watch on the Oder).
- ``shifts``: ``[{"side", "order", "columns", "phase"?, "tags"?, "turns"?, "kinds"?, "unless_var"?,
  "reason", "rule"}]``: column shifts for that side's battles of ``kinds`` (default: prepared
  assaults, kind "attack") in its own player turn when it chose ``order`` (Barbarossa 5.6: 1R
  for the German in 1941 single-month fight/move turns and in the first phase of fight/fight;
  5.7: 1L for every Soviet PA in a move/fight turn). ``phase`` limits it to one phase id.

Every choice made is kept in ``state.ns("phase-order")["orders_taken"]`` as ``[side, turn, order]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.models import PhaseSpec

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def settings(match: Match) -> dict[str, Any]:
    return match.settings("phase-order")


def tags(match: Match, turn: int) -> set[str]:
    entry = match.title.doc("calendar")["turns"].get(str(turn), {})
    return set(entry.get("tags", ()))


def _matches(match: Match, entry: dict[str, Any], turn: int) -> bool:
    if "turns" in entry:
        first, last = entry["turns"]
        if not first <= turn <= last:
            return False
    return set(entry.get("tags", ())) <= tags(match, turn)


def chosen(match: Match, side: str) -> str | None:
    """The order ``side`` chose for its player turn this game turn, if it has chosen."""
    for block in match.sequence.turn_blocks:
        if block.side == side and block.orders:
            return match.state.orders.get(block.key)
    return None


def refusal(match: Match, side: str, order: str) -> str | None:
    """Why ``side`` may not choose ``order`` now (with the rule), or None."""
    turn = match.turn
    for entry in settings(match).get("forced", ()):
        if entry["side"] == side and _matches(match, entry, turn) and order != entry["order"]:
            return f"{side} must choose {entry['order']} on turn {turn} ({entry.get('rule', '')})"
    limited = [e for e in settings(match).get("limited", ()) if e["side"] == side]
    entries = [e for e in limited if e["order"] == order]
    if not entries:
        return None
    taken = match.state.ns("phase-order").get("orders_taken", [])
    why = "; ".join(sorted({e.get("rule", "") for e in entries}))
    for entry in entries:
        if entry.get("requires_var") and not match.state.vars.get(entry["requires_var"]):
            continue
        if not _matches(match, entry, turn):
            continue
        used = sum(1 for s, t, o in taken if s == side and o == order and _matches(match, entry, t))
        if used < int(entry.get("max", 1)):
            return None
        return f"{side} has used {order} as often as allowed ({why})"
    return f"{side} may not choose {order} on turn {turn} ({why})"


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if decision.kind != "order" or action.verb != "order" or not action.args:
        return None
    return refusal(match, decision.side, action.args[0])


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Record the order once the player turn's first phase starts (it has been chosen)."""
    side = match.phasing
    if side is None:
        return
    order = chosen(match, side)
    if order is None:
        return
    taken = match.state.ns("phase-order").setdefault("orders_taken", [])
    if [side, match.turn, order] not in taken:
        taken.append([side, match.turn, order])


def shifts_for(match: Match, battle: Battle) -> Iterable[Shift]:
    side = match.phasing
    units = match.state.units
    if side is None or not battle.attackers or units[battle.attackers[0]].side != side:
        return
    order = chosen(match, side)
    leaf = match.phase
    for entry in settings(match).get("shifts", ()):
        if entry["side"] != side or entry["order"] != order:
            continue
        if battle.kind not in entry.get("kinds", ["attack"]):
            continue
        if "phase" in entry and (leaf is None or leaf.spec.id != entry["phase"]):
            continue
        if not _matches(match, entry, match.turn):
            continue
        if entry.get("unless_var") and match.state.vars.get(entry["unless_var"]):
            continue
        yield Shift(int(entry["columns"]), entry["reason"], entry.get("rule"))


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    return list(shifts_for(match, battle))
