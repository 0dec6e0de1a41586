"""Ground-support air markers (Barbarossa 11.23 and 10.33; LWE 11.25 is the one-marker case):
one side holds a number of markers that varies by turn; before any battle, its own or the
enemy's, of the kinds listed, it may commit one, for one column in its favour (right when it
attacks, left when it defends). At most one a battle; each marker once a game turn. Markers have
no strength, never stack and are never lost in combat.

The commitment is the side's decision, asked after the units of the battle are known and before
it is priced (the combat mechanic's ``wargame_before_roll``): ``air commit`` or ``air hold``,
asked only while a marker is unused this turn. Settings (``mechanic_options.air-support``):
``side``, ``markers`` (``[{"turns": [first, last], "n": count}]``; a turn in no entry has none),
``extra`` (``[{"turns": [...], "n": count, "var": name}]``: more markers while a state variable is
set, Barbarossa 4.18's two under Watch on the Oder), ``kinds`` (battle kinds, default attack and
overrun), ``rule``, ``note`` (where the numbers come from: a stand-in says so). The markers used
this turn are counted in the mechanic's namespace ``air-support``, which goes with the turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.models import PhaseSpec
from wargame.plugins import Verb

REQUIRES = {"combat": "the markers support battles the combat mechanic fights"}
"""Mechanics this one needs in the same title (checked at load)."""

NS = "air-support"
KIND = "air"


def settings(match: Match) -> dict[str, Any]:
    return match.settings("air-support")


def _in(entry: dict[str, Any], turn: int) -> bool:
    first, last = entry["turns"]
    return int(first) <= turn <= int(last)


def markers(match: Match) -> int:
    """The side's markers this turn."""
    s = settings(match)
    n = sum(int(e["n"]) for e in s.get("markers", ()) if _in(e, match.turn))
    n += sum(
        int(e["n"])
        for e in s.get("extra", ())
        if _in(e, match.turn) and match.state.vars.get(e["var"])
    )
    return n


def used(match: Match) -> int:
    got = match.state.plugins.get(NS, {})
    return int(got.get("used", 0)) if got.get("turn") == match.turn else 0


def available(match: Match) -> int:
    return max(0, markers(match) - used(match))


def _rule(match: Match) -> str:
    rule = settings(match).get("rule")
    return f" ({rule})" if rule else ""


@hookimpl
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    kinds = settings(match).get("kinds", ["attack", "overrun"])
    if battle.kind not in kinds or not available(match) or battle.extra.get("air") is not None:
        return None
    match.push(
        settings(match)["side"],
        KIND,
        f"commit an air marker to {battle.id} at {battle.target}? "
        f"({available(match)} left this turn){_rule(match)}",
    )
    return True


class Air(Verb):
    """``air commit`` or ``air hold`` before a battle."""

    name = "air"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("air", ("commit",))
        yield Action("air", ("hold",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("commit",), ("hold",)):
            return f"usage: air commit|hold{_rule(match)}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat.active(match)
        assert battle is not None
        commit = action.args[0] == "commit"
        battle.extra["air"] = commit
        combat.store(match, battle)
        if commit:
            match.state.plugins[NS] = {"turn": match.turn, "used": used(match) + 1}
            match.emit(
                "air",
                f"an air marker supports {battle.id} at {battle.target}",
                settings(match).get("rule"),
            )
        combat.resume(match)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    if not battle.extra.get("air") or not battle.attackers:
        return []
    side = settings(match)["side"]
    attacking = match.state.units[battle.attackers[0]].side == side
    rule = settings(match).get("rule") or ""
    return [Shift(1 if attacking else -1, "air support", rule)]


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """The count of markers used goes with its turn."""
    got = match.state.plugins.get(NS)
    if got is not None and got.get("turn") != match.turn:
        del match.state.plugins[NS]


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Air()]
