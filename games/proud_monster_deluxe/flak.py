"""German Flak corps (PMD 15.3, 13.4.1(1B), 8.5).

A Flak corps (the ``flak`` unit-type tag) in a defending stack, not isolated (8.5: an ISO unit
loses its special properties), halves the total attack of the Soviet Mech units attacking that
hex, rounded up (taken into the one division of 8.5 with the other reductions: ruling C19, in
``combat.py``), and negates a Soviet attacker's AFV shift: the Soviet is then not asked to
declare it (``afv.may_declare``), declaring gaining him nothing but the AFV-first loss (ruling
FL1). A Flak corps does not count for divisional stacking (stacking 0); its one-a-stack limit
is the stacking mechanic's ``tag_caps`` in ``title.json``."""

from __future__ import annotations

from fractions import Fraction

from wargame.match import Battle, Match
from wargame.state import Unit

from .turns import SOVIET

RULE = "PMD 15.3"


def protecting(match: Match, battle: Battle) -> Unit | None:
    """The Flak corps defending in the battle's hex that is not isolated, or None."""
    for unit in match.units_at(battle.target):
        if unit.side == SOVIET or "flak" not in match.unit_type(unit).get("tags", ()):
            continue
        if unit.flags.get("iso") or "iso" in unit.markers:
            continue
        return unit
    return None


def factor(match: Match, battle: Battle, unit: Unit) -> tuple[Fraction, str] | None:
    """15.3(1): a Soviet Mech attacker against a Flak corps keeps half its attack."""
    if unit.side != SOVIET or match.unit_type(unit).get("mobility") != "mech":
        return None
    found = protecting(match, battle)
    if found is None:
        return None
    return Fraction(1, 2), f"1/2 Soviet Mech against the flak of {found.id}"
