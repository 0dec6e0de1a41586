"""The ArKo, the German ad hoc artillery command (LWE 8.4, 11.26).

- 8.4: it is never scheduled; in any German New Unit Entry Phase until it is in play the German
  decides ``arko enter HEX`` (a small town, large town or city of the USSR that he controls and that
  is in supply) or ``arko wait``. It stacks as a division and stays until eliminated.
- 11.26: it attacks only in prepared assaults, in supply and stacked with another German-side unit;
  each time it attacks, three dice give its attack factor for that battle, never more than the
  other German-side attackers' factors in the battle; it defends at 1 (its counter) and never
  advances after combat.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.combat import Modifier
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Battle, Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import GERMAN, in_region, town_class

ARKO = "ger-arko"
KIND = "arko"
EXTRA = "arko"


def entry_hexes(match: Match) -> list[str]:
    """8.4: USSR towns and cities under German control and in supply."""
    from .supply import german_supplied_at

    control = match.state.control
    return [
        h
        for h in sorted(control)
        if control[h] == GERMAN
        and town_class(match, h) is not None
        and in_region(match, h, "country:ussr")
        and german_supplied_at(match, h)
    ]


def waiting(match: Match) -> bool:
    return ARKO not in match.state.units


@on_phase("start", ids=("entry",), tryfirst=True)
def offer_entry(match: Match, phase: PhaseSpec) -> None:
    """8.4: asked after the phase's other activities (withdrawals come first, 8.12): pushed
    first, so answered last (the newest pending decision is asked first)."""
    if match.phasing == GERMAN and waiting(match) and entry_hexes(match):
        match.push(GERMAN, KIND, "enter the ArKo at a supplied Soviet town, or wait (LWE 8.4)")


class Enter(Verb):
    """``arko enter HEX`` or ``arko wait`` (8.4)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for h in entry_hexes(match):
            yield Action(self.name, ("enter", h))
        yield Action(self.name, ("wait",))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args == ("wait",):
            return None
        if len(action.args) != 2 or action.args[0] != "enter":
            return "usage: arko enter HEX | arko wait"
        if action.args[1] not in entry_hexes(match):
            return "the ArKo enters a German-held Soviet town or city in supply (LWE 8.4)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args[0] == "wait":
            match.emit(KIND, "the ArKo waits", "LWE 8.4")
            return
        match.new_unit(ARKO, str(action.args[1]))
        match.emit(KIND, f"the ArKo enters at {action.args[1]}", "LWE 8.4", loc=action.args[1])


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Enter()]


@hookimpl
@veto_scope(verbs=("attack", "overrun", "advance"))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """11.26: a prepared assault only, in supply, stacked with another German-side unit; no
    advance after combat."""
    from .supply import oos

    ids = {a for arg in action.args for a in str(arg).split(",")}
    if ARKO not in ids:
        return None
    if action.verb == "advance":
        return "the ArKo never advances after combat (LWE 11.26)"
    if action.verb == "overrun":
        return "the ArKo attacks only in prepared assaults (LWE 11.26)"
    unit = match.state.units[ARKO]
    if oos(unit):
        return "the ArKo attacks only in supply (LWE 11.26)"
    if not any(u.id != ARKO and u.side == GERMAN for u in match.units_at(unit.loc or "")):
        return "the ArKo attacks only stacked with another German-side unit (LWE 11.26)"
    return None


@hookimpl
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """11.26: three dice each time it attacks."""
    if ARKO in battle.attackers:
        roll = match.roll("3d6", f"{battle.id}: the ArKo's attack factor", "LWE 11.26")
        battle.extra[EXTRA] = roll


def others(match: Match, battle: Battle) -> int:
    """The other German-side attackers' printed attack factors in the battle."""
    units = match.state.units
    return sum(
        int(match.unit_values(units[u]).get("attack", 0))
        for u in battle.attackers
        if u != ARKO and units[u].side == GERMAN
    )


@hookimpl
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    """11.26: the roll, capped at the others' factors; before the roll (a preview) nothing."""
    if ARKO not in battle.attackers:
        return []
    roll = battle.extra.get(EXTRA)
    if roll is None:
        return []
    cap = others(match, battle)
    value = min(int(roll), cap)
    why = f"ArKo 3d6 = {roll}" + (f", capped at the other attackers' {cap}" if cap < roll else "")
    return [Modifier(ARKO, "set", value, why, "LWE 11.26")]
