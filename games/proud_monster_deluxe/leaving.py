"""Units leaving play without elimination (PMD 6.4, 9.6, 9.7, 4.5.2(6), 15.4).

A withdrawal (9.7.2, 9.7.3), a removal from the game (9.6; an old formation replaced by its
conversion, 9.3, 9.4; the minor allies lost for a missed 1943 summer attack, 4.5.2(6)) or an
air unit retired at the end of its table dates (15.4) takes the unit off the map with the
kernel's ``Match.remove``: its flags (the 6.3 ``top`` choice among them) and unit markers go
with it, and every rule that undoes what a unit leaving its hex leaves behind hears
``wargame_unit_removed`` as it hears an elimination: the augmented pair (6.1, ``augment``),
the Hedgehog (13.4.2, ``hedgehogs``), the air unit's stack records (15.4, ``air``), a
conversion due (9.4.1, ``conversions``), Fieldworks and the Fortified Area (13.4.2, 15.16), the
control of a jointly-occupied hex (4.2, the kernel's control mechanic). This module answers for
the reserve stacks: the unit leaves its Reserve marker's stack, and the marker comes off with its
last unit (6.4)."""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

from . import eliminated, reserves


def remove_from_game(match: Match, unit: Unit) -> None:
    """Out of play for good (9.6; 9.7.3's Soviet withdrawal; 4.5.2(6)): off the map if it is on
    it, out of any pool, recorded as removed (never to return nor be rebuilt). The caller
    reports why."""
    if unit.loc is not None:
        match.remove(unit)
    unit.flags = {"eliminated": True}
    unit.markers = {}
    for ids in eliminated._ns(match).values():
        if isinstance(ids, list) and unit.id in ids:
            ids.remove(unit.id)
    eliminated._ns(match).setdefault(eliminated.REMOVED, []).append(unit.id)


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    reserves.leave(match, unit, "left play")
