"""Axis First Winter Attrition (PMD 12.4): German step losses in each Snow week of 1941-42.

In the Weather Phase of each week of Snow (either zone) in the 1941-42 winter, the WA number of
the week's chit gives the German step losses (never a minor ally's) to allocate. The players
allocate them in turn, the Soviet first: he names an Axis stack north of the North/South line
next to a Soviet stack (``attrition HEX``), examines it and names the German unit in it that
loses the step (``attrition UNIT``); the Axis names any German unit on the map in a Snow hex
(``attrition UNIT``). A unit loses at most one step to attrition a week; when the Soviet has no
stack left to name, the Axis allocates the rest; losses no German unit in Snow can take lapse.

The WA numbers are on the week's chit (``weather.week_wa``), whose contents are not in the text:
``weather.WA_ON`` is a stand-in (ruling WA1). The week's record (the units hit, who names next) goes when its last loss is
allocated."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.calendar import weather
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import fog
from .turns import AXIS, SOVIET
from .weather import weather_at, week_wa

RULE = "PMD 12.4"


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-attrition")


def german(match: Match, unit: Unit) -> bool:
    """A German combat unit (12.4: not a minor ally's)."""
    tags = match.unit_type(unit).get("tags", ())
    return unit.side == AXIS and "german" in tags


def _candidates(match: Match) -> list[Unit]:
    hit = set(_ns(match).get("hit", ()))
    return [
        u
        for u in match.units_of(AXIS)
        if u.loc is not None and u.loc in match.topology and u.id not in hit and german(match, u)
    ]


def axis_choices(match: Match) -> list[Unit]:
    """German units the Axis may name: on the map where the weather is Snow."""
    return [u for u in _candidates(match) if u.loc and weather_at(match, u.loc) == "S"]


def soviet_stacks(match: Match) -> list[str]:
    """Hexes the Soviet may name: an Axis stack with a German unit not yet hit this week, north
    of the North/South line, next to a Soviet stack."""
    south = match.topology.region("south")
    locs = {u.loc for u in _candidates(match) if u.loc and u.loc not in south}
    return sorted(
        h for h in locs if any(match.side_at(n) == SOVIET for n in match.topology.neighbours(h))
    )


def start(match: Match) -> None:
    """The week's attrition, in its Weather Phase (12.4)."""
    n = week_wa(match)
    if n <= 0 or "S" not in (weather(match, "nz"), weather(match, "sz")):
        return
    _ns(match).update({"left": n, "hit": [], "next": SOVIET})
    match.emit("attrition", f"winter attrition: {n} German step losses (WA{n})", RULE, n=n)
    ask(match)


def finish(match: Match, why: str) -> None:
    st = _ns(match)
    if st.get("left"):
        match.emit("attrition", f"winter attrition: {st['left']} losses lapse ({why})", RULE)
    st.clear()


def ask(match: Match) -> None:
    """Push the next allocation: the Soviet's while he has a stack to name, else the Axis's."""
    st = _ns(match)
    if st["left"] <= 0:
        finish(match, "all allocated")
        return
    if st["next"] == SOVIET and soviet_stacks(match):
        match.push(SOVIET, "attrition", f"name an Axis stack for winter attrition ({RULE})")
        return
    if not axis_choices(match):
        finish(match, "no German unit in Snow is left to take one")
        return
    match.push(AXIS, "attrition", f"name a German unit for winter attrition ({RULE})")


def _take(match: Match, unit: Unit, by: str) -> None:
    st = _ns(match)
    st["hit"].append(unit.id)
    st["left"] -= 1
    st["next"] = AXIS if by == SOVIET else SOVIET
    match.emit("attrition", f"winter attrition: {unit.id} loses a step ({by} names it)", RULE)
    match.lose_steps(unit, 1, RULE)
    ask(match)


class Attrition(Verb):
    """``attrition HEX`` (the Soviet names a stack), ``attrition UNIT`` (a unit in it, or the
    Axis's own choice): 12.4's alternating allocation, each player's decision."""

    name = "attrition"
    kinds = ("attrition",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        stack = decision.context.get("stack")
        if stack is not None:
            for uid in decision.context["units"]:
                yield Action("attrition", (uid,))
        elif decision.side == SOVIET:
            for loc in soviet_stacks(match):
                yield Action("attrition", (loc,))
        else:
            for unit in axis_choices(match):
                yield Action("attrition", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: attrition HEX|UNIT"
        arg = action.args[0]
        stack = decision.context.get("stack")
        if stack is not None:
            if arg not in decision.context["units"]:
                return f"name a German unit of the stack at {stack} not yet hit this week ({RULE})"
        elif decision.side == SOVIET:
            if arg not in soviet_stacks(match):
                return (
                    f"name an Axis stack with a German unit not yet hit this week, north of "
                    f"the North/South line, next to a Soviet stack ({RULE})"
                )
        elif arg not in {u.id for u in axis_choices(match)}:
            return f"name a German unit in Snow not yet hit this week ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        arg = action.args[0]
        if decision.side == SOVIET and decision.context.get("stack") is None:
            # the Soviet examines the stack he named (12.4) and names the unit in it
            hit = set(_ns(match)["hit"])
            units = [u for u in match.units_at(arg) if german(match, u) and u.id not in hit]
            fog.examine(match, match.units_at(arg))
            match.push(
                SOVIET,
                "attrition",
                f"name the unit at {arg} that loses the step ({RULE})",
                stack=arg,
                units=[u.id for u in units],
            )
            return
        _take(match, match.state.units[arg], decision.side)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Attrition()]


@on_phase("start", ids=("w1-weather", "w2-weather"), trylast=True)
def weather_phase(match: Match, phase: PhaseSpec) -> None:
    """After the week's weather is set (weather.py) in its Weather Phase."""
    start(match)
