"""Proud Monster Deluxe's first-week restrictions on turn 112 (5.3(3)-(6)): each holds on turn
112 and stops from turn 113."""

from __future__ import annotations

from wargame.actions import Action
from wargame.games.proud_monster_deluxe import firstturn, reserves
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Match
from wargame.mechanics import retreat
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase
from .test_pmd15_offensives import _turn

PANZER = "ger-pd-3"
RIFLES = "sov-rd-interior-01"


def _border(match: Match, country: str) -> tuple[str, str]:
    """A hex of ``country`` and a neighbouring Soviet (``country:ussr``) hex."""
    russia = set(match.resolve_locations(["country:ussr"]))
    for h in sorted(match.resolve_locations([country])):
        for n in match.topology.neighbours(h):
            if n in russia and match.topology.terrain(n) != "sea":
                return h, n
    raise AssertionError(country)


def _veto(match: Match, verb: str, *args: str) -> str | None:
    assert match.decision is not None
    return firstturn.wargame_veto(match, match.decision, Action(verb, args))


def test_axis_units_in_romania_or_the_south_okh_area_may_not_move_on_turn_112_5_3_3() -> None:
    match = at_phase(AXIS, "movement")
    romania, _ = _border(match, "country:romania")
    germany, _ = _border(match, "country:greater-germany")
    south, north = put(match, PANZER, romania), put(match, "ger-pd-9", germany)
    box = put(match, "ger-pd-11", firstturn.SOUTH)
    _turn(match, 112)
    for unit in (south, box):
        assert "PMD 5.3(3)" in str(match.hook.wargame_move_locked(match=match, unit=unit))
    assert match.hook.wargame_move_locked(match=match, unit=north) is None  # Germany's ZOMO
    romanian = set(match.resolve_locations(["country:romania"]))
    inland = next(n for n in match.topology.neighbours(romania) if n in romanian)
    refused(match, f"move {PANZER} {romania} {inland}", "may neither move", rule="PMD 5.3(3)")
    assert "PMD 5.3(3)" in str(_veto(match, "strategic", box.id, "box:okh-north"))
    _turn(match, 113)
    assert match.hook.wargame_move_locked(match=match, unit=south) is None


def test_axis_units_in_hungary_may_not_attack_on_turn_112_5_3_3() -> None:
    match = at_phase(AXIS, "combat")
    hungary, russia = _border(match, "country:hungary")
    put(match, PANZER, hungary)
    put(match, RIFLES, russia)
    _turn(match, 112)
    assert "PMD 5.3(3)" in str(_veto(match, "attack", russia, "with", PANZER))
    _turn(match, 113)
    assert _veto(match, "attack", russia, "with", PANZER) is None


def test_soviet_units_may_not_enter_or_attack_into_romania_on_turn_112_5_3_4() -> None:
    match = at_phase(SOVIET, "combat")
    romania, russia = _border(match, "country:romania")
    rifles = put(match, RIFLES, russia)
    put(match, PANZER, romania)
    _turn(match, 112)
    assert "PMD 5.3(4)" in firstturn.wargame_move_blocked(match, rifles).get(romania, "")
    assert "PMD 5.3(4)" in str(_veto(match, "attack", romania, "with", RIFLES))
    assert "PMD 5.3(4)" in str(_veto(match, "advance", RIFLES, romania))
    _turn(match, 113)
    assert firstturn.wargame_move_blocked(match, rifles) == {}
    assert _veto(match, "attack", romania, "with", RIFLES) is None


def test_no_soviet_retreat_into_romania_on_turn_112_5_3_4() -> None:
    """13.8: a retreat observes the movement prohibitions, 5.3(4)'s too (ruling FT1)."""
    match = at_phase(AXIS, "combat")
    romania, russia = _border(match, "country:romania")
    rifles = put(match, RIFLES, russia)
    _turn(match, 112)
    ends = [p[-1] for p in retreat.paths(match, [rifles], russia, 1)]
    assert ends and romania not in ends
    _turn(match, 113)
    assert romania in [p[-1] for p in retreat.paths(match, [rifles], russia, 1)]


def test_no_soviet_supply_line_into_hungary_or_romania_on_turn_112_5_3_4() -> None:
    match = at_phase(SOVIET, "movement")
    romania, _ = _border(match, "country:romania")
    rifles = put(match, RIFLES, romania)
    _turn(match, 112)
    assert match.hook.wargame_supply(match=match, unit=rifles)["state"] != "supplied"
    _turn(match, 113)
    assert match.hook.wargame_supply(match=match, unit=rifles)["state"] == "supplied"


def test_soviet_units_are_not_adjacent_to_axis_units_outside_russia_on_turn_112_5_3_5() -> None:
    """No Soviet attack on them, and an Axis stack next to the border may go into reserve."""
    match = at_phase(SOVIET, "combat")
    germany, russia = _border(match, "country:greater-germany")
    put(match, PANZER, germany)
    put(match, RIFLES, russia)
    _turn(match, 112)
    assert "PMD 5.3(5)" in str(_veto(match, "attack", germany, "with", RIFLES))
    assert not reserves._adjacent_enemy(match, germany, AXIS)
    assert not reserves._adjacent_enemy(match, russia, SOVIET)
    _turn(match, 113)
    assert _veto(match, "attack", germany, "with", RIFLES) is None
    assert reserves._adjacent_enemy(match, germany, AXIS)


def test_an_axis_reserve_stack_outside_russia_is_not_placed_on_turn_112_5_3_5() -> None:
    """5.3(5)'s example with 6.4: a Soviet unit moving next to an Axis reserve stack across the
    border on turn 112 does not make the Axis place it on the map; on turn 113 it does (rulings
    FT1, R8)."""
    match = at_phase(SOVIET, "movement")
    germany, russia = _border(match, "country:greater-germany")
    topo = match.topology
    back = next(
        x for x in topo.neighbours(russia) if topo.distance(germany, x) == 2 and _open(match, x)
    )
    put(match, PANZER, germany)
    put(match, RIFLES, back)
    _turn(match, 112)
    marker = f"reserve-axis-{reserves.place(match, AXIS, germany)}"
    match.apply(f"move {RIFLES} {back} {russia}")
    assert match.state.units[RIFLES].loc == russia
    assert not match.state.markers[marker].get("placed")
    assert not [u for u in match.view(SOVIET)["units"] if u["loc"] == germany]
    _turn(match, 113)
    match.hook.wargame_settled(match=match)  # the next action's settling, on turn 113
    assert match.state.markers[marker]["placed"]
    assert len([u for u in match.view(SOVIET)["units"] if u["loc"] == germany]) == 1


def _open(match: Match, loc: str) -> bool:
    """A clear hex in Russia."""
    return match.topology.terrain(loc) == "clear" and loc in match.resolve_locations(
        [firstturn.RUSSIA]
    )


def test_an_axis_unit_in_russia_is_adjacent_on_turn_112_5_3_5() -> None:
    match = at_phase(SOVIET, "combat")
    germany, russia = _border(match, "country:greater-germany")
    put(match, PANZER, russia)
    put(match, RIFLES, germany)
    _turn(match, 112)
    assert _veto(match, "attack", russia, "with", RIFLES) is None
    assert reserves._adjacent_enemy(match, russia, AXIS)


def test_no_strategic_move_from_one_okh_area_to_the_other_on_turn_112_5_3_6() -> None:
    match = at_phase(AXIS, "movement")
    put(match, PANZER, "box:okh-north")
    _turn(match, 112)
    assert "PMD 5.3(6)" in str(_veto(match, "strategic", PANZER, firstturn.SOUTH))
    _turn(match, 113)
    assert _veto(match, "strategic", PANZER, firstturn.SOUTH) is None
