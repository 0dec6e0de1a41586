"""Manstein's Gambit (BARB 4.16-4.17): a sudden-death bet the German may make with his 1943
summer offensive.

He declares it instead of a plain offensive (``offensive manstein`` at the start of GT17, 18 or
19; never on its own). It supersedes 4.4's judgement of the offensive and its VP debit, and it
replaces the Victory Check of GT20: at the end of GT20 the game ends, won by the German if he
controls all fourteen VP hexes he began the game with (ruling E17: the VP hexes outside the
USSR and the Baltic republics) and at least two of Leningrad, Moscow, Kiev and Stalingrad, else by
the Soviet. From the declaration to GT20 the German replacements are 2/2 instead of 1/1 (4.17).

The declaration brings the gambit's reinforcements at once (4.17): the XIV and 76th Panzer Corps
into the reinforcement box, the 3rd SS of GT22 and a withdrawn 2nd SS of GT24 with them (a 2nd SS
still in play is not withdrawn on GT19: its return would fall in the gambit's turns). The German
decides how the 2nd Paratroop Corps comes: ``para enter`` (a reinforcement like the others) or
``para drop HEX`` on a Soviet-occupied hex (ruling E29). Dropped, it adds its defence 6 to the
German's attacks on that hex this turn and may be given up to a Bloodbath as 6 factors; at the
end of the phase of such an attack it lands in the hex if no Soviet unit is left there, else it
is eliminated, as it is when no attack was made on the hex by the end of the turn (T48).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.combat import Modifier
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from .turns import GERMAN, SOVIET, in_region, vp_value

LAST = 20
"""The game ends at the end of GT20 (Sep '43) under the gambit (4.16)."""
KEY_CITIES = ("1011", "1606", "2311", "2501")
"""Leningrad, Moscow, Kiev and Stalingrad (4.16)."""
SOVIET_LANDS = ("country:ussr", "country:lithuania", "country:latvia", "country:estonia")
NS = "barbarossa-manstein"


class MansteinState(TypedDict, total=False):
    manstein: int  # the turn the gambit was declared (4.16)


def ns(match: Match) -> MansteinState:
    return cast(MansteinState, match.state.ns(NS))


def declared(match: Match) -> bool:
    return ns(match).get("manstein") is not None


def running(match: Match) -> bool:
    """A turn of the gambit: from its declaration to GT20 (4.17)."""
    start = ns(match).get("manstein")
    return start is not None and int(start) <= match.turn <= LAST


def home_hexes(match: Match) -> list[str]:
    """The fourteen VP hexes the German begins with (ruling E17)."""
    topo = match.topology
    return sorted(
        h
        for h in topo.locations()
        if not is_box(h)
        and vp_value(match, h)
        and not any(in_region(match, h, r) for r in SOVIET_LANDS)
    )


def judge(match: Match) -> None:
    """End of GT20 under the gambit (4.16)."""
    control = match.state.control
    home = home_hexes(match)
    lost = [h for h in home if control.get(h) != GERMAN]
    keys = [h for h in KEY_CITIES if control.get(h) == GERMAN]
    win = not lost and len(keys) >= 2
    text = (
        f"Manstein's Gambit at the end of GT{LAST}: "
        + (f"lost {', '.join(lost)}" if lost else f"all {len(home)} home VP hexes held")
        + f"; {len(keys)} of Leningrad, Moscow, Kiev, Stalingrad"
    )
    match.end_game(GERMAN if win else SOVIET, "Manstein's Gambit", text, "BARB 4.16")


# ------------------------------------------------------------------ 4.17 the reinforcements

PANZER = ("ger-14pz-mg", "ger-76pz")
PARA = "ger-2para"
SS2, SS3 = "ger-2ss", "ger-3ss"
BOX = "box:german-reinforcements"
DROP = 6
"""The 2nd Paratroop Corps' defence factor, what it adds to the attack and counts in a BB."""


def arrive(match: Match, cid: str) -> Unit:
    """A reinforcement entering like the scheduled ones: from the box through the west edge
    (8.1)."""
    unit = match.state.units.get(cid)
    if unit is None:
        unit = match.new_unit(cid, BOX)
    else:
        match.place(unit, BOX)
        unit.flags = {}
    unit.flags["entry"] = sorted(match.topology.region("supply:german"))
    return unit


def pull(match: Match, cid: str) -> None:
    """Take ``cid``'s next scheduled arrival now: its schedule entry counts as arrived."""
    arrived = match.state.ns("reinforcements").setdefault("arrived", [])
    schedule = match.title.doc("calendar").get("schedule", {})
    later = sorted(
        (int(e["turn"]), k)
        for k, e in schedule.items()
        if cid in e.get("units", ()) and k not in arrived and int(e["turn"]) > match.turn
    )
    if later:
        arrived.append(later[0][1])


def reinforce(match: Match) -> None:
    """4.17, at the declaration."""
    brought = []
    for cid in PANZER:
        arrive(match, cid)
        brought.append(cid)
    ss2 = match.state.units.get(SS2)
    if ss2 is not None and ss2.flags.get("withdrawn"):
        pull(match, SS2)
        arrive(match, SS2)
        brought.append(SS2)
    if SS3 not in match.state.units:
        pull(match, SS3)
        arrive(match, SS3)
        brought.append(SS3)
    match.emit(
        "reinforcements",
        f"Manstein's Gambit brings {', '.join(brought)}",
        "BARB 4.17",
        units=brought,
    )
    match.push(GERMAN, "para", "the 2nd Paratroop Corps: enter or drop (BARB 4.17)")


def dropped(match: Match) -> Unit | None:
    unit = match.state.units.get(PARA)
    if unit is None or unit.loc != BOX or not unit.flags.get("drop"):
        return None
    return unit


def dropping(match: Match, battle: Battle) -> Unit | None:
    """The paratroopers when ``battle`` is a German attack on their hex (4.17)."""
    unit = dropped(match)
    if unit is None or unit.flags["drop"] != battle.target or not battle.attackers:
        return None
    if match.state.units[battle.attackers[0]].side != GERMAN:
        return None
    return unit


class Para(Verb):
    """``para enter`` or ``para drop HEX`` (4.17)."""

    name = "para"
    kinds = ("para",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("para", ("enter",))
        stacks = {u.loc for u in match.units_of(SOVIET) if u.loc and not is_box(u.loc)}
        for h in sorted(stacks):
            yield Action("para", ("drop", h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return "the 2nd Paratroop Corps enters as infantry or drops on a Soviet stack (BARB 4.17)"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args[0] == "enter":
            arrive(match, PARA)
            match.emit("para", "the 2nd Paratroop Corps enters as infantry", "BARB 4.17")
            return
        unit = match.new_unit(PARA, BOX)
        unit.flags["drop"] = action.args[1]
        match.emit("para", f"the 2nd Paratroop Corps drops on {action.args[1]}", "BARB 4.17")


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    if dropping(match, battle) is None:
        return []
    return [Modifier("attack", "add", DROP, "2nd Paratroop Corps dropped on the hex", "BARB 4.17")]


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    unit = dropping(match, battle)
    if unit is not None:
        unit.flags["fought"] = True


@on_phase("end", kinds=("movement", "combat"))
def land(match: Match, phase: PhaseSpec) -> None:
    """After the phase of its attack: in the cleared hex, else eliminated (4.17)."""
    unit = dropped(match)
    if unit is not None and unit.flags.get("fought"):
        settle(match, unit)


@on_phase("end", ids=("victory-check",))
def unused(match: Match, phase: PhaseSpec) -> None:
    """A drop on a hex never attacked: the hex was not cleared (4.17)."""
    unit = dropped(match)
    if unit is not None:
        settle(match, unit)


def settle(match: Match, unit: Unit) -> None:
    target = unit.flags["drop"]
    if any(u.side == SOVIET for u in match.units_at(target)) or not unit.flags.get("fought"):
        match.eliminate(unit, f"the hex {target} was not cleared", "BARB 4.17")
        return
    unit.flags = {}
    match.place(unit, target)
    match.emit("para", f"the 2nd Paratroop Corps lands in {target}", "BARB 4.17", unit=PARA)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Para()]
