"""Mobile assault (PMD 14.0-14.7): an overrun inside movement, on the kernel's overrun mechanic.

The shared mechanic's settings (title ``mechanic_options.overrun``) carry what is data: the cost
(German Mech 7 MP, German cavalry and Soviet divisions and brigades 4, 14.3) plus an unfrozen
river's hexside cost, the stack that started the phase together (14.2), clear or forest targets
only (14.4, 14.10), success moving in and going on, failure back to the launch hex (14.7), and
who may take part (14.1: the ``can-ma`` and ``ma-assisted`` unit types; artillery, infantry and
minor allies never). This module adds the rules that are not data (14.1, 14.4, 12.4):

- the units were in offensive supply at the start of the phase (14.2, 14.5, 8.6:
  ``offsupply.lacks``), so an MA is always at full strength;
- motorized infantry and cavalry (``ma-assisted``) assault only with a panzer, tank, heavy panzer,
  assault gun or HSPAT (``can-assist``) in the same MA;
- no MA into a fort, heavy fort, Stalin line or fort line held by the Soviets (active forts);
- no MA across a major river or the South Volga, but over a laid Soviet pontoon bridge (15.12);
- no MA in Mud; no Axis MA into a Snow hex in the first winter (turns 124-204).

The battle is a prepared assault's in all else (14.3): forest is 1L for it (``combat.py``), the
defender picks a construction, the result changes and losses are ``losses.py``'s, and there is
no defender retreat (13.8); Soviet cavalry in it cost a cavalry step outside the result (14.1,
``losses.cavalry_cost``).

A successful MA marks its hex with an MA marker until the end of that Movement Phase (14.7).
Other units of the side entering it in that phase pay 14.11's costs instead of the hex's terrain
(hexside costs still paid, as for the MA itself, ruling MA2): Leg units 4 MP, Mech units 6 MP;
in an Initial Movement Phase a Mech or cavalry unit (any unit in its side's SO week, 5.4) out of
reserve pays only the terrain (6.4, 14.11(1)(A): its own cost key, so the compiled costs of the
others are untouched). The MAD never mobile-assaults (15.21, ``mad.py``).

Jointly-occupied hexes: units there that have not moved may MA the enemy in their own hex
(14.9, the kernel's ``within_joint``), staying after a failure. The MA's attacker may place a
Close Combat marker before the reveal (13.1, 14.3: ``closecombat.ask_attacker``); with a friendly
marker in the hex a failed MA gives the Close Combat advance instead of the whole stack's return
(14.7, ``jointhex.py``); 14.6's bridgehead is ``combat.bridgehead``.

14.10: from the North or South OKH area into its ZOMO, and from an RVGK area into its
red-bordered map-edge hexes (the overrun's ``from_boxes``), the area being the launch: the MA's
cost only, a success moving in and on, a failure staying in the area; out of an RVGK area 11.3's
limits hold (``rvgk.out_problem``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import movement as movement_mechanic
from wargame.mechanics.movement import chart_cost, phase_key
from wargame.models import PhaseSpec
from wargame.state import Unit

from . import movement, offsupply, reserves, rvgk, weather
from .constructions import active_forts
from .turns import AXIS, SOVIET, ynn
from .weather import weather_at

RULE = "PMD 14.4"
NO_MA_SIDES = ("major-river", "south-volga")
FIRST_WINTER = (124, 204)
"""14.4: the turns of the 1941/42 winter in which the Axis may not MA into Snow."""


def problem(match: Match, side: str, ids: list[str], launch: str, target: str) -> str | None:
    """Why these units may not mobile-assault ``target`` from ``launch`` (14.1, 14.4), or None."""
    units = [match.state.units[i] for i in ids if i in match.state.units]
    tags = [set(match.unit_type(u).get("tags", ())) for u in units]
    if any("ma-assisted" in t for t in tags) and not any("can-assist" in t for t in tags):
        return "motorized infantry and cavalry mobile-assault only with a tank (PMD 14.1)"
    for unit in units:
        why = offsupply.lacks(match, unit)
        if why is not None:
            return (
                f"{unit.id} was not in offensive supply at the start of the phase: {why} "
                "(PMD 14.2, 14.5, 8.6)"
            )
    if launch in rvgk.AREAS.values():  # 14.10 out of an RVGK area: 11.3's limits hold
        for unit in units:
            found = rvgk.out_problem(match, unit, target)
            if found:
                return found
    if launch == target:  # 14.9: an MA within a jointly-occupied hex
        moved = [u.id for u in units if movement_mechanic.spent(match, u) > 0]
        if moved:
            return (
                f"{', '.join(moved)} moved this phase: only units that have not yet moved "
                f"mobile-assault within their jointly-occupied hex (PMD 14.9)"
            )
    topo = match.topology
    defender = match.side_at(target)
    forts = active_forts(match, target)
    if forts and defender == SOVIET:
        name = sorted(forts)[0].replace("-", " ")
        return f"no mobile assault into a {name} hex ({RULE})"
    edge = topo.edge(launch, target)
    crossed = set(edge.features) & set(NO_MA_SIDES) if edge is not None else set()
    if crossed and side == SOVIET:
        from .bridges import bridged

        if bridged(match, launch, target):
            crossed = set()  # 15.12: a pontoon bridge reads as a minor river of 1941
    if crossed:
        name = sorted(crossed)[0].replace("-", " ")
        return f"no mobile assault across a {name} hexside ({RULE})"
    weather = weather_at(match, target)
    if weather == "M":
        return f"no mobile assault in Mud ({RULE}, 12.4)"
    if side == AXIS and weather == "S" and FIRST_WINTER[0] <= ynn(match) <= FIRST_WINTER[1]:
        return f"no Axis mobile assault into Snow in the first winter ({RULE}, 12.4)"
    return None


@hookimpl
@veto_scope(verbs=("overrun",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    args = action.args
    if len(args) < 5 or args[1] != "with" or args[3] != "via" or args[0] not in match.topology:
        return None
    return problem(match, decision.side, args[2].split(","), args[-1], args[0])


# ------------------------------------------------------------------ the MA marker (14.7, 14.11)

MARKER_RULE = "PMD 14.7, 14.11"
ENTRY_COST = {"mech": 6.0, "leg": 4.0}
"""14.11: MP a Mech or Leg unit pays in all to enter a hex with an MA marker."""


def _marker_key(loc: str) -> str:
    return f"ma-{loc}"


def ma_hexes(match: Match, side: str) -> list[str]:
    """Hexes with ``side``'s MA markers (14.7)."""
    return sorted(
        m["loc"]
        for m in match.state.markers.values()
        if m.get("type") == "ma" and m.get("side") == side
    )


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """14.7: a successful MA's units move into the cleared hex: it gets an MA marker."""
    battle = combat_mechanic.active(match)
    if battle is None or battle.kind != "overrun" or not units or len(path) != 2:
        return
    if path[-1] != battle.target or units[0].id not in battle.attackers:
        return
    if combat_mechanic.holds_enemy(match, battle.target, units[0].side):
        return  # 14.7: a failed MA's Close Combat advance (jointhex.py) clears nothing
    match.state.markers[_marker_key(battle.target)] = {
        "type": "ma",
        "loc": battle.target,
        "side": units[0].side,
        "phase": phase_key(match),
    }
    match.emit("ma-marker", f"MA marker on {battle.target}", MARKER_RULE, loc=battle.target)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """14.7: the MA markers come off at the end of the Movement Phase that placed them."""
    for key in [k for k, m in match.state.markers.items() if m.get("type") == "ma"]:
        loc = match.state.markers.pop(key)["loc"]
        match.emit("ma-marker", f"MA marker removed from {loc}", MARKER_RULE, loc=loc)


def from_reserve(match: Match, unit: Unit) -> bool:
    """14.11(1)(A), 6.4: a Mech or cavalry unit in reserve (any Leg unit in its side's
    Seasonal Offensive week, 5.4), in an Initial Movement Phase."""
    if reserves.reserve_phase(match) or not reserves.in_reserve(match, unit):
        return False
    return reserves.enhanced(match, unit)


@hookimpl(tryfirst=True)
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    """A key of their own for the units out of reserve that 14.11 spares, while a marker is out
    (the other keys' answers inside it: turn 112's rivers, the weather)."""
    if not ma_hexes(match, unit.side) or not from_reserve(match, unit):
        return None
    base = movement.wargame_cost_key(match=match, unit=unit)
    if base is None:
        base = weather.wargame_cost_key(match=match, unit=unit)
    if base is None:
        base = (unit.side, match.unit_type(unit)["mobility"])
    return (base, "ma-from-reserve")


@hookimpl
def wargame_move_extra(match: Match, unit: Unit) -> Mapping[str, float]:
    """14.11: entering an MA hex costs 6 MP (Mech) or 4 (Leg) in all, not its terrain."""
    hexes = ma_hexes(match, unit.side)
    if not hexes or from_reserve(match, unit):
        return {}
    mobility = match.unit_type(unit).get("mobility", "leg")
    fixed = ENTRY_COST.get(mobility, ENTRY_COST["leg"])
    out: dict[str, float] = {}
    for loc in hexes:
        here = weather_at(match, loc)
        column = "D" if here == "R" else here  # Rain reads the TEC's dry column (12.4)
        terrain = chart_cost(match, unit, "", loc, (column, column))
        out[loc] = fixed - terrain
    return out
