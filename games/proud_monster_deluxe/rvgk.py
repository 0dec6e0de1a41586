"""Soviet strategic movement: the North and South RVGK areas (PMD 11.3), ``rvgk UNIT DEST``.

Out of an RVGK area, each the Soviet player's choice: in his Refit Phase to a normal
reinforcement entry hex (9.1.3, ``reinforce.entry_problem``: city, large town, next to a Military
District HQ, stacking) of the area's half of the map (the North/South line), or in his Initial Movement
Phase to a red-bordered map-edge hex of the area (``edge:rvgk-north``/``edge:rvgk-south``),
the unit then moving on with that hex's cost spent. From turn 124, into an RVGK area: in his
Initial Movement Phase a unit that starts it in an urban hex, or an edge hex of an area, in
overland supply and not next to an Axis unit, goes to the area of its half; it may come out
from the next week. From turn 203, from one area to the other in the Initial Movement Phase.

Limits: until turn 202 at most 10 points stand in both areas together; from turn 203 at most
28 points go in or come out (or move between the areas) a turn, 36 from 217, 48 from 221,
counted on the Points track (the turn's record goes at the next Reinforcement Phase). Points: a
CD 1, an RB, MRB or TB one half, artillery 2, any other unit its steps. While the Volga is
interdicted (11.4) no unit south of the Caucasus line enters an area, and a unit coming out
south of it does so at a large town (Refit Phase) and has moved for the week
(``volga.arrive``). Units in an area are hidden from the Axis (16.2: the boxes are covered;
``fog``).

Entering from the arriving reinforcements is leaving them unplaced (9.1.3, ``reinforce``);
ruling RV1 for the exits. Which area an arrival waits in, and stays in when left unplaced, is the
Soviet player's choice (11.3: "may be put into the North or South RVGK areas"): in the Soviet
part of the Reinforcement Phase ``rvgk UNIT AREA`` moves an arrival still waiting to be placed
(a scheduled one, a Tank Brigade of the pool, a rebuilt unit) to the other area, free, as often
as he likes before the part ends: it has not yet gone into the RVGK (ruling RF2), so neither the
turn-203 bar between the areas nor the Points track applies; the schedule's area (North for a
TB or a rebuilt unit) is only where it sits until he chooses (ruling RV5)."""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics.losses import steps_left
from wargame.mechanics.movement import chart_cost, done, phase_key, scale, spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import reinforce, reserves, victory, volga
from .strategic import half, overland_supply, urban
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 11.3"
AREAS = {"north": "box:rvgk-north", "south": "box:rvgk-south"}
HOLD_LIMIT = 10
HALF_POINT = ("rb", "mrb", "tb")


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-rvgk")


def points(match: Match, unit: Unit) -> float:
    """A unit's RVGK points (11.3)."""
    kind = match.counter(unit).get("type")
    tags = match.unit_type(unit).get("tags", ())
    if kind == "cd":
        return 1.0
    if kind in HALF_POINT:
        return 0.5
    if "artillery" in tags:
        return 2.0
    return steps_left(match, unit)


def throughput(match: Match) -> float | None:
    """The points that may go in or out a turn (11.3), None before turn 203 (no such cap)."""
    n = ynn(match)
    return None if n < 203 else 48.0 if n >= 221 else 36.0 if n >= 217 else 28.0


def moved_points(match: Match) -> float:
    entry = _ns(match).get("track")
    return float(entry["points"]) if entry and entry["turn"] == match.turn else 0.0


def held(match: Match) -> float:
    return sum(points(match, u) for u in match.units_of(SOVIET) if u.loc in AREAS.values())


def arriving(match: Match) -> bool:
    """The Soviet part of the Reinforcement Phase, where he picks his arrivals' area (RV5)."""
    leaf = match.phase
    return leaf is not None and leaf.spec.id == "soviet-reinforcement"


def hold_problem(match: Match, unit: Unit, dest: str) -> str | None:
    """Why the arrival ``unit`` may not wait in the RVGK area ``dest`` instead of its own now
    (11.3 with 9.1.3, 9.1.4, 9.5.3; ruling RV5), or None."""
    if not arriving(match):
        return f"an arrival's RVGK area is chosen in the Soviet Reinforcement Phase ({RULE})"
    if unit.side != SOVIET:
        return f"{unit.id} is not Soviet: only Soviet units are put into an RVGK area ({RULE})"
    if not unit.flags.get("placing") or unit.loc not in AREAS.values():
        return (
            f"{unit.id} is not an arrival waiting to be placed: only arriving reinforcements "
            f"and rebuilt units are put into an RVGK area now ({RULE}, 9.1.3)"
        )
    if dest not in AREAS.values():
        return f"{dest} is not an RVGK area ({RULE})"
    if dest == unit.loc:
        return f"{unit.id} already waits in {dest} ({RULE})"
    return None


def _phase(match: Match) -> str | None:
    """'refit' or 'movement' in a Soviet Refit or Initial Movement Phase, else None."""
    leaf = match.phase
    if leaf is None or match.phasing != SOVIET:
        return None
    if leaf.spec.id.endswith("-refit"):
        return "refit"
    if leaf.spec.id.endswith("initial-movement"):
        return "movement"
    return None


def _next_to_axis(match: Match, loc: str) -> bool:
    """An Axis unit next to ``loc``, or assumed there (the Finnish front, 4.5.2(2))."""
    if victory.finnish_neighbour(match, loc):
        return True
    return any(match.side_at(n) == AXIS for n in match.topology.neighbours(loc))


def _edge(match: Match, loc: str) -> str | None:
    for name in AREAS:
        if loc in match.topology.region(f"edge:rvgk-{name}"):
            return name
    return None


def _limit_problem(match: Match, unit: Unit, entering: bool) -> str | None:
    cap = throughput(match)
    need = points(match, unit)
    if cap is None:
        if entering and held(match) + need > HOLD_LIMIT:
            return f"at most {HOLD_LIMIT} points stand in the RVGK areas before turn 203 ({RULE})"
        return None
    if moved_points(match) + need > cap:
        return f"{need:g} more points would pass the {cap:g} a turn ({RULE})"
    return None


def arrivals_problem(match: Match, left: list[Unit]) -> str | None:
    """11.3: the arrivals left unplaced go into the RVGK (9.1.3): before turn 203 both areas
    then hold at most 10 points, from turn 203 they count toward the turn's points (ruling
    RF2)."""
    if not left:
        return None
    cap = throughput(match)
    if cap is None:
        total = held(match)
        if total > HOLD_LIMIT:
            return (
                f"{total:g} points would stay in the RVGK areas, at most {HOLD_LIMIT} points before "
                f"turn 203: place more arrivals ({RULE})"
            )
        return None
    going = moved_points(match) + sum(points(match, u) for u in left)
    if going > cap:
        return (
            f"{going:g} points would go into the RVGK this turn, at most {cap:g}: place more "
            f"arrivals ({RULE})"
        )
    return None


def arrivals_in(match: Match, left: list[Unit]) -> None:
    """11.3: from turn 203 the arrivals left in the RVGK go on the Points track."""
    if left and throughput(match) is not None:
        total = moved_points(match) + sum(points(match, u) for u in left)
        _ns(match)["track"] = {"turn": match.turn, "points": total}


def out_problem(match: Match, unit: Unit, target: str) -> str | None:
    """Why the unit may not leave its RVGK area by a mobile assault into ``target`` now (14.10
    with 11.3): in the week it went in, or past the turn's points; nor south of the Caucasus
    line while the Volga is interdicted, where a unit out of the area may not move that week
    (11.4)."""
    if unit.id in _ns(match).get("entered", ()):
        return f"{unit.id} went into the RVGK this week; it comes out next week ({RULE})"
    if volga.south_of_caucasus(match, target) and volga.interdicted(match):
        return (
            f"the Volga is interdicted: {unit.id} may not move out of the RVGK south of the "
            f"Caucasus line this week ({volga.RULE})"
        )
    return _limit_problem(match, unit, entering=False)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """A successful MA out of an RVGK area (14.10) counts on the Points track (11.3)."""
    out = path[0] in AREAS.values() and path[-1] not in AREAS.values()
    if out and throughput(match) is not None:
        total = moved_points(match) + sum(points(match, u) for u in units)
        _ns(match)["track"] = {"turn": match.turn, "points": total}


def move_problem(match: Match, unit: Unit, dest: str) -> str | None:
    """Why the unit may not move to or from an RVGK area now (11.3), or None."""
    phase = _phase(match)
    if phase is None:
        return f"RVGK moves are the Soviet Refit and Initial Movement Phases' ({RULE})"
    if unit.side != SOVIET or unit.loc is None:
        return f"{unit.id} is not a Soviet unit in play ({RULE})"
    if done(match, unit) or spent(match, unit):
        return f"{unit.id} has moved this phase ({RULE})"
    locked = volga.wargame_move_locked(match, unit)
    if locked:
        return locked
    origin = unit.loc
    if origin in AREAS.values():
        if unit.id in _ns(match).get("entered", ()):
            return f"{unit.id} went into the RVGK this week; it comes out next week ({RULE})"
        if dest in AREAS.values():
            if phase != "movement" or ynn(match) < 203:
                return f"from one RVGK area to the other only from turn 203 ({RULE})"
            return _limit_problem(match, unit, entering=False)
        if dest not in match.topology or half(match, dest) != half(match, origin):
            return f"{dest} is not in the {half(match, origin)} half of the map ({RULE})"
        if match.side_at(dest) == AXIS:
            return f"{dest} holds Axis units"
        if phase == "refit":
            found = reinforce.entry_problem(match, unit, dest, edges=False, rule=RULE)
            if found:
                return found  # 9.1.3's entry hexes, 11.4's large town south of the line
        elif _edge(match, dest) != half(match, origin):
            return f"{dest} is not a red-bordered edge hex of {origin} ({RULE})"
        return _limit_problem(match, unit, entering=False)
    if dest not in AREAS.values():
        return f"{dest} is not an RVGK area"
    if phase != "movement" or ynn(match) < 124:
        return f"units go from the map into the RVGK from turn 124, moving ({RULE})"
    if not (urban(match, origin) or _edge(match, origin)):
        return f"{unit.id} is neither in an urban hex nor on an RVGK edge hex ({RULE})"
    if half(match, dest) != half(match, origin):
        return f"{dest} is not the RVGK area of {origin}'s half of the map ({RULE})"
    if _next_to_axis(match, origin):
        return f"{origin} is next to an Axis unit ({RULE})"
    if not overland_supply(match, unit):
        return f"{unit.id} is not in overland supply ({RULE})"
    if volga.south_of_caucasus(match, origin) and volga.interdicted(match):
        return f"the Volga is interdicted: no unit south of the Caucasus line enters ({volga.RULE})"
    return _limit_problem(match, unit, entering=True)


def destinations(match: Match, unit: Unit) -> list[str]:
    if unit.loc is None or _phase(match) is None:
        return []
    if unit.loc in AREAS.values():
        region = (
            reinforce.entry_towns(match)
            if _phase(match) == "refit"
            else match.topology.region(f"edge:rvgk-{half(match, unit.loc)}")
        )
        found = [h for h in sorted(region) if move_problem(match, unit, h) is None]
        other = [b for b in AREAS.values() if b != unit.loc]
        return found + [b for b in other if move_problem(match, unit, b) is None]
    dest = AREAS[half(match, unit.loc)]
    return [dest] if move_problem(match, unit, dest) is None else []


class Rvgk(Verb):
    """``rvgk UNIT DEST``: a Soviet unit goes into, comes out of, or between RVGK areas (11.3);
    in the Soviet part of the Reinforcement Phase, the area an arrival waits in (ruling RV5)."""

    name = "rvgk"
    kinds = ("refit", "movement", "reinforce")

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if decision.side != SOVIET:
            return []
        if arriving(match):  # RV5: the arrivals' area, one choice each
            return [u.id for u in reinforce.placing(match)]
        if _phase(match) is None:
            return []
        return [u.id for u in match.units_of(SOVIET) if u.loc is not None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if unit is None or decision.side != SOVIET:
            return []
        if arriving(match):
            other = [b for b in AREAS.values() if b != unit.loc]
            return [Action("rvgk", (actor, b)) for b in other if not hold_problem(match, unit, b)]
        return [Action("rvgk", (actor, d)) for d in destinations(match, unit)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: rvgk UNIT DEST"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no unit {action.args[0]}"
        if decision.side != SOVIET:
            return f"the RVGK is the Soviet player's ({RULE})"
        if arriving(match):
            return hold_problem(match, unit, action.args[1])
        return move_problem(match, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        dest = action.args[1]
        origin = unit.loc
        assert origin is not None
        if arriving(match):  # RV5: not yet gone in: no track, no move spent
            match.place(unit, dest)
            match.emit(
                "rvgk",
                f"{unit.id} waits in {dest}",
                RULE,
                unit=unit.id,
                loc=dest,
                hidden_from=[AXIS],
                shown_as=f"the Soviet moves an arrival between the RVGK areas ({RULE}; 16.2 D)",
            )
            return
        ns = _ns(match)
        if throughput(match) is not None:
            ns["track"] = {"turn": match.turn, "points": moved_points(match) + points(match, unit)}
        reserves.leave(match, unit, "moved to or from the RVGK")  # 6.4: a unit that moves
        match.place(unit, dest)
        if dest in AREAS.values():
            unit.flags["moved"] = phase_key(match)
            if origin not in AREAS.values():
                ns.setdefault("entered", []).append(unit.id)
        else:
            if _phase(match) == "movement":
                cost = chart_cost(match, unit, dest, dest)  # the edge hex's own cost
                unit.flags["mp"] = [phase_key(match), int(cost * scale(match))]
            if volga.south_of_caucasus(match, dest) and volga.interdicted(match):
                unit.flags["moved"] = phase_key(match)  # 11.4: it has moved this week
            volga.arrive(match, unit)
        hidden: dict[str, Any] = {}
        if dest in AREAS.values():  # into a covered box: not what (16.2 D; ruling FG2)
            shown = (
                f"the Soviet moves a unit between the RVGK areas ({RULE}; 16.2 D)"
                if origin in AREAS.values()
                else f"a Soviet unit leaves {origin} for an RVGK area ({RULE}; 16.2 D)"
            )
            hidden = {"hidden_from": [AXIS], "shown_as": shown}
        match.emit("rvgk", f"{unit.id} {origin} -> {dest}", RULE, unit=unit.id, loc=dest, **hidden)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Rvgk()]


@on_phase("start", ids=("reinforcement",))
def reset_track(match: Match, phase: PhaseSpec) -> None:
    """The Points track is reset at each turn's Reinforcement Phase."""
    _ns(match).pop("track", None)


@on_phase("start", ids=("w1-weather", "w2-weather"))
def forget_entered(match: Match, phase: PhaseSpec) -> None:
    """A unit that went in may come out from the next week: its record goes at the next
    Weather Phase."""
    _ns(match).pop("entered", None)
