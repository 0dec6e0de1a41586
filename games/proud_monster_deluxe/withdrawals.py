"""Removals, withdrawals and returns called by the Turn Record Track (PMD 9.6, 9.7.1-9.7.4).

At the start of the Reinforcement Phase (5.2 I), in this order: the turn's removals (9.6) take
the named units out of the game wherever they are, at no VP cost (a unit not yet in play never
comes); the off-map conversions are made (9.3, conversions.py); the returns come back (9.7.2,
9.7.3); then the withdrawals are called.

The removals, conversions and returns are schedule ``event`` entries (``options.event``). Each
``withdrawal`` entry of the schedule (stand-ins: the TRT is not in the text) calls on a side
a named unit (an Axis specific withdrawal, 9.7.2) or ``count`` units of a type (generic, 9.7.3;
every Soviet one is generic). In his part of the Reinforcement Phase the owner meets each call
(``withdraw CALL UNIT``) with a unit of that type, or a better (Guards, Heavy) or larger one of
the same arm (size order Bn, R, B, D; ``hbn`` calls any Heavy Mech battalion), or the named one,
at any strength, on the map in overland supply or in an OKH or RVGK area (9.7.1); the Soviet may
spend 1 MRP instead of a TB or MRB (``withdraw CALL mrp``, 9.7.3); or he declines it (``decline
CALL``, 9.7.4): -1 VP for an Axis unit, +1 VP to the Axis for a Soviet one. He may not end that
part while a call is open. A specific call whose unit is already withdrawn or removed from the
game costs 1 VP at once; one whose unit is in the Replacement Army or the Stalingrad Pool lapses
(9.7.2). Axis units go to the Generic or Specific Withdrawal Pile (off the map, kept in
``state.ns("pmd-withdrawals")``); Soviet units are removed from play.

A ``return`` event brings Axis units back from the piles at full strength into the OKH area their
reinforcements use (9.1.1, 9.1.2; ruling WD2): a specific one (named units) from either pile, a
generic one (``count`` of a type) only from the Generic pile, never a specifically withdrawn
unit (9.7.2). Where the pile holds more of the type than are called, the Axis picks (``return
CALL UNIT``); none there, none returns (9.7.3). Manstein's Gambit brings every Mech unit of both
piles back the same way (5.7(2), :func:`gambit`).

A ``stalingrad-return`` event (13.13: 3 divisions of the Stalingrad Pool return by the Axis TRT;
the turns are stand-ins) brings ``count`` divisions out of the Stalingrad Pool, rebuilt at full
strength into the North OKH area as German reinforcements (9.1.1); where the pool holds more,
the Axis picks (``return CALL UNIT``); fewer, the rest lapse (ruling WD4). The pool's units are
never rebuilt otherwise (``replacements``: only the Replacement Army's are offered).

"""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import conversions, eliminated, leaving, replacements, victory
from .reinforce import RVGK
from .strategic import OKH, ZOMO, overland_supply
from .turns import AXIS, SOVIET

RULE = "PMD 9.7"
REMOVAL_RULE = "PMD 9.6"
RETURN_RULE = "PMD 9.7.3"
STALINGRAD_RULE = "PMD 13.13"
MRP_INSTEAD = ("tb", "mrb")
BN, R, B, D = range(4)
ARMS: dict[str, tuple[str, int, int]] = {
    "pbn": ("panzer", BN, 0),
    "hpbn": ("panzer", BN, 1),
    "pr": ("panzer", R, 0),
    "pd": ("panzer", D, 0),
    "mib": ("german-mi", B, 0),
    "mid": ("german-mi", D, 0),
    "tb": ("soviet-tank", B, 0),
    "gtb": ("soviet-tank", B, 1),
    "td": ("soviet-tank", D, 0),
    "rb": ("soviet-rifle", B, 0),
    "rd": ("soviet-rifle", D, 0),
    "grd": ("soviet-rifle", D, 1),
    "mrb": ("soviet-mr", B, 0),
    "mrd": ("soviet-mr", D, 0),
}
"""9.7.3: unit type -> (arm, size, better): a unit of the same arm, no smaller (Bn < R < B < D,
2.4.5) and no worse (Guards or Heavy), may stand in for the type called. Types not listed
stand in only for themselves."""


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-withdrawals")


def calls(match: Match, side: str) -> dict[str, dict[str, Any]]:
    """Open calls of ``side``: call id -> {"type": ..., "unit": ...}."""
    found: dict[str, dict[str, Any]] = _ns(match).get("calls", {}).get(side, {})
    return found


def eligible(match: Match, unit: Unit) -> bool:
    """9.7.1: in play (not eliminated) on the map in overland supply, or in an OKH/RVGK area."""
    if unit.loc is None or unit.flags.get("eliminated"):
        return False
    if unit.loc in (*OKH.values(), *RVGK):
        return True
    return unit.loc in match.topology and overland_supply(match, unit)


def _where(match: Match, uid: str) -> str | None:
    for where, ids in eliminated._ns(match).items():
        if isinstance(ids, list) and uid in ids:
            return where
    return None


@on_phase("start", ids=("reinforcement",))
def call(match: Match, phase: PhaseSpec) -> None:
    """5.2 I.5: the turn's removals (9.6), off-map conversions (9.3) and returns, then its
    withdrawals are called."""
    remove(match)
    conversions.lapse(match)  # 9.4.2: last turn's conversions not made
    for _key, entry in _entries(match, "conversion"):
        conversions.off_map(match, entry["options"]["from"], entry["options"]["to"])
    for _key, entry in _entries(match, "legion"):  # 7.3: the 250 Spanish Division
        conversions.legion(match, entry["options"]["from"], entry["options"]["to"])
    for key, entry in _entries(match, "soviet-convert"):
        conversions.open_soviet(match, key, entry["options"])
    returns(match)
    open_ = _ns(match).setdefault("calls", {})
    for key, entry in match.title.doc("calendar").get("schedule", {}).items():
        if entry.get("kind") != "withdrawal" or int(entry["turn"]) != match.turn:
            continue
        side = entry["side"]
        for uid in entry.get("units", []):
            unit = match.state.units.get(uid)
            where = _where(match, uid)
            if where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL):
                match.emit("withdrawal", f"{uid} stays in the {where} (9.7.2)", RULE)
            elif unit is None or where is not None or uid in _pile(match):
                victory.change(match, -1, f"{uid} cannot be withdrawn", "PMD 9.7.2")
            else:
                open_.setdefault(side, {})[f"{key}"] = {"unit": uid}
        count = int(entry.get("options", {}).get("count", 0))
        for n in range(count):
            what = {"type": entry["options"]["type"]}
            open_.setdefault(side, {})[f"{key}-{n + 1}"] = what


def _pile(match: Match) -> list[str]:
    return [u for pile in ("generic", "specific") for u in _ns(match).get(pile, [])]


def substitutes(called: str, offered: str) -> bool:
    """9.7.3: may a unit of type ``offered`` meet a generic call for ``called``?"""
    if called == offered:
        return True
    have = ARMS.get(offered)
    if called == "hbn":  # any Heavy Mech battalion
        return have is not None and have[1] == BN and have[2] == 1
    want = ARMS.get(called)
    if want is None or have is None or want[0] != have[0]:
        return False
    return have[1] >= want[1] and have[2] >= want[2]


def meets(match: Match, want: dict[str, Any], unit: Unit) -> bool:
    if want.get("pool") == eliminated.STALINGRAD_POOL:
        return unit.id in eliminated._ns(match).get(eliminated.STALINGRAD_POOL, [])
    if "unit" in want:
        return unit.id == want["unit"]
    if "return" in want:
        return unit.id in _ns(match).get("generic", []) and substitutes(
            want["return"], match.counter(unit)["type"]
        )
    return substitutes(want["type"], match.counter(unit)["type"])


def pile_of(match: Match, uid: str) -> str | None:
    """The withdrawal pile holding ``uid``, if any."""
    return next((p for p in ("generic", "specific") if uid in _ns(match).get(p, [])), None)


def _entries(match: Match, event: str) -> list[tuple[str, dict[str, Any]]]:
    """This turn's schedule events of one kind (``options.event``: removal, conversion, return)."""
    schedule = match.title.doc("calendar").get("schedule", {})
    return [
        (key, entry)
        for key, entry in sorted(schedule.items())
        if entry.get("kind") == "event"
        and entry.get("options", {}).get("event") == event
        and int(entry["turn"]) == match.turn
    ]


def remove(match: Match) -> None:
    """9.6: the turn's removals, wherever the units are, before any withdrawal; no VP."""
    for _key, entry in _entries(match, "removal"):
        for uid in entry.get("units", []):
            unit = match.state.units.get(uid)
            if unit is None:
                unit = match.new_unit(uid, None)  # never to come (2.2)
            if unit.id in eliminated._ns(match).get(eliminated.REMOVED, []):
                continue
            for pile in ("generic", "specific"):
                if uid in _ns(match).get(pile, []):
                    _ns(match)[pile].remove(uid)
            conversions._gone(match, unit, "is removed from the game", REMOVAL_RULE)


def _returnable(match: Match, side: str, want: dict[str, Any]) -> list[Unit]:
    """The side's units in the Generic Withdrawal Pile (the Stalingrad Pool for its returns)
    that answer a generic return."""
    units = match.state.units
    if want.get("pool") == eliminated.STALINGRAD_POOL:
        ids = eliminated._ns(match).get(eliminated.STALINGRAD_POOL, [])
    else:
        ids = _ns(match).get("generic", [])
    return [units[u] for u in ids if units[u].side == side and meets(match, want, units[u])]


def come_back(match: Match, unit: Unit, rule: str = RETURN_RULE) -> None:
    """9.7.2, 9.7.3: back from a pile at full strength, entering as a reinforcement (9.1.1,
    9.1.2: a minor ally in the South OKH area); 13.13: out of the Stalingrad Pool, rebuilt at
    full strength in the North OKH area."""
    if unit.id in eliminated._ns(match).get(eliminated.STALINGRAD_POOL, []):
        back = replacements.axis_back(match, unit, 0)
        match.emit("return", f"{back.id} returns from the Stalingrad Pool", STALINGRAD_RULE)
        return
    pile = pile_of(match, unit.id)
    if pile is not None:
        _ns(match)[pile].remove(unit.id)
    minor = "minor-ally" in match.unit_type(unit).get("tags", ())
    box = OKH["south"] if minor else OKH["north"]
    unit.step = 0  # any replacement steps are free
    match.place(unit, box)
    unit.flags["entry"] = match.resolve_locations(list(ZOMO[box]))
    match.emit("return", f"{unit.id} returns at full strength", rule, unit=unit.id)


def gambit(match: Match) -> None:
    """5.7(2): Manstein's Gambit brings back every Mech unit of both withdrawal piles, as a
    return does (Leg units stay)."""
    for uid in _pile(match):
        unit = match.state.units[uid]
        if match.unit_type(unit).get("mobility") == "mech":
            come_back(match, unit, "PMD 5.7")


def returns(match: Match) -> None:
    """The turn's returns: named units from either pile; generic ones from the Generic pile,
    picked by the Axis when there are more than called."""
    for key, entry in _entries(match, "return"):
        for uid in entry.get("units", []):
            unit = match.state.units.get(uid)
            if unit is not None and pile_of(match, uid) is not None:
                come_back(match, unit)
            else:
                match.emit("return", f"{uid} is not in a withdrawal pile: no return", "PMD 9.7.2")
        options = entry.get("options", {})
        if "type" in options:
            _call_returns(match, key, entry, {"return": options["type"]}, options["type"].upper())
    for key, entry in _entries(match, "stalingrad-return"):
        want = {"pool": eliminated.STALINGRAD_POOL}
        _call_returns(match, key, entry, want, "Stalingrad Pool division(s)", STALINGRAD_RULE)


def _call_returns(
    match: Match,
    key: str,
    entry: dict[str, Any],
    want: dict[str, Any],
    what: str,
    rule: str = RETURN_RULE,
) -> None:
    """``count`` units answering ``want`` come back: all of them when no more are there, else
    the Axis picks (``return CALL UNIT``)."""
    pool = _returnable(match, entry["side"], want)
    count = int(entry.get("options", {}).get("count", 1))
    if len(pool) <= count:
        for unit in pool:
            come_back(match, unit)
        if len(pool) < count:
            short = f"{count - len(pool)} {what} short: none returns for them"
            match.emit("return", short, rule)
        return
    open_ = _ns(match).setdefault("return-calls", {}).setdefault(entry["side"], {})
    for n in range(count):
        open_[f"{key}-{n + 1}"] = dict(want)


class Withdraw(Verb):
    """``withdraw CALL UNIT`` (or ``withdraw CALL mrp``): meet a withdrawal call (9.7)."""

    name = "withdraw"
    kinds = ("reinforce",)

    def actor(self, action: Action) -> str:
        return action.args[0] if action.args else ""

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return list(calls(match, decision.side))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        want = calls(match, decision.side).get(actor)
        if want is None:
            return []
        out = [
            Action(self.name, (actor, u.id))
            for u in match.units_of(decision.side)
            if meets(match, want, u) and eligible(match, u)
        ]
        if self._mrp_ok(match, decision.side, want):
            out.append(Action(self.name, (actor, "mrp")))
        return out

    def _mrp_ok(self, match: Match, side: str, want: dict[str, Any]) -> bool:
        return (
            side == SOVIET
            and want.get("type") in MRP_INSTEAD
            and replacements.points(match, SOVIET)["mrp"] > 0
        )

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: withdraw CALL UNIT"
        want = calls(match, decision.side).get(action.args[0])
        if want is None:
            return f"no open withdrawal call {action.args[0]} ({RULE})"
        if action.args[1] == "mrp":
            ok = self._mrp_ok(match, decision.side, want)
            return None if ok else "1 MRP stands in only for a Soviet TB or MRB (PMD 9.7.3)"
        unit = match.state.units.get(action.args[1])
        if unit is None or unit.side != decision.side or not meets(match, want, unit):
            return f"{action.args[1]} does not meet call {action.args[0]} ({RULE})"
        if not eligible(match, unit):
            return f"{unit.id} is not in overland supply on the map nor in an OKH or RVGK area (PMD 9.7.1)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        key, what = action.args
        want = calls(match, decision.side).pop(key)
        if what == "mrp":
            replacements.points(match, SOVIET)["mrp"] -= 1
            match.emit(
                "withdrawal", f"1 MRP spent instead of a {want['type'].upper()}", "PMD 9.7.3"
            )
            return
        unit = match.state.units[what]
        if unit.side == AXIS:
            pile = "specific" if "unit" in want else "generic"
            _ns(match).setdefault(pile, []).append(unit.id)
            match.emit("withdrawal", f"{unit.id} to the {pile} withdrawal pile", RULE)
            match.remove(unit)  # 6.4: out of its reserve stack, its records with it (CV4)
        else:
            leaving.remove_from_game(match, unit)  # 9.7.3: removed from play
            match.emit("withdrawal", f"{unit.id} withdrawn from play", "PMD 9.7.3")


def return_calls(match: Match, side: str) -> dict[str, dict[str, Any]]:
    """Open generic returns of ``side`` the owner picks the units for: call id -> {"return": type}."""
    found: dict[str, dict[str, Any]] = _ns(match).get("return-calls", {}).get(side, {})
    return found


class Return(Verb):
    """``return CALL UNIT``: the Axis picks which unit of the Generic Withdrawal Pile answers a
    generic return (9.7.3)."""

    name = "return"
    kinds = ("reinforce",)

    def actor(self, action: Action) -> str:
        return action.args[0] if action.args else ""

    def actors(self, match: Match, decision: Decision) -> list[str]:
        return list(return_calls(match, decision.side))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        want = return_calls(match, decision.side).get(actor)
        if want is None:
            return []
        return [Action(self.name, (actor, u.id)) for u in _returnable(match, decision.side, want)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: return CALL UNIT"
        if Action(self.name, tuple(action.args)) in self.legal_for(match, decision, action.args[0]):
            return None
        want = return_calls(match, decision.side).get(action.args[0], {})
        if want.get("pool") == eliminated.STALINGRAD_POOL:
            return f"{action.args[1]} is not in the Stalingrad Pool ({STALINGRAD_RULE})"
        return f"{action.args[1]} is not a generically withdrawn unit for that return ({RETURN_RULE}, 9.7.2)"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        return_calls(match, decision.side).pop(action.args[0])
        come_back(match, match.state.units[action.args[1]])


class Decline(Verb):
    """``decline CALL``: refuse one unit's withdrawal for 1 VP (9.7.4)."""

    name = "decline"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        return [Action(self.name, (key,)) for key in calls(match, decision.side)]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in calls(match, decision.side):
            return "no open withdrawal call to decline (PMD 9.7.4)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        want = calls(match, decision.side).pop(action.args[0])
        what = want.get("unit") or f"a {want['type'].upper()}"
        match.emit("withdrawal", f"{decision.side} declines to withdraw {what}", "PMD 9.7.4")
        victory.withdrawals_not_made(match, decision.side, [what])  # 4.5.2(3), 9.7.4


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Withdraw(), Decline(), Return()]


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "reinforce":
        return []
    out = []
    if calls(match, decision.side):
        out.append(
            f"withdraw or decline {', '.join(calls(match, decision.side))} first (PMD 9.7.4)"
        )
    if return_calls(match, decision.side):
        out.append(
            f"pick the units of return {', '.join(return_calls(match, decision.side))} first ({RETURN_RULE})"
        )
    return out
