"""Seeded dice whose whole state is one integer kept in the match state.

A single 64-bit integer (splitmix64) is cheap to save, hash and restore, so a save file plus its
action list replays every roll exactly.
"""

from __future__ import annotations

import re

_MASK = (1 << 64) - 1
_DICE = re.compile(r"^(\d*)d(\d+)$")


def _mix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Dice:
    """Draws from a splitmix64 stream; ``state`` is all there is to save."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, value = _mix(self.state)
            if value < limit:
                return value % n

    def roll(self, spec: str = "1d6") -> tuple[int, tuple[int, ...]]:
        """Roll e.g. '1d6', '2d6', '3d6': the total and each die."""
        count, sides = parse_dice(spec)
        faces = tuple(self.below(sides) + 1 for _ in range(count))
        return sum(faces), faces


def parse_dice(spec: str) -> tuple[int, int]:
    m = _DICE.match(spec.strip().lower())
    if not m:
        raise ValueError(f"bad dice spec {spec!r}: expected e.g. '1d6' or '2d6'")
    return int(m.group(1) or 1), int(m.group(2))


def dice_range(spec: str) -> range:
    count, sides = parse_dice(spec)
    return range(count, count * sides + 1)
