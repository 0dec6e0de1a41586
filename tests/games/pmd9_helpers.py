"""Positions for the Proud Monster Deluxe section-9 tests (reinforcements, replacements,
conversions, withdrawals): one 1941 match stepped past turn 112, copied per test, and the
Reinforcement Phase's hooks run on any turn without playing the turns between."""

from __future__ import annotations

from collections.abc import Container
from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Title, discover


@cache
def title() -> Title:
    from wargame.games.proud_monster_deluxe import plugin

    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


@cache
def _after_112() -> Match:
    match = Match(title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    return match


def game_turn(ynn: int) -> int:
    """The kernel's game-turn index of turn ``ynn`` (1.4)."""
    turns = title().doc("calendar")["turns"]
    return next(int(k) for k, t in turns.items() if int(t["values"]["ynn"]) == ynn)


def soviet_part() -> Match:
    """Turn 113's Soviet part of the Reinforcement Phase (every phase of 112 ended)."""
    match = _after_112().sandbox()
    assert match.decision is not None and match.decision.phase == "turn/soviet-reinforcement"
    return match


def axis_part() -> Match:
    """Turn 113's Axis part of the Reinforcement Phase."""
    match = soviet_part()
    end(match)
    assert match.decision is not None and match.decision.phase == "turn/axis-reinforcement"
    return match


def refit(side: str) -> Match:
    """Turn 113's first Refit Phase of ``side``."""
    match = axis_part()
    to_phase(match, side, "refit")
    return match


def phase(match: Match, phase_id: str) -> PhaseSpec:
    return next(p for p in match.title.manifest.sequence.before_turn if p.id == phase_id)


def start(match: Match, phase_id: str) -> None:
    """Run the start hooks of a Reinforcement Phase part (the match's turn as it stands)."""
    match.hook.wargame_phase_start(match=match, phase=phase(match, phase_id))
    match.touch()


def reinforcement_phase(match: Match, ynn: int, finish: bool = True) -> None:
    """Run the (automatic) Reinforcement Phase of turn ``ynn`` on ``match``: its start, and its
    end unless ``finish`` is False."""
    match.state.cursor.turn = game_turn(ynn)
    spec = phase(match, "reinforcement")
    match.hook.wargame_phase_start(match=match, phase=spec)
    if finish:
        match.hook.wargame_phase_end(match=match, phase=spec)
    match.touch()


def withdrawals_called(ynn: int, axis: bool) -> Match:
    """The withdrawal calls of turn ``ynn`` made (9.7), in the side's part of the Reinforcement
    Phase (the Axis' or the Soviet's)."""
    from wargame.games.proud_monster_deluxe import withdrawals

    match = axis_part() if axis else soviet_part()
    match.state.cursor.turn = game_turn(ynn)
    withdrawals.call(match, phase(match, "reinforcement"))
    match.touch()
    return match


def place_all_but(match: Match, keep: str) -> None:
    """The Soviet player places arrivals other than ``keep`` until those left in the RVGK keep
    to 11.3's limits (ruling RF2), so ``keep`` stays in the RVGK."""
    from wargame.games.proud_monster_deluxe import reinforce

    while match.check("end") is not None:
        place = next(  # one arrival's places at a time: the whole listing is thousands long
            a
            for unit in reinforce.placing(match)
            if unit.id != keep
            for a in match.legal_for(unit.id)
            if a.verb == "place"
        )
        match.apply(place)
    assert keep in {u.id for u in reinforce.placing(match)}


def legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def quiet_hex(match: Match, within: Container[str] | None = None, outside: str = "") -> str:
    """A clear hex in the USSR with no unit on or next to it; in ``within`` when given (a
    supply net, say), and not in the region ``outside`` when given."""
    topo = match.topology
    away = topo.region(outside) if outside else ()
    return next(
        h
        for h in sorted(topo.region("country:ussr"))
        if topo.terrain(h) == "clear"
        and (within is None or h in within)
        and h not in away
        and not match.units_at(h)
        and not any(match.units_at(n) for n in topo.neighbours(h))
    )
