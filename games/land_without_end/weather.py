"""Weather (LWE 10.1-10.10): dry until GT11; from GT12 one die at the start of each game turn
governs that turn (ruling E22h) in the Northern zone, the same roll -2 in the Southern (10.2; a
result below 1 is D). The first S in a zone makes snow permanent there (10.8). The first non-dry
result in either zone (E22g) ends the Moscow roll (4.4) and rescinds Directive No. 3 (7.12); the
first M or S ends Rollbahn movement (E8, 10.10).

Effects on movement (10.3-10.7): R costs as D but German-side units lose 1 MF (non-mech) or 2
(mech), Soviets unaffected (10.4); M doubles every in-hex cost and makes rivers +2 non-mech / +3
mech (10.5); F turns marsh into clear and ignores rivers (10.6); S turns marsh into clear, doubles
in-hex costs, ignores rivers and lets units cross all-lake hexsides (10.7). Combat: the river
halving and the marsh 1R only in D, M, R; mech into marsh is not halved in F or S (E22l).
"""

from __future__ import annotations

import math
from typing import Any

from wargame.combat import Modifier
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import rollbahn
from .common import GERMAN, WEATHER, in_region

STRAITS = frozenset({"sivash", "kerch"})
"""9.16: hexsides crossed only as a unit's whole move (the shared crossings mechanic)."""

DRY = "D"
SWZ = "weather-swz"


def table(match: Match) -> dict[str, Any]:
    return dict(match.title.doc("weather")["entries"])


def zone(match: Match, loc: str | None) -> str:
    return "swz" if in_region(match, loc, SWZ) else "nwz"


def now(match: Match, loc: str | None = None) -> str:
    """The weather in ``loc``'s zone this turn (D before any roll)."""
    weather = match.state.vars.get("weather") or {}
    return str(weather.get(zone(match, loc), DRY))


def month(match: Match) -> str:
    label = match.title.doc("calendar")["turns"][str(match.turn)]["label"]
    return str(label).split()[0]


def result(match: Match, roll: int) -> str:
    if roll < 1:
        return str(table(match)["rolls"]["below_one"])
    return str(table(match)["by_month"][month(match)][str(min(roll, 6))])


def determine(match: Match) -> None:
    """The Weather Determination Phase (10.1, 10.2, 10.8)."""
    from . import dd3

    v = match.state.vars
    seen = match.state.ns(WEATHER)
    roll = match.roll("1d6", "weather (NWZ; SWZ = roll - 2)", "LWE 10.1, 10.2")
    mod = int(table(match)["rolls"]["swz_modifier"])
    old = v.get("weather") or {}
    new = {}
    for name, die in (("nwz", roll), ("swz", roll + mod)):
        new[name] = "S" if old.get(name) == "S" else result(match, die)  # 10.8
    v["weather"] = new
    match.emit("weather", f"weather: NWZ {new['nwz']}, SWZ {new['swz']}", "LWE 10.1, 10.2")
    if any(w != DRY for w in new.values()) and not seen.get("non_dry_seen"):
        seen["non_dry_seen"] = True  # 4.4: the Moscow roll ends
        match.emit("weather", "first non-dry weather: no Moscow roll from now on", "LWE 4.4")
        if dd3.in_effect(match):
            dd3.rescind(match, "the first non-dry weather rescinds it", "LWE 7.12")
    if any(w in ("M", "S") for w in new.values()) and not seen.get("mud_seen"):
        seen["mud_seen"] = True
        match.emit(
            "weather", "first mud or snow: Rollbahn movement and refits end", "LWE 10.9, 10.10"
        )


@on_phase("start", ids=("weather",))
def weather_phase(match: Match, phase: PhaseSpec) -> None:
    determine(match)


def selected(move: dict[str, Any], mobility: str, side: str) -> float | None:
    for key in (f"{side}/{mobility}", mobility, side, "*"):
        if key in move:
            value = move[key]
            return math.inf if value is None else float(value)
    return None


def cost(match: Match, unit: Unit, a: str, b: str) -> float:
    """What entering ``b`` from ``a`` costs in ``b``'s weather (9.10-9.20, 10.3-10.7); a
    German-side step along a Rollbahn costs 1, river or not, until the first M or S (9.19)."""
    if rollbahn.moves_on_it(match, unit) and rollbahn.along(match, a, b):
        return 1.0
    doc = match.title.doc("terrain")
    mobility = str(match.unit_type(unit)["mobility"])
    w = now(match, b)
    terrain = match.topology.terrain(b)
    if terrain == "marsh" and w in ("F", "S"):
        terrain = "clear"
    inhex = selected(doc["terrain"][terrain].get("move", {}), mobility, unit.side)
    if inhex is None:
        inhex = 1.0
    if w in ("M", "S"):
        inhex *= 2
    edge = match.topology.edge(a, b) if a in match.topology else None
    extra = 0.0
    for feat in sorted(edge.features if edge is not None else ()):
        if feat == "river":
            if w in ("F", "S"):
                continue
            if w == "M":
                extra += 3 if mobility == "mech" else 2
                continue
        if (feat == "lake" or feat in STRAITS) and w == "S":
            continue  # 10.7: snow opens lake hexsides and the Sivash and Kerch
        spec = doc["hexsides"].get(feat)
        if spec is None:
            continue
        more = selected(spec.get("move", {}), mobility, unit.side)
        extra += more or 0.0
    return inhex + extra


@hookimpl
def wargame_cost_key(match: Match, unit: Unit) -> tuple[object, ...]:
    weather = match.state.vars.get("weather") or {}
    mobility = match.unit_type(unit)["mobility"]
    road = rollbahn.moves_on_it(match, unit)
    return (unit.side, mobility, weather.get("nwz", DRY), weather.get("swz", DRY), road)


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    if b.startswith("box:"):
        return math.inf  # 9.21: no unit leaves the map; an off-map box is only entered from
    if a.startswith("box:"):
        return None
    edge = match.topology.edge(a, b)
    if edge is not None and STRAITS & set(edge.features) and now(match, b) != "S":
        return None  # 9.16: the crossings mechanic prices it (the unit's whole move)
    return cost(match, unit, a, b)


@hookimpl
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    """10.4: rain costs German-side non-mech units 1 MF and mech units 2."""
    if unit.side != GERMAN or unit.loc is None or now(match, unit.loc) != "R":
        return []
    cut = 2 if match.unit_type(unit)["mobility"] == "mech" else 1
    return [Modifier(unit.id, "add", -cut, "rain", "LWE 10.4")]
