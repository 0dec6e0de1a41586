"""Registers the render-net test title (a network map) the way any title registers."""

from __future__ import annotations

from pathlib import Path

from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("render-net", Path(__file__).parent / "data", ())]
