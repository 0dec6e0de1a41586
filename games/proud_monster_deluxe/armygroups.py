"""Turn 112's army group boundaries (PMD 5.3(9)).

On turn 112 only the map is cut into three army group sectors, North, Centre and South (the
map's ``ag:north``, ``ag:centre``, ``ag:south`` regions; where the AGN/AGC and AGC/AGS boundaries
run straight east they divide alternate hexes, ``ag:divided-north-centre`` and
``ag:divided-centre-south``, which lie in both sectors: stand-in courses, see mapgen). An Axis
unit may not move, mobile-assault or advance after combat so that it crosses a boundary, but it
may enter a divided hex (ruling AG1: what it may still enter is the sectors common to every hex
it has stood in this turn, kept in ``flags["army-group"]``). A German prepared assault across a
boundary is allowed (no veto on ``attack``). From turn 113 every boundary is ignored and the
flags go at the first phase of turn 113.

The North OKH area is divided into the three groups' subareas the same turn: a unit there
enters the map only by the ZOMO hexes (Greater Germany) of its own group's sector. Which
group it belongs to is the Axis player's choice: ``army-group UNIT[,UNIT...] north|centre|south``
before it enters, or, unassigned, the sector of the ZOMO hex he sends it to first (ruling AG2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .turns import AXIS, ynn

RULE = "PMD 5.3(9)"
TURN = 112
"""5.3(9): the boundaries hold on turn 112; from 113 they are ignored."""
GROUPS = ("north", "centre", "south")
NAMES = {"north": "AGN", "centre": "AGC", "south": "AGS"}
FLAG = "army-group"
OKH_NORTH = "box:okh-north"

_SECTORS: dict[int, tuple[object, dict[str, frozenset[str]]]] = {}


def sectors(match: Match) -> Mapping[str, frozenset[str]]:
    """Hex -> the army groups whose sector holds it (two for a divided hex), from the map's
    ``ag:`` regions; kept per topology."""
    topo = match.topology
    found = _SECTORS.get(id(topo))
    if found is None or found[0] is not topo:
        out: dict[str, frozenset[str]] = {}
        for name, hexes in topo.regions().items():
            if not name.startswith("ag:"):
                continue
            groups = frozenset(g for g in GROUPS if g in name.split(":", 1)[1].split("-"))
            for hex_id in hexes:
                out[hex_id] = groups
        found = _SECTORS[id(topo)] = (topo, out)
    return found[1]


def active(match: Match) -> bool:
    """The boundaries hold now: turn 112, after the set-up."""
    return match.state.cursor.stage != "setup" and ynn(match) == TURN


def allowed(match: Match, unit: Unit, start: str | None) -> frozenset[str]:
    """The sectors the unit, at ``start``, may still be in this turn (rulings AG1, AG2)."""
    flag = unit.flags.get(FLAG)
    if flag:
        return frozenset(flag)
    if start is None:
        return frozenset(GROUPS)
    return sectors(match).get(start, frozenset(GROUPS))


def walk(match: Match, unit: Unit, path: Sequence[str]) -> tuple[frozenset[str], str | None]:
    """The unit's sectors after going along ``path`` (its first location is where it is), or
    the refusal naming the first hex that would cross a boundary."""
    known = sectors(match)
    left = allowed(match, unit, str(path[0]) if path else unit.loc)
    from_box = str(path[0]).startswith("box:") if path else False
    for hex_id in path[1:]:
        here = known.get(hex_id)
        if here is None:
            continue
        narrowed = left & here
        if not narrowed:
            if from_box and hex_id == path[1]:
                groups = "/".join(NAMES[g] for g in sorted(left))
                return left, (
                    f"{unit.id} belongs to {groups}'s subarea of the North OKH area: it enters "
                    f"only by that army group's ZOMO hexes on turn {TURN}, not {hex_id} ({RULE})"
                )
            return left, (
                f"{unit.id} may not cross an army group boundary into {hex_id} on turn {TURN} "
                f"({RULE})"
            )
        left = narrowed
    return left, None


def _units(match: Match, ids: str) -> list[Unit]:
    units = match.state.units
    return [units[i] for i in str(ids).split(",") if i in units]


def _concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return decision.side == AXIS and active(match)


@hookimpl
@veto_scope(
    verbs=("move", "overrun", "advance", "strategic", "reserve-move", "cc-advance"),
    kinds=("movement", "advance", "cc-advance"),
    concerns=_concerns,
)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """5.3(9): no Axis move (strategic, or a Reserve marker's stack's, too), MA or advance after
    combat (the Close Combat advance too) across a boundary on turn 112."""
    if decision.side != AXIS or not active(match):
        return None
    args = [str(a) for a in action.args]
    if action.verb == "move" and len(args) >= 3:
        moves = [(u, args[1:]) for u in _units(match, args[0])]
    elif action.verb == "overrun" and len(args) >= 5 and args[1] == "with":
        moves = [(u, [*args[4:], args[0]]) for u in _units(match, args[2])]
    elif action.verb == "advance" and len(args) >= 2:
        moves = [(u, [str(u.loc), *args[1:]]) for u in _units(match, args[0]) if u.loc]
    elif action.verb == "cc-advance" and len(args) == 1 and "target" in decision.context:
        target = str(decision.context["target"])
        moves = [(u, [str(u.loc), target]) for u in _units(match, args[0]) if u.loc]
    elif action.verb == "strategic" and len(args) == 2:
        moves = [(u, [str(u.loc), args[1]]) for u in _units(match, args[0]) if u.loc]
    elif action.verb == "reserve-move" and len(args) >= 3:
        moves = [(u, args[1:]) for u in match.units_at(args[1]) if u.side == AXIS]
    else:
        return None
    for unit, path in moves:
        _left, refused = walk(match, unit, path)
        if refused:
            return refused
    return None


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Ruling AG1: keep the sectors an Axis unit is held to for the rest of turn 112 (after a
    retreat, which 5.3(9) does not restrict, those of the hex it ends in)."""
    if not units or units[0].side != AXIS or not active(match):
        return
    known = sectors(match)
    for unit in units:
        left, refused = walk(match, unit, path)
        if refused:
            left = known.get(str(unit.loc), frozenset(GROUPS))
        unit.flags[FLAG] = sorted(left)


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """5.3(9): from turn 113 the boundaries are ignored: the army group flags go."""
    if ynn(match) <= TURN:
        return
    for unit in match.state.units.values():
        if unit.flags.pop(FLAG, None) is not None:
            match.touch()


class ArmyGroup(Verb):
    """``army-group UNIT[,UNIT...] north|centre|south``: on turn 112 the Axis assigns units of the
    North OKH area to an army group's subarea (5.3(9)), before they enter the map."""

    name = "army-group"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS or not active(match):
            return
        for unit in match.units_at(OKH_NORTH):
            if unit.side == AXIS and not unit.flags.get(FLAG):
                for group in GROUPS:
                    yield Action(self.name, (unit.id, group))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2 or action.args[1] not in GROUPS:
            return "usage: army-group UNIT[,UNIT...] north|centre|south"
        if decision.side != AXIS or not active(match):
            return f"the Axis assigns North OKH units to army groups on turn {TURN} ({RULE})"
        ids = str(action.args[0]).split(",")
        units = match.state.units
        for uid in ids:
            unit = units.get(uid)
            if unit is None or unit.side != AXIS or unit.loc != OKH_NORTH:
                return f"{uid} is not an Axis unit in the North OKH area ({RULE})"
            if unit.flags.get(FLAG):
                return f"{uid} is assigned to {NAMES[unit.flags[FLAG][0]]} already ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        group = str(action.args[1])
        ids = str(action.args[0]).split(",")
        for uid in ids:
            match.state.units[uid].flags[FLAG] = [group]
        match.emit("army-group", f"{', '.join(ids)} assigned to {NAMES[group]}", RULE, units=ids)
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [ArmyGroup()]
