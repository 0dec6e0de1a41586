"""Land Without End's Soviet replacements (8.7-8.9: the 13 centres, R9, D17, the ICA's 5 steps,
R10), RP divisions (8.10, R11) and Stavka Directive No. 1 (8.14, R12)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, new_match
from wargame.games.land_without_end import replacements
from wargame.match import Match
from wargame.testing import put, refused


@pytest.fixture
def match() -> Match:
    """GT2's Soviet New Unit Entry Phase, his replacement decision open (13 centres x 2)."""
    m = new_match()
    advance_to(m, "soviet", "replacements", turn=2)
    return m


def centres(match: Match) -> list[str]:
    return sorted(replacements.table(match)["centres"])


def test_rates_by_turn_8_7_8_8() -> None:
    """R9: 0 on GT1, 2 from GT2, 3, 4, 5, 6, 7, 8 on GT22."""
    m = new_match()
    got = {}
    for turn in (1, 2, 3, 4, 6, 9, 10, 14, 18, 21, 22):
        m.state.cursor.turn = turn
        got[turn] = replacements.rate(m)
    assert got == {1: 0, 2: 2, 3: 2, 4: 3, 6: 4, 9: 4, 10: 5, 14: 6, 18: 7, 21: 7, 22: 8}


def test_thirteen_centres_each_give_the_rate_when_soviet_and_supplied_8_7(match: Match) -> None:
    assert len(centres(match)) == 13
    assert replacements.points(match) == 26
    assert replacements.working_centres(match) == centres(match)


def test_a_german_held_centre_gives_nothing_8_7(match: Match) -> None:
    """D17's first half: GT6, five centres Soviet and supplied: 4 x 5 = 20 points."""
    match.state.cursor.turn = 6
    for h in centres(match)[5:]:
        match.state.control[h] = "german"
    match.touch()
    assert replacements.rate(match) * len(replacements.working_centres(match)) == 20


def test_points_beyond_the_eligible_dead_are_lost_8_7_d17(match: Match) -> None:
    """D17: 20 points and 12 eligible dead: 12 return, the other 8 lapse."""
    for unit in replacements.dead(match):
        unit.flags["eliminated"] = False  # keep exactly twelve in the dead pile
        unit.flags.pop("eliminated")
    rifles = [u for u in match.units_of("soviet") if match.counter(u)["type"] == "rifle"][:12]
    for unit in rifles:
        match.eliminate(unit)
    match.state.ns(replacements.NS)["points"] = 20
    town = replacements.entry_hexes(match)[0]
    events = []
    for unit in rifles:
        events = match.apply(f"reclaim {unit.id} {town}")
    assert all(match.state.units[u.id].loc == town for u in rifles)
    assert match.decision is None or match.decision.kind != "replacements"
    assert replacements.points(match) == 0
    assert any("8 Soviet replacement points lapse" in e.text for e in events)


def test_only_rifle_mountain_and_regular_cavalry_return_8_7(match: Match) -> None:
    nkvd = put(match, "sov-nkvd-1", "4618")
    match.eliminate(nkvd)
    town = replacements.entry_hexes(match)[0]
    refused(match, f"reclaim {nkvd.id} {town}", "not an eliminated rifle division", rule="LWE 8.7")


def test_replacements_enter_only_supplied_soviet_large_towns_and_cities_8_7(match: Match) -> None:
    unit = replacements.dead(match)[0]
    small = next(
        h
        for h, side in sorted(match.state.control.items())
        if side == "soviet" and "small-town" in match.topology.features(h)
    )
    refused(match, f"reclaim {unit.id} {small}", "large towns and cities", rule="LWE 8.7")
    town = replacements.entry_hexes(match)[0]
    match.apply(f"reclaim {unit.id} {town}")
    assert match.state.units[unit.id].loc == town and replacements.points(match) == 25


def test_unused_points_lapse_when_he_is_done_8_7(match: Match) -> None:
    match.apply("replacements done")
    assert replacements.points(match) == 0
    assert "points" not in match.state.ns(replacements.NS)


def test_ica_restored_for_five_points_in_a_coastal_town_8_9(match: Match) -> None:
    """R10: reduced at the start of the phase and in a Black Sea or Azov coastal town."""
    ica = put(match, "sov-ica", "2141")
    ica.step = 1
    match.state.ns(replacements.NS)["ica_reduced"] = True
    match.apply("replenish sov-ica")
    assert ica.step == 0 and replacements.points(match) == 21
    assert "ica_reduced" not in match.state.ns(replacements.NS)  # once a phase


def test_ica_not_restored_inland_nor_unless_reduced_at_the_start_8_9(match: Match) -> None:
    ica = put(match, "sov-ica", "2529")  # Kiev: no coast
    ica.step = 1
    match.state.ns(replacements.NS)["ica_reduced"] = True
    refused(match, "replenish sov-ica", "coastal town", rule="LWE 8.9")
    put(match, "sov-ica", "2141")
    match.state.ns(replacements.NS)["ica_reduced"] = False  # reduced only after the phase began
    refused(match, "replenish sov-ica", "reduced at the start", rule="LWE 8.9")


def test_eliminated_rifle_corps_puts_rp_divisions_in_the_dead_pile_8_10() -> None:
    """R11: as many RP divisions as its combat factor; the 65th (1-3) none."""
    m = new_match()
    corps = m.state.units["sov-rc-1"]
    k = int(m.unit_values(corps)["combat"])
    before = set(replacements.rp_pool(m))
    m.eliminate(corps)
    drawn = before - set(replacements.rp_pool(m))
    assert len(drawn) == k == 3
    assert all(m.state.units[c].flags.get("eliminated") for c in drawn)
    assert all(replacements.eligible(m, m.state.units[c]) for c in drawn)
    left = set(replacements.rp_pool(m))
    m.eliminate(m.state.units["sov-rc-65"])
    assert set(replacements.rp_pool(m)) == left


def test_stavka_directive_1_turns_corps_into_rp_divisions_8_14() -> None:
    """R12: each rifle corps on the map becomes as many RP divisions in its hex as its combat
    factor (the 65th none, ruling RE1); it is gone for good, not in the dead pile."""
    m = new_match()
    corps = [u for u in m.units_of("soviet") if m.counter(u)["type"] == "rifle-corps" and u.loc]
    where = {u.id: (u.loc, int(m.unit_values(u)["combat"])) for u in corps}
    before = {loc: len(m.units_at(loc)) for loc, _ in where.values()}
    replacements.disband_corps(m)
    for uid in where:
        unit = m.state.units[uid]
        assert unit.loc is None and unit.flags == {"disbanded": True}
        assert not replacements.eligible(m, unit)
    grown = {loc: len(m.units_at(loc)) - before[loc] + 0 for loc in before}
    expected: dict[str, int] = {}
    for uid, (loc, k) in where.items():
        expected[loc] = expected.get(loc, 0) - 1 + (0 if uid in replacements.HQ_ONLY else k)
    assert grown == expected
    assert "sov-rc-65" in where


def test_stavka_directive_1_happens_at_the_start_of_gt6_not_before_8_14() -> None:
    """About 3 s: GT1-5 are played (every choice passed) to reach the turn."""
    m = new_match()
    advance_to(m, "german", "order", turn=5)
    assert not m.state.ns(replacements.NS).get("stavka-1")
    assert any(m.counter(u)["type"] == "rifle-corps" and u.loc for u in m.units_of("soviet"))
    advance_to(m, "german", "movement", turn=6)
    assert m.state.ns(replacements.NS).get("stavka-1")
    assert not any(m.counter(u)["type"] == "rifle-corps" and u.loc for u in m.units_of("soviet"))


def test_entry_towns_and_centres_need_a_line_even_under_dd3_7_8_8_7(match: Match) -> None:
    """7.8: while DD3 supplies every Soviet unit on the map, the hexes new units enter (and the
    centres that give them) still need a line of their own (ruling RE6)."""
    from wargame.games.land_without_end import dd3

    assert dd3.in_effect(match)
    centre = next(
        h for h in centres(match) if not match.topology.attrs(h).get("coast")
    )  # coastal towns are always supplied (7.10)
    assert centre in replacements.entry_hexes(match)
    ring = ("ger-inf-1", "ger-inf-5", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9")
    for uid, n in zip(ring, match.topology.neighbours(centre), strict=False):
        put(match, uid, n)
    assert centre not in replacements.entry_hexes(match)
    assert centre not in replacements.working_centres(match)
