"""Proud Monster Deluxe part 2: the Volga River Interdiction (11.4)."""

from __future__ import annotations

from functools import cache

from wargame.games.proud_monster_deluxe import plugin, volga
from wargame.match import Battle, Match
from wargame.plugins import Title, discover
from wargame.testing import clear, put

RD = "sov-rd-interior-01"
ASTRAKHAN = "5750"  # a hex along the South Volga near Astrakhan (map.json hexsides)


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


def _match() -> tuple[Match, str, str]:
    """The map empty; a land hex south of the Caucasus line and a neighbour of it."""
    match = Match(_title(), "1941-historical", 1)
    clear(match)
    topo = match.topology
    south = topo.region("caucasus-south")
    for h in sorted(south):
        for n in topo.neighbours(h):
            if topo.terrain(h) == topo.terrain(n) == "clear":
                return match, h, n
    raise AssertionError("no clear pair south of the Caucasus line")


def _volga_shifts(match: Match, battle: Battle) -> list[str]:
    found = match.hook.wargame_combat_shifts(match=match, battle=battle)
    return [s.reason for group in found for s in group or () if s.rule == volga.RULE]


def test_an_axis_unit_along_the_south_volga_interdicts_it_and_soviet_attacks_south_shift_1l_11_4() -> (
    None
):
    match, target, origin = _match()
    put(match, "ger-id-7", target)
    put(match, RD, origin)
    battle = Battle("b1", [RD], ["ger-id-7"], target, {RD: origin}, "attack")
    assert not volga.interdicted(match) and _volga_shifts(match, battle) == []
    assert ASTRAKHAN in volga.banks(match)
    put(match, "ger-pd-3", ASTRAKHAN)
    assert volga.interdicted(match)
    assert _volga_shifts(match, battle) == ["the Volga is interdicted"]
    shift = next(
        s
        for group in match.hook.wargame_combat_shifts(match=match, battle=battle)
        for s in group or ()
        if s.rule == volga.RULE
    )
    assert shift.columns == -1 and shift.group is None  # outside the 13.5 cap (ruling V2)
    # it ends as soon as no Axis unit stands along the South Volga
    match.place(match.state.units["ger-pd-3"], None)
    assert not volga.interdicted(match)


def test_no_volga_shift_north_of_the_caucasus_line_or_for_axis_attacks_11_4() -> None:
    match, target, origin = _match()
    put(match, "ger-pd-3", ASTRAKHAN)
    put(match, RD, target)
    put(match, "ger-id-7", origin)
    axis_attack = Battle("b1", ["ger-id-7"], [RD], target, {"ger-id-7": origin}, "attack")
    assert _volga_shifts(match, axis_attack) == []
    north = next(
        h
        for h in match.topology.neighbours(ASTRAKHAN)
        if h not in match.topology.region("caucasus-south") and match.topology.terrain(h) == "clear"
    )
    soviet_attack = Battle("b2", [RD], ["ger-pd-3"], ASTRAKHAN, {RD: north}, "attack")
    assert _volga_shifts(match, soviet_attack) == []
