"""Small int graphs for the pathfinding tests (movement, supply): what the kernel's searches
run on, built from adjacency lists, with no map behind them."""

from __future__ import annotations

from collections.abc import Sequence

from wargame.topology import Graph

Costs = list[list[int | None]]
"""A cost table: ``cost[u][k]`` is the step from ``u`` to its ``k``-th neighbour (None: closed)."""


def graph_of(adj: Sequence[Sequence[int]]) -> Graph:
    ids = tuple(f"n{i}" for i in range(len(adj)))
    return Graph(
        ids=ids,
        index={loc: i for i, loc in enumerate(ids)},
        adj=tuple(tuple(row) for row in adj),
        edge_features=tuple(tuple(frozenset() for _ in row) for row in adj),
    )


def line_graph(n: int) -> Graph:
    """0 - 1 - 2 - ... - (n-1), both ways."""
    return graph_of([[j for j in (i - 1, i + 1) if 0 <= j < n] for i in range(n)])
