"""What one seat receives: its side's view, its legal actions grouped for a page, and the event
log filtered to what that side may know.

The server builds everything from ``match.view(side)``, ``match.legal_actions()`` and the events
the match returns, never from the raw state: a page is a client like any other, and a client
sees only what its side may see. Events are facts of play shown to both sides (a die roll, a
reveal, a combat result), but they may carry values; :class:`Lens` removes what the side may not
know at the time of the response: another side's ``secrets`` and anything about a unit concealed
from the side. An untried unit's values need no filter: they are drawn at the reveal, which both
players see, so no event holds them before (a counter recycled face-down keeps its earlier, public,
reveal in the log: PGG 12.4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wargame.actions import Action
from wargame.match import Match
from wargame.mechanics import movement
from wargame.web import odds

_WORDS = re.compile(r"[^\s,;:()\[\]]+")


@dataclass(frozen=True, slots=True)
class Lens:
    """One side's filter over event data, built once per response."""

    side: str
    concealed: frozenset[str]  # unit ids hidden from the side

    @classmethod
    def of(cls, match: Match, side: str) -> Lens:
        units = match.state.units.values()
        return cls(side, frozenset(u.id for u in units if side in u.hidden_from))

    def event(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """An event as this side may see it."""
        kind = str(event.get("kind", ""))
        if self.concealed and self._mentions(event, self.concealed):
            return {"kind": kind, "text": f"{kind}: a concealed unit", "concealed": True}
        out = self._scrub(event)
        assert isinstance(out, dict)
        return out

    def entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """A log entry (an action and its events) as this side may see it."""
        return {**entry, "events": [self.event(e) for e in entry["events"]]}

    def _scrub(self, value: Any) -> Any:
        """Another side's secrets out, wherever they are."""
        if isinstance(value, Mapping):
            out: dict[str, Any] = {}
            for key, item in value.items():
                if key == "secrets":
                    if isinstance(item, Mapping) and self.side in item:
                        out[key] = {self.side: item[self.side]}
                    continue
                out[key] = self._scrub(item)
            return out
        if isinstance(value, list | tuple):
            return [self._scrub(v) for v in value]
        return value

    def _mentions(self, value: Any, ids: frozenset[str]) -> bool:
        if isinstance(value, str):
            return any(word in ids for word in _WORDS.findall(value))
        if isinstance(value, Mapping):
            return any(self._mentions(k, ids) or self._mentions(v, ids) for k, v in value.items())
        if isinstance(value, list | tuple):
            return any(self._mentions(v, ids) for v in value)
        return False


# --------------------------------------------------------------------------- legal actions


def _mp(value: int, factor: int) -> int | float:
    return value // factor if value % factor == 0 else value / factor


def _moves(match: Match, actions: list[Action]) -> dict[str, Any]:
    """Move actions per unit or stack: destinations with their cost (MP) and path."""
    kernel = isinstance(match.verbs.get("move"), movement.Move)
    factor = movement.scale(match) if kernel else 1
    units = match.state.units
    out: dict[str, Any] = {}
    for action in actions:
        key, path = action.args[0], list(action.args[1:])
        ids = key.split(",")
        group = out.get(key)
        if group is None:
            group = {"units": ids, "from": path[0], "left": None, "destinations": {}}
            if kernel:
                movers = [units[i] for i in ids]
                group["left"] = _mp(
                    min(movement.allowance(match, u) - movement.spent(match, u) for u in movers),
                    factor,
                )
            out[key] = group
        cost: int | float | None = None
        if kernel:
            if len(ids) == 1:
                found = movement.tree(match, units[ids[0]]).get(path[-1])
                spent = found[0] if found is not None and found[1] == path else None
            else:
                spent = None
            if spent is None:
                costs = [movement.path_cost(match, units[i], path)[0] for i in ids]
                spent = max((c for c in costs if c is not None), default=None)
            cost = None if spent is None else _mp(spent, factor)
        group["destinations"][path[-1]] = {"cost": cost, "path": path, "action": str(action)}
    return out


def _attacks(match: Match, actions: list[Action], side: str) -> dict[str, Any]:
    """Attack actions per target: each choice of attackers with its odds."""
    out: dict[str, Any] = {}
    for action in actions:
        target = action.args[0]
        entry = out.setdefault(target, {"targets": target.split(","), "options": []})
        entry["options"].append(odds.attack_odds(match, action, side))
    return out


def _choice(match: Match, action: Action) -> dict[str, Any]:
    """Any other action, with the units and locations it names (what a page can highlight)."""
    units: list[str] = []
    locs: list[str] = []
    for arg in action.args:
        for token in arg.split(","):
            if token in match.state.units and token not in units:
                units.append(token)
            elif token in match.topology and token not in locs:
                locs.append(token)
    return {"action": str(action), "verb": action.verb, "units": units, "locs": locs}


def legal(match: Match, side: str) -> dict[str, Any]:
    """The deciding side's legal actions, grouped: moves, attacks, and every other choice."""
    actions = match.legal_actions()
    moves = [a for a in actions if a.verb == "move" and len(a.args) >= 2]
    attacks = [
        a for a in actions if a.verb == "attack" and len(a.args) == 3 and a.args[1] == "with"
    ]
    grouped = {id(a) for a in (*moves, *attacks)}
    return {
        "count": len(actions),
        "verbs": sorted({a.verb for a in actions}),
        "moves": _moves(match, moves),
        "attacks": _attacks(match, attacks, side),
        "choices": [_choice(match, a) for a in actions if id(a) not in grouped],
    }
