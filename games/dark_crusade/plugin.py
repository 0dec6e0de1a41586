"""Registers Dark Crusade through the ``wargame.games`` entry point, as a third party would: a
GameDef naming the data folder and the rules modules (one per section of the rulebook)."""

from __future__ import annotations

from importlib.resources import files

from wargame.games.dark_crusade import (
    advisor,
    combat,
    movement,
    partisans,
    production,
    setup,
    siberia,
    strategic,
    supply,
    victory,
    weather,
)
from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES: tuple[object, ...] = (
    setup,
    weather,
    strategic,
    production,
    siberia,
    movement,
    combat,
    supply,
    partisans,
    victory,
    advisor,
)


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("dark-crusade", files(__package__) / "data", RULES)]
