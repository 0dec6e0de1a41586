"""Proud Monster Deluxe part 2: the Paulus Pause (8.10) on the shared paulus-pause mechanic: the
Axis player's choice in each Axis week of turns 114-115 of a 1-, 2- or 3-week pause, no Axis PA
or MA while it lasts (the Soviet unaffected), and its effect on the GAST once it is over."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import clear_pair, title
from tests.games.pmd_steps import end, to_phase
from wargame.match import Match
from wargame.mechanics import attenuated, paulus
from wargame.testing import clear, put, refused

RULE = "PMD 8.10"
RD = "sov-rd-interior-01"


def _offered() -> Match:
    """The first Paulus Pause decision: turn 114's first Axis week, the map empty."""
    match = Match(title(), "1941-historical", 1)
    match.apply("concentration pass")
    clear(match)
    to_phase(match, "axis", "paulus")
    return match


def _next_week(match: Match) -> None:
    """On to the next Axis week's Refit Phase."""
    to_phase(match, "axis", "refit")
    end(match)
    to_phase(match, "axis", "refit")


def test_offered_in_each_axis_week_of_turns_114_and_115_only_8_10() -> None:
    match = _offered()
    assert match.turn == 3 and match.phase is not None and match.phase.spec.id == "w1-paulus"
    assert sorted(str(a) for a in match.legal_actions()) == [
        "paulus pause 1",
        "paulus pause 2",
        "paulus pause 3",
        "paulus press-on",
    ]
    refused(match, "end", "declare the Paulus Pause or press on", rule=RULE)
    refused(match, "paulus pause 4", "usage: paulus pause N|press-on", rule=RULE)
    seen = []
    while match.turn <= 5:
        d = match.decision
        assert d is not None
        if d.kind == "paulus":
            seen.append((match.turn, match.phase.spec.id if match.phase else None))
        end(match)
    assert seen == [(3, "w1-paulus"), (3, "w2-paulus"), (4, "w1-paulus"), (4, "w2-paulus")]


def test_no_axis_pa_or_ma_while_it_lasts_the_soviet_unaffected_8_10() -> None:
    match = _offered()
    match.apply("paulus pause 1")
    assert paulus.in_force(match)
    a, b = clear_pair(match)
    put(match, "ger-id-7", a)
    match.reveal(put(match, RD, b))
    to_phase(match, "axis", "combat")
    refused(match, f"attack {b} with ger-id-7", "Paulus Pause", rule=RULE)
    to_phase(match, "soviet", "combat")
    assert f"attack {a} with {RD}" in {str(x) for x in match.legal_actions()}


def test_one_week_then_the_gast_roll_is_1_less_8_10() -> None:
    match = _offered()
    match.apply("paulus pause 1")
    _next_week(match)  # week 2: the pause is over
    assert not paulus.in_force(match) and paulus.completed(match)
    assert match.state.vars.get("paulus_pause_1") and not match.state.vars.get("gas_ignored")
    assert attenuated.drm(match, [])[0] == -1


def test_two_weeks_then_3_less_three_weeks_and_no_gast_8_10() -> None:
    match = _offered()
    match.apply("paulus pause 2")
    _next_week(match)
    assert paulus.in_force(match) and not match.state.vars.get("paulus_pause_2")
    _next_week(match)
    assert match.state.vars.get("paulus_pause_2") and attenuated.drm(match, [])[0] == -3
    three = _offered()
    three.apply("paulus pause 3")
    for _ in range(3):
        _next_week(three)
    assert three.state.vars.get("gas_ignored") and attenuated.line_ignored(three)


def test_pressing_on_changes_nothing_8_10() -> None:
    match = _offered()
    match.apply("paulus press-on")
    assert not paulus.in_force(match)
    _next_week(match)
    assert not any(match.state.vars.get(v) for v in ("paulus_pause_1", "gas_ignored"))
