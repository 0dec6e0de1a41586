"""Bots: clients that choose among legal actions, like any other client.

``random`` picks a verb first, then an action of that verb, so a phase with two thousand move
actions and one ``end`` still ends in reasonable time, and ``end`` is taken only when the side has
tried a few other things (or nothing else is legal). Every choice is drawn from the bot's own
seeded generator, so a bot-vs-bot game is reproducible from its seeds.

``heuristic`` is a greedy player for every title with no per-title code. It knows only what the
kernel can explain, and a title's optional advice (:func:`~wargame.hookspecs.wargame_bot_hints`):

- *Objectives*: locations with a ``vp`` attribute, regions named for objectives or VP, the
  scenario's victory parameters (locations, regions, a VP table of regions), weighted by VP.
  Every location gets a static *pull*, the sum over objectives of weight / (1 + distance).
- *Movement*: the move that raises the mover's pull most, plus holding objectives (the first
  unit in one, never the last one out), passing through objectives the side does not hold
  (control by passage), staying in supply (where the title's advice, else the supply
  mechanic's, says a unit would be in supply), never over the stacking limit. Overruns are
  battles, judged as attacks are. A phase ends when no move improves anything.
- *Combat*: each battle the legal actions' verbs describe (:meth:`~wargame.plugins.Verb.describe`,
  so a title's own attack verb is judged the same way) is priced without side effects
  (:func:`estimate_battle`, on :func:`wargame.pricing.price`): the odds
  column from the units' values and the title's own modifier and shift hooks, run on a
  throwaway copy of the state (:func:`sandbox`); untried units count as their pool's expected
  face, never their hidden one. The expected value is the sum over rolls of what each result
  code's effects (``codes`` in the combat-tables document) cost each side in strength points,
  with a bonus when the defender leaves its location. The best positive battle is fought, with
  as few attackers as keep its value.
- *In-combat choices*: steps come off the unit that loses least strength; a retreat instead of
  steps unless holding an objective; retreat paths towards friends, supply and objectives
  (or away from them when the enemy chooses the path); advances that improve the position.

Unknown decision kinds (a title's own, such as PGG's interdiction) go to a random bot, so the
heuristic bot is always legal and never stuck. It reads the match but never changes it, and
reads it only as its side may know it (:func:`known_to`): the dice state is blanked while it
thinks, so no price can depend on future rolls or on the faces untried units will be revealed
with, and another side's secrets, markers hidden from it and what concealed units really are
stay out of its sight.

A title's advice (``wargame_bot_hints``) may give ``objectives`` (added, or with
``replace_objectives`` instead of those read from the data), ``aggression``, and ``supplied``:
the locations where a unit of the side would be in supply now, for a title that traces supply
by its own rules rather than the kernel's supply mechanic (PGG), and an ``advisor`` that
chooses for the decisions a title's own rules make (Dark Crusade's line-by-line movement and
firefight), asked first; where it has no opinion the bot's own handlers and then the random
fallback decide. The shared mechanics answer the same hook (supply, stacking and retreat
advice), so the bot imports no mechanic and never asks which mechanics a title lists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Protocol

from wargame import markers as unit_markers
from wargame.actions import Action, Decision
from wargame.dice import parse_dice
from wargame.errors import UsageError
from wargame.hookspecs import BotHints, RetreatAdvice
from wargame.match import Battle, Match
from wargame.plugins import Verb
from wargame.pricing import price, tables, value_names
from wargame.state import Unit
from wargame.topology import bfs_steps, is_box
from wargame.views import unplaced


class Bot(Protocol):
    name: str

    def choose(self, match: Match) -> Action: ...


RARE = 0.02
"""How often the random bot considers a ``rare`` verb (a draw declaration) when it has others."""


class RandomBot:
    """Uniform over the verbs that have an action, then over that verb's actors (units, stacks,
    targets) that have one, then over that actor's actions: chosen from the levels, so a move
    costs one unit's search, not the whole list. Always legal, never stuck."""

    name = "random"

    def __init__(self, seed: int = 0, patience: float = 0.8) -> None:
        self.rng = random.Random(seed)
        self.patience = patience

    def choose(self, match: Match) -> Action:
        rng = self.rng
        verbs = sorted(v for v in match.verbs_now() if match.actors(v))
        while verbs:
            pick = verbs
            rare = [v for v in pick if getattr(match.verbs.get(v), "rare", False)]
            if rare and len(rare) < len(pick) and rng.random() >= RARE:
                pick = [v for v in pick if v not in rare]  # a draw or concession: seldom
            if len(pick) > 1 and "end" in pick and rng.random() < self.patience:
                pick = [v for v in pick if v != "end"]
            verb = rng.choice(pick)
            actors = match.actors(verb)
            while actors:  # the first actor with an action, in a random order: uniform
                actor = actors.pop(rng.randrange(len(actors)))
                actions = match.legal_for(actor, verb)
                if actions:
                    return rng.choice(actions)
            verbs.remove(verb)  # no actor of it has an action after all: choose again
        raise UsageError(f"no legal action for {match.decision}")


# ============================================================================ battle estimates


@contextmanager
def sandbox(match: Match) -> Iterator[Match]:
    """A throwaway copy of the match (:meth:`Match.sandbox`); everything done inside is
    forgotten. Strength hooks may change the state while they answer (a PGG leader joins the
    attack it helps, 10.26), so asking them about a battle that is not fought needs a copy."""
    yield match.sandbox()


BLIND_DICE = 0x5EED
"""The dice state the heuristic bot thinks with. The real one is the future rolls, including
the faces untried units will show when revealed (PGG 12.2): no side may know it."""


def typical_face(match: Match, side: str) -> dict[str, float]:
    """The mean full-strength values of ``side``'s counters, an untried one at its pool's
    printed mix (the counter mix is public): what a unit concealed from a player is reckoned
    to be worth."""
    doc = match.counters_doc
    total: dict[str, float] = {}
    n = 0
    for cid in sorted(doc["counters"]):
        counter = doc["counters"][cid]
        if counter.get("side") != side or not counter.get("steps"):
            continue
        faces = [(dict(counter["steps"][0]["values"]), 1.0)]
        pool = doc.get("pools", {}).get(counter.get("untried") or "")
        if pool is not None:
            faces = [(dict(f["values"]), float(f.get("count", 1))) for f in pool["faces"]]
        weight = sum(w for _, w in faces) or 1.0
        n += 1
        for values, w in faces:
            for name, value in values.items():
                if isinstance(value, int | float):
                    total[name] = total.get(name, 0.0) + float(value) * w / weight
    return {name: value / max(n, 1) for name, value in sorted(total.items())}


@contextmanager
def known_to(match: Match, side: str) -> Iterator[Match]:
    """The match as ``side`` may know it (what :meth:`Match.view` shows that side), for a bot
    to think on; everything is put back on exit.

    The dice generator's state is replaced by :data:`BLIND_DICE`, so no estimate can depend
    on future rolls or on the faces untried units will be revealed with. When another side
    has ``secrets``, a marker is hidden from ``side`` or a unit is concealed from it, the bot
    thinks on a copy (:func:`sandbox`) without those secrets and markers, where a concealed
    unit shows only its side and location: its step, flags and revealed face are replaced by
    its side's :func:`typical_face`; one the view does not place at all
    (:func:`wargame.views.unplaced`: PMD's off-map reserve stacks and covered boxes) is off the
    map in the copy, so the bot can no more count it than the player can. Public facts stay:
    the pools' remaining faces, for one, are the counter mix less every face ever revealed,
    which both players saw."""
    state = match.state
    secrets = sorted(k for k in state.secrets if k != side)
    markers = sorted(k for k, m in state.markers.items() if side in m.get("hidden_from", ()))
    concealed = sorted(uid for uid, u in state.units.items() if side in u.hidden_from)
    marked = sorted(  # unit markers only their owner sees (wargame.markers, seen_by "owner")
        uid
        for uid, u in state.units.items()
        if u.markers and len(unit_markers.visible(match, u, side)) < len(u.markers)
    )
    if not (secrets or markers or concealed or marked):
        dice = state.dice
        state.dice = BLIND_DICE
        try:
            yield match
        finally:
            state.dice = dice
        return
    with sandbox(match) as seen:
        seen.state.dice = BLIND_DICE
        for key in secrets:
            del seen.state.secrets[key]
        for key in markers:
            del seen.state.markers[key]
        for uid in marked:
            unit = seen.state.units[uid]
            shown = unit_markers.visible(seen, unit, side)
            unit.markers = {k: v for k, v in unit.markers.items() if k in shown}
        faces: dict[str, dict[str, float]] = {}
        for uid in concealed:
            unit = seen.state.units[uid]
            if unit.side not in faces:
                faces[unit.side] = typical_face(seen, unit.side)
            unit.face = dict(faces[unit.side])
            unit.step = 0
            unit.flags = {}
        for uid in sorted(unplaced(match, side)):
            seen.place(seen.state.units[uid], None)  # not where the view would count it
        seen.touch()
        yield seen


def expected_face(match: Match, unit: Unit) -> dict[str, float]:
    """An untried unit's values as the mean of the faces left in its pool (PGG 12.2): what its
    owner and the enemy may reckon with, never the face it will show."""
    pool_id = match.counter(unit)["untried"]
    faces = match.counters_doc["pools"][pool_id]["faces"]
    counts = list(match.state.pools.get(pool_id) or [])
    if len(counts) != len(faces) or sum(counts) <= 0:
        counts = [int(face.get("count", 1)) for face in faces]
    total = float(sum(counts)) or 1.0
    mean: dict[str, float] = {}
    for face, count in zip(faces, counts, strict=True):
        for name, value in face["values"].items():
            mean[name] = mean.get(name, 0.0) + float(value) * count / total
    return mean


def known_values(match: Match, unit: Unit) -> Mapping[str, float]:
    """The unit's values as a player may know them: an untried unit's are its pool's mean."""
    if match.is_untried(unit):
        return expected_face(match, unit)
    return match.unit_values(unit)


def strength(match: Match, values: Mapping[str, Any]) -> float:
    """What a face is worth in a fight: attack plus defense."""
    attack, defense = value_names(match)
    return float(values.get(attack, 0) or 0) + float(values.get(defense, 0) or 0)


def step_costs(match: Match, unit: Unit) -> list[float]:
    """Strength lost by each further step the unit can take, the last one eliminating it."""
    now = strength(match, known_values(match, unit))
    steps = match.counter(unit)["steps"]
    costs: list[float] = []
    if unit.face is None and not match.is_untried(unit):
        for face in steps[unit.step + 1 : match.faces(unit)]:
            after = strength(match, face["values"])
            costs.append(max(now - after, 0.05))
            now = after
    costs.append(max(now, 0.1) + 0.5)  # an eliminated unit is worth more than its strength
    return costs


def _cheapest(costs: list[list[float]], n: float) -> float:
    """Strength lost when the owner takes ``n`` steps where they hurt least."""
    queues = [list(c) for c in costs if c]
    lost = 0.0
    for _ in range(max(int(round(n)), 0)):
        live = [q for q in queues if q]
        if not live:
            break
        best = min(live, key=lambda q: q[0])
        lost += best.pop(0)
    return lost


def roll_odds(spec: str, rolls: range) -> dict[int, float]:
    """The chance of each roll of ``spec`` (e.g. "2d6"), read into the table's ``rolls``."""
    count, sides = parse_dice(spec)
    dist: dict[int, float] = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    lo, hi = rolls.start, rolls.stop - 1
    out: dict[int, float] = {}
    for total, p in dist.items():
        read = min(max(total, lo), hi)
        out[read] = out.get(read, 0.0) + p
    return out


@dataclass(frozen=True, slots=True)
class Estimate:
    """A battle priced before it is fought, from the attacker's side, in strength points."""

    column: str
    value: float  # expected (defender's loss - attacker's loss + the ground won)
    attack: float
    defense: float
    vacate: float  # chance the defender leaves (or dies in) the target
    results: Mapping[str, float]  # result code -> chance


@dataclass
class _Side:
    costs: list[list[float]]  # per unit, strength lost by each further step
    retreat: Callable[[int], float]  # cost of retreating n (elimination if no path)

    def eliminate(self) -> float:
        return sum(sum(c) for c in self.costs)


RETREAT_SHARE = 0.35
"""A retreat costs this share of the group's cheapest step, per location retreated."""
GROUND = 1.0
"""Strength points for driving the defender out of its location, times (1 + 4 x objective)."""


def estimate(
    match: Match,
    attackers: Sequence[Unit],
    targets: Sequence[str],
    kind: str = "attack",
    launch: str | None = None,
    objective: float = 0.0,
) -> Estimate | None:
    """Price a battle that is not fought: None when it could not happen (no strength at all).

    Overrunners count as attacking from ``launch`` (their battle origin: terrain, hexsides) but
    are judged where they stand for the rest (supply, stacking), which spares recomputing
    everything derived from unit positions. See :func:`estimate_battle`."""
    origins = {u.id: launch or u.loc or "" for u in attackers}
    defenders = [u.id for loc in targets for u in match.units_at(loc)]
    battle = Battle("bot", [u.id for u in attackers], defenders, targets[0], origins, kind)
    battle.extra["targets"] = list(targets)
    return estimate_battle(match, battle, objective)


def estimate_battle(match: Match, battle: Battle, objective: float = 0.0) -> Estimate | None:
    """Price ``battle`` (as a verb's :meth:`~wargame.plugins.Verb.describe` gives it) without
    fighting it: None when it could not happen (no strength at all).

    Runs :func:`wargame.pricing.price`, the arithmetic the combat mechanic fights with, inside
    :func:`sandbox` on a copy of the battle, with untried units at their pool's mean."""
    tables(match)  # built once per match, outside the sandbox
    units = match.state.units
    attackers = [units[i] for i in battle.attackers if i in units]
    defenders_real = [units[i] for i in battle.defenders if i in units]
    if not attackers or not defenders_real:
        return None
    retreat = retreat_advice(match)
    sides = {
        "attacker": _side_of(match, attackers, retreat),
        "defender": _side_of(match, defenders_real, retreat),
    }
    with sandbox(match) as m:
        for unit in (*attackers, *defenders_real):
            copy = m.state.units[unit.id]
            if m.is_untried(copy):
                copy.face = expected_face(m, copy)
        priced = price(
            m,
            replace(
                battle,
                attackers=[u.id for u in attackers],
                defenders=[u.id for u in defenders_real],
                origins=dict(battle.origins),
                extra=dict(battle.extra),
            ),
        )
        if priced.column is None or priced.table is None:
            return None
        column, table = priced.column, priced.table
        attack, defense = priced.attack, priced.defense
        chances = priced.chances(roll_odds(table.dice, table.rolls))
    codes = match.title.doc("combat-tables").get("codes", {})
    ground = GROUND * (1 + 4 * objective)
    value = vacate = 0.0
    for code, p in chances.items():
        gain, gone = _result_value(codes.get(code), code, sides)
        value += p * (gain + ground * gone)
        vacate += p * gone
    return Estimate(column.label, value, float(attack), float(defense), vacate, chances)


def retreat_advice(match: Match) -> RetreatAdvice | None:
    """The retreat paths' advice (:class:`~wargame.hookspecs.BotHints`), asked once a match."""
    found = match.cache.get("bot:retreat-advice")
    if found is None:
        found = (hints(match, match.sides[0])["retreat"],)
        match.cache["bot:retreat-advice"] = found
    advice: RetreatAdvice | None = found[0]
    return advice


def described(match: Match, actions: Sequence[Action]) -> list[tuple[Action, Battle]]:
    """The battles the listed actions would fight, as their verbs describe them (on one
    sandbox), for every verb that describes its battles."""
    verbs = {a.verb for a in actions}
    describes = {
        v for v in verbs if v in match.verbs and type(match.verbs[v]).describe is not Verb.describe
    }
    if not describes:
        return []
    out: list[tuple[Action, Battle]] = []
    with sandbox(match) as m:
        for action in actions:
            if action.verb in describes:
                battle = m.verbs[action.verb].describe(m, action)
                if battle is not None:
                    out.append((action, battle))
    return out


def _side_of(match: Match, units: list[Unit], retreat: RetreatAdvice | None) -> _Side:
    costs = [step_costs(match, u) for u in units]
    cheapest = min((c[0] for c in costs if c), default=1.0)
    locs = sorted({u.loc for u in units if u.loc is not None})
    known: dict[int, float] = {}

    def retreat_cost(n: int) -> float:
        if n not in known:
            trapped = [
                loc
                for loc in locs
                if retreat is not None
                and not retreat.paths(match, [u for u in units if u.loc == loc], loc, n)
            ]
            if trapped:
                known[n] = sum(
                    sum(c) for c, u in zip(costs, units, strict=True) if u.loc in trapped
                )
            else:
                known[n] = RETREAT_SHARE * cheapest * n
        return known[n]

    return _Side(costs, retreat_cost)


def _result_value(
    meaning: Mapping[str, Any] | None, code: str, sides: Mapping[str, _Side]
) -> tuple[float, float]:
    """(defender's loss - attacker's loss, whether the defender leaves) for one result code.
    A code the document does not explain but that reads as a number counts as defender steps
    (fire tables: hits)."""
    if meaning is None:
        try:
            hits = float(code)
        except ValueError:
            return 0.0, 0.0
        lost = _cheapest(sides["defender"].costs, hits)
        return lost, 1.0 if lost >= sides["defender"].eliminate() else 0.0
    out = 0.0
    gone = 0.0
    for who, sign in (("defender", 1.0), ("attacker", -1.0)):
        effect = meaning.get(who) or {}
        side = sides[who]
        lost = 0.0
        leaves = False
        if effect.get("eliminate"):
            lost, leaves = side.eliminate(), True
        else:
            if effect.get("steps"):
                lost += _cheapest(side.costs, float(effect["steps"]))
                leaves = lost >= side.eliminate()
            if effect.get("steps_or_retreat"):
                n = float(effect["steps_or_retreat"])
                by_steps = _cheapest(side.costs, n)
                by_retreat = side.retreat(int(n))
                lost += min(by_steps, by_retreat)
                leaves = leaves or by_retreat <= by_steps or by_steps >= side.eliminate()
            if effect.get("retreat"):
                lost += side.retreat(int(effect["retreat"]))
                leaves = True
        out += sign * lost
        if who == "defender" and leaves and meaning.get("advance", True) is not False:
            gone = 1.0
    return out, gone


# ============================================================================ the heuristic bot


HOLD = 2.0
"""Pull points (times the objective's weight) for being the first unit in an objective."""
REINFORCE = 0.4
"""... for each further unit stacked in an objective."""
PASS = 0.6
"""... for passing through an objective the side does not hold (control by passage)."""
OUT_OF_SUPPLY = 0.5
"""Pull points lost by ending a move out of supply."""
ATTACK_MARGIN = 0.05
"""A battle is fought when its expected value is above this (strength points)."""
OVERRUN_MARGIN = 1.0
"""An overrun risks the mover's remaining movement too: it needs a clearer gain."""
RELIEF = 5.0
"""Pull points for each unit leaving a location where its side is over the stacking limit."""
THREAT_RANGE = 3
"""Enemy units this many hexes or links from an objective threaten it."""
QUIET = 0.25
"""The pull of an objective the side holds with no enemy near, as a share of its weight."""
MOST_OVERRUNS = 40
"""Overruns priced per decision at most (a sample when more are legal)."""
OVERRUN_ODDS = 1.5
"""Overruns at worse raw odds than this are not priced at all."""


def _objective_names(match: Match, names: Any) -> list[str]:
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list | tuple):
        return []
    out: list[str] = []
    topo = match.topology
    for name in names:
        if not isinstance(name, str):
            continue
        if name in topo:
            out.append(name)
        else:
            try:
                out.extend(sorted(topo.region(name)))
            except LookupError:
                continue
    return out


def _vp(match: Match, loc: str, default: float = 1.0) -> float:
    value = match.topology.attrs(loc).get("vp")
    return float(value) if isinstance(value, int | float) and value > 0 else default


def derived_objectives(match: Match) -> dict[str, float]:
    """Objectives the title's data shows, by VP: map attributes, objective or VP regions, the
    scenario's victory parameters (locations, regions, a table of regions with VP)."""
    topo = match.topology
    found: dict[str, float] = {}

    def add(loc: str, weight: float) -> None:
        if loc in topo and not is_box(loc):
            found[loc] = max(found.get(loc, 0.0), weight)

    for loc in topo.locations():
        value = topo.attrs(loc).get("vp")
        if isinstance(value, int | float) and value > 0:
            add(loc, float(value))
    for name, locs in topo.regions().items():
        lowered = name.lower()
        if "objective" in lowered or lowered.startswith("vp") or "victory" in lowered:
            for loc in sorted(locs):
                add(loc, _vp(match, loc))
    for cond in (match.scenario.get("victory") or {}).values():
        params = cond.get("params") or {} if isinstance(cond, Mapping) else {}
        for key in ("hexes", "locations", "points", "region", "regions"):
            for loc in _objective_names(match, params.get(key)):
                add(loc, _vp(match, loc))
        table = params.get("table")
        if isinstance(table, str):
            try:
                entries = match.title.doc(table).get("entries", {})
            except UsageError:
                entries = {}
            for entry in entries.values():
                if not isinstance(entry, Mapping) or "region" not in entry:
                    continue
                weight = entry.get("vp")
                for loc in _objective_names(match, entry["region"]):
                    add(loc, float(weight) if isinstance(weight, int | float) else _vp(match, loc))
    return found


def hints(match: Match, side: str) -> dict[str, Any]:
    """The title's advice for ``side`` now, merged: ``objectives`` summed per location (regions
    expanded), ``replace_objectives`` if any says so, ``aggression`` summed, and ``supplied``
    (locations or regions where a unit of the side would be in supply now, for a title that
    traces supply by its own rules rather than the kernel's supply mechanic) united; None when
    no answer gives it; ``advisors``: objects whose ``choose(match, decision, actions)`` picks
    an action (or None) for decisions the title knows better, asked before the bot's own;
    ``supply``, ``stacking`` and ``retreat``: the first answer's advice objects (the shared
    mechanics give them), None when no plugin gives one."""
    merged: dict[str, Any] = {
        "objectives": {},
        "replace_objectives": False,
        "aggression": 0.0,
        "supplied": None,
        "advisors": [],
        "supply": None,
        "stacking": None,
        "retreat": None,
    }
    for answer in match.hook.wargame_bot_hints(match=match, side=side):
        if answer is None:
            continue
        found = BotHints.of(answer)
        for name, weight in found.objectives.items():
            for loc in _objective_names(match, name):
                merged["objectives"][loc] = merged["objectives"].get(loc, 0.0) + float(weight)
        merged["replace_objectives"] |= found.replace_objectives
        merged["aggression"] += float(found.aggression or 0.0)
        if found.supplied is not None:
            locs = _objective_names(match, list(found.supplied))
            merged["supplied"] = (merged["supplied"] or frozenset()) | frozenset(locs)
        if callable(getattr(found.advisor, "choose", None)):
            merged["advisors"].append(found.advisor)
        for name in ("supply", "stacking", "retreat"):  # the first answer: a title's first
            if merged[name] is None:
                merged[name] = getattr(found, name)
    return merged


@dataclass
class _Plan:
    """What one decision's choices are judged by, for one side."""

    side: str
    objectives: dict[str, float]  # location -> weight in [0, 1]
    pull: dict[str, float]  # location -> static pull towards the objectives
    aggression: float
    friends: dict[str, int]  # location -> units of the side there
    holder: dict[str, str | None]  # objective -> side holding it (units, else control)
    supplied: frozenset[str] | None  # locations a unit of the side would be in supply; None: n/a
    stack: dict[str, list[str]]  # location -> unit ids of the side there
    threatened: set[str]  # objectives with enemy units near
    crowded: set[str]  # locations where the side is over the stacking limit
    limit: tuple[float, int | None] | None  # stacking: (weight, unit count cap); None: no limit


class HeuristicBot:
    """Greedy: fights the best-priced battles, moves towards and holds objectives."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.fallback = RandomBot(seed)
        self._pulls: dict[tuple[str, tuple[tuple[str, float], ...]], dict[str, float]] = {}
        self._base: dict[tuple[str, str], dict[str, float]] = {}
        self._dist: dict[tuple[str, str], list[int]] = {}
        self._phase: tuple[object, ...] = ()
        self._count = 0
        self._deployed: set[str] = set()
        self._priced: dict[tuple[object, ...], Estimate | None] = {}
        self._weights: dict[tuple[str, str], float] = {}

    # ------------------------------------------------------------------ entry point

    def choose(self, match: Match) -> Action:
        decision = match.decision
        if decision is None:
            raise UsageError(f"no legal action for {decision}")
        where = (decision.turn, decision.phase, decision.side, decision.kind)
        if where != self._phase:
            if where[:2] != self._phase[:2]:
                self._priced = {}  # overruns are priced once per phase
            self._phase, self._count, self._deployed = where, 0, set()
        self._count += 1
        end = Action("end")
        if self._count > 8 * len(match.units_of(decision.side)) + 40 and match.legal_for("", "end"):
            return end  # a safety net: a phase never runs on for ever
        handler = {
            "movement": self._movement,
            "combat": self._combat,
            "loss": self._loss,
            "more-losses": lambda m, d, a: Action("enough"),  # PMD 13.7: no more than the result
            "retreat": self._retreat,
            "advance": self._advance,
            "overstack": self._overstack,
            "retreat-overflow": self._overstack,
            "deploy": self._deploy,
        }.get(decision.kind)
        choice = None
        actions: list[Action] = []
        with known_to(match, decision.side) as seen:  # never more than the side may know
            advisors = hints(seen, decision.side)["advisors"]
            if advisors or handler is not None:  # else no opinion: the random pick's levels
                actions = match.legal_actions()
                if not actions:
                    raise UsageError(f"no legal action for {decision}")
            for advisor in advisors:
                choice = advisor.choose(seen, decision, actions)  # a title's own judgement
                if choice is not None:
                    break
            if choice is None and handler is not None:
                choice = handler(seen, decision, actions)
        if choice is None or (choice not in actions and match.check(choice) is not None):
            return self.fallback.choose(match)
        return choice

    # ------------------------------------------------------------------ what the side wants

    def plan(self, match: Match, side: str) -> _Plan:
        advice = hints(match, side)
        base = {} if advice["replace_objectives"] else dict(self._derived(match))
        for loc, weight in advice["objectives"].items():
            base[loc] = base.get(loc, 0.0) + weight
        base = {loc: w for loc, w in base.items() if w > 0}
        top = max(base.values(), default=1.0)
        objectives = {loc: w / top for loc, w in sorted(base.items())}
        units = match.state.units
        friends: dict[str, int] = {}
        stack: dict[str, list[str]] = {}
        enemies: list[int] = []
        index = match.topology.graph().index
        for loc, ids in match.occupied().items():
            if units[ids[0]].side == side:
                friends[loc] = len(ids)
                stack[loc] = list(ids)
            elif loc in index and not is_box(loc):
                enemies.append(index[loc])
        control = match.state.control
        holder = {loc: match.side_at(loc) or control.get(loc) for loc in objectives}
        threatened = {
            loc
            for loc in objectives
            if any(0 <= self._hops(match, loc)[e] <= THREAT_RANGE for e in enemies)
        }
        # an objective the side holds with no enemy near needs no one drawn towards it
        drawn = {
            loc: w * (QUIET if holder[loc] == side and loc not in threatened else 1.0)
            for loc, w in objectives.items()
        }
        limit: tuple[float, int | None] | None = None
        crowded: set[str] = set()
        if advice["stacking"] is not None:
            limit = advice["stacking"].limit(match, side)
            crowded = set(advice["stacking"].crowded(match, side))
        supplied = advice["supplied"]
        if supplied is None and advice["supply"] is not None:
            supplied = advice["supply"].supplied(match, side)
        return _Plan(
            side,
            objectives,
            self._pull(match, drawn),
            advice["aggression"],
            friends,
            holder,
            None if supplied is None else frozenset(supplied),
            stack,
            threatened,
            crowded,
            limit,
        )

    def _derived(self, match: Match) -> dict[str, float]:
        key = (match.title.id, match.scenario_id)
        if key not in self._base:
            self._base[key] = derived_objectives(match)
        return self._base[key]

    def _hops(self, match: Match, loc: str) -> list[int]:
        """Hexes or links from ``loc`` to every location (-1: unreachable), kept per match."""
        key = (match.title.id, loc)
        found = self._dist.get(key)
        if found is None:
            graph = match.topology.graph()
            found = bfs_steps(graph, graph.index[loc])
            self._dist[key] = found
        return found

    def _pull(self, match: Match, objectives: dict[str, float]) -> dict[str, float]:
        """Sum over objectives of weight / (1 + hexes or links away), kept per set of weights."""
        key = (match.title.id, tuple(objectives.items()))
        found = self._pulls.get(key)
        if found is None:
            graph = match.topology.graph()
            totals = [0.0] * len(graph.ids)
            for loc, weight in objectives.items():
                if loc not in graph.index:
                    continue
                for node, d in enumerate(self._hops(match, loc)):
                    if d >= 0:
                        totals[node] += weight / (1.0 + d)
            found = {loc: totals[i] for i, loc in enumerate(graph.ids) if not is_box(loc)}
            if len(self._pulls) > 64:
                self._pulls.clear()
            self._pulls[key] = found
        return found

    # ------------------------------------------------------------------ position values

    def _fits(self, match: Match, plan: _Plan, loc: str, ids: Sequence[str]) -> bool:
        """Whether ``ids`` may end in ``loc`` without breaking the stacking limit (the same
        test as the stacking mechanic's, on weights kept per counter)."""
        if plan.limit is None or is_box(loc):
            return True
        here = [i for i in plan.stack.get(loc, ()) if i not in ids]
        total = sum(self._weight(match, i) for i in here) + sum(self._weight(match, i) for i in ids)
        cap = plan.limit[1]
        return total <= plan.limit[0] and (cap is None or len(here) + len(ids) <= cap)

    def _weight(self, match: Match, uid: str) -> float:
        counter = match.state.units[uid].counter
        key = (match.title.id, counter)
        found = self._weights.get(key)
        if found is None:
            utype = match.counters_doc["unit_types"][
                match.counters_doc["counters"][counter]["type"]
            ]
            found = float(utype.get("stacking", 1))
            self._weights[key] = found
        return found

    def _place_value(self, plan: _Plan, loc: str, n: int, leaving: str | None = None) -> float:
        """Pull of ``n`` units ending in ``loc``, with holding an objective and supply."""
        value = n * plan.pull.get(loc, 0.0)
        weight = plan.objectives.get(loc)
        if weight:
            already = plan.friends.get(loc, 0) - (n if loc == leaving else 0)
            first = 1 if already <= 0 else 0
            extra = REINFORCE * (n - first) if loc in plan.threatened else 0.0
            value += weight * (HOLD * first + extra)
        if plan.supplied is not None and not is_box(loc) and loc not in plan.supplied:
            value -= OUT_OF_SUPPLY * n
        return value

    def move_gain(
        self,
        match: Match,
        plan: _Plan,
        ids: Sequence[str],
        path: Sequence[str],
        stacked: bool = True,
    ) -> float:
        """How much better ``ids`` stand after moving along ``path`` (-inf: over-stacked, unless
        ``stacked`` is false and the caller checks :meth:`_fits` itself)."""
        start, dest = path[0], path[-1]
        if stacked and not self._fits(match, plan, dest, ids):
            return float("-inf")
        n = len(ids)
        gain = self._place_value(plan, dest, n) - self._place_value(plan, start, n, leaving=start)
        if start in plan.crowded:
            gain += RELIEF * n  # over the limit where they are: someone must go, or be removed
        for loc in path[1:]:
            weight = plan.objectives.get(loc)
            if weight and plan.holder.get(loc) != plan.side:
                gain += PASS * weight
        return gain

    # ------------------------------------------------------------------ movement

    def _movement(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        plan = self.plan(match, decision.side)
        overruns = [a for a in actions if a.verb == "overrun"]
        best_overrun = self._best_overrun(match, plan, overruns)
        if best_overrun is not None:
            return best_overrun
        gains = sorted(
            (
                (self.move_gain(match, plan, a.args[0].split(","), a.args[1:], stacked=False), -n)
                for n, a in enumerate(actions)
                if a.verb == "move"
            ),
            reverse=True,
        )
        end = Action("end")
        for gain, n in gains:  # best first; the stacking test only until one fits
            if gain <= 1e-9 and end in actions:
                break
            action = actions[-n]
            if self._fits(match, plan, action.args[-1], action.args[0].split(",")):
                return action
        if end in actions:
            return end
        return None  # nothing that fits, or only a title's own verbs: the fallback picks

    def _best_overrun(self, match: Match, plan: _Plan, overruns: list[Action]) -> Action | None:
        if not overruns:
            return None
        if len(overruns) > MOST_OVERRUNS:
            overruns = self.rng.sample(overruns, MOST_OVERRUNS)
        units = match.state.units
        best: tuple[float, Action] | None = None
        for action in overruns:
            target, ids, path = action.args[0], action.args[2].split(","), action.args[4:]
            # priced once per phase while the units on both sides stay as they are
            key = (
                target,
                path[-1],
                *(
                    (u.id, u.step, u.face is None)
                    for u in (*match.units_at(target), *(units[i] for i in ids))
                ),
            )
            if key not in self._priced and not self._promising(match, ids, target):
                self._priced[key] = None
            if key not in self._priced:
                self._priced[key] = estimate(
                    match,
                    [units[i] for i in ids],
                    [target],
                    "overrun",
                    path[-1],
                    plan.objectives.get(target, 0.0),
                )
            found = self._priced[key]
            if found is None:
                continue
            value = found.value + plan.aggression
            if value > OVERRUN_MARGIN and (best is None or value > best[0]):
                best = (value, action)
        return best[1] if best else None

    def _promising(self, match: Match, ids: Sequence[str], target: str) -> bool:
        """Whether an overrun is worth pricing: raw strengths, halved if the title halves
        overruns, at least OVERRUN_ODDS to one before any terrain or modifier."""
        attack, defense = value_names(match)
        units = match.state.units
        total = sum(float(known_values(match, units[i]).get(attack, 0) or 0) for i in ids)
        if match.settings("overrun").get("halve"):
            total /= 2
        held = sum(
            float(known_values(match, u).get(defense, 0) or 0) for u in match.units_at(target)
        )
        return total >= OVERRUN_ODDS * max(held, 0.5)

    # ------------------------------------------------------------------ combat

    def _combat(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        """The best battle among those the legal actions describe (each target's with the most
        attackers), fought with as few of them as keep its value."""
        plan = self.plan(match, decision.side)
        fullest: dict[tuple[str, ...], tuple[Action, Battle]] = {}
        for action, battle in described(match, actions):
            key = tuple(battle.extra.get("targets", [battle.target]))
            if key not in fullest or len(battle.attackers) > len(fullest[key][1].attackers):
                fullest[key] = (action, battle)
        best: tuple[float, Action, Battle] | None = None
        for action, battle in fullest.values():
            found = estimate_battle(match, battle, plan.objectives.get(battle.target, 0.0))
            if found is None:
                continue
            value = found.value + plan.aggression
            if best is None or value > best[0]:
                best = (value, action, battle)
        end = Action("end")
        if best is None or (best[0] <= ATTACK_MARGIN and end in actions):
            return end if end in actions else None
        value, action, battle = best
        attackers = {b.target: b.attackers for _, b in fullest.values()}
        chosen = self._fewest(match, plan, battle, value, attackers)
        args = action.args
        if chosen != battle.attackers and len(args) == 3 and args[1] == "with":
            fewer = Action(action.verb, (args[0], "with", ",".join(chosen)))
            if match.check(fewer) is None:
                return fewer
        return action

    def _fewest(
        self,
        match: Match,
        plan: _Plan,
        battle: Battle,
        value: float,
        attackers: Mapping[str, list[str]],
    ) -> list[str]:
        """Drop attackers the battle does not need (those wanted elsewhere and the weakest
        first) while its value holds, so they can fight another battle."""
        units = match.state.units
        loc = battle.target
        elsewhere = {u for other, ids in attackers.items() if other != loc for u in ids}
        order = sorted(
            battle.attackers,
            key=lambda u: (u not in elsewhere, strength(match, known_values(match, units[u])), u),
        )
        chosen = list(battle.attackers)
        for uid in order:
            if len(chosen) == 1:
                break
            trial = [u for u in chosen if u != uid]
            origins = {u: battle.origins.get(u, "") for u in trial}
            fewer = replace(battle, attackers=trial, origins=origins)
            found = estimate_battle(match, fewer, plan.objectives.get(loc, 0.0))
            if found is not None and found.value + plan.aggression >= value - 0.02 * abs(value):
                chosen = trial
                value = max(value, found.value + plan.aggression)
        return chosen

    # ------------------------------------------------------------------ in-combat choices

    def _loss(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        ctx = decision.context
        units = [match.state.units[i] for i in ctx["units"] if match.state.units[i].loc]
        if not units:
            return None
        instead = Action("retreat-instead")
        if instead in actions and self._would_retreat(match, decision, units, float(ctx["n"])):
            return instead
        if Action("stand") in actions:
            return Action("stand")  # the owner's retreat-or-stand (PMD 13.12): the enemy picks
        loses = [a for a in actions if a.verb == "lose"]
        if not loses:
            return None

        def cost(action: Action) -> tuple[float, int, str]:
            unit = match.state.units[action.args[0]]
            costs = step_costs(match, unit)
            return (costs[0], -len(costs), unit.id)

        return min(loses, key=cost)

    def _would_retreat(self, match: Match, decision: Decision, units: list[Unit], n: float) -> bool:
        """Retreat rather than lose steps, unless the units hold an objective they can keep
        (the steps leave someone in it) or no path is open (a retreat would eliminate them)."""
        plan = self.plan(match, units[0].side)
        retreat = retreat_advice(match)
        for loc in sorted({u.loc for u in units if u.loc}):
            group = [u for u in units if u.loc == loc]
            if retreat is not None and not retreat.paths(match, group, loc, int(n)):
                return False
            if plan.objectives.get(loc, 0.0) > 0:
                steps_left = sum(len(step_costs(match, u)) for u in group)
                if steps_left > n:
                    return False
        return True

    def _retreat(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        retreats = [a for a in actions if a.verb == "retreat"]
        if not retreats:
            return None
        ids = decision.context["units"]
        owner = match.state.units[ids[0]].side
        plan = self.plan(match, owner)
        enemy_units = {
            loc
            for loc, held in match.occupied().items()
            if match.state.units[held[0]].side != owner
        }

        units = [match.state.units[i] for i in ids]
        retreat = retreat_advice(match)

        def value(action: Action) -> float:
            dest = action.args[-1]
            v = self._place_value(plan, dest, len(ids))
            # units with no room into or through the path are eliminated (PGG 9.73)
            path = list(action.args[2:])
            lost = [] if retreat is None else retreat.over_the_limit(match, units, path)
            v -= sum(sum(step_costs(match, u)) for u in lost)
            near = match.topology.neighbours(dest)
            v += 0.2 * sum(1 for x in near if plan.friends.get(x))
            v -= 0.3 * sum(1 for x in near if x in enemy_units)
            return v

        scored = sorted(((value(a), str(a)), a) for a in retreats)
        # the owner takes the best end; an enemy choosing the path (PGG 9.72) the worst
        return scored[-1][1] if decision.side == owner else scored[0][1]

    def _advance(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        plan = self.plan(match, decision.side)
        best: tuple[float, int] | None = None
        for n, action in enumerate(actions):
            if action.verb != "advance":
                continue
            ids = action.args[0].split(",")
            starts = {match.state.units[i].loc for i in ids}
            if len(starts) != 1:
                continue
            start = starts.pop()
            assert start is not None
            gain = self.move_gain(match, plan, ids, [start, *action.args[1:]])
            if best is None or gain > best[0]:
                best = (gain, n)
        stay = Action("stay")
        if best is not None and (best[0] > 1e-9 or stay not in actions):
            return actions[best[1]]
        return stay if stay in actions else None

    def _overstack(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        removes = [a for a in actions if a.verb in ("remove", "eliminate")]
        if not removes:
            return None

        def worth(action: Action) -> tuple[float, str]:
            unit = match.state.units[action.args[0]]
            return (sum(step_costs(match, unit)), unit.id)

        return min(removes, key=worth)

    def _deploy(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        plan = self.plan(match, decision.side)
        best: tuple[float, int] | None = None
        for n, action in enumerate(actions):
            if action.verb != "deploy" or action.args[0] in self._deployed:
                continue
            unit = match.state.units[action.args[0]]
            assert unit.loc is not None
            gain = self.move_gain(match, plan, [unit.id], [unit.loc, action.args[1]])
            if best is None or gain > best[0]:
                best = (gain, n)
        end = Action("end")
        if best is not None and (best[0] > 1e-9 or end not in actions):
            action = actions[best[1]]
            self._deployed.add(action.args[0])
            return action
        return end if end in actions else None


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""Bot name -> factory taking a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise UsageError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None


def bot_names(spec: str, title_id: str, sides: Sequence[str]) -> list[str]:
    """The bot for each side from a ``--bots`` list: one name for every side, or one per side
    in the title's side order."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= len(sides)
    if len(names) != len(sides):
        raise UsageError(
            f"--bots lists {len(names)} bots; {title_id} has {len(sides)} sides "
            f"({', '.join(sides)}): give one bot, or one per side in that order"
        )
    return names


def play(
    match: Match,
    bots: dict[str, Bot],
    max_actions: int = 100_000,
    until: Callable[[Match], bool] | None = None,
) -> int:
    """Let bots decide until the game ends (or ``until`` says stop); returns actions applied."""
    count = 0
    while match.decision is not None and count < max_actions:
        if until is not None and until(match):
            break
        decision = match.decision
        match.apply(bots[decision.side].choose(match))
        count += 1
    return count
