"""Prepared assault's terrain effects: column shifts and their cap, and the attack factor
changes of rivers, marsh and crossing arrows (PMD 13.4.1, 13.5, 12.4, 5.3(11)).

Natural terrain shifts the column left (rough 1, marsh 1, mountain 2; forest only against a
mobile assault), and so does a crossing arrow when every attacker crosses one (2; not a frozen
one, 8.11: ``straits.live``). With the
construction and unit shifts they are capped at 2 either way (13.5: the ``capped`` group of the
CRT's ``shift_caps``). On turn 112 the Soviets get no terrain shifts (5.3(11)).

Attack factors (13.4.1, 12.4): the attackers crossing a minor river attack with 3/4 of their
total (1/2 from turn 203, ruling C7), a major river or the South Volga with 1/2, rounded up, in
Dry, Rain or Mud only (frozen rivers are ignored); non-infantry Mech units attacking into marsh
halve their total; tanks attacking across a crossing arrow attack with 1 each; mountain infantry
making a prepared assault into rough attack with their DF when it is larger (ruling C15). Axis units
ignore rivers on turn 112 (5.3(10), 14.6: ruling Q2). Construction shifts are ``constructions.py``.

Who may attack (a veto on ``attack``): at most 5 non-artillery divisions attack into or out of a
city (6.1); units of two minor allies never attack the same hex (7.1(6)), nor minor allies a hex
in Russia north of the N/S line (7.1(5)); a Mech unit attacks
from or into a mountain hex only along a mountain road, closed in Snow (13.4.1, 12.4; ruling C12).

Attackers not in offensive supply and defenders out of supply or isolated are halved, each group's
total once, rounded up (8.5, 13.2; rulings C18, C19).

A Flak corps in the defending hex halves the Soviet Mech attackers in the same one division
(15.3, ``flak.py``); Soviet artillery without offensive supply adds nothing (15.11,
``artillery.py``); air factors are never reduced (15.4, ``air.py``)."""

from __future__ import annotations

from fractions import Fraction

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics.combat import attack_args
from wargame.mechanics.halving import scale_total_up
from wargame.mechanics.movement import phase_key
from wargame.state import Unit

from . import airsupply, offsupply, straits
from .movement import RIVERS
from .turns import AXIS, SOVIET, ynn
from .weather import weather_at

RIVER_WEATHER = ("D", "R", "M")
"""12.4: river effects on combat apply in Dry, Rain and Mud; frozen rivers are ignored."""
HALF_MINOR_FROM = 203
"""Ruling C7: a minor river halves from turn 203 (the first spring turn of 1942)."""

CAPPED = "capped"
TERRAIN_SHIFT = {"rough": 1, "marsh": 1, "mountain": 2}
"""13.4.1: columns left for a defender in this natural terrain against a prepared assault."""


def _all_across_arrows(match: Match, battle: Battle) -> bool:
    origins = {battle.origins.get(a) for a in battle.attackers}
    if not origins or None in origins:
        return False
    for origin in origins:
        edge = match.topology.edge(str(origin), battle.target)
        if edge is None or not straits.live(match, edge.features):
            return False  # 8.11: a frozen arrow is clear terrain
    return True


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    units = match.state.units
    if not battle.defenders:
        return []
    defender = units[battle.defenders[0]].side
    if defender == SOVIET and ynn(match) == 112:
        return []  # 5.3(11): no Soviet terrain shifts on turn 112 (forts excepted: not built)
    out: list[Shift] = []
    terrain = match.topology.terrain(battle.target)
    if battle.kind == "attack" and terrain in TERRAIN_SHIFT:
        out.append(
            Shift.left(TERRAIN_SHIFT[terrain], f"defender in {terrain}", "PMD 13.4.1", CAPPED)
        )
    if battle.kind != "attack" and terrain == "forest":
        out.append(Shift.left(1, "mobile assault into forest", "PMD 13.4.1", CAPPED))
    if _all_across_arrows(match, battle):
        out.append(Shift.left(2, "every attacker across a crossing arrow", "PMD 13.4.1", CAPPED))
    return out


def _crossing(match: Match, battle: Battle, unit: Unit) -> frozenset[str]:
    origin = battle.origins.get(unit.id)
    edge = match.topology.edge(str(origin), battle.target) if origin else None
    return frozenset(edge.features) if edge is not None else frozenset()


def bridgehead(match: Match, battle: Battle) -> bool:
    """14.6: an MA into a jointly-occupied hex with a Close Combat marker, where the attacker's
    side already has units: they form a bridgehead and the river has no effect on the MA."""
    from .closecombat import on_map

    if battle.kind != "overrun" or not battle.attackers or battle.target not in on_map(match):
        return False
    side = match.state.units[battle.attackers[0]].side
    return any(u.side == side for u in match.units_at(battle.target))


def _river_factor(match: Match, battle: Battle, unit: Unit) -> tuple[Fraction, str] | None:
    """The fraction of attack a unit crossing a river keeps (13.4.1), or None."""
    from .bridges import bridged

    if unit.side == AXIS and ynn(match) == 112:
        return None  # 5.3(10), 14.6: the Axis ignore rivers on turn 112 (ruling Q2)
    if weather_at(match, battle.target) not in RIVER_WEATHER:
        return None  # 12.4: frozen rivers are ignored
    if bridgehead(match, battle):
        return None  # 14.6: the attacker's units in the jointly-occupied hex
    sides = match.title.doc("terrain")["hexsides"]
    found: tuple[Fraction, str] | None = None
    origin = battle.origins.get(unit.id)
    bridge = unit.side == SOVIET and origin and bridged(match, str(origin), battle.target)
    for feature in sorted(_crossing(match, battle, unit)):
        spec = sides.get(feature, {}).get("combat", {})
        if "attack_factor" not in spec:
            continue
        value = spec["attack_factor"]
        if bridge and feature in RIVERS:  # 15.12: a minor river in 1941
            value = sides["minor-river"]["combat"]["attack_factor"]
            feature = "pontoon bridge"
        elif "attack_factor_from_1942" in spec and ynn(match) >= HALF_MINOR_FROM:
            value = spec["attack_factor_from_1942"]
        fraction = Fraction(str(value))
        if found is None or fraction < found[0]:
            found = (fraction, feature)
    return found


def _reduce(
    match: Match,
    units: list[Unit],
    fraction: Fraction,
    reason: str,
    rule: str,
    value: str = "attack",
) -> Modifier | None:
    """The total of ``units`` scaled once and rounded up, never below 1 (8.5, 13.2), as a
    change to the side's total."""
    values = [int(match.unit_values(u).get(value, 0)) for u in units]
    total = sum(values)
    if total <= 0:
        return None
    kept = scale_total_up(values, fraction)
    return Modifier(value, "add", kept - total, f"{reason}: {total} -> {kept}", rule)


def unsupplied(unit: Unit) -> str | None:
    """ "isolated" or "out of supply" as the last supply check left the unit (8.3: its ISO or
    OOS flag, or the marker of that name), or None."""
    if unit.flags.get("iso") or "iso" in unit.markers:
        return "isolated"
    if unit.flags.get("oos") or "oos" in unit.markers:
        return "out of supply"
    return None


def attack_halving(match: Match, battle: Battle, unit: Unit) -> str | None:
    """Why the unit attacks at half (8.5, 8.6, 13.2): not in offensive supply at the start of
    the Combat Phase (``offsupply.lacks``: the flags of that phase's check, 8.3, then the
    markers), or None. A mobile assault is always at full strength (8.6, 14.2: its units may
    not MA otherwise)."""
    if battle.kind != "attack":
        return None
    state = unsupplied(unit)
    if state is not None:
        return state
    return None if offsupply.lacks(match, unit) is None else "not in offensive supply"


def _marsh_factor(match: Match, battle: Battle, unit: Unit) -> Fraction | None:
    """13.4.1: a non-infantry Mech unit attacking into marsh is halved, in the same product as
    the other halvings (ruling C19), so two of them quarter it rather than take it to 0."""
    if battle.kind != "attack" or match.topology.terrain(battle.target) != "marsh":
        return None
    kind = match.unit_type(unit)
    tags = kind.get("tags", ())
    if kind.get("mobility") != "mech" or "infantry" in tags or "mi" in tags:
        return None
    return Fraction(1, 2)


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    units = match.state.units
    attackers = [units[i] for i in battle.attackers if units[i].loc is not None]
    out: list[Modifier] = []
    by_river: dict[tuple[Fraction, str, str], list[Unit]] = {}
    from . import artillery, flak

    for unit in attackers:
        if artillery.silent(match, battle, unit):
            continue  # 15.11: adds nothing at all (artillery.py)
        if "air" in match.unit_type(unit).get("tags", ()):
            continue  # 15.4: air factors are not reduced (air.py, ruling AIR2)
        found = _river_factor(match, battle, unit)
        halved = attack_halving(match, battle, unit)
        flaked = flak.factor(match, battle, unit)
        bogged = _marsh_factor(match, battle, unit)
        if found is None and halved is None and flaked is None and bogged is None:
            continue
        fraction, reasons, rules = Fraction(1), [], []
        if halved is not None:
            fraction, reasons, rules = Fraction(1, 2), [f"1/2 {halved}"], ["PMD 8.5, 13.2"]
        if found is not None:
            fraction *= found[0]
            reasons.append(f"{found[0]} across a {found[1].replace('-', ' ')}")
            rules.append("PMD 13.4.1")
        if flaked is not None:
            fraction *= flaked[0]
            reasons.append(flaked[1])
            rules.append(flak.RULE)
        if bogged is not None:
            fraction *= bogged
            reasons.append("non-infantry Mech into marsh")
            rules.append("PMD 13.4.1")
        by_river.setdefault((fraction, ", ".join(reasons), "; ".join(rules)), []).append(unit)
    for (fraction, why, rule), group in sorted(by_river.items()):
        mod = _reduce(match, group, fraction, why, rule)
        if mod is not None:
            out.append(mod)
    if battle.kind == "attack" and match.topology.terrain(battle.target) == "rough":
        for unit in attackers:
            values = match.unit_values(unit)
            mountain = "mountain" in match.unit_type(unit).get("tags", ()) or values.get("mountain")
            if mountain and values.get("defense", 0) > values.get("attack", 0):
                out.append(
                    Modifier(
                        unit.id,
                        "set",
                        values["defense"],
                        "mountain infantry into rough: DF as AF",
                        "PMD 13.4.1",
                    )
                )
    key = phase_key(match)
    for uid in battle.defenders:
        if units[uid].flags.get("retreated") == key:
            out.append(Modifier(uid, "set", 0, "retreated this phase, adds nothing", "PMD 13.8"))
    out_of_supply = [
        units[i]
        for i in battle.defenders
        if units[i].loc is not None
        and "air" not in match.unit_type(units[i]).get("tags", ())
        and units[i].flags.get("retreated") != key
        and unsupplied(units[i]) is not None
        and not airsupply.defends_in_supply(match, units[i])  # 8.7 from turn 211
    ]
    mod = _reduce(
        match, out_of_supply, Fraction(1, 2), "1/2 out of supply", "PMD 8.5, 13.2", "defense"
    )
    if mod is not None:
        out.append(mod)
    ice = straits.frozen(match)  # 8.11: a frozen arrow is clear terrain
    for unit in attackers:
        crossed = _crossing(match, battle, unit) - ice
        sides = match.title.doc("terrain")["hexsides"]
        tags = match.unit_type(unit).get("tags", ())
        if ("armor" in tags or "assault-gun" in tags) and any(
            sides.get(f, {}).get("combat", {}).get("afv_attack_one") for f in crossed
        ):
            out.append(
                Modifier(
                    unit.id, "set", 1, "tank or assault gun across a crossing arrow", "PMD 13.4.1"
                )
            )
    return out


CITY_ATTACKERS = 5
"""6.1: non-artillery divisions that may attack into or out of a city hex."""
MINOR_ALLIES = ("romanian", "hungarian", "italian", "ost")


def attack_problem(match: Match, target: str, ids: list[str]) -> str | None:
    """Why these units may not attack ``target`` together (6.1, 7.1(6), 13.4.1), or None."""
    units = [match.state.units[i] for i in ids if i in match.state.units]
    units = [u for u in units if u.loc is not None]
    topo = match.topology
    if target not in topo:
        return None

    def weight(group: list[Unit]) -> float:
        return sum(float(match.unit_type(u).get("stacking", 0)) for u in group)

    if "city" in topo.features(target) and weight(units) > CITY_ATTACKERS:
        return f"at most {CITY_ATTACKERS} divisions attack into a city (PMD 6.1)"
    for loc in sorted({str(u.loc) for u in units}):
        here = [u for u in units if u.loc == loc]
        if loc in topo and "city" in topo.features(loc) and weight(here) > CITY_ATTACKERS:
            return f"at most {CITY_ATTACKERS} divisions attack out of the city {loc} (PMD 6.1)"
    nations = {
        tag
        for u in units
        for tag in match.unit_type(u).get("tags", ())
        if tag in MINOR_ALLIES and "minor-ally" in match.unit_type(u).get("tags", ())
    }
    if len(nations) > 1:
        return "units of two minor allies may not attack the same hex (PMD 7.1(6))"
    north = target in topo.region("country:ussr") and target not in topo.region("south")
    if nations and north:
        return "minor allies may not attack a hex in Russia north of the N/S line (PMD 7.1(5))"
    for unit in units:
        if (
            match.unit_type(unit).get("mobility") != "mech"
            or unit.loc is None
            or unit.loc not in topo
        ):
            continue
        ends = (str(unit.loc), target)
        if not any(topo.terrain(h) == "mountain" for h in ends):
            continue
        road = all("mountain-road" in topo.features(h) for h in ends)
        if not road or weather_at(match, target) == "S":
            return f"{unit.id} (Mech) attacks a mountain hex only along an open mountain road (PMD 13.4.1, 12.4)"
    return None


def advance_problem(match: Match, side: str, ids: list[str], loc: str) -> str | None:
    """13.15.1: the advance observes the stacking limit of the hex entered (6.1)."""
    from wargame.mechanics import stacking

    if loc not in match.topology:
        return None
    there = [u.id for u in match.units_at(loc) if u.side == side and u.id not in ids]
    if stacking.weight(match, [*there, *ids]) > stacking.limit(match, side, loc):
        return f"the advance would overstack {loc} (PMD 13.15.1, 6.1)"
    return None


@hookimpl
@veto_scope(verbs=("attack", "advance"), kinds=("combat", "advance"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if action.verb == "advance" and len(action.args) >= 2:
        return advance_problem(match, decision.side, action.args[0].split(","), action.args[-1])
    parts = attack_args(action)
    if parts is None:
        return None
    return attack_problem(match, action.args[0], parts[1])
