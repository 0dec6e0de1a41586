"""Terrain in combat, from the terrain chart's ``combat`` entries: defence multipliers and column
shifts by terrain type, in-location feature and hexside.

Each terrain type, feature or hexside may say (``combat`` in ``terrain.json``, typed by
:class:`wargame.models.TerrainCombat`):

- ``defense_multiplier``: the defence strength of units there is multiplied (PGG 9.31: forest
  doubles). Several multiples combine by the ``combine`` setting: ``multiply`` (default),
  ``add-less-one`` (PGG 9.33: doubled twice is tripled) or ``highest``.
- ``shift``: column shift of a battle against the location (negative: to the left, the
  defender's favour), added up with every other.
- for a hexside, ``all_attackers_across``: it counts only when every attacker attacks across it
  (PGG 9.32); otherwise any attacker across it is enough.

A battle against several locations (PGG 9.23) keeps each location's multiplier on its own units;
shifts are read for the battle's target. The ``rule`` inside ``combat`` is cited, else the
entry's, else the setting's.
A title with its own order of modifiers may call :func:`defense_modifiers` and
:func:`column_shifts` from its hooks instead of listing the mechanic (Panzergruppe Guderian does).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match

REQUIRES = {"combat": "terrain changes the battles the combat mechanic fights"}
"""Mechanics this one needs in the same title (checked at load)."""


def settings(match: Match) -> dict[str, Any]:
    return match.settings("terrain-effects")


def _effect(entry: dict[str, Any] | None) -> dict[str, Any]:
    return dict((entry or {}).get("combat") or {})


def _rule(entry: dict[str, Any] | None) -> str | None:
    """The rule an entry's combat effects cite: their own ``rule``, else the entry's."""
    return _effect(entry).get("rule") or (entry or {}).get("rule")


def _combine(found: list[tuple[float, str]], how: str) -> float:
    values = [m for m, _ in found]
    if how == "add-less-one":
        return sum(values) - (len(values) - 1)
    if how == "highest":
        return max(values)
    product = 1.0
    for m in values:
        product *= m
    return product


def _across(
    match: Match, target: str, origins: Iterable[str], entry: dict[str, Any], name: str
) -> tuple[bool, str]:
    """Whether the hexside feature ``name`` lies between the attackers and ``target``: for every
    attacker with ``all_attackers_across``, else for any; and how to say so."""
    topo = match.topology
    edges = [topo.edge(o, target) for o in sorted(set(origins))]
    if not edges:
        return False, name
    across = [e is not None and name in e.features for e in edges]
    if _effect(entry).get("all_attackers_across", False):
        return all(across), f"{name} (every attacker across)"
    return any(across), name


def _entries(
    match: Match, target: str, origins: Iterable[str]
) -> Iterator[tuple[dict[str, Any] | None, str, bool]]:
    """(entry, what it is called, whether a hexside) for the target's terrain, its features and
    the hexsides attacked across."""
    chart = match.title.doc("terrain")
    topo = match.topology
    kind = topo.terrain(target)
    yield chart["terrain"].get(kind), kind, False
    for feature in sorted(topo.features(target)):
        yield chart.get("features", {}).get(feature), feature, False
    starts = list(origins)
    for name, entry in sorted(chart.get("hexsides", {}).items()):
        if not _effect(entry):
            continue
        across, why = _across(match, target, starts, entry, name)
        if across:
            yield entry, why, True


def defense_multiplier(
    match: Match, target: str, origins: Iterable[str], combine: str | None = None
) -> tuple[float, list[str], str | None]:
    """The defence multiple of ``target`` against attackers from ``origins``, what made it and
    the first rule cited (1, [], None without any)."""
    found: list[tuple[float, str]] = []
    rule: str | None = None
    for entry, why, _ in _entries(match, target, origins):
        mult = _effect(entry).get("defense_multiplier", 1)
        if mult != 1:
            found.append((mult, why))
            rule = rule or _rule(entry)
    if not found:
        return 1, [], None
    how = combine or settings(match).get("combine", "multiply")
    total = _combine(found, how)
    return (int(total) if float(total).is_integer() else total), [w for _, w in found], rule


def defense_modifiers(
    match: Match, battle: Battle, combine: str | None = None, rule: str | None = None
) -> list[Modifier]:
    """The battle's terrain multipliers: one on the defence total when every defending location
    has the same, else one per defending unit (a battle against several locations)."""
    units = match.state.units
    origins = [battle.origins.get(i) or units[i].loc or "" for i in battle.attackers]
    by_loc: dict[str, tuple[float, list[str], str | None]] = {}
    for uid in battle.defenders:
        loc = units[uid].loc
        if loc is not None and loc not in by_loc:
            by_loc[loc] = defense_multiplier(match, loc, origins, combine)
    if not by_loc:
        return []
    fallback = rule or settings(match).get("rule")
    if len({m for m, _, _ in by_loc.values()}) == 1:
        mult, why, cited = next(iter(by_loc.values()))
        if mult == 1:
            return []
        return [Modifier("defense", "multiply", mult, " + ".join(why), rule or cited or fallback)]
    out: list[Modifier] = []
    for uid in battle.defenders:
        loc = units[uid].loc
        if loc is None or loc not in by_loc or by_loc[loc][0] == 1:
            continue
        mult, why, cited = by_loc[loc]
        out.append(Modifier(uid, "multiply", mult, " + ".join(why), rule or cited or fallback))
    return out


def column_shifts(match: Match, battle: Battle) -> list[Shift]:
    """A shift for each terrain type, feature and hexside of the target that has one."""
    units = match.state.units
    origins = [battle.origins.get(i) or units[i].loc or "" for i in battle.attackers]
    group = settings(match).get("shift_group")
    out: list[Shift] = []
    for entry, why, hexside in _entries(match, battle.target, origins):
        columns = int(_effect(entry).get("shift", 0))
        if columns:
            cited = _rule(entry) or settings(match).get("rule")
            reason = f"attacked across {why}" if hexside else f"defender in {why}"
            out.append(Shift(columns, reason, cited, group))
    return out


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    return defense_modifiers(match, battle)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    return column_shifts(match, battle)
