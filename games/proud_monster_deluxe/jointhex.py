"""Jointly-occupied hexes and the Close Combat advance (PMD 13.15.2, 13.15.3, 13.1).

After a prepared assault on a hex where the attacker has a Close Combat marker (committed to
this battle, or his already on the hex), defenders left in it, the attacker may advance some of
his German-coloured (Axis) or Guards (Soviet) attackers with at least 6 MP into the hex with
them (13.15.2): at most 1 division equivalent when the defender lost 1 step, 2 when it lost 2 or
more, and only while the hex has room for every unit of both sides (10 divisions in a city, 5
elsewhere; 6.1). Which units, if any, is his decision (``cc-advance UNIT[,UNIT]`` or
``cc-advance none``). The advancing units join the defenders: the hex is jointly occupied, the
defender's side stays the hex defender (its units are the hex's first, ``Match.side_at``) and
owns it (4.2).

The markers committed to that battle stay on the hex while it is jointly occupied; once it is not
(the attacker did not advance, one side is gone), they come off and are back on the next 2-week
turn (13.1; ``closecombat.lift``). In a jointly-occupied hex (13.15.3): units there attack only
the enemy units in it, and attack them from inside (the kernel counts them as adjacent, so the
hex attacker crosses no river); a unit leaving it, by a move or a retreat (13.8), moves first
into a hex held by its own side alone; the hex attacker moves no more units in (the kernel's movement never enters a hex whose
first units are the enemy's) and the hex defender may move units in or out in one phase, not
both (ruling JO1). By sea (10.2, ``sea UNIT PORT``; rulings AI6, AI7): only the hex defender
sails into a jointly-occupied port (with room, one way a phase as by land), and a unit sailing
out of one lands in a port held by its own side alone (its first hex); Leningrad and Oranienbaum
stay open to each other even jointly occupied (10.4). Reserve markers: ``reserves.py``."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import movement, seamove, stacking
from wargame.mechanics.movement import phase_key
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from . import closecombat, losses, weather
from .turns import AXIS

RULE = "PMD 13.15.2"
JOINT_RULE = "PMD 13.15.3"
MIN_MP = 6
"""13.15.2: only units with at least 6 MP advance into a hex still held by the enemy."""
ROOM = {"city": 10.0, "other": 5.0}
"""13.15.2(1): divisions of both sides a jointly-occupied hex holds (6.1)."""


def joint(match: Match, loc: str) -> bool:
    return combat_mechanic.joint(match, loc)


def hex_defender(match: Match, loc: str) -> str | None:
    """The hex defender of a jointly-occupied hex: the side whose units were there first."""
    return match.side_at(loc)


def _weight(match: Match, units: Iterable[Unit]) -> float:
    return stacking.weight(match, [u.id for u in units])


def room(match: Match, loc: str) -> float:
    """Divisions the hex still holds for units of either side (13.15.2(1))."""
    limit = ROOM["city" if "city" in match.topology.features(loc) else "other"]
    return limit - _weight(match, match.units_at(loc))


def cap(lost: float) -> float:
    """13.15.2(2): 1 division equivalent after a defender loss of 1, 2 after 2 or more."""
    return 2.0 if lost >= 2 else 1.0 if lost >= 1 else 0.0


def may_advance(match: Match, unit: Unit, target: str) -> bool:
    """German-coloured or Guards (by side), 6 MP or more, and a hex it may enter (13.15.1)."""
    if unit.loc is None or unit.loc == target:
        return False
    colour = (
        losses.german_coloured(match, unit) if unit.side == AXIS else losses.guards(match, unit)
    )
    if not colour:
        return False
    # 12.4's Rain loss is for movement only, and the advance is not movement (13.15.1): JO5
    rain = weather.rain_loss(match, unit)
    if movement.allowance(match, unit) + rain * movement.scale(match) < MIN_MP * movement.scale(
        match
    ):
        return False
    cost = movement.chart_cost(match, unit, unit.loc, target)
    return cost is not None and cost != movement.INF


def _markers(match: Match, battle: Battle) -> list[str]:
    """Sides whose Close Combat marker is in this battle's hex: committed to it or already
    there (13.1)."""
    units = match.state.units
    attacker = units[battle.attackers[0]].side if battle.attackers else None
    defender = match.enemy(attacker) if attacker else None
    found = set(closecombat.on_map(match).get(battle.target, {}))
    committed = battle.extra.get("close_combat")
    if committed == "attacker" and attacker:
        found.add(attacker)
    if committed == "defender" and defender:
        found.add(defender)
    return sorted(found)


def queue(match: Match, battle: Battle) -> list[dict[str, Any]]:
    """The item that ends a prepared assault with a Close Combat marker in it: the advance
    decision, then the markers' fate (``losses.py`` appends it to the result queue)."""
    if battle.kind not in ("attack", "overrun") or not _markers(match, battle):
        return []
    return [{"who": "attacker", "do": "steps", "n": 0}]


def choices(match: Match, battle: Battle) -> tuple[list[str], float]:
    """The units that may advance and the division equivalents allowed (13.15.2)."""
    units = match.state.units
    target = battle.target
    side = units[battle.attackers[0]].side
    if side not in _markers(match, battle):
        return [], 0.0
    if not any(u.side != side for u in match.units_at(target)):
        return [], 0.0  # the hex is empty of the enemy: the normal advance (13.15.1)
    allowed = min(cap(losses.lost_by_defender(match, battle)), room(match, target))
    ids = [i for i in battle.attackers if may_advance(match, units[i], target)]
    return ids, allowed


def groups(match: Match, ids: list[str], allowed: float) -> list[tuple[str, ...]]:
    """Every set of these units within ``allowed`` division equivalents."""
    out: list[tuple[str, ...]] = []
    for k in range(1, len(ids) + 1):
        found = [g for g in itertools.combinations(ids, k) if stacking.weight(match, g) <= allowed]
        if not found:
            break
        out.extend(found)
    return out


def offer(match: Match, battle: Battle) -> None:
    """The attacker's Close Combat advance, or the markers' fate when there is none."""
    ids, allowed = choices(match, battle)
    if not ids or not groups(match, ids, allowed):
        settle(match, battle)
        return
    side = match.state.units[ids[0]].side
    match.push(
        side,
        "cc-advance",
        f"advance up to {allowed:g} division(s) into {battle.target} with the enemy ({RULE})",
        battle=battle.id,
        units=ids,
        allowed=allowed,
        target=battle.target,
    )


def settle(match: Match, battle: Battle) -> None:
    """13.1: the battle's markers stay on a jointly-occupied hex; off one that is not."""
    target = battle.target
    sides = _markers(match, battle)
    if joint(match, target):
        for side in sides:
            closecombat.keep(match, target, side)
    else:
        closecombat.lift(match, target, "the hex is not jointly occupied after the combat")


def sweep(match: Match) -> None:
    """13.1: markers come off every hex that is no longer jointly occupied."""
    for loc in list(closecombat.on_map(match)):
        if not joint(match, loc):
            closecombat.lift(match, loc, "the hex is no longer jointly occupied")


class CloseCombatAdvance(Verb):
    """``cc-advance UNIT[,UNIT...]`` or ``cc-advance none`` (13.15.2)."""

    name = "cc-advance"
    kinds = ("cc-advance",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        ctx = decision.context
        for group in groups(match, ctx["units"], float(ctx["allowed"])):
            yield Action("cc-advance", (",".join(group),))
        yield Action("cc-advance", ("none",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: cc-advance UNIT[,UNIT...] | cc-advance none"
        if action.args[0] == "none":
            return None
        ctx = decision.context
        ids = action.args[0].split(",")
        if len(set(ids)) != len(ids):
            return "a unit is listed twice"
        bad = [i for i in ids if i not in ctx["units"]]
        if bad:
            return (
                f"{', '.join(bad)} may not advance: only German-coloured or Guards attackers "
                f"with {MIN_MP} MP or more ({RULE})"
            )
        if stacking.weight(match, ids) > float(ctx["allowed"]):
            return f"at most {float(ctx['allowed']):g} division(s) may advance ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        target = decision.context["target"]
        if action.args[0] != "none":
            key = phase_key(match)
            for uid in action.args[0].split(","):
                unit = match.state.units[uid]
                start = str(unit.loc)
                match.place(unit, target)
                unit.flags["advanced"] = key
                match.hook.wargame_moved(match=match, units=[unit], path=[start, target])
            match.emit(
                "advance",
                f"{action.args[0]} advance into {target}, jointly occupied ({RULE})",
                RULE,
                units=action.args[0].split(","),
                path=[target],
            )
        settle(match, battle)
        combat_mechanic.proceed(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [CloseCombatAdvance()]


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    sweep(match)


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit) -> None:
    """A unit withdrawn or removed from play (9.6, 9.7, 15.8): a hex it leaves no longer jointly
    occupied loses its Close Combat markers as on an elimination (13.1, 13.15.3)."""
    sweep(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    sweep(match)
    # 13.15.3: the hex defender moves units in or out in one phase, not both
    key = phase_key(match)
    if len(path) < 2 or not units or units[0].flags.get("retreated") == key:
        return  # a retreat of this phase is no move (11.1); an old record is not this one
    for loc, way in ((path[0], "out"), (path[-1], "in")):
        if joint(match, loc) and hex_defender(match, loc) == units[0].side:
            record = match.state.ns("joint-hexes")
            if record.get("phase") != key:
                record["phase"], record["moves"] = key, {}
            record["moves"][loc] = way


@hookimpl
def wargame_phase_start(match: Match) -> None:
    sweep(match)
    match.state.ns("joint-hexes").clear()  # the one-way record is the phase's (13.15.3)


@hookimpl
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """13.15.3 with 13.8 (retreating units observe the movement prohibitions): a retreat out of
    a jointly-occupied hex goes first into a hex held by the retreating side alone."""
    if not units or not joint(match, start):
        return None
    side = units[0].side
    return [p for p in paths if p and {u.side for u in match.units_at(p[0])} == {side}]


def move_problem(match: Match, side: str, ids: list[str], path: list[str]) -> str | None:
    """13.15.3: leaving a jointly-occupied hex, the hex defender's one way a phase, and room
    for both sides' units when he moves in (13.15.2(1), ruling JO7)."""
    start = path[0]
    if joint(match, start):
        first = path[1]
        holders = {u.side for u in match.units_at(first)}
        if holders != {side}:
            return (
                f"a unit leaving the jointly-occupied hex {start} moves first into a hex held "
                f"by its own side alone ({JOINT_RULE})"
            )
    end = path[-1]
    if joint(match, end) and stacking.weight(match, ids) > room(match, end):
        return f"no room for both sides' units in the jointly-occupied hex {end} ({RULE}(1))"
    record = match.state.ns("joint-hexes")
    done = record.get("moves", {}) if record.get("phase") == phase_key(match) else {}
    for loc, way in ((start, "out"), (path[-1], "in")):
        if joint(match, loc) and hex_defender(match, loc) == side:
            other = done.get(loc)
            if other is not None and other != way:
                return (
                    f"the hex defender moves units into or out of {loc} in a phase, "
                    f"not both ({JOINT_RULE})"
                )
    return None


def _always(match: Match, side: str, a: str, b: str) -> bool:
    """10.4: the side's sea pair (Leningrad and Oranienbaum) open "even if both hexes are
    besieged or jointly-occupied"."""
    return any(
        {a, b} == set(pair) for sea in seamove.seas(match, side) for pair in sea.get("always", ())
    )


def sea_problem(match: Match, side: str, uid: str, port: str) -> str | None:
    """13.15.3 for sea transport (10.2): the hex attacker sails no units into a jointly-occupied
    port; a unit sailing out of one lands first in its port, which must be held by its side
    alone (ruling AI7; an off-map area is always its side's); the hex defender's room and one
    way a phase as for a land move. Not between the 10.4 pair."""
    unit = match.state.units.get(uid)
    start = unit.loc if unit is not None else None
    if start is None or _always(match, side, start, port):
        return None
    if joint(match, port) and hex_defender(match, port) != side:
        return (
            f"the hex attacker moves no more units into the jointly-occupied hex {port}, by sea "
            f"or land ({JOINT_RULE})"
        )
    if is_box(port):
        return None
    return move_problem(match, side, [uid], [start, port])


def attack_problem(match: Match, target: str, ids: list[str]) -> str | None:
    """13.15.3(1): units in a jointly-occupied hex attack only the enemy units in it."""
    for uid in ids:
        unit = match.state.units.get(uid)
        if unit is not None and unit.loc and unit.loc != target and joint(match, unit.loc):
            return (
                f"{uid} is in the jointly-occupied hex {unit.loc} and attacks only the enemy "
                f"there ({JOINT_RULE})"
            )
    return None


@hookimpl
@veto_scope(verbs=("attack", "move", "sea"), kinds=("combat", "movement"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    args = action.args
    if action.verb == "sea":
        return sea_problem(match, decision.side, *args) if len(args) == 2 else None
    if action.verb == "attack":
        if len(args) != 3 or args[1] != "with":
            return None
        return attack_problem(match, args[0], args[2].split(","))
    if len(args) < 3:
        return None
    return move_problem(match, decision.side, args[0].split(","), list(args[1:]))
