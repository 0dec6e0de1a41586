"""Map pictures of both full titles at their start: PNG and SVG.

Run::

    pytest tests/benchmarks/test_bench_render.py --benchmark-enable

Issue 18 asked that Dark Crusade's PNG (a 3,900 px square: network, coasts, symbols, key) take a
few seconds at most. On the shared two-core machine, timed against the previous renderer in the
same run, it took 1.6-2 s at a load of 4 and 3.7-4.5 s at a load of 8 (before: 4.4-7.9 s,
drawing less); about half of it is PNG encoding, which grows with the picture's pixels. Without
``--benchmark-enable`` (the default in pyproject) each picture is drawn once, untimed, as a
test that it draws.
"""

from __future__ import annotations

from typing import Any

import pytest

from wargame import render
from wargame.match import Match
from wargame.plugins import discover

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module", params=["panzergruppe-guderian", "dark-crusade"])
def match(request: pytest.FixtureRequest) -> Match:
    return Match(discover(owner_dir=None).get(request.param))


def test_png(benchmark: Any, match: Match) -> None:
    def draw() -> bytes:
        return render.scene_png(render.match_scene(match, picture=True, ids=None))

    assert benchmark(draw)[:8] == PNG


def test_svg(benchmark: Any, match: Match) -> None:
    def draw() -> str:
        return render.scene_svg(render.match_scene(match, picture=True, ids=None))

    assert "<svg" in benchmark(draw)
