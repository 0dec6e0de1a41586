"""Fog of war on Soviet stacks (BARB 11.7).

The German may see only the top unit of each Soviet stack on the map; the rest are concealed from
his view (the kernel's ``Unit.hidden_from``: his view shows their side and hex, nothing else)
until the odds of a battle against them are computed. The Soviet sees every German-side stack.

The top unit is the Soviet's choice: ``top UNIT`` in his own Movement Phase
puts a unit on top of its stack (the ``top`` flag, which goes when the unit leaves the hex);
without a choice it is the stack's first unit in the order of play's unit list (ruling E14).
The Soviet units of a battle (defending or attacking) are examined when its odds are computed
(the combat result hook) and stay open to the German until the end of that phase, when the stacks close again.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .turns import SOVIET

NS = "barbarossa-fog"


def seen(match: Match) -> list[str]:
    """Soviet units the German examined in a battle this phase (11.7)."""
    return match.state.ns(NS).setdefault("seen", [])


def tops(match: Match) -> dict[str, str]:
    """Hex -> the Soviet unit on top of the stack there."""
    out: dict[str, str] = {}
    for unit in match.state.units.values():
        loc = unit.loc
        if unit.side != SOVIET or loc is None or loc.startswith("box:"):
            continue
        if loc not in out or unit.flags.get("top"):
            out[loc] = unit.id
    return out


def concealed(match: Match) -> set[str]:
    """The Soviet map units hidden from the German now (11.7)."""
    top = tops(match)
    looked = set(match.state.plugins.get(NS, {}).get("seen", ()))
    return {
        u.id
        for u in match.state.units.values()
        if u.side == SOVIET
        and u.loc is not None
        and not u.loc.startswith("box:")
        and top.get(u.loc) != u.id
        and u.id not in looked
    }


def stacked(match: Match, loc: str) -> list[Unit]:
    return [u for u in match.units_at(loc) if u.side == SOVIET]


class Top(Verb):
    """``top UNIT``: the Soviet puts a unit of one of his stacks on top, the one the German sees
    (11.7)."""

    name = "top"
    kinds = ("movement",)
    rare = True

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET:
            return
        top = tops(match)
        for loc in sorted(top):
            units = stacked(match, loc)
            if len(units) < 2:
                continue
            for unit in units:
                if unit.id != top[loc]:
                    yield Action("top", (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action not in list(self.legal(match, decision)):
            return (
                "only the Soviet, in his own phase, restacks a stack of his on the map (BARB 11.7)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        for other in stacked(match, unit.loc or ""):
            other.flags.pop("top", None)
        unit.flags["top"] = True
        match.touch()
        from .rvgk import hide

        hide(match)
        match.emit("fog", f"the Soviet restacks in {unit.loc}", "BARB 11.7")


@hookimpl(tryfirst=True)
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    """The odds are computed: the German has examined the Soviet units of the battle, defending
    or attacking (11.7; ruling E14)."""
    units = match.state.units
    looked = seen(match)
    for uid in battle.attackers + battle.defenders:
        if units[uid].side == SOVIET:
            if uid not in looked:
                looked.append(uid)
            units[uid].hidden_from = []
    return None


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """A unit leaving its hex leaves its place on top (11.7); the stacks it left and joined are
    fogged again."""
    for unit in units:
        if unit.flags.get("top") and path and unit.loc != path[0]:
            unit.flags.pop("top", None)
    if any(u.side == SOVIET for u in units):
        from .rvgk import hide

        hide(match)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    unit.flags.pop("top", None)
    from .rvgk import hide

    hide(match)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """The stacks the German examined close again (11.7)."""
    match.state.plugins.pop(NS, None)
    from .rvgk import hide

    hide(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Top()]
