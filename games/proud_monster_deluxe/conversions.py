"""Conversions of German Mech units from one formation to another (PMD 9.3, 9.4.1).

Each ``conversion`` event of the schedule (the TRT: the 2SS MID's panzer-division form on turn
302 is the text's example, 9.3) names the old counter and the new one. At that turn's
Reinforcement Phase (withdrawals.py runs it before the returns and calls, 5.2 I):

- 9.3 off the map: a unit in the Generic or Specific Withdrawal Pile, the Stalingrad Pool or the
  Replacement Army is swapped where it is for its new formation (the old leaves play for good);
  one in the Dead Pile or removed from the game does not convert, and the new formation is never
  available (it is recorded as removed).
- 9.4.1 on the map (or in an OKH area): the conversion becomes due, and the Axis makes it
  (``convert UNIT``) in any Refit Phase of his from then on (it may be delayed): the unit must be
  in defensive supply and not next to an enemy unit; the new counter takes its place at the same
  step strength and takes the Refit marker (the ``refit`` flag of replacements.py: no move nor
  attack that week; none in an OKH area). It may refit in the same phase.

Not built: the Soviet "Convert" and "Guards Convert" of 9.4.2 (ruling CV2)."""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from . import eliminated, reserves
from .strategic import OKH
from .turns import AXIS

OFF_MAP_RULE = "PMD 9.3"
ON_MAP_RULE = "PMD 9.4.1"
PILES = ("generic", "specific")


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-conversions")


def due(match: Match) -> dict[str, str]:
    """Old unit id -> new counter, for the on-map conversions the Axis may make now."""
    found: dict[str, str] = _ns(match).get("due", {})
    return found


def _gone(match: Match, unit: Unit, why: str, rule: str) -> None:
    """Out of play for good (the old formation, or a formation never to come)."""
    if unit.loc is not None:
        match.place(unit, None)
    unit.flags = {"eliminated": True}
    for ids in eliminated._ns(match).values():
        if isinstance(ids, list) and unit.id in ids:
            ids.remove(unit.id)
    eliminated._ns(match).setdefault(eliminated.REMOVED, []).append(unit.id)
    match.emit("conversion", f"{unit.id} {why}", rule, unit=unit.id)


def off_map(match: Match, old_id: str, new: str) -> None:
    """9.3: convert ``old_id`` into counter ``new`` wherever it is off the map, or make the
    conversion due on the map (9.4.1)."""
    from .withdrawals import pile_of  # withdrawals imports this module

    old = match.state.units.get(old_id)
    where = eliminated_where(match, old_id)
    pile = pile_of(match, old_id)
    if old is not None and not old.flags.get("eliminated") and old.loc is not None:
        _ns(match).setdefault("due", {})[old_id] = new
        match.emit("conversion", f"{old_id} may convert to {new} on the map", ON_MAP_RULE)
        return
    if old is None or not (
        pile or where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL)
    ):
        # never in play, in the Dead Pile or removed: no conversion, no later formation
        _gone(
            match,
            match.new_unit(new, None),
            "is not available: its old formation is gone (dead pile, removed or never in play)",
            OFF_MAP_RULE,
        )
        return
    unit = match.new_unit(new, None)
    if pile is not None:
        ids = match.state.ns("pmd-withdrawals")[pile]
        ids[ids.index(old_id)] = unit.id
    else:
        unit.flags = {"eliminated": True}  # 9.3: it converts in the pool, to be rebuilt
        ids = eliminated._ns(match)[where]
        ids[ids.index(old_id)] = unit.id
    _gone(match, old, f"converts to {unit.id} off the map", OFF_MAP_RULE)


def eliminated_where(match: Match, uid: str) -> str | None:
    for where, ids in eliminated._ns(match).items():
        if isinstance(ids, list) and uid in ids:
            return where
    return None


def problem(match: Match, unit: Unit) -> str | None:
    """Why the Axis may not convert ``unit`` now (9.4.1), or None."""
    if unit.side != AXIS or unit.id not in due(match) or unit.loc is None:
        return f"{unit.id} has no conversion due on the map ({ON_MAP_RULE})"
    if unit.loc in OKH.values():
        return None
    if not eliminated.in_defensive_supply(match, unit):
        return f"{unit.id} is not in defensive supply ({ON_MAP_RULE})"
    if reserves._adjacent_enemy(match, unit.loc, AXIS):
        return f"{unit.id} is next to an enemy unit ({ON_MAP_RULE})"
    return None


class Convert(Verb):
    """``convert UNIT``: a German Mech unit takes its new formation in the Refit Phase (9.4.1)."""

    name = "convert"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if decision.side != AXIS:
            return []
        units = match.state.units
        return [u for u in due(match) if u in units and problem(match, units[u]) is None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        return [Action(self.name, (actor,))] if actor in self.actors(match, decision) else []

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        unit = match.state.units.get(action.args[0]) if len(action.args) == 1 else None
        if unit is None or decision.side != AXIS:
            return f"usage: convert UNIT (an Axis unit with a conversion due, {ON_MAP_RULE})"
        return problem(match, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        old = match.state.units[action.args[0]]
        loc, step = old.loc, old.step
        new = match.new_unit(due(match).pop(old.id), loc)
        new.step = min(step, match.faces(new) - 1)  # 9.4.1: at the same step strength
        new.hidden_from = list(old.hidden_from)
        for entry in reserves.stacks(match, AXIS).values():
            if old.id in entry["units"]:
                entry["units"][entry["units"].index(old.id)] = new.id
        _gone(match, old, f"converts to {new.id} in {loc}", ON_MAP_RULE)
        if loc not in OKH.values():
            new.flags["refit"] = True  # 9.4.1: the Refit marker
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Convert()]
