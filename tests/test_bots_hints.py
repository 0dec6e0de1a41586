"""Titles advise the heuristic bot through ``wargame_bot_hints``: the kernel merges the answers
(objectives, replacing the derived ones, aggression, where units would be in supply), and
Panzergruppe Guderian answers with its Victory Point Schedule (15.11) and its own supply lines
(11.1-11.2), which agree with the title's supply rules unit by unit."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from wargame.bots import (
    OUT_OF_SUPPLY,
    HeuristicBot,
    RandomBot,
    derived_objectives,
    hints,
    play,
)
from wargame.games.panzergruppe_guderian import hints as pgg_hints
from wargame.games.panzergruppe_guderian import supply, victory
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import supply as kernel_supply
from wargame.plugins import Registry, Title


class Advice:
    def __init__(self, answer: dict[str, Any], side: str = "blue") -> None:
        self.answer = answer
        self.side = side

    @hookimpl
    def wargame_bot_hints(self, match: Match, side: str) -> dict[str, Any]:
        return self.answer if side == self.side else {}


# ----------------------------------------------------------------------------- the kernel


def test_supply_advice_replaces_the_bot_s_own_trace(hexland: Title) -> None:
    match = Match(hexland, seed=1)
    bot = HeuristicBot(1)
    assert bot.plan(match, "blue").supplied is None  # Hexland traces no supply for the bot
    match.pm.register(Advice({"supplied": ["0101", "entry:red"]}))
    match.pm.register(Advice({"supplied": ["0102"], "aggression": 1.5}))
    merged = hints(match, "blue")
    expected = frozenset({"0101", "0102", *match.topology.region("entry:red")})
    assert merged["supplied"] == expected
    assert merged["aggression"] == 1.5
    plan = bot.plan(match, "blue")
    assert plan.supplied == expected
    # ending a move out of the advised supply costs OUT_OF_SUPPLY a unit; in it, nothing
    blind = dataclasses.replace(plan, supplied=None)
    for loc, cost in (("0101", 0.0), ("0103", OUT_OF_SUPPLY)):
        assert bot._place_value(blind, loc, 2) - bot._place_value(plan, loc, 2) == 2 * cost
    assert hints(match, "red")["supplied"] is None  # no answer for red: the bot's own trace


def test_without_supply_advice_the_plan_keeps_the_kernel_trace(registry: Registry) -> None:
    match = Match(registry.get("linkland"), seed=1)
    plan = HeuristicBot(1).plan(match, match.sides[0])
    assert hints(match, match.sides[0])["supplied"] is None
    assert plan.supplied == kernel_supply.ADVICE.supplied(match, match.sides[0])


# ----------------------------------------------------------------------------- PGG


@pytest.fixture(scope="module")
def pgg(registry: Registry) -> Title:
    return registry.get("pgg")


def test_pgg_objectives_are_the_victory_point_schedule(pgg: Title) -> None:
    match = Match(pgg, seed=1)
    for side in match.sides:
        advice = hints(match, side)
        assert advice["replace_objectives"]
        objectives = advice["objectives"]
        smolensk = match.topology.region("city:smolensk")
        assert smolensk and all(objectives[h] == 25 for h in smolensk)  # PGG 15.11
        expected = {h: float(o.vp) for o in victory.objectives(match) for h in o.hexes}
        assert objectives == expected
        plan = HeuristicBot(1).plan(match, side)
        assert set(plan.objectives) == set(expected)
        assert max(plan.objectives.values()) == 1.0
        assert plan.objectives[min(smolensk)] == 1.0  # Smolensk is worth most
    # the generic reading of the data finds the same hexes: the advice makes it authoritative
    assert set(derived_objectives(match)) == set(pgg_hints.objectives(match))


def positions(title: Title) -> Iterator[Match]:
    """Two seeded games of random play, at a few moments each."""
    for seed in (1, 2):
        match = Match(title, seed=seed)
        bots = {side: RandomBot(seed * 10 + k) for k, side in enumerate(match.sides)}
        for stop in (120, 240):
            play(match, bots, max_actions=stop - len(match.history))
            yield match


def test_pgg_supply_advice_agrees_with_the_title_s_supply_rules(pgg: Title) -> None:
    """Every unit the title finds in supply stands where the advice says a unit would be in
    supply; nearly every unit out of supply stands outside it (a hex next to a line is counted
    in, which can be one hex too generous at the end of a line)."""
    out_inside = out_total = supplied_total = 0
    for match in positions(pgg):
        for side in match.sides:
            advised = set(pgg_hints.supplied(match, side))
            assert advised == set(hints(match, side)["supplied"])
            assert HeuristicBot(1).plan(match, side).supplied == frozenset(advised)
            for unit in match.units_of(side):
                loc = unit.loc
                if (
                    loc is None
                    or not supply.on_map(unit)
                    or supply.is_leader(match, unit)
                    or supply.entered_now(match, unit)
                ):
                    continue
                if supply.in_supply(match, unit):
                    supplied_total += 1
                    assert loc in advised, (side, unit.id, loc, match.history[-1])
                else:
                    out_total += 1
                    out_inside += loc in advised
            assert not advised & {
                loc for loc in match.occupied() if match.side_at(loc) != side
            }  # never where the enemy stands
    assert supplied_total > 20 and out_total > 20
    assert out_inside <= out_total // 10


def test_pgg_german_supply_starts_at_0120_and_follows_the_roads(pgg: Title) -> None:
    """PGG 11.11-11.13: 0120 itself, and every road hex joined to it by an uncut road."""
    for match in positions(pgg):
        advised = set(pgg_hints.supplied(match, "german"))
        graph = match.topology.graph()
        road = {graph.ids[n] for n in supply.german_road(match).dist}
        assert road <= advised
        if match.side_at(supply.GERMAN_SOURCE) is None:
            assert supply.GERMAN_SOURCE in road
