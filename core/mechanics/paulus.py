"""An operational pause the attacker may declare: for some game turns his side makes no attacks,
and the rules reward a completed pause or penalise pressing on (Barbarossa 5.10, LWE 7.5, both
named after von Paulus's 1941 staff study).

The decision is a phase of kind ``paulus`` (with a ``when``, so it runs only on the listed turns
until a pause is declared): ``paulus pause`` or ``paulus press-on``. The settings
(:class:`wargame.models.PaulusSettings`) say who decides, on which turns, from which turn the pause
runs and for how long (chosen at the declaration or week by week, ``decide``), and which defenders
may still be attacked; it forbids that side's ``attack`` and ``overrun`` actions.
The rulebooks differ only in those settings:

- Barbarossa 5.10: at the very start of GT3 (campaign only), one turn, no attacks of any kind;
  pressing on costs mech movement on GT3 and column shifts on GT4-5 (the title's own rules ask
  :func:`declined`).
- LWE 7.5: at the end of GT2, 3, 4 or 5, three turns from the next, attacks still allowed into a
  hex holding a fortified zone; once complete the GAS Line no longer binds (the title asks
  :func:`completed`). One pause a game (ruling E22i).

- PMD 8.10: in any Axis week of turns 114-115, 1, 2 or 3 weeks (``lengths``), counted in weeks
  (``week_phases``) from the week of the declaration; the Axis declares ``paulus pause`` and, at
  the start of each later week while the pause may go on (``decide: each-week``), answers a pushed
  decision of kind ``paulus-resume``: ``paulus resume`` (the pause is over after the weeks so far)
  or ``paulus continue`` (one week more); after the longest it is over with no decision.

What each title does with the outcome is its own rule; this module keeps the decision, the window
and the ban. The choices are kept in ``state.ns("paulus")``: ``from`` (the pause's first turn),
``length`` (the one chosen, with ``lengths``; with ``decide: each-week``, the weeks paused so far),
``weeks_left`` (with ``week_phases``: the weeks still to run; removed as the pause ends),
``pressed_on`` (the turns the side declined) and ``aborted`` (the turn a title's rule ended the
pause early, :func:`abort`: LWE 7.5, no reward). ``from``, ``length`` and ``aborted`` stay: they
record that the one pause a game was taken, and how long it was, which the titles' rewards read.
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
RESUME = "paulus-resume"
"""The pushed decision after each paused week with ``decide: each-week`` (PMD 8.10)."""


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


def weekly(match: Match) -> bool:
    """The side decides after each paused week whether to go on (``decide: each-week``)."""
    return settings(match).decide == "each-week"


class Paulus(Verb):
    """``paulus pause`` or ``paulus press-on``: the side's choice (the settings' rule); with
    ``decide: each-week``, after each paused week, ``paulus resume`` or ``paulus continue``."""

    name = "paulus"
    kinds = (KIND, RESUME)

    def choices(self, match: Match, decision: Decision) -> list[tuple[str, ...]]:
        s = settings(match)
        if decision.kind == RESUME:
            return [("resume",), ("continue",)]
        chosen = s.lengths and not weekly(match)
        pauses = [("pause", str(n)) for n in s.lengths] if chosen else [("pause",)]
        return [*pauses, ("press-on",)]

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for args in self.choices(match, decision):
            yield Action("paulus", args)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in self.choices(match, decision):
            s = settings(match)
            if decision.kind == RESUME:
                return f"usage: paulus resume|continue ({s.rule})"
            pause = "pause N" if s.lengths and not weekly(match) else "pause"
            return f"usage: paulus {pause}|press-on ({s.rule})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        s = settings(match)
        state = match.state.ns(KIND)
        if decision.kind == RESUME:
            match.pop()
            weeks = length(match)
            if action.args[0] == "continue":
                state["length"] = weeks + 1
                match.emit(
                    "paulus", f"the {s.side} side goes on with the Paulus Pause a week", s.rule
                )
            else:
                _over(match, f"after {weeks} week{'s' if weeks > 1 else ''}: fighting resumes")
            return
        if action.args[0] == "pause":
            first = match.turn + s.delay
            state["from"] = first
            n = int(action.args[1]) if len(action.args) > 1 else s.length
            if weekly(match):
                n = 1  # one week at a time: the side decides at the next whether to go on
            if s.lengths:
                state["length"] = n
            if weekly(match):
                state["weeks_left"] = 1
                most = max(s.lengths)
                turns = f"this week, for up to {most} week{'s' if most > 1 else ''}"
            elif s.week_phases:
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
    """A pause counted in weeks loses one as each new week begins (``week_phases``). With
    ``decide: each-week`` the side, having seen the week paused, decides now whether it goes on
    (a pushed ``paulus-resume`` decision), while the longest of ``lengths`` is not reached; a
    length it may not stop at goes on by itself; at the longest the pause is over."""
    if not in_force(match):
        return
    s = settings(match)
    state = match.state.ns(KIND)
    if weekly(match) and length(match) < max(s.lengths):
        weeks = length(match)
        if weeks not in s.lengths:
            state["length"] = weeks + 1
            return
        plural = "s" if weeks > 1 else ""
        match.push(
            s.side,
            RESUME,
            f"after {weeks} week{plural} of Paulus Pause: resume fighting or continue? ({s.rule})",
            weeks=weeks,
        )
        return
    state["weeks_left"] = int(state["weeks_left"]) - 1
    if not state["weeks_left"]:
        _over(match, "")


def _over(match: Match, why: str) -> None:
    """The pause is over: its countdown goes (``from`` and ``length`` stay, the record)."""
    s = settings(match)
    match.state.ns(KIND).pop("weeks_left", None)
    more = f" {why}" if why else ""
    match.emit("paulus", f"the {s.side} side's Paulus Pause is over{more}", s.rule)


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
