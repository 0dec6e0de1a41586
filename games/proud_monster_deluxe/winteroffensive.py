"""The Soviet First Winter Offensive's choices after the roll (PMD 5.5(2), (3)).

From the Soviet 1941/42 winter offensive week through turn 204 (``offensives.first_winter``;
that module gives 5.5(1)'s 1R), in a Soviet PA or
MA on a hex north of the N/S line with every attacker in offensive supply:

(2) once the die is rolled, before the city doubling, the Soviet player may take 1 from both
    the attacker's and the defender's loss (a -1 is 0): ``winter subtract`` or ``winter keep``.
(3) in a PA whose final defender loss is 2 or more, on a hex with no city, hedgehog or
    fieldworks, he may require the Axis's last step to be a retreat: ``winter retreat`` or
    ``winter no-retreat``; unrequired, the Axis may still retreat it (13.8). Only a stack that
    may retreat (13.8, 7.1(8)) is asked of (ruling WO1).

Both are the Soviet player's decisions, pushed when the result is known; the battle waits and
goes on (``carry_out``) once he answers, the choices kept in ``battle.extra["winter"]``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.plugins import Verb

from . import constructions, losses, offensives
from .turns import SOVIET

RULE = "PMD 5.5"
NO_FORCED_RETREAT = ("city", "hedgehog", "fieldworks")
"""5.5(3): a defending hex with one of these may not be made to retreat."""
KIND = "winter"


def _choices(battle: Battle) -> dict[str, Any]:
    found: dict[str, Any] = battle.extra.setdefault(KIND, {})
    return found


def applies(match: Match, battle: Battle) -> bool:
    """A Soviet PA or MA north of the N/S line in the First Winter Offensive, every attacker in
    offensive supply (5.5)."""
    if not offensives.first_winter(match) or battle.kind not in (
        "attack",
        "overrun",
    ):
        return False
    units = [match.state.units[i] for i in battle.attackers if i in match.state.units]
    if not units or units[0].side != SOVIET:
        return False
    if battle.target in match.topology.region("south"):
        return False
    return all(losses.offensive_supply(match, u) for u in units)


def _retreat_possible(match: Match, battle: Battle, code: str) -> bool:
    """5.5(3): a PA, a final defender loss of 2 or more, no city, hedgehog or fieldworks, and a
    stack that may retreat (ruling WO1)."""
    if battle.kind != "attack":
        return False
    _attacker, defender, _why = losses.final_result(match, battle, code)
    if defender < 2:
        return False
    if constructions.present(match, battle.target) & set(NO_FORCED_RETREAT):
        return False
    units = [match.state.units[i] for i in battle.defenders if i in match.state.units]
    return losses.retreat_capable(match, units)


def subtracted(code: str) -> str:
    """5.5(2): 1 off both losses, a -1 being 0."""
    a, d = (int(x) for x in code.split("/"))
    return f"{max(a - 1, 0)}/{max(d - 1, 0)}"


def forced_retreat(battle: Battle) -> bool:
    """5.5(3): the Soviet requires the defender's last step to be a retreat."""
    return bool(battle.extra.get(KIND, {}).get("retreat"))


@hookimpl(tryfirst=True)
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    """Ask the Soviet player his 5.5 choices once the result is known; the battle waits."""
    if "/" not in result or not applies(match, battle):
        return None
    chosen = _choices(battle)
    if "subtract" not in chosen and result == "0/0":
        chosen["subtract"] = False  # nothing to take off
    if "subtract" not in chosen:
        match.push(SOVIET, KIND, f"take 1 from both losses of {result}? ({RULE}(2))")
    elif "retreat" not in chosen and _retreat_possible(match, battle, result):
        match.push(SOVIET, KIND, f"require the Axis's last step as a retreat? ({RULE}(3))")
    else:
        return None
    chosen["code"] = result
    combat_mechanic.store(match, battle)
    return True


class Winter(Verb):
    """``winter subtract|keep`` (5.5(2)) and ``winter retreat|no-retreat`` (5.5(3))."""

    name = KIND
    kinds = (KIND,)

    def options(self, match: Match) -> tuple[str, str]:
        battle = combat_mechanic.active(match)
        asked = _choices(battle) if battle is not None else {}
        return ("subtract", "keep") if "subtract" not in asked else ("retreat", "no-retreat")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for word in self.options(match):
            yield Action(KIND, (word,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        words = self.options(match)
        if len(action.args) != 1 or action.args[0] not in words:
            return f"usage: {KIND} {'|'.join(words)} ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        chosen = _choices(battle)
        word = action.args[0]
        code = str(chosen["code"])
        if word in ("subtract", "keep"):
            chosen["subtract"] = word == "subtract"
            if word == "subtract":
                new = subtracted(code)
                battle.result = new
                battle.explanation.append(f"Soviet first winter: {code} -> {new} ({RULE}(2))")
                match.emit(KIND, f"{battle.id}: the Soviet takes 1 off both losses: {new}", RULE)
                code = new
        else:
            chosen["retreat"] = word == "retreat"
            if word == "retreat":
                battle.explanation.append(f"the Axis's last step is a retreat ({RULE}(3))")
                match.emit(KIND, f"{battle.id}: the Axis's last step must be a retreat", RULE)
        combat_mechanic.store(match, battle)
        combat_mechanic.carry_out(match, battle, code)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Winter()]
