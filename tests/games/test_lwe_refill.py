"""Land Without End's German non-mechanized replacements (8.6, R8): 14 steps a game, one flips a
reduced German non-mech division in supply back to full, the German's pick, in his New Unit Entry
Phase; none for mech divisions, satellites or units out of supply."""

from __future__ import annotations

from tests.games.lwe_helpers import german_movement  # noqa: F401 (the match fixture)
from wargame.games.land_without_end import refill
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.testing import put, refused

RULE = "LWE 8.6"
ENTRY = PhaseSpec(id="entry", name="German New Unit Entry Phase", kind="auto")


def test_fourteen_steps_a_game_8_6(match: Match) -> None:
    assert refill.total(match) == 14 and refill.left(match) == 14


def test_german_refills_a_reduced_infantry_division_of_his_choice_8_6(match: Match) -> None:
    inf = put(match, "ger-inf-1", "1019")
    other = put(match, "ger-inf-6", "1019")
    inf.step = other.step = 1
    refill.offer(match, ENTRY)
    assert match.decision is not None and match.decision.kind == "refill"
    assert {str(a) for a in match.legal_actions()} == {
        "refill ger-inf-1",
        "refill ger-inf-6",
        "refill done",
    }
    match.apply("refill ger-inf-6")
    assert other.step == 0 and inf.step == 1 and refill.left(match) == 13
    match.apply("refill done")  # he may stop: ger-inf-1 stays reduced
    assert inf.step == 1 and match.decision is not None and match.decision.kind == "movement"


def test_no_steps_for_mech_satellites_or_units_out_of_supply_8_6(match: Match) -> None:
    pz = put(match, "ger-pz-1", "1019")
    inf = put(match, "ger-inf-1", "1020")
    pz.step = inf.step = 1
    inf.flags["oos"] = True
    match.touch()
    assert refill.candidates(match) == []
    inf.flags.pop("oos")
    refill.offer(match, ENTRY)
    refused(match, "refill ger-pz-1", "non-mechanized division", rule=RULE)


def test_spent_pool_offers_nothing_more_8_6(match: Match) -> None:
    inf = put(match, "ger-inf-1", "1019")
    inf.step = 1
    match.state.ns(refill.NS)["used"] = 14
    refill.offer(match, ENTRY)
    assert match.decision is not None and match.decision.kind == "movement"  # nothing asked
