"""Turn 112's movement rule (PMD 5.3(10)): Axis units ignore rivers for movement.

The Axis units' costs on turn 112 are the TEC's with every river hexside's cost left out (a
cost key of their own, so the compiled tables of later turns are untouched). Turn 112 is
summer, always dry (ruling W1), so the weather's columns never meet this rule."""

from __future__ import annotations

from collections.abc import Hashable

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics.movement import chart_cost, gone_roads
from wargame.state import Unit

from .turns import AXIS, ynn

RIVERS = ("minor-river", "major-river", "south-volga")
IGNORED = {river: "ignored" for river in RIVERS}


def _rivers_ignored(match: Match, unit: Unit) -> bool:
    return unit.side == AXIS and ynn(match) == 112


@hookimpl(tryfirst=True)
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    if _rivers_ignored(match, unit):
        return (unit.side, match.unit_type(unit)["mobility"], "rivers-ignored")
    return None


@hookimpl(tryfirst=True)
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    if unit.side != AXIS or a not in match.topology or not _rivers_ignored(match, unit):
        return None  # the side first: asked once per hexside when a cost table is built
    edge = match.topology.edge(a, b)
    if edge is None or not set(RIVERS) & edge.features:
        return None
    # a river hexside read as no feature at all (the highway's rate stays the highway's, 11.1)
    mobility = match.unit_type(unit)["mobility"]
    key = (match.title.id, mobility, match.topology.terrain(b), edge.features, gone_roads(match))
    cost = _COSTS.get(key)
    if cost is None:
        cost = _COSTS[key] = chart_cost(match, unit, a, b, treat=IGNORED)
    return cost


_COSTS: dict[tuple[object, ...], float] = {}
"""The Axis chart costs across a river read as none, by (title, class, terrain, hexside
features, roads gone): static, asked for every river hexside when turn 112's tables are built."""
