"""Proud Monster Deluxe 1.3: the 1941 Free and 1942 Free scenarios (stand-in set-ups)."""

from __future__ import annotations

from functools import cache

import pytest

from tests.games.pmd_steps import end
from wargame.bots import RandomBot
from wargame.games.proud_monster_deluxe import plugin, reinforce, replacements
from wargame.games.proud_monster_deluxe.turns import ynn
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import refused, view_problems

KIEV, KHARKOV, MOSCOW, SEVASTOPOL, ODESSA = "2132", "3337", "4120", "2050", "1643"


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


@pytest.mark.parametrize("scenario", ["1941-free", "1942-free"])
def test_each_free_scenario_sets_up_and_plays_a_few_random_actions_1_3(scenario: str) -> None:
    match = Match(_title(), scenario, 5)
    assert match.decision is not None and match.decision.kind == "deploy"
    bot = RandomBot(5)
    for _ in range(12):
        match.apply(str(bot.choose(match)))
    assert match.state.outcome is None
    assert not view_problems(match, "axis") and not view_problems(match, "soviet")


def test_1941_free_the_soviet_sets_up_first_within_his_sector_1_3() -> None:
    match = Match(_title(), "1941-free", 1)
    assert match.decision is not None and match.decision.phase == "setup/soviet-deploy"
    unit = next(u for u in match.units_of("soviet") if u.flags.get("deploy"))
    zone = unit.flags["deploy"]
    assert unit.loc == zone[0]  # the historical hex first
    empty = next(h for h in zone[1:] if not match.units_at(h))
    match.apply(f"deploy {unit.id} {empty}")
    assert unit.loc == empty
    far = next(h for h in sorted(match.topology.region("country:ussr")) if h not in zone)
    refused(match, f"deploy {unit.id} {far}", "sets up only in")


def test_a_free_set_up_keeps_the_stacking_limit_6_1_1_3() -> None:
    match = Match(_title(), "1941-free", 1)
    full = next(
        loc
        for loc, ids in sorted(match.occupied().items())
        if len(ids) == 3
        and match.state.units[ids[0]].side == "soviet"
        and "city" not in match.topology.features(loc)
    )
    mover = next(
        u for u in match.units_of("soviet") if full in u.flags.get("deploy", ()) and u.loc != full
    )
    refused(match, f"deploy {mover.id} {full}", "would overstack", rule="PMD 6.1")


def test_the_set_up_choices_go_when_the_set_up_ends_1_3() -> None:
    match = Match(_title(), "1941-free", 1)
    end(match)  # the Soviet's set-up
    assert not any(u.flags.get("deploy") for u in match.units_of("soviet"))
    assert match.decision is not None and match.decision.phase == "setup/axis-deploy"
    end(match)
    assert not any(u.flags.get("deploy") for u in match.state.units.values())
    assert match.turn == 1 and ynn(match) == 112


@pytest.mark.parametrize(
    ("scenario", "free", "fixed"),
    [("1941-mixed-axis-free", "axis", "soviet"), ("1941-mixed-soviet-free", "soviet", "axis")],
)
def test_a_mixed_1941_scenario_sets_up_one_side_freely_the_other_historically_1_3(
    scenario: str, free: str, fixed: str
) -> None:
    """1.3's five pairs: one side's 1941 free set-up with the other's historical one. Only the
    free side has a set-up phase; the other's units stand in their historical hexes."""
    match = Match(_title(), scenario, 1)
    historical = Match(_title(), "1941-historical", 1)
    assert match.decision is not None and match.decision.phase == f"setup/{free}-deploy"
    assert not any(u.flags.get("deploy") for u in match.units_of(fixed))
    assert any(u.flags.get("deploy") for u in match.units_of(free))
    end(match)  # the free side's set-up; the other side has none
    assert match.decision is not None and match.decision.kind != "deploy"
    assert match.turn == 1 and ynn(match) == 112
    for unit in match.units_of(fixed):
        assert unit.loc == historical.state.units[unit.id].loc


def test_the_historical_scenario_has_no_set_up_phase_1_3() -> None:
    match = Match(_title(), "1941-historical", 1)
    assert match.decision is not None and match.decision.kind != "deploy"


@cache
def _t1942() -> Match:
    match = Match(_title(), "1942-free", 1)
    end(match)
    end(match)
    return match


def test_1942_starts_on_turn_211_along_the_1942_line_1_3() -> None:
    match = _t1942()
    assert ynn(match) == 211
    control = match.state.control
    assert control[KIEV] == control[KHARKOV] == control[ODESSA] == "axis"
    assert control[MOSCOW] == control[SEVASTOPOL] == "soviet"
    assert "ger-pd-2" in match.state.units  # a 1941 reinforcement, in the set-up


def test_1942_earlier_schedule_is_history_only_211_arrives_9_1() -> None:
    match = _t1942()
    arrived = {u.id for u in match.units_of("soviet") if u.loc in reinforce.RVGK}
    engineers = {u for u in arrived if u.startswith("sov-eb-")}
    assert len(arrived - engineers) == 3  # turn 211's draw, not the 1941 ones
    assert len(engineers) == 1  # 15.7: 211's engineer brigade (EN2), not 124's to 207's
    assert match.state.units["ger-id-212"].loc not in ("box:okh-north", None)


def test_1942_no_tb_pool_comb_out_done_stalin_line_gone_soviet_limit_5() -> None:
    match = _t1942().sandbox()
    assert match.state.vars["tb_pool"] == 0  # 9.1.4
    assert "soviet_stack_limit" not in match.state.vars  # 6.1's 1941 limit
    assert match.state.vars["stalin_line_destroyed"]  # 13.4.2
    while match.decision is not None and match.decision.phase != "turn/axis-reinforcement":
        end(match)
    refused(match, "combout", "1942 comb-out is done", rule="PMD 9.5.2")
    assert replacements.points(match, "axis")["lrp"] >= 0


def test_t44_a_unit_set_up_tried_in_1942_still_sets_up_by_its_untried_type_2_4_9() -> None:
    """T44 (2.4.9): in the 1942 set-up the Soviet player may set up an untried unit tried; its
    face is drawn in the open, and it still goes where its untried type may (ruling SC4)."""
    match = Match(_title(), "1942-free", 3)
    assert match.decision is not None and match.decision.phase == "setup/soviet-deploy"
    unit = next(
        u for u in match.units_of("soviet") if match.is_untried(u) and u.flags.get("deploy")
    )
    zone = list(unit.flags["deploy"])
    assert f"tried {unit.id}" in {str(a) for a in match.legal_actions()}
    events = match.apply(f"tried {unit.id}")
    assert not match.is_untried(unit) and unit.face is not None
    assert [e.data["unit"] for e in events if e.kind == "reveal"] == [unit.id]
    assert unit.flags["deploy"] == zone  # the same hexes as its untried type
    empty = next(h for h in zone[1:] if not match.units_at(h))
    match.apply(f"deploy {unit.id} {empty}")
    assert unit.loc == empty
    refused(match, f"tried {unit.id}", "is not untried", rule="PMD 2.4.9")


def test_no_unit_set_up_tried_in_1941_nor_by_the_axis_2_4_9() -> None:
    match = Match(_title(), "1941-free", 3)
    unit = next(u for u in match.units_of("soviet") if match.is_untried(u))
    assert not any(str(a).startswith("tried ") for a in match.legal_actions())
    refused(match, f"tried {unit.id}", "1942 scenario", rule="PMD 2.4.9")
    assert match.is_untried(unit)
    match = Match(_title(), "1942-free", 3)
    end(match)  # the Soviet's set-up
    assert match.decision is not None and match.decision.phase == "setup/axis-deploy"
    assert not any(str(a).startswith("tried ") for a in match.legal_actions())


def test_the_1942_set_up_garrisons_the_finnish_front_4_5_2() -> None:
    """4.5.2(2): the Finnish front garrison requirement is in effect at the 1942 start: a Soviet
    unit starts in each of its 8 hexes (stand-in set-up) and may set up only in another of them,
    and the requirement has not ended."""
    from wargame.games.proud_monster_deluxe import victory

    match = Match(_title(), "1942-free", 1)
    assert not victory.finnish_front_lifted(match)
    for h in victory.FINNISH_FRONT:
        here = [u for u in match.units_at(h) if u.side == "soviet"]
        assert here and sorted(here[0].flags["deploy"]) == sorted(victory.FINNISH_FRONT)
    guard = match.units_at(victory.FINNISH_FRONT[0])[0]
    refused(match, f"deploy {guard.id} {KHARKOV}", "sets up only in")
    assert guard.loc == victory.FINNISH_FRONT[0]
    assert not any(
        u.side == "soviet"
        for h in victory.FINNISH_FRONT
        for u in Match(_title(), "1941-historical", 1).units_at(h)
    )
