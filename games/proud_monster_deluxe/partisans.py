"""The Soviet 4 Paratroop Corps and Partisans (PMD 15.8), received on turn 201.

In a Soviet Refit Phase of turn 201 the Soviet player places each (``partisans UNIT HEX``) in a
forest or rough hex with no Axis unit, within 8 hexes of a Soviet-owned city (the Military
District HQ hexes are not on the stand-in map: ruling P2); he may not end the turn's last Soviet
Refit Phase with one unplaced while a hex can take it (15.8: "must be placed that turn"; ruling
P1). They never move (movement 0), attack with 1 point each and hold their hex (control by
occupation). When a Soviet land unit first enters their hex they are removed from the game
(``leaving.remove_from_game``: their flags, markers and reserve stack go), and at the start
of the next turn the Soviet is credited with their steps as LRPs (:func:`lrp`; the record of
the credit goes then; ruling P3).

They are always in full defensive and offensive supply (never out of supply nor isolated), are
the last attackers to take a step loss (``lose`` naming one is refused while another attacker
can take it) and never advance after combat."""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics.control import controller
from wargame.mechanics.losses import steps_left
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import leaving
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 15.8"
TURN = 201
UNITS = ("sov-para-corps-4", "sov-partisans")
TERRAIN = ("forest", "rough")
RANGE = 8


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-partisans")


def lrp(match: Match) -> int:
    """The LRPs credited (15.8) that the Soviet has not yet received (replacements.py)."""
    return int(_ns(match).get("soviet_lrp", 0))


def lrp_received(match: Match) -> None:
    _ns(match).pop("soviet_lrp", None)


def unplaced(match: Match) -> list[str]:
    placed = set(_ns(match).get("placed", ()))
    return [u for u in UNITS if u not in placed]


def _placing(match: Match, side: str) -> bool:
    leaf = match.phase
    return (
        side == SOVIET
        and match.phasing == SOVIET
        and ynn(match) == TURN
        and leaf is not None
        and leaf.spec.id.endswith("-refit")
    )


def anchors(match: Match) -> list[str]:
    """Soviet-owned cities (the stand-in for the MD HQ hexes, ruling P2)."""
    topo = match.topology
    return [
        h for h in topo.locations() if "city" in topo.features(h) and controller(match, h) == SOVIET
    ]


def hex_problem(match: Match, loc: str) -> str | None:
    topo = match.topology
    if loc not in topo:
        return f"no hex {loc}"
    if topo.terrain(loc) not in TERRAIN:
        return f"{loc} is not a forest or rough hex ({RULE})"
    if match.side_at(loc) == AXIS:
        return f"{loc} holds Axis units ({RULE})"
    if not any(topo.distance(loc, a) <= RANGE for a in anchors(match)):
        return f"{loc} is not within {RANGE} hexes of a Soviet-owned city ({RULE}, ruling P2)"
    return None


def places(match: Match) -> list[str]:
    topo = match.topology
    cities = anchors(match)
    return sorted(
        h
        for h in topo.locations()
        if topo.terrain(h) in TERRAIN
        and match.side_at(h) != AXIS
        and any(topo.distance(h, a) <= RANGE for a in cities)
    )


class Partisans(Verb):
    """``partisans UNIT HEX``: the Soviet places the 4 Para Corps or the Partisans (15.8)."""

    name = "partisans"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return unplaced(match) if _placing(match, decision.side) else []

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        if actor not in self.actors(match, decision):
            return []
        return [Action("partisans", (actor, h)) for h in places(match)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: partisans UNIT HEX"
        if not _placing(match, decision.side):
            return f"they are placed in a Soviet Refit Phase of turn {TURN} ({RULE})"
        if action.args[0] not in unplaced(match):
            return f"{action.args[0]} is not waiting to be placed ({RULE})"
        return hex_problem(match, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        uid, loc = action.args
        _ns(match).setdefault("placed", []).append(uid)
        match.new_unit(uid, loc)
        match.emit("partisans", f"{uid} placed at {loc}", RULE, unit=uid, loc=loc)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Partisans()]


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    """15.8: both must be placed on turn 201 (ruling P1: by the end of its last Soviet Refit)."""
    leaf = match.phase
    if not _placing(match, decision.side) or leaf is None or leaf.spec.id != "w2-refit":
        return []
    if any(unplaced(match)) and places(match):
        return [f"place {', '.join(unplaced(match))} first ({RULE})"]
    return []


def picked_up(match: Match, unit: Unit) -> None:
    steps = int(steps_left(match, unit))
    credit = _ns(match).setdefault("credit", {})
    credit[str(match.turn + 1)] = credit.get(str(match.turn + 1), 0) + steps
    leaving.remove_from_game(match, unit)
    match.emit("partisans", f"{unit.id} picked up: {steps} LRPs next turn", RULE, unit=unit.id)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """15.8: a Soviet land unit entering their hex removes them."""
    if not units or units[0].side != SOVIET or len(path) < 2:
        return
    movers = {u.id for u in units}
    for loc in path[1:]:
        for unit in list(match.units_at(loc)):
            if unit.id in UNITS and unit.id not in movers:
                picked_up(match, unit)


@on_phase("start", ids=("reinforcement",))
def lrp_credit(match: Match, phase: PhaseSpec) -> None:
    """The LRP credit comes at the start of the next turn (15.8; ruling P3)."""
    credit = _ns(match).get("credit", {})
    n = credit.pop(str(match.turn), 0)
    if n:
        _ns(match)["soviet_lrp"] = lrp(match) + n
        match.emit("partisans", f"Soviet credited with {n} LRPs (15.8)", RULE)
    if not credit:
        _ns(match).pop("credit", None)


@hookimpl(tryfirst=True)
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    """15.8: always in full defensive and offensive supply."""
    if unit.id in UNITS and unit.loc is not None:
        return {"state": "supplied", "offensive": True, "why": f"always supplied ({RULE})"}
    return None


@hookimpl
@veto_scope(verbs=("lose",), kinds=("loss",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.8: the last units to take an attacker step loss."""
    if decision.context.get("who") != "attacker" or not action.args:
        return None
    if action.args[0] not in UNITS:
        return None
    units = match.state.units
    others = [i for i in decision.context["units"] if i not in UNITS and units[i].loc is not None]
    if others:
        return f"the partisans and the 4 Paratroop Corps take an attacker loss last ({RULE})"
    return None


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("advance",), kinds=("advance",))
def veto_advance(match: Match, decision: Decision, action: Action) -> str | None:
    """15.8: they never advance after combat."""
    if action.args and set(action.args[0].split(",")) & set(UNITS):
        return f"the partisans and the 4 Paratroop Corps may not advance ({RULE})"
    return None
