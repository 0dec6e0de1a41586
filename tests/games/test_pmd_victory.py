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
