"""Strait crossings (Barbarossa 10.14-10.15, LWE 9.16, PMD 8.11): hexside features such as the
Kerch Strait and the Sivash that the terrain chart closes to movement (``move`` null) and that
some units may cross all the same.

Each entry of ``mechanic_options.crossings.crossings`` names a hexside ``feature``, who may cross
(``sides``, ``mobility``: none listed, all; ``from_turn``) and how:

- ``mode`` "whole-move": the crossing takes the unit's whole move. It costs ``cost`` (default 99),
  which only the movement mechanic's one-hex minimum move (``min_one_step``) pays, so a unit
  crosses only as its first and only step of the phase (Barbarossa 10.14, LWE 9.16).
- ``mode`` "as": the hexside costs what the feature named by ``as`` costs in the terrain chart
  (Barbarossa 10.15: the Sivash as a river for Soviet non-mechanized units from GT7).

``stacks_per_phase`` caps the stacks of a side that cross a feature in one phase (Barbarossa
10.14: one); the count is kept in the mechanic's namespace ``crossings`` and goes at the start of
the next phase. Retreats and advances after combat are not counted (the chart still closes the
hexside to them unless a title says otherwise). Movement costs are compiled once per cost key, so
a crossing that depends on the turn (``from_turn``) needs the turn condition in the title's
``wargame_cost_key``.
"""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics.movement import chart_cost, phase_key
from wargame.models import PhaseSpec
from wargame.state import Unit

REQUIRES: dict[str, str] = {"movement": "a crossing is a step of the movement mechanic's moves"}
"""Mechanics this one needs in the same title (checked at load)."""

NS = "crossings"


def settings(match: Match) -> dict[str, Any]:
    return match.settings("crossings")


def entries(match: Match) -> list[dict[str, Any]]:
    return list(settings(match).get("crossings", ()))


def allowed(match: Match, entry: dict[str, Any], unit: Unit) -> bool:
    """The unit may use this crossing now."""
    sides = entry.get("sides") or ()
    mobility = entry.get("mobility") or ()
    if sides and unit.side not in sides:
        return False
    if mobility and match.unit_type(unit)["mobility"] not in mobility:
        return False
    return match.turn >= int(entry.get("from_turn") or 0)


def crossed(match: Match, path: list[str]) -> set[str]:
    """The crossing features a path crosses."""
    topo = match.topology
    names = {e["feature"] for e in entries(match)}
    out: set[str] = set()
    for a, b in zip(path, path[1:], strict=False):
        edge = topo.edge(a, b) if a in topo and b in topo else None
        if edge is not None:
            out |= names & set(edge.features)
    return out


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    edge = match.topology.edge(a, b)
    if edge is None:
        return None
    for entry in entries(match):
        if entry["feature"] not in edge.features or not allowed(match, entry, unit):
            continue
        if entry.get("mode", "whole-move") == "whole-move":
            return float(entry.get("cost", 99))
        return chart_cost(match, unit, a, b, treat={entry["feature"]: entry["as"]})
    return None


def _count(match: Match, feature: str, side: str) -> int:
    return int(match.state.plugins.get(NS, {}).get(f"{feature}/{side}@{phase_key(match)}", 0))


@hookimpl
@veto_scope(verbs=("move",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """``stacks_per_phase``: the side's stacks across a feature this phase."""
    path = list(action.args[1:])
    for feature in sorted(crossed(match, path)):
        for entry in entries(match):
            cap = entry.get("stacks_per_phase")
            if entry["feature"] != feature or cap is None:
                continue
            if _count(match, feature, decision.side) >= int(cap):
                rule = entry.get("rule")
                return f"{cap} stack(s) a phase cross the {feature}" + (
                    f" ({rule})" if rule else ""
                )
    return None


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if not units:
        return
    key = phase_key(match)
    if any(key in (u.flags.get("retreated"), u.flags.get("advanced")) for u in units):
        return
    for feature in crossed(match, path):
        if any(e["feature"] == feature and e.get("stacks_per_phase") for e in entries(match)):
            ns = match.state.ns(NS)
            name = f"{feature}/{units[0].side}@{key}"
            ns[name] = int(ns.get(name, 0)) + 1


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """The counts last their phase."""
    match.state.plugins.pop(NS, None)
