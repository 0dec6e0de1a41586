"""Soviet amphibious invasions (PMD 10.5), on top of sea transport (``seatransport.py``).

In his Initial Movement Phase the Soviet player may land a stack (``invade UNIT[,UNIT...] HEX``):
one invasion a 2-week turn on each of the Black Sea (with the Sea of Azov while he holds the Kerch
Strait; any Kerch Strait hex from the Black Sea), the Caspian, and between Leningrad and
Oranienbaum (while the Baltic fleet lasts, besieged or not). The invaders are tried amphibious
units (an RD or GRD, not militia, with AF+DF at least 8; a brigade of 10.4's types with AF+DF at
least 4, ruling AI1), one stack that has not moved this player week, in a Soviet port of that
sea or the South RVGK area (the Caspian), within the sea's transport points (10.4); the port is
next to no enemy unit across a land hexside; the landing hex is at most 11 hexes away (from the
South RVGK area: from the Caspian's map ports, ruling AI2); the invaders are in offensive supply
at the port (8.4, 8.6: ``offsupply.lacks``, where they start the phase; off the map in the South
RVGK area no marker reaches them, ruling OS7) or at the landing hex (its defensive supply, with
a marker's radius from turn 203: ``offsupply.hex_lacks``; ruling AI5). They land on an empty
hex, move and attack no more that week (their ``amph`` flag, gone at the next week's Weather
Phase), and are in supply throughout that Soviet player turn.

The "Amph YES/NO" rule: no invasion on a sea in a week after one with sea transport or an
invasion on it, nor in a week with sea transport on it; no sea transport on it in the week of an
invasion. The record of each sea's activity is kept by week (``NS``).

An invasion of an enemy-occupied or jointly-occupied hex (ruling AI3) puts the invaders in the
sea hex next to the landing hex (the first in map order); in the Soviet Combat Phase their PA
on the landing hex comes before any other attack (other units may join it) and he may not end
the phase while it is owed; it is shifted 1L unless non-invading units attack with them. When
the battle is over they go into the landing hex if no enemy unit is left there (they cannot
stay at sea), else they are eliminated; any still at sea when the Combat Phase ends are too.

A port in a hex an invasion leaves jointly occupied (invaders in it with enemy units: a Close
Combat advance from the sea, 13.15.2) is Soviet-owned as a port while the hex stays so (13.15.3,
ruling AI6: ``joint_ports``; ``ports.owner``): Soviet port supply (8.4) and an invasion's start
port (10.5: units in a jointly-occupied hex are not next to the enemy units around it, 13.15.3);
the hex itself (VPs, oil) stays the hex defender's (4.2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat, seamove, stacking
from wargame.mechanics.movement import done, phase_key, spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import offsupply, ports, supply
from .turns import SOVIET

RULE = "PMD 10.5"
JOINT_RULE = "PMD 13.15.3"
NS = "pmd-amphibious"
FLAG = "amph"
RANGE = 11
RVGK_SOUTH = "box:rvgk-south"
LINK = (ports.LENINGRAD, "3203")
"""10.5: Leningrad and Oranienbaum."""
KERCH = ("2850", "2950", "2951")
GROUP = {
    "soviet-baltic": "baltic",
    "soviet-black": "black",
    "soviet-azov": "black",
    "soviet-caspian": "caspian",
}
FLEET = {"baltic": "soviet_baltic_fleet", "black": "soviet_black_sea_fleet"}
CAPACITY = {"baltic": "soviet-baltic", "black": "soviet-black", "caspian": "soviet-caspian"}
DIVISIONS = ("rd", "grd")
BRIGADES = ("rb", "mb", "grb", "gparb", "galb", "gmrb")
PHASES = ("w1-initial-movement", "w2-initial-movement")
JOINT_PORTS = "joint_ports"
"""``NS`` key: the ports of hexes a Soviet invasion left jointly occupied (13.15.3, ruling AI6)."""


def week(match: Match) -> str:
    leaf = match.phase
    return f"{match.turn}/{leaf.spec.id[:2] if leaf else 'w1'}"


def _last_week(match: Match) -> str:
    turn, w = week(match).split("/")
    return f"{turn}/w1" if w == "w2" else f"{int(turn) - 1}/w2"


def moved_this_player_week(match: Match, unit: Unit) -> bool:
    """10.5: "All units making an amphibious invasion ... must start the player week in a
    stack": a unit whose ``moved`` or ``mp`` record is of a phase of this player week (the
    phasing side's phases of this turn's week, its Refit Phase on) did not start it where it
    is; a move of an earlier week, or of the other side's half of this week (a reserve move in
    the Axis player week), does not bar it (ruling AI1). Phase keys are
    ``turn/side/phase-id`` (``movement.phase_key``)."""
    leaf = match.phase
    if leaf is None:
        return False
    prefix = f"{match.turn}/{match.phasing}/{leaf.spec.id.split('-')[0]}-"
    mp = unit.flags.get("mp")
    keys = (unit.flags.get("moved"), mp[0] if isinstance(mp, list) and mp else None)
    return any(isinstance(k, str) and k.startswith(prefix) for k in keys)


def _ns(match: Match) -> dict[str, Any]:
    found: dict[str, Any] = match.state.plugins.get(NS, {})
    return found


def _note(match: Match, group: str, invasion: bool) -> None:
    ns = match.state.ns(NS)
    now = week(match)
    active = ns.setdefault("active", {})
    active[group] = sorted({*active.get(group, []), now} & {now, _last_week(match)})
    if invasion:
        ns.setdefault("invaded", {})[group] = [match.turn, now]


def group_of_port(match: Match, loc: str) -> str | None:
    """The sea (baltic, black, caspian) whose Soviet port ``loc`` is."""
    for sea in seamove.seas(match, SOVIET):
        if loc in seamove.ports(match, sea):
            return GROUP[sea["id"]]
    return None


def _coasts(match: Match, loc: str) -> set[str]:
    return set(match.topology.attrs(loc).get("coast", ()))


def landing_group(match: Match, start: str, loc: str) -> str | None:
    """The sea an invasion from ``start`` to ``loc`` crosses, or None."""
    if {start, loc} == set(LINK):
        return "baltic"
    coast = _coasts(match, loc)
    kerch = all(match.state.control.get(h) == SOVIET for h in KERCH)
    if "caspian" in coast:
        return "caspian"
    if "black-sea" in coast or loc in KERCH or ("azov" in coast and kerch):
        return "black"
    return None


def eligible(match: Match, unit: Unit) -> str | None:
    """Why the unit may not invade (10.5), or None."""
    kind = match.counter(unit)["type"]
    if kind not in DIVISIONS + BRIGADES:
        return f"{unit.id} is not an RD, GRD or one of 10.4's brigades ({RULE})"
    if match.is_untried(unit):
        return f"{unit.id} is untried: only tried units invade ({RULE})"
    if match.counter(unit).get("militia"):
        return f"{unit.id} is militia ({RULE})"
    values = match.unit_values(unit)
    need = 8 if kind in DIVISIONS else 4
    if int(values.get("attack", 0)) + int(values.get("defense", 0)) < need:
        return f"{unit.id} is not amphibious: AF+DF below {need} ({RULE})"
    return None


def _points(unit: Unit, match: Match) -> int:
    return 2 if match.counter(unit)["type"] in DIVISIONS else 1


def _supplied(match: Match, loc: str) -> bool:
    """8.2, 8.4: defensive supply at the landing hex ``loc`` (overland or a Soviet port)."""
    return loc in supply.nets(match, SOVIET)[1] or loc in ports.soviet_port(match)


def supply_problem(match: Match, stack: list[Unit], loc: str) -> str | None:
    """10.5: offensive supply at the port (each invader's own, ``offsupply.lacks``) or at the
    landing hex (``offsupply.hex_lacks`` on its defensive supply), or why not (ruling AI5)."""
    why = next((w for u in stack if (w := offsupply.lacks(match, u)) is not None), None)
    if why is None:
        return None
    if _supplied(match, loc) and offsupply.hex_lacks(match, SOVIET, loc) is None:
        return None
    return f"the invaders need offensive supply at the port or the landing hex ({RULE}: {why})"


def _distance(match: Match, start: str, loc: str) -> int:
    topo = match.topology
    if start == RVGK_SOUTH:  # ruling AI2: from the Caspian's map ports
        sea = next(s for s in seamove.seas(match, SOVIET) if s["id"] == "soviet-caspian")
        return min(
            topo.distance(p, loc) for p in seamove.ports(match, sea) if not p.startswith("box:")
        )
    return int(topo.distance(start, loc))


def problem(match: Match, side: str, ids: list[str], loc: str) -> str | None:
    """Why ``invade ids loc`` is refused now, or None."""
    leaf = match.phase
    if side != SOVIET or match.phasing != SOVIET or leaf is None or leaf.spec.id not in PHASES:
        return f"the Soviet invades in his Initial Movement Phase ({RULE})"
    units = [match.state.units.get(i) for i in ids]
    if not ids or any(u is None or u.side != SOVIET for u in units):
        return f"no such Soviet units {','.join(ids)}"
    stack = [u for u in units if u is not None]
    start = stack[0].loc or ""
    if any(u.loc != start for u in stack):
        return f"the invaders start as one stack ({RULE})"
    if any(done(match, u) or spent(match, u) or moved_this_player_week(match, u) for u in stack):
        return f"the invaders have not moved this player week ({RULE})"
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}"
    if match.topology.terrain(loc) in ("sea", "lake"):
        return f"the landing hex is a land hex ({RULE})"
    group = landing_group(match, start, loc)
    if group is None:
        return f"{loc} is no land hex next to the Black Sea or the Caspian ({RULE})"
    home = "caspian" if start == RVGK_SOUTH else group_of_port(match, start)
    link = group == "baltic"
    lost = start != RVGK_SOUTH and ports.owner(match, start) != SOVIET  # 13.15.3: AI6
    if not link and (home != group or lost):
        return f"the invaders start in a Soviet port of that sea ({RULE})"
    if group in FLEET and not match.state.vars.get(FLEET[group]):
        return f"the Soviet {group} fleet is lost ({RULE}, PMD 10.4)"
    ns = _ns(match)
    if ns.get("invaded", {}).get(group, [None])[0] == match.turn:
        return f"one invasion a turn on this sea ({RULE})"
    if set(ns.get("active", {}).get(group, [])) & {week(match), _last_week(match)}:
        return f"no invasion the week of, or after, sea transport or an invasion there ({RULE})"
    for u in stack:
        why = eligible(match, u)
        if why:
            return why
    sea = next(s for s in seamove.seas(match, SOVIET) if s["id"] == CAPACITY[group])
    if sum(_points(u, match) for u in stack) > float(sea["capacity"]):
        return f"over the sea's {sea['capacity']} transport points ({RULE}, PMD 10.4)"
    if not link and _distance(match, start, loc) > RANGE:
        return f"the landing hex is more than {RANGE} hexes from the port ({RULE})"
    if not link and start != RVGK_SOUTH and _enemy_by_land(match, start):
        return f"the port is next to enemy units across a land hexside ({RULE})"
    why = supply_problem(match, stack, loc)
    if why:
        return why
    if enemy_held(match, loc) and sea_hex(match, loc) is None:
        return f"no sea hex next to {loc} for the invaders to wait in (ruling AI3, {RULE})"
    if stacking.over(match, SOVIET, [*(u.id for u in match.units_at(loc)), *ids], loc):
        return f"the invaders would overstack {loc} (PMD 6.1)"
    return None


def enemy_held(match: Match, loc: str) -> bool:
    """10.5: the landing hex holds enemy units (enemy-occupied or jointly-occupied)."""
    return any(u.side != SOVIET for u in match.units_at(loc))


def sea_hex(match: Match, loc: str) -> str | None:
    """Ruling AI3: the sea hex next to the landing hex the invaders wait in, or None."""
    topo = match.topology
    return next((n for n in sorted(topo.neighbours(loc)) if topo.terrain(n) == "sea"), None)


def afloat(match: Match) -> dict[str, Any] | None:
    """The invasion waiting at sea for its PA (ruling AI3): ``{"loc", "sea", "units",
    "fought"}``, or None."""
    found: dict[str, Any] | None = _ns(match).get("afloat")
    return found


def _enemy_by_land(match: Match, loc: str) -> bool:
    """10.5: enemy units next to the port across a land hexside; none counts for a port in a
    jointly-occupied hex (13.15.3: not adjacent "for purposes of ... amphibious capability")."""
    if combat.joint(match, loc):
        return False
    topo = match.topology
    for n in topo.neighbours(loc):
        edge = topo.edge(loc, n)
        if edge is not None and {"sea", "kerch", "sivash"} & set(edge.features):
            continue  # 10.5: not across an unfrozen crossing arrow or the sea
        if any(u.side != SOVIET for u in match.units_at(n)):
            return True
    return False


class Invade(Verb):
    """``invade UNIT[,UNIT...] HEX``: a Soviet amphibious invasion (10.5)."""

    name = "invade"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        leaf = match.phase
        if decision.side != SOVIET or match.phasing != SOVIET or leaf is None:
            return
        if leaf.spec.id not in PHASES:
            return
        starts: dict[str, list[str]] = {}
        for u in match.units_of(SOVIET):
            port = u.loc == RVGK_SOUTH or group_of_port(match, u.loc or "")
            if u.loc and port and eligible(match, u) is None:
                starts.setdefault(u.loc, []).append(u.id)
        coast = [
            *(h for sea in ("black", "azov", "caspian") for h in ports._coast(match, sea)),
            *KERCH,
        ]
        for start, ids in sorted(starts.items()):
            ids = sorted(ids)
            targets = {h for h in coast if _distance(match, start, h) <= RANGE}
            targets |= {h for h in LINK if start in LINK}
            for h in sorted(targets):
                for group in (ids, ids[:1]):  # the whole stack, or one unit of it
                    if problem(match, SOVIET, group, h) is None:
                        yield Action(self.name, (",".join(group), h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return f"usage: invade UNIT[,UNIT...] HEX ({RULE})"
        return problem(match, decision.side, str(action.args[0]).split(","), str(action.args[1]))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids, loc = str(action.args[0]).split(","), str(action.args[1])
        stack = [match.state.units[i] for i in ids]
        start = stack[0].loc or ""
        group = landing_group(match, start, loc) or ""
        key = phase_key(match)
        sea = sea_hex(match, loc) if enemy_held(match, loc) else None
        for unit in stack:  # no "moved" flag: sea transport may follow on other seas (10.2)
            unit.flags["mp"] = [key, 10**6]
            unit.flags[FLAG] = week(match)
            match.place(unit, sea or loc)
        _note(match, group, True)
        if sea is not None:
            match.state.ns(NS)["afloat"] = {"loc": loc, "sea": sea, "units": ids, "fought": False}
            match.emit(
                "amphibious",
                f"{','.join(ids)} wait in {sea} to invade {loc} from {start} (ruling AI3)",
                RULE,
                units=ids,
            )
            return
        match.emit(
            "amphibious",
            f"{','.join(ids)} land at {loc} from {start}",
            RULE,
            units=ids,
            path=[start, loc],
        )
        match.hook.wargame_moved(match=match, units=stack, path=[start, loc])


def landed(match: Match, unit: Unit) -> bool:
    """The unit invaded this week: no move or attack, and in supply this player turn."""
    return unit.flags.get(FLAG) == week(match)


@on_phase("start", ids=("w1-weather", "w2-weather"))
def week_over(match: Match, phase: PhaseSpec) -> None:
    """The ``amph`` flag goes when its week is over (the next week's Weather Phase): it bars
    the invaders' moves and attacks "this week" and supplies them in the Soviet player turn of
    the landing (10.5), both over by then."""
    now = week(match)
    for unit in match.state.units.values():
        if FLAG in unit.flags and unit.flags[FLAG] != now:
            del unit.flags[FLAG]


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Invade()]


@hookimpl
@veto_scope(verbs=("move", "reserve-move", "attack", "assault", "mobile-assault", "overrun", "sea"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """10.5: invaders move and attack no more that week; no sea transport on a sea the week of
    an invasion on it."""
    if not action.args:
        return None
    units = match.state.units
    if action.verb == "sea":
        unit = units.get(str(action.args[0]))
        if unit is None or unit.side != SOVIET or unit.loc is None:
            return None
        group = group_of_port(match, unit.loc)
        invaded = _ns(match).get("invaded", {}).get(group or "", [None, None])[1]
        if invaded == week(match):
            return f"no sea transport on a sea the week of an invasion there ({RULE})"
        return None
    waiting = afloat(match)
    if action.verb == "attack" and waiting is not None and not waiting["fought"]:
        ids = str(action.args[2]).split(",") if len(action.args) > 2 else []
        if action.args[0] != waiting["loc"] or not set(waiting["units"]) <= set(ids):
            return (
                f"the invasion PA on {waiting['loc']} with {','.join(waiting['units'])} comes "
                f"first (ruling AI3, {RULE})"
            )
        return None
    for arg in action.args:
        for uid in str(arg).split(","):
            unit = units.get(uid)
            if unit is not None and landed(match, unit):
                return f"{uid} invaded this week and moves and attacks no more ({RULE})"
    return None


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    """Ruling AI3: the invasion PA is owed in the Soviet Combat Phase while it may be made."""
    waiting = afloat(match)
    leaf = match.phase
    if waiting is None or waiting["fought"] or leaf is None or leaf.spec.kind != "combat":
        return []
    attack = Action("attack", (waiting["loc"], "with", ",".join(waiting["units"])))
    if decision.side != SOVIET or match.check(attack) is not None:
        return []
    return [f"the invasion PA on {waiting['loc']} is made first (ruling AI3, {RULE})"]


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    waiting = afloat(match)
    if waiting is not None and set(waiting["units"]) & set(battle.attackers):
        waiting["fought"] = True


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """10.5: 1L on the invasion PA unless non-invading units attack the hex too."""
    waiting = afloat(match)
    if waiting is None or battle.target != waiting["loc"]:
        return []
    if not set(battle.attackers) & set(waiting["units"]):
        return []
    if set(battle.attackers) - set(waiting["units"]):
        return []
    return [Shift.left(1, "amphibious invasion with no other attackers", RULE)]


def _ashore(match: Match, waiting: dict[str, Any]) -> None:
    """Ruling AI3: after the invasion PA, or at the Combat Phase's end, the invaders still at
    sea go into the landing hex when no enemy is left there and they fit, else are gone."""
    units = [match.state.units[i] for i in waiting["units"]]
    at_sea = [u for u in units if u.loc == waiting["sea"]]
    match.state.ns(NS).pop("afloat", None)
    _note_joint_port(match, waiting["loc"], units)
    if not at_sea:
        return
    loc = waiting["loc"]
    ids = [u.id for u in match.units_at(loc) if u.side == SOVIET] + [u.id for u in at_sea]
    if (
        waiting["fought"]
        and not enemy_held(match, loc)
        and not stacking.over(match, SOVIET, ids, loc)
    ):
        for unit in at_sea:
            match.place(unit, loc)
        match.emit("amphibious", f"{','.join(u.id for u in at_sea)} land at {loc}", RULE)
        match.hook.wargame_moved(match=match, units=at_sea, path=[waiting["sea"], loc])
        return
    for unit in at_sea:
        match.eliminate(unit, f"could not advance into {loc} from the sea (ruling AI3)", RULE)


def _note_joint_port(match: Match, loc: str, units: list[Unit]) -> None:
    """13.15.3: the invasion left its hex jointly occupied (invaders in it with the enemy): a
    port there is Soviet-owned while it stays so (ruling AI6)."""
    if group_of_port(match, loc) is None or not combat.joint(match, loc):
        return
    if any(u.loc == loc for u in units):
        found = match.state.ns(NS).setdefault(JOINT_PORTS, [])
        if loc not in found:
            found.append(loc)
            match.emit("amphibious", f"the port {loc} is Soviet-owned (ruling AI6)", JOINT_RULE)


def joint_ports(match: Match) -> list[str]:
    """13.15.3: the ports of hexes a Soviet invasion left jointly occupied, Soviet-owned as
    ports while the hex stays so (ruling AI6)."""
    return [p for p in _ns(match).get(JOINT_PORTS, ()) if combat.joint(match, p)]


def _forget_joint_ports(match: Match) -> None:
    """Ruling AI6: a port's record goes once its hex is no longer jointly occupied (4.2's
    ownership then: the side left in it, or the hex defender's control)."""
    ns = _ns(match)
    if JOINT_PORTS not in ns:
        return
    kept = joint_ports(match)
    if kept != ns[JOINT_PORTS]:
        if kept:
            ns[JOINT_PORTS] = kept
        else:
            ns.pop(JOINT_PORTS)


@hookimpl
def wargame_settled(match: Match) -> None:
    _forget_joint_ports(match)
    waiting = afloat(match)
    if waiting is not None and waiting["fought"] and combat.active(match) is None:
        _ashore(match, waiting)


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Ruling AI3: an invasion whose hex no longer holds the enemy lands as on an empty hex."""
    waiting = afloat(match)
    if waiting is not None and phase.kind == "combat" and not enemy_held(match, waiting["loc"]):
        waiting["fought"] = True  # nothing to fight: they land and attack no more this week
        _ashore(match, waiting)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    waiting = afloat(match)
    if waiting is not None and phase.kind == "combat":
        _ashore(match, waiting)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Sea transport on a sea counts for the Amph YES/NO rule (10.5)."""
    if len(path) != 2 or not units or units[0].side != SOVIET:
        return
    if not all(seamove.held(match, u) for u in units) or any(landed(match, u) for u in units):
        return
    group = group_of_port(match, path[1])
    if group is not None and (path[0] == RVGK_SOUTH or group_of_port(match, path[0])):
        _note(match, group, False)
