"""Registers Dark Crusade through the ``wargame.games`` entry point, as a third party would: a
GameDef naming the data folder and the rules modules (one per section of the rulebook)."""

from __future__ import annotations

from importlib.resources import files

from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES: tuple[str, ...] = tuple(
    f"{__package__}.{name}"
    for name in (
        "setup",
        "weather",
        "strategic",
        "production",
        "siberia",
        "movement",
        "combat",
        "supply",
        "partisans",
        "victory",
        "advisor",
        "status",
    )
)
"""The rules modules, by name: imported when the title is first loaded, not when registered."""


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("dark-crusade", files(__package__) / "data", RULES)]
