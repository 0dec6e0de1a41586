"""The Axis 1943 Summer 2-Week Attack (PMD 5.6).

In two adjacent weeks of Summer 1943, by the end of turn 314, the Axis must attack (PA or MA)
with at least 15 Mech divisions each week. Each battle the Axis fights in turns 311-314 adds its
German Mech divisions to its week's record (``state.ns("summer-attack")``); when turn 314 is
over the record is read and goes: without two adjacent weeks of 15 the Axis loses 3 VP and every
Axis minor ally unit is removed from play."""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.models import PhaseSpec

from . import leaving, offensives, victory
from .turns import AXIS, ynn

RULE = "PMD 5.6"
FIRST, LAST = 311, 314
NEEDED = 15
MECH_DIVISIONS = ("pd", "pgd", "mid")
"""The manifest's German Mech division types (panzer, panzergrenadier and motorized infantry
divisions: the mech-mobility divisions)."""
WEEKS = [f"{t}.{w}" for t in range(FIRST, LAST + 1) for w in (1, 2)]


def record(match: Match) -> dict[str, list[str]]:
    """Week ("YNN.W") -> the Mech divisions that attacked in it. Read only."""
    found = match.state.plugins.get("summer-attack", {}).get("weeks")
    return found if found is not None else {}


def completed(weeks: dict[str, list[str]]) -> bool:
    """5.6: two adjacent weeks with at least 15 Mech divisions attacking in each."""
    full = [len(set(weeks.get(w, ()))) >= NEEDED for w in WEEKS]
    return any(a and b for a, b in zip(full, full[1:], strict=False))


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    if not battle.attackers or not FIRST <= ynn(match) <= LAST:
        return
    units = [match.state.units[i] for i in battle.attackers]
    if units[0].side != AXIS or battle.kind not in ("attack", "overrun"):
        return
    ns: dict[str, Any] = match.state.ns("summer-attack")
    week = ns.setdefault("weeks", {}).setdefault(f"{ynn(match)}.{offensives.week(match)}", [])
    for unit in units:
        if match.counter(unit)["type"] in MECH_DIVISIONS and unit.id not in week:
            week.append(unit.id)


@on_phase("start", ids=("reinforcement",))
def summer_attack_judged(match: Match, phase: PhaseSpec) -> None:
    """After turn 314: the attack made, or 3 VP and the minor allies lost (5.6); judged as the
    next turn begins, in its first phase (the Reinforcement Phase)."""
    v = match.state.ns(victory.NS)
    if ynn(match) <= LAST or v.get("summer_attack_1943") or ynn(match) > 407:
        return
    weeks = record(match)
    match.state.plugins.pop("summer-attack", None)
    if completed(weeks):
        v["summer_attack_1943"] = "made"
        match.emit("summer-attack", "the Axis made its 1943 summer 2-week attack", RULE)
        return
    v["summer_attack_1943"] = "missed"
    victory.change(match, -3, "no 1943 summer 2-week attack", "PMD 4.5.2(6)")
    gone = [
        u
        for u in match.state.units.values()
        if u.side == AXIS
        and u.loc is not None
        and "minor-ally" in match.unit_type(u).get("tags", ())
    ]
    for unit in gone:  # 7.1(11): removed from the game
        leaving.remove_from_game(match, unit)
    match.emit(
        "summer-attack",
        f"no Axis 1943 summer 2-week attack by turn {LAST}: 3 VP lost, {len(gone)} minor ally"
        " units removed from play",
        RULE,
        units=[u.id for u in gone],
    )
