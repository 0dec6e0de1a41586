"""German Heavy Mech units (PMD 15.14).

A Heavy Mech unit (the ``heavy-mech`` unit-type tag: the seven 2-2-9 heavy panzer battalions in
the stand-in manifest) gives the Axis one column in his favour in a PA or MA, attacking or
defending, when it takes part stacked with, and attacking or defending with, at least one PD,
PGD or MID: attacking it must be in offensive supply, defending not isolated. More than one
gives no more. No declaration: taking part is enough. A unit shift, so capped (13.5)."""

from __future__ import annotations

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.state import Unit

from .combat import CAPPED, unsupplied
from .losses import offensive_supply
from .turns import AXIS

RULE = "PMD 15.14"
PARTNERS = ("pd", "pgd", "mid")
"""15.14: the divisions a Heavy Mech unit must be stacked and fight with."""


def is_heavy(match: Match, unit: Unit) -> bool:
    return "heavy-mech" in match.unit_type(unit).get("tags", ())


def _stack(battle: Battle, unit: Unit, attacking: bool) -> str | None:
    return str(battle.origins.get(unit.id)) if attacking else unit.loc


def gives_shift(match: Match, battle: Battle, attacking: bool) -> bool:
    """15.14: a qualifying Heavy Mech unit of the Axis side of this battle."""
    units = match.state.units
    ids = battle.attackers if attacking else battle.defenders
    mine = [units[i] for i in ids if units[i].loc is not None and units[i].side == AXIS]
    for unit in mine:
        if not is_heavy(match, unit):
            continue
        if attacking and (unsupplied(unit) is not None or not offensive_supply(match, unit)):
            continue
        if not attacking and unsupplied(unit) == "isolated":
            continue
        here = _stack(battle, unit, attacking)
        if any(
            match.counter(u)["type"] in PARTNERS and _stack(battle, u, attacking) == here
            for u in mine
        ):
            return True
    return False


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    if gives_shift(match, battle, True):
        return [Shift.right(1, "German Heavy Mech attacking with a PD, PGD or MID", RULE, CAPPED)]
    if battle.defenders and gives_shift(match, battle, False):
        return [Shift.left(1, "German Heavy Mech defending with a PD, PGD or MID", RULE, CAPPED)]
    return []
