"""The Paulus Pause's reward (LWE 7.5). The decision (``paulus pause`` or ``paulus press-on`` at
the end of GT2, 3, 4 or 5; one per game, ruling E22i), its three turns from the next (P15:
declared at the end of GT2, GT3-5; D16: at the end of GT5, GT6-8) and the ban on German-side
attacks but into a hex holding an FZ are the shared ``paulus-pause`` mechanic, set in title.json.
Here: a completed pause frees the German of the GAS Line for the rest of the game (recorded as
``gas_ignored``, which the shared ``attenuated-supply`` mechanic reads: its ``ignored_var``); the
German may abort the pause before it is complete (``abort-pause``, in any of his Movement or
Prepared Assault Phases while it is in force), gaining nothing (7.5)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import paulus
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import GERMAN


@on_phase("start", ids=("refit-start",))
def pause_complete(match: Match, phase: PhaseSpec) -> None:
    """The pause completed with its last turn: the GAS Line no longer binds (7.5)."""
    if match.state.vars.get("gas_ignored") or paulus.aborted(match) is not None:
        return
    first = paulus.first_turn(match)
    if first is not None and match.turn == first + paulus.settings(match).length:
        match.state.vars["gas_ignored"] = True
        match.emit("paulus", "the Paulus Pause is complete: the GAS Line is ignored", "LWE 7.5")


class AbortPause(Verb):
    """``abort-pause``: the German ends the Paulus Pause before it is complete (7.5)."""

    name = "abort-pause"
    kinds = ("movement", "combat")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side == GERMAN and paulus.in_force(match):
            yield Action(self.name, ())

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "usage: abort-pause"
        if decision.side != GERMAN or not paulus.in_force(match):
            return "only the German aborts a Paulus Pause, while it is in force (LWE 7.5)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        paulus.abort(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [AbortPause()]
