"""Proud Monster Deluxe 11.3 with 9.1.3, 9.1.4 and 9.5.3: which RVGK area an arrival waits in,
and stays in when left unplaced, is the Soviet player's choice (ruling RV5)."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end, to_phase
from wargame.games.proud_monster_deluxe import reinforce, replacements, rvgk
from wargame.match import Match
from wargame.testing import force_rolls, put, refused

NORTH, SOUTH = rvgk.AREAS["north"], rvgk.AREAS["south"]


def _place_all_but(match: Match, keep: set[str]) -> None:
    """Place arrivals not in ``keep`` until those left keep to 11.3's limits (ruling RF2)."""
    while match.check("end") is not None:
        place = next(
            a
            for unit in reinforce.placing(match)
            if unit.id not in keep
            for a in match.legal_for(unit.id, "place")
        )
        match.apply(place)


def _arrivals() -> tuple[Match, str, str, str]:
    """Turn 114's Soviet part with a scheduled arrival, a TB of the pool and a rebuilt RD
    waiting to be placed."""
    match = p9.soviet_part()
    match.state.vars["tb_pool"] = 1
    force_rolls(match, 10, only="PMD 9.1.4")
    p9.reinforcement_phase(match, 114)
    tb = next(u for u in reinforce.placing(match) if match.counter(u)["type"] == "tb")
    rd = match.state.units["sov-rd-kovo-01"]
    match.eliminate(rd, "test")
    replacements.points(match, "soviet").update(lrp=3, mrp=0)
    match.apply(f"rebuild {rd.id} 1 0")
    scheduled = next(
        u for u in reinforce.placing(match) if u.id not in (tb.id, rd.id) and u.loc == NORTH
    )
    return match, scheduled.id, tb.id, rd.id


def test_the_soviet_picks_the_rvgk_area_an_unplaced_arrival_rebuild_or_tb_waits_in_11_3_9_1_3() -> (
    None
):
    match, scheduled, tb, rebuilt = _arrivals()
    units = match.state.units
    assert units[tb].loc == NORTH and units[rebuilt].loc == NORTH  # the defaults (RV5)
    waiting = reinforce.placing(match)
    # one choice per waiting arrival, the other area; the listing and the check agree
    assert set(match.actors("rvgk")) == {u.id for u in waiting}
    for unit in waiting:
        other = SOUTH if unit.loc == NORTH else NORTH
        assert [str(a) for a in match.legal_for(unit.id, "rvgk")] == [f"rvgk {unit.id} {other}"]
        assert match.check(f"rvgk {unit.id} {other}") is None
        refused(match, f"rvgk {unit.id} {unit.loc}", "already waits", rule="PMD 11.3")
    refused(match, f"rvgk {tb} 4120", "not an RVGK area", rule="PMD 11.3")
    refused(match, f"place {tb} {SOUTH}", f"rvgk {tb} {SOUTH}", rule="PMD 11.3")
    for uid in (scheduled, tb, rebuilt):
        events = match.apply(f"rvgk {uid} {SOUTH}")
        assert units[uid].loc == SOUTH and units[uid].flags.get("placing")
        assert all(e.data.get("hidden_from") == ["axis"] for e in events if e.kind == "rvgk")
    match.apply(f"rvgk {scheduled} {NORTH}")  # he may change his mind before the part ends
    match.apply(f"rvgk {scheduled} {SOUTH}")
    assert rvgk.moved_points(match) == 0  # not yet gone in (RF2)
    # one he leaves alone stays in the area it arrived in
    default = next(u for u in reinforce.placing(match) if u.id not in (scheduled, tb, rebuilt))
    where = default.loc
    # the one moved south may still be placed on the map instead (9.1.3)
    assert any(a.verb == "place" for a in match.legal_for(scheduled))
    # not an Axis unit, nor a Soviet unit already in an area (no arrival)
    axis = next(u for u in match.units_of("axis") if u.loc is not None)
    refused(match, f"rvgk {axis.id} {SOUTH}", "only Soviet units", rule="PMD 11.3")
    held = put(match, "sov-rd-interior-20", NORTH)
    refused(match, f"rvgk {held.id} {SOUTH}", "not an arrival waiting", rule="PMD 11.3")
    match.place(held, None)
    match.touch()
    keep = {scheduled, tb, rebuilt, default.id}
    _place_all_but(match, keep)
    end(match)
    assert {units[u].loc for u in (scheduled, tb, rebuilt)} == {SOUTH}
    assert units[default.id].loc == where
    assert not any(units[u].flags.get("placing") for u in keep)
    # outside the Soviet part: the Axis part, then his Refit Phase (no move between the areas
    # before turn 203)
    assert match.decision is not None and match.decision.side == "axis"
    refused(match, f"rvgk {tb} {NORTH}", "Soviet player's", rule="PMD 11.3")
    to_phase(match, "soviet", "refit")
    assert rvgk.ynn(match) < 203
    refused(match, f"rvgk {tb} {NORTH}", "only from turn 203", rule="PMD 11.3")
