"""Set-up choices (PGG 5.1 "0123, 0124, 0125 and/or 0126"): units whose placement lists several
locations start in the first and are deployed by their owner before play.

Hexland's meeting scenario: Red's rifles draw at random into ``setup:red-north`` (0903, 1003) and
``setup:red-south`` (0907, 1007) with the HQ; Red deploys in the set-up phase.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.titles.variants import make_variant
from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.plugins import Title


def red(m: Match) -> dict[str, str | None]:
    return {u.id: u.loc for u in m.state.units.values() if u.side == "red"}


def test_units_start_in_the_first_listed_location(hexland: Title) -> None:
    m = Match(hexland, seed=1)
    d = m.decision
    assert d is not None and (d.side, d.kind, d.phase) == ("red", "deploy", "setup/deploy")
    for unit in m.state.units.values():
        if unit.side == "red":
            assert unit.flags["deploy"][0] == unit.loc
            assert unit.flags["deploy"] in (["0903", "1003"], ["0907", "1007"])
        else:
            assert "deploy" not in unit.flags


def test_legal_deployments_are_the_other_listed_locations(hexland: Title) -> None:
    m = Match(hexland, seed=1)
    listed = {str(a) for a in m.legal_actions() if a.verb == "deploy"}
    expected = {
        f"deploy {u.id} {loc}"
        for u in m.state.units.values()
        for loc in u.flags.get("deploy", ())
        if loc != u.loc
    }
    assert listed == expected and len(listed) == 5


def test_deploying_moves_the_unit_and_may_be_changed(hexland: Title) -> None:
    m = Match(hexland, seed=1)
    m.apply("deploy hq-red 1007")
    assert m.state.units["hq-red"].loc == "1007"
    m.apply("deploy hq-red 0907")
    assert m.state.units["hq-red"].loc == "0907"
    m.apply("deploy hq-red 1007")
    m.apply("end")
    assert m.state.units["hq-red"].loc == "1007"
    assert all("deploy" not in u.flags for u in m.state.units.values())
    d = m.decision
    assert d is not None and (d.side, d.kind, d.turn) == ("blue", "movement", 1)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("deploy hq-red 0905", "hq-red sets up only in 0907, 1007"),
        ("deploy 1-inf 0306", "no unit 1-inf of red"),
        ("deploy hq-red", "usage: deploy UNIT LOCATION"),
    ],
)
def test_bad_deployments_are_refused(hexland: Title, action: str, reason: str) -> None:
    m = Match(hexland, seed=1)
    before = m.state_hash()
    with pytest.raises(IllegalAction) as info:
        m.apply(action)
    assert reason in info.value.reason
    assert m.state_hash() == before


def test_no_deploying_once_play_begins(hexland: Title) -> None:
    m = Match(hexland, seed=1)
    m.apply("end")
    with pytest.raises(IllegalAction, match="'deploy' is not a choice now"):
        m.apply("deploy hq-red 1007")


def test_single_location_placements_are_fixed(tmp_path: Path) -> None:
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0305"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0905"]},
        "s": {"side": "red", "units": ["r2"], "at": ["0903", "setup:red-south"]},
    }
    m = Match(make_variant(tmp_path, scenario_setup=setup))
    assert "deploy" not in m.state.units["r1"].flags
    assert m.state.units["r2"].flags["deploy"] == ["0903", "0907", "1007"]  # the region, sorted
    assert {str(a) for a in m.legal_actions()} == {"deploy r2 0907", "deploy r2 1007", "end"}


def test_the_same_seed_draws_the_same_set_up(hexland: Title) -> None:
    assert red(Match(hexland, seed=9)) == red(Match(hexland, seed=9))
    draws = {tuple(sorted(red(Match(hexland, seed=s)).items())) for s in range(8)}
    assert len(draws) > 1
