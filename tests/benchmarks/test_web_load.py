"""The server under load (issue 17): several clients on loopback, many matches, a restart in the
middle; requests per second and p95, no 5xx, no lost action.

A real ``wargame serve`` (its own process, its own database) takes ``CLIENTS`` clients, each a
thread with its own connection. Each client creates its matches (Dark Crusade, hot-seat: every
phase may end with "end", so any number of actions are legal without a search), then plays them
in turns: an action (``POST .../actions`` with ``since``, as the page sends it) and a poll
(``GET .../version``). Halfway the server is stopped and started again on the same database; the
clients go on with the same match ids and seat tokens. At the end every match's log holds exactly
the actions answered 200.

Counts are bounded: with ``--benchmark-enable`` 4 clients x 6 matches x 8 actions (plus creation
and polls, about 450 requests); untimed (the default, and CI) 2 x 1 x 2. Printed with ``-s``:
``pytest tests/benchmarks/test_web_load.py --benchmark-enable -s`` (the README quotes it).
"""

from __future__ import annotations

import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.web.served import Server
from wargame.web.app import PAGE_HEADER, TOKEN_HEADER

TIMED = {"clients": 4, "matches": 6, "actions": 8}
UNTIMED = {"clients": 2, "matches": 1, "actions": 2}


@dataclass
class Client:
    """One player's connection, its matches and what it saw."""

    server: Server
    matches: dict[str, str] = field(default_factory=dict)  # id -> seat token
    answered: dict[str, int] = field(default_factory=dict)  # id -> actions answered 200
    times: list[tuple[str, float]] = field(default_factory=list)  # (kind, seconds) per request
    statuses: list[int] = field(default_factory=list)

    def request(self, http: httpx.Client, method: str, path: str, **kw: Any) -> httpx.Response:
        headers = {PAGE_HEADER: self.server.key, **kw.pop("headers", {})}
        start = time.perf_counter()
        r = http.request(method, self.server.url + path, headers=headers, timeout=120, **kw)
        kind = "create" if path == "api/matches" else path.rsplit("/", 1)[-1]
        self.times.append((kind, time.perf_counter() - start))
        self.statuses.append(r.status_code)
        return r

    def create(self, count: int, first_seed: int) -> None:
        with httpx.Client() as http:
            for n in range(count):
                body = {"title": "dc", "seed": first_seed + n, "mode": "hotseat"}
                r = self.request(http, "POST", "api/matches", json=body)
                assert r.status_code == 201, r.text
                self.matches[r.json()["match"]] = r.json()["seats"][0]["token"]
                self.answered[r.json()["match"]] = 0

    def play(self, actions: int) -> None:
        with httpx.Client() as http:
            for _ in range(actions):
                for gid, token in self.matches.items():
                    seat = {TOKEN_HEADER: token}
                    since = self.answered[gid]
                    body = {"action": "end", "since": since}
                    r = self.request(
                        http, "POST", f"api/matches/{gid}/actions", json=body, headers=seat
                    )
                    if r.status_code == 200:
                        self.answered[gid] += 1
                    self.request(http, "GET", f"api/matches/{gid}/version", headers=seat)


def _run(clients: list[Client], work: Any) -> float:
    threads = [threading.Thread(target=work, args=(c,)) for c in clients]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    return time.perf_counter() - start


def test_many_clients_many_matches_and_a_restart(benchmark: Any, tmp_path: Path) -> None:
    counts = UNTIMED if benchmark.disabled else TIMED
    db = tmp_path / "matches.sqlite"
    report: dict[str, Any] = {}

    def load() -> None:
        server = Server(db, "--title", "dc")
        clients = [Client(server) for _ in range(counts["clients"])]
        half = counts["actions"] // 2
        busy = _run(clients, lambda c: c.create(counts["matches"], 1000 * clients.index(c)))
        busy += _run(clients, lambda c: c.play(half))
        restart = time.perf_counter()
        server.stop()
        server = Server(db, "--title", "dc")
        restart = time.perf_counter() - restart
        for client in clients:
            client.server = server
        busy += _run(clients, lambda c: c.play(counts["actions"] - half))
        try:
            kept = {}
            with httpx.Client() as http:
                for client in clients:
                    for gid, token in client.matches.items():
                        r = http.get(
                            f"{server.url}api/matches/{gid}/state",
                            headers={TOKEN_HEADER: token},
                            timeout=120,
                        )
                        assert r.status_code == 200, r.text
                        kept[gid] = r.json()["log_size"] - 1
        finally:
            server.stop()
        report.update(clients=clients, busy=busy, restart=restart, kept=kept)

    benchmark.pedantic(load, rounds=1, iterations=1)
    clients: list[Client] = report["clients"]
    statuses = [s for c in clients for s in c.statuses]
    times = [t for c in clients for _, t in c.times]
    answered = {gid: n for c in clients for gid, n in c.answered.items()}
    assert not [s for s in statuses if s >= 500], "a 5xx under load"
    assert report["kept"] == answered, "an action answered 200 was lost"
    assert sum(answered.values()) == counts["clients"] * counts["matches"] * counts["actions"]
    p95 = _p95(times)
    rate = len(times) / report["busy"]
    kinds = {
        k: [t for c in clients for kk, t in c.times if kk == k]
        for k in ("create", "actions", "version")
    }
    benchmark.extra_info.update(requests=len(times), per_second=round(rate, 1), p95_ms=p95)
    print(
        f"\nweb load: {counts['clients']} clients, {len(answered)} matches, {len(times)} requests "
        f"({sum(answered.values())} actions) in {report['busy']:.1f} s: {rate:.1f} requests/s, "
        f"p95 {p95:.0f} ms, median {statistics.median(times) * 1000:.0f} ms; restart "
        f"{report['restart']:.1f} s; 5xx: 0; actions lost: 0; p95 by request: "
        + ", ".join(f"{k} {_p95(v):.0f} ms ({len(v)})" for k, v in kinds.items())
    )


def _p95(seconds: list[float]) -> float:
    """The 95th percentile in milliseconds."""
    if len(seconds) < 2:
        return seconds[0] * 1000
    return statistics.quantiles(seconds, n=20)[-1] * 1000
