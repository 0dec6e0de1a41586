"""Land Without End's supply concentration (7.6, R5) on the shared mechanic: the German decision
at the start of each of his player turns, 18 markers on units he picks, the others neither attack
nor move more than one hex, never declared again once rescinded."""

from __future__ import annotations

from tests.games.lwe_helpers import ANSWERS, advance_to, new_match
from wargame import markers
from wargame.mechanics import concentration


def test_german_declares_at_the_start_of_his_turn_and_places_18_markers_7_6() -> None:
    m = new_match()
    advance_to(m, "german", "concentration")
    assert m.phase is not None and m.phase.spec.id == "refit-start"
    m.apply("concentration declare")
    placed = 0
    while m.decision is not None and m.decision.kind == "concentrate":
        uid = str(m.legal_actions()[0].args[0])
        m.apply(f"concentrate {uid}")
        placed += 1
    assert placed == 18 == len(markers.units_with(m, "supply-concentration"))
    chosen = {u.id for u in markers.units_with(m, "supply-concentration")}
    other = next(u for u in m.units_of("german") if u.id not in chosen and u.loc)
    assert concentration.restricted(m, other)
    assert not any(concentration.restricted(m, m.state.units[i]) for i in chosen)


def test_soviet_units_are_never_restricted_7_6() -> None:
    m = new_match()
    m.state.ns("supply-concentration")["status"] = "active"
    soviet = next(u for u in m.units_of("soviet") if u.loc)
    assert not concentration.restricted(m, soviet)


def test_once_rescinded_never_declared_again_7_6() -> None:
    m = new_match()
    advance_to(m, "german", "concentration")
    m.apply("concentration declare")
    while m.decision is not None and m.decision.kind == "concentrate":
        m.apply(str(m.legal_actions()[0]))
    m.apply("end")  # leave the movement phase; on to the next German turn
    advance_to(m, "german", "concentration")
    m.apply("concentration rescind")
    assert markers.units_with(m, "supply-concentration") == []
    turn = m.turn
    while m.turn < turn + 2:
        d = m.decision
        assert d is not None and d.kind != "concentration"
        answer = ANSWERS.get(d.kind, "end")
        m.apply(answer if m.check(answer) is None else str(m.legal_actions()[0]))
