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
        step(match)
    raise AssertionError(f"never reached {side}'s order")


def to_kind(match: Match, side: str, kind: str) -> None:
    for _ in range(200):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.kind == kind and d.side == side:
            return
        step(match)
    raise AssertionError(f"never reached {side}'s {kind}")


def step(match: Match) -> None:
    """End the phase if allowed, else take the first legal action (a forced attack, 5.12;
    an order; a pending choice)."""
    legal = [str(a) for a in match.legal_actions()]
    match.apply("end" if "end" in legal else legal[0])
