"""From a JSON file to a validated document: one-line problems, owner merge, templates."""

from __future__ import annotations

import copy
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame import loader
from wargame.errors import DataError, Problem, pointer
from wargame.hexgrid import HexGrid
from wargame.loader import (
    LIST_KEYS,
    TitleData,
    entry_collections,
    hex_ids,
    load_document,
    load_json,
    merge_documents,
    provenance_counts,
    template,
    validate,
)
from wargame.models import DOCUMENT_MODELS, Counters, HexMap

STAND_IN = {"source": "stand-in", "note": "test fixture"}
OWNER = {"source": "owner"}
KNOWN = ", ".join(sorted(DOCUMENT_MODELS))


def hex_map() -> dict[str, Any]:
    return {
        "kind": "hex-map",
        "id": "test",
        "provenance": STAND_IN,
        "numbering": {"digits": [2, 2], "first_column": 1, "first_row": 1},
        "columns": 3,
        "rows": 2,
        "hexes": {
            "0101": {"terrain": "forest"},
            "0202": {
                "terrain": "city",
                "name": "Smolensk",
                "provenance": {"source": "rulebook", "rule": "PGG 5.1"},
            },
        },
        "hexsides": [{"hexes": ["0101", "0102"], "features": ["river"]}],
        "lines": [{"kind": "road", "hexes": ["0101", "0201", "0301"], "name": "R1"}],
        "regions": {"entry:east": {"hexes": ["0301", "0302"]}},
    }


def counters() -> dict[str, Any]:
    return {
        "kind": "counters",
        "id": "test",
        "provenance": STAND_IN,
        "unit_types": {"inf": {"name": "Infantry", "mobility": "foot"}},
        "counters": {
            "ger-1": {
                "side": "ger",
                "type": "inf",
                "name": "1st",
                "steps": [{"values": {"attack": 4, "move": 6}}],
            },
            "sov-1": {
                "side": "sov",
                "type": "inf",
                "name": "1st",
                "steps": [{"values": {"attack": 2}}, {"values": {"attack": 1}}],
            },
        },
    }


def terrain() -> dict[str, Any]:
    return {
        "kind": "terrain",
        "id": "test",
        "provenance": {"source": "rulebook", "rule": "T 1.0"},
        "terrain": {
            "clear": {"name": "Clear", "move": {"*": 1}},
            "forest": {"name": "Forest", "move": {"*": 2}},
        },
    }


def write(folder: Path, name: str, content: Any) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, indent=2), encoding="utf-8")
    return path


def problems_of(call: Any, *args: Any, **kwargs: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(DataError) as info:
        call(*args, **kwargs)
    return [(p.file, p.pointer, p.message) for p in info.value.problems]


# --------------------------------------------------------------------------- problems


def test_problem_is_one_line_file_pointer_message() -> None:
    problem = Problem("map.json", "/hexes/0101/terrain", "expected text, got 5")
    assert str(problem) == "map.json: /hexes/0101/terrain: expected text, got 5"
    assert str(Problem("map.json", "", "file not found")) == "map.json: file not found"
    assert str(Problem("f", "/a", "two\nlines")) == "f: /a: two lines"
    error = DataError([problem, Problem("b.json", "", "is empty; expected a JSON document")])
    assert str(error).splitlines() == [str(problem), "b.json: is empty; expected a JSON document"]


def test_pointer_escapes_slash_and_tilde() -> None:
    assert pointer(("regions", "a/b~c", 0)) == "/regions/a~1b~0c/0"
    assert pointer(()) == ""


BAD_FILES: list[tuple[str, Any, str, str]] = [
    (
        "bad-json",
        '{"kind": "terrain",\n  "id": }',
        "",
        "invalid JSON at line 2, column 9: expecting value",
    ),
    ("empty", "", "", "is empty; expected a JSON document"),
    ("blank", " \n\t\n", "", "is empty; expected a JSON document"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "", "is a binary file, not JSON text"),
    (
        "latin-1",
        '{"name": "Br\xfcck"}'.encode("latin-1"),
        "",
        "is not UTF-8 text: byte 0xfc at line 1, column 13 (save the file as UTF-8)",
    ),
    ("utf-16", '{"kind": "terrain"}'.encode("utf-16"), "", "is UTF-16 text; save it as UTF-8"),
    ("not-an-object", "[1, 2]", "", "expected an object (a data document), got a list"),
    (
        "duplicate-key",
        '{"kind": "hex-map", "kind": "hex-map"}',
        "/kind",
        "'kind' appears more than once in this object (keep one)",
    ),
    ("nan", '{"kind": "terrain", "x": NaN}', "/x", "NaN and Infinity are not JSON"),
    (
        "no-kind",
        {"id": "x"},
        "",
        f"missing required field 'kind' (one of {KNOWN})",
    ),
    (
        "unknown-kind",
        {"kind": "hexmap", "id": "x"},
        "/kind",
        f"unknown document kind 'hexmap' (did you mean 'hex-map'?); known: {KNOWN}",
    ),
    (
        "kind-not-text",
        {"kind": 3},
        "/kind",
        f"unknown document kind 3; known: {KNOWN}",
    ),
    (
        "wrong-type",
        {**hex_map(), "columns": "six"},
        "/columns",
        "expected a whole number, got 'six'",
    ),
    (
        "quoted-number",
        {**hex_map(), "rows": "2"},
        "/rows",
        "expected a whole number, got '2' (a number in quotes: remove the quotes)",
    ),
    (
        "unknown-field",
        {**hex_map(), "hexes": {"0101": {"terain": "forest"}}},
        "/hexes/0101/terain",
        "'terain' is not allowed here (did you mean 'terrain'?)",
    ),
    (
        "unknown-top-field",
        {**hex_map(), "hexs": {}},
        "/hexs",
        "'hexs' is not allowed here (did you mean 'hexes'?)",
    ),
    (
        "missing-field",
        {k: v for k, v in hex_map().items() if k != "rows"},
        "",
        "missing required field 'rows'",
    ),
    (
        "missing-entry-field",
        {**hex_map(), "boxes": {"box:dead": {"adjacent": []}}},
        "/boxes/box:dead",
        "missing required field 'name'",
    ),
    (
        "bad-id-key",
        {**hex_map(), "hexes": {"01 01": {}}},
        "/hexes/01 01",
        "'01 01' is not a valid id (letters, digits and _ . : / + - only, starting with a letter or digit, no spaces)",
    ),
    (
        "bad-enum",
        {**hex_map(), "numbering": {"orientation": "flt"}},
        "/numbering/orientation",
        "expected one of 'flat', 'pointy', got 'flt' (did you mean 'flat'?)",
    ),
    (
        "tuple-length",
        {**hex_map(), "hexsides": [{"hexes": ["0101"], "features": []}]},
        "/hexsides/0/hexes",
        "expected exactly 2 items, got 1",
    ),
    (
        "too-short",
        {**hex_map(), "lines": [{"kind": "road", "hexes": ["0101"]}]},
        "/lines/0/hexes",
        "expected at least 2 items, got 1",
    ),
    ("below-minimum", {**hex_map(), "columns": 0}, "/columns", "must be at least 1, got 0"),
    (
        "nullable-wrong-type",
        {**hex_map(), "hexes": {"0101": {"terrain": 5}}},
        "/hexes/0101/terrain",
        "expected text or null, got 5",
    ),
    (
        "provenance-source",
        {**hex_map(), "provenance": {"source": "rulebok", "rule": "X"}},
        "/provenance/source",
        "expected one of 'rulebook', 'stand-in', 'owner', got 'rulebok' (did you mean 'rulebook'?)",
    ),
    (
        "provenance-field",
        {**hex_map(), "hexes": {"0101": {"provenance": {"source": "owner", "rules": "x"}}}},
        "/hexes/0101/provenance/rules",
        "'rules' is not allowed here (did you mean 'rule'?)",
    ),
    (
        "provenance-no-rule",
        {**hex_map(), "provenance": {"source": "rulebook"}},
        "/provenance",
        "a rulebook fact names its rule number in 'rule'",
    ),
    (
        "provenance-no-note",
        {**hex_map(), "hexes": {"0101": {"provenance": {"source": "stand-in"}}}},
        "/hexes/0101/provenance",
        "a stand-in says what it replaces in 'note'",
    ),
]


@pytest.mark.parametrize(
    ("case", "content", "where", "message"), BAD_FILES, ids=[c[0] for c in BAD_FILES]
)
def test_a_malformed_file_gives_exactly_one_readable_problem(
    tmp_path: Path, case: str, content: Any, where: str, message: str
) -> None:
    path = write(tmp_path, f"{case}.json", content)
    assert problems_of(load_document, path) == [(str(path), where, message)]


def test_a_folder_a_missing_file_and_an_unreadable_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert problems_of(load_json, tmp_path) == [(str(tmp_path), "", "is a folder, not a JSON file")]
    missing = tmp_path / "map.json"
    assert problems_of(load_json, missing) == [(str(missing), "", "file not found")]

    locked = write(tmp_path, "locked.json", "{}")

    def refuse(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert problems_of(load_json, locked) == [(str(locked), "", "cannot read: permission denied")]


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, "bom.json", b"\xef\xbb\xbf" + json.dumps(terrain()).encode())
    assert load_document(path).kind == "terrain"


def test_every_schema_problem_is_reported_in_pointer_order(tmp_path: Path) -> None:
    doc = hex_map()
    doc["rows"] = "two"
    doc["hexes"]["0101"] = {"terain": "forest", "features": "road"}
    doc["boxes"] = {"box:dead": {}}
    path = write(tmp_path, "map.json", doc)
    assert problems_of(load_document, path) == [
        (str(path), "/boxes/box:dead", "missing required field 'name'"),
        (str(path), "/hexes/0101/features", "expected a list, got 'road'"),
        (str(path), "/hexes/0101/terain", "'terain' is not allowed here (did you mean 'terrain'?)"),
        (str(path), "/rows", "expected a whole number, got 'two'"),
    ]


def test_model_problems_are_only_checked_once_the_schema_passes() -> None:
    doc = hex_map()
    doc["provenance"] = {"source": "rulebook"}  # a model problem
    doc["columns"] = "three"  # a schema problem
    assert [(p.pointer, p.message) for p in validate(doc, file="m")] == [
        ("/columns", "expected a whole number, got 'three'")
    ]
    doc["columns"] = 3
    assert [(p.pointer, p.message) for p in validate(doc, file="m")] == [
        ("/provenance", "a rulebook fact names its rule number in 'rule'")
    ]


def test_wrong_kind_for_the_slot(tmp_path: Path) -> None:
    path = write(tmp_path, "terrain.json", counters())
    assert problems_of(load_document, path, kind="terrain") == [
        (str(path), "/kind", "this file must be a 'terrain' document, got 'counters'")
    ]
    assert problems_of(
        TitleData, tmp_path, {"terrain": "terrain.json"}, title_id="t", owner_data=False
    ) == [(str(path), "/kind", "document 'terrain' must be a 'terrain' document, got 'counters'")]
    write(tmp_path, "map.json", terrain())
    map_path = str(tmp_path / "map.json")
    assert problems_of(
        TitleData, tmp_path, {"map": "map.json"}, title_id="t", owner_data=False, topology="hex"
    ) == [(map_path, "/kind", "document 'map' must be a 'hex-map' document, got 'terrain'")]


def test_expected_kinds_follow_the_document_name() -> None:
    assert loader.expected_kinds("terrain") == {"terrain"}
    assert loader.expected_kinds("scenario:road-back") == {"scenario"}
    assert loader.expected_kinds("map") == {"hex-map", "network-map"}
    assert loader.expected_kinds("map", "network") == {"network-map"}
    assert loader.expected_kinds("vp-schedule") is None


def test_a_valid_document_loads_as_its_model(tmp_path: Path) -> None:
    model = load_document(write(tmp_path, "map.json", hex_map()), kind="hex-map")
    assert isinstance(model, HexMap)
    assert (
        model.hexes["0202"].provenance is not None
        and model.hexes["0202"].provenance.rule == "PGG 5.1"
    )
    assert validate(counters(), kind="counters") == []


# --------------------------------------------------------------------------- entry collections


def test_entry_collections_of_every_kind() -> None:
    expected = {
        "hex-map": ({"hexes", "regions", "boxes"}, {"hexsides", "lines"}),
        "network-map": ({"points", "regions", "boxes"}, {"links"}),
        "terrain": ({"terrain", "hexsides", "features"}, set()),
        "counters": ({"unit_types", "counters", "pools", "markers"}, set()),
        "combat-tables": ({"tables"}, set()),
        "calendar": ({"turns", "schedule"}, set()),
        "scenario": ({"setup", "victory"}, set()),
        "table": ({"entries"}, set()),
    }
    for kind, (dicts, lists) in expected.items():
        found_dicts, found_lists = entry_collections(kind)
        assert dicts <= set(found_dicts), kind
        assert set(found_lists) == lists, kind
    for kind in DOCUMENT_MODELS:  # a new keyed list needs a key to merge by
        assert set(entry_collections(kind)[1]) <= set(LIST_KEYS), kind


def test_provenance_counts_inherit_the_document_provenance() -> None:
    # 2 hexes (1 rulebook), 1 hexside, 1 line, 1 region; the rest inherit stand-in
    assert provenance_counts(hex_map()) == {"rulebook": 1, "stand-in": 4, "owner": 0}
    assert provenance_counts(terrain()) == {"rulebook": 2, "stand-in": 0, "owner": 0}
    table = {
        "kind": "table",
        "id": "vp",
        "name": "VP",
        "provenance": STAND_IN,
        "entries": {"1": {"vp": 2, "provenance": OWNER}, "2": {"vp": 3}},
    }
    assert provenance_counts(table) == {"rulebook": 0, "stand-in": 1, "owner": 1}


# --------------------------------------------------------------------------- owner merge


def test_owner_entry_replaces_and_adds_in_dict_collections() -> None:
    shipped = counters()
    owner = {
        "kind": "counters",
        "counters": {
            "ger-1": {
                "side": "ger",
                "type": "inf",
                "name": "1st",
                "steps": [{"values": {"attack": 5, "move": 6}}],
            },
            "ger-2": {
                "side": "ger",
                "type": "inf",
                "name": "2nd",
                "steps": [{"values": {"attack": 3}}],
            },
        },
    }
    before = copy.deepcopy((shipped, owner))
    merged = merge_documents(shipped, owner)
    assert (shipped, owner) == before  # inputs untouched
    assert merged["counters"]["ger-1"]["steps"][0]["values"]["attack"] == 5
    assert merged["counters"]["ger-1"]["provenance"] == OWNER
    assert merged["counters"]["ger-2"]["provenance"] == OWNER
    assert merged["counters"]["sov-1"] == shipped["counters"]["sov-1"]
    assert merged["unit_types"] == shipped["unit_types"]
    assert merged["provenance"] == STAND_IN
    assert provenance_counts(shipped) == {"rulebook": 0, "stand-in": 3, "owner": 0}
    assert provenance_counts(merged) == {"rulebook": 0, "stand-in": 2, "owner": 2}
    assert isinstance(loader.parse_document(merged), Counters)


def test_owner_list_entries_replace_by_key_or_append() -> None:
    shipped = hex_map()
    owner = {
        "kind": "hex-map",
        "hexsides": [
            {"hexes": ["0102", "0101"], "features": ["lake"]},  # same pair, reversed
            {"hexes": ["0201", "0202"], "features": ["river"]},
        ],
        "lines": [
            {"kind": "road", "name": "R1", "hexes": ["0101", "0201"]},
            {"kind": "rail", "name": "R1", "hexes": ["0101", "0102"]},
        ],
    }
    merged = merge_documents(shipped, owner)
    assert merged["hexsides"] == [
        {"hexes": ["0102", "0101"], "features": ["lake"], "provenance": OWNER},
        {"hexes": ["0201", "0202"], "features": ["river"], "provenance": OWNER},
    ]
    assert [(line["kind"], line["hexes"]) for line in merged["lines"]] == [
        ("road", ["0101", "0201"]),
        ("rail", ["0101", "0102"]),
    ]
    links = {
        "kind": "network-map",
        "id": "n",
        "provenance": STAND_IN,
        "points": {"a": {"name": "A", "xy": [0, 0]}, "b": {"name": "B", "xy": [1, 0]}},
        "links": [{"points": ["a", "b"], "class": "minor"}],
    }
    merged = merge_documents(
        links, {"kind": "network-map", "links": [{"points": ["b", "a"], "class": "major"}]}
    )
    assert merged["links"] == [{"points": ["b", "a"], "class": "major", "provenance": OWNER}]


def test_owner_scalars_replace_and_the_head_stays_shipped() -> None:
    owner = {
        "kind": "hex-map",
        "id": "test",
        "provenance": {"source": "owner", "note": "mine"},
        "columns": 4,
        "exclude": ["0402"],
    }
    merged = merge_documents(hex_map(), owner)
    assert (merged["columns"], merged["exclude"], merged["provenance"]) == (4, ["0402"], STAND_IN)


def test_owner_explicit_provenance_is_kept_and_template_provenance_is_no_claim() -> None:
    shipped = hex_map()
    rulebook = {"source": "rulebook", "rule": "PGG 5.1"}
    owner = {
        "kind": "hex-map",
        "hexes": {
            "0101": {"terrain": "forest", "provenance": STAND_IN},  # as shipped: nothing changes
            "0102": {"terrain": "marsh", "provenance": STAND_IN},  # edited in place: owner
            "0201": {"terrain": "clear", "provenance": STAND_IN},  # an implicit hex left alone
            "0202": {"terrain": "city", "name": "Smolensk", "provenance": OWNER},  # owner confirms
            "0301": {"terrain": "rough", "provenance": rulebook},  # owner says where it is from
        },
    }
    merged = merge_documents(shipped, owner)
    assert merged["hexes"] == {
        "0101": {"terrain": "forest"},
        "0202": {"terrain": "city", "name": "Smolensk", "provenance": OWNER},
        "0102": {"terrain": "marsh", "provenance": OWNER},
        "0301": {"terrain": "rough", "provenance": rulebook},
    }


def owner_title(tmp_path: Path, owner_files: dict[str, Any]) -> tuple[Path, Path]:
    shipped = tmp_path / "shipped"
    write(shipped, "map.json", hex_map())
    write(shipped, "counters.json", counters())
    write(shipped, "terrain.json", terrain())
    root = tmp_path / "owner"
    for name, content in owner_files.items():
        write(root / "test", name, content)
    return shipped, root


DOCS = {"map": "map.json", "counters": "counters.json", "terrain": "terrain.json"}


def test_title_data_merges_a_partial_owner_file(tmp_path: Path) -> None:
    shipped, root = owner_title(
        tmp_path, {"map.json": {"kind": "hex-map", "hexes": {"0302": {"terrain": "marsh"}}}}
    )
    data = TitleData(shipped, DOCS, title_id="test", owner_dir=root)
    assert list(data.raw) == ["map", "counters", "terrain"]
    assert data.raw["map"]["hexes"]["0302"] == {"terrain": "marsh", "provenance": OWNER}
    assert data.raw["map"]["lines"] == hex_map()["lines"]
    assert (
        isinstance(data.models["map"], HexMap)
        and data.models["map"].hexes["0302"].terrain == "marsh"
    )
    assert data.owner_files == {"map": root / "test" / "map.json"}
    assert data.provenance_report() == {
        "map": {"rulebook": 1, "stand-in": 4, "owner": 1},
        "counters": {"rulebook": 0, "stand-in": 3, "owner": 0},
        "terrain": {"rulebook": 2, "stand-in": 0, "owner": 0},
    }


def test_owner_problems_are_reported_against_the_owner_file(tmp_path: Path) -> None:
    shipped_map = hex_map()
    shipped_map["hexsides"] = [
        {"hexes": ["0101", "0102"], "features": ["river"]},
        {"hexes": ["0201", "0202"], "features": []},
    ]
    owner_map: dict[str, Any] = {
        "kind": "hex-map",
        "hexes": {"0102": {"terain": "marsh"}},
        "hexsides": [
            {"hexes": ["0301", "0302"], "features": "river"},
            {
                "hexes": ["0202", "0201"],
                "features": ["river"],
                "provenance": {"source": "stand-in"},
            },
        ],
    }
    owner_counters = {
        "kind": "counters",
        "counters": {"sov-1": {"side": "sov", "type": "inf", "name": 1, "steps": []}},
    }
    shipped, root = owner_title(tmp_path, {"map.json": owner_map, "counters.json": owner_counters})
    write(shipped, "map.json", shipped_map)
    owner_map_file = str(root / "test" / "map.json")
    owner_counters_file = str(root / "test" / "counters.json")
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=root) == [
        (
            owner_map_file,
            "/hexes/0102/terain",
            "'terain' is not allowed here (did you mean 'terrain'?)",
        ),
        (owner_map_file, "/hexsides/0/features", "expected a list, got 'river'"),
        (owner_counters_file, "/counters/sov-1/name", "expected text, got 1"),
        (owner_counters_file, "/counters/sov-1/steps", "expected at least 1 item, got 0"),
    ]
    # once the schema passes, model problems are located the same way (list index 1 -> owner 1)
    owner_map["hexes"] = {}
    owner_map["hexsides"][0]["features"] = ["river"]
    write(root / "test", "map.json", owner_map)
    write(root / "test", "counters.json", {"kind": "counters"})
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=root) == [
        (owner_map_file, "/hexsides/1/provenance", "a stand-in says what it replaces in 'note'"),
    ]


def test_shipped_problems_stay_with_the_shipped_file_and_all_documents_are_reported(
    tmp_path: Path,
) -> None:
    shipped, root = owner_title(tmp_path, {"map.json": {"kind": "counters"}, "terrain.json": "{"})
    write(shipped, "counters.json", {**counters(), "markers": {"m": {"name": "M", "count": -1}}})
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=root) == [
        (
            str(root / "test" / "map.json"),
            "/kind",
            "expected 'hex-map' (the shipped document's kind), got 'counters'",
        ),
        (str(shipped / "counters.json"), "/markers/m/count", "must be at least 0, got -1"),
        (
            str(root / "test" / "terrain.json"),
            "",
            "invalid JSON at line 1, column 2: expecting property name enclosed in double quotes",
        ),
    ]


def test_owner_file_head_must_match_the_shipped_document(tmp_path: Path) -> None:
    shipped, root = owner_title(
        tmp_path,
        {
            "map.json": {"id": "x"},
            "counters.json": {"kind": "counters", "id": "other"},
            "terrain.json": {"kind": "terrain", "provenance": {"source": "rulebook"}},
        },
    )
    owner = root / "test"
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=root) == [
        (
            str(owner / "map.json"),
            "",
            "missing required field 'kind' (this file overrides a 'hex-map')",
        ),
        (
            str(owner / "counters.json"),
            "/id",
            "expected 'test' (the shipped document's id), got 'other'",
        ),
        (
            str(owner / "terrain.json"),
            "/provenance",
            "a rulebook fact names its rule number in 'rule'",
        ),
    ]


def test_a_stray_owner_file_is_reported_with_a_suggestion(tmp_path: Path) -> None:
    shipped, root = owner_title(
        tmp_path, {"maps.json": {"kind": "hex-map"}, "notes.txt": "my notes"}
    )
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=root) == [
        (
            str(root / "test" / "maps.json"),
            "",
            "not a data document of test (did you mean 'map.json'?); its files are: counters.json, map.json, terrain.json",
        ),
    ]


def test_owner_folder_comes_from_argument_environment_or_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped, root = owner_title(tmp_path, {"map.json": {"kind": "hex-map", "columns": 4}})
    monkeypatch.delenv("WARGAME_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(loader.sys, "platform", "linux")
    assert loader.user_data_dir() == tmp_path / "home" / ".local" / "share" / "wargame"
    assert TitleData(shipped, DOCS, title_id="test").owner_folder is None  # nothing there: fine
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert loader.owner_root() == (tmp_path / "xdg" / "wargame", False)
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert loader.owner_root() == (tmp_path / "home" / ".local" / "share" / "wargame", False)

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "wargame").symlink_to(root)
    assert TitleData(shipped, DOCS, title_id="test").raw["map"]["columns"] == 4
    monkeypatch.setenv("WARGAME_DATA", str(root))
    assert TitleData(shipped, DOCS, title_id="test").owner_folder == root / "test"
    assert TitleData(shipped, DOCS, title_id="test", owner_data=False).raw["map"]["columns"] == 3
    missing = tmp_path / "nowhere"
    assert problems_of(TitleData, shipped, DOCS, title_id="test", owner_dir=missing) == [
        (str(missing), "", "owner data folder not found")
    ]
    monkeypatch.setenv("WARGAME_DATA", str(missing))
    assert problems_of(TitleData, shipped, DOCS, title_id="test") == [
        (str(missing), "", "owner data folder not found")
    ]


def test_title_data_reads_a_packaged_traversable_folder(tmp_path: Path) -> None:
    archive = tmp_path / "title.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("data/map.json", json.dumps(hex_map()))
        z.writestr("data/terrain.json", json.dumps(terrain()))
    folder = zipfile.Path(archive, "data/")
    data = TitleData(
        folder, {"map": "map.json", "terrain": "terrain.json"}, title_id="test", owner_data=False
    )
    assert data.raw["map"] == hex_map()
    with zipfile.ZipFile(archive, "a") as z:
        z.writestr("data/counters.json", "")
    assert problems_of(
        TitleData,
        zipfile.Path(archive, "data/"),
        {"counters": "counters.json"},
        title_id="t",
        owner_data=False,
    ) == [
        (str(zipfile.Path(archive, "data/counters.json")), "", "is empty; expected a JSON document")
    ]


# --------------------------------------------------------------------------- templates


def test_map_template_lists_every_hex_with_its_values_and_provenance() -> None:
    shipped = hex_map()
    shipped["exclude"] = ["0302"]
    tmpl = template("hex-map", shipped)
    assert list(tmpl)[:3] == ["kind", "id", "provenance"]
    assert (
        tmpl["provenance"]["source"] == "owner"
        and "edit values in place" in tmpl["provenance"]["note"]
    )
    assert list(tmpl["hexes"]) == ["0101", "0102", "0201", "0202", "0301"]
    assert tmpl["hexes"]["0101"] == {"terrain": "forest", "provenance": STAND_IN}
    assert tmpl["hexes"]["0102"] == {"terrain": "clear", "provenance": STAND_IN}
    assert tmpl["hexes"]["0202"]["provenance"] == {"source": "rulebook", "rule": "PGG 5.1"}
    assert tmpl["hexsides"][0]["provenance"] == STAND_IN
    assert validate(tmpl) == []
    # an untouched template changes nothing; one edited hex becomes owner data
    assert merge_documents(shipped, tmpl) == shipped
    tmpl["hexes"]["0201"]["terrain"] = "marsh"
    merged = merge_documents(shipped, tmpl)
    assert merged["hexes"]["0201"] == {"terrain": "marsh", "provenance": OWNER}
    assert provenance_counts(merged)["owner"] == 1
    assert validate(merged) == []


def test_map_template_follows_the_numbering_and_playable_area() -> None:
    shipped = {
        "kind": "hex-map",
        "id": "b",
        "provenance": STAND_IN,
        "numbering": {"order": "row-first", "first_column": 0, "first_row": 10},
        "columns": 2,
        "rows": 3,
        "rows_by_column": {"0": [10, 11], "1": [10, 12]},
        "exclude": ["1000"],
    }
    tmpl = template("hex-map", shipped)
    assert list(tmpl["hexes"]) == ["1001", "1100", "1101", "1201"]
    assert validate(tmpl) == []
    assert merge_documents(shipped, tmpl) == shipped


def test_counters_template_lists_every_counter_with_its_faces() -> None:
    tmpl = template("counters", counters())
    assert set(tmpl["counters"]) == {"ger-1", "sov-1"}
    assert [s["values"] for s in tmpl["counters"]["sov-1"]["steps"]] == [
        {"attack": 2},
        {"attack": 1},
    ]
    assert tmpl["counters"]["sov-1"]["provenance"] == STAND_IN
    assert validate(tmpl) == []
    assert merge_documents(counters(), tmpl) == counters()


@pytest.mark.parametrize("kind", sorted(DOCUMENT_MODELS))
def test_a_blank_template_validates(kind: str) -> None:
    tmpl = template(kind)
    assert tmpl["kind"] == kind and tmpl["provenance"]["source"] == "owner"
    assert validate(tmpl, kind=kind) == []


def test_template_rejects_a_document_of_another_kind() -> None:
    with pytest.raises(ValueError, match="expected a 'terrain' document"):
        template("terrain", counters())
    with pytest.raises(ValueError, match="unknown document kind"):
        template("map", None)


def test_template_written_to_disk_round_trips_through_the_owner_folder(tmp_path: Path) -> None:
    shipped, root = owner_title(tmp_path, {})
    tmpl = template("terrain", terrain())
    tmpl["terrain"]["forest"]["move"] = {"*": 3}
    write(root / "test", "terrain.json", tmpl)
    data = TitleData(shipped, DOCS, title_id="test", owner_dir=root)
    assert data.raw["terrain"]["terrain"]["forest"]["move"] == {"*": 3}
    assert data.provenance_report()["terrain"] == {"rulebook": 1, "stand-in": 0, "owner": 1}


# --------------------------------------------------------------------------- properties

TERRAINS = st.sampled_from(["clear", "forest", "marsh", "city"])
PROVENANCES = st.sampled_from([None, STAND_IN, OWNER, {"source": "rulebook", "rule": "X 1"}])


@st.composite
def hex_maps(draw: st.DrawFn) -> dict[str, Any]:
    columns, rows = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    doc: dict[str, Any] = {
        "kind": "hex-map",
        "id": "h",
        "provenance": STAND_IN,
        "numbering": {"digits": [2, 2]},
        "columns": columns,
        "rows": rows,
    }
    ids = hex_ids(doc)
    hexes = {}
    for hid in draw(st.lists(st.sampled_from(ids), unique=True)):
        entry: dict[str, Any] = {"terrain": draw(TERRAINS)}
        provenance = draw(PROVENANCES)
        if provenance is not None:
            entry["provenance"] = provenance
        hexes[hid] = entry
    doc["hexes"] = hexes
    grid = HexGrid.from_document(doc)
    sides = {
        tuple(sorted((a, b)))
        for a in draw(st.lists(st.sampled_from(ids), max_size=3))
        if grid.neighbours(a)
        for b in [draw(st.sampled_from(grid.neighbours(a)))]
    }
    doc["hexsides"] = [{"hexes": list(pair), "features": ["river"]} for pair in sorted(sides)]
    return doc


@settings(max_examples=60, deadline=None)
@given(hex_maps(), st.data())
def test_template_round_trip_on_any_map(shipped: dict[str, Any], data: st.DataObject) -> None:
    tmpl = template("hex-map", shipped)
    assert validate(tmpl) == []
    assert set(tmpl["hexes"]) == set(hex_ids(shipped))
    assert merge_documents(shipped, tmpl) == shipped
    edited = data.draw(st.lists(st.sampled_from(sorted(tmpl["hexes"])), unique=True))
    for hid in edited:
        tmpl["hexes"][hid]["terrain"] = "owner-" + hid
    merged = merge_documents(shipped, tmpl)
    assert validate(merged) == []
    assert {h for h, e in merged["hexes"].items() if e.get("provenance") == OWNER} >= set(edited)
    counts = provenance_counts(merged)
    assert counts["owner"] == provenance_counts(shipped)["owner"] + len(
        [h for h in edited if (shipped["hexes"].get(h) or {}).get("provenance") != OWNER]
    )
