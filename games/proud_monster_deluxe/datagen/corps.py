"""Stand-in Soviet corps: tank and mechanized corps (TC, MC) and their Guards forms (GTC, GMC).

What the text states is kept: the types and their names (2.4.4: GMC a Guards Mechanized Corps;
9.1.3, 13.14, 15.9 name TC, MC, GTC, GMC), a corps counts as a division for stacking (6.1), TC
and MC enter from turn 207 (9.1.3), a GMC converted from an RD has 4 steps and other Guards
units the steps of their input (9.4.2), Soviet corps are Mech units paying 7 MP for an MA
(2.4.3, 14.3). Stand-ins, marked entry by entry: how many counters, their factors (4 printed
steps each, MF 10), their arrival turns and RVGK areas, the Guards Convert turns (the counter
sheet and the TRT are not in the text). Called by ``build.py``."""

from __future__ import annotations

from typing import Any

from . import reinforcements

Json = dict[str, Any]

TC_ARRIVALS = {1: 207, 2: 207, 3: 212, 4: 213, 5: 221, 6: 221}
"""Stand-in: TC number -> arrival turn (YNN); 9.1.3: none before 207. 212 and 213 straddle the
3-step limit, 221 is the first 4-step turn."""
MC_ARRIVALS = {1: 217, 2: 221}
"""Stand-in: MC number -> arrival turn (YNN)."""
GUARDS_CONVERTS = {
    "302-soviet-guards-convert-tc": (302, "tc", "gtc", 1),
    "223-soviet-guards-convert-rd-gmc": (223, "rd", "gmc", 1),
    "303-soviet-guards-convert-rd-gmc": (303, "rd", "gmc", 1),
}
"""Stand-in Guards Converts: key -> (YNN, from, to, count); 9.4.2: a GMC may come from an RD."""
GUARDS_COUNTERS = {"gtc": 1, "gmc": 2}
FACES = {
    "tc": [(8, 6), (6, 5), (4, 4), (2, 3)],
    "mc": [(7, 7), (5, 6), (4, 4), (2, 3)],
    "gtc": [(9, 7), (7, 6), (5, 4), (3, 3)],
    "gmc": [(8, 8), (6, 6), (4, 5), (3, 3)],
}
"""Stand-in attack and defense of the 4 printed steps, top (4 steps) first."""
MF = 10
MA_COST = {kind: 7 for kind in FACES}
"""14.3: a Soviet corps pays 7 MP for an MA (the overrun settings' cost by unit type)."""
SO_MA_COST = {kind: 6 for kind in FACES}
"""5.4: 6 MP for a Soviet Mech corps in a Soviet Seasonal Offensive week."""


def types() -> Json:
    from .build import rule, utype

    tags = ["soviet", "corps", "afv", "armor", "can-ma", "can-assist"]
    why = "6.1: a corps stacks as a division; a Mech unit (2.4.3); the AFV tags are stand-ins"
    return {
        "tc": utype("Tank corps", "mech", tags, 1, rule("2.4.4, 9.1.3", why)),
        "mc": utype("Mechanized corps", "mech", tags, 1, rule("2.4.3, 2.4.4, 9.1.3", why)),
        "gtc": utype(
            "Guards tank corps", "mech", [*tags, "guards"], 1, rule("2.4.4, 9.2, 9.4.2", why)
        ),
        "gmc": utype(
            "Guards mechanized corps", "mech", [*tags, "guards"], 1, rule("2.4.4, 9.2, 9.4.2", why)
        ),
    }


def counters() -> Json:
    from .build import counter, face, stand_in

    c: Json = {}
    made = {
        "tc": (TC_ARRIVALS, "9.1.3: a TC, entering from turn 207 at the turn's step maximum"),
        "mc": (MC_ARRIVALS, "9.1.3: an MC, entering from turn 207 at the turn's step maximum"),
        "gtc": (range(1, GUARDS_COUNTERS["gtc"] + 1), "9.4.2: a GTC, converted from a TC"),
        "gmc": (range(1, GUARDS_COUNTERS["gmc"] + 1), "9.4.2: a GMC of 4 steps, from an RD"),
    }
    for kind, (numbers, note) in made.items():
        for n in numbers:
            c[f"sov-{kind}-{n}"] = counter(
                "soviet",
                kind,
                f"{n} {kind.upper()}",
                [face(a, d, MF) for a, d in FACES[kind]],
                stand_in(f"{note}; how many, the factors and the arrival turn"),
            )
    return c


def schedule(index_of: dict[int, int]) -> Json:
    from .build import stand_in

    out: Json = {}
    arrivals = [("tc", n, t) for n, t in TC_ARRIVALS.items()]
    arrivals += [("mc", n, t) for n, t in MC_ARRIVALS.items()]
    for kind, n, ynn in arrivals:
        out[f"{ynn}-soviet-{kind}-{n}"] = reinforcements.arrival(
            index_of[ynn],
            "soviet",
            [f"sov-{kind}-{n}"],
            f"box:rvgk-{'north' if n % 2 else 'south'}",
            stand_in(
                "9.1.3: TC and MC enter from turn 207 (stated); which corps, the turn and the "
                "RVGK area (the TRT is not in the text)"
            ),
        )
    for key, (ynn, old, new, count) in GUARDS_CONVERTS.items():
        out[key] = {
            "turn": index_of[ynn],
            "side": "soviet",
            "kind": "event",
            "options": {"event": "soviet-convert", "from": old, "to": new, "count": count},
            "provenance": stand_in(
                f"9.4.2: a Guards Convert of {old.upper()} to {new.upper()} (the TRT is not in "
                "the text)"
            ),
        }
    return out
