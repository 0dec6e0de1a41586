"""One action's round trip through the web server, on the largest installed map.

The page sends ``POST /api/matches/{m}/actions`` with ``{"action": ..., "since": n}`` and draws
the answer: the log entries the action caused and the seat's new state (view, log, counters).
``web-action`` times exactly that through the ASGI app (Starlette's test client: in-process, no
sockets). Its baseline in the same run, ``direct``, does the kernel's share alone: the same
``Match.apply`` and ``Match.view`` on the same state. The difference is the server's overhead
(checking the seat, the log, JSON both ways). ``web-legal`` times the request the page makes next,
the legal actions of the following decision with their costs and odds: the choices, not the
picture, so it is timed separately.

Every round starts from the same position (a movement phase with every unit still to move): the
game is reset to a sandbox of it between rounds, outside the timing. Besides pytest-benchmark's
table, each test prints its own p95 over ``ROUNDS`` rounds (``-s`` shows it; the README quotes
it). Run timed with ``pytest tests/benchmarks/test_web_roundtrip.py --benchmark-enable -s``.
"""

from __future__ import annotations

import statistics
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from tests.web.conftest import make_app, page_client
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.web.app import TOKEN_HEADER
from wargame.web.games import Game

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

ROUNDS = 200
"""Round trips behind each printed p95 when timing (``--benchmark-enable``); 10 otherwise."""
MAX_ENDS = 30


def largest_title() -> Title:
    """Panzergruppe Guderian: the README's figures are quoted on it (1,652 hexes, about 3,100
    moves in a movement phase). Larger maps have come since (Land Without End, Proud Monster
    Deluxe), but their first movement phase lies behind a long set-up."""
    return discover().get("panzergruppe-guderian")


@dataclass
class Position:
    client: TestClient
    game: Game
    token: str
    base: Match
    log_size: int
    action: str

    def reset(self) -> None:
        """The game back at the position, as if the action had never been sent."""
        self.game.match = self.base.sandbox()
        del self.game.log[self.log_size :]
        if self.game.store is not None:  # the stored match forgets the action too
            self.game.store.truncate(self.game.id, self.log_size - 1, self.game.version)

    def post(self) -> dict[str, Any]:
        r = self.client.post(
            f"/api/matches/{self.game.id}/actions",
            headers={TOKEN_HEADER: self.token},
            json={"action": self.action, "since": self.log_size - 1},
        )
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def legal(self) -> dict[str, Any]:
        r = self.client.get(
            f"/api/matches/{self.game.id}/legal", headers={TOKEN_HEADER: self.token}
        )
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body


@contextmanager
def first_move_position(title_id: str, answers: Sequence[str] = ("end",)) -> Iterator[Position]:
    """A hot-seat match of ``title_id`` up to its first decision with moves, each decision on
    the way answered by the first of ``answers`` the server takes; the action is the move of
    the unit with the most destinations."""
    with page_client(make_app(discover())) as client:
        r = client.post("/api/matches", json={"title": title_id, "seed": 1, "mode": "hotseat"})
        assert r.status_code == 201, r.text
        token = r.json()["seats"][0]["token"]
        game: Game = client.app.state.hub.games[r.json()["match"]]  # type: ignore[attr-defined]
        headers = {TOKEN_HEADER: token}
        for _ in range(MAX_ENDS):
            legal = client.get(f"/api/matches/{game.id}/legal", headers=headers).json()
            if legal["moves"]:
                break
            for answer in answers:
                url = f"/api/matches/{game.id}/actions"
                if client.post(url, headers=headers, json={"action": answer}).status_code == 200:
                    break
        assert legal["moves"], f"{title_id}: no movement within {MAX_ENDS} decisions"
        group = max(legal["moves"].values(), key=lambda g: (len(g["destinations"]), g["from"]))
        far = max(group["destinations"].values(), key=lambda d: (len(d["path"]), d["action"]))
        yield Position(client, game, token, game.match.sandbox(), len(game.log), far["action"])


@pytest.fixture(scope="module")
def position() -> Iterator[Position]:
    """The largest title's first decision with moves, phases ended on the way."""
    with first_move_position(largest_title().id) as pos:
        yield pos


def p95(name: str, run: Callable[[], object], reset: Callable[[], None], rounds: int) -> float:
    """Time ``run`` ``rounds`` times, each after an untimed ``reset``; print and return the p95
    in milliseconds."""
    times = []
    for _ in range(rounds):
        reset()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    value = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    print(
        f"\n{name}: p95 {value:.1f} ms, median {statistics.median(times):.1f} ms "
        f"over {rounds} rounds"
    )
    return value


def _rounds(benchmark: Any) -> int:
    return 10 if benchmark.disabled else ROUNDS


@pytest.mark.benchmark(group="web-action")
def test_web_action_round_trip(benchmark: Any, position: Position) -> None:
    body = benchmark.pedantic(position.post, setup=position.reset, rounds=_rounds(benchmark))
    state = body["state"]
    (entry,) = body["entries"]
    assert entry["action"] == position.action
    assert state["log"][-1]["action"] == position.action and state["version"] == body["version"]
    assert state["view"] == position.game.match.view(state["view"]["as"])
    benchmark.extra_info["p95_ms"] = p95(
        f"web-action {position.game.match.title.id}: {position.action.split()[1]}",
        position.post,
        position.reset,
        _rounds(benchmark),
    )


@pytest.mark.benchmark(group="web-action")
def test_direct_apply_and_view_baseline(benchmark: Any, position: Position) -> None:
    side = position.base.decision.side if position.base.decision else None
    copies: list[Match] = []

    def fresh() -> None:
        copies[:] = [position.base.sandbox()]

    def run() -> dict[str, Any]:
        match = copies[0]
        match.apply(position.action)
        return match.view(side)

    view = benchmark.pedantic(run, setup=fresh, rounds=_rounds(benchmark))
    assert any(u.get("loc") == position.action.split()[-1] for u in view["units"])
    benchmark.extra_info["p95_ms"] = p95("direct apply + view", run, fresh, _rounds(benchmark))


@pytest.mark.benchmark(group="web-legal")
def test_web_legal_actions_after_the_action(benchmark: Any, position: Position) -> None:
    def after() -> None:
        position.reset()
        position.post()

    legal = benchmark.pedantic(position.legal, setup=after, rounds=_rounds(benchmark))
    assert legal["count"] == len(position.game.match.legal_actions()) > 0
    benchmark.extra_info["p95_ms"] = p95(
        "web-legal (the next decision's choices)", position.legal, after, _rounds(benchmark)
    )
