"""Registers Panzergruppe Guderian through the ``wargame.games`` entry point, exactly as a
third-party title would: a GameDef naming the data folder and the rules modules."""

from __future__ import annotations

from importlib.resources import files

from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES: tuple[str, ...] = tuple(
    f"{__package__}.{name}"
    for name in (
        "movement",
        "interdiction",
        "supply",
        "leaders",
        "combat",
        "reinforcements",
        "victory",
        "hints",
        "status",
    )
)
"""The rules modules, by name: imported when the title is first loaded, not when registered."""


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("panzergruppe-guderian", files(__package__) / "data", RULES)]
