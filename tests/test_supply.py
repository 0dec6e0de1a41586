"""Supply tracing: blocking, "into but not through", limits, path direction and agreement."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.graph_helpers import Costs, graph_of, line_graph
from wargame.hexgrid import HexGrid, HexNumbering
from wargame.movement import CostModel
from wargame.supply import steps_closed_by, supply_net, traces_to
from wargame.topology import Graph

# -- hand-checked ------------------------------------------------------------------------------


def test_steps_from_one_source() -> None:
    g = line_graph(6)
    net = supply_net(g, [0], limit=3)
    assert dict(net.dist) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert net.path(3) == [3, 2, 1, 0]  # read from the unit to the source
    assert net.source_of(3) == 0
    assert 4 not in net and len(net) == 4
    with pytest.raises(ValueError, match="traces no supply"):
        net.path(5)
    assert traces_to(g, 3, {0}, limit=3) == [3, 2, 1, 0]
    assert traces_to(g, 4, {0}, limit=3) is None
    assert traces_to(g, 0, {0}) == [0]


def test_nearest_of_several_sources() -> None:
    g = line_graph(7)
    net = supply_net(g, [0, 6])
    assert [net.dist[i] for i in range(7)] == [0, 1, 2, 3, 2, 1, 0]
    assert net.source_of(5) == 6 and net.source_of(1) == 0
    assert traces_to(g, 5, {0, 6}) == [5, 6]


def test_blocked_nodes_cut_the_line() -> None:
    g = line_graph(5)
    net = supply_net(g, [0], blocked={2})
    assert set(net.dist) == {0, 1}
    assert traces_to(g, 4, {0}, blocked={2}) is None
    assert traces_to(g, 2, {0}, blocked={2}) is None  # a blocked unit hex traces nothing
    assert len(supply_net(g, [0], blocked={0})) == 0  # a blocked source is no source


def test_into_but_not_through() -> None:
    # PGG: supply may be traced into a swamp hex but not through it.
    g = line_graph(5)
    net = supply_net(g, [0], no_through={2})
    assert set(net.dist) == {0, 1, 2}
    assert traces_to(g, 2, {0}, no_through={2}) == [2, 1, 0]  # the unit's own hex is fine
    assert traces_to(g, 3, {0}, no_through={2}) is None
    # A source standing in such terrain still sends supply out.
    assert set(supply_net(g, [2], no_through={2}).dist) == {0, 1, 2, 3, 4}
    assert traces_to(g, 4, {2}, no_through={2}) == [4, 3, 2]


def test_costs_are_read_from_the_unit_toward_the_source() -> None:
    g = line_graph(3)
    # Entering node 0 costs 5, any other step costs 1.
    cost: Costs = [[1], [5, 1], [1]]
    net = supply_net(g, [0], cost=cost)
    assert dict(net.dist) == {0: 0, 1: 5, 2: 6}
    assert traces_to(g, 2, {0}, cost=cost) == [2, 1, 0]
    assert supply_net(g, [0], cost=cost, limit=5).dist.keys() == {0, 1}
    assert traces_to(g, 2, {0}, cost=cost, limit=5) is None
    # From the other end the same table charges differently.
    assert dict(supply_net(g, [2], cost=cost).dist) == {2: 0, 1: 1, 0: 2}


def test_prohibited_steps_and_cost_models() -> None:
    # A lake hexside between 0102 and 0202 on a 2x2 map.
    grid = HexGrid(
        HexNumbering(),
        columns=2,
        rows=2,
        hexsides=[{"hexes": ["0102", "0202"], "features": ["lake"]}],
    )
    model = CostModel(grid, lambda a, b, e: None if "lake" in e.features else 1)
    g = grid.graph()
    src = g.index["0202"]
    net = supply_net(g, [src], cost=model)
    assert net.dist[g.index["0102"]] == 2  # round the lake through 0101 or 0201
    assert g.path_ids(net.path(g.index["0102"]))[-1] == "0202"
    path = traces_to(g, g.index["0102"], {src}, cost=model)
    assert path is not None and len(path) == 3
    # Tuple tables are reused between calls (the cached backward view must stay right).
    assert supply_net(g, [src], cost=model.table).dist == net.dist


def test_big_limit_uses_the_heap() -> None:
    g = line_graph(10)
    cost: Costs = [[1000] * len(row) for row in g.adj]
    assert supply_net(g, [0], cost=cost, limit=5000).dist == {i: 1000 * i for i in range(6)}
    assert len(supply_net(g, [0], cost=cost, limit=50_000)) == 10
    assert len(supply_net(g, [0], cost=cost)) == 10


# -- agreement ---------------------------------------------------------------------------------


def reference(
    adj: Sequence[Sequence[int]],
    cost: Costs | None,
    start: int,
    sources: Container[int],
    blocked: Container[int],
    no_through: Container[int],
    limit: int | None,
) -> int | None:
    """Bellman-Ford from the unit; the cheapest source reached, or None."""
    if start in blocked:
        return None
    dist = {start: 0}
    changed = True
    while changed:
        changed = False
        for u in list(dist):
            if u != start and (u in no_through or u in sources):
                continue  # a path ends at the first source; through-terrain stops it
            for k, v in enumerate(adj[u]):
                c = 1 if cost is None else cost[u][k]
                if c is None or v in blocked:
                    continue
                nd = dist[u] + c
                if (limit is None or nd <= limit) and nd < dist.get(v, 1 << 60):
                    dist[v] = nd
                    changed = True
    found = [d for node, d in dist.items() if node in sources]
    return min(found) if found else None


@st.composite
def problems(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(1, 10))
    pairs = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in sorted(pairs):
        if a != b and b not in adj[a]:  # links are two-way, as on every map
            adj[a].append(b)
            adj[b].append(a)
    costed = draw(st.booleans())
    cost = (
        [[draw(st.one_of(st.none(), st.integers(0, 4))) for _ in row] for row in adj]
        if costed
        else None
    )
    nodes = st.integers(0, n - 1)
    return {
        "adj": adj,
        "cost": cost,
        "sources": draw(st.frozensets(nodes, min_size=1, max_size=3)),
        "blocked": draw(st.frozensets(nodes, max_size=2)),
        "no_through": draw(st.frozensets(nodes, max_size=3)),
        "limit": draw(st.one_of(st.none(), st.integers(0, 10))),
    }


@given(problems())
@settings(max_examples=300)
def test_net_and_trace_agree_with_reference(p: dict[str, Any]) -> None:
    g = graph_of(p["adj"])
    rules = {k: p[k] for k in ("blocked", "no_through", "cost", "limit")}
    net = supply_net(g, p["sources"], **rules)
    for node in range(len(p["adj"])):
        expected = reference(
            p["adj"], p["cost"], node, p["sources"], p["blocked"], p["no_through"], p["limit"]
        )
        path = traces_to(g, node, p["sources"], **rules)
        if expected is None:
            assert node not in net and path is None
            continue
        assert net.dist[node] == expected
        for found in (net.path(node), path):
            assert found is not None
            assert found[0] == node and found[-1] in p["sources"]
            assert not any(n in p["blocked"] for n in found)
            assert not any(n in p["no_through"] for n in found[1:-1])
            total = 0
            for a, b in zip(found, found[1:], strict=False):
                k = p["adj"][a].index(b)
                step = 1 if p["cost"] is None else p["cost"][a][k]
                assert step is not None
                total += step
            assert total == expected


def test_steps_closed_by_a_hexside_feature_lwe_7_13() -> None:
    """A line 0-1-2 whose 1-2 hexside is all sea: the trace from 0 stops at 1 (LWE 7.13)."""
    sea = frozenset({"sea"})
    graph = Graph(
        ids=("n0", "n1", "n2"),
        index={"n0": 0, "n1": 1, "n2": 2},
        adj=((1,), (0, 2), (1,)),
        edge_features=((frozenset(),), (frozenset(), sea), (sea,)),
    )
    table = steps_closed_by(graph, "sea")
    assert table == ((1,), (1, None), (None,))
    assert dict(supply_net(graph, [0], cost=table).dist) == {0: 0, 1: 1}
    assert 2 in supply_net(graph, [0], cost=steps_closed_by(graph, "rail")).dist
