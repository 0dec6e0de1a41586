"""The supply mechanic: traced lines with their paths, every refusal explained, the title's own
answer first, the out-of-supply flag set and cleared at phase starts, halved movement.

Hexland variants add the mechanic to a hex title with rigid ZOC; Linkland uses it as shipped (a
network with enemy-controlled points blocking, a marsh that may be entered but not left, a
length limit for West, a fortress that supplies itself).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import movement, zoc
from wargame.mechanics import supply as sup
from wargame.mechanics.supply import halved_allowance, supply_line
from wargame.movement import cheapest_path
from wargame.plugins import MECHANICS, GameDef, Registry, Title
from wargame.state import Unit

HEX_SUPPLY: dict[str, Any] = {
    "sources": {"blue": ["edge:west"], "red": ["edge:east"]},
    "check": ["movement"],
    "halve_movement": True,
    "rule": "HL 11.1",
}


def variant(
    title: Title,
    mechanics: Iterable[str] | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    rules: Iterable[object] = (),
) -> Title:
    """``title`` with other mechanics, settings merged over its own, and extra rules plugins
    (asked before the title's own rules)."""
    manifest = title.manifest
    merged = {name: dict(opts) for name, opts in manifest.mechanic_options.items()}
    for name, opts in (options or {}).items():
        merged.setdefault(name, {}).update(opts)
    new = manifest.model_copy(
        update={
            "mechanics": list(manifest.mechanics if mechanics is None else mechanics),
            "mechanic_options": merged,
        }
    )
    d = title.definition
    return Title(GameDef(d.id, d.data, (*d.rules, *rules)), new, title.data)


def hex_title(hexland: Title, rules: Iterable[object] = (), **opts: Any) -> Title:
    return variant(
        hexland,
        [*hexland.manifest.mechanics, "supply"],
        {"supply": {**HEX_SUPPLY, **opts}},
        rules,
    )


def link_title(linkland: Title, rules: Iterable[object] = (), **opts: Any) -> Title:
    return variant(linkland, options={"supply": opts}, rules=rules)


def empty_board(title: Title) -> Match:
    """A match at its first decision with every unit taken off the map."""
    match = Match(title, seed=0)
    for unit in list(match.state.units.values()):
        match.place(unit, None)
    return match


def put(match: Match, counter: str, loc: str, uid: str | None = None) -> Unit:
    """A unit of ``counter`` at ``loc`` (a fresh copy when ``uid`` is given)."""
    if uid is None:
        unit = match.state.units[counter]
        match.place(unit, loc)
        return unit
    return match.new_unit(counter, loc, unit_id=uid)


def adjacent_path(match: Match, path: list[str]) -> bool:
    return all(b in match.topology.neighbours(a) for a, b in zip(path, path[1:], strict=False))


@pytest.fixture(scope="module")
def linkland(registry: Registry) -> Title:
    return registry.get("linkland")


def test_supply_is_a_shared_mechanic() -> None:
    assert MECHANICS["supply"] == "wargame.mechanics.supply"


# ----------------------------------------------------------------------------- hex traces


def test_a_clear_hex_line_runs_to_the_nearest_source(hexland: Title) -> None:
    match = empty_board(hex_title(hexland))
    unit = put(match, "1-inf", "0505")
    answer = supply_line(match, unit)
    assert answer["state"] == "supplied"
    path = answer["path"]
    assert path[0] == "0505" and path[-1] in match.topology.region("edge:west")
    assert adjacent_path(match, path)
    assert len(path) - 1 == 4 == answer["length"]
    assert answer["why"] == f"traces 4 hex(es) to {path[-1]} (HL 11.1)"


def test_a_wall_of_enemy_units_cuts_the_line(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, zoc="ignored"))
    for row in range(1, 11):
        put(match, "hq-red", f"02{row:02d}", uid=f"wall{row}")
    unit = put(match, "1-inf", "0505")
    answer = supply_line(match, unit)
    assert answer == {
        "state": "out",
        "path": [],
        "why": answer["why"],
    }
    assert answer["why"].startswith("enemy units block the way at 02")
    assert answer["why"].endswith("(HL 11.1)")


def zoc_lane(match: Match) -> Unit:
    """Red units on 03 odd rows put every way west from 0605 under their ZOC (none on the even
    rows between them); returns the blue unit at 0605."""
    for row in (1, 3, 5, 7, 9):
        put(match, "hq-red", f"03{row:02d}", uid=f"z{row}")
    return put(match, "1-inf", "0605")


def test_enemy_zoc_cuts_the_line_unless_friendly_units_stand_in_it(hexland: Title) -> None:
    match = empty_board(hex_title(hexland))
    unit = zoc_lane(match)
    answer = supply_line(match, unit)
    assert answer["state"] == "out"
    assert answer["why"].startswith("enemy ZOC cuts the way at ")
    # the single obstacle named is ZOC: ignoring it finds a line, whose ZOC hexes are listed
    named = answer["why"].removeprefix("enemy ZOC cuts the way at ").split(" (")[0].split(", ")
    red_zoc = zoc.zoc_of(match, "red")
    assert named and all(h in red_zoc for h in named)
    for n, hex_id in enumerate(named):  # friendly units negate the ZOC they stand in (PGG 11.11)
        put(match, "1-inf", hex_id, uid=f"f{n}")
    answer = supply_line(match, unit)
    assert answer["state"] == "supplied"
    assert set(answer["path"]) & red_zoc <= set(named) | {unit.loc}


def test_zoc_that_blocks_even_under_friendly_units(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, zoc="blocks"))
    unit = zoc_lane(match)
    red_zoc = zoc.zoc_of(match, "red")
    for n, hex_id in enumerate(sorted(red_zoc - {"0605"})):
        if not match.units_at(hex_id):
            put(match, "1-inf", hex_id, uid=f"f{n}")
    assert supply_line(match, unit)["state"] == "out"
    ignored = empty_board(hex_title(hexland, zoc="ignored"))
    unit = zoc_lane(ignored)
    assert supply_line(ignored, unit)["state"] == "supplied"


def test_a_unit_in_enemy_zoc_still_traces_from_its_own_hex(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, zoc="blocks"))
    put(match, "hq-red", "0405", uid="z")
    unit = put(match, "1-inf", "0305")
    assert "0305" in zoc.zoc_of(match, "red")
    answer = supply_line(match, unit)
    assert answer["state"] == "supplied" and answer["path"][0] == "0305"


def test_a_length_limit_in_hexes(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, limit=3))
    near, far = put(match, "1-inf", "0405"), put(match, "2-inf", "0505")
    assert supply_line(match, near)["state"] == "supplied"
    answer = supply_line(match, far)
    assert answer["state"] == "out"
    assert answer["why"] == "the nearest source is 4 hex(es) away, beyond the limit of 3 (HL 11.1)"


@pytest.mark.parametrize("counter", ["1-inf", "7-arm"])
@pytest.mark.parametrize("start", ["0403", "0503", "0603", "0707", "0808", "1005"])
def test_a_line_in_movement_points_costs_what_a_move_would(
    hexland: Title, counter: str, start: str
) -> None:
    """PGG 11.12: a line counted in the tracing unit's own movement points (Hexland: forest and
    swamp by mobility, the river by side, half-point roads) costs what the cheapest move from the
    unit to a source would cost; a limit just below that cost cuts the line."""
    match = empty_board(hex_title(hexland, limit_unit="cost"))
    unit = put(match, counter, start)
    graph = match.topology.graph()
    table = movement.cost_table(match, unit)
    found = [
        cheapest_path(graph, graph.index[start], graph.index[src], table)
        for src in sorted(match.topology.region("edge:west"))
    ]
    best = min(cost for cost, _ in filter(None, found)) / movement.scale(match)
    answer = supply_line(match, unit)
    assert answer["state"] == "supplied"
    assert answer["length"] == best
    assert answer["why"] == f"traces {best:g} MP to {answer['path'][-1]} (HL 11.1)"
    short = empty_board(hex_title(hexland, limit_unit="cost", limit=best - 0.5))
    cut = supply_line(short, put(short, counter, start))
    assert cut["why"] == (
        f"the nearest source is {best:g} MP away, beyond the limit of {best - 0.5:g} (HL 11.1)"
    )


def test_armour_lines_avoid_swamp_it_may_not_enter(hexland: Title) -> None:
    """Swamp is prohibited to mechanized units (Hexland TEC), so their lines go round it."""
    match = empty_board(hex_title(hexland, limit_unit="cost", sources={"blue": ["0708"]}))
    foot = supply_line(match, put(match, "1-inf", "0707"))
    assert foot["path"] == ["0707", "0708"]
    tanks = supply_line(match, put(match, "7-arm", "0707"))
    assert tanks["why"].startswith("no route at all to a source (0708)")


def test_lake_hexsides_block_a_trace_when_configured(hexland: Title) -> None:
    """PGG TEC: no supply across all-lake hexsides. Hexland's lake lies between 0209 and 0210."""
    sources = {"blue": ["0209"], "red": ["edge:east"]}
    match = empty_board(hex_title(hexland, sources=sources))
    assert supply_line(match, put(match, "1-inf", "0210"))["path"] == ["0210", "0209"]
    blocked = empty_board(hex_title(hexland, sources=sources, blocked_edges=["lake"]))
    around = supply_line(blocked, put(blocked, "1-inf", "0210"))["path"]
    assert len(around) == 3 and around[0] == "0210" and around[-1] == "0209"  # round the lake
    short = empty_board(hex_title(hexland, sources=sources, blocked_edges=["lake"], limit=1))
    answer = supply_line(short, put(short, "1-inf", "0210"))
    assert answer["why"] == "the nearest source is 2 hex(es) away, beyond the limit of 1 (HL 11.1)"


def test_swamp_may_be_entered_but_not_left(hexland: Title) -> None:
    """PGG TEC swamp: a line may start or end in swamp, never pass through it."""
    match = empty_board(hex_title(hexland, no_through=["swamp"], sources={"blue": ["0709"]}))
    start = put(match, "1-inf", "0708")  # swamp, next to the swamp source 0709
    assert supply_line(match, start)["path"] == ["0708", "0709"]
    beyond = put(match, "2-inf", "0707")  # 0708 (swamp) lies between it and 0709...
    answer = supply_line(match, beyond)
    assert answer["state"] == "supplied"  # ...so the line goes round it
    assert "0708" not in answer["path"][1:-1] and "0808" not in answer["path"][1:-1]


def test_every_source_held_by_the_enemy(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, sources={"blue": ["0101", "0102"]}))
    put(match, "hq-red", "0101", uid="h1")
    put(match, "hq-red", "0102", uid="h2")
    answer = supply_line(match, put(match, "1-inf", "0505"))
    assert answer["why"].startswith("every source (0101, 0102) is held or cut off by the enemy")


def test_a_side_without_sources(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, sources={"red": ["edge:east"]}))
    answer = supply_line(match, put(match, "1-inf", "0505"))
    assert answer == {"state": "out", "path": [], "why": "blue has no supply sources (HL 11.1)"}


def test_units_in_boxes(hexland: Title) -> None:
    match = empty_board(hex_title(hexland))
    unit = match.new_unit("3-inf", "box:reinforcements")
    assert supply_line(match, unit) == {
        "state": "supplied",
        "path": ["box:reinforcements"],
        "why": "off map in box:reinforcements: always in supply",
    }
    traced = empty_board(hex_title(hexland, boxes="trace"))
    answer = supply_line(traced, traced.new_unit("3-inf", "box:reinforcements"))
    assert answer["state"] == "out" and answer["why"].startswith("no route at all")


# ----------------------------------------------------------------------------- the title's answer


class AirSupply:
    """A title rule answering for one unit (like PGG 11.33's units just arrived)."""

    def __init__(self, unit_id: str, state: str = "supplied") -> None:
        self.unit_id = unit_id
        self.state = state

    @hookimpl
    def wargame_supply(self, match: Match, unit: Unit) -> dict[str, Any] | None:
        if unit.id != self.unit_id:
            return None
        return {"state": self.state, "why": "air supply (XX 1.1)", "drop": "0505"}


def test_the_titles_answer_replaces_the_trace(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, rules=[AirSupply("1-inf")], limit=1))
    dropped, other = put(match, "1-inf", "0905"), put(match, "2-inf", "0905")
    assert supply_line(match, dropped) == {
        "state": "supplied",
        "path": [],
        "why": "air supply (XX 1.1)",
        "drop": "0505",
    }
    assert supply_line(match, other)["state"] == "out"  # no answer: the trace (limit 1)


def test_a_titles_out_answer_sets_the_flag(hexland: Title) -> None:
    match = empty_board(hex_title(hexland, rules=[AirSupply("1-inf", state="out")]))
    unit = put(match, "1-inf", "0205")
    assert sup.trace(match, unit)["state"] == "supplied"  # the trace alone would supply it
    sup.check(match, ["blue"])
    assert unit.flags["oos"] is True


def test_a_titles_answer_without_a_state_is_an_error(hexland: Title) -> None:
    class Broken:
        @hookimpl
        def wargame_supply(self, match: Match, unit: Unit) -> dict[str, Any]:
            return {"why": "forgot the state"}

    match = empty_board(hex_title(hexland, rules=[Broken()]))
    with pytest.raises(ValueError, match="has no 'state'"):
        supply_line(match, put(match, "1-inf", "0205"))


# ----------------------------------------------------------------------------- flags and effects


@pytest.mark.parametrize(
    ("value", "halved"), [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (9, 4), (8.5, 4)]
)
def test_halved_allowance_drops_fractions_never_below_one(value: float, halved: float) -> None:
    assert halved_allowance(value) == halved  # PGG 11.31-11.32


def east_cut_off(match: Match) -> None:
    """West takes the three eastern edge points (and Moffat's tank steps aside): East's line to
    its hinterland box is cut everywhere except in the Kelso fortress."""
    match.place(match.state.units["1-tank"], "jarrow")
    for loc in ("lanark", "moffat", "nairn"):
        match.set_control(loc, "west")


def test_linkland_start_every_line_explained(linkland: Title) -> None:
    match = Match(linkland, seed=0)
    for unit in match.units_of("west"):
        answer = supply_line(match, unit)
        assert answer["state"] == "supplied"
        assert answer["path"][0] == unit.loc and answer["path"][-1] in ("aston", "corwen")
        assert adjacent_path(match, answer["path"])
        assert answer["why"].endswith("link(s) to " + answer["path"][-1] + " (LL 11.1)")
    tank = supply_line(match, match.state.units["1-tank"])
    assert tank["path"] == ["moffat", "box:east"]  # into the hinterland box by its box link
    garrison = supply_line(match, match.state.units["kelso-garrison"])
    assert garrison == {
        "state": "supplied",
        "path": ["kelso"],
        "why": "in the fortress of Kelso (LL 11.4)",
    }


def test_enemy_controlled_points_cut_a_network_line(linkland: Title) -> None:
    match = Match(linkland, seed=0)
    east_cut_off(match)
    answer = supply_line(match, match.state.units["9-army"])
    assert answer["state"] == "out"
    assert answer["why"].startswith("the enemy controls ")
    assert "moffat" in answer["why"]
    assert supply_line(match, match.state.units["6-army"])["state"] == "supplied"  # fortress
    match.place(match.state.units["1-tank"], "moffat")  # a friendly unit reopens Moffat
    assert supply_line(match, match.state.units["9-army"])["path"] == [
        "jarrow",
        "moffat",
        "box:east",
    ]


def test_out_of_supply_flag_set_at_the_phase_start_and_cleared_later(linkland: Title) -> None:
    match = Match(linkland, seed=0)
    east_cut_off(match)
    match.apply("end")  # West movement
    match.apply("end")  # West combat; East movement starts: East checks supply
    cut = {"3-army", "5-army", "9-army", "1-tank"}
    assert {u.id for u in match.units_of("east") if u.flags.get("oos")} == cut
    tank = match.state.units["1-tank"]
    assert movement.allowance(match, tank) == 2 * movement.scale(match)  # 4 MP halved
    army = match.state.units["3-army"]
    assert movement.allowance(match, army) == 1 * movement.scale(match)  # 2 MP halved
    reach = {str(a) for a in match.legal_actions() if a.args and a.args[0] == "1-tank"}
    assert "move 1-tank jarrow moffat nairn" not in reach  # 1 + 2 MP: more than 2
    assert "move 1-tank jarrow moffat" in reach  # highway 0.5

    for loc in ("lanark", "moffat", "nairn"):
        match.set_control(loc, "east")
    while match.turn < 2 or match.phasing != "east":
        match.apply("end")  # nobody moves or attacks
    assert match.decision is not None and match.decision.kind == "movement"
    assert not any(u.flags.get("oos") for u in match.units_of("east"))


def test_the_check_reports_changes_as_events(linkland: Title) -> None:
    match = Match(linkland, seed=0)
    east_cut_off(match)
    events = match.apply("end")
    events += match.apply("end")
    supply_events = [e for e in events if e.kind == "supply"]
    assert sorted(e.data["unit"] for e in supply_events) == ["1-tank", "3-army", "5-army", "9-army"]
    for event in supply_events:
        assert event.text.startswith(f"{event.data['unit']} is out of supply: ")
        assert event.data["state"] == "out" and event.data["path"] == []
        assert event.rule == "LL 11.1"


def test_supplied_units_keep_full_allowance_and_no_flag(linkland: Title) -> None:
    match = Match(linkland, seed=0)
    assert not any(u.flags.get("oos") for u in match.state.units.values())
    pz = match.state.units["1-pz"]
    assert movement.allowance(match, pz) == 4 * movement.scale(match)


def test_halving_is_a_setting(linkland: Title) -> None:
    match = Match(link_title(linkland, halve_movement=False), seed=0)
    tank = match.state.units["1-tank"]
    tank.flags["oos"] = True
    match.touch()
    assert movement.allowance(match, tank) == 4 * movement.scale(match)


# ----------------------------------------------------------------------------- network traces


def linkland_board(title: Title, **placements: str) -> Match:
    match = empty_board(title)
    for uid, loc in placements.items():
        put(match, uid.replace("_", "-"), loc)
    return match


def test_marsh_may_be_entered_but_not_passed_through(linkland: Title) -> None:
    title = link_title(linkland, enemy_control_blocks=False, limit=None)
    match = linkland_board(
        title, I_corps="irvine", **{"3_army": "dunmore", "9_army": "jarrow", "5_army": "lanark"}
    )
    # from Irvine the only way west is through the Glenco marsh
    answer = supply_line(match, match.state.units["I-corps"])
    assert answer["state"] == "out"
    assert answer["why"] == (  # either obstacle gone would let a line through
        "enemy units block the way at dunmore; "
        "or the way leads through glenco, which may be entered but not left (LL 11.1)"
    )
    in_marsh = put(match, "II-corps", "glenco")  # a line may start in the marsh
    assert supply_line(match, in_marsh)["path"][:2] == ["glenco", "harlow"]
    ending = empty_board(link_title(linkland, sources={"west": ["glenco"]}))
    assert supply_line(ending, put(ending, "I-corps", "harlow"))["path"] == ["harlow", "glenco"]


def test_a_length_limit_in_links(linkland: Title) -> None:
    match = linkland_board(link_title(linkland, limit={"west": 1}), II_corps="harlow")
    answer = supply_line(match, match.state.units["II-corps"])
    assert answer["why"] == "the nearest source is 2 link(s) away, beyond the limit of 1 (LL 11.1)"
    match = linkland_board(link_title(linkland, limit={"west": 2}), II_corps="harlow")
    assert supply_line(match, match.state.units["II-corps"])["path"] == [
        "harlow",
        "fenwick",
        "corwen",
    ]


def test_a_limit_in_movement_points_reads_link_classes(linkland: Title) -> None:
    """Cost mode (PGG 11.12): the foot corps pays 1 for a minor link, the panzers 2, and both
    half a point on the highway (LL 8.1-8.2)."""
    title = link_title(linkland, limit={"west": 2}, limit_unit="cost")
    match = linkland_board(title, II_corps="harlow", **{"1_pz": "harlow"})
    foot = supply_line(match, match.state.units["II-corps"])
    assert foot["state"] == "supplied" and foot["length"] == 2
    assert foot["why"].startswith("traces 2 MP to ")
    motor = supply_line(match, match.state.units["1-pz"])
    assert motor["state"] == "out"
    assert motor["why"] == "the nearest source is 3 MP away, beyond the limit of 2 (LL 11.1)"


def test_prohibited_links_carry_no_supply_in_cost_mode(linkland: Title) -> None:
    """Oban reaches the west only over the strait, which motor units may not cross (LL 8.3)."""
    title = link_title(linkland, limit=None, limit_unit="cost")
    match = linkland_board(title, **{"2_pz": "oban", "III_corps": "oban", "6_army": "kelso"})
    assert supply_line(match, match.state.units["III-corps"])["path"] == [
        "oban",
        "fenwick",
        "corwen",
    ]
    answer = supply_line(match, match.state.units["2-pz"])
    assert answer["why"].startswith("no route at all to a source (aston, corwen)")


def test_blocked_link_features(linkland: Title) -> None:
    title = link_title(linkland, limit=None, blocked_edges=["strait"])
    match = linkland_board(title, III_corps="oban", **{"6_army": "kelso"})
    assert supply_line(match, match.state.units["III-corps"])["state"] == "out"


# ----------------------------------------------------------------------------- against an oracle


def oracle(match: Match, unit: Unit, limit: int | None) -> int | None:
    """Fewest links to a source under the same rules, by networkx: enemy-held and enemy-
    controlled points (unless friendly-held) may not be entered, marsh may not be left."""
    topo = match.topology
    side = unit.side
    friendly = {loc for loc, ids in match.occupied().items() if match.side_at(loc) == side}
    hostile = {loc for loc in match.occupied() if match.side_at(loc) != side}
    controlled = {
        loc for loc, owner in match.state.control.items() if owner != side and loc not in friendly
    }
    graph = nx.DiGraph()
    for a in topo.locations():
        graph.add_node(a)
        if a != unit.loc and topo.terrain(a) == "marsh":
            continue  # into, not through
        for b in topo.neighbours(a):
            if b not in hostile and b not in controlled:
                graph.add_edge(a, b)
    sources = set(match.resolve_locations(match.settings("supply")["sources"][side]))
    lengths = nx.single_source_shortest_path_length(graph, unit.loc)
    found = [d for loc, d in lengths.items() if loc in sources]
    best = min(found, default=None)
    return best if best is None or limit is None or best <= limit else None


POINTS = [
    "aston", "bexley", "corwen", "dunmore", "elgin", "fenwick", "glenco", "harlow", "irvine",
    "jarrow", "kelso", "lanark", "moffat", "nairn", "oban",
]  # fmt: skip


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    east=st.lists(st.sampled_from(POINTS), min_size=0, max_size=5, unique=True),
    west_at=st.sampled_from(POINTS),
    control=st.dictionaries(st.sampled_from(POINTS), st.sampled_from(["west", "east"])),
    limit=st.one_of(st.none(), st.integers(1, 6)),
)
def test_network_lines_agree_with_an_oracle(
    registry: Registry, east: list[str], west_at: str, control: dict[str, str], limit: int | None
) -> None:
    linkland = registry.get("linkland")
    title = link_title(linkland, limit={"west": limit} if limit is not None else None)
    match = empty_board(title)
    for n, loc in enumerate(east):
        if loc != west_at:
            put(match, "3-army", loc, uid=f"e{n}")
    match.state.control = dict(control)
    match.touch()
    unit = put(match, "I-corps", west_at)
    answer = supply_line(match, unit)
    assert answer["why"]  # every answer explains itself
    best = oracle(match, unit, limit)
    if best is None:
        assert answer["state"] == "out", answer
        assert answer["path"] == []
    else:
        assert answer["state"] == "supplied", answer
        path = answer["path"]
        assert path[0] == west_at and adjacent_path(match, path)
        assert len(path) - 1 == best  # the shortest line
        assert path[-1] in ("aston", "corwen")


def test_control_taken_without_a_move_is_seen_at_once(linkland: Title) -> None:
    """The obstacles are kept while the state stands still, but control changed without a unit
    moving (a point taken after the units entered it) changes them at once."""
    match = Match(linkland, seed=0)
    army = match.state.units["9-army"]
    match.place(match.state.units["1-tank"], "jarrow")
    assert supply_line(match, army)["state"] == "supplied"  # the obstacles are worked out
    for loc in ("lanark", "moffat", "nairn"):
        match.set_control(loc, "west")  # no unit moves
    assert supply_line(match, army)["state"] == "out"


def test_with_friendly_control_only_control_alone_decides_dc_17_A(linkland: Title) -> None:
    """``friendly_control_only`` (DC 17.A: a path through points under friendly control): an
    enemy unit on a friendly point does not cut the line, a friendly unit on an enemy point does
    not open it, and a point nobody controls blocks it."""
    match = Match(link_title(linkland, friendly_control_only=True), seed=0)
    army = match.state.units["9-army"]
    assert supply_line(match, army)["state"] == "out"  # box:east is nobody's yet
    match.set_control("box:east", "east")
    assert supply_line(match, army)["path"] == ["jarrow", "moffat", "box:east"]
    match.place(match.state.units["1-tank"], "harlow")
    match.place(match.state.units["1-pz"], "moffat")  # a West unit on an East point
    assert supply_line(match, army)["path"] == ["jarrow", "moffat", "box:east"]
    east_cut_off(match)
    match.place(match.state.units["1-tank"], "moffat")  # an East unit on a West point
    answer = supply_line(match, army)
    assert answer["state"] == "out" and answer["why"].startswith("the enemy controls ")


class Roadblock:
    """A title rule closing locations to one side's lines (like DC 19.0's partisans)."""

    def __init__(self, side: str, *locs: str) -> None:
        self.side, self.locs = side, list(locs)

    @hookimpl
    def wargame_supply_blocks(self, match: Match, side: str) -> dict[str, list[str]] | None:
        return {"roadblocks (XX 2.2)": self.locs} if side == self.side else None


def test_a_plugin_closes_locations_to_a_sides_lines(linkland: Title) -> None:
    """``wargame_supply_blocks`` adds obstacles with their reason, for one side only."""
    roadblocks = Roadblock("east", "lanark", "moffat", "nairn")
    match = Match(link_title(linkland, rules=[roadblocks]), seed=0)
    answer = supply_line(match, match.state.units["9-army"])
    assert answer["state"] == "out"
    assert "roadblocks (XX 2.2) block the way at moffat" in answer["why"]
    assert supply_line(match, match.state.units["I-corps"])["state"] == "supplied"  # West's
    match.place(match.state.units["1-tank"], "jarrow")  # the obstacles follow the state
    roadblocks.locs = []
    assert supply_line(match, match.state.units["9-army"])["state"] == "supplied"
