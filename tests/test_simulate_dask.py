"""``wargame simulate --scheduler``: the same games on a Dask cluster give the same rows as a
local run for the same seeds; an unreachable or malformed scheduler address, or a missing
``distributed`` install, is a one-line error with exit status 2, quickly."""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.simulate_helpers import Cli, one_line_error, simulate_cli, without_time
from wargame import simulate
from wargame.errors import UsageError
from wargame.simulate import GameSpec, run_games

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.xdist_group("dask")  # one cluster per test process, not per test

ROOT = str(Path(__file__).resolve().parent.parent)  # where worker processes find tests.titles


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    return simulate_cli(capsys)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local Dask cluster of two worker processes, one thread each, started for these tests;
    its workers import the test titles' plugins from the repository, as a real cluster's
    workers would import an installed title."""
    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        dashboard_address=":0",  # no fixed port: the machine may be running another
        env={"PYTHONPATH": ROOT},
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def free_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# ----------------------------------------------------------------------------- on a cluster


@pytest.mark.parametrize(
    ("title", "bots", "seed"),
    [("hexland", "heuristic,random", 30), ("linkland", "random,heuristic", 70)],
)
def test_the_cluster_plays_the_same_games_as_a_local_run(
    cli: Cli, scheduler: str, title: str, bots: str, seed: int
) -> None:
    common = (title, "--games", "4", "--bots", bots, "--seed", str(seed), "--json")
    local = cli(*common, "--workers", "1")
    remote = cli(*common, "--scheduler", scheduler)
    assert (local.code, remote.code) == (0, 0), remote.err
    here, there = json.loads(local.out), json.loads(remote.out)
    assert [g["seed"] for g in there["games"]] == [seed, seed + 1, seed + 2, seed + 3]
    assert all(g["finished"] and g["error"] is None for g in there["games"])
    assert without_time(there["games"]) == without_time(here["games"])
    assert there["summary"]["scheduler"] == scheduler
    assert there["summary"]["workers"] == 2  # the cluster's worker threads
    assert there["summary"]["sides"] == here["summary"]["sides"]
    assert "4/4 games" in remote.err  # the progress bar follows the cluster too


def test_the_text_report_names_the_cluster(cli: Cli, scheduler: str) -> None:
    result = cli("linkland", "--games", "2", "--scheduler", scheduler)
    assert result.code == 0, result.err
    assert f"played on the Dask cluster at {scheduler}" in result.out
    assert "95% CI" in result.out


# ----------------------------------------------------------------------------- bad input


def test_an_unreachable_scheduler_is_a_quick_one_line_error(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate, "CONNECT_TIMEOUT", 1.5)
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.perf_counter()
    result = cli("hexland", "--games", "2", "--scheduler", address)
    elapsed = time.perf_counter() - started
    one_line_error(result, "cannot reach the Dask scheduler", address)
    assert elapsed < 10, f"took {elapsed:.1f} s to give up"


def test_the_default_wait_for_a_scheduler_is_a_few_seconds() -> None:
    assert 1 <= simulate.CONNECT_TIMEOUT <= 10


@pytest.mark.parametrize(
    ("address", "fragments"),
    [("garbage", ["cannot reach the Dask scheduler at garbage"]), ("  ", ["needs an address"])],
)
def test_a_malformed_address_is_a_one_line_error(
    cli: Cli, address: str, fragments: list[str]
) -> None:
    one_line_error(cli("hexland", "--games", "2", "--scheduler", address), *fragments)


def test_workers_and_a_scheduler_do_not_mix(cli: Cli) -> None:
    result = cli("hexland", "--games", "2", "--workers", "2", "--scheduler", "tcp://1.2.3.4:1")
    one_line_error(result, "--workers", "--scheduler", "not both")


def test_without_distributed_installed_the_error_says_what_to_install(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    result = cli("hexland", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786")
    one_line_error(result, "pip install", "[distributed]")


def test_a_game_a_worker_cannot_play_is_a_usage_error_naming_it() -> None:
    """A cluster worker without a title's plugin installed: the batch stops with the game."""
    specs = [GameSpec(0, "hexland", 5, ("random", "random"), plugins=("tests.no_such_plugin",))]
    with ThreadPoolExecutor(max_workers=1) as pool, pytest.raises(UsageError) as caught:
        run_games(specs, pool)
    assert str(caught.value).startswith("game 0 (seed 5) could not be played: ModuleNotFound")
