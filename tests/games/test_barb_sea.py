"""Sea movement in Barbarossa (the shared sea-movement mechanic): German Black Sea and Baltic
moves of one infantry corps a movement phase (BARB 10.16, 10.17) and the ICA's shuttle between
Odessa and Sevastopol (10.34)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new, soviet_movement
from tests.games.test_barb_rules import german_movement
from tests.titles.variants import clear, put
from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.plugins import Registry

ODESSA, SEVASTOPOL, KONIGSBERG, RIGA = "2911", "3108", "1818", "1415"


def sails(m: Match, uid: str) -> set[str]:
    return {a.args[1] for a in m.legal_actions() if a.verb == "sea" and a.args[0] == uid}


@pytest.fixture()
def gm(registry: Registry) -> Match:
    m = german_movement(registry, 14)
    for h in (ODESSA, SEVASTOPOL, "3213", KONIGSBERG, RIGA, "1819", "1011"):
        m.state.control[h] = "german"
    m.touch()
    return m


def test_one_infantry_corps_a_phase_by_the_black_sea_10_16(gm: Match) -> None:
    put(gm, "ger-42", ODESSA)
    put(gm, "ger-5", ODESSA)
    put(gm, "ger-14pz", ODESSA)
    gm.touch()
    assert sails(gm, "ger-42") == {SEVASTOPOL, "3213"}
    assert sails(gm, "ger-14pz") == set()  # a panzer corps never sails
    gm.apply(f"sea ger-42 {SEVASTOPOL}")
    assert gm.state.units["ger-42"].loc == SEVASTOPOL
    with pytest.raises(IllegalAction, match="BARB 10.16"):
        gm.apply(f"sea ger-5 {SEVASTOPOL}")  # one corps a phase on the Black Sea


def test_only_to_german_ports_and_never_between_seas_10_16_10_17(gm: Match) -> None:
    put(gm, "ger-42", KONIGSBERG)
    gm.state.control[RIGA] = "soviet"
    gm.touch()
    assert sails(gm, "ger-42") == {"1819", "1011"}  # not Soviet Riga, nor the Black Sea ports
    gm.apply("sea ger-42 1819")
    put(gm, "ger-5", ODESSA)
    gm.touch()
    assert sails(gm, "ger-5")  # the Black Sea has its own corps this phase


def test_a_sea_moved_corps_may_not_move_on_or_attack_that_player_turn_10_16(gm: Match) -> None:
    put(gm, "ger-42", ODESSA)
    gm.touch()
    gm.apply(f"sea ger-42 {SEVASTOPOL}")
    assert not [a for a in gm.legal_actions() if a.verb == "move" and a.args[0] == "ger-42"]
    put(gm, "sov-47", "3107")
    gm.touch()
    gm.apply("end")  # to the German Prepared Assault Phase
    assert gm.decision.kind == "combat"
    assert not [a for a in gm.legal_actions() if a.verb == "attack" and "ger-42" in str(a)]
    with pytest.raises(IllegalAction, match="moved by sea"):
        gm.apply("attack 3107 with ger-42")


def test_the_ica_shuttles_by_sea_only_and_never_into_a_german_port_10_34(
    registry: Registry,
) -> None:
    m = soviet_movement(registry)
    clear(m)
    put(m, "sov-ica", ODESSA)
    m.state.control[ODESSA] = "soviet"
    m.state.control[SEVASTOPOL] = "soviet"
    m.touch()
    assert not [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "sov-ica"]
    assert sails(m, "sov-ica") == {SEVASTOPOL}
    m.state.control[SEVASTOPOL] = "german"
    m.touch()
    assert sails(m, "sov-ica") == set()


def test_a_stack_holding_the_ica_does_not_move_overland_10_34(registry: Registry) -> None:
    """The stack listing must not borrow its first unit's reach for the whole stack: the ICA in
    it may not move (conformance seed 2 found 'move sov-9,sov-ica ...' listed, then refused)."""
    m = soviet_movement(registry)
    clear(m)
    put(m, "sov-ica", ODESSA)
    put(m, "sov-47", ODESSA)
    m.state.control[ODESSA] = "soviet"
    m.touch()
    moves = [a for a in m.legal_actions() if a.verb == "move"]
    assert [a for a in moves if a.args[0] == "sov-47"]  # the rifle army alone still moves
    assert not [a for a in moves if "sov-ica" in a.args[0].split(",")]


def test_the_ica_retreats_only_to_its_other_port_10_34(registry: Registry) -> None:
    from wargame.games.barbarossa import combat

    m = new(registry, "road-back")
    clear(m)
    ica = put(m, "sov-ica", ODESSA)
    m.state.control[ODESSA] = "soviet"
    m.state.control[SEVASTOPOL] = "soviet"
    m.touch()
    paths = [["2910"], ["2912"]]
    assert combat.wargame_retreat_paths(m, [ica], ODESSA, paths) == [[SEVASTOPOL]]
    m.state.control[SEVASTOPOL] = "german"
    assert combat.wargame_retreat_paths(m, [ica], ODESSA, paths) == []  # no way: eliminated
    m.state.control[SEVASTOPOL] = "soviet"
    m.state.vars["hero_cities"] = [ODESSA]
    assert combat.wargame_retreat_paths(m, [ica], ODESSA, paths) == []  # not from a Hero City
    other = put(m, "sov-47", ODESSA)
    m.state.vars["hero_cities"] = []
    assert combat.wargame_retreat_paths(m, [other], ODESSA, paths) != [[SEVASTOPOL]]  # only the ICA


def test_the_ica_and_the_units_with_it_retreat_apart_10_34(registry: Registry) -> None:
    """The ICA's way to its other port is its own; the others retreat by 11.27, never with it."""
    from wargame.match import Battle
    from wargame.mechanics import combat as kcombat
    from wargame.mechanics import retreat

    m = new(registry, "road-back")
    clear(m)
    ica = put(m, "sov-ica", ODESSA)
    rifle = put(m, "sov-47", ODESSA)
    put(m, "ger-44", "3012")
    for h in (ODESSA, SEVASTOPOL, "2910", "2810", "2811"):
        m.state.control[h] = "soviet"
    m.touch()
    battle = Battle("bx", ["ger-44"], [ica.id, rifle.id], ODESSA, {"ger-44": "3012"})
    kcombat.store(m, battle)
    assert retreat.paths(m, [ica, rifle], ODESSA, 1) == []
    assert retreat.paths(m, [ica], ODESSA, 1) == [[SEVASTOPOL]]
    alone = retreat.paths(m, [rifle], ODESSA, 1)
    assert alone and all(SEVASTOPOL not in p for p in alone)
    retreat.ask(m, battle, "defender", [ica, rifle], 1)
    asked = [p["context"]["units"] for p in m.state.pending if p["kind"] == "retreat"]
    assert sorted(asked) == [["sov-47"], ["sov-ica"]]  # each on its own, both alive
