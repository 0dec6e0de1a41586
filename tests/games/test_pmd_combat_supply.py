"""Proud Monster Deluxe's supply in combat (8.5, 8.6, 13.2, 14.2): attackers not in offensive
supply and defenders out of supply or isolated are halved, the stack's total once, rounded up,
never below 1; the worked example T14."""

from __future__ import annotations

from wargame import pricing
from wargame.calendar import set_weather
from wargame.match import Battle, Match
from wargame.mechanics import combat
from wargame.testing import put

from .pmd_combat_helpers import at_phase, clear_pair, revealed

RDS = [f"sov-rd-interior-{i:02d}" for i in range(1, 4)]  # revealed: 3-3-5


def _price(match: Match, attackers: list[str], defenders: list[str], kind: str = "attack"):
    units = match.state.units
    target = str(units[defenders[0]].loc)
    battle = combat.new_battle(
        match, [units[i] for i in attackers], [units[i] for i in defenders], target, kind
    )
    return pricing.price(match, battle)


def _unsupplied(match: Match, uid: str, state: str = "oos") -> None:
    """As the phase's supply check leaves the unit (8.3)."""
    match.state.units[uid].flags[state] = state == "oos" or 1
    match.touch()


def _position() -> tuple[Match, str, str]:
    match = at_phase("axis", "combat")
    target, origin = clear_pair(match)
    put(match, "ger-id-239", origin)  # 5-7-6
    return match, target, origin


def test_t14_half_of_5_is_3_for_an_attacker_out_of_supply_8_5() -> None:
    match, target, _origin = _position()
    revealed(match, RDS[0], target)
    assert _price(match, ["ger-id-239"], [RDS[0]]).attack == 5
    _unsupplied(match, "ger-id-239")
    assert _price(match, ["ger-id-239"], [RDS[0]]).attack == 3


def test_an_isolated_attacker_is_halved_too_8_5() -> None:
    match, target, _origin = _position()
    revealed(match, RDS[0], target)
    _unsupplied(match, "ger-id-239", "iso")
    assert _price(match, ["ger-id-239"], [RDS[0]]).attack == 3


def _german_defenders(step: int, ids: list[str]) -> tuple[Match, str]:
    """German infantry (6-8-6, at ``step`` 2 a 3-5-5) defending against a revealed RD."""
    match = at_phase("soviet", "combat")
    target, origin = clear_pair(match)
    for uid in ids:
        put(match, uid, target).step = step
    revealed(match, RDS[0], origin)
    return match, target


def test_t14_two_defenders_out_of_supply_halve_their_total_once_8_5() -> None:
    ids = ["ger-id-22", "ger-id-46"]
    match, _target = _german_defenders(2, ids)  # 3-5-5 each
    assert _price(match, [RDS[0]], ids).defense == 10
    for uid in ids:
        _unsupplied(match, uid)
    assert _price(match, [RDS[0]], ids).defense == 5  # not 3 + 3


def test_a_lone_defender_out_of_supply_rounds_up_8_5() -> None:
    match, _target = _german_defenders(0, ["ger-id-239"])  # 5-7-6
    _unsupplied(match, "ger-id-239", "iso")
    assert _price(match, [RDS[0]], ["ger-id-239"]).defense == 4  # 3.5 up


def test_t14_a_lone_defence_factor_of_1_out_of_supply_stays_1_8_5() -> None:
    """T14: a stack is never below 1: one out-of-supply RD of DF 1 defends at 1, not 0."""
    match, target, _origin = _position()
    rd = match.state.units[revealed(match, RDS[0], target)]
    rd.face = {"attack": 1, "defense": 1, "movement": 5}  # the pool's weakest face
    _unsupplied(match, RDS[0])
    assert _price(match, ["ger-id-239"], [RDS[0]]).defense == 1


def test_a_mobile_assault_attacks_at_full_strength_its_defender_halved_8_6_14_5() -> None:
    match, target, origin = _position()
    put(match, "ger-pd-9", origin)  # 9-6-12
    revealed(match, RDS[0], target)
    _unsupplied(match, "ger-pd-9")
    _unsupplied(match, RDS[0])
    printed = int(match.unit_values(match.state.units[RDS[0]])["defense"])
    priced = _price(match, ["ger-pd-9"], [RDS[0]], kind="overrun")
    assert priced.attack == 9
    assert priced.defense == max(-(-printed // 2), 1)


def test_out_of_supply_and_a_minor_river_multiply_once_rounded_up_8_5_13_4_1() -> None:
    match = at_phase("axis", "combat")
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    put(match, "ger-id-7", "0226")  # 6 AF, across the minor river of 0226/0227 (3/4 in 1941)
    revealed(match, RDS[0], "0227")
    battle = Battle("b9", ["ger-id-7"], [RDS[0]], "0227", {"ger-id-7": "0226"}, "attack")
    assert pricing.price(match, battle).attack == 5  # 4.5 up
    _unsupplied(match, "ger-id-7")
    assert pricing.price(match, battle).attack == 3  # 6 x 1/2 x 3/4 = 2.25 up


def test_an_isolated_afv_unit_loses_its_afv_property_out_of_supply_keeps_it_8_5_15_2() -> None:
    from wargame.games.proud_monster_deluxe import afv

    match, target, origin = _position()
    put(match, "ger-pd-9", origin)
    revealed(match, RDS[0], target)
    for zone in ("nz", "sz"):
        set_weather(match, "D", zone)
    battle = Battle("b9", ["ger-pd-9"], [RDS[0]], target, {"ger-pd-9": origin}, "attack")
    assert afv.may_declare(match, battle, "attacker")
    _unsupplied(match, "ger-pd-9")
    assert afv.may_declare(match, battle, "attacker")  # OOS: it keeps its properties
    _unsupplied(match, "ger-pd-9", "iso")
    assert not afv.may_declare(match, battle, "attacker")


def test_out_of_supply_and_marsh_halve_a_panzer_division_once_to_a_quarter_8_5_13_4_1() -> None:
    """13.4.1's marsh halving of non-infantry Mech attackers joins the one division of 8.5
    (ruling C19): 9 x 1/2 = 5 (4.5 up) in supply, 9 x 1/4 = 3 (2.25 up) out of it, never 0
    (a 1942-free game crashed on two halvings each taking half the printed 8 away); an
    infantry division is not halved for the marsh."""
    match = at_phase("axis", "combat")
    topo = match.topology
    marsh, origin = next(
        (m, o)
        for m in sorted(topo.locations())
        if topo.terrain(m) == "marsh"
        for o in topo.neighbours(m)
        if topo.terrain(o) == "clear" and (e := topo.edge(m, o)) is not None and not e.features
    )
    revealed(match, RDS[0], marsh)
    pd = put(match, "ger-pd-12", origin)  # 9 AF
    assert match.unit_values(pd)["attack"] == 9
    assert _price(match, ["ger-pd-12"], [RDS[0]]).attack == 5
    _unsupplied(match, "ger-pd-12")
    assert _price(match, ["ger-pd-12"], [RDS[0]]).attack == 3
    put(match, "ger-id-239", origin)  # 5 AF, Leg infantry: out of supply only
    _unsupplied(match, "ger-id-239")
    assert _price(match, ["ger-id-239"], [RDS[0]]).attack == 3
