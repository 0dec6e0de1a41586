"""Proud Monster Deluxe's air units beyond the prepared assault (15.4): with a mobile assault's
stack (14.3), exchanged for Axis air supply (8.7), and Manstein's Gambit's (5.7(1))."""

from __future__ import annotations

from tests.games.pmd_steps import to_phase
from wargame.games.proud_monster_deluxe import air, airsupply
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.pricing import price
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, clear_pair
from .test_pmd2_airsupply import LEG, _cut_off, _movement
from .test_pmd15_firesupport import _turn

RD = "sov-rd-interior-01"
CORPS = ("ger-air-i", "ger-air-iv", "ger-air-v")


def _ma(match: Match, ids: list[str], launch: str, target: str) -> Battle:
    units = match.state.units
    battle = combat.new_battle(match, [units[i] for i in ids], [units[RD]], target, "overrun")
    battle.extra["overrun"] = {"launch": launch, "steps": {}}
    return battle


def test_an_air_unit_with_the_ma_stack_adds_its_factors_up_to_theirs_15_4_14_3() -> None:
    match = at_phase("axis", "movement")
    launch, target = clear_pair(match)
    match.reveal(put(match, RD, target))
    put(match, "ger-pd-3", launch)
    without = price(match, _ma(match, ["ger-pd-3"], launch, target)).attack
    match.apply(f"air ger-air-i {launch}")
    battle = _ma(match, ["ger-pd-3"], launch, target)
    assert air.ma_air(match, battle) is not None
    assert price(match, battle).attack == without + min(6, without)
    assert air.wargame_combat_shifts(match, battle) == []  # not the VIII: no column
    # an air unit elsewhere supports nothing here
    match.place(match.state.units["ger-air-i"], None)
    assert price(match, _ma(match, ["ger-pd-3"], launch, target)).attack == without


def test_the_viii_shifts_an_ma_and_goes_on_with_the_stack_that_moves_in_15_4_14_7() -> None:
    match = at_phase("axis", "movement")
    launch, target = clear_pair(match)
    match.reveal(put(match, RD, target))
    put(match, "ger-pd-3", launch)
    match.apply(f"air ger-air-viii {launch}")
    battle = _ma(match, ["ger-pd-3"], launch, target)
    assert [s.columns for s in air.wargame_combat_shifts(match, battle)] == [1]
    force_rolls(match, then=6)
    match.apply(f"overrun {target} with ger-pd-3 via {launch}")
    while match.decision is not None and match.decision.kind != "movement":
        match.apply(str(match.legal_actions()[0]))  # the Soviet construction and loss choices
    assert match.state.units["ger-pd-3"].loc == target
    assert match.state.units["ger-air-viii"].loc == target  # with its whole stack


def test_an_air_supply_marker_takes_the_viii_first_then_the_corps_named_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    put(match, LEG, near)
    legal = {str(a) for a in match.legal_actions()}
    assert f"airsupply {near}" in legal  # the VIII is available: no choice
    refused(match, f"airsupply {near} ger-air-i", "ger-air-viii", rule="PMD 8.7")
    match.apply(f"airsupply {near}")
    assert "ger-air-viii" not in air.available(match, "axis")
    refused(match, f"air ger-air-viii {near}", "removed until", rule="PMD 15.4")
    other = next(h for h in match.topology.neighbours(near) if h != near)
    put(match, "ger-id-1", other)
    legal = {str(a) for a in match.legal_actions()}
    assert {f"airsupply {other} {c}" for c in CORPS} <= legal  # the Axis names the corps
    refused(match, f"airsupply {other}", "name the air corps", rule="PMD 8.7")
    match.apply(f"airsupply {other} ger-air-iv")
    assert "ger-air-iv" not in air.available(match, "axis")
    assert "ger-air-i" in air.available(match, "axis")


def test_no_air_corps_available_no_air_supply_marker_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    put(match, LEG, near)
    for uid in air.air_ids(match, "axis"):
        air.exchange(match, uid)
    refused(match, f"airsupply {near}", "no air corps is available", rule="PMD 8.7")
    assert not any(str(a).startswith("airsupply") for a in match.legal_actions())


def test_the_exchanged_corps_is_back_at_the_axis_refit_not_the_soviet_s_15_4_8_7() -> None:
    match = _movement()
    near = _cut_off(match, True)
    put(match, LEG, near)
    match.apply(f"airsupply {near}")
    hq = next(iter(air._ns(match)["grounded"]))
    to_phase(match, "soviet", "refit")
    assert hq in air._ns(match)["grounded"]  # the Soviet Refit Phase leaves it out
    to_phase(match, "axis", "refit")
    assert hq not in air._ns(match).get("grounded", {})
    assert hq in air.available(match, "axis")


def test_a_removed_axis_air_unit_on_the_map_before_is_back_at_the_axis_refit_15_4() -> None:
    """The flag of a unit once on the map goes at its own side's Refit Phase, not the other's."""
    match = at_phase("axis", "movement")
    launch, _target = clear_pair(match)
    put(match, "ger-id-7", launch)
    match.apply(f"air ger-air-i {launch}")
    match.place(match.state.units["ger-id-7"], None)
    air.check(match)
    assert air._ns(match)["grounded"] == {"ger-air-i": True}
    to_phase(match, "soviet", "refit")
    assert "ger-air-i" not in air.available(match, "axis")
    to_phase(match, "axis", "refit")
    assert "ger-air-i" in air.available(match, "axis")


def test_from_turn_211_the_corps_stays_out_while_the_turn_s_marker_stands_8_7() -> None:
    match = _movement(211)
    assert airsupply.late(match)
    loc = _cut_off(match, True)
    match.state.control[loc] = "axis"
    put(match, LEG, loc)
    match.apply(f"airsupply {loc}")
    assert airsupply.holds_corps(match)
    to_phase(match, "axis", "refit")  # week 2: the marker still stands
    assert "ger-air-viii" in air._ns(match)["grounded"]
    airsupply._ns(match)["markers"] = []  # its hex became Soviet-controlled
    assert not airsupply.holds_corps(match)


def test_the_gambit_brings_air_units_up_to_six_active_the_viii_among_them_5_7() -> None:
    match = at_phase("axis", "refit")
    _turn(match, 312)
    before = air.air_ids(match, "axis")
    assert "ger-air-viii" in before and len(before) < air.GAMBIT_ACTIVE
    assert "ger-air-mg" not in before  # the stand-in sixth only with the Gambit
    match.apply("offensive")
    match.apply("gambit")
    after = air.air_ids(match, "axis")
    assert len(after) == air.GAMBIT_ACTIVE and "ger-air-viii" in after
    assert {"ger-air-ii", "ger-air-mg"} <= set(after)
    assert {"ger-air-ii", "ger-air-mg"} <= set(air.available(match, "axis"))


def test_an_air_unit_taken_off_for_stacking_goes_to_no_pool_and_comes_back_15_4_6_3() -> None:
    """15.4: air units are never eliminated, only taken off for a while; one removed from an
    overstacked hex (6.3) joins no replacement pool (a 1942-free game offered a Soviet air army
    as a rebuild while it was back in play) and may be committed again."""
    from wargame.games.proud_monster_deluxe import eliminated

    match = at_phase("axis", "movement")
    launch, _target = clear_pair(match)
    put(match, "ger-id-7", launch)
    match.apply(f"air ger-air-i {launch}")
    match.eliminate(match.state.units["ger-air-i"], "over the stacking limit", "PMD 6.3")
    pools = eliminated._ns(match)
    assert not any("ger-air-i" in ids for ids in pools.values() if isinstance(ids, list))
    match.apply(f"air ger-air-i {launch}")
    assert match.state.units["ger-air-i"].loc == launch
