"""Dark Crusade set-up: control (20.0), dispersed units (4.A), options (2.A.1, 21.F), the free
set-up (3.B) and the Soviet border units' pre-game fortification (18.0)."""

from __future__ import annotations

from tests.games.dc_helpers import title
from wargame.games.dark_crusade import setup as S
from wargame.games.dark_crusade import units as U
from wargame.match import Match


def test_20_0_control_at_the_start() -> None:
    match = Match(title(), "tournament", seed=1)
    control = match.state.control
    assert control["moscow"] == "soviet" and control["warsaw"] == "axis"
    assert control["helsinki"] == "axis" and control["bucharest"] == "axis"
    assert control["box:siberia"] == "soviet" and control["box:west"] == "axis"


def test_4_A_june_and_may_dispersal() -> None:
    june = Match(title(), "tournament", seed=1)
    may = Match(title(), "tournament-may", seed=1)
    flagged_june = {u.id for u in june.state.units.values() if U.dispersed(u)}
    flagged_may = {u.id for u in may.state.units.values() if U.dispersed(u)}
    assert flagged_june and flagged_june < flagged_may


def test_18_0_pre_game_fortification_of_border_units() -> None:
    """R-27: each border unit fortifies on 1-3 in a June game (1-2 in May), before turn 1."""
    match = Match(title(), "tournament", seed=3)
    rolls = [e for e in match.opening_events if e.kind == "roll" and "fortifies" in e.text]
    assert rolls
    border = set(S.border_points(match))
    for event in rolls:
        unit_id = event.text.split()[0]
        unit = match.state.units[unit_id]
        assert unit.loc in border
        assert U.fortified(unit) == (event.data["total"] <= 3)


def test_2_A_1_introductory_forces() -> None:
    match = Match(title(), "tournament", seed=1, options={"introductory": True})
    types = {match.counter(u)["type"] for u in match.state.units.values() if u.loc}
    assert not types & {"ger-hq", "ger-pzhq", "artillery", "stavka", "sov-air", "moscow-mot"}
    assert "rifle-army" in types and "ger-inf" in types


def test_21_F_parachute_units_only_with_the_option() -> None:
    plain = Match(title(), "tournament", seed=1)
    assert plain.state.units.get("para-1") is None
    option = Match(title(), "tournament", seed=1, options={"parachutes": True})
    assert sum(1 for u in option.state.units.values() if u.id.startswith("para-") and u.loc) == 5


def test_3_B_free_set_up_soviets_first_then_the_axis() -> None:
    match = Match(title(), "tournament", seed=1, options={"free-setup": True})
    d = match.decision
    assert (d.side, d.phase) == ("axis", "setup/free-setup-designate")
    legal = {str(a) for a in match.legal_actions()}
    assert any(a.startswith("deploy ger-") and a.endswith(" helsinki") for a in legal)
    assert not any(a.endswith(" warsaw") for a in legal)  # only Finland and Rumania now
    match.apply("end")
    d = match.decision
    assert (d.side, d.phase) == ("soviet", "setup/free-setup-soviet")
    legal = {str(a) for a in match.legal_actions()}
    assert "deploy sov-11a lepaya" in legal  # a border unit may go to Lepaya (3.B.2)
    assert not any(a.startswith("deploy sov-4a ") for a in legal)  # dispersed: stays
    assert not any(a.startswith("deploy sov-13a ") for a in legal)  # Minsk is not on the border
    match.apply("deploy sov-11a lepaya")
    match.apply("end")
    d = match.decision
    assert (d.side, d.phase) == ("axis", "setup/free-setup-axis")
    legal = {str(a) for a in match.legal_actions()}
    assert not any(a.endswith(" cluj") for a in legal if a.startswith("deploy ger-"))  # 3.B.1
    assert not any(a.startswith("deploy rum-") and a.endswith(" warsaw") for a in legal)
    match.apply("end")
    assert match.decision.phase == "axis/reinforcement"
    assert match.state.units["sov-11a"].loc == "lepaya"


def test_3_B_1_memel_limit() -> None:
    match = Match(title(), "tournament", seed=1, options={"free-setup": True})
    match.apply("end")
    match.apply("end")
    legal = {str(a) for a in match.legal_actions()}
    assert "deploy ger-7 memel" in legal  # Memel holds XXVI and XXXVIII: room for one more
    assert "deploy ger-47 memel" not in legal  # not an infantry corps
    match.apply("deploy ger-7 memel")
    assert "deploy ger-1 memel" not in {str(a) for a in match.legal_actions()}
