"""Set-up choices: units whose scenario placement lists several locations ("0123, 0124, 0125
and/or 0126", PGG 5.1) start in the first and are deployed by their owner in a ``deploy`` phase:
``deploy UNIT LOC``, then ``end``."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


class Deploy(Verb):
    name = "deploy"
    kinds = ("deploy",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return [
            u.id
            for u in match.units_of(decision.side)
            if any(loc != u.loc for loc in u.flags.get("deploy", ()))
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        if unit is None or unit.side != decision.side:
            return []
        return [
            Action("deploy", (unit.id, loc))
            for loc in unit.flags.get("deploy", ())
            if loc != unit.loc
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: deploy UNIT LOCATION"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != decision.side:
            return f"no unit {action.args[0]} of {decision.side}"
        allowed = unit.flags.get("deploy", ())
        if action.args[1] not in allowed:
            return f"{unit.id} sets up only in {', '.join(allowed) or 'its listed location'}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        match.place(unit, action.args[1])
        match.emit(
            "deploy", f"{unit.id} deploys in {action.args[1]}", unit=unit.id, loc=action.args[1]
        )


@on_phase("end", kinds=("deploy",))
def forget_choices(match: Match, phase: PhaseSpec) -> None:
    """This side's set-up is over: its units' listed locations no longer apply (the other
    side's still do, for its own set-up phase after this one)."""
    side = match.side_of(phase)
    for unit in match.state.units.values():
        if unit.side == side:
            unit.flags.pop("deploy", None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Deploy()]
