"""Axis air supply (PMD 8.7).

Before turn 211 the Axis has two air supply markers a week. In his Initial Movement Phase (the
"Air Phase" is not in the sequence, ruling AS1) he commits one (``airsupply HEX``) to a hex of
his units that have not moved yet, within 15 hexes of an Axis-controlled urban hex in defensive
supply, one marker a hex, none while a Supply Concentration is in force (8.9). The marker
belongs to the units in the hex then; it moves with them as long as they move together, and a
unit that leaves them (moved apart, or left behind) loses it (8.7). A unit under a marker that
is out of overland and sea supply draws on air supply: full combat and offensive supply, a Leg
unit its full MF, a Mech unit an MF of 6; an isolated stack so supplied suffers supply attrition
two weeks later than others (8.5: ISO 3). The markers come off when the next Axis Initial
Movement Phase begins (8.7: "until the start of the next Axis player turn").

From turn 211 one marker is left: in the Axis's week-1 Initial Movement Phase he may place it
(``airsupply HEX``) on a hex that is no city, no mountain and not Soviet-controlled; it stays
there for the 2-week turn and supplies every Axis unit in its hex and the six around for
defence only (its units are otherwise out of supply: halved attack and MF, no MA); it comes off
when its hex becomes Soviet-controlled, until the next turn.

Divisions eliminated on air supply only go to the Dead Pile (8.7, ``eliminated.py``). Each
marker placed is exchanged for an air corps (``air.py``): the VIII while it is available, else
the one the Axis names (``airsupply HEX CORPS``); with no corps available no marker goes out
(ruling AS2). The corps gives no combat support until the Axis's next Refit Phase, or, from turn
211, while the turn's marker stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import concentration
from wargame.mechanics.movement import done, spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .turns import AXIS, SOVIET, ynn

RULE = "PMD 8.7"
NS = "pmd-air-supply"
LATE = 211
"""8.7: from turn 211, one marker supplying its hex and the six around, for defence only."""
EARLY_MARKERS = 2
RANGE = 15
"""8.7: hexes from an Axis-controlled urban hex in defensive supply."""
URBAN = ("city", "large-town", "small-town")
PHASES = ("w1-initial-movement", "w2-initial-movement")


def late(match: Match) -> bool:
    return ynn(match) >= LATE


def _ns(match: Match) -> dict[str, Any]:
    found: dict[str, Any] = match.state.plugins.get(NS, {})
    return found


def markers(match: Match) -> list[dict[str, Any]]:
    """The markers on the map: ``{"loc": hex, "units": [ids]}`` (before 211), or
    ``{"loc": hex, "area": True}`` (from 211)."""
    return list(_ns(match).get("markers", []))


def covering(match: Match, unit: Unit) -> dict[str, Any] | None:
    """The marker whose air supply reaches the unit, or None."""
    if unit.side != AXIS or unit.loc is None:
        return None
    topo = match.topology
    on_map = unit.loc in topo and not unit.loc.startswith("box:")  # OKH/RVGK boxes: no distance
    for m in markers(match):
        if m.get("area"):
            if on_map and topo.distance(unit.loc, m["loc"]) <= 1:
                return m
        elif unit.id in m["units"] and unit.loc == m["loc"]:
            return m
    return None


def _bases(match: Match) -> list[str]:
    """8.7: Axis-controlled urban hexes in defensive supply (overland or sea)."""
    from . import ports, supply

    topo, control = match.topology, match.state.control
    good = supply.nets(match, AXIS)[1] | ports.axis_sea(match)
    return [
        h
        for h in supply._urban(match)
        if control.get(h) == AXIS
        and h in good
        and match.side_at(h) != SOVIET
        and set(URBAN) & topo.features(h)
    ]


def _in_range(match: Match, loc: str) -> bool:
    """Within 15 hexes of a base (8.7), remembered per hex until the state changes."""
    known = match.scratch.setdefault("pmd-air-range", {})
    if loc not in known:
        if "bases" not in known:
            known["bases"] = _bases(match)
        topo = match.topology
        known[loc] = any(topo.distance(loc, b) <= RANGE for b in known["bases"])
    return bool(known[loc])


def place_problem(match: Match, side: str, loc: str) -> str | None:
    """Why ``airsupply loc`` is refused now, or None."""
    leaf = match.phase
    if side != AXIS or match.phasing != AXIS or leaf is None or leaf.spec.id not in PHASES:
        return f"the Axis places air supply in his Initial Movement Phase ({RULE})"
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}"
    if concentration.active(match):
        return f"no air supply during a Supply Concentration (PMD 8.9, {RULE})"
    ns = _ns(match)
    if late(match):
        return _late_problem(match, loc, ns)
    if int(ns.get("placed", 0)) >= EARLY_MARKERS:
        return f"both air supply markers are committed this week ({RULE})"
    if any(m["loc"] == loc for m in markers(match)):
        return f"one air supply marker a hex ({RULE})"
    here = [u for u in match.units_at(loc) if u.side == AXIS]
    if not here or any(done(match, u) or spent(match, u) for u in here):  # this phase's moves
        return f"air supply goes to a hex of Axis units that have not moved yet ({RULE})"
    if not _in_range(match, loc):
        return (
            f"{loc} is not within {RANGE} hexes of an Axis-controlled town or city in defensive "
            f"supply ({RULE})"
        )
    return None


def _late_problem(match: Match, loc: str, ns: dict[str, Any]) -> str | None:
    leaf = match.phase
    if leaf is None or leaf.spec.id != PHASES[0] or ns.get("turn") == match.turn:
        return f"from turn {LATE} the one marker is placed once a 2-week turn, in week 1 ({RULE})"
    topo = match.topology
    if {"city"} & topo.features(loc) or topo.terrain(loc) in ("mountain", "sea", "lake"):
        return f"the marker goes on a hex that is no city and no mountain ({RULE})"
    if match.state.control.get(loc) == SOVIET:
        return f"the marker goes on a hex that is not Soviet-controlled ({RULE})"
    return None


def corps_problem(match: Match, named: tuple[str, ...]) -> str | None:
    """8.7: the marker is exchanged for an air corps: the VIII first if available, else the one
    the Axis names; none available, no marker (ruling AS2)."""
    from . import air

    corps = air.for_supply(match)
    if not corps:
        return f"no air corps is available to exchange for an air supply marker ({RULE})"
    if not named:
        if len(corps) > 1:
            return f"name the air corps exchanged for the marker: {', '.join(corps)} ({RULE})"
        return None
    if named[0] not in corps:
        return f"the marker is exchanged for {' or '.join(corps)} (the VIII first, {RULE})"
    return None


def holds_corps(match: Match) -> bool:
    """8.7 from turn 211: the turn's marker still stands, so its corps stays out (ruling AS2)."""
    ns = _ns(match)
    return late(match) and ns.get("turn") == match.turn and bool(ns.get("markers"))


class AirSupply(Verb):
    """``airsupply HEX [CORPS]``: the Axis commits an air supply marker, exchanged for an air
    corps (8.7)."""

    name = "airsupply"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        leaf = match.phase
        if decision.side != AXIS or match.phasing != AXIS or leaf is None:
            return
        if leaf.spec.id not in PHASES:
            return
        hexes = {u.loc for u in match.units_of(AXIS) if u.loc and not u.loc.startswith("box:")}
        if late(match):  # any hex may take it; listed: those reaching an Axis unit (ruling AS1)
            hexes |= {n for h in hexes for n in match.topology.neighbours(h)}
        from . import air

        corps = air.for_supply(match)
        if not corps:
            return
        named = [()] if len(corps) == 1 else [(c,) for c in corps]  # his choice (ruling AS2)
        for h in sorted(hexes):
            if place_problem(match, decision.side, h) is None:
                for extra in named:
                    yield Action(self.name, (h, *extra))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) not in (1, 2):
            return f"usage: airsupply HEX [CORPS] ({RULE})"
        found = place_problem(match, decision.side, str(action.args[0]))
        return found or corps_problem(match, action.args[1:])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from . import air

        loc = str(action.args[0])
        air.exchange(
            match, str(action.args[1]) if len(action.args) > 1 else air.for_supply(match)[0]
        )
        ns = match.state.ns(NS)
        if late(match):
            ns["markers"] = [{"loc": loc, "area": True}]
            ns["turn"] = match.turn
            match.emit("air-supply", f"Axis air supply marker on {loc} and around it", RULE)
            return
        units = sorted(u.id for u in match.units_at(loc) if u.side == AXIS)
        ns.setdefault("markers", []).append({"loc": loc, "units": units})
        ns["placed"] = int(ns.get("placed", 0)) + 1
        match.emit("air-supply", f"Axis air supply for {', '.join(units)} at {loc}", RULE)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [AirSupply()]


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """8.7: a marker moves with its stack while it moves together; a unit leaving it, or left
    behind, loses it."""
    ns = match.state.plugins.get(NS)
    if not ns or not path:
        return
    moved = {u.id for u in units}
    for m in ns.get("markers", []):
        if m.get("area") or not moved & set(m["units"]):
            continue
        stack = [uid for uid in m["units"] if match.state.units[uid].loc is not None]
        if set(stack) <= moved:
            m["loc"] = path[-1]  # the whole stack moved with its marker
        else:
            m["units"] = [uid for uid in m["units"] if uid not in moved]  # they left it
    match.touch()


@on_phase("start", ids=PHASES, phasing=AXIS)
def airsupply_lapses(match: Match, phase: PhaseSpec) -> None:
    ns = match.state.plugins.get(NS)
    if ns and not ns.get("turn"):
        match.state.plugins.pop(NS)  # 8.7: until the start of the next Axis player turn


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    ns = match.state.plugins.get(NS)
    if not ns:
        return
    if ns.get("turn") is not None and (
        ns["turn"] != match.turn
        or any(match.state.control.get(m["loc"]) == SOVIET for m in ns.get("markers", []))
    ):
        if ns.get("markers"):
            match.emit("air-supply", "the Axis air supply marker is removed", RULE)
        ns["markers"] = []  # Soviet-controlled: off until the next 2-week turn
        if ns["turn"] != match.turn:
            match.state.plugins.pop(NS)


def answer(match: Match, unit: Unit) -> dict[str, Any] | None:
    """The supply answer of a unit drawing on air supply (out of overland and sea supply)."""
    marker = covering(match, unit)
    if marker is None:
        return None
    if marker.get("area"):
        why = "air supply from turn 211: defensive supply for defence only (PMD 8.7)"
        return {"state": "out", "kind": "air-defence", "overland": False, "why": why}
    why = "air supply: full combat and offensive supply (PMD 8.7)"
    return {"state": "supplied", "kind": "air", "overland": False, "why": why}


def defends_in_supply(match: Match, unit: Unit) -> bool:
    """8.7 from turn 211: a unit under the marker defends as in supply."""
    marker = covering(match, unit)
    return bool(marker and marker.get("area"))


def draws(match: Match, unit: Unit) -> bool:
    """Before turn 211: the unit is under a marker and out of overland and sea supply."""
    marker = covering(match, unit)
    if marker is None or marker.get("area"):
        return False
    found = match.hook.wargame_supply(match=match, unit=unit)
    return bool(found and found.get("kind") == "air")
