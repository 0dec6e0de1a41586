"""Soviet partisans (19.0): placed or moved in the Soviet Supply Status Determination Phase
(decision kind ``partisans``, verb ``partisan``), one a year more from 1942 (data/siberia.json
quotas). A partisan holds its point for the Soviets and shuts it to Axis supply paths (the
supply module blocks it); the point it leaves stays Soviet until an Axis unit enters or passes
through. An Axis ground unit moving into it removes it without combat (the movement module calls
:func:`partisan_removed`); it is back in the pool for the next Soviet player turn (ruling S7,
E-7). Isolation runs when this phase ends (supply module), after the partisans have moved.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

KIND = "partisans"  # the Soviet supply phase's decision kind
PLACED = "placed"  # Unit.flags: the turn the partisan was last placed or moved
REMOVED = "removed"  # Unit.flags: [turn, phasing side] when an Axis unit removed it
USSR = "country:ussr"


def quota(match: Match) -> int:
    """Partisans the Soviets have this year: 1942 1, 1943 2, 1944 3 (19.0; 1945 as 1944)."""
    year, _ = U.date(match)
    quotas = U.table(match, "siberia")["quotas"]["partisans"]
    return int(quotas.get(str(year), 0))


def counters(match: Match) -> list[str]:
    """Every partisan counter id, sorted: the first ``quota`` of them are in play."""
    found = match.cache.get("dc-partisan-counters")
    if found is None:
        doc = match.counters_doc
        found = sorted(
            cid
            for cid, c in doc["counters"].items()
            if "partisan" in doc["unit_types"][c["type"]].get("tags", ())
        )
        match.cache["dc-partisan-counters"] = found
    return list(found)


def soviet_points(match: Match) -> list[str]:
    """Points of the Soviet Union, where partisans may go (19.0)."""
    found = match.cache.get("dc-partisan-points")
    if found is None:
        found = sorted(match.topology.region(USSR))
        match.cache["dc-partisan-points"] = found
    return list(found)


def on_map(match: Match) -> list[Unit]:
    units = match.state.units
    return [units[c] for c in counters(match) if c in units and units[c].loc is not None]


def why_not_free(match: Match, cid: str) -> str | None:
    """Why partisan ``cid`` may not be placed or moved now, or None."""
    allowed = counters(match)[: quota(match)]
    if cid not in counters(match):
        return f"{cid} is not a partisan counter (DC 19.0)"
    if cid not in allowed:
        year, _ = U.date(match)
        return f"only {len(allowed)} partisan unit(s) in {year} (DC 19.0)"
    unit = match.state.units.get(cid)
    if unit is None:
        return None
    if unit.flags.get(PLACED) == match.turn:
        return f"{cid} was already placed this phase (DC 19.0)"
    removed = unit.flags.get(REMOVED)
    if unit.loc is None and removed == [match.turn, U.SOVIET]:
        return f"{cid} was removed this turn: it returns next Soviet player turn (DC 19.0)"
    return None


def why_not_point(match: Match, loc: str, unit: Unit | None = None) -> str | None:
    if loc not in set(soviet_points(match)):
        return f"{loc} is not a point in the Soviet Union (DC 19.0)"
    if any(u.side == U.AXIS for u in match.units_at(loc)):
        return f"{loc} is occupied by an Axis unit (DC 19.0)"
    if unit is not None and unit.loc == loc:
        return f"{unit.id} is already at {loc} (DC 19.0)"
    return None


class Place(Verb):
    """``partisan ID POINT``: place an available partisan, or move one already on the map."""

    name = "partisan"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET or quota(match) <= 0:
            return
        axis_held = {u.loc for u in match.units_of(U.AXIS)}
        for cid in counters(match)[: quota(match)]:
            if why_not_free(match, cid):
                continue
            unit = match.state.units.get(cid)
            here = unit.loc if unit is not None else None
            for loc in soviet_points(match):
                if loc != here and loc not in axis_held:
                    yield Action(self.name, (cid, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if decision.side != U.SOVIET:
            return "only the Soviet player places partisans (DC 19.0)"
        if len(action.args) != 2:
            return "partisan takes a partisan id and a point (DC 19.0)"
        cid, loc = action.args
        reason = why_not_free(match, cid)
        if reason:
            return reason
        return why_not_point(match, loc, match.state.units.get(cid))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        cid, loc = action.args
        unit = match.state.units.get(cid)
        if unit is None:
            unit = match.new_unit(cid, loc)
            what = "placed"
        else:
            what = "placed" if unit.loc is None else f"moved from {unit.loc}"
            unit.flags.pop(REMOVED, None)
            match.place(unit, loc)  # the point left stays Soviet (19.0): control untouched
        unit.flags[PLACED] = match.turn
        match.emit("partisan", f"{cid} {what} to {loc}", "DC 19.0", unit=cid, loc=loc)
        match.set_control(loc, U.SOVIET)


def partisan_removed(match: Match, unit: Unit) -> None:
    """An Axis ground unit entered the partisan's point (19.0; 12.0's "destroying": ruling S7,
    E-7): the counter leaves the map and may be placed again from the next Soviet player turn.
    Control passes to the Axis by the movement that entered (20.0), not here."""
    where = unit.loc
    U.unmark_all(match, unit, "removed")
    match.place(unit, None)
    unit.flags = {REMOVED: [match.turn, match.phasing]}
    match.emit(
        "partisan-removed",
        f"{unit.id} removed at {where}: available next Soviet player turn",
        "DC 19.0",
        unit=unit.id,
        loc=where,
    )


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Place()]
