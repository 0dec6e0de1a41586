"""Shared fixtures: the registry with the test titles registered as plugins."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The suite never reads a developer's own owner data folder.
os.environ.pop("WARGAME_DATA", None)
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="wargame-test-xdg-")

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")
"""Property tests judge correctness, not speed: on a loaded 2-core machine (CI, or helpers
side by side) Hypothesis's 200 ms deadline and its too-slow check failed tests that were right."""

from tests.titles.hexland import plugin as hexland_plugin  # noqa: E402
from tests.titles.linkland import plugin as linkland_plugin  # noqa: E402
from wargame.plugins import Registry, discover  # noqa: E402

TEST_TITLE_PLUGINS = [hexland_plugin, linkland_plugin]


@pytest.fixture(scope="session")
def registry() -> Registry:
    return discover(extra=TEST_TITLE_PLUGINS, owner_dir=None)


@pytest.fixture(scope="session")
def hexland(registry: Registry):
    return registry.get("hexland")


@pytest.fixture(autouse=True)
def _grouped_by_loadgroup(request: pytest.FixtureRequest) -> None:
    """Fail loudly if ``--dist loadgroup`` stops grouping: the conformance suite records each
    game once per worker, so ungrouped tests replay every game on both workers (pytest 9.2,
    pytest-xdist#1386, doubled CI's longest tests with no error)."""
    node = request.node
    grouped = getattr(request.config.option, "loadgroup", False) and node.get_closest_marker(
        "xdist_group"
    )
    if grouped and "@" not in node.nodeid:
        pytest.fail(
            "--dist loadgroup did not group this test: this pytest/pytest-xdist pair no "
            "longer applies xdist_group (pytest-xdist#1386); see pyproject.toml's test extra",
            pytrace=False,
        )
