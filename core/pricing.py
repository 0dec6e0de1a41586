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

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wargame.combat import Column, CombatTable, Line, Modifier, Shift, build_table
from wargame.match import Battle, Match
from wargame.mechanics.movement import phase_key
from wargame.plugins import Title
from wargame.state import Unit

__all__ = [
    "FINAL_ATTACK",
    "Fire",
    "Price",
    "Spread",
    "apply_modifiers",
    "build_tables",
    "engage",
    "paper_spread",
    "price",
    "spread",
    "table_for",
    "tables",
    "value_names",
]

FINAL_ATTACK: dict[str, Callable[[Match, Battle, Fraction], tuple[Fraction, list[Line]]]] = {}
"""Battle kind -> the last change to the attack total, after every modifier (the overrun
halving, PGG 6.55). Registered by the mechanic that fights battles of that kind."""


@dataclass(frozen=True, slots=True)
class Fire:
    """One side's fire in a firefight on a fire table (Dark Crusade 13.B.2: each side rolls on
    the column for its own total; the result is hits): the total, how it was made (each line
    with its rule), the groups a total beyond the table is split into (13.B.6) with each
    group's hits for every roll, and a modifier to every roll with its rule (DC 7.B.1)."""

    side: str
    role: str  # "attacker" | "defender"
    total: int
    lines: tuple[Line, ...]
    groups: tuple[tuple[int, Mapping[int, int]], ...] = ()
    roll_modifier: int = 0
    roll_rule: str | None = None

    def why(self) -> str:
        """ "7 (units 6: R1 3, R2 3; Soviet air +1, DC 13.A.3; +1 to the die, DC 7.B.1)"."""
        parts = [f"{ln.text}, {ln.rule}" if ln.rule else ln.text for ln in self.lines]
        if self.roll_modifier:
            what = f"{self.roll_modifier:+d} to the die"
            parts.append(f"{what}, {self.roll_rule}" if self.roll_rule else what)
        return f"{self.total} ({'; '.join(parts)})" if parts else str(self.total)

    def table_text(self) -> str:
        """Each group's hits by roll: "fire 7: 1-2 0, 3-4 1, 5-6 2"."""
        out = []
        for group, hits in self.groups:
            runs: list[tuple[int, int, int]] = []
            for roll, n in sorted(hits.items()):
                if runs and runs[-1][2] == n and runs[-1][1] == roll - 1:
                    runs[-1] = (runs[-1][0], roll, n)
                else:
                    runs.append((roll, roll, n))
            cells = ", ".join(f"{a}-{b} {n}" if a != b else f"{a} {n}" for a, b, n in runs)
            out.append(f"fire {group}: {cells}")
        return "; ".join(out)


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
    fires: tuple[Fire, ...] = ()
    """A firefight's price (a title answering ``wargame_price``, DC 13.B.2): each side's fire,
    the attacker's first; ``attack`` and ``defense`` are then the two fire totals."""

    def fire(self, side: str) -> Fire:
        """``side``'s fire in a firefight."""
        return next(f for f in self.fires if f.side == side)

    @property
    def automatic(self) -> str | None:
        return None if self.column is None else self.column.automatic

    def why(self) -> str:
        """The totals and every modifier and shift in a player's words, for a combat line:
        "26 vs 6; 7Pz integrated doubled, PGG 7.3; forest doubled, PGG 9.31-9.33". A firefight:
        each side's fire, "axis fire 9 (...); soviet fire 4 (...)"."""
        if self.fires:
            return "; ".join(f"{f.side} fire {f.why()}" for f in self.fires)
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


SAMPLES = 2000
"""Past this many combinations of faces, a spread is read from this many draws (a generator of
its own, never the match's dice) rather than from every combination."""


def draws(
    pools: Mapping[str, list[int]], wanted: list[str], samples: int = SAMPLES
) -> Iterator[tuple[tuple[int, ...], float]]:
    """Each way the faces of units drawn from ``wanted`` pools (one pool id per unit, without
    replacement, PGG 12.2) may come out, as (face index per unit, chance). Past ``samples``
    combinations, ``samples`` seeded draws of equal chance."""
    left = {pid: list(counts) for pid, counts in pools.items()}
    if combinations(pools, wanted) <= samples:
        yield from _every_draw(left, wanted, 0, (), 1.0)
        return
    rng = random.Random(len(wanted))  # a fixed generator: the same spread every time
    for _ in range(samples):
        counts = {pid: list(c) for pid, c in left.items()}
        faces = []
        for pid in wanted:
            pick = rng.randrange(sum(counts[pid]))
            index = 0
            while pick >= counts[pid][index]:
                pick -= counts[pid][index]
                index += 1
            counts[pid][index] -= 1
            faces.append(index)
        yield tuple(faces), 1.0 / samples


def combinations(pools: Mapping[str, list[int]], wanted: list[str]) -> int:
    """At most how many ways the faces may come out (distinct faces per unit, multiplied)."""
    combos = 1
    for pid in wanted:
        combos *= max(1, sum(1 for n in pools[pid] if n))
    return combos


def _every_draw(
    left: dict[str, list[int]], wanted: list[str], at: int, faces: tuple[int, ...], p: float
) -> Iterator[tuple[tuple[int, ...], float]]:
    if at == len(wanted):
        yield faces, p
        return
    counts = left[wanted[at]]
    total = sum(counts)
    for index, n in enumerate(counts):
        if n:
            counts[index] -= 1
            yield from _every_draw(left, wanted, at + 1, (*faces, index), p * n / total)
            counts[index] += 1


@dataclass(frozen=True, slots=True)
class Spread:
    """A battle's odds over the faces its untried units may show (PGG 12.2): each column's
    chance and each result's, what a player at the table may work out from the faces left in
    the pools (the printed mix less every face revealed in the open), never the face a unit
    will show. Columns run from the defender's best to the attacker's best."""

    untried: tuple[str, ...]
    faces: int  # the faces left in the pools drawn from
    columns: Mapping[str, float]
    results: Mapping[str, float]
    exact: bool = True  # False: read from seeded draws (past SAMPLES combinations)

    def text(self) -> str:
        """ "over the 37 faces left: 1-1 20%, 2-1 80%; results: A1 10%, DR 90%"."""

        def pct(chances: Mapping[str, float]) -> str:
            return ", ".join(f"{k} {v:.0%}" for k, v in chances.items())

        how = "" if self.exact else ", from seeded draws"
        return (
            f"over the {self.faces} faces left{how}: {pct(self.columns)}; "
            f"results: {pct(self.results)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "untried": list(self.untried),
            "faces": self.faces,
            "columns": dict(self.columns),
            "results": dict(self.results),
            "exact": self.exact,
        }


def spread(match: Match, battle: Battle) -> Spread | None:
    """The battle's :class:`Spread` over its untried units' faces (None: no untried unit).
    ``match`` is changed (faces set, units engaged): give a sandbox, set up as the battle is."""

    units = match.state.units
    untried = [
        uid for uid in (*battle.attackers, *battle.defenders) if match.is_untried(units[uid])
    ]
    if not untried:
        return None
    wanted = [str(match.counter(units[uid])["untried"]) for uid in untried]
    doc = match.counters_doc["pools"]
    pools = {}
    for pid in set(wanted):
        counts = list(match.state.pools.get(pid) or [])
        pools[pid] = (
            counts if sum(counts) > 0 else [int(f.get("count", 1)) for f in doc[pid]["faces"]]
        )
    engage(match, battle)

    def priced() -> Iterator[tuple[Price, float]]:
        for faces, p in draws(pools, wanted):
            for uid, pid, index in zip(untried, wanted, faces, strict=True):
                units[uid].face = dict(doc[pid]["faces"][index]["values"])
            yield price(match, battle), p  # faces change no derived data: no touch() needed

    found = _tally(tuple(untried), pools, wanted, priced())
    for uid in untried:
        units[uid].face = None
    match.touch()
    return found


def _tally(
    untried: tuple[str, ...],
    pools: Mapping[str, list[int]],
    wanted: list[str],
    prices: Iterator[tuple[Price, float]],
) -> Spread:
    """Each column's and result's chance over the priced draws, columns from the defender's
    best ratio to the attacker's."""
    from wargame.bots import roll_odds  # the chance of each roll; bots import this module

    columns: dict[str, float] = {}
    order: dict[str, Fraction] = {}
    results: dict[str, float] = {}
    for priced, p in prices:
        label = "no combat" if priced.column is None else priced.column.label
        columns[label] = columns.get(label, 0.0) + p
        ratio = priced.attack / priced.defense if priced.defense else Fraction(10**9)
        order[label] = min(order.get(label, ratio), ratio)
        if priced.table is not None:
            odds = roll_odds(priced.table.dice, priced.table.rolls)
            for code, q in priced.chances(odds).items():
                results[code] = results.get(code, 0.0) + p * q
    return Spread(
        untried,
        sum(sum(pools[pid]) for pid in set(wanted)),
        {k: columns[k] for k in sorted(columns, key=order.__getitem__)},
        dict(sorted(results.items(), key=lambda kv: -kv[1])),
        combinations(pools, wanted) <= SAMPLES,
    )


def paper_spread(
    title: Title,
    table: CombatTable,
    attack: Fraction,
    defense: Fraction,
    untried: Mapping[str, list[str]],
    shift: int = 0,
    defense_times: Fraction = Fraction(1),
    seen: Sequence[str] = (),
) -> Spread:
    """A paper game's :class:`Spread`: known strengths plus untried units drawn from their
    pools' printed mix (less the faces ``seen``, by label), the defense total multiplied as
    terrain does, the net ``shift``: what ``wargame crt --untried-defender`` prints.
    ``untried`` maps "attacker" and "defender" to one pool id per untried unit."""

    doc = title.counters.get("pools", {})
    wanted = [*untried.get("attacker", []), *untried.get("defender", [])]
    sides = ["attacker"] * len(untried.get("attacker", [])) + ["defender"] * len(
        untried.get("defender", [])
    )
    for pid in wanted:
        if pid not in doc:
            raise ValueError(f"{title.id} has no pool {pid!r} (pools: {', '.join(doc) or 'none'})")
    pools = {pid: [int(f.get("count", 1)) for f in doc[pid]["faces"]] for pid in set(wanted)}
    for label in seen:
        found = [
            (pid, i)
            for pid in pools
            for i, f in enumerate(doc[pid]["faces"])
            if f.get("label") == label and pools[pid][i] > 0
        ]
        if not found:
            raise ValueError(f"no face {label!r} left in the pools {', '.join(sorted(pools))}")
        pools[found[0][0]][found[0][1]] -= 1
    names = title.settings("combat")
    a_name, d_name = str(names.get("attack", "attack")), str(names.get("defense", "defense"))

    def priced() -> Iterator[tuple[Price, float]]:
        for faces, p in draws(pools, wanted):
            a, d = Fraction(attack), Fraction(defense)
            for side, pid, index in zip(sides, wanted, faces, strict=True):
                values = doc[pid]["faces"][index]["values"]
                if side == "attacker":
                    a += _fraction(values.get(a_name, 0))
                else:
                    d += _fraction(values.get(d_name, 0))
            d *= defense_times
            column = table.column(a, d, shift)
            results = {} if column.automatic is not None else dict(table.results(column))
            yield Price(a, d, table, column, [], results), p

    labels = tuple(f"{side} from {pid}" for side, pid in zip(sides, wanted, strict=True))
    return _tally(labels, pools, wanted, priced())


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


def value_names(match: Match) -> tuple[str, str]:
    """The unit values a battle's attack and defence totals are made of (the combat settings'
    ``attack`` and ``defense``, by default the values of those names)."""
    s = match.settings("combat")
    return str(s.get("attack", "attack")), str(s.get("defense", "defense"))


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
    """The battle's price as the units stand now (see the module docstring); a title whose
    combat is its own prices it itself (``wargame_price``: Dark Crusade's firefight)."""
    own = match.hook.wargame_price(match=match, battle=battle)
    if own is not None:
        return own
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
    names = dict(zip(("attack", "defense"), value_names(match), strict=True))

    def total(what: str, ids: list[str]) -> tuple[Fraction, list[Line]]:
        return apply_modifiers(match, battle, [units[i] for i in ids], what, names[what], mods)

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
