"""Control of locations as data: ``state.control`` maps a location to the side that controls it,
set from the scenario's ``control`` at start and changed here as units move.

Two rules the titles use (``mechanic_options.control.by``):

- ``passage``: a location belongs to the last side whose units entered or passed through it
  (PGG 15.11: the last player to have a unit pass through a city's hexes occupies it).
- ``occupation`` (default): it belongs to the last side whose units ended a move in it.

With ``shared: kept`` a location holding units of both sides stays with its controller (PMD 4.2:
the hex defender owns a jointly-occupied hex) and passes once only the other side is left there.

Every move, retreat, advance and overrun is a passage (``wargame_moved``); ``locations`` limits
the tracked places (cities, objectives) to some locations or regions. A title that decides
control another way calls :func:`take` itself; :func:`controller` answers for everyone.
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit
from wargame.topology import is_box

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def controller(match: Match, loc: str) -> str | None:
    """The side that controls ``loc`` now (None: nobody has yet)."""
    return match.state.control.get(loc)


def take(match: Match, loc: str, side: str, rule: str | None = None) -> bool:
    """``side`` takes control of ``loc``; whether control changed (the event cites ``rule``, else
    the setting's)."""
    if match.state.control.get(loc) == side:
        return False
    match.state.control[loc] = side
    rule = rule or match.settings("control").get("rule")
    match.emit("control", f"{side} takes control of {loc}", rule, loc=loc, side=side)
    return True


def tracked(match: Match) -> frozenset[str] | None:
    """The locations whose control is kept (None: all)."""
    names = match.settings("control").get("locations")
    if names is None:
        return None
    return _resolve(match, tuple(names))


def _resolve(match: Match, names: tuple[str, ...]) -> frozenset[str]:
    key = ("control-tracked", names)
    found = match.cache.get(key)
    if found is None:
        found = match.cache[key] = frozenset(match.resolve_locations(names))
    return found


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    live = [u for u in units if u.loc is not None]
    if not live or not path:
        return
    side = live[0].side
    by = match.settings("control").get("by", "occupation")
    places = path[1:] if by == "passage" else path[-1:]
    keep = tracked(match)
    for loc in places:
        if is_box(loc) or (keep is not None and loc not in keep):
            continue
        if by == "occupation" and not any(u.loc == loc for u in live):
            continue  # the units did not end there (an overrun that failed)
        if _kept(match, loc, side):
            continue
        take(match, loc, side)
    if len(path) > 1:
        _left(match, path[0])


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit, before: Unit) -> None:
    if before.loc is not None:
        _left(match, before.loc)


@hookimpl
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """A unit withdrawn or removed leaves its location as an eliminated one does."""
    if before.loc is not None:
        _left(match, before.loc)


def _kept(match: Match, loc: str, side: str) -> bool:
    """``shared: kept``: ``loc`` still holds units of a side other than ``side``."""
    if match.settings("control").get("shared", "taken") != "kept":
        return False
    return any(u.side != side for u in match.units_at(loc))


def _left(match: Match, loc: str) -> None:
    """``shared: kept``: units left ``loc``; if only one other side stays, it is theirs now."""
    if match.settings("control").get("shared", "taken") != "kept" or is_box(loc):
        return
    keep = tracked(match)
    if keep is not None and loc not in keep:
        return
    sides = {u.side for u in match.units_at(loc)}
    if len(sides) == 1:
        take(match, loc, sides.pop())
