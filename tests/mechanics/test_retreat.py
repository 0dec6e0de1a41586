"""Retreat and advance after combat (PGG 9.7-9.8): who picks the path, where a retreat may go,
elimination when it cannot, and the winner's advance (into the vacated hex, along the path of
retreat, two hexes after an elimination; never after an overrun; no second attack after it).

Blue's 1-inf in 0405 attacks Red's r1 in 0505 on a table whose result is the roll's.
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
from wargame.match import Match
from wargame.mechanics import retreat
from wargame.plugins import Title

MECHANICS = ["movement", "rigid-zoc", "combat", "step-losses", "retreat-advance", "overrun"]


def title(tmp_path: Path, setup: dict[str, Any] | None = None, **retreat_options: Any) -> Title:
    setup = setup or {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0405"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0505"]},
    }
    return make_variant(
        tmp_path,
        mechanics=MECHANICS,
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=setup,
        edit=roll_table,
        options={"retreat": retreat_options, "overrun": {"cost": 1}},
        name=fresh_name(tmp_path),
    )


def fight(m: Match, code: str, attack: str = "attack 0505 with 1-inf") -> list[Event]:
    """Reveal the red units still untried as 2-3s, go to Blue's combat and resolve ``attack``."""
    for u in m.state.units.values():
        if u.side == "red" and m.is_untried(u):
            reveal_as(m, u.id, 2, 3)
    to_phase(m, "blue", "combat")
    queue = force_rolls(m, roll_for(code))
    events = m.apply(attack)
    assert queue == []
    return events


def decision(m: Match) -> tuple[str, str]:
    d = m.decision
    assert d is not None
    return d.side, d.kind


def retreats(m: Match) -> list[list[str]]:
    return [list(a.args[2:]) for a in m.legal_actions() if a.verb == "retreat"]


def loc(m: Match, uid: str) -> str | None:
    return m.state.units[uid].loc


# ----------------------------------------------------------------------------- who picks


def test_the_enemy_picks_the_path_of_retreat(tmp_path: Path) -> None:
    """Hexland follows PGG 9.72: the opposing player conducts the retreat."""
    m = Match(title(tmp_path, chooser="enemy"))
    fight(m, "DR2")
    assert decision(m) == ("blue", "retreat")
    paths = retreats(m)
    assert paths
    for path in paths:
        assert [m.topology.distance("0505", x) for x in path] == [1, 2]  # ever farther away


def test_the_owner_picks_the_path_when_the_title_says_so(tmp_path: Path) -> None:
    m = Match(title(tmp_path, chooser="owner"))
    fight(m, "DR2")
    assert decision(m) == ("red", "retreat")
    path = retreats(m)[0]
    m.apply(f"retreat r1 0505 {' '.join(path)}")
    assert loc(m, "r1") == path[-1]
    assert m.state.units["r1"].flags["retreated"] == "1/blue/combat"


def test_a_retreat_off_the_offered_paths_is_refused(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    fight(m, "DR2")
    before = m.state_hash()
    with pytest.raises(IllegalAction):
        m.apply("retreat r1 0505 0604 0504")  # the second hex is no farther from 0505
    with pytest.raises(IllegalAction):
        m.apply("retreat r1 0505 0605")  # one hex short
    assert m.state_hash() == before


# ----------------------------------------------------------------------------- where to


def test_no_retreat_into_enemy_units_or_their_zoc(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    put(m, "2-inf", "0704")  # ZOC on 0604, 0605, 0603, 0703, 0803, 0804, 0705
    fight(m, "DR2")
    blue_zoc = set(m.topology.neighbours("0704")) | set(m.topology.neighbours("0405"))
    paths = retreats(m)
    assert paths
    for path in paths:
        assert not set(path) & (blue_zoc | {"0405", "0704"}), path


def test_a_friendly_unit_negates_the_enemy_zoc(tmp_path: Path) -> None:
    """PGG 9.71. r1 in the corner 0101: 0201 holds the attacker, 0102 lies in 2-inf's ZOC."""
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0201"]},
        "c": {"side": "blue", "units": ["2-inf"], "at": ["0103"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0101"]},
        "s": {"side": "red", "units": ["r2"], "at": ["0102"]},
    }
    m = Match(title(tmp_path, setup))
    fight(m, "D1", "attack 0101 with 1-inf")
    m.apply("retreat-instead")
    assert retreats(m) == [["0102"]]
    m.apply("retreat r1 0101 0102")
    assert loc(m, "r1") == "0102"


def test_with_blocking_zoc_even_a_friendly_unit_does_not_help(tmp_path: Path) -> None:
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0201"]},
        "c": {"side": "blue", "units": ["2-inf"], "at": ["0103"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0101"]},
        "s": {"side": "red", "units": ["r2"], "at": ["0102"]},
    }
    m = Match(title(tmp_path, setup, zoc="blocks"))
    fight(m, "D1", "attack 0101 with 1-inf")
    m.apply("retreat-instead")
    assert loc(m, "r1") is None  # no legal path: eliminated
    assert m.state.units["r1"].flags == {"eliminated": True}


def test_no_path_of_retreat_means_elimination(tmp_path: Path) -> None:
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0201"]},
        "c": {"side": "blue", "units": ["2-inf"], "at": ["0103"]},
        "r": {"side": "red", "units": ["r1"], "at": ["0101"]},
    }
    m = Match(title(tmp_path, setup, rule="HL 9.7"))
    events = fight(m, "DR2", "attack 0101 with 1-inf")
    assert loc(m, "r1") is None
    gone = [e for e in events if e.kind == "eliminated"]
    assert [(e.text, e.rule) for e in gone] == [
        ("r1 eliminated: no legal retreat from 0101", "HL 9.7")
    ]
    assert decision(m) == ("blue", "advance")  # the corner is empty now


def test_vacant_hexes_are_preferred(tmp_path: Path) -> None:
    """PGG 9.73: 0504, 0604 and 0605 are open to r1 (0404 and 0506 are in 1-inf's ZOC)."""
    m = Match(title(tmp_path))
    put(m, "r2", "0604")
    put(m, "r3", "0605")
    fight(m, "D1")
    m.apply("retreat-instead")
    assert retreats(m) == [["0504"]]


def test_friendly_occupied_hexes_when_nothing_is_vacant(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    for uid, where in (("r2", "0604"), ("r3", "0605"), ("r4", "0504")):
        put(m, uid, where)
    fight(m, "D1")
    m.apply("retreat-instead")
    assert sorted(retreats(m)) == [["0504"], ["0604"], ["0605"]]


def test_retreat_paths_helper_matches_the_legal_actions(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    fight(m, "DR2")
    units = [m.state.units["r1"]]
    assert sorted(retreat.paths(m, units, "0505", 2)) == sorted(retreats(m))


# ----------------------------------------------------------------------------- advance


def test_the_winner_may_advance_into_the_vacated_hex_and_along_the_retreat(tmp_path: Path) -> None:
    m = Match(title(tmp_path, along_retreat=True))
    fight(m, "DR2")
    m.apply("retreat r1 0505 0504 0503")
    assert decision(m) == ("blue", "advance")
    legal = {str(a) for a in m.legal_actions()}
    assert legal == {"advance 1-inf 0505", "advance 1-inf 0505 0504", "stay"}
    with pytest.raises(IllegalAction) as info:
        m.apply("advance 1-inf 0505 0604")
    assert "advance only along 0505 0504" in info.value.reason
    m.apply("advance 1-inf 0505 0504")
    assert loc(m, "1-inf") == "0504"
    assert m.state.units["1-inf"].flags["advanced"] == "1/blue/combat"


def test_no_advance_into_hexes_the_retreat_passed_through(tmp_path: Path) -> None:
    """r1 retreats through 0504, held by other red units: the advance stops short of it."""
    m = Match(title(tmp_path, along_retreat=True))
    for uid, where in (("r2", "0504"), ("r5", "0604"), ("r6", "0605")):
        put(m, uid, where)
    fight(m, "DR2")
    m.apply("retreat r1 0505 0504 0503")
    assert {str(a) for a in m.legal_actions()} == {"advance 1-inf 0505", "stay"}
    with pytest.raises(IllegalAction):
        m.apply("advance 1-inf 0505 0504")


def test_advance_hexes_limits_the_advance_along_the_retreat(tmp_path: Path) -> None:
    m = Match(title(tmp_path, along_retreat=True, advance_hexes=1))
    fight(m, "DR2")
    m.apply("retreat r1 0505 0504 0503")
    assert {str(a) for a in m.legal_actions()} == {"advance 1-inf 0505", "stay"}


def test_without_along_retreat_only_the_vacated_hex(tmp_path: Path) -> None:
    m = Match(title(tmp_path, along_retreat=False))
    fight(m, "DR2")
    m.apply("retreat r1 0505 0504 0503")
    assert {str(a) for a in m.legal_actions()} == {"advance 1-inf 0505", "stay"}


def test_the_winner_may_stay(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    fight(m, "DR2")
    m.apply("retreat r1 0505 0504 0503")
    m.apply("stay")
    assert loc(m, "1-inf") == "0405"
    assert decision(m) == ("blue", "combat")


def test_two_hexes_after_an_elimination(tmp_path: Path) -> None:
    """PGG 9.86: the destroyed unit's hex, then any empty hex."""
    m = Match(title(tmp_path, after_elimination=2))
    put(m, "r2", "0604")
    fight(m, "DE")
    legal = {str(a) for a in m.legal_actions()}
    seconds = {a.split()[-1] for a in legal if a.startswith("advance 1-inf 0505 ")}
    assert seconds == {"0404", "0504", "0506", "0605"}  # 0405 and 0604 are occupied
    m.apply("advance 1-inf 0505 0605")
    assert loc(m, "1-inf") == "0605"


def test_one_hex_after_an_elimination_without_the_setting(tmp_path: Path) -> None:
    m = Match(title(tmp_path, after_elimination=0, along_retreat=False))
    fight(m, "DE")
    assert {str(a) for a in m.legal_actions()} == {"advance 1-inf 0505", "stay"}


def test_no_advance_when_the_defender_holds(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    fight(m, "EX")  # r1 is eliminated, 1-inf steps down: the hex is empty
    assert decision(m) == ("blue", "advance")
    m2 = Match(title(tmp_path))
    put(m2, "r2", "0505")
    fight(m2, "EX")  # one step from two defenders: Red picks, r2 stays in 0505
    assert decision(m2) == ("red", "loss")
    m2.apply("lose r1")
    assert loc(m2, "r2") == "0505"
    assert decision(m2) == ("blue", "combat")


def test_no_advance_after_an_overrun(tmp_path: Path) -> None:
    """PGG 6.57, 9.88: the overrunners move in as movement, with no advance after combat."""
    m = Match(title(tmp_path))
    reveal_as(m, "r1", 2, 3)
    force_rolls(m, roll_for("DE"))
    m.apply("overrun 0505 with 1-inf via 0405")
    assert decision(m) == ("blue", "movement")
    assert loc(m, "1-inf") == "0505"
    assert "advanced" not in m.state.units["1-inf"].flags


def test_an_advanced_unit_may_not_attack_again(tmp_path: Path) -> None:
    m = Match(title(tmp_path, along_retreat=False))
    put(m, "2-inf", "0506")
    put(m, "r2", "0605")  # next to 2-inf and to the hex 1-inf advances into
    fight(m, "DR2", "attack 0505 with 1-inf")
    m.apply("retreat r1 0505 0504 0503")
    m.apply("advance 1-inf 0505")
    attacks = [a for a in m.legal_actions() if a.verb == "attack"]
    assert attacks and all("1-inf" not in a.args[2] for a in attacks)
    with pytest.raises(IllegalAction) as info:
        m.apply("attack 0605 with 1-inf")
    assert "may not attack now" in info.value.reason


def test_a_defender_that_advanced_may_not_be_attacked_again(tmp_path: Path) -> None:
    """PGG 9.85, 9.87: the defender wins, the attacker retreats, the defender advances."""
    m = Match(title(tmp_path, defender_advances=True, chooser="owner"))
    put(m, "2-inf", "0306")  # another blue unit that could still attack 0405 afterwards
    fight(m, "AR1")
    m.apply(next(a for a in m.legal_actions() if a.verb == "retreat"))
    assert decision(m) == ("red", "advance")
    m.apply("advance r1 0405")
    assert loc(m, "r1") == "0405"
    assert decision(m) == ("blue", "combat")
    with pytest.raises(IllegalAction) as info:
        m.apply("attack 0405 with 2-inf")
    assert "already attacked this phase" in info.value.reason


def test_9_73_the_owner_picks_which_retreating_units_do_not_fit(tmp_path: Path) -> None:
    """PGG 9.73: retreating into a hex that already holds two units (limit 3), only one of two
    retreating units gets through; the owner (not the enemy who picked the path, 9.72) picks
    which one is eliminated (issue 12: this replaces ruling E7, the weakest)."""
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0405"]},
        "r": {"side": "red", "units": ["r1", "r5"], "at": ["0505"]},
    }
    t = make_variant(
        tmp_path,
        mechanics=[*MECHANICS, "stacking"],
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=setup,
        edit=roll_table,
        options={"retreat": {}, "stacking": {"limit": 3}},
        name="stack973",
    )
    m = Match(t)
    for uid, where in (("r2", "0604"), ("r6", "0604"), ("r3", "0605"), ("r4", "0504")):
        put(m, uid, where)
    fight(m, "D1")
    m.apply("retreat-instead")
    m.apply("retreat r1,r5 0505 0604")
    d = m.decision
    assert d is not None and d.side == "red" and d.kind == "retreat-overflow"
    assert sorted(str(a) for a in m.legal_actions()) == ["eliminate r1", "eliminate r5"]
    assert m.check("eliminate r2") is not None  # not one of the retreating units
    assert m.state.units["r1"].loc == "0505"  # nothing moved yet
    m.apply("eliminate r1")  # the owner's choice, whatever the strengths
    assert m.state.units["r1"].flags.get("eliminated")
    assert m.state.units["r5"].loc == "0604"
    assert len(m.units_at("0604")) == 3


def _split_match(tmp_path: Path, split: bool) -> Match:
    """Red's r1 and r5 in 0505 retreat one hex (D1, retreat instead) towards 0604, which holds
    two red units under a limit of 3, checked as Blue's combat phase ends."""
    setup = {
        "b": {"side": "blue", "units": ["1-inf"], "at": ["0405"]},
        "r": {"side": "red", "units": ["r1", "r5"], "at": ["0505"]},
    }
    t = make_variant(
        tmp_path,
        mechanics=[*MECHANICS, "stacking"],
        sequence=SIMPLE_SEQUENCE,
        scenario_setup=setup,
        edit=roll_table,
        options={
            "retreat": {"chooser": "owner", "split": split},
            "stacking": {"limit": 3, "check": ["combat"]},
        },
        name=fresh_name(tmp_path),
    )
    m = Match(t)
    for uid, where in (("r2", "0604"), ("r6", "0604"), ("r3", "0605"), ("r4", "0504")):
        put(m, uid, where)
    fight(m, "D1")
    m.apply("retreat-instead")
    return m


def test_split_the_owner_retreats_each_unit_on_its_own_path_pmd_13_8(tmp_path: Path) -> None:
    """PMD 13.8 (``split``): the stack may split up into different hexes; the owner sends one
    unit, then is asked for the rest."""
    m = _split_match(tmp_path, split=True)
    legal = {str(a) for a in m.legal_actions()}
    assert "retreat r1,r5 0505 0604" in legal  # together still allowed
    assert {"retreat r1 0505 0604", "retreat r5 0505 0504"} <= legal
    m.apply("retreat r1 0505 0604")
    assert loc(m, "r1") == "0604" and loc(m, "r5") == "0505"
    assert decision(m) == ("red", "retreat")
    assert {str(a) for a in m.legal_actions()} >= {"retreat r5 0505 0504"}
    m.apply("retreat r5 0505 0504")
    assert loc(m, "r5") == "0504"
    assert m.state.units["r5"].flags["retreated"] == "1/blue/combat"


def test_split_a_sub_stack_of_the_owners_choice_and_bad_paths_refused_pmd_13_8(
    tmp_path: Path,
) -> None:
    m = _split_match(tmp_path, split=True)
    before = m.state_hash()
    for bad in ("retreat r1,r2 0505 0604", "retreat r1 0505 0405", "retreat r1 0604 0605"):
        with pytest.raises(IllegalAction):
            m.apply(bad)  # r2 is not retreating; 0405 holds the enemy; the start is 0505
    assert m.state_hash() == before
    m.apply("retreat r5,r1 0505 0605")  # any sub-stack (here all) on a common path
    assert loc(m, "r1") == loc(m, "r5") == "0605"


def test_split_overstacking_is_left_to_the_next_stacking_check_pmd_13_8(tmp_path: Path) -> None:
    """PMD 13.8: both retreat into 0604 (four units, limit 3): nobody is eliminated during the
    retreat; the stacking check as the phase ends has the owner remove one (6.3)."""
    m = _split_match(tmp_path, split=True)
    m.apply("retreat r1 0505 0604")
    m.apply("retreat r5 0505 0604")
    assert len(m.units_at("0604")) == 4
    assert not any(u.flags.get("eliminated") for u in m.state.units.values())
    while m.decision is not None and m.decision.kind != "overstack":
        m.apply("end" if m.decision.kind == "combat" else str(m.legal_actions()[0]))
    assert decision(m) == ("red", "overstack")
    m.apply("remove r6")
    assert len(m.units_at("0604")) == 3 and m.state.units["r6"].flags.get("eliminated")


def test_without_split_the_stack_retreats_as_one_9_73(tmp_path: Path) -> None:
    """The other side of 13.8's setting: by default the group has one path (PGG 9.73's
    overflow decision when it does not fit)."""
    m = _split_match(tmp_path, split=False)
    legal = {str(a) for a in m.legal_actions()}
    assert "retreat r1 0505 0604" not in legal and "retreat r1,r5 0505 0604" in legal
    with pytest.raises(IllegalAction):
        m.apply("retreat r1 0505 0604")
    m.apply("retreat r1,r5 0505 0604")
    assert decision(m) == ("red", "retreat-overflow")
