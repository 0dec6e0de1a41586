"""Wiring fails loudly: a misspelt hook, a title id or verb registered twice, a mechanic without
the mechanics it needs, an unknown setting, a malformed combat table or modifier are errors that
name what is wrong, at load, never a silent replacement or a crash in the middle of a game."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest

from tests.titles.hexland import plugin as hexland_plugin
from tests.titles.variants import make_variant
from wargame.actions import Action, Decision
from wargame.combat import MODIFIER_OPS, Modifier
from wargame.errors import DataError, UsageError, WargameError
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.models import SETTINGS, MechanicOptions
from wargame.plugins import GameDef, Verb, collect_verbs, discover, plugin_manager
from wargame.schemagen import schema_for


def plugin(name: str, **hooks: Any) -> types.ModuleType:
    """A plugin module holding ``hooks`` (functions marked as implementations)."""
    module = types.ModuleType(name)
    for hook, function in hooks.items():
        setattr(module, hook, hookimpl(function))
    return module


# ----------------------------------------------------------------------------- hooks


def test_a_misspelt_hook_is_an_error_naming_it() -> None:
    typo = plugin("typo", wargame_phase_strat=lambda match, phase: None)
    with pytest.raises(WargameError, match="wargame_phase_strat"):
        plugin_manager([typo])


def test_a_misspelt_hook_in_a_titles_rules_stops_it_loading(tmp_path: Path) -> None:
    typo = plugin("typo", wargame_movment_allowance=lambda match, unit: 0)
    with pytest.raises(WargameError, match="wargame_movment_allowance"):
        make_variant(tmp_path, rules=[typo])


def test_correctly_named_hooks_pass_the_check(hexland: Any) -> None:
    assert Match(hexland).pm.get_plugins()


# ----------------------------------------------------------------------------- titles


def test_a_duplicate_title_id_is_an_error_not_a_replacement() -> None:
    other = plugin(
        "other_hexland",
        wargame_register_games=lambda: [GameDef("hexland", Path("/nowhere"), ())],
    )
    registry = discover(extra=[hexland_plugin, other])
    assert any("'hexland' is registered twice" in p for p in registry.problems)
    with pytest.raises(UsageError, match="registered more than once"):
        registry.get("hexland")
    with pytest.raises(UsageError, match="unknown title"):
        registry.get("hl")  # the alias went with it: no half-registered title
    assert "panzergruppe-guderian" in registry.titles  # the others still load


def test_a_title_registered_once_loads(registry: Any) -> None:
    assert registry.get("hexland").id == "hexland"
    assert not registry.clashes


# ----------------------------------------------------------------------------- verbs


class Hold(Verb):
    name = "hold"
    kinds = ("movement",)

    def __init__(self, tag: str) -> None:
        self.tag = tag

    def legal(self, match: Match, decision: Decision) -> list[Action]:
        return []


def test_a_titles_verb_beats_a_mechanics_of_the_same_name() -> None:
    mechanic = plugin("mech", wargame_verbs=lambda: [Hold("mechanic")])
    rules = plugin("rules", wargame_verbs=lambda: [Hold("title")])
    for order in ([mechanic, rules], [rules, mechanic]):
        pm = plugin_manager(order)
        verb = collect_verbs(pm, mechanics=[mechanic])["hold"]
        assert isinstance(verb, Hold) and verb.tag == "title"


def test_a_mechanics_verb_beats_the_kernels() -> None:
    from wargame import builtin

    mechanic = plugin("mech", wargame_verbs=lambda: [Hold("end")])
    Hold.name = "end"
    try:
        verbs = collect_verbs(plugin_manager([builtin, mechanic]), mechanics=[mechanic])
    finally:
        Hold.name = "hold"
    assert isinstance(verbs["end"], Hold)


def test_one_verb_name_in_two_mechanics_is_an_error() -> None:
    one = plugin("one", wargame_verbs=lambda: [Hold("one")])
    two = plugin("two", wargame_verbs=lambda: [Hold("two")])
    with pytest.raises(WargameError, match="'hold' is offered by both (two and one|one and two)"):
        collect_verbs(plugin_manager([one, two]), mechanics=[one, two])


def test_a_match_keeps_every_verb_of_its_title(hexland: Any) -> None:
    verbs = Match(hexland).verbs
    assert {"end", "move", "overrun", "attack", "lose", "retreat", "advance"} <= set(verbs)


# ----------------------------------------------------------------------------- REQUIRES


def test_hexland_without_step_losses_does_not_load(tmp_path: Path) -> None:
    """Without step-losses, 24 of 30 random Hexland games stuck on a loss decision no verb
    answered; now the title is refused at load, naming what is missing and why."""
    mechanics = ["deploy", "reinforcements", "movement", "rigid-zoc", "overrun", "combat"]
    with pytest.raises(DataError) as err:
        make_variant(tmp_path, mechanics=[*mechanics, "retreat-advance"])
    text = str(err.value)
    assert "title.json: /mechanics: mechanic 'combat' requires 'step-losses'" in text
    assert "owner's decisions" in text


def test_an_overrun_needs_movement_and_combat(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        make_variant(tmp_path, mechanics=["overrun"])
    assert "'overrun' requires 'movement'" in str(err.value)
    assert "'overrun' requires 'combat'" in str(err.value)


def test_a_title_with_what_its_mechanics_need_loads(tmp_path: Path) -> None:
    title = make_variant(
        tmp_path, mechanics=["movement", "combat", "step-losses", "retreat-advance"]
    )
    assert title.manifest.mechanics[-1] == "retreat-advance"


# ----------------------------------------------------------------------------- settings


def test_an_unknown_setting_is_an_error_naming_the_file_and_the_key(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        make_variant(tmp_path, options={"combat": {"tabel": "crt"}})
    text = str(err.value)
    assert "title.json: /mechanic_options/combat/tabel" in text
    assert "did you mean 'table'" in text


def test_a_setting_of_the_wrong_type_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="/mechanic_options/retreat/chooser"):
        make_variant(tmp_path, options={"retreat": {"chooser": "defender"}})


def test_settings_for_no_known_mechanic_are_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        make_variant(tmp_path, options={"stacknig": {"limit": 2}})
    assert "/mechanic_options/stacknig: 'stacknig' is not a mechanic of this title" in str(
        err.value
    )
    assert "did you mean 'stacking'" in str(err.value)


def test_a_titles_own_mechanic_checks_its_own_settings(tmp_path: Path) -> None:
    from pydantic import BaseModel, ConfigDict

    class Settings(BaseModel):
        model_config = ConfigDict(extra="forbid")
        depth: int = 1

    own = types.ModuleType("own_mechanic_for_test")
    own.Settings = Settings  # type: ignore[attr-defined]
    import sys

    sys.modules[own.__name__] = own
    try:
        base = ["movement", "combat", "step-losses", "retreat-advance", own.__name__]
        make_variant(tmp_path, mechanics=base, options={own.__name__: {"depth": 2}}, name="a")
        with pytest.raises(DataError, match="deep"):
            make_variant(tmp_path, mechanics=base, options={own.__name__: {"deep": 2}}, name="b")
    finally:
        del sys.modules[own.__name__]


def test_every_shared_mechanics_settings_are_in_the_title_schema() -> None:
    schema = schema_for("title")
    options = schema["$defs"]["MechanicOptions"]["properties"]
    assert set(options) == set(SETTINGS)
    for key, (_, model) in SETTINGS.items():
        definition = schema["$defs"][model.__name__]
        assert definition["additionalProperties"] is False, key
        assert definition["description"], key  # what the settings are for
    overrun = schema["$defs"]["OverrunSettings"]["properties"]
    assert overrun["from_locked"]["default"] is True
    assert "continue" in overrun  # written as in title.json


def test_the_settings_of_every_built_in_title_validate(registry: Any) -> None:
    for title in registry.titles.values():
        MechanicOptions.model_validate(title.manifest.mechanic_options)


# ----------------------------------------------------------------------------- combat tables


def test_an_unknown_field_of_an_odds_table_is_a_load_error(tmp_path: Path) -> None:
    def edit(docs: dict[str, dict[str, Any]]) -> None:
        docs["combat-tables"]["tables"]["crt"]["roundng"] = "defender"

    with pytest.raises(DataError) as err:
        make_variant(tmp_path, edit=edit)
    assert "crt.json: /tables/crt/roundng: 'roundng' is not allowed here" in str(err.value)


def test_a_bad_value_in_a_table_is_explained_for_its_own_kind(tmp_path: Path) -> None:
    def edit(docs: dict[str, dict[str, Any]]) -> None:
        docs["combat-tables"]["tables"]["crt"]["rounding"] = "up"

    with pytest.raises(DataError) as err:
        make_variant(tmp_path, edit=edit)
    lines = str(err.value).splitlines()
    assert len(lines) == 1, lines  # not one complaint per table kind
    assert "/tables/crt/rounding: expected one of 'defender', 'attacker', 'nearest'" in lines[0]


def test_a_table_of_a_registered_kind_is_checked_by_its_builder(tmp_path: Path) -> None:
    def edit(docs: dict[str, dict[str, Any]]) -> None:
        docs["combat-tables"]["tables"]["crt"] = {"kind": "lottery", "dice": "1d6"}

    with pytest.raises(DataError, match="unknown kind 'lottery'"):
        make_variant(tmp_path, edit=edit)


def test_an_unknown_modifier_op_is_refused_when_made_not_mid_battle() -> None:
    with pytest.raises(ValueError, match="unknown modifier op 'tripple'"):
        Modifier("attack", "tripple", 3)  # type: ignore[arg-type]
    assert {Modifier("attack", op, 1).op for op in MODIFIER_OPS} == set(MODIFIER_OPS)


# ----------------------------------------------------------------------------- state


def test_each_plugin_keeps_its_state_in_its_own_namespace(hexland: Any) -> None:
    """The kernel's combat keeps its battle in ``ns("combat")`` and Dark Crusade's combat keeps
    its own in ``ns("dc-combat")``: the two can never clash on a key."""
    from wargame.state import State

    match = Match(hexland)
    match.state.ns("combat")["battle"] = {"id": "b1"}
    match.state.ns("dc-combat")["battle"] = {"id": "a title's own"}
    saved = match.state.to_json()
    assert saved["plugins"] == {
        "combat": {"battle": {"id": "b1"}},
        "dc-combat": {"battle": {"id": "a title's own"}},
    }
    assert "battle" not in saved["vars"]
    back = State.from_json(saved)
    assert back.ns("combat") == {"battle": {"id": "b1"}}
    assert back.ns("dc-combat") == {"battle": {"id": "a title's own"}}


def test_asking_for_an_empty_namespace_changes_no_hash(hexland: Any) -> None:
    match = Match(hexland)
    before = match.state_hash()
    assert match.state.ns("nobody") == {}
    assert match.state_hash() == before
    assert "plugins" not in match.state.to_json()


@pytest.mark.parametrize(
    "text", ["plain", "Kraków", "line\nbreak", "bell\x07", "back\\u00e9slash", "\u2028", "🂡"]
)
def test_canonical_json_keeps_text_as_it_is(text: str) -> None:
    """State hashes and save checksums read UTF-8 text unescaped, however it is written fast."""
    import json

    from wargame.state import canonical

    data = {"b": [text, 1.5, None], "a": {text: True}}
    expected = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical(data) == expected.encode()


def test_every_shared_mechanic_declares_what_it_requires() -> None:
    import importlib

    from wargame.plugins import MECHANICS

    for name, module_name in MECHANICS.items():
        module = importlib.import_module(module_name)
        requires = module.REQUIRES
        assert isinstance(requires, dict), name
        assert set(requires) <= set(MECHANICS) - {name}, name
        assert all(why for why in requires.values()), name  # each need says why
