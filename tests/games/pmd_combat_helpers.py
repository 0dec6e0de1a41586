"""Positions the Proud Monster Deluxe combat tests share: the title, turn 113's phases with the
map cleared, and plain clear hexes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import plugin
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.plugins import Title, discover
from wargame.testing import clear, put


@cache
def title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def at_phase(side: str, kind: str) -> Match:
    """Turn 113's first phase of ``kind`` for ``side`` (turn 112's special rules behind), the
    map empty."""
    match = Match(title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, side, kind)
    clear(match)
    return match


def plain(match: Match, h: str) -> bool:
    """Clear, with no features and no coast."""
    topo = match.topology
    return topo.terrain(h) == "clear" and not topo.features(h) and not topo.attrs(h).get("coast")


def clear_pair(match: Match) -> tuple[str, str]:
    """Two plain neighbours with nothing on the hexside between them."""
    topo = match.topology
    for a in topo.locations():
        for b in topo.neighbours(a) if plain(match, a) else ():
            edge = topo.edge(a, b)
            if plain(match, b) and edge is not None and not edge.features:
                return a, b
    raise AssertionError("no clear pair")


def gas_pair(match: Match, east: bool = False, origin_west: bool = False) -> tuple[str, str]:
    """A plain target east of the GAS line (8.8) or not, and a plain neighbour (itself west of
    the line when ``origin_west``), nothing on the hexside between."""
    topo = match.topology
    gas_east = topo.region("gas-east")
    for a in sorted(topo.locations()):
        if not plain(match, a) or (a in gas_east) != east:
            continue
        for b in topo.neighbours(a):
            edge = topo.edge(a, b)
            if origin_west and b in gas_east:
                continue
            if plain(match, b) and edge is not None and not edge.features:
                return a, b
    raise AssertionError("no clear pair")


def drop_hex(match: Match, towns: Iterable[str]) -> tuple[str, str]:
    """The first of ``towns`` with a clear, featureless neighbour, and that neighbour: where a
    paradrop (15.17, 15.18) may land next to its source town."""
    topo = match.topology
    for town in towns:
        for n in topo.neighbours(town):
            if topo.terrain(n) == "clear" and not topo.features(n):
                return town, n
    raise AssertionError("no drop hex")


def clear_hexes(match: Match) -> tuple[str, str, str]:
    """A clear hex with no features, a clear neighbour and a clear hex beyond (for retreats)."""
    topo = match.topology

    def plain(h: str) -> bool:
        return topo.terrain(h) == "clear" and not topo.features(h)

    for target in topo.locations():
        if not plain(target) or topo.attrs(target).get("coast"):
            continue
        nbrs = [n for n in topo.neighbours(target) if plain(n)]
        if len(nbrs) == len(topo.neighbours(target)) == 6:
            return target, nbrs[0], nbrs[3]
    raise AssertionError("no clear hex")


def offensive_supply(match: Match, side: str, loc: str, value: int = 5) -> str:
    """Give ``side``'s units within ``value`` hexes of ``loc`` offensive supply (8.4, 8.6): his
    active marker of that value, dealt if need be, placed on ``loc`` and turned up by him (in
    one of his phases). Its letter."""
    from wargame.games.proud_monster_deluxe import offsupply

    if not offsupply._secret(match, side).get("values"):
        offsupply.deal(match, side)
    values = offsupply._secret(match, side)["values"]
    letter = next(x for x, v in sorted(values.items()) if v == value)
    marker = {"type": offsupply.KIND, "loc": loc, "side": side, "value": value}
    match.state.markers[offsupply.key(side, letter)] = marker
    match.touch()
    return letter


def revealed(match: Match, uid: str, loc: str) -> str:
    unit = put(match, uid, loc)
    match.reveal(unit)
    return uid


def carry_out_result(
    match: Match,
    code: str,
    attackers: list[str],
    defenders: list[str],
    target: str,
    construction: str | None = None,
    roll: int | None = 3,
    close_combat: str | None = None,
) -> Battle:
    """Carry out ``code`` as the result of a battle of these units (the roll behind it);
    ``close_combat``: the side that committed a Close Combat marker to it (13.1)."""
    units = match.state.units
    battle = combat.new_battle(
        match, [units[i] for i in attackers], [units[i] for i in defenders], target, "attack"
    )
    battle.roll, battle.result = roll, code
    if construction is not None:
        battle.extra["construction"] = construction
    if close_combat is not None:
        battle.extra["close_combat"] = close_combat
    combat.store(match, battle)
    combat.carry_out(match, battle, code)
    return battle
