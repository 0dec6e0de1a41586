"""Units leaving the map without elimination through ``Match.remove`` (PMD 9.7.5, 15.8, 15.20,
15.24): the records they held on the map (the reserve stack, 6.4; the augmented pair, 6.1; the
``top`` choice, 6.3; their unit markers) go with them and stay for the units left behind."""

from __future__ import annotations

from tests.games.test_pmd2_antipartisan import MINSK
from tests.games.test_pmd2_antipartisan import _match as _antipartisan_match
from tests.games.test_pmd2_partisans import PARA, PART, _refit
from tests.games.test_pmd15_ssarrivals import _arrive
from wargame import markers
from wargame.games.proud_monster_deluxe import (
    antipartisan,
    augment,
    eliminated,
    hedgehogs,
    partisans,
    reserves,
)
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Match
from wargame.testing import force_rolls, put


def _hedgehog(match: Match, loc: str) -> None:
    """A Hedgehog marker on ``loc`` (13.4.2), as ``hedgehogs.py`` places it."""
    match.state.markers[hedgehogs._key(loc)] = {"type": hedgehogs.KIND, "loc": loc, "side": AXIS}


def test_a_unit_withdrawn_for_anti_partisan_warfare_leaves_no_records_9_7_5() -> None:
    """9.7.5: withdrawn "per generic withdrawal rules" to the Anti-Partisan box, the division
    leaves its Reserve marker's stack (the marker stays over the units left, 6.4), the Spanish
    Legion that augmented it is free again (6.1), and its ``top`` choice (6.3) and its marker go;
    the units staying keep theirs. It is withdrawn, not removed from the game."""
    match = _antipartisan_match()
    gone = put(match, "ger-id-1", MINSK)
    spl = put(match, "ger-spl", MINSK)
    stayer = put(match, "ger-pd-3", MINSK)
    put(match, "ger-id-7", MINSK)
    spl.flags[augment.FLAG] = gone.id
    gone.flags["top"] = stayer.flags["top"] = True
    markers.place(match, gone, "supply-concentration")
    markers.place(match, stayer, "supply-concentration")
    number = reserves.place(match, AXIS, MINSK)
    force_rolls(match, 5)  # stand-in: 2 ID and 1 PD
    antipartisan.start(match)
    match.apply("antipartisan ger-id-1")
    assert gone.loc is None and antipartisan.box(match) == ["ger-id-1"]
    assert reserves.marker_of(match, gone) is None
    assert set(reserves.stacks(match, AXIS)[number]["units"]) == {"ger-spl", "ger-pd-3", "ger-id-7"}
    assert augment.FLAG not in spl.flags
    assert gone.flags == {} and gone.markers == {}
    assert markers.units_with(match, "supply-concentration") == [stayer]
    assert stayer.flags.get("top")  # the unit that stays keeps its place on top
    assert gone.id not in eliminated._ns(match).get(eliminated.REMOVED, [])  # withdrawn only

    match.apply("antipartisan ger-id-7")
    match.apply("antipartisan ger-pd-3")
    assert reserves.stacks(match, AXIS)[number]["units"] == ["ger-spl"]  # one left: it stays
    assert f"reserve-{AXIS}-{number}" in match.state.markers


def test_partisans_picked_up_leave_no_records_and_are_out_of_play_15_8() -> None:
    """15.8: a Soviet unit entering the Partisans' hex removes them: out of their Reserve
    marker's stack (the marker off with its last unit, 6.4), ``top`` choice and markers gone,
    recorded as removed (never rebuilt); the 4 Paratroop Corps elsewhere keeps its own."""
    match, near, _ = _refit()
    match.apply(f"partisans {PART} {near}")
    other = next(h for h in partisans.places(match) if h != near)
    match.apply(f"partisans {PARA} {other}")
    part, para = match.state.units[PART], match.state.units[PARA]
    part.flags["top"] = para.flags["top"] = True
    number = reserves.place(match, SOVIET, near)
    kept = reserves.place(match, SOVIET, other)
    markers.place(match, part, "supply-concentration")
    markers.place(match, para, "supply-concentration")
    rd = put(match, "sov-rd-interior-01", match.topology.neighbours(near)[0])
    match.hook.wargame_moved(match=match, units=[rd], path=[rd.loc, near])
    assert part.loc is None
    assert number not in reserves.stacks(match, SOVIET)
    assert f"reserve-{SOVIET}-{number}" not in match.state.markers
    assert part.flags == {"eliminated": True} and part.markers == {}
    assert PART in eliminated._ns(match)[eliminated.REMOVED]
    assert match.state.ns("pmd-partisans")["credit"] == {str(match.turn + 1): 2}
    # the corps, not entered, keeps its hex, stack, place on top and marker
    assert para.loc == other and reserves.stacks(match, SOVIET)[kept]["units"] == [PARA]
    assert para.flags.get("top") and "supply-concentration" in para.markers
    assert PARA not in eliminated._ns(match)[eliminated.REMOVED]


def test_an_ss_arrival_removed_from_play_leaves_no_records_15_20_15_24() -> None:
    """15.20, 15.24: with Riga (Tallinn) not Axis-controlled on arrival the division is removed
    from play: off the map and out of every pool, its flags and markers gone, recorded as
    removed; with the town Axis-controlled it arrives and keeps them."""
    match = _arrive(318, "soviet")
    unit = match.state.units["ger-id-19ss"]
    assert unit.loc is None and unit.flags == {"eliminated": True} and unit.markers == {}
    assert eliminated._ns(match)[eliminated.REMOVED].count(unit.id) == 1

    match = _arrive(318, "axis")
    unit = match.state.units["ger-id-19ss"]
    assert unit.loc == "box:okh-north" and unit.flags["only_at"] == "1808"
    assert unit.id not in eliminated._ns(match).get(eliminated.REMOVED, [])


def test_a_raid_leaves_its_hex_as_a_move_does_not_as_a_removal_15_6_cr3() -> None:
    """15.6, ruling CR3: the raiding cavalry leaves its hex for the top of the enemy stack. Its
    hex keeps no record of it (its Reserve marker's stack, 6.4; its ``top`` choice, 6.3; the
    regiment augmenting it, 6.1), the units left keep theirs; the raider keeps its own flags and
    markers (it is still in play), is not recorded removed and takes no control of the raided
    hex. A Hedgehog stays over the German unit left, and goes with the last one raiding (HH1)."""
    from tests.games.test_pmd15_cavalryraid import RDS, _raid_position

    match, target, _launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    owner = match.state.control.get(target)
    cd = put(match, "ger-cd-1", flank)
    spl = put(match, "ger-spl", flank)
    spl.flags[augment.FLAG] = cd.id
    cd.flags["top"] = spl.flags["top"] = True
    markers.place(match, cd, "supply-concentration")
    number = reserves.place(match, AXIS, flank)
    _hedgehog(match, flank)
    match.touch()
    match.apply(f"raid {target} with ger-cd-1")
    assert cd.loc is None and cd.flags["raid"] == target and "top" not in cd.flags
    assert "supply-concentration" in cd.markers  # a raid takes no marker off
    assert reserves.stacks(match, AXIS)[number]["units"] == ["ger-spl"]
    assert augment.FLAG not in spl.flags and spl.flags.get("top")
    assert hedgehogs._key(flank) in match.state.markers  # a German unit is still under it
    assert match.state.control.get(target) == owner
    assert cd.id not in eliminated._ns(match).get(eliminated.REMOVED, [])

    match, target, _launch, flank = _raid_position()
    match.reveal(put(match, RDS[0], target))
    put(match, "ger-cd-1", flank)
    _hedgehog(match, flank)
    match.touch()
    match.apply(f"raid {target} with ger-cd-1")
    assert hedgehogs._key(flank) not in match.state.markers


def test_a_withdrawal_that_ends_a_joint_hex_lifts_its_close_combat_marker_13_1_13_15_3() -> None:
    """13.1: "once the hex is no longer jointly-occupied" the Close Combat marker comes off. A
    unit withdrawn (``Match.remove``) leaves the hex as an eliminated one does: while a unit of
    its side is still there the hex stays joint and the marker stays; the last one going lifts
    it (back on the next 2-week turn)."""
    from tests.games.pmd_combat_helpers import revealed
    from tests.games.test_pmd_combat_jointhex import INFANTRY, RDS, _battle
    from wargame.games.proud_monster_deluxe import closecombat

    match, target = _battle("1/2")
    match.apply(f"cc-advance {INFANTRY}")
    revealed(match, RDS[3], target)  # a second Soviet unit in the joint hex
    soviets = [u for u in match.units_at(target) if u.side == SOVIET]
    assert len(soviets) >= 2 and target in closecombat.on_map(match)
    for unit in soviets[:-1]:
        match.remove(unit)
    assert target in closecombat.on_map(match)  # still jointly occupied
    match.remove(soviets[-1])
    assert closecombat.on_map(match) == {}


def test_the_lcfc_goes_with_its_last_soviet_unit_withdrawn_from_leningrad_15_13_lc1() -> None:
    """Ruling LC1: the Leningrad Counter-Fire Corps shares the fate of the last Soviet unit in
    Leningrad: one withdrawn while another stays leaves it on the map; the last withdrawn
    takes it out of the game at once, as its elimination does."""
    from tests.games.pmd_combat_helpers import at_phase
    from tests.games.test_pmd15_firesupport import RDS as FS_RDS
    from tests.games.test_pmd15_firesupport import _revealed, _turn
    from wargame.games.proud_monster_deluxe import counterfire

    match = at_phase("axis", "combat")
    leningrad = counterfire.LENINGRAD
    for uid in FS_RDS[:2]:
        _revealed(match, uid, leningrad)
    match.state.control[leningrad] = SOVIET
    _turn(match, 221)
    counterfire.check(match)
    assert counterfire.on_map(match)
    elsewhere = put(match, FS_RDS[2], match.topology.neighbours(leningrad)[0])
    match.remove(elsewhere)  # a unit outside Leningrad: nothing to do with it
    match.remove(match.state.units[FS_RDS[0]])
    assert counterfire.on_map(match)  # one Soviet unit still in Leningrad
    match.remove(match.state.units[FS_RDS[1]])
    assert not counterfire.on_map(match)
    assert match.state.ns(counterfire.NS)[counterfire.GONE]


def test_a_withdrawn_gun_keeps_its_shells_and_returns_disassembled_15_5_bm4() -> None:
    """Ruling BM4: a gun leaving play without destruction keeps its shells and Fired count (a
    destroyed one loses them, 15.5: ``test_a_destroyed_gun_takes_its_shells_out_of_the_game``),
    its assembly flags go with ``Match.remove``: back on the map it must assemble again."""
    from tests.games.test_pmd15_bombard import _position
    from wargame.games.proud_monster_deluxe import bombard

    match, _target, origin = _position("combat")
    harko = match.state.units["ger-harko"]
    state = bombard.gun_state(match, harko, keep=True)
    state["shells"], state["fired"] = 1, 1
    match.remove(harko)
    assert "assembly" not in harko.flags and "assembly_left" not in harko.flags
    assert bombard.gun_state(match, harko) == {"shells": 1, "fired": 1, "refitted": False}
    match.place(harko, origin)
    assert bombard.wargame_move_locked(match, harko) is None  # disassembled: it moves
    match.eliminate(harko, "test", "PMD 15.5")
    assert bombard.gun_state(match, harko)["gone"]  # destroyed: the shells go
