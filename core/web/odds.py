"""Odds before an attack: the column a battle would fall on, with its explanation, found without
rolling and without revealing anyone.

A player weighs an attack before making it, so the page shows the column first. The kernel's
combat mechanic only finds a column while resolving a battle (it reveals, then rolls), so this
module does the same arithmetic on a battle that is never fought: the title's strength modifiers
and column shifts (its hooks), the mechanic's totals (:func:`~wargame.mechanics.combat.
apply_modifiers`) and the title's table (:func:`~wargame.combat.build_table` through the
mechanic's table choice). A hook may record things on the units it is asked about (a leader
joining the attack, PGG 10.26), so the match state is put back exactly when a hook changed it.

A battle with an untried unit (strength drawn only at the instant of combat, PGG 12.2) or a unit
concealed from the asking side has no column yet: the answer is "?" and names no hidden value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from wargame.actions import Action
from wargame.combat import Column, Modifier, Shift, explain
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.state import State, Unit

UNKNOWN = "?"


def supported(match: Match) -> bool:
    """Whether the title's ``attack`` verb is the kernel's combat mechanic (whose arithmetic
    this module repeats); a title with its own attack verb gets no preview."""
    return isinstance(match.verbs.get("attack"), combat.Attack)


@contextmanager
def untouched(match: Match) -> Iterator[None]:
    """Run hooks on the live match, then put its state back if any of them changed it."""
    before = match.state.to_json()
    digest = match.state_hash()
    try:
        yield
    finally:
        if match.state_hash() != digest:
            match.state = State.from_json(before)
            match._reindex()  # the location index follows the restored units
            match.touch()


def _number(value: Fraction | float) -> int | float:
    value = Fraction(value) if not isinstance(value, Fraction) else value
    return int(value) if value.denominator == 1 else float(value)


def unknown_units(match: Match, units: list[Unit], side: str | None) -> list[str]:
    """Why these units' strengths are not known to ``side`` yet, one line each, naming only
    what the side may see."""
    out = []
    for unit in units:
        if side is not None and side in unit.hidden_from:
            out.append(f"a concealed {unit.side} unit: its strength is not known")
        elif match.is_untried(unit):
            out.append(f"{unit.id} is untried: its strength is drawn at the instant of combat")
    return out


def attack_odds(match: Match, action: Action, side: str | None) -> dict[str, Any]:
    """The odds of a legal ``attack TARGET[,TARGET] with UNIT[,UNIT...]`` as ``side`` sees it:
    column label (or "?"), the full explanation, and the result for every roll."""
    targets, ids = action.args[0].split(","), action.args[2].split(",")
    units = match.state.units
    attackers = [units[i] for i in ids]
    defenders = [u for loc in targets for u in match.units_at(loc)]
    out: dict[str, Any] = {
        "action": str(action),
        "targets": targets,
        "attackers": ids,
        "defenders": [u.id if side not in u.hidden_from else UNKNOWN for u in defenders],
        "column": UNKNOWN,
        "known": False,
        "automatic": None,
        "attack": None,
        "defense": None,
        "summary": "",
        "explanation": [],
        "results": {},
    }
    hidden = unknown_units(match, attackers + defenders, side)
    if hidden:
        out["summary"] = "odds unknown until combat"
        out["explanation"] = hidden
        return out
    if not supported(match):
        out["summary"] = "this title resolves attacks its own way: no preview"
        return out
    with untouched(match):
        out.update(_column(match, attackers, defenders, targets))
    return out


def _column(
    match: Match, attackers: list[Unit], defenders: list[Unit], targets: list[str]
) -> dict[str, Any]:
    """The arithmetic of :func:`wargame.mechanics.combat.resolve`, stopping before the roll."""
    battle = Battle(
        "preview",
        [u.id for u in attackers],
        [u.id for u in defenders],
        targets[0],
        {u.id: u.loc or "" for u in attackers},
        "attack",
    )
    battle.extra["targets"] = targets
    mods: list[Modifier] = []
    for found in match.hook.wargame_strength_modifiers(match=match, battle=battle):
        mods.extend(found or ())
    shifts: list[Shift] = []
    for found in match.hook.wargame_combat_shifts(match=match, battle=battle):
        shifts.extend(found or ())
    s = combat.settings(match)
    units = match.state.units
    attack, alines = combat.apply_modifiers(
        match,
        battle,
        [units[i] for i in battle.attackers],
        "attack",
        s.get("attack", "attack"),
        mods,
    )
    final = combat.FINAL_ATTACK.get(battle.kind)
    if final is not None:
        attack, more = final(match, battle, attack)
        alines.extend(more)
    defense, dlines = combat.apply_modifiers(
        match,
        battle,
        [units[i] for i in battle.defenders],
        "defense",
        s.get("defense", "defense"),
        mods,
    )
    lines = [str(x) for x in (*alines, *dlines)]
    if attack <= 0 and defense <= 0:
        return {
            "summary": "no strength on either side: no combat",
            "explanation": lines,
            "attack": 0,
            "defense": 0,
        }
    table = combat.table_for(match, battle)
    column: Column = table.column(attack, defense, shifts=shifts)
    codes: Mapping[str, Any] = match.title.doc("combat-tables").get("codes", {})
    results = (
        {}
        if column.automatic is not None
        else {str(roll): code for roll, code in table.results(column).items()}
    )
    lines.extend(str(x) for x in column.explanation)
    if column.automatic is not None:
        lines.append(f"automatic {column.automatic}: no roll")
    used = [column.automatic] if column.automatic is not None else list(results.values())
    return {
        "column": column.label,
        "known": True,
        "automatic": column.automatic,
        "attack": _number(attack),
        "defense": _number(defense),
        "table": table.id,
        "dice": table.dice,
        "summary": explain(column),
        "explanation": lines,
        "results": results,
        "codes": {
            code: codes[code].get("name", code)
            for code in dict.fromkeys(used)
            if isinstance(codes.get(code), Mapping)
        },
    }
