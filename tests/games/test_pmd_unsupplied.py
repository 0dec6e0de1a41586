"""Proud Monster Deluxe 8.8: the Axis declaring units in supply unsupplied, to attack beyond the
GAS line without the GAST (his decision, ``unsupplied UNIT``, in his Combat Phase: ruling GS1)."""

from __future__ import annotations

from wargame import pricing
from wargame.games.proud_monster_deluxe import supply, unsupplied
from wargame.match import Match
from wargame.mechanics import attenuated, combat
from wargame.testing import put, refused

from .pmd_combat_helpers import at_phase, plain
from .pmd_steps import end

RD = "sov-rd-interior-01"
GER = "ger-id-7"


def _east_pair(match: Match) -> tuple[str, str]:
    """(target, origin): a plain hex beyond the GAS line and a plain neighbour in Axis supply
    across a plain hexside."""
    topo = match.topology
    gas_east, supplied = topo.region("gas-east"), supply.nets(match, "axis")[1]
    for a in sorted(gas_east):
        for b in topo.neighbours(a) if plain(match, a) else ():
            edge = topo.edge(a, b)
            if plain(match, b) and b in supplied and edge is not None and not edge.features:
                return a, b
    raise AssertionError("no supplied pair at the GAS line")


def _position() -> tuple[Match, str, str]:
    match = at_phase("axis", "combat")
    target, origin = _east_pair(match)
    match.reveal(put(match, RD, target))
    put(match, GER, origin)
    match.touch()
    return match, target, origin


def _battle(match: Match, target: str) -> combat.Battle:
    units = match.state.units
    return combat.new_battle(match, [units[GER]], [units[RD]], target, "attack")


def test_a_unit_declared_unsupplied_attacks_at_half_without_the_gast_8_8() -> None:
    match, target, _origin = _position()
    unit = match.state.units[GER]
    assert supply.wargame_supply(match, unit)["state"] == "supplied"
    assert attenuated.consults(match, _battle(match, target))[0] is True
    full = pricing.price(match, _battle(match, target)).attack
    assert f"unsupplied {GER}" in {str(a) for a in match.legal_actions()}
    match.apply(f"unsupplied {GER}")
    assert unit.flags["oos"] and supply.wargame_supply(match, unit)["state"] == "out"
    assert attenuated.consults(match, _battle(match, target))[0] is False  # no GAST
    assert pricing.price(match, _battle(match, target)).attack == -(-full // 2)  # 8.5
    refused(match, f"unsupplied {GER}", "not in supply", rule="PMD 8.8")  # once


def test_the_declaration_goes_with_the_combat_phase_8_8_8_3() -> None:
    match, _target, _origin = _position()
    unit = match.state.units[GER]
    match.apply(f"unsupplied {GER}")
    end(match)  # the next phase's check traces the unit again (8.3)
    assert unsupplied.FLAG not in unit.flags
    assert not unsupplied.declared(match, unit)
    assert supply.wargame_supply(match, unit)["state"] == "supplied"
    assert "oos" not in unit.flags


def test_no_declaration_away_from_the_line_or_once_the_gast_is_gone_8_8() -> None:
    match, target, origin = _position()
    match.place(match.state.units[RD], None)  # type: ignore[arg-type]
    match.touch()
    refused(match, f"unsupplied {GER}", "beyond the GAS line", rule="PMD 8.8")
    put(match, RD, target)
    match.state.cursor.turn = 18  # turn 205: the line has no supply effects (8.8)
    match.touch()
    refused(match, f"unsupplied {GER}", "no GAST", rule="PMD 8.8")
    match.state.cursor.turn = 2
    match.state.vars["gas_ignored"] = True  # 8.10: after a 3-turn Paulus Pause
    match.touch()
    refused(match, f"unsupplied {GER}", "no GAST", rule="PMD 8.8")
    match.state.vars.pop("gas_ignored")
    match.touch()
    assert match.check(f"unsupplied {GER}") is None


def test_only_the_axis_declares_in_his_combat_phase_8_8() -> None:
    match = at_phase("soviet", "combat")
    target, origin = _east_pair(match)
    put(match, RD, target)
    put(match, GER, origin)
    match.touch()
    refused(match, f"unsupplied {GER}", "Combat Phase", rule="PMD 8.8")
