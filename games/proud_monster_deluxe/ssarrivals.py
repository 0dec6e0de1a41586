"""The named SS arrivals (PMD 15.20, 15.24): the 19SS ID (Latvian) on turn 318 and the 20SS ID
(Estonian) on turn 407 arrive as reinforcements that may enter only at Riga (1808) and Tallinn
(2302). They come with the schedule into the North OKH area with that hex as their only entry
hex (``calendar.json``); when the Axis part of that Reinforcement Phase begins, one whose hex
the Axis does not control is removed from play. Until it enters the map it may not move
strategically (11.2 would bring it in elsewhere); after entry it follows the normal rules, and a
rebuilt one re-enters in the North OKH area like any German unit (9.5.1, ``replacements.py``).

The 11SS PGD conversion (15.23): when turn 323's Reinforcement Phase begins, the 11SS PGD forms
from three withdrawn units, the NdrSS MIB, the DanSS MIB and the NorSS ID, if all three are in
the Axis withdrawal piles (``withdrawals.py``) and none was ever destroyed: the three are removed
from play and the 4-step PGD arrives in the North OKH area less the steps the three had lost.
Otherwise it does not convert (ruling CV1: a unit not withdrawn, like a destroyed one, cannot
convert). The stand-in schedule withdraws none of the three (the TRT is not in the text), so in a
generated game it never converts."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics.control import controller
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import eliminated, leaving
from .strategic import OKH
from .turns import AXIS, ynn

ARRIVALS = {
    "ger-id-19ss": ("1808", "Riga", "PMD 15.20"),
    "ger-id-20ss": ("2302", "Tallinn", "PMD 15.24"),
}
"""Counter -> its only entry hex, the town's name and the rule."""
FLAG = "only_at"
GERMANY = "country:greater-germany"


@on_phase("start", ids=("reinforcement",))
def conversion(match: Match, phase: PhaseSpec) -> None:
    """15.23: the 11SS PGD's conversion on turn 323."""
    if ynn(match) == TURN:
        eleventh(match)


@on_phase("start", ids=("axis-reinforcement",))
def arrivals(match: Match, phase: PhaseSpec) -> None:
    """15.20, 15.24: on arrival, removed from play unless the Axis controls the entry hex."""
    for cid, (hex_, town, rule) in ARRIVALS.items():
        unit = match.state.units.get(cid)
        if unit is None or unit.loc is None or not unit.loc.startswith("box:"):
            continue
        if unit.flags.get("entry") != [hex_] or unit.flags.get(FLAG):
            continue  # not this turn's arrival (a rebuilt one enters through Germany)
        if controller(match, hex_) != AXIS:
            leaving.remove_from_game(match, unit)
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


# ------------------------------------------------------------------ 15.23

CONVERSION_RULE = "PMD 15.23"
TURN = 323
PARTS = ("ger-mib-ndrss", "ger-mib-danss", "ger-id-norss")
PGD = "ger-pgd-11ss"


def _destroyed(match: Match, uid: str) -> bool:
    unit = match.state.units.get(uid)
    if unit is not None and unit.flags.get("eliminated"):
        return True
    return any(isinstance(ids, list) and uid in ids for ids in eliminated._ns(match).values())


def convert(match: Match) -> str | None:
    """Form the 11SS PGD now if 15.23 allows; the reason it does not, or None when formed."""
    if PGD in match.state.units or PGD not in match.counters_doc["counters"]:
        return "no 11SS PGD to form"
    piles = match.state.plugins.get("pmd-withdrawals", {})
    withdrawn = {uid for pile in ("specific", "generic") for uid in piles.get(pile, [])}
    for uid in PARTS:
        if _destroyed(match, uid):
            return f"{uid} was destroyed ({CONVERSION_RULE})"
        if uid not in withdrawn:
            return f"{uid} is not withdrawn (ruling CV1)"
    lost = sum(match.state.units[uid].step for uid in PARTS)
    for uid in PARTS:
        for pile in ("specific", "generic"):
            if uid in piles.get(pile, []):
                piles[pile].remove(uid)
        eliminated._ns(match).setdefault(eliminated.REMOVED, []).append(uid)
        match.state.units[uid].flags["converted"] = PGD
    pgd = match.new_unit(PGD, OKH["north"])
    pgd.step = min(lost, len(match.counter(pgd)["steps"]) - 1)
    pgd.flags["entry"] = match.resolve_locations([GERMANY])
    match.emit(
        "conversion", f"{PGD} formed from {', '.join(PARTS)}, less {lost} step(s)", CONVERSION_RULE
    )
    return None


def eleventh(match: Match) -> None:
    """15.23 on turn 323: the conversion, or the reason it does not happen."""
    why = convert(match)
    if why is not None and PGD not in match.state.units:
        match.emit("conversion", f"the 11SS PGD does not form: {why}", CONVERSION_RULE)
