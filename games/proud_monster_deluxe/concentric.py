"""The concentric prepared assault (PMD 13.3) on the shared geometry (``wargame.mechanics.
concentric``, as Barbarossa 11.24 and LWE 11.27 use it).

A PA whose offensively supplied attackers stand in two opposite hexes around the defender, or
in three hexes each one apart from the next, shifts 1R. Attackers not in offensive supply
(``offsupply.lacks``) do not count for the geometry; partisans and the 4 Paratroop Corps do
(15.8). There is none against Soviets in an active fort, heavy fort, fort line or Stalin line
hex, Axis units in a Hedgehog, or a defender in his Fieldworks (13.3, 13.4.2): the
construction in the hex denies it whichever one the defender claims (ruling CN2). The shift
joins the terrain, construction and unit shifts under the 13.5 cap: 13.5 names only GAST's and
the First Winter Offensive's as outside it (ruling CN1)."""

from __future__ import annotations

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics.concentric import concentric

from . import constructions, fieldworks, hedgehogs, offsupply
from .combat import CAPPED
from .turns import AXIS, SOVIET

RULE = "PMD 13.3"


def denied(match: Match, battle: Battle) -> str | None:
    """Why the hex denies the concentric shift (13.3), or None."""
    side = constructions.defender_side(match, battle)
    target = battle.target
    if side == SOVIET and constructions.active_forts(match, target):
        return "an active fort or the Stalin line"
    if side == AXIS and hedgehogs.at(match, target):
        return "a Hedgehog"
    if side is not None and fieldworks.owner(match, target) == side:
        return "Fieldworks"
    return None


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    if battle.kind != "attack" or not battle.defenders or denied(match, battle):
        return []
    units = match.state.units
    origins = [
        str(battle.origins[i])
        for i in battle.attackers
        if battle.origins.get(i) and offsupply.lacks(match, units[i]) is None
    ]
    if len(set(origins)) < 2 or not concentric(match, battle.target, origins):
        return []
    return [Shift.right(1, "concentric prepared assault", RULE, CAPPED)]
