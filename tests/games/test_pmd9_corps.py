"""Proud Monster Deluxe Soviet corps: the TC/MC step maxima at entry and rebuild (9.1.3, 9.5.3),
Guards corps giving steps in a reorganization (9.2), a corps stacking as a division (6.1), a
Soviet corps' MA cost (14.3, 5.4), and the stand-in corps counters (rulings CO1-CO4)."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_combat_helpers import at_phase, clear_pair
from tests.games.pmd_steps import to_phase
from wargame import markers
from wargame.games.proud_monster_deluxe import (
    conversions,
    corps,
    eliminated,
    offensives,
    reinforce,
    replacements,
    upgrades,
)
from wargame.match import Match
from wargame.mechanics import movement, overrun, stacking
from wargame.mechanics.losses import steps_left
from wargame.testing import put, refused


def _turn(match: Match, ynn: int) -> None:
    match.state.cursor.turn = p9.game_turn(ynn)
    match.touch()


def test_the_tc_and_mc_step_maximum_2_from_207_3_from_213_4_from_221_9_1_3() -> None:
    assert [corps.maximum(n) for n in (207, 212, 213, 220, 221, 407)] == [2, 2, 3, 3, 4, 4]


def test_a_tc_arriving_on_212_has_2_steps_one_on_213_has_3_9_1_3() -> None:
    match = p9.soviet_part()
    p9.reinforcement_phase(match, 212)
    tc3 = match.state.units["sov-tc-3"]  # the stand-in schedule's 212 arrival
    assert steps_left(match, tc3) == 2 and corps.at_full(match, tc3)
    assert "sov-tc-4" not in match.state.units
    p9.reinforcement_phase(match, 213)
    tc4 = match.state.units["sov-tc-4"]
    assert steps_left(match, tc4) == 3 and corps.at_full(match, tc4)
    # the 212 corps keeps its 2 steps: a step short of the new full strength (ruling CO1)
    assert steps_left(match, tc3) == 2 and not corps.at_full(match, tc3)


def test_a_corps_arriving_on_221_has_4_steps_a_guards_corps_its_printed_steps_9_1_3() -> None:
    match = p9.soviet_part()
    p9.reinforcement_phase(match, 221)
    for uid in ("sov-tc-5", "sov-mc-2"):
        unit = match.state.units[uid]
        assert steps_left(match, unit) == 4 and unit.step == 0
    gmc = put(match, "sov-gmc-1", p9.quiet_hex(match))
    _turn(match, 212)
    assert corps.full_step(match, gmc) == 0 and corps.full_steps(match, gmc) == 4  # 9.4.2


def test_a_rebuilt_tc_is_rebuilt_to_the_maximum_of_the_turn_of_rebuilding_9_1_3_9_5_3() -> None:
    match = p9.soviet_part()
    tc = put(match, "sov-tc-1", p9.quiet_hex(match))
    match.eliminate(tc, "test")
    assert "sov-tc-1" in eliminated._ns(match)[eliminated.TRIED_POOL]  # 13.14
    replacements._ns(match)["east"] = True
    replacements.points(match, "soviet").update(lrp=4, mrp=4)
    _turn(match, 213)
    refused(match, "rebuild sov-tc-1 0 4", "full strength: 3", rule="PMD 9.5.3")
    refused(match, "rebuild sov-tc-1 1 2", "only a Leg unit", rule="PMD 9.5.3")
    assert "rebuild sov-tc-1 0 3" in p9.legal(match)
    _turn(match, 221)
    refused(match, "rebuild sov-tc-1 0 3", "full strength: 4", rule="PMD 9.5.3")
    match.apply("rebuild sov-tc-1 0 4")
    tc = match.state.units["sov-tc-1"]
    assert steps_left(match, tc) == 4 and tc.flags.get("placing")


def test_a_rebuild_on_213_gives_3_steps_9_1_3_9_5_3() -> None:
    match = p9.soviet_part()
    tc = put(match, "sov-tc-2", p9.quiet_hex(match))
    match.eliminate(tc, "test")
    replacements._ns(match)["east"] = True
    replacements.points(match, "soviet").update(lrp=0, mrp=3)
    _turn(match, 213)
    match.apply("rebuild sov-tc-2 0 3")
    assert steps_left(match, match.state.units["sov-tc-2"]) == 3


def _corps_pair(ynn: int, giver: str, taker: str) -> tuple[Match, str]:
    match = p9.refit("soviet")
    _turn(match, ynn)
    hex_ = p9.quiet_hex(match)
    put(match, giver, hex_)
    put(match, taker, hex_)
    return match, hex_


def test_a_guards_corps_gives_a_step_to_a_tc_the_tc_none_to_it_9_2() -> None:
    match, _ = _corps_pair(221, "sov-gtc-1", "sov-tc-1")
    gtc, tc = match.state.units["sov-gtc-1"], match.state.units["sov-tc-1"]
    gtc.step = tc.step = 1  # 3 steps each, a step short of 221's 4
    match.touch()
    refused(
        match,
        "reorganize sov-tc-1 sov-gtc-1",
        "non-Guards corps gives no step to a Guards corps",
        rule="PMD 9.2",
    )
    assert "reorganize sov-gtc-1 sov-tc-1" in p9.legal(match)
    match.apply("reorganize sov-gtc-1 sov-tc-1")  # the Soviet player's choice
    assert tc.step == 0 and gtc.step == 2
    assert tc.flags.get("refit") and gtc.flags.get("refit")  # Mech units: the Refit marker


def test_a_guards_corps_gives_only_to_its_own_kind_of_corps_9_2() -> None:
    match, _ = _corps_pair(221, "sov-gtc-1", "sov-mc-1")
    match.state.units["sov-mc-1"].step = 1
    match.touch()
    refused(match, "reorganize sov-gtc-1 sov-mc-1", "same nationality and type", rule="PMD 9.2")
    match2, hex_ = _corps_pair(221, "sov-gmc-1", "sov-mc-1")
    match2.state.units["sov-mc-1"].step = 1
    match2.touch()
    match2.apply("reorganize sov-gmc-1 sov-mc-1")
    assert match2.state.units["sov-mc-1"].step == 0


def test_a_tc_at_the_turn_s_maximum_is_at_full_strength_for_a_reorganization_9_2_9_1_3() -> None:
    match, _ = _corps_pair(212, "sov-tc-1", "sov-tc-2")
    tc1, tc2 = match.state.units["sov-tc-1"], match.state.units["sov-tc-2"]
    tc1.step, tc2.step = 2, 2  # 2 steps each: 212's maximum
    match.touch()
    refused(match, "reorganize sov-tc-1 sov-tc-2", "full strength", rule="PMD 9.2")
    _turn(match, 213)  # the maximum is 3: each is a step short
    match.apply("reorganize sov-tc-1 sov-tc-2")
    assert steps_left(match, tc2) == 3 and steps_left(match, tc1) == 1


def test_a_corps_stacks_as_a_division_6_1() -> None:
    match = p9.refit("soviet")
    for kind in corps.LIMITED + tuple(corps.GUARDS):
        assert match.counters_doc["unit_types"][kind]["stacking"] == 1
    hex_ = p9.quiet_hex(match)
    for uid in ("sov-rd-kovo-01", "sov-rd-kovo-02", "sov-tc-1", "sov-tb-reinf-001"):
        put(match, uid, hex_)
    assert stacking.weight(match, ["sov-tc-1"]) == stacking.weight(match, ["sov-rd-kovo-01"]) == 1
    assert stacking.weight(match, ["sov-tc-1"]) == 2 * stacking.weight(match, ["sov-tb-reinf-001"])
    limit = stacking.limit(match, "soviet", hex_)
    assert limit == 3  # 6.1: 1941's Soviet limit
    assert not stacking.over(match, "soviet", ["sov-rd-kovo-01", "sov-rd-kovo-02", "sov-tc-1"])
    assert stacking.over(
        match, "soviet", ["sov-rd-kovo-01", "sov-rd-kovo-02", "sov-tc-1", "sov-tb-reinf-001"]
    )


def test_a_soviet_corps_ma_costs_7_mp_6_in_a_soviet_offensive_week_14_3_5_4() -> None:
    match = at_phase("soviet", "movement")
    launch, target = clear_pair(match)
    tc = put(match, "sov-tc-1", launch)
    gmc = put(match, "sov-gmc-1", launch)
    rd = put(match, "sov-rd-kovo-01", launch)
    scale = movement.scale(match)
    assert overrun.cost(match, tc, launch, target) == 7 * scale
    assert overrun.cost(match, gmc, launch, target) == 7 * scale
    assert overrun.cost(match, rd, launch, target) == 4 * scale
    match.state.vars[offensives.var("soviet")] = "soviet"
    assert overrun.cost(match, tc, launch, target) == 6 * scale
    assert overrun.cost(match, rd, launch, target) == 4 * scale


def test_stand_in_corps_arrive_from_207_and_are_marked_stand_in_9_1_3() -> None:
    title = p9.title()
    counters = title.counters["counters"]
    kinds = ("tc", "mc", "gtc", "gmc")
    ours = {cid: c for cid, c in counters.items() if c["type"] in kinds}
    assert ours and all(c["provenance"]["source"] == "stand-in" for c in ours.values())
    assert all(len(c["steps"]) == 4 for c in ours.values())
    turns = title.doc("calendar")["turns"]
    first = {}
    for entry in title.doc("calendar")["schedule"].values():
        for uid in entry.get("units", []):
            if uid in ours:
                first[uid] = int(turns[str(entry["turn"])]["values"]["ynn"])
    assert {cid for cid, c in ours.items() if c["type"] in corps.LIMITED} == set(first)
    assert min(first.values()) == 207


def test_a_corps_absorbs_its_mech_upgrade_step_only_below_the_turn_s_maximum_15_9_9_1_3() -> None:
    match = p9.refit("soviet")
    _turn(match, 212)
    tc = put(match, "sov-tc-1", p9.quiet_hex(match))
    tc.step = 2  # 2 steps: 212's maximum
    markers.place(match, tc, upgrades.MARKER, "test", steps=1)
    refused(match, "upgrade-absorb sov-tc-1", "at full strength", rule="PMD 15.9")
    _turn(match, 213)  # the maximum is 3
    assert "upgrade-absorb sov-tc-1" in p9.legal(match)
    match.apply("upgrade-absorb sov-tc-1")
    assert steps_left(match, tc) == 3 and not markers.has(match, tc, upgrades.MARKER)


def test_a_tc_guards_converts_to_a_gtc_of_its_steps_9_4_2() -> None:
    match = p9.soviet_part()
    p9.reinforcement_phase(match, 302)  # the stand-in Guards Convert of a TC (ruling CO3)
    assert "gtc" in [e["to"] for e in conversions.soviet_due(match).values()]
    p9.place_all_but(match, "sov-tc-1")  # 11.3: it stays in the RVGK (ruling RF2)
    to_phase(match, "soviet", "refit")
    tc = match.state.units["sov-tc-1"]
    box = tc.loc
    assert box in reinforce.RVGK  # an RVGK area: a conversion is allowed there (9.4.2)
    tc.step = 1  # 3 steps, one short of 302's 4
    match.touch()
    match.apply("convert sov-tc-1")
    gtc = match.state.units["sov-gtc-1"]
    assert gtc.loc == box and steps_left(match, gtc) == 3
    assert match.state.units["sov-tc-1"].loc is None
