"""Victory (PMD 4.0-4.5): the Axis VP total from controlled VP hexes (4.5.1), the S/A check of
the victory-check turns (4.5), the one Moscow roll before turn 205 (4.4) and the end on 407.

4.3: a side with a unit not in ISO on its goal edge (the Axis on an eastern map edge hex, the
Soviets in a ZOMO hex) cannot lose that turn: a win against it is a draw (ruling V3).

4.5.2(1): at each victory check from turn 112 to 124 the Axis loses 1 VP per Soviet unit in the
Germany ZOMO; 4.5.2(7): at the last one (turn 407), 1 VP per ZOMO hex held by a supplied Soviet
unit (8.2). Both are kept in ``vars.axis_vp``.

Not built yet (RULINGS.md, Status): the other VP changes of 4.5.2 (2)-(6) and the oil-centre
rolls (4.6)."""

from __future__ import annotations

from typing import Any

from wargame.calendar import turn_spec
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec

from .turns import AXIS, SOVIET, ynn

MOSCOW = ("4120", "4219")
MOSCOW_ROLL_CITIES = ("Leningrad", "Kiev", "Rostov", "Astrakhan")
"""4.4: each of these Axis-owned takes 1 off the Moscow roll."""
SAFE_REGIONS = {
    AXIS: ("edge:east",),
    SOVIET: ("country:greater-germany", "country:hungary", "country:romania", "country:slovakia"),
}
"""4.3: where a unit not in ISO keeps its side from losing: the eastern map edge (Axis); the
ZOMO, the hexes between the Soviet border and the OKH areas (Soviet; ruling V3)."""


def cannot_lose(match: Match, side: str) -> bool:
    """4.3: a unit of ``side`` not in ISO (8.3) stands in its side's safe hexes."""
    safe = set(match.resolve_locations(list(SAFE_REGIONS[side])))
    return any(u.loc in safe and not u.flags.get("iso") for u in match.units_of(side))


def win(match: Match, winner: str, level: str, text: str, rule: str) -> None:
    """End the game with ``winner``'s win, or a draw when the loser cannot lose (4.3)."""
    loser = SOVIET if winner == AXIS else AXIS
    if cannot_lose(match, loser):
        match.end_game(None, "draw", f"{text}, but the {loser} side cannot lose", "PMD 4.3")
    else:
        match.end_game(winner, level, text, rule)


def _vp_hexes(match: Match) -> dict[str, int]:
    return {
        h: int(e["attrs"]["vp"])
        for h, e in match.title.doc("map")["hexes"].items()
        if "vp" in e.get("attrs", {})
    }


def axis_vp(match: Match) -> int:
    """4.5.1: the Axis holds a VP hex's value while it controls it; Moscow's 9 needs both hexes
    (4.4); plus the running changes of 4.5.2 kept in ``vars.axis_vp``."""
    control = match.state.control
    total = int(match.state.vars.get("axis_vp", 0))
    for hex_id, value in _vp_hexes(match).items():
        if hex_id in MOSCOW:
            continue
        if control.get(hex_id) == AXIS:
            total += value
    if all(control.get(h) == AXIS for h in MOSCOW):
        total += 9
    return total


def _city_hex(match: Match, name: str) -> str | None:
    for hex_id, entry in match.title.doc("map")["hexes"].items():
        if entry.get("name") == name:
            return hex_id
    return None


def moscow_roll(match: Match) -> None:
    """4.4: before turn 205, the first time the Axis owns both Moscow hexes, one roll: 1 or 2
    after -1 per Axis-owned Leningrad, Kiev, Rostov and Astrakhan wins (ruling V1: 0 or less
    wins too). Only one roll a game."""
    v = match.state.vars
    if v.get("moscow_rolled") or ynn(match) >= 205:
        return
    if not all(match.state.control.get(h) == AXIS for h in MOSCOW):
        return
    v["moscow_rolled"] = True
    owned = [
        c for c in MOSCOW_ROLL_CITIES if match.state.control.get(_city_hex(match, c) or "") == AXIS
    ]
    roll = match.roll("1d6", "Moscow sudden death", "PMD 4.4")
    final = roll - len(owned)
    text = f"Moscow roll {roll} - {len(owned)} ({', '.join(owned) or 'none'}) = {final}"
    if final <= 2:
        win(match, AXIS, "sudden death", text + ": the Axis wins", "PMD 4.4")
    else:
        match.emit("victory", text + ": the war goes on", rule="PMD 4.4")


@hookimpl(trylast=True)  # after the control mechanic has taken the hex
def wargame_moved(match: Match, units: list[Any], path: list[str]) -> None:
    if match.state.cursor.stage != "over" and any(h in MOSCOW for h in path):
        moscow_roll(match)


GERMANY_ZOMO = "country:greater-germany"
LAST_TURN = 407


def zomo_penalties(match: Match) -> None:
    """4.5.2(1) on turns 112-124: -1 VP per Soviet unit in the Germany ZOMO; 4.5.2(7) on turn
    407: -1 VP per ZOMO hex with a supplied Soviet unit."""
    n = ynn(match)
    lost, why = 0, ""
    if n <= 124:
        germany = set(match.resolve_locations([GERMANY_ZOMO]))
        lost = sum(1 for u in match.units_of(SOVIET) if u.loc in germany)
        why = f"{lost} Soviet unit(s) in the Germany ZOMO"
        rule = "PMD 4.5.2(1)"
    elif n == LAST_TURN:
        zomo = set(match.resolve_locations(list(SAFE_REGIONS[SOVIET])))
        held = {
            u.loc
            for u in match.units_of(SOVIET)
            if u.loc in zomo
            and (match.hook.wargame_supply(match=match, unit=u) or {}).get("state") == "supplied"
        }
        lost, why, rule = (
            len(held),
            f"{len(held)} ZOMO hex(es) held by supplied Soviet units",
            ("PMD 4.5.2(7)"),
        )
    if lost:
        match.state.vars["axis_vp"] = int(match.state.vars.get("axis_vp", 0)) - lost
        match.emit("victory", f"Axis loses {lost} VP: {why}", rule)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    if phase.id != "victory-check" or match.state.cursor.stage == "over":
        return
    zomo_penalties(match)
    soviet_at, axis_at = turn_spec(match)["values"].get("vp", [None, None])
    vp = axis_vp(match)
    if axis_at is not None and vp >= axis_at:
        win(match, AXIS, "victory points", f"Axis VP {vp} >= {axis_at}", "PMD 4.5")
    elif soviet_at is not None and vp <= soviet_at:
        win(match, SOVIET, "victory points", f"Axis VP {vp} <= {soviet_at}", "PMD 4.5")


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    """After turn 407 with no winner: a draw (4.5.2's historical end, 4 VP, is one)."""
    return {
        "winner": None,
        "level": "draw",
        "text": f"turn 407 is over; Axis VP {axis_vp(match)}",
        "rule": "PMD 1.4, 4.5",
    }
