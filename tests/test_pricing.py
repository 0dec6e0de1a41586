"""wargame.pricing.price: the one arithmetic the combat mechanic fights with, the web page
shows and the bots weigh (issue 10)."""

from __future__ import annotations

from wargame.actions import Action
from wargame.match import Battle, Match
from wargame.plugins import Title, Verb
from wargame.pricing import price
from wargame.testing import force_rolls


def known_target(match: Match) -> tuple[str, str]:
    """A red location, its units revealed (as a battle's start does), and an empty hex next to
    it."""
    for unit in sorted(match.units_of("red"), key=lambda u: u.id):
        loc = str(unit.loc)
        empty = [n for n in match.topology.neighbours(loc) if not match.units_at(n)]
        if empty:
            for u in match.units_at(loc):
                match.reveal(u, None)
            return loc, empty[0]
    raise AssertionError("no red unit with an empty neighbour")


def test_the_price_is_what_the_battle_does_and_changes_nothing(hexland: Title) -> None:
    match = Match(hexland, seed=4)
    loc, empty = known_target(match)
    attacker = match.state.units["1-inf"]
    match.place(attacker, empty)
    defenders = [u.id for u in match.units_at(loc)]
    battle = Battle("b", [attacker.id], defenders, loc, {attacker.id: empty}, "attack")
    before = (match.state_hash(), match.state.dice)
    priced = price(match, battle)
    assert (match.state_hash(), match.state.dice) == before
    assert priced.column is not None and priced.table is not None
    assert priced.attack == 6
    assert set(priced.results) == set(priced.table.rolls) or priced.automatic is not None
    assert priced.explanation[0].startswith("attack 6")
    chances = priced.chances(dict.fromkeys(priced.table.rolls, 1 / len(priced.table.rolls)))
    assert abs(sum(chances.values()) - 1.0) < 1e-9
    # fought with a forced roll of 3, the mechanic reads the same column and result
    from wargame.mechanics import combat

    force_rolls(match, 3)
    seen = len(match._events)
    combat.resolve(match, battle)
    # the battle as fought is the one the mechanic stored and announced (resolve may resume a
    # stored copy: PMD 13.4.2's defender decision comes between reveal and roll)
    fought = next(
        Battle.from_json(e.data["battle"]) for e in match._events[seen:] if e.kind == "battle"
    )
    assert fought.column == priced.column.label
    assert fought.result == (priced.automatic or priced.results[3])
    assert fought.explanation[: len(priced.explanation)] == priced.explanation


def test_no_strength_on_either_side_has_no_column(hexland: Title) -> None:
    match = Match(hexland, seed=4)
    loc, empty = known_target(match)
    battle = Battle("b", [], [], loc, {}, "attack")
    priced = price(match, battle)
    assert priced.column is None and priced.results == {} and priced.chances({1: 1.0}) == {}


def test_a_verb_describes_the_battle_its_action_would_fight(hexland: Title) -> None:
    """Verb.describe: the attack's battle set up on a sandbox, the match untouched; a verb that
    fights none says None (the web page then shows no odds for it)."""
    match = Match(hexland, seed=4)
    loc, empty = known_target(match)
    match.place(match.state.units["1-inf"], empty)
    before = match.state_hash()
    sandbox = match.sandbox()
    battle = sandbox.verbs["attack"].describe(sandbox, Action.parse(f"attack {loc} with 1-inf"))
    assert battle is not None
    assert battle.attackers == ["1-inf"] and battle.target == loc
    assert set(battle.defenders) == {u.id for u in match.units_at(loc)}
    assert match.state_hash() == before
    assert Verb().describe(match, Action.parse("end")) is None
