"""German Assault Gun Brigades (PMD 15.22).

From turn 319 the AGBs arrive as Axis reinforcements in the North OKH area (9.1.1) on their
depleted side, 2-1-11: the Reinforcement Phase flips each arriving one (flag ``agb_arrival``).
In his part of that Reinforcement Phase the Axis may, for each, either spend 1 MRP to flip it to
full strength (``agb-flip UNIT``) or use it to convert an Assault Gun Battalion on the map
(``agb-convert UNIT BATTALION``): the battalion, not next to an enemy unit, is removed from play
and the AGB takes its place in its hex at full strength, with no Refit marker. The flag goes
with either choice or at the end of his part: after that the AGB is an ordinary unit (refitted,
if at all, by 9.5.1)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from . import conversions, replacements, reserves
from .turns import AXIS

RULE = "PMD 15.22"
FLAG = "agb_arrival"


def arriving(match: Match) -> list[Unit]:
    """The AGBs that arrived this Reinforcement Phase and wait for the Axis's choice."""
    return [u for u in match.units_of(AXIS) if u.flags.get(FLAG)]


def _agb(match: Match, unit: Unit | None) -> bool:
    return unit is not None and match.counter(unit)["type"] == "agb"


@on_phase("end", ids=("reinforcement",))
def depleted(match: Match, phase: PhaseSpec) -> None:
    """15.22: this turn's AGBs arrive on their depleted side."""
    for entry in match.title.doc("calendar").get("schedule", {}).values():
        if (
            int(entry["turn"]) != match.turn
            or entry.get("kind", "reinforcement") != "reinforcement"
        ):
            continue
        for uid in entry.get("units", []):
            unit = match.state.units.get(uid)
            if _agb(match, unit) and unit is not None and unit.loc is not None:
                unit.step = 1
                unit.flags[FLAG] = True
                match.emit("agb", f"{uid} arrives depleted (2-1-11)", RULE, unit=uid)


@on_phase("end", ids=("axis-reinforcement",))
def choice_gone(match: Match, phase: PhaseSpec) -> None:
    """15.22: the flip or the conversion is made as the AGB arrives, or not at all."""
    for unit in arriving(match):
        unit.flags.pop(FLAG, None)


def _problem(match: Match, decision: Decision, unit: Unit | None) -> str | None:
    if decision.side != AXIS or unit is None or not unit.flags.get(FLAG):
        return f"only an Assault Gun Brigade arriving this turn ({RULE})"
    return None


class Flip(Verb):
    """``agb-flip UNIT``: 1 MRP brings an arriving AGB to full strength (15.22(1))."""

    name = "agb-flip"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side == AXIS and replacements.points(match, AXIS)["mrp"] >= 1:
            for unit in arriving(match):
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: agb-flip UNIT"
        problem = _problem(match, decision, match.state.units.get(action.args[0]))
        if problem is None and replacements.points(match, AXIS)["mrp"] < 1:
            problem = f"no MRP left ({RULE})"
        return problem

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        replacements.points(match, AXIS)["mrp"] -= 1
        unit.step = 0
        unit.flags.pop(FLAG, None)
        match.touch()
        match.emit("agb", f"{unit.id} flipped to full strength for 1 MRP", RULE, unit=unit.id)


def convert_problem(match: Match, battalion: Unit | None) -> str | None:
    """Why ``battalion`` may not be converted by an arriving AGB now (15.22(2)), or None."""
    if battalion is None or battalion.side != AXIS or match.counter(battalion)["type"] != "agbn":
        return f"an AGB converts an Assault Gun Battalion ({RULE})"
    if battalion.loc is None or is_box(battalion.loc):
        return f"the Assault Gun Battalion must be on the map ({RULE})"
    if reserves._adjacent_enemy(match, battalion.loc, AXIS):
        return f"the Assault Gun Battalion may not be next to an enemy unit ({RULE})"
    return None


class Convert(Verb):
    """``agb-convert UNIT BATTALION``: the arriving AGB replaces an on-map Assault Gun Battalion,
    at full strength (15.22(2))."""

    name = "agb-convert"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS:
            return
        agbs = arriving(match)
        for bn in match.units_of(AXIS) if agbs else ():
            if match.counter(bn)["type"] == "agbn" and convert_problem(match, bn) is None:
                for agb in agbs:
                    yield Action(self.name, (agb.id, bn.id))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: agb-convert UNIT BATTALION"
        units = match.state.units
        return _problem(match, decision, units.get(action.args[0])) or convert_problem(
            match, units.get(action.args[1])
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        agb, bn = (match.state.units[a] for a in action.args)
        loc = bn.loc
        for stack in reserves.stacks(match, AXIS).values():
            if bn.id in stack["units"]:
                stack["units"][stack["units"].index(bn.id)] = agb.id
        conversions._gone(match, bn, f"converted into {agb.id} in {loc}", RULE)
        match.place(agb, loc)
        agb.step = 0
        agb.flags.pop(FLAG, None)
        agb.flags.pop("entry", None)  # on the map: no longer entering (9.1.1)
        match.touch()
        match.emit("agb", f"{agb.id} replaces {bn.id} at full strength", RULE, unit=agb.id)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Flip(), Convert()]
