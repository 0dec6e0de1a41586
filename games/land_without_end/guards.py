"""Guards conversions (LWE 8.13): on GT12 and GT20 the Guards units of the calendar (events citing
8.13) enter as the first activity of the Soviet New Unit Entry Phase, each in place of an on-map
non-Guards unit of the exact same type (a Guards rifle division for a rifle division, a Guards
cavalry corps for a cavalry corps) in supply. Which unit is converted is the Soviet player's
decision, one Guards unit at a time (``convert GUARDS UNIT``); the removed unit goes to the dead
pile, where replacements may reclaim it (8.7). A conversion is never delayed or declined: a Guards
unit with no unit to convert is eliminated for good (Guards are never reclaimed, 8.7).
Replacements (8.7) are granted once the conversions are done.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from .common import SOVIET

NS = "lwe-guards"
KIND = "guards"
RULE = "LWE 8.13"
CONVERTS = {"guards-rifle": "rifle", "guards-cavalry-corps": "cavalry-corps"}
"""8.13: the non-Guards type each Guards type is converted from."""


def due(match: Match) -> list[str]:
    """The Guards units the calendar brings this turn (events citing 8.13), not yet in play."""
    out = []
    for entry in match.title.doc("calendar").get("schedule", {}).values():
        rule = entry.get("provenance", {}).get("rule")
        if entry.get("kind") == "event" and rule == RULE and int(entry["turn"]) == match.turn:
            out += [uid for uid in entry.get("units", ()) if uid not in match.state.units]
    return out


def queue(match: Match) -> list[str]:
    return list(match.state.ns(NS).get("queue", []))


def candidates(match: Match, guards: str) -> list[Unit]:
    """8.13: on-map Soviet units of the exact type the Guards unit converts, in supply."""
    from .supply import soviet_supply

    want = CONVERTS[match.counters_doc["counters"][guards]["type"]]
    return sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if u.loc is not None
            and not u.loc.startswith("box:")
            and match.counter(u)["type"] == want
            and soviet_supply(match, u.loc) is not None
        ),
        key=lambda u: u.id,
    )


def start(match: Match) -> bool:
    """Begin this turn's conversions; True while one waits for the Soviet player's choice."""
    if match.state.ns(NS).get("turn") == match.turn:
        return False
    match.state.ns(NS)["turn"] = match.turn
    match.state.ns(NS)["queue"] = due(match)
    return _next(match)


def _next(match: Match) -> bool:
    ns = match.state.ns(NS)
    waiting = queue(match)
    while waiting:
        guards = waiting[0]
        if candidates(match, guards):
            ns["queue"] = waiting
            match.push(SOVIET, KIND, f"convert a unit into {guards} ({RULE})")
            return True
        waiting.pop(0)
        unit = match.new_unit(guards, None)
        unit.flags["eliminated"] = True
        match.emit(KIND, f"{guards}: no unit to convert; eliminated for good", RULE, unit=guards)
    ns.pop("queue", None)
    return False


class Convert(Verb):
    """``convert GUARDS UNIT``: the Guards unit takes the place of UNIT (8.13)."""

    name = "convert"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        waiting = queue(match)
        if waiting:
            for unit in candidates(match, waiting[0]):
                yield Action(self.name, (waiting[0], unit.id))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        waiting = queue(match)
        if len(action.args) != 2 or not waiting:
            return "usage: convert GUARDS UNIT"
        if action.args[0] != waiting[0]:
            return f"{waiting[0]} is the Guards unit to enter now ({RULE})"
        if action.args[1] not in {u.id for u in candidates(match, waiting[0])}:
            return (
                f"{action.args[1]} may not become {waiting[0]}: a unit of the exact same type, on "
                f"the map and in supply ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from . import replacements

        match.pop()
        guards, uid = str(action.args[0]), str(action.args[1])
        old = match.state.units[uid]
        loc = old.loc
        match.eliminate(old, f"converted into {guards}", RULE)
        match.new_unit(guards, loc)
        match.emit(KIND, f"{guards} enters at {loc} in place of {uid}", RULE, unit=guards, loc=loc)
        waiting = queue(match)[1:]
        match.state.ns(NS)["queue"] = waiting
        if not _next(match):
            replacements.begin(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Convert()]
