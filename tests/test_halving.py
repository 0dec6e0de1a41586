"""The shared halving rule: Barbarossa/LWE 1.3 and 11.12, PGG 11.31-11.32 and 6.55, PMD 8.5/13.2."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.mechanics.halving import (
    HALF,
    THREE_QUARTERS,
    divide_total,
    halve,
    halve_each,
    halve_total,
    halve_total_up,
    scale_total_up,
    three_quarters_total_up,
)

# ----------------------------------------------------------------------------- round down, floor 1


def test_barbarossa_1_3_half_of_three_and_two_is_one() -> None:
    assert halve(3) == 1
    assert halve(2) == 1
    assert halve_total([3]) == 1


def test_barbarossa_1_3_half_of_one_is_one_for_a_lone_combat_factor_zero_otherwise() -> None:
    assert halve(1) == 1
    assert halve_total([1]) == 1
    assert halve(1, lone_min=0) == 0  # a non-combat number


def test_barbarossa_1_3_group_halving_adds_first_then_divides_once() -> None:
    assert halve_total([3, 3]) == 3  # not 1 + 1
    assert halve_total([1, 1]) == 1
    assert halve_total([3, 2]) == 2  # LWE 1.3, derived D1: floor(5/2), not 1 + 1
    assert halve_total([5, 4, 3]) == 6
    assert halve_total(iter([7, 1])) == 4  # any iterable


def test_barbarossa_11_12_a_printed_zero_is_never_raised() -> None:
    assert halve_total([0]) == 0
    assert halve_total([]) == 0
    assert halve_total([1, 0]) == 1  # the stack's factor is positive: never below 1
    assert halve_each([0, 1]) == [0, 1]


def test_barbarossa_7_22_quartered_lone_shock_army_is_one() -> None:
    assert divide_total([3], 4) == 1  # printed 3, not the doubled 6
    assert divide_total([3, 3, 3], 4) == 2
    assert divide_total([8], 4) == 2
    assert divide_total([3], 4, lone_min=0) == 0
    assert divide_total([7], 1) == 7


def test_pgg_11_31_out_of_supply_nine_is_four() -> None:
    assert halve(9) == 4


def test_pgg_11_32_strength_never_below_one() -> None:
    assert halve_each([1, 9, 6, 3]) == [1, 4, 3, 1]


def test_pgg_6_55_overrun_halves_after_every_other_adjustment() -> None:
    face = 8
    integrated = face * 2  # 7.3 divisional integration
    out_of_supply = halve(integrated)  # 11.31
    assert halve_total([out_of_supply]) == 4  # the 6.55 worked example


def test_pgg_6_55_overrun_floor_is_the_titles_choice() -> None:
    # 6.55 drops fractions; whether 11.32's floor of 1 also covers overrun is unstated.
    assert halve_total([1]) == 1
    assert halve_total([1], lone_min=0) == 0


# ----------------------------------------------------------------------------- round up (PMD)


def test_pmd_8_5_half_rounded_up_of_five_is_three() -> None:
    assert halve_total_up([5]) == 3
    assert scale_total_up([5], HALF) == 3


def test_pmd_8_5_stack_total_halved_once() -> None:
    assert halve_total_up([3, 3]) == 3  # not 2 + 2
    assert halve_total_up([3, 2]) == 3
    assert halve_total_up([1]) == 1  # 13.2: a stack never below 1


def test_pmd_13_4_1_three_quarters_rounded_up() -> None:
    assert three_quarters_total_up([7]) == 6  # 5.25 -> 6
    assert three_quarters_total_up([4]) == 3
    assert three_quarters_total_up([2, 2]) == 3
    assert three_quarters_total_up([1]) == 1
    assert scale_total_up([4, 4], THREE_QUARTERS) == 6


def test_pmd_combined_reductions_as_one_product() -> None:
    assert scale_total_up([5], Fraction(3, 8)) == 2  # 1.875 -> 2
    assert scale_total_up([1], Fraction(1, 8)) == 1
    assert scale_total_up([0], HALF) == 0
    assert scale_total_up([6], Fraction(1)) == 6


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: halve_total([-1]), "never negative"),
        (lambda: halve_total([True]), "ints"),
        (lambda: halve_total([1.5]), "ints"),  # type: ignore[list-item]
        (lambda: halve(2, lone_min=-1), "lone_min"),
        (lambda: divide_total([2], 0), "divisor"),
        (lambda: scale_total_up([2], Fraction(3, 2)), "fraction"),
        (lambda: scale_total_up([2], Fraction(0)), "fraction"),
        (lambda: scale_total_up([2], 0.5), "fraction"),  # type: ignore[arg-type]
        (lambda: halve_total_up([2], minimum=-1), "minimum"),
    ],
)
def test_bad_input(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


# ----------------------------------------------------------------------------- properties

factors = st.lists(st.integers(min_value=0, max_value=30), max_size=8)


@given(factors)
def test_one_division_never_loses_more_than_halving_each(values: list[int]) -> None:
    assert halve_total(values, lone_min=0) >= sum(halve_each(values, lone_min=0))


@given(factors)
def test_halve_total_is_floor_of_half_with_a_floor_of_one(values: list[int]) -> None:
    total = sum(values)
    expected = 0 if total == 0 else max(1, total // 2)
    assert halve_total(values) == expected
    assert halve_total(values) <= max(total, 0)


@given(factors)
def test_rounding_up_never_gives_less_than_rounding_down(values: list[int]) -> None:
    assert halve_total_up(values) >= halve_total(values)
    assert three_quarters_total_up(values) >= halve_total_up(values)
    assert halve_total_up(values) <= sum(values)


@given(factors, st.integers(min_value=0, max_value=30))
def test_adding_a_unit_never_lowers_the_halved_total(values: list[int], extra: int) -> None:
    assert halve_total([*values, extra]) >= halve_total(values)
    assert halve_total_up([*values, extra]) >= halve_total_up(values)


@given(factors, st.fractions(min_value=Fraction(1, 16), max_value=1, max_denominator=16))
def test_scale_total_up_is_the_ceiling(values: list[int], fraction: Fraction) -> None:
    total = sum(values)
    result = scale_total_up(values, fraction)
    if total == 0:
        assert result == 0
    else:
        assert result >= 1
        assert result - 1 < total * fraction <= result or result == 1
