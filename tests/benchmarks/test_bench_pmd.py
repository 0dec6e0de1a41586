"""Proud Monster Deluxe's speed (issue 15), each against Panzergruppe Guderian in the same run.

``pmd-playout``: random bots play ``PLAYOUT_ACTIONS`` actions on the kernel's lazy action model
(a bot lists one verb's actors, then one actor's actions); PGG's playout is the baseline.
``pmd-web-next-decision``: the web page's "next decision" request (``GET choices``: who may act,
by level) and the complete listing (``GET legal``: every action with its costs) at the first
movement decision of the full 1941 set-up, after one move, cold (as ``test_bench_levels.py``);
PGG's at its own first movement decision is the baseline. Each prints its p95 with ``-s``; the README quotes them.

Run timed with ``pytest tests/benchmarks/test_bench_pmd.py --benchmark-enable -s``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.benchmarks.test_bench_levels import _after, _get
from tests.benchmarks.test_bench_playout import PLAYOUT_ACTIONS, random_playout
from tests.benchmarks.test_web_roundtrip import MAX_ENDS, Position, p95
from tests.web.conftest import make_app, page_client
from wargame.plugins import Registry, discover
from wargame.web.app import TOKEN_HEADER
from wargame.web.games import Game

PMD, PGG = "proud-monster-deluxe", "panzergruppe-guderian"
ROUNDS = 20
"""Listings behind each printed p95 when timing; 3 otherwise."""

pytestmark = pytest.mark.slow


@pytest.mark.benchmark(group="pmd-playout")
@pytest.mark.parametrize("title_id", [PMD, PGG])
def test_bench_pmd_random_playout(benchmark: Any, registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    segments = benchmark.pedantic(random_playout, args=(title,), rounds=3, iterations=1)
    assert sum(len(actions) for _, _, actions in segments) == PLAYOUT_ACTIONS
    benchmark.extra_info["actions"] = PLAYOUT_ACTIONS


@pytest.fixture(scope="module", params=[PMD, PGG])
def first_moves(request: Any) -> Iterator[Position]:
    """A hot-seat match ended phase by phase up to its first decision with moves; the action is
    the move of the unit with the most destinations."""
    with page_client(make_app(discover())) as client:
        r = client.post("/api/matches", json={"title": request.param, "seed": 1, "mode": "hotseat"})
        assert r.status_code == 201, r.text
        token = r.json()["seats"][0]["token"]
        game: Game = client.app.state.hub.games[r.json()["match"]]  # type: ignore[attr-defined]
        headers = {TOKEN_HEADER: token}
        for _ in range(MAX_ENDS):
            legal = client.get(f"/api/matches/{game.id}/legal", headers=headers).json()
            if legal["moves"]:
                break
            client.post(f"/api/matches/{game.id}/actions", headers=headers, json={"action": "end"})
        assert legal["moves"], f"{request.param}: no movement within {MAX_ENDS} decisions"
        group = max(legal["moves"].values(), key=lambda g: (len(g["destinations"]), g["from"]))
        far = max(group["destinations"].values(), key=lambda d: (len(d["path"]), d["action"]))
        yield Position(client, game, token, game.match.sandbox(), len(game.log), far["action"])


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
