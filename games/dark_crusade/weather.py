"""Weather and Luftwaffe strength (6.0.A, 7.0): the month fixes the weather for seven months of
the year; a die rolled in March sets March to May and one rolled in October sets October and
November (7.A notes a, d). The column rolled also picks the German air units of a split entry
(note b). May 1941 of an early start rolls weather per assaulted point instead (3.A).

Everything lives in ``state.vars`` so a view shows it: ``weather`` (this turn: weather, column,
air units), ``weather_rolls`` (the March and October rolls by year), ``point_weather`` (3.A
rolls by point) and ``air_1944`` (the two turns chosen under note c).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

GOOD, MUD, SNOW = "good", "mud", "snow"
NS = "dc-weather"  # this module's state (state.ns)
WEATHER = "weather"  # vars: this turn's weather, column and air units
ROLLS = "weather_rolls"  # NS: {"<year>-<roll month>": {"roll": n, "column": 0|1}}
POINTS = "point_weather"  # vars: {turn: {point: "good"|"mud"}} (3.A)
AIR_1944 = "air_1944"  # NS: the two consecutive Good turns with 1 air unit (note c)
COLUMNS = ("A", "B")


def _entries(match: Match) -> dict[str, Any]:
    return U.table(match, "weather")


def _roll_month(match: Match, month: int) -> str | None:
    """The month whose roll decides ``month`` (3 for March-May, 10 for October-November)."""
    for start, spec in _entries(match)["rolls"].items():
        if start.isdigit() and month in spec["sets"]:
            return start
    return None


def first_turn(match: Match) -> int:
    return int(match.scenario.get("first_turn", 1))


def early_start(match: Match) -> bool:
    return bool(match.state.vars.get("early_start", first_turn(match) == 0))


def is_may_1941(match: Match, turn: int | None = None) -> bool:
    return U.date(match, turn) == (1941, 5)


def column(match: Match, turn: int | None = None) -> int:
    """0 (column A) or 1 (column B) of the weather table for a turn. Constant months read
    column A; May 1941 reads column B (ruling P1: no March 1941 roll; note e's 3 air units)."""
    year, month = U.date(match, turn)
    if (year, month) == (1941, 5):
        return 1
    start = _roll_month(match, month)
    if start is None:
        return 0
    found = match.state.ns(NS).get(ROLLS, {}).get(f"{year}-{start}")
    return int(found["column"]) if found else 0


def weather_of(match: Match, turn: int | None = None) -> str:
    _year, month = U.date(match, turn)
    return str(_entries(match)[str(month)]["weather"][column(match, turn)])


def current(match: Match) -> str:
    """This turn's weather: "good", "mud" or "snow" (7.A)."""
    return weather_of(match)


def _table_air(match: Match, turn: int | None = None) -> int:
    year, month = U.date(match, turn)
    row = _entries(match)[str(month)]["air"].get(str(year))
    return int(row[column(match, turn)]) if row else 0


def air_available(match: Match) -> int:
    """German air units this turn (7.A): the table by year and column, 4 on June 1941 of a June
    game (5.A, note e), and at least 1 on the two Good 1944 turns chosen under note c."""
    turn = match.turn
    air = _table_air(match, turn)
    if U.date(match, turn) == (1941, 6) and turn == first_turn(match):
        air += 1  # 5.A: the bonus air unit, first turn of a June game only
    chosen = match.state.ns(NS).get(AIR_1944, {}).get("turns", [])
    if turn in chosen and weather_of(match, turn) == GOOD:
        air = max(air, 1)
    return air


def winter_4142(match: Match) -> bool:
    """A Snow turn of the 1941/42 winter (7.B.1, 7.B.3): November 1941 to March 1942 (ruling
    P2: a Snow November 1941, column A of the October roll, is a winter turn)."""
    year, month = U.date(match)
    in_winter = (year == 1941 and month >= 11) or (year == 1942 and month <= 3)
    return in_winter and current(match) == SNOW


def point_weather(match: Match, loc: str) -> str:
    """The weather at a point: the 3.A roll made for it this turn if any, else the turn's."""
    found = match.state.vars.get(POINTS, {}).get(str(match.turn), {}).get(loc)
    return str(found) if found else current(match)


def roll_point_weather(match: Match, loc: str) -> str:
    """3.A: in May 1941 of an early start, each point under assault rolls after operational
    movement and before combat: even Good, odd Mud. Rolled once per point and cached; any
    other turn this is the turn's weather and rolls nothing."""
    if not (is_may_1941(match) and early_start(match)):
        return current(match)
    turn_rolls = match.state.vars.setdefault(POINTS, {}).setdefault(str(match.turn), {})
    if loc in turn_rolls:
        return str(turn_rolls[loc])
    roll = match.roll("1d6", f"May 1941 weather at {loc}", "DC 3.A")
    found = GOOD if roll % 2 == 0 else MUD
    turn_rolls[loc] = found
    match.emit(
        "weather", f"{loc}: {found} (May 1941 roll {roll})", "DC 3.A", loc=loc, weather=found
    )
    return found


def roll_season(match: Match) -> None:
    """7.A notes a, d: the March and October rolls (also made late if a match starts inside
    the months a roll covers)."""
    year, month = U.date(match)
    start = _roll_month(match, month)
    if start is None or (year, month) == (1941, 5):
        return
    rolls = match.state.ns(NS).setdefault(ROLLS, {})
    key = f"{year}-{start}"
    if key in rolls:
        return
    spec = _entries(match)["rolls"][start]
    note = "note a" if start == "3" else "note d"
    roll = match.roll("1d6", f"weather roll for {U.label(match)}", f"DC 7.A {note}")
    col = 0 if roll in spec["column_a"] else 1
    rolls[key] = {"roll": roll, "column": col}
    months = ", ".join(_entries(match)[str(m)]["month"] for m in spec["sets"])
    chain = ", ".join(str(_entries(match)[str(m)]["weather"][col]) for m in spec["sets"])
    match.emit(
        "weather",
        f"weather column {COLUMNS[col]} for {months} {year}: {chain}",
        f"DC 7.A {note}",
        roll=roll,
        column=COLUMNS[col],
    )


def record(match: Match) -> dict[str, Any]:
    """Write this turn's weather into ``state.vars`` (what views and the log show)."""
    w = current(match)
    found = {
        "turn": match.turn,
        "date": U.label(match),
        "weather": w,
        "column": COLUMNS[column(match)],
        "air": air_available(match),
        "rule": "DC 7.A",
    }
    if is_may_1941(match) and early_start(match):
        found["per_point"] = True  # 3.A: assaulted points roll their own weather
    match.state.vars[WEATHER] = found
    return found


# ----------------------------------------------------------------------------- note c (1944)


def air_1944_problem(match: Match) -> str | None:
    year, _month = U.date(match)
    if year != 1944:
        return "note c applies only in 1944 (DC 7.A note c)"
    if AIR_1944 in match.state.ns(NS):
        taken = match.state.ns(NS)[AIR_1944]["turns"]
        return f"note c was already used for turns {taken[0]} and {taken[1]} (DC 7.A note c)"
    if current(match) != GOOD:
        return "note c turns must be Good weather turns (DC 7.A note c)"
    if U.date(match, match.turn + 1)[0] != 1944:
        return "no second 1944 turn follows this one (DC 7.A note c)"
    return None


class Air1944(Verb):
    """``air-1944``: the Axis declares this turn and the next the two consecutive Good 1944
    turns with 1 German air unit (7.A note c; ruling P3: declared in the Axis R/RP of the first
    of them; the second counts only if its weather is Good)."""

    name = "air-1944"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side == U.AXIS and air_1944_problem(match) is None:
            yield Action(self.name)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "usage: air-1944"
        if decision.side != U.AXIS:
            return "only the Axis player uses note c (DC 7.A note c)"
        return air_1944_problem(match)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        turns = [match.turn, match.turn + 1]
        match.state.ns(NS)[AIR_1944] = {"turns": turns}
        match.emit(
            "weather",
            f"Axis chooses turns {turns[0]} and {turns[1]} for 1 German air unit",
            "DC 7.A note c",
            turns=turns,
        )
        record(match)


# ----------------------------------------------------------------------------- hooks


@on_phase("start", ids=("weather",))
def weather_starts(match: Match, phase: PhaseSpec) -> None:
    roll_season(match)
    found = record(match)
    extra = " (assaulted points roll their own weather, 3.A)" if found.get("per_point") else ""
    match.emit(
        "weather",
        f"{found['date']}: {found['weather']}, {found['air']} German air unit(s){extra}",
        "DC 7.A",
        weather=found["weather"],
        air=found["air"],
    )


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Air1944()]
