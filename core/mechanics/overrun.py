"""Overrun and mobile assault: combat during movement (PGG 6.5, Barbarossa 10.23-10.34,
LWE 9.22-9.30, PMD 14.0).

``overrun TARGET with UNIT[,UNIT] via PATH...`` in a movement phase: the units move together along
PATH (their location first, the launch location adjacent to TARGET last; a lone location means
they overrun from where they stand), pay the overrun's cost in movement points and attack every
enemy unit in TARGET. The battle is a :class:`~wargame.match.Battle` of kind "overrun" resolved by
the combat mechanic (reveal, modifiers, table, losses, retreats), never followed by an advance
after combat (PGG 6.57, 9.88). When its results are all carried out this module decides what the
overrunners do next: move into the vacated target and perhaps keep moving with the points left
(PGG 6.51, Barbarossa 10.29), stop (PGG 6.52), or go back to the launch location (Barbarossa
10.28). Overrunning is a function of movement, not combat (PGG 9.14): it does not use up a unit's
attack in the combat phase.

Settings (``mechanic_options.overrun``), each optional:

- ``cost``: MP spent to overrun (PGG 6.51: 3; LWE 9.23: 6), a number or a mapping by selector as
  in the terrain chart (``"side/mobility"``, mobility, unit type, side, ``"*"``; PMD 14.3: mech 7,
  cavalry 4). Default 0.
- ``cost_vars``: a state var -> costs (as ``cost``) that the units of the side the var names pay
  instead while it names that side, where a selector matches (PMD 5.4: in a Seasonal Offensive
  week German Mech pay 6, not 7; the title sets and clears the var).
- ``target_cost``: terrain or in-hex feature of the target -> cost used instead of ``cost`` when
  present, the highest applying (Barbarossa 10.24: 2 into clear, 3 with a city or fortified line).
- ``target_cost_vars``: a state var listing locations (or mapping each side to its list) -> a
  cost counted like a ``target_cost`` entry when the target is one of them (of the overrunning
  side's, for a mapping) (Barbarossa 10.19: an East Wall counter, a fortified line placed in
  play, or an enemy printed line costs one more than clear).
- ``hexside_costs``: also pay the terrain chart's hexside costs crossed into the target (PMD 14.3:
  an unfrozen river).
- ``same_start``: every overrunner started the phase in the same location (PGG 6.54, Barbarossa
  10.27, LWE 9.26, PMD 14.2); they always move together along PATH.
- ``halve``: the attack total is halved after all modifiers, fractions dropped (PGG 6.55), through
  :mod:`wargame.mechanics.halving`; ``halve_min`` is the floor for a positive total (default 0:
  PGG 6.55 drops fractions and says nothing of a minimum).
- ``move_in`` (default true): on success the overrunners move into the vacated target at no cost
  (PGG 6.51, 6.57).
- ``continue`` (default true; or a list of sides): after a success they may go on moving with
  the MP left, chaining overruns (PGG 6.51, Barbarossa 10.29, LWE 9.28, PMD 14.7); otherwise
  their movement ends.
- ``stop_on``: results that end the overrunners' movement where they are, without moving in:
  ``"attacker-loss"`` and ``"attacker-retreat"`` (any result that makes them lose steps or
  retreat), ``"split"`` (a result for both sides), or result codes such as an Engaged code
  (PGG 6.52, 9.67).
- ``return_to_launch``: after a failure the surviving overrunners are put back in the launch
  location (Barbarossa 10.28, LWE 9.27, PMD 14.7).
- ``within_joint``: units in a location that both sides hold (PMD 13.15.3's jointly-occupied
  hex) may overrun the enemy units in it from where they stand (``overrun LOC with ... via LOC``,
  PMD 14.9), paying ``cost`` (no hexside); on a failure they stay there.
  Units a title has moved into the target during the battle (PMD 14.7: the Close Combat advance
  after a failed assault) stay there too: ``return_to_launch`` puts back only those elsewhere.
- ``continue_on_failure`` (default false; or a list of sides): after a failure they may still
  move, and overrun again, with the MP left (Barbarossa 10.28, German units). Otherwise a failure
  ends their movement (PGG 6.52). ``continue_on_failure_vars``: state vars; while one names the
  side, a failure goes on too (PMD 14.8: the Seasonal Offensive's second round; the title says
  what the units may then do).
- ``defender_marker``: a declared unit marker (:mod:`wargame.markers`, e.g. "disrupted") placed
  on defenders that survive having lost a step or retreated (PGG 6.61); the title's declaration
  says what removes it (PGG 6.63: the owner's Disruption Removal Phase);
  ``defender_marker_except``: result codes that do not place it (PGG 6.61: Engaged);
  ``marker_rule``: the rule its placing cites (default ``rule``); ``defender_marker_stack``: when
  any defender lost a step or retreated, every surviving defender gets the marker (PGG ruling
  D3: the result is the stack's).
- ``mobility`` / ``tags``: who may overrun, by unit type (Barbarossa 10.23: mechanized only;
  PMD 14.1). Units with no attack strength never may (PGG 6.53); untried ones may.
- ``max_per_phase``: overruns per unit per phase, a number or ``{side: number}`` (Barbarossa 10.24:
  Soviet 1; LWE 9.23: 1).
- ``terrain``: the target terrains that may be overrun (Barbarossa 10.25, LWE 9.24: clear).
- ``from_locked`` (default true): a unit that may not move (it stands in an enemy ZOC) may still
  overrun from where it stands (PGG 6.56, 8.13).
- ``from_boxes``: box -> the locations or regions its units may overrun from it, the box being
  the launch location (PMD 14.10: from an OKH area into its ZOMO, from an RVGK area into its
  map-edge hexes). They pay the overrun's ``cost`` only (no terrain, no hexside); a success moves
  them in (and on), a failure leaves them in the box.
- ``rule``: the rule cited in events and explanations (e.g. "PGG 6.5").

The target must be enterable from the launch location (no prohibited terrain or all-lake
hexside: Barbarossa 10.25). A movement phase may switch overruns off with the phase option
``"overrun": false``. A title adds anything else (supply at the instant of the overrun, PGG 6.59;
motorized units needing a panzer, LWE 9.22) through ``wargame_veto``, and column shifts (Barbarossa
10.32) through ``wargame_combat_shifts`` on battles of kind "overrun".
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from wargame import markers
from wargame.actions import Action, Decision
from wargame.combat import Line
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat, halving, movement
from wargame.mechanics.movement import phase_key
from wargame.movement import CostModel
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import Graph

REQUIRES = {
    "movement": "overruns are made in movement phases, with movement points",
    "combat": "an overrun is a battle the combat mechanic resolves",
}
"""Mechanics this one needs in the same title (checked at load)."""

KIND = "overrun"
"""The battle kind: the retreat mechanic gives no advance after it (``overrun_advances``)."""

USAGE = "usage: overrun TARGET with UNIT[,UNIT...] via LOCATION [LOCATION...]"


def settings(match: Match) -> dict[str, Any]:
    return match.settings("overrun")


def _cite(match: Match) -> str:
    rule = settings(match).get("rule")
    return f" ({rule})" if rule else ""


def _for_side(value: Any, side: str) -> Any:
    """A setting that may be given per side: a list of sides (true for those), a mapping side ->
    value, or one value for everyone."""
    if isinstance(value, list):
        return side in value
    if isinstance(value, Mapping):
        return value.get(side)
    return value


def _active(match: Match) -> bool:
    """Whether this match uses the mechanic (the combat hook points are process-wide)."""
    return bool(match.pm.is_registered(sys.modules[__name__]))


# ------------------------------------------------------------------ per-phase records


def _record(match: Match, unit: Unit, name: str) -> Any:
    value = unit.flags.get(name)
    return value[1] if value and value[0] == phase_key(match) else None


def start_of(match: Match, unit: Unit) -> str | None:
    """Where the unit started this phase (recorded when an overrun first moves it)."""
    return _record(match, unit, "start") or unit.loc


def overruns(match: Match, unit: Unit) -> int:
    """How many overruns the unit has made this phase."""
    return int(_record(match, unit, "overruns") or 0)


# ------------------------------------------------------------------ costs and eligibility


def _select(match: Match, unit: Unit, value: Any) -> float:
    found = _lookup(match, unit, value)
    return 0.0 if found is None else found


def _lookup(match: Match, unit: Unit, value: Any) -> float | None:
    if not isinstance(value, Mapping):
        return float(value)
    utype = match.counter(unit)["type"]
    mobility = match.unit_type(unit)["mobility"]
    for sel in (f"{unit.side}/{mobility}", mobility, utype, unit.side, "*"):
        if sel in value:
            return float(value[sel])
    return None


def _base_cost(match: Match, unit: Unit) -> float:
    """The overrun's cost before the target's and hexsides': a ``cost_vars`` entry naming the
    unit's side, else ``cost``."""
    s = settings(match)
    for var, costs in s.get("cost_vars", {}).items():
        if match.state.vars.get(var) == unit.side:
            found = _lookup(match, unit, costs)
            if found is not None:
                return found
    return _select(match, unit, s.get("cost", 0))


def cost(match: Match, unit: Unit, launch: str, target: str) -> int:
    """What overrunning ``target`` from ``launch`` costs the unit, in integer movement units."""
    s = settings(match)
    topo = match.topology
    base = _base_cost(match, unit)
    by_target = s.get("target_cost", {})
    found = [
        float(by_target[k])
        for k in (topo.terrain(target), *sorted(topo.features(target)))
        if k in by_target
    ]
    for var, value in s.get("target_cost_vars", {}).items():
        listed = match.state.vars.get(var, ())
        if isinstance(listed, dict):  # by side: the locations that cost more to that side
            listed = listed.get(unit.side, ())
        if target in listed:
            found.append(float(value))
    if found:
        base = max(found)
    if s.get("hexside_costs"):
        edge = topo.edge(launch, target)
        chart = match.title.doc("terrain").get("hexsides", {})
        for feature in sorted(edge.features if edge else ()):
            move = chart.get(feature, {}).get("move", {})
            mobility = match.unit_type(unit)["mobility"]
            for sel in (f"{unit.side}/{mobility}", mobility, unit.side, "*"):
                if sel in move:
                    base += float(move[sel] or 0)
                    break
    return int(round(base * movement.scale(match)))


def ineligible(match: Match, unit: Unit) -> str | None:
    """Why the unit may never overrun now, whatever the target (once per unit and state)."""
    key = ("overrun-ineligible", unit.id)
    found = match.scratch.get(key, "")
    if found == "":
        found = match.scratch[key] = _ineligible(match, unit)
    return found


def _ineligible(match: Match, unit: Unit) -> str | None:
    s = settings(match)
    utype = match.unit_type(unit)
    if "mobility" in s and utype["mobility"] not in s["mobility"]:
        return f"{unit.id} may not overrun: {utype['mobility']} units never do{_cite(match)}"
    if "tags" in s and not set(s["tags"]) & set(utype.get("tags", [])):
        return f"{unit.id} may not overrun: not a {' or '.join(s['tags'])} unit{_cite(match)}"
    attack = match.settings("combat").get("attack", "attack")
    if not match.is_untried(unit) and match.unit_values(unit).get(attack, 0) <= 0:
        return f"{unit.id} has no attack strength to overrun with{_cite(match)}"
    limit = _for_side(s.get("max_per_phase"), unit.side)
    if limit is not None and overruns(match, unit) >= int(limit):
        return f"{unit.id} has made its {int(limit)} overrun(s) this phase{_cite(match)}"
    return None


def box_targets(match: Match, box: str) -> frozenset[str]:
    """The locations units in ``box`` may overrun from it (``from_boxes``; none for a box not
    listed, or a location on the map)."""
    key = ("overrun-box-targets", box)
    found = match.cache.get(key)
    if found is None:
        listed = settings(match).get("from_boxes", {}).get(box, [])
        found = match.cache[key] = frozenset(match.resolve_locations(listed)) if listed else None
    return found or frozenset()


def _reach(match: Match, launch: str) -> Any:
    """The locations an overrun may be launched into from ``launch``."""
    if launch.startswith("box:"):
        return box_targets(match, launch)
    return match.topology.neighbours(launch)


def _box_mover(match: Match, decision: Decision, unit: Unit) -> bool:
    """A unit waiting in a ``from_boxes`` box that may overrun from it this phase."""
    return (
        unit.loc is not None
        and bool(box_targets(match, unit.loc))
        and movement.mover_test(match, decision, boxed=True)(unit)
    )


def _enemy_at(match: Match, loc: str, side: str) -> bool:
    return not loc.startswith("box:") and combat.holds_enemy(match, loc, side)


def target_problem(
    match: Match,
    units: list[Unit],
    launch: str,
    target: str,
    moving: list[int],
    left: list[int] | None = None,
) -> str | None:
    """Why ``units`` may not overrun ``target`` from ``launch`` after spending ``moving`` (each
    unit's cost to get there), or None. ``left``: each unit's movement units left this phase."""
    topo = match.topology
    side = units[0].side
    if target not in topo:
        return f"no location {target}"
    if not _enemy_at(match, target, side):
        return f"{target} holds no enemy units"
    inside = target == launch
    if inside and not (settings(match).get("within_joint") and combat.joint(match, target)):
        return f"{target} is not held by both sides: overrun a location next to it"
    if not inside and target not in _reach(match, launch):
        return f"{launch} is not adjacent to {target}"
    allowed = settings(match).get("terrain")
    if allowed is not None and topo.terrain(target) not in allowed:
        return f"{target} is {topo.terrain(target)}: only {', '.join(allowed)} may be overrun" + (
            _cite(match)
        )
    graph = topo.graph()
    i, j = graph.index.get(launch), graph.index.get(target)
    f = movement.scale(match)
    if left is None:
        left = [movement.allowance(match, u) - movement.spent(match, u) for u in units]
    for unit, spent, budget in zip(units, moving, left, strict=True):
        if i is not None and j is not None and not inside and j in graph.adj[i]:
            row = movement.cost_table(match, unit)[i]
            if row[graph.adj[i].index(j)] is None:
                return f"{unit.id} may not enter {target} from {launch}, so may not overrun it"
        need = spent + cost(match, unit, launch, target)
        if need > budget:
            return (
                f"{unit.id} needs {need / f:g} MP to overrun {target} from {launch}, "
                f"has {budget / f:g}{_cite(match)}"
            )
    return None


def _phase_allows(match: Match) -> bool:
    leaf = match.phase
    return bool(leaf is None or leaf.spec.options.get("overrun", True))


# ------------------------------------------------------------------ the verb


class Overrun(Verb):
    name = "overrun"
    kinds = ("movement",)

    def actor(self, action: Action) -> str:
        return action.args[2] if len(action.args) > 2 else ""  # the overrunning units

    def actors(self, match: Match, decision: Decision) -> list[str]:
        """Each unit that may overrun, then each group's whole stack, by location and start."""
        return list(_candidates(match, decision))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        cand = _candidate(match, decision, actor)
        if cand is None:
            return []
        # kept across actions, as the units' reachable sets are, while nothing they depend on
        # changes (the enemy, the markers, the phase, the units themselves)
        lists = movement.kept(match, decision.side, "overrun-lists")
        key = tuple(movement.unit_key(match, u) for u in cand)
        found = lists.get(key)
        if found is None:
            found = lists[key] = self._list(match, decision, actor, cand)
        return list(found)

    def _list(self, match: Match, decision: Decision, actor: str, cand: list[Unit]) -> list[Action]:
        side = decision.side
        near = _near_test(match, side)
        ids = actor
        left = [movement.allowance(match, u) - movement.spent(match, u) for u in cand]
        actions: list[Action] = []
        for launch, (path, moving) in sorted(_launches(match, cand, near).items()):
            for target in sorted(_reach(match, launch)):
                if _enemy_at(match, target, side) and not target_problem(
                    match, cand, launch, target, moving, left
                ):
                    actions.append(Action("overrun", (target, "with", ids, "via", *path)))
        loc = str(cand[0].loc)
        if (
            settings(match).get("within_joint")
            and combat.joint(match, loc)
            and _may_stand(match, cand)
            and not target_problem(match, cand, loc, loc, [0] * len(cand), left)
        ):
            actions.append(Action("overrun", (loc, "with", ids, "via", loc)))
        return actions

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        args = action.args
        if len(args) < 5 or args[1] != "with" or args[3] != "via":
            return USAGE
        if not _phase_allows(match):
            return "no overruns in this phase"
        target, ids, path = args[0], args[2].split(","), list(args[4:])
        not_mover = movement.not_mover(match, decision)
        units, why_not = movement.listed_units(
            match,
            decision,
            ids,
            path[0],
            lambda u: (
                f"no unit {u.id} in play"
                if u.loc is None
                else (None if _box_mover(match, decision, u) else not_mover(u))
                or ineligible(match, u)
            ),
        )
        if why_not:
            return why_not
        if settings(match).get("same_start"):
            starts = sorted({start_of(match, u) or "" for u in units})
            if len(starts) > 1:
                return (
                    "overrunning units must start the phase in the same location "
                    f"(they started in {', '.join(starts)}){_cite(match)}"
                )
        if path[0].startswith("box:") and len(path) < 2 and not box_targets(match, path[0]):
            return f"units in {path[0]} must enter the map before overrunning"
        moving: list[int] = []
        for unit in units:
            if len(path) == 1:
                locked = match.hook.wargame_move_locked(match=match, unit=unit)
                if locked and not settings(match).get("from_locked", True):
                    return f"{unit.id} may not move: {locked}"
                moving.append(0)
                continue
            spent, refused = movement.path_cost(match, unit, path)
            if refused:
                return refused
            moving.append(spent or 0)
        return target_problem(match, units, path[-1], target, moving)

    def describe(self, match: Match, action: Action) -> Battle:
        """The overrun's battle, its units moved to the launch location first (PGG 6.51)."""
        target, ids, path = action.args[0], action.args[2].split(","), list(action.args[4:])
        units = [match.state.units[uid] for uid in ids]
        if len(path) > 1:
            for unit in units:
                match.place(unit, path[-1])
            match.hook.wargame_moved(match=match, units=units, path=path)
        defenders = [u for u in match.units_at(target) if u.side != units[0].side]
        battle = combat.new_battle(match, units, defenders, target, KIND)
        battle.extra["targets"] = [target]
        battle.extra["overrun"] = {"launch": path[-1], "steps": {u.id: u.step for u in defenders}}
        return battle

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        target, ids, path = action.args[0], action.args[2].split(","), list(action.args[4:])
        units = [match.state.units[uid] for uid in ids]
        key = phase_key(match)
        launch = path[-1]
        moving = [
            0 if len(path) == 1 else movement.path_cost(match, u, path)[0] or 0 for u in units
        ]
        for unit, spent in zip(units, moving, strict=True):
            unit.flags["start"] = [key, start_of(match, unit)]
            paid = spent + cost(match, unit, launch, target)
            unit.flags["mp"] = [key, movement.spent(match, unit) + paid]
            unit.flags["overruns"] = [key, overruns(match, unit) + 1]
            if not launch.startswith("box:"):  # from a box: it keeps its entry until it is in
                unit.flags.pop("entry", None)
            if len(path) > 1:
                match.place(unit, launch)
        if len(path) > 1:
            match.emit("move", f"{', '.join(ids)} move {' '.join(path)}", units=ids, path=path)
            match.hook.wargame_moved(match=match, units=units, path=path)
        defenders = [u for u in match.units_at(target) if u.side != decision.side]
        battle = combat.new_battle(match, units, defenders, target, KIND)
        battle.extra["overrun"] = {"launch": launch, "steps": {u.id: u.step for u in defenders}}
        match.emit(
            "overrun",
            f"{', '.join(ids)} overrun {target} from {launch}",
            settings(match).get("rule"),
            units=ids,
            target=target,
            launch=launch,
        )
        combat.resolve(match, battle)


def _candidates(match: Match, decision: Decision) -> dict[str, list[Unit]]:
    """Who may overrun now, by actor ('id' or 'id,id' for a whole group), in listing order:
    each group (location, and start location under ``same_start``) its units one by one, then
    all of them. Once per state."""
    key = ("overrun-candidates", decision.side, decision.turn, decision.phase)
    found = match.scratch.get(key)
    if found is not None:
        return found
    found = {}
    if _phase_allows(match):
        s = settings(match)
        able = [u for u in movement.movers(match, decision) if ineligible(match, u) is None]
        for box in settings(match).get("from_boxes", {}):
            able += [
                u
                for u in match.units_at(box)
                if _box_mover(match, decision, u) and u not in able and ineligible(match, u) is None
            ]
        groups: dict[tuple[str, str], list[Unit]] = {}
        for unit in able:
            assert unit.loc is not None
            start = (start_of(match, unit) or "") if s.get("same_start") else ""
            groups.setdefault((unit.loc, start), []).append(unit)
        for group in sorted(groups):
            units = groups[group]
            for cand in [[u] for u in units] + ([units] if len(units) > 1 else []):
                found[",".join(u.id for u in cand)] = cand
    match.scratch[key] = found
    return found


def _candidate(match: Match, decision: Decision, actor: str) -> list[Unit] | None:
    """The units of one actor of ``_candidates`` (a unit, or its whole group), found from its
    location alone; None if it is no candidate."""
    ids = actor.split(",")
    unit = match.state.units.get(ids[0])
    if unit is None or unit.loc is None or not _phase_allows(match):
        return None
    movers = movement.stack_movers(match, decision, unit.loc)
    if box_targets(match, unit.loc):
        boxed = [u for u in match.units_at(unit.loc) if _box_mover(match, decision, u)]
        movers = movement.in_play_order(match, list({u.id: u for u in movers + boxed}.values()))
    able = [u for u in movers if ineligible(match, u) is None]
    if settings(match).get("same_start"):
        start = start_of(match, unit) or ""
        able = [u for u in able if (start_of(match, u) or "") == start]
    if unit not in able:
        return None
    if len(ids) == 1:
        return [unit]
    return able if len(able) > 1 and ids == [u.id for u in able] else None


def _near_test(match: Match, side: str) -> Any:
    """loc -> whether it is next to enemy units (where an overrun may be launched), asked of
    one unit's reachable places rather than built for the whole map."""
    units = match.state.units
    at = match.occupied()
    neighbours = match.topology.neighbours

    def near(loc: str) -> bool:
        for n in neighbours(loc):
            ids = at.get(n)
            if ids and units[ids[0]].side != side and not n.startswith("box:"):
                return True
        return False

    return near


def _may_stand(match: Match, units: list[Unit]) -> bool:
    """Whether the units may overrun from where they stand: none is locked, or ``from_locked``."""
    if settings(match).get("from_locked", True):
        return True
    return not any(match.hook.wargame_move_locked(match=match, unit=u) for u in units)


def _launches(match: Match, units: list[Unit], near: Any) -> dict[str, tuple[list[str], list[int]]]:
    """Launch locations next to enemy units: location -> (path, each unit's cost to get there).

    Legal actions list one cheapest path per launch location (the slowest unit's, as for a
    stack's move); ``check`` accepts any other legal path."""
    loc = units[0].loc
    assert loc is not None
    out: dict[str, tuple[list[str], list[int]]] = {}
    if not loc.startswith("box:") and near(loc) and _may_stand(match, units):
        out[loc] = ([loc], [0] * len(units))
    if box_targets(match, loc) and _may_stand(match, units):
        out[loc] = ([loc], [0] * len(units))  # ``from_boxes``: the box is the launch
    trees = [movement.tree(match, u) for u in units]
    common = {d for d in set(trees[0]).intersection(*trees[1:]) if near(d)}
    if len(units) == 1:
        return out | {dest: (trees[0][dest][1], [trees[0][dest][0]]) for dest in common}
    if loc.startswith("box:"):
        return out  # units enter from a box one by one
    slowest = min(range(len(units)), key=lambda n: movement.allowance(match, units[n]))
    graph = match.topology.graph()
    tables = [movement.with_extras(match, u, movement.cost_table(match, u)) for u in units]
    for dest in common:
        path = trees[slowest][dest][1]
        costs = [_along(graph, table, path) for table in tables]
        if all(c is not None for c in costs):
            out[dest] = (path, [c or 0 for c in costs])
    return out


def _along(graph: Graph, table: CostModel, path: list[str]) -> int | None:
    """A stack mate's cost along a path the slowest unit's search found (the same stops and
    blocks apply to every unit of a side; only terrain costs differ)."""
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        i, j = graph.index[a], graph.index[b]
        c = table[i][graph.adj[i].index(j)]
        if c is None:
            return None
        total += c
    return total


# ------------------------------------------------------------------ after the battle


def categories(match: Match, code: str | None) -> set[str]:
    """What a result means for ``stop_on``: its code, and attacker-loss / attacker-retreat /
    split read off the combat-tables document's meaning of the code."""
    if code is None:
        return set()
    meaning = match.title.doc("combat-tables").get("codes", {}).get(code) or {}
    attacker = meaning.get("attacker") or {}
    defender = meaning.get("defender") or {}
    found = {code}
    if any(attacker.get(k) for k in ("eliminate", "steps", "steps_or_retreat")):
        found.add("attacker-loss")
    if any(attacker.get(k) for k in ("retreat", "steps_or_retreat")):
        found.add("attacker-retreat")
    if any(attacker.values()) and any(defender.values()):
        found.add("split")
    return found


def finished(match: Match, battle: Battle) -> None:
    """Carry out what an overrun's outcome means for movement (PGG 6.51-6.52, 6.61, Barbarossa
    10.28-10.29)."""
    if not _active(match):
        return
    s = settings(match)
    units = match.state.units
    key = phase_key(match)
    launch = battle.extra.get("overrun", {}).get("launch", "")
    before = battle.extra.get("overrun", {}).get("steps", {})
    target = battle.target
    side = units[battle.attackers[0]].side if battle.attackers else ""
    survivors = [units[i] for i in battle.attackers if units[i].loc is not None]
    stopped = bool(categories(match, battle.result) & set(s.get("stop_on", ())))
    marker = s.get("defender_marker")
    if marker and battle.result not in s.get("defender_marker_except", ()):
        hurt = {
            uid
            for uid in battle.defenders
            if units[uid].step > int(before.get(uid, units[uid].step)) or units[uid].loc != target
        }
        if hurt and s.get("defender_marker_stack"):
            hurt = set(battle.defenders)
        for uid in battle.defenders:
            unit = units[uid]
            if unit.loc is not None and uid in hurt:
                markers.place(match, unit, marker, s.get("marker_rule") or s.get("rule"))
    cleared = all(u.side == side for u in match.units_at(target))
    success = cleared and not stopped and bool(survivors)
    if success and s.get("move_in", True):
        for unit in survivors:
            unit.flags.pop("entry", None)
            match.place(unit, target)
        ids = [u.id for u in survivors]
        match.emit(
            "move",
            f"{', '.join(ids)} move into {target}",
            s.get("rule"),
            units=ids,
            path=[launch, target],
        )
        match.hook.wargame_moved(match=match, units=survivors, path=[launch, target])
    if not success and launch and s.get("return_to_launch") and not _enemy_at(match, launch, side):
        for unit in survivors:
            if unit.loc not in (launch, target):
                match.place(unit, launch)
    if success:
        goes_on = bool(_for_side(s.get("continue", True), side))
    else:
        goes_on = not stopped and (
            bool(_for_side(s.get("continue_on_failure", False), side))
            or any(match.state.vars.get(v) == side for v in s.get("continue_on_failure_vars", ()))
        )
    for unit in survivors:
        if not goes_on:
            unit.flags["moved"] = key
    outcome = "succeeds" if success else ("is stopped" if stopped else "fails")
    match.emit(
        "overrun-result",
        f"{battle.id}: the overrun of {target} {outcome}"
        + ("" if goes_on or not survivors else "; the overrunning units stop"),
        s.get("rule"),
        battle=battle.id,
        success=success,
        stopped=not goes_on,
    )
    match.touch()


def final_attack(match: Match, battle: Battle, attack: Fraction) -> tuple[Fraction, list[Line]]:
    """Halve the overrun's attack total after every other adjustment (PGG 6.55)."""
    s = settings(match)
    if not _active(match) or not s.get("halve"):
        return attack, []
    halved = halving.halve_total((math.floor(attack),), lone_min=int(s.get("halve_min", 0)))
    return Fraction(halved), [
        Line(f"overrun: attack halved, fractions dropped -> {halved}", s.get("rule"))
    ]


combat.FINAL_ATTACK[KIND] = final_attack
combat.ON_FINISH[KIND] = finished


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Overrun()]
