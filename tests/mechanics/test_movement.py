"""The movement mechanic on Hexland variants: terrain chart costs, roads, river hexsides by side,
prohibited terrain, stacks, reinforcement entry, one move per phase, exact path checks.

Hexland's chart (movement scale 2, so 1 MP is 2 units in ``flags["mp"]``): clear 1, forest 1 for
infantry and 2 for others, swamp 3 and prohibited to mechanized units, road 1/2 along a connected
road, river hexside +2 for Blue and +1 for Red, lake hexsides impassable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant, put
from wargame.match import Match
from wargame.mechanics import movement
from wargame.plugins import Title
from wargame.testing import refused

MECHANICS = ["movement", "rigid-zoc", "combat", "step-losses", "retreat-advance", "stacking"]


def title(tmp_path: Path, setup: dict[str, Any], **kw: Any) -> Title:
    kw.setdefault("mechanics", MECHANICS)
    kw.setdefault("sequence", SIMPLE_SEQUENCE)
    return make_variant(tmp_path, scenario_setup=setup, **kw)


def at(side: str, units: list[str], loc: str) -> dict[str, Any]:
    return {"side": side, "units": units, "at": [loc]}


FAR_RED = {"r": at("red", ["r1"], "1210")}  # a red unit out of everyone's way


def spent_mp(match: Match, unit_id: str) -> float:
    unit = match.state.units[unit_id]
    return movement.spent(match, unit) / movement.scale(match)


# ----------------------------------------------------------------------------- terrain costs


@pytest.mark.parametrize(
    ("unit", "path", "mp"),
    [
        ("1-inf", ["0204", "0304"], 1),  # clear
        ("1-inf", ["0304", "0303"], 1),  # forest, infantry rate
        ("7-arm", ["0304", "0303"], 2),  # forest, everyone else
        ("7-arm", ["0204", "0304", "0403"], 3),  # clear then forest
        ("1-inf", ["0607", "0708"], 3),  # swamp 3
        ("1-inf", ["0608", "0708"], 5),  # swamp 3 + river +2 for Blue
        ("1-inf", ["0609", "0608"], 1),  # no hexside crossed
    ],
)
def test_costs_come_from_the_terrain_chart(
    tmp_path: Path, unit: str, path: list[str], mp: float
) -> None:
    m = Match(title(tmp_path, {"b": at("blue", [unit], path[0]), **FAR_RED}))
    m.apply(f"move {unit} {' '.join(path)}")
    assert m.state.units[unit].loc == path[-1]
    assert spent_mp(m, unit) == mp


def test_road_rate_only_along_a_connected_road(tmp_path: Path) -> None:
    """0302, 0402 and 0303 touch each other; the road runs 0302-0402-0303, so stepping straight
    from 0302 into 0303 crosses no road hexside and pays the forest."""

    def road(docs: dict[str, dict[str, Any]]) -> None:
        docs["map"]["lines"].append({"kind": "road", "hexes": ["0302", "0402", "0303"]})

    t = title(tmp_path, {"b": at("blue", ["7-arm", "8-arm"], "0302"), **FAR_RED}, edit=road)
    m = Match(t)
    m.apply("move 7-arm 0302 0303")
    m.apply("move 8-arm 0302 0402 0303")
    assert spent_mp(m, "7-arm") == 2
    assert spent_mp(m, "8-arm") == 1


def test_main_road_costs_half_a_point_a_hex(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0105"), **FAR_RED}))
    m.apply("move 1-inf 0105 0205 0305 0405 0505 0605 0705 0805 0905 1005 1105")
    assert m.state.units["1-inf"].loc == "1105"
    assert spent_mp(m, "1-inf") == 5  # ten road hexes on 5 MP, across the bridged river


def test_river_hexside_extra_depends_on_the_side(tmp_path: Path) -> None:
    setup = {"b": at("blue", ["1-inf"], "0604"), "r": at("red", ["r1"], "0710")}
    m = Match(title(tmp_path, setup))
    m.apply("move 1-inf 0604 0704")
    assert spent_mp(m, "1-inf") == 3  # clear 1 + river 2 (Blue)
    m.apply("end")
    m.apply("end")
    m.apply("move r1 0710 0610")
    assert spent_mp(m, "r1") == 2  # clear 1 + river 1 (Red)


def test_lake_hexside_is_impassable(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0209"), **FAR_RED}))
    refused(m, "move 1-inf 0209 0210", "may not move from 0209 into 0210 (terrain)")
    assert "0210" in movement.tree(m, m.state.units["1-inf"])  # around the lake instead


def test_swamp_is_prohibited_to_mechanized_units(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["7-arm", "1-inf"], "0707"), **FAR_RED}))
    refused(m, "move 7-arm 0707 0708", "7-arm may not move from 0707 into 0708 (terrain)")
    reach = movement.tree(m, m.state.units["7-arm"])
    assert not {"0708", "0709", "0808"} & set(reach)
    for action in m.legal_actions():
        if action.verb == "move" and action.args[0] == "7-arm":
            assert not {"0708", "0709", "0808"} & set(action.args[1:])
    m.apply("move 1-inf 0707 0708")  # infantry wades in at 3 MP
    assert spent_mp(m, "1-inf") == 3


def test_a_class_changed_in_play_is_the_one_movement_reads(tmp_path: Path) -> None:
    """``Match.unit_type`` reads a unit's ``mobility`` flag (a rule changed its class in play,
    PMD 6.1): the armour given the infantry's class wades into the swamp; without it, not."""
    m = Match(title(tmp_path, {"b": at("blue", ["7-arm"], "0707"), **FAR_RED}))
    arm = m.state.units["7-arm"]
    own = m.unit_type(arm)["mobility"]
    infantry = m.unit_type(m.new_unit("1-inf", None))["mobility"]
    assert own != infantry
    arm.flags["mobility"] = infantry
    m.touch()
    assert m.unit_type(arm)["mobility"] == infantry
    m.apply("move 7-arm 0707 0708")
    assert arm.loc == "0708"
    del arm.flags["mobility"]
    m.touch()
    assert m.unit_type(arm)["mobility"] == own


# ----------------------------------------------------------------------------- budgets and paths


def test_a_path_beyond_the_allowance_is_refused(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0104"), **FAR_RED}))
    refused(m, "move 1-inf 0104 0204 0304 0404 0504 0604 0704", "1-inf needs 8 MP, has 5")


def test_every_legal_move_fits_the_allowance_and_passes_its_check(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf", "7-arm"], "0305"), **FAR_RED}))
    moves = [a for a in m.legal_actions() if a.verb == "move"]
    assert moves
    for action in moves:
        assert m.check(action) is None
        for uid in action.args[0].split(","):
            cost, why = movement.path_cost(m, m.state.units[uid], list(action.args[1:]))
            assert why is None and cost is not None
            assert cost <= movement.allowance(m, m.state.units[uid])


def test_legal_moves_list_the_cheapest_path_and_any_legal_path_is_accepted(
    tmp_path: Path,
) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["7-arm"], "0204"), **FAR_RED}))
    listed = [a for a in m.legal_actions() if a.verb == "move" and a.args[-1] == "0404"]
    assert [list(a.args[1:]) for a in listed] == [["0204", "0304", "0404"]]
    m.apply("move 7-arm 0204 0304 0403 0404")  # through forest: dearer but legal
    assert spent_mp(m, "7-arm") == 5  # clear 1 + forest 2 + forest 2


def test_paths_are_checked_step_by_step(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0305"), **FAR_RED}))
    refused(m, "move 1-inf 0305 0505", "0305 and 0505 are not adjacent")
    refused(m, "move 1-inf 0405 0505", "1-inf is at 0305, not 0405")
    refused(m, "move 1-inf,1-inf 0305 0405", "a unit is listed twice")
    refused(m, "move 1-inf 0305", "usage: move")
    refused(m, "move 9-inf 0305 0405", "no unit 9-inf")


def test_enemy_units_are_never_entered(tmp_path: Path) -> None:
    setup = {"b": at("blue", ["1-inf"], "0103"), "r": at("red", ["r1"], "0105")}
    t = title(
        tmp_path,
        setup,
        mechanics=["movement", "no-zoc", "combat", "step-losses", "retreat-advance"],
    )
    m = Match(t)
    refused(m, "move 1-inf 0103 0104 0105 0106", "may not enter 0105: 0105 holds enemy units")


def test_a_unit_moves_once_per_phase(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0305"), **FAR_RED}))
    m.apply("move 1-inf 0305 0405")
    assert movement.done(m, m.state.units["1-inf"])
    assert not [a for a in m.legal_actions() if a.verb == "move"]
    refused(m, "move 1-inf 0405 0505", "1-inf has already moved this phase")


def test_moved_flags_belong_to_the_phase(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0305"), **FAR_RED}))
    m.apply("move 1-inf 0305 0405")
    for _ in range(4):  # blue combat, red movement, red combat, blue movement of turn 2
        m.apply("end")
    assert m.turn == 2 and m.decision is not None and m.decision.kind == "movement"
    assert not movement.done(m, m.state.units["1-inf"])
    assert movement.spent(m, m.state.units["1-inf"]) == 0
    m.apply("move 1-inf 0405 0505")


def test_the_other_side_may_not_move(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf"], "0305"), **FAR_RED}))
    refused(m, "move r1 1210 1209", "r1 is not yours")


def test_listed_units_is_the_one_unit_list_check_of_every_move_verb(tmp_path: Path) -> None:
    """``listed_units`` checks move, overrun, strategic and PGG rail lists: each refusal in
    turn, a verb's own ``problem`` in place of the default (not a mover), the units on success."""
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf", "7-arm"], "0305"), **FAR_RED}))
    d = m.decision
    assert d is not None

    def check(ids: str, start: str = "0305", **kw: Any) -> str | None:
        before = m.state_hash()
        units, why = movement.listed_units(m, d, ids.split(","), start, **kw)
        assert m.state_hash() == before
        assert (units == []) == (why is not None)
        return why

    assert check("1-inf,1-inf") == "a unit is listed twice"
    assert check("1-inf,9-inf") == "no unit 9-inf"
    assert check("1-inf,r1") == "r1 is not yours (it is red's)"
    assert check("1-inf", "0405") == "1-inf is at 0305, not 0405"
    assert check("7-arm", problem=lambda u: f"{u.id} may not (rule 1.1)") == (
        "7-arm may not (rule 1.1)"
    )
    units, why = movement.listed_units(m, d, ["7-arm", "1-inf"], "0305")
    assert why is None and [u.id for u in units] == ["7-arm", "1-inf"]
    m.apply("move 1-inf 0305 0405")
    assert check("1-inf", "0405") == "1-inf has already moved this phase"


# ----------------------------------------------------------------------------- stacks


def test_a_stack_moves_together_at_the_pace_of_its_slowest_unit(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["1-inf", "7-arm"], "0204"), **FAR_RED}))
    stack_moves = [a for a in m.legal_actions() if a.verb == "move" and "," in a.args[0]]
    assert stack_moves
    reach = movement.tree(m, m.state.units["1-inf"])
    assert {a.args[-1] for a in stack_moves} <= set(reach)
    refused(m, "move 1-inf,7-arm 0204 0304 0404 0504 0604 0605 0606", "1-inf needs 6 MP, has 5")
    m.apply("move 1-inf,7-arm 0204 0304 0303")
    assert [m.state.units[u].loc for u in ("1-inf", "7-arm")] == ["0303", "0303"]
    assert spent_mp(m, "1-inf") == 2 and spent_mp(m, "7-arm") == 3  # each pays its own rate
    assert movement.done(m, m.state.units["1-inf"]) and movement.done(m, m.state.units["7-arm"])


def test_units_of_a_stack_may_also_move_alone(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": at("blue", ["7-arm", "8-arm"], "0203"), **FAR_RED}))
    m.apply("move 7-arm 0203 0204")
    m.apply("move 8-arm 0203 0202")
    assert [m.state.units[u].loc for u in ("7-arm", "8-arm")] == ["0204", "0202"]


def test_a_stack_of_units_from_different_locations_is_refused(tmp_path: Path) -> None:
    setup = {"b": at("blue", ["7-arm"], "0203"), "c": at("blue", ["8-arm"], "0204"), **FAR_RED}
    m = Match(title(tmp_path, setup))
    refused(m, "move 7-arm,8-arm 0203 0303", "8-arm is at 0204, not 0203")


# ----------------------------------------------------------------------------- phase filters


def test_a_phase_may_move_only_some_unit_classes(tmp_path: Path) -> None:
    """A mechanized movement phase (PGG 6.23) through the phase option ``units``."""
    sequence = {
        "player_turns": [
            {"side": "blue", "phases": [
                {"id": "mech", "kind": "movement", "options": {"units": {"tags": ["mech"]}}}]},
            {"side": "red", "phases": [{"id": "movement", "kind": "movement"}]},
        ]
    }  # fmt: skip
    setup = {"b": at("blue", ["1-inf", "7-arm"], "0305"), **FAR_RED}
    m = Match(title(tmp_path, setup, sequence=sequence))
    movers = {a.args[0] for a in m.legal_actions() if a.verb == "move"}
    assert movers == {"7-arm"}
    refused(m, "move 1-inf 0305 0405", "1-inf may not move now")
    m.apply("move 7-arm 0305 0405")


# ----------------------------------------------------------------------------- entering the map


def test_a_unit_entering_from_a_box_pays_for_its_first_hex(tmp_path: Path) -> None:
    m = Match(title(tmp_path, FAR_RED))
    put(m, "3-inf", "box:reinforcements", entry=["0102", "0105", "0108"])
    entries = {a.args[2] for a in m.legal_actions() if a.verb == "move"}
    assert entries == {"0102", "0105", "0108"}
    m.apply("move 3-inf box:reinforcements 0105 0205 0305")
    assert m.state.units["3-inf"].loc == "0305"
    assert spent_mp(m, "3-inf") == 2  # clear 1 to enter 0105, then two road hexes at 1/2
    assert "entry" not in m.state.units["3-inf"].flags


def test_a_unit_enters_only_where_its_entry_allows(tmp_path: Path) -> None:
    m = Match(title(tmp_path, FAR_RED))
    put(m, "3-inf", "box:reinforcements", entry=["0102", "0105", "0108"])
    refused(m, "move 3-inf box:reinforcements 0104 0204", "3-inf enters only at 0102, 0105, 0108")


def test_units_in_a_box_without_an_entry_do_not_move(tmp_path: Path) -> None:
    m = Match(title(tmp_path, FAR_RED))
    put(m, "3-inf", "box:reinforcements")
    assert not [a for a in m.legal_actions() if a.verb == "move" and a.args[0] == "3-inf"]


# ----------------------------------------------------------------------------- min one step


def test_min_one_step_lets_a_unit_enter_one_hex_whatever_the_cost(tmp_path: Path) -> None:
    """Barbarossa 10.3: one hex for the whole allowance, but never into prohibited terrain."""

    def slow(docs: dict[str, dict[str, Any]]) -> None:
        docs["counters"]["counters"]["1-inf"]["steps"][0]["values"]["movement"] = 2

    setup = {"b": at("blue", ["1-inf"], "0608"), **FAR_RED}
    plain = Match(title(tmp_path, setup, edit=slow, name="plain"))
    refused(plain, "move 1-inf 0608 0708", "1-inf needs 5 MP, has 2")
    t = title(tmp_path, setup, edit=slow, name="one", options={"movement": {"min_one_step": True}})
    m = Match(t)
    m.apply("move 1-inf 0608 0708")
    assert m.state.units["1-inf"].loc == "0708"
    assert spent_mp(m, "1-inf") == 5  # more than it had: the one guaranteed hex
    m2 = Match(t)
    refused(m2, "move 1-inf 0608 0708 0709", "1-inf needs 8 MP, has 2")
    refused(m2, "move 1-inf 0608 0509 0409 0309", "1-inf needs 3 MP, has 2")


# ----------------------------------------------------------------------------- a property


@pytest.fixture(scope="module")
def open_field(tmp_path_factory: pytest.TempPathFactory) -> Title:
    setup = {
        "b": at("blue", ["1-inf", "2-inf"], "0305"),
        "a": at("blue", ["7-arm", "8-arm"], "0203"),
        "r": at("red", ["r1"], "0905"),
    }
    return title(tmp_path_factory.mktemp("movement"), setup)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=500))
def test_any_legal_move_leaves_the_unit_within_its_allowance(
    open_field: Title, seed: int, pick: int
) -> None:
    m = Match(open_field, seed=seed)
    moves = [a for a in m.legal_actions() if a.verb == "move"]
    action = moves[pick % len(moves)]
    before = {u.id: u.loc for u in m.state.units.values()}
    m.apply(action)
    for uid in action.args[0].split(","):
        unit = m.state.units[uid]
        assert unit.loc == action.args[-1] != before[uid]
        assert 0 < movement.spent(m, unit) <= movement.allowance(m, unit)
