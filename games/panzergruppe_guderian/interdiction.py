"""PGG interdiction (13.0-13.4, 4.2 A.1, A.4, B.5, 5.0): placing and removing the German Air
Interdiction markers and the one Soviet Interdiction marker.

``interdict HEX`` places a marker in the German Air Interdiction phases (the set-up placement
before Game-Turn 1 and phase B.5: three markers, one a hex) and in the Soviet Interdiction phase
(A.4: the one marker, on three Game-Turns of the game); ``end`` finishes placing. Markers are
``state.markers`` entries ``{"type": "air-interdiction" | "soviet-interdiction", "loc": HEX,
"side": ..., "turn": ...}``. Their effects live elsewhere: the extra movement cost in
:mod:`.movement` (13.31-13.32, 13.43), the cut German supply line in :mod:`.supply` (13.44).

The Air Interdiction markers may go east of hexrow 40 only one Game-Turn after the Germans took
both Smolensk hexes, while they hold them with a line of hexes to the west edge (13.2); the turn
they took it is kept in the module's namespace (``VAR_SMOLENSK``) and forgotten when they lose it.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.games.panzergruppe_guderian import victory
from wargame.games.panzergruppe_guderian.movement import (
    AIR,
    GERMAN,
    SOVIET,
    SOVIET_MARKER,
    columns,
    marker_id,
    markers_of,
)
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

AIR_MARKERS = 3  # PGG 13.1
EAST_LIMIT = 40  # PGG 13.2: hexrow 4000, inclusive
SOVIET_USES = 3  # PGG 13.41
NO_SOVIET_TURN = 12  # PGG 13.41: never on the last Game-Turn
SMOLENSK = "city:smolensk"  # PGG 13.2: both hexes
WHEN = "soviet-interdiction-left"  # the title's condition for phase A.4

NS = "pgg-interdiction"  # this module's state (state.ns)
VAR_SMOLENSK = "pgg-smolensk-taken"  # the Game-Turn the Germans took both Smolensk hexes
VAR_SOVIET_USES = "pgg-soviet-interdiction-turns"  # Game-Turns the Soviet marker was used
"""In ``state.vars``, not :data:`NS`: the status lines read it from the view."""


def _count(match: Match, kind: str, default: int) -> int:
    spec = match.counters_doc.get("markers", {}).get(kind, {})
    return int(spec.get("count", default))


def map_hexes(match: Match) -> list[str]:
    """Every hex of the map in order (markers go on hexes, not in boxes)."""
    found = match.cache.get("pgg-map-hexes")
    if found is None:
        found = sorted(columns(match))
        match.cache["pgg-map-hexes"] = found
    return list(found)


# ------------------------------------------------------------------ Smolensk (PGG 13.2)


def smolensk(match: Match) -> tuple[str, ...]:
    return tuple(sorted(match.topology.region(SMOLENSK)))


def holds_smolensk(match: Match) -> bool:
    """The Germans hold both hexes: a unit in each, or the last to pass through (15.11)."""
    return all(victory.holder(match, loc)[0] == GERMAN for loc in smolensk(match))


def track_smolensk(match: Match) -> None:
    """Remember the Game-Turn the Germans took Smolensk; forget it when they lose it (13.2)."""
    held = holds_smolensk(match)
    since = match.state.ns(NS).get(VAR_SMOLENSK)
    if held and since is None:
        match.state.ns(NS)[VAR_SMOLENSK] = match.turn
        match.emit(
            "smolensk",
            f"the Germans hold both Smolensk hexes (Game-Turn {match.turn}): "
            "Air Interdiction may go east of hexrow 40 from next turn",
            "PGG 13.2",
            turn=match.turn,
        )
    elif not held and since is not None:
        del match.state.ns(NS)[VAR_SMOLENSK]
        match.emit(
            "smolensk",
            "the Germans no longer hold both Smolensk hexes: Air "
            "Interdiction goes back to hexrow 40 and west",
            "PGG 13.2",
        )


def east_closed(match: Match) -> str | None:
    """Why Air Interdiction markers may not go east of hexrow 40 now, or None (PGG 13.2)."""
    key = "pgg-east-closed"
    if key in match.scratch:
        found: str | None = match.scratch[key]
        return found
    since = match.state.ns(NS).get(VAR_SMOLENSK)
    if since is None or not holds_smolensk(match):
        found = "the Germans do not hold both Smolensk hexes"
    elif match.turn < int(since) + 1:
        found = f"the Germans took Smolensk on Game-Turn {since}: one turn must pass first"
    else:
        city = victory.Objective("Smolensk", "city", 0, smolensk(match), "PGG 13.2")
        found = (
            None
            if victory.line_to_west(match, city) is not None
            else "no line of hexes joins Smolensk to the west edge free of Soviet units and "
            "Soviet ZOC"
        )
    match.scratch[key] = found
    return found


# ------------------------------------------------------------------ the Soviet marker (13.4)


def soviet_uses(match: Match) -> list[int]:
    return list(match.state.vars.get(VAR_SOVIET_USES, []))


def soviet_closed(match: Match) -> str | None:
    """Why the Soviet player may not use his marker this Game-Turn, or None (PGG 13.41)."""
    if match.turn >= NO_SOVIET_TURN:
        return (
            f"the Soviet Interdiction marker is never used on Game-Turn {NO_SOVIET_TURN} "
            "(PGG 13.41)"
        )
    used = soviet_uses(match)
    if match.turn in used or markers_of(match, SOVIET_MARKER):
        return "the Soviet Interdiction marker is already on the map (PGG 13.41)"
    if len(used) >= SOVIET_USES:
        return (
            f"the Soviet Interdiction marker has been used on {SOVIET_USES} Game-Turns "
            f"({', '.join(map(str, used))}) (PGG 13.41)"
        )
    return None


def _german_held(match: Match) -> frozenset[str]:
    units = match.state.units
    return frozenset(loc for loc, ids in match.occupied().items() if units[ids[0]].side == GERMAN)


# ------------------------------------------------------------------ the verb


class Interdict(Verb):
    """``interdict HEX``: place an Air Interdiction marker (German) or the Soviet Interdiction
    marker (Soviet) in the phase for it."""

    name = "interdict"
    kinds = ("air-interdiction", "soviet-interdiction")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.kind == "air-interdiction":
            if decision.side != GERMAN:
                return []
            placed = markers_of(match, AIR)
            if len(placed) >= _count(match, AIR, AIR_MARKERS):
                return []
            cols = columns(match)
            far = east_closed(match) is None
            return [
                Action("interdict", (loc,))
                for loc in map_hexes(match)
                if loc not in placed and (far or cols[loc] <= EAST_LIMIT)
            ]
        if decision.side != SOVIET or soviet_closed(match):
            return []
        german = _german_held(match)
        return [Action("interdict", (loc,)) for loc in map_hexes(match) if loc not in german]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: interdict HEX"
        loc = action.args[0]
        cols = columns(match)
        if loc not in cols:
            return f"no hex {loc} on the map"
        if decision.kind == "air-interdiction":
            if decision.side != GERMAN:
                return "only the German player places Air Interdiction markers (PGG 13.2)"
            placed = markers_of(match, AIR)
            if loc in placed:
                return f"{loc} already holds an Air Interdiction marker (PGG 13.33)"
            limit = _count(match, AIR, AIR_MARKERS)
            if len(placed) >= limit:
                return f"all {limit} Air Interdiction markers are placed (PGG 13.1)"
            if cols[loc] > EAST_LIMIT:
                why = east_closed(match)
                if why:
                    return (
                        f"{loc} is east of hexrow {EAST_LIMIT}: Air Interdiction goes no further "
                        f"east until one turn after the Germans take Smolensk (PGG 13.2): {why}"
                    )
            return None
        if decision.side != SOVIET:
            return "only the Soviet player places the Soviet Interdiction marker (PGG 13.41)"
        why = soviet_closed(match)
        if why:
            return why
        if loc in _german_held(match):
            return f"{loc} holds German units: no Soviet Interdiction there (PGG 13.45)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        if decision.kind == "air-interdiction":
            match.state.markers[marker_id(AIR, loc)] = {
                "type": AIR,
                "loc": loc,
                "side": GERMAN,
                "turn": match.turn,
            }
            match.emit(
                "marker", f"German Air Interdiction on {loc}", "PGG 13.2", marker=AIR, loc=loc
            )
        else:
            match.state.markers[marker_id(SOVIET_MARKER, loc)] = {
                "type": SOVIET_MARKER,
                "loc": loc,
                "side": SOVIET,
                "turn": match.turn,
            }
            match.state.vars[VAR_SOVIET_USES] = [*soviet_uses(match), match.turn]
            match.emit(
                "marker",
                f"Soviet Interdiction on {loc}",
                "PGG 13.42",
                marker=SOVIET_MARKER,
                loc=loc,
                uses=len(soviet_uses(match)),
            )
        match.touch()


# ------------------------------------------------------------------ hooks


def _remove(match: Match, kind: str, text: str, rule: str) -> None:
    found = markers_of(match, kind)
    for loc, mid in sorted(found.items()):
        del match.state.markers[mid]
        match.emit("marker", f"{text} {loc} removed", rule, marker=kind, loc=loc, removed=True)
    if found:
        match.touch()


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == WHEN:
        return soviet_closed(match) is None
    return None


@on_phase("start", kinds=("air-interdiction",))
def interdiction_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == GERMAN:
        # The marker's effects are spent: the German removes it now (4.2 B.5), which is the
        # end of his Player-Turn in effect (13.46).
        _remove(match, SOVIET_MARKER, "Soviet Interdiction marker on", "PGG 4.2 B.5, 13.46")
    track_smolensk(match)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    if phase.kind == "movement" and match.phasing == SOVIET:
        _remove(match, AIR, "Air Interdiction marker on", "PGG 4.2 A.1, 13.33")
    if match.phasing == GERMAN and phase.kind == "air-interdiction":
        _remove(match, SOVIET_MARKER, "Soviet Interdiction marker on", "PGG 13.46")
    if match.turn >= 1:
        track_smolensk(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Interdict()]
