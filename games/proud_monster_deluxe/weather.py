"""Weather (PMD 12.1-12.4): two zones, the chit cups, and what the weather does to movement.

Each week's Weather Phase sets the weather of the Northern and Southern Zones (12.1; the line
between them moves north on turns 218 and 318). Fall and Spring weeks draw chits from cups
without replacement (12.2): 4 A chits for the 2nd half of September to the 1st half of
October, the 4 B chits without an F for the 2nd half of October, the 2 left plus the 2 with an
F for November, the 2 C chits for the 1st half of December; X, Y and Z chits for March, April
and May. Winter from the 2nd half of December to February is snow (rulings W1, W3); in the
1941/42 winter its weeks draw the 10 A and B chits again for their WA numbers alone, as the C
chits give theirs, and in March 1942 an X chit gives its WA number for its week (12.2, 12.4:
``week_wa``, read in a week of Snow only). Chit contents are not in the text beyond three
pictures: ``CHITS`` and ``WA_ON`` are stand-ins (rulings W2, WA1) that keep every printed fact
(a B chit dated Nov 1 with WA 9, the SS chit dated Dec 2 with WA 9) and 16.2's totals: 2
Freeze weeks in 1941 and 64 winter attrition losses. Summer is dry.

Effects (12.4): Rain takes 1 MF from Axis Leg units and 2 from Axis Mech units; Mud, Freeze and
Snow use the TEC's M, F and S columns (frozen rivers cost nothing, lakes are crossed in Snow).

Elsewhere: winter attrition (``attrition.py``), the effects on combat and mobile assault
(``combat.py``: rivers in D/R/M only; ``mobileassault.py``: no MA in Mud). The optional
historical weather (12.3, scenario option ``historical-weather``) gives each Fall 1941 and Spring
1942 week its chit (``HISTORICAL``, stand-in weeks: ruling W5)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from wargame.calendar import set_weather, weather
from wargame.combat import Modifier
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics.movement import chart_cost, gone_roads
from wargame.models import PhaseSpec
from wargame.state import Unit

from .turns import AXIS, ynn

CHITS: dict[str, list[str]] = {
    "A": ["DD", "DD", "RD", "DR"],
    "B": ["RR", "MR", "MM", "RM"],
    "BF": ["FM", "FR"],
    "C": ["SR", "SS"],
    "X": ["SM", "FM", "MM", "SR"],
    "Y": ["MM", "MR", "RD", "MD"],
    "Z": ["RD", "DD", "DD", "DR"],
}
"""Stand-in chit faces, NZ then SZ (12.2): 4 A, 6 B (2 with an F), 2 C; 4 X, 4 Y, 4 Z. The two
Freeze weeks of 1941 are the two F chits (16.2: exactly 2, so no other chit drawn in 1941 has
an F)."""
WA_ON: dict[str, list[int]] = {
    "A": [4, 4, 5, 5],
    "B": [5, 4, 4, 9],
    "BF": [4, 5],
    "C": [3, 9],
    "X": [2, 0, 0, 1],
}
"""Stand-in WA numbers, chit by chit as ``CHITS`` (12.2; ruling WA1). Printed facts kept: the B
chit dated Nov 1 (``B4``, ``HISTORICAL``) and the SS chit dated Dec 2 (``C2``) carry WA 9. The
A, B and C chits are all read once in the 1941/42 winter and the X chits' WA is read in their
March 1942 week when it is Snow (12.2: "for that chit's week"; 12.4: weeks of Snow), which the
stand-in X chits with an S (``X1`` SM, ``X4`` SR) are and the others never: so whatever the
order of the draws the Axis takes 4+4+5+5 + 5+4+4+9 + 4+5 + 3+9 + 2+1 = 64 First Winter
Attrition losses (16.2). The non-Snow X chits' and the Y and Z chits' numbers are never read:
0 here."""
WA_WEEKS = (123, 206)
"""12.2, 12.4: the turns whose chits give the WA number: the C chits of the 1st half of December
1941, the A and B chits again, one a week, to the end of February 1942 (``WINTER_DRAW``), then
the X chits of March 1942 in their Snow weeks."""
WINTER_DRAW = (124, 204)
"""12.2: the 2nd half of December 1941 to February 1942 draw the A and B chits for their WA."""

CUPS = {
    "sep-oct": ["A"],
    "late-oct": ["B"],
    "nov": ["BF"],
    "dec": ["C"],
    "mar": ["X"],
    "apr": ["Y"],
    "may": ["Z"],
    "winter": ["A", "B", "BF"],
}


def zone_region(match: Match) -> str:
    """The Southern Zone's region now (12.1): south of the southernmost line to turn 217, the
    middle line from 218, the northernmost from 318."""
    n = ynn(match)
    return "sz-3" if n >= 318 else "sz-2" if n >= 218 else "sz-1"


def cup_for(n: int) -> str | None:
    """Which cup a turn's weeks draw from (12.2), or None for a fixed weather."""
    nn = n % 100
    if nn in (18, 19):  # Sep 3&4, Oct 1&2
        return "sep-oct"
    if nn == 20:
        return "late-oct"
    if nn in (21, 22):
        return "nov"
    if nn == 23:
        return "dec"
    return {5: "mar", 6: "mar", 7: "apr", 8: "apr", 9: "may", 10: "may"}.get(nn)


def chit_ids(groups: list[str]) -> list[str]:
    """The chits of these groups by id (``A1``, ``BF2``): faces may repeat, chits do not."""
    return [f"{g}{i}" for g in groups for i in range(1, len(CHITS[g]) + 1)]


def _split(chit: str) -> tuple[str, int]:
    group = chit.rstrip("0123456789")
    return group, int(chit[len(group) :]) - 1


def face(chit: str) -> str:
    """The chit's weather, NZ then SZ (12.2: "MR" is Mud in the NZ, Rain in the SZ)."""
    group, i = _split(chit)
    return CHITS[group][i]


def wa(chit: str) -> int:
    """The chit's WA number (12.2; stand-in, ruling WA1), 0 on a chit whose number is never
    read."""
    group, i = _split(chit)
    return WA_ON.get(group, [0] * len(CHITS[group]))[i]


def draw(match: Match, cup: str) -> str:
    """One chit (its id) from the cup, without replacement (12.2): the cup is filled when first
    used in its period; November's cup is the late-October leftovers plus the two F chits; the
    1941/42 winter's cup holds the 10 A and B chits again."""
    ns = match.state.ns("weather-cups")
    key = "winter-1941" if cup == "winter" else f"{ynn(match) // 100}:{cup}"
    if key not in ns:
        chits = chit_ids(CUPS[cup])
        if cup == "nov":
            chits = ns.get(f"{ynn(match) // 100}:late-oct", chit_ids(["B"]))[:] + chits
        ns[key] = chits
    chits = ns[key]
    if not chits:  # never: each period draws as many weeks as its cup holds
        raise RuntimeError(f"weather cup {cup} is empty")
    i = match.roll(f"1d{len(chits)}", f"weather chit from cup {cup}", "PMD 12.2") - 1
    return str(chits.pop(i))


HISTORICAL_OPTION = "historical-weather"
HISTORICAL: dict[tuple[int, int], str] = {
    (118, 1): "A1", (118, 2): "A2", (119, 1): "A4", (119, 2): "A3",
    (120, 1): "B2", (120, 2): "B3", (121, 1): "B4", (121, 2): "BF1",
    (122, 1): "BF2", (122, 2): "B1", (123, 1): "C1", (123, 2): "C2",
    (205, 1): "X4", (205, 2): "X1", (206, 1): "X2", (206, 2): "X3",
    (207, 1): "Y1", (207, 2): "Y2", (208, 1): "Y4", (208, 2): "Y3",
    (209, 1): "Z1", (209, 2): "Z4", (210, 1): "Z2", (210, 2): "Z3",
}  # fmt: skip
"""12.3's optional historical weather: (turn, week) -> the chit printed for that week of Fall
1941 or Spring 1942. The weeks printed on the chits are not in the text: a stand-in (ruling W5)
after the 1941 autumn (dry to mid-October, the rasputitsa, November's frost) and the 1942
thaw, every chit of each cup used once in its own period, as the random draw does."""


def historical_chit(match: Match, week: int) -> str | None:
    """With the 12.3 option on, the chit of this week of Fall 1941 or Spring 1942 (no draw);
    None otherwise (the normal random draw, 12.2)."""
    if not match.option(HISTORICAL_OPTION):
        return None
    return HISTORICAL.get((ynn(match), week))


def week_wa(match: Match) -> int:
    """This week's WA number: its chit's, in a week of Snow of the 1941/42 winter (the C, A and
    B chits to February, an X chit's in March 1942: 12.2, 12.4); else 0."""
    return int(match.state.ns("weather-cups").get("wa", 0))


@on_phase("start", ids=("w1-weather", "w2-weather"))
def draw_weather(match: Match, phase: PhaseSpec) -> None:
    """Each week's Weather Phase (12.1-12.2)."""
    n = ynn(match)
    nn = n % 100
    cup = cup_for(n)
    wa_week = WA_WEEKS[0] <= n <= WA_WEEKS[1]
    chit = None
    if cup is not None:
        week = 2 if phase.id.startswith("w2") else 1
        chit = historical_chit(match, week) or draw(match, cup)
        code = face(chit)
    elif nn in (24, 1, 2, 3, 4):
        code = "SS"  # the 2nd half of December to February: snow (12.2; ruling W3)
        if WINTER_DRAW[0] <= n <= WINTER_DRAW[1]:
            chit = draw(match, "winter")  # its WA number only (12.2)
    else:
        code = "DD"  # summer and the 1st half of September (ruling W1)
    ns = match.state.ns("weather-cups")
    ns.pop("wa", None)
    if chit is not None and wa_week and "S" in code and wa(chit):
        ns["wa"] = wa(chit)  # 12.4: a week of Snow (either zone) of the 1941/42 winter
    set_weather(match, code[0], "nz", "PMD 12.1-12.2")
    set_weather(match, code[1], "sz", "PMD 12.1-12.2")
    match.touch()  # the movement costs depend on the weather (cost key)


def weather_at(match: Match, loc: str) -> str:
    """The weather in ``loc``'s zone (D before any Weather Phase)."""
    zone = "sz" if loc in match.topology.region(zone_region(match)) else "nz"
    return weather(match, zone) or "D"


def _dry_columns(match: Match) -> bool:
    """Dry and Rain both read the TEC's dry column (Rain changes MF only, 12.4)."""
    return {weather(match, "nz"), weather(match, "sz")} <= {"D", "R", None}


def _column(condition: str | None) -> str:
    """The TEC column a weather reads (12.4): Rain reads the dry one (it changes MF only)."""
    return "D" if condition in (None, "R") else condition


@hookimpl
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    from .straits import frozen

    ice = frozen(match)  # 8.11: not the weather alone (the Kerch's December Snow weeks)
    if _dry_columns(match) and not ice:
        return None  # the kernel's default key: side and class, shared by every dry week
    nz, sz = _column(weather(match, "nz")), _column(weather(match, "sz"))
    # one weather over both zones: where the line runs changes nothing
    region = zone_region(match) if nz != sz else None
    return (unit.side, match.unit_type(unit)["mobility"], nz, sz, region, ice)


_COSTS: dict[tuple[object, ...], float] = {}
"""Chart costs by (title, side, class, terrain, hexside features, weather pair): static."""


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    """The TEC's column for the weather in ``b`` (terrain) and on the hexside (12.4; a border
    hexside is the SZ's, 12.1)."""
    now = _weather_now(match)
    if now is None:
        return None
    sz, nz_column, sz_column, steps, static = now
    step = steps.get((a, b))
    if step is None:
        return None  # not a step of the map
    here, across = _columns(now, a, b)
    mobility = match.unit_type(unit)["mobility"]
    key = (static, unit.side, mobility, *step, here, across)
    cost = _COSTS.get(key)
    if cost is None:
        cost = _COSTS[key] = chart_cost(match, unit, a, b, (here, across))
    return cost


def _columns(now: tuple[Any, str, str, Any, tuple[object, ...]], a: str, b: str) -> tuple[str, str]:
    sz, nz_column, sz_column = now[0], now[1], now[2]
    return (sz_column if b in sz else nz_column, sz_column if a in sz or b in sz else nz_column)


def columns(match: Match, a: str, b: str) -> tuple[str, str] | None:
    """The TEC columns (terrain of ``b``, the hexside) of a step now, or None when dry (12.4)."""
    now = _weather_now(match)
    return None if now is None else _columns(now, a, b)


def _steps(match: Match) -> dict[tuple[str, str], tuple[str, frozenset[str]]]:
    """(terrain entered, hexside features) of every step between hexes: static, once per map."""

    def build() -> dict[tuple[str, str], tuple[str, frozenset[str]]]:
        topo = match.topology
        graph = topo.graph()
        found = {}
        for i, nbrs in enumerate(graph.adj):
            a = graph.ids[i]
            for j in nbrs:
                b = graph.ids[j]
                edge = topo.edge(a, b) if a in topo else None
                if edge is not None:
                    found[(a, b)] = (topo.terrain(b), edge.features)
        return found

    return match.shared("pmd-steps", build)


def _weather_now(match: Match) -> tuple[Any, str, str, Any, tuple[object, ...]] | None:
    """(the SZ's hexes, the NZ's column, the SZ's column, the map's steps, (title, roads gone)),
    or None when both read the dry column: asked once per hexside when a cost table is built,
    so found once per state."""
    found = match.scratch.get("pmd-weather-now", False)
    if found is False:
        found = None
        if not _dry_columns(match):
            found = (
                match.topology.region(zone_region(match)),
                _column(weather(match, "nz")),
                _column(weather(match, "sz")),
                _steps(match),
                (match.title.id, gone_roads(match)),
            )
        match.scratch["pmd-weather-now"] = found
    return found


@hookimpl
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    """12.4: Rain takes 1 MF from Axis Leg and 2 from Axis Mech units, for movement only."""
    loss = rain_loss(match, unit)
    return [Modifier(unit.id, "add", -loss, "Rain: Axis movement", "PMD 12.4")] if loss else []


def rain_loss(match: Match, unit: Unit) -> int:
    """The MF Rain takes from the unit for movement (12.4): 1 Axis Leg, 2 Axis Mech, else 0. Only
    movement: an MF read for anything else (13.15.2's 6 MP, ruling JO5) adds it back."""
    if unit.side != AXIS or unit.loc is None or unit.loc.startswith("box:"):
        return 0
    if "R" not in (weather(match, "nz"), weather(match, "sz")):
        return 0
    if weather_at(match, unit.loc) != "R":
        return 0
    return 2 if match.unit_type(unit)["mobility"] == "mech" else 1
