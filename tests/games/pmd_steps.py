"""Stepping a Proud Monster Deluxe match through its phases in a test: the decisions the rules
push on the way (the supply concentration at each Axis Refit Phase, 8.9; the Paulus Pause in the
Axis weeks of turns 114-115, 8.10, and one declared resumes fighting after its first week) are
declined, the Fortified Area that must be placed on turn
309 (15.16) goes in the first hex offered, the last Soviet arrivals offered past the RVGK's
limits (11.3) go in the last hex offered, a winter attrition loss that must be allocated (12.4)
goes to the first choice offered, everything else is ended. In a battle,
:func:`answer` takes no step more than the result (13.7)."""

from __future__ import annotations

from wargame import testing
from wargame.actions import Event
from wargame.match import Match

DECLINE = {
    "concentration": "concentration pass",
    "paulus": "paulus press-on",
    "paulus-resume": "paulus resume",
    "bombard": "bombard done",
    "more-losses": "enough",
}
"""The answer that declines each pushed decision (a kept concentration is rescinded)."""


def end(match: Match) -> None:
    """Decline the pending pushed decision, or end the phase."""
    d = match.decision
    answer = DECLINE.get(d.kind, "end") if d is not None else "end"
    if d is not None and d.kind == "attrition":  # 12.4: allocated, never declined
        answer = str(next(iter(match.legal_actions())))
    if answer == "concentration pass" and match.check(answer) is not None:
        answer = "concentration rescind"
    if answer == "end" and d is not None and d.kind == "reinforce":
        why = match.check("end") or ""
        if "Fortified Area" in why:  # 15.16: it must be placed on turn 309: the first hex
            answer = str(next(a for a in match.legal_actions() if a.verb == "fortified-area"))
        while "PMD 11.3" in why:  # the RVGK's limits: the last arrival offered is placed
            match.apply(_last_place(match))
            why = match.check("end") or ""
    match.apply(answer)


def _last_place(match: Match) -> str:
    """The last ``place`` action offered, read from the last arrivals' own listings (the whole
    listing is thousands long)."""
    for actor in reversed(match.actors("place")):
        found = match.legal_for(actor, "place")
        if found:
            return str(found[-1])
    raise AssertionError("no arrival may be placed")


def answer(match: Match, action: str | None = None) -> list[Event]:
    """Apply ``action`` (by default the first listed), then ``enough`` to each more-losses
    decision that follows: the sides lose no more steps than their results, a choice 13.7 leaves
    to each player (ruling RL2). Its events."""
    d = match.decision
    if action is None:
        more = d is not None and d.kind == "more-losses"
        action = "enough" if more else str(match.legal_actions()[0])
    events = match.apply(action)
    while (d := match.decision) is not None and d.kind == "more-losses":
        events += match.apply("enough")
    return events


RESERVE_MOVEMENT = "reserve-movement"
"""A pseudo-kind for :func:`to_phase`: a movement decision of a reserve movement phase (5.2:
the ERMP or FRMP); plain ``movement`` steps past those to an Initial Movement Phase (units in
an OKH or RVGK area make them run nearly every week, 6.1)."""


def to_phase(match: Match, side: str, kind: str, limit: int = 50) -> None:
    """End phases (declining pushed decisions) until ``side`` decides a phase of ``kind``."""
    if kind not in ("movement", RESERVE_MOVEMENT):
        testing.to_phase(match, side, kind, limit, step=end)
        return
    for _ in range(limit):
        d = match.decision
        assert d is not None, "the game ended first"
        reserve = RESERVE_MOVEMENT in d.phase
        if d.side == side and d.kind == "movement" and reserve == (kind == RESERVE_MOVEMENT):
            return
        end(match)
    raise AssertionError(f"never reached a {kind} phase of {side}")


def take_moscow(match: Match, roll: int) -> None:
    """4.4: in an Axis movement phase, with 4219 Axis-held, the 3 PD moves from 4020 into 4120,
    completing Moscow, the Moscow roll forced to ``roll``."""
    match.state.control["4219"] = "axis"
    testing.put(match, "ger-pd-3", "4020")
    testing.force_rolls(match, roll, only="PMD 4.4")
    match.apply("move ger-pd-3 4020 4120")
