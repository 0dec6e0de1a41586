"""PGG reinforcements beyond the schedule (14.0-14.3, 12.4, 14.14).

Scheduled reinforcements (14.3, 16.0) come from the kernel's reinforcements mechanic: at the start
of the owner's movement phase they wait in the reinforcement box with their entry hexes, and may be
held back at will. This module adds what the schedule cannot say:

- Soviet Provisional Reinforcements (14.11-14.13): each Soviet Movement Phase a die picks entrance
  ``entry:N``; one untried Rifle Division waits there and must enter in that phase.
- South-Western Front divisions (14.21-14.24): ``call-swf N`` in the Soviet Movement Phase from
  Game-Turn 2, at most 5 a turn and 10 a game, each giving the Germans VP (14.23).
- Reinforcements enter only in the Initial Movement Phase (4.2 B.1), never in the Mechanized one.
- The counter limit (12.4, 14.14): draws take unused counters first, then the dead pile; when none
  is left nothing arrives and an event says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.panzergruppe_guderian import victory
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics.zoc import zoc_of
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

SOVIET = "soviet"
GERMAN = "german"
DIVISION_TYPE = "rifle"  # 14.11, 14.21: Rifle Divisions only (so no Leader, 14.24)
SWF_FIRST_TURN = 2  # 14.21
SWF_PER_TURN = 5  # 14.21
SWF_PER_GAME = 10  # 14.21
SWF_ENTRY = "entry:Z"  # 14.22
NS = "pgg-reinforcements"  # this module's state (state.ns)
PROVISIONAL = "pgg:provisional"  # turn -> {"roll", "unit", "entry", "why"}
"""In ``state.vars``, not :data:`NS`: the public record of 14.11's rolls every view shows (W4)."""
SWF = "pgg:swf"  # NS: {"total": n, "turns": {turn: n}, "units": [ids]}
EPS = 1e-6
FROM_ARG = {"move": 1, "overrun": 4}
"""Where each verb's path starts: ``move UNITS FROM ...``, ``overrun TARGET with UNITS via FROM``."""


# ----------------------------------------------------------------------------- where and when


def entry_phase(match: Match) -> str:
    """The phase id in which reinforcements arrive and enter (4.2 A.1, B.1)."""
    return str(match.settings("reinforcements").get("phase", "movement"))


def box(match: Match) -> str:
    s = match.settings("reinforcements")
    return str(s.get("boxes", {}).get(SOVIET) or s.get("box", "box:reinforcements"))


def in_entry_phase(match: Match, side: str) -> bool:
    leaf = match.phase
    return leaf is not None and leaf.spec.id == entry_phase(match) and match.phasing == side


def east(match: Match, loc: str) -> float:
    """How far east a hex lies (drawing x grows to the east)."""
    return match.topology.position(loc)[0]


def german_blocked(match: Match) -> tuple[set[str], frozenset[str]]:
    """Hexes holding German units, and the German ZOC."""
    held = {
        loc for loc, ids in match.occupied().items() if match.state.units[ids[0]].side == GERMAN
    }
    return held, zoc_of(match, GERMAN)


def nearest_east(match: Match, hexes: list[str]) -> str | None:
    """14.12 (ruling): the hex free of German units and German ZOC nearest to the entrance
    without lying west of it; ties go to the hex farther east, then the lower id."""
    topo = match.topology
    held, zoc = german_blocked(match)
    best: tuple[int, float, str] | None = None
    for cand in topo.locations():
        if cand.startswith("box:") or cand in held or cand in zoc or cand in hexes:
            continue
        x = east(match, cand)
        dists = [topo.distance(cand, h) for h in hexes if x >= east(match, h) - EPS]
        if not dists:
            continue
        key = (min(dists), -x, cand)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def provisional_entry(match: Match, entrance: str) -> tuple[list[str], str]:
    """Where a Provisional division may enter (14.11-14.12), and why."""
    hexes = match.resolve_locations([entrance])
    held, zoc = german_blocked(match)
    if any(h not in held and h not in zoc for h in hexes):
        return hexes, f"enters at {entrance} ({', '.join(hexes)})"
    alt = nearest_east(match, hexes)
    if alt is None:
        return [], f"{entrance} is blocked by German units or ZOC and no hex east of it is free"
    return [alt], (
        f"{entrance} is blocked by German units or ZOC: enters at {alt}, the nearest "
        "free hex toward the east edge"
    )


def swf_hexes(match: Match) -> list[str]:
    """14.22: railroad hexes on the south edge east of, and including, Entrance Hex Z."""
    key = "pgg:swf-hexes"
    found = match.cache.get(key)
    if found is None:
        topo = match.topology
        z = match.resolve_locations([SWF_ENTRY])
        x0 = min(east(match, h) for h in z)
        found = [
            h
            for h in sorted(topo.region("edge:south"))
            if "rail" in topo.features(h) and east(match, h) >= x0 - EPS
        ]
        match.cache[key] = found
    return list(found)


def free_counters(match: Match, side: str, utype: str) -> int:
    """Counters of a type that a draw could still bring into play (12.4, 14.14)."""
    units = match.state.units
    n = 0
    for cid, c in match.counters_doc["counters"].items():
        if c["side"] != side or c["type"] != utype:
            continue
        unit = units.get(cid)
        if unit is None or (unit.flags.get("eliminated") and unit.face is None):
            n += 1
    return n


def bring(match: Match, count: int, entry: list[str], flag: str, why: str, rule: str) -> list[Unit]:
    """Draw up to ``count`` untried Rifle Divisions into the box, entering only at ``entry``."""
    ids = match.draw_counters(SOVIET, DIVISION_TYPE, count, set(), upto=True)
    if len(ids) < count:
        match.emit(
            "reinforcements",
            f"{why}: only {len(ids)} of {count} Rifle Division "
            "counters left (counter limit, dead pile included): the rest do not arrive",
            "PGG 12.4, 14.14",
            wanted=count,
            got=len(ids),
        )
    units = []
    for uid in ids:
        recycled = uid in match.state.units
        unit = match.new_unit(uid, box(match))
        unit.flags["entry"] = list(entry)
        unit.flags[flag] = match.turn
        if recycled:
            unit.flags["recycled"] = True  # from the dead pile, back untried (12.4, 14.14)
        units.append(unit)
    if ids:
        match.emit(
            "reinforcements",
            f"{why}: {', '.join(ids)} (untried) may enter at {', '.join(entry)}",
            rule,
            units=ids,
            at=list(entry),
        )
    return units


# ----------------------------------------------------------------------------- 14.1 Provisional


def roll_provisional(match: Match) -> None:
    """14.11: a die picks the entrance; one untried Rifle Division arrives there."""
    n = match.roll("1d6", "Soviet Provisional Reinforcements entrance", "PGG 14.11")
    entry, why = provisional_entry(match, f"entry:{n}")
    record: dict[str, object] = {"roll": n, "entry": entry, "why": why, "unit": None}
    match.state.vars.setdefault(PROVISIONAL, {})[str(match.turn)] = record
    if not entry:
        match.emit(
            "reinforcements", f"Provisional Reinforcement: {why}; it does not arrive", "PGG 14.12"
        )
        return
    units = bring(
        match, 1, entry, "provisional", f"Provisional Reinforcement ({why})", "PGG 14.11, 14.12"
    )
    if units:
        record["unit"] = units[0].id


def must_enter(match: Match) -> list[Unit]:
    """Provisional (14.13) and South-Western Front (ruling) divisions of this turn still off map."""
    turn = match.turn
    return [
        u
        for u in match.units_at(box(match))
        if u.flags.get("provisional") == turn or u.flags.get("swf") == turn
    ]


def can_enter(match: Match, unit: Unit) -> bool:
    """Whether any legal move brings the unit on the map now."""
    for _dest, (_cost, path) in sorted(movement.tree(match, unit).items()):
        if match.check(Action("move", (unit.id, *path))) is None:
            return True
    return False


def forfeit(match: Match, unit: Unit) -> None:
    """A division that did not enter in its phase never comes (14.13): its counter goes back to
    the counters not in play (the dead pile if it came from there)."""
    kind = "Provisional" if unit.flags.get("provisional") else "South-Western Front"
    recycled = bool(unit.flags.get("recycled"))
    match.place(unit, None)
    if recycled:
        unit.flags = {"eliminated": True}
    else:
        del match.state.units[unit.id]
    match.emit(
        "reinforcements",
        f"{kind} division {unit.id} did not enter this turn and may not be saved: it is lost",
        "PGG 14.13",
        unit=unit.id,
    )


# ----------------------------------------------------------------------------- 14.2 SWF


def swf_state(match: Match) -> dict[str, Any]:
    st: dict[str, Any] = match.state.ns(NS).setdefault(SWF, {"total": 0, "turns": {}, "units": []})
    return st


def swf_called(match: Match) -> tuple[int, int]:
    """(divisions called this Game-Turn, in the whole game)."""
    st = match.state.ns(NS).get(SWF) or {}
    turns = st.get("turns", {})
    return int(turns.get(str(match.turn), 0)), int(st.get("total", 0))


def swf_room(match: Match) -> tuple[int, str]:
    """How many South-Western Front divisions may be called now, or 0 and why not."""
    if not in_entry_phase(match, SOVIET):
        return 0, "South-Western Front divisions are called in the Soviet Movement Phase (PGG 14.2)"
    if match.turn < SWF_FIRST_TURN:
        return 0, f"South-Western Front divisions come from Game-Turn {SWF_FIRST_TURN} (PGG 14.21)"
    this_turn, total = swf_called(match)
    if this_turn >= SWF_PER_TURN:
        return (
            0,
            f"{SWF_PER_TURN} South-Western Front divisions already called this turn (PGG 14.21)",
        )
    if total >= SWF_PER_GAME:
        return 0, f"all {SWF_PER_GAME} South-Western Front divisions have been called (PGG 14.21)"
    left = free_counters(match, SOVIET, DIVISION_TYPE)
    if left == 0:
        return 0, "no Rifle Division counter is left (PGG 12.4, 14.14)"
    held, _zoc = german_blocked(match)
    if all(h in held for h in swf_hexes(match)):
        return 0, "German units hold every South-Western Front entry hex (PGG 14.22)"
    return min(SWF_PER_TURN - this_turn, SWF_PER_GAME - total, left), ""


class CallSWF(Verb):
    """``call-swf N``: divert N Rifle Divisions from the South-Western Front (PGG 14.2)."""

    name = "call-swf"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET:
            return
        room, _why = swf_room(match)
        for n in range(1, room + 1):
            yield Action("call-swf", (str(n),))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or not action.args[0].isdigit() or int(action.args[0]) < 1:
            return "usage: call-swf N (1 to 5 Rifle Divisions, PGG 14.21)"
        if decision.side != SOVIET:
            return "only the Soviet player calls South-Western Front divisions (PGG 14.2)"
        room, why = swf_room(match)
        n = int(action.args[0])
        if room == 0:
            return why
        if n > room:
            this_turn, total = swf_called(match)
            return (
                f"at most {room} more now: {this_turn} called this turn, {total} in the game "
                f"(5 a turn, 10 a game, PGG 14.21; counters left "
                f"{free_counters(match, SOVIET, DIVISION_TYPE)}, PGG 14.14)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        n = int(action.args[0])
        st = swf_state(match)
        units = bring(
            match, n, swf_hexes(match), "swf", "South-Western Front divisions", "PGG 14.21, 14.22"
        )
        turn = str(match.turn)
        for unit in units:
            total = int(st["total"]) + 1
            st["total"] = total
            st["turns"][turn] = int(st["turns"].get(turn, 0)) + 1
            st["units"].append(unit.id)
            victory.award(
                match,
                GERMAN,
                victory.swf_points(match, total),
                f"South-Western Front division no. {total} called ({unit.id})",
                "PGG 14.23",
                swf=total,
                unit=unit.id,
            )


# ----------------------------------------------------------------------------- hooks


@on_phase("start", ids_from=lambda match: (entry_phase(match),))
def entry_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET:
        roll_provisional(match)  # every Game-Turn from the first, the last included (ruling)


@on_phase("end", ids_from=lambda match: (entry_phase(match),))
def entry_ends(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET:
        for unit in must_enter(match):
            forfeit(match, unit)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.side != SOVIET or not in_entry_phase(match, SOVIET):
        return []
    return [
        f"{unit.id} must enter the map this phase (PGG 14.13)"
        for unit in must_enter(match)
        if can_enter(match, unit)
    ]


def _veto_concerns(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    """Only units waiting off the map (4.2 A.1, B.1)."""
    units = [match.state.units.get(uid) for uid in actor.split(",")]
    return any(u is not None and (u.loc or "").startswith("box:") for u in units)


@hookimpl
@veto_scope(verbs=FROM_ARG, concerns=_veto_concerns)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """Reinforcements enter only in the phase they arrive in (4.2 A.1, B.1): a German
    reinforcement held back may not come on in the Mechanized Movement Phase."""
    where = FROM_ARG.get(action.verb)
    if where is None or len(action.args) <= where or not action.args[where].startswith("box:"):
        return None
    if decision.phase.rsplit("/", 1)[-1] != entry_phase(match):
        return "reinforcements enter only in the (Initial) Movement Phase (PGG 4.2 B.1, 14.0)"
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [CallSWF()]
