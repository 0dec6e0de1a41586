"""Start-up: ``wargame new pgg`` in a fresh interpreter, against ``python -c "import wargame"``
in the same run (issue 11: at most 0.5 s where the import takes 0.04 s on an idle machine).

What keeps it short: the registry reads only each title's manifest and loads the title asked
for (data and rules), pydantic alone checks valid data (jsonschema is imported only to word a
problem), and the drawing and bot modules are imported by the commands that use them.

Run timed with ``pytest tests/benchmarks/test_bench_startup.py --benchmark-enable``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def run(args: list[str]) -> None:
    subprocess.run(args, check=True, capture_output=True)


@pytest.mark.benchmark(group="start-up")
def test_baseline_import_wargame(benchmark: Any) -> None:
    benchmark.pedantic(run, args=([sys.executable, "-c", "import wargame"],), rounds=5)


@pytest.mark.benchmark(group="start-up")
def test_new_pgg_cold(benchmark: Any, tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    script = Path(sys.executable).with_name("wargame")  # the console script, as a user runs it
    command = [str(script), "new", "pgg", "-o", str(out), "--force"]
    benchmark.pedantic(run, args=(command,), rounds=5)
    assert out.exists()


def test_new_pgg_loads_only_its_own_title() -> None:
    """Dark Crusade's rules and the validator that only words errors are not imported."""
    code = (
        "import sys, tempfile, os\n"
        "from wargame.cli import main\n"
        "out = os.path.join(tempfile.mkdtemp(), 'g.json')\n"
        "main(['new', 'pgg', '-o', out])\n"
        "bad = [m for m in sys.modules if m.startswith('wargame.games.dark_crusade.')"
        " and not m.endswith('.plugin') or m == 'jsonschema']\n"
        "print('loaded:' + ','.join(sorted(bad)))\n"
    )
    found = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert found.stdout.strip().splitlines()[-1] == "loaded:"
