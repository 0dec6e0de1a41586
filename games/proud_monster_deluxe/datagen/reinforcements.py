"""Stand-in Turn Record Track data for section 9 (reinforcements, replacements, withdrawals):
the counters that enter after the set-up and the schedule that brings them.

The TRTs are not in the text (digest 11.1). What the rules state is kept: the German 2 PD enters
on turn 118 (2.4.10), the Soviet Tank Brigade pool holds 48 TB (9.1.4), Soviet reinforcements
are untried units drawn from their type's pool (9.1), German units enter in the North OKH area
and minor allies in the South (9.1.1, 9.1.2). Everything else (which units, how many, when, the
Axis replacement points) is a stand-in, marked entry by entry. Called by ``build.py``."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def arrival(
    turn: int, side: str, units: list[str], box: str, provenance: Json, at: list[str] | None = None
) -> Json:
    """A schedule entry: ``units`` arrive on game turn ``turn`` in the off-map area ``box``; an
    OKH area's units enter the map by its ZOMO (9.1.1, 9.1.2, ``strategic.ZOMO``) unless ``at``
    names their hexes."""
    from ..strategic import ZOMO

    entry: Json = {"turn": turn, "side": side, "units": units, "box": box}
    if at is not None or box in ZOMO:
        entry["at"] = at if at is not None else list(ZOMO[box])
    entry["provenance"] = provenance
    return entry


GERMAN_IDS = {114: 212, 116: 215, 118: 223, 120: 225, 122: 227, 124: 707}
"""Stand-in German infantry arrivals (YNN -> division number), one every other turn in 1941."""
ROMANIAN_IDS = {116: 3, 120: 4}
SOVIET_RD_PER_TURN = {1941: 6, 1942: 3, 1943: 2, 1944: 2}
"""Stand-in untried RD draws per turn from 113 (the counters run out first: 2.2's limit)."""
SOVIET_RD_COUNTERS = 150
SOVIET_CD_COUNTERS = 20
TB_POOL = 48
"""9.1.4: the 1941 scenarios set aside 48 TB."""
AXIS_RP = {1941: (2, 1), 1942: (3, 2), 1943: (3, 2), 1944: (2, 1)}
"""Stand-in Axis replacement points a turn (LRP, MRP) from 114 (the TRT is not in the text)."""


def counters() -> dict[str, Json]:
    from .build import _german_id, counter, face, rule, stand_in

    c: dict[str, Json] = {
        "ger-pd-2": counter(
            "axis",
            "pd",
            "2 PD",
            [face(9, 6, 12), face(6, 4, 12), face(3, 2, 10)],
            rule("2.4.10", "enters on turn 118 (stated); the factors are stand-ins"),
        )
    }
    for n in GERMAN_IDS.values():
        c[f"ger-id-{n}"] = _german_id(n)
    for n in ROMANIAN_IDS.values():
        c[f"rom-id-{n}"] = counter(
            "axis",
            "rom-id",
            f"{n} Rom ID",
            [face(3, 4, 5), face(1, 2, 5)],
            stand_in("a Romanian reinforcement (TRT not in the text)"),
        )
    soviet = (
        ("rd", SOVIET_RD_COUNTERS, 5, "reinforcement RD (TRT not in the text)"),
        ("cd", SOVIET_CD_COUNTERS, 8, "reinforcement CD (TRT not in the text)"),
        ("tb", TB_POOL, 8, "9.1.4: the 48 TB of the TB Reinforcement pool; MF stand-in"),
    )
    for kind, count, mf, note in soviet:
        for k in range(1, count + 1):
            c[f"sov-{kind}-reinf-{k:03d}"] = counter(
                "soviet",
                kind,
                f"{kind.upper()} R-{k}",
                [{"values": {"movement": mf}, "label": f"U-{mf}"}],
                (rule("9.1.4, 2.4.9", note) if kind == "tb" else stand_in(f"untried {note}")),
                untried=kind,
            )
    return c


def section9_stand_ins() -> tuple[Json, dict[str, Json]]:
    """Unit types and counters that reorganization, conversions and withdrawals (9.2-9.7) need
    and the set-up lacks: stand-ins (the counter sheet is not in the text), marked so. The
    2SS MID's panzer-division form is the text's own example (9.3)."""
    from .build import counter, face, rule, stand_in, utype

    types = {
        "grd": utype(
            "Guards rifle division",
            "leg",
            ["soviet", "rifle", "guards"],
            1,
            rule("2.4.8, 9.4.2", "a GRD has 2 steps (9.4.2)"),
        ),
        "gtb": utype(
            "Guards tank brigade",
            "mech",
            ["soviet", "afv", "armor", "half-step", "guards", "can-ma", "can-assist"],
            0.5,
            rule("2.4.7, 2.4.8, 9.7.3", "the GTB of 9.7.3's example"),
        ),
        "pbn": utype(
            "Panzer battalion",
            "mech",
            ["axis", "german", "afv", "armor", "can-ma", "can-assist"],
            0.25,
            rule("2.4.5, 6.1, 9.7.3", "the PBn of 9.7.3's example"),
        ),
        "pr": utype(
            "Panzer regiment",
            "mech",
            ["axis", "german", "afv", "armor", "can-ma", "can-assist"],
            0.25,
            rule("2.4.5, 6.1, 9.7.3", "the PR of 9.7.3's example"),
        ),
    }
    c: dict[str, Json] = {}
    for k in range(1, 7):
        c[f"sov-grd-{k}"] = counter(
            "soviet",
            "grd",
            f"{k} GRD",
            [face(5, 6, 5), face(3, 4, 5)],
            stand_in("9.4.2: a GRD has 2 steps; how many and the values"),
        )
    for k in range(1, 3):
        c[f"sov-gtb-{k}"] = {
            "side": "soviet",
            "type": "gtb",
            "name": f"{k} GTB",
            "steps": [face(3, 1, 8)],
            "step_value": 0.5,
            "provenance": stand_in("9.7.3: a Guards TB, a half-step unit like a TB (2.4.7)"),
        }
    c["ger-pbn-1"] = counter(
        "axis", "pbn", "1 PBn", [face(2, 1, 10)], stand_in("9.7.3: a panzer battalion; values")
    )
    c["ger-pr-1"] = counter(
        "axis",
        "pr",
        "1 PR",
        [face(3, 2, 10), face(2, 1, 10)],
        stand_in("9.7.3: a panzer regiment; values"),
    )
    c["ger-pd-ss-r"] = counter(
        "axis",
        "pd",
        "2SS PD",
        [face(10, 7, 12), face(7, 5, 12), face(4, 3, 10)],
        rule("9.3", "the 2SS MID's panzer-division form from turn 302 (stated); values stand-in"),
    )
    return types, c


SPANISH_ARRIVAL = 120
"""Stand-in: the 250 Spanish ("Blue") Division's arrival (it reached the front in October 1941)."""
SPANISH_LEGION_TURN = 323
"""7.3: on turn 323 the 250 Spanish Division must convert into the Spanish Legion (stated)."""


def spanish_units() -> tuple[Json, Json]:
    """7.3: the 250 Spanish Division (German-coloured, the one such unit that may be rebuilt)
    and the Spanish Legion (regiment size, never rebuilt); values and steps stand-ins."""
    from .build import counter, face, rule, stand_in, utype

    tags = ["axis", "german-colored", "infantry", "spanish"]
    types = {
        "sp-id": utype(
            "Spanish infantry division",
            "leg",
            tags,
            1,
            rule("2.4.8, 7.3, 9.5.1", "German-coloured; rebuilt as a German division"),
        ),
        "spl": utype(
            "Spanish Legion",
            "leg",
            tags,
            0.25,
            rule("7.3", "regiment size (stated), so regiment stacking (6.1)"),
        ),
    }
    c: Json = {
        "ger-sp-250": counter(
            "axis",
            "sp-id",
            "250 Sp ID",
            [face(5, 7, 6), face(4, 5, 6), face(2, 3, 5)],
            stand_in("7.3: the 250 Spanish Division (Sp, 2.4.8); its steps and values"),
        ),
        "ger-spl": counter(
            "axis",
            "spl",
            "SpL",
            [face(1, 2, 6)],
            stand_in("7.3: the Spanish Legion (SpL, 2.4.8), a regiment; its one step and values"),
        ),
    }
    return types, c


STALINGRAD_RETURNS = (319, 321, 323)
"""Stand-in: the turns of 13.13's three Stalingrad Pool returns (one division each)."""


def section9_schedule(index_of: dict[int, int]) -> Json:
    """Removals, conversions and returns (9.3, 9.6, 9.7): the text's 2SS example (its panzer
    form on turn 302, back in play that turn) and stand-ins for the rest."""
    from .build import rule, stand_in

    return {
        "122-axis-remove-cd-1": {
            "turn": index_of[122],
            "side": "axis",
            "kind": "event",
            "units": ["ger-cd-1"],
            "options": {"event": "removal"},
            "provenance": stand_in(
                "9.6: a removal (the TRT is not in the text): the 1st Cavalry Division left the "
                "east in November 1941"
            ),
        },
        "118-soviet-guards-convert-rd": {
            "turn": index_of[118],
            "side": "soviet",
            "kind": "event",
            "options": {"event": "soviet-convert", "from": "rd", "to": "grd", "count": 2},
            "provenance": stand_in(
                "9.4.2: a Guards Convert (the TRT is not in the text): the first Guards rifle "
                "divisions, September 1941"
            ),
        },
        "201-axis-return-id": {
            "turn": index_of[201],
            "side": "axis",
            "kind": "event",
            "options": {"event": "return", "type": "id", "count": 1},
            "provenance": stand_in("9.7.3: a generic return (the TRT is not in the text)"),
        },
        "302-axis-convert-2ss": {
            "turn": index_of[302],
            "side": "axis",
            "kind": "event",
            "options": {"event": "conversion", "from": "ger-mid-ss-r", "to": "ger-pd-ss-r"},
            "provenance": rule("9.3", "the text's example: the 2SS MID becomes a PD on turn 302"),
        },
        **{
            f"{ynn}-axis-stalingrad-return": {
                "turn": index_of[ynn],
                "side": "axis",
                "kind": "event",
                "options": {"event": "stalingrad-return", "count": 1},
                "provenance": stand_in(
                    "13.13: 3 divisions of the Stalingrad Pool return by the Axis TRT (stated); "
                    "the turns are not in the text (the rebuilt divisions came east in autumn "
                    "1943)"
                ),
            }
            for ynn in STALINGRAD_RETURNS
        },
        f"{SPANISH_LEGION_TURN}-axis-spanish-legion": {
            "turn": index_of[SPANISH_LEGION_TURN],
            "side": "axis",
            "kind": "event",
            "options": {"event": "legion", "from": "ger-sp-250", "to": "ger-spl"},
            "provenance": rule("7.3", "the 250 Spanish Division converts on turn 323, wherever"),
        },
        "302-axis-return-2ss": {
            "turn": index_of[302],
            "side": "axis",
            "kind": "event",
            "units": ["ger-pd-ss-r"],
            "options": {"event": "return"},
            "provenance": rule("9.3, 9.7.2", "the text's example: the 2SS returns on turn 302"),
        },
    }


OST_UNITS = {
    "ost-b-1": (213, "ost-b", "1 Ost", [(1, 2, 5)]),
    "ost-b-mxdeth": (221, "ost-b", "MxdEth", [(1, 2, 5)]),
    "ost-d-coss": (305, "ost-d", "1 Coss", [(3, 3, 6), (1, 2, 6)]),
}
"""Stand-in Ost units (counter id -> YNN of arrival, type, name, faces): 2.4.8 names the Ost,
MxdEth (mixed ethnic) and Coss (Cossack) units, 7.1(9) gives a minor ally one or two steps; the
values, sizes and turns are not in the text. They arrive from turn 213, after the 1942 set-up."""


def ost_units() -> tuple[Json, Json]:
    """7.1, 7.2(4), 9.1.2: the Ost (former Soviet troops in German service) units, Axis minor
    allies, Leg; their types and counters (stand-ins)."""
    from .build import counter, face, rule, stand_in, utype

    types = {
        "ost-b": utype(
            "Ost brigade",
            "leg",
            ["axis", "minor-ally", "ost"],
            0.5,
            rule("2.4.8, 7.1, 9.1.2", "an Ost minor-ally Leg unit; brigade size a stand-in"),
        ),
        "ost-d": utype(
            "Ost division",
            "leg",
            ["axis", "minor-ally", "ost"],
            1,
            rule(
                "2.4.8, 7.1, 9.1.2",
                "an Ost minor-ally Leg unit (Coss: Cossacks); division size a stand-in",
            ),
        ),
    }
    c: Json = {
        cid: counter(
            "axis",
            kind,
            name,
            [face(*values) for values in faces],
            stand_in(
                f"7.1(9), 2.4.8: an Ost unit of {len(faces)} step(s) (at most 2, stated); the "
                "values and the unit (the counter sheet is not in the text)"
            ),
        )
        for cid, (_ynn, kind, name, faces) in OST_UNITS.items()
    }
    return types, c


def ost_schedule(index_of: dict[int, int]) -> Json:
    """9.1.2: an Ost reinforcement waits (no entry hexes) to be placed by the Axis in the Axis
    part of the Reinforcement Phase (``reinforce.place_problem``); the South OKH area is only
    where the schedule keeps it off the map. Turns stand-ins."""
    from .build import stand_in

    return {
        f"{ynn}-axis-{cid}": arrival(
            index_of[ynn],
            "axis",
            [cid],
            "box:okh-south",
            stand_in("9.1.2: an Ost unit enters next to a sole German unit; unit and turn"),
            at=[],
        )
        for cid, (ynn, *_rest) in OST_UNITS.items()
    }


SOVIET_ENGINEER_TURNS = (124, 203, 207, 211, 215, 219)
"""Stand-in: the Soviet engineer brigades' arrival turns (15.7 gives only the first, 124; one
for each counter of ``build.SOVIET_ENGINEERS``)."""


def schedule(index_of: dict[int, int]) -> Json:
    """The calendar's ``schedule``: keys ``YNN-side-what``; ``turn`` is the kernel's game-turn
    index (``index_of`` maps YNN to it)."""
    from .build import rule, stand_in

    out: Json = {}
    for ynn, n in GERMAN_IDS.items():
        out[f"{ynn}-axis-id-{n}"] = arrival(
            index_of[ynn],
            "axis",
            [f"ger-id-{n}"],
            "box:okh-north",
            stand_in("9.1.1: German units enter in the North OKH; unit and turn"),
        )
    out["118-axis-pd-2"] = arrival(
        index_of[118],
        "axis",
        ["ger-pd-2"],
        "box:okh-north",
        rule("2.4.10, 9.1.1", "the 2nd Panzer Division enters on turn 118"),
    )
    for ynn, n in ROMANIAN_IDS.items():
        out[f"{ynn}-axis-rom-id-{n}"] = arrival(
            index_of[ynn],
            "axis",
            [f"rom-id-{n}"],
            "box:okh-south",
            stand_in("9.1.2: minor allies enter in the South OKH; unit and turn"),
        )
    for ynn, index in sorted(index_of.items()):
        if ynn < 113:
            continue
        year = 1940 + ynn // 100
        half = "north" if ynn % 2 else "south"
        draw = {"rd": SOVIET_RD_PER_TURN[year]}
        if ynn in (116, 120, 204):
            draw["cd"] = 2
        out[f"{ynn}-soviet-draw"] = {
            "turn": index,
            "side": "soviet",
            "draw": draw,
            "box": f"box:rvgk-{half}",
            "provenance": stand_in(
                "9.1, 9.1.3: untried units drawn from their pools, placed by the Soviet player; "
                "how many and when (the TRT is not in the text)"
            ),
        }
        if ynn >= 114:
            lrp, mrp = AXIS_RP[year]
            out[f"{ynn}-axis-rp"] = {
                "turn": index,
                "side": "axis",
                "kind": "replacement",
                "options": {"lrp": lrp, "mrp": mrp},
                "provenance": stand_in("9.5.1: Axis replacement points from the TRT (not in text)"),
            }
    out[f"{SPANISH_ARRIVAL}-axis-sp-250"] = arrival(
        index_of[SPANISH_ARRIVAL],
        "axis",
        ["ger-sp-250"],
        "box:okh-north",
        stand_in("7.3, 9.1.1: German-coloured units enter as German ones; the turn"),
    )
    for ynn, n, loc, rule_no in ((318, 19, "1808", "15.20"), (407, 20, "2302", "15.24")):
        out[f"{ynn}-axis-id-{n}ss"] = arrival(
            index_of[ynn],
            "axis",
            [f"ger-id-{n}ss"],
            "box:okh-north",
            rule(rule_no, f"the {n}SS ID on turn {ynn}, entering only at {loc}"),
            at=[loc],
        )
    out["319-axis-mad"] = arrival(
        index_of[319],
        "axis",
        ["ger-mad"],
        "box:okh-north",
        rule("15.21, 9.1.1", "the MAD arrives on turn 319"),
    )
    for k, ynn in enumerate(SOVIET_ENGINEER_TURNS, start=1):
        out[f"{ynn}-soviet-eb-{k}"] = arrival(
            index_of[ynn],
            "soviet",
            [f"sov-eb-{k}"],
            f"box:rvgk-{'north' if k % 2 else 'south'}",
            stand_in(
                "15.7: Soviet engineer brigades from turn 124 (the first is the text's); the "
                "later turns and the RVGK area (the TRT is not in the text)"
            ),
        )
    out["218-axis-me-1"] = arrival(
        index_of[218],
        "axis",
        ["ger-me-1"],
        "box:okh-north",
        rule("15.7, 9.1.1", "the Axis engineer battalion arrives on turn 218"),
    )
    out["313-soviet-para"] = arrival(
        index_of[313],
        "soviet",
        [*(f"sov-gparb-{k}" for k in range(1, 5)), "sov-galb-1"],
        "box:rvgk-north",
        rule("15.18", "the 5 GParB/GALB arrive on turn 313; the RVGK area is a stand-in"),
    )
    out["211-axis-withdraw-2ss"] = {
        "turn": index_of[211],
        "side": "axis",
        "kind": "withdrawal",
        "units": ["ger-mid-ss-r"],
        "provenance": rule("9.3, 9.7.2", "the text's example: the 2SS MID withdraws on turn 211"),
    }
    out.update(section9_schedule(index_of))
    out.update(ost_schedule(index_of))
    out.update(mech_upgrades(index_of))
    out.update(assault_gun_schedule(index_of))
    out.update(blaupunkt_schedule(index_of))
    generic = {(124, "axis"): ("id", 1), (203, "soviet"): ("rd", 2), (205, "soviet"): ("tb", 1)}
    for (ynn, side), (kind, count) in generic.items():
        out[f"{ynn}-{side}-withdraw-{kind}"] = {
            "turn": index_of[ynn],
            "side": side,
            "kind": "withdrawal",
            "options": {"type": kind, "count": count},
            "provenance": stand_in("9.7.3: a generic withdrawal (the TRT is not in the text)"),
        }
    return dict(sorted(out.items()))


AXIS_UPGRADES = {205: 1, 209: 1, 213: 1, 217: 1, 221: 1, 301: 2, 305: 2, 309: 2, 313: 2, 317: 2}
"""Stand-in: the Axis Mech Upgrade markers (YNN -> value, 1 or 2), from turn 205 (15.9)."""
SOVIET_UPGRADES = {301: 1, 305: 1, 309: 2, 313: 2, 317: 2, 321: 2, 401: 2, 405: 2}
"""Stand-in: the Soviet (Guards-coloured) Mech Upgrade markers, from turn 301 (15.9)."""
GAMBIT_UPGRADES = 4
"""5.7(5): the 4 "2-Upgrade" counters marked MG."""


def mech_upgrades(index_of: dict[int, int]) -> Json:
    """15.9: the schedule's ``upgrade`` events: the first turns are the text's (205 for the
    Axis, 301 for the Soviets); the later turns and the values are stand-ins (the TRT is not in
    the text)."""
    from .build import stand_in

    out: Json = {}
    for side, table in (("axis", AXIS_UPGRADES), ("soviet", SOVIET_UPGRADES)):
        for ynn, value in table.items():
            out[f"{ynn}-{side}-upgrade"] = {
                "turn": index_of[ynn],
                "side": side,
                "kind": "event",
                "options": {"event": "upgrade", "values": [value]},
                "provenance": stand_in(
                    f"15.9: a Mech Upgrade marker of {value} (the {side} markers from turn "
                    f"{min(table)} are the text's; this turn and value are not in the text)"
                ),
            }
    return out


def upgrade_marker() -> Json:
    """15.9: the Mech Upgrade marker under a unit (``steps`` 1 or 2), off with its last step
    (13.11), absorbed by reorganization (9.2) or with its unit."""
    from .build import rule

    count = len(AXIS_UPGRADES) + len(SOVIET_UPGRADES) + GAMBIT_UPGRADES
    return {
        "mech-upgrade": {
            "name": "Mech Upgrade",
            "mark": "UPG",
            "count": count,
            "on": "unit",
            "removal_rule": "PMD 15.9, 13.11",
            "removed_by": ["hook"],
            "provenance": rule(
                "15.9, 5.7", "the stand-in schedule's markers and the Gambit's 4 2-Upgrade"
            ),
        }
    }


AG_BATTALIONS = {213: (177, 184), 217: (185, 190), 221: (191, 192)}
"""Stand-in: German assault gun battalions (YNN -> numbers), for 15.22's conversion (after turn 211,
so the 1942 set-up is unchanged)."""
AG_BRIGADES = {319: (1, 2), 321: (3, 4), 323: (5, 6)}
"""Stand-in: the Assault Gun Brigades (YNN -> numbers); the first turn, 319, is the text's."""
AG_TAGS = ["axis", "german", "afv", "assault-gun", "can-ma", "can-assist"]
"""15.2: an assault gun unit is an AFV; 14.1: it may MA on its own and assist."""


def assault_guns() -> tuple[Json, Json]:
    """15.22: the assault gun battalions and brigades (their types and counters). The brigade's
    depleted side, 2-1-11, is the text's; the rest is a stand-in."""
    from .build import counter, face, rule, stand_in, utype

    types = {
        "agbn": utype(
            "Assault gun battalion",
            "mech",
            AG_TAGS,
            0.25,
            rule("2.4.5, 15.2, 15.22", "the AGBn of 2.4.5's example; battalion stacking (6.1)"),
        ),
        "agb": utype(
            "Assault gun brigade",
            "mech",
            AG_TAGS,
            0.5,
            rule("15.22", "brigade stacking (6.1)"),
        ),
    }
    c: Json = {}
    for numbers in AG_BATTALIONS.values():
        for n in numbers:
            c[f"ger-agbn-{n}"] = counter(
                "axis",
                "agbn",
                f"{n} AGBn",
                [face(2, 1, 10)],
                stand_in("15.22: an assault gun battalion; number, values and arrival"),
            )
    for numbers in AG_BRIGADES.values():
        for n in numbers:
            c[f"ger-agb-{n}"] = counter(
                "axis",
                "agb",
                f"{n} AGB",
                [face(4, 2, 11), face(2, 1, 11)],
                rule(
                    "15.22",
                    "the depleted side reads 2-1-11 (stated); the full side, the number and "
                    "the arrival turns after 319 are stand-ins",
                ),
            )
    return types, c


def assault_gun_schedule(index_of: dict[int, int]) -> Json:
    """15.22: the battalions' and brigades' arrivals in the North OKH area (9.1.1)."""
    from .build import rule, stand_in

    out: Json = {}
    for ynn, numbers in AG_BATTALIONS.items():
        out[f"{ynn}-axis-agbn"] = arrival(
            index_of[ynn],
            "axis",
            [f"ger-agbn-{n}" for n in numbers],
            "box:okh-north",
            stand_in("15.22: assault gun battalions; units and turn"),
        )
    for ynn, numbers in AG_BRIGADES.items():
        out[f"{ynn}-axis-agb"] = arrival(
            index_of[ynn],
            "axis",
            [f"ger-agb-{n}" for n in numbers],
            "box:okh-north",
            rule("15.22", "the first AGBs arrive on turn 319 (stated); how many is a stand-in")
            if ynn == min(AG_BRIGADES)
            else stand_in("15.22: later AGB arrivals; units and turn"),
        )
    return out


BLAUPUNKT_UNITS = {213: "ger-ald-22", 301: "ger-para-1", 321: "ger-para-2", 323: "ger-pd-25"}
"""15.17, 5.7(6): the Blaupunkt paratroopers and the 25 PD by arrival turn: the 2 Para Division's
321 and the 25 PD's 323 are the text's (5.7(6)); the 22 ALD's and 1 Para Division's are
stand-ins (after turn 211, so the 1942 set-up is unchanged)."""


def blaupunkt_units() -> tuple[Json, Json]:
    """15.17's paratroop divisions and air-landing division, and 5.7(6)'s 25 PD."""
    from .build import REGULAR_ID_FOURTH_STEP, counter, face, rule, turns, utype

    tags = ["axis", "german", "infantry", "para"]
    types = {
        "para-div": utype("Parachute division", "leg", tags, 1, rule("15.1, 15.17")),
        "ald": utype("Air-landing division", "leg", tags, 1, rule("15.1, 15.17")),
    }
    fourth = list(turns()).index(REGULAR_ID_FOURTH_STEP) + 1
    c: Json = {}
    for n in (1, 2):
        c[f"ger-para-{n}"] = counter(
            "axis",
            "para-div",
            f"{n} Para Div",
            [face(7, 9, 6), face(5, 7, 6), face(4, 5, 6), face(2, 3, 6)],
            rule(
                "15.1, 15.17",
                "15.1's 7-9-6 ParID of 4 steps, read as the 1 and 2 Parachute Divisions; the "
                "reduced faces are stand-ins",
            ),
        )
    c["ger-ald-22"] = counter(
        "axis",
        "ald",
        "22 ALD",
        [face(6, 7, 6), face(4, 5, 6), face(3, 4, 6), {**face(2, 2, 6), "from_turn": fourth}],
        rule(
            "15.1, 15.17",
            "its 4th step from turn 313 (stated); the factors and arrival turn are stand-ins",
        ),
    )
    c["ger-pd-25"] = counter(
        "axis",
        "pd",
        "25 PD",
        [face(9, 6, 12), face(6, 4, 12), face(3, 2, 10)],
        rule("5.7(6)", "on the turn track for turn 323 (stated); the factors are stand-ins"),
    )
    return types, c


def blaupunkt_schedule(index_of: dict[int, int]) -> Json:
    """The arrivals of :data:`BLAUPUNKT_UNITS` in the North OKH area (9.1.1)."""
    from .build import rule, stand_in

    out: Json = {}
    for ynn, cid in BLAUPUNKT_UNITS.items():
        stated = ynn in (321, 323)
        out[f"{ynn}-axis-{cid[4:]}"] = arrival(
            index_of[ynn],
            "axis",
            [cid],
            "box:okh-north",
            rule("5.7(6)", f"{cid} on the turn track for turn {ynn}")
            if stated
            else stand_in(f"15.17: {cid}'s arrival turn (the TRT is not in the text)"),
        )
    return out


GAMBIT_UNITS = {
    "ger-mg-1": ("pd", "1 MG PD"),
    "ger-mg-2": ("pd", "2 MG PD"),
    "ger-mg-3": ("mid", "3 MG MID"),
    "ger-mg-4": ("id", "4 MG ID"),
    "ger-mg-5": ("id", "5 MG ID"),
}
"""5.7(5): the 5 combat units marked MG (2.4's abbreviations); which units they are and their
values are not in the text: stand-ins, two panzer divisions, a motorized and two infantry
divisions with the faces of their kinds elsewhere in the manifest."""


def gambit_units() -> Json:
    """The 5 MG combat units, only ever brought into play by Manstein's Gambit (5.7(5))."""
    from .build import _german_id, counter, face, stand_in

    faces = {
        "pd": [face(9, 6, 12), face(6, 4, 12), face(3, 2, 10)],
        "mid": [face(6, 6, 12), face(4, 4, 12)],
    }
    c: Json = {}
    for cid, (kind, name) in GAMBIT_UNITS.items():
        why = stand_in(f"5.7(5): one of the 5 MG combat units; its type and values ({name})")
        if kind == "id":
            c[cid] = {**_german_id(name.split()[0] + " MG"), "provenance": why}
        else:
            c[cid] = counter("axis", kind, name, faces[kind], why)
    return c


MD_HQ = ("Leningrad", "Riga", "Minsk", "Kiev", "Odessa", "Kharkov", "Moscow", "Orel", "Rostov")
"""Stand-in Military District HQs (the starred hexes are not in the text): the seats of the
1941 districts on the map, Moscow's two hexes one HQ (9.5.3)."""


def md_hq(map_doc: Json) -> Json:
    """The Military District HQ table (9.1.3, 9.5.3): hex -> its HQ's name."""
    from .build import stand_in

    hexes = {h: e["name"] for h, e in map_doc["hexes"].items() if e.get("name") in MD_HQ}
    missing = set(MD_HQ) - set(hexes.values())
    if missing:
        raise ValueError(f"MD HQs not on the map: {sorted(missing)}")
    return {
        "kind": "table",
        "id": "md-hq",
        "name": "Soviet Military District HQs",
        "rule": "PMD 9.1.3, 9.5.3",
        "provenance": stand_in(
            "the starred hexes are not in the text: the seats of the 1941 military districts "
            "on the map (Leningrad, Baltic, Western, Kiev, Odessa, Kharkov, Moscow, Orel, "
            "North Caucasus); Moscow's two hexes are one HQ for points (9.5.3)"
        ),
        "entries": {h: {"name": name} for h, name in sorted(hexes.items())},
    }
