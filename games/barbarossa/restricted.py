"""German units with a restricted entry (BARB 8.3): the Hungarian 1st and 3rd Armies (Budapest),
the 6th SS Infantry Corps (Riga, while Riga is in overland supply), the 12th Army (the west edge),
the Kerch Straits Command (3106) and the three "Yugo" corps (the Yugoslav south edge).

They are scheduled reinforcements (the calendar's entries citing 8.3) that enter by moving from
the reinforcement box through their own hexes only. An entry hex the Soviet controls or a full
stack holds is closed to them. Like every German reinforcement (8.1), one still in the box when
the German Movement Phase of its arrival ends is forfeit, removed for good. Once in play the 6th SS moves and attacks
only into the Baltic republics and the KSC only into the Crimea supply area.
"""

from __future__ import annotations

from collections.abc import Mapping

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit
from wargame.topology import is_box

from . import supply
from .turns import GERMAN, in_region

RULE = "BARB 8.3"
BOX = "box:german-reinforcements"
RIGA = "1415"
LIMIT = 5
ZONES = {
    "ger-6ss": (
        ("country:lithuania", "country:latvia", "country:estonia"),
        "the 6th SS Infantry Corps moves and attacks only into the Baltic republics (BARB 8.3)",
    ),
    "ger-ksc": (
        ("area:crimea",),
        "the Kerch Straits Command moves and attacks only into the Crimea supply area (BARB 8.3)",
    ),
}
"""Units kept to a zone once in play (8.3)."""


def restricted(match: Match) -> dict[str, list[str]]:
    """Counter -> its entry hexes, from the calendar's 8.3 entries."""
    found = match.cache.get("barb-restricted")
    if found is None:
        found = {}
        for entry in match.title.doc("calendar").get("schedule", {}).values():
            if entry.get("provenance", {}).get("rule") == RULE:
                for cid in entry["units"]:
                    found[cid] = match.resolve_locations(entry["at"])
        match.cache["barb-restricted"] = found
    return found


def closed(match: Match, unit: Unit, loc: str) -> str | None:
    """Why a restricted unit may not enter through ``loc`` now (8.3)."""
    if match.state.control.get(loc) != GERMAN:
        return f"{unit.id} enters only through German-controlled {loc} (BARB 8.3)"
    if len(match.units_at(loc)) >= LIMIT:
        return f"{unit.id} may not enter through the full stack in {loc} (BARB 8.3)"
    if unit.counter == "ger-6ss" and loc == RIGA and RIGA not in supply.overland(match, GERMAN):
        return "the 6th SS enters Riga only while Riga is in overland supply (BARB 8.3)"
    return None


def in_zone(match: Match, unit: Unit, loc: str) -> bool:
    regions, _why = ZONES[unit.counter]
    return any(in_region(match, loc, r) for r in regions)


@hookimpl
def wargame_move_blocked(match: Match, unit: Unit) -> Mapping[str, str]:
    out: dict[str, str] = {}
    if unit.loc is not None and unit.loc.startswith("box:") and unit.counter in restricted(match):
        for loc in unit.flags.get("entry", ()):
            why = closed(match, unit, loc)
            if why:
                out[loc] = why
    if unit.counter in ZONES and unit.loc is not None:
        why = ZONES[unit.counter][1]
        for loc in match.topology.locations():
            if not is_box(loc) and not in_zone(match, unit, loc):
                out[loc] = why
    return out


@hookimpl
@veto_scope(verbs=("attack", "overrun"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """8.3: the 6th SS and the KSC attack only into their zones (PA or MA)."""
    if len(action.args) < 3 or action.args[1] != "with":
        return None
    targets = action.args[0].split(",")
    for uid in action.args[2].split(","):
        unit = match.state.units.get(uid)
        if unit is None or unit.counter not in ZONES:
            continue
        if any(not in_zone(match, unit, t) for t in targets):
            return ZONES[unit.counter][1]
    return None


@on_phase("end", kinds=("movement",))
def forfeit(match: Match, phase: PhaseSpec) -> None:
    """8.1, 8.3: a German reinforcement (restricted or not) that did not enter in the German
    Movement Phase of its arrival is gone for good (ruling E28)."""
    if match.phasing != GERMAN:
        return
    special = restricted(match)
    for unit in match.units_at(BOX):
        if unit.side != GERMAN or not unit.flags.get("entry"):
            continue  # the 2nd Paratroop waiting for its drop is not entering (4.17)
        match.place(unit, None)
        unit.flags = {"eliminated": True, "permanent": True, "forfeit": True}
        rule = "BARB 8.1, 8.3" if unit.counter in special else "BARB 8.1"
        match.emit("forfeit", f"{unit.id} did not enter and is forfeit", rule, unit=unit.id)
