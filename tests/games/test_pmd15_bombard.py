"""Shell bombardments: HARKO's enhanced effect (PMD 15.5) and the MAD's shells (15.21)."""

from __future__ import annotations

from tests.games.pmd_steps import to_phase
from wargame.actions import Action
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import artillery, bombard
from wargame.games.proud_monster_deluxe.replacements import points
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, plain

AXIS, SOVIET = "axis", "soviet"
CLEANUP = PhaseSpec(id="w1-cleanup", kind="cleanup")
RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 6)]


def _dry(match: Match) -> None:
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)


def _pair(match: Match) -> tuple[str, str]:
    """A plain target west of the GAS line and a plain neighbour."""
    gas_east = match.topology.region("gas-east")
    for a in sorted(match.topology.locations()):
        if plain(match, a) and a not in gas_east:
            for b in sorted(match.topology.neighbours(a)):
                if plain(match, b):
                    return a, b
    raise AssertionError("no pair")


def _far(match: Match, origin: str) -> str:
    near = set(match.topology.neighbours(origin)) | {origin}
    return next(h for h in sorted(match.topology.locations()) if h not in near and plain(match, h))


def _position(kind: str, assembled: bool = True) -> tuple[Match, str, str]:
    match = at_phase(AXIS, kind)
    _dry(match)
    target, origin = _pair(match)
    harko = put(match, "ger-harko", origin)
    if assembled:
        harko.flags["assembly"] = "assembled"
    for uid in RDS[:2]:
        match.reveal(put(match, uid, target))
    return match, target, origin


def test_harko_assembles_for_a_week_then_fires_one_shell_15_5() -> None:
    match, target, origin = _position("refit", assembled=False)
    harko = match.state.units["ger-harko"]
    refused(match, f"disassemble {harko.id}", "not assembled", rule="PMD 15.5")
    match.apply(f"assemble {harko.id}")
    assert harko.flags["assembly"] == "assembling"  # the inverted Refit marker
    assert bombard.wargame_move_locked(match, harko) is not None
    refused(match, f"assemble {harko.id}", "inverted Refit marker", rule="PMD 15.5")
    to_phase(match, AXIS, "combat")
    assert match.decision is not None and match.decision.kind == "combat"  # no shell yet
    to_phase(match, AXIS, "refit")  # next week: the inverted marker came off at Cleanup
    assert harko.flags["assembly"] == "assembled"
    assert bombard.wargame_move_locked(match, harko) is not None  # assembled: no move
    _dry(match)
    to_phase(match, AXIS, "bombard")  # asked at the start of the Axis Combat Phase
    refused(match, f"bombard {harko.id} {_far(match, origin)}", "adjacent", rule="PMD 15.5")
    match.apply(f"bombard {harko.id} {target}")
    decision = match.decision
    assert decision is not None and decision.side == SOVIET and decision.kind == "shelled"
    refused(match, "shelled ger-harko", "shelled stack", rule="PMD 15.5")
    match.apply(f"shelled {RDS[1]}")  # the defender's choice
    assert match.state.units[RDS[1]].loc is None and match.state.units[RDS[0]].loc == target
    st = bombard.gun_state(match, harko)
    assert st == {"shells": 1, "fired": 1, "refitted": False}  # the "1 Fired" marker
    assert match.decision is not None and match.decision.kind == "combat"  # 1 before a refit
    assert "must refit" in str(bombard.fire_problem(match, harko))


def test_a_shell_needs_dry_weather_and_harko_declines_with_bombard_done_15_5() -> None:
    match, target, _ = _position("combat")
    bombard.ask(match)
    assert match.decision is not None and match.decision.kind == "bombard"
    match.apply("bombard done")
    assert match.decision is not None and match.decision.kind == "combat"
    set_weather(match, "M", "nz")
    set_weather(match, "M", "sz")
    assert bombard.targets(match, match.state.units["ger-harko"]) == []


def test_the_defender_names_an_untried_unit_and_only_it_is_revealed_15_5() -> None:
    match, target, _ = _position("combat")
    for uid in RDS[:2]:
        match.place(match.state.units[uid], None)
    hidden = [put(match, uid, target) for uid in RDS[2:4]]
    assert all(match.is_untried(u) for u in hidden)
    bombard.ask(match)
    match.apply(f"bombard ger-harko {target}")
    events = match.apply(f"shelled {hidden[0].id}")
    revealed = [e.data.get("unit") for e in events if e.kind == "reveal"]
    assert revealed == [hidden[0].id] and match.is_untried(hidden[1])


def test_the_fired_marker_comes_off_with_a_refit_for_one_mrp_then_two_shells_15_5() -> None:
    match, _, _ = _position("refit")
    harko = match.state.units["ger-harko"]
    bombard.gun_state(match, harko, keep=True).update(shells=1, fired=1)
    points(match, AXIS)["mrp"] = 0
    refused(match, "shellrefit ger-harko", "1 MRP", rule="PMD 15.5")
    points(match, AXIS)["mrp"] = 1
    match.apply("shellrefit ger-harko")
    assert points(match, AXIS)["mrp"] == 0 and harko.flags["refit"]  # the Refit marker
    assert bombard.gun_state(match, harko) == {"shells": 1, "fired": 0, "refitted": True}
    assert "refitting" in str(bombard.fire_problem(match, harko))
    refused(match, "shellrefit ger-harko", "no Fired marker", rule="PMD 15.5")
    assert bombard.fire_limit(match, harko) == 2  # after the first refit: 2 shells a refit
    to_phase(match, AXIS, "combat")
    to_phase(match, AXIS, "refit")  # next week: the Refit marker came off at Cleanup
    assert not harko.flags.get("refit")
    bombard.gun_state(match, harko, keep=True)["fired"] = 2  # the "2 Fired" marker
    assert "must refit" in str(bombard.fire_problem(match, harko))


def test_disassembly_takes_a_week_without_shells_then_harko_moves_15_5() -> None:
    match, target, _ = _position("refit")
    harko = match.state.units["ger-harko"]
    match.apply("disassemble ger-harko")
    assert harko.flags["assembly"] == "disassembling"
    assert "once assembled" in str(bombard.fire_problem(match, harko))
    refused(match, "shellrefit ger-harko", "no Fired marker", rule="PMD 15.5")
    to_phase(match, AXIS, "combat")
    assert harko.flags["assembly"] == "disassembling"
    to_phase(match, AXIS, "refit")
    assert "assembly" not in harko.flags and bombard.wargame_move_locked(match, harko) is None


def test_a_shell_marker_is_rebuilt_for_one_mrp_up_to_two_15_5() -> None:
    """15.5 (ruling BM2): 1 MRP a shell, at most 2 under the gun or on their way; a rebuilt one
    arrives in the North OKH area, not under its gun, and cannot be fired from there."""
    match, _, _ = _position("reinforce")
    harko = match.state.units["ger-harko"]
    points(match, AXIS)["mrp"] = 3
    refused(match, "shell ger-harko", "its 2 shell markers", rule="PMD 15.5")
    bombard.gun_state(match, harko, keep=True)["shells"] = 0
    match.apply("shell ger-harko")
    assert points(match, AXIS)["mrp"] == 2
    assert bombard.gun_state(match, harko)["shells"] == 0  # not with its gun at once
    assert bombard.travelling(match) == {"shell-ger-harko-1": "box:okh-north"}
    assert "no shell marker" in str(bombard.fire_problem(match, harko))
    match.apply("shell ger-harko")
    refused(match, "shell ger-harko", "on their way", rule="PMD 15.5")
    assert points(match, AXIS)["mrp"] == 1


def _shell_on_its_way() -> tuple[Match, str]:
    """The Axis Initial Movement Phase; HARKO (not assembled) alone in an urban hex of the
    north half west of the GAS line with no enemy near, a rebuilt shell of it in the North OKH
    area. The hex."""
    from wargame.games.proud_monster_deluxe import strategic

    match = at_phase(AXIS, "movement")
    town = next(h for h in sorted(strategic.reachable(match, "north")) if strategic.urban(match, h))
    put(match, "ger-harko", town)
    harko = match.state.units["ger-harko"]
    st = bombard.gun_state(match, harko, keep=True)
    st["shells"] = 1
    st["travelling"] = {"shell-ger-harko-1": "box:okh-north"}
    return match, town


def test_a_rebuilt_shell_moves_strategically_to_its_gun_counting_one_step_15_5_11_2() -> None:
    """15.5, 15.10, 11.2 (ruling BM2): the shell marker goes by Axis strategic movement from
    its OKH area to its gun's urban hex, 1 step of the week's 8, and joins the gun there; it
    goes nowhere else alone, and moves once a week."""
    from wargame.games.proud_monster_deluxe import strategic

    match, town = _shell_on_its_way()
    harko = match.state.units["ger-harko"]
    other = next(
        h
        for h in sorted(strategic.reachable(match, "north"))
        if strategic.urban(match, h) and h != town
    )
    legal = {str(a) for a in match.legal_actions() if str(a).startswith("strategic shell")}
    assert legal == {
        f"strategic shell-ger-harko-1 {town}",
        "strategic shell-ger-harko-1 box:okh-south",
    }
    refused(match, f"strategic shell-ger-harko-1 {other}", "ruling BM2", rule="PMD 15.5")
    before = strategic.used(match)
    match.apply(f"strategic shell-ger-harko-1 {town}")
    assert strategic.used(match) == before + strategic.MARKER_STEPS == before + 1
    assert bombard.gun_state(match, harko)["shells"] == 2 and bombard.travelling(match) == {}


def test_a_shell_keeps_11_2s_limits_and_waits_for_harko_to_come_to_it_15_5_11_2() -> None:
    """11.2's limits bind the shell marker: no move to a hex next to an enemy unit, one move a
    week (the other OKH area this week, not on from it); HARKO that comes to its waiting shell
    (stacked with it, 15.5) picks it up."""
    match, town = _shell_on_its_way()
    harko = match.state.units["ger-harko"]
    enemy = next(n for n in sorted(match.topology.neighbours(town)) if plain(match, n))
    rd = match.reveal(put(match, RDS[0], enemy)) or match.state.units[RDS[0]]
    refused(match, f"strategic shell-ger-harko-1 {town}", "enemy", rule="PMD 11.2")
    match.place(rd, None)
    match.apply("strategic shell-ger-harko-1 box:okh-south")
    refused(match, "strategic shell-ger-harko-1 box:okh-north", "this week", rule="PMD 11.2")
    assert bombard.travelling(match) == {"shell-ger-harko-1": "box:okh-south"}
    bombard.gun_state(match, harko, keep=True)["travelling"]["shell-ger-harko-1"] = "box:okh-north"
    match.apply("strategic ger-harko box:okh-north")  # HARKO comes to it
    assert bombard.gun_state(match, harko)["shells"] == 2 and bombard.travelling(match) == {}


def test_a_destroyed_gun_takes_its_shells_out_of_the_game_15_5_15_21() -> None:
    match, _, _ = _position("combat")
    harko = match.state.units["ger-harko"]
    match.eliminate(harko, "test", "PMD 15.5")
    assert bombard.gun_state(match, harko)["shells"] == 0 and "assembly" not in harko.flags


def test_the_mad_fires_without_assembly_and_two_shells_before_a_refit_15_21() -> None:
    match, target, origin = _position("combat")
    match.place(match.state.units["ger-harko"], None)
    mad = put(match, "ger-mad", origin)
    assert bombard.fire_problem(match, mad) is None and bombard.fire_limit(match, mad) == 2
    bombard.ask(match)
    match.apply(f"bombard ger-mad {target}")
    match.apply(f"shelled {RDS[0]}")
    assert bombard.gun_state(match, mad)["fired"] == 1
    assert match.decision is not None and match.decision.kind == "combat"  # one a phase
    assert "asked" not in match.state.ns(bombard.NS)  # the round is over


# ----------------------------------------------------------- Heavy Gustav and Dora (15.10)


def _lra(uid: str) -> tuple[Match, str, str]:
    match = at_phase(AXIS, "refit")
    _dry(match)
    target, origin = _pair(match)
    put(match, uid, origin)
    match.reveal(put(match, RDS[0], target))
    return match, target, origin


def test_gustav_assembles_in_five_weeks_and_a_halted_assembly_reverses_15_10() -> None:
    match, _, _ = _lra("ger-lra-gustav")
    gustav = match.state.units["ger-lra-gustav"]
    match.apply("assemble ger-lra-gustav")
    assert gustav.flags["assembly_left"] == 5
    for _ in range(2):
        bombard.assembly_done(match, CLEANUP)  # two Axis Cleanups
    assert gustav.flags["assembly_left"] == 3 and gustav.flags["assembly"] == "assembling"
    match.apply("disassemble ger-lra-gustav")  # halted: 2 weeks done, 2 to undo
    assert gustav.flags == {**gustav.flags, "assembly": "disassembling", "assembly_left": 2}
    for _ in range(2):
        bombard.assembly_done(match, CLEANUP)
    assert "assembly" not in gustav.flags and "assembly_left" not in gustav.flags


def test_dora_assembles_in_four_weeks_and_fires_two_hexes_15_10() -> None:
    match, target, origin = _lra("ger-lra-dora")
    dora = match.state.units["ger-lra-dora"]
    assert bombard.gun_state(match, dora)["shells"] == 0  # the 2 shells came with Gustav
    match.apply("assemble ger-lra-dora")
    for _ in range(4):
        bombard.assembly_done(match, CLEANUP)
    assert dora.flags["assembly"] == "assembled"
    topo = match.topology
    far = next(
        h
        for n in sorted(topo.neighbours(origin))
        for h in sorted(topo.neighbours(n))
        if topo.distance(origin, h) == 2
    )
    match.place(match.state.units[RDS[0]], far)
    assert "no shell marker" in str(bombard.fire_problem(match, dora))
    bombard.gun_state(match, dora, keep=True)["shells"] = 1
    assert bombard.fire_problem(match, dora) is None and bombard.targets(match, dora) == [far]


def test_the_lra_shells_are_two_for_both_guns_15_10() -> None:
    match = at_phase(AXIS, "reinforce")
    _, origin = _pair(match)
    gustav = put(match, "ger-lra-gustav", origin)
    dora = put(match, "ger-lra-dora", origin)
    points(match, AXIS)["mrp"] = 3
    refused(match, "shell ger-lra-dora", "2 shell markers", rule="PMD 15.10")
    bombard.gun_state(match, gustav, keep=True)["shells"] = 1
    match.apply("shell ger-lra-dora")  # named for Dora, it serves her only
    assert bombard.owned(match, dora) == 1 and bombard.lra_shells(match) == 2
    assert bombard.travelling(match) == {"shell-ger-lra-dora-1": "box:okh-north"}


def test_gustav_moves_strategically_only_to_an_urban_hex_and_has_no_steps_15_10() -> None:
    match, _, _ = _lra("ger-lra-gustav")
    gustav = match.state.units["ger-lra-gustav"]
    assert artillery.stepless(match, gustav)
    decision = match.decision
    assert decision is not None
    action = Action.parse(f"strategic ger-lra-gustav {_pair(match)[0]}")
    assert "urban hex" in str(bombard.wargame_veto(match, decision, action))
    assert (
        bombard.wargame_veto(match, decision, Action.parse("strategic ger-lra-gustav 1808")) is None
    )


# ------------------------------------------------------------ the count limits of 6.1


def test_one_flak_and_one_artillery_unit_an_axis_hex_five_soviet_artillery_6_1() -> None:
    """6.1: beside the division limit, an Axis hex holds at most 1 flak and 1 artillery unit
    (HARKO, Gustav, Dora, the MAD; so at most 2 shell markers), a Soviet hex 5 artillery."""
    from wargame.mechanics import stacking

    match = at_phase(AXIS, "refit")
    _, origin = _pair(match)
    for uid in ("ger-harko", "ger-flak-1", "ger-flak-2", "ger-lra-gustav"):
        put(match, uid, origin)
    assert not stacking.over(match, AXIS, ["ger-harko", "ger-flak-1"], origin)
    assert stacking.over(match, AXIS, ["ger-harko", "ger-lra-gustav"], origin)
    assert stacking.over(match, AXIS, ["ger-flak-1", "ger-flak-2"], origin)
    guns = [
        c
        for c, v in match.counters_doc["counters"].items()
        if v.get("type") == "sov-art" and v["side"] == SOVIET
    ]
    assert len(guns) >= 6
    for uid in guns[:6]:
        put(match, uid, origin)
    assert not stacking.over(match, SOVIET, guns[:5], origin)
    assert stacking.over(match, SOVIET, guns[:6], origin)
