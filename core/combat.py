"""Combat tables: odds, differential and fire tables built from a title's data, each explaining itself.

A title's combat-tables document lists tables as plain dicts; :func:`build_table` turns one into a
table object through a registry of kinds (``odds``, ``differential``, ``fire``; titles may register
more with :func:`register_table_kind`). Finding a column is pure arithmetic on exact fractions, so a
ratio on a column boundary never lands on the wrong side through float error.

Every :class:`Column` carries its explanation (strengths, raw ratio, rounding, each shift with its
reason and rule, clamping or automatic result) because players check the arithmetic, and so do tests.

Shift sign: positive columns move right, in the attacker's favour ("R"); negative move left ("L").
The kernel holds no title's table: the numbers live in each title's data (the README's Data policy).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, get_args, runtime_checkable

from wargame.dice import dice_range

Strength = int | float | Fraction
"""A combat strength or fire total. Floats are read through their decimal repr (0.1 -> 1/10)."""

ModifierOp = Literal[
    "multiply", "divide", "add", "set", "halve", "quarter", "three-quarters", "min", "max"
]
MODIFIER_OPS: tuple[str, ...] = get_args(ModifierOp)
"""Every :attr:`Modifier.op` the combat mechanic applies; any other op is refused when the modifier
is made (and by mypy before that), never when a battle meets it."""

ROUNDING_POLICIES = ("defender", "attacker", "nearest")
_ROUNDING_WORDS = {
    "defender": "rounded for defender",
    "attacker": "rounded for attacker",
    "nearest": "rounded to nearest",
}


# ----------------------------------------------------------------------------- value types


class Line(NamedTuple):
    """One line of an explanation: what happened and the rule that says so."""

    text: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to a strength before the table is consulted (PGG 9.31 doubling, Barbarossa 7.22
    quartering, DC 13.A.4 air multiplier). ``target`` is "attack", "defense" or a unit id; ``op`` is
    one of :data:`MODIFIER_OPS`. The combat mechanic applies it; this only records it."""

    target: str
    op: ModifierOp
    value: int | float | Fraction | None = None
    reason: str = ""
    rule: str | None = None

    def __post_init__(self) -> None:
        if not self.target:
            raise ValueError("a modifier names its target: 'attack', 'defense' or a unit id")
        if self.op not in MODIFIER_OPS:
            known = ", ".join(MODIFIER_OPS)
            raise ValueError(f"unknown modifier op {self.op!r} (known: {known})")

    def apply(self, value: Fraction) -> Fraction:
        """The value after this modifier. Halving and quartering follow the shared halving
        rule: fractions dropped, a positive value never below 1 (Barbarossa 1.3, PGG 11.32);
        three-quarters rounds up (PMD)."""
        from wargame.mechanics import halving

        v = (
            Fraction(repr(self.value))
            if isinstance(self.value, float)
            else Fraction(self.value or 0)
        )
        match self.op:
            case "multiply":
                return value * v
            case "divide":
                return value / v
            case "add":
                return value + v
            case "set":
                return v
            case "halve":
                return Fraction(halving.divide_total([int(value)], 2))
            case "quarter":
                return Fraction(halving.divide_total([int(value)], 4))
            case "three-quarters":
                return Fraction(halving.three_quarters_total_up([int(value)]))
            case "min":
                return max(value, v)
            case "max":
                return min(value, v)
        raise ValueError(f"unknown modifier op {self.op!r}")

    def line(self) -> Line:
        value = self.value
        if isinstance(value, float):
            value = Fraction(repr(value))
        what = self.op if value is None else f"{self.op} {_num(Fraction(value))}"
        text = f"{self.target} {what}"
        return Line(f"{text}: {self.reason}" if self.reason else text, self.rule)


@dataclass(frozen=True, slots=True)
class Shift:
    """Column shift: ``columns`` > 0 favours the attacker (right), < 0 the defender (left).

    ``group`` names a capped class of shifts: the table's ``shift_caps`` limit the net of each
    group (PMD 13.5 caps terrain, construction and unit shifts at 2 either way, while GAST and the
    Soviet first-winter shift are outside the cap). Shifts without a group are never capped."""

    columns: int
    reason: str
    rule: str | None = None
    group: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.columns, bool) or not isinstance(self.columns, int):
            raise ValueError(f"shift {self.reason!r}: columns must be an int, not {self.columns!r}")
        if not self.reason:
            raise ValueError("a shift says why it applies (reason)")

    @classmethod
    def left(
        cls, columns: int, reason: str, rule: str | None = None, group: str | None = None
    ) -> Shift:
        """``columns`` to the left (the defender's favour): ``Shift.left(1, "rough", "B 11.14")``."""
        return cls(-columns, reason, rule, group)

    @classmethod
    def right(
        cls, columns: int, reason: str, rule: str | None = None, group: str | None = None
    ) -> Shift:
        """``columns`` to the right (the attacker's favour)."""
        return cls(columns, reason, rule, group)

    def line(self) -> Line:
        return Line(f"{_signed(self.columns)} column{_s(self.columns)}: {self.reason}", self.rule)


@dataclass(frozen=True, slots=True)
class Column:
    """Where a battle falls on a table: a printed column (``index``) or an automatic result.

    ``label`` names the final column or ratio rung ("3-1", "1.5-1", "+3..+4", "fire 12", or "18-1"
    for an automatic result beyond a 7-1 table). ``raw`` is the label before shifts. ``summary`` is
    the one-line reading :func:`explain` returns; ``explanation`` the full reasoning, line by line.
    """

    table: str
    label: str
    index: int | None = None
    automatic: str | None = None
    explanation: tuple[Line, ...] = ()
    summary: str = ""
    attack: Fraction | None = None
    defense: Fraction | None = None
    raw: str | None = None
    shift: int = 0
    shifts: tuple[Shift, ...] = ()

    def __post_init__(self) -> None:
        if (self.index is None) == (self.automatic is None):
            raise ValueError(f"column {self.label!r}: give exactly one of index or automatic")

    @property
    def is_automatic(self) -> bool:
        return self.automatic is not None


@dataclass(frozen=True, slots=True)
class CombatOutcome:
    """A resolved battle: the column, the roll (None when the result was automatic), the result
    code and the whole explanation. ``modifiers`` records the strength changes the caller applied."""

    table: str
    column: Column
    roll: int | None
    result: str
    explanation: tuple[Line, ...]
    modifiers: tuple[Modifier, ...] = ()

    def text(self) -> str:
        return "\n".join(str(line) for line in self.explanation)


@dataclass(frozen=True, slots=True)
class EdgeRule:
    """What happens beyond one end of a table: ``clamp`` to the end column, an ``auto`` result with
    no roll, ``error``, or (fire tables, top end) ``split`` the total into groups (DC 13.B.6)."""

    policy: str
    result: str | None = None
    rule: str | None = None


# ----------------------------------------------------------------------------- protocols, registry


@runtime_checkable
class CombatTable(Protocol):
    """What every table kind offers; :class:`BaseTable` implements the shared part."""

    id: str
    kind: str
    dice: str
    """What to roll, e.g. "1d6" or "2d6"."""
    rolls: range
    """Every roll the table has a row for (modified rolls included)."""

    def column(
        self,
        attack: Strength,
        defense: Strength | None = None,
        shift: int = 0,
        shifts: Sequence[Shift] = (),
    ) -> Column: ...

    def result(self, column: Column, roll: int | None = None) -> str: ...

    def results(self, column: Column) -> dict[int, str]: ...

    def describe(self) -> str: ...


class TableBuilder(Protocol):
    """A table kind: anything with ``from_spec`` (a class with that classmethod will do)."""

    def from_spec(self, spec: Mapping[str, Any], *, table_id: str | None = None) -> CombatTable: ...


_KINDS: dict[str, TableBuilder] = {}
TABLE_KINDS: Mapping[str, TableBuilder] = MappingProxyType(_KINDS)
"""Registered table kinds, read-only: use :func:`register_table_kind` to add one."""


def register_table_kind(kind: str, cls: TableBuilder, *, replace: bool = False) -> None:
    """Register a table kind. Registering a different class under a taken kind is an error unless
    ``replace`` is set, so two titles cannot silently fight over a name."""
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"table kind must be a non-empty string, not {kind!r}")
    if not callable(getattr(cls, "from_spec", None)):
        raise ValueError(f"table kind {kind!r}: {cls!r} has no from_spec(spec, *, table_id)")
    current = _KINDS.get(kind)
    if current is not None and current is not cls and not replace:
        raise ValueError(
            f"table kind {kind!r} is already registered to {current!r}; pass replace=True to override"
        )
    _KINDS[kind] = cls


def build_table(spec: Mapping[str, Any], *, table_id: str | None = None) -> CombatTable:
    """Build one table from its plain dict (one entry of a combat-tables document).

    The id is ``table_id`` (the document's key) or the spec's ``id`` field; if both are given they
    must agree. Bad specs raise ValueError naming the table, the field and what is wrong."""
    if not isinstance(spec, Mapping):
        raise ValueError(
            f"combat table {table_id or '?'}: expected a mapping, not {type(spec).__name__}"
        )
    tid = _table_id(spec, table_id)
    kind = spec.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"combat table {tid!r}: field 'kind': missing or not a string")
    builder = _KINDS.get(kind)
    if builder is None:
        known = ", ".join(sorted(_KINDS))
        raise ValueError(
            f"combat table {tid!r}: field 'kind': unknown kind {kind!r} (known: {known})"
        )
    return builder.from_spec(spec, table_id=tid)


def explain(column: Column) -> str:
    """One line a person reads, e.g. "16 vs 5 = 3.2:1 -> 3-1 (rounded for defender, PGG 9.4);
    +1 shift: Leader (PGG 10.36) -> 4-1"."""
    if column.summary:
        return column.summary
    return "; ".join(str(line) for line in column.explanation) or column.label


def resolve(
    table: CombatTable,
    column: Column,
    roll: int | None = None,
    *,
    modifiers: Iterable[Modifier] = (),
) -> CombatOutcome:
    """Read the result for ``roll`` (None only for an automatic column) into an outcome."""
    code = table.result(column, roll)
    lines = list(column.explanation)
    if column.automatic is not None:
        lines.append(Line(f"automatic result {code}, no roll"))
        roll = None
    else:
        read = roll
        if roll is not None and roll not in table.rolls:
            lo, hi = table.rolls.start, table.rolls.stop - 1
            read = min(max(roll, lo), hi)
            beyond = getattr(table, "rolls_beyond", None)
            rule = beyond.rule if isinstance(beyond, EdgeRule) else None
            lines.append(Line(f"roll {roll} is read as {read}", rule))
        lines.append(Line(f"roll {read} on {column.label}: {code}"))
    return CombatOutcome(table.id, column, roll, code, tuple(lines), tuple(modifiers))


# ----------------------------------------------------------------------------- the shared base


class BaseTable:
    """Dice, per-column results, edge policies, shift caps, describe(): everything kinds share.

    Subclasses parse their ``columns`` into ``self.labels`` and implement :meth:`column`. A table
    is built from its spec dict (the constructor validates it); build one in code the same way."""

    kind: str = ""
    COMMON_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "id",
            "kind",
            "name",
            "rule",
            "provenance",
            "notes",
            "dice",
            "rolls",
            "rolls_beyond",
            "columns",
            "results",
            "below",
            "above",
            "shift_caps",
            "shift_mode",
            "shift_rule",
        }
    )
    FIELDS: ClassVar[frozenset[str]] = frozenset()
    EDGE_POLICIES: ClassVar[tuple[str, ...]] = ("clamp", "auto", "error")
    SHIFT_MODES: ClassVar[tuple[str, ...]] = ("column",)

    id: str
    rolls: range
    labels: tuple[str, ...]
    below: EdgeRule
    """Beyond the first column; each kind sets it from the spec."""
    above: EdgeRule
    """Beyond the last column."""

    def __init__(self, spec: Mapping[str, Any], *, table_id: str | None = None) -> None:
        if not isinstance(spec, Mapping):
            raise ValueError(
                f"combat table {table_id or '?'}: expected a mapping, not {type(spec).__name__}"
            )
        self.id = _table_id(spec, table_id)
        self._spec = _Spec(spec, self.id, self.kind)
        s = self._spec
        if spec.get("kind", self.kind) != self.kind:
            raise s.error("kind", f"is {spec.get('kind')!r}, but this is a {self.kind!r} table")
        unknown = sorted(set(spec) - self.COMMON_FIELDS - self.FIELDS)
        if unknown:
            allowed = ", ".join(sorted(self.COMMON_FIELDS | self.FIELDS))
            raise s.error(unknown[0], f"unknown field (allowed: {allowed})")
        self.name: str | None = s.opt_str("name")
        self.rule: str | None = s.opt_str("rule")
        self.dice: str = s.req_str("dice")
        try:
            rolls = dice_range(self.dice)
        except ValueError:
            raise s.error("dice", f"{self.dice!r} is not a dice spec like '1d6' or '2d6'") from None
        if "rolls" in spec and spec["rolls"] is not None:
            pair = spec["rolls"]
            if (
                not isinstance(pair, Sequence)
                or isinstance(pair, str)
                or len(pair) != 2
                or not all(_is_int(v) for v in pair)
                or pair[0] > pair[1]
            ):
                raise s.error("rolls", f"expected [lowest, highest] modified roll, not {pair!r}")
            rolls = range(pair[0], pair[1] + 1)
        self.rolls = rolls
        self.rolls_beyond = s.edge("rolls_beyond", ("clamp", "error"), default="error")
        self.shift_mode: str = s.choice("shift_mode", self.SHIFT_MODES, default=self.SHIFT_MODES[0])
        self.shift_rule: str | None = s.opt_str("shift_rule")
        self.shift_caps: dict[str, tuple[int, str | None]] = s.caps("shift_caps")
        self.labels = self._parse_columns(s)
        if not self.labels:
            raise s.error("columns", "a table needs at least one column")
        self._results = s.results("results", self.labels, self.rolls)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], *, table_id: str | None = None) -> BaseTable:
        return cls(spec, table_id=table_id)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r}, {len(self.labels)} columns, {self.dice})"

    # -- to implement

    def _parse_columns(self, s: _Spec) -> tuple[str, ...]:
        raise NotImplementedError

    def column(
        self,
        attack: Strength,
        defense: Strength | None = None,
        shift: int = 0,
        shifts: Sequence[Shift] = (),
    ) -> Column:
        raise NotImplementedError

    def _describe_head(self) -> list[str]:
        return []

    # -- shared

    def result(self, column: Column, roll: int | None = None) -> str:
        """The result code for ``roll`` on ``column``; an automatic column needs no roll."""
        self._check_column(column)
        if column.automatic is not None:
            return column.automatic
        if roll is None:
            raise ValueError(f"table {self.id!r}: column {column.label} needs a roll")
        return self._results[self._column_index(column)][self._roll_offset(roll)]

    def results(self, column: Column) -> dict[int, str]:
        """Every roll's result on ``column`` (the same code for every roll if automatic)."""
        self._check_column(column)
        if column.automatic is not None:
            return dict.fromkeys(self.rolls, column.automatic)
        row = self._results[self._column_index(column)]
        return dict(zip(self.rolls, row, strict=True))

    def resolve(
        self, column: Column, roll: int | None = None, *, modifiers: Iterable[Modifier] = ()
    ) -> CombatOutcome:
        return resolve(self, column, roll, modifiers=modifiers)

    def describe(self) -> str:
        """The whole table as text: a heading, the policies, then one row per roll."""
        title = f"{self.kind} table {self.id!r}"
        if self.name:
            title += f" ({self.name})"
        if self.rule:
            title += f", {self.rule}"
        lines = [title, f"dice {self.dice}, rolls {self.rolls.start}..{self.rolls.stop - 1}"]
        lines += self._describe_head()
        if self.rolls_beyond.policy == "clamp":
            lines.append(
                "modified rolls beyond the table use the nearest row"
                + _paren(self.rolls_beyond.rule)
            )
        for name, (cap, rule) in sorted(self.shift_caps.items()):
            lines.append(f"net shift of group {name!r} capped at {cap} either way{_paren(rule)}")
        heads = ["roll", *self.labels]
        grid = [heads] + [
            [str(roll)] + [self._results[c][r] for c in range(len(self.labels))]
            for r, roll in enumerate(self.rolls)
        ]
        widths = [max(len(row[i]) for row in grid) for i in range(len(heads))]
        for row in grid:
            lines.append(" | ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
        return "\n".join(lines)

    def _check_column(self, column: Column) -> None:
        if column.table != self.id:
            raise ValueError(
                f"column {column.label} belongs to table {column.table!r}, not {self.id!r}"
            )

    def _column_index(self, column: Column) -> int:
        index = column.index
        if index is None or not 0 <= index < len(self.labels):
            raise ValueError(f"table {self.id!r}: column index {index!r} is not on the table")
        return index

    def _roll_offset(self, roll: int) -> int:
        if isinstance(roll, bool) or not isinstance(roll, int):
            raise ValueError(f"table {self.id!r}: roll must be an int, not {roll!r}")
        lo, hi = self.rolls.start, self.rolls.stop - 1
        if not lo <= roll <= hi:
            if self.rolls_beyond.policy != "clamp":
                raise ValueError(f"table {self.id!r}: roll {roll} is outside {lo}..{hi}")
            roll = min(max(roll, lo), hi)
        return roll - lo

    def _net_shift(self, shift: int, shifts: Sequence[Shift]) -> tuple[int, list[Line], list[str]]:
        """Net columns after caps, the explanation lines, and the summary pieces."""
        if isinstance(shift, bool) or not isinstance(shift, int):
            raise ValueError(f"table {self.id!r}: shift must be an int, not {shift!r}")
        lines: list[Line] = []
        pieces: list[str] = []
        net = 0
        groups: dict[str, int] = {}
        for sh in shifts:
            if not isinstance(sh, Shift):
                raise ValueError(f"table {self.id!r}: shifts must be Shift objects, not {sh!r}")
            lines.append(sh.line())
            pieces.append(f"{_signed(sh.columns)} shift: {sh.reason}{_paren(sh.rule)}")
            if sh.group is None:
                net += sh.columns
            elif sh.group in self.shift_caps:
                groups[sh.group] = groups.get(sh.group, 0) + sh.columns
            else:
                known = ", ".join(sorted(self.shift_caps)) or "none"
                raise ValueError(
                    f"table {self.id!r}: shift {sh.reason!r} names group {sh.group!r}, "
                    f"but the table caps only these groups: {known}"
                )
        if shift:
            lines.append(Line(f"{_signed(shift)} column{_s(shift)}: other shifts"))
            pieces.append(f"{_signed(shift)} shift")
            net += shift
        for name, total in groups.items():
            cap, rule = self.shift_caps[name]
            capped = max(-cap, min(cap, total))
            if capped != total:
                lines.append(
                    Line(f"net {name} shifts {_signed(total)} capped at {_signed(capped)}", rule)
                )
                pieces.append(f"{name} shifts capped at {_signed(capped)}{_paren(rule)}")
            net += capped
        return net, lines, pieces

    def _edge_rule(self, side: str) -> EdgeRule:
        return self.below if side == "below" else self.above

    def _attack_defense(
        self,
        kind: str,
        attack: Strength,
        defense: Strength | None,
        shift: int,
        shifts: Sequence[Shift],
    ) -> tuple[Fraction, Fraction, _Build, list[Line], list[str]]:
        """Start a lookup that compares attack with defense (odds and differential tables)."""
        if defense is None:
            raise ValueError(f"table {self.id!r}: {kind} table needs a defense strength")
        a = _fraction(attack, "attack")
        d = _fraction(defense, "defense")
        net, shift_lines, shift_pieces = self._net_shift(shift, shifts)
        ctx = _Build(self, a, d, tuple(shifts), net)
        ctx.lines.append(Line(f"attack {_num(a)}, defense {_num(d)}"))
        return a, d, ctx, shift_lines, shift_pieces

    def _rounding(self, s: _Spec, *, default: str | None = None, required: bool = False) -> None:
        """Read ``rounding`` (required, or its default), its rule and the tie-break."""
        self.rounding: str = s.choice(
            "rounding", ROUNDING_POLICIES, default=default, required=required
        )
        self.rounding_rule: str | None = s.opt_str("rounding_rule")
        self.nearest_ties: str = s.choice(
            "nearest_ties", ("defender", "attacker"), default="defender"
        )

    def _nearest(self, low: int, down: Fraction, up: Fraction) -> int:
        """Round to the nearer of ``low`` and ``low + 1`` (``down``/``up`` away); a tie goes to
        the side ``nearest_ties`` names."""
        if down != up:
            return low if down < up else low + 1
        return low if self.nearest_ties == "defender" else low + 1


class _RangeTable(BaseTable):
    """Tables whose columns are ranges of a whole number (differential and fire tables)."""

    ranges: tuple[tuple[int | None, int | None], ...]

    def _set_ranges(self, s: _Spec, labels: tuple[str, ...], *, signed: bool) -> None:
        self.ranges = _parse_ranges(s, labels, signed=signed)
        self._starts = [lo if lo is not None else -math.inf for lo, _ in self.ranges]

    def _range_position(self, value: int) -> int:
        """The column holding ``value``: -1 below the first, ``len(labels)`` above the last."""
        pos = bisect_right(self._starts, value) - 1
        top = self.ranges[-1][1]
        if pos >= 0 and top is not None and value > top:
            return len(self.labels)
        return pos


# ----------------------------------------------------------------------------- odds tables

_ODDS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([-:])\s*(\d+(?:\.\d+)?)\s*$")


class OddsTable(BaseTable):
    """Attack : defense ratio tables (Barbarossa 11.8-11.10, LWE 11.8-11.10, PGG 9.4, PMD 13.2).

    The ratio is rounded onto a *ladder* of rungs: the printed columns in order, then whole N-1
    rungs above the top and 1-N rungs below the bottom. "defender" takes the highest rung not above
    the exact ratio (16:5 -> 3-1, 4:9 -> 1-3), "attacker" the lowest not below it, "nearest" the
    closer one, measuring N-1 by N and 1-N by 2-N so both sides of 1-1 are spaced alike.

    ``shift_mode`` "column": the raw column is first pinned to the table (or, at an ``auto`` edge,
    gives its automatic result at once), then shifted, then clamped or made automatic.
    ``shift_mode`` "ratio": the shift moves along the unbounded ladder and only the final rung is
    compared with the table (Barbarossa 11.25: 20-1 with 2L is 18-1, automatic DE; PMD 13.6).
    """

    kind = "odds"
    FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"rounding", "rounding_rule", "nearest_ties", "zero_attack", "zero_defense"}
    )
    SHIFT_MODES: ClassVar[tuple[str, ...]] = ("column", "ratio")

    def __init__(self, spec: Mapping[str, Any], *, table_id: str | None = None) -> None:
        super().__init__(spec, table_id=table_id)
        s = self._spec
        if "shift_mode" not in spec:
            raise s.error(
                "shift_mode", "missing: say 'column' or 'ratio' (how shifts meet the ends)"
            )
        self._rounding(s, required=True)
        self.below = s.edge("below", self.EDGE_POLICIES, required=True)
        self.above = s.edge("above", self.EDGE_POLICIES, required=True)
        self.zero_attack: EdgeRule = s.edge(
            "zero_attack", ("error", "edge", "auto"), default="error"
        )
        self.zero_defense: EdgeRule = s.edge(
            "zero_defense", ("error", "edge", "auto"), default="error"
        )
        # Standard rungs k: ..., -2 = 1-3, -1 = 1-2, 0 = 1-1, 1 = 2-1, ...; the table replaces the
        # stretch between its ends. _k_below is the first standard rung under the bottom column,
        # _k_above the first over the top one.
        bottom, top = self.values[0], self.values[-1]
        k = _std_floor(bottom)
        self._k_below = k if _std_value(k) < bottom else k - 1
        self._k_above = _std_floor(top) + 1

    def _parse_columns(self, s: _Spec) -> tuple[str, ...]:
        labels = s.labels("columns")
        values: list[Fraction] = []
        seps: set[str] = set()
        for label in labels:
            m = _ODDS.match(label)
            if not m or Fraction(m.group(1)) <= 0 or Fraction(m.group(3)) <= 0:
                raise s.error(
                    "columns", f"{label!r} is not an odds column like '3-1', '1-2' or '1.5-1'"
                )
            seps.add(m.group(2))
            values.append(Fraction(m.group(1)) / Fraction(m.group(3)))
        for prev, cur, label in zip(values, values[1:], labels[1:], strict=False):
            if cur <= prev:
                raise s.error(
                    "columns", f"{label!r} is out of order: columns run from worst to best odds"
                )
        self.values: tuple[Fraction, ...] = tuple(values)
        self._sep = ":" if seps == {":"} else "-"
        return labels

    # -- the ladder

    def rung_value(self, pos: int) -> Fraction:
        """The ratio at ladder position ``pos`` (0..n-1 are the printed columns)."""
        n = len(self.values)
        if 0 <= pos < n:
            return self.values[pos]
        if pos >= n:
            return _std_value(self._k_above + pos - n)
        return _std_value(self._k_below + 1 + pos)

    def rung_label(self, pos: int) -> str:
        """The label of ladder position ``pos``: the printed label on the table, "18-1" or "1-8"
        beyond it (with the table's own separator)."""
        if 0 <= pos < len(self.values):
            return self.labels[pos]
        value = self.rung_value(pos)
        if value >= 1:
            return f"{value}{self._sep}1"
        return f"1{self._sep}{1 / value}"

    def _floor_pos(self, ratio: Fraction) -> int:
        """Highest rung whose value is <= ratio (ratio > 0)."""
        n = len(self.values)
        if ratio >= self.values[-1]:
            k = _std_floor(ratio)
            return n - 1 if k < self._k_above else n + k - self._k_above
        if ratio < self.values[0]:
            return _std_floor(ratio) - self._k_below - 1
        return bisect_right(self.values, ratio) - 1

    def round_ratio(self, ratio: Fraction) -> int:
        """Ladder position of an exact positive ratio under this table's rounding policy."""
        low = self._floor_pos(ratio)
        if self.rung_value(low) == ratio or self.rounding == "defender":
            return low
        if self.rounding == "attacker":
            return low + 1
        below, above = _scale(self.rung_value(low)), _scale(self.rung_value(low + 1))
        here = _scale(ratio)
        return self._nearest(low, here - below, above - here)

    # -- the column

    def column(
        self,
        attack: Strength,
        defense: Strength | None = None,
        shift: int = 0,
        shifts: Sequence[Shift] = (),
    ) -> Column:
        """The column for ``attack`` against ``defense`` after ``shifts`` (and an unnamed net
        ``shift``), with its explanation. Shifts are cumulative: only their net is applied."""
        a, d, ctx, shift_lines, shift_pieces = self._attack_defense(
            "an odds", attack, defense, shift, shifts
        )
        if a == 0 and d == 0:
            raise ValueError(f"table {self.id!r}: attack and defense are both 0")
        if a == 0 or d == 0:
            return self._zero(ctx, "attack" if a == 0 else "defense", shift_lines, shift_pieces)
        ratio = a / d
        pos = self.round_ratio(ratio)
        raw = self.rung_label(pos)
        exact = self.rung_value(pos) == ratio
        how = "exactly" if exact else _ROUNDING_WORDS[self.rounding] + " to"
        ctx.lines.append(
            Line(f"{_num(a)} vs {_num(d)} = {_ratio(ratio)}, {how} {raw}", self.rounding_rule)
        )
        head = f"{_num(a)} vs {_num(d)} = {_ratio(ratio)} -> {raw}"
        if not exact:
            head += f" ({_ROUNDING_WORDS[self.rounding]}{_comma(self.rounding_rule)})"
        ctx.pieces.append(head)
        ctx.raw = raw
        n = len(self.labels)
        if self.shift_mode == "column" and not 0 <= pos < n:
            side = "below" if pos < 0 else "above"
            edge = self._edge_rule(side)
            if edge.policy == "auto":
                return ctx.automatic(
                    edge, f"{raw} is {side} the table", shifts_ignored=bool(shifts or shift)
                )
            if edge.policy == "error":
                raise ValueError(f"table {self.id!r}: odds {raw} are {side} the table")
            pos = 0 if pos < 0 else n - 1
            ctx.lines.append(
                Line(f"{raw} is {side} the table: treated as {self.labels[pos]}", edge.rule)
            )
            ctx.pieces[-1] += f" = {self.labels[pos]} (clamped{_comma(edge.rule)})"
        return self._shifted(ctx, pos, shift_lines, shift_pieces)

    def _shifted(
        self, ctx: _Build, pos: int, shift_lines: list[Line], shift_pieces: list[str]
    ) -> Column:
        n = len(self.labels)
        start = self.rung_label(pos)
        final = pos + ctx.net
        if shift_lines:
            ctx.lines.extend(shift_lines)
            label = self.rung_label(final) if self.shift_mode == "ratio" or 0 <= final < n else None
            where = label or ("beyond " + (self.labels[0] if final < 0 else self.labels[-1]))
            mode = "on the odds ladder" if self.shift_mode == "ratio" else "columns"
            ctx.lines.append(
                Line(f"net shift {_signed(ctx.net)} {mode}: {start} -> {where}", self.shift_rule)
            )
            ctx.pieces.append(", ".join(shift_pieces) + f" -> {where}")
        if 0 <= final < n:
            return ctx.printed(final, self.labels[final])
        side = "below" if final < 0 else "above"
        edge = self._edge_rule(side)
        name = (
            self.rung_label(final)
            if self.shift_mode == "ratio"
            else f"beyond {self.labels[0 if final < 0 else -1]}"
        )
        if edge.policy == "auto":
            return ctx.automatic(edge, f"{name} is {side} the table", label=name)
        if edge.policy == "error":
            raise ValueError(f"table {self.id!r}: final odds {name} are {side} the table")
        edge_pos = 0 if final < 0 else n - 1
        ctx.lines.append(
            Line(f"{name} is {side} the table: use {self.labels[edge_pos]}", edge.rule)
        )
        ctx.pieces.append(f"clamped to {self.labels[edge_pos]}{_paren(edge.rule)}")
        return ctx.printed(edge_pos, self.labels[edge_pos])

    def _zero(
        self, ctx: _Build, which: str, shift_lines: list[Line], shift_pieces: list[str]
    ) -> Column:
        rule = self.zero_attack if which == "attack" else self.zero_defense
        side = "below" if which == "attack" else "above"
        assert ctx.defense is not None
        ctx.pieces.append(f"{_num(ctx.attack)} vs {_num(ctx.defense)}")
        if rule.policy == "error":
            raise ValueError(
                f"table {self.id!r}: {which} strength is 0 (set 'zero_{which}' to allow it)"
            )
        if rule.policy == "auto":
            return ctx.automatic(
                rule, f"{which} strength 0", shifts_ignored=bool(ctx.shifts or ctx.net)
            )
        # "edge": infinitely far beyond that end of the ladder; only column mode can shift back.
        ctx.lines.append(Line(f"{which} strength 0: {side} every column", rule.rule))
        edge = self._edge_rule(side)
        n = len(self.labels)
        if self.shift_mode == "ratio" or edge.policy != "clamp":
            if edge.policy == "auto":
                return ctx.automatic(
                    edge,
                    f"{which} 0 is {side} the table",
                    shifts_ignored=bool(ctx.shifts or ctx.net),
                )
            if edge.policy == "error":
                raise ValueError(f"table {self.id!r}: {which} strength 0 is {side} the table")
            pos = 0 if side == "below" else n - 1
            ctx.lines.append(
                Line(f"use {self.labels[pos]}; shifts cannot bring it back", edge.rule)
            )
            ctx.pieces.append(f"-> {self.labels[pos]} (clamped{_comma(edge.rule)})")
            return ctx.printed(pos, self.labels[pos])
        pos = 0 if side == "below" else n - 1
        ctx.lines.append(Line(f"treated as {self.labels[pos]}", edge.rule))
        ctx.pieces.append(f"-> {self.labels[pos]} (clamped{_comma(edge.rule)})")
        ctx.raw = self.labels[pos]
        return self._shifted(ctx, pos, shift_lines, shift_pieces)

    def _describe_head(self) -> list[str]:
        ties = f", ties to the {self.nearest_ties}" if self.rounding == "nearest" else ""
        mode = "on the unbounded odds ladder" if self.shift_mode == "ratio" else "by printed column"
        return [
            f"odds {_ROUNDING_WORDS[self.rounding]}{ties}{_paren(self.rounding_rule)}",
            f"shifts {mode}{_paren(self.shift_rule)}",
            f"below {self.labels[0]}: {_edge_words(self.below)}",
            f"above {self.labels[-1]}: {_edge_words(self.above)}",
            f"attack 0: {_edge_words(self.zero_attack)}; defense 0: {_edge_words(self.zero_defense)}",
        ]


def _std_value(k: int) -> Fraction:
    """Standard odds rung k: 0 is 1-1, k > 0 is (k+1)-1, k < 0 is 1-(1-k)."""
    return Fraction(k + 1) if k >= 0 else Fraction(1, 1 - k)


def _std_floor(ratio: Fraction) -> int:
    """The highest standard rung not above ``ratio`` (> 0)."""
    return math.floor(ratio) - 1 if ratio >= 1 else 1 - math.ceil(1 / ratio)


def _scale(value: Fraction) -> Fraction:
    """Odds on an even scale: N-1 at N, 1-N at 2-N (so 1-1 is 1, 1-2 is 0, 1-3 is -1)."""
    return value if value >= 1 else 2 - 1 / value


# ----------------------------------------------------------------------------- differential tables


class DifferentialTable(_RangeTable):
    """Attack minus defense tables: columns are ranges of the difference ("-3", "-2..-1", "0",
    "+1..+2", ">=+7"; the first may be "<=N" and the last ">=N"). A fractional difference is
    rounded per ``rounding`` (default "defender": down). Shifts move whole columns."""

    kind = "differential"
    FIELDS: ClassVar[frozenset[str]] = frozenset({"rounding", "rounding_rule", "nearest_ties"})

    def __init__(self, spec: Mapping[str, Any], *, table_id: str | None = None) -> None:
        super().__init__(spec, table_id=table_id)
        s = self._spec
        self._rounding(s, default="defender")
        self.below = self._end_rule(s, "below", self.ranges[0][0] is None)
        self.above = self._end_rule(s, "above", self.ranges[-1][1] is None)

    def _end_rule(self, s: _Spec, side: str, open_end: bool) -> EdgeRule:
        if open_end:
            if s.raw.get(side) is not None:
                end = self.labels[0] if side == "below" else self.labels[-1]
                raise s.error(side, f"has no effect: the {side} end column {end!r} is open-ended")
            return EdgeRule("clamp")
        return s.edge(side, self.EDGE_POLICIES, required=True)

    def _parse_columns(self, s: _Spec) -> tuple[str, ...]:
        labels = s.labels("columns")
        self._set_ranges(s, labels, signed=True)
        return labels

    def round_difference(self, diff: Fraction) -> int:
        if diff.denominator == 1 or self.rounding == "defender":
            return math.floor(diff)
        if self.rounding == "attacker":
            return math.ceil(diff)
        low = math.floor(diff)
        frac = diff - low
        return self._nearest(low, frac, 1 - frac)

    def column(
        self,
        attack: Strength,
        defense: Strength | None = None,
        shift: int = 0,
        shifts: Sequence[Shift] = (),
    ) -> Column:
        a, d, ctx, shift_lines, shift_pieces = self._attack_defense(
            "a differential", attack, defense, shift, shifts
        )
        diff = a - d
        value = self.round_difference(diff)
        n = len(self.labels)
        pos = self._range_position(value)
        exact = diff == value
        how = "" if exact else f", {_ROUNDING_WORDS[self.rounding]} to {_signed(value)}"
        head = f"{_num(a)} - {_num(d)} = {_signed_num(diff)}"
        if not exact:
            head += f" ({_ROUNDING_WORDS[self.rounding]} to {_signed(value)}{_comma(self.rounding_rule)})"
        if 0 <= pos < n:
            ctx.lines.append(
                Line(
                    f"difference {_signed_num(diff)}{how}: column {self.labels[pos]}",
                    self.rounding_rule,
                )
            )
            ctx.pieces.append(f"{head} -> {self.labels[pos]}")
            ctx.raw = self.labels[pos]
        else:
            side = "below" if pos < 0 else "above"
            edge = self._edge_rule(side)
            ctx.lines.append(
                Line(f"difference {_signed_num(diff)}{how}: {side} the table", self.rounding_rule)
            )
            ctx.pieces.append(head)
            ctx.raw = _signed(value)
            if edge.policy == "auto":
                return ctx.automatic(
                    edge,
                    f"{_signed(value)} is {side} the table",
                    label=_signed(value),
                    shifts_ignored=bool(shifts or shift),
                )
            if edge.policy == "error":
                raise ValueError(
                    f"table {self.id!r}: difference {_signed(value)} is {side} the table"
                )
            pos = 0 if pos < 0 else n - 1
            ctx.lines.append(Line(f"treated as {self.labels[pos]}", edge.rule))
            ctx.pieces[-1] += f" -> {self.labels[pos]} (clamped{_comma(edge.rule)})"
        return _shift_columns(self, ctx, pos, shift_lines, shift_pieces)

    def _describe_head(self) -> list[str]:
        lines = [
            f"fractional differences {_ROUNDING_WORDS[self.rounding]}{_paren(self.rounding_rule)}"
        ]
        if self.ranges[0][0] is not None:
            lines.append(f"below {self.labels[0]}: {_edge_words(self.below)}")
        if self.ranges[-1][1] is not None:
            lines.append(f"above {self.labels[-1]}: {_edge_words(self.above)}")
        return lines


# ----------------------------------------------------------------------------- fire tables


def split_total(total: int, largest: int) -> tuple[int, ...]:
    """Split ``total`` into the fewest, most equal groups none above ``largest``, larger first
    (DC 13.B.6: 37 with a top column of 24 -> (19, 18); 72 -> (24, 24, 24)). 0 -> ()."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise ValueError(f"split_total: total must be an int >= 0, not {total!r}")
    if isinstance(largest, bool) or not isinstance(largest, int) or largest < 1:
        raise ValueError(f"split_total: largest must be an int >= 1, not {largest!r}")
    if total == 0:
        return ()
    count = -(-total // largest)
    size, extra = divmod(total, count)
    return (size + 1,) * extra + (size,) * (count - extra)


class FireTable(_RangeTable):
    """Fire tables (Dark Crusade 13.B.2): a side rolls on the column for its own fire total and the
    result is a number of hits (or a code). Columns are totals: 1, 2, ... or ranges "13..15", the
    last may be ">=N". ``above``: "split" (the caller splits the total with :meth:`split` and rolls
    once per group, DC 13.B.6), "clamp", "auto" or "error". ``below`` (default "error") covers
    totals under the first column, such as 0."""

    kind = "fire"
    FIELDS: ClassVar[frozenset[str]] = frozenset()
    ABOVE_POLICIES: ClassVar[tuple[str, ...]] = ("split", "clamp", "auto", "error")

    def __init__(self, spec: Mapping[str, Any], *, table_id: str | None = None) -> None:
        super().__init__(spec, table_id=table_id)
        s = self._spec
        self.below = s.edge("below", self.EDGE_POLICIES, default="error")
        top = self.ranges[-1][1]
        if top is None:
            if s.raw.get("above") is not None:
                raise s.error(
                    "above", f"has no effect: the last column {self.labels[-1]!r} is open-ended"
                )
            self.above = EdgeRule("clamp")
        else:
            self.above = s.edge("above", self.ABOVE_POLICIES, required=True)
        self.largest: int | None = top
        """The highest total on the table (None when the last column is open-ended)."""

    def _parse_columns(self, s: _Spec) -> tuple[str, ...]:
        raw = s.raw.get("columns")
        if isinstance(raw, Sequence) and not isinstance(raw, str):
            raw = [str(v) if _is_int(v) else v for v in raw]
        labels = s.labels("columns", raw)
        self._set_ranges(s, labels, signed=False)
        return labels

    def split(self, total: int) -> tuple[int, ...]:
        """Groups to roll separately for a total beyond the table (DC 13.B.6); a total that fits
        is one group."""
        if self.largest is None or total <= self.largest:
            return (total,) if total else ()
        return split_total(total, self.largest)

    def column(
        self,
        attack: Strength,
        defense: Strength | None = None,
        shift: int = 0,
        shifts: Sequence[Shift] = (),
    ) -> Column:
        """The column for fire total ``attack`` (``defense`` must be None: a side fires on its own
        total). Totals must be whole: round them by the title's rule first (DC 14.A)."""
        if defense is not None:
            raise ValueError(f"table {self.id!r}: a fire table takes one fire total, not a defense")
        total = _fraction(attack, "fire total")
        if total.denominator != 1:
            raise ValueError(
                f"table {self.id!r}: fire total {_num(total)} is not whole; round it by the title's rule first"
            )
        value = int(total)
        net, shift_lines, shift_pieces = self._net_shift(shift, shifts)
        ctx = _Build(self, total, None, tuple(shifts), net)
        n = len(self.labels)
        pos = self._range_position(value)
        if 0 <= pos < n:
            ctx.lines.append(Line(f"fire total {value}: column {self.labels[pos]}"))
            same = self.labels[pos] == str(value)
            ctx.pieces.append(
                f"fire {value}" if same else f"fire {value} -> {self._fire_label(pos)}"
            )
            ctx.raw = self._fire_label(pos)
        else:
            side = "below" if pos < 0 else "above"
            edge = self._edge_rule(side)
            ctx.lines.append(Line(f"fire total {value}: {side} the table"))
            ctx.pieces.append(f"fire {value}")
            ctx.raw = f"fire {value}"
            if edge.policy == "split":
                assert self.largest is not None
                groups = ", ".join(map(str, self.split(value)))
                raise ValueError(
                    f"table {self.id!r}: fire total {value} is above the highest column {self.largest}: "
                    f"split it into groups with split({value}) -> ({groups}) and roll once each"
                    + _paren(edge.rule)
                )
            if edge.policy == "auto":
                return ctx.automatic(
                    edge,
                    f"fire {value} is {side} the table",
                    label=f"fire {value}",
                    shifts_ignored=bool(shifts or shift),
                )
            if edge.policy == "error":
                raise ValueError(f"table {self.id!r}: fire total {value} is {side} the table")
            pos = 0 if pos < 0 else n - 1
            ctx.lines.append(Line(f"treated as {self.labels[pos]}", edge.rule))
            ctx.pieces[-1] += f" -> {self._fire_label(pos)} (clamped{_comma(edge.rule)})"
        return _shift_columns(self, ctx, pos, shift_lines, shift_pieces, labeller=self._fire_label)

    def _fire_label(self, index: int) -> str:
        return f"fire {self.labels[index]}"

    def hits(self, column: Column, roll: int | None = None) -> int:
        """The result as a number of hits; raises if the table holds a code there instead."""
        code = self.result(column, roll)
        try:
            return int(code)
        except ValueError:
            raise ValueError(
                f"table {self.id!r}: result {code!r} on {column.label} is not a number of hits"
            ) from None

    def _describe_head(self) -> list[str]:
        lines = [f"below {self.labels[0]}: {_edge_words(self.below)}"]
        if self.largest is not None:
            lines.append(f"above {self.labels[-1]}: {_edge_words(self.above)}")
        return lines


# ----------------------------------------------------------------------------- helpers


class _Build:
    """Collects the explanation of one column lookup."""

    def __init__(
        self,
        table: BaseTable,
        attack: Fraction,
        defense: Fraction | None,
        shifts: tuple[Shift, ...],
        net: int,
    ) -> None:
        self.table = table
        self.attack = attack
        self.defense = defense
        self.shifts = shifts
        self.net = net
        self.lines: list[Line] = []
        self.pieces: list[str] = []
        self.raw: str | None = None

    def _column(self, label: str, index: int | None, automatic: str | None) -> Column:
        return Column(
            table=self.table.id,
            label=label,
            index=index,
            automatic=automatic,
            explanation=tuple(self.lines),
            summary="; ".join(self.pieces),
            attack=self.attack,
            defense=self.defense,
            raw=self.raw,
            shift=self.net,
            shifts=self.shifts,
        )

    def printed(self, index: int, label: str) -> Column:
        self.lines.append(Line(f"final column {label}", self.table.rule))
        return self._column(label, index, None)

    def automatic(
        self, edge: EdgeRule, why: str, *, label: str | None = None, shifts_ignored: bool = False
    ) -> Column:
        assert edge.result is not None
        if shifts_ignored:
            self.lines.append(Line("shifts do not apply: already off the table before shifting"))
        self.lines.append(Line(f"{why}: automatic {edge.result}", edge.rule))
        self.pieces.append(f"automatic {edge.result}{_paren(edge.rule)}")
        final = label or self.raw or "automatic"
        return self._column(final, None, edge.result)


def _shift_columns(
    table: BaseTable,
    ctx: _Build,
    pos: int,
    shift_lines: list[Line],
    shift_pieces: list[str],
    labeller: Callable[[int], str] | None = None,
) -> Column:
    """Column-mode shifting for differential and fire tables."""
    name = labeller or (lambda i: table.labels[i])
    n = len(table.labels)
    final = pos + ctx.net
    if shift_lines:
        ctx.lines.extend(shift_lines)
        where = name(final) if 0 <= final < n else f"beyond {table.labels[0 if final < 0 else -1]}"
        ctx.lines.append(
            Line(f"net shift {_signed(ctx.net)} columns: {name(pos)} -> {where}", table.shift_rule)
        )
        ctx.pieces.append(", ".join(shift_pieces) + f" -> {where}")
    if 0 <= final < n:
        return ctx.printed(final, name(final))
    side = "below" if final < 0 else "above"
    edge = table._edge_rule(side)
    if edge.policy == "auto":
        return ctx.automatic(
            edge,
            f"shifted {side} the table",
            label=f"beyond {table.labels[0 if final < 0 else -1]}",
        )
    if edge.policy in ("error", "split"):
        raise ValueError(f"table {table.id!r}: shifted {side} the table")
    edge_pos = 0 if final < 0 else n - 1
    ctx.lines.append(Line(f"shifted {side} the table: use {table.labels[edge_pos]}", edge.rule))
    ctx.pieces.append(f"clamped to {name(edge_pos)}{_paren(edge.rule)}")
    return ctx.printed(edge_pos, name(edge_pos))


class _Spec:
    """Reads one table's spec, raising ValueError that names the table, the field and the fault."""

    def __init__(self, raw: Mapping[str, Any], table_id: str, kind: str) -> None:
        self.raw = raw
        self.table_id = table_id
        self.kind = kind

    def error(self, field: str, message: str) -> ValueError:
        return ValueError(
            f"combat table {self.table_id!r} ({self.kind}): field {field!r}: {message}"
        )

    def opt_str(self, key: str) -> str | None:
        value = self.raw.get(key)
        if value is not None and not isinstance(value, str):
            raise self.error(key, f"expected a string, not {value!r}")
        return value

    def req_str(self, key: str) -> str:
        value = self.opt_str(key)
        if not value:
            raise self.error(key, "missing")
        return value

    def choice(
        self,
        key: str,
        choices: Sequence[str],
        *,
        default: str | None = None,
        required: bool = False,
    ) -> str:
        value = self.raw.get(key)
        if value is None:
            if required or default is None:
                raise self.error(key, f"missing: one of {', '.join(map(repr, choices))}")
            return default
        if value not in choices:
            raise self.error(key, f"{value!r} is not one of {', '.join(map(repr, choices))}")
        return str(value)

    def edge(
        self,
        key: str,
        policies: Sequence[str],
        *,
        default: str | None = None,
        required: bool = False,
    ) -> EdgeRule:
        value = self.raw.get(key)
        allowed = ", ".join(map(repr, policies))
        if value is None:
            if required or default is None:
                raise self.error(
                    key, f"missing: a policy ({allowed}) or {{'policy': 'auto', 'result': ...}}"
                )
            return EdgeRule(default)
        if isinstance(value, str):
            value = {"policy": value}
        if not isinstance(value, Mapping):
            raise self.error(key, f"expected a policy string or mapping, not {value!r}")
        extra = sorted(set(value) - {"policy", "result", "rule"})
        if extra:
            raise self.error(key, f"unknown key {extra[0]!r} (allowed: 'policy', 'result', 'rule')")
        policy = value.get("policy")
        if policy not in policies:
            raise self.error(key, f"policy {policy!r} is not one of {allowed}")
        result = value.get("result")
        rule = value.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise self.error(key, f"'rule' must be a string, not {rule!r}")
        if policy == "auto":
            if isinstance(result, int) and not isinstance(result, bool):
                result = str(result)
            if not isinstance(result, str) or not result:
                raise self.error(key, "policy 'auto' needs the automatic 'result' code")
        elif result is not None:
            raise self.error(key, f"'result' is only for policy 'auto', not {policy!r}")
        return EdgeRule(str(policy), result, rule)

    def caps(self, key: str) -> dict[str, tuple[int, str | None]]:
        value = self.raw.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise self.error(key, f"expected {{group: {{'max': N, 'rule': ...}}}}, not {value!r}")
        caps: dict[str, tuple[int, str | None]] = {}
        for group, cap in value.items():
            if not isinstance(group, str) or not group:
                raise self.error(key, f"group names are strings, not {group!r}")
            if not isinstance(cap, Mapping) or set(cap) - {"max", "rule"}:
                raise self.error(
                    key, f"group {group!r}: expected {{'max': N, 'rule': ...}}, not {cap!r}"
                )
            most = cap.get("max")
            if isinstance(most, bool) or not isinstance(most, int) or most < 0:
                raise self.error(key, f"group {group!r}: 'max' must be an int >= 0, not {most!r}")
            rule = cap.get("rule")
            if rule is not None and not isinstance(rule, str):
                raise self.error(key, f"group {group!r}: 'rule' must be a string, not {rule!r}")
            caps[group] = (most, rule)
        return caps

    def labels(self, key: str, raw: Any = None) -> tuple[str, ...]:
        value = self.raw.get(key) if raw is None else raw
        if value is None:
            raise self.error(key, "missing")
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise self.error(key, f"expected a list of column labels, not {value!r}")
        labels = []
        for label in value:
            if not isinstance(label, str) or not label.strip():
                raise self.error(key, f"column labels are non-empty strings, not {label!r}")
            labels.append(label.strip())
        seen: set[str] = set()
        for label in labels:
            if label in seen:
                raise self.error(key, f"{label!r} appears twice")
            seen.add(label)
        return tuple(labels)

    def results(
        self, key: str, labels: tuple[str, ...], rolls: range
    ) -> tuple[tuple[str, ...], ...]:
        value = self.raw.get(key)
        if not isinstance(value, Mapping):
            raise self.error(key, f"expected {{column label: [result per roll]}}, not {value!r}")
        keys = {str(k).strip(): k for k in value}
        extra = sorted(set(keys) - set(labels))
        if extra:
            raise self.error(key, f"{extra[0]!r} is not a column of this table")
        table: list[tuple[str, ...]] = []
        lo, hi = rolls.start, rolls.stop - 1
        for label in labels:
            if label not in keys:
                raise self.error(key, f"column {label!r} has no results")
            row = value[keys[label]]
            where = f"column {label!r}"
            if isinstance(row, Mapping):
                by_roll: dict[int, str] = {}
                for roll_key, code in row.items():
                    try:
                        roll = int(roll_key)
                    except (TypeError, ValueError):
                        raise self.error(key, f"{where}: {roll_key!r} is not a roll") from None
                    if not lo <= roll <= hi:
                        raise self.error(key, f"{where}: roll {roll} is outside {lo}..{hi}")
                    by_roll[roll] = self._code(key, where, roll, code)
                missing = [r for r in rolls if r not in by_roll]
                if missing:
                    raise self.error(key, f"{where}: no result for roll {missing[0]}")
                table.append(tuple(by_roll[r] for r in rolls))
            elif isinstance(row, Sequence) and not isinstance(row, str):
                if len(row) != len(rolls):
                    raise self.error(
                        key, f"{where}: {len(row)} results for {len(rolls)} rolls ({lo}..{hi})"
                    )
                table.append(
                    tuple(self._code(key, where, r, c) for r, c in zip(rolls, row, strict=True))
                )
            else:
                raise self.error(key, f"{where}: expected a list or {{roll: result}}, not {row!r}")
        return tuple(table)

    def _code(self, key: str, where: str, roll: int, code: Any) -> str:
        if _is_int(code):
            return str(code)
        if not isinstance(code, str) or not code.strip():
            raise self.error(
                key, f"{where}, roll {roll}: result must be a code or a number, not {code!r}"
            )
        return code.strip()


_RANGE_ONE = re.compile(r"^\s*([+-]?\d+)\s*$")
_RANGE_SPAN = re.compile(r"^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*$")
_RANGE_OPEN = re.compile(r"^\s*(<=|>=)\s*([+-]?\d+)\s*$")


def _parse_ranges(
    s: _Spec, labels: tuple[str, ...], *, signed: bool
) -> tuple[tuple[int | None, int | None], ...]:
    """Column labels "N", "a..b", "<=N" (first, signed only) and ">=N" (last) as contiguous
    ascending integer ranges; None marks an open end."""
    example = "'-3', '+1..+2' or '>=+7'" if signed else "12, '13..15' or '>=25'"
    kind = "a differential" if signed else "a fire total"
    ranges: list[tuple[int | None, int | None]] = []
    for i, label in enumerate(labels):
        if not signed and ("+" in label or "-" in label.replace("..", "")):
            raise s.error("columns", f"{label!r} is not {kind} like {example}")
        if m := _RANGE_OPEN.match(label):
            bound = int(m.group(2))
            if m.group(1) == "<=":
                if i != 0 or not signed:
                    raise s.error("columns", f"{label!r}: only the first column may be '<=N'")
                ranges.append((None, bound))
            else:
                if i != len(labels) - 1:
                    raise s.error("columns", f"{label!r}: only the last column may be '>=N'")
                ranges.append((bound, None))
        elif m := _RANGE_SPAN.match(label):
            lo, hi = int(m.group(1)), int(m.group(2))
            if lo > hi:
                raise s.error("columns", f"{label!r}: the range runs backwards")
            ranges.append((lo, hi))
        elif m := _RANGE_ONE.match(label):
            ranges.append((int(m.group(1)), int(m.group(1))))
        else:
            raise s.error("columns", f"{label!r} is not {kind} like {example}")
    for (_, prev_hi), (next_lo, _), label in zip(ranges, ranges[1:], labels[1:], strict=False):
        assert prev_hi is not None and next_lo is not None
        if next_lo != prev_hi + 1:
            what = "overlaps" if next_lo <= prev_hi else "leaves a gap after"
            raise s.error(
                "columns",
                f"{label!r} {what} the column before (columns must be contiguous and ascending)",
            )
    return tuple(ranges)


def _table_id(spec: Mapping[str, Any], table_id: str | None) -> str:
    own = spec.get("id")
    if own is not None and not isinstance(own, str):
        raise ValueError(
            f"combat table {table_id or '?'}: field 'id': expected a string, not {own!r}"
        )
    if table_id is not None and own is not None and own != table_id:
        raise ValueError(
            f"combat table {table_id!r}: field 'id': {own!r} differs from the table's key"
        )
    tid = table_id if table_id is not None else own
    if not tid:
        raise ValueError(
            "combat table: field 'id': missing (give the spec an 'id' or pass table_id)"
        )
    return tid


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fraction(value: Any, what: str) -> Fraction:
    """An exact, non-negative fraction from an int, Fraction or float (via its decimal repr)."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a number, not {value!r}")
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{what} must be finite, not {value!r}")
        result = Fraction(repr(value))
    else:
        raise ValueError(f"{what} must be an int, float or Fraction, not {value!r}")
    if result < 0:
        raise ValueError(f"{what} must not be negative, not {_num(result)}")
    return result


def _num(value: Fraction) -> str:
    """A strength for people: whole numbers as such, others to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text


def _ratio(ratio: Fraction) -> str:
    return f"{_num(ratio)}:1" if ratio >= 1 else f"1:{_num(1 / ratio)}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _signed_num(value: Fraction) -> str:
    return f"+{_num(value)}" if value > 0 else ("-" + _num(-value) if value < 0 else "0")


def _s(n: int) -> str:
    return "" if abs(n) == 1 else "s"


def _paren(rule: str | None) -> str:
    return f" ({rule})" if rule else ""


def _comma(rule: str | None) -> str:
    return f", {rule}" if rule else ""


def _edge_words(edge: EdgeRule) -> str:
    words = {
        "clamp": "use the end column",
        "error": "not allowed",
        "split": "split into groups",
        "edge": "as beyond that end of the table",
    }
    text = (
        f"automatic {edge.result}" if edge.policy == "auto" else words.get(edge.policy, edge.policy)
    )
    return text + _paren(edge.rule)


register_table_kind("odds", OddsTable)
register_table_kind("differential", DifferentialTable)
register_table_kind("fire", FireTable)
