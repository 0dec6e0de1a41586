"""Strategic movement (9.0): units move by land through friendly points (9.A) or by sea between
friendly ports (9.B), rationed per player turn by victory points (9.A, 5.C, 3.C.3.d), and are
dispersed at the end of the phase.

Actions (decision kind "strategic"): ``strat UNIT DEST`` by land, ``sea UNIT DEST`` by sea.
``check`` accepts any legal destination; ``legal`` lists every eligible unit's moves to a useful
subset of destinations (ruling P10) so the list stays short.

The count of movers, the movers ending on each point (9.A.3) and the search through friendly
points are the shared strategic-movement mechanic's (its settings in title.json); the allowance
(9.A, 5.C, 3.C.3.d), what may move (9.A, 8.A), 5.D's countries, sea movement (9.B) and the
dispersal after it are Dark Crusade's. Supply questions (a city in supply, sea control) are
supply.py's.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import supply
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import strategic as shared
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

STRAT = "strategic"  # vars: this phase's side, turn, allowance and seas used (9.B)
MAX_ALLOWANCE = {U.AXIS: 7, U.SOVIET: 16}  # 9.A
FIRST_TURN_ALLOWANCE = {U.AXIS: 0, U.SOVIET: 2}  # 5.C
EDGE_SOURCES = {
    U.AXIS: ("edge:west", "edge:north-finland"),
    U.SOVIET: ("edge:east", "edge:southeast"),
}
BOXES = {U.AXIS: "box:west", U.SOVIET: "box:siberia"}
KERCH = ("kerch", "taman")  # the points either side of the Kerch Straits (9.B, 10.D)
SEA_GROUP = {"baltic": "baltic", "black": "black", "azov": "black"}  # 9.B: Black + Azov one sea


# ----------------------------------------------------------------------------- supply questions


def port_sea(match: Match, loc: str) -> str | None:
    sea = match.topology.attrs(loc).get("port")
    return str(sea) if sea else None


def sea_controller(match: Match, sea: str) -> str | None:
    """Who controls a sea (20.0; supply.py decides, ruling S4 for a split Azov)."""
    return supply.sea_controller(match, sea)


def city_in_supply(match: Match, loc: str, side: str) -> bool:
    """E-30 (ruling P11): a city is in supply for a side that controls it when it traces to
    any of the side's supply sources (17.A; friendly seas allowed)."""
    if match.state.control.get(loc) != side:
        return False
    return supply.traces(match, loc, side, sources=side)


# ----------------------------------------------------------------------------- allowance


def _first_turn(match: Match) -> int:
    return int(match.scenario.get("first_turn", 1))


def base_allowance(match: Match, side: str) -> int:
    """9.A: VP of the side's in-supply cities (Axis: west of the 1941 border; Soviet: in the
    USSR and Soviet-controlled), at most 7 / 16."""
    top = match.topology
    total = 0
    for loc in sorted(top.locations()):
        attrs = top.attrs(loc)
        vp = int(attrs.get("vp") or 0)
        if not vp:
            continue
        if side == U.AXIS and attrs.get("side") != U.AXIS:
            continue
        if side == U.SOVIET and attrs.get("country") != "ussr":
            continue
        if city_in_supply(match, loc, side):
            total += vp
    return min(total, MAX_ALLOWANCE[side])


def crisis(match: Match) -> bool:
    found = match.state.vars.get("siberia", {}).get("crisis")
    return bool(found and not found.get("over"))


def allowance(match: Match, side: str) -> int:
    """Units the side may move strategically this player turn (9.A, 5.C; halved rounding up in
    a Siberian crisis, 3.C.3.d)."""
    if match.turn == _first_turn(match):
        n = FIRST_TURN_ALLOWANCE[side]
    else:
        n = base_allowance(match, side)
    if side == U.SOVIET and crisis(match):
        n = ceil(n / 2)
    return n


def entrained(match: Match) -> list[Unit]:
    """Entrained factories: each uses one strategic movement factor a turn (8.C.2.a)."""
    return [
        u
        for u in match.units_of(U.SOVIET)
        if U.has(match, u, "factory") and u.flags.get("entrained")
    ]


def ledger(match: Match) -> dict[str, Any]:
    """This strategic phase's own record (made at its start): side, turn, allowance, seas."""
    found: dict[str, Any] = match.state.vars.get(STRAT) or {}
    return found


def used(match: Match, side: str) -> int:
    """Units moved strategically this player turn (by land or sea, the mechanic's count), plus
    entrained factories (8.C.2.a) and withdrawals (8.B)."""
    moved = shared.used(match, side)
    extra = len(entrained(match)) if side == U.SOVIET else 0
    withdrawn = match.state.vars.get("withdrawal_moves") or {}
    if withdrawn.get("turn") == match.turn and withdrawn.get("side") == side:
        extra += int(withdrawn.get("n", 0))  # 8.B: withdrawals count against the allowance
    return moved + extra


def left(match: Match, side: str) -> int:
    return max(allowance(match, side) - used(match, side), 0)


# ----------------------------------------------------------------------------- land movement


def _in_phase(match: Match, side: str) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.id == STRAT and match.phasing == side


def eligible_problem(match: Match, unit: Unit) -> str | None:
    """Why the unit may not move strategically at all now (9.0, 9.A, 8.A)."""
    if unit.loc is None:
        return f"{unit.id} is not in play"
    t = U.tags(match, unit)
    if "factory" in t:
        return "factories move by entraining in the R/RP, not by strategic movement (DC 8.C.2)"
    if "partisan" in t:
        return "partisans are placed, not moved strategically (DC 19.0)"
    if "air" in t and unit.side == U.AXIS:
        return "German air units are assigned to battles, not moved (DC 13.A.4)"
    if unit.id in shared.moved(match, unit.side):
        return f"{unit.id} already moved strategically this phase (DC 9.0)"
    fresh = unit.flags.get("replacement") == match.turn
    if U.dispersed(unit) and not fresh:
        return f"{unit.id} is dispersed: only undispersed units move strategically (DC 9.A)"
    if match.topology.attrs(unit.loc).get("no_strategic"):
        return f"no strategic movement out of {unit.loc} (DC 9.A, 9.A.1)"
    return None


def bounds(match: Match, unit: Unit) -> dict[str, str | None]:
    """5.D for strategic movement: the country a unit may not enter, the one it must stay in."""
    from wargame.games.dark_crusade import movement  # movement -> production -> strategic

    confined = movement.confined_to_hungary(match, unit)
    return {
        "keep_out": movement.KEEP_OUT.get(U.nation(match, unit)),
        "stay_in": "hungary" if confined else None,
    }


def land_tree(
    match: Match, side: str, start: str, keep_out: str | None = None, stay_in: str | None = None
) -> shared.Reach:
    """Points reachable by strategic land movement from ``start``, by the mechanic's search
    through friendly points, not across no-strategic links (Kerch, Pinsk-Rovno, Elista's lines)
    (both in the settings); here: not into Elista (9.A.1), through the side's own box only (9.A),
    not through a point enemy combat units hold (12.0), never into ``keep_out`` and only within
    ``stay_in`` (countries, 5.D). -> {point: (lines, path)}."""
    key = ("dc-strat-tree", match.version, side, start, keep_out, stay_in)
    found: shared.Reach | None = match.scratch.get(key)
    if found is not None:
        return found
    top = match.topology
    enemy = match.enemy(side)

    def enters(other: str) -> bool:
        if top.attrs(other).get("no_strategic"):
            return False
        if is_box(other) and other != BOXES[side]:
            return False
        if U.occupant(match, other) == enemy:
            return False
        country = None if is_box(other) else top.attrs(other).get("country")
        return not ((keep_out and country == keep_out) or (stay_in and country != stay_in))

    found = shared.search(match, side, start, blocked_at={}, enters=enters)
    match.scratch[key] = found
    return found


def ending(match: Match, dest: str) -> int:
    """Strategic movers that ended on ``dest`` this player turn (9.A.3)."""
    side = match.phasing
    return shared.ending(match, side, dest) if side else 0


def max_ending(match: Match) -> int:
    """9.A.3: three movers at most end on one point (the mechanic's settings)."""
    return int(shared.settings(match).max_ending or 0)


def common_problem(match: Match, side: str, unit: Unit) -> str | None:
    if unit.side != side:
        return f"{unit.id} is not a {side} unit"
    if not _in_phase(match, side):
        return "strategic movement happens in the Strategic Movement Phase (DC 9.0)"
    problem = eligible_problem(match, unit)
    if problem:
        return problem
    if left(match, side) <= 0:
        return (
            f"the strategic movement allowance is used up: {used(match, side)} of "
            f"{allowance(match, side)} (DC 9.A, 5.C, 3.C.3.d, 8.C.2.a)"
        )
    return None


def land_problem(match: Match, side: str, unit: Unit, dest: str) -> str | None:
    problem = common_problem(match, side, unit)
    if problem:
        return problem
    assert unit.loc is not None
    if dest not in match.topology:
        return f"no location {dest!r}"
    if dest == unit.loc:
        return f"{unit.id} is already at {dest}"
    if match.topology.attrs(dest).get("no_strategic"):
        return f"no strategic movement into {dest} (DC 9.A.1)"
    if match.state.control.get(dest) != side:
        return f"{dest} is not {side}-controlled: strategic movement uses friendly points (DC 9.A)"
    if dest not in land_tree(match, side, unit.loc, **bounds(match, unit)):
        return (
            f"no line of {side}-controlled points from {unit.loc} to {dest} (DC 9.A; not across "
            "the Kerch Straits or Pinsk-Rovno, not through Elista, 9.A.1; Hungarians not through "
            "Rumania nor Rumanians through Hungary, the Hungarian armies not out of Hungary "
            "before their time, 5.D)"
        )
    if ending(match, dest) >= max_ending(match):
        return f"three strategic movers already end on {dest} (DC 9.A.3)"
    return None


# ----------------------------------------------------------------------------- sea movement


def sea_problem(match: Match, side: str, unit: Unit, dest: str) -> str | None:
    return common_problem(match, side, unit) or _sea_dest_problem(match, side, unit, dest)


def _sea_dest_problem(match: Match, side: str, unit: Unit, dest: str) -> str | None:
    """``sea_problem`` for a unit that passed ``common_problem``."""
    assert unit.loc is not None
    start = unit.loc
    if U.dispersed(unit):
        return f"{unit.id} is dispersed: sea movement needs an undispersed unit (DC 9.B)"
    a, b = port_sea(match, start), port_sea(match, dest) if dest in match.topology else None
    if a is None:
        return f"{start} is not a port (DC 9.B)"
    if dest not in match.topology or b is None:
        return f"{dest} is not a port (DC 9.B)"
    if dest == start:
        return f"{unit.id} is already at {dest}"
    if SEA_GROUP[a] != SEA_GROUP[b]:
        return f"{start} ({a}) and {dest} ({b}) are not on the same sea (DC 9.B)"
    if match.state.control.get(dest) != side or U.occupant(match, dest) == match.enemy(side):
        return f"{dest} is not a friendly port (DC 9.B)"
    if (a == "azov") != (b == "azov"):
        held = [p for p in KERCH if match.state.control.get(p) == side]
        if len(held) < len(KERCH):
            return (
                f"into or out of the Sea of Azov only while controlling both sides of the Kerch "
                f"Straits ({' and '.join(KERCH)}) (DC 9.B)"
            )
    group = SEA_GROUP[a]
    if group in ledger(match).get("seas", {}):
        who = ledger(match)["seas"][group]
        return f"one unit a turn by sea on the {group.title()} Sea: {who} already sailed (DC 9.B)"
    if ending(match, dest) >= max_ending(match):
        return f"three strategic movers already end on {dest} (DC 9.A.3)"
    return None


def torpedo_sea(a: str, b: str) -> str:
    """The sea whose control decides the torpedo roll: Azov if either port is on it."""
    return "azov" if "azov" in (a, b) else a


def lost_on(match: Match, side: str, sea: str) -> tuple[int, ...]:
    """9.B.1-2: lost on 1 in a friendly sea, on 1, 3, 5 otherwise (ruling P12: a sea nobody
    controls is not friendly)."""
    return (1,) if sea_controller(match, sea) == side else (1, 3, 5)


# ----------------------------------------------------------------------------- verbs


def _record(match: Match, unit: Unit, dest: str, how: str) -> None:
    shared.spend(match, unit.side, [unit], dest)
    unit.flags["strategic"] = how


def useful_destinations(match: Match, side: str) -> list[str]:
    """Destinations ``legal`` lists (ruling P10): friendly points on the front (next to an
    enemy-controlled point), VP cities, fortresses, factory points and the side's box."""
    key = ("dc-strat-useful", match.version, side)
    found = match.scratch.get(key)
    if found is None:
        top = match.topology
        control = match.state.control
        out = []
        for loc in top.locations():
            if control.get(loc) != side:
                continue
            attrs = top.attrs(loc)
            front = any(
                control.get(o) not in (side, None) and not is_box(o) for o in top.neighbours(loc)
            )
            if (
                front
                or loc == BOXES[side]
                or attrs.get("vp")
                or attrs.get("fortress")
                or attrs.get("factories")
            ):
                out.append(loc)
        found = sorted(out)
        match.scratch[key] = found
    return list(found)


def movable(match: Match, side: str, *, representatives: bool = False) -> list[Unit]:
    """Units that may move strategically now; with ``representatives`` only the first (by id)
    of each kind of counter on each point, as ``legal`` lists (ruling P10)."""
    units = sorted(
        (u for u in match.units_of(side) if eligible_problem(match, u) is None),
        key=lambda u: u.id,
    )
    if not representatives:
        return units
    seen: set[tuple[str | None, str]] = set()
    out = []
    for u in units:
        key = (u.loc, match.counter(u)["type"])
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def _movers(match: Match, side: str) -> dict[str, Unit]:
    """The units listed as strategic movers now (ruling P10's representatives), by id; none
    outside the side's phase or with the allowance used up. Once per state."""
    key = ("dc-strat-movers", match.version, side)
    found = match.scratch.get(key)
    if found is None:
        found = {}
        if _in_phase(match, side) and left(match, side) > 0:
            found = {u.id: u for u in movable(match, side, representatives=True)}
        match.scratch[key] = found
    return found


class StrategicLand(Verb):
    """``strat UNIT DEST``: strategic land movement (9.A)."""

    name = "strat"
    kinds = ("strategic",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return list(_movers(match, decision.side))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = _movers(match, decision.side).get(actor)
        if unit is None:
            return []
        assert unit.loc is not None
        tree = land_tree(match, decision.side, unit.loc, **bounds(match, unit))
        return [
            Action(self.name, (unit.id, dest))
            for dest in useful_destinations(match, decision.side)
            if dest in tree and dest != unit.loc and ending(match, dest) < max_ending(match)
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: strat UNIT DEST (DC 9.A)"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.loc is None:
            return f"no unit {action.args[0]} in play"
        return land_problem(match, decision.side, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        start, dest = unit.loc, action.args[1]
        assert start is not None
        path = land_tree(match, decision.side, start, **bounds(match, unit))[dest][1]
        U.unmark(match, unit, U.FORTIFIED)  # 18.0: a fortification is lost when its unit moves
        match.place(unit, dest)
        _record(match, unit, dest, "land")
        from wargame.games.dark_crusade import movement  # movement -> production -> strategic

        movement.note_leaving(match, unit, dest)  # 5.D

        match.emit(
            "strategic",
            f"{unit.id} moves strategically {start} -> {dest} ({len(path) - 1} lines)",
            "DC 9.A",
            unit=unit.id,
            path=path,
        )
        match.hook.wargame_moved(match=match, units=[unit], path=path)


class StrategicSea(Verb):
    """``sea UNIT DEST``: strategic sea movement between friendly ports of one sea (9.B)."""

    name = "sea"
    kinds = ("strategic",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        movers = _movers(match, decision.side)
        return [uid for uid, u in movers.items() if port_sea(match, u.loc or "") is not None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        side = decision.side
        unit = _movers(match, side).get(actor)
        if unit is None or common_problem(match, side, unit) is not None:
            return []
        assert unit.loc is not None
        sea = port_sea(match, unit.loc)
        if sea is None:
            return []
        top = match.topology
        dests = sorted(top.region(f"sea:{sea}") | top.region(f"sea:{SEA_GROUP[sea]}"))
        if sea == "black":
            dests += sorted(top.region("sea:azov"))
        return [
            Action(self.name, (unit.id, dest))
            for dest in dests
            if _sea_dest_problem(match, side, unit, dest) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: sea UNIT DEST (DC 9.B)"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.loc is None:
            return f"no unit {action.args[0]} in play"
        return sea_problem(match, decision.side, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        side = decision.side
        unit = match.state.units[action.args[0]]
        start, dest = unit.loc, action.args[1]
        assert start is not None
        a, b = port_sea(match, start), port_sea(match, dest)
        assert a is not None and b is not None
        led = match.state.vars.setdefault(STRAT, {})
        led.setdefault("seas", {})[SEA_GROUP[a]] = unit.id
        _record(match, unit, dest, "sea")
        sea = torpedo_sea(a, b)
        losing = lost_on(match, side, sea)
        roll = match.roll("1d6", f"torpedo roll for {unit.id} at sea", "DC 9.B")
        if roll in losing:
            match.place(unit, dest)
            match.eliminate(unit, f"torpedoed on the {sea.title()} Sea (roll {roll})", "DC 9.B")
            return
        U.unmark(match, unit, U.FORTIFIED)
        match.place(unit, dest)
        match.emit(
            "strategic",
            f"{unit.id} sails {start} -> {dest} across the {sea.title()} Sea",
            "DC 9.B",
            unit=unit.id,
            path=[start, dest],
        )


# ----------------------------------------------------------------------------- hooks


@on_phase("start", ids=(STRAT,))
def strategic_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing is None:
        return
    side = match.phasing
    match.state.vars[STRAT] = {"side": side, "turn": match.turn, "seas": {}}
    shared.begin(match, side)
    n = allowance(match, side)
    match.state.vars[STRAT]["allowance"] = n
    extra = used(match, side)
    match.emit(
        "strategic",
        f"{side} may move {n} unit(s) strategically"
        + (f" ({extra} already used)" if extra else ""),
        "DC 9.A, 5.C",
        side=side,
        allowance=n,
    )


@on_phase("end", ids=(STRAT,))
def strategic_ends(match: Match, phase: PhaseSpec) -> None:
    side = ledger(match).get("side")
    for uid in shared.moved(match, side) if side else ():
        unit = match.state.units.get(uid)
        if unit is None or unit.loc is None:
            continue
        unit.flags.pop("strategic", None)
        U.disperse(match, unit, "moved strategically", "DC 9.0")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [StrategicLand(), StrategicSea()]
