"""A small Panzergruppe Guderian board for the reinforcement and victory tests.

``mini_map()`` is a 12x12 hex map in the PGG numbering (flat-top, even columns shifted, XX east,
YY south) holding every region those rules look up: the ten cities and two VP hexes of 15.11,
entrances X, V, W, Z and 1-6, German areas A-H (area B exactly as 14.3 lists it) and south-edge
railroads for the South-Western Front (14.22). ``variant()`` builds a title from it through
:func:`tests.games.pgg_helpers.make_title` (the shipped data folder copied to a temporary one),
optionally with fewer counters; ``to_phase()`` plays "end" until a given phase.

Layout (hex ids)::

    cities  Vitebsk 0402, Orsha 0404, Mogilev 0408, Smolensk 0605+0606, Yelnya 0807,
            Roslavl 0709, Rzhev 0902, Gzhatsk 1003, Vyazma 1005, Kaluga 1108
    VP hex  "5907" = 1203, "5915" = 1207
    entries X 1205, V 0801, W 0601, Z 0512; provisional 1 1201, 2 1202, 3 1006 (inland, as on
            the shipped map), 4 1209, 5 0912, 6 1112
    areas   A 0201 0301; B 0101-0110 and 0112; C 0111; D-H the south-east corner 1212
    rail    0312-0311 (west of Z), 0512-0511-0510 (Z), 0812-0811, 1112-1111
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from tests.games.pgg_helpers import calendar, hex_map, make_title, scenario
from wargame.games.panzergruppe_guderian import plugin
from wargame.match import Match
from wargame.plugins import GameDef, Title, load_title
from wargame.testing import force_rolls

CITIES: dict[str, list[str]] = {
    "city:vitebsk": ["0402"],
    "city:orsha": ["0404"],
    "city:mogilev": ["0408"],
    "city:smolensk": ["0605", "0606"],
    "city:yelnya": ["0807"],
    "city:roslavl": ["0709"],
    "city:rzhev": ["0902"],
    "city:gzhatsk": ["1003"],
    "city:vyazma": ["1005"],
    "city:kaluga": ["1108"],
    "vp:5907": ["1203"],
    "vp:5915": ["1207"],
}
ENTRIES: dict[str, list[str]] = {
    "entry:X": ["1205"],
    "entry:V": ["0801"],
    "entry:W": ["0601"],
    "entry:Z": ["0512"],
    "entry:1": ["1201"],
    "entry:2": ["1202"],
    "entry:3": ["1006"],
    "entry:4": ["1209"],
    "entry:5": ["0912"],
    "entry:6": ["1112"],
}
AREA_B = ["0101", "0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0112"]
AREAS: dict[str, list[str]] = {
    "area:A": ["0201", "0301"],
    "area:B": AREA_B,
    "area:C": ["0111"],
}
RAILS: list[list[str]] = [
    ["0312", "0311"],
    ["0512", "0511", "0510"],
    ["0812", "0811"],
    ["1112", "1111"],
]


def rail(*hexes: str) -> dict[str, Any]:
    return {"kind": "rail", "hexes": list(hexes), "name": "railroad"}


def mini_map(
    *,
    terrain: Mapping[str, str] | None = None,
    hexsides: Iterable[dict[str, Any]] = (),
    lines: Iterable[dict[str, Any]] = (),
    regions: Mapping[str, Iterable[str]] | None = None,
) -> dict[str, Any]:
    """The 12x12 board above; ``regions`` add to or replace its regions."""
    named: dict[str, Iterable[str]] = {**CITIES, **ENTRIES, **AREAS, **(regions or {})}
    return hex_map(
        12,
        12,
        terrain=terrain,
        hexsides=hexsides,
        lines=[*(rail(*r) for r in RAILS), *lines],
        regions=named,
    )


def variant(
    tmp_path: Path,
    *,
    map_doc: dict[str, Any] | None = None,
    schedule: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
    options: Mapping[str, bool] | None = None,
    first_turn: int = 1,
    last_turn: int = 12,
    counters: Callable[[dict[str, Any]], None] | None = None,
) -> Title:
    """A PGG title on ``map_doc`` (default :func:`mini_map`) with the given calendar schedule,
    set-up, options and turns; ``counters`` edits the counters document in place."""
    scen = scenario(options, setup)
    scen["first_turn"], scen["last_turn"] = first_turn, last_turn
    scen["victory"] = {
        "vp-levels": {"kind": "vp-levels", "params": {"table": "victory"}, "rule": "PGG 15.0"}
    }
    title = make_title(
        tmp_path, map_doc or mini_map(), scenario_doc=scen, calendar_doc=calendar(schedule)
    )
    if counters is None:
        return title
    data = tmp_path / "pgg-data"
    doc = json.loads((data / "counters.json").read_text(encoding="utf-8"))
    counters(doc)
    (data / "counters.json").write_text(json.dumps(doc), encoding="utf-8")
    return load_title(GameDef(title.id, data, plugin.RULES))


def keep_rifles(n: int) -> Callable[[dict[str, Any]], None]:
    """A counters edit leaving only the first ``n`` Soviet Rifle Division counters."""

    def edit(doc: dict[str, Any]) -> None:
        rifles = [cid for cid, c in doc["counters"].items() if c["type"] == "rifle"]
        for cid in rifles[n:]:
            del doc["counters"][cid]

    return edit


def force_provisional(match: Match, *rolls: int) -> list[int]:
    """Make the next Provisional Reinforcement die rolls (14.11) come out as ``rolls``; other
    rolls (5.21, combat) are left alone. Returns the queue, which empties as rolls are used."""
    return force_rolls(match, *rolls, only="PGG 14.11")


def enter_waiting(match: Match) -> None:
    """Bring every division that must enter this phase (14.13) onto the map, each into an empty
    hex, so "end" is legal again."""
    from wargame.games.panzergruppe_guderian import reinforcements

    for unit in reinforcements.must_enter(match):
        moves = [a for a in match.legal_actions() if a.verb == "move" and a.args[0] == unit.id]
        empty = [a for a in moves if not match.units_at(a.args[-1])]
        if empty or moves:
            match.apply((empty or moves)[0])


def to_phase(match: Match, path: str, turn: int, limit: int = 200) -> None:
    """Play "end" until the match decides phase ``path`` (e.g. "soviet/movement") of ``turn``,
    entering waiting Provisional and South-Western Front divisions on the way."""
    for _ in range(limit):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.phase == path and d.turn == turn and d.context.get("end"):
            return
        assert d.context.get("end"), f"unexpected decision {d}"
        if match.check("end"):
            enter_waiting(match)
        match.apply("end")
    raise AssertionError(f"never reached {path} of turn {turn}")


def finish(match: Match, limit: int = 400) -> dict[str, Any]:
    """Play "end" until the game is over; the outcome."""
    for _ in range(limit):
        if match.outcome is not None:
            return match.outcome
        d = match.decision
        assert d is not None and d.context.get("end"), f"unexpected decision {d}"
        if match.check("end"):
            enter_waiting(match)
        match.apply("end")
    raise AssertionError("the game did not end")
