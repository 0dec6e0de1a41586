"""Turn-keyed and instant events of the VP ledger and the order of battle: the 1943 summer
offensive (BARB 4.4), the Baltic and Dnepr debits (4.5-4.6), Bucharest and Ploesti (4.7-4.8),
Soviet withdrawals (8.21, 4.9), oversized armies lost early (8.22), the Italian 8th Army (8.28),
and the Road Back's Leningrad siege (12.23) and Fortress Stalingrad (12.7)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import victory as shared_victory
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import manstein, supply
from .turns import GERMAN, SOVIET, is_city

BALTIC = ("country:lithuania", "country:latvia", "country:estonia")
KIEV, DP = "2311", "2607"
NS = "barbarossa-events"


class EventsState(TypedDict, total=False):
    """What these rules keep between decisions, in the namespace ``NS`` (the Leningrad siege
    and the withdrawals stay in ``vars``: the Road Back's set-up names them)."""

    gt13_over: bool  # GT13 is over: 4.5 and 4.6 apply from then
    baltic_lost: bool  # 4.5's debit was made
    dnepr_lost: bool  # 4.6's debit was made
    siege_locked: bool  # the German holds Leningrad: the siege no longer changes (12.23)
    fallen: list[str]  # Bucharest and Ploesti, once lost before GT27 (4.7, 4.8)
    offensive_turn: int  # the turn the 1943 summer offensive was declared (4.4)
    offensive_held: list[str]  # the cities the German held then
    offensive_targets: list[str]  # the Soviet-held cities then
    offensive_judged: bool  # 4.4 was judged
    ss_pending: bool  # the 2nd SS withdrawal waits for supply or the dead pile (8.17)


def ns(match: Match) -> EventsState:
    return cast(EventsState, match.state.ns(NS))


def debit(match: Match, points: int, why: str, rule: str) -> None:
    shared_victory.award(match, GERMAN, -points, why, rule)


# ------------------------------------------------------------------ 4.5, 4.6: after GT13


def baltic_hexes(match: Match) -> list[str]:
    return sorted(h for r in BALTIC for h in match.topology.region(r))


def dnepr_hexes(match: Match) -> list[str]:
    """Hexes bordering the Dnepr from Kiev down to the 2809/2908 hexside, Kiev and
    Dnepro-Petrovsk counting whole (4.6). The stretch is the Dnepr's hexsides at or south of
    Kiev's row on the stand-in map."""
    topo = hex_grid(match.topology)
    kiev_row = topo.printed(KIEV)[1]
    out = {KIEV, DP}
    for h in topo.hexes():
        if topo.printed(h)[1] < kiev_row:
            continue
        for n in topo.neighbours(h):
            edge = topo.edge(h, n)
            if edge is not None and "river" in edge.features and edge.attrs.get("name") == "Dnepr":
                out.add(h)
    return sorted(out)


def after_gt13(match: Match) -> bool:
    return match.turn > 13 or bool(ns(match).get("gt13_over"))


def check_instant(match: Match) -> None:
    """4.5, 4.6, 12.23: conditions that act the first instant they hold."""
    if match.state.cursor.stage == "over":
        return
    v = ns(match)
    control = match.state.control
    late = after_gt13(match)
    if (
        late
        and not v.get("baltic_lost")
        and all(control.get(h) == SOVIET for h in baltic_hexes(match))
    ):
        v["baltic_lost"] = True
        debit(match, 3, "the Soviet holds all three Baltic republics", "BARB 4.5")
    if (
        late
        and not v.get("dnepr_lost")
        and any(control.get(h) != GERMAN for h in dnepr_hexes(match))
    ):
        v["dnepr_lost"] = True
        debit(match, 1, "a Dnepr hex is no longer German", "BARB 4.6")
    siege(match)


def siege(match: Match) -> None:
    """12.23: the Road Back starts with Leningrad under siege; it lifts (-1 VP) the instant no
    German-side unit is next to the city and comes back (+1) with German units in 1110 or 1111,
    or when the city no longer traces Soviet overland supply (its lake crossings included); it
    stops mattering once the German controls Leningrad."""
    v = match.state.vars
    if "leningrad_siege" not in v or ns(match).get("siege_locked"):
        return
    if match.state.control.get("1011") == GERMAN:
        ns(match)["siege_locked"] = True
        return
    topo = match.topology
    adjacent = any(match.side_at(n) == GERMAN for n in topo.neighbours("1011"))
    cut = "1011" not in supply.overland(match, SOVIET)  # over the lake too (7.14)
    if v["leningrad_siege"] and not adjacent and not cut:
        v["leningrad_siege"] = False
        debit(match, 1, "the siege of Leningrad is lifted", "BARB 12.23")
    elif not v["leningrad_siege"] and (
        cut or any(match.side_at(h) == GERMAN for h in ("1110", "1111"))
    ):
        v["leningrad_siege"] = True
        shared_victory.award(match, GERMAN, 1, "Leningrad under siege again", "BARB 12.23")


# ------------------------------------------------------------------ 4.7, 4.8


def early_loss(match: Match, loc: str) -> bool:
    """Called on a Soviet capture: True when 4.7/4.8 replace the normal 1 VP."""
    names = {"3114": ("Bucharest", "BARB 4.7"), "3015": ("Ploesti", "BARB 4.8")}
    if loc not in names or match.turn >= 27:
        return False
    fallen = ns(match).setdefault("fallen", [])
    if loc in fallen:
        return False
    fallen.append(loc)
    name, rule = names[loc]
    roll = match.roll("1d6", f"{name} lost before GT27", rule)
    debit(match, math.ceil(roll / 2) + 1, f"{name} lost before GT27", rule)
    return True


# ------------------------------------------------------------------ 4.4 the 1943 offensive


class Offensive(Verb):
    """``offensive declare``, ``offensive manstein`` (the offensive with Manstein's Gambit, 4.16)
    or ``offensive decline`` at the start of GT17, 18 or 19 (4.4)."""

    name = "offensive"
    kinds = ("offensive",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("offensive", ("declare",))
        yield Action("offensive", ("manstein",))
        yield Action("offensive", ("decline",))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        v = ns(match)
        if action.args[0] in ("declare", "manstein"):
            v["offensive_turn"] = match.turn
            if action.args[0] == "manstein":
                manstein.ns(match)["manstein"] = (
                    match.turn
                )  # 4.16: judged at the end of GT20 instead
                match.emit(
                    "manstein",
                    f"the German declares Manstein's Gambit on GT{match.turn}",
                    "BARB 4.16",
                )
                manstein.reinforce(match)  # 4.17
            v["offensive_held"] = cities(match, GERMAN)
            v["offensive_targets"] = cities(match, SOVIET)
            match.emit(
                "offensive",
                f"the German declares his 1943 summer offensive on GT{match.turn}",
                "BARB 4.4",
            )
        else:
            match.emit("offensive", f"no summer offensive on GT{match.turn}", "BARB 4.4")
        match._end_phase()


def cities(match: Match, side: str) -> list[str]:
    return sorted(h for h, s in match.state.control.items() if s == side and is_city(match, h))


def judge_offensive(match: Match) -> None:
    """End of the turn of declaration, or of GT19 without one (4.4)."""
    v = ns(match)
    if v.get("offensive_judged") or manstein.declared(match):
        return  # Manstein's Gambit supersedes 4.4 (4.16)
    turn = v.get("offensive_turn")
    if turn == match.turn:
        control = match.state.control
        held = all(control.get(h) == GERMAN for h in v["offensive_held"])
        gained = any(control.get(h) == GERMAN for h in v["offensive_targets"])
        v["offensive_judged"] = True
        if held and gained:
            match.emit("offensive", "the 1943 summer offensive succeeds", "BARB 4.4")
            return
    elif turn is not None or match.turn < 19:
        return
    v["offensive_judged"] = True
    roll = match.roll("1d6", "1943 summer offensive failed or not made", "BARB 4.4")
    debit(match, math.ceil(roll / 2), "no successful 1943 summer offensive", "BARB 4.4")


# ------------------------------------------------------------------ 8.21 Soviet withdrawals


def withdrawable(match: Match) -> list[Unit]:
    return supply.overland_rifles(match)


class Withdraw(Verb):
    """``withdraw UNIT`` or ``withdraw none`` in the Mutual Administrative Phase of GT6-8: one
    overland-supplied rifle army goes to the GT27 box; declining gives the German 1 VP (8.21,
    4.9)."""

    name = "withdraw"
    kinds = ("withdrawal",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("withdraw", ("none",))
        for unit in withdrawable(match):
            yield Action("withdraw", (unit.id,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if action.args[0] == "none":
            shared_victory.award(match, GERMAN, 1, "a Soviet withdrawal declined", "BARB 4.9")
        else:
            unit = match.state.units[action.args[0]]
            match.place(unit, None)
            unit.flags = {"withdrawn": True}
            match.state.vars.setdefault("withdrawn", {})[unit.id] = 27
            match.emit("withdraw", f"{unit.id} withdrawn until GT27", "BARB 8.21")
        match._end_phase()


# ------------------------------------------------------------------ wiring


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind == "offensive":
        return ["declare the 1943 summer offensive or decline it first (BARB 4.4)"]
    if decision.kind == "withdrawal":
        return ["withdraw a rifle army or decline first (BARB 8.21)"]
    if decision.kind == "ss-withdrawal":
        return ["withdraw the 2nd SS or decline first (BARB 8.17)"]
    return []


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "offensive":
        return 17 <= match.turn <= 19 and "offensive_turn" not in ns(match)
    if phase.when == "withdrawal":
        return match.scenario_id == "campaign" and 6 <= match.turn <= 8
    if phase.when == "ss-withdrawal":
        unit = match.state.units.get(SS)
        if match.turn == 19 and manstein.declared(match):
            return False  # 4.17: its GT24 return falls in the gambit's turns
        return match.turn in (19, 25) and unit is not None and not unit.flags.get("withdrawn")
    return None


@on_phase("start", ids=("administration",))
def administration(match: Match, phase: PhaseSpec) -> None:
    german_returning(match)
    ss_arrival_guard(match)
    if ns(match).get("ss_pending") and ss_withdrawable(match):
        ss_withdraw(match)
    if match.turn == 14:
        ns(match)["gt13_over"] = True
        check_instant(match)
    if match.turn == 14 and match.scenario_id == "road-back":
        for unit in match.units_at("2501"):
            if unit.side == GERMAN and supply.state(match, unit) != "overland":
                unit.flags["stalingrad_locked"] = 14  # 12.7


@on_phase("end", ids=("victory-check",))
def turn_end(match: Match, phase: PhaseSpec) -> None:
    judge_offensive(match)
    if match.turn == 13:
        ns(match)["gt13_over"] = True
        check_instant(match)
    if match.turn == 16:
        italian = match.state.units.get("ger-i8")
        if italian is not None and italian.loc is not None:
            match.eliminate(italian, "the Italian 8th Army leaves", "BARB 8.28")
            italian.flags["permanent"] = True
    for unit in match.state.units.values():
        unit.flags.pop("stalingrad_locked", None)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    check_instant(match)


def note_supply(match: Match, ids: Iterable[str]) -> None:
    """Each unit's supply state at the start of its battle (7.17), which decides whether its
    loss is for good (8.14, 8.15)."""
    seen = german_secret(match).setdefault("supply_at_battle", {})
    for uid in ids:
        unit = match.state.units[uid]
        if unit.side == GERMAN:  # only German losses depend on it; Soviet ids may be hidden
            seen[uid] = supply.state(match, unit)


def supply_at_death(match: Match, unit: Unit) -> str:
    return str(german_secret(match).get("supply_at_battle", {}).get(unit.id, "overland"))


def german_secret(match: Match) -> dict:
    """What only the German knows: his units' supply at their battles and the Romanian armies
    waiting on his turn track (11.7: the other side's track is not examined)."""
    return match.state.secrets.setdefault(GERMAN, {})


def german_loss(match: Match, unit: Unit) -> None:
    """8.14: from GT28 a German-side unit lost in any state but overland supply is gone for
    good. 8.15: the Romanian 3rd and 4th Armies come back once, 1-6 turns later, if lost in
    overland supply; otherwise they are gone (they never use the replacement allotment)."""
    state = supply_at_death(match, unit)
    if unit.counter in ("ger-r3", "ger-r4"):
        returned = german_secret(match).setdefault("romanian_back", [])
        if state == "overland" and unit.id not in returned:
            roll = match.roll("1d6", f"{unit.id} back on the turn track", "BARB 8.15")
            returned.append(unit.id)
            german_secret(match).setdefault("german_returns", {})[unit.id] = match.turn + roll
            match.emit("return", "a Romanian army goes on the turn track", "BARB 8.15")
        unit.flags["permanent"] = True  # never through the allotment
        return
    if match.turn >= 28 and state != "overland":
        unit.flags["permanent"] = True
        match.emit("permanent", f"{unit.id} is lost for good", "BARB 8.14")


def german_returning(match: Match) -> None:
    """Romanian armies due back enter as reinforcements on the west edge (8.15)."""
    entry = match.resolve_locations(["supply:german"])
    waiting = german_secret(match).get("german_returns", {})
    for uid, turn in list(waiting.items()):
        if match.turn >= turn:
            unit = match.state.units[uid]
            match.new_unit(unit.counter, "box:german-reinforcements", uid).flags["entry"] = entry
            waiting.pop(uid)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """8.22: an oversized army lost on GT1-3 is gone for good and its regular counterpart goes
    to the dead pile."""
    if unit.side == GERMAN:
        german_loss(match, unit)
    if (
        unit.side == SOVIET
        and match.turn <= 3
        and "oversized" in match.unit_type(unit).get("tags", ())
    ):
        unit.flags["permanent"] = True
        regular = unit.counter[:-1]
        if regular in match.counters_doc["counters"] and regular not in match.state.units:
            match.new_unit(regular, None).flags = {"eliminated": True}
    check_instant(match)


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """12.7: German units in Stalingrad without overland supply at the start of GT14 neither
    move nor attack that turn."""
    if match.turn != 14 or decision.side != GERMAN or len(action.args) < 1:
        return None
    ids: list[str] = []
    if action.verb == "move":
        ids = action.args[0].split(",")
    elif action.verb in ("attack", "overrun") and len(action.args) >= 3:
        ids = action.args[2].split(",")
    for uid in ids:
        unit = match.state.units.get(uid)
        if unit is not None and unit.flags.get("stalingrad_locked") == 14:
            return f"{uid} is cut off in Stalingrad: no move or attack on GT14 (BARB 12.7)"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Offensive(), Withdraw(), WithdrawSS()]


# ------------------------------------------------------------------ the 2nd SS (8.17, 4.10)

SS = "ger-2ss"


def ss_withdrawable(match: Match) -> bool:
    """8.17: withdrawn if in overland supply on the map, or from the dead pile."""
    unit = match.state.units.get(SS)
    if unit is None or unit.flags.get("withdrawn"):
        return False
    if unit.loc is None:
        return bool(unit.flags.get("eliminated"))
    return not unit.loc.startswith("box:") and supply.state(match, unit) == "overland"


def ss_withdraw(match: Match) -> None:
    unit = match.state.units[SS]
    match.place(unit, None)
    unit.flags = {"eliminated": True, "permanent": True, "withdrawn": True}
    ns(match).pop("ss_pending", None)
    match.emit("withdraw", "the 2nd SS Panzer Corps is withdrawn", "BARB 8.17")


class WithdrawSS(Verb):
    """``ss withdraw`` (possible only when 8.17 allows it) or ``ss decline`` at the start of GT19
    and GT25; declined or prevented, the German loses 1 VP (4.10); a prevented withdrawal is made
    later, as soon as the corps is in overland supply or in the dead pile (8.17)."""

    name = "ss"
    kinds = ("ss-withdrawal",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("ss", ("withdraw" if ss_withdrawable(match) else "delay",))
        yield Action("ss", ("decline",))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        choice = action.args[0]
        if choice == "withdraw":
            ss_withdraw(match)
        else:
            debit(match, 1, f"2nd SS withdrawal {choice}d", "BARB 4.10")
            if choice == "delay":
                ns(match)["ss_pending"] = True
        match._end_phase()


def ss_arrival_guard(match: Match) -> None:
    """A return scheduled while the corps is still in play (a declined withdrawal) is void."""
    unit = match.state.units.get(SS)
    if unit is None or unit.flags.get("eliminated"):
        return
    arrived = match.state.ns("reinforcements").setdefault("arrived", [])
    for key, entry in match.title.doc("calendar").get("schedule", {}).items():
        if SS in entry.get("units", ()) and key not in arrived and int(entry["turn"]) <= match.turn:
            arrived.append(key)
