"""Registers Land Without End through the ``wargame.games`` entry point, as a third party would."""

from __future__ import annotations

from importlib.resources import files

from wargame.games.land_without_end import (
    arko,
    combat,
    dd3,
    guards,
    ica,
    mobile,
    nationality,
    offmap,
    paulus,
    refill,
    refit,
    reinforcements,
    replacements,
    rollbahn,
    sectors,
    sequence,
    setup,
    supply,
    victory,
    weather,
    withdrawals,
)
from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES = (
    setup,
    sequence,
    weather,
    dd3,
    supply,
    paulus,
    rollbahn,
    replacements,
    guards,
    ica,
    mobile,
    nationality,
    sectors,
    combat,
    victory,
    withdrawals,
    arko,
    refill,
    refit,
    reinforcements,
    offmap,
)


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("land-without-end", files(__package__) / "data", RULES)]
