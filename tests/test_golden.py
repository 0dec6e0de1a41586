"""Golden playthroughs replay to the committed state hashes (tests/golden/__init__.py).

A difference is either a regression or a deliberate rules fix; for a fix, regenerate the file
with ``python -m tests.golden write TITLE`` and name the fix in the commit."""

from __future__ import annotations

import json

import pytest

from tests.golden import path_for
from wargame.match import Match
from wargame.plugins import Registry

GOLDEN = [
    "hexland",
    "linkland",
    "panzergruppe-guderian",
    "dark-crusade",
    "barbarossa",
    "land-without-end",
    "proud-monster-deluxe",
]


@pytest.mark.parametrize("title_id", GOLDEN)
def test_golden_playthrough_replays_to_the_same_hashes(registry: Registry, title_id: str) -> None:
    data = json.loads(path_for(title_id).read_text())
    match = Match(registry.get(title_id), data["scenario"], data["seed"])
    assert match.state_hash()[:16] == data["start"], "the set-up differs"
    for n, (text, expected) in enumerate(zip(data["actions"], data["hashes"], strict=True)):
        match.apply(text)
        assert match.state_hash()[:16] == expected, f"diverged at action {n + 1}: {text}"
    assert match.outcome == data["outcome"]
    assert len(data["actions"]) > 50  # a real game, not a stub
