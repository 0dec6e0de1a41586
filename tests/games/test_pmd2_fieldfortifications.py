"""Proud Monster Deluxe's concentric prepared assault (13.3) and the constructions held as
markers: the Axis Hedgehog and both sides' Fieldworks (13.4.2), the Soviet Fortified Area
(15.16). Rulings CN1-CN2, HH1, FW1-FW2, FA1-FA3."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import (
    concentric,
    constructions,
    fieldworks,
    fortifiedarea,
    hedgehogs,
    losses,
)
from wargame.games.proud_monster_deluxe.combat import CAPPED
from wargame.match import Battle, Match
from wargame.testing import clear, put, refused

from .pmd9_helpers import game_turn, soviet_part
from .pmd_combat_helpers import at_phase, clear_hexes, plain, revealed

GER = ["ger-id-7", "ger-id-8", "ger-id-9"]
SOV = ["sov-rd-interior-01", "sov-rd-interior-02", "sov-rd-interior-03"]


def _turn(match: Match, ynn: int) -> None:
    match.state.cursor.turn = game_turn(ynn)
    match.touch()


def _ring(match: Match, target: str) -> list[str]:
    """The target's six neighbours in direction-ring order (0 and 3 are opposite)."""
    from wargame.hexgrid import hex_grid

    topo = hex_grid(match.topology)
    return [str(topo.neighbour_in(target, d)) for d in topo.direction_names()]


def _battle(match: Match, target: str, origins: dict[str, str], kind: str = "attack") -> Battle:
    defenders = [u.id for u in match.units_at(target)]
    return Battle("b1", list(origins), defenders, target, dict(origins), kind)


def _hex_with(match: Match, feature: str, clear_ring: bool = False) -> str:
    topo = match.topology
    for h in topo.locations():
        if (
            feature in topo.features(h)
            and topo.terrain(h) == "clear"
            and (not clear_ring or all(topo.terrain(n) != "sea" for n in _ring(match, h)))
        ):
            return h
    raise AssertionError(f"no {feature} hex")


# ------------------------------------------------------------------ 13.3 concentric


def _concentric_position(attack_at: tuple[int, ...]) -> tuple[Match, Battle]:
    match = at_phase("axis", "combat")
    target, _, _ = clear_hexes(match)
    revealed(match, SOV[0], target)
    ring = _ring(match, target)
    origins = {}
    for uid, i in zip(GER, attack_at, strict=False):
        put(match, uid, ring[i])
        origins[uid] = ring[i]
    return match, _battle(match, target, origins)


def test_attackers_in_opposite_hexes_get_a_1r_concentric_shift_13_3() -> None:
    match, battle = _concentric_position((0, 3))
    shifts = concentric.wargame_combat_shifts(match, battle)
    assert [(s.columns, s.rule, s.group) for s in shifts] == [(1, "PMD 13.3", CAPPED)]


def test_three_hexes_one_apart_are_concentric_two_neighbours_are_not_13_3() -> None:
    match, battle = _concentric_position((0, 2, 4))
    assert [s.columns for s in concentric.wargame_combat_shifts(match, battle)] == [1]
    match, battle = _concentric_position((0, 1))
    assert concentric.wargame_combat_shifts(match, battle) == []
    match, battle = _concentric_position((0, 2))
    assert concentric.wargame_combat_shifts(match, battle) == []


def test_an_attacker_without_offensive_supply_does_not_count_13_3() -> None:
    match, battle = _concentric_position((0, 3))
    match.state.units[GER[1]].flags["oos"] = True
    assert concentric.wargame_combat_shifts(match, battle) == []


def test_no_concentric_shift_in_a_mobile_assault_13_3() -> None:
    match, battle = _concentric_position((0, 3))
    battle.kind = "overrun"
    assert concentric.wargame_combat_shifts(match, battle) == []


def test_no_concentric_shift_against_soviets_in_a_stalin_line_hex_but_the_axis_gets_none_13_3() -> (
    None
):
    """The Stalin line denies it to the Axis attacking Soviets (13.3); forts are not active for
    an Axis defender, so the Soviets attacking him there get it."""
    match = at_phase("axis", "combat")
    target = _hex_with(match, "stalin-line", clear_ring=True)
    revealed(match, SOV[0], target)
    ring = _ring(match, target)
    put(match, GER[0], ring[0])
    put(match, GER[1], ring[3])
    battle = _battle(match, target, {GER[0]: ring[0], GER[1]: ring[3]})
    assert concentric.denied(match, battle) == "an active fort or the Stalin line"
    assert concentric.wargame_combat_shifts(match, battle) == []
    clear(match)
    put(match, GER[0], target)
    revealed(match, SOV[0], ring[0])
    revealed(match, SOV[1], ring[3])
    battle = _battle(match, target, {SOV[0]: ring[0], SOV[1]: ring[3]})
    assert [s.columns for s in concentric.wargame_combat_shifts(match, battle)] == [1]


# ------------------------------------------------------------------ 13.4.2 Hedgehogs


def _hedgehog_phase(ynn: int = 123) -> tuple[Match, str]:
    match = at_phase("axis", "movement")
    _turn(match, ynn)
    town = _hex_with(match, "small-town", clear_ring=True)
    put(match, GER[0], town)
    return match, town


def test_the_axis_forms_a_hedgehog_on_a_german_unit_in_a_town_from_turn_123_13_4_2() -> None:
    match, town = _hedgehog_phase()
    assert f"hedgehog {town}" in {str(a) for a in match.legal_actions()}
    match.apply(f"hedgehog {town}")
    assert hedgehogs.at(match, town)
    assert f"hedgehog {town} off" in {str(a) for a in match.legal_actions()}


def test_no_hedgehog_before_turn_123_off_a_town_or_without_a_german_unit_13_4_2() -> None:
    match, town = _hedgehog_phase(122)
    refused(match, f"hedgehog {town}", "from turn 123", rule="PMD 13.4.2")
    _turn(match, 123)
    target, _, _ = clear_hexes(match)
    put(match, GER[1], target)
    refused(match, f"hedgehog {target}", "small town, large town or city", rule="PMD 13.4.2")
    clear(match)
    put(match, "rom-id-1", town)
    refused(match, f"hedgehog {town}", "German-coloured unit", rule="PMD 13.4.2")


def test_a_hedgehog_is_placed_in_the_initial_movement_phase_only_13_4_2() -> None:
    match = at_phase("axis", "combat")
    _turn(match, 123)
    town = _hex_with(match, "small-town", clear_ring=True)
    put(match, GER[0], town)
    refused(match, f"hedgehog {town}", "not a choice now")


def test_a_hedgehog_must_be_claimed_2l_and_allows_no_retreat_13_4_2() -> None:
    match, town = _hedgehog_phase()
    battle = _battle(match, town, {})
    assert losses.may_retreat(match, battle)
    match.apply(f"hedgehog {town}")
    assert constructions.available(match, battle) == ["hedgehog"]
    assert constructions.ask_before_roll(match, battle) is False or match.decision.kind != (
        "construction"
    )
    assert battle.extra["construction"] == "hedgehog"
    shifts = constructions.wargame_combat_shifts(match, battle)
    assert [(s.columns, s.group) for s in shifts] == [(-2, CAPPED)]
    assert not losses.may_retreat(match, battle)


def test_units_in_a_hedgehog_do_not_attack_and_are_not_mobile_assaulted_13_4_2() -> None:
    match, town = _hedgehog_phase()
    match.apply(f"hedgehog {town}")
    ring = _ring(match, town)
    revealed(match, SOV[0], ring[0])
    from wargame.actions import Action, Decision

    axis = Decision("axis", "combat", match.turn, "turn/w1-combat")
    why = hedgehogs.wargame_veto(match, axis, Action("attack", (ring[0], "with", GER[0])))
    assert why is not None and "Hedgehog" in why
    soviet = Decision("soviet", "movement", match.turn, "turn/w1-initial-movement")
    overrun = Action("overrun", (town, "with", SOV[0], "via", ring[0]))
    assert "no Soviet mobile assault on a Hedgehog" in str(
        hedgehogs.wargame_veto(match, soviet, overrun)
    )
    match.apply(f"hedgehog {town} off")
    assert hedgehogs.wargame_veto(match, soviet, overrun) is None


def test_a_hedgehog_goes_when_its_last_german_unit_leaves_or_dies_ruling_hh1() -> None:
    match, town = _hedgehog_phase()
    match.apply(f"hedgehog {town}")
    put(match, "rom-id-1", town)
    unit = match.state.units[GER[0]]
    match.eliminate(unit, "test", "PMD 13.9")
    assert not hedgehogs.at(match, town)  # a Romanian is left: no German-coloured unit
    put(match, GER[1], town)
    match.apply(f"hedgehog {town}")
    away = next(n for n in _ring(match, town) if plain(match, n))
    match.apply(f"move {GER[1]} {town} {away}")
    assert not hedgehogs.at(match, town)


# ------------------------------------------------------------------ 13.4.2 Fieldworks


def _soviet_hexes(match: Match) -> tuple[str, str]:
    """A plain Soviet-controlled hex in Soviet supply with six plain neighbours, and one of
    them."""
    from wargame.games.proud_monster_deluxe import supply

    good = supply.nets(match, "soviet")[1]
    topo = match.topology
    for h in sorted(good):
        ring = topo.neighbours(h)
        if (
            match.state.control.get(h) == "soviet"
            and plain(match, h)
            and len(ring) == 6
            and all(plain(match, n) for n in ring)
        ):
            return h, ring[0]
    raise AssertionError("no Soviet hex")


def _reinforcement(ynn: int = 201) -> Match:
    match = soviet_part()
    _turn(match, ynn)
    clear(match)
    return match


def test_fieldworks_arrive_on_turn_201_and_go_in_an_occupied_supplied_hex_13_4_2() -> None:
    match = _reinforcement(124)
    target, empty = _soviet_hexes(match)
    revealed(match, SOV[0], target)
    refused(match, f"fieldworks {target}", "arrive on turn 201", rule="PMD 13.4.2")
    _turn(match, 201)
    assert fieldworks.in_hand(match, "soviet") == fieldworks.COUNT
    refused(match, f"fieldworks {empty}", "units occupy", rule="PMD 13.4.2")
    assert f"fieldworks {target}" in {str(a) for a in match.legal_actions()}
    match.apply(f"fieldworks {target}")
    assert fieldworks.owner(match, target) == "soviet"
    assert fieldworks.in_hand(match, "soviet") == fieldworks.COUNT - 1
    refused(match, f"fieldworks {target}", "Fieldworks already", rule="ruling FW1")


def test_enemy_ownership_destroys_fieldworks_and_the_marker_returns_ruling_fw2() -> None:
    match = _reinforcement()
    target, origin = _soviet_hexes(match)
    revealed(match, SOV[0], target)
    match.apply(f"fieldworks {target}")
    match.eliminate(match.state.units[SOV[0]], "test", "PMD 13.9")
    assert fieldworks.owner(match, target) == "soviet"  # empty, still Soviet-owned: it stays
    put(match, GER[0], origin)
    match.place(match.state.units[GER[0]], target)
    match.hook.wargame_moved(match=match, units=[match.state.units[GER[0]]], path=[origin, target])
    assert match.state.control.get(target) == "axis"
    assert fieldworks.owner(match, target) is None
    assert fieldworks.in_hand(match, "soviet") == fieldworks.COUNT


def test_fieldworks_give_their_owner_1l_against_a_pa_and_bar_ma_concentric_and_13_10() -> None:
    match = _reinforcement()
    target, _ = _soviet_hexes(match)
    revealed(match, SOV[0], target)
    battle = _battle(match, target, {})
    assert constructions.available(match, battle) == []
    match.apply(f"fieldworks {target}")
    assert constructions.available(match, battle) == ["fieldworks"]
    battle.kind = "overrun"
    assert constructions.available(match, battle) == []  # 1L in a PA only
    battle.kind = "attack"
    assert concentric.denied(match, battle) == "Fieldworks"
    assert losses._fieldworks_or_area(match, battle)
    from wargame.actions import Action, Decision

    axis = Decision("axis", "movement", match.turn, "turn/w1-initial-movement")
    overrun = Action("overrun", (target, "with", GER[0], "via", _ring(match, target)[0]))
    assert "Fieldworks" in str(fieldworks.wargame_veto(match, axis, overrun))


# ------------------------------------------------------------------ 15.16 Fortified Area


def _fa_phase() -> Match:
    match = _reinforcement(309)
    return match


def test_the_fortified_area_must_be_placed_on_turn_309_in_a_soviet_supplied_hex_15_16() -> None:
    match = _fa_phase()
    places = [a for a in match.legal_actions() if a.verb == "fortified-area"]
    assert places, "turn 309: the Soviet places the marker"
    blockers = fortifiedarea.wargame_end_blockers(match, match.decision)
    assert blockers and "Fortified Area" in blockers[0]
    loc = places[0].args[0]
    match.apply(f"fortified-area {loc}")
    assert fortifiedarea.marker(match)["loc"] == loc
    assert fortifiedarea.wargame_end_blockers(match, match.decision) == []
    refused(match, f"fortified-area {loc}", "comes once", rule="PMD 15.16")


def test_no_fortified_area_before_turn_309_15_16() -> None:
    match = _reinforcement(308)
    assert not [a for a in match.legal_actions() if a.verb == "fortified-area"]
    assert fortifiedarea.wargame_end_blockers(match, match.decision) == []


def _fa_battle(match: Match, distance: int) -> tuple[Battle, str]:
    """A Soviet defender ``distance`` hexes from a placed Fortified Area, on clear ground."""
    topo = match.topology
    for centre in topo.locations():
        if match.state.control.get(centre) != "soviet" or not plain(match, centre):
            continue
        for h in topo.locations():
            if plain(match, h) and topo.distance(centre, h) == distance:
                match.state.markers[fortifiedarea.KEY] = {
                    "type": fortifiedarea.KIND,
                    "loc": centre,
                    "side": "soviet",
                }
                revealed(match, SOV[0], h)
                return _battle(match, h, {}), centre
    raise AssertionError("no position")


def test_the_fortified_area_gives_1l_in_may_1943_and_2l_from_june_within_two_hexes_15_16() -> None:
    match = _fa_phase()
    battle, _ = _fa_battle(match, 2)
    assert constructions.available(match, battle) == ["fortified-area"]
    assert constructions.spec(match, "fortified-area") == {"shift": -1}  # 309: May 1943
    battle.kind = "overrun"  # against PA and MA alike
    assert constructions.available(match, battle) == ["fortified-area"]
    _turn(match, 311)
    assert constructions.spec(match, "fortified-area") == {"shift": -2}  # June 1943 on
    assert losses._fieldworks_or_area(match, battle)


def test_no_fortified_area_three_hexes_away_or_for_an_unsupplied_defender_15_16() -> None:
    match = _fa_phase()
    battle, _ = _fa_battle(match, 3)
    assert constructions.available(match, battle) == []
    match = _fa_phase()
    battle, _ = _fa_battle(match, 1)
    assert constructions.available(match, battle) == ["fortified-area"]
    match.state.units[SOV[0]].flags["oos"] = True
    assert constructions.available(match, battle) == []


def test_the_fortified_area_goes_only_when_every_hex_within_two_is_axis_controlled_15_16() -> None:
    from wargame.hexgrid import hex_grid

    match = _fa_phase()
    _, centre = _fa_battle(match, 1)
    clear(match)
    area = [
        h
        for h in hex_grid(match.topology).hexes_within(centre, 2)
        if match.topology.terrain(h) not in ("sea", "lake")
    ]
    for h in area[:-1]:
        match.state.control[h] = "axis"
    fortifiedarea.wargame_moved(match, [], [area[0]])
    assert fortifiedarea.marker(match) is not None  # one hex is still not Axis-controlled
    match.state.control[area[-1]] = "axis"
    fortifiedarea.wargame_moved(match, [], [area[-1]])
    assert fortifiedarea.marker(match) is None


# ------------------------------------------------------------------ 13.4.2 fort lines' turns


def test_a_fort_line_is_active_from_its_turn_on_13_4_2() -> None:
    """Leningrad and Luga lines from 114, Vyazma and Mozhaisk from 117, Moscow from 120: before
    its turn a fort line hex gives nothing (no shift, no bar on an MA, 13.10 as in the open)."""
    from wargame.games.proud_monster_deluxe import mobileassault

    match = at_phase("axis", "combat")
    for loc, turn in (("3305", 114), ("3518", 117), ("3920", 120)):
        assert "fortified-line" in match.topology.features(loc)
        clear(match)
        revealed(match, SOV[0], loc)
        battle = _battle(match, loc, {})
        origin = next(
            n for n in match.topology.neighbours(loc) if match.topology.terrain(n) == "clear"
        )
        _turn(match, turn - 1)
        assert "fortified-line" not in constructions.available(match, battle)
        assert not constructions.active_forts(match, loc)
        assert "fortified line" not in str(mobileassault.problem(match, "axis", [], origin, loc))
        _turn(match, turn)
        assert "fortified-line" in constructions.available(match, battle)
        assert "fortified line" in str(mobileassault.problem(match, "axis", [], origin, loc))
