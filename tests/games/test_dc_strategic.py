"""Dark Crusade strategic movement (9.0, 5.C, 3.C.3.d): the digest's R-11..R-14 and rulings
E-22 and E-30, by land and by sea."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.dc_helpers import place, step
from wargame.games.dark_crusade import strategic as S
from wargame.games.dark_crusade import units as U
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import force_rolls

TITLE = discover().get("dc")


def to_strategic(m: Match, side: str, turn: int) -> Match:
    while not (
        m.turn == turn
        and m.phasing == side
        and m.phase is not None
        and m.phase.spec.id == "strategic"
    ):
        step(m)
    return m


@pytest.fixture(scope="module")
def base() -> Match:
    return to_strategic(Match(TITLE, "tournament", seed=1), "soviet", 2)


@pytest.fixture
def m(base: Match) -> Iterator[Match]:
    yield base.sandbox()


def lose(m: Match, *points: str) -> None:
    for p in points:
        m.state.control[p] = "axis"
    m.touch()


# ----------------------------------------------------------------------------- allowance


def test_R_12_5_C_first_turn_axis_none_soviet_two() -> None:
    for scenario in ("tournament", "tournament-may"):
        m = Match(TITLE, scenario, seed=1)
        assert (S.allowance(m, "axis"), S.allowance(m, "soviet")) == (0, 2)


def test_R_11_9_A_allowance_is_supplied_vp_capped(m: Match) -> None:
    assert (S.allowance(m, "axis"), S.allowance(m, "soviet")) == (7, 16)
    lose(m, "minsk", "kiev")  # 1 + 2 Soviet VP now Axis-controlled
    assert S.allowance(m, "soviet") == 13
    m.state.control["warsaw"] = "soviet"
    m.touch()
    assert S.allowance(m, "axis") == 5


def test_E_30_city_must_be_in_supply(m: Match) -> None:
    """Odessa cut off from every Soviet source (ruling P11) stops counting."""
    lose(m, *m.topology.neighbours("odessa"))
    m.state.control["sevastopol"] = "axis"  # no friendly Black Sea either
    m.touch()
    assert not S.city_in_supply(m, "odessa", "soviet")
    assert S.base_allowance(m, "soviet") == 16 - 1 - 1  # Odessa and Sevastopol


@pytest.mark.parametrize(("lost", "halved"), [((), 8), (("minsk", "kiev"), 7)])
def test_EX_04_3_C_3_d_crisis_halves_rounding_up(
    m: Match, lost: tuple[str, ...], halved: int
) -> None:
    lose(m, *lost)
    m.state.vars["siberia"] = {"crisis": {"over": False}}
    assert S.allowance(m, "soviet") == halved
    assert S.allowance(m, "axis") == 7  # the Axis is not affected
    m.state.vars["siberia"]["crisis"]["over"] = True
    assert S.allowance(m, "soviet") == 16 - 3 * bool(lost)


def test_8_C_2_a_entrained_factories_use_the_allowance(m: Match) -> None:
    m.state.units["fac-gorki"].flags["entrained"] = True
    assert S.used(m, "soviet") == 1 and S.left(m, "soviet") == 15


# ----------------------------------------------------------------------------- land


def test_9_A_strategic_move_disperses_at_end_of_phase(m: Match) -> None:
    m.apply("strat sov-art-1 stalingrad")
    unit = m.state.units["sov-art-1"]
    assert unit.loc == "stalingrad" and not U.dispersed(unit)
    assert S.used(m, "soviet") == 1
    assert (
        m.check("strat sov-art-1 moscow")
        == "sov-art-1 already moved strategically this phase (DC 9.0)"
    )
    m.apply("end")
    assert U.dispersed(unit)


def test_R_13_9_A_3_fourth_mover_to_one_point_is_illegal(m: Match) -> None:
    for uid in ("sov-art-1", "sov-24a", "sov-28a"):
        place(m, uid, "moscow")
        m.apply(f"strat {uid} tula")
    place(m, "sov-20a", "moscow")
    assert m.check("strat sov-20a tula") == "three strategic movers already end on tula (DC 9.A.3)"
    assert "strat sov-20a tula" not in [str(a) for a in m.legal_actions()]


def test_R_11_allowance_used_up(m: Match) -> None:
    ledger = m.state.ns("strategic-movement")  # the shared mechanic's count (9.A)
    ledger.update(used=16, moved=[f"x{i}" for i in range(16)])
    m.touch()
    reason = m.check("strat sov-art-1 stalingrad")
    assert (
        reason
        == "the strategic movement allowance is used up: 16 of 16 (DC 9.A, 5.C, 3.C.3.d, 8.C.2.a)"
    )
    assert [a.verb for a in m.legal_actions() if a.verb != "offer-draw"] == ["end"]  # 2.B.1.c


def test_9_A_1_no_strategic_movement_across_the_kerch_straits(m: Match) -> None:
    place(m, "sov-art-1", "kerch")
    lose(m, "feodosia")  # the only other way out of Kerch
    reason = m.check("strat sov-art-1 taman")
    assert reason is not None and "Kerch" in reason and "9.A" in reason


def test_9_A_1_no_strategic_movement_between_pinsk_and_rovno(m: Match) -> None:
    place(m, "sov-art-1", "pinsk")
    lose(m, "baranovichi", "brest", "korosten", "kovel", "mozyr", "slutsk")
    assert "rovno" not in S.land_tree(m, "soviet", "pinsk")
    assert "Pinsk-Rovno" in str(m.check("strat sov-art-1 rovno"))


def test_9_A_1_not_into_out_of_or_through_elista(m: Match) -> None:
    assert m.check("strat sov-art-1 elista") == "no strategic movement into elista (DC 9.A.1)"
    assert "elista" not in S.land_tree(m, "soviet", "moscow")
    place(m, "sov-24a", "elista")
    assert m.check("strat sov-24a stalingrad") == (
        "no strategic movement out of elista (DC 9.A, 9.A.1)"
    )


def test_9_A_only_friendly_points(m: Match) -> None:
    assert m.check("strat sov-art-1 warsaw") == (
        "warsaw is not soviet-controlled: strategic movement uses friendly points (DC 9.A)"
    )
    lose(m, "tula", "kaluga", "ryazan", "kalinin", "mozhaisk", "yaroslavl", "vladimir")
    lose(m, *m.topology.neighbours("moscow"))
    reason = m.check("strat sov-art-1 stalingrad")
    assert reason is not None and reason.startswith("no line of soviet-controlled points")


def test_9_A_soviets_transit_siberia(m: Match) -> None:
    place(m, "sov-art-1", "saratov")
    lose(m, *[p for p in m.topology.neighbours("kotlas") if not p.startswith("edge:")])
    tree = S.land_tree(m, "soviet", "saratov")
    assert "kotlas" in tree
    events = m.apply("strat sov-art-1 kotlas")
    path = next(e.data["path"] for e in events if e.kind == "strategic")
    assert "box:siberia" in path and path[0] == "saratov" and path[-1] == "kotlas"
    assert m.check("strat sov-24a box:west") is not None  # never the Axis box


def test_9_A_units_may_stay_in_siberia(m: Match) -> None:
    m.apply("strat sov-art-1 box:siberia")
    assert m.state.units["sov-art-1"].loc == "box:siberia"


def test_9_A_dispersed_units_do_not_move_but_fresh_replacements_do(m: Match) -> None:
    unit = m.state.units["sov-art-1"]
    U.mark(m, unit, U.DISPERSED)
    m.touch()
    assert m.check("strat sov-art-1 tula") == (
        "sov-art-1 is dispersed: only undispersed units move strategically (DC 9.A)"
    )
    unit.flags["replacement"] = m.turn  # 8.A: replacements may move strategically
    m.touch()
    assert m.check("strat sov-art-1 tula") is None


def test_9_A_factories_do_not_move_strategically(m: Match) -> None:
    reason = m.check("strat fac-gorki moscow")
    assert (
        reason == "factories move by entraining in the R/RP, not by strategic movement (DC 8.C.2)"
    )


def test_9_A_axis_transit_the_west_box() -> None:
    m = to_strategic(Match(TITLE, "tournament", seed=1), "axis", 2)
    assert "box:west" in S.land_tree(m, "axis", "warsaw")
    assert "box:siberia" not in S.land_tree(m, "axis", "warsaw")
    uid = next(u.id for u in m.units_at("lublin") if S.eligible_problem(m, u) is None)
    m.apply(f"strat {uid} konigsberg")
    assert m.state.units[uid].loc == "konigsberg"


# ----------------------------------------------------------------------------- sea


def test_R_14_9_B_one_unit_per_sea_per_turn(m: Match, monkeypatch: pytest.MonkeyPatch) -> None:
    force_rolls(m, then=6)
    place(m, "sov-art-1", "leningrad")
    place(m, "sov-24a", "leningrad")
    place(m, "sov-28a", "odessa")
    m.apply("sea sov-art-1 tallinn")
    assert m.state.units["sov-art-1"].loc == "tallinn"
    assert m.check("sea sov-24a riga") == (
        "one unit a turn by sea on the Baltic Sea: sov-art-1 already sailed (DC 9.B)"
    )
    assert m.check("sea sov-28a sevastopol") is None  # the Black Sea has its own
    m.apply("sea sov-28a sevastopol")
    assert S.used(m, "soviet") == 2  # ruling P12: sea movers count against the allowance


def test_9_B_black_sea_and_azov_are_one_sea(m: Match, monkeypatch: pytest.MonkeyPatch) -> None:
    force_rolls(m, then=6)
    place(m, "sov-art-1", "odessa")
    place(m, "sov-24a", "rostov")
    m.apply("sea sov-art-1 rostov")
    assert m.check("sea sov-24a mariupol") == (
        "one unit a turn by sea on the Black Sea: sov-art-1 already sailed (DC 9.B)"
    )


def test_9_B_into_or_out_of_azov_needs_both_sides_of_kerch(m: Match) -> None:
    place(m, "sov-art-1", "odessa")
    place(m, "sov-24a", "rostov")
    assert m.check("sea sov-art-1 rostov") is None
    lose(m, "taman")
    reason = m.check("sea sov-art-1 rostov")
    assert reason is not None and "Kerch Straits (kerch and taman) (DC 9.B)" in reason
    assert m.check("sea sov-24a odessa") == reason  # out of Azov alike
    assert m.check("sea sov-24a mariupol") is None  # Azov to Azov: no strait


@pytest.mark.parametrize(
    ("start", "dest", "roll", "lost"),
    [
        ("odessa", "sevastopol", 1, True),  # Black Sea, Soviet-controlled (Sevastopol)
        ("odessa", "sevastopol", 3, False),
        ("leningrad", "tallinn", 3, True),  # Baltic, Axis-controlled (Konigsberg)
        ("leningrad", "tallinn", 5, True),
        ("leningrad", "tallinn", 4, False),
    ],
)
def test_R_14_9_B_torpedo_friendly_one_enemy_one_three_five(
    m: Match, monkeypatch: pytest.MonkeyPatch, start: str, dest: str, roll: int, lost: bool
) -> None:
    force_rolls(m, then=roll)
    place(m, "sov-art-1", start)
    m.apply(f"sea sov-art-1 {dest}")
    unit = m.state.units["sov-art-1"]
    assert (unit.loc is None) is lost
    assert bool(unit.flags.get("eliminated")) is lost


def test_E_22_split_azov_is_nobodys_sea(m: Match) -> None:
    lose(m, "sevastopol")
    assert S.sea_controller(m, "azov") is None
    assert S.lost_on(m, "soviet", "azov") == (1, 3, 5)
    assert S.lost_on(m, "axis", "azov") == (1, 3, 5)
    assert S.lost_on(m, "axis", "black") == (1,)


def test_9_B_sea_mover_must_start_undispersed_in_a_port(m: Match) -> None:
    assert m.check("sea sov-art-1 tallinn") == "moscow is not a port (DC 9.B)"
    place(m, "sov-art-1", "leningrad")
    unit = m.state.units["sov-art-1"]
    U.mark(m, unit, U.DISPERSED)
    unit.flags["replacement"] = m.turn
    m.touch()
    assert m.check("sea sov-art-1 tallinn") == (
        "sov-art-1 is dispersed: sea movement needs an undispersed unit (DC 9.B)"
    )
    assert m.check("sea sov-art-1 odessa") is not None


# ----------------------------------------------------------------------------- legal actions


def test_legal_strategic_actions_stay_short_and_all_check(base: Match) -> None:
    m = base.sandbox()
    actions = m.legal_actions()
    assert 100 < len(actions) < 3000
    for action in actions[:: max(1, len(actions) // 200)]:
        assert m.check(action) is None, action


def test_strategic_moves_replay_deterministically(base: Match) -> None:
    m = base.sandbox()
    m.apply("strat sov-art-1 stalingrad")
    m.apply("end")
    again = Match(TITLE, "tournament", seed=1)
    for text in m.history:
        again.apply(text)
    assert again.state_hash() == m.state_hash()
