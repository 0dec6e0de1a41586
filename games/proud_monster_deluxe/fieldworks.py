"""Fieldworks (PMD 13.4.2): dug-in positions both sides receive from turn 201.

In his part of the Reinforcement Phase a side places a marker it holds (``fieldworks HEX``) in
a hex its units occupy (jointly-occupied too) that is in defensive supply; a marker not placed
stays banked (the text keeps it in an OKH or RVGK area) for a later Reinforcement Phase
(ruling FW1). Once placed it never moves, and enemy ownership of the hex destroys it; a
destroyed marker is back in its side's hand for the next Reinforcement Phase, the counter mix
being the only limit (2.4, ruling FW2). How many each side has is not in the text: ``COUNT``
is a stand-in (ruling FW2).

Its owner's defenders may claim it as their one construction against a prepared assault (1L,
``constructions.available``); no mobile assault may be made on them (the veto here), no
concentric shift is had against them (13.3, ``concentric.py``), the attacker's 13.10
reduction is not had (``losses.reduction``), a Soviet First Winter attack may not force their
retreat (5.5(3)) and Soviet rockets firing into the hex are not doubled (15.15)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.plugins import Verb
from wargame.state import Unit

from .turns import ynn

RULE = "PMD 13.4.2"
KIND = "fieldworks"
FROM_TURN = 201
COUNT = 8
"""Stand-in (ruling FW2): each side's Fieldworks markers; the counter mix is not in the text."""
SHIFT = -1
"""13.4.2: one column left against a prepared assault."""


def _key(loc: str) -> str:
    return f"{KIND}:{loc}"


def owner(match: Match, loc: str | None) -> str | None:
    """The side whose Fieldworks are on ``loc``, or None."""
    found = match.state.markers.get(_key(loc)) if loc is not None else None
    return str(found["side"]) if found else None


def placed(match: Match, side: str) -> int:
    return sum(
        1 for m in match.state.markers.values() if m.get("type") == KIND and m["side"] == side
    )


def in_hand(match: Match, side: str) -> int:
    """The side's markers not on the map (banked or destroyed and back): 0 before turn 201."""
    return COUNT - placed(match, side) if ynn(match) >= FROM_TURN else 0


def _reinforcing(match: Match, side: str) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.kind == "reinforce" and leaf.spec.side == side


def problem(match: Match, side: str, loc: str) -> str | None:
    """Why ``fieldworks loc`` is refused to ``side`` now, or None."""
    from . import supply

    if not _reinforcing(match, side):
        return f"Fieldworks are placed in the side's Reinforcement Phase ({RULE})"
    if in_hand(match, side) <= 0:
        return (
            f"Fieldworks arrive on turn {FROM_TURN} ({RULE})"
            if ynn(match) < FROM_TURN
            else f"all {COUNT} Fieldworks of {side} are on the map (ruling FW2)"
        )
    if loc not in match.topology or loc.startswith("box:"):
        return f"no hex {loc}"
    if owner(match, loc) is not None:
        return f"{loc} has Fieldworks already (ruling FW1)"
    if not any(u.side == side for u in match.units_at(loc)):
        return f"Fieldworks go in a hex {side} units occupy ({RULE})"
    if match.state.control.get(loc) not in (side, None):
        return f"the enemy owns {loc}: its ownership destroys Fieldworks ({RULE})"
    if loc not in supply.nets(match, side)[1]:
        return f"{loc} is not in defensive supply ({RULE})"
    return None


class Fieldworks(Verb):
    """``fieldworks HEX``: a side places one of its Fieldworks markers (13.4.2)."""

    name = "fieldworks"
    kinds = ("reinforce",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        side = decision.side
        if in_hand(match, side) <= 0 or not _reinforcing(match, side):
            return
        topo = match.topology
        for loc in sorted({u.loc for u in match.units_of(side) if u.loc and u.loc in topo}):
            if problem(match, side, loc) is None:
                yield Action(self.name, (loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: fieldworks HEX"
        return problem(match, decision.side, action.args[0])

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        loc = action.args[0]
        match.state.markers[_key(loc)] = {"type": KIND, "loc": loc, "side": decision.side}
        match.emit("fieldworks", f"{decision.side} Fieldworks in {loc}", RULE, loc=loc)
        match.touch()


@hookimpl(trylast=True)
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """13.4.2: enemy ownership of the hex destroys Fieldworks (after control has moved)."""
    destroy(match)


@hookimpl(trylast=True)
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """An elimination hands a jointly-occupied hex to the enemy left in it (4.2, ``shared:
    kept``): its Fieldworks go at once, not at the next move anywhere."""
    destroy(match)


@hookimpl(trylast=True)
def wargame_unit_removed(match: Match, unit: Unit) -> None:
    """A withdrawal or removal hands it over too (9.6, 9.7)."""
    destroy(match)


def destroy(match: Match) -> None:
    """13.4.2: Fieldworks in a hex the enemy owns now are destroyed."""
    control = match.state.control
    for key, m in list(match.state.markers.items()):
        if m.get("type") == KIND and control.get(m["loc"]) not in (m["side"], None):
            del match.state.markers[key]
            match.emit(
                "fieldworks",
                f"{m['side']} Fieldworks in {m['loc']} destroyed: the enemy owns the hex",
                RULE,
                loc=m["loc"],
            )
            match.touch()


@hookimpl
@veto_scope(verbs=("overrun",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """13.4.2: no mobile assault on a defender in his Fieldworks."""
    target = action.args[0] if action.args else None
    side = owner(match, target)
    if side is None or side == decision.side:
        return None
    if any(u.side == side for u in match.units_at(str(target))):
        return f"no mobile assault on units in Fieldworks ({RULE}, 14.4)"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Fieldworks()]
