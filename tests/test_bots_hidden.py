"""The heuristic bot decides on what its side may know (``Match.view(side)``), never more.

On Panzergruppe Guderian the hidden facts are the faces untried Soviet units will show when
revealed (PGG 12.2): the engine draws them at the instant of combat from the pools with the
match's dice, so two matches with the same public position and a different dice state hide
different Soviet strengths. The German bot must choose the same either way. On Hexland, a unit
concealed from a side, another side's secrets and a hidden marker must not change the bot's
thinking either; and whatever it hides, the match is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wargame.actions import Decision
from wargame.bots import (
    BLIND_DICE,
    HeuristicBot,
    RandomBot,
    estimate,
    known_to,
    play,
    sandbox,
    typical_face,
)
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import combat
from wargame.plugins import Registry, Title

SEED = 1


def untried_targets(match: Match, side: str) -> dict[str, list[str]]:
    """Enemy locations ``side`` can attack now that hold untried units -> those units."""
    found = {
        loc: sorted(u.id for u in match.units_at(loc) if match.is_untried(u))
        for loc in combat.targets_for(match, side)
    }
    return {loc: ids for loc, ids in found.items() if ids}


def reach(title: Title, wanted: Callable[[Match, Decision], bool]) -> Match:
    """Random play from ``SEED`` to the first decision ``wanted`` accepts."""
    match = Match(title, seed=SEED)
    bots = {side: RandomBot(SEED * 10 + k) for k, side in enumerate(match.sides)}
    play(
        match,
        bots,
        until=lambda m: m.decision is not None and wanted(m, m.decision),
        max_actions=3000,
    )
    assert match.decision is not None and wanted(match, match.decision)
    return match


def revealed_faces(match: Match, ids: list[str]) -> list[dict[str, float]]:
    """The faces these untried units would show if revealed now (found on a throwaway copy)."""
    with sandbox(match) as m:
        for uid in ids:
            m.reveal(m.state.units[uid])
        return [dict(m.state.units[uid].face or {}) for uid in ids]


def twin(match: Match, ids: list[str]) -> Match:
    """The same position (same seed and actions: everything public is equal) with another dice
    state, chosen so that the untried units ``ids`` hide other strengths."""
    faces = revealed_faces(match, ids)
    for salt in range(1, 200):
        other = Match(match.title, match.scenario_id, match.seed)
        for text in match.history:
            other.apply(text)
        other.state.dice = match.state.dice ^ (salt * 0x9E3779B97F4A7C15 & (2**64 - 1))
        other.touch()
        if revealed_faces(other, ids) != faces:
            return other
    raise AssertionError("no dice state hides other strengths")


def same_view(a: Match, b: Match, side: str) -> None:
    assert a.view(side) == b.view(side)
    assert a.legal_actions() == b.legal_actions()


@pytest.fixture(scope="module")
def pgg(registry: Registry) -> Title:
    return registry.get("pgg")


def test_the_german_attack_does_not_depend_on_hidden_soviet_strengths(pgg: Title) -> None:
    match = reach(
        pgg, lambda m, d: d.kind == "combat" and d.side == "german" and untried_targets(m, d.side)
    )
    hidden = untried_targets(match, "german")
    ids = sorted(uid for found in hidden.values() for uid in found)
    other = twin(match, ids)
    same_view(match, other, "german")
    assert revealed_faces(match, ids) != revealed_faces(other, ids)  # the secret differs
    choices = [HeuristicBot(3).choose(m) for m in (match, other)]
    assert choices[0] == choices[1]
    # and the bot's price of every battle against untried units is the same in both
    for loc in sorted(hidden):
        prices = []
        for m in (match, other):
            with known_to(m, "german") as seen:
                found = estimate(seen, combat.targets_for(seen, "german")[loc], [loc])
            assert found is not None
            prices.append((found.column, found.value, found.results))
        assert prices[0] == prices[1], loc


def test_the_german_movement_does_not_depend_on_hidden_soviet_strengths(pgg: Title) -> None:
    """Movement prices overruns, which would reveal the Soviet units they hit."""
    match = reach(pgg, lambda m, d: d.kind == "movement" and d.side == "german" and d.turn >= 2)
    ids = sorted(u.id for u in match.units_of("soviet") if match.is_untried(u))
    assert ids
    other = twin(match, ids)
    same_view(match, other, "german")
    for _ in range(3):  # three moves in a row, each bot fresh
        choices = [HeuristicBot(5).choose(m) for m in (match, other)]
        assert choices[0] == choices[1]
        for m in (match, other):
            m.apply(choices[0])


def test_thinking_blind_leaves_the_dice_alone(pgg: Title) -> None:
    match = reach(pgg, lambda m, d: d.kind == "combat" and d.side == "german")
    before = (match.state_hash(), match.state.dice)
    with known_to(match, "german") as seen:
        assert seen.state.dice == BLIND_DICE
    assert (match.state_hash(), match.state.dice) == before
    HeuristicBot(1).choose(match)
    assert (match.state_hash(), match.state.dice) == before


# ----------------------------------------------------------------------------- concealment


def conceal(match: Match) -> None:
    """Red's 1st Rifle (revealed) hidden from blue, a red secret, a marker blue may not see."""
    unit = match.state.units["r1"]
    unit.face = {"attack": 6, "defense": 7, "movement": 4}
    unit.hidden_from = ["blue"]
    match.state.secrets["red"] = {"plan": "hold the capital"}
    match.state.markers["ambush"] = {"type": "ambush", "loc": "0905", "hidden_from": ["blue"]}
    match.touch()


def test_a_concealed_unit_shows_only_its_side_and_place(hexland: Title) -> None:
    match = Match(hexland, seed=2)
    conceal(match)
    unit = match.state.units["r1"]
    unit.flags["dug-in"] = True
    before = match.state_hash()
    with known_to(match, "blue") as seen:
        masked = seen.state.units["r1"]
        assert (masked.side, masked.loc) == (unit.side, unit.loc)
        assert masked.step == 0 and masked.flags == {}
        assert masked.face == typical_face(seen, "red") != unit.face
        assert "red" not in seen.state.secrets and "ambush" not in seen.state.markers
        assert seen.state.dice == BLIND_DICE
    with known_to(match, "red") as seen:  # red sees its own unit, secret and marker
        assert seen.state.units["r1"].face == {"attack": 6, "defense": 7, "movement": 4}
        assert seen.state.secrets["red"] == {"plan": "hold the capital"}
        assert "ambush" in seen.state.markers
    assert match.state_hash() == before
    assert match.state.units["r1"] is unit and unit.flags["dug-in"]


def test_typical_face_is_the_mean_of_the_side_s_counter_mix(hexland: Title) -> None:
    """Red: six untried rifles at their pool's mix (mean 3-4-4 in 8 counters) and an HQ 0-1-6."""
    face = typical_face(Match(hexland, seed=2), "red")
    rifle = {"attack": 24 / 8, "defense": 31 / 8, "movement": 4}
    hq = {"attack": 0, "defense": 1, "movement": 6}
    for name in ("attack", "defense", "movement"):
        assert face[name] == pytest.approx((6 * rifle[name] + hq[name]) / 7)


def concealed_rifle(title: Title, strong: bool) -> tuple[Match, str, str]:
    """Blue's combat phase after heuristic play from seed 3, with every red unit concealed
    from blue and a red rifle next to a lone blue unit (and no other), showing its strongest
    face (6-7) or its weakest (0-0): all that blue may see is the same either way."""
    match = Match(title, seed=3)
    play(
        match,
        {side: HeuristicBot(k) for k, side in enumerate(match.sides)},
        until=lambda m: m.decision is not None and m.decision.kind == "combat",
    )
    assert match.decision is not None and match.decision.side == "blue"
    topo = match.topology
    blue = {u.loc for u in match.units_of("blue")}
    lone = next(u for u in match.units_of("blue") if len(match.units_at(str(u.loc))) == 1)
    others = {n for loc in blue - {lone.loc} for n in topo.neighbours(str(loc))}
    spot = next(
        n
        for n in topo.neighbours(str(lone.loc))
        if not match.units_at(n) and n not in others and n not in blue and n in topo
    )
    rifle = match.state.units["r6"]
    match.place(rifle, spot)
    rifle.face = (
        {"attack": 6, "defense": 7, "movement": 4}
        if strong
        else {
            "attack": 0,
            "defense": 0,
            "movement": 4,
        }
    )
    for unit in match.units_of("red"):
        unit.hidden_from = ["blue"]
    match.touch()
    return match, lone.id, spot


def test_the_bot_ignores_what_a_concealed_unit_really_is(hexland: Title) -> None:
    (weak, lone, spot), (strong, _, _) = (concealed_rifle(hexland, s) for s in (False, True))
    assert weak.view("blue") == strong.view("blue")
    assert weak.legal_actions() == strong.legal_actions()
    # the secret matters: priced on the true faces, attacking the weak rifle looks far better
    priced = [estimate(m, [m.state.units[lone]], [spot]) for m in (weak, strong)]
    assert priced[0] is not None and priced[1] is not None
    assert priced[0].value > priced[1].value + 1
    # but the bot, thinking on what blue may know, decides the same in both
    assert HeuristicBot(1).choose(weak) == HeuristicBot(1).choose(strong)


class Unplaced:
    """A title's answer: red's 1st Rifle is where blue may not even count it (PMD 6.4's off-map
    reserve stack), and so is red's 2nd Rifle, which is not concealed from blue."""

    @hookimpl
    def wargame_unplaced(self, match: Match, side: str) -> list[str]:
        return ["r1", "r2"] if side == "blue" else []


def test_a_unit_the_view_does_not_place_is_off_the_map_in_the_bot_s_picture(
    hexland: Title,
) -> None:
    match = Match(hexland, seed=2)
    conceal(match)
    match.pm.register(Unplaced())
    r1, r2 = match.state.units["r1"], match.state.units["r2"]
    assert r1.loc is not None and r2.loc is not None and "blue" not in r2.hidden_from
    view = match.view("blue")
    assert not any(u.get("hidden") for u in view["units"])  # not even its side and place
    assert any(u.get("id") == "r2" for u in view["units"])  # only concealed units go
    before = match.state_hash()
    with known_to(match, "blue") as seen:
        assert seen.state.units["r1"].loc is None
        assert "r1" not in [u.id for u in seen.units_at(str(r1.loc))]
        assert seen.state.units["r2"].loc == r2.loc
        placed = sorted((u.side, str(u.loc)) for u in seen.state.units.values() if u.loc)
        assert placed == sorted((u["side"], u["loc"]) for u in view["units"])
    with known_to(match, "red") as seen:  # red knows where its own unit is
        assert seen.state.units["r1"].loc == r1.loc
    assert any(u.get("id") == "r1" for u in match.view("red")["units"])
    assert match.state_hash() == before and r1.loc is not None
