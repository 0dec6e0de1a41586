"""Stand-in set-ups of the 1941 Free and 1942 Free scenarios (PMD 1.3). Called by ``build.py``.

The set-up cards are not in the text. 1.3 pairs the sides' 1941 set-ups freely: both historical,
both free, or one of each (the two mixed scenarios). 1941 Free: each unit starts where the historical set-up
puts it and its owner may set it up instead in any hex of its formation's sector (the Army
Group's or the military district's hexes of the historical set-up and the own-side land hexes
next to them), within the stacking limits. 1942 Free: a stand-in 1942 start line (2.2) drawn
between anchor hexes from the June 1942 front, the Axis west of it and the Soviets east of it
(Sevastopol held), every Axis counter of the manifest that has entered by then and the Soviet
counters of the 1941 set-up, each side setting up freely near the line on its own side (the
Axis within 4 hexes, the Soviets 8), 8 Soviet units garrisoning the Finnish front (4.5.2(2):
the requirement is in effect at the start); the first turn is 211 (ruling SC1); the TB pool is empty
(9.1.4), the 1942 comb-out done (9.5.2), the Stalin line destroyed (13.4.2) and the Soviet
limit 5 (6.1's 1941 limit gone)."""

from __future__ import annotations

import copy
from typing import Any

Json = dict[str, Any]

FIRST_1942 = 211
LINE_1942 = [(1, 33), (4, 33), (8, 34), (12, 35), (16, 37), (20, 37), (24, 38), (28, 37)]
LINE_1942 += [(31, 36), (37, 35), (42, 37), (45, 37), (66, 37)]
"""(row, first Soviet column): the 1942 start line, interpolated between rows (stand-in: the
front of June 1942, Leningrad besieged to Taganrog)."""
SEVASTOPOL = "2050"
DEPTH_1942 = {"axis": 4, "soviet": 8}
SECTORS_1942 = {"north": (1, 22), "centre": (18, 36), "south": (32, 66)}
"""Map rows of each sector of the 1942 free set-up (they overlap by a few rows)."""
FINNISH_FRONT = ("3303", "3402", "3803", "3904", "4003", "4104", "4203", "4304")
"""4.5.2(2): the 8 Finnish front hexes; the garrison requirement is in effect at the 1942 start,
so the 1942 set-up puts one Soviet unit of the north sector in each (stand-in placement)."""


def _col(hex_id: str) -> int:
    return int(hex_id[:2])


def _row(hex_id: str) -> int:
    return int(hex_id[2:])


def free_1941(historical: Json, map_doc: Json) -> Json:
    from .build import neighbours, rule, stand_in

    sea = {h for h, e in map_doc["hexes"].items() if e.get("terrain") in ("sea", "lake")}
    regions = map_doc["regions"]
    ussr = set(regions["country:ussr"]["hexes"]) - sea
    axis = (
        set(map_doc["hexes"]) - ussr - sea - set(regions.get("country:turkey", {}).get("hexes", []))
    )
    groups: dict[str, list[str]] = {}
    for entry in historical["setup"].values():
        note = entry["provenance"]["note"].split(" (")[0]
        groups.setdefault(f"{entry['side']}:{note}", []).extend(entry["at"])
    zones: dict[str, list[str]] = {}
    for key, hexes in groups.items():
        own = axis if key.startswith("axis") else ussr
        zones[key] = sorted(set(hexes) | {n for h in hexes for n in neighbours(h) if n in own})
    setup: Json = {}
    for key, entry in historical["setup"].items():
        zone = zones[f"{entry['side']}:{entry['provenance']['note'].split(' (')[0]}"]
        new = copy.deepcopy(entry)
        new["at"] = [*entry["at"], *(h for h in zone if h not in entry["at"])]
        new["provenance"] = stand_in(
            "1941 free set-up (card not in the text): the historical hex first, then any hex of "
            "the formation's sector"
        )
        setup[key] = new
    doc = copy.deepcopy(historical)
    doc.update(
        id="1941-free",
        name="1941 Free (both sides), 112 to 407",
        provenance=rule(
            "1.3", "the free set-up cards are not in the text; the sectors are stand-ins"
        ),
        setup=setup,
    )
    return doc


MIXED_1941 = {"axis": "1941-mixed-axis-free", "soviet": "1941-mixed-soviet-free"}
"""1.3's two mixed 1941 pairs, by the side that sets up freely (the other historically)."""


def mixed_1941(historical: Json, free: Json, free_side: str) -> Json:
    """1.3: one side's 1941 free set-up with the other's historical one (the free side's entries
    keep their sector hexes, the other side's only the historical hex)."""
    from .build import rule

    other = "soviet" if free_side == "axis" else "axis"
    setup = {
        key: copy.deepcopy(free["setup"][key] if entry["side"] == free_side else entry)
        for key, entry in historical["setup"].items()
    }
    doc = copy.deepcopy(historical)
    names = {"axis": "Axis", "soviet": "Soviet"}
    doc.update(
        id=MIXED_1941[free_side],
        name=f"1941 {names[free_side]} Free, {names[other]} Historical, 112 to 407",
        provenance=rule(
            "1.3",
            f"the {names[free_side]} 1941 free set-up with the {names[other]} historical one; "
            "the set-up cards are not in the text, every placement a stand-in",
        ),
        setup=setup,
    )
    return doc


def line_col(row: int) -> float:
    """The first Soviet column of the 1942 start line in ``row``."""
    for (r0, c0), (r1, c1) in zip(LINE_1942, LINE_1942[1:], strict=False):
        if r0 <= row <= r1:
            return c0 + (c1 - c0) * (row - r0) / max(r1 - r0, 1)
    return float(LINE_1942[-1][1])


class _Room:
    """Who already stands in each hex of the 1942 set-up, so no hex is filled past 6.1's limits
    (5 divisions by weight, the tag caps) nor 7.1's minor-ally stacking (a minor ally only with
    its own nation here, never with a German, which 7.1(2), (3) allow but never need) or
    7.2(5)'s Romanians and Hungarians in neighbouring hexes. The sectors overlap, so one count
    serves them all."""

    LIMIT = 5.0
    RIVALS = {"romanian": "hungarian", "hungarian": "romanian"}

    def __init__(self, manifest: Json) -> None:
        from .build import TAG_CAPS, neighbours

        self.types = manifest["unit_types"]
        self.counters = manifest["counters"]
        self.caps = TAG_CAPS
        self.neighbours = neighbours
        self.weight: dict[str, float] = {}
        self.tags: dict[str, dict[str, int]] = {}
        self.nations: dict[str, set[str]] = {}

    def _type(self, uid: str) -> Json:
        kind: Json = self.types[self.counters[uid]["type"]]
        return kind

    def nation(self, uid: str) -> str:
        tags = self._type(uid)["tags"]
        if "minor-ally" not in tags:
            return "german"
        return next((t for t in tags if t in ("romanian", "hungarian", "italian", "ost")), "ally")

    def fits(self, side: str, uid: str, h: str) -> bool:
        kind = self._type(uid)
        if self.weight.get(h, 0.0) + float(kind["stacking"]) > self.LIMIT:
            return False
        for tag, most in self.caps.get(side, {}).items():
            if tag in kind["tags"] and self.tags.get(h, {}).get(tag, 0) >= most:
                return False
        if side != "axis":
            return True
        who, here = self.nation(uid), self.nations.get(h, set())
        if here - {who}:
            return False
        rival = self.RIVALS.get(who)
        return rival is None or all(
            rival not in self.nations.get(n, ()) for n in self.neighbours(h)
        )

    def add(self, side: str, uid: str, h: str) -> None:
        kind = self._type(uid)
        self.weight[h] = self.weight.get(h, 0.0) + float(kind["stacking"])
        for tag in self.caps.get(side, {}):
            if tag in kind["tags"]:
                self.tags.setdefault(h, {})[tag] = self.tags.get(h, {}).get(tag, 0) + 1
        if side == "axis":
            self.nations.setdefault(h, set()).add(self.nation(uid))


def free_1942(
    historical: Json, schedule: Json, map_doc: Json, index_of: dict[int, int], manifest: Json
) -> Json:
    from .build import neighbours, rule, stand_in

    hexes = map_doc["hexes"]
    sea = {h for h, e in hexes.items() if e.get("terrain") in ("sea", "lake")}
    regions = map_doc["regions"]
    turkey_iran = set(regions.get("country:turkey", {}).get("hexes", [])) | set(
        regions.get("country:iran", {}).get("hexes", [])
    )
    land = set(hexes) - sea - turkey_iran
    sevastopol = {SEVASTOPOL, *(n for n in neighbours(SEVASTOPOL) if n in land)}
    soviet = {h for h in land if _col(h) >= line_col(_row(h)) or h in sevastopol}
    axis = land - soviet
    front = {
        side: sorted(
            {h for h in own if abs(_col(h) - line_col(_row(h))) <= DEPTH_1942[side] + 0.5}
            | (sevastopol if side == "soviet" else set())
        )
        for side, own in (("axis", axis), ("soviet", soviet))
    }
    arrived_before = {
        u
        for key, entry in schedule.items()
        if entry.get("kind", "reinforcement") == "reinforcement"
        and entry["side"] == "axis"
        and entry["turn"] < index_of[FIRST_1942]
        for u in entry.get("units", [])
    }
    units: dict[str, list[str]] = {"axis": [], "soviet": []}
    for entry in historical["setup"].values():
        units[entry["side"]].extend(entry["units"])
    units["axis"].extend(sorted(arrived_before))
    setup: Json = {}
    room = _Room(manifest)
    for side in ("axis", "soviet"):
        by_sector: dict[str, list[str]] = {name: [] for name in SECTORS_1942}
        for uid in units[side]:
            home = _row_of(uid, historical)
            home = home or SECTORS_1942["centre"][0]  # a 1941 reinforcement
            name = next(n for n, (lo, hi) in SECTORS_1942.items() if lo <= home <= hi)
            by_sector[name].append(uid)
        if side == "soviet":  # 4.5.2(2): the Finnish front garrison, one unit a hex
            for h, uid in zip(FINNISH_FRONT, by_sector["north"][: len(FINNISH_FRONT)], strict=True):
                room.add(side, uid, h)
                setup[f"soviet-finnish-front-{h}"] = {
                    "side": side,
                    "units": [uid],
                    "at": [h, *(x for x in FINNISH_FRONT if x != h)],
                    "provenance": stand_in(
                        "1942 free set-up (card not in the text): the Finnish front garrison "
                        "of 4.5.2(2), one unit in each of its 8 hexes"
                    ),
                }
            del by_sector["north"][: len(FINNISH_FRONT)]
        for name, ids in by_sector.items():
            lo, hi = SECTORS_1942[name]
            zone = [h for h in front[side] if lo <= _row(h) <= hi]
            nearest = sorted(zone, key=lambda h: (abs(_col(h) - line_col(_row(h))), h))
            for uid in ids:
                fit = next((h for h in nearest if room.fits(side, uid, h)), None)
                if fit is None:
                    raise ValueError(f"1942 {side} {name}: too few hexes for {uid} (6.1)")
                h = fit
                room.add(side, uid, h)
                key = f"{side}-{name}-{h}"
                entry = setup.setdefault(
                    key,
                    {
                        "side": side,
                        "units": [],
                        "at": [h, *(x for x in zone if x != h)],
                        "provenance": stand_in(
                            f"1942 free set-up (card not in the text): {name} sector, within "
                            f"{DEPTH_1942[side]} hexes of the stand-in 1942 start line"
                        ),
                    },
                )
                entry["units"].append(uid)
    return {
        "kind": "scenario",
        "id": "1942-free",
        "name": "1942 Free (both sides), 211 to 407",
        "provenance": rule(
            "1.3", "the 1942 set-up cards are not in the text; all placements stand-ins"
        ),
        "first_turn": index_of[FIRST_1942],
        "last_turn": max(index_of.values()),
        "setup": dict(sorted(setup.items())),
        "victory": copy.deepcopy(historical.get("victory", {})),
        "control": {
            "axis": sorted(axis),
            "soviet": sorted(soviet),
        },
        "vars": {
            "soviet_cc_earned": 0,
            "tb_pool": 0,
            "combout_1942": True,
            "stalin_line_destroyed": True,
        },
    }


def _row_of(uid: str, historical: Json) -> int | None:
    for entry in historical["setup"].values():
        if uid in entry["units"]:
            return _row(entry["at"][0])
    return None
