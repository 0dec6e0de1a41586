"""Proud Monster Deluxe's victory rules (4.3-4.6): the cannot-lose rule (a side with a unit not
in ISO on its goal hexes cannot lose that turn; a win against it is a draw), the Axis VP ledger
on the shared victory mechanic, the other VP changes of 4.5.2 and the oil centres (4.6)."""

from __future__ import annotations

from typing import Any

from tests.games.pmd_steps import end, take_moscow
from wargame.games.proud_monster_deluxe import victory
from wargame.match import Battle, Match
from wargame.plugins import discover
from wargame.testing import clear, force_rolls, put

ROMANIA = "0134"  # a ZOMO hex (country:romania)


def _match() -> Match:
    return Match(discover().get("pmd"), "1941-historical", 1)


def _soviet_unit(match: Match) -> str:
    return next(u.id for u in match.state.units.values() if u.side == "soviet")


def _take_moscow(match: Match, roll: int) -> None:
    while match.decision is not None and match.decision.kind != "movement":
        end(match)
    take_moscow(match, roll)


def test_a_soviet_unit_in_the_zomo_turns_an_axis_moscow_win_into_a_draw_4_3() -> None:
    match = _match()
    clear(match)
    put(match, _soviet_unit(match), ROMANIA)
    _take_moscow(match, 1)
    assert match.outcome is not None
    assert match.outcome["winner"] is None and match.outcome["level"] == "draw"
    assert "cannot lose" in match.outcome["text"]


def test_an_isolated_soviet_unit_in_the_zomo_does_not_save_the_soviets_4_3() -> None:
    match = _match()
    clear(match)
    put(match, _soviet_unit(match), ROMANIA).flags["iso"] = 1  # ISO 1 (8.3)
    _take_moscow(match, 1)
    assert match.outcome is not None and match.outcome["winner"] == "axis"


def test_an_axis_unit_on_the_eastern_edge_turns_a_soviet_vp_win_into_a_draw_4_3() -> None:
    match = _match()
    clear(match)
    east = match.resolve_locations(["edge:east"])[-1]
    put(match, "ger-pd-3", east)
    assert victory.cannot_lose(match, "axis")
    victory.win(match, "soviet", "victory points", "Axis VP 0 <= 27", "PMD 4.5")
    assert match.outcome is not None and match.outcome["level"] == "draw"


def test_without_a_unit_on_its_goal_hexes_a_side_loses_4_3() -> None:
    match = _match()
    assert not victory.cannot_lose(match, "axis") and not victory.cannot_lose(match, "soviet")
    victory.win(match, "soviet", "victory points", "Axis VP 0 <= 27", "PMD 4.5")
    assert match.outcome is not None and match.outcome["winner"] == "soviet"


HISTORICAL_AXIS = (
    "Sevastopol",
    "Kishinev",
    "Minsk",
    "Vitebsk",
    "Vilnius",
    "Kaunas",
    "Riga",
    "Tallinn",
)


def _at_turn(match: Match, n: int) -> None:
    from wargame.games.proud_monster_deluxe.turns import ynn

    match.state.cursor.turn = next(t for t in range(1, 69) if ynn(match, t) == n)
    match.touch()


def _victory_check(match: Match) -> None:
    from wargame.models import PhaseSpec

    victory.victory_check_phase(match, PhaseSpec(id="victory-check", kind="victory"))


def test_t5_three_soviet_units_in_the_germany_zomo_cost_3_vp_hungary_and_romania_none_4_5_2() -> (
    None
):
    """T5, 4.5.2(1): every check from turn 112 to 124, 1 VP per Soviet unit in the Germany ZOMO
    (3 units in one hex: -3); Soviet units in the Hungary or Romania ZOMO cost nothing."""
    match = _match()
    clear(match)
    germany = match.resolve_locations([victory.GERMANY_ZOMO])
    soviets = [u.id for u in match.state.units.values() if u.side == "soviet"][:5]
    for uid in soviets[:3]:
        put(match, uid, germany[5])
    put(match, soviets[3], match.resolve_locations(["country:romania"])[0])
    put(match, soviets[4], match.resolve_locations(["country:hungary"])[0])
    victory.zomo_penalties(match)
    assert victory.axis_vp(match) == -3
    _at_turn(match, 201)
    victory.zomo_penalties(match)
    assert victory.axis_vp(match) == -3  # after turn 124: no more


def test_t4_historical_end_eleven_vp_less_seven_romanian_zomo_hexes_is_a_draw_4_5_2() -> None:
    """T4, 4.5.2's historical example: at the end of 407 the Axis holds Sevastopol, Kishinev, Minsk,
    Vitebsk, Vilnius, Kaunas, Riga and Tallinn (11 VP), the Soviets 7 Romania ZOMO hexes with
    supplied units (-7): 4 VP, a draw."""
    match = _match()
    _at_turn(match, 407)
    for name in HISTORICAL_AXIS:
        hex_id = victory._city_hex(match, name)
        assert hex_id is not None
        match.state.control[hex_id] = "axis"
    base = victory.axis_vp(match)
    assert base == 11
    romania = [
        h
        for h in match.resolve_locations(["country:romania"])
        if h.startswith(("06", "07", "08", "09"))
    ]
    held = []
    for h in romania:
        if len(held) == 7:
            break
        unit = next(
            u
            for u in match.state.units.values()
            if u.side == "soviet" and u.loc and u.loc not in held and u.loc not in romania
        )
        put(match, unit.id, h)
        match.touch()
        if match.hook.wargame_supply(match=match, unit=unit)["state"] == "supplied":
            held.append(h)
        else:
            match.place(unit, None)
    assert len(held) == 7
    _victory_check(match)
    assert victory.axis_vp(match) == 4
    assert match.outcome is None or match.outcome["winner"] is None  # a draw, never a win


def test_t4_three_soviet_units_in_one_zomo_hex_on_407_cost_1_vp_4_5_2_7() -> None:
    """T4, 4.5.2(7): on turn 407 the penalty is 1 VP per ZOMO hex held by supplied Soviet units,
    not one per unit."""
    match = _match()
    clear(match)
    _at_turn(match, 407)
    soviets = [u.id for u in match.state.units.values() if u.side == "soviet"][:3]
    for uid in soviets:
        put(match, uid, ROMANIA)
    match.touch()
    unit = match.state.units[soviets[0]]
    assert match.hook.wargame_supply(match=match, unit=unit)["state"] == "supplied"
    victory.zomo_penalties(match)
    assert victory.axis_vp(match) == -1


def test_a_slovak_hex_does_not_count_on_407_4_5_2_7() -> None:
    """4.5.2(7) counts ZOMO hexes in Germany, Hungary or Romania only: a supplied Soviet unit in
    Slovakia (0129) costs nothing, one in Romania costs 1 VP."""
    match = _match()
    clear(match)
    _at_turn(match, 407)
    slovak, romanian = [u.id for u in match.state.units.values() if u.side == "soviet"][:2]
    put(match, slovak, "0129")
    match.touch()
    assert match.hook.wargame_supply(match=match, unit=match.state.units[slovak])["state"] == (
        "supplied"
    )
    victory.zomo_penalties(match)
    assert victory.axis_vp(match) == 0
    put(match, romanian, ROMANIA)
    match.touch()
    victory.zomo_penalties(match)
    assert victory.axis_vp(match) == -1


def test_the_axis_scores_a_vp_hex_the_moment_it_takes_it_4_5_1() -> None:
    """4.5.1 on the shared victory mechanic's ledger: the VP come with control (4.2), at once."""
    from tests.games.pmd_steps import to_phase
    from wargame.mechanics import victory as shared

    match = _match()
    to_phase(match, "axis", "movement")
    clear(match)
    put(match, "ger-pd-3", "1919")
    match.apply("move ger-pd-3 1919 1920")  # Minsk, 1 VP
    assert match.state.vp == {"axis": 1}
    assert [(e["points"], e["rule"]) for e in shared.ledger(match)] == [(1, "PMD 4.5.1")]


# --------------------------------------------------------------------------- 4.5.2 (2)-(6), 4.6


def _soviets(match: Match, n: int) -> list[str]:
    return [u.id for u in match.state.units.values() if u.side == "soviet"][:n]


def _garrison(match: Match, skip: int = 0) -> None:
    """Soviet units on the Finnish front hexes, all but the last ``skip``."""
    hexes = victory.FINNISH_FRONT[: len(victory.FINNISH_FRONT) - skip]
    for unit, hex_id in zip(_soviets(match, len(hexes)), hexes, strict=True):
        put(match, unit, hex_id)


def test_t6_finnish_front_not_garrisoned_gives_the_axis_1_vp_a_week_from_117_4_5_2_2() -> None:
    """T6: from the last week of 117, one of the 8 hexes empty gives +1 VP a week, not per hex."""
    match = _match()
    clear(match)
    _garrison(match, skip=2)  # 4203 and 4304 empty: still 1 VP a week, not 1 per hex
    _at_turn(match, 117)
    victory.finnish_front(match, 1)  # the first week of 117: not yet
    assert victory.axis_vp(match) == 0
    victory.finnish_front(match, 2)  # the last week of 117: from now on
    assert victory.axis_vp(match) == 1
    _at_turn(match, 118)
    victory.finnish_front(match, 1)
    victory.finnish_front(match, 2)
    assert victory.axis_vp(match) == 3  # one a week


def test_a_full_finnish_front_garrison_gives_nothing_4_5_2_2() -> None:
    match = _match()
    clear(match)
    _garrison(match)
    _at_turn(match, 118)
    victory.finnish_front(match, 2)
    assert victory.axis_vp(match) == 0


def test_an_axis_attack_on_hex_3403_ends_the_finnish_front_requirement_4_5_2_2() -> None:
    match = _match()
    clear(match)
    _at_turn(match, 118)
    soviet = _soviets(match, 1)
    victory.wargame_battle_start(match, Battle("b", soviet, ["ger-pd-3"], "3403"))
    assert not victory.finnish_front_lifted(match)  # a Soviet attack there: no effect
    victory.wargame_battle_start(match, Battle("b", ["ger-pd-3"], soviet, "3403"))
    assert victory.finnish_front_lifted(match)
    victory.finnish_front(match, 2)  # nobody garrisons: no VP any more
    assert victory.axis_vp(match) == 0


def test_leningrad_isolated_ends_the_finnish_front_requirement_4_5_2_2() -> None:
    match = _match()
    clear(match)
    _at_turn(match, 118)
    assert not victory.leningrad_isolated(match)
    axis = [u.id for u in match.state.units.values() if u.side == "axis"]
    for unit, hex_id in zip(axis, match.topology.neighbours(victory.LENINGRAD), strict=False):
        put(match, unit, hex_id)  # every land hex around it: off the Soviet line (8.2)
    match.touch()
    assert victory.leningrad_isolated(match)
    victory.finnish_front(match, 2)
    assert victory.finnish_front_lifted(match) and victory.axis_vp(match) == 0


def test_units_not_withdrawn_cost_the_axis_or_give_it_1_vp_each_4_5_2_3() -> None:
    match = _match()
    victory.withdrawals_not_made(match, "axis", ["ger-id-1", "ger-id-2"])
    assert victory.axis_vp(match) == -2
    victory.withdrawals_not_made(match, "soviet", ["sov-rd-1"])
    assert victory.axis_vp(match) == -1


def test_an_axis_artillery_unit_lost_costs_1_vp_4_5_2_5(monkeypatch: Any) -> None:
    """The stand-in manifest has no artillery yet (ruling V5): the unit type is given one."""
    match = _match()
    unit = match.state.units["ger-pd-3"]
    victory.wargame_unit_eliminated(match, unit)  # a panzer division: nothing
    assert victory.axis_vp(match) == 0
    monkeypatch.setattr(match, "unit_type", lambda u: {"tags": [u.side, "artillery"]})
    victory.wargame_unit_eliminated(match, unit)
    assert victory.axis_vp(match) == -1
    victory.wargame_unit_eliminated(match, match.state.units[_soviets(match, 1)[0]])
    assert victory.axis_vp(match) == -1  # Soviet artillery: nothing


def _own_oil(match: Match, n: int) -> list[str]:
    owned = victory.oil_centres(match)[:n]
    for hex_id in owned:
        match.state.control[hex_id] = "axis"
    return owned


def test_t8_the_axis_owning_all_5_oil_centres_wins_with_no_roll_4_6() -> None:
    match = _match()
    clear(match)
    assert len(_own_oil(match, 5)) == victory.OIL_CENTRES
    victory.oil_check(match)
    assert match.outcome is not None and match.outcome["winner"] == "axis"
    assert match.outcome["text"] == "the Axis owns all 5 oil centres"


def test_t8_two_oil_centres_rolls_4_and_1_the_axis_wins_4_6() -> None:
    match = _match()
    clear(match)
    _own_oil(match, 2)
    force_rolls(match, 4, 1, only="PMD 4.6")
    victory.oil_check(match)
    assert match.outcome is not None and match.outcome["winner"] == "axis"


def test_t8_two_oil_centres_rolls_4_and_6_the_game_goes_on_4_6() -> None:
    match = _match()
    clear(match)
    _own_oil(match, 2)
    force_rolls(match, 4, 6, only="PMD 4.6")
    victory.oil_check(match)
    assert match.outcome is None


def test_no_oil_centre_owned_no_roll_4_6() -> None:
    match = _match()
    before = match.state.dice
    victory.oil_check(match)
    assert match.outcome is None and match.state.dice == before


def test_the_oil_check_follows_the_vp_check_only_when_it_decided_nothing_4_6() -> None:
    match = _match()
    clear(match)
    _own_oil(match, 2)
    victory.change(match, 4, "the position's VP", "PMD 4.5")  # 4 on turn 112: an Axis win
    before = match.state.dice
    _victory_check(match)
    assert match.outcome is not None and match.outcome["level"] == "victory points"
    assert match.state.dice == before  # no oil die was rolled
    match = _match()
    clear(match)
    _own_oil(match, 2)
    victory.change(match, 3, "the position's VP", "PMD 4.5")  # 3: the game goes on
    force_rolls(match, 1, only="PMD 4.6")
    _victory_check(match)
    assert match.outcome is not None and match.outcome["level"] == "oil centres"
