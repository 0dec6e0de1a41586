"""Fortified lines (BARB 10.19, 11.21, 7.20): the printed ones of both sides (stand-in positions
on the stand-in map, ``attrs.fort`` their owner), the Soviet Fortified Area (8.18, 11.22) and the
German East Wall (11.21), the last two placed as markers on hexes.

Attacking into an enemy line is 1L and a mobile assault into one costs 1 MP more; a unit
defending in its enemy's line gets nothing from it. Soviet lines are indestructible; a German
line (printed or East Wall) is destroyed for good by the first Soviet unit to enter it after GT4.
German supply never enters a Soviet-controlled Soviet line, Soviet supply never an intact German
one (7.20).

The FA marker arrives in the Mutual Administrative Phase of GT16: the Soviet places it at once
(``fa HEX``) in a hex he controls with overland supply whose six neighbours are all such hexes too
(ruling 28). It never moves. Soviet units defending in its hex or the six around it get 1L on the
placement turn and 2L later, and from the next turn no concentric bonus and DR becomes BB against
them (8.18); its hexes may not be mobile assaulted (10.25); German supply lines never enter its
Soviet-controlled hexes (7.20). When the German takes the FA hex the marker is gone for good
(``state.vars["fa"]`` removed, ``fa_gone`` set in the namespace ``NS``).

The ten East Wall counters arrive at the start of GT19: the German places them at once
(``eastwall HEX``, one a hex) in German-controlled, overland-supplied, non-city hexes inside the
USSR or the Baltic republics. A Soviet attack into an East Wall hex is 1L (11.21); Soviet supply
lines never enter an intact one (7.20); the first Soviet unit to enter one destroys it for good
(11.21: after GT4, as every East Wall is). They are kept in ``state.vars["east_wall"]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

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
NS = "barbarossa-forts"


class FortsState(TypedDict, total=False):
    """What these rules keep, in the namespace ``NS``. The FA and East Wall markers stay in
    ``vars`` (ruling E20: every view shows them; the overrun settings name ``east_wall`` and
    ``ma_lines``)."""

    fa_gone: bool  # the German took the FA hex: the FA is gone for good (8.18)
    east_wall_left: int  # East Wall counters still to place (11.21)
    lines_destroyed: list[str]  # printed German line hexes destroyed (11.21)


def ns(match: Match) -> FortsState:
    return cast(FortsState, match.state.ns(NS))


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
        left = ns(match)["east_wall_left"] = int(ns(match)["east_wall_left"]) - 1
        match.touch()
        match.emit("east-wall", f"an East Wall counter in {action.args[0]}", "BARB 11.21")
        if left <= 0 or not wall_sites(match):
            match.pop()
            ns(match).pop("east_wall_left")


# ------------------------------------------------------------------ printed lines (11.21)


def printed(match: Match) -> dict[str, str]:
    """Hex -> owner of the fortified lines printed on the map (stand-in positions, map.json)."""
    key = "barb-printed-forts"
    got = match.cache.get(key)
    if got is None:
        topo = match.topology
        got = {
            h: str(topo.attrs(h)["fort"])
            for h in sorted(topo.locations())
            if "fortified-line" in topo.features(h)
        }
        match.cache[key] = got
    return got


def lines(match: Match, owner: str) -> set[str]:
    """The owner's intact fortified-line hexes: his printed ones (a German one is gone once
    Soviet units have occupied it after GT4, 11.21) and, for the German, the East Wall."""
    gone = set(ns(match).get("lines_destroyed", ()))
    out = {h for h, o in printed(match).items() if o == owner and h not in gone}
    if owner == GERMAN:
        out.update(walls(match))
    return out


def in_enemy_line(match: Match, attacker: str, loc: str) -> bool:
    """``loc`` is an intact fortified line of the attacker's enemy (10.19, 11.21)."""
    return loc in lines(match, SOVIET if attacker == GERMAN else GERMAN)


def note_ma_lines(match: Match) -> None:
    """The printed enemy lines an MA of each side pays one more MP to enter (10.19), as the
    overrun mechanic's ``target_cost_vars`` mapping (the East Wall has its own list)."""
    gone = set(ns(match).get("lines_destroyed", ()))
    match.state.vars["ma_lines"] = {
        GERMAN: sorted(h for h, o in printed(match).items() if o == SOVIET),
        SOVIET: sorted(h for h, o in printed(match).items() if o == GERMAN and h not in gone),
    }


# ------------------------------------------------------------------ effects


def supply_blocks(match: Match, side: str) -> frozenset[str]:
    """Hexes a side's supply lines may not enter (7.20): for the German, Soviet-controlled
    Soviet fortifications and FA hexes; for the Soviet, intact German fortifications."""
    control = match.state.control
    if side == GERMAN:
        fa_held = {h for h in fa_hexes(match) if control.get(h) == SOVIET}
        forts = {h for h in lines(match, SOVIET) if control.get(h) == SOVIET}
        return frozenset(fa_held | forts)
    return frozenset(lines(match, GERMAN))


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
    out = []
    if attacker == GERMAN and fa_covers(match, target):
        n = 2 if fa_full(match) else 1
        out.append(Shift.left(n, "Soviet Fortified Area", "BARB 8.18"))
    # 11.21: 1L into the defender's own line (a defender in his enemy's line gets nothing)
    if in_enemy_line(match, attacker, target):
        out.append(Shift.left(1, "attack into an enemy fortified line", "BARB 11.21"))
    return out


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Soviet units entering a German fortified line after GT4 destroy it (11.21); the German
    taking the FA hex ends the FA for good."""
    if not units or not path:
        return
    side = units[0].side
    entered = path[1:] if len(path) > 1 else path
    if side == SOVIET and match.turn > 4:
        german = lines(match, GERMAN)
        for h in [h for h in entered if h in german]:
            if h in walls(match):
                match.state.vars["east_wall"].remove(h)
                match.emit("east-wall", f"the East Wall in {h} is destroyed", "BARB 11.21")
            else:
                ns(match).setdefault("lines_destroyed", []).append(h)
                match.emit("fortified-line", f"the German line in {h} is destroyed", "BARB 11.21")
                note_ma_lines(match)
    got = fa(match)
    if got and match.state.control.get(got["hex"]) == GERMAN:
        match.state.vars.pop("fa")
        ns(match)["fa_gone"] = True
        match.emit("fortified-area", "the Fortified Area is eliminated", "BARB 8.18")


@on_phase("start", kinds=("movement",))
def ma_lines(match: Match, phase: PhaseSpec) -> None:
    if "ma_lines" not in match.state.vars:
        note_ma_lines(match)


@on_phase("start", ids=("administration",))
def placements(match: Match, phase: PhaseSpec) -> None:
    """The FA (GT16, 8.18) and the East Wall (GT19, 8.5) are placed."""
    v = match.state.vars
    if match.turn == FA_TURN and "fa" not in v and not ns(match).get("fa_gone") and fa_sites(match):
        match.push(SOVIET, "fortified-area", "place the Fortified Area (BARB 8.18)")
    if match.turn == WALL_TURN and "east_wall" not in v and wall_sites(match):
        ns(match)["east_wall_left"] = WALLS
        match.push(GERMAN, "east-wall", f"place {WALLS} East Wall counters (BARB 11.21)")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [PlaceFa(), PlaceWall()]
