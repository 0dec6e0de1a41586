"""German mechanized refits (LWE 8.11, 10.9).

In the German Mechanized Refit Start Phase the German places a Refit marker on any reduced panzer,
panzer grenadier or motorized division that began the phase in regular supply, not attenuated (on
the map, not out of supply and not bound by the GAS Line, 7.4), and not next to a Soviet unit: his
choice unit by unit (``refit UNIT``, ``refit done``). A marked unit may not move or attack that
player turn. In the Refit Completion Phase one die a marked unit: 1-4 it is back to full strength,
5-6 it stays reduced; the marker goes either way. No refit from the first mud or snow (10.9,
``weather_seen``).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame import markers
from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics import concentration
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .common import GERMAN, SOVIET, in_region, weather_seen

NS = "lwe-refit"
KIND = "refit"
MARKER = "refit"
MARKERS = (MARKER,)
RULE = "LWE 8.11"
MECH_TAGS = frozenset({"panzer", "panzer-grenadier", "motorized"})


def attenuated(match: Match, unit: Unit) -> bool:
    """East of the GAS Line and bound by it (7.4): not after a completed pause, not under a
    supply concentration marker (ruling S2)."""
    if match.state.vars.get("gas_ignored") or concentration.selected(match, unit):
        return False
    return in_region(match, unit.loc, "gas-east")


def eligible(match: Match, unit: Unit) -> bool:
    from .supply import oos

    tags = set(match.unit_type(unit).get("tags", ()))
    if unit.side != GERMAN or "german" not in tags or not tags & MECH_TAGS or unit.step < 1:
        return False
    if unit.loc is None or unit.loc.startswith("box:") or oos(unit) or attenuated(match, unit):
        return False
    return not any(
        u.side == SOVIET for n in match.topology.neighbours(unit.loc) for u in match.units_at(n)
    )


def waiting(match: Match) -> list[str]:
    """The units eligible at the start of the phase and not yet marked."""
    units = match.state.units
    return [
        uid
        for uid in match.state.ns(NS).get("eligible", [])
        if uid in units and not markers.has(match, units[uid], MARKER)
    ]


def _ask(match: Match) -> None:
    if waiting(match):
        match.push(GERMAN, KIND, f"place Refit markers ({RULE})")
    else:
        match.state.ns(NS).pop("eligible", None)


@on_phase("start", ids=("refit-start",))
def offer(match: Match, phase: PhaseSpec) -> None:
    if match.phasing != GERMAN or weather_seen(match, "mud"):
        return
    found = sorted(u.id for u in match.units_of(GERMAN) if eligible(match, u))
    if found:
        match.state.ns(NS)["eligible"] = found
        _ask(match)


@on_phase("start", ids=("refit-completion",))
def complete(match: Match, phase: PhaseSpec) -> None:
    """8.11: a die a marked unit, 1-4 full strength; the marker goes."""
    for unit in sorted(markers.units_with(match, MARKER), key=lambda u: u.id):
        roll = match.roll("1d6", f"{unit.id} refit", RULE)
        if roll <= 4:
            unit.step = 0
            match.emit(KIND, f"{unit.id} refitted to full strength", RULE)
        else:
            match.emit(KIND, f"{unit.id} fails to refit", RULE)
        markers.remove(match, unit, MARKER, "refit rolled", RULE)


class Refit(Verb):
    """``refit UNIT`` (a marker on it) or ``refit done`` (8.11)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in waiting(match):
            yield Action(self.name, (uid,))
        yield Action(self.name, ("done",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: refit UNIT|done"
        if action.args[0] != "done" and action.args[0] not in waiting(match):
            return (
                f"{action.args[0]} may not refit: a reduced German mechanized division that began "
                f"the phase in regular supply, not attenuated, away from Soviet units ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args[0] == "done":
            match.state.ns(NS).pop("eligible", None)
            return
        markers.place(match, match.state.units[action.args[0]], MARKER, RULE)
        _ask(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Refit()]


@hookimpl
@veto_scope(verbs=("move", "rollbahn", "attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """8.11: a unit under a Refit marker neither moves nor fights this player turn."""
    if not markers.units_with(match, MARKER):
        return None
    ids = {a for arg in action.args for a in str(arg).split(",")}
    for unit in markers.units_with(match, MARKER):
        if unit.id in ids:
            return f"{unit.id} is refitting: it may not move or fight this turn ({RULE})"
    return None
