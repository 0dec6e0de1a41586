"""German anti-partisan withdrawals (PMD 9.7.5, 4.5.2(4)): from turn 311, in each Reinforcement
Phase.

A die on the Anti-Partisan Warfare Table gives the regular infantry (ID) and panzer (PD)
divisions the Axis must keep in the Anti-Partisan box that turn. Units already there beyond the
number are returned at once through any Axis-owned town or city (the Axis names each, and where:
``antipartisan UNIT HEX``); for each one short he withdraws a full-strength division of the type
from the map (``antipartisan UNIT``) or declines (``antipartisan decline``: 1 VP off the Axis
total for the turn, and the rest of the turn's shortfall lapses; ruling AP2).

The table is not in the text: ``TABLE`` is a stand-in (ruling AP1). Units in the box are off
the map (``loc`` None), listed in ``state.ns("pmd-antipartisan")["box"]``; the turn's call
(``need``) goes when it is met or declined."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics.control import controller
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import ports, supply, victory
from .turns import AXIS, ynn

RULE = "PMD 9.7.5"
FIRST_TURN = 311
TABLE: dict[int, dict[str, int]] = {
    1: {"id": 0, "pd": 0},
    2: {"id": 1, "pd": 0},
    3: {"id": 1, "pd": 0},
    4: {"id": 2, "pd": 0},
    5: {"id": 2, "pd": 1},
    6: {"id": 3, "pd": 1},
}
"""Stand-in Anti-Partisan Warfare Table (9.7.5: the table is not in the text; ruling AP1): a
die -> the regular IDs and PDs required that turn."""
TYPES = ("id", "pd")
TOWNS = ("city", "large-town", "small-town")


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-antipartisan")


def box(match: Match) -> list[str]:
    return list(_ns(match).get("box", ()))


def kind(match: Match, uid: str) -> str:
    return str(match.counter(match.state.units[uid]).get("type"))


def held(match: Match, of: str) -> list[str]:
    return [u for u in box(match) if kind(match, u) == of]


def candidates(match: Match, of: str) -> list[Unit]:
    """Full-strength divisions of the type on the map (9.7.5: a regular ID, a PD), withdrawn
    per the generic withdrawal rules: in overland supply (9.7.1)."""
    from .strategic import overland_supply

    return [
        u
        for u in match.units_of(AXIS)
        if u.loc is not None
        and u.loc in match.topology
        and u.step == 0
        and match.counter(u).get("type") == of
        and overland_supply(match, u)
    ]


def towns(match: Match) -> list[str]:
    """Axis-owned towns and cities without Soviet units, in defensive supply (9.7.5: overland,
    8.2, or sea, 8.4)."""
    topo = match.topology
    supplied = supply.nets(match, AXIS)[1] | ports.axis_sea(match)
    return sorted(
        h
        for h in topo.locations()
        if set(TOWNS) & topo.features(h)
        and controller(match, h) == AXIS
        and match.side_at(h) in (None, AXIS)
        and h in supplied
    )


def start(match: Match) -> None:
    roll = match.roll("1d6", "Anti-Partisan Warfare Table", RULE)
    need = dict(TABLE[roll])
    _ns(match)["need"] = need
    match.emit(
        "antipartisan",
        f"anti-partisan warfare: {need['id']} ID and {need['pd']} PD needed (roll {roll})",
        RULE,
        need=need,
    )
    ask(match)


def ask(match: Match) -> None:
    """Push the next return or withdrawal, or close the turn's call."""
    ns = _ns(match)
    need = ns.get("need")
    if need is None:
        return
    for of in TYPES:
        if len(held(match, of)) > need[of]:
            match.push(
                AXIS, "antipartisan", f"return an {of.upper()} ({RULE})", mode="return", of=of
            )
            return
    for of in TYPES:
        if len(held(match, of)) < need[of]:
            match.push(
                AXIS, "antipartisan", f"withdraw an {of.upper()} ({RULE})", mode="withdraw", of=of
            )
            return
    ns.pop("need", None)


class AntiPartisan(Verb):
    """``antipartisan UNIT HEX`` (return), ``antipartisan UNIT`` (withdraw) or ``antipartisan
    decline`` (9.7.5): the Axis player's choices."""

    name = "antipartisan"
    kinds = ("antipartisan",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        of = decision.context["of"]
        if decision.context["mode"] == "return":
            places = towns(match)
            for uid in held(match, of):
                for h in places:
                    yield Action("antipartisan", (uid, h))
            return
        for unit in candidates(match, of):
            yield Action("antipartisan", (unit.id,))
        yield Action("antipartisan", ("decline",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        of, args = decision.context["of"], action.args
        if decision.context["mode"] == "return":
            if len(args) != 2 or args[0] not in held(match, of):
                return f"name an {of.upper()} in the Anti-Partisan box and a town ({RULE})"
            if args[1] not in towns(match):
                return f"{args[1]} is not an Axis-owned town or city in defensive supply ({RULE})"
            return None
        if args == ("decline",):
            return None
        if len(args) != 1 or args[0] not in {u.id for u in candidates(match, of)}:
            return f"name a full-strength {of.upper()} on the map in overland supply, or decline ({RULE}, 9.7.1)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        ns = _ns(match)
        args = action.args
        if decision.context["mode"] == "return":
            ns["box"].remove(args[0])
            match.place(match.state.units[args[0]], args[1])
            match.emit("antipartisan", f"{args[0]} returns at {args[1]}", RULE)
        elif args == ("decline",):
            victory.change(match, -1, "anti-partisan commitment not made", "PMD 4.5.2(4)")
            ns.pop("need", None)
            match.emit("antipartisan", "anti-partisan commitment not made: Axis -1 VP", RULE)
            return
        else:
            ns.setdefault("box", []).append(args[0])
            match.remove(match.state.units[args[0]])  # 9.7.5: withdrawn (leaving.py)
            match.emit("antipartisan", f"{args[0]} withdrawn to the Anti-Partisan box", RULE)
        ask(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [AntiPartisan()]


@on_phase("start", ids=("reinforcement",))
def reinforcement_phase(match: Match, phase: PhaseSpec) -> None:
    if ynn(match) >= FIRST_TURN:
        start(match)
