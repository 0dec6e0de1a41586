"""Hexland's own rules: who wins. Everything else comes from shared mechanics."""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any]:
    """Blue wins by holding the Capital (HL 15.1) at the end; otherwise Red."""
    holder = match.side_at("0905")
    if holder == "blue":
        return {"winner": "blue", "level": "decisive", "text": "Blue holds the Capital"}
    return {"winner": "red", "level": "decisive", "text": "Red denies the Capital"}
