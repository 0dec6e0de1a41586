"""Communist satellite armies (BARB 8.24-8.25): the Polish and Romanian communist armies.

The first time a Soviet unit in regular overland supply moves next to a hex of the General
Government, from GT13 on, the Polish army appears at once on top of that unit's stack, or, if
that would overstack it, in the nearest Soviet-occupied hex in overland supply with room (ruling
E21: nearest by hex distance, the lowest hex number on a tie). A trigger before GT13 makes it an
ordinary reinforcement of GT13, waiting in the RVGK box (8.1) from the start of that turn. It is
a regular rifle army from then on. ``polish`` (in the namespace ``NS``) records "due" (triggered early)
and then "in" (placed); it never enters twice.

The first time a Soviet unit in regular overland supply moves next to Bucharest (3114), the two
Axis Romanian armies leave play for good, wherever they are (8.25); the communist 1st Romanian
Army is due the next game turn and the 4th the turn after (GT14 and GT15 for a trigger on or before
GT13). Each enters at the start of a Soviet Movement Phase from its turn, in Bucharest, when
Bucharest is Soviet-controlled, in Soviet overland supply and has room; else it waits (ruling E26).
``romanian_communists`` holds the due turns until both are in.

To bring the three Bulgarian communist armies (8.26) the Soviet takes one of his units off the
map through a Bulgarian south-edge hex (3215-3218), once, at the cost of one movement point
(``exit UNIT``: a unit standing there with a point left, moved this phase or not; ruling E30). At
the start of his next Movement Phase that unit comes back into the reinforcement box with the
three Bulgarians when the exit was after GT13; after an earlier exit it comes back alone and the
Bulgarians arrive at the start of his GT14 Movement Phase. They enter by moving in through the
Bulgarian hexes, each on its own move: as Soviet-side satellites (6.4 names the Bulgarians and
Romanians) they may never stack with another satellite army, the box being the only exception.
``bulgaria_exit`` holds the unit off the map until it returns; ``bulgarians`` is "due", then
"in".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import movement
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import supply
from .turns import GERMAN, SOVIET, in_region

POLES = "sov-1pol"
BUCHAREST = "3114"
ROMANIANS = ("sov-1r", "sov-4r")
AXIS_ROMANIANS = ("ger-r3", "ger-r4")
BULGARIANS = ("sov-1b", "sov-2b", "sov-4b")
BULGARIA = "south-edge:bulgaria"
HOLD = "box:soviet-reinforcements"
SATELLITES = (*ROMANIANS, *BULGARIANS)
"""The Soviet side's satellite armies for 6.4 (the Poles are not named there: ruling 19)."""
FIRST = 13
LIMIT = 5
"""Units a hex (6.1)."""
NS = "barbarossa-communists"


class CommunistsState(TypedDict, total=False):
    polish: Literal["due", "in"]  # 8.24
    romanians_turned: bool  # Romania changed sides (8.25)
    romanian_communists: dict[str, int]  # army -> the turn it is due, until it enters (8.25)
    bulgaria_exit: dict[str, Any]  # the unit off the map: unit, turn, phase (8.26)
    bulgarians: Literal["due", "in"]  # 8.26


def ns(match: Match) -> CommunistsState:
    return cast(CommunistsState, match.state.ns(NS))


def triggered_by(match: Match, unit: Unit) -> bool:
    loc = unit.loc
    if unit.side != SOVIET or loc is None or loc.startswith("box:") or unit.id == POLES:
        return False
    if not any(
        in_region(match, n, "country:general-government") for n in match.topology.neighbours(loc)
    ):
        return False
    return supply.state(match, unit) == "overland"


def landing(match: Match, loc: str) -> str | None:
    """Where the army appears: on the triggering stack, else the nearest supplied Soviet stack
    with room (8.24)."""
    if len(match.units_at(loc)) < LIMIT:
        return loc
    net = supply.overland(match, SOVIET)
    topo = match.topology
    room = [
        h
        for h, ids in match.occupied().items()
        if not h.startswith("box:")
        and match.state.units[ids[0]].side == SOVIET
        and h in net
        and len(ids) < LIMIT
    ]
    return min(room, key=lambda h: (topo.distance(loc, h), h)) if room else None


def enter(match: Match, loc: str) -> None:
    where = landing(match, loc)
    if where is None:
        return
    ns(match)["polish"] = "in"
    match.new_unit(POLES, where)
    from .rvgk import hide

    hide(match)
    match.emit("communists", f"the Polish communist army appears in {where}", "BARB 8.24")


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    from wargame.mechanics.movement import phase_key

    key = phase_key(match)
    if any(key in (u.flags.get("retreated"), u.flags.get("advanced")) for u in units):
        return  # a retreat or an advance after combat is not a move (ruling E21)
    romanian_trigger(match, units)
    state = ns(match).get("polish")
    if state in ("in", "due") or POLES not in match.counters_doc["counters"]:
        return
    if match.state.units.get(POLES) is not None and match.state.units[POLES].loc is not None:
        return
    for unit in units:
        if triggered_by(match, unit):
            if match.turn >= FIRST:
                enter(match, unit.loc or "")
            else:
                ns(match)["polish"] = "due"
                match.emit(
                    "communists",
                    "the Polish communist army will arrive on GT13",
                    "BARB 8.24",
                )
            return


def romanian_trigger(match: Match, units: list[Unit]) -> None:
    """8.25: a supplied Soviet unit first moves next to Bucharest."""
    v = ns(match)
    if v.get("romanians_turned") or ROMANIANS[0] not in match.counters_doc["counters"]:
        return
    for unit in units:
        loc = unit.loc
        if unit.side != SOVIET or loc is None or loc.startswith("box:"):
            continue
        if BUCHAREST not in match.topology.neighbours(loc):
            continue
        if supply.state(match, unit) != "overland":
            continue
        v["romanians_turned"] = True
        for uid in AXIS_ROMANIANS:
            axis = match.state.units.get(uid)
            if axis is not None:
                match.place(axis, None)
                axis.flags = {"permanent": True, "defected": True}
        returns = match.state.secrets.get(GERMAN, {}).get("german_returns", {})
        for uid in AXIS_ROMANIANS:
            returns.pop(uid, None)  # no 8.15 return for them any more
        first = max(match.turn + 1, FIRST + 1)
        v["romanian_communists"] = {ROMANIANS[0]: first, ROMANIANS[1]: first + 1}
        match.emit(
            "communists",
            "Romania changes sides: the Axis Romanian armies leave play",
            "BARB 8.25",
        )
        return


def romanians_enter(match: Match) -> None:
    v = ns(match)
    due = v.get("romanian_communists")
    if not due:
        return
    control = match.state.control
    ok = (
        control.get(BUCHAREST) == SOVIET
        and match.side_at(BUCHAREST) in (None, SOVIET)
        and BUCHAREST in supply.overland(match, SOVIET)
    )
    for uid, turn in sorted(due.items()):
        if not ok or match.turn < turn or len(match.units_at(BUCHAREST)) >= LIMIT:
            continue
        match.new_unit(uid, BUCHAREST)
        del due[uid]
        match.emit("communists", f"{uid} enters in Bucharest", "BARB 8.25")
    if not due:
        v.pop("romanian_communists")


@on_phase("start", ids=("administration",))
def polish_arrival(match: Match, phase: PhaseSpec) -> None:
    """A trigger before GT13: the army is a reinforcement of GT13, in the RVGK box (8.1)."""
    if match.turn >= FIRST and ns(match).get("polish") == "due":
        ns(match)["polish"] = "in"
        match.new_unit(POLES, "box:rvgk")
        from .rvgk import hide

        hide(match)
        match.emit("communists", "the Polish communist army arrives in the RVGK", "BARB 8.24")


# ------------------------------------------------------------------ 8.26 the Bulgarians


def exits(match: Match, decision: Decision) -> list[Unit]:
    """Soviet units that may leave the map through Bulgaria now (8.26)."""
    v = ns(match)
    if (
        decision.side != SOVIET
        or "bulgarians" in v
        or BULGARIANS[0] not in match.counters_doc["counters"]
    ):
        return []
    one = movement.scale(match)
    out = []
    for h in sorted(match.topology.region(BULGARIA)):
        for unit in match.units_at(h):
            if unit.side != SOVIET or match.hook.wargame_move_locked(match=match, unit=unit):
                continue
            if movement.allowance(match, unit) - movement.spent(match, unit) >= one:
                out.append(unit)
    return out


class Exit(Verb):
    """``exit UNIT``: off the map through Bulgaria for the Bulgarian armies (8.26)."""

    name = "exit"
    kinds = ("movement",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in exits(match, decision):
            yield Action("exit", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "once, a Soviet unit with a movement point left leaves the map through a Bulgarian "
            "south-edge hex, 3215-3218 (BARB 8.26)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        key = movement.phase_key(match)
        unit.flags["mp"] = [key, movement.spent(match, unit) + movement.scale(match)]
        unit.flags["moved"] = key
        where = unit.loc
        match.place(unit, HOLD)
        v = ns(match)
        v["bulgaria_exit"] = {"unit": unit.id, "turn": match.turn, "phase": key}
        v["bulgarians"] = "due"
        match.emit("communists", f"{unit.id} leaves the map through {where}", "BARB 8.26")


def bulgarian_returns(match: Match) -> None:
    """The start of a Soviet Movement Phase: the exited unit comes back, with the Bulgarians
    after GT13 (8.26)."""
    v = ns(match)
    gone = v.get("bulgaria_exit")
    entry = sorted(match.topology.region(BULGARIA))
    if gone and gone["phase"] != movement.phase_key(match):
        unit = match.state.units[gone["unit"]]
        unit.flags["entry"] = entry
        del v["bulgaria_exit"]
        match.emit("communists", f"{unit.id} comes back through Bulgaria", "BARB 8.26")
    if v.get("bulgarians") == "due" and "bulgaria_exit" not in v and match.turn > FIRST:
        for cid in BULGARIANS:
            match.new_unit(cid, HOLD).flags["entry"] = entry
        v["bulgarians"] = "in"
        match.emit("communists", "the Bulgarian communist armies arrive", "BARB 8.26")


@on_phase("start", kinds=("movement",))
def soviet_movement(match: Match, phase: PhaseSpec) -> None:
    """Due Romanian communist armies enter (8.25); the Bulgarian exit comes back (8.26)."""
    if match.phasing == SOVIET:
        romanians_enter(match)
        bulgarian_returns(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Exit()]
