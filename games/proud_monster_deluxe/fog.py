"""Fog of war (PMD 6.3, 6.4, 16.2 C and D): which units the enemy may not see.

One rule decides every unit's concealment (the kernel's ``Unit.hidden_from``, so the views, the
web Lens, the status lines and the bots' sandboxes leave it out), recomputed after each action
(``wargame_settled``), whatever moved the unit: this module is the only writer of
``hidden_from`` in Proud Monster Deluxe.

- A unit in a covered box (16.2 D: the North and South OKH areas and the RVGK areas) is hidden
  from the enemy, not even counted (``unplaced``, ruling FG1); it shows again when it comes out
  onto the map.
- A unit under a Reserve marker (6.4) is hidden, the stack's top unit too: the enemy may not look
  beneath the marker (6.3); he sees that units are there once the stack is placed on the map,
  and none of them before (``unplaced``, rulings R1, R8).
- In any other stack of two or more ground units on the map, the enemy sees the top unit (its
  face: an untried unit stays untried) and not the units beneath it (6.3, 16.2 C).
- The units of a battle, attacking and defending, are examined when its odds are computed (6.3;
  ``examine``, called before the roll of a prepared or mobile assault) and stay open until the end
  of that phase; the stacks close again then (ruling F1).
- Every unit in a jointly-occupied hex may be examined at any time (13.15.3).

The top unit is the owner's choice (``top UNIT``, in any decision of his, ruling F2) among the
units that may be on top: non-artillery above artillery (6.2), a minor ally on top of any stack it
is in (7.1(3)). Without a choice (or when the chosen unit may no longer be on top) it is the first
such unit in the counter list (ruling F2); the choice goes when the unit leaves its hex."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import reserves
from .turns import AXIS, SOVIET

RULE = "PMD 6.3"
NS = "pmd-fog"
COVERED = frozenset({"box:okh-north", "box:okh-south", "box:rvgk-north", "box:rvgk-south"})
"""16.2 D: the boxes whose contents stay secret to the opponent."""


def examined(match: Match) -> list[str]:
    """Units the enemy examined in a battle's odds this phase (6.3)."""
    return match.state.ns(NS).setdefault("seen", [])


def examine(match: Match, units: Iterable[Unit]) -> None:
    """The enemy examines these units (a battle's odds, 6.3; a Snow attrition stack, 12.4)."""
    seen = examined(match)
    for unit in units:
        if unit.id not in seen:
            seen.append(unit.id)
    sync(match)


def _rank(match: Match, unit: Unit) -> int:
    """0: a minor ally (7.1(3)); 1: another non-artillery unit; 2: artillery (6.2)."""
    tags = match.unit_type(unit).get("tags", ())
    if "minor-ally" in tags:
        return 0
    return 2 if "artillery" in tags else 1


def may_be_top(match: Match, units: list[Unit]) -> list[Unit]:
    """The units of one side's stack that may be its top unit (6.2, 7.1(3))."""
    best = min(_rank(match, u) for u in units)
    return [u for u in units if _rank(match, u) == best]


def top(match: Match, units: list[Unit]) -> Unit:
    """The top unit of one side's stack: the owner's choice, else the first that may be (F2)."""
    allowed = may_be_top(match, units)
    return next((u for u in allowed if u.flags.get("top")), allowed[0])


def concealed(match: Match) -> dict[str, str]:
    """Unit id -> the side it is hidden from, for every concealed unit now."""
    by_loc: dict[str, list[Unit]] = {}
    for unit in match.state.units.values():
        if unit.loc is not None:
            by_loc.setdefault(unit.loc, []).append(unit)
    seen = set(match.state.plugins.get(NS, {}).get("seen", ()))
    reserved = {
        uid
        for side in (AXIS, SOVIET)
        for entry in reserves.stacks(match, side).values()
        for uid in entry["units"]
    }
    out: dict[str, str] = {}
    for loc, units in by_loc.items():
        if loc in COVERED:
            out.update((u.id, match.enemy(u.side)) for u in units)  # 16.2 D
            continue
        if loc.startswith("box:") or len({u.side for u in units}) > 1:
            continue  # off the map; a jointly-occupied hex is open to both (13.15.3)
        shown = top(match, units) if len(units) > 1 else None
        for unit in units:
            if unit.id in seen:
                continue
            if unit.id in reserved or (shown is not None and unit is not shown):
                out[unit.id] = match.enemy(unit.side)
    return out


def sync(match: Match) -> None:
    """Set every unit's ``hidden_from`` from :func:`concealed`."""
    hidden = concealed(match)
    for unit in match.state.units.values():
        side = hidden.get(unit.id)
        want = [side] if side else []
        if unit.hidden_from != want:
            unit.hidden_from = want


@hookimpl
def wargame_settled(match: Match) -> None:
    sync(match)


def unplaced(match: Match, side: str) -> list[str]:
    """The enemy's units whose very presence ``side`` may not know (16.2 D, 6.4; rulings R1,
    FG1): those in a covered box, and those of a reserve stack still off the map (he sees its
    marker). His view leaves them out, not even counted, and so does his bot's picture."""
    enemy = match.enemy(side)
    out = [u.id for box in sorted(COVERED) for u in match.units_at(box) if u.side == enemy]
    for entry in reserves.off_map(match, enemy).values():
        out.extend(entry["units"])
    return out


@hookimpl
def wargame_unplaced(match: Match, side: str) -> list[str]:
    return unplaced(match, side)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """The stacks examined in the phase's battles close again (ruling F1)."""
    match.state.plugins.pop(NS, None)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """A unit that leaves its hex leaves its place on top (6.3)."""
    for unit in units:
        if path and unit.loc != path[0]:
            unit.flags.pop("top", None)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    unit.flags.pop("top", None)


def _stack(match: Match, unit: Unit) -> list[Unit]:
    if unit.loc is None or unit.loc.startswith("box:"):
        return []
    return [u for u in match.units_at(unit.loc) if u.side == unit.side]


class Top(Verb):
    """``top UNIT``: the owner puts a unit of one of his stacks on the map on top, the one the
    enemy sees (6.3; 6.2 and 7.1(3) say which may be)."""

    name = "top"
    kinds = ("*phase",)  # in any phase's decision of the owner's (ruling F2)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in match.units_of(decision.side):
            stack = _stack(match, unit)
            if (
                len(stack) > 1
                and unit is not top(match, stack)
                and unit in may_be_top(match, stack)
            ):
                yield Action("top", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: top UNIT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != decision.side:
            return f"no unit {action.args[0]} of {decision.side}"
        stack = _stack(match, unit)
        if len(stack) < 2:
            return f"{unit.id} is not in a stack on the map ({RULE})"
        if unit is top(match, stack):
            return f"{unit.id} is on top already ({RULE})"
        if unit not in may_be_top(match, stack):
            if _rank(match, unit) == 2:
                return "artillery is beneath the other ground units (PMD 6.2)"
            return "a minor allied unit must be the top ground unit of its stack (PMD 7.1(3))"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        for other in _stack(match, unit):
            other.flags.pop("top", None)
        unit.flags["top"] = True
        match.touch()
        match.emit("fog", f"{unit.id} on top of its stack in {unit.loc}", RULE, unit=unit.id)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Top()]
