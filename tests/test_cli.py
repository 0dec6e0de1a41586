"""The ``wargame`` command line, run in-process on Hexland (plus one run of the installed script).

Every bad input must end in exit status 2 and a short message on stderr, never a traceback: in
process, a traceback would be an exception escaping ``main``, which fails the test by itself.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.titles.hexland import plugin as hexland_plugin
from tests.titles.hexland import rules as hexland_rules
from wargame import __version__, savefile
from wargame import cli as cli_module
from wargame.actions import Event
from wargame.cli import DEFAULT_DEMO_TITLE, default_demo_title, main
from wargame.combat import build_table
from wargame.errors import UsageError
from wargame.hookspecs import hookimpl
from wargame.loader import hex_ids, validate
from wargame.match import Match
from wargame.plugins import GameDef, Registry, discover
from wargame.state import digest

HEXLAND_DATA = Path(__file__).parent / "titles" / "hexland" / "data"


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Cli = Callable[..., Run]


_REGISTRIES: dict[tuple[tuple[object, ...], Path | None], Registry] = {}


def _discover_once(extra: Sequence[object] = (), owner_dir: Path | None = None) -> Registry:
    """The real discovery, once per plugin set and owner folder: a command line runs one
    command per process, the tests run a hundred (keys hold the plugins, so ids are not reused)."""
    key = (tuple(extra), owner_dir)
    if key not in _REGISTRIES:
        _REGISTRIES[key] = discover(extra=extra, owner_dir=owner_dir)
    return _REGISTRIES[key]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setattr(cli_module, "discover", _discover_once)

    def run(*argv: str, plugins: Sequence[object] = (hexland_plugin,)) -> Run:
        code = main(list(argv), extra_plugins=plugins)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def fails(result: Run, *fragments: str, lines: int = 1) -> None:
    """Exit 2 with a message of ``lines`` lines on stderr holding every fragment."""
    assert result.code == 2, result
    err = result.err.strip().splitlines()
    assert len(err) == lines, result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)
    assert "Traceback" not in result.err


@pytest.fixture
def game(cli: Cli, tmp_path: Path) -> Path:
    path = tmp_path / "g.save.json"
    assert cli("new", "hexland", "--seed", "7", "-o", str(path)).code == 0
    return path


def load(path: Path, registry: Registry) -> Match:
    return savefile.load(path, registry)


def finished(cli: Cli, game: Path) -> Path:
    assert cli("auto", str(game), "--until", "end", "--seed", "3").code == 0
    return game


class TitlePlugin:
    """A plugin object registering titles from folders (a test's own variants)."""

    def __init__(self, *definitions: GameDef) -> None:
        self.definitions = list(definitions)

    @hookimpl
    def wargame_register_games(self) -> list[GameDef]:
        return self.definitions


def hexland_copy(tmp_path: Path, title_id: str) -> Path:
    folder = tmp_path / title_id
    shutil.copytree(HEXLAND_DATA, folder)
    manifest = json.loads((folder / "title.json").read_text())
    manifest.update(id=title_id, aliases=[])
    (folder / "title.json").write_text(json.dumps(manifest))
    return folder


def edit_json(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def reseal(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Edit a save and recompute its checksum, as a tamperer would."""
    body = json.loads(path.read_text())
    body.pop("checksum")
    change(body)
    body["checksum"] = digest(body)
    path.write_text(json.dumps(body))


# --------------------------------------------------------------------------- games, info


def test_games_lists_hexland_with_alias_and_topology(cli: Cli) -> None:
    rows = cli("games", "--json").json()
    assert {
        "id": "hexland",
        "title": "Hexland (kernel test title)",
        "aliases": ["hl"],
        "topology": "hex",
    } in rows
    text = cli("games")
    assert text.code == 0
    assert re.search(
        r"^hexland\s+hex\s+Hexland \(kernel test title\)\s+\(aliases: hl\)$", text.out, re.M
    )


def test_installed_console_script_lists_titles_as_json(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "wargame"
    found = str(script) if script.exists() else shutil.which("wargame")
    assert found, "the wargame console script is not installed (pip install -e .)"
    done = subprocess.run(
        [found, "games", "--json"], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    rows = json.loads(done.stdout)
    assert isinstance(rows, list)
    for row in rows:
        assert set(row) == {"id", "title", "aliases", "topology"}


def test_info_shows_scenarios_sides_and_provenance(cli: Cli, registry: Registry) -> None:
    info = cli("info", "hl", "--json").json()
    assert info["id"] == "hexland"
    assert info["sides"] == [{"id": "blue", "name": "Blue"}, {"id": "red", "name": "Red"}]
    assert info["scenarios"] == [
        {
            "id": "meeting",
            "name": "Meeting engagement",
            "first_turn": 1,
            "last_turn": 4,
            "options": {"fog": False},
            "default": True,
        }
    ]
    report = registry.get("hexland").data.provenance_report()
    assert {
        name: {k: p[k] for k in ("rulebook", "stand-in", "owner")}
        for name, p in info["provenance"].items()
    } == report
    assert info["provenance"]["map"]["file"] == "map.json"
    assert info["provenance"]["map"]["stand-in"] > 0
    text = cli("info", "hexland").out
    assert "meeting: Meeting engagement, turns 1-4, options fog=off (default)" in text
    assert re.search(rf"^  map +0 / {report['map']['stand-in']} / 0  \(map\.json\)$", text, re.M)


def test_info_lists_titles_the_registry_skipped(cli: Cli, tmp_path: Path) -> None:
    folder = hexland_copy(tmp_path, "broken")
    edit_json(folder / "map.json", lambda d: d.update(columns="many"))
    plugins = (hexland_plugin, TitlePlugin(GameDef("broken", folder)))
    info = cli("info", "hexland", "--json", plugins=plugins).json()
    broken = [p for p in info["problems"] if p.startswith("title broken skipped")]
    assert len(broken) == 1
    assert f"{folder / 'map.json'}: /columns: expected a whole number" in broken[0]
    games = cli("games", plugins=plugins)
    assert games.code == 2  # a title that fails to load is an error, named (issue 19)
    assert "error: title broken skipped" in games.err
    assert games.err.strip().endswith("titles that failed to load: broken")
    assert "hexland" in games.out  # the others are still listed
    # Asking for the skipped title says why it was skipped: one line per problem.
    fails(cli("info", "broken", plugins=plugins), "title broken skipped", "/columns", lines=2)


def test_new_of_a_title_whose_manifest_fails_names_its_problems(cli: Cli, tmp_path: Path) -> None:
    """Not "unknown title": the title is installed, its title.json is wrong (issue 19)."""
    folder = hexland_copy(tmp_path, "broken")
    edit_json(folder / "title.json", lambda d: d.update(topology="cube"))
    plugins = (hexland_plugin, TitlePlugin(GameDef("broken", folder)))
    result = cli("new", "broken", "-o", str(tmp_path / "x.json"), plugins=plugins)
    fails(result, "title broken skipped", f"{folder / 'title.json'}: /topology", lines=2)
    assert "unknown title" not in result.err
    games = cli("games", plugins=plugins)
    assert games.code == 2 and "titles that failed to load: broken" in games.err


def test_owner_data_dir_is_passed_to_the_registry(cli: Cli, tmp_path: Path) -> None:
    owner = tmp_path / "owner"
    (owner / "hexland").mkdir(parents=True)
    (owner / "hexland" / "map.json").write_text(
        json.dumps({"kind": "hex-map", "hexes": {"0101": {"terrain": "forest"}}})
    )
    before = cli("info", "hexland", "--json").json()["provenance"]["map"]
    after = cli("--data-dir", str(owner), "info", "hexland", "--json").json()
    assert after["provenance"]["map"]["owner"] == before["owner"] + 1
    assert after["provenance"]["map"]["owner_file"] == str(owner / "hexland" / "map.json")
    # The option is accepted after the command too.
    again = cli("info", "hexland", "--json", "--data-dir", str(owner)).json()
    assert again["provenance"] == after["provenance"]
    fails(cli("--data-dir", str(tmp_path / "nowhere"), "games"), "owner data folder not found")


# --------------------------------------------------------------------------- new


def test_new_writes_the_default_name_and_refuses_to_overwrite(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    made = cli("new", "hl", "--seed", "7")
    assert made.code == 0
    path = tmp_path / "hexland-7.save.json"
    body = json.loads(path.read_text())
    assert (body["format"], body["title"], body["seed"], body["actions"]) == (
        savefile.FORMAT,
        "hexland",
        7,
        [],
    )
    assert "red decides deploy" in made.out
    before = path.read_bytes()
    fails(cli("new", "hexland", "--seed", "7"), "already exists", "--force")
    assert path.read_bytes() == before
    assert cli("new", "hexland", "--seed", "7", "--option", "fog=on", "--force").code == 0
    assert json.loads(path.read_text())["options"] == {"fog": True}


def test_new_without_a_seed_picks_one_and_names_the_file_after_it(cli: Cli, tmp_path: Path) -> None:
    made = cli("new", "hexland", "-o", str(tmp_path), "--json").json()
    assert re.fullmatch(rf"{re.escape(str(tmp_path))}/hexland-\d+\.save\.json", made["file"])
    assert json.loads(Path(made["file"]).read_text())["seed"] == made["seed"]
    assert made["decision"]["side"] == "red"


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["new", "nosuch"], ["unknown title 'nosuch'", "hexland"]),
        (["new", "hexland", "--scenario", "nope"], ["no scenario 'nope'", "meeting"]),
        (["new", "hexland", "--seed", "abc"], ["bad seed 'abc'"]),
        (["new", "hexland", "--seed", "-1"], ["bad seed '-1'"]),
        (["new", "hexland", "--option", "fog"], ["bad option 'fog'"]),
        (["new", "hexland", "--option", "fog=maybe"], ["bad option 'fog=maybe'"]),
        (["new", "hexland", "--option", "rain=on"], ["unknown option(s) rain", "fog"]),
        (["fly"], ["invalid choice: 'fly'"]),
        ([], ["required"]),
    ],
)
def test_bad_commands_exit_2_with_one_line(
    cli: Cli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    fragments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    fails(cli(*argv), *fragments)
    assert list(tmp_path.iterdir()) == []


def test_version(cli: Cli) -> None:
    result = cli("--version")
    assert (result.code, result.out.strip()) == (0, f"wargame {__version__}")


# --------------------------------------------------------------------------- status, actions


def test_status_prints_the_view(cli: Cli, game: Path, registry: Registry) -> None:
    match = load(game, registry)
    assert cli("status", str(game), "--json").json() == json.loads(json.dumps(match.view()))
    blue = cli("status", str(game), "--as", "blue", "--json").json()
    assert blue == json.loads(json.dumps(match.view("blue")))
    assert blue["as"] == "blue"
    text = cli("status", str(game)).out
    assert "now: set-up, setup/deploy: red decides deploy" in text
    assert "VP: blue 0, red 0" in text
    assert re.search(
        r"^  0305: 1-inf 1st Infantry \(blue infantry\) attack=6 defense=6", text, re.M
    )
    assert re.search(r"^        2-inf 2nd Infantry", text, re.M)


def test_actions_lists_the_legal_actions_for_the_deciding_side(
    cli: Cli, game: Path, registry: Registry
) -> None:
    legal = [str(a) for a in load(game, registry).legal_actions()]
    listed = cli("actions", str(game), "--json").json()
    assert listed["actions"] == legal
    assert listed["decision"]["side"] == "red"
    assert cli("actions", str(game), "--as", "red", "--json").json()["actions"] == legal
    blue = cli("actions", str(game), "--as", "blue", "--json").json()
    assert (blue["yours"], blue["actions"]) == (False, [])
    text = cli("actions", str(game), "--as", "blue")
    assert text.code == 0
    assert text.out.strip() == "not blue's decision: set-up, setup/deploy: red decides deploy"
    assert cli("actions", str(game)).out.splitlines()[1:] == legal


def test_actions_by_level_who_may_act_then_one_units_actions(
    cli: Cli, game: Path, registry: Registry
) -> None:
    match = load(game, registry)
    actors = cli("actions", str(game), "--actors", "--json").json()["actors"]
    assert actors == match.actors() and actors
    every: list[str] = []
    for actor in actors:
        mine = cli("actions", str(game), "--unit", actor, "--json").json()
        assert mine["unit"] == actor
        every += mine["actions"]
    assert sorted(every) == sorted(str(a) for a in match.legal_actions())
    unit = next(a for a in actors if a)
    text = cli("actions", str(game), "--unit", unit).out.splitlines()
    assert text[0].endswith(f"legal action(s) of {unit}")
    assert text[1:] == [str(a) for a in match.legal_for(unit)]
    fails(cli("actions", str(game), "--unit", "no-such-unit"), "no unit 'no-such-unit'")


@pytest.mark.parametrize("command", ["status", "actions", "render"])
def test_a_side_the_title_does_not_have_is_refused(cli: Cli, game: Path, command: str) -> None:
    fails(cli(command, str(game), "--as", "green"), "no side 'green'", "blue, red")


# --------------------------------------------------------------------------- act, undo


def test_act_applies_every_action_and_prints_their_events(
    cli: Cli, game: Path, registry: Registry
) -> None:
    deploy = next(
        a for a in cli("actions", str(game), "--json").json()["actions"] if a.startswith("deploy")
    )
    result = cli("act", str(game), deploy, "end")
    assert result.code == 0
    assert f"1. red: {deploy}" in result.out
    assert "deploys in" in result.out
    assert "2. red: end" in result.out
    assert "Game-Turn 1: blue/movement" in result.out
    assert result.out.strip().endswith("now Game-Turn 1, blue/movement: blue decides movement")
    match = load(game, registry)
    assert match.history == [deploy, "end"]


def test_an_illegal_action_saves_nothing(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    fails(
        cli("act", str(game), "move 1-inf 0305 0405"),
        "illegal action 'move 1-inf 0305 0405': ",
        "unchanged",
    )
    assert game.read_bytes() == before
    # The second of two is illegal: the first, legal one is not saved either.
    result = cli("act", str(game), "end", "deploy r1 0101")
    fails(result, "illegal action 'deploy r1 0101'", "action 2 of 2")
    assert game.read_bytes() == before
    fails(cli("act", str(game), "   "), "bad action '   '", "empty action")
    fails(cli("act", str(game), "deploy", "r1", "1007"), "illegal action 'deploy'", "quote it")
    assert game.read_bytes() == before


def test_act_on_a_finished_game_is_illegal(cli: Cli, game: Path) -> None:
    finished(cli, game)
    before = game.read_bytes()
    fails(cli("act", str(game), "end"), "illegal action 'end': the game is over")
    assert game.read_bytes() == before


def test_undo_takes_back_the_last_action(cli: Cli, game: Path, registry: Registry) -> None:
    fails(cli("undo", str(game)), "nothing to undo")
    assert cli("act", str(game), "end").code == 0
    result = cli("undo", str(game))
    assert result.code == 0
    assert result.out.startswith("took back 'end'")
    assert load(game, registry).history == []


# --------------------------------------------------------------------------- auto


def test_auto_until_phase_then_turn_then_end(cli: Cli, game: Path, registry: Registry) -> None:
    phase = cli("auto", str(game), "--until", "phase", "--json")
    assert phase.code == 0
    data = phase.json()
    assert (data["turn"], data["phase"]) == (1, "blue/movement")
    assert data["applied"] == len(load(game, registry).history) > 0
    turn = cli("auto", str(game), "--until", "turn", "--json").json()
    assert (turn["turn"], turn["phase"]) == (2, "blue/movement")
    end = cli("auto", str(game), "--bots", "random,random")
    assert end.code == 0
    assert re.search(  # HL 15.1 from the scenario's victory block (the victory mechanic)
        r"now game over: red wins \(decisive\): (Red|no side) holds Capital", end.out
    )
    assert re.findall(r"^Game-Turn (\d) \(", end.err, re.M) == ["3", "4"]
    assert load(game, registry).outcome is not None
    fails(cli("auto", str(game)), "nothing to play: the game is over")


def test_auto_is_reproducible_from_its_seed(cli: Cli, game: Path, tmp_path: Path) -> None:
    other = tmp_path / "copy.save.json"
    shutil.copy(game, other)
    for path in (game, other):
        assert cli("auto", str(path), "--seed", "11").code == 0
    assert game.read_bytes() == other.read_bytes()


def test_auto_rejects_bad_bots(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    fails(cli("auto", str(game), "--bots", "random,random,random"), "3 bots", "2 sides")
    fails(cli("auto", str(game), "--bots", "genius"), "unknown bot 'genius'")
    fails(cli("auto", str(game), "--until", "lunch"), "invalid choice: 'lunch'")
    assert game.read_bytes() == before


def test_a_whole_game_through_the_command_line(
    cli: Cli, tmp_path: Path, registry: Registry
) -> None:
    path = str(tmp_path / "flow.save.json")
    assert cli("new", "hl", "--seed", "5", "-o", path).code == 0
    first = cli("actions", path, "--as", "red", "--json").json()["actions"][0]
    assert cli("act", path, first, "end").code == 0
    move = next(a for a in cli("actions", path, "--json").json()["actions"] if a.startswith("move"))
    assert cli("act", path, move).code == 0
    assert cli("undo", path).out.startswith(f"took back '{move}'")
    assert cli("auto", path, "--until", "end").code == 0
    status = cli("status", path, "--json").json()
    assert status["outcome"]["winner"] in ("blue", "red")
    assert status["decision"] is None
    text = cli("status", path).out
    assert f"outcome: {status['outcome']['winner']} wins (decisive): " in text
    assert "over after Game-Turn 4 of 4" in text
    replay = cli("replay", path, "--verify")
    assert replay.code == 0
    assert "verified: the replay reproduces the saved state" in replay.out
    history = load(Path(path), registry).history
    assert history[:2] == [first, "end"]
    assert move not in history[2:3]


# --------------------------------------------------------------------------- replay


def replayed_events(path: Path, registry: Registry) -> list[list[Event]]:
    body = savefile.read(path)
    match = Match(registry.get(body["title"]), body["scenario"], body["seed"], body["options"])
    return [match.apply(text) for text in body["actions"]]


def test_replay_prints_every_roll_and_result(cli: Cli, game: Path, registry: Registry) -> None:
    finished(cli, game)
    events = replayed_events(game, registry)
    rolls = [e.text for batch in events for e in batch if e.kind == "roll"]
    assert rolls, "the game should have had a battle"
    text = cli("replay", str(game)).out
    printed = [line.strip() for line in text.splitlines()]
    assert [line for line in printed if line in rolls] == rolls
    assert re.search(r"result: red wins \(decisive\): (Red|no side) holds Capital", text)
    data = cli("replay", str(game), "--json", "--verify").json()
    assert data["verified"] is True
    assert [a["events"] for a in data["actions"]] == [[e.to_json() for e in b] for b in events]
    assert [a["action"] for a in data["actions"]] == savefile.read(game)["actions"]


def test_replay_verify_catches_a_snapshot_that_does_not_match(cli: Cli, game: Path) -> None:
    finished(cli, game)
    reseal(game, lambda body: body["snapshot"]["vp"].update(blue=99))
    assert cli("replay", str(game)).code == 0  # the log itself is still there
    result = cli("replay", str(game), "--verify")
    fails(result, "not verified")
    reseal(game, lambda body: body.update(state_hash="0" * 64))
    fails(cli("replay", str(game), "--verify"), "not verified")
    fails(cli("status", str(game)), "does not reproduce the saved state")


# --------------------------------------------------------------------------- bad save files


def test_bad_save_files_exit_2(cli: Cli, game: Path, tmp_path: Path) -> None:
    fails(cli("status", str(tmp_path / "nope.json")), "no such save file")
    truncated = tmp_path / "truncated.save.json"
    truncated.write_bytes(game.read_bytes()[:200])
    for command in ("status", "actions", "act", "undo", "auto", "replay"):
        argv = [command, str(truncated)] + (["end"] if command == "act" else [])
        fails(cli(*argv), "not a save file (truncated or corrupt JSON")
    checksum = tmp_path / "checksum.save.json"
    body = json.loads(game.read_text())
    body["checksum"] = ("0" if body["checksum"][0] != "0" else "1") + body["checksum"][1:]
    checksum.write_text(json.dumps(body))
    fails(cli("status", str(checksum)), "checksum mismatch")
    edited = tmp_path / "edited.save.json"
    body = json.loads(game.read_text())
    body["actions"] = ["end"]
    edited.write_text(json.dumps(body))
    fails(cli("actions", str(edited)), "checksum mismatch")
    fails(cli("status", str(tmp_path)), "is a folder")
    not_a_save = tmp_path / "list.json"
    not_a_save.write_text("[1, 2]")
    fails(cli("status", str(not_a_save)), "not a save file")


def test_a_resealed_save_with_a_bad_seed_is_refused(cli: Cli, game: Path) -> None:
    reseal(game, lambda body: body.update(seed="seven"))
    fails(cli("status", str(game)), "bad seed")
    reseal(game, lambda body: body.update(seed=7, title=["hexland"]))
    fails(cli("status", str(game)), "bad title")


def test_a_save_of_a_title_not_installed(cli: Cli, game: Path) -> None:
    fails(cli("status", str(game), plugins=()), "unknown title 'hexland'")


# --------------------------------------------------------------------------- render


def test_render_draws_png_and_svg(cli: Cli, game: Path, tmp_path: Path) -> None:
    pytest.importorskip("wargame.render")
    result = cli("render", str(game))
    assert result.code == 0
    png = tmp_path / "g.png"
    assert result.out.strip() == f"wrote {png}"
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert cli("render", str(game), "--as", "blue").code == 0
    assert (tmp_path / "g-blue.png").read_bytes().startswith(b"\x89PNG")
    svg = tmp_path / "map.svg"
    assert cli("render", str(game), "-o", str(svg)).code == 0
    assert "<svg" in svg.read_text()
    fails(cli("render", str(game), "-o", str(tmp_path / "map.gif")), ".png or .svg")


def test_render_says_so_when_drawing_is_unavailable(
    cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "wargame.render", None)  # import now raises ImportError
    fails(cli("render", str(game)), "map drawing is not available")


# --------------------------------------------------------------------------- validate


def test_validate_a_title_folder_a_file_and_a_save(cli: Cli, game: Path) -> None:
    folder = cli("validate", str(HEXLAND_DATA))
    assert folder.code == 0
    lines = folder.out.splitlines()
    assert len(lines) == len(list(HEXLAND_DATA.glob("*.json")))
    assert all(line.startswith("ok ") for line in lines)
    assert f"ok {HEXLAND_DATA / 'map.json'} (hex-map)" in lines
    one = cli("validate", str(HEXLAND_DATA / "crt.json"))
    assert one.out.strip() == f"ok {HEXLAND_DATA / 'crt.json'} (combat-tables)"
    save = cli("validate", str(game))
    assert save.code == 0
    assert save.out.startswith(f"ok {game} (save of hexland, 0 actions")


def test_validate_reports_file_pointer_and_message(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "map.json"
    shutil.copy(HEXLAND_DATA / "map.json", bad)
    edit_json(bad, lambda d: d.update(columns="x"))
    result = cli("validate", str(bad))
    assert result.code == 2
    assert result.out.strip() == f"{bad}: /columns: expected a whole number, got 'x'"
    fails(result, "1 problem(s) in 1 of 1 file(s)")
    data = cli("validate", str(bad), "--json").json()
    assert data == [
        {
            "file": str(bad),
            "what": "hex-map",
            "ok": False,
            "problems": [
                {
                    "file": str(bad),
                    "pointer": "/columns",
                    "message": "expected a whole number, got 'x'",
                }
            ],
        }
    ]
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "terrain",')
    result = cli("validate", str(broken))
    assert result.code == 2
    assert result.out.startswith(f"{broken}: invalid JSON at line 1")


def test_validate_builds_maps_and_checks_title_folders(cli: Cli, tmp_path: Path) -> None:
    folder = hexland_copy(tmp_path, "copy")
    edit_json(
        folder / "map.json",
        lambda d: d["hexsides"].append({"hexes": ["0101", "0505"], "features": ["river"]}),
    )
    edit_json(
        folder / "title.json",
        lambda d: d["documents"].update(terrain="crt.json", calendar="missing.json"),
    )
    (folder / "terrain.json").rename(folder / "extra-terrain.json")
    result = cli("validate", str(folder))
    assert result.code == 2
    out = result.out
    assert re.search(rf"^{re.escape(str(folder / 'map.json'))}: .*not adjacent", out, re.M)
    assert (
        f"{folder / 'crt.json'}: /kind: document 'terrain' must be a 'terrain' document, "
        "got 'combat-tables'"
    ) in out
    assert (
        f"{folder / 'missing.json'}: file not found (title.json lists it as document "
        "'calendar')" in out
    )
    assert f"ok {folder / 'extra-terrain.json'} (terrain)" in out
    fails(result, "3 problem(s) in 3 of 9 file(s)")


def test_validate_bad_paths(cli: Cli, tmp_path: Path, game: Path) -> None:
    fails(cli("validate", str(tmp_path / "nothing")), "no such file or folder")
    empty = tmp_path / "empty"
    empty.mkdir()
    fails(cli("validate", str(empty)), "no .json files")
    game.write_bytes(game.read_bytes().replace(b'"seed": 7', b'"seed": 8'))
    result = cli("validate", str(game))
    assert result.out.strip() == f"{game}: checksum mismatch: the file was changed or damaged"
    fails(result, "1 problem(s)")


# --------------------------------------------------------------------------- template


def test_template_of_a_map_lists_every_hex_and_validates(
    cli: Cli, tmp_path: Path, registry: Registry
) -> None:
    result = cli("template", "hl", "map")
    assert result.code == 0
    doc = json.loads(result.out)
    assert validate(doc, "hex-map") == []
    assert list(doc["hexes"]) == hex_ids(registry.get("hexland").doc("map"))
    assert doc["provenance"]["source"] == "owner"
    out = tmp_path / "crt-template.json"
    written = cli("template", "hexland", "crt.json", "-o", str(out))
    assert written.code == 0
    assert "<owner data folder>/hexland/crt.json" in written.out
    assert json.loads(out.read_text())["kind"] == "combat-tables"
    fails(cli("template", "hexland", "combat-tables", "-o", str(out)), "already exists")
    fails(cli("template", "hexland", "rules"), "no document 'rules'", "map, terrain")
    fails(
        cli("template", "hexland", "map", "-o", str(tmp_path / "no" / "dir.json")),
        "No such file or directory",
    )


# --------------------------------------------------------------------------- crt


def hexland_table(registry: Registry) -> Any:
    return build_table(
        registry.get("hexland").doc("combat-tables")["tables"]["crt"], table_id="crt"
    )


def test_crt_shows_the_column_and_every_result(cli: Cli, registry: Registry) -> None:
    table = hexland_table(registry)
    data = cli("crt", "hl", "--attack", "16", "--defense", "5", "--json").json()
    column = table.column(16, 5)
    assert (data["column"], data["summary"]) == (
        "3-1",
        "16 vs 5 = 3.2:1 -> 3-1 (rounded for defender)",
    )
    assert data["results"] == {str(r): code for r, code in table.results(column).items()}
    assert data["codes"]["DE"] == "Defender eliminated"
    text = cli("crt", "hexland", "--attack", "16", "--defense", "5").out
    assert "16 vs 5 = 3.2:1 -> 3-1 (rounded for defender)" in text
    assert "  roll 1: DE (Defender eliminated)" in text
    rolled = cli(
        "crt",
        "hexland",
        "--attack",
        "16",
        "--defense",
        "5",
        "--shift",
        "1",
        "--roll",
        "3",
        "--json",
    ).json()
    assert (rolled["column"], rolled["result"]) == ("4-1", table.result(table.column(16, 5, 1), 3))
    assert (
        cli("crt", "hexland", "--attack", "7.5", "--defense", "5", "--json").json()["column"]
        == "1-1"
    )


def test_crt_automatic_results_follow_the_table_data(cli: Cli) -> None:
    # Hexland's table says a 0 defense is beyond the top column: automatic DE (crt.json).
    data = cli("crt", "hexland", "--attack", "3", "--defense", "0", "--json").json()
    assert (data["automatic"], data["results"]["1"]) == ("DE", "DE")
    text = cli("crt", "hexland", "--attack", "1", "--defense", "5").out
    assert "result: AE (Attacker eliminated), no roll" in text


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--attack", "-3", "--defense", "2"], ["bad strength '-3'", "negative"]),
        (["--attack", "4", "--defense", "-0.5"], ["bad strength '-0.5'"]),
        (["--attack", "0", "--defense", "0"], ["attack and defense are both 0"]),
        (["--attack", "x", "--defense", "1"], ["bad strength 'x'"]),
        (["--attack", "4"], ["give --defense"]),
        (["--attack", "4", "--defense", "1", "--roll", "9"], ["roll 9 is outside 1..6"]),
        (["--attack", "4", "--defense", "1", "--table", "tec"], ["no table 'tec'", "crt"]),
        (["--defense", "1"], ["--attack"]),
    ],
)
def test_crt_bad_input(cli: Cli, argv: list[str], fragments: list[str]) -> None:
    fails(cli("crt", "hexland", *argv), *fragments)


def test_crt_fire_tables_take_one_total(cli: Cli, tmp_path: Path) -> None:
    folder = hexland_copy(tmp_path, "hexfire")
    fire = {
        "kind": "fire",
        "dice": "1d6",
        "columns": [1, 2, 3, "4..6"],
        "above": {"policy": "clamp"},
        "results": {
            "1": [0, 0, 0, 0, 0, 1],
            "2": [0, 0, 0, 0, 1, 1],
            "3": [0, 0, 0, 1, 1, 1],
            "4..6": [0, 0, 1, 1, 1, 2],
        },
    }
    edit_json(folder / "crt.json", lambda d: d["tables"].update(fire=fire))
    plugins = (TitlePlugin(GameDef("hexfire", folder, (hexland_rules,))),)
    data = cli(
        "crt", "hexfire", "--table", "fire", "--attack", "5", "--json", plugins=plugins
    ).json()
    assert (data["column"], data["results"]["6"]) == ("fire 4..6", "2")
    assert data["defense"] is None
    fails(
        cli(
            "crt", "hexfire", "--table", "fire", "--attack", "5", "--defense", "1", plugins=plugins
        ),
        "fire table",
    )
    fails(
        cli("crt", "hexfire", "--table", "fire", "--attack", "0", plugins=plugins),
        "below the table",
    )


# --------------------------------------------------------------------------- demo


def test_demo_plays_a_whole_game_and_writes_its_files(
    cli: Cli, tmp_path: Path, registry: Registry
) -> None:
    out = tmp_path / "demo"
    result = cli("demo", "--title", "hl", "--seed", "3", "--out", str(out))
    assert result.code == 0
    save = out / "demo.save.json"
    match = load(save, registry)
    assert match.outcome is not None
    assert re.findall(r"^Game-Turn (\d) \(", result.err, re.M) == ["1", "2", "3", "4"]
    assert f"result: {match.outcome['winner']} wins" in result.out
    assert f"{len(match.history)} actions in" in result.out
    # The log is the game's replay, line for line.
    assert (out / "demo-log.txt").read_text() == cli("replay", str(save)).out
    try:
        import wargame.render  # noqa: F401
    except ImportError:
        assert "map not drawn" in result.out
    else:
        assert (out / "demo-map.png").read_bytes().startswith(b"\x89PNG")


def test_demo_default_title(registry: Registry) -> None:
    hexland = registry.get("hexland")
    assert default_demo_title(Registry(titles={"zzz": hexland, "hexland": hexland})) is hexland
    other = registry.get("hexland")
    preferred = Registry(titles={"aaa": hexland, DEFAULT_DEMO_TITLE: other})
    assert default_demo_title(preferred) is other
    with pytest.raises(UsageError, match="no titles installed"):
        default_demo_title(Registry())


# --------------------------------------------------------------------------- exits


def test_interrupt_exits_130_quietly(cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(savefile, "load", interrupted)
    result = cli("status", str(game))
    assert (result.code, result.out, result.err) == (130, "", "")


def test_proud_monster_deluxe_1942_sets_up_from_the_command_line(
    cli: Cli, tmp_path: Path, registry: Registry
) -> None:
    """The monster title's late scenario through the CLI: bots make both free set-ups and play
    on into turn 211's Reinforcement Phase (1.3; whole games to an outcome are conformance's)."""
    from wargame.games.proud_monster_deluxe.turns import ynn

    path = tmp_path / "pmd.save.json"
    assert cli("new", "pmd", "--scenario", "1942-free", "--seed", "3", "-o", str(path)).code == 0
    run = cli("auto", str(path), "--until", "turn", "--seed", "3", "--json")
    assert run.code == 0, run.err
    data, match = run.json(), load(path, registry)
    assert data["applied"] == len(match.history) > 0
    assert ynn(match) == 211 and data["phase"] == "turn/soviet-reinforcement"
