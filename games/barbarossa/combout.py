"""German rear-area comb-outs (BARB 8.16): twice a game, once in a single-month turn of 1943 and
once in one of 1944, the German may declare a comb-out at the start of his player turn (``combout``
while he chooses his phase order). One die, halved rounding down (T37: 0-3), is the number of
replaceable non-mechanized units he may take at once from his dead pile (``comb UNIT HEX``, placed
as replacements are, 8.13; ruling E19), or fewer (``comb done``). The count left is kept as
``combout_left`` in the namespace ``NS`` until the picks end; the years used in ``combouts``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb

from . import admin
from .admin import dead, entry_hexes
from .turns import GERMAN

KIND = "combout"
YEARS = ("1943", "1944")
NS = "barbarossa-combout"


class CombOutState(TypedDict, total=False):
    combouts: list[str]  # the game years whose comb-out was declared (8.16)
    combout_left: int  # units the declared comb-out may still take


def ns(match: Match) -> CombOutState:
    return cast(CombOutState, match.state.ns(NS))


def year(match: Match) -> str | None:
    """The game year in which a comb-out may be declared now: a single-month turn (8.16)."""
    entry = match.title.doc("calendar")["turns"].get(str(match.turn), {})
    tags = entry.get("tags", ())
    if "single" not in tags:
        return None
    return next((y for y in YEARS if f"year-{y}" in tags), None)


def may_declare(match: Match) -> bool:
    y = year(match)
    return y is not None and y not in ns(match).get("combouts", ())


def candidates(match: Match) -> list[str]:
    return [
        u
        for u in dead(match, GERMAN)
        if match.unit_type(match.state.units[u])["mobility"] != "mech"
    ]


class Declare(Verb):
    """``combout`` at the start of the German player turn (8.16)."""

    name = "combout"
    kinds = ("order",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side == GERMAN and may_declare(match):
            yield Action("combout", ())

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if decision.side == GERMAN and may_declare(match) and not action.args:
            return None
        return "a comb-out once in a 1943 and once in a 1944 single-month turn, at the start of the German player turn (BARB 8.16)"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        y = year(match)
        assert y is not None
        ns(match).setdefault("combouts", []).append(y)
        roll = match.roll("1d6", "rear-area comb-out", "BARB 8.16")
        n = roll // 2
        match.emit("combout", f"comb-out of {y}: {n} non-mechanized units may return", "BARB 8.16")
        if n and candidates(match):
            ns(match)["combout_left"] = n
            match.push(
                GERMAN, KIND, f"take up to {n} non-mechanized units from the dead pile (BARB 8.16)"
            )


class Comb(Verb):
    """``comb UNIT HEX`` or ``comb done`` (8.16)."""

    name = "comb"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("comb", ("done",))
        hexes = entry_hexes(match, GERMAN)
        for uid in candidates(match):
            for h in hexes:
                yield Action("comb", (uid, h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return "a replaceable non-mechanized German unit from the dead pile to a friendly edge source or supplied city (BARB 8.16, 8.13)"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        v = ns(match)
        if action.args[0] != "done":
            uid, h = action.args
            placed = admin.ns(match).setdefault("placed", {})
            placed[h] = placed.get(h, 0) + 1
            match.new_unit(match.state.units[uid].counter, h, uid)
            match.emit(
                "combout", f"the comb-out rebuilds {uid} in {h}", "BARB 8.16", unit=uid, loc=h
            )
            v["combout_left"] -= 1
        if action.args[0] == "done" or v["combout_left"] <= 0 or not candidates(match):
            match.pop()
            v.pop("combout_left", None)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Declare(), Comb()]
