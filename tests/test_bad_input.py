"""Bad input never crashes a match or loses a save: it is refused with one clear line.

Two halves. Save files: corrupt, truncated, tampered with, of an unknown title, no longer
replayable, or not a save at all, each refused with a :class:`SaveError` naming the file and
the problem; a crash halfway through writing a save leaves the previous save intact. Actions:
nonsense of every kind is refused with :class:`UsageError` (:class:`IllegalAction` once the text
parses) naming the problem, and the match is exactly as before (state hash and history).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from wargame import safejson, savefile
from wargame.actions import IllegalAction
from wargame.bots import RandomBot, play
from wargame.errors import UsageError
from wargame.match import Match
from wargame.plugins import Registry, Title
from wargame.savefile import SaveError
from wargame.state import digest

# ----------------------------------------------------------------------------- save files


def played(title: Title, seed: int = 3, actions: int = 12) -> Match:
    """A hexland match some way into turn 1, by bots."""
    match = Match(title, seed=seed)
    play(match, {s: RandomBot(seed + n) for n, s in enumerate(match.sides)}, max_actions=actions)
    return match


def reseal(body: dict[str, Any]) -> dict[str, Any]:
    """A hand edit that also fixes the checksum, as a careful tamperer would."""
    body = dict(body)
    body.pop("checksum", None)
    body["checksum"] = digest(body)
    return body


def write(path: Path, body: Any) -> Path:
    path.write_text(json.dumps(body), encoding="utf-8")
    return path


def refused(path: Path, registry: Registry) -> str:
    with pytest.raises(SaveError) as info:
        savefile.load(path, registry)
    message = str(info.value)
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    return message


@pytest.fixture
def good_save(hexland: Title, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    savefile.save(played(hexland), path)
    return path


def test_a_good_save_loads(good_save: Path, registry: Registry, hexland: Title) -> None:
    assert savefile.load(good_save, registry).state_hash() == played(hexland).state_hash()


def test_corrupt_save(good_save: Path, registry: Registry) -> None:
    raw = good_save.read_bytes()
    middle = len(raw) // 2
    good_save.write_bytes(raw[:middle] + b"\x00}{garbage" + raw[middle + 10 :])
    assert "truncated or corrupt JSON" in refused(good_save, registry)


def test_truncated_save(good_save: Path, registry: Registry) -> None:
    raw = good_save.read_bytes()
    good_save.write_bytes(raw[: len(raw) * 2 // 3])
    assert "truncated or corrupt JSON" in refused(good_save, registry)


def test_empty_file(tmp_path: Path, registry: Registry) -> None:
    path = tmp_path / "empty.json"
    path.write_text("", encoding="utf-8")
    assert "truncated or corrupt JSON" in refused(path, registry)


def test_missing_file(tmp_path: Path, registry: Registry) -> None:
    assert "no such save file" in refused(tmp_path / "nowhere.json", registry)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 99), ("actions", []), ("scenario", "other"), ("state_hash", "0" * 64)],
)
def test_an_edit_without_a_new_checksum(
    good_save: Path, registry: Registry, field: str, value: Any
) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body[field] = value
    assert "checksum mismatch" in refused(write(good_save, body), registry)


def test_a_snapshot_edit_that_reseals_the_checksum(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["state_hash"] = "0" * 64
    assert "does not reproduce the saved state" in refused(write(good_save, reseal(body)), registry)


def test_a_save_of_an_unknown_title(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["title"] = "no-such-title"
    message = refused(write(good_save, reseal(body)), registry)
    assert "unknown title 'no-such-title'" in message
    assert "hexland" in message  # says what is installed


def test_a_save_of_an_unknown_scenario(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["scenario"] = "no-such-scenario"
    message = refused(write(good_save, reseal(body)), registry)
    assert "no scenario 'no-such-scenario'" in message


def test_a_save_whose_actions_no_longer_replay(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    n = len(body["actions"])
    body["actions"] = [*body["actions"], "move 1-inf 0305 1210"]
    message = refused(write(good_save, reseal(body)), registry)
    assert f"action {n + 1} does not replay" in message
    assert "move 1-inf 0305 1210" in message


def test_a_save_made_on_other_data_says_so(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["data"]["map"] = "0" * 16  # the map changed since the save was made
    body["actions"] = [*body["actions"], "move 1-inf 0305 1210"]
    message = refused(write(good_save, reseal(body)), registry)
    assert message.endswith("(data changed since the save: map)")


def test_a_save_with_an_unparsable_action(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["actions"] = ["   ", *body["actions"]]
    assert "action 1 does not replay: empty action" in refused(
        write(good_save, reseal(body)), registry
    )


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "scenario", "id": "meeting"},
        [1, 2, 3],
        "wargame-save/1",
        {"format": "wargame-save/0", "title": "hexland"},
    ],
    ids=["a-data-document", "a-list", "a-string", "another-format"],
)
def test_json_that_is_not_a_save(tmp_path: Path, registry: Registry, body: Any) -> None:
    assert "not a save file" in refused(write(tmp_path / "other.json", body), registry)


def test_a_save_missing_fields(good_save: Path, registry: Registry) -> None:
    body = json.loads(good_save.read_text(encoding="utf-8"))
    del body["snapshot"], body["seed"]
    assert "save is missing seed, snapshot" in refused(write(good_save, body), registry)


# ----------------------------------------------------------------------------- atomic writes


def leftovers(folder: Path, keep: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p != keep)


@pytest.mark.parametrize("crash", ["os.replace", "os.fsync"])
def test_a_crash_mid_write_keeps_the_previous_save(
    hexland: Title,
    registry: Registry,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    crash: str,
) -> None:
    path = tmp_path / "game.json"
    first = played(hexland, actions=5)
    savefile.save(first, path)
    before = path.read_bytes()
    later = played(hexland, actions=20)
    assert later.state_hash() != first.state_hash()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device (simulated)")

    monkeypatch.setattr(os, crash.split(".")[1], boom)
    with pytest.raises(OSError, match="simulated"):
        savefile.save(later, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert leftovers(tmp_path, path) == []  # no temporary file left behind
    assert savefile.load(path, registry).state_hash() == first.state_hash()


def test_a_crash_on_a_first_save_leaves_no_file(
    hexland: Title, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.json"

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(5, "I/O error (simulated)")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="simulated"):
        savefile.save(played(hexland, actions=3), path)
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_save_into_a_missing_folder(hexland: Title, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="cannot write") as info:
        savefile.save(played(hexland, actions=3), tmp_path / "no" / "such" / "game.json")
    assert "\n" not in str(info.value)


# ----------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Case:
    """What a title's nonsense looks like: its own units and places, at its first movement."""

    title: str
    to_movement: tuple[str, ...]  # actions from the start to the first side's movement phase
    mine: str  # a unit of the side moving first
    mine_at: str
    near: str  # a location next to ``mine_at`` it may move to
    theirs: str  # a unit of the other side
    through: tuple[str, str]  # (enemy unit to place, action moving through it)
    friendly_attack: str  # in the first combat phase: attacking a friendly location


CASES = {
    "hexland": Case(
        "hexland",
        ("end",),
        "1-inf",
        "0305",
        "0405",
        "hq-red",
        ("hq-red", "move 7-arm 0203 0204 0205 0206"),
        "attack 0203 with 1-inf",
    ),
    "linkland": Case(
        "linkland",
        (),
        "1-pz",
        "elgin",
        "bexley",
        "5-army",
        ("5-army", "move 1-pz elgin harlow jarrow"),
        "attack fenwick with II-corps",
    ),
}
BLOCKED_AT = {"hexland": "0205", "linkland": "harlow"}


def at_movement(registry: Registry, case: Case) -> Match:
    match = Match(registry.get(case.title), seed=5)
    for text in case.to_movement:
        match.apply(text)
    assert match.decision is not None and match.decision.kind == "movement"
    return match


def refuses(match: Match, text: str, *words: str, kind: type[Exception] = IllegalAction) -> str:
    """Apply ``text``: it must raise ``kind`` with a one-line message holding ``words``, and
    leave the match exactly as it was."""
    before, history, decision = match.state_hash(), list(match.history), match.decision
    with pytest.raises(kind) as info:
        match.apply(text)
    message = str(info.value)
    assert "\n" not in message, message
    for word in words:
        assert word in message, f"{message!r} does not say {word!r}"
    assert match.state_hash() == before
    assert match.history == history
    assert match.decision == decision
    return message


@pytest.fixture(params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> Case:
    return CASES[request.param]


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_an_empty_action(registry: Registry, case: Case, text: str) -> None:
    refuses(at_movement(registry, case), text, "empty action", kind=UsageError)


def test_an_unknown_verb(registry: Registry, case: Case) -> None:
    message = refuses(at_movement(registry, case), f"fly {case.mine}", "unknown verb 'fly'")
    assert "move" in message and "end" in message  # says what is possible now


@pytest.mark.parametrize("args", ["", "{mine}", "{mine} {at}"])
def test_a_move_missing_arguments(registry: Registry, case: Case, args: str) -> None:
    text = f"move {args.format(mine=case.mine, at=case.mine_at)}".strip()
    refuses(at_movement(registry, case), text, "usage: move UNIT")


def test_a_verb_out_of_its_phase(registry: Registry, case: Case) -> None:
    refuses(
        at_movement(registry, case),
        f"attack {case.near} with {case.mine}",
        "'attack' is not a choice now",
        "movement",
    )


def test_a_unit_that_does_not_exist(registry: Registry, case: Case) -> None:
    refuses(
        at_movement(registry, case), f"move ghost-1 {case.mine_at} {case.near}", "no unit ghost-1"
    )


def test_the_other_sides_unit(registry: Registry, case: Case) -> None:
    match = at_movement(registry, case)
    unit = match.state.units[case.theirs]
    refuses(match, f"move {case.theirs} {unit.loc} {case.near}", f"{case.theirs} is not yours")


def test_a_unit_that_is_not_where_the_move_starts(registry: Registry, case: Case) -> None:
    refuses(
        at_movement(registry, case),
        f"move {case.mine} {case.near} {case.mine_at}",
        f"{case.mine} is at {case.mine_at}, not {case.near}",
    )


def test_a_move_to_nowhere(registry: Registry, case: Case) -> None:
    refuses(
        at_movement(registry, case),
        f"move {case.mine} {case.mine_at} atlantis",
        "no location atlantis",
    )


def test_a_unit_listed_twice(registry: Registry, case: Case) -> None:
    refuses(
        at_movement(registry, case),
        f"move {case.mine},{case.mine} {case.mine_at} {case.near}",
        "listed twice",
    )


def test_a_move_through_an_enemy(registry: Registry, case: Case) -> None:
    match = at_movement(registry, case)
    enemy, text = case.through
    match.place(match.state.units[enemy], BLOCKED_AT[case.title])
    refuses(match, text, f"may not enter {BLOCKED_AT[case.title]}", "holds enemy units")


def test_end_with_arguments(registry: Registry, case: Case) -> None:
    refuses(at_movement(registry, case), "end now", "'end' takes no arguments")


def at_combat(registry: Registry, case: Case) -> Match:
    match = at_movement(registry, case)
    match.apply("end")
    assert match.decision is not None and match.decision.kind == "combat"
    return match


def test_attacking_a_friendly_location(registry: Registry, case: Case) -> None:
    target = case.friendly_attack.split()[1]
    refuses(at_combat(registry, case), case.friendly_attack, f"{target} holds no enemy units")


@pytest.mark.parametrize(
    ("template", "words"),
    [
        ("attack {target}", "usage: attack"),
        ("attack {target} using {unit}", "usage: attack"),
        ("attack atlantis with {unit}", "no location atlantis"),
        ("attack {target} with ghost-1", "no unit ghost-1"),
        ("attack {target} with {unit},{unit}", "listed twice"),
    ],
)
def test_malformed_attacks(registry: Registry, case: Case, template: str, words: str) -> None:
    match = at_combat(registry, case)
    enemy = match.state.units[case.theirs]
    assert enemy.loc is not None
    text = template.format(target=enemy.loc, unit=case.friendly_attack.split()[-1])
    refuses(match, text, words)


def finished(registry: Registry, case: Case) -> Match:
    match = Match(registry.get(case.title), seed=2)
    play(match, {s: RandomBot(n) for n, s in enumerate(match.sides)})
    assert match.outcome is not None
    return match


@pytest.mark.parametrize("text", ["end", "move {mine} {at} {near}", "stay"])
def test_actions_after_the_game_ended(registry: Registry, case: Case, text: str) -> None:
    match = finished(registry, case)
    assert match.decision is None
    assert match.legal_actions() == []
    refuses(match, text.format(mine=case.mine, at=case.mine_at, near=case.near), "the game is over")


def test_a_rule_that_fails_halfway_leaves_the_match_as_it_was(
    registry: Registry, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A verb that raises after changing the state (a bug in a rules module) is rolled back."""
    match = at_movement(registry, case)
    legal = [a for a in match.legal_actions() if a.verb == "move"][0]
    before, history = match.state_hash(), list(match.history)
    verb = match.verbs["move"]
    real_apply = verb.apply

    def half_apply(m: Match, decision: Any, action: Any) -> None:
        real_apply(m, decision, action)
        raise RuntimeError("rules bug after the move")

    monkeypatch.setattr(verb, "apply", half_apply)
    with pytest.raises(RuntimeError, match="rules bug"):
        match.apply(legal)
    monkeypatch.undo()
    assert match.state_hash() == before
    assert match.history == history
    match.apply(legal)  # and the match plays on
    assert match.history == [*history, str(legal)]


def test_nothing_to_undo(registry: Registry, case: Case) -> None:
    match = Match(registry.get(case.title), seed=1)
    with pytest.raises(UsageError, match="nothing to undo"):
        match.undo()


# ----------------------------------------------------------------------------- linkland's links


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("move 2-pz fenwick oban", ("may not move from fenwick into oban",)),  # LL 8.3 strait
        ("move 1-pz elgin bexley box:west", ("may not move from bexley into box:west",)),
        ("move 1-pz elgin glenco", ("elgin and glenco are not adjacent",)),
        ("move 1-pz elgin dunmore glenco", ("may not move from dunmore into glenco",)),  # inferior
    ],
)
def test_linkland_refuses_moves_its_links_forbid(
    registry: Registry, text: str, words: tuple[str, ...]
) -> None:
    refuses(at_movement(registry, CASES["linkland"]), text, *words)


def test_linkland_refuses_a_move_beyond_the_allowance(registry: Registry) -> None:
    match = at_movement(registry, CASES["linkland"])
    # I Corps (foot, 2 MP): dunmore-aston major 1 + aston-bexley minor 1 + bexley-corwen minor 1
    refuses(match, "move I-corps dunmore aston bexley corwen", "needs 3 MP, has 2")


# ----------------------------------------------------------------------------- hostile save files


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """The installed ``wargame`` command in a real process (what a user's shell runs)."""
    script = Path(sys.executable).parent / "wargame"
    return subprocess.run(
        [str(script), *argv], capture_output=True, text=True, timeout=120, check=False
    )


HOSTILE = [
    "an integer of 5,000 digits",
    "JSON nested 100,000 deep",
    "a lone surrogate in an action",
]


def _hostile_text(good: Path, name: str) -> str:
    body = json.loads(good.read_text(encoding="utf-8"))
    if name == "an integer of 5,000 digits":
        return json.dumps(body).replace(f'"seed": {body["seed"]}', '"seed": ' + "9" * 5000)
    if name == "JSON nested 100,000 deep":
        return json.dumps(body)[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}"
    body["actions"] = [*body["actions"], "end"]
    return json.dumps(body).replace('"end"]', '"end \\ud800"]')


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_save_is_one_line_and_exit_2(
    good_save: Path, registry: Registry, name: str
) -> None:
    """Issue 17, defect 4: each of these was a traceback with exit 1."""
    good_save.write_text(_hostile_text(good_save, name), encoding="utf-8")
    message = refused(good_save, registry)
    assert "not a save file" in message
    done = _cli("status", str(good_save))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_json_limits_name_what_is_wrong() -> None:
    with pytest.raises(safejson.JsonLimitError, match="5000 digits"):
        safejson.loads("[" + "7" * 5000 + "]")
    with pytest.raises(safejson.JsonLimitError, match="nested 100000 levels"):
        safejson.loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(safejson.JsonLimitError, match="lone surrogate"):
        safejson.loads('{"action": "end \\ud800"}')
    with pytest.raises(
        safejson.JsonLimitError,
        match="larger than 10 bytes",
    ) as big:
        safejson.loads("[" + "1," * 10 + "1]", max_bytes=10)
    assert big.value.too_large
    with pytest.raises(safejson.JsonLimitError, match="NaN is not a JSON number"):
        safejson.loads("[NaN]")
    # what stays allowed: brackets inside strings, a paired surrogate, a 40-digit integer
    assert safejson.loads('["[[[[", "\\ud83d\\ude00", ' + "9" * 40 + "]")[1] == "\U0001f600"


def test_a_save_with_a_non_boolean_option_is_refused(good_save: Path, registry: Registry) -> None:
    """Issue 17, defect 8: creating a match refuses such an option; loading a save did not."""
    body = json.loads(good_save.read_text(encoding="utf-8"))
    body["options"] = {"rule": "yes"}
    assert "bad option 'rule'" in refused(write(good_save, reseal(body)), registry)


def test_an_edited_snapshot_with_its_hash_kept_is_refused(
    good_save: Path, registry: Registry
) -> None:
    """Issue 17, defect 8: the replay reproduces the state hash, but the snapshot in the file
    is not that state: loading refuses it, as ``replay --verify`` does."""
    body = json.loads(good_save.read_text(encoding="utf-8"))
    unit = next(iter(body["snapshot"]["units"].values()))
    unit["loc"] = "0101" if unit.get("loc") != "0101" else "0102"
    assert "the snapshot is not the state" in refused(write(good_save, reseal(body)), registry)
    done = _cli("replay", str(good_save), "--verify")
    assert done.returncode == 2 and "Traceback" not in done.stderr


# ----------------------------------------------------------------------------- concurrent writers

CONCURRENT_ENDS = 8


def test_two_act_loops_on_one_save_lose_no_action(tmp_path: Path) -> None:
    """Issue 17, defect 5: two shells each running ``wargame act game end`` in a loop (Dark
    Crusade, whose phases all end on 'end'); every exit 0 must be an action in the save."""
    game = tmp_path / "game.json"
    assert _cli("new", "dc", "--seed", "5", "-o", str(game)).returncode == 0
    loop = (
        f'for i in $(seq {CONCURRENT_ENDS}); do "{Path(sys.executable).parent / "wargame"}" '
        f'act "{game}" end >/dev/null || exit 1; done'
    )
    shells = [subprocess.Popen(["sh", "-c", loop]) for _ in range(2)]
    assert [shell.wait(timeout=300) for shell in shells] == [0, 0]
    saved = json.loads(game.read_text(encoding="utf-8"))
    assert len(saved["actions"]) == 2 * CONCURRENT_ENDS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


KILLED_WRITER = """
import os, sys, time
from wargame import savefile
from wargame.match import Match
from wargame.plugins import discover
match = Match(discover().get("dc"), seed=5)
real_fsync = os.fsync
def stall(fd):
    real_fsync(fd)
    print("writing", flush=True)
    time.sleep(60)
os.fsync = stall
savefile.save(match, sys.argv[1])
"""


def test_a_killed_write_leaves_a_temporary_file_the_next_write_removes(tmp_path: Path) -> None:
    """Issue 17, defect 6: ``kill -9`` mid-write leaves ``.NAME.XXXX.tmp``; it used to stay."""
    game = tmp_path / "game.json"
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(game)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert len(list(tmp_path.glob(".game.json.*.tmp"))) == 1 and not game.exists()
    assert _cli("new", "dc", "--seed", "5", "-o", str(game)).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
