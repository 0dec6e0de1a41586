"""The Independent Coastal Army's entry (LWE 8.5, 8.1): on GT2, in the Soviet New Unit Entry Phase,
the Soviet player enters it at Odessa (2141) or Sevastopol (2548), whatever the supply there
(``ica enter HEX``, his choice of the two he controls). It may not be delayed: with neither hex
Soviet-held it is eliminated for good (8.1). Its replenishment is ``replacements.py`` (8.9).

11.32: no unit retreats out to sea, but the ICA hit by a DR in a coastal small or large town goes by
sea to another Soviet-held port of the same sea, the Soviet player's pick (``sea-retreat PORT``);
with none held or none with room for it, it stays and takes a DE instead (one step, 11.34). The
other defenders then carry out the DR as usual."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.models import PhaseSpec
from wargame.plugins import Verb

from .common import GERMAN, SOVIET, town_class

ICA = "sov-ica"
KIND = "ica"
TURN = 2
PORTS = ("2141", "2548")
"""8.5: Odessa and Sevastopol."""
RULE = "LWE 8.5"
RETREAT = "sea-retreat"


def entries(match: Match) -> list[str]:
    return [h for h in PORTS if match.state.control.get(h) == SOVIET]


@on_phase("start", ids=("entry",))
def offer(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET and match.turn == TURN and ICA not in match.state.units:
        enter_or_lose(match)


def enter_or_lose(match: Match) -> None:
    """Ask where it enters, or eliminate it when it cannot (8.1: never delayed)."""
    if entries(match):
        match.push(SOVIET, KIND, f"enter the ICA at Odessa or Sevastopol ({RULE})")
        return
    unit = match.new_unit(ICA, None)
    unit.flags["eliminated"] = True
    match.emit(
        KIND, "the ICA cannot enter (Odessa and Sevastopol lost): eliminated", "LWE 8.1, 8.5"
    )


class Enter(Verb):
    """``ica enter HEX``: Odessa or Sevastopol (8.5)."""

    name = KIND
    kinds = (KIND,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for h in entries(match):
            yield Action(self.name, ("enter", h))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2 or action.args[0] != "enter":
            return "usage: ica enter HEX"
        if action.args[1] not in entries(match):
            return (
                f"the ICA enters only at Odessa (2141) or Sevastopol (2548), Soviet-held ({RULE})"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        match.new_unit(ICA, str(action.args[1]))
        match.emit(KIND, f"the ICA enters at {action.args[1]}", RULE, loc=action.args[1])


def retreat_ports(match: Match, loc: str) -> list[str]:
    """11.32: the other Soviet-held ports of the ICA's sea, free of German units, with room."""
    from wargame.mechanics import seamove

    from .setup import LIMIT, load, weight

    out: set[str] = set()
    for sea in seamove.seas(match, SOVIET):
        ports = seamove.ports(match, sea)
        if loc not in ports:
            continue
        out |= {
            p
            for p in ports
            if p != loc
            and match.state.control.get(p) == SOVIET
            and not any(u.side == GERMAN for u in match.units_at(p))
            and load(match, SOVIET, p) + weight(match, ICA) <= LIMIT
        }
    return sorted(out)


def sea_retreat(match: Match, battle: Battle) -> bool:
    """11.32 on a DR: True when the Soviet is asked where the ICA sails (the battle waits)."""
    unit = match.state.units.get(ICA)
    if unit is None or ICA not in battle.defenders or unit.loc != battle.target:
        return False
    loc = battle.target
    coastal = bool(match.topology.attrs(loc).get("coast"))
    if not coastal or town_class(match, loc) not in ("small-town", "large-town"):
        return False
    battle.defenders = [d for d in battle.defenders if d != ICA]
    if not retreat_ports(match, loc):
        match.emit(KIND, "no port to sail to: the ICA stays and takes DE", "LWE 11.32", unit=ICA)
        match.lose_steps(unit, 1, "LWE 11.32, 11.34")
        combat_mechanic.store(match, battle)
        return False
    combat_mechanic.store(match, battle)
    match.push(SOVIET, RETREAT, f"DR in {battle.id}: sail the ICA to another port (LWE 11.32)")
    return True


class SeaRetreat(Verb):
    """``sea-retreat PORT``: the ICA's retreat by sea after a DR (11.32)."""

    name = RETREAT
    kinds = (RETREAT,)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        unit = match.state.units[ICA]
        for p in retreat_ports(match, unit.loc or ""):
            yield Action(self.name, (p,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        unit = match.state.units[ICA]
        if len(action.args) != 1 or action.args[0] not in retreat_ports(match, unit.loc or ""):
            return "the ICA sails to another Soviet-held port of the same sea with room (LWE 11.32)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        port = str(action.args[0])
        match.place(match.state.units[ICA], port)
        match.emit(KIND, f"the ICA retreats by sea to {port}", "LWE 11.32", loc=port)
        battle = combat_mechanic.active(match)
        if battle is not None:
            combat_mechanic.carry_out(match, battle, "DR")  # the others' DR


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Enter(), SeaRetreat()]
