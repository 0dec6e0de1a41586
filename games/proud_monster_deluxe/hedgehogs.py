"""Axis Hedgehogs (PMD 13.4.2): an urban hex the Axis chose to hold at any price.

From turn 123 the Axis may, in his Initial Movement Phase, put a Hedgehog marker on a
German-coloured unit in a small town, large town or city (``hedgehog HEX``) or take one off
(``hedgehog HEX off``), whatever the supply or the Soviets next to it. The markers may be
improvised (2.4): there is no limit.

While it is on the hex, the Axis defence there must claim it as its one construction (no other,
never none: ``constructions.available``) for a 2L shift; its units may not retreat after combat
(``losses.may_retreat``) nor attack (a veto on ``attack`` and ``overrun`` naming them); the
Soviets may not mobile-assault the hex (``mobileassault``'s 14.4 list reads
``constructions.present``) and get no concentric shift (13.3, ``concentric.py``). On a city the
city's stacking still holds (no 13.4.2 overstack for declining the city).

The marker sits on a German-coloured unit, so it goes when no German-coloured unit is left in
the hex (moved away or eliminated; ruling HH1), as well as when the Axis takes it off."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics import combat as combat_mechanic
from wargame.plugins import Verb
from wargame.state import Unit

from .losses import german_coloured
from .reserves import initial_movement
from .turns import AXIS, ynn

RULE = "PMD 13.4.2"
KIND = "hedgehog"
FROM_TURN = 123
URBAN = ("small-town", "large-town", "city")
SHIFT = -2
"""13.4.2: two columns left for the Axis defending in a Hedgehog."""


def _key(loc: str) -> str:
    return f"{KIND}:{loc}"


def at(match: Match, loc: str | None) -> bool:
    """Whether a Hedgehog marker is on ``loc``."""
    return loc is not None and _key(loc) in match.state.markers


def holds(match: Match, loc: str) -> bool:
    """A German-coloured unit is in ``loc``: what a Hedgehog sits on."""
    return any(u.side == AXIS and german_coloured(match, u) for u in match.units_at(loc))


def problem(match: Match, side: str, loc: str, off: bool) -> str | None:
    """Why ``hedgehog loc [off]`` is refused now, or None."""
    if side != AXIS or not initial_movement(match, AXIS):
        return f"the Axis places or removes Hedgehogs in his Initial Movement Phase ({RULE})"
    if ynn(match) < FROM_TURN:
        return f"Hedgehogs may be placed from turn {FROM_TURN} ({RULE})"
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}"
    if off:
        return None if at(match, loc) else f"no Hedgehog on {loc}"
    if at(match, loc):
        return f"{loc} has a Hedgehog already"
    if not set(URBAN) & set(match.topology.features(loc)):
        return f"a Hedgehog goes in a small town, large town or city ({RULE})"
    if not holds(match, loc):
        return f"a Hedgehog goes on a German-coloured unit ({RULE})"
    return None


class Hedgehog(Verb):
    """``hedgehog HEX`` / ``hedgehog HEX off``: the Axis forms or gives up a Hedgehog (13.4.2)."""

    name = "hedgehog"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS or ynn(match) < FROM_TURN or not initial_movement(match, AXIS):
            return
        topo = match.topology
        for loc in sorted({u.loc for u in match.units_of(AXIS) if u.loc and u.loc in topo}):
            if at(match, loc):
                yield Action(self.name, (loc, "off"))
            elif problem(match, AXIS, loc, False) is None:
                yield Action(self.name, (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        args = action.args
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] != "off"):
            return "usage: hedgehog HEX [off]"
        return problem(match, decision.side, args[0], len(args) == 2)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        if len(action.args) == 2:
            _lift(match, loc, "the Axis takes it off")
            return
        match.state.markers[_key(loc)] = {"type": KIND, "loc": loc, "side": AXIS}
        match.emit("hedgehog", f"Hedgehog formed in {loc}", RULE, loc=loc)
        match.touch()


def _lift(match: Match, loc: str, why: str) -> None:
    if match.state.markers.pop(_key(loc), None) is not None:
        match.emit("hedgehog", f"Hedgehog in {loc} removed: {why}", RULE, loc=loc)
        match.touch()


def _sweep(match: Match, locs: Iterable[str | None]) -> None:
    """Ruling HH1: a Hedgehog with no German-coloured unit left under it goes."""
    for loc in set(locs):
        if loc is not None and at(match, loc) and not holds(match, loc):
            _lift(match, loc, "no German-coloured unit is left in the hex (ruling HH1)")


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if path:
        _sweep(match, path[:1])


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    _sweep(match, [str(m["loc"]) for m in _markers(match)])


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """Withdrawn or removed from play (9.6, 9.7): its hex may hold no German unit now (HH1)."""
    _sweep(match, [before.loc])


def _markers(match: Match) -> list[dict[str, Any]]:
    return [m for m in match.state.markers.values() if m.get("type") == KIND]


@hookimpl
@veto_scope(verbs=("attack", "overrun"), kinds=("combat", "movement"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.4.2: units in a Hedgehog do not attack (a PA, or an MA launched from the hex), and the
    Soviets do not mobile-assault it."""
    if not _markers(match):
        return None
    if decision.side != AXIS:
        if action.verb == "overrun" and action.args and at(match, action.args[0]):
            return f"no Soviet mobile assault on a Hedgehog ({RULE}, 14.4)"
        return None
    if action.verb == "attack":
        named = combat_mechanic.attackers_named(match, action)
    elif len(action.args) >= 3 and action.args[1] == "with":
        units = match.state.units
        named = [units[i] for i in str(action.args[2]).split(",") if i in units]
    else:
        return None
    for unit in named:
        if unit.side == AXIS and at(match, unit.loc):
            return f"{unit.id} is in a Hedgehog and may not attack ({RULE})"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Hedgehog()]
