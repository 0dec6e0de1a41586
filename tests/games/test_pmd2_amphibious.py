"""Proud Monster Deluxe part 2: Soviet amphibious invasions (10.5) beside sea transport."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import amphibious, ports
from wargame.games.proud_monster_deluxe.datagen.build import turns
from wargame.match import Match
from wargame.mechanics import movement
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused

from .pmd_combat_helpers import offensive_supply

ODESSA, LENINGRAD, ORANIENBAUM, RVGK_SOUTH = "1643", "3304", "3203", "box:rvgk-south"
GAME = {y: i for i, y in enumerate(turns(), start=1)}


@cache
def _title() -> Title:
    return discover().get("pmd")


def _movement(ynn: int = 116) -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.state.cursor.turn = GAME[ynn]
    match.touch()
    clear(match)
    to_phase(match, "soviet", "movement")
    assert match.phase is not None and match.phase.spec.id.endswith("initial-movement")
    return match


def _week(match: Match) -> str:
    """ "w1" or "w2" in a phase of the weeks, else the phase's id."""
    return match.phase.spec.id.split("-")[0] if match.phase is not None else ""


def _tried(match: Match, kind: str, n: int, af: int, df: int) -> list[str]:
    """``n`` Soviet units of ``kind`` off the map, tried with the face AF-DF-5."""
    found = sorted(
        u.id
        for u in match.state.units.values()
        if u.side == "soviet" and u.loc is None and match.counter(u)["type"] == kind
    )[:n]
    for uid in found:
        match.state.units[uid].face = {"attack": af, "defense": df, "movement": 5}
    return found


def _landing(match: Match, start: str, sea: str, distance: int) -> str:
    topo = match.topology
    return min(
        h
        for h in ports._coast(match, sea)
        if topo.terrain(h) == "clear" and amphibious._distance(match, start, h) == distance
    )


def test_a_tried_amphibious_stack_lands_on_an_empty_coast_hex_10_5() -> None:
    match = _movement()
    rd, rb = _tried(match, "rd", 2, 4, 4)  # the manifest has no brigades of 10.4's types
    for uid in (rd, rb):
        put(match, uid, ODESSA)
    hex_ = _landing(match, ODESSA, "black", 11)
    assert f"invade {rd},{rb} {hex_}" in {str(a) for a in match.legal_actions()}
    match.apply(f"invade {rd},{rb} {hex_}")
    for uid in (rd, rb):
        unit = match.state.units[uid]
        assert unit.loc == hex_ and amphibious.landed(match, unit)
        found = match.hook.wargame_supply(match=match, unit=unit)
        assert found["state"] == "supplied"  # throughout the landing's player turn
    step = next(h for h in match.topology.neighbours(hex_) if match.topology.terrain(h) == "clear")
    refused(match, f"move {rd} {step}")  # no further move that week


def test_only_tried_amphibious_units_within_the_sea_points_invade_10_5() -> None:
    match = _movement()
    hex_ = _landing(match, ODESSA, "black", 5)
    weak = _tried(match, "rd", 1, 4, 3)[0]  # AF+DF 7
    put(match, weak, ODESSA)
    refused(match, f"invade {weak} {hex_}", "AF+DF below 8", rule="PMD 10.5")
    match.state.units[weak].face = None  # untried
    refused(match, f"invade {weak} {hex_}", "untried", rule="PMD 10.5")
    put(match, weak, None)
    three = _tried(match, "rd", 3, 5, 5)
    for uid in three:
        put(match, uid, ODESSA)
    refused(match, f"invade {','.join(three)} {hex_}", "transport points", rule="PMD 10.4")
    match.apply(f"invade {','.join(three[:2])} {hex_}")  # 4 points of the Black Sea's 5


def test_range_port_next_to_the_enemy_and_an_enemy_held_landing_hex_10_5() -> None:
    match = _movement()
    (rd,) = _tried(match, "rd", 1, 5, 5)
    put(match, rd, ODESSA)
    refused(match, f"invade {rd} {_landing(match, ODESSA, 'black', 12)}", "11 hexes")
    hex_ = _landing(match, ODESSA, "black", 6)
    axis = sorted(u.id for u in match.state.units.values() if u.side == "axis")
    put(match, axis[0], hex_)
    assert f"invade {rd} {hex_}" in {str(a) for a in match.legal_actions()}  # ruling AI3
    put(match, axis[0], None)
    land = next(
        n for n in match.topology.neighbours(ODESSA) if match.topology.terrain(n) == "clear"
    )
    put(match, axis[1], land)
    refused(match, f"invade {rd} {hex_}", "next to enemy units", rule="PMD 10.5")


def test_one_invasion_a_turn_a_sea_and_no_sea_transport_that_week_10_5() -> None:
    match = _movement()
    first, second, third = _tried(match, "rd", 3, 5, 5)
    put(match, first, ODESSA)
    put(match, second, ODESSA)
    put(match, third, RVGK_SOUTH)
    hex_ = _landing(match, ODESSA, "black", 4)
    match.apply(f"invade {first} {hex_}")
    refused(match, f"invade {second} {hex_}", "one invasion a turn", rule="PMD 10.5")
    sevastopol = "2050"
    refused(match, f"sea {second} {sevastopol}", "the week of an invasion", rule="PMD 10.5")
    caspian = _landing(match, RVGK_SOUTH, "caspian", 3)
    match.apply(f"invade {third} {caspian}")  # the Caspian's own invasion


def test_sea_transport_last_week_or_this_week_bars_an_invasion_10_5() -> None:
    match = _movement()
    first, second = _tried(match, "rd", 2, 5, 5)
    put(match, first, ODESSA)
    put(match, second, ODESSA)
    match.apply(f"sea {first} 2050")  # sea transport on the Black Sea this week
    hex_ = _landing(match, ODESSA, "black", 4)
    refused(match, f"invade {second} {hex_}", "the week of, or after", rule="PMD 10.5")
    match.state.plugins[amphibious.NS]["active"]["black"] = [amphibious._last_week(match)]
    refused(match, f"invade {second} {hex_}", "the week of, or after", rule="PMD 10.5")
    match.state.plugins[amphibious.NS]["active"]["black"] = ["1/w1"]  # long ago: Amph YES
    match.apply(f"invade {second} {hex_}")


def test_leningrad_to_oranienbaum_while_the_baltic_fleet_lasts_10_5() -> None:
    match = _movement()
    (rb,) = _tried(match, "rd", 1, 6, 2)
    put(match, rb, LENINGRAD)
    axis = sorted(u.id for u in match.state.units.values() if u.side == "axis")
    land = [n for n in match.topology.neighbours(LENINGRAD) if n != ORANIENBAUM]
    for uid, h in zip(axis, land, strict=False):
        put(match, uid, h)  # besieged: the invasion between them is always open
    match.state.vars["soviet_baltic_fleet"] = False
    refused(match, f"invade {rb} {ORANIENBAUM}", "fleet is lost", rule="PMD 10.5")
    match.state.vars["soviet_baltic_fleet"] = True
    match.apply(f"invade {rb} {ORANIENBAUM}")
    assert match.state.units[rb].loc == ORANIENBAUM


def test_from_turn_203_the_invaders_need_a_marker_at_the_port_or_the_landing_hex_10_5_8_6() -> None:
    """10.5: offensive supply at the port or the landing hex; from turn 203 the Soviet's is a
    turned-up active marker's radius (8.4, 8.6, ruling AI5); before it defensive supply was."""
    match = _movement(203)
    rd, rb = _tried(match, "rd", 2, 4, 4)
    for uid in (rd, rb):
        put(match, uid, ODESSA)
    hex_ = _landing(match, ODESSA, "black", 11)
    match.touch()
    why = "offensive supply at the port or the landing hex"
    refused(match, f"invade {rd},{rb} {hex_}", why, "marker", rule="PMD 10.5")
    offensive_supply(match, "soviet", ODESSA, 3)  # the port in a marker's radius
    assert amphibious.problem(match, "soviet", [rd, rb], hex_) is None
    match.state.markers.clear()
    offensive_supply(match, "soviet", hex_, 3)  # or the landing hex: 11 hexes from the port
    assert amphibious.problem(match, "soviet", [rd, rb], hex_) is None
    match.state.markers.clear()
    topo = match.topology
    far = next(h for h in topo.locations() if min(topo.distance(h, x) for x in (ODESSA, hex_)) > 3)
    offensive_supply(match, "soviet", far, 3)  # neither: no marker reaches them
    refused(match, f"invade {rd},{rb} {hex_}", why, rule="PMD 10.5")


def test_a_unit_that_moved_last_week_may_invade_10_5() -> None:
    """10.5: the invaders "must start the player week in a stack" in the port (ruling AI1): a
    move of last week, or a reserve move in this week's Axis half, is no bar; a move in this
    Soviet player week (the Refit Phase's, this phase's) is."""
    match = _movement()
    first, second, third = _tried(match, "rd", 3, 5, 5)
    key = movement.phase_key(match)  # turn/soviet/wN-initial-movement
    week = _week(match)
    last = f"{match.turn - 1}/soviet/w2-refit" if week == "w1" else f"{match.turn}/soviet/w1-refit"
    put(match, first, ODESSA, moved=last, mp=[last, 4])
    put(match, second, ODESSA, moved=f"{match.turn}/axis/{week}-enemy-reserve-movement")
    put(match, third, ODESSA, moved=f"{match.turn}/soviet/{week}-refit")
    hex_ = _landing(match, ODESSA, "black", 4)
    refused(match, f"invade {third} {hex_}", "this player week", rule="PMD 10.5")
    refused(match, f"invade {first},{third} {hex_}", "this player week", rule="PMD 10.5")
    put(match, third, ODESSA, moved=last, mp=[key, 1])  # part-way through a move this phase
    refused(match, f"invade {third} {hex_}", "this player week", rule="PMD 10.5")
    match.apply(f"invade {first},{second} {hex_}")
    assert {match.state.units[u].loc for u in (first, second)} == {hex_}


def test_the_amph_flag_goes_with_its_week_10_5() -> None:
    """10.5: the invaders move and attack no more "this week" and are supplied in the Soviet
    player turn of the landing; their ``amph`` flag goes at the next week's Weather Phase."""
    match = _movement()
    (rd,) = _tried(match, "rd", 1, 5, 5)
    put(match, rd, ODESSA)
    hex_ = _landing(match, ODESSA, "black", 4)
    match.apply(f"invade {rd} {hex_}")
    unit = match.state.units[rd]
    assert amphibious.landed(match, unit) and amphibious.FLAG in unit.flags
    turn, week = match.turn, _week(match)
    while (match.turn, _week(match)) == (turn, week) or _week(match) not in ("w1", "w2"):
        assert amphibious.FLAG in unit.flags  # the week of the landing is not over
        if match.phase is not None and match.phase.spec.kind == "combat":
            assert amphibious.landed(match, unit)  # no attack this week
        end(match)
    assert amphibious.FLAG not in unit.flags and not amphibious.landed(match, unit)
