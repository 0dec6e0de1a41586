"""The defender's choice of which untried units to reveal (PMD 13.0, ruling C14).

Before a battle's odds are found, the attacker reveals every attacking unit (13.0) and the
defender then reveals his untried units one at a time, choosing which (``reveal UNIT``): he
must go on while the printed attack against what he has revealed (his tried units and those
revealed) is not below 1:3 (the title's ``reveal_until_below``), and once it is he may reveal
more or stop (``reveal none``). The unrevealed stay untried and out of the battle (13.0: "may
not be flipped to tried status"). With one unit left to reveal and no choice of stopping, it is
revealed without asking. Neither player knows an untried unit's values (2.4.9): they are drawn
only as it is revealed, so the choice is among counters, never among strengths.

A mobile assault's attacker is first asked about his Close Combat marker (13.1, 14.3), before
the defending stack is examined (``closecombat.ask_attacker``)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.mechanics import stacking
from wargame.plugins import Verb

from . import closecombat

RULE = "PMD 13.0"
NONE = "none"


@hookimpl
def wargame_before_reveal(match: Match, battle: Battle) -> bool | None:
    """13.1, 14.3, then 6.3, then 13.0: the MA attacker's marker, the stacks examined (an
    overstack reduced by its owner before any untried unit is seen: ``stacking.examine``,
    ruling STK2), then the defender's reveals."""
    if closecombat.ask_attacker(match, battle) or stacking.examine(match, battle):
        return True
    return True if ask(match, battle) else None


def hidden(match: Match, battle: Battle) -> list[str]:
    """The battle's defenders still untried, in the target hexes."""
    units = match.state.units
    targets = battle.extra.get("targets", [battle.target])
    return [i for i in battle.defenders if units[i].loc in targets and match.is_untried(units[i])]


def may_stop(match: Match, battle: Battle) -> bool:
    """Whether the printed attack against the known defence is below 1:3 (13.0)."""
    ratio = combat_mechanic.settings(match).get("reveal_until_below") or "1-3"
    return combat_mechanic.odds_below(match, battle, ratio)


def ask(match: Match, battle: Battle) -> bool:
    """Reveal the attackers (13.0), then ask the defender which untried unit to reveal next
    while he has a choice. True when he is asked; when he has none left, the unrevealed leave
    the battle."""
    if battle.extra.get("revealed"):
        return False
    units = match.state.units
    rule = combat_mechanic.settings(match).get("reveal_rule")
    for uid in battle.attackers:
        match.reveal(units[uid], rule)  # 13.0: the attacker always reveals all his units
    while True:
        left = hidden(match, battle)
        stop = may_stop(match, battle)
        if not left:
            break
        if not stop and len(left) == 1:
            match.reveal(units[left[0]], rule)  # he must, and has no other to pick
            continue
        match.push(
            units[left[0]].side,
            "reveal",
            f"reveal an untried unit at {battle.target}"
            + (", or no more: the odds are below 1:3" if stop else ", until the odds are below 1:3")
            + f" ({RULE})",
            battle=battle.id,
        )
        return True
    close(match, battle)
    return False


def close(match: Match, battle: Battle) -> None:
    """No more reveals: the units left untried take no part in the battle (13.0)."""
    units = match.state.units
    battle.extra["revealed"] = True
    battle.defenders = [i for i in battle.defenders if not match.is_untried(units[i])]
    combat_mechanic.store(match, battle)


class Reveal(Verb):
    """``reveal UNIT`` or ``reveal none``: the defender's next untried unit to reveal, or no
    more once the odds against what he revealed are below 1:3 (13.0)."""

    name = "reveal"
    kinds = ("reveal",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        battle = combat_mechanic.active(match)
        if battle is None:
            return
        for uid in hidden(match, battle):
            yield Action("reveal", (uid,))
        if may_stop(match, battle):
            yield Action("reveal", (NONE,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        battle = combat_mechanic.active(match)
        if len(action.args) != 1 or battle is None:
            return "usage: reveal UNIT | reveal none"
        arg = action.args[0]
        if arg == NONE:
            if may_stop(match, battle):
                return None
            return f"the odds against the revealed units are not yet below 1:3 ({RULE})"
        if arg not in hidden(match, battle):
            return f"{arg} is not an untried unit defending at {battle.target}"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        arg = action.args[0]
        if arg == NONE:
            battle.explanation.append(f"the defender reveals no more units ({RULE})")
            close(match, battle)
        else:
            rule = combat_mechanic.settings(match).get("reveal_rule")
            match.reveal(match.state.units[arg], rule)
            combat_mechanic.store(match, battle)
        combat_mechanic.resolve(match, battle)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reveal()]
