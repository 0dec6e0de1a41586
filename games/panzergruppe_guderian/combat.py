"""PGG combat (9.0-9.8, 7.3, 12.3, 6.4): the strengths the kernel's combat mechanic totals, and
the PGG results it cannot know about.

Every strength change of a battle comes from one hook, in the order the rules apply them
(6.55: "after all adjustments"): German divisional integration doubles a whole panzer or
motorized division alone in its hex (7.3); each out-of-supply unit is halved on its own,
fractions dropped, never below 1 (11.31-11.32, judged at the instant of combat, 11.0); one
stacked leader adds its rating, capped at its units' own strength after supply (10.36, from
:mod:`.leaders`); then, for an overrun, the overrun mechanic halves the total once (6.55,
``mechanic_options.overrun.halve``). On defense, units that retreated into a friendly-held hex
this Player-Turn add nothing (9.75), and terrain multiplies the hex's defense: forest and major
city double, a river doubles only when every attacker attacks across one, multiples add less one
(9.31-9.33).

Results: units sent into a hex by retreat earlier this Player-Turn die when that hex suffers any
result (9.75); a regiment's elimination ends its division's integration for good (7.3); a 0-0-6
is removed the instant it is revealed and a 0-1-6 revealed in its own attack falls back like a
leader (12.3, 10.23). Soviet units never advance or retreat into hexrows 0100/0200 on Game-Turns
1-6, and die when no other retreat is left (6.4; :func:`.movement.restricted_hexrow` is the one
test of those hexrows, overruns into them are refused there).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Modifier
from wargame.games.panzergruppe_guderian import leaders, supply
from wargame.games.panzergruppe_guderian.movement import restricted_hexrow
from wargame.games.panzergruppe_guderian.supply import DISRUPTED, GERMAN, SOVIET
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Battle, Match
from wargame.mechanics import halving, retreat, terrain
from wargame.mechanics.movement import phase_key
from wargame.state import Unit

INTEGRATING_TYPES = ("panzer", "panzergrenadier", "motorized")  # PGG 7.3
BROKEN = "divisions_lost_regiment"  # state.vars: divisions that lost a regiment (PGG 7.3)
SPENT = "retreated_in"  # battle.extra: retreated units that add nothing (PGG 9.75)


# ------------------------------------------------------------------ divisional integration


def division(match: Match, unit: Unit) -> str | None:
    """The panzer or motorized division a German regiment belongs to (PGG 7.3)."""
    counter = match.counter(unit)
    if counter["type"] in INTEGRATING_TYPES and counter.get("formation"):
        return str(counter["formation"])
    return None


def regiments(match: Match, formation: str) -> frozenset[str]:
    """Counter ids of every regiment of a division."""
    key = ("pgg-regiments", formation)
    found = match.cache.get(key)
    if found is None:
        found = frozenset(
            cid
            for cid, c in match.counters_doc["counters"].items()
            if c.get("formation") == formation and c["type"] in INTEGRATING_TYPES
        )
        match.cache[key] = found
    return found


def broken_divisions(match: Match) -> list[str]:
    return list(match.state.vars.get(BROKEN, []))


def integrated(match: Match, loc: str) -> str | None:
    """The division whose every regiment, and nothing else, is in ``loc``, and which has never
    lost a regiment (PGG 7.3); None otherwise."""
    here = [u for u in match.units_at(loc) if u.side == GERMAN]
    formations = {division(match, u) for u in here}
    if len(formations) != 1:
        return None
    formation = formations.pop()
    if formation is None or formation in broken_divisions(match):
        return None
    if {u.counter for u in here} != regiments(match, formation):
        return None
    return formation


def _doubled_attackers(match: Match, battle: Battle, attackers: list[Unit]) -> dict[str, str]:
    """Attacker id -> division, for divisions attacking whole from one hex. Ruling: every
    regiment must take part in this attack (7.3 doubles "the units in that hex")."""
    out: dict[str, str] = {}
    ids = {u.id for u in attackers}
    for loc in sorted({battle.origins.get(u.id) or u.loc or "" for u in attackers}):
        formation = integrated(match, loc) if loc else None
        if formation is None:
            continue
        members = [u for u in match.units_at(loc) if u.side == GERMAN]
        if all(u.id in ids for u in members):
            out.update((u.id, formation) for u in members)
    return out


# ------------------------------------------------------------------ terrain (9.3)

TERRAIN_RULE = "PGG 9.31-9.33"


def terrain_multiplier(match: Match, target: str, origins: Iterable[str]) -> tuple[int, list[str]]:
    """The defense multiple of ``target`` against attackers from ``origins``, and what made it,
    from the shared terrain-effects arithmetic (wargame.mechanics.terrain) on the chart's
    ``combat`` entries: forest and major city double (9.31); a river hexside doubles only if
    every attacker attacks across one (9.32); multiples add, less one for each beyond the first
    (9.33: forest and river triple)."""
    mult, why, _ = terrain.defense_multiplier(match, target, origins, combine="add-less-one")
    return int(mult), why


def _terrain(match: Match, battle: Battle) -> list[Modifier]:
    """9.3's multipliers, after the other strength changes (9.23: a multi-hex attack keeps each
    hex's own terrain)."""
    return terrain.defense_modifiers(match, battle, combine="add-less-one", rule=TERRAIN_RULE)


# ------------------------------------------------------------------ 9.75


def spent_defenders(match: Match, battle: Battle) -> list[str]:
    """Defenders that retreated into a hex held by other friendly units this Player-Turn: they
    add nothing and die if the hex suffers any result (PGG 9.75). Ruling: a hex held only by
    units that all retreated this Player-Turn defends normally."""
    prefix = f"{match.turn}/{match.phasing}/"
    units = match.state.units
    by_hex: dict[str, list[Unit]] = {}
    for uid in battle.defenders:
        unit = units[uid]
        if unit.loc is not None:
            by_hex.setdefault(unit.loc, []).append(unit)
    out: list[str] = []
    for loc in sorted(by_hex):
        here = [u for u in match.units_at(loc) if u.side == units[battle.defenders[0]].side]
        back = [u for u in here if str(u.flags.get("retreated", "")).startswith(prefix)]
        if back and len(back) < len(here):
            out.extend(u.id for u in back if u.id in battle.defenders)
    return sorted(out)


# ------------------------------------------------------------------ strengths


def _unit_strength(
    match: Match, unit: Unit, name: str, formation: str | None, mods: list[Modifier]
) -> int:
    """One unit's strength after integration and supply, recording the modifiers."""
    value = int(match.unit_values(unit).get(name, 0))
    if formation is not None:
        mods.append(Modifier(unit.id, "multiply", 2, f"{formation} integrated", "PGG 7.3"))
        value *= 2
    if not supply.in_supply(match, unit):
        mods.append(Modifier(unit.id, "halve", None, "out of supply", "PGG 11.31-11.32"))
        value = halving.halve(value) if value > 0 else 0
    return value


def strengths(match: Match, battle: Battle) -> tuple[list[Modifier], dict[str, int]]:
    """Every PGG strength modifier of the battle, in the order they apply, and the attackers'
    strengths after integration and supply (what a leader's bonus is capped by, 10.36)."""
    s = match.settings("combat")
    units = match.state.units
    mods: list[Modifier] = []
    attackers = [units[i] for i in battle.attackers]
    doubled = _doubled_attackers(match, battle, attackers)
    attack: dict[str, int] = {}
    for unit in attackers:
        attack[unit.id] = _unit_strength(
            match, unit, s.get("attack", "attack"), doubled.get(unit.id), mods
        )
    spent = spent_defenders(match, battle) if battle.defenders else []
    battle.extra[SPENT] = spent
    integrated_at: dict[str, str | None] = {}
    for uid in battle.defenders:
        unit = units[uid]
        if uid in spent:
            mods.append(
                Modifier(uid, "set", 0, "retreated into this hex this Player-Turn", "PGG 9.75")
            )
            continue
        assert unit.loc is not None
        if unit.loc not in integrated_at:
            integrated_at[unit.loc] = integrated(match, unit.loc)
        _unit_strength(match, unit, s.get("defense", "defense"), integrated_at[unit.loc], mods)
    return mods, attack


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    mods, attack = strengths(match, battle)
    units = match.state.units
    if battle.attackers and units[battle.attackers[0]].side == SOVIET:
        found = leaders.leader_bonus(match, battle, attack)
        if found is not None:
            leader, bonus, cap = found
            leaders.lead(match, battle, leader)
            mods.append(
                Modifier(
                    "attack",
                    "add",
                    bonus,
                    f"{leader.id} (rating {supply.rating(match, leader)}) stacked with attackers "
                    f"worth {cap}",
                    "PGG 10.36",
                )
            )
    mods.extend(_terrain(match, battle))
    return mods


# ------------------------------------------------------------------ results and records


@hookimpl
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    """Units that retreated into the hex die if it suffers any result (PGG 9.75); the kernel
    then carries out the result as usual."""
    meaning = match.title.doc("combat-tables").get("codes", {}).get(result) or {}
    if any((meaning.get("defender") or {}).values()):
        for uid in battle.extra.get(SPENT, []):
            unit = match.state.units[uid]
            if unit.loc is not None:
                match.eliminate(
                    unit, f"had retreated into the hex that suffered {result}", "PGG 9.75"
                )
    return None


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """A division that loses a regiment never integrates again (PGG 7.3)."""
    formation = division(match, unit)
    if formation is not None and formation not in broken_divisions(match):
        match.state.vars[BROKEN] = sorted([*broken_divisions(match), formation])


@hookimpl
def wargame_revealed(match: Match, unit: Unit) -> None:
    """No-strength units (PGG 12.3): a 0-0-6 is removed at once; a 0-1-6 committed to its own
    attack or overrun falls back like a leader (10.23) and takes no part; a leader left in an
    enemy ZOC with no unit able to attack falls back too (10.23)."""
    face = unit.face or {}
    if face.get("attack", 0) > 0:
        return
    loc = unit.loc
    if face.get("defense", 0) <= 0:
        match.eliminate(unit, "no combat strength: removed when revealed", "PGG 12.3")
    elif loc is not None and unit.side == match.phasing:
        leaders.send_back(match, unit, "PGG 12.3, 10.23")
    leaders.companion_revealed(match, unit, loc)


# ------------------------------------------------------------------ vetoes


def _soviet(match: Match, ids: str) -> bool:
    units = [match.state.units.get(i) for i in ids.split(",")]
    return any(u is not None and u.side == SOVIET for u in units)


def _closed(match: Match, ids: str, loc: str) -> bool:
    """Whether any of the units may not enter ``loc`` now (PGG 6.4, with the 5.23 exception)."""
    units = [match.state.units.get(i) for i in ids.split(",")]
    return any(u is not None and restricted_hexrow(match, loc, u) for u in units)


def _open_retreat(match: Match, decision: Decision) -> bool:
    """Whether the retreat being chosen has a path clear of hexrows 0100/0200 (PGG 6.4)."""
    ctx = decision.context
    units = [match.state.units[i] for i in ctx.get("units", ())]
    if not units:
        return False
    return any(
        not any(restricted_hexrow(match, h, u) for h in path for u in units)
        for path in retreat.paths(match, units, ctx["start"], int(ctx["n"]))
    )


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """A Soviet unit forced to retreat into hexrows 0100/0200 on Game-Turns 1-6 is eliminated
    (PGG 6.4); the veto above leaves it no other choice only when no other path exists."""
    key = phase_key(match)
    for unit in units:
        if unit.loc is None or unit.flags.get("retreated") != key:
            continue
        if any(restricted_hexrow(match, h, unit) for h in path[1:]):
            match.eliminate(unit, "forced to retreat into hexrows 0100/0200", "PGG 6.4")


@hookimpl
@veto_scope(verbs=("attack", "advance", "retreat"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    args = action.args
    if action.verb in ("attack", "overrun") and len(args) >= 3:
        for uid in args[2].split(","):
            unit = match.state.units.get(uid)
            if unit is not None and DISRUPTED in unit.markers:
                return f"{uid} is disrupted and may not attack (PGG 6.62)"
    if action.verb == "advance" and args:
        for uid in args[0].split(","):
            unit = match.state.units.get(uid)
            if unit is not None and DISRUPTED in unit.markers:
                return f"{uid} is disrupted and may not move, nor advance (PGG 6.62)"
    if action.verb == "advance" and len(args) >= 2 and _soviet(match, args[0]):
        closed = [h for h in args[1:] if _closed(match, args[0], h)]
        if closed:
            return (
                f"Soviet units may not advance into hexrows 0100/0200 ({closed[0]}) on "
                "Game-Turns 1-6 (PGG 6.4)"
            )
    if action.verb == "retreat" and len(args) >= 3 and _soviet(match, args[0]):
        closed = [h for h in args[2:] if _closed(match, args[0], h)]
        if closed and _open_retreat(match, decision):
            return (
                f"Soviet units may not retreat into hexrows 0100/0200 ({closed[0]}) on "
                "Game-Turns 1-6 while another path is open (PGG 6.4)"
            )
    return None
