"""Proud Monster Deluxe's cavalry raids (15.6) and worked example T38."""

from __future__ import annotations

from tests.games.pmd_steps import answer, to_phase
from wargame.calendar import set_weather
from wargame.match import Match
from wargame.testing import force_rolls, put, refused

from .pmd_combat_helpers import at_phase, plain

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 5)]


def _forest(match: Match) -> tuple[str, str, str]:
    """A forest hex with two plain neighbours, no hexside feature between them and it."""
    topo = match.topology
    for target in topo.locations():
        if topo.terrain(target) != "forest" or topo.features(target):
            continue
        near = [
            n
            for n in topo.neighbours(target)
            if plain(match, n) and not getattr(topo.edge(n, target), "features", {"?"})
        ]
        if len(near) >= 2:
            return target, near[0], near[1]
    raise AssertionError("no forest hex")


def _raid_position(side: str = "axis") -> tuple[Match, str, str, str]:
    match = at_phase(side, "movement")
    target, launch, flank = _forest(match)
    return match, target, launch, flank


def _battle_lines(events: list) -> list[str]:
    out: list[str] = []
    for e in events:
        if e.kind == "battle":
            out.extend(e.data["battle"]["explanation"])
    return out


def _answer_until(match: Match, kind: str, side: str) -> list:
    """Take the first legal answer of every decision on the way (losses, choices), no extra
    step (13.7)."""
    events: list = []
    while match.decision is not None and not (
        match.decision.kind == kind and match.decision.side == side
    ):
        events += answer(match)
    return events


def test_t38_cavalry_raid_an_ma_then_a_pa_each_1r_each_a_step_15_6() -> None:
    """T38: a 2-step cavalry unit raids; an MA and then a PA on the hex each get 1R, and it
    loses 1 step to each, outside the combat results."""
    match, target, launch, flank = _raid_position()
    for uid in RDS[:4]:
        match.reveal(put(match, uid, target))
    cd = put(match, "ger-cd-1", flank)
    for pd in ("ger-pd-3", "ger-pd-4"):
        put(match, pd, launch)
    raid = f"raid {target} with ger-cd-1"
    assert raid in {str(a) for a in match.legal_actions()}
    match.apply(raid)
    assert cd.loc is None and cd.flags["raid"] == target
    force_rolls(match, then=1)
    events = match.apply(f"overrun {target} with ger-pd-3,ger-pd-4 via {launch}")
    events += _answer_until(match, "movement", "axis")
    assert "+1 column: cavalry raid on the stack (PMD 15.6)" in " ".join(_battle_lines(events))
    assert cd.step == 1 and cd.flags["raid"] == target  # the first assault's step
    to_phase(match, "axis", "combat")
    events = match.apply(f"attack {target} with ger-pd-3,ger-pd-4")
    events += _answer_until(match, "combat", "axis")
    assert "cavalry raid on the stack" in " ".join(_battle_lines(events))
    assert cd.loc is None and cd.flags.get("eliminated")  # the second assault's step


def test_a_hex_cleared_by_the_first_assault_costs_no_second_step_15_6() -> None:
    match, target, launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    cd = put(match, "ger-cd-1", flank)
    put(match, "ger-pd-3", launch)
    put(match, "ger-pd-4", launch)
    match.apply(f"raid {target} with ger-cd-1")
    to_phase(match, "axis", "combat")
    force_rolls(match, then=6)
    match.apply(f"attack {target} with ger-pd-3,ger-pd-4")
    _answer_until(match, "combat", "axis")
    assert match.state.units[RDS[0]].loc is None
    match.apply("end")  # the Combat Phase ends: the raiders stay in the cleared hex
    assert cd.loc == target and cd.step == 1 and "raid" not in cd.flags


def test_raiders_still_on_an_enemy_stack_at_cleanup_are_eliminated_15_6() -> None:
    match, target, _launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    cd = put(match, "ger-cd-1", flank)
    match.apply(f"raid {target} with ger-cd-1")
    to_phase(match, "axis", "combat")
    assert cd.flags.get("raid") == target  # not yet: the Combat Phase comes first
    to_phase(match, "soviet", "refit")
    assert cd.loc is None and cd.flags.get("eliminated")


def test_a_raid_goes_into_forest_rough_or_marsh_not_in_mud_15_6() -> None:
    match, target, launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    match.reveal(put(match, RDS[1], launch))
    put(match, "ger-cd-1", flank)
    refused(match, f"raid {launch} with ger-cd-1", "forest, rough or marsh", rule="PMD 15.6")
    for zone in ("nz", "sz"):
        set_weather(match, "M", zone)
    match.touch()
    refused(match, f"raid {target} with ger-cd-1", "no raid in Mud", rule="PMD 15.6")
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    match.touch()
    put(match, "ger-pd-3", flank)
    refused(match, f"raid {target} with ger-pd-3", "not axis cavalry", rule="PMD 15.6")
    assert f"raid {target} with ger-cd-1" in {str(a) for a in match.legal_actions()}


def test_non_guards_soviet_cavalry_raid_with_two_divisions_15_6() -> None:
    match, target, launch, flank = _raid_position("soviet")
    put(match, "ger-id-7", target)
    one, two = "sov-cd-kovo-01", "sov-cd-kovo-02"
    put(match, one, launch)
    put(match, two, flank)  # 15.6: they need not start in the same hex
    refused(match, f"raid {target} with {one}", "2 divisions", rule="PMD 15.6")
    match.apply(f"raid {target} with {one},{two}")
    units = match.state.units
    assert units[one].flags["raid"] == target and units[two].flags["raid"] == target
    match.reveal(put(match, RDS[0], launch))
    to_phase(match, "soviet", "combat")
    force_rolls(match, then=1)
    events = match.apply(f"attack {target} with {RDS[0]}")
    events += _answer_until(match, "combat", "soviet")
    assert "cavalry raid on the stack" in " ".join(_battle_lines(events))
    # the two half-step CDs are the raiding stack's 1 step (13.9): both go, no choice left
    assert units[one].flags.get("eliminated") and units[two].flags.get("eliminated")


def test_the_raiders_owner_picks_the_unit_that_pays_ruling_cr1() -> None:
    match, target, launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    cd, cb = put(match, "ger-cd-1", flank), put(match, "rom-cb-5", flank)
    put(match, "ger-pd-3", launch)
    match.apply(f"raid {target} with ger-cd-1,rom-cb-5")
    to_phase(match, "axis", "combat")
    match.apply(f"attack {target} with ger-pd-3")
    while match.decision is not None and match.decision.kind != "raid-loss":
        match.apply(str(match.legal_actions()[0]))
    decision = match.decision
    assert decision is not None and decision.side == "axis"
    refused(match, "raid-loss ger-pd-3", "name one of the raiders", rule="PMD 15.6")
    match.apply("raid-loss rom-cb-5")
    assert cb.flags.get("eliminated") and cd.step == 0
