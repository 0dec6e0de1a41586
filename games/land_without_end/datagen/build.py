"""Write Land Without End's data documents (counters, calendar, tables, CRT, set-up).

The rulebook text has no counter manifest, order of battle, set-up list or charts (digest 0.4,
3.5, 17.12-13): what it states is entered with its rule number, everything else is a marked
stand-in built here from the June 1941 order of battle (divisions and corps) and kept consistent
with every stated fact. Do not edit the JSON files by hand.

    python -m wargame.games.land_without_end.datagen.build [--check]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wargame.geo import generator_main, rulebook, stand_in

DATA = Path(__file__).resolve().parent.parent / "data"
COMMAND = "python -m wargame.games.land_without_end.datagen.build"
Json = dict[str, Any]

MONTHS = ["Jul", "Aug", "Sep", "Oct", "Nov"]


def rule(number: str, note: str | None = None) -> Json:
    return rulebook(f"LWE {number}", note)


# --------------------------------------------------------------------------- calendar

REPLACEMENT_RATE = {2: 2, 4: 3, 6: 4, 10: 5, 14: 6, 18: 7, 22: 8}
"""Soviet units reclaimed per replacement centre from this game turn on (LWE 8.7, 8.8)."""

LABEL_SOURCE = {
    2: "5.3 (l.530)",
    4: "8.8",
    5: "4.5",
    6: "8.8",
    8: "5.6",
    9: "4.5",
    10: "8.8",
    12: "8.13",
    14: "8.8",
    18: "8.8",
    20: "8.13",
    22: "4.5",
}


def turn_label(turn: int) -> str:
    if turn == 1:
        return "Jun IV"
    if turn == 22:
        return "Dec I"
    month, week = divmod(turn - 2, 4)
    return f"{MONTHS[month]} {['I', 'II', 'III', 'IV'][week]}"


def rate(turn: int) -> int:
    return max((r for t, r in REPLACEMENT_RATE.items() if t <= turn), default=0)


def calendar() -> Json:
    turns: Json = {}
    for gt in range(1, 23):
        tags = []
        if gt >= 12:
            tags.append("weather")
        if gt in (5, 9):
            tags.append("victory-check")
        if gt in (6, 7, 8, 9):
            tags.append("august")
        values: Json = {"soviet_replacements_per_centre": rate(gt)}
        label = turn_label(gt)
        if gt == 1:
            prov = rule("1.1", "the invasion, 22 June 1941; the label 'Jun IV' is a stand-in")
        elif gt in LABEL_SOURCE:
            prov = rule(LABEL_SOURCE[gt])
        else:
            prov = rule("1.2, 4.5", "label derived: four turns a month, I-IV (digest 1)")
        turns[str(gt)] = {
            "label": label,
            "date": f"1941 {label}",
            "tags": tags,
            "values": values,
            "provenance": prov,
        }
    schedule: Json = {
        "ica": {
            "turn": 2,
            "side": "soviet",
            "units": ["sov-ica"],
            "at": ["2141", "2548"],
            "provenance": rule("8.5"),
        },
        "oranienbaum": {
            "turn": 4,
            "side": "soviet",
            "units": ["sov-nvl-oranienbaum"],
            "at": ["3701"],
            "provenance": rule("9.3"),
        },
        "stavka-1": {
            "turn": 6,
            "side": "soviet",
            "kind": "event",
            "note": "Stavka Directive No. 1: rifle corps broken up",
            "provenance": rule("8.14"),
        },
        "guards-12": {
            "turn": 12,
            "side": "soviet",
            "kind": "event",
            "units": GUARDS[12],
            "note": "Guards conversions",
            "provenance": rule("8.13"),
        },
        "guards-20": {
            "turn": 20,
            "side": "soviet",
            "kind": "event",
            "units": GUARDS[20],
            "note": "Guards conversions",
            "provenance": rule("8.13"),
        },
        "hf-withdrawal": {
            "turn": 20,
            "side": "german",
            "kind": "withdrawal",
            "units": ["hun-hf"],
            "provenance": rule("8.12"),
        },
        "viii-fk-withdrawal": {
            "turn": 22,
            "side": "german",
            "kind": "withdrawal",
            "note": "VIII FliegerKorps, not declinable",
            "provenance": rule("8.12, 11.25"),
        },
    }
    for turn, units in GERMAN_REINFORCEMENTS.items():
        schedule[f"german-{turn}"] = {
            "turn": turn,
            "side": "german",
            "units": units,
            "at": ["entry:romania-edge" if units[0].startswith("ita-") else "german-source:west"],
            "provenance": stand_in(
                "German reinforcement schedule (the TRRT, 12.10, is not in the text): the divisions that reached the East Front in 1941, by the week they arrived, rounded"
            ),
        }
    for turn, units in SOVIET_REINFORCEMENTS.items():
        schedule[f"soviet-{turn}"] = {
            "turn": turn,
            "side": "soviet",
            "units": units,
            "at": ["any"],
            "provenance": stand_in(
                "Soviet reinforcement schedule (the TRRT, 12.10, is not in the text): new and transferred divisions of July-December 1941, spread over the turns; entry 'Any' (8.5)"
            ),
        }
    return {
        "kind": "calendar",
        "id": "lwe-calendar",
        "provenance": rule("1.1, 1.2", "22 weekly game turns, 22 June to Dec I 1941"),
        "turns": turns,
        "schedule": dict(sorted(schedule.items())),
    }


# --------------------------------------------------------------------------- order of battle

GER_INF = [
    1,
    5,
    6,
    7,
    8,
    9,
    11,
    12,
    15,
    17,
    21,
    23,
    24,
    25,
    26,
    28,
    30,
    31,
    32,
    34,
    35,
    44,
    45,
    46,
    52,
    56,
    57,
    58,
    61,
    62,
    68,
    71,
    73,
    75,
    78,
    79,
    86,
    87,
    95,
    98,
    102,
    106,
    110,
    111,
    112,
    113,
    121,
    122,
    123,
    125,
    126,
    129,
    131,
    132,
    134,
    137,
    161,
    162,
    167,
    168,
    197,
    206,
    217,
    251,
    252,
    253,
    254,
    255,
    256,
    258,
    260,
    262,
    263,
    267,
    268,
    291,
    292,
    293,
    294,
    295,
    296,
    297,
    298,
    299,
]
GER_ROMANIA = [50, 72, 76, 170, 198, 22, 239]  # 11th Army's German divisions, set up "R"
GER_JAEGER = [97, 99, 100, 101]
GER_MOUNTAIN = [1, 4]
GER_PANZER = [1, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20]
GER_MOT = [3, 10, 14, 18, 20, 25, 29, 36, 60]
GERMAN_DIVISIONS = [  # id prefix, type, name, numbers, full and reduced (combat, move)
    ("ger-jg", "jaeger", "Jaeger Division", GER_JAEGER, (3, 6), (2, 5)),
    ("ger-mtn", "mountain", "Mountain Division", GER_MOUNTAIN, (3, 5), (2, 4)),
    ("ger-pz", "panzer", "Panzer Division", GER_PANZER + [2, 5], (6, 10), (3, 10)),
    ("ger-mot", "motorized", "Motorized Infantry Division", GER_MOT, (4, 10), (2, 10)),
]
GER_SS_PZGR = {
    "SSL": "SS Leibstandarte",
    "SSR": "SS Reich",
    "T": "SS Totenkopf",
    "SSV": "SS Viking",
}
GER_ASTERISK = ["ger-inf-257", "ger-inf-444", "hun-hf"]
GERMAN_REINFORCEMENTS = {
    3: ["ger-inf-707"],
    5: ["ger-inf-183"],
    7: ["ita-csir"],
    8: ["ger-inf-239-r"],
    10: ["ger-sb"],
    12: ["ger-inf-339"],
    14: ["ger-pz-2", "ger-pz-5"],
    16: ["ger-inf-7-r"],
}
ROMANIAN_CORPS = ["mtn", "cav", "iii", "iv", "v", "xi", "ii"]

SOVIET_ARMIES = {  # army code -> (rifle divisions, mechanized corps) on 22 June 1941
    "8A": ([10, 11, 48, 90, 125], [3, 12]),
    "11A": ([5, 23, 33, 126, 128, 188], []),
    "27A": ([16, 67, 181, 182, 183], []),
    "3A": ([27, 56, 85], [11]),
    "10A": ([2, 8, 13, 86, 113], [6, 13]),
    "4A": ([6, 42, 49, 75], [14]),
    "13A": ([24, 50, 100, 161], [20]),
    "5A": ([45, 62, 87, 124, 135], [9, 19, 22]),
    "6A": ([41, 97, 159], [4, 15]),
    "26A": ([72, 99, 173], [8]),
    "12A": ([44, 58, 60, 96, 139, 192], [16]),
    "18A": ([130, 164, 169], [24]),
    "9A": ([25, 51, 74, 95, 150, 176], [2, 18]),
    "22A": ([98, 112, 153, 170, 174, 179], []),
    "20A": ([73, 137, 144, 229], [5, 7]),
    "21A": ([117, 148, 154, 187, 232], [25]),
    "19A": ([38, 127, 134, 162, 171], [26]),
    "16A": ([46, 152], [17]),
    "24A": ([91, 119, 133, 166, 178, 186], []),
    "28A": ([120, 145, 149, 209], []),
}
SOVIET_RIFLE_CORPS = {
    "65": ("27A", 1),
    "1": ("10A", 3),
    "47": ("13A", 2),
    "30": ("21A", 3),
    "33": ("28A", 2),
    "52": ("24A", 2),
}
SOVIET_CAVALRY_CORPS = {"5": "6A", "6": "10A", "2": "9A"}
SOVIET_REINFORCEMENTS = {
    2: [f"sov-rd-{n}" for n in (104, 105, 106, 107, 108)],
    3: [f"sov-rd-{n}" for n in (109, 110, 111, 115)] + ["sov-cg-bc"],
    4: [f"sov-rd-{n}" for n in (114, 116, 118, 122)] + ["sov-md-1-l", "sov-md-2-l"],
    5: [f"sov-rd-{n}" for n in (142, 143, 155, 158)] + ["sov-md-1-mo", "sov-md-2-mo"],
    6: [f"sov-rd-{n}" for n in (160, 163, 165, 167)] + ["sov-cg-dc", "sov-nkvd-1"],
    7: [f"sov-rd-{n}" for n in (194, 196, 199, 200)] + ["sov-md-1-k"],
    8: [f"sov-rd-{n}" for n in (201, 202, 206, 207)] + ["sov-cg-mc", "sov-para-2"],
    9: [f"sov-rd-{n}" for n in (210, 211, 212, 213)] + ["sov-md-1-od"],
    10: [f"sov-rd-{n}" for n in (214, 215, 216, 217)] + ["sov-cg-kc"],
    11: [f"sov-rd-{n}" for n in (218, 219, 220, 221)],
    12: [f"sov-rd-{n}" for n in (222, 223, 224, 225)] + ["sov-cg-dbc"],
    13: [f"sov-rd-{n}" for n in (226, 227, 228, 230)],
    14: [f"sov-rd-{n}" for n in (231, 233, 234, 235)] + ["sov-md-1-stl", "sov-md-1-vro"],
    15: [f"sov-rd-{n}" for n in (236, 237, 238, 239)],
    16: [f"sov-rd-{n}" for n in (240, 241, 242, 243)] + ["sov-md-1-krs"],
    17: [f"sov-rd-{n}" for n in (244, 245, 246, 247)] + ["sov-md-1-crm", "sov-cm-1"],
    18: [f"sov-rd-{n}" for n in (248, 249, 250, 251)],
    19: [f"sov-rd-{n}" for n in (252, 253, 254, 255)],
    20: [f"sov-rd-{n}" for n in (256, 257, 258, 259)],
    21: [f"sov-rd-{n}" for n in (260, 261, 262, 263)] + ["sov-md-1-g-mo"],
    22: [f"sov-rd-{n}" for n in (264, 265, 266, 267)],
}
GUARDS = {
    12: ["sov-grd-1", "sov-grd-2", "sov-grd-3", "sov-grd-4"],
    20: ["sov-grd-5", "sov-grd-6", "sov-grdcc-1", "sov-grdcc-2"],
}
RP_COUNT, RP_MOUNTAIN = 40, 4
FZ_SITES = [
    "odessa",
    "grodno",
    "brest",
    "vladimir-volynsky",
    "rava-russkaya",
    "przemysl",
    "osowiec",
    "kaunas",
    "polotsk",
    "minsk",
    "slutsk",
    "mozyr",
    "korosten",
    "novograd-volynsky",
    "shepetovka",
    "letichev",
    "mogilev-podolsky",
    "kamenets-podolsky",
    "tiraspol",
    "rybnitsa",
    "kiev",
    "pskov",
    "ostrov",
    "sebezh",
]

STANDIN_VALUES = (
    "Counter values are not in the text (digest 3.5): stand-in, consistent with "
    "the stated facts (German infantry 3-5 full and 2-4 reduced, 2.4; two-step German "
    "divisions, one-step Soviet units except Guards and the ICA, 2.12, 3.4)"
)


def nth(n: int | str) -> str:
    """An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    k = int(n)
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def two(values: tuple[int, int]) -> Json:
    """A face with a combined combat factor and a movement factor (2.10)."""
    return face(f"{values[0]}-{values[1]}", combat=values[0], move=values[1])


def face(label: str, **values: float) -> Json:
    return {"values": values, "label": label}


def german(_cid: str, utype: str, name: str, steps: list[Json], **extra: Any) -> Json:
    return {"side": "german", "type": utype, "name": name, "steps": steps, **extra}


def counters() -> Json:
    c: Json = {}
    inf = [face("3-5", combat=3, move=5), face("2-4", combat=2, move=4)]
    for n in GER_INF:
        cid = f"ger-inf-{n}"
        prov = (
            rule("2.4", "the 168th and 297th are 3-5 / 2-4 (erratum)")
            if n in (168, 297)
            else stand_in(STANDIN_VALUES)
        )
        c[cid] = german(cid, "infantry", f"{nth(n)} Infantry Division", inf, provenance=prov)
    for n in GER_ROMANIA:
        cid = f"ger-inf-{n}-r"
        c[cid] = german(
            cid,
            "infantry",
            f"{nth(n)} Infantry Division (R)",
            inf,
            provenance=stand_in(
                "11th Army division set up in Romania ('R', 3.3); " + STANDIN_VALUES
            ),
        )
    for cid, name in (
        ("ger-inf-183", "183rd Infantry Division"),
        ("ger-inf-707", "707th Infantry Division"),
        ("ger-inf-339", "339th Infantry Division"),
        ("ger-inf-257", "257th Infantry Division"),
        ("ger-inf-444", "444th Security Division"),
        ("ger-inf-7-r", "Mountain Brigade (R)"),
    ):
        c[cid] = german(cid, "infantry", name, inf, provenance=stand_in(STANDIN_VALUES))
    c["ger-sb"] = german(
        "ger-sb",
        "infantry",
        "Spanish 'Blue' Division (250th)",
        inf,
        provenance=rule("1.5", "fully German for all purposes; values stand-in"),
    )
    for prefix, utype, title, numbers, full, reduced in GERMAN_DIVISIONS:
        for n in numbers:
            c[f"{prefix}-{n}"] = german(
                "",
                utype,
                f"{nth(n)} {title}",
                [two(full), two(reduced)],
                provenance=stand_in(STANDIN_VALUES),
            )
    for code, name in GER_SS_PZGR.items():
        c[f"ger-{code.lower()}"] = german(
            "",
            "panzer-grenadier",
            name,
            [face("5-10", combat=5, move=10), face("3-10", combat=3, move=10)],
            provenance=stand_in(
                "SS motorized formations as the panzer grenadier class (9.22 names the type; which units are that type is not stated); "
                + STANDIN_VALUES
            ),
        )
    c["ger-ssp"] = german(
        "", "infantry", "SS Polizei Division", inf, provenance=stand_in(STANDIN_VALUES)
    )
    c["ger-arko"] = german(
        "",
        "arko",
        "ArKo (Artillery Command)",
        [face("3d6-1-0", attack=0, defense=1, move=0)],
        provenance=rule(
            "8.4, 11.26",
            "attacks with 3d6 capped by the other German-side factors, defends at 1; it has no movement of its own on the map in the text, entering via a supplied town or city; stacking 1",
        ),
    )
    for corps in ROMANIAN_CORPS:
        c[f"rom-{corps}"] = {
            "side": "german",
            "type": "romanian-corps",
            "name": f"Romanian {corps.upper() if corps not in ('mtn', 'cav') else corps.capitalize()} Corps",
            "steps": [face("4-4", combat=4, move=4)],
            "provenance": stand_in(
                "Romanian 3rd and 4th Army corps of 22 June 1941; one step (satellite steps are not stated, digest 17.22); "
                + STANDIN_VALUES
            ),
        }
    c["hun-hf"] = {
        "side": "german",
        "type": "satellite-mech",
        "name": "Hungarian Fast Corps (HF)",
        "steps": [face("4-8", combat=4, move=8)],
        "provenance": rule(
            "6.3, 8.3, 8.12",
            "mechanized class; the asterisked Hungarian unit (8.3, taken to be the HF); withdrawn by name on GT20; values stand-in",
        ),
    }
    c["ita-csir"] = {
        "side": "german",
        "type": "satellite-mech",
        "name": "Italian CSIR",
        "steps": [face("4-8", combat=4, move=8)],
        "provenance": rule("6.3", "mechanized class; values and entry turn stand-in"),
    }
    # ---- Soviet
    for army, (divisions, mech) in SOVIET_ARMIES.items():
        for n in divisions:
            c[f"sov-rd-{n}"] = soviet("rifle", f"{nth(n)} Rifle Division", "2-3", 2, 3, army)
        for n in mech:
            c[f"sov-mc-{n}"] = soviet("mech-corps", f"{nth(n)} Mechanized Corps", "3-5", 3, 5, army)
    for rc, (army, cf) in SOVIET_RIFLE_CORPS.items():
        note = (
            rule("8.10", "the 65th Rifle Corps is a 1-3 and yields no RP divisions")
            if rc == "65"
            else None
        )
        c[f"sov-rc-{rc}"] = soviet(
            "rifle-corps", f"{nth(rc)} Rifle Corps", f"{cf}-3", cf, 3, army, provenance=note
        )
    for cc, army in SOVIET_CAVALRY_CORPS.items():
        c[f"sov-cc-{cc}"] = soviet("cavalry-corps", f"{nth(cc)} Cavalry Corps", "3-6", 3, 6, army)
    for units in SOVIET_REINFORCEMENTS.values():
        for cid in units:
            if cid in c:
                continue
            kind, name, vals = reinforcement_kind(cid)
            c[cid] = soviet(kind, name, *vals, None)
    for n in range(1, RP_COUNT + 1):
        mountain = n <= RP_MOUNTAIN
        c[f"sov-rp-{n}"] = soviet(
            "mountain-rifle" if mountain else "rifle",
            f"RP {'Mountain ' if mountain else ''}Rifle Division {n}",
            "2-3",
            2,
            3,
            None,
            provenance=rule(
                "8.10",
                "the RP pool; four are mountain rifle divisions; the pool's size and values are stand-ins",
            ),
            rp=True,
        )
    for cid in GUARDS[12] + GUARDS[20]:
        cav = "grdcc" in cid
        c[cid] = {
            "side": "soviet",
            "type": "guards-cavalry-corps" if cav else "guards-rifle",
            "name": f"{nth(cid.rsplit('-', 1)[1])} Guards {'Cavalry Corps' if cav else 'Rifle Division'}",
            "steps": [
                face("5-6" if cav else "4-4", combat=5 if cav else 4, move=6 if cav else 4),
                face("3-6" if cav else "2-4", combat=3 if cav else 2, move=6 if cav else 4),
            ],
            "provenance": rule(
                "8.13",
                "two-step Guards entering GT12 and GT20 by conversion; which units and values are stand-ins",
            ),
        }
    c["sov-ica"] = {
        "side": "soviet",
        "type": "ica",
        "name": "Independent Coastal Army",
        "steps": [face("6-anchor", combat=6, move=0), face("3-anchor", combat=3, move=0)],
        "provenance": rule(
            "8.5, 8.9, 9.17", "XXXX, two steps, sea movement only; combat values stand-in"
        ),
    }
    c["sov-nvl-oranienbaum"] = {
        "side": "soviet",
        "type": "naval-infantry",
        "name": "Oranienbaum Naval Infantry",
        "steps": [face("2-0", combat=2, move=0)],
        "provenance": rule("9.3", "static (MF 0), appears in 3701 on GT4; combat value stand-in"),
    }
    for site in FZ_SITES:
        c[f"sov-fz-{site}"] = {
            "side": "soviet",
            "type": "fz",
            "name": f"{site.replace('-', ' ').title()} Fortified Zone",
            "steps": [face("0-1-0", attack=0, defense=1, move=0)],
            "provenance": rule(
                "11.24",
                "defence 1, one step, MF 0; which FZ exist and where is a stand-in"
                + (" (Odessa's is stated, 4.2)" if site == "odessa" else ""),
            ),
        }
    unit_types = {
        "infantry": ut("Infantry Division", "non-mech", ["german", "division"]),
        "jaeger": ut("Jaeger Division", "non-mech", ["german", "division"]),
        "mountain": ut("Mountain Division", "mountain", ["german", "division"]),
        "panzer": ut("Panzer Division", "mech", ["german", "division", "panzer"]),
        "panzer-grenadier": ut(
            "Panzer Grenadier Division", "mech", ["german", "division", "panzer-grenadier"]
        ),
        "motorized": ut("Motorized Infantry Division", "mech", ["german", "division", "motorized"]),
        "arko": ut("ArKo", "non-mech", ["german", "arko"]),
        "romanian-corps": ut("Romanian Corps", "non-mech", ["satellite", "romanian", "corps"], 3),
        "satellite-mech": ut("Satellite Mechanized Corps", "mech", ["satellite", "corps"], 3),
        "rifle": ut("Rifle Division", "non-mech", ["soviet", "division", "replaceable"]),
        "mountain-rifle": ut(
            "Mountain Rifle Division", "mountain", ["soviet", "division", "replaceable"]
        ),
        "mech-corps": ut("Mechanized Corps", "mech", ["soviet", "corps"], 3),
        "rifle-corps": ut("Rifle Corps", "non-mech", ["soviet", "corps"], 3),
        "cavalry-corps": ut("Cavalry Corps", "cavalry", ["soviet", "corps", "replaceable"], 3),
        "cavalry-group": ut("Cavalry Group", "cavalry", ["soviet", "corps"], 3),
        "militia": ut("Militia Division", "non-mech", ["soviet", "division"]),
        "nkvd": ut("NKVD Division", "non-mech", ["soviet", "division"]),
        "communist": ut("Communist Division", "non-mech", ["soviet", "division"]),
        "paratroop": ut("Airborne Corps", "non-mech", ["soviet", "corps"], 3),
        "guards-rifle": ut("Guards Rifle Division", "non-mech", ["soviet", "division", "guards"]),
        "guards-cavalry-corps": ut(
            "Guards Cavalry Corps", "cavalry", ["soviet", "corps", "guards"], 3
        ),
        "ica": ut("Independent Coastal Army", "sea-only", ["soviet", "army"], 3),
        "naval-infantry": ut("Naval Infantry", "static", ["soviet", "static"]),
        "fz": ut("Fortified Zone", "static", ["soviet", "static", "fz"]),
    }
    markers = {
        "viii-fk": {
            "name": "VIII FliegerKorps Ground Support",
            "count": 1,
            "side": "german",
            "provenance": rule("11.25"),
        },
        "supply-concentration": {
            "name": "Supply Concentration",
            "count": 18,
            "side": "german",
            "on": "unit",
            "removed_by": ["hook"],
            "removal_rule": "LWE 7.6",
            "mark": "SC",
            "provenance": rule("7.6"),
        },
        "paulus-pause": {
            "name": "Paulus Pause",
            "count": 3,
            "side": "german",
            "provenance": rule("7.5"),
        },
        "non-mech-replacements": {
            "name": "German Non-Mech Replacements",
            "count": 2,
            "side": "german",
            "provenance": rule("8.6"),
        },
        "refit": {
            "name": "German Mechanized Refit",
            "count": 10,
            "side": "german",
            "on": "unit",
            "removed_by": ["hook"],
            "removal_rule": "LWE 8.11",
            "mark": "RF",
            "provenance": stand_in("8.11 names the marker; the count is a stand-in"),
        },
        "german-vp": {
            "name": "German VP",
            "count": 2,
            "side": "german",
            "provenance": rule("3.2, 4.3"),
        },
        "game-turn": {"name": "Game Turn", "count": 1, "provenance": rule("2.13")},
        "weather": {
            "name": "Weather",
            "count": 2,
            "provenance": rule("2.13, 10.2", "one per weather zone"),
        },
        "control": {
            "name": "Hex Control",
            "count": 60,
            "provenance": stand_in("2.13 names the marker; the count is a stand-in"),
        },
    }
    return {
        "kind": "counters",
        "id": "lwe-counters",
        "provenance": stand_in(
            "The order of battle of 22 June 1941 (divisions and corps) and its 1941 reinforcements; the counter manifest is not in the text (digest 3.5). Facts the rules state carry their rule."
        ),
        "unit_types": unit_types,
        "counters": dict(sorted(c.items())),
        "markers": markers,
    }


def ut(name: str, mobility: str, tags: list[str], stacking: int = 1) -> Json:
    return {
        "name": name,
        "mobility": mobility,
        "tags": tags,
        "stacking": stacking,
        "provenance": rule(
            "2.8, 2.9, 6.1",
            "XX counts 1, XXX and XXXX count 3; mobility class stand-in where the rules do not name it",
        ),
    }


def soviet(
    utype: str,
    name: str,
    label: str,
    combat: int,
    move: int,
    army: str | None,
    provenance: Json | None = None,
    rp: bool = False,
) -> Json:
    out: Json = {
        "side": "soviet",
        "type": utype,
        "name": name,
        "steps": [face(label, combat=combat, move=move)],
        "provenance": provenance or stand_in("Soviet one-step unit (3.4); " + STANDIN_VALUES),
    }
    if army:
        out["formation"] = army
    if rp:
        out["formation"] = "rp"
    return out


MILITIA_CITIES = {
    "l": "Leningrad",
    "mo": "Moscow",
    "k": "Kiev",
    "od": "Odessa",
    "stl": "Stalino",
    "vro": "Voronezh",
    "krs": "Krasnodar",
    "crm": "Crimean",
}
"""The city abbreviations of militia divisions' identifications (LWE 2.7)."""


def reinforcement_kind(cid: str) -> tuple[str, str, tuple[str, int, int]]:
    parts = cid.split("-")
    kind = parts[1]
    if kind == "rd":
        return "rifle", f"{nth(parts[2])} Rifle Division", ("2-3", 2, 3)
    if kind == "md":
        guards = parts[3] == "g"
        city = MILITIA_CITIES[parts[-1]]
        return (
            "militia",
            f"{nth(parts[2])} {city} Militia Division" + (" (g)" if guards else ""),
            ("1-2", 1, 2),
        )
    if kind == "cg":
        return "cavalry-group", f"{parts[2].upper()} Cavalry Group", ("2-6", 2, 6)
    if kind == "nkvd":
        return "nkvd", f"{nth(parts[2])} NKVD Division", ("2-3", 2, 3)
    if kind == "para":
        return "paratroop", f"{nth(parts[2])} Airborne Corps", ("2-3", 2, 3)
    if kind == "cm":
        return "communist", f"{nth(parts[2])} Communist Division", ("1-2", 1, 2)
    raise ValueError(cid)


# --------------------------------------------------------------------------- tables


def crt() -> Json:
    cols = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
    results = {
        "1-3": ["AS", "AL1", "AL1", "AL1", "AL1", "AL1"],
        "1-2": ["DR", "AS", "AS", "AL1", "AL1", "AL1"],
        "1-1": ["DR", "DR", "AS", "AS", "AL1", "AL1"],
        "2-1": ["DE", "DR", "DR", "BB", "AS", "AL1"],
        "3-1": ["DE", "DE", "DR", "DR", "BB", "AS"],
        "4-1": ["DE", "DE", "DE", "DR", "DR", "BB"],
        "5-1": ["DE", "DE", "DE", "DE", "DR", "BB"],
        "6-1": ["DE", "DE", "DE", "DE", "DE", "DR"],
    }
    return {
        "kind": "combat-tables",
        "id": "lwe-crt",
        "provenance": stand_in(
            "The CRT (12.8) is not in the text; its columns 1:3-6:1 (11.10), the automatic results beyond them (11.10) and the one stated cell, 6:1 roll 5 = DE (11.28), are the rulebook's; every other cell is a stand-in."
        ),
        "tables": {
            "crt": {
                "kind": "odds",
                "name": "Combat Results Table",
                "rule": "LWE 11.8-11.10, 12.8",
                "dice": "1d6",
                "rounding": "defender",
                "rounding_rule": "LWE 11.8, 11.9",
                "shift_mode": "ratio",
                "shift_rule": "LWE 11.11, 11.28",
                "columns": cols,
                "below": {"policy": "auto", "result": "AL1", "rule": "LWE 11.10"},
                "above": {"policy": "auto", "result": "DE", "rule": "LWE 11.10"},
                "results": results,
            }
        },
        "codes": {
            "AS": {
                "name": "Attack Stalled",
                "rule": "LWE 11.30",
                "advance": False,
                "provenance": rule("11.30", "the code is inferred (named only in 11.22)"),
            },
            "AL1": {
                "name": "Attacker Loses 1 step",
                "attacker": {"steps": 1},
                "advance": False,
                "rule": "LWE 11.30",
            },
            "DR": {
                "name": "Defender Retreats",
                "defender": {"retreat": 1},
                "rule": "LWE 11.31-11.33",
            },
            "DE": {
                "name": "Defender Eliminated",
                "defender": {"steps": 1},
                "rule": "LWE 11.34",
                "provenance": rule("11.34", "one-step units eliminated, two-step units reduced"),
            },
            "BB": {
                "name": "Bloodbath",
                "defender": {"steps": 1},
                "rule": "LWE 11.35",
                "provenance": rule(
                    "11.35", "as DE, then the attacker loses as many steps as the defender did"
                ),
            },
            "DL1": {
                "name": "Defender Loses 1 step (German option for DR)",
                "defender": {"steps": 1},
                "advance": False,
                "rule": "LWE 11.38",
            },
        },
    }


def table(tid: str, name: str, rule_no: str, entries: Json, prov: Json) -> Json:
    return {
        "kind": "table",
        "id": tid,
        "name": name,
        "rule": rule_no,
        "provenance": prov,
        "entries": entries,
    }


def tables() -> dict[str, Json]:
    out: dict[str, Json] = {}
    out["replacements"] = table(
        "soviet-replacements",
        "Soviet replacements per centre",
        "LWE 8.7, 8.8",
        {
            "rates": {str(k): v for k, v in REPLACEMENT_RATE.items()},
            "centres": {
                "3339": "Dnepro-Petrovsk",
                "3835": "Kharkhov",
                "2529": "Kiev",
                "3802": "Leningrad",
                "2418": "Minsk",
                "4618": "Moscow",
                "2141": "Odessa",
                "4026": "Orel",
                "2306": "Riga",
                "4344": "Rostov",
                "3418": "Smolensk",
                "3941": "Stalino",
                "4632": "Voronezh",
            },
            "eligible": {"types": ["rifle", "mountain-rifle", "cavalry-corps"]},
            "german_non_mech_steps": {"total": 14, "rule": "LWE 8.6"},
        },
        rule(
            "8.6, 8.7, 8.8",
            "Odessa is printed 2143 in 8.7 and 2141 in 4.2 and 8.5; ruled 2141 (RULINGS.md)",
        ),
    )
    out["victory"] = table(
        "victory",
        "German Victory Table and levels of victory",
        "LWE 4.5, 4.6, 12.3",
        {
            "checks": {"5": 52, "9": 72, "13": 88, "17": 104, "22": 119},
            # 4.6's levels as the shared victory mechanic's level entries (German VP)
            **{
                name: {
                    "what": "level",
                    "level": name,
                    "winner": name.split("-")[0],
                    **({"min": low} if low is not None else {}),
                    **({"max": high} if high is not None else {}),
                }
                for name, (low, high) in {
                    "german-major": (130, None),
                    "german-substantive": (125, 129),
                    "german-minor": (119, 124),
                    "soviet-minor": (98, 118),
                    "soviet-substantive": (87, 97),
                    "soviet-major": (None, 86),
                }.items()
            },  # fmt: skip
            "major": {"before_turn": 18},
            "vp": {
                "small-town": 1,
                "large-town": 2,
                "city": 4,
                "greater-germany-hex": -1,
                "memel": -2,
                "konigsberg": -4,
                "fz-per-turn": -1,
                "declined-withdrawal": -1,
            },
        },
        stand_in(
            "Stated (4.5, 4.6, 4.2, 4.3, 8.12): the GT5 check at 52 VP, the next check on GT9, the six levels, the major win before GT18, the VP values. Stand-in: the GT9, GT13 and GT17 thresholds (the table 12.3 is missing) and GT22 at 119, the lowest German level (4.6)."
        ),
    )
    out["gast"] = table(
        "gast",
        "German Attenuated Supply Table",
        "LWE 7.4, 12.7",
        {
            "results": {"1": 0, "2": 0, "3": 0, "4": 1, "5": 1, "6": 2, "7": 3, "8": 3},
            "modifiers": {
                "sep-oct-nov": {
                    "drm": 1,
                    "turns": [10, 21],
                    "reason": "September, October or November (not cumulative)",
                    "rule": "LWE 7.4",
                },
                "dec": {"drm": 2, "turns": [22, 22], "reason": "December", "rule": "LWE 7.4"},
                "august-all-west": {
                    "drm": -1,
                    "tags": ["august"],
                    "all_outside": True,
                    "reason": "August, every attacker west of the GAS Line",
                    "rule": "LWE 7.4",
                },
            },
            "meaning": {"shift": "columns left (worse for the attacker); 0 = unchanged"},
        },
        stand_in(
            "12.7 is missing: the results (0-3 columns left by roll, 7.4 says it worsens the odds or leaves them) are stand-ins; the modifiers +1 Sep-Nov, +2 Dec, -1 August all-west are 7.4's."
        ),
    )
    out["weather"] = table(
        "weather",
        "Weather Table (NWZ roll; SWZ = roll - 2)",
        "LWE 10.1, 10.2, 12.6",
        {
            "by_month": {
                "Sep": {"1": "D", "2": "D", "3": "D", "4": "D", "5": "R", "6": "R"},
                "Oct": {"1": "D", "2": "D", "3": "R", "4": "R", "5": "M", "6": "M"},
                "Nov": {"1": "R", "2": "M", "3": "M", "4": "F", "5": "F", "6": "S"},
                "Dec": {"1": "F", "2": "F", "3": "S", "4": "S", "5": "S", "6": "S"},
            },
            "rolls": {"below_one": "D", "swz_modifier": -2, "first_turn": 12},
        },
        stand_in(
            "12.6 is missing: the results by roll are stand-ins shaped like the 1941 autumn (rasputitsa in October, frost and snow in November); the rolls from GT12, the one die and the SWZ's -2 are 10.1-10.2's."
        ),
    )
    out["moscow"] = table(
        "moscow",
        "Moscow Dry Weather Capture Table",
        "LWE 4.4, 12.9",
        {
            "roll": {"collapse_at": 6},
            "drm": {"leningrad-german": 2, "kiev-german": 1, "before-gt10": 1},
            "results": {"collapse": "USSR Collapses", "fights_on": "USSR Fights On (+4 VP)"},
        },
        stand_in(
            "12.9 is missing: the threshold and the three cumulative modifiers 4.4 mentions are stand-ins (Barbarossa's Kiev +1 and Leningrad +2, plus an early-capture +1)."
        ),
    )
    out["withdrawals"] = table(
        "withdrawals",
        "German and Axis Withdrawal Table",
        "LWE 8.12, 12.5",
        {
            "by_turn": {
                "14": {"types": ["infantry"], "count": 1},
                "16": {"types": ["panzer"], "count": 1},
                "18": {"types": ["infantry"], "count": 2},
                "20": {"units": ["hun-hf"]},
                "22": {"markers": ["viii-fk"], "mandatory": True},
            }
        },
        stand_in(
            "12.5 is missing: the turns and types are stand-ins, except the HF Corps on GT20 and the VIII FliegerKorps on GT22 (8.12, 11.25)."
        ),
    )
    out["terrain-notes"] = table(
        "movement-classes",
        "Movement classes",
        "LWE 9.9-9.14",
        {
            "classes": {
                "mech": "German and Soviet mechanized",
                "non-mech": "leg",
                "mountain": "mountain infantry (hills 1)",
                "cavalry": "cavalry (hills 1, marsh 1)",
                "static": "MF 0",
                "sea-only": "the ICA (9.17)",
            }
        },
        rule("9.12, 9.13"),
    )
    return out


def scenario() -> Json:
    setup: Json = {}
    for army in SOVIET_ARMIES:
        units = sorted(
            [f"sov-rd-{n}" for n in SOVIET_ARMIES[army][0]]
            + [f"sov-mc-{n}" for n in SOVIET_ARMIES[army][1]]
            + [f"sov-rc-{n}" for n, (a, _) in SOVIET_RIFLE_CORPS.items() if a == army]
            + [f"sov-cc-{n}" for n, a in SOVIET_CAVALRY_CORPS.items() if a == army]
        )
        setup[f"soviet-{army}"] = {
            "side": "soviet",
            "units": units,
            "at": [f"army:{army}"],
            "provenance": rule("3.4", "the 6th Army's area is stated")
            if army == "6A"
            else stand_in(
                "army area and its units: the June 1941 order of battle (3.4 gives only the 6th Army's area)"
            ),
        }
    for site in FZ_SITES:
        setup[f"fz-{site}"] = {
            "side": "soviet",
            "units": [f"sov-fz-{site}"],
            "at": [f"fz:{site}"],
            "provenance": rule("3.4, 4.2")
            if site == "odessa"
            else stand_in("FZ set-up hex (3.4: printed on the FZ's reverse)"),
        }
    gg = [
        c
        for c in sorted(set(counters()["counters"]))
        if c.startswith("ger-")
        and not c.endswith("-r")
        and c not in GER_ASTERISK
        and c not in {u for v in GERMAN_REINFORCEMENTS.values() for u in v}
        and c != "ger-arko"
    ]
    setup["german-greater-germany"] = {
        "side": "german",
        "units": gg,
        "at": ["country:greater-germany", "box:okh-reserve"],
        "provenance": rule("3.5", "anywhere in Greater Germany or the OKH Reserve"),
    }
    setup["german-romania"] = {
        "side": "german",
        "units": sorted(
            [
                f"ger-inf-{n}-r"
                for n in GER_ROMANIA
                if f"ger-inf-{n}-r"
                not in GERMAN_REINFORCEMENTS.get(16, []) + GERMAN_REINFORCEMENTS.get(8, [])
            ]
            + [f"rom-{n}" for n in ROMANIAN_CORPS]
        ),
        "at": ["country:romania"],
        "provenance": rule("3.3, 3.5"),
    }
    setup["german-asterisk"] = {
        "side": "german",
        "units": GER_ASTERISK,
        "at": ["box:asterisk"],
        "provenance": rule("8.3", "which units carry the asterisk is a stand-in"),
    }
    return {
        "kind": "scenario",
        "id": "campaign",
        "name": "The Barbarossa Campaign, 22 June - Dec I 1941",
        "provenance": rule("1.1, 3.1-3.5"),
        "first_turn": 1,
        "last_turn": 22,
        "setup": setup,
        "victory": {
            # 4.5: at a check, the German wins at once with the table's VP (judged by the shared
            # victory mechanic when victory.py's check asks; the level is 4.6's)
            "german-check": {
                "kind": "threshold",
                "side": "german",
                "params": {
                    "table": "victory",
                    "needed_from": "checks.{turn}",
                    "text": "{have:g} VP on GT{turn}: at least {needed:g}",
                },
                "rule": "LWE 4.5, 4.6",
            },
            "vp-levels": {
                "kind": "vp-levels",
                "params": {"table": "victory"},
                "rule": "LWE 4.6",
            },
        },
        "control": {
            "german": [
                "country:greater-germany",
                "country:romania",
                "country:hungary",
                "country:slovakia",
                "country:bulgaria",
            ],
            "soviet": ["country:ussr"],
        },
        "vars": {"german_vp": 0, "dd3": True, "german_non_mech_replacements": 14},
    }


def documents() -> dict[str, Json]:
    docs = {
        "counters.json": counters(),
        "calendar.json": calendar(),
        "crt.json": crt(),
        "scenario-campaign.json": scenario(),
    }
    for name, doc in tables().items():
        docs[f"table-{name}.json"] = doc
    return docs


def main(argv: Sequence[str] | None = None) -> int:
    return generator_main(argv, COMMAND, documents, __doc__.splitlines()[0], folder=DATA)


if __name__ == "__main__":
    sys.exit(main())
