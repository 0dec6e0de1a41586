"""Dark Crusade replacements, reinforcements and factories (8.0, 5.B): the digest's EX-07..EX-09,
R-07..R-09, R-33, R-34 and rulings E-2, E-13, E-29."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.dc_helpers import at, place, to_phase
from wargame.games.dark_crusade import production as P
from wargame.games.dark_crusade import units as U
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import force_rolls

TITLE = discover().get("dc")


JAN_1942, APR_1942, MAY_1942, JUN_1942 = 8, 11, 12, 13
MAR_1942, SEP_1942, OCT_1942 = 10, 16, 17
JAN_1943 = 20


@pytest.fixture(scope="module")
def soviet_base() -> Match:
    return to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 2)


@pytest.fixture(scope="module")
def axis_base() -> Match:
    return to_phase(Match(TITLE, "tournament", seed=1), "axis", "reinforcement", 2)


@pytest.fixture
def sov(soviet_base: Match) -> Iterator[Match]:
    yield soviet_base.sandbox()


@pytest.fixture
def axis(axis_base: Match) -> Iterator[Match]:
    yield axis_base.sandbox()


def kill(m: Match, uid: str) -> None:
    m.eliminate(m.state.units[uid], "test")


def new_at(m: Match) -> dict[str, str]:
    """Units that entered this turn as replacements: id -> point."""
    return {
        u.id: str(u.loc)
        for u in m.state.units.values()
        if u.loc is not None and u.flags.get("replacement") == m.turn
    }


def cut_off(m: Match, loc: str) -> None:
    for p in m.topology.neighbours(loc):
        m.state.control[p] = "axis"
    m.touch()


# ----------------------------------------------------------------------------- factories


@pytest.mark.parametrize(
    ("months", "expected"),
    [
        ("odd", [1, 3, 5, 7, 9, 11]),
        ("even", [2, 4, 6, 8, 10, 12]),
        ("all", list(range(1, 13))),
        ([1, 5, 9], [1, 5, 9]),
    ],
)
def test_R_07_8_A_2_b_factory_schedules(months: object, expected: list[int]) -> None:
    assert [m for m in range(1, 13) if P.produces_in(months, m)] == expected


def test_8_A_2_b_factory_produces_its_type_dispersed_at_its_point(sov: Match) -> None:
    at(sov, JAN_1942)  # Kharkov tank factory: months 1 and 7
    P.factory_production(sov)
    made = new_at(sov)
    tanks = [uid for uid, loc in made.items() if loc == "kharkov"]
    assert len(tanks) == 1
    unit = sov.state.units[tanks[0]]
    assert sov.counter(unit)["type"] == "tank-corps" and U.dispersed(unit)


def test_17_A_2_factory_out_of_overland_supply_does_not_produce(sov: Match) -> None:
    at(sov, JAN_1942)
    cut_off(sov, "kharkov")
    P.factory_production(sov)
    assert "kharkov" not in new_at(sov).values()


def test_8_C_2_entrained_factory_does_not_produce(sov: Match) -> None:
    at(sov, JAN_1942)
    sov.state.units["fac-kryky"].flags["entrained"] = True
    P.factory_production(sov)
    assert "kharkov" not in new_at(sov).values()


def test_5_B_first_soviet_turn_factories_but_no_infantry_centres() -> None:
    m = to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 1)
    made = new_at(m)
    assert sorted(made.values()) == ["moscow", "ryazan"]  # the June infantry factories only
    nxt = to_phase(m, "soviet", "reinforcement", 2)
    assert "minsk" in new_at(nxt).values()  # centres produce from the second Soviet turn


def test_3_A_may_start_factories_produce_in_may_infantry_from_june() -> None:
    m = to_phase(Match(TITLE, "tournament-may", seed=1), "soviet", "reinforcement", 0)
    assert sorted(new_at(m).values()) == ["stalingrad"]  # May: the 1-5-9 tank factory only
    m = to_phase(m, "soviet", "reinforcement", 1)
    assert "minsk" in new_at(m).values()


def test_8_A_2_a_each_vp_city_centre_one_rifle_army(sov: Match) -> None:
    made = new_at(sov)  # turn 2 (July 1941): phase start already produced
    rifle = sorted(loc for uid, loc in made.items() if uid.endswith("a") and uid.startswith("sov-"))
    centres = sorted(
        loc
        for loc in sov.topology.locations()
        if sov.topology.attrs(loc).get("replacement_centre") == "infantry"
    )
    for loc in centres:
        assert loc in rifle


def test_E_29_axis_vp_cities_do_not_produce_soviet_armies(sov: Match) -> None:
    sov.state.control["warsaw"] = "soviet"
    sov.state.control["konigsberg"] = "soviet"
    before = set(new_at(sov))
    P.soviet_centres(sov)
    made = {uid: loc for uid, loc in new_at(sov).items() if uid not in before}
    assert "warsaw" not in made.values() and "konigsberg" not in made.values()


def test_8_A_2_a_captured_centre_stops(sov: Match) -> None:
    sov.state.control["minsk"] = "axis"
    before = set(new_at(sov))
    P.soviet_centres(sov)
    made = {uid: loc for uid, loc in new_at(sov).items() if uid not in before}
    assert "minsk" not in made.values() and "moscow" in made.values()


@pytest.mark.parametrize(("turn", "made"), [(MAR_1942, True), (APR_1942, False), (6, True)])
def test_R_08_8_A_2_a_rytishcheva_cavalry_in_march_july_november(
    sov: Match, turn: int, made: bool
) -> None:
    at(sov, turn)
    P.soviet_centres(sov)
    cav = [u for u, loc in new_at(sov).items() if loc == "rytishcheva"]
    assert bool(cav) is made
    if cav:
        assert sov.counter(sov.state.units[cav[0]])["type"] == "cav-corps"


def test_8_A_2_counter_mix_eliminated_first_and_limited(sov: Match) -> None:
    free = P.free_counters(sov, "soviet", "artillery")
    kill(sov, "sov-art-2")
    assert P.free_counters(sov, "soviet", "artillery")[0] == "sov-art-2"
    for cid in free:
        if cid not in sov.state.units:
            sov.new_unit(cid, "moscow")
    sov.new_unit("sov-art-2", "moscow")
    assert P.free_counters(sov, "soviet", "artillery") == []
    assert P.produce(sov, "artillery", "moscow", "test", "DC 8.A.2") is None


def test_8_A_2_d_irreplaceables_never_come_back(sov: Match) -> None:
    kill(sov, "sov-1mm")
    kill(sov, "stavka")
    for utype in ("moscow-mot", "stavka", "polish-army"):
        assert P.free_counters(sov, "soviet", utype) == []


# ---- 8.C.1 expansion


def expand_at(m: Match, turn: int, fid: str) -> None:
    at(m, turn)
    m.apply(f"expand {fid}")


def test_EX_08_8_C_1_earliest_letter_of_each_kind(sov: Match) -> None:
    at(sov, JAN_1942)
    legal = sorted(str(a) for a in sov.legal_actions() if a.verb == "expand")
    assert legal == [
        "expand fac-air-a",
        "expand fac-art-a",
        "expand fac-cav-a",
        "expand fac-inf-a",
        "expand fac-rkt-a",
        "expand fac-tank-a",
    ]
    assert sov.check("expand fac-tank-b") == (
        "fac-tank-b: only the earliest-lettered tank factory not yet chosen may be chosen "
        "(DC 8.C.1)"
    )
    for turn, fid in zip(
        (JAN_1942, APR_1942, 14, 17),
        ("fac-tank-a", "fac-art-a", "fac-tank-b", "fac-air-a"),
        strict=True,
    ):
        at(sov, turn)
        assert sov.check(f"expand {fid}") is None, fid
        sov.state.vars[P.EXPANSIONS].append({"factory": fid, "turn": turn, "deploy": turn + 3})


def test_R_34_8_C_1_choice_months_and_one_a_month(sov: Match) -> None:
    at(sov, MAY_1942)
    assert sov.check("expand fac-tank-a") == (
        "factories are chosen each January, April, July and October (DC 8.C.1)"
    )
    expand_at(sov, APR_1942, "fac-tank-a")
    assert sov.state.vars[P.EXPANSIONS][-1]["deploy"] == APR_1942 + 3
    assert sov.check("expand fac-inf-a") == "one factory a choice month (DC 8.C.1)"


def test_E_13_at_most_ten_expansions(sov: Match) -> None:
    sov.state.vars[P.EXPANSIONS] = [
        {"factory": f"x{i}", "turn": i, "deploy": i + 3} for i in range(10)
    ]
    at(sov, JAN_1943)
    assert sov.check("expand fac-tank-a") == "all 10 expansions have been made (DC 8.C.1)"


def test_EX_07_8_C_1_deployed_three_turns_later_odd_factory_first_produces_in_may(
    sov: Match,
) -> None:
    sov.state.vars[P.EXPANSIONS] = [{"factory": "fac-tank-a", "turn": 5, "deploy": 8}]
    P.factory_state(sov, "fac-tank-a")["state"] = "destroyed"  # tank A gone: B is next
    expand_at(sov, JAN_1942, "fac-tank-b")
    assert sov.check("deploy-factory fac-tank-b kuibyshev") is not None  # not yet
    at(sov, APR_1942)
    assert P.due_factories(sov) == ["fac-tank-b"]
    assert sov.check("end") == "factory fac-tank-b must be deployed this phase (DC 8.C.1)"
    assert (
        sov.check("deploy-factory fac-tank-b warsaw")
        == "warsaw is not in the Soviet Union (DC 8.C.1)"
    )
    sov.apply("deploy-factory fac-tank-b saratov")
    assert sov.state.units["fac-tank-b"].loc == "saratov"
    P.factory_production(sov)  # April: even month, and not producing yet
    assert "saratov" not in new_at(sov).values()
    at(sov, MAY_1942)
    P.factory_production(sov)
    assert "saratov" in new_at(sov).values()


def test_EX_09_8_C_1_pregame_factory_produces_from_july_1941() -> None:
    m = to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 1)
    m.apply("expand fac-tank-a")  # the pre-game choice, in the first Soviet R/RP (ruling P8)
    assert P.due_factories(m) == ["fac-tank-a"]
    m.apply("deploy-factory fac-tank-a gorki")
    assert m.check("expand fac-inf-a") == (
        "factories are chosen each January, April, July and October (DC 8.C.1)"
    )
    assert "gorki" not in new_at(m).values()
    m = to_phase(m, "soviet", "reinforcement", 2)  # July 1941
    made = [u for u, loc in new_at(m).items() if loc == "gorki"]
    assert any(m.counter(m.state.units[u])["type"] == "tank-corps" for u in made)


def test_2_A_1_introductory_factories_infantry_and_tank_only() -> None:
    m = Match(TITLE, "tournament", seed=1, options={"introductory": True})
    m = to_phase(m, "soviet", "reinforcement", 1)
    legal = sorted(str(a) for a in m.legal_actions() if a.verb == "expand")
    assert legal == ["expand fac-inf-a", "expand fac-tank-a"]


# ---- 8.C.2 destruction and moving


def test_8_C_2_factory_captured_is_destroyed_and_counted(sov: Match) -> None:
    sov.state.control["kharkov"] = "axis"
    assert P.factory_captured(sov, "kharkov") == ["fac-kryky"]
    assert sov.state.units["fac-kryky"].loc is None
    assert sov.state.vars[P.DESTROYED] == 1
    assert P.factory_state(sov, "fac-kryky")["state"] == "destroyed"
    assert P.factory_captured(sov, "box:siberia") == []  # Siberia is beyond reach


def test_8_C_2_sweep_destroys_factories_on_axis_points(sov: Match) -> None:
    sov.state.control["stalingrad"] = "axis"
    P.sweep_factories(sov)
    assert sov.state.vars[P.DESTROYED] == 2  # two factories at Stalingrad


def test_8_C_2_entrain_limited_by_allowance_then_move_next_rrp() -> None:
    m = to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 1)
    m.apply("entrain fac-kryky")
    m.apply("entrain fac-dnipro")
    assert m.check("entrain fac-gorki") == (
        "no more than 2 factories entrained this turn: the strategic movement allowance "
        "(DC 8.C.2.a)"
    )
    assert m.check("move-factory fac-kryky saratov") == (
        "fac-kryky moves in the R/RP after it entrained (DC 8.C.2.b)"
    )
    m = to_phase(m, "soviet", "reinforcement", 2)
    assert "saratov" not in new_at(m).values()
    assert m.check("entrain fac-siberia") == (
        "Siberia's starting production cannot be moved (DC 8.C.2.d)"
    )
    m.apply("move-factory fac-kryky box:siberia")
    unit = m.state.units["fac-kryky"]
    assert unit.loc == "box:siberia" and not unit.flags.get("entrained")
    assert P.factory_state(m, "fac-kryky")["from"] == 3
    assert "fac-dnipro" in [u.id for u in m.units_at("dnepropetrovsk")]  # still entrained


# ---- 8.C.3 composites


def test_R_33_8_C_3_a_shock_army_dispersed_components_gone(sov: Match) -> None:
    place(sov, "sov-24a", "moscow")
    sov.apply("combine sov-24a sov-art-1")
    shock = [u for u in sov.units_at("moscow") if sov.counter(u)["type"] == "shock-army"]
    assert len(shock) == 1 and U.dispersed(shock[0])
    assert sov.state.units["sov-24a"].loc is None
    assert sov.state.units["sov-art-1"].flags["combined"] == shock[0].id


def test_R_33_8_C_3_composite_dates(sov: Match) -> None:
    place(sov, "sov-24a", "moscow")
    place(sov, "sov-28a", "moscow")
    place(sov, "sov-1tk", "moscow")
    place(sov, "sov-2tk", "moscow")
    assert (
        sov.check("combine sov-1tk sov-2tk") == "tank-army may be built from June 1942 (DC 8.C.3.c)"
    )
    assert sov.check("combine sov-24a sov-28a") == (
        "guards-army may be built from January 1942 (DC 8.C.3.d)"
    )
    at(sov, JAN_1942)
    assert sov.check("combine sov-24a sov-28a") is None
    at(sov, JUN_1942)
    sov.apply("combine sov-1tk sov-2tk")
    ta = next(u for u in sov.units_at("moscow") if sov.counter(u)["type"] == "tank-army")
    U.unmark(sov, ta, U.DISPERSED)
    assert sov.check(f"combine {ta.id} sov-24a") == (
        "guards-tank-army may be built from January 1943 (DC 8.C.3.e)"
    )
    at(sov, JAN_1943)
    sov.apply(f"combine {ta.id} sov-24a")
    gta = "gta-" + ta.id.split("-")[1]
    assert sov.state.units[gta].loc == "moscow"  # 8.C.3.e: same number


def test_8_C_3_components_together_undispersed_in_supply(sov: Match) -> None:
    assert sov.check("combine sov-24a sov-art-2") == (
        "components must be together on one point (or in Siberia) (DC 8.C.3)"
    )
    place(sov, "sov-24a", "moscow")
    U.mark(sov, sov.state.units["sov-24a"], U.DISPERSED)
    sov.touch()
    assert sov.check("combine sov-24a sov-art-1") == (
        "sov-24a is dispersed: components must be undispersed (DC 8.C.3)"
    )
    assert "no composite is made of" in str(sov.check("combine sov-art-1 vvs-4"))


def test_8_C_3_f_parachute_only_with_the_option(sov: Match) -> None:
    assert sov.check("convert sov-24a") == (
        "parachute corps exist only with the optional parachute rule (DC 8.C.3.f, 21.0)"
    )


def test_2_A_1_no_composites_in_the_introductory_game() -> None:
    m = Match(TITLE, "tournament", seed=1, options={"introductory": True})
    m = to_phase(m, "soviet", "reinforcement", 2)
    assert not [a for a in m.legal_actions() if a.verb == "combine"]
    assert m.check("combine sov-24a sov-28a") == (
        "no composite units in the Introductory game (DC 2.A.1)"
    )


# ----------------------------------------------------------------------------- Axis


def test_8_A_1_a_german_replacement_roll_from_the_second_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = to_phase(Match(TITLE, "tournament", seed=1), "axis", "reinforcement", 1)
    assert m.state.vars[P.GER_POINTS] == {"inf": 0, "armor": 0}  # turn 1: none
    at(m, 13)  # June 1942, chart 1942 roll 6: armor + inf
    force_rolls(m, then=6)
    P.german_roll(m)
    assert m.state.vars[P.GER_POINTS] == {"inf": 1, "armor": 1}


def test_8_A_1_a_replace_at_warsaw_dispersed_with_points(axis: Match) -> None:
    kill(axis, "ger-1")
    axis.state.vars[P.GER_POINTS] = {"inf": 0, "armor": 0}
    assert axis.check("replace ger-1") == (
        "ger-1 needs 1 infantry or armor replacement point(s); saved: 0 infantry, 0 armor "
        "(DC 8.A.1.a)"
    )
    axis.state.vars[P.GER_POINTS] = {"inf": 1, "armor": 1}
    assert "replace ger-1" in [str(a) for a in axis.legal_actions()]
    axis.apply("replace ger-1")
    unit = axis.state.units["ger-1"]
    assert unit.loc == "warsaw" and U.dispersed(unit)
    assert axis.state.vars[P.GER_POINTS] == {"inf": 0, "armor": 1}  # infantry point used first


def test_8_A_1_a_armor_needs_armor_points_and_ss_one_more(axis: Match) -> None:
    panzer = next(u.id for u in axis.units_of("axis") if axis.counter(u)["type"] == "ger-pz")
    kill(axis, panzer)
    axis.state.vars[P.GER_POINTS] = {"inf": 3, "armor": 0}
    assert "armor" in str(axis.check(f"replace {panzer}"))
    axis.new_unit("ss-3", "warsaw")
    kill(axis, "ss-3")
    axis.state.vars[P.GER_POINTS] = {"inf": 0, "armor": 1}
    assert axis.check("replace ss-3") == (
        "ss-3 needs 2 armor replacement point(s); saved: 0 infantry, 1 armor (DC 8.A.1.a)"
    )
    axis.state.vars[P.GER_POINTS] = {"inf": 0, "armor": 2}
    axis.apply("replace ss-3")
    assert axis.state.vars[P.GER_POINTS]["armor"] == 0


def test_8_A_1_c_hqs_and_italians_never_replaced_nor_units_never_in_play(axis: Match) -> None:
    axis.state.vars[P.GER_POINTS] = {"inf": 5, "armor": 5}
    kill(axis, "ger-hq-18")
    assert axis.check("replace ger-hq-18") == (
        "German HQ units and Italians cannot be replaced (DC 8.A.1.c)"
    )
    assert axis.check("replace ger-fh") == (
        "ger-fh has never been in play: not eligible (DC 8.A.1.a)"
    )
    assert "is not eliminated" in str(axis.check("replace ger-26"))


def test_E_2_german_replacements_only_at_warsaw(axis: Match) -> None:
    kill(axis, "ger-1")
    axis.state.vars[P.GER_POINTS] = {"inf": 1, "armor": 0}
    axis.state.control["warsaw"] = "soviet"
    assert axis.check("replace ger-1") == (
        "german replacements enter at warsaw, which the Axis does not control (DC 8.B)"
    )


@pytest.mark.parametrize(
    ("turn", "credit"), [(MAR_1942, 1), (SEP_1942, 1), (OCT_1942, 0), (22, 1), (46 - 12, 1)]
)
def test_R_09_8_A_1_b_allied_replacements_march_and_september_1942_44(
    axis: Match, turn: int, credit: int
) -> None:
    at(axis, turn)
    P.allied_credits(axis)
    bank = axis.state.vars.get(P.ALLIED, {})
    assert [bank.get(n, 0) for n in P.ALLIED_NATIONS] == [credit] * 3


def test_R_09_allied_replacement_enters_at_the_capital_and_is_lost_with_it(axis: Match) -> None:
    at(axis, MAR_1942)
    P.allied_credits(axis)
    kill(axis, "fin-2")
    axis.apply("replace fin-2")
    assert axis.state.units["fin-2"].loc == "helsinki"
    assert axis.state.vars[P.ALLIED]["finnish"] == 0
    kill(axis, "rum-3")
    axis.state.control["bucharest"] = "soviet"
    P.allied_credits(axis)
    assert axis.check("replace rum-3") == (
        "rumanian replacements enter at bucharest, which the Axis does not control (DC 8.B)"
    )
    axis.state.control["bucharest"] = "axis"
    at(axis, SEP_1942)
    P.allied_credits(axis)
    assert axis.state.vars[P.ALLIED]["rumanian"] == 0  # lost for good (8.B)


# ----------------------------------------------------------------------------- 8.B


def test_8_B_scheduled_reinforcements_arrive_undispersed() -> None:
    m = to_phase(Match(TITLE, "tournament", seed=1), "axis", "reinforcement", 1)
    unit = m.state.units["ger-23"]
    assert unit.loc == "box:west" and not U.dispersed(unit)


def test_3_A_axis_1941_reinforcements_one_turn_early_in_a_may_start() -> None:
    m = to_phase(Match(TITLE, "tournament-may", seed=1), "axis", "reinforcement", 0)
    assert m.state.units["ger-23"].loc == "box:west"
    assert "ger-35" not in m.state.units
    m = to_phase(m, "axis", "reinforcement", 1)
    assert m.state.units["ger-35"].loc == "box:west"  # scheduled July 1941, arrives June


def test_8_B_first_polish_army_june_1944(sov: Match) -> None:
    at(sov, 37)
    P.reinforcements(sov, "soviet")
    unit = sov.state.units["pol-1"]
    assert unit.loc == "box:siberia" and not U.dispersed(unit)


def test_8_A_2_c_siberian_replacement_held_in_siberia(soviet_base: Match) -> None:
    m = to_phase(soviet_base.sandbox(), "soviet", "reinforcement", 3)  # stand-in track: turn 3
    held = [u for u in m.units_at("box:siberia") if u.flags.get("siberian")]
    assert len(held) == 1 and held[0].flags["replacement"] == 3


def test_8_C_3_f_a_parachute_corps_is_converted_from_one_infantry_army() -> None:
    """E-6 (ruling DC-D10): one infantry army, in place, undispersed and in supply."""
    m = to_phase(
        Match(TITLE, "tournament", seed=1, options={"parachutes": True}),
        "soviet",
        "reinforcement",
        2,
    )
    army = m.state.units["sov-28a"]  # at Kaluga in the set-up
    loc = army.loc
    before = {u.id for u in m.units_at(loc) if m.counter(u)["type"] == "parachute"}
    U.unmark(m, army, U.DISPERSED)
    m.touch()
    m.apply(f"convert {army.id}")
    assert army.loc is None
    after = {u.id for u in m.units_at(loc) if m.counter(u)["type"] == "parachute"}
    assert len(after - before) == 1


def test_8_B_reinforcements_enter_at_a_friendly_point_in_overland_supply_to_their_edge() -> None:
    m = Match(TITLE, "tournament", seed=1)
    assert m.decision.phase == "axis/reinforcement"
    ger = m.state.units["ger-23"]  # arrives in June 1941 from the west
    assert ger.loc == "box:west" and not U.dispersed(ger)
    legal = {str(a) for a in m.legal_actions() if a.verb == "enter"}
    assert "enter ger-23 warsaw" in legal and "enter ger-23 helsinki" not in legal
    assert "8.B" in (m.check("enter ger-23 minsk") or "")
    m.apply("enter ger-23 warsaw")
    assert ger.loc == "warsaw"


def test_8_B_rumanian_withdrawal_in_december_1941_counts_against_the_allowance() -> None:
    """The units are picked up and put on points in Rumania of the Axis player's choice (8.B,
    ruling P18), each counting against the December 1941 strategic allowance; his R/RP does
    not end before they are home."""
    from wargame.games.dark_crusade import strategic

    m = to_phase(Match(TITLE, "tournament", seed=1), "axis", "reinforcement", 1)
    rum = m.state.units["rum-4"]
    m.place(rum, "odessa")
    m.state.control["odessa"] = "axis"
    at(m, 7)  # December 1941
    P.reinforcements(m, "axis")
    assert rum.loc == "odessa"
    legal = {str(a) for a in m.legal_actions() if a.verb == "withdraw"}
    assert {"withdraw rum-4 bucharest", "withdraw rum-4 iasi"} <= legal
    assert "8.B" in (m.check("end") or "")
    assert "8.B" in (m.check("withdraw rum-4 kiev") or "")
    m.apply("withdraw rum-4 iasi")
    assert rum.loc == "iasi"
    assert strategic.used(m, "axis") == 1
    assert m.check("end") is None


def test_8_B_an_ally_whose_capital_falls_leaves_the_war() -> None:
    m = Match(TITLE, "tournament", seed=1)
    m.state.control["helsinki"] = "soviet"
    P.allied_credits(m)
    assert all(m.state.units[c].loc is None for c in ("fin-1", "fin-2", "fin-3"))
    assert m.state.units["rum-3"].loc is not None
    assert "rum-3" not in P.free_counters(m, "axis", "fin-corps")
    assert P.free_counters(m, "axis", "fin-corps") == []


def test_8_C_2_b_an_entrained_factory_crosses_the_sea_and_may_be_torpedoed() -> None:
    from tests.games.dc_helpers import script_rolls

    m = to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 2)
    m.apply("entrain fac-marpl")
    assert "8.C.2.b" in (m.check("ship-factory fac-marpl rostov") or "")  # not this turn
    m = to_phase(m, "soviet", "reinforcement", 3)
    assert "ship-factory fac-marpl rostov" in {str(a) for a in m.legal_actions()}
    assert "same sea" in (m.check("ship-factory fac-marpl leningrad") or "")
    script_rolls(m, [2])
    m.apply("ship-factory fac-marpl rostov")
    factory = m.state.units["fac-marpl"]
    assert factory.loc == "rostov" and not factory.flags.get("entrained")
    sunk = to_phase(Match(TITLE, "tournament", seed=1), "soviet", "reinforcement", 2)
    sunk.apply("entrain fac-marpl")
    sunk = to_phase(sunk, "soviet", "reinforcement", 3)
    script_rolls(sunk, [1])  # lost on a 1 in a friendly sea (9.B.1)
    sunk.apply("ship-factory fac-marpl rostov")
    assert sunk.state.units["fac-marpl"].loc is None
    assert sunk.state.vars[P.DESTROYED] == 1
