"""Halving combat factors, the way several titles share it.

Two families:

* Round down, one division for the whole group, never below 1 (Barbarossa 1.3 and 11.12, LWE 1.3
  and 11.12, PGG 11.31-11.32 out of supply, PGG 6.55 overrun). Halving each unit separately and
  adding would lose a point per odd unit, and the rules forbid it: "first added together and then
  only one division and rounding". The floor keeps a lone unit (or a stack whose total is positive)
  at 1; it is a combat-factor rule only, so non-combat numbers pass ``lone_min=0`` (Barbarossa 1.3:
  half of one is zero).
* Round up, on the stack total, floor of 1 (PMD 8.5 out of supply, 13.2 "a stack ... never below
  1", 13.4.1 halved or three-quarter attacks across rivers and into marsh, 15.3 Flak).

Values are whole factors: every title above prints integers and rounds after each reduction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

HALF = Fraction(1, 2)
THREE_QUARTERS = Fraction(3, 4)


def _total(values: Iterable[int]) -> int:
    total = 0
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"combat factors are ints, not {value!r}")
        if value < 0:
            raise ValueError(f"combat factors are never negative, not {value}")
        total += value
    return total


def _check_min(name: str, minimum: int) -> None:
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 0:
        raise ValueError(f"{name} must be an int >= 0, not {minimum!r}")


def divide_total(values: Iterable[int], divisor: int, *, lone_min: int = 1) -> int:
    """Total ``values``, divide once, round down; a positive total never drops below ``lone_min``.

    Quartering is one division by 4 (Barbarossa 7.22, with the 1.3 floor: a lone shock army's
    printed 3 quartered is 1). A total of 0 stays 0: a printed 0 is never raised (Barbarossa 11.12
    "with a printed combat factor greater than zero")."""
    if isinstance(divisor, bool) or not isinstance(divisor, int) or divisor < 1:
        raise ValueError(f"divisor must be an int >= 1, not {divisor!r}")
    _check_min("lone_min", lone_min)
    total = _total(values)
    if total == 0:
        return 0
    return max(lone_min, total // divisor)


def halve_total(values: Iterable[int], *, lone_min: int = 1) -> int:
    """Halve the sum once, rounding down, never below ``lone_min`` for a positive total.

    Barbarossa 1.3 / LWE 1.3: [3, 3] -> 3 (not 1 + 1); [3] -> 1; [1] -> 1 (a lone unit's factor is
    never below 1); with ``lone_min=0``, [1] -> 0 (non-combat numbers). PGG 6.55 overrun halves the
    total after every other adjustment: an out-of-supply panzer division 8 -> 16 (7.3) -> 8 (11.31)
    -> 4. Whether PGG 11.32's floor of 1 covers the overrun halving is unstated; pass ``lone_min``
    per the title's reading."""
    return divide_total(values, 2, lone_min=lone_min)


def halve(value: int, *, lone_min: int = 1) -> int:
    """One unit's factor halved, rounded down, never below ``lone_min`` if positive (PGG 11.31:
    an out-of-supply 9 is 4; 11.32: never below 1)."""
    return halve_total((value,), lone_min=lone_min)


def halve_each(values: Iterable[int], *, lone_min: int = 1) -> list[int]:
    """Each unit halved on its own, rounded down, each positive one never below ``lone_min``.

    For rules that reduce a unit rather than a group (PGG 11.31-11.32 "A Unit's Strength"), or to
    show per-unit values; a group that shares one reduction uses :func:`halve_total` instead."""
    return [halve(value, lone_min=lone_min) for value in values]


def scale_total_up(values: Iterable[int], fraction: Fraction, *, minimum: int = 1) -> int:
    """Total ``values``, multiply by ``fraction`` once, round up; a positive total never drops
    below ``minimum``. The Proud Monster reduction (PMD 8.5, 13.2, 13.4.1, 15.3): half of 5 is 3;
    DF 3 and 3 out of supply -> 3; 3/4 of 7 across a minor river in 1941 -> 6. Several reductions
    at once may be passed as their product; the rules do not say whether to round in between."""
    if not isinstance(fraction, Fraction) or not 0 < fraction <= 1:
        raise ValueError(f"fraction must be a Fraction in (0, 1], not {fraction!r}")
    _check_min("minimum", minimum)
    total = _total(values)
    if total == 0:
        return 0
    return max(minimum, math.ceil(total * fraction))


def halve_total_up(values: Iterable[int], *, minimum: int = 1) -> int:
    """Half of the stack total, rounded up (PMD 8.5, 13.4.1 major rivers and marsh, 15.3 Flak)."""
    return scale_total_up(values, HALF, minimum=minimum)


def three_quarters_total_up(values: Iterable[int], *, minimum: int = 1) -> int:
    """Three quarters of the total, rounded up (PMD 13.4.1: minor rivers in 1941, pontoon bridges
    per 15.12)."""
    return scale_total_up(values, THREE_QUARTERS, minimum=minimum)
