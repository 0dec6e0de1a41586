"""German rear-area comb-outs (BARB 8.16): declared at the start of his player turn in one 1943
and one 1944 single-month turn; half a die rounded down (T37) replaceable non-mechanized units
come back from the dead pile at once."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new, to_order
from tests.titles.variants import force_rolls
from wargame.actions import IllegalAction
from wargame.games.barbarossa import combout
from wargame.match import Match
from wargame.plugins import Registry


def at_order(registry: Registry, turn: int) -> Match:
    m = new(registry, "road-back")
    to_order(m, "german")
    m.state.cursor.turn = turn
    m.touch()
    return m


def kill(m: Match, *ids: str) -> None:
    for uid in ids:
        m.eliminate(m.state.units[uid], "test")


@pytest.mark.parametrize(("roll", "units"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_a_comb_out_is_half_a_die_rounded_down_t37_8_16(
    registry: Registry, roll: int, units: int
) -> None:
    m = at_order(registry, 17)
    kill(m, "ger-4", "ger-5", "ger-7", "ger-8")
    force_rolls(m, roll)
    m.apply("combout")
    assert m.state.ns("barbarossa-combout").get("combout_left", 0) == units
    assert (m.decision.kind == "combout") is (units > 0)


def test_the_picks_are_the_germans_non_mech_units_and_the_count_goes_8_16(
    registry: Registry,
) -> None:
    m = at_order(registry, 17)
    kill(m, "ger-4", "ger-5", "ger-14pz")
    force_rolls(m, 4)
    m.apply("combout")
    picks = {a.args[0] for a in m.legal_actions() if a.verb == "comb" and len(a.args) == 2}
    assert picks == {"ger-4", "ger-5"}  # the panzer corps is mechanized
    hexes = sorted({a.args[1] for a in m.legal_actions() if a.verb == "comb" and len(a.args) == 2})
    m.apply(f"comb ger-4 {hexes[0]}")
    assert (
        m.state.units["ger-4"].loc == hexes[0]
        and m.state.ns("barbarossa-combout")["combout_left"] == 1
    )
    m.apply("comb done")  # fewer than allowed: his choice
    assert "combout_left" not in m.state.ns("barbarossa-combout") and m.decision.kind == "order"
    assert m.state.units["ger-5"].loc is None


def test_once_in_1943_once_in_1944_and_only_in_single_months_8_16(registry: Registry) -> None:
    m = at_order(registry, 16)  # 1942
    assert "combout" not in {str(a) for a in m.legal_actions()}
    m.state.cursor.turn = 21  # Oct/Nov '43: a double month
    m.touch()
    with pytest.raises(IllegalAction, match="BARB 8.16"):
        m.apply("combout")
    m.state.cursor.turn = 18
    m.touch()
    force_rolls(m, 1)
    m.apply("combout")
    m.state.cursor.turn = 19
    m.touch()
    assert "combout" not in {str(a) for a in m.legal_actions()}  # 1943's is spent
    m.state.cursor.turn = 26
    m.touch()
    assert combout.may_declare(m)
