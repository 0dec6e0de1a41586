"""Soviet conversions (BARB 8.19-8.20).

Guards and Shock armies come into play by conversion (8.20): each arriving one replaces, in its
hex, an overland-supplied rifle army that is neither Guards nor Shock; the rifle army goes to the
dead pile and may be rebuilt. Until the Soviet converts it, the new army waits in the RVGK box
(ruling E10). ``reform NEW OLD`` in a Soviet Movement Phase.

A Guards Tank Army converts its namesake tank army (8.19): no choice is involved, so it happens
at the start of the first phase from its arrival turn when the tank army is in regular overland
supply (in place, on the map or in a box) or in the dead pile (the Guards Tank Army is then in the
dead pile); otherwise it waits. The tank army is then out of play for good (``flags["permanent"]``).
The arrival turns are stand-ins (:data:`GUARDS_TANK`).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics.movement import spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import supply
from .turns import SOVIET

KINDS = ("guards", "shock")
GUARDS_TANK = {"sov-5gt": 16, "sov-3gt": 24, "sov-1gt": 24, "sov-2gt": 29, "sov-4gt": 31}
"""Guards Tank Army -> its arrival turn: stand-ins (the turn track is not in the text), each
converting the tank army of its number (8.19)."""


def namesake(gt: str) -> str:
    return gt.replace("gt", "t")


def convert_tanks(match: Match) -> None:
    """8.19: every due Guards Tank Army whose namesake may convert does so now."""
    units = match.state.units
    for gt, turn in sorted(GUARDS_TANK.items()):
        if match.turn < turn or gt in units or gt not in match.counters_doc["counters"]:
            continue
        tank = units.get(namesake(gt))
        if tank is None or tank.flags.get("permanent"):
            continue  # the namesake has not come into play yet
        if tank.loc is None and tank.flags.get("eliminated"):
            new = match.new_unit(gt, None)
            new.flags = {"eliminated": True}
            where = "the dead pile"
        elif tank.loc is not None and supply.state(match, tank) == "overland":
            where = tank.loc
            new = match.new_unit(gt, where)
            new.hidden_from = list(tank.hidden_from)
            match.place(tank, None)
        else:
            continue  # out of regular overland supply: it waits (8.19)
        tank.flags = {"permanent": True, "converted": gt}
        match.touch()
        from .rvgk import hide

        hide(match)  # the fog of its stack or box (11.7)
        match.emit("convert", f"{gt} replaces {tank.id} in {where}", "BARB 8.19")


def waiting(match: Match) -> list[Unit]:
    return sorted(
        (u for u in match.units_at("box:rvgk") if u.flags.get("convert")), key=lambda u: u.id
    )


def replaceable(match: Match) -> list[Unit]:
    return [u for u in supply.overland_rifles(match) if spent(match, u) == 0]


class Reform(Verb):
    name = "reform"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET:
            return
        olds = replaceable(match)
        for new in waiting(match):
            for old in olds:
                yield Action("reform", (new.id, old.id))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "a waiting Guards or Shock army replaces an overland-supplied rifle army that has "
            "not moved, in its hex (BARB 8.20)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        new, old = (match.state.units[u] for u in action.args)
        loc = str(old.loc)
        match.eliminate(old, f"converted into {new.id}", "BARB 8.20")
        match.place(new, loc)
        new.flags.pop("convert", None)
        new.hidden_from = []
        match.emit("convert", f"{new.id} replaces {old.id} in {loc}", "BARB 8.20")


@hookimpl(trylast=True)
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Due Guards Tank Armies convert their namesakes at the start of any phase (8.19)."""
    convert_tanks(match)


@on_phase("start", kinds=("movement",), trylast=True)
def hold_for_conversion(match: Match, phase: PhaseSpec) -> None:
    """Arriving Guards and Shock armies wait for their conversion instead of entering (8.20):
    after the reinforcements mechanic has put them in the box."""
    if match.phasing != SOVIET:
        return
    for unit in match.units_at("box:rvgk"):
        if match.counter(unit)["type"] in KINDS and unit.flags.get("entry"):
            unit.flags.pop("entry")
            unit.flags["convert"] = True


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reform()]
