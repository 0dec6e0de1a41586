"""Registers Linkland the way any third-party title registers: a GameDef from the discovery hook."""

from __future__ import annotations

from pathlib import Path

from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

from . import rules


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("linkland", Path(__file__).parent / "data", (rules,))]
