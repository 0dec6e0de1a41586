"""``wargame validate DATA_DIR`` checks the whole title (issue 19): each cross-reference broken in
a copy of Hexland's data is one problem naming the file and the JSON pointer."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from wargame.cli import main
from wargame.validate import title_problems

HEXLAND = Path(__file__).parent / "titles" / "hexland" / "data"

Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        for key in parents:
            doc = doc[int(key)] if isinstance(doc, list) else doc[key]
        if isinstance(doc, list):
            doc[int(last)] = value
        else:
            doc[last] = value

    return edit


BREAKS = [
    # (file, edit, file named, pointer, words in the message)
    (
        "scenario-meeting.json",
        _set("setup/blue-main/at/0", "9999"),
        "/setup/blue-main/at/0",
        "unknown location or region '9999'",
    ),
    (
        "scenario-meeting.json",
        _set("setup/blue-main/units/0", "1-inff"),
        "/setup/blue-main/units/0",
        "unknown counter '1-inff' (did you mean '1-inf'?)",
    ),
    (
        "scenario-meeting.json",
        _set("setup/blue-main/units/0", "r1"),
        "/setup/blue-main/units/0",
        "counter 'r1' is red's, not blue's",
    ),
    (
        "scenario-meeting.json",
        _set("setup/red-north/draw", {"rifel": 2}),
        "/setup/red-north/draw/rifel",
        "unknown unit type 'rifel'",
    ),
    (
        "scenario-meeting.json",
        _set("setup/red-north/side", "green"),
        "/setup/red-north/side",
        "unknown side 'green'",
    ),
    ("scenario-meeting.json", _set("last_turn", 9), "/last_turn", "turn 9 is not on the calendar"),
    (
        "scenario-meeting.json",
        _set("victory/capital/params/hexes/0", "0000"),
        "/victory/capital/params/hexes/0",
        "unknown location or region '0000'",
    ),
    (
        "scenario-meeting.json",
        _set("victory/capital/params/default", "green"),
        "/victory/capital/params/default",
        "unknown side 'green'",
    ),
    (
        "scenario-meeting.json",
        _set("victory/capital/params/regions", ["objectiv"]),
        "/victory/capital/params/regions/0",
        "unknown location or region 'objectiv'",
    ),
    (
        "title.json",
        _set("mechanic_options/victory/net_of", "green"),
        "/mechanic_options/victory/net_of",
        "unknown side 'green'",
    ),
    (
        "calendar.json",
        _set("schedule/blue-t2/units/0", "9-inf"),
        "/schedule/blue-t2/units/0",
        "unknown counter '9-inf'",
    ),
    (
        "calendar.json",
        _set("schedule/blue-t2/at/0", "entry:green"),
        "/schedule/blue-t2/at/0",
        "unknown location or region 'entry:green'",
    ),
    (
        "calendar.json",
        _set("schedule/blue-t2/turn", 7),
        "/schedule/blue-t2/turn",
        "turn 7 is not on the calendar",
    ),
    (
        "counters.json",
        _set("counters/1-inf/type", "infantri"),
        "/counters/1-inf/type",
        "unknown unit type 'infantri' (did you mean 'infantry'?)",
    ),
    (
        "counters.json",
        _set("counters/1-inf/side", "green"),
        "/counters/1-inf/side",
        "unknown side 'green'",
    ),
    (
        "map.json",
        _set("hexes/0303/terrain", "jungle"),
        "/hexes/0303/terrain",
        "unknown terrain 'jungle'",
    ),
    ("map.json", _set("default_terrain", "steppe"), "/default_terrain", "unknown terrain 'steppe'"),
    ("map.json", _set("lines/0/kind", "rail"), "/lines/0/kind", "unknown line feature 'rail'"),
    (
        "crt.json",
        _set("tables/crt/results/1-2", ["A1", "A1", "AE", "AE", "AE"]),
        "/tables/crt",
        "column '1-2': 5 results for 6 rolls (1..6)",
    ),
    ("title.json", _set("mechanics/0", "deplo"), "/mechanics", "unknown mechanic 'deplo'"),
    (
        "title.json",
        _set("mechanic_options/combat/table", "crt2"),
        "/mechanic_options/combat/table",
        "unknown combat table 'crt2'",
    ),
    (
        "title.json",
        _set("mechanic_options/rigid-zoc/blocked_by/0", "lak"),
        "/mechanic_options/rigid-zoc/blocked_by/0",
        "unknown hexside feature 'lak'",
    ),
    (
        "title.json",
        _set("default_scenario", "meting"),
        "/default_scenario",
        "unknown scenario 'meting' (did you mean 'meeting'?)",
    ),
    (
        "title.json",
        _set("sequence/player_turns/1/side", "green"),
        "/sequence/player_turns/1/side",
        "unknown side 'green'",
    ),
]


def _broken(tmp_path: Path, file: str, edit: Edit) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(HEXLAND, folder)
    doc = json.loads((folder / file).read_text(encoding="utf-8"))
    edit(doc)
    (folder / file).write_text(json.dumps(doc), encoding="utf-8")
    return folder


def test_hexland_is_whole() -> None:
    assert title_problems(HEXLAND) == []


@pytest.mark.parametrize(("file", "edit", "pointer", "words"), BREAKS, ids=[b[2] for b in BREAKS])
def test_each_broken_cross_reference_is_one_problem(
    tmp_path: Path, file: str, edit: Edit, pointer: str, words: str
) -> None:
    folder = _broken(tmp_path, file, edit)
    problems = title_problems(folder)
    assert [(p.file, p.pointer) for p in problems] == [(str(folder / file), pointer)]
    assert words in problems[0].message


def test_cli_names_file_and_pointer_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file, edit, pointer, words = BREAKS[0]
    folder = _broken(tmp_path, file, edit)
    assert main(["validate", str(folder)]) == 2
    out = capsys.readouterr()
    assert f"{folder / file}: {pointer}: {words}" in out.out
    assert "1 problem(s)" in out.err
    assert main(["validate", str(HEXLAND)]) == 0


def test_a_problem_from_the_owner_folder_names_the_owners_file(tmp_path: Path) -> None:
    """An owner's transcription (``--data-dir``) merged over the shipped data: the problem is in
    the owner's file, not the shipped one."""
    owner = tmp_path / "owner" / "hexland"
    owner.mkdir(parents=True)
    scenario = {
        "kind": "scenario",
        "id": "meeting",
        "setup": {"blue-main": {"side": "blue", "units": ["1-inf"], "at": ["9999"]}},
    }
    (owner / "scenario-meeting.json").write_text(json.dumps(scenario), encoding="utf-8")
    problems = title_problems(HEXLAND, tmp_path / "owner")
    assert [(p.file, p.pointer) for p in problems] == [
        (str(owner / "scenario-meeting.json"), "/setup/blue-main/at/0")
    ]


def test_new_names_a_title_that_fails_to_load_with_the_owners_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A CRT row short of the dice in an owner's transcription: ``wargame games`` fails (exit 2)
    and ``wargame new`` refuses, both naming the owner's file, not the installed one."""
    from importlib.resources import files

    shipped = json.loads(
        (files("wargame.games.panzergruppe_guderian") / "data" / "crt.json").read_text()
    )
    table = shipped["tables"]["crt"]
    table["results"]["1-3"] = table["results"]["1-3"][:-1]
    owner = tmp_path / "owner" / "panzergruppe-guderian"
    owner.mkdir(parents=True)
    doc = {"kind": "combat-tables", "id": shipped["id"], "tables": {"crt": table}}
    (owner / "crt.json").write_text(json.dumps(doc), encoding="utf-8")
    where = f"{owner / 'crt.json'}: /tables/crt: "
    assert main(["--data-dir", str(tmp_path / "owner"), "games"]) == 2
    assert f"error: {where}" in capsys.readouterr().err
    out = tmp_path / "x.save.json"
    assert main(["--data-dir", str(tmp_path / "owner"), "new", "pgg", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "title panzergruppe-guderian skipped" in err and where in err and "5 results" in err
    assert not out.exists()


def test_a_map_terrain_missing_from_the_chart_stops_the_title_loading(tmp_path: Path) -> None:
    """Played, such a hex would cost 1 whatever the unit: so the title is not loaded, and the
    registry names it with the problem (what ``wargame games`` and ``wargame new`` show)."""
    from tests.titles.hexland import rules
    from wargame.errors import UsageError
    from wargame.plugins import GameDef, Registry

    folder = _broken(tmp_path, "map.json", _set("hexes/0303/terrain", "jungle"))
    registry = Registry()
    registry.add(GameDef("hexland", folder, (rules,)))
    with pytest.raises(UsageError, match="title hexland skipped"):
        registry.get("hexland")
    (problem,) = [p for p in registry.problems if "hexland" in p]
    assert f"{folder / 'map.json'}: /hexes/0303/terrain: unknown terrain 'jungle'" in problem
