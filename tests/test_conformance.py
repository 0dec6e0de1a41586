"""Conformance: every registered title keeps the kernel's promises, whatever its rules.

Parametrized over every title the registry finds (built-in titles through the ``wargame.games``
entry points, plus the test titles), so a title is checked the day it is registered. For each
title and seed a random bot-vs-bot playout is recorded once; the tests then check that it:

- ends with an outcome within ``ACTION_CAP`` actions, never stuck without a legal action;
- applied only actions that were in ``legal_actions()`` at that moment, and every legal action
  seen passes ``check()`` and round-trips its text notation (``Action.parse(str(a)) == a``);
- replays exactly: a new match with the same title, scenario and seed, given the action list,
  reaches the same state hash (and a match saved halfway and loaded finishes the same);
- survives a save and load (equal state hash), also after an undo;
- never shows a side what it may not know: a unit hidden from a side is not named in that
  side's view; an untried unit's hidden values and face appear in no view; other sides'
  secrets are absent;
- keeps no unit marker past its declared lifetime (:class:`MarkerWatch`): after a phase that
  removes it, a move or retreat that removes it, or the end of its turn, it is gone, and
  every marker came with a ``unit-marker`` event.

Seeds: the test titles play ``TEST_TITLE_SEEDS`` (20) games each; a full title plays
``CONFORMANCE_SEEDS`` (4 by default, so CI stays within its budget with five titles). The
WARGAME_CONFORMANCE_SEEDS environment variable sets the full titles' count: ``tox -e soak``
plays 20 of each.
"""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TEST_TITLE_PLUGINS
from wargame import markers, savefile, views
from wargame.actions import Action
from wargame.bots import RandomBot
from wargame.match import Match
from wargame.plugins import Registry, Title, discover

CONFORMANCE_SEEDS = int(os.environ.get("WARGAME_CONFORMANCE_SEEDS", "4"))
TEST_TITLE_SEEDS = 20
ACTION_CAP = 20_000
"""A playout longer than this is taken to be stuck in a loop."""
CHECK_SAMPLE = 50
"""At most this many legal actions per state are passed through ``check()`` (all, if fewer);
every one of them is checked for its text notation."""

TEST_TITLES = ("hexland", "linkland")
VIEW_STRIDE = 5
"""Full titles have their views searched at every fifth decision (every one for test titles):
building two views of a 150-unit title at each of a thousand decisions dominates the run."""


def _title_ids() -> list[str]:
    return sorted(discover(extra=TEST_TITLE_PLUGINS).titles)


TITLE_IDS = _title_ids()
CASES = [
    pytest.param(
        tid,
        seed,
        id=f"{tid}-seed{seed}",
        # one worker plays each recorded game (pytest -n auto --dist loadgroup)
        marks=(pytest.mark.xdist_group(f"{tid}-{seed}"),)
        + (() if tid in TEST_TITLES else (pytest.mark.slow,)),
    )
    for tid in TITLE_IDS
    for seed in range(TEST_TITLE_SEEDS if tid in TEST_TITLES else CONFORMANCE_SEEDS)
]
"""(title, seed) pairs. A full title's playouts take seconds each (its legal-move lists run to
thousands), so they are marked ``slow``: ``-m "not slow"`` keeps to the test titles."""


def mentions(text: str, unit_id: str) -> bool:
    """Whether ``unit_id`` appears in ``text`` as a whole id, not inside a longer one."""
    edge = r"A-Za-z0-9_.:/+\-"
    return re.search(rf"(?<![{edge}]){re.escape(unit_id)}(?![{edge}])", text) is not None


def scenario_for(title: Title, seed: int) -> str:
    """Seeds take a title's scenarios in turn, so every scenario is played."""
    ids = sorted(title.scenarios)
    return ids[seed % len(ids)]


def view_problems(match: Match, side: str) -> list[str]:
    """Everything ``side``'s view shows that it may not know, as readable lines."""
    view = match.view(side)
    text = json.dumps(view, sort_keys=True)
    found: list[str] = []
    where = f"turn {match.turn} {match.phase.path if match.phase else ''} view({side})"
    for unit in match.state.units.values():
        if unit.loc is not None and side in unit.hidden_from and mentions(text, unit.id):
            found.append(f"{where}: names {unit.id}, which is hidden from {side}")
    shown = {u["id"]: u for u in view["units"] if "id" in u}
    for unit in match.state.units.values():
        if unit.loc is None or not match.is_untried(unit):
            continue
        entry = shown.get(unit.id)
        if entry is None:
            continue
        steps = match.counter(unit)["steps"]
        printed = set(steps[min(unit.step, len(steps) - 1)]["values"])
        pool = match.counters_doc["pools"][match.counter(unit)["untried"]]
        secret = {k for face in pool["faces"] for k in face["values"]} - printed
        if "face" in entry:
            found.append(f"{where}: shows the face of untried {unit.id}")
        if secret & set(entry.get("values", {})):
            found.append(
                f"{where}: shows {sorted(secret & set(entry['values']))} of untried {unit.id}"
            )
    for pool_id, count in view.get("pools", {}).items():
        if not isinstance(count, int):
            found.append(f"{where}: pool {pool_id} shows more than a count")
    secrets = view.get("secrets", {})
    for other, data in match.state.secrets.items():
        if other == side:
            continue
        if other in secrets:
            found.append(f"{where}: holds {other}'s secrets")
        elif data and json.dumps(data, sort_keys=True) in text:
            found.append(f"{where}: shows {other}'s secrets")
    return found


class MarkerWatch:
    """Follows a playout's events and flags unit markers that outlive their declaration
    (``removed_by`` in the counters document, :mod:`wargame.markers`). It reads only the events
    and the state, not the kernel's clearing code: a phase event whose phase removes a marker on
    its side's units, a unit that changed location (a ``retreat`` event tells a retreat from a
    move) or a turn later than the one it was placed in make the marker due; a due marker still
    on its unit after the action is a problem, as is a marker with no ``unit-marker`` event."""

    def __init__(self, match: Match) -> None:
        self.table = markers.declared(match)
        self.sides: dict[str, str | None] = {}
        seq = match.sequence
        blocks = [seq.setup, *seq.turn_blocks]
        for block in blocks:
            leaves = [*block.leaves]
            for (index, _name), chosen in seq._orders.items():
                if block.key == f"pt{index}":
                    leaves.extend(chosen)
            for leaf in leaves:
                self.sides[leaf.path] = block.side
        self.alive: dict[tuple[str, str], dict[str, Any]] = {}

    def step(self, match: Match, before: dict[str, str | None], events: list[Any]) -> list[str]:
        units = match.state.units
        retreated: set[str] = set()
        for event in events:
            data = event.data
            if event.kind == "unit-marker":
                key = (data["unit"], data["marker"])
                if data.get("placed"):
                    self.alive[key] = {"turn": data.get("turn", match.turn), "due": None}
                else:
                    self.alive.pop(key, None)
            elif event.kind == "phase":
                side = self.sides.get(data["phase"])
                phase_id = data["phase"].rsplit("/", 1)[-1]
                for (uid, name), info in self.alive.items():
                    removed_by = self.table[name].get("removed_by", ())
                    mine = side is None or units[uid].side == side
                    if f"phase:{phase_id}" in removed_by and mine:
                        info["due"] = info["due"] or f"{data['phase']} of turn {data['turn']}"
                    if "end-of-turn" in removed_by and data["turn"] > info["turn"]:
                        info["due"] = info["due"] or f"the end of turn {info['turn']}"
            elif event.kind == "retreat":
                retreated.update(data.get("units", ()))
            elif event.kind == "eliminated":
                for key in [k for k in self.alive if k[0] == data.get("unit")]:
                    del self.alive[key]
        found: list[str] = []
        where = f"turn {match.turn} {match.phase.path if match.phase else ''}"
        for uid, unit in units.items():
            for name in unit.markers:
                info = self.alive.get((uid, name))
                if info is None:
                    found.append(f"{where}: {uid} carries {name} with no marker event")
                    continue
                moved = unit.loc != before.get(uid) and uid in before
                trigger = "retreat" if uid in retreated else "move"
                if moved and trigger in self.table[name].get("removed_by", ()):
                    info["due"] = info["due"] or f"its {trigger}"
                if info["due"]:
                    found.append(f"{where}: {uid} still carries {name} after {info['due']}")
        return found


@dataclass
class Playout:
    """One recorded bot-vs-bot game and what was wrong along the way."""

    title: str
    scenario: str
    seed: int
    actions: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)  # state hash after each action
    start_hash: str = ""
    outcome: dict[str, Any] | None = None
    stuck: str | None = None
    not_legal: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    notation: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    stale_markers: list[str] = field(default_factory=list)
    markers_seen: int = 0
    legal_seen: int = 0
    untried_seen: int = 0


_PLAYOUTS: dict[tuple[str, int], Playout] = {}


def playout(registry: Registry, title_id: str, seed: int) -> Playout:
    """The recorded playout of ``title_id`` with ``seed`` (played once per session)."""
    key = (title_id, seed)
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = _play(registry.get(title_id), seed)
    return _PLAYOUTS[key]


def _play(title: Title, seed: int) -> Playout:
    scenario = scenario_for(title, seed)
    match = Match(title, scenario, seed)
    record = Playout(title.id, scenario, seed, start_hash=match.state_hash())
    bots = {side: RandomBot(seed * 1000 + n) for n, side in enumerate(match.sides)}
    sampler = random.Random(seed)
    watch = MarkerWatch(match)
    while match.decision is not None and len(record.actions) < ACTION_CAP:
        decision = match.decision
        legal = match.legal_actions()
        if not legal:
            record.stuck = f"no legal action for {decision}"
            break
        record.legal_seen += len(legal)
        for action in legal:
            if Action.parse(str(action)) != action:
                record.notation.append(str(action))
        sample = legal if len(legal) <= CHECK_SAMPLE else sampler.sample(legal, CHECK_SAMPLE)
        for action in sample:
            why = match.check(action)
            if why is not None:
                record.refused.append(f"{action}: {why}")
        if title.id in TEST_TITLES or len(record.actions) % VIEW_STRIDE == 0:
            for side in match.sides:
                record.leaks.extend(view_problems(match, side))
        record.untried_seen += sum(
            1 for u in match.state.units.values() if u.loc is not None and match.is_untried(u)
        )
        chosen = bots[decision.side].choose(match)
        if chosen not in legal:
            record.not_legal.append(str(chosen))
        before = {uid: u.loc for uid, u in match.state.units.items() if u.markers}
        events = match.apply(chosen)
        record.stale_markers.extend(watch.step(match, before, events))
        record.markers_seen += len(before)
        record.actions.append(str(chosen))
        record.hashes.append(match.state_hash())
    record.outcome = match.outcome
    return record


def replay(title: Title, record: Playout, upto: int | None = None) -> Match:
    match = Match(title, record.scenario, record.seed)
    for text in record.actions[:upto]:
        match.apply(text)
    return match


# ----------------------------------------------------------------------------- the promises


def test_registry_finds_the_test_titles() -> None:
    for tid in TEST_TITLES:
        assert tid in TITLE_IDS


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_playout_ends_with_an_outcome(registry: Registry, title_id: str, seed: int) -> None:
    record = playout(registry, title_id, seed)
    assert record.stuck is None, record.stuck
    assert record.outcome is not None, f"no outcome after {len(record.actions)} actions"
    assert record.outcome["winner"] in (*registry.get(title_id).sides, None)
    assert record.outcome["text"]


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_only_legal_actions_and_every_legal_action_checks(
    registry: Registry, title_id: str, seed: int
) -> None:
    record = playout(registry, title_id, seed)
    assert record.legal_seen > len(record.actions)  # choices were made among several
    assert record.not_legal == []
    assert record.refused == [], record.refused[:5]
    assert record.notation == [], record.notation[:5]


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_replay_reproduces_every_state(registry: Registry, title_id: str, seed: int) -> None:
    record = playout(registry, title_id, seed)
    title = registry.get(title_id)
    match = Match(title, record.scenario, record.seed)
    assert match.state_hash() == record.start_hash
    for n, text in enumerate(record.actions):
        match.apply(text)
        assert match.state_hash() == record.hashes[n], f"diverged at action {n + 1}: {text}"
    assert match.history == record.actions
    assert match.outcome == record.outcome


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_save_load_round_trip(registry: Registry, title_id: str, seed: int, tmp_path: Path) -> None:
    record = playout(registry, title_id, seed)
    title = registry.get(title_id)
    middle = len(record.actions) // 2
    half = replay(title, record, middle)
    savefile.save(half, tmp_path / "half.json")
    resumed = savefile.load(tmp_path / "half.json", registry)
    assert resumed.state_hash() == half.state_hash()
    for text in record.actions[middle:]:
        resumed.apply(text)  # a loaded match plays on exactly like the original
    assert resumed.state_hash() == record.hashes[-1]

    savefile.save(resumed, tmp_path / "end.json")
    loaded = savefile.load(tmp_path / "end.json", registry)
    assert loaded.state_hash() == record.hashes[-1]
    assert loaded.history == record.actions
    assert loaded.outcome == record.outcome

    taken_back = loaded.undo()
    assert taken_back == record.actions[-1]
    expected = record.hashes[-2] if len(record.hashes) > 1 else record.start_hash
    assert loaded.state_hash() == expected
    assert loaded.decision is not None  # the game is open again
    savefile.save(loaded, tmp_path / "undone.json")
    again = savefile.load(tmp_path / "undone.json", registry)
    assert again.state_hash() == expected
    assert again.history == record.actions[:-1]


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_views_hide_what_a_side_may_not_know(registry: Registry, title_id: str, seed: int) -> None:
    record = playout(registry, title_id, seed)
    assert record.leaks == [], record.leaks[:5]


@pytest.mark.parametrize(("title_id", "seed"), CASES)
def test_no_marker_outlives_its_lifetime(registry: Registry, title_id: str, seed: int) -> None:
    record = playout(registry, title_id, seed)
    assert record.stale_markers == [], record.stale_markers[:5]


def test_the_marker_check_sees_markers(registry: Registry) -> None:
    """Hexland's overruns disrupt (a marker removed at the end of the turn), so the marker
    check above is not vacuous."""
    assert any(playout(registry, "hexland", seed).markers_seen for seed in range(TEST_TITLE_SEEDS))


def test_the_marker_check_catches_a_stale_marker(registry: Registry) -> None:
    """A marker the kernel failed to clear is caught: one placed on turn 1 is still there
    after the turn ends, with the clearing switched off."""
    match = Match(registry.get("hexland"), seed=0)
    watch = MarkerWatch(match)
    bot = RandomBot(0)
    while match.turn < 1 or match.state.cursor.stage == "setup":
        match.apply(bot.choose(match))
    unit = match.units_of(match.sides[0])[0]
    events = []
    match._events = events
    markers.place(match, unit, "disrupted")
    assert watch.step(match, {}, events) == []
    found: list[str] = []
    cleared = markers.phase_started
    try:
        markers.phase_started = lambda m, leaf: None  # type: ignore[assignment]
        while match.turn < 2 and match.decision is not None:
            before = {uid: u.loc for uid, u in match.state.units.items() if u.markers}
            found += watch.step(match, before, match.apply(bot.choose(match)))
    finally:
        markers.phase_started = cleared  # type: ignore[assignment]
    assert any("still carries disrupted after the end of turn 1" in f for f in found), found


def test_untried_units_were_checked_in_views(registry: Registry) -> None:
    """Hexland starts with untried units, so the untried check above is not vacuous."""
    record = playout(registry, "hexland", 0)
    assert record.untried_seen > 0


@pytest.mark.parametrize("title_id", TEST_TITLES)
def test_a_concealed_unit_is_not_named_in_the_enemy_view(registry: Registry, title_id: str) -> None:
    """The hidden-unit check, made real on the test titles (neither conceals units itself): hide
    one enemy unit at each quiet moment of a playout and look for its id in the view."""
    title = registry.get(title_id)
    record = playout(registry, title_id, 1)
    match = Match(title, record.scenario, record.seed)
    checked = 0
    for text in record.actions:
        decision = match.decision
        assert decision is not None
        quiet = not match.state.pending and "battle" not in match.state.vars
        hidden = match.units_of(match.enemy(decision.side))
        if quiet and hidden:
            unit = hidden[0]
            unit.hidden_from = [decision.side]
            try:
                assert view_problems(match, decision.side) == []
                entries = [u for u in match.view(decision.side)["units"] if u.get("hidden")]
                assert {"side": unit.side, "loc": unit.loc, "hidden": True} in entries
                assert mentions(json.dumps(match.view(unit.side)), unit.id)  # its owner sees it
            finally:
                unit.hidden_from = []
            checked += 1
        match.apply(text)
    assert checked > 0


def test_the_view_check_catches_leaks(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker above is not blind: a view that shows everything is caught on every count."""
    match = Match(registry.get("hexland"), seed=0)
    red = match.units_of("red")
    concealed = next(u for u in red if not match.is_untried(u))
    concealed.hidden_from = ["blue"]
    match.state.secrets["red"] = {"plan": "hold the capital at all costs"}
    assert view_problems(match, "blue") == []

    def leaky_unit(m: Match, unit: Any, side: str | None) -> dict[str, Any]:
        out = unit.to_json()
        out["values"] = {"attack": 4, "defense": 5, "movement": 4}
        out["face"] = out["values"]
        return out

    honest_view = match.view

    def leaky_view(side: str | None = None) -> dict[str, Any]:
        view = honest_view(side)
        view["secrets"] = dict(match.state.secrets)
        return view

    monkeypatch.setattr(views, "unit_view", leaky_unit)
    monkeypatch.setattr(match, "view", leaky_view)
    problems = "\n".join(view_problems(match, "blue"))
    assert f"names {concealed.id}, which is hidden from blue" in problems
    assert "shows the face of untried" in problems
    assert "['attack', 'defense'] of untried" in problems
    assert "holds red's secrets" in problems
