"""Offensive Supply markers with dummies, hidden from the enemy (PMD 8.6, 16.2).

Each 2-week turn, the Soviet (from turn 203) and the Axis (from turn 117) place their markers
face down, each on any hex of his choice, water and enemy-occupied land included (``ossupply
LETTER HEX``), in his part of the Reinforcement Phase (8.6; 5.2 I step 6: Soviet then Axis,
before the Weather Phase; ruling OS5); the location is public, the value (3, 4 or 5 for an
active marker, 0 for a dummy) is in the owner's secrets only; a marker he leaves off stays off
that turn. The Gambit's Offensive Supply-5 is placed in the Axis Refit Phase that declares it
(5.7: "deployed during the Refit Phase"; ruling MG2). The owner turns an
active marker face up when he uses it (``ossupply reveal LETTER``, in any of his phases); a dummy
has nothing to show. Instead of offensive supply he may rotate an active marker (``ossupply
rotate LETTER``, turning it up if it is not) to make its hex a temporary urban hex (8.2), when
it lies within 5, 7 or 9 Mech MP (value 3, 4, 5) of a supply trace from an urban hex of his in
supply; ``supply.py`` then traces from it as long as it stays so. Every marker comes off when the
next deployment begins (ruling OS2).

The letters are dealt afresh to the values at each deployment, from a generator the enemy's
view cannot reproduce, so a letter says nothing of its value in a later turn (ruling OS4). The
marker counts are on the Turn Record Track, not in the text: ``POOL`` is a stand-in (ruling
OS1). Offensive supply within a marker's radius (8.4) is read through ``covering``: the radius
in hexes is the marker's value (ruling OS3); a rotated marker gives none.

Whether a unit is in offensive supply (8.4, 8.6) is :func:`lacks`, the one answer every rule that
asks reads (a PA's full strength, 13.2; an MA, 14.2, 14.5; 13.10(1); the unit specials of section
15; 5.5): defensive supply at the phase's check (8.3: no OOS or ISO), then, from the side's first
marker turn (the Axis 117, the Soviet 203), a turned-up active marker whose radius reaches the hex
where the unit started the phase (ruling OS7); air supply before turn 211 (8.7) and the partisans
(15.8) are in offensive supply without one."""

from __future__ import annotations

import random
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from .turns import AXIS, SOVIET, ynn

RULE = "PMD 8.6"
DEPLOY = {SOVIET: "soviet-reinforcement", AXIS: "axis-reinforcement"}
"""8.6, 5.2 I step 6: each side's part of the Reinforcement Phase, where his markers are placed."""
FIRST = {SOVIET: 203, AXIS: 117}
ROTATED_RANGE = {3: 5, 4: 7, 5: 9}
"""8.2 (T31): a marker's value -> the longest trace in Mech MP from an actual urban hex to it."""
POOL = (5, 4, 3, 0, 0, 0)
"""Stand-in markers of each side (ruling OS1): three active (5, 4, 3) and three dummies (0)."""
GAMBIT = 5
"""5.7(7): Manstein's Gambit gives the Axis one more marker, an Offensive Supply-5."""
LETTERS = "ABCDEFG"
KIND = "offensive-supply"
STARTS = "pmd-offsupply-starts"
"""``state.plugins`` key: where each unit that has moved this phase started it (8.6)."""


def _secret(match: Match, side: str) -> dict[str, Any]:
    """The side's marker values (read only: no empty secrets are made)."""
    found: dict[str, Any] = match.state.secrets.get(side, {}).get(KIND, {})
    return found


def key(side: str, letter: str) -> str:
    return f"os-{side}-{letter}"


def on_map(match: Match, side: str) -> dict[str, dict[str, Any]]:
    return {
        k: m
        for k, m in match.state.markers.items()
        if m.get("type") == KIND and m.get("side") == side
    }


def value(match: Match, side: str, letter: str) -> int:
    return int(_secret(match, side)["values"][letter])


def pool(match: Match, side: str) -> tuple[int, ...]:
    """The side's markers (ruling OS1), the Axis's with the Gambit's Offensive Supply-5 once
    he has declared it (5.7(7))."""
    from . import gambit  # gambit imports this module

    declared = side == AXIS and gambit.declared(match)
    return POOL + ((GAMBIT,) if declared else ())


def deal(match: Match, side: str) -> None:
    """The owner's markers, dealt afresh to letters (ruling OS4)."""
    values = list(pool(match, side))
    random.Random(f"{match.state.dice}/{match.turn}/{side}").shuffle(values)
    mine = match.state.secrets.setdefault(side, {}).setdefault(KIND, {})
    mine["values"] = dict(zip(LETTERS, values, strict=False))


def gambit_marker(match: Match) -> None:
    """5.7(7): the Gambit's Offensive Supply-5 comes with its declaration, in an Axis Refit
    Phase, and is deployed in that phase (5.7; the next letter, ruling MG2) when this turn's
    markers are out; else it is dealt with the others at the next deployment."""
    mine = _secret(match, AXIS)
    values = mine.get("values")
    if values is not None:
        letter = LETTERS[len(values)]
        values[letter] = GAMBIT
        mine["gambit"] = {"letter": letter, "phase": phase_key(match)}


def unplaced(match: Match, side: str) -> list[str]:
    values = _secret(match, side).get("values", {})
    placed = on_map(match, side)
    return [x for x in sorted(values) if key(side, x) not in placed]


def pick_up(match: Match) -> None:
    """The markers come off when the next deployment begins (ruling OS2)."""
    for k in [k for k, m in match.state.markers.items() if m.get("type") == KIND]:
        del match.state.markers[k]
    for side in (SOVIET, AXIS):
        mine = match.state.secrets.get(side, {})
        mine.pop(KIND, None)
        if side in match.state.secrets and not mine:
            del match.state.secrets[side]


@hookimpl
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    """The owner sees each of his face-down markers' value (0: a dummy) on it; the enemy sees
    only where they are (8.6). The view's marker entries are copies: the state is untouched."""
    owners = (SOVIET, AXIS) if side is None else (side,)
    for owner in owners:
        values = _secret(match, owner).get("values", {})
        for k, m in on_map(match, owner).items():
            if "value" not in m and k in view["markers"]:
                view["markers"][k] = {**m, "value": values[k.rsplit("-", 1)[1]], "face_down": True}


def deploying(match: Match) -> list[str]:
    """The sides that place markers this turn, the Soviet first (5.2 step 6)."""
    n = ynn(match)
    if n == 112:
        return []  # 8.6: a 2-week turn's phase (112 is one week, and has no Reinforcement Phase)
    return [s for s in (SOVIET, AXIS) if n >= FIRST[s]]


def placing(match: Match, side: str) -> bool:
    """Whether ``side`` places markers now: his part of the Reinforcement Phase (8.6; 5.2 I
    step 6, Soviet then Axis; ruling OS5)."""
    leaf = match.phase
    return leaf is not None and leaf.spec.id == DEPLOY[side]


def placeable(match: Match, side: str) -> list[str]:
    """The letters ``side`` may place now: every unplaced one in his part of the Reinforcement
    Phase (ruling OS5); the Gambit's in the Axis Refit Phase that declared it (5.7, MG2)."""
    if placing(match, side):
        return unplaced(match, side)
    gambit = _secret(match, side).get("gambit")
    if gambit and gambit["phase"] == phase_key(match) and gambit["letter"] in unplaced(match, side):
        return [gambit["letter"]]
    return []


def map_hexes(match: Match) -> list[str]:
    """8.6: "any hex on the map" (water and enemy-held hexes too), never an off-map area."""
    return match.shared(
        "pmd-marker-hexes", lambda: [h for h in sorted(match.topology.locations()) if not is_box(h)]
    )


def covering(match: Match, side: str, loc: str) -> list[str]:
    """The side's revealed active markers whose radius reaches ``loc`` (8.4, ruling OS3)."""
    topo = match.topology
    return [
        k
        for k, m in on_map(match, side).items()
        if m.get("value")
        and not m.get("rotated")
        and loc in topo
        and not is_box(loc)
        and not is_box(m["loc"])  # a save from before 8.6's "on the map" was enforced
        and topo.distance(m["loc"], loc) <= int(m["value"])
    ]


def start_of(match: Match, unit: Unit) -> str | None:
    """The hex where the unit started this phase (8.6: offensive supply is judged there); a
    unit that came onto the map this phase, the hex where it entered (ruling OS7)."""
    found = match.state.plugins.get(STARTS)
    if found and found.get("phase") == phase_key(match):
        return str(found["locs"].get(unit.id, unit.loc))
    return unit.loc


def lacks(match: Match, unit: Unit) -> str | None:
    """Why ``unit`` is not in offensive supply now, or None when it is (8.4, 8.6, 8.7): the one
    answer every rule that asks reads."""
    from .combat import unsupplied

    state = unsupplied(unit)
    if state is not None:  # 8.4: an OOS unit cannot have offensive supply (8.3's check)
        return f"{state} (PMD 8.4)"
    answer = match.hook.wargame_supply(match=match, unit=unit) or {}
    if "offensive" in answer:  # 15.8: the partisans
        return None if answer["offensive"] else str(answer.get("why", "no offensive supply"))
    if answer.get("kind") == "air":  # 8.7: before turn 211, offensive supply with no marker
        return None
    return hex_lacks(match, unit.side, start_of(match, unit))


def hex_lacks(match: Match, side: str, loc: str | None) -> str | None:
    """Why ``side``'s units in ``loc`` lack the markers' part of offensive supply, or None (8.4,
    8.6): before the side's first marker turn defensive supply is offensive supply; from it a
    turned-up active marker's radius reaches ``loc`` (ruling OS3). Defensive supply at ``loc``
    is the caller's to ask (a hex, where no unit stands yet: 10.5's landing hex, 15.18's town)."""
    if ynn(match) < FIRST.get(side, 0):
        return None  # 8.4: before the side's marker turns defensive supply is offensive supply
    if loc is None or is_box(loc) or loc not in match.topology:
        return f"off the map: no marker's radius reaches it ({RULE}, 8.4; ruling OS7)"
    if covering(match, side, loc):
        return None
    return f"not within a turned-up active Offensive Supply marker's radius ({RULE}, 8.4)"


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Where each moving unit started the phase (8.6), recorded at its first move; from off
    the map, the first map hex of its path (ruling OS7)."""
    if not path or not units:
        return
    topo = match.topology
    start = next((h for h in path if h in topo and not is_box(h)), None)
    if start is None:
        return
    key = phase_key(match)
    found = match.state.plugins.get(STARTS)
    if found is None or found.get("phase") != key:
        found = match.state.plugins[STARTS] = {"phase": key, "locs": {}}
    for unit in units:
        found["locs"].setdefault(unit.id, start)


@on_phase("end", kinds=("movement", "combat"))
def forget_starts(match: Match, phase: PhaseSpec) -> None:
    """The phase's start hexes go with it (8.6: each phase judges its own start)."""
    match.state.plugins.pop(STARTS, None)


def rotated(match: Match, side: str) -> tuple[tuple[str, int], ...]:
    """The side's rotated markers as (hex, value): temporary urban hexes when in range (8.2)."""
    return tuple(
        sorted(
            (str(m["loc"]), int(m["value"]))
            for m in on_map(match, side).values()
            if m.get("rotated") and m.get("value")
        )
    )


class OffensiveSupply(Verb):
    """``ossupply LETTER HEX`` (placing, face down), ``ossupply reveal LETTER`` (8.6) and
    ``ossupply rotate LETTER`` (8.2: a temporary urban hex)."""

    name = "ossupply"
    kinds = ("reinforce", "movement", "combat", "refit")

    def actors(self, match: Match, decision: Decision) -> list[str]:
        found = placeable(match, decision.side)
        if match.phasing != decision.side:
            return found
        found += ["reveal"] if self._revealable(match, decision.side) else []
        return found + (["rotate"] if self._rotatable(match, decision.side) else [])

    def _rotatable(self, match: Match, side: str) -> list[str]:
        """The side's active markers, face down or up, not yet rotated, in range of a supply
        trace from an urban hex (8.2)."""
        from . import supply

        secret = _secret(match, side).get("values", {})
        reach = supply.urban_reach(match, side)
        out = []
        for k, m in on_map(match, side).items():
            letter = k.rsplit("-", 1)[1]
            worth = int(secret.get(letter, 0))
            near = reach.get(m["loc"], 10**9) <= ROTATED_RANGE.get(worth, -1)
            if near and not m.get("rotated"):
                out.append(letter)
        return out

    def _revealable(self, match: Match, side: str) -> list[str]:
        secret = _secret(match, side).get("values", {})
        return [
            k.rsplit("-", 1)[1]
            for k, m in on_map(match, side).items()
            if "value" not in m and secret.get(k.rsplit("-", 1)[1])
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        if actor in LETTERS:
            if actor not in placeable(match, decision.side):
                return []
            return [Action("ossupply", (actor, h)) for h in map_hexes(match)]
        if actor not in ("reveal", "rotate") or match.phasing != decision.side:
            return []
        found = (self._revealable if actor == "reveal" else self._rotatable)(match, decision.side)
        return [Action("ossupply", (actor, x)) for x in found]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        args = action.args
        if len(args) != 2:
            return "usage: ossupply LETTER HEX | ossupply reveal|rotate LETTER"
        if args[0] == "rotate":
            if match.phasing != decision.side:
                return f"a marker is rotated in its owner's phases ({RULE})"
            if args[1] not in self._rotatable(match, decision.side):
                return (
                    f"no active marker {args[1]} of yours, not yet rotated, within 5, 7 or 9 "
                    "Mech MP (value 3, 4, 5) of a supply trace from your urban hex (PMD 8.2)"
                )
            return None
        if args[0] != "reveal":
            if not placeable(match, decision.side):
                return f"markers are placed in the Reinforcement Phase, Soviet then Axis ({RULE})"
            if args[0] not in placeable(match, decision.side):
                return f"no unplaced marker {args[0]} to place now ({RULE}, 5.7)"
            if args[1] not in match.topology or is_box(args[1]):
                return f"a marker is placed on a hex of the map, not {args[1]} ({RULE})"
            return None
        if match.phasing != decision.side:
            return f"a marker is turned up in its owner's phases ({RULE})"
        if args[1] not in self._revealable(match, decision.side):
            return f"no face-down active marker {args[1]} of yours on the map ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        side, (first, second) = decision.side, action.args
        if first not in ("reveal", "rotate"):
            match.state.markers[key(side, first)] = {"type": KIND, "loc": second, "side": side}
            match.emit("offensive-supply", f"{side} marker {first} face down on {second}", RULE)
            return
        marker = match.state.markers[key(side, second)]
        marker["value"] = value(match, side, second)
        if first == "rotate":
            marker["rotated"] = True
            match.emit(
                "offensive-supply",
                f"{side} marker {second} at {marker['loc']} ({marker['value']}) rotated: a "
                "temporary urban hex",
                "PMD 8.2",
            )
            return
        match.emit(
            "offensive-supply",
            f"{side} marker {second} at {marker['loc']} turned up: {marker['value']}",
            RULE,
        )


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [OffensiveSupply()]


@on_phase("start", ids=("reinforcement",))
def reinforcement_phase(match: Match, phase: PhaseSpec) -> None:
    """Each 2-week turn's Reinforcement Phase: last turn's markers off, this turn's dealt."""
    pick_up(match)
    for side in deploying(match):
        deal(match, side)
