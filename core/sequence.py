"""The sequence of play as data: set-up, then turns of blocks (before-turn phases, player turns,
after-turn phases), each a list of phases whose segments are flattened into leaves.

A player turn may let the phasing player choose its phase order (Barbarossa 5.4, LWE 5.2): the
block then starts with an ``order`` decision and its leaves follow the chosen order.
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.models import PhaseSpec, SequenceSpec


@dataclass(frozen=True, slots=True)
class Leaf:
    """A phase or segment the match stops in. ``path`` names it for people and events."""

    path: str
    spec: PhaseSpec


@dataclass(frozen=True, slots=True)
class Block:
    key: str  # "setup", "before", "pt0", "pt1", ..., "after"
    side: str | None  # the phasing side of a player turn
    leaves: tuple[Leaf, ...]
    orders: tuple[str, ...] = ()  # names of the orders to choose from, if any


def _flatten(phases: list[PhaseSpec], prefix: str) -> list[Leaf]:
    leaves: list[Leaf] = []
    for phase in phases:
        path = f"{prefix}/{phase.id}" if prefix else phase.id
        if phase.segments:
            leaves.extend(_flatten(phase.segments, path))
        else:
            leaves.append(Leaf(path, phase))
    return leaves


class SequenceOfPlay:
    """Builds the blocks of a turn from the title's sequence spec."""

    def __init__(self, spec: SequenceSpec) -> None:
        self.spec = spec
        self.setup = Block("setup", None, tuple(_flatten(spec.setup, "setup")))
        self._orders: dict[tuple[int, str], tuple[Leaf, ...]] = {}
        blocks: list[Block] = []
        if spec.before_turn:
            blocks.append(Block("before", None, tuple(_flatten(spec.before_turn, "turn"))))
        for i, pt in enumerate(spec.player_turns):
            key = f"pt{i}"
            if pt.orders:
                by_id = {p.id: p for p in pt.phases}
                for name, ids in pt.orders.items():
                    chosen = [by_id[pid] for pid in ids]
                    self._orders[(i, name)] = tuple(_flatten(chosen, pt.side))
                blocks.append(Block(key, pt.side, (), tuple(pt.orders)))
            else:
                blocks.append(Block(key, pt.side, tuple(_flatten(pt.phases, pt.side))))
        if spec.after_turn:
            blocks.append(Block("after", None, tuple(_flatten(spec.after_turn, "turn"))))
        self.turn_blocks = tuple(blocks)

    def leaves(self, block: Block, chosen: str | None) -> tuple[Leaf, ...]:
        """The leaves of a block; for a chosen-order block, those of the chosen order."""
        if not block.orders:
            return block.leaves
        if chosen is None:
            return ()
        return self._orders[(int(block.key[2:]), chosen)]
