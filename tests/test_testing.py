"""wargame.testing, the pytest plugin for title authors: its fixtures are there without a
conftest, a refusal is checked with its rule and an unchanged match, forced dice are used in
order, and the conformance check passes a good title and catches a broken one."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.plugins import Registry, Title
from wargame.testing import (
    conformance,
    force_rolls,
    put,
    refused,
    scenario_for,
    secret_parts,
    to_phase,
    view_problems,
)

pytest_plugins = ["pytester"]


def test_the_plugins_fixtures_give_installed_titles(
    wargame_registry: Registry, wargame_title: Callable[[str], Title]
) -> None:
    assert wargame_title("pgg").id == "panzergruppe-guderian"
    assert "dark-crusade" in wargame_registry.ids()


def test_the_plugin_is_installed_for_any_test_suite(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        def test_a_title_authors_test(wargame_title):
            assert wargame_title("dc").id == "dark-crusade"
        """
    )
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_refused_checks_the_reason_the_rule_and_that_nothing_changed(hexland: Title) -> None:
    match = Match(hexland)
    to_phase(match, "blue", "movement")
    message = refused(match, "move 9-inf 0305 0405", "no unit 9-inf")
    assert "9-inf" in message
    with pytest.raises(AssertionError, match="cites no HL 99"):
        refused(match, "move 9-inf 0305 0405", rule="HL 99")
    with pytest.raises(AssertionError, match="is legal"):
        refused(match, "end")


def test_forced_rolls_come_first_then_the_given_value(tmp_path: Any) -> None:
    match = Match(make_variant(tmp_path, sequence=SIMPLE_SEQUENCE))
    queue = force_rolls(match, 3, 5, then=2)
    assert [match.roll("1d6", "test") for _ in range(4)] == [3, 5, 2, 2]
    assert queue == []


def test_forced_rolls_may_be_only_those_citing_a_rule(tmp_path: Any) -> None:
    match = Match(make_variant(tmp_path, sequence=SIMPLE_SEQUENCE))
    force_rolls(match, 6, 6, only="HL 14.1")
    seeded = Match(make_variant(tmp_path, sequence=SIMPLE_SEQUENCE, name="same"))
    assert match.roll("1d6", "combat", "HL 9.1") == seeded.roll("1d6", "combat", "HL 9.1")
    assert match.roll("1d6", "arrival", "HL 14.1") == 6


def test_put_places_a_unit_with_flags_and_declared_markers(hexland: Title) -> None:
    match = Match(hexland)
    unit = put(match, next(iter(match.state.units)), "0305", disrupted=True, seen=1)
    assert unit.loc == "0305" and unit.flags["seen"] == 1
    assert "disrupted" in unit.markers  # a declared marker, placed as one


def test_conformance_passes_a_title_that_keeps_the_promises(hexland: Title) -> None:
    assert conformance(hexland, seeds=[0]) == []


def test_conformance_catches_a_title_that_leaks_a_secret(tmp_path: Any) -> None:
    import types

    from wargame.hookspecs import hookimpl

    leaky = types.ModuleType("leaky")

    def wargame_setup(match: Match) -> None:
        match.state.secrets["red"] = {"plan": "the capital"}

    def wargame_view(match: Match, side: str | None, view: dict[str, Any]) -> None:
        view["leak"] = dict(match.state.secrets["red"])

    leaky.wargame_setup = hookimpl(wargame_setup)  # type: ignore[attr-defined]
    leaky.wargame_view = hookimpl(wargame_view)  # type: ignore[attr-defined]
    problems = conformance(make_variant(tmp_path, rules=[leaky]), seeds=[0], view_stride=50)
    assert any("shows red's secrets" in p for p in problems)


class _Gossip:
    """A view hook that lets out one part of red's secret: the marker id in red's plan."""

    @hookimpl
    def wargame_view(self, match: Match, side: str | None, view: dict[str, Any]) -> None:
        plan = match.state.secrets.get("red", {}).get("plan", {})
        if side == "blue" and plan:
            view["rumour"] = f"red lays {plan['marker']} somewhere"


def test_view_problems_catch_a_part_of_a_secret_not_only_the_whole(hexland: Title) -> None:
    """A leaf of another side's secret specific enough to be an id (a unit or a marker id) that
    the view names, and would not name without the secret, is a leak; a unit id the view names
    anyway (a unit on the map) is not; plain words and numbers are not parts."""
    match = Match(hexland, seed=2)
    seen = next(u.id for u in match.units_of("red") if not match.is_untried(u))
    match.state.secrets["red"] = {"plan": {"marker": "ambush-7", "bait": seen, "strength": 3}}
    assert view_problems(match, "blue") == []  # the bait is on the map: public anyway
    assert secret_parts(match.state.secrets["red"]) == {"ambush-7", seen}
    match.pm.register(_Gossip())
    problems = view_problems(match, "blue")
    assert len(problems) == 1 and problems[0].endswith("shows parts of red's secrets: ambush-7")
    assert view_problems(match, "red") == []  # his own secret, in his own view
    del match.state.secrets["red"]["plan"]["bait"]  # the whole secret is not in the view either
    assert json.dumps(match.state.secrets["red"], sort_keys=True) not in json.dumps(
        match.view("blue"), sort_keys=True
    )
    assert "ambush-7" in "\n".join(view_problems(match, "blue"))


def test_seed_0_plays_the_default_scenario_then_seeds_take_the_others_in_turn(
    registry: Registry,
) -> None:
    """CI plays a single seed of Proud Monster Deluxe: it must be the scenario players get."""
    pmd = registry.get("proud-monster-deluxe")
    first = pmd.manifest.default_scenario
    others = sorted(set(pmd.scenarios) - {first})
    assert others, "PMD has several scenarios"
    played = [scenario_for(pmd, seed) for seed in range(2 * (len(others) + 1))]
    assert played == [first, *others] * 2
