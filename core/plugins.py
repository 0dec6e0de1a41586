"""Plugin discovery and the per-match plugin manager.

Titles are found through the ``wargame.games`` entry-point group, built-in ones exactly as a third
party's. A title that fails to import or whose data is invalid is reported by name and skipped;
the rest still load.

Wiring fails loudly: a hook implementation no spec names (a misspelt hook) is an error naming it;
two titles with one id (or alias) make that id an error, never a silent replacement; two
mechanics offering one verb are an error, and a title's own verb replaces a mechanic's; a
mechanic's ``REQUIRES`` (the mechanics whose decisions it relies on) and its settings are checked
when the title loads.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib.resources.abc import Traversable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

import pluggy

from wargame import hookspecs
from wargame.errors import DataError, UsageError, WargameError
from wargame.models import TitleManifest

if TYPE_CHECKING:
    from wargame.actions import Action, Decision
    from wargame.loader import TitleData
    from wargame.match import Battle, Match
    from wargame.topology import Topology

ENTRY_POINT_GROUP = "wargame.games"

MECHANICS: dict[str, str] = {
    "rigid-zoc": "wargame.mechanics.zoc",
    "no-zoc": "wargame.mechanics.nozoc",
    "movement": "wargame.mechanics.movement",
    "combat": "wargame.mechanics.combat",
    "step-losses": "wargame.mechanics.losses",
    "retreat-advance": "wargame.mechanics.retreat",
    "overrun": "wargame.mechanics.overrun",
    "untried": "wargame.mechanics.untried",
    "stacking": "wargame.mechanics.stacking",
    "deploy": "wargame.mechanics.deploy",
    "reinforcements": "wargame.mechanics.reinforcements",
    "supply": "wargame.mechanics.supply",
    "turn-track": "wargame.mechanics.turntrack",
    "phase-order": "wargame.mechanics.phaseorder",
    "control": "wargame.mechanics.control",
    "victory": "wargame.mechanics.victory",
    "paulus-pause": "wargame.mechanics.paulus",
    "strategic-movement": "wargame.mechanics.strategic",
    "terrain-effects": "wargame.mechanics.terrain",
    "attenuated-supply": "wargame.mechanics.attenuated",
    "supply-concentration": "wargame.mechanics.concentration",
    "sea-movement": "wargame.mechanics.seamove",
    "crossings": "wargame.mechanics.crossings",
    "air-support": "wargame.mechanics.airsupport",
}
"""Shared mechanics by name. A manifest may also name any importable module ('pkg.mod')."""


@dataclass(frozen=True)
class GameDef:
    """What a plugin package registers: a title id, its data folder and its rules plugins, each
    a module (or object) or a module's dotted name, imported when the title is first loaded (so
    registering a title costs no import of its rules)."""

    id: str
    data: Path | Traversable
    rules: tuple[object, ...] = ()


class Verb:
    """A kind of action. Subclasses list the legal actions for a decision, check one and apply it.

    ``kinds`` are the decision kinds where the verb may be used. ``check`` returns the reason an
    action is illegal (with its rule number) or None; ``apply`` may assume ``check`` passed.

    Choices come in levels: the **actors** that may act now (a unit, a stack written
    ``id,id``, a battle's target; ``actor(action)`` says whose an action is), then one actor's
    actions on demand (``legal_for``), so a client or a bot never needs the whole list. A verb
    implements either ``legal`` (the levels are then derived from it) or ``actors`` and
    ``legal_for`` natively (``legal`` is then their concatenation); a hot verb does the latter.
    ``actors`` may name an actor that turns out to have no action (the search finds no
    destination): ``legal_for`` then answers an empty list.
    """

    name: str = ""
    kinds: tuple[str, ...] = ()
    rare: bool = False
    """A choice a random player should seldom make: one that ends the game by declaration or
    agreement (a draw, a concession), so random playouts still reach the late game."""
    secret: bool = False
    """An action made in secret (PMD 15.12's pontoon bridge flip): its arguments are the acting
    side's secret, so another side's log shows only the verb (``wargame.web.seat.Lens``)."""

    def actor(self, action: Action) -> str:
        """Whose action this is: by default its first argument ('' for none)."""
        return action.args[0] if action.args else ""

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if type(self).legal_for is Verb.legal_for:
            return ()  # neither level implemented: no actions
        return [
            a
            for actor in self.actors(match, decision)
            for a in self.legal_for(match, decision, actor)
        ]

    def actors(self, match: Match, decision: Decision) -> Iterable[str]:
        return list(dict.fromkeys(self.actor(a) for a in self.legal(match, decision)))

    def legal_for(self, match: Match, decision: Decision, actor: str) -> Iterable[Action]:
        return [a for a in self.legal(match, decision) if self.actor(a) == actor]

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        legal = self.legal_for(match, decision, self.actor(action))
        return None if action in set(legal) else "not a legal choice now"

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    def describe(self, match: Match, action: Action) -> Battle | None:
        """The battle a legal ``action`` would fight, set up on ``match`` as ``apply`` sets it
        up but not fought, for :func:`wargame.pricing.price` (give a sandbox: an overrun first
        moves its units to the launch location, PGG 6.51). None: the action fights no battle,
        or the verb does not say (the web page then shows no odds for it)."""
        return None

    @property
    def native_levels(self) -> bool:
        """Whether the verb lists one actor's actions without listing everything."""
        return type(self).legal_for is not Verb.legal_for


def resolve_mechanic(name: str) -> ModuleType:
    module = MECHANICS.get(name, name)
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise UsageError(f"unknown mechanic {name!r}: {exc}") from None


def check_mechanics(manifest: TitleManifest, file: str) -> None:
    """Every mechanic a listed one ``REQUIRES`` is listed too, and every ``mechanic_options`` key
    names a shared mechanic's settings (checked by the manifest's model) or a listed mechanic of
    the title's own (checked by its module's ``Settings`` model, if it has one). Raises
    :class:`DataError` naming the file."""
    from wargame.errors import Problem
    from wargame.loader import suggest
    from wargame.models import SETTINGS

    problems: list[Problem] = []
    listed = list(manifest.mechanics)
    for name in listed:
        module = resolve_mechanic(name)
        requires = getattr(module, "REQUIRES", ())
        for needed in requires:
            if needed not in listed:
                why = requires.get(needed, "") if isinstance(requires, Mapping) else ""
                problems.append(
                    Problem(
                        file,
                        "/mechanics",
                        f"mechanic '{name}' requires '{needed}'{f' ({why})' if why else ''}: "
                        f'add it to "mechanics"',
                    )
                )
    given = manifest.mechanic_options
    for key in given:
        where = f"/mechanic_options/{key}"
        if key in SETTINGS:  # checked by the manifest's model (a variant may leave one unused)
            continue
        if key in listed and key not in MECHANICS:  # a title's own mechanic module
            model = getattr(resolve_mechanic(key), "Settings", None)
            if model is not None:
                try:
                    model.model_validate(given[key])
                except Exception as exc:  # pydantic's error: one line per field
                    problems.append(Problem(file, where, str(exc).replace("\n", "; ")))
            continue
        known = [*SETTINGS, *(m for m in listed if m not in MECHANICS)]
        problems.append(
            Problem(
                file,
                where,
                f"'{key}' is not a mechanic of this title{suggest(key, known)}; settings are "
                f"for: {', '.join(known)}",
            )
        )
    if problems:
        raise DataError(problems)


def collect_verbs(pm: pluggy.PluginManager, mechanics: Collection[object] = ()) -> dict[str, Verb]:
    """Every plugin's verbs by name. A title's verb replaces a shared mechanic's (``mechanics``)
    of the same name, and a mechanic's the kernel's; two plugins of one level offering one name
    (two mechanics) are an error, since one of them would silently never be used."""
    from wargame import builtin

    shared = {id(m) for m in mechanics}
    verbs: dict[str, Verb] = {}
    owners: dict[str, tuple[int, str]] = {}
    for impl in reversed(pm.hook.wargame_verbs.get_hookimpls()):  # call order: title first
        plugin = impl.plugin
        name = getattr(plugin, "__name__", None) or pm.get_name(plugin) or repr(plugin)
        level = 0 if plugin is builtin else 1 if id(plugin) in shared else 2
        offered = cast("Iterable[Verb]", impl.function() or ())
        for verb in offered:
            held = owners.get(verb.name)
            if held is not None and held[0] == level and held[1] != name:
                raise WargameError(
                    f"verb {verb.name!r} is offered by both {held[1]} and {name}; "
                    "rename one or leave one mechanic out"
                )
            if held is None or level > held[0]:
                verbs[verb.name] = verb
                owners[verb.name] = (level, name)
    return verbs


@dataclass
class Title:
    """A loaded title: its manifest, validated data and rules. Built once, shared by matches."""

    definition: GameDef
    manifest: TitleManifest
    data: TitleData
    shared: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Static data derived from the rules and map (movement cost tables), built by the first
    match that needs it and shared by every later one (see ``Match.shared``)."""

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def aliases(self) -> list[str]:
        return list(self.manifest.aliases)

    @property
    def sides(self) -> list[str]:
        return [s.id for s in self.manifest.sides]

    def doc(self, name: str) -> dict[str, Any]:
        """A merged data document as a plain dict (hot paths build from these)."""
        try:
            return self.data.raw[name]
        except KeyError:
            raise UsageError(f"title {self.id} has no data document {name!r}") from None

    @cached_property
    def topology(self) -> Topology:
        from wargame.hexgrid import HexGrid
        from wargame.network import PointNetwork

        doc = self.doc("map")
        if self.manifest.topology == "hex":
            return HexGrid.from_document(doc)
        return PointNetwork.from_document(doc)

    @cached_property
    def counters(self) -> dict[str, Any]:
        return self.doc("counters")

    @cached_property
    def scenarios(self) -> dict[str, dict[str, Any]]:
        return {doc["id"]: doc for doc in self.data.raw.values() if doc.get("kind") == "scenario"}

    def plugins(self) -> list[object]:
        """The plugins of one match, kernel first, title rules last (asked first)."""
        from wargame import builtin

        return [builtin, *self.mechanics(), *self.rules]

    @cached_property
    def rules(self) -> tuple[Any, ...]:
        """The title's rules plugins (dotted names imported)."""
        return tuple(
            importlib.import_module(r) if isinstance(r, str) else r for r in self.definition.rules
        )

    def mechanics(self) -> list[ModuleType]:
        """The shared mechanics the manifest lists, as plugin modules."""
        return [resolve_mechanic(m) for m in self.manifest.mechanics]

    def settings(self, mechanic: str) -> dict[str, Any]:
        """The title's settings for a mechanic, as written in title.json (checked at load by the
        mechanic's settings model, :data:`wargame.models.SETTINGS`)."""
        return self.manifest.mechanic_options.get(mechanic, {})


def plugin_manager(plugins: Sequence[object]) -> pluggy.PluginManager:
    """A match's plugin manager. A hook implementation that no spec names (a misspelt
    ``wargame_phase_strat``) is an error naming it, not a hook that silently never runs."""
    pm = pluggy.PluginManager("wargame")
    pm.add_hookspecs(hookspecs)
    for plugin in plugins:
        if not pm.is_registered(plugin):
            pm.register(plugin)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise WargameError(f"plugin {exc.plugin!r}: {exc}") from None
    return pm


def load_title(definition: GameDef, owner_dir: Path | None = None) -> Title:
    from wargame.loader import TitleData, load_document

    data_dir = definition.data
    manifest = load_document(data_dir / "title.json", kind="title")
    assert isinstance(manifest, TitleManifest)
    if manifest.id != definition.id:
        raise UsageError(f"title {definition.id}: title.json says id {manifest.id!r}")
    check_mechanics(manifest, str(data_dir / "title.json"))
    data = TitleData(data_dir, manifest.documents, title_id=manifest.id, owner_dir=owner_dir)
    title = Title(definition, manifest, data)
    try:
        title.rules  # noqa: B018 - import the rules now: a broken title fails when loaded
    except ImportError as exc:
        raise WargameError(f"rules failed to import: {exc}") from None
    register_table_kinds(title)
    check_tables(data)
    from wargame.validate import load_problems

    crossed = load_problems(data, manifest, str(data_dir / "title.json"))
    if crossed:
        raise DataError(crossed)
    from wargame import markers

    found = markers.problems(title)
    if found:
        raise DataError(found)
    return title


def register_table_kinds(title: Title) -> None:
    """The table kinds the title's plugins name (``wargame_table_kinds``), registered before
    its tables are built; a kind another title registered to another builder is an error."""
    from wargame.combat import register_table_kind

    pm = plugin_manager(title.plugins())
    for kinds in pm.hook.wargame_table_kinds():
        for kind, builder in (kinds or {}).items():
            try:
                register_table_kind(kind, builder)
            except ValueError as exc:
                raise WargameError(f"title {title.id}: {exc}") from None


def check_tables(data: TitleData) -> None:
    """Build every combat table once at load, so a bad table is a data error, not a mid-game
    crash. The schema checks a table's envelope; its kind checks the rest."""
    from wargame.combat import build_table
    from wargame.errors import Problem
    from wargame.loader import read_json

    problems = []
    for name, doc in data.raw.items():
        if doc.get("kind") != "combat-tables":
            continue
        for tid, spec in doc.get("tables", {}).items():
            try:
                build_table(spec, table_id=tid)
            except ValueError as exc:
                where = str(data.folder / data.documents.get(name, name))
                owner = data.owner_files.get(name)
                if owner is not None and tid in (read_json(owner)[0] or {}).get("tables", {}):
                    where = str(owner)  # the owner's transcription of this table is at fault
                problems.append(Problem(where, f"/tables/{tid}", str(exc)))
    if problems:
        raise DataError(problems)


class Registry:
    """The installed titles, found through entry points (and any extra plugins given).

    Lazy: registering a title reads only its manifest (for its id and aliases); its data is
    loaded and validated, and its rules modules imported, when it is first asked for
    (:meth:`get`), so ``wargame new pgg`` never loads Dark Crusade. :attr:`titles` loads them all.
    """

    def __init__(self, titles: Mapping[str, Title] | None = None) -> None:
        self._loaded: dict[str, Title] = {}
        self.pending: dict[str, tuple[GameDef, Path | None]] = {}
        """Title id -> what loads it, for titles registered but not loaded yet."""
        self.aliases: dict[str, str] = {}
        self.problems: list[str] = []
        self.failed: dict[str, str] = {}
        """Title id -> why it did not load (its problems): named by ``get`` and ``wargame games``."""
        self.clashes: dict[str, list[str]] = {}
        """A title id or alias registered more than once -> who registered it: an error to use."""
        self._sources: dict[str, str] = {}
        for title in (titles or {}).values():
            self._loaded[title.id] = title
            self._alias(title.id, title.aliases, "given")

    def ids(self) -> list[str]:
        """Every registered title id, loaded or not, sorted."""
        return sorted({*self._loaded, *self.pending})

    @property
    def titles(self) -> dict[str, Title]:
        """Every title that loads (loading each one not yet loaded; failures go to problems)."""
        for tid in list(self.pending):
            self._load(tid)
        return self._loaded

    def check_all(self) -> list[str]:
        """Load every title; the problems of those that do not load."""
        self.titles  # noqa: B018
        return list(self.problems)

    def add(self, definition: GameDef, owner_dir: Path | None = None, source: str = "") -> None:
        from wargame.loader import load_document

        source = source or f"data in {definition.data}"
        tid = definition.id
        if tid in self._loaded or tid in self.pending or tid in self.clashes:
            self._clash(tid, source)
            return
        try:
            manifest = load_document(definition.data / "title.json", kind="title")
        except WargameError as exc:
            self.fail(tid, f"title {tid} skipped: invalid data:\n{exc}")
            return
        assert isinstance(manifest, TitleManifest)
        self.pending[tid] = (definition, owner_dir)
        self._sources[tid] = source
        self._alias(tid, manifest.aliases, source)

    def _alias(self, tid: str, aliases: Iterable[str], source: str) -> None:
        for alias in aliases:
            if alias in self.aliases or alias in self._loaded or alias in self.pending:
                self._clash(alias, source)
            else:
                self.aliases[alias] = tid
                self._sources[alias] = source

    def _load(self, tid: str) -> Title | None:
        definition, owner_dir = self.pending.pop(tid)
        try:
            title = load_title(definition, owner_dir)
        except DataError as exc:
            self.fail(tid, f"title {tid} skipped: invalid data:\n{exc}")
            return None
        except WargameError as exc:
            self.fail(tid, f"title {tid} skipped: {exc}")
            return None
        self._loaded[tid] = title
        return title

    def fail(self, tid: str, problem: str) -> None:
        """Record that title ``tid`` did not load, and why."""
        self.failed[tid] = problem
        self.problems.append(problem)

    def _clash(self, name: str, source: str) -> None:
        first = self._sources.get(name, "another title")
        holders = self.clashes.setdefault(name, [first])
        holders.append(source)
        self._loaded.pop(name, None)
        self.pending.pop(name, None)
        self.aliases.pop(name, None)
        self.problems.append(f"title id {name!r} is registered twice ({', '.join(holders)})")

    def get(self, name: str) -> Title:
        """A title by id or alias, loaded on first use; a title whose data or rules fail to
        load is an error saying why."""
        if name in self.clashes:
            raise UsageError(
                f"title {name!r} is registered more than once ({', '.join(self.clashes[name])}): "
                "uninstall one"
            )
        key = self.aliases.get(name, name)
        if key in self.pending:
            self._load(key)
        if key in self.failed:
            raise UsageError(self.failed[key])
        if key not in self._loaded:
            known = ", ".join(self.ids()) or "none"
            raise UsageError(f"unknown title {name!r} (installed: {known})")
        return self._loaded[key]


def discover(extra: Iterable[object] = (), owner_dir: Path | None = None) -> Registry:
    """Load every title registered in the ``wargame.games`` entry-point group, plus ``extra``
    plugin objects (tests register their small titles this way)."""
    pm = pluggy.PluginManager("wargame")
    pm.add_hookspecs(hookspecs)
    registry = Registry()
    for ep in sorted(
        importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name
    ):
        try:
            pm.register(ep.load(), name=f"ep:{ep.name}")
        except Exception as exc:  # a broken third-party title must not stop the others
            registry.fail(ep.name, f"title {ep.name} skipped: import failed: {exc}")
    for plugin in extra:
        if not pm.is_registered(plugin):
            pm.register(plugin)
    for impl in pm.hook.wargame_register_games.get_hookimpls():
        source = pm.get_name(impl.plugin) or repr(impl.plugin)
        definitions = cast("Iterable[GameDef]", impl.function() or ())
        for definition in definitions:
            registry.add(definition, owner_dir, source)
    return registry
