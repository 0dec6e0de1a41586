"""What one seat receives: its side's view, its legal actions grouped for a page, and the event
log filtered to what that side may know.

The server builds everything from ``match.view(side)``, ``match.legal_actions()`` and the events
the match returns, never from the raw state: a page is a client like any other, and a client
sees only what its side may see. Events are facts of play shown to both sides (a die roll, a
reveal, a combat result), but they may carry values; :class:`Lens` removes what the side may not
know: another side's ``secrets``; anything about a unit concealed from the side at the time of
the response or when the entry was made (a unit that went into hiding is not named later); the
arguments of another side's secret verb (``Verb.secret``); and an event hidden from the side when
it happened (its ``hidden_from``: :meth:`Match.emit`), shown as its ``shown_as`` text or as its
kind alone (not at all for an empty ``shown_as``), with the arguments of the action that made it.
An untried unit's values need no filter: they are drawn at the reveal, which both players see, so
no event holds them before (a counter recycled face-down keeps its earlier, public, reveal in the
log: PGG 12.4).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from wargame.actions import Action
from wargame.match import Match
from wargame.mechanics import movement
from wargame.web import odds

_WORDS = re.compile(r"[^\s,;:()\[\]]+")
_IDS = re.compile(r"[A-Za-z0-9_.:/+\-]+")
"""Runs of id characters: an id as a whole (``box:okh-north``, ``shell-ger-harko-1``)."""
_META = ("kind", "rule", "hidden_from", "shown_as")


def concealed_in(match: Match, entry: Mapping[str, Any]) -> dict[str, list[str]]:
    """Side -> the units a log entry names that are concealed from that side right after its
    action: the side's :class:`Lens` keeps them out of the entry for good, so a unit that went
    into hiding (a covered box, PMD 16.2 D) is not named by it once it shows again. Kept in the
    entry as ``hid``, which no side is sent."""
    units = match.state.units
    named = {w for w in _IDS.findall(json.dumps([entry.get("action"), entry.get("events")]))}
    named &= units.keys()
    out = {side: sorted(u for u in named if side in units[u].hidden_from) for side in match.sides}
    return {side: ids for side, ids in out.items() if ids}


def _told(event: Mapping[str, Any]) -> list[Any]:
    """What an event tells beyond its kind, rule and visibility."""
    return [v for k, v in event.items() if k not in _META]


@dataclass(frozen=True, slots=True)
class Lens:
    """One side's filter over event data, built once per response."""

    side: str
    concealed: frozenset[str]  # unit (and map marker) ids hidden from the side
    secret: frozenset[str] = frozenset()  # verbs whose arguments only their side may see

    @classmethod
    def of(cls, match: Match, side: str) -> Lens:
        units = match.state.units.values()
        secret = frozenset(name for name, verb in match.verbs.items() if verb.secret)
        hidden = {u.id for u in units if side in u.hidden_from}
        hidden |= {  # a marker the side's view leaves out is not named in its log either
            key for key, m in match.state.markers.items() if side in m.get("hidden_from", ())
        }
        return cls(side, frozenset(hidden), secret)

    def hides(self, event: Mapping[str, Any]) -> bool:
        """Whether the event was hidden from this side when it happened (``hidden_from``)."""
        hidden = event.get("hidden_from")
        return isinstance(hidden, list | tuple) and self.side in hidden

    def _silent(self, event: Any) -> bool:
        return isinstance(event, Mapping) and self.hides(event) and event.get("shown_as") == ""

    def event(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """An event as this side may see it."""
        kind = str(event.get("kind", ""))
        if self.hides(event):
            shown = event.get("shown_as")
            if not isinstance(shown, str) or self._mentions(shown, self.concealed):
                shown = f"{kind}: in secret"
            return {"kind": kind, "text": shown, "concealed": True}
        if self.concealed and self._mentions(event, self.concealed):
            return {"kind": kind, "text": f"{kind}: a concealed unit", "concealed": True}
        out = self._scrub(event)
        assert isinstance(out, dict)
        return out

    def entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """A log entry (an action and its events) as this side may see it: every field, the
        action's text too ("deploy r2 1003" names a concealed unit as surely as an event). A
        unit concealed from the side now or when the entry was made (its ``hid``:
        :func:`concealed_in`) is not named."""
        hid = entry.get("hid")
        if isinstance(hid, Mapping) and hid.get(self.side):  # concealed when it happened
            return replace(self, concealed=self.concealed | frozenset(hid[self.side]))._entry(entry)
        return self._entry(entry)

    def _entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        hidden = [e for e in entry.get("events") or () if isinstance(e, Mapping) and self.hides(e)]
        for key, value in entry.items():
            if key == "hid":
                continue  # which units were concealed from whom: no side's business
            verb = value.split()[0] if key == "action" and isinstance(value, str) else key
            if key == "action" and verb in self.secret and entry.get("side") != self.side:
                out[key] = f"{verb}: in secret"
            elif key == "action" and hidden and self._names(value, hidden):
                out[key] = f"{verb}: in secret"  # it names what its hidden event hides
            elif key == "events":  # one hidden with an empty ``shown_as`` is not shown at all
                out[key] = [self.event(e) for e in value if not self._silent(e)]
            elif self.concealed and self._mentions(value, self.concealed):
                out[key] = f"{verb}: a concealed unit"
            else:
                out[key] = self._scrub(value)
        return out

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

    def _names(self, action: Any, events: list[Mapping[str, Any]]) -> bool:
        """Whether an action's arguments name something (a unit, a marker, a place) that a
        hidden event tells: whole ids, as :func:`wargame.testing.mentions` reads them."""
        if not isinstance(action, str):
            return False
        named = {w for arg in action.split()[1:] for w in _IDS.findall(arg)}
        told = {w for e in events for w in _IDS.findall(str(_told(e)))}
        return bool(named & told)

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
    """Move actions per unit or stack: destinations with their cost (MP) and path (from the
    unit's location, also for a title whose move names only the destination).

    A unit's reachable tree (computed once per unit and state, and already by the legal
    actions) has the cost of its cheapest path to every destination; a stack's is its slowest
    unit's. Only a path that is not each unit's cheapest is priced hex by hex."""
    kernel = isinstance(match.verbs.get("move"), movement.Move)
    factor = movement.scale(match) if kernel else 1
    units = match.state.units
    out: dict[str, Any] = {}
    trees: dict[str, list[movement.Tree]] = {}
    for action in actions:
        key, path = action.args[0], list(action.args[1:])
        ids = key.split(",")
        start = units[ids[0]].loc if ids[0] in units else None
        if start is not None and path[0] != start:  # a title's "move UNIT DESTINATION"
            path = [start, *path]
        group = out.get(key)
        if group is None:
            group = {"units": ids, "from": path[0], "left": None, "destinations": {}}
            if kernel:
                movers = [units[i] for i in ids]
                group["left"] = _mp(
                    min(movement.allowance(match, u) - movement.spent(match, u) for u in movers),
                    factor,
                )
                trees[key] = [movement.tree(match, u) for u in movers]
            out[key] = group
        cost: int | float | None = None
        if kernel:
            found = [tree.get(path[-1]) for tree in trees[key]]
            spent: int | None = None
            if all(f is not None and f[1] == path for f in found):
                spent = max(f[0] for f in found if f is not None)
            else:
                costs = [movement.path_cost(match, units[i], path)[0] for i in ids]
                spent = max((c for c in costs if c is not None), default=None)
            cost = None if spent is None else _mp(spent, factor)
        group["destinations"][path[-1]] = {"cost": cost, "path": path, "action": str(action)}
    return out


def _battles(match: Match, actions: list[Action], side: str, price: bool = True) -> dict[str, Any]:
    """Attack (or overrun) actions per target: each choice of attackers with its odds (or,
    unless ``price``, with its odds pending where they are knowable: see
    :func:`.odds.attack_odds`)."""
    out: dict[str, Any] = {}
    for action in actions:
        target = action.args[0]
        entry = out.setdefault(target, {"targets": target.split(","), "options": []})
        entry["options"].append(odds.attack_odds(match, action, side, price, spread=False))
    return out


def _choice(action: Action, units: Mapping[str, Any], places: Mapping[str, int]) -> dict[str, Any]:
    """Any other action, with the units and locations it names (what a page can highlight)."""
    named: dict[str, None] = {}
    locs: dict[str, None] = {}
    for arg in action.args:
        for token in arg.split(","):
            if token in units:
                named[token] = None
            elif token in places:
                locs[token] = None
    return {"action": str(action), "verb": action.verb, "units": list(named), "locs": list(locs)}


def legal(match: Match, side: str) -> dict[str, Any]:
    """The deciding side's legal actions, grouped: moves, attacks with their odds, overruns
    (PGG 6.5; their odds on request), and every other choice."""
    return _grouped(match, side, match.legal_actions())


def _grouped(match: Match, side: str, actions: list[Action]) -> dict[str, Any]:
    moves = [a for a in actions if a.verb == "move" and len(a.args) >= 2]
    battles = [a for a in actions if odds.is_battle(a)]
    attacks = [a for a in battles if a.verb == odds.ATTACK]
    overruns = [a for a in battles if a.verb == odds.OVERRUN]
    grouped = {id(a) for a in (*moves, *battles)}
    return {
        "count": len(actions),
        "verbs": sorted({a.verb for a in actions}),
        "moves": _moves(match, moves),
        "attacks": _battles(match, attacks, side),
        "overruns": _battles(match, overruns, side, price=False),
        "choices": [
            {
                **_choice(a, match.state.units, match.topology.graph().index),
                "priced": odds.priceable(match, a),  # the page offers its odds (DC 13.B.2)
            }
            for a in actions
            if id(a) not in grouped
        ],
    }


def levels(match: Match, side: str) -> dict[str, Any]:
    """The first level of the deciding side's choices, without listing every move: who may act
    through the verbs that list by actor (``actors``: actor -> verbs; each mover's group in
    ``moves`` with no destinations yet), and every action of the other verbs (attacks with
    their odds, losses, ``end``), grouped as :func:`legal` groups them. One actor's actions
    follow from :func:`actor_choices`; ``count`` is None (not listed)."""
    eager: list[Action] = []
    actors: dict[str, list[str]] = {}
    for name in match.verbs_now():
        for actor in match.actors(name):
            if match.verbs[name].native_levels and actor:  # '' acts for no one: "end"
                actors.setdefault(actor, []).append(name)
            else:
                eager.extend(match.legal_for(actor, name))
    out = _grouped(match, side, eager)
    units = match.state.units
    for actor, verbs in actors.items():
        ids = actor.split(",")
        if "move" not in verbs or any(i not in units for i in ids):
            continue
        # the points left and the destinations come with the actor's own request
        out["moves"][actor] = {
            "units": ids,
            "from": units[ids[0]].loc,
            "left": None,
            "destinations": None,
        }
    out["verbs"] = sorted(set(out["verbs"]) | {v for vs in actors.values() for v in vs})
    out.update(count=None, actors=actors, lazy=True)
    return out


def actor_choices(match: Match, side: str, actor: str) -> dict[str, Any]:
    """One actor's legal actions now (a unit's or a stack's moves with their costs and paths,
    its overruns, its other choices), grouped as :func:`legal` groups them."""
    out = _grouped(match, side, match.legal_for(actor))
    out["actor"] = actor
    return out
