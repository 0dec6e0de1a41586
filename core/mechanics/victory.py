"""Victory from data: who holds the objectives, a ledger of victory points, thresholds judged at
set moments, sudden-death locations and levels of victory.

The scenario's ``victory`` block lists conditions; the kinds this mechanic owns (the params of
each are checked at load by :data:`wargame.models.VICTORY_KINDS`) are:

- ``hold``: at the end, the side holding every listed location wins; with ``side`` set, that side
  wins if it holds them and the other (or ``default``) otherwise (PGG 15.11-style objectives).
- ``vp``: at the end, ``side`` wins when the VP of the listed objectives it holds reach
  ``needed``; otherwise its enemy.
- ``sudden-death``: ``side`` wins at once when it holds the listed locations (every one, or any
  with ``all: false``), judged after every move and at the end of every phase.
- ``threshold``: at each check (``mechanic_options.victory.checks``, on the turns tagged
  ``check_tag`` in the calendar), ``side`` wins when the VP of ``of`` (itself by default; less
  its enemy's with ``net``) reach ``needed``, or fall to it with ``at_most``; the number may
  come from the turn's calendar values (``needed_from``, ``index``), as a victory track does,
  or from a table document (``table``; BARB 4.14's check chart), and ``text`` words the result.
  A title whose rules judge at their own moment, add points the ledger does not hold or turn a
  win into a draw calls :func:`threshold_check` itself (``end``, ``bonus``; PMD 4.3).
- ``vp-levels``: at the end, the level of victory for ``net_of``'s VP less its enemy's, read from
  the settings' ``levels`` or a table document's ``level`` entries (``table``).

A location is held by the side with units in it (unless ``held_by`` is "control"), else by the
side controlling it (``state.control``, kept by the ``control`` mechanic or the title), else by
``default_holder``. A group (``groups``) is one objective of several locations, held by its
``side`` with all of them and by its enemy with any (PMD 4.5.1's two-hex Moscow).
Every point goes through :func:`award` into a ledger (namespace ``victory``), so a report can
explain them; with ``score_objectives`` the ledger follows control: a side taking an objective
gains its VP (the location's ``vp`` attribute) and the side losing it loses them. Kinds it does not
own are a title's own and left to its rules. A title's ``wargame_outcome`` is asked first; this
one answers only when the title's rules do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypedDict, cast

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit
from wargame.topology import is_box

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""

OWN_KINDS = ("hold", "vp", "sudden-death", "threshold", "vp-levels")
"""Scenario victory condition kinds this mechanic judges."""


class VictoryState(TypedDict, total=False):
    """What the mechanic keeps, in its namespace ``victory``."""

    ledger: list[dict[str, Any]]  # every point awarded: turn, side, points, why, rule
    holders: dict[str, str]  # objective -> the side last scored as holding it
    streaks: dict[str, int]  # condition -> consecutive checks it has held at


def state(match: Match) -> VictoryState:
    return cast(VictoryState, match.state.ns("victory"))


def settings(match: Match) -> dict[str, Any]:
    return match.settings("victory")


# ----------------------------------------------------------------------------- the ledger


def award(match: Match, side: str, points: float, why: str, rule: str | None, **data: Any) -> None:
    """Give ``side`` VP now (negative takes them away), as an event, kept in the ledger."""
    if not points:
        return
    match.add_vp(side, points, why, rule)
    state(match).setdefault("ledger", []).append(
        {"turn": match.turn, "side": side, "points": points, "why": why, "rule": rule, **data}
    )


def ledger(match: Match) -> list[dict[str, Any]]:
    """Every point awarded so far, in order."""
    return list(state(match).get("ledger", []))


def place_name(match: Match, loc: str) -> str:
    """A location's name on the map, else its id."""
    return str(match.topology.attrs(loc).get("name") or loc)


def side_name(match: Match, side: str | None) -> str:
    """A side's name as the title gives it ("German" for german)."""
    return next((s.name for s in match.title.manifest.sides if s.id == side), str(side))


def net(match: Match, side: str) -> float:
    """``side``'s VP less its enemy's."""
    vp = match.state.vp
    return float(vp.get(side, 0)) - float(vp.get(match.enemy(side), 0))


# ----------------------------------------------------------------------------- holding


def holder(match: Match, loc: str) -> str | None:
    """Who holds ``loc``: the side with units in it (unless ``held_by`` is "control"), else its
    controller, else the default."""
    s = settings(match)
    side = match.side_at(loc) if s.get("held_by", "occupation") == "occupation" else None
    if side is not None:
        return side
    controlled = match.state.control.get(loc)
    if controlled is not None:
        return controlled
    default = s.get("default_holder")
    return str(default) if default else None


GROUP = "group:"
"""The prefix of a group objective's key (``group:Moscow``)."""


def groups(match: Match) -> dict[str, dict[str, Any]]:
    """Group objectives by key (``groups`` setting)."""
    return {GROUP + g["name"]: dict(g) for g in settings(match).get("groups") or ()}


def objective_holder(match: Match, key: str) -> str | None:
    """Who holds objective ``key``: a location's :func:`holder`; a group's ``side`` while it
    holds every location, else its enemy (PMD 4.5.1: one Moscow hex back takes the 9 VP)."""
    group = groups(match).get(key)
    if group is None:
        return holder(match, key)
    side = str(group["side"])
    every = all(holder(match, loc) == side for loc in group["locations"])
    return side if every else match.enemy(side)


def objectives(match: Match) -> dict[str, float]:
    """Objective -> its VP: the ``objectives`` setting's locations and regions, or every location
    with a ``vp`` attribute; a group (``groups``) stands in for its locations."""
    found = match.cache.get("victory-objectives")
    if found is None:
        topo = match.topology
        names = settings(match).get("objectives")
        locs = (
            match.resolve_locations(names)
            if names is not None
            else [loc for loc in topo.locations() if topo.attrs(loc).get("vp")]
        )
        grouped = groups(match)
        members = {loc for g in grouped.values() for loc in g["locations"]}
        found = {loc: float(topo.attrs(loc).get("vp", 0)) for loc in sorted(locs)}
        found = {loc: vp for loc, vp in found.items() if loc not in members}
        found.update({key: float(g["vp"]) for key, g in grouped.items()})
        match.cache["victory-objectives"] = found
    return dict(found)


def held_vp(match: Match, side: str, locs: list[str] | None = None) -> float:
    """VP of the objectives (or of ``locs``) ``side`` holds now."""
    values = objectives(match)
    topo = match.topology
    places = values if locs is None else locs
    return sum(
        values.get(loc, float(topo.attrs(loc).get("vp", 0)))
        for loc in places
        if objective_holder(match, loc) == side
    )


def score_objectives(match: Match, start: bool = False) -> None:
    """With ``score_objectives``: move each objective's VP to its new holder in the ledger (only
    ``score_for``'s, when set: it gains an objective's VP taking it and loses them losing it).
    At the ``start``, what each side holds is scored unless ``score_start`` is false (the score
    then starts at 0 and only changes of control count)."""
    s = settings(match)
    if not s.get("score_objectives"):
        return
    rule, only = s.get("rule"), s.get("score_for")
    quiet = start and not s.get("score_start", True)
    last = state(match).setdefault("holders", {})
    for loc, vp in objectives(match).items():
        side = objective_holder(match, loc)
        before = last.get(loc)
        if side == before or side is None:
            continue
        last[loc] = side
        if quiet:
            continue
        name = loc.removeprefix(GROUP) if loc.startswith(GROUP) else place_name(match, loc)
        if before is not None and only in (None, before):
            award(match, before, -vp, f"{name} lost", rule, objective=loc)
        if only in (None, side):
            award(match, side, vp, f"{name} taken", rule, objective=loc)


# ----------------------------------------------------------------------------- conditions


def conditions(match: Match, *kinds: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The scenario's conditions of ``kinds`` (all of this mechanic's by default), in order."""
    wanted = kinds or OWN_KINDS
    for cid, cond in (match.scenario.get("victory") or {}).items():
        if cond.get("kind") in wanted:
            yield cid, cond


def places(match: Match, params: Mapping[str, Any]) -> list[str]:
    """The locations a condition names (``hexes``, ``locations``, ``region``, ``regions``)."""
    names = [*params.get("hexes", ()), *params.get("locations", ())]
    names += [*([params["region"]] if params.get("region") else []), *params.get("regions", ())]
    key = ("victory-places", tuple(names))
    found = match.cache.get(key)
    if found is None:
        found = match.cache[key] = sorted(match.resolve_locations(names))
    return list(found)


def holds(match: Match, side: str, locs: list[str], every: bool = True) -> bool:
    held = [holder(match, loc) == side for loc in locs]
    return bool(held) and (all(held) if every else any(held))


def streak(match: Match, name: str, holds: bool) -> int:
    """Count the consecutive checks at which condition ``name`` held (0 once it does not): for a
    condition that must hold "throughout N complete turns" (Dark Crusade 2.B.3)."""
    streaks = state(match).setdefault("streaks", {})
    streaks[name] = int(streaks.get(name, 0)) + 1 if holds else 0
    return int(streaks[name])


def ends_player_turn(match: Match) -> bool:
    """Whether the phase now ending is the last one of its player turn to be played."""
    c = match.state.cursor
    if c.stage != "turn":
        return False
    block = match.sequence.turn_blocks[c.block]
    if block.side is None:
        return False
    leaves = match.sequence.leaves(block, match.state.orders.get(block.key))
    for leaf in leaves[c.phase + 1 :]:
        if leaf.spec.when is None or match.hook.wargame_phase_active(match=match, phase=leaf.spec):
            return False
    return True


def ends_turn(match: Match) -> bool:
    """Whether the phase now ending is the last one of the game turn to be played."""
    c = match.state.cursor
    if c.stage != "turn" or c.block != len(match.sequence.turn_blocks) - 1:
        return False
    block = match.sequence.turn_blocks[c.block]
    leaves = match.sequence.leaves(block, match.state.orders.get(block.key))
    return all(
        leaf.spec.when is not None
        and not match.hook.wargame_phase_active(match=match, phase=leaf.spec)
        for leaf in leaves[c.phase + 1 :]
    )


def is_check(match: Match, phase: PhaseSpec) -> bool:
    """Whether the end of ``phase`` is a victory check (``checks``: phase ids, "player-turn" or
    "turn"; only on turns whose calendar tags hold ``check_tag``, when it is set)."""
    s = settings(match)
    tag = s.get("check_tag")
    if tag:
        from wargame import calendar

        if not calendar.has_tag(match, tag):
            return False
    checks = s.get("checks") or ()
    return (
        phase.id in checks
        or ("player-turn" in checks and ends_player_turn(match))
        or ("turn" in checks and ends_turn(match))
    )


def sudden_death(match: Match) -> None:
    """End the game at once if a side holds its sudden-death locations."""
    for _, cond in conditions(match, "sudden-death"):
        if match.state.outcome is not None:
            return
        params = cond.get("params") or {}
        side = cond["side"]
        locs = places(match, params)
        if holds(match, side, locs, params.get("all", True)):
            names = ", ".join(str(match.topology.attrs(x).get("name") or x) for x in locs)
            text = f"{side_name(match, side)} holds {names}"
            match.end_game(side, params.get("level", "decisive"), text, cond.get("rule"))


def threshold(match: Match, params: Mapping[str, Any]) -> float | None:
    """The number a ``threshold`` condition needs this turn (None: no check this turn): fixed,
    from the turn's calendar values, or from a table (``table``, a dotted ``needed_from`` path
    in its entries, ``{turn}`` the turn number)."""
    if params.get("needed") is not None:
        return float(params["needed"])
    value: Any
    if params.get("table"):
        value = match.title.doc(params["table"])["entries"]
        for key in str(params["needed_from"]).format(turn=match.turn).split("."):
            value = value.get(key) if isinstance(value, dict) else None
    else:
        from wargame import calendar

        value = (calendar.turn_spec(match).get("values") or {}).get(params["needed_from"])
    if isinstance(value, list):
        index = params.get("index")
        value = value[index] if index is not None and index < len(value) else None
    return float(value) if isinstance(value, int | float) else None


def judge(match: Match, cond: Mapping[str, Any], bonus: float = 0.0) -> dict[str, Any] | None:
    """A ``threshold`` condition's result now (None: it does not decide): the outcome for its
    side when the VP counted (plus a title's ``bonus``, e.g. BARB 4.20's Forgiveness Points)
    reach, or with ``at_most`` fall to, the number it needs this turn."""
    params = cond.get("params") or {}
    side = cond["side"]
    needed = threshold(match, params)
    if needed is None:
        return None
    of = params.get("of") or side
    have = (net(match, of) if params.get("net") else float(match.state.vp.get(of, 0))) + bonus
    if not (have <= needed if params.get("at_most") else have >= needed):
        return None
    if params.get("text"):
        text = params["text"].format(
            have=have, needed=needed, turn=match.turn, side=side_name(match, side),
            of=side_name(match, of),
        )  # fmt: skip
    else:
        what = f"{side_name(match, of)} {'net VP' if params.get('net') else 'VP'}"
        sign = "<=" if params.get("at_most") else ">="
        text = f"{what} {have:g} {sign} {needed:g}: {side_name(match, side)} wins"
    level = params.get("level", "decisive")
    return {"winner": side, "level": level, "text": text, "rule": cond.get("rule")}


Ending = Callable[[Match, str | None, str, str, str | None], None]


def end_game(match: Match, winner: str | None, level: str, text: str, rule: str | None) -> None:
    match.end_game(winner, level, text, rule)


def threshold_check(match: Match, end: Ending = end_game, bonus: float = 0.0) -> None:
    """At a check: the first ``threshold`` condition that decides ends the game, through ``end``
    (a title's own, when its rules may turn the win into something else, e.g. PMD 4.3)."""
    for _, cond in conditions(match, "threshold"):
        if match.state.outcome is not None:
            return
        found = judge(match, cond, bonus)
        if found is not None:
            end(match, found["winner"], found["level"], found["text"], found["rule"])


# ----------------------------------------------------------------------------- levels


def levels(match: Match, table: str | None = None) -> list[dict[str, Any]]:
    """The levels of victory, lowest first: a table document's ``level`` entries, or the
    settings' ``levels``."""
    if table:
        found = [e for e in match.title.doc(table)["entries"].values() if e.get("what") == "level"]
    else:
        found = list(settings(match).get("levels") or ())
    return sorted(found, key=lambda e: e.get("min", -(10**9)))


def level_for(
    match: Match, points: float, table: str | None = None, rule: str | None = None
) -> dict[str, Any]:
    """The outcome for ``net_of``'s net VP ``points``: the level whose ``min``-``max`` holds
    them, e.g. "Soviet Decisive victory: German -42 net VP (PGG 15.2)"."""
    rule = rule or settings(match).get("rule")
    name = side_name(match, settings(match).get("net_of") or match.sides[0])
    for e in levels(match, table):
        if e.get("min", -(10**9)) <= points <= e.get("max", 10**9):
            what = f"{e['level']} victory" if e.get("winner") else e["level"]
            text = f"{what}: {name} {points:+g} net VP" + (f" ({rule})" if rule else "")
            return {"winner": e.get("winner"), "level": e["level"], "text": text, "rule": rule}
    raise ValueError(f"no level of victory for {points:g} net VP")


# ----------------------------------------------------------------------------- the end


def outcome(match: Match) -> dict[str, Any] | None:
    """The result when the last turn is over, from the first condition that decides it."""
    score_objectives(match)
    for _, cond in conditions(match, "hold", "vp", "vp-levels"):
        params = cond.get("params") or {}
        kind, side, rule = cond["kind"], cond.get("side"), cond.get("rule")
        level = params.get("level", "decisive")
        if kind == "hold":
            locs = places(match, params)
            names = ", ".join(str(match.topology.attrs(x).get("name") or x) for x in locs)
            sides = [side] if side else list(match.sides)
            winner = next((s for s in sides if holds(match, s, locs)), None)
            if winner is not None:
                text = f"{side_name(match, winner)} holds {names}"
                return {"winner": winner, "level": level, "text": text, "rule": rule}
            other = params.get("default") or (match.enemy(side) if side else None)
            if other is not None:
                who = f"{side_name(match, side)} does not hold" if side else "no side holds"
                text = f"{who} {names}: {side_name(match, other)} wins"
                return {"winner": other, "level": level, "text": text, "rule": rule}
        elif kind == "vp":
            assert side is not None
            have = held_vp(match, side, places(match, params) or None)
            needed = float(params["needed"])
            winner = side if have >= needed else match.enemy(side)
            return {"winner": winner, "level": level,
                    "text": f"{side_name(match, side)} holds {have:g} VP of objectives "
                    f"(needs {needed:g})",
                    "rule": rule}  # fmt: skip
        else:
            who = side or settings(match).get("net_of") or match.sides[0]
            return level_for(match, net(match, who), params.get("table"), rule)
    if settings(match).get("levels"):
        who = settings(match).get("net_of") or match.sides[0]
        return level_for(match, net(match, who))
    at_end = settings(match).get("at_end")
    if at_end:
        return {"rule": settings(match).get("rule"), **at_end}
    return None


# ----------------------------------------------------------------------------- hooks


def _live(match: Match) -> bool:
    return match.state.cursor.stage == "turn" and match.state.outcome is None


@hookimpl
def wargame_setup(match: Match) -> None:
    score_objectives(match, start=True)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if _live(match) and any(not is_box(loc) for loc in path):
        score_objectives(match)
        sudden_death(match)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    if not _live(match):
        return
    score_objectives(match)
    sudden_death(match)
    if _live(match) and is_check(match, phase):
        threshold_check(match)


@hookimpl(trylast=True)
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    return outcome(match)


@hookimpl
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    """The VP ledger, for the CLI and the web page (a title's own report may replace it)."""
    if "victory" not in view and ledger(match):
        view["victory"] = {"vp": dict(match.state.vp), "ledger": ledger(match)}
