"""Seasonal Offensive weeks (PMD 5.4, 14.8) and the Soviet First Winter Offensive (5.5).

Each season a player may declare one week, in his Refit Phase, a Seasonal Offensive week
(``offensive``); the SO Record Chart (``state.ns("offensives")["chart"]``) keeps the week each
side used per season. The Axis start with turn 112 declared (their Summer 1941 offensive); the
Soviets may declare from December 1941 (turn 123); the Axis never in the 1941/42 winter nor after
August 1943 (turn 316).

While a side's week runs its state var (``axis_seasonal_offensive`` / ``soviet_seasonal_offensive``)
names it, until the next Weather Phase (the next week) starts. The overrun mechanic reads the var
(``title.json``): a German Mech MA costs 6 MP, not 7 (cavalry stays 4), and a failed Axis MA may
go on (14.8), this module saying how: only the units of that MA, again against the same hex, a
second time at most, Mech units still with 12 MF and cavalry with 8; otherwise they stay in the
launch hex, their movement over.

A Soviet offensive declared in the 1941/42 winter starts the First Winter Offensive (5.5,
``first_winter_offensive`` in this module's namespace, gone after turn 204): a Soviet attack on
a hex north of the N/S line, all attackers in offensive supply, shifts 1R outside the 13.5 cap."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import movement
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .losses import offensive_supply
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 5.4"
SEASONS = (
    ("summer-1941", 112, 116),
    ("fall-1941", 117, 122),
    ("winter-1941", 123, 204),
    ("spring-1942", 205, 210),
    ("summer-1942", 211, 216),
    ("fall-1942", 217, 222),
    ("winter-1942", 223, 304),
    ("spring-1943", 305, 310),
    ("summer-1943", 311, 316),
    ("fall-1943", 317, 322),
    ("winter-1943", 323, 404),
    ("spring-1944", 405, 407),
)
"""5.4 and the SO Record Chart: each season's turns (YNN)."""
SOVIET_FIRST = 123
"""5.4: the Soviets' first Seasonal Offensive week is in December 1941."""
AXIS_LAST = 316
"""5.4: no Axis Seasonal Offensive after August 1943."""
FIRST_WINTER_END = 204
"""5.5: the First Winter Offensive's effects last through turn 204."""
FULL_MF = {"mech": 12, "cavalry": 8}
"""14.8 (5.4): the MF a unit still needs to join the second round."""


def var(side: str) -> str:
    """The state var naming ``side`` while its Seasonal Offensive week runs."""
    return f"{side}_seasonal_offensive"


def season(turn: int) -> str:
    for name, first, last in SEASONS:
        if first <= turn <= last:
            return name
    raise ValueError(f"turn {turn} is in no season")


def chart(match: Match) -> dict[str, dict[str, str]]:
    """The SO Record Chart: side -> season -> the week declared ("YNN.W"). Read only."""
    found = match.state.plugins.get("offensives", {}).get("chart")
    return found if found is not None else {AXIS: {}, SOVIET: {}}


def _record(match: Match, side: str, turn: int, week: int) -> None:
    ns: dict[str, Any] = match.state.ns("offensives")
    ns.setdefault("chart", {AXIS: {}, SOVIET: {}})[side][season(turn)] = f"{turn}.{week}"


def active(match: Match, side: str) -> bool:
    return match.state.vars.get(var(side)) == side


def first_winter(match: Match) -> bool:
    """The Soviet First Winter Offensive is on (5.5)."""
    return bool(match.state.ns("offensives").get("first_winter_offensive"))


def week(match: Match) -> int:
    leaf = match.phase
    return 2 if leaf is not None and leaf.spec.id.startswith("w2") else 1


def problem(match: Match, side: str) -> str | None:
    """Why ``side`` may not declare this week a Seasonal Offensive week (5.4), or None."""
    turn = ynn(match)
    name = season(turn)
    if name in chart(match)[side]:
        return (
            f"one Seasonal Offensive week a season: {name} was {chart(match)[side][name]} ({RULE})"
        )
    if side == SOVIET and turn < SOVIET_FIRST:
        return f"the Soviets' first Seasonal Offensive week is in December 1941 ({RULE})"
    if side == AXIS and (name == "winter-1941" or turn > AXIS_LAST):
        return f"no Axis Seasonal Offensive in the 1941/42 winter or after August 1943 ({RULE})"
    return None


def declare(match: Match, side: str) -> None:
    turn = ynn(match)
    _record(match, side, turn, week(match))
    match.state.vars[var(side)] = side
    text = f"{side} declares turn {turn} week {week(match)} a Seasonal Offensive week"
    if side == SOVIET and season(turn) == "winter-1941":
        match.state.ns("offensives")["first_winter_offensive"] = True  # 5.5
        text += "; the Soviet First Winter Offensive begins (PMD 5.5)"
    match.emit("offensive", text, RULE, side=side)
    match.touch()


class Offensive(Verb):
    """``offensive``: in his Refit Phase the player declares this week his Seasonal Offensive
    week (5.4)."""

    name = "offensive"
    kinds = ("refit",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if not active(match, decision.side) and problem(match, decision.side) is None:
            yield Action("offensive", ())

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "usage: offensive"
        if active(match, decision.side):
            return f"this week is already a Seasonal Offensive week ({RULE})"
        return problem(match, decision.side)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        declare(match, decision.side)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Offensive()]


@hookimpl
def wargame_setup(match: Match) -> None:
    """5.4: the Axis start with turn 112's only week declared (their Summer 1941 offensive)."""
    if ynn(match, int(match.scenario.get("first_turn", 1))) == 112:
        _record(match, AXIS, 112, 1)
        match.state.vars[var(AXIS)] = AXIS


@on_phase("start", ids=("w1-weather", "w2-weather"))
def new_week(match: Match, phase: PhaseSpec) -> None:
    """A new week (its Weather Phase) ends the last week's Seasonal Offensive (5.4)."""
    v = match.state.vars
    now = f"{ynn(match)}.{2 if phase.id == 'w2-weather' else 1}"
    for side in (AXIS, SOVIET):
        if v.get(var(side)) and chart(match)[side].get(season(ynn(match))) != now:
            del v[var(side)]
            match.emit("offensive", f"{side}'s Seasonal Offensive week is over", RULE)
            match.touch()


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Turn 205 ends the First Winter Offensive (5.5), at the first phase after it."""
    v = match.state.ns("offensives")
    if v.get("first_winter_offensive") and ynn(match) > FIRST_WINTER_END:
        del v["first_winter_offensive"]
        match.emit("offensive", "the Soviet First Winter Offensive is over", "PMD 5.5")


@hookimpl
def wargame_status_lines(match: Match, side: str | None, view: Any) -> list[str]:
    """The SO Record Chart and the week's offensive (public, 5.4)."""
    lines = []
    for who in (AXIS, SOVIET):
        used = ", ".join(f"{k} {w}" for k, w in chart(match)[who].items()) or "none"
        now = " (this week is one)" if active(match, who) else ""
        lines.append(f"{who} Seasonal Offensive weeks: {used}{now} (PMD 5.4)")
    if first_winter(match):
        lines.append("Soviet First Winter Offensive through turn 204 (PMD 5.5)")
    return lines


# ------------------------------------------------------------------ 14.8: the second round


def _assaults(match: Match) -> dict[str, list[Any]]:
    """unit -> [phase key, target, rounds] of its mobile assaults this phase."""
    ns: dict[str, Any] = match.state.ns("offensives")
    return ns.setdefault("ma", {})


def _last(match: Match, unit: Unit) -> tuple[str, int] | None:
    """The target and rounds of the unit's MAs this phase, or None (reads only: vetoes ask)."""
    entry = match.state.plugins.get("offensives", {}).get("ma", {}).get(unit.id)
    return (entry[1], entry[2]) if entry and entry[0] == phase_key(match) else None


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    if battle.kind != "overrun" or not battle.attackers:
        return
    book = _assaults(match)
    for uid in battle.attackers:
        unit = match.state.units[uid]
        before = _last(match, unit)
        rounds = before[1] + 1 if before and before[0] == battle.target else 1
        book[uid] = [phase_key(match), battle.target, rounds]


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """The MA records of 14.8 last the phase."""
    if "ma" in match.state.plugins.get("offensives", {}):
        del match.state.plugins["offensives"]["ma"]


def _failed(match: Match, unit: Unit) -> str | None:
    """The hex the unit's last MA this phase failed to clear (it stands elsewhere), or None."""
    last = _last(match, unit)
    return last[0] if last and unit.loc != last[0] else None


def second_round_problem(match: Match, units: list[Unit], target: str) -> str | None:
    """Why these units may not make 14.8's second MA on ``target``, or None (None also when
    none of them failed an MA this phase)."""
    failed = {_failed(match, u) for u in units} - {None}
    if not failed:
        return None
    if len({_failed(match, u) for u in units}) > 1 or failed != {target}:
        return "the second round is only by the units of the failed MA against the same stack (PMD 14.8)"
    if any((_last(match, u) or ("", 0))[1] >= 2 for u in units):
        return "a mobile assault has at most 2 rounds (PMD 14.8)"
    for unit in units:
        kind = match.unit_type(unit)
        need = FULL_MF["cavalry"] if "cavalry" in kind.get("tags", ()) else FULL_MF["mech"]
        if movement.allowance(match, unit) < need * movement.scale(match):
            return f"{unit.id} has lost MF to step losses and halts (PMD 5.4, 14.8)"
    return None


@hookimpl
@veto_scope(verbs=("overrun",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    args = action.args
    if len(args) < 5 or args[1] != "with" or args[0] not in match.topology:
        return None
    units = [match.state.units[i] for i in args[2].split(",") if i in match.state.units]
    return second_round_problem(match, units, args[0])


def _any_failed(match: Match, ids: str) -> bool:
    """Whether a unit of ``ids`` (a move's actor: "id,id") failed an MA this phase (14.8)."""
    units = [match.state.units[i] for i in ids.split(",") if i in match.state.units]
    return any(_failed(match, u) is not None for u in units)


def _move_concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    # asked once per actor: the veto below is then asked only about a stack with a failed MA
    return _any_failed(match, actor)


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("move",), kinds=("movement",), concerns=_move_concerns)
def veto_move(match: Match, decision: Decision, action: Action) -> str | None:
    """14.8: a stack whose MA failed stays in its launch hex (unless it assaults again)."""
    if action.args and _any_failed(match, action.args[0]):
        return (
            "after a failed mobile assault the stack ends its movement in its launch hex (PMD 14.8)"
        )
    return None


# ------------------------------------------------------------------ 5.5: the first winter


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """5.5(1): 1R for a Soviet PA or MA north of the N/S line, every attacker in offensive
    supply, outside the 13.5 cap."""
    if not first_winter(match) or not battle.attackers:
        return []
    units = [match.state.units[i] for i in battle.attackers]
    if units[0].side != SOVIET or battle.target in match.topology.region("south"):
        return []
    if not all(offensive_supply(match, u) for u in units):
        return []
    return [Shift.right(1, "the Soviet First Winter Offensive", "PMD 5.5")]
