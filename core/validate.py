"""A whole title checked at once: what no single document's schema can see.

Each document is valid alone and the title still fails later (or silently plays wrong) when
one names what another lacks: a set-up's hex the map does not have, a counter's unit type the
counters document does not define, a map terrain the chart lacks (played at cost 1), a CRT row
shorter than the dice. :func:`title_problems` finds every such problem, one
:class:`~wargame.errors.Problem` each, naming the file (the owner's file when the entry came from
an owner folder) and the JSON pointer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from wargame.errors import DataError, Problem, WargameError
from wargame.loader import TitleData, read_json, suggest
from wargame.models import TitleManifest


def _pointer(*parts: object) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _has(doc: Any, pointer: str) -> bool:
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(doc, dict) and key in doc:
            doc = doc[key]
        elif isinstance(doc, list) and key.isdigit() and int(key) < len(doc):
            doc = doc[int(key)]
        else:
            return False
    return True


class _Checker:
    """Problems for one title's merged data, each located in its document's file."""

    def __init__(self, data: TitleData, manifest: TitleManifest, title_file: str) -> None:
        self.data = data
        self.manifest = manifest
        self.title_file = title_file
        self.problems: list[Problem] = []
        self._owner: dict[str, Any] = {}
        for name, path in data.owner_files.items():
            self._owner[name], _ = read_json(path)

    def file(self, name: str, pointer: str) -> str:
        """The owner's file when the owner's document has this entry, else the shipped one."""
        owner = self._owner.get(name)
        if owner is not None and _has(owner, pointer):
            return str(self.data.owner_files[name])
        return str(self.data.folder / self.data.documents[name])

    def add(self, name: str | None, pointer: str, message: str) -> None:
        where = self.title_file if name is None else self.file(name, pointer)
        self.problems.append(Problem(where, pointer, message))

    def unknown(
        self, name: str | None, pointer: str, what: str, value: str, known: Iterable[str]
    ) -> None:
        self.add(name, pointer, f"unknown {what} {value!r}{suggest(value, list(known))}")

    def docs(self, kind: str) -> Iterator[tuple[str, dict[str, Any]]]:
        for name, doc in self.data.raw.items():
            if doc.get("kind") == kind:
                yield name, doc


def _one(checker: _Checker, kind: str) -> tuple[str, dict[str, Any]] | tuple[None, None]:
    return next(checker.docs(kind), (None, None))


def title_problems(folder: Path, owner_dir: Path | None = None) -> list[Problem]:
    """Every cross-reference problem of the title whose ``title.json`` is in ``folder``; an
    empty list when the title is whole. Problems of single documents (syntax, schema) are
    returned too when the title's data does not load at all, so nothing is left unsaid."""
    from wargame.plugins import check_mechanics, check_tables

    title_file = str(folder / "title.json")
    raw, problems = read_json(folder / "title.json")
    if problems:
        return problems
    try:
        manifest = TitleManifest.model_validate(raw)
    except Exception:  # the per-file check already reported it
        return []
    found: list[Problem] = []
    try:
        check_mechanics(manifest, title_file)
    except DataError as exc:
        found += exc.problems
    except WargameError as exc:
        found.append(Problem(title_file, "/mechanics", str(exc)))
    try:
        data = TitleData(
            folder,
            manifest.documents,
            title_id=manifest.id,
            owner_dir=owner_dir,
            owner_data=owner_dir is not None,
            topology=manifest.topology,
        )
    except DataError as exc:
        return found + exc.problems
    try:
        check_tables(data)
    except DataError as exc:
        found += exc.problems
    checker = _Checker(data, manifest, title_file)
    _check_all(checker)
    return found + checker.problems


def load_problems(data: TitleData, manifest: TitleManifest, title_file: str) -> list[Problem]:
    """The cross-references checked whenever a title loads: those that would otherwise misplay
    in silence rather than fail (a map terrain the chart lacks is entered at cost 1)."""
    c = _Checker(data, manifest, title_file)
    map_name, map_doc = _one(c, "hex-map" if manifest.topology == "hex" else "network-map")
    _terrain_name, chart = _one(c, "terrain")
    if map_doc is not None and chart is not None:
        _map_terrain(c, map_name, map_doc, chart)
    return c.problems


def _check_all(c: _Checker) -> None:
    sides = [s.id for s in c.manifest.sides]
    map_name, map_doc = _one(c, "hex-map" if c.manifest.topology == "hex" else "network-map")
    terrain_name, chart = _one(c, "terrain")
    counters_name, counters = _one(c, "counters")
    calendar_name, calendar = _one(c, "calendar")
    places: set[str] | None = None
    if map_doc is not None:
        places = _places(c, map_name, map_doc)
        if chart is not None:
            _map_terrain(c, map_name, map_doc, chart)
    for i, turn in enumerate(c.manifest.sequence.player_turns):
        if turn.side not in sides:
            c.unknown(
                None, _pointer("sequence", "player_turns", i, "side"), "side", turn.side, sides
            )
    _mechanic_refs(c, chart)
    if counters is not None:
        _counters(c, counters_name, counters, sides)
    scenarios = dict(c.docs("scenario"))
    if c.manifest.default_scenario not in {d["id"] for d in scenarios.values()}:
        ids = [d["id"] for d in scenarios.values()]
        c.unknown(None, "/default_scenario", "scenario", c.manifest.default_scenario, ids)
    turns = set(calendar["turns"]) if calendar is not None else None
    for name, doc in scenarios.items():
        for key, placement in doc.get("setup", {}).items():
            _placement(c, name, _pointer("setup", key), placement, sides, places, counters)
        for field in ("first_turn", "last_turn"):
            if turns is not None and field in doc and str(doc[field]) not in turns:
                c.add(name, _pointer(field), f"turn {doc[field]} is not on the calendar")
        for side, names in doc.get("control", {}).items():
            if side not in sides:
                c.unknown(name, _pointer("control", side), "side", side, sides)
            _locations(c, name, _pointer("control", side), names, places)
        for key, cond in doc.get("victory", {}).items():
            _victory_condition(c, name, _pointer("victory", key), cond, sides, places)
    _victory_settings(c, sides, places)
    if calendar is not None:
        for key, entry in calendar.get("schedule", {}).items():
            where = _pointer("schedule", key)
            if str(entry["turn"]) not in calendar["turns"]:
                c.add(
                    calendar_name, where + "/turn", f"turn {entry['turn']} is not on the calendar"
                )
            # entry places are read by the reinforcements mechanic (a title's own rules may
            # give 'at' a meaning of their own)
            arriving = places if "reinforcements" in c.manifest.mechanics else None
            _placement(c, calendar_name, where, entry, sides, arriving, counters)


def _places(c: _Checker, name: str | None, doc: dict[str, Any]) -> set[str] | None:
    """Every location, box and region name the map defines (None if the map does not build)."""
    from wargame.hexgrid import HexGrid
    from wargame.network import PointNetwork

    try:
        if doc["kind"] == "hex-map":
            topo: Any = HexGrid.from_document(doc)
        else:
            topo = PointNetwork.from_document(doc)
    except WargameError as exc:
        c.add(name, "", str(exc))
        return None
    return {*topo.locations(), *topo.regions()}


def _locations(
    c: _Checker, name: str | None, pointer: str, names: Iterable[str], places: set[str] | None
) -> None:
    if places is None:
        return
    for i, loc in enumerate(names):
        if loc not in places:
            c.unknown(name, f"{pointer}/{i}", "location or region", loc, places)


def _victory_condition(
    c: _Checker,
    name: str | None,
    pointer: str,
    cond: Mapping[str, Any],
    sides: list[str],
    places: set[str] | None,
) -> None:
    """A victory condition's locations and, for the victory mechanic's kinds, its sides and
    table document (an unknown one would end the game wrongly, or crash at the end)."""
    from wargame.models import VICTORY_KINDS

    params = cond.get("params", {})
    for key in ("hexes", "locations", "regions"):
        _locations(c, name, f"{pointer}/params/{key}", params.get(key, []), places)
    if cond.get("kind") not in VICTORY_KINDS:
        return  # a title's own kind: its rules read the rest
    region = params.get("region")
    if isinstance(region, str) and places is not None and region not in places:
        c.unknown(name, f"{pointer}/params/region", "region", region, places)
    for where, side in (("side", cond.get("side")), ("params/default", params.get("default")),
                        ("params/of", params.get("of"))):  # fmt: skip
        if side is not None and side not in sides:
            c.unknown(name, f"{pointer}/{where}", "side", side, sides)
    table = params.get("table")
    if cond.get("kind") == "vp-levels" and table is not None and table not in c.manifest.documents:
        c.unknown(name, f"{pointer}/params/table", "document", table, c.manifest.documents)


def _victory_settings(c: _Checker, sides: list[str], places: set[str] | None) -> None:
    """The victory mechanic's settings name sides and locations the title has."""
    options = c.manifest.mechanic_options.get("victory", {})
    where = "/mechanic_options/victory"
    _locations(c, None, f"{where}/objectives", options.get("objectives") or [], places)
    for key in ("default_holder", "net_of"):
        if options.get(key) is not None and options[key] not in sides:
            c.unknown(None, f"{where}/{key}", "side", options[key], sides)
    for i, level in enumerate(options.get("levels", [])):
        if level.get("winner") is not None and level["winner"] not in sides:
            c.unknown(None, f"{where}/levels/{i}/winner", "side", level["winner"], sides)


def _map_terrain(
    c: _Checker, name: str | None, doc: dict[str, Any], chart: Mapping[str, Any]
) -> None:
    """Every terrain the map uses is in the chart (else it would cost 1), and every line kind
    (road, rail) names a feature the chart costs. Hex, hexside and link features may be tags
    a title's rules read, so they are not required in the chart."""
    terrain, edges, features = (chart.get(k, {}) for k in ("terrain", "hexsides", "features"))
    if doc["kind"] == "hex-map":
        if doc.get("default_terrain", "clear") not in terrain:
            c.unknown(name, "/default_terrain", "terrain", doc["default_terrain"], terrain)
        for hid, spec in doc.get("hexes", {}).items():
            if spec.get("terrain") is not None and spec["terrain"] not in terrain:
                c.unknown(
                    name, _pointer("hexes", hid, "terrain"), "terrain", spec["terrain"], terrain
                )
        for i, line in enumerate(doc.get("lines", [])):
            if line["kind"] not in features and line["kind"] not in edges:
                c.unknown(
                    name, _pointer("lines", i, "kind"), "line feature", line["kind"], features
                )
    else:
        for pid, spec in doc.get("points", {}).items():
            if spec.get("terrain", "clear") not in terrain:
                c.unknown(
                    name, _pointer("points", pid, "terrain"), "terrain", spec["terrain"], terrain
                )


def _mechanic_refs(c: _Checker, chart: Mapping[str, Any] | None) -> None:
    """Names in mechanic settings that other documents define: the combat table, ZOC-blocking
    hexside features."""
    options = c.manifest.mechanic_options
    table = options.get("combat", {}).get("table")
    if table is not None:
        tables = {t for _, doc in c.docs("combat-tables") for t in doc.get("tables", {})}
        if table not in tables:
            c.unknown(None, "/mechanic_options/combat/table", "combat table", table, tables)
    if chart is not None:
        edges = {*chart.get("hexsides", {}), *chart.get("features", {})}
        for i, feature in enumerate(options.get("rigid-zoc", {}).get("blocked_by", [])):
            if feature not in edges:
                c.unknown(
                    None,
                    f"/mechanic_options/rigid-zoc/blocked_by/{i}",
                    "hexside feature",
                    feature,
                    edges,
                )


def _counters(c: _Checker, name: str | None, doc: dict[str, Any], sides: list[str]) -> None:
    types, pools = doc.get("unit_types", {}), doc.get("pools", {})
    for cid, counter in doc.get("counters", {}).items():
        if counter["side"] not in sides:
            c.unknown(name, _pointer("counters", cid, "side"), "side", counter["side"], sides)
        if counter["type"] not in types:
            c.unknown(name, _pointer("counters", cid, "type"), "unit type", counter["type"], types)
        if counter.get("untried") is not None and counter["untried"] not in pools:
            c.unknown(name, _pointer("counters", cid, "untried"), "pool", counter["untried"], pools)
    for pid, pool in pools.items():
        if pool["side"] not in sides:
            c.unknown(name, _pointer("pools", pid, "side"), "side", pool["side"], sides)


def _placement(
    c: _Checker,
    name: str | None,
    pointer: str,
    entry: Mapping[str, Any],
    sides: list[str],
    places: set[str] | None,
    counters: Mapping[str, Any] | None,
) -> None:
    """A set-up or a scheduled arrival: its side, counters, drawn unit types and places."""
    side = entry.get("side")
    if side not in sides:
        c.unknown(name, pointer + "/side", "side", str(side), sides)
    elif counters is not None:
        known = counters.get("counters", {})
        for i, cid in enumerate(entry.get("units", [])):
            if cid not in known:
                c.unknown(name, f"{pointer}/units/{i}", "counter", cid, known)
            elif known[cid]["side"] != side and known[cid]["side"] in sides:
                c.add(
                    name,
                    f"{pointer}/units/{i}",
                    f"counter {cid!r} is {known[cid]['side']}'s, not {side}'s",
                )
        for utype, count in entry.get("draw", {}).items():
            have = sum(1 for x in known.values() if x["type"] == utype and x["side"] == side)
            if utype not in counters.get("unit_types", {}):
                c.unknown(
                    name,
                    _pointer(*pointer.split("/")[1:], "draw", utype),
                    "unit type",
                    utype,
                    counters.get("unit_types", {}),
                )
            elif have < count:
                c.add(
                    name,
                    _pointer(*pointer.split("/")[1:], "draw", utype),
                    f"{count} {utype} counters drawn, {side} has {have}",
                )
    _locations(c, name, pointer + "/at", entry.get("at", []), places)
