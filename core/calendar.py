"""The calendar: what the turn track says about a turn (its date, season and tags), which turn a
scenario starts on, and which weather zone a location lies in. Titles ask here instead of
re-deriving it from the calendar document and the scenario.

A turn's date comes from its ``year``/``month`` or from a ``date`` written "YYYY-MM"; its season
from its own ``season`` or from the calendar's ``seasons`` (season -> months). Weather zones are
map regions listed in the calendar's ``weather_zones``; the weather now in each zone is kept in
the ``weather`` namespace of the state by whatever rolls it (:func:`set_weather`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wargame.match import Match

_ISO_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


def first_turn(match: Match) -> int:
    """The scenario's first Game-Turn (scenario ``first_turn``, default 1)."""
    return int(match.scenario.get("first_turn", 1))


def last_turn(match: Match) -> int:
    return int(match.scenario["last_turn"])


def turn_spec(match: Match, turn: int | None = None) -> dict[str, Any]:
    """The calendar's entry for ``turn`` (default: now); {} when the track has none."""
    turns = match.title.doc("calendar").get("turns", {})
    entry = turns.get(str(match.turn if turn is None else turn))
    return entry if isinstance(entry, dict) else {}


def date(match: Match, turn: int | None = None) -> tuple[int, int] | None:
    """(year, month) of ``turn`` (default: now), or None when the calendar does not say."""
    spec = turn_spec(match, turn)
    if spec.get("year") is not None and spec.get("month") is not None:
        return int(spec["year"]), int(spec["month"])
    found = _ISO_MONTH.match(str(spec.get("date") or ""))
    if found:
        return int(found.group(1)), int(found.group(2))
    return None


def season(match: Match, turn: int | None = None) -> str | None:
    """The season of ``turn`` (default: now): its own, else the one whose months hold its
    month; None when the calendar does not say."""
    spec = turn_spec(match, turn)
    if spec.get("season"):
        return str(spec["season"])
    when = date(match, turn)
    if when is None:
        return None
    for name, months in match.title.doc("calendar").get("seasons", {}).items():
        if when[1] in months:
            return str(name)
    return None


def has_tag(match: Match, tag: str, turn: int | None = None) -> bool:
    """Whether the turn track marks ``turn`` (default: now) with ``tag``."""
    return tag in turn_spec(match, turn).get("tags", ())


def weather_zone(match: Match, loc: str) -> str | None:
    """The weather zone (a map region named in the calendar's ``weather_zones``) holding
    ``loc``; None when the title has one weather for the whole map."""
    for zone in match.title.doc("calendar").get("weather_zones", ()):
        if loc in match.topology.region(zone):
            return str(zone)
    return None


def weather(match: Match, zone: str | None = None) -> str | None:
    """The weather now in ``zone`` (None: the whole map's), as last set."""
    return match.state.ns("weather").get(zone or "*")


def set_weather(
    match: Match, condition: str, zone: str | None = None, rule: str | None = None
) -> None:
    """Record the weather now in ``zone`` (None: the whole map), with an event."""
    match.state.ns("weather")[zone or "*"] = condition
    where = f" in {zone}" if zone else ""
    match.emit("weather", f"weather{where}: {condition}", rule, zone=zone, weather=condition)
