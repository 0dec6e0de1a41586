"""Land Without End's mandatory Soviet attacks under Directive No. 3 (5.6, 11.1, 11.24, ruling
E9): who must attack, the exemptions, and when the duty ends."""

from __future__ import annotations

from tests.games.lwe_helpers import clear_pair, combat_pair, new_match
from wargame.games.land_without_end import dd3
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.testing import clear, put, refused

ASSAULT = PhaseSpec(id="assault", name="x", kind="combat")


def soviet_assault() -> tuple[Match, str, str]:
    """GT1's Soviet PA phase with sov-rd-10 in a clear hex next to ger-inf-1; duties fixed anew
    for that position as at the start of the phase."""
    m, a, b = combat_pair("soviet", "sov-rd-10", "ger-inf-1")
    dd3.fix_duties(m, ASSAULT)
    m.touch()
    return m, a, b


def test_soviet_unit_next_to_a_german_must_attack_under_dd3_5_6() -> None:
    m, _a, b = soviet_assault()
    assert dd3.duties(m) == {"sov-rd-10": [b]}
    refused(m, "end", "must still attack: sov-rd-10", rule="LWE 5.6")
    m.apply(f"attack {b} with sov-rd-10")
    while m.decision is not None and m.decision.kind != "combat":
        m.apply(str(m.legal_actions()[0]))
    assert dd3.owing(m) == []
    m.apply("end")
    assert dd3.OBLIGED not in m.state.ns(dd3.NS)  # cleared at the end of the phase


def test_duty_ends_when_its_target_may_no_longer_be_attacked_5_6() -> None:
    m, _a, b = soviet_assault()
    m.state.units["ger-inf-1"].flags["defended"] = f"{m.turn}/{m.phase.path}"  # type: ignore[union-attr]
    m.touch()
    assert dd3.owing(m) == []


def plain_side(m: Match, a: str, b: str) -> set[str]:
    edge = m.topology.edge(a, b)
    return set(edge.features) if edge is not None else set()


def test_units_in_a_city_or_with_an_fz_or_the_naval_infantry_are_exempt_5_6_11_1_11_24() -> None:
    m, a, b = soviet_assault()
    fz = next(u for u in m.state.units.values() if u.id.startswith("sov-fz-"))
    put(m, fz.id, a)
    assert dd3.duties(m) == {}
    clear(m)
    a2, b2 = clear_pair(m)
    put(m, "sov-nvl-oranienbaum", a2)
    put(m, "sov-rd-10", a2)
    put(m, "ger-inf-1", b2)
    assert dd3.duties(m) == {}
    topo = m.topology
    city, near = next(
        (h, n)
        for h in sorted(topo.locations())
        if "city" in topo.features(h)
        for n in topo.neighbours(h)
        if topo.terrain(n) == "clear" and not plain_side(m, h, n)
    )
    clear(m)
    put(m, "sov-rd-10", city)
    put(m, "ger-inf-1", near)
    assert dd3.duties(m) == {}
    put(m, "sov-rd-10", a)  # the same pair outside the city: a duty
    put(m, "ger-inf-1", b)
    assert list(dd3.duties(m)) == ["sov-rd-10"]


def test_no_duty_across_a_river_hexside_5_6() -> None:
    m = new_match()
    clear(m)
    topo = m.topology
    a, b = next(
        (h, n)
        for h in sorted(topo.locations())
        if topo.terrain(h) == "clear" and not topo.features(h)
        for n in topo.neighbours(h)
        if (e := topo.edge(h, n)) is not None and e.features == {"river"}
    )
    put(m, "sov-rd-10", a)
    put(m, "ger-inf-1", b)
    assert dd3.duties(m) == {}


def test_no_duty_once_dd3_is_rescinded_5_6_7_12() -> None:
    m2 = new_match()
    m2.state.vars["dd3"] = False
    clear(m2)
    a, b = clear_pair(m2)
    put(m2, "sov-rd-10", a)
    put(m2, "ger-inf-1", b)
    dd3.fix_duties(m2, ASSAULT)
    assert dd3.OBLIGED not in m2.state.ns(dd3.NS)


def test_german_assault_sets_no_soviet_duty_5_6() -> None:
    m, _a, _b = combat_pair("german", "sov-rd-10", "ger-inf-1")
    dd3.fix_duties(m, ASSAULT)
    assert dd3.OBLIGED not in m.state.ns(dd3.NS)
