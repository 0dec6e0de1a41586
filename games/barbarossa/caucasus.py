"""The Caucasus expedition (BARB 4.11-4.13): launch, the Soviet response, the resolution roll in
each Victory Check Phase, defeat, and recall. The Road Back starts with it under way and its
GT13 roll made and failed (12.3, 12.9)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import victory as shared_victory
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import supply
from .turns import GERMAN, SOVIET

BOX = "box:caucasus"
EXITS = ("3200", "3201", "3202", "3203", "3204")
CITIES = ("3103", "2607", "2804")  # Maikop, Dnepro-Petrovsk, Rostov
NS = "barbarossa-caucasus"


class CaucasusState(TypedDict, total=False):
    """The expedition's own state (``caucasus`` and ``caucasus_failed_turn`` stay in ``vars``:
    the Road Back's set-up names them)."""

    caucasus_ok: bool  # 4.11's prerequisites held at the start of this turn


def ns(match: Match) -> CaucasusState:
    return cast(CaucasusState, match.state.ns(NS))


def state(match: Match) -> str | None:
    return match.state.vars.get("caucasus")


def in_box(match: Match, side: str) -> list[Unit]:
    return sorted((u for u in match.units_at(BOX) if u.side == side), key=lambda u: u.id)


def prerequisites(match: Match) -> bool:
    """4.11: at the start of the turn the German holds Maikop, Dnepro-Petrovsk and Rostov in
    overland supply with no Soviet unit next to any of them."""
    net = supply.overland(match, GERMAN)
    topo = match.topology
    return all(
        match.state.control.get(c) == GERMAN
        and c in net
        and not any(match.side_at(n) == SOVIET for n in topo.neighbours(c))
        for c in CITIES
    )


def defeat_check(match: Match) -> None:
    """4.13: Soviet control of Rostov or Dnepro-Petrovsk, or Soviet units in all five exit
    hexes, defeats the expedition at once: the German units in the box go to the dead pile."""
    if state(match) not in ("launched", "succeeded") or match.state.cursor.stage == "over":
        return
    control = match.state.control
    lost = control.get("2804") == SOVIET or control.get("2607") == SOVIET
    blocked = all(match.side_at(h) == SOVIET for h in EXITS)
    if lost or blocked:
        match.state.vars["caucasus"] = "defeated"
        for unit in in_box(match, GERMAN):
            match.eliminate(unit, "the Caucasus expedition is defeated", "BARB 4.13")


def resolve(match: Match) -> None:
    """4.13: each Victory Check Phase from the departure: a 6 (+1 with Stalingrad German and in
    overland supply) breaks through for 1-6 VP, then 1 VP a turn while undefeated."""
    st = state(match)
    if st == "succeeded":
        shared_victory.award(match, GERMAN, 1, "the Caucasus oil keeps flowing", "BARB 4.13")
        return
    if st != "launched" or match.turn == match.state.vars.get("caucasus_failed_turn"):
        return
    bonus = (
        1
        if (match.state.control.get("2501") == GERMAN and "2501" in supply.overland(match, GERMAN))
        else 0
    )
    roll = match.roll("1d6", "Caucasus expedition", "BARB 4.13")
    if roll + bonus >= 6:
        match.state.vars["caucasus"] = "succeeded"
        points = match.roll("1d6", "Caucasus oil VP", "BARB 4.13")
        shared_victory.award(
            match, GERMAN, points, "the expedition reaches the Caucasus oil", "BARB 4.13"
        )
    else:
        match.emit("caucasus", f"Caucasus roll {roll}+{bonus}: nothing happens", "BARB 4.13")


class Expedition(Verb):
    """``expedition INF,PZ,PZ``: one German infantry or mountain corps and two panzer corps
    standing in exit hexes 3200-3204 leave the map into the Caucasus box (4.11), once a game."""

    name = "expedition"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != GERMAN or state(match) or not ns(match).get("caucasus_ok"):
            return
        here = [u for h in EXITS for u in match.units_at(h) if u.side == GERMAN]
        infantry = [u for u in here if "infantry" in match.unit_type(u).get("tags", ())]
        panzer = [u for u in here if "panzer" in match.unit_type(u).get("tags", ())]
        for inf in infantry:
            for i, a in enumerate(panzer):
                for b in panzer[i + 1 :]:
                    yield Action("expedition", (",".join(sorted([inf.id, a.id, b.id])),))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "an expedition is one infantry or mountain corps and two panzer corps in the exit "
            "hexes 3200-3204, once a game, in a turn that began with Maikop, Dnepro-Petrovsk and "
            "Rostov German, supplied and free of Soviet neighbours (BARB 4.11)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        for uid in action.args[0].split(","):
            match.place(match.state.units[uid], BOX)
        match.state.vars["caucasus"] = "launched"
        match.emit("caucasus", "the Caucasus expedition leaves the map", "BARB 4.11")
        match.push(
            SOVIET,
            "caucasus-response",
            "send four rifle armies to the Caucasus (BARB 4.12)",
            left=4,
        )


def responders(match: Match) -> list[Unit]:
    net = supply.overland(match, SOVIET)
    return sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if match.counter(u)["type"] == "rifle"
            and (u.loc == "box:rvgk" or (u.loc in net and not str(u.loc).startswith("box:")))
        ),
        key=lambda u: u.id,
    )


class Respond(Verb):
    """``respond UNIT`` four times, or ``respond refuse`` (the German then wins, 4.12)."""

    name = "respond"
    kinds = ("caucasus-response",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("respond", ("refuse",))
        for unit in responders(match):
            yield Action("respond", (unit.id,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        left = int(match.pop()["context"]["left"])
        if action.args[0] == "refuse" or not responders(match):
            no_answer(match)
            return
        unit = match.state.units[action.args[0]]
        match.place(unit, BOX)
        unit.flags.pop("entry", None)
        if left > 1:
            if not responders(match):
                no_answer(match)
                return
            match.push(SOVIET, "caucasus-response", decision.prompt, left=left - 1)


def no_answer(match: Match) -> None:
    """4.12: without a full answer the game stops and the German wins."""
    text = "no full Soviet answer to the Caucasus expedition"
    match.end_game(GERMAN, "sudden death", text, "BARB 4.12")


class Recall(Verb):
    """``recall HEX``: before success, the whole expedition comes back through one exit hex free
    of Soviet units, at no MP cost, free to move on (4.13; ruling 6b). The Soviet units in the
    box may then follow: ``recall HEX UNIT`` in a Soviet Movement Phase brings one of them out."""

    name = "recall"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        side = decision.side
        st = state(match)
        if side == GERMAN and st != "launched":
            return
        if side == SOVIET and (st not in ("recalled", "defeated") or not in_box(match, SOVIET)):
            return
        if side == GERMAN and not in_box(match, GERMAN):
            return
        for h in EXITS:
            if match.side_at(h) not in (match.enemy(side),) and len(match.units_at(h)) <= 5 - (
                3 if side == GERMAN else 1
            ):
                if side == GERMAN:
                    yield Action("recall", (h,))
                else:  # the Soviet picks which unit comes out
                    for unit in in_box(match, SOVIET):
                        yield Action("recall", (h, unit.id))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        h = action.args[0]
        if decision.side == GERMAN:
            for unit in in_box(match, GERMAN):
                match.place(unit, h)
            match.state.vars["caucasus"] = "recalled"
            match.emit("caucasus", f"the Caucasus expedition comes back through {h}", "BARB 4.13")
        else:
            unit = match.state.units[action.args[1]]
            match.place(unit, h)
            match.emit(
                "caucasus", f"{unit.id} comes back from the Caucasus through {h}", "BARB 4.13"
            )


@on_phase("start", ids=("administration",))
def judge_prerequisites(match: Match, phase: PhaseSpec) -> None:
    ns(match)["caucasus_ok"] = prerequisites(match)


@on_phase("end", ids=("victory-check",))
def resolve_expedition(match: Match, phase: PhaseSpec) -> None:
    resolve(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    defeat_check(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Expedition(), Respond(), Recall()]
