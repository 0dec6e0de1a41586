"""Helpers the Barbarossa tests share: a match at a chosen turn and phase, units placed."""

from __future__ import annotations

from wargame import testing
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Registry

ADMIN = PhaseSpec(id="administration", when="administration")
"""An Administration Phase, for the rules modules' phase-start hooks called directly."""


def new(registry: Registry, scenario: str = "campaign", seed: int = 0) -> Match:
    return Match(registry.get("barbarossa"), scenario, seed)


def cleared_road_back(registry: Registry) -> Match:
    """The Road Back at its first decision, every unit taken off the map."""
    m = new(registry, "road-back")
    testing.clear(m)
    return m


def soviet_movement(registry: Registry) -> Match:
    """The Road Back at the Soviet Movement Phase of GT14 (order move-fight)."""
    m = new(registry, "road-back")
    to_order(m, "soviet")
    m.apply("order move-fight")
    to_kind(m, "soviet", "movement")
    return m


def to_order(match: Match, side: str) -> None:
    """End phases until ``side`` must choose its phase order."""
    to_kind(match, side, "order")


def to_kind(match: Match, side: str, kind: str) -> None:
    """Step (see :func:`step`) until ``side`` decides a ``kind`` decision."""
    testing.to_phase(match, side, kind, 200, step=step)


def step(match: Match) -> None:
    """End the phase if allowed, else take the first legal action (a forced attack, 5.12;
    an order; a pending choice)."""
    legal = [str(a) for a in match.legal_actions()]
    match.apply("end" if "end" in legal else legal[0])
