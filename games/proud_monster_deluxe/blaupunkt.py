"""Operation Blaupunkt East, the Axis paradrop (PMD 15.17), and the turn track's divisions the
Gambit brings early (5.7(6)).

Once Manstein's Gambit is declared, at the start of an Axis Movement Phase in June, July or
August (turns 311-316), before any Axis unit has moved, the Axis player may drop the 1 and/or
2 Parachute Divisions, with the 22 ALD if he likes, all into one hex (``blaupunkt HEX with
UNIT[,UNIT...]``). Each starts in an OKH area or in an offensive-supplied city or town not next
to a Soviet unit. The hex: 15.17's restrictions (``paradrop.terrain_problem``: no mountain,
city, fieldworks, Fortified Area, active or heavy fort; clear with the ALD's gliders) and
within 15 hexes of an Axis-controlled city or town in defensive supply. One drop a game, never
required. The dropped units (flag ``blaupunkt``, the drop's turn and week) may not move again
that week, may make a PA from the hex but never advance after it, and are in full supply for
the rest of the turn; the German air supply markers are not placed that turn. The flag goes at
the first phase end of a later turn.

A drop onto Soviet units is at once their unassisted one-round MA (15.17, ruling BP1): the kernel's
overrun battle from inside the hex (``overrun.Overrun``, as 14.9's MA within a jointly-occupied
hex), the dropped units alone, at no MP cost, 14.4's weather limit kept, 15.17's hex list instead
of 14.4's terrain; a success lands them (MA marker, 14.7) but they neither move nor attack that
week; a failure eliminates every dropped unit left, whatever 14.8's second round would allow.

5.7(6): declaring the Gambit brings the 2 Parachute Division (turn 321 on the turn track) and
the 25 PD (turn 323) into the North OKH area at once (ruling BP3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics import combat, overrun
from wargame.mechanics.combat import attackers_named
from wargame.mechanics.control import controller
from wargame.mechanics.movement import phase_key
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

from . import paradrop, reserves, supply
from .losses import offensive_supply
from .strategic import OKH, URBAN, ZOMO
from .turns import AXIS, SOVIET
from .weather import weather_at

RULE = "PMD 15.17"
PARAS = ("ger-para-1", "ger-para-2")
ALD = "ger-ald-22"
MONTHS = (6, 7, 8)
RANGE = 15
FLAG = "blaupunkt"
EARLY = {"ger-para-2": "321-axis-para-2", "ger-pd-25": "323-axis-pd-25"}
"""5.7(6): the turn track's units the Gambit retrieves, with their schedule entries."""
NS = "pmd-blaupunkt"


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns(NS)


def month(match: Match) -> int:
    return int(match.title.doc("calendar")["turns"][str(match.turn)].get("month", 0))


def sources(match: Match) -> list[str]:
    """Axis-controlled cities and towns in defensive supply (15.17)."""
    topo = match.topology
    _line, supplied = supply.nets(match, AXIS)
    return [
        h
        for h in topo.locations()
        if set(topo.features(h)) & set(URBAN) and controller(match, h) == AXIS and h in supplied
    ]


def start_problem(match: Match, unit: Unit) -> str | None:
    """15.17: a unit drops from an OKH area or from an offensive-supplied city or town not next
    to a Soviet unit (ruling BP2: where it stands at the drop)."""
    loc = unit.loc
    if loc in OKH.values():
        return None
    if loc is None or is_box(loc):
        return f"{unit.id} is not in an OKH area or on the map ({RULE})"
    if not set(match.topology.features(loc)) & set(URBAN):
        return f"{unit.id} does not start in an OKH area or a city or town ({RULE})"
    if reserves._adjacent_enemy(match, loc, AXIS):
        return f"{unit.id} starts next to a Soviet unit ({RULE})"
    if not offensive_supply(match, unit):
        return f"{unit.id} is not in offensive supply ({RULE})"
    return None


def problem(match: Match, decision: Decision, loc: str, ids: list[str]) -> str | None:
    """Why the Axis may not make this drop now (15.17), or None."""
    from . import gambit  # gambit imports this module

    if decision.side != AXIS or match.phasing != AXIS:
        return f"Blaupunkt East is the Axis player's ({RULE})"
    if not gambit.declared(match):
        return f"Blaupunkt East only once Manstein's Gambit is declared ({RULE})"
    if month(match) not in MONTHS:
        return f"the drop is made in June, July or August ({RULE})"
    leaf = match.phase
    if leaf is None or not leaf.spec.id.endswith("initial-movement"):
        return f"the drop is made at the start of an Axis Movement Phase ({RULE})"
    if _ns(match).get("done"):
        return f"one drop a game ({RULE})"
    key = phase_key(match)
    if any(u.flags.get("moved") == key for u in match.units_of(AXIS)):
        return f"the drop comes at the start of the Movement Phase, before any move ({RULE})"
    if not ids or len(set(ids)) != len(ids) or not set(ids) <= {*PARAS, ALD}:
        return f"the 1 and/or 2 Parachute Divisions drop, the 22 ALD with them ({RULE})"
    if not set(ids) & set(PARAS):
        return f"the 22 ALD joins a drop of the Parachute Divisions ({RULE})"
    for uid in ids:
        unit = match.state.units.get(uid)
        if unit is None or unit.side != AXIS:
            return f"{uid} is not in play ({RULE})"
        why = start_problem(match, unit)
        if why:
            return why
    return hex_problem(match, loc, ids)


def held(match: Match, loc: str) -> bool:
    """15.17: the drop hex holds Soviet units (the drop is then an MA)."""
    return any(u.side == SOVIET for u in match.units_at(loc))


def hex_problem(match: Match, loc: str, ids: list[str]) -> str | None:
    topo = match.topology
    if loc not in topo or is_box(loc):
        return f"{loc} is not a map hex ({RULE})"
    if held(match, loc) and weather_at(match, loc) == "M":
        return f"a drop onto Soviet units is an MA, never made in Mud ({RULE}, PMD 14.4)"
    why = paradrop.terrain_problem(match, loc, ids, "ald")
    if why:
        return why
    if not any(topo.distance(loc, town) <= RANGE for town in sources(match)):
        return f"{loc} is not within {RANGE} hexes of an Axis town in defensive supply ({RULE})"
    return None


class Blaupunkt(Verb):
    """``blaupunkt HEX with UNIT[,UNIT...]`` (15.17). The listing offers the waiting divisions
    into the hexes next to the supplying towns (10 at most); any hex in range may be named."""

    name = "blaupunkt"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        from . import gambit  # gambit imports this module

        if (
            decision.side != AXIS
            or not gambit.declared(match)
            or month(match) not in MONTHS
            or _ns(match).get("done")
        ):
            return
        units = match.state.units
        ids = [
            i
            for i in PARAS
            if i in units and units[i].side == AXIS and not start_problem(match, units[i])
        ]
        if not ids:
            return
        near = sorted({n for t in sources(match) for n in match.topology.neighbours(t)})
        found = 0
        for loc in near:
            if found >= 10:
                break
            if problem(match, decision, loc, ids) is None:
                found += 1
                yield Action(self.name, (loc, "with", ",".join(ids)))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 3 or action.args[1] != "with":
            return f"usage: blaupunkt HEX with UNIT[,UNIT...] ({RULE})"
        return problem(match, decision, action.args[0], action.args[2].split(","))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc, ids = action.args[0], action.args[2].split(",")
        ns = _ns(match)
        ns["done"] = True
        ns["turn"] = match.turn
        assault = held(match, loc)
        for uid in ids:
            unit = match.state.units[uid]
            match.place(unit, loc)  # after the Soviet units: they stay the hex defender
            unit.flags.pop("entry", None)
            unit.flags[FLAG] = {"turn": match.turn, "week": _week(match)}
            if assault:
                unit.flags[FLAG]["assault"] = True
        match.touch()
        match.emit("paradrop", f"Blaupunkt East: {', '.join(ids)} drop on {loc}", RULE, loc=loc)
        if assault:  # ruling BP1: the one-round MA, fought from inside the hex
            ns["assault"] = {"loc": loc, "units": ids}
            ma = Action(overrun.KIND, (loc, "with", ",".join(ids), "via", loc))
            overrun.Overrun().apply(match, decision, ma)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Blaupunkt()]


def _week(match: Match) -> str:
    """The game week (turn and week) of the current phase."""
    leaf = match.phase
    return f"{match.turn}:{leaf.spec.id.split('-')[0] if leaf else ''}"


def this_turn(match: Match, unit: Unit) -> bool:
    flag = unit.flags.get(FLAG)
    return isinstance(flag, dict) and int(flag["turn"]) == match.turn


@hookimpl(tryfirst=True)
def wargame_supply(match: Match, unit: Unit) -> dict[str, Any] | None:
    if this_turn(match, unit):
        return {"state": "supplied", "offensive": True, "why": f"dropped this turn ({RULE})"}
    return None


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if this_turn(match, unit) and unit.flags[FLAG]["week"] == _week(match):
        return f"{unit.id} dropped this week: no further move ({RULE})"
    return None


def this_week(match: Match, unit: Unit) -> bool:
    """The unit dropped this week (15.17: no move, no advance; after an MA, no attack)."""
    return this_turn(match, unit) and unit.flags[FLAG]["week"] == _week(match)


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("advance",), kinds=("advance",))
def veto_advance(match: Match, decision: Decision, action: Action) -> str | None:
    """15.17: the dropped units may PA from the hex but do not advance after it."""
    units = match.state.units
    for uid in action.args[0].split(",") if action.args else ():
        unit = units.get(uid)
        if unit is not None and this_week(match, unit):
            return f"{uid} dropped this week: no advance after combat ({RULE})"
    return None


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("attack", "cc-empty"))
def veto_attack(match: Match, decision: Decision, action: Action) -> str | None:
    """15.17: units that landed by an MA do not attack that week; the others PA but never
    advance, so never into an empty hex with a Close Combat marker (13.1, its advance)."""
    units = match.state.units
    if action.verb == "cc-empty":
        ids = action.args[2].split(",") if len(action.args) > 2 else []
        named = [units[i] for i in ids if i in units]
    else:
        named = attackers_named(match, action)
    for unit in named:
        if not this_week(match, unit):
            continue
        if action.verb == "cc-empty":
            return f"{unit.id} dropped this week: no advance after combat ({RULE}, PMD 13.1)"
        if unit.flags[FLAG].get("assault"):
            return f"{unit.id} landed by an MA this week: no attack ({RULE})"
    return None


@hookimpl
def wargame_settled(match: Match) -> None:
    """Ruling BP1: once the drop's MA is over, a hex still holding Soviet units means failure:
    every dropped unit left is eliminated (13.13 says where it goes)."""
    assault = match.state.plugins.get(NS, {}).get("assault")
    if assault is None or combat.active(match) is not None:
        return
    del match.state.plugins[NS]["assault"]
    loc = assault["loc"]
    left = [match.state.units[i] for i in assault["units"]]
    left = [u for u in left if u.loc is not None]
    if not held(match, loc):
        match.emit("paradrop", f"Blaupunkt East: the MA clears {loc}, the drop lands", RULE)
        return
    for unit in left:
        match.eliminate(unit, f"the drop's MA failed to clear {loc}", RULE)


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("airsupply",))
def veto_air_supply(match: Match, decision: Decision, action: Action) -> str | None:
    """15.17: the air supply planes fly the drop that turn."""
    if _ns(match).get("turn") == match.turn:
        return f"no air supply in the turn of the drop: its planes fly it ({RULE})"
    return None


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """The ``blaupunkt`` flag goes once its turn is over."""
    for uid in (*PARAS, ALD):
        unit = match.state.units.get(uid)
        if unit is not None and unit.flags.get(FLAG) and not this_turn(match, unit):
            unit.flags.pop(FLAG)


def gambit(match: Match) -> None:
    """5.7(6): the 2 Parachute Division and the 25 PD come off the turn track now, into the North
    OKH area like German reinforcements (9.1.1; ruling BP3)."""
    done = match.state.ns("reinforcements").setdefault("arrived", [])
    for cid, key in EARLY.items():
        if cid in match.state.units or key in done:
            continue
        done.append(key)
        unit = match.new_unit(cid, OKH["north"])
        unit.flags["entry"] = match.resolve_locations(list(ZOMO[OKH["north"]]))
        match.emit("reinforcements", f"{cid} comes early with the Gambit", "PMD 5.7", unit=cid)
