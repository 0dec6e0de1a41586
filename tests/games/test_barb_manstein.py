"""Manstein's Gambit (BARB 4.16-4.17): declared with the 1943 offensive, judged at the end of
GT20 instead of the Victory Check, German replacements 2/2 meanwhile (T51)."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from tests.titles.variants import clear, force_rolls, put
from wargame.games.barbarossa import admin, combat, events, manstein, victory
from wargame.match import Battle, Match
from wargame.mechanics import combat as kcombat
from wargame.models import PhaseSpec
from wargame.plugins import Registry
from wargame.testing import refused

ASSAULT = PhaseSpec(id="assault", kind="combat", when="assault")


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
    m.state.ns("barbarossa-manstein")["manstein"] = 18
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


# ------------------------------------------------------------------ 4.17 the reinforcements

BOX = "box:german-reinforcements"


def test_the_gambit_brings_its_panzer_corps_and_the_3rd_ss_at_once_4_17(mg: Match) -> None:
    west = sorted(mg.topology.region("supply:german"))
    for cid in ("ger-14pz-mg", "ger-76pz", "ger-3ss"):
        unit = mg.state.units[cid]
        assert unit.loc == BOX and unit.flags["entry"] == west
    assert "german-3ss-gt22" in mg.state.ns("reinforcements")["arrived"]  # not again on GT22
    assert mg.decision.side == "german" and mg.decision.kind == "para"


def test_a_plain_offensive_brings_none_of_them_4_17(registry: Registry) -> None:
    m = new(registry)
    m.state.cursor.turn = 17
    m.push("german", "offensive", "declare?")
    m.touch()
    m.apply("offensive declare")
    assert not {"ger-14pz-mg", "ger-76pz", "ger-3ss", "ger-2para"} & set(m.state.units)


def test_a_withdrawn_2nd_ss_comes_back_and_one_in_play_stays_4_17_8_17(
    registry: Registry,
) -> None:
    m = new(registry, "road-back")
    ss = m.state.units.get("ger-2ss") or m.new_unit("ger-2ss", None)
    m.place(ss, None)
    ss.flags = {"eliminated": True, "permanent": True, "withdrawn": True}
    m.state.cursor.turn = 19
    m.state.ns("barbarossa-manstein")["manstein"] = 19
    manstein.reinforce(m)
    assert ss.loc == BOX and ss.flags.get("entry") and "withdrawn" not in ss.flags
    assert "german-2ss-gt24" in m.state.ns("reinforcements")["arrived"]
    phase = PhaseSpec(id="ss-withdrawal", when="ss-withdrawal")
    m.place(ss, "2205")
    ss.flags = {}
    assert events.wargame_phase_active(m, phase) is False  # no GT19 withdrawal under the gambit
    m.state.ns("barbarossa-manstein").pop("manstein")
    assert events.wargame_phase_active(m, phase) is True


@pytest.fixture()
def drop(registry: Registry) -> Match:
    """The 2nd Paratroop Corps dropped on 2802, held by a Soviet army; German infantry next to it."""
    m = new(registry, "road-back")
    clear(m)
    put(m, "sov-28", "2802")
    put(m, "ger-44", "2803")
    m.state.ns("barbarossa-manstein")["manstein"] = 18
    m.push("german", "para", "enter or drop?")
    m.touch()
    refused(m, "para drop 2803", "Soviet stack", rule="BARB 4.17")  # a German hex
    m.apply("para drop 2802")
    return m


def german_attack(m: Match, target: str = "2802"):
    return Battle("bx", ["ger-44"], [u.id for u in m.units_at(target)], target, {"ger-44": "2803"})


def test_the_dropped_paratroopers_add_six_to_the_attack_t48_4_17(drop: Match) -> None:
    para = drop.state.units["ger-2para"]
    assert para.loc == BOX and para.flags["drop"] == "2802"
    mods = manstein.wargame_strength_modifiers(drop, german_attack(drop))
    assert [(m.target, m.op, m.value) for m in mods] == [("attack", "add", 6)]
    put(drop, "sov-47", "2804")
    assert manstein.wargame_strength_modifiers(drop, german_attack(drop, "2804")) == []
    soviet = Battle("by", ["sov-28"], ["ger-44"], "2803", {"sov-28": "2802"})
    assert manstein.wargame_strength_modifiers(drop, soviet) == []


def test_the_paratroopers_land_in_a_cleared_hex_t48_4_17(drop: Match) -> None:
    manstein.wargame_battle_start(drop, german_attack(drop))
    drop.eliminate(drop.state.units["sov-28"], "DE")
    manstein.land(drop, ASSAULT)
    para = drop.state.units["ger-2para"]
    assert para.loc == "2802" and para.flags == {}  # the drop and fought flags go


def test_the_paratroopers_die_when_the_hex_is_not_cleared_t48_4_17(drop: Match) -> None:
    manstein.land(drop, ASSAULT)
    assert drop.state.units["ger-2para"].loc == BOX  # no attack yet: waiting
    manstein.wargame_battle_start(drop, german_attack(drop))
    manstein.land(drop, ASSAULT)
    assert drop.state.units["ger-2para"].loc is None  # sov-28 still there


def test_paratroopers_never_used_are_lost_at_the_turns_end_4_17(drop: Match) -> None:
    manstein.unused(drop, PhaseSpec(id="victory-check"))
    para = drop.state.units["ger-2para"]
    assert para.loc is None and para.flags.get("eliminated")


def test_the_paratroopers_may_pay_a_bloodbath_as_six_t48_4_17_11_26(drop: Match) -> None:
    battle = german_attack(drop)
    battle.defense = 7
    kcombat.store(drop, battle)
    combat.bloodbath(drop, battle)
    assert drop.decision.kind == "bloodbath"
    assert {str(a) for a in drop.legal_actions()} == {"lose ger-44", "lose ger-2para"}
    drop.apply("lose ger-2para")  # 6 of 7
    assert drop.state.units["ger-2para"].loc is None
    assert drop.decision.kind == "bloodbath"
    assert [str(a) for a in drop.legal_actions()] == ["lose ger-44"]


def test_the_paratroopers_may_enter_as_infantry_instead_4_17(registry: Registry) -> None:
    m = new(registry, "road-back")
    m.push("german", "para", "enter or drop?")
    m.touch()
    m.apply("para enter")
    para = m.state.units["ger-2para"]
    assert para.loc == BOX and para.flags["entry"] and "drop" not in para.flags
