"""German withdrawals (LWE 8.12), from the Withdrawal Table (``table-withdrawals.json``, 12.5).

As the first activity of the German New Unit Entry Phase on a turn the table names, each unit
called for is the German's decision, one at a time: ``withdraw UNIT`` (a unit of a type called for,
or the named unit, on the map and in supply, regular or attenuated; reduced is fine) leaves the game
for good, or ``withdraw decline`` costs 1 VP. A withdrawal nobody can make (no unit of the type,
the named unit eliminated or out of supply) costs 1 VP at once, with no substitute. The VIII
FliegerKorps' withdrawal on GT22 cannot be declined; the air-support mechanic ends its use after
GT21 (E20), so it asks nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import victory as ledger
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .common import GERMAN

NS = "lwe-withdrawals"
KIND = "withdrawal"
RULE = "LWE 8.12"


def called(match: Match) -> list[dict[str, Any]]:
    """This turn's withdrawals, one entry a unit: ``{"types": [...]}`` or ``{"unit": id}``."""
    entry = match.title.doc("withdrawals")["entries"]["by_turn"].get(str(match.turn), {})
    out: list[dict[str, Any]] = []
    for _ in range(int(entry.get("count", 0))):
        out.append({"types": list(entry["types"])})
    out += [{"unit": uid} for uid in entry.get("units", ())]
    return out


def pending(match: Match) -> list[dict[str, Any]]:
    return list(match.state.ns(NS).get("pending", []))


def candidates(match: Match, call: dict[str, Any]) -> list[Unit]:
    """Units that may answer ``call``: on the map, in supply (attenuated is fine, 8.12)."""
    from .supply import oos

    if "unit" in call:
        unit = match.state.units.get(call["unit"])
        units = [unit] if unit is not None else []
    else:
        types = set(call["types"])
        units = [u for u in match.units_of(GERMAN) if match.counter(u)["type"] in types]
    return sorted(
        (
            u
            for u in units
            if u.loc is not None
            and not u.loc.startswith("box:")
            and not u.flags.get("eliminated")
            and not oos(u)
        ),
        key=lambda u: u.id,
    )


def describe(call: dict[str, Any]) -> str:
    return call["unit"] if "unit" in call else " or ".join(call["types"])


def debit(match: Match, call: dict[str, Any], why: str) -> None:
    ledger.award(match, GERMAN, -1, f"withdrawal of {describe(call)} {why}", RULE)


def _next(match: Match) -> None:
    """Ask about the next withdrawal; one nobody can make is debited at once."""
    ns = match.state.ns(NS)
    queue = pending(match)
    while queue:
        call = queue[0]
        if candidates(match, call):
            ns["pending"] = queue
            match.push(GERMAN, KIND, f"withdraw {describe(call)} or decline (-1 VP) ({RULE})")
            return
        queue.pop(0)
        debit(match, call, "impossible")
    ns.pop("pending", None)


@on_phase("start", ids=("entry",))
def call_withdrawals(match: Match, phase: PhaseSpec) -> None:
    """8.12: the first activity of the German New Unit Entry Phase."""
    if match.phasing != GERMAN:
        return
    queue = called(match)
    if queue:
        match.state.ns(NS)["pending"] = queue
        _next(match)


class Withdraw(Verb):
    """``withdraw UNIT`` or ``withdraw decline`` for the withdrawal asked now (8.12)."""

    name = "withdraw"
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        queue = pending(match)
        if not queue:
            return
        for unit in candidates(match, queue[0]):
            yield Action(self.name, (unit.id,))
        yield Action(self.name, ("decline",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        queue = pending(match)
        if len(action.args) != 1 or not queue:
            return "usage: withdraw UNIT|decline"
        if action.args[0] == "decline":
            return None
        ok = {u.id for u in candidates(match, queue[0])}
        if action.args[0] not in ok:
            return (
                f"{action.args[0]} may not answer this withdrawal: {describe(queue[0])} on the map "
                f"and in supply is called for ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        queue = pending(match)
        call = queue.pop(0)
        match.state.ns(NS)["pending"] = queue
        if action.args[0] == "decline":
            debit(match, call, "declined")
        else:
            unit = match.state.units[action.args[0]]
            match.place(unit, None)
            unit.flags = {"withdrawn": True}
            unit.markers = {}
            match.emit(KIND, f"{unit.id} withdrawn from the game", RULE, unit=unit.id)
        _next(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Withdraw()]
