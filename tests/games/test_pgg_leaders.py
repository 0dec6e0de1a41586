"""PGG Soviet leaders (10.0-10.4, 6.53, 6.55, 6.64) on small hand-made maps."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.pgg_helpers import (
    at_phase,
    battles,
    fixed_roll,
    hex_map,
    lake,
    make_title,
    only_face,
    put,
    scenario,
    soviet,
)
from wargame.actions import IllegalAction
from wargame.games.panzergruppe_guderian import leaders, supply
from wargame.match import Match
from wargame.plugins import Title
from wargame.testing import refused


@pytest.fixture(scope="module")
def east(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """16 x 22 clear hexes (the east edge is column 16), Entrance Hex X at 1610."""
    return make_title(
        tmp_path_factory.mktemp("east"), hex_map(16, 22, regions={"entry:X": ["1610"]})
    )


@pytest.fixture(scope="module")
def optional(tmp_path_factory: pytest.TempPathFactory) -> Title:
    return make_title(
        tmp_path_factory.mktemp("optional"),
        hex_map(16, 22, regions={"entry:X": ["1610"]}),
        scenario_doc=scenario({"evacuation": True}),
    )


@pytest.fixture(scope="module")
def walled(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """16 x 22 clear hexes; lake hexsides between columns 12 and 13 but for 1210-1310: a German
    unit in 1310 cuts everything west of the wall off from the east edge."""
    sides = [lake(f"12{r:02d}", f"13{r:02d}") for r in range(1, 23) if r != 10]
    sides += [lake(f"12{r:02d}", f"13{r + 1:02d}") for r in range(1, 22)]
    return make_title(tmp_path_factory.mktemp("walled"), hex_map(16, 22, hexsides=sides))


def legal(match: Match, verb: str) -> list[str]:
    return [str(a) for a in match.legal_actions() if a.verb == verb]


# ------------------------------------------------------------------ radius (10.35, 6.55)


def test_10_35_soviet_units_attack_only_within_a_leaders_radius(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4))
    lukin = put(m, "Lukin", "0910")  # rating 3: 0610 is 3 hexes away
    at_phase(m, "soviet", "combat", turn=7)
    assert "attack 0510 with R01" in legal(m, "attack")
    assert m.check("attack 0510 with R01") is None
    m.place(lukin, "1010")  # now 4 hexes away
    assert legal(m, "attack") == []
    refused(m, "attack 0510 with R01", "PGG 10.35")


def test_10_35_out_of_supply_within_the_radius_attacks_at_half(walled: Title) -> None:
    """Lukin is cut off from the east edge: R01 is out of supply, yet within his radius it
    still attacks, at half strength."""
    m = Match(walled)
    put(m, "6Inf", "0510")
    put(m, "34Inf", "1310")
    r01 = put(m, "R01", "0610", face=soviet(6, 8))
    lukin = put(m, "Lukin", "0910")
    at_phase(m, "soviet", "combat", turn=7)
    assert not supply.leader_supplied(m, lukin) and not supply.in_supply(m, r01)
    assert leaders.within_radius(m, r01) is lukin
    (battle,) = battles(m.apply("attack 0510 with R01"))
    assert battle.attack == 3


def test_6_64_a_disrupted_leader_has_no_radius(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(3, 4))
    put(m, "Lukin", "0710", disrupted=True)
    at_phase(m, "soviet", "combat", turn=7)
    refused(m, "attack 0510 with R01", "PGG 10.35")


def test_6_55_units_beyond_a_radius_at_the_start_of_the_phase_may_not_overrun(
    east: Title,
) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0710", face=soviet(6, 8))
    put(m, "R02", "1310", face=soviet(6, 8))
    put(m, "Lukin", "0910")
    at_phase(m, "soviet", "movement", turn=7)
    assert m.state.units["R01"].flags.get("radius")
    assert not m.state.units["R02"].flags.get("radius")
    overruns = legal(m, "overrun")
    assert any(" with R01 " in a for a in overruns)
    assert not any("R02" in a for a in overruns)
    r02 = m.state.units["R02"]
    assert "out-of-supply" in r02.markers  # beyond every radius: out of supply too, 3 MP
    m.apply("move R02 1310 1210 1110 1010")  # into the radius: too late (6.55)
    assert leaders.within_radius(m, r02) is not None and not r02.flags.get("radius")


def test_6_55_overrun_veto_names_the_rule(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R02", "0610", face=soviet(6, 8))
    at_phase(m, "soviet", "movement", turn=7)
    refused(m, "overrun 0510 with R02 via 0610", "PGG 6.55")


def test_6_55_ruling_reinforcements_begin_the_phase_beyond_every_radius(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "1410")
    put(m, "Lukin", "1610")
    put(m, "R01", "box:reinforcements", face=soviet(6, 8), entry=["1610"])
    at_phase(m, "soviet", "movement", turn=7)
    assert not m.state.units["R01"].flags.get("radius")
    refused(m, "overrun 1410 with R01 via box:reinforcements 1610 1510", "PGG 6.55")


# ------------------------------------------------------------------ no attack strength (10.22, 6.53)


def test_10_22_a_leader_never_attacks_by_itself(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0610")
    at_phase(m, "soviet", "combat", turn=7)
    assert legal(m, "attack") == []
    assert m.check("attack 0510 with Lukin") is not None


def test_6_53_a_leader_never_overruns_by_itself(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0710")
    at_phase(m, "soviet", "movement", turn=7)
    assert legal(m, "overrun") == []
    assert m.check("overrun 0510 with Lukin via 0710 0610") is not None


# ------------------------------------------------------------------ the attack bonus (10.36)


def attack_strength(title: Title, face: dict[str, float], *, cut: bool = False) -> float:
    """A unit with ``face`` stacked with Rokassovski (rating 4) attacks 6Inf; ``cut``: a German
    unit in the gap of the walled map cuts the pair off (both out of supply)."""
    m = Match(title)
    put(m, "6Inf", "0510")
    r01 = put(m, "R01", "0610", face=face)
    put(m, "Rokassovski", "0610")
    if cut:
        put(m, "34Inf", "1310")
    at_phase(m, "soviet", "combat", turn=7)
    assert supply.in_supply(m, r01) is not cut
    (battle,) = battles(m.apply("attack 0510 with R01,Rokassovski"))
    return battle.attack


def test_10_36_leader_bonus_6_8_6_plus_4(walled: Title) -> None:
    assert attack_strength(walled, soviet(6, 8)) == 10


def test_10_36_out_of_supply_6_8_6_with_4_leader_is_3_plus_3(walled: Title) -> None:
    assert attack_strength(walled, soviet(6, 8), cut=True) == 6


def test_10_36_1_2_6_plus_4_is_2(east: Title) -> None:
    assert attack_strength(east, soviet(1, 2)) == 2


def test_10_36_the_bonus_explained_with_its_rule(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(1, 2))
    put(m, "Rokassovski", "0610")
    at_phase(m, "soviet", "combat", turn=7)
    (battle,) = battles(m.apply("attack 0510 with R01,Rokassovski"))
    assert any("Rokassovski" in line and "PGG 10.36" in line for line in battle.explanation)


def test_10_26_the_leader_goes_with_the_attack_and_shares_its_result(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(1, 2))
    put(m, "Lukin", "0610")
    at_phase(m, "soviet", "combat", turn=7)
    fixed_roll(m, 6)  # 2 (1 + 1) vs 9: 1-3 column, roll 6: Ae
    (battle,) = battles(m.apply("attack 0510 with R01,Lukin"))
    assert "Lukin" in battle.attackers and battle.column == "1-3" and battle.result == "Ae"
    assert m.state.units["Lukin"].loc is None and m.state.units["R01"].loc is None


def divided_attack(east: Title) -> Match:
    """R01 and R02 (3-4-6 each) stacked with Rokassovski (4), 6Inf and 26Inf adjacent."""
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "26Inf", "0611")
    put(m, "R01", "0610", face=soviet(3, 4))
    put(m, "R02", "0610", face=soviet(3, 4))
    put(m, "Rokassovski", "0610")
    at_phase(m, "soviet", "combat", turn=7)
    fixed_roll(m, 4)
    return m


def to_combat(m: Match) -> None:
    while m.decision is not None and m.decision.kind != "combat":
        m.apply(m.legal_actions()[0])


def test_10_26_the_player_assigns_the_leader_to_one_of_the_attacks(east: Title) -> None:
    """Issue 12: ``attack 0611 with R02,Rokassovski`` was refused and ``attack 0510 with R01``
    took the leader along unasked. The leader goes with the attack its player names it in: here
    the second one, so the first gets no bonus (10.26, 10.36; ruling S14)."""
    m = divided_attack(east)
    assert "attack 0510 with R01,R02,Rokassovski" in legal(m, "attack")
    assert "attack 0510 with R01,R02" in legal(m, "attack")
    (first,) = battles(m.apply("attack 0510 with R01"))
    assert first.attack == 3 and "Rokassovski" not in first.attackers
    to_combat(m)
    (second,) = battles(m.apply("attack 0611 with R02,Rokassovski"))
    assert second.attack == 6 and "Rokassovski" in second.attackers


def test_10_26_a_leader_goes_with_one_attack_only(east: Title) -> None:
    """Points never split (10.36): once it went with an attack it may not go with another."""
    m = divided_attack(east)
    (first,) = battles(m.apply("attack 0510 with R01,Rokassovski"))
    assert first.attack == 6
    to_combat(m)
    assert m.check("attack 0611 with R02,Rokassovski") is not None
    (second,) = battles(m.apply("attack 0611 with R02"))
    assert second.attack == 3


def test_10_26_a_leader_never_attacks_without_combat_units_of_its_hex(east: Title) -> None:
    m = divided_attack(east)
    assert m.check("attack 0510 with Rokassovski") is not None
    assert not any(a.endswith("with Rokassovski") for a in legal(m, "attack"))


def test_10_36_one_leader_bonus_per_attack(east: Title) -> None:
    """Two leaders in the attacking hexes: the attack takes the larger bonus, not both."""
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(6, 8))
    put(m, "Rokassovski", "0610")
    put(m, "R02", "0511", face=soviet(6, 8))
    put(m, "Konlev", "0511")
    at_phase(m, "soviet", "combat", turn=7)
    (battle,) = battles(m.apply("attack 0510 with R01,R02,Rokassovski,Konlev"))
    assert battle.attack == 16
    assert "Rokassovski" in battle.attackers and "Konlev" in battle.attackers


def test_10_36_no_bonus_on_defense(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(6, 8))
    put(m, "Rokassovski", "0610")
    at_phase(m, "german", "combat", turn=7)
    (battle,) = battles(m.apply("attack 0610 with 6Inf"))
    assert battle.defense == 8 + 4  # the 6-8-6 and the leader's own defense (10.1 c)


def test_11_31_a_cut_off_leader_defends_at_half_its_rating(walled: Title) -> None:
    m = Match(walled)
    put(m, "34Inf", "1310")
    put(m, "Lukin", "0910")
    put(m, "6Inf", "0810")
    at_phase(m, "german", "combat", turn=7)
    (battle,) = battles(m.apply("attack 0910 with 6Inf"))
    assert battle.defense == 1  # rating 3 halved, fractions dropped


def test_6_64_a_disrupted_leader_adds_nothing(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(6, 8))
    put(m, "Rokassovski", "0610", disrupted=True)
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "combat", turn=7)
    (battle,) = battles(m.apply("attack 0510 with R01"))
    assert battle.attack == 6 and "Rokassovski" not in battle.attackers


# ------------------------------------------------------------------ escort into ZOC (10.23)


def test_10_23_a_leader_enters_enemy_zoc_only_with_an_attack_capable_unit(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0810")
    put(m, "R01", "0810")  # untried: it may have an attack strength
    put(m, "R02", "0810", face=soviet(0, 1))
    at_phase(m, "soviet", "movement", turn=7)
    moves = legal(m, "move")
    assert "move Lukin 0810 0710 0610" not in moves
    refused(m, "move Lukin 0810 0710 0610", "PGG 10.23")
    assert m.check("move Lukin,R02 0810 0710 0610") is not None  # a 0-1-6 never attacks
    assert m.check("move Lukin,R01 0810 0710 0610") is None
    assert m.check("move Lukin 0810 0710") is None  # not in the ZOC


def test_10_23_ruling_a_combat_unit_already_there_escorts_the_leader(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0810")
    put(m, "R01", "0810", face=soviet(3, 4))
    at_phase(m, "soviet", "movement", turn=7)
    m.apply("move R01 0810 0710 0610")
    assert m.check("move Lukin 0810 0710 0610") is None


def test_10_23_leader_falls_back_when_its_companion_is_a_0_0_6(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0810")
    put(m, "R01", "0810")
    at_phase(m, "soviet", "movement", turn=7)
    m.apply("move Lukin,R01 0810 0710 0610")
    assert m.state.units["Lukin"].flags["zoc_from"] == ["0710", "0610"]
    m.apply("end")
    only_face(m, "rifle", "0-0-6")
    events = m.apply("attack 0510 with R01")
    assert m.state.units["R01"].loc is None  # removed at the instant of revelation (12.3)
    assert m.state.units["Lukin"].loc == "0710"
    assert any(e.kind == "retreat" and e.rule == "PGG 10.23" for e in events)
    assert not any(e.kind == "roll" for e in events)


def test_12_3_0_1_6_companion_sends_the_leader_back_too(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0810")
    put(m, "R01", "0810")
    at_phase(m, "soviet", "movement", turn=7)
    m.apply("move Lukin,R01 0810 0710 0610")
    m.apply("end")
    only_face(m, "rifle", "0-1-6")
    m.apply("attack 0510 with R01")
    assert m.state.units["R01"].loc == "0710" and m.state.units["Lukin"].loc == "0710"


def test_10_23_the_leader_stays_while_an_attack_capable_unit_remains(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0810")
    put(m, "R01", "0810")
    put(m, "R02", "0810", face=soviet(3, 4))
    at_phase(m, "soviet", "movement", turn=7)
    m.apply("move Lukin,R01,R02 0810 0710 0610")
    m.apply("end")
    only_face(m, "rifle", "0-0-6")
    fixed_roll(m, 3)
    (battle,) = battles(m.apply("attack 0510 with R01,R02"))
    assert m.state.units["Lukin"].loc == "0610"
    assert battle.attackers[0] == "R02"


def test_10_23_ruling_a_leader_that_fell_back_moves_no_more_this_phase(east: Title) -> None:
    """ "The Enemy unit may not move after this 'retreat'" is read as the leader."""
    from wargame.mechanics import movement

    m = Match(east)
    put(m, "6Inf", "0510")
    lukin = put(m, "Lukin", "0610", zoc_from=["0710", "0610"])
    at_phase(m, "soviet", "movement", turn=7)
    assert leaders.send_back(m, lukin, "PGG 10.23") == "0710"
    assert movement.done(m, lukin)
    assert not any(a.args[0] == "Lukin" for a in m.legal_actions() if a.verb == "move")


def test_10_23_a_leader_with_nowhere_to_fall_back_is_eliminated(east: Title) -> None:
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "Lukin", "0610")
    put(m, "R01", "0610")
    for cid, loc in (
        ("26Inf", "0609"),
        ("5Inf", "0710"),
        ("35Inf", "0711"),
        ("161Inf", "0611"),
        ("263Inf", "0511"),
    ):
        put(m, cid, loc)
    at_phase(m, "soviet", "combat", turn=7)
    only_face(m, "rifle", "0-0-6")
    m.apply("attack 0510 with R01")
    assert m.state.units["Lukin"].loc is None
    assert m.state.units["Lukin"].flags.get("eliminated")


# ------------------------------------------------------------------ evacuation (10.4)


def surround(match: Match) -> None:
    """Lukin at 0810 with German units two hexes out whose ZOC covers every adjacent hex."""
    put(match, "Lukin", "0810")
    put(match, "R01", "0809", face=soviet(3, 4))  # a friendly unit negates nothing here
    for cid, loc in (
        ("6Inf", "0808"),
        ("26Inf", "1010"),
        ("5Inf", "0612"),
        ("35Inf", "1011"),
        ("161Inf", "0610"),
        ("263Inf", "0812"),
    ):
        put(match, cid, loc)


def test_10_4_a_surrounded_leader_may_be_evacuated(optional: Title) -> None:
    m = Match(optional)
    surround(m)
    assert leaders.surrounded(m, m.state.units["Lukin"])
    at_phase(m, "soviet", "movement", turn=3)
    assert legal(m, "evacuate") == ["evacuate Lukin"]
    events = m.apply("evacuate Lukin")
    lukin = m.state.units["Lukin"]
    assert lukin.loc == "box:reinforcements" and "entry" not in lukin.flags
    assert any(e.kind == "evacuate" and e.rule == "PGG 10.4" for e in events)
    assert m.check("move Lukin box:reinforcements 1610") is not None  # not this turn
    at_phase(m, "soviet", "movement", turn=4)
    assert lukin.flags["entry"] == ["1610"]
    m.apply("move Lukin box:reinforcements 1610")
    assert lukin.loc == "1610" and lukin.flags["entered"] == [4, "soviet"]


def test_10_4_evacuation_is_optional(east: Title) -> None:
    m = Match(east)
    surround(m)
    at_phase(m, "soviet", "movement", turn=3)
    assert legal(m, "evacuate") == []
    refused(m, "evacuate Lukin", "optional")


def test_10_4_only_surrounded_leaders(optional: Title) -> None:
    m = Match(optional)
    surround(m)
    m.eliminate(m.state.units["263Inf"])
    at_phase(m, "soviet", "movement", turn=3)
    assert not leaders.surrounded(m, m.state.units["Lukin"])
    refused(m, "evacuate Lukin", "surrounded")


def test_10_4_only_at_the_beginning_of_the_movement_phase(optional: Title) -> None:
    m = Match(optional)
    surround(m)
    put(m, "R05", "1410", face=soviet(3, 4))
    at_phase(m, "soviet", "movement", turn=3)
    m.apply("move R05 1410 1310")
    refused(m, "evacuate Lukin", "beginning")


def test_10_4_one_per_game_turn_two_per_game(optional: Title) -> None:
    m = Match(optional)
    surround(m)
    m.state.ns(leaders.NS)["evacuations"] = [[3, "Konlev"]]
    at_phase(m, "soviet", "movement", turn=3)
    assert "per Game-Turn" in str(m.check("evacuate Lukin"))
    m.state.ns(leaders.NS)["evacuations"] = [[1, "Konlev"], [2, "Remezov"]]
    at_phase(m, "soviet", "movement", turn=3)
    assert "per game" in str(m.check("evacuate Lukin"))
    m.state.ns(leaders.NS)["evacuations"] = [[1, "Konlev"]]
    at_phase(m, "soviet", "movement", turn=3)
    assert m.check("evacuate Lukin") is None


def test_10_4_germans_never_evacuate(optional: Title) -> None:
    m = Match(optional)
    surround(m)
    at_phase(m, "german", "movement", turn=3)
    assert legal(m, "evacuate") == []


def test_10_4_ruling_lake_hexsides_close_a_side(tmp_path: Path) -> None:
    sides = [lake("0810", n) for n in ("0710", "0711")]
    title = make_title(
        tmp_path, hex_map(16, 22, hexsides=sides), scenario_doc=scenario({"evacuation": True})
    )
    m = Match(title)
    put(m, "Lukin", "0810")
    for cid, loc in (("6Inf", "0808"), ("26Inf", "1010"), ("35Inf", "1011"), ("263Inf", "0812")):
        put(m, cid, loc)
    assert leaders.surrounded(m, m.state.units["Lukin"])


def test_10_4_illegal_evacuation_raises(optional: Title) -> None:
    m = Match(optional)
    put(m, "Lukin", "0810")
    at_phase(m, "soviet", "movement", turn=3)
    with pytest.raises(IllegalAction):
        m.apply("evacuate Lukin")


def test_10_24_the_owner_may_take_a_step_loss_with_the_leader(east: Title) -> None:
    """A leader is one step and may be eliminated to satisfy a loss "if so desired": the owner
    is offered it among the steps to lose (issue 12 sweep: a choice that stays the player's)."""
    m = Match(east)
    put(m, "6Inf", "0510")
    put(m, "R01", "0610", face=soviet(6, 8))
    put(m, "Rokassovski", "0610")
    at_phase(m, "german", "combat", turn=7)
    fixed_roll(m, 1)  # 9 vs 12: 1-2, roll 1: D1/A1, the defender first
    (battle,) = battles(m.apply("attack 0610 with 6Inf"))
    assert battle.result == "D1/A1"
    offered = {str(a) for a in m.legal_actions()}
    assert {"lose R01", "lose Rokassovski"} <= offered, offered
    m.apply("lose Rokassovski")
    assert m.state.units["Rokassovski"].loc is None and m.state.units["R01"].loc == "0610"
