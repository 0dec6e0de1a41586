"""Where an eliminated unit goes (PMD 13.13, 13.14).

Axis (13.13): a black-box unit is removed from the game (every minor ally, German brigade,
regiment, battalion but the 2-2-9 HPBn, corps and artillery); the 2-2-9 HPBn goes to the
Replacement Army whatever its supply; a German division goes to the Replacement Army when in
defensive supply, except the first 6 Mech and the first 6 Leg divisions eliminated in supply
after turn 210, which go to the Stalingrad Pool; one out of supply goes to the Dead Pile. The
250 Spanish Division, the one German-coloured unit that may be rebuilt (7.3), goes as a German
division; the other German-coloured units and the Spanish Legion are removed.

Soviet (13.14, supply does not matter): a black-box unit (MRD, TD, RB, MRB, TB and the other
types 13.14 lists, and a militia RD: a letter in its name) is removed from the game; an RD goes
to the Replacement Army RD pool and a CD to the CD pool, both untried again (their drawn face goes
back to its pool); any other unit to the Replacement Army Tried Units pool.

The destination of each unit is kept in ``state.ns("eliminated")`` (destination -> unit ids) for
the rebuild rules (9.5) to read. Which German divisions have a black box is on the counters
(not in the text): none do in the stand-in manifest (ruling E1)."""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

from .turns import AXIS, ynn

REMOVED = "removed"
REPLACEMENT_ARMY = "replacement-army"
STALINGRAD_POOL = "stalingrad-pool"
DEAD_PILE = "dead-pile"
RD_POOL = "rd-pool"
CD_POOL = "cd-pool"
TRIED_POOL = "tried-pool"

SOVIET_BLACK_BOX = ("mrd", "td", "rb", "parb", "nb", "mrb", "mb", "tb", "eb")
"""13.14(1): Soviet types removed from the game when eliminated."""
SPANISH_DIVISION = "sp-id"
"""7.3: the 250 Spanish Division's type, handled as a German division."""
STALINGRAD_AFTER = 210
STALINGRAD_EACH = 6
"""13.13: the first 6 Mech and 6 Leg divisions eliminated in supply after turn 210."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("eliminated")


def in_defensive_supply(match: Match, unit: Unit) -> bool:
    """8.3: the supply rules' answer for ``unit`` as it stood when eliminated (the kernel's
    ``before``: its hex and flags), air supply alone not counting (8.7; ruling E1)."""
    found = match.hook.wargame_supply(match=match, unit=unit)
    if not found:
        return True  # off the map (a box): no supply rule reaches it
    if found.get("kind") == "air":
        return False  # 8.7: a division only air-supplied goes to the Dead Pile
    return found.get("state") not in ("oos", "iso", "out", "isolated", "air")


def destination(match: Match, unit: Unit, before: Unit | None = None) -> str:
    """Where ``unit`` goes (13.13, 13.14); ``before``: the unit as it stood (its supply)."""
    counter = match.counter(unit)
    utype = match.unit_type(unit)
    tags = set(utype.get("tags", ()))
    if unit.side == AXIS:
        if counter["type"] in ("ka", "mad"):
            return REMOVED  # 15.19, 15.21: a destroyed KA or MAD is removed from play
        if counter["type"] == "hpbn":
            return REPLACEMENT_ARMY  # the 2-2-9 HPBn, whatever its supply
        german = "german" in tags or counter["type"] == SPANISH_DIVISION  # 7.3
        division = float(utype.get("stacking", 0)) == 1 and german
        if not division or counter.get("black_box"):
            return REMOVED  # minor allies, brigades, battalions, corps, artillery
        if not in_defensive_supply(match, before or unit):
            return DEAD_PILE
        if ynn(match) > STALINGRAD_AFTER:
            kind = utype.get("mobility", "leg")
            sent = _ns(match).setdefault("stalingrad-sent", {})
            if int(sent.get(kind, 0)) < STALINGRAD_EACH:
                sent[kind] = int(sent.get(kind, 0)) + 1
                return STALINGRAD_POOL
        return REPLACEMENT_ARMY
    kind = counter["type"]
    if kind in SOVIET_BLACK_BOX or counter.get("militia"):
        return REMOVED
    if kind == "sov-gad":
        return REMOVED  # 15.11: the 4 and 6 GAD (CB) are never rebuilt
    if kind == "rd":
        return RD_POOL
    if kind == "cd":
        return CD_POOL
    return TRIED_POOL


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit, before: Unit) -> None:
    if "air" in match.unit_type(unit).get("tags", ()):
        return  # 15.4: an air unit is never eliminated, only taken off for a while (air.py)
    where = destination(match, unit, before)
    _ns(match).setdefault(where, []).append(unit.id)
    if where in (RD_POOL, CD_POOL):
        match.return_to_pool(unit)  # untried again: its face goes back to the pool (13.14)
    rule = "PMD 13.13" if unit.side == AXIS else "PMD 13.14"
    match.emit("eliminated-to", f"{unit.id} goes to the {where.replace('-', ' ')}", rule)
