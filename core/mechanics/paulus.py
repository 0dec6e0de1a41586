"""An operational pause the attacker may declare: for some game turns his side makes no attacks,
and the rules reward a completed pause or penalise pressing on (Barbarossa 5.10, LWE 7.5, both
named after von Paulus's 1941 staff study).

The decision is a phase of kind ``paulus`` (with a ``when``, so it runs only on the listed turns
until a pause is declared): ``paulus pause`` or ``paulus press-on``. The settings
(:class:`wargame.models.PaulusSettings`) say who decides, on which turns, from which turn the pause
runs and for how long, and which defenders may still be attacked; it forbids that side's
``attack`` and ``overrun`` actions.
The two rulebooks differ only in those numbers:

- Barbarossa 5.10: at the very start of GT3 (campaign only), one turn, no attacks of any kind;
  pressing on costs mech movement on GT3 and column shifts on GT4-5 (the title's own rules ask
  :func:`declined`).
- LWE 7.5: at the end of GT2, 3, 4 or 5, three turns from the next, attacks still allowed into a
  hex holding a fortified zone; once complete the GAS Line no longer binds (the title asks
  :func:`completed`). One pause a game (ruling E22i).

- PMD 8.10: in any Axis week of turns 114-115, 1, 2 or 3 weeks at the Axis's choice
  (``lengths``), counted in weeks (``week_phases``) from the week of the declaration.

What each title does with the outcome is its own rule; this module keeps the decision, the window
and the ban. The choices are kept in ``state.ns("paulus")``: ``from`` (the pause's first turn),
``length`` (the one chosen, with ``lengths``), ``weeks_left`` (with ``week_phases``),
``pressed_on`` (the turns the side declined) and ``aborted`` (the turn a title's rule ended the
pause early, :func:`abort`: LWE 7.5, no reward).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PaulusSettings, PhaseSpec
from wargame.plugins import Verb

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

NAME = "paulus-pause"
KIND = "paulus"


def settings(match: Match) -> PaulusSettings:
    return PaulusSettings.model_validate(match.settings(NAME))


def first_turn(match: Match) -> int | None:
    """The pause's first game turn, once declared."""
    first = match.state.ns(KIND).get("from")
    return None if first is None else int(first)


def length(match: Match) -> int:
    """The pause's length: the one the side chose, or the settings' only one."""
    return int(match.state.ns(KIND).get("length", settings(match).length))


def in_force(match: Match, turn: int | None = None) -> bool:
    """The pause covers ``turn`` (default: now; with ``week_phases``, this week)."""
    first = first_turn(match)
    if first is None:
        return False
    t = match.turn if turn is None else turn
    stop = aborted(match)
    if stop is not None and t >= stop:
        return False
    if settings(match).week_phases:
        return int(match.state.ns(KIND).get("weeks_left", 0)) > 0
    return first <= t < first + length(match)


def completed(match: Match) -> bool:
    """Every turn (or week) of the pause is over (LWE 7.5: the GAS Line no longer binds)."""
    first = first_turn(match)
    if first is None or aborted(match) is not None:
        return False
    if settings(match).week_phases:
        return not in_force(match)
    return match.turn >= first + length(match)


def aborted(match: Match) -> int | None:
    """The turn the pause was aborted, or None."""
    turn = match.state.ns(KIND).get("aborted")
    return None if turn is None else int(turn)


def abort(match: Match) -> None:
    """End the pause now, before it is complete: attacks are allowed again and it is never
    :func:`completed` (LWE 7.5). The title decides who may abort and when."""
    match.state.ns(KIND)["aborted"] = match.turn
    match.emit("paulus", "the Paulus Pause is aborted: no reward", settings(match).rule)


def declined(match: Match) -> bool:
    """The side pressed on and has not paused (Barbarossa 5.10: the GT3-5 penalties)."""
    return first_turn(match) is None and bool(match.state.ns(KIND).get("pressed_on"))


def offered(match: Match) -> bool:
    """The decision is due now: a listed turn and scenario, and no pause declared yet."""
    s = settings(match)
    if s.scenarios is not None and match.scenario_id not in s.scenarios:
        return False
    return match.turn in s.turns and first_turn(match) is None


class Paulus(Verb):
    """``paulus pause`` or ``paulus press-on``: the side's choice (the settings' rule)."""

    name = "paulus"
    kinds = (KIND,)

    def choices(self, match: Match) -> list[tuple[str, ...]]:
        s = settings(match)
        pauses = [("pause", str(n)) for n in s.lengths] if s.lengths else [("pause",)]
        return [*pauses, ("press-on",)]

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for args in self.choices(match):
            yield Action("paulus", args)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in self.choices(match):
            pause = "pause N" if settings(match).lengths else "pause"
            return f"usage: paulus {pause}|press-on ({settings(match).rule})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        s = settings(match)
        state = match.state.ns(KIND)
        if action.args[0] == "pause":
            first = match.turn + s.delay
            state["from"] = first
            n = int(action.args[1]) if len(action.args) > 1 else s.length
            if s.lengths:
                state["length"] = n
            if s.week_phases:
                state["weeks_left"] = n
                turns = f"{n} week{'s' if n > 1 else ''} from this one"
            else:
                last = first + n - 1
                turns = f"GT{first}" if last == first else f"GT{first}-{last}"
            match.emit("paulus", f"the {s.side} side takes the Paulus Pause for {turns}", s.rule)
        else:
            cast(list[int], state.setdefault("pressed_on", [])).append(match.turn)
            match.emit("paulus", f"the {s.side} side presses on", s.rule)
        match._end_phase()


def refusal(match: Match, decision: Decision, action: Action) -> str | None:
    """Why an attack is forbidden by the pause, or None."""
    if not in_force(match):
        return None
    s = settings(match)
    units = match.state.units
    ids = str(action.args[2]).split(",") if len(action.args) > 2 else []
    attackers = [units[u] for u in ids if u in units]
    side = attackers[0].side if attackers else decision.side
    if side != s.side:
        return None
    if s.allowed_against and action.args:
        targets = str(action.args[0]).split(",")
        if all(t in match.topology and _exempt(match, t, s) for t in targets):
            return None
    but = " but into a hex holding " + " or ".join(s.allowed_against) if s.allowed_against else ""
    return f"no {s.side} attacks during the Paulus Pause{but} ({s.rule})"


def _exempt(match: Match, loc: str, s: PaulusSettings) -> bool:
    wanted = set(s.allowed_against)
    return any(
        u.side != s.side and wanted & set(match.unit_type(u).get("tags", ()))
        for u in match.units_at(loc)
    )


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    return offered(match) if phase.kind == KIND else None


@on_phase("start", ids_from=lambda match: settings(match).week_phases)
def new_week(match: Match, phase: PhaseSpec) -> None:
    """A pause counted in weeks loses one as each new week begins (``week_phases``)."""
    if not in_force(match):
        return
    s = settings(match)
    state = match.state.ns(KIND)
    state["weeks_left"] = int(state["weeks_left"]) - 1
    if not state["weeks_left"]:
        match.emit("paulus", f"the {s.side} side's Paulus Pause is over", s.rule)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind == KIND:
        return [f"declare the Paulus Pause or press on first ({settings(match).rule})"]
    return []


@hookimpl
@veto_scope(verbs=("attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    return refusal(match, decision, action)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Paulus()]
