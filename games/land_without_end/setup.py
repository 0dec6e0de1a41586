"""Set-up (LWE 3.3-3.5): every unit sets up where its formation may (Greater Germany, Romania,
an army's area), its owner deciding (``deploy UNIT HEX``, then ``end``). Before he decides, each
unit stands in a default hex of its area so no hex is over-stacked (6.1): German-side units in the
hexes nearest the border, Soviet units spread over their army's area. A deployment that would
over-stack a hex is refused (6.1)."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec

from .common import GERMAN

LIMIT = 6
"""Stacking points per hex per side (6.1)."""


def weight(match: Match, uid: str) -> int:
    return int(match.unit_type(match.state.units[uid]).get("stacking", 1))


def load(match: Match, side: str, loc: str) -> int:
    return sum(weight(match, u.id) for u in match.units_at(loc) if u.side == side)


def _frontier_order(match: Match, side: str, locs: list[str]) -> list[str]:
    """German-side hexes nearest the USSR first; Soviet hexes in their listed order."""
    hexes = [h for h in locs if not h.startswith("box:")]
    boxes = [h for h in locs if h.startswith("box:")]
    if side != GERMAN:
        return hexes + boxes
    gap = match.shared("lwe-border-distance", lambda: _border_distance(match))
    return sorted(hexes, key=lambda h: (gap.get(h, 999), h)) + boxes


def _border_distance(match: Match) -> dict[str, int]:
    """Hexes from the USSR, counted over land and sea alike (a breadth-first search)."""
    topo = match.topology
    frontier = sorted(topo.region("country:ussr"))
    gap = {h: 0 for h in frontier}
    while frontier:
        nxt = []
        for h in frontier:
            for n in topo.neighbours(h):
                if n not in gap and not n.startswith("box:"):
                    gap[n] = gap[h] + 1
                    nxt.append(n)
        frontier = nxt
    return gap


@hookimpl
def wargame_setup(match: Match) -> None:
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        locs = unit.flags.get("deploy")
        if not locs:
            continue
        key = ("lwe-setup-order", unit.flags.get("setup"))
        order = match.cache.get(key)
        if order is None:
            order = match.cache[key] = _frontier_order(match, unit.side, list(locs))
        for loc in order:
            if (
                loc.startswith("box:")
                or load(match, unit.side, loc) + weight(match, unit.id) <= LIMIT
            ):
                match.place(unit, loc)
                break


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "deploy":
        return any(
            u.flags.get("deploy") and u.side == phase.side for u in match.state.units.values()
        )
    return None


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if action.verb != "deploy" or len(action.args) != 2 or action.args[1].startswith("box:"):
        return None
    unit = match.state.units.get(action.args[0])
    if unit is None:
        return None
    if load(match, unit.side, action.args[1]) + weight(match, unit.id) > LIMIT:
        return f"{action.args[1]} would hold more than {LIMIT} stacking points (LWE 6.1)"
    return None
