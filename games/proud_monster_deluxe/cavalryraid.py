"""Cavalry raids (PMD 15.6; worked example T38).

In a movement phase in which they may move, cavalry units (the ``cavalry`` unit-type tag) with
at least one step, in offensive supply, raid an enemy-occupied forest, rough or marsh hex next to
each of them, not in Mud, paying 4 MP plus the river hexside's cost (``raid HEX with
UNIT[,UNIT]``). Soviet cavalry without a Guards unit among them needs 2 divisions, which may
start in different hexes. The raiders go on top of the enemy stack: off the map (they count for
no stacking), each with the ``raid`` flag naming the hex. A raid is a move, not a removal (ruling
CR3): the raiders keep their flags and markers, and the rules hear them leave their hex for no
other hex (``wargame_moved`` with the one-hex path), so it keeps no record of them (the reserve
stack, the ``top`` choice, the augmented pair) and the raided hex is not entered (no control).

Each later PA or MA of the raiders' side on that hex takes a 1R shift (a unit shift: capped,
13.5), and the raiding stack loses 1 step for it before the roll, outside the combat result
(ruling CR1: the owner picks the unit when there is a choice, ``raid-loss UNIT``; a half-step
Soviet CD is half of it). When the raided hex no longer holds enemy units the raiders are placed
in it (ruling CR2); raiders still on an enemy stack at a Cleanup Phase are eliminated."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics.losses import steps_left
from wargame.mechanics.movement import allowance, movers, phase_key, scale, spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .combat import CAPPED, unsupplied
from .losses import guards, offensive_supply
from .movement import RIVERS
from .turns import SOVIET
from .weather import weather_at

RULE = "PMD 15.6"
TERRAIN = ("forest", "rough", "marsh")
ENTRY_MP = 4
SOVIET_DIVISIONS = 2
"""15.6: non-Guards Soviet cavalry raid with 2 divisions."""


def is_cavalry(match: Match, unit: Unit) -> bool:
    return "cavalry" in match.unit_type(unit).get("tags", ())


def raiders(match: Match, loc: str, side: str | None = None) -> list[Unit]:
    """The raiders on top of the stack at ``loc`` (of ``side``), in id order."""
    return sorted(
        (
            u
            for u in match.state.units.values()
            if u.flags.get("raid") == loc and (side is None or u.side == side)
        ),
        key=lambda u: u.id,
    )


def river_cost(match: Match, unit: Unit, a: str, b: str) -> float:
    """The river hexside's own MP, as the TEC prices it in the weather of ``b`` (11.1, 12.4)."""
    edge = match.topology.edge(a, b)
    if edge is None:
        return 0.0
    chart = match.title.doc("terrain").get("hexsides", {})
    weather = weather_at(match, b)
    mobility = match.unit_type(unit)["mobility"]
    plain = (f"{unit.side}/{mobility}", mobility, unit.side, "*")
    total = 0.0
    for feature in sorted(set(edge.features) & set(RIVERS)):
        move = chart.get(feature, {}).get("move", {})
        for sel in (*(f"{s}@{weather}" for s in plain), *plain):
            if sel in move and move[sel] is not None:
                total += float(move[sel])
                break
    return total


def _mp_left(match: Match, unit: Unit) -> float:
    return (allowance(match, unit) - spent(match, unit)) / scale(match)


def problem(match: Match, decision: Decision, target: str, ids: list[str]) -> str | None:
    """Why these units may not raid ``target`` now (15.6), or None."""
    units_by_id = match.state.units
    if not ids or len(set(ids)) != len(ids) or any(i not in units_by_id for i in ids):
        return f"usage: raid HEX with UNIT[,UNIT] ({RULE})"
    topo = match.topology
    if target not in topo:
        return f"{target} is not a hex ({RULE})"
    side = decision.side
    enemy = [u for u in match.units_at(target) if u.side != side]
    if not enemy or match.side_at(target) == side:
        return f"a raid goes into an enemy-occupied hex ({RULE})"
    if topo.terrain(target) not in TERRAIN:
        return f"a raid goes into forest, rough or marsh ({RULE})"
    if weather_at(match, target) == "M":
        return f"no raid in Mud ({RULE})"
    may = {u.id for u in movers(match, decision)}
    units = [units_by_id[i] for i in ids]
    for unit in units:
        if unit.side != side or not is_cavalry(match, unit):
            return f"{unit.id} is not {side} cavalry ({RULE})"
        if unit.id not in may:
            return f"{unit.id} may not move now ({RULE})"
        locked = match.hook.wargame_move_locked(match=match, unit=unit)
        if locked:
            return str(locked)
        if unit.loc not in topo.neighbours(target):
            return f"{unit.id} is not next to {target} ({RULE})"
        if unsupplied(unit) is not None or not offensive_supply(match, unit):
            return f"{unit.id} is not in offensive supply ({RULE})"
        need = ENTRY_MP + river_cost(match, unit, str(unit.loc), target)
        if _mp_left(match, unit) < need:
            return f"{unit.id} has not the {need:g} MP the raid costs ({RULE})"
    if side == SOVIET and not any(guards(match, u) for u in units):
        divisions = sum(float(match.unit_type(u).get("stacking", 0)) for u in units)
        if divisions < SOVIET_DIVISIONS:
            return f"non-Guards Soviet cavalry raid with {SOVIET_DIVISIONS} divisions ({RULE})"
    return None


def _targets(match: Match, decision: Decision) -> Iterable[tuple[str, list[Unit]]]:
    """Each raidable hex with the side's cavalry movers next to it."""
    topo = match.topology
    found: dict[str, list[Unit]] = {}
    for unit in movers(match, decision):
        if not is_cavalry(match, unit) or unit.loc is None or unit.loc not in topo:
            continue
        for n in topo.neighbours(unit.loc):
            if topo.terrain(n) in TERRAIN and match.side_at(n) not in (None, decision.side):
                found.setdefault(n, []).append(unit)
    return sorted(found.items())


class Raid(Verb):
    """``raid HEX with UNIT[,UNIT]`` (15.6)."""

    name = "raid"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for target, units in _targets(match, decision):
            for size in (1, 2):
                for group in itertools.combinations(units, size):
                    ids = [u.id for u in group]
                    if problem(match, decision, target, ids) is None:
                        yield Action("raid", (target, "with", ",".join(ids)))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 3 or action.args[1] != "with":
            return f"usage: raid HEX with UNIT[,UNIT] ({RULE})"
        return problem(match, decision, action.args[0], action.args[2].split(","))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        target = action.args[0]
        key = phase_key(match)
        for uid in action.args[2].split(","):
            unit = match.state.units[uid]
            cost = ENTRY_MP + river_cost(match, unit, str(unit.loc), target)
            unit.flags["mp"] = [key, spent(match, unit) + int(cost * scale(match))]
            start = str(unit.loc)
            match.place(unit, None)
            unit.flags["moved"] = key
            unit.flags["raid"] = target
            # ruling CR3: a move out of its hex that enters none (not Match.remove: it stays in
            # play with its flags and markers); what its hex kept of it goes as on any move
            # (the reserve stack 6.4, the top choice 6.3, the augmented pair 6.1, HH1, 13.15.3)
            match.hook.wargame_moved(match=match, units=[unit], path=[start])
        match.emit("raid", f"{action.args[2]} raid {target}", RULE, loc=target)


# ------------------------------------------------------------------ the assault (15.6, T38)


def _owed(match: Match, battle: Battle) -> float:
    return float(battle.extra.get("raid_owed", 0.0))


def ask(match: Match, battle: Battle) -> bool:
    """Before the roll: the raiding stack pays its step for this assault (15.6). True when its
    owner is asked which unit."""
    if not battle.attackers:
        return False
    side = match.state.units[battle.attackers[0]].side
    if "raid" not in battle.extra:
        found = raiders(match, battle.target, side)
        if not found:
            return False  # no raid on this stack: the battle keeps no record of one
        battle.extra["raid"] = [u.id for u in found]
        battle.extra["raid_owed"] = 1.0
    while _owed(match, battle) > 0:
        alive = raiders(match, battle.target, side)
        if not alive:
            battle.extra["raid_owed"] = 0.0
            break
        if sum(steps_left(match, u) for u in alive) <= _owed(match, battle):
            for unit in alive:  # no choice: the whole stack pays
                take(match, battle, unit)
            continue
        if len(alive) > 1:
            combat_mechanic.store(match, battle)
            match.push(
                side,
                "raid-loss",
                f"a raider's step for the assault on {battle.target} ({RULE})",
                units=[u.id for u in alive],
            )
            return True
        take(match, battle, alive[0])
    combat_mechanic.store(match, battle)
    return False


def take(match: Match, battle: Battle, unit: Unit) -> None:
    """One counter step of a raider towards the stack's 1 step (a half-step CD is a half)."""
    value = float(match.counter(unit).get("step_value", 1))
    match.lose_steps(unit, 1, RULE)
    battle.extra["raid_owed"] = max(_owed(match, battle) - value, 0.0)


class RaidLoss(Verb):
    """``raid-loss UNIT``: the raiders' owner picks the unit that pays (ruling CR1)."""

    name = "raid-loss"
    kinds = ("raid-loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in decision.context["units"]:
            yield Action("raid-loss", (uid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in decision.context["units"]:
            return f"name one of the raiders: {', '.join(decision.context['units'])} ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from .constructions import ask_before_roll

        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        take(match, battle, match.state.units[action.args[0]])
        combat_mechanic.store(match, battle)
        if not ask_before_roll(match, battle):
            combat_mechanic.resume(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Raid(), RaidLoss()]


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """15.6: 1R for an assault on a raided stack (before the roll, while raiders are there)."""
    if not battle.attackers:
        return []
    if "raid" in battle.extra:
        raided = bool(battle.extra["raid"])
    else:
        side = match.state.units[battle.attackers[0]].side
        raided = bool(raiders(match, battle.target, side))
    return [Shift.right(1, "cavalry raid on the stack", RULE, CAPPED)] if raided else []


@on_phase("start", ids=("w1-cleanup", "w2-cleanup"))
def raiders_eliminated(match: Match, phase: PhaseSpec) -> None:
    """15.6: raiders still on an enemy stack at a Cleanup Phase are eliminated."""
    settle(match)
    for unit in [u for u in match.state.units.values() if u.flags.get("raid")]:
        match.eliminate(unit, "raiding on an enemy stack at the Cleanup Phase", RULE)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    settle(match)


def settle(match: Match) -> None:
    """Ruling CR2: a raided hex that holds no enemy unit any more takes its raiders in."""
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        loc = unit.flags.get("raid")
        if loc and not any(u.side != unit.side for u in match.units_at(loc)):
            unit.flags.pop("raid")
            match.place(unit, loc)
            match.emit("raid", f"{unit.id} stays in {loc}, the stack it raided gone", RULE)
