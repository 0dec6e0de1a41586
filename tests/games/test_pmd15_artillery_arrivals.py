"""Proud Monster Deluxe's Soviet artillery off the map: the 4 and 6 GAD's arrival by conversion
(15.11, 9.4.2) and the 2-MRP rebuild (9.5.3)."""

from __future__ import annotations

from tests.games import pmd9_helpers as p9
from tests.games.pmd_steps import to_phase
from wargame.games.proud_monster_deluxe import conversions, eliminated, replacements
from wargame.testing import put, refused


def test_the_4_and_6_gad_arrive_by_converting_artillery_divisions_on_301_15_11() -> None:
    match = p9.soviet_part()
    p9.reinforcement_phase(match, 301)  # the artillery scheduled up to 301 arrives too
    assert match.state.units["sov-art-01"].loc in ("box:rvgk-north", "box:rvgk-south")
    p9.place_all_but(match, "sov-art-01")  # 11.3: it stays in the RVGK (ruling RF2)
    assert [e["to"] for e in conversions.soviet_due(match).values()] == ["sov-gad"]
    to_phase(match, "soviet", "refit")
    assert "convert sov-art-01" in p9.legal(match)  # the Soviet player picks the input
    match.apply("convert sov-art-01")
    gads = [u for u in match.units_of("soviet") if match.counter(u)["type"] == "sov-gad"]
    assert len(gads) == 1 and gads[0].loc == "box:rvgk-north" and gads[0].step == 0
    assert "sov-gad-" in gads[0].id
    assert match.state.units["sov-art-01"].loc is None
    conversions.lapse(match)  # 9.4.2: the second not made this turn: a GAD counter is lost
    assert not conversions.soviet_due(match)
    removed = eliminated._ns(match)[eliminated.REMOVED]
    assert any(uid.startswith("sov-gad-") for uid in removed)


def test_soviet_artillery_is_rebuilt_for_2_mrp_the_gad_never_9_5_3_15_11() -> None:
    match = p9.soviet_part()
    replacements._ns(match)["east"] = True
    replacements.points(match, "soviet").update(lrp=2, mrp=2)
    art, gad = put(match, "sov-art-01", "box:rvgk-north"), put(match, "sov-gad-4", "box:rvgk-north")
    match.eliminate(art, "test")
    match.eliminate(gad, "test")
    assert art.id in eliminated._ns(match)[eliminated.TRIED_POOL]
    assert gad.id in eliminated._ns(match)[eliminated.REMOVED]  # 15.11: never rebuilt
    match.touch()
    refused(match, "rebuild sov-art-01 0 1", "2 point(s)", rule="PMD 9.5.3")
    refused(match, "rebuild sov-art-01 1 1", "only a Leg unit", rule="PMD 9.5.3")
    refused(match, "rebuild sov-gad-4 0 2", "not in the Replacement Army", rule="PMD 9.5.3")
    assert "rebuild sov-art-01 0 2" in p9.legal(match)
    match.apply("rebuild sov-art-01 0 2")
    assert match.state.units["sov-art-01"].loc == "box:rvgk-north"
    assert replacements.points(match, "soviet")["mrp"] == 0
