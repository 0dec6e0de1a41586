"""Operational movement (12.0), field fortification (18.0) and breakthrough movement (14.0).

A unit moves along one line a phase. Moving into a point held by enemy combat units commits it
to an attack there: it stays on its point of origin (its line back, 13.B.4) until the battle
decides, so its line capacity is spent and its retreat is where it stands. Entering a point or
passing through it takes control of it (20.0) and removes enemy partisans and entrained
factories there (12.0, 19.0).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import lines as L
from wargame.games.dark_crusade import partisans, production, supply, weather
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

MOVED = "moved"
ATTACKING = "attacking"
BT = "bt"  # may make its breakthrough move this turn; value = rounds of combat fought (14.B.1)
BT_USED = "bt_used"
HIGHWAY = "highway"


def target_of(unit: Unit) -> str | None:
    """The point a unit is committed to attack (12.0), if any."""
    found = U.marker(unit, ATTACKING)
    return None if found is None else found.get("target")


def origin_of(unit: Unit) -> str | None:
    """The point an attacking unit attacks from: its line back (13.B.4)."""
    return (U.marker(unit, ATTACKING) or {}).get("origin")


def breakthrough_attack(unit: Unit) -> bool:
    return bool((U.marker(unit, ATTACKING) or {}).get("breakthrough"))


def weather_now(match: Match, loc: str | None = None) -> str:
    """This turn's weather, or a point's own in May 1941 (3.A)."""
    return weather.point_weather(match, loc) if loc is not None else weather.current(match)


def winter_4142(match: Match) -> bool:
    return weather.winter_4142(match)


def armored_supply(match: Match, unit: Unit) -> bool:
    return supply.armored_supply(match, unit)


def in_supply(match: Match, unit: Unit) -> bool:
    return supply.in_supply(match, unit)


# ----------------------------------------------------------------------------- what may move


def enemy_held(match: Match, loc: str, side: str) -> bool:
    """Enemy combat units are on the point (12.0): entering it is an attack."""
    for u in match.units_at(loc):
        if u.side != side and U.is_combat_unit(match, u) and not U.has(match, u, "air"):
            return True
    return False


def armor_grounded(match: Match, unit: Unit, loc: str | None = None) -> str | None:
    """Why an armor unit has lost breakthrough movement and assault capability: Mud (7.B.2;
    cavalry and cav-mech unaffected), Axis armor in Snow in the 1941/42 winter (7.B.1)."""
    if not U.is_armor(match, unit) or U.has(match, unit, "cavalry"):
        return None
    weather = weather_now(match, loc)
    if weather == "mud":
        return f"{unit.id}: armor loses breakthrough and assault capability in Mud (DC 7.B.2)"
    if weather == "snow" and unit.side == U.AXIS and winter_4142(match):
        return f"{unit.id}: Axis armor loses breakthrough and assault in the 1941/42 winter Snow (DC 7.B.1)"
    return None


def why_unit_cannot_move(match: Match, unit: Unit) -> str | None:
    if unit.loc is None:
        return f"{unit.id} is not on the map"
    if unit.side != match.phasing:
        return f"{unit.id} is not yours to move now"
    t = U.tags(match, unit)
    if "factory" in t:
        return f"{unit.id}: a factory never moves operationally (DC 8.A.2.b)"
    if "partisan" in t:
        return f"{unit.id}: partisans are placed in the Supply Status phase, not moved (DC 19.0)"
    if U.dispersed(unit):
        return f"{unit.id} is dispersed and may not move (DC 15.A.1)"
    if U.marked(unit, MOVED) or target_of(unit):
        return f"{unit.id} has already moved this phase (DC 12.0)"
    if unit.side == U.AXIS and "air" in t:
        return f"{unit.id}: German air units support battles, they do not move alone (DC 13.A.5)"
    return None


NS = "dc-movement"  # this module's state (state.ns)
HUNGARY_RELEASED = "hungary_released"  # NS: 5.D's restriction lifted (a Soviet invasion)
HUNGARIANS_LEFT = "hungarian_armies_left"  # NS: the Hungarian army that left Hungary (5.D)
RELEASE_BEFORE = (1942, 6)


def in_hungary(match: Match, loc: str) -> bool:
    return not is_box(loc) and match.topology.attrs(loc).get("country") == "hungary"


def hungarian_army(match: Match, unit: Unit) -> bool:
    return U.nation(match, unit) == "hungarian" and U.has(match, unit, "army")


def soviet_attacks_hungary(match: Match, loc: str, defenders: Iterable[Unit] = ()) -> None:
    """5.D: a Soviet invasion of Hungary (entering or attacking a point there) or an attack on
    a Hungarian army before June 1942 lifts the restriction on the Hungarian armies."""
    if U.date(match) >= RELEASE_BEFORE or match.state.ns(NS).get(HUNGARY_RELEASED):
        return
    if not in_hungary(match, loc) and not any(hungarian_army(match, u) for u in defenders):
        return
    match.state.ns(NS)[HUNGARY_RELEASED] = True
    match.touch()
    match.emit(
        "hungary",
        f"the Soviets attack Hungary at {loc}: the Hungarian armies may leave Hungary",
        "DC 5.D",
    )


def note_leaving(match: Match, unit: Unit, dest: str) -> None:
    """5.D: from June 1942 one Hungarian army may leave Hungary: remember which one did."""
    if not hungarian_army(match, unit) or in_hungary(match, dest):
        return
    if match.state.ns(NS).get(HUNGARY_RELEASED):
        return
    left = match.state.ns(NS).setdefault(HUNGARIANS_LEFT, [])
    if unit.id not in left:
        left.append(unit.id)
        match.touch()


def confined_to_hungary(match: Match, unit: Unit) -> str | None:
    """5.D: why this Hungarian army may not leave Hungary now, or None."""
    if not hungarian_army(match, unit) or match.state.ns(NS).get(HUNGARY_RELEASED):
        return None
    if U.date(match) < RELEASE_BEFORE:
        return f"{unit.id}: the Hungarian armies may not leave Hungary before June 1942 (DC 5.D)"
    left = match.state.ns(NS).get(HUNGARIANS_LEFT, [])
    if left and unit.id not in left:
        return f"{unit.id}: only one Hungarian army may leave Hungary (DC 5.D)"
    return None


KEEP_OUT = {"hungarian": "rumania", "rumanian": "hungary"}  # 5.D, both ways


def hungary_rule(match: Match, unit: Unit, dest: str) -> str | None:
    """5.D: the Hungarian armies stay in Hungary until June 1942 (one may leave then) unless the
    Soviets invaded Hungary or attacked them; Hungarians and Rumanians never share ground."""
    n = U.nation(match, unit)
    country = match.topology.attrs(dest).get("country") if not is_box(dest) else None
    others = {U.nation(match, u) for u in match.units_at(dest) if u.side == unit.side}
    if n == "hungarian" and (country == "rumania" or "rumanian" in others):
        return f"{unit.id}: Hungarian units may never enter Rumania or join Rumanians (DC 5.D)"
    if n == "rumanian" and (country == "hungary" or "hungarian" in others):
        return f"{unit.id}: Rumanian units may never enter Hungary or join Hungarians (DC 5.D)"
    return confined_to_hungary(match, unit) if country != "hungary" else None


def step_problem(
    match: Match, unit: Unit, src: str, dest: str, *, assault_ok: bool, breakthrough: bool = False
) -> str | None:
    """Why ``unit`` may not move from ``src`` to ``dest`` along one line (rules besides
    capacity)."""
    line = L.line_key(match, src, dest)
    if line is None:
        return f"no line joins {src} and {dest} (DC 12.0)"
    problem = hungary_rule(match, unit, dest)
    if problem:
        return problem
    if breakthrough and U.is_armor(match, unit) and "strait" in L.line_features(match, line):
        return f"{unit.id}: no armor breakthrough across the Kerch Straits (DC 10.D)"
    if (
        breakthrough
        and U.has(match, unit, "air")
        and not any(
            (U.marker(u, BT_USED) or {}).get("origin") == src and dest in (u.loc, target_of(u))
            for u in match.units_of(unit.side)
            if u is not unit
        )
    ):
        return f"{unit.id}: air units only accompany breakthrough units down their line (DC 14.B.3)"
    alone = not is_box(dest) and not U.ground_units_at(match, dest, unit.side)
    if U.has(match, unit, "air") and alone and not enemy_held(match, dest, unit.side):
        return (
            f"{unit.id}: Soviet air units move with the ground forces: only to a point "
            "Soviet ground units hold (DC 13.A.3; ruling C15)"
        )
    if enemy_held(match, dest, unit.side):
        if not assault_ok:
            return f"{dest} is held by the enemy"
        if U.has(match, unit, "air") and weather_now(match) == "mud":
            return f"{unit.id}: Soviet air units are grounded by Mud (DC 7.B.3)"
        grounded = armor_grounded(match, unit, dest)
        if grounded:
            return grounded
        if U.is_armor(match, unit) and "strait" in L.line_features(match, line):
            return f"{unit.id}: no armor assault across the Kerch Straits (DC 10.D)"
    return None


# ----------------------------------------------------------------------------- entering points


def clear_point(match: Match, side: str, loc: str, by: str) -> None:
    """What ``side``'s ground units arriving at ``loc`` remove without combat: enemy partisans
    (19.0) and entrained factories (12.0), and enemy air units with no ground units of their
    own there, which may not defend alone (13.A.3) nor share the point (11.0; ruling C15)."""
    here = [u for u in match.units_at(loc) if u.side != side]
    alone = not any(U.is_ground(match, u) for u in here)
    for other in here:
        if U.has(match, other, "partisan"):
            partisans.partisan_removed(match, other)
        elif U.has(match, other, "factory") and other.flags.get("entrained"):
            match.eliminate(other, f"entrained factory caught at {loc} by {by}", "DC 8.A.2.b, 12.0")
        elif U.has(match, other, "air") and alone:
            match.eliminate(other, f"air alone at {loc} when {by} arrived", "DC 13.A.3, 11.0")


def take(match: Match, units: list[Unit], loc: str, rule: str) -> None:
    """Units of one side enter or pass through ``loc``: enemy partisans, entrained factories and
    lone air units there are removed (12.0, 19.0, 13.A.3); control changes (20.0) and a point
    the Axis takes loses its factories (8.C.2). Air units alone take nothing (13.A.3)."""
    movers = [u for u in units if U.is_ground(match, u)]
    if not movers or is_box(loc):
        return
    side = movers[0].side
    if side == U.SOVIET:
        soviet_attacks_hungary(match, loc)
    clear_point(match, side, loc, movers[0].id)
    if match.state.control.get(loc) != side:
        match.set_control(loc, side)
        if side == U.AXIS:
            production.factory_captured(match, loc)


def place_all(match: Match, units: list[Unit], loc: str) -> None:
    for unit in units:
        match.place(unit, loc)
        U.unmark(match, unit, U.FORTIFIED)  # 18.0: a fortification is lost when the unit moves


def commit(match: Match, unit: Unit, src: str, target: str, *, breakthrough: bool) -> None:
    U.mark(match, unit, ATTACKING, "DC 12.0", target=target, origin=src, breakthrough=breakthrough)
    U.unmark(match, unit, U.FORTIFIED, "moved", "DC 18.0")
    match.touch()
    kind = "breakthrough assault" if breakthrough else "attack"
    match.emit(
        "commit",
        f"{unit.id} moves from {src} to {kind} {target}",
        "DC 14.A" if breakthrough else "DC 12.0",
        unit=unit.id,
        origin=src,
        target=target,
    )


# ----------------------------------------------------------------------------- paths


def on_highway(match: Match, loc: str) -> bool:
    return loc in match.cache.setdefault(
        "dc-highway", match.topology.region("highway:minsk-moscow")
    )


def highway_ok(match: Match, unit: Unit) -> bool:
    """12.D: armor starting on the highway in Good or Mud may move two highway points."""
    return (
        U.is_armor(match, unit)
        and unit.loc is not None
        and on_highway(match, unit.loc)
        and weather_now(match) in ("good", "mud")
    )


def second_point_ok(match: Match, unit: Unit) -> bool:
    """12.0: German units capable of breakthrough movement may go on from an unoccupied point
    to a second unoccupied point (E-3 ruling DC-M3: Axis operational phase, German only)."""
    return bt_capable(match, unit) is None and U.nation(match, unit) == "german"


def bt_capable(match: Match, unit: Unit) -> str | None:
    """Why the unit is not capable of breakthrough movement now (14.A, 14.B.5, 17.A.3, 7.B)."""
    if not U.has(match, unit, "breakthrough"):
        return f"{unit.id} is not a breakthrough unit (DC 14.A)"
    if U.marked(unit, BT_USED):
        return f"{unit.id} has made its breakthrough move this turn (DC 14.B.6)"
    grounded = armor_grounded(match, unit)
    if grounded:
        return grounded
    if U.has(match, unit, "armored-supply") and not armored_supply(match, unit):
        return f"{unit.id} cannot trace armored supply (DC 17.A.3)"
    small = U.nation(match, unit) == "german" and not U.has(match, unit, "corps")
    if small and not corps_escort(match, unit):
        return (
            f"{unit.id}: German armor divisions and HQs need a breakthrough-capable corps-sized "
            "unit with them (DC 14.B.5)"
        )
    return None


def corps_escort(match: Match, unit: Unit) -> bool:
    """14.B.5: a capable panzer or armored infantry corps on the point, or two armor divisions
    or HQs counting as one."""
    assert unit.loc is not None
    smaller = 0
    for other in match.units_at(unit.loc):
        if other.side != unit.side or not U.has(match, other, "breakthrough"):
            continue
        if U.nation(match, other) != "german" or armor_grounded(match, other):
            continue
        if U.has(match, other, "corps"):
            return True
        smaller += 1
    return smaller >= 2


def routes(match: Match, unit: Unit, *, breakthrough: bool) -> list[list[str]]:
    """Every point list a unit may move along this phase (one line; two on the highway or to an
    unoccupied second point), before capacity."""
    src = unit.loc
    assert src is not None
    side = unit.side
    out: list[list[str]] = []
    two_highway = highway_ok(match, unit)
    two_second = (not breakthrough) and side == U.AXIS and second_point_ok(match, unit)
    for dest, _ in L.lines_from(match, src):
        if step_problem(match, unit, src, dest, assault_ok=True, breakthrough=breakthrough):
            continue
        out.append([dest])
        if enemy_held(match, dest, side) or is_box(dest):
            continue
        for dest2, _ in L.lines_from(match, dest):
            if dest2 == src or is_box(dest2):
                continue
            highway = two_highway and on_highway(match, dest) and on_highway(match, dest2)
            second = two_second and not enemy_held(match, dest2, side)
            if not (highway or second):
                continue
            if not step_problem(
                match, unit, dest, dest2, assault_ok=highway, breakthrough=breakthrough
            ):
                out.append([dest, dest2])
    return out


def capacity_problem(match: Match, unit: Unit, path: list[str], reduce: int = 0) -> str | None:
    src = unit.loc
    assert src is not None
    for a, b in zip([src, *path], path, strict=False):
        line = L.line_key(match, a, b)
        assert line is not None
        problem = L.room(match, unit.side, line, [unit], reduce)
        if problem:
            return problem
    return None


def bt_reduce(match: Match, unit: Unit) -> int:
    """14.B.1-2: capacity down one per round the unit fought, and one more for the Soviets
    through December 1941 (both the total and the armor limit, ruling DC-M5)."""
    rounds = int((U.marker(unit, BT) or {}).get("rounds", 0))
    if unit.side == U.SOVIET and U.date(match) <= (1941, 12):
        rounds += 1
    return rounds


# ----------------------------------------------------------------------------- verbs


class Move(Verb):
    """``move UNIT POINT [POINT2]``: operational movement along one line (12.0), two on the
    Minsk-Moscow highway (12.D) or to an unoccupied second point (12.0); in the breakthrough
    phase, the unit's one breakthrough move (14.0)."""

    name = "move"
    kinds = ("operational", "breakthrough")

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return list(self._movers(match, decision))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = self._movers(match, decision).get(actor)
        if unit is None:
            return []
        breakthrough = decision.kind == "breakthrough"
        reduce = bt_reduce(match, unit) if breakthrough else 0
        return [
            Action("move", (unit.id, *path))
            for path in routes(match, unit, breakthrough=breakthrough)
            if not capacity_problem(match, unit, path, reduce)
        ]

    def _movers(self, match: Match, decision: Decision) -> dict[str, Unit]:
        """The deciding side's units that may move now, by id (once per state)."""
        key = ("dc-movers", match.version, decision.side, decision.kind)
        found = match.scratch.get(key)
        if found is None:
            breakthrough = decision.kind == "breakthrough"
            found = match.scratch[key] = {
                unit.id: unit
                for unit in sorted(match.units_of(decision.side), key=lambda u: u.id)
                if not self.unit_problem(match, unit, breakthrough)
            }
        return found

    def unit_problem(self, match: Match, unit: Unit, breakthrough: bool) -> str | None:
        if breakthrough:
            if unit.loc is None or unit.side != match.phasing:
                return f"{unit.id} is not yours to move now"
            if U.dispersed(unit):
                return f"{unit.id} is dispersed (DC 14.A, 15.A.1)"
            if U.has(match, unit, "air") and unit.side == U.SOVIET:
                if U.date(match)[0] < 1944 or weather_now(match) != "good":
                    return (
                        f"{unit.id}: Soviet air accompanies breakthroughs only from Good weather "
                        "1944 (DC 14.B.3)"
                    )
                return "already moved" if U.marked(unit, BT_USED) else None
            if U.marked(unit, BT_USED):
                return f"{unit.id} has made its breakthrough move this turn (DC 14.B.6)"
            if not U.marked(unit, BT):
                return (
                    f"{unit.id} did not occupy an unoccupied point or clear a point this turn "
                    "(DC 14.A)"
                )
            if target_of(unit):
                return f"{unit.id} has already moved this phase"
            return bt_capable(match, unit)
        return why_unit_cannot_move(match, unit)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) not in (2, 3):
            return "usage: move UNIT POINT [POINT2]"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.loc is None:
            return f"no unit {action.args[0]} on the map"
        breakthrough = decision.kind == "breakthrough"
        problem = self.unit_problem(match, unit, breakthrough)
        if problem:
            return problem
        path = list(action.args[1:])
        for loc in path:
            if loc not in match.topology:
                return f"no point {loc!r} on the map"
        src = unit.loc
        first = step_problem(match, unit, src, path[0], assault_ok=True, breakthrough=breakthrough)
        if first:
            return first
        if len(path) == 2:
            if enemy_held(match, path[0], unit.side):
                return f"{path[0]} is held by the enemy: the move stops there to attack (DC 12.0)"
            highway = (
                highway_ok(match, unit)
                and on_highway(match, path[0])
                and on_highway(match, path[1])
            )
            second = (not breakthrough) and unit.side == U.AXIS and second_point_ok(match, unit)
            if not highway and not second:
                return (
                    f"{unit.id} moves one line a phase: two only for armor on the Minsk-Moscow "
                    "highway in Good or Mud (DC 12.D) or German breakthrough units to an "
                    "unoccupied second point (DC 12.0)"
                )
            if not highway and enemy_held(match, path[1], unit.side):
                return f"{path[1]} is occupied: the second point must be unoccupied (DC 12.0)"
            problem = step_problem(
                match, unit, path[0], path[1], assault_ok=highway, breakthrough=breakthrough
            )
            if problem:
                return problem
        reduce = bt_reduce(match, unit) if breakthrough else 0
        return capacity_problem(match, unit, path, reduce)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        breakthrough = decision.kind == "breakthrough"
        path = list(action.args[1:])
        src = unit.loc
        assert src is not None
        steps = list(zip([src, *path], path, strict=False))
        for a, b in steps:
            line = L.line_key(match, a, b)
            assert line is not None
            L.use(match, line, [unit])
        U.mark(match, unit, MOVED)
        if breakthrough:
            U.mark(match, unit, BT_USED, "DC 14.B.6", origin=src)
        last_from, target = steps[-1]
        note_leaving(match, unit, target)
        for _a, b in steps[:-1]:
            place_all(match, [unit], b)
            take(match, [unit], b, "DC 12.0")
        if enemy_held(match, target, unit.side):
            commit(match, unit, last_from, target, breakthrough=breakthrough)
            return
        place_all(match, [unit], target)
        take(match, [unit], target, "DC 14.0" if breakthrough else "DC 12.0")
        if is_box(target):  # off the map along an exit line: remember it (2.B.3.b), hold it
            line = L.line_key(match, last_from, target) or ""
            exit_point = next(p for p in line.split("|") if L.is_exit(p))
            unit.flags["exit_line"] = exit_point
            match.set_control(exit_point, unit.side)
        else:
            unit.flags.pop("exit_line", None)
        if len(path) == 2 and not breakthrough and not on_highway(match, path[0]):
            U.mark(
                match, unit, BT_USED, "DC 14.B.6"
            )  # the second point: its breakthrough move (DC-M3)
        elif not breakthrough and not is_box(target):
            U.mark(match, unit, BT, "DC 14.A", rounds=0)  # 14.A: occupied an unoccupied point
        match.hook.wargame_moved(match=match, units=[unit], path=[src, *path])
        match.emit(
            "move",
            f"{unit.id} moves {' - '.join([src, *path])}",
            "DC 14.0" if breakthrough else "DC 12.0",
            unit=unit.id,
            path=[src, *path],
        )


class Fortify(Verb):
    """``fortify UNIT``: build field fortifications instead of moving (18.0)."""

    name = "fortify"
    kinds = ("operational",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in sorted(match.units_of(decision.side), key=lambda u: u.id):
            if not self.problem(match, unit):
                yield Action("fortify", (unit.id,))

    def problem(self, match: Match, unit: Unit) -> str | None:
        if not U.has(match, unit, "fortify"):
            return f"{unit.id} may not fortify (DC 18.0)"
        if U.fortified(unit):
            return f"{unit.id} is already fortified"
        moved = why_unit_cannot_move(match, unit)
        if moved:
            return moved
        if is_box(unit.loc or ""):
            return f"{unit.id} is off the map"
        if not in_supply(match, unit):
            return f"{unit.id} must be in supply to fortify (DC 18.0)"
        return None

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: fortify UNIT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.loc is None:
            return f"no unit {action.args[0]} on the map"
        return self.problem(match, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        U.mark(match, unit, U.FORTIFIED, "DC 18.0")
        U.mark(match, unit, MOVED)
        match.touch()
        match.emit("fortified", f"{unit.id} fortifies at {unit.loc}", "DC 18.0", unit=unit.id)


DROPPED = "dropped"
ESCORT = "escort"


def drops_left(match: Match) -> int:
    """21.B.2: drops a turn by year (1 in 1941 ... 5 in 1944/45), counted in units."""
    year, _ = U.date(match)
    quota = int(U.table(match, "siberia")["quotas"]["drops"].get(str(year), 0))
    used = match.state.vars.get("drops", {})
    return quota - (int(used.get("n", 0)) if used.get("turn") == match.turn else 0)


def escorts_at(match: Match, loc: str) -> list[Unit]:
    return [
        u
        for u in match.units_at(loc)
        if u.side == U.SOVIET
        and U.has(match, u, "air")
        and not U.dispersed(u)
        and not U.marked(u, MOVED)
        and not target_of(u)
    ]


class Drop(Verb):
    """``drop UNIT POINT``: a Soviet parachute unit drops on an adjacent point with an air
    escort from its own point (optional rule 21.0): no line capacity, a set number a turn, not
    when Mud grounds the fighters (21.E)."""

    name = "drop"
    kinds = ("operational",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET or not match.option("parachutes"):
            return
        for unit in sorted(match.units_of(U.SOVIET), key=lambda u: u.id):
            if self.unit_problem(match, unit):
                continue
            for dest, _ in L.lines_from(match, unit.loc or ""):
                if not is_box(dest) and not hungary_rule(match, unit, dest):
                    yield Action("drop", (unit.id, dest))

    def unit_problem(self, match: Match, unit: Unit) -> str | None:
        if not match.option("parachutes"):
            return "parachute drops are an optional rule not in use (DC 21.0)"
        if not U.has(match, unit, "parachute"):
            return f"{unit.id} is not a parachute unit (DC 21.A)"
        problem = why_unit_cannot_move(match, unit)
        if problem:
            return problem
        if weather_now(match) == "mud":
            return "Soviet fighters are grounded by Mud: no drops (DC 21.E, 7.B.3)"
        if drops_left(match) <= 0:
            return "no parachute drops left this turn (DC 21.B.2)"
        if not escorts_at(match, unit.loc or ""):
            return f"{unit.id} needs a Soviet air escort starting from its point (DC 21.B.1)"
        return None

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: drop UNIT POINT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.loc is None:
            return f"no unit {action.args[0]} on the map"
        problem = self.unit_problem(match, unit)
        if problem:
            return problem
        if L.line_key(match, unit.loc, action.args[1]) is None or is_box(action.args[1]):
            return f"{action.args[1]} is not a point adjacent to {unit.loc} (DC 21.B.1)"
        return hungary_rule(match, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        src, dest = unit.loc or "", action.args[1]
        escort = escorts_at(match, src)[0]
        used = match.state.vars.get("drops", {})
        n = int(used.get("n", 0)) if used.get("turn") == match.turn else 0
        match.state.vars["drops"] = {"turn": match.turn, "n": n + 1}
        for u in (unit, escort):
            U.mark(match, u, MOVED)
        unit.flags[DROPPED] = True
        escort.flags[ESCORT] = True
        match.emit("drop", f"{unit.id} drops on {dest}, escorted by {escort.id}", "DC 21.B")
        if enemy_held(match, dest, U.SOVIET):
            commit(match, unit, src, dest, breakthrough=False)
            commit(match, escort, src, dest, breakthrough=False)
            return
        place_all(match, [unit, escort], dest)
        take(match, [unit], dest, "DC 21.B")
        unit.flags.pop(DROPPED, None)
        escort.flags.pop(ESCORT, None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Move(), Fortify(), Drop()]


@on_phase("start", ids=("operational", "breakthrough"))
def movement_starts(match: Match, phase: PhaseSpec) -> None:
    L.reset(match)  # the kernel clears "moved" (12.0)
    match.touch()


@hookimpl
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    use = match.state.ns(L.NS).get(L.USE, {})
    if use:
        view.setdefault("extra", {})["line_use"] = {
            k: {"load": v[0] / 2, "armor": v[1] / 2} for k, v in sorted(use.items())
        }
