"""The committed JSON Schemas are the generator's output: the models in core/models.py are the one
source of truth (README, Architecture)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from wargame import schemagen
from wargame.models import DOCUMENT_MODELS

COMMITTED = Path(__file__).resolve().parents[1] / "schemas"


def test_committed_schemas_match_the_models() -> None:
    stale = schemagen.stale(COMMITTED)
    assert not stale, (
        f"stale schema files in {COMMITTED}: {', '.join(stale)}; "
        f"regenerate with: {schemagen.REGENERATE}"
    )


@pytest.mark.parametrize("kind", sorted(DOCUMENT_MODELS))
def test_schema_is_a_valid_draft_2020_12_schema_with_id_and_title(kind: str) -> None:
    schema = schemagen.schema_for(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:wargame-engine:schema:{kind}"
    assert kind in schema["title"]
    assert "kind" in schema["required"]
    assert schema["properties"]["kind"]["const"] == kind


def test_rendering_is_stable_sorted_two_space_indented_with_trailing_newline() -> None:
    for name, text in schemagen.generate().items():
        assert text.endswith("}\n") and not text.endswith("\n\n"), name
        assert text.splitlines()[1].startswith('  "'), name
        assert schemagen.render(json.loads(text)) == text, name
    assert schemagen.generate() == schemagen.generate()


def test_id_keyed_collections_check_every_key_and_every_entry() -> None:
    """pydantic's patternProperties would skip an entry whose key is not an id."""
    hexes = schemagen.schema_for("hex-map")["properties"]["hexes"]
    assert "patternProperties" not in hexes
    assert hexes["propertyNames"]["pattern"].startswith("^[A-Za-z0-9]")
    assert hexes["additionalProperties"] == {"$ref": "#/$defs/HexSpec"}
    validator = jsonschema.Draft202012Validator(schemagen.schema_for("hex-map"))
    bad = {"hexes": {"not an id": {"terain": "x"}}}
    messages = [e.validator for e in validator.iter_errors(bad)]
    assert "pattern" in messages  # the key
    assert "additionalProperties" in messages  # the entry behind it


def test_check_lists_stale_files_and_the_command_then_write_fixes_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "gone.schema.json").write_text("{}\n")
    (tmp_path / "hex-map.schema.json").write_text("{}\n")
    assert schemagen.main(["--check", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    for kind in DOCUMENT_MODELS:
        assert f"stale: {tmp_path / f'{kind}.schema.json'}" in out
    assert f"stale: {tmp_path / 'gone.schema.json'}" in out
    assert "python -m wargame.schemagen" in out

    assert schemagen.main(["--out", str(tmp_path)]) == 0
    assert not (tmp_path / "gone.schema.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(schemagen.generate())
    assert schemagen.main(["--check", "--out", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out


def test_default_folder_is_the_installed_wargame_schemas_package() -> None:
    folder = schemagen.schemas_dir()
    assert (folder / "__init__.py").is_file()
    assert {p.name for p in folder.glob("*.schema.json")} == set(schemagen.generate())
