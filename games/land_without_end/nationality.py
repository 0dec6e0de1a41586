"""Stacking by nationality on the German side (LWE 6.3): German, Romanian, Hungarian and Italian
units (counter ids ``ger-``, ``rom-``, ``hun-``, ``ita-``) stack only with their own nation, but
(1) units out of supply stack together whatever their nations, and (2) one satellite mechanized
unit (the CSIR, the Hungarian Fast Corps) may stack with German units, never with another
satellite unit. The six-division limit (6.1) is the stacking mechanic's.

Checked where a German-side unit ends a move (``move``, ``rollbahn``) or an advance after combat.
A German-side prepared assault may involve one satellite nation at most, with German units or
without (11.37; its concentric bonus is only 1R, ``combat.py``).

A mixed stack can still arise: a forced retreat (never refused for nationality, ruling NA2) or a
mixed stack out of supply coming back into supply. 6.3 gives the owner until the end of his
Movement Phase (the current one, or his next if it arose at any other time) to sort it out; the
hexes in that grace are noted at the end of every phase (``grace``). At the end of each German
Movement Phase the grace ends: a stack still mixed loses the fewest units that make it legal, the
Soviet choosing which (6.2's penalty; ruling NA3), ``nationality UNIT`` one at a time.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .common import GERMAN, SOVIET

RULE = "LWE 6.3"
SATELLITE_MECH = "satellite-mech"
NS = "lwe-nationality"
KIND = "nationality"


def nation(unit: Unit) -> str:
    return unit.id.split("-", 1)[0]


def mixed(match: Match, units: Iterable[Unit]) -> str | None:
    """Why these German-side units may not share a hex (6.3), or None."""
    from .supply import oos

    group = [u for u in units if u.side == GERMAN]
    nations = {nation(u) for u in group}
    if len(nations) <= 1 or all(oos(u) for u in group):
        return None
    mech = [u for u in group if match.counter(u)["type"] == SATELLITE_MECH]
    rest = {nation(u) for u in group if match.counter(u)["type"] != SATELLITE_MECH}
    if len(mech) == 1 and rest <= {"ger"}:
        return None
    names = ", ".join(sorted(nations))
    return f"units of different nations ({names}) may not stack ({RULE})"


@hookimpl
@veto_scope(verbs=("move", "rollbahn", "advance", "attack"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if decision.side != GERMAN or len(action.args) < 2:
        return None
    if action.verb == "attack":
        return satellites_in_attack(match, action)
    end = str(action.args[-1])
    if end.startswith("box:") or end not in match.topology:
        return None
    units = match.state.units
    moving = [units[u] for u in str(action.args[0]).split(",") if u in units]
    there = [u for u in match.units_at(end) if u not in moving]
    return mixed(match, moving + there)


def satellites_in_attack(match: Match, action: Action) -> str | None:
    """11.37: one Axis-satellite nation at most in a German-side prepared assault (with German
    units or not)."""
    units = match.state.units
    ids = {a for arg in action.args[1:] for a in str(arg).split(",") if a in units}
    nations = {nation(units[u]) for u in ids if units[u].side == GERMAN} - {"ger"}
    if len(nations) > 1:
        return (
            f"no more than one satellite nation in a prepared assault ({', '.join(sorted(nations))})"
            " (LWE 11.37)"
        )
    return None


def german_stacks(match: Match) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for unit in match.units_of(GERMAN):
        if unit.loc is not None and not unit.loc.startswith("box:"):
            out.setdefault(unit.loc, []).append(unit)
    return out


def mixed_hexes(match: Match) -> list[str]:
    """Hexes whose German-side units break 6.3 now."""
    return sorted(h for h, units in german_stacks(match).items() if mixed(match, units))


def grace(match: Match) -> list[str]:
    return list(match.state.ns(NS).get("grace", []))


@on_phase("end", kinds=("movement",), phasing=GERMAN, others=True)
def note_grace(match: Match, phase: PhaseSpec) -> None:
    """6.3: note the mixed stacks now in their grace (each goes once sorted out); the German
    Movement Phase's end ends the grace instead (below)."""
    found = mixed_hexes(match)
    if found:
        match.state.ns(NS)["grace"] = found
    else:
        match.state.ns(NS).pop("grace", None)


@on_phase("end", kinds=("movement",), phasing=GERMAN, tryfirst=True)
def grace_ends(match: Match, phase: PhaseSpec) -> None:
    """6.3: the end of a German Movement Phase ends every grace; the Soviet removes the fewest
    units that leave each stack still mixed legal (6.2's penalty, ruling NA3)."""
    match.state.ns(NS).pop("grace", None)
    for h in mixed_hexes(match):
        match.emit(KIND, f"{h}: units of different nations still stacked ({RULE})", RULE, loc=h)
        match.push(SOVIET, KIND, f"remove a unit from the mixed stack in {h} ({RULE}, 6.2)", loc=h)


def removable(match: Match, loc: str) -> list[str]:
    """The units some smallest removal leaving a legal stack takes (6.2: "the minimum number")."""
    units = [u for u in match.units_at(loc) if u.side == GERMAN]
    keeps = [[u for u in units if nation(u) == n] for n in sorted({nation(u) for u in units})]
    germans = [u for u in units if nation(u) == "ger"]
    keeps += [
        [*germans, u]
        for u in units
        if nation(u) != "ger" and match.counter(u)["type"] == SATELLITE_MECH
    ]
    best = max(len(k) for k in keeps)
    out: set[str] = set()
    for keep in keeps:
        if len(keep) == best:
            out |= {u.id for u in units} - {u.id for u in keep}
    return sorted(out)


class Remove(Verb):
    """``nationality UNIT``: the Soviet removes UNIT from a stack still mixed (6.3, 6.2)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in removable(match, decision.context["loc"]):
            yield Action(self.name, (uid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        loc = decision.context["loc"]
        if len(action.args) != 1 or str(action.args[0]) not in removable(match, loc):
            return (
                f"remove one of {', '.join(removable(match, loc))}: the fewest units that leave "
                f"{loc} legal go ({RULE}, 6.2)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        loc = decision.context["loc"]
        unit = match.state.units[str(action.args[0])]
        match.eliminate(unit, "units of different nations stacked past the grace", RULE)
        if mixed(match, [u for u in match.units_at(loc) if u.side == GERMAN]):
            match.push(decision.side, decision.kind, decision.prompt, loc=loc)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Remove()]
