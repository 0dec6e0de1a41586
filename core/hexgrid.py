"""Hex grids: axial coordinates inside, the map's printed hex numbers outside.

Every title prints its hex numbers its own way (PGG: flat-top, columns west to east;
Barbarossa: pointy-top, row-first ``RRCC`` with columns counted east to west from 00;
LWE/PMD: flat-top with odd or even columns shifted). The numbering is data
(:class:`HexNumbering`); all geometry happens in axial coordinates (Red Blob Games' guide),
oriented on the *map's* grid: axial ``r`` grows to the south, ``q`` to the east (flat) or
east-south-east (pointy), whatever direction the printed numbers run.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from wargame.topology import (
    EMPTY_ATTRS,
    Edge,
    Graph,
    MapBase,
    MapDataError,
    UnknownRegionError,
    compile_graph,
    is_box,
)

__all__ = [
    "FLAT_DIRECTIONS",
    "POINTY_DIRECTIONS",
    "HexGrid",
    "HexNumbering",
    "axial_distance",
    "cube_round",
]

Axial = tuple[int, int]

# Axial steps in the map's compass (r grows south). Order is the neighbour order everywhere.
FLAT_DIRECTIONS: tuple[tuple[str, Axial], ...] = (
    ("N", (0, -1)),
    ("NE", (1, -1)),
    ("SE", (1, 0)),
    ("S", (0, 1)),
    ("SW", (-1, 1)),
    ("NW", (-1, 0)),
)
POINTY_DIRECTIONS: tuple[tuple[str, Axial], ...] = (
    ("E", (1, 0)),
    ("NE", (1, -1)),
    ("NW", (0, -1)),
    ("W", (-1, 0)),
    ("SW", (-1, 1)),
    ("SE", (0, 1)),
)

# A hex is on an edge when every neighbour straight toward that side is off the playable area.
_EDGE_SIDES: dict[str, dict[str, tuple[str, ...]]] = {
    "flat": {
        "north": ("N",),
        "south": ("S",),
        "east": ("NE", "SE"),
        "west": ("NW", "SW"),
    },
    "pointy": {
        "north": ("NE", "NW"),
        "south": ("SE", "SW"),
        "east": ("E",),
        "west": ("W",),
    },
}

_SQRT3 = math.sqrt(3.0)
_NO_FEATURES: frozenset[str] = frozenset()


def axial_distance(a: Axial, b: Axial) -> int:
    """Hex distance between two axial coordinates."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _choice(value: str, allowed: tuple[str, ...], field: str) -> None:
    if value not in allowed:
        raise MapDataError(f"numbering.{field} must be one of {list(allowed)}, not {value!r}")


@dataclass(frozen=True, slots=True)
class HexNumbering:
    """How a map prints its hex numbers (same field names as the hex-map JSON ``numbering``)."""

    digits: tuple[int, int] = (2, 2)  # (column digits, row digits)
    order: str = "column-first"  # "column-first" | "row-first"
    first_column: int = 1
    first_row: int = 1
    column_direction: str = "east"  # which way printed column numbers grow
    row_direction: str = "south"  # which way printed row numbers grow
    orientation: str = "flat"  # "flat" (columns straight) | "pointy" (rows straight)
    shifted: str = "even"  # parity of the printed column (flat) / row (pointy) shifted S / E

    def __post_init__(self) -> None:
        digits = tuple(self.digits)
        if len(digits) != 2 or not all(isinstance(d, int) and d >= 1 for d in digits):
            raise MapDataError(f"numbering.digits must be two positive ints, not {self.digits!r}")
        object.__setattr__(self, "digits", (digits[0], digits[1]))
        _choice(self.order, ("column-first", "row-first"), "order")
        _choice(self.column_direction, ("east", "west"), "column_direction")
        _choice(self.row_direction, ("south", "north"), "row_direction")
        _choice(self.orientation, ("flat", "pointy"), "orientation")
        _choice(self.shifted, ("odd", "even"), "shifted")
        if self.first_column < 0 or self.first_row < 0:
            raise MapDataError("numbering.first_column and first_row must not be negative")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> HexNumbering:
        """Build from the JSON ``numbering`` object; missing or null fields take the defaults."""
        known = {
            name: data[name] for name in cls.__dataclass_fields__ if data.get(name) is not None
        }
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise MapDataError(f"numbering: unknown field(s) {sorted(unknown)}")
        if "digits" in known:
            known["digits"] = tuple(known["digits"])
        return cls(**known)

    # -- printed ids ------------------------------------------------------------------------

    def format(self, column: int, row: int) -> str:
        """The printed id of a printed (column, row) pair."""
        dc, dr = self.digits
        if column < 0 or row < 0 or column >= 10**dc or row >= 10**dr:
            raise ValueError(f"column {column}, row {row} cannot be printed with digits {dc}+{dr}")
        if self.order == "column-first":
            return f"{column:0{dc}d}{row:0{dr}d}"
        return f"{row:0{dr}d}{column:0{dc}d}"

    def parse(self, hex_id: str) -> tuple[int, int]:
        """Printed (column, row) of a printed id; ValueError if it is not one."""
        dc, dr = self.digits
        if len(hex_id) != dc + dr or not (hex_id.isascii() and hex_id.isdigit()):
            raise ValueError(f"{hex_id!r} is not a {dc + dr}-digit hex number")
        if self.order == "column-first":
            return int(hex_id[:dc]), int(hex_id[dc:])
        return int(hex_id[dr:]), int(hex_id[:dr])

    # -- axial conversion -------------------------------------------------------------------

    def to_axial(self, column: int, row: int) -> Axial:
        """Axial (q, r) of a printed (column, row): q eastward, r southward on the map grid."""
        x = column if self.column_direction == "east" else -column
        y = row if self.row_direction == "south" else -row
        odd = self.shifted == "odd"
        if self.orientation == "flat":
            # Parity of -n equals parity of n, so shifting follows the printed number.
            return x, y - ((x - (x & 1)) // 2 if odd else (x + (x & 1)) // 2)
        return x - ((y - (y & 1)) // 2 if odd else (y + (y & 1)) // 2), y

    def from_axial(self, q: int, r: int) -> tuple[int, int]:
        """Printed (column, row) of an axial (q, r); the inverse of :meth:`to_axial`."""
        odd = self.shifted == "odd"
        if self.orientation == "flat":
            x = q
            y = r + ((q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2)
        else:
            y = r
            x = q + ((r - (r & 1)) // 2 if odd else (r + (r & 1)) // 2)
        column = x if self.column_direction == "east" else -x
        row = y if self.row_direction == "south" else -y
        return column, row

    @property
    def directions(self) -> tuple[tuple[str, Axial], ...]:
        return FLAT_DIRECTIONS if self.orientation == "flat" else POINTY_DIRECTIONS


@dataclass(frozen=True, slots=True)
class _HexData:
    terrain: str
    features: frozenset[str]
    attrs: Mapping[str, Any]


def _seq(value: Any) -> list[Any]:
    """JSON lists arrive as lists, tuples or null."""
    return list(value) if value else []


def _entry_name(entry: Mapping[str, Any], fallback: str) -> str:
    name = entry.get("name")
    return str(name) if name else fallback


class HexGrid(MapBase):
    """A hex map: printed ids outside, axial coordinates inside (implements ``Topology``).

    Built-in regions: ``edge:north|south|east|west`` (every playable hex whose neighbours
    straight toward that side are all off the playable area: flat N / S / NE+SE / NW+SW,
    pointy NE+NW / SE+SW / E / W), ``column:NN`` and ``row:NN`` (printed, zero-padded; an
    unpadded lookup such as ``column:5`` also works). A named region from data with the same
    name replaces a built-in one: a rulebook that defines its map sides by hex lists (e.g.
    Barbarossa 1.4's stepped north side) says so in data.
    """

    kind = "hex"

    def __init__(
        self,
        numbering: HexNumbering,
        *,
        columns: int | None = None,
        rows: int | None = None,
        exclude: Iterable[str] = (),
        rows_by_column: Mapping[int | str, Sequence[int]] | None = None,
        default_terrain: str = "clear",
        hexes: Mapping[str, Mapping[str, Any]] | None = None,
        hexsides: Iterable[Mapping[str, Any]] = (),
        lines: Iterable[Mapping[str, Any]] = (),
        regions: Mapping[str, Mapping[str, Any] | Iterable[str]] | None = None,
        boxes: Mapping[str, Mapping[str, Any]] | None = None,
        map_id: str = "",
    ) -> None:
        self.numbering = numbering
        self.id = map_id
        self._dirs = numbering.directions
        self._dir_step = dict(self._dirs)

        # -- playable area ------------------------------------------------------------------
        cells = self._area(columns, rows, rows_by_column)
        for hex_id in exclude:
            cell = self._parse_in_map(hex_id, "exclude")
            if cell not in cells:
                raise MapDataError(f"map {map_id!r}: excluded hex {hex_id} is not in the area")
            cells.discard(cell)
        if not cells:
            raise MapDataError(f"map {map_id!r}: the playable area is empty")
        self._axial: dict[str, Axial] = {}
        self._at: dict[Axial, str] = {}
        self._printed: dict[str, tuple[int, int]] = {}
        for column, row in cells:
            hex_id = numbering.format(column, row)
            qr = numbering.to_axial(column, row)
            self._axial[hex_id] = qr
            self._at[qr] = hex_id
            self._printed[hex_id] = (column, row)
        hex_ids = sorted(self._axial)

        # -- boxes --------------------------------------------------------------------------
        box_data = dict(boxes or {})
        for box_id in box_data:
            if not is_box(box_id):
                raise MapDataError(f"map {map_id!r}: box id {box_id!r} must start with 'box:'")
        self._box_ids = tuple(sorted(box_data))
        self._ids: tuple[str, ...] = (*hex_ids, *self._box_ids)
        self._order = {loc: i for i, loc in enumerate(self._ids)}

        # -- hexes, hexsides, lines ---------------------------------------------------------
        self._default_terrain = default_terrain
        self._hex: dict[str, _HexData] = {}
        for hex_id, entry in (hexes or {}).items():
            self._require_hex(hex_id, "hexes")
            attrs = dict(entry.get("attrs") or {})
            if entry.get("name") is not None:
                attrs.setdefault("name", entry["name"])
            self._hex[hex_id] = _HexData(
                terrain=str(entry.get("terrain") or default_terrain),
                features=frozenset(_seq(entry.get("features"))),
                attrs=MappingProxyType(attrs),
            )
        for box_id, entry in box_data.items():
            attrs = dict(entry.get("attrs") or {})
            attrs.setdefault("name", entry.get("name") or box_id)
            self._hex[box_id] = _HexData(
                terrain=str(entry.get("terrain") or "box"),
                features=frozenset(_seq(entry.get("features"))),
                attrs=MappingProxyType(attrs),
            )

        side_features: dict[frozenset[str], set[str]] = {}
        side_attrs: dict[frozenset[str], dict[str, Any]] = {}
        for n, entry in enumerate(hexsides):
            pair = _seq(entry.get("hexes"))
            label = f"hexside {_entry_name(entry, f'#{n}')}"
            if len(pair) != 2:
                raise MapDataError(f"map {map_id!r}: {label} needs exactly two hexes, not {pair}")
            a, b = (self._require_hex(h, label) for h in pair)
            if not self._adjacent_hexes(a, b):
                raise MapDataError(f"map {map_id!r}: {label}: hexes {a} and {b} are not adjacent")
            key = frozenset((a, b))
            side_features.setdefault(key, set()).update(_seq(entry.get("features")))
            attrs = side_attrs.setdefault(key, {})
            if entry.get("name") is not None:
                attrs.setdefault("name", entry["name"])
            attrs.update(entry.get("attrs") or {})

        line_hexes: dict[str, set[str]] = {}
        for n, entry in enumerate(lines):
            kind = entry.get("kind")
            if not kind:
                raise MapDataError(f"map {map_id!r}: line #{n} has no kind (road, rail, ...)")
            label = f"{kind} line {_entry_name(entry, f'#{n}')}"
            path = [self._require_hex(h, label) for h in _seq(entry.get("hexes"))]
            if not path:
                raise MapDataError(f"map {map_id!r}: {label} has no hexes")
            for hex_id in path:
                line_hexes.setdefault(hex_id, set()).add(kind)
            for a, b in zip(path, path[1:], strict=False):
                if not self._adjacent_hexes(a, b):
                    raise MapDataError(
                        f"map {map_id!r}: {label}: consecutive hexes {a} and {b} are not adjacent"
                    )
                key = frozenset((a, b))
                side_features.setdefault(key, set()).add(kind)
                if entry.get("name") is not None:
                    side_attrs.setdefault(key, {}).setdefault(kind, entry["name"])
        for hex_id, kinds in line_hexes.items():
            data = self._hex.get(hex_id)
            if data is None:
                data = _HexData(default_terrain, _NO_FEATURES, EMPTY_ATTRS)
            self._hex[hex_id] = _HexData(data.terrain, data.features | kinds, data.attrs)
        self._side_features = {k: frozenset(v) for k, v in side_features.items()}
        self._side_attrs: dict[frozenset[str], Mapping[str, Any]] = {
            k: MappingProxyType(v) for k, v in side_attrs.items()
        }

        # -- adjacency ----------------------------------------------------------------------
        box_adj: dict[str, list[str]] = {loc: [] for loc in self._ids}
        self._nbrs: dict[str, tuple[str, ...]] = {}
        for hex_id in hex_ids:
            q, r = self._axial[hex_id]
            self._nbrs[hex_id] = tuple(
                nb for _, (dq, dr) in self._dirs if (nb := self._at.get((q + dq, r + dr)))
            )

        # -- regions (boxes may name regions as their neighbours, so regions come first) ----
        self._regions: dict[str, frozenset[str]] = self._builtin_regions(hex_ids)
        for name, spec in (regions or {}).items():
            if isinstance(spec, Mapping):
                members = _seq(spec.get("hexes")) + _seq(spec.get("points"))
            else:
                members = list(spec)
            self._regions[name] = frozenset(self._require(m, f"region {name}") for m in members)

        for box_id, entry in box_data.items():
            for other in _seq(entry.get("adjacent")):
                targets = self._box_targets(box_id, other)
                for t in targets:
                    if t != box_id and t not in box_adj[box_id]:
                        box_adj[box_id].append(t)
                        box_adj[t].append(box_id)
        for loc in self._ids:
            self._nbrs[loc] = self._nbrs.get(loc, ()) + tuple(box_adj[loc])

        self._box_pos = self._place_boxes(box_data)
        self._graph: Graph | None = None
        self._bfs: dict[str, list[int]] = {}
        self._edges: dict[tuple[str, str], Edge] = {}

    # -- construction helpers -----------------------------------------------------------------

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> HexGrid:
        """Build from a hex-map document (a plain dict, already validated by the model)."""
        numbering = HexNumbering.from_mapping(doc.get("numbering") or {})
        return cls(
            numbering,
            columns=doc.get("columns"),
            rows=doc.get("rows"),
            exclude=_seq(doc.get("exclude")),
            rows_by_column=doc.get("rows_by_column"),
            default_terrain=str(doc.get("default_terrain") or "clear"),
            hexes=doc.get("hexes") or {},
            hexsides=_seq(doc.get("hexsides")),
            lines=_seq(doc.get("lines")),
            regions=doc.get("regions") or {},
            boxes=doc.get("boxes") or {},
            map_id=str(doc.get("id") or ""),
        )

    def _area(
        self,
        columns: int | None,
        rows: int | None,
        rows_by_column: Mapping[int | str, Sequence[int]] | None,
    ) -> set[tuple[int, int]]:
        nb = self.numbering
        cells: set[tuple[int, int]] = set()
        if rows_by_column:
            for key, bounds in rows_by_column.items():
                try:
                    column = int(key)
                    first, last = (int(x) for x in bounds)
                except (TypeError, ValueError):
                    raise MapDataError(
                        f"map {self.id!r}: rows_by_column[{key!r}] must be [first_row, last_row]"
                    ) from None
                if last < first:
                    raise MapDataError(f"map {self.id!r}: rows_by_column[{key!r}] is empty")
                cells.update((column, row) for row in range(first, last + 1))
        else:
            if not columns or not rows or columns < 1 or rows < 1:
                raise MapDataError(
                    f"map {self.id!r}: give positive 'columns' and 'rows', or 'rows_by_column'"
                )
            cells.update(
                (column, row)
                for column in range(nb.first_column, nb.first_column + columns)
                for row in range(nb.first_row, nb.first_row + rows)
            )
        for column, row in cells:
            try:
                nb.format(column, row)
            except ValueError as exc:
                raise MapDataError(f"map {self.id!r}: {exc}") from None
        return cells

    def _parse_in_map(self, hex_id: str, where: str) -> tuple[int, int]:
        try:
            return self.numbering.parse(hex_id)
        except ValueError as exc:
            raise MapDataError(f"map {self.id!r}, {where}: {exc}") from None

    def _require(self, loc: str, where: str) -> str:
        if loc not in self._order:
            raise MapDataError(f"map {self.id!r}, {where}: {loc!r} is not a location on this map")
        return loc

    def _require_hex(self, loc: str, where: str) -> str:
        if loc not in self._axial:
            raise MapDataError(f"map {self.id!r}, {where}: {loc!r} is not a hex on this map")
        return loc

    def _adjacent_hexes(self, a: str, b: str) -> bool:
        qa = self._axial.get(a)
        qb = self._axial.get(b)
        return qa is not None and qb is not None and axial_distance(qa, qb) == 1

    def _builtin_regions(self, hex_ids: Sequence[str]) -> dict[str, frozenset[str]]:
        nb = self.numbering
        dc, dr = nb.digits
        by_column: dict[str, list[str]] = {}
        by_row: dict[str, list[str]] = {}
        for hex_id in hex_ids:
            column, row = self._printed[hex_id]
            by_column.setdefault(f"column:{column:0{dc}d}", []).append(hex_id)
            by_row.setdefault(f"row:{row:0{dr}d}", []).append(hex_id)
        out: dict[str, frozenset[str]] = {}
        for side, names in _EDGE_SIDES[nb.orientation].items():
            steps = [self._dir_step[n] for n in names]
            members = []
            for hex_id in hex_ids:
                q, r = self._axial[hex_id]
                if all((q + dq, r + dr_) not in self._at for dq, dr_ in steps):
                    members.append(hex_id)
            out[f"edge:{side}"] = frozenset(members)
        out.update((k, frozenset(v)) for k, v in by_column.items())
        out.update((k, frozenset(v)) for k, v in by_row.items())
        return out

    def _box_targets(self, box_id: str, other: str) -> Iterable[str]:
        if other in self._order:
            return (other,)
        if other in self._regions:
            return sorted(self._regions[other], key=self._order.__getitem__)
        raise MapDataError(
            f"map {self.id!r}: box {box_id} is adjacent to {other!r}, "
            "which is neither a location nor a region"
        )

    def _place_boxes(
        self, box_data: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, tuple[float, float]]:
        """Boxes sit where data puts them, else in a row under the map."""
        xs, ys = zip(*(self._hex_position(qr) for qr in self._at), strict=True)
        left, bottom = min(xs), max(ys)
        out: dict[str, tuple[float, float]] = {}
        for n, box_id in enumerate(self._box_ids):
            xy = box_data[box_id].get("position") or box_data[box_id].get("xy")
            if xy:
                out[box_id] = (float(xy[0]), float(xy[1]))
            else:
                out[box_id] = (left + 3.0 * n, bottom + 3.0)
        return out

    def _hex_position(self, qr: Axial) -> tuple[float, float]:
        q, r = qr
        if self.numbering.orientation == "flat":
            return 1.5 * q, _SQRT3 * (r + q / 2)
        return _SQRT3 * (q + r / 2), 1.5 * r

    def _qr(self, loc: str) -> Axial:
        qr = self._axial.get(loc)
        if qr is None:
            self._check(loc)
            raise ValueError(f"{loc} is an off-map box, not a hex")
        return qr

    # -- Topology -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"HexGrid({self.id!r}, {len(self._axial)} hexes, {len(self._box_ids)} boxes)"

    def hexes(self) -> Sequence[str]:
        """Every playable hex (no boxes), sorted by printed id."""
        return self._ids[: len(self._axial)]

    def edge(self, a: str, b: str) -> Edge | None:
        # asked for every hexside while a cost table is built: each edge is made once (the map
        # never changes); pairs that are not neighbours are not kept
        found = self._edges.get((a, b))
        if found is None:
            found = self._make_edge(a, b)
            if found is not None:
                self._edges[(a, b)] = found
        return found

    def _make_edge(self, a: str, b: str) -> Edge | None:
        self._check(a)
        self._check(b)
        if b not in self._nbrs[a]:
            return None
        if is_box(a) or is_box(b):
            return Edge(a, b, "box", _NO_FEATURES, EMPTY_ATTRS)
        key = frozenset((a, b))
        return Edge(
            a,
            b,
            "hexside",
            self._side_features.get(key, _NO_FEATURES),
            self._side_attrs.get(key, EMPTY_ATTRS),
        )

    def distance(self, a: str, b: str) -> int:
        """Hex distance (counted straight across any hexes, on the map or not); via links for boxes."""
        qa = self._axial.get(a)
        qb = self._axial.get(b)
        if qa is not None and qb is not None:
            return axial_distance(qa, qb)
        return self._steps(a, b)

    def terrain(self, loc: str) -> str:
        data = self._hex.get(loc)
        if data is not None:
            return data.terrain
        self._check(loc)
        return self._default_terrain

    def features(self, loc: str) -> frozenset[str]:
        data = self._hex.get(loc)
        if data is not None:
            return data.features
        self._check(loc)
        return _NO_FEATURES

    def attrs(self, loc: str) -> Mapping[str, Any]:
        data = self._hex.get(loc)
        if data is not None:
            return data.attrs
        self._check(loc)
        return EMPTY_ATTRS

    def region(self, name: str) -> frozenset[str]:
        members = self._regions.get(name)
        if members is not None:
            return members
        # "column:5" for "column:05": printed numbers are what players type.
        kind, _, number = name.partition(":")
        if kind in ("column", "row") and number.isascii() and number.isdigit():
            width = self.numbering.digits[0 if kind == "column" else 1]
            members = self._regions.get(f"{kind}:{int(number):0{width}d}")
            if members is not None:
                return members
        raise UnknownRegionError(name, self.id)

    def position(self, loc: str) -> tuple[float, float]:
        """Centre of a hex for drawing: x right, y down, hex size (centre to corner) 1."""
        qr = self._axial.get(loc)
        if qr is not None:
            return self._hex_position(qr)
        self._check(loc)
        return self._box_pos[loc]

    def graph(self) -> Graph:
        if self._graph is None:
            self._graph = compile_graph(
                self._ids,
                self._nbrs.__getitem__,
                lambda a, b: self._side_features.get(frozenset((a, b)), _NO_FEATURES),
            )
        return self._graph

    # -- hex geometry -------------------------------------------------------------------------

    def axial(self, loc: str) -> Axial:
        """Axial (q, r) of a playable hex."""
        return self._qr(loc)

    def printed(self, loc: str) -> tuple[int, int]:
        """Printed (column, row) numbers of a playable hex."""
        self._qr(loc)
        return self._printed[loc]

    def hex_at(self, q: int, r: int) -> str | None:
        """The playable hex at axial (q, r), or None."""
        return self._at.get((q, r))

    def direction_names(self) -> tuple[str, ...]:
        """The six direction names in neighbour order (flat: N first; pointy: E first)."""
        return tuple(name for name, _ in self._dirs)

    def direction(self, a: str, b: str) -> str:
        """Grid direction from hex ``a`` to adjacent hex ``b`` (e.g. "NW"), as rules use it."""
        qa, qb = self._qr(a), self._qr(b)
        step = (qb[0] - qa[0], qb[1] - qa[1])
        for name, d in self._dirs:
            if d == step:
                return name
        raise ValueError(f"map {self.id!r}: {a} and {b} are not adjacent hexes")

    def neighbour_in(self, loc: str, direction: str) -> str | None:
        """The playable hex next to ``loc`` in a grid direction, or None off the map."""
        step = self._dir_step.get(direction)
        if step is None:
            raise ValueError(
                f"direction must be one of {list(self._dir_step)} on a "
                f"{self.numbering.orientation}-top grid, not {direction!r}"
            )
        q, r = self._qr(loc)
        return self._at.get((q + step[0], r + step[1]))

    def hexes_within(self, loc: str, n: int) -> tuple[str, ...]:
        """Playable hexes at hex distance <= n from ``loc`` (``loc`` included), map order."""
        q, r = self._qr(loc)
        at = self._at
        found = [
            h
            for dq in range(-n, n + 1)
            for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1)
            if (h := at.get((q + dq, r + dr))) is not None
        ]
        found.sort(key=self._order.__getitem__)
        return tuple(found)

    def line(self, a: str, b: str) -> list[str | None]:
        """Hexes on the straight line from ``a`` to ``b``, both included (Red Blob Games).

        Linear interpolation in cube coordinates. Where the line runs exactly along a hexside
        it is nudged a hair either way and the playable hex of the two is taken (the first
        nudge's when both are). A position where the line is off the playable area (a
        concave map's bay) comes out as None; on a rectangular map that never happens.
        """
        (aq, ar), (bq, br) = self._qr(a), self._qr(b)
        n = axial_distance((aq, ar), (bq, br))
        if n == 0:
            return [a]
        at = self._at
        out: list[str | None] = []
        for i in range(n + 1):
            t = i / n
            fq = aq + (bq - aq) * t
            fr = ar + (br - ar) * t
            first = at.get(cube_round(fq + 1e-6, fr + 2e-6))
            out.append(first if first is not None else at.get(cube_round(fq - 1e-6, fr - 2e-6)))
        return out


def cube_round(fq: float, fr: float) -> Axial:
    """The axial hex holding fractional axial coordinates (Red Blob Games' cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def hex_grid(topology: object) -> HexGrid:
    """The map as a hex grid, for rules only hex maps have (compass directions, printed rows and
    columns); a point-to-point map here is a title's data error."""
    if not isinstance(topology, HexGrid):
        raise TypeError(f"this rule needs a hex map, not a {type(topology).__name__}")
    return topology
