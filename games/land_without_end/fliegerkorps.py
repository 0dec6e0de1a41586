"""VIII FliegerKorps (LWE 11.25): the German player's one ground-support air marker. From GT2
through GT21, once a game turn, he may commit it to any one battle, his own or the Soviet's, PA or
MA, for one column in the German side's favour. It cannot be lost in combat; it leaves the game
at the start of GT22 (8.12, ruling E20: no use on GT22).

The commitment is his decision, asked before each battle is priced while the marker is unused
this turn (``fliegerkorps commit`` or ``fliegerkorps hold``; ruling A1: asked after the units in
the battle are known, which in this title are never hidden). The turn it was used is kept in
``state.vars["viii_fk_turn"]``.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.plugins import Verb

from .common import GERMAN

FIRST, LAST = 2, 21
"""11.25: usable from the start of GT2 through the end of GT21."""
RULE = "LWE 11.25"
KIND = "fliegerkorps"


def available(match: Match) -> bool:
    return FIRST <= match.turn <= LAST and match.state.vars.get("viii_fk_turn") != match.turn


@hookimpl
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    if not available(match) or battle.kind not in ("attack", "overrun"):
        return None
    if battle.extra.get("viii_fk_asked"):
        return None  # asked once a battle (the combat mechanic asks again after each answer)
    battle.extra["viii_fk_asked"] = True
    combat.store(match, battle)
    match.push(
        GERMAN, KIND, f"commit VIII FliegerKorps to {battle.id} at {battle.target}? ({RULE})"
    )
    return True


class Commit(Verb):
    """``fliegerkorps commit`` or ``fliegerkorps hold`` before a battle (11.25)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action(KIND, ("commit",))
        yield Action(KIND, ("hold",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("commit",), ("hold",)):
            return f"usage: {KIND} commit|hold ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat.active(match)
        assert battle is not None
        if action.args[0] == "commit":
            match.state.vars["viii_fk_turn"] = match.turn
            battle.extra["viii_fk"] = True
            combat.store(match, battle)
            match.emit(KIND, f"VIII FliegerKorps supports {battle.id} at {battle.target}", RULE)
        combat.resume(match)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    if not battle.extra.get("viii_fk") or not battle.attackers:
        return []
    german_attacks = match.state.units[battle.attackers[0]].side == GERMAN
    return [Shift(1 if german_attacks else -1, "VIII FliegerKorps", RULE)]


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Commit()]
