"""Random-playout speed of every registered title, and whole bot-vs-bot games of the test titles.

``playout``: random bots play ``PLAYOUT_ACTIONS`` actions from ``SEED`` (a game that ends early
is followed by the next seed's), so actions per second = ``PLAYOUT_ACTIONS`` / mean time. Its
baseline in the same run, ``replay``, applies the very same actions with no bot and no legal
action lists: the difference is what listing legal actions and choosing among them costs.
``whole_game``: one complete bot-vs-bot game per test title, seed fixed.

Full titles are marked ``slow`` (seconds per round). Run timed with
``pytest tests/benchmarks --benchmark-enable``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import TEST_TITLE_PLUGINS
from wargame.bots import RandomBot, play
from wargame.match import Match
from wargame.plugins import Registry, Title, discover

PLAYOUT_ACTIONS = 300
SEED = 7
TEST_TITLES = ("hexland", "linkland")

TITLE_IDS = sorted(discover(extra=TEST_TITLE_PLUGINS).titles)
TITLES = [
    pytest.param(tid, id=tid, marks=() if tid in TEST_TITLES else (pytest.mark.slow,))
    for tid in TITLE_IDS
]

Segment = tuple[str, int, list[str]]
"""(scenario, seed, actions) of one game or its beginning."""


def bots(match: Match, seed: int) -> dict[str, Any]:
    return {side: RandomBot(seed * 1000 + n) for n, side in enumerate(match.sides)}


def random_playout(title: Title, actions: int = PLAYOUT_ACTIONS, seed: int = SEED) -> list[Segment]:
    """Play ``actions`` random actions, game after game; the games played, for a replay."""
    segments: list[Segment] = []
    left = actions
    while left > 0:
        match = Match(title, seed=seed)
        left -= play(match, bots(match, seed), max_actions=left)
        segments.append((match.scenario_id, seed, list(match.history)))
        seed += 1
    return segments


def replay(title: Title, segments: list[Segment]) -> int:
    applied = 0
    for scenario, seed, actions in segments:
        match = Match(title, scenario, seed)
        for text in actions:
            match.apply(text)
        applied += len(actions)
    return applied


def whole_game(title: Title, seed: int = SEED) -> Match:
    match = Match(title, seed=seed)
    play(match, bots(match, seed))
    return match


@pytest.mark.parametrize("title_id", TITLES)
def test_bench_random_playout(benchmark: Any, registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    segments = benchmark.pedantic(random_playout, args=(title,), rounds=5, iterations=1)
    assert sum(len(actions) for _, _, actions in segments) == PLAYOUT_ACTIONS
    benchmark.extra_info["actions"] = PLAYOUT_ACTIONS
    benchmark.extra_info["games"] = len(segments)


@pytest.mark.parametrize("title_id", TITLES)
def test_bench_replay_baseline(benchmark: Any, registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    segments = random_playout(title)
    applied = benchmark.pedantic(replay, args=(title, segments), rounds=5, iterations=1)
    assert applied == PLAYOUT_ACTIONS
    benchmark.extra_info["actions"] = PLAYOUT_ACTIONS


@pytest.mark.parametrize("title_id", TEST_TITLES)
def test_bench_whole_game(benchmark: Any, registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    match = benchmark.pedantic(whole_game, args=(title,), rounds=10, iterations=1)
    assert match.outcome is not None
    benchmark.extra_info["actions"] = len(match.history)
