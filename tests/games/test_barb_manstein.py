"""Manstein's Gambit (BARB 4.16-4.17): declared with the 1943 offensive, judged at the end of
GT20 instead of the Victory Check, German replacements 2/2 meanwhile (T51)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from tests.titles.variants import force_rolls
from wargame.games.barbarossa import admin, events, manstein, victory
from wargame.match import Match
from wargame.plugins import Registry


@pytest.fixture()
def mg(registry: Registry) -> Match:
    """The Campaign at GT18 with the gambit declared."""
    m = new(registry)
    m.state.cursor.turn = 18
    m.push("german", "offensive", "declare?")
    m.touch()
    m.apply("offensive manstein")
    return m


def test_the_gambit_is_the_germans_choice_with_his_offensive_4_16(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 17
    m.push("german", "offensive", "declare?")
    m.touch()
    assert {str(a) for a in m.legal_actions()} >= {
        "offensive declare",
        "offensive manstein",
        "offensive decline",
    }
    m.apply("offensive declare")
    assert not manstein.declared(m)


def test_fourteen_home_hexes_are_the_campaigns_starting_vp_hexes_4_16(registry: Registry) -> None:
    m = new(registry)
    home = manstein.home_hexes(m)
    assert len(home) == 14 and all(m.state.control.get(h) == "german" for h in home)


def test_gambit_replacements_are_2_2_until_gt20_t51_4_17(mg: Match) -> None:
    assert admin.turn_rates(mg, "german") == [2, 2]
    mg.state.cursor.turn = 20
    assert admin.turn_rates(mg, "german") == [2, 2]
    mg.state.cursor.turn = 21
    assert admin.turn_rates(mg, "german") != [2, 2]  # back to the track
    mg.state.cursor.turn = 17  # before the declaration
    assert admin.turn_rates(mg, "german") != [2, 2]


def test_the_gambit_supersedes_the_offensive_debit_4_16(mg: Match) -> None:
    before = mg.state.vp["german"]
    force_rolls(mg, 6)
    events.judge_offensive(mg)  # end of GT18, nothing taken: 4.4 would cost 3
    assert mg.state.vp["german"] == before and mg.outcome is None


def test_won_at_gt20_with_every_home_hex_and_two_key_cities_4_16(mg: Match) -> None:
    mg.state.cursor.turn = 20
    mg.state.control["1011"] = "german"
    mg.state.control["2311"] = "german"
    victory.check(mg)
    assert mg.outcome["winner"] == "german" and mg.outcome["level"] == "Manstein's Gambit"


def test_lost_at_gt20_with_one_key_city_or_a_home_hex_gone_4_16(
    registry: Registry, mg: Match
) -> None:
    mg.state.cursor.turn = 20
    mg.state.control["2311"] = "german"
    victory.check(mg)
    assert mg.outcome["winner"] == "soviet"
    m = new(registry)
    m.state.vars["manstein"] = 18
    m.state.cursor.turn = 20
    m.state.control["1011"] = "german"
    m.state.control["2311"] = "german"
    m.state.control[manstein.home_hexes(m)[0]] = "soviet"
    victory.check(m)
    assert m.outcome["winner"] == "soviet"


def test_without_the_gambit_gt20_is_an_ordinary_check_4_14(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 20
    m.state.control["1011"] = "german"
    m.state.control["2311"] = "german"
    victory.check(m)
    assert (m.outcome or {}).get("level") != "Manstein's Gambit"
