"""Odds against untried units (HL 12.2, as PGG 12.2): the spread of columns and results over the
faces left in their pools, what the attacker may work out, never the face a unit will show; in
``wargame odds`` for a game, ``wargame crt --untried-defender`` for a paper one, and the web
page's preview."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.test_cli import Cli, cli, fails, game  # noqa: F401 (fixtures)
from wargame import pricing
from wargame.actions import Action
from wargame.bots import roll_odds
from wargame.match import Match
from wargame.plugins import Title
from wargame.web import odds

ATTACK = "attack 0903 with 7-arm,8-arm"  # r4 and r6, both untried, hold 0903


def at_combat(hexland: Title) -> Match:
    match = Match(hexland, None, 7)
    for action in ("end", "move 7-arm,8-arm 0203 0304 0305 0405 0505 0605 0705 0704 0803", "end"):
        match.apply(action)
    return match


def priced_with(match: Match, faces: dict[str, int]) -> pricing.Price:
    """The battle's price with the untried units showing the given face indexes."""
    sandbox = match.sandbox()
    battle = sandbox.verbs["attack"].describe(sandbox, Action.parse(ATTACK))
    assert battle is not None
    pricing.engage(sandbox, battle)
    for uid, index in faces.items():
        pool = sandbox.counters_doc["pools"]["rifle"]["faces"]
        sandbox.state.units[uid].face = dict(pool[index]["values"])
    return pricing.price(sandbox, battle)


def test_the_spread_weighs_the_faces_left_drawn_without_replacement_12_2(hexland: Title) -> None:
    """Three 2-3-4s and one 6-7-4 left: both 2-3-4 (3/4 x 2/3 = 1/2) or one of each (1/2)."""
    match = at_combat(hexland)
    match.state.pools["rifle"] = [0, 3, 0, 1]
    before = match.state_hash()
    found = odds.untried_spread(match, Action.parse(ATTACK))
    assert found is not None and found.exact
    assert (found.untried, found.faces) == (("r4", "r6"), 4)
    both = priced_with(match, {"r4": 1, "r6": 1})
    mixed = priced_with(match, {"r4": 1, "r6": 3})
    assert both.column is not None and mixed.column is not None
    expected: dict[str, float] = {}
    for priced in (both, mixed):
        expected[priced.column.label] = expected.get(priced.column.label, 0) + 0.5
    assert found.columns == pytest.approx(expected)
    rolls = roll_odds("1d6", range(1, 7))
    results: dict[str, float] = {}
    for priced in (both, mixed):
        for code, p in priced.chances(rolls).items():
            results[code] = results.get(code, 0) + 0.5 * p
    assert found.results == pytest.approx(results)
    assert sum(found.results.values()) == pytest.approx(1.0)
    assert match.state_hash() == before  # nothing drawn, no die rolled, no face set


def test_the_spread_never_depends_on_the_face_that_will_show(hexland: Title) -> None:
    """The match's dice decide the faces at the reveal; the spread reads only the pool."""
    one, other = at_combat(hexland), at_combat(hexland)
    other.state.dice = one.state.dice + 12345
    action = Action.parse(ATTACK)
    first, second = odds.untried_spread(one, action), odds.untried_spread(other, action)
    assert first is not None and first == second
    assert sum(first.columns.values()) == pytest.approx(1.0)


def test_a_pool_with_one_face_left_gives_the_column_fought(hexland: Title) -> None:
    match = at_combat(hexland)
    match.state.pools["rifle"] = [0, 0, 2, 0]  # two 4-5-4s: both will show one
    found = odds.untried_spread(match, Action.parse(ATTACK))
    assert found is not None
    events = match.apply(ATTACK)
    (battle,) = [e.data["battle"] for e in events if e.kind == "battle"]
    assert found.columns == {battle["column"]: 1.0}


def test_the_page_lists_the_spread_on_request_and_hides_concealed_units(hexland: Title) -> None:
    match = at_combat(hexland)
    action = Action.parse(ATTACK)
    listed = odds.attack_odds(match, action, "blue", spread=False)
    assert (listed["column"], listed["summary"]) == ("?", "odds unknown until combat")
    assert listed["spread_pending"] and "spread" not in listed
    asked = odds.attack_odds(match, action, "blue")
    assert set(asked["spread"]) == {"untried", "faces", "columns", "results", "exact"}
    match.state.units["r4"].hidden_from = ["blue"]  # a concealed unit: nothing to work out
    assert "spread" not in odds.attack_odds(match, action, "blue")


def test_wargame_odds_prints_the_spread_for_the_attacker(
    cli: Cli,  # noqa: F811
    game: Path,  # noqa: F811
) -> None:
    moves = ("end", "move 0203 0803", "end")
    assert cli("act", str(game), *moves).code == 0
    out = cli("odds", str(game), "attack 0903").out
    assert "read as 'attack 0903 with 7-arm,8-arm'" in out
    assert "odds unknown until combat" in out and "r4 is untried" in out
    assert "as blue may know it, over the 8 faces left (PGG 12.2):" in out
    assert "  columns: " in out and "  results: " in out
    data = cli("odds", str(game), "attack 0903", "--json").json()
    assert sum(data["spread"]["columns"].values()) == pytest.approx(1.0)
    fails(cli("odds", str(game), "end"), "odds are for 'attack TARGET with UNITS'")


def test_wargame_crt_spread_for_a_paper_game(cli: Cli, hexland: Title) -> None:  # noqa: F811
    """12 against an untried rifle (faces 0, 3, 5, 7 in the printed mix 1, 3, 3, 1), in a hex
    that doubles: each column's chance is its faces' share of the mix."""
    data = cli(
        "crt", "hexland", "--attack", "12", "--defense", "1", "--untried-defender", "rifle",
        "--defense-times", "2", "--json",
    ).json()  # fmt: skip
    table = pricing.build_tables(hexland)["crt"]
    expected: dict[str, float] = {}
    for defense, count in ((0, 1), (3, 3), (5, 3), (7, 1)):
        label = table.column(Fraction(12), Fraction(2 * (1 + defense))).label
        expected[label] = expected.get(label, 0) + count / 8
    assert data["spread"]["columns"] == pytest.approx(expected)
    assert data["spread"]["faces"] == 8
    seen = cli(
        "crt", "hexland", "--attack", "12", "--defense", "1", "--untried-defender", "rifle",
        "--seen", "6-7-4", "--json",
    ).json()  # fmt: skip
    assert seen["spread"]["faces"] == 7
    text = cli("crt", "hexland", "--attack", "12", "--defense", "1", "--untried-defender", "rifle")
    assert "untried defenders drawn from: rifle" in text.out and "columns:" in text.out
    fails(cli("crt", "hexland", "--attack", "9", "--defense", "1", "--untried-defender", "x"),
          "no pool 'x'")  # fmt: skip
    fails(cli("crt", "hexland", "--attack", "9", "--defense", "1", "--seen", "6-7-4"),
          "--seen and --defense-times go with")  # fmt: skip
