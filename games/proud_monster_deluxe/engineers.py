"""Combat engineers (PMD 15.7, 13.11(1)).

An engineer unit (the ``engineer`` unit-type tag: the Soviet engineer brigades, Guards in all
ways, and the Axis motorized engineer battalion) in a PA or MA lets its side declare the engineer
shift: one column in its favour, once a battle however many engineers take part. An attacking
engineer counts only in offensive supply, a defending one only when not isolated. The attacker
is asked first, then the defender (``engineer declare`` or ``engineer decline``), after the AFV
shifts. Engineers cancel one for one: when both sides declare, the side with more counting
engineers gets the shift, equal numbers none (ruling EN1). A side that declared loses an
engineer step first (13.11(1)), before its AFV step."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics.losses import steps_left
from wargame.plugins import Verb
from wargame.state import Unit

from .afv import Declare
from .combat import CAPPED, unsupplied
from .losses import offensive_supply

RULE = "PMD 15.7"


def is_engineer(match: Match, unit: Unit) -> bool:
    return "engineer" in match.unit_type(unit).get("tags", ())


def counting(match: Match, battle: Battle, who: str) -> list[str]:
    """The side's engineers that count (15.7: attacking in offensive supply, defending not
    isolated)."""
    units = match.state.units
    ids = battle.attackers if who == "attacker" else battle.defenders
    out: list[str] = []
    for uid in ids:
        unit = units[uid]
        if unit.loc is None or not is_engineer(match, unit):
            continue
        if who == "attacker" and (
            unsupplied(unit) is not None or not offensive_supply(match, unit)
        ):
            continue
        if who == "defender" and unsupplied(unit) == "isolated":
            continue
        out.append(uid)
    return out


def ask(match: Match, battle: Battle) -> bool:
    """Ask the next side with counting engineers that has not answered; True when asked."""
    if not battle.attackers or not battle.defenders:
        return False
    sides = [w for w in ("attacker", "defender") if counting(match, battle, w)]
    if not sides:
        return False  # no engineers: the battle keeps no record
    declared = battle.extra.setdefault("engineer", {})
    for who in sides:
        if who in declared:
            continue
        ids = battle.attackers if who == "attacker" else battle.defenders
        side = match.state.units[ids[0]].side
        combat_mechanic.store(match, battle)
        match.push(
            side, "engineer", f"declare the engineer shift at {battle.target}? ({RULE})", who=who
        )
        return True
    combat_mechanic.store(match, battle)
    return False


class Engineer(Declare):
    """``engineer declare`` or ``engineer decline`` (15.7)."""

    name = "engineer"
    kinds = ("engineer",)
    rule = RULE


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Engineer()]


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """15.7: one column to the side with more declared counting engineers (ruling EN1)."""
    declared = battle.extra.get("engineer", {})
    n = {
        who: len(counting(match, battle, who)) if declared.get(who) else 0
        for who in ("attacker", "defender")
    }
    if n["attacker"] > n["defender"]:
        return [Shift.right(1, "the attacker declares the engineer shift", RULE, CAPPED)]
    if n["defender"] > n["attacker"]:
        return [Shift.left(1, "the defender declares the engineer shift", RULE, CAPPED)]
    return []


def owed(match: Match, battle: Battle, who: str, candidates: Sequence[str]) -> bool:
    """13.11(1): ``who`` declared the engineer shift, has lost no engineer step in this battle
    yet, and an engineer is among the units that may take the loss."""
    units = match.state.units
    return declared_step_owed(
        match, battle, who, candidates, "engineer", lambda i: is_engineer(match, units[i])
    )


def declared_step_owed(
    match: Match,
    battle: Battle,
    who: str,
    candidates: Sequence[str],
    shift: str,
    kind: Callable[[str], bool],
) -> bool:
    """13.11(1)-(2): ``who`` declared the ``shift`` (the engineer or the AFV shift), has not yet
    lost a full step of units of that ``kind`` in this battle, and such a unit is among the
    ``candidates`` that may take the loss."""
    if not battle.extra.get(shift, {}).get(who):
        return False
    units = match.state.units
    if lost_of(match, battle, who, kind) >= 1:
        return False
    return any(units[i].loc is not None and kind(i) for i in candidates)


def lost_of(match: Match, battle: Battle, who: str, kind: Callable[[str], bool]) -> float:
    """The steps ``who``'s units of a kind have lost in this battle so far (13.11)."""
    units = match.state.units
    before = battle.extra.get("pmd", {}).get(f"{who}_before", {})
    return sum(
        before.get(i, 0.0) - (steps_left(match, units[i]) if units[i].loc else 0.0)
        for i in before
        if kind(i)
    )


def loss_order_battle(match: Match, decision: Decision, action: Action) -> Battle | None:
    """13.11: the battle whose normal loss order a ``lose`` pick must follow: a side picking its
    own losses (not the enemy's picks, 13.11's exceptions, nor an alternate loss); else None."""
    battle = combat_mechanic.active(match)
    ctx = decision.context
    if battle is None or ctx.get("enemy_picks") or ctx.get("alternate") or not action.args:
        return None
    return battle


@hookimpl
@veto_scope(verbs=("lose",), kinds=("loss",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.11(1): a side that declared the engineer shift loses an engineer step first."""
    battle = loss_order_battle(match, decision, action)
    if battle is None:
        return None
    ctx = decision.context
    unit = match.state.units.get(action.args[0])
    if unit is None or is_engineer(match, unit):
        return None
    if owed(match, battle, ctx.get("who", ""), ctx["units"]):
        return "an engineer step is lost first, the engineer shift having been declared (PMD 13.11)"
    return None
