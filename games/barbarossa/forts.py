"""The Soviet Fortified Area (BARB 8.18, 11.22) and the German East Wall (11.21), both placed as
markers on hexes (the stand-in map prints no fortified lines).

The FA marker arrives in the Mutual Administrative Phase of GT16: the Soviet places it at once
(``fa HEX``) in a hex he controls with overland supply whose six neighbours are all such hexes too
(ruling 28). It never moves. Soviet units defending in its hex or the six around it get 1L on the
placement turn and 2L later, and from the next turn no concentric bonus and DR becomes BB against
them (8.18); its hexes may not be mobile assaulted (10.25); German supply lines never enter its
Soviet-controlled hexes (7.20). When the German takes the FA hex the marker is gone for good
(``state.vars["fa"]`` removed, ``fa_gone`` set).

The ten East Wall counters arrive at the start of GT19: the German places them at once
(``eastwall HEX``, one a hex) in German-controlled, overland-supplied, non-city hexes inside the
USSR or the Baltic republics. A Soviet attack into an East Wall hex is 1L (11.21); Soviet supply
lines never enter an intact one (7.20); the first Soviet unit to enter one destroys it for good
(11.21: after GT4, as every East Wall is). They are kept in ``state.vars["east_wall"]``.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .turns import GERMAN, SOVIET, in_region, is_city

FA_TURN = 16
WALL_TURN = 19
WALLS = 10
SOVIET_LANDS = ("country:ussr", "country:lithuania", "country:latvia", "country:estonia")


# ------------------------------------------------------------------ the Fortified Area (8.18)


def fa(match: Match) -> dict | None:
    return match.state.vars.get("fa")


def fa_hexes(match: Match) -> set[str]:
    """The FA hex and its six neighbours, while the FA stands."""
    got = fa(match)
    if not got:
        return set()
    return {got["hex"], *match.topology.neighbours(got["hex"])}


def fa_full(match: Match) -> bool:
    """After the turn of placement: 2L, no concentric bonus, DR to BB (8.18)."""
    got = fa(match)
    return got is not None and bool(got) and match.turn > int(got["turn"])


def fa_covers(match: Match, loc: str) -> bool:
    """Soviet defenders in ``loc`` have the FA's effects (a retaken hex has them again)."""
    return loc in fa_hexes(match) and match.state.control.get(loc) == SOVIET


def fa_sites(match: Match) -> list[str]:
    from . import supply

    net = supply.overland(match, SOVIET)
    control = match.state.control
    topo = match.topology
    out = []
    for h in sorted(net):
        if control.get(h) != SOVIET or h.startswith("box:"):
            continue
        around = topo.neighbours(h)
        if len(around) == 6 and all(control.get(n) == SOVIET and n in net for n in around):
            out.append(h)
    return out


class PlaceFa(Verb):
    """``fa HEX``: the Soviet places the Fortified Area on GT16 (8.18)."""

    name = "fa"
    kinds = ("fortified-area",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for h in fa_sites(match):
            yield Action("fa", (h,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "the FA goes in a Soviet-controlled, overland-supplied hex whose six neighbours are "
            "all such hexes (BARB 8.18)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        match.state.vars["fa"] = {"hex": action.args[0], "turn": match.turn}
        match.touch()
        match.emit(
            "fortified-area",
            f"the Soviet Fortified Area is placed in {action.args[0]}",
            "BARB 8.18",
        )


# ------------------------------------------------------------------ the East Wall (11.21)


def walls(match: Match) -> list[str]:
    return list(match.state.vars.get("east_wall", ()))


def wall_sites(match: Match) -> list[str]:
    from . import supply

    net = supply.overland(match, GERMAN)
    have = set(walls(match))
    return [
        h
        for h in sorted(net)
        if match.state.control.get(h) == GERMAN
        and h not in have
        and not is_city(match, h)
        and any(in_region(match, h, r) for r in SOVIET_LANDS)
    ]


class PlaceWall(Verb):
    """``eastwall HEX``: the German places an East Wall counter on GT19 (11.21)."""

    name = "eastwall"
    kinds = ("east-wall",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for h in wall_sites(match):
            yield Action("eastwall", (h,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "an East Wall counter goes in a German-controlled, overland-supplied non-city hex of "
            "the USSR or the Baltic republics, one a hex (BARB 11.21)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        placed = match.state.vars.setdefault("east_wall", [])
        placed.append(action.args[0])
        left = match.state.vars["east_wall_left"] = int(match.state.vars["east_wall_left"]) - 1
        match.touch()
        match.emit("east-wall", f"an East Wall counter in {action.args[0]}", "BARB 11.21")
        if left <= 0 or not wall_sites(match):
            match.pop()
            match.state.vars.pop("east_wall_left")


# ------------------------------------------------------------------ effects


def supply_blocks(match: Match, side: str) -> frozenset[str]:
    """Hexes a side's supply lines may not enter (7.20)."""
    if side == GERMAN:
        return frozenset(h for h in fa_hexes(match) if match.state.control.get(h) == SOVIET)
    return frozenset(walls(match))


def no_concentric(match: Match, target: str) -> bool:
    return fa_full(match) and fa_covers(match, target)


def dr_to_bb(match: Match, target: str) -> bool:
    return fa_full(match) and fa_covers(match, target)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    units = match.state.units
    if not battle.attackers or not battle.defenders:
        return []
    attacker = units[battle.attackers[0]].side
    target = battle.target
    if attacker == GERMAN and fa_covers(match, target):
        n = 2 if fa_full(match) else 1
        return [Shift.left(n, "Soviet Fortified Area", "BARB 8.18")]
    if attacker == SOVIET and target in walls(match):
        return [Shift.left(1, "attack into an East Wall fortified line", "BARB 11.21")]
    return []


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Soviet units entering an East Wall hex destroy it; the German taking the FA hex ends the
    FA for good."""
    if not units or not path:
        return
    side = units[0].side
    entered = path[1:] if len(path) > 1 else path
    if side == SOVIET:
        gone = [h for h in entered if h in walls(match)]
        for h in gone:
            match.state.vars["east_wall"].remove(h)
            match.emit("east-wall", f"the East Wall in {h} is destroyed", "BARB 11.21")
    got = fa(match)
    if got and match.state.control.get(got["hex"]) == GERMAN:
        match.state.vars.pop("fa")
        match.state.vars["fa_gone"] = True
        match.emit("fortified-area", "the Fortified Area is eliminated", "BARB 8.18")


@on_phase("start", ids=("administration",))
def placements(match: Match, phase: PhaseSpec) -> None:
    """The FA (GT16, 8.18) and the East Wall (GT19, 8.5) are placed."""
    v = match.state.vars
    if match.turn == FA_TURN and "fa" not in v and not v.get("fa_gone") and fa_sites(match):
        match.push(SOVIET, "fortified-area", "place the Fortified Area (BARB 8.18)")
    if match.turn == WALL_TURN and "east_wall" not in v and wall_sites(match):
        v["east_wall_left"] = WALLS
        match.push(GERMAN, "east-wall", f"place {WALLS} East Wall counters (BARB 11.21)")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [PlaceFa(), PlaceWall()]
