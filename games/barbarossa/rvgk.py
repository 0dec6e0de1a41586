"""The Soviet RVGK box (BARB 8.8-8.11) and what neither side may see (11.7).

Delayed Soviet reinforcements wait in the RVGK box (8.1), which the German may not examine; nor
may either side examine the other's waiting reinforcements (11.7): units in those boxes are
hidden from the enemy until they come on the map. In each Soviet RVGK Phase (none on GT1) up to
five units in all go in (from a hex with overland supply to an edge source) or come out (to a
Soviet-controlled city or Hero City in overland supply, or an east-edge hex 1000-2600), never
both for one unit (8.9-8.10). From GT3, at the start of each German Movement Phase, the Soviet
may deploy one RVGK unit in a Soviet-controlled, overland-supplied city (8.11; ruling 22). Once
the German expedition is recalled or defeated, the Soviet units in the Caucasus box may go in
too, within the same count (4.13)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import caucasus, fog, supply
from .turns import GERMAN, SOVIET, is_city

BOX = "box:rvgk"
LIMIT = 5
HIDDEN_BOXES = {
    BOX: GERMAN,
    "box:soviet-reinforcements": GERMAN,
    "box:german-reinforcements": SOVIET,
}


def hide(match: Match) -> None:
    """Units waiting in a box are hidden from the enemy; on the map, Soviet units under the top
    of their stack are hidden from the German (11.7, ``fog``)."""
    fogged = fog.concealed(match)
    for unit in match.state.units.values():
        enemy = HIDDEN_BOXES.get(unit.loc or "")
        if enemy is None and unit.id in fogged:
            enemy = GERMAN
        want = [enemy] if enemy else []
        if unit.hidden_from != want and (enemy or unit.hidden_from):
            unit.hidden_from = want


def in_box(match: Match) -> list[Unit]:
    """Units that may leave the RVGK: not a Guards or Shock army waiting to convert (8.20)."""
    return sorted(
        (u for u in match.units_at(BOX) if not u.flags.get("convert")), key=lambda u: u.id
    )


def exits(match: Match, *, emergency: bool = False) -> list[str]:
    net = supply.overland(match, SOVIET)
    edge = set() if emergency else set(match.topology.region("rvgk:exit"))
    out = []
    for h in sorted(hex_grid(match.topology).hexes()):
        if match.state.control.get(h) != SOVIET or match.side_at(h) == GERMAN:
            continue
        if len(match.units_at(h)) >= 5:
            continue
        if h in edge or (is_city(match, h) and h in net):
            out.append(h)
    return out


def _secret(match: Match) -> dict:
    """The phase's RVGK count and who went in or out: the Soviet's own knowledge (11.7)."""
    return match.state.secrets.setdefault(SOVIET, {}).setdefault("rvgk", {"used": 0, "moved": []})


def used(match: Match) -> int:
    return int(_secret(match)["used"]) if SOVIET in match.state.secrets else 0


class Rvgk(Verb):
    """``rvgk in UNIT`` or ``rvgk out UNIT HEX`` in the Soviet RVGK Phase (8.9-8.10)."""

    name = "rvgk"
    kinds = ("rvgk",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if used(match) >= LIMIT:
            return
        moved = set(_secret(match)["moved"])
        net = supply.overland(match, SOVIET)
        for unit in sorted(match.units_of(SOVIET), key=lambda u: u.id):
            if unit.id in moved or unit.loc is None or unit.loc.startswith("box:"):
                continue
            if unit.loc in net and match.counter(unit)["type"] != "ica":
                yield Action("rvgk", ("in", unit.id))
        if caucasus.state(match) in ("recalled", "defeated"):  # 4.13: the box's way out
            for unit in caucasus.in_box(match, SOVIET):
                if unit.id not in moved:
                    yield Action("rvgk", ("in", unit.id))
        hexes = exits(match)
        for unit in in_box(match):
            if unit.id not in moved:
                for h in hexes:
                    yield Action("rvgk", ("out", unit.id, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        if used(match) >= LIMIT:
            return "five units at most go in or out of the RVGK each phase (BARB 8.9)"
        return (
            "in: a unit in overland supply to an edge source, or from the Caucasus box once the "
            "expedition is recalled or defeated (4.13); out: to a Soviet city in overland "
            "supply or an east-edge hex 1000-2600; never in and out in one phase (BARB 8.9-8.10)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[1]]
        record = _secret(match)
        record["used"] += 1
        record["moved"].append(unit.id)
        if action.args[0] == "in":
            match.place(unit, BOX)
            unit.flags.pop("entry", None)
            match.emit("rvgk", "a Soviet unit goes into the RVGK", "BARB 8.9")
        else:
            match.place(unit, action.args[2])
            unit.flags.pop("entry", None)
            match.emit("rvgk", f"{unit.id} comes out of the RVGK in {action.args[2]}", "BARB 8.10")
        hide(match)


class Emergency(Verb):
    """``emergency UNIT HEX`` or ``emergency pass`` at the start of a German Movement Phase from
    GT3 (8.11)."""

    name = "emergency"
    kinds = ("emergency-rvgk",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("emergency", ("pass",))
        hexes = exits(match, emergency=True)
        for unit in in_box(match):
            for h in hexes:
                yield Action("emergency", (unit.id, h))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args[0] == "pass":
            match.emit("rvgk", "no emergency RVGK deployment", "BARB 8.11")
            return
        unit = match.state.units[action.args[0]]
        match.place(unit, action.args[1])
        unit.flags.pop("entry", None)
        unit.flags["emergency"] = match.turn
        hide(match)
        match.emit("rvgk", f"{unit.id} deploys from the RVGK to {action.args[1]}", "BARB 8.11")


@on_phase("start", kinds=("rvgk",))
def rvgk_count(match: Match, phase: PhaseSpec) -> None:
    match.state.secrets.setdefault(SOVIET, {})["rvgk"] = {"used": 0, "moved": []}


@hookimpl(trylast=True)
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """After the reinforcements have been put in their boxes, at any phase: hide them."""
    hide(match)


@on_phase("start", kinds=("movement",), trylast=True)
def offer_emergency(match: Match, phase: PhaseSpec) -> None:
    """8.11: the emergency deployment, at the start of a German Movement Phase from GT3."""
    if (
        match.phasing == GERMAN
        and match.turn >= 3
        and in_box(match)
        and exits(match, emergency=True)
    ):
        match.push(SOVIET, "emergency-rvgk", "emergency RVGK deployment (BARB 8.11)")


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if any(u.hidden_from for u in units):
        hide(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Rvgk(), Emergency()]
