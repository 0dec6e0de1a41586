"""PGG Soviet leaders (10.0-10.4, 6.53, 6.55, 6.64): command radius, attack bonus, escort into
enemy ZOC, and the optional evacuation.

A leader's rating is its radius in hexes, its most attack bonus and its defense (10.1). Soviet
combat units attack only within a non-disrupted leader's radius, traced as a Line of
Communications (10.35, 6.64; :func:`supply.communication`), and overrun only if they began the
Movement Phase within one (6.55). A leader has no attack strength and never attacks or overruns
alone (6.53, 10.22: the kernel already refuses units without attack strength); it adds its rating
to one attack by the combat units it is stacked with, never more than their own strength after
supply (10.36), and goes with that attack (10.26). It enters an enemy ZOC only with a combat
unit able to attack (10.23); if that unit turns out to have no attack strength when revealed,
the leader goes back to the hex it came from (10.23, 12.3). With the "evacuation" option a
surrounded leader may leave the map at the start of the Soviet Movement Phase and come back
through Entrance Hex X (10.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.panzergruppe_guderian import supply
from wargame.games.panzergruppe_guderian.movement import restricted_hexrow
from wargame.games.panzergruppe_guderian.supply import (
    DISRUPTED,
    GERMAN,
    SOVIET,
    is_leader,
    on_map,
    rating,
)
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import movement
from wargame.mechanics import supply as shared_supply
from wargame.mechanics.movement import phase_key
from wargame.mechanics.zoc import zoc_of
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

NS = "pgg-leaders"  # this module's state (state.ns)

EVACUATION = "evacuation"  # the scenario option naming the optional rule (PGG 10.4)
EVACUATION_ENTRY = ("entry:X",)  # PGG 10.4
EVACUATIONS_PER_TURN = 1
EVACUATIONS_PER_GAME = 2


# ------------------------------------------------------------------ radius and escort


def within_radius(match: Match, unit: Unit) -> Unit | None:
    """The nearest non-disrupted leader whose radius the unit is within (PGG 10.35, 6.64)."""
    found = supply.communication(match, unit)
    return found[0] if found else None


def attack_capable(match: Match, unit: Unit) -> bool:
    """A regular combat unit that can attack: untried (strength unknown) or revealed with an
    attack strength, and not disrupted (PGG 10.23, 6.62, 12.3)."""
    if is_leader(match, unit) or DISRUPTED in unit.markers or not on_map(unit):
        return False
    if match.is_untried(unit):
        return True
    return match.unit_values(unit).get("attack", 0) > 0


# ------------------------------------------------------------------ the attack bonus (10.36)


def leader_bonus(
    match: Match, battle: Battle, strengths: Mapping[str, int]
) -> tuple[Unit, int, int] | None:
    """The one leader bonus this attack gets: (leader, bonus, cap), or None.

    ``strengths`` are the attacking units' strengths after supply. A non-disrupted leader
    stacked with attacking combat units adds its rating, never more than those units' own
    strength (PGG 10.36); an attack takes one leader's points, the most it can get (points are
    never split, 10.36). In the Combat Phase a leader helps the attack its player assigned it
    to by naming it among the attackers, and shares its results (10.26); an overrun, which a
    leader cannot join (6.53), gets the points of a leader in its launch hex that has not yet
    helped one this phase (ruling S14)."""
    units = match.state.units
    key = phase_key(match)
    named = battle.kind != "overrun"
    by_hex: dict[str, int] = {}
    for uid, value in strengths.items():
        unit = units[uid]
        if unit.side != SOVIET or is_leader(match, unit):
            continue
        loc = battle.origins.get(uid) or unit.loc or ""
        by_hex[loc] = by_hex.get(loc, 0) + int(value)
    best: tuple[int, str, Unit, int] | None = None
    for loc in sorted(by_hex):
        for leader in match.units_at(loc):
            if (
                leader.side != SOVIET
                or not is_leader(match, leader)
                or DISRUPTED in leader.markers
                or (named and leader.id not in battle.attackers)
                or (not named and (leader.flags.get("led") == key or leader.id in battle.attackers))
            ):
                continue
            bonus = min(rating(match, leader), by_hex[loc])
            if bonus > 0 and (best is None or (-bonus, leader.id) < (-best[0], best[1])):
                best = (bonus, leader.id, leader, by_hex[loc])
    if best is None:
        return None
    return best[2], best[0], best[3]


def lead(match: Match, battle: Battle, leader: Unit) -> None:
    """Record that the leader helped an attack this phase: one attack a phase (PGG 10.26). An
    attack already lists it (its player named it); an overrun takes it along and it shares the
    overrun's results (ruling S14)."""
    key = phase_key(match)
    if leader.id not in battle.attackers:
        battle.attackers.append(leader.id)
        battle.origins[leader.id] = leader.loc or ""
        leader.flags["attacked"] = key
    leader.flags["led"] = key


# ------------------------------------------------------------------ 10.23: back out of the ZOC


def _fall_back_ok(match: Match, unit: Unit, start: str, dest: str) -> bool:
    topo = match.topology
    if dest not in topo or is_box(dest) or dest not in topo.neighbours(start):
        return False
    holder = match.side_at(dest)
    if holder is not None and holder != unit.side:
        return False
    if dest in zoc_of(match, match.enemy(unit.side)) and holder != unit.side:
        return False  # friendly units negate an enemy ZOC for retreats (PGG 8.14, 9.71)
    if restricted_hexrow(match, dest, unit):
        return False  # hexrows 0100/0200 on Game-Turns 1-6 (PGG 6.4)
    graph = topo.graph()
    i, j = graph.index[start], graph.index[dest]
    return movement.cost_table(match, unit)[i][graph.adj[i].index(j)] is not None


FALL_BACK = "fall-back"
"""The decision kind: which hex a unit falls back to when 10.23 does not name one (ruling S10)."""


def fall_back_options(match: Match, unit: Unit, start: str) -> list[str]:
    """The adjacent hexes a unit falling back from ``start`` may enter (as a retreat may): the
    vacant ones, or if there are none the friendly-held ones (9.73)."""
    options = [
        n for n in sorted(match.topology.neighbours(start)) if _fall_back_ok(match, unit, start, n)
    ]
    return [n for n in options if not match.units_at(n)] or options


def send_back(match: Match, unit: Unit, rule: str) -> str | None:
    """Retreat the unit out of its hex as a leader does under 10.23: to the hex it entered the
    enemy ZOC from; else (ruling S10) to an adjacent hex a retreat may enter, vacant ones first,
    which its owner chooses when there are several (a ``fall-back`` decision answered once the
    battle is over: meanwhile the unit is off the map, out of the attack); with none, it is
    eliminated. It moves no more this phase. Returns where it went (None: eliminated or still
    to choose)."""
    start = unit.loc
    assert start is not None
    record = unit.flags.get("zoc_from")
    dest: str | None = None
    if record and record[1] == start and _fall_back_ok(match, unit, start, record[0]):
        dest = record[0]
    else:
        vacant = fall_back_options(match, unit, start)
        if len(vacant) > 1:
            unit.flags["moved"] = phase_key(match)
            match.place(unit, None)
            match.state.pending.insert(  # below the battle's own decisions: asked after it
                0,
                {
                    "side": unit.side,
                    "kind": FALL_BACK,
                    "prompt": f"{unit.id} falls back from {start} ({rule}): choose the hex",
                    "context": {"unit": unit.id, "start": start, "rule": rule},
                },
            )
            return None
        dest = vacant[0] if vacant else None
    if dest is None:
        match.eliminate(unit, f"no hex to fall back to from {start}", rule)
        return None
    fall_back(match, unit, start, dest, rule)
    return dest


def fall_back(match: Match, unit: Unit, start: str, dest: str, rule: str) -> None:
    match.place(unit, dest)
    unit.flags["moved"] = phase_key(match)
    unit.flags.pop("zoc_from", None)
    match.emit(
        "retreat",
        f"{unit.id} falls back from {start} to {dest}",
        rule,
        units=[unit.id],
        path=[start, dest],
    )


class FallBack(Verb):
    """``fall-back UNIT HEX``: the owner's choice of hex when 10.23 names none (ruling S10);
    ``fall-back UNIT`` when none is left open: the unit is eliminated."""

    name = "fall-back"
    kinds = (FALL_BACK,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        unit = match.state.units[decision.context["unit"]]
        vacant = fall_back_options(match, unit, decision.context["start"])
        for dest in vacant:
            yield Action("fall-back", (unit.id, dest))
        if not vacant:
            yield Action("fall-back", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action not in list(self.legal(match, decision)):
            uid = decision.context["unit"]
            return (
                f"{uid} falls back to an adjacent hex a retreat may enter, a vacant one if "
                "there is one (PGG 10.23, ruling S10)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ctx = match.pop()["context"]
        unit = match.state.units[ctx["unit"]]
        if len(action.args) < 2:
            match.eliminate(unit, f"no hex to fall back to from {ctx['start']}", ctx["rule"])
            return
        fall_back(match, unit, ctx["start"], action.args[1], ctx["rule"])


def companion_revealed(match: Match, revealed: Unit, loc: str | None) -> None:
    """A Soviet unit in ``loc`` was just revealed with no attack strength: leaders left there in
    a German ZOC without a combat unit able to attack fall back (PGG 10.23, 12.3)."""
    if loc is None or is_box(loc) or revealed.side != SOVIET:
        return
    if (revealed.face or {}).get("attack", 0) > 0:
        return
    if loc not in zoc_of(match, GERMAN):
        return
    here = [u for u in match.units_at(loc) if u.side == SOVIET]
    if any(attack_capable(match, u) for u in here):
        return
    for leader in sorted((u for u in here if is_leader(match, u)), key=lambda u: u.id):
        send_back(match, leader, "PGG 10.23")


# ------------------------------------------------------------------ 10.4 evacuation


def surrounded(match: Match, leader: Unit) -> bool:
    """Every adjacent hex holds German units or lies in German ZOC, friendly units negating
    nothing (PGG 10.4); hexes across an all-lake hexside count as closed (ruling)."""
    loc = leader.loc
    if loc is None or is_box(loc):
        return False
    topo = match.topology
    zone = zoc_of(match, GERMAN)
    lakes = shared_supply.blocked_edges(match)
    for n in topo.neighbours(loc):
        if is_box(n):
            continue
        edge = topo.edge(loc, n)
        if edge is not None and lakes & edge.features:
            continue
        if match.side_at(n) == GERMAN or n in zone:
            continue
        return False
    return True


def evacuations(match: Match) -> list[list[Any]]:
    """[[Game-Turn, leader id], ...] of every evacuation so far."""
    return list(match.state.ns(NS).get("evacuations", []))


def _anyone_moved(match: Match, side: str) -> bool:
    key = phase_key(match)
    for unit in match.units_of(side):
        mp = unit.flags.get("mp")
        if unit.flags.get("moved") == key or (mp and mp[0] == key):
            return True
    return False


def evacuation_closed(match: Match, decision: Decision) -> str | None:
    """Why no leader may be evacuated now (PGG 10.4), or None."""
    if not match.option(EVACUATION):
        return "leader evacuation is an optional rule not in use (PGG 10.4)"
    if decision.side != SOVIET or decision.kind != "movement":
        return "only the Soviet Player evacuates leaders, in his Movement Phase (PGG 10.4)"
    if _anyone_moved(match, SOVIET):
        return (
            "leaders are evacuated at the beginning of the Movement Phase, before any move "
            "(PGG 10.4)"
        )
    done = evacuations(match)
    if sum(1 for turn, _ in done if turn == match.turn) >= EVACUATIONS_PER_TURN:
        return "only one leader may be evacuated per Game-Turn (PGG 10.4)"
    if len(done) >= EVACUATIONS_PER_GAME:
        return "only two leaders may be evacuated per game (PGG 10.4)"
    return None


def _box(match: Match) -> str:
    s = match.settings("reinforcements")
    return str(s.get("boxes", {}).get(SOVIET) or s.get("box", "box:reinforcements"))


class Evacuate(Verb):
    """``evacuate LEADER``: take a surrounded leader off the map (PGG 10.4, optional)."""

    name = "evacuate"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if evacuation_closed(match, decision):
            return []
        return [
            Action("evacuate", (u.id,))
            for u in supply.leaders(match, active=False)
            if surrounded(match, u)
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: evacuate LEADER"
        why = evacuation_closed(match, decision)
        if why:
            return why
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != SOVIET or not is_leader(match, unit) or not on_map(unit):
            return f"{action.args[0]} is not a Soviet leader on the map"
        if not surrounded(match, unit):
            return f"{unit.id} is not completely surrounded by German units and ZOC (PGG 10.4)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        where = unit.loc
        match.place(unit, _box(match))
        unit.flags = {"evacuated": match.turn}
        match.state.ns(NS)["evacuations"] = [*evacuations(match), [match.turn, unit.id]]
        match.emit(
            "evacuate", f"{unit.id} is evacuated from {where}", "PGG 10.4", unit=unit.id, loc=where
        )


# ------------------------------------------------------------------ vetoes


def _ids(text: str) -> list[str]:
    return [i for i in text.split(",") if i]


def _attack_veto(match: Match, action: Action) -> str | None:
    if len(action.args) != 3:
        return None
    named = [match.state.units.get(uid) for uid in _ids(action.args[2])]
    for unit in named:
        if unit is None or not is_leader(match, unit):
            continue
        if not any(u is not None and u.loc == unit.loc and not is_leader(match, u) for u in named):
            return (
                f"{unit.id} goes only with an attack by combat units stacked with it "
                "(PGG 10.26, 10.36)"
            )
    for uid in _ids(action.args[2]):
        unit = match.state.units.get(uid)
        if unit is None or unit.side != SOVIET or is_leader(match, unit):
            continue
        if within_radius(match, unit) is None:
            return (
                f"{uid} is beyond every leader's radius: Soviet units attack only within "
                "the radius of a non-disrupted leader (PGG 10.35, 6.64)"
            )
    return None


def _overrun_veto(match: Match, action: Action) -> str | None:
    if len(action.args) < 3:
        return None
    key = phase_key(match)
    units = [match.state.units.get(uid) for uid in _ids(action.args[2])]
    soviet = [u for u in units if u is not None and u.side == SOVIET]
    if soviet and all(is_leader(match, u) for u in soviet):
        return "leaders have no attack strength and never overrun by themselves (PGG 6.53)"
    for unit in soviet:
        if not is_leader(match, unit) and unit.flags.get("radius") != key:
            return (
                f"{unit.id} began the Movement Phase beyond every leader's radius and may "
                "not overrun (PGG 6.55)"
            )
    return None


def _escort_veto(
    match: Match, movers: list[Unit], hexes: list[str], *, joiners: bool
) -> str | None:
    """A leader entering German ZOC needs a combat unit able to attack with it (PGG 10.23)."""
    moving_leaders = [u for u in movers if u.side == SOVIET and is_leader(match, u)]
    if not moving_leaders or not hexes:
        return None
    zone = zoc_of(match, GERMAN)
    entered = [h for h in hexes if h in zone]
    if not entered:
        return None
    escorts = [u for u in movers if attack_capable(match, u)]
    if joiners:  # ruling: a combat unit already in the hex it stops in escorts it too
        escorts += [
            u for u in match.units_at(hexes[-1]) if u.side == SOVIET and attack_capable(match, u)
        ]
    if escorts:
        return None
    return (
        f"{moving_leaders[0].id} may enter a German ZOC ({entered[0]}) only with a combat "
        "unit able to attack (PGG 10.23)"
    )


def _leader_ids(match: Match) -> frozenset[str]:
    """Ids of the Soviet leaders in play (cached until the state changes: vetoes are asked of
    every legal move)."""
    found = match.scratch.get("pgg-leader-ids")
    if found is None:
        found = frozenset(
            uid for uid, u in match.state.units.items() if u.side == SOVIET and is_leader(match, u)
        )
        match.scratch["pgg-leader-ids"] = found
    return found


def _veto_concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    """Soviet attacks and overruns (PGG 10.35, 6.53, 6.55); moves and advances of a leader."""
    if verb in ("attack", "overrun"):
        return decision.side == SOVIET
    return not _leader_ids(match).isdisjoint(_ids(actor))


@hookimpl
@veto_scope(verbs=("attack", "overrun", "move", "advance"), concerns=_veto_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    verb = action.verb
    if verb == "attack" and decision.side == SOVIET:
        return _attack_veto(match, action)
    if verb == "overrun" and decision.side == SOVIET:
        return _overrun_veto(match, action)
    if verb not in ("move", "advance") or len(action.args) < 2:
        return None
    ids = _ids(action.args[0])
    if _leader_ids(match).isdisjoint(ids):
        return None
    movers = [match.state.units[i] for i in ids if i in match.state.units]
    if verb == "move":
        return _escort_veto(match, movers, [action.args[-1]], joiners=True)
    return _escort_veto(match, movers, list(action.args[1:]), joiners=False)


# ------------------------------------------------------------------ phases and moves


@on_phase("start", kinds=("movement",))
def soviet_movement_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing != SOVIET:
        return
    key = phase_key(match)
    for unit in sorted(match.units_of(SOVIET), key=lambda u: u.id):
        if is_leader(match, unit):
            evacuated = unit.flags.get("evacuated")
            if (
                evacuated is not None
                and unit.loc == _box(match)
                and evacuated < match.turn
                and not unit.flags.get("entry")
            ):
                unit.flags["entry"] = match.resolve_locations(EVACUATION_ENTRY)
            continue
        if on_map(unit) and within_radius(match, unit) is not None:
            unit.flags["radius"] = key  # began the phase within a radius (PGG 6.55)
        else:
            unit.flags.pop("radius", None)
    match.touch()


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Remember where a Soviet unit entered a German ZOC from (PGG 10.23)."""
    if len(path) < 2:
        return
    zone = zoc_of(match, GERMAN)
    for unit in units:
        if unit.side != SOVIET:
            continue
        if path[-1] in zone:
            unit.flags["zoc_from"] = [path[-2], path[-1]]
        else:
            unit.flags.pop("zoc_from", None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Evacuate(), FallBack()]
