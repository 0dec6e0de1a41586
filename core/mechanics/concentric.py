"""Concentric assault geometry (Barbarossa 11.24, LWE 11.27): a hex is attacked concentrically
when its attackers stand in two exactly opposite neighbours, in three neighbours each one apart
from the next (every other hex), or in more than three neighbours. The bonus, and where it is
denied, is the title's; this answers only the geometry, for hex maps whose direction names come
in ring order (flat and pointy both do)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.hexgrid import hex_grid
from wargame.match import Match


def ring_positions(match: Match, target: str, origins: Iterable[str]) -> list[int]:
    """Where the attacking hexes sit around ``target``: indices 0-5 of the direction ring."""
    topo = hex_grid(match.topology)
    ring = list(topo.direction_names())
    found = set(origins)
    return sorted(
        {ring.index(topo.direction(target, n)) for n in topo.neighbours(target) if n in found}
    )


def concentric(match: Match, target: str, origins: Iterable[str]) -> bool:
    idx = ring_positions(match, target, origins)
    if len(idx) > 3:
        return True
    if any((b - a) % 6 == 3 for a in idx for b in idx):
        return True
    return len(idx) == 3 and all((b - a) % 2 == 0 for a in idx for b in idx)
