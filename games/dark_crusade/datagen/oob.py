"""Generates Dark Crusade's data beyond the map: counters, calendar, fire table, the title's
tables and the scenarios (one per game version and start month).

Rulebook facts, cited entry by entry: the unit types and what they are (1.B, Key Terms 10 and
16), line-capacity weights (12.B, 12.C), all-out values (13.B.8), composite recipes (8.C.3), the
counter text's fire factors and minor marks (L977-1003: German panzer corps 1, Hungarian and
Rumanian armies 1M, the SS 3s), Gross Deutschland's 3 (13.B.2), the line capacities (12.A), the
weather and German air table as the digest reconstructs it (7.A; marked reconstructed), the
Siberian crisis commitments (3.C.3), partisan and drop quotas (19.0, 21.B.2), the starting
factories and their months (8.C.1, counter text), the December 1941 Axis victory total (2.B.1.a).

Stand-ins, marked so in the data (the rulebook refers to charts that are not in it, see
RULINGS.md): the set-up and order of appearance, the counter mix, the fire table, the German
replacement chart, the rest of the victory conditions chart, the Siberian reserve table and the
types of the expansion factories.

``python -m wargame.games.dark_crusade.datagen.oob`` rewrites the files; ``--check`` compares.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from wargame.geo import generator_main, stand_in

DATA = Path(__file__).resolve().parent.parent / "data"
MONTHS = "January February March April May June July August September October November December"
MONTH_NAMES = MONTHS.split()
FIRST_MONTH = (1941, 5)  # turn 0 = May 1941 (3.A), turn 1 = June 1941
LAST_TURN = 45  # February 1945 (2.B.3)
TOURNAMENT_LAST = 38  # July 1944 (2.B.1.c)


def rb(rule: str, note: str | None = None) -> dict[str, str]:
    out = {"source": "rulebook", "rule": f"DC {rule}"}
    if note:
        out["note"] = note
    return out


def turn_date(turn: int) -> tuple[int, int]:
    index = FIRST_MONTH[0] * 12 + FIRST_MONTH[1] - 1 + turn
    return index // 12, index % 12 + 1


# ---------------------------------------------------------------------------- unit types
# tags: nation (german, ss, luftwaffe, finnish, hungarian, italian, rumanian, soviet, polish),
# size (army, corps, division, group), class (major | minor), and what the rules ask about:
# infantry (infantry-type, 10.C), armor (line capacity armor, 12.A; breakthrough rules),
# breakthrough (14.A eligible), fortify (18.0), hq, air, artillery, rocket, cavalry, factory,
# partisan, parachute, composite, armored-supply (17.A.3).

T = dict[str, Any]


def utype(name: str, mobility: str, tags: list[str], rule: str) -> T:
    return {"name": name, "mobility": mobility, "tags": tags, "provenance": rb(rule)}


UNIT_TYPES: dict[str, T] = {
    # Axis
    "ger-inf": utype(
        "German infantry corps",
        "foot",
        ["german", "corps", "major", "infantry", "fortify"],
        "1.B, 18.0",
    ),
    "ger-minor-inf": utype(
        "German minor infantry corps",
        "foot",
        ["german", "corps", "minor", "infantry", "fortify"],
        "1.B, 13.B.8",
    ),
    "ger-security": utype(
        "German security corps", "foot", ["german", "corps", "minor", "infantry"], "1.B, 13.B.8"
    ),
    "ger-mtn": utype(
        "German mountain corps",
        "foot",
        ["german", "corps", "major", "infantry", "fortify"],
        "1.B (mountain counts as infantry), 13.B.8",
    ),
    "ger-pz": utype(
        "German panzer corps",
        "armor",
        ["german", "corps", "major", "armor", "breakthrough", "armored-supply"],
        "1.B, 14.A, 17.A.3",
    ),
    "ger-pzgr": utype(
        "German panzergrenadier corps",
        "armor",
        ["german", "corps", "major", "armor", "breakthrough", "armored-supply"],
        "1.B (panzergrenadiers function like armor), 14.A",
    ),
    "ger-armor-div": utype(
        "German armor division",
        "armor",
        ["german", "division", "minor", "armor", "breakthrough", "armored-supply"],
        "14.B.5",
    ),
    "ss-pz-div": utype(
        "SS panzer division",
        "armor",
        ["german", "ss", "division", "minor", "armor", "breakthrough", "armored-supply"],
        "12.B, 13.B.8",
    ),
    "ss-pz-corps": utype(
        "SS panzer corps",
        "armor",
        ["german", "ss", "corps", "major", "armor", "breakthrough", "armored-supply"],
        "8.A.1.a, 13.B.8",
    ),
    "ger-hq": utype("German army HQ", "foot", ["german", "hq", "minor"], "12.B, 13.B.7"),
    "ger-pzhq": utype(
        "German panzer army HQ",
        "armor",
        ["german", "hq", "minor", "armor", "breakthrough", "armored-supply"],
        "12.B, 13.B.7, 14.A",
    ),
    "fin-corps": utype(
        "Finnish corps", "foot", ["finnish", "corps", "major", "infantry", "fortify"], "18.0"
    ),
    "hun-army": utype(
        "Hungarian army", "foot", ["hungarian", "army", "minor", "infantry", "fortify"], "12.C"
    ),
    "hun-corps": utype(
        "Hungarian corps", "foot", ["hungarian", "corps", "minor", "infantry"], "13.B.8"
    ),
    "rum-army": utype(
        "Rumanian army", "foot", ["rumanian", "army", "minor", "infantry", "fortify"], "12.C"
    ),
    "rum-corps": utype(
        "Rumanian corps", "foot", ["rumanian", "corps", "minor", "infantry"], "13.B.8"
    ),
    "rum-mtn": utype(
        "Rumanian mountain corps (RM)", "foot", ["rumanian", "corps", "minor", "infantry"], "1.B"
    ),
    "rum-cav": utype(
        "Rumanian cavalry corps (RC)",
        "foot",
        ["rumanian", "corps", "minor", "cavalry", "breakthrough"],
        "1.B, 14.A",
    ),
    "rum-armor": utype(
        "Rumanian panzer division (RP)",
        "armor",
        ["rumanian", "division", "minor", "armor", "breakthrough", "armored-supply"],
        "1.B, 13.B.8",
    ),
    "ita-army": utype(
        "Italian army", "foot", ["italian", "army", "minor", "infantry", "fortify"], "13.B.8"
    ),
    "ita-corps": utype(
        "Italian Alpini corps (Alp)", "foot", ["italian", "corps", "minor", "infantry"], "1.B"
    ),
    # Soviet basic units
    "rifle-army": utype(
        "Soviet rifle army", "foot", ["soviet", "army", "major", "infantry", "fortify"], "18.0"
    ),
    "tank-corps": utype(
        "Soviet tank corps",
        "armor",
        ["soviet", "corps", "major", "armor", "breakthrough", "armored-supply"],
        "14.A, 17.A.3",
    ),
    "cav-corps": utype(
        "Soviet cavalry corps",
        "foot",
        ["soviet", "corps", "major", "cavalry", "breakthrough"],
        "14.A, 7.B.2",
    ),
    "artillery": utype(
        "Soviet artillery", "foot", ["soviet", "corps", "minor", "artillery"], "17.B"
    ),
    "rocket": utype("Soviet rocket unit", "foot", ["soviet", "corps", "minor", "rocket"], "12.B"),
    "sov-air": utype("Soviet air unit", "air", ["soviet", "air"], "13.A.1, 13.A.3"),
    "stavka": utype("STAVKA HQ", "foot", ["soviet", "hq", "minor"], "12.B, 13.B.7"),
    "moscow-mot": utype(
        "1st Moscow Motorized division",
        "foot",
        ["soviet", "division", "minor", "infantry"],
        "1.B, 12.B",
    ),
    "polish-army": utype(
        "1st Polish Army", "foot", ["soviet", "polish", "army", "major", "infantry"], "8.B"
    ),
    "partisan": utype("Soviet partisans", "partisan", ["soviet", "partisan"], "19.0"),
    "factory": utype("Soviet factory", "static", ["soviet", "factory", "minor"], "8.A.2.b, 8.C"),
    # Soviet composites (8.C.3)
    "shock-army": utype(
        "Soviet shock army",
        "foot",
        ["soviet", "army", "minor", "infantry", "fortify", "composite"],
        "8.C.3.a",
    ),
    "cav-mech": utype(
        "Soviet cavalry-mechanized group",
        "armor",
        ["soviet", "group", "major", "armor", "cavalry", "breakthrough", "composite"],
        "8.C.3.b",
    ),
    "tank-army": utype(
        "Soviet tank army",
        "armor",
        ["soviet", "army", "minor", "armor", "breakthrough", "armored-supply", "composite"],
        "8.C.3.c",
    ),
    "guards-army": utype(
        "Soviet guards infantry army",
        "foot",
        ["soviet", "army", "major", "infantry", "fortify", "composite", "guards"],
        "8.C.3.d",
    ),
    "guards-tank-army": utype(
        "Soviet guards tank army",
        "armor",
        [
            "soviet",
            "army",
            "major",
            "armor",
            "breakthrough",
            "armored-supply",
            "composite",
            "guards",
        ],
        "8.C.3.e",
    ),
    "parachute": utype(
        "Soviet parachute corps",
        "foot",
        ["soviet", "corps", "minor", "infantry", "parachute", "composite"],
        "8.C.3.f, 21.0",
    ),
}

# values: fire (Key Term 7), allout (13.B.8), load (12.B, 12.C), retreat (12.C, 13.B.4.a)
ALLOUT: dict[str, int] = {
    "ger-inf": 3,
    "ger-minor-inf": 2,
    "ger-security": 2,
    "ger-mtn": 3,
    "ger-pz": 6,
    "ger-pzgr": 4,
    "ss-pz-div": 3,
    "ss-pz-corps": 6,
    "fin-corps": 2,
    "hun-army": 4,
    "hun-corps": 2,
    "rum-army": 4,
    "rum-corps": 2,
    "rum-mtn": 2,
    "rum-cav": 2,
    "rum-armor": 3,
    "ita-army": 4,
    "ita-corps": 2,
    "rifle-army": 3,
    "tank-corps": 3,
    "cav-corps": 3,
    "moscow-mot": 3,
    "polish-army": 3,
    "shock-army": 4,
    "cav-mech": 5,
    "tank-army": 5,
    "guards-army": 5,
    "guards-tank-army": 7,
    "parachute": 2,
}
HALF_LOAD = {"ger-hq", "ger-pzhq", "ss-pz-div", "stavka", "rocket", "moscow-mot"}  # 12.B
HALF_RETREAT = {"ss-pz-div", "moscow-mot"}  # 12.C, 13.B.4.a
DOUBLE = {"hun-army", "rum-army"}  # 12.C: the "2" Axis Allied armies


def values(ctype: str, fire: float) -> dict[str, float]:
    v: dict[str, float] = {"fire": fire}
    allout = ALLOUT.get(ctype, 0)
    if ctype in ("ger-inf", "ger-mtn", "ger-pzgr", "ger-pz", "ss-pz-corps") and fire == 3:
        allout = 9 if ctype in ("ger-inf", "ger-mtn") else allout  # 13.B.8, ruling DC-R18
    v["allout"] = allout
    v["load"] = 0.5 if ctype in HALF_LOAD else 2 if ctype in DOUBLE else 1
    v["retreat"] = 0.5 if ctype in HALF_RETREAT else 2 if ctype in DOUBLE else 1
    return v


# ---------------------------------------------------------------------------- counters

COUNTERS: dict[str, T] = {}


def add(
    cid: str, side: str, ctype: str, name: str, fire: float, prov: dict[str, str] | None = None
) -> str:
    COUNTERS[cid] = {
        "side": side,
        "type": ctype,
        "name": name,
        "steps": [{"values": values(ctype, fire)}],
        "provenance": prov
        or stand_in("1941-45 formation named from history; fire factor a stand-in"),
    }
    return cid


ROMAN = {
    1: "I",
    2: "II",
    3: "III",
    4: "IV",
    5: "V",
    6: "VI",
    7: "VII",
    8: "VIII",
    9: "IX",
    10: "X",
    11: "XI",
    12: "XII",
    13: "XIII",
    14: "XIV",
    17: "XVII",
    20: "XX",
    23: "XXIII",
    24: "XXIV",
    26: "XXVI",
    28: "XXVIII",
    29: "XXIX",
    30: "XXX",
    34: "XXXIV",
    35: "XXXV",
    36: "XXXVI",
    38: "XXXVIII",
    39: "XXXIX",
    40: "XXXX",
    41: "XXXXI",
    42: "XXXXII",
    43: "XXXXIII",
    44: "XXXXIV",
    46: "XXXXVI",
    47: "XXXXVII",
    48: "XXXXVIII",
    49: "XXXXIX",
    50: "L",
    51: "LI",
    52: "LII",
    53: "LIII",
    54: "LIV",
    55: "LV",
    56: "LVI",
    57: "LVII",
    59: "LIX",
}
COUNTER_TEXT = rb(
    "counter text L977-1003", "this corps number is printed with fire factor 1 in the counter text"
)

# German corps of June 1941: (number, type, set-up point).
GERMAN_1941 = [
    # Army Group North: 18th and 16th Armies, 4th Panzer Group (East Prussia, Memel)
    (1, "ger-inf", "tilsit"),
    (26, "ger-inf", "memel"),
    (38, "ger-inf", "memel"),
    (2, "ger-inf", "konigsberg"),
    (10, "ger-inf", "konigsberg"),
    (28, "ger-inf", "suwalki"),
    (41, "ger-pz", "tilsit"),
    (56, "ger-pz", "tilsit"),
    # Army Group Centre: 9th and 4th Armies, 2nd and 3rd Panzer Groups
    (8, "ger-inf", "suwalki"),
    (20, "ger-inf", "suwalki"),
    (5, "ger-inf", "suwalki"),
    (6, "ger-inf", "suwalki"),
    (39, "ger-pz", "suwalki"),
    (57, "ger-pz", "suwalki"),
    (42, "ger-inf", "allenstein"),
    (7, "ger-inf", "siedlce"),
    (9, "ger-inf", "siedlce"),
    (43, "ger-inf", "siedlce"),
    (13, "ger-inf", "warsaw"),
    (53, "ger-inf", "lublin"),
    (12, "ger-inf", "siedlce"),
    (24, "ger-pz", "siedlce"),
    (46, "ger-pz", "siedlce"),
    (47, "ger-pz", "lublin"),
    # Army Group South: 6th and 17th Armies, 1st Panzer Group
    (17, "ger-inf", "lublin"),
    (44, "ger-inf", "lublin"),
    (55, "ger-inf", "lublin"),
    (29, "ger-inf", "lublin"),
    (4, "ger-inf", "lublin"),
    (49, "ger-mtn", "lublin"),
    (52, "ger-inf", "lublin"),
    (3, "ger-pz", "lublin"),
    (14, "ger-pz", "lublin"),
    (48, "ger-pz", "lublin"),
    # 11th Army in Rumania
    (11, "ger-inf", "iasi"),
    (30, "ger-inf", "iasi"),
    (54, "ger-inf", "galati"),
    # Finland: XXXVI corps and Mountain Corps Norway (as XIX)
    (36, "ger-inf", "oulu"),
    (19, "ger-mtn", "kajaani"),
]
ROMAN[19] = "XIX"
GERMAN_LATER = [  # (number, type, turn, point) reinforcements from the west edge
    (23, "ger-inf", 1, "box:west"),
    (35, "ger-inf", 2, "box:west"),
    (34, "ger-inf", 3, "box:west"),
    (40, "ger-pz", 3, "box:west"),
    (50, "ger-inf", 4, "box:west"),
    (51, "ger-inf", 5, "box:west"),
    (59, "ger-inf", 8, "box:west"),
]
PANZER_NUMBERS = {3, 14, 24, 39, 40, 41, 46, 47, 48, 56, 57}

for num, ctype, _ in GERMAN_1941 + [(n, t, p) for n, t, _, p in GERMAN_LATER]:
    label = "Panzer" if ctype == "ger-pz" else "Mountain" if ctype == "ger-mtn" else "Corps"
    prov = COUNTER_TEXT if num in {3, 14, 24, 38, 40, 41, 47, 48, 56, 57, 8} else None
    add(
        f"ger-{num}",
        "axis",
        ctype,
        f"{ROMAN[num]} {label} Corps".replace("Corps Corps", "Corps"),
        1,
        prov,
    )

add("ger-gd", "axis", "ger-pzgr", "Gross Deutschland Panzer Corps", 3, rb("13.B.2"))
add("ger-fh", "axis", "ger-pzgr", "Feldherrnhalle Panzer Corps", 1, COUNTER_TEXT)
add("ger-hg", "axis", "ger-pz", "Hermann Goering Panzer Corps", 1)
add("ss-3", "axis", "ss-pz-div", "3rd SS Panzer Division Totenkopf", 3, rb("counter text L995"))
add("ss-4", "axis", "ss-pz-div", "4th SS Panzer Division Polizei", 3, rb("counter text L995"))
add("ss-1", "axis", "ss-pz-div", "1st SS Panzer Division LSSAH", 3, rb("1.B sample counter"))
add("ss-2", "axis", "ss-pz-div", "2nd SS Panzer Division Das Reich", 3)
add("ss-pzk-2", "axis", "ss-pz-corps", "II SS Panzer Corps", 3)
add("ger-101", "axis", "ger-security", "101st Security Corps", 1, COUNTER_TEXT | {"note": "101 1M"})
add("ger-102", "axis", "ger-security", "102nd Security Corps", 1, COUNTER_TEXT | {"note": "102 1M"})
add("ger-103", "axis", "ger-minor-inf", "Minor infantry corps (Korueck)", 1)
for n in (14, 27):
    add(f"ger-{n}ad", "axis", "ger-armor-div", f"{n}th Panzer Division (separate)", 1)
for n in (18, 16, 9, 4, 6, 17, 11, 2):
    add(f"ger-hq-{n}", "axis", "ger-hq", f"{n}th Army HQ", 2)
for n in (1, 2, 3, 4):
    add(
        f"ger-pzhq-{n}",
        "axis",
        "ger-pzhq",
        f"{n}st Panzer Army HQ".replace("2st", "2nd").replace("3st", "3rd").replace("4st", "4th"),
        2,
    )
FINNISH = [
    ("fin-2", "II", "joensuu"),
    ("fin-4", "IV", "kouvola"),
    ("fin-6", "VI", "joensuu"),
    ("fin-7", "VII", "mikkeli"),
    ("fin-1", "I", "mikkeli"),
    ("fin-3", "III", "kajaani"),
]
for cid, roman, _ in FINNISH:
    add(cid, "axis", "fin-corps", f"Finnish {roman} Corps", 1)
RUMANIAN = [
    ("rum-3", "rum-army", "3rd Rumanian Army", "bacau"),
    ("rum-4", "rum-army", "4th Rumanian Army", "galati"),
    ("rum-c1", "rum-cav", "Rumanian Cavalry Corps (RC)", "iasi"),
    ("rum-m1", "rum-mtn", "Rumanian Mountain Corps (RM)", "bacau"),
    ("rum-p1", "rum-armor", "1st Rumanian Armored Division (RP)", "bucharest"),
    ("rum-5", "rum-corps", "Rumanian V Corps", "bucharest"),
]
for cid, ctype, name, _ in RUMANIAN:
    prov = rb("counter text L999-1001", "R 3 1M, R 4 1M") if cid in ("rum-3", "rum-4") else None
    add(cid, "axis", ctype, name, 1, prov)
for cid, name in (("hun-1", "1st Hungarian Army"), ("hun-2", "2nd Hungarian Army")):
    add(cid, "axis", "hun-army", name, 1, rb("counter text L991, 5.D", "H 1 1M, H 2 1M"))
add("hun-c", "axis", "hun-corps", "Hungarian Carpathian Corps", 1)
add("ita-8", "axis", "ita-army", "8th Italian Army", 1)
add("ita-alp", "axis", "ita-corps", "Italian Alpini Corps (Alp)", 1)

# Soviet June 1941: rifle armies (fronts), mechanized corps as tank corps, cavalry.
SOVIET_ARMIES = {
    14: "belomorsk",
    7: "petrozavodsk",
    23: "vibors",  # Northern Front
    8: "siauliai",
    11: "kaunas",
    27: "pskov",  # North-Western
    3: "grodno",
    10: "bialystok",
    4: "brest",
    13: "minsk",  # Western
    5: "kovel",
    6: "lvov",
    26: "przemysl",
    12: "stanislav",  # South-Western
    9: "kishinev",
    18: "chernovtsy",  # Southern
    16: "shepetovka",
    19: "cherkassy",
    20: "orsha",
    21: "gomel",
    22: "velikiye-luki",
    24: "vyazma",
    28: "kaluga",  # second echelon and Stavka reserve
}
SOVIET_TANK = {
    1: "pskov",
    3: "vilnius",
    6: "bialystok",
    14: "brest",
    4: "lvov",
    8: "tarnopol",
    15: "rovno",
    22: "rovno",
    2: "kishinev",
    5: "orsha",
    7: "vitebsk",
    9: "zhitomir",
}
SOVIET_CAV = {5: "proskurov", 2: "kishinev", 6: "bialystok"}
for n in sorted(set(SOVIET_ARMIES) | set(range(29, 101))):
    add(f"sov-{n}a", "soviet", "rifle-army", f"{n}th Army", 1)
for n in sorted(set(SOVIET_TANK) | set(range(10, 31))):
    add(f"sov-{n}tk", "soviet", "tank-corps", f"{n}th Tank Corps", 1)
for n in sorted(set(SOVIET_CAV) | set(range(7, 16))):
    add(f"sov-{n}cav", "soviet", "cav-corps", f"{n}th Cavalry Corps", 1)
for n in range(1, 11):
    add(f"sov-art-{n}", "soviet", "artillery", f"{n}st Artillery Corps".replace("1st", "1st"), 1)
for n in range(1, 7):
    add(f"sov-rkt-{n}", "soviet", "rocket", f"Guards Mortar (rocket) unit {n}", 1)
for n in range(1, 9):
    add(f"vvs-{n}", "soviet", "sov-air", f"Soviet air army {n}", 0)
add("stavka", "soviet", "stavka", "STAVKA HQ", 0, rb("13.B.7", "adds up to 4"))
add("sov-1mm", "soviet", "moscow-mot", "1st Moscow Motorized Division", 1, rb("1.B, 8.A.2.d"))
add("pol-1", "soviet", "polish-army", "1st Polish Army", 1, rb("8.B", "deployed June 1944"))
for n in range(1, 4):
    add(f"partisan-{n}", "soviet", "partisan", f"Partisans {n}", 0, rb("19.0"))
for n in range(1, 11):
    add(f"shock-{n}", "soviet", "shock-army", f"{n}st Shock Army", 2, rb("8.C.3.a"))
for n in range(1, 9):
    add(f"gds-{n}", "soviet", "guards-army", f"{n}st Guards Army", 2, rb("8.C.3.d"))
for n in range(1, 7):
    add(f"ta-{n}", "soviet", "tank-army", f"{n}st Tank Army", 2, rb("8.C.3.c"))
    add(f"gta-{n}", "soviet", "guards-tank-army", f"{n}st Guards Tank Army", 2, rb("8.C.3.e"))
for n in range(1, 5):
    add(f"cmg-{n}", "soviet", "cav-mech", f"Cavalry-Mechanized Group {n}", 1, rb("8.C.3.b"))
for n in range(1, 11):
    add(f"para-{n}", "soviet", "parachute", f"{n}st Parachute Corps", 1, rb("8.C.3.f, 21.F"))


def ordinal(name: str) -> str:
    """Fix the ordinals the loops above wrote ("2st" -> "2nd")."""
    import re

    def fix(m: re.Match[str]) -> str:
        n = int(m.group(1))
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"

    return re.sub(r"\b(\d+)(st|nd|rd|th)\b", fix, name)


for c in COUNTERS.values():
    c["name"] = ordinal(c["name"])

# Factories (8.C.1): the counter text's starting factories with their months, and expansion
# factories by letter. The factory types were in the lost symbols: stand-ins.
START_FACTORIES = [
    ("fac-lngrd", "leningrad", "tank", [2, 8]),
    ("fac-stlngrd", "stalingrad", "tank", [1, 5, 9]),
    ("fac-stlng", "stalingrad", "artillery", [2, 8]),
    ("fac-moscow-a", "moscow", "infantry", [6, 12]),
    ("fac-moscow-b", "moscow", "aircraft", [3, 9]),
    ("fac-kryky", "kharkov", "tank", [1, 7]),
    ("fac-gorki", "gorki", "aircraft", [4, 10]),
    ("fac-marpl", "mariupol", "artillery", [4, 10]),
    ("fac-ryzn", "ryazan", "infantry", [6, 12]),
    ("fac-dnipro", "dnepropetrovsk", "infantry", [1, 7]),
    ("fac-siberia", "box:siberia", "tank", [3, 9]),
]
EXPANSION_FACTORIES = [
    ("fac-tank-a", "tank", "A", "all"),
    ("fac-tank-b", "tank", "B", "odd"),
    ("fac-tank-c", "tank", "C", "even"),
    ("fac-inf-a", "infantry", "A", "all"),
    ("fac-inf-b", "infantry", "B", "all"),
    ("fac-inf-c", "infantry", "C", "even"),
    ("fac-art-a", "artillery", "A", "odd"),
    ("fac-art-b", "artillery", "B", "even"),
    ("fac-air-a", "aircraft", "A", "even"),
    ("fac-air-b", "aircraft", "B", "odd"),
    ("fac-cav-a", "cavalry", "A", [2, 6, 10]),
    ("fac-cav-b", "cavalry", "B", [4, 8, 12]),
    ("fac-rkt-a", "rocket", "A", "odd"),
]
for cid, loc, kind, months in START_FACTORIES:
    name = f"{kind.title()} factory ({loc.replace('box:', '').title()})"
    prov = (
        rb("8.C.1, counter text L983-987", f"months {months}; type a stand-in")
        if loc != "box:siberia"
        else stand_in("the eleventh starting factory (8.C.1 counts 11, the counter text lists 10)")
    )
    add(cid, "soviet", "factory", name, 1, prov)
for cid, kind, letter, _when in EXPANSION_FACTORIES:
    add(
        cid,
        "soviet",
        "factory",
        f"{kind.title()} factory {letter}",
        1,
        rb("8.C.1", "letter schedule from the counter text; type a stand-in"),
    )


# ---------------------------------------------------------------------------- markers

# Unit markers and what removes each (the kernel's wargame.markers places, clears and shows them).
MARKERS: T = {
    "dispersed": {
        "name": "Dispersed",
        "count": 0,
        "on": "unit",
        "removed_by": ["phase:recovery"],
        "removal_rule": "DC 15.B",
        "mark": "D",
        "provenance": rb("15.A", "flipped over: no move, no fire until the owner's Recovery"),
    },
    "fortified": {
        "name": "Fortified",
        "count": 0,
        "on": "unit",
        "removed_by": ["move", "retreat", "hook"],
        "removal_rule": "DC 18.0",
        "mark": "F",
        "provenance": rb("18.0", "lost as soon as the unit moves or absorbs a breakthrough"),
    },
    "isolated": {
        "name": "Isolated",
        "count": 0,
        "on": "unit",
        "removed_by": ["hook"],
        "removal_rule": "DC 17.B",
        "mark": "I",
        "provenance": rb("17.B", "no supply line now: refreshed as phases start"),
    },
    "moved": {
        "name": "Moved",
        "count": 0,
        "on": "unit",
        "removed_by": ["phase:operational", "phase:breakthrough", "phase:reinforcement"],
        "removal_rule": "DC 12.0",
        "mark": "M",
        "provenance": rb("12.0", "one line a movement phase"),
    },
    "attacking": {
        "name": "Engaged",
        "count": 0,
        "on": "unit",
        "removed_by": ["hook"],
        "removal_rule": "DC 13.0",
        "mark": "A",
        "provenance": rb("12.0", "committed to attack a point: until its battle ends"),
    },
    "bt": {
        "name": "May break through",
        "count": 0,
        "on": "unit",
        "removed_by": ["phase:reinforcement"],
        "removal_rule": "DC 14.A",
        "mark": "B",
        "provenance": rb("14.A, 14.B.1", "occupied or cleared a point this turn; rounds fought"),
    },
    "bt_used": {
        "name": "Breakthrough move made",
        "count": 0,
        "on": "unit",
        "removed_by": ["phase:reinforcement"],
        "removal_rule": "DC 14.B.6",
        "mark": "b",
        "provenance": rb("14.B.6", "one breakthrough move a turn"),
    },
}


# ---------------------------------------------------------------------------- documents


def counters_doc() -> T:
    return {
        "kind": "counters",
        "id": "dc-counters",
        "provenance": stand_in(
            "Dark Crusade's counter sheet is not in the rulebook text: unit types and the values "
            "the rules give are rulebook facts (cited per type); the counter mix and most fire "
            "factors are stand-ins (datagen/oob.py)"
        ),
        "unit_types": UNIT_TYPES,
        "counters": COUNTERS,
        "markers": MARKERS,
    }


def calendar_doc() -> T:
    turns = {}
    for t in range(0, LAST_TURN + 1):
        year, month = turn_date(t)
        turns[str(t)] = {
            "label": f"{MONTH_NAMES[month - 1]} {year}",
            "date": f"{year}-{month:02d}",
            "values": {"year": year, "month": month},
        }
    schedule: dict[str, T] = {}
    for num, _, turn, at in GERMAN_LATER:
        schedule[f"ger-{num}"] = {
            "turn": turn,
            "side": "axis",
            "units": [f"ger-{num}"],
            "at": [at],
            "provenance": stand_in("German corps arriving from the west (order of appearance)"),
        }
    later = [
        ("ger-gd", 13, "axis", "box:west"),
        ("ss-1", 9, "axis", "box:west"),
        ("ss-2", 9, "axis", "box:west"),
        ("ss-3", 4, "axis", "box:west"),
        ("ss-4", 10, "axis", "box:west"),
        ("ss-pzk-2", 21, "axis", "box:west"),
        ("ger-fh", 25, "axis", "box:west"),
        ("ger-hg", 25, "axis", "box:west"),
        ("ita-8", 13, "axis", "warsaw"),
        ("ita-alp", 13, "axis", "warsaw"),
        ("ger-hq-2", 1, "axis", "box:west"),
        ("ger-101", 2, "axis", "box:west"),
        ("ger-102", 3, "axis", "box:west"),
    ]
    for cid, turn, side, at in later:
        schedule[cid] = {
            "turn": turn,
            "side": side,
            "units": [cid],
            "at": [at],
            "provenance": stand_in("order of appearance (chart not in the rulebook text)"),
        }
    schedule["rum-withdrawal"] = {
        "turn": 7,
        "side": "axis",
        "kind": "withdrawal",
        "units": ["rum-4"],
        "at": ["country:rumania"],
        "options": {"to": "country:rumania"},
        "provenance": stand_in(
            "8.B names a December 1941 Rumanian withdrawal; which units is on the missing Order "
            "of Appearance: the 4th Army, withdrawn after Odessa"
        ),
    }
    schedule["pol-1"] = {
        "turn": 37,
        "side": "soviet",
        "units": ["pol-1"],
        "at": ["edge:east"],
        "provenance": rb("8.B", "the 1st Polish Army is deployed in June 1944"),
    }
    return {
        "kind": "calendar",
        "id": "dc-calendar",
        "provenance": rb(
            "2.B, 6.0", "one turn a month; turn 0 is May 1941 (3.A), turn 1 June 1941"
        ),
        "turns": turns,
        "schedule": schedule,
    }


def fire_doc() -> T:
    top = 30
    columns = list(range(1, top + 1))
    results = {str(c): [int(c * roll / 7 + 0.5) for roll in range(1, 7)] for c in columns}
    return {
        "kind": "combat-tables",
        "id": "dc-fire",
        "provenance": stand_in(
            "The combat table is not in the rulebook text (13.B.2). Stand-in: columns 1-30 (the "
            "13.B.6 examples need a top column of 24-35), hits = round(total x roll / 7), never "
            "more than the column, so air-to-air survivors (13.A.1) stay within the air present"
        ),
        "tables": {
            "fire": {
                "kind": "fire",
                "name": "Combat table",
                "rule": "DC 13.B.2",
                "dice": "1d6",
                "columns": columns,
                "results": results,
                "above": {"policy": "split", "rule": "DC 13.B.6"},
                "rolls_beyond": {"policy": "clamp", "rule": "DC 7.B (sixes remain sixes)"},
            }
        },
    }


def table(tid: str, name: str, rule: str | None, entries: T, prov: dict[str, str]) -> T:
    out: T = {"kind": "table", "id": tid, "name": name, "provenance": prov, "entries": entries}
    if rule:
        out["rule"] = rule
    return out


def weather_doc() -> T:
    # month -> (column A weather, column B weather, {year: (air A, air B)}); digest 5.2.
    def air(a: int | None, b: int | None = None) -> list[int | None]:
        return [a, a if b is None else b]

    rows = {
        1: ("snow", "snow", {1942: air(0), 1943: air(1), 1944: air(1), 1945: air(0)}),
        2: ("snow", "snow", {1942: air(0), 1943: air(1), 1944: air(1), 1945: air(0)}),
        3: ("mud", "mud", {1942: air(0), 1943: air(0, 1), 1944: air(0)}),
        4: ("good", "mud", {1942: air(2, 0), 1943: air(1, 0), 1944: air(0)}),
        5: ("mud", "good", {1941: air(0, 3), 1942: air(0, 2), 1943: air(0, 1), 1944: air(0, 1)}),
        6: ("good", "good", {1941: air(3), 1942: air(2), 1943: air(1), 1944: air(0)}),
        7: ("good", "good", {1941: air(3), 1942: air(2), 1943: air(1), 1944: air(0)}),
        8: ("good", "good", {1941: air(3), 1942: air(2), 1943: air(1), 1944: air(0)}),
        9: ("good", "good", {1941: air(3), 1942: air(2), 1943: air(1), 1944: air(0)}),
        10: ("good", "mud", {1941: air(3, 0), 1942: air(2, 0), 1943: air(1, 0), 1944: air(0)}),
        11: ("snow", "good", {1941: air(0, 3), 1942: air(1, 2), 1943: air(1, 0), 1944: air(0)}),
        12: ("snow", "snow", {1941: air(0), 1942: air(1), 1943: air(1), 1944: air(0)}),
    }
    entries: T = {}
    for month, (a, b, by_year) in rows.items():
        entries[str(month)] = {
            "month": MONTH_NAMES[month - 1],
            "weather": [a, b],
            "air": {str(y): v for y, v in by_year.items()},
        }
    entries["rolls"] = {
        "3": {"sets": [3, 4, 5], "column_a": [1, 2, 3]},
        "10": {"sets": [10, 11], "column_a": [1, 2]},
        "note": "7.A notes a and d: the March roll sets March-May, the October roll October-November",
    }
    entries["note-c"] = {
        "year": 1944,
        "good_turns_with_one_air": 2,
        "note": "7.A note c: two consecutive Good turns of the Axis player's choice in 1944 have 1 air unit",
    }
    return table(
        "weather",
        "Weather and German air unit availability",
        "DC 7.A",
        entries,
        rb(
            "7.A",
            "reconstructed: the table is garbled in the rulebook text; this is the digest's clean "
            "reading (March's second cell taken as Mud; the 1944 marks as note c)",
        ),
    )


def lines_doc() -> T:
    return table(
        "lines",
        "Operational movement line capacities",
        "DC 12.A",
        {
            "axis": {"major": [6, 4], "minor": [4, 2], "inferior": [2, 1]},
            "soviet": {"major": [4, 3], "minor": [3, 2], "inferior": [2, 1]},
        },
        rb("12.A", "units per line per phase: [total, of which armor]"),
    )


def victory_doc() -> T:
    # Tournament Victory Conditions Chart: per year [home, enemy] and an optional December value.
    entries: T = {
        "axis": {
            "1941": {
                "needed": [7, 9],
                "december": [7, 7],
                "provenance": stand_in(
                    "only December 1941 (7+7) is in the text; the rest stand-in"
                ),
            },
            "1942": {
                "needed": [7, 10],
                "december": [7, 9],
                "provenance": stand_in("chart not in the text"),
            },
            "1943": {"needed": [7, 9], "provenance": stand_in("chart not in the text")},
            "1944": {"needed": [7, 8], "provenance": stand_in("chart not in the text")},
        },
        "soviet": {
            "1941": {"needed": [16, 4], "provenance": stand_in("chart not in the text")},
            "1942": {"needed": [16, 3], "provenance": stand_in("chart not in the text")},
            "1943": {
                "needed": [16, 2],
                "december": [16, 3],
                "provenance": stand_in("chart not in the text"),
            },
            "1944": {"needed": [16, 3], "provenance": stand_in("chart not in the text")},
        },
    }
    entries["axis"]["1941"]["december_rule"] = "DC 2.B.1.a example"
    return table(
        "victory-chart",
        "Victory Conditions Chart",
        "DC 2.B.1.a",
        entries,
        stand_in(
            "the Victory Conditions Chart is not in the rulebook text except Dec 1941 for the Axis"
        ),
    )


def replacements_doc() -> T:
    # German Replacements chart: die -> points by year ("inf", "armor"); stand-in.
    chart = {
        "1941": ["-", "-", "inf", "inf", "armor", "inf+inf"],
        "1942": ["-", "inf", "inf", "armor", "inf+inf", "armor+inf"],
        "1943": ["-", "inf", "inf", "armor", "armor+inf", "armor+armor"],
        "1944": ["-", "-", "inf", "inf", "armor", "armor+inf"],
        "1945": ["-", "-", "-", "inf", "inf", "armor"],
    }
    return table(
        "german-replacements",
        "German Replacements chart",
        "DC 8.A.1.a",
        {y: {"rolls": v} for y, v in chart.items()},
        stand_in("chart not in the rulebook text (8.A.1.a): a plausible curve"),
    )


def siberia_doc() -> T:
    entries: T = {
        "reserve": {
            # three consecutive turns: counts of basic types
            "turns": [
                {"rifle-army": 3, "tank-corps": 1, "artillery": 1, "cav-corps": 1},
                {"rifle-army": 3, "tank-corps": 1, "artillery": 1, "cav-corps": 1},
                {"rifle-army": 2, "tank-corps": 1, "artillery": 0, "cav-corps": 1},
            ],
            "provenance": stand_in(
                "Soviet Siberian Reserve Reinforcements table not in the text (3.C.1)"
            ),
        },
        "crisis": {
            "types": ["rifle-army", "tank-corps", "artillery", "cav-corps"],
            "same": [9, 5, 2, 2],
            "one": [13, 7, 2, 2],
            "two": [15, 9, 3, 3],
            "provenance": rb(
                "3.C.3",
                "the type labels are missing in the text; the order infantry, armor, artillery, cavalry follows 3.C.1's list (ruling DC-P15)",
            ),
        },
        "replacements": {
            "turns": {str(t): ["rifle-army"] for t in range(3, LAST_TURN + 1, 3)},
            "provenance": stand_in(
                "the Turn Record Track's Siberian replacement symbols are not in the text (8.A.2.c)"
            ),
        },
        "quotas": {
            "partisans": {"1942": 1, "1943": 2, "1944": 3, "1945": 3},
            "drops": {"1941": 1, "1942": 2, "1943": 3, "1944": 5, "1945": 5},
            "provenance": rb("19.0, 21.B.2"),
        },
    }
    return table(
        "siberia",
        "Siberia, partisans and drops",
        "DC 3.C, 8.A.2.c, 19.0, 21.B.2",
        entries,
        stand_in("mixed: each entry says its source"),
    )


def factories_doc() -> T:
    entries: T = {}
    for cid, loc, kind, months in START_FACTORIES:
        entries[cid] = {"at": loc, "produces": kind, "unit": PRODUCES[kind], "months": months}
        entries[cid]["start"] = True
    for order, (cid, kind, letter, when) in enumerate(EXPANSION_FACTORIES):
        entries[cid] = {"produces": kind, "unit": PRODUCES[kind], "letter": letter}
        entries[cid].update({"months": when, "order": order})
    return table(
        "factories",
        "Soviet factories",
        "DC 8.C",
        entries,
        stand_in(
            "months from the counter text (rulebook); types and the 11th and 13 expansion factories are stand-ins"
        ),
    )


PRODUCES = {
    "infantry": "rifle-army",
    "tank": "tank-corps",
    "artillery": "artillery",
    "aircraft": "sov-air",
    "cavalry": "cav-corps",
    "rocket": "rocket",
}


def setup(early: bool) -> T:
    placements: T = {}

    def put(
        key: str, side: str, units: list[str], at: str, prov: dict[str, str] | None = None
    ) -> None:
        placements[key] = {
            "side": side,
            "units": units,
            "at": [at],
            "provenance": prov or stand_in("22 June 1941 set-up chart not in the text"),
        }

    by_point: dict[str, list[str]] = {}
    for num, _, point in GERMAN_1941:
        by_point.setdefault(point, []).append(f"ger-{num}")
    for point, ids in by_point.items():
        put(f"axis-{point}", "axis", ids, point)
    hqs = {
        "ger-hq-18": "tilsit",
        "ger-hq-16": "konigsberg",
        "ger-hq-9": "suwalki",
        "ger-hq-4": "siedlce",
        "ger-hq-6": "lublin",
        "ger-hq-17": "lublin",
        "ger-hq-11": "iasi",
        "ger-pzhq-4": "tilsit",
        "ger-pzhq-3": "suwalki",
        "ger-pzhq-2": "siedlce",
        "ger-pzhq-1": "lublin",
    }
    for cid, point in hqs.items():
        put(f"axis-{cid}", "axis", [cid], point)
    for cid, _, point in FINNISH:
        put(f"axis-{cid}", "axis", [cid], point)
    for cid, _, _, point in RUMANIAN:
        put(f"axis-{cid}", "axis", [cid], point)
    put("axis-hungary", "axis", ["hun-1", "hun-2", "hun-c"], "cluj")
    for n, point in SOVIET_ARMIES.items():
        put(f"soviet-{n}a", "soviet", [f"sov-{n}a"], point)
    for n, point in SOVIET_TANK.items():
        put(f"soviet-{n}tk", "soviet", [f"sov-{n}tk"], point)
    for n, point in SOVIET_CAV.items():
        put(f"soviet-{n}cav", "soviet", [f"sov-{n}cav"], point)
    for n, point in {1: "leningrad", 2: "minsk", 3: "kiev", 4: "moscow", 5: "odessa"}.items():
        put(f"soviet-vvs-{n}", "soviet", [f"vvs-{n}"], point)
    for n, point in {1: "moscow", 2: "kiev", 3: "leningrad"}.items():
        put(f"soviet-art-{n}", "soviet", [f"sov-art-{n}"], point)
    put("soviet-stavka", "soviet", ["stavka"], "moscow")
    put("soviet-1mm", "soviet", ["sov-1mm"], "moscow")
    for cid, loc, _, _ in START_FACTORIES:
        put(
            f"soviet-{cid}",
            "soviet",
            [cid],
            loc,
            rb("8.C.1", "starting factories on the points named on their counters"),
        )
    return placements


PARACHUTE_SETUP = {
    "para-1": "kiev",
    "para-2": "minsk",
    "para-3": "kharkov",
    "para-4": "moscow",
    "para-5": "leningrad",
}  # 21.F: five units; their points are stand-ins
DISPERSED_JUNE = ["sov-3a", "sov-10a", "sov-4a", "sov-6tk", "sov-14tk"]  # underlined (4.A)
DISPERSED_MAY = [
    "sov-8a",
    "sov-11a",
    "sov-5a",
    "sov-6a",
    "sov-26a",
    "sov-3tk",
    "sov-4tk",
    "ger-39",
    "ger-57",
    "ger-41",
    "ger-56",
]  # in parentheses (4.A)


def scenario(version: str, early: bool) -> T:
    names = {
        "tournament": "Tournament Game",
        "tournament-campaign": "Tournament Campaign Game",
        "campaign": "Campaign Game",
    }
    rules = {"tournament": "2.B.1", "tournament-campaign": "2.B.2", "campaign": "2.B.3"}
    sid = version + ("-may" if early else "")
    last = LAST_TURN if version == "campaign" else TOURNAMENT_LAST
    return {
        "kind": "scenario",
        "id": sid,
        "name": names[version] + (", May 1941 early start (3.A)" if early else ", June 1941"),
        "provenance": rb(rules[version] + (", 3.A" if early else "")),
        "first_turn": 0 if early else 1,
        "last_turn": last,
        "setup": setup(early),
        "options": {"introductory": False, "parachutes": False, "free-setup": False},
        "control": {"axis": ["side:axis"], "soviet": ["side:soviet"]},
        "victory": {
            "version": {"kind": version, "rule": f"DC {rules[version]}"},
        },
        "vars": {
            "version": version,
            "early_start": early,
            "dispersed": DISPERSED_JUNE + (DISPERSED_MAY if early else []),
            "dispersed_rule": "DC 4.A",
            "parachute_setup": PARACHUTE_SETUP,
        },
    }


def documents() -> dict[str, T]:
    docs = {
        "counters.json": counters_doc(),
        "calendar.json": calendar_doc(),
        "fire.json": fire_doc(),
        "weather.json": weather_doc(),
        "lines.json": lines_doc(),
        "victory-chart.json": victory_doc(),
        "german-replacements.json": replacements_doc(),
        "siberia.json": siberia_doc(),
        "factories.json": factories_doc(),
    }
    for version in ("tournament", "tournament-campaign", "campaign"):
        for early in (False, True):
            docs[f"scenario-{version}{'-may' if early else ''}.json"] = scenario(version, early)
    return docs


def main(argv: list[str]) -> int:
    return generator_main(
        argv,
        "python -m wargame.games.dark_crusade.datagen.oob",
        documents,
        folder=DATA,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
