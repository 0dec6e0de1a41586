"""Proud Monster Deluxe's Blaupunkt East paradrop (15.17) and the Gambit's turn-track divisions
(5.7(6))."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import answer, end, to_phase
from wargame.actions import Action, Event
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import blaupunkt, plugin
from wargame.games.proud_monster_deluxe.datagen.build import turns
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import clear, force_rolls, put, refused

from .pmd_combat_helpers import drop_hex, revealed

GAME = {y: i for i, y in enumerate(turns(), start=1)}
DROP = "ger-para-1,ger-para-2"


@cache
def _base(ynn: int) -> Match:
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    match = Match(title, "1941-historical", 1)
    while match.turn == 1:
        end(match)
    match.state.cursor.turn = GAME[ynn]
    to_phase(match, "axis", "movement")
    clear(match)
    for uid in ("ger-para-1", "ger-para-2", "ger-ald-22"):
        put(match, uid, "box:okh-north")
    return match


def _drop_phase(ynn: int = 313, gambit: bool = True) -> tuple[Match, str, str]:
    """The Axis Initial Movement Phase of turn ``ynn``, the map cleared, the Parachute Divisions
    and the 22 ALD in the North OKH area; a supplied Axis town and an empty clear hex next to
    it (one position a turn, copied for each test)."""
    match = _base(ynn).sandbox()
    if gambit:
        match.state.ns("pmd-gambit")["manstein_gambit"] = 312
    match.touch()
    return (match, *drop_hex(match, blaupunkt.sources(match)))


def test_the_paratroopers_drop_together_and_stay_that_week_15_17() -> None:
    match, town, loc = _drop_phase()
    action = f"blaupunkt {loc} with {DROP}"
    assert action in {str(a) for a in match.legal_actions()}  # the Axis player's choice
    match.apply(f"blaupunkt {loc} with {DROP},ger-ald-22")
    units = match.state.units
    para = units["ger-para-1"]
    assert para.loc == loc and units["ger-ald-22"].loc == loc
    assert blaupunkt.wargame_supply(match=match, unit=para)["state"] == "supplied"
    assert "no further move" in str(match.hook.wargame_move_locked(match=match, unit=para))
    refused(match, f"blaupunkt {loc} with ger-para-2", "one drop a game", rule="PMD 15.17")
    refused(match, "airsupply " + loc, "no air supply in the turn of the drop", rule="PMD 15.17")
    veto, decision = blaupunkt.veto_attack, match.decision
    pa = Action.parse(f"attack {town} with ger-para-1")
    assert veto(match=match, decision=decision, action=pa) is None  # a PA from the hex
    cc = Action.parse(f"cc-empty {town} with ger-para-1")  # 13.1: an advance, so never
    assert "no advance after combat" in str(veto(match=match, decision=decision, action=cc))


def test_the_drop_s_flag_goes_after_its_turn_15_17() -> None:
    match, _town, loc = _drop_phase()
    match.apply(f"blaupunkt {loc} with ger-para-1")
    para = match.state.units["ger-para-1"]
    while match.phase is not None and not match.phase.spec.id.startswith("w2"):
        end(match)
        to_phase(match, "axis", "movement")  # on to week 2 of the turn: it may move again
    assert match.hook.wargame_move_locked(match=match, unit=para) is None
    assert blaupunkt.this_turn(match, para)  # still supplied this turn
    match.state.cursor.turn += 1
    end(match)
    assert blaupunkt.FLAG not in para.flags  # gone at the first phase end of a later turn


def test_only_with_the_gambit_in_june_to_august_15_17() -> None:
    match, town, loc = _drop_phase(gambit=False)
    refused(match, f"blaupunkt {loc} with {DROP}", "Manstein's Gambit", rule="PMD 15.17")
    late, _t, loc2 = _drop_phase(317)
    refused(late, f"blaupunkt {loc2} with {DROP}", "June, July or August", rule="PMD 15.17")
    match, town, loc = _drop_phase()
    refused(match, f"blaupunkt {loc} with ger-ald-22", "joins a drop", rule="PMD 15.17")
    put(match, "ger-para-1", town)
    put(match, "sov-rd-kovo-02", next(n for n in match.topology.neighbours(town) if n != loc))
    match.touch()
    refused(match, f"blaupunkt {loc} with ger-para-1", "next to a Soviet unit", rule="PMD 15.17")
    match.place(match.state.units["sov-rd-kovo-02"], None)
    match.touch()
    # supplied but with no Offensive Supply marker in range (8.6): not in offensive supply
    refused(match, f"blaupunkt {loc} with ger-para-1", "offensive supply", rule="PMD 15.17")


def test_the_drop_hex_s_restrictions_15_17() -> None:
    match, town, _loc = _drop_phase()
    topo = match.topology
    refused(match, f"blaupunkt {town} with {DROP}", "hex", rule="PMD 15.17")
    far = next(
        h
        for h in topo.locations()
        if all(topo.distance(h, t) > 15 for t in blaupunkt.sources(match))
        and topo.terrain(h) == "clear"
        and not topo.features(h)
    )
    refused(match, f"blaupunkt {far} with {DROP}", "within 15 hexes", rule="PMD 15.17")
    rough = next(
        n
        for t in blaupunkt.sources(match)
        for n in topo.neighbours(t)
        if topo.terrain(n) in ("forest", "rough", "marsh") and match.side_at(n) is None
    )
    refused(match, f"blaupunkt {rough} with {DROP},ger-ald-22", "clear hex only", rule="PD2")
    assert blaupunkt.hex_problem(match, rough, ["ger-para-1"]) is None  # without the ALD


def test_the_gambit_brings_the_2_para_division_and_the_25_pd_early_5_7() -> None:
    from .pmd_combat_helpers import at_phase
    from .test_pmd15_offensives import _turn

    match = at_phase("axis", "refit")
    _turn(match, 312)
    assert "ger-para-2" not in match.state.units  # on the turn track for 321
    match.apply("offensive")
    match.apply("gambit")
    units = match.state.units
    assert units["ger-para-2"].loc == "box:okh-north" and units["ger-pd-25"].loc == "box:okh-north"
    assert "321-axis-para-2" in match.state.ns("reinforcements")["arrived"]  # not again on 321


def _assault(match: Match, loc: str, drop: str, roll: int, soviets: list[str]) -> list[Event]:
    """Drop ``drop`` onto these tried Soviet units in ``loc`` (15.17), the CRT roll forced; the
    Axis declines the Close Combat marker, the first legal choice answers each loss (no extra
    step, 13.7)."""
    for uid in soviets:
        revealed(match, uid, loc)
    match.touch()
    force_rolls(match, roll)
    events = match.apply(f"blaupunkt {loc} with {drop}")
    events += match.apply("close-combat decline")  # 14.3: the MA's marker is his choice
    while match.decision is not None and match.decision.kind != "movement":
        events += answer(match)
    return events


def test_a_drop_onto_soviet_units_is_their_one_round_ma_and_a_success_lands_15_17() -> None:
    match, _town, loc = _drop_phase()
    assert f"blaupunkt {loc} with {DROP}" in {str(a) for a in match.legal_actions()}
    events = _assault(match, loc, DROP, 6, ["sov-rd-kovo-01"])
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["battle"]["kind"] == "overrun"  # an MA, resolved as a PA (14.3)
    assert sorted(battle.data["battle"]["attackers"]) == DROP.split(",")  # unassisted
    units = match.state.units
    assert units["sov-rd-kovo-01"].loc is None  # the MA's result: the hex cleared (14.7)
    assert units["ger-para-1"].loc == loc and units["ger-para-2"].loc == loc  # they land
    assert f"ma-{loc}" in match.state.markers  # 14.7's MA marker
    assert "no further move" in str(
        match.hook.wargame_move_locked(match=match, unit=units["ger-para-1"])
    )
    soviet = next(n for n in match.topology.neighbours(loc) if match.side_at(n) is None)
    revealed(match, "sov-rd-kovo-02", soviet)
    to_phase(match, "axis", "combat")  # same week: landed by an MA, no attack (15.17)
    refused(match, f"attack {soviet} with ger-para-1", "no attack", rule="PMD 15.17")


def test_a_drop_whose_ma_fails_is_eliminated_15_17() -> None:
    match, _town, loc = _drop_phase()
    soviets = ["sov-rd-kovo-01", "sov-rd-kovo-02", "sov-rd-kovo-03"]
    _assault(match, loc, "ger-para-1", 1, soviets)
    units = match.state.units
    assert all(units[i].loc == loc for i in soviets)  # the hex is not cleared
    assert units["ger-para-1"].loc is None  # 15.17: eliminated at once
    gone = match.state.ns("eliminated")  # 13.13: to the pool its supply and date give
    assert any("ger-para-1" in ids for ids in gone.values() if isinstance(ids, list))
    assert f"ma-{loc}" not in match.state.markers
    assert "assault" not in match.state.ns(blaupunkt.NS)


def test_only_one_round_even_in_an_axis_seasonal_offensive_week_14_8_15_17() -> None:
    match, _town, loc = _drop_phase()
    match.state.vars["axis_seasonal_offensive"] = "axis"  # 14.8 would give a second round
    _assault(match, loc, "ger-para-1", 1, ["sov-rd-kovo-01", "sov-rd-kovo-02"])
    assert match.state.units["ger-para-1"].loc is None  # one round: failed, eliminated
    assert not [a for a in match.legal_actions() if "ger-para-1" in str(a)]


def test_the_drop_s_ma_is_unassisted_and_never_in_mud_14_4_15_17() -> None:
    match, _town, loc = _drop_phase()
    revealed(match, "sov-rd-kovo-01", loc)
    put(match, "ger-pd-25", "box:okh-north")
    match.touch()
    why = "the 1 and/or 2 Parachute Divisions drop"  # no other unit joins the MA
    refused(match, f"blaupunkt {loc} with ger-para-1,ger-pd-25", why, rule="PMD 15.17")
    set_weather(match, "M", "nz")
    set_weather(match, "M", "sz")
    match.touch()
    refused(match, f"blaupunkt {loc} with {DROP}", "never made in Mud", rule="PMD 14.4")
    empty = next(
        n
        for n in match.topology.neighbours(loc)
        if match.side_at(n) is None and match.topology.terrain(n) == "clear"
    )
    assert blaupunkt.hex_problem(match, empty, ["ger-para-1"]) is None  # no MA: Mud is no bar
