"""Facts about the LWE map and calendar that several rules ask: regions, town classes, sides."""

from __future__ import annotations

from wargame.match import Match

GERMAN, SOVIET = "german", "soviet"
MOSCOW = "4618"
LENINGRAD = "3802"
ORANIENBAUM = "3701"
KIEV = "2529"


WEATHER = "lwe-weather"
"""The weather rules' state (weather.py): ``weather_seen`` facts, the first of a kind rolled."""


def weather_seen(match: Match, what: str) -> bool:
    """Whether the game has had its first ``non_dry`` weather (4.4, ruling E22g: no Moscow roll,
    Directive No. 3 rescinded) or its first ``mud`` or snow (10.9: no refits; 10.10: no
    Rollbahn movement); weather.py records each when it is rolled."""
    return bool(match.state.ns(WEATHER).get(f"{what}_seen"))


def in_region(match: Match, loc: str | None, region: str) -> bool:
    if loc is None or loc.startswith("box:"):
        return False
    key = ("lwe-region", region)
    found = match.cache.get(key)
    if found is None:
        found = match.cache[key] = frozenset(match.topology.region(region))
    return loc in found


def features(match: Match, loc: str) -> set[str]:
    if loc not in match.topology:
        return set()
    return set(match.topology.features(loc))


def town_class(match: Match, loc: str) -> str | None:
    """small-town, large-town or city (2.2), or None."""
    for name in ("city", "large-town", "small-town"):
        if name in features(match, loc):
            return name
    return None


def calendar_tags(match: Match, turn: int | None = None) -> set[str]:
    entry = match.title.doc("calendar")["turns"].get(str(match.turn if turn is None else turn), {})
    return set(entry.get("tags", ()))
