"""Small Panzergruppe Guderian variant titles for tests.

The shipped data folder is copied into a temporary folder and its map replaced by a small
hand-made one in the same format (same numbering as the PGG map: flat-top, even columns shifted,
XX east, YY south), with an empty campaign set-up and calendar, so a test puts exactly the units
it needs where it needs them and jumps straight to the phase it tests.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterable, Mapping
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from wargame import markers
from wargame.games.panzergruppe_guderian import plugin
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import GameDef, Title, load_title
from wargame.state import Unit

TITLE_ID = "panzergruppe-guderian"
NUMBERING: dict[str, Any] = json.loads(
    (files("wargame.games.panzergruppe_guderian") / "data" / "map.json").read_text(encoding="utf-8")
)["numbering"]
"""The shipped map's hex numbering (test_pgg_map checks it is PGG's), so test maps number alike."""
STAND_IN = {"source": "stand-in", "note": "test map"}


def river(a: str, b: str) -> dict[str, Any]:
    return {"hexes": [a, b], "features": ["river"]}


def lake(a: str, b: str) -> dict[str, Any]:
    return {"hexes": [a, b], "features": ["lake"]}


def road(*hexes: str, name: str = "road") -> dict[str, Any]:
    return {"kind": "road", "hexes": list(hexes), "name": name}


def hex_map(
    columns: int = 12,
    rows: int = 22,
    *,
    terrain: Mapping[str, str] | None = None,
    hexsides: Iterable[dict[str, Any]] = (),
    lines: Iterable[dict[str, Any]] = (),
    regions: Mapping[str, Iterable[str]] | None = None,
) -> dict[str, Any]:
    """A hex-map document: clear terrain but for ``terrain``, with the reinforcement box."""
    return {
        "kind": "hex-map",
        "id": "pgg-test",
        "provenance": STAND_IN,
        "numbering": NUMBERING,
        "columns": columns,
        "rows": rows,
        "default_terrain": "clear",
        "hexes": {h: {"terrain": t} for h, t in (terrain or {}).items()},
        "hexsides": list(hexsides),
        "lines": list(lines),
        "regions": {name: {"hexes": list(hs)} for name, hs in (regions or {}).items()},
        "boxes": {"box:reinforcements": {"name": "Reinforcements", "adjacent": []}},
    }


def scenario(
    options: Mapping[str, bool] | None = None, setup: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "kind": "scenario",
        "id": "campaign",
        "name": "test",
        "provenance": STAND_IN,
        "first_turn": 1,
        "last_turn": 12,
        "setup": dict(setup or {}),
        "options": {"evacuation": False, "marginal-is-draw": False, **(options or {})},
        "victory": {},
        "vars": {},
    }


def calendar(schedule: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {
        "kind": "calendar",
        "id": "pgg-test-calendar",
        "provenance": STAND_IN,
        "turns": {str(t): {"label": f"Game-Turn {t}"} for t in range(1, 13)},
        "schedule": dict(schedule or {}),
    }


def make_title(
    folder: Path,
    map_doc: dict[str, Any],
    *,
    scenario_doc: dict[str, Any] | None = None,
    calendar_doc: dict[str, Any] | None = None,
    title_changes: Mapping[str, Any] | None = None,
    patch: Callable[[Path], None] | None = None,
) -> Title:
    """A variant of the shipped title in ``folder``: its map, set-up and calendar replaced;
    ``title_changes`` merged into title.json's ``mechanic_options`` entries; ``patch`` may change
    any file of the copied folder before it loads. Victory objectives and entrances the map
    lacks are put in its south-east corner hex."""
    data = folder / "pgg-data"
    with as_file(files("wargame.games.panzergruppe_guderian") / "data") as shipped:
        shutil.copytree(shipped, data, dirs_exist_ok=True)
    map_doc = json.loads(json.dumps(map_doc))
    corner = f"{map_doc['columns']:02d}{map_doc['rows']:02d}"
    victory = json.loads((data / "victory.json").read_text(encoding="utf-8"))
    needed = [e["region"] for e in victory.get("entries", {}).values() if "region" in e]
    needed += [f"entry:{x}" for x in "XVWZ123456"] + [f"area:{x}" for x in "ABCDEFGH"]
    for name in needed:  # regions other rules modules look up
        map_doc["regions"].setdefault(name, {"hexes": [corner]})
    (data / "map.json").write_text(json.dumps(map_doc), encoding="utf-8")
    (data / "scenario-campaign.json").write_text(
        json.dumps(scenario_doc or scenario()), encoding="utf-8"
    )
    (data / "calendar.json").write_text(json.dumps(calendar_doc or calendar()), encoding="utf-8")
    if title_changes:
        manifest = json.loads((data / "title.json").read_text(encoding="utf-8"))
        for mechanic, changes in title_changes.items():
            manifest["mechanic_options"].setdefault(mechanic, {}).update(changes)
        (data / "title.json").write_text(json.dumps(manifest), encoding="utf-8")
    if patch is not None:
        patch(data)
    return load_title(GameDef(TITLE_ID, data, plugin.RULES))


def put(
    match: Match,
    counter: str,
    loc: str,
    *,
    face: Mapping[str, float] | None = None,
    **flags: Any,
) -> Unit:
    """Bring a counter into play at ``loc``; ``face`` reveals an untried unit as given."""
    unit = match.new_unit(counter, loc)
    if face is not None:
        unit.face = dict(face)
    for name in [k for k in flags if k in markers.declared(match)]:
        if flags.pop(name):  # put(..., disrupted=True): a declared marker (wargame.markers)
            markers.place(match, unit, name)
    unit.flags.update(flags)
    match.touch()
    return unit


def soviet(attack: int, defense: int, movement: int = 6) -> dict[str, float]:
    """A revealed Soviet face, e.g. soviet(6, 8) for a 6-8-6."""
    return {"attack": attack, "defense": defense, "movement": movement}


def only_face(match: Match, pool: str, label: str) -> None:
    """Empty a pool of untried faces but for one ``label``: the next reveal draws it."""
    faces = match.counters_doc["pools"][pool]["faces"]
    match.state.pools[pool] = [1 if f.get("label") == label else 0 for f in faces]


def at_phase(match: Match, side: str, phase_id: str, turn: int = 1, *, start: bool = True) -> None:
    """Jump the match to ``side``'s phase ``phase_id`` of ``turn``; ``start`` runs the phase's
    start hooks (supply checks, radius records) as the sequence of play would, but for the
    reinforcement modules' (no provisional divisions rolled onto a test's map)."""
    cursor = match.state.cursor
    cursor.stage, cursor.turn = "turn", turn
    for b, block in enumerate(match.sequence.turn_blocks):
        if block.side != side:
            continue
        for p, leaf in enumerate(block.leaves):
            if leaf.spec.id == phase_id:
                cursor.block, cursor.phase, cursor.started = b, p, True
                match.state.pending.clear()
                match.state.vars.pop("battle", None)
                match.touch()
                if start:
                    phase: PhaseSpec = leaf.spec
                    # every start hook but the reinforcement modules', in pluggy's order (last
                    # registered first); subset_hook_caller would miss on_phase handlers, which
                    # are not module attributes named wargame_phase_start
                    hook = match.pm.hook.wargame_phase_start
                    for impl in reversed(hook.get_hookimpls()):
                        if not getattr(impl.plugin, "__name__", "").endswith("reinforcements"):
                            impl.function(match=match, phase=phase)
                    match.touch()
                return
    raise ValueError(f"no phase {phase_id} for {side}")


def battles(events: Iterable[Any]) -> list[Battle]:
    """The battles among an action's events."""
    return [
        Battle.from_json(e.data["battle"])
        for e in events
        if e.kind == "battle" and isinstance(e.data.get("battle"), dict)
    ]


def fixed_roll(match: Match, value: int) -> None:
    """Make every following die roll of the match come up ``value``."""

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        match.emit(
            "roll", f"{why}: rolled {value}", rule, dice=spec, faces=[value], total=value, why=why
        )
        return value

    match.roll = roll
