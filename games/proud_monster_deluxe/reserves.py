"""Reserve markers and the reserve movement phases (PMD 6.4, 5.2).

In his Refit Phase a player may put stacks in reserve, one of his 10 numbered Reserve markers
each (``reserve HEX``, then ``end``): a stack in defensive supply (its units' state at the last
8.3 check: no OOS or ISO), with no unit under a Refit marker, in a city or not adjacent to an
enemy unit across a land hexside (6.4(1)-(3)). Its units are hidden from the enemy while in
reserve until a battle's odds are calculated on them (6.3; the concealment itself is ``fog``'s).
The stack is off the map, on the play aid, the enemy seeing only the marker (his view holds
none of its units: ``fog.unplaced``): once an enemy unit comes next to it across a land hexside (moving past or
into a neighbouring hex, or the marker moving next to one), the stack is placed on the map
under the marker (``placed`` on the marker): still in reserve and unidentified, but the enemy
sees how many units it holds (6.4; rulings R1, R8). On turn 112 a Soviet unit is not next to an
Axis stack outside Russia, so such a stack stays off the map until turn 113 (5.3(5), ruling
FT1).

A unit leaves reserve when it moves (in its Initial Movement Phase, or in the Friendly or
Enemy Reserve Movement Phase: 6.4's ways 1, 3 and 4), retreats, or attacks (ruling R2); the
marker comes off when its last unit leaves, or when the stack takes a step loss or retreats
(6.4), or when the owner reveals the stack (``reserve-reveal NUMBER``, in any phase decision
of his: 6.4's "at any time"). A stack in an OKH or RVGK area always counts as under a marker (6.1): it moves in the
reserve phases and has the MA-marker exemption, and is no longer in reserve once on the map.
In the reserve movement phases only units in reserve move, and of them only Mech and
cavalry units, and every Leg unit in its side's Seasonal Offensive week (6.4, 5.4:
``enhanced``). The phases run only for a side with a marker on the map (ruling Q1).

In his Initial Movement Phase a player may instead move a Reserve marker with its whole stack
(``reserve-move NUMBER HEX HEX...``, 6.4 way 2): the units stay in reserve, and the marker is
tilted: they may not move again until his next Initial Movement Phase (not in that week's FRMP
nor in the enemy's ERMP after it). The MA-marker exemption of the same units out of reserve is
``mobileassault.py``'s (14.11).

On turn 112 every Axis unit is in reserve in its set-up hex or area without a marker (5.3(8)),
until it moves or attacks, or its stack loses a step or retreats (6.4; ruling R5): it moves in
that turn's reserve movement phases and has the MA-marker exemption as under a marker. The
enemy sees it as any stack (only a marker hides, ruling R5); markers placed in the Axis Refit
Phase of 112 hide and move as on any turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import movement
from wargame.plugins import Verb
from wargame.state import Unit

from . import firstturn
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 6.4"
FIRST_WEEK = 112
OUT = "out-112"
"""The namespace key of the Axis units out of 5.3(8)'s reserve on turn 112."""
HELD = "held"
"""Side -> the units of a moved (tilted) marker removed before their next Initial Movement
Phase: they still may not move until it (6.4 way 2, ruling R6)."""
MARKER_COUNT = 10
RESERVE_PHASES = ("reserves", "second-week-reserves")
LAND_BLOCKERS = ("sea", "lake", "sivash", "kerch", "soviet-supply")
"""Hexsides that are not land hexsides (6.4: adjacency counts only across land)."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("reserves")


def stacks(match: Match, side: str) -> dict[str, dict[str, Any]]:
    """Marker number -> {"loc": hex, "units": [ids]} for ``side``'s markers on the map."""
    found: dict[str, dict[str, Any]] = _ns(match).get(side, {})
    return found


def marker_of(match: Match, unit: Unit) -> str | None:
    for number, entry in stacks(match, unit.side).items():
        if unit.id in entry["units"]:
            return number
    return None


def in_area(unit: Unit) -> bool:
    """6.1: a stack in an OKH or RVGK area always counts as under a Reserve marker."""
    from .rvgk import AREAS
    from .strategic import OKH

    return unit.loc is not None and (unit.loc in OKH.values() or unit.loc in AREAS.values())


def in_reserve(match: Match, unit: Unit) -> bool:
    """Under a Reserve marker (6.4), in an OKH or RVGK area (6.1), or turn 112's Axis (5.3(8))."""
    return marker_of(match, unit) is not None or in_area(unit) or first_week(match, unit)


def first_week(match: Match, unit: Unit) -> bool:
    """5.3(8): on turn 112 an Axis unit is in reserve in its set-up hex or area, with no
    marker, until it moves or attacks (or its stack loses a step or retreats, ruling R5)."""
    return (
        unit.side == AXIS
        and unit.loc is not None
        and ynn(match) == FIRST_WEEK
        and unit.id not in _ns(match).get(OUT, ())
    )


def any_in_reserve(match: Match, side: str) -> bool:
    """Whether ``side`` has a unit in reserve: a marker on the map, a unit in an OKH or RVGK
    area (6.1), or on turn 112 an Axis unit still in 5.3(8)'s reserve (the reserve movement
    phases run only then, ruling Q1)."""
    if stacks(match, side) or any(in_area(u) for u in match.units_of(side)):
        return True
    if side != AXIS or ynn(match) != FIRST_WEEK:
        return False
    return any(first_week(match, u) for u in match.units_of(side))


def _joint(match: Match, loc: str) -> bool:
    return len({u.side for u in match.units_at(loc)}) > 1


def _next_to(match: Match, loc: str, side: str, there: str) -> bool:
    """An enemy unit at ``there`` is next to ``side``'s stack at ``loc`` for Reserve markers: a
    neighbour across a land hexside, and not across the Russian border on turn 112 (5.3(5))."""
    if there not in match.topology.neighbours(loc) or firstturn.apart(match, loc, there, side):
        return False
    edge = match.topology.edge(loc, there)
    return edge is None or not (set(edge.features) & set(LAND_BLOCKERS))


def _adjacent_enemy(match: Match, loc: str, side: str, finns: bool = True) -> bool:
    """An enemy unit next to ``loc`` across a land hexside (with ``finns``, for the Soviets, an
    assumed Axis unit next to a Finnish front hex, 4.5.2(2)); units in a jointly-occupied hex
    and those next to it are not adjacent for Reserve markers (13.15.3, ruling JO2)."""
    if _joint(match, loc):
        return False
    from .victory import finnish_neighbour

    if finns and side != AXIS and finnish_neighbour(match, loc):
        return True  # 4.5.2(2): the Finns are taken to be next to the Finnish front
    for n in match.topology.neighbours(loc):
        holder = match.side_at(n)
        if holder is None or holder == side or _joint(match, n):
            continue
        if _next_to(match, loc, side, n):
            return True
    return False


def put_on_map(match: Match, side: str, number: str) -> None:
    """6.4: the enemy came next to the stack of ``side``'s marker ``number``: it is placed on the
    map under the marker, still in reserve; the enemy sees how many units it holds (R8)."""
    entry = stacks(match, side)[number]
    if entry.get("placed"):
        return
    entry["placed"] = True
    match.state.markers[_marker_key(side, number)]["placed"] = True
    n = len(entry["units"])
    match.emit(
        "reserve",
        f"{side} Reserve marker {number}'s stack placed on the map at {entry['loc']}: "
        f"{n} unit{'s' if n != 1 else ''} beneath it",
        RULE,
        loc=entry["loc"],
        side=side,
    )


def off_map(match: Match, side: str) -> dict[str, dict[str, Any]]:
    """``side``'s markers whose stacks are still off the map, on the play aid (6.4)."""
    return {k: e for k, e in stacks(match, side).items() if not e.get("placed")}


def placement_problem(match: Match, side: str, loc: str) -> str | None:
    """Why ``side`` may not put the stack at ``loc`` in reserve now (6.4), or None."""
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}: Reserve markers go on stacks on the map ({RULE})"
    units = [u for u in match.units_at(loc) if u.side == side]
    if not units:
        return f"no stack of yours at {loc} ({RULE})"
    if any(marker_of(match, u) is not None for u in units):
        return f"the stack at {loc} is already in reserve ({RULE})"
    if len(stacks(match, side)) >= MARKER_COUNT:
        return f"all {MARKER_COUNT} Reserve markers are in use ({RULE})"
    from .combat import unsupplied

    lacking = [u.id for u in units if unsupplied(u) is not None]
    if lacking:
        return f"{', '.join(lacking)} not in defensive supply ({RULE}(1), 8.3)"
    refitting = [u.id for u in units if u.flags.get("refit")]
    if refitting:
        return f"{', '.join(refitting)} under a Refit marker ({RULE}(2))"
    city = "city" in match.topology.features(loc)
    if not city and _joint(match, loc):
        return f"no reserve in a jointly-occupied hex that is not a city ({RULE}, 13.15.3)"
    if not city and _adjacent_enemy(match, loc, side):
        return f"the stack at {loc} is next to an enemy unit across a land hexside ({RULE})"
    return None


def eligible(match: Match, side: str) -> list[str]:
    locs = sorted({u.loc for u in match.units_of(side) if u.loc and u.loc in match.topology})
    return [loc for loc in locs if placement_problem(match, side, loc) is None]


def _marker_key(side: str, number: str) -> str:
    return f"reserve-{side}-{number}"


def place(match: Match, side: str, loc: str) -> str:
    """Put the stack at ``loc`` under ``side``'s lowest free Reserve marker."""
    used = stacks(match, side)
    number = next(str(n) for n in range(1, MARKER_COUNT + 1) if str(n) not in used)
    units = [u for u in match.units_at(loc) if u.side == side]
    _ns(match).setdefault(side, {})[number] = {"loc": loc, "units": [u.id for u in units]}
    match.state.markers[_marker_key(side, number)] = {
        "type": "reserve",
        "loc": loc,
        "side": side,
        "number": int(number),
    }
    match.emit("reserve", f"{side} Reserve marker {number} on {loc}", RULE, loc=loc, side=side)
    if _adjacent_enemy(match, loc, side, finns=False):  # a city next to the enemy (6.4(3)(A))
        put_on_map(match, side, number)
    return number


def remove_marker(match: Match, side: str, number: str, why: str) -> None:
    entry = stacks(match, side).pop(number, None)
    if entry is None:
        return
    if entry.get("tilted"):  # 6.4 way 2: the units still wait for the next IMP (ruling R6)
        _ns(match).setdefault(HELD, {}).setdefault(side, []).extend(entry["units"])
    match.state.markers.pop(_marker_key(side, number), None)
    if not stacks(match, side):
        _ns(match).pop(side, None)  # the reserve phases run only while a marker is out
    match.emit("reserve", f"{side} Reserve marker {number} removed: {why}", RULE, side=side)


def leave(match: Match, unit: Unit, why: str) -> None:
    """The unit comes out of reserve; the marker goes with the last one (6.4)."""
    if first_week(match, unit):
        _ns(match).setdefault(OUT, []).append(unit.id)  # 5.3(8)
    number = marker_of(match, unit)
    if number is None:
        return
    entry = stacks(match, unit.side)[number]
    entry["units"].remove(unit.id)
    if not entry["units"]:
        remove_marker(match, unit.side, number, f"its last unit {why}")


def after_defence(match: Match, battle: Battle) -> None:
    """6.4: a reserve stack that took a step loss or retreated loses its marker."""
    from wargame.mechanics.losses import steps_left

    units = match.state.units
    before = battle.extra.get("pmd", {}).get("defender_before", {})
    hit = any(
        units[i].loc != battle.target
        or (steps_left(match, units[i]) if units[i].loc else 0.0) < before.get(i, 0.0)
        for i in battle.defenders
    )
    if not hit or not battle.defenders:
        return
    for uid in battle.defenders:
        if first_week(match, units[uid]):
            _ns(match).setdefault(OUT, []).append(uid)  # 5.3(8) read with 6.4 (ruling R5)
    side = units[battle.defenders[0]].side
    for number, entry in list(stacks(match, side).items()):
        if set(entry["units"]) & set(battle.defenders):
            remove_marker(match, side, number, "its stack lost a step or retreated")


def reserve_phase(match: Match) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.when in RESERVE_PHASES


# ------------------------------------------------------------------ placing (Refit Phase)


class Reserve(Verb):
    """``reserve HEX``: in his Refit Phase the player puts the stack there under a Reserve
    marker (6.4); ``end`` closes the phase."""

    name = "reserve"
    kinds = ("refit",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for loc in eligible(match, decision.side):
            yield Action("reserve", (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: reserve HEX"
        return placement_problem(match, decision.side, action.args[0])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        place(match, decision.side, action.args[0])


class ReserveReveal(Verb):
    """``reserve-reveal NUMBER``: the owner removes one of his Reserve markers, at any time (6.4:
    in any phase decision of his); its units come out of reserve and the marker is free again."""

    name = "reserve-reveal"
    kinds = ("*phase",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for number in sorted(stacks(match, decision.side), key=int):
            yield Action("reserve-reveal", (number,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: reserve-reveal NUMBER"
        if action.args[0] not in stacks(match, decision.side):
            return f"no Reserve marker {action.args[0]} of yours on the map ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        remove_marker(match, decision.side, action.args[0], "revealed by its owner")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reserve(), ReserveMove(), ReserveReveal()]


# ------------------------------------------------------------------ moving out of reserve


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    number = marker_of(match, unit)
    tilted = number is not None and stacks(match, unit.side)[number].get("tilted")
    if tilted or unit.id in _ns(match).get(HELD, {}).get(unit.side, ()):
        return f"its Reserve marker moved: no move until its next Initial Movement Phase ({RULE})"
    if not reserve_phase(match):
        return None
    if not in_reserve(match, unit):
        return f"only units in reserve move in a reserve movement phase ({RULE})"
    if not enhanced(match, unit):
        return (
            "only Mech and cavalry units, and Leg units in their side's Seasonal Offensive "
            f"week, move out of reserve in this phase ({RULE}, 5.4)"
        )
    return None


def enhanced(match: Match, unit: Unit) -> bool:
    """6.4, 5.4: the reserve abilities of Mech and cavalry units (moving in the reserve phases,
    terrain cost only into MA hexes), which every Leg unit gains in its side's Seasonal
    Offensive week."""
    from . import offensives

    kind = match.unit_type(unit)
    if kind.get("mobility") == "mech" or "cavalry" in kind.get("tags", ()):
        return True
    return offensives.active(match, unit.side)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    moving = _ns(match).get("moving")
    for unit in units:
        if moving is not None and marker_of(match, unit) == moving:
            continue  # 6.4 way 2: the marker moves with its stack, still in reserve
        retreated = unit.flags.get("retreated") == movement.phase_key(match)
        leave(match, unit, "retreated" if retreated else "moved")
    if not units:
        return
    owner = match.enemy(units[0].side)
    for number, entry in off_map(match, owner).items():  # 6.4: moving past it places it too
        if not _joint(match, entry["loc"]) and any(
            _next_to(match, entry["loc"], owner, h) for h in path
        ):
            put_on_map(match, owner, number)


@hookimpl
def wargame_settled(match: Match) -> None:
    """6.4: an off-map reserve stack with an enemy unit next to it now, however that came
    about (a move, an advance, the marker's own move, turn 112's end: 5.3(5)), is placed."""
    for side in (AXIS, SOVIET):
        for number, entry in off_map(match, side).items():
            if _adjacent_enemy(match, entry["loc"], side, finns=False):
                put_on_map(match, side, number)


# ------------------------------------------------------------------ moving the marker (6.4 way 2)


def initial_movement(match: Match, side: str) -> bool:
    leaf = match.phase
    return (
        leaf is not None
        and leaf.spec.kind == "movement"
        and not reserve_phase(match)
        and match.phasing == side
    )


class ReserveMove(Verb):
    """``reserve-move NUMBER HEX HEX...``: the Reserve marker and its whole stack move along the
    path in the Initial Movement Phase, staying in reserve (6.4 way 2)."""

    name = "reserve-move"
    kinds = ("movement",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if not initial_movement(match, decision.side):
            return []
        movers = {u.id for u in movement.movers(match, decision)}
        return [
            number
            for number, entry in sorted(stacks(match, decision.side).items())
            if not entry.get("tilted") and set(entry["units"]) <= movers
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        if actor not in self.actors(match, decision):
            return []
        units = [match.state.units[i] for i in stacks(match, decision.side)[actor]["units"]]
        trees = [movement.tree(match, u) for u in units]
        common = set(trees[0]).intersection(*trees[1:])
        out = []
        for dest in sorted(common):
            path = trees[0][dest][1]
            if all(movement.path_cost(match, u, path)[1] is None for u in units[1:]):
                out.append(Action("reserve-move", (actor, *path)))
        return out

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) < 3:
            return "usage: reserve-move NUMBER HEX HEX..."
        number, path = action.args[0], list(action.args[1:])
        if not initial_movement(match, decision.side):
            return f"a Reserve marker moves only in its Initial Movement Phase ({RULE})"
        entry = stacks(match, decision.side).get(number)
        if entry is None:
            return f"no Reserve marker {number} of yours on the map ({RULE})"
        if entry.get("tilted"):
            return f"Reserve marker {number} has moved already ({RULE})"
        if entry["loc"] != path[0]:
            return f"Reserve marker {number} is at {entry['loc']}, not {path[0]}"
        movers = {u.id for u in movement.movers(match, decision)}
        for uid in entry["units"]:
            if uid not in movers:
                return f"{uid} of Reserve marker {number} may not move now ({RULE})"
            _cost, refused = movement.path_cost(match, match.state.units[uid], path)
            if refused:
                return refused
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        number, path = action.args[0], list(action.args[1:])
        side = decision.side
        entry = stacks(match, side)[number]
        units = [match.state.units[i] for i in entry["units"]]
        key = movement.phase_key(match)
        for unit in units:
            cost, _ = movement.path_cost(match, unit, path)
            unit.flags["mp"] = [key, movement.spent(match, unit) + (cost or 0)]
            unit.flags["moved"] = key
            match.place(unit, path[-1])
        entry["loc"], entry["tilted"] = path[-1], True
        marker = match.state.markers[_marker_key(side, number)]
        marker["loc"], marker["tilted"] = path[-1], True
        match.emit(
            "reserve",
            f"{side} Reserve marker {number} moves {' '.join(path)}",
            RULE,
            side=side,
            path=path,
        )
        _ns(match)["moving"] = number
        try:
            match.hook.wargame_moved(match=match, units=units, path=path)
        finally:
            _ns(match).pop("moving", None)


@hookimpl
def wargame_phase_start(match: Match) -> None:
    """6.4 way 2: a tilted marker's units move again from the owner's next Initial Movement
    Phase. 5.3(8)'s reserve is turn 112's only: its record goes after it."""
    if OUT in _ns(match) and ynn(match) != FIRST_WEEK:
        _ns(match).pop(OUT)
    side = match.phasing
    if side is None or not initial_movement(match, side):
        return
    held = _ns(match).get(HELD, {})
    if held.pop(side, None) is not None and not held:
        _ns(match).pop(HELD)
    for number, entry in stacks(match, side).items():
        if entry.pop("tilted", None):
            match.state.markers[_marker_key(side, number)].pop("tilted", None)


@hookimpl(tryfirst=True)
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    """The odds are calculated on the stacks as they are: the enemy examines the units of the
    battle, in reserve or not (6.3, ``fog``); an attacking unit in reserve comes out of it
    (ruling R2)."""
    from . import fog

    units = match.state.units
    fog.examine(match, [units[i] for i in battle.attackers + battle.defenders])
    for uid in battle.attackers:
        leave(match, units[uid], "attacked")
    return None


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    leave(match, unit, "was eliminated")
