"""German emergency units (BARB 8.4): one mechanized and five non-mechanized units whose combat
factor is a die rolled for each battle (T47), then halved like any factor out of supply.

They enter in the Mutual Administrative Phase, each when the German decides (``muster UNIT HEX``
or ``muster pass`` for the rest of that phase), in situ: in a hex German units occupy, with room
and no other emergency unit placed there this phase, or in any German-controlled city; supply does
not matter. Their names and entry turns are stand-ins (:data:`ARRIVALS`, ruling E24). The die is
rolled when a battle is fought for real (the combat mechanic's ``wargame_battle_start``) and kept
in ``battle.extra["emergency"]``; previews assume the printed 3.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.topology import is_box

from .turns import GERMAN, is_city

ARRIVALS = {"ger-e1": 25, "ger-e2": 25, "ger-e3": 27, "ger-e4": 27, "ger-e5": 29, "ger-epz": 29}
"""Emergency unit -> first turn it may enter: stand-ins (the reverse sides are not in the text)."""
KIND = "muster"
LIMIT = 5


def due(match: Match) -> list[str]:
    units = match.state.units
    return sorted(
        cid
        for cid, turn in ARRIVALS.items()
        if match.turn >= turn and cid in match.counters_doc["counters"] and cid not in units
    )


def sites(match: Match) -> list[str]:
    placed = set(match.state.vars.get("mustered", ()))
    out = []
    for h in sorted(match.topology.locations()):
        if is_box(h) or h in placed or match.state.control.get(h) != GERMAN:
            continue
        here = match.units_at(h)
        if len(here) >= LIMIT or (here and here[0].side != GERMAN):
            continue
        if here or is_city(match, h):
            out.append(h)
    return out


class Muster(Verb):
    """``muster UNIT HEX`` or ``muster pass`` (8.4)."""

    name = "muster"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("muster", ("pass",))
        hexes = sites(match)
        for cid in due(match):
            for h in hexes:
                yield Action("muster", (cid, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "an emergency unit enters in situ in a German-occupied hex with room, one a hex a "
            "phase, or in a German-controlled city (BARB 8.4, 8.2)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "pass":
            match.pop()
            match.state.vars.pop("mustered", None)
            return
        cid, h = action.args
        match.new_unit(cid, h)
        match.state.vars.setdefault("mustered", []).append(h)
        match.emit("emergency", f"{cid} enters in {h}", "BARB 8.4", unit=cid, loc=h)
        if not due(match) or not sites(match):
            match.pop()
            match.state.vars.pop("mustered", None)


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    if phase.id == "administration" and due(match) and sites(match):
        match.push(GERMAN, KIND, "enter emergency units (BARB 8.4)")


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """8.4: each emergency unit's factor for this battle is a die."""
    units = match.state.units
    rolls = {}
    for uid in [*battle.attackers, *battle.defenders]:
        if "emergency" in match.unit_type(units[uid]).get("tags", ()):
            rolls[uid] = match.roll("1d6", f"{uid}'s factor in {battle.id}", "BARB 8.4")
    if rolls:
        battle.extra["emergency"] = rolls


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Muster()]
