"""Reinforcements from the calendar's schedule (PGG 14.0/16.0, Barbarossa 8.1).

At the start of the owner's phase named in ``phase`` (default "movement"; with ``sides: all``, at
the start of that phase every side's, PMD 9.1's Reinforcement Phase shared by both), the units
scheduled for this turn wait in the entry's own ``box``, else ``boxes[side]`` (one box per side),
else ``box``, with their entry locations;
the movement mechanic lets them enter through one of them, paying its cost. Units not brought on
stay in the box and may enter later (voluntary delay). ``draw`` entries pick counters of a type
at random (untried units, PGG 14.1): never used yet first, then (unless ``redraw_dead`` is off,
PMD 2.2: a counter gone from play stays gone) from the dead pile. The schedule keys already brought into play are kept in
``state.ns("reinforcements")["arrived"]`` (a scenario starting later may fill it at set-up).
"""

from __future__ import annotations

from wargame.hookspecs import on_phase
from wargame.match import Match
from wargame.models import PhaseSpec

REQUIRES = {"movement": "units enter from their box by moving"}
"""Mechanics this one needs in the same title (checked at load)."""


@on_phase(
    "start", ids_from=lambda match: (match.settings("reinforcements").get("phase", "movement"),)
)
def arrive(match: Match, phase: PhaseSpec) -> None:
    s = match.settings("reinforcements")
    if s.get("sides", "phasing") == "all":
        sides = list(match.sides)
    elif match.phasing is None:
        return
    else:
        sides = [match.phasing]
    done = match.state.ns("reinforcements").setdefault("arrived", [])  # schedule keys
    for key, entry in match.title.doc("calendar").get("schedule", {}).items():
        if entry.get("kind", "reinforcement") != "reinforcement" or key in done:
            continue
        side = entry["side"]
        if side not in sides or int(entry["turn"]) > match.turn:
            continue
        done.append(key)
        box = entry.get("box") or s.get("boxes", {}).get(side) or s.get("box", "box:reinforcements")
        entries = match.resolve_locations(entry.get("at", []))
        ids = list(entry.get("units", []))
        for utype, count in entry.get("draw", {}).items():
            got = match.draw_counters(
                side, utype, count, set(), upto=True, dead=s.get("redraw_dead", True)
            )
            if len(got) < count:
                match.emit(
                    "reinforcements",
                    f"{side} ({key}): only {len(got)} of {count} {utype} "
                    "counters left; the rest do not arrive",
                    s.get("limit_rule"),
                )
            ids.extend(got)
        for cid in ids:
            unit = match.new_unit(cid, box)
            unit.flags["entry"] = entries
        if ids:
            match.emit(
                "reinforcements",
                f"{side} reinforcements ({key}): {', '.join(ids)}",
                entry.get("provenance", {}).get("rule"),
                units=ids,
                at=entries,
            )
