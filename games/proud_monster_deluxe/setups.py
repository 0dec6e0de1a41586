"""The free set-ups and the later start of the scenarios (PMD 1.3).

In the 1941 Free and 1942 Free scenarios each side sets up its own units: every set-up entry
lists the hexes its units may take (the kernel's deploy mechanic: a unit starts in the first
and its owner moves it to another with ``deploy UNIT HEX``, then ``end``), the Soviet first,
then the Axis (ruling SC2). A unit may not set up where its side would break the stacking
limit (6.1). The set-up phases run only for a side with such a choice, so the 1941 Historical
scenario has none. A scenario starting after turn 112 (1942 Free, turn 211: ruling SC1) counts
every schedule entry of an earlier turn as already played: its units are in the set-up or gone,
its calls and points are history (9.1).

In the 1942 scenario the Soviet player may set up untried units tried (2.4.9: earlier combats
revealed them): ``tried UNIT`` in his set-up draws the unit's face from its pool now, in the
open, before he deploys it. It still sets up where its untried type may (2.4.9's MRB that
flips to an MB goes where an MRB may): its set-up hexes do not change (ruling SC4)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .turns import SOVIET

RULE = "PMD 1.3"
TRIED_RULE = "PMD 2.4.9"


def _stash(match: Match) -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = match.state.ns("pmd-setup").setdefault("waiting", {})
    return found


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "deploy":
        side = str(phase.side)
        return bool(_stash(match).get(side)) or any(
            u.flags.get("deploy") for u in match.units_of(side)
        )
    return None


@on_phase("end", kinds=("deploy",))
def keep_the_others(match: Match, phase: PhaseSpec) -> None:
    """The kernel's deploy mechanic forgets every unit's choices when a set-up phase ends; the
    side still to set up keeps its own (kept here, given back when its phase starts)."""
    for unit in match.state.units.values():
        if unit.side != phase.side and unit.flags.get("deploy"):
            _stash(match).setdefault(unit.side, {})[unit.id] = list(unit.flags["deploy"])


@on_phase("start", kinds=("deploy",))
def give_back(match: Match, phase: PhaseSpec) -> None:
    for uid, locs in _stash(match).pop(str(phase.side), {}).items():
        match.state.units[uid].flags["deploy"] = locs
    if not _stash(match):
        match.state.ns("pmd-setup").pop("waiting", None)
    match.touch()


@hookimpl
@veto_scope(verbs=("deploy",), kinds=("deploy",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if len(action.args) != 2 or action.args[1] not in match.topology:
        return None
    unit, loc = match.state.units.get(action.args[0]), action.args[1]
    if unit is None:
        return None
    here = [u.id for u in match.units_at(loc) if u.side == unit.side and u.id != unit.id]
    if stacking.over(match, unit.side, [*here, unit.id], loc):
        return f"{unit.id} would overstack {loc} (PMD 6.1, {RULE})"
    return None


@hookimpl
def wargame_setup(match: Match) -> None:
    first = int(match.scenario.get("first_turn", 1))
    if first <= 1:
        return
    arrived = match.state.ns("reinforcements").setdefault("arrived", [])
    for key, entry in match.title.doc("calendar").get("schedule", {}).items():
        if int(entry["turn"]) < first and key not in arrived:
            arrived.append(key)


class SetUpTried(Verb):
    """``tried UNIT``: the Soviet player sets up one of his untried units tried, in the 1942
    scenario's set-up (2.4.9, ruling SC4)."""

    name = "tried"
    kinds = ("deploy",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET or int(match.scenario.get("first_turn", 1)) <= 1:
            return
        for unit in match.units_of(SOVIET):
            if unit.loc is not None and match.is_untried(unit):
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: tried UNIT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != decision.side or unit.loc is None:
            return f"no unit {action.args[0]} of {decision.side} in the set-up"
        if decision.side != SOVIET or int(match.scenario.get("first_turn", 1)) <= 1:
            return (
                "only the Soviet player sets up units tried, in the 1942 scenario "
                f"({TRIED_RULE}, {RULE})"
            )
        if not match.is_untried(unit):
            return f"{unit.id} is not untried ({TRIED_RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        match.reveal(unit, TRIED_RULE)  # drawn in the open: shown to the Axis before deploying
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [SetUpTried()]
