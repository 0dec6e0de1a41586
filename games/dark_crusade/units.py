"""What a Dark Crusade unit is, as the rules ask it: major or minor (Key Terms 10, 16), armor for
line capacity (12.A), its line-load and retreat weights (12.B, 12.C), fire factor (Key Term 7)
and all-out value (13.B.8), dispersal (15.0) and fortification (18.0). Every rules module asks
here, so a counter's meaning lives in one place: its type's tags and its printed values."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from wargame import markers
from wargame.match import Match
from wargame.state import Unit

AXIS, SOVIET = "axis", "soviet"
DISPERSED = "dispersed"
FORTIFIED = "fortified"


def tags(match: Match, unit: Unit) -> frozenset[str]:
    key = ("dc-tags", unit.counter)
    found = match.cache.get(key)
    if found is None:
        found = frozenset(match.unit_type(unit).get("tags", ()))
        match.cache[key] = found
    return found


def has(match: Match, unit: Unit, tag: str) -> bool:
    return tag in tags(match, unit)


def printed(match: Match, unit: Unit, name: str) -> float:
    return float(match.counter(unit)["steps"][0]["values"].get(name, 0))


def is_minor(match: Match, unit: Unit) -> bool:
    return has(match, unit, "minor")


def is_armor(match: Match, unit: Unit) -> bool:
    """Armor for line capacity and breakthrough rules (12.A, 14.A): panzer, panzergrenadier
    (1.B), armor divisions, panzer HQs, tank units and cavalry-mechanized groups (8.C.3.b)."""
    return has(match, unit, "armor")


def is_ground(match: Match, unit: Unit) -> bool:
    """A unit that can hold a point: not air (13.A.5), not a factory or partisan."""
    t = tags(match, unit)
    return not ({"air", "factory", "partisan"} & t)


def is_combat_unit(match: Match, unit: Unit) -> bool:
    """Units that must be attacked to be removed (12.0): all but partisans and entrained
    factories, which an enemy entering the point removes."""
    t = tags(match, unit)
    if "partisan" in t:
        return False
    return not ("factory" in t and unit.flags.get("entrained"))


def load(match: Match, unit: Unit) -> Fraction:
    """Line load in operational and breakthrough movement (12.B, 12.C)."""
    return Fraction(printed(match, unit, "load") or 1).limit_denominator(2)


def retreat_load(match: Match, unit: Unit) -> Fraction:
    """Line load in retreat (12.C, 13.B.4.a): 1 for all but the Axis Allied "2" armies and the
    half-value divisions; Soviet air counts 1."""
    return Fraction(printed(match, unit, "retreat") or 1).limit_denominator(2)


def line_total(loads: Iterable[Fraction]) -> int:
    """A line's load: the sum with any remaining fraction ignored (12.B)."""
    return int(sum(loads, Fraction(0)))


# ----------------------------------------------------------------------------- markers
# Unit statuses with a rule that ends them are the kernel's declared markers (data/counters.json
# "markers", wargame.markers): it clears those a phase, a move or a retreat ends and shows them
# all; the rules here put them on and take off the ones only a rule of this title ends.

MARKERS = ("dispersed", "fortified", "isolated", "moved", "attacking", "bt", "bt_used")
"""Every marker the title reads (checked against the declarations when the title loads)."""


def marked(unit: Unit, name: str) -> bool:
    return name in unit.markers


def marker(unit: Unit, name: str) -> dict[str, Any] | None:
    """The data a marker was placed with (with its turn and phase), None when absent."""
    found = unit.markers.get(name)
    return None if found is None else dict(found)


def mark(match: Match, unit: Unit, name: str, rule: str | None = None, **data: Any) -> None:
    """Put a marker on the unit; placed again with other data, it is replaced."""
    found = unit.markers.get(name)
    if found is not None and any(found.get(k) != v for k, v in data.items()):
        markers.remove(match, unit, name, "renewed", rule)
    markers.place(match, unit, name, rule, **data)


def unmark(match: Match, unit: Unit, name: str, why: str = "", rule: str | None = None) -> bool:
    """Take the marker off; False when the unit did not carry it."""
    return markers.remove(match, unit, name, why, rule)


def unmark_all(match: Match, unit: Unit, why: str) -> None:
    """A counter leaving play other than by elimination loses its markers."""
    for name in list(unit.markers):
        markers.remove(match, unit, name, why)


def dispersed(unit: Unit) -> bool:
    return marked(unit, DISPERSED)


def fortified(unit: Unit) -> bool:
    return marked(unit, FORTIFIED)


def disperse(match: Match, unit: Unit, why: str, rule: str) -> None:
    """Flip a unit to its dispersed side (15.A); factories cannot be dispersed (8.A.2.b)."""
    if dispersed(unit) or has(match, unit, "factory"):
        return
    mark(match, unit, DISPERSED, rule)
    unmark(match, unit, FORTIFIED, "dispersed", "DC 18.0")
    match.emit("dispersed", f"{unit.id} dispersed: {why}", rule, unit=unit.id)


def nation(match: Match, unit: Unit) -> str:
    t = tags(match, unit)
    for name in ("german", "finnish", "hungarian", "italian", "rumanian", "polish", "soviet"):
        if name in t:
            return name
    return unit.side


def ground_units_at(match: Match, loc: str, side: str | None = None) -> list[Unit]:
    return [
        u for u in match.units_at(loc) if (side is None or u.side == side) and is_ground(match, u)
    ]


def occupant(match: Match, loc: str) -> str | None:
    """The side whose combat units hold the point (12.0), if any."""
    for u in match.units_at(loc):
        if is_combat_unit(match, u) and has(match, u, "air") is False:
            return u.side
    return None


def date(match: Match, turn: int | None = None) -> tuple[int, int]:
    """(year, month) of a turn (turn 0 = May 1941)."""
    t = match.turn if turn is None else turn
    values: dict[str, Any] = match.title.doc("calendar")["turns"][str(t)]["values"]
    return int(values["year"]), int(values["month"])


def label(match: Match, turn: int | None = None) -> str:
    t = match.turn if turn is None else turn
    return str(match.title.doc("calendar")["turns"][str(t)]["label"])


def table(match: Match, name: str) -> dict[str, Any]:
    return match.title.doc(name)["entries"]
