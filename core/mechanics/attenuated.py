"""Attenuated supply beyond a supply line (LWE 7.4, PMD 8.8): before a battle of one side is
fought, that side rolls on an attenuated-supply table when the attack reaches beyond the line;
the result moves the odds left or leaves them (never right).

When an attack consults the table (``mechanic_options.attenuated-supply``):

- ``beyond`` "attackers" (LWE 7.4): any attacking unit stands in ``region`` (east of the GAS
  Line); "target" (PMD 8.8): the attacked location is in ``region``.
- On the turns ``everywhere`` matches (LWE 7.4: the four August turns) every attack of the side
  consults it, wherever it is.
- Never once the state variable ``ignored_var`` is set (LWE 7.5: a completed Paulus Pause frees
  the German of the line), nor from ``until_turn`` on (PMD 8.7: the line is gone on turn 205).
- Units out of supply (flag ``oos``) and units the supply-concentration mechanic has marked are
  freed of the line (LWE 7.6, PMD 8.8, 8.9): only the other attackers count, and an attack with
  none of them does not consult it.

The table is a title document (``table``, kind table) whose ``entries`` hold ``results`` (the
modified roll -> columns left; a roll beyond the listed ones reads the nearest) and
``modifiers``: ``{ID: {"drm", "reason", "rule", "turns": [first, last]?, "tags": [...]?,
"all_outside": bool?, "var": NAME?}}``, each applying on the turns and calendar tags it names,
when every counted attacker is outside the region (``all_outside``, LWE 7.4's August -1), or while
a state variable is set (``var``, PMD 8.10's shorter pauses). The roll is made once, as the last
step before the battle is fought (``wargame_battle_start``), and kept in ``battle.extra``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.state import Unit

REQUIRES = {"combat": "the table is rolled before a battle the combat mechanic fights"}
"""Mechanics this one needs in the same title (checked at load)."""

EXTRA = "attenuated"
"""The key in ``battle.extra`` that keeps the roll and its shift."""


class Modifier(BaseModel):
    """One die-roll modifier printed beneath the table."""

    model_config = ConfigDict(extra="forbid")
    drm: int
    reason: str
    rule: str | None = None
    turns: tuple[int, int] | None = None
    tags: list[str] = Field(default_factory=list)
    all_outside: bool = False
    var: str | None = None


class Table(BaseModel):
    """The attenuated-supply table's entries."""

    model_config = ConfigDict(extra="allow")
    results: dict[int, int]
    modifiers: dict[str, Modifier] = Field(default_factory=dict)


def settings(match: Match) -> dict[str, Any]:
    return match.settings("attenuated-supply")


def table(match: Match) -> Table:
    key = ("attenuated-table",)
    found = match.cache.get(key)
    if found is None:
        doc = match.title.doc(settings(match).get("table", "gast"))
        found = match.cache[key] = Table.model_validate(doc["entries"])
    return found


def _rule(match: Match) -> str | None:
    return settings(match).get("rule")


def _tags(match: Match) -> set[str]:
    entry = match.title.doc("calendar")["turns"].get(str(match.turn), {})
    return set(entry.get("tags", ()))


def _when(match: Match, turns: Any, tags: list[str]) -> bool:
    if turns is not None and not int(turns[0]) <= match.turn <= int(turns[1]):
        return False
    return set(tags) <= _tags(match)


def beyond(match: Match, loc: str | None) -> bool:
    """Whether ``loc`` lies beyond the line (in the settings' region)."""
    if loc is None or loc not in match.topology:
        return False
    region = settings(match)["region"]
    key = ("attenuated-region", region)
    found = match.cache.get(key)
    if found is None:
        found = match.cache[key] = frozenset(match.topology.region(region))
    return loc in found


def freed(match: Match, unit: Unit) -> bool:
    """Out of supply (no table: it may not attack, or attacks unsupplied, PMD 8.8) or carrying a
    supply-concentration marker (LWE 7.6, PMD 8.9)."""
    if unit.flags.get("oos"):
        return True
    if "supply-concentration" in match.title.manifest.mechanics:
        from wargame.mechanics import concentration

        return concentration.selected(match, unit)
    return False


def line_ignored(match: Match) -> bool:
    s = settings(match)
    if s.get("ignored_var") and match.state.vars.get(s["ignored_var"]):
        return True
    return s.get("until_turn") is not None and match.turn >= int(s["until_turn"])


def consults(match: Match, battle: Battle) -> tuple[bool, list[Unit]]:
    """Whether this battle consults the table, and the attackers that count."""
    s = settings(match)
    units = match.state.units
    attackers = [units[i] for i in battle.attackers if i in units]
    if not attackers or attackers[0].side != s["side"] or line_ignored(match):
        return False, []
    if battle.kind not in s.get("kinds", ["attack", "overrun"]):
        return False, []
    counted = [u for u in attackers if not freed(match, u)]
    if not counted:
        return False, []
    everywhere = s.get("everywhere")
    if everywhere and _when(match, everywhere.get("turns"), everywhere.get("tags", [])):
        return True, counted
    if s.get("beyond", "attackers") == "target":
        targets = battle.extra.get("targets", [battle.target])
        return any(beyond(match, t) for t in targets), counted
    return any(beyond(match, u.loc) for u in counted), counted


def drm(match: Match, counted: list[Unit]) -> tuple[int, list[str]]:
    """The sum of the modifiers that apply now, and their reasons."""
    total, why = 0, []
    outside = not any(beyond(match, u.loc) for u in counted)
    for mod in table(match).modifiers.values():
        if not _when(match, mod.turns, mod.tags):
            continue
        if mod.all_outside and not outside:
            continue
        if mod.var and not match.state.vars.get(mod.var):
            continue
        total += mod.drm
        why.append(f"{mod.drm:+d} {mod.reason}")
    return total, why


def columns(match: Match, total: int) -> int:
    results = table(match).results
    low, high = min(results), max(results)
    return results[min(max(total, low), high)]


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """Roll on the table as the last step before the battle (LWE 7.4)."""
    does, counted = consults(match, battle)
    if not does:
        return
    rule = _rule(match)
    roll = match.roll(settings(match).get("dice", "1d6"), f"{battle.id}: attenuated supply", rule)
    mod, why = drm(match, counted)
    left = columns(match, roll + mod)
    battle.extra[EXTRA] = {"roll": roll, "drm": mod, "why": why, "left": left}
    detail = f"{roll}{mod:+d}={roll + mod}" + (f" ({'; '.join(why)})" if why else "")
    match.emit(
        "attenuated-supply",
        f"{battle.id}: attenuated supply roll {detail}: "
        + (f"{left} column(s) left" if left else "no change"),
        rule,
        battle=battle.id,
    )


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    found = battle.extra.get(EXTRA)
    if not found or not found["left"]:
        return []
    return [Shift(-int(found["left"]), "attenuated supply", _rule(match))]
