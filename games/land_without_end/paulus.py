"""The Paulus Pause's reward (LWE 7.5). The decision (``paulus pause`` or ``paulus press-on`` at
the end of GT2, 3, 4 or 5; one per game, ruling E22i), its three turns from the next (P15:
declared at the end of GT2, GT3-5; D16: at the end of GT5, GT6-8) and the ban on German-side
attacks but into a hex holding an FZ are the shared ``paulus-pause`` mechanic, set in title.json.
Here: a completed pause frees the German of the GAS Line for the rest of the game (recorded as
``gas_ignored``, which the shared ``attenuated-supply`` mechanic reads: its ``ignored_var``)."""

from __future__ import annotations

from wargame.hookspecs import on_phase
from wargame.match import Match
from wargame.mechanics import paulus
from wargame.models import PhaseSpec


@on_phase("start", ids=("refit-start",))
def pause_complete(match: Match, phase: PhaseSpec) -> None:
    """The pause completed with its last turn: the GAS Line no longer binds (7.5)."""
    if match.state.vars.get("gas_ignored"):
        return
    first = paulus.first_turn(match)
    if first is not None and match.turn == first + paulus.settings(match).length:
        match.state.vars["gas_ignored"] = True
        match.emit("paulus", "the Paulus Pause is complete: the GAS Line is ignored", "LWE 7.5")
