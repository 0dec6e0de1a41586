"""Replacements: Axis refits and rebuilds, Soviet rebuilds, voluntary reduction (PMD 9.5, 9.8).

Axis (9.5.1): the turn's LRPs and MRPs (the TRT's, stand-ins in the schedule's ``replacement``
entries) are added at each Reinforcement Phase and saved until used; from turn 206 the Axis may
comb out once a calendar year (9.5.2, ``combout``: a die read 2 to 5, that many LRPs). In his
part of the Reinforcement Phase he rebuilds (``rebuild UNIT LRP MRP``) a German division (not
artillery, none in the manifest) or a 2-2-9 heavy tank battalion from the Replacement Army, to
as many steps as points spent, an LRP only for a Leg unit; the unit enters in the North OKH
area as a German reinforcement does (9.1.1; ruling RP1). In his Refit Phase he refits
(``refit UNIT LRP MRP``) a reduced German unit, or a minor ally's Mech unit, of more than one
step: in overland supply, not in reserve, not east of the GAS line in 1941 nor south of the
Caucasus line in 1942 (an OKH area is always fine), a Mech unit also not next to an enemy unit
across a land hexside; a Mech unit that refits carries the ``refit`` flag (the Refit marker):
it may not move nor attack that week, and the flag goes in his Cleanup Phase.

Soviet (9.5.3): from turn 114 the West system gives LRPs only, per Soviet-owned MD HQ in
overland supply (Moscow's two hexes one HQ, stopped only when both are lost or cut): 1 on 114,
2 from 115, 3 from 117, 4 from 119, 5 from 121, 6 from 123; an HQ the Axis once owned gives
half, rounded up. The East system (the Soviet's ``east`` from turn 124, forced from 207) gives
16 plus 2 an HQ never lost and 1 a retaken one, half rounded up as MRPs, the rest LRPs. The
partisans' credit (15.8, ``partisans.lrp``) is added. The points are for this turn's Soviet
part of the Reinforcement Phase only. He rebuilds (``rebuild UNIT LRP MRP``) a unit of the
Replacement Army at full strength: under the West system only RDs and CDs with LRPs; under the
East any, a Mech unit with MRPs only, an artillery division (no steps) for 2 MRPs and never
the 4 and 6 GAD (15.11). The rebuilt unit is placed like a reinforcement
(reinforce.py: it waits in the North RVGK area with the ``placing`` flag, or the South if he
picks it, ``rvgk UNIT AREA``: 11.3, ruling RV5).

9.8: in his Refit Phase a player may eliminate a step of any of his units (``reduce UNIT``); an
eliminated unit goes where a unit destroyed in combat goes (eliminated.py).

15.1: a regular infantry division (6-8-6 or 5-7-6 at full strength) has 3 steps, and from turn
313 a 4th (its counter's last face comes with ``from_turn``, read by the kernel's
``Match.faces``); in 1942 a refit or rebuild may not bring it to full strength, from 1943 not to
a green face (ruling RI1).

15.9's Mech Upgrade markers are upgrades.py (they use :func:`where_problem`). A TC or MC is
rebuilt to the step maximum of the turn of rebuilding and costs that many MRPs (9.1.3, 9.5.3,
``corps.py``)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics.combat import attackers_named
from wargame.mechanics.control import controller
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import corps, eliminated, partisans, ports, reserves, supply
from .reinforce import RVGK
from .strategic import OKH, overland_supply
from .turns import AXIS, SOVIET, ynn

AXIS_RULE = "PMD 9.5.1"
SOVIET_RULE = "PMD 9.5.3"
COMBOUT_RULE = "PMD 9.5.2"
REDUCE_RULE = "PMD 9.8"
WEST_RATE = ((123, 6), (121, 5), (119, 4), (117, 3), (115, 2), (114, 1))
EAST_BASE = 16
EAST_FROM, EAST_FORCED = 124, 207
COMBOUT_FROM = 206
GERMANY = "country:greater-germany"


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-replacements")


def points(match: Match, side: str) -> dict[str, int]:
    """The side's LRPs and MRPs now."""
    found: dict[str, int] = _ns(match).setdefault(side, {"lrp": 0, "mrp": 0})
    return found


def _mech(match: Match, unit: Unit) -> bool:
    return match.unit_type(unit).get("mobility") == "mech"


def _steps(match: Match, unit: Unit) -> int:
    return match.faces(unit)  # 15.1: a regular ID's 4th step only from turn 313


def _pay_problem(match: Match, unit: Unit, lrp: int, mrp: int, rule: str) -> str | None:
    have = points(match, unit.side)
    if lrp < 0 or mrp < 0 or lrp + mrp < 1:
        return f"spend at least one point ({rule})"
    if lrp > have["lrp"] or mrp > have["mrp"]:
        return f"only {have['lrp']} LRP and {have['mrp']} MRP left ({rule})"
    if lrp and _mech(match, unit):
        return f"an LRP rebuilds or refits only a Leg unit ({rule})"
    return None


def _pay(match: Match, side: str, lrp: int, mrp: int) -> None:
    have = points(match, side)
    have["lrp"] -= lrp
    have["mrp"] -= mrp


def _splits(match: Match, unit: Unit, steps: Iterable[int]) -> list[tuple[int, int]]:
    """Every (LRP, MRP) the side can pay for one of ``steps`` steps of ``unit``."""
    have = points(match, unit.side)
    out = []
    for n in steps:
        for lrp in range(0 if _mech(match, unit) else n, -1, -1):
            if lrp <= have["lrp"] and n - lrp <= have["mrp"]:
                out.append((lrp, n - lrp))
    return out


def _int_args(action: Action) -> tuple[int, int] | None:
    try:
        return int(action.args[1]), int(action.args[2])
    except (IndexError, ValueError):
        return None


# --------------------------------------------------------------------------- the Axis


def german(match: Match, unit: Unit) -> bool:
    """German units and the German-coloured ones (9.5.1: the Slovaks and the 250th)."""
    tags = match.unit_type(unit).get("tags", ())
    return "german" in tags or "german-colored" in tags


def axis_rebuildable(match: Match, unit: Unit) -> bool:
    """9.5.1: a German division (no artillery or Luftwaffe field division in the manifest) or
    a 2-2-9 heavy tank battalion."""
    if match.counter(unit)["type"] == "hpbn":
        return True
    return german(match, unit) and float(match.unit_type(unit).get("stacking", 0)) == 1


REGULAR_FULL = (
    {"attack": 6, "defense": 8, "movement": 6},
    {"attack": 5, "defense": 7, "movement": 6},
)
"""15.1: a regular infantry division is 6-8-6 or 5-7-6 at full strength."""
ID_RULE = "PMD 15.1"


def regular_id(match: Match, unit: Unit) -> bool:
    counter = match.counter(unit)
    return counter["type"] == "id" and counter["steps"][0]["values"] in REGULAR_FULL


def lowest_step(match: Match, unit: Unit) -> int:
    """15.1: the strongest face a refit or rebuild may bring a regular ID to: in 1942 not full
    strength (face 0), from 1943 not a green one (faces 0 and 1; the 3-5-5 is gray; ruling RI1)."""
    if not regular_id(match, unit):
        return 0
    year = 1940 + ynn(match) // 100
    return 0 if year <= 1941 else 1 if year == 1942 else 2


def refit_problem(match: Match, unit: Unit) -> str | None:
    """Why the Axis unit may not refit now (9.5.1), or None."""
    if unit.side != AXIS or unit.loc is None:
        return f"{unit.id} is not an Axis unit in play ({AXIS_RULE})"
    if unit.step == 0:
        return f"{unit.id} is at full strength ({AXIS_RULE})"
    if unit.step <= lowest_step(match, unit):
        return _green(match, unit)
    if not (german(match, unit) or _mech(match, unit)) or _steps(match, unit) < 2:
        return f"only German units and minor allied Mech units of several steps refit ({AXIS_RULE})"
    return where_problem(match, unit, AXIS_RULE)


def where_problem(match: Match, unit: Unit, rule: str) -> str | None:
    """Why the unit's place and state bar a refit now (9.5.1's conditions, the Leg or the Mech
    procedure by its class; 15.9's Mech Upgrade uses them too), or None."""
    assert unit.loc is not None
    if unit.loc in OKH.values():
        return None  # 9.5.1: always in an OKH area
    if reserves._joint(match, unit.loc):
        return f"no refit in a jointly-occupied hex ({rule})"
    if not overland_supply(match, unit):
        return f"{unit.id} is not in overland supply ({rule})"
    if reserves.in_reserve(match, unit):
        return f"{unit.id} is in reserve ({rule})"
    year = 1940 + ynn(match) // 100
    if year == 1941 and unit.loc in match.topology.region("gas-east"):
        return f"in 1941 no refit east of the GAS line ({rule})"
    if year == 1942 and unit.loc in match.topology.region("caucasus-south"):
        return f"in 1942 no refit south of the Caucasus line ({rule})"
    if _mech(match, unit) and reserves._adjacent_enemy(match, unit.loc, unit.side):
        return f"a Mech unit next to an enemy unit does not refit ({rule})"
    return None


def _green(match: Match, unit: Unit) -> str:
    if lowest_step(match, unit) == 1:
        return f"in 1942 a regular ID is not refitted or rebuilt to full strength ({ID_RULE})"
    return f"from 1943 a regular ID is not refitted or rebuilt to a green step ({ID_RULE})"


class Refit(Verb):
    """``refit UNIT LRP MRP``: the Axis adds steps to a reduced unit in his Refit Phase."""

    name = "refit"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if decision.side != AXIS or not any(points(match, AXIS).values()):
            return []
        return [u.id for u in match.units_of(AXIS) if refit_problem(match, u) is None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if decision.side != AXIS or unit is None or refit_problem(match, unit) is not None:
            return []
        most = unit.step - lowest_step(match, unit)
        return [
            Action(self.name, (actor, str(lrp), str(mrp)))
            for lrp, mrp in _splits(match, unit, range(1, most + 1))
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        pay = _int_args(action)
        unit = match.state.units.get(action.args[0]) if action.args else None
        if pay is None or len(action.args) != 3 or unit is None:
            return "usage: refit UNIT LRP MRP"
        problem = refit_problem(match, unit)
        if problem is None and sum(pay) > unit.step:
            problem = f"{unit.id} is only {unit.step} step(s) short ({AXIS_RULE})"
        if problem is None and unit.step - sum(pay) < lowest_step(match, unit):
            problem = _green(match, unit)
        return problem or _pay_problem(match, unit, *pay, AXIS_RULE)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        lrp, mrp = int(action.args[1]), int(action.args[2])
        _pay(match, AXIS, lrp, mrp)
        unit.step -= lrp + mrp
        if _mech(match, unit) and unit.loc not in OKH.values():
            unit.flags["refit"] = True  # 9.5.1: the Refit marker
        match.touch()
        match.emit("refit", f"{unit.id} refits {lrp + mrp} step(s)", AXIS_RULE, unit=unit.id)


def _axis_pool(match: Match) -> list[str]:
    return [
        uid
        for uid in eliminated._ns(match).get(eliminated.REPLACEMENT_ARMY, [])
        if match.state.units[uid].side == AXIS and axis_rebuildable(match, match.state.units[uid])
    ]


def _soviet_pool(match: Match) -> list[str]:
    ns = eliminated._ns(match)
    return [
        uid
        for where in (eliminated.RD_POOL, eliminated.CD_POOL, eliminated.TRIED_POOL)
        for uid in ns.get(where, [])
    ]


def east(match: Match) -> bool:
    return bool(_ns(match).get("east")) or ynn(match) >= EAST_FORCED


def rebuild_problem(match: Match, unit: Unit, lrp: int, mrp: int) -> str | None:
    side = unit.side
    rule = AXIS_RULE if side == AXIS else SOVIET_RULE
    if side == AXIS:
        if unit.id not in _axis_pool(match):
            return (
                f"{unit.id} is not a German division or 2-2-9 HPBn in the Replacement Army ({rule})"
            )
        if lrp + mrp > _steps(match, unit):
            return f"{unit.id} has {_steps(match, unit)} steps ({rule})"
        if _steps(match, unit) - (lrp + mrp) < lowest_step(match, unit):
            return _green(match, unit)
        return _pay_problem(match, unit, lrp, mrp, rule)
    if unit.id not in _soviet_pool(match):
        return f"{unit.id} is not in the Replacement Army ({rule})"
    if not east(match):
        if match.counter(unit)["type"] not in ("rd", "cd"):
            return f"the West system rebuilds only RDs and CDs ({rule})"
        if mrp:
            return f"the West system gives only LRPs ({rule})"
    cost = soviet_cost(match, unit)
    if lrp + mrp != cost:
        return f"a Soviet unit is rebuilt to full strength: {cost} point(s) ({rule})"
    return _pay_problem(match, unit, lrp, mrp, rule)


ARTILLERY_COST = 2
"""9.5.3, 15.11: a Soviet artillery division (no steps) is rebuilt for 2 MRPs."""


def soviet_cost(match: Match, unit: Unit) -> int:
    """The points a Soviet rebuild costs: its steps (a TC's or MC's the turn's maximum, 9.1.3),
    an artillery division 2 (MRPs: Mech)."""
    if "artillery" in match.unit_type(unit).get("tags", ()):
        return ARTILLERY_COST
    return corps.full_steps(match, unit)


def _leave_pools(match: Match, uid: str) -> None:
    for ids in eliminated._ns(match).values():
        if isinstance(ids, list) and uid in ids:
            ids.remove(uid)


def axis_back(match: Match, old: Unit, step: int) -> Unit:
    """A German unit rebuilt out of the Replacement Army (or the Stalingrad Pool, 5.7(3)) at
    ``step``: it enters in the North OKH area as a German reinforcement (9.1.1; ruling RP1)."""
    _leave_pools(match, old.id)
    unit = match.new_unit(old.counter, OKH["north"], old.id)
    unit.step = step
    unit.flags["entry"] = match.resolve_locations([GERMANY])  # 9.1.1
    return unit


class Rebuild(Verb):
    """``rebuild UNIT LRP MRP``: a unit of the Replacement Army back in play (9.5.1, 9.5.3)."""

    name = "rebuild"
    kinds = ("reinforce",)

    def _pool(self, match: Match, side: str) -> list[str]:
        if not any(points(match, side).values()):
            return []
        if side == AXIS:
            return _axis_pool(match)
        # the untried RDs and CDs of a pool are alike: list one of each (any may be named)
        ns, out = eliminated._ns(match), []
        for where in (eliminated.RD_POOL, eliminated.CD_POOL):
            out.extend(ns.get(where, [])[:1])
        return out + list(ns.get(eliminated.TRIED_POOL, []))

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return [
            uid for uid in self._pool(match, decision.side) if self.legal_for(match, decision, uid)
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if unit is None or unit.side != decision.side:
            return []
        steps = (
            range(1, _steps(match, unit) + 1) if unit.side == AXIS else [soviet_cost(match, unit)]
        )
        return [
            Action(self.name, (actor, str(lrp), str(mrp)))
            for lrp, mrp in _splits(match, unit, steps)
            if rebuild_problem(match, unit, lrp, mrp) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        pay = _int_args(action)
        unit = match.state.units.get(action.args[0]) if action.args else None
        if pay is None or len(action.args) != 3 or unit is None or unit.side != decision.side:
            return "usage: rebuild UNIT LRP MRP"
        return rebuild_problem(match, unit, *pay)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        old = match.state.units[action.args[0]]
        lrp, mrp = int(action.args[1]), int(action.args[2])
        _pay(match, old.side, lrp, mrp)
        if old.side == AXIS:
            unit = axis_back(match, old, _steps(match, old) - (lrp + mrp))
            rule = AXIS_RULE
        else:
            _leave_pools(match, old.id)
            unit = match.new_unit(old.counter, RVGK[0], old.id)  # North until he picks (RV5)
            unit.step = corps.full_step(match, unit)  # 9.1.3: a TC or MC to the turn's maximum
            unit.flags["placing"] = True  # 9.5.3: entered as a reinforcement (9.1.3)
            _ns(match)["spent"] = True  # the East system is chosen before any point is spent
            rule = SOVIET_RULE
        match.touch()
        match.emit("rebuild", f"{unit.id} rebuilt with {lrp} LRP and {mrp} MRP", rule, unit=unit.id)


class Combout(Verb):
    """``combout``: the Axis rear-area comb-out, once a calendar year from turn 206 (9.5.2)."""

    name = "combout"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        return [Action(self.name, ())] if self._problem(match, decision) is None else []

    def _problem(self, match: Match, decision: Decision) -> str | None:
        if decision.side != AXIS:
            return f"the comb-out is the Axis player's ({COMBOUT_RULE})"
        if ynn(match) < COMBOUT_FROM:
            return f"no comb-out before turn {COMBOUT_FROM} ({COMBOUT_RULE})"
        year = 1940 + ynn(match) // 100
        if year in _ns(match).get("combout", []) or match.state.vars.get(f"combout_{year}"):
            return f"the {year} comb-out is done ({COMBOUT_RULE})"
        return None

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        return self._problem(match, decision)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        year = 1940 + ynn(match) // 100
        _ns(match).setdefault("combout", []).append(year)
        got = min(max(match.roll("1d6", "rear-area comb-out", COMBOUT_RULE), 2), 5)
        points(match, AXIS)["lrp"] += got
        match.emit("replacements", f"Axis comb-out: {got} LRP", COMBOUT_RULE)


class East(Verb):
    """``east``: the Soviet changes to the East system (9.5.3), turns 124-206, for good."""

    name = "east"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        ok = decision.side == SOVIET and not east(match) and ynn(match) >= EAST_FROM
        return [Action(self.name, ())] if ok and not _ns(match).get("spent") else []

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if self.legal(match, decision):
            return None
        return f"the East system is chosen from turn {EAST_FROM}, before any point is spent ({SOVIET_RULE})"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        _ns(match)["east"] = True
        soviet_points(match)
        match.emit("replacements", "the Soviets change to the East system", SOVIET_RULE)


class Reduce(Verb):
    """``reduce UNIT``: a voluntary step loss in the owner's Refit Phase (9.8)."""

    name = "reduce"
    kinds = ("refit",)
    rare = True  # a random player should seldom destroy his own units

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return [u.id for u in match.units_of(decision.side) if u.loc is not None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        ok = unit is not None and unit.side == decision.side and unit.loc is not None
        return [Action(self.name, (actor,))] if ok else []

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or not self.legal_for(match, decision, action.args[0]):
            return f"reduce one of your units in play ({REDUCE_RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.lose_steps(match.state.units[action.args[0]], 1, REDUCE_RULE)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Refit(), Rebuild(), Combout(), East(), Reduce()]


# --------------------------------------------------------------------------- the points


def _hq_groups(match: Match) -> dict[str, list[str]]:
    """HQ name -> its hexes (Moscow two)."""
    out: dict[str, list[str]] = {}
    for h, entry in match.title.doc("md-hq")["entries"].items():
        out.setdefault(entry["name"], []).append(h)
    return out


def _producing(match: Match) -> dict[str, bool]:
    """HQ name -> whether it was lost once (True: retaken) for each HQ producing now: Soviet-owned
    and in overland supply, Moscow while either hex is. Under the West system that supply does
    not pass through a jointly-occupied hex, the HQ's own included (9.5.3, ruling RP6)."""
    in_supply = supply.nets(match, SOVIET, no_joint=not east(match))[1]
    lost = set(_ns(match).get("lost", []))
    if ports.lake_supply(match):  # 9.1.3(1): Leningrad on lake supply is a city only
        in_supply = in_supply - {ports.LENINGRAD}
    return {
        name: name in lost
        for name, hexes in _hq_groups(match).items()
        if any(controller(match, h) == SOVIET and h in in_supply for h in hexes)
    }


def note_losses(match: Match) -> None:
    """An HQ the Axis owns is marked lost for good (9.5.3: the halving stays, applied once)."""
    lost = _ns(match).setdefault("lost", [])
    for name, hexes in _hq_groups(match).items():
        if name not in lost and all(controller(match, h) == AXIS for h in hexes):
            lost.append(name)


def soviet_points(match: Match) -> dict[str, int]:
    """This turn's Soviet points (9.5.3), replacing any of the turn's not yet spent."""
    n = ynn(match)
    producing = _producing(match)
    extra = partisans.lrp(match)
    traded = int(_ns(match).get("upgrade_mrp", 0))  # 15.9: Mech Upgrade markers traded
    if n < WEST_RATE[-1][0]:
        got = {"lrp": extra, "mrp": 0}
    elif east(match):
        total = EAST_BASE + sum(1 if retaken else 2 for retaken in producing.values())
        got = {"lrp": total // 2 + extra, "mrp": math.ceil(total / 2)}
    else:
        rate = next(r for since, r in WEST_RATE if n >= since)
        half = math.ceil(rate / 2)
        got = {"lrp": sum(half if r else rate for r in producing.values()) + extra, "mrp": 0}
    got["mrp"] += traded
    _ns(match)[SOVIET] = got
    return got


@on_phase("start", ids=("reinforcement",))
def receive(match: Match, phase: PhaseSpec) -> None:
    """5.2 I.3: the Axis adds the turn's points (saved); HQ losses are noted."""
    note_losses(match)
    have = points(match, AXIS)
    for entry in match.title.doc("calendar").get("schedule", {}).values():
        if (
            entry.get("kind") == "replacement"
            and entry["side"] == AXIS
            and int(entry["turn"]) == match.turn
        ):
            for kind in ("lrp", "mrp"):
                have[kind] += int(entry.get("options", {}).get(kind, 0))
    match.emit(
        "replacements", f"Axis replacement points: {have['lrp']} LRP, {have['mrp']} MRP", AXIS_RULE
    )


@on_phase("start", ids=("soviet-reinforcement",))
def soviet_receive(match: Match, phase: PhaseSpec) -> None:
    got = soviet_points(match)
    partisans.lrp_received(match)
    _ns(match).pop("spent", None)
    if any(got.values()):
        match.emit(
            "replacements",
            f"Soviet rebuild points: {got['lrp']} LRP, {got['mrp']} MRP",
            SOVIET_RULE,
        )


@on_phase("end", ids=("soviet-reinforcement",))
def soviet_lose(match: Match, phase: PhaseSpec) -> None:
    """9.5.3: Soviet points not used this turn are lost."""
    _ns(match).pop(SOVIET, None)
    _ns(match).pop("upgrade_mrp", None)
    _ns(match).pop("spent", None)


# --------------------------------------------------------------------------- the Refit marker


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if unit.flags.get("refit"):
        return f"{unit.id} refitted this week: it may not move ({AXIS_RULE})"
    return None


@hookimpl
@veto_scope(verbs=("attack",), kinds=("combat",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    for unit in attackers_named(match, action):
        if unit.flags.get("refit"):
            return f"{unit.id} refitted this week: it may not attack ({AXIS_RULE})"
    return None


@on_phase("end", ids=("w1-cleanup", "w2-cleanup"))
def clear_refit(match: Match, phase: PhaseSpec) -> None:
    """9.5.1: the Refit marker comes off in the Cleanup Phase."""
    if match.phasing is None:
        return
    for unit in match.units_of(match.phasing):
        unit.flags.pop("refit", None)
