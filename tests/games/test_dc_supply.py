"""Dark Crusade supply (17.A), isolation (17.B) and sea control (20.0) on the shipped map."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.dc_helpers import clear, place, play_to, title
from wargame.actions import IllegalAction
from wargame.games.dark_crusade import supply as S
from wargame.games.dark_crusade import units as U
from wargame.match import Match

AXIS, SOVIET = "axis", "soviet"


def new(scenario: str = "tournament") -> Match:
    return Match(title(), scenario, seed=1)


def own(m: Match, side: str, *locs: str) -> None:
    for loc in locs:
        m.state.control[loc] = side
    m.touch()


def surround(m: Match, loc: str, side: str) -> None:
    """Every neighbour of ``loc`` to ``side``: whoever holds ``loc`` is cut off by land."""
    own(m, side, *m.topology.neighbours(loc))


def besieged(m: Match, side: str, loc: str, enemy: str, *uids: str) -> None:
    """``side``'s ``uids`` in ``loc``, which it holds, every neighbour ``enemy``'s."""
    own(m, side, loc)
    surround(m, loc, enemy)
    for uid in uids:
        place(m, uid, loc)


def crimea_cut_off(m: Match) -> None:
    """The Axis holds Sevastopol and Simferopol; the Soviets hold the way out by land."""
    own(m, AXIS, "sevastopol", "simferopol")
    own(m, SOVIET, "perekop", "dzhankoy", "feodosia")


# ----------------------------------------------------------------------------- 17.A sources


def test_17_A_every_unit_is_in_supply_at_the_start() -> None:
    m = new()
    units = [u for u in m.state.units.values() if u.loc is not None]
    assert units
    assert [u.id for u in units if not S.in_supply(m, u)] == []


def test_17_A_1_german_supply_ends_on_a_line_off_the_west_edge() -> None:
    m = new()
    path = S.supply_path(m, m.state.units["ger-1"])
    assert path is not None
    assert path[0] == "tilsit"
    assert path[-1] in m.topology.region("edge:west") | {"box:west"}


def test_17_A_1_german_units_trace_to_the_finnish_north_edge() -> None:
    m = new()
    clear(m)
    own(m, SOVIET, "konigsberg")  # the Baltic is Soviet: no sea leg to Germany
    pz = place(m, "ger-3", "helsinki")
    path = S.supply_path(m, pz)
    assert path is not None and path[-1] in m.topology.region("edge:north-finland")
    own(m, SOVIET, "edge:north-1", "edge:north-2")
    assert not S.in_supply(m, pz)


def test_17_A_1_each_axis_ally_traces_to_its_own_capital() -> None:
    m = new()
    clear(m)
    own(m, AXIS, "kishinev", "izmail", "odessa")
    rum = place(m, "rum-3", "kishinev")
    ger = place(m, "ger-11", "kishinev")
    assert S.in_supply(m, rum) and S.in_supply(m, ger)
    own(m, SOVIET, "bucharest")  # Bucharest lost: the Rumanians only are cut off
    assert not S.in_supply(m, rum)
    assert S.in_supply(m, ger)
    hun = place(m, "hun-1", "kishinev")
    assert S.supply_path(m, hun)[-1] == "cluj"
    ita = place(m, "ita-8", "kishinev")
    assert S.supply_path(m, ita)[-1] == "warsaw"
    own(m, SOVIET, "warsaw")
    assert not S.in_supply(m, ita)


def test_17_A_1_finnish_units_trace_to_helsinki() -> None:
    m = new()
    fin = m.state.units["fin-4"]  # at Kouvola
    assert S.supply_path(m, fin)[-1] == "helsinki"
    own(m, SOVIET, "helsinki")
    assert not S.in_supply(m, fin)
    assert S.in_supply(m, place(m, "ger-19", "kouvola"))  # Germans still reach the north edge


def test_17_A_2_soviet_and_polish_units_trace_to_the_east_and_southeast_edges() -> None:
    m = new()
    clear(m)
    pol = place(m, "pol-1", "grozny")
    assert S.supply_path(m, pol)[-1] in m.topology.region("edge:southeast") | m.topology.region(
        "edge:east"
    )
    sov = place(m, "sov-10a", "moscow")
    assert S.in_supply(m, sov)
    own(m, AXIS, *m.topology.region("edge:east"), *m.topology.region("edge:southeast"))
    own(m, AXIS, "box:siberia")
    assert not S.in_supply(m, sov)
    assert not S.in_supply(m, pol)


def test_17_A_path_runs_only_through_friendly_points() -> None:
    m = new()
    clear(m)
    rifle = place(m, "sov-10a", "orsha")
    assert S.in_supply(m, rifle)
    surround(m, "orsha", AXIS)
    assert not S.in_supply(m, rifle)
    own(m, SOVIET, "smolensk")
    assert S.supply_path(m, rifle)[1] == "smolensk"


def test_17_A_supply_crosses_a_friendly_sea_between_friendly_ports() -> None:
    m = new()
    clear(m)
    crimea_cut_off(m)
    ger = place(m, "ger-11", "sevastopol")
    path = S.supply_path(m, ger)
    assert path is not None and "sea:black" in path
    assert path[path.index("sea:black") + 1] in m.topology.region("sea:black")
    assert not S.overland(m, "sevastopol", AXIS)


def test_17_A_no_sea_leg_across_an_enemy_sea() -> None:
    m = new()
    clear(m)
    crimea_cut_off(m)
    ger = place(m, "ger-11", "simferopol")
    own(m, SOVIET, "sevastopol")  # the Black Sea is Soviet now
    assert S.sea_controller(m, "black") == SOVIET
    assert not S.in_supply(m, ger)


def test_17_A_no_sea_leg_to_an_enemy_port() -> None:
    m = new()
    clear(m)
    crimea_cut_off(m)
    ger = place(m, "ger-11", "sevastopol")
    assert "constanta" in S.supply_path(m, ger)
    own(m, SOVIET, "constanta")  # the only other Axis port on the Black Sea
    assert S.sea_controller(m, "black") == AXIS
    assert not S.in_supply(m, ger)


def test_10_D_kerch_straits_carry_supply_but_not_production() -> None:
    m = new()
    clear(m)
    own(m, AXIS, "feodosia", "sevastopol")  # the Black Sea is Axis: no Soviet sea leg
    rifle = place(m, "sov-10a", "kerch")
    path = S.supply_path(m, rifle)
    assert path is not None and path[:2] == ["kerch", "taman"]
    assert S.traces(m, "kerch", SOVIET, sources="soviet")
    assert not S.traces(m, "kerch", SOVIET, sources="soviet", overland=True)
    assert not S.overland(m, "kerch", SOVIET)


def test_17_A_2_overland_supply_of_soviet_places_is_to_siberia_only() -> None:
    m = new()
    assert S.overland(m, "grozny", SOVIET)
    own(m, AXIS, "mozdok", "kizlyar", "ordzhonikidze")  # Grozny keeps only its southeast line
    assert S.traces(m, "grozny", SOVIET, sources="soviet")
    assert not S.overland(m, "grozny", SOVIET)


def test_19_0_partisan_points_block_axis_paths() -> None:
    m = new()
    clear(m)
    own(m, AXIS, "orsha")
    surround(m, "orsha", SOVIET)
    own(m, AXIS, "borisov", "minsk", "baranovichi", "brest", "lublin")
    ger = place(m, "ger-1", "orsha")
    assert S.supply_path(m, ger)[:3] == ["orsha", "borisov", "minsk"]
    place(m, "partisan-1", "borisov")
    assert not S.in_supply(m, ger)


def test_traces_with_explicit_sources() -> None:
    m = new()
    assert S.traces(m, "minsk", SOVIET, sources=["moscow"])
    surround(m, "moscow", AXIS)
    assert not S.traces(m, "minsk", SOVIET, sources=["moscow"])


# ----------------------------------------------------------------------------- 20.0 seas


def test_20_0_sea_control_follows_the_deciding_ports() -> None:
    m = new()
    assert S.sea_controller(m, "baltic") == AXIS  # Konigsberg
    assert S.sea_controller(m, "black") == SOVIET  # Sevastopol
    assert S.sea_controller(m, "azov") == SOVIET  # Sevastopol and Rostov
    own(m, SOVIET, "konigsberg")
    assert S.sea_controller(m, "baltic") == SOVIET
    own(m, AXIS, "sevastopol", "rostov")
    assert S.sea_controller(m, "black") == AXIS
    assert S.sea_controller(m, "azov") == AXIS


def test_20_0_azov_split_between_the_sides_is_nobodys_E_22() -> None:
    m = new()
    own(m, AXIS, "sevastopol")
    assert S.sea_controller(m, "black") == AXIS
    assert S.sea_controller(m, "azov") is None
    own(m, SOVIET, "sevastopol")
    own(m, AXIS, "rostov")
    assert S.sea_controller(m, "azov") is None


def test_20_0_black_sea_and_azov_are_separate_seas_for_supply() -> None:
    m = new()
    clear(m)
    # Mariupol in Axis hands with every land line cut: the Axis holds the Black Sea and
    # Constanta, but Azov is split (Rostov Soviet), so no sea leg reaches Mariupol.
    own(m, AXIS, "mariupol", "sevastopol")
    surround(m, "mariupol", SOVIET)
    ger = place(m, "ger-11", "mariupol")
    assert S.sea_controller(m, "black") == AXIS and S.sea_controller(m, "azov") is None
    assert not S.in_supply(m, ger)
    own(m, AXIS, "rostov", "taganrog")  # Azov Axis, but no Axis Azov port reaches a source
    own(m, SOVIET, *m.topology.neighbours("taganrog"), *m.topology.neighbours("rostov"))
    own(m, AXIS, "mariupol", "taganrog", "rostov")
    assert S.sea_controller(m, "azov") == AXIS
    assert not S.in_supply(m, ger)


# ----------------------------------------------------------------------------- 17.A.3 armor


def test_17_A_3_axis_armor_traces_to_bucharest_or_the_west_edge() -> None:
    m = new()
    clear(m)
    own(m, SOVIET, "konigsberg")
    pz = place(m, "ger-3", "helsinki")
    inf = place(m, "ger-19", "helsinki")
    assert S.in_supply(m, pz)  # the Finnish north edge feeds Germans...
    assert not S.armored_supply(m, pz)  # ...but not their armor (17.A.3)
    assert S.armored_supply(m, inf)  # infantry needs no armored supply
    rum_armor = place(m, "rum-p1", "galati")
    assert S.armored_supply(m, rum_armor)
    own(m, SOVIET, "bucharest")
    assert S.armored_supply(m, rum_armor)  # still the west edge
    assert not S.in_supply(m, rum_armor)  # but its normal source is gone


def test_17_A_3_soviet_armor_and_cav_mech_trace_to_grozny_not_cavalry() -> None:
    m = new()
    clear(m)
    tank = place(m, "sov-14tk", "rostov")
    cmg = place(m, "cmg-1", "rostov")
    cav = place(m, "sov-2cav", "rostov")
    assert S.armored_supply(m, tank) and S.armored_supply(m, cmg)
    own(m, AXIS, "grozny")
    assert not S.armored_supply(m, tank)
    assert not S.armored_supply(m, cmg)
    assert S.armored_supply(m, cav)  # cavalry is unaffected
    assert S.in_supply(m, tank)  # no armored supply is not isolation


# ----------------------------------------------------------------------------- exits


def test_2_B_3_units_off_the_west_edge_trace_through_their_exit_line() -> None:
    m = new()
    clear(m)
    own(m, SOVIET, *m.topology.locations())
    own(m, AXIS, "box:west")
    army = place(m, "sov-10a", "box:west")
    army.flags[S.EXIT_LINE] = "edge:west-2"
    assert S.supply_path(m, army)[:3] == ["box:west", "edge:west-2", "warsaw"]
    own(m, AXIS, "edge:west-2")
    assert not S.in_supply(m, army)  # edge:west-3 is open, but it is not the unit's line
    army.flags.pop(S.EXIT_LINE)
    assert S.in_supply(m, army)


# ----------------------------------------------------------------------------- 17.B


def isolated_kiev(m: Match, n: int) -> list[str]:
    """``n`` Soviet armies in Kiev, every neighbour Axis."""
    clear(m)
    surround(m, "kiev", AXIS)
    ids = [f"sov-{k}a" for k in (10, 11, 12, 13, 14, 16, 18, 19)][:n]
    for uid in ids:
        place(m, uid, "kiev")
    return ids


def pick(m: Match) -> str:
    """The owner's choice: the first unit offered."""
    action = m.legal_actions()[0]
    assert action.verb == "isolation-loss"
    m.apply(action)
    return action.args[0]


def test_17_B_R_26_isolated_kiev_loses_one_a_turn_down_to_its_garrison() -> None:
    m = new()
    isolated_kiev(m, 6)
    counts = []
    for _turn in range(6):
        S.isolate(m, SOVIET)
        while m.decision is not None and m.decision.kind == S.ISOLATION:
            assert m.decision.context["count"] == 1  # a VP city: one a turn
            pick(m)
        counts.append(len(m.units_at("kiev")))
    assert counts == [5, 4, 3, 2, 2, 2]
    assert all(U.marked(u, S.ISOLATED) for u in m.units_at("kiev"))


def test_17_B_non_vp_fortress_loses_two_a_turn() -> None:
    m = new()
    clear(m)
    surround(m, "tula", AXIS)
    for uid in ("sov-10a", "sov-11a", "sov-12a", "sov-13a", "sov-14a"):
        place(m, uid, "tula")
    S.isolate(m, SOVIET)
    assert m.decision.kind == S.ISOLATION and m.decision.context["count"] == 2
    pick(m)
    assert m.decision.kind == S.ISOLATION and m.decision.context["count"] == 1
    pick(m)
    assert len(m.units_at("tula")) == 3
    S.isolate(m, SOVIET)
    pick(m)
    pick(m)
    assert len(m.units_at("tula")) == 1  # Tula's garrison: one unit
    S.isolate(m, SOVIET)
    assert len(m.units_at("tula")) == 1
    assert m.decision.kind != S.ISOLATION


def test_17_B_isolated_units_outside_fortresses_are_eliminated() -> None:
    m = new()
    clear(m)
    surround(m, "orsha", AXIS)
    a, b = place(m, "sov-10a", "orsha"), place(m, "sov-11a", "smolensk")
    S.isolate(m, SOVIET)
    assert a.loc is None and a.flags.get("eliminated")
    assert b.loc == "smolensk"


def test_17_B_only_the_phasing_players_units_are_judged() -> None:
    m = new()
    clear(m)
    surround(m, "orsha", AXIS)
    rifle = place(m, "sov-10a", "orsha")
    S.isolate(m, AXIS)
    assert rifle.loc == "orsha" and U.marked(rifle, S.ISOLATED)


def test_17_B_partisans_and_factories_are_never_isolated() -> None:
    m = new()
    clear(m)
    surround(m, "orsha", AXIS)
    partisan = place(m, "partisan-1", "orsha")
    factory = place(m, "fac-gorki", "orsha")
    assert S.in_supply(m, partisan) and S.in_supply(m, factory)
    S.isolate(m, SOVIET)
    assert partisan.loc == "orsha" and factory.loc == "orsha"
    assert not U.marked(partisan, S.ISOLATED)


def test_17_B_E_12_garrison_reduced_on_the_enemy_side_of_the_border() -> None:
    m = new()
    assert S.garrison(m, "kiev", SOVIET) == 2  # Kiev 2 as printed, not 3 (E-12)
    assert S.garrison(m, "kiev", AXIS) == 1
    assert S.garrison(m, "moscow", SOVIET) == 3
    assert S.garrison(m, "konigsberg", AXIS) == 2
    assert S.garrison(m, "konigsberg", SOVIET) == 1
    assert S.garrison(m, "brest", SOVIET) == 1 and S.garrison(m, "tula", SOVIET) == 1
    assert S.garrison(m, "lvov", AXIS) == 0
    assert S.garrison(m, "orsha", SOVIET) == 0
    assert S.loss_rate(m, "kiev") == 1 and S.loss_rate(m, "konigsberg") == 1
    assert S.loss_rate(m, "lvov") == 2 and S.loss_rate(m, "vibors") == 2


def test_17_B_E_12_axis_units_in_a_soviet_fortress_all_go_at_two_a_turn() -> None:
    m = new()
    clear(m)
    besieged(m, AXIS, "lvov", SOVIET, "ger-1", "ger-10", "ger-11")
    S.isolate(m, AXIS)
    assert m.decision.context["count"] == 2
    pick(m)
    pick(m)
    S.isolate(m, AXIS)  # the last one: garrison 0 for the Axis, no choice left
    assert m.units_at("lvov") == []


def test_17_B_soviet_units_in_konigsberg_keep_one() -> None:
    m = new()
    clear(m)
    besieged(m, SOVIET, "konigsberg", AXIS, "sov-10a", "sov-11a", "sov-12a")
    assert S.in_supply(m, m.state.units["sov-10a"])  # the Baltic is Soviet with Konigsberg
    own(m, AXIS, *[p for p in m.topology.region("sea:baltic") if p != "konigsberg"])
    for uid in ("sov-10a", "sov-11a", "sov-12a"):
        place(m, uid, "konigsberg")
    for _ in range(3):
        S.isolate(m, SOVIET)
        while m.decision.kind == S.ISOLATION:
            pick(m)
    assert len(m.units_at("konigsberg")) == 1


def test_17_B_isolation_loss_is_checked_with_the_rule() -> None:
    m = new()
    isolated_kiev(m, 4)
    place(m, "sov-20a", "moscow")
    S.isolate(m, SOVIET)
    assert "DC 17.B" in (m.check("isolation-loss sov-20a") or "")
    assert "DC 17.B" in (m.check("isolation-loss") or "")
    with pytest.raises(IllegalAction):
        m.apply("isolation-loss nobody")
    assert m.check("isolation-loss sov-10a") is None
    assert m.check("end") is not None  # a loss decision cannot be skipped


def test_17_B_isolation_at_the_end_of_the_axis_player_turn() -> None:
    m = new()
    own(m, AXIS, "orsha")
    surround(m, "orsha", SOVIET)
    ger = place(m, "ger-1", "orsha")
    rifle_cut = place(m, "sov-10a", "moscow")
    play_to(m, AXIS, "victory")
    assert ger.loc == "orsha"
    m.apply("end")  # the Axis supply phase runs by itself
    assert ger.loc is None and ger.flags.get("eliminated")
    assert rifle_cut.loc == "moscow"
    assert m.decision.side == SOVIET


def test_17_B_isolation_at_the_end_of_the_soviet_supply_phase() -> None:
    m = new()
    surround(m, "orsha", AXIS)
    rifle = place(m, "sov-10a", "orsha")
    play_to(m, SOVIET, "supply")
    assert rifle.loc == "orsha"
    m.apply("end")
    assert rifle.loc is None


def test_17_B_fortress_choice_inside_the_sequence() -> None:
    m = new()
    clear(m)
    besieged(m, AXIS, "lvov", SOVIET, "ger-1", "ger-10", "ger-11")
    play_to(m, AXIS, "victory")
    m.apply("end")
    assert m.decision.kind == S.ISOLATION and m.decision.side == AXIS
    pick(m)
    pick(m)
    assert m.decision.side == SOVIET and m.decision.phase == "soviet/reinforcement"
    assert len(m.units_at("lvov")) == 1


# ----------------------------------------------------------------------------- effects


def test_17_B_E_19_isolated_soviet_artillery_rockets_air_do_not_fire() -> None:
    m = new()
    clear(m)
    surround(m, "orsha", AXIS)
    art = place(m, "sov-art-1", "orsha")
    air = place(m, "vvs-1", "orsha")
    rifle = place(m, "sov-10a", "orsha")
    assert "DC 17.B" in (S.may_fire(m, art) or "")
    assert S.may_fire(m, air) is not None
    assert S.may_fire(m, rifle) is None
    assert S.may_absorb(m, art)  # 17.B: isolated artillery may absorb
    assert not S.may_absorb(m, air)  # 13.A.3 prevails: Soviet air never absorbs (E-19)
    own(m, SOVIET, "smolensk")
    assert S.may_fire(m, art) is None  # re-supplied: full capability at once


def test_17_B_isolated_hq_supports_with_one() -> None:
    m = new()
    clear(m)
    own(m, AXIS, "orsha")
    surround(m, "orsha", SOVIET)
    hq = place(m, "ger-hq-11", "orsha")
    assert S.hq_support(m, hq, 3) == 1
    assert S.hq_support(m, place(m, "ger-hq-16", "konigsberg"), 3) == 3


def test_17_B_isolated_flag_is_refreshed_at_each_phase() -> None:
    m = new()
    surround(m, "orsha", AXIS)
    rifle = place(m, "sov-10a", "orsha")
    play_to(m, AXIS, "operational")
    assert U.marked(rifle, S.ISOLATED)
    own(m, SOVIET, "smolensk")
    play_to(m, AXIS, "combat")
    assert not U.marked(rifle, S.ISOLATED)


# ----------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(sorted(title().topology.region("country:ussr"))), max_size=40))
def test_supply_is_monotone_in_control(lost: set[str]) -> None:
    """Taking points from a side never puts one of its units into supply."""
    m = new()
    before = {u.id: S.in_supply(m, u) for u in m.units_of(SOVIET)}
    own(m, AXIS, *sorted(lost))
    after = {u.id: S.in_supply(m, u) for u in m.units_of(SOVIET)}
    assert all(before[k] or not after[k] for k in before)


def test_cache_follows_control_changes_within_one_version() -> None:
    m = new()
    rifle = place(m, "sov-10a", "orsha")
    assert S.in_supply(m, rifle)
    for loc in m.topology.neighbours("orsha"):
        m.state.control[loc] = AXIS  # no touch(): the cache must still notice
    assert not S.in_supply(m, rifle)
