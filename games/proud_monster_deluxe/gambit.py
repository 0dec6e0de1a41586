"""Manstein's Gambit (PMD 5.7, 4.7): the Axis player's all-in try for a decision in 1943.

He may declare it (``gambit``) only in his Refit Phase of the week he has declared his Summer
1943 Seasonal Offensive week (5.4, ``offensives.py``), once. From then on the game ends at the
end of turn 321: unless the Axis has won by then, the Soviets win (4.7). ``manstein_gambit`` in
the namespace ``NS`` holds the declaration's turn for the rest of the game (nothing removes it).

The declaration brings its special reinforcements at once, in the Refit Phase (ruling MG1):
5.7(1)'s air units come into play until six are active, the VIII among them (``air.py``,
ruling AIR5); 5.7(2)'s Mech units of both withdrawal piles return (``withdrawals.gambit``);
5.7(3): the Axis picks 2 units of the Replacement Army or the Stalingrad Pool, rebuilt free
(``gambit-pick UNIT``, a pushed decision; all of them when there are 2 or fewer); 5.7(4)'s 8
LRPs join his saved points (``replacements.py``); 5.7(5)'s 5 MG combat units (stand-ins,
``ger-mg-*``) enter in the North OKH area like German reinforcements (9.1.1) and its 4
"2-Upgrade" markers join the Axis's Mech Upgrade markers (``upgrades.py``); 5.7(6)'s 25 PD and 2
Para Division come off the turn track (``blaupunkt.py``); 5.7(7)'s Offensive Supply-5 marker
is ``offsupply.py``'s (``gambit_marker``, ruling MG2)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from . import (
    air,
    blaupunkt,
    eliminated,
    offensives,
    offsupply,
    replacements,
    upgrades,
    victory,
    withdrawals,
)
from .strategic import OKH, ZOMO
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 5.7"
SEASON = "summer-1943"
LAST_TURN = 321
"""4.7: play stops at the end of this turn once the Gambit is declared."""
NS = "pmd-gambit"


def declared(match: Match) -> int | None:
    """The turn (YNN) Manstein's Gambit was declared, or None (5.7)."""
    return match.state.ns(NS).get("manstein_gambit")


FREE_PICKS = 2
"""5.7(3): units of the Replacement Army or the Stalingrad Pool, rebuilt without paying."""
LRP = 8
"""5.7(4): Leg replacement points."""
MG_UNITS = "ger-mg-"
"""5.7(5): the counters of the 5 MG combat units (stand-ins) begin so."""
PICK = "gambit-pick"


def problem(match: Match, side: str) -> str | None:
    """Why ``side`` may not declare Manstein's Gambit now, or None."""
    if side != AXIS:
        return f"only the Axis declares Manstein's Gambit ({RULE})"
    if declared(match):
        return f"Manstein's Gambit is already declared ({RULE})"
    week = f"{ynn(match)}.{offensives.week(match)}"
    chosen = offensives.chart(match)[AXIS].get(SEASON)
    if chosen != week or not offensives.active(match, AXIS):
        return f"only in the week of the Axis Summer 1943 Seasonal Offensive ({RULE})"
    return None


class Gambit(Verb):
    """``gambit``: the Axis declares Manstein's Gambit in his Refit Phase (5.7)."""

    name = "gambit"
    kinds = ("refit",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if problem(match, decision.side) is None:
            yield Action("gambit", ())

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        return "usage: gambit" if action.args else problem(match, decision.side)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.state.ns(NS)["manstein_gambit"] = ynn(match)
        air.gambit_air(match)  # 5.7(1)
        upgrades.gambit(match)  # 5.7(5): the 4 MG 2-Upgrade markers
        offsupply.gambit_marker(match)  # 5.7(7)
        blaupunkt.gambit(match)  # 5.7(6): the 2 Para Division and the 25 PD
        withdrawals.gambit(match)  # 5.7(2)
        replacements.points(match, AXIS)["lrp"] += LRP  # 5.7(4)
        match.emit("replacements", f"{LRP} LRP with the Gambit", "PMD 5.7(4)")
        mg_units(match)  # 5.7(5)
        match.emit(
            "gambit",
            f"the Axis declares Manstein's Gambit: the game ends after turn {LAST_TURN}",
            RULE,
        )
        offer(match, FREE_PICKS)  # 5.7(3): his picks, last


def mg_units(match: Match) -> None:
    """5.7(5): the 5 MG combat units enter in the North OKH area (9.1.1)."""
    for cid in sorted(match.title.doc("counters")["counters"]):
        if cid.startswith(MG_UNITS) and cid not in match.state.units:
            unit = match.new_unit(cid, OKH["north"])
            unit.flags["entry"] = match.resolve_locations(list(ZOMO[OKH["north"]]))
            match.emit("reinforcements", f"{cid} comes with the Gambit", "PMD 5.7(5)", unit=cid)


def free_pool(match: Match) -> list[str]:
    """5.7(3): the Axis units in the Replacement Army or the Stalingrad Pool."""
    ns, units = eliminated._ns(match), match.state.units
    return [
        uid
        for where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL)
        for uid in ns.get(where, [])
        if units[uid].side == AXIS
    ]


def free(match: Match, uid: str) -> None:
    """5.7(3): rebuilt without paying, to the strongest face a rebuild may reach (15.1)."""
    old = match.state.units[uid]
    replacements.axis_back(match, old, replacements.lowest_step(match, old))
    match.touch()
    match.emit("rebuild", f"{uid} rebuilt free with the Gambit", "PMD 5.7(3)", unit=uid)


def offer(match: Match, left: int) -> None:
    """Ask the Axis which unit of the pool comes next; when the pool holds no more than he is
    owed there is nothing to choose and they all come."""
    pool = free_pool(match)
    if left <= 0 or not pool:
        return
    if len(pool) <= left:
        for uid in pool:
            free(match, uid)
        return
    match.push(
        AXIS,
        PICK,
        f"pick a unit of the Replacement Army or Stalingrad Pool, rebuilt free ({left} to pick; "
        "PMD 5.7(3))",
        left=left,
    )


class GambitPick(Verb):
    """``gambit-pick UNIT``: the Axis names a unit of the Replacement Army or the Stalingrad
    Pool that the Gambit rebuilds free (5.7(3))."""

    name = PICK
    kinds = (PICK,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in free_pool(match):
            yield Action(PICK, (uid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in free_pool(match):
            return "name an Axis unit in the Replacement Army or the Stalingrad Pool (PMD 5.7(3))"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        free(match, str(action.args[0]))
        offer(match, int(decision.context["left"]) - 1)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Gambit(), GambitPick()]


@on_phase("start", ids=("reinforcement",))
def gambit_ends(match: Match, phase: PhaseSpec) -> None:
    """4.7: past turn 321 with the Gambit declared and no Axis win, the Soviets win: judged as
    the next turn begins, in its first phase (the Reinforcement Phase); a draw instead when an
    Axis unit not in ISO holds the eastern map edge (4.3, ``victory.win``)."""
    if not declared(match) or match.state.cursor.stage == "over":
        return
    if ynn(match) > LAST_TURN:
        victory.win(
            match,
            SOVIET,
            "Manstein's Gambit",
            f"the Axis declared Manstein's Gambit and had not won by the end of turn {LAST_TURN}",
            "PMD 4.7",
        )
