"""Land Without End's supply (7.x) as built: the German 12-hex line with Rollbahn sources, the
Soviet line of any length after DD3, coastal supply, MF 0 and no attack for German units out of
supply, the Soviet supply check's eliminations (R3, R6, 7.12)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import new_match
from wargame.actions import Action
from wargame.games.land_without_end import dd3, supply
from wargame.match import Match
from wargame.mechanics.movement import allowance
from wargame.testing import clear, put


@pytest.fixture
def match() -> Match:
    return new_match()


def _ussr_hex_at(match: Match, gap: int) -> str:
    """A land USSR hex exactly ``gap`` hexes from the nearest German source, off the Rollbahnen."""
    dist = supply.german_distance(match)
    topo = match.topology
    for h in sorted(topo.region("country:ussr")):
        if topo.terrain(h) != "clear":
            continue
        if gap <= 12 and dist.get(h) == gap:
            return h
        if gap == 13 and h not in dist and any(dist.get(n) == 12 for n in topo.neighbours(h)):
            return h
    raise AssertionError(f"no hex {gap} away")


def test_german_line_reaches_12_hexes_not_13_7_3(match: Match) -> None:
    """R3, E22a: a source 12 hexes away supplies, 13 does not."""
    clear(match)
    for loc in list(match.state.control):
        if match.state.control[loc] == "soviet":
            match.state.control[loc] = "german"  # an open field for the count
    match.touch()
    near, far = _ussr_hex_at(match, 12), _ussr_hex_at(match, 13)
    unit = put(match, "ger-inf-1", near)
    assert supply.german_answer(match, unit)["state"] == "supplied"
    put(match, "ger-inf-1", far)
    match.touch()
    assert supply.german_answer(match, unit)["state"] == "out"


def test_rollbahn_held_by_germans_is_a_source_until_a_soviet_unit_sits_on_it_7_3(
    match: Match,
) -> None:
    line = next(ln for ln in match.title.doc("map")["lines"] if ln["kind"] == "rollbahn")["hexes"]
    for loc in line:
        match.state.control[loc] = "german"
    clear(match)
    assert line[-1] in supply.rollbahn_sources(match)
    middle = line[len(line) // 2]
    put(match, "sov-rd-10", middle)
    found = supply.rollbahn_sources(match)
    assert middle not in found and line[-1] not in found


def test_german_out_of_supply_moves_0_and_may_not_attack_7_7(match: Match) -> None:
    """R6 (E22f: the minimum move does not restore it); he still defends."""
    unit = match.state.units["ger-pz-1"]
    match.state.cursor.turn = 2
    full = allowance(match, unit)
    unit.flags["oos"] = True
    assert full > 0 and allowance(match, unit) == 0
    reason = supply.wargame_veto(match, None, Action("attack", ("1234", "with", unit.id)))  # type: ignore[arg-type]
    assert reason is not None and "7.7" in reason
    unit.flags.pop("oos")
    assert supply.wargame_veto(match, None, Action("attack", ("1234", "with", unit.id))) is None  # type: ignore[arg-type]


def test_soviets_all_supplied_under_dd3_7_8(match: Match) -> None:
    clear(match)
    unit = put(match, "sov-rd-10", "1520")
    assert dd3.in_effect(match)
    assert supply.wargame_supply(match, unit)["state"] == "supplied"


def test_soviet_cut_off_after_dd3_is_eliminated_in_the_supply_check_7_12(match: Match) -> None:
    from wargame.mechanics import supply as shared
    from wargame.models import PhaseSpec

    clear(match)
    match.state.vars["dd3"] = False
    deep = "2020"
    ring = match.topology.neighbours(deep)
    unit = put(match, "sov-rd-10", deep)
    free = put(match, "sov-rd-11", "4525")
    blockers = ["ger-inf-1", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9", "ger-inf-11"]
    for uid, loc in zip(blockers, ring, strict=False):
        put(match, uid, loc)
    assert len(ring) == 6
    shared.check(match, ["soviet"])
    assert unit.flags.get("oos") and not free.flags.get("oos")
    supply.supply_check(match, PhaseSpec(id="supply-check", name="x", kind="auto"))
    assert unit.loc is None and free.loc == "4525"


def test_coastal_town_supplies_a_soviet_unit_7_10(match: Match) -> None:
    """Odessa (2141), a Black Sea large town: supplied with no trace even when surrounded."""
    clear(match)
    match.state.vars["dd3"] = False
    unit = put(match, "sov-rd-10", "2141")
    for n, loc in enumerate(match.topology.neighbours("2141")):
        if match.topology.terrain(loc) != "sea":
            put(
                match,
                ["ger-inf-1", "ger-inf-6", "ger-inf-7", "ger-inf-8", "ger-inf-9", "ger-inf-11"][n],
                loc,
            )
    assert supply.wargame_supply(match, unit)["state"] == "supplied"


def _surround(match: Match, loc: str, ids: tuple[str, ...] = ("ger-inf-1", "ger-inf-6",
              "ger-inf-7", "ger-inf-8", "ger-inf-9", "ger-inf-11")) -> None:  # fmt: skip
    """German units on every land neighbour but Oranienbaum and Leningrad."""
    land = [
        n
        for n in match.topology.neighbours(loc)
        if match.topology.terrain(n) != "sea" and n not in ("3701", "3802")
    ]
    for uid, n in zip(ids, land, strict=False):
        put(match, uid, n)


def test_oranienbaum_supplied_while_leningrad_is_soviet_and_supplied_7_11(match: Match) -> None:
    """Cut off by land, Oranienbaum (3701) draws on Leningrad (3802) across the bay."""
    clear(match)
    match.state.vars["dd3"] = False
    unit = put(match, "sov-rd-10", "3701")
    _surround(match, "3701")
    assert supply.wargame_supply(match, unit)["state"] == "supplied"
    assert "7.11" in supply.wargame_supply(match, unit)["why"]


def test_oranienbaum_out_when_leningrad_is_cut_off_or_german_7_11(match: Match) -> None:
    clear(match)
    match.state.vars["dd3"] = False
    unit = put(match, "sov-rd-10", "3701")
    _surround(match, "3701")
    match.state.control["3802"] = "german"
    match.touch()
    assert supply.wargame_supply(match, unit)["state"] == "out"
    match.state.control["3802"] = "soviet"
    more = ("ger-inf-102", "ger-inf-106", "ger-inf-110", "ger-inf-111", "ger-inf-112")
    _surround(match, "3802", more)  # Leningrad held but with no line of its own
    match.touch()
    assert supply.wargame_supply(match, unit)["state"] == "out"


def test_german_may_not_move_into_a_hex_out_of_supply_soviet_may_7_16(match: Match) -> None:
    from wargame.games.land_without_end.supply import german_move_refusal

    clear(match)
    far = _ussr_hex_at(match, 13)
    dist = supply.german_distance(match)
    near = next(n for n in match.topology.neighbours(far) if dist.get(n) == 12)
    assert not supply.german_supplied_at(match, far) and supply.german_supplied_at(match, near)
    put(match, "ger-inf-1", near)
    assert "LWE 7.16" in (
        german_move_refusal(match, Action("move", ("ger-inf-1", near, far))) or ""
    )
    ok = next(n for n in match.topology.neighbours(near) if supply.german_supplied_at(match, n))
    assert german_move_refusal(match, Action("move", ("ger-inf-1", near, ok))) is None
    put(match, "sov-rd-10", near)
    assert german_move_refusal(match, Action("move", ("sov-rd-10", near, far))) is None


def test_what_stops_a_line_is_the_supply_mechanics_obstacles_7_13(match: Match) -> None:
    """7.13: a Soviet-held city stops a German line and not a Soviet one, through the shared
    mechanic's obstacles (``wargame_supply_blocks``), beside enemy units and all-sea hexes."""
    from wargame.mechanics import supply as shared

    index = match.topology.graph().index
    match.state.control["3802"] = "soviet"  # Leningrad
    match.touch()
    german = shared.obstacles(match, "german")
    assert index["3802"] in german["enemy-held city (LWE 7.13)"]
    assert index["3802"] in supply.closed(match, "german")
    assert index["3802"] not in supply.closed(match, "soviet")
    match.state.control["3802"] = "german"
    match.touch()
    assert index["3802"] not in supply.closed(match, "german")
    assert index["3802"] in supply.closed(match, "soviet")
