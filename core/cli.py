"""The ``wargame`` command line: one client of the match engine among others (a web page, a bot).

Every command that changes a game loads the save by replaying it, applies what was asked and saves
atomically, so the file on disk is always a game the engine can replay; a command that fails saves
nothing. Errors a user can fix (a :class:`~wargame.errors.WargameError` or an OSError) become short
lines on stderr and exit status 2, never a traceback; anything else is a bug and propagates.
Human text goes to stdout, ``--json`` prints the same facts as data, progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from wargame import __version__, savefile, shorthand, status
from wargame.actions import Action, Event, IllegalAction
from wargame.bots import BOTS, Bot, bot_names, make_bot
from wargame.combat import CombatTable, explain, resolve
from wargame.errors import DataError, Problem, UsageError, WargameError
from wargame.loader import check_document, expected_kinds, read_json, template
from wargame.match import Match
from wargame.plugins import Registry, Title, discover
from wargame.pricing import SAMPLES, build_tables, paper_spread

DEFAULT_DEMO_TITLE = "panzergruppe-guderian"
MAX_BOT_ACTIONS = 100_000
SEED_LIMIT = 2**63
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

# --------------------------------------------------------------------------- context and output


@dataclass
class Context:
    """What every command shares: the plugins to register and the owner data folder. The title
    registry is built on first use, so commands that need no title (validate a data file) do not
    pay for loading every title."""

    extra_plugins: Sequence[object] = ()
    data_dir: Path | None = None
    _registry: Registry | None = field(default=None, repr=False)

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            self._registry = discover(extra=self.extra_plugins, owner_dir=self.data_dir)
        return self._registry

    def title(self, name: str) -> Title:
        """A title by id or alias; for a title the registry skipped, the reason it was skipped."""
        registry = self.registry
        try:
            return registry.get(name)
        except UsageError:
            for problem in registry.problems:
                if _skipped_id(problem) == name:
                    raise UsageError(problem) from None
            raise

    def load(self, path: str) -> Match:
        return savefile.load(path, self.registry)


def _skipped_id(problem: str) -> str | None:
    found = re.match(r"title (\S+) skipped", problem)
    return found.group(1) if found else None


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _event_line(event: Event) -> str:
    return f"{event.text} ({event.rule})" if event.rule else event.text


def _outcome_text(outcome: Mapping[str, Any] | None) -> str:
    if outcome is None:
        return "not decided yet"
    winner = outcome.get("winner")
    level = outcome.get("level") or ""
    head = f"{winner} wins" + (f" ({level})" if level else "") if winner else level or "no winner"
    text = outcome.get("text") or ""
    return f"{head}: {text}" if text else head


def _now(match: Match) -> str:
    """One line: where the game is and who must decide what."""
    decision = match.decision
    if decision is None:
        return f"game over: {_outcome_text(match.outcome)}"
    if match.state.cursor.stage == "setup":
        when = "set-up"
    else:
        when = f"{match.title.manifest.turn_label} {decision.turn}"
    what = f"{decision.side} decides {decision.kind}"
    if decision.prompt and decision.prompt not in (decision.kind, decision.phase):
        what += f" ({decision.prompt})"
    return f"{when}, {decision.phase}: {what}"


def _decision_json(match: Match) -> dict[str, Any] | None:
    decision = match.decision
    return decision.to_json() if decision is not None else None


def _side(match: Match, side: str | None) -> str | None:
    if side is not None and side not in match.sides:
        raise UsageError(f"no side {side!r} in {match.title.id} (sides: {', '.join(match.sides)})")
    return side


def _refuse_overwrite(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise UsageError(f"{path} already exists (use --force to overwrite it)")


# --------------------------------------------------------------------------- game logs


@dataclass
class LogEntry:
    """One applied action with the decision it answered and everything it caused."""

    number: int
    side: str
    kind: str
    turn: int
    phase: str
    action: str
    events: list[Event]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "side": self.side,
            "kind": self.kind,
            "turn": self.turn,
            "phase": self.phase,
            "action": self.action,
            "events": [event.to_json() for event in self.events],
        }


def _apply_logged(match: Match, action: Action | str, number: int) -> LogEntry:
    decision = match.decision
    events = match.apply(action)  # raises IllegalAction when the game is over, too
    assert decision is not None
    return LogEntry(
        number,
        decision.side,
        decision.kind,
        decision.turn,
        decision.phase,
        match.history[-1],
        events,
    )


def _log_lines(match: Match, opening: Sequence[Event], entries: Sequence[LogEntry]) -> list[str]:
    manifest = match.title.manifest
    lines = [
        f"{manifest.name} ({match.title.id}), scenario {match.scenario_id}, seed {match.seed}",
    ]
    if match.options:
        lines.append(
            "options: " + ", ".join(f"{k}={'on' if v else 'off'}" for k, v in match.options.items())
        )
    lines += [f"  {_event_line(event)}" for event in opening]
    for entry in entries:
        lines.append(f"{entry.number}. {entry.side}: {entry.action}")
        lines += [f"  {_event_line(event)}" for event in entry.events]
    lines.append(f"result: {_outcome_text(match.outcome)}" if match.outcome else _now(match))
    return lines


# --------------------------------------------------------------------------- games, info


def cmd_games(args: argparse.Namespace, ctx: Context) -> int:
    registry = ctx.registry
    rows = [
        {
            "id": title.id,
            "title": title.name,
            "aliases": title.aliases,
            "topology": title.manifest.topology,
        }
        for title in sorted(registry.titles.values(), key=lambda t: t.id)
    ]
    if args.json:
        _print_json(rows)
    elif not rows:
        print("no titles installed")
    else:
        width = max(len(row["id"]) for row in rows)
        for row in rows:
            aliases = f"  (aliases: {', '.join(row['aliases'])})" if row["aliases"] else ""
            print(f"{row['id']:<{width}}  {row['topology']:<7}  {row['title']}{aliases}")
    for problem in registry.problems:  # a long list of data problems: 'wargame info' has it
        lines = problem.splitlines()
        name = _skipped_id(problem)
        if len(lines) > 4 and name:
            lines = [*lines[:3], f"... {len(lines) - 3} more: wargame info {name}"]
        _progress("\n".join(f"error: {line}" for line in lines))
    if registry.problems:  # installed but unplayable: a failure, not a footnote (issue 19)
        failed = ", ".join(sorted(registry.failed)) or "none"
        _progress(
            f"error: {len(registry.problems)} problem(s); titles that failed to load: {failed}"
        )
        return EXIT_USAGE
    return 0


def _scenario_info(title: Title) -> list[dict[str, Any]]:
    out = []
    for scenario_id, doc in title.scenarios.items():
        out.append(
            {
                "id": scenario_id,
                "name": doc.get("name", scenario_id),
                "first_turn": int(doc.get("first_turn", 1)),
                "last_turn": int(doc["last_turn"]),
                "options": dict(doc.get("options", {})),
                "default": scenario_id == title.manifest.default_scenario,
            }
        )
    return out


def cmd_info(args: argparse.Namespace, ctx: Context) -> int:
    title = ctx.title(args.title)
    report = title.data.provenance_report()
    provenance = {
        name: {
            "file": title.manifest.documents.get(name),
            "owner_file": str(owner) if (owner := title.data.owner_files.get(name)) else None,
            **counts,
        }
        for name, counts in report.items()
    }
    info: dict[str, Any] = {
        "id": title.id,
        "title": title.name,
        "aliases": title.aliases,
        "topology": title.manifest.topology,
        "version": title.manifest.version,
        "sides": [{"id": s.id, "name": s.name} for s in title.manifest.sides],
        "scenarios": _scenario_info(title),
        "provenance": provenance,
        "owner_folder": str(title.data.owner_folder) if title.data.owner_folder else None,
        "problems": ctx.registry.check_all(),
    }
    if args.json:
        _print_json(info)
        return 0
    print(f"{title.id}: {title.name}")
    if title.aliases:
        print(f"aliases: {', '.join(title.aliases)}")
    print(f"topology: {title.manifest.topology}")
    print("sides: " + ", ".join(f"{s['id']} ({s['name']})" for s in info["sides"]))
    print("scenarios:")
    for s in info["scenarios"]:
        options = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in s["options"].items())
        print(
            f"  {s['id']}: {s['name']}, turns {s['first_turn']}-{s['last_turn']}"
            + (f", options {options}" if options else "")
            + (" (default)" if s["default"] else "")
        )
    print("data provenance (rulebook / stand-in / owner):")
    width = max((len(name) for name in provenance), default=0)
    for name, p in provenance.items():
        where = f"  owner file {p['owner_file']}" if p["owner_file"] else ""
        print(
            f"  {name:<{width}}  {p['rulebook']} / {p['stand-in']} / {p['owner']}"
            f"  ({p['file']}){where}"
        )
    print(f"owner data: {info['owner_folder'] or 'none'}")
    if info["problems"]:
        print("registry problems (titles skipped):")
        for problem in info["problems"]:
            for line in problem.splitlines():
                print(f"  {line}")
    else:
        print("registry problems: none")
    return 0


# --------------------------------------------------------------------------- new, status, actions


def parse_seed(text: str, limit: int | None = None) -> int:
    """A seed option's value: a whole number from 0 (below ``limit`` when given)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad seed {text!r}: expected a whole number") from None
    if value < 0 and limit is None:
        raise argparse.ArgumentTypeError(f"bad seed {text!r}: must not be negative")
    if limit is not None and not 0 <= value < limit:
        raise argparse.ArgumentTypeError(f"bad seed {text!r}: expected 0 to {limit - 1}")
    return value


def _seed(text: str) -> int:
    return parse_seed(text, SEED_LIMIT)


_SWITCH = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}


def _options(given: Iterable[str] | None) -> dict[str, bool]:
    options: dict[str, bool] = {}
    for text in given or ():
        name, sep, value = text.partition("=")
        if not sep or not name or value.lower() not in _SWITCH:
            raise UsageError(f"bad option {text!r}: expected NAME=on or NAME=off")
        options[name] = _SWITCH[value.lower()]
    return options


def cmd_new(args: argparse.Namespace, ctx: Context) -> int:
    title = ctx.title(args.title)
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    match = Match(title, args.scenario, seed, _options(args.option))
    default_name = f"{title.id}-{seed}.save.json"
    path = Path(args.output) if args.output else Path(default_name)
    if path.is_dir():
        path = path / default_name
    _refuse_overwrite(path, args.force)
    savefile.save(match, path)
    if args.json:
        _print_json(
            {
                "file": str(path),
                "title": title.id,
                "scenario": match.scenario_id,
                "seed": seed,
                "options": match.options,
                "decision": _decision_json(match),
            }
        )
    else:
        print(f"created {path}: {title.name}, scenario {match.scenario_id}, seed {seed}")
        print(_now(match))
    return 0


def cmd_status(args: argparse.Namespace, ctx: Context) -> int:
    match = ctx.load(args.file)
    side = _side(match, args.as_side)
    view = match.view(side)
    if args.json:
        _print_json(view)
        return 0
    title = match.title
    print(f"{title.name} ({title.id}), scenario {match.scenario_id}, seed {match.seed}")
    for line in status.lines(match, side, _now(match), _outcome_text(view["outcome"])):
        print(line)
    return 0


SCREENFUL = 40
"""Past this many actions (of more than one unit), ``wargame actions`` prints a summary by verb and
actor (``--all`` lists every one; ``--json`` and ``--unit`` always do)."""


@dataclass(frozen=True)
class ActionFilter:
    """What ``wargame actions`` narrows the list to: one actor (unit, stack or target), one verb,
    the actors standing at a location, the actions aimed at one."""

    unit: str | None = None
    verb: str | None = None
    at: str | None = None
    to: str | None = None

    def words(self) -> str:
        named = (("unit", self.unit), ("verb", self.verb), ("at", self.at), ("to", self.to))
        return " ".join(f"--{k} {v}" for k, v in named if v is not None)


def _location(match: Match, loc: str, flag: str) -> str:
    if loc not in match.topology and not match.units_at(loc):
        raise UsageError(f"{flag} {loc}: no location {loc!r} on the map")
    return loc


def _aimed_at(match: Match, action: Action, loc: str) -> bool:
    """Whether the action goes to ``loc``: a move's or deployment's last location (its
    destination) or a battle's target (the first argument, when it is a location)."""
    args = action.args
    if not args:
        return False
    if loc in args[0].split(",") and args[0].split(",")[0] in match.topology:
        return True
    last = next((a for a in reversed(args) if a in match.topology), None)
    return last == loc


def filtered_actions(match: Match, want: ActionFilter) -> list[Action]:
    """The legal actions that pass the filter, asking one actor at a time where that is enough
    (``--unit``, ``--at``) rather than listing everything."""
    verb = want.verb
    if verb is not None and verb not in match.verbs_now():
        now = ", ".join(match.verbs_now()) or "none"
        raise UsageError(f"--verb {verb}: not a choice now (verbs now: {now})")
    if want.unit is not None:
        actions = match.legal_for(want.unit, verb)
    elif want.at is not None:
        here = {u.id for u in match.units_at(want.at)}
        actors = [
            a
            for a in match.actors(verb)
            if a and (a == want.at or all(i in here for i in a.split(",")))
        ]
        actions = [x for a in actors for x in match.legal_for(a, verb)]
    else:
        actions = match.legal_actions()
        if verb is not None:
            actions = [a for a in actions if a.verb == verb]
    if want.to is not None:
        actions = [a for a in actions if _aimed_at(match, a, want.to)]
    return actions


def _summary(match: Match, actions: Sequence[Action], want: ActionFilter) -> list[str]:
    """Past a screenful: how many actions of each verb and of each actor, and how to narrow."""
    by_verb: dict[str, dict[str, int]] = {}
    for action in actions:
        handler = match.verbs.get(action.verb)
        actor = handler.actor(action) if handler is not None else ""
        counts = by_verb.setdefault(action.verb, {})
        counts[actor] = counts.get(actor, 0) + 1
    lines = []
    for verb, counts in by_verb.items():
        total = sum(counts.values())
        actors = [a for a in counts if a]
        who = f" of {len(actors)} actor(s)" if actors else ""
        lines.append(f"{verb}: {total}{who}  (--verb {verb})")
        shown = sorted(actors, key=lambda a: (-counts[a], a))[:12]
        for actor in shown:
            lines.append(f"  {actor}: {counts[actor]}  (--unit {actor})")
        if len(actors) > len(shown):
            lines.append(f"  ... {len(actors) - len(shown)} more: --actors lists them")
    given = want.words()
    lines.append(
        "narrow it with --unit ID, --verb VERB, --at LOC or --to LOC"
        + (f" (beside {given})" if given else "")
        + "; --all lists every one"
    )
    return lines


def cmd_actions(args: argparse.Namespace, ctx: Context) -> int:
    match = ctx.load(args.file)
    side = _side(match, args.as_side)
    decision = match.decision
    yours = decision is not None and (side is None or decision.side == side)
    unit = args.unit
    if unit is not None:
        unknown = [uid for uid in unit.split(",") if uid not in match.state.units]
        if (unknown or not unit) and unit not in match.actors():
            raise UsageError(
                f"no unit {unknown[0] if unknown else unit!r} in this game, nor anyone who may "
                "act now (see --actors)"
            )
    at = _location(match, args.at, "--at") if args.at is not None else None
    to = _location(match, args.to, "--to") if args.to is not None else None
    want = ActionFilter(unit, args.verb, at, to)
    if not yours:
        actions: list[str] = []
    elif args.actors:
        actions = match.actors(args.verb)  # the first level: who may act now
    else:
        actions = [str(a) for a in filtered_actions(match, want)]
    if args.json:
        key = "actors" if args.actors else "actions"
        out = {"decision": _decision_json(match), "as": side, "yours": yours, key: actions}
        out.update({k: v for k, v in vars(want).items() if v is not None})
        _print_json({**out, "outcome": match.outcome})
        return 0
    if decision is None:
        print(f"game over: {_outcome_text(match.outcome)}; no actions")
    elif not yours:
        print(f"not {side}'s decision: {_now(match)}")
    elif args.actors:
        print(f"# {_now(match)}: {len(actions)} may act ('' acts for no one: end, ...)")
        for text in actions:
            print(text or "''")
    else:
        given = want.words()
        whose = f" of {unit}" if unit is not None and given == f"--unit {unit}" else ""
        whose = whose or (f" ({given})" if given else "")
        print(f"# {_now(match)}: {len(actions)} legal action(s){whose}")
        if len(actions) > SCREENFUL and not args.all and unit is None:  # one unit's: all
            for line in _summary(match, [Action.parse(a) for a in actions], want):
                print(line)
        else:
            for text in actions:
                print(text)
    return 0


# --------------------------------------------------------------------------- act, undo, auto


def cmd_act(args: argparse.Namespace, ctx: Context) -> int:
    with savefile.locked(args.file):  # read, act and write as one: a concurrent act waits
        return _act(args, ctx)


def _act(args: argparse.Namespace, ctx: Context) -> int:
    match = ctx.load(args.file)
    total = len(args.actions)
    entries: list[LogEntry] = []
    notes: dict[int, str] = {}  # entry index -> how a short notation was read
    for number, text in enumerate(args.actions, 1):
        where = f"{args.file} unchanged"
        if total > 1:
            where = f"action {number} of {total}; {where}"
        try:
            expanded = shorthand.expand(match, text)  # the full notation is what is saved
            entries.append(_apply_logged(match, expanded.action, len(match.history) + 1))
            if expanded.note:
                notes[len(entries) - 1] = f"{text.strip()}: {expanded.note}"
        except IllegalAction as exc:
            if number < total and not text.strip().count(" "):
                where += '; is it one action split in words? quote it: "move A B C"'
            raise UsageError(f"{exc} ({where})") from None
        except UsageError as exc:  # not even an action: empty, or a token with a space
            raise UsageError(f"bad action {text!r}: {exc} ({where})") from None
    savefile.save(match, args.file)
    if args.json:
        _print_json(
            {
                "file": args.file,
                "applied": [
                    {**entry.to_json(), **({"read": notes[i]} if i in notes else {})}
                    for i, entry in enumerate(entries)
                ],
                "decision": _decision_json(match),
                "outcome": match.outcome,
            }
        )
        return 0
    for i, entry in enumerate(entries):
        if i in notes:
            print(f"# {notes[i]}")
        print(f"{entry.number}. {entry.side}: {entry.action}")
        for event in entry.events:
            print(f"  {_event_line(event)}")
    print(f"saved {args.file}; now {_now(match)}")
    return 0


def cmd_undo(args: argparse.Namespace, ctx: Context) -> int:
    with savefile.locked(args.file):
        match = ctx.load(args.file)
        undone = match.undo()
        savefile.save(match, args.file)
    if args.json:
        _print_json(
            {
                "file": args.file,
                "undone": undone,
                "actions": len(match.history),
                "decision": _decision_json(match),
            }
        )
    else:
        print(f"took back '{undone}'; saved {args.file}; now {_now(match)}")
    return 0


def _bots(match: Match, names: str, seed: int) -> dict[str, Bot]:
    wanted = bot_names(names, match.title.id, match.sides)
    return {
        side: make_bot(name, seed + i)
        for i, (side, name) in enumerate(zip(match.sides, wanted, strict=True))
    }


def _position(match: Match, until: str) -> tuple[object, ...]:
    """What must change for ``--until``: the phase (cursor), the turn, or nothing (the end)."""
    c = match.state.cursor
    if until == "phase":
        return (c.stage, c.turn, c.block, c.phase)
    if until == "turn":
        return (c.stage, c.turn)
    return ()


def _play(
    match: Match,
    bots: Mapping[str, Bot],
    until: str = "end",
    log: list[LogEntry] | None = None,
) -> int:
    """Bots decide until the position ``until`` names changes or the game ends; a progress line
    per game-turn goes to stderr. Returns the number of actions applied."""
    start = _position(match, until)
    turn = (match.state.cursor.stage, match.turn)
    count = 0
    label = match.title.manifest.turn_label
    started = time.perf_counter()
    while (decision := match.decision) is not None and count < MAX_BOT_ACTIONS:
        if until != "end" and _position(match, until) != start:
            break
        action = bots[decision.side].choose(match)
        entry = _apply_logged(match, action, len(match.history) + 1)
        if log is not None:
            log.append(entry)
        count += 1
        now = (match.state.cursor.stage, match.turn)
        if now != turn:
            turn = now
            if match.decision is not None:
                seconds = time.perf_counter() - started
                _progress(
                    f"{label} {match.turn} ({len(match.history)} actions so far, {seconds:.1f} s)"
                )
    return count


def cmd_auto(args: argparse.Namespace, ctx: Context) -> int:
    with savefile.locked(args.file):
        return _auto(args, ctx)


def _auto(args: argparse.Namespace, ctx: Context) -> int:
    match = ctx.load(args.file)
    if match.decision is None:
        raise UsageError(f"nothing to play: the game is over ({_outcome_text(match.outcome)})")
    seed = args.seed if args.seed is not None else match.seed + len(match.history)
    bots = _bots(match, args.bots, seed)
    started = time.perf_counter()
    count = _play(match, bots, args.until)
    elapsed = time.perf_counter() - started
    savefile.save(match, args.file)
    if args.json:
        _print_json(
            {
                "file": args.file,
                "applied": count,
                "turn": match.turn,
                "phase": match.phase.path if match.phase else None,
                "decision": _decision_json(match),
                "outcome": match.outcome,
                "seconds": round(elapsed, 3),
            }
        )
    else:
        print(f"{count} action(s) applied in {elapsed:.2f} s; saved {args.file}")
        print(f"now {_now(match)}")
    return 0


# --------------------------------------------------------------------------- render


def _renderer() -> Callable[..., object]:
    try:
        from wargame.render import render
    except ImportError as exc:
        raise UsageError(f"map drawing is not available: {exc}") from None
    return render


def _render_path(save: Path, side: str | None) -> Path:
    name = save.name
    for suffix in (".save.json", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return save.with_name(f"{name}{'-' + side if side else ''}.png")


def cmd_render(args: argparse.Namespace, ctx: Context) -> int:
    match = ctx.load(args.file)
    side = _side(match, args.as_side)
    out = Path(args.output) if args.output else _render_path(Path(args.file), side)
    if out.suffix.lower() not in (".png", ".svg"):
        raise UsageError(
            f"{out}: the map is drawn as .png or .svg, not {out.suffix or 'no suffix'}"
        )
    render = _renderer()
    render(match, out, side=side)
    if args.json:
        _print_json({"file": str(out), "as": side})
    else:
        print(f"wrote {out}")
    return 0


# --------------------------------------------------------------------------- validate


@dataclass
class Checked:
    """One file's verdict: what it is and everything wrong with it."""

    file: str
    what: str | None
    problems: list[Problem]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "what": self.what,
            "ok": not self.problems,
            "problems": [
                {"file": p.file, "pointer": p.pointer, "message": p.message} for p in self.problems
            ],
        }


def _check_save(path: Path, ctx: Context) -> Checked:
    file = str(path)
    try:
        match = ctx.load(file)
    except savefile.SaveError as exc:
        message = str(exc).removeprefix(f"{file}: ")
        return Checked(file, "save", [Problem(file, "", message)])
    what = f"save of {match.title.id}, {len(match.history)} actions, " + (
        f"over: {_outcome_text(match.outcome)}" if match.outcome else _now(match)
    )
    return Checked(file, what, [])


def _check_file(
    path: Path, ctx: Context, kinds: Iterable[str] | None = None, slot: str | None = None
) -> Checked:
    """A save (by content) or a data document; a map is also built, to catch what no schema
    sees (a road jumping hexes)."""
    file = str(path)
    data, problems = read_json(path)
    if problems:
        return Checked(file, None, problems)
    if isinstance(data, dict) and "format" in data and "kind" not in data:
        return _check_save(path, ctx)
    model, problems = check_document(data, None if kinds is None else tuple(kinds), file, slot=slot)
    kind = data.get("kind") if isinstance(data, dict) else None
    if model is not None and kind in ("hex-map", "network-map"):
        problems = _map_problems(data, kind, file)
    return Checked(file, kind if isinstance(kind, str) else None, problems)


def _map_problems(doc: dict[str, Any], kind: str, file: str) -> list[Problem]:
    from wargame.hexgrid import HexGrid
    from wargame.network import PointNetwork

    try:
        if kind == "hex-map":
            HexGrid.from_document(doc)
        else:
            PointNetwork.from_document(doc)
    except WargameError as exc:
        return [Problem(file, "", str(exc))]
    return []


def _check_folder(folder: Path, ctx: Context) -> list[Checked]:
    """Every JSON file in a folder; a title folder's documents are also checked for the kind
    their name in title.json calls for, and a listed document that is missing is a problem."""
    files = sorted(p for p in folder.rglob("*.json") if p.is_file())
    results: list[Checked] = []
    done: set[Path] = set()
    manifest_path = folder / "title.json"
    if manifest_path.is_file():
        head = _check_file(manifest_path, ctx, ("title",))
        results.append(head)
        done.add(manifest_path)
        if not head.problems:
            manifest, _ = read_json(manifest_path)
            topology = manifest.get("topology")
            for name, file_name in manifest.get("documents", {}).items():
                path = folder / file_name
                done.add(path)
                if not path.is_file():
                    message = f"file not found (title.json lists it as document '{name}')"
                    results.append(Checked(str(path), None, [Problem(str(path), "", message)]))
                    continue
                results.append(_check_file(path, ctx, expected_kinds(name, topology), slot=name))
    results += [_check_file(path, ctx) for path in files if path not in done]
    if manifest_path.is_file() and not any(r.problems for r in results):
        from wargame.validate import title_problems  # the cross-references of the whole title

        problems = title_problems(folder, ctx.data_dir)
        if problems:
            results.append(Checked(str(manifest_path), "title", problems))
    return results


def cmd_validate(args: argparse.Namespace, ctx: Context) -> int:
    path = Path(args.path)
    if path.is_dir():
        results = _check_folder(path, ctx)
        if not results:
            raise UsageError(f"{path}: no .json files in this folder")
    elif path.exists():
        results = [_check_file(path, ctx)]
    else:
        raise UsageError(f"{path}: no such file or folder")
    bad = [r for r in results if r.problems]
    if args.json:
        _print_json([r.to_json() for r in results])
    else:
        for result in results:
            if result.problems:
                for problem in result.problems:
                    print(problem)
            else:
                print(f"ok {result.file}" + (f" ({result.what})" if result.what else ""))
    if bad:
        count = sum(len(r.problems) for r in bad)
        _progress(f"{count} problem(s) in {len(bad)} of {len(results)} file(s)")
        return EXIT_USAGE
    return 0


# --------------------------------------------------------------------------- init


def cmd_init(args: argparse.Namespace, ctx: Context) -> int:
    from wargame.scaffold import init, package_name

    title_id = Path(args.name).name
    folder = Path(args.name)
    written = init(folder, title_id, "network" if args.points else "hex", force=args.force)
    print(f"wrote {len(written)} files in {folder}: a {title_id} title package")
    print(
        f"next: pip install -e {folder}; wargame validate {folder / package_name(title_id) / 'data'}"
    )
    print(f"      wargame new {title_id} -o game.json; wargame auto game.json; pytest {folder}")
    return 0


# --------------------------------------------------------------------------- template


def _document_name(title: Title, name: str) -> str:
    documents = title.manifest.documents
    if name in documents:
        return name
    for doc_name, file_name in documents.items():
        if name in (file_name, Path(file_name).name):
            return doc_name
    raise UsageError(f"{title.id} has no document {name!r} (documents: {', '.join(documents)})")


def cmd_template(args: argparse.Namespace, ctx: Context) -> int:
    title = ctx.title(args.title)
    name = _document_name(title, args.document)
    current = title.data.raw[name]
    text = json.dumps(template(current["kind"], current), indent=2, ensure_ascii=False) + "\n"
    if not args.output:
        sys.stdout.write(text)
        return 0
    out = Path(args.output)
    _refuse_overwrite(out, args.force)
    out.write_text(text, encoding="utf-8")
    file_name = title.manifest.documents[name]
    print(f"wrote {out}: fill it in, then save it as <owner data folder>/{title.id}/{file_name}")
    return 0


# --------------------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace, ctx: Context) -> int:
    path = args.file
    body = savefile.read(path)
    try:
        title = ctx.registry.get(body["title"])
        match = Match(title, body["scenario"], int(body["seed"]), body.get("options") or {})
    except UsageError as exc:
        raise savefile.SaveError(path, str(exc)) from None
    changed = [
        k for k, v in savefile.data_versions(match).items() if body.get("data", {}).get(k) != v
    ]
    hint = f" (data changed since the save: {', '.join(changed)})" if changed else ""
    opening = match.opening_events
    entries: list[LogEntry] = []
    for number, text in enumerate(body["actions"], 1):
        try:
            entries.append(_apply_logged(match, text, number))
        except UsageError as exc:
            raise savefile.SaveError(
                path, f"action {number} does not replay: {exc}{hint}"
            ) from None
    replayed = match.state_hash()
    verified: bool | None = None
    if args.verify:
        verified = savefile.check(body, match) is None
    if args.json:
        _print_json(
            {
                "file": path,
                "title": match.title.id,
                "scenario": match.scenario_id,
                "seed": match.seed,
                "options": match.options,
                "opening": [event.to_json() for event in opening],
                "actions": [entry.to_json() for entry in entries],
                "outcome": match.outcome,
                "state_hash": replayed,
                "verified": verified,
            }
        )
    else:
        for line in _log_lines(match, opening, entries):
            print(line)
        if verified:
            print(f"verified: the replay reproduces the saved state (hash {replayed[:16]})")
    if verified is False:
        raise savefile.SaveError(
            path, f"not verified: the replay does not reproduce the saved state{hint}"
        )
    return 0


# --------------------------------------------------------------------------- crt


def _strength(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"bad strength {text!r}: expected a number such as 12, 7.5 or 15/2"
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"bad strength {text!r}: must not be negative")
    return value


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _tables(title: Title) -> dict[str, CombatTable]:
    try:
        return build_tables(title)
    except ValueError as exc:
        raise UsageError(f"{title.id}: {exc}") from None


def cmd_crt(args: argparse.Namespace, ctx: Context) -> int:
    title = ctx.title(args.title)
    tables = _tables(title)
    table_id = args.table or title.settings("combat").get("table")
    table_id = table_id or next(iter(tables))
    if table_id not in tables:
        raise UsageError(f"{title.id} has no table {table_id!r} (tables: {', '.join(tables)})")
    table = tables[table_id]
    codes: dict[str, Any] = title.doc("combat-tables").get("codes", {})
    fire = table.kind == "fire"
    if fire and args.defense is not None:
        raise UsageError(f"table {table_id} is a fire table: give the fire total as --attack only")
    if not fire and args.defense is None:
        raise UsageError(f"table {table_id} is a {table.kind} table: give --defense too")
    if args.untried_attacker or args.untried_defender:
        return _crt_spread(args, title, table)
    if args.seen or args.defense_times != 1:
        raise UsageError("--seen and --defense-times go with --untried-attacker/--untried-defender")
    try:
        column = table.column(args.attack, args.defense, args.shift)
        outcome = resolve(table, column, args.roll) if args.roll is not None else None
        results = table.results(column)
    except ValueError as exc:
        raise UsageError(str(exc)) from None

    def named(code: str) -> str:
        entry = codes.get(code)
        return f"{code} ({entry['name']})" if isinstance(entry, dict) and "name" in entry else code

    lines = [str(line) for line in (outcome.explanation if outcome else column.explanation)]
    if args.json:
        _print_json(
            {
                "title": title.id,
                "table": table.id,
                "kind": table.kind,
                "dice": table.dice,
                "attack": _number(args.attack),
                "defense": _number(args.defense) if args.defense is not None else None,
                "shift": args.shift,
                "column": column.label,
                "automatic": column.automatic,
                "summary": explain(column),
                "explanation": lines,
                "roll": args.roll,
                "result": outcome.result if outcome else None,
                "results": {str(roll): code for roll, code in results.items()},
                "codes": {
                    code: codes[code].get("name")
                    for code in dict.fromkeys(results.values())
                    if isinstance(codes.get(code), dict)
                },
            }
        )
        return 0
    name = getattr(table, "name", None)
    print(f"table {table.id}" + (f" ({name})" if name else "") + f": {table.kind}, {table.dice}")
    print(explain(column))
    for line in lines:
        print(f"  {line}")
    print(f"column: {column.label}")
    if outcome is not None:
        print(f"result: {named(outcome.result)}")
    elif column.automatic is not None:
        print(f"result: {named(column.automatic)}, no roll")
    else:
        for roll, code in results.items():
            print(f"  roll {roll}: {named(code)}")
    return 0


def _crt_spread(args: argparse.Namespace, title: Title, table: CombatTable) -> int:
    """The columns and results over the faces untried units may show (PGG 12.2), for a paper
    game: the known strengths given, each untried unit's pool, the faces already seen."""
    if table.kind == "fire":
        raise UsageError(f"table {table.id} is a fire table: untried units fight on odds tables")
    if args.roll is not None:
        raise UsageError("--roll: an untried unit's face is not known, so neither is the column")
    untried = {"attacker": args.untried_attacker or [], "defender": args.untried_defender or []}
    try:
        found = paper_spread(
            title,
            table,
            args.attack,
            args.defense,
            untried,
            args.shift,
            args.defense_times,
            args.seen or (),
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json(
            {
                "title": title.id,
                "table": table.id,
                "attack": _number(args.attack),
                "defense": _number(args.defense),
                "shift": args.shift,
                "defense_times": _number(args.defense_times),
                "untried": untried,
                "seen": args.seen or [],
                "spread": found.to_json(),
            }
        )
        return 0
    name = getattr(table, "name", None)
    print(f"table {table.id}" + (f" ({name})" if name else "") + f": {table.kind}, {table.dice}")
    known = f"known: attack {_number(args.attack)}, defense {_number(args.defense)}"
    if args.defense_times != 1:
        known += f", defense total x{_number(args.defense_times)}"
    if args.shift:
        known += f", shift {args.shift:+d}"
    print(known)
    for side in ("attacker", "defender"):
        if untried[side]:
            print(f"untried {side}s drawn from: {', '.join(untried[side])} (PGG 12.2)")
    how = "" if found.exact else f" ({SAMPLES} seeded draws)"
    print(f"faces left in those pools: {found.faces}{how}")
    print("columns:")
    for label, p in found.columns.items():
        print(f"  {label}: {p:.1%}")
    print("results:")
    for code, p in found.results.items():
        print(f"  {_crt_named(title, code)}: {p:.1%}")
    return 0


def _crt_named(title: Title, code: str) -> str:
    entry = title.doc("combat-tables").get("codes", {}).get(code)
    return f"{code} ({entry['name']})" if isinstance(entry, dict) and "name" in entry else code


# --------------------------------------------------------------------------- odds


def cmd_odds(args: argparse.Namespace, ctx: Context) -> int:
    from wargame.web import odds  # the page's preview: no web stack is imported with it

    match = ctx.load(args.file)
    decision = match.decision
    side = _side(match, args.as_side) or (decision.side if decision else None)
    expanded = shorthand.expand(match, args.action)
    action = expanded.action
    if not odds.priceable(match, action):
        raise UsageError(
            f"'{action}': odds are for 'attack TARGET with UNITS', 'overrun TARGET with "
            "UNITS via PATH' and a title's own battles such as Dark Crusade's 'fight POINT' "
            "(see wargame actions --verb attack)"
        )
    found = odds.attack_odds(match, action, side)
    if args.json:
        _print_json({**found, "as": side})
        return 0
    if expanded.note:
        print(f"# {args.action.strip()}: {expanded.note}")
    print(f"{action}: {found['column']}" + (f"  {found['summary']}" if found["summary"] else ""))
    for line in found["explanation"]:
        print(f"  {line}")
    for roll, code in found["results"].items():
        print(f"  roll {roll}: {code}")
    spread = found.get("spread")
    if spread:
        print(f"as {side} may know it, over the {spread['faces']} faces left (PGG 12.2):")
        print("  columns: " + ", ".join(f"{k} {p:.0%}" for k, p in spread["columns"].items()))
        print("  results: " + ", ".join(f"{k} {p:.0%}" for k, p in spread["results"].items()))
    return 0


# --------------------------------------------------------------------------- demo


def default_demo_title(registry: Registry) -> Title:
    """The demo's title: Panzergruppe Guderian when installed, else the first by id."""
    ids = registry.ids()  # without loading the others
    if DEFAULT_DEMO_TITLE in ids:
        return registry.get(DEFAULT_DEMO_TITLE)
    if not ids:
        raise UsageError("no titles installed: nothing to play")
    return registry.get(ids[0])


def cmd_demo(args: argparse.Namespace, ctx: Context) -> int:
    title = ctx.title(args.title) if args.title else default_demo_title(ctx.registry)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    match = Match(title, None, args.seed)
    opening = match.opening_events
    bots = {side: make_bot("random", args.seed + i) for i, side in enumerate(match.sides)}
    _progress(f"{title.name}: scenario {match.scenario_id}, seed {args.seed}, random bots")
    entries: list[LogEntry] = []
    count = _play(match, bots, "end", entries)
    elapsed = time.perf_counter() - started
    save_path, log_path, map_path = (
        out / "demo.save.json",
        out / "demo-log.txt",
        out / "demo-map.png",
    )
    savefile.save(match, save_path)
    log_path.write_text("\n".join(_log_lines(match, opening, entries)) + "\n", encoding="utf-8")
    try:
        render = _renderer()
    except UsageError as exc:
        map_note: str | None = f"map not drawn: {exc}"
        drawn = False
    else:
        render(match, map_path, side=None)
        map_note, drawn = None, True
    outcome = match.outcome or {}
    vp = match.state.vp
    summary = {
        "title": title.id,
        "scenario": match.scenario_id,
        "seed": args.seed,
        "winner": outcome.get("winner"),
        "level": outcome.get("level"),
        "text": outcome.get("text"),
        "vp": {side: vp.get(side, 0) for side in match.sides},
        "actions": count,
        "seconds": round(elapsed, 3),
        "files": {
            "save": str(save_path),
            "log": str(log_path),
            "map": str(map_path) if drawn else None,
        },
    }
    if args.json:
        _print_json(summary)
        return 0
    print(f"{title.name}, scenario {match.scenario_id}, seed {args.seed}")
    print(f"result: {_outcome_text(match.outcome)}")
    print("VP: " + ", ".join(f"{s} {v:g}" for s, v in summary["vp"].items()))
    print(f"{count} actions in {elapsed:.2f} s")
    print(f"wrote {save_path}, {log_path}" + (f", {map_path}" if drawn else ""))
    if map_note:
        print(map_note)
    return 0


# --------------------------------------------------------------------------- the parser


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line (the full usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see '{self.prog} --help')\n")


Handler = Callable[[argparse.Namespace, Context], int]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="wargame",
        description="Play, check and inspect board wargames.",
        epilog="TITLE is a title id or alias ('wargame games' lists them).",
    )
    parser.add_argument("--version", action="version", version=f"wargame {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        default=None,
        help="owner data folder (default: WARGAME_DATA or the platform's data folder)",
    )
    common = _Parser(add_help=False)
    common.add_argument(
        "--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    as_json = _Parser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print machine-readable JSON")
    as_side = _Parser(add_help=False)
    as_side.add_argument("--as", dest="as_side", metavar="SIDE", help="one side's view")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(
        name: str, handler: Handler, help_text: str, *parents: _Parser
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name, help=help_text, description=help_text, parents=[common, *parents]
        )
        sub.set_defaults(handler=handler)
        return sub

    command("games", cmd_games, "list the installed titles", as_json)

    sub = command("info", cmd_info, "a title's scenarios, sides and data provenance", as_json)
    sub.add_argument("title", metavar="TITLE")

    sub = command("new", cmd_new, "start a game: create a save file", as_json)
    sub.add_argument("title", metavar="TITLE")
    sub.add_argument("--scenario", metavar="S", help="scenario id (default: the title's)")
    sub.add_argument("--seed", type=_seed, metavar="N", help="dice seed (default: random)")
    sub.add_argument(
        "--option", action="append", metavar="NAME=on|off", help="a scenario option (repeatable)"
    )
    sub.add_argument("-o", "--output", metavar="FILE", help="default: TITLE-SEED.save.json")
    sub.add_argument("--force", action="store_true", help="overwrite an existing file")

    sub = command("status", cmd_status, "the state of a game", as_json, as_side)
    sub.add_argument("file", metavar="FILE")

    sub = command("actions", cmd_actions, "the legal actions now, in notation", as_json, as_side)
    sub.add_argument("file", metavar="FILE")
    which = sub.add_mutually_exclusive_group()
    which.add_argument(
        "--unit",
        metavar="ID[,ID...]",
        help="only this unit's (or stack's, or --actors entry's) actions, found without "
        "listing the others",
    )
    which.add_argument(
        "--actors", action="store_true", help="only who may act now (units, stacks, targets)"
    )
    which.add_argument("--at", metavar="LOC", help="only the actions of the units at LOC")
    sub.add_argument("--verb", metavar="VERB", help="only this verb's actions (move, attack...)")
    sub.add_argument(
        "--to", metavar="LOC", help="only the actions going to LOC (a destination or a target)"
    )
    sub.add_argument(
        "--all",
        action="store_true",
        help=f"list every action even past {SCREENFUL} (else a summary by verb and actor)",
    )

    sub = command(
        "act",
        cmd_act,
        "apply actions (each one quoted argument); all or nothing is saved",
        as_json,
    )
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("actions", nargs="+", metavar="ACTION")

    sub = command("undo", cmd_undo, "take back the last action", as_json)
    sub.add_argument("file", metavar="FILE")

    sub = command("auto", cmd_auto, "let bots play on", as_json)
    sub.add_argument("file", metavar="FILE")
    sub.add_argument(
        "--bots",
        default="random",
        metavar="B1,B2",
        help=f"bots in the title's side order, or one for all (known: {', '.join(sorted(BOTS))})",
    )
    sub.add_argument(
        "--until",
        choices=("phase", "turn", "end"),
        default="end",
        help="stop when the current phase or turn ends, or at the end of the game (default)",
    )
    sub.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help="bot seed (default: the game's seed plus the actions so far)",
    )

    sub = command("render", cmd_render, "draw the map with the units", as_json, as_side)
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("-o", "--output", metavar="OUT", help="a .png or .svg (default: FILE.png)")

    sub = command(
        "validate", cmd_validate, "check a data file, a folder of data files or a save", as_json
    )
    sub.add_argument("path", metavar="PATH")

    sub = command("init", cmd_init, "start a new title package that installs and plays at once")
    sub.add_argument(
        "name", metavar="NAME", help="the title id, and the folder to write (my-title)"
    )
    shape = sub.add_mutually_exclusive_group()
    shape.add_argument("--hex", action="store_true", help="a hex map (the default)")
    shape.add_argument("--points", action="store_true", help="a point-to-point map")
    sub.add_argument("--force", action="store_true", help="write into a folder that is not empty")

    sub = command("template", cmd_template, "a skeleton of a title's document for an owner")
    sub.add_argument("title", metavar="TITLE")
    sub.add_argument("document", metavar="DOCUMENT", help="a document name from title.json")
    sub.add_argument("-o", "--output", metavar="FILE", help="default: print it")
    sub.add_argument("--force", action="store_true", help="overwrite an existing file")

    sub = command("replay", cmd_replay, "the event log of a game, replayed from its save", as_json)
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("--verify", action="store_true", help="check the replay against the snapshot")

    sub = command("crt", cmd_crt, "look up a combat table, for paper players", as_json)
    sub.add_argument("title", metavar="TITLE")
    sub.add_argument("--table", metavar="T", help="table id (default: the title's combat table)")
    sub.add_argument(
        "--attack",
        type=_strength,
        required=True,
        metavar="A",
        help="attack strength (fire tables: the fire total)",
    )
    sub.add_argument("--defense", type=_strength, metavar="D", help="defense strength")
    sub.add_argument(
        "--shift", type=int, default=0, metavar="S", help="net column shift, + for the attacker"
    )
    sub.add_argument("--roll", type=int, metavar="R", help="the die roll (default: every roll)")
    sub.add_argument(
        "--untried-attacker",
        action="append",
        metavar="POOL",
        help="an untried attacking unit drawn from POOL (repeatable): the spread of columns",
    )
    sub.add_argument(
        "--untried-defender",
        action="append",
        metavar="POOL",
        help="an untried defending unit drawn from POOL (repeatable): the spread of columns",
    )
    sub.add_argument(
        "--seen",
        action="append",
        metavar="LABEL",
        help="a face already revealed, out of its pool (repeatable, e.g. 4-4-8)",
    )
    sub.add_argument(
        "--defense-times",
        type=_strength,
        default=Fraction(1),
        metavar="M",
        help="multiply the defense total, untried units included (terrain: 2)",
    )

    sub = command(
        "odds",
        cmd_odds,
        "an attack's odds before it is made (untried units: the spread over their faces)",
        as_json,
        as_side,
    )
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("action", metavar="ACTION", help="an attack or overrun (short forms too)")

    sub = command("demo", cmd_demo, "watch bots play a whole game", as_json)
    sub.add_argument("--title", metavar="T", help=f"default: {DEFAULT_DEMO_TITLE} if installed")
    sub.add_argument("--seed", type=_seed, default=1, metavar="N", help="default: 1")
    sub.add_argument("--out", default="wargame-demo", metavar="DIR", help="default: wargame-demo")

    def cmd_serve(args: argparse.Namespace, ctx: Context) -> int:
        from wargame.web.app import serve_command  # the web stack loads only to serve

        return serve_command(args, ctx)

    sub = command("serve", cmd_serve, "play in a browser: a local web server for every title")
    sub.add_argument("--host", default="127.0.0.1", metavar="H", help="default: 127.0.0.1")
    sub.add_argument("--port", type=int, default=8765, metavar="P", help="default: 8765; 0: any")
    sub.add_argument("--title", metavar="T", help="the title the page offers first")
    sub.add_argument(
        "--db", metavar="PATH", help="the matches' database (default: in the user's data folder)"
    )
    sub.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a --host beyond this machine (plain HTTP: anyone on the network can play)",
    )

    def cmd_edit_map(args: argparse.Namespace, ctx: Context) -> int:
        from wargame.editor.app import edit_map_command  # the web stack loads only to serve

        return edit_map_command(args, ctx)

    sub = command("edit-map", cmd_edit_map, "paint a title's map.json in a browser")
    sub.add_argument("folder", metavar="DATA_DIR", help="the folder of map.json (a title's data)")
    sub.add_argument("--new", choices=["hex", "points"], help="start a new map of hexes or points")
    sub.add_argument("--id", metavar="ID", help="a new map's id (default: the folder's name)")
    sub.add_argument("--columns", type=int, default=10, metavar="N", help="a new grid's columns")
    sub.add_argument("--rows", type=int, default=8, metavar="N", help="a new grid's rows")
    sub.add_argument("--orientation", choices=["flat", "pointy"], help="a new grid's hexes")
    sub.add_argument("--host", default="127.0.0.1", metavar="H", help="default: 127.0.0.1")
    sub.add_argument("--port", type=int, default=8766, metavar="P", help="default: 8766; 0: any")

    from wargame.simulate import add_command as add_simulate  # batch games, balance reports

    add_simulate(command, as_json)
    return parser


# --------------------------------------------------------------------------- main


def _os_message(exc: OSError) -> str:
    what = exc.strerror or str(exc)
    return f"{exc.filename}: {what}" if exc.filename else what


def main(argv: Sequence[str] | None = None, *, extra_plugins: Sequence[object] = ()) -> int:
    """Run one command; returns the exit status (0 ok, 2 a usage or data error, 130 ^C)."""
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(None if argv is None else list(argv))
        except SystemExit as exc:  # --help, --version and usage errors
            return (
                exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
            )
        data_dir = Path(args.data_dir).expanduser() if args.data_dir else None
        if data_dir is not None and not data_dir.is_dir():
            raise UsageError(f"{data_dir}: owner data folder not found")
        handler: Handler = args.handler
        return handler(args, Context(extra_plugins, data_dir))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `wargame replay g.json | head`: the reader has gone
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_USAGE
    except WargameError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(_os_message(exc), file=sys.stderr)
        return EXIT_USAGE
