"""Victory (BARB 4.0): the German VP moved by control, the Victory Check Phase, the Moscow
surrender roll and the end of the game.

Only the German keeps a score (4.1), in the shared victory mechanic's ledger (:func:`award`).
Every VP hex (each city, the USIR, three oil fields) is worth 1 VP, gained or lost the instant
control changes, however often (4.2). A Hero City taken by the German is worth 2 and loses its
marker; a Fortress City taken by the Soviet costs 2 (4.3, 9.3). The checks' two numbers (4.14) are
the scenario's threshold conditions on the Victory Check Chart, judged by the mechanic; this
module keeps when a check is made and what replaces it (Manstein's Gambit 4.16, Forgiveness
Points 4.20).
"""

from __future__ import annotations

import copy
from typing import Any, TypedDict, cast

from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import captureroll
from wargame.mechanics import victory as shared
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import decisions, manstein
from .turns import GERMAN, SOVIET, in_region, road_back_rules, vp_value

NS = "barbarossa-victory"


class VictoryState(TypedDict, total=False):
    kiev_taken: bool  # the optional early-Kiev roll was made (4.21)
    forgiveness: float  # Forgiveness Points earned (4.20, optional)


def ns(match: Match) -> VictoryState:
    return cast(VictoryState, match.state.ns(NS))


def vp(match: Match) -> float:
    return float(match.state.vp.get(GERMAN, 0))


def award(match: Match, points: float, why: str, rule: str) -> None:
    """German VP (4.1: only the German scores), into the shared ledger."""
    shared.award(match, GERMAN, points, why, rule)


@hookimpl
def wargame_setup(match: Match) -> None:
    scenario_vars = copy.deepcopy(dict(match.scenario.get("vars", {})))  # never the title's own
    scenario_vars.pop("note", None)
    start = scenario_vars.pop("vp", 0)
    dead = scenario_vars.pop("dead", [])
    match.state.vars.update(scenario_vars)
    match.state.vp = {GERMAN: start}
    for cid in dead:  # the Road Back dead pile (12.10)
        unit = match.new_unit(cid, None)
        unit.flags = {"eliminated": True}
    for cid in scenario_vars.get("withdrawn", {}):
        unit = match.new_unit(cid, None)
        unit.flags = {"withdrawn": True}
    first = int(match.scenario.get("first_turn", 1))
    schedule = match.title.doc("calendar").get("schedule", {})
    match.state.ns("reinforcements")["arrived"] = sorted(
        k
        for k, e in schedule.items()
        if int(e["turn"]) <= first or all(u in match.state.units for u in e.get("units", []))
    )  # a later scenario's set-up already holds what arrived before it
    if scenario_vars.get("control_by_nearest"):
        front_control(match)
    if match.scenario_id == "road-back":
        match.state.vars["no_move_fight_shift"] = True  # 12.2
        road_back_rules(match)["south_only_attacks"] = True  # 12.8
        road_back_rules(match)["south_offensive"] = True  # 12.8


def front_control(match: Match) -> None:
    """The Road Back's control (ruling RB-1): the text gives the set-up, not the front. Every
    hex of the USSR and the Baltic republics goes to the side whose nearest unit on the map is
    nearer (the Soviet on a tie); the 33 VP of 12.3 are given, not counted."""
    topo = hex_grid(match.topology)
    hexes = set(topo.hexes())
    placed = [(u.loc, u.side) for u in match.state.units.values() if u.loc and u.loc in hexes]
    regions = ("country:ussr", "country:lithuania", "country:latvia", "country:estonia")
    for h in sorted(topo.hexes()):
        if not any(in_region(match, h, r) for r in regions):
            continue
        best = min(placed, key=lambda p: (topo.distance(h, p[0]), p[1] != SOVIET))
        match.state.control[h] = best[1]


def take(match: Match, loc: str, side: str) -> None:
    """``side`` takes control of ``loc`` (3.6): VP, markers and sudden death follow at once."""
    before = match.state.control.get(loc)
    if before == side or loc.startswith("box:"):
        return
    match.set_control(loc, side)
    value = vp_value(match, loc)
    heroes = match.state.vars.setdefault("hero_cities", [])
    forts = match.state.vars.setdefault("fortress_cities", [])
    if side == GERMAN:
        if loc in heroes:
            heroes.remove(loc)
            decisions.ns(match).setdefault("former_hero", []).append(loc)
            award(match, 2, f"Hero City {loc} captured, marker removed", "BARB 4.3, 9.3")
        elif value and loc == "2311" and kiev_option(match):
            pass
        elif value:
            award(match, 1, f"control of {loc}", "BARB 4.2")
        captureroll.on_capture(match, loc, side, MOSCOW)  # 4.15
    else:
        if loc in forts:
            forts.remove(loc)
            award(match, -2, f"Fortress City {loc} captured, marker removed", "BARB 4.3, 9.3")
        elif value:
            from .events import early_loss

            if not early_loss(match, loc):  # 4.7, 4.8
                award(match, -1, f"control of {loc}", "BARB 4.2")


def kiev_option(match: Match) -> bool:
    """Optional 4.21: the first German capture of Kiev on or before GT3 scores a die less one
    instead of 1 (True when it did)."""
    if not match.option("kiev-vp") or match.turn > 3 or ns(match).get("kiev_taken"):
        return False
    ns(match)["kiev_taken"] = True
    roll = match.roll("1d6", "early Kiev", "BARB 4.21")
    award(match, roll - 1, "Kiev taken early (optional rule)", "BARB 4.21")
    return True


MOSCOW = {
    "location": "1606",
    "side": GERMAN,
    "at_least": 5,
    "modifiers": [
        {"holds": "2311", "drm": 1, "reason": "Kiev German"},
        {"holds": "1011", "drm": 2, "reason": "Leningrad German"},
    ],
    "level": "sudden death",
    "text": "Moscow falls and the Soviet Union surrenders",
    "rule": "BARB 4.15",
}
"""4.15 for the shared capture roll: the instant the German first takes Moscow, one die, +1 with
Kiev, +2 with Leningrad; 5 or more and the Soviet Union surrenders."""


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if not units:
        return
    side = units[0].side
    for loc in path[1:]:
        take(match, loc, side)
        if match.state.cursor.stage == "over":
            return


def chart(match: Match, turn: int) -> dict[str, Any] | None:
    return match.title.doc("victory-chart")["entries"].get(str(turn))


def check(match: Match) -> None:
    """4.14: the Victory Check Phase of every turn from GT3 (Road Back GT16, 12.3)."""
    turn = match.turn
    if turn < int(match.state.vars.get("first_check", 3)):
        return
    if turn == manstein.LAST and manstein.declared(match):
        manstein.judge(match)  # 4.16 replaces the GT20 check
        return
    row = chart(match, turn)
    if row is None:
        return
    if match.option("forgiveness") and not row.get("final"):
        forgive(match, row, vp(match))
        return
    bonus = float(ns(match).get("forgiveness", 0)) if row.get("final") else 0.0
    shared.threshold_check(match, bonus=bonus)


def forgive(match: Match, row: dict[str, Any], points: float) -> None:
    """Optional 4.20: a check that would end the game records Forgiveness Points instead, one
    per VP beyond the continue range, and the VP total goes back to the range's edge (ruling
    21); the points count at the final check."""
    high, low = row["german_min"] - 1, row["soviet_max"] + 1
    delta = points - high if points > high else points - low if points < low else 0
    if not delta:
        return
    ns(match)["forgiveness"] = float(ns(match).get("forgiveness", 0)) + delta
    award(match, -delta, f"{delta:+g} Forgiveness Points recorded instead", "BARB 4.20")


def occupation_penalty(match: Match) -> None:
    """4.2: at the end of GT1-5, -1 VP per hex of Greater Germany or the General Government
    that Soviet units occupy."""
    if match.turn > 5:
        return
    for loc, ids in sorted(match.occupied().items()):
        if match.state.units[ids[0]].side != SOVIET:
            continue
        if in_region(match, loc, "country:germany") or in_region(
            match, loc, "country:general-government"
        ):
            award(match, -1, f"Soviet units occupy {loc}", "BARB 4.2")


def stalingrad(match: Match) -> None:
    """12.7: Road Back, +2 VP at the end of GT15 and every later turn the German holds Stalingrad."""
    if (
        match.scenario_id == "road-back"
        and match.turn >= 15
        and match.state.control.get("2501") == GERMAN
    ):
        award(match, 2, "Fortress Stalingrad held", "BARB 12.7")


@on_phase("end", ids=("victory-check",), trylast=True)
def victory_check(match: Match, phase: PhaseSpec) -> None:
    """The check is the last step of the turn (4.14): after the Caucasus roll, the offensive's
    judgement and the other end-of-turn VP."""
    occupation_penalty(match)
    stalingrad(match)
    check(match)


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any]:
    """After the last turn (4.1: no draws): the final check's German threshold decides."""
    row = chart(match, 32) or {"german_min": 14}
    points = vp(match) + float(ns(match).get("forgiveness", 0))  # 4.20
    if points >= row["german_min"]:
        return {
            "winner": GERMAN,
            "level": "final check",
            "text": f"{points:g} VP at the end",
            "rule": "BARB 4.14",
        }
    return {
        "winner": SOVIET,
        "level": "final check",
        "text": f"{points:g} VP at the end",
        "rule": "BARB 4.14",
    }
