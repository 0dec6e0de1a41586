"""Directive No. 3 (LWE 5.6, 7.12, 11.24): in effect from the start. The Soviet player may
rescind it at the very start of GT8 or any later game turn (his decision: ``dd3 rescind`` or
``dd3 keep``); the first non-dry weather rescinds it at once (weather.py). When it goes, every
FZ not in a large-town hex leaves the map for good (11.24), and the Soviet Supply Check Phase is
held from then on (7.12)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import SOVIET, features

FIRST_TURN = 8
"""7.12: the earliest game turn the Soviet player may rescind it."""


def in_effect(match: Match) -> bool:
    return bool(match.state.vars.get("dd3", True))


def rescind(match: Match, why: str, rule: str) -> None:
    match.state.vars["dd3"] = False
    match.emit("dd3", f"Directive No. 3 is rescinded: {why}", rule)
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        if unit.side != SOVIET or unit.loc is None or unit.loc.startswith("box:"):
            continue
        if "fz" not in match.unit_type(unit).get("tags", ()):
            continue
        if "large-town" not in features(match, unit.loc):
            match.eliminate(unit, "FZ outside a large town removed as DD3 ends", "LWE 11.24")


class Directive(Verb):
    """``dd3 rescind`` or ``dd3 keep``: the Soviet choice at the start of GT8 or later (7.12)."""

    name = "dd3"
    kinds = ("dd3",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("dd3", ("rescind",))
        yield Action("dd3", ("keep",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("rescind",), ("keep",)):
            return "usage: dd3 rescind|keep (LWE 7.12)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "rescind":
            rescind(match, "the Soviet player rescinds it", "LWE 7.12")
        else:
            match.emit("dd3", "the Soviet player keeps Directive No. 3 this turn", "LWE 7.12")
        match._end_phase()


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "dd3-choice":
        return in_effect(match) and match.turn >= FIRST_TURN
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Directive()]
