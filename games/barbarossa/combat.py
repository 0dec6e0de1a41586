"""Combat (BARB 11.0): factors, shifts, the Bloodbath, result conversions and retreats.

Prepared assaults are the kernel's ``attack``; mobile assaults the kernel's ``overrun`` (battle
kind "overrun"), configured in title.json (10.23-10.32)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Modifier, Shift
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat as kcombat
from wargame.mechanics import halving, paulus
from wargame.mechanics.concentric import concentric
from wargame.plugins import Verb
from wargame.state import Unit

from . import forts, manstein, supply
from .movement import stacks_as_satellite
from .turns import GERMAN, SOVIET, in_region, is_city, road_back_rules, single

MA = "overrun"
SOVIET_LANDS = ("country:ussr", "country:lithuania", "country:latvia", "country:estonia")


def dotted(match: Match, unit: Unit) -> bool:
    entry = match.title.doc("oob")["entries"].get(unit.counter, {})
    return bool(entry.get("dotted"))


def hero_city(match: Match, loc: str) -> bool:
    return loc in match.state.vars.get("hero_cities", ())


def fortress_city(match: Match, loc: str) -> bool:
    return loc in match.state.vars.get("fortress_cities", ())


def _printed(match: Match, unit: Unit, name: str) -> int:
    return int(match.counter(unit)["steps"][0]["values"].get(name, 0))


def emergency_factor(battle: Battle, unit: Unit) -> int | None:
    """An emergency unit's factor in this battle, rolled at its start (8.4, T47)."""
    got = battle.extra.get("emergency", {}).get(unit.id)
    return None if got is None else int(got)


def defence_factor(battle: Battle, unit: Unit, printed: int) -> int:
    rolled = emergency_factor(battle, unit)
    return printed if rolled is None else rolled


def attack_factor(match: Match, battle: Battle, unit: Unit) -> int:
    """One attacker's factor before any halving: defence used as attack by panzer corps into a
    city (11.20) and by supplied mountain infantry into rough (11.14); a shock army doubled in a
    Soviet fight/move turn with supply (5.7)."""
    from wargame.mechanics import phaseorder

    rolled = emergency_factor(battle, unit)
    if rolled is not None:
        return rolled  # 8.4: a die for this battle
    tags = match.unit_type(unit).get("tags", ())
    target = battle.target
    value = _printed(match, unit, "attack")
    if "panzer" in tags and is_city(match, target):
        value = _printed(match, unit, "defense")
    rough = match.topology.terrain(target) == "rough"
    if "mountain" in tags and rough and supply.state(match, unit) in ("overland", "crimea"):
        value = _printed(match, unit, "defense")
    if "shock" in tags and battle.kind == "attack":
        order = phaseorder.chosen(match, SOVIET)
        ok = (
            supply.offensive(match, unit)
            if match.turn >= 7
            else supply.state(match, unit) == "overland"
        )
        if order == "fight-move" and ok:
            value *= 2
    return value


def attack_divisor(match: Match, battle: Battle, unit: Unit) -> tuple[int, str, str]:
    """1, 2 or 4 with the reason and rule (7.16, 7.22, 7.5-7.7, 11.15)."""
    state = supply.state(match, unit)
    mech = match.unit_type(unit)["mobility"] == "mech"
    if unit.side == SOVIET and match.turn >= 7:
        if state == "out":
            return 4, "no overland, offensive or garrison supply from GT7", "BARB 7.22"
        if not supply.offensive(match, unit):
            return 2, "no offensive supply from GT7", "BARB 7.10, 7.22"
    elif state == "out":
        return 2, "out of supply", "BARB 7.16"
    elif state == "coastal":
        return 2, "coastal supply: attack as if out of supply", "BARB 7.5"
    elif state == "aerial":
        return 2, "aerial supply: attack as if out of supply", "BARB 7.7"
    marsh = match.topology.terrain(battle.target) == "marsh"
    gt1_clear = match.turn == 1 and unit.side == GERMAN and battle.target in ("2013", "2014")
    if mech and battle.kind == "attack" and marsh and not gt1_clear:  # 5.13: GT1 clear
        return 2, "mechanized attack into marsh", "BARB 11.15"
    return 1, "", ""


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    """Each attacker's own factor, then one division per group sharing a reduction (1.3, 11.12:
    total first, divide once, round down, a lone unit's factor never below 1)."""
    from .events import note_supply

    units = match.state.units
    note_supply(match, [*battle.attackers, *battle.defenders])  # 7.17, for 8.14 and 8.15
    mods: list[Modifier] = []
    groups: dict[tuple[int, str, str], list[int]] = {}
    for uid in battle.attackers:
        unit = units[uid]
        value = attack_factor(match, battle, unit)
        if emergency_factor(battle, unit) is not None:
            mods.append(Modifier(uid, "set", value, "emergency unit's rolled factor", "BARB 8.4"))
        elif value != _printed(match, unit, "attack"):
            mods.append(
                Modifier(
                    uid,
                    "set",
                    value,
                    "defence as attack or doubled shock army",
                    "BARB 11.14, 11.20, 5.7",
                )
            )
        div = attack_divisor(match, battle, unit)
        if div[0] > 1:
            groups.setdefault(div, []).append(value)
    for (divisor, reason, rule), values in sorted(groups.items()):
        cut = sum(values) - halving.divide_total(values, divisor)
        if cut:
            mods.append(
                Modifier(
                    "attack",
                    "add",
                    -cut,
                    f"{reason}: {sum(values)} divided by {divisor} together",
                    rule,
                )
            )
    for uid in late_arrivals(match, battle):
        mods.append(Modifier(uid, "set", 0, "retreated into this hex this phase", "BARB 11.29"))
    for uid in battle.defenders:
        rolled = emergency_factor(battle, units[uid])
        if rolled is not None:
            mods.append(Modifier(uid, "set", rolled, "emergency unit's rolled factor", "BARB 8.4"))
    oos = [
        defence_factor(battle, units[u], _printed(match, units[u], "defense"))
        for u in battle.defenders
        if supply.state(match, units[u]) == "out"
    ]
    cut = sum(oos) - halving.halve_total(oos)
    if cut:
        mods.append(
            Modifier(
                "defense", "add", -cut, "defenders out of supply halved together", "BARB 7.16, 1.3"
            )
        )
    return mods


def _all_across_river(match: Match, battle: Battle) -> bool:
    topo = match.topology
    origins = {battle.origins.get(u) for u in battle.attackers}
    if battle.kind == MA:
        origins = {battle.extra.get("launch") or o for o in origins}
    for loc in origins:
        edge = topo.edge(loc, battle.target) if loc else None
        if edge is None or "river" not in edge.features:
            return False
    return bool(origins)


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    topo = match.topology
    target = battle.target
    units = match.state.units
    attacker = units[battle.attackers[0]].side if battle.attackers else GERMAN
    defenders = [units[u] for u in battle.defenders]
    out: list[Shift] = []
    if topo.terrain(target) == "rough":
        out.append(Shift.left(1, "defender in rough", "BARB 11.14"))
    if topo.terrain(target) == "marsh" and battle.kind == "attack":
        out.append(Shift.right(1, "prepared assault into marsh", "BARB 11.15"))
    if _all_across_river(match, battle) and not (attacker == GERMAN and match.turn == 1):
        out.append(Shift.left(1, "every attacker across a river hexside", "BARB 11.16, 10.18"))
    fortress = hero_city(match, target) or fortress_city(match, target)
    if fortress:
        out.append(Shift.left(3, "defender in a Hero or Fortress City", "BARB 9.6"))
    elif is_city(match, target):
        out.append(Shift.left(1, "defender in a city", "BARB 11.20"))
    if battle.kind == MA:
        if attacker == GERMAN and match.turn == 4 and paulus.declined(match):
            out.append(
                Shift.left(
                    2,
                    "German mobile assault on GT4 after declining the Paulus Pause",
                    "BARB 5.10, 10.32",
                )
            )
        else:
            out.append(Shift.left(1, "mobile assault", "BARB 10.32"))
    elif (
        battle.kind == "attack"
        and not fortress
        and not forts.no_concentric(match, target)  # 8.18
        and concentric(match, target, battle.origins.values())
    ):  # 11.24
        city_rule = attacker == SOVIET and is_city(match, target)
        if not city_rule:
            out.append(Shift.right(1, "concentric assault", "BARB 11.24"))
    if attacker == GERMAN and battle.kind == "attack" and paulus.declined(match):
        if match.turn == 4:
            out.append(
                Shift.left(1, "German PA on GT4 after declining the Paulus Pause", "BARB 5.10")
            )
        if match.turn == 5:
            out.append(
                Shift.left(2, "German PA on GT5 after declining the Paulus Pause", "BARB 5.10")
            )
    if (
        attacker == SOVIET
        and match.turn == 1
        and match.option("preparedness")
        and not any(in_region(match, target, r) for r in SOVIET_LANDS)
    ):
        out.append(Shift.left(1, "German Preparedness (optional)", "BARB 5.15"))
    if (
        attacker == SOVIET
        and defenders
        and all("satellite" in match.unit_type(u).get("tags", ()) for u in defenders)
        and in_region(match, target, "country:ussr")
    ):
        out.append(Shift.right(1, "Axis satellite alone inside the USSR", "BARB 11.33"))
    return out


# ------------------------------------------------------------------ results


def converted(match: Match, battle: Battle, code: str) -> tuple[str, str | None]:
    """Result conversions (11.26): DR to BB in Hero/Fortress Cities (9.6); DR to AS for German-side
    defenders in other cities (11.20); BB to DR for every Soviet roll on GT1 (5.14)."""
    units = match.state.units
    attacker = units[battle.attackers[0]].side if battle.attackers else GERMAN
    target = battle.target
    if code == "BB" and match.turn == 1 and attacker == SOVIET:
        return "DR", "BARB 5.14"
    if code == "DR":
        if hero_city(match, target) or fortress_city(match, target):
            return "BB", "BARB 9.6"
        if forts.dr_to_bb(match, target):
            return "BB", "BARB 8.18"
        if attacker == SOVIET and is_city(match, target):
            return "AS", "BARB 11.20"
    return code, None


def late_arrivals(match: Match, battle: Battle) -> list[str]:
    """11.29: defenders that retreated into the hex earlier in this Prepared Assault Phase add
    nothing to its defence (in a mobile assault they defend in full, 10.31)."""
    from wargame.mechanics.movement import phase_key

    if battle.kind != "attack":
        return []
    key = phase_key(match)
    units = match.state.units
    return [u for u in battle.defenders if units[u].flags.get("retreated") == key]


@hookimpl
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    late = late_arrivals(match, battle)
    if late and result not in ("AS", "AE"):
        for uid in late:  # 11.29: eliminated, and not counted toward the result
            match.eliminate(
                match.state.units[uid], f"{result} on a hex it retreated into", "BARB 11.29"
            )
        battle.defenders = [u for u in battle.defenders if u not in late]
        kcombat.store(match, battle)
    code, rule = converted(match, battle, result)
    if code != result:
        match.emit("convert", f"{battle.id}: {result} becomes {code}", rule, battle=battle.id)
        battle.result = code
        if code != "BB":
            kcombat.carry_out(match, battle, code)
            return True
    german = match.state.units[battle.attackers[0]].side == GERMAN
    if code == "BB" and german and (match.turn == 1 or tactical_superiority(match, battle)):
        kcombat.store(match, battle)
        match.push(
            GERMAN,
            "bb-convert",
            f"{battle.id}: keep the BB or take a DR (BARB 5.14, 5.15)",
            battle=battle.id,
        )
        return True
    if code == "BB":
        bloodbath(match, battle)
        return True
    return None


def tactical_superiority(match: Match, battle: Battle) -> bool:
    """Optional 5.15: from GT2 through 1941 and in 1942 single-month turns the German may take
    a DR for his BB, except when attacking into a city."""
    if not match.option("tactical-superiority") or is_city(match, battle.target):
        return False
    from .turns import year

    return (match.turn >= 2 and year(match) == 1941) or (year(match) == 1942 and single(match))


def bb_value(match: Match, battle: Battle, unit: Unit) -> int:
    """What an attacker counts for in a Bloodbath: its factor as used, halved alone (11.26 Q&A;
    ruling 12 for the group halving)."""
    value = attack_factor(match, battle, unit)
    div = attack_divisor(match, battle, unit)[0]
    return halving.divide_total([value], div)


def bloodbath(match: Match, battle: Battle) -> None:
    """BB (11.26): every defender is eliminated first; then the attacker loses units whose
    attack factors total at least the defence lost, dotted units before any other."""
    need = int(battle.defense)
    for uid in battle.defenders:
        unit = match.state.units[uid]
        if unit.loc is not None:
            match.eliminate(unit, f"BB in {battle.id}", "BARB 11.26")
    battle.extra["bb_need"] = need
    battle.extra["bb_lost"] = 0
    battle.extra["todo"] = []
    battle.extra["advance"] = True
    kcombat.store(match, battle)
    _ask_bb(match, battle)


def _ask_bb(match: Match, battle: Battle) -> None:
    alive = [u for u in battle.attackers if match.state.units[u].loc is not None]
    if manstein.dropping(match, battle) is not None:
        alive.append(manstein.PARA)
    if battle.extra["bb_lost"] >= battle.extra["bb_need"] or not alive:
        kcombat.store(match, battle)
        kcombat.proceed(match)
        return
    side = match.state.units[alive[0]].side
    match.push(
        side,
        "bloodbath",
        f"{battle.id}: lose attackers worth {battle.extra['bb_need'] - battle.extra['bb_lost']} more attack factors (BARB 11.26)",
        battle=battle.id,
    )


class Lose(Verb):
    """``lose UNIT``: the attacker picks each unit lost to a Bloodbath; dotted units first."""

    name = "lose"
    kinds = ("bloodbath",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        battle = kcombat.active(match)
        if battle is None:
            return
        alive = [
            match.state.units[u] for u in battle.attackers if match.state.units[u].loc is not None
        ]
        para = manstein.dropping(match, battle)  # 4.17: lost to a BB as 6
        if para is not None:
            alive.append(para)
        dots = [u for u in alive if dotted(match, u)]
        for unit in dots or alive:
            yield Action("lose", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: lose UNIT"
        if action in set(self.legal(match, decision)):
            return None
        return f"{action.args[0]} may not be lost now: attackers of this battle only, dotted (non-replaceable) ones first (BARB 11.26)"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = kcombat.active(match)
        assert battle is not None
        unit = match.state.units[action.args[0]]
        para = unit is manstein.dropping(match, battle)
        battle.extra["bb_lost"] += manstein.DROP if para else bb_value(match, battle, unit)
        match.eliminate(unit, f"BB in {battle.id}", "BARB 11.26")
        kcombat.store(match, battle)
        _ask_bb(match, battle)


class Convert(Verb):
    """``convert dr`` or ``convert bb``: the German chooses whether his BB is a DR on GT1 (5.14)
    and, with the optional rule, under Tactical Superiority (5.15)."""

    name = "convert"
    kinds = ("bb-convert",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("convert", ("dr",))
        yield Action("convert", ("bb",))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = kcombat.active(match)
        assert battle is not None
        if action.args[0] == "dr":
            battle.result = "DR"
            match.emit("convert", f"{battle.id}: the German takes DR for BB", "BARB 5.14")
            kcombat.carry_out(match, battle, "DR")
        else:
            bloodbath(match, battle)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Lose(), Convert(), Onward(), Halt()]


# ------------------------------------------------------------------ retreat


WEST = {GERMAN: ("W", "SW", "NW"), SOVIET: ("E", "SE", "NE")}


@hookimpl
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """11.27 (revised): German-side units retreat W, SW or NW when any is open, else E, NE or SE;
    Soviet units the mirror image; never into a hex an attack came from (this phase's battle)
    nor a mobile assault's launch hex (10.31A); a satellite army never into a hex holding
    another of its side (6.4). The ICA never shares a retreat (10.34)."""
    if not units:
        return None
    ica = [u for u in units if match.counter(u)["type"] == "ica"]
    if ica and len(ica) == len(units):
        return ica_retreat(match, start)
    if ica:
        return []  # 10.34: no path in common with the ICA; each retreats on its own

    battle = kcombat.active(match)
    origins = set(battle.origins.values()) if battle is not None else set()
    if battle is not None and battle.extra.get("launch"):
        origins.add(battle.extra["launch"])
    topo = hex_grid(match.topology)

    def water(a: str, b: str) -> bool:
        edge = topo.edge(a, b)
        return edge is not None and bool({"kerch", "sivash"} & edge.features)

    ok = [p for p in paths if p[0] not in origins and not water(start, p[0])]  # 11.17-11.18
    if any(stacks_as_satellite(match, u) for u in units):  # 6.4 (ruling E33)
        ok = [
            p
            for p in ok
            if not any(
                u.side == units[0].side and stacks_as_satellite(match, u)
                for u in match.units_at(p[-1])
            )
        ]
    preferred = [p for p in ok if topo.direction(start, p[0]) in WEST[units[0].side]]
    return preferred or ok


ICA_PORTS = {"2911": "3108", "3108": "2911"}
"""Odessa and Sevastopol: the ICA's only hexes (10.34)."""


def ica_retreat(match: Match, start: str) -> list[list[str]]:
    """10.34: the ICA retreats only to its other port, Soviet-controlled and free of German
    units, and not from a Hero City; otherwise it has no retreat (ruling E25)."""
    other = ICA_PORTS.get(start)
    if other is None or start in match.state.vars.get("hero_cities", ()):
        return []
    if match.state.control.get(other) != SOVIET or match.side_at(other) not in (None, SOVIET):
        return []
    return [[other]]


# ------------------------------------------------------------------ who may attack


def crossing_problem(match: Match, unit: Unit, target: str) -> str | None:
    """Attacks across water (10.13-10.15, 11.17-11.19): never across all-sea or all-lake
    hexsides; across the Kerch Strait by non-mech units only, as across a river; across the
    Sivash by Soviet non-mech units from GT7 only."""
    if unit.loc is None or unit.loc.startswith("box:"):
        return None
    edge = match.topology.edge(unit.loc, target)
    features = edge.features if edge is not None else frozenset()
    mech = match.unit_type(unit)["mobility"] == "mech"
    if "sea" in features or "lake" in features:
        return f"{unit.id}: no attack across an all-sea or all-lake hexside (BARB 10.13, 11.19)"
    if "kerch" in features and mech:
        return f"{unit.id}: mech units never attack across the Kerch Strait (BARB 11.17)"
    if "sivash" in features and (mech or unit.side != SOVIET or match.turn < 7):
        return (
            f"{unit.id}: only Soviet non-mech units attack across the Sivash, from GT7 (BARB 11.18)"
        )
    return None


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    units = match.state.units
    if action.verb == "attack" and len(action.args) == 3:
        target = action.args[0]
        for uid in action.args[2].split(","):
            unit = units.get(uid)
            why = crossing_problem(match, unit, target) if unit is not None else None
            if why:
                return why
        if match.turn == 1 and any(
            in_region(match, target, r) for r in ("country:hungary", "country:romania")
        ):
            return "no combat into Hungary or Romania on GT1 (BARB 5.11)"
        if road_back_rules(match).get("south_only_attacks") and decision.side == SOVIET:
            for uid in action.args[2].split(","):
                unit = units.get(uid)
                if unit is not None and not in_region(match, unit.loc, "zone:south"):
                    return f"{uid}: on GT13 only Soviet units in the southern logistics area attack (BARB 12.8)"
    if action.verb == "advance" and len(action.args) >= 2:
        for uid in action.args[0].split(","):
            unit = units.get(uid)
            if unit is None or unit.loc is None:
                continue
            edge = match.topology.edge(unit.loc, action.args[1])
            if edge is not None and {"kerch", "sivash"} & edge.features:
                return "no advance across the Kerch Strait or the Sivash (BARB 11.17, 11.18)"
    if action.verb == "overrun":
        side = decision.side
        if side == GERMAN and not single(match):
            return "German mobile assaults only in single-month turns (BARB 10.23)"
        if side == SOVIET and match.turn < 25:
            return "Soviet mobile assaults only from GT25 (BARB 10.23)"
        target = action.args[0] if action.args else ""
        if hero_city(match, target) or fortress_city(match, target):
            return "Hero and Fortress Cities may not be mobile assaulted (BARB 10.25)"
        if target in forts.fa_hexes(match):
            return "the hexes of the Soviet Fortified Area may not be mobile assaulted (BARB 10.25)"
        ids = action.args[2].split(",") if len(action.args) > 2 else []
        for uid in ids:
            unit = units.get(uid)
            if unit is not None and supply.state(match, unit) not in (
                "overland",
                "garrison",
                "crimea",  # 7.4: normal mobile assault on Crimea supply
            ):
                return f"{uid} lacks overland, garrison or Crimea supply for a mobile assault (BARB 10.26, 7.5, 7.4)"
    return None


# ------------------------------------------------------------------ mandatory attacks (5.12)


def owing(match: Match) -> list[str]:
    """5.12: on GT1-3 every Soviet unit that began the Prepared Assault Phase next to enemy
    units must attack one of them; units in cities or fortified lines, and attacks across
    rivers, are excused; a unit whose every such neighbour is already attacked, or may not be
    attacked, owes nothing."""
    from wargame.mechanics.movement import phase_key

    if match.turn > 3 or match.phasing != SOVIET:
        return []
    started = match.state.secrets.get(SOVIET, {}).get("must_attack", {})
    if started.get("key") != phase_key(match):
        return []
    topo = match.topology
    out = []
    for uid in started.get("units", []):
        unit = match.state.units[uid]
        if (
            unit.loc is None
            or unit.loc != started["at"].get(uid)
            or not kcombat.may_attack(match, unit)
        ):
            continue
        for n in topo.neighbours(unit.loc):
            if match.side_at(n) != GERMAN or not kcombat.may_be_attacked(match, n):
                continue
            edge = topo.edge(unit.loc, n)
            if edge is not None and "river" in edge.features:
                continue
            if match.turn == 1 and any(
                in_region(match, n, r) for r in ("country:hungary", "country:romania")
            ):
                continue
            out.append(uid)
            break
    return out


def note_obligations(match: Match) -> None:
    from wargame.mechanics.movement import phase_key

    topo = match.topology
    fortified = forts.lines(match, SOVIET) | forts.lines(match, GERMAN)
    units = []
    for unit in sorted(match.units_of(SOVIET), key=lambda u: u.id):
        loc = unit.loc
        if loc is None or loc.startswith("box:") or is_city(match, loc) or loc in fortified:
            continue  # excused in a city or a fortified line (5.12)
        if any(match.side_at(n) == GERMAN for n in topo.neighbours(loc)):
            units.append(unit.id)
    match.state.secrets.setdefault(SOVIET, {})["must_attack"] = {
        "key": phase_key(match),
        "units": units,
        "at": {u: match.state.units[u].loc for u in units},
    }


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "combat" or decision.side != SOVIET:
        return []
    due = owing(match)
    if due:
        return [f"{', '.join(due[:5])} must attack an adjacent enemy hex on GT1-3 (BARB 5.12)"]
    return []


# ------------------------------------------------------------------ two-hex advances (11.32)


def second_advance_allowed(match: Match, unit: Unit) -> bool:
    if match.unit_type(unit)["mobility"] != "mech" or supply.state(match, unit) != "overland":
        return False
    if unit.side == GERMAN:
        return single(match)
    return match.turn >= 13  # from GT13; the Road Back starts there (12.5)


class Onward(Verb):
    """``onward UNIT HEX`` or ``halt``: a mech unit that advanced one hex may advance into a
    second, newly adjacent hex empty of enemy units (11.32)."""

    name = "onward"
    kinds = ("second-advance",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        from wargame.mechanics import retreat

        for uid in decision.context.get("units", []):
            unit = match.state.units[uid]
            if unit.loc is None:
                continue
            before = set(match.topology.neighbours(decision.context["from"][uid]))
            for n in sorted(match.topology.neighbours(unit.loc)):
                if n.startswith("box:") or n in before or n == decision.context["from"][uid]:
                    continue
                if match.units_at(n) and match.side_at(n) != unit.side:
                    continue
                if len(match.units_at(n)) >= 5 or not retreat._passable(match, unit, unit.loc, n):
                    continue
                yield Action("onward", (uid, n))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ctx = match.pop()["context"]
        uid, h = action.args
        unit = match.state.units[uid]
        start = str(unit.loc)
        match.place(unit, h)
        match.emit("advance", f"{uid} advances a second hex to {h}", "BARB 11.32")
        match.hook.wargame_moved(match=match, units=[unit], path=[start, h])
        rest = [u for u in ctx["units"] if u != uid]
        if rest:
            match.push(
                decision.side,
                "second-advance",
                decision.prompt,
                units=rest,
                **{"from": ctx["from"]},
            )
        else:
            kcombat.proceed(match)


class Halt(Verb):
    name = "halt"
    kinds = ("second-advance",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("halt")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        kcombat.proceed(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    from wargame.mechanics.movement import phase_key

    key = phase_key(match)
    eligible = [
        u
        for u in units
        if u.flags.get("advanced") == key and len(path) == 2 and second_advance_allowed(match, u)
    ]
    if eligible and kcombat.active(match) is not None:
        match.push(
            eligible[0].side,
            "second-advance",
            "advance a second hex or halt (BARB 11.32)",
            units=[u.id for u in eligible],
            **{"from": {u.id: path[0] for u in eligible}},
        )
