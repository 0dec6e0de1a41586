"""Units leaving play without elimination (PMD 6.4, 9.6, 9.7, 4.5.2(6), 15.4): a withdrawal, a
removal from the game, an air unit retired at its table dates. The records the unit held on the
map go with it (``Match.remove`` and ``wargame_unit_removed``: reserve stacks, the air unit's
stack records), and stay for the units still there."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_combat_helpers import at_phase, clear_pair, revealed
from wargame.games.proud_monster_deluxe import (
    air,
    augment,
    conversions,
    eliminated,
    fieldworks,
    hedgehogs,
    reserves,
    strategic,
    summerattack,
    upgrades,
    withdrawals,
)
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Match
from wargame.state import Unit
from wargame.testing import put, refused

from .test_pmd15_firesupport import _turn


def _alone_in_reserve(match: Match, uid: str) -> str:
    """``uid`` alone of its side in its hex, under a Reserve marker: the marker's number."""
    unit = match.state.units[uid]
    assert unit.loc is not None
    for other in [u for u in match.units_at(unit.loc) if u.side == unit.side and u is not unit]:
        match.place(other, None)
    return reserves.place(match, unit.side, unit.loc)


def _marker_on(match: Match, side: str, number: str) -> bool:
    return f"reserve-{side}-{number}" in match.state.markers


def test_a_withdrawn_unit_leaves_its_reserve_stack_9_7_6_4() -> None:
    """An Axis unit withdrawn to a pile (9.7.2, 9.7.3) and a Soviet one withdrawn from play
    leave their Reserve markers' stacks; a marker with no unit left comes off (6.4), and the
    Axis unit returning (9.7.3) is under no marker."""
    match = p9.withdrawals_called(124, axis=True)
    number = _alone_in_reserve(match, "ger-id-23")
    assert reserves.stacks(match, AXIS)[number]["units"] == ["ger-id-23"]
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    assert number not in reserves.stacks(match, AXIS)
    assert not _marker_on(match, AXIS, number)
    unit = match.state.units["ger-id-23"]
    withdrawals.come_back(match, unit)
    assert unit.loc == "box:okh-north" and reserves.marker_of(match, unit) is None

    match = p9.withdrawals_called(203, axis=False)
    call = sorted(withdrawals.calls(match, SOVIET))[0]
    number = _alone_in_reserve(match, "sov-rd-kovo-01")
    match.apply(f"withdraw {call} sov-rd-kovo-01")
    assert number not in reserves.stacks(match, SOVIET)
    assert not _marker_on(match, SOVIET, number)


def test_a_removed_unit_leaves_its_reserve_stack_9_6() -> None:
    """A 9.6 removal takes the unit out of its stack; the marker stays over the units left."""
    match = p9.axis_part()
    cd = match.state.units["ger-cd-1"]
    assert cd.loc is not None
    mate = put(match, "ger-id-23", cd.loc)
    number = reserves.place(match, AXIS, cd.loc)
    assert {"ger-cd-1", "ger-id-23"} <= set(reserves.stacks(match, AXIS)[number]["units"])
    match.state.cursor.turn = p9.game_turn(122)
    withdrawals.call(match, p9.phase(match, "reinforcement"))  # 9.6: ger-cd-1 is removed
    assert "ger-cd-1" in eliminated._ns(match)[eliminated.REMOVED]
    stack = reserves.stacks(match, AXIS)[number]["units"]
    assert "ger-cd-1" not in stack and mate.id in stack
    assert _marker_on(match, AXIS, number)  # the marker stays while a unit is under it
    assert reserves.marker_of(match, cd) is None


def test_summer_attack_removals_leave_reserve_4_5_2() -> None:
    """4.5.2(6), 7.1(11): the minor allies removed for a missed 1943 summer attack leave their
    stacks (6.4), are removed from the game (9.6's record), and an emptied marker comes off."""
    match = at_phase("axis", "refit")
    reinforcement = match.title.manifest.sequence.before_turn[0]
    loc, _other = clear_pair(match)
    rom = put(match, "rom-id-1", loc)
    number = reserves.place(match, AXIS, loc)
    assert reserves.stacks(match, AXIS)[number]["units"] == ["rom-id-1"]
    _turn(match, 315)
    summerattack.summer_attack_judged(match, reinforcement)
    assert rom.loc is None and reserves.marker_of(match, rom) is None
    assert not _marker_on(match, AXIS, number)
    assert "rom-id-1" in eliminated._ns(match)[eliminated.REMOVED]


def test_a_retired_air_unit_leaves_no_stack_record_15_4() -> None:
    """15.4: an air unit whose table dates are over is withdrawn at a phase start; its stack
    record goes with it. While in play the record stays (refreshed at each phase start)."""
    match = at_phase("axis", "movement")
    launch, _target = clear_pair(match)
    put(match, "ger-id-7", launch)
    match.apply(f"air ger-air-ii {launch}")  # in the table until turn 123
    phase = match.phase
    assert phase is not None
    air.wargame_phase_start(match, phase.spec)
    assert air._ns(match)["with"]["ger-air-ii"] == ["ger-id-7"]  # in play: it stays
    _turn(match, 124)
    air.wargame_phase_start(match, phase.spec)
    assert match.state.units["ger-air-ii"].loc is None
    assert "ger-air-ii" not in air._ns(match).get("with", {})
    assert "ger-air-ii" not in air._ns(match).get("grounded", {})


PD, SPL = "ger-pd-3", "ger-spl"


def _urban_start(match: Match, *ids: str) -> str:
    """An urban hex the units may move strategically from (11.2), with the units there."""
    okh = strategic.OKH["north"]
    put(match, ids[0], okh)
    dest = next(
        c for c in strategic.destinations(match, match.state.units[ids[0]]) if "box:" not in c
    )
    for uid in ids:
        put(match, uid, dest)
    return dest


def _strategic_out(match: Match, uid: str) -> None:
    acts = [str(a) for a in match.legal_actions() if str(a).startswith(f"strategic {uid} box:")]
    match.apply(acts[0])


def test_a_strategic_move_parts_an_augmented_pair_6_1_11_2() -> None:
    """The Spanish Legion moving strategically away from the division it augments: the pair
    parts, the division is Mech again (6.1, ruling STK5); while together it is Leg."""
    match = at_phase("axis", "movement")
    _urban_start(match, PD, SPL)
    match.apply(f"augment {SPL} {PD}")
    pd, spl = match.state.units[PD], match.state.units[SPL]
    assert match.unit_type(pd)["mobility"] == "leg"  # together: the Legion's class
    _strategic_out(match, SPL)
    assert spl.flags.get(augment.FLAG) is None and pd.flags.get(augment.CLASS) is None
    assert match.unit_type(pd)["mobility"] == "mech"


def test_a_hedgehog_goes_when_its_last_german_unit_moves_strategically_hh1() -> None:
    match = at_phase("axis", "movement")
    hex_ = _urban_start(match, "ger-id-1", "ger-id-102")
    match.state.markers[hedgehogs._key(hex_)] = {"type": hedgehogs.KIND, "loc": hex_, "side": AXIS}
    match.touch()
    _strategic_out(match, "ger-id-1")
    assert hedgehogs._key(hex_) in match.state.markers  # a German unit is still under it
    _strategic_out(match, "ger-id-102")
    assert hedgehogs._key(hex_) not in match.state.markers

    match = p9.withdrawals_called(
        124, axis=True
    )  # withdrawn (9.7) as the last German unit: it goes too
    _alone_in_reserve(match, "ger-id-23")
    hex_ = str(match.state.units["ger-id-23"].loc)
    match.state.markers[hedgehogs._key(hex_)] = {"type": hedgehogs.KIND, "loc": hex_, "side": AXIS}
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    assert hedgehogs._key(hex_) not in match.state.markers


def test_the_top_choice_goes_when_the_unit_leaves_its_hex_6_3() -> None:
    """Ruling F2's ``top`` flag: gone with a strategic move and a withdrawal, kept by the unit
    that stays."""
    match = at_phase("axis", "movement")
    _urban_start(match, "ger-id-1", "ger-id-102")
    mover, stayer = match.state.units["ger-id-1"], match.state.units["ger-id-102"]
    mover.flags["top"] = stayer.flags["top"] = True
    _strategic_out(match, "ger-id-1")
    assert "top" not in mover.flags and stayer.flags.get("top")

    match = p9.withdrawals_called(124, axis=True)
    unit = match.state.units["ger-id-23"]
    unit.flags["top"] = True
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    assert "top" not in unit.flags


def test_an_air_unit_never_moves_strategically_15_4() -> None:
    """15.4: an air unit goes only with its stack; the ground unit beside it may move."""
    match = at_phase("axis", "movement")
    hex_ = _urban_start(match, "ger-id-1")
    put(match, "ger-air-ii", hex_)
    assert strategic.unit_problem(match, match.state.units["ger-id-1"]) is None
    refused(match, "strategic ger-air-ii box:okh-north", "air unit", rule="PMD 15.4")
    put(match, "ger-air-ii", strategic.OKH["north"])
    refused(match, f"strategic ger-air-ii {hex_}", "air unit", rule="PMD 15.4")
    assert not [a for a in match.legal_actions() if str(a).startswith("strategic ger-air")]


def test_fieldworks_go_when_an_elimination_hands_over_the_hex_13_4_2() -> None:
    """13.4.2: enemy ownership destroys Fieldworks. In a jointly-occupied hex the Soviet keeps
    it (4.2) while a unit of his is there; his last one eliminated hands it to the Axis, and the
    Fieldworks go then, not at the next move anywhere."""
    from .test_pmd2_fieldfortifications import GER, SOV, _reinforcement, _soviet_hexes

    match = _reinforcement()
    target, _origin = _soviet_hexes(match)
    revealed(match, SOV[0], target)
    match.apply(f"fieldworks {target}")
    revealed(match, SOV[1], target)
    put(match, GER[0], target)  # jointly occupied: the Soviet keeps the hex
    match.eliminate(match.state.units[SOV[0]], "test", "PMD 13.9")
    assert match.state.control.get(target) == "soviet"
    assert fieldworks.owner(match, target) == "soviet"  # a Soviet unit is still there
    match.eliminate(match.state.units[SOV[1]], "test", "PMD 13.9")
    assert match.state.control.get(target) == "axis"
    assert fieldworks.owner(match, target) is None
    assert fieldworks.in_hand(match, SOVIET) == fieldworks.COUNT  # back in hand (ruling FW2)


OLD, NEW = "ger-mid-ss-r", "ger-pd-ss-r"
"""The 2SS MID and its panzer division form (9.3's example; a conversion on turn 302)."""


def _due(match: Match) -> Unit:
    """``OLD`` on the map in Axis supply with its conversion due (turn 302, 9.4.1)."""
    from wargame.games.proud_monster_deluxe import supply

    unit = put(match, OLD, p9.quiet_hex(match, supply.nets(match, AXIS)[1]))
    match.state.cursor.turn = p9.game_turn(302)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    match.touch()
    assert conversions.due(match) == {OLD: NEW}  # on the map: it stays due
    return unit


def test_a_due_conversion_follows_its_unit_off_the_map_9_4_1() -> None:
    """Ruling CV4: eliminated into a pool or withdrawn to a pile, the unit converts there (9.3);
    removed from the game (9.6), the new formation never comes. The due record goes."""
    match = p9.axis_part()
    match.eliminate(_due(match), "test", "PMD 13.9")
    assert not conversions.due(match)
    where = conversions.eliminated_where(match, NEW)
    assert where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL)
    assert OLD in eliminated._ns(match)[eliminated.REMOVED]

    match = p9.axis_part()
    unit = _due(match)
    withdrawals._ns(match).setdefault("calls", {}).setdefault(AXIS, {})["w"] = {"unit": OLD}
    match.apply(f"withdraw w {OLD}")
    assert unit.loc is None and not conversions.due(match)
    assert withdrawals.pile_of(match, NEW) == "specific" and withdrawals.pile_of(match, OLD) is None

    match = p9.axis_part()
    unit = _due(match)
    conversions._gone(match, unit, "is removed from the game", "PMD 9.6")
    assert not conversions.due(match)
    assert {OLD, NEW} <= set(eliminated._ns(match)[eliminated.REMOVED])


def test_a_converted_unit_keeps_its_markers_a_withdrawn_one_loses_them_cv5() -> None:
    """Ruling CV5: the 9.4.1 substitute takes the Mech Upgrade marker (and a Supply
    Concentration one); a counter 15.9 bars from an upgrade loses it; a withdrawn unit takes its
    markers out of play with it."""
    from tests.games.pmd_steps import to_phase
    from wargame import markers

    match = p9.axis_part()
    old = _due(match)
    markers.place(match, old, "mech-upgrade", steps=1)
    to_phase(match, AXIS, "refit")
    match.apply(f"convert {OLD}")
    new = match.state.units[NEW]
    assert upgrades.steps(match, new) == 1
    assert old.markers == {}

    # 8.9's markers are gone from turn 205, before the stand-in conversions: shown on the rule
    markers.place(match, new, "supply-concentration")
    regiment = put(match, "ger-spl", new.loc)  # the Spanish Legion: no division
    conversions.carry_markers(match, new, regiment)
    assert not markers.has(match, regiment, "mech-upgrade")
    assert markers.has(match, regiment, "supply-concentration")

    match = p9.withdrawals_called(124, axis=True)
    unit = match.state.units["ger-id-23"]
    markers.place(match, unit, "mech-upgrade", steps=2)
    match.apply("withdraw 124-axis-withdraw-id-1 ger-id-23")
    assert unit.markers == {} and markers.units_with(match, "mech-upgrade") == []
