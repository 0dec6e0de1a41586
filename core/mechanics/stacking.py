"""Stacking limits with weights (PGG 7.0, Barbarossa 6.1, PMD 6.1).

Each unit type has a stacking weight (``stacking`` in the counters document: a leader 0, a
brigade 0.5). At the end of the phases named in ``check`` a side's units in one location may weigh
no more than ``limit``; an owner whose stack is over the limit removes units of his choice
(``remove UNIT``) until it is not (PGG 7.1), or the opponent does (Barbarossa 6.2). Settings
(``mechanic_options.stacking``): ``limit``, ``limits`` (per side), ``max_units`` (a count cap
beside the weight), ``check`` (phase ids), ``chooser`` ("owner" or "enemy"), ``rule``;
``limit_vars`` (side -> a state var that, once set, is that side's limit: PMD 6.1's Soviet 3 in
1941, raised by Close Combat markers) and ``feature_limits`` (a location feature -> the limit
there when higher: PMD 6.1's city 10 and heavy fort 5); ``tag_caps`` (side -> unit-type tag ->
the most units with that tag in a location, whatever their weight: PMD 6.1's one Axis flak
and one artillery unit, five Soviet artillery divisions); ``augment_flag`` (a unit flag naming
another unit: while both are in the stack weighed, the flagged unit weighs nothing: PMD 6.1's
regiment augmenting a division); ``examine_battles`` (a battle's locations are checked as it is
examined, before any unit is revealed: PMD 6.3; a title that asks other things first calls
:func:`examine` from its ``wargame_before_reveal`` instead).
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import BotHints, hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def limit(match: Match, side: str, loc: str | None = None) -> float:
    s = match.settings("stacking")
    base = float(s.get("limits", {}).get(side, s.get("limit", 1e9)))
    var = s.get("limit_vars", {}).get(side)
    if var is not None and match.state.vars.get(var) is not None:
        base = float(match.state.vars[var])
    features = s.get("feature_limits", {})
    if loc is not None and features:
        for feature in match.topology.features(loc):
            base = max(base, float(features.get(feature, base)))
    return base


def weight(match: Match, ids: Iterable[str]) -> float:
    units = match.state.units
    ids = list(ids)
    flag = match.settings("stacking").get("augment_flag")
    free = {i for i in ids if units[i].flags.get(flag) in ids} if flag else set()
    return sum(float(match.unit_type(units[i]).get("stacking", 1)) for i in ids if i not in free)


def over(match: Match, side: str, ids: list[str], loc: str | None = None) -> bool:
    """Whether these units together break the limit (in ``loc``, when its features change it):
    weight, or a count cap (``max_units``: PGG 7.1 allows a fourth unit only if one of them is a
    leader, weight 0)."""
    s = match.settings("stacking")
    cap = s.get("max_units")
    if weight(match, ids) > limit(match, side, loc) or (cap is not None and len(ids) > cap):
        return True
    units = match.state.units
    for tag, most in s.get("tag_caps", {}).get(side, {}).items():
        if sum(tag in match.unit_type(units[i]).get("tags", ()) for i in ids) > most:
            return True
    return False


def overstacked(match: Match, side: str) -> list[str]:
    """Locations where ``side`` is over its limit now (its own units: a hex may hold both
    sides', PMD 13.15.3)."""
    units = match.state.units
    found = []
    for loc, ids in match.occupied().items():
        if loc.startswith("box:"):
            continue
        mine = ids if units[ids[0]].side == side else ()
        if len({units[i].side for i in ids}) > 1:
            mine = [i for i in ids if units[i].side == side]
        if mine and over(match, side, list(mine), loc):
            found.append(loc)
    return sorted(found)


def chooser(match: Match, side: str) -> str:
    """Who removes ``side``'s surplus units: the owner, or the enemy (Barbarossa 6.2)."""
    return match.enemy(side) if match.settings("stacking").get("chooser") == "enemy" else side


def ask(match: Match, side: str, only: Iterable[str] | None = None) -> None:
    """Have ``side``'s surplus removed in each overstacked location (of ``only``, if given)."""
    for loc in overstacked(match, side):
        if only is not None and loc not in only:
            continue
        rule = match.settings("stacking").get("rule")
        who = chooser(match, side)
        match.push(
            who,
            "overstack",
            f"{loc} is over the stacking limit" + (f" ({rule})" if rule else "") + ": remove units",
            loc=loc,
            **({"owner": side} if who != side else {}),
        )


def examine(match: Match, battle: Battle) -> bool:
    """A battle's defending stacks are examined by the attacker (PMD 6.3): the first target
    location where the defender is over the limit has its surplus removed now, before any unit
    is revealed. True when a side was asked: the battle waits and :class:`Remove` resolves it
    again once that location is legal. (The attacker's own stacks are his to examine at any
    time; a title checks them when its rules say, PMD at each phase start.)"""
    units = match.state.units
    if not battle.attackers:
        return False
    side = match.enemy(units[battle.attackers[0]].side)
    for loc in battle.extra.get("targets", [battle.target]):
        ids = [u.id for u in match.units_at(loc) if u.side == side]
        if ids and over(match, side, ids, loc):
            rule = match.settings("stacking").get("rule")
            who = chooser(match, side)
            match.push(
                who,
                "overstack",
                f"{loc} is over the stacking limit, found as battle {battle.id} is examined"
                + (f" ({rule})" if rule else "")
                + ": remove units",
                loc=loc,
                battle=battle.id,
                **({"owner": side} if who != side else {}),
            )
            return True
    return False


def _resume_battle(match: Match) -> None:
    from wargame.mechanics import combat

    battle = combat.active(match)
    if battle is not None and not match.state.pending:
        units = match.state.units
        battle.attackers = [i for i in battle.attackers if units[i].loc is not None]
        battle.defenders = [i for i in battle.defenders if units[i].loc is not None]
        combat.resolve(match, battle)


class Remove(Verb):
    name = "remove"
    kinds = ("overstack",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        owner = decision.context.get("owner", decision.side)
        for unit in match.units_at(decision.context["loc"]):
            if unit.side == owner:
                yield Action("remove", (unit.id,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        unit = match.state.units[action.args[0]]
        match.eliminate(unit, "over the stacking limit", match.settings("stacking").get("rule"))
        loc = decision.context["loc"]
        owner = decision.context.get("owner", decision.side)
        ids = [i for i in match.occupied().get(loc, []) if match.state.units[i].side == owner]
        if ids and over(match, owner, ids, loc):
            extra = {"owner": owner} if owner != decision.side else {}
            if "battle" in decision.context:
                extra["battle"] = decision.context["battle"]
            match.push(decision.side, decision.kind, decision.prompt, loc=loc, **extra)
        elif "battle" in decision.context:
            _resume_battle(match)  # the stack is legal: the battle goes on (PMD 6.3)


@on_phase("end", ids_from=lambda match: match.settings("stacking").get("check", ()))
def check_stacks(match: Match, phase: PhaseSpec) -> None:
    for side in reversed(match.sides):
        ask(match, side)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Remove()]


class Advice:
    """What the heuristic bot asks this mechanic (:class:`wargame.hookspecs.StackingAdvice`)."""

    def limit(self, match: Match, side: str) -> tuple[float, int | None]:
        cap = match.settings("stacking").get("max_units")
        return limit(match, side), None if cap is None else int(cap)

    def crowded(self, match: Match, side: str) -> list[str]:
        return overstacked(match, side)


ADVICE = Advice()


@hookimpl
def wargame_bot_hints(match: Match, side: str) -> BotHints:
    return BotHints(stacking=ADVICE)
