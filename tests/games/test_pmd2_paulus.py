"""Proud Monster Deluxe part 2: the Paulus Pause (8.10) on the shared paulus-pause mechanic: the
Axis player's choice in each Axis week of turns 114-115 to pause, then after each paused week to
resume fighting or go on (3 weeks at most, ruling PP1), no Axis PA or MA while it lasts (the
Soviet unaffected), and its effect on the GAST once it is over."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import clear_pair, title
from tests.games.pmd_steps import end, to_phase
from wargame.match import Match
from wargame.mechanics import attenuated, paulus
from wargame.testing import clear, put, refused

RULE = "PMD 8.10"
RD = "sov-rd-interior-01"
RESUME = "paulus-resume"


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
    assert sorted(str(a) for a in match.legal_actions()) == ["paulus pause", "paulus press-on"]
    refused(match, "end", "declare the Paulus Pause or press on", rule=RULE)
    refused(match, "paulus pause 2", "usage: paulus pause|press-on", rule=RULE)  # PP1
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
    match.apply("paulus pause")
    assert paulus.in_force(match)
    a, b = clear_pair(match)
    put(match, "ger-id-7", a)
    match.reveal(put(match, RD, b))
    to_phase(match, "axis", "combat")
    refused(match, f"attack {b} with ger-id-7", "Paulus Pause", rule=RULE)
    to_phase(match, "soviet", "combat")
    assert f"attack {a} with {RD}" in {str(x) for x in match.legal_actions()}


def _paused_weeks(match: Match, answers: list[str]) -> list[tuple[int, str, int]]:
    """Answer each pushed decision after a paused week with the next of ``answers``; return
    (turn, week phase, weeks paused) for each."""
    seen = []
    for word in answers:
        to_phase(match, "axis", RESUME)
        assert match.phase is not None and match.decision is not None
        seen.append((match.turn, match.phase.spec.id, match.decision.context["weeks"]))
        match.apply(f"paulus {word}")
    return seen


def _paulus_decisions_until_turn_6(match: Match) -> list[str]:
    """Every Paulus decision met stepping on to turn 6 (declined: pressing on, resuming)."""
    kinds = []
    while match.turn <= 5:
        d = match.decision
        assert d is not None
        if d.kind in ("paulus", RESUME):
            kinds.append(f"{match.turn}:{d.kind}")
        end(match)
    return kinds


def test_the_axis_decides_after_each_paused_week_whether_to_resume_8_10() -> None:
    """8.10: "After a 1 turn Paulus Pause, the Axis may choose to resume fighting": at the start
    of each Axis week after one paused, up to 3 weeks (ruling PP1)."""
    match = _offered()
    match.apply("paulus pause")
    assert paulus.in_force(match) and paulus.length(match) == 1
    to_phase(match, "axis", RESUME)
    d = match.decision
    assert d is not None and d.side == "axis" and match.turn == 3
    assert sorted(str(a) for a in match.legal_actions()) == ["paulus continue", "paulus resume"]
    refused(match, "paulus pause", "usage: paulus resume|continue", rule=RULE)
    refused(match, "end")
    assert paulus.in_force(match) and not paulus.completed(match)  # not over until he says so
    match.apply("paulus continue")
    assert paulus.in_force(match) and paulus.length(match) == 2
    assert all(p["kind"] != RESUME for p in match.state.pending)
    a, b = clear_pair(match)
    put(match, "ger-id-7", a)
    match.reveal(put(match, RD, b))
    to_phase(match, "axis", "combat")  # the second week: still no Axis attacks
    assert match.phase is not None and match.phase.spec.id.startswith("w2-")
    refused(match, f"attack {b} with ger-id-7", "Paulus Pause", rule=RULE)
    assert _paused_weeks(match, ["resume"]) == [(4, "w1-weather", 2)]
    assert not paulus.in_force(match) and paulus.completed(match)
    to_phase(match, "axis", "combat")
    assert match.state.vars.get("paulus_pause_2") and not match.state.vars.get("paulus_pause_1")
    assert attenuated.drm(match, [])[0] == -3
    assert f"attack {b} with ger-id-7" in {str(x) for x in match.legal_actions()}
    # the countdown went with the pause; the record of the one pause stays (no more offers)
    assert match.state.ns("paulus") == {"from": 3, "length": 2}
    assert _paulus_decisions_until_turn_6(match) == []


def test_the_pause_ends_by_itself_after_its_third_week_8_10() -> None:
    match = _offered()
    match.apply("paulus pause")
    weeks = _paused_weeks(match, ["continue", "continue"])
    assert weeks == [(3, "w2-weather", 1), (4, "w1-weather", 2)]
    assert paulus.in_force(match) and paulus.length(match) == 3
    to_phase(match, "axis", "combat")
    assert paulus.in_force(match)  # the third week
    kinds = _paulus_decisions_until_turn_6(match)  # no decision pushed after the third
    assert kinds == [] and paulus.completed(match) and not paulus.in_force(match)
    assert match.state.vars.get("gas_ignored") and attenuated.line_ignored(match)
    assert match.state.ns("paulus") == {"from": 3, "length": 3}


def test_one_week_then_the_gast_roll_is_1_less_8_10() -> None:
    match = _offered()
    match.apply("paulus pause")
    assert _paused_weeks(match, ["resume"]) == [(3, "w2-weather", 1)]
    to_phase(match, "axis", "refit")  # week 2: the pause is over
    assert not paulus.in_force(match) and paulus.completed(match)
    assert match.state.vars.get("paulus_pause_1") and not match.state.vars.get("gas_ignored")
    assert attenuated.drm(match, [])[0] == -1
    assert match.state.ns("paulus") == {"from": 3, "length": 1}


def test_declared_in_the_last_week_offered_it_runs_on_past_turn_115_8_10() -> None:
    match = _offered()
    match.apply("paulus press-on")
    for _ in range(2):
        to_phase(match, "axis", "paulus")
        match.apply("paulus press-on")
    to_phase(match, "axis", "paulus")  # the fourth and last offer
    assert match.turn == 4 and match.phase is not None and match.phase.spec.id == "w2-paulus"
    match.apply("paulus pause")
    assert _paused_weeks(match, ["continue", "resume"]) == [
        (5, "w1-weather", 1),
        (5, "w2-weather", 2),
    ]
    assert paulus.completed(match) and paulus.length(match) == 2


def test_pressing_on_changes_nothing_8_10() -> None:
    match = _offered()
    match.apply("paulus press-on")
    assert not paulus.in_force(match)
    _next_week(match)
    assert not any(match.state.vars.get(v) for v in ("paulus_pause_1", "gas_ignored"))
