"""Prepared assaults (LWE 11.1-11.36): what terrain, towns, fortifications and the attackers'
positions do to a battle, and the result codes that are more than a step count.

Strengths (1.3, 11.12: every halving of a battle is totalled first and divided once, rounding
down, a lone factor never below 1): attackers across a river (11.17; not the German side on GT1-3,
5.4), mechanized attackers into marsh (11.16), German panzer divisions into a city (11.22) are
halved; Soviet mechanized and cavalry units defending in a city count 1 each (11.22).
Shifts on the raw odds (11.11, the table's ``shift_mode: ratio``): forest 1L (11.14), hills 2L
(11.15), marsh 1R (11.16), large town 1L (11.21), city 2L (11.22), fortified line 1L (11.23), an FZ
in the hex 1L (11.24), concentric 2R German only or 1R otherwise, never against a city, a fortified
line or an FZ (11.27, the shared geometry). No attack across an all-sea or all-lake hexside (11.18).
Results: DE reduces every defender by one step, so one-step units die and two-step units flip
(11.34); BB is DE and then the attacker loses as many steps as the defender did (11.35); in a city
AS and DR become AL1 (11.22), as DR does against an FZ in a large town (11.24); a DR against an
all-German defending force in a Soviet PA may be taken as DL1, the German's decision (11.38).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import halving
from wargame.mechanics.concentric import concentric
from wargame.plugins import Verb
from wargame.state import Unit

from . import ica, weather
from .common import GERMAN, SOVIET, features

NS = "lwe-combat"
NO_ATTACK_HEXSIDES = {"sea", "lake"}


def tags(match: Match, unit: Unit) -> set[str]:
    return set(match.unit_type(unit).get("tags", ()))


def mobility(match: Match, unit: Unit) -> str:
    return str(match.unit_type(unit)["mobility"])


def printed(match: Match, unit: Unit, value: str = "attack") -> int:
    return int(match.unit_values(unit).get(value, 0))


@hookimpl
def wargame_unit_values(match: Match, unit: Unit) -> dict[str, float] | None:
    """Most counters print one combat factor for attack and defence (2.10); the FZ and the ArKo
    print both (11.24, 11.26)."""
    if unit.face is not None:
        return None
    key = ("lwe-values", unit.counter, unit.step)
    found = match.cache.get(key)
    if found is None:
        steps = match.counter(unit)["steps"]
        values = dict(steps[min(unit.step, len(steps) - 1)]["values"])
        if "combat" in values:
            values.setdefault("attack", values["combat"])
            values.setdefault("defense", values["combat"])
        found = match.cache[key] = values
    return found


def edge_features(match: Match, a: str, b: str) -> set[str]:
    edge = match.topology.edge(a, b)
    return set(edge.features) if edge is not None else set()


def has_fz(match: Match, loc: str) -> bool:
    return any(u.side == SOVIET and "fz" in tags(match, u) for u in match.units_at(loc))


def halvings(match: Match, battle: Battle, unit: Unit) -> list[tuple[str, str]]:
    """Why this attacker is halved: (reason, rule) per halving."""
    out: list[tuple[str, str]] = []
    origin = battle.origins.get(unit.id) or unit.loc
    target = battle.target
    wet = weather.now(match, target) in ("D", "M", "R")  # 10.6, 10.7: F and S ignore them
    river = origin and "river" in edge_features(match, origin, target)
    if wet and river and not (unit.side == GERMAN and match.turn <= 3):
        out.append(("across a river", "LWE 11.17, 5.4"))
    if wet and mobility(match, unit) == "mech" and match.topology.terrain(target) == "marsh":
        out.append(("mechanized into marsh", "LWE 11.16"))
    if "panzer" in tags(match, unit) and "city" in features(match, target):
        out.append(("panzer division into a city", "LWE 11.22"))
    return out


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    units = match.state.units
    mods: list[Modifier] = []
    groups: dict[int, list[int]] = {}
    reasons: dict[int, set[str]] = {}
    for uid in battle.attackers:
        unit = units[uid]
        why = halvings(match, battle, unit)
        if why:
            div = 2 ** len(why)
            groups.setdefault(div, []).append(printed(match, unit))
            reasons.setdefault(div, set()).update(f"{r} ({rule})" for r, rule in why)
    for div, values in sorted(groups.items()):
        cut = sum(values) - halving.divide_total(values, div)
        if cut:
            text = "; ".join(sorted(reasons[div]))
            mods.append(
                Modifier(
                    "attack", "add", -cut, f"halved together, once per reason: {text}", "LWE 1.3"
                )
            )
    if "city" in features(match, battle.target):
        for uid in battle.defenders:
            unit = units[uid]
            slow = unit.side == SOVIET and mobility(match, unit) in ("mech", "cavalry")
            if slow and printed(match, unit, "defense") != 1:
                mods.append(Modifier(uid, "set", 1, "mechanized or cavalry in a city", "LWE 11.22"))
    return mods


def fortified(match: Match, loc: str) -> bool:
    """An intact fortified-line hex (11.23); German-side entry destroys it."""
    return "fortified-line" in features(match, loc) and loc not in match.state.ns(NS).get(
        "destroyed_lines", []
    )


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    topo = match.topology
    target = battle.target
    units = match.state.units
    out: list[Shift] = []
    terrain = topo.terrain(target)
    feats = features(match, target)
    if terrain == "forest":
        out.append(Shift.left(1, "defender in forest", "LWE 11.14"))
    if terrain == "hills":
        out.append(Shift.left(2, "defender in hills", "LWE 11.15"))
    if terrain == "marsh" and battle.kind == "attack" and weather.now(match, target) in "DMR":
        out.append(Shift.right(1, "prepared assault into marsh", "LWE 11.16"))
    if "large-town" in feats:
        out.append(Shift.left(1, "defender in a large town", "LWE 11.21"))
    if "city" in feats:
        out.append(Shift.left(2, "defender in a city", "LWE 11.22"))
    line = fortified(match, target)
    if line:
        out.append(Shift.left(1, "defender in a fortified line", "LWE 11.23"))
    fz = has_fz(match, target)
    if fz:
        out.append(Shift.left(1, "fortified zone in the hex", "LWE 11.24"))
    if battle.kind == "attack" and battle.attackers and not ("city" in feats or line or fz):
        origins = [battle.origins.get(u) or units[u].loc for u in battle.attackers]
        if concentric(match, target, [o for o in origins if o]):
            germans_only = all("german" in tags(match, units[u]) for u in battle.attackers)
            cols = 2 if germans_only else 1
            who = "German units only" if germans_only else "satellite, Soviet or mixed"
            out.append(Shift.right(cols, f"concentric assault ({who})", "LWE 11.27"))
    return out


@hookimpl
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    feats = features(match, battle.target)
    if "city" in feats and result in ("AS", "DR"):
        match.emit("combat", f"{result} in a city becomes AL1", "LWE 11.22")
        combat_mechanic.carry_out(match, battle, "AL1")
        return True
    if result == "DR" and "large-town" in feats and has_fz(match, battle.target):
        match.emit("combat", "DR against an FZ in a large town becomes AL1", "LWE 11.24")
        combat_mechanic.carry_out(match, battle, "AL1")
        return True
    if result == "DR" and may_take_dl1(match, battle):
        battle.extra["dl1_asked"] = True
        combat_mechanic.store(match, battle)
        match.push(GERMAN, "dl1", f"DR in {battle.id}: take DL1 instead? (LWE 11.38)")
        return True
    if result == "DR":
        eliminate_static(match, battle)
        if ica.sea_retreat(match, battle):
            return True
    if result not in ("DE", "BB"):
        return None
    rule = "LWE 11.34" if result == "DE" else "LWE 11.35"
    lost = 0
    for uid in battle.defenders:
        unit = match.state.units[uid]
        if unit.loc is not None:
            match.lose_steps(unit, 1, rule)
            lost += 1
    if "fortified-line" in feats:
        destroyed = match.state.ns(NS).setdefault("destroyed_lines", [])
        if battle.target not in destroyed:
            destroyed.append(battle.target)
    battle.extra["todo"] = [{"who": "attacker", "do": "steps", "n": lost}] if result == "BB" else []
    battle.extra["rule"] = rule
    battle.extra["advance"] = True
    combat_mechanic.store(match, battle)
    combat_mechanic.proceed(match)
    return True


STATIC = {"fz", "naval-infantry"}
"""11.32: Soviet fortified zones and the Oranienbaum naval infantry never retreat."""


def eliminate_static(match: Match, battle: Battle) -> None:
    """11.32: a DR eliminates the static defenders in place; the others retreat as usual."""
    for uid in battle.defenders:
        unit = match.state.units[uid]
        if unit.loc is not None and match.counter(unit)["type"] in STATIC:
            match.eliminate(unit, "a static unit may not retreat (DR)", "LWE 11.32")


def may_take_dl1(match: Match, battle: Battle) -> bool:
    """11.38: a DR against a defending force of German units only, in a Soviet PA, not yet
    answered."""
    if battle.kind != "attack" or battle.extra.get("dl1_asked"):
        return False
    units = [match.state.units[u] for u in battle.defenders]
    alive = [u for u in units if u.loc is not None]
    return bool(alive) and all(u.side == GERMAN and "german" in tags(match, u) for u in alive)


class DL1(Verb):
    """``dl1 take`` or ``dl1 retreat``: the German answer to a DR against an all-German defending
    force in a Soviet PA (11.38). DL1: one step of his choice lost in total, the survivors and the
    Soviet attackers stay in place (ruling E14: the attackers lose nothing, no advance)."""

    name = "dl1"
    kinds = ("dl1",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("dl1", ("take",))
        yield Action("dl1", ("retreat",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("take",), ("retreat",)):
            return "usage: dl1 take|retreat (LWE 11.38)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        if action.args[0] == "retreat":
            combat_mechanic.carry_out(match, battle, "DR")
            return
        match.emit("combat", f"{battle.id}: the German converts DR to DL1", "LWE 11.38")
        battle.result = "DL1"
        battle.extra["todo"] = [{"who": "defender", "do": "steps", "n": 1}]
        battle.extra["rule"] = "LWE 11.38"
        battle.extra["advance"] = False
        combat_mechanic.store(match, battle)
        combat_mechanic.proceed(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [DL1()]


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """No attack across an all-sea or all-lake hexside (11.18)."""
    if action.verb != "attack" or len(action.args) < 1:
        return None
    targets = str(action.args[0]).split(",")
    ids = [a for arg in action.args[1:] for a in str(arg).split(",") if a in match.state.units]
    for uid in ids:
        loc = match.state.units[uid].loc
        for target in targets:
            if not loc or target not in match.topology:
                continue
            barred = NO_ATTACK_HEXSIDES - ({"lake"} if weather.now(match, target) == "S" else set())
            if barred & edge_features(match, loc, target):  # 10.7: snow opens lake hexsides
                return f"{uid} may not attack across an all-sea or all-lake hexside (LWE 11.18)"
    return None
