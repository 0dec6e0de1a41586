"""Mech Upgrade markers (PMD 15.9), and their place in the loss order (13.11(2), (3)).

The markers arrive as reinforcements, the Axis's from turn 205, the Soviets' from 301 (the
turns and values are the stand-in TRT's ``upgrade`` schedule events); the 4 "2-Upgrade"
markers of Manstein's Gambit (5.7(5)) join the Axis's. In his part of a Reinforcement Phase a
player either puts one under an on-map unit (``upgrade UNIT VALUE``: a German division, or a
Soviet GRD, TC, MC, GTC or GMC, one marker a unit, on the refit conditions of the unit's class,
9.5.1: a Mech unit takes the Refit marker) or trades it for 1 MRP (``upgrade-trade VALUE``).
The Axis keeps his unused markers; the Soviet's unused ones are lost at the end of his part.

Under a unit the marker (unit marker ``mech-upgrade``, its ``steps`` 1 or 2) adds its steps to
the unit's steps, attack and defence. Its steps are the unit's first lost (the kernel's extra
steps), and in a normal combat a side loses Mech Upgrade steps before others once its engineer
and AFV steps are taken, its AFV step an upgrade step if it can (13.11). In a later Refit Phase
a reduced upgraded unit may reorganize a marker step into its own (``upgrade-absorb UNIT``, on
9.2's conditions). The marker goes when its last step is lost or absorbed, or with its unit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame import markers
from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from . import afv, corps, engineers, reorganize, replacements
from .turns import AXIS, SOVIET

RULE = "PMD 15.9"
LOSS_RULE = "PMD 13.11, 15.9"
MARKER = "mech-upgrade"
MARKERS = (MARKER,)
SOVIET_TYPES = ("grd", "tc", "mc", "gtc", "gmc")
GAMBIT_MARKERS = (2, 2, 2, 2)
"""5.7(5): the 4 "2-Upgrade" counters marked MG."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-upgrades")


def waiting(match: Match, side: str) -> list[int]:
    """The side's markers not yet used (their values; a new list when none: add with
    :func:`receive`)."""
    found: list[int] = _ns(match).get(side, [])
    return found


def receive(match: Match, side: str, values: list[int]) -> None:
    if values:
        _ns(match).setdefault(side, []).extend(values)


def _use(match: Match, side: str, value: int) -> None:
    left = waiting(match, side)
    left.remove(value)
    if not left:
        _ns(match).pop(side)


def steps(match: Match, unit: Unit) -> int:
    """The steps of the unit's Mech Upgrade marker (0 without one)."""
    data = markers.get(match, unit, MARKER)
    return int(data["steps"]) if data else 0


def eligible(match: Match, unit: Unit) -> bool:
    """15.9: any German division, Mech or Leg, or a Soviet GRD, TC, MC, GTC or GMC."""
    if unit.side == AXIS:
        division = float(match.unit_type(unit).get("stacking", 0)) == 1
        return division and replacements.german(match, unit)
    return match.counter(unit)["type"] in SOVIET_TYPES


def problem(match: Match, side: str, unit: Unit | None, value: int) -> str | None:
    """Why ``side`` may not put its ``value`` marker under ``unit`` now (15.9), or None."""
    if value not in waiting(match, side):
        return f"no Mech Upgrade marker of {value} waiting ({RULE})"
    if unit is None or unit.side != side or unit.loc is None:
        return f"a Mech Upgrade marker goes under one of your units in play ({RULE})"
    if is_box(unit.loc):
        return f"a Mech Upgrade marker goes under an on-map unit ({RULE})"
    if not eligible(match, unit):
        kind = "a German division" if side == AXIS else "a GRD, TC, MC, GTC or GMC"
        return f"only {kind} takes a Mech Upgrade marker ({RULE})"
    if markers.has(match, unit, MARKER):
        return f"{unit.id} has a Mech Upgrade marker already: one a unit ({RULE})"
    return replacements.where_problem(match, unit, RULE)


class Upgrade(Verb):
    """``upgrade UNIT VALUE``: a Mech Upgrade marker under an on-map unit (15.9)."""

    name = "upgrade"
    kinds = ("reinforce",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if not waiting(match, decision.side):
            return []
        return [
            u.id for u in match.units_of(decision.side) if self.legal_for(match, decision, u.id)
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        return [
            Action(self.name, (actor, str(v)))
            for v in sorted(set(waiting(match, decision.side)))
            if problem(match, decision.side, unit, v) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2 or not action.args[1].isdigit():
            return "usage: upgrade UNIT VALUE"
        unit = match.state.units.get(action.args[0])
        return problem(match, decision.side, unit, int(action.args[1]))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        value = int(action.args[1])
        _use(match, decision.side, value)
        markers.place(match, unit, MARKER, RULE, steps=value)
        if replacements._mech(match, unit):
            unit.flags["refit"] = True  # 9.5.1's Mech procedure: the Refit marker (on the map)
        match.touch()
        match.emit("upgrade", f"{unit.id} takes a Mech Upgrade of {value}", RULE, unit=unit.id)


class Trade(Verb):
    """``upgrade-trade VALUE``: a Mech Upgrade marker exchanged for 1 MRP (15.9)."""

    name = "upgrade-trade"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for v in sorted(set(waiting(match, decision.side))):
            yield Action(self.name, (str(v),))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or not action.args[0].isdigit():
            return "usage: upgrade-trade VALUE"
        if int(action.args[0]) not in waiting(match, decision.side):
            return f"no Mech Upgrade marker of {action.args[0]} waiting ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        _use(match, decision.side, int(action.args[0]))
        replacements.points(match, decision.side)["mrp"] += 1
        if decision.side == SOVIET:  # kept through a change to the East system (9.5.3)
            ns = replacements._ns(match)
            ns["upgrade_mrp"] = int(ns.get("upgrade_mrp", 0)) + 1
        match.emit("upgrade", f"{decision.side} trades a Mech Upgrade marker for 1 MRP", RULE)


def absorb_problem(match: Match, side: str, unit: Unit | None) -> str | None:
    """Why the unit may not reorganize a step of its marker into itself now (15.9, 9.2)."""
    if unit is None or unit.side != side or unit.loc is None or not steps(match, unit):
        return f"one of your units with a Mech Upgrade marker ({RULE})"
    if corps.at_full(match, unit):  # a TC or MC: the turn's step maximum (9.1.3)
        return f"{unit.id} is at full strength ({RULE})"
    return reorganize.where_problem(match, side, unit)


class Absorb(Verb):
    """``upgrade-absorb UNIT``: a reduced unit gains a step from its Mech Upgrade marker in its
    Refit Phase (15.9, by reorganization, 9.2)."""

    name = "upgrade-absorb"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return [
            u.id
            for u in markers.units_with(match, MARKER)
            if absorb_problem(match, decision.side, u) is None
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        if absorb_problem(match, decision.side, unit) is None:
            yield Action(self.name, (actor,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: upgrade-absorb UNIT"
        return absorb_problem(match, decision.side, match.state.units.get(action.args[0]))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        _take_step(match, unit, "absorbed by its unit (PMD 9.2)")
        unit.step -= 1
        if replacements._mech(match, unit) and not is_box(unit.loc or ""):
            unit.flags["refit"] = True  # 9.2: the Refit marker
        match.touch()
        match.emit(
            "reorganize", f"{unit.id} gains a step from its Mech Upgrade", RULE, unit=unit.id
        )


def _take_step(match: Match, unit: Unit, why: str) -> None:
    data = markers.get(match, unit, MARKER)
    assert data is not None
    data["steps"] = int(data["steps"]) - 1
    if data["steps"] <= 0:
        markers.remove(match, unit, MARKER, why, RULE)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Upgrade(), Trade(), Absorb()]


@hookimpl
def wargame_extra_steps(match: Match, unit: Unit) -> int | None:
    return steps(match, unit) or None


@hookimpl
def wargame_extra_step_lost(match: Match, unit: Unit, rule: str | None) -> None:
    if steps(match, unit):
        _take_step(match, unit, "its last step lost")


@hookimpl
def wargame_unit_values(match: Match, unit: Unit) -> dict[str, float] | None:
    """15.9: the marker's value added to the unit's attack and defence."""
    n = steps(match, unit)
    if not n:
        return None
    faces = match.counter(unit)["steps"]
    printed = (
        unit.face if unit.face is not None else faces[min(unit.step, len(faces) - 1)]["values"]
    )
    values = dict(printed)
    for key in ("attack", "defense"):
        values[key] = float(values.get(key, 0)) + n
    return values


@hookimpl
@veto_scope(verbs=("lose",), kinds=("loss",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.11(2), (3): in a normal combat, once the engineer step is taken, the AFV step is an
    upgrade step if it can be, and then upgrade steps go before any other."""
    battle = engineers.loss_order_battle(match, decision, action)
    if battle is None:
        return None
    ctx = decision.context
    who = ctx.get("who", "")
    if engineers.owed(match, battle, who, ctx["units"]):
        return None
    units = match.state.units
    pool = [i for i in ctx["units"] if units[i].loc is not None and steps(match, units[i])]
    if afv.owed(match, battle, who, ctx["units"]):
        pool = [i for i in pool if afv.is_afv(match, i)]
    if pool and action.args[0] not in pool:
        return f"a Mech Upgrade step is lost first: {', '.join(pool)} ({LOSS_RULE})"
    return None


@on_phase("start", ids=("reinforcement",))
def arrive(match: Match, phase: PhaseSpec) -> None:
    """15.9: the turn's markers (the schedule's ``upgrade`` events) arrive; the Soviet's are
    this turn's only."""
    _ns(match).pop(SOVIET, None)
    for entry in match.title.doc("calendar").get("schedule", {}).values():
        options = entry.get("options", {})
        if options.get("event") == "upgrade" and int(entry["turn"]) == match.turn:
            got = [int(v) for v in options.get("values", [])]
            receive(match, entry["side"], got)
            match.emit("upgrade", f"{entry['side']} Mech Upgrade markers: {got}", RULE)


@on_phase("end", ids=("soviet-reinforcement",))
def soviet_lose(match: Match, phase: PhaseSpec) -> None:
    """15.9: Soviet markers not used the turn they arrive are lost."""
    lost = waiting(match, SOVIET)
    if lost:
        match.emit("upgrade", f"{len(lost)} unused Soviet Mech Upgrade marker(s) lost", RULE)
    _ns(match).pop(SOVIET, None)


def gambit(match: Match) -> None:
    """5.7(5): the Gambit's 4 "2-Upgrade" markers join the Axis's (ruling UP3)."""
    receive(match, AXIS, list(GAMBIT_MARKERS))
