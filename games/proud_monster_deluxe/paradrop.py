"""The 1943 Soviet paradrop (PMD 15.18) under Blaupunkt East's general restrictions (15.17).

At the start of a Soviet Initial Movement Phase of turns 313-318, before any Soviet unit has
moved, the Soviet player may drop Guards parachute and air-landing brigades (types ``gparb``,
``galb``) waiting in an RVGK area and never yet on the map, all into one hex (``paradrop HEX
with UNIT[,UNIT...]``): within 15 hexes of a Soviet-controlled, offensive-supplied city, large or
small town (in defensive supply and an active marker's radius, 8.4, 8.6), not Axis-occupied, not a mountain, city, fieldworks, Fortified Area, active fort or
heavy fort hex (15.17's restrictions), and a clear hex when a GALB drops (the gliders, ruling
PD2). One drop a game (ruling PD1). A die for each brigade: it survives on 1-3, on 1-2 when an
Axis unit is next to the hex; the others are eliminated (rebuildable, 13.14, never dropped again).
The survivors are in defensive supply for the rest of that player week and may not move or attack
that week (flag ``dropped``: the week; it goes with the week). Brigades not dropped come on as
normal reinforcements and may not drop later."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics.combat import attackers_named
from wargame.mechanics.control import controller
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import offsupply, supply
from .constructions import active_forts
from .reinforce import RVGK
from .strategic import URBAN
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 15.18"
TYPES = ("gparb", "galb")
TURNS = (313, 318)
RANGE = 15
"""15.17, 15.18: the drop hex lies within 15 hexes of a supplied population centre."""
BARRED = ("city", "fieldworks", "fortified-area")
SURVIVE = {False: 3, True: 2}
"""15.18: the highest surviving roll, by whether an Axis unit is next to the hex."""
NS = "pmd-paradrop"


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns(NS)


def week(match: Match) -> str:
    """The player week (turn, week, phasing side) of the current phase."""
    leaf = match.phase
    name = leaf.spec.id.split("-")[0] if leaf else ""
    return f"{match.turn}:{name}:{match.phasing}"


def droppable(match: Match) -> list[Unit]:
    """The brigades that may still drop: in an RVGK area, never yet on the map nor dropped."""
    spent = set(_ns(match).get("spent", []))
    return [
        u
        for u in match.units_of(SOVIET)
        if match.counter(u)["type"] in TYPES and u.loc in RVGK and u.id not in spent
    ]


def hex_problem(match: Match, loc: str, ids: list[str]) -> str | None:
    """Why the brigades may not drop into ``loc`` (15.17, 15.18), or None."""
    topo = match.topology
    if loc not in topo or loc.startswith("box:"):
        return f"{loc} is not a map hex ({RULE})"
    if any(u.side == AXIS for u in match.units_at(loc)):
        return f"not into an Axis-occupied hex ({RULE})"
    problem = terrain_problem(match, loc, ids, "galb")
    if problem is not None:
        return problem
    if not any(topo.distance(loc, town) <= RANGE for town in sources(match)):
        return f"{loc} is not within {RANGE} hexes of a supplied Soviet town ({RULE})"
    return None


def terrain_problem(match: Match, loc: str, ids: list[str], glider: str) -> str | None:
    """15.17's general restrictions on a drop hex, shared by both drops: no mountain, city,
    fieldworks, Fortified Area, active fort or heavy fort; a clear hex when a ``glider`` unit
    (the 22 ALD, the GALB: ruling PD2) drops."""
    topo = match.topology
    if topo.terrain(loc) == "mountain":
        return "not into a mountain hex (PMD 15.17, 15.18)"
    marked = {str(m.get("type", "")) for m in match.state.markers.values() if m.get("loc") == loc}
    barred = (set(topo.features(loc)) | marked) & set(BARRED)
    if barred:
        return f"not into a {sorted(barred)[0].replace('-', ' ')} hex (PMD 15.17, 15.18)"
    forts = active_forts(match, loc)
    if forts and any(u.side == SOVIET for u in match.units_at(loc)):
        return "not into an active fort hex (PMD 15.17, 15.18)"
    gliders = any(match.counter(match.state.units[i])["type"] == glider for i in ids)
    if gliders and (topo.terrain(loc) != "clear" or topo.features(loc)):
        name = "a GALB" if glider == "galb" else "the 22 ALD"
        return f"{name} lands by glider on a clear hex only (PMD 15.17, ruling PD2)"
    return None


def sources(match: Match) -> list[str]:
    """Soviet-controlled urban hexes in offensive supply (15.18): in defensive supply (8.2) and
    within a turned-up active marker's radius (8.4, 8.6: ``offsupply.hex_lacks``)."""
    topo = match.topology
    _line, supplied = supply.nets(match, SOVIET)
    return [
        h
        for h in topo.locations()
        if set(topo.features(h)) & set(URBAN)
        and controller(match, h) == SOVIET
        and h in supplied
        and offsupply.hex_lacks(match, SOVIET, h) is None
    ]


def problem(match: Match, decision: Decision, loc: str, ids: list[str]) -> str | None:
    if decision.side != SOVIET:
        return f"the 1943 paradrop is the Soviet player's ({RULE})"
    if not TURNS[0] <= ynn(match) <= TURNS[1]:
        return f"the paradrop is made in turns {TURNS[0]}-{TURNS[1]} ({RULE})"
    leaf = match.phase
    if leaf is None or not leaf.spec.id.endswith("initial-movement"):
        return f"the paradrop is made at the start of a Soviet Movement Phase ({RULE})"
    if _ns(match).get("done"):
        return "one paradrop a game (PMD 15.17, ruling PD1)"
    key = phase_key(match)
    if any(u.flags.get("moved") == key for u in match.units_of(SOVIET)):
        return f"the paradrop comes at the start of the Movement Phase, before any move ({RULE})"
    may = {u.id for u in droppable(match)}
    if not ids or len(set(ids)) != len(ids):
        return f"usage: paradrop HEX with UNIT[,UNIT...] ({RULE})"
    for uid in ids:
        if uid not in may:
            return f"{uid} is not a GParB or GALB waiting to drop in an RVGK area ({RULE})"
    return hex_problem(match, loc, ids)


class Paradrop(Verb):
    """``paradrop HEX with UNIT[,UNIT...]`` (15.18). The listing offers every waiting brigade
    into the hexes next to the supplying towns; any hex in range may be named."""

    name = "paradrop"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET or not TURNS[0] <= ynn(match) <= TURNS[1]:
            return
        units = droppable(match)
        if not units or _ns(match).get("done"):
            return
        ids = [u.id for u in units]
        topo = match.topology
        near = sorted({n for t in sources(match) for n in topo.neighbours(t)})
        for loc in near[:20]:
            if problem(match, decision, loc, ids) is None:
                yield Action("paradrop", (loc, "with", ",".join(ids)))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 3 or action.args[1] != "with":
            return f"usage: paradrop HEX with UNIT[,UNIT...] ({RULE})"
        return problem(match, decision, action.args[0], action.args[2].split(","))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc, ids = action.args[0], action.args[2].split(",")
        ns = _ns(match)
        ns["done"] = True
        ns.setdefault("spent", []).extend(ids)
        adjacent = any(
            u.side == AXIS for n in match.topology.neighbours(loc) for u in match.units_at(n)
        )
        best = SURVIVE[adjacent]
        now = week(match)
        for uid in ids:
            unit = match.state.units[uid]
            roll = match.roll("1d6", f"{uid} drops on {loc}", RULE)
            unit.flags.pop("placing", None)
            if roll <= best:
                match.place(unit, loc)
                unit.flags["dropped"] = now
                match.emit("paradrop", f"{uid} lands in {loc} (rolled {roll})", RULE, unit=uid)
            else:
                match.place(unit, loc)
                match.eliminate(unit, f"lost in the drop on {loc} (rolled {roll})", RULE)
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Paradrop()]


def landed(match: Match, unit: Unit) -> bool:
    """Dropped this player week (15.18: supplied, no move, no attack)."""
    return bool(unit.flags.get("dropped")) and unit.flags["dropped"] == week(match)


@hookimpl(tryfirst=True)
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    if landed(match, unit):
        return {"state": "supplied", "why": "dropped this player week (PMD 15.18)"}
    return None


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if landed(match, unit):
        return f"{unit.id} dropped this week: no move ({RULE})"
    return None


@hookimpl
@veto_scope(verbs=("attack",), kinds=("combat",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    for unit in attackers_named(match, action):
        if landed(match, unit):
            return f"{unit.id} dropped this week: no attack ({RULE})"
    return None


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """A brigade that came onto the map otherwise never drops; the ``dropped`` flag goes with
    its week."""
    spent = _ns(match).get("spent")
    now = week(match)
    for unit in match.units_of(SOVIET):
        if match.counter(unit)["type"] not in TYPES:
            continue
        if unit.loc is not None and not unit.loc.startswith("box:"):
            if spent is None:
                spent = _ns(match).setdefault("spent", [])
            if unit.id not in spent:
                spent.append(unit.id)
        if (
            phase.id.endswith("cleanup")
            and unit.flags.get("dropped")
            and unit.flags["dropped"] == now
        ):
            unit.flags.pop("dropped")
