"""Registers Barbarossa through the ``wargame.games`` entry point, as a third party would."""

from __future__ import annotations

from importlib.resources import files

from wargame.games.barbarossa import (
    admin,
    caucasus,
    combat,
    combout,
    communists,
    conversions,
    crimea,
    decisions,
    emergency,
    events,
    fog,
    forts,
    insitu,
    lithuania,
    manstein,
    movement,
    restricted,
    rvgk,
    strategic,
    supply,
    victory,
)
from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES = (
    admin,
    caucasus,
    combout,
    communists,
    conversions,
    crimea,
    decisions,
    emergency,
    insitu,
    events,
    fog,
    forts,
    lithuania,
    manstein,
    restricted,
    rvgk,
    strategic,
    supply,
    movement,
    combat,
    victory,
)


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("barbarossa", files(__package__) / "data", RULES)]
