"""Soviet pontoon bridges (PMD 15.12).

From turn 220 the Soviet has 10 pontoon bridges (the count and the turn are the text's). A bridge
is laid (``bridge HEX NEXT``, in a Soviet Movement Phase) on a river hexside of a hex holding a
Soviet unit (ruling PB1: the bridge counters are not in the manifest, so a bridge travels with
the Soviet stacks and is laid where one of them stands). Laid, it is a per-match hexside
override of the static movement costs: for Soviet units the river's movement cost across that
hexside is negated (a cost key of their own, holding the laid hexsides, so the compiled tables
stay static), and a Soviet attack across it is read as across a minor river in 1941
(``combat.py``'s river factor). The Axis can never use one.

The flip is made in secret (15.12): which hexsides are bridged, and from which hex, is the
Soviet's secret (the kernel's ``State.secrets``, left out of the Axis's view; the conformance view
check flags it if it shows), the verbs' events name no hexside to the Axis (the place rides in
the event's ``secrets``), and ``bridge``/``bridge-lift`` are secret verbs (their text is masked in
the Axis's log). The Axis learns of a bridge when it acts: a Soviet attack across it, or its
elimination where he takes the hex.

A laid bridge is lifted again by the Soviet (``bridge-lift HEX NEXT``, ruling PB2) and returns to
his pool; it is eliminated (ruling PB3) when, at the end of any phase, no Soviet unit is left in
its hex (the last step eliminated in combat, or the stack gone: a lone 0-strength bridge is the
Axis's to take, and 15.12 eliminates rather than lets him capture it) or an Axis unit is there.
An eliminated bridge is rebuilt into the pool for 1 MRP (``bridge-rebuild``, a Soviet Refit
Phase, the way 9.5 spends points)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics.movement import chart_cost
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import mobileassault, movement, replacements, weather
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 15.12"
ARRIVES = 220
COUNT = 10
PER_HEX = 5
"""6.1: the Soviet may have at most 5 bridge units in a hex: the laid bridges, each in the hex it
was laid from (rulings PB1, SK1)."""
NS = "pmd-bridges"
"""The public part: the eliminated bridges (``lost``)."""
SECRET = "pontoon-bridges"
"""The Soviet's secret part (15.12): ``laid`` (the bridged hexsides) and ``at`` (the hex each was
laid from)."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns(NS)


def _key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def _read(match: Match) -> dict[str, Any]:
    """The secret laid bridges, read without writing them (they appear with the first bridge)."""
    found: dict[str, Any] = match.state.secrets.get(SOVIET, {}).get(SECRET, {})
    return found


def laid(match: Match) -> list[str]:
    """The bridged hexsides ("A|B", sorted); a copy (``_lay`` and ``_take`` change them)."""
    return list(_read(match).get("laid", []))


def lost(match: Match) -> int:
    return int(match.state.plugins.get(NS, {}).get("lost", 0))


def _lay(match: Match, a: str, b: str) -> None:
    mine = match.state.secrets.setdefault(SOVIET, {}).setdefault(SECRET, {})
    mine.setdefault("laid", []).append(_key(a, b))
    mine.setdefault("at", {})[_key(a, b)] = a


def _take(match: Match, key: str) -> None:
    mine = match.state.secrets[SOVIET]
    mine[SECRET]["laid"].remove(key)
    mine[SECRET]["at"].pop(key, None)
    if not mine[SECRET]["laid"]:  # no empty secrets are kept
        del mine[SECRET]
        if not mine:
            del match.state.secrets[SOVIET]


def _secretly(key: str) -> dict[str, Any]:
    """An event's data carrying the bridge's place for the Soviet only (15.12)."""
    return {"secrets": {SOVIET: {"bridge": key}}}


def pool(match: Match) -> int:
    """The bridges the Soviet may lay now."""
    if ynn(match) < ARRIVES:
        return 0
    return COUNT - len(laid(match)) - lost(match)


def bridged(match: Match, a: str, b: str) -> bool:
    """The hexside between ``a`` and ``b`` carries a Soviet pontoon bridge."""
    found = _read(match).get("laid") or ()
    return _key(a, b) in found


def _river(match: Match, a: str, b: str) -> bool:
    edge = match.topology.edge(a, b) if a in match.topology else None
    return edge is not None and bool(set(movement.RIVERS) & edge.features)


def _lay_problem(match: Match, decision: Decision, a: str, b: str) -> str | None:
    if decision.side != SOVIET or decision.kind != "movement":
        return f"the Soviet lays a bridge in his Movement Phase ({RULE})"
    if pool(match) < 1:
        return f"no pontoon bridge to lay (10 from turn {ARRIVES}) ({RULE})"
    if a not in match.topology or b not in match.topology.neighbours(a):
        return f"{a} and {b} are not neighbouring hexes"
    if not _river(match, a, b):
        return f"a bridge is laid over a river hexside ({RULE})"
    if bridged(match, a, b):
        return f"the hexside {a}-{b} is bridged already ({RULE})"
    if not any(u.side == SOVIET for u in match.units_at(a)):
        return f"a bridge is laid where a Soviet unit stands (ruling PB1, {RULE})"
    if any(u.side == AXIS for u in match.units_at(a)):
        return f"not in a hex the Axis occupies ({RULE})"
    if list(_read(match).get("at", {}).values()).count(a) >= PER_HEX:
        return f"at most {PER_HEX} bridges in a hex (PMD 6.1)"
    return None


class Bridge(Verb):
    """``bridge HEX NEXT``: lay a pontoon bridge in HEX over its river hexside to NEXT (15.12)."""

    name = "bridge"
    kinds = ("movement",)
    secret = True  # 15.12: the flip is made in secret

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        if decision.side != SOVIET or pool(match) < 1:
            return []
        out = []
        topo = match.topology
        for loc in sorted(
            {u.loc for u in match.state.units.values() if u.side == SOVIET and u.loc}
        ):
            if loc not in topo:
                continue
            for nxt in match.topology.neighbours(loc):
                if _lay_problem(match, decision, loc, nxt) is None:
                    out.append(Action("bridge", (loc, nxt)))
        return out

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: bridge HEX NEXT"
        return _lay_problem(match, decision, *action.args)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        a, b = action.args
        _lay(match, a, b)
        match.emit(
            "bridge", "the Soviet flips a pontoon bridge in secret", RULE, **_secretly(_key(a, b))
        )


class Lift(Verb):
    """``bridge-lift HEX NEXT``: take a laid bridge up again into the pool (ruling PB2)."""

    name = "bridge-lift"
    kinds = ("movement",)
    secret = True

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        if decision.side != SOVIET:
            return []
        return [Action("bridge-lift", tuple(k.split("|"))) for k in laid(match)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: bridge-lift HEX NEXT"
        if decision.side != SOVIET:
            return f"only the Soviet lifts his bridges ({RULE})"
        if not bridged(match, *action.args):
            return f"no pontoon bridge on that hexside ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        key = _key(*action.args)
        _take(match, key)
        match.emit("bridge", "the Soviet lifts a pontoon bridge in secret", RULE, **_secretly(key))


class Rebuild(Verb):
    """``bridge-rebuild``: an eliminated bridge comes back into the pool for 1 MRP (15.12)."""

    name = "bridge-rebuild"
    kinds = ("refit",)

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        return [Action("bridge-rebuild", ())] if self.check(match, decision, None) is None else []

    def check(self, match: Match, decision: Decision, action: Action | None) -> str | None:
        if decision.side != SOVIET:
            return f"only the Soviet rebuilds his bridges ({RULE})"
        if lost(match) < 1:
            return f"no eliminated pontoon bridge to rebuild ({RULE})"
        if replacements.points(match, SOVIET)["mrp"] < 1:
            return f"a bridge is rebuilt with an MRP ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        replacements.points(match, SOVIET)["mrp"] -= 1
        _ns(match)["lost"] = lost(match) - 1
        match.emit("bridge", "a pontoon bridge is rebuilt for 1 MRP", RULE)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Bridge(), Lift(), Rebuild()]


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """Ruling PB3: a bridge whose hex holds no Soviet unit, or an Axis one, is eliminated."""
    at = dict(_read(match).get("at", {}))
    for key in laid(match):
        loc = at[key]
        units = match.units_at(loc)
        if any(u.side == AXIS for u in units) or not any(u.side == SOVIET for u in units):
            _take(match, key)  # the Axis sees it go: he took the hex or the stack went
            _ns(match)["lost"] = lost(match) + 1
            match.emit("bridge", f"the pontoon bridge in {loc} ({key}) is eliminated", RULE)


@hookimpl(tryfirst=True)
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    """The Soviet units' costs with the laid bridges (the other keys' answers inside it)."""
    if unit.side != SOVIET or not _read(match).get("laid"):
        return None
    base = mobileassault.wargame_cost_key(match=match, unit=unit)
    if base is None:
        base = weather.wargame_cost_key(match=match, unit=unit)
    if base is None:
        base = (unit.side, match.unit_type(unit)["mobility"])
    return (base, "bridges", tuple(sorted(laid(match))))


@hookimpl(tryfirst=True)
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    """15.12: a Soviet unit crosses a bridged river as if it were not there."""
    if unit.side != SOVIET or not bridged(match, a, b):
        return None
    return chart_cost(match, unit, a, b, weather.columns(match, a, b), treat=movement.IGNORED)
