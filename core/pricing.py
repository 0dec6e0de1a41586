"""A battle's price: its odds, modifiers, shifts, explanation and every roll's result, found
without rolling and without changing the match.

The combat mechanic fights a battle with it (then rolls), the web page shows it before an attack
is made, the bots weigh attacks with it and ``wargame crt`` prints tables the same way: one
arithmetic, so what a player is shown is what the battle does. The totals are each unit's value
with the modifiers of every plugin's ``wargame_strength_modifiers``, summed, then the modifiers
on the total; the attack's last change for the battle's kind comes after (:data:`FINAL_ATTACK`:
the overrun halving, PGG 6.55); the column is the table's (``wargame_combat_table``, else the
combat settings' ``table``) with every plugin's ``wargame_combat_shifts``.

:func:`price` reads the match only; a hook that records something on the units it is asked
about must be given a sandbox (the web and the bots price on :meth:`~wargame.match.Match.sandbox`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from wargame.combat import Column, CombatTable, Line, Modifier, Shift, build_table
from wargame.match import Battle, Match
from wargame.mechanics.movement import phase_key
from wargame.plugins import Title
from wargame.state import Unit

__all__ = [
    "FINAL_ATTACK",
    "Price",
    "apply_modifiers",
    "build_tables",
    "engage",
    "price",
    "table_for",
    "tables",
]

FINAL_ATTACK: dict[str, Callable[[Match, Battle, Fraction], tuple[Fraction, list[Line]]]] = {}
"""Battle kind -> the last change to the attack total, after every modifier (the overrun
halving, PGG 6.55). Registered by the mechanic that fights battles of that kind."""


@dataclass(frozen=True, slots=True)
class Price:
    """What a battle would be: totals, the column (None with no strength on either side: no
    combat), the explanation so far (strength lines, then the column's), and each roll's
    result (empty for an automatic result)."""

    attack: Fraction
    defense: Fraction
    table: CombatTable | None
    column: Column | None
    explanation: list[str]
    results: Mapping[int, str] = field(default_factory=dict)
    modifiers: tuple[Modifier, ...] = ()
    shifts: tuple[Shift, ...] = ()

    @property
    def automatic(self) -> str | None:
        return None if self.column is None else self.column.automatic

    def why(self) -> str:
        """The totals and every modifier and shift in a player's words, for a combat line:
        "26 vs 6; 7Pz integrated doubled, PGG 7.3; forest doubled, PGG 9.31-9.33"."""
        parts = [f"{_num(self.attack)} vs {_num(self.defense)}"]
        units: dict[tuple[object, ...], list[str]] = {}  # one modifier on several units: once
        for mod in self.modifiers:
            key = (mod.reason or mod.target, _op_words(mod), mod.rule)
            units.setdefault(key, [])
            if mod.target not in ("attack", "defense"):
                units[key].append(mod.target)
        for (reason, op, rule), ids in units.items():
            what = f"{reason} {op}" + (f" ({', '.join(ids)})" if ids else "")
            parts.append(f"{what}, {rule}" if rule else what)
        for shift in self.shifts:
            what = f"{shift.reason} {shift.columns:+d}"
            parts.append(f"{what}, {shift.rule}" if shift.rule else what)
        return "; ".join(parts)

    def chances(self, odds: Mapping[int, float]) -> dict[str, float]:
        """Result code -> chance, given each roll's chance (an automatic result is certain)."""
        if self.column is None:
            return {}
        if self.column.automatic is not None:
            return {self.column.automatic: 1.0}
        out: dict[str, float] = {}
        for roll, p in odds.items():
            code = self.results[roll]
            out[code] = out.get(code, 0.0) + p
        return out


def build_tables(title: Title) -> dict[str, CombatTable]:
    """The title's combat tables by id, built from its ``combat-tables`` document (also what
    ``wargame crt`` looks up, so paper players read the tables the engine fights on)."""
    doc = title.doc("combat-tables")
    return {tid: build_table(spec, table_id=tid) for tid, spec in doc["tables"].items()}


def tables(match: Match) -> dict[str, CombatTable]:
    """The title's combat tables, built once per match."""
    built = match.cache.get("combat-tables")
    if built is None:
        built = build_tables(match.title)
        match.cache["combat-tables"] = built
    return built


def table_for(match: Match, battle: Battle) -> CombatTable:
    """The table the battle is fought on: the title's hook, else the combat settings' table,
    else the first."""
    tid = match.hook.wargame_combat_table(match=match, battle=battle)
    all_tables = tables(match)
    tid = tid or match.settings("combat").get("table") or next(iter(all_tables))
    return all_tables[tid]


def apply_modifiers(
    match: Match,
    battle: Battle,
    units: list[Unit],
    what: str,
    value_name: str,
    mods: list[Modifier],
) -> tuple[Fraction, list[Line]]:
    """A side's total: each unit's value with its own modifiers, summed, then the total's."""
    lines: list[Line] = []
    total = Fraction(0)
    for unit in units:
        value = _fraction(match.unit_values(unit).get(value_name, 0))
        for mod in mods:
            if mod.target == unit.id:
                value = mod.apply(value)  # the halving rule, PGG 11.32
                lines.append(mod.line())
        total += value
    lines.append(Line(f"{what} {_num(total)} ({', '.join(u.id for u in units)})"))
    for mod in mods:
        if mod.target == what:
            total = mod.apply(total)
            lines.append(Line(f"{mod.line()} -> {_num(total)}", None))
    return total, lines


def engage(match: Match, battle: Battle) -> None:
    """Mark the battle's units as having attacked and defended this phase, as the combat
    mechanic does before asking the hooks (a hook may read who is in a battle); on a sandbox
    when the battle is only priced."""
    key = phase_key(match)
    units = match.state.units
    for uid in battle.attackers:
        units[uid].flags["attacked"] = key
    for uid in battle.defenders:
        units[uid].flags["defended"] = key


def price(match: Match, battle: Battle) -> Price:
    """The battle's price as the units stand now (see the module docstring)."""
    units = match.state.units
    mods = [
        m
        for found in match.hook.wargame_strength_modifiers(match=match, battle=battle)
        for m in found or ()
    ]
    shifts = [
        s
        for found in match.hook.wargame_combat_shifts(match=match, battle=battle)
        for s in found or ()
    ]
    s = match.settings("combat")

    def total(what: str, ids: list[str]) -> tuple[Fraction, list[Line]]:
        return apply_modifiers(
            match, battle, [units[i] for i in ids], what, s.get(what, what), mods
        )

    attack, alines = total("attack", battle.attackers)
    final = FINAL_ATTACK.get(battle.kind)
    if final is not None:
        attack, more = final(match, battle, attack)
        alines.extend(more)
    defense, dlines = total("defense", battle.defenders)
    lines = [str(x) for x in (*alines, *dlines)]
    if attack <= 0 and defense <= 0:
        return Price(attack, defense, None, None, lines, {}, tuple(mods), tuple(shifts))
    table = table_for(match, battle)
    column = table.column(attack, defense, shifts=shifts)
    results = {} if column.automatic is not None else dict(table.results(column))
    lines.extend(str(x) for x in column.explanation)
    return Price(attack, defense, table, column, lines, results, tuple(mods), tuple(shifts))


_OPS = {"halve": "halved", "quarter": "quartered", "three-quarters": "three-quartered"}


def _op_words(mod: Modifier) -> str:
    """A modifier's operation as a participle: "halved", "doubled", "x3", "+2", "set to 0"."""
    if mod.op in _OPS:
        return _OPS[mod.op]
    value = _fraction(mod.value or 0)
    if mod.op == "multiply":
        if value in (2, 3):
            return "doubled" if value == 2 else "tripled"
        return f"x{_num(value)}"
    words = {"divide": "/", "add": "+" if value >= 0 else "", "set": "set to ", "min": "at least ",
             "max": "at most "}  # fmt: skip
    return f"{words.get(mod.op, mod.op + ' ')}{_num(value)}"


def _fraction(value: float | Fraction) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(repr(value))


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
