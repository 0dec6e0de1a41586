"""Restricted German entries: KorpsGruppen in situ (BARB 8.2) and the units held to their own
entry hexes (8.3), forfeit when they cannot enter in their turn."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import ADMIN, new
from tests.titles.variants import clear, put
from wargame.games.barbarossa import insitu, restricted
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Registry
from wargame.testing import refused

MOVEMENT = PhaseSpec(id="movement", kind="movement", when="movement")
NORTH, SOUTH = "1510", "2205"  # German-held hexes of the Road Back, north and south logistics


@pytest.fixture()
def rb(registry: Registry) -> Match:
    m = new(registry, "road-back")
    clear(m)
    for h in (NORTH, SOUTH, "1819", "2820", "1415", "3106"):
        m.state.control[h] = "german"
    m.touch()
    return m


def forfeits(m: Match, events: list | None = None) -> list[str]:
    """The units forfeit in ``events`` (those of an apply), else since the last apply."""
    got = m._events if events is None else events
    return [e.data.get("unit") for e in got if e.kind == "forfeit"]


def test_a_kg_enters_in_situ_in_its_own_area_8_2(rb: Match) -> None:
    put(rb, "ger-23", NORTH)
    put(rb, "ger-35", SOUTH)
    assert NORTH in rb.topology.region("zone:north") and SOUTH in rb.topology.region("zone:south")
    rb.state.cursor.turn = 25
    insitu.offer(rb, ADMIN)
    assert rb.decision.kind == "muster" and rb.decision.side == "german"
    assert "muster ger-kg-jkl 1511" not in {str(a) for a in rb.legal_actions()}  # unoccupied
    refused(rb, f"muster ger-kg-jkl {SOUTH}", "logistical area", rule="BARB 8.2")  # an N KG
    rb.apply(f"muster ger-kg-jkl {NORTH}")
    assert rb.state.units["ger-kg-jkl"].loc == NORTH


def test_a_kg_comes_only_in_its_turn_else_it_is_forfeit_8_2_8_1(rb: Match) -> None:
    put(rb, "ger-23", NORTH)
    rb.state.cursor.turn = 25
    insitu.offer(rb, ADMIN)
    events = rb.apply("muster pass")  # the German's choice: it is forfeit
    assert "ger-kg-jkl" in forfeits(rb, events) and "mustered" not in rb.state.ns(
        "barbarossa-insitu"
    )
    rb.state.cursor.turn = 26
    assert "ger-kg-jkl" not in insitu.due(rb)  # never again


def test_any_kg_goes_north_or_south_and_the_hex_kg_only_to_its_hex_8_2(rb: Match) -> None:
    put(rb, "ger-23", NORTH)
    put(rb, "ger-35", SOUTH)
    rb.state.cursor.turn = 26
    assert {NORTH, SOUTH} <= set(insitu.sites(rb, "ger-kg-str"))  # "Any"
    assert insitu.sites(rb, "ger-kg-sbn") == [SOUTH]
    rb.state.cursor.turn = 30
    assert insitu.sites(rb, "ger-kg-neh") == ["1819"]  # German-controlled, occupied or not
    rb.state.control["1819"] = "soviet"
    rb.touch()
    assert insitu.sites(rb, "ger-kg-neh") == []
    insitu.offer(rb, ADMIN)  # the emergency units are due
    assert not [a for a in rb.legal_actions() if a.args[0] == "ger-kg-neh"]
    assert "ger-kg-neh" in forfeits(rb, rb.apply("muster pass"))


def test_one_in_situ_entry_a_hex_a_phase_kg_or_emergency_e27(rb: Match) -> None:
    put(rb, "ger-23", NORTH)
    rb.state.cursor.turn = 25
    insitu.offer(rb, ADMIN)
    rb.apply(f"muster ger-e1 {NORTH}")
    refused(rb, f"muster ger-kg-jkl {NORTH}", rule="BARB 8.2")


def arrive(m: Match, cid: str, turn: int) -> None:
    m.state.cursor.turn = turn
    unit = m.new_unit(cid, "box:german-reinforcements")
    unit.flags["entry"] = restricted.restricted(m)[cid]
    m.touch()


def test_restricted_entry_hexes_8_3(rb: Match) -> None:
    entries = restricted.restricted(rb)
    assert entries["ger-h1"] == entries["ger-h3"] == ["2820"]
    assert entries["ger-6ss"] == ["1415"] and entries["ger-ksc"] == ["3106"]
    assert entries["ger-12a"] == sorted(rb.topology.region("supply:german"))
    assert entries["ger-21mtn"] == ["3022", "3023", "3119", "3120", "3121", "3219"]
    assert "3023" in entries["ger-91"] and "3219" in entries["ger-22mtn"]


def test_enemy_control_or_a_full_stack_closes_the_entry_hex_8_3(rb: Match) -> None:
    arrive(rb, "ger-h1", 26)
    unit = rb.state.units["ger-h1"]
    assert restricted.wargame_move_blocked(rb, unit) == {}
    rb.state.control["2820"] = "soviet"
    rb.touch()
    assert "BARB 8.3" in restricted.wargame_move_blocked(rb, unit)["2820"]
    rb.state.control["2820"] = "german"
    for uid in ("ger-1", "ger-2", "ger-4", "ger-5", "ger-6"):
        put(rb, uid, "2820")
    assert "full stack" in restricted.wargame_move_blocked(rb, unit)["2820"]


def test_the_6th_ss_enters_riga_only_in_overland_supply_8_3(rb: Match) -> None:
    from wargame.games.barbarossa import supply

    arrive(rb, "ger-6ss", 25)
    unit = rb.state.units["ger-6ss"]
    assert "1415" in supply.overland(rb, "german")
    assert "1415" not in restricted.wargame_move_blocked(rb, unit)
    for h in rb.topology.region("supply:german"):
        rb.state.control[h] = "soviet"
    rb.touch()
    assert "overland supply" in restricted.wargame_move_blocked(rb, unit)["1415"]


def test_a_restricted_unit_not_entered_in_its_movement_phase_is_forfeit_8_3(rb: Match) -> None:
    arrive(rb, "ger-h1", 26)
    put(rb, "ger-h3", "2820")  # already in play: untouched
    assert rb.phasing == "soviet"
    restricted.forfeit(rb, MOVEMENT)  # the Soviet's Movement Phase: nothing
    assert rb.state.units["ger-h1"].loc == "box:german-reinforcements"
    rb.state.cursor.block = 1  # the German player turn
    rb.touch()
    assert rb.phasing == "german"
    restricted.forfeit(rb, MOVEMENT)
    h1 = rb.state.units["ger-h1"]
    assert h1.loc is None and h1.flags["permanent"] and forfeits(rb) == ["ger-h1"]
    assert rb.state.units["ger-h3"].loc == "2820"


def test_the_6th_ss_and_the_ksc_keep_to_their_zones_8_3(rb: Match) -> None:
    ss = put(rb, "ger-6ss", "1415")
    blocked = restricted.wargame_move_blocked(rb, ss)
    assert "1515" not in blocked and "1514" not in blocked  # Latvia
    assert "Baltic republics" in blocked["1510"] and "BARB 8.3" in blocked["1510"]
    ksc = put(rb, "ger-ksc", "3106")
    blocked = restricted.wargame_move_blocked(rb, ksc)
    assert "3107" not in blocked and "3105" in blocked  # across Kerch is not the CS area


def test_the_zone_units_attack_only_into_their_zones_8_3(rb: Match) -> None:
    from wargame.actions import Action

    put(rb, "ger-ksc", "3106")
    put(rb, "ger-5", "3106")
    attack = Action("attack", ("3105", "with", "ger-5,ger-ksc"))
    assert "Crimea supply area" in restricted.wargame_veto(rb, rb.decision, attack)
    assert (
        restricted.wargame_veto(rb, rb.decision, Action("attack", ("3105", "with", "ger-5")))
        is None
    )
    assert (
        restricted.wargame_veto(rb, rb.decision, Action("attack", ("3107", "with", "ger-ksc")))
        is None
    )


def test_every_german_reinforcement_not_entered_in_its_turn_is_forfeit_8_1(rb: Match) -> None:
    rb.state.cursor.turn = 14
    plain = rb.new_unit("ger-3ss", "box:german-reinforcements")
    plain.flags["entry"] = sorted(rb.topology.region("supply:german"))
    para = rb.new_unit("ger-2para", "box:german-reinforcements")
    para.flags["drop"] = "2802"  # waiting for its drop, not entering (4.17)
    rb.state.cursor.block = 1
    rb.touch()
    restricted.forfeit(rb, MOVEMENT)
    assert plain.loc is None and plain.flags["forfeit"] and plain.flags["permanent"]
    assert forfeits(rb) == ["ger-3ss"] and para.loc == "box:german-reinforcements"
