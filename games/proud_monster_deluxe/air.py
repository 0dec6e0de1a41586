"""Air units and the VIII Flieger Korps (PMD 15.4, 6.1, 6.2).

An air unit (the ``air`` unit-type tag; which are in play when, and the German 1941 weekly
strengths, in ``table-air.json``) is committed by its owner (``air UNIT HEX``) in any of his
Movement Phases or his Combat Phase to a stack of his in defensive supply (not out of supply or
isolated) with no air unit; an Axis stack needs a German unit. It then stands in the hex (a
unit of stacking 0 that never moves itself) and adds its factors to the stack's attacks (it is
named among the attackers, with a ground unit from its hex) and to its defence, never more than
the ground factors of its stack in that battle, never reduced by rivers or halvings (ruling
AIR2), and never taking a loss. The VIII Flieger Korps (``viii`` in the table) also shifts the
battle one column in the Axis's favour, attacking or defending (a unit shift, in the 13.5 cap).

When its stack splits the owner picks the part it stays with (``air UNIT HEX`` again, to a hex
holding a unit that was with it at the start of the phase, once a phase: ruling AIR1). It is
temporarily removed, until its owner's next Refit Phase, when no ground unit of its side (an
Axis one: no German unit) is left with it: after a loss, and at the end of each phase. Every air
unit on the map is picked up at the start of its owner's Refit Phase and is available again; a
unit whose last turn in the table has passed is withdrawn (15.4, 9.7.4: never declined).

In a mobile assault the air unit standing with the MA's units in their launch hex adds its
factors, capped at theirs, and the VIII its column (ruling AIR4); it goes on with them when the
whole stack moves in. An Axis air supply marker is exchanged for an air corps, the VIII first
when available, else one the Axis names (8.7, ruling AS2, ``airsupply.py``): that corps is out
until the Axis's next Refit Phase (from turn 211, while the turn's marker stands). Manstein's
Gambit brings German air units into play until six are, the VIII among them (5.7(1), ruling
AIR5).

The shared ``air-support`` mechanic (Barbarossa's and LWE's markers: a column per battle, no
strength, no stack) is a different rule and is not used (ruling AIR0)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .combat import CAPPED, unsupplied
from .turns import AXIS, ynn

RULE = "PMD 15.4"
NS = "pmd-air"
GERMAN_AFTER_1941 = 6
"""15.4: a German air unit's strength after 1941."""


def _table(match: Match) -> dict[str, Any]:
    found: dict[str, Any] = match.title.doc("air")["entries"]
    return found


def _ns(match: Match) -> dict[str, Any]:
    found: dict[str, Any] = match.state.plugins.setdefault(NS, {})
    return found


def is_air(match: Match, unit: Unit) -> bool:
    return "air" in match.unit_type(unit).get("tags", ())


def is_viii(match: Match, unit: Unit) -> bool:
    return bool(_table(match).get(unit.id, {}).get("viii"))


def in_play(match: Match, uid: str) -> bool:
    entry = _table(match).get(uid)
    if entry is None:
        return False
    if uid in _ns(match).get("gambit", ()):
        return True  # 5.7(1): until the game ends (4.7: after turn 321 at the latest)
    if entry.get("gambit"):
        return False  # a stand-in counter only the Gambit brings (ruling AIR5)
    return int(entry["from"]) <= ynn(match) <= int(entry["until"])


def side_of(match: Match, uid: str) -> str:
    return str(match.title.doc("counters")["counters"][uid]["side"])


GAMBIT_ACTIVE = 6
"""5.7(1): the Gambit brings enough air units for six active, the VIII among them."""


def gambit_air(match: Match) -> list[str]:
    """5.7(1): put German air units into play until six are, the VIII first (ruling AIR5)."""
    counters = match.title.doc("counters")["counters"]
    german = [u for u in sorted(_table(match)) if u in counters and side_of(match, u) == AXIS]
    table = _table(match)
    german.sort(key=lambda u: (not table[u].get("viii"), bool(table[u].get("gambit"))))
    active = [u for u in german if in_play(match, u)]
    brought: list[str] = []
    for uid in german:
        if uid not in active and len(active) + len(brought) < GAMBIT_ACTIVE:
            brought.append(uid)
    _ns(match).setdefault("gambit", []).extend(brought)
    if brought:
        match.emit("air", f"Manstein's Gambit brings {', '.join(brought)}", "PMD 5.7")
    return brought


def air_ids(match: Match, side: str) -> list[str]:
    counters = match.title.doc("counters")["counters"]
    return [
        uid
        for uid in sorted(_table(match))
        if uid in counters and counters[uid]["side"] == side and in_play(match, uid)
    ]


def on_map(match: Match, uid: str) -> str | None:
    unit = match.state.units.get(uid)
    return None if unit is None or unit.loc is None else str(unit.loc)


def available(match: Match, side: str) -> list[str]:
    """The side's air units in play, off the map and not removed until its next Refit Phase."""
    grounded = _ns(match).get("grounded", {})
    return [u for u in air_ids(match, side) if on_map(match, u) is None and u not in grounded]


def ground(match: Match, loc: str, side: str) -> list[Unit]:
    return [u for u in match.units_at(loc) if u.side == side and not is_air(match, u)]


def _carriers(match: Match, loc: str, side: str) -> list[Unit]:
    """The units an air unit may stay with (15.4: an Axis stack needs a German unit)."""
    units = ground(match, loc, side)
    if side == AXIS:
        units = [u for u in units if "german" in match.unit_type(u).get("tags", ())]
    return units


def commit_problem(match: Match, side: str, loc: str) -> str | None:
    """Why an air unit of ``side`` may not join the stack in ``loc`` (15.4, 6.1), or None."""
    if loc not in match.topology:
        return f"{loc} is not a hex ({RULE})"
    stack = ground(match, loc, side)
    if not stack:
        return f"an air unit is committed to a stack of its side ({RULE})"
    if not _carriers(match, loc, side):
        return f"an Axis air unit needs a German unit in the stack ({RULE})"
    if any(unsupplied(u) is not None for u in stack):
        return f"the stack must be in defensive supply ({RULE})"
    if any(is_air(match, u) for u in match.units_at(loc)):
        return f"one air unit a stack ({RULE}, PMD 6.1)"
    return None


def _value(match: Match, unit: Unit) -> float:
    if unit.side == AXIS and ynn(match) < 200:
        weekly = _table(match).get("german-1941", {})
        return float(weekly.get(str(ynn(match)), GERMAN_AFTER_1941))
    steps = match.counter(unit)["steps"]
    return float(steps[0]["values"]["attack"])


@hookimpl
def wargame_unit_values(match: Match, unit: Unit) -> dict[str, float] | None:
    """15.4: a German air unit's strength by the week in 1941, 6 after."""
    if unit.side != AXIS or match.counter(unit).get("type") != "air-ger":
        return None
    v = _value(match, unit)
    return {"attack": v, "defense": v, "movement": 0}


SUPPLYING = "air-supply"
"""8.7: the ``grounded`` reason of an air corps exchanged for an air supply marker."""


def _supplying_on(match: Match) -> bool:
    from . import airsupply

    return airsupply.holds_corps(match)


def for_supply(match: Match) -> list[str]:
    """8.7: the air corps an air supply marker may be exchanged for now: the VIII alone while it
    is available, else any available German one (ruling AS2)."""
    free = available(match, AXIS)
    return [u for u in free if _table(match)[u].get("viii")] or free


def exchange(match: Match, uid: str) -> None:
    """8.7: the corps gives no combat support until the Axis's next Refit Phase."""
    _ns(match).setdefault("grounded", {})[uid] = SUPPLYING
    match.emit("air", f"{uid} is exchanged for an air supply marker", "PMD 8.7", unit=uid)


def _remove(match: Match, unit: Unit, why: str) -> None:
    match.remove(unit)  # its stack records go (``wargame_unit_removed``)
    _ns(match).setdefault("grounded", {})[unit.id] = True
    match.emit("air", f"{unit.id} is removed until next week: {why}", RULE, unit=unit.id)


def check(match: Match) -> None:
    """Remove every air unit left with no carrier (15.4)."""
    for side in match.sides:
        for uid in air_ids(match, side):
            loc = on_map(match, uid)
            if loc is not None and not _carriers(match, loc, side):
                _remove(match, match.state.units[uid], "no ground unit of its stack is left")


class Air(Verb):
    """``air UNIT HEX``: commit an available air unit to the stack in HEX, or move a committed
    one with the part of its stack now in HEX (15.4)."""

    name = "air"
    kinds = ("movement", "combat")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        side = decision.side
        free = available(match, side)
        hexes = sorted({str(u.loc) for u in match.units_of(side) if u.loc is not None})
        if free:
            for loc in hexes:
                if commit_problem(match, side, loc) is None:
                    for uid in free:
                        yield Action("air", (uid, loc))
        for uid in air_ids(match, side):
            for loc in self._follow(match, uid):
                yield Action("air", (uid, loc))

    @staticmethod
    def _follow(match: Match, uid: str) -> list[str]:
        """Hexes the committed ``uid`` may go to with part of its stack (ruling AIR1)."""
        here = on_map(match, uid)
        ns = _ns(match)
        if here is None or uid in ns.get("followed", {}):
            return []
        units = match.state.units
        side = units[uid].side
        companions = [units[i] for i in ns.get("with", {}).get(uid, ()) if i in units]
        out = {
            str(u.loc) for u in companions if u.loc is not None and u.loc != here and u.side == side
        }
        return sorted(
            loc
            for loc in out
            if _carriers(match, loc, side)
            and not any(is_air(match, u) for u in match.units_at(loc))
        )

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return f"usage: air UNIT HEX ({RULE})"
        uid, loc = action.args
        side = decision.side
        if uid not in air_ids(match, side):
            return f"{uid} is not an air unit of {side} in play ({RULE})"
        if on_map(match, uid) is not None:
            if loc not in self._follow(match, uid):
                return (
                    f"{uid} goes only with part of its stack, once a phase, to a hex with no "
                    f"other air unit ({RULE}, ruling AIR1)"
                )
            return None
        if uid not in available(match, side):
            return f"{uid} was removed until its side's next Refit Phase ({RULE})"
        return commit_problem(match, side, loc)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        uid, loc = action.args
        ns = _ns(match)
        unit = match.state.units.get(uid)
        if unit is not None and unit.loc is not None:
            ns.setdefault("followed", {})[uid] = True
            match.place(unit, loc)
            match.emit("air", f"{uid} goes with the part of its stack in {loc}", RULE, unit=uid)
        else:
            if unit is None or unit.flags.get("eliminated"):
                unit = match.new_unit(uid, loc)
            else:
                match.place(unit, loc)
            match.emit("air", f"{uid} is committed to the stack in {loc}", RULE, unit=uid)
        ns.setdefault("with", {})[uid] = [u.id for u in ground(match, loc, unit.side)]
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Air()]


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if is_air(match, unit):
        return f"an air unit goes with its stack: air UNIT HEX ({RULE})"
    return None


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    ns = _ns(match)
    ns.pop("followed", None)
    units = match.state.units
    for uid in list(ns.get("with", {})):
        loc = on_map(match, uid)
        if loc is not None:  # the stack as it stands now: its parts may split off (AIR1)
            ns["with"][uid] = [u.id for u in ground(match, loc, units[uid].side)]
    for side in match.sides:
        for uid in [u for u in _table(match) if u in units and units[u].side == side]:
            unit = units[uid]
            if in_play(match, uid):
                continue
            if unit.loc is not None:  # its table dates are over: out of play, its records too
                match.remove(unit)
                match.emit("air", f"{uid} is withdrawn (PMD 15.4, 9.7.4)", RULE, unit=uid)
            if ns.get("grounded", {}).get(uid) is True:  # not an 8.7 exchange: airsupply's
                ns["grounded"].pop(uid)
    phasing = match.phasing
    if phase.kind == "refit" and phasing is not None:
        for uid in air_ids(match, phasing):  # 15.4: picked up in the owner's Refit Phase
            air = units.get(uid)
            if air is not None and air.loc is not None:
                match.remove(air)  # off the map, out of its stack's records
        grounded = ns.get("grounded", {})
        for uid in [u for u in grounded if side_of(match, u) == phasing]:
            if grounded[uid] == SUPPLYING and _supplying_on(match):
                continue  # 8.7 from turn 211: out while the turn's marker stands (ruling AS2)
            grounded.pop(uid)
            match.emit("air", f"{uid} is available again", RULE, unit=uid)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    check(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """An air unit whose whole stack has left goes with the last part to leave (the owner may
    still pick another part: ruling AIR1); moving, retreating or advancing alike."""
    if len(path) < 2 or not units or is_air(match, units[0]):
        return
    side, start, end = units[0].side, path[0], path[-1]
    if start not in match.topology or end not in match.topology:
        return
    for air in [u for u in match.units_at(start) if is_air(match, u) and u.side == side]:
        if _carriers(match, start, side):
            continue
        if not _carriers(match, end, side) or any(is_air(match, u) for u in match.units_at(end)):
            continue
        match.place(air, end)
        match.emit("air", f"{air.id} goes with its stack to {end}", RULE, unit=air.id)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    if not is_air(match, unit):
        check(match)


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """An air unit off the map (picked up, removed until next week, retired at the end of its
    table dates) leaves its stack records (15.4, ruling AIR1); a ground unit withdrawn or
    removed may leave an air unit with no carrier, as an eliminated one does."""
    if is_air(match, unit):
        ns = match.state.plugins.get(NS, {})
        for record in ("with", "followed"):
            ns.get(record, {}).pop(unit.id, None)
        return
    check(match)


def ma_air(match: Match, battle: Battle) -> Unit | None:
    """15.4: the air unit supporting a mobile assault: its side's, standing with the MA's units
    in their launch hex (ruling AIR4)."""
    if battle.kind != "overrun" or not battle.attackers:
        return None
    launch = battle.extra.get("overrun", {}).get("launch")
    if not launch or launch not in match.topology:
        return None
    side = match.state.units[battle.attackers[0]].side
    for unit in match.units_at(launch):
        if unit.side == side and is_air(match, unit) and unit.id not in battle.attackers:
            return unit
    return None


def supported(match: Match, battle: Battle, air: Unit, attacking: bool) -> list[Unit]:
    """The ground units of the air unit's stack in this battle."""
    units = match.state.units
    ids = battle.attackers if attacking else battle.defenders
    here = battle.origins.get(air.id, air.loc) if attacking else battle.target
    return [
        units[i]
        for i in ids
        if not is_air(match, units[i])
        and (not attacking or battle.origins.get(i, units[i].loc) == here)
    ]


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    """15.4: no more air factors than the supported stack's ground factors in the battle."""
    units = match.state.units
    out: list[Modifier] = []
    for attacking, ids, value in (
        (True, battle.attackers, "attack"),
        (False, battle.defenders, "defense"),
    ):
        for uid in ids:
            air = units[uid]
            if not is_air(match, air):
                continue
            have = float(match.unit_values(air).get(value, 0))
            cap = sum(
                float(match.unit_values(u).get(value, 0))
                for u in supported(match, battle, air, attacking)
            )
            if have > cap:
                out.append(
                    Modifier(uid, "set", cap, f"air factors at most the stack's {cap:g}", RULE)
                )
    ma = ma_air(match, battle)
    if ma is not None:  # ruling AIR4: the MA's units are the supported stack in the battle
        have = float(match.unit_values(ma).get("attack", 0))
        cap = sum(float(match.unit_values(units[i]).get("attack", 0)) for i in battle.attackers)
        add = min(have, cap)
        out.append(Modifier("attack", "add", add, f"{ma.id} supports the MA: +{add:g}", RULE))
    return out


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """15.4: the VIII Flieger Korps shifts one column for the Axis stack it supports."""
    units = match.state.units
    air = ma_air(match, battle)
    for uid in battle.attackers + ([air.id] if air is not None else []):
        if is_viii(match, units[uid]):
            return [Shift.right(1, "VIII Flieger Korps supports the attack", RULE, CAPPED)]
    for uid in battle.defenders:
        if is_viii(match, units[uid]):
            return [Shift.left(1, "VIII Flieger Korps supports the defence", RULE, CAPPED)]
    return []


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("attack",), kinds=("combat",))
def attack_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.4: an air unit attacks with its stack: a ground unit from its hex."""
    if len(action.args) != 3 or action.args[1] != "with":
        return None
    found = [match.state.units.get(i) for i in action.args[2].split(",")]
    units = [u for u in found if u is not None and u.loc is not None]
    for air in [u for u in units if is_air(match, u)]:
        if not any(u.loc == air.loc and not is_air(match, u) for u in units):
            return f"{air.id} attacks only with a ground unit of its stack ({RULE})"
    return None
