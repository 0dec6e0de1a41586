"""Soviet replacements (LWE 8.7-8.9), RP divisions (8.10) and Stavka Directive No. 1 (8.14).

- 8.7, 8.8: at the start of each Soviet New Unit Entry Phase from GT2, every replacement centre
  (``table-replacements.json``: the 13 starred cities and large towns) that is Soviet-controlled
  and in supply gives the turn's rate in replacement points. The Soviet player spends them one
  a unit (``reclaim UNIT HEX``) on eliminated rifle divisions, mountain rifle divisions and
  regular cavalry corps, each entering any Soviet-held large town or city in supply; he stops
  when he likes (``replacements done``); what is left lapses. Stacking may be exceeded until the
  end of his Movement Phase (the stacking mechanic checks only then).
- 8.9: the ICA, reduced at the start of the phase and in a Black Sea or Azov coastal town, is
  restored for 5 of those points (``replenish sov-ica``), no line needed.
- 8.10: when a rifle corps is eliminated, as many RP divisions as its combat factor are drawn at
  random from the RP units never drawn and go to the dead pile, where replacements may reclaim
  them; the 65th Rifle Corps (a headquarters) gives none.
- 8.14: at the very start of GT6 (the German Mechanized Refit Start Phase) every rifle corps on the
  map is removed for good and as many RP divisions as its combat factor are drawn into its hex
  (ruling E22j: blindly; they may over-stack until the end of the next Soviet Movement Phase).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .common import SOVIET, town_class

NS = "lwe-replacements"
KIND = "replacements"
RULE = "LWE 8.7"
ICA = "sov-ica"
ICA_COST = 5
"""8.9: replacement points that restore the ICA's lost step."""
HQ_ONLY = frozenset({"sov-rc-65"})
"""8.10: the 65th Rifle Corps (1-3) was only a headquarters: no RP divisions."""
COASTS = frozenset({"black-sea", "azov"})


def table(match: Match) -> dict[str, Any]:
    return dict(match.title.doc("replacements")["entries"])


def rate(match: Match) -> int:
    """8.7, 8.8: points per centre on this turn (0 before GT2)."""
    found = 0
    for turn, n in sorted((int(t), int(n)) for t, n in table(match)["rates"].items()):
        if match.turn >= turn:
            found = n
    return found


def working_centres(match: Match) -> list[str]:
    """8.7: the centres under Soviet control and with a supply line now (a hex's supply: DD3's
    blanket supply is the units', 7.8; ruling RE6)."""
    from .supply import soviet_line

    control = match.state.control
    return [
        h
        for h in sorted(table(match)["centres"])
        if control.get(h) == SOVIET and soviet_line(match, h) is not None
    ]


def points(match: Match) -> int:
    return int(match.state.ns(NS).get("points", 0))


def eligible(match: Match, unit: Unit) -> bool:
    """8.7: an eliminated rifle division, mountain rifle division or regular cavalry corps."""
    types = set(table(match)["eligible"]["types"])
    return (
        unit.side == SOVIET
        and bool(unit.flags.get("eliminated"))
        and match.counter(unit)["type"] in types
    )


def dead(match: Match) -> list[Unit]:
    return sorted((u for u in match.state.units.values() if eligible(match, u)), key=lambda u: u.id)


def entry_hexes(match: Match) -> list[str]:
    """8.7: Soviet-held large towns and cities with a supply line (DD3's blanket supply of the
    units on the map does not count for entry, 7.8; ruling RE6)."""
    from .supply import soviet_line

    key = ("lwe-replacement-entries", match.version)
    found = match.scratch.get(key)
    if found is None:
        control = match.state.control
        found = match.scratch[key] = [
            h
            for h in sorted(control)
            if control[h] == SOVIET
            and town_class(match, h) in ("large-town", "city")
            and soviet_line(match, h) is not None
        ]
    return found


def ica_replenishable(match: Match) -> bool:
    """8.9: reduced at the start of the phase, on the map, in a Black Sea or Azov coastal town."""
    unit = match.state.units.get(ICA)
    if unit is None or unit.loc is None or unit.flags.get("eliminated"):
        return False
    if not match.state.ns(NS).get("ica_reduced") or unit.step < 1:
        return False
    coast = set(match.topology.attrs(unit.loc).get("coast", ()))
    return bool(coast & COASTS) and town_class(match, unit.loc) is not None


def anything_to_do(match: Match) -> bool:
    n = points(match)
    if n <= 0:
        return False
    return (bool(dead(match)) and bool(entry_hexes(match))) or (
        n >= ICA_COST and ica_replenishable(match)
    )


def _ask(match: Match) -> None:
    if anything_to_do(match):
        match.push(SOVIET, KIND, f"Soviet replacements: {points(match)} points ({RULE})")
    else:
        _lapse(match)


def _lapse(match: Match) -> None:
    ns = match.state.ns(NS)
    left = int(ns.pop("points", 0))
    ns.pop("ica_reduced", None)
    if left:
        match.emit(KIND, f"{left} Soviet replacement points lapse", "LWE 8.7")


@on_phase("start", ids=("entry",))
def grant(match: Match, phase: PhaseSpec) -> None:
    """8.7-8.9: the Soviet New Unit Entry Phase's replacement points, after the Guards
    conversions, its first activity (8.13)."""
    from . import guards

    if match.phasing == SOVIET and not guards.start(match):
        begin(match)


def begin(match: Match) -> None:
    """Grant the points and ask how they are spent (8.7-8.9)."""
    per = rate(match)
    centres = working_centres(match) if per else []
    ns = match.state.ns(NS)
    ns["points"] = per * len(centres)
    ica = match.state.units.get(ICA)
    ns["ica_reduced"] = bool(
        ica is not None and ica.loc is not None and not ica.flags.get("eliminated") and ica.step
    )
    if per:
        match.emit(
            KIND,
            f"Soviet replacements: {per} a centre x {len(centres)} centres = {ns['points']} points",
            "LWE 8.7, 8.8",
            centres=centres,
        )
    _ask(match)


class Reclaim(Verb):
    """``reclaim UNIT HEX``: an eliminated eligible unit back into a supplied town (8.7)."""

    name = "reclaim"
    kinds = (KIND,)

    def actors(self, match: Match, decision: Decision) -> Iterable[str]:
        return [u.id for u in dead(match)] if points(match) > 0 and entry_hexes(match) else []

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        unit = match.state.units.get(actor)
        if unit is None or not eligible(match, unit) or points(match) <= 0:
            return []
        return [Action(self.name, (actor, h)) for h in entry_hexes(match)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: reclaim UNIT HEX"
        unit = match.state.units.get(str(action.args[0]))
        if unit is None or not eligible(match, unit):
            return (
                f"{action.args[0]} is not an eliminated rifle division, mountain rifle division "
                f"or regular cavalry corps ({RULE})"
            )
        if points(match) <= 0:
            return f"no replacement points left ({RULE})"
        if str(action.args[1]) not in entry_hexes(match):
            return f"replacements enter only Soviet-held large towns and cities in supply ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        uid, loc = str(action.args[0]), str(action.args[1])
        match.new_unit(match.state.units[uid].counter, loc, uid)
        match.state.ns(NS)["points"] = points(match) - 1
        match.emit(KIND, f"{uid} returns as a replacement at {loc}", RULE, unit=uid, loc=loc)
        _ask(match)


class Replenish(Verb):
    """``replenish sov-ica``: the ICA's lost step back for 5 points (8.9)."""

    name = "replenish"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if points(match) >= ICA_COST and ica_replenishable(match):
            yield Action(self.name, (ICA,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args != (ICA,):
            return f"usage: replenish {ICA} (only the ICA is replenished, LWE 8.9)"
        if points(match) < ICA_COST:
            return f"the ICA costs {ICA_COST} replacement points (LWE 8.9)"
        if not ica_replenishable(match):
            return (
                "the ICA is replenished only when reduced at the start of the phase and in a "
                "Black Sea or Azov coastal town (LWE 8.9)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        unit = match.state.units[ICA]
        unit.step = 0
        ns = match.state.ns(NS)
        ns["points"] = points(match) - ICA_COST
        ns.pop("ica_reduced", None)
        match.emit(KIND, f"the ICA is replenished ({ICA_COST} points)", "LWE 8.9", unit=ICA)
        _ask(match)


class Done(Verb):
    """``replacements done``: the Soviet player spends no more; the rest lapses (8.7)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action(self.name, ("done",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        return None if action.args == ("done",) else "usage: replacements done"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        _lapse(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reclaim(), Replenish(), Done()]


# ----------------------------------------------------------------------------- RP divisions


def rp_pool(match: Match) -> list[str]:
    """8.10: the RP divisions still in the container (never drawn)."""
    units = match.state.units
    return [
        cid
        for cid, c in match.counters_doc["counters"].items()
        if c.get("formation") == "rp" and cid not in units
    ]


def draw_rp(match: Match, n: int, why: str, rule: str) -> list[str]:
    """Draw ``n`` RP divisions blindly (fewer if the container runs dry, E22j)."""
    pool = rp_pool(match)
    drawn = [pool.pop(match.choose(len(pool))) for _ in range(min(n, len(pool)))]
    if len(drawn) < n:
        match.emit(KIND, f"only {len(drawn)} of {n} RP divisions left to draw", rule)
    match.emit(KIND, f"{why}: RP divisions {', '.join(drawn) or 'none'}", rule, units=drawn)
    return drawn


def corps_factor(match: Match, unit: Unit) -> int:
    return int(match.unit_values(unit).get("combat", 0))


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """8.10: an eliminated rifle corps puts RP divisions in the dead pile (not the 65th)."""
    if match.counter(unit)["type"] != "rifle-corps":
        return
    if unit.counter in HQ_ONLY:
        match.emit(KIND, f"{unit.id} was a headquarters: no RP divisions", "LWE 8.10")
        return
    for cid in draw_rp(match, corps_factor(match, unit), f"{unit.id} eliminated", "LWE 8.10"):
        match.new_unit(cid, None)
        match.state.units[cid].flags["eliminated"] = True


@on_phase("start", ids=("refit-start",))
def stavka_directive_1(match: Match, phase: PhaseSpec) -> None:
    """8.14: at the very start of GT6 (its first phase)."""
    if match.turn == 6 and not match.state.ns(NS).get("stavka-1"):
        match.state.ns(NS)["stavka-1"] = True
        disband_corps(match)


def disband_corps(match: Match) -> None:
    """8.14: every rifle corps on the map leaves for good, as many RP divisions as its combat
    factor drawn into its hex (none for the 65th, a headquarters: ruling RE1)."""
    corps = sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if u.loc is not None
            and not u.loc.startswith("box:")
            and match.counter(u)["type"] == "rifle-corps"
        ),
        key=lambda u: u.id,
    )
    for unit in corps:
        loc = unit.loc
        n = 0 if unit.counter in HQ_ONLY else corps_factor(match, unit)
        match.place(unit, None)
        unit.flags = {"disbanded": True}
        match.emit(KIND, f"{unit.id} disbanded by Stavka Directive No. 1", "LWE 8.14")
        for cid in draw_rp(match, n, f"{unit.id} at {loc}", "LWE 8.14"):
            match.new_unit(cid, loc)
