"""Barbarossa's sequence of play (BARB 5.0) and the decisions outside movement and combat: the
phase order with its forced choices and limits (5.4-5.5), the Paulus Pause (5.10), Watch on the
Rhine or the Oder (4.18-4.19), Hero and Fortress Cities (9.1-9.2), the Road Back's first turn
(12.2)."""

from __future__ import annotations

import json

import pytest

from tests.games.barb_helpers import new, step, to_kind, to_order
from tests.titles.variants import clear, force_rolls, put
from wargame.actions import IllegalAction
from wargame.games.barbarossa import decisions
from wargame.match import Match
from wargame.mechanics import paulus as kpaulus
from wargame.plugins import Registry
from wargame.testing import view_problems


def test_the_german_must_fight_then_move_on_gt1_5_4(registry: Registry) -> None:
    m = new(registry)
    to_order(m, "german")
    assert [str(a) for a in m.legal_actions()] == ["order fight-move"]
    with pytest.raises(IllegalAction, match="BARB 5.4"):
        m.apply("order move-fight")


def test_the_soviet_must_fight_then_move_through_gt5_5_4(registry: Registry) -> None:
    m = new(registry)
    to_order(m, "german")
    m.apply("order fight-move")
    to_order(m, "soviet")
    assert [str(a) for a in m.legal_actions()] == ["order fight-move"]
    m.state.cursor.turn = 6
    m.touch()
    assert "order move-fight" in [str(a) for a in m.legal_actions()]


def test_german_fight_fight_only_in_1942_and_1943_single_months_5_5(registry: Registry) -> None:
    m = new(registry)
    to_order(m, "german")
    for turn, ok in ((2, False), (9, True), (13, False), (17, True), (30, False)):
        m.state.cursor.turn = turn
        m.touch()
        assert ("order fight-fight" in [str(a) for a in m.legal_actions()]) is ok, turn


def test_road_back_first_turn_is_one_soviet_assault_phase_12_2(registry: Registry) -> None:
    m = new(registry, "road-back")
    assert m.turn == 13 and m.decision.side == "soviet" and m.decision.kind == "combat"
    m.apply("end")
    assert m.turn == 14  # no Soviet movement phase, no German player turn


def test_road_back_gt13_soviet_attacks_only_from_the_south_12_8(registry: Registry) -> None:
    m = new(registry, "road-back")
    attackers = {a.args[2] for a in m.legal_actions() if a.verb == "attack"}
    assert attackers and all(
        m.state.units[u].loc in m.topology.region("zone:south")
        for ids in attackers
        for u in ids.split(",")
    )


def to_gt3(m: Match) -> None:
    for _ in range(400):
        if m.decision.kind == "paulus":
            return
        step(m)
    raise AssertionError("never reached the Paulus Pause")


def test_paulus_pause_is_the_germans_choice_and_stops_his_attacks_5_10(registry: Registry) -> None:
    m = new(registry)
    to_gt3(m)
    assert m.turn == 3 and m.decision.side == "german"
    assert sorted(str(a) for a in m.legal_actions()) == ["paulus pause", "paulus press-on"]
    with pytest.raises(IllegalAction, match="BARB 5.10"):
        m.apply("end")
    m.apply("paulus pause")
    to_order(m, "german")
    m.apply("order fight-move")
    if m.decision.kind == "emergency-rvgk":  # the Soviet's chance first (8.11)
        m.apply("emergency pass")
    assert m.decision.kind == "movement"  # no Prepared Assault Phase in the pause
    assert not [a for a in m.legal_actions() if a.verb == "overrun"]


def test_declining_the_pause_cuts_mech_movement_by_one_roll_per_hex_t22_5_10(
    registry: Registry,
) -> None:
    """T22: GT3 without the Pause each German mech unit's MF is the track's 8 less a die, one
    die per hex holding mech units (all of them share it), and one for each mech reinforcement
    entering (ruling E35)."""
    from wargame.games.barbarossa import supply
    from wargame.mechanics import movement

    m = new(registry)
    to_gt3(m)
    m.apply("paulus press-on")
    to_order(m, "german")
    faces = [1, 2, 3, 4, 5, 6] * 5
    queue = force_rolls(m, *faces, only="BARB 5.10")
    m.apply("order move-fight")
    mech = [u for u in m.units_of("german") if m.unit_type(u)["mobility"] == "mech" and u.loc]
    groups: dict[str, set[str]] = {}
    for unit in mech:
        key = unit.loc if unit.loc != "box:german-reinforcements" else unit.id
        groups.setdefault(str(key), set()).add(unit.id)
    assert any(len(ids) > 1 for ids in groups.values())  # a stack: one roll for two units
    assert len(faces) - len(queue) == len(groups)  # one roll per hex, none per unit
    cuts = {u.id: decisions.paulus_cut(m, u) for u in mech}
    for ids in groups.values():
        assert len({cuts[i] for i in ids}) == 1
    assert len({cuts[next(iter(ids))] for ids in groups.values()}) > 1  # each hex its own die
    for unit in mech:
        if unit.loc and not unit.loc.startswith("box:") and supply.state(m, unit) == "overland":
            assert movement.allowance(m, unit) == max(0, 8 - cuts[unit.id])  # GT3 mech MF 8
    assert kpaulus.declined(m)


def test_the_cut_of_a_reinforcement_waiting_in_the_box_is_the_germans_secret_5_10_11_7(
    registry: Registry,
) -> None:
    """5.10's die for a mech reinforcement entering on GT3 neither names it nor shows its cut to
    the Soviet, who may not examine the German reinforcement box (11.7); the German's view has
    the cut, and both stores go when the German Movement Phase ends."""
    m = new(registry)
    to_gt3(m)
    m.apply("paulus press-on")
    to_order(m, "german")
    events = m.apply("order move-fight")
    if m.decision.kind == "emergency-rvgk":  # the Soviet's chance first (8.11)
        events += m.apply("emergency pass")
    waiting = m.state.units["ger-40pz"]  # a GT3 mech reinforcement (calendar german-gt3)
    assert waiting.loc == "box:german-reinforcements" and waiting.hidden_from == ["soviet"]
    assert decisions.paulus_cut(m, waiting) > 0
    assert view_problems(m, "soviet") == []
    rolls = [e for e in events if e.rule == "BARB 5.10"]
    assert "ger-40pz" not in json.dumps([e.to_json() for e in rolls])
    rolls = [e for e in rolls if "reinforcement" in e.text]
    assert rolls  # its die is rolled, in the open, for an unnamed reinforcement
    assert m.view("german")["secrets"]["german"]["paulus_cut"]["ger-40pz"] == rolls[0].data["total"]
    to_kind(m, "german", "combat")
    assert "paulus_cut" not in m.state.vars
    assert "paulus_cut" not in m.state.secrets.get("german", {})


def test_watch_choice_is_secret_until_gt30_4_18(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 28
    m.push("german", "watch", "choose")
    m.touch()
    m.apply("watch oder")
    soviet_view = json.dumps(m.view("soviet"))
    assert "oder" not in soviet_view.lower().replace("order", "")
    assert m.view("german")["secrets"]["german"]["watch"] == "oder"
    m.state.cursor.turn = 30
    decisions.reveal_watch(m)
    assert m.state.vars["watch"] == "oder" and "watch" not in m.state.secrets.get("german", {})


def test_oder_ends_the_game_and_counts_soviet_units_4_19(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 30
    m.state.secrets["german"] = {"watch": "oder"}
    decisions.reveal_watch(m)
    assert decisions.oder_units(m, m.state.units["sov-6x"]) == 2  # printed 6: two units
    assert decisions.oder_units(m, m.state.units["sov-8"]) == 1  # printed 3: one
    decisions.judge_oder(m)
    assert m.outcome["winner"] == "soviet"  # no city taken, no units killed


def test_hero_city_markers_from_gt4_in_soviet_cities_of_the_ussr_9_1(registry: Registry) -> None:
    m = new(registry, "road-back")
    clear(m)
    put(m, "sov-28", "2501")
    assert not [a for a in m.legal_actions() if a.verb == "declare"]  # none left (12.6)
    m.state.vars["hero_markers_left"] = 1
    m.touch()
    options = {a.args[0] for a in m.legal_actions() if a.verb == "declare"}
    assert "2311" not in options  # Kiev is German in the Road Back
    assert "1606" not in options  # already a Hero City
    assert options and all(m.state.control[h] == "soviet" for h in options)
    with pytest.raises(IllegalAction, match="BARB 9.1"):
        m.apply("declare 2820")  # Budapest
    h = sorted(options)[0]
    m.apply(f"declare {h}")
    assert h in m.state.vars["hero_cities"] and m.state.vars["hero_markers_left"] == 0


def test_losing_a_hero_city_gives_two_vp_and_removes_the_marker_t38_4_3(
    registry: Registry,
) -> None:
    from wargame.games.barbarossa import victory

    m = new(registry, "road-back")
    before = m.state.vp["german"]
    assert "1806" in m.state.vars["hero_cities"]  # Tula (12.6)
    victory.take(m, "1806", "german")
    assert m.state.vp["german"] == before + 2 and "1806" not in m.state.vars["hero_cities"]
    victory.take(m, "1806", "soviet")
    assert m.state.vp["german"] == before + 1  # retaken: the normal 1


def test_losing_a_fortress_city_costs_two_t38_9_3(registry: Registry) -> None:
    from wargame.games.barbarossa import victory

    m = new(registry, "road-back")
    before = m.state.vp["german"]
    victory.take(m, "2501", "soviet")
    assert m.state.vp["german"] == before - 2 and "2501" not in m.state.vars["fortress_cities"]
    victory.take(m, "2501", "german")
    assert m.state.vp["german"] == before - 1


def test_to_kind_helper_reaches_the_soviet_assault(registry: Registry) -> None:
    m = new(registry, "road-back")
    to_kind(m, "soviet", "combat")
    assert m.decision.kind == "combat"
