"""HARKO's normal effect (PMD 15.5, 13.8, 13.10(5), 13.12).

HARKO (the ``harko`` unit-type tag) never attacks itself and takes no result as an attacker; a
prepared assault made in Dry weather by units from its hex, HARKO and at least one of them in
offensive supply, adds 1 to the defender's step-loss result (2 against a city, after the city's
doubling: T23), at any odds, on a hex west of the GAS line before turn 205. Those steps are
artillery-caused: 13.10(5) counts the defender's steps after them, and 13.12's close-combat
minimum counts only the others. A stack holding HARKO may not retreat (13.8: the
``no-retreat`` tag, ``losses.retreat_capable``); HARKO is chosen for a loss only after every
other ground step of its stack (13.12).

The enhanced effect (Thor and Odin shells, assembly, refits) is ``bombard.py``."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics.combat import attackers_named
from wargame.state import Unit

from .combat import attack_halving
from .turns import AXIS, ynn
from .weather import weather_at

RULE = "PMD 15.5"
GAS_UNTIL = 205
"""15.5, 8.7: before turn 205 HARKO works only on a hex west of the GAS line."""
GAS_REGION = "gas-east"


def is_harko(match: Match, unit: Unit) -> bool:
    return "harko" in match.unit_type(unit).get("tags", ())


def supporting(match: Match, battle: Battle) -> Unit | None:
    """The HARKO unit whose normal effect this battle gets, or None (15.5)."""
    if battle.kind != "attack" or not battle.attackers:
        return None
    units = match.state.units
    if units[battle.attackers[0]].side != AXIS:
        return None
    if weather_at(match, battle.target) != "D":
        return None
    if ynn(match) < GAS_UNTIL and battle.target in match.topology.region(GAS_REGION):
        return None
    origins = {str(battle.origins.get(i, units[i].loc)): i for i in battle.attackers}
    for loc, _ in sorted(origins.items()):
        for unit in match.units_at(loc):
            if not is_harko(match, unit) or unit.id in battle.attackers:
                continue
            if attack_halving(match, battle, unit) is not None:
                continue  # HARKO must be in offensive supply
            stacked = [
                i
                for i in battle.attackers
                if str(battle.origins.get(i, units[i].loc)) == loc
                and attack_halving(match, battle, units[i]) is None
            ]
            if stacked:
                return unit
    return None


def bonus(match: Match, battle: Battle, city: bool) -> tuple[int, str | None]:
    """The steps HARKO adds to the defender's result (15.5) and why, or (0, None)."""
    harko = supporting(match, battle)
    if harko is None:
        return 0, None
    n = 2 if city else 1
    where = " (a city: doubled)" if city else ""
    return n, f"HARKO ({harko.id}): defender loss +{n}{where} ({RULE})"


@hookimpl
@veto_scope(verbs=("attack",), kinds=("combat",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.5: HARKO does not take part in the PA itself."""
    for unit in attackers_named(match, action):
        if is_harko(match, unit):
            return f"HARKO does not attack itself; it supports the PAs made from its hex ({RULE})"
    return None
