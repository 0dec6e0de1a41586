"""Sea movement's port owner and its ``joint`` setting (wargame.mechanics.seamove; PMD 13.15.3):
a title may say who owns a port as a port (``wargame_port_owner``), and under ``joint`` a port
both sides' units stand in serves its owner. On the Hexland sea of ``test_seamove``: Blue
infantry sail from 0305 to the west sea's ports 0310 and 0101."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.mechanics.test_seamove import SEAS, sea_match, sea_moves
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.testing import put


class Owner:
    """A title's answer to ``wargame_port_owner``: ``owners`` by location, else no opinion."""

    def __init__(self, owners: dict[str, str]) -> None:
        self.owners = owners

    @hookimpl
    def wargame_port_owner(self, match: Match, loc: str) -> str | None:
        return self.owners.get(loc)


def _match(tmp_path: Path, joint: bool = False) -> Match:
    seas: dict[str, Any] = {**SEAS, "joint": True} if joint else SEAS
    return sea_match(tmp_path, seas)


def _share(m: Match, loc: str) -> None:
    """Both sides' units in ``loc``: Red's first (Red is the hex's first holder)."""
    put(m, "r1", loc)
    put(m, "8-arm", loc)
    m.touch()


def test_the_port_owner_hook_decides_who_owns_a_port_else_its_controller(
    tmp_path: Path,
) -> None:
    m = _match(tmp_path)
    m.state.control["0101"] = "red"
    m.touch()
    assert seamove.owner(m, "0310") == "blue"  # no answer: its controller
    assert "sea 1-inf 0310" in sea_moves(m) and "sea 1-inf 0101" not in sea_moves(m)
    m.pm.register(Owner({"0310": "red", "0101": "blue"}))
    m.touch()
    assert seamove.owner(m, "0310") == "red" and seamove.owner(m, "0305") == "blue"
    assert not seamove.serves(m, "blue", "0310")
    assert "sea 1-inf 0310" not in sea_moves(m)  # Blue controls it, Red owns the port
    assert "sea 1-inf 0101" in sea_moves(m)  # Red controls it, Blue owns the port
    # from 0305, whose owner is the hook's None: its controller, Blue


def test_without_joint_a_port_with_an_enemy_unit_in_it_does_not_serve(tmp_path: Path) -> None:
    m = _match(tmp_path)
    _share(m, "0310")
    assert not seamove.serves(m, "blue", "0310")
    assert "sea 1-inf 0310" not in sea_moves(m)
    put(m, "1-inf", "0310")
    put(m, "8-arm", "0101")
    m.touch()
    assert not any(a.startswith("sea 1-inf") for a in sea_moves(m))  # nor sailing out of it


def test_under_joint_a_port_both_sides_hold_serves_its_owner_pmd_13_15_3(tmp_path: Path) -> None:
    m = _match(tmp_path, joint=True)
    _share(m, "0310")
    assert seamove.serves(m, "blue", "0310")
    assert "sea 1-inf 0310" in sea_moves(m)  # into it
    put(m, "2-inf", "0310")
    m.touch()
    assert "sea 2-inf 0101" in sea_moves(m)  # out of it
    assert not seamove.serves(m, "red", "0310")  # the other side does not own it
    m.pm.register(Owner({"0310": "red"}))
    m.touch()
    assert seamove.serves(m, "red", "0310") and not seamove.serves(m, "blue", "0310")
    assert not any(a.startswith("sea 2-inf") for a in sea_moves(m))  # Blue's not any more


def test_under_joint_an_owned_port_the_enemy_holds_alone_does_not_serve(tmp_path: Path) -> None:
    m = _match(tmp_path, joint=True)
    put(m, "r1", "0310")
    m.touch()
    assert m.state.control["0310"] == "blue"
    assert not seamove.serves(m, "blue", "0310")
    assert "sea 1-inf 0310" not in sea_moves(m)
    put(m, "8-arm", "0310")  # once Blue's units share it, it serves again
    m.touch()
    assert "sea 1-inf 0310" in sea_moves(m)
