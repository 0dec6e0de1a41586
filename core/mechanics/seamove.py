"""Sea movement (Barbarossa 10.16-10.17 and 10.34, LWE 9.17, PMD 10.2-10.4): a unit that starts
its side's movement phase in a friendly port may move by sea to another friendly port of the same
sea, and no further that phase.

Each sea (``mechanic_options.sea-movement.seas``) belongs to one side and names its ports
(location ids or region names), the unit types or type tags that may use it (none listed: every
unit), their weights (unit type or tag -> weight, default 1) and the capacity a movement phase of
that side, counted in those weights (Barbarossa: one infantry corps a sea; LWE: five rifle
divisions, the ICA weighing five); seas naming the same ``pool`` share one capacity (LWE: the
Black Sea and Azov ports together). A port serves while the side owns it and no enemy unit is
in it: its owner is its controller unless a title's ``wargame_port_owner`` says otherwise (PMD
13.15.3). Under ``joint`` a port in a location both sides hold (PMD's jointly-occupied hex) serves
its owner too; the title's vetoes say who may sail into or out of it. ``links`` join two seas (LWE, PMD: the Sea of Azov and the Black Sea) while the side
controls every location the link ``needs`` (the Kerch Strait's hexes); a move between linked
seas counts against the capacity of the sea it leaves. With ``no_attack`` a unit that moved by
sea may not attack in the same player turn (Barbarossa: defence only); the flag that says so
(``flags["sea"]``, the player turn's key) goes at the start of any later phase.

The verb is ``sea UNIT PORT`` in the side's movement decisions. The capacity used is kept in the mechanic's namespace ``sea-movement``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics.movement import done, phase_key, spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES: dict[str, str] = {"movement": "sea moves mark the unit moved for the phase"}
"""Mechanics this one needs in the same title (checked at load)."""

NS = "sea-movement"
FLAG = "sea"
HOLD = "sea-hold"
HOLD_VERBS = ("move", "reserve-move", "strategic", "overrun", "mobile-assault", "sea")


def settings(match: Match) -> dict[str, Any]:
    return match.settings("sea-movement")


def seas(match: Match, side: str | None = None) -> list[dict[str, Any]]:
    return [s for s in settings(match).get("seas", ()) if side is None or s["side"] == side]


def ports(match: Match, sea: dict[str, Any]) -> list[str]:
    """The sea's port locations (region names resolved, ``held`` ports too), in a stable order."""
    out: list[str] = []
    topo = match.topology
    for name in [*sea.get("ports", ()), *sea.get("held", ())]:
        if name in topo:
            out.append(name)
        else:
            out.extend(sorted(topo.region(name)))
    return list(dict.fromkeys(out))


def owner(match: Match, loc: str) -> str | None:
    """The side owning the port at ``loc``: the title's answer (``wargame_port_owner``), else
    the location's controller."""
    found = match.hook.wargame_port_owner(match=match, loc=loc)
    return found if found is not None else match.state.control.get(loc)


def serves(match: Match, side: str, loc: str, sea: dict[str, Any] | None = None) -> bool:
    """A friendly port: the side owns it (``owner``) and no enemy unit stands in it, or, under
    ``joint``, the side's units stand in it with the enemy's (a ``held`` port always; under
    ``occupy_in`` one of the side's units must stand in it)."""
    if sea is not None and loc in sea.get("held", ()):
        return True
    if owner(match, loc) != side:
        return False
    there = {u.side for u in match.units_at(loc)}
    if there - {side} and not (side in there and settings(match).get("joint")):
        return False
    region = sea.get("occupy_in") if sea is not None else None
    if region and loc in match.topology.region(region):
        return side in there
    return True


def _holds(match: Match, side: str, loc: str) -> bool:
    """The side controls the hex or has a unit in it (a hex both sides hold counts)."""
    return match.state.control.get(loc) == side or any(u.side == side for u in match.units_at(loc))


def besieged(match: Match, side: str, loc: str) -> bool:
    """Every land hex next to the port holds enemy units and none of the side's (PMD 10.2)."""
    topo = match.topology
    land = [n for n in topo.neighbours(loc) if topo.terrain(n) not in ("sea", "lake")]
    return bool(land) and all(
        {u.side for u in match.units_at(n)} - {side}
        and not any(u.side == side for u in match.units_at(n))
        for n in land
    )


def open_now(match: Match, sea: dict[str, Any]) -> bool:
    var = sea.get("while_var")
    return not var or bool(match.state.vars.get(var))


def _keys(match: Match, unit: Unit) -> set[str]:
    kind = match.unit_type(unit)
    return {match.counter(unit)["type"], *kind.get("tags", ())}


def eligible(match: Match, sea: dict[str, Any], unit: Unit) -> bool:
    allowed, keys = sea.get("units") or (), _keys(match, unit)
    if keys & set(sea.get("exclude") or ()):
        return False
    return not allowed or bool(keys & set(allowed))


def weight(match: Match, sea: dict[str, Any], unit: Unit) -> float:
    if sea.get("weigh_steps"):
        from wargame.mechanics.losses import steps_left

        return steps_left(match, unit)
    weights = sea.get("weights") or {}
    found = [float(weights[k]) for k in sorted(_keys(match, unit)) if k in weights]
    return max(found) if found else 1.0


def _pool(sea: dict[str, Any]) -> str:
    """Seas naming one ``pool`` share its capacity (LWE 9.17); else each sea has its own."""
    return str(sea.get("pool") or sea["id"])


def used(match: Match, sea: dict[str, Any]) -> float:
    return float(match.state.plugins.get(NS, {}).get(f"{_pool(sea)}@{phase_key(match)}", 0))


def linked(match: Match, side: str, a: str, b: str) -> bool:
    """Seas ``a`` and ``b`` are one for the side now (its control of every needed location)."""
    control = match.state.control
    for link in settings(match).get("links", ()):
        if set(link["seas"]) == {a, b} and all(control.get(h) == side for h in link["needs"]):
            return True
    return False


def _phase_open(match: Match, side: str) -> bool:
    """The phase is one sea movement happens in, before any land move of the side's."""
    conf = settings(match)
    phases = conf.get("phases")
    if phases and (match.phase is None or match.phase.spec.id not in phases):
        return False
    if conf.get("before_land"):
        key = phase_key(match)
        sailed_now = set(match.state.plugins.get(NS, {}).get(f"units@{key}", ()))
        for unit in match.units_of(side):
            if unit.flags.get("moved") == key and unit.id not in sailed_now:
                return False
    return True


def destinations(match: Match, unit: Unit, phase_open: bool = False) -> dict[str, str]:
    """Port -> the id of the sea the unit would sail by, for a unit that may sea-move now
    (``phase_open``: the caller has checked the phase)."""
    loc = unit.loc
    if loc is None or done(match, unit) or spent(match, unit):
        return {}
    if not phase_open and not _phase_open(match, unit.side):
        return {}
    mine = [s for s in seas(match, unit.side) if open_now(match, s)]
    out: dict[str, str] = {}
    for sea in mine:
        if loc not in ports(match, sea) or not eligible(match, sea, unit):
            continue
        if used(match, sea) + weight(match, sea, unit) > float(sea["capacity"]):
            continue
        for pair in sea.get("always", ()):
            other_end = next((p for p in pair if p != loc), None) if loc in pair else None
            if other_end is not None and _holds(match, unit.side, other_end):
                out.setdefault(other_end, sea["id"])  # besieged or shared, still open
        if not serves(match, unit.side, loc, sea):
            continue
        siege = sea.get("besieged") and besieged(match, unit.side, loc)
        reach = [sea] + [
            o for o in mine if o is not sea and linked(match, unit.side, sea["id"], o["id"])
        ]
        for other in reach:
            for port in ports(match, other):
                if port == loc or port in out or not serves(match, unit.side, port, other):
                    continue
                if siege and besieged(match, unit.side, port):
                    continue  # PMD 10.2: not from one besieged port to another
                out[port] = sea["id"]
    return out


class Sea(Verb):
    """``sea UNIT PORT``: a port-to-port move by sea (the title's rule in ``rule``)."""

    name = "sea"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if not _phase_open(match, decision.side):
            return
        starts: set[str] = set()
        for sea in seas(match, decision.side):
            if open_now(match, sea):
                starts.update(ports(match, sea))
        mine = [u for u in match.units_of(decision.side) if u.loc in starts]
        for unit in sorted(mine, key=lambda u: u.id):
            for port in sorted(destinations(match, unit, phase_open=True)):
                yield Action("sea", (unit.id, port))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        rule = settings(match).get("rule")
        return (
            "sea movement: an eligible unit that has not moved this phase, from a friendly port to "
            "another friendly port of its sea, within the sea's capacity this phase"
            + (f" ({rule})" if rule else "")
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        start, port = unit.loc or "", action.args[1]
        sea_id = destinations(match, unit)[port]
        sea = next(s for s in seas(match) if s["id"] == sea_id)
        key = phase_key(match)
        ns = match.state.ns(NS)
        ns[f"{_pool(sea)}@{key}"] = used(match, sea) + weight(match, sea, unit)
        if settings(match).get("before_land"):
            ns.setdefault(f"units@{key}", []).append(unit.id)
        unit.flags["moved"] = key
        unit.flags["mp"] = [key, 10**6]  # no further movement this phase
        if sea.get("no_attack"):
            unit.flags[FLAG] = _turn_key(match)
        if sea.get("hold"):
            unit.flags[HOLD] = _block_key(match)
        match.place(unit, port)
        match.emit(
            "sea",
            f"{unit.id} moves by sea from {start} to {port}",
            sea.get("rule") or settings(match).get("rule"),
            units=[unit.id],
            path=[start, port],
        )
        match.hook.wargame_moved(match=match, units=[unit], path=[start, port])


def _turn_key(match: Match) -> str:
    return f"{match.turn}/{match.phasing}"


def _block_key(match: Match) -> str:
    """The player turn as the sequence's block (a title may give a side two a turn)."""
    return f"{match.turn}/{match.state.cursor.block}"


def held(match: Match, unit: Unit) -> bool:
    """The unit sailed under ``hold`` in this player turn and moves no further in it."""
    return unit.flags.get(HOLD) == _block_key(match)


def sailed(match: Match, unit: Unit) -> bool:
    """The unit moved by sea this player turn under a ``no_attack`` sea."""
    return unit.flags.get(FLAG) == _turn_key(match)


ATTACK_VERBS = ("attack", "assault", "mobile-assault", "overrun")


@hookimpl
@veto_scope(verbs=tuple(dict.fromkeys(ATTACK_VERBS + HOLD_VERBS)))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """A unit that moved by sea under ``no_attack`` defends only this player turn; one that
    sailed under ``hold`` moves no further in it."""
    units = match.state.units
    rule = settings(match).get("rule")
    tail = f" ({rule})" if rule else ""
    if action.verb in HOLD_VERBS and action.args:
        for uid in str(action.args[0]).split(","):
            unit = units.get(uid)
            if unit is not None and held(match, unit):
                return f"{uid} moved by sea this player turn and moves no further{tail}"
    if action.verb not in ATTACK_VERBS:
        return None
    for arg in action.args:
        for uid in str(arg).split(","):
            unit = units.get(uid)
            if unit is not None and sailed(match, unit):
                return f"{uid} moved by sea this player turn and may not attack{tail}"
    return None


@hookimpl
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """The sea flag lasts the player turn of the move, the hold flag its block."""
    key, block = _turn_key(match), _block_key(match)
    for unit in match.state.units.values():
        if FLAG in unit.flags and unit.flags[FLAG] != key:
            del unit.flags[FLAG]
        if HOLD in unit.flags and unit.flags[HOLD] != block:
            del unit.flags[HOLD]
    ns = match.state.plugins.get(NS)
    if ns:
        now = phase_key(match)
        for k in [k for k in ns if not k.endswith(f"@{now}")]:
            del ns[k]
        if not ns:
            match.state.plugins.pop(NS)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Sea()]
