"""Land Without End's stacking by nationality (6.3): each German-side nation stacks alone, but
for units out of supply (R2) and one satellite mechanized unit with Germans (P12, P12b)."""

from __future__ import annotations

from tests.games.lwe_helpers import advance_to, german_movement  # noqa: F401 (the match fixture)
from wargame.games.land_without_end import nationality
from wargame.match import Match
from wargame.testing import put, refused, to_phase

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


def _retreated_into_a_mixed_stack(match: Match) -> str:
    """After the German Movement Phase of GT1 (its Prepared Assault Phase), a Romanian corps
    stands with a German division, as a forced retreat may leave them (ruling NA2)."""
    to_phase(match, "german", "combat")
    a, _b = _pair(match)
    put(match, "ger-inf-1", a)
    put(match, "rom-ii", a)
    return a


def test_mixed_stack_is_graced_until_the_end_of_the_next_german_movement_6_3(
    match: Match,
) -> None:
    a = _retreated_into_a_mixed_stack(match)
    advance_to(match, "german", "movement", turn=2)
    assert nationality.grace(match) == [a]  # noted, nothing lost yet
    assert match.state.units["rom-ii"].loc == a and match.state.units["ger-inf-1"].loc == a
    match.apply("end")  # the grace ends with the German Movement Phase
    d = match.decision
    assert d is not None and d.side == "soviet" and d.kind == "nationality"
    assert {str(x) for x in match.legal_actions()} == {
        "nationality ger-inf-1",
        "nationality rom-ii",
    }
    match.apply("nationality rom-ii")
    assert match.state.units["rom-ii"].flags.get("eliminated")
    assert match.state.units["ger-inf-1"].loc == a
    assert nationality.grace(match) == []


def test_mixed_stack_sorted_out_in_time_loses_nothing_6_3(match: Match) -> None:
    a = _retreated_into_a_mixed_stack(match)
    advance_to(match, "german", "movement", turn=2)
    n = next(n for n in match.topology.neighbours(a) if match.check(f"move rom-ii {a} {n}") is None)
    match.apply(f"move rom-ii {a} {n}")
    match.apply("end")
    assert match.decision is None or match.decision.kind != "nationality"
    assert not match.state.units["rom-ii"].flags.get("eliminated")
    assert nationality.grace(match) == []


def test_the_fewest_units_go_the_soviet_choosing_among_them_6_2_6_3(match: Match) -> None:
    a, _b = _pair(match)
    for uid in ("ger-inf-1", "ger-inf-5", "rom-ii"):
        put(match, uid, a)
    assert nationality.removable(match, a) == ["rom-ii"]


def test_out_of_supply_mixed_stack_owes_nothing_until_back_in_supply_6_3(match: Match) -> None:
    a, _b = _pair(match)
    put(match, "ger-inf-1", a, oos=True)
    put(match, "rom-ii", a, oos=True)
    assert nationality.mixed_hexes(match) == []
    for uid in ("ger-inf-1", "rom-ii"):
        del match.state.units[uid].flags["oos"]
    assert nationality.mixed_hexes(match) == [a]  # back in supply: its grace begins


def test_one_satellite_nation_at_most_in_a_prepared_assault_11_37(match: Match) -> None:
    from wargame.actions import Action

    a, b = _pair(match)
    for uid in ("ger-inf-1", "rom-ii", "hun-hf"):
        put(match, uid, a)

    def why(ids: str) -> str | None:
        return nationality.satellites_in_attack(match, Action("attack", (b, "with", ids)))

    assert why("ger-inf-1,rom-ii") is None  # Germans with one satellite nation
    assert why("ger-inf-1,hun-hf") is None
    assert "LWE 11.37" in (why("ger-inf-1,rom-ii,hun-hf") or "")
    assert "LWE 11.37" in (why("rom-ii,hun-hf") or "")  # with no Germans either
