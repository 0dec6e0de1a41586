"""What the heuristic bot costs, against the random bot in the same run.

``whole_game``: one complete game per test title, heuristic bots on both sides, against the
same game with random bots (the baseline: listing legal actions and applying them). ``decision``:
the time the heuristic bot takes to choose on the largest map (Panzergruppe Guderian), on fixed
positions of every kind the game reaches early (set-up, movement with thousands of legal moves,
combat), against the random bot choosing on the same positions. Each round starts from a fresh
copy of the position's derived data (``match.touch()``), so listing the legal actions is in
both timings. PGG is marked ``slow``. Run timed with ``pytest tests/benchmarks --benchmark-enable``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from wargame.bots import Bot, HeuristicBot, RandomBot, play
from wargame.match import Match
from wargame.plugins import Registry, Title

SEED = 7
TEST_TITLES = ("hexland", "linkland")
PGG_DECISIONS = ("deploy", "soviet-movement", "german-movement", "german-combat")


def whole_game(title: Title, make: Callable[[int], Bot]) -> Match:
    match = Match(title, seed=SEED)
    play(match, {side: make(SEED * 1000 + k) for k, side in enumerate(match.sides)})
    return match


@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("title_id", TEST_TITLES)
def test_bench_whole_game(benchmark: Any, registry: Registry, title_id: str, bot: str) -> None:
    make: Callable[[int], Bot] = HeuristicBot if bot == "heuristic" else RandomBot
    match = benchmark.pedantic(
        whole_game, args=(registry.get(title_id), make), rounds=5, iterations=1
    )
    assert match.outcome is not None
    benchmark.extra_info["actions"] = len(match.history)


@pytest.fixture(scope="module")
def pgg_positions(registry: Registry) -> dict[str, Match]:
    """Matches stopped at the first decision of each kind, reached by random play."""
    wanted = {
        "deploy": lambda d: d.kind == "deploy",
        "soviet-movement": lambda d: d.kind == "movement" and d.side == "soviet",
        "german-movement": lambda d: d.kind == "movement" and d.side == "german",
        "german-combat": lambda d: (
            d.kind == "combat"
            and d.side == "german"
            and "attack" in {a.verb for a in match.legal_actions()}
        ),
    }
    title = registry.get("pgg")
    found: dict[str, Match] = {}
    for name, test in wanted.items():
        match = Match(title, seed=SEED)
        bots = {side: RandomBot(SEED + k) for k, side in enumerate(match.sides)}
        play(
            match,
            bots,
            until=lambda m, test=test: m.decision is not None and test(m.decision),
            max_actions=3000,
        )
        assert match.decision is not None and test(match.decision), name
        found[name] = match
    return found


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("position", PGG_DECISIONS)
def test_bench_decision_on_pgg(
    benchmark: Any, pgg_positions: dict[str, Match], position: str, bot: str
) -> None:
    match = pgg_positions[position]
    before = match.state_hash()

    def choose() -> Any:
        player: Bot = HeuristicBot(SEED) if bot == "heuristic" else RandomBot(SEED)
        return player.choose(match)

    action = benchmark.pedantic(choose, setup=match.touch, rounds=5, iterations=1)
    assert match.check(action) is None
    assert match.state_hash() == before
    benchmark.extra_info["legal_actions"] = len(match.legal_actions())
