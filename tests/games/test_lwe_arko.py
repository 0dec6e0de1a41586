"""Land Without End's ArKo (8.4, 11.26, R23): it enters at the German's choice at a German-held
Soviet town in supply; it attacks with 3d6 capped at the other German-side factors, only in a
prepared assault, in supply and stacked with another German-side unit; it defends at 1 and never
advances."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import advance_to, clear_pair, new_match
from wargame.actions import Action
from wargame.games.land_without_end import arko
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.testing import clear, force_rolls, put, refused

RULE = "LWE 11.26"
ENTRY = PhaseSpec(id="entry", name="German New Unit Entry Phase", kind="auto")


@pytest.fixture
def match() -> Match:
    m = new_match()
    advance_to(m, "german", "combat")
    clear(m)
    return m


def battle(match: Match, *others: str) -> tuple[str, str]:
    a, b = clear_pair(match)
    match.state.control[a] = "german"
    put(match, "ger-arko", a)
    for uid in others:
        put(match, uid, a)
    put(match, "sov-rd-10", b)
    return a, b


def test_three_dice_capped_at_the_other_german_factors_11_26(match: Match) -> None:
    """R23: 15 on 3d6 with a 3-factor infantry division adds 3 (6 against 2)."""
    _a, b = battle(match, "ger-inf-1")
    force_rolls(match, 15, only=RULE)
    events = match.apply(f"attack {b} with ger-arko,ger-inf-1")
    text = " ".join(e.text for e in events)
    assert "6 vs 2" in text and "capped at the other attackers' 3" in text


def test_three_dice_below_the_cap_count_in_full_11_26(match: Match) -> None:
    _a, b = battle(match, "ger-inf-1", "ger-inf-6")
    force_rolls(match, 4, only=RULE)
    events = match.apply(f"attack {b} with ger-arko,ger-inf-1,ger-inf-6")
    assert "10 vs 2" in " ".join(e.text for e in events)  # 3 + 3 + 4


def test_arko_never_attacks_alone_nor_out_of_supply_11_26(match: Match) -> None:
    _a, b = battle(match)
    refused(match, f"attack {b} with ger-arko", "never attack alone")
    put(match, "ger-inf-1", _a)
    match.state.units["ger-arko"].flags["oos"] = True
    match.touch()
    refused(match, f"attack {b} with ger-arko,ger-inf-1", "only in supply", rule=RULE)


def test_arko_defends_at_one_and_never_advances_11_26(match: Match) -> None:
    a, _b = battle(match, "ger-inf-1")
    unit = match.state.units["ger-arko"]
    assert match.unit_values(unit)["defense"] == 1
    why = arko.wargame_veto(match, match.decision, Action("advance", ("ger-arko,ger-inf-1", a)))  # type: ignore[arg-type]
    assert why is not None and RULE in why
    assert arko.wargame_veto(match, match.decision, Action("advance", ("ger-inf-1", a))) is None  # type: ignore[arg-type]


def test_arko_enters_a_german_held_soviet_town_in_supply_at_his_choice_8_4(match: Match) -> None:
    town = "1715"  # Grodno, a USSR large town near the border
    assert town not in arko.entry_hexes(match)  # Soviet-held
    match.state.control[town] = "german"
    match.touch()
    assert town in arko.entry_hexes(match)
    arko.offer_entry(match, ENTRY)
    assert match.decision is not None and match.decision.kind == "arko"
    refused(match, "arko enter 4618", "German-held Soviet town", rule="LWE 8.4")
    match.apply(f"arko enter {town}")
    assert match.state.units["ger-arko"].loc == town
    arko.offer_entry(match, ENTRY)  # in play: never asked again
    assert match.decision is not None and match.decision.kind != "arko"


def test_arko_may_wait_8_4(match: Match) -> None:
    match.state.control["1715"] = "german"
    match.touch()
    arko.offer_entry(match, ENTRY)
    match.apply("arko wait")
    assert arko.waiting(match) and match.decision is not None and match.decision.kind != "arko"


def test_withdrawals_are_asked_before_the_arko_8_12_8_4(match: Match) -> None:
    """8.12: withdrawals are the first activity of the German New Unit Entry Phase."""
    from wargame.games.land_without_end import withdrawals

    match.state.control["1715"] = "german"
    put(match, "ger-inf-1", "1715")
    match.state.cursor.turn = 14  # one infantry division called for (stand-in table)
    match.touch()
    arko.offer_entry(match, ENTRY)
    withdrawals.call_withdrawals(match, ENTRY)
    assert match.decision is not None and match.decision.kind == "withdrawal"
    match.apply("withdraw decline")
    assert match.decision is not None and match.decision.kind == "arko"
