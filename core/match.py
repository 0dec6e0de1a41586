"""A match: a state machine of decisions (the OpenSpiel and python-chess idiom).

At every moment ``match.decision`` says whose choice it is and of what kind,
``match.legal_actions()`` lists every legal choice and ``match.apply(action)`` checks it, changes
the state and returns the events. A CLI, a web page and a bot are all clients choosing among legal
actions. Dice come from a seeded generator kept in the state, so the seed and the action list
replay a match exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from wargame.actions import Action, Decision, Event, IllegalAction
from wargame.dice import Dice
from wargame.errors import UsageError
from wargame.models import PhaseSpec
from wargame.plugins import Title, Verb, collect_verbs, plugin_manager
from wargame.sequence import Block, Leaf, SequenceOfPlay
from wargame.state import State, Unit, digest


@dataclass
class Battle:
    """One combat being resolved: who attacks whom, and everything that explains the result."""

    id: str
    attackers: list[str]
    defenders: list[str]
    target: str
    origins: dict[str, str] = field(default_factory=dict)  # attacker id -> its location
    kind: str = "attack"  # attack | overrun | mobile-assault | close-combat ...
    attack: float = 0
    defense: float = 0
    column: str | None = None
    roll: int | None = None
    result: str | None = None
    explanation: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "attackers": self.attackers,
            "defenders": self.defenders,
            "target": self.target,
            "origins": self.origins,
            "kind": self.kind,
            "attack": self.attack,
            "defense": self.defense,
            "column": self.column,
            "roll": self.roll,
            "result": self.result,
            "explanation": self.explanation,
            "extra": self.extra,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Battle:
        return cls(**{k: d[k] for k in d})


def _direct(impl: Any) -> Any:
    """A hook implementation as a plain function of (match, decision, action), for hot loops.
    pluggy lets an implementation take only some of the spec's arguments; honour that."""
    names = tuple(impl.argnames)
    function = impl.function
    if names == ("match", "decision", "action"):
        return function

    def call(**kwargs: Any) -> Any:
        return function(**{n: kwargs[n] for n in names})

    return call


_MISSING = object()


def _scoped(impl: Any) -> tuple[frozenset[str], frozenset[str], Any, Any]:
    """(verbs, kinds, concerns, function) of a veto implementation (``veto_scope``); empty sets
    concern everything, a None ``concerns`` every actor."""
    verbs, kinds, concerns = getattr(
        impl.function, "wargame_veto_scope", (frozenset(), frozenset(), None)
    )
    return verbs, kinds, concerns, _direct(impl)


class Match:
    """One game of one title, from set-up to outcome."""

    def __init__(
        self,
        title: Title,
        scenario: str | None = None,
        seed: int = 0,
        options: Mapping[str, bool] | None = None,
    ) -> None:
        self.title = title
        scenario_id = scenario or title.manifest.default_scenario
        if scenario_id not in title.scenarios:
            known = ", ".join(sorted(title.scenarios))
            raise UsageError(f"{title.id} has no scenario {scenario_id!r} (has: {known})")
        self.scenario_id = scenario_id
        self.scenario = title.scenarios[scenario_id]
        unknown = set(options or {}) - set(self.scenario.get("options", {}))
        if unknown:
            known = ", ".join(sorted(self.scenario.get("options", {}))) or "none"
            raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))} (has: {known})")
        self.options: dict[str, bool] = {**self.scenario.get("options", {}), **(options or {})}
        self._options_key = tuple(sorted(self.options.items()))
        self.seed = seed
        self.topology = title.topology
        self.sequence = SequenceOfPlay(title.manifest.sequence)
        self.sides = title.sides
        self.pm = plugin_manager(title.plugins())
        self.hook = self.pm.hook
        self.verbs: dict[str, Verb] = collect_verbs(self.pm, title.mechanics())
        self._vetoes = [_scoped(impl) for impl in reversed(self.hook.wargame_veto.get_hookimpls())]
        self._vetoes_by: dict[tuple[str, str], list[Any]] = {}
        self._verbs_by: dict[tuple[str, bool], list[Verb]] = {}
        self._epoch = 0  # bumped by touch(): a key for memos of the decision
        self.cache: dict[Any, Any] = {}  # derived data for the whole match (cost tables)
        self._start()

    def shared(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """Static data for every match of this title, scenario and options (a movement cost
        table per cost key): built once by the first match that asks, then shared, also with
        worker processes forked after it. ``build`` must not read the state."""
        store = self.title.shared
        full = (self.scenario_id, self._options_key, key)
        found = store.get(full, _MISSING)
        if found is _MISSING:
            found = store[full] = build()
        return found

    # ------------------------------------------------------------------ life cycle

    def _start(self) -> None:
        self.state = State(seed=self.seed, dice=self.seed)
        self.history: list[str] = []
        self._events: list[Event] = []
        self._at: dict[str, list[str]] = {}
        self.scratch: dict[Any, Any] = {}  # derived data for the current state only (ZOC)
        self._version = 0
        self._legal: tuple[int, list[Action]] | None = None
        self._phase_memo: tuple[tuple[object, ...], Leaf | None] | None = None
        self._decision_memo: tuple[tuple[object, ...], Decision | None] | None = None
        for pool_id, pool in self.counters_doc.get("pools", {}).items():
            self.state.pools[pool_id] = [face.get("count", 1) for face in pool["faces"]]
        self._place_setup()
        self.hook.wargame_setup(match=self)
        self._advance()
        self.hook.wargame_settled(match=self)
        self.opening_events: list[Event] = list(self._events)  # set-up up to the first decision

    def _place_setup(self) -> None:
        counters = self.counters_doc["counters"]
        taken: set[str] = set()
        for key, placement in self.scenario.get("setup", {}).items():
            locs = self.resolve_locations(placement["at"])
            ids = list(placement.get("units", []))
            for utype, count in placement.get("draw", {}).items():
                ids.extend(self.draw_counters(placement["side"], utype, count, taken))
            for cid in ids:
                if cid not in counters:
                    raise UsageError(f"scenario {self.scenario_id}: set-up {key}: no counter {cid}")
                taken.add(cid)
                unit = self.new_unit(cid, locs[0])
                unit.flags["setup"] = key  # the formation it set up with (PGG 5.21, 5.23)
                if len(locs) > 1:
                    unit.flags["deploy"] = list(locs)
        self.state.control = {}
        for side, places in self.scenario.get("control", {}).items():
            for loc in self.resolve_locations(places):
                self.state.control[loc] = side

    def new_unit(self, counter_id: str, loc: str | None, unit_id: str | None = None) -> Unit:
        """Bring a counter into play (set-up, reinforcement)."""
        counter = self.counters_doc["counters"][counter_id]
        uid = unit_id or counter_id
        old = self.state.units.get(uid)
        if old is not None and not old.flags.get("eliminated"):
            raise UsageError(f"unit {uid} is already in play")
        unit = Unit(id=uid, counter=counter_id, side=counter["side"])
        if old is not None:  # a counter back from the dead pile (PGG 12.4)
            unit.face = old.face
        self.state.units[uid] = unit
        self.place(unit, loc)
        return unit

    def draw_counters(
        self,
        side: str,
        utype: str,
        count: int,
        taken: set[str],
        upto: bool = False,
        dead: bool = True,
    ) -> list[str]:
        """Counters of a type drawn at random from those not in play: never used yet first, then
        (unless ``dead`` is False) back in the dead pile face-down (PGG 5.0, 12.1, 12.4). Too few
        left is an error, or with ``upto`` all that are left (the counter limit is absolute, PGG
        14.14)."""
        units = self.state.units

        def free_counter(cid: str) -> bool:
            unit = units.get(cid)
            if unit is None:
                return True
            return dead and unit.flags.get("eliminated", False) and unit.face is None

        free = [
            cid
            for cid, c in self.counters_doc["counters"].items()
            if c["side"] == side and c["type"] == utype and cid not in taken and free_counter(cid)
        ]
        if len(free) < count and not upto:
            raise UsageError(f"only {len(free)} {utype} counters left for {side}, {count} needed")
        fresh = [cid for cid in free if cid not in units]
        gone = [cid for cid in free if cid in units]
        picked = []
        for _ in range(min(count, len(free))):
            pool = fresh or gone
            picked.append(pool.pop(self._below(len(pool))))
        return picked

    def _below(self, n: int) -> int:
        dice = Dice(self.state.dice)
        value = dice.below(n)
        self.state.dice = dice.state
        return value

    # ------------------------------------------------------------------ data access

    @property
    def counters_doc(self) -> dict[str, Any]:
        return self.title.counters

    def counter(self, unit: Unit) -> dict[str, Any]:
        return self.counters_doc["counters"][unit.counter]

    def unit_type(self, unit: Unit) -> dict[str, Any]:
        """The unit's type; a unit whose class a rule changed in play (PMD 6.1: an augmented
        division takes the class of the slower of the pair) carries it in its ``mobility``
        flag, which every rule reading the type then sees."""
        kind: dict[str, Any] = self.counters_doc["unit_types"][self.counter(unit)["type"]]
        mobility = unit.flags.get("mobility")
        return kind if mobility is None else {**kind, "mobility": mobility}

    def unit_values(self, unit: Unit) -> Mapping[str, float]:
        """Current values: the title's answer, else the revealed face, else the printed step."""
        values = self.hook.wargame_unit_values(match=self, unit=unit)
        if values is not None:
            return values
        if unit.face is not None:
            return unit.face
        steps = self.counter(unit)["steps"]
        return steps[min(unit.step, len(steps) - 1)]["values"]

    def faces(self, unit: Unit) -> int:
        """How many steps the unit has at full strength now: one once a hidden face is revealed,
        else its counter's faces but those it gains only on a later turn (PMD 15.1)."""
        if unit.face is not None:
            return 1
        steps = self.counter(unit)["steps"]
        return sum(1 for f in steps if f.get("from_turn") is None or f["from_turn"] <= self.turn)

    def is_untried(self, unit: Unit) -> bool:
        return unit.face is None and bool(self.counter(unit).get("untried"))

    def option(self, name: str) -> bool:
        return bool(self.options.get(name, False))

    def settings(self, mechanic: str) -> dict[str, Any]:
        """The title's settings for a shared mechanic (``mechanic_options`` in title.json)."""
        return self.title.settings(mechanic)

    def resolve_locations(self, names: Iterable[str]) -> list[str]:
        """Location ids and region names -> location ids, in order, without repeats."""
        out: list[str] = []
        for name in names:
            if name in self.topology:
                found = [name]
            else:
                try:
                    found = sorted(self.topology.region(name))
                except LookupError:
                    raise UsageError(f"no location or region {name!r} on the map") from None
            out.extend(x for x in found if x not in out)
        return out

    # ------------------------------------------------------------------ where units are

    def touch(self) -> None:
        """Forget data derived from the current state (ZOC, legal actions); call after changing
        unit flags that such data depends on. Moving units does this by itself."""
        self.scratch = {}
        self._legal = None
        self._epoch += 1

    def place(self, unit: Unit, loc: str | None) -> None:
        """Move a unit to a location (or off the map with None), keeping the index right."""
        self.touch()
        if unit.loc is not None:
            here = self._at.get(unit.loc)
            if here and unit.id in here:
                here.remove(unit.id)
                if not here:
                    del self._at[unit.loc]
        unit.loc = loc
        if loc is not None:
            self._at.setdefault(loc, []).append(unit.id)

    def units_at(self, loc: str) -> list[Unit]:
        units = self.state.units
        return [units[i] for i in self._at.get(loc, ())]

    @property
    def version(self) -> int:
        """Bumped by every applied action: a key for caches of derived data."""
        return self._version

    def occupied(self) -> Mapping[str, list[str]]:
        """Location -> unit ids there (read-only view of the index)."""
        return self._at

    def side_at(self, loc: str) -> str | None:
        ids = self._at.get(loc)
        return self.state.units[ids[0]].side if ids else None

    def enemy(self, side: str) -> str:
        others = [s for s in self.sides if s != side]
        return others[0]

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.state.units.values() if u.side == side and u.loc is not None]

    def _reindex(self) -> None:
        self._at = {}
        for unit in self.state.units.values():
            if unit.loc is not None:
                self._at.setdefault(unit.loc, []).append(unit.id)

    # ------------------------------------------------------------------ changes rules make

    def emit(self, kind: str, text: str, rule: str | None = None, **data: Any) -> Event:
        """Record an event of the action being applied. Events go to every side, less what a
        side may not know (:class:`wargame.web.seat.Lens`): one naming a unit concealed from a
        side, when the event happened or when it is shown, is hidden from it;
        ``hidden_from=[SIDE, ...]`` hides it from those sides for good, decided when it happens
        (what went into a covered box, PMD 16.2 D), and ``shown_as`` is the text they see
        instead (that something moved, not what; an empty one: nothing at all)."""
        event = Event(kind, text, data, rule)
        self._events.append(event)
        return event

    def roll(self, spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        """Roll dice from the match's own generator and record the roll as an event."""
        dice = Dice(self.state.dice)
        total, faces = dice.roll(spec)
        self.state.dice = dice.state
        self.emit(
            "roll",
            f"{why}: rolled {total}" if why else f"rolled {total}",
            rule,
            dice=spec,
            faces=list(faces),
            total=total,
            why=why,
        )
        return total

    def choose(self, n: int) -> int:
        """A uniform random index in [0, n) from the match's generator (draws from pools)."""
        return self._below(n)

    def reveal(self, unit: Unit, rule: str | None = None) -> None:
        """Reveal an untried unit: draw its face from its pool now (PGG 12.2, PMD 2.4.9)."""
        if not self.is_untried(unit):
            return
        pool_id = self.counter(unit)["untried"]
        counts = self.state.pools[pool_id]
        total = sum(counts)
        if total <= 0:
            raise UsageError(f"pool {pool_id} is empty")
        pick = self._below(total)
        index = 0
        while pick >= counts[index]:
            pick -= counts[index]
            index += 1
        counts[index] -= 1
        face = self.counters_doc["pools"][pool_id]["faces"][index]
        unit.face = dict(face["values"])
        label = face.get("label") or "-".join(f"{v:g}" for v in unit.face.values())
        self.emit("reveal", f"{unit.id} revealed: {label}", rule, unit=unit.id, face=unit.face)
        self.hook.wargame_revealed(match=self, unit=unit)

    def return_to_pool(self, unit: Unit) -> None:
        """A revealed unit goes back face-down (PGG 12.4 dead pile recycling)."""
        if unit.face is None:
            return
        pool_id = self.counter(unit)["untried"]
        faces = self.counters_doc["pools"][pool_id]["faces"]
        for index, face in enumerate(faces):
            if face["values"] == unit.face:
                self.state.pools[pool_id][index] += 1
                break
        unit.face = None

    def eliminate(self, unit: Unit, why: str = "", rule: str | None = None) -> None:
        where = unit.loc
        before = replace(unit, flags=dict(unit.flags), markers=dict(unit.markers))
        self.place(unit, None)
        unit.flags = {"eliminated": True}
        unit.markers = {}  # markers go with the counter (wargame.markers)
        self.emit(
            "eliminated",
            f"{unit.id} eliminated" + (f": {why}" if why else ""),
            rule,
            unit=unit.id,
            loc=where,
        )
        self.hook.wargame_unit_eliminated(match=self, unit=unit, before=before)

    def remove(self, unit: Unit) -> None:
        """Take a unit off the map without eliminating it (a withdrawal, a removal from the game,
        a unit a rule retires): no dead pile, no loss. Its markers go with the counter, its flags
        with its time on the map (a title that keeps it out of play for good marks it
        ``eliminated`` after); the caller reports why and keeps its own record of where the unit
        went. The rules that clean up after a unit leaving its location hear it through
        ``wargame_unit_removed``."""
        before = replace(unit, flags=dict(unit.flags), markers=dict(unit.markers))
        self.place(unit, None)
        unit.flags = {}
        unit.markers = {}
        self.hook.wargame_unit_removed(match=self, unit=unit, before=before)

    def extra_steps(self, unit: Unit) -> int:
        """Steps the title adds beyond the unit's faces (PMD 15.9's Mech Upgrade), lost first."""
        return int(self.hook.wargame_extra_steps(match=self, unit=unit) or 0)

    def lose_steps(self, unit: Unit, steps: int = 1, rule: str | None = None) -> None:
        """Flip or replace the unit down ``steps`` faces, its extra steps first; past the last
        face it is eliminated."""
        absorbed = 0
        while absorbed < steps and self.extra_steps(unit) > 0:
            self.hook.wargame_extra_step_lost(match=self, unit=unit, rule=rule)
            self.emit("step", f"{unit.id} loses an extra step", rule, unit=unit.id, step=unit.step)
            absorbed += 1
        steps -= absorbed
        if absorbed and not steps:
            return
        faces = self.faces(unit)
        unit.step += steps
        if unit.step >= faces:
            self.eliminate(unit, "last step lost", rule)
        else:
            self.emit(
                "step", f"{unit.id} loses {steps} step(s)", rule, unit=unit.id, step=unit.step
            )

    def set_control(self, loc: str, side: str) -> None:
        if self.state.control.get(loc) != side:
            self.state.control[loc] = side
            self.emit("control", f"{side} takes control of {loc}", loc=loc, side=side)

    def add_vp(self, side: str, points: float, why: str, rule: str | None = None) -> None:
        self.state.vp[side] = self.state.vp.get(side, 0) + points
        self.emit("vp", f"{side} {points:+g} VP: {why}", rule, side=side, points=points)

    def push(self, side: str, kind: str, prompt: str = "", **context: Any) -> None:
        """Ask a side for an in-sequence decision (a loss, a retreat path, an advance)."""
        self.state.pending.append(
            {"side": side, "kind": kind, "prompt": prompt, "context": context}
        )

    def pop(self) -> dict[str, Any]:
        return self.state.pending.pop()

    def end_game(self, winner: str | None, level: str, text: str, rule: str | None = None) -> None:
        """End the match now (the last turn, or sudden death)."""
        self.state.outcome = {
            "winner": winner,
            "level": level,
            "text": text,
            "vp": dict(self.state.vp),
            "turn": self.turn,
        }
        self.state.cursor.stage = "over"
        self.state.pending.clear()
        self.emit("outcome", text, rule, winner=winner, level=level)

    # ------------------------------------------------------------------ the sequence of play

    @property
    def turn(self) -> int:
        return self.state.cursor.turn

    def _blocks(self) -> tuple[Block, ...]:
        if self.state.cursor.stage == "setup":
            return (self.sequence.setup,)
        return self.sequence.turn_blocks

    def _block(self) -> Block | None:
        blocks = self._blocks()
        c = self.state.cursor
        return blocks[c.block] if c.block < len(blocks) else None

    def _leaves(self, block: Block) -> tuple[Leaf, ...]:
        return self.sequence.leaves(block, self.state.orders.get(block.key))

    @property
    def phase(self) -> Leaf | None:
        c = self.state.cursor
        orders = self.state.orders
        key = (c.stage, c.block, c.phase, tuple(orders.items()) if orders else ())
        memo = self._phase_memo
        if memo is not None and memo[0] == key:
            return memo[1]  # asked thousands of times per state by movement rules
        block = self._block()
        if block is None or c.stage == "over":
            leaf = None
        else:
            leaves = self._leaves(block)
            leaf = leaves[c.phase] if 0 <= c.phase < len(leaves) else None
        self._phase_memo = (key, leaf)
        return leaf

    @property
    def phasing(self) -> str | None:
        block = self._block()
        return block.side if block else None

    def _decider(self, leaf: Leaf) -> str:
        return self.side_of(leaf.spec)

    def side_of(self, phase: PhaseSpec) -> str:
        """The side that decides in ``phase`` now: its fixed side, or the phasing player or his
        enemy (a set-up phase outside any player turn: the first side, or the second)."""
        side = phase.side
        phasing = self.phasing
        if side == "phasing":
            return phasing or self.sides[0]
        if side == "non-phasing":
            return self.enemy(phasing) if phasing else self.sides[1]
        return side

    def _advance(self) -> None:
        """Run the sequence forward until someone must decide or the game is over."""
        c = self.state.cursor
        while c.stage != "over" and not self.state.pending:
            block = self._block()
            if block is None:
                self._next_stage()
                continue
            if block.orders and block.key not in self.state.orders:
                return  # the phasing player chooses the order first
            leaves = self._leaves(block)
            if c.phase < 0 or c.phase >= len(leaves):
                if c.phase < 0:
                    c.phase, c.started = 0, False
                    continue
                c.block += 1
                c.phase, c.started = -1, False
                continue
            leaf = leaves[c.phase]
            if not c.started:
                if leaf.spec.when is not None:
                    active = self.hook.wargame_phase_active(match=self, phase=leaf.spec)
                    if not active:
                        c.phase += 1
                        continue
                c.started = True
                self.emit(
                    "phase",
                    f"{self.title.manifest.turn_label} {c.turn}: {leaf.path}",
                    leaf.spec.rule,
                    turn=c.turn,
                    phase=leaf.path,
                )
                self.hook.wargame_phase_start(match=self, phase=leaf.spec)
                continue
            if leaf.spec.kind == "auto":
                self._end_phase()
                continue
            return

    def _end_phase(self) -> None:
        leaf = self.phase
        if leaf is not None:
            self.hook.wargame_phase_end(match=self, phase=leaf.spec)
        c = self.state.cursor
        if c.stage != "over":
            c.phase += 1
            c.started = False

    def _next_stage(self) -> None:
        c = self.state.cursor
        first = int(self.scenario.get("first_turn", 1))
        last = int(self.scenario["last_turn"])
        if c.stage == "setup":
            c.stage, c.turn = "turn", first
        elif c.turn >= last:
            outcome = self.hook.wargame_outcome(match=self)
            if outcome is None:
                outcome = {"winner": None, "level": "draw", "text": "the last turn is over"}
            self.end_game(
                outcome.get("winner"),
                outcome.get("level", ""),
                outcome.get("text", ""),
                outcome.get("rule"),
            )
            return
        else:
            c.turn += 1
        self.state.orders = {}
        c.block, c.phase, c.started = 0, -1, False

    # ------------------------------------------------------------------ decisions and actions

    @property
    def decision(self) -> Decision | None:
        st = self.state
        c = st.cursor
        top = st.pending[-1] if st.pending else None
        key = (self._version, self._epoch, c.stage, c.turn, c.block, c.phase, c.started,
               len(st.pending), id(top), len(st.orders))  # fmt: skip
        memo = self._decision_memo
        if memo is not None and memo[0] == key:
            return memo[1]  # asked many times per state by the levels
        found = self._decision()
        self._decision_memo = (key, found)
        return found

    def _decision(self) -> Decision | None:
        st = self.state
        if st.cursor.stage == "over":
            return None
        path = self.phase.path if self.phase else ""
        if st.pending:
            top = st.pending[-1]
            return Decision(
                top["side"],
                top["kind"],
                st.cursor.turn,
                path,
                top.get("prompt", ""),
                top.get("context", {}),
            )
        block = self._block()
        if block is not None and block.orders and block.key not in st.orders:
            return Decision(
                block.side or self.sides[0],
                "order",
                st.cursor.turn,
                block.key,
                "choose the order of this player turn's phases",
                {"orders": list(block.orders), "block": block.key},
            )
        leaf = self.phase
        if leaf is None:
            return None
        return Decision(
            self._decider(leaf),
            leaf.spec.kind,
            st.cursor.turn,
            leaf.path,
            leaf.spec.name or leaf.spec.id,
            {"phase": leaf.spec.id, "end": True},
        )

    def _verbs_for(self, decision: Decision) -> list[Verb]:
        phase_level = bool(decision.context.get("end"))
        key = (decision.kind, phase_level)
        found = self._verbs_by.get(key)
        if found is None:
            found = self._verbs_by[key] = [
                v
                for v in self.verbs.values()
                if decision.kind in v.kinds or (phase_level and "*phase" in v.kinds)
            ]
        return found

    def legal_actions(self) -> list[Action]:
        """Every legal action now (movement: one cheapest path per unit and destination): every
        verb's actors' actions, in the verbs' own order. Prefer the levels (``actors``,
        ``legal_for``) where one actor's actions are enough."""
        if self._legal is not None and self._legal[0] == self._version:
            return list(self._legal[1])
        decision = self.decision
        actions: list[Action] = []
        if decision is not None:
            for verb in self._verbs_for(decision):
                scoped = self._vetoes_for(decision, verb.name)
                if not scoped:
                    actions.extend(verb.legal(self, decision))
                    continue
                by_actor: dict[str, list[Any]] = {}
                for action in verb.legal(self, decision):
                    actor = verb.actor(action)
                    vetoes = by_actor.get(actor)
                    if vetoes is None:
                        vetoes = by_actor[actor] = self._concerned(decision, verb, actor, scoped)
                    if not vetoes or not self._vetoed(decision, action, vetoes):
                        actions.append(action)
        self._legal = (self._version, actions)
        return list(actions)

    def verbs_now(self) -> list[str]:
        """The verbs the deciding side may use now (each may still have no action)."""
        decision = self.decision
        return [] if decision is None else [v.name for v in self._verbs_for(decision)]

    def actors(self, verb: str | None = None) -> list[str]:
        """Who may act now (units, stacks 'id,id', battles...; '' for actions of no one, like
        ``end``), over every verb or one. An actor listed may have no action after all."""
        decision = self.decision
        if decision is None:
            return []
        found: dict[str, None] = {}
        for v in self._verbs_for(decision):
            if verb is None or v.name == verb:
                found.update(dict.fromkeys(self._levels(decision, v)[0]()))
        return list(found)

    def legal_for(self, actor: str, verb: str | None = None) -> list[Action]:
        """One actor's legal actions now (a unit's moves and overruns), without listing the
        others'. Over every actor, these are exactly ``legal_actions()``."""
        decision = self.decision
        if decision is None:
            return []
        out: list[Action] = []
        for v in self._verbs_for(decision):
            if verb is not None and v.name != verb:
                continue
            vetoes = self._concerned(decision, v, actor, self._vetoes_for(decision, v.name))
            for action in self._levels(decision, v)[1](actor):
                if not vetoes or not self._vetoed(decision, action, vetoes):
                    out.append(action)
        return out

    def _levels(self, decision: Decision, verb: Verb) -> tuple[Any, Any]:
        """(() -> actors, actor -> actions) of one verb now; a verb without native levels is
        listed once per state and grouped by actor."""
        if verb.native_levels:
            return (
                lambda: verb.actors(self, decision),
                lambda actor: verb.legal_for(self, decision, actor),
            )
        key = ("levels", verb.name)

        def grouped() -> dict[str, list[Action]]:
            found = self.scratch.get(key)
            if found is None:
                found = {}
                for action in verb.legal(self, decision):
                    found.setdefault(verb.actor(action), []).append(action)
                self.scratch[key] = found
            return found

        return lambda: list(grouped()), lambda actor: grouped().get(actor, [])

    def _vetoes_for(self, decision: Decision, verb: str) -> list[tuple[Any, Any]]:
        """(concerns, veto) of the implementations concerned with this verb in this kind of
        decision."""
        key = (decision.kind, verb)
        found = self._vetoes_by.get(key)
        if found is None:
            found = [
                (concerns, veto)
                for verbs, kinds, concerns, veto in self._vetoes
                if (not verbs or verb in verbs) and (not kinds or decision.kind in kinds)
            ]
            self._vetoes_by[key] = found
        return found

    def _concerned(
        self, decision: Decision, verb: Verb, actor: str, scoped: list[tuple[Any, Any]]
    ) -> list[Any]:
        """The vetoes that may refuse some action of this actor (asked once per actor)."""
        return [
            veto
            for concerns, veto in scoped
            if concerns is None or concerns(self, decision, verb.name, actor)
        ]

    def _vetoed(self, decision: Decision, action: Action, vetoes: list[Any]) -> str | None:
        # Called for every listed action, so the implementations are called directly rather
        # than through pluggy's dispatch (same order: last registered first).
        for veto in vetoes:
            reason = veto(match=self, decision=decision, action=action)
            if reason:
                return str(reason)
        return None

    def vetoes(self, action: Action) -> list[str]:
        """Every veto's reason against an action now (all of them, to tell a player at once)."""
        decision = self.decision
        if decision is None:
            return []
        verb = self.verbs.get(action.verb)
        if verb is None:
            return []
        found = []
        scoped = self._vetoes_for(decision, action.verb)
        for veto in self._concerned(decision, verb, verb.actor(action), scoped):
            reason = veto(match=self, decision=decision, action=action)
            if reason:
                found.append(str(reason))
        return found

    def check(self, action: Action | str) -> str | None:
        """Why the action is illegal now, or None when it is legal. Lists nothing else: a move
        is checked against its own unit's reachable places only."""
        if isinstance(action, str):
            action = Action.parse(action)
        malformed = action.problem()
        if malformed:
            return malformed
        decision = self.decision
        if decision is None:
            return "the game is over"
        verb = self.verbs.get(action.verb)
        if verb is None:
            known = ", ".join(sorted({v.name for v in self._verbs_for(decision)}))
            return f"unknown verb '{action.verb}' (now: {known})"
        if verb not in self._verbs_for(decision):
            return (
                f"'{action.verb}' is not a choice now: {decision.side} decides "
                f"{decision.kind} ({decision.prompt or decision.phase})"
            )
        return verb.check(self, decision, action) or "; ".join(self.vetoes(action)) or None

    def apply(self, action: Action | str) -> list[Event]:
        """Check and apply one action; an illegal one raises IllegalAction, changing nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        reason = self.check(action)
        if reason:
            raise IllegalAction(action, reason)
        decision = self.decision
        assert decision is not None
        before = len(self.history)
        self._events = []
        try:
            self.verbs[action.verb].apply(self, decision, action)
            self.history.append(str(action))
            self._version += 1
            self.scratch = {}
            self._advance()
            self.hook.wargame_settled(match=self)
        except Exception:
            self._replay(self.history[:before])  # leave the match exactly as it was
            raise
        events, self._events = self._events, []
        return events

    def _replay(self, actions: list[str]) -> None:
        self._start()
        for text in actions:
            self.apply(text)

    def undo(self) -> str:
        """Take back the last action (replay minus one); returns the action taken back."""
        if not self.history:
            raise UsageError("nothing to undo")
        last = self.history[-1]
        self._replay(self.history[:-1])
        return last

    def sandbox(self) -> Match:
        """A throwaway copy for previews and what-ifs: whatever is done to it (hooks asked
        about a battle not fought, actions applied, dice rolled) leaves this match as it was.

        Strength hooks may record things while they answer (a leader joining the attack it
        helps, PGG 10.26), so the odds of an attack not made, or a bot weighing one, need a
        copy. The state is copied (one JSON round trip, under a millisecond on PGG: far cheaper
        than replaying the action list); what play never changes is shared: the title, the plugin
        manager, the verbs and ``cache`` (static derived data, right for any state)."""
        copy = object.__new__(Match)
        copy.__dict__.update(self.__dict__)
        copy.state = State.from_json(self.state.to_json())
        copy.history = list(self.history)
        copy.opening_events = list(self.opening_events)
        copy._events = []
        copy._at = {loc: list(ids) for loc, ids in self._at.items()}
        copy.scratch = dict(self.scratch)  # derived from the same state: still right
        return copy

    # ------------------------------------------------------------------ outcome and views

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.state.outcome

    def state_hash(self) -> str:
        return digest(self.state.to_json())

    def view(self, side: str | None = None) -> dict[str, Any]:
        from wargame.views import build_view

        return build_view(self, side)
