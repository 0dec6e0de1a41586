"""The levels of a decision (``actors``, ``legal_for``) agree with the complete listing.

For every registered title, a random playout visits many states; at each, the actors' actions
put together are exactly ``legal_actions()`` (same actions, none twice), every listed action
passes ``check()``, and actions that are not listed (a listed one with its last argument
changed, an actor's action under another actor) are refused by ``check()``: the lazy levels
and the one-action check never disagree with the whole list.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from tests.conftest import TEST_TITLE_PLUGINS
from wargame.actions import Action, Decision
from wargame.bots import RandomBot
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.plugins import Registry, discover

TITLE_IDS = sorted(discover(extra=TEST_TITLE_PLUGINS).titles)
TEST_TITLES = ("hexland", "linkland")
STATES = {"hexland": 300, "linkland": 300}
"""Actions played per title (full titles: FULL_STATES, every STRIDE-th state compared)."""
FULL_STATES = 600
STRIDE = 3
CHECKED = 25
"""Listed actions passed through check() per state (a sample, for the full titles' speed)."""


def _compare(match: Match, rng: random.Random) -> int:
    listed = match.legal_actions()
    by_levels: list[Action] = []
    for actor in match.actors():
        by_levels.extend(match.legal_for(actor))
    counts = Counter(by_levels)
    assert [a for a, n in counts.items() if n > 1] == [], "an action under two actors"
    assert set(by_levels) == set(listed), (
        f"levels and listing differ at {match.decision}: "
        f"only levels {sorted(map(str, set(by_levels) - set(listed)))[:5]}, "
        f"only listing {sorted(map(str, set(listed) - set(by_levels)))[:5]}"
    )
    assert len(by_levels) == len(listed)
    legal = set(listed)
    for action in rng.sample(listed, min(CHECKED, len(listed))):
        assert match.check(action) is None, f"{action} listed but refused: {match.check(action)}"
        if action.args:
            other = Action(action.verb, (*action.args[:-1], "nowhere-" + action.args[-1]))
            if other not in legal:
                assert match.check(other) is not None, f"{other} not listed but accepted"
    return len(listed)


@pytest.mark.parametrize(
    "title_id",
    [pytest.param(t, marks=() if t in TEST_TITLES else (pytest.mark.slow,)) for t in TITLE_IDS],
)
def test_levels_agree_with_the_full_listing(registry: Registry, title_id: str) -> None:
    title = registry.get(title_id)
    full = title_id not in TEST_TITLES
    steps = FULL_STATES if full else STATES[title_id]
    rng = random.Random(11)
    seed = 3
    compared = listed = 0
    verbs: set[str] = set()
    while compared * (STRIDE if full else 1) < steps:
        match = Match(title, seed=seed)
        bots = {side: RandomBot(seed * 100 + n) for n, side in enumerate(match.sides)}
        n = 0
        while match.decision is not None and compared * (STRIDE if full else 1) < steps:
            if not full or n % STRIDE == 0:
                listed += _compare(match, rng)
                verbs.update(a.verb for a in match.legal_actions())
                compared += 1
            match.apply(bots[match.decision.side].choose(match))
            n += 1
        seed += 1
    assert listed > compared  # states with real choices, not only 'end'
    assert {"move", "end"} <= verbs or {"deploy", "end"} <= verbs


class _TwoVetoes:
    """Two vetoes on hexland's moves, one scoped to another verb: the scoped one is never
    asked about a move, and a refused move names both others' reasons."""

    def __init__(self) -> None:
        self.asked: Counter[str] = Counter()
        self.target = ""

    @hookimpl
    @veto_scope(verbs=("move",), kinds=("movement",))
    def wargame_veto(self, match: Match, decision: Decision, action: Action) -> str | None:
        self.asked["move"] += 1
        return "first reason (TEST 1.1)" if action.args[-1] == self.target else None


class _Second:
    def __init__(self, owner: _TwoVetoes) -> None:
        self.owner = owner

    @hookimpl
    @veto_scope(verbs=("attack",))
    def wargame_veto(self, match: Match, decision: Decision, action: Action) -> str | None:
        self.owner.asked["attack"] += 1
        return "never about a move"


class _Third:
    def __init__(self, owner: _TwoVetoes) -> None:
        self.owner = owner

    @hookimpl
    def wargame_veto(self, match: Match, decision: Decision, action: Action) -> str | None:
        return "second reason (TEST 1.2)" if action.args[-1:] == (self.owner.target,) else None


def test_vetoes_are_asked_only_for_their_verbs_and_every_reason_is_heard(
    registry: Registry,
) -> None:
    title = registry.get("hexland")
    first = _TwoVetoes()
    rules = (*title.definition.rules, first, _Second(first), _Third(first))
    vetoed = dataclasses.replace(
        title, definition=dataclasses.replace(title.definition, rules=rules)
    )
    match = Match(vetoed, seed=1)
    while match.decision is not None and match.decision.kind != "movement":
        match.apply("end")
    plain = Match(title, seed=1)
    while plain.decision is not None and plain.decision.kind != "movement":
        plain.apply("end")
    plain_moves = [a for a in plain.legal_actions() if a.verb == "move"]
    first.target = plain_moves[0].args[-1]
    listed = match.legal_actions()
    assert first.asked["move"] > 0 and first.asked["attack"] == 0
    assert all(a.args[-1] != first.target for a in listed if a.verb == "move")
    reason = match.check(plain_moves[0])
    assert reason is not None and "TEST 1.1" in reason and "TEST 1.2" in reason
