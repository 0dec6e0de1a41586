"""The Siberian Reserve (3.C): three turns of units from the dead pile, by default from January
1942; called early (``call-siberia``, before December 1941) it starts the next turn and every
Soviet R/RP from its first wave through December 1941 ends with the 2d6 gamble. Doubles bring
the Siberian crisis: Siberian replacements lost (3.C.3.a), reserve units still off the map held
in Siberia (b), units committed to Siberia (c, ``commit UNIT``), the strategic allowance halved
(d, strategic.allowance). Held and committed units come back from June 1942, one of each basic
type a turn (3.C.3).

The "dead pile" the Reserve draws from is every counter of the type not in play (ruling P14).
State: ``state.vars["siberia"]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import Any

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import production as P
from wargame.games.dark_crusade import supply
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

KEY = "siberia"
SIBERIA = "box:siberia"
DEFAULT_START = (1942, 1)  # 3.C.1
LAST_CALL = (1941, 12)  # 3.C.3: a call is made before December 1941
LAST_GAMBLE = (1941, 12)  # 3.C.3: the gamble runs through the December 1941 turn
RETURN_FROM = (1942, 6)  # 3.C.3
WAVES = 3
TYPE_ALIAS = {"rocket": "artillery"}  # ruling P15: a rocket unit counts as artillery


def data(match: Match) -> dict[str, Any]:
    return U.table(match, "siberia")


def record(match: Match) -> dict[str, Any]:
    found: dict[str, Any] = match.state.vars.setdefault(
        KEY, {"called": None, "start": None, "waves": 0, "owed": {}, "held": {}, "rolls": []}
    )
    return found


def start_turn(match: Match) -> int:
    st = record(match)
    return int(st["start"]) if st.get("start") is not None else P.turn_of(match, *DEFAULT_START)


def crisis_state(match: Match) -> dict[str, Any] | None:
    found = record(match).get("crisis")
    return found if found and not found.get("over") else None


def basic_types(match: Match, unit: Unit) -> tuple[str, ...]:
    """What a unit counts as for commitments: composites as their components (3.C.3)."""
    utype = P.counter_type(match, unit)
    parts = P.COMPONENTS.get(utype, (utype,))
    return tuple(TYPE_ALIAS.get(t, t) for t in parts)


# ----------------------------------------------------------------------------- arrivals


def bring_type(match: Match, utype: str, why: str, rule: str, **flags: Any) -> Unit | None:
    ids = P.free_counters(match, U.SOVIET, utype)
    if not ids:
        return None
    return P.bring(match, ids[0], SIBERIA, why, rule, dispersed=False, **flags)


def wave(match: Match) -> None:
    """3.C.1-2: this turn's Reserve units, plus any owed for lack of dead units (8.B)."""
    st = record(match)
    start = start_turn(match)
    owed: dict[str, int] = st["owed"]
    if start <= match.turn < start + WAVES and st["waves"] < WAVES:
        for utype, n in data(match)["reserve"]["turns"][st["waves"]].items():
            owed[utype] = int(owed.get(utype, 0)) + int(n)
        st["waves"] += 1
        st.setdefault("first_wave", match.turn)
    for utype in sorted(owed):
        while owed[utype] > 0:
            unit = bring_type(match, utype, "Siberian Reserve", "DC 3.C.1", reserve=True)
            if unit is None:
                match.emit(
                    "reinforcement",
                    f"{owed[utype]} {utype} of the Siberian Reserve wait for dead units",
                    "DC 8.B",
                )
                break
            owed[utype] -= 1
    st["owed"] = {t: n for t, n in owed.items() if n > 0}


def returns(match: Match) -> None:
    """3.C.3: from June 1942 one held unit of each basic type a turn comes back to Siberia."""
    if U.date(match) < RETURN_FROM:
        return
    held: dict[str, int] = record(match)["held"]
    for utype in sorted(held):
        if held[utype] <= 0:
            continue
        unit = bring_type(match, utype, "back from Siberia", "DC 3.C.3", reserve=True)
        if unit is not None:
            held[utype] -= 1
    record(match)["held"] = {t: n for t, n in held.items() if n > 0}


# ----------------------------------------------------------------------------- early call


def call_problem(match: Match, side: str) -> str | None:
    if side != U.SOVIET or not P.in_phase(match, U.SOVIET):
        return "the Reserve is called in the Soviet Replacement/Reinforcement Phase (DC 3.C.3)"
    st = record(match)
    if st.get("called") is not None:
        return f"the Siberian Reserve was already called on turn {st['called']} (DC 3.C.3)"
    if U.date(match) >= LAST_CALL:
        return "the Siberian Reserve may be called only before December 1941 (DC 3.C.3)"
    if match.turn == P.first_turn(match):
        return "not on the game's first turn: the first call is July 1941 (DC 3.C.3, ruling P14)"
    return None


class CallSiberia(Verb):
    """``call-siberia``: bring the Reserve in early, at the risk of a crisis (3.C.3)."""

    name = "call-siberia"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if call_problem(match, decision.side) is None:
            yield Action(self.name)

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args:
            return "usage: call-siberia"
        return call_problem(match, decision.side)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        st = record(match)
        st["called"] = match.turn
        st["start"] = match.turn + 1
        match.emit(
            "siberia",
            f"the Soviet player calls the Siberian Reserve: it arrives from "
            f"{U.label(match, match.turn + 1)}",
            "DC 3.C.3",
        )


# ----------------------------------------------------------------------------- gamble, crisis


def gamble_due(match: Match) -> bool:
    st = record(match)
    if st.get("called") is None or st.get("doubles") or crisis_state(match):
        return False
    return start_turn(match) <= match.turn and U.date(match) <= LAST_GAMBLE


def gamble(match: Match) -> None:
    """3.C.3: two dice at the end of the Soviet R/RP; doubles = the Siberian crisis."""
    a = match.roll("1d6", "Siberian gamble, first die", "DC 3.C.3")
    b = match.roll("1d6", "Siberian gamble, second die", "DC 3.C.3")
    st = record(match)
    st["rolls"].append([match.turn, a, b])
    if a != b:
        return
    st["doubles"] = match.turn
    start_crisis(match, match.turn - start_turn(match))


def commitment(match: Match, late: int) -> dict[str, int]:
    crisis = data(match)["crisis"]
    row = crisis["same"] if late <= 0 else crisis["one"] if late == 1 else crisis["two"]
    return {t: int(n) for t, n in zip(crisis["types"], row, strict=True)}


def start_crisis(match: Match, late: int) -> None:
    """Doubles: record what must be committed, hold the Reserve still off the map (3.C.3.b)."""
    need = commitment(match, late)
    total = sum(need.values())
    st = record(match)
    st["crisis"] = {
        "turn": match.turn,
        "late": late,
        "need": need,
        "sent": {t: 0 for t in need},
        "first": match.turn + 1,
        "min_first": ceil(total / 3),
        "over": False,
    }
    held: dict[str, int] = st["held"]
    for unit in sorted(match.units_at(SIBERIA), key=lambda u: u.id):
        if unit.flags.get("reserve"):
            for t in basic_types(match, unit):
                held[t] = int(held.get(t, 0)) + 1
            U.unmark_all(match, unit, "held in Siberia")
            match.place(unit, None)
            unit.flags = {"eliminated": True, "held_in_siberia": True}
    turns = data(match)["reserve"]["turns"]
    for i in range(int(st["waves"]), WAVES):
        for t, n in turns[i].items():
            held[t] = int(held.get(t, 0)) + int(n)
    for t, n in st["owed"].items():
        held[t] = int(held.get(t, 0)) + int(n)
    st["waves"], st["owed"] = WAVES, {}
    match.emit(
        "siberia",
        f"doubles: Siberian crisis! Commit {total} units to Siberia "
        f"({', '.join(f'{n} {t}' for t, n in need.items())}), at least "
        f"{st['crisis']['min_first']} on the first crisis turn; strategic movement halved",
        "DC 3.C.3",
        need=need,
    )


def counted(crisis: dict[str, Any]) -> int:
    return sum(min(int(crisis["sent"][t]), int(n)) for t, n in crisis["need"].items())


def still_needed(crisis: dict[str, Any]) -> dict[str, int]:
    return {
        t: int(n) - int(crisis["sent"][t])
        for t, n in crisis["need"].items()
        if crisis["sent"][t] < n
    }


def commit_problem(match: Match, side: str, unit: Unit) -> str | None:
    crisis = crisis_state(match)
    if crisis is None:
        return "there is no Siberian crisis (DC 3.C.3)"
    if side != U.SOVIET or not P.in_phase(match, U.SOVIET):
        return (
            "units are committed in the Soviet Replacement/Reinforcement Phase "
            "(DC 3.C.3, ruling P15)"
        )
    if match.turn < int(crisis["first"]):
        return "commitments begin in the next Soviet R/RP (DC 3.C.3, ruling P15)"
    if unit.side != U.SOVIET or unit.loc is None or unit.loc.startswith("box:"):
        return f"{unit.id} is not a Soviet unit on the map (DC 3.C.3.c)"
    needed = still_needed(crisis)
    if not set(basic_types(match, unit)) & set(needed):
        types = ", ".join(f"{n} {t}" for t, n in needed.items())
        return f"{unit.id} is not of a type still owed to Siberia ({types}) (DC 3.C.3)"
    if not supply.traces(match, unit.loc, U.SOVIET, sources="siberia", overland=True):
        return f"{unit.id} cannot trace a path to the eastern map edge (DC 3.C.3)"
    return None


class Commit(Verb):
    """``commit UNIT``: send a unit to Siberia during the crisis (3.C.3.c)."""

    name = "commit"
    kinds = ("reinforcement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if crisis_state(match) is None or decision.side != U.SOVIET:
            return
        seen: set[tuple[str | None, str]] = set()
        for unit in sorted(match.units_of(U.SOVIET), key=lambda u: P.natural(u.id)):
            key = (unit.loc, P.counter_type(match, unit))
            if key in seen:
                continue
            if commit_problem(match, decision.side, unit) is None:
                seen.add(key)
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: commit UNIT (DC 3.C.3.c)"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no unit {action.args[0]}"
        return commit_problem(match, decision.side, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        crisis = crisis_state(match)
        assert crisis is not None
        st = record(match)
        where = unit.loc
        for t in basic_types(match, unit):
            if t in crisis["sent"]:
                crisis["sent"][t] += 1
            st["held"][t] = int(st["held"].get(t, 0)) + 1
        U.unmark_all(match, unit, "committed to the Far East")
        match.place(unit, None)
        unit.flags = {"eliminated": True, "committed": True}
        match.emit(
            "siberia",
            f"{unit.id} committed to Siberia from {where} ({counted(crisis)} of "
            f"{sum(crisis['need'].values())})",
            "DC 3.C.3.c",
            unit=unit.id,
        )
        if not still_needed(crisis):
            crisis["over"] = True
            match.emit("siberia", "the Siberian crisis is over", "DC 3.C.3")


def commit_blockers(match: Match) -> list[str]:
    """3.C.3: a third on the first crisis turn, the rest within two more turns; short of units,
    as many of each owed type as can go, as soon as possible."""
    crisis = crisis_state(match)
    if crisis is None or match.turn < int(crisis["first"]):
        return []
    age = match.turn - int(crisis["first"])
    candidates = [u for u in match.units_of(U.SOVIET) if commit_problem(match, U.SOVIET, u) is None]
    if not candidates:
        return []
    if age < 2:
        due = int(crisis["min_first"])
        if counted(crisis) < due:
            return [
                f"commit at least {due} units to Siberia by now ({counted(crisis)} sent) (DC 3.C.3)"
            ]
        return []
    owed = still_needed(crisis)
    types = sorted({t for u in candidates for t in basic_types(match, u)} & set(owed))
    return [f"{owed[t]} more {t} must be committed to Siberia (DC 3.C.3)" for t in types]


# ----------------------------------------------------------------------------- hooks


@on_phase("start", ids=("reinforcement",))
def reinforcement_starts(match: Match, phase: PhaseSpec) -> None:
    if match.phasing != U.SOVIET:
        return
    if crisis_state(match) is None:
        wave(match)
    returns(match)


@on_phase("end", ids=("reinforcement",))
def reinforcement_ends(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == U.SOVIET and gamble_due(match):
        gamble(match)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.side != U.SOVIET or not P.in_phase(match, U.SOVIET):
        return []
    return commit_blockers(match)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [CallSiberia(), Commit()]


@hookimpl
def wargame_setup(match: Match) -> None:
    """Create the record at the start: reading it must never write the state."""
    record(match)
