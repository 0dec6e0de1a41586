"""Supply concentration (LWE 7.6, PMD 8.9): one side may concentrate its supply on a fixed
number of units. The chosen units, each under a marker, are freed of the attenuated-supply line
(they must still trace supply); every other unit of the side may not attack and moves at most one
location a Movement Phase while the concentration lasts. Its defence is untouched.

The decisions, all the player's (``mechanic_options.supply-concentration``):

- At the start of the side's phase ``phase`` (its first phase of a player turn) or of one of
  ``phases`` (PMD 8.9: each Axis player week's Refit Phase), with none in
  force: ``concentration declare`` or ``concentration pass``; with one in force:
  ``concentration keep`` or ``concentration rescind``. Once rescinded it may never be declared
  again unless ``redeclare`` (LWE 7.6 forbids it; PMD 8.9 allows it).
- On declaring, ``concentrate UNIT`` once per marker (``markers``, LWE and PMD: 18) on units of
  his on the map, until all are placed or no unit is left to take one.
- On keeping, a marker whose unit was eliminated is placed again on a new unit (LWE 7.6: only
  then, at the start of the next player turn); with ``reselect`` every marker is taken up and
  placed anew (PMD 8.9: the units need not be the same).
- The markers come off when the concentration is rescinded, and for good from ``until_turn``
  (PMD 8.9: turn 205). ``marker`` names the declared unit marker (removed by "hook").

The state is kept in the mechanic's namespace ``supply-concentration``: ``status`` ("none",
"active", "rescinded").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame import markers
from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

NS = "supply-concentration"
CHOICE = "concentration"
MARK = "concentrate"


def settings(match: Match) -> dict[str, Any]:
    return match.settings("supply-concentration")


def _rule(match: Match) -> str | None:
    return settings(match).get("rule")


def _cite(match: Match) -> str:
    rule = _rule(match)
    return f" ({rule})" if rule else ""


def _marker(match: Match) -> str:
    return str(settings(match).get("marker", "supply-concentration"))


def status(match: Match) -> str:
    return str(match.state.ns(NS).get("status", "none"))


def active(match: Match) -> bool:
    return status(match) == "active"


def selected(match: Match, unit: Unit) -> bool:
    """The unit carries a concentration marker."""
    return active(match) and markers.has(match, unit, _marker(match))


def restricted(match: Match, unit: Unit) -> bool:
    """A unit of the concentrating side left without a marker: no attack, one hex."""
    return active(match) and unit.side == settings(match)["side"] and not selected(match, unit)


def candidates(match: Match) -> list[Unit]:
    """Units that may take a marker: the side's units on the map without one."""
    side = settings(match)["side"]
    name = _marker(match)
    return sorted(
        (
            u
            for u in match.units_of(side)
            if u.loc is not None
            and not u.loc.startswith("box:")
            and not markers.has(match, u, name)
        ),
        key=lambda u: u.id,
    )


def placed(match: Match) -> int:
    return len(markers.units_with(match, _marker(match)))


def _ask_marks(match: Match) -> None:
    """Ask for the next marker while any is unplaced and a unit can take it."""
    left = int(settings(match).get("markers", 18)) - placed(match)
    if left > 0 and candidates(match):
        match.push(
            settings(match)["side"],
            MARK,
            f"place a supply concentration marker ({left} left){_cite(match)}",
            left=left,
        )


def _lift(match: Match, why: str) -> None:
    for unit in markers.units_with(match, _marker(match)):
        markers.remove(match, unit, _marker(match), why, _rule(match))


def _phases(match: Match) -> tuple[str, ...]:
    s = settings(match)
    return (s.get("phase"), *s.get("phases", ()))


@on_phase("start", ids_from=_phases)
def concentration_phase(match: Match, phase: PhaseSpec) -> None:
    s = settings(match)
    if match.phasing != s["side"]:
        return
    until = s.get("until_turn")
    if until is not None and match.turn >= int(until):
        if status(match) != "ended":
            _lift(match, "supply concentration no longer used")
            match.state.ns(NS)["status"] = "ended"
        return
    now = status(match)
    if now == "active":
        match.push(s["side"], CHOICE, f"keep or rescind the supply concentration{_cite(match)}")
    elif now == "none" or (now == "rescinded" and s.get("redeclare")):
        match.push(s["side"], CHOICE, f"declare a supply concentration?{_cite(match)}")


class Choice(Verb):
    """``concentration declare|pass`` with none in force, ``concentration keep|rescind`` with
    one (LWE 7.6)."""

    name = CHOICE
    kinds = (CHOICE,)

    def options(self, match: Match) -> tuple[str, str]:
        return ("keep", "rescind") if active(match) else ("declare", "pass")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for word in self.options(match):
            yield Action(CHOICE, (word,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        words = self.options(match)
        if len(action.args) != 1 or action.args[0] not in words:
            return f"usage: {CHOICE} {'|'.join(words)}{_cite(match)}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        word = action.args[0]
        rule = _rule(match)
        ns = match.state.ns(NS)
        if word == "declare":
            ns["status"] = "active"
            match.emit(CHOICE, "supply concentration declared", rule)
            _ask_marks(match)
        elif word == "keep":
            if settings(match).get("reselect"):
                _lift(
                    match,
                    "markers redeployed",
                )
            match.emit(CHOICE, "supply concentration kept", rule)
            _ask_marks(match)
        elif word == "rescind":
            ns["status"] = "rescinded"
            _lift(match, "supply concentration rescinded")
            match.emit(CHOICE, "supply concentration rescinded", rule)
        else:
            match.emit(CHOICE, "no supply concentration", rule)


class Concentrate(Verb):
    """``concentrate UNIT``: put a supply concentration marker on one of your units."""

    name = MARK
    kinds = (MARK,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in candidates(match):
            yield Action(MARK, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return f"usage: {MARK} UNIT{_cite(match)}"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no unit {action.args[0]}"
        if unit not in candidates(match):
            return f"{unit.id} may not take a supply concentration marker{_cite(match)}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        markers.place(match, match.state.units[action.args[0]], _marker(match), _rule(match))
        _ask_marks(match)


def _concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return active(match) and decision.side == settings(match)["side"]


@hookimpl
@veto_scope(verbs=("attack", "overrun", "move"), concerns=_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if not active(match) or not action.args:
        return None
    units = match.state.units
    if action.verb == "move":
        ids = str(action.args[0]).split(",")
        if len(action.args) - 1 <= 2:
            return None
        why = "moves at most one hex"
    else:
        ids = str(action.args[2]).split(",") if len(action.args) > 2 else []
        why = "may not attack"
    for uid in ids:
        unit = units.get(uid)
        if unit is not None and restricted(match, unit):
            return f"{uid} has no supply concentration marker and {why}{_cite(match)}"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Choice(), Concentrate()]
