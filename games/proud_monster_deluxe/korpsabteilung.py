"""German Korps Abteilung units (PMD 15.19).

From turn 314, in his part of each Reinforcement Phase, the Axis player may form a KA unit
(``ka DIV,DIV,DIV``), up to the six KA counters: three German divisions are removed from play,
taken from the Dead Pile, or from the Replacement Army only as far as the Dead Pile holds too
few (every Dead Pile division among them then). The KA enters in the North OKH area like a
rebuilt unit (9.1.1); destroyed, it is removed from play (``eliminated.py``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from . import eliminated
from .strategic import OKH
from .turns import AXIS, ynn

RULE = "PMD 15.19"
FROM_TURN = 314
DIVISIONS = 3
GERMANY = "country:greater-germany"
"""9.1.1: the North OKH's units enter through Germany (as a rebuilt unit, replacements.py)."""


def _division(match: Match, unit: Unit) -> bool:
    utype = match.unit_type(unit)
    return (
        unit.side == AXIS
        and float(utype.get("stacking", 0)) == 1
        and "german" in utype.get("tags", ())
        and match.counter(unit)["type"] != "ka"
    )


def pile(match: Match, where: str) -> list[str]:
    """The German divisions in the Dead Pile or Replacement Army (13.13)."""
    units = match.state.units
    return [
        uid
        for uid in eliminated._ns(match).get(where, [])
        if uid in units and _division(match, units[uid])
    ]


def free_counters(match: Match) -> list[str]:
    """The KA counters never yet in play (2.2's counter limit)."""
    return sorted(
        cid
        for cid, c in match.counters_doc["counters"].items()
        if c["type"] == "ka" and cid not in match.state.units
    )


def problem(match: Match, decision: Decision, ids: list[str]) -> str | None:
    if decision.side != AXIS:
        return f"only the Axis forms KA units ({RULE})"
    if ynn(match) < FROM_TURN:
        return f"KA units are formed from turn {FROM_TURN} ({RULE})"
    if not free_counters(match):
        return f"all six KA units have been formed ({RULE})"
    if len(ids) != DIVISIONS or len(set(ids)) != DIVISIONS:
        return f"a KA is formed from {DIVISIONS} divisions ({RULE})"
    dead, army = pile(match, eliminated.DEAD_PILE), pile(match, eliminated.REPLACEMENT_ARMY)
    for uid in ids:
        if uid not in dead and uid not in army:
            return f"{uid} is not a German division in the Dead Pile or Replacement Army ({RULE})"
    from_dead = len([i for i in ids if i in dead])
    if from_dead < min(len(dead), DIVISIONS):
        return (
            f"divisions come from the Replacement Army only when the Dead Pile has too few ({RULE})"
        )
    return None


class FormKa(Verb):
    """``ka DIV,DIV,DIV`` (15.19). The listing offers a few sets; any set may be named."""

    name = "ka"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS or ynn(match) < FROM_TURN or not free_counters(match):
            return
        dead = pile(match, eliminated.DEAD_PILE)
        army = pile(match, eliminated.REPLACEMENT_ARMY)
        short = max(DIVISIONS - len(dead), 0)
        for base in itertools.islice(itertools.combinations(dead, DIVISIONS - short), 4):
            for extra in itertools.islice(itertools.combinations(army, short), 4):
                ids = [*base, *extra]
                if problem(match, decision, ids) is None:
                    yield Action("ka", (",".join(ids),))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return f"usage: ka DIV,DIV,DIV ({RULE})"
        return problem(match, decision, action.args[0].split(","))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        ids = action.args[0].split(",")
        ns = eliminated._ns(match)
        for uid in ids:
            for where in (eliminated.DEAD_PILE, eliminated.REPLACEMENT_ARMY):
                if uid in ns.get(where, []):
                    ns[where].remove(uid)
            ns.setdefault(eliminated.REMOVED, []).append(uid)
        ka = match.new_unit(free_counters(match)[0], OKH["north"])
        ka.flags["entry"] = match.resolve_locations([GERMANY])  # 9.1.1, as a rebuilt unit
        match.touch()
        match.emit("ka", f"{ka.id} formed from {', '.join(ids)}, removed from play", RULE)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [FormKa()]
