"""PGG reinforcements: scheduled (14.3, 16.0), Provisional (14.1), South-Western Front (14.2),
the counter limit and dead pile (12.4, 14.14), on the small board of pgg_variants."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.pgg_helpers import put
from tests.games.pgg_variants import (
    AREA_B,
    force_provisional,
    keep_rifles,
    mini_map,
    to_phase,
    variant,
)
from wargame.games.panzergruppe_guderian import reinforcements as R
from wargame.match import Match
from wargame.plugins import Registry
from wargame.testing import refused

BOX = "box:reinforcements"


def start(tmp_path: Path, *rolls: int, **kw: object) -> Match:
    """A match at its set-up decision; the Provisional rolls of the first turns are ``rolls``."""
    match = Match(variant(tmp_path, **kw), seed=7)  # type: ignore[arg-type]
    force_provisional(match, *rolls)
    return match


def waiting(match: Match) -> list[str]:
    return sorted(u.id for u in match.units_at(BOX))


def provisional(match: Match) -> dict[str, object]:
    return match.state.vars[R.PROVISIONAL][str(match.turn)]


def german_schedule(units: list[str], at: str, turn: int = 1) -> dict[str, object]:
    return {"g": {"turn": turn, "side": "german", "units": units, "at": [at]}}


def first_hexes(match: Match, uid: str) -> set[str]:
    return {a.args[2] for a in match.legal_actions() if a.verb == "move" and a.args[0] == uid}


# ----------------------------------------------------------------------------- 14.3, 16.0


def test_14_3_area_b_hexes(tmp_path: Path) -> None:
    match = start(tmp_path, 1, schedule=german_schedule(["6Inf"], "area:B"))
    to_phase(match, "german/movement", 1)
    assert match.state.units["6Inf"].loc == BOX
    assert first_hexes(match, "6Inf") == set(AREA_B)
    assert "0111" not in first_hexes(match, "6Inf")
    assert match.check(f"move 6Inf {BOX} 0111") is not None
    assert match.check(f"move 6Inf {BOX} 0112") is None


def test_14_3_area_b_hexes_on_the_shipped_map(registry: Registry) -> None:
    topo = registry.get("pgg").topology
    assert sorted(topo.region("area:B")) == AREA_B


def test_14_3_turn_shown_is_the_first_turn_of_entry(tmp_path: Path) -> None:
    match = start(tmp_path, 1, 1, schedule=german_schedule(["6Inf"], "area:B", turn=2))
    to_phase(match, "german/movement", 1)
    assert "6Inf" not in match.state.units
    to_phase(match, "german/movement", 2)
    assert match.state.units["6Inf"].loc == BOX


def test_14_3_delayed_at_will_and_4_2_not_in_the_mechanized_phase(tmp_path: Path) -> None:
    """Ruling: reinforcements enter only in the Initial Movement Phase (4.2 B.1), so a held-back
    panzer regiment may not come on in the Mechanized Movement Phase; it may next turn."""
    match = start(tmp_path, 1, 1, schedule=german_schedule(["Pz/7Pz"], "area:C"))
    to_phase(match, "german/movement", 1)
    assert first_hexes(match, "Pz/7Pz") == {"0111"}
    to_phase(match, "german/mechanized-movement", 1)
    assert match.state.units["Pz/7Pz"].loc == BOX
    assert first_hexes(match, "Pz/7Pz") == set()
    refused(match, f"move Pz/7Pz {BOX} 0111", "4.2 B.1")
    to_phase(match, "german/movement", 2)
    assert match.check(f"move Pz/7Pz {BOX} 0111") is None
    match.apply(f"move Pz/7Pz {BOX} 0111")
    assert match.state.units["Pz/7Pz"].loc == "0111"


# ----------------------------------------------------------------------------- 14.1 Provisional


def test_14_11_roll_of_3_brings_one_untried_rifle_division_at_entrance_3(tmp_path: Path) -> None:
    match = start(tmp_path, 3)
    to_phase(match, "soviet/movement", 1)
    record = provisional(match)
    assert record["roll"] == 3 and record["entry"] == ["1006"]
    (uid,) = waiting(match)
    unit = match.state.units[uid]
    assert match.counter(unit)["type"] == "rifle" and match.is_untried(unit)
    assert unit.flags["entry"] == ["1006"] and unit.flags["provisional"] == 1
    assert first_hexes(match, uid) == {"1006"}


def test_14_11_in_addition_to_scheduled_reinforcements(tmp_path: Path) -> None:
    schedule = {"x": {"turn": 1, "side": "soviet", "draw": {"rifle": 2}, "at": ["entry:X"]}}
    match = start(tmp_path, 3, schedule=schedule)
    to_phase(match, "soviet/movement", 1)
    entries = sorted(tuple(match.state.units[u].flags["entry"]) for u in waiting(match))
    assert entries == [("1006",), ("1205",), ("1205",)]


def test_14_11_provisional_roll_on_turn_12_too(tmp_path: Path) -> None:
    """Ruling: 14.11 says each Turn; the no-Turn-12 note of 16.1 is about the schedule."""
    match = start(tmp_path, 2, first_turn=12, last_turn=12)
    to_phase(match, "soviet/movement", 12)
    assert provisional(match)["roll"] == 2
    assert len(waiting(match)) == 1


def test_14_11_roll_is_part_of_the_replay(tmp_path: Path) -> None:
    title = variant(tmp_path)
    one, two = Match(title, seed=11), Match(title, seed=11)
    for match in (one, two):
        to_phase(match, "soviet/movement", 1)
    assert one.state.vars[R.PROVISIONAL] == two.state.vars[R.PROVISIONAL]
    before = one.state_hash()
    (uid,) = waiting(one)
    one.apply(next(a for a in one.legal_actions() if a.verb == "move" and a.args[0] == uid))
    assert one.undo().startswith(f"move {uid}")
    assert one.state_hash() == before == two.state_hash()


def test_14_12_blocked_entrance_moves_to_nearest_hex_east(tmp_path: Path) -> None:
    match = start(tmp_path, 5)
    put(match, "Pz/7Pz", "0911")  # occupies 0911, its ZOC covers entrance 5 (0912)
    to_phase(match, "soviet/movement", 1)
    record = provisional(match)
    assert record["entry"] == ["1012"]
    assert "blocked" in str(record["why"]) and "1012" in str(record["why"])
    (uid,) = waiting(match)
    assert first_hexes(match, uid) == {"1012"}


def test_14_12_never_west_of_the_entrance(tmp_path: Path) -> None:
    """Ruling: 'in the direction of the eastern edge' = no hex west of the entrance, even a
    nearer one (0812 is free and 1 hex away, 1111 is 2 hexes away)."""
    match = start(tmp_path, 5)
    put(match, "Pz/7Pz", "0911")
    put(match, "Pz/12Pz", "1012")
    to_phase(match, "soviet/movement", 1)
    assert match.topology.distance("0912", "0812") == 1
    assert provisional(match)["entry"] == ["1111"]


def test_14_12_ties_go_east_then_to_the_lower_hex_number(tmp_path: Path) -> None:
    match = start(tmp_path, 5)
    put(match, "Pz/7Pz", "0912")  # entrance 5 occupied, its ZOC all around it
    to_phase(match, "soviet/movement", 1)
    entry = provisional(match)["entry"]
    topo = match.topology
    free = [h for h in ("0910", "1010", "1111", "1112") if h not in topo.neighbours("0912")]
    assert {topo.distance("0912", h) for h in free} == {2}
    assert entry == ["1111"]  # of the nearest, the farthest east (1111, 1112), then the lower id


def test_14_12_along_the_east_edge(tmp_path: Path) -> None:
    match = start(tmp_path, 2)
    put(match, "Pz/7Pz", "1203")  # its ZOC covers entrance 2 (1202)
    to_phase(match, "soviet/movement", 1)
    assert provisional(match)["entry"] == ["1201"]  # the same column counts as toward the east


def test_14_12_area_only_partly_blocked_keeps_all_its_hexes(tmp_path: Path) -> None:
    match = start(tmp_path, 2, map_doc=mini_map(regions={"entry:2": ["1201", "1204"]}))
    put(match, "Pz/7Pz", "1203")  # ZOC on 1204 (and 1202), not on 1201
    to_phase(match, "soviet/movement", 1)
    assert provisional(match)["entry"] == ["1201", "1204"]  # 14.12 applies only to a full block
    (uid,) = waiting(match)
    assert first_hexes(match, uid) >= {"1201", "1204"}


def test_14_13_must_enter_in_its_phase(tmp_path: Path) -> None:
    match = start(tmp_path, 3)
    to_phase(match, "soviet/movement", 1)
    (uid,) = waiting(match)
    refused(match, "end", "14.13", uid)
    match.apply(f"move {uid} {BOX} 1006")
    assert match.check("end") is None


def test_14_13_a_division_that_cannot_enter_is_lost(tmp_path: Path) -> None:
    """Ruling: it may not be saved; if no legal entry is left by the end of the phase, the
    counter goes back unused (not to the dead pile: it never was in play)."""
    match = start(tmp_path, 3)
    to_phase(match, "soviet/movement", 1)
    (uid,) = waiting(match)
    put(match, "Pz/7Pz", "1006")  # the entrance now holds a German unit
    assert match.check("end") is None
    events = match.apply("end")
    assert any(e.rule == "PGG 14.13" and uid in e.text for e in events)
    assert uid not in match.state.units
    assert R.free_counters(match, "soviet", "rifle") == 90


# ----------------------------------------------------------------------------- 12.4, 14.14


def test_14_14_unused_counters_first_then_the_dead_pile(tmp_path: Path) -> None:
    setup = {"a": {"side": "soviet", "units": ["R01", "R02"], "at": ["0707"]}}
    match = start(tmp_path, 3, 3, 3, setup=setup, counters=keep_rifles(3))
    match.eliminate(match.state.units["R01"], "test")
    to_phase(match, "soviet/movement", 1)
    assert waiting(match) == ["R03"]  # the unused counter, not the dead R01
    match.apply(f"move R03 {BOX} 1006 1106")
    to_phase(match, "soviet/movement", 2)
    assert waiting(match) == ["R01"]  # back from the dead pile ...
    unit = match.state.units["R01"]
    assert match.is_untried(unit) and unit.flags.get("recycled")  # ... untried (14.14)


def test_14_14_no_counter_left_nothing_arrives(tmp_path: Path) -> None:
    setup = {"a": {"side": "soviet", "units": ["R01", "R02"], "at": ["0707"]}}
    match = start(tmp_path, 3, setup=setup, counters=keep_rifles(2))
    match.apply("end")
    events = match.apply("end")
    assert waiting(match) == []
    assert any(e.rule == "PGG 12.4, 14.14" and "do not arrive" in e.text for e in events)
    assert match.check("end") is None


def test_12_4_scheduled_draws_stop_at_the_counter_limit(tmp_path: Path) -> None:
    """Kernel: a scheduled draw takes what is left instead of failing."""
    schedule = {"x": {"turn": 1, "side": "soviet", "draw": {"rifle": 5}, "at": ["entry:X"]}}
    match = start(tmp_path, 3, schedule=schedule, counters=keep_rifles(3))
    match.apply("end")
    events = match.apply("end")
    assert len(waiting(match)) == 3  # 1 Provisional + 2 of the 5 scheduled
    assert any("only 2 of 5 rifle" in e.text for e in events)


# ----------------------------------------------------------------------------- 14.2 SWF


def test_14_21_not_before_turn_2(tmp_path: Path) -> None:
    match = start(tmp_path, 3)
    to_phase(match, "soviet/movement", 1)
    assert not [a for a in match.legal_actions() if a.verb == "call-swf"]
    refused(match, "call-swf 1", "14.21")


def test_14_21_five_per_turn_and_ten_per_game(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3, 3, 3)
    to_phase(match, "soviet/movement", 2)
    assert [str(a) for a in match.legal_actions() if a.verb == "call-swf"] == [
        f"call-swf {n}" for n in range(1, 6)
    ]
    match.apply("call-swf 3")
    assert match.check("call-swf 3") is not None
    match.apply("call-swf 2")
    refused(match, "call-swf 1", "14.21")
    to_phase(match, "soviet/movement", 3)
    match.apply("call-swf 5")
    to_phase(match, "soviet/movement", 4)
    refused(match, "call-swf 1", "all 10")
    assert match.state.ns(R.NS)[R.SWF]["total"] == 10


def test_14_21_only_in_the_soviet_movement_phase(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3)
    to_phase(match, "german/movement", 2)
    assert match.check("call-swf 1") is not None
    assert not [a for a in match.legal_actions() if a.verb == "call-swf"]


def test_14_22_swf_entry_hexes(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3)
    to_phase(match, "soviet/movement", 2)
    # south-edge railroad hexes from Z (0512) east; 0312 is west of Z, 0612 has no railroad
    assert R.swf_hexes(match) == ["0512", "0812", "1112"]
    match.apply("call-swf 2")
    called = [u for u in match.units_at(BOX) if u.flags.get("swf") == 2]
    assert len(called) == 2
    assert all(u.flags["entry"] == ["0512", "0812", "1112"] for u in called)
    assert first_hexes(match, called[0].id) == {"0512", "0812", "1112"}


def test_14_22_swf_entry_hexes_on_the_shipped_map(registry: Registry) -> None:
    match = Match(registry.get("pgg"), seed=1)
    hexes = R.swf_hexes(match)
    topo = match.topology
    (z,) = topo.region("entry:Z")
    assert z in hexes
    for h in hexes:
        assert h in topo.region("edge:south") and "rail" in topo.features(h)
        assert int(h[:2]) >= int(z[:2])


def test_14_23_first_five_give_one_vp_each(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3)
    to_phase(match, "soviet/movement", 2)
    match.apply("call-swf 4")
    assert match.state.vp.get("german") == 4
    match.apply("call-swf 1")
    assert match.state.vp.get("german") == 5


def test_14_23_all_ten_swf_divisions_give_15_vp(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3, 3)
    to_phase(match, "soviet/movement", 2)
    events = match.apply("call-swf 5")
    assert [e.data["points"] for e in events if e.kind == "vp"] == [1, 1, 1, 1, 1]
    to_phase(match, "soviet/movement", 3)
    events = match.apply("call-swf 5")
    assert [e.data["points"] for e in events if e.kind == "vp"] == [2, 2, 2, 2, 2]
    assert match.state.vp["german"] == 15
    assert all(e.rule == "PGG 14.23" for e in events if e.kind == "vp")


def test_14_24_no_leader_only_rifle_divisions(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3)
    to_phase(match, "soviet/movement", 2)
    match.apply("call-swf 5")
    called = [u for u in match.units_at(BOX) if u.flags.get("swf")]
    assert len(called) == 5
    assert {match.counter(u)["type"] for u in called} == {"rifle"}
    assert all(match.is_untried(u) for u in called)


def test_14_21_called_divisions_enter_that_turn(tmp_path: Path) -> None:
    """Ruling: 14.21 counts divisions per Game-Turn, so a called division may not be held back:
    it must enter in the phase it is called (as 14.13), else it is lost; its VP stand."""
    match = start(tmp_path, 3, 3)
    to_phase(match, "soviet/movement", 2)
    provisional_uid = waiting(match)[0]
    match.apply(f"move {provisional_uid} {BOX} 1006")
    match.apply("call-swf 1")
    (uid,) = waiting(match)
    refused(match, "end", uid)
    for h in R.swf_hexes(match):
        put(match, "Pz/7Pz" if h == "0512" else ("Pz/12Pz" if h == "0812" else "Pz/20Pz"), h)
    assert match.check("end") is None
    match.apply("end")
    assert uid not in match.state.units
    assert match.state.vp["german"] == 1


def test_14_22_no_call_while_german_units_hold_every_entry(tmp_path: Path) -> None:
    match = start(tmp_path, 3, 3)
    to_phase(match, "soviet/movement", 2)
    for uid, h in zip(["Pz/7Pz", "Pz/12Pz", "Pz/20Pz"], R.swf_hexes(match), strict=True):
        put(match, uid, h)
    refused(match, "call-swf 1", "14.22")


def test_14_14_swf_limited_by_counters(tmp_path: Path) -> None:
    setup = {"a": {"side": "soviet", "units": ["R01"], "at": ["0707"]}}
    match = start(tmp_path, 3, 3, setup=setup, counters=keep_rifles(4))
    to_phase(match, "soviet/movement", 2)  # R01 set up, turn 1 and 2 Provisionals: 1 left
    assert [str(a) for a in match.legal_actions() if a.verb == "call-swf"] == ["call-swf 1"]
    refused(match, "call-swf 2", "14.14")


@pytest.mark.parametrize("n, points", [(1, 1), (5, 1), (6, 2), (10, 2), (11, 0)])
def test_14_23_points_per_division(tmp_path: Path, n: int, points: int) -> None:
    from wargame.games.panzergruppe_guderian import victory

    match = Match(variant(tmp_path), seed=1)
    assert victory.swf_points(match, n) == points


def test_16_1_soviet_schedule_totals_and_no_turn_12(registry: Registry) -> None:
    """16.1: 60 Rifle and 5 Armored Divisions and 10 Leaders from Turn 1 to 11, none on 12."""
    schedule = registry.get("pgg").doc("calendar")["schedule"].values()
    soviet = [e for e in schedule if e["side"] == "soviet"]
    assert sum(e.get("draw", {}).get("rifle", 0) for e in soviet) == 60
    assert sum(e.get("draw", {}).get("armor", 0) for e in soviet) == 5
    assert sum(len(e.get("units", [])) for e in soviet) == 10
    assert max(e["turn"] for e in soviet) == 11
