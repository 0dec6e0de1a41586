"""The data documents of a title, as pydantic v2 models: the one source of truth.

The JSON Schemas in ``schemas/`` are generated from these models (``python -m wargame.schemagen``)
and every data file is validated against them when loaded. Collections are dicts keyed by id so
that an owner's data folder can be merged over the shipped data entry by entry.

Every entry carries provenance (the README's Data policy): ``rulebook`` with the rule number,
``stand-in`` with a note saying what it replaces, or ``owner`` for a player's transcription of a
physical copy. An entry without its own provenance inherits the document's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    model_validator,
)

Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$", max_length=80)]
"""Ids appear in the action notation, so they never contain spaces or commas."""


class Doc(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Provenance(Doc):
    """Where a fact comes from."""

    source: Literal["rulebook", "stand-in", "owner"]
    rule: str | None = Field(None, description="Rule number, e.g. 'PGG 9.5'; required for rulebook")
    note: str | None = Field(None, description="What a stand-in replaces and how it was made")

    @model_validator(mode="after")
    def _complete(self) -> Provenance:
        if self.source == "rulebook" and not self.rule:
            raise ValueError("a rulebook fact names its rule number in 'rule'")
        if self.source == "stand-in" and not self.note:
            raise ValueError("a stand-in says what it replaces in 'note'")
        return self


class Entry(Doc):
    provenance: Provenance | None = None


class Document(Doc):
    """Common head of every data document."""

    kind: str
    id: Id
    provenance: Provenance
    version: str = "1"


# --------------------------------------------------------------------------- title manifest


class Side(Doc):
    id: Id
    name: str
    rule: str | None = None


class PhaseSpec(Doc):
    """One step of the sequence of play. ``kind`` names the handler that runs it (a mechanic's or
    the title's); ``side`` says who decides: the phasing player, the other one (reaction phases),
    or a fixed side id."""

    id: Id
    name: str | None = None
    kind: str = "auto"
    side: str = "phasing"
    rule: str | None = None
    when: str | None = Field(None, description="A named condition the title's rules decide")
    options: dict[str, Any] = Field(default_factory=dict)
    segments: list[PhaseSpec] = Field(default_factory=list)


class PlayerTurnSpec(Doc):
    side: Id
    phases: list[PhaseSpec]
    orders: dict[Id, list[Id]] | None = Field(
        None,
        description="A player-chosen phase order: name -> phase ids (Barbarossa 5.4, LWE 5.2); "
        "the phasing player picks one at the start of the player turn",
    )
    rule: str | None = None


class SequenceSpec(Doc):
    setup: list[PhaseSpec] = Field(default_factory=list)
    before_turn: list[PhaseSpec] = Field(default_factory=list)
    player_turns: list[PlayerTurnSpec]
    after_turn: list[PhaseSpec] = Field(default_factory=list)
    rule: str | None = None


# --------------------------------------------------------------------------- mechanic settings


class Settings(Doc):
    """A shared mechanic's settings in ``mechanic_options``: unknown keys are errors."""


Costs = float | dict[str, float]
"""A number, or a mapping by selector as in the terrain chart ('side/mobility', mobility, unit
type, side, '*')."""


class MovementSettings(Settings):
    """``movement`` (wargame.mechanics.movement)."""

    scale: int = Field(1, ge=1, description="integer MP units per MP (2: half-MP roads)")
    min_one_step: bool = Field(False, description="a unit may always move one hex (Barb 10.5)")
    road: str | list[str] = Field(
        "road", description="the in-hex feature(s) whose cost applies along a road (cheapest)"
    )
    road_blocked_by: list[str] = Field(
        default_factory=list, description="hexside features a road does not cross (PGG 11.13)"
    )
    roads_end: dict[str, int] = Field(
        default_factory=dict,
        description="road feature -> game turn from which it no longer exists (PMD 11.1)",
    )


class ZocSettings(Settings):
    """``rigid-zoc`` (wargame.mechanics.zoc)."""

    blocked_by: list[str] = Field(default_factory=list, description="edge features no ZOC crosses")
    no_zoc_markers: list[str] = Field(
        default_factory=list, description="declared unit markers whose units exert none"
    )
    no_zoc_types: list[str] = Field(default_factory=list, description="unit types exerting none")
    stop_rule: str = Field("", description="cited when a unit must stop in a ZOC")
    exit_rule: str = Field("", description="cited when a unit may not leave a ZOC")


class CombatSettings(Settings):
    """``combat`` (wargame.mechanics.combat)."""

    table: Id | None = Field(None, description="the default table (else the document's first)")
    attack: str = Field("attack", description="the unit value attacking with")
    defense: str = Field("defense", description="the unit value defending with")
    once_per_phase: bool = Field(True, description="attack and be attacked once a phase")
    attack_retreated: bool = Field(
        False, description="units that retreated after defending may be attacked again (PMD 13.8)"
    )
    reveal_until_below: str | None = Field(
        None,
        description="untried defenders are revealed only until the odds against the known "
        "defence are below this ratio, e.g. '1-3' (PMD 13.0)",
    )
    defender_first: bool = Field(True, description="split results: defender first (PGG 9.66)")
    reveal_rule: str | None = Field(None, description="cited when untried units are revealed")
    companions: list[Id] = Field(
        default_factory=list,
        description="unit types with no attack strength that may go with an attack when named "
        "in it, sharing its results (PGG 10.26: leaders)",
    )


class RetreatSettings(Settings):
    """``retreat`` (wargame.mechanics.retreat, the ``retreat-advance`` mechanic)."""

    chooser: Literal["owner", "enemy"] = Field("owner", description="who picks the path")
    zoc: Literal["blocks", "friendly-negates", "ignored"] = "friendly-negates"
    prefer_vacant: bool = Field(True, description="vacant locations first (PGG 9.73)")
    advance: bool = Field(True, description="the winner may advance after combat")
    advance_hexes: int | None = Field(
        None, ge=1, description="the most hexes advanced along the retreat path (default: all)"
    )
    along_retreat: bool = Field(False, description="advance along the path of retreat (9.84)")
    after_elimination: int = Field(0, ge=0, description="advance after an elimination (9.86)")
    defender_advances: bool = Field(False, description="a winning defender advances (9.87)")
    overrun_advances: bool = Field(False, description="overruns are followed by advance (9.88)")
    rule: str | None = Field(None, description="cited when units with no path are eliminated")
    split: bool = Field(
        False,
        description="the owner may retreat each unit or sub-stack of his choosing on its own "
        "path; no unit is eliminated for stacking then: the title's stacking check enforces "
        "it later (PMD 13.8)",
    )


class OverrunSettings(Settings):
    """``overrun`` (wargame.mechanics.overrun, whose docstring says what each does)."""

    cost: Costs = Field(0, description="MP spent to overrun")
    cost_vars: dict[str, Costs] = Field(
        default_factory=dict,
        description="state var -> costs for the side it names while it does (PMD 5.4)",
    )
    target_cost: dict[str, float] = Field(
        default_factory=dict, description="terrain or feature of the target -> cost instead"
    )
    target_cost_vars: dict[str, float] = Field(
        default_factory=dict,
        description="state var listing locations -> cost instead when the target is one "
        "(Barbarossa 10.19)",
    )
    hexside_costs: bool = False
    same_start: bool = False
    halve: bool = False
    halve_min: int = Field(0, ge=0)
    move_in: bool = True
    continue_: bool | list[str] = Field(True, alias="continue")
    stop_on: list[str] = Field(default_factory=list)
    return_to_launch: bool = False
    within_joint: bool = Field(
        False,
        description="units in a location both sides hold may overrun the enemy in it (PMD 14.9)",
    )
    from_locked: bool = Field(True, description="a unit locked in an enemy ZOC may still overrun")
    from_boxes: dict[str, list[str]] = Field(
        default_factory=dict,
        description="box -> locations or regions its units may overrun from it (PMD 14.10)",
    )
    continue_on_failure: bool | list[str] = False
    continue_on_failure_vars: list[str] = Field(
        default_factory=list,
        description="state vars; while one names the side, a failure goes on (PMD 14.8)",
    )
    defender_marker: str | None = Field(
        None, description="declared unit marker placed on hurt defenders (PGG 6.61)"
    )
    defender_marker_except: list[str] = Field(default_factory=list)
    marker_rule: str | None = None
    defender_marker_stack: bool = Field(
        False, description="one defender hurt marks every surviving defender (PGG ruling D3)"
    )
    mobility: list[str] | None = None
    tags: list[str] | None = None
    max_per_phase: int | dict[str, int] | None = None
    terrain: list[str] | None = None
    rule: str | None = None


class UntriedSettings(Settings):
    """``untried`` (wargame.mechanics.untried)."""

    recycle: bool = Field(False, description="eliminated untried units return face-down (12.4)")


class StackingSettings(Settings):
    """``stacking`` (wargame.mechanics.stacking)."""

    limit: float | None = Field(None, ge=0, description="the most weight a location holds")
    limits: dict[str, float] = Field(default_factory=dict, description="side -> its limit")
    max_units: int | None = Field(None, ge=1, description="a count cap beside the weight")
    limit_vars: dict[str, str] = Field(
        default_factory=dict, description="side -> a state var holding its limit once set"
    )
    feature_limits: dict[str, float] = Field(
        default_factory=dict, description="location feature -> the limit there, when higher"
    )
    tag_caps: dict[str, dict[str, int]] = Field(
        default_factory=dict,
        description="side -> unit-type tag -> the most such units in a location, beside the weight",
    )
    augment_flag: str | None = Field(
        None,
        description="unit flag naming another unit: weighs nothing while stacked with it (PMD 6.1)",
    )
    examine_battles: bool = Field(
        False,
        description="a battle's locations are checked before any unit is revealed (PMD 6.3)",
    )
    check: list[str] = Field(default_factory=list, description="phase ids ending with a check")
    chooser: Literal["owner", "enemy"] = Field(
        "owner", description="who picks the units removed (Barbarossa 6.2: the opponent)"
    )
    rule: str | None = None


class ReinforcementsSettings(Settings):
    """``reinforcements`` (wargame.mechanics.reinforcements)."""

    phase: str = Field("movement", description="the owner's phase in which units arrive")
    box: str = Field("box:reinforcements", description="where they wait")
    boxes: dict[str, str] = Field(default_factory=dict, description="side -> its own box")
    limit_rule: str | None = Field(None, description="cited when counters run out")
    sides: Literal["phasing", "all"] = Field(
        "phasing", description="whose units arrive at the phase's start: its owner's, or all"
    )
    redraw_dead: bool = Field(
        True, description="draws may take counters back from the dead pile (else fresh only)"
    )


class SupplySettings(Settings):
    """``supply`` (wargame.mechanics.supply, whose docstring says what each does)."""

    sources: dict[str, list[str]] = Field(default_factory=dict)
    check: list[str] = Field(default_factory=lambda: ["movement"])
    sides: Literal["phasing", "all"] = "phasing"
    zoc: Literal["friendly-negates", "blocks", "ignored"] = "friendly-negates"
    enemy_control_blocks: bool = False
    friendly_control_only: bool = Field(
        False,
        description="control alone decides: only locations the side controls carry a line, "
        "whoever stands in them, and uncontrolled ones block too (DC 17.A)",
    )
    no_through: list[str] = Field(default_factory=list)
    blocked_edges: list[str] = Field(default_factory=list)
    limit: float | dict[str, float] | None = None
    limit_unit: Literal["steps", "cost"] = "steps"
    halve_movement: bool = False
    halve_rule: str | None = Field(
        None, description="cited by the halved allowance (default: rule; PGG 11.31-11.32)"
    )
    boxes: Literal["supplied", "trace"] = "supplied"
    marker: str | None = Field(
        None,
        description="a declared unit marker the check places on units out of supply and removes "
        "when they are back (PGG 11.0: out-of-supply), instead of the oos flag",
    )
    rule: str | None = None


class ControlSettings(Settings):
    """``control`` (wargame.control): who controls a location, kept as data in state.control."""

    by: Literal["passage", "occupation"] = Field(
        "occupation",
        description="'passage': the last side whose units entered or passed through it (PGG); "
        "'occupation': the last side whose units stood in it at the end of a move",
    )
    locations: list[Id] | None = Field(
        None, description="locations or regions whose control is kept (default: all)"
    )
    shared: Literal["taken", "kept"] = Field(
        "taken",
        description="'kept': a location holding units of both sides stays its controller's, and "
        "passes when only the other side's units are left (PMD 4.2); 'taken': moving in takes it",
    )
    rule: str | None = None


class RenderSettings(Settings):
    """``render``: how the title's map is drawn (wargame.render), not a mechanic."""

    side_colors: dict[str, str] = Field(default_factory=dict)
    terrain_colors: dict[str, str] = Field(default_factory=dict)
    values: list[str] | None = Field(None, description="unit values printed on counters")
    tag_suffix: dict[str, str] = Field(default_factory=dict)
    flag_marks: dict[str, str] = Field(default_factory=dict)
    symbols: dict[str, Annotated[str, Field(pattern=r"^[0-9]{20}$")]] = Field(
        default_factory=dict,
        description="unit type -> its APP-6 / MIL-STD-2525 symbol as a 20-digit SIDC, drawn by "
        "milsymbol (python -m wargame.symbols stores the drawing)",
    )
    strength: str | None = Field(None, description="the unit value a stack's total adds up")
    top: list[str] | None = Field(
        None, description="unit values that pick a stack's top counter, compared in order"
    )
    basemap: str | None = Field(
        None,
        description="a network's document (kind table) of land, lake and sheet rings in the "
        "points' xy, drawn faintly under the network",
    )


class TurnTrackSettings(Settings):
    """``turn-track`` (wargame.mechanics.turntrack): movement factors read off the calendar."""

    movement: str | None = Field(None, description="key of the factors in each turn's values")
    index: dict[str, int] = Field(
        default_factory=dict, description="mobility class -> position in a side's factor list"
    )
    rule: str | None = None


class PhaseOrderSettings(Settings):
    """``phase-order`` (wargame.mechanics.phaseorder): which phase orders are legal, and the
    column shifts that follow from the choice."""

    forced: list[dict[str, Any]] = Field(default_factory=list)
    limited: list[dict[str, Any]] = Field(default_factory=list)
    shifts: list[dict[str, Any]] = Field(default_factory=list)
    rule: str | None = None


class VictoryLevel(Doc):
    """A level of victory: net VP from ``min`` to ``max`` (inclusive) give it."""

    level: str = Field(description="its name, e.g. 'Strategic victory'")
    winner: Id | None = Field(None, description="the side that wins (none: a draw)")
    min: float | None = Field(None, description="lowest net VP (none: no lower bound)")
    max: float | None = Field(None, description="highest net VP (none: no upper bound)")


class VictoryEnd(Doc):
    """The result when the last turn is over and no condition decided it."""

    winner: Id | None = Field(None, description="the side that wins (none: a draw)")
    level: str = "draw"
    text: str = Field("the last turn is over", description="what the log says")


class ObjectiveGroup(Doc):
    """Several locations scored as one objective (PMD 4.5.1: Moscow's two hexes): ``side`` holds
    it only while it holds every one; its enemy holds it with any one of them."""

    name: str = Field(description="what the ledger calls it, e.g. 'Moscow'")
    locations: list[Id] = Field(min_length=2, description="its locations")
    vp: float = Field(description="what holding it is worth")
    side: Id = Field(description="the side that must hold every location")


class VictorySettings(Settings):
    """``victory`` (wargame.mechanics.victory): how the scenario's ``victory`` conditions of kinds
    ``hold``, ``vp``, ``sudden-death``, ``threshold`` and ``vp-levels`` are judged (their params
    are in :data:`VICTORY_KINDS`)."""

    objectives: list[Id] | None = Field(
        None,
        description="locations or regions whose VP (their 'vp' attribute) count (default: every "
        "location with one)",
    )
    default_holder: Id | None = Field(
        None, description="the side holding a location nobody occupies or controls"
    )
    held_by: Literal["occupation", "control"] = Field(
        "occupation",
        description="who holds a location: 'occupation' (the side with units in it, else its "
        "controller) or 'control' (its controller only: a title whose control rule settles "
        "jointly-occupied locations, PMD 4.2)",
    )
    groups: list[ObjectiveGroup] = Field(
        default_factory=list,
        description="objectives of several locations (their locations do not count alone)",
    )
    score_objectives: bool = Field(
        False,
        description="the VP ledger follows control: a side taking an objective gains its VP, "
        "the side losing it loses them",
    )
    score_for: Id | None = Field(
        None,
        description="with score_objectives, only this side keeps a score (Barbarossa 4.1, LWE "
        "4.1): it gains an objective's VP taking it and loses them losing it",
    )
    score_start: bool = Field(
        True,
        description="with score_objectives, score what each side holds at the start (false: "
        "the score starts at 0 and only changes of control count)",
    )
    checks: list[str] = Field(
        default_factory=list,
        description="when 'threshold' conditions are judged: phase ids, 'player-turn' (the end "
        "of each player turn) or 'turn' (the end of each game turn)",
    )
    check_tag: Id | None = Field(
        None, description="judge only on turns whose calendar tags hold this one"
    )
    net_of: Id | None = Field(
        None, description="the side whose VP less its enemy's pick the level (default: the first)"
    )
    levels: list[VictoryLevel] = Field(
        default_factory=list, description="levels of victory by net VP, when the game ends"
    )
    at_end: VictoryEnd | None = Field(
        None, description="the result when no condition decides (default: a draw)"
    )
    rule: str | None = Field(None, description="cited by VP events and levels")


StrategicEnter = Literal["enemy-units", "enemy-zoc", "next-to-enemy", "beside-enemy", "unfriendly"]


def _enemy_units() -> list[StrategicEnter]:
    return ["enemy-units"]


class StrategicWeight(Doc):
    """What one kind of unit counts against the strategic capacity (the first match wins)."""

    tags: list[str] = Field(default_factory=list, description="unit-type tags (any of them)")
    types: list[str] = Field(default_factory=list, description="counter types (any of them)")
    mobility: list[str] = Field(default_factory=list, description="unit-type mobilities")
    weight: int = Field(ge=0, description="units it counts (0: free, as PGG 6.31's Leaders)")


class StrategicRules(Doc):
    """The rule cited for each kind of refusal, where it is not the settings' ``rule``."""

    capacity: str | None = None
    start: str | None = None
    path: str | None = None
    enter: str | None = None
    budget: str | None = None
    ending: str | None = None


class StrategicSettings(Settings):
    """``strategic-movement`` (wargame.mechanics.strategic): moving units far behind the front,
    rationed per turn (PGG 6.3 rail movement, DC 9.A strategic movement, Barbarossa 8.6-8.7,
    PMD 11.2-11.3). What the rulebooks vary is here; what only one has stays in its title."""

    sides: list[Id] = Field(description="the sides that may use it")
    kinds: list[str] = Field(
        default_factory=lambda: ["strategic"],
        description="decision kinds (phase kinds) in which it is used: 'movement' for PGG's rail "
        "in the Movement Phase, 'strategic' for a phase of its own (the mechanic's verb)",
    )
    turns: list[int] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="first and last game turn it may be used (Barbarossa 8.6: GT9-29)",
    )
    capacity: int | None = Field(
        None,
        ge=0,
        description="units (weighted) per period; none: the title's own rule sets it each period "
        "and passes it in (DC 9.A: the VP of supplied cities)",
    )
    per: Literal["game-turn", "player-turn", "phase"] = Field(
        "game-turn", description="the period the capacity is counted in"
    )
    weights: list[StrategicWeight] = Field(
        default_factory=list,
        description="what each kind of unit counts; others count one (or their steps, ``by_steps``) (PGG 6.31: armored three, "
        "Leaders none; Barbarossa 8.6: mech two, satellite armies four)",
    )
    by_steps: bool = Field(
        False,
        description="a unit no weight matches counts its steps left, rounded up (PMD 11.2: "
        "capacity in steps); else one",
    )
    path: Literal["rail", "friendly", "passable", "any"] = Field(
        description="where a unit may go: along hexsides carrying ``feature`` (rail lines), "
        "through locations its side controls, through hexes it could enter by normal movement, "
        "or anywhere"
    )
    feature: str = Field("rail", description="the hexside feature of a rail line")
    no_cross: list[str] = Field(
        default_factory=list,
        description="hexside or link features never crossed (DC 9.A.1: no-strategic, strait; "
        "Barbarossa 10.14: kerch)",
    )
    budget: int | None = Field(
        None, ge=1, description="hexes (or rail hexes) a move may cost; none: any distance"
    )
    start: list[
        Literal["on-line", "friendly", "unmoved", "not-in-enemy-zoc", "not-next-to-enemy"]
    ] = Field(
        default_factory=list,
        description="where and how a unit must start: on a rail line, in a location its side "
        "controls, not having moved this phase, not in an enemy ZOC, not next to an enemy unit "
        "(PMD 11.2). Supply and other title "
        "rules (Barbarossa 8.6's overland supply) are the title's",
    )
    enter: list[StrategicEnter] = Field(
        default_factory=_enemy_units,
        description="what a path may not enter: a location holding enemy units, an enemy ZOC "
        "(PGG 6.32), a hex next to an enemy unit except the last (Barbarossa 8.7), a hex next "
        "to an enemy unit at all, the last included (``beside-enemy``, PMD 11.2), a location "
        "the side does not control (DC 9.A)",
    )
    max_ending: int | None = Field(
        None,
        ge=1,
        description="strategic movers that may end in one location per period (DC 9.A.3)",
    )
    after: list[Literal["no-move", "no-attack"]] = Field(
        default_factory=list,
        description="what a unit that moved strategically may not do for the rest of the period",
    )
    verb: bool = Field(
        True,
        description="offer the mechanic's verb ``strategic UNIT[,UNIT...] FROM TO [TO...]`` (in "
        "phases of kind 'strategic'); false for a title whose own verbs use the mechanic's "
        "searches and ledger (PGG rail, DC strat)",
    )
    rule: str = Field(description="cited by refusals and events")
    rules: StrategicRules | None = Field(
        None, description="finer citations by topic, where the rulebook numbers them apart"
    )


class PaulusSettings(Settings):
    """``paulus-pause`` (wargame.mechanics.paulus): a declared pause in one side's attacks
    (Barbarossa 5.10, LWE 7.5)."""

    side: str = Field("german", description="the side that decides and pauses")
    turns: list[int] = Field(
        description="game turns on which the decision phase (kind 'paulus') runs, until a pause "
        "is declared"
    )
    scenarios: list[Id] | None = Field(None, description="the scenarios offering it (default: all)")
    delay: int = Field(
        0,
        ge=0,
        description="turns from the decision to the pause's first: 0 at the start of a turn "
        "(Barbarossa 5.10), 1 at its end (LWE 7.5)",
    )
    length: int = Field(1, ge=1, description="game turns the pause lasts")
    lengths: list[int] = Field(
        default_factory=list,
        description="the lengths the side chooses from when pausing ('paulus pause N'), or with "
        "'decide': 'each-week' the ones it may stop at, the longest ending it (PMD 8.10: 1, 2 or "
        "3 weeks); none: 'length'",
    )
    week_phases: list[Id] = Field(
        default_factory=list,
        description="the pause counts weeks, not game turns, from the week it is declared in; a "
        "week ends as one of these phases starts (PMD 8.10: the Weather Phases)",
    )
    decide: Literal["at-declaration", "each-week"] = Field(
        "at-declaration",
        description="when the length is chosen: 'at-declaration' ('paulus pause N' with "
        "'lengths'; Barbarossa 5.10, LWE 7.5), or 'each-week' ('paulus pause', then at the start "
        "of each later week, while the longest of 'lengths' is not reached, a pushed decision "
        "'paulus resume' or 'paulus continue'; PMD 8.10); 'each-week' needs 'lengths' and "
        "'week_phases'",
    )
    allowed_against: list[str] = Field(
        default_factory=list,
        description="unit-type tags: an attack stays legal into hexes holding an enemy unit "
        "with one (LWE 7.5: fortified zones)",
    )
    rule: str = Field(description="cited by the decision and the ban")

    @model_validator(mode="after")
    def _weekly_needs_weeks(self) -> PaulusSettings:
        if self.decide == "each-week" and not (self.lengths and self.week_phases):
            raise ValueError("'decide': 'each-week' needs 'lengths' and 'week_phases'")
        return self


class TerrainEffectsSettings(Settings):
    """``terrain-effects`` (wargame.mechanics.terrain): the terrain chart's ``combat`` entries
    (defence multipliers and column shifts by terrain, feature and hexside) in every battle."""

    combine: Literal["multiply", "add-less-one", "highest"] = Field(
        "multiply",
        description="how several multipliers combine ('add-less-one': PGG 9.33, doubled twice "
        "is tripled)",
    )
    shift_group: str | None = Field(
        None, description="the capped group terrain shifts belong to (the table's shift_caps)"
    )
    rule: str | None = Field(None, description="cited when the chart's entry names no rule")


class TurnsAndTags(Settings):
    """Turns a rule applies on: a range of turns and calendar tags every one of which the turn
    carries (both optional)."""

    turns: tuple[int, int] | None = None
    tags: list[str] = Field(default_factory=list)


class AttenuatedSupplySettings(Settings):
    """``attenuated-supply`` (wargame.mechanics.attenuated, whose docstring says what each does):
    when an attack of ``side`` rolls on the attenuated-supply table (LWE 7.4, PMD 8.8)."""

    side: Id = Field(description="the side whose attacks are attenuated")
    region: str = Field(description="the region beyond the line (east of the GAS Line)")
    beyond: Literal["attackers", "target"] = Field(
        "attackers",
        description="what must lie beyond the line: any attacker (LWE 7.4) or the target (PMD 8.8)",
    )
    table: Id = Field("gast", description="the document (kind table) of results and modifiers")
    dice: str = "1d6"
    kinds: list[str] = Field(
        default_factory=lambda: ["attack", "overrun"], description="battle kinds that consult it"
    )
    everywhere: TurnsAndTags | None = Field(
        None, description="turns on which every attack consults it (LWE 7.4: August)"
    )
    ignored_var: str | None = Field(
        None, description="a state variable that, once set, frees the side of the line (LWE 7.5)"
    )
    until_turn: int | None = Field(None, description="the line is gone from this turn (PMD 8.7)")
    rule: str | None = None


class SupplyConcentrationSettings(Settings):
    """``supply-concentration`` (wargame.mechanics.concentration, whose docstring says what each
    does): LWE 7.6, PMD 8.9."""

    side: Id
    phase: Id = Field(description="the side's phase at whose start it declares, keeps or rescinds")
    phases: list[Id] = Field(
        default_factory=list,
        description="more phases of the side with the same decision (PMD 8.9: each player week's "
        "Refit Phase)",
    )
    markers: int = Field(18, ge=1, description="markers placed on declaring")
    marker: Id = Field("supply-concentration", description="the declared unit marker")
    redeclare: bool = Field(False, description="may be declared again after a rescission (PMD)")
    reselect: bool = Field(
        False, description="kept: every marker may go to new units (PMD); else only lost ones (LWE)"
    )
    until_turn: int | None = Field(None, description="no longer used from this turn (PMD 8.9)")
    rule: str | None = None


class SeaSettings(Settings):
    """One sea of ``sea-movement``: whose it is, its ports, who may sail and how many."""

    id: Id = Field(description="the sea's name, used by links")
    side: Id = Field(description="the side that moves by this sea")
    ports: list[str] = Field(description="location ids or region names of its ports")
    capacity: float = Field(ge=0, description="weight that may sail a movement phase of the side")
    units: list[str] = Field(
        default_factory=list, description="unit types or type tags that may sail (none: all)"
    )
    weights: dict[str, float] = Field(
        default_factory=dict, description="unit type or tag -> weight (default 1)"
    )
    no_attack: bool = Field(
        False, description="a unit that sailed may not attack in the same player turn"
    )
    pool: Id | None = Field(
        None, description="seas naming one pool share one capacity (LWE 9.17: both coasts)"
    )
    exclude: list[str] = Field(
        default_factory=list, description="unit types or tags that may not sail (PMD: artillery)"
    )
    weigh_steps: bool = Field(False, description="a unit weighs its steps left (PMD 10.3)")
    while_var: Id | None = Field(
        None, description="the sea serves only while this state var is true (PMD 10.3, 10.4)"
    )
    held: list[str] = Field(
        default_factory=list, description="ports always the side's (PMD 10.1: off-map areas)"
    )
    occupy_in: str | None = Field(
        None, description="a region whose ports serve only with a unit of the side in them"
    )
    besieged: bool = Field(
        False, description="no sailing from one besieged port to another (PMD 10.2)"
    )
    always: list[list[str]] = Field(
        default_factory=list,
        description="port pairs open whatever holds them, while the sea serves (PMD 10.4)",
    )
    hold: bool = Field(
        False, description="a unit that sailed moves no further that player turn (PMD 10.2)"
    )
    rule: str | None = None


class SeaLinkSettings(Settings):
    """Two seas that are one for a side while it controls every location ``needs`` lists."""

    seas: list[Id] = Field(min_length=2, max_length=2, description="the two seas")
    needs: list[str] = Field(description="locations the side must control (the Kerch Strait)")
    rule: str | None = None


class SeaMovementSettings(Settings):
    """``sea-movement`` (wargame.mechanics.seamove, whose docstring says what each does):
    port-to-port moves by sea (Barbarossa 10.16-10.17, 10.34; LWE 9.17; PMD 10.2-10.4)."""

    seas: list[SeaSettings]
    links: list[SeaLinkSettings] = Field(default_factory=list)
    phases: list[Id] = Field(
        default_factory=list, description="phase ids sea movement happens in (none: every one)"
    )
    before_land: bool = Field(
        False, description="no sea move once a unit of the side moved by land that phase"
    )
    joint: bool = Field(
        False,
        description="a port both sides' units stand in serves its owner (PMD 13.15.3; the "
        "title's vetoes say who sails in or out); off: no enemy unit in it",
    )
    rule: str | None = None


class CrossingSettings(Settings):
    """One crossing of ``crossings``: a hexside feature some units may cross."""

    feature: Id = Field(description="the hexside feature (the chart closes it to movement)")
    sides: list[Id] = Field(default_factory=list, description="sides that may cross (none: all)")
    mobility: list[str] = Field(
        default_factory=list, description="mobility classes that may cross (none: all)"
    )
    from_turn: int | None = Field(None, description="the first turn it may be crossed")
    mode: Literal["whole-move", "as"] = Field(
        "whole-move",
        description="'whole-move': the crossing is the unit's one step of the phase; 'as': it "
        "costs what the hexside feature ``as`` costs",
    )
    cost: float = Field(99, description="a whole-move crossing's cost (only a one-hex move pays)")
    as_: Id | None = Field(
        None, alias="as", description="the feature whose cost an 'as' crossing has"
    )
    stacks_per_phase: int | None = Field(
        None, ge=1, description="stacks of a side that may cross in one phase (none: any)"
    )
    rule: str | None = None


class CrossingsSettings(Settings):
    """``crossings`` (wargame.mechanics.crossings, whose docstring says what each does): strait
    hexsides that some units may cross (Barbarossa 10.14-10.15, LWE 9.16)."""

    crossings: list[CrossingSettings]
    rule: str | None = None


class AirMarkers(Settings):
    """Markers held on a range of turns (``var``: only while that state variable is set)."""

    turns: list[int] = Field(min_length=2, max_length=2, description="first and last turn")
    n: int = Field(ge=0, description="markers")
    var: str | None = None


class AirSupportSettings(Settings):
    """``air-support`` (wargame.mechanics.airsupport, whose docstring says what each does):
    ground-support air markers committed before battles (Barbarossa 11.23, LWE 11.25)."""

    side: Id = Field(description="the side that holds and commits the markers")
    markers: list[AirMarkers] = Field(description="markers by range of turns")
    extra: list[AirMarkers] = Field(
        default_factory=list, description="more markers while a state variable is set"
    )
    kinds: list[str] = Field(
        default_factory=lambda: ["attack", "overrun"], description="battle kinds they support"
    )
    rule: str | None = None
    note: str | None = Field(None, description="where the numbers come from (a stand-in says so)")


SETTINGS: dict[str, tuple[str | None, type[Settings]]] = {
    "movement": ("movement", MovementSettings),
    "rigid-zoc": ("rigid-zoc", ZocSettings),
    "combat": ("combat", CombatSettings),
    "retreat": ("retreat-advance", RetreatSettings),
    "overrun": ("overrun", OverrunSettings),
    "untried": ("untried", UntriedSettings),
    "stacking": ("stacking", StackingSettings),
    "reinforcements": ("reinforcements", ReinforcementsSettings),
    "supply": ("supply", SupplySettings),
    "turn-track": ("turn-track", TurnTrackSettings),
    "phase-order": ("phase-order", PhaseOrderSettings),
    "paulus-pause": ("paulus-pause", PaulusSettings),
    "strategic-movement": ("strategic-movement", StrategicSettings),
    "control": ("control", ControlSettings),
    "victory": ("victory", VictorySettings),
    "terrain-effects": ("terrain-effects", TerrainEffectsSettings),
    "attenuated-supply": ("attenuated-supply", AttenuatedSupplySettings),
    "supply-concentration": ("supply-concentration", SupplyConcentrationSettings),
    "sea-movement": ("sea-movement", SeaMovementSettings),
    "crossings": ("crossings", CrossingsSettings),
    "air-support": ("air-support", AirSupportSettings),
    "render": (None, RenderSettings),
}
"""``mechanic_options`` key -> (the mechanic it configures, None for none; its model)."""


class MechanicOptions(Doc):
    """Settings by mechanic. A mechanic from outside the kernel (a module path in ``mechanics``)
    may take settings under its own name; that module's ``Settings`` model checks them."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    movement: MovementSettings | None = None
    rigid_zoc: ZocSettings | None = Field(None, alias="rigid-zoc")
    combat: CombatSettings | None = None
    retreat: RetreatSettings | None = None
    overrun: OverrunSettings | None = None
    untried: UntriedSettings | None = None
    stacking: StackingSettings | None = None
    reinforcements: ReinforcementsSettings | None = None
    supply: SupplySettings | None = None
    turn_track: TurnTrackSettings | None = Field(None, alias="turn-track")
    phase_order: PhaseOrderSettings | None = Field(None, alias="phase-order")
    control: ControlSettings | None = None
    victory: VictorySettings | None = None
    paulus_pause: PaulusSettings | None = Field(None, alias="paulus-pause")
    strategic_movement: StrategicSettings | None = Field(None, alias="strategic-movement")
    terrain_effects: TerrainEffectsSettings | None = Field(None, alias="terrain-effects")
    attenuated_supply: AttenuatedSupplySettings | None = Field(None, alias="attenuated-supply")
    supply_concentration: SupplyConcentrationSettings | None = Field(
        None, alias="supply-concentration"
    )
    sea_movement: SeaMovementSettings | None = Field(None, alias="sea-movement")
    crossings: CrossingsSettings | None = None
    air_support: AirSupportSettings | None = Field(None, alias="air-support")
    render: RenderSettings | None = None


def _check_settings(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Checked by :class:`MechanicOptions`, kept as written (the schema shows the models)."""
    MechanicOptions.model_validate(value, strict=True)
    return value


class TitleManifest(Document):
    kind: Literal["title"] = "title"
    name: str
    aliases: list[Id] = Field(default_factory=list)
    publisher: str | None = None
    topology: Literal["hex", "network"]
    sides: list[Side]
    documents: dict[str, str] = Field(description="document name -> file name in the data folder")
    mechanics: list[str] = Field(default_factory=list, description="shared mechanics used")
    mechanic_options: Annotated[dict[str, dict[str, Any]], AfterValidator(_check_settings)] = Field(
        default_factory=dict,
        description="mechanic -> its settings (rule numbers, limits): see MechanicOptions",
    )
    sequence: SequenceSpec
    default_scenario: Id
    turn_label: str = "Game-Turn"


# --------------------------------------------------------------------------- maps


class HexNumberingSpec(Doc):
    digits: tuple[int, int] = (2, 2)
    order: Literal["column-first", "row-first"] = "column-first"
    first_column: int = 1
    first_row: int = 1
    column_direction: Literal["east", "west"] = "east"
    row_direction: Literal["south", "north"] = "south"
    orientation: Literal["flat", "pointy"] = "flat"
    shifted: Literal["odd", "even"] = "even"


class HexSpec(Entry):
    terrain: str | None = None
    features: list[str] = Field(default_factory=list)
    name: str | None = None
    attrs: dict[str, Any] = Field(default_factory=dict)


class HexsideSpec(Entry):
    hexes: tuple[Id, Id]
    features: list[str]
    name: str | None = None


class LineSpec(Entry):
    kind: str = Field(description="road, rail, rollbahn, ...: a path of adjacent hexes")
    hexes: list[Id] = Field(min_length=2)
    name: str | None = None
    attrs: dict[str, Any] = Field(
        default_factory=dict, description="title-defined values, e.g. a fort line's turn"
    )


class RegionSpec(Entry):
    hexes: list[Id] = Field(default_factory=list)
    points: list[Id] = Field(default_factory=list)
    name: str | None = None


class BoxSpec(Entry):
    name: str
    adjacent: list[Id] = Field(default_factory=list)
    xy: tuple[float, float] | None = Field(
        None, description="where to draw the box (map coordinates); else in a row under the map"
    )


class HexMap(Document):
    kind: Literal["hex-map"] = "hex-map"
    numbering: HexNumberingSpec
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    exclude: list[Id] = Field(default_factory=list)
    rows_by_column: dict[str, tuple[int, int]] | None = None
    default_terrain: str = "clear"
    hexes: dict[Id, HexSpec] = Field(default_factory=dict)
    hexsides: list[HexsideSpec] = Field(default_factory=list)
    lines: list[LineSpec] = Field(default_factory=list)
    regions: dict[Id, RegionSpec] = Field(default_factory=dict)
    boxes: dict[Id, BoxSpec] = Field(default_factory=dict)
    geo: dict[str, Any] | None = None


class PointSpec(Entry):
    name: str
    xy: tuple[float, float]
    terrain: str = "clear"
    features: list[str] = Field(default_factory=list)
    attrs: dict[str, Any] = Field(default_factory=dict)


class LinkSpec(Entry):
    points: tuple[Id, Id]
    class_: str = Field("major", alias="class")
    features: list[str] = Field(default_factory=list)
    attrs: dict[str, Any] = Field(default_factory=dict)


class NetworkMap(Document):
    kind: Literal["network-map"] = "network-map"
    points: dict[Id, PointSpec]
    links: list[LinkSpec]
    regions: dict[Id, RegionSpec] = Field(default_factory=dict)
    boxes: dict[Id, BoxSpec] = Field(default_factory=dict)


# --------------------------------------------------------------------------- terrain


class TerrainCombat(Doc):
    """A terrain type's, feature's or hexside's effect in combat. The ``terrain-effects``
    mechanic applies the keys below; other keys are the title's own, read by its rules."""

    model_config = ConfigDict(extra="allow")
    defense_multiplier: float = Field(
        1, gt=0, description="defence strength of units there multiplied (PGG 9.31: 2)"
    )
    shift: int = Field(
        0, description="column shift of a battle against it (negative: left, for the defender)"
    )
    all_attackers_across: bool = Field(
        False, description="a hexside counts only when every attacker attacks across it (9.32)"
    )
    rule: str | None = Field(None, description="cited for these effects (default: the entry's)")


class TerrainType(Entry):
    """Effects of a terrain type, a hexside feature or an in-hex feature. ``move`` maps a
    selector (a mobility class, a side id, ``side/class``, or ``*``) to a cost; null means the
    terrain is prohibited. ``combat`` is applied by the ``terrain-effects`` mechanic (and read
    by a title's rules for keys of its own); ``supply`` is read by the supply rules."""

    name: str
    move: dict[str, float | None] = Field(default_factory=dict)
    combat: TerrainCombat = Field(default_factory=TerrainCombat)  # type: ignore[arg-type]
    supply: dict[str, Any] = Field(default_factory=dict)
    rule: str | None = None


class TerrainChart(Document):
    kind: Literal["terrain"] = "terrain"
    terrain: dict[Id, TerrainType]
    hexsides: dict[Id, TerrainType] = Field(default_factory=dict)
    features: dict[Id, TerrainType] = Field(default_factory=dict)


# --------------------------------------------------------------------------- counters


class UnitType(Entry):
    name: str
    mobility: Id = Field(description="movement class used by the terrain chart")
    tags: list[Id] = Field(default_factory=list)
    stacking: float = Field(1.0, ge=0, description="stacking weight")


class Face(Entry):
    """The printed values of one step (or of one hidden face drawn from a pool)."""

    values: dict[str, float]
    label: str | None = None
    count: int = Field(1, ge=0, description="in a pool: how many such counters")
    from_turn: int | None = Field(
        None, ge=1, description="a step the counter has only from this game turn on (PMD 15.1)"
    )


class Counter(Entry):
    side: Id
    type: Id
    name: str
    formation: Id | None = Field(None, description="parent formation, e.g. a regiment's division")
    steps: list[Face] = Field(
        min_length=1, description="full strength first; each step loss moves one face down"
    )
    step_value: float = Field(1.0, gt=0, description="what one step counts towards losses (0.5)")
    untried: Id | None = Field(None, description="pool id: strengths hidden until revealed")


class Pool(Entry):
    """Hidden faces drawn at random at the instant of revelation (PGG 12.1, PMD 2.4.9)."""

    side: Id
    faces: list[Face]


REMOVAL = r"^(phase:[A-Za-z0-9_.-]+|move|retreat|end-of-turn|hook)$"
"""What may remove a marker (``MarkerType.removed_by``)."""


class MarkerType(Entry):
    """A kind of marker: on a location (air interdiction) or on a unit (disrupted, out of
    supply), with who sees it and what removes it (see :mod:`wargame.markers`)."""

    name: str
    count: int = Field(1, ge=0)
    side: Id | None = None
    on: Literal["location", "unit"] = Field(
        "location", description="what the marker sits on; the kernel keeps unit markers"
    )
    seen_by: Literal["all", "owner"] = Field(
        "all", description="owner: absent from the other sides' views"
    )
    removed_by: list[Annotated[str, Field(pattern=REMOVAL)]] = Field(
        default_factory=list,
        description='what removes it: "phase:ID" (at the start of the owner\'s phase of that '
        'id), "move", "retreat", "end-of-turn", or "hook" (the title\'s rules remove it)',
    )
    removal_rule: str | None = Field(None, description="the rule that removes it, for events")
    mark: str | None = Field(None, description="a short label drawn on the counter")


class Counters(Document):
    kind: Literal["counters"] = "counters"
    unit_types: dict[Id, UnitType]
    counters: dict[Id, Counter]
    pools: dict[Id, Pool] = Field(default_factory=dict)
    markers: dict[Id, MarkerType] = Field(default_factory=dict)


# --------------------------------------------------------------------------- combat tables


EdgeName = Literal["clamp", "auto", "error", "edge", "split"]


class EdgeSpec(Doc):
    """What happens beyond one end of a table (which policies a side allows depends on the kind:
    see :mod:`wargame.combat`)."""

    policy: EdgeName
    result: str | int | None = Field(None, description="the automatic result of policy 'auto'")
    rule: str | None = None


Edge = EdgeName | EdgeSpec


class ShiftCap(Doc):
    max: int = Field(ge=0, description="the most net columns of this group")
    rule: str | None = None


class TableSpec(Entry):
    """What every table kind shares. The kind's builder (:func:`wargame.combat.build_table`)
    checks what a schema cannot: columns contiguous, a result for every roll."""

    id: Id | None = Field(None, description="must equal the table's key when given")
    name: str | None = None
    rule: str | None = None
    notes: str | list[str] | None = None
    dice: str = Field(description="what to roll: '1d6', '2d6'")
    rolls: tuple[int, int] | None = Field(None, description="[lowest, highest] modified roll")
    rolls_beyond: Edge | None = Field(None, description="a modified roll off the table")
    results: dict[str, list[str | int] | dict[str, str | int]] = Field(
        description="column label -> one result per roll (a list, or {roll: result})"
    )
    below: Edge | None = Field(None, description="beyond the first column")
    above: Edge | None = Field(None, description="beyond the last column")
    shift_caps: dict[str, ShiftCap] = Field(
        default_factory=dict, description="group -> the most net columns its shifts may move"
    )
    shift_rule: str | None = None


class OddsTableSpec(TableSpec):
    """Odds ratios (PGG 9.5): columns '1-2', '1-1', '2-1'...; the attacker's total over the
    defender's, rounded by ``rounding``."""

    kind: Literal["odds"]
    columns: list[str]
    rounding: Literal["defender", "attacker", "nearest"]
    rounding_rule: str | None = None
    nearest_ties: Literal["defender", "attacker"] = "defender"
    shift_mode: Literal["column", "ratio"] = Field(
        description="'column': shifts move along the printed columns; 'ratio': along the "
        "unbounded ladder of odds (Barbarossa 11.25)"
    )
    zero_attack: Edge | None = Field(None, description="an attack of 0 (default 'error')")
    zero_defense: Edge | None = Field(None, description="a defense of 0 (default 'error')")


class DifferentialTableSpec(TableSpec):
    """Attack minus defense (Linkland 13.4): columns '-3', '+1..+2', '>=+7'."""

    kind: Literal["differential"]
    columns: list[str]
    rounding: Literal["defender", "attacker", "nearest"] = "defender"
    rounding_rule: str | None = None
    nearest_ties: Literal["defender", "attacker"] = "defender"
    shift_mode: Literal["column"] = "column"


class FireTableSpec(TableSpec):
    """A side's own fire total (DC 13.B.2): columns 1, 2, ... or '13..15', the last may be
    '>=N'; ``above`` 'split' splits a larger total into groups (DC 13.B.6)."""

    kind: Literal["fire"]
    columns: list[str | int]
    shift_mode: Literal["column"] = "column"


class OtherTableSpec(Entry):
    """A table of a kind a title registers (:func:`wargame.combat.register_table_kind`); its
    builder checks the whole spec when the title loads."""

    model_config = ConfigDict(extra="allow")
    kind: str
    name: str | None = None
    rule: str | None = None

    @model_validator(mode="after")
    def _not_a_kernel_kind(self) -> OtherTableSpec:
        if self.kind in KERNEL_TABLE_KINDS:  # a kernel kind is never checked loosely
            raise ValueError(f"not a valid '{self.kind}' table")
        return self


KERNEL_TABLE_KINDS: dict[str, type[TableSpec]] = {
    "odds": OddsTableSpec,
    "differential": DifferentialTableSpec,
    "fire": FireTableSpec,
}


def _table_kind(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return kind if kind in KERNEL_TABLE_KINDS else "other"


CombatTableSpec = Annotated[
    Annotated[OddsTableSpec, Tag("odds")]
    | Annotated[DifferentialTableSpec, Tag("differential")]
    | Annotated[FireTableSpec, Tag("fire")]
    | Annotated[OtherTableSpec, Tag("other")],
    Discriminator(_table_kind),
]
"""One table, checked field by field for the kernel's kinds."""


class Effect(Doc):
    """What a result does to one side; a title's hook handles anything richer (exchanges)."""

    eliminate: bool = False
    steps: float = Field(0, ge=0, description="steps to lose")
    retreat: int = Field(0, ge=0, description="hexes (or links) to retreat")
    steps_or_retreat: int = Field(
        0, ge=0, description="the owner takes each point as a step or a hex of retreat (PGG 9.65)"
    )


class ResultCode(Entry):
    name: str
    attacker: Effect | None = None
    defender: Effect | None = None
    advance: bool = Field(True, description="whether the winner may advance after (PGG 9.67: no)")
    rule: str | None = None


class CombatTables(Document):
    kind: Literal["combat-tables"] = "combat-tables"
    tables: dict[Id, CombatTableSpec]
    codes: dict[Id, ResultCode] = Field(default_factory=dict, description="result code meanings")


# --------------------------------------------------------------------------- calendar


class TurnSpec(Entry):
    label: str
    date: str | None = Field(None, description="as printed; 'YYYY-MM' is read as year and month")
    year: int | None = Field(None, description="the turn's year, when its date is not 'YYYY-MM'")
    month: int | None = Field(None, ge=1, le=12, description="the turn's month (1-12)")
    season: Id | None = Field(None, description="the turn's season, overriding the months'")
    tags: list[Id] = Field(default_factory=list)
    values: dict[str, Any] = Field(default_factory=dict)


class ScheduleEntry(Entry):
    """A reinforcement, withdrawal, replacement or event tied to a turn."""

    turn: int
    side: Id
    kind: Literal["reinforcement", "withdrawal", "replacement", "event"] = "reinforcement"
    units: list[Id] = Field(default_factory=list, description="counter ids")
    draw: dict[Id, int] = Field(default_factory=dict, description="untried draws: type -> count")
    at: list[Id] = Field(default_factory=list, description="locations or regions of entry")
    box: Id | None = Field(None, description="where these units wait (else the side's box)")
    note: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)


class Calendar(Document):
    """The turn track (wargame.calendar reads it: date, season, weather zone, first turn)."""

    kind: Literal["calendar"] = "calendar"
    turns: dict[str, TurnSpec]
    seasons: dict[Id, list[int]] = Field(
        default_factory=dict, description="season -> its months (1-12), for turns without one"
    )
    weather_zones: list[Id] = Field(
        default_factory=list, description="the map regions that each have their own weather"
    )
    schedule: dict[Id, ScheduleEntry] = Field(default_factory=dict)


# --------------------------------------------------------------------------- scenario


class Placement(Entry):
    side: Id
    units: list[Id] = Field(default_factory=list, description="counter ids")
    draw: dict[Id, int] = Field(default_factory=dict, description="untried draws: type -> count")
    at: list[Id] = Field(min_length=1, description="locations or regions; several = player's pick")
    note: str | None = None


class Places(Doc):
    """Locations a victory condition names: ids and regions, together."""

    hexes: list[Id] = Field(default_factory=list, description="location ids")
    locations: list[Id] = Field(default_factory=list, description="location ids")
    region: Id | None = Field(None, description="a region of the map")
    regions: list[Id] = Field(default_factory=list, description="regions of the map")
    level: str = Field("decisive", description="the level of the victory it gives")


class HoldParams(Places):
    """``hold``: at the end, the side holding every location wins (with ``side``: that side
    wins if it does, else ``default`` or its enemy)."""

    default: Id | None = Field(None, description="the winner when nobody holds them all")


class VpParams(Places):
    """``vp``: at the end, ``side`` wins when the VP of the objectives it holds (those named,
    else all) reach ``needed``; otherwise its enemy."""

    needed: float = Field(description="VP of held objectives the side needs")


class SuddenDeathParams(Places):
    """``sudden-death``: ``side`` wins at once when it holds the locations."""

    all: bool = Field(True, description="every location (false: any one)")


class ThresholdParams(Doc):
    """``threshold``: at each check, ``side`` wins when the VP counted reach ``needed`` (or, with
    ``at_most``, fall to it): a fixed number, or one the calendar gives the turn."""

    needed: float | None = Field(None, description="VP (or net VP) that win at a check")
    needed_from: str | None = Field(
        None,
        description="instead: the key in the turn's calendar values holding the number, or with "
        "'table' a dotted path in that table's entries where '{turn}' is the turn number (no "
        "check on a turn without it)",
    )
    table: Id | None = Field(
        None, description="with needed_from: the table document holding the numbers"
    )
    index: int | None = Field(
        None, ge=0, description="with needed_from: the position in a list of numbers there"
    )
    of: Id | None = Field(None, description="whose VP count (default: the condition's side)")
    net: bool = Field(False, description="count that side's VP less its enemy's")
    at_most: bool = Field(False, description="win when the count is at or below the number")
    level: str = "decisive"
    text: str | None = Field(
        None,
        description="the outcome's text, with {have}, {needed}, {turn}, {side} and {of} filled "
        "in (default: e.g. 'Blue VP 10 >= 10: Blue wins')",
    )

    @model_validator(mode="after")
    def _one_number(self) -> ThresholdParams:
        if (self.needed is None) == (self.needed_from is None):
            raise ValueError("give 'needed' or 'needed_from', not both")
        return self


class LevelsParams(Doc):
    """``vp-levels``: at the end, the level for the side's net VP."""

    table: Id | None = Field(
        None,
        description="a table document whose 'level' entries are the levels (default: "
        "mechanic_options.victory.levels)",
    )


VICTORY_KINDS: dict[str, type[Doc]] = {
    "hold": HoldParams,
    "vp": VpParams,
    "sudden-death": SuddenDeathParams,
    "threshold": ThresholdParams,
    "vp-levels": LevelsParams,
}
"""Victory condition kind -> its params, judged by the ``victory`` mechanic; other kinds are a
title's own."""


class VictoryCondition(Entry):
    """A way to win. The kinds of :data:`VICTORY_KINDS` have checked params (unknown keys are
    errors) and are judged by the ``victory`` mechanic; others are read by the title's rules."""

    kind: Id
    side: Id | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    rule: str | None = None

    @model_validator(mode="after")
    def _known_params(self) -> VictoryCondition:
        model = VICTORY_KINDS.get(self.kind)
        if model is not None:
            model.model_validate(self.params, strict=True)
            if self.kind in ("vp", "sudden-death", "threshold") and not self.side:
                raise ValueError(f"a '{self.kind}' condition names its 'side'")
        return self


class Scenario(Document):
    kind: Literal["scenario"] = "scenario"
    name: str
    first_turn: int = 1
    last_turn: int
    setup: dict[Id, Placement] = Field(default_factory=dict)
    options: dict[Id, bool] = Field(default_factory=dict, description="special rules on/off")
    victory: dict[Id, VictoryCondition] = Field(default_factory=dict)
    control: dict[Id, list[Id]] = Field(
        default_factory=dict, description="side -> regions or locations it controls at start"
    )
    vars: dict[str, Any] = Field(default_factory=dict, description="title state at start")


class Table(Document):
    """A free-form title table (VP schedules, weather, replacement charts) with entries."""

    kind: Literal["table"] = "table"
    name: str
    rule: str | None = None
    entries: dict[Id, dict[str, Any]]


DOCUMENT_MODELS: dict[str, type[Document]] = {
    "title": TitleManifest,
    "hex-map": HexMap,
    "network-map": NetworkMap,
    "terrain": TerrainChart,
    "counters": Counters,
    "combat-tables": CombatTables,
    "calendar": Calendar,
    "scenario": Scenario,
    "table": Table,
}
"""Document kind -> model. The kind is the ``kind`` field of every document."""
