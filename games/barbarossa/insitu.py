"""In-situ entries (BARB 8.2, 8.4): KorpsGruppen and emergency units enter at the German's
decision in the Mutual Administrative Phase (``muster UNIT HEX``, ``muster pass`` ending his
entries for the phase), never two in one hex in one phase (ruling E27: one in-situ entry a hex,
KG or emergency), always with room; supply does not matter.

A KG (8.2) enters only in its own turn (8.1: an untaken one is forfeit when the phase ends), in
a German-occupied hex of the north or south logistical area its counter names, anywhere for
"Any", or only in the hex its counter names (German-controlled, occupied or not). An emergency
unit (8.4) may enter in any Mutual Administrative Phase from its turn, in a German-occupied hex
or a German-controlled city. Names, turns and areas are stand-ins (:data:`KORPSGRUPPEN`,
:data:`emergency.ARRIVALS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.topology import is_box

from .emergency import ARRIVALS
from .turns import GERMAN, in_region, is_city

KORPSGRUPPEN: dict[str, tuple[int, str]] = {
    "ger-kg-jkl": (25, "N"),
    "ger-kg-sbn": (26, "S"),
    "ger-kg-str": (26, "Any"),
    "ger-kg-wse": (28, "S"),
    "ger-kg-skn": (29, "Any"),
    "ger-kg-neh": (30, "1819"),
    "ger-kg-tet": (31, "N"),
}
"""KG -> (its turn, "N", "S", "Any" or its hex): stand-ins (the counters' backs, 8.2), the same
as the counter notes of ``datagen/oob.py``."""
AREAS = {"N": "zone:north", "S": "zone:south"}
KIND = "muster"
LIMIT = 5
NS = "barbarossa-insitu"


class InSituState(TypedDict, total=False):
    mustered: list[str]  # the hexes entered in situ this phase (ruling E27: one a hex)


def ns(match: Match) -> InSituState:
    return cast(InSituState, match.state.ns(NS))


def due(match: Match) -> list[str]:
    units, counters = match.state.units, match.counters_doc["counters"]
    out = [cid for cid, turn in ARRIVALS.items() if match.turn >= turn]
    out += [cid for cid, (turn, _a) in KORPSGRUPPEN.items() if match.turn == turn]
    return sorted(cid for cid in out if cid in counters and cid not in units)


def sites(match: Match, cid: str) -> list[str]:
    """The hexes ``cid`` may enter now (8.2, 8.4)."""
    placed = set(ns(match).get("mustered", ()))
    kg = KORPSGRUPPEN.get(cid)
    where = kg[1] if kg else None
    out = []
    hexes = [where] if where and where[0].isdigit() else sorted(match.topology.locations())
    for h in hexes:
        if is_box(h) or h in placed or match.state.control.get(h) != GERMAN:
            continue
        here = match.units_at(h)
        if len(here) >= LIMIT or (here and here[0].side != GERMAN):
            continue
        if where in AREAS and not in_region(match, h, AREAS[where]):
            continue
        fixed = where is not None and where[0].isdigit()  # the hex on its counter
        if here or fixed or (kg is None and is_city(match, h)):
            out.append(h)
    return out


def open_entries(match: Match) -> list[tuple[str, str]]:
    return [(cid, h) for cid in due(match) for h in sites(match, cid)]


class Muster(Verb):
    """``muster UNIT HEX`` or ``muster pass`` (8.2, 8.4)."""

    name = "muster"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("muster", ("pass",))
        for cid, h in open_entries(match):
            yield Action("muster", (cid, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        if action.args and action.args[0] in KORPSGRUPPEN:
            return (
                "a KG enters in its own turn, in situ in a German-occupied hex of its logistical "
                "area with room, one a hex a phase, or only in the hex its counter names "
                "(BARB 8.2)"
            )
        return (
            "an emergency unit enters in situ in a German-occupied hex with room, one a hex a "
            "phase, or in a German-controlled city (BARB 8.4, 8.2)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "pass":
            done(match)
            return
        cid, h = action.args
        match.new_unit(cid, h)
        ns(match).setdefault("mustered", []).append(h)
        rule = "BARB 8.2" if cid in KORPSGRUPPEN else "BARB 8.4"
        match.emit("in-situ", f"{cid} enters in {h}", rule, unit=cid, loc=h)
        if not open_entries(match):
            done(match)


def done(match: Match) -> None:
    """The German's entries are over for the phase: a KG of this turn not in play is forfeit
    (8.1, 8.2)."""
    match.pop()
    ns(match).pop("mustered", None)
    forfeit(match)


def forfeit(match: Match) -> None:
    for cid, (turn, _a) in KORPSGRUPPEN.items():
        if turn == match.turn and cid not in match.state.units:
            match.emit("forfeit", f"{cid} did not enter and is forfeit", "BARB 8.1, 8.2", unit=cid)


@on_phase("start", ids=("administration",))
def offer(match: Match, phase: PhaseSpec) -> None:
    if open_entries(match):
        match.push(GERMAN, KIND, "enter KorpsGruppen and emergency units (BARB 8.2, 8.4)")
    else:
        forfeit(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Muster()]
