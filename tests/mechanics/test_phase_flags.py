"""The kernel's per-phase unit flags (``movement.PHASE_FLAGS``: ``moved``, ``mp``, ``attacked``,
``defended``, ``advanced``, ``retreated``, ``start``, ``overruns``), each keyed by the phase it
was set in: read through the turn they were set in (a later phase of the player turn or week may
read them), swept at the first phase start of a later turn (``movement.sweep``), so saved
states do not keep every unit's last move for ever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant, put, to_phase
from wargame.bots import RandomBot
from wargame.match import Match
from wargame.mechanics import movement
from wargame.plugins import Title

SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0405"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0505"]},
}


def _match(tmp_path: Path, mechanics: list[str]) -> Match:
    return Match(
        make_variant(tmp_path, mechanics=mechanics, sequence=SIMPLE_SEQUENCE, scenario_setup=SETUP)
    )


def _phase_flags(match: Match, uid: str) -> dict[str, Any]:
    flags = match.state.units[uid].flags
    return {k: v for k, v in flags.items() if k in movement.PHASE_FLAGS}


def test_per_phase_flags_go_once_no_rule_reads_them(tmp_path: Path) -> None:
    match = _match(tmp_path, ["movement", "no-zoc", "combat", "step-losses", "retreat-advance"])
    assert match.turn == 1 and match.phase is not None
    match.apply("move 1-inf 0405 0404")
    moved = _phase_flags(match, "1-inf")
    assert moved["moved"] == "1/blue/movement" and moved["mp"][0] == "1/blue/movement"
    kept = {
        "retreated": "1/blue/combat",
        "defended": "1/blue/combat",
        "attacked": "1/red/combat",
        "start": ["1/red/movement", "0505"],
        "overruns": ["1/red/movement", 1],
    }
    put(match, "r1", "0505", **kept, advanced=True)  # a title's own value: not a phase key
    to_phase(match, "blue", "combat")  # a later phase of the turn may still read them
    assert _phase_flags(match, "1-inf") == moved
    to_phase(match, "red", "combat")
    assert _phase_flags(match, "1-inf") == moved
    assert _phase_flags(match, "r1") == {**kept, "advanced": True}
    assert not movement.done(match, match.state.units["1-inf"])  # not this phase's
    to_phase(match, "blue", "movement")  # turn 2: no rule reads a key of turn 1
    assert match.turn == 2
    assert _phase_flags(match, "1-inf") == {}
    assert _phase_flags(match, "r1") == {"advanced": True}
    match.apply("move 1-inf 0404 0405")
    assert _phase_flags(match, "1-inf")["moved"] == "2/blue/movement"


def test_the_retreat_mechanic_sweeps_without_the_movement_mechanic(tmp_path: Path) -> None:
    match = _match(tmp_path, ["combat", "step-losses", "retreat-advance"])
    put(match, "r1", "0505", retreated="1/blue/combat", defended="1/blue/combat")
    to_phase(match, "red", "combat")
    assert set(_phase_flags(match, "r1")) == {"retreated", "defended"}
    to_phase(match, "blue", "combat")
    assert match.turn == 2 and _phase_flags(match, "r1") == {}


def test_no_unit_carries_a_flag_of_an_earlier_turn_in_random_play(hexland: Title) -> None:
    """Each decision is in a started phase: the sweep has run, only this turn's keys are left."""
    match = Match(hexland, seed=7)
    bots = {side: RandomBot(n) for n, side in enumerate(match.sides)}
    seen: set[str] = set()
    for _ in range(400):
        if match.decision is None:
            break
        match.apply(bots[match.decision.side].choose(match))
        for unit in match.state.units.values():
            for name in movement.PHASE_FLAGS:
                turn = movement.key_turn(unit.flags.get(name))
                if turn is not None:
                    seen.add(name)
                    assert turn == match.turn, (unit.id, name, unit.flags[name])
    assert match.turn > 2 and {"moved", "mp"} <= seen
