"""Proud Monster Deluxe 9.2: reorganization in the Refit Phase."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import eliminated
from wargame.testing import put, refused


def test_t26_two_1_step_grds_make_one_of_2_steps_the_other_to_the_tried_pool_9_2() -> None:
    match = p9.refit("soviet")
    hex_ = p9.quiet_hex(match)
    a, b = put(match, "sov-grd-1", hex_), put(match, "sov-grd-2", hex_)
    a.step = b.step = 1
    match.touch()
    assert "reorganize sov-grd-2 sov-grd-1" in p9.legal(match)
    match.apply("reorganize sov-grd-2 sov-grd-1")
    assert a.step == 0 and a.loc == hex_ and not a.flags.get("refit")  # Leg: no marker
    assert b.loc is None and "sov-grd-2" in eliminated._ns(match)[eliminated.TRIED_POOL]


def test_only_same_type_multi_step_units_stacked_together_9_2() -> None:
    match = p9.refit("soviet")
    hex_ = p9.quiet_hex(match)
    grd = put(match, "sov-grd-1", hex_)
    grd.step = 1
    put(match, "sov-rd-kovo-01", hex_)
    refused(
        match, "reorganize sov-rd-kovo-01 sov-grd-1", "same nationality and type", rule="PMD 9.2"
    )
    other = put(match, "sov-grd-2", match.topology.neighbours(hex_)[0])
    refused(match, f"reorganize {other.id} sov-grd-1", "not stacked together", rule="PMD 9.2")
    put(match, other.id, hex_)
    grd.step = 0
    match.touch()
    refused(match, f"reorganize {other.id} sov-grd-1", "full strength", rule="PMD 9.2")


def test_leg_units_reorganize_next_to_the_enemy_mech_units_not_9_2() -> None:
    match = p9.refit("axis")
    hex_ = p9.quiet_hex(match)
    put(match, "sov-rd-kovo-01", match.topology.neighbours(hex_)[0])
    pd4, pd3 = put(match, "ger-pd-4", hex_), put(match, "ger-pd-3", hex_)
    id7, id23 = put(match, "ger-id-7", hex_), put(match, "ger-id-23", hex_)
    pd4.step = pd3.step = id7.step = id23.step = 1
    match.touch()
    refused(match, "reorganize ger-pd-3 ger-pd-4", "next to an enemy unit", rule="PMD 9.2")
    match.apply("reorganize ger-id-7 ger-id-23")
    assert id23.step == 0 and id7.step == 2 and not id23.flags.get("refit")


def test_a_mech_reorganization_takes_the_refit_marker_until_cleanup_9_2() -> None:
    match = p9.refit("axis")
    hex_ = p9.quiet_hex(match)
    pd4, pd3 = put(match, "ger-pd-4", hex_), put(match, "ger-pd-3", hex_)
    pd4.step = pd3.step = 1
    match.touch()
    match.apply("reorganize ger-pd-3 ger-pd-4")
    assert pd4.step == 0 and pd3.step == 2 and pd4.flags.get("refit") and pd3.flags.get("refit")
    end(match)  # to the Initial Movement Phase: neither moves
    assert not any(a.verb == "move" for a in match.legal_for("ger-pd-4"))
    while match.decision is not None and match.decision.phase.startswith("axis/w1"):
        end(match)
    assert not pd4.flags.get("refit") and not pd3.flags.get("refit")


def test_never_in_a_jointly_occupied_hex_9_2() -> None:
    match = p9.refit("axis")
    hex_ = p9.quiet_hex(match)
    id7, id23 = put(match, "ger-id-7", hex_), put(match, "ger-id-23", hex_)
    id7.step = id23.step = 1
    put(match, "sov-rd-kovo-01", hex_)
    refused(match, "reorganize ger-id-7 ger-id-23", "jointly-occupied", rule="PMD 9.2")


def test_only_in_the_refit_phase_9_2() -> None:
    match = p9.soviet_part()
    hex_ = p9.quiet_hex(match)
    a, b = put(match, "sov-grd-1", hex_), put(match, "sov-grd-2", hex_)
    a.step = b.step = 1
    match.touch()
    refused(match, "reorganize sov-grd-2 sov-grd-1", "not a choice now")
