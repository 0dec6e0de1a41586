"""What Land Without End's rule tests share: a fresh campaign match (seed 1) per test."""

from __future__ import annotations

from wargame.match import Match
from wargame.testing import installed


def new_match() -> Match:
    return Match(installed("lwe"), "campaign", 1)


ANSWERS = {
    "order": "order move-then-fight",
    "concentration": "concentration pass",
    "paulus": "paulus press-on",
    "dd3": "dd3 keep",
}
"""What ``advance_to`` answers to the decisions on its way (anything else: ``end``)."""


def advance_to(match: Match, side: str, kind: str, limit: int = 200) -> None:
    """Play on from the set-up, passing every choice, until ``side`` decides ``kind``."""
    for _ in range(limit):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.side == side and d.kind == kind:
            return
        match.apply(ANSWERS.get(d.kind, "end"))
    raise AssertionError(f"never reached {side}'s {kind}")
