"""Step losses: the owner picks which units lose each step (PGG 9.61-9.65, PMD 13.11).

A unit's faces run from full strength down (a German infantry division's four strength levels,
PGG 9.63; a two-sided counter; a multi-counter formation); losing past the last face eliminates it.
A counter's ``step_value`` says what one of its steps counts towards a loss (half-step units, PMD
2.4.7). Where the result allows it (``steps_or_retreat``), the owner may retreat instead, but not
both: once a step is taken the retreat option is gone (PGG 9.65).
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
    """What the unit can still absorb, counted in steps (``step_value`` each)."""
    counter = match.counter(unit)
    faces = 1 if unit.face is not None else len(counter["steps"])
    return (faces - unit.step) * float(counter.get("step_value", 1))


def ask(
    match: Match,
    battle: Battle,
    who: str,
    units: list[Unit],
    n: float,
    retreat_option: bool = False,
) -> None:
    """Ask the owner to lose ``n`` steps among ``units`` (or to retreat, when allowed)."""
    owner = units[0].side
    if not retreat_option and sum(steps_left(match, u) for u in units) <= n:
        for unit in units:
            match.eliminate(
                unit, f"cannot absorb {n:g} step(s) in {battle.id}", battle.extra.get("rule")
            )
        return
    if not retreat_option and len(units) == 1:
        _take(match, units[0], n, battle.extra.get("rule"))
        return
    prompt = f"lose {n:g} step(s)" + (f" or retreat {n:g}" if retreat_option else "")
    match.push(
        owner,
        "loss",
        prompt,
        battle=battle.id,
        who=who,
        n=n,
        taken=0,
        units=[u.id for u in units],
        retreat=retreat_option,
    )


def _take(match: Match, unit: Unit, n: float, rule: str | None) -> None:
    value = float(match.counter(unit).get("step_value", 1))
    taken = 0.0
    while taken < n and unit.loc is not None:
        match.lose_steps(unit, 1, rule)
        taken += value


class Lose(Verb):
    """``lose UNIT``: that unit loses one step of the loss being taken."""

    name = "lose"
    kinds = ("loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in decision.context["units"]:
            if match.state.units[uid].loc is not None:
                yield Action("lose", (uid,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat

        ctx = dict(match.pop()["context"])
        unit = match.state.units[action.args[0]]
        battle = combat.active(match)
        match.lose_steps(unit, 1, battle.extra.get("rule") if battle else None)
        ctx["taken"] = ctx["taken"] + float(match.counter(unit).get("step_value", 1))
        alive = [match.state.units[i] for i in ctx["units"] if match.state.units[i].loc is not None]
        remaining = ctx["n"] - ctx["taken"]
        if remaining > 0 and alive and battle is not None:
            ask(match, battle, ctx["who"], alive, remaining, retreat_option=False)
        combat.proceed(match)


class RetreatInstead(Verb):
    """``retreat-instead``: take the result as a retreat rather than step losses (PGG 9.65)."""

    name = "retreat-instead"
    kinds = ("loss",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.context.get("retreat") and not decision.context.get("taken"):
            yield Action("retreat-instead")

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        from wargame.mechanics import combat, retreat

        ctx = match.pop()["context"]
        battle = combat.active(match)
        assert battle is not None
        units = [match.state.units[i] for i in ctx["units"]]
        retreat.ask(match, battle, ctx["who"], [u for u in units if u.loc], int(ctx["n"]))
        combat.proceed(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Lose(), RetreatInstead()]
