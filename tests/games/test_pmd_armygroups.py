"""Proud Monster Deluxe's turn-112 army group boundaries and North OKH subareas (5.3(9))."""

from __future__ import annotations

from tests.games.pmd_steps import answer, end, to_phase
from wargame.games.proud_monster_deluxe import armygroups, closecombat, reserves
from wargame.match import Match
from wargame.state import Unit
from wargame.testing import clear, force_rolls, put, refused

from .pmd_combat_helpers import (
    at_phase,
    carry_out_result,
    offensive_supply,
    plain,
    revealed,
    title,
)

RULE = "PMD 5.3(9)"
PD = "ger-pd-3"
RD = "sov-rd-interior-01"


def _turn_112(kind: str = "movement") -> Match:
    """Turn 112's first Axis phase of ``kind``, the map empty."""
    match = Match(title(), "1941-historical", 1)
    to_phase(match, "axis", kind)
    clear(match)
    return match


def _region(match: Match, name: str) -> frozenset[str]:
    return match.topology.region(f"ag:{name}")


def _open(match: Match, a: str, b: str) -> bool:
    edge = match.topology.edge(a, b)
    return plain(match, a) and plain(match, b) and edge is not None and not edge.features


def _across(match: Match) -> tuple[str, str]:
    """Two plain neighbours on either side of the AGN/AGC boundary, in the USSR."""
    ussr = match.topology.region("country:ussr")
    centre = _region(match, "centre")
    for a in sorted(_region(match, "north") & ussr):
        for b in sorted(match.topology.neighbours(a)):
            if b in centre and b in ussr and _open(match, a, b):
                return a, b
    raise AssertionError("no open pair across the boundary")


def _divided(match: Match) -> tuple[str, str, str]:
    """A plain divided hex of the AGN/AGC boundary with a plain north and centre neighbour."""
    north, centre = _region(match, "north"), _region(match, "centre")
    for d in sorted(_region(match, "divided-north-centre")):
        nbrs = sorted(match.topology.neighbours(d))
        ns = [n for n in nbrs if n in north and _open(match, n, d)]
        cs = [c for c in nbrs if c in centre and _open(match, d, c)]
        if ns and cs:
            return ns[0], d, cs[0]
    raise AssertionError("no open divided hex")


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_no_axis_move_across_an_army_group_boundary_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    a, b = _across(match)
    put(match, PD, a)
    refused(match, f"move {PD} {a} {b}", "army group boundary", rule=RULE)


def test_the_boundaries_are_ignored_from_turn_113_5_3_9() -> None:
    match = at_phase("axis", "movement")
    a, b = _across(match)
    put(match, PD, a)
    assert f"move {PD} {a} {b}" in _legal(match)
    match.apply(f"move {PD} {a} {b}")
    assert match.state.units[PD].loc == b


def test_a_divided_hex_may_be_entered_but_not_crossed_5_3_9() -> None:
    """5.3(9): a divided hex lies in both sectors; a unit may enter it, but not go through it
    into the other sector (ruling AG1)."""
    match = _turn_112()
    n, d, c = _divided(match)
    pd = put(match, PD, n)
    refused(match, f"move {PD} {n} {d} {c}", "army group boundary", rule=RULE)
    match.apply(f"move {PD} {n} {d}")
    assert pd.loc == d and pd.flags[armygroups.FLAG] == ["north"]


def test_a_unit_that_entered_a_divided_hex_may_not_advance_out_of_its_sector_5_3_9() -> None:
    """Ruling AG1: a unit that entered a divided hex from the north stays held to the north
    sector for the rest of turn 112: after its Combat Phase win it may not advance into the
    centre sector."""
    match = _turn_112()
    n, d, c = _divided(match)
    pd = put(match, PD, n)
    match.apply(f"move {PD} {n} {d}")
    end(match)
    assert match.decision is not None and match.decision.kind == "combat"
    revealed(match, RD, c)
    carry_out_result(match, "0/5", [PD], [RD], c)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply(str(match.legal_actions()[0]))
    assert match.decision is not None and match.decision.kind == "advance"
    refused(match, f"advance {PD} {c}", "army group boundary", rule=RULE)
    assert pd.loc == d


def test_a_unit_starting_in_a_divided_hex_may_go_either_way_5_3_9() -> None:
    match = _turn_112()
    n, d, c = _divided(match)
    put(match, PD, d)
    assert {f"move {PD} {d} {n}", f"move {PD} {d} {c}"} <= _legal(match)


def test_the_army_group_flag_goes_on_turn_113_5_3_9() -> None:
    """The flag that holds a unit to its sector is gone once turn 113 begins (the boundaries
    are ignored). Steps through the rest of turn 112: about a second."""
    match = _turn_112()
    n, d, _c = _divided(match)
    pd = put(match, PD, n)
    match.apply(f"move {PD} {n} {d}")
    assert armygroups.FLAG in pd.flags
    while match.turn == 1:
        end(match)
    assert armygroups.FLAG not in pd.flags


def test_no_axis_mobile_assault_across_a_boundary_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    a, b = _across(match)
    revealed(match, RD, b)
    put(match, PD, a)
    offensive_supply(match, "axis", a)
    refused(match, f"overrun {b} with {PD} via {a}", "army group boundary", rule=RULE)


def test_a_mobile_assault_across_the_old_boundary_on_turn_113_5_3_9() -> None:
    match = at_phase("axis", "movement")
    a, b = _across(match)
    revealed(match, RD, b)
    put(match, PD, a)
    offensive_supply(match, "axis", a)
    assert f"overrun {b} with {PD} via {a}" in _legal(match)


def _won_attack(match: Match) -> str:
    """A German PA from the north sector wipes out a Soviet RD across the boundary: the
    attacker is asked whether to advance. The target."""
    a, b = _across(match)
    revealed(match, RD, b)
    put(match, PD, a)
    carry_out_result(match, "0/5", [PD], [RD], b)
    while match.decision is not None and match.decision.kind == "loss":
        match.apply(str(match.legal_actions()[0]))
    assert match.decision is not None and match.decision.kind == "advance"
    return b


def test_a_german_pa_across_a_boundary_is_allowed_on_turn_112_5_3_9() -> None:
    match = _turn_112("combat")
    a, b = _across(match)
    revealed(match, RD, b)
    put(match, PD, a)
    attacks = [a for a in match.legal_actions() if a.verb == "attack" and b in a.args]
    assert attacks and all(not match.vetoes(x) for x in attacks)


def test_no_advance_after_combat_across_a_boundary_on_turn_112_5_3_9() -> None:
    match = _turn_112("combat")
    b = _won_attack(match)
    refused(match, f"advance {PD} {b}", "army group boundary", rule=RULE)
    assert "stay" in _legal(match)


def test_an_advance_across_the_old_boundary_on_turn_113_5_3_9() -> None:
    match = at_phase("axis", "combat")
    b = _won_attack(match)
    match.apply(f"advance {PD} {b}")
    assert match.state.units[PD].loc == b


def _in_okh_north(match: Match) -> Unit:
    """The panzer division waiting in the North OKH area to enter by its ZOMO (9.1.1)."""
    entry = match.resolve_locations(["country:greater-germany"])
    return put(match, PD, "box:okh-north", entry=entry)


def _zomo(match: Match, group: str) -> str:
    """A plain Greater Germany (North OKH ZOMO) hex wholly in ``group``'s sector."""
    germany = match.topology.region("country:greater-germany")
    return next(h for h in sorted(_region(match, group) & germany) if plain(match, h))


def test_a_north_okh_unit_enters_only_its_army_group_s_zomo_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    pd = _in_okh_north(match)
    north, south = _zomo(match, "north"), _zomo(match, "south")
    assert f"army-group {PD} south" in _legal(match)
    match.apply(f"army-group {PD} south")
    assert pd.flags[armygroups.FLAG] == ["south"]
    refused(match, f"move {PD} box:okh-north {north}", "AGS", "ZOMO", rule=RULE)
    refused(match, f"army-group {PD} north", "already", rule=RULE)
    assert f"move {PD} box:okh-north {south}" in _legal(match)


def test_an_unassigned_north_okh_unit_belongs_where_it_enters_5_3_9() -> None:
    """Ruling AG2: unassigned, the first ZOMO hex the Axis sends it to is his choice of group;
    it is held to that sector for the rest of the turn."""
    match = _turn_112()
    pd = _in_okh_north(match)
    centre = _zomo(match, "centre")
    match.apply(f"move {PD} box:okh-north {centre}")
    assert pd.flags[armygroups.FLAG] == ["centre"]


def test_no_north_okh_ma_into_another_group_s_zomo_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    _in_okh_north(match)
    match.apply(f"army-group {PD} north")
    target = _zomo(match, "south")
    revealed(match, RD, target)
    offensive_supply(match, "axis", target)
    force_rolls(match, then=6)
    refused(match, f"overrun {target} with {PD} via box:okh-north", "ZOMO", rule=RULE)


def test_north_okh_units_are_not_assigned_after_turn_112_5_3_9() -> None:
    match = at_phase("axis", "movement")
    put(match, PD, "box:okh-north")
    assert not any(a.verb == "army-group" for a in match.legal_actions())
    refused(match, f"army-group {PD} north", "turn 112", rule=RULE)


# ------------------------------------------------------------------ strategic, reserve-move, cc-advance

MINSK = "1920"
"""An urban hex of the centre sector, a strategic move's destination from the North OKH area."""


def test_no_strategic_move_out_of_its_army_group_s_sector_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    _in_okh_north(match)
    match.apply(f"army-group {PD} north")
    refused(match, f"strategic {PD} {MINSK}", "AGN", rule=RULE)
    assert f"strategic {PD} {MINSK}" not in _legal(match)


def test_a_strategic_move_into_any_sector_on_turn_113_5_3_9() -> None:
    match = at_phase("axis", "movement")
    pd = put(match, PD, "box:okh-north")
    assert f"strategic {PD} {MINSK}" in _legal(match)
    match.apply(f"strategic {PD} {MINSK}")
    assert pd.loc == MINSK


def _reserve_across(match: Match) -> tuple[str, str]:
    """A panzer division under Reserve marker 1 next to the AGN/AGC boundary: its hex and the
    neighbour across."""
    a, b = _across(match)
    put(match, PD, a)
    assert reserves.place(match, "axis", a) == "1"
    return a, b


def test_no_reserve_marker_moves_across_a_boundary_on_turn_112_5_3_9() -> None:
    match = _turn_112()
    a, b = _reserve_across(match)
    refused(match, f"reserve-move 1 {a} {b}", "army group boundary", rule=RULE)
    assert f"reserve-move 1 {a} {b}" not in _legal(match)


def test_a_reserve_marker_moves_across_the_old_boundary_on_turn_113_5_3_9() -> None:
    match = at_phase("axis", "movement")
    a, b = _reserve_across(match)
    match.apply(f"reserve-move 1 {a} {b}")
    assert match.state.units[PD].loc == b and reserves.in_reserve(match, match.state.units[PD])


RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 4)]
ATTACKERS = [PD, "ger-pd-9", "ger-id-22"]
INFANTRY = "ger-id-22"


def _close_combat(match: Match) -> str:
    """A German PA from the north sector, with a Close Combat marker, on three Soviet RDs across
    the boundary that survive it: the attacker is asked for the Close Combat advance (13.15.2).
    The target."""
    a, b = _across(match)
    for uid in RDS:
        revealed(match, uid, b)
    for uid in ATTACKERS:
        put(match, uid, a)
    closecombat._use(match, "axis", f"committed to {b}")
    carry_out_result(match, "1/2", ATTACKERS, RDS, b, close_combat="attacker")
    while match.decision is not None and match.decision.kind == "loss":
        answer(match)
    assert match.decision is not None and match.decision.kind == "cc-advance"
    return b


def test_no_close_combat_advance_across_a_boundary_on_turn_112_5_3_9() -> None:
    match = _turn_112("combat")
    b = _close_combat(match)
    refused(match, f"cc-advance {INFANTRY}", "army group boundary", rule=RULE)
    assert match.state.units[INFANTRY].loc != b
    assert "cc-advance none" in _legal(match)


def test_a_close_combat_advance_across_the_old_boundary_on_turn_113_5_3_9() -> None:
    match = at_phase("axis", "combat")
    b = _close_combat(match)
    match.apply(f"cc-advance {INFANTRY}")
    assert match.state.units[INFANTRY].loc == b
