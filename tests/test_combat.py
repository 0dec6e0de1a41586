"""Combat-table registry: odds, differential and fire tables built from small specs written here.

No title's CRT appears here: every table's results are made-up codes "<column>/<roll>" so a lookup
proves which cell it read. Rule numbers in test names point at the worked example being checked.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.combat import (
    TABLE_KINDS,
    Column,
    CombatOutcome,
    CombatTable,
    DifferentialTable,
    FireTable,
    Line,
    Modifier,
    OddsTable,
    Shift,
    build_table,
    explain,
    register_table_kind,
    resolve,
    split_total,
)

# ----------------------------------------------------------------------------- sample tables

ODDS_LABELS = [
    "1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "1.5-1", "2-1", "2.5-1",
    "3-1", "4-1", "5-1", "6-1", "7-1",
]  # fmt: skip
ODDS_VALUES = [
    F(1, 6), F(1, 5), F(1, 4), F(1, 3), F(1, 2), F(1), F(3, 2), F(2), F(5, 2),
    F(3), F(4), F(5), F(6), F(7),
]  # fmt: skip
AUTO_BELOW = {"policy": "auto", "result": "AE", "rule": "T 1.10"}
AUTO_ABOVE = {"policy": "auto", "result": "DE", "rule": "T 1.10"}


def cells(labels: list[str], rolls: range = range(1, 7)) -> dict[str, list[str]]:
    return {label: [f"{label}/{roll}" for roll in rolls] for label in labels}


def odds_spec(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "id": "t",
        "kind": "odds",
        "rule": "T 1.25",
        "dice": "1d6",
        "columns": list(ODDS_LABELS),
        "results": cells(ODDS_LABELS),
        "rounding": "defender",
        "rounding_rule": "PGG 9.2",
        "shift_mode": "ratio",
        "shift_rule": "T 1.25",
        "below": dict(AUTO_BELOW),
        "above": dict(AUTO_ABOVE),
    }
    spec.update(changes)
    return spec


def odds(**changes: Any) -> OddsTable:
    table = build_table(odds_spec(**changes))
    assert isinstance(table, OddsTable)
    return table


CLAMP_LABELS = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1"]


def clamp_table(**changes: Any) -> OddsTable:
    """A table that clamps at both ends and shifts by printed column."""
    spec = odds_spec(
        id="c",
        columns=CLAMP_LABELS,
        results=cells(CLAMP_LABELS),
        shift_mode="column",
        below={"policy": "clamp", "rule": "C 9.5"},
        above={"policy": "clamp", "rule": "C 9.5"},
    )
    spec.update(changes)
    return odds(**spec)


def rank(table: Any, column: Column) -> float:
    """Order columns worst to best for the attacker: auto-below < printed columns < auto-above."""
    if column.automatic is None:
        assert column.index is not None
        return column.index
    if column.automatic == getattr(table.below, "result", None):
        return float("-inf")
    assert column.automatic == table.above.result
    return float("inf")


# ----------------------------------------------------------------------------- odds: rounding


@pytest.mark.parametrize(
    ("attack", "defense", "label"),
    [
        (16, 5, "3-1"),  # 3.2 rounds down
        (4, 9, "1-3"),  # 1:2.25 rounds to 1:3
        (10, 5, "2-1"),  # exact
        (26, 7, "3-1"),  # Barbarossa 11.8 / PMD 13.2 worked example
        (5, 11, "1-3"),  # Barbarossa 11.9 / PMD 13.2 poor-odds example
        (26, 9, "2.5-1"),  # 2.89 meets the intermediate column first
        (10, 6, "1.5-1"),  # PMD 13.2: the 1.5-1 column exists
        (11, 6, "1.5-1"),
        (12, 6, "2-1"),
        (2, 7, "1-4"),  # PMD 13.0: 2 vs 7 is 1-4
        (2, 6, "1-3"),
    ],
)
def test_defender_rounding_worked_examples(attack: int, defense: int, label: str) -> None:
    column = odds().column(attack, defense)
    assert column.label == label
    assert column.index == ODDS_LABELS.index(label)
    assert column.automatic is None


def test_pgg_9_4_twenty_six_to_nine_is_two_to_one() -> None:
    assert clamp_table().column(26, 9).label == "2-1"


@pytest.mark.parametrize("i", range(len(ODDS_LABELS)))
def test_defender_rounding_at_and_around_every_boundary(i: int) -> None:
    table = odds()
    value = ODDS_VALUES[i]
    p, q = value.numerator, value.denominator
    exact = table.column(p * 3, q * 3)
    above = table.column(p * 1000 + 1, q * 1000)
    below = table.column(p * 1000 - 1, q * 1000)
    assert exact.index == i
    assert above.index == i  # a hair more attack still rounds down to this column
    if i == 0:
        assert below.automatic == "AE"
    else:
        assert below.index == i - 1


@pytest.mark.parametrize("i", range(len(ODDS_LABELS)))
def test_attacker_rounding_at_and_around_every_boundary(i: int) -> None:
    table = odds(rounding="attacker")
    value = ODDS_VALUES[i]
    p, q = value.numerator, value.denominator
    assert table.column(p * 3, q * 3).index == i
    assert table.column(p * 1000 - 1, q * 1000).index == i
    above = table.column(p * 1000 + 1, q * 1000)
    if i == len(ODDS_LABELS) - 1:
        assert above.automatic == "DE"
        assert above.label == "8-1"
    else:
        assert above.index == i + 1


def test_attacker_rounding_examples() -> None:
    table = odds(rounding="attacker")
    assert table.column(16, 5).label == "4-1"
    assert table.column(4, 9).label == "1-2"
    assert table.column(10, 5).label == "2-1"
    assert table.column(17, 10).label == "2-1"


@pytest.mark.parametrize(
    ("attack", "defense", "ties", "label"),
    [
        (17, 5, "defender", "3-1"),  # 3.4
        (18, 5, "defender", "4-1"),  # 3.6
        (7, 2, "defender", "3-1"),  # 3.5: tie
        (7, 2, "attacker", "4-1"),
        (5, 4, "defender", "1-1"),  # 1.25: tie between 1-1 and 1.5-1
        (5, 4, "attacker", "1.5-1"),
        (5, 12, "defender", "1-2"),  # 1:2.4 is nearer 1-2
        (5, 13, "defender", "1-3"),  # 1:2.6 is nearer 1-3
        (2, 5, "defender", "1-3"),  # 1:2.5: tie
        (2, 5, "attacker", "1-2"),
        (3, 4, "defender", "1-1"),  # 1:1.33 is nearer 1-1
    ],
)
def test_nearest_rounding(attack: int, defense: int, ties: str, label: str) -> None:
    table = odds(rounding="nearest", nearest_ties=ties)
    assert table.column(attack, defense).label == label


def test_intermediate_columns() -> None:
    table = odds()
    assert table.column(5, 2).label == "2.5-1"
    assert table.column(29, 10).label == "2.5-1"
    assert table.column(149, 100).label == "1-1"
    assert table.column(3, 2).label == "1.5-1"
    assert table.column(199, 100).label == "1.5-1"


def test_exact_fractions_not_floats() -> None:
    # 0.3 / 0.1 is 2.9999999999999996 in floats, which would round down to 2.5-1.
    table = odds()
    assert table.column(0.3, 0.1).label == "3-1"
    assert table.column(F(7, 2), F(7, 6)).label == "3-1"
    assert table.column(0.3, 0.1).attack == F(3, 10)


def test_ratio_rounding_matches_barbarossa_11_8_and_11_9_formula() -> None:
    """On a table of whole columns, defender rounding is floor(A/D)-1 or 1-ceil(D/A)."""
    labels = ["1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]
    table = odds(columns=labels, results=cells(labels))
    for a in range(1, 40):
        for d in range(1, 40):
            want = f"{a // d}-1" if a >= d else f"1-{-(-d // a)}"
            assert table.column(a, d).raw == want, (a, d)


# ----------------------------------------------------------------------------- odds: edges


def test_automatic_results_at_both_edges() -> None:
    table = odds()
    low = table.column(1, 7)
    high = table.column(8, 1)
    assert (low.automatic, low.label, low.index) == ("AE", "1-7", None)
    assert (high.automatic, high.label, high.index) == ("DE", "8-1", None)
    assert table.result(low) == "AE"
    assert table.result(high, 3) == "DE"
    assert table.results(low) == dict.fromkeys(range(1, 7), "AE")
    assert low.is_automatic
    # the ends themselves are printed columns and roll
    assert table.column(7, 1).label == "7-1"
    assert table.column(79, 10).label == "7-1"
    assert table.column(1, 6).label == "1-6"
    assert table.column(1, 6).automatic is None


def test_automatic_result_is_explained_with_its_rule() -> None:
    column = odds().column(8, 1)
    assert Line("8-1 is above the table: automatic DE", "T 1.10") in column.explanation
    assert explain(column) == "8 vs 1 = 8:1 -> 8-1; automatic DE (T 1.10)"


def test_clamping_at_both_edges() -> None:
    table = clamp_table()
    high = table.column(40, 3)  # 13.3:1
    assert (high.label, high.index, high.raw) == ("10-1", 11, "13-1")
    assert any(line.rule == "C 9.5" and "treated as 10-1" in line.text for line in high.explanation)
    low = table.column(1, 9)
    assert (low.label, low.index) == ("1-3", 0)
    assert table.result(high, 6) == "10-1/6"


def test_edge_policy_error() -> None:
    table = odds(above="error")
    with pytest.raises(ValueError, match="above the table"):
        table.column(9, 1)


# ----------------------------------------------------------------------------- odds: shift modes


def test_barbarossa_11_25_twenty_to_one_with_two_left_shifts_is_eighteen_to_one_automatic_de() -> (
    None
):
    table = odds(shift_mode="ratio")
    column = table.column(20, 1, shifts=[Shift.left(2, "rough and river", "T 11.14")])
    assert column.label == "18-1"
    assert column.automatic == "DE"
    assert column.raw == "20-1"
    assert column.shift == -2
    assert table.result(column) == "DE"
    assert explain(column) == (
        "20 vs 1 = 20:1 -> 20-1; -2 shift: rough and river (T 11.14) -> 18-1; automatic DE (T 1.10)"
    )


def test_pmd_13_6_ten_to_one_with_two_left_shifts_is_eight_to_one_automatic() -> None:
    labels = ["1-3", "1-2", "1-1", "1.5-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]
    table = odds(columns=labels, results=cells(labels))
    column = table.column(10, 1, shift=-2)
    assert (column.label, column.automatic) == ("8-1", "DE")


def test_ratio_mode_shifts_back_onto_the_table() -> None:
    table = odds(shift_mode="ratio")
    assert table.column(9, 1, shift=-2).label == "7-1"
    assert table.column(9, 1, shift=-2).automatic is None
    assert table.column(1, 8, shift=2).label == "1-6"
    assert table.column(1, 8, shift=1).automatic == "AE"
    # the ladder runs through the intermediate columns
    assert table.column(2, 1, shift=-1).label == "1.5-1"
    assert table.column(2, 1, shift=-2).label == "1-1"
    assert table.column(1, 1, shift=-1).label == "1-2"
    assert table.column(3, 1, shift=-1).label == "2.5-1"


def test_ratio_mode_with_clamped_edges() -> None:
    table = clamp_table(shift_mode="ratio")
    column = table.column(13, 1, shift=-2)  # 13-1 -> 11-1, still above 10-1
    assert (column.label, column.index) == ("10-1", 11)
    assert table.column(13, 1, shift=-4).label == "9-1"
    assert table.column(1, 9, shift=5).label == "1-3"  # 1-9 -> 1-4: still below, clamped
    assert table.column(1, 9, shift=6).label == "1-3"
    assert table.column(1, 9, shift=7).label == "1-2"


def test_column_mode_pins_off_table_odds_then_shifts() -> None:
    table = clamp_table()
    assert table.column(40, 3, shift=-2).label == "8-1"  # 13-1 pinned to 10-1, then 2L
    assert table.column(5, 1, shift=7).label == "10-1"  # shifted past the end: clamped
    assert table.column(1, 3, shift=-1).label == "1-3"
    assert table.column(3, 1, shift=2).label == "5-1"


def test_column_mode_automatic_edges() -> None:
    table = odds(shift_mode="column")
    high = table.column(20, 1, shift=-2)
    assert (high.automatic, high.label) == ("DE", "20-1")  # off the table before shifting
    assert any("shifts do not apply" in line.text for line in high.explanation)
    assert table.column(7, 1, shift=1).automatic == "DE"
    assert table.column(1, 6, shift=-1).automatic == "AE"
    assert table.column(1, 6, shift=1).label == "1-5"


def test_shift_explanation_lists_each_shift_and_rule() -> None:
    table = odds()
    shifts = [Shift(1, "Leader", "PGG 10.36"), Shift.left(2, "forest", "X 9.3")]
    column = table.column(16, 5, shifts=shifts, shift=1)
    assert column.label == "3-1"
    assert column.shifts == tuple(shifts)
    assert Line("+1 column: Leader", "PGG 10.36") in column.explanation
    assert Line("-2 columns: forest", "X 9.3") in column.explanation
    assert Line("net shift 0 on the odds ladder: 3-1 -> 3-1", "T 1.25") in column.explanation
    assert column.explanation[-1] == Line("final column 3-1", "T 1.25")


def test_full_explanation_names_strengths_ratio_rounding_shifts_and_result() -> None:
    column = odds().column(16, 5, shifts=[Shift(1, "Leader", "PGG 10.36")])
    assert column.explanation == (
        Line("attack 16, defense 5"),
        Line("16 vs 5 = 3.2:1, rounded for defender to 3-1", "PGG 9.2"),
        Line("+1 column: Leader", "PGG 10.36"),
        Line("net shift +1 on the odds ladder: 3-1 -> 4-1", "T 1.25"),
        Line("final column 4-1", "T 1.25"),
    )
    assert (column.attack, column.defense, column.raw, column.shift) == (16, 5, "3-1", 1)


def test_column_is_either_printed_or_automatic() -> None:
    with pytest.raises(ValueError, match="exactly one of index or automatic"):
        Column("t", "3-1", index=2, automatic="DE")
    with pytest.raises(ValueError, match="exactly one of index or automatic"):
        Column("t", "3-1")


def test_explain_one_line() -> None:
    column = odds().column(16, 5, shifts=[Shift(1, "Leader", "PGG 10.36")])
    assert explain(column) == (
        "16 vs 5 = 3.2:1 -> 3-1 (rounded for defender, PGG 9.2); +1 shift: Leader (PGG 10.36) -> 4-1"
    )
    assert explain(odds().column(10, 5)) == "10 vs 5 = 2:1 -> 2-1"
    bare = Column("x", "2-1", index=3, explanation=(Line("a", "R 1"), Line("b")))
    assert explain(bare) == "a (R 1); b"


# ----------------------------------------------------------------------------- capped shifts

CAPS = {"capped": {"max": 2, "rule": "PMD 13.5"}}


def test_capped_shift_group_is_limited_while_others_are_not() -> None:
    table = odds(shift_caps=CAPS)
    shifts = [
        Shift(1, "AFV", "PMD 15.2", group="capped"),
        Shift(1, "engineer", "PMD 15.7", group="capped"),
        Shift(1, "concentric", "PMD 13.3", group="capped"),
        Shift(1, "first winter", "PMD 5.5"),  # outside the cap
    ]
    column = table.column(3, 1, shifts=shifts)
    assert column.shift == 3
    assert column.label == "6-1"
    assert Line("net capped shifts +3 capped at +2", "PMD 13.5") in column.explanation
    assert "capped at +2 (PMD 13.5)" in explain(column)


def test_capped_group_nets_before_capping() -> None:
    table = odds(shift_caps=CAPS)
    shifts = [
        Shift(3, "a", group="capped"),
        Shift(-2, "b", group="capped"),
    ]
    assert table.column(3, 1, shifts=shifts).shift == 1
    left = [Shift.left(1, f"s{i}", group="capped") for i in range(3)] + [Shift.left(1, "GAST")]
    column = table.column(6, 1, shifts=left)
    assert column.shift == -3
    assert column.label == "3-1"
    assert table.column(6, 1, shifts=left, shift=-1).shift == -4  # the bare int is uncapped


def test_unknown_shift_group_is_an_error() -> None:
    with pytest.raises(ValueError, match="group 'terrain'.*caps only these groups: none"):
        odds().column(3, 1, shifts=[Shift(1, "hill", group="terrain")])


def test_shift_value_type() -> None:
    assert Shift.left(2, "river") == Shift(-2, "river")
    assert Shift.right(1, "air", "X", group="g").group == "g"
    with pytest.raises(ValueError, match="reason"):
        Shift(1, "")
    with pytest.raises(ValueError, match="int"):
        Shift(True, "bool")


# ----------------------------------------------------------------------------- zero, bad input


def test_zero_strengths() -> None:
    with pytest.raises(ValueError, match="defense strength is 0"):
        odds().column(5, 0)
    with pytest.raises(ValueError, match="attack strength is 0"):
        odds().column(0, 5)
    with pytest.raises(ValueError, match="both 0"):
        odds(zero_defense={"policy": "auto", "result": "DE"}).column(0, 0)
    auto = odds(zero_defense={"policy": "auto", "result": "DE", "rule": "Z 1"}).column(
        5, 0, shift=-9
    )
    assert auto.automatic == "DE"
    edge = odds(zero_attack="edge").column(0, 5, shift=3)
    assert edge.automatic == "AE"
    pinned = clamp_table(zero_attack="edge").column(0, 5, shift=2)
    assert pinned.label == "1-1"  # column mode: pinned to the bottom column, then shifted
    ratio_pinned = clamp_table(zero_defense="edge", shift_mode="ratio").column(5, 0, shift=-3)
    assert ratio_pinned.label == "10-1"  # infinitely high odds never shift back on


@pytest.mark.parametrize("bad", [-1, float("nan"), float("inf"), "3", True, None])
def test_bad_strengths(bad: Any) -> None:
    with pytest.raises(ValueError):
        odds().column(bad, 3)


def test_odds_table_needs_a_defense() -> None:
    with pytest.raises(ValueError, match="needs a defense"):
        odds().column(5)


# ----------------------------------------------------------------------------- lookups


def test_result_and_results() -> None:
    table = odds()
    column = table.column(16, 5)
    assert table.result(column, 4) == "3-1/4"
    assert table.results(column) == {r: f"3-1/{r}" for r in range(1, 7)}
    assert table.rolls == range(1, 7)
    with pytest.raises(ValueError, match="outside 1..6"):
        table.result(column, 7)
    with pytest.raises(ValueError, match="needs a roll"):
        table.result(column)
    other = clamp_table().column(3, 1)
    with pytest.raises(ValueError, match="belongs to table 'c'"):
        table.result(other, 1)


def test_results_given_as_roll_mappings_and_2d6() -> None:
    labels = ["1-1", "2-1"]
    results = {
        "1-1": {str(r): f"a{r}" for r in range(2, 13)},
        "2-1": [f"b{r}" for r in range(2, 13)],
    }
    table = odds(dice="2d6", columns=labels, results=results, above="clamp", below="clamp")
    assert table.rolls == range(2, 13)
    assert table.result(table.column(1, 1), 12) == "a12"
    assert table.result(table.column(2, 1), 2) == "b2"


def test_modified_rolls_beyond_the_table() -> None:
    clamped = odds(rolls_beyond={"policy": "clamp", "rule": "DC 7.B"})
    column = clamped.column(3, 1)
    assert clamped.result(column, 8) == "3-1/6"
    assert clamped.result(column, -1) == "3-1/1"
    wide = odds(rolls=[0, 7], results=cells(ODDS_LABELS, range(0, 8)))
    assert wide.rolls == range(0, 8)
    assert wide.result(wide.column(3, 1), 0) == "3-1/0"


def test_resolve_gives_an_outcome() -> None:
    table = odds()
    column = table.column(16, 5)
    mod = Modifier("defense", "multiply", 2, "forest", "PGG 9.31")
    outcome = resolve(table, column, 5, modifiers=[mod])
    assert isinstance(outcome, CombatOutcome)
    assert (outcome.table, outcome.roll, outcome.result) == ("t", 5, "3-1/5")
    assert outcome.modifiers == (mod,)
    assert outcome.explanation[-1] == Line("roll 5 on 3-1: 3-1/5")
    auto = table.resolve(table.column(9, 1), 4)
    assert (auto.roll, auto.result) == (None, "DE")
    assert "automatic result DE, no roll" in auto.text()


def test_modifier_value_type() -> None:
    mod = Modifier("attack", "halve", reason="out of supply", rule="PGG 11.31")
    assert mod.line() == Line("attack halve: out of supply", "PGG 11.31")
    assert Modifier("u1", "add", 0.5).line().text == "u1 add 0.5"
    with pytest.raises(ValueError):
        Modifier("", "add", 1)


def test_describe_prints_the_whole_table() -> None:
    text = odds(name="Sample CRT").describe()
    lines = text.splitlines()
    assert lines[0] == "odds table 't' (Sample CRT), T 1.25"
    assert "odds rounded for defender (PGG 9.2)" in lines
    assert "below 1-6: automatic AE (T 1.10)" in lines
    assert "above 7-1: automatic DE (T 1.10)" in lines
    header = next(line for line in lines if line.startswith("roll"))
    assert [c.strip() for c in header.split("|")] == ["roll", *ODDS_LABELS]
    for roll in range(1, 7):
        row = next(line for line in lines if line.split("|")[0].strip() == str(roll))
        assert [c.strip() for c in row.split("|")[1:]] == [f"{c}/{roll}" for c in ODDS_LABELS]


def test_colon_labels_and_ladder_beyond_a_high_bottom() -> None:
    labels = ["2:1", "3:1", "4:1"]
    table = odds(columns=labels, results=cells(labels), below="clamp", above="clamp")
    assert table.rung_label(-1) == "1:1"
    assert table.rung_label(-2) == "1:2"
    assert table.rung_label(3) == "5:1"
    column = table.column(3, 2)  # 1.5:1 rounds down to the 1:1 rung, below the table
    assert (column.raw, column.label) == ("1:1", "2:1")
    assert table.column(9, 2, shift=-1).label == "3:1"  # 4:1 -> 3:1


# ----------------------------------------------------------------------------- hypothesis: odds

TABLES = {
    (rounding, mode, edges): odds(
        rounding=rounding,
        shift_mode=mode,
        below=AUTO_BELOW if edges == "auto" else "clamp",
        above=AUTO_ABOVE if edges == "auto" else "clamp",
    )
    for rounding in ("defender", "attacker", "nearest")
    for mode in ("column", "ratio")
    for edges in ("auto", "clamp")
}
table_keys = st.sampled_from(sorted(TABLES))
strength = st.integers(min_value=1, max_value=300)
fraction_strength = st.fractions(min_value=F(1, 8), max_value=300, max_denominator=8)
shift_amount = st.integers(min_value=-5, max_value=5)


@given(table_keys, fraction_strength, fraction_strength, st.integers(0, 50), shift_amount)
def test_more_attack_never_gives_a_worse_column(
    key: tuple[str, str, str], attack: F, defense: F, extra: int, shift: int
) -> None:
    table = TABLES[key]
    weaker = table.column(attack, defense, shift=shift)
    stronger = table.column(attack + extra, defense, shift=shift)
    assert rank(table, weaker) <= rank(table, stronger)


@given(table_keys, strength, strength, st.integers(0, 50), shift_amount)
def test_more_defense_never_gives_a_better_column(
    key: tuple[str, str, str], attack: int, defense: int, extra: int, shift: int
) -> None:
    table = TABLES[key]
    assert rank(table, table.column(attack, defense + extra, shift=shift)) <= rank(
        table, table.column(attack, defense, shift=shift)
    )


@given(table_keys, strength, strength, shift_amount, st.integers(0, 4))
def test_a_right_shift_never_hurts_the_attacker(
    key: tuple[str, str, str], attack: int, defense: int, shift: int, more: int
) -> None:
    table = TABLES[key]
    assert rank(table, table.column(attack, defense, shift=shift)) <= rank(
        table, table.column(attack, defense, shift=shift + more)
    )


@given(fraction_strength, fraction_strength)
def test_defender_rounding_never_exceeds_the_exact_ratio(attack: F, defense: F) -> None:
    table = TABLES[("defender", "ratio", "auto")]
    exact = attack / defense
    pos = table.round_ratio(exact)
    assert table.rung_value(pos) <= exact < table.rung_value(pos + 1)
    column = table.column(attack, defense)
    assert column.raw == table.rung_label(pos)


@given(fraction_strength, fraction_strength)
def test_attacker_rounding_never_falls_short_of_the_exact_ratio(attack: F, defense: F) -> None:
    table = TABLES[("attacker", "ratio", "auto")]
    exact = attack / defense
    pos = table.round_ratio(exact)
    assert table.rung_value(pos - 1) < exact <= table.rung_value(pos)


@given(fraction_strength, fraction_strength)
def test_nearest_rounding_lands_on_a_neighbouring_rung(attack: F, defense: F) -> None:
    table = TABLES[("nearest", "ratio", "auto")]
    floor_pos = TABLES[("defender", "ratio", "auto")].round_ratio(attack / defense)
    assert table.round_ratio(attack / defense) in (floor_pos, floor_pos + 1)


@given(st.integers(-60, 60))
def test_ladder_is_strictly_increasing(pos: int) -> None:
    table = TABLES[("defender", "ratio", "auto")]
    assert table.rung_value(pos) < table.rung_value(pos + 1)
    assert table.round_ratio(table.rung_value(pos)) == pos


# ----------------------------------------------------------------------------- differential

DIFF_LABELS = ["<=-3", "-2..-1", "0", "+1..+2", "+3..+4", "+5..+6"]


def diff_spec(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "id": "d",
        "kind": "differential",
        "dice": "1d6",
        "columns": list(DIFF_LABELS),
        "results": cells(DIFF_LABELS),
        "above": {"policy": "auto", "result": "DE", "rule": "D 7.1"},
    }
    spec.update(changes)
    return spec


def diff(**changes: Any) -> DifferentialTable:
    table = build_table(diff_spec(**changes))
    assert isinstance(table, DifferentialTable)
    return table


@pytest.mark.parametrize(
    ("difference", "label"),
    [
        (-9, "<=-3"),
        (-3, "<=-3"),
        (-2, "-2..-1"),
        (-1, "-2..-1"),
        (0, "0"),
        (1, "+1..+2"),
        (2, "+1..+2"),
        (3, "+3..+4"),
        (4, "+3..+4"),
        (5, "+5..+6"),
        (6, "+5..+6"),
    ],
)
def test_differential_columns_at_every_boundary(difference: int, label: str) -> None:
    column = diff().column(10 + difference, 10)
    assert column.label == label
    assert column.index == DIFF_LABELS.index(label)


def test_differential_beyond_the_closed_end() -> None:
    table = diff()
    column = table.column(17, 10)
    assert (column.automatic, column.label) == ("DE", "+7")
    assert table.column(16, 10, shift=1).automatic == "DE"
    assert table.column(8, 10, shift=-5).label == "<=-3"  # open end: clamps
    clamped = diff(above="clamp").column(30, 1)
    assert clamped.label == "+5..+6"


def test_differential_fractional_rounding() -> None:
    assert diff().column(5.5, 3).label == "+1..+2"  # +2.5 rounds down for the defender
    assert diff(rounding="attacker").column(5.5, 3).label == "+3..+4"
    assert diff(rounding="nearest").column(5.5, 3).label == "+1..+2"  # tie to defender
    assert diff(rounding="nearest", nearest_ties="attacker").column(5.5, 3).label == "+3..+4"
    assert diff(rounding="nearest").column(5.6, 3).label == "+3..+4"
    assert diff().column(F(5, 2), 3).label == "-2..-1"  # -0.5 rounds down to -1


def test_differential_shifts_and_explanation() -> None:
    table = diff()
    column = table.column(12, 9, shifts=[Shift(1, "armor", "D 8.2")])
    assert column.label == "+5..+6"
    assert explain(column) == "12 - 9 = +3 -> +3..+4; +1 shift: armor (D 8.2) -> +5..+6"
    assert table.result(column, 2) == "+5..+6/2"
    beyond = table.column(12, 9, shift=2)
    assert (beyond.automatic, beyond.label) == ("DE", "beyond +5..+6")


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 10), st.integers(-3, 3))
def test_differential_more_attack_never_worse(
    attack: int, defense: int, extra: int, shift: int
) -> None:
    table = diff()
    assert rank(table, table.column(attack, defense, shift=shift)) <= rank(
        table, table.column(attack + extra, defense, shift=shift)
    )


# ----------------------------------------------------------------------------- fire

FIRE_COLUMNS: list[Any] = [1, 2, 3, 4, 5, 6, "7..9", "10..12"]
FIRE_LABELS = ["1", "2", "3", "4", "5", "6", "7..9", "10..12"]


def fire_spec(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "id": "f",
        "kind": "fire",
        "rule": "F 13.B.2",
        "dice": "1d6",
        "columns": list(FIRE_COLUMNS),
        "results": {
            label: [(i + roll) // 3 for roll in range(1, 7)] for i, label in enumerate(FIRE_LABELS)
        },
        "above": {"policy": "split", "rule": "F 13.B.6"},
        "rolls_beyond": {"policy": "clamp", "rule": "F 7.B"},
    }
    spec.update(changes)
    return spec


def fire(**changes: Any) -> FireTable:
    table = build_table(fire_spec(**changes))
    assert isinstance(table, FireTable)
    return table


def test_fire_columns_and_hits() -> None:
    table = fire()
    assert table.column(1).label == "fire 1"
    column = table.column(8)
    assert (column.label, column.index, column.defense) == ("fire 7..9", 6, None)
    assert table.hits(column, 6) == 4
    assert table.result(column, 6) == "4"
    assert table.hits(column, 7) == 4  # a +1 modifier: sixes remain sixes
    outcome = table.resolve(column, 7)
    assert outcome.roll == 7
    assert outcome.explanation[-2:] == (
        Line("roll 7 is read as 6", "F 7.B"),
        Line("roll 6 on fire 7..9: 4"),
    )
    assert explain(table.column(6)) == "fire 6"
    assert table.column(12).label == "fire 10..12"
    assert explain(column) == "fire 8 -> fire 7..9"


def test_fire_total_above_the_table_must_be_split() -> None:
    table = fire()
    with pytest.raises(ValueError, match=r"split\(37\) -> \(10, 9, 9, 9\)"):
        table.column(37)
    assert table.split(37) == (10, 9, 9, 9)
    assert table.split(12) == (12,)
    hits = [table.hits(table.column(group), 3) for group in table.split(37)]
    assert hits == [3, 3, 3, 3]


def test_dark_crusade_13_b_6_large_combat_groups() -> None:
    assert split_total(37, 24) == (19, 18)
    assert split_total(72, 24) == (24, 24, 24)
    assert split_total(24, 24) == (24,)
    assert split_total(0, 24) == ()


@given(st.integers(0, 500), st.integers(1, 40))
def test_split_total_fewest_most_equal_groups(total: int, largest: int) -> None:
    groups = split_total(total, largest)
    assert sum(groups) == total
    assert all(1 <= g <= largest for g in groups)
    assert len(groups) == -(-total // largest)
    if groups:
        assert max(groups) - min(groups) <= 1
        assert list(groups) == sorted(groups, reverse=True)


def test_fire_clamp_open_top_and_shifts() -> None:
    assert fire(above="clamp").column(40).label == "fire 10..12"
    results = fire_spec()["results"]
    results[">=10"] = results.pop("10..12")
    open_top = fire(columns=[*FIRE_COLUMNS[:-1], ">=10"], results=results, above=None)
    assert open_top.column(99).label == "fire >=10"  # the open last column takes any total
    assert open_top.largest is None
    assert open_top.split(99) == (99,)
    shifted = fire().column(6, shift=1)
    assert shifted.label == "fire 7..9"
    with pytest.raises(ValueError, match="shifted above the table"):
        fire().column(12, shift=1)


def test_fire_bad_totals() -> None:
    table = fire()
    with pytest.raises(ValueError, match="one fire total, not a defense"):
        table.column(5, 3)
    with pytest.raises(ValueError, match="not whole"):
        table.column(5.5)
    with pytest.raises(ValueError, match="fire total 0 is below the table"):
        table.column(0)
    nothing = fire(below={"policy": "auto", "result": "0"})
    assert nothing.hits(nothing.column(0)) == 0


def test_fire_codes_are_not_hits() -> None:
    spec = fire_spec()
    spec["results"]["1"] = ["x", 0, 0, 0, 0, 1]
    table = fire(**spec)
    with pytest.raises(ValueError, match="not a number of hits"):
        table.hits(table.column(1), 1)


# ----------------------------------------------------------------------------- spec validation


def without(spec: dict[str, Any], key: str) -> dict[str, Any]:
    spec = copy.deepcopy(spec)
    del spec[key]
    return spec


def mutate(spec: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    spec = copy.deepcopy(spec)
    target: Any = spec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return spec


ODDS_FIELD = r"combat table 't' \(odds\): field "

BAD_ODDS_SPECS = [
    (without(odds_spec(), "columns"), ODDS_FIELD + "'columns': missing"),
    (mutate(odds_spec(), ("columns", 3), "3/1"), "'columns': '3/1' is not an odds column"),
    (mutate(odds_spec(), ("columns", 3), "1-1"), "'columns': '1-1' appears twice"),
    (mutate(odds_spec(), ("columns",), ["2-1", "1-1"]), "'columns': '1-1' is out of order"),
    (mutate(odds_spec(), ("columns", 0), "0-1"), "'columns': '0-1' is not an odds column"),
    (mutate(odds_spec(), ("columns",), []), "'columns': a table needs at least one column"),
    (mutate(odds_spec(), ("columns",), "1-1"), "'columns': expected a list"),
    (without(odds_spec(), "results"), "'results': expected"),
    (
        mutate(odds_spec(), ("results",), cells(ODDS_LABELS[1:])),
        ODDS_FIELD + "'results': column '1-6' has no results",
    ),
    (
        mutate(odds_spec(), ("results", "3-1"), ["x"] * 5),
        "'results': column '3-1': 5 results for 6 rolls",
    ),
    (mutate(odds_spec(), ("results", "8-1"), ["x"] * 6), "'results': '8-1' is not a column"),
    (
        mutate(odds_spec(), ("results", "3-1"), {"1": "a", "2": "b"}),
        "'results': column '3-1': no result for roll 3",
    ),
    (
        mutate(odds_spec(), ("results", "3-1"), {str(r): "a" for r in range(1, 8)}),
        "'results': column '3-1': roll 7 is outside 1..6",
    ),
    (
        mutate(odds_spec(), ("results", "3-1", 2), ""),
        "'results': column '3-1', roll 3: result must be",
    ),
    (mutate(odds_spec(), ("dice",), "six"), ODDS_FIELD + "'dice': 'six' is not a dice spec"),
    (without(odds_spec(), "dice"), "'dice': missing"),
    (mutate(odds_spec(), ("rolls",), [6, 1]), "'rolls': expected \\[lowest, highest\\]"),
    (mutate(odds_spec(), ("rounding",), "down"), "'rounding': 'down' is not one of"),
    (without(odds_spec(), "rounding"), "'rounding': missing"),
    (without(odds_spec(), "shift_mode"), "'shift_mode': missing"),
    (mutate(odds_spec(), ("shift_mode",), "both"), "'shift_mode': 'both' is not one of"),
    (without(odds_spec(), "below"), "'below': missing"),
    (mutate(odds_spec(), ("below",), {"policy": "auto"}), "'below': policy 'auto' needs"),
    (mutate(odds_spec(), ("below",), "wrap"), "'below': policy 'wrap' is not one of"),
    (
        mutate(odds_spec(), ("above",), {"policy": "clamp", "result": "DE"}),
        "'above': 'result' is only for policy 'auto'",
    ),
    (
        mutate(odds_spec(), ("above",), {"policy": "clamp", "when": 1}),
        "'above': unknown key 'when'",
    ),
    (mutate(odds_spec(), ("zero_defense",), "split"), "'zero_defense': policy 'split'"),
    (mutate(odds_spec(), ("colums",), []), ODDS_FIELD + "'colums': unknown field"),
    (mutate(odds_spec(), ("shift_caps",), {"g": {"max": -1}}), "'shift_caps': group 'g': 'max'"),
    (mutate(odds_spec(), ("shift_caps",), {"g": 2}), "'shift_caps': group 'g': expected"),
    (mutate(odds_spec(), ("rule",), 5), "'rule': expected a string"),
    (mutate(odds_spec(), ("rolls_beyond",), "auto"), "'rolls_beyond': policy 'auto' is not one of"),
]


@pytest.mark.parametrize(("spec", "message"), BAD_ODDS_SPECS)
def test_bad_odds_specs_say_which_table_field_and_fault(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        build_table(spec)
    assert str(info.value).startswith("combat table 't' (odds): field '")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            mutate(diff_spec(), ("columns", 3), "0..+2"),
            r"'columns': '0..\+2' overlaps the column before",
        ),
        (
            mutate(diff_spec(), ("columns", 3), "+2..+2"),
            r"'columns': '\+2..\+2' leaves a gap after the column before",
        ),
        (mutate(diff_spec(), ("columns", 1), "<=-1"), "only the first column may be '<=N'"),
        (mutate(diff_spec(), ("columns", 4), "+4..+3"), "the range runs backwards"),
        (mutate(diff_spec(), ("columns", 0), "minus three"), "is not a differential"),
        (without(diff_spec(), "above"), "'above': missing"),
        (mutate(diff_spec(), ("below",), "clamp"), "'below': has no effect"),
        (
            mutate(diff_spec(), ("shift_mode",), "ratio"),
            "'shift_mode': 'ratio' is not one of 'column'",
        ),
    ],
)
def test_bad_differential_specs(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        build_table(spec)
    assert str(info.value).startswith("combat table 'd' (differential): field '")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (mutate(fire_spec(), ("columns", 2), 2), "'columns': '2' appears twice"),
        (mutate(fire_spec(), ("columns", 6), "8..9"), "leaves a gap"),
        (mutate(fire_spec(), ("columns", 0), ">=1"), "only the last column may be '>=N'"),
        (mutate(fire_spec(), ("columns", 0), -1), "is not a fire total"),
        (without(fire_spec(), "above"), "'above': missing"),
        (mutate(fire_spec(), ("above",), "wrap"), "'above': policy 'wrap'"),
        (mutate(fire_spec(), ("below",), "split"), "'below': policy 'split' is not one of"),
    ],
)
def test_bad_fire_specs(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        build_table(spec)
    assert str(info.value).startswith("combat table 'f' (fire): field '")


def test_table_ids() -> None:
    spec = without(odds_spec(), "id")
    assert build_table(spec, table_id="crt").id == "crt"
    assert build_table(odds_spec(), table_id="t").id == "t"
    with pytest.raises(ValueError, match="field 'id': 't' differs from the table's key"):
        build_table(odds_spec(), table_id="crt")
    with pytest.raises(ValueError, match="field 'id': missing"):
        build_table(spec)


def test_build_table_rejects_bad_kinds() -> None:
    with pytest.raises(ValueError, match="combat table 't': field 'kind': unknown kind 'oddz'"):
        build_table(odds_spec(kind="oddz"))
    with pytest.raises(ValueError, match="field 'kind': missing"):
        build_table(without(odds_spec(), "kind"))
    with pytest.raises(ValueError, match="expected a mapping"):
        build_table(["not", "a", "table"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is 'fire', but this is a 'odds' table"):
        OddsTable(odds_spec(kind="fire"))


def test_spec_metadata_fields_are_accepted() -> None:
    table = odds(name="CRT", provenance={"source": "stand-in", "note": "test"}, notes="n")
    assert table.name == "CRT"
    assert build_table(odds_spec(name=None, rule=None, provenance=None)).id == "t"


# ----------------------------------------------------------------------------- registry


class FixedTable:
    """A title's own kind: every battle reads one column."""

    kind = "fixed"

    def __init__(self, table_id: str, codes: list[str]) -> None:
        self.id = table_id
        self.dice = f"1d{len(codes)}"
        self.codes = codes
        self.rolls = range(1, len(codes) + 1)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], *, table_id: str | None = None) -> FixedTable:
        return cls(table_id or spec["id"], list(spec["codes"]))

    def column(self, attack: Any, defense: Any = None, shift: int = 0, shifts: Any = ()) -> Column:
        return Column(self.id, "only", index=0)

    def result(self, column: Column, roll: int | None = None) -> str:
        assert roll is not None
        return self.codes[roll - 1]

    def results(self, column: Column) -> dict[int, str]:
        return dict(zip(self.rolls, self.codes, strict=True))

    def describe(self) -> str:
        return " ".join(self.codes)


def test_registry_has_the_three_kernel_kinds() -> None:
    assert TABLE_KINDS["odds"] is OddsTable
    assert TABLE_KINDS["differential"] is DifferentialTable
    assert TABLE_KINDS["fire"] is FireTable
    with pytest.raises(TypeError):
        TABLE_KINDS["odds"] = FireTable  # type: ignore[index]
    assert isinstance(odds(), CombatTable)


def test_titles_may_register_a_new_kind() -> None:
    register_table_kind("fixed", FixedTable)
    register_table_kind("fixed", FixedTable)  # the same class again is harmless
    table = build_table({"kind": "fixed", "codes": ["a", "b"]}, table_id="x")
    assert isinstance(table, FixedTable)
    assert isinstance(table, CombatTable)
    assert resolve(table, table.column(3, 1), 2).result == "b"


def registered(kind: str) -> object:
    return TABLE_KINDS[kind]


def test_registering_over_a_kind_needs_replace() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_table_kind("odds", FireTable)
    register_table_kind("odds", FireTable, replace=True)
    try:
        assert registered("odds") is FireTable
    finally:
        register_table_kind("odds", OddsTable, replace=True)
    assert registered("odds") is OddsTable
    with pytest.raises(ValueError, match="has no from_spec"):
        register_table_kind("broken", object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="non-empty string"):
        register_table_kind("", OddsTable)


def test_attack_args_parse_attack_target_with_units_once() -> None:
    """One parser for ``attack TARGET[,TARGET] with UNIT,...`` (what title vetoes read); any
    other verb or shape gives None."""
    from wargame.actions import Action
    from wargame.mechanics.combat import attack_args

    assert attack_args(Action("attack", ("0101,0102", "with", "a,b"))) == (
        ["0101", "0102"],
        ["a", "b"],
    )
    assert attack_args(Action("attack", ("0101", "a"))) is None
    assert attack_args(Action("raid", ("0101", "with", "a"))) is None
