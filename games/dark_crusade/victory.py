"""Dark Crusade victory (2.B): the Tournament Game's victory city points (2.B.1), the draw
(2.B.1.b-c), the Tournament Campaign Game without the draw (2.B.2) and the Campaign Game's
conditions (2.B.3).

Tournament: in each Victory Determination Phase (phase ``victory``) the non-phasing player's
points are judged, at the end of his opponent's player turn (6.0 B.7 judges the Soviets, C.7 the
Axis): his own ("home") and enemy VP cities under his control and in overland supply against the
year's chart entry (data/victory-chart.json, December's after the slash), with one point per pair
of destroyed Soviet factories to the Axis and from the Soviets (``vars["factories_destroyed"]``,
kept by the production module). The player deciding the phase may declare a draw (``draw``).
Campaign: every condition is watched at the end of each player turn (the supply phases; the
shared victory mechanic says when a player turn ends and counts how long a condition held), the
"instant" ones when units move and die. ``state.vp`` always shows each side's current points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import supply as S
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import victory as shared
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

AXIS, SOVIET = U.AXIS, U.SOVIET
TOURNAMENT, TOURNAMENT_CAMPAIGN, CAMPAIGN = "tournament", "tournament-campaign", "campaign"
NS = "dc-victory"  # this module's state (state.ns)
FACTORIES = "factories_destroyed"  # state.vars, kept by production.py
DETAIL = "dc:vp"  # state.vars: each side's home / enemy / factory points, for views
LMS = ("leningrad", "moscow", "stalingrad")  # 2.B.3.a.ii
DRAW_FROM = (1942, 3)  # 2.B.1.b: after the end of the February 1942 turn
NO_SOVIETS_TURNS = 2  # 2.B.3.a.i
LMS_TURNS = 6  # 2.B.3.a.ii
EXIT_TURNS = 2  # 2.B.3.b.ii-iii
EXITS_WITH_CITIES, EXITS_ALONE = 10, 20  # 2.B.3.b.ii, 2.B.3.b.iii


def version(match: Match) -> str:
    return str(match.state.vars.get("version", TOURNAMENT))


# ----------------------------------------------------------------------------- points


@dataclass(frozen=True, slots=True)
class Points:
    """A side's victory city points now (2.B.1.a)."""

    side: str
    home: int  # own VP cities held in overland supply
    enemy: int  # enemy VP cities held in overland supply
    factories: int  # +1 (Axis) / -1 (Soviet) per pair of destroyed Soviet factories

    @property
    def total(self) -> int:
        return self.home + self.enemy + self.factories


def vp_cities(match: Match) -> list[str]:
    found = match.cache.get("dc-vp-cities")
    if found is None:
        top = match.topology
        found = sorted(loc for loc in top.locations() if top.attrs(loc).get("vp"))
        match.cache["dc-vp-cities"] = found
    return list(found)


def value(match: Match, loc: str) -> int:
    return int(match.topology.attrs(loc).get("vp", 0))


def home_of(match: Match, loc: str) -> str | None:
    home = match.topology.attrs(loc).get("home")
    return str(home) if home else None


def held(match: Match, loc: str, side: str) -> bool:
    """Controlled by ``side`` and in its overland supply (2.B.1.a)."""
    return match.state.control.get(loc) == side and S.overland(match, loc, side)


def factory_pairs(match: Match) -> int:
    return int(match.state.vars.get(FACTORIES, 0)) // 2


def points(match: Match, side: str) -> Points:
    supplied = S.trace(match, side, S.OVERLAND_KEY[side], overland=True)
    index = match.topology.graph().index
    control = match.state.control
    home = enemy = 0
    for loc in vp_cities(match):
        if control.get(loc) == side and index[loc] in supplied:
            if home_of(match, loc) == side:
                home += value(match, loc)
            else:
                enemy += value(match, loc)
    pairs = factory_pairs(match)
    return Points(side, home, enemy, pairs if side == AXIS else -pairs)


def needed(match: Match, side: str) -> tuple[int, int]:
    """The chart's (home, enemy) for this turn's year; December's own entry in December."""
    year, month = U.date(match)
    entries = U.table(match, "victory-chart")[side]
    entry = entries.get(str(year))
    if entry is None:  # past the chart (the Campaign Game runs into 1945): its last year
        entry = entries[max(entries, key=int)]
    pair = entry.get("december") if month == 12 and entry.get("december") else entry["needed"]
    return int(pair[0]), int(pair[1])


def wins_on_points(match: Match, side: str) -> bool:
    """2.B.1.a: all the chart's home points held, and enough enemy points besides; factory
    points count with the enemy points (ruling V2)."""
    p = points(match, side)
    need_home, need_enemy = needed(match, side)
    return p.home >= need_home and p.enemy + p.factories >= need_enemy


def refresh_vp(match: Match) -> None:
    """Keep ``state.vp`` (what views show) at each side's current total, with an event when it
    changes."""
    detail: dict[str, Any] = {}
    for side in (AXIS, SOVIET):
        p = points(match, side)
        detail[side] = {"home": p.home, "enemy": p.enemy, "factories": p.factories}
        if match.state.vp.get(side) != p.total:
            old = match.state.vp.get(side)
            match.state.vp[side] = p.total
            if old is not None:
                match.emit(
                    "vp",
                    f"{side} victory points {old:g} -> {p.total}",
                    "DC 2.B.1.a",
                    side=side,
                    points=p.total,
                )
    match.state.vars[DETAIL] = detail


# ----------------------------------------------------------------------------- tournament


def judge(match: Match) -> None:
    """The Victory Determination Phase: the non-phasing player wins on points (2.B.1.a)."""
    if version(match) not in (TOURNAMENT, TOURNAMENT_CAMPAIGN) or match.phasing is None:
        return
    side = match.enemy(match.phasing)
    if wins_on_points(match, side):
        p = points(match, side)
        match.end_game(
            side,
            "win",
            f"{side} holds {p.home}+{p.enemy + p.factories} victory points in {U.label(match)}"
            f" (needs {'+'.join(map(str, needed(match, side)))})",
            "DC 2.B.1.a",
        )


def draw_problem(match: Match) -> str | None:
    """Why no draw may be declared now (2.B.1.b, 2.B.2), or None."""
    if version(match) == TOURNAMENT_CAMPAIGN:
        return "the Tournament Campaign Game has no draw (DC 2.B.2)"
    if version(match) != TOURNAMENT:
        return "only the Tournament Game has the draw (DC 2.B.1.b, 2.B.3)"
    if U.date(match) < DRAW_FROM:
        return "no draw before the end of the February 1942 turn (DC 2.B.1.b)"
    return None


class Draw(Verb):
    """``draw``: the player deciding a Victory Determination Phase ends the Tournament Game,
    after February 1942 (2.B.1.b, ruling V4); his opponent wins instead if he has enough points
    at that moment."""

    name = "draw"
    kinds = ("victory",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if draw_problem(match) is None:
            yield Action(self.name)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "'draw' takes no arguments"
        return draw_problem(match)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        other = match.enemy(decision.side)
        if wins_on_points(match, other):
            match.end_game(
                other,
                "win",
                f"{decision.side} declared a draw, but {other} had enough points to win",
                "DC 2.B.1.b",
            )
        else:
            match.end_game(None, "draw", f"{decision.side} declared a draw", "DC 2.B.1.b")


AGREE = "dc-draw-offer"


OFFERED = "draw_offered"  # NS: {side: the turn of that side's last draw offer}


class OfferDraw(Verb):
    """``offer-draw``: in a Tournament version a player may propose a draw at any time
    (2.B.1.c): at any decision of a phase that is his; the game ends as a draw if the other
    player agrees (ruling V10: once a turn per player, so an offer cannot be repeated until it
    is answered differently)."""

    name = "offer-draw"
    kinds = ("*phase",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if self.problem(match, decision.side) is None:
            yield Action(self.name)

    def problem(self, match: Match, side: str) -> str | None:
        if version(match) not in (TOURNAMENT, TOURNAMENT_CAMPAIGN):
            return "the Campaign Game has no draw (DC 2.B.3)"
        offered = match.state.ns(NS).get(OFFERED, {})
        if isinstance(offered, dict) and offered.get(side) == match.turn:
            return f"{side} already offered a draw this turn (DC 2.B.1.c; ruling V10)"
        return None

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "'offer-draw' takes no arguments"
        return self.problem(match, decision.side)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.state.ns(NS).setdefault(OFFERED, {})[decision.side] = match.turn
        other = match.enemy(decision.side)
        match.emit("draw-offer", f"{decision.side} offers a draw", "DC 2.B.1.c")
        match.push(other, AGREE, f"{decision.side} offers a draw: accept or decline (DC 2.B.1.c)")


class AnswerDraw(Verb):
    """``accept-draw`` or ``decline-draw``: the answer to a draw offer (2.B.1.c)."""

    name = "accept-draw"
    kinds = (AGREE,)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("accept-draw")

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        return f"'{action.verb}' takes no arguments" if action.args else None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.verb == "accept-draw":
            match.end_game(None, "draw", "the players agreed a draw", "DC 2.B.1.c")
        else:
            match.emit("draw-offer", f"{decision.side} declines the draw", "DC 2.B.1.c")


class DeclineDraw(AnswerDraw):
    name = "decline-draw"
    rare = False

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("decline-draw")


# ----------------------------------------------------------------------------- campaign


def on_map(unit: Unit) -> bool:
    return unit.loc is not None and not is_box(unit.loc)


def soviet_units_on_map(match: Match) -> int:
    """Soviet ground units on the map (partisans and factories hold no front: ruling V4)."""
    return sum(1 for u in match.units_of(SOVIET) if on_map(u) and U.is_ground(match, u))


def german_units_on_map(match: Match) -> int:
    return sum(1 for u in match.units_of(AXIS) if on_map(u) and U.nation(match, u) == "german")


def exited(match: Match) -> list[str]:
    """Soviet army-sized units off the west edge (box:west or an edge:west-N exit) kept in
    supply through their exit lines (2.B.3.b.ii-iii)."""
    west = match.topology.region("edge:west") | {S.WEST_BOX}
    return sorted(
        u.id
        for u in match.units_of(SOVIET)
        if u.loc in west and U.has(match, u, "army") and S.in_supply(match, u)
    )


def soviet_cities_held(match: Match) -> bool:
    """2.B.3.b.ii: every Soviet VP city, Warsaw and Bucharest under Soviet control."""
    control = match.state.control
    wanted = [c for c in vp_cities(match) if home_of(match, c) == SOVIET]
    wanted += ["warsaw", "bucharest"]
    return all(control.get(c) == SOVIET for c in wanted)


def all_cities_axis(match: Match) -> bool:
    control = match.state.control
    return all(control.get(c) == AXIS for c in vp_cities(match))


def end_of_player_turn(match: Match, side: str) -> None:
    """The campaign's conditions watched at each player turn's end (ruling V5): a condition
    held "throughout N complete turns" must hold at the end of the turn before and at every
    player turn's end of the N turns (2N + 1 ends in a row, the last a Soviet one)."""
    if version(match) != CAMPAIGN:
        return
    if side == AXIS and (
        shared.streak(match, "no-soviets", soviet_units_on_map(match) == 0) >= NO_SOVIETS_TURNS
    ):
        match.end_game(
            AXIS,
            "win",
            "no Soviet unit on the map at the end of two Axis player turns in a row",
            "DC 2.B.3.a.i",
        )
        return
    lms = all(held(match, c, AXIS) for c in LMS)
    lms_ends = shared.streak(match, "lms", lms)
    exits = len(exited(match))
    with_cities = shared.streak(
        match, "exit-10", exits >= EXITS_WITH_CITIES and soviet_cities_held(match)
    )
    alone = shared.streak(match, "exit-20", exits >= EXITS_ALONE)
    if side != SOVIET:
        return
    if lms_ends >= 2 * LMS_TURNS + 1:
        match.end_game(
            AXIS,
            "win",
            "Leningrad, Moscow and Stalingrad in Axis overland supply for six complete turns",
            "DC 2.B.3.a.ii",
        )
    elif with_cities >= 2 * EXIT_TURNS + 1:
        match.end_game(
            SOVIET,
            "win",
            "every Soviet VP city, Warsaw and Bucharest held, and 10 armies exited in supply, "
            "for two complete turns",
            "DC 2.B.3.b.ii",
        )
    elif alone >= 2 * EXIT_TURNS + 1:
        match.end_game(
            SOVIET,
            "win",
            "20 armies exited off the west edge in supply for two complete turns",
            "DC 2.B.3.b.iii",
        )


def instant_checks(match: Match) -> None:
    """2.B.3.a.iii: every VP city under Axis control ends the game the instant it happens."""
    if version(match) != CAMPAIGN or match.state.outcome is not None:
        return
    if all_cities_axis(match):
        match.end_game(AXIS, "win", "every victory city is under Axis control", "DC 2.B.3.a.iii")


def outcome(match: Match) -> dict[str, Any]:
    """The last turn is over with no winner: a draw after July 1944 in the tournament versions
    (2.B.1.c, 2.B.2); the Axis wins the Campaign Game after February 1945 (2.B.3.a.iv)."""
    if version(match) == CAMPAIGN:
        return {
            "winner": AXIS,
            "level": "win",
            "text": "the Soviets have not won by the end of the February 1945 turn",
            "rule": "DC 2.B.3.a.iv",
        }
    return {
        "winner": None,
        "level": "draw",
        "text": "neither player has won by the end of the July 1944 turn",
        "rule": "DC 2.B.1.c",
    }


# ----------------------------------------------------------------------------- hooks


def _live(match: Match) -> bool:
    return match.state.cursor.stage == "turn" and match.state.outcome is None


@hookimpl(trylast=True)
def wargame_setup(match: Match) -> None:
    refresh_vp(match)  # after the set-up module's control of the edges


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    if not _live(match):
        return
    refresh_vp(match)
    instant_checks(match)


@on_phase("start", ids=("victory",))
def victory_determination(match: Match, phase: PhaseSpec) -> None:
    """The Victory Determination Phase (tournament): judged after the VP are refreshed (this
    module's ``wargame_phase_start``, registered after this and so run before it)."""
    if _live(match):
        judge(match)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    if not _live(match):
        return
    refresh_vp(match)
    instant_checks(match)
    if match.phasing is not None and _live(match) and shared.ends_player_turn(match):
        end_of_player_turn(match, match.phasing)  # after the supply phase (6.0 B.8, C.8)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if _live(match):
        refresh_vp(match)
        instant_checks(match)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """2.B.3.b.i: the last German unit on the map gone, at any instant before the end."""
    if not _live(match) or version(match) != CAMPAIGN:
        return
    if unit.side == AXIS and german_units_on_map(match) == 0:
        match.end_game(SOVIET, "win", "every German unit on the map eliminated", "DC 2.B.3.b.i")


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    return outcome(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Draw(), OfferDraw(), AnswerDraw(), DeclineDraw()]
