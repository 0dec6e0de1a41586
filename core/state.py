"""The state of a match: plain data, JSON-able, nothing derived.

Everything a match needs to continue lives here, so a snapshot is ``State.to_json()`` and the
state hash is the hash of that. Mechanics and rules modules hold no state of their own; whatever
they remember between calls goes into their own namespace, ``State.ns("combat")`` (a plain JSON
dict only that plugin writes, so two plugins never clash on a key), into ``State.vars`` (the
title's public state, set up by its scenario) or ``State.secrets[side]`` (seen by that side only). Untried strengths are not in the state at all until revealed (PGG 12.2), so no
view can leak them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Unit:
    """One counter (or multi-step formation) in play.

    ``step`` indexes the counter's faces (0 = full strength). ``face`` is the revealed face of an
    untried unit (None while untried). ``flags`` hold the mechanics' bookkeeping (moved, attacked
    this phase: records keyed by the phase they belong to). ``markers`` are the title's declared
    markers on the unit (disrupted, out of supply), kept by :mod:`wargame.markers` with when they
    were placed. ``hidden_from`` lists the sides that may not see the unit's identity or values
    (concealed stacks, hidden reserves).
    """

    id: str
    counter: str
    side: str
    loc: str | None = None
    step: int = 0
    face: dict[str, float] | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    hidden_from: list[str] = field(default_factory=list)
    markers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "counter": self.counter, "side": self.side}
        out["loc"] = self.loc
        out["step"] = self.step
        if self.face is not None:
            out["face"] = dict(self.face)
        if self.flags:
            out["flags"] = dict(self.flags)
        if self.hidden_from:
            out["hidden_from"] = list(self.hidden_from)
        if self.markers:
            out["markers"] = {k: dict(v) for k, v in self.markers.items()}
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Unit:
        return cls(
            id=d["id"],
            counter=d["counter"],
            side=d["side"],
            loc=d.get("loc"),
            step=d.get("step", 0),
            face=d.get("face"),
            flags=dict(d.get("flags", {})),
            hidden_from=list(d.get("hidden_from", [])),
            markers={k: dict(v) for k, v in d.get("markers", {}).items()},
        )


@dataclass(slots=True)
class Cursor:
    """Where the match is in the sequence of play (see wargame.sequence)."""

    stage: str = "setup"  # setup | turn | over
    turn: int = 0
    block: int = 0  # index into the turn's blocks: before_turn, player turns..., after_turn
    phase: int = -1  # index into the block's leaf phases; -1 = block not started
    started: bool = False  # phase_start has run for the current phase

    def to_json(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "turn": self.turn,
            "block": self.block,
            "phase": self.phase,
            "started": self.started,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Cursor:
        return cls(d["stage"], d["turn"], d["block"], d["phase"], d["started"])


@dataclass(slots=True)
class State:
    seed: int
    dice: int
    cursor: Cursor = field(default_factory=Cursor)
    units: dict[str, Unit] = field(default_factory=dict)
    markers: dict[str, dict[str, Any]] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    vp: dict[str, float] = field(default_factory=dict)
    pools: dict[str, list[int]] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)
    secrets: dict[str, dict[str, Any]] = field(default_factory=dict)
    pending: list[dict[str, Any]] = field(default_factory=list)
    orders: dict[str, str] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    plugins: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Plugin id -> that plugin's own state (see :meth:`ns`)."""

    def ns(self, plugin: str) -> dict[str, Any]:
        """The namespace of one plugin: a plain JSON dict it alone reads and writes (the kernel's
        combat mechanic keeps its battle in ``ns("combat")``, Dark Crusade's in its own). A module
        may give it a ``TypedDict`` with ``cast`` for the type checker. Empty namespaces are
        not saved, so asking for one changes nothing."""
        return self.plugins.setdefault(plugin, {})

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "dice": self.dice,
            "cursor": self.cursor.to_json(),
            "units": {k: u.to_json() for k, u in self.units.items()},
            "markers": self.markers,
            "control": self.control,
            "vp": self.vp,
            "pools": self.pools,
            "vars": self.vars,
            "secrets": self.secrets,
            "pending": self.pending,
            "orders": self.orders,
            "outcome": self.outcome,
            **(
                {"plugins": plugins}
                if (plugins := {k: v for k, v in self.plugins.items() if v})
                else {}
            ),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        d = json.loads(json.dumps(d))  # a deep copy the state owns
        return cls(
            seed=d["seed"],
            dice=d["dice"],
            cursor=Cursor.from_json(d["cursor"]),
            units={k: Unit.from_json(u) for k, u in d["units"].items()},
            markers=d["markers"],
            control=d["control"],
            vp=d["vp"],
            pools=d["pools"],
            vars=d["vars"],
            secrets=d["secrets"],
            pending=d["pending"],
            orders=d["orders"],
            outcome=d["outcome"],
            plugins=d.get("plugins", {}),
        )


def canonical(data: Any) -> bytes:
    """Canonical JSON bytes: the basis of state hashes and save checksums. Non-ASCII text is
    written as itself (UTF-8), not escaped."""
    # the escaping encoder is the faster by a third and a state is nearly always plain ASCII;
    # where it escaped something (a \\u), the text is written again as itself
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    if "\\u" in text:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode()


def digest(data: Any) -> str:
    return hashlib.sha256(canonical(data)).hexdigest()
