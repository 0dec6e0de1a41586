"""Helpers the Barbarossa tests share: a match at a chosen turn and phase, units placed."""

from __future__ import annotations

from wargame.match import Match
from wargame.plugins import Registry


def new(registry: Registry, scenario: str = "campaign", seed: int = 0) -> Match:
    return Match(registry.get("barbarossa"), scenario, seed)


def to_order(match: Match, side: str) -> None:
    """End phases until ``side`` must choose its phase order."""
    for _ in range(200):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.kind == "order" and d.side == side:
            return
        match.apply("end" if d.kind != "order" else match.legal_actions()[0])
    raise AssertionError(f"never reached {side}'s order")


def to_kind(match: Match, side: str, kind: str) -> None:
    for _ in range(200):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.kind == kind and d.side == side:
            return
        match.apply("end" if d.kind != "order" else match.legal_actions()[0])
    raise AssertionError(f"never reached {side}'s {kind}")
