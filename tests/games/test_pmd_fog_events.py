"""Proud Monster Deluxe's events as each side's log shows them (the web ``Lens``): what goes into,
between or out of the covered OKH and RVGK areas is told to the enemy as "something moved", not
what nor how many steps (16.2 D; 11.2, 11.3, 15.5, 15.10; rulings FG2, BM2). The owner's log has
it all."""

from __future__ import annotations

from typing import Any

from tests.games.test_pmd2_rvgk import GAME_TURN, MOSCOW, NORTH_EDGE, RDS, _soviet
from tests.games.test_pmd2_strategic import MINSK, RIGA, _axis_initial_movement
from tests.games.test_pmd15_bombard import _position, _shell_on_its_way
from wargame.games.proud_monster_deluxe import fog
from wargame.games.proud_monster_deluxe.replacements import points
from wargame.games.proud_monster_deluxe.turns import AXIS, SOVIET
from wargame.match import Match
from wargame.testing import put
from wargame.web.seat import Lens

GUNS = "ger-agbn-177"


def _logged(match: Match, action: str) -> dict[str, Any]:
    """Apply ``action``: its log entry as the web keeps it."""
    side = match.decision.side if match.decision else ""
    events = match.apply(action)
    return {"side": side, "action": action, "events": [e.to_json() for e in events]}


def _seen(match: Match, side: str, entry: dict[str, Any]) -> dict[str, Any]:
    return Lens.of(match, side).entry(entry)


def _texts(match: Match, side: str, entry: dict[str, Any]) -> list[str]:
    return [e["text"] for e in _seen(match, side, entry)["events"]]


def test_an_axis_strategic_move_into_or_between_the_okh_areas_is_not_named_16_2_d() -> None:
    match = _axis_initial_movement()
    put(match, "ger-id-7", RIGA)
    into = _logged(match, "strategic ger-id-7 box:okh-north")
    put(match, "ger-pd-3", "box:okh-north")
    between = _logged(match, "strategic ger-pd-3 box:okh-south")
    put(match, GUNS, "box:okh-north")  # an assault gun battalion: 1 step
    out = _logged(match, f"strategic {GUNS} {MINSK}")
    soviet = [_seen(match, SOVIET, e) for e in (into, between, out)]
    assert [s["action"] for s in soviet] == ["strategic: in secret"] * 3
    assert _texts(match, SOVIET, into) == [
        f"an Axis unit leaves {RIGA} by strategic movement for an OKH area (PMD 11.2; 16.2 D)"
    ]
    assert _texts(match, SOVIET, between) == [
        "the Axis moves something strategically between the OKH areas (PMD 11.2; 16.2 D)"
    ]
    assert _texts(match, SOVIET, out)[0] == (  # on the map he sees it, not the steps used
        f"{GUNS} comes out of an OKH area by strategic movement to {MINSK} (PMD 11.2; 16.2 D)"
    )
    told = str(soviet)
    assert "ger-id-7" not in told and "ger-pd-3" not in told and "steps)" not in told
    axis = [_seen(match, AXIS, e) for e in (into, between, out)]  # the owner's log: all of it
    assert [a["action"] for a in axis] == [e["action"] for e in (into, between, out)]
    assert "ger-pd-3 moves strategically box:okh-north -> box:okh-south" in str(axis)
    assert "(6/8 steps)" in str(axis) and "(7/8 steps)" in str(axis)
    # told when it happened, for good: the unit out on the map later does not name it
    put(match, "ger-id-7", RIGA)
    fog.sync(match)
    assert SOVIET not in match.state.units["ger-id-7"].hidden_from
    assert "ger-id-7" not in str(_seen(match, SOVIET, into))


def test_a_rebuilt_shell_and_its_strategic_move_are_not_named_15_5_16_2_d() -> None:
    """Ruling FG2: the rebuilt shell marker arrives in the covered North OKH area; the Soviet
    log tells that a shell was rebuilt (the verb is public), not for which gun nor which
    marker; its strategic move reads as any other's, and its joining the gun is not told."""
    match, _, _ = _position("reinforce")
    harko = match.state.units["ger-harko"]
    points(match, AXIS)["mrp"] = 3
    from wargame.games.proud_monster_deluxe import bombard

    bombard.gun_state(match, harko, keep=True)["shells"] = 0
    rebuilt = _logged(match, "shell ger-harko")
    seen = _seen(match, SOVIET, rebuilt)
    assert seen["action"] == "shell: in secret"
    assert _texts(match, SOVIET, rebuilt) == [
        "the Axis rebuilds a shell marker in a covered OKH area (PMD 15.5; 16.2 D)"
    ]
    assert "ger-harko" not in str(seen) and "shell-ger-harko" not in str(seen)
    assert "shell-ger-harko-1 arrives in box:okh-north" in str(_seen(match, AXIS, rebuilt))

    match, town = _shell_on_its_way()
    moved = _logged(match, "strategic shell-ger-harko-1 box:okh-south")
    assert _texts(match, SOVIET, moved) == [
        "the Axis moves something strategically between the OKH areas (PMD 11.2; 16.2 D)"
    ]  # the very words of a unit's move between the areas
    match, town = _shell_on_its_way()
    joined = _logged(match, f"strategic shell-ger-harko-1 {town}")
    assert _texts(match, SOVIET, joined) == [
        "the Axis moves something strategically out of an OKH area (PMD 11.2; 16.2 D)"
    ]
    assert "shell" not in str(_seen(match, SOVIET, joined))
    axis = _texts(match, AXIS, joined)
    assert len(axis) == 2 and "shell-ger-harko-1 joins ger-harko: under it now" in axis


def test_a_soviet_unit_into_or_between_the_rvgk_areas_is_not_named_11_3_16_2_d() -> None:
    match = _soviet("movement", 124)
    put(match, RDS[0], MOSCOW)
    into = _logged(match, f"rvgk {RDS[0]} box:rvgk-north")
    axis = _seen(match, AXIS, into)
    assert axis["action"] == "rvgk: in secret" and RDS[0] not in str(axis)
    assert _texts(match, AXIS, into) == [
        f"a Soviet unit leaves {MOSCOW} for an RVGK area (PMD 11.3; 16.2 D)"
    ]
    assert _seen(match, SOVIET, into) == into  # the owner's log
    match.state.cursor.turn = GAME_TURN[203]
    put(match, RDS[1], "box:rvgk-north")
    match.touch()
    between = _logged(match, f"rvgk {RDS[1]} box:rvgk-south")
    assert _texts(match, AXIS, between) == [
        "the Soviet moves a unit between the RVGK areas (PMD 11.3; 16.2 D)"
    ]
    put(match, RDS[2], "box:rvgk-north")
    match.touch()
    out = _logged(match, f"rvgk {RDS[2]} {NORTH_EDGE}")  # out on the map: he sees it there
    assert _seen(match, AXIS, out) == out
    put(match, RDS[0], MOSCOW)  # later on the map: the entry does not name it after all
    fog.sync(match)
    assert RDS[0] not in str(_seen(match, AXIS, into))


def test_a_unit_placed_into_an_off_map_reserve_stack_is_not_named_when_it_shows_6_4() -> None:
    """An arrival placed into an off-map reserve stack (9.1.3, 6.4) is concealed from the Axis
    right after: the log entry keeps it so (the web's ``hid``), and does not name it when the
    stack is revealed later. The Soviet's own log names it."""
    from tests.games.pmd_steps import to_phase
    from tests.games.test_pmd_reserves import RD, _axis_refit
    from wargame.games.proud_monster_deluxe import reserves
    from wargame.web.seat import concealed_in

    match = _axis_refit()
    to_phase(match, SOVIET, "reinforce")
    place = next(a for a in match.legal_actions() if a.verb == "place")
    unit, loc = place.args
    put(match, RD, loc)
    number = reserves.place(match, SOVIET, loc)
    fog.sync(match)
    entry = _logged(match, str(place))
    entry["hid"] = concealed_in(match, entry)
    assert entry["hid"] == {AXIS: sorted([unit])}
    assert any("joins the reserve stack" in e["text"] for e in entry["events"])
    reserves.remove_marker(match, SOVIET, number, "revealed (ruling R6)")
    match.place(match.state.units[RD], None)  # alone in the hex: seen (6.3)
    fog.sync(match)
    assert AXIS not in match.state.units[unit].hidden_from  # it shows now
    axis = _seen(match, AXIS, entry)
    assert unit not in str(axis) and axis["action"] == "place: a concealed unit"
    assert all(e.get("concealed") for e in axis["events"])
    assert unit in str(_seen(match, SOVIET, entry))
