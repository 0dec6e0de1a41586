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
``eliminated.py`` and ``summerattack.py``."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
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
