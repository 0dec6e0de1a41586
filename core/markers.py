"""Markers with lifetimes: status a title puts on units (disrupted, out of supply, dispersed,
fortified), declared in data, placed and cleared by the kernel.

Every marker in a wargame has the rule that removes it: a phase (PGG 6.63: the owner's
Disruption Removal Phase), moving, retreating, the end of the turn, or something only the
title's rules know. A title declares its markers in the counters document's ``markers`` (the
model is :class:`~wargame.models.MarkerType`); a unit marker says ``"on": "unit"``, who sees it
(``seen_by``: ``all``, or ``owner`` to leave it out of the other sides' views) and what removes it
(``removed_by``, any of):

- ``"phase:ID"``: at the start of a phase with that id in the unit's owner's player turn (a
  phase outside any player turn clears every side's);
- ``"move"``: when the unit moves, advances or is carried along by an overrun;
- ``"retreat"``: when the unit retreats;
- ``"end-of-turn"``: when the next turn starts;
- ``"hook"``: the title's rules remove it (:func:`remove`) when their rule says.

The API, all of it a title needs:

- ``place(match, unit, name, rule=None, **data)`` puts a marker on (again: nothing changes);
- ``has(match, unit, name)`` / ``get(match, unit, name)`` read it (the data given at placing,
  plus ``turn`` and ``phase`` it was placed in);
- ``remove(match, unit, name, why="", rule=None)`` takes it off;
- ``units_with(match, name)`` lists the units that carry it.

Each place and remove is an event of kind ``unit-marker`` (``unit``, ``marker``, ``placed``), so the
log says when a marker came and went. Reading or placing a name the title did not declare
raises; so does a title whose settings or rules modules (a module-level ``MARKERS`` tuple names
the markers it reads) name an undeclared marker, when it is loaded (:func:`problems`). An
eliminated unit loses its markers. ``wargame status``, the map and the web page show unit
markers with their ``mark`` (a short label) or name; ``tests/test_conformance.py`` checks along
random playouts that no marker outlives what its declaration says removes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from wargame.errors import Problem, UsageError

if TYPE_CHECKING:
    from wargame.match import Match
    from wargame.plugins import Title
    from wargame.sequence import Leaf
    from wargame.state import Unit

SETTINGS_NAMING_MARKERS = (
    ("rigid-zoc", "no_zoc_markers"),
    ("overrun", "defender_marker"),
    ("supply-concentration", "marker"),
)
"""Shared-mechanic settings whose values are marker names: checked at load."""


def declared(match: Match) -> dict[str, dict[str, Any]]:
    """The title's unit markers by name."""
    cached = match.cache.get("unit-markers")
    if cached is None:
        cached = {
            name: spec
            for name, spec in match.counters_doc.get("markers", {}).items()
            if spec.get("on") == "unit"
        }
        match.cache["unit-markers"] = cached
    return cached


def spec(match: Match, name: str) -> dict[str, Any]:
    found = declared(match).get(name)
    if found is None:
        known = ", ".join(sorted(declared(match))) or "none"
        raise UsageError(f"{match.title.id}: marker {name!r} is not declared (declared: {known})")
    return found


def has(match: Match, unit: Unit, name: str) -> bool:
    spec(match, name)
    return name in unit.markers


def get(match: Match, unit: Unit, name: str) -> dict[str, Any] | None:
    spec(match, name)
    return unit.markers.get(name)


def units_with(match: Match, name: str) -> list[Unit]:
    spec(match, name)
    return [u for u in match.state.units.values() if name in u.markers]


def place(match: Match, unit: Unit, name: str, rule: str | None = None, **data: Any) -> bool:
    """Put the marker on the unit; False when it already carries one (PGG 6.62: a second
    disruption has no further effect)."""
    found = spec(match, name)
    if name in unit.markers:
        return False
    leaf = match.phase
    unit.markers[name] = {**data, "turn": match.turn, "phase": leaf.path if leaf else ""}
    match.emit(
        "unit-marker",
        f"{unit.id}: {found.get('name', name)} marker placed",
        rule,
        unit=unit.id,
        marker=name,
        placed=True,
        turn=match.turn,
    )
    match.touch()
    return True


def remove(match: Match, unit: Unit, name: str, why: str = "", rule: str | None = None) -> bool:
    """Take the marker off; False when the unit did not carry it."""
    found = spec(match, name)
    if unit.markers.pop(name, None) is None:
        return False
    match.emit(
        "unit-marker",
        f"{unit.id}: {found.get('name', name)} marker removed" + (f" ({why})" if why else ""),
        rule or found.get("removal_rule"),
        unit=unit.id,
        marker=name,
        placed=False,
    )
    match.touch()
    return True


# ------------------------------------------------------------------ lifetimes (kernel only)


def _clear(match: Match, units: Iterable[Unit], trigger: str, why: str) -> None:
    table = declared(match)
    for unit in units:
        for name in [n for n in unit.markers if trigger in table[n].get("removed_by", ())]:
            remove(match, unit, name, why)


def phase_started(match: Match, leaf: Leaf) -> None:
    """Clear what this phase removes (``phase:ID`` for the phasing side's units) and, at the
    first phase of a new turn, every ``end-of-turn`` marker of an earlier turn."""
    if not declared(match):
        return
    side = match.phasing
    marked = [u for u in match.state.units.values() if u.markers]
    owners = [u for u in marked if side is None or u.side == side]
    _clear(match, owners, f"phase:{leaf.spec.id}", leaf.path)
    for unit in marked:
        for name, data in list(unit.markers.items()):
            ends = "end-of-turn" in declared(match)[name].get("removed_by", ())
            if ends and data.get("turn", match.turn) < match.turn:
                remove(match, unit, name, "end of the turn")


def moved(match: Match, units: Iterable[Unit], retreat: bool) -> None:
    """Clear ``move`` (or ``retreat``) markers of units that just moved (or retreated)."""
    if declared(match):
        trigger = "retreat" if retreat else "move"
        _clear(match, [u for u in units if u.markers], trigger, "retreated" if retreat else "moved")


def eliminated(unit: Unit) -> None:
    unit.markers.clear()


# ------------------------------------------------------------------ views and load checks


def visible(match: Match, unit: Unit, side: str | None) -> dict[str, dict[str, Any]]:
    """The unit's markers that ``side`` may see (``seen_by: owner`` ones only by the owner)."""
    if not unit.markers:
        return {}
    table = declared(match)
    return {
        name: {**data, "name": table[name].get("name", name), "mark": label(match, name)}
        for name, data in unit.markers.items()
        if side is None or side == unit.side or table[name].get("seen_by") != "owner"
    }


def label(match: Match, name: str) -> str:
    found = declared(match).get(name, {})
    return str(found.get("mark") or found.get("name") or name)


def problems(title: Title) -> list[Problem]:
    """What is wrong with a title's markers: a name its settings or rules modules read that the
    counters document does not declare, or a removal phase the sequence does not have."""
    doc = title.counters
    table: Mapping[str, Any] = {
        n: s for n, s in doc.get("markers", {}).items() if s.get("on") == "unit"
    }
    where = "counters: markers"
    found: list[Problem] = []
    read: list[tuple[str, str]] = []
    options = title.manifest.mechanic_options
    for mechanic, key in SETTINGS_NAMING_MARKERS:
        value = options.get(mechanic, {}).get(key)
        names = [value] if isinstance(value, str) else list(value or ())
        read.extend((f"mechanic_options.{mechanic}.{key}", n) for n in names)
    for module in title.rules:
        for name in getattr(module, "MARKERS", ()):
            read.extend([(f"{module.__name__}.MARKERS", name)])
    for origin, name in read:
        if name not in table:
            found.append(Problem(origin, "", f"reads marker {name!r}, which is not declared"))
    seq = title.manifest.sequence
    phase_ids = {p.id for p in _all_phases(seq)}
    for name, marker in table.items():
        for trigger in marker.get("removed_by", ()):
            if trigger.startswith("phase:") and trigger[6:] not in phase_ids:
                found.append(Problem(where, f"/{name}", f"no phase {trigger[6:]!r} removes it"))
    return found


def _all_phases(seq: Any) -> Iterable[Any]:
    stack = [*seq.setup, *seq.before_turn, *seq.after_turn]
    for pt in seq.player_turns:
        stack.extend(pt.phases)
    while stack:
        phase = stack.pop()
        yield phase
        stack.extend(phase.segments or ())
