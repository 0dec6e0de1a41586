"""Retreat and advance after combat.

Retreat: the units of one side in one location move exactly ``n`` locations, each farther from
where they started, never into enemy units or terrain they could not move through, never into an
enemy ZOC unless a friendly unit is there (PGG 9.71), preferring vacant locations (PGG 9.73).
Who picks the path is a setting: the owner, or the enemy (PGG 9.72). Units with no legal path are
eliminated. ``retreat UNIT[,UNIT] FROM HEX [HEX...]``. When not all the retreating units fit
under the stacking limit into or through the path (PGG 9.73), their owner picks which are
eliminated, one ``eliminate UNIT`` at a time (a ``retreat-overflow`` decision), and the rest go.

Advance: when a battle leaves the loser's location empty, the winner's surviving units still in
their original locations may advance into it, and (settings) onward along the path of retreat
(PGG 9.84) or, when every defender was eliminated, into one more empty location (PGG 9.86).
``advance UNIT[,UNIT] HEX [HEX]`` or ``stay``. Advancing units may not attack or be attacked
again this phase (PGG 9.85).

Settings (``mechanic_options.retreat``): ``chooser`` ("owner" | "enemy"), ``zoc`` ("blocks" |
"friendly-negates" | "ignored"), ``prefer_vacant``, ``advance`` (bool), ``advance_hexes`` (default
1), ``along_retreat`` (bool), ``after_elimination`` (hexes after an elimination), ``defender_advances``
(PGG 9.87), ``overrun_advances`` (PGG 9.88: false), ``rule`` (cited when units are eliminated),
``split`` (PMD 13.8: the owner may send each unit, or a sub-stack of his choosing, on its own
path, ``retreat UNIT[,UNIT] FROM HEX`` until all are gone; none is eliminated for the stacking
limit then, the title's stacking check enforcing it later).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import BotHints, hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.mechanics import movement
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def settings(match: Match) -> dict[str, Any]:
    return match.settings("retreat")


def _passable(match: Match, unit: Unit, a: str, b: str) -> bool:
    graph = match.topology.graph()
    i, j = graph.index.get(a), graph.index.get(b)
    if i is None or j is None:
        return False
    row = movement.cost_table(match, unit)[i]
    return row[graph.adj[i].index(j)] is not None


def paths(match: Match, units: list[Unit], start: str, n: int) -> list[list[str]]:
    """Every legal retreat path of exactly ``n`` locations, best (vacant end) first."""
    topo = match.topology
    side = units[0].side
    zoc_rule = settings(match).get("zoc", "friendly-negates")
    zoc = movement.stops(match, units[0]) if zoc_rule != "ignored" else {}
    found: list[list[str]] = []

    def ok(loc: str) -> bool:
        holder = match.side_at(loc)
        if loc.startswith("box:") or any(u.side != side for u in match.units_at(loc)):
            return False
        if loc in zoc:
            return zoc_rule == "friendly-negates" and holder == side
        return True

    def walk(path: list[str]) -> None:
        here = path[-1]
        if len(path) == n + 1:
            found.append(path[1:])
            return
        for nxt in topo.neighbours(here):
            if nxt in path or topo.distance(start, nxt) != len(path):
                continue
            if ok(nxt) and all(_passable(match, u, here, nxt) for u in units):
                walk([*path, nxt])

    walk([start])
    answers = match.hook.wargame_retreat_paths(match=match, units=units, start=start, paths=found)
    if answers:  # every rule's filter applies (None answers are dropped by the hook)
        found = [list(p) for p in answers[0] if all(p in other for other in answers[1:])]
    if settings(match).get("prefer_vacant", True):
        vacant = [p for p in found if not match.units_at(p[-1])]
        if vacant:
            return vacant
    return found


def _room(match: Match, units: list[Unit], path: list[str]) -> tuple[float, int | None]:
    """The stacking weight and count of units the retreating units may still bring into and
    through every location of the path (PGG 9.73)."""
    from wargame.mechanics import stacking

    side = units[0].side
    limit = stacking.limit(match, side)
    cap_units = match.settings("stacking").get("max_units")
    room, count_room = limit, cap_units
    moving = {u.id for u in units}
    for loc in path:
        staying = [i for i in match.occupied().get(loc, []) if i not in moving]
        room = min(room, limit - stacking.weight(match, staying))
        if cap_units is not None:
            count_room = min(count_room, cap_units - len(staying))
    return room, count_room


def _fits(match: Match, units: list[Unit], room: float, count_room: int | None) -> bool:
    from wargame.mechanics import stacking

    return stacking.weight(match, [u.id for u in units]) <= room and (
        count_room is None or len(units) <= count_room
    )


def excess(match: Match, units: list[Unit], path: list[str]) -> int:
    """How many of the retreating units must be eliminated for the rest to fit into and
    through the path (PGG 9.73); 0 when the title uses no stacking limit."""
    if "stacking" not in match.title.manifest.mechanics or not units or not path:
        return 0
    room, count_room = _room(match, units, path)
    for n in range(len(units) + 1):
        if any(
            _fits(match, [u for u in units if u not in gone], room, count_room)
            for gone in itertools.combinations(units, n)
        ):
            return n
    return len(units)


def overflow_choices(match: Match, units: list[Unit], path: list[str]) -> list[Unit]:
    """The retreating units whose elimination brings the rest nearer to fitting: the owner's
    choices when not all fit (PGG 9.73)."""
    need = excess(match, units, path)
    if need == 0:
        return []
    return [u for u in units if excess(match, [v for v in units if v is not u], path) == need - 1]


def over_the_limit(match: Match, units: list[Unit], path: list[str]) -> list[Unit]:
    """Retreating units that would not fit under the stacking limit in some location of the path
    ("into or through", PGG 9.73), the weakest first: what a bot weighing a path reckons to
    lose. In play the owner chooses them (``eliminate``). Empty when the title uses no stacking
    limit."""
    if "stacking" not in match.title.manifest.mechanics:
        return []
    from wargame.mechanics import stacking

    room, count_room = _room(match, units, path)
    keep = sorted(
        units, key=lambda u: -sum(match.unit_values(u).get(k, 0) for k in ("attack", "defense"))
    )
    out: list[Unit] = []
    weight = 0.0
    kept = 0
    for unit in keep:
        w = stacking.weight(match, [unit.id])
        if weight + w > room or (count_room is not None and kept + 1 > count_room):
            out.append(unit)
        else:
            weight += w
            kept += 1
    return out


def ask(match: Match, battle: Battle, who: str, units: list[Unit], n: int) -> None:
    """Have each location's group retreat ``n``; the chooser picks the path."""
    owner = units[0].side
    chooser = match.enemy(owner) if settings(match).get("chooser") == "enemy" else owner
    groups: dict[str, list[Unit]] = {}
    for unit in units:
        assert unit.loc is not None
        groups.setdefault(unit.loc, []).append(unit)
    for loc in sorted(groups, reverse=True):
        # Only units with no path of their own die (a static garrison does not doom its stack);
        # the rest retreat together when they share a path, else one by one.
        for unit in [u for u in groups[loc] if not paths(match, [u], loc, n)]:
            match.eliminate(unit, f"no legal retreat from {loc}", settings(match).get("rule"))
        group = [u for u in groups[loc] if u.loc is not None]
        if group and settings(match).get("split"):
            _push(match, chooser, battle.id, who, group, loc, n, split=True)
            continue
        for part in [group] if group and paths(match, group, loc, n) else [[u] for u in group]:
            _push(match, chooser, battle.id, who, part, loc, n)


def _push(
    match: Match,
    chooser: str,
    battle: str,
    who: str,
    units: list[Unit],
    loc: str,
    n: int,
    split: bool = False,
) -> None:
    match.push(
        chooser,
        "retreat",
        f"retreat {', '.join(u.id for u in units)} {n} from {loc}"
        + (" (together or each on its own path)" if split and len(units) > 1 else ""),
        battle=battle,
        who=who,
        units=[u.id for u in units],
        start=loc,
        n=n,
        **({"split": True} if split else {}),
    )


class Retreat(Verb):
    name = "retreat"
    kinds = ("retreat",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        ctx = decision.context
        units = [match.state.units[i] for i in ctx["units"]]
        found = paths(match, units, ctx["start"], ctx["n"])
        for path in found:
            yield Action("retreat", (",".join(ctx["units"]), ctx["start"], *path))
        alone = False
        if ctx.get("split") and len(units) > 1:  # each unit on its own path (PMD 13.8)
            for unit in units:
                for path in paths(match, [unit], ctx["start"], ctx["n"]):
                    alone = True
                    yield Action("retreat", (unit.id, ctx["start"], *path))
        if not found and not alone:  # another group's retreat closed the way: eliminated
            yield Action("retreat", (",".join(ctx["units"]), ctx["start"]))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        ctx = decision.context
        if not ctx.get("split") or len(action.args) < 3:
            return super().check(match, decision, action)
        ids = str(action.args[0]).split(",")
        if len(set(ids)) != len(ids) or not set(ids) <= set(ctx["units"]):
            return f"only {', '.join(ctx['units'])} retreat from {ctx['start']} now"
        if action.args[1] != ctx["start"]:
            return f"the retreat starts from {ctx['start']}"
        part = [match.state.units[i] for i in ids]
        if list(action.args[2:]) not in paths(match, part, ctx["start"], ctx["n"]):
            return f"{','.join(ids)} may not retreat along {' '.join(action.args[2:])}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        ctx = match.pop()["context"]
        path = list(action.args[2:])
        if not path:
            for uid in ctx["units"]:
                match.eliminate(
                    match.state.units[uid],
                    f"no legal retreat from {ctx['start']}",
                    settings(match).get("rule"),
                )
            combat.proceed(match)
            return
        if ctx.get("split"):
            # PMD 13.8: this part goes; the rest are asked again; stacking is checked later
            moving = str(action.args[0]).split(",")
            rest = [match.state.units[i] for i in ctx["units"] if i not in moving]
            if rest:
                _push(
                    match,
                    decision.side,
                    ctx["battle"],
                    ctx["who"],
                    rest,
                    ctx["start"],
                    ctx["n"],
                    split=True,
                )
            carry_out(match, moving, ctx["start"], path)
            return
        units = [match.state.units[i] for i in ctx["units"]]
        if excess(match, units, path):
            ask_overflow(match, units, ctx["start"], path)
            return
        carry_out(match, ctx["units"], ctx["start"], path)


def ask_overflow(match: Match, units: list[Unit], start: str, path: list[str]) -> None:
    """Not all the retreating units fit into or through the path: their owner chooses which
    are eliminated, one ``eliminate UNIT`` at a time (PGG 9.73)."""
    need = excess(match, units, path)
    rule = match.settings("stacking").get("rule")
    match.push(
        units[0].side,
        "retreat-overflow",
        f"{need} of {', '.join(u.id for u in units)} do not fit retreating through "
        f"{' '.join(path)}" + (f" ({rule})" if rule else "") + ": eliminate one",
        units=[u.id for u in units],
        start=start,
        path=path,
    )


class Eliminate(Verb):
    """``eliminate UNIT``: the owner picks a retreating unit that does not fit (PGG 9.73)."""

    name = "eliminate"
    kinds = ("retreat-overflow",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        ctx = decision.context
        units = [match.state.units[i] for i in ctx["units"]]
        for unit in overflow_choices(match, units, ctx["path"]):
            yield Action("eliminate", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: eliminate UNIT"
        ctx = decision.context
        units = [match.state.units[i] for i in ctx["units"]]
        if action.args[0] not in {u.id for u in overflow_choices(match, units, ctx["path"])}:
            rule = match.settings("stacking").get("rule") or "the stacking limit"
            return (
                f"{action.args[0]} is not one of the retreating units whose loss makes room "
                f"({', '.join(ctx['units'])}; {rule})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ctx = match.pop()["context"]
        path = list(ctx["path"])
        match.eliminate(
            match.state.units[action.args[0]],
            f"no room to retreat into or through {' '.join(path)}",
            match.settings("stacking").get("rule"),
        )
        left = [match.state.units[i] for i in ctx["units"] if match.state.units[i].loc]
        if excess(match, left, path):
            ask_overflow(match, left, ctx["start"], path)
            return
        carry_out(match, ctx["units"], ctx["start"], path)


def carry_out(match: Match, ids: list[str], start: str, path: list[str]) -> None:
    """Move the retreating units still in play along the path and go on with the battle."""
    from wargame.mechanics import combat

    key = phase_key(match)
    for uid in ids:
        unit = match.state.units[uid]
        if unit.loc is None:
            continue
        match.place(unit, path[-1])
        unit.flags["retreated"] = key
    match.emit(
        "retreat",
        f"{','.join(ids)} retreat {start} {' '.join(path)}",
        units=ids,
        path=[start, *path],
    )
    match.hook.wargame_moved(
        match=match, units=[match.state.units[i] for i in ids], path=[start, *path]
    )  # flags["retreated"] tells it apart
    battle = combat.active(match)
    if battle is not None:
        battle.extra.setdefault("retreat_paths", {})[start] = path
        combat.store(match, battle)
    combat.proceed(match)


def offer_advance(match: Match, battle: Battle) -> None:
    """Offer the winner an advance into the location the loser left (PGG 9.81-9.88)."""
    s = settings(match)
    if not s.get("advance", True) or (battle.kind == "overrun" and not s.get("overrun_advances")):
        return
    units = match.state.units
    targets = battle.extra.get("targets", [battle.target])
    if all(not match.units_at(t) for t in targets):
        winners = [
            units[i]
            for i in battle.attackers
            if units[i].loc is not None and units[i].loc == battle.origins.get(i)
        ]
        vacated, losers = targets[0], battle.defenders
    elif s.get("defender_advances"):
        empty = sorted({loc for loc in battle.origins.values() if not match.units_at(loc)})
        winners = [units[i] for i in battle.defenders if units[i].loc in targets]
        if not empty:
            return
        vacated, losers = empty[0], battle.attackers
    else:
        return
    if not winners:
        return
    wiped = all(units[i].loc is None for i in losers)
    routes = advance_routes(match, battle, vacated, wiped)
    match.push(
        winners[0].side,
        "advance",
        f"advance into {vacated} or stay",
        battle=battle.id,
        units=[u.id for u in winners],
        routes=routes,
    )


def advance_routes(match: Match, battle: Battle, vacated: str, wiped: bool) -> list[list[str]]:
    """The longest allowed advance paths; any prefix of one is allowed too."""
    s = settings(match)
    retreat_path = battle.extra.get("retreat_paths", {}).get(vacated)
    if wiped and s.get("after_elimination", 0) > 1:
        return [
            [vacated, n]
            for n in sorted(match.topology.neighbours(vacated))
            if not match.units_at(n) and not n.startswith("box:")
        ] or [[vacated]]
    if s.get("along_retreat") and retreat_path:
        route = [vacated]
        for loc in retreat_path[: max(s.get("advance_hexes", len(retreat_path)) - 1, 0)]:
            if match.units_at(loc):
                break  # the path went through occupied hexes: never advance into them
            route.append(loc)
        return [route]
    return [[vacated]]


class Advance(Verb):
    name = "advance"
    kinds = ("advance",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        ctx = decision.context
        groups = [ctx["units"]] + ([[u] for u in ctx["units"]] if len(ctx["units"]) > 1 else [])
        prefixes = sorted({tuple(r[:k]) for r in ctx["routes"] for k in range(1, len(r) + 1)})
        for ids in groups:
            for prefix in prefixes:
                yield Action("advance", (",".join(ids), *prefix))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        ctx = decision.context
        if len(action.args) < 2:
            return "usage: advance UNIT[,UNIT] HEX [HEX]"
        ids = action.args[0].split(",")
        if not ids or any(i not in ctx["units"] for i in ids) or len(set(ids)) != len(ids):
            return f"only {', '.join(ctx['units'])} may advance"
        path = list(action.args[1:])
        if not any(r[: len(path)] == path for r in ctx["routes"]):
            return "advance only along " + " or ".join(" ".join(r) for r in ctx["routes"])
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        match.pop()
        key = phase_key(match)
        for uid in action.args[0].split(","):
            unit = match.state.units[uid]
            start = str(unit.loc)
            match.place(unit, action.args[-1])
            unit.flags["advanced"] = key
            match.hook.wargame_moved(match=match, units=[unit], path=[start, *action.args[1:]])
        match.emit(
            "advance",
            f"{action.args[0]} advance {' '.join(action.args[1:])}",
            units=action.args[0].split(","),
            path=list(action.args[1:]),
        )
        combat.proceed(match)


class Stay(Verb):
    name = "stay"
    kinds = ("advance",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("stay")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        match.pop()
        match.emit("stay", f"{decision.side} does not advance")
        combat.proceed(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Retreat(), Advance(), Stay(), Eliminate()]


class Advice:
    """What the heuristic bot asks this mechanic (:class:`wargame.hookspecs.RetreatAdvice`)."""

    def paths(self, match: Match, units: list[Unit], start: str, n: int) -> list[list[str]]:
        return paths(match, units, start, n)

    def over_the_limit(self, match: Match, units: list[Unit], path: list[str]) -> list[Unit]:
        return over_the_limit(match, units, path)


ADVICE = Advice()


@hookimpl
def wargame_bot_hints(match: Match, side: str) -> BotHints:
    return BotHints(retreat=ADVICE)


@on_phase("start", tryfirst=True)
def sweep_phase_flags(match: Match, phase: PhaseSpec) -> None:
    """The per-phase flags of earlier turns go at each phase start (``movement.sweep``): the
    movement mechanic does it; this is for a title that fights without it."""
    if not match.pm.is_registered(movement):
        movement.sweep(match)
