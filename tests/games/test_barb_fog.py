"""Fog of war on Soviet stacks (BARB 11.7): the German sees the top unit only, until the odds of a
battle against the stack are computed; the Soviet sees every German-side stack."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.barb_helpers import new, soviet_movement, to_order
from tests.titles.variants import force_rolls
from wargame.actions import IllegalAction
from wargame.games.barbarossa import fog
from wargame.match import Match
from wargame.plugins import Registry
from wargame.testing import view_problems


def stacks(m: Match, side: str) -> list[str]:
    c = Counter(
        u.loc for u in m.state.units.values() if u.side == side and u.loc and u.loc[0].isdigit()
    )
    return sorted(h for h, n in c.items() if n > 1)


def shown(m: Match, viewer: str, loc: str) -> list[dict]:
    return [u for u in m.view(viewer)["units"] if u["loc"] == loc]


def test_the_german_sees_only_the_top_of_a_soviet_stack_11_7(registry: Registry) -> None:
    m = new(registry, "road-back")
    loc = stacks(m, "soviet")[0]
    german = shown(m, "german", loc)
    assert len(german) == len(m.units_at(loc)) >= 2
    assert sum("id" in u for u in german) == 1  # the top unit
    assert all(set(u) == {"side", "loc", "hidden"} for u in german if "id" not in u)
    assert all("id" in u for u in shown(m, "soviet", loc))
    assert view_problems(m, "german") == [] and view_problems(m, "soviet") == []


def test_the_soviet_sees_every_german_stack_11_7(registry: Registry) -> None:
    m = new(registry, "road-back")
    locs = stacks(m, "german")
    assert locs
    for loc in locs:
        assert all("id" in u for u in shown(m, "soviet", loc))


def test_the_soviet_chooses_the_top_unit_and_the_choice_goes_with_it_11_7(
    registry: Registry,
) -> None:
    m = soviet_movement(registry)
    loc = next(h for h in stacks(m, "soviet") if len(m.units_at(h)) == 2)
    first, second = (u.id for u in m.units_at(loc))
    assert fog.tops(m)[loc] == first
    m.apply(f"top {second}")
    assert m.state.units[second].flags["top"] and fog.tops(m)[loc] == second
    ids = [u.get("id") for u in shown(m, "german", loc)]
    assert second in ids and first not in ids
    move = next(a for a in m.legal_actions() if a.verb == "move" and a.args[0] == second)
    m.apply(str(move))
    assert "top" not in m.state.units[second].flags  # the flag goes with the unit's move
    assert fog.tops(m)[loc] == first and "id" in shown(m, "german", loc)[0]


def test_the_german_may_not_restack_soviet_units_11_7(registry: Registry) -> None:
    m = new(registry, "road-back")
    to_order(m, "german")
    m.apply("order move-fight")
    for _ in range(3):
        if m.decision.kind == "movement":
            break
        m.apply("end" if m.decision.kind == "strategic" else "emergency pass")
    loc = stacks(m, "soviet")[0]
    hidden = m.units_at(loc)[1].id
    with pytest.raises(IllegalAction):
        m.apply(f"top {hidden}")


def test_defenders_are_examined_at_the_odds_and_hidden_again_at_phase_end_11_7(
    registry: Registry,
) -> None:
    m = new(registry, "road-back")
    to_order(m, "german")
    m.apply("order fight-move")
    while m.decision.kind != "combat":
        m.apply("end" if m.decision.kind != "emergency-rvgk" else "emergency pass")
    attack = next(
        a
        for a in m.legal_actions()
        if a.verb == "attack" and len(m.units_at(a.args[0])) >= 2 and a.args[0] in fog.tops(m)
    )
    loc = attack.args[0]
    assert fog.concealed(m) & {u.id for u in m.units_at(loc)}
    force_rolls(m, 6)
    m.apply(str(attack))
    for _ in range(20):  # the result's choices, whoever makes them
        if m.decision.kind == "combat" and m.decision.side == "german":
            break
        m.apply(str(next(iter(m.legal_actions()))))
    survivors = [u for u in m.units_at(loc) if u.side == "soviet"]
    looked = set(fog.seen(m))
    assert looked and not (looked & fog.concealed(m))
    assert all(u.hidden_from == [] for u in m.state.units.values() if u.id in looked)
    m.apply("end")  # the Prepared Assault Phase ends: the stacks close again
    assert "barbarossa-fog" not in m.state.plugins
    assert view_problems(m, "german") == []
    if len(survivors) >= 2:
        assert fog.concealed(m) & {u.id for u in survivors}
