"""The PGG Combat Results Table (9.5) through the engine: all 72 cells, and the odds rounding
(9.4: always in the defender's favour) at and around every column boundary.

The expected cells are transcribed here independently of the title's data file, column by
column as printed, so a slip in either shows up.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from wargame.combat import build_table
from wargame.plugins import Registry

PRINTED = {  # PGG 9.5, rolls 1..6 (low rolls favour the attacker)
    "1-3": "A1 A1 A1 A2 Ae Ae",
    "1-2": "D1/A1 Eng A1 A1 A2 Ae",
    "1-1": "D1 D1/A1 D1/A1 Eng A1 A2",
    "2-1": "D2 D1 D1/A1 D1/A1 Eng A1",
    "3-1": "D2 D2 D1 D1/A1 D1/A1 Eng",
    "4-1": "D2 D2 D2/A1 D1 D1/A1 Eng",
    "5-1": "D2 D2 D2 D2/A1 D1 D1/A1",
    "6-1": "De/A1 D2 D2 D2 D2/A1 D1",
    "7-1": "De De/A1 D2 D2 D2 D2/A1",
    "8-1": "De De De/A1 D2 D2 D2",
    "9-1": "De De De De/A1 D2 D2",
    "10-1": "De De De De De D2",
}
RATIOS = {"1-3": Fraction(1, 3), "1-2": Fraction(1, 2)} | {
    f"{n}-1": Fraction(n) for n in range(1, 11)
}
CELLS = [
    (col, roll, code) for col, row in PRINTED.items() for roll, code in enumerate(row.split(), 1)
]


@pytest.fixture(scope="module")
def crt(registry: Registry):
    doc = registry.get("pgg").doc("combat-tables")
    return build_table(doc["tables"]["crt"], table_id="crt")


def test_9_5_the_table_has_72_cells(crt) -> None:
    assert len(CELLS) == 72
    assert list(crt.labels) == list(PRINTED)


@pytest.mark.parametrize(("column", "roll", "code"), CELLS)
def test_9_5_every_cell(crt, column: str, roll: int, code: str) -> None:
    ratio = RATIOS[column]
    attack, defense = (ratio.numerator * 6, ratio.denominator * 6)
    col = crt.column(attack, defense)
    assert col.label == column
    assert crt.result(col, roll) == code


@pytest.mark.parametrize("column", list(PRINTED))
def test_9_4_rounding_at_and_around_each_boundary(crt, column: str) -> None:
    """Exactly on a column's ratio gives that column; a hair below gives the column under it
    (the defender's favour); a hair above stays."""
    ratio = RATIOS[column]
    defense = ratio.denominator * 30
    attack = ratio.numerator * 30
    labels = list(PRINTED)
    i = labels.index(column)
    assert crt.column(attack, defense).label == column
    assert crt.column(attack + 1, defense).label == column
    below = crt.column(attack - 1, defense).label
    assert below == (labels[i - 1] if i > 0 else "1-3")


def test_9_4_the_rulebook_example_26_to_9_is_2_to_1(crt) -> None:
    assert crt.column(26, 9).label == "2-1"


def test_9_5_notes_beyond_the_table_use_the_end_columns(crt) -> None:
    """ "Attacks at greater than 10-1 are treated as 10-1; at less than 1-3 are treated as 1-3.\""""
    assert crt.column(40, 3).label == "10-1"
    assert crt.column(1, 9).label == "1-3"
