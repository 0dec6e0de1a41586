"""Manstein's Gambit (PMD 5.7, 4.7): the Axis player's all-in try for a decision in 1943.

He may declare it (``gambit``) only in his Refit Phase of the week he has declared his Summer
1943 Seasonal Offensive week (5.4, ``offensives.py``), once. From then on the game ends at the
end of turn 321: unless the Axis has won by then, the Soviets win (4.7). ``manstein_gambit`` in
the namespace ``NS`` holds the declaration's turn for the rest of the game (nothing removes it).

5.7(1)'s air units come into play until six are active, the VIII among them (``air.py``,
ruling AIR5); 5.7(5)'s 4 "2-Upgrade" markers join the Axis's Mech Upgrade markers
(``upgrades.py``); 5.7(6)'s 25 PD and 2 Para Division come off the turn track
(``blaupunkt.py``); 5.7(7)'s Offensive Supply-5 marker is ``offsupply.py``'s
(``gambit_marker``, ruling MG2). The other special reinforcements of 5.7(2)-(4) wait for what
they draw on (the withdrawal piles, the Replacement Army's free picks, Leg replacement points,
the 5 MG combat units): ruling MG1."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from . import air, blaupunkt, offensives, offsupply, upgrades
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 5.7"
SEASON = "summer-1943"
LAST_TURN = 321
"""4.7: play stops at the end of this turn once the Gambit is declared."""
NS = "pmd-gambit"


def declared(match: Match) -> int | None:
    """The turn (YNN) Manstein's Gambit was declared, or None (5.7)."""
    return match.state.ns(NS).get("manstein_gambit")


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
        match.emit(
            "gambit",
            f"the Axis declares Manstein's Gambit: the game ends after turn {LAST_TURN}",
            RULE,
        )


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Gambit()]


@on_phase("start", ids=("reinforcement",))
def gambit_ends(match: Match, phase: PhaseSpec) -> None:
    """4.7: past turn 321 with the Gambit declared and no Axis win, the Soviets win: judged as
    the next turn begins, in its first phase (the Reinforcement Phase)."""
    if not declared(match) or match.state.cursor.stage == "over":
        return
    if ynn(match) > LAST_TURN:
        match.end_game(
            SOVIET,
            "Manstein's Gambit",
            f"the Axis declared Manstein's Gambit and had not won by the end of turn {LAST_TURN}",
            "PMD 4.7",
        )
