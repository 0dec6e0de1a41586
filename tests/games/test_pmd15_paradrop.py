"""Proud Monster Deluxe's 1943 Soviet paradrop (15.18, with 15.17's restrictions)."""

from __future__ import annotations

from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import paradrop, plugin, supply
from wargame.games.proud_monster_deluxe.datagen.build import turns
from wargame.games.proud_monster_deluxe.turns import SOVIET
from wargame.games.proud_monster_deluxe.victory import MOSCOW
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import clear, force_rolls, put, refused

from .pmd_combat_helpers import drop_hex, offensive_supply

GAME = {y: i for i, y in enumerate(turns(), start=1)}
BRIGADES = ["sov-gparb-1", "sov-gparb-2", "sov-galb-1"]


def _drop_phase(ynn: int = 313) -> tuple[Match, str, str]:
    """The Soviet Initial Movement Phase of turn ``ynn``, the map cleared, the brigades waiting
    in the North RVGK, an active Offensive Supply-5 turned up on Moscow; an offensive-supplied
    Soviet town and an empty clear hex next to it."""
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    match = Match(title, "1941-historical", 1)
    while match.turn == 1:
        end(match)
    match.state.cursor.turn = GAME[ynn]
    to_phase(match, "soviet", "movement")
    clear(match)
    for uid in BRIGADES:
        put(match, uid, "box:rvgk-north")
    offensive_supply(match, SOVIET, MOSCOW[0], 5)  # 15.18: offensive-supplied towns (8.6)
    return (match, *drop_hex(match, paradrop.sources(match)))


def test_the_brigades_drop_together_surviving_on_1_to_3_15_18() -> None:
    match, _town, loc = _drop_phase()
    action = f"paradrop {loc} with {','.join(BRIGADES)}"
    assert action in {str(a) for a in match.legal_actions()}
    force_rolls(match, 3, 4, 1)
    match.apply(action)
    units = match.state.units
    assert units["sov-gparb-1"].loc == loc and units["sov-galb-1"].loc == loc
    assert units["sov-gparb-2"].flags.get("eliminated")  # rolled 4
    # 15.18: supplied, no move, no attack for the rest of the player week
    assert supply.wargame_supply(match=match, unit=units["sov-gparb-1"]) is not None
    assert paradrop.wargame_supply(match=match, unit=units["sov-gparb-1"])["state"] == "supplied"
    assert "no move" in str(match.hook.wargame_move_locked(match=match, unit=units["sov-galb-1"]))
    refused(match, f"paradrop {loc} with sov-gparb-2", "one paradrop a game", rule="PMD 15.17")
    to_phase(match, "axis", "refit")  # the Soviet Cleanup Phase took the week's flag off
    assert "dropped" not in units["sov-gparb-1"].flags


def test_next_to_an_axis_unit_a_brigade_survives_only_on_1_or_2_15_18() -> None:
    match, _town, loc = _drop_phase()
    near = next(n for n in match.topology.neighbours(loc) if match.side_at(n) is None)
    put(match, "ger-id-7", near)
    match.touch()
    force_rolls(match, 2, 3)
    match.apply(f"paradrop {loc} with sov-gparb-1,sov-gparb-2")
    units = match.state.units
    assert units["sov-gparb-1"].loc == loc and units["sov-gparb-2"].flags.get("eliminated")


def test_where_and_when_a_drop_may_be_made_15_17_15_18() -> None:
    match, _town, loc = _drop_phase()
    put(match, "ger-id-7", loc)
    match.touch()
    refused(match, f"paradrop {loc} with sov-gparb-1", "Axis-occupied", rule="PMD 15.18")
    city = next(t for t in paradrop.sources(match) if "city" in match.topology.features(t))
    refused(match, f"paradrop {city} with sov-gparb-1", "not into a city hex", rule="PMD 15.17")
    far = next(
        h
        for h in match.topology.locations()
        if all(match.topology.distance(h, t) > 15 for t in paradrop.sources(match))
        and match.topology.terrain(h) == "clear"
        and not match.topology.features(h)
    )
    refused(match, f"paradrop {far} with sov-gparb-1", "within 15 hexes", rule="PMD 15.18")
    rough = next(
        n
        for t in paradrop.sources(match)
        for n in match.topology.neighbours(t)
        if match.topology.terrain(n) in ("forest", "rough", "marsh") and match.side_at(n) is None
    )
    refused(match, f"paradrop {rough} with sov-galb-1", "clear hex only", rule="ruling PD2")
    late, _t, loc2 = _drop_phase(319)
    refused(late, f"paradrop {loc2} with sov-gparb-1", "turns 313-318", rule="PMD 15.18")


def test_a_brigade_that_came_onto_the_map_never_drops_15_18() -> None:
    match, town, loc = _drop_phase()
    unit = match.state.units["sov-gparb-1"]
    match.place(unit, town)
    end(match)  # the phase ends with it on the map
    match.place(unit, "box:rvgk-north")
    assert unit.id not in {u.id for u in paradrop.droppable(match)}


def test_the_drop_is_within_15_hexes_of_an_offensive_supplied_town_only_15_18_8_6() -> None:
    """15.18: the towns in defensive supply (8.2) count only within a turned-up active Offensive
    Supply marker's radius (8.4, 8.6, ruling OS3)."""
    match, town, loc = _drop_phase()
    assert town in paradrop.sources(match)
    _line, supplied = supply.nets(match, SOVIET)
    assert all(match.topology.distance(t, MOSCOW[0]) <= 5 for t in paradrop.sources(match))
    for key in [k for k, m in match.state.markers.items() if m.get("side") == SOVIET]:
        del match.state.markers[key]  # in defensive supply still, but no marker reaches it
    match.touch()
    assert town in supplied and paradrop.sources(match) == []
    refused(match, f"paradrop {loc} with sov-gparb-1", "within 15 hexes", rule="PMD 15.18")
