"""Golden playthroughs (the OpenSpiel idiom): for each title, one seeded random game's action
list and the state hash after every action, committed. ``test_golden.py`` replays them, so any
change to the kernel or a title that changes play shows up as the first action that diverges.

Regenerate after a deliberate rules fix (and list the fix in the commit):
``python -m tests.golden write [TITLE ...]``. After a change of the state's layout that leaves play
unchanged (shown by replaying the old hashes), ``rehash`` keeps the actions and recomputes the hashes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wargame.bots import RandomBot
from wargame.match import Match
from wargame.plugins import Registry

HERE = Path(__file__).resolve().parent
SEED = 1941
ACTION_CAP = 1500
"""A golden game stops here if the game has not ended: long enough to cross several turns of a
full title, short enough to replay in seconds."""


def path_for(title_id: str) -> Path:
    return HERE / f"{title_id}.json"


def record(registry: Registry, title_id: str) -> dict[str, Any]:
    title = registry.get(title_id)
    scenario = title.manifest.default_scenario
    match = Match(title, scenario, SEED)
    bots = {side: RandomBot(SEED * 1000 + n) for n, side in enumerate(match.sides)}
    actions: list[str] = []
    hashes: list[str] = []
    start = match.state_hash()
    while match.decision is not None and len(actions) < ACTION_CAP:
        action = bots[match.decision.side].choose(match)
        match.apply(action)
        actions.append(str(action))
        hashes.append(match.state_hash()[:16])
    return {
        "title": title_id,
        "scenario": scenario,
        "seed": SEED,
        "start": start[:16],
        "actions": actions,
        "hashes": hashes,
        "outcome": match.outcome,
    }


def rehash(registry: Registry, title_id: str) -> dict[str, Any]:
    """The committed playthrough with its hashes recomputed: the same actions, replayed, to the
    same outcome. For a change of the state's layout (not of play), shown equivalent first."""
    data = json.loads(path_for(title_id).read_text())
    match = Match(registry.get(title_id), data["scenario"], data["seed"])
    data["start"] = match.state_hash()[:16]
    data["hashes"] = []
    for text in data["actions"]:
        match.apply(text)
        data["hashes"].append(match.state_hash()[:16])
    if match.outcome != data["outcome"]:
        raise SystemExit(f"{title_id}: the replay ends differently: {match.outcome}")
    return dict(data)


def main(argv: list[str]) -> int:
    from tests.conftest import TEST_TITLE_PLUGINS
    from wargame.plugins import discover

    if not argv or argv[0] not in ("write", "rehash"):
        print("usage: python -m tests.golden write|rehash [TITLE ...]", file=sys.stderr)
        return 2
    registry = discover(extra=TEST_TITLE_PLUGINS, owner_dir=None)
    make = record if argv[0] == "write" else rehash
    for title_id in argv[1:] or sorted(registry.titles):
        data = make(registry, title_id)
        path_for(title_id).write_text(json.dumps(data, indent=0) + "\n")
        print(f"{title_id}: {len(data['actions'])} actions -> {path_for(title_id).name}")
    return 0
