"""Untried units (PGG 12.0-12.4, PMD 2.4.9): strengths unknown to both players until the instant
of combat, then drawn from the pool of the unit's type; with ``recycle`` an eliminated unit goes
back face-down and its face back into the pool.

Hexland's rifle pool: one 0-0-4, three 2-3-4, three 4-5-4, one 6-7-4.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.titles.variants import (
    force_rolls,
    fresh_name,
    put,
    roll_for,
    roll_table,
    simple_variant,
    to_phase,
)
from wargame.errors import UsageError
from wargame.match import Match
from wargame.plugins import Title

MECHANICS = ["movement", "rigid-zoc", "combat", "step-losses", "retreat-advance", "untried"]
POOL = [
    {"attack": 0, "defense": 0, "movement": 4},
    {"attack": 2, "defense": 3, "movement": 4},
    {"attack": 4, "defense": 5, "movement": 4},
    {"attack": 6, "defense": 7, "movement": 4},
]
SETUP = {
    "b": {"side": "blue", "units": ["1-inf", "2-inf"], "at": ["0405"]},
    "r": {"side": "red", "units": ["r1"], "at": ["0505"]},
}


def title(tmp_path: Path, recycle: bool = False, setup: dict[str, Any] | None = None) -> Title:
    return simple_variant(
        tmp_path,
        MECHANICS,
        setup or SETUP,
        edit=roll_table,
        options={"untried": {"recycle": recycle}},
        name=fresh_name(tmp_path),
    )


def attack(m: Match, code: str) -> list[Any]:
    to_phase(m, "blue", "combat")
    force_rolls(m, roll_for(code))
    return m.apply("attack 0505 with 1-inf,2-inf")


def no_face_anywhere(m: Match, uid: str) -> None:
    for side in ("blue", "red", None):
        view = m.view(side)
        seen = next(u for u in view["units"] if u.get("id") == uid)
        assert "face" not in seen
        assert seen["untried"] is True
        assert set(seen["values"]) == {"movement"}  # only the printed movement allowance
    assert "face" not in m.state.units[uid].to_json()


# ----------------------------------------------------------------------------- hidden


def test_no_view_holds_an_untried_face_before_combat(hexland: Title) -> None:
    m = Match(hexland, seed=3)
    red = [u for u in m.state.units.values() if u.side == "red" and u.id != "hq-red"]
    assert len(red) == 4
    for unit in red:
        assert m.is_untried(unit)
        no_face_anywhere(m, unit.id)
    dumped = json.dumps(m.view("blue"))
    assert '"attack": 6, "defense": 7' not in dumped
    assert m.view("blue")["pools"] == {"rifle": 8}  # only the size of the pool is public


def test_moving_reveals_nothing(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    put(m, "1-inf", "0105")
    put(m, "2-inf", "0105")
    to_phase(m, "red", "movement")
    m.apply("move r1 0505 0605")
    no_face_anywhere(m, "r1")
    assert sum(m.state.pools["rifle"]) == 8


# ----------------------------------------------------------------------------- the draw


def test_combat_reveals_the_face_from_the_pool(tmp_path: Path) -> None:
    m = Match(title(tmp_path), seed=4)
    before = list(m.state.pools["rifle"])
    events = attack(m, "D1")
    reveals = [e for e in events if e.kind == "reveal"]
    assert [e.data["unit"] for e in reveals] == ["r1"]
    assert reveals[0].rule == "HL 12.2"
    face = m.state.units["r1"].face
    assert face in POOL
    index = POOL.index(face)
    after = m.state.pools["rifle"]
    assert after[index] == before[index] - 1
    assert sum(after) == sum(before) - 1
    kinds = [e.kind for e in events]
    assert kinds.index("reveal") < kinds.index("battle")  # at the instant of combat


def test_the_revealed_face_gives_the_values(tmp_path: Path) -> None:
    m = Match(title(tmp_path), seed=4)
    events = attack(m, "D1")
    face = m.state.units["r1"].face
    assert dict(m.unit_values(m.state.units["r1"])) == face
    battle = next(e.data["battle"] for e in events if e.kind == "battle")
    assert battle["defense"] == face["defense"]  # type: ignore[index]


def test_the_draw_depends_on_the_seed_only(tmp_path: Path) -> None:
    t = title(tmp_path)
    faces = []
    for seed in range(12):
        a, b = Match(t, seed=seed), Match(t, seed=seed)
        attack(a, "D1")
        attack(b, "D1")
        assert a.state.units["r1"].face == b.state.units["r1"].face
        faces.append(POOL.index(a.state.units["r1"].face))
    assert len(set(faces)) > 1  # different seeds draw different faces


def test_a_unit_is_revealed_once(tmp_path: Path) -> None:
    setup = {**SETUP, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0505"]}}
    m = Match(title(tmp_path, setup=setup), seed=2)
    attack(m, "D1")
    m.apply("lose r2")
    face = m.state.units["r1"].face
    pools = list(m.state.pools["rifle"])
    m.reveal(m.state.units["r1"])
    assert m.state.units["r1"].face == face
    assert m.state.pools["rifle"] == pools


def test_both_sides_see_the_face_once_revealed(tmp_path: Path) -> None:
    setup = {**SETUP, "r": {"side": "red", "units": ["r1", "r2"], "at": ["0505"]}}
    m = Match(title(tmp_path, setup=setup), seed=2)
    attack(m, "D1")
    m.apply("lose r2")
    for side in ("blue", "red"):
        seen = next(u for u in m.view(side)["units"] if u.get("id") == "r1")
        assert seen["untried"] is False and seen["face"] == m.state.units["r1"].face


def test_an_empty_pool_is_an_error(tmp_path: Path) -> None:
    m = Match(title(tmp_path))
    m.state.pools["rifle"] = [0, 0, 0, 0]
    with pytest.raises(UsageError, match="pool rifle is empty"):
        m.reveal(m.state.units["r1"])


# ----------------------------------------------------------------------------- the dead pile


def test_recycle_returns_the_face_to_the_pool(tmp_path: Path) -> None:
    """PGG 12.4: an eliminated untried unit goes back face-down; its face may be drawn again."""
    m = Match(title(tmp_path, recycle=True), seed=4)
    full = list(m.state.pools["rifle"])
    attack(m, "DE")
    unit = m.state.units["r1"]
    assert unit.loc is None and unit.flags.get("eliminated")
    assert unit.face is None
    assert m.state.pools["rifle"] == full
    assert m.is_untried(unit)


def test_without_recycle_the_face_stays_drawn(tmp_path: Path) -> None:
    m = Match(title(tmp_path, recycle=False), seed=4)
    full = sum(m.state.pools["rifle"])
    attack(m, "DE")
    unit = m.state.units["r1"]
    assert unit.face is not None
    assert sum(m.state.pools["rifle"]) == full - 1


def test_a_recycled_counter_may_be_drawn_again(tmp_path: Path) -> None:
    m = Match(title(tmp_path, recycle=True), seed=4)
    attack(m, "DE")
    for uid in ("r2", "r3", "r4", "r5", "r6"):
        put(m, uid, "1210")  # every other rifle counter is in play
    assert m.draw_counters("red", "rifle", 1, set()) == ["r1"]
    back = m.new_unit("r1", "1209")
    assert back.face is None and back.loc == "1209"
    assert m.is_untried(back)
