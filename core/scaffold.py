"""``wargame init``: a new title package that installs and plays at once.

The package is what the README's "Adding a title" describes, already filled in: a
``pyproject.toml`` with the ``wargame.games`` entry point and the data declared as package data
(without it a normal, non-editable install leaves the data behind), ``data/`` with every document
a title needs (hex map or point-to-point network, terrain chart, counters, an odds CRT, calendar,
one scenario), ``plugin.py`` registering it, ``rules.py`` with the title's outcome, and a test
running the kernel's conformance checks on it. Every entry is marked stand-in: it is a start to
replace with the author's own game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from wargame.errors import UsageError

NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
STAND_IN = {"source": "stand-in", "note": "made by wargame init: replace with your game's own"}


def package_name(title_id: str) -> str:
    return title_id.replace("-", "_")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def _doc(kind: str, doc_id: str, **body: Any) -> dict[str, Any]:
    return {"kind": kind, "id": doc_id, "provenance": STAND_IN, **body}


def _steps(*values: tuple[int, int, int]) -> list[dict[str, Any]]:
    return [{"values": {"attack": a, "defense": d, "movement": m}} for a, d, m in values]


def documents(title_id: str, name: str, topology: str) -> dict[str, dict[str, Any]]:
    """The data documents of a new title by file name: two sides, six units, five turns, one
    objective to hold."""
    hexes = topology == "hex"
    objective = "0503" if hexes else "mill"
    mechanics = ["movement", "rigid-zoc" if hexes else "no-zoc", "combat", "step-losses"]
    mechanics += ["retreat-advance", "stacking", "terrain-effects", "victory"]
    options: dict[str, Any] = {
        "combat": {"table": "crt"},
        "retreat": {"rule": "XX 9.2"},
        "stacking": {"limit": 2, "check": ["movement", "combat"], "rule": "XX 7.1"},
    }
    if hexes:
        options["rigid-zoc"] = {"stop_rule": "XX 8.1", "exit_rule": "XX 8.2"}
    phases = [{"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]
    title = _doc(
        "title",
        title_id,
        name=name,
        topology=topology,
        sides=[{"id": "blue", "name": "Blue"}, {"id": "red", "name": "Red"}],
        documents={
            "map": "map.json",
            "terrain": "terrain.json",
            "counters": "counters.json",
            "combat-tables": "crt.json",
            "calendar": "calendar.json",
            "first": "scenario-first.json",
        },
        mechanics=mechanics,
        mechanic_options=options,
        sequence={
            "player_turns": [{"side": "blue", "phases": phases}, {"side": "red", "phases": phases}]
        },
        default_scenario="first",
    )
    if hexes:
        game_map = _doc(
            "hex-map",
            title_id,
            numbering={"digits": [2, 2], "order": "column-first", "orientation": "flat"},
            columns=8,
            rows=6,
            default_terrain="clear",
            hexes={
                objective: {"terrain": "town", "name": "Millford", "attrs": {"vp": 5}},
                "0402": {"terrain": "forest"},
                "0404": {"terrain": "forest"},
                "0605": {"terrain": "forest"},
            },
            hexsides=[
                {"hexes": ["0301", "0401"], "features": ["river"]},
                {"hexes": ["0306", "0406"], "features": ["river"]},
            ],
            lines=[{"kind": "road", "hexes": [f"{c:02d}03" for c in range(1, 9)]}],
        )
        blue_at, red_at = ["0202", "0204"], ["0702", "0704"]
    else:
        points = {
            "west": ("Westbury", [0, 1], "clear"),
            "north": ("Northgate", [1, 0], "forest"),
            "mill": ("Millford", [2, 1], "town"),
            "south": ("Southend", [1, 2], "clear"),
            "ridge": ("Ridge", [3, 0], "forest"),
            "east": ("Eastham", [4, 1], "clear"),
            "fen": ("Fenside", [3, 2], "clear"),
        }
        game_map = _doc(
            "network-map",
            title_id,
            points={
                pid: {"name": label, "xy": xy, "terrain": terrain}
                | ({"attrs": {"vp": 5}} if pid == objective else {})
                for pid, (label, xy, terrain) in points.items()
            },
            links=[
                {"points": list(pair)}
                for pair in [
                    ("west", "north"),
                    ("west", "south"),
                    ("north", "mill"),
                    ("south", "mill"),
                    ("mill", "ridge"),
                    ("mill", "fen"),
                    ("ridge", "east"),
                    ("fen", "east"),
                ]
            ],
        )
        blue_at, red_at = ["west", "north"], ["east", "fen"]
    terrain = _doc(
        "terrain",
        f"{title_id}-tec",
        terrain={
            "clear": {"name": "Clear", "move": {"*": 1}},
            "forest": {
                "name": "Forest",
                "move": {"infantry": 1, "*": 2},
                "combat": {"defense_multiplier": 2},
                "rule": "XX 10.1",
            },
            "town": {"name": "Town", "move": {"*": 1}, "combat": {"shift": -1}, "rule": "XX 10.2"},
        },
        hexsides={
            "river": {
                "name": "River",
                "move": {"*": 2},
                "combat": {"shift": -1, "all_attackers_across": True},
                "rule": "XX 10.3",
            }
        }
        if hexes
        else {},
        features={"road": {"name": "Road", "move": {"*": 0.5}}} if hexes else {},
    )
    counters = _doc(
        "counters",
        f"{title_id}-counters",
        unit_types={
            "infantry": {"name": "Infantry", "mobility": "infantry"},
            "armor": {"name": "Armor", "mobility": "mechanized"},
        },
        counters={
            "b1": {"side": "blue", "type": "infantry", "name": "1st Infantry",
                   "steps": _steps((4, 4, 4), (2, 2, 4))},
            "b2": {"side": "blue", "type": "infantry", "name": "2nd Infantry",
                   "steps": _steps((4, 4, 4), (2, 2, 4))},
            "b3": {"side": "blue", "type": "armor", "name": "3rd Armor",
                   "steps": _steps((6, 4, 6), (3, 2, 6))},
            "r1": {"side": "red", "type": "infantry", "name": "1st Rifles",
                   "steps": _steps((4, 4, 4), (2, 2, 4))},
            "r2": {"side": "red", "type": "infantry", "name": "2nd Rifles",
                   "steps": _steps((4, 4, 4), (2, 2, 4))},
            "r3": {"side": "red", "type": "armor", "name": "3rd Tanks",
                   "steps": _steps((6, 4, 6), (3, 2, 6))},
        },
    )  # fmt: skip
    crt = _doc(
        "combat-tables",
        f"{title_id}-crt",
        tables={
            "crt": {
                "kind": "odds",
                "name": "Combat Results Table",
                "dice": "1d6",
                "rounding": "defender",
                "shift_mode": "column",
                "zero_defense": {"policy": "edge"},
                "columns": ["1-2", "1-1", "2-1", "3-1"],
                "below": {"policy": "auto", "result": "AE"},
                "above": {"policy": "clamp"},
                "results": {
                    "1-2": ["A1", "A1", "AE", "AE", "AE", "AE"],
                    "1-1": ["D1", "A1", "A1", "EX", "AE", "AE"],
                    "2-1": ["D2", "D1", "D1", "EX", "A1", "A1"],
                    "3-1": ["DE", "D2", "D1", "D1", "EX", "A1"],
                },
            }
        },
        codes={
            "AE": {"name": "Attacker eliminated", "attacker": {"eliminate": True}},
            "A1": {"name": "Attacker loses a step or retreats", "attacker": {"steps_or_retreat": 1}},
            "D1": {"name": "Defender loses a step or retreats", "defender": {"steps_or_retreat": 1}},
            "D2": {"name": "Defender loses two steps or retreats two",
                   "defender": {"steps_or_retreat": 2}},
            "DE": {"name": "Defender eliminated", "defender": {"eliminate": True}},
            "EX": {"name": "Exchange", "attacker": {"steps": 1}, "defender": {"steps": 1}},
        },
    )  # fmt: skip
    calendar = _doc(
        "calendar",
        f"{title_id}-calendar",
        turns={str(t): {"label": f"Turn {t}"} for t in range(1, 6)},
    )
    scenario = _doc(
        "scenario",
        "first",
        name="First battle",
        last_turn=5,
        setup={
            "blue": {"side": "blue", "units": ["b1", "b2", "b3"], "at": blue_at},
            "red": {"side": "red", "units": ["r1", "r2", "r3"], "at": red_at},
        },
        victory={
            "objective": {
                "kind": "hold",
                "side": "blue",
                "params": {"hexes": [objective]},
                "rule": "XX 15.1",
            }
        },
    )
    return {
        "title.json": title,
        "map.json": game_map,
        "terrain.json": terrain,
        "counters.json": counters,
        "crt.json": crt,
        "calendar.json": calendar,
        "scenario-first.json": scenario,
    }


PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "{title_id}"
version = "0.1.0"
description = "{name}: a board wargame for the wargame engine"
requires-python = ">=3.11"
dependencies = ["wargame-engine"]

# How the engine finds the title (wargame games lists it once installed).
[project.entry-points."wargame.games"]
{title_id} = "{package}.plugin"

[tool.setuptools]
packages = ["{package}"]

# The data ships with the package: without this a normal (non-editable) install leaves it out.
[tool.setuptools.package-data]
{package} = ["data/*.json"]
"""

PLUGIN = '''\
"""Registers {name} with the wargame engine (entry point ``wargame.games``)."""

from importlib.resources import files

from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef


@hookimpl
def wargame_register_games():
    # rules modules named as strings: imported only when this title is played
    return [GameDef("{title_id}", files("{package}") / "data", ("{package}.rules",))]
'''

RULES = '''\
"""{name}'s own rules: only what the shared mechanics listed in data/title.json do not do.

Who wins is data (the scenario's ``victory`` block, judged by the ``victory`` mechanic), as are
terrain effects in combat (the terrain chart's ``combat`` entries, by ``terrain-effects``). Hooks
a title may implement for the rest are listed, each with its docstring, in the engine's
``wargame/hookspecs.py`` (and docs/reference-hooks.md): strength modifiers, column shifts,
vetoes citing a rule, phases of your own, an outcome of your own.
"""

from wargame.hookspecs import hookimpl
from wargame.match import Match
'''

TEST = '''\
"""{name} keeps the kernel's promises (wargame.testing, installed with the engine)."""

from wargame.testing import conformance


def test_{package}_keeps_the_kernels_promises(wargame_title):
    assert conformance(wargame_title("{title_id}"), seeds=range(2)) == []


def test_{package}_data_is_whole():
    from importlib.resources import files
    from pathlib import Path

    from wargame.validate import title_problems

    assert title_problems(Path(str(files("{package}") / "data"))) == []
'''

README = """\
# {name}

A title for the wargame engine, started with `wargame init {title_id}`. Every data entry is a
stand-in (provenance `stand-in`): replace them with your game's, citing rule numbers.

    pip install -e .
    wargame validate {package}/data
    wargame new {title_id} -o game.json && wargame auto game.json
    pytest tests
"""


def init(folder: Path, title_id: str, topology: str = "hex", force: bool = False) -> list[Path]:
    """Write a new title package into ``folder`` (created; must be empty unless ``force``);
    returns the files written."""
    if not NAME.match(title_id):
        raise UsageError(
            f"{title_id!r} is not a title id: lower-case letters, digits and single hyphens, "
            "starting with a letter (e.g. my-title)"
        )
    if folder.exists() and any(folder.iterdir()) and not force:
        raise UsageError(f"{folder}: folder is not empty (--force writes into it anyway)")
    package = package_name(title_id)
    name = title_id.replace("-", " ").title()
    docs = documents(title_id, name, "hex" if topology == "hex" else "network")
    values = {"title_id": title_id, "package": package, "name": name}
    files = {
        "pyproject.toml": PYPROJECT,
        "README.md": README,
        f"{package}/__init__.py": '"""{name}: a title for the wargame engine."""\n',
        f"{package}/plugin.py": PLUGIN,
        f"{package}/rules.py": RULES,
        f"tests/test_{package}.py": TEST,
    }
    written = []
    for relative, text in files.items():
        _write(folder / relative, text.format(**values))
        written.append(folder / relative)
    for file_name, doc in docs.items():
        _write(folder / package / "data" / file_name, _json(doc))
        written.append(folder / package / "data" / file_name)
    return written
