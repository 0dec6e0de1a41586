"""The Soviet Fortified Area (PMD 15.16): the Kursk-style defence zone of 1943.

The marker comes on turn 309 and must be placed at once: in the Soviet part of that turn's
Reinforcement Phase (``fortified-area HEX``, a Soviet-controlled hex in defensive supply; the
phase does not end before it is placed, ruling FA1). From then on every hex within two hexes
of it (its own included, cities excepted) whose Soviet defenders are in supply may claim it as
their construction against a prepared or a mobile assault: 1L in May 1943 (turns 309-310), 2L
from June on (``constructions.available``; one construction only, 13.4, and the 13.5 cap, ruling
FA2). The attacker then gets no 13.10 reduction (so takes at least one step). A hex the Axis
took and the Soviets retook has it again: it is read from the hexes as they are.

The marker has no stacking, combat or step values and goes only when its hex and every hex
within two of it are Axis-controlled at the same time (checked after every move)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.calendar import turn_spec
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.plugins import Verb
from wargame.state import Unit

from .combat import unsupplied
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 15.16"
KIND = "fortified-area"
KEY = KIND
TURN = 309
RADIUS = 2
NS = "pmd-fortified-area"
WATER = ("sea", "lake")
"""Hexes no unit holds, so none the Axis could control (ruling FA3)."""


def marker(match: Match) -> dict[str, Any] | None:
    return match.state.markers.get(KEY)


def columns(match: Match) -> int:
    """1L in May 1943, 2L from June 1943 on (15.16)."""
    spec = turn_spec(match, match.turn)
    return -1 if (spec.get("year"), spec.get("month")) == (1943, 5) else -2


def covers(match: Match, battle: Battle) -> bool:
    """The Fortified Area's effect on this battle: a Soviet defence in supply in a non-city hex
    within two hexes of the marker (15.16)."""
    found = marker(match)
    if found is None or not battle.defenders:
        return False
    target = battle.target
    topo = match.topology
    if target not in topo or "city" in topo.features(target):
        return False
    if topo.distance(target, found["loc"]) > RADIUS:
        return False
    defenders = [match.state.units[i] for i in battle.defenders]
    return all(u.side == SOVIET and unsupplied(u) is None for u in defenders)


def _due(match: Match) -> bool:
    """The marker is still to be placed: turn 309 on, neither placed nor gone before."""
    return ynn(match) >= TURN and not match.state.ns(NS).get("placed")


def problem(match: Match, side: str, loc: str) -> str | None:
    from . import supply

    leaf = match.phase
    if side != SOVIET or leaf is None or leaf.spec.id != "soviet-reinforcement":
        return f"the Soviet places the Fortified Area in his Reinforcement Phase ({RULE})"
    if not _due(match):
        return f"the Fortified Area comes once, on turn {TURN} ({RULE})"
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}"
    if match.state.control.get(loc) != SOVIET:
        return f"the Fortified Area goes in a Soviet-controlled hex ({RULE})"
    if loc not in supply.nets(match, SOVIET)[1]:
        return f"{loc} is not in defensive supply ({RULE})"
    return None


def _places(match: Match) -> list[str]:
    from . import supply

    good = supply.nets(match, SOVIET)[1]
    control = match.state.control
    return sorted(h for h in good if control.get(h) == SOVIET and h in match.topology)


class FortifiedArea(Verb):
    """``fortified-area HEX``: the Soviet places the Fortified Area marker (15.16)."""

    name = "fortified-area"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET or not _due(match):
            return
        leaf = match.phase
        if leaf is None or leaf.spec.id != "soviet-reinforcement":
            return
        for loc in _places(match):
            yield Action(self.name, (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: fortified-area HEX"
        return problem(match, decision.side, action.args[0])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        match.state.markers[KEY] = {"type": KIND, "loc": loc, "side": SOVIET}
        match.state.ns(NS)["placed"] = True
        match.emit("fortified-area", f"the Fortified Area is placed in {loc}", RULE, loc=loc)
        match.touch()


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    """15.16: it must be placed at once (ruling FA1)."""
    leaf = match.phase
    if decision.side != SOVIET or leaf is None or leaf.spec.id != "soviet-reinforcement":
        return []
    if _due(match) and _places(match):
        return [f"place the Fortified Area first ({RULE})"]
    return []


@hookimpl(trylast=True)
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """15.16: gone when its hex and every hex within two are Axis-controlled at once."""
    check(match)


@hookimpl(trylast=True)
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """An elimination may hand a jointly-occupied hex to the Axis (4.2, ``shared: kept``)."""
    check(match)


@hookimpl(trylast=True)
def wargame_unit_removed(match: Match, unit: Unit) -> None:
    """So may a withdrawal or removal (9.6, 9.7)."""
    check(match)


def check(match: Match) -> None:
    """15.16: the marker goes once its hex and every hex within two are Axis-controlled."""
    found = marker(match)
    if found is None:
        return
    topo = match.topology
    control = match.state.control
    area = [
        h for h in hex_grid(topo).hexes_within(found["loc"], RADIUS) if topo.terrain(h) not in WATER
    ]
    if all(control.get(h) == AXIS for h in area):
        del match.state.markers[KEY]
        match.emit(
            "fortified-area",
            f"the Fortified Area in {found['loc']} is removed: every hex of it is Axis-controlled",
            RULE,
            loc=found["loc"],
        )
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [FortifiedArea()]
