"""Combat phases: declare an attack, resolve it on the title's table, carry out the result.

``attack 2418 with 2317:a,2417:b``: every attacker adjacent to every target (PGG 9.11), each unit
attacks and is attacked at most once per phase (PGG 9.14). Resolution reveals untried units at the
instant of combat (PGG 12.2), totals strengths, applies the modifiers and column shifts that hooks
supply (each with its reason and rule), rolls, and reads the result. Results are carried out from
the combat-tables document's ``codes`` (steps, retreat, steps-or-retreat, elimination) unless the
title's ``wargame_combat_result`` handles the code itself; choices (which steps, which retreat
path, whether to advance) become decisions, worked off a queue kept in the battle. A title's
``wargame_before_roll`` may give a side a decision before the roll (the battle waits, then
:func:`resume`), and its ``wargame_combat_loss`` may set a side's steps when their turn comes; a
queue item's ``chooser``/``alternate``/``retreat_last``/``more`` go to
:func:`wargame.mechanics.losses.ask`, and its ``units`` limits who may take it.

Settings (``mechanic_options.combat``): ``table`` (default table id), ``attack``/``defense``
(value names, default "attack"/"defense"), ``once_per_phase`` (default true),
``defender_first`` (split results: defender takes his result first, PGG 9.66; default true),
``companions`` (unit types with no attack strength that go with an attack only when the player
names them in it, never alone, and share its results: PGG 10.26's leaders; each listed group of
attackers is offered with and without them). ``attack_retreated``: units that retreated after
defending may be attacked again in the same phase (PMD 13.8; default false). ``reveal_until_below``
("1-3"): untried defenders are revealed one by one only until the printed odds against the known
defence are below that ratio; the rest stay untried and out of the battle (PMD 13.0).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypedDict, cast

from wargame import pricing
from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics.movement import phase_key
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES = {
    "step-losses": "results in steps are the owner's decisions",
    "retreat-advance": "results in retreats, and advances after combat, are decisions",
}
"""Mechanics this one needs in the same title (checked at load: without them a result would ask
for a decision no verb answers)."""


class CombatState(TypedDict, total=False):
    """What the mechanic keeps between calls, in its namespace ``combat``."""

    battles: int  # battles fought so far, for their ids
    battle: dict[str, Any]  # the battle being resolved (Battle.to_json), until finished


def state(match: Match) -> CombatState:
    return cast(CombatState, match.state.ns("combat"))


def settings(match: Match) -> dict[str, Any]:
    return match.settings("combat")


FINAL_ATTACK = pricing.FINAL_ATTACK
"""Battle kind -> the last change to the attack total (:data:`wargame.pricing.FINAL_ATTACK`)."""

ON_FINISH: dict[str, Callable[[Match, Battle], None]] = {}
"""Battle kind -> called once when all its results are carried out, just before it closes (an
overrun moving into the vacated hex or back to its launch hex, PGG 6.51-6.52)."""


tables = pricing.tables
table_for = pricing.table_for
apply_modifiers = pricing.apply_modifiers


# ------------------------------------------------------------------ eligibility


def attack_args(action: Action) -> tuple[list[str], list[str]] | None:
    """(targets, unit ids) of ``attack TARGET[,TARGET] with UNIT[,UNIT...]``, or None for any
    other verb or shape: what every veto on attacks reads, parsed in one place."""
    args = action.args
    if action.verb != "attack" or len(args) != 3 or args[1] != "with":
        return None
    return str(args[0]).split(","), str(args[2]).split(",")


def attackers_named(match: Match, action: Action) -> list[Unit]:
    """The units an ``attack ... with UNIT,...`` action names that exist, in its order (none
    for another verb or shape): a veto refuses the attack for one of them."""
    parts = attack_args(action)
    units = match.state.units
    return [units[i] for i in parts[1] if i in units] if parts else []


def may_attack(match: Match, unit: Unit) -> bool:
    key = phase_key(match)
    if unit.loc is None or unit.loc.startswith("box:"):
        return False  # off-map boxes are adjacent for entry and supply, never for combat
    if unit.flags.get("attacked") == key or unit.flags.get("advanced") == key:
        return False
    if match.is_untried(unit):
        return True  # strength unknown until the instant of combat (PGG 12.2)
    if is_companion(match, unit):
        return True  # goes with an attack when named (PGG 10.26)
    return match.unit_values(unit).get(settings(match).get("attack", "attack"), 0) > 0


def is_companion(match: Match, unit: Unit) -> bool:
    """A unit that may go with an attack without attack strength of its own (``companions``)."""
    found = settings(match).get("companions") or ()
    return match.counter(unit)["type"] in found


def may_be_attacked(match: Match, loc: str, side: str | None = None) -> bool:
    """Whether the units at ``loc`` (those not of ``side``, the attacker, when given) may be
    attacked now."""
    key = phase_key(match)
    if not settings(match).get("once_per_phase", True):
        return True
    again = settings(match).get("attack_retreated", False)
    return all(
        (u.flags.get("defended") != key or (again and u.flags.get("retreated") == key))
        and u.flags.get("advanced") != key
        for u in match.units_at(loc)
        if u.side != side
    )


def holds_enemy(match: Match, loc: str, side: str) -> bool:
    """Whether ``loc`` holds any unit not of ``side`` (a jointly-occupied hex holds both sides'
    units, PMD 13.15.3: its first units are the hex defender's, :meth:`Match.side_at`)."""
    return any(u.side != side for u in match.units_at(loc))


def joint(match: Match, loc: str) -> bool:
    """Whether both sides have units at ``loc`` (PMD 13.15.3's jointly-occupied hex): units
    there attack the enemy in it as if adjacent."""
    return len({u.side for u in match.units_at(loc)}) > 1


def targets_for(match: Match, side: str) -> dict[str, list[Unit]]:
    """Enemy-held locations -> the deciding side's units able to attack them."""
    topo = match.topology
    out: dict[str, list[Unit]] = {}
    for loc in sorted(match.occupied()):
        if (
            loc.startswith("box:")
            or not holds_enemy(match, loc, side)
            or not may_be_attacked(match, loc, side)
        ):
            continue
        near = [loc, *topo.neighbours(loc)] if joint(match, loc) else topo.neighbours(loc)
        attackers = [
            u for n in near for u in match.units_at(n) if u.side == side and may_attack(match, u)
        ]
        if attackers:
            out[loc] = attackers
    return out


class Attack(Verb):
    name = "attack"
    kinds = ("combat",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for loc, attackers in targets_for(match, decision.side).items():
            groups: dict[str, list[Unit]] = {}
            for u in attackers:
                assert u.loc is not None
                groups.setdefault(u.loc, []).append(u)
            listed = [attackers] + (list(groups.values()) if len(groups) > 1 else [])
            seen: set[str] = set()
            for units in listed:
                fighters = [u.id for u in units if not is_companion(match, u)]
                for ids in ([u.id for u in units], fighters):
                    text = ",".join(ids)
                    if fighters and text not in seen:
                        seen.add(text)
                        yield Action("attack", (loc, "with", text))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        parts = attack_args(action)
        if parts is None:
            return "usage: attack TARGET[,TARGET] with UNIT[,UNIT...]"
        targets, ids = parts
        if len(set(ids)) != len(ids):
            return "a unit is listed twice"
        for loc in targets:
            if loc not in match.topology:
                return f"no location {loc}"
            if not holds_enemy(match, loc, decision.side):
                return f"{loc} holds no enemy units"
            if not may_be_attacked(match, loc, decision.side):
                return f"the units in {loc} were already attacked this phase"
        for uid in ids:
            unit = match.state.units.get(uid)
            if unit is None or unit.loc is None:
                return f"no unit {uid} on the map"
            if unit.side != decision.side:
                return f"{uid} is not yours"
            if not may_attack(match, unit):
                return f"{uid} may not attack now (attacked, advanced, or no attack strength)"
            for loc in targets:
                inside = unit.loc == loc  # a jointly-occupied hex (PMD 13.15.3)
                if not inside and loc not in match.topology.neighbours(unit.loc):
                    return f"{uid} at {unit.loc} is not adjacent to {loc}"
        if all(is_companion(match, match.state.units[i]) for i in ids):
            return f"{', '.join(ids)} have no attack strength and never attack alone"
        return None

    def describe(self, match: Match, action: Action) -> Battle:
        targets, ids = action.args[0].split(","), action.args[2].split(",")
        attackers = [match.state.units[i] for i in ids]
        side = attackers[0].side if attackers else None
        defenders = [u for loc in targets for u in match.units_at(loc) if u.side != side]
        battle = new_battle(match, attackers, defenders, targets[0], "attack")
        battle.extra["targets"] = targets
        return battle

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        resolve(match, self.describe(match, action))


# ------------------------------------------------------------------ resolution


def new_battle(
    match: Match, attackers: list[Unit], defenders: list[Unit], target: str, kind: str
) -> Battle:
    count = int(state(match).get("battles", 0)) + 1
    state(match)["battles"] = count
    origins = {u.id: u.loc or "" for u in attackers}
    return Battle(
        f"b{count}", [u.id for u in attackers], [u.id for u in defenders], target, origins, kind
    )


def resolve(match: Match, battle: Battle) -> None:
    """Reveal, total, find the column, roll, read and carry out the result."""
    if match.hook.wargame_before_reveal(match=match, battle=battle):
        store(match, battle)
        return  # a side decides before the units are revealed; its verb calls resolve() again
    if match.settings("stacking").get("examine_battles"):
        from wargame.mechanics import stacking

        if stacking.examine(match, battle):  # PMD 6.3: overstacks found as it is examined
            store(match, battle)
            return
    units = match.state.units
    rule = settings(match).get("reveal_rule")
    for uid in battle.attackers:
        match.reveal(units[uid], rule)
    below = settings(match).get("reveal_until_below")
    for uid in list(battle.defenders):
        if below and odds_below(match, battle, below):
            # PMD 13.0: the defender reveals no more once the odds against what he revealed are
            # below ``reveal_until_below``; the rest stay untried and out of the battle
            battle.defenders = [i for i in battle.defenders if not match.is_untried(units[i])]
            break
        match.reveal(units[uid], rule)
    # units removed or sent away at the instant of revelation take no part (PGG 10.23, 12.3)
    targets = battle.extra.get("targets", [battle.target])
    battle.attackers = [
        i
        for i in battle.attackers
        if units[i].loc is not None and units[i].loc == battle.origins.get(i, units[i].loc)
    ]
    battle.defenders = [i for i in battle.defenders if units[i].loc in targets]
    pricing.engage(match, battle)
    if not battle.defenders or not battle.attackers:
        match.emit("battle", f"{battle.id}: no combat at {battle.target}", battle=battle.id)
        finish(match, battle, advance=bool(battle.attackers))
        return
    store(match, battle)
    if match.hook.wargame_before_roll(match=match, battle=battle):
        return  # a side decides first (PMD 13.4.2); its verb calls resume()
    fight(match, active(match) or battle)


def odds_below(match: Match, battle: Battle, ratio: str) -> bool:
    """Whether the printed attack against the known defence (tried and revealed defenders) is
    below ``ratio`` ("1-3"), the defender's rounding (PMD 13.0, T13: 2 against 7 is 1:4)."""
    units = match.state.units
    s = settings(match)
    attack = sum(
        match.unit_values(units[i]).get(s.get("attack", "attack"), 0) for i in battle.attackers
    )
    defense = sum(
        match.unit_values(units[i]).get(s.get("defense", "defense"), 0)
        for i in battle.defenders
        if not match.is_untried(units[i])
    )
    a, d = (float(x) for x in ratio.split("-"))
    if attack <= 0 or defense <= 0:
        return False
    return -(-defense // attack) > d / a if a <= d else attack / defense < a / d


def resume(match: Match) -> None:
    """Go on with the battle waiting for a decision taken before its roll: fight it."""
    battle = active(match)
    if battle is not None and not match.state.pending:
        fight(match, battle)


def fight(match: Match, battle: Battle) -> None:
    """Price, roll, read and carry out the result of a battle whose sides are known."""
    match.hook.wargame_battle_start(match=match, battle=battle)
    priced = pricing.price(match, battle)
    attack, defense, column, table = priced.attack, priced.defense, priced.column, priced.table
    if column is None or table is None:
        battle.explanation = [
            *battle.explanation,
            *priced.explanation,
        ]  # lines from before the roll first
        match.emit(
            "battle",
            f"{battle.id} at {battle.target}: no strength on either side, no combat",
            battle=battle.to_json(),
        )
        finish(match, battle, advance=False)
        return
    roll: int | None = None
    if column.automatic is not None:
        code = column.automatic
    else:
        roll = match.roll(table.dice, f"{battle.id} at {battle.target}")
        code = priced.results[roll]
    battle.attack, battle.defense = float(attack), float(defense)
    battle.column, battle.roll, battle.result = column.label, roll, code
    battle.explanation = [
        *battle.explanation,
        *priced.explanation,
    ]  # lines from before the roll first
    battle.explanation.append(
        f"automatic {code}" if roll is None else f"roll {roll} on {column.label}: {code}"
    )
    match.emit(  # the line says why: "4-1 (26 vs 6; out of supply halved, ...) roll 3: D2"
        "battle",
        f"{battle.id} at {battle.target}: {column.label} ({priced.why()}) "
        + (f"roll {roll}: {code}" if roll is not None else f"automatic {code}"),
        battle=battle.to_json(),
    )
    carry_out(match, battle, code)


def carry_out(match: Match, battle: Battle, code: str) -> None:
    if match.hook.wargame_combat_result(match=match, battle=battle, result=code):
        return
    codes = match.title.doc("combat-tables").get("codes", {})
    meaning = codes.get(code)
    if meaning is None:
        raise ValueError(f"result {code!r} has no meaning in the combat-tables codes")
    todo: list[dict[str, Any]] = []
    order = (
        ("defender", "attacker")
        if settings(match).get("defender_first", True)
        else ("attacker", "defender")
    )
    for who in order:
        effect = meaning.get(who) or {}
        if effect.get("eliminate"):
            todo.append({"who": who, "do": "eliminate"})
        if effect.get("steps"):
            todo.append({"who": who, "do": "steps", "n": effect["steps"]})
        if effect.get("steps_or_retreat"):
            todo.append({"who": who, "do": "steps-or-retreat", "n": effect["steps_or_retreat"]})
        if effect.get("retreat"):
            todo.append({"who": who, "do": "retreat", "n": effect["retreat"]})
    battle.extra["todo"] = todo
    battle.extra["rule"] = meaning.get("rule")
    battle.extra["advance"] = meaning.get("advance", True)
    store(match, battle)
    proceed(match)


# ------------------------------------------------------------------ the result queue


def store(match: Match, battle: Battle) -> None:
    state(match)["battle"] = battle.to_json()


def active(match: Match) -> Battle | None:
    data = state(match).get("battle")
    return Battle.from_json(data) if data else None


def side_units(match: Match, battle: Battle, who: str) -> list[Unit]:
    ids = battle.attackers if who == "attacker" else battle.defenders
    return [match.state.units[i] for i in ids if match.state.units[i].loc is not None]


def proceed(match: Match) -> None:
    """Work off the battle's queue until a side must decide, then wait for it."""
    from wargame.mechanics import losses, retreat

    battle = active(match)
    if battle is None:
        return
    todo = battle.extra.get("todo", [])
    while todo and not match.state.pending and match.state.cursor.stage != "over":
        item = todo.pop(0)
        store(match, battle)
        units = side_units(match, battle, item["who"])
        if "units" in item:  # a loss only some of the side's units may take (PMD 14.1)
            units = [u for u in units if u.id in item["units"]]
        if not units:
            continue
        rule = battle.extra.get("rule")
        if item["do"] == "eliminate":
            for unit in units:
                match.eliminate(unit, f"{battle.result} in {battle.id}", rule)
        elif item["do"] in ("steps", "steps-or-retreat"):
            found = match.hook.wargame_combat_loss(
                match=match, battle=battle, who=item["who"], n=item["n"]
            )
            n = item["n"] if found is None else found
            if n > 0:
                losses.ask(
                    match,
                    battle,
                    item["who"],
                    units,
                    n,
                    retreat_option=item["do"] == "steps-or-retreat",
                    chooser=item.get("chooser"),
                    alternate=bool(item.get("alternate")),
                    retreat_last=bool(item.get("retreat_last")),
                    more=bool(item.get("more")),
                )
        elif item["do"] == "retreat":
            retreat.ask(match, battle, item["who"], units, int(item["n"]))
        battle = active(match) or battle
        todo = battle.extra.get("todo", [])
    if not todo and not match.state.pending:
        finish(match, battle, advance=True)


def finish(match: Match, battle: Battle, advance: bool) -> None:
    """All results are taken: offer the advance once, then close the battle."""
    from wargame.mechanics import retreat

    if advance and battle.extra.get("advance", True) and not battle.extra.get("advance_offered"):
        battle.extra["advance_offered"] = True
        store(match, battle)
        retreat.offer_advance(match, battle)
        if match.state.pending:
            return
    closing = ON_FINISH.get(battle.kind)
    if closing is not None:
        closing(match, battle)
    state(match).pop("battle", None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Attack()]
