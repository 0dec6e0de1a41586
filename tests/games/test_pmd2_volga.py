"""Proud Monster Deluxe part 2: the Volga River Interdiction (11.4)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd_combat_helpers import at_phase
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import bridges, plugin, volga
from wargame.games.proud_monster_deluxe.supply import URBAN
from wargame.match import Battle, Match
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused

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
    assert shift.columns == -1 and shift.group is None  # outside the 13.5 cap (ruling VG2)
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


def _volga_pairs(match: Match) -> tuple[tuple[str, str], tuple[str, str]]:
    """A South Volga hexside with no urban hex on either bank, and one with an urban hex."""
    topo = match.topology
    plain: tuple[str, str] | None = None
    urban: tuple[str, str] | None = None
    for a in sorted(volga.banks(match)):
        for b in sorted(topo.neighbours(a)):
            edge = topo.edge(a, b)
            if edge is None or volga.RIVER not in edge.features or topo.terrain(b) == "sea":
                continue
            near_town = any(set(topo.features(h)) & set(URBAN) for h in (a, b))
            if near_town and urban is None:
                urban = (a, b)
            if not near_town and plain is None:
                plain = (a, b)
    assert plain is not None and urban is not None
    return plain, urban


def test_a_pa_crosses_the_south_volga_only_next_to_an_urban_hex_13_4_1() -> None:

    match = at_phase("soviet", "combat")
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    (a, b), (c, d) = _volga_pairs(match)
    put(match, RD, a)
    match.reveal(put(match, "ger-id-7", b))
    refused(match, f"attack {b} with {RD}", "South Volga", rule="PMD 13.4.1")
    put(match, RD, c)
    put(match, "ger-id-7", d)
    assert f"attack {d} with {RD}" in {str(x) for x in match.legal_actions()}


def test_the_volga_pa_rule_stops_over_a_pontoon_bridge_and_in_frozen_weather_13_4_1() -> None:

    match = at_phase("soviet", "combat")
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    (a, b), _urban = _volga_pairs(match)
    put(match, RD, a)
    put(match, "ger-id-7", b)
    assert volga.crossing_problem(match, RD, b) is not None
    bridges._lay(match, a, b)  # 15.12: a Soviet pontoon bridge on that hexside
    assert volga.crossing_problem(match, RD, b) is None
    bridges._take(match, bridges._key(a, b))
    for zone in ("nz", "sz"):
        set_weather(match, "S", zone)  # 12.4: frozen rivers are ignored
    assert volga.crossing_problem(match, RD, b) is None
    # the Axis crossing the other way: refused alike (no bridge of his own)
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    match.place(match.state.units[RD], None)
    put(match, "ger-id-7", a)
    put(match, RD, b)
    assert volga.crossing_problem(match, "ger-id-7", b) is not None
