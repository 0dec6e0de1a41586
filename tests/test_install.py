"""Every built-in title is installed with its data and loads cleanly, as a user gets it: each
``wargame.games`` entry point of this distribution registers titles that load and start a match."""

from __future__ import annotations

import importlib.metadata

import pytest

from wargame.match import Match
from wargame.plugins import ENTRY_POINT_GROUP, discover

DISTRIBUTION = "wargame-engine"


def built_in_entry_points() -> list[importlib.metadata.EntryPoint]:
    found = importlib.metadata.distribution(DISTRIBUTION).entry_points
    return sorted((ep for ep in found if ep.group == ENTRY_POINT_GROUP), key=lambda e: e.name)


def test_the_distribution_registers_its_titles() -> None:
    names = [ep.name for ep in built_in_entry_points()]
    assert {"panzergruppe-guderian", "dark-crusade"} <= set(names)


@pytest.mark.parametrize("entry_point", built_in_entry_points(), ids=lambda ep: ep.name)
def test_every_built_in_title_loads_from_the_installed_package(
    entry_point: importlib.metadata.EntryPoint,
) -> None:
    registry = discover()
    assert registry.problems == []
    definitions = entry_point.load().wargame_register_games()
    assert definitions, f"{entry_point.name} registers no title"
    for definition in definitions:
        title = registry.get(definition.id)
        assert title.topology.locations()
        assert title.manifest.default_scenario in title.scenarios
        match = Match(title, seed=1)
        assert match.decision is not None and match.legal_actions()
