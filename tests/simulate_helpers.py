"""What the ``wargame simulate`` tests share: running the command on the test titles, the
one-line error it must give for bad input, and rows compared without their timings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.titles.hexland import plugin as hexland_plugin
from tests.titles.linkland import plugin as linkland_plugin
from wargame.cli import main

PLUGINS = (hexland_plugin, linkland_plugin)


@dataclass
class Run:
    code: int
    out: str
    err: str


Cli = Callable[..., Run]


def simulate_cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``wargame simulate ARGV...`` with the test titles installed, its output captured."""

    def run(*argv: str) -> Run:
        code = main(["simulate", *argv], extra_plugins=PLUGINS)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def one_line_error(result: Run, *fragments: str) -> str:
    """Exit status 2 and one line on stderr, no traceback, holding every fragment."""
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def without_time(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]
