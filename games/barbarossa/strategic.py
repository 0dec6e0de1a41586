"""German strategic movement (BARB 8.6-8.7): from GT9 to GT29, in the German Strategic Movement
Phase, units that begin it in a friendly-controlled, overland-supplied city may move any distance
along hexes they could enter, never adjacent to an enemy unit except in the first and last hexes,
never across the Kerch Strait (10.14); eight "units" a player turn, mech counting two and Axis
satellite armies four. ``strategic UNIT HEX``."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import supply
from .turns import GERMAN, is_city

CAPACITY = 8
NS = "barbarossa-strategic"


class StrategicState(TypedDict, total=False):
    strategic_used: int  # the "units" moved this phase (8.6)
    strategic_start: dict[str, str]  # unit -> the hex it began the phase in (8.6)


def ns(match: Match) -> StrategicState:
    return cast(StrategicState, match.state.ns(NS))


def weight(match: Match, unit: Unit) -> int:
    tags = match.unit_type(unit).get("tags", ())
    if "satellite" in tags:
        return 4
    return 2 if match.unit_type(unit)["mobility"] == "mech" else 1


def used(match: Match) -> int:
    return int(ns(match).get("strategic_used", 0))


def eligible(match: Match) -> list[Unit]:
    net = supply.overland(match, GERMAN)
    started = ns(match).get("strategic_start", {})
    return sorted(
        (
            u
            for u in match.units_of(GERMAN)
            if u.loc
            and started.get(u.id) == u.loc
            and u.loc in net
            and is_city(match, u.loc)
            and match.state.control.get(u.loc) == GERMAN
            and not u.flags.get("strategic")
            and weight(match, u) <= CAPACITY - used(match)
        ),
        key=lambda u: u.id,
    )


def routes(match: Match, unit: Unit) -> dict[str, list[str]]:
    """Every hex the unit may reach strategically, with a path (8.7)."""
    topo = match.topology
    enemy_at = {
        loc for loc, ids in match.occupied().items() if match.state.units[ids[0]].side != GERMAN
    }
    near_enemy = {n for loc in enemy_at if loc in topo for n in topo.neighbours(loc)}
    graph = topo.graph()
    table = movement.cost_table(match, unit)
    start = str(unit.loc)
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and here in near_enemy:
            continue  # a hex next to the enemy ends the move (last hex only)
        i = graph.index[here]
        for k, j in enumerate(graph.adj[i]):
            nxt = graph.ids[j]
            if nxt in parent or nxt.startswith("box:") or nxt in enemy_at:
                continue
            edge = topo.edge(here, nxt)
            if table[i][k] is None or (edge is not None and "kerch" in edge.features):
                continue
            parent[nxt] = here  # a full hex may be passed through, never ended in (6.2)
            queue.append(nxt)
    out: dict[str, list[str]] = {}
    for dest in parent:
        if dest == start or len(match.units_at(dest)) >= 5:
            continue
        path = [dest]
        while parent[path[-1]] is not None:
            path.append(str(parent[path[-1]]))
        out[dest] = path[::-1]
    return out


class Strategic(Verb):
    name = "strategic"
    kinds = ("strategic",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in eligible(match):
            for dest in sorted(routes(match, unit)):
                yield Action("strategic", (unit.id, dest))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: strategic UNIT HEX"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit not in eligible(match):
            return (
                f"{action.args[0]} may not move strategically: it must begin the phase in a "
                "friendly, overland-supplied city, once, within the eight units (BARB 8.7)"
            )
        if action.args[1] not in routes(match, unit):
            return (
                f"{action.args[1]} is out of reach: never next to the enemy on the way, no "
                "prohibited hex or hexside, no Kerch crossing (BARB 8.7, 10.14)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        path = routes(match, unit)[action.args[1]]
        ns(match)["strategic_used"] = used(match) + weight(match, unit)
        match.place(unit, action.args[1])
        unit.flags["strategic"] = match.turn
        match.emit("strategic", f"{unit.id} moves strategically to {action.args[1]}", "BARB 8.7")
        match.hook.wargame_moved(match=match, units=[unit], path=path)


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "strategic":
        return 9 <= match.turn <= 29 and not (match.scenario_id == "road-back" and match.turn == 13)
    return None


@on_phase("start", kinds=("strategic",))
def strategic_start(match: Match, phase: PhaseSpec) -> None:
    ns(match)["strategic_used"] = 0
    ns(match)["strategic_start"] = {
        u.id: u.loc for u in match.units_of(GERMAN) if u.loc and not u.loc.startswith("box:")
    }
    for unit in match.units_of(GERMAN):
        unit.flags.pop("strategic", None)


@on_phase("end", kinds=("strategic",))
def strategic_end(match: Match, phase: PhaseSpec) -> None:
    """The start positions serve the phase only."""
    ns(match).pop("strategic_start", None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Strategic()]
