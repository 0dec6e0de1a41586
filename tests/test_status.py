"""``wargame status`` lines: the turn as a player reads it (date, weather, phase), a title's own
lines, only the statuses a player tracks, and supply as a short table."""

from __future__ import annotations

from tests.games.dc_helpers import title as dc_title
from tests.games.dc_helpers import to_phase
from tests.games.pgg_helpers import at_phase
from wargame import status
from wargame.games.panzergruppe_guderian import combat as pgg_combat
from wargame.games.panzergruppe_guderian import interdiction as pgg_interdiction
from wargame.games.panzergruppe_guderian import movement as pgg_movement
from wargame.games.panzergruppe_guderian import status as pgg_status
from wargame.match import Battle, Match
from wargame.plugins import Registry, Title


def heads(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith("  ")]


def test_dark_crusade_turn_line_air_replacements_and_the_battle() -> None:
    """Turn 2 is July 1941 with its weather (DC 6.0, 7.A); German air left of the turn's
    allowance (7.A, 14.B.4); saved replacement points (8.A.1.a); each side's points against the
    victory chart (2.B.1.a, campaign versions have none); a battle in progress with its round
    (13.0)."""
    match = to_phase(Match(dc_title(), "campaign", seed=1), "axis", "reinforcement", 2)
    text = heads(status.lines(match, None, "now", "not decided yet"))
    weather = match.state.vars["weather"]["weather"]
    assert text[0] == (
        f"Turn 2 of {match.scenario['last_turn']} \u00b7 July 1941 \u00b7 weather: {weather} \u00b7 "
        "Axis Replacement/Reinforcement Phase"
    )
    assert any(line.startswith("German air: ") and "free this turn" in line for line in text)
    assert any(line.startswith("German replacement points saved: infantry ") for line in text)
    assert not any("victory points: home" in line for line in text)  # no chart in a campaign
    assert not any(" battle at " in line or line.startswith("battle at") for line in text)

    fight = Match(dc_title(), "tournament", seed=1941)
    for action in ("end", "end", "move ger-47 brest", "move ger-7 brest", "end", "fight brest"):
        fight.apply(action)
    lines = heads(status.lines(fight, None, "now", "-"))
    (battle,) = [line for line in lines if line.startswith("battle at brest")]
    assert "round 0" in battle and "axis attacking with 2" in battle
    assert any(line.startswith("axis victory points: home ") for line in lines)
    assert any(line.startswith("soviet victory points: home ") for line in lines)


def test_only_the_statuses_a_player_tracks_are_listed(hexland: Title) -> None:
    """Bookkeeping flags (set-up tags, movement points spent, last turn's attacks) stay in
    --json; the statuses the title marks on its counters are shown."""
    match = Match(hexland)
    unit = match.state.units["1-inf"]
    unit.flags.update({"setup": "x", "mp": 3, "attacked": True, "dug-in": True})
    match.title.manifest.mechanic_options.setdefault("render", {})
    marks = {"dug-in": "D"}
    match.title.manifest.mechanic_options["render"]["flag_marks"] = marks
    try:
        (line,) = [ln for ln in status.lines(match, None, "now", "-") if " 1-inf " in f" {ln} "]
    finally:
        del match.title.manifest.mechanic_options["render"]["flag_marks"]
    assert line.endswith("[dug-in]")
    for hidden in ("setup", "mp", "attacked"):
        assert hidden not in line


def test_supply_is_a_short_table_one_row_per_side(hexland: Title) -> None:
    match = Match(hexland)
    short = sorted(u.id for u in match.state.units.values() if u.side == "blue" and u.loc)[:2]
    for uid in short:
        match.state.units[uid].flags["oos"] = True
    lines = status.lines(match, None, "now", "-")
    at = lines.index("supply (units on the map):")
    assert lines[at + 1].split() == ["side", "in", "out", "out", "of", "supply"]
    (blue,) = [line for line in lines[at + 1 :] if line.startswith("  blue ")]
    on_map = sum(1 for u in match.state.units.values() if u.side == "blue" and u.loc)
    assert blue.split()[1:3] == [str(on_map - 2), "2"]
    assert all(f"{uid} {match.state.units[uid].loc}" in blue for uid in short)
    (red,) = [line for line in lines[at + 1 :] if line.startswith("  red ")]
    assert red.split()[2] == "0" and len(red.split()) == 3
    assert not any("[oos]" in line for line in lines)  # not repeated on the units' lines


def test_the_battle_in_progress_names_its_odds_units_and_losses(hexland: Title) -> None:
    """A battle the shared combat mechanic is resolving (a loss or retreat still to decide)
    has a line: where, odds, roll and result, each side's units, the units lost so far."""
    match = Match(hexland)
    units = match.state.units
    assert not any(line.startswith("battle ") for line in status.lines(match, None, "now", "-"))
    battle = Battle("b1", ["1-inf", "2-inf"], ["r4", "r6"], "0903", column="3-1", roll=4)
    battle.result = "DR"
    match.state.ns("combat")["battle"] = battle.to_json()
    match.place(units["r6"], None)  # lost in the battle
    (line,) = [ln for ln in status.lines(match, "blue", "now", "-") if ln.startswith("battle ")]
    assert line == (
        "battle b1 at 0903: 3-1 roll 4: DR; attacking 1-inf, 2-inf; defending r4, r6; "
        "units lost so far: r6"
    )


def test_panzergruppe_guderian_status_lines_15_2_13_1_13_41_6_31_5_21_7_3(
    registry: Registry,
) -> None:
    """Victory so far and if the game ended now (15.1-15.2), Air Interdiction markers on the
    map (13.1) and why none go east of hexrow 40 (13.2), the Soviet marker's uses (13.41), rail
    movement against the eight (6.31), Game-Turn 1's army rolls (5.21), divisions that lost a
    regiment (7.3)."""
    match = Match(registry.get("pgg"), seed=1941)
    assert not pgg_status.wargame_status_lines(match, None, match.view())  # set-up: none
    at_phase(match, "german", "movement", 1, start=False)
    state = match.state.vars
    state.update(
        {
            pgg_movement.VAR_ROLLS: {"16th": 2, "19th": 5},
            pgg_movement.VAR_FROZEN: ["19th"],
            pgg_interdiction.VAR_SOVIET_USES: [1],
            pgg_combat.BROKEN: ["7Pz"],
        }
    )
    match.state.ns("strategic-movement").update({"period": [1], "used": 4, "moved": [], "ends": {}})
    match.state.markers["air-interdiction:2020"] = {"type": "air-interdiction", "loc": "2020"}
    lines = status.lines(match, "soviet", "now", "-")
    assert any(
        line.startswith("victory: German 0 VP, Soviet 0 VP; the objectives held now would add ")
        and line.endswith("if the game ended now (PGG 15.1-15.2)")
        for line in lines
    )
    assert "Air Interdiction markers on the map: 1 of 3 (2020) (PGG 13.1)" in lines
    assert any(line.startswith("  none east of hexrow 40: ") for line in lines)
    assert "Soviet Interdiction marker: used on 1 of 3 Game-Turns (1) (PGG 13.41)" in lines
    assert any(line.startswith("rail movement this Game-Turn: 4 of 8 units") for line in lines)
    assert (
        "Game-Turn 1 armies: 16th rolled 2: moves, 19th rolled 5: stands in place (PGG 5.21)"
        in lines
    )
    assert "divisions no longer integrated: 7Pz (PGG 7.3)" in lines
    at_phase(match, "german", "movement", 2, start=False)
    assert not any(ln.startswith("Game-Turn 1 armies") for ln in status.lines(match, None, "", ""))


def test_zoned_weather_and_a_titles_lines_on_the_turn_line_and_in_the_notes() -> None:
    """Proud Monster Deluxe records its two zones' weather with the calendar (PMD 12.1-12.2):
    the turn line names both; the SO Record Chart (5.4) is among the notes the web page lists,
    the same lines ``wargame status`` prints."""
    from tests.games.pmd_combat_helpers import title as pmd_title
    from tests.games.pmd_steps import to_phase as pmd_to_phase

    match = Match(pmd_title(), "1941-historical", 1)
    pmd_to_phase(match, "axis", "refit")  # after the week's Weather Phase
    view = match.view("axis")
    nz, sz = match.state.plugins["weather"]["nz"], match.state.plugins["weather"]["sz"]
    words = status.calendar_words(match, view)
    assert words[-1] == f"weather: nz {nz}, sz {sz}"
    assert status.turn_words(match, view)[: len(words)] == words  # then the phase
    notes = status.notes(match, "axis", view)
    assert any(line.startswith("axis Seasonal Offensive weeks: ") for line in notes)
    printed = status.lines(match, "axis", "now", "not decided yet")
    assert all(line in printed for line in notes)
