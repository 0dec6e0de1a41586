"""Testing a title: a pytest plugin and the helpers a title's tests share.

Installed with the engine as the pytest plugin ``wargame`` (entry point ``pytest11``), so a
title's own test suite gets, with no conftest of its own:

- fixtures ``wargame_registry`` (every installed title, loaded on demand) and ``wargame_title``
  (a function: a title by id or alias);
- :func:`refused`: an action is refused, citing a rule, and the match is unchanged;
- :func:`force_rolls`: the next die rolls come out as given (each still an event);
- :func:`put`, :func:`clear` and :func:`to_phase`: build a position and reach a phase;
- :func:`conformance`: the kernel's promises over seeded random games of a title (legal actions
  only, every legal action passes its check and round-trips its notation, exact replay, save and
  load, no view shows a side what it may not know, no unit marker outlives its declared
  lifetime, a game ends); ``tests/test_conformance.py``
  runs it over every registered title.

    from wargame.testing import conformance, refused

    def test_my_title_keeps_the_kernels_promises(wargame_title):
        assert conformance(wargame_title("my-title"), seeds=range(2)) == []
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from wargame.match import Match
    from wargame.plugins import Registry, Title
    from wargame.state import Unit

ACTION_CAP = 20_000
"""A playout longer than this is taken to be stuck in a loop."""
CHECK_SAMPLE = 50
"""At most this many legal actions per state are passed through ``check()`` (all, if fewer)."""


# ----------------------------------------------------------------------------- titles


@functools.cache
def installed(name: str) -> Title:
    """An installed title by id or alias, loaded once per test session: for module-level
    helpers, which cannot take the ``wargame_title`` fixture."""
    from wargame.plugins import discover

    return discover().get(name)


# ----------------------------------------------------------------------------- refusals


def refused(match: Match, action: str, *reasons: str, rule: str | None = None) -> str:
    """``action`` is not among the legal actions, applying it raises with every fragment of
    ``reasons`` in its message (and ``rule``, the rule number it must cite), and the match is
    unchanged: same state hash, same history. Returns the message."""
    from wargame.actions import IllegalAction

    before, history = match.state_hash(), list(match.history)
    assert action not in {str(a) for a in match.legal_actions()}, f"{action!r} is legal"
    with pytest.raises(IllegalAction) as info:
        match.apply(action)
    message = info.value.reason
    for reason in reasons:
        assert reason in message, f"{reason!r} not in {message!r}"
    if rule is not None:
        assert rule in message, f"the refusal cites no {rule}: {message!r}"
    assert match.state_hash() == before, "a refused action changed the state"
    assert match.history == history
    return message


# ----------------------------------------------------------------------------- dice


def force_rolls(
    match: Match, *rolls: int, then: int | None = None, only: str | None = None
) -> list[int]:
    """Make the match's next die rolls come out as ``rolls`` (each still recorded as an event);
    after them every roll is ``then`` if given, else from the seeded dice again. With ``only``
    (a rule number), only the rolls citing that rule are forced. Returns the queue, which
    empties as rolls are used, so a test can assert every forced roll was used."""
    queue = list(rolls)
    original = match.roll

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        if (not queue and then is None) or (only is not None and rule != only):
            return original(spec, why, rule)
        total = queue.pop(0) if queue else then
        assert total is not None
        match.emit(
            "roll",
            f"{why}: rolled {total}" if why else f"rolled {total}",
            rule,
            dice=spec,
            faces=[total],
            total=total,
            why=why,
            forced=True,
        )
        return total

    match.roll = roll  # type: ignore[method-assign]
    return queue


# ----------------------------------------------------------------------------- positions


def to_phase(
    match: Match,
    side: str,
    kind: str,
    limit: int = 50,
    *,
    step: Callable[[Match], object] | None = None,
) -> None:
    """End phases until ``side`` decides a phase of ``kind`` (or fail). ``step`` moves on from
    any other decision (default: ``end``; a title that pushes decisions declines them there)."""
    for _ in range(limit):
        d = match.decision
        assert d is not None, "the game ended first"
        if d.side == side and d.kind == kind:
            return
        if step is None:
            match.apply("end")
        else:
            step(match)
    raise AssertionError(f"never reached a {kind} phase of {side}")


def put(match: Match, unit_id: str, loc: str | None, **flags: Any) -> Unit:
    """Place a unit (bringing its counter into play if needed) and set flags on it; a flag
    named as a declared unit marker (``disrupted=True``) places that marker instead."""
    from wargame import markers

    unit = match.state.units.get(unit_id)
    if unit is None or unit.flags.get("eliminated"):
        unit = match.new_unit(unit_id, loc)
    else:
        match.place(unit, loc)
    for name in [k for k in flags if k in markers.declared(match)]:
        if flags.pop(name):
            markers.place(match, unit, name)
    unit.flags.update(flags)
    match.touch()
    return unit


def clear(match: Match) -> None:
    """Take every unit off the map (they stay in the state, off map)."""
    for unit in list(match.state.units.values()):
        if unit.loc is not None:
            match.place(unit, None)


# ----------------------------------------------------------------------------- conformance


_EDGE = r"A-Za-z0-9_.:/+\-"
"""The characters an id is made of: an id is mentioned where no such character touches it."""
_ID_CHARS = re.compile(rf"[{_EDGE}]+")


def mentions(text: str, unit_id: str) -> bool:
    """Whether ``unit_id`` appears in ``text`` as a whole id, not inside a longer one."""
    return re.search(rf"(?<![{_EDGE}]){re.escape(unit_id)}(?![{_EDGE}])", text) is not None


def _mentions_in(text: str) -> Callable[[str], bool]:
    """:func:`mentions` for many ids in one text: an id made only of id characters is mentioned
    exactly when it is one of the text's longest runs of them, found once for all ids."""
    runs: set[str] | None = None

    def mentioned(unit_id: str) -> bool:
        nonlocal runs
        if not _ID_CHARS.fullmatch(unit_id):
            return mentions(text, unit_id)
        if runs is None:
            runs = set(_ID_CHARS.findall(text))
        return unit_id in runs

    return mentioned


def view_problems(match: Match, side: str) -> list[str]:
    """Everything ``side``'s view shows that it may not know, as readable lines."""
    view = match.view(side)
    text = json.dumps(view, sort_keys=True)
    found: list[str] = []
    where = f"turn {match.turn} {match.phase.path if match.phase else ''} view({side})"
    mentioned = _mentions_in(text)
    for unit in match.state.units.values():
        if unit.loc is not None and side in unit.hidden_from and mentioned(unit.id):
            found.append(f"{where}: names {unit.id}, which is hidden from {side}")
    shown = {u["id"]: u for u in view["units"] if "id" in u}
    for unit in match.state.units.values():
        if unit.loc is None or not match.is_untried(unit):
            continue
        entry = shown.get(unit.id)
        if entry is None:
            continue
        steps = match.counter(unit)["steps"]
        printed = set(steps[min(unit.step, len(steps) - 1)]["values"])
        pool = match.counters_doc["pools"][match.counter(unit)["untried"]]
        secret = {k for face in pool["faces"] for k in face["values"]} - printed
        if "face" in entry:
            found.append(f"{where}: shows the face of untried {unit.id}")
        if secret & set(entry.get("values", {})):
            found.append(
                f"{where}: shows {sorted(secret & set(entry['values']))} of untried {unit.id}"
            )
    for pool_id, count in view.get("pools", {}).items():
        if not isinstance(count, int):
            found.append(f"{where}: pool {pool_id} shows more than a count")
    secrets = view.get("secrets", {})
    for other, data in match.state.secrets.items():
        if other == side:
            continue
        if other in secrets:
            found.append(f"{where}: holds {other}'s secrets")
        elif data and json.dumps(data, sort_keys=True) in text:
            found.append(f"{where}: shows {other}'s secrets")
        elif data:
            leaked = _leaked_parts(match, side, other, data, mentioned)
            if leaked:
                found.append(f"{where}: shows parts of {other}'s secrets: {', '.join(leaked)}")
    return found


_SPECIFIC = re.compile(r"[A-Za-z0-9]*(?:[0-9]|[-:_/.][A-Za-z0-9])[A-Za-z0-9_.:/+\-]*")
"""A leaf specific enough to be a secret's part: an id with a digit or a separator in it
(``r1``, ``ambush-7``, ``box:okh-north``), not a plain word (``used``, ``plan``) nor a number."""


def secret_parts(data: Any) -> set[str]:
    """The specific leaves of a secret (:data:`_SPECIFIC`): its string values and keys at any
    depth that are ids, such as the unit and marker ids inside it."""
    out: set[str] = set()
    if isinstance(data, Mapping):
        for key, value in data.items():
            out |= secret_parts(key) | secret_parts(value)
    elif isinstance(data, list | tuple | set):
        for value in data:
            out |= secret_parts(value)
    elif isinstance(data, str) and _SPECIFIC.fullmatch(data) and len(data) >= 2:
        out.add(data)
    return out


def _leaked_parts(
    match: Match, side: str, other: str, data: Any, mentioned: Callable[[str], bool]
) -> list[str]:
    """The parts of ``other``'s secret that ``side``'s view names and would not name without
    the secret (a unit id in it may be public as well: a unit on the map, seen by both)."""
    named = sorted(part for part in secret_parts(data) if mentioned(part))
    if not named:
        return []
    from wargame.views import build_view

    blind = match.sandbox()
    del blind.state.secrets[other]
    blind.touch()
    try:
        public = _mentions_in(json.dumps(build_view(blind, side), sort_keys=True))
    except Exception:  # a view that needs another side's secret: every part it names leaks
        return named
    return [part for part in named if not public(part)]


class MarkerWatch:
    """Follows a playout's events and flags unit markers that outlive their declaration
    (``removed_by`` in the counters document, :mod:`wargame.markers`). It reads only the events
    and the state, not the kernel's clearing code: a phase event whose phase removes a marker on
    its side's units, a unit that changed location (a ``retreat`` event tells a retreat from a
    move) or a turn later than the one it was placed in make the marker due; a due marker still
    on its unit after the action is a problem, as is a marker with no ``unit-marker`` event."""

    def __init__(self, match: Match) -> None:
        from wargame import markers

        self.table = markers.declared(match)
        self.sides: dict[str, str | None] = {}
        seq = match.sequence
        blocks = [seq.setup, *seq.turn_blocks]
        for block in blocks:
            leaves = [*block.leaves]
            for (index, _name), chosen in seq._orders.items():
                if block.key == f"pt{index}":
                    leaves.extend(chosen)
            for leaf in leaves:
                self.sides[leaf.path] = block.side
        self.alive: dict[tuple[str, str], dict[str, Any]] = {
            (unit.id, name): {"turn": data.get("turn", match.turn), "due": None}
            for unit in match.state.units.values()
            for name, data in unit.markers.items()
        }  # markers the set-up placed, before the first action (DC 4.A dispersed, 18.0)

    def step(self, match: Match, before: dict[str, str | None], events: list[Any]) -> list[str]:
        units = match.state.units
        retreated: set[str] = set()
        for event in events:
            data = event.data
            if event.kind == "unit-marker":
                key = (data["unit"], data["marker"])
                if data.get("placed"):
                    self.alive[key] = {"turn": data.get("turn", match.turn), "due": None}
                else:
                    self.alive.pop(key, None)
            elif event.kind == "phase":
                side = self.sides.get(data["phase"])
                phase_id = data["phase"].rsplit("/", 1)[-1]
                for (uid, name), info in self.alive.items():
                    removed_by = self.table[name].get("removed_by", ())
                    mine = side is None or units[uid].side == side
                    if f"phase:{phase_id}" in removed_by and mine:
                        info["due"] = info["due"] or f"{data['phase']} of turn {data['turn']}"
                    if "end-of-turn" in removed_by and data["turn"] > info["turn"]:
                        info["due"] = info["due"] or f"the end of turn {info['turn']}"
            elif event.kind == "retreat":
                retreated.update(data.get("units", ()))
            elif event.kind == "eliminated":
                for key in [k for k in self.alive if k[0] == data.get("unit")]:
                    del self.alive[key]
        found: list[str] = []
        where = f"turn {match.turn} {match.phase.path if match.phase else ''}"
        for uid, unit in units.items():
            for name in unit.markers:
                held = self.alive.get((uid, name))
                if held is None:
                    found.append(f"{where}: {uid} carries {name} with no marker event")
                    continue
                moved = unit.loc != before.get(uid) and uid in before
                trigger = "retreat" if uid in retreated else "move"
                if moved and trigger in self.table[name].get("removed_by", ()):
                    held["due"] = held["due"] or f"its {trigger}"
                if held["due"]:
                    found.append(f"{where}: {uid} still carries {name} after {held['due']}")
        return found


def scenario_for(title: Title, seed: int) -> str:
    """Seeds take a title's scenarios in turn, so every scenario is played; seed 0 plays the
    default scenario (the one a player gets), so a run of a single seed plays it too."""
    first = title.manifest.default_scenario
    ids = [first, *sorted(set(title.scenarios) - {first})]
    return ids[seed % len(ids)]


@dataclass
class Playout:
    """One recorded bot-vs-bot game and what was wrong along the way."""

    title: str
    scenario: str
    seed: int
    actions: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)  # state hash after each action
    start_hash: str = ""
    outcome: dict[str, Any] | None = None
    stuck: str | None = None
    not_legal: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    notation: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    stale_markers: list[str] = field(default_factory=list)
    markers_seen: int = 0
    legal_seen: int = 0
    untried_seen: int = 0


ROUND_TRIPS_KEPT = 500_000
"""Actions whose notation a playout has seen round-trip, kept so that an action listed again
(most of a movement phase's moves, decision after decision) is not parsed again."""


def play(title: Title, seed: int, view_stride: int = 1) -> Playout:
    """Record a random bot-vs-bot game of ``title`` with ``seed``, checking every listed
    action's check and notation and (every ``view_stride`` actions) every side's view."""
    from wargame.actions import Action
    from wargame.bots import RandomBot
    from wargame.match import Match

    scenario = scenario_for(title, seed)
    match = Match(title, scenario, seed)
    record = Playout(title.id, scenario, seed, start_hash=match.state_hash())
    bots = {side: RandomBot(seed * 1000 + n) for n, side in enumerate(match.sides)}
    sampler = random.Random(seed)
    watch = MarkerWatch(match)
    round_trips: set[Action] = set()
    while match.decision is not None and len(record.actions) < ACTION_CAP:
        decision = match.decision
        legal = match.legal_actions()
        if not legal:
            record.stuck = f"no legal action for {decision}"
            break
        record.legal_seen += len(legal)
        for action in legal:
            if action in round_trips:
                continue  # listed again at a later decision: checked already
            if Action.parse(str(action)) != action:
                record.notation.append(str(action))
            elif len(round_trips) < ROUND_TRIPS_KEPT:
                round_trips.add(action)
        sample = legal if len(legal) <= CHECK_SAMPLE else sampler.sample(legal, CHECK_SAMPLE)
        for action in sample:
            why = match.check(action)
            if why is not None:
                record.refused.append(f"{action}: {why}")
        if len(record.actions) % view_stride == 0:
            for side in match.sides:
                record.leaks.extend(view_problems(match, side))
        record.untried_seen += sum(
            1 for u in match.state.units.values() if u.loc is not None and match.is_untried(u)
        )
        chosen = bots[decision.side].choose(match)
        if chosen not in legal:
            record.not_legal.append(str(chosen))
        before = {uid: u.loc for uid, u in match.state.units.items() if u.markers}
        events = match.apply(chosen)
        record.stale_markers.extend(watch.step(match, before, events))
        record.markers_seen += len(before)
        record.actions.append(str(chosen))
        record.hashes.append(match.state_hash())
    record.outcome = match.outcome
    return record


def replay(title: Title, record: Playout, upto: int | None = None) -> Match:
    from wargame.match import Match

    match = Match(title, record.scenario, record.seed)
    for text in record.actions[:upto]:
        match.apply(text)
    return match


def playout_problems(title: Title, record: Playout, folder: Path | None = None) -> list[str]:
    """What the recorded game shows wrong: no end, illegal or unchecked actions, a replay or a
    save and load that differs, a leak in a view. Empty: the title keeps its promises."""
    import tempfile

    from wargame import savefile
    from wargame.plugins import Registry

    name = f"{record.title} seed {record.seed}"
    found = [f"{name}: {p}" for p in [record.stuck] if p]
    if record.stuck is None and record.outcome is None:
        found.append(f"{name}: no outcome after {len(record.actions)} actions")
    found += [f"{name}: chose {a}, not a legal action" for a in record.not_legal]
    found += [f"{name}: a legal action fails its check: {r}" for r in record.refused[:5]]
    found += [f"{name}: notation does not round-trip: {a}" for a in record.notation[:5]]
    found += [f"{name}: {leak}" for leak in record.leaks[:5]]
    found += [f"{name}: {stale}" for stale in record.stale_markers[:5]]
    match = replay(title, record)
    if match.state_hash() != (record.hashes[-1] if record.hashes else record.start_hash):
        found.append(f"{name}: the replay ends in another state")
    if record.actions:
        registry = Registry({title.id: title})
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(folder or tmp) / f"{record.title}-{record.seed}.json"
            half = replay(title, record, len(record.actions) // 2)
            savefile.save(half, path)
            resumed = savefile.load(path, registry)
            for text in record.actions[len(record.actions) // 2 :]:
                resumed.apply(text)
            if resumed.state_hash() != record.hashes[-1]:
                found.append(f"{name}: a game saved halfway and loaded ends differently")
    return found


def conformance(title: Title, seeds: Iterable[int] = range(2), view_stride: int = 1) -> list[str]:
    """The kernel's promises checked over one random game of ``title`` per seed: every
    problem found, as readable lines (an empty list: none)."""
    problems: list[str] = []
    for seed in seeds:
        problems += playout_problems(title, play(title, seed, view_stride))
    return problems


# ----------------------------------------------------------------------------- the plugin


@pytest.fixture(scope="session")
def wargame_registry() -> Registry:
    """Every installed title (loaded when first asked for)."""
    from wargame.plugins import discover

    return discover()


@pytest.fixture(scope="session")
def wargame_title(wargame_registry: Registry) -> Callable[[str], Title]:
    """A function: an installed title by id or alias."""
    return wargame_registry.get
