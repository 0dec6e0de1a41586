"""The built-in titles are installed with their data and load cleanly, as a user gets them."""

from __future__ import annotations

from wargame.plugins import discover

BUILT_IN = ["panzergruppe-guderian"]


def test_built_in_titles_load_from_the_installed_package() -> None:
    registry = discover()
    assert registry.problems == []
    for title_id in BUILT_IN:
        title = registry.get(title_id)
        assert title.topology.locations()
        assert title.scenarios
