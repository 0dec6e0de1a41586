"""The map editor's server (issue 19): what it sends the page, what it saves and what it refuses.

The page itself is driven in a real browser by ``tests/web/test_editor_e2e.py``; here the API
and the command line, with Hexland's data copied to a temporary folder as the title's data.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.titles.hexland import plugin as hexland_plugin
from wargame.cli import main
from wargame.editor import mapdoc
from wargame.editor.app import create_app
from wargame.match import Match
from wargame.plugins import discover

from .conftest import TestClient

HEXLAND = Path(hexland_plugin.__file__).parent / "data"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "hexland"
    shutil.copytree(HEXLAND, out)
    return out


def _client(folder: Path, document: dict[str, Any] | None = None) -> tuple[TestClient, str]:
    client = TestClient(create_app(folder, document), base_url="http://127.0.0.1")
    key = client.get("/").text.split('name="wargame-page" content="')[1].split('"')[0]
    return client, key


def _post(client: TestClient, key: str, path: str, body: Any) -> Any:
    return client.post(path, json=body, headers={"X-Wargame-Page": key})


def test_the_page_gets_the_map_its_grid_and_the_titles_palette(folder: Path) -> None:
    client, _key = _client(folder)
    out = client.get("/api/map").json()
    assert out["document"]["id"] == "hexland"
    assert out["exists"] is True
    assert len(out["geometry"]["hexes"]) == 12 * 10
    first = next(h for h in out["geometry"]["hexes"] if h["id"] == "0101")
    assert sorted(first["n"]) == ["0102", "0201"]  # a corner hex has two neighbours
    assert out["palette"]["terrain"] == ["clear", "forest", "swamp", "city"]  # from terrain.json
    assert out["palette"]["hexsides"] == ["river", "lake"]
    assert out["palette"]["lines"] == ["road"]


def test_a_saved_map_is_written_and_the_first_save_keeps_a_backup(folder: Path) -> None:
    client, key = _client(folder)
    before = (folder / "map.json").read_bytes()
    doc = client.get("/api/map").json()["document"]
    doc["hexes"]["0101"] = {"terrain": "forest", "name": "Oakwood", "attrs": {"vp": 2}}
    doc["hexsides"].append({"hexes": ["0101", "0102"], "features": ["river"]})
    out = _post(client, key, "/api/map", {"document": doc})
    assert out.status_code == 200, out.text
    assert out.json()["title_problems"] == []
    assert json.loads((folder / "map.json").read_text())["hexes"]["0101"]["name"] == "Oakwood"
    assert (folder / "map.json.bak").read_bytes() == before
    doc["hexes"]["0102"] = {"terrain": "swamp"}
    assert _post(client, key, "/api/map", {"document": doc}).status_code == 200
    assert (folder / "map.json.bak").read_bytes() == before  # still the file the session began with


def test_a_map_that_would_not_load_is_refused_and_the_file_is_unchanged(folder: Path) -> None:
    client, key = _client(folder)
    before = (folder / "map.json").read_bytes()
    doc = client.get("/api/map").json()["document"]
    doc["hexes"]["9999"] = {"terrain": "forest"}
    out = _post(client, key, "/api/map", {"document": doc})
    assert out.status_code == 422
    assert "9999" in out.json()["problems"][0] and "map.json" in out.json()["problems"][0]
    doc["hexes"].pop("9999")
    doc["hexes"]["0101"] = {"terrain": 7}
    out = _post(client, key, "/api/map", {"document": doc})
    assert out.status_code == 422
    assert "/hexes/0101/terrain" in out.json()["problems"][0]
    assert (folder / "map.json").read_bytes() == before
    assert not (folder / "map.json.bak").exists()


def test_a_save_names_what_the_rest_of_the_title_now_lacks(folder: Path) -> None:
    """Taking a set-up hex off the map saves (the map is whole) and says what broke elsewhere."""
    client, key = _client(folder)
    doc = client.get("/api/map").json()["document"]
    setup = json.loads((folder / "scenario-meeting.json").read_text())
    placed = json.dumps(setup)
    gone = next(h for h in ("0903", "1003", "0907", "1007", "0905") if f'"{h}"' in placed)
    doc["exclude"] = [gone]
    for region in doc["regions"].values():
        region["hexes"] = [h for h in region["hexes"] if h != gone]
    doc["hexes"].pop(gone, None)
    doc["lines"] = [line for line in doc["lines"] if gone not in line["hexes"]]
    out = _post(client, key, "/api/map", {"document": doc})
    assert out.status_code == 200, out.text
    assert any(gone in p and "scenario-meeting.json" in p for p in out.json()["title_problems"])


def test_the_guard_of_wargame_serve_protects_the_editor(folder: Path) -> None:
    client, key = _client(folder)
    doc = client.get("/api/map").json()["document"]
    assert client.post("/api/map", json={"document": doc}).status_code == 403  # no page key
    text = client.post(
        "/api/map",
        content=json.dumps({"document": doc}),
        headers={"X-Wargame-Page": key, "Content-Type": "text/plain"},
    )
    assert text.status_code == 415
    assert client.get("/api/map", headers={"Host": "evil.example"}).status_code == 421
    assert _post(client, key, "/api/map", {"doc": doc}).status_code == 400


def test_a_resized_grid_is_laid_out_by_the_kernel_and_a_huge_one_refused(folder: Path) -> None:
    client, key = _client(folder)
    doc = client.get("/api/map").json()["document"]
    doc.update(columns=5, rows=4)
    doc["numbering"]["orientation"] = "pointy"
    out = _post(client, key, "/api/geometry", {"document": doc}).json()
    assert len(out["hexes"]) == 20 and out["orientation"] == "pointy"
    doc.update(columns=500, rows=500)
    out = _post(client, key, "/api/geometry", {"document": doc})
    assert out.status_code == 400 and "over" in out.json()["error"]


def test_a_painted_map_plays_as_owner_data(folder: Path) -> None:
    """What the editor saves is what a game loads (the owner-data folder of the README)."""
    client, key = _client(folder)
    doc = client.get("/api/map").json()["document"]
    doc["hexes"]["0101"] = {"terrain": "swamp", "name": "Fenmoor", "attrs": {"vp": 3}}
    assert _post(client, key, "/api/map", {"document": doc}).status_code == 200
    owner = folder.parent / "owner"
    (owner / "hexland").mkdir(parents=True)
    shutil.copy(folder / "map.json", owner / "hexland" / "map.json")
    registry = discover(extra=[hexland_plugin], owner_dir=owner)
    match = Match(registry.get("hexland"), "meeting", 1)
    assert match.topology.terrain("0101") == "swamp"
    assert match.topology.attrs("0101")["vp"] == 3


def test_a_new_network_gets_points_and_links(tmp_path: Path) -> None:
    doc = mapdoc.new_document("points", "islands")
    client, key = _client(tmp_path, doc)
    assert client.get("/api/map").json()["exists"] is False
    doc["points"] = {"a": {"name": "Ayr", "xy": [0, 0]}, "b": {"name": "Bute", "xy": [3, 0]}}
    doc["links"] = [{"points": ["a", "c"], "class": "major"}]
    out = _post(client, key, "/api/map", {"document": doc})
    assert out.status_code == 422 and "c" in out.json()["problems"][0]
    doc["links"] = [{"points": ["a", "b"], "class": "major"}]
    assert _post(client, key, "/api/map", {"document": doc}).status_code == 200
    assert json.loads((tmp_path / "map.json").read_text())["links"][0]["points"] == ["a", "b"]


def test_the_command_line_refuses_what_it_cannot_edit(
    tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit-map", str(tmp_path / "none")]) == 2
    assert "folder not found" in capsys.readouterr().err
    assert main(["edit-map", str(folder), "--new", "hex"]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["edit-map", str(tmp_path), "--new", "hex", "--columns", "0"]) == 2
    assert "columns" in capsys.readouterr().err
    assert main(["edit-map", str(folder), "--host", "0.0.0.0", "--port", "0"]) == 2
    assert "this machine only" in capsys.readouterr().err
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "map.json").write_text("{ not json")
    assert main(["edit-map", str(tmp_path / "bad")]) == 2
    assert "map.json" in capsys.readouterr().err


def test_the_editor_answers_errors_as_wargame_serve_does(folder: Path) -> None:
    """One wrapper (``wargame.web.app.guarded``) and one HTTP-error handler serve both servers:
    a bad body, a map the editor refuses and an unknown route each get a one-line JSON error."""
    client, key = _client(folder)
    bad = _post(client, key, "/api/geometry", {"doc": {}})
    assert bad.status_code == 400 and bad.json() == {"error": 'the body is {"document": {...}}'}
    refused = _post(client, key, "/api/geometry", {"document": {"kind": "hex-map", "columns": -1}})
    assert refused.status_code == 400 and list(refused.json()) == ["error"]
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and list(missing.json()) == ["error"]
