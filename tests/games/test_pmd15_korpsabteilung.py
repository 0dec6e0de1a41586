"""Proud Monster Deluxe's German Korps Abteilung units (15.19)."""

from __future__ import annotations

from tests.games.pmd_steps import end
from wargame.games.proud_monster_deluxe import eliminated, plugin
from wargame.games.proud_monster_deluxe.datagen.build import turns
from wargame.match import Match
from wargame.plugins import discover
from wargame.testing import refused

GAME = {y: i for i, y in enumerate(turns(), start=1)}
IDS = ["ger-id-23", "ger-id-7", "ger-id-15", "ger-id-28"]


def _axis_part(ynn: int) -> Match:
    title = discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")
    match = Match(title, "1941-historical", 1)
    while match.turn == 1:
        end(match)
    end(match)  # the Soviet part of the Reinforcement Phase
    assert match.decision is not None and match.decision.phase == "turn/axis-reinforcement"
    for uid in IDS:  # in supply on turn 113: the Replacement Army (13.13)
        match.eliminate(match.state.units[uid], "test")
    match.state.cursor.turn = GAME[ynn]
    match.touch()
    return match


def _to_dead_pile(match: Match, uid: str) -> None:
    ns = eliminated._ns(match)
    ns[eliminated.REPLACEMENT_ARMY].remove(uid)
    ns.setdefault(eliminated.DEAD_PILE, []).append(uid)
    match.touch()


def test_a_ka_is_formed_from_three_dead_pile_divisions_from_turn_314_15_19() -> None:
    match = _axis_part(313)
    for uid in IDS[:3]:
        _to_dead_pile(match, uid)
    three = ",".join(IDS[:3])
    refused(match, f"ka {three}", "from turn 314", rule="PMD 15.19")
    match.state.cursor.turn = GAME[314]
    match.touch()
    assert f"ka {three}" in {str(a) for a in match.legal_actions()}
    refused(
        match,
        f"ka {IDS[0]},{IDS[1]},{IDS[3]}",
        "only when the Dead Pile has too few",
        rule="PMD 15.19",
    )
    match.apply(f"ka {three}")
    ka = match.state.units["ger-ka-1"]
    assert ka.loc == "box:okh-north"
    ns = eliminated._ns(match)
    assert set(IDS[:3]) <= set(ns[eliminated.REMOVED]) and not ns[eliminated.DEAD_PILE]
    match.eliminate(ka, "test")  # 15.19: a destroyed KA is removed from play
    assert "ger-ka-1" in ns[eliminated.REMOVED]


def test_the_replacement_army_makes_up_what_the_dead_pile_lacks_15_19() -> None:
    match = _axis_part(314)
    _to_dead_pile(match, IDS[0])
    refused(
        match,
        f"ka {IDS[1]},{IDS[2]},{IDS[3]}",
        "only when the Dead Pile has too few",
        rule="PMD 15.19",
    )
    match.apply(f"ka {IDS[0]},{IDS[1]},{IDS[2]}")
    assert (
        "ger-ka-1" in match.state.units
        and IDS[3] in eliminated._ns(match)[eliminated.REPLACEMENT_ARMY]
    )
