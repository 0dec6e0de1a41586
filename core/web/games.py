"""Matches played through the web server: seats, bots, the log, undo, save and load.

Matches live in the server's database (:mod:`wargame.web.store`), each under a random id, with
one random private token per seat: in a two-seat game one token per human side, in a hot-seat
game one token acting for every human side. Memory holds a cache of recently used matches; every
change is written (one transaction) before the server answers, and a match not in the cache is
rebuilt by replaying its actions. A seat acts only when the decision is its side's; bots take their sides' decisions at once
after every human action, so between requests the match always waits for a human (or is over).
Nothing here knows about HTTP: every refusal is a :class:`WebError` with the status the server
answers and a message for a person, raised before anything changes.

A save file holds the whole state and the dice (its seed predicts every later roll and draw),
so it is for a seat that may know everything anyway: a hot-seat table or a lone player against
bots. In a game of two human seats no seat, the creator's included, may save while the game is
on (the seed stays on the server; it is shown to both when the game is over, and the final save
replays and verifies), and none may load (a load would rewrite the actions already taken). Every
load is an event in the log. Taking back an action is for the seat that made it, and in a game
of two humans not once dice were rolled or a unit revealed (the other player has seen them).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import tempfile
import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wargame import render, savefile, shorthand, status
from wargame.actions import Action, IllegalAction
from wargame.bots import Bot, make_bot
from wargame.errors import UsageError, WargameError
from wargame.match import Match
from wargame.plugins import Registry, Title
from wargame.web import layers, odds
from wargame.web.seat import Lens, actor_choices, concealed_in, legal
from wargame.web.seat import levels as seat_levels
from wargame.web.store import Store, Stored

HUMAN, BOT = "human", "bot"
HOTSEAT, SEATS = "hotseat", "seats"
MAX_BOT_ACTIONS = 100_000
MAX_ACTION_TEXT = 4_000
SEED_LIMIT = 2**63
REVEALING = frozenset({"roll", "reveal"})
"""Event kinds after which a two-human game refuses an undo: both players have seen them."""


class WebError(Exception):
    """A refused request: the HTTP status and what to tell the person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class Seat:
    token: str
    sides: tuple[str, ...]
    hotseat: bool


@dataclass
class Game:
    """One match with its seats, bots and log. Every method takes the game's lock."""

    id: str
    match: Match
    kinds: dict[str, str]  # side -> human | bot
    mode: str
    seats: list[Seat] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0
    loads: list[dict[str, Any]] = field(default_factory=list)  # the load events, in order
    store: Store | None = field(default=None, repr=False)
    stale: bool = field(default=False, repr=False)  # a write failed: rebuild from the store
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    bots: dict[str, Bot] = field(default_factory=dict, repr=False)
    maps: dict[tuple[str, bool], str] = field(default_factory=dict, repr=False)
    choices: tuple[tuple[int, int, int], dict[str, Any]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        humans = self.humans
        if self.seats:
            pass
        elif self.mode == HOTSEAT:
            self.seats = [Seat(secrets.token_urlsafe(18), tuple(humans), True)]
        else:
            self.seats = [Seat(secrets.token_urlsafe(18), (side,), False) for side in humans]
        # seeded from the match's seed, so a game replays; a game with a bot has one human
        # seat, which may have the save (and the seed) anyway
        self.bots = {
            side: make_bot("random", self.match.seed + n)
            for n, side in enumerate(self.match.sides)
            if self.kinds[side] == BOT
        }
        if not self.log:
            self.log = [_opening(self.match, self.loads)]

    # ------------------------------------------------------------------ seats

    @property
    def humans(self) -> list[str]:
        return [s for s in self.match.sides if self.kinds[s] == HUMAN]

    def seat(self, token: str | None) -> Seat:
        for seat in self.seats:
            if _same(seat.token, token):
                return seat
        raise WebError(403, "not a seat of this match: the seat token is missing or wrong")

    def side_of(self, seat: Seat) -> str:
        """The side a seat sees the match as now: its own, or at a hot-seat table the side
        deciding (after the game, the last human side that acted)."""
        if len(seat.sides) == 1:
            return seat.sides[0]
        decision = self.match.decision
        if decision is not None and decision.side in seat.sides:
            return decision.side
        for entry in reversed(self.log):
            if entry["by"] == HUMAN and entry["side"] in seat.sides:
                return str(entry["side"])
        return seat.sides[0]

    def knows_all(self, token: str | None) -> bool:
        """Whether this token's seat plays every human side (a hot-seat table, a lone player
        against bots): it may have the save file (the whole state and the dice) and load one."""
        try:
            seat = self.seat(token)
        except WebError:
            return False
        return set(seat.sides) >= set(self.humans)

    def require_all(self, token: str | None) -> None:
        """Refuse a token that may not load a save file."""
        if not self.knows_all(token):
            raise WebError(403, _LOAD_REFUSED)

    def _owns_decision(self, seat: Seat) -> None:
        decision = self.match.decision
        if decision is None:
            raise WebError(409, "the game is over")
        if decision.side not in seat.sides:
            raise WebError(
                409,
                f"not your decision: {decision.side} decides {decision.kind} "
                f"({decision.prompt or decision.phase})",
            )

    # ------------------------------------------------------------------ what a seat sees

    def seat_links(self) -> list[dict[str, Any]]:
        return [
            {"sides": list(s.sides), "token": s.token, "hotseat": s.hotseat} for s in self.seats
        ]

    def state(self, seat: Seat, since: int = -1) -> dict[str, Any]:
        with self.lock:
            match = self.match
            side = self.side_of(seat)
            decision = match.decision
            lens = Lens.of(match, side)
            manifest = match.title.manifest
            view = match.view(side)
            return {
                "match": self.id,
                "version": self.version,
                "mode": self.mode,
                "title": {
                    "id": match.title.id,
                    "name": match.title.name,
                    "turn_label": manifest.turn_label,
                    "scenario": match.scenario_id,
                    "scenario_name": match.scenario.get("name") or match.scenario_id,
                    "last_turn": match.scenario.get("last_turn"),
                    "topology": manifest.topology,
                    "colors": layers.side_colours(match),
                },
                "sides": [
                    {"id": s.id, "name": s.name, "seat": self.kinds[s.id]} for s in manifest.sides
                ],
                "seat": {"sides": list(seat.sides), "hotseat": seat.hotseat, "as": side},
                "yours": decision is not None and decision.side in seat.sides,
                "view": view,
                "status": {  # what `wargame status` says beyond the units, for this seat
                    "turn": status.calendar_words(match, view),
                    "phase": status.phase_name(match, view),
                    "notes": status.notes(match, side, view),
                },
                "counters": layers.counter_texts(match, view),
                "stacks": layers.stacks(match, view),
                "log": [lens.entry(e) for e in self.log if e["n"] > since],
                "log_size": len(self.log),
                "undo": self._undo_refusal(seat),
                "seed": match.seed if decision is None else None,  # the dice, once it is over
            }

    def legal(self, seat: Seat) -> dict[str, Any]:
        """The deciding side's legal actions with costs and odds, built once per version (a
        page asks again after a reload or when it shows hex ids)."""
        with self.lock:
            self._owns_decision(seat)
            key = (self.version, id(self.match), len(self.match.history))
            if self.choices is not None and self.choices[0] == key:
                return self.choices[1]
            decision = self.match.decision
            assert decision is not None
            out = legal(self.match, decision.side)
            out["version"] = self.version
            out["decision"] = decision.to_json()
            self.choices = (key, out)
            return out

    def levels(self, seat: Seat, actor: str | None = None) -> dict[str, Any]:
        """The deciding side's choices by level (:func:`.seat.levels`): who may act and the
        choices of verbs that list no actors; with ``actor``, that actor's actions only
        (:func:`.seat.actor_choices`). What the page asks for at each decision."""
        with self.lock:
            self._owns_decision(seat)
            decision = self.match.decision
            assert decision is not None
            if actor is None:
                out = seat_levels(self.match, decision.side)
            else:
                out = actor_choices(self.match, decision.side, actor)
            out["version"] = self.version
            out["decision"] = decision.to_json()
            return out

    def svg(self, seat: Seat, ids: bool = False) -> str:
        with self.lock:
            return render.svg(self.match, self.side_of(seat), ids=ids)

    def static_map(self, seat: Seat, ids: bool = False) -> str:
        """The map without what changes in play (:func:`.layers.static_map`), built once."""
        with self.lock:
            side = self.side_of(seat)
            found = self.maps.get((side, ids))
            if found is None:
                found = self.maps[(side, ids)] = layers.static_map(self.match, side, ids)
            return found

    # ------------------------------------------------------------------ acting

    def act(self, seat: Seat, text: str) -> list[dict[str, Any]]:
        """Apply a seat's action, then let the bots play; the new log entries as it sees them."""
        with self.lock:
            typed = _parse(text)
            self._owns_decision(seat)
            action, note = self._expand(typed)
            start = len(self.log)
            try:
                self._apply(action, HUMAN)
            except IllegalAction as exc:  # a verb's apply found what its check did not
                raise WebError(422, str(exc)) from None
            self._run_bots()
            self.version += 1
            self._persist(
                lambda store: store.append(self.id, start, _actions(self.log[start:]), self.version)
            )
            lens = Lens.of(self.match, self.side_of(seat))
            out = [lens.entry(e) for e in self.log[start:]]
            if note:  # how the short notation was read; the log and the save hold it in full
                out[0]["read"] = f"{text.strip()}: {note}"
            return out

    def _expand(self, typed: Action) -> tuple[Action, str | None]:
        """The legal action a typed text stands for, short notations read as the CLI reads
        them (:func:`wargame.shorthand.expand`); a refusal names the rule or what was
        ambiguous."""
        try:
            expanded = shorthand.expand(self.match, typed)
        except IllegalAction as exc:
            raise WebError(422, str(exc)) from None
        return expanded.action, expanded.note

    def preview(self, seat: Seat, text: str) -> dict[str, Any]:
        """The odds of an attack or overrun the seat may make now, without making it."""
        with self.lock:
            typed = _parse(text)
            self._owns_decision(seat)
            action = self._expand(typed)[0]
            if not odds.priceable(self.match, action):
                raise WebError(
                    422,
                    "odds are for 'attack TARGET with UNIT[,UNIT...]', "
                    "'overrun TARGET with UNIT[,UNIT...] via PATH...' and a title's own "
                    "battles ('fight POINT') only",
                )
            return odds.attack_odds(self.match, action, self.side_of(seat))

    def _apply(self, action: Action | str, by: str) -> dict[str, Any]:
        match = self.match
        decision = match.decision
        assert decision is not None
        events = match.apply(action)
        entry = {
            "n": len(self.log),
            "side": decision.side,
            "by": by,
            "turn": decision.turn,
            "phase": decision.phase,
            "kind": decision.kind,
            "action": match.history[-1],
            "events": [e.to_json() for e in events],
        }
        entry["hid"] = concealed_in(match, entry)
        self.log.append(entry)
        return entry

    def _run_bots(self) -> None:
        count = 0
        while count < MAX_BOT_ACTIONS:
            decision = self.match.decision
            if decision is None or decision.side not in self.bots:
                return
            self._apply(self.bots[decision.side].choose(self.match), BOT)
            count += 1

    # ------------------------------------------------------------------ undo

    def _undo_refusal(self, seat: Seat) -> str | None:
        """Why the seat may not take back its last action now (None: it may)."""
        last = next((e for e in reversed(self.log) if e["by"] == HUMAN), None)
        if last is None:
            return "nothing to undo"
        if last["side"] not in seat.sides:
            return f"the last action was {last['side']}'s: only that seat may take it back"
        if len(self.humans) > 1:
            for entry in self.log[last["n"] :]:
                seen = [e["kind"] for e in entry["events"] if e["kind"] in REVEALING]
                if seen:
                    return (
                        "dice were rolled or a unit revealed since: in a game of two "
                        "players that cannot be taken back"
                    )
        return None

    def undo(self, seat: Seat) -> list[str]:
        """Take back the seat's last action and every bot action after it."""
        with self.lock:
            why = self._undo_refusal(seat)
            if why:
                raise WebError(409, why)
            last = next(e for e in reversed(self.log) if e["by"] == HUMAN)
            keep = last["n"] - 1  # actions kept: log entries 1..keep
            match = self.match
            history = list(match.history)
            if keep == len(history) - 1:
                match.undo()
            else:
                fresh = Match(match.title, match.scenario_id, match.seed, match.options)
                for text in history[:keep]:
                    fresh.apply(text)
                self.match = fresh
            self.log = self.log[: keep + 1]
            self.version += 1
            self._persist(lambda store: store.truncate(self.id, keep, self.version))
            return history[keep:]

    # ------------------------------------------------------------------ save and load

    def save(self, token: str | None) -> dict[str, Any]:
        """The save file: for a seat of every human side, or anyone's once the game is over."""
        with self.lock:
            seat = self.seat(token)
            if not self.knows_all(seat.token) and self.match.decision is not None:
                raise WebError(403, _SAVE_REFUSED)
            return savefile.to_dict(self.match)

    def load(self, token: str | None, body: Any, registry: Registry) -> None:
        """Replace this match by a save of a title with the same sides; seats stay, and the
        load is an event in the log."""
        with self.lock:
            seat = self.seat(token)
            self.require_all(token)
            match, log = replay_save(body, registry)
            if match.sides != self.match.sides:
                raise WebError(
                    422,
                    f"the save is a game of {', '.join(match.sides)}; this match seats "
                    f"{', '.join(self.match.sides)}: start a new match from it instead",
                )
            self.loads.append(
                {
                    "kind": "load",
                    "text": f"a save file replaced the game ({len(match.history)} actions, "
                    f"loaded by the seat of {', '.join(seat.sides)})",
                    "actions": len(match.history),
                    "version": self.version + 1,
                }
            )
            self.match, self.log = match, _mark(log, self.kinds)
            self.log[0] = _opening(match, self.loads)
            self._run_bots()
            self.version += 1
            self._persist(
                lambda store: store.replace(
                    self.id, self.record(), _actions(self.log[1:]), self.version
                )
            )

    # ------------------------------------------------------------------ the database

    def record(self) -> dict[str, Any]:
        """What the database keeps of this match besides its actions."""
        match = self.match
        return {
            "title": match.title.id,
            "data": savefile.data_versions(match),
            "scenario": match.scenario_id,
            "seed": match.seed,
            "options": dict(match.options),
            "mode": self.mode,
            "kinds": dict(self.kinds),
            "seats": [
                {"token": s.token, "sides": list(s.sides), "hotseat": s.hotseat} for s in self.seats
            ],
            "loads": self.loads,
        }

    def stored(self) -> Stored:
        return Stored(self.id, self.record(), self.version, _actions(self.log[1:]))

    def _persist(self, write: Any) -> None:
        """Write a change before it is answered; if the write fails the cached game is stale
        (the server answers 500 and the next request rebuilds the match from the database)."""
        if self.store is None:
            return
        try:
            write(self.store)
        except sqlite3.IntegrityError:  # the database has moved on without this copy
            self.stale = True
            raise WebError(
                409, "the match changed on the server meanwhile: reload the page and try again"
            ) from None
        except BaseException:
            self.stale = True
            raise


_SAVE_REFUSED = (
    "a save file holds the whole state and the dice: in a game of two human seats it is "
    "given once the game is over"
)
_LOAD_REFUSED = (
    "loading a save replaces the actions already taken: in a game of two human seats no "
    "seat may load (start a new match from the save instead)"
)


def _actions(entries: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(str(e["action"]), str(e["by"])) for e in entries]


def _same(secret: str, token: str | None) -> bool:
    """A constant-time comparison that takes any header text (non-ASCII too)."""
    return token is not None and secrets.compare_digest(secret.encode(), token.encode())


def _opening(match: Match, loads: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Log entry 0: the set-up's events, then every load the match has seen."""
    return {
        "n": 0,
        "side": None,
        "by": None,
        "turn": match.state.cursor.turn,
        "phase": "set-up",
        "kind": None,
        "action": None,
        "events": [e.to_json() for e in match.opening_events] + list(loads or ()),
    }


def _mark(log: list[dict[str, Any]], kinds: Mapping[str, str]) -> list[dict[str, Any]]:
    """Who made each replayed action: the seat kind of its side in this game."""
    for entry in log[1:]:
        entry["by"] = kinds.get(str(entry["side"]), HUMAN)
    return log


def _parse(text: Any) -> Action:
    if not isinstance(text, str) or not text.strip():
        raise WebError(400, "the body needs 'action': an action in notation, e.g. \"end\"")
    if len(text) > MAX_ACTION_TEXT:
        raise WebError(400, f"action text longer than {MAX_ACTION_TEXT} characters")
    return Action.parse(text)


def replay_save(body: Any, registry: Registry) -> tuple[Match, list[dict[str, Any]]]:
    """A save file's JSON, checked as ``wargame.savefile`` checks a file (envelope, checksum,
    replay, state hash), replayed with its event log."""
    if not isinstance(body, Mapping):
        raise WebError(400, "a save file is a JSON object")
    with tempfile.TemporaryDirectory(prefix="wargame-web-") as folder:
        path = Path(folder) / "upload.save.json"
        path.write_text(json.dumps(body), encoding="utf-8")
        try:
            envelope = savefile.read(path)
        except savefile.SaveError as exc:
            raise WebError(400, str(exc).replace(str(path), "save")) from None
    try:
        title = registry.get(envelope["title"])
        match = Match(
            title, envelope["scenario"], int(envelope["seed"]), envelope.get("options") or {}
        )
    except UsageError as exc:
        raise WebError(422, f"save: {exc}") from None
    game = Game("replay", match, {s: HUMAN for s in match.sides}, HOTSEAT)
    for number, text in enumerate(envelope["actions"], 1):
        try:
            game._apply(text, HUMAN)
        except WargameError as exc:
            raise WebError(422, f"save: action {number} does not replay: {exc}") from None
    why = savefile.check(envelope, game.match)
    if why:
        raise WebError(422, f"save: {why}")
    return game.match, game.log


# --------------------------------------------------------------------------- the hub


@dataclass
class Hub:
    """Every match of one server: in its database, the recently used ones also in memory."""

    registry: Registry
    default_title: str | None = None
    max_games: int = 64
    store: Store = field(default_factory=lambda: Store(":memory:"))
    games: OrderedDict[str, Game] = field(default_factory=OrderedDict)  # the cache
    live: weakref.WeakValueDictionary[str, Game] = field(
        default_factory=weakref.WeakValueDictionary, repr=False
    )  # every match some request still holds, cached or not: one copy per match
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def titles(self) -> dict[str, Any]:
        out = []
        for tid in sorted(self.registry.titles):
            title = self.registry.titles[tid]
            manifest = title.manifest
            out.append(
                {
                    "id": title.id,
                    "name": title.name,
                    "aliases": title.aliases,
                    "topology": manifest.topology,
                    "sides": [{"id": s.id, "name": s.name} for s in manifest.sides],
                    "default_scenario": manifest.default_scenario,
                    "scenarios": [
                        {
                            "id": sid,
                            "name": doc.get("name") or sid,
                            "first_turn": doc.get("first_turn", 1),
                            "last_turn": doc.get("last_turn"),
                            "options": doc.get("options", {}),
                        }
                        for sid, doc in sorted(title.scenarios.items())
                    ],
                }
            )
        # the page offers a title first: the one asked for (an id or alias), else the first
        default = out[0]["id"] if out else None
        if self.default_title:
            default = self._title(self.default_title).id
        return {"titles": out, "default": default}

    def get(self, gid: str) -> Game:
        """The match, from the cache or rebuilt from the database."""
        with self.lock:
            game = self._held(gid)
            if game is not None:
                return game
        stored = self.store.get(gid)  # replayed outside the hub's lock: other matches go on
        if stored is None:
            raise WebError(404, f"no match {gid!r} on this server (ended, or never begun)")
        game = self._rebuild(stored)
        with self.lock:
            held = self._held(gid)
            if held is not None:  # another request rebuilt it first
                return held
            self._cache(game)
            return game

    def _held(self, gid: str) -> Game | None:
        """The match's one copy in memory, cached or still held by a request after the cache
        let it go (a second copy rebuilt beside it would miss that request's action and then
        write over it), put back in the cache."""
        game = self.games.get(gid) or self.live.get(gid)
        if game is None or game.stale:
            return None
        self._cache(game)
        return game

    def end(self, gid: str, token: str | None) -> None:
        """End a match for good: a seat of every human side may at any time, a seat of a
        two-human game once the game is over (not to wipe a game the opponent is winning)."""
        game = self.get(gid)
        with game.lock:
            game.seat(token)
            if not game.knows_all(token) and game.match.decision is not None:
                raise WebError(
                    409, "a game of two human seats ends by itself: it may be deleted once over"
                )
            self.store.delete(gid)
            game.stale = True
        with self.lock:
            self.games.pop(gid, None)

    def _cache(self, game: Game) -> None:
        self.games[game.id] = game
        self.live[game.id] = game
        self.games.move_to_end(game.id)
        while len(self.games) > self.max_games:
            self.games.popitem(last=False)  # still in the database

    def _rebuild(self, stored: Stored) -> Game:
        """A stored match replayed: its actions, who made each, its loads and seats."""
        record = stored.record
        try:
            title = self.registry.get(record["title"])
            match = Match(title, record["scenario"], int(record["seed"]), record["options"])
        except UsageError as exc:
            raise WebError(410, f"match {stored.id} no longer replays here: {exc}") from None
        seats = [Seat(s["token"], tuple(s["sides"]), bool(s["hotseat"])) for s in record["seats"]]
        game = Game(
            stored.id,
            match,
            dict(record["kinds"]),
            record["mode"],
            seats=seats,
            version=stored.version,
            loads=list(record.get("loads", [])),
            store=self.store,
        )
        for number, (text, by) in enumerate(stored.actions, 1):
            try:
                game._apply(text, by)
            except WargameError as exc:
                raise WebError(
                    410, f"match {stored.id} no longer replays here: action {number}: {exc}"
                ) from None
        return game

    def create(self, body: Any) -> Game:
        """A new match from ``{title, scenario, seed, options, mode, seats}`` or from
        ``{save, mode, seats}``; bots take their first decisions at once."""
        if not isinstance(body, Mapping):
            raise WebError(400, "the body is a JSON object: {title, scenario, seed, mode, seats}")
        mode = body.get("mode", HOTSEAT)
        if mode not in (HOTSEAT, SEATS):
            raise WebError(400, f"mode is {HOTSEAT!r} or {SEATS!r}, not {mode!r}")
        log: list[dict[str, Any]] | None = None
        if body.get("save") is not None:
            match, log = replay_save(body["save"], self.registry)
        else:
            title = self._title(body.get("title"))
            try:
                match = Match(title, *_match_args(body))
            except UsageError as exc:
                raise WebError(400, str(exc)) from None
        kinds = _seat_kinds(match, body.get("seats"))
        game = Game(secrets.token_urlsafe(12), match, kinds, mode, store=self.store)
        if log is not None:
            game.log = _mark(log, kinds)
        with game.lock:
            game._run_bots()
            self.store.create(game.stored())
        with self.lock:
            self._cache(game)
        self.store.purge()
        return game

    def _title(self, name: Any) -> Title:
        if not isinstance(name, str) or not name:
            raise WebError(400, "the body needs 'title': a title id (GET /api/titles lists them)")
        try:
            return self.registry.get(name)
        except UsageError as exc:
            raise WebError(400, str(exc)) from None


def _match_args(body: Mapping[str, Any]) -> tuple[str | None, int, dict[str, bool]]:
    scenario = body.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise WebError(400, "scenario is a scenario id (a string)")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbits(63)  # a search of every seed against the public rolls is hopeless
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise WebError(400, f"seed is a whole number from 0 to {SEED_LIMIT - 1}")
    options = body.get("options") or {}
    if not isinstance(options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, bool) for k, v in options.items()
    ):
        raise WebError(400, "options map option names to true or false")
    return scenario, seed, dict(options)


def _seat_kinds(match: Match, seats: Any) -> dict[str, str]:
    seats = {} if seats is None else seats
    if not isinstance(seats, Mapping):
        raise WebError(400, "seats map each side to 'human' or 'bot'")
    unknown = sorted(set(seats) - set(match.sides))
    if unknown:
        raise WebError(
            400, f"no side {unknown[0]!r} in {match.title.id} (sides: {', '.join(match.sides)})"
        )
    kinds = {side: seats.get(side, HUMAN) for side in match.sides}
    bad = [side for side, kind in kinds.items() if kind not in (HUMAN, BOT)]
    if bad:
        raise WebError(400, f"seat of {bad[0]} is 'human' or 'bot', not {kinds[bad[0]]!r}")
    if HUMAN not in kinds.values():
        raise WebError(400, "at least one side needs a human seat")
    return kinds
