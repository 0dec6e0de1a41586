"""``Match.sandbox()``: a throwaway copy for previews and what-ifs. Whatever is done to the copy
(hooks scribbling on units, moves, dice, whole turns, an undo) leaves the match as it was, and
the copy starts as the same game: same state, same legal actions, same dice to come."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.match import Match
from wargame.plugins import Title


def _fingerprint(match: Match) -> tuple[object, ...]:
    """Everything a client of the match can read: state, history, index, decision, actions."""
    return (
        match.state_hash(),
        list(match.history),
        {loc: list(ids) for loc, ids in match.occupied().items()},
        match.decision,
        [str(a) for a in match.legal_actions()],
        match.view("blue"),
    )


def _played(hexland: Title, actions: int, seed: int = 0) -> Match:
    match = Match(hexland, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if match.decision is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_sandbox_starts_as_the_same_game(hexland: Title) -> None:
    match = _played(hexland, 6)
    copy = match.sandbox()
    assert copy is not match and copy.state is not match.state
    assert _fingerprint(copy) == _fingerprint(match)
    # the same dice to come: the same action gives the same events in both
    action = match.legal_actions()[0]
    assert [e.to_json() for e in copy.apply(action)] == [e.to_json() for e in match.apply(action)]
    assert copy.state_hash() == match.state_hash()


def test_a_preview_leaves_state_hash_and_history_unchanged(hexland: Title) -> None:
    match = _played(hexland, 4)
    before = _fingerprint(match)
    unit = next(u for u in match.state.units.values() if u.loc is not None)
    where = unit.loc
    copy = match.sandbox()
    mine = copy.state.units[unit.id]
    mine.flags["scribbled"] = True
    copy.place(mine, "0101")
    copy.roll("2d6", "a what-if")
    copy.state.vp["blue"] = 99
    copy.apply(copy.legal_actions()[-1])
    assert copy.history != match.history and copy.state_hash() != match.state_hash()
    assert _fingerprint(match) == before
    assert (
        match.state.units[unit.id] is unit and unit.loc == where and "scribbled" not in unit.flags
    )


def test_undo_in_a_sandbox_rebuilds_only_the_sandbox(hexland: Title) -> None:
    match = _played(hexland, 5)
    before = _fingerprint(match)
    copy = match.sandbox()
    copy.undo()  # a replay from the seed: a fresh state, on the copy alone
    assert copy.history == match.history[:-1]
    assert _fingerprint(match) == before
    copy.apply(match.history[-1])
    assert copy.state_hash() == match.state_hash()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), before=st.integers(0, 25), after=st.integers(1, 40))
def test_any_play_in_a_sandbox_never_reaches_the_match(
    hexland: Title, seed: int, before: int, after: int
) -> None:
    match = _played(hexland, before, seed)
    expected = _fingerprint(match)
    copy = match.sandbox()
    rng = random.Random(seed + 1)
    for _ in range(after):
        if copy.decision is None:
            break
        copy.apply(rng.choice(copy.legal_actions()))
    assert _fingerprint(match) == expected
