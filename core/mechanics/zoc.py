"""Rigid zones of control: a unit must stop on entering an enemy ZOC and may never leave one
voluntarily (PGG 6.22, 8.13); retreats may not enter one unless a friendly unit is there (9.71).

A unit's ZOC is the locations adjacent to it, except across hexsides whose features block it
(PGG 8.16: no ZOC across all-lake hexsides). Units carrying certain markers exert none (PGG 6.62,
8.11: disrupted units). Settings (``mechanic_options.rigid-zoc``): ``blocked_by`` (edge features),
``no_zoc_markers`` (declared unit markers, :mod:`wargame.markers`), ``no_zoc_types`` (unit types),
``stop_rule``, ``exit_rule``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def zoc_of(match: Match, side: str) -> frozenset[str]:
    """Every location in the ZOC of ``side``'s units now (cached per action)."""
    key = ("zoc", side)
    found = match.scratch.get(key)
    if found is None:
        s = match.settings("rigid-zoc")
        no_marks = set(s.get("no_zoc_markers", ()))
        no_types = set(s.get("no_zoc_types", ()))
        ring = _rings(match)
        found = frozenset(
            chain.from_iterable(
                ring[unit.loc]
                for unit in match.units_of(side)
                if unit.loc is not None
                and not unit.loc.startswith("box:")
                and not (no_marks and no_marks & unit.markers.keys())
                and not (no_types and match.counter(unit)["type"] in no_types)
            )
        )
        match.scratch[key] = found
    return found


def _rings(match: Match) -> dict[str, tuple[str, ...]]:
    """Location -> the neighbours a unit there exerts ZOC into (all but across blocking
    hexsides, PGG 8.16): static, so built once per title and shared."""
    found = match.cache.get("zoc-rings")
    if found is None:
        blocked_by = set(match.settings("rigid-zoc").get("blocked_by", ()))
        topo = match.topology

        def build() -> dict[str, tuple[str, ...]]:
            rings = {}
            for loc in topo.locations():
                if loc.startswith("box:"):
                    continue
                rings[loc] = tuple(
                    n
                    for n in topo.neighbours(loc)
                    if (edge := topo.edge(loc, n)) is None or not (blocked_by & edge.features)
                )
            return rings

        found = match.cache["zoc-rings"] = match.shared("zoc-rings", build)
    return found


def exerts(match: Match, unit: Unit) -> bool:
    s = match.settings("rigid-zoc")
    return not (set(s.get("no_zoc_markers", ())) & unit.markers.keys()) and (
        match.counter(unit)["type"] not in set(s.get("no_zoc_types", ()))
    )


@hookimpl
def wargame_move_stops(match: Match, unit: Unit) -> Mapping[str, str]:
    rule = match.settings("rigid-zoc").get("stop_rule", "")
    why = f"must stop on entering an enemy ZOC{f' ({rule})' if rule else ''}"
    return dict.fromkeys(zoc_of(match, match.enemy(unit.side)), why)


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if unit.loc is not None and unit.loc in zoc_of(match, match.enemy(unit.side)):
        rule = match.settings("rigid-zoc").get("exit_rule", "")
        return f"cannot leave an enemy ZOC voluntarily{f' ({rule})' if rule else ''}"
    return None
