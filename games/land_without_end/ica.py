"""The Independent Coastal Army's entry (LWE 8.5, 8.1): on GT2, in the Soviet New Unit Entry Phase,
the Soviet player enters it at Odessa (2141) or Sevastopol (2548), whatever the supply there
(``ica enter HEX``, his choice of the two he controls). It may not be delayed: with neither hex
Soviet-held it is eliminated for good (8.1). Its replenishment is ``replacements.py`` (8.9)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import SOVIET

ICA = "sov-ica"
KIND = "ica"
TURN = 2
PORTS = ("2141", "2548")
"""8.5: Odessa and Sevastopol."""
RULE = "LWE 8.5"


def entries(match: Match) -> list[str]:
    return [h for h in PORTS if match.state.control.get(h) == SOVIET]


@on_phase("start", ids=("entry",))
def offer(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET and match.turn == TURN and ICA not in match.state.units:
        enter_or_lose(match)


def enter_or_lose(match: Match) -> None:
    """Ask where it enters, or eliminate it when it cannot (8.1: never delayed)."""
    if entries(match):
        match.push(SOVIET, KIND, f"enter the ICA at Odessa or Sevastopol ({RULE})")
        return
    unit = match.new_unit(ICA, None)
    unit.flags["eliminated"] = True
    match.emit(
        KIND, "the ICA cannot enter (Odessa and Sevastopol lost): eliminated", "LWE 8.1, 8.5"
    )


class Enter(Verb):
    """``ica enter HEX``: Odessa or Sevastopol (8.5)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for h in entries(match):
            yield Action(self.name, ("enter", h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2 or action.args[0] != "enter":
            return "usage: ica enter HEX"
        if action.args[1] not in entries(match):
            return (
                f"the ICA enters only at Odessa (2141) or Sevastopol (2548), Soviet-held ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        match.new_unit(ICA, str(action.args[1]))
        match.emit(KIND, f"the ICA enters at {action.args[1]}", RULE, loc=action.args[1])


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Enter()]
