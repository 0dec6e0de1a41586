"""Proud Monster Deluxe part 2: an amphibious invasion of an enemy-held hex (10.5, ruling AI3):
the invaders wait at sea, their PA comes first with 1L, and they land or are eliminated."""

from __future__ import annotations

from tests.games.pmd_steps import answer, to_phase
from wargame.games.proud_monster_deluxe import amphibious, ports
from wargame.match import Match
from wargame.mechanics import combat
from wargame.testing import force_rolls, put, refused

from .test_pmd2_amphibious import ODESSA, _landing, _movement, _tried

AXIS = "ger-id-7"


def _other(rds: list[str]) -> str:
    return next(
        f"sov-rd-interior-{i:02d}" for i in range(1, 9) if f"sov-rd-interior-{i:02d}" not in rds
    )


def _invasion(af: int) -> tuple[Match, list[str], str, str]:
    """Two RDs of AF ``af`` invading an Axis-held hex 5 hexes from Odessa: at sea, then the
    Soviet Combat Phase."""
    match = _movement()
    rds = _tried(match, "rd", 2, af, 4)
    for uid in rds:
        put(match, uid, ODESSA)
    hex_ = _landing(match, ODESSA, "black", 5)
    match.reveal(put(match, AXIS, hex_))
    action = f"invade {','.join(rds)} {hex_}"
    assert action in {str(a) for a in match.legal_actions()}
    match.apply(action)
    sea = amphibious.sea_hex(match, hex_)
    assert sea is not None and match.topology.terrain(sea) == "sea"
    assert all(match.state.units[u].loc == sea for u in rds)  # waiting at sea
    to_phase(match, "soviet", "combat")
    return match, rds, hex_, sea


def _fight(match: Match, action: str, roll: int) -> None:
    force_rolls(match, then=roll)
    match.apply(action)
    while (d := match.decision) is not None and d.kind != "combat":
        # losses and constructions; the advance declined: the invaders cannot stay at sea
        answer(match, "stay" if d.kind == "advance" else None)


def test_the_invasion_pa_comes_first_and_is_owed_before_the_phase_ends_10_5() -> None:
    match, rds, hex_, sea = _invasion(20)
    other = next(n for n in match.topology.neighbours(hex_) if match.topology.terrain(n) == "clear")
    put(match, _other(rds), other)
    refused(match, f"attack {hex_} with {_other(rds)}", "comes first", rule="PMD 10.5")
    refused(match, "end", "invasion PA")
    legal = {str(a) for a in match.legal_actions()}
    assert f"attack {hex_} with {','.join(rds)}" in legal


def test_the_invasion_pa_is_1l_unless_other_units_attack_with_it_10_5() -> None:
    match, rds, hex_, sea = _invasion(20)
    units = match.state.units
    alone = combat.new_battle(match, [units[u] for u in rds], [units[AXIS]], hex_, "attack")
    assert [s.columns for s in amphibious.wargame_combat_shifts(match, alone)] == [-1]
    other = next(n for n in match.topology.neighbours(hex_) if match.topology.terrain(n) == "clear")
    helper = put(match, _other(rds), other)
    joint = combat.new_battle(
        match, [units[u] for u in rds] + [helper], [units[AXIS]], hex_, "attack"
    )
    assert amphibious.wargame_combat_shifts(match, joint) == []


def test_invaders_land_when_the_hex_is_cleared_and_the_flag_goes_10_5() -> None:
    match, rds, hex_, sea = _invasion(20)
    _fight(match, f"attack {hex_} with {','.join(rds)}", 6)
    assert match.state.units[AXIS].loc != hex_
    alive = [u for u in rds if match.state.units[u].loc is not None]
    assert alive and all(match.state.units[u].loc == hex_ for u in alive)
    assert amphibious.afloat(match) is None
    assert "end" in {str(a) for a in match.legal_actions()}  # nothing owed now


def test_invaders_that_cannot_advance_are_eliminated_10_5() -> None:
    """The battle over with the enemy still in the hex (here: the result taken by the
    invaders' first unit, the other still at sea)."""
    match, rds, hex_, sea = _invasion(4)
    waiting = amphibious.afloat(match)
    assert waiting is not None
    match.eliminate(match.state.units[rds[0]], "test: lost in the battle")
    waiting["fought"] = True
    amphibious.wargame_settled(match)
    assert match.state.units[AXIS].loc == hex_
    assert match.state.units[rds[1]].loc is None  # eliminated, not left at sea
    assert amphibious.afloat(match) is None


def test_invaders_land_with_no_attack_when_the_hex_was_emptied_in_movement_10_5() -> None:
    match = _movement()
    rds = _tried(match, "rd", 1, 4, 4)
    put(match, rds[0], ODESSA)
    hex_ = _landing(match, ODESSA, "black", 5)
    match.reveal(put(match, AXIS, hex_))
    match.apply(f"invade {rds[0]} {hex_}")
    put(match, AXIS, None)  # cleared by an MA in the Initial Movement Phase
    to_phase(match, "soviet", "combat")
    assert match.state.units[rds[0]].loc == hex_
    assert amphibious.landed(match, match.state.units[rds[0]])  # no attack this week
    assert amphibious.afloat(match) is None


def test_a_jointly_occupied_hex_may_be_invaded_10_5() -> None:
    match = _movement()
    rds = _tried(match, "rd", 1, 20, 4)
    put(match, rds[0], ODESSA)
    hex_ = _landing(match, ODESSA, "black", 5)
    match.reveal(put(match, AXIS, hex_))
    put(match, _other(rds), hex_)
    match.apply(f"invade {rds[0]} {hex_}")
    assert match.state.units[rds[0]].loc == amphibious.sea_hex(match, hex_)


CONSTANTA = "1045"
"""An Axis-owned Black Sea port 6 hexes from Odessa on the stand-in map."""


def _joint_port() -> tuple[Match, list[str]]:
    """Two RDs invade the Axis-held port 1045 from Odessa; in the Soviet Combat Phase the first
    comes into the hex with the Axis unit still there (as a Close Combat advance from the sea
    does, 13.15.2), the second cannot advance and is eliminated (ruling AI3)."""
    match = _movement()
    rds = _tried(match, "rd", 2, 20, 4)
    for uid in rds:
        put(match, uid, ODESSA)
    match.reveal(put(match, AXIS, CONSTANTA))
    match.apply(f"invade {','.join(rds)} {CONSTANTA}")
    to_phase(match, "soviet", "combat")
    waiting = amphibious.afloat(match)
    assert waiting is not None
    match.place(match.state.units[rds[0]], CONSTANTA)
    waiting["fought"] = True
    amphibious.wargame_settled(match)
    match.touch()
    return match, rds


def test_a_port_an_invasion_leaves_jointly_occupied_is_soviet_owned_13_15_3() -> None:
    """13.15.3 (ruling AI6): the port is the Soviet's: Soviet port supply on and next to it
    (8.4, with Odessa in overland supply), while the hex (VPs, oil) stays the Axis hex
    defender's."""
    match, rds = _joint_port()
    assert match.state.units[rds[1]].loc is None  # could not advance: eliminated
    assert amphibious.joint_ports(match) == [CONSTANTA]
    assert ports.owner(match, CONSTANTA) == "soviet"
    assert match.state.control[CONSTANTA] == "axis"  # 4.2: the hex defender's hex
    assert CONSTANTA in ports.soviet_ports(match) and CONSTANTA in ports.soviet_port(match)


def test_the_joint_port_is_a_start_port_for_the_next_invasion_13_15_3_10_5() -> None:
    """13.15.3: units in a jointly-occupied hex are not next to the enemy around it for
    amphibious purposes, and its port is Soviet-owned (ruling AI6): the next week an invasion
    from it is refused only by 10.5's one invasion a turn on a sea, not for its port."""
    match, rds = _joint_port()
    near = next(
        n for n in match.topology.neighbours(CONSTANTA) if match.topology.terrain(n) == "clear"
    )
    put(match, "ger-id-8", near)
    assert not amphibious._enemy_by_land(match, CONSTANTA)
    to_phase(match, "soviet", "movement")
    assert amphibious.joint_ports(match) == [CONSTANTA]
    hex_ = _landing(match, CONSTANTA, "black", 5)
    refused(match, f"invade {rds[0]} {hex_}", "one invasion a turn", rule="PMD 10.5")


def test_the_port_is_the_hex_owner_s_again_once_the_hex_is_not_joint_13_15_3() -> None:
    """Ruling AI6's record goes when the hex stops being jointly occupied (here the invader
    leaves it); a jointly-occupied port no invasion made stays its hex defender's."""
    match, rds = _joint_port()
    put(match, rds[0], None)
    amphibious.wargame_settled(match)
    match.touch()
    assert "joint_ports" not in amphibious._ns(match)
    assert ports.owner(match, CONSTANTA) == "axis"
    assert CONSTANTA not in ports.soviet_ports(match)
    put(match, _other(rds), CONSTANTA)  # by land (a Close Combat advance), no invasion
    assert amphibious.joint_ports(match) == [] and ports.owner(match, CONSTANTA) == "axis"
