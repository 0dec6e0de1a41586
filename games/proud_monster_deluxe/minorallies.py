"""Axis minor allies (PMD 7.1, 7.2): where they go, whom they stack with, and their supply.

Romanian, Hungarian, Italian and Ost units (type tag ``minor-ally`` with the nation's tag) may
enter only their own lands and Russia (the USSR) south of the N/S line: Romanians the South OKH
area, Romania and Russia; Hungarians the South OKH area, Hungary and Russia; Italians the South
OKH area, Hungary, Romania and Russia; Ost units Russia east of the GAS line (7.2(1)-(4)); none
ever Russia north of the N/S line or the North OKH area (7.1(5)). Every hex of a move counts.

A minor ally stacks only with units of its own nation and German units (German-coloured ones
count as German, 7.3), and with a minor ally's Leg unit in it a stack holds at most one German
unit (7.1(2), (3)): a move or strategic move that would end in such a stack is refused (ruling
AL2). A minor ally draws supply only from the South OKH area (7.1(1)): ``supply.py`` traces it
from there. Attacks (7.1(5), (6)), MAs (7.1(7)), retreats (7.1(8)), removals (7.1(10), 13.13)
and the 1943 attack (7.1(11), 5.6) are in ``combat.py``, ``data``, ``losses.py``,
``eliminated.py`` and ``summerattack.py``.

Romanian and Hungarian units may never stand in hexes next to each other (7.2(5)): whenever a
move, strategic or sea move, retreat or advance leaves them so, the Axis player eliminates, at
once and as he chooses, every Romanian or every Hungarian unit of the hexes in contact
(``rivals romanian|hungarian``; ruling AL3)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from .combat import MINOR_ALLIES

SOUTH_OKH = "box:okh-south"
LANDS: dict[str, tuple[str, ...]] = {
    "romanian": ("country:romania",),
    "hungarian": ("country:hungary",),
    "italian": ("country:hungary", "country:romania"),
    "ost": (),
}
"""7.2: the lands besides Russia each nation may enter (Ost: none, and not west of the GAS)."""
WHERE = {
    "romanian": "the South OKH area, Romania and Russia (PMD 7.2(1))",
    "hungarian": "the South OKH area, Hungary and Russia (PMD 7.2(2))",
    "italian": "the South OKH area, Hungary, Romania and Russia (PMD 7.2(3))",
    "ost": "Russia east of the GAS line (PMD 7.2(4))",
}


def nation(match: Match, unit: Unit) -> str | None:
    """The unit's minor ally, or None (German and German-coloured units, 7.3)."""
    tags = match.unit_type(unit).get("tags", ())
    if "minor-ally" not in tags:
        return None
    return next((t for t in tags if t in MINOR_ALLIES), None)


def allowed(match: Match, who: str) -> frozenset[str]:
    """The places a unit of ``who`` may enter (7.1(5), 7.2)."""

    def build() -> frozenset[str]:
        topo = match.topology
        russia = set(topo.region("country:ussr")) & set(topo.region("south"))
        if who == "ost":
            return frozenset(russia & set(topo.region("gas-east")))
        lands = {h for region in LANDS[who] for h in topo.region(region)}
        return frozenset(russia | lands | {SOUTH_OKH})

    return match.shared(("pmd-minor-ally-lands", who), build)


def stack_problem(match: Match, units: Iterable[Unit]) -> str | None:
    """Why these units may not stack together (7.1(2), (3)), or None."""
    units = list(units)
    nations = {n for u in units if (n := nation(match, u))}
    if not nations:
        return None
    if len(nations) > 1:
        return "units of two minor allies may not stack together (PMD 7.1(2))"
    germans = [u for u in units if u.side == "axis" and nation(match, u) is None]
    legs = [u for u in units if nation(match, u) and match.unit_type(u).get("mobility") == "leg"]
    if legs and len(germans) > 1:
        return "a minor ally's Leg unit stacks with one German unit at most (PMD 7.1(3))"
    return None


def _movers(match: Match, action: Action) -> list[Unit]:
    units = match.state.units
    return [units[i] for i in str(action.args[0]).split(",") if i in units]


def _concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return decision.side == "axis"


@hookimpl
@veto_scope(verbs=("move", "strategic"), concerns=_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if len(action.args) < 2:
        return None
    movers = _movers(match, action)
    path = [str(a) for a in action.args[1:]]
    entered = path[1:] if action.verb == "move" else path[-1:]
    for unit in movers:
        who = nation(match, unit)
        if who is None:
            continue
        lands = allowed(match, who)
        for loc in entered:
            if loc not in lands:
                return f"{unit.id} may not enter {loc}: {who} units enter only {WHERE[who]}"
    dest = path[-1]
    ids = {u.id for u in movers}
    if not any(nation(match, u) for u in movers) and not any(
        nation(match, u) for u in match.units_at(dest)
    ):
        return None
    staying = [u for u in match.units_at(dest) if u.id not in ids]
    return stack_problem(match, staying + movers)


# ------------------------------------------------------------------ 7.2(5): rival allies

RIVALS = ("romanian", "hungarian")
RIVALS_RULE = "PMD 7.2(5)"


def contacts(match: Match) -> dict[str, list[str]]:
    """7.2(5): for each of the two rival nations, the hexes where its units stand next to a hex
    holding the other's (both lists empty when none do)."""
    at: dict[str, set[str]] = {who: set() for who in RIVALS}
    for unit in match.units_of("axis"):
        who = nation(match, unit)
        if who in at and unit.loc is not None:
            at[who].add(unit.loc)
    topo = match.topology
    return {
        who: sorted(
            h for h in at[who] if h in topo and any(n in at[other] for n in topo.neighbours(h))
        )
        for who, other in zip(RIVALS, reversed(RIVALS), strict=True)
    }


def _ask_rivals(match: Match) -> None:
    if any(p.get("kind") == "rivals" for p in match.state.pending):
        return
    found = contacts(match)
    if found["romanian"]:
        match.push(
            "axis",
            "rivals",
            "Romanian units stand next to Hungarian units "
            f"({', '.join(found['romanian'])} / {', '.join(found['hungarian'])}): eliminate "
            f"every Romanian or every Hungarian unit there ({RIVALS_RULE})",
            **found,
        )


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Units came to rest (a move, strategic or sea move, retreat or advance): 7.2(5)."""
    if any(nation(match, u) in RIVALS for u in units):
        _ask_rivals(match)


class Rivals(Verb):
    """``rivals romanian|hungarian``: the Axis player eliminates every unit of that nation in
    the hexes where Romanians and Hungarians stand next to each other (7.2(5), his choice)."""

    name = "rivals"
    kinds = ("rivals",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for who in RIVALS:
            yield Action("rivals", (who,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in RIVALS:
            return f"name the nation whose units go: romanian or hungarian ({RIVALS_RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        who = str(action.args[0])
        hexes = set(decision.context[who])
        for unit in list(match.units_of("axis")):
            if unit.loc in hexes and nation(match, unit) == who:
                match.eliminate(
                    unit, "Romanian and Hungarian units next to each other", RIVALS_RULE
                )
        _ask_rivals(match)  # none left: every contact had a unit of this nation in it


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Rivals()]
