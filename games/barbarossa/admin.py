"""The sequence's own rules: which phases run (BARB 5.1-5.5, 12.2), replacements (8.12-8.13),
Soviet offensive supply markers (7.10-7.12) and the GT3 Red Army reorganization (8.23)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import paulus
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import manstein, supply
from .turns import GERMAN, SOVIET, is_city, road_back_rules

SOURCES = {GERMAN: "supply:german", SOVIET: "supply:soviet"}

NS = "barbarossa-admin"


class AdminState(TypedDict, total=False):
    """What the administration rules keep between decisions, in the namespace ``NS``."""

    moscow_german_at_start: bool  # 7.21: no offensive supply markers this turn
    replaced: dict[str, list[int]]  # side -> [mech, non-mech] replacements used this turn (8.12)
    placed: dict[str, int]  # hex -> units rebuilt there this turn (8.13, 8.16)
    reorganize_pending: list[str]  # units whose 8.23 reorganization waits (ruling E34)


def ns(match: Match) -> AdminState:
    return cast(AdminState, match.state.ns(NS))


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    turn = match.turn
    side = match.phasing
    rb13 = match.scenario_id == "road-back" and turn == 13
    if phase.when == "deploy":
        return any(u.flags.get("deploy") for u in match.state.units.values())
    if phase.when == "replacements":
        return (
            turn >= int(match.state.vars.get("replacements_from", 1))
            and bool(replacements_left(match, phase.side))
            and bool(dead(match, phase.side))
        )
    if phase.when == "rvgk":
        return side == SOVIET and turn >= 2 and not rb13  # none on GT1 (8.9); 12.2
    if phase.when == "offensive-supply":
        return side == SOVIET and turn >= 7 and not rb13 and not moscow_lost(match)
    if phase.when == "movement":
        return not rb13  # 12.2: GT13 is a Soviet Prepared Assault Phase only
    if phase.when == "assault":
        if rb13 and side == GERMAN:
            return False
        # 5.10: no German Prepared Assault Phase in a Paulus Pause
        return not (side == GERMAN and paulus.in_force(match))
    return None


def moscow_lost(match: Match) -> bool:
    """7.21: no markers while the Moscow rule is in force (set at the start of each turn)."""
    return bool(ns(match).get("moscow_german_at_start"))


def moscow_suspended(match: Match) -> bool:
    """7.21, at the start of a game turn: a turn from GT7 that begins with Moscow German
    suspends the Soviet offensive supply markers, until a turn begins with Moscow back in
    Soviet control and in Soviet overland supply."""
    control = match.state.control.get("1606")
    if control == GERMAN:
        return True
    before = bool(ns(match).get("moscow_german_at_start")) and match.turn > 7
    back = control == SOVIET and "1606" in supply.overland(match, SOVIET)
    return before and not back


@on_phase("start", kinds=("combat",))
def soviet_obligations(match: Match, phase: PhaseSpec) -> None:
    """5.12: the attacks the Soviet owes on GT1-3."""
    if match.phasing == SOVIET and match.turn <= 3:
        from .combat import note_obligations

        note_obligations(match)


@on_phase("start", ids=("administration",))
def administration(match: Match, phase: PhaseSpec) -> None:
    ns(match)["moscow_german_at_start"] = moscow_suspended(match)
    ns(match)["replaced"] = {GERMAN: [0, 0], SOVIET: [0, 0]}
    ns(match)["placed"] = {}
    match.state.vars["offensive_markers"] = {}
    if match.scenario_id == "road-back" and match.turn == 13:
        for block in match.sequence.turn_blocks:
            if block.side == GERMAN and block.orders:
                match.state.orders[block.key] = "fight-move"  # no German player turn (12.2)
            if block.side == SOVIET and block.orders:
                match.state.orders[block.key] = "fight-move"  # a PA phase only (12.2)
    if match.scenario_id == "road-back" and match.turn == 14:
        match.state.vars.pop("no_move_fight_shift", None)  # 12.2
        rules = road_back_rules(match)  # 12.8
        rules.pop("south_only_attacks", None)
        rules.pop("south_offensive", None)
    returning(match)


@on_phase("end", ids=("victory-check",))
def gt3_reorganization(match: Match, phase: PhaseSpec) -> None:
    """8.23: the last act of GT3."""
    if match.turn == 3:
        reorganize(match)


def returning(match: Match) -> None:
    """Withdrawn Soviet armies come back on their turn as reinforcements, through the east edge
    or out of the RVGK (8.21, 12.11)."""
    entry = match.resolve_locations(["supply:soviet"])
    for cid, turn in list(match.state.vars.get("withdrawn", {}).items()):
        if match.turn >= turn:
            unit = match.state.units[cid]
            match.place(unit, "box:rvgk")
            unit.flags = {"entry": entry}
            match.state.vars["withdrawn"].pop(cid)
            match.emit("return", f"{cid} returns from its withdrawal", "BARB 8.21")


def reorganize(match: Match) -> None:
    """8.23: the Soviet player's last activity of GT3: corps out for good, oversized armies
    replaced in place by their regular counterparts. A unit cut off from all supply then waits
    (``reorganize_pending`` in the namespace ``NS``) until it is back in overland supply or in the dead
    pile (ruling E34)."""
    waiting = []
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        tags = match.unit_type(unit).get("tags", ())
        if unit.side != SOVIET or unit.loc is None or not {"corps", "oversized"} & set(tags):
            continue
        if supply.state(match, unit) == "out":
            waiting.append(unit.id)
            match.emit("reorganize", f"{unit.id} is cut off: its reorganization waits", "BARB 8.23")
            continue
        reorganize_unit(match, unit)
    if waiting:
        ns(match)["reorganize_pending"] = waiting


def reorganize_unit(match: Match, unit: Unit) -> None:
    """8.23 for one unit on the map or in a box: a corps is eliminated for good; an oversized
    army leaves play and its regular counterpart takes its hex (a replacement, not a loss: no
    8.22 substitution into the dead pile)."""
    if "corps" in match.unit_type(unit).get("tags", ()):
        match.eliminate(unit, "Red Army reorganization", "BARB 8.23")
        unit.flags["permanent"] = True
        return
    loc = unit.loc
    match.place(unit, None)
    unit.flags = {"eliminated": True, "permanent": True}
    regular = unit.counter[:-1]
    if regular in match.counters_doc["counters"] and regular not in match.state.units:
        match.new_unit(regular, loc)
    match.emit("reorganize", f"{regular} replaces {unit.id} in {loc}", "BARB 8.23", unit=unit.id)


def reorganize_late(match: Match) -> None:
    """A waiting unit back in overland supply is reorganized at once (8.23)."""
    pending = ns(match).get("reorganize_pending")
    if not pending:
        return
    for uid in list(pending):
        unit = match.state.units[uid]
        if unit.loc is not None and supply.state(match, unit) == "overland":
            pending.remove(uid)
            reorganize_unit(match, unit)
    if not pending:
        ns(match).pop("reorganize_pending")


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    reorganize_late(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    reorganize_late(match)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """A waiting unit that reaches the dead pile is reorganized there: gone for good, an
    oversized army's regular counterpart put in the dead pile (8.23, 8.22)."""
    pending = ns(match).get("reorganize_pending")
    if not pending or unit.id not in pending:
        return
    pending.remove(unit.id)
    if not pending:
        ns(match).pop("reorganize_pending")
    unit.flags["permanent"] = True
    regular = unit.counter[:-1]
    if "oversized" in match.unit_type(unit).get("tags", ()) and regular not in match.state.units:
        match.new_unit(regular, None).flags = {"eliminated": True}


# ------------------------------------------------------------------ replacements


def turn_rates(match: Match, side: str) -> list[int]:
    if side == GERMAN and match.turn == 30 and match.state.vars.get("oder"):
        return [4, 4]  # 4.18
    if side == GERMAN and manstein.running(match):
        return [2, 2]  # 4.17
    entry = match.title.doc("calendar")["turns"].get(str(match.turn), {})
    return list(entry.get("values", {}).get("replacements", {}).get(side, [0, 0]))


def replacements_left(match: Match, side: str) -> list[int]:
    rates = turn_rates(match, side)
    used = ns(match).get("replaced", {}).get(side, [0, 0])
    return (
        [rates[0] - used[0], rates[1] - used[1]]
        if any(r > u for r, u in zip(rates, used, strict=True))
        else []
    )


def dead(match: Match, side: str) -> list[str]:
    """Units in the dead pile that may come back: eliminated, not dotted (2.5, 8.12), not
    removed for good."""
    oob = match.title.doc("oob")["entries"]
    return sorted(
        u.id
        for u in match.state.units.values()
        if u.side == side
        and u.loc is None
        and u.flags.get("eliminated")
        and not u.flags.get("permanent")
        and not oob.get(u.counter, {}).get("dotted")
    )


def entry_hexes(match: Match, side: str) -> list[str]:
    """8.1, 8.13: friendly edge supply hexes, and friendly cities in overland supply, with room
    for one more unit of this turn's placements (one full stack per hex)."""
    net = supply.overland(match, side)
    placed = ns(match).get("placed", {})
    out = []
    for h in sorted(hex_grid(match.topology).hexes()):
        if match.state.control.get(h) != side or match.side_at(h) not in (None, side):
            continue
        if not (h in match.topology.region(SOURCES[side]) or (is_city(match, h) and h in net)):
            continue
        if placed.get(h, 0) >= 5 or len(match.units_at(h)) >= 5:
            continue
        out.append(h)
    return out


class Replace(Verb):
    """``replace UNIT HEX``: rebuild a dead unit from this turn's replacements (8.12-8.13):
    mech and non-mech counted apart; the Soviet may spend a mech replacement on a non-mech unit
    (8.12); the German may not."""

    name = "replace"
    kinds = ("replacement",)

    def _kind(self, match: Match, uid: str) -> int:
        return 0 if match.unit_type(match.state.units[uid])["mobility"] == "mech" else 1

    def _may(self, match: Match, side: str, uid: str) -> bool:
        left = replacements_left(match, side)
        if not left:
            return False
        k = self._kind(match, uid)
        return left[k] > 0 or (side == SOVIET and k == 1 and left[0] > 0)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        side = decision.side
        hexes = entry_hexes(match, side)
        for uid in dead(match, side):
            if self._may(match, side, uid):
                for h in hexes:
                    yield Action("replace", (uid, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: replace UNIT HEX"
        uid, h = action.args
        if uid not in dead(match, decision.side):
            return f"{uid} is not in your dead pile or may not be replaced (BARB 8.12)"
        if not self._may(match, decision.side, uid):
            return "no replacement of that class left this turn (BARB 8.12)"
        if h not in entry_hexes(match, decision.side):
            return f"{h} is not a friendly edge source or supplied city with room (BARB 8.1, 8.13)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        uid, h = action.args
        side = decision.side
        k = self._kind(match, uid)
        used = ns(match)["replaced"][side]
        rates = turn_rates(match, side)
        if used[k] < rates[k]:
            used[k] += 1
        else:
            used[0] += 1  # a Soviet mech replacement spent on a non-mech unit (8.12)
        ns(match)["placed"][h] = ns(match)["placed"].get(h, 0) + 1
        unit = match.state.units[uid]
        match.new_unit(unit.counter, h, uid)
        match.emit("replace", f"{side} rebuilds {uid} in {h}", "BARB 8.13", unit=uid, loc=h)


# ------------------------------------------------------------------ offensive supply markers


class Mark(Verb):
    """``mark A HEX``: place an offensive supply marker (7.10-7.12), at most one per hex; they
    stay until the end of the Soviet player turn."""

    name = "mark"
    kinds = ("offensive-supply",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        placed = match.state.vars.get("offensive_markers", {})
        free = [m for m in supply.RANGES if m not in placed]
        if not free:
            return
        marker = free[0]
        used = set(placed.values())
        for unit in sorted(match.units_of(SOVIET), key=lambda u: u.id):
            if unit.loc and not unit.loc.startswith("box:") and unit.loc not in used:
                used.add(unit.loc)
                yield Action("mark", (marker, unit.loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: mark A|B|C HEX"
        marker, h = action.args
        placed = match.state.vars.get("offensive_markers", {})
        if marker not in supply.RANGES or marker in placed:
            return f"marker {marker} is not available (BARB 7.10)"
        if h not in match.topology or h.startswith("box:"):
            return f"no hex {h}"
        if h in placed.values():
            return "one offensive supply marker per hex (BARB 7.12)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        marker, h = action.args
        match.state.vars.setdefault("offensive_markers", {})[marker] = h
        match.emit("mark", f"offensive supply marker {marker} in {h}", "BARB 7.12")


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Replace(), Mark()]
