"""Movement and supply search against networkx, on the same 60x60 hex map, in the same run.

Run::

    pytest tests/benchmarks --benchmark-enable -s

Each benchmark group (``reachable-b12``, ``reachable-b20``, ``supply-steps``, ``supply-cost``)
has a kernel row and a networkx row. The reachable groups also time the kernel fed a bare
cost table instead of a CostModel: a tuple of tuples (compiled once, then cached: as fast as
the model) and a list (read as it stands on every call, so slower). In pytest-benchmark's table the number in parentheses
after every time is that row's ratio to the fastest row of its group, so the networkx row's
"(4.10)" under Min reads "networkx took 4.1 times as long as the kernel". With ``-s`` each
networkx test also prints the ratio as a line, e.g. ``reachable-b12: networkx / kernel = 4.1x
(min) 4.0x (mean)``; the same number is in ``extra_info`` of ``--benchmark-json`` output.
The ``reachable-min-one-step`` group puts the kernel with and without ``min_one_step``
side by side (its baseline is the plain search). The aim is the kernel at least 5x faster.

Before any timing, each comparison asserts that both sides find the same locations at the
same costs: a benchmark of a wrong answer is worthless. Without ``--benchmark-enable`` (the
default in pyproject) every benchmarked call runs once, untimed, as a test.

The map: mixed terrain (clear 1, forest 2, rough 2, swamp 3 MP; lakes prohibited), river
hexsides adding 1 or 2 MP, lake hexsides prohibited, 30 enemy stacks whose hexes are blocked
and whose neighbours are rigid ZOC (``stop``). networkx gets the same graph as a DiGraph with
the edges out of ZOC hexes removed and the enemy hexes absent, weights on the edges.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx
import pytest

from wargame.hexgrid import HexGrid, HexNumbering
from wargame.movement import CostModel, reachable
from wargame.supply import supply_net
from wargame.topology import Edge, Graph

TERRAIN = {"clear": (1, 60), "forest": (2, 20), "rough": (2, 8), "swamp": (3, 8), "lake": (None, 4)}
BUDGETS = (12, 20)
N_STARTS = 6


@dataclass
class Scene:
    grid: HexGrid
    graph: Graph
    model: CostModel
    stop: frozenset[int]
    blocked: frozenset[int]
    swamp: frozenset[int]
    starts: list[int]
    sources: list[int]


def build_scene(seed: int = 1941) -> Scene:
    rng = random.Random(seed)
    numbering = HexNumbering()
    ids = [numbering.format(c, r) for c in range(1, 61) for r in range(1, 61)]
    names = list(TERRAIN)
    weights = [w for _, w in TERRAIN.values()]
    terrain = dict(zip(ids, rng.choices(names, weights, k=len(ids)), strict=True))
    plain = HexGrid(numbering, columns=60, rows=60)
    hexsides: list[dict[str, Any]] = []
    for a in ids:
        for b in plain.neighbours(a):
            if a < b:
                x = rng.random()
                if x < 0.08:
                    extra = rng.choice((1, 2))
                    hexsides.append(
                        {"hexes": [a, b], "features": ["river"], "attrs": {"mp": extra}}
                    )
                elif x < 0.09:
                    hexsides.append({"hexes": [a, b], "features": ["lake"]})
    grid = HexGrid(
        numbering,
        columns=60,
        rows=60,
        hexes={h: {"terrain": t} for h, t in terrain.items()},
        hexsides=hexsides,
        map_id="bench",
    )

    def rule(a: str, b: str, edge: Edge) -> int | None:
        c = TERRAIN[grid.terrain(b)][0]
        if c is None or "lake" in edge.features:
            return None
        if "river" in edge.features:
            c += edge.attrs["mp"]
        return c

    model = CostModel(grid, rule)
    graph = grid.graph()
    land = [i for i, h in enumerate(graph.ids) if terrain[h] != "lake"]
    enemy = frozenset(rng.sample([i for i in land if graph.ids[i] >= "2000"], 30))
    zoc = frozenset(j for e in enemy for j in graph.adj[e]) - enemy
    free = [i for i in land if i not in enemy and i not in zoc and graph.ids[i] < "4000"]
    swamp = frozenset(i for i in land if terrain[graph.ids[i]] == "swamp")
    west_edge = sorted(graph.index[h] for h in grid.region("edge:west"))
    return Scene(
        grid=grid,
        graph=graph,
        model=model,
        stop=zoc,
        blocked=enemy,
        swamp=swamp,
        starts=rng.sample(free, N_STARTS),
        sources=[s for s in west_edge if s not in enemy],
    )


@pytest.fixture(scope="module")
def scene() -> Scene:
    return build_scene()


def movement_digraph(s: Scene) -> nx.DiGraph:
    """networkx's view of the same move: enemy hexes absent, no edges out of ZOC hexes."""
    d = nx.DiGraph()
    for u in range(len(s.graph)):
        if u in s.blocked:
            continue
        d.add_node(u)
        if u in s.stop:
            continue
        for v, c in zip(s.graph.adj[u], s.model.table[u], strict=True):
            if c is not None and v not in s.blocked:
                d.add_edge(u, v, weight=c)
    return d


def supply_digraph(s: Scene, costed: bool) -> nx.DiGraph:
    """Reversed graph (sources outward): edge v -> u carries the cost of the path's step u -> v.

    Enemy hexes and their ZOC block supply; swamp may be traced into but not through. Counted
    in hexes (``costed`` false) the path ignores terrain, as the kernel does without a table.
    """
    blocked = s.blocked | s.stop
    sources = set(s.sources)
    d = nx.DiGraph()
    for u in range(len(s.graph)):
        if u in blocked:
            continue
        d.add_node(u)
        for v, c in zip(s.graph.adj[u], s.model.table[u], strict=True):
            if costed and c is None:
                continue  # counting hexes only, terrain prohibits nothing
            if v in blocked or (v in s.swamp and v not in sources):
                continue  # the search may reach a swamp hex but not go on beyond it
            d.add_edge(v, u, weight=c if costed else 1)
    return d


_TIMES: dict[str, tuple[float, float]] = {}


def _record(benchmark: Any, group: str, side: str) -> None:
    """Keep the kernel's times; on the baseline's turn, print and store the ratio."""
    if not benchmark.enabled or benchmark.stats is None:
        return
    stats = benchmark.stats.stats
    if side == "kernel":
        _TIMES[group] = (stats.min, stats.mean)
        return
    if group in _TIMES:
        kmin, kmean = _TIMES[group]
        ratio_min, ratio_mean = stats.min / kmin, stats.mean / kmean
        benchmark.extra_info["baseline_over_kernel_min"] = round(ratio_min, 2)
        benchmark.extra_info["baseline_over_kernel_mean"] = round(ratio_mean, 2)
        print(f"\n{group}: {side} / kernel = {ratio_min:.1f}x (min) {ratio_mean:.1f}x (mean)")


# -- correctness first -------------------------------------------------------------------------


@pytest.mark.parametrize("budget", BUDGETS)
def test_reachable_matches_networkx(scene: Scene, budget: int) -> None:
    d = movement_digraph(scene)
    for start in scene.starts:
        tree = reachable(
            scene.graph, start, budget, scene.model, stop=scene.stop, blocked=scene.blocked
        )
        ours = {node: spent for node, (spent, _) in tree.items()}
        theirs = nx.single_source_dijkstra_path_length(d, start, cutoff=budget, weight="weight")
        assert ours == theirs
        assert len(ours) > 50  # the scene is not degenerate


@pytest.mark.parametrize("costed", [False, True])
def test_supply_matches_networkx(scene: Scene, costed: bool) -> None:
    net = supply_net(
        scene.graph,
        scene.sources,
        blocked=scene.blocked | scene.stop,
        no_through=scene.swamp,
        cost=scene.model if costed else None,
    )
    theirs = nx.multi_source_dijkstra_path_length(supply_digraph(scene, costed), scene.sources)
    assert dict(net.dist) == theirs
    assert len(theirs) > len(scene.graph) // 2


# -- timings -----------------------------------------------------------------------------------


def _kernel_reachable(
    s: Scene, budget: int, min_one_step: bool = False, table: str = "model"
) -> Callable[[], int]:
    graph, stop, blocked, starts = s.graph, s.stop, s.blocked, s.starts
    model: Any = {"model": s.model, "tuple": s.model.table, "list": list(s.model.table)}[table]

    def run() -> int:
        total = 0
        for start in starts:
            tree = reachable(
                graph, start, budget, model, stop=stop, blocked=blocked, min_one_step=min_one_step
            )
            total += len(tree)
        return total

    return run


@pytest.mark.parametrize("budget", BUDGETS)
def test_bench_reachable_kernel(benchmark: Any, scene: Scene, budget: int) -> None:
    group = f"reachable-b{budget}"
    benchmark.group = group
    assert benchmark(_kernel_reachable(scene, budget)) > 0
    _record(benchmark, group, "kernel")


@pytest.mark.parametrize("table", ["tuple", "list"])
@pytest.mark.parametrize("budget", BUDGETS)
def test_bench_reachable_kernel_table(
    benchmark: Any, scene: Scene, budget: int, table: str
) -> None:
    """A tuple table is compiled once and cached, a list is read as it stands on every call."""
    benchmark.group = f"reachable-b{budget}"
    assert benchmark(_kernel_reachable(scene, budget, table=table)) > 0


@pytest.mark.parametrize("budget", BUDGETS)
def test_bench_reachable_networkx(benchmark: Any, scene: Scene, budget: int) -> None:
    group = f"reachable-b{budget}"
    benchmark.group = group
    d = movement_digraph(scene)
    dijkstra = nx.single_source_dijkstra_path_length

    def run() -> int:
        return sum(
            len(dijkstra(d, start, cutoff=budget, weight="weight")) for start in scene.starts
        )

    assert benchmark(run) > 0
    _record(benchmark, group, "networkx")


def test_bench_reachable_plain_for_min_one_step(benchmark: Any, scene: Scene) -> None:
    group = "reachable-min-one-step"
    benchmark.group = group
    assert benchmark(_kernel_reachable(scene, 12)) > 0
    _record(benchmark, group, "kernel")


def test_bench_reachable_min_one_step(benchmark: Any, scene: Scene) -> None:
    group = "reachable-min-one-step"
    benchmark.group = group
    plain = _kernel_reachable(scene, 12)()
    # Same search plus the one-step entries into costly neighbours of each start.
    assert benchmark(_kernel_reachable(scene, 12, min_one_step=True)) >= plain
    _record(benchmark, group, "min_one_step")


@pytest.mark.parametrize("costed", [False, True], ids=["steps", "cost"])
def test_bench_supply_kernel(benchmark: Any, scene: Scene, costed: bool) -> None:
    group = f"supply-{'cost' if costed else 'steps'}"
    benchmark.group = group
    graph, sources, swamp = scene.graph, scene.sources, scene.swamp
    blocked = scene.blocked | scene.stop
    cost = scene.model if costed else None

    def run() -> int:
        return len(supply_net(graph, sources, blocked=blocked, no_through=swamp, cost=cost))

    assert benchmark(run) > len(graph) // 2
    _record(benchmark, group, "kernel")


@pytest.mark.parametrize("costed", [False, True], ids=["steps", "cost"])
def test_bench_supply_networkx(benchmark: Any, scene: Scene, costed: bool) -> None:
    group = f"supply-{'cost' if costed else 'steps'}"
    benchmark.group = group
    d = supply_digraph(scene, costed)

    def run() -> int:
        return len(nx.multi_source_dijkstra_path_length(d, scene.sources))

    assert benchmark(run) > len(scene.graph) // 2
    _record(benchmark, group, "networkx")
