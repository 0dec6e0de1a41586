"""Linkland's own rules: link costs by class, the link shift (LL 13.3), control, fortress supply, the
sudden loss of a side with no units (LL 15.2). Who holds enough objective VP at the end (LL 15.1)
is the scenario's ``vp`` condition, judged by the shared ``victory`` mechanic.

Movement pays per link, not per point (LL 8.1): the link's class sets the cost, a highway is
cheaper whatever its class, a strait is for foot units only, and nothing moves into an off-map
box (units leave a box only as reinforcements, along its box link). Passing through a point takes
control of it (LL 10.1), as on Dark Crusade's network.
"""

from __future__ import annotations

import math
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.state import Unit
from wargame.topology import is_box

LINK_COSTS: dict[str, dict[str, float]] = {
    # class -> mobility -> movement points (LL 8.1); missing = prohibited
    "major": {"foot": 1, "motor": 1},
    "minor": {"foot": 1, "motor": 2},
    "inferior": {"foot": 2},
}
HIGHWAY_COST = 0.5  # LL 8.2, whatever the link's class
STRAIT_COSTS: dict[str, float] = {"foot": 2}  # LL 8.3: motor units may not cross
BOX_EXIT_COST = 1.0  # LL 8.4: a reinforcement leaves its box along the box link


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    mobility = match.unit_type(unit)["mobility"]
    if is_box(b):
        return math.inf
    if is_box(a):
        return BOX_EXIT_COST if mobility != "static" else math.inf
    edge = match.topology.edge(a, b)
    if edge is None:
        return math.inf
    if "strait" in edge.features:
        return STRAIT_COSTS.get(mobility, math.inf)
    if "highway" in edge.features and mobility in ("foot", "motor"):
        return HIGHWAY_COST
    return LINK_COSTS.get(str(edge.attrs.get("class", "major")), {}).get(mobility, math.inf)


@hookimpl
@veto_scope(verbs=("advance",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """An advance after combat follows links the unit could move along (LL 13.7): no panzers
    over the strait or down an inferior link. The shared mechanic offers every route."""
    if action.verb != "advance" or len(action.args) < 2:
        return None
    for uid in action.args[0].split(","):
        unit = match.state.units.get(uid)
        if unit is None or unit.loc is None:
            continue
        route = [unit.loc, *action.args[1:]]
        for a, b in zip(route, route[1:], strict=False):
            if wargame_move_cost(match, unit, a, b) == math.inf:
                return f"{uid} may not advance from {a} into {b} (LL 13.7)"
    return None


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """One column left when every attacker comes across a strait or an inferior link (LL 13.3):
    battles read the links attackers arrive by. A city's or marsh's column left (LL 13.2) is the
    terrain chart's, applied by the terrain-effects mechanic."""
    topo = match.topology
    edges = [topo.edge(origin, battle.target) for origin in battle.origins.values()]
    if edges and all(
        e is not None and ("strait" in e.features or e.attrs.get("class") == "inferior")
        for e in edges
    ):
        return [Shift.left(1, "every attacker crosses a strait or inferior link", "LL 13.3")]
    return []


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Every point a unit passes through or ends in becomes its side's (LL 10.1)."""
    for loc in path[1:]:
        if not is_box(loc):
            match.set_control(loc, units[0].side)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """Occupied points belong to the occupier (LL 10.2)."""
    for loc in sorted(match.occupied()):
        holder = match.side_at(loc)
        if holder is not None and not is_box(loc):
            match.set_control(loc, holder)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """A side with no unit left in play loses at once (LL 15.2)."""
    if match.outcome is None and not match.units_of(unit.side):
        side = unit.side
        match.end_game(match.enemy(side), "decisive", f"{side} has no units left", "LL 15.2")


@hookimpl
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    """A unit in a fortress of its own side is in supply whatever else (LL 11.4)."""
    if unit.loc is None or is_box(unit.loc):
        return None
    attrs = match.topology.attrs(unit.loc)
    if attrs.get("fortress") and attrs.get("home") == unit.side:
        name = attrs.get("name", unit.loc)
        return {
            "state": "supplied",
            "path": [unit.loc],
            "why": f"in the fortress of {name} (LL 11.4)",
        }
    return None
