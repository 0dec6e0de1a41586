"""Proud Monster Deluxe part 2: the Axis supply concentration (8.9) on the shared
supply-concentration mechanic: the Axis player's decision at each Axis Refit Phase, his 18
markers, the other Axis units neither attacking nor moving more than one hex, the marked ones
freed of the GAST, the markers redeployed, rescinded, declared again, gone at turn 205."""

from __future__ import annotations

from tests.games.pmd_combat_helpers import plain, title
from tests.games.pmd_steps import end, to_phase
from wargame import markers
from wargame.match import Battle, Match
from wargame.mechanics import attenuated, concentration
from wargame.testing import clear, put, refused

RULE = "PMD 8.9"
MARK = "supply-concentration"
RD = "sov-rd-interior-01"


def _axis_ids(match: Match, n: int) -> list[str]:
    return sorted(u.id for u in match.units_of("axis") if u.loc and u.id.startswith("ger-id-"))[:n]


def _land(match: Match, h: str) -> bool:
    return match.topology.terrain(h) not in ("sea", "lake")


def clear_pair(match: Match) -> tuple[str, str]:
    """Two plain neighbours, nothing on the hexside between, away from the map's edges."""
    topo = match.topology
    for a in sorted(topo.locations()):
        near = topo.neighbours(a)
        if not plain(match, a) or len([h for h in near if plain(match, h)]) < 6:
            continue
        b = near[0]
        edge = topo.edge(a, b)
        if edge is not None and not edge.features:
            return a, b
    raise AssertionError("no clear pair")


def _declared(turn: int = 1) -> tuple[Match, list[str], str]:
    """The Axis's concentration decision on game turn ``turn``, the map cleared but for 19 German
    infantry divisions, 18 of them marked; returns the match, the marked ids and the other one."""
    match = Match(title(), "1941-historical", 1)
    while match.turn < turn:
        end(match)
    to_phase(match, "axis", "concentration")
    ids = _axis_ids(match, 19)
    clear(match)
    a, b = clear_pair(match)
    land = [h for h in match.topology.neighbours(a) if h != b and _land(match, h)]
    for n, uid in enumerate(ids):  # four to a hex (6.1); the last two on ``a``
        put(match, uid, a if n >= 17 else land[n // 4])
    match.apply("concentration declare")
    for uid in ids[:18]:
        match.apply(f"concentrate {uid}")
    return match, ids[:18], ids[18]


def test_the_axis_decides_at_his_refit_phase_and_places_18_markers_8_9() -> None:
    match = Match(title(), "1941-historical", 1)
    d = match.decision
    assert d is not None and (d.side, d.kind) == ("axis", "concentration")
    assert match.phase is not None and match.phase.spec.id == "w1-refit"
    assert sorted(str(a) for a in match.legal_actions()) == [
        "concentration declare",
        "concentration pass",
    ]
    match, marked, other = _declared()
    assert sorted(u.id for u in markers.units_with(match, MARK)) == marked
    assert match.decision is not None and match.decision.kind == "refit"
    assert concentration.restricted(match, match.state.units[other])
    assert not concentration.restricted(match, match.state.units[marked[0]])


def test_the_soviet_is_never_asked_nor_restricted_8_9() -> None:
    match, _, _ = _declared()
    soviet = put(match, RD, clear_pair(match)[1])
    assert not concentration.restricted(match, soviet)
    for _ in range(30):
        d = match.decision
        assert d is not None
        assert not (d.side == "soviet" and d.kind in ("concentration", "concentrate"))
        if d.side == "axis" and d.kind == "concentration":
            break
        end(match)


def test_an_unmarked_unit_moves_one_hex_and_may_not_attack_8_9() -> None:
    match, marked, other = _declared(turn=2)
    a, b = clear_pair(match)
    far = next(
        h for h in match.topology.neighbours(b) if h != a and match.topology.distance(a, h) == 2
    )
    to_phase(match, "axis", "movement")
    refused(match, f"move {other} {a} {b} {far}", "moves at most one hex", rule=RULE)
    match.apply(f"move {other} {a} {b}")
    match.apply(f"move {marked[17]} {a} {b} {far}")  # a marked unit moves freely
    empty = [h for h in match.topology.neighbours(b) if not match.units_at(h) and _land(match, h)]
    match.reveal(put(match, RD, empty[0]))
    to_phase(match, "axis", "combat")
    target = match.state.units[RD].loc
    refused(match, f"attack {target} with {other}", "may not attack", rule=RULE)


def test_marked_units_are_freed_of_the_gast_the_others_not_8_9() -> None:
    match, marked, other = _declared()
    units = match.state.units
    assert attenuated.freed(match, units[marked[0]])
    assert not attenuated.freed(match, units[other])
    target = next(iter(match.topology.region("gas-east")))
    battle = Battle(id="b1", kind="attack", target=target, attackers=[marked[0]], defenders=[])
    assert attenuated.consults(match, battle)[0] is False


def test_kept_it_is_redeployed_rescinded_the_markers_go_and_it_may_come_again_8_9() -> None:
    match, marked, _ = _declared()
    to_phase(match, "axis", "concentration")  # turn 113's first Axis Refit Phase
    assert sorted(str(a) for a in match.legal_actions()) == [
        "concentration keep",
        "concentration rescind",
    ]
    match.apply("concentration keep")  # 8.9: the markers may go to other units
    assert markers.units_with(match, MARK) == []
    assert match.decision is not None and match.decision.kind == "concentrate"
    for uid in marked:
        match.apply(f"concentrate {uid}")
    to_phase(match, "axis", "concentration")
    match.apply("concentration rescind")
    assert markers.units_with(match, MARK) == [] and not concentration.active(match)
    to_phase(match, "axis", "concentration")
    assert "concentration declare" in {str(a) for a in match.legal_actions()}


def test_the_markers_are_removed_at_the_start_of_turn_205_8_9() -> None:
    match, _, _ = _declared()
    match.state.cursor.turn = 18  # turn 205
    phase = next(p.spec for p in [match.phase] if p is not None)
    match.state.pending.clear()
    match.hook.wargame_phase_start(match=match, phase=phase)
    assert markers.units_with(match, MARK) == []
    assert concentration.status(match) == "ended" and not match.state.pending
