"""Batch simulation: many seeded bot-vs-bot games, in parallel, summed up for balance reports.

Game ``i`` of a batch plays with dice seed ``S + i`` and bots seeded from that seed and their
side (:func:`bot_seed`), so any one game can be played again alone, and a batch gives the same
rows whatever the number of workers. :func:`run_games` takes any ``concurrent.futures``-style
executor (``submit`` returning futures that ``concurrent.futures.as_completed`` accepts): a local
``ProcessPoolExecutor`` here, or the executor of a Dask ``distributed`` client to go past one
machine (:func:`run_dask`, ``--scheduler ADDRESS``; an optional extra). A game is described by
plain data (:class:`GameSpec`) and played by a top-level function (:func:`play_game`), so both
cross process boundaries by pickling; each worker process discovers the titles once.

Reports: win rates per side with 95% Wilson score intervals (they stay inside [0, 1] and behave
for rates near 0 or 1 and small batches, where the normal approximation does not), game length
in actions and turns, the VP distribution, and on request the raw rows (JSON, CSV) and a picture
of VP per turn with the share of each outcome.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import importlib
import json
import math
import os
import statistics
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from wargame.bots import BOTS, bot_names, make_bot
from wargame.errors import UsageError
from wargame.match import Match
from wargame.plugins import Registry, discover

if TYPE_CHECKING:
    from wargame.cli import Context

MAX_ACTIONS = 100_000
"""A game still running after this many actions is stopped and counted as unfinished."""
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


# --------------------------------------------------------------------------- one game


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a worker needs to play one game: plain data, so it pickles."""

    index: int
    title: str
    seed: int
    bots: tuple[str, ...]  # one per side, in the title's side order
    scenario: str | None = None
    plugins: tuple[str, ...] = ()  # importable modules registering extra titles
    data_dir: str | None = None  # the owner data folder
    max_actions: int = MAX_ACTIONS


@dataclass(slots=True)
class GameResult:
    """One game's row: who played, who won, how long it took, the VP as it went."""

    index: int
    seed: int
    title: str
    scenario: str
    sides: list[str]
    bots: list[str]
    winner: str | None = None
    level: str | None = None
    text: str | None = None
    vp: dict[str, float] = field(default_factory=dict)
    vp_by_turn: list[dict[str, Any]] = field(default_factory=list)  # {"turn", "vp": {side: vp}}
    actions: int = 0
    turns: int = 0
    seconds: float = 0.0
    finished: bool = False
    error: str | None = None

    @property
    def winner_bot(self) -> str | None:
        if self.winner is None or self.winner not in self.sides:
            return None
        return self.bots[self.sides.index(self.winner)]

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["winner_bot"] = self.winner_bot
        return out

    def to_row(self) -> dict[str, Any]:
        """A flat row for CSV: one column per side for its bot and its VP."""
        row: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "title": self.title,
            "scenario": self.scenario,
        }
        for side, bot in zip(self.sides, self.bots, strict=True):
            row[f"bot_{side}"] = bot
        row.update(
            winner=self.winner or "",
            winner_bot=self.winner_bot or "",
            level=self.level or "",
            finished=self.finished,
            actions=self.actions,
            turns=self.turns,
            seconds=round(self.seconds, 3),
        )
        for side in self.sides:
            row[f"vp_{side}"] = self.vp.get(side, 0.0)
        row["error"] = self.error or ""
        return row


def bot_seed(seed: int, side: int) -> int:
    """The seed of the bot playing the ``side``-th side of the game with dice seed ``seed``:
    fixed by the two, and unrelated between neighbouring games and sides."""
    digest = hashlib.sha256(f"wargame-bot:{seed}:{side}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_REGISTRIES: dict[tuple[tuple[str, ...], str | None], Registry] = {}


def registry_for(plugins: Sequence[str], data_dir: str | None) -> Registry:
    """The titles, discovered once per process (a worker plays many games)."""
    key = (tuple(plugins), data_dir)
    found = _REGISTRIES.get(key)
    if found is None:
        extra = [importlib.import_module(name) for name in plugins]
        found = discover(extra=extra, owner_dir=Path(data_dir) if data_dir else None)
        _REGISTRIES[key] = found
    return found


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to its end (or ``max_actions``); a failure is reported in the row."""
    started = time.perf_counter()
    title = registry_for(spec.plugins, spec.data_dir).get(spec.title)
    match = Match(title, spec.scenario, spec.seed)
    sides = list(match.sides)
    result = GameResult(spec.index, spec.seed, title.id, match.scenario_id, sides, list(spec.bots))
    try:
        bots = {
            side: make_bot(name, bot_seed(spec.seed, k))
            for k, (side, name) in enumerate(zip(sides, spec.bots, strict=True))
        }
        turn, stage = match.turn, match.state.cursor.stage
        while match.decision is not None and result.actions < spec.max_actions:
            decision = match.decision
            match.apply(bots[decision.side].choose(match))
            result.actions += 1
            now = match.state.cursor
            if now.stage == "turn" and now.turn != turn:
                if stage == "turn":  # a turn is over (set-up is not a turn)
                    result.vp_by_turn.append({"turn": turn, "vp": _vp(match, sides)})
                turn, stage = now.turn, now.stage
    except Exception as exc:  # one broken game must not sink a batch of thousands
        result.error = f"{type(exc).__name__}: {exc}"
        result.text = traceback.format_exc(limit=8)
    result.vp = _vp(match, sides)
    result.turns = match.turn
    if match.outcome is not None:
        result.finished = True
        result.winner = match.outcome.get("winner")
        result.level = match.outcome.get("level")
        result.text = match.outcome.get("text")
        result.vp_by_turn.append({"turn": match.turn, "vp": result.vp})
    result.seconds = time.perf_counter() - started
    return result


def _vp(match: Match, sides: Sequence[str]) -> dict[str, float]:
    return {side: float(match.state.vp.get(side, 0)) for side in sides}


# --------------------------------------------------------------------------- many games


def make_specs(
    title: str,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    scenario: str | None = None,
    plugins: Sequence[str] = (),
    data_dir: str | None = None,
) -> list[GameSpec]:
    """Game ``i`` plays with seed ``seed + i``."""
    return [
        GameSpec(i, title, seed + i, tuple(bots), scenario, tuple(plugins), data_dir)
        for i in range(games)
    ]


def run_games(
    specs: Sequence[GameSpec],
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """Play every game, on ``executor`` if given (any ``concurrent.futures``-style executor:
    a ``ProcessPoolExecutor``, a Dask client's ``get_executor()``), else here; results in
    game order whatever order they finish in. ``progress(done, total)`` follows along.

    A game's own failure is in its row; a game that could not be played at all (a worker
    that cannot import a title's plugin, a worker process that died) is a UsageError naming
    the game, since the batch's figures would be wrong without it."""
    total = len(specs)
    results: list[GameResult] = []
    if executor is None:
        for spec in specs:
            results.append(play_game(spec))
            if progress:
                progress(len(results), total)
    else:
        futures: dict[Future[GameResult], GameSpec] = {
            executor.submit(play_game, s): s for s in specs
        }
        for future in as_completed(futures):
            try:
                results.append(future.result())
            except Exception as exc:
                spec = futures[future]
                what = str(exc).strip().splitlines()
                raise UsageError(
                    f"game {spec.index} (seed {spec.seed}) could not be played: "
                    f"{type(exc).__name__}" + (f": {what[0]}" if what else "")
                ) from None
            if progress:
                progress(len(results), total)
    return sorted(results, key=lambda r: r.index)


def run_local(
    specs: Sequence[GameSpec], workers: int, progress: Callable[[int, int], None] | None = None
) -> list[GameResult]:
    """On ``workers`` local processes (in this process for one worker). Interrupted, it
    drops the games not started instead of waiting for them all."""
    if workers <= 1 or len(specs) <= 1:
        return run_games(specs, None, progress)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(specs)))
    try:
        results = run_games(specs, pool, progress)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return results


CONNECT_TIMEOUT = 5.0
"""Seconds to reach a Dask scheduler, and then to wait for its first worker."""


def run_dask(
    specs: Sequence[GameSpec],
    address: str,
    progress: Callable[[int, int], None] | None = None,
    timeout: float | None = None,
) -> tuple[list[GameResult], int]:
    """On an existing Dask ``distributed`` cluster: the same :func:`play_game` on the same
    specs, so the rows equal a local run's. Returns the rows and the cluster's worker threads.

    Every worker must have this package and any extra title plugins installed (the built-in
    titles come with the package) and see the owner data folder at the same path. A scheduler
    that does not answer, or has no worker, within ``timeout`` seconds is a UsageError."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask distributed: pip install 'wargame-engine[distributed]'"
        ) from None
    wait = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        client = Client(address, timeout=wait, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        why = str(exc).strip().splitlines()
        raise UsageError(
            f"cannot reach the Dask scheduler at {address}: "
            + (why[0] if why else type(exc).__name__)
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=wait)
        except TimeoutError:
            raise UsageError(
                f"the Dask scheduler at {address} has no workers (waited {wait:g} s)"
            ) from None
        threads = sum(client.nthreads().values())
        executor = client.get_executor(pure=False)
        try:
            results = run_games(specs, executor, progress)
        except BaseException:
            executor.shutdown(wait=False)  # cancels the games not yet played
            raise
        return results, threads
    finally:
        client.close()


# --------------------------------------------------------------------------- statistics


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else [ordered[0]] * 3
    return {
        "mean": statistics.fmean(ordered),
        "sd": statistics.pstdev(ordered),
        "min": ordered[0],
        "p25": quartiles[0],
        "median": quartiles[1],
        "p75": quartiles[2],
        "max": ordered[-1],
    }


def summarize(results: Sequence[GameResult]) -> dict[str, Any]:
    """Win rates per side (Wilson 95%), draws, game length, VP distribution."""
    if not results:
        return {"games": 0}
    first = results[0]
    n = len(results)
    counted = [r for r in results if r.finished and r.error is None]
    sides: dict[str, Any] = {}
    for side, bot in zip(first.sides, first.bots, strict=True):
        wins = sum(1 for r in counted if r.winner == side)
        lo, hi = wilson(wins, n)
        sides[side] = {"bot": bot, "wins": wins, "rate": wins / n, "ci95": [lo, hi]}
    draws = sum(1 for r in counted if r.winner is None)
    lo, hi = wilson(draws, n)
    levels: dict[str, int] = {}
    for r in counted:
        levels[r.level or ""] = levels.get(r.level or "", 0) + 1
    return {
        "title": first.title,
        "scenario": first.scenario,
        "games": n,
        "seeds": [results[0].seed, results[-1].seed],
        "bots": dict(zip(first.sides, first.bots, strict=True)),
        "sides": sides,
        "draws": {"count": draws, "rate": draws / n, "ci95": [lo, hi]},
        "levels": dict(sorted(levels.items())),
        "unfinished": sum(1 for r in results if not r.finished and r.error is None),
        "errors": sum(1 for r in results if r.error is not None),
        "actions": _spread([float(r.actions) for r in results]),
        "turns": _spread([float(r.turns) for r in results]),
        "vp": {side: _spread([r.vp.get(side, 0.0) for r in counted]) for side in first.sides},
        "seconds_per_game": _spread([r.seconds for r in results]),
    }


def report_lines(summary: Mapping[str, Any]) -> list[str]:
    """The summary for people."""
    if not summary.get("games"):
        return ["no games"]
    bots = ", ".join(f"{side}={bot}" for side, bot in summary["bots"].items())
    lo_seed, hi_seed = summary["seeds"]
    lines = [
        f"{summary['title']}, scenario {summary['scenario']}: {summary['games']} games, "
        f"seeds {lo_seed}-{hi_seed}, bots {bots}"
    ]
    width = max(len(f"{s} ({v['bot']})") for s, v in summary["sides"].items())
    for side, v in summary["sides"].items():
        lo, hi = v["ci95"]
        lines.append(
            f"  {side + ' (' + v['bot'] + ')':<{width}}  {v['wins']:>5} wins  "
            f"{v['rate']:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]"
        )
    d = summary["draws"]
    lines.append(
        f"  draws {d['count']} ({d['rate']:.1%}), unfinished {summary['unfinished']}, "
        f"errors {summary['errors']}"
    )
    if summary["levels"]:
        lines.append(
            "  levels: " + ", ".join(f"{k or '-'} {v}" for k, v in summary["levels"].items())
        )
    a, t = summary["actions"], summary["turns"]
    lines.append(
        f"  length: {a['mean']:.1f} actions on average (min {a['min']:g}, median "
        f"{a['median']:g}, max {a['max']:g}); turns {t['mean']:.1f} "
        f"(min {t['min']:g}, max {t['max']:g})"
    )
    for side, v in summary["vp"].items():
        if v:
            lines.append(
                f"  VP {side}: mean {v['mean']:.1f}, sd {v['sd']:.1f}, min {v['min']:g}, "
                f"quartiles {v['p25']:g}/{v['median']:g}/{v['p75']:g}, max {v['max']:g}"
            )
    s = summary["seconds_per_game"]
    lines.append(f"  time per game: mean {s['mean']:.2f} s, max {s['max']:.2f} s")
    if summary.get("scheduler"):
        lines.append(
            f"  played on the Dask cluster at {summary['scheduler']} "
            f"({summary.get('workers', '?')} worker threads)"
        )
    return lines


# --------------------------------------------------------------------------- files


def write_csv(path: Path, results: Sequence[GameResult]) -> None:
    rows = [r.to_row() for r in results]
    names: list[str] = []
    for row in rows:
        names.extend(k for k in row if k not in names)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=names)
        writer.writeheader()
        writer.writerows(rows)


def plot(path: Path, results: Sequence[GameResult], summary: Mapping[str, Any]) -> None:
    """VP per turn (each game faint, the mean bold, per side) beside the share of outcomes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    sides = list(results[0].sides) if results else []
    fig = Figure(figsize=(11, 4.5))
    FigureCanvasAgg(fig)
    curves, shares = fig.subplots(1, 2, gridspec_kw={"width_ratios": [2, 1]})
    colours = ["tab:blue", "tab:red", "tab:green", "tab:orange", "tab:purple"]
    for k, side in enumerate(sides):
        colour = colours[k % len(colours)]
        by_turn: dict[int, list[float]] = {}
        for r in results:
            points = [(p["turn"], p["vp"].get(side, 0.0)) for p in r.vp_by_turn]
            if points:
                xs, ys = zip(*points, strict=True)
                curves.plot(xs, ys, color=colour, alpha=0.12, linewidth=0.8)
            for turn, vp in points:
                by_turn.setdefault(turn, []).append(vp)
        if by_turn:
            turns = sorted(by_turn)
            means = [statistics.fmean(by_turn[t]) for t in turns]
            curves.plot(
                turns,
                means,
                color=colour,
                linewidth=2.5,
                label=f"{side} ({summary['bots'][side]}), mean",
            )
    curves.xaxis.set_major_locator(MaxNLocator(integer=True))
    curves.set_xlabel("turn")
    curves.set_ylabel("victory points")
    curves.set_title("VP at the end of each turn")
    if sides:
        curves.legend(loc="upper left")
    labels = [f"{side}\n({summary['bots'][side]})" for side in sides] + ["draw", "unfinished"]
    counts = [summary["sides"][side]["wins"] for side in sides]
    counts += [summary["draws"]["count"], summary["unfinished"] + summary["errors"]]
    n = max(summary.get("games", 0), 1)
    bars = shares.bar(
        labels,
        [c / n for c in counts],
        color=[colours[k % len(colours)] for k in range(len(sides))] + ["tab:gray", "lightgray"],
    )
    for bar, side in zip(bars, sides, strict=False):
        lo, hi = summary["sides"][side]["ci95"]
        x = bar.get_x() + bar.get_width() / 2
        shares.plot([x, x], [lo, hi], color="black", linewidth=1.5)
    shares.set_ylim(0, 1)
    shares.set_ylabel("share of games (95% Wilson interval)")
    shares.set_title(f"outcomes of {summary.get('games', 0)} games")
    fig.suptitle(f"{summary.get('title', '')}, scenario {summary.get('scenario', '')}")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)


# --------------------------------------------------------------------------- progress


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.started = time.perf_counter()
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        seconds = time.perf_counter() - self.started
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        text = f"[{bar}] {done}/{total} games, {seconds:.1f} s"
        if self.tty:
            self.stream.write("\r" + text + ("\n" if done >= total else ""))
        else:
            tenth = 10 * done // max(total, 1)
            if tenth == self.shown and done < total:
                return
            self.shown = tenth
            self.stream.write(text + "\n")
        self.stream.flush()


# --------------------------------------------------------------------------- the command


def _positive(what: str, value: int | None) -> int:
    if value is None or value <= 0:
        raise UsageError(f"{what} must be at least 1, not {value}")
    return value


def plugin_names(plugins: Iterable[object]) -> list[str]:
    """Extra plugins as module names a worker process can import."""
    names: list[str] = []
    for plugin in plugins:
        name = getattr(plugin, "__name__", None)
        if not isinstance(name, str) or sys.modules.get(name) is not plugin:
            raise UsageError(
                f"plugin {plugin!r} is not an importable module: worker processes cannot load it"
            )
        names.append(name)
    return names


def cmd_simulate(args: argparse.Namespace, ctx: Context) -> int:
    games = _positive("--games", args.games)
    if args.scheduler is not None and args.workers is not None:
        raise UsageError("give --workers (local processes) or --scheduler (a cluster), not both")
    workers = _positive(
        "--workers", args.workers if args.workers is not None else (os.cpu_count() or 1)
    )
    title = ctx.title(args.title)
    if args.scenario is not None and args.scenario not in title.scenarios:
        known = ", ".join(sorted(title.scenarios))
        raise UsageError(f"{title.id} has no scenario {args.scenario!r} (has: {known})")
    names = bot_names(args.bots, title.id, title.sides)
    for name in names:
        if name not in BOTS:
            raise UsageError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    outputs = [Path(p) for p in (args.csv, args.plot) if p]
    if args.plot and Path(args.plot).suffix.lower() != ".png":
        raise UsageError(f"{args.plot}: the plot is written as a .png")
    for out in outputs:
        if not out.parent.is_dir():
            raise UsageError(f"{out.parent}: no such folder for {out.name}")
    specs = make_specs(
        title.id,
        games,
        names,
        args.seed,
        args.scenario,
        plugin_names(ctx.extra_plugins),
        str(ctx.data_dir) if ctx.data_dir else None,
    )
    registry_for(specs[0].plugins, specs[0].data_dir)  # once here, inherited by forked workers
    if args.scheduler is not None:
        address = args.scheduler.strip()
        if not address:
            raise UsageError("--scheduler needs an address, e.g. tcp://10.0.0.5:8786")
        results, threads = run_dask(specs, address, Progress())
        summary = summarize(results)
        summary["scheduler"] = address
        summary["workers"] = threads
    else:
        results = run_local(specs, workers, Progress())
        summary = summarize(results)
        summary["workers"] = min(workers, games)
    if args.csv:
        write_csv(Path(args.csv), results)
    if args.plot:
        plot(Path(args.plot), results, summary)
    if args.json:
        print(
            json.dumps(
                {"summary": summary, "games": [r.to_json() for r in results]},
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for line in report_lines(summary):
            print(line)
        for path in outputs:
            print(f"wrote {path}")
    if summary["errors"]:
        first = next(r for r in results if r.error)
        print(
            f"{summary['errors']} game(s) failed; first: game {first.index} (seed "
            f"{first.seed}): {first.error}",
            file=sys.stderr,
        )
        return 1
    return 0


def add_command(
    command: Callable[..., argparse.ArgumentParser], *parents: argparse.ArgumentParser
) -> None:
    """Add ``wargame simulate`` through the CLI's own ``command`` helper."""
    from wargame.cli import parse_seed  # the CLI loads this module; seeds parse alike

    sub = command(
        "simulate",
        cmd_simulate,
        "play many seeded bot-vs-bot games in parallel and report win rates",
        *parents,
    )
    sub.add_argument("title", metavar="TITLE")
    sub.add_argument("--scenario", metavar="S", help="scenario id (default: the title's)")
    sub.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    sub.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="B1,B2",
        help=f"bots in the title's side order, or one for all (known: "
        f"{', '.join(sorted(BOTS))}; default: heuristic,random)",
    )
    sub.add_argument(
        "--seed",
        type=parse_seed,
        default=0,
        metavar="S",
        help="game i plays with seed S+i (default: 0)",
    )
    sub.add_argument(
        "--workers",
        type=int,
        metavar="K",
        help="local worker processes (default: the number of CPUs)",
    )
    sub.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on an existing Dask cluster instead (e.g. tcp://10.0.0.5:8786; "
        "pip install 'wargame-engine[distributed]')",
    )
    sub.add_argument("--csv", metavar="FILE", help="write one row per game")
    sub.add_argument("--plot", metavar="FILE.png", help="draw VP per turn and outcome shares")
