"""Land Without End's rules as built (RULINGS.md, Status), each test named for its rule; the
worked examples of the digest's section 14 that these rules reach (P10, P11, P23, D14, R24)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import new_match
from wargame.games.land_without_end.common import WEATHER
from wargame.match import Battle, Match
from wargame.mechanics.concentric import concentric
from wargame.testing import clear, force_rolls, installed, put


@pytest.fixture
def match() -> Match:
    return new_match()


def test_gt1_german_mech_moves_14_infantry_7_5_4(match: Match) -> None:
    """P23: on GT1 German mechanized units move 14, German infantry 7, full or reduced."""
    from wargame.mechanics.movement import allowance

    match.state.cursor.turn = 1
    pz, inf = match.state.units["ger-pz-1"], match.state.units["ger-inf-1"]
    assert allowance(match, pz) == 14
    assert allowance(match, inf) == 7
    inf.step = 1
    assert allowance(match, inf) == 7
    match.state.cursor.turn = 2
    assert allowance(match, inf) == 4  # the printed reduced factor from GT2


def test_satellites_keep_their_printed_mf_on_gt1_5_4(match: Match) -> None:
    """Ruling E22e: the GT1 factors are the German units'; a Romanian corps keeps its own."""
    from wargame.mechanics.movement import allowance

    match.state.cursor.turn = 1
    assert allowance(match, match.state.units["rom-ii"]) == 4


def test_concentric_geometry_11_27(match: Match) -> None:
    """R24: opposite hexes, three alternating hexes, or more than three; two adjacent are not."""
    target = _plain(match)
    ring = [match.topology.neighbour_in(target, d) for d in match.topology.direction_names()]
    assert all(ring)
    assert concentric(match, target, [ring[0], ring[3]])
    assert concentric(match, target, [ring[0], ring[2], ring[4]])
    assert concentric(match, target, ring[:4])
    assert not concentric(match, target, [ring[0], ring[1]])
    assert not concentric(match, target, [ring[0], ring[1], ring[2]])


def _plain(match: Match) -> str:
    """A clear USSR hex with no town or line and six land neighbours, no river around it."""
    topo = match.topology
    for h in sorted(topo.region("country:ussr")):
        ring = [topo.neighbour_in(h, d) for d in topo.direction_names()]
        if topo.terrain(h) != "clear" or topo.features(h) or not all(ring):
            continue
        if all(topo.terrain(n) == "clear" and not topo.edge(h, n).features for n in ring):
            return h
    raise AssertionError("no plain hex")


def _battle(match: Match, target: str, attackers: list[str]) -> Battle:
    units = match.state.units
    return Battle(
        "b1",
        attackers,
        [u.id for u in match.units_at(target)],
        target,
        origins={a: units[a].loc or "" for a in attackers},
    )


def test_defender_in_city_gets_2l_and_no_concentric_11_22(match: Match) -> None:
    from wargame.games.land_without_end import combat

    clear(match)
    moscow = "4618"
    ring = [match.topology.neighbour_in(moscow, d) for d in match.topology.direction_names()]
    put(match, "sov-rd-10", moscow)
    put(match, "ger-inf-1", ring[0])
    put(match, "ger-inf-6", ring[3])
    shifts = combat.wargame_combat_shifts(match, _battle(match, moscow, ["ger-inf-1", "ger-inf-6"]))
    reasons = {s.reason: s.columns for s in shifts}
    assert reasons["defender in a city"] == -2
    assert not any("concentric" in r for r in reasons)


def test_german_only_concentric_is_2r_mixed_1r_11_27(match: Match) -> None:
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    ring = [match.topology.neighbour_in(target, d) for d in match.topology.direction_names()]
    put(match, "sov-rd-10", target)
    put(match, "ger-inf-1", ring[0])
    put(match, "ger-inf-6", ring[3])
    shifts = combat.wargame_combat_shifts(match, _battle(match, target, ["ger-inf-1", "ger-inf-6"]))
    assert [s.columns for s in shifts if "concentric" in s.reason] == [2]
    put(match, "rom-ii", ring[3])
    put(match, "ger-inf-6", None)
    shifts = combat.wargame_combat_shifts(match, _battle(match, target, ["ger-inf-1", "rom-ii"]))
    assert [s.columns for s in shifts if "concentric" in s.reason] == [1]


def test_soviet_mech_defends_at_1_in_a_city_11_22(match: Match) -> None:
    from wargame.games.land_without_end import combat

    clear(match)
    put(match, "sov-mc-12", "4618")
    put(match, "ger-inf-1", match.topology.neighbours("4618")[0])
    mods = combat.wargame_strength_modifiers(match, _battle(match, "4618", ["ger-inf-1"]))
    assert any(m.target == "sov-mc-12" and m.op == "set" and m.value == 1 for m in mods)


def test_german_takes_small_town_plus_1_and_loses_it_again_4_2(match: Match) -> None:
    """P8: +1 for a Soviet small town, lost when the Soviet retakes it."""
    from wargame.games.land_without_end import victory

    town = next(
        h
        for h in sorted(match.topology.region("country:ussr"))
        if victory.town_class(match, h) == "small-town"
    )
    before = victory.vp(match)
    victory.take(match, town, "german")
    assert victory.vp(match) == before + 1
    victory.take(match, town, "soviet")
    assert victory.vp(match) == before


def test_soviet_takes_memel_and_konigsberg_minus_2_and_4_4_3(match: Match) -> None:
    """P9: Memel -2, Königsberg -4, no extra -1 for being in Greater Germany."""
    from wargame.games.land_without_end import victory

    before = victory.vp(match)
    victory.take(match, "1507", "soviet")
    assert victory.vp(match) == before - 2
    victory.take(match, "1209", "soviet")
    assert victory.vp(match) == before - 6


def test_gt5_check_52_wins_major_51_goes_on_4_5_4_6(match: Match) -> None:
    """P10, P11, R29."""
    from wargame.games.land_without_end import victory

    match.state.cursor.turn = 5
    match.state.vp["german"] = 51
    victory.check(match)
    assert match.state.outcome is None
    match.state.vp["german"] = 52
    victory.check(match)
    assert match.state.outcome["winner"] == "german"
    assert match.state.outcome["level"] == "german-major"


@pytest.mark.parametrize(
    ("points", "winner", "level"),
    [
        (130, "german", "german-major"),
        (119, "german", "german-minor"),
        (98, "soviet", "soviet-minor"),
        (86, "soviet", "soviet-major"),
    ],
)
def test_final_tally_levels_4_6(match: Match, points: int, winner: str, level: str) -> None:
    from wargame.games.land_without_end import victory

    match.state.vp["german"] = points
    assert victory.level(match, points) == (winner, level)


def test_the_end_is_the_shared_mechanic_s_level_on_the_victory_table_4_6(match: Match) -> None:
    """4.5, 4.6 with no earlier win: the scenario's vp-levels condition, judged by the shared
    victory mechanic; no draws (4.1)."""
    match.state.vp["german"] = 125
    outcome = match.hook.wargame_outcome(match=match)
    assert (outcome["winner"], outcome["level"], outcome["rule"]) == (
        "german",
        "german-substantive",
        "LWE 4.6",
    )


def test_german_vp_go_into_the_shared_ledger_4_2(match: Match) -> None:
    from wargame.games.land_without_end import victory
    from wargame.mechanics import victory as shared

    match.state.cursor.turn = 4
    force_rolls(match, 1)  # the Moscow roll fails: play goes on
    victory.take(match, "4618", "german")
    victory.take(match, "4618", "soviet")
    assert [(e["points"], e["rule"]) for e in shared.ledger(match)] == [
        (4, "LWE 4.2, 4.3"),
        (-4, "LWE 4.2, 4.3"),
    ]


def test_moscow_capture_roll_collapse_ends_the_game_4_4(match: Match) -> None:
    """4.4: the first German capture of Moscow before non-dry weather rolls at once; 5 + 1
    (before GT10) = 6 collapses the USSR (stand-in table D8)."""
    from wargame.games.land_without_end import victory

    match.state.cursor.turn = 4
    force_rolls(match, 5)
    victory.take(match, "4618", "german")
    assert match.state.outcome["winner"] == "german"
    assert match.state.outcome["level"] == "german-major"


def test_moscow_fights_on_gives_4_vp_and_no_second_roll_4_4(match: Match) -> None:
    from wargame.games.land_without_end import victory

    match.state.cursor.turn = 4
    force_rolls(match, 1)
    before = victory.vp(match)
    victory.take(match, "4618", "german")
    assert match.state.outcome is None
    assert victory.vp(match) == before + 4
    victory.take(match, "4618", "soviet")
    victory.take(match, "4618", "german")  # no second roll (would need a forced die)
    assert match.state.outcome is None


def test_no_moscow_roll_after_first_non_dry_weather_4_4(match: Match) -> None:
    from wargame.games.land_without_end import victory

    match.state.ns(WEATHER)["non_dry_seen"] = True
    victory.take(match, "4618", "german")
    assert not match.state.vars.get("capture_rolled")


def test_fz_debit_from_gt4_ignores_odessa_4_2(match: Match) -> None:
    """R27: -1 VP per FZ on the map at the start of each turn from GT4, Odessa's not counted."""
    from wargame.games.land_without_end import victory

    fzs = [u for u in match.state.units.values() if u.loc and u.id.startswith("sov-fz-")]
    odessa = [u for u in fzs if u.loc == "2141"]
    match.state.cursor.turn = 3
    victory.fz_debit(match)
    assert victory.vp(match) == 0
    match.state.cursor.turn = 4
    victory.fz_debit(match)
    assert victory.vp(match) == -(len(fzs) - len(odessa))


def test_de_takes_a_step_from_every_defender_11_34(match: Match) -> None:
    """D12 (German defenders here): DE eliminates the one-step units and reduces the two-step
    ones; the hex is still held, so no advance."""
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    put(match, "ger-inf-1", target)
    put(match, "rom-ii", target)
    attacker = put(match, "sov-rd-10", match.topology.neighbours(target)[0])
    battle = _battle(match, target, [attacker.id])
    assert combat.wargame_combat_result(match, battle, "DE") is True
    assert match.state.units["rom-ii"].loc is None
    assert match.state.units["ger-inf-1"].loc == target
    assert match.state.units["ger-inf-1"].step == 1


def test_bb_attacker_loses_as_many_steps_as_the_defender_11_35(match: Match) -> None:
    """D13: the defender lost 2 steps, so the attackers lose 2 (one each here: no choice left)."""
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    put(match, "ger-inf-1", target)
    put(match, "rom-ii", target)
    near = match.topology.neighbours(target)
    put(match, "sov-rd-10", near[0])
    put(match, "sov-rd-11", near[1])
    battle = _battle(match, target, ["sov-rd-10", "sov-rd-11"])
    assert combat.wargame_combat_result(match, battle, "BB") is True
    assert match.state.units["sov-rd-10"].loc is None
    assert match.state.units["sov-rd-11"].loc is None


def test_as_in_a_city_becomes_al1_11_22(match: Match) -> None:
    """D14: AS (or DR) against a city is AL1: the lone attacker loses its step."""
    from wargame.games.land_without_end import combat

    clear(match)
    put(match, "sov-rd-10", "4618")
    attacker = put(match, "ger-inf-1", match.topology.neighbours("4618")[0])
    battle = _battle(match, "4618", [attacker.id])
    assert combat.wargame_combat_result(match, battle, "AS") is True
    assert match.state.units["ger-inf-1"].step == 1
    assert match.state.units["sov-rd-10"].loc == "4618"


def test_other_results_are_the_tables_11_30(match: Match) -> None:
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    put(match, "sov-rd-10", target)
    attacker = put(match, "ger-inf-1", match.topology.neighbours(target)[0])
    assert combat.wargame_combat_result(match, _battle(match, target, [attacker.id]), "AL1") is None


def test_the_soviet_sets_up_after_the_german_with_his_choices_3_3_3_4() -> None:
    """3.3 then 3.4: the German's set-up ending leaves the Soviet's listed locations in place
    (the kernel once cleared every side's at the first set-up phase's end, and the Soviet
    set-up never came); the Soviet's own end clears his."""
    m = Match(installed("lwe"), "campaign", 0)
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("german", "deploy")
    soviet = [u for u in m.state.units.values() if u.side == "soviet" and u.flags.get("deploy")]
    assert soviet
    m.apply("end")
    d = m.decision
    assert d is not None and (d.side, d.kind, d.phase) == (
        "soviet",
        "deploy",
        "setup/soviet-deploy",
    )
    assert all(u.flags.get("deploy") for u in soviet)
    assert not any(u.flags.get("deploy") for u in m.state.units.values() if u.side == "german")
    assert any(a.verb == "deploy" for a in m.legal_actions())
    m.apply("end")
    assert not any(u.flags.get("deploy") for u in m.state.units.values())


def test_dr_eliminates_static_units_in_place_the_others_retreat_11_32(match: Match) -> None:
    """The FZ and the Oranienbaum naval infantry never retreat: a DR eliminates them where they
    stand; the other defenders are left to the usual retreat."""
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    put(match, "sov-fz-przemysl", target)
    put(match, "sov-nvl-oranienbaum", target)
    put(match, "sov-rd-10", target)
    put(match, "ger-inf-1", match.topology.neighbours(target)[0])
    assert combat.wargame_combat_result(match, _battle(match, target, ["ger-inf-1"]), "DR") is None
    for uid in ("sov-fz-przemysl", "sov-nvl-oranienbaum"):
        assert match.state.units[uid].flags.get("eliminated")
    assert match.state.units["sov-rd-10"].loc == target  # it retreats by the usual DR


def test_as_leaves_static_units_in_place_11_30_11_32(match: Match) -> None:
    from wargame.games.land_without_end import combat

    clear(match)
    target = _plain(match)
    put(match, "sov-fz-przemysl", target)
    put(match, "ger-inf-1", match.topology.neighbours(target)[0])
    assert combat.wargame_combat_result(match, _battle(match, target, ["ger-inf-1"]), "AS") is None
    assert match.state.units["sov-fz-przemysl"].loc == target
