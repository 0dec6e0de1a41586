"""What the heuristic bot costs, against the random bot in the same run.

``bot_game``: one bot-vs-bot game per registered title, heuristic bots on both sides, against
the same game with random bots (the baseline: listing legal actions and applying them; the two
rows share a benchmark group). A test title's game is played whole; a full title's only for its
first ``FULL_TURNS`` turns (its first ``UNTIMED_ACTIONS`` actions when benchmarks are disabled, as in the test suite) (a whole Panzergruppe Guderian game with heuristic bots runs for
about a minute), marked ``slow``. ``decision``: the time the heuristic bot takes to choose on
the largest registered map (most locations), on positions random play reaches first for each
side and decision kind (set-up, movement with thousands of legal moves, combat), against the
random bot choosing on the same positions. Each round starts from a fresh copy of the
position's derived data (``match.touch()``), so listing the legal actions is in both timings.
Run timed with ``pytest tests/benchmarks --benchmark-enable``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import TEST_TITLE_PLUGINS
from wargame.bots import Bot, HeuristicBot, RandomBot, play
from wargame.match import Match
from wargame.plugins import Registry, Title, discover

SEED = 7
TEST_TITLES = ("hexland", "linkland")
FULL_TURNS = 3
"""A full title's game is timed over its first this many turns."""
UNTIMED_ACTIONS = 50
"""Untimed, as in the test suite, a full title's game stops after this many actions (the
heuristic bot's three turns of Proud Monster Deluxe take minutes)."""
KINDS = ("deploy", "movement", "combat")
SEARCH_ACTIONS = 1000
"""The random game searched for those positions stops after this many actions (movement and
combat come in the first turn of every title; a title with no deploy choices is skipped)."""
BOTS: dict[str, Callable[[int], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}

TITLE_IDS = sorted(discover(extra=TEST_TITLE_PLUGINS).titles)
TITLES = [
    pytest.param(tid, id=tid, marks=() if tid in TEST_TITLES else (pytest.mark.slow,))
    for tid in TITLE_IDS
]


def bot_game(
    title: Title, make: Callable[[int], Bot], turns: int | None, actions: int = 100_000
) -> Match:
    """A game from ``SEED``, whole, or up to the first decision after turn ``turns``, or its
    first ``actions`` actions."""
    match = Match(title, seed=SEED)

    def after(m: Match) -> bool:
        return turns is not None and m.state.cursor.stage == "turn" and m.turn > turns

    bots = {side: make(SEED * 1000 + k) for k, side in enumerate(match.sides)}
    play(match, bots, max_actions=actions, until=after)
    return match


@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("title_id", TITLES)
def test_bench_bot_game(benchmark: Any, registry: Registry, title_id: str, bot: str) -> None:
    full = title_id not in TEST_TITLES
    turns = FULL_TURNS if full else None
    # untimed (the test suite's single run): a full title's first UNTIMED_ACTIONS show it works
    actions = UNTIMED_ACTIONS if full and not benchmark.enabled else 100_000
    benchmark.group = f"bot-game-{title_id}" + (f"-{FULL_TURNS}-turns" if full else "")
    match = benchmark.pedantic(
        bot_game,
        args=(registry.get(title_id), BOTS[bot], turns, actions),
        rounds=2 if full else 5,
        iterations=1,
    )
    if full:
        assert match.outcome is not None or match.turn > FULL_TURNS or len(match.history) == actions
    else:
        assert match.outcome is not None
    benchmark.extra_info["actions"] = len(match.history)
    benchmark.extra_info["turns"] = match.turn


def largest(registry: Registry) -> Title:
    """The registered title with the most locations (boxes included)."""
    return max(
        (registry.get(tid) for tid in TITLE_IDS),
        key=lambda t: (len(t.topology.locations()), t.id),
    )


@pytest.fixture(scope="module")
def positions(registry: Registry) -> dict[tuple[int, str], Match]:
    """Copies of the match at the first decision of each kind for each side that offers more
    than one choice (a combat phase: some battle besides ``end``), all from one random game."""
    title = largest(registry)
    found: dict[tuple[int, str], Match] = {}
    wanted = {(k, kind) for k in range(len(title.sides)) for kind in KINDS}

    def snapshot(m: Match) -> bool:
        d = m.decision
        if d is not None and d.kind in KINDS:
            key = (title.sides.index(d.side), d.kind)
            if key not in found and len(m.legal_actions()) > 1:
                found[key] = m.sandbox()
        return set(found) == wanted

    match = Match(title, seed=SEED)
    play(
        match,
        {s: RandomBot(SEED + n) for n, s in enumerate(match.sides)},
        until=snapshot,
        max_actions=SEARCH_ACTIONS,
    )
    return found


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("side", [0, 1], ids=["side0", "side1"])
def test_bench_decision_on_the_largest_map(
    benchmark: Any,
    positions: dict[tuple[int, str], Match],
    side: int,
    kind: str,
    bot: str,
) -> None:
    match = positions.get((side, kind))
    if match is None:
        pytest.skip(
            f"no {kind} decision with a choice for side {side} in {SEARCH_ACTIONS} random actions"
        )
    decision = match.decision
    assert decision is not None
    before = match.state_hash()
    benchmark.group = f"decision-{match.title.id}-{decision.side}-{kind}"

    def choose() -> Any:
        return BOTS[bot](SEED).choose(match)

    action = benchmark.pedantic(choose, setup=match.touch, rounds=5, iterations=1)
    assert match.check(action) is None
    assert match.state_hash() == before
    benchmark.extra_info["title"] = match.title.id
    benchmark.extra_info["legal_actions"] = len(match.legal_actions())
    benchmark.extra_info["turn"] = decision.turn
