"""Proud Monster Deluxe part 2: the Soviet First Winter Offensive's choices after the roll
(5.5(2), (3)): the Soviet player may take 1 off both losses, and in a PA with a final defender
loss of 2 or more require the Axis's last step as a retreat; neither outside the offensive, nor
south of the N/S line, nor for the Axis."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import at_phase
from wargame.games.proud_monster_deluxe import supply, winteroffensive
from wargame.match import Match
from wargame.mechanics import combat as combat_mechanic
from wargame.testing import force_rolls, put, refused

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]
GER, GER2 = "ger-id-7", "ger-id-1"


def _pair(match: Match, south: bool) -> tuple[str, list[str]]:
    """A plain hex (north of the N/S line, or south) with two plain neighbours, all in Soviet
    supply."""
    topo = match.topology
    region = set(topo.region("south"))
    supplied = supply.nets(match, "soviet")[1]

    def plain(h: str) -> bool:
        return topo.terrain(h) == "clear" and not topo.features(h) and h in supplied

    for a in sorted(topo.region("country:ussr")):
        if (a in region) != south or not plain(a):
            continue
        near = [
            b
            for b in topo.neighbours(a)
            if plain(b) and not (topo.edge(a, b).features or ())  # type: ignore[union-attr]
        ]
        if len(near) >= 2:
            return a, near[:2]
    raise AssertionError("no hex")


def _attack(winter: bool = True, south: bool = False) -> tuple[Match, str]:
    match = at_phase("soviet", "combat")
    if winter:
        match.state.ns("offensives")["first_winter_offensive"] = True
    target, around = _pair(match, south)
    put(match, GER, target)
    put(match, GER2, target)
    for n, uid in enumerate(RDS):
        match.reveal(put(match, uid, around[n % 2]))
    force_rolls(match, 6)
    match.apply(f"attack {target} with {','.join(RDS)}")
    _before_roll(match)
    return match, target


def _before_roll(match: Match) -> None:
    """The defender declines a Close Combat marker (13.1) and a construction (13.4.2)."""
    for _ in range(3):
        d = match.decision
        if d is None or d.kind not in ("close-combat", "construction"):
            return
        words = {str(a) for a in match.legal_actions()}
        match.apply(next(w for w in sorted(words) if w.endswith(("decline", "none"))))


def _result(match: Match) -> str:
    battle = combat_mechanic.active(match)
    assert battle is not None
    return str(battle.result)


def test_the_soviet_may_take_1_off_both_losses_after_the_roll_5_5_2() -> None:
    match, _ = _attack()
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("soviet", "winter")
    assert sorted(str(a) for a in match.legal_actions()) == ["winter keep", "winter subtract"]
    rolled = _result(match)
    match.apply("winter subtract")
    assert _result(match) == winteroffensive.subtracted(rolled)
    assert winteroffensive.subtracted("1/3") == "0/2"  # a -1 is 0
    assert winteroffensive.subtracted("0/1") == "0/0"


def test_the_soviet_may_require_the_last_axis_step_as_a_retreat_5_5_3() -> None:
    match, target = _attack()
    rolled = _result(match)
    assert int(rolled.split("/")[1]) >= 2
    match.apply("winter keep")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("soviet", "winter")
    refused(match, "winter subtract", "usage: winter retreat|no-retreat", rule="PMD 5.5")
    match.apply("winter retreat")
    battle = combat_mechanic.active(match)
    assert battle is not None and winteroffensive.forced_retreat(battle)
    d = match.decision
    final = int(rolled.split("/")[1])
    assert d is not None and (d.side, d.kind) == ("axis", "loss")
    assert d.context["n"] == final - 1 and not d.context.get("retreat_option")
    assert battle.extra["todo"][:1] == [{"who": "defender", "do": "retreat", "n": 1}]


def test_not_asked_south_of_the_ns_line_without_the_offensive_or_for_the_axis_5_5() -> None:
    match, _ = _attack(south=True)
    assert match.decision is None or match.decision.kind != "winter"
    match, _ = _attack(winter=False)
    assert match.decision is None or match.decision.kind != "winter"
    axis = at_phase("axis", "combat")
    axis.state.ns("offensives")["first_winter_offensive"] = True
    target, around = _pair(axis, False)
    axis.reveal(put(axis, RDS[0], target))
    put(axis, GER, around[0])
    force_rolls(axis, 6)
    axis.apply(f"attack {target} with {GER}")
    _before_roll(axis)
    assert axis.decision is None or axis.decision.kind != "winter"


def test_unrequired_the_axis_still_chooses_to_retreat_or_not_5_5_3() -> None:
    match, _ = _attack()
    final = int(_result(match).split("/")[1])
    match.apply("winter keep")
    match.apply("winter no-retreat")
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "loss")
    assert d.context["n"] == final and d.context.get("retreat_option")
