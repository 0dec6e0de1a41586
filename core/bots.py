"""Bots: clients that choose among legal actions, like any other client.

``random`` picks a verb first, then an action of that verb, so a phase with two thousand move
actions and one ``end`` still ends in reasonable time, and ``end`` is taken only when the side has
tried a few other things (or nothing else is legal). Every choice is drawn from the bot's own
seeded generator, so a bot-vs-bot game is reproducible from its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from wargame.actions import Action
from wargame.errors import UsageError
from wargame.match import Match


class Bot(Protocol):
    name: str

    def choose(self, match: Match) -> Action: ...


class RandomBot:
    """Uniform over verbs, then over that verb's actions; always legal, never stuck."""

    name = "random"

    def __init__(self, seed: int = 0, patience: float = 0.8) -> None:
        self.rng = random.Random(seed)
        self.patience = patience

    def choose(self, match: Match) -> Action:
        actions = match.legal_actions()
        if not actions:
            raise UsageError(f"no legal action for {match.decision}")
        by_verb: dict[str, list[Action]] = {}
        for action in actions:
            by_verb.setdefault(action.verb, []).append(action)
        verbs = sorted(by_verb)
        if len(verbs) > 1 and "end" in by_verb and self.rng.random() < self.patience:
            verbs.remove("end")
        return self.rng.choice(by_verb[self.rng.choice(verbs)])


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
"""Bot name -> factory taking a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise UsageError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None


def play(match: Match, bots: dict[str, Bot], max_actions: int = 100_000,
         until: Callable[[Match], bool] | None = None) -> int:
    """Let bots decide until the game ends (or ``until`` says stop); returns actions applied."""
    count = 0
    while match.decision is not None and count < max_actions:
        if until is not None and until(match):
            break
        decision = match.decision
        match.apply(bots[decision.side].choose(match))
        count += 1
    return count
