"""Variants of Hexland built in a temporary folder, so a test can switch one mechanic or setting
on or off, lay out its own position, or change a data document, without a title of its own.

``make_variant(tmp_path, mechanics=[...], options={"overrun": {...}}, scenario_setup={...})``
copies Hexland's data folder, edits the copies and loads the result as a :class:`Title` (id
"hexland", with Hexland's rules module and any ``rules`` plugins given). The helpers that tests
of matches share (forcing die rolls, reaching a phase, placing units) are wargame.testing's,
imported here for the tests that import them from here.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from wargame.match import Match
from wargame.plugins import GameDef, Title, load_title
from wargame.state import Unit
from wargame.testing import clear, force_rolls, put, to_phase

__all__ = [
    "clear",
    "force_rolls",
    "make_variant",
    "put",
    "simple_match",
    "simple_variant",
    "to_phase",
]

from .hexland import rules as hexland_rules

HEXLAND_DATA = Path(__file__).parent / "hexland" / "data"

FILES = {
    "title": "title.json",
    "map": "map.json",
    "terrain": "terrain.json",
    "counters": "counters.json",
    "combat-tables": "crt.json",
    "calendar": "calendar.json",
    "scenario": "scenario-meeting.json",
}
"""Names ``edit`` uses for Hexland's documents."""


SIMPLE_SEQUENCE: dict[str, Any] = {
    "player_turns": [
        {"side": "blue", "phases": [
            {"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]},
        {"side": "red", "phases": [
            {"id": "movement", "kind": "movement"}, {"id": "combat", "kind": "combat"}]},
    ]
}  # fmt: skip
"""Hexland's turn without the set-up phase: a match starts in Blue's movement phase."""

ROLL_CODES = ["DE", "DS2", "D1", "D2", "DR2", "EX", "A1", "AE", "EN", "AR1"]
"""The result of each roll (1-10) on :func:`roll_table`, whatever the odds."""

CODES: dict[str, dict[str, Any]] = {
    "DE": {"name": "Defender eliminated", "defender": {"eliminate": True}},
    "DS2": {"name": "Defender loses two steps", "defender": {"steps": 2}},
    "D1": {"name": "Defender loses a step or retreats", "defender": {"steps_or_retreat": 1}},
    "D2": {"name": "Defender loses two steps or retreats two",
           "defender": {"steps_or_retreat": 2}},
    "DR2": {"name": "Defender retreats two", "defender": {"retreat": 2}},
    "EX": {"name": "Exchange", "attacker": {"steps": 1}, "defender": {"steps": 1}},
    "A1": {"name": "Attacker loses a step or retreats", "attacker": {"steps_or_retreat": 1}},
    "AE": {"name": "Attacker eliminated", "attacker": {"eliminate": True}},
    "EN": {"name": "Engaged", "attacker": {"steps": 1}, "defender": {"steps": 1}},
    "AR1": {"name": "Attacker retreats one", "attacker": {"retreat": 1}},
}  # fmt: skip


def roll_table(docs: dict[str, dict[str, Any]]) -> None:
    """An ``edit`` for :func:`make_variant`: a 1d10 table whose result depends on the roll only
    (:data:`ROLL_CODES`), so a forced roll picks the result a test needs."""
    table = docs["combat-tables"]["tables"]["crt"]
    table["dice"] = "1d10"
    table["below"] = {"policy": "clamp"}
    table["above"] = {"policy": "clamp"}
    table["results"] = {column: list(ROLL_CODES) for column in table["columns"]}
    docs["combat-tables"]["codes"] = copy.deepcopy(CODES)


def roll_for(code: str) -> int:
    """The roll that gives ``code`` on :func:`roll_table`."""
    return ROLL_CODES.index(code) + 1


def merge(base: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes`` merged in, dict by dict; a None value deletes the key."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def make_variant(
    tmp_path: Path,
    *,
    mechanics: list[str] | None = None,
    options: Mapping[str, Any] | None = None,
    sequence: Mapping[str, Any] | None = None,
    scenario_setup: Mapping[str, Any] | None = None,
    scenario: Mapping[str, Any] | None = None,
    edit: Callable[[dict[str, dict[str, Any]]], None] | None = None,
    rules: Iterable[object] = (),
    name: str = "variant",
    documents: Mapping[str, Mapping[str, Any]] | None = None,
) -> Title:
    """A Hexland variant: ``mechanics`` replaces the list, ``options`` merges into
    ``mechanic_options`` (None deletes), ``sequence`` replaces the sequence of play,
    ``scenario_setup`` replaces the scenario's set-up, ``scenario`` merges into the scenario,
    ``edit`` changes any document in place (keys of :data:`FILES`), ``documents`` adds documents
    by key (written as ``KEY.json``)."""
    folder = tmp_path / name
    shutil.copytree(HEXLAND_DATA, folder)
    docs = {key: json.loads((folder / file).read_text()) for key, file in FILES.items()}
    title = docs["title"]
    if mechanics is not None:
        title["mechanics"] = list(mechanics)
    if options:
        title["mechanic_options"] = merge(title.get("mechanic_options", {}), options)
    if sequence is not None:
        title["sequence"] = copy.deepcopy(dict(sequence))
    if scenario_setup is not None:
        docs["scenario"]["setup"] = copy.deepcopy(dict(scenario_setup))
    if scenario:
        docs["scenario"] = merge(docs["scenario"], scenario)
    if edit is not None:
        edit(docs)
    for key, doc in (documents or {}).items():
        title["documents"][key] = f"{key}.json"
        (folder / f"{key}.json").write_text(json.dumps(doc, indent=1))
    for key, file in FILES.items():
        (folder / file).write_text(json.dumps(docs[key], indent=1))
    return load_title(GameDef("hexland", folder, (hexland_rules, *rules)))


def simple_variant(
    tmp_path: Path, mechanics: list[str], setup: Mapping[str, Any], **changes: Any
) -> Title:
    """A Hexland variant with ``mechanics`` and set-up ``setup`` whose turn is
    :data:`SIMPLE_SEQUENCE` (a match starts in Blue's movement phase); ``changes`` as
    :func:`make_variant` takes them."""
    return make_variant(
        tmp_path, mechanics=mechanics, sequence=SIMPLE_SEQUENCE, scenario_setup=setup, **changes
    )


def simple_match(
    tmp_path: Path, mechanics: list[str], setup: Mapping[str, Any], **changes: Any
) -> Match:
    """A match of :func:`simple_variant`."""
    return Match(simple_variant(tmp_path, mechanics, setup, **changes))


def fresh_name(tmp_path: Path) -> str:
    """A variant folder name not used yet in ``tmp_path``: for tests that build several."""
    return f"v{len(list(tmp_path.iterdir()))}"


# ----------------------------------------------------------------------------- match helpers


def reveal_as(
    match: Match, unit_id: str, attack: float, defense: float, movement: float = 4
) -> Unit:
    """Give an untried unit a known face now, as if already revealed."""
    unit = match.state.units[unit_id]
    unit.face = {"attack": attack, "defense": defense, "movement": movement}
    match.touch()
    return unit


def locs(match: Match, *ids: str) -> list[str | None]:
    return [match.state.units[i].loc for i in ids]
