"""PGG movement rules on top of the shared movement mechanic: Soviet rail movement (6.3, 10.21,
10.33, 13.31), German rail cuts (6.37), the closed western hexrows (6.4), the first-turn rules
(5.21-5.23) and the interdiction markers' extra cost (13.31-13.32, 13.43).

Rail movement is its own verb, ``rail UNIT[,UNIT] PATH...``, on the shared strategic-movement
mechanic: its settings in title.json hold the budget (30 rail hexes, not movement points), the
graph (the hexsides carrying ``rail``), the limit (eight combat units a Game-Turn, armored three,
Leaders none) and the ZOC and enemy-hex bans; the mechanic keeps the count and searches. What is
PGG's own stays here: the closed hexrows, rail cuts and repairs, interdiction's cost, entry from
the off-map boxes' listed hexes, and the bans of 5.21, 5.23 and 6.62.
Markers live in ``state.markers`` as ``{"type": TYPE, "loc": HEX, "side": SIDE, ...}`` with the
types ``rail-cut``, ``air-interdiction`` and ``soviet-interdiction`` (the last two placed by
:mod:`.interdiction`). Everything remembered between actions is in the module's namespace
(``state.ns(NS)``) but the 5.21 rolls, in ``state.vars`` as the record every view shows (ruling
W4); everything derived is cached in ``match.scratch`` (this state) or
``match.cache`` (keyed by what it depends on).

:func:`restricted_hexrow` is the one test of PGG 6.4, shared with the combat rules (retreat into
the closed hexrows eliminates, advance into them is refused).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping

from wargame.actions import Action, Decision
from wargame.games.panzergruppe_guderian.supply import DISRUPTED
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics import movement as kmove
from wargame.mechanics import overrun, stacking, strategic
from wargame.models import PhaseSpec
from wargame.movement import CostModel
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

SOVIET = "soviet"
GERMAN = "german"
RAIL = "rail"

MARKERS = (DISRUPTED,)  # the unit markers read here (wargame.markers)

RAIL_CUT = "rail-cut"  # marker types (see the module docstring)
AIR = "air-interdiction"
SOVIET_MARKER = "soviet-interdiction"

RAIL_INTERDICTED = 4  # PGG 13.31: a rail hex under an Air Interdiction marker
RAIL_CUTS = 6  # PGG 6.37: as many cuts as markers

WEST_ROWS = ("column:01", "column:02")  # PGG 6.4: hexrows 0100 and 0200
LAST_CLOSED_TURN = 6  # PGG 6.4
FIRST_TURN = 1
BOUND_ARMIES = ("13th", "20th")  # PGG 5.23 (set-up keys of the scenario)
ROLLED_ARMIES = ("16th", "19th")  # PGG 5.21
FREE_ROLLS = (1, 2, 3)  # PGG 5.21

NS = "pgg-movement"  # this module's state (state.ns)
VAR_REPAIRED = "pgg-rail-repaired"  # {hex: turn a Soviet unit removed its cut}
VAR_ENTERED = "pgg-rail-entered"  # [phase key, rail hexes German units entered in it]
VAR_FROZEN = "pgg-frozen"  # armies that stand in place on Game-Turn 1 (PGG 5.21)
VAR_ROLLS = "pgg-5.21-rolls"  # {army: die roll}
"""The 5.21 record and its roll in ``state.vars``, not :data:`NS`: every view shows them (W4)."""

CLOSED = "hexrows 01-02 are closed to Soviet units before Game-Turn 7 (PGG 6.4)"
WEST = "13th and 20th Army units may not move west on Game-Turn 1 (PGG 5.23)"

RailTrees = tuple[object, dict[tuple[str, tuple[str, ...]], dict[str, tuple[int, list[str]]]]]
"""The rail searches of one context: (context, (start, entries) -> destinations)."""


# ------------------------------------------------------------------ map facts


def columns(match: Match) -> dict[str, int]:
    """Hex -> printed column number, from the map's ``column:NN`` regions (built once)."""
    found = match.cache.get("pgg-columns")
    if found is None:
        found = {}
        for name, hexes in match.topology.regions().items():
            if name.startswith("column:"):
                for loc in hexes:
                    found[loc] = int(name.split(":", 1)[1])
        match.cache["pgg-columns"] = found
    return found


def west_rows(match: Match) -> frozenset[str]:
    found = match.cache.get("pgg-west-rows")
    if found is None:
        found = frozenset().union(*(match.topology.region(name) for name in WEST_ROWS))
        match.cache["pgg-west-rows"] = found
    return found


def rail_hexes(match: Match) -> frozenset[str]:
    """The railroad hexes (the strategic-movement mechanic's rail-line locations)."""
    return strategic.line_locations(match)


def westward(match: Match, a: str, b: str) -> bool:
    """A step into a lower-numbered column: NW or SW on the flat-top grid (PGG 5.23)."""
    cols = columns(match)
    return a in cols and b in cols and cols[b] < cols[a]


def markers_of(match: Match, kind: str) -> dict[str, str]:
    """Hex -> marker id of every marker of ``kind`` on the map (cached for this state)."""
    key = ("pgg-markers", kind)
    found = match.scratch.get(key)
    if found is None:
        found = {
            str(m["loc"]): mid
            for mid, m in sorted(match.state.markers.items())
            if m.get("type") == kind and m.get("loc")
        }
        match.scratch[key] = found
    return found


def marker_id(kind: str, loc: str) -> str:
    return f"{kind}:{loc}"


def is_leader(match: Match, unit: Unit) -> bool:
    return "leader" in match.unit_type(unit).get("tags", ()) or match.counter(unit)["type"] == (
        "leader"
    )


def in_movement_phase(match: Match, side: str) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.kind == "movement" and match.phasing == side


# ------------------------------------------------------------------ first turn (PGG 5.2, 6.4)


def bound(match: Match, unit: Unit) -> bool:
    """A 13th or 20th Army unit on Game-Turn 1 (PGG 5.23)."""
    return (
        match.turn == FIRST_TURN and unit.side == SOVIET and unit.flags.get("setup") in BOUND_ARMIES
    )


def frozen(match: Match, unit: Unit) -> bool:
    """A unit of the 16th or 19th Army that rolled 4-6 on Game-Turn 1 (PGG 5.21)."""
    return (
        match.turn == FIRST_TURN
        and unit.side == SOVIET
        and unit.flags.get("setup") in match.state.vars.get(VAR_FROZEN, ())
    )


def restricted_hexrow(match: Match, loc: str, unit: Unit | None = None) -> bool:
    """Whether a Soviet unit may not enter ``loc`` now (PGG 6.4): hexrows 01 and 02 on
    Game-Turns 1-6. Given the unit, German units and the 13th and 20th Armies' units on Game-Turn
    1 (the 5.23 exception, which ends with that turn) are never restricted. Used for movement,
    rail, overrun, retreat (elimination) and advance after combat."""
    if not FIRST_TURN <= match.turn <= LAST_CLOSED_TURN:
        return False
    if unit is not None and (unit.side != SOVIET or bound(match, unit)):
        return False
    return loc in west_rows(match)


def removals_needed(match: Match, side: str, ids: list[str]) -> int:
    """The fewest of these units that must leave their hex for it to meet the stacking limit
    (PGG 7.1: three combat units, a fourth unit only if it is a leader)."""
    for n in range(len(ids) + 1):
        if any(
            not stacking.over(match, side, [i for i in ids if i not in gone])
            for gone in itertools.combinations(ids, n)
        ):
            return n
    return len(ids)


def _frozen_problem(match: Match, unit: Unit, moving: list[str], path: list[str]) -> str | None:
    """Why these units of a frozen army may not make this move: only one hex, only out of an
    overstacked hex, and only as many units as are needed (PGG 5.22), so a leader that does
    not count against the limit never moves unless the count of units is what is over."""
    army = unit.flags.get("setup")
    stand = f"the {army} Army stands in place on Game-Turn 1 (PGG 5.21)"
    if len(path) != 2:
        return f"{stand}: its units may move one hex only, to meet stacking (PGG 5.22)"
    here = list(match.occupied().get(path[0], []))
    need = removals_needed(match, unit.side, here)
    if need == 0:
        return f"{stand}: {path[0]} is not over the stacking limit (PGG 5.22)"
    rest = [i for i in here if i not in moving]
    if len(moving) > need or removals_needed(match, unit.side, rest) != need - len(moving):
        return (
            f"{stand}: only as many units as are needed may move out of {path[0]}: "
            f"{need} must leave, and not {', '.join(moving)} (PGG 5.22)"
        )
    return None


def _reach(match: Match, unit: Unit) -> tuple[int, Mapping[str, str], Mapping[str, str], CostModel]:
    """(points left, stops, blocks, cost table with the markers' extras) of a unit now, asked
    once per unit and state: the full-allowance test runs for every candidate move."""
    key = ("pgg-reach", unit.id)
    found = match.scratch.get(key)
    if found is None:
        costs = kmove.with_extras(match, unit, kmove.cost_table(match, unit))
        left = kmove.allowance(match, unit) - kmove.spent(match, unit)
        found = (left, kmove.stops(match, unit), kmove.blocked(match, unit), costs)
        match.scratch[key] = found
    return found


def goes_on(match: Match, unit: Unit, path: list[str], cost: int) -> str | None:
    """A hex the unit could still enter after moving along ``path`` for ``cost`` (PGG 5.23: it
    must spend its full allowance), or None when it has moved as far as it can: too few points
    left for any permitted step (not west, not into a hex already entered, not enemy-held), or
    it stopped in an enemy ZOC."""
    budget, stops, block, costs = _reach(match, unit)
    dest = path[-1]
    left = budget - cost
    graph = match.topology.graph()
    i = graph.index.get(dest)
    if i is None or left <= 0 or dest in stops:
        return None
    row = costs[i]
    ids = graph.ids
    for k, j in enumerate(graph.adj[i]):
        c = row[k]
        if c is not None and c <= left and ids[j] not in block and ids[j] not in path:
            return ids[j]
    return None


def _bound_problem(match: Match, unit: Unit, path: list[str], cost: int | None) -> str | None:
    """Why a 13th/20th Army unit may not make this move on Game-Turn 1 (PGG 5.23). ``cost`` is
    given for a path of the unit's own search tree, which never repeats a hex nor goes west."""
    if cost is None:
        if len(set(path)) != len(path):
            return f"{unit.id} may not enter any hex more than once on Game-Turn 1 (PGG 5.23)"
        if any(westward(match, a, b) for a, b in zip(path, path[1:], strict=False)):
            return f"{unit.id}: {WEST}"
    if path[-1] in west_rows(match):
        return f"{unit.id} may not end Game-Turn 1 movement in hexrows 01-02 (PGG 5.23)"
    if cost is None:
        cost, why = kmove.path_cost(match, unit, path)
        if why or cost is None:
            return None  # the movement mechanic explains it
    further = goes_on(match, unit, path, cost)
    if further is not None:
        left = (_reach(match, unit)[0] - cost) / kmove.scale(match)
        return (
            f"{unit.id} must spend its full movement allowance on Game-Turn 1 (PGG 5.23): "
            f"{left:g} MP left at {path[-1]} and it can still enter {further}"
        )
    return None


def _tree_cost(match: Match, unit: Unit, path: list[str]) -> int | None:
    """The cost of ``path`` read off the unit's cached tree when it is the tree's path."""
    hit = kmove.tree(match, unit).get(path[-1])
    return hit[0] if hit is not None and hit[1] == path else None


def must_still_move(match: Match, unit: Unit) -> bool:
    """A 13th/20th Army unit that has not moved and has a move spending its full allowance
    among its legal moves (PGG 5.23); one that cannot move so does not hold up the phase."""
    if not bound(match, unit) or unit.loc is None or is_box(unit.loc) or kmove.done(match, unit):
        return False
    key = ("pgg-must-move", unit.id)
    found = match.scratch.get(key)
    if found is None:
        found = False
        if kmove.spent(match, unit) == 0:
            for dest, (cost, path) in sorted(kmove.tree(match, unit).items()):
                if dest != unit.loc and _bound_problem(match, unit, path, cost) is None:
                    found = True
                    break
        match.scratch[key] = found
    return bool(found)


# ------------------------------------------------------------------ rail movement (PGG 6.3)


def rail_weight(match: Match, unit: Unit) -> int:
    """What a unit counts against the eight (PGG 6.31): Leaders none, armored divisions three
    (the strategic-movement settings' weights)."""
    return strategic.weight(match, unit)


def rail_used(match: Match) -> int:
    """Combat units moved by rail this Game-Turn (PGG 6.31)."""
    return strategic.used(match, SOVIET)


def rail_units(match: Match) -> int:
    """Combat units that may move by rail a Game-Turn (PGG 6.31: eight)."""
    return int(strategic.settings(match).capacity or 0)


def _repaired_now(match: Match) -> list[str]:
    """Hexes whose cut was removed this Game-Turn: no rail through them until the next one
    (PGG 6.37)."""
    return sorted(
        loc for loc, turn in match.state.ns(NS).get(VAR_REPAIRED, {}).items() if turn == match.turn
    )


def rail_blocked(match: Match) -> dict[str, str]:
    """Hexes no Soviet unit may enter by rail now, with the reason (cached for this state): the
    closed hexrows, repaired and cut lines here, enemy ZOCs and units by the mechanic."""
    found = match.scratch.get("pgg-rail-blocked")
    if found is None:
        own: dict[str, str] = {}
        if FIRST_TURN <= match.turn <= LAST_CLOSED_TURN:
            own.update(dict.fromkeys(sorted(west_rows(match)), CLOSED))
        for loc in _repaired_now(match):
            own[loc] = (
                f"the rail line at {loc} was repaired this turn: rail movement through "
                "it resumes next turn (PGG 6.37)"
            )
        for loc in markers_of(match, RAIL_CUT):
            own[loc] = f"{loc} holds a Rail Cut marker (PGG 6.37)"
        found = strategic.blocked(match, SOVIET, own)
        match.scratch["pgg-rail-blocked"] = found
    return found


def rail_step(match: Match, loc: str) -> int:
    """Rail hexes it costs to enter ``loc``: four under an Air Interdiction marker (13.31)."""
    return RAIL_INTERDICTED if loc in markers_of(match, AIR) else 1


def _interdicted(match: Match) -> dict[str, int]:
    """PGG 13.31: each rail hex under an Air Interdiction marker costs four to enter."""
    return dict.fromkeys(markers_of(match, AIR), RAIL_INTERDICTED)


def _rail_context(match: Match) -> tuple[object, ...]:
    """What rail trees depend on: the phase, the markers, German units and repairs."""
    found = match.scratch.get("pgg-rail-context")
    if found is None:
        enemy = tuple(
            (u.id, u.loc, tuple(sorted(u.flags)))
            for u in match.state.units.values()
            if u.side != SOVIET and u.loc is not None
        )
        markers = tuple(sorted((k, str(sorted(m.items()))) for k, m in match.state.markers.items()))
        found = (kmove.phase_key(match), enemy, markers, tuple(_repaired_now(match)))
        match.scratch["pgg-rail-context"] = found
    return found


def rail_tree(
    match: Match, start: str, entries: Iterable[str] = ()
) -> dict[str, tuple[int, list[str]]]:
    """Where a unit in ``start`` can go by rail now: destination -> (rail hexes spent, one
    shortest path), the strategic-movement search along rail hexsides (PGG 6.32-6.33). A unit in
    an off-map box enters through one of ``entries`` that is a rail hex, counting it as the first
    rail hex (PGG 6.32). Cached per start while the context holds."""
    entries = tuple(entries)
    trees: RailTrees | None = match.cache.get("pgg-rail-trees")
    context = _rail_context(match)
    if trees is None or trees[0] != context:
        trees = (context, {})
        match.cache["pgg-rail-trees"] = trees
    key = (start, entries)
    found = trees[1].get(key)
    if found is None:
        found = strategic.search(
            match,
            SOVIET,
            start,
            blocked_at=rail_blocked(match),
            enter_cost=_interdicted(match),
            entries=entries,
        )
        trees[1][key] = found
    return found


def rail_problem(match: Match, unit: Unit) -> str | None:
    """Why the unit may not move by rail at all now, with the rule."""
    if unit.side != SOVIET:
        return f"{unit.id}: only Soviet units move by rail (PGG 6.31, 6.36)"
    if unit.loc is None:
        return f"{unit.id} is not in play"
    if kmove.done(match, unit) or kmove.spent(match, unit) or overrun.overruns(match, unit):
        return (
            f"{unit.id} has already moved this phase: a unit moves by rail or normally in a "
            "phase, not both (PGG 6.32)"
        )
    if DISRUPTED in unit.markers:
        return f"{unit.id} is disrupted and may not move (PGG 6.62)"
    if bound(match, unit):
        return f"{unit.id}: the 13th and 20th Armies may not use rail on Game-Turn 1 (PGG 5.23)"
    if frozen(match, unit):
        return (
            f"{unit.id}: the {unit.flags.get('setup')} Army stands in place on Game-Turn 1 "
            "(PGG 5.21)"
        )
    if is_box(unit.loc):
        if not set(unit.flags.get("entry", ())) & rail_hexes(match):
            return f"{unit.id} does not enter on a railroad hex (PGG 6.32)"
        return None
    if unit.loc not in rail_hexes(match):
        return f"{unit.id} did not start the phase on a railroad hex (PGG 6.32)"
    locked = match.hook.wargame_move_locked(match=match, unit=unit)
    if locked:
        return f"{unit.id} may not move: {locked}"
    return None


def unit_rail_tree(match: Match, unit: Unit) -> dict[str, tuple[int, list[str]]]:
    assert unit.loc is not None
    entries = unit.flags.get("entry", ()) if is_box(unit.loc) else ()
    return rail_tree(match, unit.loc, entries)


def rail_path_problem(match: Match, unit: Unit, path: list[str]) -> str | None:
    """Why the unit may not go by rail along ``path`` (its location first), or None: along rail
    hexsides (6.32), 30 rail hexes at most (6.33), four for an interdicted one (13.31)."""
    return strategic.path_problem(
        match, unit, path, blocked_at=rail_blocked(match), enter_cost=_interdicted(match)
    )


class Rail(Verb):
    """``rail UNIT[,UNIT...] FROM TO [TO...]``: Soviet rail movement (PGG 6.31-6.34)."""

    name = "rail"
    kinds = ("movement",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        """The units that may go by rail now, by location (one search each, on demand)."""
        if decision.side != SOVIET:
            return []
        key = ("pgg-rail-actors", decision.turn, decision.phase)
        found = match.scratch.get(key)
        if found is None:
            left = strategic.left(match, SOVIET)
            units = sorted(kmove.movers(match, decision), key=lambda u: (u.loc or "", u.id))
            found = match.scratch[key] = [
                unit.id
                for unit in units
                if rail_weight(match, unit) <= left and rail_problem(match, unit) is None
            ]
        return list(found)

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if unit is None or actor not in self.actors(match, decision):
            return []
        reach = unit_rail_tree(match, unit)
        return [Action("rail", (unit.id, *reach[dest][1])) for dest in sorted(reach)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) < 3:
            return "usage: rail UNIT[,UNIT...] FROM TO [TO...]"
        if decision.side != SOVIET:
            return "only the Soviet player moves by rail (PGG 6.31, 6.36)"
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        not_mover = kmove.not_mover(match, decision)
        units, why = kmove.listed_units(
            match, decision, ids, path[0], lambda u: rail_problem(match, u) or not_mover(u)
        )
        if why:
            return why
        why = strategic.capacity_problem(match, SOVIET, units)
        if why:
            return why
        for unit in units:
            why = rail_path_problem(match, unit, path)
            if why:
                return why
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids, path = action.args[0].split(","), list(action.args[1:])
        units = [match.state.units[uid] for uid in ids]
        key = kmove.phase_key(match)
        strategic.spend(match, SOVIET, units, path[-1])
        for unit in units:
            unit.flags["moved"] = key
            unit.flags["rail"] = key
            unit.flags.pop("entry", None)
            match.place(unit, path[-1])
        match.emit(
            "move",
            f"{', '.join(ids)} move by rail {' '.join(path)}",
            "PGG 6.3",
            units=ids,
            path=path,
            rail=True,
        )
        match.hook.wargame_moved(match=match, units=units, path=path)


# ------------------------------------------------------------------ rail cuts (PGG 6.37)


def entered_rail(match: Match) -> list[str]:
    """Rail hexes German units have entered by movement in the current phase."""
    record = match.state.ns(NS).get(VAR_ENTERED)
    if not record or record[0] != kmove.phase_key(match):
        return []
    return list(record[1])


def _cut_limit(match: Match) -> int:
    spec = match.counters_doc.get("markers", {}).get(RAIL_CUT, {})
    return int(spec.get("count", RAIL_CUTS))


class Cut(Verb):
    """``cut HEX``: a German unit that entered the rail hex this phase cuts the line there
    (PGG 6.37)."""

    name = "cut"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != GERMAN:
            return []
        cuts = markers_of(match, RAIL_CUT)
        if len(cuts) >= _cut_limit(match):
            return []
        return [Action("cut", (loc,)) for loc in entered_rail(match) if loc not in cuts]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: cut HEX"
        loc = action.args[0]
        if decision.side != GERMAN:
            return "only German units cut rail lines (PGG 6.37)"
        if loc not in rail_hexes(match):
            return f"{loc} is not a railroad hex (PGG 6.37)"
        if loc in markers_of(match, RAIL_CUT):
            return f"{loc} is already cut"
        if loc not in entered_rail(match):
            return f"no German unit has moved through {loc} this phase (PGG 6.37)"
        limit = _cut_limit(match)
        if len(markers_of(match, RAIL_CUT)) >= limit:
            return f"all {limit} Rail Cut markers are on the map (PGG 6.37)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        match.state.markers[marker_id(RAIL_CUT, loc)] = {
            "type": RAIL_CUT,
            "loc": loc,
            "side": GERMAN,
            "turn": match.turn,
            "phase": kmove.phase_key(match),
        }
        match.touch()
        match.emit(
            "marker",
            f"German units cut the railroad at {loc}",
            "PGG 6.37",
            marker=RAIL_CUT,
            loc=loc,
        )


def _earlier_cuts(match: Match) -> dict[str, str]:
    """Rail cuts placed before this phase: the ones a German unit may take up (PGG 6.37)."""
    key = kmove.phase_key(match)
    markers = match.state.markers
    return {
        loc: mid
        for loc, mid in markers_of(match, RAIL_CUT).items()
        if markers[mid].get("phase") != key
    }


class Uncut(Verb):
    """``uncut HEX``: a German unit moving over one of his earlier cuts takes the marker back
    for new cuts (PGG 6.37)."""

    name = "uncut"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != GERMAN:
            return []
        cuts = _earlier_cuts(match)
        return [Action("uncut", (loc,)) for loc in entered_rail(match) if loc in cuts]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: uncut HEX"
        loc = action.args[0]
        if decision.side != GERMAN:
            return "only the German player takes up Rail Cut markers (PGG 6.37)"
        if loc not in markers_of(match, RAIL_CUT):
            return f"{loc} holds no Rail Cut marker"
        if loc not in _earlier_cuts(match):
            return (
                f"the cut at {loc} was made this phase: only earlier cuts are taken up (PGG 6.37)"
            )
        if loc not in entered_rail(match):
            return f"no German unit has moved over the cut at {loc} this phase (PGG 6.37)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        match.state.markers.pop(markers_of(match, RAIL_CUT)[loc])
        match.touch()
        match.emit(
            "marker",
            f"German units take up the Rail Cut marker at {loc}",
            "PGG 6.37",
            marker=RAIL_CUT,
            loc=loc,
            removed=True,
        )


def _moving(match: Match, units: list[Unit]) -> bool:
    """Whether a hook call reports movement in the units' own movement phase (not a retreat or
    an advance after combat, PGG 6.24)."""
    if not units or not in_movement_phase(match, units[0].side):
        return False
    key = kmove.phase_key(match)
    return not any(u.flags.get("retreated") == key or u.flags.get("advanced") == key for u in units)


# ------------------------------------------------------------------ hooks


@on_phase("start", kinds=("movement",))
def soviet_movement_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing != SOVIET:
        return
    repaired = match.state.ns(NS).get(VAR_REPAIRED)
    if repaired:
        match.state.ns(NS)[VAR_REPAIRED] = {
            loc: t for loc, t in sorted(repaired.items()) if t >= match.turn
        }
    if match.turn == FIRST_TURN and VAR_ROLLS not in match.state.vars:
        rolls: dict[str, int] = {}
        for army in ROLLED_ARMIES:
            rolls[army] = match.roll("1d6", f"may the {army} Army move on Game-Turn 1?", "PGG 5.21")
        match.state.vars[VAR_ROLLS] = rolls
        match.state.vars[VAR_FROZEN] = [a for a in ROLLED_ARMIES if rolls[a] not in FREE_ROLLS]
        for army in ROLLED_ARMIES:
            moves = rolls[army] in FREE_ROLLS
            match.emit(
                "first-turn",
                f"the {army} Army "
                + ("may move" if moves else "stands in place")
                + " on Game-Turn 1",
                "PGG 5.21",
                army=army,
                roll=rolls[army],
                moves=moves,
            )


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    """A disrupted unit may not move until its owner's Disruption Removal Phase (PGG 6.62,
    6.63)."""
    if DISRUPTED in unit.markers:
        return "it is disrupted (PGG 6.62)"
    return None


@hookimpl
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    """The 13th and 20th Armies never move west on Game-Turn 1: their own cost table."""
    if bound(match, unit):
        return (unit.side, match.unit_type(unit)["mobility"], "PGG 5.23")
    return None


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    if bound(match, unit) and westward(match, a, b):
        return math.inf
    return None


@hookimpl
def wargame_move_prohibited(match: Match, unit: Unit, a: str, b: str) -> str | None:
    if bound(match, unit) and westward(match, a, b):
        return WEST
    return None


@hookimpl
def wargame_move_blocked(match: Match, unit: Unit) -> Mapping[str, str]:
    if (
        unit.side == SOVIET
        and not bound(match, unit)
        and (FIRST_TURN <= match.turn <= LAST_CLOSED_TURN)
    ):
        return dict.fromkeys(sorted(west_rows(match)), CLOSED)
    return {}


@hookimpl
def wargame_move_extra(match: Match, unit: Unit) -> Mapping[str, float]:
    """+1 MP to enter a hex under an Air Interdiction marker for Soviet units (PGG 13.31-13.32),
    under the Soviet Interdiction marker for German units (PGG 13.43)."""
    kind = AIR if unit.side == SOVIET else SOVIET_MARKER
    return dict.fromkeys(markers_of(match, kind), 1.0)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """German units record the rail hexes they enter (for ``cut``/``uncut``); Soviet combat
    units moving normally remove the cuts they enter (PGG 6.37)."""
    if not _moving(match, units):
        return
    rails = rail_hexes(match)
    entered = [loc for loc in path[1:] if loc in rails]
    if not entered:
        return
    side = units[0].side
    key = kmove.phase_key(match)
    if side == GERMAN:
        before = entered_rail(match)
        match.state.ns(NS)[VAR_ENTERED] = [key, sorted(set(before) | set(entered))]
        return
    if any(u.flags.get("rail") == key for u in units):
        return
    if all(is_leader(match, u) for u in units):
        return  # Leaders are not combat units (PGG 6.31, 6.37)
    cuts = markers_of(match, RAIL_CUT)
    if not set(entered) & set(cuts):
        return
    for loc in entered:
        if loc in cuts:
            match.state.markers.pop(cuts[loc])
            match.state.ns(NS).setdefault(VAR_REPAIRED, {})[loc] = match.turn
            match.emit(
                "marker",
                f"Soviet units repair the railroad at {loc}: rail movement "
                "through it resumes next turn",
                "PGG 6.37",
                marker=RAIL_CUT,
                loc=loc,
                removed=True,
            )
    match.touch()


def _veto_concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    """Soviet overruns (PGG 6.4, 5.21); Soviet moves on Game-Turn 1 of a frozen or bound
    unit (PGG 5.21, 5.23)."""
    if decision.side != SOVIET:
        return False
    if verb == "overrun":
        return True
    if match.turn != FIRST_TURN:
        return False
    units = [match.state.units.get(uid) for uid in actor.split(",")]
    return any(u is not None and (frozen(match, u) or bound(match, u)) for u in units)


@hookimpl
@veto_scope(verbs=("move", "overrun"), kinds=("movement",), concerns=_veto_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if decision.kind != "movement" or decision.side != SOVIET:
        return None
    units = match.state.units
    if action.verb == "overrun":
        args = action.args
        if len(args) < 5:
            return None
        if restricted_hexrow(match, args[0]):
            return "no overrun into hexrows 01-02 before Game-Turn 7 (PGG 6.4)"
        if match.turn == FIRST_TURN:
            for uid in args[2].split(","):
                unit = units.get(uid)
                if unit is not None and frozen(match, unit):
                    return (
                        f"{uid}: the {unit.flags.get('setup')} Army stands in place on "
                        "Game-Turn 1 (PGG 5.21)"
                    )
        return None
    if action.verb != "move" or match.turn != FIRST_TURN or len(action.args) < 3:
        return None
    path = list(action.args[1:])
    moving = action.args[0].split(",")
    for uid in moving:
        unit = units.get(uid)
        if unit is None or unit.loc != path[0]:
            continue
        if frozen(match, unit):
            why = _frozen_problem(match, unit, moving, path)
        elif bound(match, unit):
            why = _bound_problem(match, unit, path, _tree_cost(match, unit, path))
        else:
            continue
        if why:
            return why
    return None


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if (
        match.turn != FIRST_TURN
        or decision.side != SOVIET
        or decision.kind != "movement"
        or not decision.context.get("end")
    ):
        return []
    owing = [
        u.id
        for u in sorted(match.units_of(SOVIET), key=lambda u: u.id)
        if must_still_move(match, u)
    ]
    if not owing:
        return []
    return [
        "13th and 20th Army units must spend their full movement allowance on Game-Turn 1 "
        f"(PGG 5.23): {', '.join(owing)} still to move"
    ]


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Rail(), Cut(), Uncut()]
