"""What Land Without End's rule tests share: a fresh campaign match (seed 1) per test."""

from __future__ import annotations

import pytest

from wargame.match import Match
from wargame.testing import clear, installed, put


def new_match() -> Match:
    return Match(installed("lwe"), "campaign", 1)


ANSWERS = {
    "order": "order move-then-fight",
    "concentration": "concentration pass",
    "paulus": "paulus press-on",
    "dd3": "dd3 keep",
    "air": "air hold",
    "dl1": "dl1 retreat",
}
"""What ``advance_to`` answers to the decisions on its way (anything else: ``end``)."""


def advance_to(match: Match, side: str, kind: str, turn: int = 1, limit: int = 400) -> None:
    """Play on from the set-up, passing every choice (or, where passing is refused, taking the
    first legal action), until ``side`` decides ``kind`` on game turn ``turn`` or later."""
    for _ in range(limit):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.side == side and d.kind == kind and match.turn >= turn:
            return
        answer = ANSWERS.get(d.kind, "end")
        if match.check(answer) is not None:  # e.g. attacks owed under Directive No. 3 (5.6)
            answer = str(match.legal_actions()[0])
        match.apply(answer)
    raise AssertionError(f"never reached {side}'s {kind}")


@pytest.fixture(name="match")
def german_movement() -> Match:
    """A match at the German Movement Phase of GT1 with every unit taken off the map: rule tests
    place what they need (import it into the test module as a fixture)."""
    m = new_match()
    advance_to(m, "german", "movement")
    clear(m)
    return m


def clear_pair(match: Match) -> tuple[str, str]:
    """Two adjacent clear USSR hexes west of the GAS Line, no town, no hexside feature between
    them: a battle there has no terrain effect and no GAST roll before August."""
    topo = match.topology
    east = set(topo.region("gas-east"))
    for h in sorted(topo.region("country:ussr")):
        if h in east or topo.terrain(h) != "clear" or set(topo.features(h)):
            continue
        for n in topo.neighbours(h):
            edge = topo.edge(h, n)
            if n in east or topo.terrain(n) != "clear" or set(topo.features(n)):
                continue
            if edge is None or not edge.features:
                return h, n
    raise AssertionError("no clear pair")


def combat_pair(side: str, first: str, second: str, turn: int = 1) -> tuple[Match, str, str]:
    """``side``'s combat phase on GT``turn`` or later with the map cleared, ``first`` in one hex
    of a :func:`clear_pair` and ``second`` in the other: the match and the two hexes."""
    m = new_match()
    advance_to(m, side, "combat", turn=turn)
    clear(m)
    a, b = clear_pair(m)
    put(m, first, a)
    put(m, second, b)
    return m, a, b
