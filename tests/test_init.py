"""``wargame init`` (issue 19): a new title package that installs and plays at once.

The package is built into a fresh virtual environment (``--system-site-packages``, with the
running environment's packages layered on by a ``.pth`` file, so nothing is downloaded),
installed with ``pip install --no-deps --no-build-isolation`` (a normal install: the data must be
declared as package data to arrive), and played to an outcome by the bots there.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from wargame.cli import main
from wargame.errors import UsageError
from wargame.scaffold import init
from wargame.validate import title_problems


@pytest.mark.parametrize("shape", ["--hex", "--points"])
def test_init_writes_a_whole_title(tmp_path: Path, shape: str) -> None:
    folder = tmp_path / "my-title"
    assert main(["init", str(folder), shape]) == 0
    data = folder / "my_title" / "data"
    manifest = json.loads((data / "title.json").read_text(encoding="utf-8"))
    assert manifest["id"] == "my-title"
    assert manifest["topology"] == ("hex" if shape == "--hex" else "network")
    for file_name in manifest["documents"].values():
        assert (data / file_name).is_file()
    assert main(["validate", str(data)]) == 0
    assert title_problems(data) == []
    pyproject = (folder / "pyproject.toml").read_text(encoding="utf-8")
    assert 'my-title = "my_title.plugin"' in pyproject and '"data/*.json"' in pyproject
    # who wins and terrain in combat are data, judged by shared mechanics: no Python needed
    assert {"victory", "terrain-effects"} <= set(manifest["mechanics"])
    assert "def wargame_outcome" not in (folder / "my_title" / "rules.py").read_text("utf-8")
    assert "conformance(" in (folder / "tests" / "test_my_title.py").read_text(encoding="utf-8")


def test_init_refuses_a_bad_id_and_a_folder_in_use(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not a title id"):
        init(tmp_path / "My_Title", "My_Title")
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(UsageError, match="not empty"):
        init(tmp_path / "used", "used")
    assert [p.name for p in (tmp_path / "used").iterdir()] == ["notes.txt"]


def _run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize("shape", ["--hex", "--points"])
def test_an_initialised_title_installs_in_a_fresh_venv_and_plays_to_an_outcome(
    tmp_path: Path, shape: str
) -> None:
    assert main(["init", str(tmp_path / "my-title"), shape]) == 0
    venv = tmp_path / "venv"
    _run(
        sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv, cwd=tmp_path
    )
    python = venv / "bin" / "python"
    site_dir = Path(
        _run(
            python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path
        ).strip()
    )
    # the engine and its build tools, from the environment running this test
    here = sysconfig.get_path("purelib")
    (site_dir / "engine.pth").write_text(f"import site; site.addsitedir({here!r})\n")
    _run(
        python, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
        "--no-index", tmp_path / "my-title", cwd=tmp_path,
    )  # fmt: skip
    installed = _run(python, "-c", "import my_title, sys; print(my_title.__file__)", cwd=tmp_path)
    assert installed.strip().startswith(str(site_dir))  # a real install, not the source folder
    games = _run(python, "-m", "wargame", "games", "--json", cwd=tmp_path)
    assert "my-title" in [row["id"] for row in json.loads(games)]
    _run(python, "-m", "wargame", "new", "my-title", "--seed", "3", "-o", "g.json", cwd=tmp_path)
    _run(python, "-m", "wargame", "auto", "g.json", cwd=tmp_path)
    status = json.loads(_run(python, "-m", "wargame", "status", "g.json", "--json", cwd=tmp_path))
    outcome = status.get("outcome")
    assert outcome and outcome["winner"] in ("blue", "red"), status
    # the package's own test: the kernel's conformance checks on the installed title
    tests = tmp_path / "my-title" / "tests"
    assert "2 passed" in _run(
        python, "-m", "pytest", "-q", "-p", "no:cacheprovider", tests, cwd=tmp_path
    )
