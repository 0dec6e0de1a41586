"""The Caucasus expedition (BARB 4.11-4.13, 12.3, 12.9) and its worked example T36."""

from __future__ import annotations

import pytest

from tests.games.barb_helpers import new
from tests.titles.variants import force_rolls, put
from wargame.games.barbarossa import caucasus
from wargame.match import Match
from wargame.plugins import Registry


@pytest.fixture()
def rb(registry: Registry) -> Match:
    return new(registry, "road-back")


def test_the_road_back_starts_with_the_expedition_in_the_box_12_9(rb: Match) -> None:
    assert caucasus.state(rb) == "launched"
    assert [u.id for u in caucasus.in_box(rb, "german")] == ["ger-40pz", "ger-52", "ger-57pz"]
    assert len(caucasus.in_box(rb, "soviet")) == 4
    before = rb.state.vp["german"]
    caucasus.resolve(rb)  # GT13: the roll counts as made and failed (12.3)
    assert rb.state.vp["german"] == before and caucasus.state(rb) == "launched"


def test_a_six_breaks_through_for_one_to_six_vp_then_one_a_turn_t36_4_13(rb: Match) -> None:
    rb.state.cursor.turn = 14
    rb.state.control["2501"] = "soviet"  # no Stalingrad bonus
    force_rolls(rb, 6, 4)
    caucasus.resolve(rb)
    assert caucasus.state(rb) == "succeeded" and rb.state.vp["german"] == 37
    rb.state.cursor.turn = 15
    caucasus.resolve(rb)
    assert rb.state.vp["german"] == 38


def test_stalingrad_in_supply_adds_one_to_the_roll_4_13(rb: Match) -> None:
    rb.state.cursor.turn = 14
    from wargame.games.barbarossa import supply

    assert rb.state.control["2501"] == "german"
    rb.scratch[("barb-overland", "german")] = supply.overland(rb, "german") | {"2501"}
    force_rolls(rb, 5, 1)
    caucasus.resolve(rb)
    assert caucasus.state(rb) == "succeeded"  # 5 + 1


def test_a_five_without_stalingrad_does_nothing_4_13(rb: Match) -> None:
    rb.state.cursor.turn = 14
    rb.state.control["2501"] = "soviet"
    force_rolls(rb, 5)
    caucasus.resolve(rb)
    assert caucasus.state(rb) == "launched"


def test_soviet_rostov_defeats_the_expedition_4_13(rb: Match) -> None:
    from wargame.games.barbarossa import victory

    put(rb, "sov-9", "2803")
    victory.take(rb, "2804", "soviet")
    caucasus.defeat_check(rb)
    assert caucasus.state(rb) == "defeated"
    assert all(
        rb.state.units[u].flags.get("eliminated") for u in ("ger-40pz", "ger-57pz", "ger-52")
    )


def test_recall_brings_the_whole_force_back_through_a_free_exit_4_13(rb: Match) -> None:
    from tests.games.barb_helpers import to_kind

    to_kind(rb, "german", "movement")
    recalls = [a for a in rb.legal_actions() if a.verb == "recall"]
    free = [h for h in caucasus.EXITS if rb.side_at(h) != "soviet"]
    assert sorted(a.args[0] for a in recalls) == [h for h in free if len(rb.units_at(h)) <= 2]
    rb.apply(recalls[0])
    assert caucasus.state(rb) == "recalled" and not caucasus.in_box(rb, "german")


def test_launch_needs_the_three_cities_and_the_soviet_must_answer_4_11_4_12(
    registry: Registry,
) -> None:
    from tests.games.barb_helpers import to_kind
    from tests.titles.variants import clear

    m = new(registry, "road-back")
    m.state.vars["caucasus"] = None
    for uid in ("ger-40pz", "ger-57pz", "ger-52"):
        m.place(m.state.units[uid], None)
    to_kind(m, "german", "movement")
    clear(m)
    put(m, "ger-44", "3200")
    put(m, "ger-40pz", "3201")
    put(m, "ger-57pz", "3201")
    m.touch()
    assert not [a for a in m.legal_actions() if a.verb == "expedition"]  # prerequisites unmet
    m.state.ns("barbarossa-caucasus")["caucasus_ok"] = True
    m.touch()
    launch = [a for a in m.legal_actions() if a.verb == "expedition"]
    assert [str(a) for a in launch] == ["expedition ger-40pz,ger-44,ger-57pz"]
    m.apply(launch[0])
    assert m.decision.side == "soviet" and m.decision.kind == "caucasus-response"
    m.apply("respond refuse")
    assert m.outcome["winner"] == "german" and "BARB" not in m.outcome["text"]


def test_the_soviet_box_units_may_go_into_the_rvgk_once_the_force_is_out_4_13(
    rb: Match,
) -> None:
    from wargame.actions import Decision
    from wargame.games.barbarossa import rvgk

    d = Decision("soviet", "rvgk", 14, "soviet/rvgk")
    box = [u.id for u in caucasus.in_box(rb, "soviet")]
    verb = rvgk.Rvgk()
    assert not {a.args[1] for a in verb.legal(rb, d)} & set(box)  # the expedition is still out
    rb.state.vars["caucasus"] = "recalled"
    legal = {str(a) for a in verb.legal(rb, d)}
    assert {f"rvgk in {u}" for u in box} <= legal
    verb.apply(rb, d, next(a for a in verb.legal(rb, d) if a.args[1] == box[0]))
    assert rb.state.units[box[0]].loc == "box:rvgk" and rvgk.used(rb) == 1  # the phase's count
    rb.state.vars["caucasus"] = "defeated"
    assert f"rvgk in {box[1]}" in {str(a) for a in verb.legal(rb, d)}


def test_the_soviet_picks_which_box_unit_comes_out_4_13(rb: Match) -> None:
    from wargame.actions import Decision

    rb.state.vars["caucasus"] = "defeated"
    for h in caucasus.EXITS:
        rb.state.control[h] = "soviet"
    rb.touch()
    d = Decision("soviet", "movement", 14, "soviet/movement")
    verb = caucasus.Recall()
    free = next(h for h in caucasus.EXITS if rb.side_at(h) != "german" and not rb.units_at(h))
    box = [u.id for u in caucasus.in_box(rb, "soviet")]
    assert {f"recall {free} {u}" for u in box} <= {str(a) for a in verb.legal(rb, d)}
    last = box[-1]
    verb.apply(rb, d, next(a for a in verb.legal(rb, d) if a.args == (free, last)))
    assert rb.state.units[last].loc == free and rb.state.units[box[0]].loc == "box:caucasus"
