"""Reinforcements (PMD 9.1), the Soviet Tank Brigade pool (9.1.4) and the counter limit (2.2).

The kernel's reinforcements mechanic brings each turn's scheduled units at the start of the
Reinforcement Phase (5.2 I.1), both sides' (``sides: all``), into the box their schedule entry
names: German units into the North OKH area with the northern ZOMO (Greater Germany) as their
entry hexes, minor allies into the South OKH with Romania and Hungary (9.1.1, 9.1.2); from
there they move onto the map paying the first hex's cost, or move strategically, or wait.
Soviet units (untried ones drawn from their type's counters, 9.1) arrive in an RVGK area; in the
Soviet part of the Reinforcement Phase the Soviet player places each he wants on the map
(``place UNIT HEX``, 9.1.3): a Soviet-owned city or large town in overland supply, a land hex
next to one that is a Military District HQ (stand-ins, ``table-md-hq.json``), or a red-bordered
north, east or south map-edge hex, with no Axis unit there and within the stacking limit; one placed into a stack in reserve is in reserve too.
While the Volga is interdicted, south of the Caucasus line only a large town or an edge hex, and
the unit may not move that week (11.4(2), ``volga.arrive``; ruling RV4). The RVGK's Refit Phase
exits share this answer (``entry_problem``, 11.3). What he does not place stays in the
RVGK area (9.1.3 lets a unit enter there): the area its schedule entry names (North for a TB of
the pool or a rebuilt unit) unless he picks the other (``rvgk UNIT AREA``, 11.3; ruling RV5). The ``placing`` flag marks the arrivals he may still
place; it goes when the Soviet part of the phase ends.

9.1.4: from turn 114, in a 1941 scenario, 2d6 (2-3 read 4, 11-12 read 10; -3 when Leningrad is
Axis-owned, on lake supply or out of supply, -3 when a Moscow hex is) Tank Brigades come from the pool of 48
(``vars.tb_pool``, 0 in 1942) until it is empty.

2.2: the counter mix is an absolute limit. A draw takes only counters never yet in play (a
counter removed from the game, or waiting in the Replacement Army, is not drawn again); when too
few are left the rest do not arrive (the kernel's event cites 2.2).

Leningrad on lake supply (9.1.3, ``ports.lake_supply``) is a city only: no arrivals next to it,
and only Leg units in it. A city on port supply only (8.12) is not in overland supply, so no
entry hex. A vacant Axis-owned Military District HQ hex lets one Soviet Leg unit in (the
partisans of 9.1.3: placed there, the hex is no longer vacant; ruling RF6).

Jointly-occupied hexes (9.1.3, 13.15.3; ruling RF3): a hex whose hex defender is the Axis takes
no Soviet arrival (an Axis unit is its first); one the Soviet defends takes them within the room
left for both sides' units (13.15.2(1), ruling JO7). An HQ lets them in next to it only while
its overland supply passes through no jointly-occupied hex, its own included (as for the West
system's points, ruling RP6); otherwise it is a city like another, entered in its own hex.

Ost units (9.1.2; ruling RF7): an Ost arrival waits off the map (kept in the South OKH area,
with no entry hexes, flagged ``placing``) and the Axis player places it in the Axis part of the
Reinforcement Phase (``place UNIT HEX``) in a hex of Russia south of the N/S line and east of the
GAS line that holds one unit, a German one (not a stack); he may leave it waiting for a later
Reinforcement Phase, and a waiting one does nothing else."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.mechanics.control import controller
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import jointhex, ports, reserves, supply, volga
from .strategic import urban
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 9.1.3"
OST_RULE = "PMD 9.1.2"
SOUTH_OKH = "box:okh-south"
RVGK = ("box:rvgk-north", "box:rvgk-south")
EDGES = ("soviet-edge:north", "soviet-edge:east", "soviet-edge:south")
TB_RULE = "PMD 9.1.4"
TB_FIRST = 114
TB_PENALTY = 3
LIMIT_RULE = "PMD 2.2"


def placing(match: Match) -> list[Unit]:
    """The Soviet arrivals he may still place this Reinforcement Phase."""
    return [u for u in match.units_of(SOVIET) if u.flags.get("placing") and u.loc in RVGK]


def _ost(match: Match, unit: Unit) -> bool:
    return "ost" in match.unit_type(unit).get("tags", ()) and unit.side == AXIS


def ost_waiting(match: Match) -> list[Unit]:
    """The Ost arrivals waiting for the Axis to place them (9.1.2)."""
    return [u for u in match.units_of(AXIS) if u.flags.get("placing") and u.loc == SOUTH_OKH]


def ost_hexes(match: Match) -> list[str]:
    """9.1.2: the hexes of Russia south of the N/S line and east of the GAS line (7.2(4)) that
    hold a sole German unit (one unit, not a stack)."""
    from .minorallies import allowed, nation

    lands = allowed(match, "ost")
    out = []
    for unit in match.units_of(AXIS):
        loc = unit.loc
        if loc is None or loc not in lands or nation(match, unit) is not None:
            continue
        if len(match.units_at(loc)) == 1:
            out.append(loc)
    return sorted(out)


def ost_problem(match: Match, unit: Unit, loc: str) -> str | None:
    """Why the Axis may not place the Ost arrival ``unit`` in ``loc`` now (9.1.2), or None."""
    from .minorallies import allowed, nation

    if not _ost(match, unit) or not unit.flags.get("placing") or unit.loc != SOUTH_OKH:
        return f"{unit.id} is not an Ost reinforcement waiting to be placed ({OST_RULE})"
    if loc not in allowed(match, "ost"):
        return (
            f"{loc} is not in Russia south of the N/S line and east of the GAS line "
            f"({OST_RULE}, 7.2(4))"
        )
    here = match.units_at(loc)
    if len(here) != 1 or here[0].side != AXIS or nation(match, here[0]) is not None:
        return f"{loc} does not hold a sole German unit (not a stack) ({OST_RULE})"
    if stacking.over(match, AXIS, [here[0].id, unit.id], loc):
        return f"{unit.id} would overstack {loc} ({OST_RULE}, 6.1)"
    return None


def _cities(match: Match) -> list[str]:
    topo = match.topology
    return match.shared(
        "pmd-cities-large-towns",
        lambda: [h for h in topo.locations() if urban(match, h, ("city", "large-town"))],
    )


def named(match: Match, name: str) -> list[str]:
    """The map's hexes of a place the rules name (two for Moscow)."""
    hexes = match.title.doc("map")["hexes"]
    return match.shared(
        ("pmd-named", name), lambda: sorted(h for h, e in hexes.items() if e.get("name") == name)
    )


def _entry_sets(match: Match) -> tuple[frozenset[str], frozenset[str]]:
    """9.1.3: the cities, large towns and Military District HQ neighbours, and the red-bordered
    edge hexes, a Soviet unit may enter by now (stacking aside)."""
    key = "pmd-soviet-entry"
    found = match.scratch.get(key)
    if found is not None:
        return found
    topo = match.topology
    in_supply = supply.nets(match, SOVIET)[1]
    cities = [h for h in _cities(match) if controller(match, h) == SOVIET and h in in_supply]
    edges = [h for name in EDGES for h in topo.region(name)]
    lake = ports.lake_supply(match)  # 9.1.3(1), (2): Leningrad a city only
    clear = supply.nets(match, SOVIET, no_joint=True)[1]  # 9.1.3: not through a joint hex
    around = [
        n
        for h in match.title.doc("md-hq")["entries"]
        if h in cities and h in clear and not (lake and h == ports.LENINGRAD)
        for n in topo.neighbours(h)
        if _land(match, h, n)
    ]
    found = (
        frozenset(h for h in (*cities, *around) if match.side_at(h) != AXIS),
        frozenset(h for h in edges if match.side_at(h) != AXIS),
    )
    match.scratch[key] = found
    return found


def entry_hexes(match: Match) -> frozenset[str]:
    """9.1.3: the hexes a Soviet reinforcement may be placed in now (stacking aside)."""
    towns, edges = _entry_sets(match)
    return towns | edges


def entry_towns(match: Match) -> frozenset[str]:
    """9.1.3: the entry hexes but the map edge's (the RVGK's Refit Phase exits, 11.3)."""
    return _entry_sets(match)[0]


def volga_problem(match: Match, unit: Unit, loc: str, edges: bool = True) -> str | None:
    """11.4(2): while the Volga is interdicted, south of the Caucasus line a Soviet unit enters
    at a large town, or a red-bordered map-edge hex where ``edges`` allows one."""
    if not volga.south_of_caucasus(match, loc) or not volga.interdicted(match):
        return None
    if urban(match, loc, ("large-town",)) or (edges and loc in _entry_sets(match)[1]):
        return None
    where = "a large town or a red-bordered map-edge hex" if edges else "a large town"
    return (
        f"the Volga is interdicted: south of the Caucasus line {unit.id} enters only at "
        f"{where} ({volga.RULE})"
    )


def entry_problem(
    match: Match, unit: Unit, loc: str, edges: bool = True, rule: str = RULE
) -> str | None:
    """Why ``loc`` is not a normal Soviet reinforcement entry hex for ``unit`` now (9.1.3; the
    RVGK's Refit Phase exits use the same, ``edges`` False, 11.3), or None: its kind, the
    Volga's interdiction (11.4), Leningrad's lake supply, stacking and a joint hex's room."""
    towns, edge_hexes = _entry_sets(match)
    if loc not in towns and not (edges and loc in edge_hexes):
        edge = ", nor a red-bordered edge hex" if edges else ""
        return (
            f"{loc} is not a Soviet-owned city or large town in overland supply, next to a "
            f"Military District HQ{edge}, free of Axis units or defended by the Soviet "
            f"({rule}, 13.15.3)"
        )
    found = volga_problem(match, unit, loc, edges)
    if found:
        return found
    mobility = match.unit_type(unit).get("mobility")
    if loc == ports.LENINGRAD and mobility != "leg" and ports.lake_supply(match):
        return f"Leningrad is on lake supply: only Leg units arrive there ({rule}, 9.1.3)"
    here = [u.id for u in match.units_at(loc) if u.side == SOVIET]
    if stacking.over(match, SOVIET, [*here, unit.id], loc):
        return f"{unit.id} would overstack {loc}: stacking limits hold at placement ({rule}, 6.1)"
    if jointhex.joint(match, loc) and stacking.weight(match, [unit.id]) > jointhex.room(match, loc):
        return (
            f"no room for both sides' units in the jointly-occupied hex {loc} ({rule}, 13.15.2(1))"
        )
    return None


def partisan_hexes(match: Match) -> list[str]:
    """9.1.3: vacant Axis-owned Military District HQ hexes, each letting one Leg unit in."""
    return [
        h
        for h in sorted(match.title.doc("md-hq")["entries"])
        if h in match.topology and controller(match, h) == AXIS and not match.units_at(h)
    ]


def _land(match: Match, a: str, b: str) -> bool:
    """Across a land hexside into a land hex (9.1.3: an HQ's neighbours)."""
    topo = match.topology
    edge = topo.edge(a, b)
    blocked = edge is not None and bool(set(edge.features) & set(reserves.LAND_BLOCKERS))
    return not blocked and topo.terrain(b) not in ("sea", "lake")


def place_problem(match: Match, unit: Unit, loc: str) -> str | None:
    if unit.side == AXIS:
        return ost_problem(match, unit, loc)
    if not unit.flags.get("placing") or unit.loc not in RVGK:
        return f"{unit.id} is not a Soviet reinforcement waiting to be placed ({RULE})"
    if loc in RVGK:  # 11.3: left unplaced it stays in an area, the one he picks (ruling RV5)
        return (
            f"{unit.id} stays in an RVGK area by not being placed; pick the area with "
            f"'rvgk {unit.id} {loc}' (PMD 11.3)"
        )
    if loc in partisan_hexes(match):
        if match.unit_type(unit).get("mobility") != "leg":
            return f"a vacant Axis-owned Military District HQ lets in a Leg unit only ({RULE})"
        return volga_problem(match, unit, loc)
    return entry_problem(match, unit, loc)


class Place(Verb):
    """``place UNIT HEX``: the Soviet player places an arriving unit (9.1.3), the Axis player an
    Ost one (9.1.2)."""

    name = "place"
    kinds = ("reinforce",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        units = placing(match) if decision.side == SOVIET else ost_waiting(match)
        return [u.id for u in units]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        if unit is None or unit.side != decision.side or not unit.flags.get("placing"):
            return []
        if decision.side == AXIS:
            hexes = ost_hexes(match)
        else:
            hexes = sorted({*entry_hexes(match), *partisan_hexes(match)})
        return [
            Action(self.name, (actor, h)) for h in hexes if place_problem(match, unit, h) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: place UNIT HEX"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != decision.side:
            return f"no unit {action.args[0]} of {decision.side}"
        return place_problem(match, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        loc = action.args[1]
        unit.flags.pop("placing", None)
        if unit.side == AXIS:
            match.place(unit, loc)
            match.emit(
                "reinforcement", f"{unit.id} enters at {loc}", OST_RULE, unit=unit.id, loc=loc
            )
            return
        reserves.leave(match, unit, "was placed on the map")  # a stack in its RVGK area (6.4)
        match.place(unit, loc)
        volga.arrive(match, unit)  # 11.4(2): no move this week south of the Caucasus line
        match.emit("reinforcement", f"{unit.id} enters at {loc}", RULE, unit=unit.id, loc=loc)
        for entry in reserves.stacks(match, SOVIET).values():
            if entry["loc"] == loc and unit.id not in entry["units"]:
                entry["units"].append(unit.id)  # 9.1.3: placed into a reserve stack
                match.emit("reserve", f"{unit.id} joins the reserve stack in {loc}", RULE)
                break


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Place()]


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "reinforcement":
        return ynn(match) != 112  # 5.3(2): turn 112 has no Reinforcement Phase
    return None


def _penalised(match: Match, hexes: Iterable[str]) -> bool:
    """Axis-owned or out of supply, or Leningrad on lake supply (9.1.4)."""
    in_supply = supply.nets(match, SOVIET)[1]
    hexes = list(hexes)
    if ports.LENINGRAD in hexes and ports.lake_supply(match):
        return True
    return any(controller(match, h) == AXIS or h not in in_supply for h in hexes)


def tb_count(match: Match, roll: int) -> int:
    """9.1.4: the roll read 4 to 10, less 3 for Leningrad and 3 for Moscow, never below 0."""
    count = min(max(roll, 4), 10)
    if _penalised(match, named(match, "Leningrad")):
        count -= TB_PENALTY
    if _penalised(match, named(match, "Moscow")):
        count -= TB_PENALTY
    return max(count, 0)


def arrive_tb(match: Match) -> None:
    left = int(match.state.vars.get("tb_pool", 0))
    if left <= 0 or ynn(match) < TB_FIRST:
        return
    roll = match.roll("2d6", "Soviet Tank Brigade pool", TB_RULE)
    count = min(tb_count(match, roll), left)
    got = match.draw_counters(SOVIET, "tb", count, set(), upto=True, dead=False)
    if len(got) < count:
        match.emit("reinforcements", f"only {len(got)} TB counters left", LIMIT_RULE)
    match.state.vars["tb_pool"] = left - count
    for cid in got:
        match.new_unit(cid, RVGK[0]).flags["placing"] = True  # North until he picks (RV5)
    if got:
        match.emit("reinforcements", f"{len(got)} TB from the pool", TB_RULE, units=got)


@on_phase("start", ids=("reinforcement",))
def tank_brigades(match: Match, phase: PhaseSpec) -> None:
    arrive_tb(match)


@on_phase("end", ids=("reinforcement",))
def mark_arrivals(match: Match, phase: PhaseSpec) -> None:
    """The Soviet arrivals of this phase (in an RVGK area, fresh from the box's entry list or
    the TB pool) wait to be placed; the kernel's entry list is not theirs (9.1.3)."""
    for unit in match.units_of(SOVIET):
        if unit.loc in RVGK and "entry" in unit.flags:
            unit.flags.pop("entry", None)
            unit.flags["placing"] = True
    for unit in match.units_of(AXIS):  # 9.1.2: an Ost arrival waits to be placed
        if unit.loc == SOUTH_OKH and "entry" in unit.flags and _ost(match, unit):
            unit.flags.pop("entry", None)
            unit.flags["placing"] = True
    match.touch()


def _waits(match: Match, actor: str) -> str | None:
    units = match.state.units
    for uid in actor.split(","):
        unit = units.get(uid)
        if unit is not None and unit.flags.get("placing") and unit.loc == SOUTH_OKH:
            return uid
    return None


def _ost_concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return decision.side == AXIS and verb != "place" and _waits(match, actor) is not None


@hookimpl
@veto_scope(concerns=_ost_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """9.1.2: a waiting Ost arrival enters only by being placed (ruling RF7)."""
    if decision.side != AXIS or action.verb == "place" or not action.args:
        return None
    uid = _waits(match, str(action.args[0]))
    if uid is None:
        return None
    return f"{uid} is an Ost reinforcement: it enters only by being placed ({OST_RULE})"


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    """11.3: the arrivals left in the RVGK keep to its limits while one more may be placed
    (ruling RF2)."""
    from . import rvgk

    leaf = match.phase
    if decision.side != SOVIET or leaf is None or leaf.spec.id != "soviet-reinforcement":
        return []
    left = placing(match)
    found = rvgk.arrivals_problem(match, left)
    if not found:
        return []
    hexes = sorted({*entry_hexes(match), *partisan_hexes(match)})
    if not any(place_problem(match, u, h) is None for u in left for h in hexes):
        return []  # none can be placed: they stay (ruling RF2)
    return [found]


@on_phase("end", ids=("soviet-reinforcement",))
def stop_placing(match: Match, phase: PhaseSpec) -> None:
    """9.1.3: what is not placed stays in its RVGK area, gone into it for 11.3's limits."""
    from . import rvgk

    rvgk.arrivals_in(match, placing(match))
    for unit in match.units_of(SOVIET):
        unit.flags.pop("placing", None)
