"""Proud Monster Deluxe's fog of war: stacks beneath their top unit, covered boxes, the odds
(6.3, 6.2, 7.1(3), 13.15.3, 16.2 C and D; ``fog.py``, rulings F1-F3)."""

from __future__ import annotations

from tests.games.pmd_steps import end, to_phase
from tests.games.test_pmd_reserves import RD, _axis_refit, _places
from wargame.games.proud_monster_deluxe import fog
from wargame.match import Match
from wargame.testing import put, refused, view_problems
from wargame.web.seat import Lens

PD, ID = "ger-pd-3", "ger-id-7"


def _shown(match: Match, side: str, loc: str) -> list[str]:
    """The unit ids ``side``'s view names at ``loc``."""
    return sorted(u["id"] for u in match.view(side)["units"] if u["loc"] == loc and "id" in u)


def _stack() -> tuple[Match, str, str]:
    """Turn 113's Soviet combat phase, an Axis panzer and infantry division stacked in A, a
    revealed Soviet rifle division next to it in N."""
    match = _axis_refit()
    a, n, _f, _b = _places(match)
    put(match, PD, a)
    put(match, ID, a)
    to_phase(match, "soviet", "combat")
    match.reveal(put(match, RD, n))
    fog.sync(match)
    return match, a, n


def test_the_enemy_sees_the_top_unit_of_a_stack_not_the_units_beneath_6_3() -> None:
    match, a, _n = _stack()
    top = fog.top(match, match.units_at(a)).id
    assert _shown(match, "soviet", a) == [top]  # the top unit, with its values
    assert len([u for u in match.view("soviet")["units"] if u["loc"] == a]) == 2
    assert _shown(match, "axis", a) == sorted([PD, ID])  # his own stack, all of it
    assert not view_problems(match, "soviet")


def test_the_owner_chooses_the_top_unit_and_the_enemy_sees_it_6_3() -> None:
    match, a, _n = _stack()
    below = next(u.id for u in match.units_at(a) if u is not fog.top(match, match.units_at(a)))
    to_phase(match, "axis", "movement")
    assert f"top {below}" in {str(x) for x in match.legal_actions()}
    match.apply(f"top {below}")
    assert _shown(match, "soviet", a) == [below]
    refused(match, f"top {below}", "on top already", rule="PMD 6.3")
    other = next(u.id for u in match.units_at(a) if u.id != below)
    lens = Lens.of(match, "soviet")
    assert other in lens.concealed and below not in lens.concealed
    match.apply(f"move {below} {a} {match.topology.neighbours(a)[1]}")
    assert _shown(match, "soviet", a) == [other]  # alone now: seen (6.3 is about stacks)


def test_a_minor_ally_is_the_top_unit_of_its_stack_7_1_3() -> None:
    match = _axis_refit()
    a, _n, _f, _b = _places(match)
    put(match, PD, a)
    put(match, "rom-id-1", a)
    to_phase(match, "axis", "movement")
    fog.sync(match)
    assert fog.top(match, match.units_at(a)).id == "rom-id-1"
    assert _shown(match, "soviet", a) == ["rom-id-1"]
    assert f"top {PD}" not in {str(x) for x in match.legal_actions()}
    refused(match, f"top {PD}", "minor allied unit must be the top", rule="PMD 7.1(3)")


def test_the_units_beneath_are_examined_at_the_odds_and_close_at_the_phase_end_6_3() -> None:
    """Ruling F1: a battle's units are open to the enemy from its odds to the end of the phase."""
    match, a, n = _stack()
    hidden = [u for u in match.units_at(a) if "soviet" in u.hidden_from]
    assert len(hidden) == 1
    match.apply(f"attack {a} with {RD}")
    assert "soviet" not in hidden[0].hidden_from
    assert _shown(match, "soviet", a) == sorted(u.id for u in match.units_at(a))
    assert not view_problems(match, "soviet")
    for _ in range(20):  # answer the battle's decisions with their first choice, then end
        if match.decision is None or match.decision.kind == "movement":
            break
        legal = [str(x) for x in match.legal_actions()]
        no = [x for x in legal if x == "end" or x.endswith((" decline", " pass"))]
        match.apply(no[0] if no else legal[0])
    assert sorted(u.id for u in match.units_at(a)) == sorted([PD, ID])  # seed 1: both held
    assert len(_shown(match, "soviet", a)) == 1  # the stack closed again


def test_a_jointly_occupied_hex_may_be_examined_by_both_sides_13_15_3() -> None:
    match, a, _n = _stack()
    put(match, "sov-rd-interior-02", a)
    fog.sync(match)
    assert _shown(match, "soviet", a) == sorted([PD, ID, "sov-rd-interior-02"])
    assert set(_shown(match, "axis", a)) >= {PD, ID}


def test_units_in_the_okh_and_rvgk_boxes_are_covered_until_they_come_out_16_2_d() -> None:
    match = _axis_refit()
    a, _n, _f, _b = _places(match)
    put(match, PD, "box:okh-north")
    put(match, "sov-td-interior-01", "box:rvgk-south")
    end(match)  # any action: the fog follows whatever put the units there
    units = match.state.units
    assert units[PD].hidden_from == ["soviet"] and "axis" in units["sov-td-interior-01"].hidden_from
    assert not view_problems(match, "soviet") and not view_problems(match, "axis")
    assert _shown(match, "axis", "box:okh-north") == [PD]
    put(match, PD, a)
    end(match)
    assert units[PD].hidden_from == [] and _shown(match, "soviet", a) == [PD]


def test_a_unit_moving_in_beneath_the_top_is_concealed_in_the_enemy_s_log_6_3() -> None:
    """The web Lens hides the action and its events from the enemy's log and history."""
    match = _axis_refit()
    a, n, _f, _b = _places(match)
    put(match, PD, a)
    put(match, ID, n)
    to_phase(match, "axis", "movement")
    events = match.apply(f"move {ID} {n} {a}")
    if fog.top(match, match.units_at(a)).id == ID:
        match.apply(f"top {PD}")
    assert match.state.units[ID].hidden_from == ["soviet"]
    entry = {"action": f"move {ID} {n} {a}", "events": [e.to_json() for e in events]}
    shown = Lens.of(match, "soviet").entry(entry)
    assert ID not in str(shown) and "a concealed unit" in shown["action"]
    assert ID in str(Lens.of(match, "axis").entry(entry))


def test_no_reserve_marker_in_a_box_6_4() -> None:
    """6.4: Reserve markers go on stacks on the map (a box's contents are covered anyway)."""
    match = _axis_refit()
    put(match, PD, "box:okh-north")
    refused(match, "reserve box:okh-north", "on the map", rule="PMD 6.4")
