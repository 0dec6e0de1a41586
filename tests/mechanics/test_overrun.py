"""Overrun / mobile assault (PGG 6.5-6.6, Barbarossa 10.23-10.32, LWE 9.22-9.30, PMD 14.0):
combat during movement, resolved through the combat pipeline, with movement before and after.

Blue's 7-arm (8-5-8) and 8-arm (7-5-8) start stacked in 0305 on Hexland's main road; Red's r1
(shown as a 2-3) holds 0605. The road runs 0305-0405-0505-0605, half an MP a hex. The combat
table's result is the roll's (``roll_table``), so each test forces the result it needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import (
    SIMPLE_SEQUENCE,
    force_rolls,
    fresh_name,
    make_variant,
    put,
    reveal_as,
    roll_for,
    roll_table,
    to_phase,
)
from wargame.actions import Event, IllegalAction
from wargame.combat import Modifier
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import movement, overrun, zoc
from wargame.plugins import Title
from wargame.testing import refused

MECHANICS = [
    "movement", "rigid-zoc", "combat", "step-losses", "retreat-advance", "untried", "overrun",
]  # fmt: skip

PGG_LIKE: dict[str, Any] = {
    "cost": 3,
    "same_start": True,
    "halve": True,
    "move_in": True,
    "continue": True,
    "stop_on": ["attacker-loss", "attacker-retreat", "split"],
    "defender_marker": "disrupted",
    "defender_marker_except": ["EN"],
    "rule": "HL 6.5",
}

ARMOR_AND_RIFLE = {
    "b": {"side": "blue", "units": ["7-arm", "8-arm"], "at": ["0305"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0605"]},
}

ROAD = "0305 0405 0505"  # 1 MP along the road to the launch hex 0505, next to 0605


def title(
    tmp_path: Path,
    setup: dict[str, Any] | None = None,
    rules: tuple[object, ...] = (),
    base: dict[str, Any] | None = None,
    **options: Any,
) -> Title:
    return make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=setup or ARMOR_AND_RIFLE,
        edit=roll_table,
        options={"overrun": {**(PGG_LIKE if base is None else base), **options}},
        rules=rules,
        name=fresh_name(tmp_path),
    )


def start(t: Title, seed: int = 0, reveal: bool = True) -> Match:
    m = Match(t, seed=seed)
    if reveal:
        for u in m.state.units.values():
            if m.is_untried(u):
                reveal_as(m, u.id, 2, 3)
    return m


def overrun_with(m: Match, action: str, code: str | None) -> list[Event]:
    queue = force_rolls(m, roll_for(code)) if code else []
    events = m.apply(action)
    assert queue == []
    return events


def mp(m: Match, uid: str) -> float:
    return movement.spent(m, m.state.units[uid]) / movement.scale(m)


def loc(m: Match, uid: str) -> str | None:
    return m.state.units[uid].loc


def decision(m: Match) -> tuple[str, str]:
    d = m.decision
    assert d is not None
    return d.side, d.kind


def overruns(m: Match) -> list[str]:
    return [str(a) for a in m.legal_actions() if a.verb == "overrun"]


def battle_of(events: list[Event]) -> dict[str, Any]:
    found = [e.data["battle"] for e in events if e.kind == "battle"]
    assert len(found) == 1
    battle = found[0]
    assert isinstance(battle, dict)
    return battle


# ----------------------------------------------------------------------------- the verb


def test_registered_as_a_shared_mechanic() -> None:
    from wargame.plugins import MECHANICS as REGISTRY
    from wargame.plugins import resolve_mechanic

    assert REGISTRY["overrun"] == "wargame.mechanics.overrun"
    assert resolve_mechanic("overrun") is overrun


def test_legal_overruns_end_next_to_the_target_and_pass_their_check(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    listed = overruns(m)
    assert f"overrun 0605 with 7-arm,8-arm via {ROAD}" in listed
    assert f"overrun 0605 with 7-arm via {ROAD}" in listed
    for text in listed:
        action = m.legal_actions()[[str(a) for a in m.legal_actions()].index(text)]
        assert action.args[0] == "0605"
        assert action.args[-1] in m.topology.neighbours("0605")
        assert m.check(action) is None


def test_an_overrun_moves_pays_and_fights(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    events = overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE")
    kinds = [e.kind for e in events]
    assert kinds.index("move") < kinds.index("overrun") < kinds.index("battle")
    battle = battle_of(events)
    assert battle["kind"] == "overrun"
    assert battle["origins"] == {"7-arm": "0505", "8-arm": "0505"}
    assert mp(m, "7-arm") == mp(m, "8-arm") == 1 + 3  # the road, then the overrun (PGG 6.51)


def test_any_legal_path_to_the_launch_hex_is_accepted(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    overrun_with(m, "overrun 0605 with 7-arm via 0305 0404 0504 0604", "DE")
    assert mp(m, "7-arm") == 2 + 1 + 1 + 3  # forest 2, clear, clear, then the overrun


def test_overrun_from_where_the_units_stand(tmp_path: Path) -> None:
    setup = {**ARMOR_AND_RIFLE, "b": {"side": "blue", "units": ["7-arm"], "at": ["0505"]}}
    m = start(title(tmp_path, setup))
    assert "overrun 0605 with 7-arm via 0505" in overruns(m)
    overrun_with(m, "overrun 0605 with 7-arm via 0505", "DE")
    assert mp(m, "7-arm") == 3


def test_not_enough_movement_points(tmp_path: Path) -> None:
    m = start(title(tmp_path, cost=7.5))
    refused(m, f"overrun 0605 with 7-arm via {ROAD}",
            "7-arm needs 8.5 MP to overrun 0605 from 0505, has 8 (HL 6.5)")  # fmt: skip
    assert overruns(m) == []


def test_malformed_and_misplaced_overruns_are_refused(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    refused(m, "overrun 0605 with 7-arm", "usage: overrun TARGET")
    refused(m, "overrun 0606 with 7-arm via 0305 0405 0506", "0606 holds no enemy units")
    refused(m, "overrun 0605 with 7-arm via 0305 0405", "0405 is not adjacent to 0605")
    refused(m, "overrun 0605 with 7-arm via 0405 0505", "7-arm is at 0305, not 0405")
    refused(m, "overrun 0605 with 7-arm via 0305 0505", "0305 and 0505 are not adjacent")
    refused(m, "overrun 0605 with 7-arm,7-arm via 0305 0405 0505", "a unit is listed twice")
    refused(m, "overrun 0605 with r1 via 0605", "r1 is not yours")


def test_mechanized_units_may_not_overrun_into_prohibited_terrain(tmp_path: Path) -> None:
    setup = {
        "b": {"side": "blue", "units": ["7-arm", "1-inf"], "at": ["0707"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0708"]},  # swamp
    }
    m = start(title(tmp_path, setup, same_start=False))
    refused(m, "overrun 0708 with 7-arm via 0707", "7-arm may not enter 0708 from 0707")
    assert "overrun 0708 with 1-inf via 0707" in overruns(m)


def test_only_listed_terrain_may_be_overrun(tmp_path: Path) -> None:
    """Barbarossa 10.25: mobile assaults only into clear terrain."""
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1"], "at": ["0403"]}}  # forest
    m = start(title(tmp_path, setup, terrain=["clear"], rule="B 10.25"))
    refused(m, "overrun 0403 with 7-arm via 0305 0304", "0403 is forest: only clear may be "
            "overrun (B 10.25)")  # fmt: skip


def test_no_overruns_in_a_phase_that_forbids_them(tmp_path: Path) -> None:
    sequence = {
        "player_turns": [
            {"side": "blue", "phases": [
                {"id": "movement", "kind": "movement", "options": {"overrun": False}}]},
            {"side": "red", "phases": [{"id": "movement", "kind": "movement"}]},
        ]
    }  # fmt: skip
    t = make_variant(
        tmp_path, mechanics=MECHANICS, sequence=sequence, scenario_setup=ARMOR_AND_RIFLE,
        options={"overrun": PGG_LIKE},
    )  # fmt: skip
    m = start(t)
    assert overruns(m) == []
    refused(m, f"overrun 0605 with 7-arm via {ROAD}", "no overruns in this phase")


def test_only_in_movement_phases(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    to_phase(m, "blue", "combat")
    with pytest.raises(IllegalAction) as info:
        m.apply(f"overrun 0605 with 7-arm via {ROAD}")
    assert "'overrun' is not a choice now" in info.value.reason


# ----------------------------------------------------------------------------- who may overrun


def test_units_that_already_moved_may_not_overrun(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    m.apply("move 7-arm 0305 0405 0505")
    refused(m, "overrun 0605 with 7-arm via 0505", "7-arm has already moved this phase")


def test_units_without_attack_strength_may_not_overrun(tmp_path: Path) -> None:
    """PGG 6.53: leaders have no attack strength."""
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0605"]},
        "r": {"side": "red", "units": ["hq-red"], "at": ["0705"]},
    }
    m = start(title(tmp_path, setup))
    to_phase(m, "red", "movement")
    refused(m, "overrun 0605 with hq-red via 0705", "hq-red has no attack strength")


def test_mobility_restricts_who_may_overrun(tmp_path: Path) -> None:
    """Barbarossa 10.23: mechanized units only."""
    setup = {**ARMOR_AND_RIFLE, "b": {"side": "blue", "units": ["1-inf", "7-arm"], "at": ["0505"]}}
    m = start(title(tmp_path, setup, mobility=["mechanized"], rule="B 10.23"))
    refused(m, "overrun 0605 with 1-inf via 0505", "1-inf may not overrun: infantry units never "
            "do (B 10.23)")  # fmt: skip
    assert {a.split()[3] for a in overruns(m)} == {"7-arm"}


def test_tags_restrict_who_may_overrun(tmp_path: Path) -> None:
    setup = {**ARMOR_AND_RIFLE, "b": {"side": "blue", "units": ["1-inf", "7-arm"], "at": ["0505"]}}
    m = start(title(tmp_path, setup, tags=["mech"]))
    refused(m, "overrun 0605 with 1-inf,7-arm via 0505", "1-inf may not overrun: not a mech unit")


def test_overrunners_must_start_the_phase_together(tmp_path: Path) -> None:
    """PGG 6.54: 8-arm stands with 7-arm now but started the phase elsewhere."""
    m = start(title(tmp_path))
    put(m, "8-arm", "0305", start=["1/blue/movement", "0203"])
    assert not [a for a in overruns(m) if "7-arm,8-arm" in a]
    refused(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "must start the phase in the same "
            "location (they started in 0203, 0305) (HL 6.5)")  # fmt: skip
    overrun_with(m, f"overrun 0605 with 8-arm via {ROAD}", "DE")  # alone is fine


def test_without_same_start_any_units_together_may_overrun(tmp_path: Path) -> None:
    m = start(title(tmp_path, same_start=False))
    put(m, "8-arm", "0305", start=["1/blue/movement", "0203"])
    assert f"overrun 0605 with 7-arm,8-arm via {ROAD}" in overruns(m)


def test_max_overruns_per_phase(tmp_path: Path) -> None:
    """LWE 9.23 / Barbarossa 10.24 (Soviet): one mobile assault per unit per phase."""
    setup = {**ARMOR_AND_RIFLE, "s": {"side": "red", "units": ["r2"], "at": ["0805"]}}
    m = start(title(tmp_path, setup, max_per_phase={"blue": 1}))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    assert loc(m, "7-arm") == "0605"
    refused(m, "overrun 0805 with 7-arm via 0605 0705", "7-arm has made its 1 overrun(s) this "
            "phase (HL 6.5)")  # fmt: skip
    assert "overrun 0805 with 8-arm via 0305 0405 0505 0605 0705" in overruns(m)


# ----------------------------------------------------------------------------- strength


class Doubling:
    """A title rule doubling the attack (PGG 7.3 divisional integration stands in)."""

    @hookimpl
    def wargame_strength_modifiers(self, match: Match, battle: Battle) -> list[Modifier]:
        return [Modifier("attack", "multiply", 2, "integrated division", "PGG 7.3")]


def test_attack_is_halved_after_every_modifier(tmp_path: Path) -> None:
    """PGG 6.55: 8 + 7 = 15, doubled to 30, then halved to 15 (not 7 x 2 = 14)."""
    m = start(title(tmp_path, rules=(Doubling(),)))
    battle = battle_of(overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE"))
    assert battle["attack"] == 15
    assert battle["defense"] == 3
    assert "overrun: attack halved, fractions dropped -> 15 (HL 6.5)" in battle["explanation"]


def test_halving_drops_fractions(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    battle = battle_of(overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE"))
    assert battle["attack"] == 7  # 15 / 2


def test_halving_floor_is_a_setting(tmp_path: Path) -> None:
    def weak(docs: dict[str, dict[str, Any]]) -> None:
        roll_table(docs)
        docs["counters"]["counters"]["7-arm"]["steps"][0]["values"]["attack"] = 1

    for floor, expected in ((0, 0), (1, 1)):
        t = make_variant(
            tmp_path, mechanics=MECHANICS, sequence=SIMPLE_SEQUENCE,
            scenario_setup=ARMOR_AND_RIFLE, edit=weak, name=f"floor{floor}",
            options={"overrun": {**PGG_LIKE, "halve_min": floor}},
        )  # fmt: skip
        m = start(t)
        battle = battle_of(overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE"))
        assert battle["attack"] == expected


def test_no_halving_unless_set(tmp_path: Path) -> None:
    m = start(title(tmp_path, halve=False))
    battle = battle_of(overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE"))
    assert battle["attack"] == 15


def test_combat_halving_is_untouched_by_overrun(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    put(m, "7-arm", "0505")
    put(m, "8-arm", "0505")
    to_phase(m, "blue", "combat")
    force_rolls(m, roll_for("DE"))
    battle = battle_of(m.apply("attack 0605 with 7-arm,8-arm"))
    assert battle["kind"] == "attack" and battle["attack"] == 15


# ----------------------------------------------------------------------------- success


def test_success_moves_the_overrunners_into_the_vacated_hex(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    events = overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE")
    assert loc(m, "r1") is None
    assert loc(m, "7-arm") == loc(m, "8-arm") == "0605"
    assert mp(m, "7-arm") == 4  # moving in is free (PGG 6.51)
    assert decision(m) == ("blue", "movement")  # no advance after combat (PGG 6.57)
    result = [e for e in events if e.kind == "overrun-result"]
    assert result and result[0].data["success"] is True


def test_after_success_the_overrunners_keep_moving(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE")
    unit = m.state.units["7-arm"]
    assert not movement.done(m, unit)
    reach = movement.tree(m, unit)
    assert reach and max(cost for cost, _path in reach.values()) <= 8  # 4 MP left, scale 2
    m.apply("move 7-arm 0605 0705 0805 0905 1005")  # 2 MP of road
    assert mp(m, "7-arm") == 6
    assert movement.done(m, unit)


def test_overruns_chain_while_points_last(tmp_path: Path) -> None:
    setup = {**ARMOR_AND_RIFLE, "s": {"side": "red", "units": ["r2"], "at": ["0805"]}}
    m = start(title(tmp_path, setup))
    overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "DE")
    assert "overrun 0805 with 7-arm,8-arm via 0605 0705" in overruns(m)
    overrun_with(m, "overrun 0805 with 7-arm,8-arm via 0605 0705", "DE")
    assert loc(m, "7-arm") == "0805"
    assert mp(m, "7-arm") == 4 + 0.5 + 3
    assert m.state.units["7-arm"].flags["overruns"] == ["1/blue/movement", 2]
    refused(m, "overrun 0905 with 7-arm via 0805", "0905 holds no enemy units")


def test_without_continue_success_ends_the_move(tmp_path: Path) -> None:
    m = start(title(tmp_path, **{"continue": False}))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    assert loc(m, "7-arm") == "0605"
    assert movement.done(m, m.state.units["7-arm"])


def test_continue_may_be_given_per_side(tmp_path: Path) -> None:
    m = start(title(tmp_path, **{"continue": ["red"]}))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    assert movement.done(m, m.state.units["7-arm"])


def test_without_move_in_the_overrunners_stay_in_the_launch_hex(tmp_path: Path) -> None:
    m = start(title(tmp_path, move_in=False))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    assert loc(m, "7-arm") == "0505"
    assert not movement.done(m, m.state.units["7-arm"])


def test_success_into_an_enemy_zoc_stops_further_movement(tmp_path: Path) -> None:
    """PGG 6.56: moving in ignores ZOC, but a unit that ends in one may only overrun again."""
    setup = {**ARMOR_AND_RIFLE, "s": {"side": "red", "units": ["r2"], "at": ["0705"]}}
    m = start(title(tmp_path, setup))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    assert loc(m, "7-arm") == "0605"  # next to r2
    assert movement.tree(m, m.state.units["7-arm"]) == {}
    assert "overrun 0705 with 7-arm via 0605" in overruns(m)


def test_a_locked_unit_may_still_overrun_from_its_hex(tmp_path: Path) -> None:
    """PGG 8.13 and 6.56: a unit in an enemy ZOC may overrun, not move, from there."""
    setup = {**ARMOR_AND_RIFLE, "b": {"side": "blue", "units": ["7-arm"], "at": ["0505"]}}
    m = start(title(tmp_path, setup))
    assert "overrun 0605 with 7-arm via 0505" in overruns(m)
    refused(m, "overrun 0605 with 7-arm via 0505 0604", "cannot leave an enemy ZOC voluntarily")
    m2 = start(title(tmp_path, setup, from_locked=False))
    refused(m2, "overrun 0605 with 7-arm via 0505", "7-arm may not move: cannot leave an enemy ZOC")


# ----------------------------------------------------------------------------- failure and stops


def test_failure_stops_the_overrunners_in_the_launch_hex(tmp_path: Path) -> None:
    """PGG 6.52: one of two defenders is lost, the other holds 0605."""
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]}}
    m = start(title(tmp_path, setup))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "D1")
    assert decision(m) == ("red", "loss")
    m.apply("lose r1")
    assert loc(m, "r2") == "0605"
    assert loc(m, "7-arm") == "0505"
    assert movement.done(m, m.state.units["7-arm"])
    assert not [a for a in m.legal_actions() if "7-arm" in str(a)]


def test_failure_may_leave_units_free_to_move_when_the_title_says_so(tmp_path: Path) -> None:
    """Barbarossa 10.28: a German force may rerun the assault or move elsewhere."""
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]}}
    m = start(title(tmp_path, setup, continue_on_failure=["blue"]))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "D1")
    m.apply("lose r1")
    assert not movement.done(m, m.state.units["7-arm"])
    assert "overrun 0605 with 7-arm via 0505" in overruns(m)  # 4 MP left: again
    overrun_with(m, "overrun 0605 with 7-arm via 0505", "DE")
    assert loc(m, "7-arm") == "0605"


@pytest.mark.parametrize("code", ["EX", "EN"])
def test_a_split_result_stops_them_without_moving_in(tmp_path: Path, code: str) -> None:
    """PGG 6.52, 9.67: r1 dies but 7-arm loses a step: no move in, movement over."""
    m = start(title(tmp_path))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", code)
    assert loc(m, "r1") is None
    assert loc(m, "7-arm") == "0505" and m.state.units["7-arm"].step == 1
    assert movement.done(m, m.state.units["7-arm"])


def test_an_attacker_loss_stops_them(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    overrun_with(m, f"overrun 0605 with 7-arm,8-arm via {ROAD}", "A1")
    assert decision(m) == ("blue", "loss")
    m.apply("lose 8-arm")
    assert loc(m, "7-arm") == "0505"
    assert movement.done(m, m.state.units["7-arm"])


def test_an_attacker_retreat_stops_them(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "AR1")
    assert decision(m) == ("red", "retreat")  # Hexland: the enemy conducts retreats
    m.apply(next(a for a in m.legal_actions() if a.verb == "retreat"))
    assert m.topology.distance("0505", loc(m, "7-arm") or "") == 1
    assert movement.done(m, m.state.units["7-arm"])


def test_stop_on_may_name_result_codes(tmp_path: Path) -> None:
    m = start(title(tmp_path, stop_on=["EN"]))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "EX")  # not a stop any more
    assert loc(m, "7-arm") == "0605"
    m2 = start(title(tmp_path, stop_on=["EN"]))
    overrun_with(m2, f"overrun 0605 with 7-arm via {ROAD}", "EN")
    assert loc(m2, "7-arm") == "0505"


def test_return_to_launch_after_failure(tmp_path: Path) -> None:
    """Barbarossa 10.28: the survivors are placed back in the launch hex."""
    m = start(title(tmp_path, stop_on=[], return_to_launch=True))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "AR1")
    path = next(a for a in m.legal_actions() if a.verb == "retreat")
    m.apply(path)
    assert loc(m, "7-arm") == "0505"
    assert movement.done(m, m.state.units["7-arm"])


def test_eliminated_overrunners_end_the_overrun(tmp_path: Path) -> None:
    m = start(title(tmp_path))
    events = overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "AE")
    assert loc(m, "7-arm") is None and loc(m, "r1") == "0605"
    assert [e.data["success"] for e in events if e.kind == "overrun-result"] == [False]
    assert decision(m) == ("blue", "movement")


# ----------------------------------------------------------------------------- defenders


def red_overruns(tmp_path: Path, code: str, **options: Any) -> Match:
    """Red's r1 (6-7) overruns Blue's 1-inf in 0505 from 0605."""
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0505"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0605"]},
    }
    m = Match(title(tmp_path, setup, **options))
    reveal_as(m, "r1", 6, 7)
    to_phase(m, "red", "movement")
    overrun_with(m, "overrun 0505 with r1 via 0605", code)
    return m


def test_defenders_hurt_by_an_overrun_are_disrupted(tmp_path: Path) -> None:
    """PGG 6.61: a step lost (or a retreat) disrupts; disrupted units exert no ZOC (6.62)."""
    m = red_overruns(tmp_path, "DS2")
    unit = m.state.units["1-inf"]
    assert unit.step == 2 and "disrupted" in unit.markers
    assert zoc.zoc_of(m, "blue") == frozenset()


def test_defenders_that_retreat_are_disrupted(tmp_path: Path) -> None:
    m = red_overruns(tmp_path, "DR2")
    m.apply(next(a for a in m.legal_actions() if a.verb == "retreat"))
    assert "disrupted" in m.state.units["1-inf"].markers
    assert loc(m, "r1") == "0505"  # and r1 moved in


def test_an_engaged_result_does_not_disrupt(tmp_path: Path) -> None:
    m = red_overruns(tmp_path, "EN")
    unit = m.state.units["1-inf"]
    assert unit.step == 1 and "disrupted" not in unit.markers


def test_unhurt_defenders_are_not_disrupted(tmp_path: Path) -> None:
    m = red_overruns(tmp_path, "AR1")
    assert "disrupted" not in m.state.units["1-inf"].markers


def test_no_defender_marker_unless_set(tmp_path: Path) -> None:
    m = red_overruns(tmp_path, "DS2", defender_marker=None)
    assert "disrupted" not in m.state.units["1-inf"].markers


# ----------------------------------------------------------------------------- costs


def test_cost_by_unit_class(tmp_path: Path) -> None:
    """PMD 14.3: mech units pay 7, the others 4."""
    setup = {**ARMOR_AND_RIFLE, "b": {"side": "blue", "units": ["1-inf", "7-arm"], "at": ["0505"]}}
    m = start(title(tmp_path, setup, cost={"mechanized": 7, "*": 4}, same_start=False))
    overrun_with(m, "overrun 0605 with 1-inf,7-arm via 0505", "DE")
    assert (mp(m, "1-inf"), mp(m, "7-arm")) == (4, 7)


def test_cost_by_target_terrain(tmp_path: Path) -> None:
    """Barbarossa 10.24: two MP into clear, three with a city."""
    setup = {
        "b": {"side": "blue", "units": ["7-arm", "8-arm"], "at": ["0805"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0905"]},  # the Capital, a city
        "s": {"side": "red", "units": ["r2"], "at": ["0804"]},
    }
    m = start(title(tmp_path, setup, cost=2, target_cost={"city": 3}, same_start=False))
    assert overrun.cost(m, m.state.units["7-arm"], "0805", "0905") == 6  # scale 2
    assert overrun.cost(m, m.state.units["7-arm"], "0805", "0804") == 4


def test_cost_by_a_target_listed_in_a_state_var(tmp_path: Path) -> None:
    """Barbarossa 10.19: a fortification counter in play (a var of locations) costs like a
    fortified line, the highest cost applying; a target not listed pays the plain cost."""
    setup = {
        "b": {"side": "blue", "units": ["7-arm"], "at": ["0805"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0905"]},
        "s": {"side": "red", "units": ["r2"], "at": ["0804"]},
    }
    m = start(title(tmp_path, setup, cost=2, target_cost={"city": 3}, target_cost_vars={"wall": 4}))
    unit = m.state.units["7-arm"]
    assert overrun.cost(m, unit, "0805", "0804") == 4  # scale 2
    m.state.vars["wall"] = ["0804", "0905"]
    assert overrun.cost(m, unit, "0805", "0804") == 8
    assert overrun.cost(m, unit, "0805", "0905") == 8  # the city's 3 yields to 4
    m.state.vars["wall"] = []
    assert overrun.cost(m, unit, "0805", "0804") == 4


def test_hexside_costs_when_set(tmp_path: Path) -> None:
    """PMD 14.3: crossing an unfrozen river adds its cost (Blue pays +2 in Hexland)."""
    setup = {
        "b": {"side": "blue", "units": ["7-arm"], "at": ["0604"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0704"]},
    }
    plain = start(title(tmp_path, setup))
    river = start(title(tmp_path, setup, hexside_costs=True))
    unit = plain.state.units["7-arm"]
    assert overrun.cost(plain, unit, "0604", "0704") == 6
    assert overrun.cost(river, river.state.units["7-arm"], "0604", "0704") == 10


# ----------------------------------------------------------------------------- untried units


def test_untried_defenders_are_revealed_at_the_instant_of_the_overrun(tmp_path: Path) -> None:
    """PGG 12.2: an overrun, like combat, reveals the untried units involved."""
    m = start(title(tmp_path), seed=5, reveal=False)
    for side in ("blue", "red", None):
        view = m.view(side)
        r1 = next(u for u in view["units"] if u.get("id") == "r1")
        assert "face" not in r1 and "attack" not in r1["values"]
    pool = sum(m.state.pools["rifle"])
    events = overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "DE")
    kinds = [e.kind for e in events]
    assert kinds.index("overrun") < kinds.index("reveal") < kinds.index("battle")
    assert sum(m.state.pools["rifle"]) == pool - 1


def test_untried_overrunners_are_revealed_too(tmp_path: Path) -> None:
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0505"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0605"]},
    }
    m = Match(title(tmp_path, setup))
    to_phase(m, "red", "movement")
    assert "overrun 0505 with r1 via 0605" in overruns(m)  # strength unknown: allowed
    force_rolls(m, roll_for("AR1"))
    events = m.apply("overrun 0505 with r1 via 0605")
    assert [e.data["unit"] for e in events if e.kind == "reveal"] == ["r1"]
    assert m.state.units["r1"].face is not None


# ----------------------------------------------------------------------------- not combat


def test_overrunning_does_not_use_up_the_combat_phase(tmp_path: Path) -> None:
    """PGG 9.14: overrun is movement; both sides may still fight in the combat phase."""
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]}}
    m = start(title(tmp_path, setup))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "D1")
    m.apply("lose r1")
    to_phase(m, "blue", "combat")
    assert "attack 0605 with 7-arm" in {str(a) for a in m.legal_actions()}


def test_a_defender_may_be_overrun_again(tmp_path: Path) -> None:
    """PGG 6.54: a defending unit may be overrun more than once in a phase."""
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]}}
    m = start(title(tmp_path, setup))
    overrun_with(m, f"overrun 0605 with 7-arm via {ROAD}", "D1")
    m.apply("lose r1")
    overrun_with(m, f"overrun 0605 with 8-arm via {ROAD}", "DE")
    assert loc(m, "8-arm") == "0605" and loc(m, "r2") is None


def test_an_overrun_replays_exactly(tmp_path: Path) -> None:
    setup = {**ARMOR_AND_RIFLE, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]}}
    t = title(tmp_path, setup)
    m = Match(t, seed=11)
    m.apply(f"overrun 0605 with 7-arm,8-arm via {ROAD}")
    while decision(m)[0] == "red" or decision(m)[1] != "movement":
        m.apply(m.legal_actions()[0])
    again = Match(t, seed=11)
    for action in m.history:
        again.apply(action)
    assert again.state_hash() == m.state_hash()
    last = m.history[-1]
    assert m.undo() == last
    m.apply(last)
    assert m.state_hash() == again.state_hash()


# ----------------------------------------------------------------------------- random play


@pytest.fixture(scope="module")
def battlefield(tmp_path_factory: pytest.TempPathFactory) -> Title:
    """Hexland's meeting engagement with PGG-like overruns and the normal table."""
    return make_variant(
        tmp_path_factory.mktemp("overrun-play"),
        mechanics=[*MECHANICS, "deploy", "stacking"],
        options={"overrun": PGG_LIKE, "untried": {"recycle": True}},
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_overruns_keeps_the_rules(battlefield: Title, seed: int) -> None:
    from wargame.bots import RandomBot

    m = Match(battlefield, seed=seed)
    bots = {side: RandomBot(seed=seed * 7 + i, patience=0.9) for i, side in enumerate(m.sides)}
    fought = 0
    for _ in range(3000):
        d = m.decision
        if d is None:
            break
        listed = m.legal_actions()
        for action in listed:
            if action.verb == "overrun":
                assert m.check(action) is None, action
        action = bots[d.side].choose(m)
        assert action in listed
        m.apply(action)
        fought += action.verb == "overrun"
        for unit in m.state.units.values():
            if unit.loc is not None and unit.flags.get("mp"):
                assert movement.spent(m, unit) <= movement.allowance(m, unit) or (
                    unit.flags["mp"][0] != movement.phase_key(m)
                )
    assert m.outcome is not None
    again = Match(battlefield, seed=seed)
    for text in m.history:
        again.apply(text)
    assert again.state_hash() == m.state_hash()
    assert fought > 0  # the bots did overrun


# ----------------------------------------------------------------------------- within a location


JOINT = {
    "b": {"side": "blue", "units": ["7-arm"], "at": ["0605"]},
    "r": {"side": "red", "units": ["r1", "r2"], "at": ["0605"]},
}
"""0605 held by both sides (PMD 13.15.3): blue's 7-arm shares it with red's r1 and r2."""


def test_within_joint_overruns_the_enemy_in_the_units_own_location(tmp_path: Path) -> None:
    """PMD 14.9: units in a location both sides hold overrun the enemy in it, paying the cost;
    on a failure they stay there."""
    m = start(title(tmp_path, JOINT, within_joint=True, stop_on=[], return_to_launch=True))
    assert "overrun 0605 with 7-arm via 0605" in overruns(m)
    overrun_with(m, "overrun 0605 with 7-arm via 0605", "D1")
    m.apply("lose r1")
    assert loc(m, "r2") == "0605" and loc(m, "7-arm") == "0605"  # not put back anywhere
    assert mp(m, "7-arm") == 3
    assert movement.done(m, m.state.units["7-arm"])


def test_no_overrun_within_a_location_unless_set_and_held_by_both(tmp_path: Path) -> None:
    m = start(title(tmp_path, JOINT))
    assert overruns(m) == []
    refused(m, "overrun 0605 with 7-arm via 0605", "overrun a location next to it")
    m2 = start(title(tmp_path, within_joint=True))
    refused(m2, "overrun 0305 with 7-arm via 0305", "holds no enemy units")


def test_a_locked_unit_overruns_within_its_location_only_with_from_locked(tmp_path: Path) -> None:
    """The listing of an overrun within a location keeps the check's rule for locked units."""

    class Locked:
        @hookimpl
        def wargame_move_locked(self, match: Match, unit: Any) -> str | None:
            return "locked (test)" if unit.id == "7-arm" else None

    m = start(title(tmp_path, JOINT, rules=(Locked(),), within_joint=True, from_locked=False))
    assert overruns(m) == []
    refused(m, "overrun 0605 with 7-arm via 0605", "may not move")
    m2 = start(title(tmp_path, JOINT, rules=(Locked(),), within_joint=True))
    assert "overrun 0605 with 7-arm via 0605" in overruns(m2)


# ----------------------------------------------------------------------------- from boxes


def boxed(tmp_path: Path, listed: dict[str, list[str]] | None = None, **flags: Any) -> Match:
    """7-arm waiting in the reinforcements box; r1 in the entry hex 0105, r2 in 0605."""
    setup = {"r": {"side": "red", "units": ["r1"], "at": ["0105"]}}
    from_boxes = {"box:reinforcements": ["entry:blue"]} if listed is None else listed
    m = start(title(tmp_path, setup, from_boxes=from_boxes))
    put(m, "7-arm", "box:reinforcements", **flags)
    m.reveal(put(m, "r2", "0605"))
    return m


def test_from_boxes_an_overrun_from_a_box_into_its_region_pays_the_cost_only(
    tmp_path: Path,
) -> None:
    """``from_boxes`` (PMD 14.10): the box is the launch; the overrun costs its 3 MP, nothing
    for the hex entered; a success moves the unit in, and it moves on."""
    m = boxed(tmp_path, entry=["0102", "0105", "0108"])
    assert "overrun 0105 with 7-arm via box:reinforcements" in overruns(m)
    overrun_with(m, "overrun 0105 with 7-arm via box:reinforcements", "DE")
    assert loc(m, "r1") is None and loc(m, "7-arm") == "0105"
    assert mp(m, "7-arm") == 3
    assert "entry" not in m.state.units["7-arm"].flags  # it is on the map now
    assert not movement.done(m, m.state.units["7-arm"])
    m.apply("move 7-arm 0105 0205")


def test_from_boxes_no_overrun_outside_the_region_nor_from_a_box_not_listed(
    tmp_path: Path,
) -> None:
    """``from_boxes``: only the listed region is in reach of the box; a box not listed (or
    listed with nothing) launches no overrun."""
    m = boxed(tmp_path)
    refused(m, "overrun 0605 with 7-arm via box:reinforcements", "not adjacent")
    m = boxed(tmp_path, {})
    assert overruns(m) == []
    refused(m, "overrun 0105 with 7-arm via box:reinforcements", "7-arm may not move now")
    m = boxed(tmp_path, {}, entry=["0102", "0105", "0108"])  # a reinforcement: it moves in first
    assert "overrun 0105 with 7-arm via box:reinforcements" not in overruns(m)
    refused(m, "overrun 0105 with 7-arm via box:reinforcements", "must enter the map")


def test_from_boxes_a_failure_leaves_the_units_in_the_box(tmp_path: Path) -> None:
    """``from_boxes``: a failed overrun leaves the unit in its box, stopped, its entry kept."""
    setup = {"r": {"side": "red", "units": ["r1", "r2"], "at": ["0105", "0105"]}}
    m = start(title(tmp_path, setup, from_boxes={"box:reinforcements": ["entry:blue"]}))
    put(m, "7-arm", "box:reinforcements", entry=["0102", "0105", "0108"])
    overrun_with(m, "overrun 0105 with 7-arm via box:reinforcements", "D1")
    m.apply("lose r1")
    assert loc(m, "r2") == "0105"
    assert loc(m, "7-arm") == "box:reinforcements"
    assert movement.done(m, m.state.units["7-arm"])
    assert m.state.units["7-arm"].flags["entry"] == ["0102", "0105", "0108"]
