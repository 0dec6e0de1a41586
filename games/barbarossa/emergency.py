"""German emergency units (BARB 8.4): one mechanized and five non-mechanized units whose combat
factor is a die rolled for each battle (T47), then halved like any factor out of supply.

They enter in situ like the KorpsGruppen (``insitu.py``). Their names and entry turns are
stand-ins (:data:`ARRIVALS`, ruling E24). The die is rolled when a battle is fought for real (the
combat mechanic's ``wargame_battle_start``) and kept in ``battle.extra["emergency"]``; previews
assume the printed 3.
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match

ARRIVALS = {"ger-e1": 25, "ger-e2": 25, "ger-e3": 27, "ger-e4": 27, "ger-e5": 29, "ger-epz": 29}
"""Emergency unit -> first turn it may enter: stand-ins (the reverse sides are not in the text)."""


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """8.4: each emergency unit's factor for this battle is a die."""
    units = match.state.units
    rolls = {}
    for uid in [*battle.attackers, *battle.defenders]:
        if "emergency" in match.unit_type(units[uid]).get("tags", ()):
            rolls[uid] = match.roll("1d6", f"{uid}'s factor in {battle.id}", "BARB 8.4")
    if rolls:
        battle.extra["emergency"] = rolls
