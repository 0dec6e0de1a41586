"""The Paulus Pause's effects (PMD 8.10). The decision (``paulus pause`` or ``paulus press-on``
in each Axis week of turns 114-115; then, at the start of each later Axis week while it may go on,
``paulus resume`` or ``paulus continue``, ruling PP1: at most 3 weeks) and the ban on Axis PAs and
MAs while it lasts are the shared ``paulus-pause`` mechanic, set in title.json (``decide:
each-week``); this module gives the pause's reward once it is over: after 1 week, -1 on every GAST roll (state var
``paulus_pause_1``); after 2, -3 (``paulus_pause_2``); after 3, the GAS line is gone for supply and
no GAST is rolled (``gas_ignored``, which the attenuated-supply mechanic reads). The table's
modifiers read the first two (``table-gast.json``). The vars stay: 8.10's effects last while the
GAS line does (until turn 205, 8.7)."""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import paulus
from wargame.models import PhaseSpec

RULE = "PMD 8.10"
REWARD = {1: "paulus_pause_1", 2: "paulus_pause_2", 3: "gas_ignored"}
"""The weeks paused -> the state var that gives the effect."""
WHAT = {
    1: "1 off every GAST roll",
    2: "3 off every GAST roll",
    3: "the GAS line is gone for supply: no GAST rolls",
}


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """At the first phase after the pause's last week, its effect begins."""
    if not paulus.completed(match):
        return
    weeks = paulus.length(match)
    var = REWARD[weeks]
    if match.state.vars.get(var):
        return
    match.state.vars[var] = True
    match.emit("paulus", f"after a {weeks}-week Paulus Pause: {WHAT[weeks]}", RULE)
