"""The AFV shift and its price (PMD 13.4.1, 15.2, 13.11(2), 5.3(11)).

With an AFV unit (panzer or tank, heavy panzer, panzergrenadier or mechanized, assault gun, HSPAT:
the ``afv`` unit-type tag; not motorized infantry) in a battle for a clear hex in Dry, Rain or
Freeze weather, each side may declare the AFV shift: 1R for the attacker, 1L for the defender, in
the capped group (13.5). The attacker is asked first, then the defender (``afv declare`` or
``afv decline``), once the construction and the Close Combat marker are settled. A side that
declared it loses an AFV step first in the normal loss procedure (13.11(2)): a full step of AFV
losses if it can (two half-step TBs). An isolated AFV unit counts for nothing (8.5, 15.2: it lost its special properties).
A Flak corps in the defending hex negates a Soviet attacker's shift: he is not asked (15.3,
ruling FL1)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.plugins import Verb

from .combat import CAPPED, unsupplied
from .turns import SOVIET
from .weather import weather_at

RULE = "PMD 13.4.1, 15.2"
AFV_WEATHER = ("D", "R", "F")


def is_afv(match: Match, uid: str) -> bool:
    """An AFV unit; an isolated one has lost its special properties (8.5; out of supply it
    keeps them)."""
    unit = match.state.units[uid]
    return "afv" in match.unit_type(unit).get("tags", ()) and unsupplied(unit) != "isolated"


def may_declare(match: Match, battle: Battle, who: str) -> bool:
    """15.2: an AFV of ``who`` in the battle, a clear defending hex, Dry, Rain or Freeze."""
    if match.topology.terrain(battle.target) != "clear":
        return False
    if weather_at(match, battle.target) not in AFV_WEATHER:
        return False
    ids = battle.attackers if who == "attacker" else battle.defenders
    if who == "attacker" and ids and match.state.units[ids[0]].side == SOVIET:
        from .flak import protecting

        if protecting(match, battle) is not None:
            return False  # 15.3(2), 13.4.1(1B): a Flak corps negates it (ruling FL1)
    return any(is_afv(match, i) for i in ids)


def ask(match: Match, battle: Battle) -> bool:
    """Ask the next side that may declare and has not answered; True when one is asked."""
    declared = battle.extra.setdefault("afv", {})
    for who in ("attacker", "defender"):
        if who in declared:
            continue
        if not may_declare(match, battle, who):
            declared[who] = False
            continue
        ids = battle.attackers if who == "attacker" else battle.defenders
        side = match.state.units[ids[0]].side
        combat_mechanic.store(match, battle)
        match.push(side, "afv", f"declare the AFV shift at {battle.target}? ({RULE})", who=who)
        return True
    combat_mechanic.store(match, battle)
    return False


class Declare(Verb):
    """``NAME declare`` or ``NAME decline``: a side's declared shift before the roll, kept in
    the battle's ``extra[NAME]`` by attacker or defender (the AFV shift here; the engineers'
    of 15.7 configure the same verb)."""

    name = "afv"
    kinds: tuple[str, ...] = ("afv",)
    rule = RULE

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action(self.name, ("declare",))
        yield Action(self.name, ("decline",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("declare",), ("decline",)):
            return f"usage: {self.name} declare|decline ({self.rule})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from .constructions import ask_before_roll

        who = match.pop()["context"]["who"]
        battle = combat_mechanic.active(match)
        assert battle is not None
        battle.extra.setdefault(self.name, {})[who] = action.args[0] == "declare"
        combat_mechanic.store(match, battle)
        if not ask_before_roll(match, battle):
            combat_mechanic.resume(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Declare()]


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    declared = battle.extra.get("afv", {})
    out: list[Shift] = []
    if declared.get("attacker"):
        out.append(Shift.right(1, "the attacker declares an AFV", RULE, CAPPED))
    if declared.get("defender"):
        out.append(Shift.left(1, "the defender declares an AFV", RULE, CAPPED))
    return out


def owed(match: Match, battle: Battle, who: str, candidates: list[str]) -> bool:
    """13.11(2): the side declared the AFV shift, lost no full AFV step yet, and has an AFV
    unit among ``candidates`` left."""
    from .engineers import declared_step_owed

    return declared_step_owed(match, battle, who, candidates, "afv", lambda i: is_afv(match, i))


@hookimpl
@veto_scope(verbs=("lose",), kinds=("loss",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.11(2): a side that declared the AFV shift loses a full AFV step first, if it can."""
    from . import engineers

    battle = engineers.loss_order_battle(match, decision, action)
    if battle is None:
        return None
    ctx = decision.context
    who = ctx.get("who")
    if who is None or is_afv(match, action.args[0]):
        return None
    if engineers.owed(match, battle, who, ctx["units"]):
        return None  # 13.11(1): the engineer step comes before the AFV step (engineers.py)
    if owed(match, battle, who, ctx["units"]):
        return "an AFV step is lost first, the AFV shift having been declared (PMD 13.11)"
    return None
