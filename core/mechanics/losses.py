"""Step losses: the owner picks which units lose each step (PGG 9.61-9.65, PMD 13.11).

A unit's faces run from full strength down (a German infantry division's four strength levels,
PGG 9.63; a two-sided counter; a multi-counter formation); losing past the last face eliminates it.
A counter's ``step_value`` says what one of its steps counts towards a loss (half-step units, PMD
2.4.7). Where the result allows it (``steps_or_retreat``), the owner may retreat instead, but not
both: once a step is taken the retreat option is gone (PGG 9.65). A result queue item may instead
offer the retreat for the final step only (``retreat_last``, PMD 13.8), and may have the enemy
pick the units, alternating sides step by step (``chooser``, ``alternate``: PMD 13.12). The retreat
is always the owner's decision: when the enemy would pick the unit of the step it may replace,
the owner first chooses ``retreat-instead`` or ``stand``, and if he stands the enemy picks (PMD
13.12: "if the defender chooses not to retreat, then the loss is assigned by the appropriate
alternating side"). With ``more`` (PMD 13.7) the owner may lose more steps than the result once it is taken by steps: he
is asked again (a ``more-losses`` decision), ``lose UNIT`` for one more step or ``enough``.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.plugins import Verb
from wargame.state import Unit

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""


def steps_left(match: Match, unit: Unit) -> float:
    """What the unit can still absorb, counted in steps (``step_value`` each), its extra steps
    (PMD 15.9) included."""
    left = match.faces(unit) - unit.step + match.extra_steps(unit)
    return left * float(match.counter(unit).get("step_value", 1))


def ask(
    match: Match,
    battle: Battle,
    who: str,
    units: list[Unit],
    n: float,
    retreat_option: bool = False,
    chooser: str | None = None,
    alternate: bool = False,
    retreat_last: bool = False,
    more: bool = False,
    stood: bool = False,
) -> None:
    """Ask for ``n`` steps among ``units`` (or a retreat, when allowed).

    ``chooser`` "enemy" has the other side pick the unit; ``alternate`` passes the pick to the
    other side after each step (PMD 13.12's close combat). With ``retreat_last`` the retreat is
    offered only for the final step or half step, and is one location that satisfies it (PMD
    13.8). The owner decides the retreat: when ``picker`` is the enemy he is asked first
    (``retreat-instead`` or ``stand``, PMD 13.12). ``stood``: he stood for this loss, the picker
    picks and the retreat comes back only for a half step left after that pick (PMD 13.8: "the
    final step (or final half step)"). ``more``: once the steps are taken, the owner may lose
    more (:func:`offer_more`, PMD 13.7)."""
    owner = units[0].side
    picker = match.enemy(owner) if chooser == "enemy" else owner
    offer = retreat_option and not stood and (not retreat_last or n <= 1)
    keeps_retreat = retreat_option and retreat_last
    if stood:  # a pick that satisfies the whole loss leaves no final half step to retreat for
        keeps_retreat = keeps_retreat and any(_value(match, u) < n for u in units)
    if offer and picker != owner:
        _ask_stand(
            match, battle, who, units, n, picker, alternate, retreat_last, keeps_retreat, more
        )
        return
    if not offer and not keeps_retreat and sum(steps_left(match, u) for u in units) <= n:
        for unit in units:
            match.eliminate(
                unit, f"cannot absorb {n:g} step(s) in {battle.id}", battle.extra.get("rule")
            )
        return
    if not offer and not keeps_retreat and len(units) == 1:
        _take(match, units[0], n, battle.extra.get("rule"))
        if more:
            offer_more(match, battle, who, units)
        return
    prompt = f"lose {n:g} step(s)" + (f" or retreat {1 if retreat_last else n:g}" if offer else "")
    if picker != owner:
        prompt = f"{prompt} of {owner}'s units"
    extra = _set(
        retreat_option=keeps_retreat,
        retreat_last=retreat_last,
        alternate=alternate,
        enemy_picks=picker != owner,
        more=more,
    )
    match.push(
        picker,
        "loss",
        prompt,
        battle=battle.id,
        who=who,
        n=n,
        taken=0,
        units=[u.id for u in units],
        retreat=offer,
        **extra,
    )


def _set(**flags: bool) -> dict[str, bool]:
    """The decision's context flags that are set (an unset one is left out of the context)."""
    return {k: v for k, v in flags.items() if v}


def _ask_stand(
    match: Match,
    battle: Battle,
    who: str,
    units: list[Unit],
    n: float,
    picker: str,
    alternate: bool,
    retreat_last: bool,
    keeps_retreat: bool,
    more: bool,
) -> None:
    """The owner's own decision before the enemy's pick (PMD 13.12): ``retreat-instead`` or
    ``stand`` (then ``picker`` picks the unit, :class:`Stand`)."""
    owner = units[0].side
    extra = _set(
        retreat_option=keeps_retreat, retreat_last=retreat_last, alternate=alternate, more=more
    )
    match.push(
        owner,
        "loss",
        f"retreat {1 if retreat_last else n:g} or stand"
        f" (then {picker} picks which unit loses {n:g} step(s))",
        battle=battle.id,
        who=who,
        n=n,
        taken=0,
        units=[u.id for u in units],
        retreat=True,
        stand=True,
        enemy_picks=True,
        **extra,
    )


def offer_more(match: Match, battle: Battle, who: str, units: list[Unit]) -> None:
    """The result is taken: the owner may lose more steps of his choosing, one at a time, or
    stop (PMD 13.7); nothing to ask once his units are gone."""
    alive = [u for u in units if u.loc is not None]
    if not alive:
        return
    match.push(
        alive[0].side,
        "more-losses",
        "lose more steps than the result (lose UNIT) or enough",
        battle=battle.id,
        who=who,
        n=0,
        taken=0,
        units=[u.id for u in alive],
        retreat=False,
        extra=True,
    )


def _value(match: Match, unit: Unit) -> float:
    return float(match.counter(unit).get("step_value", 1))


def _take(match: Match, unit: Unit, n: float, rule: str | None) -> None:
    value = _value(match, unit)
    taken = 0.0
    while taken < n and unit.loc is not None:
        match.lose_steps(unit, 1, rule)
        taken += value


class Lose(Verb):
    """``lose UNIT``: that unit loses one step of the loss being taken."""

    name = "lose"
    kinds = ("loss", "more-losses")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.context.get("stand"):
            return  # the owner's retreat-or-stand: the enemy picks the unit (PMD 13.12)
        for uid in decision.context["units"]:
            if match.state.units[uid].loc is not None:
                yield Action("lose", (uid,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        ctx = dict(match.pop()["context"])
        unit = match.state.units[action.args[0]]
        battle = combat.active(match)
        match.lose_steps(unit, 1, battle.extra.get("rule") if battle else None)
        value = float(match.counter(unit).get("step_value", 1))
        ctx["taken"] = ctx["taken"] + value
        alive = [match.state.units[i] for i in ctx["units"] if match.state.units[i].loc is not None]
        remaining = ctx["n"] - ctx["taken"]
        if battle is not None and (ctx.get("extra") or (remaining <= 0 and ctx.get("more"))):
            offer_more(match, battle, ctx["who"], alive)  # PMD 13.7: again, until enough
        elif remaining > 0 and alive and battle is not None:
            enemy_next = bool(ctx.get("enemy_picks")) != bool(ctx.get("alternate"))
            ask(
                match,
                battle,
                ctx["who"],
                alive,
                remaining,
                retreat_option=bool(ctx.get("retreat_last") and ctx.get("retreat_option")),
                chooser="enemy" if enemy_next else None,
                alternate=bool(ctx.get("alternate")),
                retreat_last=bool(ctx.get("retreat_last")),
                more=bool(ctx.get("more")),
            )
        combat.proceed(match)


class Enough(Verb):
    """``enough``: lose no more steps than already lost (PMD 13.7's extra losses)."""

    name = "enough"
    kinds = ("more-losses",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("enough")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        match.pop()
        match.emit("enough", f"{decision.side} loses no more steps")
        combat.proceed(match)


class RetreatInstead(Verb):
    """``retreat-instead``: take the result as a retreat rather than step losses (PGG 9.65)."""

    name = "retreat-instead"
    kinds = ("loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        ctx = decision.context
        if ctx.get("retreat") and (ctx.get("retreat_last") or not ctx.get("taken")):
            yield Action("retreat-instead")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat, retreat

        ctx = match.pop()["context"]
        battle = combat.active(match)
        assert battle is not None
        units = [match.state.units[i] for i in ctx["units"]]
        hexes = 1 if ctx.get("retreat_last") else int(ctx["n"])
        retreat.ask(match, battle, ctx["who"], [u for u in units if u.loc], hexes)
        combat.proceed(match)


class Stand(Verb):
    """``stand``: the owner does not retreat for the final step; the loss goes to the side whose
    pick it is (PMD 13.12's alternating sides)."""

    name = "stand"
    kinds = ("loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.context.get("stand"):
            yield Action("stand")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        ctx = match.pop()["context"]
        battle = combat.active(match)
        assert battle is not None
        match.emit("stand", f"{decision.side} does not retreat", battle.extra.get("rule"))
        alive = [match.state.units[i] for i in ctx["units"] if match.state.units[i].loc is not None]
        if alive:
            ask(
                match,
                battle,
                ctx["who"],
                alive,
                ctx["n"] - ctx["taken"],
                retreat_option=bool(ctx.get("retreat_option")),
                chooser="enemy",
                alternate=bool(ctx.get("alternate")),
                retreat_last=bool(ctx.get("retreat_last")),
                more=bool(ctx.get("more")),
                stood=True,
            )
        combat.proceed(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Lose(), RetreatInstead(), Enough(), Stand()]
