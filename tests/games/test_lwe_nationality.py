"""Land Without End's stacking by nationality (6.3): each German-side nation stacks alone, but
for units out of supply (R2) and one satellite mechanized unit with Germans (P12, P12b)."""

from __future__ import annotations

from tests.games.lwe_helpers import german_movement  # noqa: F401 (the match fixture)
from wargame.match import Match
from wargame.testing import put, refused

RULE = "LWE 6.3"


def _pair(match: Match) -> tuple[str, str]:
    """Two adjacent clear hexes of Romania: every German-side unit may move there on GT1 (5.4)."""
    topo = match.topology
    ro = set(topo.region("country:romania"))
    for h in sorted(ro):
        for n in topo.neighbours(h):
            edge = topo.edge(h, n)
            if (
                n in ro
                and topo.terrain(h) == topo.terrain(n) == "clear"
                and not (edge and edge.features)
            ):
                return h, n
    raise AssertionError("no pair")


def test_p12_csir_stacks_with_german_mech_6_3(match: Match) -> None:
    a, b = _pair(match)
    put(match, "ita-csir", a)
    put(match, "ger-pz-1", b)
    put(match, "ger-mot-10", b)
    assert match.check(f"move ita-csir {a} {b}") is None


def test_p12b_csir_never_with_the_hungarian_fast_corps_6_3(match: Match) -> None:
    """Even with German mechanized units in the hex."""
    a, b = _pair(match)
    put(match, "ita-csir", a)
    put(match, "hun-hf", b)
    put(match, "ger-pz-1", b)
    refused(match, f"move ita-csir {a} {b}", "different nations", rule=RULE)


def test_romanian_infantry_never_with_germans_6_3(match: Match) -> None:
    a, b = _pair(match)
    put(match, "rom-ii", a)
    put(match, "ger-inf-1", b)
    refused(match, f"move rom-ii {a} {b}", "different nations", rule=RULE)
    put(match, "rom-iii", b)
    put(match, "ger-inf-1", None)
    assert match.check(f"move rom-ii {a} {b}") is None  # Romanians together


def test_r2_units_out_of_supply_stack_whatever_their_nation_6_3(match: Match) -> None:
    from wargame.games.land_without_end import nationality

    a, _b = _pair(match)
    rom = put(match, "rom-ii", a)
    ger = put(match, "ger-inf-1", a)
    assert nationality.mixed(match, [rom, ger]) is not None
    rom.flags["oos"] = ger.flags["oos"] = True
    assert nationality.mixed(match, [rom, ger]) is None
