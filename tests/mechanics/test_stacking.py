"""Stacking limits with weights (PGG 7.0, Barbarossa 6.1, PMD 6.1): checked at the end of the
phases the title names; an owner over the limit removes units of his choice (PGG 7.1).

Hexland: three weight points a hex, checked at the end of movement and combat phases; units weigh
1 except the Red HQ (0).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import fresh_name, put, simple_variant
from wargame.actions import IllegalAction
from wargame.match import Match
from wargame.mechanics import stacking
from wargame.plugins import Title

MECHANICS = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance", "stacking"]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf", "2-inf", "3-inf"], "at": ["0305"]},
    "a": {"side": "blue", "units": ["7-arm", "8-arm"], "at": ["0204"]},
    "r": {"side": "red", "units": ["r1", "r2", "r3", "hq-red"], "at": ["0909"]},
    "s": {"side": "red", "units": ["r4"], "at": ["1009"]},
}


def title(tmp_path: Path, **options: Any) -> Title:
    return simple_variant(
        tmp_path,
        MECHANICS,
        SETUP,
        options={"stacking": options} if options else None,
        name=fresh_name(tmp_path),
    )


def decision(m: Match) -> tuple[str, str]:
    d = m.decision
    assert d is not None
    return d.side, d.kind


def legal(m: Match) -> set[str]:
    return {str(a) for a in m.legal_actions()}


def test_weights_come_from_the_unit_types(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    assert stacking.weight(m, ["r1", "r2", "r3", "hq-red"]) == 3  # the HQ weighs nothing
    assert stacking.overstacked(m, "red") == []
    assert stacking.overstacked(m, "blue") == []


def test_an_overstack_is_allowed_during_the_phase(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    m.apply("move 7-arm 0204 0305")
    assert stacking.overstacked(m, "blue") == ["0305"]
    assert decision(m) == ("blue", "movement")
    m.apply("move 8-arm 0204 0304")  # still moving other units


def test_the_owner_removes_units_at_the_end_of_a_checked_phase(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    m.apply("move 7-arm 0204 0305")
    m.apply("end")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("blue", "overstack")
    assert d.prompt == "0305 is over the stacking limit (HL 7.1): remove units"
    assert legal(m) == {"remove 1-inf", "remove 2-inf", "remove 3-inf", "remove 7-arm"}
    with pytest.raises(IllegalAction):
        m.apply("remove 8-arm")  # not in the overstacked hex
    events = m.apply("remove 2-inf")
    gone = [e for e in events if e.kind == "eliminated"]
    assert [(e.text, e.rule) for e in gone] == [
        ("2-inf eliminated: over the stacking limit", "HL 7.1")
    ]
    assert m.state.units["2-inf"].loc is None
    assert decision(m) == ("blue", "combat")  # the next phase


def test_removal_goes_on_until_the_stack_is_legal(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    m.apply("move 7-arm,8-arm 0204 0305")  # five units in 0305
    m.apply("end")
    m.apply("remove 1-inf")
    assert decision(m) == ("blue", "overstack")
    m.apply("remove 7-arm")
    assert decision(m) == ("blue", "combat")
    assert [u.id for u in m.units_at("0305")] == ["2-inf", "3-inf", "8-arm"]


def test_unchecked_phases_leave_overstacks_alone(tmp_path: Path) -> None:
    m = Match(title(tmp_path, check=["combat"]))
    m.apply("move 7-arm 0204 0305")
    m.apply("end")
    assert decision(m) == ("blue", "combat")  # no check after movement
    m.apply("end")
    assert decision(m) == ("blue", "overstack")  # but after combat


def test_limits_per_side(tmp_path: Path) -> None:
    m = Match(title(tmp_path, limits={"red": 2}, limit=3, check=["movement"]))
    assert stacking.limit(m, "red") == 2 and stacking.limit(m, "blue") == 3
    assert stacking.overstacked(m, "red") == ["0909"]
    m.apply("end")  # Blue's movement: every side's stacks are checked
    assert decision(m) == ("red", "overstack")
    assert legal(m) == {"remove r1", "remove r2", "remove r3", "remove hq-red"}
    m.apply("remove r3")
    assert decision(m) == ("blue", "combat")
    assert stacking.overstacked(m, "red") == []


def test_a_unit_count_cap_besides_the_weight(tmp_path: Path) -> None:
    """PGG 7.1: three units, a fourth only if it is a leader; ``max_units`` caps the count."""
    m = Match(title(tmp_path, max_units=3, check=["movement"]))
    assert stacking.overstacked(m, "red") == ["0909"]  # three rifles and the HQ: four units
    plain = Match(title(tmp_path, check=["movement"]))
    assert stacking.overstacked(plain, "red") == []


def test_both_sides_are_checked_phasing_side_last(tmp_path: Path) -> None:
    m = Match(title(tmp_path, limits={"red": 2}))
    m.apply("move 7-arm 0204 0305")
    m.apply("end")
    assert decision(m) == ("blue", "overstack")
    m.apply("remove 7-arm")
    assert decision(m) == ("red", "overstack")  # Red's own overstack, on Blue's phase end
    m.apply("remove r1")
    assert decision(m) == ("blue", "combat")


def test_boxes_have_no_stacking_limit(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    for uid in ("1-inf", "2-inf", "3-inf", "7-arm", "8-arm"):
        put(m, uid, "box:reinforcements")
    assert stacking.overstacked(m, "blue") == []
    m.apply("end")
    assert decision(m) == ("blue", "combat")


def test_the_enemy_removes_when_the_title_says_so(tmp_path: Path) -> None:
    """Barbarossa 6.2: the opponent picks which of the offending units go."""
    m = Match(title(tmp_path, limit=3, check=["movement"], chooser="enemy", rule="B 6.2"))
    m.apply("move 7-arm 0204 0305")
    m.apply("end")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("red", "overstack")
    assert legal(m) == {"remove 1-inf", "remove 2-inf", "remove 3-inf", "remove 7-arm"}
    m.apply("remove 7-arm")
    assert m.state.units["7-arm"].loc is None and m.decision.kind != "overstack"


def _examined(tmp_path: Path, examine: bool) -> Match:
    """Blue's combat phase, 1-inf next to Red's 0909 and Red's r4 put into it (four weight
    points against the limit of three): an overstack nobody has checked yet."""
    opts = {"limit": 3, "check": ["combat"], "rule": "HL 7.1", "examine_battles": examine}
    m = Match(title(tmp_path, **opts))
    m.apply("end")
    assert decision(m) == ("blue", "combat")
    beside = next(h for h in sorted(m.topology.neighbours("0909")) if not m.units_at(h))
    put(m, "1-inf", beside)
    put(m, "r4", "0909")
    return m


def test_a_battle_s_stack_found_overstacked_is_reduced_before_revealing_pmd_6_3(
    tmp_path: Path,
) -> None:
    """``examine_battles``: the defender's hex is checked as the battle is examined; its owner
    removes units of his choice, then the battle goes on without them."""
    m = _examined(tmp_path, True)
    m.apply("attack 0909 with 1-inf")
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("red", "overstack")
    assert "found as battle" in d.prompt and d.context["battle"]
    assert legal(m) == {"remove r1", "remove r2", "remove r3", "remove r4", "remove hq-red"}
    events = m.apply("remove r2")
    assert m.state.units["r2"].loc is None and stacking.overstacked(m, "red") == []
    revealed = {e.text.split()[0] for e in events if e.kind == "reveal"}
    assert "r2" not in revealed and {"r1", "r3", "r4"} <= revealed  # removed before revealing
    assert [e.kind for e in events].count("battle") == 1  # then the battle is fought


def test_only_the_defending_stack_is_examined_pmd_6_3(tmp_path: Path) -> None:
    """The attacker's own overstack is not what the battle examines: it waits for the title's
    own check."""
    m = _examined(tmp_path, True)
    put(m, "r4", "1009")
    beside = m.state.units["1-inf"].loc
    for uid in ("2-inf", "3-inf", "7-arm"):
        put(m, uid, beside)  # four blue units
    events = m.apply("attack 0909 with 1-inf")
    assert [e.kind for e in events].count("battle") == 1
    assert not any(e.kind == "eliminated" and "stacking" in e.text for e in events)


def test_without_examine_battles_a_battle_leaves_the_overstack_to_the_phase_check(
    tmp_path: Path,
) -> None:
    m = _examined(tmp_path, False)
    events = m.apply("attack 0909 with 1-inf")
    assert {"r1", "r2", "r3", "r4"} <= {e.text.split()[0] for e in events if e.kind == "reveal"}
    assert [e.kind for e in events].count("battle") == 1  # fought with all four
    assert stacking.overstacked(m, "red") == ["0909"]


def test_an_augmenting_unit_weighs_nothing_with_its_host_pmd_6_1(tmp_path: Path) -> None:
    """``augment_flag``: a unit whose flag names a unit of the same stack weighs nothing; apart
    from it, or with the flag naming no one there, it weighs as its type says."""
    m = Match(title(tmp_path, limit=3, augment_flag="augments"))
    m.apply("move 7-arm 0204 0305")
    assert stacking.overstacked(m, "blue") == ["0305"]
    m.state.units["7-arm"].flags["augments"] = "1-inf"
    assert stacking.weight(m, ["1-inf", "2-inf", "3-inf", "7-arm"]) == 3
    assert stacking.overstacked(m, "blue") == []
    assert stacking.weight(m, ["2-inf", "3-inf", "7-arm"]) == 3  # its host not in the stack
    m.state.units["7-arm"].flags["augments"] = "8-arm"  # a host elsewhere
    assert stacking.overstacked(m, "blue") == ["0305"]
