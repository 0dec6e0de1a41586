"""PGG victory (15.0-15.2, 14.23): points as they are earned, the end-game tally and the level.

German points: each city and VP hex the Germans occupy at the end (15.11) with a line of hexes
to the west edge free of Soviet units and un-negated Soviet ZOC, plus the South-Western Front
divisions the Soviets call (14.23, scored by the reinforcements module through :func:`award`).
Soviet points: 5 for each entire German division destroyed, at that instant, and 2 for each city
recaptured, every time (15.12). Occupation counts the last side to pass through each hex, so every
move, retreat, advance and overrun move-in is recorded (``wargame_moved``) as control of the
objective hexes in ``state.control`` (the control mechanic's :func:`~wargame.mechanics.control.take`).
Every point goes through the shared victory mechanic's ledger (:func:`award`), so
:func:`vp_report` explains them all; the levels (15.2) are the mechanic's, read from the VP
schedule's ``level`` entries, with this title's "marginal-is-draw" option on top.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import control
from wargame.mechanics import victory as shared
from wargame.mechanics.zoc import zoc_of
from wargame.models import PhaseSpec
from wargame.state import Unit

SOVIET = "soviet"
GERMAN = "german"
NS = "pgg-victory"  # this module's state (state.ns)
HELD = "pgg:german-held"  # {"turn", "cities"}: held at the end of the last German Player-Turn
DESTROYED = "pgg:divisions-destroyed"  # German divisions already scored (15.12)
FINAL = "pgg:final-tally"  # the end-game points were awarded
NO_VP_TYPES = ("cavalry",)  # 15.12: the German Cavalry Division is worth nothing


@dataclass(frozen=True)
class Objective:
    """A city or VP hex of 15.11: its name, kind ("city" or "hex"), points and hexes."""

    name: str
    what: str
    vp: int
    hexes: tuple[str, ...]
    rule: str


# ----------------------------------------------------------------------------- data


def table_name(match: Match) -> str:
    """The VP schedule and levels document (victory.json), named by the scenario's condition."""
    name = "victory"
    for cond in match.scenario.get("victory", {}).values():
        name = cond.get("params", {}).get("table", name)
    return str(name)


def table(match: Match) -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = match.title.doc(table_name(match))["entries"]
    return entries


def objectives(match: Match) -> list[Objective]:
    found = match.cache.get("pgg:objectives")
    if found is None:
        found = []
        for name, e in table(match).items():
            if e.get("what") in ("city", "hex"):
                rule = (e.get("provenance") or {}).get("rule") or "PGG 15.11"
                hexes = tuple(sorted(match.topology.region(e["region"])))
                found.append(Objective(name, e["what"], int(e["vp"]), hexes, rule))
        match.cache["pgg:objectives"] = found
    return list(found)


def objective_hexes(match: Match) -> frozenset[str]:
    found = match.cache.get("pgg:objective-hexes")
    if found is None:
        found = frozenset(h for o in objectives(match) for h in o.hexes)
        match.cache["pgg:objective-hexes"] = found
    return frozenset(found)


def swf_points(match: Match, n: int) -> int:
    """German VP for the ``n``-th South-Western Front division called (14.23: 1 each for the
    first five, 2 each for the next five)."""
    first = 0
    for e in table(match).values():
        if e.get("what") == "german-per-swf-division":
            count = int(e.get("count", 1))
            if n <= first + count:
                return int(e["vp"])
            first += count
    return 0


def division_points(match: Match) -> int:
    for e in table(match).values():
        if e.get("what") == "soviet-per-german-division":
            return int(e["vp"])
    return 0


def recapture_points(match: Match) -> int:
    for e in table(match).values():
        if e.get("what") == "soviet-per-recapture":
            return int(e["vp"])
    return 0


def divisions(match: Match) -> dict[str, list[str]]:
    """German divisions worth VP when destroyed (15.12): division -> its counters. Regiments of a
    panzer or motorized division share a ``formation``; an infantry division is one counter; the
    Cavalry Division and independent regiments (Lehr, Gross Deutschland) count for nothing."""
    found = match.cache.get("pgg:divisions")
    if found is None:
        excluded: set[str] = set(NO_VP_TYPES)
        for e in table(match).values():
            if e.get("what") == "soviet-per-german-division":
                excluded = set(e.get("exclude_types", NO_VP_TYPES))
        doc = match.counters_doc
        found = {}
        for cid, c in doc["counters"].items():
            if c["side"] != GERMAN or c["type"] in excluded:
                continue
            if c.get("formation"):
                found.setdefault(c["formation"], []).append(cid)
            elif "division" in doc["unit_types"][c["type"]].get("tags", ()):
                found[cid] = [cid]
        match.cache["pgg:divisions"] = found
    return dict(found)


def division_of(match: Match, counter_id: str) -> str | None:
    for key, members in divisions(match).items():
        if counter_id in members:
            return key
    return None


# ----------------------------------------------------------------------------- the ledger


def award(match: Match, side: str, points: int, why: str, rule: str, **data: Any) -> None:
    """Give VP now, as an event, kept in the shared ledger for :func:`vp_report`."""
    shared.award(match, side, points, why, rule, **data)


# ----------------------------------------------------------------------------- occupation


def record(match: Match, side: str, locs: list[str]) -> None:
    """``side`` passed through ``locs``: it now holds those that are objective hexes (15.11)."""
    hexes = objective_hexes(match)
    for loc in locs:
        if loc in hexes:
            control.take(match, loc, side, "PGG 15.11")


def sync(match: Match) -> None:
    """A side with a unit in a hex is the last to have passed through it, however it got there."""
    for h in sorted(objective_hexes(match)):
        side = match.side_at(h)
        if side is not None:
            record(match, side, [h])


def holder(match: Match, loc: str) -> tuple[str, str]:
    """Who occupies a hex in the sense of 15.11, and how: a unit in it, or the last to pass
    through. Hexes no unit has entered are Soviet (ruling: the Germans start off the map, 5.0)."""
    side = match.side_at(loc)
    if side is not None:
        return side, "unit in the hex"
    last = match.state.control.get(loc)
    if last is not None:
        return last, "last to pass through"
    return SOVIET, "never entered by the Germans"


def occupies(match: Match, side: str, obj: Objective) -> bool:
    return all(holder(match, h)[0] == side for h in obj.hexes)


def line_to_west(match: Match, obj: Objective) -> list[str] | None:
    """15.11: a line of hexes from the city (any of its hexes, itself included) to the west edge,
    free of Soviet units and of Soviet ZOC unless a German unit is in the hex, never across an
    all-lake hexside (ruling: only what 15.11 names, plus lakes; swamp does not stop it)."""
    topo = match.topology
    graph = topo.graph()
    zoc = zoc_of(match, SOVIET)
    chart = match.title.doc("terrain").get("hexsides", {})
    walls = frozenset(f for f, t in chart.items() if (t.get("supply") or {}).get("blocks"))

    def free(loc: str) -> bool:
        side = match.side_at(loc)
        if side == SOVIET:
            return False
        return side == GERMAN or loc not in zoc

    goal = {graph.index[h] for h in topo.region("edge:west")}
    parent: dict[int, int] = {}
    queue: deque[int] = deque()
    for h in obj.hexes:
        if free(h):
            i = graph.index[h]
            parent[i] = -1
            queue.append(i)
    while queue:
        i = queue.popleft()
        if i in goal:
            path = []
            while i != -1:
                path.append(graph.ids[i])
                i = parent[i]
            return path[::-1]
        for k, j in enumerate(graph.adj[i]):
            if j in parent or walls & graph.edge_features[i][k]:
                continue
            loc = graph.ids[j]
            if loc.startswith("box:") or not free(loc):
                continue
            parent[j] = i
            queue.append(j)
    return None


def assess(match: Match, obj: Objective) -> dict[str, Any]:
    """Whether the Germans would score ``obj`` now, with every reason (15.11)."""
    hexes = {}
    for h in obj.hexes:
        side, how = holder(match, h)
        hexes[h] = {"side": side, "how": how}
    held = all(v["side"] == GERMAN for v in hexes.values())
    line = line_to_west(match, obj) if held else None
    if not held:
        why = "not every hex is German-occupied"
    elif line is None:
        why = "no line of hexes to the west edge free of Soviet units and ZOC"
    else:
        why = f"occupied, line to the west edge {'-'.join(line)}"
    return {
        "name": obj.name,
        "what": obj.what,
        "vp": obj.vp,
        "hexes": hexes,
        "held": held,
        "line": line,
        "scores": held and line is not None,
        "why": why,
        "rule": obj.rule,
    }


# ----------------------------------------------------------------------------- player-turn ends


def german_turn_over(match: Match) -> None:
    """15.12: remember the cities the Germans hold, with a line west, at the end of their turn."""
    cities = [o.name for o in objectives(match) if o.what == "city" and assess(match, o)["scores"]]
    match.state.ns(NS)[HELD] = {"turn": match.turn, "cities": cities}


def soviet_turn_over(match: Match) -> None:
    """15.12: 2 VP for each city held by the Germans at the end of the previous German
    Player-Turn that the Soviets occupy (every hex) at the end of theirs, every time."""
    held = match.state.ns(NS).get(HELD)
    if not held or held.get("turn") != match.turn - 1:
        return
    by_name = {o.name: o for o in objectives(match)}
    for name in held["cities"]:
        obj = by_name.get(name)
        if obj is not None and occupies(match, SOVIET, obj):
            award(
                match, SOVIET, recapture_points(match), f"{name} recaptured", "PGG 15.12", city=name
            )


# ----------------------------------------------------------------------------- levels


def level_for(match: Match, net: float) -> dict[str, Any]:
    """15.2: the level for German VP minus Soviet VP (the shared mechanic's, from the schedule's
    ``level`` entries); with the scenario option "marginal-is-draw" the lowest German level
    counts as a draw."""
    name = table_name(match)
    outcome = shared.level_for(match, net, name, "PGG 15.2")
    german = [e for e in shared.levels(match, name) if e.get("winner") == GERMAN]
    if match.option("marginal-is-draw") and german and outcome["level"] == german[0]["level"]:
        outcome["winner"] = None
        outcome["text"] = (
            f"{outcome['level']}: German {net:+g} net VP, a draw, since the Germans win only "
            "with a Strategic victory or better (PGG 15.2)"
        )
    return outcome


def net(match: Match) -> float:
    vp = match.state.vp
    return float(vp.get(GERMAN, 0)) - float(vp.get(SOVIET, 0))


# ----------------------------------------------------------------------------- report


def vp_report(match: Match) -> dict[str, Any]:
    """Every point so far and why, what the objectives would give if the game ended now, the
    divisions' state and the level: for the CLI and the web page."""
    over = bool(match.state.ns(NS).get(FINAL))
    objs = [assess(match, o) for o in objectives(match)]
    pending = 0 if over else sum(o["vp"] for o in objs if o["scores"])
    vp = {side: float(match.state.vp.get(side, 0)) for side in (GERMAN, SOVIET)}
    projected = vp[GERMAN] + pending - vp[SOVIET]
    destroyed = set(match.state.ns(NS).get(DESTROYED, []))
    divs = []
    for key, members in sorted(divisions(match).items()):
        dead = [
            m
            for m in members
            if (u := match.state.units.get(m)) is not None and u.flags.get("eliminated")
        ]
        divs.append(
            {"division": key, "counters": members, "eliminated": dead, "scored": key in destroyed}
        )
    from wargame.games.panzergruppe_guderian.reinforcements import swf_called

    return {
        "rule": "PGG 15.0",
        "over": over,
        "vp": vp,
        "ledger": shared.ledger(match),
        "objectives": objs,
        "objectives_pending": pending,
        "divisions": divs,
        "swf_called": swf_called(match)[1],
        "held_at_end_of_german_turn": match.state.ns(NS).get(HELD),
        "net_if_ended_now": projected,
        "level_if_ended_now": level_for(match, projected),
    }


# ----------------------------------------------------------------------------- hooks


@hookimpl
def wargame_setup(match: Match) -> None:
    sync(match)


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    if units:
        record(match, units[0].side, [loc for loc in path if not loc.startswith("box:")])


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    sync(match)
    if shared.ends_player_turn(match):
        if match.phasing == GERMAN:
            german_turn_over(match)
        elif match.phasing == SOVIET:
            soviet_turn_over(match)


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """15.12: 5 VP the instant the last counter of a German division is eliminated."""
    if unit.side != GERMAN:
        return
    key = division_of(match, unit.counter)
    if key is None:
        return
    done = match.state.ns(NS).setdefault(DESTROYED, [])
    units = match.state.units
    members = divisions(match)[key]
    if key in done or not all(
        (u := units.get(m)) is not None and u.flags.get("eliminated") for m in members
    ):
        return
    done.append(key)
    award(
        match,
        SOVIET,
        division_points(match),
        f"German division {key} destroyed ({', '.join(members)})",
        "PGG 15.12",
        division=key,
    )


@hookimpl
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    """The end of the game: German points for occupied cities and hexes (15.11), then the
    level (15.2)."""
    sync(match)
    if not match.state.ns(NS).get(FINAL):
        for obj in objectives(match):
            status = assess(match, obj)
            if status["scores"]:
                award(
                    match,
                    GERMAN,
                    obj.vp,
                    f"{obj.name} occupied at the end: {status['why']}",
                    obj.rule,
                    objective=obj.name,
                    line=status["line"],
                )
        match.state.ns(NS)[FINAL] = True
    return level_for(match, net(match))


@hookimpl
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    view["victory"] = vp_report(match)
