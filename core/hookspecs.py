"""Every hook of the kernel, in one module, each with what it is for.

Two levels, after pytest and tox. Discovery: each module named by an entry point of the
``wargame.games`` group implements :func:`wargame_register_games`. Play: every match gets its own
plugin manager holding the shared mechanics its title uses and the title's rules module, so two
matches never see each other's hooks.

Hooks are called with keyword arguments. ``firstresult`` hooks answer one question (the first
non-None answer wins, so a title's rules module, registered last, is asked first); the others
collect a list from every plugin (every column shift, every strength modifier).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import pluggy

if TYPE_CHECKING:
    from wargame.actions import Action, Decision
    from wargame.combat import Modifier, Shift, TableBuilder
    from wargame.match import Battle, Match
    from wargame.models import PhaseSpec
    from wargame.plugins import GameDef, Verb
    from wargame.pricing import Price
    from wargame.state import Unit

hookspec = pluggy.HookspecMarker("wargame")
hookimpl = pluggy.HookimplMarker("wargame")
_F = TypeVar("_F", bound=Callable[..., Any])


# ----------------------------------------------------------------------------- discovery


@hookspec
def wargame_register_games() -> list[GameDef]:
    """The titles a package provides: each a :class:`GameDef` naming its data folder and rules."""


# ----------------------------------------------------------------------------- match life


@hookspec
def wargame_setup(match: Match) -> None:
    """After the scenario's set-up is placed: title-specific starting state (markers, vars)."""


@hookspec(firstresult=True)
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    """Whether a conditional phase (one with ``when``) runs now; None = no opinion."""


@hookspec
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """A phase begins: supply checks, marker removal, reinforcements arriving, weather rolls.
    First of all the movement mechanic (or, without it, the retreat mechanic) sweeps the
    kernel's per-phase unit flags (``moved``, ``mp``, ``attacked``, ``defended``, ``advanced``,
    ``retreated``, ``start``, ``overruns``, each keyed ``turn/phase-path``) whose key is of an
    earlier turn: they are readable for the rest of the turn they were set in, never after
    (``wargame.mechanics.movement.sweep``). A title flag of its own goes by its own rule."""


@hookspec
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """A phase ends: stacking checks, a title's own clean-up. The kernel's per-phase unit flags
    stay (a later phase of the turn may read them); they go at a later turn's phase start
    (``wargame_phase_start``)."""


def on_phase(
    when: Literal["start", "end"],
    *,
    kinds: Iterable[str] = (),
    ids: Iterable[str] = (),
    ids_from: Callable[[Match], Iterable[str]] | None = None,
    phasing: str | None = None,
    others: bool = False,
    tryfirst: bool = False,
    trylast: bool = False,
) -> Callable[[Callable[[Match, PhaseSpec], None]], Callable[[Match, PhaseSpec], None]]:
    """A ``wargame_phase_start`` (or ``_end``) implementation run only for the phases it
    concerns: of one of ``kinds``, with one of ``ids``, or with an id ``ids_from(match)`` gives
    (a setting); none of the three: every phase. ``phasing`` narrows them to the player turns
    of that side. ``others=True`` turns the choice round: every phase but those (LWE 6.3
    notes the mixed stacks at the end of every phase but the German Movement Phase, which ends
    their grace). ``tryfirst``/``trylast`` as for any hook implementation (Barbarossa 8.20: a
    conversion that must see the reinforcements already in their box). A module may hold
    several, under any function names::

        @on_phase("start", kinds=("movement",))
        def check_supply(match, phase): ...

        @on_phase("end", ids_from=lambda match: match.settings("stacking").get("check", ()))
        def check_stacks(match, phase): ...

        @on_phase("end", kinds=("movement",), phasing="german", others=True)
        def note_grace(match, phase): ...
    """
    kind_set, id_set = frozenset(kinds), frozenset(ids)
    every = not kind_set and not id_set and ids_from is None

    def concerns(match: Match, phase: PhaseSpec) -> bool:
        if phasing is not None and match.phasing != phasing:
            return False
        return (
            every
            or phase.kind in kind_set
            or phase.id in id_set
            or (ids_from is not None and phase.id in ids_from(match))
        )

    def mark(function: Callable[[Match, PhaseSpec], None]) -> Callable[[Match, PhaseSpec], None]:
        def dispatch(match: Match, phase: PhaseSpec) -> None:
            if concerns(match, phase) != others:
                function(match, phase)

        dispatch.__name__ = dispatch.__qualname__ = function.__name__
        dispatch.__doc__ = function.__doc__
        dispatch.__module__ = function.__module__
        dispatch.wargame_phase = (when, kind_set, id_set)  # type: ignore[attr-defined]
        marked: Callable[[Match, PhaseSpec], None] = hookimpl(
            specname=f"wargame_phase_{when}", tryfirst=tryfirst, trylast=trylast
        )(dispatch)
        return marked

    return mark


@hookspec(firstresult=True)
def wargame_outcome(match: Match) -> dict[str, Any] | None:
    """The result when the last turn is over: ``{"winner": side|None, "level": str, "text": str}``.

    Sudden death is not asked here: any hook may call ``match.end_game(...)`` at once."""


# ----------------------------------------------------------------------------- actions


@hookspec
def wargame_verbs() -> list[Verb]:
    """The verbs a plugin handles: each lists its legal actions for a decision kind, checks one
    action and applies it. Collected once per match."""


@hookspec
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """Why an otherwise well-formed action is illegal now (a title's restriction on a shared
    mechanic), with its rule number, e.g. "may not move west on Game-Turn 1 (PGG 5.23)".

    Asked for every listed action, so an implementation should say which verbs and decision
    kinds it concerns with :func:`veto_scope`; the match then asks it only about those. A
    refused action's check collects every veto's reason, not only the first."""


def veto_scope(
    *,
    verbs: Iterable[str] = (),
    kinds: Iterable[str] = (),
    concerns: Callable[[Match, Decision, str, str], bool] | None = None,
) -> Callable[[_F], _F]:
    """Declare the verbs and decision kinds a ``wargame_veto`` implementation concerns (empty:
    all), and optionally ``concerns(match, decision, verb, actor)``: whether it may refuse any
    of that actor's actions at all (a rule on leaders: only actors with a leader), answered once
    per actor instead of asking the veto about every destination. Put it under ``@hookimpl``::

        @hookimpl
        @veto_scope(verbs=("move", "overrun"), kinds=("movement",))
        def wargame_veto(match, decision, action): ...
    """

    def mark(function: _F) -> _F:
        scope = (frozenset(verbs), frozenset(kinds), concerns)
        function.wargame_veto_scope = scope  # type: ignore[attr-defined]
        return function

    return mark


@hookspec
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    """Reasons the deciding side may not end the phase yet (an attack still owed, units that
    must spend their full allowance), each with its rule number."""


# ----------------------------------------------------------------------------- units


@hookspec(firstresult=True)
def wargame_unit_values(match: Match, unit: Unit) -> Mapping[str, float] | None:
    """The unit's current values (attack, defense, movement...) when the title computes them
    differently from the printed face of its current step."""


@hookspec
def wargame_revealed(match: Match, unit: Unit) -> None:
    """An untried unit was revealed (PGG 12.2): e.g. remove a 0-0-6 at once (PGG 12.3)."""


@hookspec
def wargame_unit_eliminated(match: Match, unit: Unit, before: Unit) -> None:
    """A unit left play: dead piles, victory points for destroyed formations. ``before`` is a
    copy of the unit as it stood (location, flags, markers), for rules that ask what it was
    when eliminated (PMD 13.13: a German division out of supply goes to the Dead Pile); an
    implementation names it only when it needs it."""


@hookspec
def wargame_unit_removed(match: Match, unit: Unit, before: Unit) -> None:
    """A unit left the map other than by elimination (:meth:`Match.remove`: a withdrawal, a
    removal from the game, a unit a rule retires). What a rule undoes when a unit leaves its
    location on elimination (a stack record, a pairing, a marker on the hex, who holds a
    shared hex) it undoes here too; dead piles and losses it does not. ``before`` is a copy of
    the unit as it stood (location, flags, markers)."""


@hookspec(firstresult=True)
def wargame_extra_steps(match: Match, unit: Unit) -> int | None:
    """Steps the unit has beyond its counter's faces, lost before them (PMD 15.9: a Mech
    Upgrade marker under a division)."""


@hookspec
def wargame_extra_step_lost(match: Match, unit: Unit, rule: str | None) -> None:
    """One of the unit's extra steps (:func:`wargame_extra_steps`) was lost: take it off."""


# ----------------------------------------------------------------------------- movement


@hookspec(firstresult=True)
def wargame_movement_allowance(match: Match, unit: Unit) -> float | None:
    """The unit's base movement points this phase when not its printed value (a turn track's
    factor, Barbarossa 10.1); the modifiers of :func:`wargame_allowance_modifiers` apply to it."""


@hookspec
def wargame_allowance_modifiers(match: Match, unit: Unit) -> list[Modifier]:
    """Changes to the unit's movement allowance this phase, each with its reason and rule, from
    every plugin: they add up (weather -1, an HQ +1, halved out of supply, zero when disrupted).
    Applied in this order whatever plugin gives them: ``set``, then ``multiply``/``divide``/
    ``halve``/``quarter``/``three-quarters`` (fractions dropped, a positive allowance never
    below 1), then ``add``, then ``min``/``max``; target "movement"."""


@hookspec(firstresult=True)
def wargame_cost_key(match: Match, unit: Unit) -> Hashable | None:
    """What the static movement costs of this unit depend on (default: side and mobility class);
    units with the same key share one compiled cost table for the whole match."""


@hookspec(firstresult=True)
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    """Static cost to move from ``a`` into adjacent ``b``; ``math.inf`` = prohibited. Built once
    per cost key into a table, so it must not depend on where units are."""


@hookspec(firstresult=True)
def wargame_move_prohibited(match: Match, unit: Unit, a: str, b: str) -> str | None:
    """Why a step the unit's cost table prohibits is prohibited, when a rule and not terrain
    says so, with the rule: "may not move west on Game-Turn 1 (PGG 5.23)". None = terrain."""


@hookspec
def wargame_move_extra(match: Match, unit: Unit) -> Mapping[str, float]:
    """Extra cost to enter locations now (an interdiction marker: +1, PGG 13.3)."""


@hookspec
def wargame_move_stops(match: Match, unit: Unit) -> Mapping[str, str]:
    """Locations where the unit must stop on entering, each with the reason and rule
    (enemy ZOC under rigid ZOC: "must stop on entering an enemy ZOC (PGG 8.13)")."""


@hookspec
def wargame_move_blocked(match: Match, unit: Unit) -> Mapping[str, str]:
    """Locations the unit may not enter now, with the reason and rule (enemy-occupied ones are
    added by the movement mechanic)."""


@hookspec
def wargame_move_enterable(match: Match, unit: Unit) -> Iterable[str]:
    """Enemy-occupied locations the unit may enter all the same, at the normal cost (PMD 15.11:
    lone Soviet artillery, which the title destroys in ``wargame_moved``). Answered for the
    unit's side and movement class, as the blocks are."""


@hookspec
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """Units finished a move along ``path`` (control changes, rail cuts, first-turn records).

    Also called for retreats and advances after combat, which are not movement (PGG 6.24): their
    units carry ``flags["retreated"]`` / ``flags["advanced"]`` set to the current phase key."""


@hookspec
def wargame_settled(match: Match) -> None:
    """An action (or the set-up) has run its course, up to the next decision: a title brings
    up to date what it derives from the whole position, whatever changed it (PMD 6.3, 16.2:
    which units each side may see)."""


@hookspec(firstresult=True)
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    """Why the unit may not move at all now, with the rule (starts in enemy ZOC, PGG 6.22)."""


@hookspec(firstresult=True)
def wargame_port_owner(match: Match, loc: str) -> str | None:
    """The side owning the port at ``loc`` as a port, when not the location's controller
    (PMD 13.15.3: a port in a hex a Soviet amphibious assault left jointly occupied is the
    Soviet's); None = its controller (``state.control``). Read by the sea-movement mechanic."""


# ----------------------------------------------------------------------------- combat


@hookspec
def wargame_strength_modifiers(match: Match, battle: Battle) -> list[Modifier]:
    """Modifiers to attack or defense strength, each with its reason and rule number."""


@hookspec
def wargame_battle_start(match: Match, battle: Battle) -> None:
    """A battle is about to be priced and fought for real (never on a preview), after any
    decision taken before its roll (:func:`wargame_before_roll`): a rule that rolls before the
    odds are read (LWE 7.4's attenuated-supply roll) rolls here and keeps its result in
    ``battle.extra`` for its shift hook."""


@hookspec
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    """Column shifts that apply to this battle, each with its reason and rule number."""


@hookspec
def wargame_table_kinds() -> Mapping[str, TableBuilder]:
    """Combat table kinds a title's data uses beyond the kernel's (odds, differential, fire):
    kind -> a builder with ``from_spec(spec, *, table_id)``. Registered when the title loads,
    before its tables are built, so a table of an unknown kind is a load error."""


@hookspec(firstresult=True)
def wargame_price(match: Match, battle: Battle) -> Price | None:
    """The price of a battle fought by a title's own combat rather than the shared combat
    mechanic (:func:`wargame.pricing.price` asks this first): Dark Crusade's firefight answers
    with each side's :class:`~wargame.pricing.Fire` (DC 13.B.2). Read only, as ``price`` is.
    None (the default, no title answering): the shared arithmetic of modifiers, shifts and
    the table prices it."""


@hookspec(firstresult=True)
def wargame_combat_table(match: Match, battle: Battle) -> str | None:
    """Which combat table this battle uses (default: the document's first table)."""


@hookspec(firstresult=True)
def wargame_combat_result(match: Match, battle: Battle, result: str) -> bool | None:
    """Carry out a result code: remove steps, push loss, retreat and advance decisions."""


@hookspec(firstresult=True)
def wargame_before_reveal(match: Match, battle: Battle) -> bool | None:
    """A decision the rules give a side once a battle is declared and before its units are
    revealed (PMD 13.1, 14.3: a mobile assault's attacker places a Close Combat marker before the
    defending stack is examined). True when the title pushed one: the battle waits, and the verb
    answering it calls :func:`wargame.mechanics.combat.resolve` again (the title asks once)."""


@hookspec(firstresult=True)
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    """A decision the rules give a side after the units are revealed and before the battle is
    priced and rolled (PMD 13.4.2: the defender picks one construction). True when the title
    pushed one: the battle waits, and the verb answering it calls
    :func:`wargame.mechanics.combat.resume`. A title with several such decisions asks them in
    turn itself (PMD: the construction, then the Close Combat marker)."""


@hookspec(firstresult=True)
def wargame_combat_loss(match: Match, battle: Battle, who: str, n: float) -> float | None:
    """The steps ``who`` ("attacker" or "defender") loses when its turn in the result queue
    comes, when not the result's ``n``: a loss that depends on what the other side lost first
    (PMD 13.10, 13.12). None keeps ``n``; 0 skips the loss."""


@hookspec
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """The retreat paths one rule allows among those the retreat mechanic found (Barbarossa
    11.27: westward when any is open, never into a hex an attack came from); None = all. Every
    rule's answer applies: the paths kept are those every answer allows, in the order of the
    first answer (which may name a path the mechanic did not find, Barbarossa's ICA). An empty
    list means no legal retreat: the units are eliminated."""


# ----------------------------------------------------------------------------- supply


@hookspec(firstresult=True)
def wargame_supply(match: Match, unit: Unit) -> Mapping[str, Any] | None:
    """The unit's supply state now: ``{"state": "supplied"|..., "path": [...], "why": str}``."""


@dataclass(frozen=True)
class SupplySource:
    """A change to a side's supply sources now, with its reason and rule: a captured port
    becomes one, a cut railhead stops being one (``remove``)."""

    loc: str
    reason: str = ""
    rule: str | None = None
    remove: bool = False


@hookspec
def wargame_supply_sources(match: Match, side: str) -> list[SupplySource]:
    """Sources added to (or removed from) those the supply mechanic's settings give ``side``,
    from every plugin: they combine, removals last."""


@hookspec
def wargame_supply_blocks(match: Match, side: str) -> Mapping[str, Iterable[str]] | None:
    """Locations a supply line of ``side`` may not enter now beyond the supply mechanic's own
    obstacles, by reason (the reason names the rule: DC 19.0's partisans stop Axis lines). From
    every plugin: they combine."""


# ----------------------------------------------------------------------------- bots


class SupplyAdvice(Protocol):
    """The supply mechanic's answer to the bot (:class:`BotHints`)."""

    def supplied(self, match: Match, side: str) -> Collection[str] | None:
        """Locations where a unit of ``side`` would be in supply now (None: no opinion)."""


class StackingAdvice(Protocol):
    """The stacking mechanic's answer to the bot (:class:`BotHints`)."""

    def limit(self, match: Match, side: str) -> tuple[float, int | None]:
        """The weight a location may hold for ``side``, and its unit-count cap if any."""

    def crowded(self, match: Match, side: str) -> Collection[str]:
        """Locations where ``side`` is over the limit now."""


class RetreatAdvice(Protocol):
    """The retreat mechanic's answer to the bot (:class:`BotHints`)."""

    def paths(self, match: Match, units: list[Unit], start: str, n: int) -> list[list[str]]:
        """The retreat paths of ``n`` locations open to ``units`` from ``start``."""

    def over_the_limit(self, match: Match, units: list[Unit], path: list[str]) -> list[Unit]:
        """The units a retreat along ``path`` has no room for (they are eliminated)."""


@dataclass(frozen=True)
class BotHints:
    """Advice for the kernel's heuristic bot (:func:`wargame_bot_hints`).

    ``objectives``: {location or region: weight on the title's VP scale}, added to what the bot
    reads from the map and the scenario; ``replace_objectives``: use only these; ``aggression``:
    strength points added to every battle's expected value (> 0 attacks more); ``supplied``:
    locations or regions where a unit of the side would be in supply; ``advisor``: an object
    with ``choose(match, decision, actions) -> Action | None`` for the decisions the title's own
    rules make.

    The shared mechanics answer too, with what the bot asks them only when it needs it:
    ``supply`` (where a unit would be in supply, when no answer gives ``supplied``),
    ``stacking`` (the limit and the locations over it) and ``retreat`` (the retreat paths open
    to units, and who a path has no room for). The first answer giving one is used: a title's
    (registered last, asked first) before a mechanic's. So the bot imports no mechanic."""

    objectives: Mapping[str, float] = field(default_factory=dict)
    replace_objectives: bool = False
    aggression: float = 0.0
    supplied: Collection[str] | None = None
    advisor: Any = None
    supply: SupplyAdvice | None = None
    stacking: StackingAdvice | None = None
    retreat: RetreatAdvice | None = None

    @classmethod
    def of(cls, answer: BotHints | Mapping[str, Any]) -> BotHints:
        """A hook's answer as hints: a :class:`BotHints`, or a mapping with the same keys (an
        unknown key is an error naming it, not advice silently lost)."""
        if isinstance(answer, BotHints):
            return answer
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(answer) - known)
        if unknown:
            raise ValueError(f"unknown bot hint {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return cls(**answer)


@hookspec
def wargame_bot_hints(match: Match, side: str) -> BotHints | Mapping[str, Any] | None:
    """Advice for the kernel's heuristic bot playing ``side`` now: a :class:`BotHints` (or a
    mapping of its fields); every plugin's answer is merged."""


# ----------------------------------------------------------------------------- views


@hookspec
def wargame_status_lines(match: Match, side: str | None, view: Mapping[str, Any]) -> list[str]:
    """A title's own lines for ``wargame status`` (air units left, replacement points saved,
    the battle in progress...), from what ``view`` (the side's) shows."""


@hookspec
def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
    """Add public title information to a side's view (weather, markers' meaning, VP levels)."""


@hookspec
def wargame_unplaced(match: Match, side: str) -> Iterable[str]:
    """Units concealed from ``side`` whose very presence it may not know (PMD 6.4: an off-map
    reserve stack, of which the enemy sees only the marker; 16.2 D: a covered box): its view
    leaves them out, not even their side and location, so it cannot count them, and a bot of
    ``side`` thinks on a copy where they are off the map (:func:`wargame.bots.known_to`). Only
    units concealed from ``side`` (``Unit.hidden_from``) are left out; every answer counts."""
