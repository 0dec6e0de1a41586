"""Withdrawals called by the Turn Record Track (PMD 9.7.1-9.7.4).

Each ``withdrawal`` entry of the schedule (stand-ins: the TRT is not in the text) calls on a side
at the turn's Reinforcement Phase: a named unit (an Axis specific withdrawal, 9.7.2) or ``count``
units of a type (generic, 9.7.3; every Soviet one is generic). In his part of the
Reinforcement Phase the owner meets each call (``withdraw CALL UNIT``) with a unit of that type
(or the named one), at any strength, on the map in overland supply or in an OKH or RVGK area
(9.7.1); the Soviet may spend 1 MRP instead of a TB or MRB (``withdraw CALL mrp``, 9.7.3); or he
declines it (``decline CALL``, 9.7.4): -1 VP for an Axis unit, +1 VP to the Axis for a Soviet one.
He may not end that part while a call is open. A specific call whose unit is already withdrawn
or removed from the game costs 1 VP at once; one whose unit is in the Replacement Army or the
Stalingrad Pool lapses (9.7.2). Axis units go to the Generic or Specific Withdrawal Pile (off
the map, kept in ``state.ns("pmd-withdrawals")``); Soviet units are removed from play.

Not built (ruling WD1): the "better or larger" substitutes of 9.7.3, returns from the piles
(none in the stand-in schedule), removals (9.6, none in it), the off-map conversions (9.3)."""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import eliminated, replacements, victory
from .reinforce import RVGK
from .strategic import OKH, overland_supply
from .turns import AXIS, SOVIET

RULE = "PMD 9.7"
MRP_INSTEAD = ("tb", "mrb")


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-withdrawals")


def calls(match: Match, side: str) -> dict[str, dict[str, Any]]:
    """Open calls of ``side``: call id -> {"type": ..., "unit": ...}."""
    found: dict[str, dict[str, Any]] = _ns(match).get("calls", {}).get(side, {})
    return found


def eligible(match: Match, unit: Unit) -> bool:
    """9.7.1: in play (not eliminated) on the map in overland supply, or in an OKH/RVGK area."""
    if unit.loc is None or unit.flags.get("eliminated"):
        return False
    if unit.loc in (*OKH.values(), *RVGK):
        return True
    return unit.loc in match.topology and overland_supply(match, unit)


def _where(match: Match, uid: str) -> str | None:
    for where, ids in eliminated._ns(match).items():
        if isinstance(ids, list) and uid in ids:
            return where
    return None


@on_phase("start", ids=("reinforcement",))
def call(match: Match, phase: PhaseSpec) -> None:
    """5.2 I.5: the turn's withdrawals are called."""
    open_ = _ns(match).setdefault("calls", {})
    for key, entry in match.title.doc("calendar").get("schedule", {}).items():
        if entry.get("kind") != "withdrawal" or int(entry["turn"]) != match.turn:
            continue
        side = entry["side"]
        for uid in entry.get("units", []):
            unit = match.state.units.get(uid)
            where = _where(match, uid)
            if where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL):
                match.emit("withdrawal", f"{uid} stays in the {where} (9.7.2)", RULE)
            elif unit is None or where is not None or uid in _pile(match):
                victory.change(match, -1, f"{uid} cannot be withdrawn", "PMD 9.7.2")
            else:
                open_.setdefault(side, {})[f"{key}"] = {"unit": uid}
        count = int(entry.get("options", {}).get("count", 0))
        for n in range(count):
            what = {"type": entry["options"]["type"]}
            open_.setdefault(side, {})[f"{key}-{n + 1}"] = what


def _pile(match: Match) -> list[str]:
    return [u for pile in ("generic", "specific") for u in _ns(match).get(pile, [])]


def meets(match: Match, want: dict[str, Any], unit: Unit) -> bool:
    if "unit" in want:
        return unit.id == want["unit"]
    return match.counter(unit)["type"] == want["type"]


class Withdraw(Verb):
    """``withdraw CALL UNIT`` (or ``withdraw CALL mrp``): meet a withdrawal call (9.7)."""

    name = "withdraw"
    kinds = ("reinforce",)

    def actor(self, action: Action) -> str:
        return action.args[0] if action.args else ""

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return list(calls(match, decision.side))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        want = calls(match, decision.side).get(actor)
        if want is None:
            return []
        out = [
            Action(self.name, (actor, u.id))
            for u in match.units_of(decision.side)
            if meets(match, want, u) and eligible(match, u)
        ]
        if self._mrp_ok(match, decision.side, want):
            out.append(Action(self.name, (actor, "mrp")))
        return out

    def _mrp_ok(self, match: Match, side: str, want: dict[str, Any]) -> bool:
        return (
            side == SOVIET
            and want.get("type") in MRP_INSTEAD
            and replacements.points(match, SOVIET)["mrp"] > 0
        )

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: withdraw CALL UNIT"
        want = calls(match, decision.side).get(action.args[0])
        if want is None:
            return f"no open withdrawal call {action.args[0]} ({RULE})"
        if action.args[1] == "mrp":
            ok = self._mrp_ok(match, decision.side, want)
            return None if ok else "1 MRP stands in only for a Soviet TB or MRB (PMD 9.7.3)"
        unit = match.state.units.get(action.args[1])
        if unit is None or unit.side != decision.side or not meets(match, want, unit):
            return f"{action.args[1]} does not meet call {action.args[0]} ({RULE})"
        if not eligible(match, unit):
            return f"{unit.id} is not in overland supply on the map nor in an OKH or RVGK area (PMD 9.7.1)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        key, what = action.args
        want = calls(match, decision.side).pop(key)
        if what == "mrp":
            replacements.points(match, SOVIET)["mrp"] -= 1
            match.emit(
                "withdrawal", f"1 MRP spent instead of a {want['type'].upper()}", "PMD 9.7.3"
            )
            return
        unit = match.state.units[what]
        match.place(unit, None)
        if unit.side == AXIS:
            pile = "specific" if "unit" in want else "generic"
            _ns(match).setdefault(pile, []).append(unit.id)
            match.emit("withdrawal", f"{unit.id} to the {pile} withdrawal pile", RULE)
        else:
            unit.flags = {"eliminated": True}  # 9.7.3: removed from play
            eliminated._ns(match).setdefault(eliminated.REMOVED, []).append(unit.id)
            match.emit("withdrawal", f"{unit.id} withdrawn from play", "PMD 9.7.3")


class Decline(Verb):
    """``decline CALL``: refuse one unit's withdrawal for 1 VP (9.7.4)."""

    name = "decline"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        return [Action(self.name, (key,)) for key in calls(match, decision.side)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in calls(match, decision.side):
            return "no open withdrawal call to decline (PMD 9.7.4)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        want = calls(match, decision.side).pop(action.args[0])
        what = want.get("unit") or f"a {want['type'].upper()}"
        match.emit("withdrawal", f"{decision.side} declines to withdraw {what}", "PMD 9.7.4")
        victory.withdrawals_not_made(match, decision.side, [what])  # 4.5.2(3), 9.7.4


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Withdraw(), Decline()]


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "reinforce" or not calls(match, decision.side):
        return []
    return [f"withdraw or decline {', '.join(calls(match, decision.side))} first (PMD 9.7.4)"]
