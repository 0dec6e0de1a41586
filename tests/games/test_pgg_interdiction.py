"""Panzergruppe Guderian interdiction (13.0-13.4, 4.2 A.1, A.4, B.5, 5.0): where and when the
German Air Interdiction markers and the Soviet Interdiction marker go, and when they come off.

Tests run the campaign's sequence of play (set-up placement, the Soviet Interdiction phase, the
German Air Interdiction phase) with the board cleared and their own units put on the title's
stand-in map; Smolensk is its two hexes 2215 and 2216 (region ``city:smolensk``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.titles.variants import clear
from wargame.games.panzergruppe_guderian import interdiction as pgi
from wargame.games.panzergruppe_guderian import movement as pgg
from wargame.match import Match
from wargame.plugins import Registry, Title
from wargame.state import Unit
from wargame.testing import refused

SMOLENSK = ("2215", "2216")


@pytest.fixture(scope="module")
def title(registry: Registry) -> Title:
    return registry.get("pgg")


def setup_placement(title: Title) -> Match:
    """The campaign at the German set-up placement of Air Interdiction (5.0)."""
    m = Match(title, seed=0)
    m.apply("end")  # Soviet deployment
    d = m.decision
    assert d is not None and d.side == "german" and d.kind == "air-interdiction" and m.turn == 0
    return m


def cleared(title: Title, side: str, kind: str, turn: int) -> Match:
    """The campaign at ``side``'s phase of ``kind`` on Game-Turn ``turn``, board cleared."""
    m = setup_placement(title)
    m.apply("end")
    clear(m)
    m.state.cursor.turn = turn
    m.touch()
    advance(m, side, kind)
    clear(m)
    return m


def advance(m: Match, side: str, kind: str) -> None:
    """End phases until ``side`` decides a phase of ``kind``; reinforcements waiting off the map
    are taken out of play first, so none holds up a phase (PGG 14.13)."""
    for _ in range(50):
        d = m.decision
        assert d is not None, "the game ended first"
        if d.side == side and d.kind == kind:
            return
        for unit in list(m.units_at("box:reinforcements")):
            m.place(unit, None)
        m.apply("end")
    raise AssertionError(f"never reached a {kind} phase of {side}")


def put(m: Match, uid: str, loc: str, **flags: Any) -> Unit:
    unit = m.state.units.get(uid)
    if unit is None or unit.flags.get("eliminated"):
        unit = m.new_unit(uid, loc)
    else:
        m.place(unit, loc)
    unit.flags = dict(flags)
    m.touch()
    return unit


def legal(m: Match, verb: str = "interdict") -> set[str]:
    return {str(a) for a in m.legal_actions() if a.verb == verb}


def placed(m: Match, kind: str) -> list[str]:
    return sorted(pgg.markers_of(m, kind))


# ----------------------------------------------------------------------------- German air (13.1-13.3)


def test_13_1_three_air_markers(title: Title) -> None:
    m = setup_placement(title)
    assert "interdict 2216" in legal(m) and "end" in legal(m, "end")  # none is compulsory
    for loc in ["0510", "1414", "2216"]:
        m.apply(f"interdict {loc}")
    assert placed(m, pgg.AIR) == ["0510", "1414", "2216"]
    assert m.state.markers["air-interdiction:1414"] == {
        "type": "air-interdiction",
        "loc": "1414",
        "side": "german",
        "turn": 0,
    }
    assert legal(m) == set()
    refused(m, "interdict 0610", "all 3", "(PGG 13.1)")


def test_13_33_one_marker_per_hex(title: Title) -> None:
    m = setup_placement(title)
    m.apply("interdict 1414")
    refused(m, "interdict 1414", "(PGG 13.33)")


def test_13_34_markers_may_go_on_soviet_units(title: Title) -> None:
    m = setup_placement(title)
    assert m.side_at("2216") == "soviet"  # the 16th Army (5.1)
    m.apply("interdict 2216")
    assert placed(m, pgg.AIR) == ["2216"]


def test_13_2_no_marker_east_of_40_before_smolensk(title: Title) -> None:
    m = setup_placement(title)
    assert "interdict 4015" in legal(m)  # hexrow 40 is inclusive
    assert not any(int(a.split()[1][:2]) > 40 for a in legal(m))
    refused(m, "interdict 4115", "east of hexrow 40", "(PGG 13.2)", "do not hold both Smolensk")
    m.apply("interdict 4015")


def german_air_phase(title: Title, turn: int, holders: dict[str, str]) -> Match:
    """The German Air Interdiction phase of ``turn`` with units holding the hexes given."""
    m = cleared(title, "german", "movement", turn)
    for n, (loc, side) in enumerate(sorted(holders.items())):
        put(m, f"{n + 6}Inf" if side == "german" else f"R0{n + 1}", loc)
    advance(m, "german", "air-interdiction")
    return m


def test_13_2_east_one_turn_after_smolensk_with_a_line_west(title: Title) -> None:
    m = german_air_phase(title, 4, {"2215": "german", "2216": "german"})
    assert m.state.ns(pgi.NS)[pgi.VAR_SMOLENSK] == 4  # taken on Game-Turn 4 (at a phase end)
    refused(m, "interdict 4515", "(PGG 13.2)", "one turn must pass")
    m.apply("end")
    advance(m, "german", "air-interdiction")  # Game-Turn 5, still held
    assert m.turn == 5 and m.state.ns(pgi.NS)[pgi.VAR_SMOLENSK] == 4
    assert "interdict 4515" in legal(m)
    # a Soviet unit and its ZOC across every line west cuts the line of communication
    for n, row in enumerate(range(1, 29)):
        put(m, f"R{n + 10:02d}", f"10{row:02d}")
    assert pgi.east_closed(m) is not None
    refused(m, "interdict 4515", "(PGG 13.2)", "no line of hexes")


def test_13_2_lost_smolensk_brings_the_limit_back(title: Title) -> None:
    m = german_air_phase(title, 4, {"2215": "german", "2216": "german"})
    m.apply("end")
    advance(m, "soviet", "movement")  # Game-Turn 5: the Soviets retake one hex
    german = m.units_at("2216")[0]
    m.place(german, None)
    put(m, "R01", "2216")
    assert pgi.VAR_SMOLENSK in m.state.ns(pgi.NS)
    advance(m, "soviet", "combat")  # the end of the Soviet Movement Phase
    assert pgi.VAR_SMOLENSK not in m.state.ns(pgi.NS)
    advance(m, "german", "air-interdiction")
    refused(m, "interdict 4515", "(PGG 13.2)", "do not hold both Smolensk")


def test_13_2_one_hex_of_smolensk_is_not_enough(title: Title) -> None:
    m = german_air_phase(title, 4, {"2215": "german"})
    m.apply("end")
    advance(m, "german", "air-interdiction")
    assert pgi.VAR_SMOLENSK not in m.state.ns(pgi.NS)
    refused(m, "interdict 4515", "(PGG 13.2)")


def test_13_33_air_markers_removed_at_end_of_soviet_movement(title: Title) -> None:
    m = setup_placement(title)
    m.apply("interdict 1414")
    m.apply("end")
    assert m.decision is not None and m.decision.kind == "movement" and m.turn == 1
    assert placed(m, pgg.AIR) == ["1414"]  # in force through the Soviet Movement Phase
    clear(m)
    m.apply("end")
    assert placed(m, pgg.AIR) == []


def test_5_0_air_interdiction_is_placed_before_the_5_21_roll(title: Title) -> None:
    m = setup_placement(title)
    assert pgg.VAR_ROLLS not in m.state.vars
    m.apply("interdict 2216")
    events = m.apply("end")
    assert pgg.VAR_ROLLS in m.state.vars
    assert any(e.rule == "PGG 5.21" for e in events)


# ----------------------------------------------------------------------------- Soviet (13.4)


def test_13_41_soviet_marker_on_three_turns(title: Title) -> None:
    m = cleared(title, "soviet", "soviet-interdiction", 1)
    assert "interdict 3015" in legal(m) and "end" in legal(m, "end")  # optional
    m.apply("interdict 3015")
    assert placed(m, pgg.SOVIET_MARKER) == ["3015"]
    assert m.state.markers["soviet-interdiction:3015"]["side"] == "soviet"
    assert legal(m) == set()  # one marker
    refused(m, "interdict 3016", "(PGG 13.41)")
    m.state.vars[pgi.VAR_SOVIET_USES] = [1, 3, 5]
    m.state.cursor.turn = 7
    m.touch()
    phase = m.phase
    assert phase is not None
    assert pgi.wargame_phase_active(match=m, phase=phase.spec) is False


def test_13_41_soviet_phase_skipped_when_used_up(title: Title) -> None:
    m = cleared(title, "soviet", "movement", 4)
    m.state.vars[pgi.VAR_SOVIET_USES] = [1, 2, 3]
    asked = []
    while (d := m.decision) is not None and d.side == "soviet":
        asked.append(d.kind)
        m.apply("end")
    assert asked == ["movement", "combat"]  # no Soviet Interdiction Phase was played


def test_13_41_never_on_game_turn_12(title: Title) -> None:
    m = cleared(title, "soviet", "movement", 12)
    phase = next(
        leaf.spec
        for block in m.sequence.turn_blocks
        for leaf in block.leaves
        if leaf.spec.id == "soviet-interdiction"
    )
    assert pgi.wargame_phase_active(match=m, phase=phase) is False
    m.state.cursor.turn = 11
    assert pgi.wargame_phase_active(match=m, phase=phase) is True


def test_13_45_not_on_german_units(title: Title) -> None:
    m = cleared(title, "soviet", "soviet-interdiction", 3)
    put(m, "6Inf", "0519")
    put(m, "R01", "0919")
    assert "interdict 0519" not in legal(m)
    assert "interdict 0919" in legal(m)  # Soviet-occupied hexes are fine (13.42: anywhere)
    refused(m, "interdict 0519", "(PGG 13.45)")


def test_13_43_soviet_marker_lasts_both_german_movement_phases(title: Title) -> None:
    m = cleared(title, "soviet", "soviet-interdiction", 3)
    m.apply("interdict 1615")
    m.apply("end")
    assert m.decision is not None and m.decision.kind == "movement"
    assert placed(m, pgg.SOVIET_MARKER) == ["1615"]
    m.apply("end")
    advance(m, "german", "movement")
    assert m.phase is not None and m.phase.spec.id == "mechanized-movement"
    assert placed(m, pgg.SOVIET_MARKER) == ["1615"]


def test_13_46_soviet_marker_removed_in_the_german_air_interdiction_phase(title: Title) -> None:
    """Ruling: the German takes it off at the start of his Air Interdiction Phase (4.2 B.5), its
    effects spent; that is the end of his Player-Turn in effect (13.46)."""
    m = cleared(title, "soviet", "soviet-interdiction", 3)
    m.apply("interdict 1615")
    advance(m, "german", "air-interdiction")
    assert placed(m, pgg.SOVIET_MARKER) == []
    assert m.state.vars[pgi.VAR_SOVIET_USES] == [3]
