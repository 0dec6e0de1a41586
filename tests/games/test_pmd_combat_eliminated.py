"""Where Proud Monster Deluxe's eliminated units go (13.13, 13.14)."""

from __future__ import annotations

from functools import cache

import pytest

from wargame.games.proud_monster_deluxe import eliminated, plugin
from wargame.match import Match
from wargame.plugins import Title, discover
from wargame.testing import put


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _gone(uid: str, turn_label: str = "113") -> tuple[Match, str]:
    match = Match(_title(), "1941-historical", 1)
    turns = match.title.doc("calendar")["turns"]
    match.state.cursor.turn = next(int(k) for k, t in turns.items() if t["label"] == turn_label)
    unit = put(match, uid, "0922")
    if match.is_untried(unit):
        match.reveal(unit)
    match.eliminate(unit, "test")
    found = [k for k, v in match.state.ns("eliminated").items() if isinstance(v, list) and uid in v]
    assert len(found) == 1
    return match, found[0]


@pytest.mark.parametrize(
    ("uid", "where"),
    [
        ("rom-id-1", "removed"),  # a minor ally: black box
        ("ger-mib-gd", "removed"),  # a German brigade: black box
        ("ger-hpbn-501", "replacement-army"),  # the 2-2-9 HPBn
        ("ger-id-7", "replacement-army"),  # a German division in supply
    ],
)
def test_eliminated_axis_units_13_13(uid: str, where: str) -> None:
    assert _gone(uid)[1] == where


def test_a_german_division_eliminated_out_of_supply_goes_to_the_dead_pile_13_13() -> None:
    """13.13 with ruling E1: its supply as it stood when eliminated (the kernel's ``before``):
    deep in Russia with no supply line it goes to the Dead Pile; one in supply does not."""
    match = Match(_title(), "1941-historical", 1)
    far = put(match, "ger-id-7", "4120")  # Moscow: no Axis supply line reaches it in 1941
    match.eliminate(far, "test")
    near = match.state.units["ger-id-8"]
    assert near.loc is not None and match.hook.wargame_supply(match=match, unit=near)["state"] == (
        "supplied"
    )
    match.eliminate(near, "test")
    record = match.state.ns("eliminated")
    assert record["dead-pile"] == ["ger-id-7"] and record["replacement-army"] == ["ger-id-8"]


def test_first_six_mech_and_six_leg_divisions_after_210_go_to_stalingrad_13_13() -> None:
    match = Match(_title(), "1941-historical", 1)
    turns = match.title.doc("calendar")["turns"]
    match.state.cursor.turn = next(int(k) for k, t in turns.items() if t["label"] == "211")
    ids = [u.id for u in match.state.units.values() if match.counter(u)["type"] == "id"][:7]
    for uid in ids:
        match.eliminate(match.state.units[uid], "test")
    record = match.state.ns("eliminated")
    assert record["stalingrad-pool"] == ids[:6] and record["replacement-army"] == ids[6:]


@pytest.mark.parametrize(
    ("uid", "where"),
    [
        ("sov-rd-interior-01", "rd-pool"),
        ("sov-cd-interior-01", "cd-pool"),
        ("sov-td-interior-01", "removed"),
        ("sov-mrd-interior-01", "removed"),
    ],
)
def test_eliminated_soviet_units_13_14(uid: str, where: str) -> None:
    assert _gone(uid)[1] == where


def test_an_eliminated_rd_is_untried_again_and_its_face_back_in_the_pool_13_14() -> None:
    match = Match(_title(), "1941-historical", 1)
    rd = put(match, "sov-rd-interior-01", "0922")
    before = sum(match.state.pools["rd"])
    match.reveal(rd)
    assert sum(match.state.pools["rd"]) == before - 1
    match.eliminate(rd, "test")
    assert match.is_untried(rd) and sum(match.state.pools["rd"]) == before
    assert eliminated.destination(match, rd) == "rd-pool"
