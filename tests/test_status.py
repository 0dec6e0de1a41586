"""``wargame status`` lines: the turn as a player reads it (date, weather, phase), a title's own
lines, only the statuses a player tracks, and supply as one line per side."""

from __future__ import annotations

from tests.games.dc_helpers import title as dc_title
from tests.games.dc_helpers import to_phase
from wargame import status
from wargame.match import Match
from wargame.plugins import Title


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


def test_supply_is_one_line_per_side(hexland: Title) -> None:
    match = Match(hexland)
    short = sorted(u.id for u in match.state.units.values() if u.side == "blue" and u.loc)[:2]
    for uid in short:
        match.state.units[uid].flags["oos"] = True
    lines = status.lines(match, None, "now", "-")
    at = lines.index("supply:")
    (blue,) = [line for line in lines[at + 1 :] if line.startswith("  blue: ")]
    assert blue.startswith("  blue: 2 of ") and "out of supply" in blue
    assert all(uid in blue for uid in short)
    assert not any("[oos]" in line for line in lines)  # not repeated on the units' lines
