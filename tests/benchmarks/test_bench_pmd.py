"""Proud Monster Deluxe's speed (issue 15), each against Panzergruppe Guderian in the same run.

``pmd-playout``: random bots play ``PLAYOUT_ACTIONS`` actions on the kernel's lazy action model
(a bot lists one verb's actors, then one actor's actions); PGG's playout is the baseline.
``pmd-web-next-decision``: the web page's "next decision" request (``GET choices``: who may act,
by level) and the complete listing (``GET legal``: every action with its costs) at the first
movement decision of the full 1941 set-up, after one move, cold (as ``test_bench_levels.py``);
PGG's at its own first movement decision is the baseline. Each prints its p95 with ``-s``; the README quotes them.
``pmd-campaign``: a whole random bot-vs-bot game (seed ``SEED``, played to its outcome); its
baseline in the same run replays the very same actions with no bot and no listing, so the
difference is what choosing costs. ``pmd-conformance``: the playout the conformance suite
records for seed 0 (:func:`wargame.testing.play`: every decision's whole legal-action list, its
notation, a sample checked, the views searched); PGG's seed 0 is the baseline.

Run timed with ``pytest tests/benchmarks/test_bench_pmd.py --benchmark-enable -s``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.benchmarks.test_bench_levels import _after, _get
from tests.benchmarks.test_bench_playout import (
    PLAYOUT_ACTIONS,
    SEED,
    Segment,
    bots,
    random_playout,
    replay,
)
from tests.benchmarks.test_web_roundtrip import Position, first_move_position, p95
from tests.test_conformance import _play as conformance_playout
from wargame.bots import play
from wargame.match import Match
from wargame.plugins import Registry, Title

PMD, PGG = "proud-monster-deluxe", "panzergruppe-guderian"
ROUNDS = 20
"""Listings behind each printed p95 when timing; 3 otherwise."""
UNTIMED_ACTIONS = 100
"""Untimed (CI runs every benchmark once), the campaign stops after this many actions: its
whole game is several seconds, and CI's conformance run plays PMD to the end anyway."""

pytestmark = pytest.mark.slow


@pytest.mark.benchmark(group="pmd-playout")
@pytest.mark.parametrize("title_id", [PMD, PGG])
def test_bench_pmd_random_playout(benchmark: Any, registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    segments = benchmark.pedantic(random_playout, args=(title,), rounds=3, iterations=1)
    assert sum(len(actions) for _, _, actions in segments) == PLAYOUT_ACTIONS
    benchmark.extra_info["actions"] = PLAYOUT_ACTIONS


ANSWERS = ("end", "concentration pass", "concentration rescind", "paulus press-on")
"""How the fixture gets past a decision: end the phase, else decline the decision PMD's rules
push on the way (8.9's supply concentration, 8.10's Paulus Pause)."""


@pytest.fixture(scope="module", params=[PMD, PGG])
def first_moves(request: Any) -> Iterator[Position]:
    """A hot-seat match ended phase by phase (declining what the rules pushed) up to its first
    decision with moves; the action is the move of the unit with the most destinations."""
    with first_move_position(request.param, ANSWERS) as position:
        yield position


@pytest.mark.benchmark(group="pmd-web-next-decision")
@pytest.mark.parametrize("what", ["choices", "legal"])
def test_bench_pmd_web_next_decision(benchmark: Any, first_moves: Position, what: str) -> None:
    """``choices``: what the page asks at each new decision (who may act, by level); ``legal``:
    the complete listing. Cold: nothing kept from before the move (cost tables stay built)."""
    rounds = 3 if benchmark.disabled else ROUNDS
    body = benchmark.pedantic(
        _get, args=(first_moves, what), setup=lambda: _after(first_moves), rounds=rounds
    )
    title = first_moves.game.match.title.id
    if what == "legal":
        assert body["count"] == len(first_moves.game.match.legal_actions()) > 0
        benchmark.extra_info["legal_actions"] = body["count"]
    else:
        assert body["moves"]
    benchmark.extra_info["p95_ms"] = p95(
        f"web {what} {title}", lambda: _get(first_moves, what), lambda: _after(first_moves), rounds
    )


def campaign(title: Title, actions: int | None) -> list[Segment]:
    """One random game from ``SEED``, to its outcome (or its first ``actions`` actions)."""
    match = Match(title, seed=SEED)
    play(match, bots(match, SEED), max_actions=actions or 100_000)
    assert actions is not None or match.outcome is not None
    return [(match.scenario_id, SEED, list(match.history))]


@pytest.mark.benchmark(group="pmd-campaign")
@pytest.mark.parametrize("what", ["campaign", "replay"])
def test_bench_pmd_campaign(benchmark: Any, registry: Registry, what: str) -> None:
    """A whole random game of the 1941 scenario; ``replay``: its actions applied again."""
    title = registry.get(PMD)
    cap = UNTIMED_ACTIONS if benchmark.disabled else None
    if what == "campaign":
        segments = benchmark.pedantic(campaign, args=(title, cap), rounds=3, iterations=1)
    else:
        segments = campaign(title, cap)
        benchmark.pedantic(replay, args=(title, segments), rounds=3, iterations=1)
    benchmark.extra_info["actions"] = len(segments[0][2])


@pytest.mark.benchmark(group="pmd-conformance")
@pytest.mark.parametrize("title_id", [PMD, PGG])
def test_bench_pmd_conformance_playout(benchmark: Any, registry: Registry, title_id: str) -> None:
    """The conformance suite's recorded playout of seed 0, as ``tests/test_conformance.py``
    plays it (views searched every fifth decision)."""
    if benchmark.disabled:
        pytest.skip("timed only: CI plays this very playout in tests/test_conformance.py")
    record = benchmark.pedantic(
        conformance_playout, args=(registry.get(title_id), 0), rounds=1, iterations=1
    )
    assert record.outcome is not None and record.refused == [] and record.leaks == []
    benchmark.extra_info["actions"] = len(record.actions)
