"""Manstein's Gambit (BARB 4.16-4.17): a sudden-death bet the German may make with his 1943
summer offensive.

He declares it instead of a plain offensive (``offensive manstein`` at the start of GT17, 18 or
19; never on its own). It supersedes 4.4's judgement of the offensive and its VP debit, and it
replaces the Victory Check of GT20: at the end of GT20 the game ends, won by the German if he
controls all fourteen VP hexes he began the game with (ruling E17: the VP hexes outside the
USSR and the Baltic republics) and at least two of Leningrad, Moscow, Kiev and Stalingrad, else by
the Soviet. From the declaration to GT20 the German replacements are 2/2 instead of 1/1 (4.17).
The gambit's reinforcements (XIV and 76th Panzer Corps, 2nd Paratroop Corps and its air drop,
the early 2nd and 3rd SS) are not in the stand-in counter mix and are not implemented.
"""

from __future__ import annotations

from wargame.match import Match
from wargame.topology import is_box

from .turns import GERMAN, SOVIET, in_region, vp_value

LAST = 20
"""The game ends at the end of GT20 (Sep '43) under the gambit (4.16)."""
KEY_CITIES = ("1011", "1606", "2311", "2501")
"""Leningrad, Moscow, Kiev and Stalingrad (4.16)."""
SOVIET_LANDS = ("country:ussr", "country:lithuania", "country:latvia", "country:estonia")


def declared(match: Match) -> bool:
    return match.state.vars.get("manstein") is not None


def running(match: Match) -> bool:
    """A turn of the gambit: from its declaration to GT20 (4.17)."""
    start = match.state.vars.get("manstein")
    return start is not None and int(start) <= match.turn <= LAST


def home_hexes(match: Match) -> list[str]:
    """The fourteen VP hexes the German begins with (ruling E17)."""
    topo = match.topology
    return sorted(
        h
        for h in topo.locations()
        if not is_box(h)
        and vp_value(match, h)
        and not any(in_region(match, h, r) for r in SOVIET_LANDS)
    )


def judge(match: Match) -> None:
    """End of GT20 under the gambit (4.16)."""
    control = match.state.control
    home = home_hexes(match)
    lost = [h for h in home if control.get(h) != GERMAN]
    keys = [h for h in KEY_CITIES if control.get(h) == GERMAN]
    win = not lost and len(keys) >= 2
    text = (
        f"Manstein's Gambit at the end of GT{LAST}: "
        + (f"lost {', '.join(lost)}" if lost else f"all {len(home)} home VP hexes held")
        + f"; {len(keys)} of Leningrad, Moscow, Kiev, Stalingrad"
    )
    match.end_game(GERMAN if win else SOVIET, "Manstein's Gambit", text, "BARB 4.16")
