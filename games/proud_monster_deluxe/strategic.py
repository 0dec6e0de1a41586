"""Axis strategic movement (PMD 11.2): ``strategic UNIT DEST`` in an Axis Initial Movement Phase.

A unit that begins the phase in an OKH area or in an urban hex (city, large or small town) in
overland supply moves, at any length, from one OKH area to the other, from an urban hex to the
OKH area of its half of the map, or from an OKH area to an urban hex of its half (never from one
urban hex straight to another, and never across the North/South line on the map: the OKH areas
are the way across). The capacity (8 steps a week, an artillery unit 3, a regiment 1; the
stand-in manifest holds neither), its ledger and the ban on beginning, ending or passing next to
an enemy unit are the kernel's ``strategic-movement`` mechanic's (its settings in title.json);
the verb, the OKH areas and the route are this module's: the route is traced over the map from the OKH area's west-edge hexes
(``edge:okh-north``/``edge:okh-south``) to the urban hex. It is barred east of the GAS line
before turn 205 and south of the Caucasus line before turn 301. The unit has then moved; in an
OKH area it enters the map by that area's ZOMO hexes from the next week, as a reinforcement
there does (9.1.1, 9.1.2: the ``entry`` flag, gone once it is on the map).

Overland supply is the supply rules' answer for the unit (8.2, ``overland_supply``; ruling SM1).

A rebuilt shell marker (15.5, 15.10; ruling BM2) is no unit but moves by the same verb
(``strategic SHELL DEST``) from the OKH area it waits in, counting 1 step (11.2), to the other
OKH area or to its gun's urban hex (``bombard.py`` says which ends it may take and joins it to
the gun)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import strategic as shared
from wargame.mechanics.movement import done, phase_key, spent
from wargame.plugins import Verb
from wargame.state import Unit

from . import fog, reserves
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 11.2"
OKH = {"north": "box:okh-north", "south": "box:okh-south"}
ZOMO = {
    OKH["north"]: ("country:greater-germany",),
    OKH["south"]: ("country:romania", "country:hungary"),
}
"""Each OKH area's ZOMO, the hexes its units enter the map by (9.1.1, 9.1.2)."""
URBAN = ("city", "large-town", "small-town")
CLOSED_TERRAIN = ("sea", "lake")


def half(match: Match, loc: str) -> str:
    """Which half of the map ``loc`` belongs to (the North/South line), or which half an OKH or
    RVGK area serves."""
    if loc.startswith("box:"):
        return "south" if loc.endswith("-south") else "north"
    return "south" if loc in match.topology.region("south") else "north"


def cost(match: Match, unit: Unit) -> int:
    """Capacity used by the unit (11.2): artillery 3, a regiment 1, else its steps."""
    return shared.weight(match, unit)


def used(match: Match) -> int:
    """Steps moved this week (the Axis Initial Movement Phase's ledger)."""
    return shared.used(match, AXIS)


def capacity(match: Match) -> int:
    return shared.capacity(match) or 0


def _in_phase(match: Match, side: str) -> bool:
    leaf = match.phase
    return (
        side == AXIS
        and match.phasing == AXIS
        and leaf is not None
        and leaf.spec.id.endswith("initial-movement")
    )


def _blocked(match: Match) -> dict[str, str]:
    """Hexes holding or next to an enemy unit, with the reason (the mechanic's ``enter``)."""
    found = match.scratch.get("pmd-strategic-blocked")
    if found is None:
        found = match.scratch["pmd-strategic-blocked"] = shared.blocked(match, AXIS)
    return found


def _closed(match: Match, loc: str) -> str | None:
    """Why a route may not use ``loc`` (11.2), or None."""
    topo = match.topology
    if topo.terrain(loc) in CLOSED_TERRAIN or loc in topo.region("country:turkey"):
        return f"{loc} is not a land hex"
    why = _blocked(match).get(loc)
    if why:
        return why
    if ynn(match) < 205 and loc in topo.region("gas-east"):
        return f"{loc} is east of the GAS line before turn 205 ({RULE})"
    if ynn(match) < 301 and loc in topo.region("caucasus-south"):
        return f"{loc} is south of the Caucasus line before turn 301 ({RULE})"
    return None


def reachable(match: Match, side_half: str) -> set[str]:
    """Hexes a strategic move can reach from the OKH area of ``side_half`` (11.2): traced from
    its west-edge hexes over land, in that half, through no hex next to an enemy unit."""
    memo = ("pmd-strategic-reach", side_half)
    found = match.scratch.get(memo)
    if found is not None:
        return found
    topo = match.topology
    start = [h for h in topo.region(f"edge:okh-{side_half}") if _closed(match, h) is None]
    seen = set(start)
    queue = deque(start)
    while queue:
        here = queue.popleft()
        for n in topo.neighbours(here):
            if n in seen or half(match, n) != side_half or _closed(match, n) is not None:
                continue
            seen.add(n)
            queue.append(n)
    match.scratch[memo] = seen
    return seen


def urban(match: Match, loc: str, kinds: Iterable[str] = URBAN) -> bool:
    """A city, large or small town (11.2, 11.3), or one of ``kinds``."""
    return loc in match.topology and bool(set(kinds) & match.topology.features(loc))


def overland_supply(match: Match, unit: Unit) -> bool:
    """In overland supply (8.2): the supply rules' answer, sea, port and air supply not counting
    (``overland`` False), nor out of supply or isolated (8.3); a unit they say nothing of (in an
    OKH area, a supply source, 8.1) is."""
    found = match.hook.wargame_supply(match=match, unit=unit)
    return not found or found.get("overland", found.get("state") == "supplied") is not False


def unit_problem(match: Match, unit: Unit) -> str | None:
    """Why the unit may not move strategically now (11.2), or None."""
    if unit.side != AXIS or unit.loc is None:
        return f"{unit.id} is not an Axis unit on the map or in an OKH area ({RULE})"
    if "air" in match.unit_type(unit).get("tags", ()):
        return (
            f"{unit.id} is an air unit: it goes only with its stack, never strategically (PMD 15.4)"
        )
    if done(match, unit) or spent(match, unit):
        return f"{unit.id} has moved this phase ({RULE})"
    problem = shared.start_problem(match, unit)
    if problem:
        return problem
    if unit.loc in OKH.values():
        return None
    if not urban(match, unit.loc):
        return f"{unit.id} is neither in an OKH area nor in an urban hex ({RULE})"
    if not overland_supply(match, unit):
        return f"{unit.id}'s urban hex is not in overland supply ({RULE})"
    if _closed(match, unit.loc) is not None or unit.loc not in reachable(
        match, half(match, unit.loc)
    ):
        return f"no strategic route from {unit.loc}: {_closed(match, unit.loc) or 'cut'} ({RULE})"
    return None


def move_problem(match: Match, unit: Unit, dest: str) -> str | None:
    """Why ``unit`` may not move strategically to ``dest`` now (11.2), or None."""
    problem = unit_problem(match, unit)
    if problem:
        return problem
    assert unit.loc is not None
    return route_problem(match, unit.id, unit.loc, dest, cost(match, unit))


def route_problem(match: Match, name: str, origin: str, dest: str, need: int) -> str | None:
    """Why ``name`` (a unit or a marker, ``need`` steps) may not move strategically from
    ``origin`` to ``dest`` now (11.2), or None: the way, the end and the week's capacity."""
    if dest == origin:
        return f"{name} is already at {dest}"
    if origin not in OKH.values() and dest not in OKH.values():
        return f"not from one urban hex to another; go by an OKH area ({RULE})"
    if dest in OKH.values():
        if origin not in OKH.values() and half(match, dest) != half(match, origin):
            return f"{origin} is not in {dest}'s half of the map ({RULE})"
    else:
        if not urban(match, dest):
            return f"{dest} is not an urban hex (city, large or small town) ({RULE})"
        if half(match, dest) != half(match, origin):
            return f"{dest} is across the North/South line from {origin} ({RULE})"
        why = _closed(match, dest)
        if why:
            return f"may not end at {dest}: {why}"
        if dest not in reachable(match, half(match, dest)):
            return f"no strategic route to {dest} avoiding enemy units ({RULE})"
    if used(match) + need > capacity(match):
        return (
            f"{name} needs {need} of the {capacity(match)} steps a week and "
            f"{capacity(match) - used(match)} are left ({RULE})"
        )
    return None


def destinations(match: Match, unit: Unit) -> list[str]:
    if unit_problem(match, unit) or used(match) + cost(match, unit) > capacity(match):
        return []
    assert unit.loc is not None
    return _ends(match, unit.loc)


def _ends(match: Match, origin: str) -> list[str]:
    """Where a strategic move from ``origin`` may end (11.2), before the capacity."""
    if origin not in OKH.values():
        return [OKH[half(match, origin)]]
    own = half(match, origin)
    towns = sorted(h for h in reachable(match, own) if urban(match, h))
    return [b for b in OKH.values() if b != origin] + towns


MARKER_STEPS = 1
"""11.2: an artillery shell marker counts 1 step of the capacity."""


def _markers(match: Match) -> dict[str, str]:
    """Markers moving strategically on their own (11.2): the rebuilt shell markers in an OKH
    area (15.5, 15.10; ``bombard.travelling``), id -> where each is."""
    from .bombard import travelling  # bombard imports this module

    return travelling(match)


def marker_problem(match: Match, marker: str, dest: str | None = None) -> str | None:
    """Why the shell marker may not move strategically (to ``dest``) now (11.2), or None."""
    from .bombard import shell_end_problem

    where = _markers(match).get(marker)
    if where is None:
        return f"no shell marker {marker} in an OKH area ({RULE})"
    if marker in shared.moved(match, AXIS):
        return f"{marker} has moved strategically this week ({RULE})"
    if dest is None:
        return None
    return route_problem(match, marker, where, dest, MARKER_STEPS) or shell_end_problem(
        match, marker, dest
    )


class Strategic(Verb):
    """``strategic UNIT DEST``: an Axis unit's strategic move (11.2), the player's choice."""

    name = "strategic"
    kinds = ("movement",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if not _in_phase(match, decision.side) or used(match) >= capacity(match):
            return []
        units = [u.id for u in match.units_of(AXIS) if unit_problem(match, u) is None]
        return units + [m for m in _markers(match) if marker_problem(match, m) is None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        if not _in_phase(match, decision.side):
            return []
        unit = match.state.units.get(actor)
        if unit is None:
            where = _markers(match).get(actor)
            ends = [] if where is None else _ends(match, where)
            return [
                Action("strategic", (actor, d))
                for d in ends
                if marker_problem(match, actor, d) is None
            ]
        return [Action("strategic", (actor, d)) for d in destinations(match, unit)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: strategic UNIT DEST"
        if not _in_phase(match, decision.side):
            return f"strategic movement is the Axis Initial Movement Phase's ({RULE})"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            if action.args[0] in _markers(match):
                return marker_problem(match, *action.args)
            return f"no unit {action.args[0]}"
        return move_problem(match, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] not in match.state.units:
            self._marker(match, *action.args)
            return
        unit = match.state.units[action.args[0]]
        dest = action.args[1]
        origin = unit.loc
        shared.spend(match, AXIS, [unit], dest)
        reserves.leave(match, unit, "moved strategically")
        match.place(unit, dest)
        unit.flags["moved"] = phase_key(match)
        if dest in ZOMO:  # from the area it enters the map by its ZOMO next week (9.1.1, 9.1.2)
            unit.flags["entry"] = match.resolve_locations(list(ZOMO[dest]))
        else:
            unit.flags.pop("entry", None)
        match.emit(
            "strategic",
            f"{unit.id} moves strategically {origin} -> {dest} ({used(match)}/{capacity(match)} steps)",
            RULE,
            unit=unit.id,
            loc=dest,
            hidden_from=[SOVIET],
            shown_as=told(str(origin), dest, unit.id),
        )
        # the rules that follow any move (6.1's pair parts, 6.3's top choice, HH1, control...)
        match.hook.wargame_moved(match=match, units=[unit], path=[str(origin), dest])

    def _marker(self, match: Match, marker: str, dest: str) -> None:
        """A shell marker's strategic move (11.2: 1 step): the gun's module places it."""
        from .bombard import shell_moved

        origin = _markers(match)[marker]
        shared.spend(match, AXIS, [], dest, {marker: MARKER_STEPS})
        match.emit(
            "strategic",
            f"{marker} moves strategically {origin} -> {dest} ({used(match)}/{capacity(match)} steps)",
            RULE,
            loc=dest,
            hidden_from=[SOVIET],
            shown_as=told(origin, dest, None),
        )
        shell_moved(match, marker, dest)


def told(origin: str, dest: str, unit: str | None) -> str:
    """What the Soviet is told of a strategic move (16.2 D, ruling FG2): that something moved,
    not what nor how many steps, while it is in the covered OKH areas; a unit that comes out
    onto the map by name (he sees it there); a shell marker (``unit`` None) not where it goes,
    beneath its gun."""
    why = f"({RULE}; 16.2 D)"
    if dest in fog.COVERED:
        if origin in fog.COVERED:
            return f"the Axis moves something strategically between the OKH areas {why}"
        return f"an Axis unit leaves {origin} by strategic movement for an OKH area {why}"
    if unit is None:
        return f"the Axis moves something strategically out of an OKH area {why}"
    return f"{unit} comes out of an OKH area by strategic movement to {dest} {why}"


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Strategic()]
