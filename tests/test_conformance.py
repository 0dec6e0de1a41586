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

The playout and its checks are :mod:`wargame.testing`'s (a title's own suite runs them with
``conformance``). Seeds: the test titles play ``TEST_TITLE_SEEDS`` (20) games each; a full title plays
``CONFORMANCE_SEEDS`` (2 by default, so CI stays within its budget with five titles), a heavy
title (``HEAVY_TITLES``) a fraction of them. The WARGAME_CONFORMANCE_SEEDS environment variable
sets the full titles' count: ``tox -e soak`` plays 20 of each (10 of Proud Monster Deluxe).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TEST_TITLE_PLUGINS
from wargame import markers, savefile, views
from wargame.bots import RandomBot
from wargame.match import Match
from wargame.plugins import Registry, Title, discover
from wargame.testing import MarkerWatch, Playout, mentions, play, replay, view_problems

CONFORMANCE_SEEDS = int(os.environ.get("WARGAME_CONFORMANCE_SEEDS", "2"))
HEAVY_TITLES = {"proud-monster-deluxe": 2}
"""Full titles whose playouts cost several times another's play 1/N of the full titles' seeds
(at least one): Proud Monster Deluxe's several hundred units list thousands of moves at every
decision, so it plays 1 seed in CI and 10 in ``tox -e soak``."""
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


def _seeds(tid: str) -> int:
    if tid in TEST_TITLES:
        return TEST_TITLE_SEEDS
    return max(1, CONFORMANCE_SEEDS // HEAVY_TITLES.get(tid, 1))


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
    for seed in range(_seeds(tid))
]
"""(title, seed) pairs. A full title's playouts take seconds each (its legal-move lists run to
thousands), so they are marked ``slow``: ``-m "not slow"`` keeps to the test titles."""


_PLAYOUTS: dict[tuple[str, int], Playout] = {}


def playout(registry: Registry, title_id: str, seed: int) -> Playout:
    """The recorded playout of ``title_id`` with ``seed`` (played once per session)."""
    key = (title_id, seed)
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = _play(registry.get(title_id), seed)
    return _PLAYOUTS[key]


def _play(title: Title, seed: int) -> Playout:
    return play(title, seed, view_stride=1 if title.id in TEST_TITLES else VIEW_STRIDE)


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
        quiet = not match.state.pending and "battle" not in match.state.ns("combat")
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
