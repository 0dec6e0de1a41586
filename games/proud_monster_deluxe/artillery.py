"""Soviet artillery and Guards rocket divisions (PMD 15.11, 15.15, 13.11, 13.12), and the loss
order of all artillery.

A Soviet artillery unit (the ``artillery`` tag on a Soviet unit type) attacks only in a prepared
assault with a Soviet non-artillery unit attacking from its hex (no MA, never alone), and adds
its factors only when it and every non-artillery attacker are in offensive supply; the
artillery's factors count up to the non-artillery attack factors of the PA, the excess ignored
(ruling AR1). A rocket division's factors are doubled into a hex of only clear terrain (no city,
large town, fort, heavy fort, Stalin line or fieldworks) in non-Mud weather (15.15; 13.4.1(1A)
is the looser statement, digest 17.11).

Defending, each Soviet artillery unit in offensive supply in a hex an Axis PA assaults fires a
counter-preparation barrage once the battle is set: a 1 on its die is 1L, automatic for the CB
divisions (the ``counter-battery`` tag), at most 2 such shifts (in the 13.5 cap: unit shifts).
Soviet artillery has no defence and no steps: it never takes a step of a loss, and goes when the
last non-artillery unit of its side in the battle goes (13.11, 13.12); caught alone by an
attack it is destroyed with no result for either side (15.11). HARKO and German artillery are
chosen for a loss only after every other ground step (13.12).

An Axis unit, even a Leg one, may move into (or through) a hex where Soviet artillery stands
with no other Soviet unit (an air unit shields nothing), paying the normal costs (not an MA: the
kernel's ``wargame_move_enterable``); the artillery is eliminated as it enters and the move goes
on (15.11, ruling AR3). The artillery stacking caps of 6.1 (5 a hex) are the stacking
mechanic's ``tag_caps`` in ``title.json``."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.state import Unit

from .combat import CAPPED, attack_halving
from .turns import AXIS, SOVIET
from .weather import weather_at

RULE = "PMD 15.11"
ROCKET_RULE = "PMD 15.15"
MAX_BARRAGE = 2
"""15.11: at most 2 shifts from counter-preparation barrages in any combat."""
NOT_ONLY_CLEAR = ("city", "large-town", "fort", "heavy-fort", "stalin-line", "fieldworks")
"""15.15: a hex of only clear terrain has none of these."""


def tags(match: Match, unit: Unit) -> tuple[str, ...]:
    return tuple(match.unit_type(unit).get("tags", ()))


def is_artillery(match: Match, unit: Unit) -> bool:
    return "artillery" in tags(match, unit)


def soviet_artillery(match: Match, unit: Unit) -> bool:
    """15.11: no defence, no steps."""
    return unit.side == SOVIET and is_artillery(match, unit)


def stepless(match: Match, unit: Unit) -> bool:
    """13.11: Soviet artillery, Heavy Gustav and Dora have no steps to lose."""
    return soviet_artillery(match, unit) or "lra" in tags(match, unit)


def in_offensive_supply(match: Match, battle: Battle, unit: Unit) -> bool:
    return attack_halving(match, battle, unit) is None


def silent(match: Match, battle: Battle, unit: Unit) -> bool:
    """15.11: Soviet artillery adds nothing to a PA that lacks offensive supply."""
    if not soviet_artillery(match, unit) or battle.kind != "attack":
        return False
    units = match.state.units
    ground = [units[i] for i in battle.attackers if not is_artillery(match, units[i])]
    return not all(in_offensive_supply(match, battle, u) for u in [unit, *ground])


def only_clear(match: Match, loc: str) -> bool:
    from .constructions import present

    topo = match.topology
    return topo.terrain(loc) == "clear" and not present(match, loc) & set(NOT_ONLY_CLEAR)


def doubled(match: Match, battle: Battle, unit: Unit) -> bool:
    """15.15: a rocket division aiding a PA into only clear terrain, not in Mud."""
    return (
        "rocket" in tags(match, unit)
        and battle.kind == "attack"
        and only_clear(match, battle.target)
        and weather_at(match, battle.target) != "M"
    )


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    units = match.state.units
    attackers = [units[i] for i in battle.attackers if units[i].loc is not None]
    guns = [u for u in attackers if soviet_artillery(match, u)]
    out: list[Modifier] = []
    for uid in [u for u in battle.defenders if soviet_artillery(match, units[u])]:
        out.append(Modifier(uid, "set", 0, "Soviet artillery has no defence", RULE))
    if not guns:
        return out
    total = 0.0
    for unit in guns:
        value = float(match.unit_values(unit).get("attack", 0))
        if silent(match, battle, unit):
            out.append(Modifier(unit.id, "set", 0, "artillery without offensive supply", RULE))
            continue
        if doubled(match, battle, unit):
            value *= 2
            out.append(Modifier(unit.id, "set", value, "rockets into clear terrain", ROCKET_RULE))
        total += value
    ground = sum(
        float(match.unit_values(u).get("attack", 0))
        for u in attackers
        if not is_artillery(match, u)
    )
    if total > ground:
        out.append(
            Modifier(
                "attack",
                "add",
                ground - total,
                f"artillery {total:g} over the other attackers' {ground:g}: excess ignored",
                RULE,
            )
        )
    return out


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """15.11: the counter-preparation barrages, once the battle is set, before its roll."""
    units = match.state.units
    if battle.kind != "attack" or not battle.attackers or units[battle.attackers[0]].side != AXIS:
        return
    hits = 0
    for uid in battle.defenders:
        unit = units[uid]
        if not soviet_artillery(match, unit) or not in_offensive_supply(match, battle, unit):
            continue
        if "counter-battery" in tags(match, unit):
            hits += 1
            match.emit("barrage", f"{uid} (CB): counter-preparation barrage hits", RULE)
            continue
        roll = match.roll("1d6", f"{uid} counter-preparation barrage", RULE)
        if roll == 1:
            hits += 1
    battle.extra["barrage"] = min(hits, MAX_BARRAGE)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    hits = int(battle.extra.get("barrage", 0))
    if not hits:
        return []
    return [Shift.left(hits, f"{hits} counter-preparation barrage hit(s)", RULE, CAPPED)]


def caught_alone(match: Match, battle: Battle) -> list[Unit]:
    """15.11: the defenders, when every one is Soviet artillery (destroyed), else []."""
    units = [match.state.units[i] for i in battle.defenders]
    alive = [u for u in units if u.loc is not None]
    if alive and all(soviet_artillery(match, u) for u in alive):
        return alive
    return []


def lone(match: Match, loc: str) -> list[Unit]:
    """15.11: the Soviet artillery in ``loc`` when no other Soviet unit stands with it (an air
    unit never fights alone, 15.4, so it shields nothing), else []."""
    soviets = [u for u in match.units_at(loc) if u.side == SOVIET and "air" not in tags(match, u)]
    if soviets and all(soviet_artillery(match, u) for u in soviets):
        return soviets
    return []


@hookimpl
def wargame_move_enterable(match: Match, unit: Unit) -> list[str]:
    """15.11: an Axis unit may move into a hex of lone Soviet artillery, paying the normal
    cost (not an MA); a Soviet unit never gains this."""
    if unit.side != AXIS:
        return []
    guns = {u.loc for u in match.units_of(SOVIET) if u.loc and soviet_artillery(match, u)}
    return sorted(loc for loc in guns if loc in match.topology and lone(match, loc))


@hookimpl(tryfirst=True)
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """15.11: lone Soviet artillery in a hex an Axis unit moves into or through is destroyed,
    before the other rules see the move (control, reserves, air); the move goes on."""
    if len(path) < 2 or not units or units[0].side != AXIS:
        return
    for loc in dict.fromkeys(path[1:]):
        for gun in lone(match, loc):
            match.eliminate(gun, f"caught alone by {units[0].id} moving into {loc}", RULE)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """13.11, 13.12: Soviet artillery, Gustav and Dora go with the last other ground unit of
    their side in a battle."""
    battle = combat_mechanic.active(match)
    if battle is None or stepless(match, unit) or "air" in tags(match, unit):
        return
    units = match.state.units
    for ids in (battle.attackers, battle.defenders):
        if unit.id not in ids:
            continue
        side = [units[i] for i in ids if units[i].side == unit.side]
        if any(
            u.loc is not None and not stepless(match, u) and "air" not in tags(match, u)
            for u in side
        ):
            continue
        for gun in side:
            if gun.loc is not None and stepless(match, gun):
                match.eliminate(gun, f"the last other unit in {battle.id} is gone", RULE)


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("attack",), kinds=("combat",))
def attack_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.11: Soviet artillery attacks only with a non-artillery unit from its hex."""
    if len(action.args) != 3 or action.args[1] != "with":
        return None
    units = [match.state.units.get(i) for i in action.args[2].split(",")]
    found = [u for u in units if u is not None and u.loc is not None]
    for gun in [u for u in found if soviet_artillery(match, u)]:
        if not any(u.loc == gun.loc and not is_artillery(match, u) for u in found):
            return (
                f"{gun.id}: Soviet artillery attacks only with a non-artillery unit "
                f"from its hex ({RULE})"
            )
    return None


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("lose",), kinds=("loss",))
def loss_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.12: HARKO and German artillery lose a step only when no other ground unit can."""
    if not action.args:
        return None
    units = match.state.units
    unit = units.get(action.args[0])
    if unit is None or unit.side != AXIS or not is_artillery(match, unit):
        return None
    others = [
        units[i]
        for i in decision.context.get("units", ())
        if units[i].loc is not None and not is_artillery(match, units[i])
    ]
    if others:
        return f"{unit.id} (artillery) loses a step only after every other unit (PMD 13.12)"
    return None
