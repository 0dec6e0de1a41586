"""PMD 6.1: a regiment or battalion augmenting a division of its national colour costs nothing
toward the stacking limit, and the division moves with the lower MF (``augment.py``, rulings
STK4-STK5)."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import at_phase, clear_hexes, title
from wargame.games.proud_monster_deluxe import augment
from wargame.match import Match
from wargame.mechanics import movement, stacking
from wargame.testing import put, refused

PD, HPBN, AGBN = "ger-pd-3", "ger-hpbn-501", "ger-agbn-177"
IDS = ("ger-id-1", "ger-id-102", "ger-id-106", "ger-id-11")


def _stack() -> tuple[Match, str, str]:
    """Turn 113's Axis Initial Movement Phase, map empty: a Panzer division, four infantry
    divisions and a heavy panzer battalion in one clear hex (5 1/4 divisions: one over 6.1)."""
    match = at_phase("axis", "movement")
    here, beside, _ = clear_hexes(match)
    for uid in (PD, *IDS, HPBN):
        put(match, uid, here)
    return match, here, beside


def test_an_augmenting_battalion_costs_nothing_toward_the_limit_6_1() -> None:
    match, here, _ = _stack()
    ids = [u.id for u in match.units_at(here)]
    assert stacking.weight(match, ids) == 5.25 and stacking.overstacked(match, "axis") == [here]
    assert f"augment {HPBN} {PD}" in {str(a) for a in match.legal_actions()}
    match.apply(f"augment {HPBN} {PD}")
    assert match.state.units[HPBN].flags[augment.FLAG] == PD
    assert stacking.weight(match, ids) == 5 and stacking.overstacked(match, "axis") == []
    match.apply(f"augment {HPBN} none")  # the owner's choice both ways
    assert stacking.overstacked(match, "axis") == [here]


def test_the_augmented_division_moves_with_the_lower_mf_6_1() -> None:
    match, here, _ = _stack()
    pd, hpbn = match.state.units[PD], match.state.units[HPBN]
    assert match.unit_values(pd)["movement"] == 12 and match.unit_values(hpbn)["movement"] == 9
    assert movement.allowance_explained(match, pd)[0] == 12
    match.apply(f"augment {HPBN} {PD}")
    assert movement.allowance_explained(match, pd)[0] == 9  # the battalion's MF
    assert movement.allowance_explained(match, hpbn)[0] == 9  # keeps its own
    assert augment.movement_factor(match, pd) == 9
    # an infantry division (MF 8 or less) augmented keeps its own MF and class
    match.apply(f"augment {HPBN} {IDS[0]}")
    infantry = match.state.units[IDS[0]]
    assert (
        movement.allowance_explained(match, infantry)[0] == match.unit_values(infantry)["movement"]
    )
    assert movement.allowance_explained(match, pd)[0] == 12


def test_only_a_regiment_or_battalion_under_a_division_of_its_colour_one_each_6_1() -> None:
    match, here, _ = _stack()
    put(match, AGBN, here)
    put(match, "rom-id-4", here)
    put(match, "ger-mib-1ss", here)
    refused(match, f"augment {IDS[0]} {PD}", "not an Axis regiment or battalion", rule="PMD 6.1")
    refused(match, f"augment {HPBN} rom-id-4", "national colour", rule="PMD 6.1")
    refused(match, f"augment {HPBN} ger-mib-1ss", "not a division", rule="PMD 6.1")
    match.apply(f"augment {HPBN} {PD}")
    refused(match, f"augment {AGBN} {PD}", "already augmented", rule="PMD 6.1")
    match.apply(f"augment {AGBN} {IDS[0]}")  # another division may take another
    assert stacking.weight(match, [PD, IDS[0], HPBN, AGBN]) == 2


def test_the_augmentation_ends_when_the_two_part_6_1() -> None:
    match, here, beside = _stack()
    match.apply(f"augment {HPBN} {PD}")
    match.apply(f"move {HPBN} {here} {beside}")  # 6.1 does not bind them (ruling STK4)
    assert augment.FLAG not in match.state.units[HPBN].flags
    assert stacking.weight(match, [HPBN]) == 0.25
    match.apply(f"move {PD} {here} {beside}")  # together again elsewhere: not unless told
    assert augment.host(match, match.state.units[HPBN]) is None
    assert stacking.weight(match, [PD, HPBN]) == 1.25
    assert movement.allowance_explained(match, match.state.units[PD])[0] == 12


def test_moving_together_keeps_it_and_an_eliminated_division_ends_it_6_1() -> None:
    match, here, beside = _stack()
    match.apply(f"augment {HPBN} {PD}")
    match.apply(f"move {PD},{HPBN} {here} {beside}")
    assert match.state.units[HPBN].flags[augment.FLAG] == PD
    match.eliminate(match.state.units[PD], "test", None)
    assert augment.FLAG not in match.state.units[HPBN].flags


def test_the_legion_makes_a_panzer_division_leg_until_they_part_6_1_ruling_stk5() -> None:
    """6.1: the augmented division has the class and MF of the slower unit: the Spanish Legion
    (Leg, MF 6) under a Panzer division (Mech, MF 12) makes it a Leg unit of MF 6 (the TEC's Leg
    costs, out of the Mech-only rules) until they part; under an infantry division (Leg) the
    class stays."""
    match, here, beside = _stack()
    put(match, "ger-spl", here)
    pd = match.state.units[PD]
    assert f"augment ger-spl {PD}" in {str(a) for a in match.legal_actions()}
    match.apply(f"augment ger-spl {PD}")
    assert match.unit_type(pd)["mobility"] == "leg" and augment.movement_factor(match, pd) == 6
    assert match.unit_type(match.state.units["ger-spl"])["mobility"] == "leg"
    match.apply(f"augment ger-spl {IDS[0]}")  # moved to another division: the PD is Mech again
    assert match.unit_type(pd)["mobility"] == "mech" and augment.movement_factor(match, pd) == 12
    assert match.unit_type(match.state.units[IDS[0]])["mobility"] == "leg"
    match.apply(f"augment ger-spl {PD}")
    match.apply(f"move {PD} {here} {beside}")  # the division leaves: they part
    assert match.unit_type(pd)["mobility"] == "mech"
    assert augment.FLAG not in match.state.units["ger-spl"].flags


def test_the_class_goes_back_when_the_legion_is_eliminated_6_1_ruling_stk5() -> None:
    match, here, _ = _stack()
    put(match, "ger-spl", here)
    match.apply(f"augment ger-spl {PD}")
    match.eliminate(match.state.units["ger-spl"], "test", None)
    assert match.unit_type(match.state.units[PD])["mobility"] == "mech"


def test_only_the_spanish_legion_could_change_a_class_in_the_manifest_ruling_stk5() -> None:
    """Every other regiment or battalion outruns, at every step, every division of its colour
    and another class, so only the Legion's pairs change a division's class."""
    doc = title().doc("counters")
    types = doc["unit_types"]

    def mfs(c: dict) -> list[float]:
        return [s["values"].get("movement", 0) for s in c["steps"]]

    counters = list(doc["counters"].values())
    regs = [c for c in counters if augment.augmenter_type(c["side"], types[c["type"]])]
    assert len(regs) >= 10
    for reg in regs:
        rkind = types[reg["type"]]
        if reg["name"] == "SpL":
            continue
        for div in counters:
            dkind = types[div["type"]]
            if not augment.division_type(dkind) or div["side"] != reg["side"]:
                continue
            if augment.type_colour(div["side"], dkind) != augment.type_colour(reg["side"], rkind):
                continue
            if dkind["mobility"] != rkind["mobility"]:
                assert max(mfs(div)) < min(mfs(reg)), (reg["name"], div["name"])
