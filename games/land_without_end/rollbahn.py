"""Rollbahnen (LWE 9.19, 10.10, 7.3): the German-side highways drawn on the map (``lines`` of kind
``rollbahn``; consecutive hexes of a line share the hexside the Rollbahn crosses, ruling M16).

- Movement rate (9.19): a German-side unit stepping from one hex of a Rollbahn to the next along
  it pays 1 MP whatever the terrain and the river it crosses (``weather.cost`` asks ``along``).
- Bonus hexes (9.19): a German-side unit that starts the Movement Phase on a Rollbahn, moves only
  along Rollbahnen and is in supply (regular or attenuated) in every hex of its move may go one
  Rollbahn hex further (non-mechanized) or two (mechanized): the verb ``rollbahn UNIT FROM ...
  TO``, a move that ends the unit's movement. Taking the bonus is the German's choice (a
  mechanized unit that takes it may not mobile-assault, 9.19: its move is over, and the overrun
  mechanic refuses a unit that has moved). Both sides of a unit may still prepared-assault.
- Both end for good at the first mud or snow (10.10; ruling E8), recorded by ``weather`` as
  ``weather_seen(match, "mud")``; Rollbahn supply goes on (7.3).
- Supply (7.3): the operative Rollbahn hexes are those joined along Rollbahnen to a west-edge end
  through German-controlled hexes free of Soviet units (``operative``); ``supply.py`` traces to
  them, after GT3 only to the nearest German-controlled Rollbahn hex (P13).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import concentration, movement
from wargame.plugins import Verb
from wargame.state import Unit

from .common import GERMAN, SOVIET, in_region, weather_seen

RULE = "LWE 9.19"
WATER = frozenset({"sea", "lake"})
BONUS = {"mech": 2}
"""9.19: bonus Rollbahn hexes by movement class (every other class: 1)."""


def lines(match: Match) -> list[list[str]]:
    return [
        list(ln["hexes"])
        for ln in match.title.doc("map").get("lines", ())
        if ln["kind"] == "rollbahn"
    ]


def graph(match: Match) -> dict[str, frozenset[str]]:
    """Rollbahn hex -> the hexes one Rollbahn step away (consecutive hexes of a line), but across
    an all-sea or all-lake hexside, which no unit crosses (9.15; ruling RB1)."""
    found = match.cache.get("lwe-rollbahn-graph")
    if found is None:
        topo = match.topology
        nbrs: dict[str, set[str]] = {}
        for line in lines(match):
            for a, b in zip(line, line[1:], strict=False):
                edge = topo.edge(a, b)
                if edge is not None and WATER & set(edge.features):
                    continue
                nbrs.setdefault(a, set()).add(b)
                nbrs.setdefault(b, set()).add(a)
        found = match.cache["lwe-rollbahn-graph"] = {h: frozenset(s) for h, s in nbrs.items()}
    return found


def on_rollbahn(match: Match, loc: str | None) -> bool:
    return loc is not None and loc in graph(match)


def along(match: Match, a: str, b: str) -> bool:
    """Whether a step from ``a`` to ``b`` follows a Rollbahn across the hexside it crosses."""
    return b in graph(match).get(a, ())


def ended(match: Match) -> bool:
    """10.10 (ruling E8): Rollbahn movement is gone from the first mud or snow."""
    return weather_seen(match, "mud")


def moves_on_it(match: Match, unit: Unit) -> bool:
    """Whether the unit moves at the Rollbahn rate now: German side, before the first M or S."""
    return unit.side == GERMAN and not ended(match)


def operative(match: Match) -> frozenset[str]:
    """7.3, E22b: the Rollbahn hexes a German supply line may follow back to the west edge: every
    hex reached along Rollbahnen from a west-edge end through German-controlled hexes with no
    Soviet unit (a branch works only while the trunk it leaves does)."""
    key = ("lwe-rollbahn-operative", match.version)
    found = match.scratch.get(key)
    if found is not None:
        return found
    units = match.state.units
    soviet = {
        loc for loc, ids in match.occupied().items() if any(units[u].side == SOVIET for u in ids)
    }
    control = match.state.control

    def works(h: str) -> bool:
        return control.get(h) == GERMAN and h not in soviet

    nbrs = graph(match)
    edge = [ln[0] for ln in lines(match) if in_region(match, ln[0], "german-source:west")]
    seen = {h for h in edge if works(h)}
    frontier = sorted(seen)
    while frontier:
        nxt = []
        for h in frontier:
            for n in sorted(nbrs.get(h, ())):
                if n not in seen and works(n):
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    found = match.scratch[key] = frozenset(seen)
    return found


# ----------------------------------------------------------------------------- bonus hexes


def bonus(match: Match, unit: Unit) -> int:
    return BONUS.get(str(match.unit_type(unit)["mobility"]), 1)


def eligible(match: Match, unit: Unit) -> str | None:
    """Why the unit may not take the Rollbahn bonus now (9.19), or None."""
    from . import supply

    if unit.side != GERMAN:
        return f"Rollbahnen have no effect on Soviet movement ({RULE})"
    if ended(match):
        return "Rollbahn movement ended with the first mud or snow (LWE 10.10)"
    if not on_rollbahn(match, unit.loc):
        return f"{unit.id} did not begin the Movement Phase on a Rollbahn hex ({RULE})"
    if movement.spent(match, unit) or movement.done(match, unit):
        return f"{unit.id} has moved this phase: the bonus is for a whole move along it ({RULE})"
    if movement.allowance(match, unit) <= 0:
        return f"{unit.id} has no movement points to spend along the Rollbahn ({RULE})"
    if supply.oos(unit) or not supply.german_supplied_at(match, unit.loc or ""):
        return f"{unit.id} is not in supply ({RULE}, LWE 7.7)"
    if concentration.restricted(match, unit):
        return f"{unit.id} has no supply concentration marker and moves at most one hex (LWE 7.6)"
    return None


def reach(match: Match, unit: Unit) -> dict[str, list[str]]:
    """Rollbahn hexes the unit reaches with its bonus and not without it: destination -> path
    (its movement factor plus the bonus, one hex a step along Rollbahnen, never into a Soviet
    unit nor a hex out of supply)."""
    from . import supply

    assert unit.loc is not None
    units = match.state.units
    enemy = {loc for loc, ids in match.occupied().items() if units[ids[0]].side != unit.side}
    mf = movement.allowance(match, unit) // movement.scale(match)
    most = mf + bonus(match, unit)
    nbrs = graph(match)
    paths = {unit.loc: [unit.loc]}
    frontier = [unit.loc]
    for _ in range(most):
        nxt = []
        for h in frontier:
            for n in sorted(nbrs.get(h, ())):
                if n in paths or n in enemy or not supply.german_supplied_at(match, n):
                    continue
                paths[n] = [*paths[h], n]
                nxt.append(n)
        frontier = nxt
    return {h: p for h, p in paths.items() if len(p) - 1 > max(mf, 0)}


class Rollbahn(Verb):
    """``rollbahn UNIT[,UNIT...] FROM ... TO``: a move along Rollbahnen with the bonus hexes."""

    name = "rollbahn"
    kinds = ("movement",)

    def actors(self, match: Match, decision: Decision) -> Iterable[str]:
        if decision.side != GERMAN or ended(match):
            return []
        return [
            u.id
            for u in movement.movers(match, decision)
            if on_rollbahn(match, u.loc) and eligible(match, u) is None
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        if unit is None or actor not in set(self.actors(match, decision)):
            return []
        found = reach(match, unit)
        return [Action(self.name, (actor, *found[dest])) for dest in sorted(found)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        from . import supply

        if len(action.args) < 3:
            return "usage: rollbahn UNIT[,UNIT...] FROM ... TO"
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        mine = {u.id for u in movement.movers(match, decision)}
        units = match.state.units
        for uid in ids:
            unit = units.get(uid)
            if unit is None:
                return f"no unit {uid}"
            if unit.side != decision.side:
                return f"{uid} is not yours"
            if uid not in mine:
                return f"{uid} may not move now"
            if unit.loc != path[0]:
                return f"{uid} is at {unit.loc}, not {path[0]}"
            why = eligible(match, unit)
            if why:
                return why
        for a, b in zip(path, path[1:], strict=False):
            if not along(match, a, b):
                return f"{a} to {b} is not a step along a Rollbahn: the bonus is for a move wholly along one ({RULE})"
        if len(set(path)) != len(path):
            return "a Rollbahn move passes each hex once"
        occupied = match.occupied()
        for h in path[1:]:
            if any(units[u].side != decision.side for u in occupied.get(h, ())):
                return f"{h} holds enemy units"
            if not supply.german_supplied_at(match, h):
                return f"{h} is out of supply: the bonus needs supply for the whole move ({RULE})"
        steps = len(path) - 1
        for uid in ids:
            unit = units[uid]
            mf = movement.allowance(match, unit) // movement.scale(match)
            if steps > mf + bonus(match, unit):
                return f"{uid} may move {mf} Rollbahn hexes and {bonus(match, unit)} more ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids, path = str(action.args[0]).split(","), [str(a) for a in action.args[1:]]
        units = [match.state.units[uid] for uid in ids]
        key = movement.phase_key(match)
        for unit in units:
            unit.flags["mp"] = [key, movement.allowance(match, unit)]  # all spent on it (9.19)
            unit.flags["moved"] = key
            match.place(unit, path[-1])
        match.emit(
            "move",
            f"{', '.join(ids)} move along the Rollbahn with its bonus hexes: {' '.join(path)}",
            RULE,
            units=ids,
            path=path,
        )
        match.hook.wargame_moved(match=match, units=units, path=path)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Rollbahn()]
