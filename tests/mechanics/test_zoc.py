"""Rigid zones of control (Hexland: HL 8.1 stop on entry, HL 8.2 no voluntary exit; lake hexsides
block ZOC; disrupted units exert none) and the no-ZOC mechanic, where none of that applies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import put, simple_variant
from wargame.match import Match
from wargame.mechanics import movement, zoc
from wargame.plugins import Title
from wargame.testing import refused

RIGID = ["movement", "rigid-zoc", "combat", "step-losses", "retreat-advance"]
NONE = ["movement", "no-zoc", "combat", "step-losses", "retreat-advance"]

# r1 at 0705: its ZOC is 0704, 0804, 0805, 0706, 0605 and 0604.
RED_0705 = {"r": {"side": "red", "units": ["r1"], "at": ["0705"]}}


def title(tmp_path: Path, setup: dict[str, Any], mechanics: list[str] = RIGID) -> Title:
    return simple_variant(tmp_path, mechanics, setup)


def blue(units: list[str], loc: str) -> dict[str, Any]:
    return {"side": "blue", "units": units, "at": [loc]}


def moves_of(match: Match, unit_id: str) -> list[list[str]]:
    return [
        list(a.args[1:]) for a in match.legal_actions() if a.verb == "move" and a.args[0] == unit_id
    ]


# ----------------------------------------------------------------------------- rigid ZOC


def test_the_zoc_is_every_adjacent_location(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0105"), **RED_0705}))
    assert zoc.zoc_of(m, "red") == frozenset({"0704", "0804", "0805", "0706", "0605", "0604"})
    assert zoc.zoc_of(m, "blue") == frozenset(m.topology.neighbours("0105"))


def test_a_unit_stops_on_entering_an_enemy_zoc(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0405"), **RED_0705}))
    refused(m, "move 1-inf 0405 0505 0604 0603", "may not leave 0604: must stop on entering an "
            "enemy ZOC (HL 8.1)")  # fmt: skip
    for path in moves_of(m, "1-inf"):
        assert not set(path[1:-1]) & zoc.zoc_of(m, "red"), path
    assert ["0405", "0505", "0604"] in moves_of(m, "1-inf")
    m.apply("move 1-inf 0405 0505 0604")
    assert m.state.units["1-inf"].loc == "0604"


def test_a_unit_may_not_leave_an_enemy_zoc_voluntarily(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0604"), **RED_0705}))
    assert moves_of(m, "1-inf") == []
    refused(m, "move 1-inf 0604 0504", "cannot leave an enemy ZOC voluntarily (HL 8.2)")
    refused(m, "move 1-inf 0604 0605", "cannot leave an enemy ZOC voluntarily (HL 8.2)")
    assert movement.tree(m, m.state.units["1-inf"]) == {}


def test_zoc_reaches_across_rivers(tmp_path: Path) -> None:
    """0604 and 0704 share a river hexside; only lakes block ZOC."""
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0604"), **RED_0705}))
    assert "0604" in zoc.zoc_of(m, "red")
    assert "river" in m.topology.edge("0604", "0704").features  # type: ignore[union-attr]


def test_own_zoc_never_hinders_own_units(tmp_path: Path) -> None:
    setup = {"b": blue(["1-inf"], "0105"), "r": {"side": "red", "units": ["r1", "r2"],
                                                  "at": ["0705"]}}  # fmt: skip
    m = Match(title(tmp_path, setup))
    m.apply("end")
    m.apply("end")
    m.apply("move r1 0705 0605 0505")  # through its own side's ZOC
    assert m.state.units["r1"].loc == "0505"


def test_lake_hexsides_block_zoc(tmp_path: Path) -> None:
    """0209 and 0210 share a lake hexside: the red unit in 0209 has no ZOC in 0210."""
    setup = {"b": blue(["1-inf"], "0210"), "r": {"side": "red", "units": ["r1"], "at": ["0209"]}}
    m = Match(title(tmp_path, setup))
    assert "0210" not in zoc.zoc_of(m, "red")
    assert "0310" in zoc.zoc_of(m, "red")
    m.apply("move 1-inf 0210 0310")  # not locked in 0210; stops on entering 0310
    refused(m, "move 1-inf 0310 0410", "has already moved this phase")


def test_a_unit_across_a_lake_is_not_locked(tmp_path: Path) -> None:
    setup = {"b": blue(["1-inf"], "0210"), "r": {"side": "red", "units": ["r1"], "at": ["0209"]}}
    m = Match(title(tmp_path, setup))
    assert m.hook.wargame_move_locked(match=m, unit=m.state.units["1-inf"]) is None
    put(m, "1-inf", "0110")  # the same enemy, across a plain hexside
    assert "cannot leave an enemy ZOC" in str(
        m.hook.wargame_move_locked(match=m, unit=m.state.units["1-inf"])
    )


def test_disrupted_units_exert_no_zoc(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0405"), **RED_0705}))
    put(m, "r1", "0705", disrupted=True)
    assert zoc.zoc_of(m, "red") == frozenset()
    m.apply("move 1-inf 0405 0505 0604 0603")  # the same path is refused without disruption
    assert m.state.units["1-inf"].loc == "0603"


def test_zoc_follows_the_units(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0405"), **RED_0705}))
    assert "0604" in zoc.zoc_of(m, "red")
    put(m, "r1", "1210")
    assert "0604" not in zoc.zoc_of(m, "red")
    m.apply("move 1-inf 0405 0505 0604 0603")


# ----------------------------------------------------------------------------- no ZOC


def test_without_zoc_units_pass_beside_enemy_units(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0405"), **RED_0705}, mechanics=NONE))
    m.apply("move 1-inf 0405 0505 0604 0605 0706")  # through three hexes next to r1
    assert m.state.units["1-inf"].loc == "0706"


def test_without_zoc_units_next_to_the_enemy_may_leave(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0604"), **RED_0705}, mechanics=NONE))
    assert moves_of(m, "1-inf")
    assert m.hook.wargame_move_locked(match=m, unit=m.state.units["1-inf"]) is None
    m.apply("move 1-inf 0604 0605")
    assert m.state.units["1-inf"].loc == "0605"


def test_without_zoc_enemy_units_still_block(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0604"), **RED_0705}, mechanics=NONE))
    refused(m, "move 1-inf 0604 0705 0805", "may not enter 0705: 0705 holds enemy units")


def test_without_zoc_no_stops_are_reported(tmp_path: Path) -> None:
    m = Match(title(tmp_path, {"b": blue(["1-inf"], "0604"), **RED_0705}, mechanics=NONE))
    assert movement.stops(m, m.state.units["1-inf"]) == {}
