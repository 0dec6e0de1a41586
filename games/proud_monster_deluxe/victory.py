"""Victory (PMD 4.0-4.6): what is Proud Monster Deluxe's own, on the shared victory mechanic.

The mechanic (``mechanic_options.victory``) keeps the Axis VP ledger: only the Axis scores
(4.5), gaining a VP hex's value when it takes control of it and losing it when the Soviets take
it back (4.5.1, control as the control mechanic keeps it: 4.2); Moscow's two hexes are one
objective worth 9, held by the Axis only with both (4.4, 4.5.1). The scenario's two threshold
conditions read the turn record's S/A pair (4.5, the calendar's ``vp`` values).

This module keeps the rest: the Victory Check Phase in the rulebook's order (4.5.2(1) and (7),
the VP check, then the oil centres of 4.6), the cannot-lose rule (4.3, ruling V3), the one Moscow
roll before turn 205 (4.4) and the other VP changes of 4.5.2: the Finnish front garrison (2),
withdrawals not made (3), the anti-partisan commitment (4, antipartisan.py calls
:func:`change`), Axis artillery lost (5) and the 1943 summer attack (6, summerattack.py).
"""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.mechanics import victory
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import supply
from .turns import AXIS, SOVIET, ynn

NS = "pmd-victory"
"""This module's own state: the Moscow roll made (4.4), the Finnish front lifted (4.5.2(2)) and
the 1943 summer attack judged (4.5.2(6), summerattack.py)."""

MOSCOW = ("4120", "4219")
MOSCOW_ROLL_CITIES = ("Leningrad", "Kiev", "Rostov", "Astrakhan")
"""4.4: each of these Axis-owned takes 1 off the Moscow roll."""
SAFE_REGIONS = {
    AXIS: ("edge:east",),
    SOVIET: ("country:greater-germany", "country:hungary", "country:romania", "country:slovakia"),
}
"""4.3: where a unit not in ISO keeps its side from losing: the eastern map edge (Axis); the
ZOMO, the hexes between the Soviet border and the OKH areas (Soviet; ruling V3)."""
GERMANY_ZOMO = "country:greater-germany"
ZOMO_407 = (GERMANY_ZOMO, "country:hungary", "country:romania")
"""4.5.2(7) counts the ZOMO hexes in Germany, Hungary or Romania only (not Slovakia's)."""
LAST_TURN = 407

LENINGRAD = "3304"
FINNISH_FRONT = ("3303", "3402", "3803", "3904", "4003", "4104", "4203", "4304")
"""4.5.2(2): the 8 Finnish front hexes the Soviets must garrison."""
FINNISH_LIFTED_BY = frozenset({LENINGRAD, "3403", *FINNISH_FRONT})
"""4.5.2(2): an Axis attack on one of these ends the garrison requirement (ruling V3's list
reading: Leningrad, hex 3403, any Finnish front hex)."""
FINNISH_FROM = (117, 2)
"""4.5.2(2): the first check is the last week of turn 117 (Sep 1&2, 1941)."""
OIL = "oil-centre"
OIL_CENTRES = 5
"""4.6: the five oil centres, all south of the Caucasus line."""


def cannot_lose(match: Match, side: str) -> bool:
    """4.3: a unit of ``side`` not in ISO (8.3) stands in its side's safe hexes."""
    safe = set(match.resolve_locations(list(SAFE_REGIONS[side])))
    return any(u.loc in safe and not u.flags.get("iso") for u in match.units_of(side))


def win(match: Match, winner: str | None, level: str, text: str, rule: str | None) -> None:
    """End the game with ``winner``'s win, or a draw when the loser cannot lose (4.3)."""
    loser = SOVIET if winner == AXIS else AXIS
    if cannot_lose(match, loser):
        match.end_game(None, "draw", f"{text}, but the {loser} side cannot lose", "PMD 4.3")
    else:
        match.end_game(winner, level, text, rule)


def axis_vp(match: Match) -> int:
    """The Axis VP total now (4.5): the mechanic's ledger, brought up to date with control."""
    victory.score_objectives(match)
    return int(match.state.vp.get(AXIS, 0))


def change(match: Match, points: int, why: str, rule: str) -> None:
    """One of 4.5.2's other VP changes to the Axis total, into the ledger."""
    victory.award(match, AXIS, points, why, rule)


def _city_hex(match: Match, name: str) -> str | None:
    for hex_id, entry in match.title.doc("map")["hexes"].items():
        if entry.get("name") == name:
            return hex_id
    return None


# ----------------------------------------------------------------------------- 4.4 Moscow


def moscow_roll(match: Match) -> None:
    """4.4: before turn 205, the first time the Axis owns both Moscow hexes, one roll: 1 or 2
    after -1 per Axis-owned Leningrad, Kiev, Rostov and Astrakhan wins (ruling V1: 0 or less
    wins too). Only one roll a game."""
    v = match.state.ns(NS)
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


# ----------------------------------------------------------------------------- 4.5.2


def zomo_penalties(match: Match) -> None:
    """4.5.2(1) on turns 112-124: -1 VP per Soviet unit in the Germany ZOMO; 4.5.2(7) on turn
    407: -1 VP per ZOMO hex with a supplied Soviet unit."""
    n = ynn(match)
    if n <= 124:
        germany = set(match.resolve_locations([GERMANY_ZOMO]))
        lost = sum(1 for u in match.units_of(SOVIET) if u.loc in germany)
        change(match, -lost, f"{lost} Soviet unit(s) in the Germany ZOMO", "PMD 4.5.2(1)")
    elif n == LAST_TURN:
        zomo = set(match.resolve_locations(list(ZOMO_407)))
        held = {
            u.loc
            for u in match.units_of(SOVIET)
            if u.loc in zomo
            and (match.hook.wargame_supply(match=match, unit=u) or {}).get("state") == "supplied"
        }
        why = f"{len(held)} ZOMO hex(es) held by supplied Soviet units"
        change(match, -len(held), why, "PMD 4.5.2(7)")


def week(match: Match) -> int:
    """The game week (1 or 2) of the current phase (5.2)."""
    leaf = match.phase
    return 2 if leaf is not None and leaf.spec.id.startswith("w2-") else 1


def finnish_neighbour(match: Match, loc: str) -> bool:
    """4.5.2(2): from the last week of turn 117 on, for all purposes an Axis unit is taken to be
    next to each of the 8 Finnish front hexes, whether the garrison requirement holds or has
    ceased (ruling V8). Read by every adjacency test that asks for an enemy next to a Soviet
    unit (reserves, RVGK entry, conversions)."""
    return loc in FINNISH_FRONT and (ynn(match), week(match)) >= FINNISH_FROM


def finnish_front_lifted(match: Match) -> bool:
    """4.5.2(2): the garrison requirement has ended (an Axis attack on Leningrad, hex 3403 or a
    Finnish front hex, or Leningrad isolated); it never comes back."""
    return bool(match.state.ns(NS).get("finnish_front_lifted"))


def lift_finnish_front(match: Match, why: str) -> None:
    if not finnish_front_lifted(match):
        match.state.ns(NS)["finnish_front_lifted"] = True
        match.emit("victory", f"Finnish front garrison requirement ends: {why}", "PMD 4.5.2(2)")


def leningrad_isolated(match: Match) -> bool:
    """Leningrad is isolated when its hex is off every Soviet line of communications (8.2;
    ruling V6)."""
    on_line, _ = supply.nets(match, SOVIET)
    return LENINGRAD not in on_line


def finnish_front(match: Match, week: int) -> None:
    """4.5.2(2), in each Soviet Cleanup Phase (of game week ``week``, 1 or 2) from the last week
    of turn 117: +1 Axis VP for the week when any of the 8 Finnish front hexes holds no Soviet
    unit."""
    if (ynn(match), week) < FINNISH_FROM or finnish_front_lifted(match):
        return
    if leningrad_isolated(match):
        lift_finnish_front(match, "Leningrad is isolated")
        return
    held = {u.loc for u in match.units_of(SOVIET)}
    empty = [h for h in FINNISH_FRONT if h not in held]
    if empty:
        why = f"Finnish front not garrisoned ({', '.join(empty)})"
        change(match, 1, why, "PMD 4.5.2(2)")


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """4.5.2(2): an Axis attack on Leningrad, hex 3403 or a Finnish front hex ends the garrison
    requirement."""
    attackers = [match.state.units[i] for i in battle.attackers]
    if battle.target in FINNISH_LIFTED_BY and attackers and attackers[0].side == AXIS:
        lift_finnish_front(match, f"the Axis attacks {battle.target}")


def withdrawals_not_made(match: Match, side: str, units: list[str]) -> None:
    """4.5.2(3): each unit a side fails to withdraw costs the Axis 1 VP (an Axis unit) or gives
    it 1 (a Soviet unit). Called by the withdrawal rules (9.x) when a withdrawal falls short."""
    sign = -1 if side == AXIS else 1
    why = f"{len(units)} {side} unit(s) not withdrawn ({', '.join(units)})"
    change(match, sign * len(units), why, "PMD 4.5.2(3)")


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """4.5.2(5): the loss of an Axis artillery unit costs 1 VP."""
    if unit.side == AXIS and "artillery" in match.unit_type(unit).get("tags", ()):
        change(match, -1, f"Axis artillery {unit.id} lost", "PMD 4.5.2(5)")


# ----------------------------------------------------------------------------- 4.6 oil


def oil_centres(match: Match) -> list[str]:
    """The map's oil centre hexes (4.6)."""
    topo = match.topology
    return match.shared("pmd-oil", lambda: [h for h in topo.locations() if OIL in topo.features(h)])


def oil_check(match: Match) -> None:
    """4.6, after the VP check when it decided nothing: the Axis owning all 5 oil centres wins;
    otherwise one die for each Axis-owned oil centre, in turn, until a 1 wins for the Axis."""
    owned = [h for h in oil_centres(match) if match.state.control.get(h) == AXIS]
    if len(owned) == OIL_CENTRES:
        win(match, AXIS, "oil centres", "the Axis owns all 5 oil centres", "PMD 4.6")
        return
    for hex_id in owned:
        if match.roll("1d6", f"oil centre {hex_id}", "PMD 4.6") == 1:
            win(match, AXIS, "oil centres", f"oil centre {hex_id}: a 1 is rolled", "PMD 4.6")
            return


# ----------------------------------------------------------------------------- the phases


def victory_check(match: Match) -> None:
    """The Victory Check Phase: 4.5.2(1)/(7), the S/A check (4.5, the mechanic's threshold
    conditions, ended through 4.3), then the oil centres (4.6)."""
    victory.score_objectives(match)
    zomo_penalties(match)
    victory.threshold_check(match, end=win)
    if match.state.outcome is None:
        oil_check(match)


@on_phase("end", ids=("victory-check",))
def victory_check_phase(match: Match, phase: PhaseSpec) -> None:
    if match.state.cursor.stage != "over":
        victory_check(match)


@on_phase("end", ids=("w1-cleanup",))
def cleanup_phase_week1(match: Match, phase: PhaseSpec) -> None:
    """The Finnish front, at the end of the first week's Soviet Cleanup Phase."""
    if match.state.cursor.stage != "over" and match.phasing == SOVIET:
        finnish_front(match, 1)


@on_phase("end", ids=("w2-cleanup",))
def cleanup_phase_week2(match: Match, phase: PhaseSpec) -> None:
    """The Finnish front, at the end of the second week's Soviet Cleanup Phase."""
    if match.state.cursor.stage != "over" and match.phasing == SOVIET:
        finnish_front(match, 2)


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    """After turn 407 with no winner: a draw (4.5.2's historical end, 4 VP, is one)."""
    return {
        "winner": None,
        "level": "draw",
        "text": f"turn 407 is over; Axis VP {axis_vp(match)}",
        "rule": "PMD 1.4, 4.5",
    }
