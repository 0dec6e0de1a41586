"""Combat (13.0), breakthrough combat (16.0) and recovery (15.B): a firefight, not an odds table.

Each side rolls on the combat table's column for its own fire total; the result is a number of
losses the other side spreads over its units as it likes (breakthroughs when the attacker fires,
repulses when the defender does). A major unit survives losses up to its fire factor, a minor
one a loss fewer; any loss disperses. After every exchange the side just hit decides to go on or
retreat, so the battle is a short dialogue of decisions: German air, all-out assaults, losses,
continue or retreat, retreat routes. The battle lives in the title's namespace between them
(``state.ns("dc-combat")["battle"]``, :class:`CombatState`), never in the shared ``vars``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import ceil, floor
from typing import Any, TypedDict, cast

from wargame import pricing
from wargame.actions import Action, Decision
from wargame.combat import FireTable, Line, build_table
from wargame.games.dark_crusade import lines as L
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import units as U
from wargame.games.dark_crusade import weather
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.plugins import Verb
from wargame.pricing import Fire as Firing
from wargame.pricing import Price
from wargame.state import Unit
from wargame.topology import is_box

NS = "dc-combat"
BATTLE = "battle"  # the key of a DC battle in a kernel Battle's ``extra`` (for pricing)
AIR = "air"  # state.vars: German air use this turn
LOSSES = "losses"
ALL_OUT = "all_out"
SHELTER = "sheltering"
SIMULTANEOUS, NORMAL = "simultaneous", "normal"
FORTIFIED_ONLY = "fortified"  # battle["only"]: losses go to fortified units first (18.0)


def fire_table(match: Match) -> FireTable:
    table = match.cache.get("dc-fire")
    if table is None:
        spec = match.title.doc("combat-tables")["tables"]["fire"]
        table = build_table(spec, table_id="fire")
        match.cache["dc-fire"] = table
    assert isinstance(table, FireTable)
    return table


# ----------------------------------------------------------------------------- battles to fight


def targets(match: Match, breakthrough: bool) -> list[str]:
    """Points the phasing side has committed units to attack (regular or breakthrough)."""
    side = match.phasing
    found = {
        str(M.target_of(u))
        for u in match.units_of(side or "")
        if M.target_of(u) and M.breakthrough_attack(u) == breakthrough
    }
    return sorted(found)


def attackers_of(match: Match, target: str) -> list[Unit]:
    side = match.phasing or ""
    return sorted((u for u in match.units_of(side) if M.target_of(u) == target), key=lambda u: u.id)


def defenders_at(match: Match, target: str, side: str) -> list[Unit]:
    return sorted(
        (
            u
            for u in match.units_at(target)
            if u.side == side and U.is_combat_unit(match, u) and not u.flags.get(SHELTER)
        ),
        key=lambda u: u.id,
    )


def quick_fire(match: Match, units: list[Unit], *, defending: bool) -> int:
    """Firepower before dice for the resolution-order rule (13.0): undispersed fire factors."""
    total = 0
    for u in units:
        if U.dispersed(u) or U.has(match, u, "air") or U.has(match, u, "hq"):
            continue
        if U.has(match, u, "factory") and not defending:
            continue
        total += int(U.printed(match, u, "fire"))
    return total


def must_go_first(match: Match, breakthrough: bool) -> list[str]:
    """13.0: battles where the defender's firepower exceeds the attacker's are resolved first."""
    side = match.phasing or ""
    enemy = match.enemy(side)
    first = []
    for t in targets(match, breakthrough):
        att = quick_fire(match, attackers_of(match, t), defending=False)
        dfn = quick_fire(match, defenders_at(match, t, enemy), defending=True)
        if dfn > att:
            first.append(t)
    return first


# ----------------------------------------------------------------------------- fire totals


def in_supply(match: Match, unit: Unit) -> bool:
    return M.in_supply(match, unit)


def isolated(match: Match, unit: Unit) -> bool:
    """17.B, judged at the instant of combat (6.0.B.4.b)."""
    return not in_supply(match, unit)


def durability(match: Match, unit: Unit) -> int:
    """Losses a unit survives (13.B.2): a major unit its fire factor, a minor one one fewer; a
    HQ none (13.B.7); a shock army's factor is 1 out of supply (8.C.3.a)."""
    if U.has(match, unit, "hq") or U.has(match, unit, "factory"):
        return 0
    fire = int(U.printed(match, unit, "fire"))
    if match.counter(unit)["type"] == "shock-army" and not in_supply(match, unit):
        fire = 1
    return fire if not U.is_minor(match, unit) else max(fire - 1, 0)


def unit_fire(match: Match, unit: Unit, *, defending: bool) -> int:
    return unit_fire_why(match, unit, defending=defending)[0]


def unit_fire_why(match: Match, unit: Unit, *, defending: bool) -> tuple[int, Line | None]:
    """A unit's fire in this exchange and, when it is not its printed fire factor, why."""
    if U.has(match, unit, "air") or U.has(match, unit, "hq"):
        return 0, None  # they add to their side's fire their own ways (13.A.3, 13.B.7)
    if U.dispersed(unit):
        return 0, Line(f"{unit.id} dispersed: no fire", "DC 15.A.2")
    if unit.flags.get(ALL_OUT):
        value = int(U.printed(match, unit, "allout"))
        return value, Line(f"{unit.id} all-out {value}", "DC 13.B.8")
    t = U.tags(match, unit)
    if "factory" in t:
        if defending:
            return 1, Line(f"{unit.id} factory defends at 1", "DC 8.A.2.b")
        return 0, None
    if ("artillery" in t or "rocket" in t) and isolated(match, unit):
        return 0, Line(f"{unit.id} isolated: no fire", "DC 17.B")
    fire = int(U.printed(match, unit, "fire"))
    if match.counter(unit)["type"] == "shock-army" and not in_supply(match, unit):
        return 1, Line(f"{unit.id} out of supply: 1", "DC 8.C.3.a")
    return fire, None


def fortress_class(match: Match, loc: str) -> int:
    return 0 if is_box(loc) else int(match.topology.attrs(loc).get("fortress", 0) or 0)


def fortress_units(match: Match, units: list[Unit]) -> int:
    """Undispersed major infantry-type units: the cap on fortress effects (10.C)."""
    return sum(
        1
        for u in units
        if not U.dispersed(u) and not U.is_minor(match, u) and U.has(match, u, "infantry")
    )


def own_side(match: Match, loc: str, side: str) -> bool:
    return match.topology.attrs(loc).get("side") == side


def side_fire(match: Match, battle: dict[str, Any], side: str) -> tuple[int, list[str]]:
    """A side's fire total in this exchange and how it was made (:func:`fire_of`)."""
    fire = fire_of(match, battle, side)
    return fire.total, [str(line) for line in fire.lines]


def fire_of(match: Match, battle: dict[str, Any], side: str) -> Firing:
    """A side's fire in this exchange, priced (13.A.3-4, 13.B.2, 13.B.6-7, 10.C.2, 14.A, 7.B):
    each unit's fire, the multipliers and additions with their rules, and the hits of every
    roll on each group's column of the fire table."""
    attacking = side == battle["attacker"]
    units = live(match, battle, side)
    shown: list[str] = []  # "ger-7 3": each unit's fire
    air = int(battle.get("german_air", 0))
    escort = battle.get("escort_air", {})
    base = 0
    boosted: dict[int, int] = {}  # multiplier -> fire factors it multiplies
    for u in units:
        f, note = unit_fire_why(match, u, defending=not attacking)
        if note is not None:
            shown.append(str(note))  # "ger-2 all-out 3 (DC 13.B.8)"
        elif f:
            shown.append(f"{u.id} {f}")
        if not f:
            continue
        german = U.nation(match, u) == "german"
        # 14.B.4: accompanying air supports only the units it accompanied (their origin)
        n = air + (int(escort.get(str(M.origin_of(u)), 0)) if attacking else 0)
        # E-14 (ruling DC-C4): air doubles attacking German units, defending Axis units, in supply
        if n and u.side == U.AXIS and (german or not attacking) and in_supply(match, u):
            mult = 1 + min(n, 4)
            boosted[mult] = boosted.get(mult, 0) + f
        else:
            base += f
    total = Fraction(base + sum(m * f for m, f in boosted.items()))
    lines = [
        Line(f"units {base + sum(boosted.values())}" + (f": {', '.join(shown)}" if shown else ""))
    ]
    for m, f in sorted(boosted.items()):
        lines.append(Line(f"German air x{m} on {f}", f"DC 13.A.4{', 14.B.4' if escort else ''}"))
    support = hq_support(match, battle, side, units)
    if support:
        total += support
        lines.append(Line(f"HQ support +{support}", "DC 13.B.7"))
    soviet_air = [  # 15.A.2: a dispersed air unit does not fire either
        u
        for u in units
        if U.has(match, u, "air")
        and u.side == U.SOVIET
        and not U.dispersed(u)
        and not isolated(match, u)
    ]
    if soviet_air and attacking and M.weather_now(match, battle["target"]) == "mud":
        lines.append(Line(f"Soviet air grounded by mud ({len(soviet_air)})", "DC 7.B.3, 13.A.3"))
    elif soviet_air:
        total += len(soviet_air)
        lines.append(Line(f"Soviet air +{len(soviet_air)}", "DC 13.A.3"))
    loc = battle["target"]
    if not attacking and own_side(match, loc, side):
        bonus = min(fortress_class(match, loc), fortress_units(match, units))
        if bonus:
            total += bonus
            lines.append(Line(f"fortress +{bonus}", "DC 10.C.2"))
    if attacking and battle.get("breakthrough"):
        halved = total / 2
        total = Fraction(ceil(halved) if side == U.AXIS else floor(halved))
        rounding = "up" if side == U.AXIS else "down"
        lines.append(Line(f"breakthrough assault halved, rounded {rounding}", "DC 14.A, 16.0"))
    mod = roll_modifier(match, battle, side)
    table = fire_table(match)
    groups = tuple(
        (group, {roll: table.hits(table.column(group), min(roll + mod, 6)) for roll in table.rolls})
        for group in table.split(int(total))
    )
    rule = "DC 7.B.1" if side == U.AXIS else "DC 7.B.3"
    return Firing(
        side,
        "attacker" if attacking else "defender",
        int(total),
        tuple(lines),
        groups,
        mod,
        rule if mod else None,
    )


def hq_support(match: Match, battle: dict[str, Any], side: str, units: list[Unit]) -> int:
    """13.B.7: STAVKA adds one per eligible army or mobile unit, up to 4; a German HQ adds up to
    its factor in supported ground units (ruling DC-C5: one per unit); one HQ per attacking
    stack (origin point), any number defending; an isolated HQ supports 1 (17.B)."""
    hqs = [u for u in units if U.has(match, u, "hq") and not U.dispersed(u)]
    if not hqs:
        return 0
    ground = [
        u
        for u in units
        if not U.has(match, u, "hq") and not U.has(match, u, "air") and U.is_ground(match, u)
    ]
    attacking = side == battle["attacker"]
    total = 0
    supported = len(ground)
    per_stack: set[str] = set()
    for hq in hqs:
        if attacking:
            stack = str(M.origin_of(hq))
            if stack in per_stack:
                continue
            per_stack.add(stack)
        if hq.counter == "stavka":
            eligible = [
                u
                for u in ground
                if U.has(match, u, "army") or U.is_armor(match, u) or U.has(match, u, "cavalry")
            ]
            value = min(4, len(eligible))
        else:
            value = min(int(U.printed(match, hq, "fire")), supported)
        if isolated(match, hq):
            value = min(value, 1)
        value = min(value, supported)
        supported -= value
        total += value
    return total


def roll_modifier(match: Match, battle: dict[str, Any], side: str) -> int:
    """+1 to attack rolls in the 1941/42 winter Snow: Finns attacking in Finland (7.B.1), Soviets
    attacking Axis points past the Arctic line outside Finland unless half the defending major
    units are Finns (7.B.3). Sixes remain sixes (the table clamps)."""
    if side != battle["attacker"] or not M.winter_4142(match):
        return 0
    loc = battle["target"]
    if M.weather_now(match, loc) != "snow":
        return 0
    attrs = match.topology.attrs(loc)
    units = live(match, battle, side)
    if side == U.AXIS:
        finns = any(U.nation(match, u) == "finnish" for u in units)
        return 1 if finns and attrs.get("country") == "finland" else 0
    if attrs.get("arctic") and attrs.get("country") != "finland":
        majors = [u for u in live(match, battle, U.AXIS) if not U.is_minor(match, u)]
        finnish = [u for u in majors if U.nation(match, u) == "finnish"]
        if majors and 2 * len(finnish) >= len(majors):
            return 0
        return 1
    return 0


def roll_hits(match: Match, battle: dict[str, Any], side: str) -> int:
    """Fire: the side's fire as :func:`wargame.pricing.price` prices it now, one die per group
    of a total beyond the table (13.B.6), the hits summed."""
    fire = pricing.price(match, kernel_battle(battle)).fire(side)
    kind = "breakthroughs" if side == battle["attacker"] else "repulses"
    if fire.total <= 0:
        match.emit("fire", f"{side} has no fire ({fire.why()})", "DC 13.B.2", side=side)
        return 0
    hits = 0
    rolled = []
    for group, by_roll in fire.groups:
        roll = match.roll("1d6", f"{side} fires {group} at {battle['target']}", "DC 13.B.2")
        got = by_roll[roll]
        hits += got
        rolled.append(f"roll {roll} on {group}: {got}" if len(fire.groups) > 1 else f"roll {roll}")
    split = "" if len(fire.groups) < 2 else " split (DC 13.B.6),"
    match.emit(
        "fire",
        f"{side} fire {fire.why()}{split} {', '.join(rolled)}: {hits} {kind}",
        "DC 13.B.2",
        side=side,
        total=fire.total,
        hits=hits,
    )
    return hits


def kernel_battle(battle: dict[str, Any]) -> Battle:
    """The kernel's view of a battle, for :func:`wargame.pricing.price` (``wargame_price``)."""
    return Battle(
        f"battle at {battle['target']}",
        list(battle["attackers"]),
        list(battle["defenders"]),
        battle["target"],
        kind="fire",
        extra={BATTLE: battle},
    )


@hookimpl
def wargame_price(match: Match, battle: Battle) -> Price | None:
    """A battle's price: each side's fire (13.B.2), the attacker's first, with the hits of every
    roll; before German air is committed, what is free to commit (13.A.4)."""
    dc = battle.extra.get(BATTLE)
    if not isinstance(dc, dict):
        return None
    fires = tuple(fire_of(match, dc, side) for side in (dc["attacker"], dc["defender"]))
    lines = [f"{f.side} fire {f.why()}" for f in fires]
    lines += [f"{f.side} hits by roll: {f.table_text()}" for f in fires if f.groups]
    if dc.get("step") == "air-commit" and ground(match, live(match, dc, U.AXIS)):
        free = sum(air_left(match, source) for source in air_sources(match, dc))
        if free:
            lines.append(
                f"German air not yet committed: {free} free, each multiplies German fire "
                "(DC 13.A.4)"
            )
    return Price(
        Fraction(fires[0].total),
        Fraction(fires[1].total),
        fire_table(match),
        None,
        lines,
        fires=fires,
    )


# ----------------------------------------------------------------------------- battle state


class CombatState(TypedDict, total=False):
    """What Dark Crusade's combat keeps between decisions, in its namespace ``dc-combat``."""

    battle: dict[str, Any]  # the battle being fought (13.0, 16.0), until it is over


def state(match: Match) -> CombatState:
    return cast(CombatState, match.state.ns(NS))


def battle_of(match: Match) -> dict[str, Any] | None:
    """The battle being fought, if any (public: both players see it)."""
    found = state(match).get("battle")
    return found if isinstance(found, dict) else None


def live(match: Match, battle: dict[str, Any], side: str) -> list[Unit]:
    key = "attackers" if side == battle["attacker"] else "defenders"
    units = match.state.units
    return [
        units[i]
        for i in battle[key]
        if i in units and units[i].loc is not None and not units[i].flags.get("eliminated")
    ]


def ground(match: Match, units: list[Unit]) -> list[Unit]:
    return [u for u in units if not U.has(match, u, "air")]


def absorbers(match: Match, battle: dict[str, Any], side: str) -> list[Unit]:
    """Units that may take a loss: not air (13.A.3, 13.A.5; E-19 ruling DC-C6), not all-out
    units in simultaneous combat (13.B.8)."""
    simultaneous = battle["mode"] == SIMULTANEOUS
    only = battle.get("only")  # the parachute free shot hits infantry-type units (21.B.4)
    if only == FORTIFIED_ONLY:  # at a fortress fortifications absorb first (18.0, ruling C8)
        return [u for u in live(match, battle, side) if U.fortified(u)]
    return [
        u
        for u in ground(match, live(match, battle, side))
        if not (simultaneous and u.flags.get(ALL_OUT)) and (not only or U.has(match, u, only))
    ]


def air_available(match: Match) -> int:
    return weather.air_available(match)


POOL, DEFENSE = "pool", "defense"  # air sources besides a regular battle's point (14.B.4)


def air_ledger(match: Match) -> dict[str, Any]:
    """This turn's German air use (ruling DC-C3): ``pool`` committed from the turn's units
    (regular battles, and withheld units deployed for breakthrough battles), ``over`` {point:
    units present at that regular battle}, ``gone`` {point: of those, units that went on with
    a breakthrough group}, ``defense`` used in Axis defences in the Soviet player turn."""
    used = match.state.vars.get(AIR, {})
    return used if used.get("turn") == match.turn else {"turn": match.turn}


def air_left(match: Match, source: str = POOL) -> int:
    """German air units free now from a source: the turn's pool (never yet committed: for a
    regular battle, or withheld to support a breakthrough battle, 14.B.4), the air present at
    a regular battle at ``source`` (to accompany that battle's breakthrough units, 14.B.4), or
    the defence of an Axis point in the Soviet player turn."""
    used = air_ledger(match)
    if source == DEFENSE:
        return max(air_available(match) - int(used.get(DEFENSE, 0)), 0)
    if source == POOL:
        return max(air_available(match) - int(used.get(POOL, 0)), 0)
    over = int(used.get("over", {}).get(source, 0))
    return max(over - int(used.get("gone", {}).get(source, 0)), 0)


def spend_air(match: Match, n: int, source: str = POOL, at: str | None = None) -> None:
    """Commit ``n`` air units from a source; ``at`` is the regular battle they are present at,
    whose breakthrough units they may then accompany (14.B.4)."""
    used = air_ledger(match)
    if source in (POOL, DEFENSE):
        used[source] = int(used.get(source, 0)) + n
        if at is not None and n:
            used.setdefault("over", {})[at] = n
    else:  # 13.A.4: an air unit goes with one group up one line
        gone = used.setdefault("gone", {})
        gone[source] = int(gone.get(source, 0)) + n
    match.state.vars[AIR] = used


def german_air_present(battle: dict[str, Any]) -> int:
    """German air units over the battle: deployed from the pool and accompanying (14.B.4)."""
    escort = battle.get("escort_air", {})
    return int(battle.get("german_air", 0)) + sum(int(n) for n in escort.values())


def new_battle(match: Match, target: str, breakthrough: bool) -> dict[str, Any]:
    """The battle at ``target`` as it starts, not yet fought (13.0, 16.0)."""
    side = match.phasing or ""
    enemy = match.enemy(side)
    return {
        "target": target,
        "attacker": side,
        "defender": enemy,
        "breakthrough": breakthrough,
        "attackers": [u.id for u in attackers_of(match, target)],
        "defenders": [u.id for u in defenders_at(match, target, enemy)],
        "round": 0,
        "mode": NORMAL,
        "step": "air-commit",
        "hits": {},
        "german_air": 0,
    }


def proposed_battle(
    match: Match, target: str, attackers: Sequence[str], german_air: int = 0
) -> Battle:
    """The regular battle at ``target`` if ``attackers`` (committed or still to move) attacked
    it now, with ``german_air`` German air units committed (13.A.4): a choice priced before it
    is made, on :func:`wargame.pricing.price` (the bots' advisor)."""
    battle = new_battle(match, target, breakthrough=False)
    battle.update(attackers=list(attackers), german_air=german_air)
    return kernel_battle(battle)


def start_battle(match: Match, target: str, breakthrough: bool) -> None:
    side = match.phasing or ""
    battle = new_battle(match, target, breakthrough)
    defenders = [match.state.units[i] for i in battle["defenders"]]
    state(match)["battle"] = battle
    if side == U.SOVIET:
        M.soviet_attacks_hungary(match, target, defenders)
    match.emit(
        "battle",
        f"{'breakthrough ' if breakthrough else ''}battle at {target}: "
        f"{', '.join(battle['attackers'])} against {', '.join(battle['defenders']) or 'nobody'}",
        "DC 16.0" if breakthrough else "DC 13.0",
        target=target,
    )
    if match.state.vars.get("early_start") and match.turn == 0:
        weather.roll_point_weather(match, target)  # 3.A: May 1941 per-point weather
    run(match)


def run(match: Match) -> None:
    """Advance the battle until a side must decide or it is over."""
    while True:
        battle = battle_of(match)
        if battle is None or match.state.pending:
            return
        step = battle["step"]
        handler = STEPS[step]
        handler(match, battle)


def ask(
    match: Match, battle: dict[str, Any], side: str, kind: str, prompt: str, **ctx: Any
) -> None:
    match.push(side, kind, prompt, target=battle["target"], **ctx)


# --- steps


def air_sources(match: Match, battle: dict[str, Any]) -> list[str]:
    """Where German air for this battle may come from, asked in this order (ruling DC-C3): an
    Axis defence draws on the defence use; a regular attack on the pool; a breakthrough battle
    first on the air present at each attacking group's regular battle (14.B.4: it accompanies
    those units), then on the pool's withheld units (they support every German unit there)."""
    if battle["defender"] == U.AXIS:
        return [DEFENSE]
    if not battle["breakthrough"]:
        return [POOL]
    origins = {str(M.origin_of(u)) for u in live(match, battle, U.AXIS)}
    return [*sorted(origins), POOL]


def step_air_commit(match: Match, battle: dict[str, Any]) -> None:
    if not ground(match, live(match, battle, U.AXIS)):
        battle["step"] = "air-combat"
        return
    queue = battle.setdefault("air_queue", air_sources(match, battle))
    while queue:
        source = queue.pop(0)
        left = air_left(match, source)
        if left <= 0:
            continue
        where = (
            "from the pool"
            if source in (POOL, DEFENSE)
            else f"present at {source}, to accompany its units (DC 14.B.4)"
        )
        ask(
            match,
            battle,
            U.AXIS,
            "dc-air",
            f"commit German air units {where} to the battle at {battle['target']} (DC 13.A.4)",
            left=left,
            source=source,
        )
        return
    battle.pop("air_queue")
    battle["step"] = "air-combat"


def step_air_combat(match: Match, battle: dict[str, Any]) -> None:
    """13.A.1: Soviet air against German air (one roll per German air unit, the result is the
    survivors) or against flak (one roll, the result is the losses)."""
    battle["step"] = "para"
    german = german_air_present(battle)
    soviet_side_units = live(match, battle, U.SOVIET)
    # which air units are lost is the owner's, but counters of a type are alike and a unit that
    # cannot fire now is always the one to give up (ruling C16): those go first
    air = sorted(
        (u for u in soviet_side_units if U.has(match, u, "air")),
        key=lambda u: (U.dispersed(u) or isolated(match, u), u.id),
    )
    if battle["attacker"] == U.SOVIET and air and not ground(match, soviet_side_units):
        for u in air:  # 13.A.3: air attacks only with Soviet ground forces present
            U.unmark(match, u, M.ATTACKING, "air alone", "DC 13.A.3")
        air = []
    table = fire_table(match)
    if air and german:
        for i in range(german):
            present = [u for u in air if u.loc is not None and not u.flags.get("eliminated")]
            if not present:
                break
            roll = match.roll("1d6", f"air-to-air, German air unit {i + 1}", "DC 13.A.1.a")
            survivors = min(table.hits(table.column(len(present)), roll), len(present))
            for u in present[survivors:]:
                match.eliminate(u, "shot down in air combat", "DC 13.A.1.a")
    elif air and ground(match, live(match, battle, U.AXIS)):
        roll = match.roll("1d6", "flak against Soviet air", "DC 13.A.1.b")
        lost = min(table.hits(table.column(len(air)), roll), len(air))
        for u in air[len(air) - lost :]:
            match.eliminate(u, "lost to flak", "DC 13.A.1.b")
    battle["soviet_air_after"] = sum(
        1 for u in live(match, battle, U.SOVIET) if U.has(match, u, "air")
    )


def step_para(match: Match, battle: dict[str, Any]) -> None:
    """21.B.3-4: dropped parachute units die if every escorting fighter was shot down; else
    they fire a free shot at the Axis infantry-type units before regular combat, losses taken
    at once, and are dispersed for the rest of the battle."""
    battle["step"] = "type"
    dropped = [u for u in live(match, battle, U.SOVIET) if u.flags.get(M.DROPPED)]
    if not dropped or battle["attacker"] != U.SOVIET:
        return
    escorts = [u for u in live(match, battle, U.SOVIET) if u.flags.get(M.ESCORT)]
    if not escorts:
        for u in dropped:
            match.eliminate(u, "its fighter escort was destroyed", "DC 21.B.3")
        return
    firing = [u for u in dropped if not U.dispersed(u)]
    total = sum(int(U.printed(match, u, "fire")) for u in firing)
    table = fire_table(match)
    hits = 0
    rolled = []
    groups = table.split(total)
    for group in groups:
        roll = match.roll("1d6", f"parachute free shot at {battle['target']}", "DC 21.B.4")
        got = table.hits(table.column(group), roll)
        hits += got
        rolled.append(f"roll {roll} on {group}: {got}" if len(groups) > 1 else f"roll {roll}")
    units = ", ".join(f"{u.id} {int(U.printed(match, u, 'fire'))}" for u in firing)
    match.emit(
        "fire",
        f"parachute free shot {total} ({units}) {', '.join(rolled)}: {hits} breakthroughs",
        "DC 21.B.4",
    )
    for u in dropped:
        U.disperse(match, u, "after its free shot", "DC 21.B.4")
    battle["hits"] = {battle["defender"]: hits}
    battle["only"] = "infantry"
    battle["step"] = "absorb"
    battle["after_absorb"] = "type"


def step_type(match: Match, battle: dict[str, Any]) -> None:
    """13.B.1: Axis attacks are simultaneous in Good weather with no Soviet air present after air
    combat, or in Snow with German air and no Soviet air surviving; all else is normal."""
    weather = M.weather_now(match, battle["target"])
    no_air = not battle.get("soviet_air_after")
    simultaneous = battle["attacker"] == U.AXIS and (
        (weather == "good" and no_air)
        or (weather == "snow" and german_air_present(battle) > 0 and no_air)
    )
    battle["mode"] = SIMULTANEOUS if simultaneous else NORMAL
    match.emit(
        "combat-type",
        f"{battle['mode']} combat at {battle['target']} ({weather})",
        "DC 13.B.1",
        mode=battle["mode"],
    )
    battle["round"] = 1
    battle["step"] = "a-allout"


def can_all_out(match: Match, unit: Unit) -> bool:
    if U.dispersed(unit) or unit.flags.get(ALL_OUT) or unit.flags.get(M.DROPPED):
        return False  # 21.D: no all-out when air-dropping
    if U.printed(match, unit, "allout") <= 0:
        return False
    if unit.side == U.SOVIET and match.turn == first_turn(match):
        return False  # 13.B.8 note: no Soviet all-out on the first turn
    return in_supply(match, unit)


def first_turn(match: Match) -> int:
    return int(match.scenario.get("first_turn", 1))


def step_a_allout(match: Match, battle: dict[str, Any]) -> None:
    """13.B.8: before the first die of the battle the attacker may designate all-out units."""
    battle["step"] = "d-allout" if battle["mode"] == SIMULTANEOUS else "d-fire"
    if battle["round"] != 1:
        return
    if any(can_all_out(match, u) for u in ground(match, live(match, battle, battle["attacker"]))):
        ask(
            match,
            battle,
            battle["attacker"],
            "dc-allout",
            "designate all-out assault units or fire (DC 13.B.8)",
        )


def step_d_allout(match: Match, battle: dict[str, Any]) -> None:
    """13.B.8: the defender may all-out from the second round."""
    battle["step"] = "fire" if battle["mode"] == SIMULTANEOUS else "d-fire-now"
    if battle["round"] < 2:
        return
    if any(can_all_out(match, u) for u in ground(match, live(match, battle, battle["defender"]))):
        ask(
            match,
            battle,
            battle["defender"],
            "dc-allout",
            "designate all-out units or fire (DC 13.B.8)",
        )


def destroy_all_out(match: Match, battle: dict[str, Any], side: str) -> None:
    for u in live(match, battle, side):
        if u.flags.get(ALL_OUT):
            match.eliminate(u, "all-out assault", "DC 13.B.8")


def step_d_fire(match: Match, battle: dict[str, Any]) -> None:
    # normal combat: the defender may all-out from round 2, then fires first (13.B.2)
    battle["step"] = "d-allout"


def step_d_fire_now(match: Match, battle: dict[str, Any]) -> None:
    hits = roll_hits(match, battle, battle["defender"])
    destroy_all_out(match, battle, battle["defender"])
    battle["hits"] = {battle["attacker"]: hits}
    battle["step"] = "absorb"
    battle["after_absorb"] = "a-continue"


def step_fire(match: Match, battle: dict[str, Any]) -> None:
    """Simultaneous: both fire, then losses, the attacker first (13.B.3.a)."""
    a = roll_hits(match, battle, battle["attacker"])
    d = roll_hits(match, battle, battle["defender"])
    destroy_all_out(match, battle, battle["attacker"])
    destroy_all_out(match, battle, battle["defender"])
    battle["hits"] = {battle["attacker"]: d, battle["defender"]: a}
    battle["step"] = "absorb"
    battle["after_absorb"] = "sim-check"


def reduce_for_fortress(match: Match, battle: dict[str, Any], hits: int) -> int:
    """Breakthroughs against defenders in a fortress: fortifications there are lost first (18.0,
    ruling DC-C8 on E-11), then the reduction by class, one less on the enemy side of the
    border, capped by the undispersed major infantry present (10.C.1)."""
    loc = battle["target"]
    cls = fortress_class(match, loc)
    if not cls or hits <= 0:
        return hits
    defenders = live(match, battle, battle["defender"])
    fortified = [u for u in defenders if U.fortified(u)]
    if len(fortified) > hits:  # the defender chooses which fortifications absorb them (13.B.2)
        battle["only"] = FORTIFIED_ONLY
        return hits
    for u in sorted(fortified, key=lambda u: u.id):
        U.unmark(match, u, U.FORTIFIED)
        hits -= 1
        match.emit("fortification", f"{u.id} loses its fortification", "DC 18.0", unit=u.id)
    if not own_side(match, loc, battle["defender"]):
        cls -= 1
    cut = min(max(cls, 0), fortress_units(match, defenders), hits)
    if cut:
        match.emit("fortress", f"fortress at {loc} stops {cut} breakthrough(s)", "DC 10.C.1")
    return hits - cut


def step_absorb(match: Match, battle: dict[str, Any]) -> None:
    """Each side hit spreads its losses (attacker first in simultaneous combat, 13.B.3.a)."""
    hits: dict[str, int] = battle["hits"]
    order = [battle["attacker"], battle["defender"]]
    for side in order:
        if side == battle["defender"] and int(hits.get(side, 0)) > 0 and not battle.get("reduced"):
            battle["reduced"] = True
            hits[side] = reduce_for_fortress(match, battle, int(hits[side]))
        while int(hits.get(side, 0)) > 0:
            candidates = absorbers(match, battle, side)
            if not candidates:
                hits[side] = 0
                break
            if len(candidates) > 1 and not all(same_fate(match, candidates)):
                ask(
                    match,
                    battle,
                    side,
                    "dc-loss",
                    f"absorb {hits[side]} loss(es) at {battle['target']} (DC 13.B.2)",
                    left=hits[side],
                )
                return
            take_loss(match, battle, candidates[0])
            hits[side] = int(hits[side]) - 1
    battle.pop("reduced", None)
    battle.pop("only", None)
    battle["step"] = battle.pop("after_absorb")


def same_fate(match: Match, units: list[Unit]) -> list[bool]:
    """True when it does not matter which unit takes the loss: same type, value and state."""

    def fate(u: Unit) -> tuple[Any, ...]:
        return (
            match.counter(u)["type"],
            U.printed(match, u, "fire"),
            U.dispersed(u),
            u.flags.get(LOSSES, 0),
            bool(U.fortified(u)),
        )

    first = fate(units[0])
    return [fate(u) == first for u in units]


def take_loss(match: Match, battle: dict[str, Any], unit: Unit) -> None:
    """One loss on one unit (13.B.2, 15.A, 18.0)."""
    if unit.side == battle["defender"] and U.fortified(unit):
        U.unmark(match, unit, U.FORTIFIED)
        match.emit(
            "fortification",
            f"{unit.id}'s fortification absorbs a breakthrough",
            "DC 18.0",
            unit=unit.id,
        )
        return
    losses = int(unit.flags.get(LOSSES, 0)) + 1
    unit.flags[LOSSES] = losses
    if losses > durability(match, unit):
        match.eliminate(unit, f"{losses} loss(es)", "DC 13.B.2")
        return
    U.disperse(match, unit, "absorbed a loss", "DC 13.B.2, 15.A")
    match.emit("loss", f"{unit.id} absorbs a loss ({losses})", "DC 13.B.2", unit=unit.id)


def only_dispersed(match: Match, units: list[Unit]) -> bool:
    return all(U.dispersed(u) or U.has(match, u, "air") for u in units)


def step_a_continue(match: Match, battle: dict[str, Any]) -> None:
    """Normal combat: after the defender's fire the attacker goes on or retreats (13.B.2)."""
    if end_if_decided(match, battle):
        return
    battle["step"] = "a-fire"
    ask(
        match,
        battle,
        battle["attacker"],
        "dc-continue",
        "continue the attack or retreat (DC 13.B.2)",
    )


def step_a_fire(match: Match, battle: dict[str, Any]) -> None:
    hits = roll_hits(match, battle, battle["attacker"])
    destroy_all_out(match, battle, battle["attacker"])
    battle["hits"] = {battle["defender"]: hits}
    battle["step"] = "absorb"
    battle["after_absorb"] = "d-continue"


def step_d_continue(match: Match, battle: dict[str, Any]) -> None:
    if end_if_decided(match, battle):
        return
    battle["step"] = "next-round"
    battle["next"] = "d-fire"
    ask(match, battle, battle["defender"], "dc-continue", "hold the point or retreat (DC 13.B.2)")


def step_next_round(match: Match, battle: dict[str, Any]) -> None:
    """Both sides chose to go on: a new round begins. Rounds are counted only when fought, so
    a side breaking off after one exchange leaves one round fought (14.B.1)."""
    battle["round"] += 1
    battle["step"] = battle.pop("next")


def step_sim_check(match: Match, battle: dict[str, Any]) -> None:
    if end_if_decided(match, battle):
        return
    battle["step"] = "sim-d-continue"
    ask(
        match,
        battle,
        battle["attacker"],
        "dc-continue",
        "fight another round or break off (DC 13.B.3.b)",
    )


def step_sim_d_continue(match: Match, battle: dict[str, Any]) -> None:
    battle["step"] = "next-round"
    battle["next"] = "a-allout"
    ask(
        match,
        battle,
        battle["defender"],
        "dc-continue",
        "fight another round or retreat (DC 13.B.3.b)",
    )


def end_if_decided(match: Match, battle: dict[str, Any]) -> bool:
    """A side with no ground units left has lost; both only dispersed: the attacker retreats
    (13.B.3.c; ruling DC-C7 applies it to normal combat too, or neither side could fire)."""
    a = ground(match, live(match, battle, battle["attacker"]))
    d = ground(match, live(match, battle, battle["defender"]))
    if not d and not a:
        finish(match, battle, "defender holds: both sides destroyed (DC 13.B.3.d)")
        return True
    if not a:
        retreat_attackers(match, battle)
        finish(match, battle, "the attack is destroyed")
        return True
    if not d:
        advance(match, battle)
        return True
    if only_dispersed(match, a) and only_dispersed(match, d):
        retreat_attackers(match, battle)
        finish(match, battle, "both sides dispersed: the attacker retreats (DC 13.B.3.c)")
        return True
    return False


# ----------------------------------------------------------------------------- endings


def clear_flags(match: Match, unit: Unit) -> None:
    """The attack is over for this unit: no longer engaged; the battle's bookkeeping goes."""
    U.unmark(match, unit, M.ATTACKING, "the battle is over", "DC 13.0")
    for flag in (LOSSES, ALL_OUT, M.DROPPED, M.ESCORT):
        unit.flags.pop(flag, None)


def retreat_attackers(match: Match, battle: dict[str, Any]) -> None:
    """13.B.4: attackers go back down their lines to their points of origin, dispersed."""
    for u in live(match, battle, battle["attacker"]):
        if u.flags.get(M.DROPPED):
            match.eliminate(u, "air-dropped and the attack broken off", "DC 21.C")
            continue
        clear_flags(match, u)
        U.disperse(match, u, "retreated from the attack", "DC 13.B.4")
    match.emit("retreat", f"the attack on {battle['target']} falls back", "DC 13.B.4")


def advance(match: Match, battle: dict[str, Any]) -> None:
    """13.B.5: attackers that clear a point occupy it, dispersed ones too; undispersed
    breakthrough units may go on in breakthrough movement (14.A)."""
    target = battle["target"]
    units = live(match, battle, battle["attacker"])
    rounds = int(battle["round"])
    for u in list(match.units_at(target)):  # defenders' air with no ground left, factories
        if u.side == battle["defender"] and U.is_combat_unit(match, u):
            match.eliminate(u, f"left alone at {target}", "DC 13.A.3, 13.A.5")
    for u in units:
        clear_flags(match, u)
        match.place(u, target)
        U.unmark(match, u, U.FORTIFIED)
        if not U.dispersed(u) and not battle.get("breakthrough"):
            U.mark(match, u, M.BT, "DC 14.A", rounds=rounds)
    M.take(match, units, target, "DC 13.B.5")
    for u in list(match.state.units.values()):  # 13.B.4.c: refugees at a point that fell
        if u.flags.get(SHELTER) == target and u.side == battle["defender"]:
            match.eliminate(u, f"retreated into {target}, which fell", "DC 13.B.4.c")
    finish(match, battle, f"{battle['attacker']} takes {target}")


def finish(match: Match, battle: dict[str, Any], text: str) -> None:
    target = battle["target"]
    for side in (battle["attacker"], battle["defender"]):
        for u in live(match, battle, side):
            u.flags.pop(LOSSES, None)  # E-25, ruling DC-C9: losses do not outlast the battle
            u.flags.pop(ALL_OUT, None)
            if side == battle["attacker"]:
                clear_flags(match, u)
    for u in list(match.state.units.values()):
        if u.flags.get(SHELTER) == target:
            u.flags.pop(SHELTER, None)
    match.emit("battle-over", f"battle at {target}: {text}", "DC 13.0", target=target)
    del state(match)["battle"]
    match.touch()


# ----------------------------------------------------------------------------- defender retreat


def start_defender_retreat(match: Match, battle: dict[str, Any]) -> None:
    battle["step"] = "d-retreat"
    battle["retreat_use"] = {}
    for u in live(match, battle, battle["defender"]):
        if U.has(match, u, "factory"):
            match.eliminate(u, "a factory never retreats", "DC 8.A.2.b")
    run_retreat(match, battle)


def retreat_options(match: Match, battle: dict[str, Any], unit: Unit) -> list[str]:
    """Destinations by 13.B.4 priority: own points first while their lines have room; only when
    none takes the unit, empty enemy-controlled points at half capacity; a friendly point under
    attack only in regular combat (13.B.4.c)."""
    src = battle["target"]
    side = unit.side
    first: list[str] = []
    second: list[str] = []
    for dest, line in L.lines_from(match, src):
        if (
            M.enemy_held(match, dest, side)
            or is_box(dest)
            and match.state.control.get(dest) != side
        ):
            continue
        under_attack = any(M.target_of(u) == dest for u in match.units_of(match.enemy(side)))
        if under_attack and battle.get("breakthrough"):
            continue
        own = match.state.control.get(dest) == side
        cap, _ = L.capacity(match, side, line)
        if not own:
            cap //= 2
        load2 = int(battle["retreat_use"].get(line, 0))
        if (load2 + int(U.retreat_load(match, unit) * 2)) // 2 > cap:
            continue
        (first if own else second).append(dest)
    return first or second


def run_retreat(match: Match, battle: dict[str, Any]) -> None:
    left = [u for u in live(match, battle, battle["defender"]) if u.loc == battle["target"]]
    if not left:
        advance(match, battle)
        return
    ask(
        match,
        battle,
        battle["defender"],
        "dc-retreat",
        f"retreat from {battle['target']} (DC 13.B.4)",
    )


# ----------------------------------------------------------------------------- verbs


def require_battle(match: Match) -> dict[str, Any]:
    battle = battle_of(match)
    assert battle is not None
    return battle


class Fight(Verb):
    """``fight POINT``: resolve the battle at a point next (13.0)."""

    name = "fight"
    kinds = ("combat",)

    def options(self, match: Match, decision: Decision) -> list[str]:
        breakthrough = decision.context.get("phase") == "breakthrough-combat"
        return must_go_first(match, breakthrough) or targets(match, breakthrough)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if battle_of(match) is None:
            for t in self.options(match, decision):
                yield Action("fight", (t,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: fight POINT"
        breakthrough = decision.context.get("phase") == "breakthrough-combat"
        if action.args[0] not in targets(match, breakthrough):
            return f"no attack is committed against {action.args[0]}"
        first = must_go_first(match, breakthrough)
        if first and action.args[0] not in first:
            return (
                f"battles where the defender outguns the attacker come first: {', '.join(first)}"
                " (DC 13.0)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        breakthrough = decision.context.get("phase") == "breakthrough-combat"
        start_battle(match, action.args[0], breakthrough)

    def describe(self, match: Match, action: Action) -> Battle | None:
        """The battle at the point, as it would start (for its price: each side's fire)."""
        decision = match.decision
        if len(action.args) != 1 or decision is None:
            return None
        breakthrough = decision.context.get("phase") == "breakthrough-combat"
        return kernel_battle(new_battle(match, action.args[0], breakthrough))


class Air(Verb):
    """``air N``: commit N German air units to this battle (13.A.4)."""

    name = "air"
    kinds = ("dc-air",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for n in range(int(decision.context["left"]), -1, -1):
            yield Action("air", (str(n),))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or not action.args[0].isdigit():
            return "usage: air N"
        if int(action.args[0]) > int(decision.context["left"]):
            return f"only {decision.context['left']} German air unit(s) are free (DC 7.A, 13.A.4)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = require_battle(match)
        n = min(int(action.args[0]), 4)
        source = str(decision.context.get("source", POOL))
        if source in (POOL, DEFENSE):
            battle["german_air"] = n
            regular = source == POOL and not battle["breakthrough"]
            spend_air(match, n, source, at=battle["target"] if regular else None)
            why = "DC 13.A.4" if regular or source == DEFENSE else "DC 13.A.4, 14.B.4"
        else:
            battle.setdefault("escort_air", {})[source] = n
            spend_air(match, n, source)
            why = "DC 13.A.4, 14.B.4"
        match.emit("air", f"{n} German air unit(s) over {battle['target']}", why)
        run(match)


class AllOut(Verb):
    """``allout UNIT`` designates an all-out assault unit; ``fire`` goes on (13.B.8)."""

    name = "allout"
    kinds = ("dc-allout",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        battle = require_battle(match)
        for u in ground(match, live(match, battle, decision.side)):
            if can_all_out(match, u):
                yield Action("allout", (u.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        battle = require_battle(match)
        if len(action.args) != 1:
            return "usage: allout UNIT"
        unit = match.state.units.get(action.args[0])
        if unit is None or unit not in live(match, battle, decision.side):
            return f"{action.args[0]} is not in this battle"
        if not can_all_out(match, unit):
            return (
                f"{unit.id} cannot make an all-out assault: it must be undispersed, in supply and "
                "have an all-out value; no Soviet all-out on the first turn (DC 13.B.8)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        unit.flags[ALL_OUT] = True
        match.emit("all-out", f"{unit.id} makes an all-out assault", "DC 13.B.8", unit=unit.id)


class Fire(Verb):
    name = "fire"
    kinds = ("dc-allout",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("fire")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        run(match)


class Lose(Verb):
    """``lose UNIT``: one loss on one of your units in the battle (13.B.2)."""

    name = "lose"
    kinds = ("dc-loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        battle = require_battle(match)
        for u in absorbers(match, battle, decision.side):
            yield Action("lose", (u.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        battle = require_battle(match)
        if len(action.args) != 1:
            return "usage: lose UNIT"
        ids = {u.id for u in absorbers(match, battle, decision.side)}
        if action.args[0] not in ids:
            return (
                f"{action.args[0]} cannot absorb a loss here: air units never do, all-out units "
                "not in simultaneous combat (DC 13.A.3, 13.A.5, 13.B.8)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        battle = require_battle(match)
        match.pop()
        take_loss(match, battle, match.state.units[action.args[0]])
        battle["hits"][decision.side] = int(battle["hits"][decision.side]) - 1
        run(match)


class Continue(Verb):
    """``continue`` or ``retreat``: after an exchange of fire (13.B.2, 13.B.3.b)."""

    name = "continue"
    kinds = ("dc-continue",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("continue")

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        return None if not action.args else "usage: continue"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        run(match)


class Retreat(Verb):
    """``retreat`` (all units of the battle, 13.B.4) at a continue decision; ``retreat UNIT
    POINT`` (or ``-`` when no route is left: eliminated) when routing defenders."""

    name = "retreat"
    kinds = ("dc-continue", "dc-retreat")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.kind == "dc-continue":
            yield Action("retreat")
            return
        battle = require_battle(match)
        for u in live(match, battle, decision.side):
            if u.loc != battle["target"]:
                continue
            options = retreat_options(match, battle, u)
            for dest in options:
                yield Action("retreat", (u.id, dest))
            if not options:
                yield Action("retreat", (u.id, "-"))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if decision.kind == "dc-continue":
            return None if not action.args else "usage: retreat"
        if len(action.args) != 2:
            return "usage: retreat UNIT POINT"
        battle = require_battle(match)
        unit = match.state.units.get(action.args[0])
        if unit is None or unit not in live(match, battle, decision.side):
            return f"{action.args[0]} is not retreating from this battle"
        if unit.loc != battle["target"]:
            return f"{unit.id} has already retreated"
        options = retreat_options(match, battle, unit)
        dest = action.args[1]
        if dest == "-":
            return None if not options else f"{unit.id} can still retreat: {', '.join(options)}"
        if dest not in options:
            return (
                f"{unit.id} may not retreat to {dest}: own points first while their lines have "
                "room, then empty enemy points at half capacity (DC 13.B.4)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        battle = require_battle(match)
        if decision.kind == "dc-continue":
            match.pop()
            side = decision.side
            if side == battle["attacker"]:
                retreat_attackers(match, battle)
                finish(match, battle, f"{side} breaks off")
                return
            start_defender_retreat(match, battle)
            return
        match.pop()
        unit = match.state.units[action.args[0]]
        dest = action.args[1]
        if dest == "-":
            match.eliminate(unit, "no line of retreat", "DC 13.B.4")
        else:
            line = L.line_key(match, battle["target"], dest)
            assert line is not None
            use = battle["retreat_use"]
            use[line] = int(use.get(line, 0)) + int(U.retreat_load(match, unit) * 2)
            M.clear_point(match, unit.side, dest, f"{unit.id} retreating (DC 13.B.4.b)")
            M.place_all(match, [unit], dest)  # 18.0: a retreat is a move: no fortification
            if any(M.target_of(u) == dest for u in match.units_of(match.enemy(unit.side))):
                unit.flags[SHELTER] = dest
            match.emit("retreat", f"{unit.id} retreats to {dest}", "DC 13.B.4", unit=unit.id)
        run_retreat(match, battle)


STEPS = {
    "air-commit": step_air_commit,
    "air-combat": step_air_combat,
    "para": step_para,
    "type": step_type,
    "a-allout": step_a_allout,
    "d-allout": step_d_allout,
    "d-fire": step_d_fire,
    "d-fire-now": step_d_fire_now,
    "fire": step_fire,
    "absorb": step_absorb,
    "a-continue": step_a_continue,
    "a-fire": step_a_fire,
    "d-continue": step_d_continue,
    "sim-check": step_sim_check,
    "sim-d-continue": step_sim_d_continue,
    "next-round": step_next_round,
}


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Fight(), Air(), AllOut(), Fire(), Lose(), Continue(), Retreat()]


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "combat":
        return []
    breakthrough = decision.context.get("phase") == "breakthrough-combat"
    left = targets(match, breakthrough)
    return [f"battles still to fight: {', '.join(left)} (DC 13.0)"] if left else []
