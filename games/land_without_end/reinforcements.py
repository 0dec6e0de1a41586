"""Scheduled reinforcements (LWE 8.1, 8.2, 7.16): the calendar's arrivals, each unit entered by its
owner in his New Unit Entry Phase (``reinforce UNIT HEX``), one at a time in the order he likes.

- 8.1: they enter in supply with their full movement and combat; they may not be delayed: a unit
  that cannot enter on its turn is lost for good (no decline: rulings RI1, RI4).
- 8.2, German side: German units (the Blue Division included) at a map-edge hex of Greater Germany
  or Romania (the calendar's ``at``) or at a town or city on a Rollbahn that he controls and that
  is in supply; one entered at a Rollbahn town may not move or attack that turn (flag
  ``rollbahn_entry``, cleared when the Soviet player turn begins). Satellite units only at a
  Romanian map-edge hex. Never a hex the Soviet controls or occupies, and within the six-division
  limit (6.1) and the nationality rule (6.3): the German may not over-stack.
- 8.1 (Soviet part), 7.16: the printed hex(es), or with ``any`` any Soviet-held town or city; in
  either case a hex he held, with a supply line of its own, at the very start of his player turn
  (recorded then; DD3's blanket supply does not count, 7.8). He may over-stack there only as far
  as needed: a hex with room is taken while one exists (the stacking check at the end of his
  Movement Phase then applies, 8.1).
- The ICA has its own rule (``ica.py``, 8.5); Guards arrive by conversion (``guards.py``, 8.13).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import ica, rollbahn
from .common import GERMAN, SOVIET, town_class
from .nationality import mixed, nation
from .setup import LIMIT, load

NS = "lwe-reinforcements"
KIND = "reinforce"
ANY = "any"
FLAG = "rollbahn_entry"
OWN_RULES = {ica.ICA}
"""Scheduled units another module enters (8.5)."""


def rule(side: str) -> str:
    return "LWE 8.2" if side == GERMAN else "LWE 8.1"


def due(match: Match, side: str) -> dict[str, list[str]]:
    """This turn's scheduled units of ``side`` not yet in the game, each with its ``at``."""
    out: dict[str, list[str]] = {}
    for entry in match.title.doc("calendar").get("schedule", {}).values():
        if entry.get("kind", "reinforcement") != "reinforcement" or entry["side"] != side:
            continue
        if int(entry["turn"]) != match.turn:
            continue
        for cid in entry.get("units", ()):
            if cid not in match.state.units and cid not in OWN_RULES:
                out[cid] = list(entry.get("at", ()))
    return out


def waiting(match: Match) -> dict[str, list[str]]:
    return dict(match.state.ns(NS).get("queue", {}))


def stub(match: Match, cid: str) -> Unit:
    """The counter as a unit not yet on the map (for the stacking questions)."""
    return Unit(id=cid, counter=cid, side=match.counters_doc["counters"][cid]["side"])


def weight(match: Match, unit: Unit) -> int:
    return int(match.unit_type(unit).get("stacking", 1))


def rollbahn_towns(match: Match) -> list[str]:
    """8.2: towns and cities on a Rollbahn, German-held and in supply."""
    from .supply import german_supplied_at

    control = match.state.control
    hexes = sorted({h for line in rollbahn.lines(match) for h in line})
    return [
        h
        for h in hexes
        if town_class(match, h) is not None
        and control.get(h) == GERMAN
        and german_supplied_at(match, h)
    ]


def german_hexes(match: Match, cid: str, at: list[str]) -> list[str]:
    """8.2, 7.16, 6.1, 6.3: where this German-side unit may enter now."""
    from .supply import german_supplied_at

    control = match.state.control
    soviets = {u.loc for u in match.units_of(SOVIET) if u.loc is not None}
    found = [
        h
        for h in match.resolve_locations(at)
        if control.get(h) != SOVIET and h not in soviets and german_supplied_at(match, h)
    ]
    if nation(stub(match, cid)) == "ger":
        found += [h for h in rollbahn_towns(match) if h not in found]
    unit = stub(match, cid)
    w = weight(match, unit)
    return [
        h
        for h in found
        if load(match, GERMAN, h) + w <= LIMIT and mixed(match, [unit, *match.units_at(h)]) is None
    ]


def soviet_hexes(match: Match, cid: str, at: list[str]) -> list[str]:
    """8.1: the printed hexes (or, for ``any``, the towns and cities) held and supplied at the
    start of the Soviet player turn; those with room first (over-stacking only as needed)."""
    ok = match.state.ns(NS).get("soviet_entries", [])
    german = {u.loc for u in match.units_of(GERMAN) if u.loc is not None}
    if ANY in at:
        places = [h for h in ok if town_class(match, h) is not None]
    else:
        places = [h for h in at if h in ok]
    places = [h for h in places if h not in german]
    w = weight(match, stub(match, cid))
    room = [h for h in places if load(match, SOVIET, h) + w <= LIMIT]
    return room or places


def hexes(match: Match, cid: str) -> list[str]:
    at = waiting(match).get(cid)
    if at is None:
        return []
    if stub(match, cid).side == GERMAN:
        return german_hexes(match, cid, at)
    return soviet_hexes(match, cid, at)


@on_phase("start", ids=("assault",))
def soviet_turn_begins(match: Match, phase: PhaseSpec) -> None:
    """The start of the Soviet player turn: the German Rollbahn-entry flags go (8.2: "that
    turn"), and the hexes fit to receive this turn's Soviet reinforcements are noted (8.1)."""
    if match.phasing != SOVIET:
        return
    for unit in match.units_of(GERMAN):
        unit.flags.pop(FLAG, None)
    note_soviet_entries(match)


def note_soviet_entries(match: Match) -> None:
    """8.1: the hexes held and supplied now that this turn's Soviet arrivals may use."""
    ns = match.state.ns(NS)
    ns.pop("soviet_entries", None)
    arriving = due(match, SOVIET)
    if not arriving:
        return
    from .supply import soviet_line

    control = match.state.control
    wanted: set[str] = set()
    for at in arriving.values():
        if ANY in at:
            wanted |= {h for h, side in control.items() if side == SOVIET and town_class(match, h)}
        wanted |= {h for h in at if h != ANY}
    ns["soviet_entries"] = sorted(
        h for h in wanted if control.get(h) == SOVIET and soviet_line(match, h) is not None
    )


@on_phase("start", ids=("entry",), tryfirst=True)
def arrive(match: Match, phase: PhaseSpec) -> None:
    """8.1: the phasing side's arrivals of this turn (asked after the phase's other activities:
    pushed first, answered last)."""
    if match.phasing is not None:
        start(match, match.phasing)


def start(match: Match, side: str) -> None:
    arriving = due(match, side)
    if arriving:
        match.state.ns(NS)["queue"] = arriving
        _next(match, side)


def _next(match: Match, side: str) -> None:
    """Forfeit every waiting unit that has nowhere to enter; ask for the rest."""
    ns = match.state.ns(NS)
    queue = waiting(match)
    for cid in list(queue):
        if not hexes(match, cid):
            del queue[cid]
            ns["queue"] = queue
            unit = match.new_unit(cid, None)
            unit.flags["forfeit"] = True
            match.emit(KIND, f"{cid} cannot enter on its turn: lost for good", rule(side), unit=cid)
    if queue:
        ns["queue"] = queue
        match.push(side, KIND, f"enter reinforcements: {', '.join(queue)} ({rule(side)})")
    else:
        ns.pop("queue", None)


class Reinforce(Verb):
    """``reinforce UNIT HEX``: a unit arriving this turn enters at HEX (8.1, 8.2)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for cid in waiting(match):
            for h in hexes(match, cid):
                yield Action(self.name, (cid, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: reinforce UNIT HEX"
        cid, h = str(action.args[0]), str(action.args[1])
        if cid not in waiting(match):
            return f"{cid} does not arrive now ({rule(decision.side)})"
        if h in hexes(match, cid):
            return None
        if decision.side == SOVIET:
            return (
                f"{cid} enters only at its printed hex(es), or any town or city for 'Any', held "
                "and supplied at the start of the Soviet player turn, over-stacking only where "
                "no such hex has room (LWE 8.1, 7.16)"
            )
        if nation(stub(match, cid)) != "ger":
            return (
                f"{cid}, a satellite unit, enters only at a Romanian map-edge hex the Soviet does "
                "not hold, within stacking (LWE 8.2, 6.1, 6.3)"
            )
        return (
            f"{cid} enters at a map-edge hex of Greater Germany or Romania or a Rollbahn town "
            "he holds in supply, never Soviet-held, within stacking (LWE 8.2, 7.16, 6.1, 6.3)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        cid, h = str(action.args[0]), str(action.args[1])
        side = decision.side
        at = waiting(match)[cid]
        queue = waiting(match)
        del queue[cid]
        match.state.ns(NS)["queue"] = queue
        unit = match.new_unit(cid, h)
        how = ""
        if side == GERMAN and h not in match.resolve_locations(at):
            unit.flags[FLAG] = True
            how = " (a Rollbahn town: it may not move or attack this turn)"
        match.emit(KIND, f"{cid} enters at {h}{how}", rule(side), unit=cid, loc=h)
        _next(match, side)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reinforce()]


@hookimpl
@veto_scope(verbs=("move", "rollbahn", "attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """8.2: a unit entered at a Rollbahn town neither moves nor attacks that turn."""
    if decision.side != GERMAN:
        return None
    units = match.state.units
    for arg in action.args:
        for uid in str(arg).split(","):
            unit = units.get(uid)
            if unit is not None and unit.flags.get(FLAG):
                return (
                    f"{uid} entered at a Rollbahn town this turn: it may not move or attack "
                    "(LWE 8.2)"
                )
    return None
