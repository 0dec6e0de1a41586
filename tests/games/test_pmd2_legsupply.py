"""Proud Monster Deluxe part 2: the Leg units' supply trace (8.2): a Leg unit (only) may pay 2
Mech MP for each Leg MP, step by step, so it traces where no Mech unit could (a mountain without
a road) or further; a Mech unit in the same hex may be out of supply."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import title
from wargame.games.proud_monster_deluxe import ports, supply
from wargame.match import Match
from wargame.testing import clear, put


def _state(match: Match, uid: str) -> str:
    match.touch()
    return str(match.hook.wargame_supply(match=match, unit=match.state.units[uid])["state"])


def test_a_leg_step_costs_the_mech_cost_or_twice_the_leg_cost_whichever_is_less_8_2() -> None:
    match = Match(title(), "1941-historical", 1)
    mech = supply._trace_costs(match, "axis")
    leg = supply._trace_costs(match, "axis", "leg")
    both = supply._leg_costs(match, "axis")
    wagons = 0
    for m_row, l_row, b_row in zip(mech, leg, both, strict=True):
        for m, x, b in zip(m_row, l_row, b_row, strict=True):
            if x is None:
                assert b == m
            elif m is None:
                assert b == 2 * x
                wagons += 1
            else:
                assert b == min(m, 2 * x)
    assert wagons  # steps no Mech unit takes (mountains without a road)


def _unit(match: Match, side: str, mobility: str) -> str:
    return next(
        u.id
        for u in sorted(match.units_of(side), key=lambda u: u.id)
        if match.unit_type(u)["mobility"] == mobility and u.loc
    )


def test_a_leg_unit_is_supplied_where_a_mech_unit_is_not_8_2() -> None:
    match = Match(title(), "1941-historical", 1)
    leg, mech = _unit(match, "soviet", "leg"), _unit(match, "soviet", "mech")
    clear(match)
    wagons = supply.nets(match, "soviet", leg=True)[1] - supply.nets(match, "soviet")[1]
    hex_ = sorted(wagons - ports.supplied(match, "soviet"))[0]  # only 2 Mech MP a Leg MP (no port)
    put(match, leg, hex_)
    put(match, mech, hex_)
    assert _state(match, leg) == "supplied"
    assert _state(match, mech) == "out"
