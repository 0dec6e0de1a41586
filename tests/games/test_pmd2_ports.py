"""Proud Monster Deluxe sea, port and lake supply (8.4, 8.12, 9.1.3) and the Oranienbaum-Leningrad
hexside as land for Soviet supply (8.4): ``ports.py`` and ``supply.py``."""

from __future__ import annotations

from functools import cache

from tests.games import pmd9_helpers as p9
from wargame.calendar import set_weather
from wargame.games.proud_monster_deluxe import (
    ports,
    reinforce,
    replacements,
    supply,
    withdrawals,
)
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused
from wargame.topology import is_box

LENINGRAD, ORANIENBAUM = "3304", "3203"
ASTRAKHAN, TALLINN, ROSTOV, ODESSA = "5463", "2302", "3846", "1643"
KERCH = ("2850", "2950", "2951")


@cache
def _title() -> Title:
    return discover().get("pmd")


def _match() -> Match:
    match = Match(_title(), "1941-historical", 1)
    clear(match)
    match.touch()
    return match


def _units(match: Match, side: str) -> list[str]:
    return sorted(u.id for u in match.state.units.values() if u.side == side)


def _answer(match: Match, uid: str) -> dict[str, object]:
    match.touch()
    found = match.hook.wargame_supply(match=match, unit=match.state.units[uid])
    assert found is not None
    return dict(found)


def _hem(match: Match, hexes: list[str], side: str = "axis") -> None:
    """Units of ``side`` in every land hex of ``hexes``."""
    topo = match.topology
    land = [h for h in hexes if topo.terrain(h) not in ("sea", "lake")]
    free = [u for u in _units(match, side) if match.state.units[u].loc is None]
    for uid, hex_id in zip(free, land, strict=False):
        put(match, uid, hex_id)


def _around(match: Match, hex_id: str, *but: str) -> list[str]:
    return [n for n in match.topology.neighbours(hex_id) if n not in but]


def test_the_oranienbaum_leningrad_hexside_is_land_for_soviet_supply_only_8_4() -> None:
    match = _match()
    _hem(match, _around(match, ORANIENBAUM, LENINGRAD))
    sov = _units(match, "soviet")[0]
    put(match, sov, ORANIENBAUM)
    match.touch()
    on_line, supplied = supply.nets(match, "soviet")
    assert ORANIENBAUM in on_line and ORANIENBAUM in supplied  # across 3203/3304 only
    match = _match()
    _hem(match, _around(match, ORANIENBAUM, LENINGRAD), "soviet")
    match.state.control[LENINGRAD] = "axis"  # the line to Leningrad, not across 3203/3304
    match.touch()
    assert ORANIENBAUM not in supply.nets(match, "axis")[0]  # not for the Axis


def test_axis_sea_supply_is_two_hexes_from_the_baltic_coast_8_4() -> None:
    match = _match()
    ger = _units(match, "axis")[0]
    put(match, ger, "2305")  # two hexes from the Gulf of Finland, far from Axis towns
    assert ger and _answer(match, ger)["kind"] == "sea"
    assert _answer(match, ger)["overland"] is False
    put(match, ger, "2308")  # three hexes
    assert _answer(match, ger)["state"] == "out"


def test_axis_black_sea_supply_needs_black_sea_transport_and_the_azov_the_kerch_8_4() -> None:
    match = _match()
    ger = _units(match, "axis")[0]
    put(match, ger, "2349")  # two hexes from the Black Sea coast
    assert _answer(match, ger)["state"] == "out"  # 10.3: no Axis Black Sea transport yet
    match.state.vars["axis_black_sea"] = True
    assert _answer(match, ger)["kind"] == "sea"
    put(match, ger, "3044")  # next to the Sea of Azov only
    assert _answer(match, ger)["state"] == "out"  # the Kerch Strait is Soviet
    for hex_id in KERCH:
        match.state.control[hex_id] = "axis"
    match.touch()
    assert "3044" in ports.axis_sea(match) and _answer(match, ger)["state"] == "supplied"


def test_soviet_port_supply_on_or_next_to_a_black_sea_port_8_4() -> None:
    match = _match()
    sov = _units(match, "soviet")[0]
    put(match, sov, "1642")  # next to Odessa, cut off by land
    _hem(match, _around(match, "1642", ODESSA) + _around(match, ODESSA, "1642"))
    found = _answer(match, sov)
    assert found["kind"] == "port" and found["overland"] is False
    for sea in ("soviet-black", "soviet-azov"):  # no other Black Sea port is Soviet now
        for port in ports._owned(match, "soviet", sea):
            if port != ODESSA:
                match.state.control[port] = "axis"
    assert _answer(match, sov)["state"] == "out"


def test_caspian_ports_supply_and_baltic_ports_do_not_8_4() -> None:
    match = _match()
    sov, other = _units(match, "soviet")[:2]
    put(match, sov, ASTRAKHAN)
    put(match, other, TALLINN)
    _hem(match, _around(match, ASTRAKHAN) + _around(match, TALLINN))
    assert _answer(match, sov)["kind"] == "port"  # the Caspian: no other port needed
    assert _answer(match, other)["state"] == "out"  # 8.4: no Soviet Baltic port supply


def test_rostov_needs_the_kerch_strait_and_its_river_to_the_sea_8_12() -> None:
    match = _match()
    sov = _units(match, "soviet")[0]
    put(match, sov, ROSTOV)
    mouth = set(ports.ROSTOV_MOUTH)
    ring = {n for h in (ROSTOV, *mouth) for n in match.topology.neighbours(h)}
    _hem(match, sorted(ring - mouth - {ROSTOV}))
    assert _answer(match, sov)["kind"] == "port"
    match.state.control["2950"] = "axis"
    assert _answer(match, sov)["state"] == "out"  # 8.12: all the Kerch Strait hexes
    match.state.control["2950"] = "soviet"
    _hem(match, ["3747"])
    assert _answer(match, sov)["state"] == "out"  # an Axis unit by the Don's mouth


def test_a_line_to_a_port_in_supply_is_no_isolation_8_3() -> None:
    match = _match()
    topo = match.topology
    ring = [
        h for h in topo.locations() if not h.startswith("box:") and topo.distance("2305", h) == 4
    ]
    _hem(match, ring, "soviet")  # an Axis pocket on the Gulf of Finland round Tallinn
    ger = _units(match, "axis")[0]
    put(match, ger, "2308")  # three hexes from the coast: no sea supply
    match.touch()
    assert "2308" not in supply.nets(match, "axis")[0]
    assert "2308" not in ports.line_to_port(match, "axis")  # Tallinn Soviet: no Axis port
    match.state.control[TALLINN] = "axis"
    match.touch()
    assert "2308" in ports.line_to_port(match, "axis")  # a line to a port in sea supply
    assert match.phasing == "axis"
    supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
    assert not match.state.units[ger].flags.get("iso")
    match.state.control[TALLINN] = "soviet"
    match.touch()
    supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
    assert match.state.units[ger].flags.get("iso") == 1


def test_a_city_on_port_supply_only_is_no_entry_and_no_producing_hq_8_12() -> None:
    match = _match()
    odessa = "1643"
    _hem(match, _around(match, odessa))
    match.touch()
    assert odessa in ports.soviet_port(match)
    assert odessa not in reinforce.entry_hexes(match)
    assert "Odessa" not in replacements._producing(match)
    match = _match()
    assert odessa in reinforce.entry_hexes(match) and "Odessa" in replacements._producing(match)


def _besieged_leningrad(match: Match) -> None:
    """Axis units in every land hex two hexes from Leningrad: its line only over Lake Ladoga."""
    topo = match.topology
    ring = [
        h for h in topo.locations() if not h.startswith("box:") and topo.distance(LENINGRAD, h) == 2
    ]
    _hem(match, ring)
    match.touch()


def test_leningrad_on_lake_supply_is_a_city_only_9_1_3() -> None:
    match = _match()
    assert not ports.lake_supply(match)
    around = set(match.topology.neighbours(LENINGRAD)) - {ORANIENBAUM}
    assert around & reinforce.entry_hexes(match)
    _besieged_leningrad(match)
    assert ports.lake_supply(match)
    assert LENINGRAD in reinforce.entry_hexes(match)
    assert not around & reinforce.entry_hexes(match)  # 9.1.3(2): in Leningrad only
    assert "Leningrad" not in replacements._producing(match)  # 9.1.3(1)
    assert reinforce.tb_count(match, 10) == 10 - 3  # 9.1.4


def test_only_leg_units_arrive_in_leningrad_on_lake_supply_9_1_3() -> None:
    match = _match()
    _besieged_leningrad(match)
    by_mobility: dict[str, object] = {}
    for u in match.state.units.values():
        if u.side == "soviet" and u.loc is None:
            by_mobility.setdefault(str(match.unit_type(u).get("mobility")), u)
    mech, leg = by_mobility["mech"], by_mobility["leg"]
    for unit in (mech, leg):
        put(match, unit.id, "box:rvgk-north", placing=True)  # type: ignore[attr-defined]
    problem = reinforce.place_problem(match, mech, LENINGRAD)  # type: ignore[arg-type]
    assert problem is not None and "lake supply" in problem and "9.1.3" in problem
    assert reinforce.place_problem(match, leg, LENINGRAD) is None  # type: ignore[arg-type]


def test_no_lake_supply_when_the_lake_is_frozen_9_1_3() -> None:
    match = _match()
    _besieged_leningrad(match)
    set_weather(match, "S", "nz")
    match.touch()
    assert not ports.lake_supply(match)  # frozen: an ordinary line of communications


def test_hungarians_have_no_black_sea_supply_romanians_do_7_2_2_10_1() -> None:
    """7.2(2), 10.1 (ruling PS7): Hungarian units may not use the South OKH area's Black Sea
    port, so a Black Sea coast gives them no sea supply; a Romanian next to them has it, and
    neither the Hungarian nor the Romanian gets the German's Baltic (ruling PS1)."""
    match = _match()
    match.state.vars["axis_black_sea"] = True
    put(match, "rom-id-1", "2349")  # two hexes from the Black Sea coast, no overland supply
    assert _answer(match, "rom-id-1")["kind"] == "sea"
    put(match, "rom-id-1", None)
    put(match, "hun-fc", "2349")
    assert _answer(match, "hun-fc")["state"] == "out"
    hun = match.state.units["hun-fc"]
    assert ports.unit_seas(match, hun) == () and "2349" not in ports.unit_supplied(match, hun)
    put(match, "hun-fc", "2305")  # two hexes from the Gulf of Finland: the Baltic is German
    assert _answer(match, "hun-fc")["state"] == "out"
    assert "2305" in ports.axis_sea(match)  # a German's there


def test_a_hungarian_has_no_line_to_a_black_sea_port_against_isolation_7_2_2_8_3() -> None:
    """8.3 with 7.2(2): a line of communications to an Axis Black Sea port in sea supply keeps
    a Romanian from isolation, not a Hungarian (the port is no supply for him)."""
    match = _match()
    match.state.vars["axis_black_sea"] = True
    match.state.control[ODESSA] = "axis"
    _hem(match, _around(match, ODESSA), "soviet")  # Odessa cut off by land
    romanian = ports.line_to_port(match, "axis", ports.SOUTH_SEAS)
    assert ODESSA in romanian and ports.line_to_port(match, "axis", ()) == frozenset()
    put(match, "hun-fc", ODESSA)
    put(match, "rom-id-1", ODESSA)
    assert match.phasing == "axis"
    supply.cleanup_phase(match, PhaseSpec(id="w1-cleanup", kind="cleanup"))
    assert match.state.units["hun-fc"].flags.get("iso") == 1
    assert not match.state.units["rom-id-1"].flags.get("iso")


def _leningrad_convert(hem: list[str], *at: str) -> tuple[Match, list[str]]:
    """Turn 118's Guards Convert (2 RD -> GRD) called in a Soviet Refit Phase, every unit within
    two hexes of Leningrad gone, Axis units in ``hem`` and a tried RD at each of ``at``."""
    match = p9.refit("soviet")
    match.state.cursor.turn = p9.game_turn(118)
    withdrawals.call(match, p9.phase(match, "reinforcement"))
    topo = match.topology
    on_map = [u for u in match.state.units.values() if u.loc and not is_box(u.loc)]
    for unit in on_map:
        if topo.distance(LENINGRAD, str(unit.loc)) <= 2:
            match.place(unit, None)
    axis = sorted(u.id for u in on_map if u.side == "axis" and u.loc)
    land = [h for h in hem if topo.terrain(h) not in ("sea", "lake")]
    for uid, hex_id in zip(axis, land, strict=False):
        put(match, uid, hex_id)
    rds = []
    for n, hex_id in enumerate(at, 1):
        rd = put(match, f"sov-rd-kovo-0{n}", hex_id)
        rd.face = {"attack": 3, "defense": 3, "movement": 5}  # tried (2.4.9)
        rds.append(rd.id)
    match.touch()
    return match, rds


def _ring(match: Match) -> list[str]:
    topo = match.topology
    return [h for h in topo.locations() if not is_box(h) and topo.distance(LENINGRAD, h) == 2]


def test_a_unit_on_lake_supply_does_not_convert_9_4_2_3() -> None:
    """9.4.2(3) (ruling S8): a conversion needs overland supply, not lake supply: Leningrad cut
    off by land, its line over Lake Ladoga, no RD there or in Oranienbaum (fed from it) converts."""
    match, rds = _leningrad_convert(_ring(_match()), LENINGRAD, ORANIENBAUM)
    assert ports.lake_supply(match)
    for rd in rds:
        assert supply.lake_only(match, match.state.units[rd])
        refused(match, f"convert {rd}", "lake supply", rule="PMD 9.4.2(3)")


def test_oranienbaum_supplied_across_the_8_4_hexside_converts_9_4_2_3() -> None:
    """8.4 with 9.4.2(3): the Oranienbaum-Leningrad hexside is land for Soviet supply, so an RD
    in Oranienbaum cut off by land, supplied from Leningrad across it, is in overland supply and
    converts; with the lakes frozen (Snow) Leningrad's line over them is overland too (9.1.3)."""
    match, (rd,) = _leningrad_convert(_around(_match(), ORANIENBAUM, LENINGRAD), ORANIENBAUM)
    assert not supply.lake_only(match, match.state.units[rd])
    assert f"convert {rd}" in p9.legal(match)
    match.apply(f"convert {rd}")
    assert match.state.units[rd].loc is None
    match, (rd,) = _leningrad_convert(_ring(match), LENINGRAD)
    set_weather(match, "S", "nz")
    match.touch()
    assert not supply.lake_only(match, match.state.units[rd])
    assert f"convert {rd}" in p9.legal(match)
