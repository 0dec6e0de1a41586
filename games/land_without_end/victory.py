"""Victory (LWE 4.1-4.6): hex control, the German VP ledger, the Moscow capture roll, the
fortified-zone debit, the victory checks and the levels of victory.

Control of a hex passes at once to the side whose unit enters it (3.6). Only the German keeps a
score, from 0 (3.2, 4.1). Taking a Soviet small town, large town or city is worth 1, 2, 4, lost
again when the Soviet retakes it (4.2); a Greater Germany hex the Soviet takes costs 1, Memel 2 and
Königsberg 4 instead (4.2, 4.3). Moscow taken before the first non-dry weather: one roll on the
Moscow table at once (4.4, the shared capture-roll mechanic).

Every VP goes into the shared victory mechanic's ledger. The checks (4.5) are the scenario's
threshold condition on the victory table, judged by the mechanic when :func:`check` asks; the end
of GT22 with no earlier win is the mechanic's outcome, the final tally's level by the scenario's
``vp-levels`` condition on the same table (4.5, 4.6; no draws, 4.1).
"""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import captureroll, control
from wargame.mechanics import victory as shared
from wargame.models import PhaseSpec
from wargame.state import Unit

from .common import (
    GERMAN,
    KIEV,
    LENINGRAD,
    MOSCOW,
    SOVIET,
    in_region,
    town_class,
    weather_seen,
)

ODESSA = "2141"
"""The FZ the 4.2 debit ignores (ruling M4)."""


def table(match: Match) -> dict[str, Any]:
    return dict(match.title.doc("victory")["entries"])


def vp(match: Match) -> float:
    return float(match.state.vp.get(GERMAN, 0))


def hex_value(match: Match, loc: str) -> int:
    """What German control of ``loc`` is worth against Soviet control (4.2, 4.3)."""
    values = table(match)["vp"]
    if in_region(match, loc, "country:ussr"):
        cls = town_class(match, loc)
        return int(values[cls]) if cls else 0
    if in_region(match, loc, "country:greater-germany"):
        cls = town_class(match, loc)
        if cls == "city":
            return -int(values["konigsberg"])
        if cls == "large-town":
            return -int(values["memel"])
        return -int(values["greater-germany-hex"])
    return 0


def moscow_spec(match: Match) -> dict[str, Any]:
    """The Moscow Dry Weather Capture Table (12.9, stand-in D8) as the capture-roll mechanic's
    spec: 6 or more collapses the USSR, +2 Leningrad German, +1 Kiev German, +1 before GT10."""
    doc = match.title.doc("moscow")["entries"]
    drm = doc["drm"]
    return {
        "location": MOSCOW,
        "side": GERMAN,
        "at_least": int(doc["roll"]["collapse_at"]),
        "modifiers": [
            {"holds": LENINGRAD, "drm": drm["leningrad-german"], "reason": "Leningrad German"},
            {"holds": KIEV, "drm": drm["kiev-german"], "reason": "Kiev German"},
            {"before_turn": 10, "drm": drm["before-gt10"], "reason": "before GT10"},
        ],
        "level": "german-major",
        "text": f"Moscow falls: {doc['results']['collapse']}",
        "rule": "LWE 4.4, 12.9",
    }


def non_dry_seen(match: Match) -> bool:
    """The first non-dry weather has been rolled (ruling E22g); the weather rules set it."""
    return weather_seen(match, "non_dry")


def take(match: Match, loc: str, side: str) -> None:
    """``side`` takes ``loc`` (3.6); VP follow at once (4.2, 4.3), and the Moscow roll (4.4)."""
    if loc.startswith("box:") or loc not in match.topology:
        return
    if not control.take(match, loc, side):
        return
    value = hex_value(match, loc)
    if value:
        sign = 1 if side == GERMAN else -1
        shared.award(match, GERMAN, sign * value, f"{side} takes {loc}", "LWE 4.2, 4.3")
    if side == GERMAN and not non_dry_seen(match):
        captureroll.on_capture(match, loc, side, moscow_spec(match))


@hookimpl
def wargame_setup(match: Match) -> None:
    match.state.vp = {GERMAN: int(match.state.vars.get("german_vp", 0))}


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    live = [u for u in units if u.loc is not None]
    if not live or not path:
        return
    for loc in path[1:] if len(path) > 1 else path:
        take(match, loc, live[0].side)
        if match.state.cursor.stage == "over":
            return


def fz_debit(match: Match) -> None:
    """4.2: from GT4, at the start of every game turn, -1 VP per Soviet FZ on the map but
    Odessa's."""
    if match.turn < 4:
        return
    count = sum(
        1
        for u in match.state.units.values()
        if u.side == SOVIET
        and u.loc not in (None, ODESSA)
        and not u.loc.startswith("box:")
        and "fz" in match.unit_type(u).get("tags", ())
    )
    if count:
        shared.award(match, GERMAN, -count, f"{count} fortified zones on the map", "LWE 4.2")


def level(match: Match, points: float) -> tuple[str, str]:
    """4.6: the winner and level for a final tally (the table's level entries)."""
    found = shared.level_for(match, points, "victory", "LWE 4.6")
    return str(found["winner"]), str(found["level"])


def check_win(match: Match, winner: str | None, _: str, text: str, rule: str | None) -> None:
    """A check's German win (4.5): a major victory before GT18, else the tally's level (4.6)."""
    major = match.turn < int(table(match)["major"]["before_turn"])
    name = "german-major" if major else level(match, vp(match))[1]
    match.end_game(winner, name, text, rule)


def check(match: Match) -> None:
    """4.5: at a check, at least the table's VP wins for the German at once. The last turn's
    check is the final reckoning (4.6: the outcome)."""
    if match.turn != int(match.scenario["last_turn"]):
        shared.threshold_check(match, end=check_win)


@on_phase("start", ids=("refit-start",))
def debit_fortified_zones(match: Match, phase: PhaseSpec) -> None:
    fz_debit(match)


@on_phase("end", ids=("victory-check",))
def victory_check(match: Match, phase: PhaseSpec) -> None:
    check(match)
