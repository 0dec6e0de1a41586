"""Close Combat markers (PMD 13.1, 6.1): earned, committed to a battle, and back next turn.

The Axis has 6 markers in 1941, 4 in 1942, 2 in 1943 and none in 1944 (13.1). The Soviets start
with none and earn up to 2 each war year (June to May: from turns 112, 211 and 311): the first
on the turn after their 6th qualifying point of that war year, the second after the 12th. A
Soviet prepared assault earns a point when a German-coloured division is destroyed and another
when the final odds were 2:1 or better on a stack with a German division equivalent (13.1). In
the 1941 scenario the Soviet non-city stacking limit grows with them: 4 once the first has
arrived, 5 with the second (6.1, the ``soviet_stack_limit`` variable, ruling STK1).

Each marker may be used once a 2-week turn (13.1): the attacker commits one to a hex before the
defending stack is examined (``close-combat HEX`` in his Combat Phase, before ``attack``; not
when every attacker crosses a crossing arrow), or, if he did not, the defender may commit one
once his stack is attacked (``close-combat commit`` / ``close-combat decline``). A mobile
assault's attacker is asked the same when his MA designates the hex (14.3). The battle is
then a close combat (13.12's loss procedure, ``losses.py``). A marker committed and not used in
the phase is back on the next 2-week turn; one used in a battle stays on the hex while it is
jointly occupied (the Close Combat advance, ``jointhex.py``) and is back on the next 2-week turn
after it comes off (13.1). A city defender's battle is a close combat without a marker (13.1).
At each new year the Axis takes off the map the markers beyond the year's number, his units in
their hexes eliminated (``cc-remove HEX``, 13.1, ruling CC4).

A marker's first use (13.1(1), ruling CC5): a PA into an empty hex (``cc-empty``), after which
the owner of untried units that advanced chooses which become tried (``cc-try UNIT[,UNIT...]`` or
``cc-try none``, a pushed decision); or, in his Combat Phase, a legal stack of his untried units
in one RVGK area becomes tried (``cc-try UNIT[,UNIT...]``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.calendar import turn_spec
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import stacking
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from . import constructions, straits
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 13.1"
AXIS_MARKERS = {1941: 6, 1942: 4, 1943: 2, 1944: 0}
"""13.1: the Axis markers of each calendar year."""
WAR_YEARS = (112, 211, 311)
"""13.1: the turns on which a Soviet war year (June to May) starts."""
POINTS_FOR = (6, 12)
"""13.1: qualifying points for the war year's first and second Soviet marker."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("close-combat")


def war_year(n: int) -> int:
    """The YNN turn that starts the Soviet war year holding turn ``n`` (13.1)."""
    return max(start for start in WAR_YEARS if start <= n) if n >= WAR_YEARS[0] else WAR_YEARS[0]


def soviet_arrived(match: Match) -> int:
    """Soviet markers arrived by now: each comes on the turn after it was earned (13.1)."""
    return sum(1 for turn in _ns(match).get("earned", []) if turn < match.turn)


def total(match: Match, side: str) -> int:
    if side == AXIS:
        return AXIS_MARKERS.get(int(turn_spec(match).get("year", 1941)), 0)
    return soviet_arrived(match)


def used(match: Match, side: str) -> int:
    """Markers of ``side`` used (or committed) this 2-week turn."""
    record = _ns(match).get("used", {}).get(side)
    return int(record[1]) if record and record[0] == match.turn else 0


def on_map(match: Match) -> dict[str, dict[str, int]]:
    """Hex -> side -> the turn its marker was committed, for markers left on jointly-occupied
    hexes (13.1, 13.15.3; ``jointhex.py``)."""
    found: dict[str, dict[str, int]] = _ns(match).get("on_map", {})
    return found


def _held(match: Match, side: str) -> int:
    """Markers of ``side`` on the map committed before this turn (this turn's are in used)."""
    return sum(1 for sides in on_map(match).values() if side in sides and sides[side] != match.turn)


def available(match: Match, side: str) -> int:
    return max(total(match, side) - used(match, side) - _held(match, side), 0)


@hookimpl
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    """The markers left on jointly-occupied hexes (13.1) are on the map for everyone to see:
    the page and the pictures draw them with the other map markers."""
    for loc, sides in on_map(match).items():
        for owner in sides:
            view["markers"][f"close-combat-{owner}-{loc}"] = {
                "type": "close-combat",
                "loc": loc,
                "side": owner,
            }


@hookimpl
def wargame_status_lines(match: Match, side: str | None, view: Any) -> list[str]:
    """Each side's Close Combat markers this turn (13.1): public, as the markers are."""
    counts = ", ".join(
        f"{who} {available(match, who)} of {total(match, who)} available" for who in (AXIS, SOVIET)
    )
    return [f"Close Combat markers: {counts} (PMD 13.1)"]


def keep(match: Match, loc: str, side: str) -> None:
    """13.1: ``side``'s marker stays on the jointly-occupied hex ``loc``."""
    sides = _ns(match).setdefault("on_map", {}).setdefault(loc, {})
    if side not in sides:
        sides[side] = match.turn
        match.emit("close-combat", f"{side}'s Close Combat marker stays on {loc}", RULE, loc=loc)


def lift(match: Match, loc: str, why: str) -> None:
    """13.1: the markers on ``loc`` come off, back on the next 2-week turn (one committed on an
    earlier turn counts as used this one)."""
    record = _ns(match).get("on_map", {})
    sides = record.pop(loc, None)
    if not record:
        _ns(match).pop("on_map", None)
    for side, turn in sorted((sides or {}).items()):
        if turn != match.turn:
            entry = _ns(match).setdefault("used", {})
            entry[side] = [match.turn, used(match, side) + 1]
        match.emit(
            "close-combat",
            f"{side}'s Close Combat marker comes off {loc}: {why}; back next turn",
            RULE,
            loc=loc,
        )


def _use(match: Match, side: str, why: str) -> None:
    record = _ns(match).setdefault("used", {})
    record[side] = [match.turn, used(match, side) + 1]
    match.emit("close-combat", f"{side} uses a Close Combat marker: {why}", RULE, side=side)


def _declared(match: Match) -> dict[str, str]:
    """Hex -> side, the attacker's markers committed this phase and not yet fought."""
    record = _ns(match).get("declared")
    if not record or record.get("phase") != phase_key(match):
        return {}
    hexes: dict[str, str] = record["hexes"]
    return hexes


# ------------------------------------------------------------------ committing


class CloseCombat(Verb):
    """``close-combat HEX`` (attacker, Combat Phase), ``close-combat commit|decline``
    (defender, when his stack is attacked; a mobile assault's attacker, 14.3)."""

    name = "close-combat"
    kinds = ("combat", "close-combat")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.kind == "close-combat":
            yield Action("close-combat", ("commit",))
            yield Action("close-combat", ("decline",))
            return
        if available(match, decision.side) <= 0:
            return
        for loc in sorted(combat_mechanic.targets_for(match, decision.side)):
            if loc not in _declared(match):
                yield Action("close-combat", (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: close-combat HEX | close-combat commit | close-combat decline"
        arg = action.args[0]
        if decision.kind == "close-combat":
            return None if arg in ("commit", "decline") else "close-combat commit or decline"
        if available(match, decision.side) <= 0:
            return f"no Close Combat marker available this turn ({RULE})"
        if arg in _declared(match):
            return f"a Close Combat marker is already committed to {arg} ({RULE})"
        if arg not in combat_mechanic.targets_for(match, decision.side):
            return f"{arg} is not an enemy hex you can attack now ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        arg = action.args[0]
        if decision.kind == "close-combat":
            match.pop()
            battle = combat_mechanic.active(match)
            assert battle is not None
            role = str(decision.context.get("role", "defender"))
            if arg == "commit":
                battle.extra["close_combat"] = role
                _use(match, decision.side, f"the {role} at {battle.target}")
                battle.explanation.append(f"the {role} commits a Close Combat marker ({RULE})")
            elif role == "defender":
                battle.extra["close_combat"] = None
            combat_mechanic.store(match, battle)
            if role == "attacker":
                combat_mechanic.resolve(match, battle)  # 14.3: now the stack is examined
                return
            if not constructions.ask_before_roll(match, battle):
                combat_mechanic.resume(match)
            return
        record = _ns(match).get("declared")
        if not record or record.get("phase") != phase_key(match):
            record = _ns(match)["declared"] = {"phase": phase_key(match), "hexes": {}}
        record["hexes"][arg] = decision.side
        _use(match, decision.side, f"committed to {arg}")


# ------------------------------------------------------------------ into an empty hex


class CloseCombatEmpty(Verb):
    """``cc-empty HEX with UNIT[,UNIT]``: 13.1's first use of a marker, a prepared assault into
    a hex empty of units, the attackers advancing into it at once; the marker is used for the
    2-week turn (ruling CC5)."""

    name = "cc-empty"
    kinds = ("combat",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if available(match, decision.side) <= 0:
            return
        topo = match.topology
        for unit in match.units_of(decision.side):
            if (
                unit.loc is None
                or unit.loc not in topo
                or not combat_mechanic.may_attack(match, unit)
            ):
                continue
            for loc in topo.neighbours(unit.loc):
                action = Action(self.name, (loc, "with", unit.id))
                if not match.units_at(loc) and self.check(match, decision, action) is None:
                    yield action

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        from .combat import advance_problem, attack_problem

        if len(action.args) != 3 or action.args[1] != "with":
            return "usage: cc-empty HEX with UNIT[,UNIT]"
        loc, ids = action.args[0], action.args[2].split(",")
        topo = match.topology
        if loc not in topo or loc.startswith("box:") or topo.terrain(loc) in ("sea", "lake"):
            return f"{loc} is not a land hex on the map ({RULE})"
        if available(match, decision.side) <= 0:
            return f"no Close Combat marker available this turn ({RULE})"
        if match.units_at(loc):
            return (
                f"{loc} is not empty: a Close Combat marker's assault is into an empty hex ({RULE})"
            )
        for uid in ids:
            unit = match.state.units.get(uid)
            if unit is None or unit.side != decision.side or unit.loc is None:
                return f"no unit {uid} of {decision.side} on the map"
            if unit.loc not in topo or loc not in topo.neighbours(unit.loc):
                return f"{uid} is not next to {loc} ({RULE})"
            if not combat_mechanic.may_attack(match, unit):
                return f"{uid} may not attack now ({RULE})"
        return attack_problem(match, loc, ids) or advance_problem(match, decision.side, ids, loc)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc, ids = action.args[0], action.args[2].split(",")
        _use(match, decision.side, f"a prepared assault into the empty hex {loc}")
        key = phase_key(match)
        for uid in ids:
            unit = match.state.units[uid]
            start = str(unit.loc)
            match.place(unit, loc)
            unit.flags["attacked"] = key
            unit.flags["advanced"] = key
            match.hook.wargame_moved(match=match, units=[unit], path=[start, loc])
        match.emit(
            "advance", f"{action.args[2]} advance into {loc} ({RULE})", units=ids, path=[loc]
        )
        untried = [i for i in ids if match.is_untried(match.state.units[i])]
        if untried:  # 13.1(1): tried or still untried, the owner's choice
            match.push(
                decision.side,
                "cc-try",
                f"make the untried units that advanced into {loc} tried, or none ({TRY_RULE})",
                units=untried,
            )
        match.touch()


# ------------------------------------------------------------------ untried units tried

TRY_RULE = "PMD 13.1, 2.4.9"


def rvgk_untried(match: Match, side: str) -> dict[str, list[str]]:
    """RVGK area -> ``side``'s untried units there (13.1(1): a stack of them may be tried)."""
    from .reinforce import RVGK  # late: reinforce's own imports lead back here

    found: dict[str, list[str]] = {}
    for unit in match.units_of(side):
        if unit.loc in RVGK and match.is_untried(unit):
            found.setdefault(str(unit.loc), []).append(unit.id)
    return {area: sorted(ids) for area, ids in sorted(found.items())}


def rvgk_problem(match: Match, side: str, ids: list[str]) -> str | None:
    """Why these units may not become tried by a marker in their RVGK area now (13.1(1))."""
    from .reinforce import RVGK

    leaf = match.phase
    if leaf is None or leaf.spec.kind != "combat" or match.phasing != side:
        return f"a marker tries a stack in an RVGK area in its owner's Combat Phase ({TRY_RULE})"
    if available(match, side) <= 0:
        return f"no Close Combat marker available this turn ({RULE})"
    if not ids or len(set(ids)) != len(ids):
        return "usage: cc-try UNIT[,UNIT...]"
    units = [match.state.units.get(i) for i in ids]
    if any(u is None or u.side != side or u.loc not in RVGK for u in units):
        return f"only {side}'s units in an RVGK area are tried this way ({TRY_RULE})"
    if len({u.loc for u in units if u is not None}) > 1:
        return f"one stack: the units are in the same RVGK area ({TRY_RULE})"
    tried = [u.id for u in units if u is not None and not match.is_untried(u)]
    if tried:
        return f"{', '.join(tried)} is not untried ({TRY_RULE})"
    if stacking.over(match, side, ids):
        return "more than one legal stack (PMD 6.1, ruling CC5)"
    return None


def _subsets(ids: list[str]) -> list[tuple[str, ...]]:
    return [g for k in range(len(ids), 0, -1) for g in itertools.combinations(ids, k)]


class CloseCombatTry(Verb):
    """``cc-try UNIT[,UNIT...]`` or ``cc-try none`` (13.1(1)): the untried units that advanced
    into an empty hex that become tried; or, in the owner's Combat Phase, a stack of untried
    units in an RVGK area tried with a marker (the listing offers each area's first legal
    stack; any legal stack may be named)."""

    name = "cc-try"
    kinds = ("combat", "cc-try")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.kind == "cc-try":
            for group in _subsets(list(decision.context["units"])):
                yield Action(self.name, (",".join(group),))
            yield Action(self.name, ("none",))
            return
        if available(match, decision.side) <= 0 or match.phasing != decision.side:
            return
        for ids in rvgk_untried(match, decision.side).values():
            stack: list[str] = []
            for uid in ids:
                if not stacking.over(match, decision.side, [*stack, uid]):
                    stack.append(uid)
            action = Action(self.name, (",".join(stack),))
            if stack and self.check(match, decision, action) is None:
                yield action

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: cc-try UNIT[,UNIT...] | cc-try none"
        ids = str(action.args[0]).split(",")
        if decision.kind == "cc-try":
            if ids == ["none"]:
                return None
            may = decision.context["units"]
            bad = [i for i in ids if i not in may]
            if bad or len(set(ids)) != len(ids):
                return f"name untried units that advanced: {', '.join(may)} ({TRY_RULE})"
            return None
        return rvgk_problem(match, decision.side, ids)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids = str(action.args[0]).split(",")
        if decision.kind == "cc-try":
            match.pop()
            if ids == ["none"]:
                match.emit("close-combat", "the advancing units stay untried", TRY_RULE)
                return
        else:
            area = match.state.units[ids[0]].loc
            _use(match, decision.side, f"a stack in {area} becomes tried")
        for uid in ids:
            match.reveal(match.state.units[uid], TRY_RULE)
        match.emit("close-combat", f"{', '.join(ids)} become tried", TRY_RULE, units=ids)
        match.touch()


# ------------------------------------------------------------------ the Axis's new year


def axis_on_map(match: Match) -> list[str]:
    """Hexes holding an Axis marker (13.1)."""
    return sorted(loc for loc, sides in on_map(match).items() if AXIS in sides)


def excess(match: Match) -> int:
    """Axis markers on the map beyond the year's total: those the Axis must take off it (13.1)."""
    return max(len(axis_on_map(match)) - total(match, AXIS), 0)


@on_phase("start", ids=("axis-reinforcement",))
def new_year(match: Match, phase: PhaseSpec) -> None:
    """13.1: in the first Reinforcement Phase of a year the Axis markers fall to the year's
    number; the Axis picks which, and one taken off the map eliminates the Axis units in its
    hex. Only markers on the map beyond the new number leave him a choice (ruling CC4)."""
    if ynn(match) % 100 == 1 and excess(match) > 0:
        match.push(
            AXIS,
            "cc-remove",
            f"take {excess(match)} Close Combat marker(s) off the map; the Axis units in the "
            f"hex are eliminated ({RULE})",
        )


class CloseCombatRemove(Verb):
    """``cc-remove HEX``: the Axis takes his marker off the jointly-occupied hex (13.1)."""

    name = "cc-remove"
    kinds = ("cc-remove",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for loc in axis_on_map(match):
            yield Action("cc-remove", (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in axis_on_map(match):
            return f"name a hex with an Axis Close Combat marker: {', '.join(axis_on_map(match))}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        loc = action.args[0]
        sides = on_map(match)[loc]
        sides.pop(AXIS)
        if not sides:
            on_map(match).pop(loc)
        if not on_map(match):
            _ns(match).pop("on_map", None)
        match.emit("close-combat", f"the Axis removes his Close Combat marker from {loc}", RULE)
        for unit in [u for u in match.units_at(loc) if u.side == AXIS]:
            match.eliminate(unit, "its hex's Close Combat marker removed at the new year", RULE)
        if excess(match) > 0:
            match.push(AXIS, decision.kind, decision.prompt)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [CloseCombat(), CloseCombatEmpty(), CloseCombatTry(), CloseCombatRemove()]


@hookimpl
@veto_scope(verbs=("attack",), kinds=("combat",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.1, 13.4.1: no Close Combat marker when attacking only across an unfrozen crossing
    arrow (8.11)."""
    if len(action.args) != 3 or action.args[0] not in _declared(match):
        return None
    target, units = action.args[0], match.state.units
    for uid in action.args[2].split(","):
        unit = units.get(uid)
        if unit is None or unit.loc is None or target not in match.topology:
            return None
        edge = match.topology.edge(unit.loc, target)
        if edge is None or not straits.live(match, edge.features):
            return None  # 13.4.1, 8.11: a frozen arrow does not bar the marker
    return f"the Close Combat marker on {target} cannot be used across a crossing arrow ({RULE})"


def ask_attacker(match: Match, battle: Battle) -> bool:
    """13.1, 14.3: the attacker of a mobile assault may place an available marker when his MA
    designates the hex, before the defending stack is examined (before any unit is revealed),
    not across a crossing arrow and not when his marker is already on the hex. True when he is
    asked (``close-combat commit|decline``); ``reveal.py`` asks it first, before the reveals."""
    if battle.kind != "overrun" or "close_combat" in battle.extra or not battle.defenders:
        return False
    if battle.extra.get("cc_attacker_asked") or not battle.attackers:
        return False
    battle.extra["cc_attacker_asked"] = True
    combat_mechanic.store(match, battle)
    side = match.state.units[battle.attackers[0]].side
    if available(match, side) <= 0 or side in on_map(match).get(battle.target, {}):
        return False
    launch = str(battle.extra.get("overrun", {}).get("launch", ""))
    edge = match.topology.edge(launch, battle.target) if launch in match.topology else None
    if edge is not None and straits.live(match, edge.features):
        return False
    match.push(
        side,
        "close-combat",
        f"place a Close Combat marker on the mobile assault at {battle.target}? ({RULE}, PMD 14.3)",
        battle=battle.id,
        role="attacker",
    )
    return True


def ask(match: Match, battle: Battle) -> bool:
    """After the construction (``constructions.py``): the attacker's committed marker makes the
    battle a close combat; otherwise the defender may commit one (13.1), unless his city already
    makes it one. True when the defender is asked."""
    if "close_combat" in battle.extra or not battle.defenders:
        return False
    declared = _declared(match)
    if battle.target in declared:
        declared.pop(battle.target)
        battle.extra["close_combat"] = "attacker"
        battle.explanation.append(f"the attacker committed a Close Combat marker ({RULE})")
        combat_mechanic.store(match, battle)
        return False
    side = constructions.defender_side(match, battle)
    assert side is not None
    there = side in on_map(match).get(battle.target, {})
    if constructions.in_city(match, battle) or there or available(match, side) <= 0:
        battle.extra["close_combat"] = None
        combat_mechanic.store(match, battle)
        return False
    match.push(
        side,
        "close-combat",
        f"commit a Close Combat marker to the battle at {battle.target}? ({RULE})",
        battle=battle.id,
    )
    return True


# ------------------------------------------------------------------ earning (Soviet)


def score(match: Match, battle: Battle) -> None:
    """13.1: a Soviet attack's qualifying points, once the defender's losses are taken."""
    from .losses import german_coloured

    units = match.state.units
    attackers = [units[i] for i in battle.attackers]
    if not attackers or attackers[0].side != SOVIET or battle.kind not in ("attack", "overrun"):
        return
    defenders = [units[i] for i in battle.defenders]
    german = [u for u in defenders if german_coloured(match, u)]
    points = 0
    if any(u.loc is None and float(match.unit_type(u).get("stacking", 0)) >= 1 for u in german):
        points += 1  # (A) a German-coloured division destroyed
    weight = sum(float(match.unit_type(u).get("stacking", 0)) for u in german)
    if weight >= 1 and _odds_at_least_2(battle.column):
        points += 1  # (B) 2:1 or better on a German division equivalent
    if points:
        add_points(match, points, battle.id)


def _odds_at_least_2(label: str | None) -> bool:
    if not label or "-" not in label:
        return False
    a, d = label.split("-", 1)
    try:
        return float(a) / float(d) >= 2
    except ValueError:
        return False


def add_points(match: Match, points: int, why: str) -> None:
    ns = _ns(match)
    year = war_year(ynn(match))
    record = ns.get("points")
    if not record or record[0] != year:
        record = [year, 0]
    before, after = record[1], record[1] + points
    ns["points"] = [year, after]
    match.emit(
        "close-combat",
        f"Soviet qualifying points this war year: {after} ({why})",
        RULE,
        points=after,
    )
    for need in POINTS_FOR:
        if before < need <= after:
            ns.setdefault("earned", []).append(match.turn)
            match.emit("close-combat", "the Soviets earn a Close Combat marker", RULE)


@on_phase("start", ids=("reinforcement",))
def stack_limit(match: Match, phase: PhaseSpec) -> None:
    """6.1: in the 1941 scenarios the Soviet limit is 3, 4 after the first marker, 5 after 2.
    A marker arrives on the turn after it was earned (13.1), so the limit changes only as a turn
    begins: set in its first phase, the Reinforcement Phase."""
    if "soviet_stack_limit" in match.state.vars:
        match.state.vars["soviet_stack_limit"] = 3 + min(soviet_arrived(match), 2)
