"""Lines and their capacities (12.A-12.C): what limits movement on a point-to-point map is not a
unit's allowance but how many units a line carries per phase, with a sub-limit for armor.

A line is a link between two points. The lines leaving the map edge join a point to an exit
point, and through it to the off-map box (Siberia or the west): a unit moves from a box to the
point at the map end of an exit line, or back, along that one line (9.A, 8.A.2.c).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.games.dark_crusade import units as U
from wargame.match import Match
from wargame.state import Unit
from wargame.topology import is_box

NS = "dc-lines"  # this module's state (state.ns)
USE = "line_use"  # NS: line key -> [load in halves, armor load in halves]


def is_exit(loc: str) -> bool:
    return loc.startswith("edge:")


def key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def lines_from(match: Match, loc: str) -> list[tuple[str, str]]:
    """(destination, line key) for every line a unit at ``loc`` may move along: real links
    between points, and exit lines to and from the off-map boxes."""
    cache = match.cache.setdefault("dc-lines", {})
    found = cache.get(loc)
    if found is not None:
        return found
    top = match.topology
    out: list[tuple[str, str]] = []
    if is_box(loc):
        for exit_point in top.neighbours(loc):
            for dest in top.neighbours(exit_point):
                if not is_box(dest) and not is_exit(dest):
                    out.append((dest, key(exit_point, dest)))
    elif not is_exit(loc):
        for other in top.neighbours(loc):
            if is_exit(other):
                for box in top.neighbours(other):
                    if is_box(box):
                        out.append((box, key(loc, other)))
            elif not is_box(other):
                out.append((other, key(loc, other)))
    out.sort()
    cache[loc] = out
    return out


def line_key(match: Match, a: str, b: str) -> str | None:
    for dest, k in lines_from(match, a):
        if dest == b:
            return k
    return None


def line_class(match: Match, line: str) -> str:
    key = ("dc-class", line)
    found = match.cache.get(key)
    if found is None:
        a, b = line.split("|")
        edge = match.topology.edge(a, b)
        assert edge is not None, line
        found = match.cache[key] = str(edge.attrs.get("class", "inferior"))
    return str(found)


def line_features(match: Match, line: str) -> frozenset[str]:
    a, b = line.split("|")
    edge = match.topology.edge(a, b)
    return edge.features if edge is not None else frozenset()


def capacity(match: Match, side: str, line: str) -> tuple[int, int]:
    """(units, of which armor) the line carries for a side per phase (12.A)."""
    total, armor = U.table(match, "lines")[side][line_class(match, line)]
    return int(total), int(armor)


def reset(match: Match) -> None:
    """Each movement phase starts with every line empty (ruling DC-M1)."""
    match.state.ns(NS)[USE] = {}


def halves(match: Match, unit: Unit) -> tuple[int, int]:
    """(load, armor load) of one unit in half units, cached per counter (12.B, 12.C)."""
    key = ("dc-halves", unit.counter)
    found = match.cache.get(key)
    if found is None:
        w = int(U.load(match, unit) * 2)
        found = (w, w if U.is_armor(match, unit) else 0)
        match.cache[key] = found
    return found


def weigh(match: Match, units: Iterable[Unit]) -> tuple[int, int]:
    load = armor = 0
    for unit in units:
        w, a = halves(match, unit)
        load += w
        armor += a
    return load, armor


def fits(used2: int, add2: int, limit: int) -> bool:
    """A load in halves fits a limit once its remaining fraction is ignored (12.B)."""
    return (used2 + add2) // 2 <= limit


def room(match: Match, side: str, line: str, movers: Iterable[Unit], reduce: int = 0) -> str | None:
    """Why the movers do not fit on the line this phase, or None (12.A-12.C; ``reduce``
    lowers both limits: 14.B.1-2). Loads are summed with any remaining fraction ignored (12.B)."""
    total, armor = capacity(match, side, line)
    total, armor = max(total - reduce, 0), max(armor - reduce, 0)
    load2, armor2 = match.state.ns(NS).get(USE, {}).get(line, (0, 0))
    add2, add_armor2 = weigh(match, movers)
    if fits(load2, add2, total) and (not add_armor2 or fits(armor2, add_armor2, armor)):
        return None
    name = line.replace("|", "-")
    if not fits(load2, add2, total):
        return (
            f"the line {name} is full for {side} units this phase: {(load2 + add2) / 2:g} of "
            f"{total} (DC 12.A, 12.B)"
        )
    return (
        f"the line {name} is full for {side} armor this phase: {(armor2 + add_armor2) / 2:g}"
        f" of {armor} (DC 12.A)"
    )


def use(match: Match, line: str, movers: Iterable[Unit]) -> None:
    add2, add_armor2 = weigh(match, movers)
    table = match.state.ns(NS).setdefault(USE, {})
    load2, armor2 = table.get(line, (0, 0))
    table[line] = [load2 + add2, armor2 + add_armor2]
