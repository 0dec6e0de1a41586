"""Directive No. 3 (LWE 5.6, 7.12, 11.24): in effect from the start. The Soviet player may
rescind it at the very start of GT8 or any later game turn (his decision: ``dd3 rescind`` or
``dd3 keep``); the first non-dry weather rescinds it at once (weather.py). When it goes, every
FZ not in a large-town hex leaves the map for good (11.24), and the Soviet Supply Check Phase is
held from then on (7.12).

While it stands, every Soviet unit that begins the Soviet Prepared Assault Phase next to a
German-held hex must take part in a prepared assault on one of those hexes, his choice which
(5.6): he may not end the phase while such a unit could still make one. Exempt (ruling E9, the
union of 5.6, 11.1 and 11.24): FZs and units stacked with one, units in an intact fortified-line
hex or a city, the Oranienbaum naval infantry and units stacked with it; a hex across a river
hexside never obliges (5.6), nor one across an all-sea or all-lake hexside (no attack, 11.18).
The obligations are fixed at the start of the phase (``state.ns("lwe-dd3")["obliged"]``:
unit -> hexes) and cleared at its end.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import GERMAN, SOVIET, features

NS = "lwe-dd3"
OBLIGED = "obliged"
NO_DUTY_HEXSIDES = {"river", "sea", "lake"}

FIRST_TURN = 8
"""7.12: the earliest game turn the Soviet player may rescind it."""


def in_effect(match: Match) -> bool:
    return bool(match.state.vars.get("dd3", True))


def rescind(match: Match, why: str, rule: str) -> None:
    match.state.vars["dd3"] = False
    match.emit("dd3", f"Directive No. 3 is rescinded: {why}", rule)
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        if unit.side != SOVIET or unit.loc is None or unit.loc.startswith("box:"):
            continue
        if "fz" not in match.unit_type(unit).get("tags", ()):
            continue
        if "large-town" not in features(match, unit.loc):
            match.eliminate(unit, "FZ outside a large town removed as DD3 ends", "LWE 11.24")


class Directive(Verb):
    """``dd3 rescind`` or ``dd3 keep``: the Soviet choice at the start of GT8 or later (7.12)."""

    name = "dd3"
    kinds = ("dd3",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("dd3", ("rescind",))
        yield Action("dd3", ("keep",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args not in (("rescind",), ("keep",)):
            return "usage: dd3 rescind|keep (LWE 7.12)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "rescind":
            rescind(match, "the Soviet player rescinds it", "LWE 7.12")
        else:
            match.emit("dd3", "the Soviet player keeps Directive No. 3 this turn", "LWE 7.12")
        match._end_phase()


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "dd3-choice":
        return in_effect(match) and match.turn >= FIRST_TURN
    return None


def exempt(match: Match, loc: str) -> bool:
    """5.6, 11.1, 11.24 (E9): the hex's Soviet units need not attack."""
    from .combat import fortified, tags

    if "city" in features(match, loc) or fortified(match, loc):
        return True
    return any(
        u.side == SOVIET
        and ("fz" in tags(match, u) or match.counter(u)["type"] == "naval-infantry")
        for u in match.units_at(loc)
    )


def duties(match: Match) -> dict[str, list[str]]:
    """Each Soviet unit that must attack now, with the German-held hexes it may attack (5.6)."""
    from .combat import edge_features

    topo = match.topology
    german = {
        loc for loc, ids in match.occupied().items() if match.state.units[ids[0]].side == GERMAN
    }
    out: dict[str, list[str]] = {}
    for loc, ids in sorted(match.occupied().items()):
        if loc.startswith("box:") or loc in german or exempt(match, loc):
            continue
        near = [
            n
            for n in topo.neighbours(loc)
            if n in german
            and not n.startswith("box:")
            and not NO_DUTY_HEXSIDES & edge_features(match, loc, n)
        ]
        if near:
            for uid in ids:
                if match.state.units[uid].side == SOVIET:
                    out[uid] = sorted(near)
    return out


@on_phase("start", kinds=("combat",))
def fix_duties(match: Match, phase: PhaseSpec) -> None:
    """5.6: the units that begin the Soviet Prepared Assault Phase next to the enemy."""
    if match.phasing == SOVIET and in_effect(match):
        match.state.ns(NS)[OBLIGED] = duties(match)


@on_phase("end", kinds=("combat",))
def clear_duties(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET:
        match.state.ns(NS).pop(OBLIGED, None)


def owing(match: Match) -> list[str]:
    """The obliged units that have not attacked and still could: each is an attacker in some
    legal attack on one of its hexes (5.6)."""
    from wargame.mechanics import combat

    duty = match.state.ns(NS).get(OBLIGED, {})
    units = match.state.units
    waiting = {
        uid
        for uid in duty
        if uid in units and units[uid].loc is not None and combat.may_attack(match, units[uid])
    }
    decision = match.decision
    if not waiting or decision is None or "attack" not in match.verbs:
        return []
    found: set[str] = set()
    for action in match.verbs["attack"].legal(match, decision):
        if len(action.args) < 3:
            continue
        target, ids = str(action.args[0]), str(action.args[2]).split(",")
        due = {u for u in ids if u in waiting - found and target in duty[u]}
        if due and match.check(action) is None:
            found |= due
        if found == waiting:
            break
    return sorted(found)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "combat" or decision.side != SOVIET or OBLIGED not in match.state.ns(NS):
        return []
    left = owing(match)
    if not left:
        return []
    return [f"under Directive No. 3 these units must still attack: {', '.join(left)} (LWE 5.6)"]


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Directive()]
