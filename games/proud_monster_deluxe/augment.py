"""A regiment or battalion augmenting a division (PMD 6.1; rulings STK4-STK5).

6.1 counts an Axis regiment or battalion (the counters of stacking weight 1/4) as a quarter of a
division, or, at the owner's choice, as nothing while it augments a division of its national
colour (German and German-coloured units are one colour, 7.3; each minor ally its own) in its
hex: the counter goes beneath the division. The owner says so with ``augment UNIT DIVISION``
(``augment UNIT none`` ends it) in his own Refit, movement or set-up decisions; one unit to a
division. The flag (``augments``, the kernel stacking mechanic's ``augment_flag``) goes when the
two part: one moves, retreats or advances without the other, or is eliminated. While they are
together the division's MF is the lower of the two printed MFs; its class would be that of the
unit with the lower MF, which differs only for the Spanish Legion (Leg, MF 6) under a faster
Mech division: the division is then Leg (its ``mobility`` flag, which ``Match.unit_type`` reads)
until they part (ruling STK5). Both keep their types otherwise.
They may part at any time (6.1 does not bind them, ruling STK4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

RULE = "PMD 6.1"
FLAG = "augments"
NONE = "none"
KINDS = ("movement", "refit", "deploy")


def augmenter_type(side: str, kind: Mapping[str, Any]) -> bool:
    """6.1's regiment or battalion: an Axis unit type of a quarter division's weight."""
    return side == "axis" and float(kind.get("stacking", 1)) == 0.25


def division_type(kind: Mapping[str, Any]) -> bool:
    """A division (2.4.5: size XX; the unit type's name says it) of a division's weight."""
    return float(kind.get("stacking", 1)) == 1 and "division" in str(kind.get("name", "")).lower()


def type_colour(side: str, kind: Mapping[str, Any]) -> str:
    """The national colour: German for German and German-coloured units (7.3), else the minor
    ally's nation (7.1), Guards or plain Soviet."""
    tags = kind.get("tags", ())
    if "german" in tags or "german-colored" in tags:
        return "german"
    for nation in ("romanian", "hungarian", "italian", "ost", "guards"):
        if nation in tags:
            return nation
    return side


def is_augmenter(match: Match, unit: Unit) -> bool:
    return augmenter_type(unit.side, match.unit_type(unit))


def is_division(match: Match, unit: Unit) -> bool:
    return division_type(match.unit_type(unit))


def colour(match: Match, unit: Unit) -> str:
    return type_colour(unit.side, match.unit_type(unit))


def host(match: Match, unit: Unit) -> Unit | None:
    """The division ``unit`` augments now (in its hex), or None."""
    other = match.state.units.get(str(unit.flags.get(FLAG, "")))
    if other is None or unit.loc is None or other.loc != unit.loc:
        return None
    return other


def augmenter_of(match: Match, division: Unit) -> Unit | None:
    if division.loc is None:
        return None
    return next((u for u in match.units_at(division.loc) if u.flags.get(FLAG) == division.id), None)


def _hosts(match: Match, unit: Unit) -> list[Unit]:
    """The divisions ``unit`` may augment where it stands."""
    if unit.loc is None or unit.loc.startswith("box:"):
        return []
    return [
        d
        for d in match.units_at(unit.loc)
        if d.side == unit.side
        and is_division(match, d)
        and colour(match, d) == colour(match, unit)
        and augmenter_of(match, d) in (None, unit)
    ]


CLASS = "mobility"
"""The division's flag holding the class it takes from a slower augmenter (``Match.unit_type``)."""


def changes_class(match: Match, unit: Unit, division: Unit) -> bool:
    """Whether the pair gives the division another class: the augmenter has the lower MF (a tie
    keeps the division's, ruling STK5) and another class. The one case in the manifest is the
    Spanish Legion (Leg, MF 6) under a faster Mech division."""
    mf = match.unit_values(unit).get("movement", 0)
    if mf >= match.unit_values(division).get("movement", 0):
        return False
    return match.unit_type(unit).get("mobility") != match.unit_type(division).get("mobility")


class Augment(Verb):
    """``augment UNIT DIVISION`` / ``augment UNIT none``: put a regiment or battalion beneath a
    division of its colour in its hex at no stacking cost, or take it out (6.1)."""

    name = "augment"
    kinds = KINDS

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in match.units_of(decision.side):
            if not is_augmenter(match, unit) or unit.loc is None:
                continue
            now = host(match, unit)
            for d in _hosts(match, unit):
                if d is not now:
                    yield Action(self.name, (unit.id, d.id))
            if now is not None:
                yield Action(self.name, (unit.id, NONE))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: augment UNIT DIVISION | augment UNIT none"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit.side != decision.side or unit.loc is None:
            return f"no unit {action.args[0]} of yours on the map"
        if not is_augmenter(match, unit):
            return f"{unit.id} is not an Axis regiment or battalion ({RULE})"
        if action.args[1] == NONE:
            return None if host(match, unit) else f"{unit.id} augments no division"
        division = match.state.units.get(action.args[1])
        if division is None or division.loc != unit.loc:
            return f"{action.args[1]} is not in {unit.id}'s hex ({RULE})"
        if not is_division(match, division) or division.side != unit.side:
            return f"{division.id} is not a division of yours ({RULE})"
        if colour(match, division) != colour(match, unit):
            return f"{division.id} is not of {unit.id}'s national colour ({RULE})"
        if augmenter_of(match, division) not in (None, unit):
            return f"{division.id} is already augmented ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        was = host(match, unit)
        if action.args[1] == NONE:
            unit.flags.pop(FLAG, None)
            match.emit("augment", f"{unit.id} no longer augments a division", rule=RULE)
        else:
            unit.flags[FLAG] = action.args[1]
            division = match.state.units[action.args[1]]
            if changes_class(match, unit, division):
                division.flags[CLASS] = match.unit_type(unit)["mobility"]
            match.emit("augment", f"{unit.id} augments {action.args[1]}", rule=RULE)
        if was is not None and augmenter_of(match, was) is None:
            was.flags.pop(CLASS, None)  # 6.1: the pair parted, the division's own class again
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Augment()]


@hookimpl
def wargame_movement_allowance(match: Match, unit: Unit) -> float | None:
    """6.1: the augmented division has the lower MF of the two."""
    if unit.side != "axis" or not is_division(match, unit):
        return None
    other = augmenter_of(match, unit)
    if other is None:
        return None
    own = match.unit_values(unit).get("movement", 0)
    return min(own, match.unit_values(other).get("movement", 0))


def movement_factor(match: Match, unit: Unit) -> float:
    """The unit's MF: printed, or 6.1's lower one while augmented (for rules that read it)."""
    found = wargame_movement_allowance(match, unit)
    return match.unit_values(unit).get("movement", 0) if found is None else found


def _part(match: Match, unit: Unit) -> None:
    """The flags that stop holding once ``unit`` has moved or left play: the augmenter's, and
    the class the division took from it (6.1)."""
    division = match.state.units.get(str(unit.flags.get(FLAG, "")))
    if unit.flags.get(FLAG) and host(match, unit) is None:
        unit.flags.pop(FLAG)
        if division is not None:
            division.flags.pop(CLASS, None)
    for other in match.state.units.values():
        if other.flags.get(FLAG) == unit.id and (unit.loc is None or other.loc != unit.loc):
            other.flags.pop(FLAG)
            unit.flags.pop(CLASS, None)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    for unit in units:
        if unit.side == "axis":
            _part(match, unit)


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """Withdrawn or removed from play (9.6, 9.7): the pair parts as on elimination (6.1)."""
    wargame_unit_eliminated(match, unit, before)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit, before: Unit) -> None:
    if unit.side == "axis":
        unit.flags.pop(FLAG, None)
        division = match.state.units.get(str(before.flags.get(FLAG, "")))
        if division is not None:
            division.flags.pop(CLASS, None)  # 6.1: the pair is parted
        _part(match, unit)
