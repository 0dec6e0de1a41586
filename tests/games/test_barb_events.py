"""Barbarossa's turn-keyed and instant events (BARB 4.4-4.9, 8.21-8.22, 8.28, 12.7, 12.23),
with the worked examples T33, T34 and T40."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from tests.titles.variants import clear, force_rolls, put
from wargame.games.barbarossa import events, victory
from wargame.match import Match
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return new(registry, "road-back")


def test_no_summer_offensive_by_gt19_costs_half_a_die_rounded_up_t33_4_4(rb: Match) -> None:
    rb.state.cursor.turn = 19
    force_rolls(rb, 5)
    before = rb.state.vp["german"]
    events.judge_offensive(rb)
    assert rb.state.vp["german"] == before - 3  # ceil(5/2)
    events.judge_offensive(rb)
    assert rb.state.vp["german"] == before - 3  # once


def test_a_successful_offensive_avoids_the_debit_4_4(rb: Match) -> None:
    rb.state.cursor.turn = 17
    from wargame.actions import Decision

    blockers = events.wargame_end_blockers(
        rb, Decision("german", "offensive", 17, "turn/offensive")
    )
    assert "BARB 4.4" in blockers[0]  # the phase may not be ended without the choice
    rb.push("german", "offensive", "declare?")
    rb.touch()
    rb.apply("offensive declare")
    target = rb.state.ns("barbarossa-events")["offensive_targets"][0]
    victory.take(rb, target, "german")
    before = rb.state.vp["german"]
    events.judge_offensive(rb)
    assert rb.state.vp["german"] == before and rb.state.ns("barbarossa-events")["offensive_judged"]


def test_a_failed_offensive_pays_at_once_4_4(rb: Match) -> None:
    rb.state.cursor.turn = 17
    rb.push("german", "offensive", "declare?")
    rb.touch()
    rb.apply("offensive declare")
    force_rolls(rb, 1)
    before = rb.state.vp["german"]
    events.judge_offensive(rb)  # nothing taken
    assert rb.state.vp["german"] == before - 1


def test_bucharest_lost_before_gt27_costs_two_to_four_t34_4_7(registry: Registry) -> None:
    m = new(registry)
    force_rolls(m, 6)
    victory.take(m, "3114", "soviet")
    assert m.state.vp["german"] == 14 - 4  # ceil(6/2) + 1, instead of the normal 1
    victory.take(m, "3114", "german")
    victory.take(m, "3114", "soviet")
    assert m.state.vp["german"] == 14 - 4  # later changes are the normal +-1


def test_ploesti_lost_from_gt27_is_the_normal_one_4_8(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 27
    victory.take(m, "3015", "soviet")
    assert m.state.vp["german"] == 13


def test_baltic_republics_all_soviet_after_gt13_cost_three_once_4_5(rb: Match) -> None:
    for h in events.baltic_hexes(rb):
        rb.state.control[h] = "soviet"
    events.check_instant(rb)
    assert rb.state.vp["german"] == 33  # GT13 not over yet
    rb.state.ns("barbarossa-events")["gt13_over"] = True
    rb.state.ns("barbarossa-events")["dnepr_lost"] = True  # keep the Dnepr out of it
    events.check_instant(rb)
    assert rb.state.vp["german"] == 30
    events.check_instant(rb)
    assert rb.state.vp["german"] == 30


def test_dnepr_hex_lost_after_gt13_costs_one_once_4_6(rb: Match) -> None:
    rb.state.ns("barbarossa-events")["gt13_over"] = True
    assert all(rb.state.control.get(h) == "german" for h in events.dnepr_hexes(rb))
    events.check_instant(rb)
    assert rb.state.vp["german"] == 33
    rb.state.control["2410"] = "soviet"
    events.check_instant(rb)
    assert rb.state.vp["german"] == 32 and rb.state.ns("barbarossa-events")["dnepr_lost"]


def test_declined_soviet_withdrawal_gives_the_german_one_t40_4_9(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 6
    from wargame.actions import Decision

    blockers = events.wargame_end_blockers(m, Decision("soviet", "withdrawal", 6, "turn/w"))
    assert "BARB 8.21" in blockers[0]
    m.push("soviet", "withdrawal", "withdraw?")
    m.touch()
    m.apply("withdraw none")
    assert m.state.vp["german"] == 15


def test_a_withdrawn_army_returns_on_gt27_8_21(registry: Registry) -> None:
    from wargame.games.barbarossa import admin

    m = new(registry)
    m.state.cursor.turn = 6
    m.push("soviet", "withdrawal", "withdraw?")
    m.touch()
    uid = next(a.args[0] for a in m.legal_actions() if a.args[0] != "none")
    m.apply(f"withdraw {uid}")
    assert m.state.units[uid].loc is None and m.state.vars["withdrawn"][uid] == 27
    m.state.cursor.turn = 27
    admin.returning(m)
    assert m.state.units[uid].loc == "box:rvgk" and m.state.units[uid].flags["entry"]


def test_oversized_army_lost_on_gt1_3_is_gone_and_its_counterpart_dead_8_22(
    registry: Registry,
) -> None:
    m = new(registry)
    m.state.cursor.turn = 2
    m.eliminate(m.state.units["sov-6x"], "test")
    assert m.state.units["sov-6x"].flags["permanent"]
    assert m.state.units["sov-6"].flags.get("eliminated")
    m.state.cursor.turn = 4
    m.eliminate(m.state.units["sov-5x"], "test")
    assert "sov-5" not in m.state.units


def test_the_italian_8th_army_leaves_at_the_end_of_gt16_8_28(rb: Match) -> None:
    from wargame.models import PhaseSpec

    rb.state.cursor.turn = 16
    events.turn_end(rb, PhaseSpec(id="victory-check"))
    assert rb.state.units["ger-i8"].loc is None and rb.state.units["ger-i8"].flags["permanent"]


def test_leningrad_siege_lifts_and_returns_12_23(rb: Match) -> None:
    assert rb.state.vars["leningrad_siege"]
    for uid in [u.id for n in ("1110", "1111") for u in rb.units_at(n)]:
        rb.place(rb.state.units[uid], None)
    events.siege(rb)
    assert rb.state.vp["german"] == 32 and not rb.state.vars["leningrad_siege"]
    put(rb, "ger-28", "1110")
    events.siege(rb)
    assert rb.state.vp["german"] == 33 and rb.state.vars["leningrad_siege"]


def test_cutting_leningrads_supply_renews_the_siege_12_23(rb: Match) -> None:
    from wargame.games.barbarossa import supply

    for uid in [u.id for n in ("1110", "1111") for u in rb.units_at(n)]:
        rb.place(rb.state.units[uid], None)
    events.siege(rb)
    assert not rb.state.vars["leningrad_siege"] and rb.state.vp["german"] == 32
    assert "1011" in supply.overland(rb, "soviet")
    events.siege(rb)  # still supplied, nobody next to it: still lifted
    assert not rb.state.vars["leningrad_siege"]
    for h in rb.topology.region("supply:soviet"):
        rb.state.control[h] = "german"  # every Soviet line cut
    rb.touch()
    assert "1011" not in supply.overland(rb, "soviet")
    events.siege(rb)
    assert rb.state.vars["leningrad_siege"] and rb.state.vp["german"] == 33
    events.siege(rb)  # no German next to it, but cut off: the siege holds
    assert rb.state.vars["leningrad_siege"] and rb.state.vp["german"] == 33


def test_cut_off_stalingrad_neither_moves_nor_attacks_on_gt14_12_7(rb: Match) -> None:
    from wargame.actions import Action, Decision

    unit = rb.state.units["ger-14pz"]
    unit.flags["stalingrad_locked"] = 14
    rb.state.cursor.turn = 14
    d = Decision("german", "movement", 14, "german/movement")
    assert "BARB 12.7" in events.wargame_veto(rb, d, Action("move", ("ger-14pz", "2501", "2502")))
    rb.state.cursor.turn = 15
    assert events.wargame_veto(rb, d, Action("move", ("ger-14pz", "2501", "2502"))) is None
    clear(rb)


def test_romanian_armies_come_back_once_if_lost_in_supply_t46_8_15(registry: Registry) -> None:
    from wargame.games.barbarossa import admin

    m = new(registry)
    m.state.cursor.turn = 1
    m.state.secrets["german"] = {"supply_at_battle": {"ger-r3": "overland", "ger-r4": "out"}}
    force_rolls(m, 3)
    m.eliminate(m.state.units["ger-r3"], "test")
    m.eliminate(m.state.units["ger-r4"], "test")
    assert m.state.secrets["german"]["german_returns"] == {"ger-r3": 4}  # turn 1 + 3
    assert "ger-r3" not in admin.dead(m, "german")  # never through the allotment
    m.state.cursor.turn = 4
    events.german_returning(m)
    assert m.state.units["ger-r3"].loc == "box:german-reinforcements"
    m.eliminate(m.state.units["ger-r3"], "again")
    assert "ger-r3" not in m.state.secrets["german"]["german_returns"]  # once only


def test_from_gt28_germans_lost_out_of_overland_supply_are_gone_8_14(registry: Registry) -> None:
    from wargame.games.barbarossa import admin

    m = new(registry)
    m.state.cursor.turn = 28
    m.state.secrets["german"] = {"supply_at_battle": {"ger-4": "coastal", "ger-5": "overland"}}
    m.eliminate(m.state.units["ger-4"], "test")
    m.eliminate(m.state.units["ger-5"], "test")
    assert "ger-4" not in admin.dead(m, "german") and "ger-5" in admin.dead(m, "german")


def test_an_arriving_guards_army_replaces_a_supplied_rifle_army_8_20(rb: Match) -> None:
    from wargame.actions import Action, Decision
    from wargame.games.barbarossa import conversions, rvgk
    from wargame.models import PhaseSpec

    guards = rb.state.units["sov-2g"]  # in the RVGK (12.22); make it a new arrival
    guards.flags["entry"] = ["1000"]
    assert rb.phasing == "soviet"
    conversions.hold_for_conversion(rb, PhaseSpec(id="movement", kind="movement"))
    assert guards.flags.get("convert") and "entry" not in guards.flags
    assert guards not in rvgk.in_box(rb)  # it may not simply come out of the RVGK
    d = Decision("soviet", "movement", 13, "soviet/movement")
    verb = conversions.Reform()
    options = list(verb.legal(rb, d))
    assert options and {a.args[0] for a in options} == {"sov-2g"}
    old = rb.state.units[options[0].args[1]]
    assert rb.counter(old)["type"] == "rifle"
    where = old.loc
    verb.apply(rb, d, Action("reform", ("sov-2g", old.id)))
    assert guards.loc == where and old.flags.get("eliminated") and not guards.hidden_from
    assert verb.check(rb, d, Action("reform", ("sov-2g", old.id))) is not None


def test_optional_early_kiev_scores_a_die_less_one_t35_4_21(registry: Registry) -> None:
    from wargame.match import Match as M

    m = M(registry.get("barbarossa"), "campaign", 0, options={"kiev-vp": True})
    m.state.cursor.turn = 3
    force_rolls(m, 1)
    victory.take(m, "2311", "german")
    assert m.state.vp["german"] == 14  # 1 - 1
    victory.take(m, "2311", "soviet")
    victory.take(m, "2311", "german")
    assert m.state.vp["german"] == 14  # afterwards the standard -1 and +1
    plain = new(registry)
    plain.state.cursor.turn = 3
    victory.take(plain, "2311", "german")
    assert plain.state.vp["german"] == 15


def test_optional_preparedness_and_tactical_superiority_5_15(registry: Registry) -> None:
    from wargame.games.barbarossa import combat
    from wargame.match import Match as M

    m = M(
        registry.get("barbarossa"),
        "campaign",
        0,
        options={"preparedness": True, "tactical-superiority": True},
    )
    clear(m)
    put(m, "ger-4", "2117")  # Warsaw, west of the start line
    put(m, "sov-8", "2116")
    battle = combat.Battle("b", ["sov-8"], ["ger-4"], "2117", {"sov-8": "2116"})
    m.state.cursor.turn = 1
    assert "BARB 5.15" in [s.rule for s in combat.wargame_combat_shifts(m, battle)]
    m.state.cursor.turn = 2
    assert "BARB 5.15" not in [s.rule for s in combat.wargame_combat_shifts(m, battle)]
    field = combat.Battle("g", ["ger-4"], ["sov-8"], "2116", {"ger-4": "2117"})
    city = combat.Battle("c", ["ger-4"], ["sov-8"], "2117", {"ger-4": "2116"})
    assert combat.tactical_superiority(m, field) and not combat.tactical_superiority(m, city)
    m.state.cursor.turn = 13  # Oct/Nov '42: a double month
    assert not combat.tactical_superiority(m, field)
    assert not combat.tactical_superiority(new(registry), field)  # off unless chosen


def test_forgiveness_points_replace_the_early_end_t29_t30_t31_4_20(registry: Registry) -> None:
    from wargame.match import Match as M

    m = M(registry.get("barbarossa"), "campaign", 0, options={"forgiveness": True})
    m.state.cursor.turn = 3
    m.state.vp["german"] = 22  # GT3: a German win by one (T29)
    victory.check(m)
    assert (
        m.outcome is None
        and m.state.ns("barbarossa-victory")["forgiveness"] == 1
        and m.state.vp["german"] == 21
    )
    m.state.cursor.turn = 6
    m.state.vp["german"] = 20  # GT6: a Soviet win by one (T30)
    victory.check(m)
    assert m.state.ns("barbarossa-victory")["forgiveness"] == 0 and m.state.vp["german"] == 21
    m.state.cursor.turn = 4
    m.state.vp["german"] = 24  # GT4: two over (T31)
    victory.check(m)
    assert m.state.ns("barbarossa-victory")["forgiveness"] == 2
    m.state.cursor.turn = 32
    threshold = victory.chart(m, 32)["german_min"]
    m.state.vp["german"] = threshold - 2  # the two points carry it over the line
    victory.check(m)
    assert m.outcome["winner"] == "german"


def test_aerial_supply_once_a_turn_back_a_die_later_t45_7_7(rb: Match) -> None:
    from wargame.actions import Decision
    from wargame.games.barbarossa import decisions, supply

    d = Decision("german", "movement", 13, "german/movement")
    verb = decisions.Airlift()
    assert decisions.aerial_available(rb)  # Road Back: available off map
    unit = rb.state.units["ger-14pz"]  # in Stalingrad
    rb.scratch[("barb-overland", "german")] = frozenset()
    assert supply.state(rb, unit) != "aerial"
    verb.apply(rb, d, decisions.Action("airlift", ("2501",)))
    assert supply.state(rb, unit) == "aerial"
    assert not list(verb.legal(rb, d))  # once a game turn
    force_rolls(rb, 4)
    decisions.retrieve_aerial(rb)
    assert (
        rb.state.ns("barbarossa-decisions")["aerial_back"] == 17
        and "aerial_hex" not in rb.state.vars
    )
    rb.state.cursor.turn = 16
    assert not decisions.aerial_available(rb)
    rb.state.cursor.turn = 17
    assert decisions.aerial_available(rb)


def test_second_ss_withdrawal_declined_or_delayed_costs_one_t40_8_17_4_10(rb: Match) -> None:
    rb.state.cursor.turn = 19
    ss = put(rb, "ger-2ss", "2304")
    assert events.ss_withdrawable(rb)
    rb.push("german", "ss-withdrawal", "withdraw?")
    rb.touch()
    assert {str(a) for a in rb.legal_actions()} == {"ss withdraw", "ss decline"}
    rb.apply("ss decline")
    assert rb.state.vp["german"] == 32 and ss.loc == "2304"
    rb.push("german", "ss-withdrawal", "withdraw?")
    rb.touch()
    rb.scratch[("barb-overland", "german")] = frozenset()  # cut off: the withdrawal must wait
    assert not events.ss_withdrawable(rb)
    assert {str(a) for a in rb.legal_actions()} == {"ss delay", "ss decline"}
    rb.apply("ss delay")
    assert rb.state.vp["german"] == 31 and rb.state.ns("barbarossa-events")["ss_pending"]
    rb.eliminate(ss, "test")  # in the dead pile: now it goes
    assert events.ss_withdrawable(rb)
    events.ss_withdraw(rb)
    assert ss.flags["withdrawn"] and "ss_pending" not in rb.state.ns("barbarossa-events")


def test_second_ss_arrives_on_gt14_in_the_schedule_8_17(registry: Registry) -> None:
    schedule = registry.get("barbarossa").doc("calendar")["schedule"]
    turns = sorted(e["turn"] for e in schedule.values() if "ger-2ss" in e["units"])
    assert turns == [14, 24, 31]


def test_a_declined_withdrawal_voids_the_next_return_8_17(rb: Match) -> None:
    ss = put(rb, "ger-2ss", "2304")  # still on the map after a declined GT19 withdrawal
    rb.state.cursor.turn = 24
    events.ss_arrival_guard(rb)
    arrived = rb.state.ns("reinforcements")["arrived"]
    assert "german-2ss-gt24" in arrived and "german-2ss-gt31" not in arrived
    assert ss.loc == "2304"
