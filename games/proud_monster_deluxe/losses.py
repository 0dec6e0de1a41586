"""A prepared assault's result, from the roll to the last step (PMD 13.4.2, 13.7-13.12).

The CRT gives ``A/D`` (13.7). Then, in this order (ruling C4): a city construction doubles both
numbers, a defender's 0 becoming 1 unless the odds were below 1:3 (13.4.2, ruling C5); an active
heavy fort adds 1 to the attacker's (13.4.2). The defender takes his losses first, then the
attacker (13.11): in a normal combat each side picks its own units; in a close combat the enemy
picks the 1st, 3rd... unit and the owner the 2nd, 4th... (13.12). A Soviet CD, RB, MRB or TB
satisfies half a step (13.9: the counters' ``step_value``). The defender's final step or half
step may be a one-hex retreat (13.8, :func:`may_retreat`), the defender's own decision: in a
close combat, when that loss is the attacker's pick, he first retreats or stands and the attacker
then picks (13.12, ruling C10; the kernel's ``stand``); units that retreated earlier in the
phase and are attacked again add nothing and are eliminated by any result but 0 (13.8). The attacker's loss is known only
then: reduced by 1 under the five conditions of 13.10 (:func:`reduction`), and in a close combat
at least half the defender's actual step losses, rounded down (13.12). Either side may lose
more steps than its result once the result is taken as steps (13.7, ruling RL2)."""

from __future__ import annotations

import math
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import stacking
from wargame.mechanics.losses import steps_left
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import air, artillery, closecombat, constructions, harko, jointhex, reserves
from .weather import weather_at

RULE = "PMD 13.7, 13.11"
REDUCTION_WEATHER = ("D", "R", "F")
"""13.10(3), 12.4: no attacker loss reduction in Mud or Snow."""
REDUCTION_TERRAIN = ("clear", "forest")
"""13.10(2): a city has clear terrain and qualifies (CC Example #2, digest 17.26)."""


def _ns(battle: Battle) -> dict[str, Any]:
    found: dict[str, Any] = battle.extra.setdefault("pmd", {})
    return found


def _steps(match: Match, units: list[Unit]) -> dict[str, float]:
    """Each unit's steps left; Soviet artillery has none (15.11) and is not counted."""
    return {
        u.id: steps_left(match, u) if u.loc is not None else 0.0
        for u in units
        if not artillery.stepless(match, u) and not air.is_air(match, u)
    }


def _lost(match: Match, before: dict[str, float]) -> float:
    """Steps actually lost since ``before`` (an eliminated unit lost all it had)."""
    units = match.state.units
    now = _steps(match, [units[i] for i in before])
    return sum(before[i] - now[i] for i in before)


def lost_by_defender(match: Match, battle: Battle) -> float:
    """The defender's actual step losses in this battle so far (13.12, 13.15.2)."""
    before = _ns(battle).get("defender_before")
    return _lost(match, before) if before else 0.0


def retreated_here(match: Match, battle: Battle) -> list[str]:
    """Defenders that retreated earlier this phase (13.8: they add nothing to the defence)."""
    key = phase_key(match)
    units = match.state.units
    return [i for i in battle.defenders if units[i].flags.get("retreated") == key]


def german_coloured(match: Match, unit: Unit) -> bool:
    tags = match.unit_type(unit).get("tags", ())
    return "german" in tags or "german-colored" in tags


def guards(match: Match, unit: Unit) -> bool:
    return "guards" in match.unit_type(unit).get("tags", ())


def close_combat(match: Match, battle: Battle) -> bool:
    """A close combat: the defender uses the city construction (13.4.2), a Close Combat marker
    was committed to the battle or one is on its jointly-occupied hex (13.1)."""
    return (
        constructions.in_city(match, battle)
        or bool(battle.extra.get("close_combat"))
        or battle.target in closecombat.on_map(match)
    )


def retreat_capable(match: Match, units: list[Unit]) -> bool:
    """13.8: only a stack of German-coloured units or of Soviet Guards units retreats."""
    alive = [u for u in units if u.loc is not None and not air.is_air(match, u)]
    if any("no-retreat" in match.unit_type(u).get("tags", ()) for u in alive):
        return False  # 13.8, 15.5, 15.10: not with HARKO, Heavy Gustav or Dora
    return bool(alive) and (
        all(german_coloured(match, u) for u in alive) or all(guards(match, u) for u in alive)
    )


def may_retreat(match: Match, battle: Battle) -> bool:
    """13.8: a prepared assault's defender in a non-city hex may retreat for its last step; not
    Axis units in a Hedgehog (13.4.2)."""
    from . import hedgehogs

    if battle.kind != "attack" or "city" in match.topology.features(battle.target):
        return False
    side = constructions.defender_side(match, battle)
    return not (side == "axis" and hedgehogs.at(match, battle.target))


@on_phase("end", kinds=("combat",))
def retreat_stacking(match: Match, phase: PhaseSpec) -> None:
    """13.8, 6.3: a split retreat may overstack a hex (the kernel's ``split``); stacking there
    is enforced as the next phase starts, each owner removing units of his choice. Other
    overstacks wait for the Cleanup Phase's check (ruling STK1)."""
    key = phase_key(match)
    units = match.state.units
    for side in reversed(match.sides):
        hexes = {
            loc
            for loc, ids in match.occupied().items()
            if any(units[i].side == side and units[i].flags.get("retreated") == key for i in ids)
        }
        if hexes:
            stacking.ask(match, side, only=hexes)


def offensive_supply(match: Match, unit: Unit) -> bool:
    """13.10(1) and the unit specials: in offensive supply (8.4, 8.6: ``offsupply.lacks``)."""
    from . import offsupply

    return offsupply.lacks(match, unit) is None


def cc_minimum(lost: float) -> int:
    """13.12: a close combat's attacker loses at least half the defender's step losses, rounded
    down (the 13.12 table: 0-1.5 -> 0, 2-3.5 -> 1, ... 10 -> 5)."""
    return math.floor(lost / 2)


def reduction(match: Match, battle: Battle, defender_result: int, retreated: bool) -> str | None:
    """Why the attacker's loss is reduced by 1 (13.10), or None when a condition fails."""
    units = match.state.units
    if not all(offensive_supply(match, units[i]) for i in battle.attackers):
        return None  # (1)
    target = battle.target
    if match.topology.terrain(target) not in REDUCTION_TERRAIN:
        return None  # (2) terrain
    if constructions.defender_side(match, battle) == "soviet" and constructions.active_forts(
        match, target
    ):
        return None  # (2) an active fort, heavy fort, fort line or Stalin line
    if _fieldworks_or_area(match, battle):
        return None  # (2) the defender's Fieldworks or the Fortified Area (13.4.2, 15.16)
    if weather_at(match, target) not in REDUCTION_WEATHER:
        return None  # (3)
    if defender_result < 3:
        return None  # (4)
    had = sum(_ns(battle)["defender_before"].values())
    had -= float(_ns(battle).get("artillery_loss", 0))  # 13.10(5): after artillery's losses
    if had >= (2 if retreated else 2.5):
        return None  # (5)
    return f"defender result {defender_result}, only {had:g} step(s) to lose (PMD 13.10)"


def _fieldworks_or_area(match: Match, battle: Battle) -> bool:
    from . import fieldworks, fortifiedarea

    side = constructions.defender_side(match, battle)
    return (side is not None and fieldworks.owner(match, battle.target) == side) or (
        fortifiedarea.covers(match, battle)
    )


def final_result(match: Match, battle: Battle, code: str) -> tuple[int, int, list[str]]:
    """The result after the changes made once the die is rolled (13.4.2), with their reasons."""
    from . import mad

    attacker, defender = (int(x) for x in code.split("/"))
    why: list[str] = []
    if mad.extra_loss(match, battle):
        defender += mad.extra_loss(match, battle)
        why.append(f"MAD: defender loss +1 to {defender} (PMD 15.21)")
    spec = constructions.effect(match, battle)
    if spec.get("double_losses"):
        below = battle.roll is None and code == "2/0"
        attacker, defender = attacker * 2, defender * 2
        if defender == 0 and not below:
            defender = 1
        why.append(f"city: losses doubled to {attacker}/{defender} (PMD 13.4.2)")
    if spec.get("attacker_loss"):
        attacker += int(spec["attacker_loss"])
        why.append(f"heavy fort: attacker loss +{spec['attacker_loss']} (PMD 13.4.2)")
    extra, reason = harko.bonus(match, battle, bool(spec.get("double_losses")))
    if extra:
        defender += extra
        why.append(reason or "")
    return attacker, defender, why


@hookimpl
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    units = match.state.units
    attacker, defender, why = final_result(match, battle, result)
    alone = artillery.caught_alone(match, battle)
    if alone:  # 15.11: Soviet artillery caught alone is destroyed, no result for either side
        for unit in alone:
            match.eliminate(unit, f"Soviet artillery caught alone in {battle.id}", artillery.RULE)
        attacker, defender = 0, 0
        why = [f"Soviet artillery caught alone: destroyed, no result ({artillery.RULE})"]
    battle.explanation.extend(why)
    again = retreated_here(match, battle)
    if again and defender:
        # 13.8: retreated units attacked again die with any result but 0, not counting for it
        for uid in again:
            match.eliminate(units[uid], f"retreated, attacked again in {battle.id}", "PMD 13.8")
        battle.defenders = [i for i in battle.defenders if i not in again]
    close = close_combat(match, battle)
    city = bool(constructions.effect(match, battle).get("double_losses"))
    ns = _ns(battle)
    ns.update(
        attacker_result=attacker,
        defender_result=defender,
        close=close,
        defender_before=_steps(match, [units[i] for i in battle.defenders]),
        attacker_before=_steps(match, [units[i] for i in battle.attackers]),
        city_zero=city and defender == 0,
        artillery_loss=0 if alone else harko.bonus(match, battle, city)[0],
    )
    picks: dict[str, Any] = {"chooser": "enemy", "alternate": True} if close else {}
    todo: list[dict[str, Any]] = []
    if defender:
        could = any(
            german_coloured(match, units[i]) or guards(match, units[i]) for i in battle.defenders
        ) and not any(  # 13.8: never with HARKO, Heavy Gustav or Dora (lost last, 13.12)
            "no-retreat" in match.unit_type(units[i]).get("tags", ()) for i in battle.defenders
        )
        kind = "steps-or-retreat" if could and may_retreat(match, battle) else "steps"
        if kind == "steps-or-retreat" and battle.extra.get("winter", {}).get("retreat"):
            # 5.5(3): the Soviet requires the last step as a retreat (winteroffensive.py)
            todo.append({"who": "defender", "do": "steps", "n": defender - 1, **picks})
            todo.append({"who": "defender", "do": "retreat", "n": 1})
        else:
            # 13.7: either side may lose more steps than its result, once it is taken as steps
            todo.append(
                {
                    "who": "defender",
                    "do": kind,
                    "n": defender,
                    "retreat_last": True,
                    "more": True,
                    **picks,
                }
            )
    todo.append({"who": "attacker", "do": "steps", "n": attacker, "more": True, **picks})
    for item in todo:  # 15.11, 15.4: Soviet artillery and air units take no step of a loss
        ids = battle.attackers if item["who"] == "attacker" else battle.defenders
        takers = [
            i
            for i in ids
            if not artillery.stepless(match, units[i]) and not air.is_air(match, units[i])
        ]
        if len(takers) < len(ids) and item["do"] != "retreat":
            item["units"] = takers
    todo.extend(cavalry_cost(match, battle))
    if ns["city_zero"]:
        todo.append({"who": "defender", "do": "steps", "n": 0, "more": True})  # ruling C5
    todo.extend(jointhex.queue(match, battle))  # last: the Close Combat advance (13.15.2)
    battle.extra.update(todo=todo, rule=RULE, advance=True)
    combat_mechanic.store(match, battle)
    combat_mechanic.proceed(match)
    return True


def cavalry_cost(match: Match, battle: Battle) -> list[dict[str, Any]]:
    """14.1: Soviet cavalry in a mobile assault cost the Soviets one cavalry step (a CD when
    only one), outside the result; a half-step CD's step is a half."""
    units = match.state.units
    cavalry = [
        units[i]
        for i in battle.attackers
        if units[i].side == "soviet" and "cavalry" in match.unit_type(units[i]).get("tags", ())
    ]
    if battle.kind != "overrun" or not cavalry:
        return []
    step = min(float(match.counter(u).get("step_value", 1)) for u in cavalry)
    return [{"who": "attacker", "do": "steps", "n": step, "units": [u.id for u in cavalry]}]


@hookimpl
def wargame_combat_loss(match: Match, battle: Battle, who: str, n: float) -> float | None:
    ns = _ns(battle)
    if "attacker_result" not in ns:
        return None
    if who == "attacker" and ns.get("attacker_done"):
        if n == 0:  # the queue's last item: the Close Combat advance (13.15.2)
            jointhex.offer(match, battle)
            return 0
        return None  # a loss outside the result (14.1's cavalry step)
    if who == "defender":
        if n == 0 and ns.get("city_zero"):
            # ruling C5: below 1:3 in a city the defender's 0 becomes 1 only when the attacker
            # actually lost all 4 steps of the doubled 2/0
            lost = _lost(match, ns["attacker_before"])
            return 1 if lost >= 4 else 0
        return None
    # the defender's losses are all taken: the reserve marker (6.4), qualifying points (13.1)
    reserves.after_defence(match, battle)
    closecombat.score(match, battle)
    result = int(ns["attacker_result"])
    retreated = bool(battle.extra.get("retreat_paths"))
    why = reduction(match, battle, int(ns["defender_result"]), retreated)
    loss = max(result - 1, 0) if why else result
    if why:
        battle.explanation.append(f"attacker loss {result} -> {loss}: {why}")
    if ns.get("close"):
        # 13.12: only the defender's non-artillery-caused losses count (HARKO's are not)
        lost = max(0.0, _lost(match, ns["defender_before"]) - float(ns.get("artillery_loss", 0)))
        least = cc_minimum(lost)
        if least > loss:
            battle.explanation.append(
                f"close combat: attacker loses at least half of {lost:g}: {least} (PMD 13.12)"
            )
            loss = least
    ns["attacker_done"] = True
    combat_mechanic.store(match, battle)
    return loss


@hookimpl
@veto_scope(verbs=("retreat-instead",), kinds=("loss",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.8: the retreat is checked when it is taken: only an all German-coloured or all Guards
    stack may retreat (7.1(8): once its minor allies are gone an all-German stack may)."""
    units = [match.state.units[i] for i in decision.context["units"]]
    if not retreat_capable(match, units):
        return "only a stack of German-coloured or of Guards units may retreat (PMD 13.8)"
    return None
