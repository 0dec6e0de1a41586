"""What ``wargame status`` prints: the state of a game as a player reads it at the table.

Drawn from ``match.view(side)`` only, like the pictures. The turn line gives the date from the
title's calendar, the weather (a title's ``vars.weather`` or the calendar's record, by zone) and
the phase by its rulebook name; the shared combat mechanic's battle in progress has a line; a
title adds its own lines (air units left, replacement points saved...) through
:func:`~wargame.hookspecs.wargame_status_lines`. The web page shows the same turn words and
notes (:func:`calendar_words`, :func:`notes`). A unit's line shows only the statuses a player
tracks, the ones the title marks on its counters (``render.flag_marks``): the rules'
bookkeeping (movement points spent, set-up tags, last turn's attacks) stays in ``--json``.
Supply is a short table, one row per side, not one sentence per unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wargame.match import Match

__all__ = [
    "battle_line",
    "calendar_words",
    "lines",
    "notes",
    "phase_name",
    "shown_flags",
    "title_lines",
    "turn_words",
    "unit_line",
]

OUT_OF_SUPPLY = ("oos", "out-of-supply")
"""The supply mechanic's flag (wargame.mechanics.supply) and the unit marker a title may declare
for it (wargame.markers): listed in the supply table, not on each unit's line."""


def _short(unit: Mapping[str, Any]) -> bool:
    flags = unit.get("flags") or {}
    markers = unit.get("markers") or {}
    return any(flags.get(name) or name in markers for name in OUT_OF_SUPPLY)


def turn_words(match: Match, view: Mapping[str, Any]) -> list[str]:
    """The turn ("Turn 2 of 38"), its date (the title's calendar), this turn's weather and the
    phase by its rulebook name."""
    phase = phase_name(match, view)
    return calendar_words(match, view) + ([phase] if phase else [])


def phase_name(match: Match, view: Mapping[str, Any]) -> str | None:
    """The phase by its rulebook name, with the phasing side unless the name says it."""
    leaf = match.phase
    if leaf is None or not view.get("phase"):
        return None
    name = getattr(leaf.spec, "name", None) or str(view["phase"])
    phasing = view.get("phasing")
    return f"{name} ({phasing})" if phasing and phasing not in name.lower() else name


def calendar_words(match: Match, view: Mapping[str, Any]) -> list[str]:
    """The turn, its date and its weather: what the web page's turn chip shows (the phase has
    a chip of its own, :func:`phase_name`)."""
    manifest = match.title.manifest
    if view.get("stage") == "setup":
        words = ["Set-up"]
    else:
        turn = view.get("turn")
        last = match.scenario.get("last_turn")
        words = [f"{manifest.turn_label} {turn}" + (f" of {last}" if last else "")]
        calendar = match.title.data.raw.get("calendar") or {}
        label = (calendar.get("turns") or {}).get(str(turn), {}).get("label")
        if label and label != f"{manifest.turn_label} {turn}":
            words.append(str(label))
    weather = (view.get("vars") or {}).get("weather")
    if isinstance(weather, Mapping) and weather.get("turn") in (None, view.get("turn")):
        weather = weather.get("weather")
    if not weather:  # the calendar's record (wargame.calendar.set_weather), by zone
        now = match.state.plugins.get("weather") or {}
        weather = now.get("*") or ", ".join(f"{zone} {now[zone]}" for zone in sorted(now))
    if isinstance(weather, str) and weather:
        words.append(f"weather: {weather}")
    return words


def shown_flags(match: Match) -> frozenset[str]:
    """The unit statuses a player tracks: those the title marks on its counters."""
    return frozenset(str(k) for k in match.settings("render").get("flag_marks") or {})


def _values(values: Mapping[str, Any]) -> str:
    return " ".join(
        f"{k}={v:g}" if isinstance(v, int | float) else f"{k}={v}" for k, v in values.items()
    )


def unit_line(unit: Mapping[str, Any], shown: frozenset[str]) -> str:
    """One unit as the side sees it: id, name, type, values and its player-visible statuses."""
    if unit.get("hidden"):
        return f"{unit['side']} unit (hidden)"
    parts = [f"{unit['id']} {unit.get('name', '')} ({unit['side']} {unit.get('type', '')})"]
    if unit.get("untried"):
        parts.append("untried")
    if unit.get("step"):
        parts.append(f"step {unit['step']}")
    values = unit.get("values") or {}
    if values:
        parts.append(_values(values))
    flags = sorted(f for f, v in (unit.get("flags") or {}).items() if v and f in shown)
    if flags:
        parts.append("[" + ", ".join(flags) + "]")
    markers = sorted(m for m in unit.get("markers") or {} if m not in OUT_OF_SUPPLY)
    if markers:
        parts.append("markers: " + ", ".join(markers))
    return " ".join(parts)


def _supply(match: Match, view: Mapping[str, Any]) -> list[str]:
    """A short table when any unit is out of supply: per side, units on the map in and out of
    supply, and which are out (where)."""
    rows = []
    for side in match.sides:
        units = [u for u in view.get("units", []) if u.get("side") == side and u.get("loc")]
        short = [u for u in units if _short(u)]
        named = ", ".join(f"{u.get('id', '?')} {u['loc']}" for u in short)
        rows.append((side, len(units) - len(short), len(short), named))
    if not any(row[2] for row in rows):
        return []
    width = max(len("side"), *(len(side) for side, *_ in rows))
    out = [
        "supply (units on the map):",
        f"  {'side':<{width}}  {'in':>4} {'out':>4}  out of supply",
    ]
    for side, supplied, short_count, named in rows:
        out.append(f"  {side:<{width}}  {supplied:>4} {short_count:>4}  {named}".rstrip())
    return out


def battle_line(match: Match, view: Mapping[str, Any]) -> list[str]:
    """The battle the shared combat mechanic is resolving, if any: where, its odds, roll and
    result, who fights, and the losses taken so far (units of either side gone since it began)."""
    data = match.state.plugins.get("combat", {}).get("battle")
    if not isinstance(data, Mapping) or "combat" not in match.title.manifest.mechanics:
        return []
    units = match.state.units
    seen = {str(u.get("id")) for u in view.get("units", []) if not u.get("hidden")}

    def named(ids: list[str]) -> str:
        shown = [i for i in ids if i in seen or units[i].loc is None]
        hidden = len(ids) - len(shown)
        return ", ".join(shown + ([f"{hidden} concealed"] if hidden else [])) or "none"

    attackers, defenders = list(data.get("attackers", [])), list(data.get("defenders", []))
    gone = [i for i in attackers + defenders if units[i].loc is None]
    result = data.get("result")
    odds = f"{data.get('column')}" + (f" roll {data['roll']}" if data.get("roll") else "")
    return [
        f"battle {data.get('id')} at {data.get('target')}: "
        + (f"{odds}: {result}; " if result else "")
        + f"attacking {named(attackers)}; defending {named(defenders)}; "
        + f"units lost so far: {', '.join(gone) or 'none'}"
    ]


def title_lines(match: Match, side: str | None, view: Mapping[str, Any]) -> list[str]:
    """The title's own lines (:func:`~wargame.hookspecs.wargame_status_lines`) for ``side``:
    what its rules keep beyond units and markers (a chart of offensives used, points saved)."""
    out: list[str] = []
    for extra in match.hook.wargame_status_lines(match=match, side=side, view=view):
        out.extend(str(line) for line in extra or ())
    return out


def notes(match: Match, side: str | None, view: Mapping[str, Any]) -> list[str]:
    """What the web page's Status panel lists for ``side``: the battle in progress, the title's
    own lines and the supply table, as ``wargame status`` prints them."""
    return [*battle_line(match, view), *title_lines(match, side, view), *_supply(match, view)]


def lines(match: Match, side: str | None, now: str, outcome: str) -> list[str]:
    """Every line of ``wargame status`` after the title line, for ``side`` (None: referee)."""
    view = match.view(side)
    out: list[str] = []
    if side:
        out.append(f"as seen by {side}")
    if view.get("stage") == "over":
        last = match.scenario.get("last_turn")
        turn = f"{match.title.manifest.turn_label} {view.get('turn')}"
        out.append(f"over after {turn}" + (f" of {last}" if last else ""))
    else:
        out.append(" \u00b7 ".join(turn_words(match, view)))
    out.append(f"now: {now}")
    vp = view.get("vp") or {}
    out.append("VP: " + ", ".join(f"{s} {vp.get(s, 0):g}" for s in match.sides))
    out.append(f"outcome: {outcome}")
    out.extend(battle_line(match, view))
    out.extend(title_lines(match, side, view))
    shown = shown_flags(match)
    by_loc: dict[str, list[Mapping[str, Any]]] = {}
    for unit in view.get("units", []):
        by_loc.setdefault(str(unit.get("loc")), []).append(unit)
    out.append(f"units ({len(view.get('units', []))}):")
    for loc in sorted(by_loc):
        units = by_loc[loc]
        out.append(f"  {loc}: {unit_line(units[0], shown)}")
        out.extend(f"  {' ' * len(loc)}  {unit_line(unit, shown)}" for unit in units[1:])
    out.extend(_supply(match, view))
    if view.get("eliminated"):
        out.append(f"eliminated: {', '.join(view['eliminated'])}")
    return out
