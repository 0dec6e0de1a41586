"""Crimea supply (BARB 7.4): Sevastopol supplies up to five German-side units in the Crimea.

While the German controls Sevastopol (3108), a unit of his in the Crimea supply area (the
peninsula, and across the Kerch Strait 3005, 3104 and 3105: T25) that can trace a line to the city
through hexes free of Soviet units may draw Crimea supply: full attack, defence and movement and
mobile assault, and it is excused from the Dnepro-Petrovsk and Rostov bottlenecks. At most five
units draw it; the German names them (``crimea on UNIT`` / ``crimea off UNIT``) at his own
decisions (movement, combat, strategic movement, replacements), never inside a battle.

Crimea and coastal supply are never both available in one game turn (ruling 10): from the first
``crimea on`` of a game turn until its end, no German unit has coastal supply (7.5). The
declaration lapses at the end of the game turn (the Victory Check Phase), with its five names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import combat as kcombat
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.supply import steps_closed_by, supply_net

from .turns import GERMAN

NS = "barbarossa-crimea"


class CrimeaState(TypedDict, total=False):
    crimea: dict[str, Any]  # the declaration: its game turn and the units named (7.4)


def ns(match: Match) -> CrimeaState:
    return cast(CrimeaState, match.state.ns(NS))


SEVASTOPOL = "3108"
ACROSS_KERCH = ("3005", "3104", "3105")
"""Hexes beyond the Kerch Strait that Crimea supply reaches (7.4, T25)."""
LIMIT = 5


def area(match: Match) -> frozenset[str]:
    return frozenset(match.topology.region("area:crimea")) | frozenset(ACROSS_KERCH)


def reach(match: Match) -> frozenset[str]:
    """The hexes of the Crimea supply area linked to a German Sevastopol by hexes free of Soviet
    units (7.4); the Kerch Strait and the Sivash do not stop this trace."""
    key = "barb-crimea-reach"
    found = match.scratch.get(key)
    if found is not None:
        return found
    out: set[str] = set()
    if match.state.control.get(SEVASTOPOL) == GERMAN and match.side_at(SEVASTOPOL) != "soviet":
        allowed = area(match)
        graph = match.topology.graph()
        closed = frozenset(
            i
            for i, loc in enumerate(graph.ids)
            if loc not in allowed or match.side_at(loc) == "soviet"
        )
        steps = match.cache.get("barb-land-steps")
        if steps is None:
            steps = match.cache["barb-land-steps"] = steps_closed_by(graph, "sea")
        net = supply_net(graph, [graph.index[SEVASTOPOL]], blocked=closed, cost=steps)
        out = {graph.ids[i] for i in net.dist}
    found = frozenset(out)
    match.scratch[key] = found
    return found


def record(match: Match) -> dict[str, Any] | None:
    """This game turn's declaration, or None."""
    got = ns(match).get("crimea")
    return got if got and got.get("turn") == match.turn else None


def named(match: Match) -> list[str]:
    got = record(match)
    return list(got["units"]) if got else []


def coastal_barred(match: Match) -> bool:
    """Crimea supply was activated this game turn: no coastal supply until it ends (7.4)."""
    return record(match) is not None


def supplies(match: Match, unit: Unit) -> bool:
    """``unit`` draws Crimea supply now (7.4)."""
    return unit.side == GERMAN and unit.id in named(match) and unit.loc in reach(match)


class Crimea(Verb):
    """``crimea on UNIT`` / ``crimea off UNIT``: the German names the (at most five) units that
    draw Crimea supply this game turn (7.4)."""

    name = "crimea"
    kinds = ("movement", "combat", "strategic", "replacement")
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != GERMAN or kcombat.active(match) is not None:
            return
        on = named(match)
        for uid in on:
            yield Action("crimea", ("off", uid))
        if len(on) >= LIMIT:
            return
        hexes = reach(match)
        for unit in sorted(match.units_of(GERMAN), key=lambda u: u.id):
            if unit.loc in hexes and unit.id not in on:
                yield Action("crimea", ("on", unit.id))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "Crimea supply: at most five German units in the Crimea supply area that trace to a "
            "German Sevastopol, named at the German's own decisions (BARB 7.4)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        mode, uid = action.args
        got = record(match) or {"turn": match.turn, "units": []}
        if mode == "on":
            got["units"].append(uid)
        else:
            got["units"].remove(uid)
        ns(match)["crimea"] = got
        match.touch()
        match.emit("crimea", f"Crimea supply {mode} for {uid}", "BARB 7.4")


@on_phase("end", ids=("victory-check",))
def declaration_lapses(match: Match, phase: PhaseSpec) -> None:
    """The declaration lasts one game turn (7.4)."""
    ns(match).pop("crimea", None)


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """A turn without a Victory Check Phase still ends the declaration (7.4)."""
    if "crimea" in ns(match) and record(match) is None:
        ns(match).pop("crimea")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Crimea()]
