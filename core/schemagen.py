"""Generate the committed JSON Schemas in ``schemas/`` from the pydantic models.

The models in :mod:`wargame.models` are the one source of truth; the schemas are what the loader
validates every data file with (so a person gets a pointer and a plain message, not a pydantic
trace) and what an editor can use to check an owner's transcription as it is typed.

    python -m wargame.schemagen          # (re)write schemas/<kind>.schema.json
    python -m wargame.schemagen --check  # exit 1 and list the stale files

Two changes to pydantic's output, both so the schema is at least as strict as the model:

* ``kind`` is required: a file without one cannot be routed to a schema at all.
* ``dict[Id, X]`` is written by pydantic as ``patternProperties``, which silently skips an entry
  whose key is not an id. The pattern moves into ``propertyNames`` and the value schema into
  ``additionalProperties``, so every entry is validated and a bad key is reported.
* A union chosen by ``kind`` (a combat table's kind) is written by pydantic as ``oneOf``, whose
  errors name every branch. It becomes one ``if kind is X then X's schema`` per branch (a branch
  without a ``kind`` constant takes every other kind), so a bad table gets the messages of its
  own kind only.
"""

from __future__ import annotations

import argparse
import importlib.resources
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wargame.models import DOCUMENT_MODELS, MechanicOptions

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REGENERATE = "python -m wargame.schemagen"
SUFFIX = ".schema.json"


def schema_id(kind: str) -> str:
    """The ``$id`` of a kind's schema: a URN, so nothing pretends to be a fetchable URL."""
    return f"urn:wargame-engine:schema:{kind}"


def file_name(kind: str) -> str:
    return f"{kind}{SUFFIX}"


def _tighten(node: Any) -> Any:
    """Rewrite id-keyed ``patternProperties`` into ``propertyNames`` + ``additionalProperties``."""
    if isinstance(node, list):
        return [_tighten(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _tighten(value) for key, value in node.items()}
    patterns = out.get("patternProperties")
    if (
        isinstance(patterns, dict)
        and len(patterns) == 1
        and "properties" not in out
        and "additionalProperties" not in out
    ):
        ((pattern, value_schema),) = patterns.items()
        del out["patternProperties"]
        out["propertyNames"] = {**out.get("propertyNames", {}), "pattern": pattern}
        out["additionalProperties"] = value_schema
    return out


def _kind_const(branch: Any, defs: dict[str, Any]) -> str | None:
    ref = branch.get("$ref", "") if isinstance(branch, dict) else ""
    target = defs.get(ref.rsplit("/", 1)[-1], {}) if ref.startswith("#/$defs/") else {}
    const = target.get("properties", {}).get("kind", {}).get("const")
    return const if isinstance(const, str) else None


def _by_kind(node: Any, defs: dict[str, Any]) -> Any:
    """Rewrite a ``oneOf`` of models told apart by their ``kind`` into if/then clauses."""
    if isinstance(node, list):
        return [_by_kind(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _by_kind(value, defs) for key, value in node.items()}
    branches = out.get("oneOf")
    if isinstance(branches, list) and all("$ref" in b for b in branches):
        kinds = [_kind_const(b, defs) for b in branches]
        known = [k for k in kinds if k is not None]
        if known and len(known) >= len(kinds) - 1:
            clauses = []
            for branch, kind in zip(branches, kinds, strict=True):
                test = {"const": kind} if kind is not None else {"not": {"enum": known}}
                clauses.append({"if": {"properties": {"kind": test}}, "then": branch})
            del out["oneOf"]
            out.update(type="object", required=["kind"], allOf=clauses)
    return out


def _with_settings(schema: dict[str, Any]) -> dict[str, Any]:
    """The title schema's ``mechanic_options`` as :class:`~wargame.models.MechanicOptions` (the
    model checks them in a validator, so pydantic's schema shows only a dict of dicts): every
    shared mechanic's settings, their defaults and meanings, unknown keys refused."""
    options = MechanicOptions.model_json_schema(mode="validation", by_alias=True)
    defs = schema.setdefault("$defs", {})
    defs.update(options.pop("$defs", {}))
    options.pop("title", None)
    options["additionalProperties"] = {"type": "object"}  # a title's own mechanic's settings
    described = schema["properties"]["mechanic_options"]
    options["description"] = described.get("description", "")
    options["default"] = described.get("default", {})
    defs["MechanicOptions"] = options
    schema["properties"]["mechanic_options"] = {"$ref": "#/$defs/MechanicOptions"}
    return schema


def schema_for(kind: str) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one document kind."""
    model = DOCUMENT_MODELS[kind]
    schema = model.model_json_schema(mode="validation", by_alias=True)
    if kind == "title":
        schema = _with_settings(schema)
    schema = _tighten(schema)
    schema = _by_kind(schema, schema.get("$defs", {}))
    required = schema.setdefault("required", [])
    if "kind" not in required:
        required.insert(0, "kind")
    schema["$schema"] = SCHEMA_DIALECT
    schema["$id"] = schema_id(kind)
    schema["title"] = f"wargame-engine {kind} document ({model.__name__})"
    return dict(schema)


def render(schema: dict[str, Any]) -> str:
    """Stable text: sorted keys, 2-space indent, trailing newline."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def generate() -> dict[str, str]:
    """File name -> file text for every document kind."""
    return {file_name(kind): render(schema_for(kind)) for kind in sorted(DOCUMENT_MODELS)}


def schemas_dir() -> Path:
    """The checkout's ``schemas/`` folder, found through the (editable) ``wargame.schemas``."""
    folder = importlib.resources.files("wargame.schemas")
    path = Path(str(folder))
    if not path.is_dir():
        raise SystemExit(f"wargame.schemas is not a folder on disk ({folder}); use --out")
    return path


def stale(folder: Path, generated: dict[str, str] | None = None) -> list[str]:
    """Names of schema files that differ from the generator's output, are missing or are left
    over from a kind that no longer exists."""
    generated = generate() if generated is None else generated
    names = []
    for name, text in generated.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            names.append(name)
    names += [p.name for p in folder.glob(f"*{SUFFIX}") if p.name not in generated]
    return sorted(names)


def write(folder: Path) -> list[str]:
    """Write every schema whose text changed and remove leftovers; returns what changed."""
    generated = generate()
    changed = stale(folder, generated)
    for name in changed:
        path = folder / name
        if name in generated:
            path.write_text(generated[name], encoding="utf-8", newline="\n")
        else:
            path.unlink()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m wargame.schemagen", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--check", action="store_true", help="list stale files, exit 1 if any")
    parser.add_argument("--out", type=Path, help="folder to write (default: the checkout's)")
    args = parser.parse_args(argv)
    folder: Path = args.out if args.out is not None else schemas_dir()
    if args.check:
        names = stale(folder)
        for name in names:
            print(f"stale: {folder / name}")
        if names:
            print(f"regenerate with: {REGENERATE}")
            return 1
        print(f"{len(DOCUMENT_MODELS)} schemas up to date in {folder}")
        return 0
    for name in write(folder):
        print(f"wrote {folder / name}")
    if args.out is None:  # the author's reference shows the same models: keep it with them
        from wargame import docgen

        docgen.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
