"""Positions the Proud Monster Deluxe combat tests share: the title, turn 113's phases with the
map cleared, and plain clear hexes."""

from __future__ import annotations

from functools import cache

from wargame.games.proud_monster_deluxe import plugin
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import clear, to_phase


@cache
def title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def at_phase(side: str, kind: str) -> Match:
    """Turn 113's first phase of ``kind`` for ``side`` (turn 112's special rules behind), the
    map empty."""
    match = Match(title(), "1941-historical", 1)
    while match.turn == 1:
        match.apply("end")
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
