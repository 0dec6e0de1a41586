"""Replacements and reinforcements (8.0, 5.B): the Replacement/Reinforcement Phase of each side.

Automatic at the start of the phase (phase hooks): scheduled reinforcements (8.B, calendar.json),
the German replacement roll (8.A.1.a), Axis Allied replacement credits (8.A.1.b), Soviet
replacement centres (8.A.2.a), factory production (8.A.2.b), Siberian replacements (8.A.2.c).
Player choices (decision kind "reinforcement"): ``replace UNIT`` (Axis replacements),
``expand FACTORY`` and ``deploy-factory FACTORY POINT`` (8.C.1), ``entrain FACTORY`` and
``move-factory FACTORY POINT`` (8.C.2), ``combine UNIT UNIT`` and ``convert UNIT`` (8.C.3).

Replacements come from the counter mix: counters of the type not in play, eliminated ones first
(8.A.2); they enter dispersed (8.A) with ``flags["replacement"]`` = the turn, which lets them move
strategically that turn (8.A, 9.A). Bookkeeping lives in ``state.vars`` (keys below).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import setup, strategic, supply
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

NS = "dc-production"  # this module's state (state.ns)
GER_POINTS = "german_replacements"  # vars: {"inf": n, "armor": n} saved points (8.A.1.a)
ALLIED = "allied_replacements"  # vars: {nation: saved units} (8.A.1.b)
ALLIED_LOST = "allied_lost"  # NS: [nation] whose entry point fell to the Soviets (8.B)
FACTORIES = "factories"  # vars: {factory id: {"state", "from", "deploy", "entrained"}}
EXPANSIONS = "expansions"  # vars: [{"factory", "turn", "deploy", "pregame"}] (8.C.1)
DESTROYED = "factories_destroyed"  # vars: count of factories destroyed (2.B.1.a)
IRREPLACEABLE = {"moscow-mot", "stavka", "polish-army"}  # 8.A.2.d
ALLIED_NATIONS = ("finnish", "hungarian", "rumanian")  # 8.A.1.b
ALLIED_YEARS = (1942, 1943, 1944)
ALLIED_MONTHS = (3, 9)
EXPANSION_MONTHS = (1, 4, 7, 10)  # 8.C.1
EXPANSION_DELAY = 3  # 8.C.1
MAX_EXPANSIONS = 10  # 8.C.1 (ruling P8)
PREGAME_FIRST_PRODUCTION = (1941, 7)  # 8.C.1: the pre-game factory produces from July 1941
RECIPES: list[tuple[str, tuple[tuple[str, ...], tuple[str, ...]], tuple[int, int] | None, str]] = [
    ("shock-army", (("rifle-army",), ("artillery", "rocket")), None, "DC 8.C.3.a"),
    ("cav-mech", (("cav-corps",), ("tank-corps",)), None, "DC 8.C.3.b"),
    ("tank-army", (("tank-corps",), ("tank-corps",)), (1942, 6), "DC 8.C.3.c"),
    ("guards-army", (("rifle-army",), ("rifle-army",)), (1942, 1), "DC 8.C.3.d"),
    ("guards-tank-army", (("tank-army",), ("rifle-army",)), (1943, 1), "DC 8.C.3.e"),
]
COMPONENTS = {  # basic types a composite counts as (3.C.3 commitments)
    "shock-army": ("rifle-army", "artillery"),
    "cav-mech": ("cav-corps", "tank-corps"),
    "tank-army": ("tank-corps", "tank-corps"),
    "guards-army": ("rifle-army", "rifle-army"),
    "guards-tank-army": ("tank-corps", "tank-corps", "rifle-army"),
    "parachute": ("rifle-army",),
}


# ----------------------------------------------------------------------------- small helpers


def natural(text: str) -> tuple[Any, ...]:
    """Sort key putting sov-9a before sov-10a."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def first_turn(match: Match) -> int:
    return int(match.scenario.get("first_turn", 1))


def turn_of(match: Match, year: int, month: int) -> int:
    """The turn number of a date (turn 0 = May 1941)."""
    return (year - 1941) * 12 + month - 5


def in_phase(match: Match, side: str) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.id == "reinforcement" and match.phasing == side


def counter_type(match: Match, unit: Unit) -> str:
    return str(match.counter(unit)["type"])


def free_counters(match: Match, side: str, utype: str) -> list[str]:
    """Counters of a type not in play (8.A.2: the counter mix): eliminated first, then never
    used, each in natural order; irreplaceables never (8.A.2.d)."""
    if utype in IRREPLACEABLE:
        return []
    units = match.state.units
    dead, fresh = [], []
    for cid, c in match.counters_doc["counters"].items():
        if c["side"] != side or c["type"] != utype:
            continue
        unit = units.get(cid)
        if unit is None:
            fresh.append(cid)
        elif unit.loc is None and unit.flags.get("eliminated") and not unit.flags.get("withdrawn"):
            dead.append(cid)
    return sorted(dead, key=natural) + sorted(fresh, key=natural)


def bring(
    match: Match,
    cid: str,
    loc: str,
    why: str,
    rule: str,
    *,
    dispersed: bool = True,
    **flags: Any,
) -> Unit:
    """Put a counter into play as a replacement (dispersed, 8.A) or reinforcement (8.B)."""
    unit = match.new_unit(cid, loc)
    unit.flags = {}
    if dispersed:
        U.mark(match, unit, U.DISPERSED, "DC 8.A")
    unit.flags["replacement" if dispersed else "arrived"] = match.turn
    unit.flags.update(flags)
    state = "dispersed" if dispersed else "undispersed"
    match.emit("replacement", f"{cid} enters at {loc} ({state}): {why}", rule, unit=cid, loc=loc)
    return unit


def produce(match: Match, utype: str, loc: str, why: str, rule: str, **flags: Any) -> Unit | None:
    """One Soviet replacement of a type at a point, if the counter mix has one (8.A.2)."""
    ids = free_counters(match, U.SOVIET, utype)
    if not ids:
        match.emit(
            "replacement",
            f"{why}: no {utype} counter is left in the counter mix",
            "DC 8.A.2",
            loc=loc,
        )
        return None
    return bring(match, ids[0], loc, why, rule, **flags)


def remove_component(match: Match, unit: Unit, into: str) -> None:
    """A unit absorbed by a composite: its counter goes back to the mix (not a loss)."""
    U.unmark_all(match, unit, f"absorbed into {into}")
    match.place(unit, None)
    unit.flags = {"eliminated": True, "combined": into}


# ----------------------------------------------------------------------------- reinforcements


def arrival_turn(match: Match, entry: dict[str, Any]) -> int:
    """3.A: in an early start all Axis 1941 reinforcements arrive one turn early."""
    turn = int(entry["turn"])
    if entry.get("side") == U.AXIS and strategic_early(match) and U.date(match, turn)[0] == 1941:
        return turn - 1
    return turn


WITHDRAWN = "withdrawal_moves"  # state.vars: {"turn", "side", "n"} counted by strategic.used
WITHDRAWING = "withdrawing"  # NS: {"turn", "side", "to", "units"} still to be put home


def withdraw(match: Match, entry: dict[str, Any]) -> None:
    """8.B: units withdrawn home (the Rumanians in December 1941) are picked up and put on
    points of their country, no line needed, each counting against that turn's strategic
    movement allowance. The owner chooses the points (``withdraw UNIT POINT``, ruling DC-P18)
    before his Replacement/Reinforcement Phase ends."""
    side = str(entry["side"])
    region = str(entry.get("options", {}).get("to", "country:rumania"))
    units = [
        cid
        for cid in entry["units"]
        if (u := match.state.units.get(cid)) is not None
        and u.loc is not None
        and u.loc not in match.topology.region(region)
    ]
    if units and withdrawal_points(match, side, region):
        match.state.ns(NS)[WITHDRAWING] = {
            "turn": match.turn,
            "side": side,
            "to": region,
            "units": units,
        }


def withdrawal_points(match: Match, side: str, region: str) -> list[str]:
    """Points of the home country the side controls with no enemy unit on them (8.B)."""
    return sorted(
        loc
        for loc in match.topology.region(region)
        if match.state.control.get(loc) == side
        and not any(u.side != side for u in match.units_at(loc))
    )


def withdrawing(match: Match, side: str) -> list[str]:
    pending = match.state.ns(NS).get(WITHDRAWING) or {}
    if pending.get("side") != side or pending.get("turn") != match.turn:
        return []
    return list(pending.get("units", []))


class Withdraw(Verb):
    """``withdraw UNIT POINT``: put a unit the Order of Appearance withdraws on a point of its
    country (8.B: picked up, no line needed; the owner's choice of point)."""

    name = "withdraw"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        units = withdrawing(match, decision.side)
        if not units:
            return
        region = str(match.state.ns(NS)[WITHDRAWING]["to"])
        for loc in withdrawal_points(match, decision.side, region):
            for cid in units:
                yield Action(self.name, (cid, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: withdraw UNIT POINT (DC 8.B)"
        cid, loc = action.args
        if cid not in withdrawing(match, decision.side):
            return f"{cid} is not being withdrawn this turn (DC 8.B)"
        region = str(match.state.ns(NS)[WITHDRAWING]["to"])
        if loc not in withdrawal_points(match, decision.side, region):
            return f"{loc} is not a friendly point of {region.split(':')[-1].title()} (DC 8.B)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        cid, loc = action.args
        unit = match.state.units[cid]
        U.unmark(match, unit, U.FORTIFIED)  # 18.0: it moved
        match.place(unit, loc)
        pending = match.state.ns(NS)[WITHDRAWING]
        pending["units"].remove(cid)
        if not pending["units"]:
            del match.state.ns(NS)[WITHDRAWING]
        moved = match.state.vars.get(WITHDRAWN) or {}
        n = int(moved.get("n", 0)) if moved.get("turn") == match.turn else 0
        match.state.vars[WITHDRAWN] = {"turn": match.turn, "side": decision.side, "n": n + 1}
        match.emit("withdrawal", f"{cid} withdrawn to {loc}", "DC 8.B", unit=cid)


def strategic_early(match: Match) -> bool:
    return bool(match.state.vars.get("early_start", first_turn(match) == 0))


def allied_lost(match: Match, nation: str) -> bool:
    return nation in match.state.ns(NS).get(ALLIED_LOST, [])


def reinforcements(match: Match, side: str) -> None:
    """8.B: scheduled units enter undispersed at their points; a region (an edge) means the
    side's off-map box, from which they enter by operational or strategic movement (9.A)."""
    schedule = match.title.doc("calendar").get("schedule", {})
    for key in sorted(schedule, key=natural):
        entry = schedule[key]
        if entry.get("side") != side or arrival_turn(match, entry) != match.turn:
            continue
        if entry.get("kind", "reinforcement") == "withdrawal":
            withdraw(match, entry)
            continue
        for cid in entry["units"]:
            if cid in match.state.units:
                continue  # already in play (or in play once): never twice
            if not setup.eligible(match, cid):
                continue  # 2.A.1: the introductory game disregards the units it does not use
            at = entry["at"][0]
            if at not in match.topology or (not is_box(at) and match.state.control.get(at) != side):
                at = strategic.BOXES[side]
            nation = match.counters_doc["unit_types"][match.counters_doc["counters"][cid]["type"]]
            allied = [n for n in ALLIED_NATIONS if n in nation.get("tags", ())]
            if allied and allied_lost(match, allied[0]):
                match.emit(
                    "reinforcement",
                    f"{cid} does not arrive: {allied[0]} reinforcements are lost",
                    "DC 8.B",
                )
                continue
            rule = "DC 8.B, 3.A" if arrival_turn(match, entry) != int(entry["turn"]) else "DC 8.B"
            bring(match, cid, at, "reinforcement", rule, dispersed=False)


# ----------------------------------------------------------------------------- Axis replacements


def german_roll(match: Match) -> None:
    """8.A.1.a: from the second turn of the game, one die on the year's column."""
    if match.turn < first_turn(match) + 1:
        return
    year, _month = U.date(match)
    rolls = U.table(match, "german-replacements").get(str(year))
    if not rolls:
        return
    roll = match.roll("1d6", "German replacements", "DC 8.A.1.a")
    result = str(rolls["rolls"][roll - 1])
    bank = match.state.vars.setdefault(GER_POINTS, {"inf": 0, "armor": 0})
    for part in result.split("+"):
        if part in ("inf", "armor"):
            bank[part] += 1
    match.emit(
        "replacement",
        f"German replacements {year}, roll {roll}: {result} (saved: {bank['inf']} infantry, "
        f"{bank['armor']} armor)",
        "DC 8.A.1.a",
        roll=roll,
        result=result,
    )


def allied_credits(match: Match) -> None:
    """8.A.1.b: one unit each in March and September 1942-44; lost with the entry point (8.B)."""
    lost = match.state.ns(NS).setdefault(ALLIED_LOST, [])
    for nation in ALLIED_NATIONS:
        entry = entry_point(match, nation)
        if nation not in lost and entry and match.state.control.get(entry) == U.SOVIET:
            lost.append(nation)
            match.state.vars.setdefault(ALLIED, {})[nation] = 0
            match.emit(
                "replacement",
                f"{entry} is Soviet-controlled: {nation} replacements are lost for good",
                "DC 8.B",
            )
            if nation != "italian":  # Warsaw is the Italians' entry, not their capital
                leave_the_war(match, nation, entry)
    year, month = U.date(match)
    if year not in ALLIED_YEARS or month not in ALLIED_MONTHS:
        return
    bank = match.state.vars.setdefault(ALLIED, {})
    for nation in ALLIED_NATIONS:
        if nation in lost:
            continue
        bank[nation] = int(bank.get(nation, 0)) + 1
        match.emit("replacement", f"one {nation} replacement (saved: {bank[nation]})", "DC 8.A.1.b")


def leave_the_war(match: Match, nation: str, capital: str) -> None:
    """8.B note: an Axis ally whose capital falls changes sides and goes home for good; its
    units leave play (ruling DC-P17: they no longer fight for either side)."""
    for unit in sorted(match.units_of(U.AXIS), key=lambda u: u.id):
        if U.nation(match, unit) == nation:
            U.unmark_all(match, unit, "left the war")
            match.place(unit, None)
            unit.flags = {"withdrawn": True}
            match.emit(
                "withdrawn",
                f"{unit.id} leaves the war: {capital} has fallen",
                "DC 8.B",
                unit=unit.id,
            )


def entry_point(match: Match, nation: str) -> str | None:
    """Where a nation's replacements enter (8.A.1.a Warsaw, 8.B capitals): ``replacement_entry``."""
    key = ("dc-entry", nation)
    if key not in match.cache:
        top = match.topology
        found = [
            loc
            for loc in sorted(top.locations())
            if nation in (top.attrs(loc).get("replacement_entry") or ())
        ]
        match.cache[key] = found[0] if found else None
    entry: str | None = match.cache[key]
    return entry


def german_cost(match: Match, unit: Unit) -> tuple[int, bool]:
    """(points, armor points needed?) to replace a German unit: 1, +1 for SS (8.A.1.a; ruling
    P4: every SS armor unit), armor units need armor points."""
    t = U.tags(match, unit)
    return 1 + (1 if "ss" in t else 0), "armor" in t


def replace_problem(match: Match, side: str, unit: Unit) -> str | None:
    if side != U.AXIS:
        return "Soviet replacements come from centres and factories, not by choice (DC 8.A.2)"
    if not in_phase(match, side):
        return "replacements are taken in the Replacement/Reinforcement Phase (DC 8.A)"
    if unit.side != U.AXIS:
        return f"{unit.id} is not an Axis unit"
    if unit.loc is not None or not unit.flags.get("eliminated"):
        return f"{unit.id} is not eliminated: only units already eliminated come back (DC 8.A.1.a)"
    if unit.flags.get("withdrawn"):
        return f"{unit.id} was withdrawn: not eligible (DC 8.A.1.a)"
    t = U.tags(match, unit)
    if "hq" in t or "italian" in t:
        return "German HQ units and Italians cannot be replaced (DC 8.A.1.c)"
    if "air" in t:
        return "air units are not replaced (DC 8.A.1)"
    nation = U.nation(match, unit)
    entry = entry_point(match, nation)
    if entry is None or match.state.control.get(entry) != U.AXIS:
        return f"{nation} replacements enter at {entry}, which the Axis does not control (DC 8.B)"
    if nation == "german":
        cost, armor = german_cost(match, unit)
        bank = match.state.vars.get(GER_POINTS, {"inf": 0, "armor": 0})
        have = bank["armor"] if armor else bank["armor"] + bank["inf"]
        if have < cost:
            kind = "armor" if armor else "infantry or armor"
            return (
                f"{unit.id} needs {cost} {kind} replacement point(s); saved: {bank['inf']} "
                f"infantry, {bank['armor']} armor (DC 8.A.1.a)"
            )
        return None
    if nation in ALLIED_NATIONS:
        if allied_lost(match, nation):
            return f"{nation} replacements were lost with {entry} (DC 8.B)"
        if int(match.state.vars.get(ALLIED, {}).get(nation, 0)) < 1:
            return f"no {nation} replacement saved (March and September 1942-44, DC 8.A.1.b)"
        return None
    return f"{nation} units cannot be replaced (DC 8.A.1)"


class Replace(Verb):
    """``replace UNIT``: bring back an eliminated Axis unit (8.A.1)."""

    name = "replace"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.AXIS:
            return
        for uid in sorted(match.state.units, key=natural):
            unit = match.state.units[uid]
            if (
                unit.side == U.AXIS
                and unit.loc is None
                and not replace_problem(match, decision.side, unit)
            ):
                yield Action(self.name, (uid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: replace UNIT (DC 8.A.1)"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"{action.args[0]} has never been in play: not eligible (DC 8.A.1.a)"
        return replace_problem(match, decision.side, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        nation = U.nation(match, unit)
        entry = entry_point(match, nation)
        assert entry is not None
        if nation == "german":
            cost, armor = german_cost(match, unit)
            bank = match.state.vars[GER_POINTS]
            for _ in range(cost):
                if not armor and bank["inf"] > 0:
                    bank["inf"] -= 1
                else:
                    bank["armor"] -= 1
            rule = "DC 8.A.1.a"
        else:
            match.state.vars[ALLIED][nation] -= 1
            rule = "DC 8.A.1.b"
        bring(match, unit.id, entry, f"{nation} replacement", rule)


# ----------------------------------------------------------------------------- Soviet centres


def overland_east(match: Match, loc: str) -> bool:
    """17.A.2: centres and factories trace overland supply to Siberia only (not the southeast
    edge; not across the Kerch Straits, 10.D)."""
    return loc == "box:siberia" or supply.overland(match, loc, U.SOVIET)


def soviet_centres(match: Match) -> None:
    """8.A.2.a: each VP city centre an infantry army a turn (not on the first Soviet player
    turn, 5.B; ruling P6: only the marked Soviet centres, not captured Axis cities), Rytishcheva
    a cavalry corps in its months; Soviet-controlled and in overland supply."""
    top = match.topology
    _year, month = U.date(match)
    for loc in sorted(top.locations()):
        attrs = top.attrs(loc)
        kind = attrs.get("replacement_centre")
        if not kind or match.state.control.get(loc) != U.SOVIET:
            continue
        if kind == "infantry":
            if match.turn == first_turn(match):
                continue
            utype, rule = "rifle-army", "DC 8.A.2.a"
        else:
            if month not in (attrs.get("replacement_months") or ()):
                continue
            utype, rule = "cav-corps", "DC 8.A.2.a"
        if not overland_east(match, loc):
            match.emit(
                "replacement", f"{loc} is not in overland supply: no replacement", "DC 8.A.2.a"
            )
            continue
        produce(match, utype, loc, f"replacement centre {loc}", rule)


# ----------------------------------------------------------------------------- factories


def factory_spec(match: Match, fid: str) -> dict[str, Any]:
    return dict(U.table(match, "factories")[fid])


def factory_state(match: Match, fid: str) -> dict[str, Any]:
    found: dict[str, Any] = match.state.vars.setdefault(FACTORIES, {}).setdefault(fid, {})
    return found


def produces_in(months: Any, month: int) -> bool:
    """8.A.2.b: a list of months, "odd" (from January), "even" (from February) or "all"."""
    if months == "all":
        return True
    if months == "odd":
        return month % 2 == 1
    if months == "even":
        return month % 2 == 0
    return month in months


def factory_units(match: Match) -> list[Unit]:
    return sorted(
        (u for u in match.units_of(U.SOVIET) if U.has(match, u, "factory")), key=lambda u: u.id
    )


def factory_production(match: Match) -> None:
    """8.A.2.b: factories in overland supply produce their type in their months, at the
    factory; entrained factories and those not yet producing do not (8.C.1, 8.C.2)."""
    _year, month = U.date(match)
    for unit in factory_units(match):
        assert unit.loc is not None
        spec = factory_spec(match, unit.id)
        st = factory_state(match, unit.id)
        if unit.flags.get("entrained") or int(st.get("from", -99)) > match.turn:
            continue
        if not produces_in(spec["months"], month):
            continue
        if not overland_east(match, unit.loc):
            match.emit(
                "replacement",
                f"factory {unit.id} at {unit.loc} is not in overland supply: no production",
                "DC 8.A.2.b, 17.A.2",
            )
            continue
        produce(match, spec["unit"], unit.loc, f"factory {unit.id}", "DC 8.A.2.b")


def factory_captured(match: Match, loc: str) -> list[str]:
    """8.C.2: factories on a point that comes under Axis control are destroyed for good (not
    in Siberia). Called by movement when Axis units enter ``loc``; counts them for 2.B.1.a."""
    if is_box(loc):
        return []
    gone = []
    for unit in list(match.units_at(loc)):
        if unit.side != U.SOVIET or not U.has(match, unit, "factory"):
            continue
        match.eliminate(unit, f"factory destroyed: {loc} fell to the Axis", "DC 8.C.2")
        gone.append(unit.id)
    return gone


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """2.B.1.a: every Soviet factory eliminated is a factory destroyed, however it went: captured
    with its point, beaten in combat (a minor unit of 1, 8.A.2.b), caught entrained (12.0),
    left behind by a retreat, torpedoed at sea (8.C.2.b). Counted once here."""
    if unit.side != U.SOVIET or not U.has(match, unit, "factory"):
        return
    factory_state(match, unit.id)["state"] = "destroyed"
    match.state.vars[DESTROYED] = int(match.state.vars.get(DESTROYED, 0)) + 1


def sweep_factories(match: Match) -> None:
    """Safety net: any factory standing on an Axis-controlled point is destroyed (8.C.2)."""
    for unit in factory_units(match):
        if unit.loc is not None and match.state.control.get(unit.loc) == U.AXIS:
            factory_captured(match, unit.loc)


# ---- 8.C.1 plant expansion


def expansions(match: Match) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = match.state.vars.setdefault(EXPANSIONS, [])
    return found


def expansion_choices(match: Match) -> list[str]:
    """8.C.1: the earliest-lettered factory of each kind not yet chosen."""
    chosen = {e["factory"] for e in expansions(match)}
    best: dict[str, tuple[str, str]] = {}
    for fid, spec in U.table(match, "factories").items():
        if spec.get("start") or fid in chosen:
            continue
        if match.option("introductory") and spec["produces"] not in ("infantry", "tank"):
            continue  # 2.A.1: infantry and tank factories only
        order = (str(spec.get("letter", "")), fid)
        kind = spec["produces"]
        if kind not in best or order < best[kind]:
            best[kind] = order
    return sorted(fid for _o, fid in best.values())


def pregame_pending(match: Match) -> bool:
    """8.C.1: the pre-game choice, made in the first Soviet R/RP (ruling P8)."""
    return match.turn == first_turn(match) and not any(e.get("pregame") for e in expansions(match))


def expand_problem(match: Match, side: str, fid: str) -> str | None:
    if side != U.SOVIET:
        return "only the Soviet player expands factories (DC 8.C.1)"
    if not in_phase(match, side):
        return "factories are chosen in the Soviet Replacement/Reinforcement Phase (DC 8.C.1)"
    _year, month = U.date(match)
    if not pregame_pending(match) and month not in EXPANSION_MONTHS:
        return "factories are chosen each January, April, July and October (DC 8.C.1)"
    if any(e["turn"] == match.turn for e in expansions(match)):
        return "one factory a choice month (DC 8.C.1)"
    if len(expansions(match)) >= MAX_EXPANSIONS:
        return f"all {MAX_EXPANSIONS} expansions have been made (DC 8.C.1)"
    spec = U.table(match, "factories").get(fid)
    if spec is None or spec.get("start"):
        return f"{fid} is not an expansion factory (DC 8.C.1)"
    if fid not in expansion_choices(match):
        if any(e["factory"] == fid for e in expansions(match)):
            return f"{fid} was already chosen (DC 8.C.1)"
        return (
            f"{fid}: only the earliest-lettered {spec['produces']} factory not yet chosen may "
            "be chosen (DC 8.C.1)"
        )
    return None


class Expand(Verb):
    """``expand FACTORY``: choose the quarter's new factory (8.C.1)."""

    name = "expand"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for fid in expansion_choices(match):
            if expand_problem(match, decision.side, fid) is None:
                yield Action(self.name, (fid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: expand FACTORY (DC 8.C.1)"
        return expand_problem(match, decision.side, action.args[0])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        fid = action.args[0]
        pregame = pregame_pending(match)
        deploy = match.turn if pregame else match.turn + EXPANSION_DELAY
        expansions(match).append(
            {"factory": fid, "turn": match.turn, "deploy": deploy, "pregame": pregame}
        )
        st = factory_state(match, fid)
        st.update({"state": "track", "deploy": deploy})
        when = (
            "now (pre-game choice)" if pregame else f"on turn {deploy} ({U.label(match, deploy)})"
        )
        match.emit("factory", f"factory {fid} chosen: deployed {when}", "DC 8.C.1", factory=fid)


def due_factories(match: Match) -> list[str]:
    """Chosen factories whose deployment turn has come and that are not on the map yet."""
    return sorted(
        e["factory"]
        for e in expansions(match)
        if e["deploy"] <= match.turn and factory_state(match, e["factory"]).get("state") == "track"
    )


def factory_site_problem(match: Match, loc: str) -> str | None:
    """8.C.1, 8.C.2: a Soviet-controlled point in the USSR, or Siberia."""
    if loc == "box:siberia":
        return None
    if loc not in match.topology or is_box(loc) or loc.startswith("edge:"):
        return f"{loc} is not a point in the Soviet Union or Siberia (DC 8.C.1)"
    if match.topology.attrs(loc).get("country") != "ussr":
        return f"{loc} is not in the Soviet Union (DC 8.C.1)"
    if match.state.control.get(loc) != U.SOVIET or U.occupant(match, loc) == U.AXIS:
        return f"{loc} is not under Soviet control (DC 8.C.1)"
    return None


def factory_sites(match: Match) -> list[str]:
    return ["box:siberia"] + sorted(
        loc
        for loc in match.topology.locations()
        if not is_box(loc) and factory_site_problem(match, loc) is None
    )


class DeployFactory(Verb):
    """``deploy-factory FACTORY POINT``: place a chosen factory when its turn comes (8.C.1)."""

    name = "deploy-factory"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET or not in_phase(match, U.SOVIET):
            return
        due = due_factories(match)
        if due:
            for loc in factory_sites(match):
                for fid in due:
                    yield Action(self.name, (fid, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: deploy-factory FACTORY POINT (DC 8.C.1)"
        if decision.side != U.SOVIET or not in_phase(match, U.SOVIET):
            return "factories deploy in the Soviet Replacement/Reinforcement Phase (DC 8.C.1)"
        fid, loc = action.args
        if fid not in due_factories(match):
            st = factory_state(match, fid)
            if st.get("state") == "track":
                return (
                    f"{fid} deploys on turn {st['deploy']}, three turns after its choice (DC 8.C.1)"
                )
            return f"{fid} is not a chosen factory waiting to deploy (DC 8.C.1)"
        return factory_site_problem(match, loc)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        fid, loc = action.args
        entry = next(e for e in expansions(match) if e["factory"] == fid)
        start = (
            turn_of(match, *PREGAME_FIRST_PRODUCTION) if entry.get("pregame") else match.turn + 1
        )
        match.new_unit(fid, loc)
        factory_state(match, fid).update({"state": "active", "from": start})
        match.emit(
            "factory",
            f"factory {fid} deployed at {loc}; produces from {U.label(match, start)}",
            "DC 8.C.1",
            factory=fid,
            loc=loc,
        )


# ---- 8.C.2 moving factories


def entrain_problem(match: Match, side: str, unit: Unit) -> str | None:
    if side != U.SOVIET or not in_phase(match, U.SOVIET):
        return "factories entrain in the Soviet Replacement/Reinforcement Phase (DC 8.C.2.a)"
    if unit.loc is None or not U.has(match, unit, "factory"):
        return f"{unit.id} is not a factory in play"
    if unit.flags.get("entrained"):
        return f"{unit.id} is already entrained (DC 8.C.2.a)"
    if factory_spec(match, unit.id).get("at") == "box:siberia":
        return "Siberia's starting production cannot be moved (DC 8.C.2.d)"
    if factory_state(match, unit.id).get("arrived") == match.turn:
        return f"{unit.id} arrived this phase (DC 8.C.2.c)"
    if not is_box(unit.loc) and not supply.traces(match, unit.loc, U.SOVIET, sources=U.SOVIET):
        return f"{unit.id} must be in supply to entrain (DC 8.C.2.a)"
    n = strategic.allowance(match, U.SOVIET)
    if len(strategic.entrained(match)) + 1 > n:
        return (
            f"no more than {n} factories entrained this turn: the strategic movement allowance "
            "(DC 8.C.2.a)"
        )
    return None


class Entrain(Verb):
    """``entrain FACTORY``: flip a factory to move it next turn (8.C.2.a)."""

    name = "entrain"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET:
            return
        for unit in factory_units(match):
            if entrain_problem(match, decision.side, unit) is None:
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: entrain FACTORY (DC 8.C.2.a)"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no factory {action.args[0]} in play"
        return entrain_problem(match, decision.side, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        unit.flags["entrained"] = True
        factory_state(match, unit.id)["entrained"] = match.turn
        match.touch()
        match.emit("factory", f"factory {unit.id} entrained at {unit.loc}", "DC 8.C.2.a")


def move_factory_problem(match: Match, side: str, unit: Unit, dest: str) -> str | None:
    return _factory_mover_problem(match, side, unit) or _factory_dest_problem(match, unit, dest)


def _factory_mover_problem(match: Match, side: str, unit: Unit) -> str | None:
    """Why the factory may not move by lines now at all (8.C.2.a-b)."""
    if side != U.SOVIET or not in_phase(match, U.SOVIET):
        return "factories move in the Soviet Replacement/Reinforcement Phase (DC 8.C.2.b)"
    if unit.loc is None or not U.has(match, unit, "factory"):
        return f"{unit.id} is not a factory in play"
    if not unit.flags.get("entrained"):
        return f"{unit.id} is not entrained (DC 8.C.2.a)"
    if int(factory_state(match, unit.id).get("entrained", match.turn)) >= match.turn:
        return f"{unit.id} moves in the R/RP after it entrained (DC 8.C.2.b)"
    return None


def _factory_dest_problem(match: Match, unit: Unit, dest: str) -> str | None:
    """Why a movable factory may not move by lines to ``dest`` (8.C.1-2)."""
    assert unit.loc is not None
    problem = factory_site_problem(match, dest)
    if problem:
        return problem
    if dest == unit.loc:
        return f"{unit.id} is already at {dest}"
    if dest not in strategic.land_tree(match, U.SOVIET, unit.loc):
        return f"no line of Soviet-controlled points from {unit.loc} to {dest} (DC 8.C.2.b)"
    return None


class MoveFactory(Verb):
    """``move-factory FACTORY POINT``: move an entrained factory by lines (8.C.2.b-c)."""

    name = "move-factory"
    kinds = ("reinforcement",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        """The entrained factories that may move now (their destinations on demand)."""
        if decision.side != U.SOVIET:
            return []
        return [
            unit.id
            for unit in factory_units(match)
            if unit.flags.get("entrained")
            and _factory_mover_problem(match, decision.side, unit) is None
        ]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        unit = match.state.units.get(actor)
        if unit is None or actor not in self.actors(match, decision):
            return []
        return [
            Action(self.name, (unit.id, dest))
            for dest in factory_sites(match)
            if _factory_dest_problem(match, unit, dest) is None
        ]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: move-factory FACTORY POINT (DC 8.C.2.b)"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no factory {action.args[0]} in play"
        return move_factory_problem(match, decision.side, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        start, dest = unit.loc, action.args[1]
        match.place(unit, dest)
        unit.flags.pop("entrained", None)
        st = factory_state(match, unit.id)
        st.update({"from": match.turn + 1, "arrived": match.turn})
        st.pop("entrained", None)
        match.emit(
            "factory",
            f"factory {unit.id} moved {start} -> {dest}; produces from the next R/RP",
            "DC 8.C.2.b-c",
        )


def ship_problem(match: Match, unit: Unit, dest: str) -> str | None:
    """8.C.2.b by sea: an entrained factory waiting at its port of embarkation (entrained
    there in an earlier turn: the extra turn, ruling DC-P20) sails to a friendly port of the
    same sea, as strategic sea movement does (9.B)."""
    problem = move_factory_problem(match, U.SOVIET, unit, dest)
    if problem and "no line" not in problem:
        return problem
    start = unit.loc or ""
    a = strategic.port_sea(match, start)
    b = strategic.port_sea(match, dest) if dest in match.topology else None
    if a is None:
        return f"{unit.id} is not at a port (DC 8.C.2.b, 9.B)"
    if b is None or strategic.SEA_GROUP[a] != strategic.SEA_GROUP[b]:
        return f"{dest} is not a port on the same sea as {start} (DC 8.C.2.b, 9.B)"
    azov = (a == "azov") != (b == "azov")
    if azov and any(match.state.control.get(p) != U.SOVIET for p in strategic.KERCH):
        return "into or out of the Sea of Azov only holding both sides of the Kerch Straits (9.B)"
    return None


class ShipFactory(Verb):
    """``ship-factory FACTORY PORT``: an entrained factory crosses the sea; it may be
    torpedoed (8.C.2.b, 9.B)."""

    name = "ship-factory"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET:
            return
        for unit in factory_units(match):
            if not unit.flags.get("entrained") or strategic.port_sea(match, unit.loc or "") is None:
                continue
            for dest in factory_sites(match):
                if not is_box(dest) and ship_problem(match, unit, dest) is None:
                    yield Action(self.name, (unit.id, dest))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: ship-factory FACTORY PORT (DC 8.C.2.b)"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no factory {action.args[0]} in play"
        return ship_problem(match, unit, action.args[1])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        start, dest = unit.loc or "", action.args[1]
        a, b = strategic.port_sea(match, start), strategic.port_sea(match, dest)
        assert a is not None and b is not None
        sea = strategic.torpedo_sea(a, b)
        roll = match.roll("1d6", f"torpedo roll for {unit.id} at sea", "DC 8.C.2.b, 9.B")
        if roll in strategic.lost_on(match, U.SOVIET, sea):
            match.eliminate(unit, f"torpedoed on the {sea.title()} Sea", "DC 8.C.2.b, 9.B")
            return
        MoveFactory().apply(match, decision, Action("move-factory", (unit.id, dest)))


# ---- 8.C.3 composites


def supplied(match: Match, unit: Unit) -> bool:
    if unit.loc is None:
        return False
    return unit.loc == "box:siberia" or supply.in_supply(match, unit)


def recipe_for(types: tuple[str, str]) -> tuple[str, tuple[int, int] | None, str] | None:
    a, b = types
    for result, (first, second), since, rule in RECIPES:
        if (a in first and b in second) or (b in first and a in second):
            return result, since, rule
    return None


def composite_counter(match: Match, result: str, parts: list[Unit]) -> str | None:
    """A free counter for the composite. A guards tank army takes its tank army's number; a
    tank army may not take a number whose guards tank army is in play (8.C.3.e)."""
    ids = free_counters(match, U.SOVIET, result)
    units = match.state.units
    if result == "guards-tank-army":
        ta = next(p for p in parts if counter_type(match, p) == "tank-army")
        same = "gta-" + ta.id.split("-", 1)[1]
        if same in ids:
            return same
    if result == "tank-army":
        ids = [
            c
            for c in ids
            if not (
                units.get("gta-" + c.split("-", 1)[1]) and units["gta-" + c.split("-", 1)[1]].loc
            )
        ]
    return ids[0] if ids else None


def combine_problem(
    match: Match, side: str, parts: list[Unit | None], names: list[str]
) -> str | None:
    if side != U.SOVIET or not in_phase(match, U.SOVIET):
        return "composites are made in the Soviet Replacement/Reinforcement Phase (DC 8.C.3)"
    if match.option("introductory"):
        return "no composite units in the Introductory game (DC 2.A.1)"
    for unit, name in zip(parts, names, strict=True):
        if unit is None or unit.loc is None:
            return f"no unit {name} in play"
        if unit.side != U.SOVIET:
            return f"{name} is not a Soviet unit"
        if U.dispersed(unit):
            return f"{name} is dispersed: components must be undispersed (DC 8.C.3)"
        if not supplied(match, unit):
            return f"{name} is not in supply (DC 8.C.3)"
    units = [p for p in parts if p is not None]
    if len({u.id for u in units}) != len(units):
        return "two different units are needed (DC 8.C.3)"
    if len({u.loc for u in units}) != 1:
        return "components must be together on one point (or in Siberia) (DC 8.C.3)"
    return None


class Combine(Verb):
    """``combine UNIT UNIT``: build a composite (8.C.3.a-e); the recipe follows the types."""

    name = "combine"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET or not in_phase(match, U.SOVIET):
            return
        if match.option("introductory"):
            return
        by_loc: dict[str, dict[str, list[Unit]]] = {}
        for unit in sorted(match.units_of(U.SOVIET), key=lambda u: natural(u.id)):
            if not U.dispersed(unit):
                assert unit.loc is not None
                by_loc.setdefault(unit.loc, {}).setdefault(counter_type(match, unit), []).append(
                    unit
                )
        for loc in sorted(by_loc):
            kinds = by_loc[loc]
            names = sorted(kinds)
            for i, a in enumerate(names):
                for b in names[i:]:
                    if a == b and len(kinds[a]) < 2:
                        continue
                    x = kinds[a][0]
                    y = kinds[b][1] if a == b else kinds[b][0]
                    action = Action(self.name, (x.id, y.id))
                    if recipe_for((a, b)) and self.check(match, decision, action) is None:
                        yield action

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: combine UNIT UNIT (DC 8.C.3)"
        parts = [match.state.units.get(a) for a in action.args]
        problem = combine_problem(match, decision.side, parts, list(action.args))
        if problem:
            return problem
        units = [p for p in parts if p is not None]
        types = (counter_type(match, units[0]), counter_type(match, units[1]))
        found = recipe_for(types)
        if found is None:
            return (
                f"no composite is made of {types[0]} and {types[1]} (DC 8.C.3: rifle + artillery "
                "or rocket, cavalry + tank, tank + tank, rifle + rifle, tank army + rifle)"
            )
        result, since, rule = found
        if since is not None and U.date(match) < since:
            return f"{result} may be built from {U.label(match, turn_of(match, *since))} ({rule})"
        if composite_counter(match, result, units) is None:
            return f"no {result} counter is free ({rule}, counter mix)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        units = [match.state.units[a] for a in action.args]
        types = (counter_type(match, units[0]), counter_type(match, units[1]))
        found = recipe_for(types)
        assert found is not None
        result, _since, rule = found
        cid = composite_counter(match, result, units)
        assert cid is not None
        loc = units[0].loc
        assert loc is not None
        for unit in units:
            remove_component(match, unit, cid)
        bring(match, cid, loc, f"{result} from {action.args[0]} and {action.args[1]}", rule)


class Convert(Verb):
    """``convert UNIT``: an infantry army becomes a parachute corps (8.C.3.f; option 21.0)."""

    name = "convert"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != U.SOVIET or not match.option("parachutes"):
            return
        seen = set()
        for unit in sorted(match.units_of(U.SOVIET), key=lambda u: natural(u.id)):
            if counter_type(match, unit) == "rifle-army" and unit.loc not in seen:
                action = Action(self.name, (unit.id,))
                if self.check(match, decision, action) is None:
                    seen.add(unit.loc)
                    yield action

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: convert UNIT (DC 8.C.3.f)"
        if not match.option("parachutes"):
            return "parachute corps exist only with the optional parachute rule (DC 8.C.3.f, 21.0)"
        unit = match.state.units.get(action.args[0])
        problem = combine_problem(match, decision.side, [unit], [action.args[0]])
        if problem:
            return problem
        assert unit is not None
        if counter_type(match, unit) != "rifle-army":
            return "a parachute corps is converted from an infantry army (DC 8.C.3.f)"
        if not free_counters(match, U.SOVIET, "parachute"):
            return "no parachute counter is free (DC 8.C.3.f, counter mix)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        cid = free_counters(match, U.SOVIET, "parachute")[0]
        loc = unit.loc
        assert loc is not None
        remove_component(match, unit, cid)
        bring(match, cid, loc, f"parachute corps from {unit.id}", "DC 8.C.3.f")


# ----------------------------------------------------------------------------- Siberia


def siberian_replacements(match: Match) -> None:
    """8.A.2.c: the turn record track's Siberian units appear in Siberia; lost while a
    Siberian crisis lasts (3.C.3.a)."""
    due = U.table(match, "siberia")["replacements"]["turns"].get(str(match.turn), [])
    for utype in due:
        if strategic.crisis(match):
            match.emit(
                "replacement",
                f"Siberian replacement {utype} lost: Siberian crisis",
                "DC 3.C.3.a",
            )
            continue
        produce(
            match,
            utype,
            "box:siberia",
            "Siberian replacement (held in Siberia or entering by strategic movement)",
            "DC 8.A.2.c",
            siberian=True,
        )


# ----------------------------------------------------------------------------- hooks


@on_phase("start", ids=("reinforcement",))
def reinforcement_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing is None:
        return
    side = match.phasing
    sweep_factories(match)
    reinforcements(match, side)
    if side == U.AXIS:
        german_roll(match)
        allied_credits(match)
        return
    soviet_centres(match)
    factory_production(match)
    siberian_replacements(match)
    for fid in due_factories(match):
        match.emit("factory", f"factory {fid} is to be deployed this phase", "DC 8.C.1")


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == U.AXIS:
        sweep_factories(match)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if not in_phase(match, decision.side):
        return []
    home = [
        f"{cid} must be withdrawn home this phase (DC 8.B)"
        for cid in withdrawing(match, decision.side)
    ]
    if decision.side != U.SOVIET:
        return home
    return home + [
        f"factory {fid} must be deployed this phase (DC 8.C.1)" for fid in due_factories(match)
    ]


ENTRY_EDGES = {U.AXIS: ("edge:west",), U.SOVIET: ("edge:east", "edge:southeast")}


def entry_points(match: Match, side: str) -> list[str]:
    """8.B: reinforcements may appear at any point their side controls that is in overland
    supply to its map edge (west for the Axis, east and southeast for the Soviets)."""
    key = ("dc-entry", side, match.version)
    found = match.scratch.get(key)
    if found is None:
        top = match.topology
        edges: set[str] = set()
        for region in ENTRY_EDGES[side]:
            edges |= top.region(region)
        found = sorted(
            loc
            for loc in top.locations()
            if not is_box(loc)
            and not loc.startswith("edge:")
            and match.state.control.get(loc) == side
            and not any(u.side != side for u in match.units_at(loc))
            and supply.traces(match, loc, side, sources=sorted(edges), overland=True)
        )
        match.scratch[key] = found
    return list(found)


class Enter(Verb):
    """``enter UNIT POINT``: a reinforcement waiting in its side's box this turn appears at a
    friendly point in overland supply to its map edge instead (8.B)."""

    name = "enter"
    kinds = ("reinforcement",)

    def waiting(self, match: Match, side: str) -> list[Unit]:
        box = strategic.BOXES[side]
        return sorted(
            (
                u
                for u in match.units_at(box)
                if u.side == side
                and u.flags.get("arrived") == match.turn
                and U.nation(match, u) in ("german", "soviet", "polish")
            ),
            key=lambda u: u.id,
        )

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        units = self.waiting(match, decision.side)
        if not units:
            return
        points = entry_points(match, decision.side)
        for unit in units[:1] if len(units) > 8 else units:  # one unit's list stands for all
            for loc in points:
                yield Action("enter", (unit.id, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: enter UNIT POINT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit not in self.waiting(match, decision.side):
            return f"{action.args[0]} is not a reinforcement arriving this turn (DC 8.B)"
        if action.args[1] not in entry_points(match, decision.side):
            return (
                f"{action.args[1]} is not a friendly point in overland supply to the "
                f"{'west' if decision.side == U.AXIS else 'east or southeast'} map edge (DC 8.B)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        match.place(unit, action.args[1])
        match.emit("reinforcement", f"{unit.id} enters at {action.args[1]}", "DC 8.B", unit=unit.id)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [
        Enter(),
        Withdraw(),
        ShipFactory(),
        Replace(),
        Expand(),
        DeployFactory(),
        Entrain(),
        MoveFactory(),
        Combine(),
        Convert(),
    ]


@hookimpl
def wargame_setup(match: Match) -> None:
    """Create this module's state at the start, so reading it never writes it (a legal-action
    list must not change the state: replays and views depend on it)."""
    match.state.vars.setdefault(GER_POINTS, {"inf": 0, "armor": 0})
    match.state.vars.setdefault(ALLIED, {})
    match.state.ns(NS).setdefault(ALLIED_LOST, [])
    match.state.vars.setdefault(EXPANSIONS, [])
    factories = match.state.vars.setdefault(FACTORIES, {})
    for fid in sorted(U.table(match, "factories")):
        factories.setdefault(fid, {})
