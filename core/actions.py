"""Actions, decisions and events: the vocabulary between a match and its clients.

An action is a verb and its arguments in a text notation that round-trips
(``Action.parse(str(a)) == a``), in the manner of chess's UCI: ``move 16A-3 2216 2317``,
``attack 2418 with 2317:7-12,2417:20-12``, ``lose 9-1``, ``end``. A save file is a list of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wargame.errors import UsageError

_TOKEN = re.compile(r"\S+").fullmatch


@dataclass(frozen=True, slots=True)
class Action:
    """A player's choice. Arguments are whitespace-free tokens (ids never hold spaces)."""

    verb: str
    args: tuple[str, ...] = ()

    def problem(self) -> str | None:
        """Why the tokens are malformed, if they are. Checked where text comes in (``parse``,
        ``Match.check``), not on every construction: legal-action lists build thousands."""
        for token in (self.verb, *self.args):
            if not isinstance(token, str) or not _TOKEN(token):
                return f"bad action token {token!r}: tokens are non-empty, no spaces"
        return None

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        tokens = text.split()
        if not tokens:
            raise UsageError("empty action")
        return cls(tokens[0].lower(), tuple(tokens[1:]))  # split() leaves well-formed tokens

    @classmethod
    def of(cls, verb: str, *args: object) -> Action:
        return cls(verb, tuple(str(a) for a in args))


@dataclass(frozen=True, slots=True)
class Decision:
    """Whose choice it is, of what kind, and where in the sequence of play."""

    side: str
    kind: str
    turn: int
    phase: str
    prompt: str = ""
    context: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "kind": self.kind,
            "turn": self.turn,
            "phase": self.phase,
            "prompt": self.prompt,
            "context": dict(self.context),
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: a move, a die roll, a combat result. ``text`` is for people."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, **self.data}
        if self.rule:
            out["rule"] = self.rule
        return out


class IllegalAction(UsageError):
    """An action the rules forbid now; the message names the rule. The match is unchanged."""

    def __init__(self, action: Action | str, reason: str) -> None:
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = str(action)
        self.reason = reason
