"""Hooks that combine: movement-allowance modifiers and supply sources from every plugin add up
with their reasons, phase handlers run only for the phases they name, a title registers its own
combat table kinds by hook, and the bot's hints are typed."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest

from tests.test_combat import FixedTable
from tests.titles.variants import make_variant, simple_match
from wargame.combat import Modifier
from wargame.errors import DataError
from wargame.hookspecs import BotHints, SupplySource, hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import movement
from wargame.mechanics import supply as sup

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "supply"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1"], "at": ["1210"]},
}
SUPPLY = {"sources": {"blue": ["0101"], "red": ["1210"]}, "halve_movement": True, "rule": "HL 11"}


def rules(name: str, **hooks: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for hook, function in hooks.items():
        setattr(module, hook, hookimpl(function) if hook.startswith("wargame_") else function)
    return module


def weather(match: Match, unit: Any) -> list[Modifier]:
    return [Modifier("movement", "add", -1, "mud", "HL 7.2")]


def hq(match: Match, unit: Any) -> list[Modifier]:
    return [Modifier("movement", "add", 1, "an HQ within 3 hexes", "HL 10.1")]


def hexland(tmp_path: Path, *plugins: types.ModuleType, **kw: Any) -> Match:
    return simple_match(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"supply": SUPPLY},
        rules=plugins,
        **kw,
    )


def test_allowance_modifiers_of_every_plugin_add_up_with_their_reasons(tmp_path: Path) -> None:
    m = hexland(
        tmp_path,
        rules("weather", wargame_allowance_modifiers=weather),
        rules("hq", wargame_allowance_modifiers=hq),
    )
    unit = m.state.units["1-inf"]
    printed = m.unit_values(unit)["movement"]
    value, lines = movement.allowance_explained(m, unit)
    assert value == printed  # -1 and +1
    assert sorted(str(line.rule) for line in lines[1:]) == ["HL 10.1", "HL 7.2"]
    unit.flags["oos"] = True  # the supply mechanic halves it first, then the others add
    value, lines = movement.allowance_explained(m, unit)
    assert value == max(1, int(printed) // 2)
    assert lines[1].rule == "HL 11" and "out of supply" in lines[1].text


def test_without_modifiers_the_allowance_is_the_printed_value(tmp_path: Path) -> None:
    m = hexland(tmp_path)
    unit = m.state.units["1-inf"]
    assert movement.allowance_explained(m, unit) == (m.unit_values(unit)["movement"], [])


def test_supply_sources_combine_and_removals_win(tmp_path: Path) -> None:
    port = rules(
        "port",
        wargame_supply_sources=lambda match, side: (
            [SupplySource("0108", "a captured port", "HL 11.2")] if side == "blue" else []
        ),
    )
    cut = rules(
        "cut",
        wargame_supply_sources=lambda match, side: [
            SupplySource("0101", "the railhead is cut", "HL 11.3", remove=True)
        ],
    )
    m = hexland(tmp_path, port, cut)
    assert sup.sources(m, "blue") == ["0108"]
    assert sup.sources(m, "red") == ["1210"]


def test_phase_handlers_run_only_for_their_phases(tmp_path: Path) -> None:
    seen: list[tuple[str, str]] = []
    module = types.ModuleType("phases")
    module.on_movement = on_phase("start", kinds=("movement",))(  # type: ignore[attr-defined]
        lambda match, phase: seen.append(("movement", phase.id))
    )
    module.on_combat_end = on_phase("end", ids=("combat",))(  # type: ignore[attr-defined]
        lambda match, phase: seen.append(("combat-end", phase.id))
    )
    m = hexland(tmp_path, module)
    m.apply("end")  # Blue's movement -> combat
    m.apply("end")  # combat -> Red's movement
    assert seen == [("movement", "movement"), ("combat-end", "combat"), ("movement", "movement")]


def test_phase_handlers_may_name_the_phasing_side_or_every_other_phase(tmp_path: Path) -> None:
    """``phasing`` narrows a handler to one side's player turn; ``others`` runs it at every
    phase but those (LWE 6.3: every phase end but the German Movement Phase's)."""
    seen: list[tuple[str, str | None, str]] = []
    module = types.ModuleType("phases")
    module.blue_move = on_phase("end", kinds=("movement",), phasing="blue")(  # type: ignore[attr-defined]
        lambda match, phase: seen.append(("blue-move", match.phasing, phase.id))
    )
    module.rest = on_phase("end", kinds=("movement",), phasing="blue", others=True)(  # type: ignore[attr-defined]
        lambda match, phase: seen.append(("rest", match.phasing, phase.id))
    )
    module.red_any = on_phase("start", phasing="red")(  # type: ignore[attr-defined]
        lambda match, phase: seen.append(("red-start", match.phasing, phase.id))
    )
    m = hexland(tmp_path, module)
    for _ in range(4):  # Blue's movement and combat, Red's movement and combat
        m.apply("end")
    ends = [s for s in seen if s[0] != "red-start"]
    assert ends == [
        ("blue-move", "blue", "movement"),
        ("rest", "blue", "combat"),
        ("rest", "red", "movement"),
        ("rest", "red", "combat"),
    ]
    assert [s for s in seen if s[0] == "red-start"] == [
        ("red-start", "red", "movement"),
        ("red-start", "red", "combat"),
    ]


def test_phase_handlers_may_ask_to_run_last(tmp_path: Path) -> None:
    """A handler marked ``trylast`` runs after the others for its phase, whatever the order the
    plugins were registered in (Barbarossa 8.20 converts what the reinforcements brought)."""
    seen: list[str] = []
    module = types.ModuleType("phases")
    module.late = on_phase("start", kinds=("movement",), trylast=True)(  # type: ignore[attr-defined]
        lambda match, phase: seen.append("late")
    )
    module.early = on_phase("start", kinds=("movement",))(  # type: ignore[attr-defined]
        lambda match, phase: seen.append("early")
    )
    m = hexland(tmp_path, module)
    m.apply("end")
    m.apply("end")  # Red's movement starts
    assert seen[-2:] == ["early", "late"]


def test_a_table_kind_registered_by_hook_loads(tmp_path: Path) -> None:
    def fixed(docs: dict[str, dict[str, Any]]) -> None:
        docs["combat-tables"]["tables"]["crt"] = {"kind": "fixed", "codes": ["AE", "DE"]}

    kinds = rules("kinds", wargame_table_kinds=lambda: {"fixed": FixedTable})
    title = make_variant(tmp_path, edit=fixed, rules=[kinds], name="with-hook")
    assert title.doc("combat-tables")["tables"]["crt"]["kind"] == "fixed"


def test_a_table_of_a_kind_nobody_registers_is_a_load_error(tmp_path: Path) -> None:
    def lottery(docs: dict[str, dict[str, Any]]) -> None:
        docs["combat-tables"]["tables"]["crt"] = {"kind": "lottery-draw", "codes": ["AE"]}

    with pytest.raises(DataError, match="unknown kind 'lottery-draw'"):
        make_variant(tmp_path, edit=lottery)


def test_bot_hints_are_typed_and_an_unknown_key_is_an_error() -> None:
    hints = BotHints.of({"objectives": {"0505": 2.0}, "aggression": 1.5})
    assert hints == BotHints(objectives={"0505": 2.0}, aggression=1.5)
    assert BotHints.of(hints) is hints
    with pytest.raises(ValueError, match="unknown bot hint 'agression'"):
        BotHints.of({"agression": 1.0})


def test_typed_hints_reach_the_bot(tmp_path: Path) -> None:
    from wargame.bots import hints

    advice = rules(
        "advice",
        wargame_bot_hints=lambda match, side: BotHints(objectives={"0505": 3.0}, aggression=2),
    )
    m = hexland(tmp_path, advice)
    merged = hints(m, "blue")
    assert merged["objectives"]["0505"] == 3.0 and merged["aggression"] == 2


def test_a_removed_unit_leaves_the_map_without_a_death_and_the_rules_hear_it(
    tmp_path: Path,
) -> None:
    """``Match.remove`` (a withdrawal, a removal from the game): off the map, its flags and
    markers gone with it, ``wargame_unit_removed`` told where it stood; no elimination."""
    heard: list[tuple[str, str | None, dict[str, Any]]] = []
    died: list[str] = []
    m = hexland(
        tmp_path,
        rules(
            "leaving",
            wargame_unit_removed=lambda match, unit, before: heard.append(
                (unit.id, before.loc, dict(before.flags))
            ),
            wargame_unit_eliminated=lambda match, unit: died.append(unit.id),
        ),
    )
    unit = next(iter(m.state.units.values()))
    where = unit.loc
    unit.flags["dug-in"] = True
    m.remove(unit)
    assert unit.loc is None and unit.flags == {} and unit.markers == {}
    assert where is not None and unit.id not in [u.id for u in m.units_at(where)]
    assert heard == [(unit.id, where, {"setup": "b", "dug-in": True})]
    assert died == []
