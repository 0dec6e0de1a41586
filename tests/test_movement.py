"""Movement search: hand-checked small maps, then agreement with a naive reference search."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.graph_helpers import Costs, graph_of, line_graph
from wargame.hexgrid import HexGrid, HexNumbering
from wargame.movement import (
    CostModel,
    cheapest_path,
    compile_arcs,
    path_cost,
    path_to,
    reachable,
)
from wargame.topology import Edge, Graph


def uniform(graph: Graph, c: int = 1) -> Costs:
    return [[c] * len(row) for row in graph.adj]


def costs_of(tree: dict[int, tuple[int, int]]) -> dict[int, int]:
    return {node: spent for node, (spent, _) in tree.items()}


# -- hand-checked: a line ------------------------------------------------------------------


def test_budget_runs_out() -> None:
    g = line_graph(6)
    tree = reachable(g, 0, 3, uniform(g))
    assert costs_of(tree) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert tree[0] == (0, -1)
    assert path_to(tree, 3) == [0, 1, 2, 3]
    assert costs_of(reachable(g, 2, 0, uniform(g))) == {2: 0}
    assert costs_of(reachable(g, 2, -1, uniform(g))) == {2: 0}


def test_costs_differ_per_step() -> None:
    g = line_graph(5)
    # Entering node i costs i (so 1, 2, 3, 4 going right; 0, 1, 2, 3 going left).
    cost: Costs = [[j for j in row] for row in g.adj]
    assert costs_of(reachable(g, 0, 6, cost)) == {0: 0, 1: 1, 2: 3, 3: 6}
    assert costs_of(reachable(g, 4, 3, cost)) == {4: 0, 3: 3}


def test_stop_may_be_entered_not_left() -> None:
    g = line_graph(6)
    tree = reachable(g, 0, 5, uniform(g), stop={2})
    assert costs_of(tree) == {0: 0, 1: 1, 2: 2}
    # The start is never a stop: a unit beginning in enemy ZOC leaves unless locked.
    assert costs_of(reachable(g, 2, 1, uniform(g), stop={2})) == {1: 1, 2: 0, 3: 1}
    assert costs_of(reachable(g, 2, 5, uniform(g), stop={2}, locked=True)) == {2: 0}


def test_blocked_is_never_entered() -> None:
    g = line_graph(6)
    assert costs_of(reachable(g, 0, 5, uniform(g), blocked={2})) == {0: 0, 1: 1}
    # Blocked beats stop; the start may be listed (the unit itself is there).
    assert costs_of(reachable(g, 0, 5, uniform(g), blocked={2}, stop={2})) == {0: 0, 1: 1}
    assert costs_of(reachable(g, 0, 1, uniform(g), blocked={0})) == {0: 0, 1: 1}


def test_prohibited_steps_are_one_way() -> None:
    g = line_graph(3)
    cost: Costs = [[1], [None, 1], [1]]  # 1 -> 0 prohibited, 0 -> 1 allowed
    assert costs_of(reachable(g, 0, 5, cost)) == {0: 0, 1: 1, 2: 2}
    assert costs_of(reachable(g, 2, 5, cost)) == {2: 0, 1: 1}


def test_zero_cost_steps() -> None:
    g = line_graph(5)
    cost: Costs = [[0], [0, 0], [0, 3], [3, 0], [0]]
    assert costs_of(reachable(g, 0, 2, cost)) == {0: 0, 1: 0, 2: 0}
    assert costs_of(reachable(g, 0, 3, cost)) == {0: 0, 1: 0, 2: 0, 3: 3, 4: 3}


def test_min_one_step() -> None:
    g = line_graph(4)
    cost: Costs = [[5], [5, 5], [5, 5], [5]]
    assert costs_of(reachable(g, 1, 3, cost)) == {1: 0}
    # Full allowance: one step anywhere not prohibited, spending everything, and no further.
    assert reachable(g, 1, 3, cost, min_one_step=True) == {1: (0, -1), 0: (3, 1), 2: (3, 1)}
    assert costs_of(reachable(g, 1, 3, cost, min_one_step=True, blocked={0})) == {1: 0, 2: 3}
    cost[1][1] = None
    assert costs_of(reachable(g, 1, 3, cost, min_one_step=True)) == {1: 0, 0: 3}
    assert costs_of(reachable(g, 1, 3, cost, min_one_step=True, locked=True)) == {1: 0}


def test_min_one_step_keeps_normal_moves() -> None:
    g = line_graph(4)
    cost: Costs = [[1], [1, 1], [1, 9], [1]]
    tree = reachable(g, 1, 2, cost, min_one_step=True)
    assert costs_of(tree) == {0: 1, 1: 0, 2: 1}  # 3 is two steps away: not a min step
    assert tree[2] == (1, 1)


def test_cheapest_route_and_path_reconstruction() -> None:
    # A square with a diagonal: 0-1-3 costs 2, 0-2-3 costs 1+1 via a road, 0-3 costs 4.
    g = graph_of([[1, 2, 3], [0, 3], [0, 3], [0, 1, 2]])
    cost: Costs = [[3, 1, 4], [1, 1], [1, 1], [1, 1, 1]]
    tree = reachable(g, 0, 10, cost)
    assert tree[3] == (2, 2)
    assert path_to(tree, 3) == [0, 2, 3]
    assert cheapest_path(g, 0, 3, cost) == (2, [0, 2, 3])
    assert cheapest_path(g, 0, 3, cost, budget=1) is None
    assert cheapest_path(g, 0, 3, cost, blocked={2}) == (4, [0, 3])
    assert cheapest_path(g, 0, 0, cost) == (0, [0])
    with pytest.raises(ValueError, match="not reachable"):
        path_to(reachable(g, 0, 1, cost), 3)


def test_cheapest_path_rules() -> None:
    g = line_graph(5)
    cost = uniform(g)
    assert cheapest_path(g, 0, 2, cost, stop={2}) == (2, [0, 1, 2])
    assert cheapest_path(g, 0, 3, cost, stop={2}) is None
    assert cheapest_path(g, 0, 2, cost, blocked={2}) is None
    assert cheapest_path(g, 0, 2, cost, locked=True) is None
    expensive = uniform(g, 9)
    assert cheapest_path(g, 0, 1, expensive, budget=3) is None
    assert cheapest_path(g, 0, 1, expensive, budget=3, min_one_step=True) == (3, [0, 1])
    assert cheapest_path(g, 0, 2, expensive, budget=3, min_one_step=True) is None


def test_path_cost() -> None:
    g = line_graph(4)
    cost: Costs = [[2], [1, 3], [None, 1], [1]]
    assert path_cost(g, cost, [0, 1, 2, 3]) == 6
    assert path_cost(g, cost, [2, 1]) is None  # prohibited
    assert path_cost(g, cost, [0, 2]) is None  # not adjacent
    assert path_cost(g, cost, [3]) == 0


def test_huge_budget_uses_the_heap_and_agrees() -> None:
    g = line_graph(30)
    cost = uniform(g, 1000)
    tree = reachable(g, 0, 100_000, cost, stop={20})
    assert costs_of(tree) == {i: 1000 * i for i in range(21)}
    assert path_to(tree, 5) == [0, 1, 2, 3, 4, 5]
    assert cheapest_path(g, 0, 29, cost) == (29_000, list(range(30)))
    assert cheapest_path(g, 0, 29, cost, blocked={7}) is None


class OddNodes:
    """A Container that cannot be iterated: blocked is asked about each node."""

    def __contains__(self, node: object) -> bool:
        return isinstance(node, int) and node % 2 == 1


def test_bare_container_for_blocked() -> None:
    g = graph_of([[1, 2], [0, 3], [0, 3], [1, 2]])
    assert costs_of(reachable(g, 0, 5, uniform(g), blocked=OddNodes())) == {0: 0, 2: 1}


@pytest.mark.parametrize("frozen", [False, True], ids=["list", "tuple"])
def test_bad_cost_tables(frozen: bool) -> None:
    def table(rows: Costs) -> Any:
        return tuple(tuple(row) for row in rows) if frozen else rows

    g = line_graph(3)
    with pytest.raises(ValueError, match="negative"):
        reachable(g, 2, 3, table([[1], [-1, 1], [1]]))
    with pytest.raises(ValueError, match="2 entries for 1"):
        reachable(g, 0, 3, table([[1, 1], [1, 1], [1]]))
    with pytest.raises(ValueError, match="start node 7"):
        reachable(g, 7, 3, uniform(g))


# -- hand-checked: a hex map with a CostModel ------------------------------------------------

TERRAIN_COST = {"clear": 1, "forest": 2, "swamp": 3, "lake": None}


def pgg_like_map() -> HexGrid:
    """5x5 flat-top map: a forest belt in column 03, a lake in 0305, a river 0202/0203."""
    return HexGrid(
        HexNumbering(),
        columns=5,
        rows=5,
        hexes={
            **{f"03{r:02d}": {"terrain": "forest"} for r in range(1, 5)},
            "0305": {"terrain": "lake"},
        },
        hexsides=[{"hexes": ["0202", "0203"], "features": ["river"]}],
    )


def rule(a: str, b: str, edge: Edge, grid: HexGrid) -> int | None:
    c = TERRAIN_COST[grid.terrain(b)]
    if c is not None and "river" in edge.features:
        c += 2
    return c


def test_cost_model_on_a_hex_map() -> None:
    grid = pgg_like_map()
    model = CostModel(grid, lambda a, b, e: rule(a, b, e, grid))
    g = grid.graph()
    assert model.graph is g and len(model) == len(g)
    assert model.step("0202", "0203") == 3  # clear +2 river
    assert model.step("0203", "0202") == 3
    assert model.step("0201", "0301") == 2  # forest
    assert model.step("0204", "0305") is None  # lake
    with pytest.raises(ValueError, match="not adjacent"):
        model.step("0101", "0505")

    start = g.index["0101"]
    tree = reachable(g, start, 3, model)
    reached = {g.ids[n]: spent for n, (spent, _) in tree.items()}
    # 0101 -> 0102 -> 0103 -> 0104 along the column: 3 points; forest 0301 costs 1 + 2.
    assert reached["0104"] == 3 and reached["0301"] == 3
    # 0203 lies across the river from 0202: going round by 0103 (3) beats crossing (2 + 3).
    assert reached["0203"] == 3
    assert g.path_ids(path_to(tree, g.index["0203"])) == ["0101", "0102", "0103", "0203"]
    assert "0305" not in reached and "0401" not in reached
    path = path_to(tree, g.index["0301"])
    assert g.path_ids(path) in (["0101", "0201", "0301"], ["0101", "0102", "0201", "0301"])
    assert path_cost(g, model, path) == 3

    # Enemy at 0203: its hex blocked, its neighbours a rigid ZOC.
    enemy = g.index["0203"]
    zoc = {n for n in g.adj[enemy]}
    tree = reachable(g, start, 6, model, stop=zoc, blocked={enemy})
    assert enemy not in tree
    assert all(tree[z][1] not in zoc for z in zoc if z in tree)
    for node, (_, parent) in tree.items():
        if node != start:
            assert parent not in zoc  # nobody moved on out of the ZOC


def test_cost_model_scales_half_points() -> None:
    grid = HexGrid(HexNumbering(), columns=3, rows=1)
    model = CostModel(grid, lambda a, b, e: 0.5 if b == "0201" else 1.5, scale=2)
    assert model.step("0101", "0201") == 1 and model.step("0201", "0301") == 3
    with pytest.raises(ValueError, match="not a whole"):
        CostModel(grid, lambda a, b, e: 0.5)
    with pytest.raises(ValueError, match="non-negative"):
        CostModel(grid, lambda a, b, e: -1)


def test_cost_model_for_another_graph_is_refused() -> None:
    grid = HexGrid(HexNumbering(), columns=3, rows=1)
    other = HexGrid(HexNumbering(), columns=3, rows=1)
    model = CostModel(grid, lambda a, b, e: 1)
    with pytest.raises(ValueError, match="another map"):
        reachable(other.graph(), 0, 3, model)


def test_tuple_tables_are_compiled_once_lists_read_as_they_are() -> None:
    g = line_graph(4)
    table = tuple(tuple(row) for row in uniform(g))
    first = reachable(g, 0, 9, table)
    assert reachable(g, 0, 9, table) == first
    arcs, cheapest = compile_arcs(g, table)
    assert cheapest == 1 and arcs[1] == ((1, 0), (1, 2))
    rows = uniform(g)
    assert reachable(g, 0, 9, rows) == first
    rows[1][1] = None  # a list may change between calls, and the search sees it
    assert costs_of(reachable(g, 0, 9, rows)) == {0: 0, 1: 1}


# -- agreement with a naive reference --------------------------------------------------------


def reference(
    adj: Sequence[Sequence[int]],
    cost: Costs,
    start: int,
    budget: int | None,
    stop: Container[int],
    blocked: Container[int],
) -> dict[int, int]:
    """Bellman-Ford: relax every permitted step until nothing changes."""
    dist = {start: 0}
    changed = True
    while changed:
        changed = False
        for u in list(dist):
            if u != start and u in stop:
                continue
            for v, c in zip(adj[u], cost[u], strict=True):
                if c is None or v in blocked or v == start:
                    continue
                nd = dist[u] + c
                if (budget is None or nd <= budget) and nd < dist.get(v, 1 << 60):
                    dist[v] = nd
                    changed = True
    return dist


@st.composite
def problems(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(1, 10))
    adj = [
        [j for j in draw(st.lists(st.integers(0, n - 1), unique=True, max_size=5)) if j != i]
        for i in range(n)
    ]
    cost = [
        [draw(st.one_of(st.none(), st.integers(0, 4), st.integers(1, 2))) for _ in row]
        for row in adj
    ]
    nodes = st.integers(0, n - 1)
    return {
        "adj": adj,
        "cost": cost,
        "start": draw(nodes),
        "budget": draw(st.integers(0, 12)),
        "stop": draw(st.frozensets(nodes, max_size=3)),
        "blocked": draw(st.frozensets(nodes, max_size=2)),
    }


@given(problems(), st.booleans(), st.booleans())
@settings(max_examples=300)
def test_reachable_agrees_with_reference(
    p: dict[str, Any], min_one_step: bool, frozen: bool
) -> None:
    g = graph_of(p["adj"])
    start, budget, stop, blocked = p["start"], p["budget"], p["stop"], p["blocked"]
    # A tuple table is compiled (and cached); a list is read as it stands: both must agree.
    cost = tuple(tuple(row) for row in p["cost"]) if frozen else p["cost"]
    tree = reachable(g, start, budget, cost, stop=stop, blocked=blocked, min_one_step=min_one_step)
    expected = reference(p["adj"], p["cost"], start, budget, stop, blocked)
    if min_one_step:
        for v, c in zip(p["adj"][start], p["cost"][start], strict=True):
            if c is not None and v not in blocked and v not in expected:
                expected[v] = budget
    assert costs_of(tree) == expected
    # Every parent link is a permitted step that accounts for the cost exactly.
    for node, (spent, parent) in tree.items():
        if node == start:
            assert (spent, parent) == (0, -1)
            continue
        k = p["adj"][parent].index(node)
        step = p["cost"][parent][k]
        assert step is not None and node not in blocked
        assert parent == start or parent not in stop
        if spent != tree[parent][0] + step:  # only a min-one-step entry may differ
            assert min_one_step and parent == start and step > budget and spent == budget
        assert path_to(tree, node)[0] == start


@given(problems(), st.booleans(), st.booleans())
@settings(max_examples=200)
def test_cheapest_path_agrees_with_reference(
    p: dict[str, Any], bounded: bool, frozen: bool
) -> None:
    g = graph_of(p["adj"])
    start, stop, blocked = p["start"], p["stop"], p["blocked"]
    budget = p["budget"] if bounded else None
    cost = tuple(tuple(row) for row in p["cost"]) if frozen else p["cost"]
    expected = reference(p["adj"], p["cost"], start, budget, stop, blocked)
    for goal in range(len(p["adj"])):
        found = cheapest_path(g, start, goal, cost, budget=budget, stop=stop, blocked=blocked)
        if goal not in expected:
            assert found is None
            continue
        assert found is not None
        spent, path = found
        assert spent == expected[goal]
        assert path[0] == start and path[-1] == goal
        assert path_cost(g, p["cost"], path) == spent
        assert not any(n in stop for n in path[1:-1])
        assert not any(n in blocked for n in path[1:])
