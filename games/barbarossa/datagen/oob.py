"""Generate Barbarossa's counters, order of battle, calendar (turn track) and scenarios.

What the rulebook gives is used as given, with its rule: the Road Back set-up hex by hex
(BARB 12.24, 12.25) and its boxes (12.9-12.11, 12.22), the set-up hexes of the army groups (3.3),
the 6th Rifle Army in 2314 with factor 6 (2.5), the regular rifle army's 3 (8.22), the calendar's
months (5.8) and the few turn-track values the text quotes (German mech MF 5 on GT30, 4.18;
German replacements 1/1 in 1943 and 0/2 on GT30, 4.17-4.18). The counter sheet and the printed
turn track are not in the text: factors, movement factors, replacement rates, reinforcement
turns and the Campaign set-up are stand-ins, marked entry by entry. ``--check`` exits 1 when the
committed files differ from what this generates.
"""

from __future__ import annotations

import copy
import math
import sys
from pathlib import Path
from typing import Any

from wargame.geo import Calibration, Projection, generator_main, rulebook, stand_in

DATA = Path(__file__).parent.parent / "data"
Json = dict[str, Any]


# ------------------------------------------------------------------ unit types and factors

UNIT_TYPES: Json = {
    "panzer": {"name": "Panzer corps", "mobility": "mech", "tags": ["mech", "panzer"]},
    "infantry": {"name": "Infantry corps", "mobility": "nonmech", "tags": ["infantry"]},
    "mountain": {
        "name": "Mountain infantry corps",
        "mobility": "nonmech",
        "tags": ["infantry", "mountain"],
    },
    "satellite": {"name": "Axis-satellite army", "mobility": "nonmech", "tags": ["satellite"]},
    "rifle": {"name": "Rifle army", "mobility": "nonmech", "tags": ["rifle"]},
    "oversized": {
        "name": "Oversized rifle army",
        "mobility": "nonmech",
        "tags": ["rifle", "oversized"],
    },
    "shock": {"name": "Shock army", "mobility": "nonmech", "tags": ["shock"]},
    "tank": {"name": "Tank army", "mobility": "mech", "tags": ["mech", "tank"]},
    "guards": {"name": "Guards army", "mobility": "mech", "tags": ["mech", "guards"]},
    "mech-corps": {"name": "Mechanized corps", "mobility": "mech", "tags": ["mech", "corps"]},
    "ica": {"name": "Independent Coastal Army", "mobility": "nonmech", "tags": ["ica"]},
    "emergency": {"name": "Emergency unit", "mobility": "nonmech", "tags": ["emergency"]},
    "emergency-mech": {
        "name": "Emergency mechanized unit",
        "mobility": "mech",
        "tags": ["mech", "emergency"],
    },
    "kg": {"name": "KorpsGruppe", "mobility": "nonmech", "tags": ["kg"]},
    "kg-mech": {"name": "Mechanized KorpsGruppe", "mobility": "mech", "tags": ["mech", "kg"]},
    "paratroop": {
        "name": "Paratroop corps",
        "mobility": "nonmech",
        "tags": ["infantry", "paratroop"],
    },
}
"""BARB 2.9 mobility classes (Guards are mechanized there; 17 item 18)."""

FACTORS: dict[str, tuple[int, int]] = {
    "panzer": (7, 5),
    "infantry": (4, 4),
    "mountain": (3, 4),
    "satellite": (3, 3),
    "rifle": (3, 3),
    "oversized": (5, 5),
    "shock": (3, 3),
    "tank": (6, 4),
    "guards": (5, 5),
    "mech-corps": (2, 2),
    "ica": (0, 3),
    "emergency": (3, 3),
    "emergency-mech": (3, 3),
    "kg": (2, 3),
    "kg-mech": (4, 3),
    "paratroop": (4, 6),
}
FACTOR_NOTE = (
    "combat factors are not in the text (the counter sheet is missing): a stand-in shaped by the "
    "few stated ones (regular rifle army 3, BARB 8.22; panzer corps' defence below their attack, "
    "11.20; mountain infantry's defence above, 11.14)"
)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def counter(side: str, utype: str, name: str, factors: tuple[int, int] | None = None) -> Json:
    a, d = factors or FACTORS[utype]
    return {
        "side": side,
        "type": utype,
        "name": name,
        "steps": [
            {"values": {"attack": a, "defense": d}, "label": f"{a}-{d}" if a != d else str(a)}
        ],
    }


# ------------------------------------------------------------------ the German side

GER_PANZER = [3, 14, 24, 39, 40, 41, 46, 47, 48, 56, 57]
GER_INFANTRY = [
    1,
    2,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    17,
    20,
    23,
    26,
    27,
    28,
    29,
    30,
    34,
    35,
    38,
    42,
    43,
    44,
    50,
    51,
    52,
    53,
    54,
    55,
    59,
]
SATELLITES = {
    "r3": "3rd Romanian Army",
    "r4": "4th Romanian Army",
    "h2": "2nd Hungarian Army",
    "i8": "8th Italian Army",
}

CAMPAIGN_GERMAN = {
    "agn": [
        "ger-41pz",
        "ger-56pz",
        "ger-1",
        "ger-10",
        "ger-26",
        "ger-28",
        "ger-38",
        "ger-2",
        "ger-23",
        "ger-50",
    ],
    "agc": [
        "ger-39pz",
        "ger-57pz",
        "ger-47pz",
        "ger-46pz",
        "ger-24pz",
        "ger-5",
        "ger-6",
        "ger-7",
        "ger-8",
        "ger-9",
        "ger-12",
        "ger-13",
        "ger-20",
        "ger-43",
        "ger-53",
        "ger-35",
    ],
    "ags": [
        "ger-48pz",
        "ger-3pz",
        "ger-14pz",
        "ger-4",
        "ger-17",
        "ger-29",
        "ger-44",
        "ger-49mtn",
        "ger-55",
        "ger-34",
    ],
    "rom": ["ger-11", "ger-30", "ger-54", "ger-r3", "ger-r4"],
}
GERMAN_REINFORCEMENTS = {
    2: ["ger-27"],
    3: ["ger-40pz", "ger-42"],
    4: ["ger-59"],
    5: ["ger-51"],
    6: ["ger-52"],
    9: ["ger-h2", "ger-i8"],
}

KORPSGRUPPEN: dict[str, tuple[str, str, int, str]] = {
    "ger-kg-jkl": ("KG Jeckeln", "kg", 25, "N"),
    "ger-kg-sbn": ("KG Siebenburgen", "kg", 26, "S"),
    "ger-kg-str": ("KG Strachwitz", "kg-mech", 26, "Any"),
    "ger-kg-wse": ("KG Weise", "kg", 28, "S"),
    "ger-kg-skn": ("KG Saucken", "kg-mech", 29, "Any"),
    "ger-kg-neh": ("KG Nehrung", "kg", 30, "1819"),
    "ger-kg-tet": ("KG Tettau", "kg", 31, "N"),
}
"""KorpsGruppen (BARB 8.2): counter -> (name, type, entry turn, "N", "S", "Any" or a hex).
Stand-ins: the names are abbreviations of the unit list (2.7); two "Any" as 8.2 says; which
units are KG, their classes, turns and areas are not in the text."""

RESTRICTED: dict[str, tuple[str, str, int, list[str] | str, str]] = {
    "ger-h1": ("1st Hungarian Army", "satellite", 26, ["2820"], "BARB 8.3"),
    "ger-h3": ("3rd Hungarian Army", "satellite", 29, ["2820"], "BARB 8.3"),
    "ger-6ss": ("6th SS Infantry Corps", "infantry", 25, ["1415"], "BARB 8.3"),
    "ger-12a": ("12th Army", "infantry", 31, ["supply:german"], "BARB 8.3"),
    "ger-ksc": ("Kerch Straits Command", "infantry", 9, ["3106"], "BARB 8.3"),
    "ger-21mtn": ("21st Mountain Corps", "mountain", 29, "yugo", "BARB 8.3"),
    "ger-22mtn": ("22nd Mountain Corps", "mountain", 29, "yugo", "BARB 8.3"),
    "ger-91": ("91st Infantry Corps", "infantry", 29, "yugo", "BARB 8.3"),
}
"""German units with a restricted entry (BARB 8.3): counter -> (name, type, turn, entry hexes,
rule). The hexes are the rulebook's (Budapest 2820, Riga 1415, the west edge 1724-2924, 3106,
the Yugoslav south edge 3023-3219); the turns and factors are stand-ins."""

GAMBIT = {
    "ger-14pz-mg": ("XIV Panzer Corps (MG)", "panzer", None),
    "ger-76pz": ("76th Panzer Corps", "panzer", None),
    "ger-2para": ("2nd Paratroop Corps", "paratroop", None),
}
"""The three "MG" counters (BARB 4.17): they enter only under Manstein's Gambit. The 2nd
Paratroop's defence 6 is the rulebook's; the rest stand-in (the start's 14th Panzer Corps is a
separate stand-in counter)."""


def yugo_edge(map_doc: Json) -> list[str]:
    """8.3: the south-edge hexes of Yugoslavia, 3023 to 3219: its hexes from row 30 with a
    neighbour off the playable map to the south (rows 28-29 end on the west edge)."""
    from wargame.hexgrid import HexGrid

    grid = HexGrid.from_document(map_doc)
    return sorted(
        h
        for h in map_doc["regions"]["country:yugoslavia"]["hexes"]
        if grid.printed(h)[1] >= 30
        and (grid.neighbour_in(h, "SE") is None or grid.neighbour_in(h, "SW") is None)
    )


# ------------------------------------------------------------------ the Soviet side

OVERSIZED = [3, 5, 6, 10, 11, 12, 26]
"""BARB 8.22: seven oversized rifle armies, each with a regular counterpart; which seven is not
in the text (the 6th is one by its factor 6, 2.5)."""
CAMPAIGN_SOVIET: dict[str, tuple[float, float]] = {
    "sov-8": (23.3, 55.9),
    "sov-11x": (23.9, 54.9),
    "sov-27": (26.5, 56.3),
    "sov-3x": (23.8, 53.7),
    "sov-10x": (23.15, 53.13),
    "sov-4": (24.4, 52.2),
    "sov-13": (27.5, 53.9),
    "sov-5x": (25.3, 50.75),
    "sov-26x": (23.2, 49.5),
    "sov-12x": (24.7, 48.9),
    "sov-18": (26.6, 48.7),
    "sov-9": (28.8, 47.0),
    "sov-16": (27.0, 50.2),
    "sov-19": (32.0, 49.4),
    "sov-20": (36.1, 52.97),
    "sov-21": (31.0, 52.4),
    "sov-22": (30.5, 56.3),
    "sov-24": (34.3, 54.9),
    "sov-28": (34.3, 53.5),
    "sov-23": (30.3, 59.9),
    "sov-3mc": (25.3, 54.7),
    "sov-12mc": (23.3, 55.9),
    "sov-6mc": (23.15, 53.13),
    "sov-11mc": (23.8, 53.7),
    "sov-14mc": (24.4, 52.2),
    "sov-4mc": (24.0, 49.85),
    "sov-8mc": (23.5, 49.35),
    "sov-15mc": (25.15, 50.08),
    "sov-22mc": (26.25, 50.62),
    "sov-9mc": (27.6, 50.6),
    "sov-2mc": (29.6, 46.85),
    "sov-18mc": (30.3, 46.2),
}
"""Stand-in Campaign set-up: each army where its headquarters stood on 22 June 1941, in the
nearest Soviet-controlled land hex with room; the 6th Rifle Army in 2314 (BARB 2.5)."""

RIFLE = sorted(
    {
        4,
        8,
        9,
        13,
        16,
        18,
        19,
        20,
        21,
        22,
        23,
        24,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
        34,
        37,
        38,
        39,
        40,
        41,
        42,
        43,
        44,
        46,
        47,
        48,
        49,
        50,
        51,
        52,
        53,
        54,
        55,
        56,
        57,
        59,
        60,
        61,
        62,
        63,
        64,
        65,
        66,
    }
    | set(OVERSIZED)
)
SOVIET_REINFORCEMENTS = {
    3: ["sov-29", "sov-30", "sov-31", "sov-32", "sov-33"],
    4: ["sov-34", "sov-37", "sov-38", "sov-40", "sov-43"],
    5: ["sov-39", "sov-42", "sov-44", "sov-46", "sov-49", "sov-50"],
    6: ["sov-1s", "sov-51", "sov-52", "sov-54", "sov-55"],
    7: ["sov-2s", "sov-3s", "sov-4s", "sov-56", "sov-57"],
    8: ["sov-59", "sov-60", "sov-61", "sov-48", "sov-53"],
    9: ["sov-63", "sov-64", "sov-65", "sov-66", "sov-47"],
    10: ["sov-1t", "sov-2t", "sov-3t", "sov-62", "sov-41"],
    11: ["sov-4t", "sov-5t"],
    13: ["sov-1g", "sov-2g"],
    14: ["sov-5s"],
}


def counters() -> tuple[Json, Json]:
    out: Json = {}
    oob: Json = {}

    def add(
        cid: str, c: Json, *, dotted: bool = False, note: str = FACTOR_NOTE, rule: str | None = None
    ) -> None:
        c["provenance"] = rulebook(rule, note) if rule else stand_in(note)
        out[cid] = c
        oob[cid] = {"dotted": dotted, "provenance": c["provenance"]}

    for n in GER_PANZER:
        add(f"ger-{n}pz", counter("german", "panzer", f"{ordinal(n)} Panzer Corps"))
    for n in GER_INFANTRY:
        name = f"{ordinal(n)} Infantry Corps"
        if n == 34:
            add(
                "ger-34",
                counter("german", "infantry", "34th Infantry Corps (printed 24th)"),
                note=FACTOR_NOTE
                + "; the counter reads 24th, errata: 34th (BARB counter errata, 12.25)",
            )
            continue
        add(f"ger-{n}", counter("german", "infantry", name))
    add("ger-49mtn", counter("german", "mountain", "49th Mountain Corps"))
    add(
        "ger-2ss",
        counter("german", "panzer", "2nd SS Panzer Corps", (8, 6)),
        note=FACTOR_NOTE + "; arrives GT14, withdrawn GT19 and GT25, back GT24 and GT31 (8.17)",
    )
    for key, name in SATELLITES.items():
        add(
            f"ger-{key}",
            counter("german", "satellite", name, (2, 3) if key in ("h2", "i8") else None),
            dotted=key not in ("r3", "r4"),
            note=FACTOR_NOTE
            + "; armies per the counter errata; only R3 and R4 replaceable (BARB 8.15)",
        )
    for n in RIFLE:
        add(
            f"sov-{n}",
            counter("soviet", "rifle", f"{ordinal(n)} Rifle Army"),
            note="regular rifle army: factor 3 (BARB 8.22)",
            rule="BARB 8.22",
        )
    for n in OVERSIZED:
        f = (6, 6) if n == 6 else None
        add(
            f"sov-{n}x",
            counter("soviet", "oversized", f"{ordinal(n)} Rifle Army (oversized)", f),
            dotted=True,
            rule="BARB 2.5, 8.22" if n == 6 else None,
            note=(
                "the 6th Rifle Army: factor 6, dotted, sets up in 2314"
                if n == 6
                else FACTOR_NOTE + "; oversized and dotted (BARB 8.22)"
            ),
        )
    for n in range(1, 6):
        add(f"sov-{n}s", counter("soviet", "shock", f"{ordinal(n)} Shock Army"))
        add(f"sov-{n}t", counter("soviet", "tank", f"{ordinal(n)} Tank Army"))
    for n in (1, 2):
        add(f"sov-{n}g", counter("soviet", "guards", f"{ordinal(n)} Guards Army"))
    for n in range(1, 6):
        add(
            f"sov-{n}gt",
            counter("soviet", "tank", f"{ordinal(n)} Guards Tank Army", (7, 5)),
            note=FACTOR_NOTE
            + f"; converts the {ordinal(n)} Tank Army in place (BARB 8.19), on a stand-in turn",
        )
    for n in (2, 3, 4, 6, 8, 9, 11, 12, 14, 15, 18, 22):
        add(
            f"sov-{n}mc",
            counter("soviet", "mech-corps", f"{ordinal(n)} Mechanized Corps"),
            dotted=True,
            note=FACTOR_NOTE + "; removed at the end of GT3 (BARB 8.23)",
        )
    for n in range(1, 6):
        add(
            f"ger-e{n}",
            counter("german", "emergency", f"Emergency Group {n}"),
            note="the counter's names and entry turns are not in the text; its factor is a die "
            "rolled for each battle (BARB 8.4): the printed 3 is what previews assume",
        )
    add(
        "ger-epz",
        counter("german", "emergency-mech", "Emergency Panzer Group"),
        note="the counter's name and entry turn are not in the text; its factor is a die rolled "
        "for each battle (BARB 8.4): the printed 3 is what previews assume",
    )
    add(
        "sov-1pol",
        counter("soviet", "rifle", "1st Polish Army"),
        note="treated in all ways as a regular rifle army, factor 3 (BARB 8.24, 8.22); enters "
        "when a supplied Soviet unit first moves next to the General Government (8.24)",
        rule="BARB 8.24, 8.22",
    )
    for n in (1, 4):
        add(
            f"sov-{n}r",
            counter("soviet", "rifle", f"{ordinal(n)} Romanian Communist Army"),
            note="treated in all ways as a regular rifle army, factor 3 (BARB 8.25, 8.22); "
            "enters through communist Bucharest after a supplied Soviet unit first moves next "
            "to it (8.25)",
            rule="BARB 8.25, 8.22",
        )
    for cid, (name, utype, turn, area) in KORPSGRUPPEN.items():
        add(
            cid,
            counter("german", utype, name),
            note=FACTOR_NOTE
            + f"; a KorpsGruppe entering in situ on GT{turn}, "
            + (f"only in {area}" if area[0].isdigit() else f"area {area}")
            + " (BARB 8.2): name from the unit list (2.7), the rest stand-in",
        )
    for cid, (name, utype, turn, _at, rule) in RESTRICTED.items():
        add(
            cid,
            counter("german", utype, name, (2, 3) if utype == "satellite" else None),
            dotted=utype == "satellite",
            note=FACTOR_NOTE + f"; restricted entry ({rule}) on a stand-in turn, GT{turn}",
        )
    for cid, (name, utype, _x) in GAMBIT.items():
        add(
            cid,
            counter("german", utype, name),
            note=FACTOR_NOTE
            + "; enters only under Manstein's Gambit (BARB 4.17)"
            + ("; defence 6 (4.17)" if utype == "paratroop" else ""),
        )
    add(
        "ger-3ss",
        counter("german", "panzer", "3rd SS Panzer Corps", (8, 6)),
        note=FACTOR_NOTE + "; arrives GT22 (BARB 4.17), at once under Manstein's Gambit",
    )
    for n in (1, 2, 4):
        add(
            f"sov-{n}b",
            counter("soviet", "rifle", f"{ordinal(n)} Bulgarian Communist Army"),
            note="treated in all ways as a regular rifle army, factor 3 (BARB 8.26, 8.22); "
            "enters with a Soviet army that left the map through Bulgaria (8.26)",
            rule="BARB 8.26, 8.22",
        )
    add(
        "sov-ica",
        counter("soviet", "ica", "Independent Coastal Army"),
        dotted=True,
        note="never attacks (BARB 10.34): attack 0; defence stand-in",
    )
    return out, oob


# ------------------------------------------------------------------ the calendar

MONTHS = ["Jun", "Jul", "Aug", "Sep", "Oct/Nov", "Dec/Jan", "Feb/Mar", "Apr/May"]


def turn_values(gt: int) -> Json:
    """Stand-in turn track: MF [mech, non-mech] per side and replacements [mech, non-mech]."""
    year = 1941 + (gt - 1) // 8
    slot = (gt - 1) % 8
    single = slot < 4
    if single:
        german_mf = {1941: [8, 4], 1942: [8, 4], 1943: [7, 4], 1944: [6, 3]}[year]
        soviet_mf = {1941: [5, 3], 1942: [6, 3], 1943: [7, 4], 1944: [8, 4]}[year]
    else:
        german_mf = {4: [4, 2], 5: [3, 2], 6: [3, 2], 7: [4, 3]}[slot]
        soviet_mf = {4: [4, 2], 5: [5, 3], 6: [4, 3], 7: [4, 3]}[slot]
        if year >= 1943:
            soviet_mf = [soviet_mf[0] + 2, soviet_mf[1] + 1]
        if year >= 1944:
            german_mf = [5, 3]
    if gt == 1:  # the design note: GT1 is only eight days (BARB 5.9 note)
        german_mf, soviet_mf = [6, 3], [4, 2]
    german_rep = (
        [0, 0] if gt < 3 else [1, 1] if year <= 1941 else [1, 2] if year == 1942 else [1, 1]
    )
    if gt >= 28:
        german_rep = [0, 2]
    soviet_rep = (
        [0, 2]
        if gt <= 5
        else [1, 3]
        if year <= 1942 and gt <= 12
        else [2, 4]
        if gt <= 20
        else [3, 4]
    )
    return {
        "mf": {"german": german_mf, "soviet": soviet_mf},
        "replacements": {"german": german_rep, "soviet": soviet_rep},
    }


def calendar(map_doc: Json) -> Json:
    turns: Json = {}
    for gt in range(1, 33):
        year = 1941 + (gt - 1) // 8
        slot = (gt - 1) % 8
        month = MONTHS[slot]
        label = (
            f"{month} '{str(year)[2:]}"
            if slot != 5
            else f"Dec/Jan '{str(year)[2:]}/'{str(year + 1)[2:]}"
        )
        values = turn_values(gt)
        prov = stand_in(
            "movement factors and replacement rates of the printed turn track are not in the text"
        )
        if gt == 30:
            prov = rulebook(
                "BARB 4.18",
                "German mech MF 5 and German replacements 0/2 on GT30 are quoted; the rest stand-in",
            )
        if 17 <= gt <= 20:
            prov = rulebook(
                "BARB 4.17",
                "German replacements 1/1 in the Manstein's Gambit turns are quoted; the rest stand-in",
            )
        turns[str(gt)] = {
            "label": label,
            "date": label,
            "tags": ["single" if slot < 4 else "double", f"year-{year}"],
            "values": values,
            "provenance": prov,
        }
    schedule: Json = {}
    for gt, ids in GERMAN_REINFORCEMENTS.items():
        schedule[f"german-gt{gt}"] = {
            "turn": gt,
            "side": "german",
            "units": ids,
            "at": ["supply:german"],
            "provenance": stand_in("reinforcement turns of the counter backs are not in the text"),
        }
    for gt in (14, 24, 31):
        schedule[f"german-2ss-gt{gt}"] = {
            "turn": gt,
            "side": "german",
            "units": ["ger-2ss"],
            "at": ["supply:german"],
            "provenance": rulebook("BARB 8.17"),
        }
    schedule["german-3ss-gt22"] = {
        "turn": 22,
        "side": "german",
        "units": ["ger-3ss"],
        "at": ["supply:german"],
        "provenance": rulebook("BARB 4.17"),
    }
    for cid, (_name, _utype, gt, at, rule) in RESTRICTED.items():
        schedule[f"{cid}-gt{gt}"] = {
            "turn": gt,
            "side": "german",
            "units": [cid],
            "at": yugo_edge(map_doc) if at == "yugo" else at,
            "provenance": rulebook(rule, "the entry hexes are the rule's; the turn stand-in"),
        }
    for gt, ids in SOVIET_REINFORCEMENTS.items():
        schedule[f"soviet-gt{gt}"] = {
            "turn": gt,
            "side": "soviet",
            "units": ids,
            "at": ["supply:soviet"],
            "provenance": stand_in("reinforcement turns of the counter backs are not in the text"),
        }
    return {
        "kind": "calendar",
        "id": "barbarossa-calendar",
        "provenance": rulebook(
            "BARB 5.8, 5.9",
            "eight turns a year, June to September single months, then four double months",
        ),
        "turns": turns,
        "schedule": schedule,
    }


# ------------------------------------------------------------------ scenarios


CHECKS = {
    "german-check": {
        "kind": "threshold",
        "side": "german",
        "params": {
            "table": "victory-chart",
            "needed_from": "{turn}.german_min",
            "level": "victory check",
            "text": "{have:g} VP on GT{turn}: at least {needed:g}",
        },
        "rule": "BARB 4.14",
    },
    "soviet-check": {
        "kind": "threshold",
        "side": "soviet",
        "params": {
            "table": "victory-chart",
            "needed_from": "{turn}.soviet_max",
            "of": "german",
            "at_most": True,
            "level": "victory check",
            "text": "{have:g} VP on GT{turn}: at most {needed:g}",
        },
        "rule": "BARB 4.14",
    },
}
"""4.14: the Victory Check Chart's two numbers for the turn, judged by the shared victory
mechanic when victory.py's Victory Check Phase asks (the German threshold first)."""

ROAD_BACK_SOVIET: dict[str, list[int | str]] = {
    "3203": [47],
    "3204": [18, 56],
    "2600": [28],
    "2601": [51, 57],
    "2500": [64],
    "2401": [62],
    "2402": [24, 65, 66],
    "2302": ["1g", "5t", 21],
    "2203": ["1t", 40],
    "2204": [6],
    "2104": [60],
    "2105": [38],
    "2006": [13],
    "1906": [48],
    "1806": ["3t"],
    "1807": [3, 16],
    "1808": [10, 61],
    "1708": [50],
    "1609": [33, 43],
    "1508": [5, 20],
    "1409": [29, 31],
    "1410": [34, 39, 41, 53],
    "1411": ["1s", "3s", "4s", 22, 30],
    "1310": [11, 27],
    "1210": [4, 52, 59],
    "1109": [8, 49, 54],
    "1009": ["2s"],
    "1011": [23, 42, 55],
}
ROAD_BACK_GERMAN = {
    "3103": ["44", "49mtn"],
    "3104": ["5"],
    "3106": ["42"],
    "2804": ["17"],
    "2602": ["r4"],
    "2603": ["48pz"],
    "2502": ["r3"],
    "2501": ["14pz", "4", "8", "11", "51"],
    "2403": ["i8"],
    "2303": ["h2"],
    "2404": ["29"],
    "2304": ["24pz", "7", "13"],
    "2205": ["35", "55"],
    "2206": ["46pz", "53"],
    "2207": ["47pz"],
    "2106": ["34"],
    "2007": ["56pz", "12"],
    "1907": ["20"],
    "1908": ["9"],
    "1809": ["3pz"],
    "1709": ["39pz"],
    "1610": ["27"],
    "1509": ["41pz"],
    "1510": ["23"],
    "1511": ["6", "43"],
    "1412": ["2"],
    "1311": ["10", "59"],
    "1211": ["1", "38"],
    "1110": ["28", "30"],
    "1111": ["26", "50", "54"],
}


def soviet_id(x: int | str) -> str:
    return f"sov-{x}"


CONTROL = {
    "german": [
        "country:germany",
        "country:general-government",
        "country:slovakia",
        "country:hungary",
        "country:romania",
        "country:yugoslavia",
    ],
    "soviet": ["country:ussr", "country:lithuania", "country:latvia", "country:estonia"],
}
"""The countries each side controls at the start of either scenario."""


def scenario(
    sid: str, name: str, provenance: Json, first_turn: int, setup: Json, vars_: Json, options: Json
) -> Json:
    """A scenario document: both end on GT32 under the same victory checks and borders."""
    return {
        "kind": "scenario",
        "id": sid,
        "name": name,
        "provenance": provenance,
        "first_turn": first_turn,
        "last_turn": 32,
        "setup": setup,
        "victory": copy.deepcopy(CHECKS),
        "control": copy.deepcopy(CONTROL),
        "vars": vars_,
        "options": options,
    }


def road_back() -> Json:
    setup: Json = {}
    for hex_id, units in ROAD_BACK_SOVIET.items():
        setup[f"sov-{hex_id}"] = {
            "side": "soviet",
            "units": [soviet_id(u) for u in units],
            "at": [hex_id],
            "provenance": rulebook("BARB 12.24"),
        }
    for hex_id, german in ROAD_BACK_GERMAN.items():
        setup[f"ger-{hex_id}"] = {
            "side": "german",
            "units": [f"ger-{u}" for u in german],
            "at": [hex_id],
            "provenance": rulebook("BARB 12.25"),
        }
    setup["ger-caucasus"] = {
        "side": "german",
        "units": ["ger-40pz", "ger-57pz", "ger-52"],
        "at": ["box:caucasus"],
        "provenance": rulebook("BARB 12.9"),
    }
    setup["sov-caucasus"] = {
        "side": "soviet",
        "units": ["sov-9", "sov-37", "sov-44", "sov-46"],
        "at": ["box:caucasus"],
        "provenance": rulebook("BARB 12.9"),
    }
    setup["sov-rvgk"] = {
        "side": "soviet",
        "units": ["sov-2g", "sov-5s"],
        "at": ["box:rvgk"],
        "provenance": rulebook("BARB 12.22"),
    }
    return scenario(
        "road-back",
        "The Road Back (Oct/Nov '42 to Apr/May '45)",
        rulebook("BARB 12.0"),
        13,
        setup,
        {
            "vp": 33,
            "dead": ["sov-2t", "sov-4t", "sov-12", "sov-63"],
            "withdrawn": {"sov-19": 27, "sov-26": 27, "sov-32": 27},
            "hero_cities": ["1606", "1011", "1806"],
            "fortress_cities": ["2501"],
            "hero_markers_left": 0,
            "first_check": 16,
            "caucasus": "launched",
            "caucasus_failed_turn": 13,
            "leningrad_siege": True,
            "replacements_from": 14,
            "control_by_nearest": True,
            "note": "BARB 12.3 (33 VP, first check GT16), 12.4, 12.6, 12.10 (1 Tank sets up in 2203: 17 item 12), 12.11, 12.23",
        },
        {"forgiveness": False},
    )


def campaign(map_doc: Json) -> Json:
    from wargame.hexgrid import HexGrid

    grid = HexGrid.from_document(map_doc)
    geo = map_doc["geo"]
    lon0, lat0 = geo["projection"]["center"]
    proj = Projection(lon0, lat0, geo["projection"]["earth_radius_km"])
    fit = Calibration(complex(*geo["calibration"]["c"]), complex(*geo["calibration"]["t"]))
    regions = map_doc["regions"]
    soviet_land = set()
    for name in ("country:ussr", "country:lithuania", "country:latvia", "country:estonia"):
        soviet_land.update(regions[name]["hexes"])
    load: dict[str, int] = {"2314": 1}
    setup: Json = {}
    for cid, lonlat in CAMPAIGN_SOVIET.items():
        point = fit.to_grid(proj.forward(*lonlat))
        best = min(
            (h for h in sorted(soviet_land) if load.get(h, 0) < 3),
            key=lambda h: (math.dist(grid.position(h), point), h),
        )
        load[best] = load.get(best, 0) + 1
        setup.setdefault(
            f"sov-{best}",
            {
                "side": "soviet",
                "units": [],
                "at": [best],
                "provenance": stand_in("the army's 22 June 1941 headquarters, nearest Soviet hex"),
            },
        )
        setup[f"sov-{best}"]["units"].append(cid)
    setup["sov-6th"] = {
        "side": "soviet",
        "units": ["sov-6x"],
        "at": ["2314"],
        "provenance": rulebook("BARB 2.5"),
    }
    setup["sov-ica"] = {
        "side": "soviet",
        "units": ["sov-ica"],
        "at": ["2911"],
        "provenance": stand_in("the ICA in Odessa (BARB 10.34: Odessa or Sevastopol)"),
    }
    for group, ids in CAMPAIGN_GERMAN.items():
        hexes = (
            regions[f"setup:{group}"]["hexes"]
            if group != "rom"
            else sorted(h for h in regions["country:romania"]["hexes"] if grid.printed(h)[0] <= 16)
        )
        for n, cid in enumerate(ids):
            first = hexes[n % len(hexes)]
            setup[f"{cid}-setup"] = {
                "side": "german",
                "units": [cid],
                "at": [first] + [h for h in hexes if h != first],
                "provenance": rulebook(
                    "BARB 3.3",
                    f"army group {group.upper()}: which corps is in which group is stand-in",
                ),
            }
    return scenario(
        "campaign",
        "Campaign Game (Jun '41 to Apr/May '45)",
        rulebook("BARB 1.7, 3.0"),
        1,
        setup,
        {
            "vp": 14,
            "first_check": 3,
            "hero_markers_left": 0,
            "replacements_from": 1,
            "note": "BARB 4.2 (14 VP), 4.14 (checks from GT3)",
        },
        {
            "forgiveness": False,
            "kiev-vp": False,
            "lithuania": False,
            "preparedness": False,
            "tactical-superiority": False,
        },
    )


def documents() -> dict[str, Json]:
    import json

    map_doc = json.loads((DATA / "map.json").read_text())
    ctr, oob = counters()
    return {
        "counters.json": {
            "kind": "counters",
            "id": "barbarossa-counters",
            "provenance": stand_in("the counter sheet is not in the text; see each counter"),
            "unit_types": {
                k: {**v, "provenance": rulebook("BARB 2.9")} for k, v in UNIT_TYPES.items()
            },
            "counters": ctr,
        },
        "oob.json": {
            "kind": "table",
            "id": "barbarossa-oob",
            "name": "Order of battle: non-replaceable dots",
            "rule": "BARB 2.5, 8.12",
            "provenance": stand_in("dots per counter: see each entry"),
            "entries": oob,
        },
        "calendar.json": calendar(map_doc),
        "scenario-campaign.json": campaign(map_doc),
        "scenario-road-back.json": road_back(),
    }


def main(argv: list[str] | None = None) -> int:
    return generator_main(
        argv,
        "python -m wargame.games.barbarossa.datagen.oob",
        documents,
        folder=DATA,
    )


if __name__ == "__main__":
    sys.exit(main())
