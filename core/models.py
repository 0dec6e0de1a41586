"""The data documents of a title, as pydantic v2 models: the one source of truth.

The JSON Schemas in ``schemas/`` are generated from these models (``python -m wargame.schemagen``)
and every data file is validated against them when loaded. Collections are dicts keyed by id so
that an owner's data folder can be merged over the shipped data entry by entry.

Every entry carries provenance (DATA_POLICY): ``rulebook`` with the rule number, ``stand-in`` with a
note saying what it replaces, or ``owner`` for a player's transcription of a physical copy. An entry
without its own provenance inherits the document's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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


class TitleManifest(Document):
    kind: Literal["title"] = "title"
    name: str
    aliases: list[Id] = Field(default_factory=list)
    publisher: str | None = None
    topology: Literal["hex", "network"]
    sides: list[Side]
    documents: dict[str, str] = Field(description="document name -> file name in the data folder")
    mechanics: list[str] = Field(default_factory=list, description="shared mechanics used")
    mechanic_options: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="mechanic -> its settings (rule numbers, limits)"
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


class TerrainType(Entry):
    """Effects of a terrain type, a hexside feature or an in-hex feature. ``move`` maps a
    selector (a mobility class, a side id, ``side/class``, or ``*``) to a cost; null means the
    terrain is prohibited. ``combat`` and ``supply`` are read by the title's rules."""

    name: str
    move: dict[str, float | None] = Field(default_factory=dict)
    combat: dict[str, Any] = Field(default_factory=dict)
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


class MarkerType(Entry):
    name: str
    count: int = Field(1, ge=0)
    side: Id | None = None


class Counters(Document):
    kind: Literal["counters"] = "counters"
    unit_types: dict[Id, UnitType]
    counters: dict[Id, Counter]
    pools: dict[Id, Pool] = Field(default_factory=dict)
    markers: dict[Id, MarkerType] = Field(default_factory=dict)


# --------------------------------------------------------------------------- combat tables


class CombatTableSpec(Entry):
    """One table; the shape beyond ``kind`` depends on the kind (see wargame.combat)."""

    model_config = ConfigDict(extra="allow")
    kind: str
    name: str | None = None
    rule: str | None = None


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
    date: str | None = None
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
    note: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)


class Calendar(Document):
    kind: Literal["calendar"] = "calendar"
    turns: dict[str, TurnSpec]
    schedule: dict[Id, ScheduleEntry] = Field(default_factory=dict)


# --------------------------------------------------------------------------- scenario


class Placement(Entry):
    side: Id
    units: list[Id] = Field(default_factory=list, description="counter ids")
    draw: dict[Id, int] = Field(default_factory=dict, description="untried draws: type -> count")
    at: list[Id] = Field(min_length=1, description="locations or regions; several = player's pick")
    note: str | None = None


class VictoryCondition(Entry):
    kind: Id
    side: Id | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    rule: str | None = None


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
