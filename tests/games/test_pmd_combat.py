"""Proud Monster Deluxe's prepared assault after the roll and its constructions (13.4.2, 13.7-13.12,
12.4), with the worked examples of digest section 14 they cover (T13, T16-T19, T21, T22, T39,
T46; T20 in test_pmd_combat_examples.py)."""

from __future__ import annotations

from functools import cache

import pytest

from tests.games.pmd_steps import answer, end, to_phase
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import losses, plugin
from wargame.games.proud_monster_deluxe.combat import wargame_strength_modifiers
from wargame.match import Battle, Match
from wargame.plugins import Title, discover
from wargame.testing import clear, force_rolls, put, refused, view_problems

from .pmd_combat_helpers import carry_out_result as _result
from .pmd_combat_helpers import clear_hexes as _clear_hexes
from .pmd_combat_helpers import revealed as _revealed


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _combat_phase(side: str = "axis") -> Match:
    """Turn 113's first Combat Phase of ``side`` (turn 112's special rules behind), map empty."""
    match = Match(_title(), "1941-historical", 1)
    while match.turn == 1:
        end(match)
    to_phase(match, side, "combat")
    clear(match)
    return match


def _steps(match: Match, uid: str) -> int | None:
    unit = match.state.units[uid]
    return None if unit.loc is None else unit.step


SOVIET_RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 11)]
SOVIET_CDS = ["sov-cd-interior-01", "sov-cd-interior-02"]


# ------------------------------------------------------------------ 13.4.2 constructions


def test_t39_odessa_defender_claims_city_or_stalin_line_or_none_13_4_2() -> None:
    """T39: Odessa 1643 is a city with a Stalin line: the Soviet defender picks one or none."""
    match = _combat_phase()
    rd = _revealed(match, SOVIET_RDS[0], "1643")
    origin = next(
        n for n in match.topology.neighbours("1643") if match.topology.terrain(n) != "sea"
    )
    put(match, "ger-id-7", origin)
    match.apply("attack 1643 with ger-id-7")
    decision = match.decision
    assert decision is not None and decision.side == "soviet" and decision.kind == "construction"
    assert {str(a) for a in match.legal_actions()} == {
        "construction city",
        "construction stalin-line",
        "construction none",
    }
    refused(match, "construction city,stalin-line", "one construction only", rule="PMD 13.4.2")
    force_rolls(match, 1)
    events = match.apply("construction stalin-line")
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    text = " ".join(battle["explanation"])
    assert "stalin line" in text and "the city" not in text
    # no doubling, no close combat: a 1 rolled is the table's own result
    assert battle["result"] in {"2/0", "2/1", "1/1"} and match.state.units[rd].loc == "1643"


def test_no_construction_choice_in_open_terrain_13_4_2() -> None:
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    _revealed(match, SOVIET_RDS[0], target)
    put(match, "ger-id-7", origin)
    force_rolls(match, 1)
    match.apply(f"attack {target} with ger-id-7")
    assert match.decision is None or match.decision.kind != "construction"


def test_forts_are_claimed_only_by_a_soviet_defender_13_4_2() -> None:
    """Brest 0922 has a heavy fort and a large town: an Axis defender may claim the town only."""
    from wargame.games.proud_monster_deluxe import constructions

    match = _combat_phase("soviet")
    put(match, "ger-id-7", "0922")
    battle = Battle("b9", [], ["ger-id-7"], "0922", {}, "attack")
    assert constructions.available(match, battle) == ["large-town"]
    clear(match)
    _revealed(match, SOVIET_RDS[0], "0922")
    battle = Battle("b9", [], [SOVIET_RDS[0]], "0922", {}, "attack")
    assert constructions.available(match, battle) == ["heavy-fort", "large-town"]


# ------------------------------------------------------------------ result changes (13.4.2)


def _final(match: Match, target: str, construction: str, code: str, roll: int | None = 3) -> tuple:
    battle = Battle("b9", [], [SOVIET_RDS[0]], target, {}, "attack")
    battle.extra["construction"] = construction
    battle.roll = roll
    return losses.final_result(match, battle, code)[:2]


def test_t22_city_doubles_both_losses_and_a_zero_becomes_one_13_4_2() -> None:
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "1643")
    assert _final(match, "1643", "city", "1/3") == (2, 6)
    assert _final(match, "1643", "city", "1/0") == (2, 1)
    assert _final(match, "1643", "stalin-line", "1/3") == (1, 3)


def test_t22_below_1_3_a_city_defender_s_zero_stays_zero_13_4_2_ruling_c5() -> None:
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "1643")
    assert _final(match, "1643", "city", "2/0", roll=None) == (4, 0)


def test_city_zero_is_one_when_the_attacker_loses_all_four_steps_ruling_c5() -> None:
    """Digest 17.7: below 1:3 the defender loses 1 only if the attacker fully takes its 4."""
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "1643")
    origin = next(
        n for n in match.topology.neighbours("1643") if match.topology.terrain(n) != "sea"
    )
    put(match, "ger-id-7", origin)  # 3 steps: cannot fully suffer 4
    _result(match, "2/0", ["ger-id-7"], [SOVIET_RDS[0]], "1643", "city", roll=None)
    assert match.state.units["ger-id-7"].loc is None
    assert match.state.units[SOVIET_RDS[0]].loc == "1643"
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "1643")
    put(match, "ger-id-7", origin)
    put(match, "ger-mid-10", origin)  # 3 + 2 steps: the 4 are fully taken
    _result(match, "2/0", ["ger-id-7", "ger-mid-10"], [SOVIET_RDS[0]], "1643", "city", roll=None)
    while match.decision is not None and match.decision.kind == "loss":
        answer(
            match, "lose ger-id-7" if _steps(match, "ger-id-7") is not None else "lose ger-mid-10"
        )
    assert match.state.units[SOVIET_RDS[0]].loc is None


def test_heavy_fort_adds_one_to_the_attacker_loss_13_4_2() -> None:
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "2050")
    assert _final(match, "2050", "heavy-fort", "1/2") == (2, 2)
    assert _final(match, "2050", "city", "1/2") == (2, 4)


# ------------------------------------------------------------------ step accounting (13.9)


def test_t16a_flipping_satisfies_one_eliminating_satisfies_all_13_9() -> None:
    match = _combat_phase("soviet")
    target, origin, _ = _clear_hexes(match)
    put(match, "ger-id-7", target)
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/2", [SOVIET_RDS[0]], ["ger-id-7"], target)
    # the German may retreat for its last step (13.8): he takes the step instead
    assert match.decision is not None and match.decision.side == "axis"
    match.apply("lose ger-id-7")
    match.apply("lose ger-id-7")
    assert _steps(match, "ger-id-7") == 2  # two of its three steps: 6-8-6 -> 3-5-5


@pytest.mark.parametrize(("code", "steps_left"), [("1/1", 1), ("1/2", None)])
def test_t16a_a_two_step_unit_flipped_satisfies_one_eliminated_two_13_9(
    code: str, steps_left: int | None
) -> None:
    """T16(a) on a 2-step GRD: its flip satisfies a result of 1, its elimination one of 2."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    grd = _revealed(match, "sov-grd-1", target)
    put(match, "ger-pd-3", origin)
    _result(match, code, ["ger-pd-3"], [grd], target)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply(f"lose {grd}")
    assert _steps(match, grd) == steps_left


TBS = ["sov-tb-reinf-001", "sov-tb-reinf-002"]


def test_t16b_two_non_guards_brigades_both_go_for_a_result_of_1_13_9() -> None:
    """T16(b): two tank brigades (half a step each, not Guards, so neither may retreat)."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    for uid in TBS:
        _revealed(match, uid, target)
    put(match, "ger-pd-3", origin)
    _result(match, "1/1", ["ger-pd-3"], TBS, target)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply(str(match.legal_actions()[0]))
    assert all(match.state.units[u].loc is None for u in TBS)


# ------------------------------------------------------------------ 13.10 attacker loss reduction


def _attack_rds(n_rds: int, weather: str = "D") -> Match:
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    for uid in SOVIET_RDS[:n_rds]:
        _revealed(match, uid, target)
    put(match, "ger-pd-3", origin)
    for zone in ("nz", "sz"):
        set_weather(match, weather, zone)
    _result(match, "1/3", ["ger-pd-3"], SOVIET_RDS[:n_rds], target)
    while match.decision is not None and match.decision.kind == "loss":
        unit = next(a for a in match.legal_actions() if str(a).startswith("lose"))
        match.apply(unit)
    return match


def test_t17a_defender_with_2_steps_lost_them_attacker_loses_nothing_13_10() -> None:
    match = _attack_rds(2)
    assert _steps(match, "ger-pd-3") == 0  # 1 - 1


def test_t17b_defender_with_2_5_steps_or_more_attacker_loses_1_13_10() -> None:
    match = _attack_rds(3)
    assert _steps(match, "ger-pd-3") == 1


def test_no_reduction_in_mud_12_4_13_10() -> None:
    match = _attack_rds(2, weather="M")
    assert _steps(match, "ger-pd-3") == 1


def test_t17c_a_retreating_defender_denies_the_reduction_13_10() -> None:
    """T17(c): a German division loses 2 steps and retreats for the 3rd: it had enough for 2
    losses while retreating, so the attacker takes his full 1 (the lone RD goes)."""
    match = _combat_phase("soviet")
    target, origin, beyond = _clear_hexes(match)
    put(match, "ger-id-7", target)
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/3", [SOVIET_RDS[0]], ["ger-id-7"], target)
    assert "retreat-instead" not in {str(a) for a in match.legal_actions()}  # not before the last
    match.apply("lose ger-id-7")
    match.apply("lose ger-id-7")
    match.apply("retreat-instead")
    assert match.decision is not None and match.decision.kind == "retreat"
    match.apply(str(match.legal_actions()[0]))
    assert match.state.units["ger-id-7"].loc not in (target, None)
    assert match.state.units[SOVIET_RDS[0]].loc is None


def test_t17_without_retreat_the_same_2_steps_earn_the_reduction_13_10() -> None:
    match = _combat_phase("soviet")
    target, origin, _ = _clear_hexes(match)
    put(match, "ger-mid-10", target)
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/3", [SOVIET_RDS[0]], ["ger-mid-10"], target)
    match.apply("lose ger-mid-10")
    match.apply("lose ger-mid-10")
    assert match.state.units[SOVIET_RDS[0]].loc == origin  # 1 - 1 = 0


def test_t46_stalin_line_denies_the_reduction_13_10() -> None:
    """T46: an occupied Stalin line hex: the attacker takes at least 1 step."""
    match = _combat_phase()
    hexes = [h for h in match.topology.locations() if match.topology.features(h) == {"stalin-line"}]
    target = next(h for h in hexes if match.topology.terrain(h) == "clear")
    origin = next(
        n for n in match.topology.neighbours(target) if match.topology.terrain(n) == "clear"
    )
    _revealed(match, SOVIET_RDS[0], target)
    put(match, "ger-pd-3", origin)
    _result(match, "1/3", ["ger-pd-3"], [SOVIET_RDS[0]], target, "stalin-line")
    assert _steps(match, "ger-pd-3") == 1


# ------------------------------------------------------------------ 13.12 close combat losses


@pytest.mark.parametrize(
    ("lost", "least"),
    [(0, 0), (0.5, 0), (1, 0), (1.5, 0), (2, 1), (3.5, 1), (4, 2), (5.5, 2), (6, 3), (7.5, 3)]
    + [(8, 4), (9.5, 4), (10, 5)],
)
def test_t21_close_combat_minimum_is_half_the_defender_s_losses_13_12(
    lost: float, least: int
) -> None:
    assert losses.cc_minimum(lost) == least


def _city_battle(defenders: list[str], code: str = "1/4") -> Match:
    """T19: an Axis PA on Riga (1808), the defender claiming the city: close combat, doubled."""
    match = _combat_phase()
    for uid in defenders:
        _revealed(match, uid, "1808")
    origin = next(
        n for n in match.topology.neighbours("1808") if match.topology.terrain(n) == "clear"
    )
    for uid in ("ger-id-7", "ger-id-1", "ger-id-102"):
        put(match, uid, origin)
    _result(match, code, ["ger-id-7", "ger-id-1", "ger-id-102"], defenders, "1808", "city")
    return match


def _axis_steps_lost(match: Match) -> int:
    total = 0
    while match.decision is not None and match.decision.kind == "loss":
        assert match.decision.side == ("soviet" if total % 2 == 0 else "axis")  # 13.12 (3)
        unit = next(
            u for u in ("ger-id-7", "ger-id-1", "ger-id-102") if _steps(match, u) is not None
        )
        match.apply(f"lose {unit}")
        total += 1
    return total


def test_t19a_city_half_step_lost_reduction_applies_axis_loses_1_13_12() -> None:
    match = _city_battle([SOVIET_CDS[0]])
    assert _axis_steps_lost(match) == 1


def test_t19b_city_two_and_a_half_steps_lost_axis_loses_2_13_12() -> None:
    match = _city_battle([*SOVIET_RDS[:2], SOVIET_CDS[0]])
    assert _axis_steps_lost(match) == 2


def test_t19c_city_seven_and_a_half_steps_lost_axis_loses_3_13_12() -> None:
    match = _city_battle([*SOVIET_RDS[:7], SOVIET_CDS[0]])
    assert _axis_steps_lost(match) == 3


def test_t19d_city_eight_steps_lost_axis_loses_4_13_12() -> None:
    match = _city_battle(SOVIET_RDS[:8])
    assert _axis_steps_lost(match) == 4


def test_close_combat_defender_losses_picked_by_the_attacker_first_13_12() -> None:
    match = _city_battle(SOVIET_RDS[:5], code="1/2")  # 2/4 on 5 RDs: the attacker picks 1st
    decision = match.decision
    assert decision is not None and decision.kind == "loss" and decision.side == "axis"
    match.apply(f"lose {SOVIET_RDS[3]}")
    assert match.state.units[SOVIET_RDS[3]].loc is None
    assert match.decision is not None and match.decision.side == "soviet"


# ------------------------------------------------------------------ 13.8 retreat


def test_minor_ally_in_the_stack_refuses_the_retreat_13_8() -> None:
    match = _combat_phase("soviet")
    target, origin, _ = _clear_hexes(match)
    put(match, "ger-id-7", target)
    put(match, "rom-id-1", target)
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/1", [SOVIET_RDS[0]], ["ger-id-7", "rom-id-1"], target)
    refused(match, "retreat-instead", "German-coloured", rule="PMD 13.8")
    match.apply("lose rom-id-1")
    assert match.state.units["rom-id-1"].step == 1


def test_no_retreat_in_a_city_13_8() -> None:
    match = _combat_phase("soviet")
    put(match, "ger-id-7", "1808")
    origin = next(
        n for n in match.topology.neighbours("1808") if match.topology.terrain(n) == "clear"
    )
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/2", [SOVIET_RDS[0]], ["ger-id-7"], "1808", "none")
    assert _steps(match, "ger-id-7") == 2  # no decision: the lone unit took both steps


def _beside_a_fort(match: Match) -> tuple[str, str, str]:
    """A fort hex, a clear non-city neighbour and a clear hex beside that for the attacker."""
    topo = match.topology
    for fort in sorted(topo.locations()):
        if not {"fort", "heavy-fort", "stalin-line"} & topo.features(fort):
            continue
        for target in topo.neighbours(fort):
            if topo.terrain(target) == "clear" and "city" not in topo.features(target):
                for origin in topo.neighbours(target):
                    if origin != fort and topo.terrain(origin) == "clear":
                        return fort, target, origin
    raise AssertionError("no fort beside clear hexes")


@pytest.mark.parametrize("held", [False, True])
def test_a_retreat_may_end_in_an_empty_fort_but_not_an_enemy_held_one_13_8(held: bool) -> None:
    """13.8 (errata 9, ruling RL3): "an empty active fort" read as a fort hex with no enemy
    unit in it; a fort the enemy holds is closed to the retreat like any enemy-held hex."""
    match = _combat_phase("soviet")
    fort, target, origin = _beside_a_fort(match)
    for uid in ("ger-id-7", "ger-id-8"):
        put(match, uid, target)
    _revealed(match, SOVIET_RDS[0], origin)
    if held:
        _revealed(match, SOVIET_RDS[1], fort)
    _result(match, "1/1", [SOVIET_RDS[0]], ["ger-id-7", "ger-id-8"], target)
    match.apply("retreat-instead")
    ends = {str(a).split()[-1] for a in match.legal_actions()}
    assert (fort in ends) is not held and ends


# ------------------------------------------------------------------ rivers and weather (13.4.1, 12.4)


def _river_mods(match: Match, weather: str) -> list:
    for zone in ("nz", "sz"):
        set_weather(match, weather, zone)
    put(match, "ger-id-7", "0226")
    _revealed(match, SOVIET_RDS[0], "0227")
    battle = Battle("b9", ["ger-id-7"], [SOVIET_RDS[0]], "0227", {"ger-id-7": "0226"}, "attack")
    return wargame_strength_modifiers(match, battle)


def test_minor_river_three_quarters_rounded_up_in_1941_13_4_1() -> None:
    match = _combat_phase()
    mods = _river_mods(match, "D")
    assert [(m.op, m.value) for m in mods] == [("add", -1)]  # 6 -> 5 (4.5 rounded up)


def test_frozen_rivers_are_ignored_12_4() -> None:
    for weather in ("F", "S"):
        assert _river_mods(_combat_phase(), weather) == []
    assert len(_river_mods(_combat_phase(), "M")) == 1


def test_axis_ignore_rivers_in_combat_on_turn_112_ruling_q2() -> None:
    match = Match(_title(), "1941-historical", 1)
    clear(match)
    assert _river_mods(match, "D") == []


# ------------------------------------------------------------------ untried units (2.4.9)


def test_untried_strengths_never_in_the_axis_view_until_combat_2_4_9() -> None:
    from wargame.testing import view_problems

    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    rd = put(match, SOVIET_RDS[0], target)
    put(match, "ger-pd-3", origin)
    assert match.is_untried(rd)
    assert view_problems(match, "axis") == []
    force_rolls(match, 1)
    events = match.apply(f"attack {target} with ger-pd-3")
    revealed = [e for e in events if e.kind == "reveal"]
    assert [e.data["unit"] for e in revealed] == [rd.id]  # drawn at the instant of combat
    assert not match.is_untried(rd) or rd.loc is None  # 13.14: untried again if eliminated


def test_turn_112_soviet_city_is_still_close_combat_doubled_without_its_shift_5_3() -> None:
    """5.3(11): on turn 112 the Soviets get no shift for a city, but city combat is still a
    close combat with doubled losses."""
    from wargame.games.proud_monster_deluxe import constructions

    match = Match(_title(), "1941-historical", 1)
    clear(match)
    _revealed(match, SOVIET_RDS[0], "1808")
    battle = Battle("b9", [], [SOVIET_RDS[0]], "1808", {}, "attack")
    assert constructions.available(match, battle) == ["city"]
    battle.extra["construction"] = "city"
    assert constructions.wargame_combat_shifts(match, battle) == []
    assert losses.close_combat(match, battle)
    battle.roll = 3
    assert losses.final_result(match, battle, "1/2")[:2] == (2, 4)


def test_retreated_units_attacked_again_add_nothing_and_die_13_8() -> None:
    """13.8: a stack that retreated may be attacked again in the phase; it adds nothing to the
    defence, and any result but 0 eliminates it without counting towards the result."""
    match = _combat_phase("soviet")
    target, origin, _ = _clear_hexes(match)
    put(match, "ger-id-7", target)
    _revealed(match, SOVIET_RDS[0], origin)
    _result(match, "1/1", [SOVIET_RDS[0]], ["ger-id-7"], target)
    match.apply("retreat-instead")
    match.apply(str(match.legal_actions()[0]))
    ger = match.state.units["ger-id-7"]
    assert ger.loc not in (None, target) and ger.step == 0
    while match.decision is not None and match.decision.kind != "combat":
        match.apply(str(match.legal_actions()[0]))  # the advance
    attacker = _revealed(
        match,
        SOVIET_RDS[1],
        next(n for n in match.topology.neighbours(ger.loc) if not match.units_at(n)),
    )
    legal = {str(a) for a in match.legal_actions()}
    assert f"attack {ger.loc} with {attacker}" in legal
    force_rolls(match, then=6)
    events = match.apply(f"attack {ger.loc} with {attacker}")
    while match.decision is not None and match.decision.kind != "combat":
        events += match.apply(str(match.legal_actions()[0]))
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert any("retreated this phase, adds nothing" in line for line in battle["explanation"])
    assert ger.loc is None


# ------------------------------------------------------------------ who may attack (6.1, 7.1, 13.4.1)


def test_at_most_five_divisions_attack_into_a_city_6_1() -> None:
    match = _combat_phase()
    _revealed(match, SOVIET_RDS[0], "1808")
    land = [n for n in match.topology.neighbours("1808") if match.topology.terrain(n) != "sea"]
    ids = ["ger-id-1", "ger-id-102", "ger-id-106", "ger-id-7", "ger-pd-3", "ger-pd-4"]
    for i, uid in enumerate(ids):
        put(match, uid, land[i % len(land)])
    refused(
        match, f"attack 1808 with {','.join(ids)}", "5 divisions attack into a city", rule="PMD 6.1"
    )
    assert match.check(f"attack 1808 with {','.join(ids[:5])}") is None


def test_two_minor_allies_never_attack_the_same_hex_7_1() -> None:
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    _revealed(match, SOVIET_RDS[0], target)
    put(match, "rom-id-1", origin)
    put(match, "hun-fc", origin)
    refused(match, f"attack {target} with rom-id-1,hun-fc", "two minor allies", rule="PMD 7.1(6)")
    assert match.check(f"attack {target} with rom-id-1") is None


def test_mech_attacks_a_mountain_hex_only_along_a_mountain_road_13_4_1_ruling_c12() -> None:
    match = _combat_phase()
    topo = match.topology
    roadless = next(
        h
        for h in topo.locations()
        if topo.terrain(h) == "mountain"
        and "mountain-road" not in topo.features(h)
        and any(topo.terrain(n) == "clear" for n in topo.neighbours(h))
    )
    origin = next(n for n in topo.neighbours(roadless) if topo.terrain(n) == "clear")
    _revealed(match, SOVIET_RDS[0], roadless)
    put(match, "ger-pd-3", origin)
    put(match, "ger-id-7", origin)
    refused(match, f"attack {roadless} with ger-pd-3", "mountain road", rule="PMD 13.4.1")
    assert match.check(f"attack {roadless} with ger-id-7") is None  # Leg units may


def _rd_faces(match: Match, label: str) -> None:
    """Every untried RD still in the pool reveals as ``label`` (a test's known draw)."""
    faces = match.counters_doc["pools"]["rd"]["faces"]
    match.state.pools["rd"] = [100 if f["label"] == label else 0 for f in faces]


def test_t13_the_defender_picks_which_untried_units_to_reveal_until_below_1_3_13_0() -> None:
    """T13: 2 AF against 5 untried RDs: the Soviet player reveals the units he picks, one at a
    time, and may stop only once the revealed DF makes the odds below 1:3 (DF 7 or more); the
    rest stay untried, their values never drawn, and the battle is an automatic 2/0."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    match.state.vars["soviet_stack_limit"] = 5  # 6.1: five a hex once 2 CC markers are earned
    rds = [put(match, uid, target).id for uid in SOVIET_RDS[:5]]
    _rd_faces(match, "3-4-5")
    put(match, "rom-mtb-1", origin)  # 2-2-5
    match.apply(f"attack {target} with rom-mtb-1")
    decision = match.decision
    assert decision is not None and decision.side == "soviet" and decision.kind == "reveal"
    assert {str(a) for a in match.legal_actions()} == {f"reveal {u}" for u in rds}
    assert view_problems(match, "axis") == []  # the attacker sees no untried values
    refused(match, "reveal none", "not yet below 1:3", rule="PMD 13.0")
    match.apply(f"reveal {rds[4]}")  # his pick, not the stack's order: 2 against 4 is 1:2
    assert [match.is_untried(match.state.units[u]) for u in rds] == [True] * 4 + [False]
    refused(match, "reveal none", "not yet below 1:3", rule="PMD 13.0")
    match.apply(f"reveal {rds[2]}")  # DF 8: 2 against 8 is 1:4, he may stop
    assert "reveal none" in {str(a) for a in match.legal_actions()}
    events = match.apply("reveal none")
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert battle["result"] == "2/0" and battle["roll"] is None
    assert sorted(battle["defenders"]) == sorted([rds[2], rds[4]])
    for uid in (rds[0], rds[1], rds[3]):  # 13.0: not revealed, not flipped to tried
        unit = match.state.units[uid]
        assert match.is_untried(unit) and unit.face is None and unit.loc == target


def test_the_defender_may_reveal_more_and_a_last_forced_unit_is_not_asked_13_0() -> None:
    """13.0: below 1:3 he may still reveal more (the decision goes on while any is left); a
    single unit he must reveal is revealed without a question, and the attacker's untried units
    are all revealed before he chooses."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    rds = [put(match, uid, target).id for uid in SOVIET_RDS[:2]]
    _rd_faces(match, "6-7-5")
    put(match, "rom-mtb-1", origin)  # 2 AF: one RD of DF 7 makes it 1:4
    match.apply(f"attack {target} with rom-mtb-1")
    assert match.decision is not None and match.decision.kind == "reveal"
    match.apply(f"reveal {rds[1]}")
    assert {str(a) for a in match.legal_actions()} == {f"reveal {rds[0]}", "reveal none"}
    events = match.apply(f"reveal {rds[0]}")  # he wishes to: the last one, then the battle
    assert [e.data["unit"] for e in events if e.kind == "reveal"] == [rds[0]]
    assert next(e for e in events if e.kind == "battle").data["battle"]["result"] == "2/0"
    # one untried defender and odds not below 1:3: revealed at once, nothing to choose
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    put(match, SOVIET_RDS[0], target)
    put(match, "rom-mtb-1", origin)
    events = match.apply(f"attack {target} with rom-mtb-1")
    assert [e.data["unit"] for e in events if e.kind == "reveal"] == [SOVIET_RDS[0]]
    assert match.decision is None or match.decision.kind != "reveal"
    # the attacker reveals every attacking unit (13.0); tried defenders leave nothing to choose
    match = _combat_phase("soviet")
    target, origin, _ = _clear_hexes(match)
    put(match, "ger-id-7", target)
    attackers = [put(match, uid, origin).id for uid in SOVIET_RDS[:2]]
    events = match.apply(f"attack {target} with {','.join(attackers)}")
    assert sorted(e.data["unit"] for e in events if e.kind == "reveal") == sorted(attackers)
    assert match.decision is None or match.decision.kind != "reveal"


def test_minor_allies_never_attack_russia_north_of_the_ns_line_7_1() -> None:
    match = _combat_phase()
    topo = match.topology
    north = topo.region("country:ussr") - topo.region("south")

    def pair(inside: frozenset[str] | set[str]) -> tuple[str, str]:
        for h in sorted(inside):
            if topo.terrain(h) == "clear" and not topo.features(h):
                for n in topo.neighbours(h):
                    edge = topo.edge(h, n)
                    if topo.terrain(n) == "clear" and edge is not None and not edge.features:
                        return h, n
        raise AssertionError("no pair")

    target, origin = pair(north)
    _revealed(match, SOVIET_RDS[0], target)
    put(match, "rom-id-1", origin)
    put(match, "ger-id-7", origin)
    refused(match, f"attack {target} with rom-id-1", "north of the N/S line", rule="PMD 7.1(5)")
    assert match.check(f"attack {target} with ger-id-7") is None
    clear(match)
    target, origin = pair(topo.region("country:ussr") & topo.region("south"))
    _revealed(match, SOVIET_RDS[0], target)
    put(match, "rom-id-1", origin)
    assert match.check(f"attack {target} with rom-id-1") is None


def test_mountain_infantry_attack_into_rough_with_their_df_13_4_1_ruling_c15() -> None:
    match = _combat_phase()
    topo = match.topology
    rough = next(h for h in topo.locations() if topo.terrain(h) == "rough")
    origin = next(n for n in topo.neighbours(rough) if topo.terrain(n) not in ("sea", "lake"))
    _revealed(match, SOVIET_RDS[0], rough)
    put(match, "ger-1-mtid", origin)  # 4-6-8
    put(match, "ger-id-7", origin)  # 6-8-6: not mountain infantry
    battle = Battle(
        "b9",
        ["ger-1-mtid", "ger-id-7"],
        [SOVIET_RDS[0]],
        rough,
        {"ger-1-mtid": origin, "ger-id-7": origin},
        "attack",
    )
    mods = [m for m in wargame_strength_modifiers(match, battle) if m.rule == "PMD 13.4.1"]
    assert [(m.target, m.op, m.value) for m in mods if "rough" in m.reason] == [
        ("ger-1-mtid", "set", 6)
    ]


def test_t39_declining_the_city_over_the_normal_limit_eliminates_at_once_13_4_2() -> None:
    """T39: with more than the normal limit in Odessa, a choice other than the city makes the
    defender eliminate units of his choice at once (1941 Soviet limit 3)."""
    match = _combat_phase()
    for uid in SOVIET_RDS[:5]:
        _revealed(match, uid, "1643")
    origin = next(
        n for n in match.topology.neighbours("1643") if match.topology.terrain(n) != "sea"
    )
    put(match, "ger-pd-3", origin)
    match.apply("attack 1643 with ger-pd-3")
    match.apply("construction stalin-line")
    decision = match.decision
    assert decision is not None and decision.kind == "city-overstack" and decision.side == "soviet"
    match.apply(f"overstack {SOVIET_RDS[0]}")
    force_rolls(match, 1)
    events = match.apply(f"overstack {SOVIET_RDS[1]}")
    while match.decision is not None and match.decision.kind == "afv":
        events += match.apply("afv decline")
    assert match.state.units[SOVIET_RDS[0]].loc is None
    battle = next(e for e in events if e.kind == "battle").data["battle"]
    assert battle["defenders"] == SOVIET_RDS[2:5]  # the battle goes on with the 3 left


def test_a_city_holds_10_after_each_removal_too_6_1() -> None:
    """6.1: 11 Soviet divisions in a city: removing one leaves 10, within the city's limit (the
    shared stacking mechanic re-checks with the location's own limit)."""
    from wargame.mechanics import stacking

    match = _combat_phase()
    rds = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "rd"][:11]
    for uid in rds:
        put(match, uid, "1808")
    stacking.ask(match, "soviet")
    assert match.decision is not None and match.decision.kind == "overstack"
    match.apply(f"remove {rds[0]}")
    assert match.decision is None or match.decision.kind != "overstack"


def test_an_advance_observes_the_stacking_limit_13_15_1() -> None:
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    rd = _revealed(match, SOVIET_RDS[0], target)
    ids = ["ger-id-1", "ger-id-102", "ger-id-106", "ger-id-7", "ger-pd-3", "ger-pd-4"]
    land = [n for n in match.topology.neighbours(target) if match.topology.terrain(n) == "clear"]
    for i, uid in enumerate(ids):
        put(match, uid, land[i % len(land)])
    _result(match, "1/5", ids, [rd], target)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply(str(match.legal_actions()[0]))
    assert match.decision is not None and match.decision.kind == "advance"
    alive = match.decision.context["units"]
    assert len(alive) == 6  # 13.10: the lone RD could not take 2.5 steps, the attacker lost 0
    refused(match, f"advance {','.join(alive)} {target}", "overstack", rule="PMD 13.15.1")
    match.apply(f"advance {alive[0]} {target}")
    assert match.state.units[alive[0]].loc == target


def test_t18a_close_combat_1_5_steps_lost_reduction_applies_axis_loses_0_13_12() -> None:
    """T18(a): an Axis close-combat PA (a committed marker) on a clear hex, Dry, CRT 1/4: the
    Soviets lose their 1.5 steps; 13.10 takes the 1 to 0; the CC minimum is 0."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    defenders = [SOVIET_CDS[0], SOVIET_RDS[0]]
    for uid in defenders:
        _revealed(match, uid, target)
    put(match, "ger-id-7", origin)
    put(match, "ger-id-1", origin)
    _result(match, "1/4", ["ger-id-7", "ger-id-1"], defenders, target, close_combat="attacker")
    assert all(match.state.units[u].loc is None for u in defenders)
    assert _axis_lost(match, ["ger-id-7", "ger-id-1"]) == 0


def test_t18b_close_combat_2_steps_lost_axis_loses_1_13_12() -> None:
    """T18(b): the same with 2 Soviet steps: the reduction makes the CRT part 0, the CC minimum
    is 1 (half of 2)."""
    match = _combat_phase()
    target, origin, _ = _clear_hexes(match)
    for uid in SOVIET_RDS[:2]:
        _revealed(match, uid, target)
    put(match, "ger-id-7", origin)
    put(match, "ger-id-1", origin)
    _result(match, "1/4", ["ger-id-7", "ger-id-1"], SOVIET_RDS[:2], target, close_combat="attacker")
    assert _axis_lost(match, ["ger-id-7", "ger-id-1"]) == 1


def _axis_lost(match: Match, ids: list[str]) -> int:
    taken = 0
    while match.decision is not None and match.decision.kind == "loss":
        assert match.decision.side == ("soviet" if taken % 2 == 0 else "axis")  # 13.12 (3)
        match.apply(f"lose {next(u for u in ids if _steps(match, u) is not None)}")
        taken += 1
    assert sum(match.state.units[u].step for u in ids) == taken  # each pick was one step
    return taken
