"""Batch simulation: reproducible games whatever the number of workers, Wilson intervals, the
raw rows as JSON and CSV, the plot, and one-line errors with exit status 2 for bad input."""

from __future__ import annotations

import csv
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.simulate_helpers import Cli, simulate_cli, without_time
from tests.simulate_helpers import one_line_error as fails
from wargame import bots as bots_module
from wargame.actions import Action
from wargame.match import Match
from wargame.simulate import (
    GameResult,
    GameSpec,
    bot_seed,
    make_specs,
    play_game,
    run_games,
    summarize,
    wilson,
)

NAMES = ("tests.titles.hexland.plugin", "tests.titles.linkland.plugin")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    return simulate_cli(capsys)


# ----------------------------------------------------------------------------- statistics


def test_wilson_intervals_match_the_textbook() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(81, 100) == pytest.approx((0.7222, 0.8749), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_wins_draws_and_failures() -> None:
    def row(
        i: int, winner: str | None, finished: bool = True, error: str | None = None, vp: float = 0
    ) -> GameResult:
        return GameResult(
            i,
            i,
            "t",
            "s",
            ["a", "b"],
            ["heuristic", "random"],
            winner=winner,
            vp={"a": vp, "b": 0.0},
            actions=10 + i,
            turns=3,
            finished=finished,
            error=error,
        )

    results = [
        row(0, "a", vp=4),
        row(1, "a", vp=8),
        row(2, "b"),
        row(3, None),
        row(4, None, finished=False),
        row(5, None, finished=False, error="Boom"),
    ]
    summary = summarize(results)
    assert summary["games"] == 6
    assert summary["sides"]["a"]["wins"] == 2 and summary["sides"]["b"]["wins"] == 1
    assert summary["sides"]["a"]["ci95"] == list(wilson(2, 6))
    assert summary["draws"]["count"] == 1
    assert summary["unfinished"] == 1 and summary["errors"] == 1
    assert summary["actions"]["min"] == 10 and summary["actions"]["max"] == 15
    assert summary["vp"]["a"]["max"] == 8


# ----------------------------------------------------------------------------- games


def test_bot_seeds_are_fixed_and_differ_between_games_and_sides() -> None:
    assert bot_seed(7, 0) == bot_seed(7, 0)
    seeds = {bot_seed(s, k) for s in range(20) for k in range(2)}
    assert len(seeds) == 40


def test_a_game_replays_from_its_spec(registry: Any) -> None:
    spec = GameSpec(3, "hexland", 42, ("heuristic", "random"), plugins=NAMES)
    first, again = play_game(spec), play_game(spec)
    assert first.error is None and first.finished
    assert without_time([first.to_json()]) == without_time([again.to_json()])
    assert first.seed == 42 and first.index == 3 and first.bots == ["heuristic", "random"]
    assert first.vp_by_turn[-1]["turn"] == first.turns
    # the same game by hand: dice seed 42, each bot seeded from it and its side
    match = Match(registry.get("hexland"), seed=42)
    played = {
        s: bots_module.make_bot(n, bot_seed(42, k))
        for k, (s, n) in enumerate(zip(match.sides, spec.bots, strict=True))
    }
    bots_module.play(match, played)
    assert len(match.history) == first.actions
    assert (match.outcome or {}).get("winner") == first.winner


def test_any_executor_will_do_and_rows_come_in_game_order() -> None:
    specs = make_specs("linkland", 4, ["random", "heuristic"], seed=9, plugins=NAMES)
    here = run_games(specs)
    with ThreadPoolExecutor(max_workers=3) as pool:
        seen: list[int] = []
        threaded = run_games(specs, pool, lambda done, total: seen.append(done))
    assert [r.index for r in threaded] == [0, 1, 2, 3]
    assert [r.seed for r in threaded] == [9, 10, 11, 12]
    assert seen == [1, 2, 3, 4]
    assert without_time([r.to_json() for r in here]) == without_time(
        [r.to_json() for r in threaded]
    )


def test_a_failing_game_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, match: Match) -> Action:
            raise RuntimeError("the bot fell over")

    monkeypatch.setitem(bots_module.BOTS, "broken", Broken)
    result = play_game(GameSpec(0, "hexland", 1, ("broken", "random"), plugins=NAMES))
    assert not result.finished
    assert result.error == "RuntimeError: the bot fell over"
    assert summarize([result])["errors"] == 1


# ----------------------------------------------------------------------------- the command


def test_the_same_seeds_give_the_same_games_on_one_or_two_workers(cli: Cli) -> None:
    runs = [
        cli("hexland", "--games", "4", "--seed", "20", "--workers", k, "--json") for k in ("1", "2")
    ]
    assert [r.code for r in runs] == [0, 0]
    one, two = (json.loads(r.out) for r in runs)
    assert without_time(one["games"]) == without_time(two["games"])
    assert [g["seed"] for g in one["games"]] == [20, 21, 22, 23]
    assert one["summary"]["games"] == 4 and two["summary"]["workers"] == 2
    assert "4/4 games" in runs[1].err  # the progress bar


def test_json_rows_and_the_text_report(cli: Cli) -> None:
    result = cli(
        "linkland", "--games", "3", "--bots", "heuristic,random", "--workers", "1", "--json"
    )
    assert result.code == 0
    data = json.loads(result.out)
    game = data["games"][0]
    assert game["bots"] == ["heuristic", "random"] and game["sides"] == ["west", "east"]
    assert {
        "winner",
        "winner_bot",
        "level",
        "vp",
        "vp_by_turn",
        "actions",
        "turns",
        "seconds",
        "error",
    } <= set(game)
    summary = data["summary"]
    assert set(summary["sides"]) == {"west", "east"}
    wins = sum(s["wins"] for s in summary["sides"].values()) + summary["draws"]["count"]
    assert wins == 3
    text = cli("linkland", "--games", "2", "--workers", "1")
    assert text.code == 0
    assert "west (heuristic)" in text.out and "95% CI" in text.out


def test_csv_rows_and_a_png_plot(cli: Cli, tmp_path: Path) -> None:
    table, picture = tmp_path / "games.csv", tmp_path / "vp.png"
    result = cli(
        "hexland",
        "--games",
        "3",
        "--bots",
        "random,heuristic",
        "--workers",
        "1",
        "--csv",
        str(table),
        "--plot",
        str(picture),
    )
    assert result.code == 0, result.err
    with table.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["seed"] for r in rows] == ["0", "1", "2"]
    assert {
        "bot_blue",
        "bot_red",
        "winner",
        "winner_bot",
        "actions",
        "turns",
        "vp_blue",
        "vp_red",
    } <= set(rows[0])
    assert rows[0]["bot_blue"] == "random" and rows[0]["bot_red"] == "heuristic"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {picture}" in result.out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["nowhere", "--games", "2"], ["nowhere"]),
        (["hexland", "--games", "2", "--bots", "heuristic,clever"], ["unknown bot 'clever'"]),
        (["hexland", "--games", "0"], ["--games", "at least 1"]),
        (["hexland", "--games", "-3"], ["--games"]),
        (["hexland", "--games", "2", "--workers", "0"], ["--workers", "at least 1"]),
        (["hexland", "--games", "two"], ["--games"]),
        (["hexland", "--games", "2", "--bots", "a,b,c"], ["3 bots"]),
        (["hexland", "--games", "2", "--scenario", "winter"], ["no scenario 'winter'"]),
        (["hexland", "--games", "2", "--plot", "out.jpg"], [".png"]),
        (["hexland", "--games", "2", "--csv", "/no/such/dir/x.csv"], ["no such folder"]),
        (["hexland"], ["--games"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Cli, argv: list[str], fragments: list[str]) -> None:
    fails(cli(*argv), *fragments)
