"""The calendar's facts the rules ask about: single or double month, the year a turn counts in
(BARB 5.8-5.9: a Dec/Jan turn belongs to the year just ending)."""

from __future__ import annotations

from typing import TypedDict, cast

from wargame.match import Match

GERMAN, SOVIET = "german", "soviet"


def tags(match: Match, turn: int | None = None) -> set[str]:
    entry = match.title.doc("calendar")["turns"].get(str(match.turn if turn is None else turn), {})
    return set(entry.get("tags", ()))


def single(match: Match, turn: int | None = None) -> bool:
    """A single-month turn: June to September (BARB 5.8)."""
    return "single" in tags(match, turn)


def year(match: Match, turn: int | None = None) -> int:
    for tag in tags(match, turn):
        if tag.startswith("year-"):
            return int(tag[5:])
    return 1941


def road_back(match: Match) -> bool:
    return match.scenario_id == "road-back"


ROAD_BACK = "barbarossa-road-back"


class RoadBackState(TypedDict, total=False):
    """The Road Back's GT13 limits (12.8), set by the scenario's set-up, gone at GT14."""

    south_only_attacks: bool  # only Soviet units in the southern logistics area attack
    south_offensive: bool  # Soviet units in the southern logistics area have offensive supply


def road_back_rules(match: Match) -> RoadBackState:
    return cast(RoadBackState, match.state.ns(ROAD_BACK))


def mech(match: Match, unit_type: dict) -> bool:
    return unit_type.get("mobility") == "mech"


def in_region(match: Match, loc: str | None, region: str) -> bool:
    if loc is None or loc.startswith("box:"):
        return False
    key = ("region-set", region)
    found = match.cache.get(key)
    if found is None:
        found = frozenset(match.topology.region(region))
        match.cache[key] = found
    return loc in found


def vp_value(match: Match, loc: str) -> int:
    return int(match.topology.attrs(loc).get("vp", 0)) if loc in match.topology else 0


def is_city(match: Match, loc: str) -> bool:
    return bool(match.topology.attrs(loc).get("city")) if loc in match.topology else False
