"""Write Proud Monster Deluxe's data documents (calendar, counters with the untried pools, CRT,
TEC, the 1941 historical set-up, the title).

The rulebook text has no counter manifest, set-up cards, turn record tracks, CRT or TEC
(digest 0, 3.11, 5.2, 8.4): every value the text states is entered with its rule number, every
other one is a marked stand-in built here from the June 1941 order of battle and kept consistent
with the stated facts. The set-up places each stack on a named hex of ``data/map.json`` (read,
not recomputed). Do not edit the JSON files by hand.

    python -m wargame.games.proud_monster_deluxe.datagen.build [--check]
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from wargame.geo import generator_main, rulebook, stand_in

from . import corps, reinforcements, scenarios, seas

DATA = Path(__file__).resolve().parent.parent / "data"
COMMAND = "python -m wargame.games.proud_monster_deluxe.datagen.build"
Json = dict[str, Any]
SEED = 1941
"""The stand-in generator's fixed seed: the files are the same on every run."""


def rule(number: str, note: str | None = None) -> Json:
    return rulebook(f"PMD {number}", note)


def counter(
    side: str, type_: str, name: str, steps: list[Json], provenance: Json, **extra: Any
) -> Json:
    """A counter-manifest entry (its keys in the manifest's order; ``untried`` before the steps)."""
    return {
        "side": side,
        "type": type_,
        "name": name,
        **extra,
        "steps": steps,
        "provenance": provenance,
    }


# --------------------------------------------------------------------------- calendar (1.4, 5.4)

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
SEASONS = {
    "summer": [6, 7, 8],
    "fall": [9, 10, 11],
    "winter": [12, 1, 2],
    "spring": [3, 4, 5],
}
"""5.4: Summer June-August, Fall September-November, Winter December-February, Spring
March-May."""


def turns() -> Iterator[int]:
    """The 68 turns in YNN notation, 112 to 407 (1.4)."""
    yield from range(112, 125)
    for year in (2, 3):
        yield from range(year * 100 + 1, year * 100 + 25)
    yield from range(401, 408)


def month_of(ynn: int) -> int:
    """NN = 2(month - 1) + 1 for weeks 1&2, + 2 for weeks 3&4 (1.4; digest 1.1)."""
    return (ynn % 100 + 1) // 2


def season_of(ynn: int) -> str:
    year, month = 1940 + ynn // 100, month_of(ynn)
    name = next(s for s, months in SEASONS.items() if month in months)
    if name == "winter":
        first = year if month == 12 else year - 1
        return f"winter-{first}-{(first + 1) % 100:02d}"
    return f"{name}-{year}"


VP_THRESHOLDS: dict[int, tuple[int | None, int | None]] = {
    206: (12, 45),
    212: (16, 48),
    218: (18, 50),
    224: (18, 50),
    306: (16, 48),
    312: (14, 46),
    318: (10, 42),
    324: (6, 40),
    406: (2, 36),
    407: (0, 30),
}
"""Stand-in S/A pairs of the TRT's later victory checks (4.5: Axis VP <= S Soviet win, >= A
Axis win); the historical end, 4 VP at 407, stays a draw (4.5.2)."""


def thresholds(ynn: int) -> tuple[tuple[int | None, int | None], Json]:
    if ynn == 112:
        return (None, 4), rule("4.5", "example 1: Axis win at 4, no Soviet VP win")
    if ynn == 124:
        return (27, 36), rule("4.5", "example 2: 27 or less Soviet, 36 or more Axis")
    if ynn < 124:
        return (None, None), rule(
            "4.5.2(1)", "a check every turn 112-124 for the Germany ZOMO only"
        )
    return VP_THRESHOLDS[ynn], stand_in("the TRT's S/A pair is not in the text")


def calendar() -> Json:
    """Keyed by the kernel's game-turn index 1..68 (it counts turns one by one); each entry's
    label is the rulebook's YNN (1.4), which every rule that names a turn uses."""
    index_of = {ynn: i for i, ynn in enumerate(turns(), start=1)}
    out: Json = {}
    for index, ynn in enumerate(turns(), start=1):
        year, month = 1940 + ynn // 100, month_of(ynn)
        weeks = "4" if ynn == 112 else ("1&2" if ynn % 2 else "3&4")
        tags = [f"year-{year}", season_of(ynn).split("-")[0]]
        if ynn == 112:
            tags.append("first-turn")
        if ynn == 407:
            tags.append("last-turn")
        if ynn <= 124:
            tags.append("victory-check")  # 4.5.2(4): the Germany ZOMO check, every turn to 124
        elif ynn in VP_THRESHOLDS:
            tags.append("victory-check")
        entry: Json = {
            "label": str(ynn),
            "date": f"{year}-{month:02d}",
            "year": year,
            "month": month,
            "season": season_of(ynn),
            "tags": sorted(tags),
            "values": {
                "ynn": ynn,
                "weeks": 1 if ynn == 112 else 2,
                "expanded": f"{year} {MONTHS[month - 1]} {weeks}",
            },
            "provenance": rule("1.4, 5.4", "YNN and season derived (digest 1.1-1.2)"),
        }
        if "victory-check" in tags:
            pair, why = thresholds(ynn)
            entry["values"]["vp"] = list(pair)
            entry["values"]["vp_provenance"] = why.get("rule", "stand-in")
        if "victory-check" in tags and ynn > 124:
            entry["provenance"] = stand_in(
                "YNN and season from 1.4 and 5.4; the TRT's victory-check turns are not in the "
                "text: every sixth in-year turn (March, June, September, December) and 407"
            )
        out[str(index)] = entry
    return {
        "kind": "calendar",
        "id": "pmd-calendar",
        "provenance": rule(
            "1.4, 5.3, 5.4",
            "68 turns, 112 (1941 Jun 4, one game week) to 407 (1944 Apr 1&2), two game weeks each after the first",
        ),
        "seasons": SEASONS,
        "turns": out,
        "schedule": {
            **reinforcements.schedule(index_of),
            **fire_support_schedule(index_of),
            **corps.schedule(index_of),  # 9.1.3, 9.4.2 (stand-ins)
        },
    }


# --------------------------------------------------------------------------- counters


def face(
    attack: float, defense: float, movement: float, count: int | None = None, **extra: float
) -> Json:
    def show(v: float) -> str:
        return str(int(v)) if v == int(v) else str(v)

    out: Json = {
        "values": {"attack": attack, "defense": defense, "movement": movement, **extra},
        "label": f"{show(attack)}-{show(defense)}-{show(movement)}",
    }
    if count is not None:
        out["count"] = count
    return out


def untried_face(movement: int) -> Json:
    """The untried side shows a U and the movement factor (2.4.9)."""
    return {"values": {"movement": movement}, "label": f"U-{movement}"}


def utype(name: str, mobility: str, tags: list[str], stacking: float, why: Json) -> Json:
    return {
        "name": name,
        "mobility": mobility,
        "tags": tags,
        "stacking": stacking,
        "provenance": why,
    }


UNIT_TYPES: Json = {
    "pd": utype(
        "Panzer division",
        "mech",
        ["axis", "german", "afv", "armor", "can-ma", "can-assist"],
        1,
        rule("2.4.4, 6.1, 14.1"),
    ),
    "mid": utype(
        "Motorized infantry division",
        "mech",
        ["axis", "german", "mi", "ma-assisted"],
        1,
        rule("2.4.4, 6.1, 14.1"),
    ),
    "mib": utype(
        "Motorized infantry brigade",
        "mech",
        ["axis", "german", "mi", "ma-assisted"],
        0.5,
        rule("2.4.5, 6.1"),
    ),
    "id": utype(
        "Infantry division", "leg", ["axis", "german", "infantry"], 1, rule("2.4.4, 6.1, 15.1")
    ),
    "mtid": utype(
        "Mountain infantry division",
        "leg",
        ["axis", "german", "infantry", "mountain"],
        1,
        rule("2.4.4, 15.1"),
    ),
    "lid": utype(
        "Light infantry division", "leg", ["axis", "german", "infantry"], 1, rule("2.4.4, 15.1")
    ),
    "secd": utype("Security division", "leg", ["axis", "german", "security"], 1, rule("2.4.4")),
    "cd-ger": utype(
        "Cavalry division",
        "leg",
        ["axis", "german", "cavalry", "ma-assisted"],
        1,
        rule("2.4.4, 5.4, 14.1"),
    ),
    "hpbn": utype(
        "Heavy panzer battalion",
        "mech",
        ["axis", "german", "afv", "armor", "can-ma", "can-assist", "heavy-mech"],
        0.25,
        rule("6.1, 15.14"),
    ),
    "rom-id": utype(
        "Romanian infantry division",
        "leg",
        ["axis", "minor-ally", "romanian"],
        1,
        rule("2.4.2, 7.1"),
    ),
    "rom-mtb": utype(
        "Romanian mountain brigade",
        "leg",
        ["axis", "minor-ally", "romanian", "mountain"],
        0.5,
        rule("2.4.2, 7.1"),
    ),
    "rom-cb": utype(
        "Romanian cavalry brigade",
        "leg",
        ["axis", "minor-ally", "romanian", "cavalry"],
        0.5,
        rule("2.4.2, 7.1"),
    ),
    "hun-fc": utype(
        "Hungarian Fast Corps",
        "mech",
        ["axis", "minor-ally", "hungarian", "mi"],
        1,
        rule("2.4.4: Mixed, treated as MI; 7.1(7)"),
    ),
    "slo-id": utype(
        "Slovak infantry division",
        "leg",
        ["axis", "german-colored", "infantry"],
        1,
        rule("7.3, 9.5.1"),
    ),
    "rd": utype("Rifle division", "leg", ["soviet", "rifle"], 1, rule("2.4.4, 2.4.9, 16.4")),
    "cd": utype(
        "Cavalry division",
        "leg",
        ["soviet", "cavalry", "half-step", "ma-assisted"],
        1,
        rule("2.4.7, 13.9, 16.4"),
    ),
    "td": utype(
        "Tank division",
        "mech",
        ["soviet", "afv", "armor", "can-ma", "can-assist"],
        1,
        rule("2.4.4, 16.4"),
    ),
    "mrd": utype(
        "Motorized rifle division", "mech", ["soviet", "mr", "ma-assisted"], 1, rule("2.4.4, 16.4")
    ),
    "rb": utype(
        "Rifle brigade", "leg", ["soviet", "rifle", "half-step"], 0.5, rule("2.4.7, 6.1, 16.4")
    ),
    "mrb": utype(
        "Motorized rifle brigade",
        "mech",
        ["soviet", "mr", "half-step", "ma-assisted"],
        0.5,
        rule("2.4.7, 6.1, 16.4"),
    ),
    "tb": utype(
        "Tank brigade",
        "mech",
        ["soviet", "afv", "armor", "half-step", "can-ma", "can-assist"],
        0.5,
        rule("2.4.7, 6.1, 16.4"),
    ),
    "eb": utype(
        "Engineer brigade",
        "leg",
        ["soviet", "guards", "engineer"],
        0.5,
        rule("15.7", "Guards-coloured and Guards in all ways; brigade size"),
    ),
    "me": utype(
        "Motorized engineer battalion",
        "mech",
        ["axis", "german", "engineer", "ma-assisted"],
        0.25,
        rule("15.7", "may MA stacked with a Mech unit that assists others (14.1)"),
    ),
    "ss-id": utype(
        "SS infantry division",
        "leg",
        ["axis", "german", "infantry", "ss"],
        1,
        rule("15.20, 15.24", "not a regular ID (15.1)"),
    ),
    "gparb": utype(
        "Guards parachute brigade",
        "leg",
        ["soviet", "guards", "para"],
        0.5,
        rule("15.18", "may be paradropped in turns 313-318"),
    ),
    "galb": utype(
        "Guards air-landing brigade",
        "leg",
        ["soviet", "guards", "para"],
        0.5,
        rule("15.18", "may be paradropped in turns 313-318"),
    ),
    "pgd": utype(
        "Panzergrenadier division",
        "mech",
        ["axis", "german", "afv", "can-ma"],
        1,
        rule("2.4.4, 15.2, 15.23", "an AFV unit (15.2); its MA ability is a stand-in"),
    ),
    "mad": utype(
        "Mobile Artillery Division",
        "mech",
        ["axis", "german", "artillery"],
        1,
        rule("15.21", "a 1-step Mech unit that may not MA; stacking as a division is a stand-in"),
    ),
    "ka": utype(
        "Korps Abteilung",
        "leg",
        ["axis", "german", "infantry"],
        1,
        rule("15.19", "formed from 3 divisions; the class and stacking are stand-ins"),
    ),
    "partisan": utype("Partisans", "leg", ["soviet", "partisan"], 1, rule("15.8")),
    "para-corps": utype("Paratroop corps", "leg", ["soviet", "partisan"], 1, rule("15.8")),
}

# June 1941, Axis (stand-in order of battle: the historical divisions, by army group).
PANZER = {
    "agn": [1, 6, 8],
    "agc": [3, 4, 7, 10, 12, 17, 18, 19, 20],
    "ags": [9, 11, 13, 14, 16],
}
MOTORIZED: dict[str, list[int | str]] = {
    "agn": [3, 36, "SS-T"],
    "agc": [10, 14, 18, 20, 29, "SS-R"],
    "ags": [16, 25, 60, "SS-W"],
}
INFANTRY = {
    "agn": [1, 11, 21, 61, 217, 291, 58, 122, 123, 126, 12, 30, 32, 121, 253, 254, 251],
    "agc": [
        7,
        23,
        258,
        268,
        31,
        34,
        45,
        131,
        167,
        255,
        267,
        17,
        78,
        137,
        263,
        292,
        129,
        5,
        35,
        6,
        26,
        256,
        162,
        87,
        102,
        106,
        110,
        161,
        28,
        8,
        252,
    ],
    "ags": [
        24,
        111,
        44,
        57,
        62,
        68,
        71,
        75,
        95,
        97,
        98,
        99,
        262,
        296,
        298,
        299,
        9,
        15,
        76,
        125,
        132,
        198,
        239,
        22,
        46,
        50,
        72,
        73,
        170,
        294,
        79,
    ],
}
"""About 80 of the 1941 Ostheer's infantry divisions (the rest are reserves not modelled)."""

SPECIAL_INFANTRY = {
    ("mtid", "1 MtID", "ags"): (4, 6, 8),
    ("mtid", "4 MtID", "ags"): (4, 6, 8),
    ("lid", "5 LID", "agc"): (4, 6, 8),
    ("lid", "8 LID", "agn"): (4, 6, 8),
    ("lid", "28 LID", "agc"): (4, 6, 8),
    ("lid", "97 LID", "ags"): (4, 6, 8),
}
"""15.1: 4-6-8 LID and MtID, 2-step units."""
SECURITY = {"agn": [207, 281, 285], "agc": [213, 221, 286, 403], "ags": [444, 454]}
ROMANIAN = [1, 2, 5, 6, 7, 8, 10, 11, 13, 14, 15, 21, 35]


REGULAR_ID_FOURTH_STEP = 313
"""15.1: the 3-5-5's reverse, a regular ID's 4th step, is used from turn 313."""


def _german_id(n: int | str) -> Json:
    """15.1: a regular ID is 6-8-6 or 5-7-6 at full strength; the first loss flips it (its back
    is not in the text), the second swaps it for a 3-5-5, whose reverse (not in the text either)
    is a 4th step only from turn 313 (the face's ``from_turn``, a game-turn index)."""
    full = face(6, 8, 6) if isinstance(n, int) and n < 200 else face(5, 7, 6)
    back = face(4, 6, 6) if full["values"]["attack"] == 6 else face(4, 5, 6)
    fourth = {**face(2, 3, 5), "from_turn": list(turns()).index(REGULAR_ID_FOURTH_STEP) + 1}
    return counter(
        "axis",
        "id",
        f"{n} ID",
        [full, back, face(3, 5, 5), fourth],
        stand_in(
            "PMD 15.1 states 6-8-6 or 5-7-6 full, the 3-5-5 replacement and its reverse "
            "as the 4th step from turn 313; which divisions are which, the flipped side's and "
            "the 3-5-5's reverse's values are stand-ins"
        ),
    )


FIRE_SUPPORT_TYPES: Json = {
    "harko": utype(
        "HARKO (heavy artillery command)",
        "leg",
        ["axis", "german", "artillery", "harko", "no-retreat"],
        0,
        rule("6.1, 13.8, 15.5", "an artillery unit: outside the division limit, 1 a hex"),
    ),
    "flak": utype(
        "Flak corps",
        "mech",
        ["axis", "german", "flak"],
        0,
        rule("6.1, 15.3", "a Mech unit; one a stack outside the division limit"),
    ),
    "lra": utype(
        "Long-range artillery (railway gun)",
        "mech",
        ["axis", "german", "artillery", "lra", "no-retreat"],
        0,
        rule("6.1, 13.8, 15.10", "0-0-RR: moves only by strategic movement; no steps"),
    ),
    "sov-art": utype(
        "Artillery division",
        "mech",
        ["soviet", "artillery"],
        0,
        rule("6.1, 15.11", "Mech, no MA, no defence, no steps; 5 a hex outside the limit"),
    ),
    "sov-gad": utype(
        "Guards artillery division (CB)",
        "mech",
        ["soviet", "artillery", "guards", "counter-battery"],
        0,
        rule("15.11", "the 4 and 6 GAD, marked CB: the 1L is automatic; never rebuilt"),
    ),
    "sov-rkt": utype(
        "Guards rocket division",
        "mech",
        ["soviet", "artillery", "guards", "rocket"],
        0,
        rule("15.15", "artillery, doubled into a clear hex in non-Mud weather"),
    ),
}
"""The fire-support family of section 15 (``fire_support_counters``)."""

HARKO_MF = 6
FIRE_SUPPORT_SETUP = {
    "agc": ["ger-harko", "ger-flak-2"],
    "agn": ["ger-flak-1"],
    "ags": ["ger-flak-3"],
}
"""15.3, 15.5: HARKO and the 3 Flak corps are at start; where is a stand-in."""
SOVIET_ARTILLERY = {219: 4, 221: 4}
"""Stand-in artillery divisions by arrival turn (15.11: from turn 219; the TRT is not in the
text)."""
SOVIET_ROCKETS = {223: 3}
"""Stand-in Guards rocket divisions by arrival turn (15.15: from turn 223)."""


def fire_support_counters() -> Json:
    """Stand-in counters of section 15's fire-support units: the values the text states carry
    their rule, the rest (factors, movement, how many Soviet divisions) are stand-ins."""
    c: Json = {
        "ger-harko": counter(
            "axis",
            "harko",
            "HARKO",
            [face(0, 2, HARKO_MF), face(0, 1, HARKO_MF)],
            stand_in(
                "15.5: HARKO does not attack itself and is never rebuilt; its defence, steps "
                "and movement are stand-ins"
            ),
        )
    }
    for key, name, ynn in (("gustav", "Heavy Gustav", 209), ("dora", "Dora", 216)):
        c[f"ger-lra-{key}"] = counter(
            "axis",
            "lra",
            name,
            [face(0, 0, 0)],
            rule("15.10", f"0-0-RR, no steps, arrives on turn {ynn}"),
        )
    for n in (1, 2, 3):
        c[f"ger-flak-{n}"] = counter(
            "axis",
            "flak",
            f"{n} Flak Corps",
            [face(3, 4, 10), face(2, 2, 10)],
            stand_in("15.3: 3 German Flak corps, Mech units; factors stand-in"),
        )
    for k in range(1, sum(SOVIET_ARTILLERY.values()) + 1):
        c[f"sov-art-{k:02d}"] = counter(
            "soviet",
            "sov-art",
            f"{k} AD",
            [face(4, 0, 6)],
            stand_in(
                "15.11: from turn 219, no defence factor and no steps (stated); the attack, "
                "movement, count and turns are stand-ins"
            ),
        )
    for n in (4, 6):
        c[f"sov-gad-{n}"] = counter(
            "soviet",
            "sov-gad",
            f"{n} GAD CB",
            [face(5, 0, 6)],
            stand_in(
                "15.11: the 4 and 6 GAD arrive by conversion on turn 301, marked CB (stated); "
                "the factors are stand-ins"
            ),
        )
    for k in range(1, sum(SOVIET_ROCKETS.values()) + 1):
        c[f"sov-rkt-{k:02d}"] = counter(
            "soviet",
            "sov-rkt",
            f"{k} GRkD",
            [face(3, 0, 6)],
            stand_in(
                "15.15: from turn 223, treated as artillery (stated); the factors, count and "
                "turns are stand-ins"
            ),
        )
    return c


AIR_TYPES: Json = {
    "air-ger": utype(
        "German air unit",
        "mech",
        ["axis", "german", "air"],
        0,
        rule("6.1, 15.4", "one a stack, outside stacking; it goes with its stack"),
    ),
    "air-sov": utype(
        "Soviet air unit",
        "mech",
        ["soviet", "air"],
        0,
        rule("6.1, 15.4", "one a stack, outside stacking; it goes with its stack"),
    ),
}
GERMAN_AIR = {
    "i": (112, 407),
    "ii": (112, 123),
    "iv": (112, 407),
    "v": (112, 407),
    "viii": (112, 407),
}
"""Stand-in German Flieger Korps with the turns they are in play (15.4: withdrawn when the TRT
calls; the TRT is not in the text): II FK leaves after turn 123."""
GERMAN_AIR_1941 = {
    **dict.fromkeys(range(112, 119), 6),
    119: 5,
    120: 5,
    121: 5,
    122: 4,
    123: 4,
    124: 4,
}
"""Stand-in weekly 1941 strengths of a German air unit by turn (15.4: on the TRT, not in the
text); 6 after 1941 (stated)."""
SOVIET_AIR_ARMIES = {1: 210, 2: 214, 3: 218, 4: 222}
"""Stand-in Soviet Air Armies by arrival turn (15.4: from turn 210, printed values)."""


GAMBIT_AIR = "ger-air-mg"
"""A stand-in German air unit only Manstein's Gambit brings into play (5.7(1), ruling AIR5)."""


def air_counters() -> Json:
    """The air units of 15.4: the German Flieger Korps (VIII among them), the Soviet 6th
    Interceptor Corps (5-5, turns 123-203, stated) and Air Armies (stand-in 4-4)."""
    c: Json = {}
    for n in GERMAN_AIR:
        c[f"ger-air-{n}"] = counter(
            "axis",
            "air-ger",
            f"{n.upper()} FK",
            [face(6, 6, 0)],
            rule("15.4", "strength 6 after 1941 (stated), by week in 1941 (table-air, stand-in)"),
        )
    c[GAMBIT_AIR] = counter(
        "axis",
        "air-ger",
        "MG air unit",
        [face(6, 6, 0)],
        stand_in(
            "5.7(1): the Gambit brings air units up to 6 active; the fifth German counter "
            "withdrawn and this sixth are not in the text (6 after 1941, 15.4)"
        ),
    )
    c["sov-air-6ic"] = counter(
        "soviet",
        "air-sov",
        "6 Interceptor Corps",
        [face(5, 5, 0)],
        rule("15.4", "5-5, arrives on turn 123, withdrawn on turn 203"),
    )
    for army in SOVIET_AIR_ARMIES:
        c[f"sov-air-army-{army}"] = counter(
            "soviet",
            "air-sov",
            f"{army} Air Army",
            [face(4, 4, 0)],
            stand_in("15.4: Air Armies from turn 210; their printed values"),
        )
    return c


def air_table() -> Json:
    """When each air unit is in play and the German 1941 strengths (15.4)."""
    entries: Json = {
        f"ger-air-{n}": {"from": first, "until": last, **({"viii": True} if n == "viii" else {})}
        for n, (first, last) in GERMAN_AIR.items()
    }
    entries[GAMBIT_AIR] = {"from": 301, "until": 321, "gambit": True}
    entries["sov-air-6ic"] = {"from": 123, "until": 202}
    for n, first in SOVIET_AIR_ARMIES.items():
        entries[f"sov-air-army-{n}"] = {"from": first, "until": 407}
    entries["german-1941"] = {str(k): v for k, v in GERMAN_AIR_1941.items()}
    return {
        "kind": "table",
        "id": "air",
        "name": "Air units",
        "rule": "PMD 15.4",
        "provenance": stand_in(
            "15.4: the 6th Interceptor Corps' turns (123 to its withdrawal on 203) and the "
            "German 6 after 1941 are stated; the German units, their withdrawals, the weekly "
            "1941 strengths ('german-1941', by turn) and the Air Armies' turns are on the TRT "
            "(not in the text): stand-ins"
        ),
        "entries": entries,
    }


def fire_support_schedule(index_of: dict[int, int]) -> Json:
    """The Soviet artillery's arrivals (15.11, 15.15) in an RVGK area like other Soviet
    reinforcements (9.1.3); turns and counts are stand-ins but for the first turns stated."""
    out: Json = {}
    for what, arrivals, rule_no in (
        ("art", SOVIET_ARTILLERY, "15.11"),
        ("rkt", SOVIET_ROCKETS, "15.15"),
    ):
        k = 0
        for ynn, count in arrivals.items():
            ids = [f"sov-{what}-{k + i + 1:02d}" for i in range(count)]
            k += count
            out[f"{ynn}-soviet-{what}"] = reinforcements.arrival(
                index_of[ynn],
                "soviet",
                ids,
                "box:rvgk-north",
                stand_in(f"{rule_no}: the first turn is stated; counts stand-in"),
            )
    for key, ynn in (("gustav", 209), ("dora", 216)):
        out[f"{ynn}-axis-lra-{key}"] = reinforcements.arrival(
            index_of[ynn],
            "axis",
            [f"ger-lra-{key}"],
            "box:okh-north",
            rule("15.10, 9.1.1", f"arrives on turn {ynn} in the North OKH"),
        )
    out["301-soviet-gad"] = {
        "turn": index_of[301],
        "side": "soviet",
        "kind": "event",
        "options": {"event": "soviet-convert", "from": "sov-art", "to": "sov-gad", "count": 2},
        "provenance": rule(
            "15.11, 9.4.2",
            "the 4 and 6 GAD arrive by conversion on turn 301 (stated); that two artillery "
            "divisions convert is a stand-in (the text does not name the inputs)",
        ),
    }
    return out


def counters() -> tuple[Json, dict[str, list[str]]]:
    """The manifest and each Axis army group's / Soviet district's units (for the set-up)."""
    c: Json = {}
    groups: dict[str, list[str]] = {}

    def add(group: str, cid: str, entry: Json) -> None:
        c[cid] = entry
        groups.setdefault(group, []).append(cid)

    full_mech = stand_in(
        "full-strength German Mech MF 12 is stated (5.4, 16.3); the attack and defense factors "
        "and the reduced sides are stand-ins"
    )
    for ag, numbers in PANZER.items():
        for n in numbers:
            add(
                ag,
                f"ger-pd-{n}",
                counter(
                    "axis",
                    "pd",
                    f"{n} PD",
                    [face(9, 6, 12), face(6, 4, 12), face(3, 2, 10)],
                    full_mech,
                ),
            )
    for ag, motorized in MOTORIZED.items():
        for mid in motorized:
            add(
                ag,
                f"ger-mid-{str(mid).lower()}",
                counter("axis", "mid", f"{mid} MID", [face(6, 6, 12), face(4, 4, 12)], full_mech),
            )
    add(
        "agc",
        "ger-mib-gd",
        counter("axis", "mib", "GD MIB", [face(3, 3, 12)], full_mech),
    )
    add(
        "ags",
        "ger-mib-1ss",
        counter(
            "axis",
            "mib",
            "1SS MIB",
            [face(3, 3, 12)],
            stand_in("2.4.5: the 1SS MIB is distinct from the 1SS MID; values stand-in"),
        ),
    )
    for ag, numbers in INFANTRY.items():
        for n in numbers:
            add(ag, f"ger-id-{n}", _german_id(n))
    for (ut, name, ag), (a, d, m) in SPECIAL_INFANTRY.items():
        cid = "ger-" + name.lower().replace(" ", "-")
        add(
            ag,
            cid,
            counter(
                "axis",
                ut,
                name,
                [face(a, d, m), face(2, 3, m)],
                rule("15.1", "4-6-8 LID and MtID are stated; the reduced side is a stand-in"),
            ),
        )
    for ag, numbers in SECURITY.items():
        for n in numbers:
            add(
                ag,
                f"ger-secd-{n}",
                counter(
                    "axis",
                    "secd",
                    f"{n} SecD",
                    [face(1, 3, 5), face(1, 2, 5)],
                    stand_in("security division values"),
                ),
            )
    add(
        "agc",
        "ger-cd-1",
        counter(
            "axis",
            "cd-ger",
            "1 CD",
            [face(4, 4, 8), face(2, 2, 8)],
            stand_in("German cavalry MF 8 is stated (5.4); the factors are stand-ins"),
        ),
    )
    for k in range(1, 8):
        add(
            "okh",
            f"ger-hpbn-{500 + k}",
            counter(
                "axis",
                "hpbn",
                f"{500 + k} HPBn",
                [face(2, 2, 9)],
                rule(
                    "15.14", "seven 2-2-9 HPBn; they enter later (TRT), listed for the counter mix"
                ),
            ),
        )
    for n in ROMANIAN:
        add(
            "rom",
            f"rom-id-{n}",
            counter(
                "axis",
                "rom-id",
                f"{n} Rom ID",
                [face(3, 4, 5), face(1, 2, 5)],
                stand_in("Romanian infantry division values"),
            ),
        )
    for n in (1, 2, 4):
        add(
            "rom",
            f"rom-mtb-{n}",
            counter(
                "axis",
                "rom-mtb",
                f"{n} Rom MtB",
                [face(2, 2, 5)],
                stand_in("Romanian mountain brigade values"),
            ),
        )
    for n in (5, 6, 8):
        add(
            "rom",
            f"rom-cb-{n}",
            counter(
                "axis",
                "rom-cb",
                f"{n} Rom CB",
                [face(1, 1, 8)],
                stand_in("Romanian cavalry brigade values"),
            ),
        )
    add(
        "hun",
        "hun-fc",
        counter(
            "axis",
            "hun-fc",
            "Hungarian Fast Corps",
            [face(4, 3, 10), face(2, 2, 10)],
            rule("2.4.4", "Mixed, treated as MI; values stand-in"),
        ),
    )
    for n in (1, 2):
        add(
            "hun",
            f"slo-id-{n}",
            counter(
                "axis",
                "slo-id",
                f"{n} Slo ID",
                [face(2, 3, 5)],
                rule("7.3, 9.5.1", "Slovak units are German-coloured; values stand-in"),
            ),
        )

    # Soviets: every counter untried (2.4.9: all Soviet units in June 1941 start untried).
    soviet_mf = {"rd": 5, "cd": 8, "td": 7, "mrd": 7}
    districts = {
        "lmd": (14, 8, 3, 0),
        "pbmd": (20, 6, 3, 0),
        "zapovo": (40, 12, 6, 2),
        "kovo": (54, 20, 9, 5),
        "odvo": (22, 8, 4, 4),
        "interior": (20, 3, 3, 2),
    }
    for district, (rds, tds, mrds, cds) in districts.items():
        for kind, count in (("rd", rds), ("td", tds), ("mrd", mrds), ("cd", cds)):
            for k in range(count):
                cid = f"sov-{kind}-{district}-{k + 1:02d}"
                add(
                    district,
                    cid,
                    counter(
                        "soviet",
                        kind,
                        f"{kind.upper()} {district.upper()}-{k + 1}",
                        [untried_face(soviet_mf[kind])],
                        rule(
                            "2.4.9",
                            "untried; drawn from its pool at its first combat; identity and district stand-in",
                        ),
                        untried=kind,
                    ),
                )
    # 15.8: received on turn 201, placed by the Soviet (partisans.py); 1 attack point each and
    # no movement are stated, the defence factors are stand-ins
    immobile = stand_in("15.8: 4 and 2 steps, attack 1, never move; the defence is a stand-in")
    c["sov-partisans"] = counter(
        "soviet", "partisan", "Partisans", [face(1, 2, 0), face(1, 1, 0)], immobile
    )
    c["sov-para-corps-4"] = counter(
        "soviet",
        "para-corps",
        "4 Para Corps",
        [face(1, 4, 0), face(1, 3, 0), face(1, 2, 0), face(1, 1, 0)],
        immobile,
    )
    c.update(unit_specials())
    fire = {**fire_support_counters(), **air_counters()}  # section 15 (stand-ins)
    if set(fire) & set(c):
        raise ValueError(f"fire-support counters already in the manifest: {set(fire) & set(c)}")
    c.update(fire)
    later = reinforcements.counters()  # 9.1: what the TRT brings later (stand-ins)
    section9_types, section9 = reinforcements.section9_stand_ins()  # 9.2-9.7 (stand-ins)
    later.update(section9)
    ag_types, assault_guns = reinforcements.assault_guns()  # 15.22 (stand-ins)
    later.update(assault_guns)
    para_types, para = reinforcements.blaupunkt_units()  # 15.17, 5.7(6) (stand-ins)
    later.update(para)
    later.update(corps.counters())  # 9.1.3, 9.2, 9.4.2: Soviet corps (stand-ins)
    later.update(reinforcements.gambit_units())  # 5.7(5) (stand-ins)
    ost_types, ost = reinforcements.ost_units()  # 7.1, 9.1.2 (stand-ins)
    later.update(ost)
    spanish_types, spanish = reinforcements.spanish_units()  # 7.3 (stand-ins)
    later.update(spanish)
    if set(later) & set(c):
        raise ValueError(f"reinforcement counters already in the set-up: {set(later) & set(c)}")
    c.update(later)
    pools = _pools()
    for kind, spec in pools.items():
        on_map = sum(1 for x in c.values() if x.get("untried") == kind)
        total = sum(f["count"] for f in spec["faces"])
        if on_map > total:
            raise ValueError(f"{on_map} {kind} counters but a pool of {total}")
    for entry in c.values():
        if entry["type"] in ("cd", "rb", "mrb", "tb"):
            entry["step_value"] = 0.5  # 13.9: a half-step unit satisfies half a step
    markers = {
        "reserve": {
            "name": "Reserve",
            "count": 20,
            "on": "location",
            "removal_rule": "PMD 6.4",
            "removed_by": ["hook"],
            "provenance": rule("6.4", "10 per side, numbered 1-10"),
        },
        "close-combat": {
            "name": "Close Combat",
            "count": 12,
            "on": "location",
            "removal_rule": "PMD 13.1",
            "removed_by": ["hook"],
            "provenance": rule("13.1", "Axis 6 in 1941; the Soviet count is earned (SO chart)"),
        },
        "oos": {
            "name": "Out of Supply",
            "count": 200,
            "on": "unit",
            "removal_rule": "PMD 8.3",
            "removed_by": ["hook"],
            "provenance": rule("2.4, 8.5", "may be improvised: no limit"),
        },
        "iso": {
            "name": "Isolated",
            "count": 200,
            "on": "unit",
            "removal_rule": "PMD 8.3",
            "removed_by": ["hook"],
            "provenance": rule("2.4, 8.5", "ISO1-ISO3 may be improvised: no limit"),
        },
        "ma": {
            "name": "Mobile Assault",
            "count": 20,
            "on": "location",
            "removal_rule": "PMD 14.7",
            "removed_by": ["hook"],
            "provenance": rule("14.7", "removed at the end of that Movement Phase"),
        },
        "offensive-supply": {
            "name": "Offensive Supply",
            "count": 12,
            "on": "location",
            "removal_rule": "PMD 8.6",
            "removed_by": ["hook"],
            "provenance": stand_in(
                "8.6: face down with dummies, the value seen by the owner only; the counts are "
                "on the Turn Record Track (not in the text): 3 active (5, 4, 3) and 3 dummies a "
                "side (ruling OS1); picked up when the next deployment begins (ruling OS2)"
            ),
        },
        "supply-concentration": {
            "name": "Supply Concentration",
            "count": 18,
            "on": "unit",
            "removal_rule": "PMD 8.9",
            "removed_by": ["hook"],
            "mark": "SC",
            "provenance": rule("8.9", "18 markers; off when rescinded or redeployed, gone at 205"),
        },
        "lcfc": {
            "name": "Leningrad Counter-Fire Corps",
            "count": 1,
            "on": "location",
            "removal_rule": "PMD 15.13",
            "removed_by": ["hook"],
            "provenance": rule(
                "15.13", "placed in Leningrad on turn 221; gone for good with its last Soviet step"
            ),
        },
        "stalin-line": {
            "name": "Stalin line",
            "count": 48,
            "on": "location",
            "removal_rule": "PMD 13.4.2",
            "removed_by": ["hook"],
            "provenance": rule("13.4.2"),
        },
        "hedgehog": {
            "name": "Hedgehog",
            "count": 200,
            "on": "location",
            "removal_rule": "PMD 13.4.2",
            "removed_by": ["hook"],
            "mark": "HH",
            "provenance": rule(
                "2.4, 13.4.2",
                "may be improvised: no limit; off by the Axis or with its last German unit",
            ),
        },
        "fieldworks": {
            "name": "Fieldworks",
            "count": 16,
            "on": "location",
            "removal_rule": "PMD 13.4.2",
            "removed_by": ["hook"],
            "mark": "FW",
            "provenance": stand_in(
                "13.4.2: both sides from turn 201, destroyed by enemy ownership of the hex; how "
                "many is not in the text: 8 a side (ruling FW2)"
            ),
        },
        "fortified-area": {
            "name": "Fortified Area",
            "count": 1,
            "on": "location",
            "removal_rule": "PMD 15.16",
            "removed_by": ["hook"],
            "mark": "FA",
            "provenance": rule(
                "15.16", "placed on turn 309; gone when every hex within 2 is Axis-controlled"
            ),
        },
    }
    doc = {
        "kind": "counters",
        "id": "pmd-counters",
        "provenance": stand_in(
            "The counter manifest (2,280 counters, 2.1) is not in the text; this is the June 1941 "
            "order of battle on the map plus the stated untried pools (16.4). Facts the rules "
            "state carry their rule."
        ),
        "unit_types": {
            **UNIT_TYPES,
            **FIRE_SUPPORT_TYPES,
            **AIR_TYPES,
            **section9_types,
            **ag_types,
            **para_types,
            **ost_types,
            **spanish_types,
            **corps.types(),
        },
        "counters": dict(sorted(c.items())),
        "pools": pools,
        "markers": {**markers, **reinforcements.upgrade_marker()},
    }
    return doc, groups


SOVIET_ENGINEERS = 6
"""Stand-in: how many Soviet engineer brigades (15.7 gives no count; the TRT is not in the text)."""
KA_UNITS = 6
"""15.19: six Korps Abteilung units from turn 314."""


def unit_specials() -> Json:
    """Stand-in counters for section 15's unit specials (engineers 15.7, KA 15.19, the 19SS and
    20SS IDs 15.20, 15.24, the 1943 paradrop brigades 15.18, the MAD 15.21, the 11SS
    PGD and its parts 15.23): the values
    the text states are kept, the rest marked. They are in the counter mix; their arrival turns
    (the TRT) are not in the text and not on the stand-in schedule."""
    c: Json = {}
    for k in range(1, SOVIET_ENGINEERS + 1):
        c[f"sov-eb-{k}"] = counter(
            "soviet",
            "eb",
            f"{k} Eng Bde",
            [face(1, 2, 5)],
            stand_in(
                "15.7: Soviet engineer brigades from turn 124, Guards in all ways; "
                "count, factors and MF are stand-ins"
            ),
        )
    c["ger-me-1"] = counter(
        "axis",
        "me",
        "1 Mot Eng Bn",
        [face(1, 1, 12)],
        stand_in(
            "15.7: the Axis's 1 motorized engineer battalion (from turn 218); factors stand-in"
        ),
    )
    for n, nation, rule_no in (("19", "Latvian", "15.20"), ("20", "Estonian", "15.24")):
        c[f"ger-id-{n}ss"] = counter(
            "axis",
            "ss-id",
            f"{n}SS ID",
            [face(5, 7, 6), face(3, 4, 6)],
            stand_in(
                f"{rule_no}: the {n}SS ID ({nation}); the 20SS's counter reads 5-7-6, the 19SS "
                "is given the same; the reduced side is a stand-in"
            ),
        )
    for kind, k in (*(("gparb", k) for k in range(1, 5)), ("galb", 1)):
        c[f"sov-{kind}-{k}"] = counter(
            "soviet",
            kind,
            f"{k} {kind.upper()}",
            [face(2, 2, 5)],
            stand_in(
                "15.18: 5 GParB and GALB on turn 313; the split (4 GParB, 1 GALB), the factors "
                "and MF are stand-ins"
            ),
        )
    # 15.23: the three units the 11SS PGD converts from, and the PGD (4 steps)
    for cid, ut, name, steps in (
        ("ger-mib-ndrss", "mib", "NdrSS MIB", [face(3, 3, 12)]),
        ("ger-mib-danss", "mib", "DanSS MIB", [face(3, 3, 12)]),
        ("ger-id-norss", "ss-id", "NorSS ID", [face(5, 7, 6), face(3, 4, 6)]),
        (
            "ger-pgd-11ss",
            "pgd",
            "11SS PGD",
            [face(8, 8, 12), face(6, 6, 12), face(4, 4, 12), face(2, 2, 12)],
        ),
    ):
        c[cid] = counter(
            "axis",
            ut,
            name,
            steps,
            stand_in(
                "15.23: the 11SS PGD (4 steps, stated) converts from the NdrSS MIB, DanSS MIB "
                "and NorSS ID; the factors and the parts' steps are stand-ins"
            ),
        )
    c["ger-mad"] = counter(
        "axis",
        "mad",
        "MAD",
        [face(5, 7, 6)],
        stand_in(
            "15.21: one step, Mech; the counter picture is garbled ('o 3 e -6 5-7'), so the "
            "factors 5-7-6 are a stand-in read from it"
        ),
    )
    for k in range(1, KA_UNITS + 1):
        c[f"ger-ka-{k}"] = counter(
            "axis",
            "ka",
            f"KA {k}",
            [face(2, 4, 5)],
            rule(
                "15.19",
                "six KA; the counter picture reads 2-4-5; one step is a stand-in; "
                "removed from play when destroyed (eliminated.py)",
            ),
        )
    return c


def _spread(total: int, faces: list[tuple[int, int]], weights: list[int]) -> list[int]:
    """Split ``total`` counters over faces by weight, exactly (largest remainders)."""
    raw = [total * w / sum(weights) for w in weights]
    counts = [int(r) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: (counts[i] - raw[i], i))[: total - sum(counts)]:
        counts[i] += 1
    return counts


def _pool(
    kind: str,
    total: int,
    mf: int,
    faces: list[tuple[int, int]],
    weights: list[int],
    note: str,
    **extra: Any,
) -> Json:
    counts = _spread(total, faces, weights)
    out = [face(a, d, mf, n) for (a, d), n in zip(faces, counts, strict=True) if n]
    for key, (index, n) in extra.items():
        # split n counters of face `index` off as a face carrying the hidden capability
        base = out[index]
        base["count"] -= n
        special = face(base["values"]["attack"], base["values"]["defense"], mf, n, **{key: 1})
        special["label"] += f" {key}"
        out.append(special)
    return {"side": "soviet", "faces": out, "provenance": rule("2.4.9, 16.4", note)}


def _pools() -> Json:
    return {
        "rd": _pool(
            "rd",
            374,
            5,
            [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 6), (6, 7)],
            [20, 30, 50, 60, 80, 50, 40, 24, 12, 8],
            "374 RD, 1-1-5 to 6-7-5, median 3-3-5 and 5 mountain when tried are stated; the spread is a stand-in",
            mountain=(4, 5),
        ),
        "cd": _pool(
            "cd",
            63,
            8,
            [(1, 1), (2, 1), (2, 2), (3, 2), (4, 2)],
            [10, 18, 18, 12, 5],
            "63 CD, DF 1-2 and AF 1-4 are stated; the spread and MF 8 are stand-ins",
        ),
        "td": _pool(
            "td",
            57,
            7,
            [(2, 2), (3, 3), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (10, 5)],
            [4, 7, 10, 15, 9, 6, 4, 2],
            "57 TD, median 5-4-7 and maximum 10-5-7 are stated; the spread is a stand-in",
        ),
        "mrd": _pool(
            "mrd",
            28,
            7,
            [(2, 3), (3, 4), (4, 5), (5, 6), (5, 10)],
            [3, 6, 10, 6, 3],
            "28 MRD, median 4-5-7 and maximum 5-10-7 are stated; the spread is a stand-in",
        ),
        "rb": _pool(
            "rb",
            171,
            5,
            [(1, 1), (1, 2), (2, 1), (2, 2)],
            [50, 50, 30, 41],
            "171 RB, AF and DF each 1 or 2, 24 of them naval when tried (NB) are stated; the spread is a stand-in",
            naval=(3, 24),
        ),
        "mrb": _pool(
            "mrb",
            12,
            7,
            [(1, 1), (1, 2), (2, 1), (2, 2)],
            [2, 3, 3, 4],
            "12 untried MRB, 4 of them 2-2-7 MB when tried, are stated; the rest of the spread is a stand-in",
            mechanized=(3, 4),
        ),
        "tb": _pool(
            "tb",
            147,
            7,
            [(1, 1), (2, 1), (3, 1), (4, 1)],
            [40, 50, 40, 17],
            "147 TB, DF always 1 and AF 1-4 are stated; the spread is a stand-in",
        ),
    }


# --------------------------------------------------------------------------- CRT (13.2-13.7)

COLUMNS = ["1-3", "1-2", "1-1", "1.5-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]


def crt() -> Json:
    """Results are attacker/defender step losses (13.7). Stated: the 1:3-7:1 columns with a
    1.5:1 (13.2), one die (13.6), 7:1 roll 5 = 1/5 (13.6), 2/0 below 1:3 and 1/5 above 7:1
    with no roll (13.2); inferred: every cell costs the attacker at least 1 (13.10, 16.3), and
    defender results reach 3 or more (13.10) and at most 5 (13.12). The rest is a stand-in
    graded from 2/0 to 1/5, low rolls favouring the defender."""
    table: Json = {}
    for i, col in enumerate(COLUMNS):
        row = []
        for roll in range(1, 7):
            strength = i + roll - 1  # 0..14
            defender = max(0, min(5, (strength - 2) // 2))
            attacker = 2 if strength < 5 else 1
            row.append(f"{attacker}/{defender}")
        table[col] = row
    table["7-1"][4] = "1/5"
    codes = {
        f"{a}/{d}": {
            "name": f"Attacker loses {a} step{'s' * (a != 1)}, defender {d}",
            "attacker": {"steps": a},
            **({"defender": {"steps": d}} if d else {}),
            "advance": bool(d),
            "rule": "PMD 13.7, 13.11",
        }
        for a in (1, 2)
        for d in range(6)
    }
    return {
        "kind": "combat-tables",
        "id": "pmd-crt",
        "provenance": stand_in(
            "The printed CRT is on a player-aid card not in the text (digest 8.4). Kept: the "
            "columns 1:3 to 7:1 with the 1.5:1 (13.2), one die (13.6), 7:1 roll 5 = 1/5 (13.6), "
            "automatic 2/0 below 1:3 and 1/5 above 7:1 (13.2), an attacker loss of at least 1 in "
            "every cell and defender results 0-5 (13.10, 13.12, 16.3); every other cell graded"
        ),
        "tables": {
            "crt": {
                "kind": "odds",
                "name": "Combat Results Table",
                "rule": "PMD 13.2, 13.6, 13.7",
                "dice": "1d6",
                "rounding": "defender",
                "rounding_rule": "PMD 13.2",
                "shift_mode": "ratio",
                "columns": COLUMNS,
                "below": {"policy": "auto", "result": "2/0", "rule": "PMD 13.2"},
                "above": {"policy": "auto", "result": "1/5", "rule": "PMD 13.2, 13.6"},
                "zero_defense": {"policy": "edge", "rule": "PMD 13.8"},
                "results": table,
                "shift_caps": {"capped": {"max": 2, "rule": "PMD 13.5"}},
            }
        },
        "codes": codes,
    }


# --------------------------------------------------------------------------- TEC (11.1, 12.4, 13.4)

WEATHER = ["D", "R", "M", "F", "S"]


def cost(
    mech: float | None, leg: float | None, mud: tuple[float | None, float | None] | None = None
) -> Json:
    """Costs by class; ``mech@M``-style keys give the Mud, Freeze and Snow columns (12.4: the
    TEC's M, F and S entries), falling back to the dry cost."""
    out: Json = {"mech": mech, "leg": leg}
    if mud is not None:
        out["mech@M"], out["leg@M"] = mud
        out["mech@S"], out["leg@S"] = (None if mech is None else mech + 1, leg)
    return out


def terrain() -> Json:
    si = "costs by class and weather are on the missing TEC (digest 5.2); stand-in"
    return {
        "kind": "terrain",
        "id": "pmd-tec",
        "provenance": stand_in(
            "The TEC is on a player-aid card not in the text (digest 5.2): stated are Mech 3 in "
            "rough, +2 for a river hexside (11.1), Mech into mountains only along a road for 3 "
            "(11.1), the highway at 1 per hex (11.1), sea and Turkey closed, the combat shifts of "
            "13.4.1-13.4.2; every other number is a stand-in. Move keys 'mech@M', 'leg@S' hold "
            "the weather columns (12.4: Mud, Snow); a missing key falls back to the dry cost."
        ),
        "terrain": {
            "clear": {
                "name": "Clear",
                "move": cost(1, 1, (3, 2)),
                "rule": "PMD 11.1",
                "provenance": stand_in(si),
            },
            "forest": {
                "name": "Forest",
                "move": cost(2, 2, (4, 3)),
                "combat": {"ma_shift": -1},
                "rule": "PMD 11.1, 13.4.1",
                "provenance": stand_in("1L against an MA only (13.4.1); " + si),
            },
            "rough": {
                "name": "Rough",
                "move": cost(3, 2, (4, 3)),
                "combat": {"shift": -1, "no_ma": True},
                "rule": "PMD 11.1, 13.4.1, 14.4",
                "provenance": rule("11.1, 13.4.1", "Mech 3 stated; Leg and weather stand-in"),
            },
            "marsh": {
                "name": "Marsh",
                "move": cost(4, 2, (None, 4)),
                "combat": {"shift": -1, "no_ma": True, "mech_half": True},
                "rule": "PMD 13.4.1, 14.4",
                "provenance": stand_in(si),
            },
            "mountain": {
                "name": "Mountain",
                "move": cost(None, 3),
                "combat": {"shift": -2, "no_ma": True},
                "rule": "PMD 11.1, 13.4.1",
                "provenance": rule(
                    "11.1, 13.4.1", "Mech only along a road (3 MP); Leg cost stand-in"
                ),
            },
            "sea": {"name": "All-sea", "move": {"*": None}, "rule": "PMD 13.8"},
            "lake": {
                "name": "All-lake",
                "move": {"*": None, "*@S": 1},
                "rule": "PMD 12.4",
                "provenance": rule(
                    "8.2, 12.4",
                    "frozen in Snow: crossed (1 per hex, the supply rate of 8.2), never ended in",
                ),
            },
        },
        "hexsides": {
            "minor-river": {
                "name": "Minor river",
                "move": {"*": 2, "*@F": 0, "*@S": 0},
                "combat": {"attack_factor": 0.75, "attack_factor_from_1942": 0.5},
                "rule": "PMD 11.1, 12.4, 13.4.1",
                "provenance": rule(
                    "11.1, 13.4.1", "+2 Mech stated; the Leg cost is the same stand-in"
                ),
            },
            "major-river": {
                "name": "Major river",
                "move": {"*": 2, "*@F": 0, "*@S": 0},
                "combat": {"attack_factor": 0.5, "no_ma": True},
                "rule": "PMD 11.1, 13.4.1, 14.4",
                "provenance": rule("11.1, 13.4.1"),
            },
            "south-volga": {
                "name": "South Volga",
                "move": {"*": 2, "*@F": 0, "*@S": 0},
                "combat": {"attack_factor": 0.5, "no_ma": True},
                "rule": "PMD 13.4.1, 16.2",
                "provenance": rule("13.4.1"),
            },
            "sea": {"name": "All-sea hexside", "move": {"*": None}, "rule": "PMD 13.8"},
            "lake": {"name": "All-lake hexside", "move": {"*": None, "*@S": 0}, "rule": "PMD 12.4"},
            "soviet-supply": {
                "name": "Oranienbaum-Leningrad (Soviet supply only)",
                "move": {"*": None},
                "rule": "PMD 8.4",
            },
            "sivash": {
                "name": "Sivash crossing arrow",
                "move": {"*": None, "*@S": 0},
                "combat": {"shift": -2, "afv_attack_one": True},
                "supply": {"cost": 12},
                "rule": "PMD 8.11, 13.4.1",
                "provenance": rule(
                    "8.11, 13.4.1", "frozen in Snow; its supply cost as the Kerch's (stand-in)"
                ),
            },
            "kerch": {
                "name": "Kerch crossing arrow",
                "move": {"*": None},  # frozen from January, not by Snow: straits.py (8.11)
                "combat": {"shift": -2, "afv_attack_one": True},
                "supply": {"cost": 12},
                "rule": "PMD 8.2, 8.11, 13.4.1",
            },
        },
        "features": {
            "city": {
                "name": "City",
                "combat": {"shift": -2, "double_losses": True, "stacking": 10},
                "rule": "PMD 6.1, 13.4.2",
            },
            "large-town": {"name": "Large town", "combat": {"shift": -1}, "rule": "PMD 13.4.2"},
            "small-town": {"name": "Small town", "rule": "PMD 3.0, 8.2"},
            "fort": {
                "name": "Fort",
                "combat": {"shift": -1, "soviet_only": True, "min_attacker_loss": 1},
                "rule": "PMD 13.4.2",
            },
            "heavy-fort": {
                "name": "Heavy fort",
                "combat": {"shift": -2, "soviet_only": True, "attacker_loss": 1, "stacking": 5},
                "rule": "PMD 6.1, 13.4.2",
            },
            "stalin-line": {
                "name": "Stalin line",
                "combat": {"shift": -1, "soviet_only": True, "min_attacker_loss": 1},
                "rule": "PMD 13.4.2",
            },
            "fortified-line": {
                "name": "Fort line (active from its turn)",
                "combat": {"shift": -1, "soviet_only": True},
                "rule": "PMD 13.4.2",
            },
            "highway": {
                "name": "Minsk-Moscow Highway",
                "move": {"*": 1},
                "rule": "PMD 11.1",
                "provenance": rule("11.1", "1 per hex along it, until turn 120"),
            },
            "mountain-road": {
                "name": "Mountain road",
                "move": {"mech": 3, "mech@S": None},
                "rule": "PMD 11.1, 12.4",
            },
            "oil-centre": {"name": "Oil centre", "rule": "PMD 4.6"},
        },
    }


# --------------------------------------------------------------------------- set-up (1.3, 5.3)

AXIS_ROWS = {"agn": (1, 14), "agc": (15, 24), "ags": (25, 33)}
TAG_CAPS = {"axis": {"flak": 1, "artillery": 1}, "soviet": {"artillery": 5}}
"""6.1: one flak and one artillery unit an Axis hex, 5 Soviet artillery divisions (the stacking
mechanic's ``tag_caps``; the set-ups keep them too)."""
"""Army-group sectors by map row (stand-in: East Prussia, the Bug, the San and Galicia)."""


def neighbours(hex_id: str) -> list[str]:
    """Even-q neighbours: even columns half a hex lower (digest 2.1)."""
    c, r = int(hex_id[:2]), int(hex_id[2:])
    side = (
        [(c - 1, r), (c + 1, r), (c - 1, r + 1), (c + 1, r + 1)]
        if c % 2 == 0
        else [(c - 1, r - 1), (c + 1, r - 1), (c - 1, r), (c + 1, r)]
    )
    return [f"{x:02d}{y:02d}" for x, y in [(c, r - 1), (c, r + 1), *side] if x > 0 and y > 0]


def _rear(border: list[str], land: set[str], need: int) -> list[str]:
    """The border hexes, then the hexes behind them, until ``need`` hexes."""
    out, frontier = list(border), list(border)
    while len(out) < need and frontier:
        nxt = sorted({n for h in frontier for n in neighbours(h) if n in land and n not in out})
        out += nxt
        frontier = nxt
    return out[:need]


def setup(groups: dict[str, list[str]], map_doc: Json) -> Json:
    rng = random.Random(SEED)
    regions = map_doc["regions"]
    axis_land = (
        set(regions["country:greater-germany"]["hexes"])
        | set(regions["country:romania"]["hexes"])
        | set(regions["country:hungary"]["hexes"])
        | set(regions["country:slovakia"]["hexes"])
    )
    ussr = regions["country:ussr"]["hexes"]
    sea = {h for h, e in map_doc["hexes"].items() if e.get("terrain") in ("sea", "lake")}
    out: Json = {}
    ussr_set = set(ussr) - sea
    land = axis_land - sea
    border = sorted(h for h in land if any(n in ussr_set for n in neighbours(h)))
    romania = set(regions["country:romania"]["hexes"])
    hungary = set(regions["country:hungary"]["hexes"]) | set(regions["country:slovakia"]["hexes"])
    sectors = {
        g: [h for h in border if lo <= int(h[2:]) <= hi and h not in romania | hungary]
        for g, (lo, hi) in AXIS_ROWS.items()
    }
    sectors["rom"] = [h for h in border if h in romania]
    sectors["hun"] = [h for h in border if h in hungary] or sorted(hungary - sea)[:2]
    taken: set[str] = set()
    first: dict[str, str] = {}
    for group, front in sectors.items():
        units = groups[group]
        hexes = [h for h in _rear(front, land - taken, -(-len(units) // 4))]
        taken.update(hexes)
        first[group] = hexes[0]
        per = -(-len(units) // len(hexes))
        if per > 5:
            raise ValueError(f"{group}: {len(units)} units over {len(hexes)} hexes overstack (6.1)")
        for i, h in enumerate(hexes):
            chunk = units[i * per : (i + 1) * per]
            if chunk:
                out[f"axis-{h}"] = {
                    "side": "axis",
                    "units": chunk,
                    "at": [h],
                    "provenance": stand_in(
                        f"{group.upper()} on the 1941 border (set-up card not in the text)"
                    ),
                }
    for group, ids in FIRE_SUPPORT_SETUP.items():
        out[f"axis-{first[group]}-fire-support"] = {
            "side": "axis",
            "units": ids,
            "at": [first[group]],
            "provenance": stand_in(
                f"15.3, 15.5: at start with {group.upper()}; which army group and hex is a "
                "stand-in (set-up card not in the text); stacking 0 (6.1)"
            ),
        }
    # Soviets: district by district, at most 3 per non-city hex in 1941 (6.1), west to east.
    district_cols = {
        "lmd": (18, 36, 1, 12),
        "pbmd": (11, 20, 5, 16),
        "zapovo": (10, 22, 14, 25),
        "kovo": (5, 20, 24, 38),
        "odvo": (12, 24, 36, 46),
        "interior": (30, 44, 14, 40),
    }
    used: set[str] = set()
    for district, (c0, c1, r0, r1) in district_cols.items():
        units = list(groups[district])
        rng.shuffle(units)
        cells = sorted(
            h
            for h in ussr
            if c0 <= int(h[:2]) <= c1 and r0 <= int(h[2:]) <= r1 and h not in sea and h not in used
        )
        rng.shuffle(cells)
        cells = sorted(cells[: -(-len(units) // 3)])
        if len(cells) * 3 < len(units):
            raise ValueError(f"{district}: too few hexes")
        for i, h in enumerate(cells):
            used.add(h)
            out[f"soviet-{h}"] = {
                "side": "soviet",
                "units": units[i * 3 : (i + 1) * 3],
                "at": [h],
                "provenance": stand_in(
                    f"{district.upper()} (set-up card not in the text): at most 3 a hex (6.1)"
                ),
            }
    return {
        "kind": "scenario",
        "id": "1941-historical",
        "name": "1941 Historical (both sides), 112 to 407",
        "provenance": rule(
            "1.3, 1.4", "the set-up cards are not in the text; every placement a stand-in"
        ),
        "first_turn": 1,
        "last_turn": 68,
        # 12.3, the only optional rule: each Fall 1941 and Spring 1942 chit falls on its week
        "options": {"historical-weather": False},
        "setup": dict(sorted(out.items())),
        "control": {
            "axis": [
                "country:greater-germany",
                "country:romania",
                "country:hungary",
                "country:slovakia",
                "country:bulgaria",
            ],
            "soviet": ["country:ussr"],
        },
        "victory": {
            # 4.5: the turn record's S/A pair, the Axis VP total against each number
            "axis-vp": {
                "kind": "threshold",
                "side": "axis",
                "params": {
                    "needed_from": "vp",
                    "index": 1,
                    "level": "victory points",
                    "text": "Axis VP {have:g} >= {needed:g}",
                },
                "rule": "PMD 4.5",
            },
            "soviet-vp": {
                "kind": "threshold",
                "side": "soviet",
                "params": {
                    "needed_from": "vp",
                    "index": 0,
                    "of": "axis",
                    "at_most": True,
                    "level": "victory points",
                    "text": "Axis VP {have:g} <= {needed:g}",
                },
                "rule": "PMD 4.5",
            },
        },  # fmt: skip
        "vars": {"soviet_cc_earned": 0, "soviet_stack_limit": 3, "tb_pool": 48},
    }


def _week(side: str, week: int) -> Json:
    """One player-week (5.2): refit, initial movement, combat, the enemy's then the phasing
    side's reserve movement, clean-up. In week 2 every phase waits on the 'second-week'
    condition: turn 112 is one game week (5.3(1)); the reserve movement phases also wait on a
    Reserve marker of their side (6.4)."""
    other = "soviet" if side == "axis" else "axis"
    when = "second-week" if week == 2 else None
    phases = [
        ("refit", "Refit Phase", "refit", "phasing", "9.2, 9.5.1"),
        ("initial-movement", "Initial Movement Phase", "movement", "phasing", "11.1, 14.0"),
        ("combat", "Combat Phase", "combat", "phasing", "13.0-13.15"),
        (
            "enemy-reserve-movement",
            "Enemy Reserve Movement Phase",
            "movement",
            other,
            "6.4, 5.3(2)",
        ),
        (
            "friendly-reserve-movement",
            "Friendly Reserve Movement Phase",
            "movement",
            "phasing",
            "6.4",
        ),
        ("cleanup", "Cleanup Phase", "auto", "phasing", "5.2, 8.3"),
    ]
    out = [
        {
            "id": f"w{week}-{pid}",
            "name": f"Week {week}: {name}",
            "kind": kind,
            "side": who,
            "rule": f"PMD {r}",
        }
        for pid, name, kind, who, r in phases
    ]
    if side == "axis":
        out.insert(
            0,
            {
                "id": f"w{week}-weather",
                "name": f"Week {week}: Weather Phase",
                "kind": "auto",
                "side": "soviet",
                "rule": "PMD 5.2, 12.1-12.3",
            },
        )
        # 8.10: the Paulus Pause is offered in each Axis week of turns 114-115 (ruling PP1)
        out.insert(
            1,
            {
                "id": f"w{week}-paulus",
                "name": f"Week {week}: Paulus Pause",
                "kind": "paulus",
                "side": "axis",
                "rule": "PMD 8.10",
            },
        )
    for phase in out:
        reserve = phase["id"].endswith("reserve-movement")
        if reserve:  # only stacks under a Reserve marker move then (6.4)
            phase["when"] = f"{when}-reserves" if when else "reserves"
        elif phase["kind"] == "paulus":
            phase["when"] = "paulus"  # the mechanic says when (paulus-pause turns)
        elif when:
            phase["when"] = when
    return {"side": side, "rule": "PMD 5.2", "phases": out}


def title() -> Json:
    return {
        "kind": "title",
        "id": "proud-monster-deluxe",
        "name": "Proud Monster Deluxe",
        "aliases": ["pmd"],
        "provenance": rule(
            "1.0-16.4",
            "the rules text only: map, counters, CRT, TEC, turn record tracks and set-ups are "
            "stand-ins (see data/*.json provenance and RULINGS.md)",
        ),
        "topology": "hex",
        "sides": [
            {"id": "axis", "name": "Axis", "rule": "PMD 1.1"},
            {"id": "soviet", "name": "Soviet", "rule": "PMD 1.1"},
        ],
        "documents": {
            "map": "map.json",
            "terrain": "terrain.json",
            "counters": "counters.json",
            "combat-tables": "crt.json",
            "calendar": "calendar.json",
            "1941-historical": "scenario-1941-historical.json",
            "1941-free": "scenario-1941-free.json",
            "1941-mixed-axis-free": "scenario-1941-mixed-axis-free.json",
            "1941-mixed-soviet-free": "scenario-1941-mixed-soviet-free.json",
            "1942-free": "scenario-1942-free.json",
            "gast": "table-gast.json",
            "md-hq": "table-md-hq.json",
            "air": "table-air.json",
        },
        "default_scenario": "1941-historical",
        "mechanics": [
            "movement",
            "no-zoc",
            "victory",  # before control: its hooks then run after control's (VP at once, 4.5.1)
            "control",
            "combat",
            "step-losses",
            "retreat-advance",
            "stacking",
            "untried",
            "overrun",
            "attenuated-supply",
            "supply-concentration",
            "paulus-pause",
            "supply",
            "reinforcements",
            "deploy",
            "strategic-movement",
            "sea-movement",  # 10.1-10.4
        ],
        "mechanic_options": {
            # 11.2: Axis strategic movement, 8 steps a week (artillery 3, a regiment 1), never
            # beginning, ending or passing next to an enemy unit; the verb and the OKH/urban
            # routes are the title's (strategic.py)
            "strategic-movement": {
                "sides": ["axis"],
                "kinds": ["movement"],
                "capacity": 8,
                "per": "phase",
                "weights": [
                    {"tags": ["artillery"], "weight": 3},
                    {"tags": ["regiment"], "weight": 1},
                ],
                "by_steps": True,
                "path": "any",
                "start": ["not-next-to-enemy"],
                "enter": ["enemy-units", "beside-enemy"],
                "verb": False,
                "rule": "PMD 11.2",
            },
            "movement": {
                "scale": 1,
                "min_one_step": True,
                # 11.1: the highway at 1 MP a hex, Mech into mountains along a road at 3
                "road": ["highway", "mountain-road"],
                "roads_end": {"highway": 9},  # 11.1: gone from turn 120 (game turn 9)
            },
            "control": {
                "by": "occupation",
                "shared": "kept",
            },  # 4.2: joint hex stays the defender's
            "victory": {
                # 4.5, 4.5.1: only the Axis scores, by control of the VP hexes (4.2); Moscow's
                # two hexes are one objective of 9, the Axis needing both (4.4)
                "held_by": "control",
                "groups": [
                    {"name": "Moscow", "locations": ["4120", "4219"], "vp": 9, "side": "axis"}
                ],
                "score_objectives": True,
                "score_for": "axis",
                "rule": "PMD 4.5.1",
            },
            "combat": {
                "table": "crt",
                "defender_first": True,
                "attack_retreated": True,
                "reveal_until_below": "1-3",
                "reveal_rule": "PMD 2.4.9, 13.0",
            },
            "retreat": {
                "chooser": "owner",
                "zoc": "ignored",
                "prefer_vacant": False,
                "advance": True,
                "advance_hexes": 1,
                "after_elimination": 1,
                "rule": "PMD 13.8, 13.15.1",
                # 13.8: the stack may split up; losses.py enforces stacking as the phase ends
                "split": True,
            },
            "stacking": {
                "limit": 5,
                "limit_vars": {"soviet": "soviet_stack_limit"},
                "feature_limits": {"city": 10, "heavy-fort": 5},
                "tag_caps": TAG_CAPS,
                "augment_flag": "augments",  # 6.1: augment.py's regiment under a division
                "check": ["w1-cleanup", "w2-cleanup"],
                "rule": "PMD 6.1, 6.3",
            },
            "attenuated-supply": {
                "side": "axis",
                "region": "gas-east",
                "beyond": "target",  # 8.8: an attack on a hex east of the GAS line
                "table": "gast",
                "ignored_var": "gas_ignored",  # 8.10: a 3-turn Paulus Pause ends the line
                "until_turn": 18,  # 8.7: the GAS line is gone from turn 205 (game turn 18)
                "rule": "PMD 8.8",
            },
            # 8.9: declared in an Axis Refit Phase, kept (redeployed) or rescinded at the start
            # of each later Axis week, until turn 205 (game turn 18)
            "supply-concentration": {
                "side": "axis",
                "phase": "w1-refit",
                "phases": ["w2-refit"],
                "markers": 18,
                "marker": "supply-concentration",
                "redeclare": True,
                "reselect": True,
                "until_turn": 18,
                "rule": "PMD 8.9",
            },
            # 8.10: any Axis week of turns 114-115 (game turns 3-4), 1-3 weeks, the Axis deciding
            # after each paused week whether to resume (ruling PP1)
            "paulus-pause": {
                "side": "axis",
                "turns": [3, 4],
                "lengths": [1, 2, 3],
                "decide": "each-week",
                "week_phases": ["w1-weather", "w2-weather"],
                "rule": "PMD 8.10",
            },
            # 8.3: traced at the start of the phases whose rules read the state (ruling S1)
            "supply": {
                "check": [
                    f"w{w}-{p}"
                    for w in (1, 2)
                    for p in (
                        "initial-movement",
                        "combat",
                        "enemy-reserve-movement",
                        "friendly-reserve-movement",
                        "cleanup",
                    )
                ],
                "sides": "all",
                "rule": "PMD 8.3",
            },
            "overrun": {
                # 14.3: Soviet corps pay 7 (by unit type)
                "cost": {"axis/mech": 7, "cd-ger": 4, "soviet": 4, **corps.MA_COST},
                # 5.4: a German Mech MA costs 6 in an Axis Seasonal Offensive week, which
                # also allows 14.8's second round (offensives.py sets the vars); a Soviet Mech
                # corps' 6 in a Soviet one
                "cost_vars": {
                    "axis_seasonal_offensive": {"axis/mech": 6},
                    "soviet_seasonal_offensive": corps.SO_MA_COST,
                },
                "continue_on_failure_vars": ["axis_seasonal_offensive"],
                "hexside_costs": True,
                "same_start": True,
                "halve": False,
                "move_in": True,
                "continue": True,
                "return_to_launch": True,
                "within_joint": True,
                "continue_on_failure": False,
                "from_locked": False,
                # 14.10: MA from an OKH area into its ZOMO (9.1.1, 9.1.2), from an RVGK area into
                # its red-bordered map-edge hexes (11.3)
                "from_boxes": {
                    "box:okh-north": ["country:greater-germany"],
                    "box:okh-south": ["country:romania", "country:hungary"],
                    "box:rvgk-north": ["edge:rvgk-north"],
                    "box:rvgk-south": ["edge:rvgk-south"],
                },
                "tags": ["can-ma", "ma-assisted"],
                "terrain": ["clear", "forest"],
                "rule": "PMD 14.1-14.7",
            },
            # 9.1: both sides' units arrive in the Reinforcement Phase (reinforce.py places them)
            "reinforcements": {
                "phase": "reinforcement",
                "sides": "all",
                "redraw_dead": False,
                "limit_rule": "PMD 2.2",
            },
            "sea-movement": seas.sea_movement(_map_doc()),
            "render": {"side_colors": {"axis": "#6f7f8f", "soviet": "#b03a2e"}},
        },
        "turn_label": "Turn",
        "sequence": {
            "rule": "PMD 5.0-5.2",
            # 1.3: the free set-ups (setups.py), the Soviet first; no phase in a historical one
            "setup": [
                {
                    "id": f"{side}-deploy",
                    "name": f"{side.title()} free set-up",
                    "kind": "deploy",
                    "side": side,
                    "rule": "PMD 1.3",
                    "when": "deploy",
                }
                for side in ("soviet", "axis")
            ],
            "before_turn": [
                {
                    "id": "reinforcement",
                    "name": "Reinforcement Phase (both sides)",
                    "kind": "auto",
                    "side": "axis",
                    "rule": "PMD 5.2, 9.1-9.6",
                },
                {
                    "id": "soviet-reinforcement",
                    "name": "Reinforcement Phase: Soviet placements, rebuilds and withdrawals",
                    "kind": "reinforce",
                    "side": "soviet",
                    "rule": "PMD 5.2, 9.1.3, 9.5.3, 9.7",
                    "when": "reinforcement",
                },
                {
                    "id": "axis-reinforcement",
                    "name": "Reinforcement Phase: Axis rebuilds and withdrawals",
                    "kind": "reinforce",
                    "side": "axis",
                    "rule": "PMD 5.2, 9.5.1, 9.7",
                    "when": "reinforcement",
                },
            ],
            "player_turns": [
                _week("axis", 1),
                _week("soviet", 1),
                _week("axis", 2),
                _week("soviet", 2),
            ],
            "after_turn": [
                {
                    "id": "victory-check",
                    "name": "Victory Check Phase",
                    "kind": "auto",
                    "side": "axis",
                    "rule": "PMD 4.0-4.6, 5.2",
                    "when": "victory-check",
                },
            ],
        },
    }


def gast() -> Json:
    """The German Attenuated Supply Table (8.8): not in the text but for its effect (a left shift
    or none) and 8.10's modifiers after a Paulus Pause."""
    return {
        "kind": "table",
        "id": "gast",
        "name": "German Attenuated Supply Table",
        "rule": "PMD 8.8",
        "provenance": stand_in(
            "8.8: the table and the modifiers beneath it are not in the text; the results (0-2 "
            "columns left by roll) are stand-ins; the -1 and -3 after a 1- or 2-turn Paulus "
            "Pause are 8.10's (ruling G1)"
        ),
        "entries": {
            "results": {"1": 0, "2": 0, "3": 0, "4": 1, "5": 1, "6": 2},
            "modifiers": {
                "paulus-1": {
                    "drm": -1,
                    "var": "paulus_pause_1",
                    "reason": "after a 1-turn Paulus Pause",
                    "rule": "PMD 8.10",
                },
                "paulus-2": {
                    "drm": -3,
                    "var": "paulus_pause_2",
                    "reason": "after a 2-turn Paulus Pause",
                    "rule": "PMD 8.10",
                },
            },
            "meaning": {"shift": "columns left (worse for the attacker); 0 = unchanged"},
        },
    }


def _map_doc() -> Json:
    with (DATA / "map.json").open(encoding="utf-8") as fh:
        doc: Json = json.load(fh)
    return doc


def documents() -> dict[str, Json]:
    map_doc = _map_doc()
    manifest, groups = counters()
    historical, cal = setup(groups, map_doc), calendar()
    free = scenarios.free_1941(historical, map_doc)
    return {
        "calendar.json": cal,
        "counters.json": manifest,
        "crt.json": crt(),
        "table-gast.json": gast(),
        "terrain.json": terrain(),
        "scenario-1941-historical.json": historical,
        "scenario-1941-free.json": free,
        **{
            f"scenario-{sid}.json": scenarios.mixed_1941(historical, free, side)
            for side, sid in scenarios.MIXED_1941.items()
        },
        "scenario-1942-free.json": scenarios.free_1942(
            historical,
            cal["schedule"],
            map_doc,
            {y: i for i, y in enumerate(turns(), start=1)},
            manifest,
        ),
        "table-md-hq.json": reinforcements.md_hq(map_doc),
        "table-air.json": air_table(),
        "title.json": title(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    return generator_main(argv, COMMAND, documents, __doc__.splitlines()[0], folder=DATA)


if __name__ == "__main__":
    sys.exit(main())
