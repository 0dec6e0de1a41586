"""The title author's reference and tutorial (issue 19): the reference in docs/ is what the code
generates (``python -m wargame.docgen --check``), and the tutorial's title is built from the
tutorial's own text and plays."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from wargame import docgen
from wargame.cli import main
from wargame.match import Battle, Match
from wargame.plugins import GameDef
from wargame.testing import conformance

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```(\w+)(?: (\S+))?\n(.*?)^```", re.M | re.S)


def test_the_reference_is_what_the_code_generates() -> None:
    assert docgen.stale(DOCS) == [], "regenerate with python -m wargame.docgen"
    assert docgen.main(["--check", "--out", str(DOCS)]) == 0  # installed: no docs/ beside it


def test_the_reference_names_every_hook_and_mechanic_setting() -> None:
    from wargame import hookspecs
    from wargame.models import SETTINGS

    hooks = (DOCS / "reference-hooks.md").read_text(encoding="utf-8")
    mechanics = (DOCS / "reference-mechanics.md").read_text(encoding="utf-8")
    for name in dir(hookspecs):
        if name.startswith("wargame_") and callable(getattr(hookspecs, name)):
            assert f"## `{name}`" in hooks
    for key in SETTINGS:
        assert f"## `mechanic_options.{key}`" in mechanics
    for kind in ("odds", "differential", "fire"):
        assert f"## `{kind}`" in mechanics


def _merge(into: dict[str, Any], change: dict[str, Any]) -> None:
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def test_the_tutorials_title_is_built_from_its_text_and_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = BLOCK.findall((DOCS / "tutorial.md").read_text(encoding="utf-8"))
    ran = 0
    for lang, how, body in steps:
        if lang == "sh" and how == "run":
            for line in body.strip().splitlines():
                words = shlex.split(line)
                assert words[0] == "wargame"
                assert main(words[1:]) == 0, line
                ran += 1
        elif lang == "json" and how.startswith("merge="):
            path = tmp_path / how.removeprefix("merge=")
            doc = json.loads(path.read_text(encoding="utf-8"))
            _merge(doc, json.loads(body))
            path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
        elif lang == "python" and how.startswith("append="):
            path = tmp_path / how.removeprefix("append=")
            path.write_text(path.read_text(encoding="utf-8") + "\n\n" + body, encoding="utf-8")
    assert ran == 2
    assert main(["validate", "river-crossing/river_crossing/data"]) == 0
    monkeypatch.syspath_prepend(str(tmp_path / "river-crossing"))
    import river_crossing.rules as rules  # noqa: PLC0415 - the package the tutorial wrote

    data = tmp_path / "river-crossing" / "river_crossing" / "data"
    from wargame.plugins import load_title

    title = load_title(GameDef("river-crossing", data, (rules,)))
    match = Match(title, seed=1)
    from wargame.mechanics import terrain, victory

    # XX 10.3 from the terrain chart alone, applied by the terrain-effects mechanic
    assert terrain.defense_multiplier(match, "0603", []) == (2, ["hills"], "XX 10.3")
    assert terrain.defense_multiplier(match, "0101", []) == (1, [], None)
    # XX 15.2 from the scenario alone, judged by the victory mechanic
    assert [cid for cid, _ in victory.conditions(match, "sudden-death")] == ["hill-and-town"]
    # XX 10.4, the tutorial's Python
    hills = Battle(id="b", attackers=["x"], defenders=[], target="0503", origins={"x": "0603"})
    (shift,) = rules.wargame_combat_shifts(match=match, battle=hills)
    assert (shift.columns, shift.rule) == (1, "XX 10.4")
    clear = Battle(id="b", attackers=["x"], defenders=[], target="0503", origins={"x": "0101"})
    assert rules.wargame_combat_shifts(match=match, battle=clear) == []
    assert conformance(title, seeds=range(1)) == []
