"""The Lithuania option (BARB 3.7), a Campaign option the players agree on
(``--option lithuania=on``): Lithuania stays in the German sphere and Stalin keeps his chunk of
Poland.

At set-up Lithuania's five hexes start German-controlled and become Army Group North set-up
hexes; 2116, 2216, 2217, 2315 and 2316 start Soviet-controlled, so the German units there set
up elsewhere in their groups (ruling E31). Soviet units displaced from Lithuania start in the
nearest Soviet-controlled hex with room and may set up in any Soviet-controlled hex; any other
Soviet unit but the 9th Army and the ICA may move into the five Polish hexes. The Soviet does so
in his own set-up phase, after the German's (``deploy UNIT HEX``, stacking limits kept, 3.1).
The German's starting VP count Lithuania's VP hexes like the fourteen of 4.2 (ruling E31).
"""

from __future__ import annotations

from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import victory as shared_victory
from wargame.models import PhaseSpec
from wargame.topology import is_box

from .turns import GERMAN, SOVIET, in_region, vp_value

OPTION = "lithuania"
LITHUANIA = "country:lithuania"
POLAND = ("2116", "2216", "2217", "2315", "2316")
STAY = ("sov-9", "sov-ica")
"""Units that may not move into the Polish hexes (3.7)."""
LIMIT = 5


def room(match: Match, loc: str) -> bool:
    return len(match.units_at(loc)) < LIMIT


@hookimpl(trylast=True)
def wargame_setup(match: Match) -> None:
    """After the scenario's set-up and its VP (victory.py): the option's changes (3.7)."""
    if not match.option(OPTION):
        return
    topo = match.topology
    lith = sorted(topo.region(LITHUANIA))
    for h in lith:
        match.set_control(h, GERMAN)
    for h in POLAND:
        match.set_control(h, SOVIET)
    points = sum(vp_value(match, h) for h in lith)
    if points:
        shared_victory.award(
            match, GERMAN, points, "Lithuania's VP hexes start German (option)", "BARB 3.7, 4.2"
        )
    agn = set(topo.region("setup:agn"))
    gg = topo.region("country:general-government")
    for unit in match.units_of(GERMAN):
        spots = list(unit.flags.get("deploy", ()))
        if not spots:
            continue
        kept = [h for h in spots if h not in POLAND]
        if agn & set(kept):
            kept += lith
        elif len(kept) < len(spots):  # a group that lost hexes: the General Government behind
            kept += sorted(
                n
                for h in kept
                for n in topo.neighbours(h)
                if n in gg and n not in POLAND and n not in kept
            )
        unit.flags["deploy"] = list(dict.fromkeys(kept))
    for unit in match.units_of(GERMAN):
        if unit.loc in POLAND:
            spot = next((h for h in unit.flags["deploy"] if room(match, h)), None)
            match.place(unit, spot or unit.flags["deploy"][0])
    soviet_land = [h for h, s in sorted(match.state.control.items()) if s == SOVIET]
    for unit in match.units_of(SOVIET):
        if unit.loc is None or not in_region(match, unit.loc, LITHUANIA):
            continue
        start = unit.loc
        spot = min(
            (h for h in soviet_land if not is_box(h) and room(match, h)),
            key=lambda h: (topo.distance(start, h), h),
        )
        match.place(unit, spot)
        unit.flags["displaced"] = True


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == OPTION:
        return match.option(OPTION)
    return None


@on_phase("start", ids=("soviet-deploy",))
def soviet_choices(match: Match, phase: PhaseSpec) -> None:
    """3.7: where each Soviet unit may set up."""
    soviet_land = [
        h
        for h, s in sorted(match.state.control.items())
        if s == SOVIET and not is_box(h) and h in match.topology
    ]
    for unit in match.units_of(SOVIET):
        if unit.loc is None or is_box(unit.loc):
            continue
        if unit.flags.pop("displaced", None):
            unit.flags["deploy"] = soviet_land
        elif unit.counter not in STAY:
            unit.flags["deploy"] = [unit.loc, *POLAND]
