"""The levels of a decision against the complete listing, each with its baseline in the same run.

- ``legal-for``: one unit's actions (``Match.legal_for``) on Panzergruppe Guderian, the unit with
  the most destinations in a movement phase, against ``legal_actions()`` in the same state. Both
  start cold (no reachable set or overrun list kept from an earlier round).
- ``web-choices``: the request the page makes at each new decision, ``GET choices`` (who may act,
  the other verbs' actions), and the one it makes when a unit is selected (``?actor=``), against
  the complete ``GET legal`` the page made before, on the same position as
  ``test_web_roundtrip.py`` (after the move it posts).
- ``monster-actors`` / ``monster-moves``: a synthetic position at the scale Proud Monster Deluxe
  needs, built here on Hexland's rules and the shared mechanics: a 100 x 100 hex map (10,000
  hexes of mixed terrain, rivers, roads) with 800 units a side. Listing who may move
  (``Match.actors('move')``; target < 10 ms) against listing every action of the decision, and
  one unit's moves (``Match.legal_for``; target < 5 ms) against the bare search for that unit
  (``wargame.movement.reachable``, no rules around it).

Run timed with ``pytest tests/benchmarks/test_bench_levels.py --benchmark-enable -s``; the README
quotes the medians. Without ``--benchmark-enable`` each runs once, untimed, as a test.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.benchmarks.test_web_roundtrip import Position, _rounds, p95
from tests.benchmarks.test_web_roundtrip import position as position  # noqa: F401
from tests.conftest import TEST_TITLE_PLUGINS
from wargame.actions import Action
from wargame.match import Match
from wargame.mechanics import movement
from wargame.movement import reachable
from wargame.plugins import Registry, Title, discover
from wargame.web.app import TOKEN_HEADER

SIDE_UNITS = 800
MAP_SIZE = 100  # columns and rows: 10,000 hexes


def cold(match: Match) -> None:
    """Forget everything derived from the state, and the per-unit lists kept across actions:
    the next listing starts from nothing (the shared cost tables stay: they are built once per
    title)."""
    match.touch()
    for key in ("trees", "move-lists", "overrun-lists", "extras", "pgg-rail-trees"):
        match.cache.pop(key, None)


# ------------------------------------------------------------------ one unit on PGG


@pytest.fixture(scope="module")
def pgg_movement() -> tuple[Match, str]:
    """Panzergruppe Guderian at its first movement decision with moves, and the unit (one
    actor) with the most actions there."""
    registry = discover()
    match = Match(registry.get("panzergruppe-guderian"), seed=1)
    while not match.actors("move"):
        match.apply("end")
    busiest = max(match.actors("move"), key=lambda a: (len(match.legal_for(a)), a))
    return match, busiest


@pytest.mark.benchmark(group="legal-for")
def test_legal_for_one_unit_pgg(benchmark: Any, pgg_movement: tuple[Match, str]) -> None:
    match, unit = pgg_movement
    actions = benchmark.pedantic(
        match.legal_for, args=(unit,), setup=lambda: cold(match), rounds=20
    )
    assert actions and all(a in set(match.legal_actions()) for a in actions)
    benchmark.extra_info["actions"] = len(actions)


@pytest.mark.benchmark(group="legal-for")
def test_legal_actions_baseline_pgg(benchmark: Any, pgg_movement: tuple[Match, str]) -> None:
    match, _unit = pgg_movement
    actions = benchmark.pedantic(match.legal_actions, setup=lambda: cold(match), rounds=5)
    benchmark.extra_info["actions"] = len(actions)


# ------------------------------------------------------------------ the page's requests


def _get(position: Position, what: str, **params: str) -> dict[str, Any]:
    r = position.client.get(
        f"/api/matches/{position.game.id}/{what}",
        headers={TOKEN_HEADER: position.token},
        params=params,
    )
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _after(position: Position) -> None:
    position.reset()
    position.post()
    cold(position.game.match)


@pytest.mark.benchmark(group="web-choices")
def test_web_choices_next_decision(benchmark: Any, position: Position) -> None:  # noqa: F811
    first = benchmark.pedantic(
        _get, args=(position, "choices"), setup=lambda: _after(position), rounds=_rounds(benchmark)
    )
    assert first["lazy"] and first["moves"]
    benchmark.extra_info["p95_ms"] = p95(
        "web-choices (the next decision, by level)",
        lambda: _get(position, "choices"),
        lambda: _after(position),
        _rounds(benchmark),
    )


@pytest.mark.benchmark(group="web-choices")
def test_web_choices_one_unit(benchmark: Any, position: Position) -> None:  # noqa: F811
    _after(position)
    actor = next(iter(_get(position, "choices")["moves"]))

    def selected() -> None:
        _after(position)
        _get(position, "choices")

    got = benchmark.pedantic(
        _get, args=(position, "choices"), kwargs={"actor": actor}, setup=selected, rounds=50
    )
    assert got["moves"][actor]["destinations"]
    benchmark.extra_info["p95_ms"] = p95(
        "web-choices?actor (a selected unit's destinations)",
        lambda: _get(position, "choices", actor=actor),
        selected,
        _rounds(benchmark),
    )


@pytest.mark.benchmark(group="web-choices")
def test_web_legal_baseline(benchmark: Any, position: Position) -> None:  # noqa: F811
    legal = benchmark.pedantic(
        _get, args=(position, "legal"), setup=lambda: _after(position), rounds=20
    )
    assert legal["count"] > 0


# ------------------------------------------------------------------ the monster position


def monster_title(hexland: Title, seed: int = 5) -> Title:
    """Hexland's rules on a 100 x 100 map of mixed terrain, with no set-up (the units are
    placed by :func:`monster_match`)."""
    rng = random.Random(seed)
    data = copy.copy(hexland.data)
    raw = dict(data.raw)
    base = raw["map"]
    hexes: dict[str, Any] = {}
    ids = [f"{c:03d}{r:03d}" for c in range(1, MAP_SIZE + 1) for r in range(1, MAP_SIZE + 1)]
    for hid in ids:
        roll = rng.random()
        if roll < 0.15:
            hexes[hid] = {"terrain": "forest"}
        elif roll < 0.20:
            hexes[hid] = {"terrain": "swamp"}
    rivers = [
        {"hexes": [f"{c:03d}{r:03d}", f"{c + 1:03d}{r:03d}"], "features": ["river"]}
        for c in range(10, MAP_SIZE, 20)
        for r in range(1, MAP_SIZE + 1)
    ]
    road = [f"{c:03d}050" for c in range(1, MAP_SIZE + 1)]
    raw["map"] = {
        **{k: base[k] for k in ("kind", "provenance", "default_terrain")},
        "id": "monster",
        "numbering": {**base["numbering"], "digits": [3, 3]},
        "columns": MAP_SIZE,
        "rows": MAP_SIZE,
        "hexes": hexes,
        "hexsides": rivers,
        "lines": [{"kind": "road", "name": "Long road", "hexes": road}],
        "regions": {},
        "boxes": {},
    }
    for name, doc in raw.items():
        if doc.get("kind") == "scenario":
            raw[name] = {**doc, "setup": {}, "control": {}, "victory": {}}
    data.raw = raw
    return Title(hexland.definition, hexland.manifest, data)


def monster_match(title: Title, seed: int = 5) -> Match:
    """800 units a side, one a hex, Blue in the west half and Red in the east, Blue to move."""
    rng = random.Random(seed)
    match = Match(title, seed=seed)
    while match.decision is not None and match.decision.kind != "movement":
        match.apply("end")
    west = [f"{c:03d}{r:03d}" for c in range(1, 46) for r in range(1, MAP_SIZE + 1)]
    east = [f"{c:03d}{r:03d}" for c in range(56, MAP_SIZE + 1) for r in range(1, MAP_SIZE + 1)]
    for side, places, counters in (
        ("blue", west, ("1-inf", "7-arm")),
        ("red", east, ("hq-red",)),
    ):
        for n, loc in enumerate(rng.sample(places, SIDE_UNITS)):
            match.new_unit(counters[n % len(counters)], loc, unit_id=f"{side}-{n}")
    match.touch()
    return match


@pytest.fixture(scope="module")
def monster() -> Iterator[Match]:
    registry: Registry = discover(extra=TEST_TITLE_PLUGINS)
    yield monster_match(monster_title(registry.get("hexland")))


@pytest.mark.benchmark(group="monster-actors")
def test_monster_movable_units(benchmark: Any, monster: Match) -> None:
    actors = benchmark.pedantic(
        monster.actors, args=("move",), setup=lambda: cold(monster), rounds=20
    )
    assert len(monster.state.units) >= 2 * SIDE_UNITS and len(actors) >= SIDE_UNITS


@pytest.mark.benchmark(group="monster-actors")
def test_monster_every_action_baseline(benchmark: Any, monster: Match) -> None:
    actions = benchmark.pedantic(monster.legal_actions, setup=lambda: cold(monster), rounds=1)
    assert len(actions) > SIDE_UNITS
    benchmark.extra_info["actions"] = len(actions)


@pytest.mark.benchmark(group="monster-moves")
def test_monster_one_units_moves(benchmark: Any, monster: Match) -> None:
    unit = "blue-1"  # a 7th Armored: 8 MP, the widest search
    moves = benchmark.pedantic(
        monster.legal_for, args=(unit,), setup=lambda: cold(monster), rounds=20
    )
    assert len(moves) > 20 and all(m.verb in ("move", "overrun") for m in moves)
    assert monster.check(moves[-1]) is None
    benchmark.extra_info["actions"] = len(moves)


@pytest.mark.benchmark(group="monster-moves")
def test_monster_bare_search_baseline(benchmark: Any, monster: Match) -> None:
    unit = monster.state.units["blue-1"]
    graph = monster.topology.graph()
    costs = movement.cost_table(monster, unit)
    budget = movement.allowance(monster, unit)
    start = graph.index[unit.loc or ""]
    found = benchmark.pedantic(reachable, args=(graph, start, budget, costs), rounds=20)
    moves = [a for a in monster.legal_for("blue-1") if a.verb == "move"]
    assert len(found) - 1 >= len(moves)  # the rules (ZOC, enemy units) only take away
    assert Action("move", ("blue-1", *moves[0].args[1:])) == moves[0]
