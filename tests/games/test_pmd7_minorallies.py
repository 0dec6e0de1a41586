"""Proud Monster Deluxe part 2: the Axis minor allies (7.1, 7.2): the lands each may enter and
never Russia north of the N/S line nor the North OKH area, whom they stack with, and supply from
the South OKH area only; German and German-coloured units are free of all of it."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import at_phase, title
from wargame.games.proud_monster_deluxe import minorallies, ports, supply
from wargame.match import Match
from wargame.testing import clear, put, refused

ROM, ROM2, HUN = "rom-id-1", "rom-id-10", "hun-fc"
GER, GER2, SLO = "ger-id-1", "ger-id-102", "slo-id-1"


def _land(match: Match, h: str) -> bool:
    topo = match.topology
    return topo.terrain(h) not in ("sea", "lake") and not topo.features(h)


def _ns_pair(match: Match) -> tuple[str, str, str]:
    """A Russian hex south of the N/S line with a land neighbour north of it and another
    south of it, each across a hexside with no feature."""
    topo = match.topology
    russia, south = set(topo.region("country:ussr")), set(topo.region("south"))
    for a in sorted(russia & south):
        if not _land(match, a):
            continue
        near = [
            b
            for b in topo.neighbours(a)
            if b in russia and _land(match, b) and not (topo.edge(a, b).features or ())  # type: ignore[union-attr]
        ]
        north = [b for b in near if b not in south]
        southern = [b for b in near if b in south]
        if north and len(southern) >= 2:
            return a, north[0], southern[0]
    raise AssertionError("no hex on the N/S line")


def test_the_lands_each_minor_ally_may_enter_7_2() -> None:
    match = Match(title(), "1941-historical", 1)
    topo = match.topology
    romania, hungary = set(topo.region("country:romania")), set(topo.region("country:hungary"))
    north = set(topo.region("country:ussr")) - set(topo.region("south"))
    rom, hun = minorallies.allowed(match, "romanian"), minorallies.allowed(match, "hungarian")
    ita, ost = minorallies.allowed(match, "italian"), minorallies.allowed(match, "ost")
    assert romania <= rom and not hungary & rom
    assert hungary <= hun and not romania & hun
    assert romania | hungary <= ita
    assert ost <= set(topo.region("gas-east")) and not (romania | hungary) & ost
    for lands in (rom, hun, ita, ost):
        assert not north & lands and "box:okh-north" not in lands  # 7.1(5)
    assert "box:okh-south" in rom & hun & ita


def test_a_romanian_may_not_move_north_of_the_ns_line_a_german_may_7_1_5() -> None:
    match = at_phase("axis", "movement")
    a, north, south = _ns_pair(match)
    put(match, ROM, a)
    put(match, GER, a)
    refused(match, f"move {ROM} {a} {north}", "Russia (PMD 7.2(1))")
    assert f"move {GER} {a} {north}" in {str(x) for x in match.legal_actions()}
    match.apply(f"move {ROM} {a} {south}")
    assert match.state.units[ROM].loc == south


def test_minor_allies_stack_only_with_their_own_and_germans_7_1_2_7_1_3() -> None:
    match = at_phase("axis", "movement")
    a, _, south = _ns_pair(match)
    put(match, ROM, a)
    put(match, HUN, south)
    refused(match, f"move {ROM} {a} {south}", "two minor allies", rule="PMD 7.1(2)")
    clear(match)
    put(match, ROM, a)
    put(match, ROM2, south)
    put(match, GER, south)
    put(match, GER2, south)
    refused(match, f"move {ROM} {a} {south}", "one German unit at most", rule="PMD 7.1(3)")
    match.apply(f"move {GER2} {south} {a}")  # a Romanian Leg unit with one German: allowed
    clear(match)
    put(match, GER, a)
    put(match, ROM2, south)
    put(match, SLO, south)  # 7.3: German-coloured counts as German
    refused(match, f"move {GER} {a} {south}", "one German unit at most", rule="PMD 7.1(3)")


def test_a_minor_ally_draws_supply_from_the_south_okh_only_7_1_1() -> None:
    match = Match(title(), "1941-historical", 1)
    clear(match)
    north_only = supply.nets(match, "axis")[1] - supply.nets(match, "axis", True, True)[1]
    hex_ = sorted(north_only - ports.supplied(match, "axis", True))[0]  # no Black Sea supply
    put(match, ROM, hex_)
    put(match, GER, hex_)
    match.touch()
    state = {
        uid: match.hook.wargame_supply(match=match, unit=match.state.units[uid])["state"]
        for uid in (ROM, GER)
    }
    assert state == {ROM: "out", GER: "supplied"}


def _line(match: Match) -> tuple[str, str, str]:
    """Three Russian land hexes south of the N/S line, each next to the one before across no
    hexside feature, the first and the last two hexes apart."""
    topo = match.topology
    south = set(topo.region("country:ussr")) & set(topo.region("south"))

    def open_to(a: str) -> list[str]:
        return [
            b
            for b in topo.neighbours(a)
            if b in south and _land(match, b) and not (topo.edge(a, b).features or ())  # type: ignore[union-attr]
        ]

    for a in sorted(h for h in south if _land(match, h)):
        for b in open_to(a):
            for c in open_to(b):
                if c != a and c not in topo.neighbours(a):
                    return a, b, c
    raise AssertionError("no line of three hexes")


def test_romanians_next_to_hungarians_lose_one_nation_of_the_axis_choice_7_2_5() -> None:
    """7.2(5): a Romanian moving next to the Hungarians is the Axis player's problem at once: he
    eliminates every Romanian or every Hungarian unit of the hexes in contact (his choice);
    two hexes apart, or an Italian next to them, nothing happens (ruling AL3)."""
    match = at_phase("axis", "movement")
    far, near, hun_hex = _line(match)
    put(match, HUN, hun_hex)
    put(match, ROM, far)
    put(match, ROM2, far)
    assert minorallies.contacts(match) == {"romanian": [], "hungarian": []}
    match.apply(f"move {ROM} {far} {near}")
    assert match.decision is not None and match.decision.kind == "rivals"
    assert match.decision.side == "axis"
    assert minorallies.contacts(match) == {"romanian": [near], "hungarian": [hun_hex]}
    refused(match, "rivals italian", "romanian or hungarian", rule="PMD 7.2(5)")
    match.apply("rivals hungarian")
    assert match.state.units[HUN].loc is None
    assert match.state.units[ROM].loc == near and match.state.units[ROM2].loc == far
    assert match.decision is not None and match.decision.kind == "movement"

    again = at_phase("axis", "movement")
    put(again, HUN, hun_hex)
    put(again, ROM, far)
    put(again, ROM2, far)
    again.apply(f"move {ROM} {far} {near}")
    again.apply("rivals romanian")  # only the Romanian in contact goes; the one behind stays
    assert again.state.units[ROM].loc is None and again.state.units[ROM2].loc == far
    assert again.state.units[HUN].loc == hun_hex


def test_a_german_next_to_the_hungarians_is_no_contact_7_2_5() -> None:
    match = at_phase("axis", "movement")
    far, near, hun_hex = _line(match)
    put(match, HUN, hun_hex)
    put(match, GER, far)
    match.apply(f"move {GER} {far} {near}")
    assert match.decision is not None and match.decision.kind == "movement"
    assert "rivals" not in {a.verb for a in match.legal_actions()}
