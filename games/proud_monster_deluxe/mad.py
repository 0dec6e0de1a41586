"""The German Mobile Artillery Division, MAD (PMD 15.21), arriving on turn 319.

A one-step Mech unit (type ``mad``) that may not mobile-assault. Attacking alone it attacks with
its defence factor (defending it uses that anyway). In a PA in offensive supply with at least one
other German division attacking from its hex it gives 1R (a unit shift, capped by 13.5) and adds
1 to the defender's step loss result, before a city doubles it (so 2 in a city). Eliminated, it
is removed from play (``eliminated.py``). Its two shell markers and their refit are
``bombard.py``'s (as HARKO's, 15.5).

Its automatic counter-battery 1L (ruling MD1; digest 17.12 asks which way it points): the text's
only counter-battery is 15.11's, the CB Guards Artillery Divisions' counter-preparation barrage
made automatic, a 1L on an enemy PA on the hex they defend in offensive supply. A 1L can only
help the MAD's side when it defends, so the MAD in offensive supply in a hex a Soviet PA
assaults shifts that PA 1L (a unit shift, in 13.5's cap), with no die roll."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.state import Unit

from .combat import CAPPED, unsupplied
from .losses import offensive_supply
from .turns import SOVIET

RULE = "PMD 15.21"
TYPE = "mad"


def is_mad(match: Match, unit: Unit) -> bool:
    return match.counter(unit)["type"] == TYPE


def _division(match: Match, unit: Unit) -> bool:
    utype = match.unit_type(unit)
    return float(utype.get("stacking", 0)) == 1 and "german" in utype.get("tags", ())


def supported(match: Match, battle: Battle) -> bool:
    """15.21: a PA with the MAD in offensive supply and another German division attacking
    from its hex."""
    if battle.kind != "attack":
        return False
    units = match.state.units
    attackers = [units[i] for i in battle.attackers if units[i].loc is not None]
    for mad in attackers:
        if not is_mad(match, mad):
            continue
        if unsupplied(mad) is not None or not offensive_supply(match, mad):
            continue
        here = battle.origins.get(mad.id)
        if any(
            u is not mad and _division(match, u) and battle.origins.get(u.id) == here
            for u in attackers
        ):
            return True
    return False


def extra_loss(match: Match, battle: Battle) -> int:
    """The defender's added step loss (15.21), before the city doubling (13.4.2)."""
    return 1 if supported(match, battle) else 0


def counter_battery(match: Match, battle: Battle) -> bool:
    """15.21 (ruling MD1): a Soviet PA on a hex the MAD defends in offensive supply."""
    units = match.state.units
    if battle.kind != "attack" or not battle.attackers:
        return False
    if units[battle.attackers[0]].side != SOVIET:
        return False
    return any(
        is_mad(match, units[i])
        and units[i].loc is not None
        and unsupplied(units[i]) is None
        and offensive_supply(match, units[i])
        for i in battle.defenders
    )


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    if supported(match, battle):
        return [Shift.right(1, "the MAD supports a German division's PA", RULE, CAPPED)]
    if counter_battery(match, battle):
        return [Shift.left(1, "the MAD's automatic counter-battery", RULE, CAPPED)]
    return []


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    """15.21: attacking alone, the MAD attacks with its defence factor."""
    units = match.state.units
    alive = [units[i] for i in battle.attackers if units[i].loc is not None]
    if battle.kind != "attack" or len(alive) != 1 or not is_mad(match, alive[0]):
        return []
    defense = match.unit_values(alive[0]).get("defense", 0)
    return [Modifier(alive[0].id, "set", defense, "the MAD attacking alone: its DF", RULE)]


@hookimpl
@veto_scope(verbs=("overrun",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.21: the MAD may not mobile-assault."""
    if len(action.args) < 3 or action.args[1] != "with":
        return None
    for uid in action.args[2].split(","):
        unit = match.state.units.get(uid)
        if unit is not None and is_mad(match, unit):
            return f"the MAD may not mobile-assault ({RULE})"
    return None
