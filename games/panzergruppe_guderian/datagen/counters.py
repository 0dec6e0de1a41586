"""Generates data/counters.json: the order of battle the rulebook gives, with stand-in values.

Rulebook facts (cited per entry): the German formations of 16.2 and their make-up (7.3), the
German infantry strength levels 9-7/4-7/2-7/1-7 (9.63), two steps for German mechanized and
cavalry units (9.63), one step for every Soviet unit (9.62), Soviet movement 6 (examples in 10.36
and 12.3), the fifteen Soviet leaders (5.1, 16.1) with MA 10 (10.21) and Lukin's rating 3 (11.22),
the two 0-1-6 rifle divisions and the existence of 0-0-6 units (12.3), a panzer division worth
eight strength points at face value (6.55), the three air interdiction markers (13.1), six rail
cut markers (6.37), one Soviet interdiction marker (13.41).

Stand-ins (marked so in the data, see RULINGS.md): regiment and cavalry strengths, mechanized
movement allowances, the number of Soviet rifle and armored counters, the untried strength mix,
the other leaders' ratings.

Run ``python -m wargame.games.panzergruppe_guderian.datagen.counters`` to rewrite the file, or
with ``--check`` to compare.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wargame.geo import dumps, generator_main, stand_in

OUT = Path(__file__).resolve().parent.parent / "data" / "counters.json"


def rb(rule: str) -> dict[str, str]:
    return {"source": "rulebook", "rule": f"PGG {rule}"}


PANZER_DIVISIONS = ["7", "12", "20", "19", "17", "18", "10", "3", "4"]
MOT_DIVISIONS = ["14", "20", "18", "29", "10"]  # two regiments each (7.3)
INFANTRY_DIVISIONS = [
    "6",
    "26",
    "5",
    "35",
    "161",
    "263",
    "137",
    "23",
    "258",
    "292",
    "7",
    "15",
    "17",
    "268",
    "252",
    "78",
    "31",
    "34",
]
LEADERS = {  # name as printed -> (stand-in rating, rule naming the leader)
    "Rakutin": (3, "5.1"),
    "Lukin": (3, "5.1"),
    "Konlev": (2, "5.1"),
    "Remezov": (2, "5.1"),
    "Kurochkin": (3, "5.1"),
    "Rokassovski": (4, "16.1"),
    "Yershakov": (2, "16.1"),
    "Khomenko": (2, "16.1"),
    "Gerisamenko": (3, "16.1"),
    "Kachalov": (2, "16.1"),
    "Maslennikov": (2, "16.1"),
    "Dolmatov": (2, "16.1"),
    "Zakharkin": (3, "16.1"),
    "Vishnevsky": (2, "16.1"),
    "Onuprienko": (2, "16.1"),
}
RIFLE_COUNTERS = 90
ARMOR_COUNTERS = 12
RIFLE_FACES = [  # (attack, defense, count); two 0-1-6 and some 0-0-6 are rulebook facts (12.3)
    (0, 0, 6),
    (0, 1, 2),
    (1, 2, 10),
    (2, 3, 18),
    (3, 4, 22),
    (4, 5, 18),
    (5, 6, 10),
    (6, 8, 4),
]
ARMOR_FACES = [(2, 3, 3), (4, 4, 4), (5, 5, 3), (6, 5, 2)]
MECH_MA = 10
ARMOR_MA = 8


def face(values: dict[str, float], label: str | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"values": values}
    if label:
        out["label"] = label
    out.update(extra)
    return out


def german(strength: float, ma: int) -> dict[str, float]:
    return {"attack": strength, "defense": strength, "movement": ma}


def build() -> dict[str, Any]:
    counters: dict[str, Any] = {}
    mech_note = (
        "regiment strengths and movement are not in the rulebook; a panzer division's "
        "three regiments sum to 8 at face value as 6.55 says"
    )
    for div in PANZER_DIVISIONS:
        formation = f"{div}Pz"
        parts = [
            ("Pz", "panzer", 4, "Panzer Regiment"),
            ("PzG1", "panzergrenadier", 2, "1st Panzer Grenadier Regiment"),
            ("PzG2", "panzergrenadier", 2, "2nd Panzer Grenadier Regiment"),
        ]
        for tag, utype, strength, name in parts:
            counters[f"{tag}/{div}Pz"] = {
                "side": "german",
                "type": utype,
                "formation": formation,
                "name": f"{name}, {div}th Panzer Division",
                "steps": [
                    face(german(strength, MECH_MA)),
                    face(german(max(strength // 2, 1), MECH_MA)),
                ],
                "provenance": stand_in(mech_note),
            }
    mot = [(d, 2) for d in MOT_DIVISIONS] + [("DR", 3)]
    for div, regiments in mot:
        formation = f"{div}Mot"
        for r in range(1, regiments + 1):
            name = "SS Das Reich" if div == "DR" else f"{div}th Motorized Infantry"
            counters[f"Mot{r}/{formation}"] = {
                "side": "german",
                "type": "motorized",
                "formation": formation,
                "name": f"Regiment {r}, {name} Division",
                "steps": [face(german(3, MECH_MA)), face(german(1, MECH_MA))],
                "provenance": stand_in(
                    "motorized regiment values are not in the rulebook (7.3 gives "
                    "two regiments per division, three for Das Reich)"
                ),
            }
    for rid, name in (
        ("Lehr", "Lehr Panzer Grenadier Regiment"),
        ("GD", "Gross Deutschland Panzer Grenadier Regiment"),
    ):
        counters[rid] = {
            "side": "german",
            "type": "panzergrenadier",
            "name": name,
            "steps": [face(german(3, MECH_MA)), face(german(1, MECH_MA))],
            "provenance": stand_in("independent regiment values are not in the rulebook (16.2)"),
        }
    counters["1Cav"] = {
        "side": "german",
        "type": "cavalry",
        "name": "1st Cavalry Division",
        "steps": [face(german(4, 8)), face(german(2, 8))],
        "provenance": stand_in("cavalry values are not in the rulebook; two steps per 9.63"),
    }
    for div in INFANTRY_DIVISIONS:
        counters[f"{div}Inf"] = {
            "side": "german",
            "type": "infantry",
            "name": f"{div}th Infantry Division",
            "steps": [face(german(s, 7), f"{s}-7") for s in (9, 4, 2, 1)],
            "provenance": rb("9.63, 16.2"),
        }
    for n in range(1, RIFLE_COUNTERS + 1):
        counters[f"R{n:02d}"] = {
            "side": "soviet",
            "type": "rifle",
            "name": f"Rifle Division R{n:02d}",
            "untried": "rifle",
            "steps": [face({"movement": 6}, "?-?-6")],
            "provenance": stand_in(
                "the number of rifle counters is not in the rulebook (12.4 limits "
                "play to the counters provided); movement 6 per 10.36/12.3"
            ),
        }
    for n in range(1, ARMOR_COUNTERS + 1):
        counters[f"T{n:02d}"] = {
            "side": "soviet",
            "type": "armor",
            "name": f"Tank/Mech Division T{n:02d}",
            "untried": "armor",
            "steps": [face({"movement": ARMOR_MA}, f"?-?-{ARMOR_MA}")],
            "provenance": stand_in(
                "armored counter count and movement are not in the rulebook; "
                "the mix holds more than play needs (3.4 notes)"
            ),
        }
    for name, (rating, rule) in LEADERS.items():
        prov = (
            rb(f"{rule}, 10.1, 10.21, 11.22")
            if name == "Lukin"
            else stand_in(
                f"{name}'s rating is not in the rulebook (only Lukin's: 3, 11.22); named in {rule}"
            )
        )
        counters[name] = {
            "side": "soviet",
            "type": "leader",
            "name": f"General {name}",
            "steps": [
                face(
                    {"attack": 0, "defense": rating, "rating": rating, "movement": 10},
                    f"{rating}-10",
                )
            ],
            "provenance": prov,
        }
    return {
        "kind": "counters",
        "id": "pgg-counters",
        "provenance": rb("3.4, 9.6, 16.0"),
        "unit_types": {
            "infantry": {
                "name": "German Infantry Division",
                "mobility": "infantry",
                "tags": ["german", "division"],
                "provenance": rb("9.63"),
            },
            "panzer": {
                "name": "Panzer Regiment",
                "mobility": "mechanized",
                "tags": ["german", "mechanized", "regiment"],
                "provenance": rb("7.3"),
            },
            "panzergrenadier": {
                "name": "Panzer Grenadier Regiment",
                "mobility": "mechanized",
                "tags": ["german", "mechanized", "regiment"],
                "provenance": rb("7.3"),
            },
            "motorized": {
                "name": "Motorized Infantry Regiment",
                "mobility": "mechanized",
                "tags": ["german", "mechanized", "regiment"],
                "provenance": rb("7.3"),
            },
            "cavalry": {
                "name": "Cavalry Division",
                "mobility": "cavalry",
                "tags": ["german", "division"],
                "provenance": rb("9.63, 15.12"),
            },
            "rifle": {
                "name": "Soviet Rifle Division",
                "mobility": "infantry",
                "tags": ["soviet", "combat"],
                "provenance": rb("12.1"),
            },
            "armor": {
                "name": "Soviet Tank/Mech Division",
                "mobility": "mechanized",
                "tags": ["soviet", "combat", "armored"],
                "provenance": rb("6.31, 12.1"),
            },
            "leader": {
                "name": "Soviet Leader",
                "mobility": "leader",
                "stacking": 0,
                "tags": ["soviet", "leader"],
                "provenance": rb("7.1, 10.0"),
            },
        },
        "counters": counters,
        "pools": {
            "rifle": {
                "side": "soviet",
                "faces": [
                    face({"attack": a, "defense": d, "movement": 6}, f"{a}-{d}-6", count=c)
                    for a, d, c in RIFLE_FACES
                ],
                "provenance": stand_in(
                    "the untried strength mix is not in the rulebook; it holds the "
                    "two 0-1-6 units of 12.3 and 0-0-6 units, and 6-8-6/1-2-6 as "
                    "in 10.36"
                ),
            },
            "armor": {
                "side": "soviet",
                "faces": [
                    face(
                        {"attack": a, "defense": d, "movement": ARMOR_MA},
                        f"{a}-{d}-{ARMOR_MA}",
                        count=c,
                    )
                    for a, d, c in ARMOR_FACES
                ],
                "provenance": stand_in("armored untried values are not in the rulebook"),
            },
        },
        "markers": {
            "air-interdiction": {
                "name": "German Air Interdiction",
                "count": 3,
                "side": "german",
                "removed_by": ["hook"],
                "removal_rule": "PGG 13.33",
                "provenance": rb("13.1"),
            },
            "rail-cut": {
                "name": "Rail Cut",
                "count": 6,
                "side": "german",
                "removed_by": ["hook"],
                "removal_rule": "PGG 6.37",
                "provenance": rb("6.37"),
            },
            "soviet-interdiction": {
                "name": "Soviet Interdiction",
                "count": 1,
                "side": "soviet",
                "removed_by": ["hook"],
                "removal_rule": "PGG 13.46",
                "provenance": rb("13.41"),
            },
            # unit markers (wargame.markers): the kernel clears them as declared
            "disrupted": {
                "name": "Disrupted",
                "count": 60,
                "on": "unit",
                "removed_by": ["phase:disruption-removal"],
                "removal_rule": "PGG 6.63",
                "mark": "D",
                "provenance": rb("6.61"),
            },
            "out-of-supply": {
                "name": "Out of Supply",
                "count": 0,  # no such counter in the game: supply is judged, not marked (11.0)
                "on": "unit",
                "removed_by": ["hook"],  # re-judged at each Movement Phase's start (11.0)
                "removal_rule": "PGG 11.0",
                "mark": "S",
                "provenance": rb("11.0, 11.3"),
            },
        },
    }


def render() -> str:
    return dumps(build())


def main(argv: list[str] | None = None) -> int:
    return generator_main(
        argv,
        "python -m wargame.games.panzergruppe_guderian.datagen.counters",
        lambda: {OUT: build()},
    )


if __name__ == "__main__":
    raise SystemExit(main())
