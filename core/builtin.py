"""The kernel's own plugin, registered first in every match: ending a phase, choosing a player
turn's phase order, and clearing markers when their lifetime ends (wargame.markers)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame import markers
from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit


class End(Verb):
    """``end``: the deciding side is done with this phase."""

    name = "end"
    kinds = ("*phase",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        """Ending acts for no one (''); whether it is allowed yet is asked only with it."""
        return [""]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        if actor != "" or _blockers(match, decision):
            return []
        return [Action("end")]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "'end' takes no arguments"
        blockers = _blockers(match, decision)
        return "; ".join(blockers) if blockers else None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.emit("end", f"{decision.side} ends {decision.phase}", side=decision.side)
        match._end_phase()


def _blockers(match: Match, decision: Decision) -> list[str]:
    reasons: list[str] = []
    for found in match.hook.wargame_end_blockers(match=match, decision=decision):
        reasons.extend(found or ())
    return reasons


class Order(Verb):
    """``order NAME``: the phasing player picks this player turn's phase order (Barbarossa 5.4)."""

    name = "order"
    kinds = ("order",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for name in decision.context["orders"]:
            yield Action("order", (name,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.state.orders[decision.context["block"]] = action.args[0]
        match.emit(
            "order",
            f"{decision.side} chooses {action.args[0]}",
            side=decision.side,
            order=action.args[0],
        )


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [End(), Order()]


@hookimpl(tryfirst=True)
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Markers end before anything in the phase reads them (PGG 6.63)."""
    leaf = match.phase
    if leaf is not None:
        markers.phase_started(match, leaf)


@hookimpl(tryfirst=True)
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    key = phase_key(match)
    marked = [u for u in units if u.markers]
    if marked:
        retreated = [
            u for u in marked if u.flags.get("retreated") == key != u.flags.get("advanced")
        ]
        markers.moved(match, retreated, retreat=True)
        markers.moved(match, [u for u in marked if u not in retreated], retreat=False)
