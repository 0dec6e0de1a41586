"""The named SS arrivals (PMD 15.20, 15.24): the 19SS ID (Latvian) on turn 318 and the 20SS ID
(Estonian) on turn 407 arrive as reinforcements that may enter only at Riga (1808) and Tallinn
(2302). They come with the schedule into the North OKH area with that hex as their only entry
hex (``calendar.json``); when the Axis part of that Reinforcement Phase begins, one whose hex
the Axis does not control is removed from play. Until it enters the map it may not move
strategically (11.2 would bring it in elsewhere); after entry it follows the normal rules, and a
rebuilt one re-enters in the North OKH area like any German unit (9.5.1, ``replacements.py``)."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics.control import controller
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import eliminated
from .turns import AXIS

ARRIVALS = {
    "ger-id-19ss": ("1808", "Riga", "PMD 15.20"),
    "ger-id-20ss": ("2302", "Tallinn", "PMD 15.24"),
}
"""Counter -> its only entry hex, the town's name and the rule."""
FLAG = "only_at"


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """15.20, 15.24: on arrival, removed from play unless the Axis controls the entry hex."""
    if phase.id != "axis-reinforcement":
        return
    for cid, (hex_, town, rule) in ARRIVALS.items():
        unit = match.state.units.get(cid)
        if unit is None or unit.loc is None or not unit.loc.startswith("box:"):
            continue
        if unit.flags.get("entry") != [hex_] or unit.flags.get(FLAG):
            continue  # not this turn's arrival (a rebuilt one enters through Germany)
        if controller(match, hex_) != AXIS:
            match.place(unit, None)
            unit.flags = {"removed": True}
            eliminated._ns(match).setdefault(eliminated.REMOVED, []).append(cid)
            match.emit("removed", f"{cid} removed from play: {town} is not Axis-controlled", rule)
        else:
            unit.flags[FLAG] = hex_
            match.emit("arrival", f"{cid} may enter only at {town} ({hex_})", rule)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Entered the map: the entry limit has served."""
    for unit in units:
        if unit.flags.get(FLAG) and unit.loc is not None and not unit.loc.startswith("box:"):
            unit.flags.pop(FLAG)


@hookimpl
@veto_scope(verbs=("strategic",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    unit = match.state.units.get(action.args[0]) if action.args else None
    if unit is None or not unit.flags.get(FLAG):
        return None
    _hex, town, rule = ARRIVALS[unit.id]
    return f"{unit.id} enters the map only at {town} ({rule})"
