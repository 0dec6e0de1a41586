"""Communist satellite armies (BARB 8.24-8.25): the Polish and Romanian communist armies.

The first time a Soviet unit in regular overland supply moves next to a hex of the General
Government, from GT13 on, the Polish army appears at once on top of that unit's stack, or, if
that would overstack it, in the nearest Soviet-occupied hex in overland supply with room (ruling
E21: nearest by hex distance, the lowest hex number on a tie). A trigger before GT13 makes it an
ordinary reinforcement of GT13, waiting in the RVGK box (8.1) from the start of that turn. It is
a regular rifle army from then on. ``state.vars["polish"]`` records "due" (triggered early) and
then "in" (placed); it never enters twice.

The first time a Soviet unit in regular overland supply moves next to Bucharest (3114), the two
Axis Romanian armies leave play for good, wherever they are (8.25); the communist 1st Romanian
Army is due the next game turn and the 4th the turn after (GT14 and GT15 for a trigger on or before
GT13). Each enters at the start of a Soviet Movement Phase from its turn, in Bucharest, when
Bucharest is Soviet-controlled, in Soviet overland supply and has room; else it waits (ruling E26).
``state.vars["romanian_communists"]`` holds the due turns until both are in.

The Bulgarian communist armies (8.26) are not implemented: the stand-in counter mix has none.
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import supply
from .turns import GERMAN, SOVIET, in_region

POLES = "sov-1pol"
BUCHAREST = "3114"
ROMANIANS = ("sov-1r", "sov-4r")
AXIS_ROMANIANS = ("ger-r3", "ger-r4")
FIRST = 13
LIMIT = 5
"""Units a hex (6.1)."""


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
    match.state.vars["polish"] = "in"
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
    state = match.state.vars.get("polish")
    if state in ("in", "due") or POLES not in match.counters_doc["counters"]:
        return
    if match.state.units.get(POLES) is not None and match.state.units[POLES].loc is not None:
        return
    for unit in units:
        if triggered_by(match, unit):
            if match.turn >= FIRST:
                enter(match, unit.loc or "")
            else:
                match.state.vars["polish"] = "due"
                match.emit(
                    "communists",
                    "the Polish communist army will arrive on GT13",
                    "BARB 8.24",
                )
            return


def romanian_trigger(match: Match, units: list[Unit]) -> None:
    """8.25: a supplied Soviet unit first moves next to Bucharest."""
    v = match.state.vars
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
    v = match.state.vars
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


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """A trigger before GT13: the army is a reinforcement of GT13, in the RVGK box (8.1); due
    Romanian communist armies enter in a Soviet Movement Phase (8.25)."""
    if phase.id == "movement" and match.phasing == SOVIET:
        romanians_enter(match)
    if match.turn >= FIRST and match.state.vars.get("polish") == "due":
        match.state.vars["polish"] = "in"
        match.new_unit(POLES, "box:rvgk")
        from .rvgk import hide

        hide(match)
        match.emit("communists", "the Polish communist army arrives in the RVGK", "BARB 8.24")
