"""Registers Panzergruppe Guderian through the ``wargame.games`` entry point, exactly as a
third-party title would: a GameDef naming the data folder and the rules modules."""

from __future__ import annotations

from importlib.resources import files

from wargame.games.panzergruppe_guderian import (
    combat,
    hints,
    interdiction,
    leaders,
    movement,
    reinforcements,
    supply,
    victory,
)
from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES = (movement, interdiction, supply, leaders, combat, reinforcements, victory, hints)


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("panzergruppe-guderian", files(__package__) / "data", RULES)]
