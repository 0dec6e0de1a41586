"""PGG combat (9.0-9.8, 7.3, 12.3, 6.4, 6.55) on small hand-made maps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.pgg_helpers import (
    at_phase,
    battles,
    fixed_roll,
    hex_map,
    make_title,
    only_face,
    put,
    river,
    road,
    soviet,
)
from wargame.games.panzergruppe_guderian import combat
from wargame.match import Battle, Match
from wargame.mechanics import combat as kernel_combat
from wargame.plugins import Title
from wargame.testing import refused

TERRAIN = {"0808": "forest", "1012": "major-city", "1014": "minor-city"}
RIVERS = [river("0808", "0708"), river("0808", "0709"), river("0713", "0813")]


@pytest.fixture(scope="module")
def title(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """16 x 22 hexes: forest at 0808 behind rivers on its north-west and south-west sides, a
    major city at 1012, a minor city at 1014, a river between 0713 and 0813."""
    return make_title(
        tmp_path_factory.mktemp("combat"), hex_map(16, 22, terrain=TERRAIN, hexsides=RIVERS)
    )


@pytest.fixture(scope="module")
def far(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """30 x 22 hexes, forest at 2510: column 25 is more than twenty hexes from 0120."""
    return make_title(tmp_path_factory.mktemp("far"), hex_map(30, 22, terrain={"2510": "forest"}))


def fight(match: Match, action: str) -> Battle:
    (battle,) = battles(match.apply(action))
    return battle


def finish_battle(match: Match) -> None:
    """Take the first choice offered until the combat phase asks for the next attack."""
    while match.decision is not None and match.decision.kind != "combat":
        match.apply(match.legal_actions()[0])


# ------------------------------------------------------------------ odds (9.4, 9.5)


def test_9_4_26_vs_9_is_2_to_1(title: Title) -> None:
    m = Match(title)
    assert kernel_combat.tables(m)["crt"].column(26, 9).label == "2-1"
    put(m, "R01", "0510", face=soviet(4, 5))
    put(m, "Rokassovski", "0510")  # defense = rating (10.1 c)
    put(m, "6Inf", "0509")
    put(m, "26Inf", "0609")
    put(m, "Pz/7Pz", "0610")
    put(m, "Pz/12Pz", "0610")
    at_phase(m, "german", "combat", turn=7)
    battle = fight(m, "attack 0510 with 6Inf,26Inf,Pz/7Pz,Pz/12Pz")
    assert (battle.attack, battle.defense, battle.column) == (26, 9, "2-1")


def test_9_5_odds_beyond_the_table_use_its_end_columns(title: Title) -> None:
    crt = kernel_combat.tables(Match(title))["crt"]
    assert crt.column(40, 3).label == "10-1"
    assert crt.column(1, 9).label == "1-3"


# ------------------------------------------------------------------ terrain (9.3)


def defending(title: Title, at: str, attackers: dict[str, str], face: dict[str, float]) -> Battle:
    m = Match(title)
    put(m, "R01", at, face=face)
    put(m, "Lukin", at)
    for cid, loc in attackers.items():
        put(m, cid, loc)
    at_phase(m, "german", "combat", turn=7)
    return fight(m, f"attack {at} with {','.join(attackers)}")


def test_9_31_defense_4_in_a_major_city_is_8(title: Title) -> None:
    battle = defending(title, "1012", {"6Inf": "1011"}, soviet(3, 1))
    assert battle.defense == (1 + 3) * 2
    assert any("major-city" in line and "PGG 9.31" in line for line in battle.explanation)


def test_9_31_minor_city_has_no_effect(title: Title) -> None:
    assert defending(title, "1014", {"6Inf": "1013"}, soviet(3, 1)).defense == 4


def test_9_33_forest_and_river_triple(title: Title) -> None:
    battle = defending(title, "0808", {"6Inf": "0708", "26Inf": "0709"}, soviet(3, 1))
    assert battle.defense == 4 * 3
    assert any("forest + river" in line for line in battle.explanation)


def test_9_32_river_counts_only_when_every_attacker_is_across_one(title: Title) -> None:
    battle = defending(title, "0808", {"6Inf": "0708", "26Inf": "0807"}, soviet(3, 1))
    assert battle.defense == 4 * 2  # the forest alone


def test_9_32_river_alone_doubles(title: Title) -> None:
    battle = defending(title, "0713", {"6Inf": "0813"}, soviet(3, 1))
    assert battle.defense == 8


def test_9_32_ruling_each_hex_of_a_multi_hex_attack_keeps_its_own_terrain(title: Title) -> None:
    """6Inf at 0708 attacks 0808 (forest, across a river: x3) and 0807 (clear) at once (9.23)."""
    m = Match(title)
    put(m, "R01", "0808", face=soviet(3, 1))
    put(m, "R02", "0807", face=soviet(3, 1))
    put(m, "Lukin", "0908")
    put(m, "6Inf", "0708")
    at_phase(m, "german", "combat", turn=7)
    battle = fight(m, "attack 0808,0807 with 6Inf")
    assert battle.defense == 1 * 3 + 1


def test_9_33_terrain_multiplier_function(title: Title) -> None:
    m = Match(title)
    assert combat.terrain_multiplier(m, "0808", ["0708", "0709"]) == (
        3,
        ["forest", "river (every attacker across)"],
    )
    assert combat.terrain_multiplier(m, "0808", ["0708", "0807"]) == (2, ["forest"])
    assert combat.terrain_multiplier(m, "0510", ["0509"]) == (1, [])


def test_9_33_ruling_three_multiples_add_less_two(tmp_path: Path) -> None:
    """The rule says how two multiples combine; read for any number: sum - (n - 1). A chart
    where a road hex also doubled would make forest + river + road x4."""

    def road_doubles(folder: Path) -> None:
        chart = json.loads((folder / "terrain.json").read_text(encoding="utf-8"))
        chart["features"]["road"]["combat"] = {"defense_multiplier": 2}
        (folder / "terrain.json").write_text(json.dumps(chart), encoding="utf-8")

    variant = make_title(
        tmp_path,
        hex_map(16, 22, terrain=TERRAIN, hexsides=RIVERS, lines=[road("0807", "0808")]),
        patch=road_doubles,
    )
    m = Match(variant)
    assert combat.terrain_multiplier(m, "0808", ["0708", "0709"]) == (
        4,
        ["forest", "road", "river (every attacker across)"],
    )


# ------------------------------------------------------------------ divisional integration (7.3)


PANZER = ("Pz/7Pz", "PzG1/7Pz", "PzG2/7Pz")  # 4 + 2 + 2 = 8 at face value (6.55)


def german_attack(title: Title, stack: dict[str, str], attackers: str, **face: float) -> Battle:
    m = Match(title)
    put(m, "R01", "0510", face=soviet(3, 4))
    put(m, "Lukin", "0511")
    for cid, loc in stack.items():
        put(m, cid, loc)
    at_phase(m, "german", "combat", turn=7)
    return fight(m, f"attack 0510 with {attackers}")


def test_7_3_a_whole_panzer_division_alone_is_doubled_in_attack(title: Title) -> None:
    battle = german_attack(title, dict.fromkeys(PANZER, "0609"), ",".join(PANZER))
    assert battle.attack == 16
    assert any("7Pz integrated" in line and "PGG 7.3" in line for line in battle.explanation)


def test_7_3_and_in_defense(title: Title) -> None:
    m = Match(title)
    for cid in PANZER:
        put(m, cid, "0609")
    put(m, "R01", "0510", face=soviet(3, 4))
    put(m, "Lukin", "0510")
    at_phase(m, "soviet", "combat", turn=7)
    assert fight(m, "attack 0609 with R01").defense == 16


def test_7_3_motorized_division_of_two_regiments(title: Title) -> None:
    stack = {"Mot1/14Mot": "0609", "Mot2/14Mot": "0609"}
    assert german_attack(title, stack, "Mot1/14Mot,Mot2/14Mot").attack == 12


def test_7_3_no_other_division_in_the_hex(title: Title) -> None:
    stack = {"Mot1/14Mot": "0609", "Mot2/14Mot": "0609", "Lehr": "0609"}
    assert german_attack(title, stack, "Mot1/14Mot,Mot2/14Mot").attack == 6
    stack = {"Pz/7Pz": "0609", "PzG1/7Pz": "0609", "Pz/12Pz": "0609"}
    assert german_attack(title, stack, "Pz/7Pz,PzG1/7Pz,Pz/12Pz").attack == 10


def test_7_3_all_regiments_must_be_in_the_hex(title: Title) -> None:
    stack = {"Pz/7Pz": "0609", "PzG1/7Pz": "0609", "PzG2/7Pz": "0509"}
    assert german_attack(title, stack, ",".join(PANZER)).attack == 8


def test_7_3_ruling_every_regiment_must_take_part_in_the_attack(title: Title) -> None:
    assert german_attack(title, dict.fromkeys(PANZER, "0609"), "Pz/7Pz,PzG1/7Pz").attack == 6


def test_7_3_ruling_reduced_regiments_still_integrate(title: Title) -> None:
    m = Match(title)
    put(m, "R01", "0510", face=soviet(3, 4))
    put(m, "Lukin", "0511")
    for cid in PANZER:
        put(m, cid, "0609")
    m.state.units["Pz/7Pz"].step = 1  # flipped: 2
    at_phase(m, "german", "combat", turn=7)
    assert fight(m, "attack 0510 with " + ",".join(PANZER)).attack == (2 + 2 + 2) * 2


def test_7_3_never_again_once_a_regiment_is_eliminated(title: Title) -> None:
    m = Match(title)
    put(m, "Mot1/14Mot", "0609")
    gone = put(m, "Mot2/14Mot", "0609")
    assert combat.integrated(m, "0609") == "14Mot"
    m.eliminate(gone)
    assert m.state.vars[combat.BROKEN] == ["14Mot"]
    put(m, "Mot2/14Mot", "0609")  # even were it to come back
    assert combat.integrated(m, "0609") is None


def test_7_3_not_for_infantry_or_cavalry(title: Title) -> None:
    assert german_attack(title, {"6Inf": "0609"}, "6Inf").attack == 9
    assert german_attack(title, {"1Cav": "0609"}, "1Cav").attack == 4
    m = Match(title)
    put(m, "6Inf", "0609")
    assert combat.integrated(m, "0609") is None


# ------------------------------------------------------------------ supply at the instant (11.3)


def test_11_31_ruling_per_unit_loses_a_point_per_odd_unit(far: Title) -> None:
    m = Match(far)
    put(m, "Mot1/14Mot", "2510")
    put(m, "Mot1/10Mot", "2511")  # two 3s of different divisions, out of supply
    put(m, "R01", "2410", face=soviet(1, 3))
    put(m, "Lukin", "2410")
    at_phase(m, "german", "combat", turn=7)
    battle = fight(m, "attack 2410 with Mot1/14Mot,Mot1/10Mot")
    assert battle.attack == 1 + 1  # per unit; a total halving would give 3
    assert sum("PGG 11.31-11.32" in line for line in battle.explanation) == 2


def test_11_31_ruling_supply_halves_the_unit_before_terrain_multiplies(far: Title) -> None:
    """An out-of-supply 9-7 is worth 4 (11.31); in a forest it defends with 8, not 18 / 2 = 9."""
    m = Match(far)
    put(m, "6Inf", "2510")
    put(m, "R01", "2410", face=soviet(6, 8))
    put(m, "Rokassovski", "2410")
    at_phase(m, "soviet", "combat", turn=7)
    battle = fight(m, "attack 2510 with R01")
    assert battle.defense == 8
    text = "\n".join(battle.explanation)
    assert text.index("PGG 11.31") < text.index("PGG 9.31")


# ------------------------------------------------------------------ overrun halving (6.55)


def test_6_55_panzer_division_8_oos_overrun_is_4(far: Title) -> None:
    """Face value 8, doubled for integration (7.3) = 16, halved out of supply (11.31) = 8,
    halved again for the overrun = 4."""
    m = Match(far)
    for cid in PANZER:
        put(m, cid, "2510")
    put(m, "R01", "2410", face=soviet(1, 3))
    at_phase(m, "german", "movement", turn=7)
    assert all("out-of-supply" in m.state.units[c].markers for c in PANZER)
    battle = fight(m, f"overrun 2410 with {','.join(PANZER)} via 2510")
    assert battle.kind == "overrun" and battle.attack == 4
    text = "\n".join(battle.explanation)
    assert text.index("PGG 7.3") < text.index("PGG 11.31") < text.index("overrun")


def test_6_55_soviet_overrun_halves_after_the_leader_bonus(title: Title) -> None:
    """3-4-6 + rating-4 leader capped at 3 = 6, then halved for the overrun = 3."""
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4))
    put(m, "Rokassovski", "0610")
    at_phase(m, "soviet", "movement", turn=7)
    battle = fight(m, "overrun 0510 with R01 via 0610")
    assert battle.attack == 3 and "Rokassovski" in battle.attackers
    text = "\n".join(battle.explanation)
    assert text.index("PGG 10.36") < text.index("overrun")


def test_6_55_ruling_overrun_halving_drops_fractions_with_no_floor(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(1, 2))
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "movement", turn=7)
    battle = fight(m, "overrun 0510 with R01 via 0610")
    assert battle.attack == 0 and battle.column == "1-3"


# ------------------------------------------------------------------ retreated units (9.75)


def retreated_into(title: Title, roll: int, *, both: bool = False) -> tuple[Match, Battle]:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4), **({"retreated": "7/german/combat"} if both else {}))
    put(m, "R02", "0610", face=soviet(3, 4), retreated="7/german/combat")
    put(m, "Lukin", "0810")
    at_phase(m, "german", "combat", turn=7)
    fixed_roll(m, roll)
    return m, fight(m, "attack 0610 with 6Inf")


def test_9_75_a_retreated_unit_adds_nothing_and_dies_with_any_result(title: Title) -> None:
    m, battle = retreated_into(title, 2)  # 9 vs 4: 2-1, roll 2: D1
    assert battle.defense == 4 and battle.result == "D1"
    r02 = m.state.units["R02"]
    assert r02.loc is None and r02.flags.get("eliminated")
    assert m.state.units["R01"].loc == "0610"  # its owner still chooses: lose or retreat
    assert m.decision is not None and m.decision.kind == "loss"
    assert m.decision.context["units"] == ["R01"]


def test_9_75_not_when_the_hex_suffers_no_result(title: Title) -> None:
    m, battle = retreated_into(title, 6)  # 2-1, roll 6: A1
    assert battle.result == "A1"
    assert m.state.units["R02"].loc == "0610"


def test_9_75_ruling_a_hex_of_retreated_units_only_defends_normally(title: Title) -> None:
    _m, battle = retreated_into(title, 6, both=True)
    assert battle.defense == 8


def test_9_75_ruling_only_within_the_player_turn_of_the_retreat(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4))
    put(m, "R02", "0610", face=soviet(3, 4), retreated="6/german/combat")
    put(m, "Lukin", "0810")
    at_phase(m, "german", "combat", turn=7)
    assert fight(m, "attack 0610 with 6Inf").defense == 8


def test_9_75_applies_to_overruns_later_in_the_player_turn(title: Title) -> None:
    m = Match(title)
    put(m, "Pz/7Pz", "0510")
    put(m, "R01", "0610", face=soviet(3, 4))
    put(m, "R02", "0610", face=soviet(3, 4), retreated="7/german/combat")
    put(m, "Lukin", "0810")
    at_phase(m, "german", "mechanized-movement", turn=7)
    battle = fight(m, "overrun 0610 with Pz/7Pz via 0510")
    assert battle.defense == 4


def test_6_61_ruling_a_d1_taken_as_a_step_by_a_stack_disrupts_both(title: Title) -> None:
    """Ruling D3: a D1 from an overrun, taken as one step by one unit of a two-unit stack,
    disrupts the other unit too: the result is the stack's (6.61 "units ... suffer any loss";
    9.6 results apply to the defending units together)."""
    m = Match(title)
    put(m, "Pz/7Pz", "0510")
    put(m, "R01", "0610", face=soviet(1, 1))
    put(m, "R02", "0610", face=soviet(1, 1))
    put(m, "Lukin", "0810")
    at_phase(m, "german", "movement", turn=7)
    fixed_roll(m, 1)
    battle = fight(m, "overrun 0610 with Pz/7Pz via 0510")
    assert battle.result == "D1", battle.result
    m.apply("lose R01")
    assert m.state.units["R01"].loc is None and m.state.units["R02"].loc == "0610"
    assert "disrupted" in m.state.units["R02"].markers


# ------------------------------------------------------------------ no-strength units (12.3)


def test_12_3_a_0_0_6_is_removed_at_the_instant_of_revelation(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610")
    put(m, "R02", "0610", face=soviet(3, 4))
    put(m, "Lukin", "0810")
    at_phase(m, "german", "combat", turn=7)
    only_face(m, "rifle", "0-0-6")
    battle = fight(m, "attack 0610 with 6Inf")
    assert m.state.units["R01"].loc is None and battle.defenders == ["R02"]
    assert battle.defense == 4


def test_12_3_when_every_defender_vanishes_the_attack_finds_an_empty_hex(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610")
    at_phase(m, "german", "combat", turn=7)
    only_face(m, "rifle", "0-0-6")
    events = m.apply("attack 0610 with 6Inf")
    assert not any(e.kind == "roll" for e in events)
    assert m.state.units["R01"].loc is None
    assert m.decision is not None and m.decision.kind == "advance"
    offered = [str(a) for a in m.legal_actions()]
    assert "advance 6Inf 0610" in offered
    assert any(a.startswith("advance 6Inf 0610 ") for a in offered)  # as after an elimination


def test_12_3_a_0_1_6_defends_with_1(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610")
    put(m, "Lukin", "0810")
    at_phase(m, "german", "combat", turn=7)
    only_face(m, "rifle", "0-1-6")
    events = m.apply("attack 0610 with 6Inf")
    (battle,) = battles(events)
    assert any(e.kind == "reveal" and "0-1-6" in e.text for e in events)
    assert battle.defenders == ["R01"] and battle.defense == 1


def test_12_3_ruling_a_0_1_6_revealed_in_its_attack_falls_back_the_rest_attack(
    title: Title,
) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0710")
    put(m, "R02", "0710", face=soviet(3, 4))
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "movement", turn=7)
    m.apply("move R01,R02 0710 0610")
    m.apply("end")
    only_face(m, "rifle", "0-1-6")
    battle = fight(m, "attack 0510 with R01,R02")
    assert m.state.units["R01"].loc == "0710"  # back where it entered the ZOC from (10.23)
    assert battle.attackers == ["R02"] and battle.attack == 3
    assert m.state.units["R01"].flags.get("attacked") is None


def test_12_3_ruling_a_0_1_6_that_never_moved_falls_back_to_a_free_hex(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610")
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "combat", turn=7)
    only_face(m, "rifle", "0-1-6")
    put(m, "R02", "0509", face=soviet(3, 4))
    events = m.apply("attack 0510 with R01")
    r01 = m.state.units["R01"]
    assert not any(e.kind == "roll" for e in events)
    # 10.23 names no hex (it never entered the ZOC): its owner chooses one (sweep C5)
    d = m.decision
    assert d is not None and d.side == "soviet" and d.kind == "fall-back"
    offered = {str(a) for a in m.legal_actions()}
    assert offered == {f"fall-back R01 {h}" for h in ("0611", "0710", "0711")}  # free of ZOC
    assert m.check("fall-back R01 0609") is not None  # in the German ZOC
    m.apply("fall-back R01 0711")
    assert r01.loc == "0711" and m.decision is not None and m.decision.kind == "combat"
    # Ruling: the attack was committed (12.2); its target counts as attacked this phase (9.14).
    refused(m, "attack 0510 with R02", "already attacked")


def test_12_3_a_0_1_6_may_never_attack_once_revealed(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(0, 1))
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "combat", turn=7)
    assert m.check("attack 0510 with R01") is not None


# ------------------------------------------------------------------ hexrows 0100/0200 (6.4)


def soviet_wins_at(title: Title, turn: int) -> Match:
    """A Soviet attack wipes out a German 1-7 in 0210 (10 vs 1, roll 1: De)."""
    m = Match(title)
    german = put(m, "6Inf", "0210")
    german.step = 3
    put(m, "R01", "0310", face=soviet(6, 8))
    put(m, "Rokassovski", "0310")
    at_phase(m, "soviet", "combat", turn=turn)
    fixed_roll(m, 1)
    battle = fight(m, "attack 0210 with R01,Rokassovski")
    assert battle.result == "De"
    return m


def test_6_4_soviets_may_not_advance_into_hexrows_0100_0200_on_turns_1_to_6(title: Title) -> None:
    m = soviet_wins_at(title, 6)
    assert m.decision is not None and m.decision.kind == "advance"
    assert [str(a) for a in m.legal_actions()] == ["stay"]
    refused(m, "advance R01 0210", "PGG 6.4")


def test_6_4_from_turn_7_they_may(title: Title) -> None:
    m = soviet_wins_at(title, 7)
    assert "advance R01 0210" in [str(a) for a in m.legal_actions()]


def german_beats(title: Title, turn: int, *, hem_in: bool) -> Match:
    """6Inf attacks R01 (out of supply: 9 vs 2, 4-1, roll 4: D1); the Soviet retreats."""
    m = Match(title)
    put(m, "6Inf", "0410")
    if hem_in:
        put(m, "26Inf", "0408")  # its ZOC closes 0309, the one way out east of hexrow 0200
    put(m, "R01", "0310", face=soviet(3, 4))
    at_phase(m, "german", "combat", turn=turn)
    fixed_roll(m, 4)
    assert fight(m, "attack 0310 with 6Inf").result == "D1"
    m.apply("retreat-instead")
    assert m.decision is not None and m.decision.kind == "retreat"
    return m


def test_6_4_soviet_retreat_into_hexrows_0100_0200_vetoed_while_another_path_is_open(
    title: Title,
) -> None:
    m = german_beats(title, 3, hem_in=False)
    assert [str(a) for a in m.legal_actions()] == ["retreat R01 0310 0309"]
    refused(m, "retreat R01 0310 0210", "PGG 6.4")


def test_6_4_a_soviet_forced_to_retreat_into_hexrows_0100_0200_is_eliminated(
    title: Title,
) -> None:
    m = german_beats(title, 3, hem_in=True)
    assert sorted(str(a) for a in m.legal_actions()) == [
        "retreat R01 0310 0209",
        "retreat R01 0310 0210",
    ]
    events = m.apply("retreat R01 0310 0210")
    assert m.state.units["R01"].loc is None
    assert any(e.kind == "eliminated" and e.rule == "PGG 6.4" for e in events)


def test_6_4_the_5_23_exception_ends_with_game_turn_1(title: Title) -> None:
    """A 13th Army unit (5.23) forced into hexrow 0200 on Game-Turn 2 is eliminated like any
    Soviet unit; on Game-Turn 1 it may not retreat west at all (5.23), so it dies there too."""
    for turn in (1, 2):
        m = Match(title)
        put(m, "6Inf", "0410")
        put(m, "26Inf", "0408")
        put(m, "R01", "0310", face=soviet(3, 4), setup="13th")
        at_phase(m, "german", "combat", turn=turn)
        fixed_roll(m, 4)
        fight(m, "attack 0310 with 6Inf")
        m.apply("retreat-instead")
        if turn == 2:
            m.apply("retreat R01 0310 0209")
        assert m.state.units["R01"].loc is None


def test_6_4_ruling_the_vacant_hex_preference_comes_first(title: Title) -> None:
    """9.73 offers only vacant hexes when there are any; if all of those are in hexrow 0200 the
    German may retreat the unit there, and it is eliminated, though a friendly-held hex east of
    it was open."""
    m = Match(title)
    put(m, "6Inf", "0410")
    put(m, "R02", "0309", face=soviet(3, 4))
    put(m, "R01", "0310", face=soviet(3, 4))
    at_phase(m, "german", "combat", turn=3)
    fixed_roll(m, 4)
    battle = fight(m, "attack 0310 with 6Inf")
    assert battle.result == "D1"
    m.apply("retreat-instead")
    offered = sorted(str(a) for a in m.legal_actions())
    assert offered == ["retreat R01 0310 0209", "retreat R01 0310 0210"]
    m.apply(offered[0])
    assert m.state.units["R01"].loc is None


def test_6_4_after_turn_6_retreats_there_are_free(title: Title) -> None:
    m = german_beats(title, 7, hem_in=True)
    m.apply("retreat R01 0310 0210")
    assert m.state.units["R01"].loc == "0210"


def test_6_4_soviets_may_not_overrun_hexrows_0100_0200(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0210")
    put(m, "R01", "0310", face=soviet(6, 8))
    put(m, "Rokassovski", "0310")
    at_phase(m, "soviet", "movement", turn=4)
    refused(m, "overrun 0210 with R01 via 0310", "PGG 6.4")


# ------------------------------------------------------------------ disruption (6.62)


def test_6_62_disrupted_units_may_not_attack(title: Title) -> None:
    m = Match(title)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4), disrupted=True)
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "combat", turn=7)
    refused(m, "attack 0510 with R01", "PGG 6.62")
