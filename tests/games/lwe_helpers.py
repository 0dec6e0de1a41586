"""What Land Without End's rule tests share: a fresh campaign match (seed 1) per test."""

from __future__ import annotations

from wargame.match import Match
from wargame.testing import installed


def new_match() -> Match:
    return Match(installed("lwe"), "campaign", 1)
