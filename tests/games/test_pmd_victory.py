"""Proud Monster Deluxe's cannot-lose rule (4.3): a side with a unit not in ISO on its goal
hexes cannot lose that turn; a win against it is a draw."""

from __future__ import annotations

from wargame.games.proud_monster_deluxe import victory
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import clear, force_rolls, put

ROMANIA = "0134"  # a ZOMO hex (country:romania)


def _match() -> Match:
    return Match(discover().get("pmd"), "1941-historical", 1)


def _soviet_unit(match: Match) -> str:
    return next(u.id for u in match.state.units.values() if u.side == "soviet")


def _take_moscow(match: Match, roll: int) -> None:
    while match.decision is not None and match.decision.kind != "movement":
        match.apply("end")
    match.state.control["4219"] = "axis"
    put(match, "ger-pd-3", "4020")
    force_rolls(match, roll, only="PMD 4.4")
    match.apply("move ger-pd-3 4020 4120")


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

    victory.wargame_phase_end(match, PhaseSpec(id="victory-check", kind="victory"))


def test_soviet_units_in_the_germany_zomo_cost_the_axis_a_vp_each_4_5_2() -> None:
    """4.5.2(1): every check from turn 112 to 124, 1 VP per Soviet unit in the Germany ZOMO."""
    match = _match()
    clear(match)
    germany = match.resolve_locations([victory.GERMANY_ZOMO])
    soviets = [u.id for u in match.state.units.values() if u.side == "soviet"][:2]
    put(match, soviets[0], germany[5])
    put(match, soviets[1], germany[5])
    put(match, "ger-pd-3", match.resolve_locations(["country:romania"])[0])  # not Germany
    victory.zomo_penalties(match)
    assert match.state.vars["axis_vp"] == -2 and victory.axis_vp(match) == -2
    _at_turn(match, 201)
    victory.zomo_penalties(match)
    assert match.state.vars["axis_vp"] == -2  # after turn 124: no more


def test_historical_end_eleven_vp_less_seven_romanian_zomo_hexes_is_a_draw_4_5_2() -> None:
    """4.5.2's historical example: at the end of 407 the Axis holds Sevastopol, Kishinev, Minsk,
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
