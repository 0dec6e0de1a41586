"""Movement (BARB 10.0): factors from the turn track, halved out of supply, terrain costs with
the turn-dependent exceptions, and the Game Turn 1 restrictions."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import halving, turntrack
from wargame.mechanics.movement import chart_cost
from wargame.state import Unit

from . import supply
from .turns import GERMAN, SOVIET, in_region

HUNGARY, ROMANIA = "country:hungary", "country:romania"
LIMIT = 5
"""Units a hex (6.1)."""


def is_satellite(match: Match, unit: Unit) -> bool:
    return "satellite" in match.unit_type(unit).get("tags", ())


@hookimpl
def wargame_movement_allowance(match: Match, unit: Unit) -> float | None:
    """The turn track's factor for the unit's class (2.11, 10.1), halved rounding down when it is
    out of supply (7.17: a non-combat number, so half of 1 is 0; 10.3 still allows one hex)."""
    mf = turntrack.factor(match, unit)
    if mf is None:
        return None
    mech = match.unit_type(unit)["mobility"] == "mech"
    if unit.side == GERMAN and mech and match.turn == 30 and match.state.vars.get("oder"):
        mf = 6  # 4.18
    if unit.side == GERMAN and match.turn == 3:
        from .decisions import paulus_cut

        mf = max(0, mf - paulus_cut(match, unit))  # 5.10
    if supply.state(match, unit) in ("out", "coastal", "aerial"):  # 7.5, 7.7: as if out
        mf = halving.halve_total([mf], lone_min=0)
    return mf


@hookimpl
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    mobility = match.unit_type(unit)["mobility"]
    turn = match.turn
    return (
        unit.side,
        mobility,
        turn == 1 and unit.side == GERMAN,  # rivers ignored (10.18), 2013/2014 clear (5.13)
        unit.side == SOVIET and turn >= 7,  # the Sivash for non-mech (10.15)
        unit.side == SOVIET and turn >= 13,  # marsh as clear for Soviet mech (10.12)
        is_satellite(match, unit),  # never north of the logistical line (10.22)
    )


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    topo = match.topology
    mobility = match.unit_type(unit)["mobility"]
    edge = topo.edge(a, b)
    features = edge.features if edge is not None else frozenset()
    terrain = topo.terrain(b)
    if unit.side == GERMAN and match.turn == 1:
        if mobility == "mech" and b in ("2013", "2014"):
            return 1.0  # clear for German mech on GT1 (5.13)
        if "river" in features and terrain not in ("sea", "lake"):
            cost = chart_cost(match, unit, a, b)
            return cost - (2 if mobility == "mech" else 1)  # no river costs on GT1 (10.18)
    if unit.side == SOVIET and match.turn >= 13 and mobility == "mech" and terrain == "marsh":
        return 1.0 + (2 if "river" in features else 0)  # marsh as clear (10.12)
    return None


@hookimpl
def wargame_move_blocked(match: Match, unit: Unit) -> Mapping[str, str]:
    out: dict[str, str] = {}
    topo = match.topology
    if is_satellite(match, unit):
        for h in topo.region("zone:north"):
            out[h] = "Axis satellites never go north of the logistical boundary (BARB 10.22)"
    if match.turn == 1:
        if unit.side == SOVIET:
            for region in (HUNGARY, ROMANIA):
                for h in topo.region(region):
                    out[h] = "no Soviet movement into Hungary or Romania on GT1 (BARB 5.11)"
        else:
            for h in topo.region(HUNGARY):
                out[h] = "no German-side movement into Hungary on GT1 (BARB 5.11)"
    return out


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    """10.34: the ICA only shuttles by sea between Odessa and Sevastopol (the sea-movement
    mechanic's ``ica`` sea)."""
    if match.counter(unit)["type"] == "ica":
        return "the ICA moves only by sea between Odessa and Sevastopol (BARB 10.34)"
    return None


def stacks_as_satellite(match: Match, unit: Unit) -> bool:
    """6.4 binds the satellite armies of both sides: the Axis ones and the Soviet's Romanian and
    Bulgarian communist armies (ruling E30)."""
    from .communists import SATELLITES

    return is_satellite(match, unit) or unit.counter in SATELLITES


def satellite_refusal(match: Match, decision: Decision, action: Action) -> str | None:
    """6.4: never more than one satellite army of a side in a hex, after a move or an advance
    after combat (ruling E33)."""
    if action.verb not in ("move", "advance") or len(action.args) < 2:
        return None
    units = [match.state.units.get(u) for u in action.args[0].split(",")]
    moving = [u for u in units if u is not None and stacks_as_satellite(match, u)]
    if not moving:
        return None
    there = [u for u in match.units_at(action.args[-1]) if stacks_as_satellite(match, u)]
    if len(moving) + len(there) > 1:
        return "never more than one satellite army of a side in a hex (BARB 6.4)"
    return None


def setup_refusal(match: Match, decision: Decision, action: Action) -> str | None:
    """3.1: stacking limits hold at set-up too (6.1, 6.4)."""
    if action.verb != "deploy" or len(action.args) != 2:
        return None
    unit = match.state.units.get(action.args[0])
    there = [u for u in match.units_at(action.args[1]) if u is not unit]
    if unit is None or unit.loc == action.args[1]:
        return None
    if len(there) >= LIMIT:
        return f"{action.args[1]} already holds {LIMIT} units (BARB 3.1, 6.1)"
    if stacks_as_satellite(match, unit) and any(stacks_as_satellite(match, u) for u in there):
        return "never more than one satellite army of a side in a hex (BARB 3.1, 6.4)"
    return None


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    for refusal in (satellite_refusal, gt1_refusal, setup_refusal):
        why = refusal(match, decision, action)
        if why:
            return why
    return None


def gt1_refusal(match: Match, decision: Decision, action: Action) -> str | None:
    """GT1 (5.11): German-side units in Romania move only inside Romania and may not attack;
    units in Hungary may not move out or attack."""
    if match.turn != 1 or decision.side != GERMAN or not action.args:
        return None
    if action.verb in ("move", "overrun"):
        ids = action.args[0].split(",") if action.verb == "move" else action.args[2].split(",")
        path = [a for a in action.args[1:] if a in match.topology] if action.verb == "move" else []
        for uid in ids:
            unit = match.state.units.get(uid)
            if unit is None or unit.loc is None:
                continue
            if in_region(match, unit.loc, HUNGARY):
                return "no German-side movement out of Hungary on GT1 (BARB 5.11)"
            if in_region(match, unit.loc, ROMANIA):
                if action.verb == "overrun":
                    return "German-side units in Romania may not attack on GT1 (BARB 5.11)"
                if any(not in_region(match, h, ROMANIA) for h in path):
                    return (
                        "German-side units in Romania move only inside Romania on GT1 (BARB 5.11)"
                    )
    if action.verb == "attack" and len(action.args) == 3:
        for uid in action.args[2].split(","):
            unit = match.state.units.get(uid)
            if unit is not None and (
                in_region(match, unit.loc, ROMANIA) or in_region(match, unit.loc, HUNGARY)
            ):
                return f"{uid}: German-side units in Romania or Hungary may not attack on GT1 (BARB 5.11)"
    return None
