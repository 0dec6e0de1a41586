"""The Paulus Pause (LWE 7.5): at the end of GT2, 3, 4 or 5 the German player may declare it
(``paulus pause`` or ``paulus press-on``; one per game, ruling E22i). It covers the next three
game turns (P15: declared at the end of GT2, GT3-5; D16: at the end of GT5, GT6-8), during which
no German-side unit attacks, by prepared or mobile assault, except into a hex holding an FZ. A
completed pause frees the German of the GAS Line for the rest of the game (recorded as
``gas_ignored`` for the attenuated-supply rule still to come)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .combat import has_fz
from .common import GERMAN

TURNS = (2, 3, 4, 5)
LENGTH = 3


def covered(match: Match, turn: int | None = None) -> bool:
    """The pause is in force on ``turn`` (default: now)."""
    first = match.state.vars.get("paulus_from")
    if first is None:
        return False
    t = match.turn if turn is None else turn
    return int(first) <= t < int(first) + LENGTH


class Paulus(Verb):
    """``paulus pause`` or ``paulus press-on`` at the end of GT2-5 (7.5)."""

    name = "paulus"
    kinds = ("paulus",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("paulus", ("pause",))
        yield Action("paulus", ("press-on",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("pause",), ("press-on",)):
            return "usage: paulus pause|press-on (LWE 7.5)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "pause":
            first = match.turn + 1
            match.state.vars["paulus_from"] = first
            match.emit(
                "paulus",
                f"the German declares the Paulus Pause for GT{first}-{first + LENGTH - 1}",
                "LWE 7.5",
            )
        else:
            match.emit("paulus", "the German presses on", "LWE 7.5")
        match._end_phase()


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "paulus-choice":
        return match.turn in TURNS and "paulus_from" not in match.state.vars
    return None


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """The pause completed with its last turn: the GAS Line no longer binds (7.5)."""
    first = match.state.vars.get("paulus_from")
    if phase.id != "refit-start" or first is None or match.state.vars.get("gas_ignored"):
        return
    if match.turn == int(first) + LENGTH:
        match.state.vars["gas_ignored"] = True
        match.emit("paulus", "the Paulus Pause is complete: the GAS Line is ignored", "LWE 7.5")


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if action.verb not in ("attack", "overrun") or not action.args or not covered(match):
        return None
    ids = str(action.args[2]).split(",") if len(action.args) > 2 else []
    units = [match.state.units[u] for u in ids if u in match.state.units]
    if not units or units[0].side != GERMAN:
        return None
    targets = str(action.args[0]).split(",")
    if all(t in match.topology and has_fz(match, t) for t in targets):
        return None
    return "no German attacks during the Paulus Pause but into an FZ hex (LWE 7.5)"


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Paulus()]
