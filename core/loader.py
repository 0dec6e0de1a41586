"""From a JSON file on disk to a validated data document, with owner data merged over it.

Every file is checked by its pydantic model in strict mode (a number in quotes is an error, not
a number): fast, and enough when the file is valid. Only when it is not, the committed JSON
Schema of its ``kind`` words the problems (so a person gets the JSON pointer of the offending
value and a plain message), then, when the schema finds nothing, the model (its validators, e.g.
provenance completeness, are not expressible in the schema). jsonschema is imported only then. Problems are collected, never raised one at a time: a
transcriber fixing a map wants every mistake in one run.

Owner data (the README's Data policy): a folder ``<owner>/<title-id>/`` may hold any of a title's documents,
whole or in part, under the same file names as the shipped ones. Each is merged over the shipped
document entry by entry (:func:`merge_documents`) and the merged document is validated, with
problems in owner entries reported against the owner's file.
"""

from __future__ import annotations

import copy
import difflib
import functools
import importlib.resources
import json
import math
import os
import re
import sys
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

import pydantic

from wargame.errors import DataError, Problem, pointer
from wargame.hexgrid import HexGrid, HexNumbering
from wargame.models import DOCUMENT_MODELS, Document, Entry, Provenance

if TYPE_CHECKING:  # jsonschema is imported only to word a problem pydantic found
    import jsonschema
    from jsonschema.exceptions import ValidationError

Source = str | os.PathLike[str] | Traversable
"""A file: a path, or a Traversable from importlib.resources (a title's packaged data)."""

JsonPath = tuple[str | int, ...]
Locate = Callable[[JsonPath], tuple[str, JsonPath]]
"""Maps a path in a (merged) document to the file and path it came from."""

SOURCES: tuple[str, ...] = ("rulebook", "stand-in", "owner")
OWNER: dict[str, str] = {"source": "owner"}
ENV_DATA_DIR = "WARGAME_DATA"
APP_NAME = "wargame"

# --------------------------------------------------------------------------- entry collections


def _sorted_pair(field: str) -> Callable[[Any], Hashable | None]:
    def key(entry: Any) -> Hashable | None:
        pair = entry.get(field) if isinstance(entry, dict) else None
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair):
            return tuple(sorted(pair))
        return None

    return key


def _line_key(entry: Any) -> Hashable | None:
    if isinstance(entry, dict) and isinstance(entry.get("kind"), str):
        name = entry.get("name")
        return (entry["kind"], name if isinstance(name, str) else None)
    return None


LIST_KEYS: dict[str, Callable[[Any], Hashable | None]] = {
    "hexsides": _sorted_pair("hexes"),  # hex-map: a hexside is its (unordered) pair of hexes
    "links": _sorted_pair("points"),  # network-map: a link is its (unordered) pair of points
    "lines": _line_key,  # hex-map: a road or railway is its kind and name
}
"""How entries of a list collection are matched between shipped and owner data."""


def _is_entry_type(tp: Any) -> bool:
    """An entry model, or a union of them (a combat table, told apart by its kind)."""
    if get_origin(tp) is Annotated:
        return _is_entry_type(get_args(tp)[0])
    if get_origin(tp) in (Union, UnionType):
        return all(_is_entry_type(arg) for arg in get_args(tp))
    return isinstance(tp, type) and issubclass(tp, Entry)


@functools.cache
def entry_collections(kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(dict collections, list collections) of a document kind, by their JSON names.

    Read from the models so a new collection merges and counts without a change here: a
    top-level ``dict[Id, <Entry>]`` (or ``dict[Id, dict]``, a table's free-form entries) or
    ``list[<Entry>]`` field. Unknown kinds have none.
    """
    model = DOCUMENT_MODELS.get(kind)
    if model is None:
        return (), ()
    dicts: list[str] = []
    lists: list[str] = []
    for name, field in model.model_fields.items():
        json_name = field.alias or name
        origin, args = get_origin(field.annotation), get_args(field.annotation)
        if origin is dict and (_is_entry_type(args[1]) or get_origin(args[1]) is dict):
            dicts.append(json_name)
        elif origin is list and _is_entry_type(args[0]):
            lists.append(json_name)
    return tuple(dicts), tuple(lists)


def _entries(doc: Mapping[str, Any]) -> Iterator[tuple[JsonPath, Any]]:
    """Every (path, entry) of a document's entry collections."""
    kind = doc.get("kind")
    dicts, lists = entry_collections(kind if isinstance(kind, str) else "")
    for name in dicts:
        collection = doc.get(name)
        if isinstance(collection, dict):
            for key, entry in collection.items():
                yield (name, key), entry
    for name in lists:
        collection = doc.get(name)
        if isinstance(collection, list):
            for index, entry in enumerate(collection):
                yield (name, index), entry


# --------------------------------------------------------------------------- reading JSON


def _traversable(path: Source) -> Traversable:
    return path if isinstance(path, Traversable) else Path(os.fspath(path))


def _position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a byte offset."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    column = len(raw[line_start:offset].decode("utf-8", errors="replace")) + 1
    return raw.count(b"\n", 0, offset) + 1, column


def parse_json(raw: bytes, file: str) -> tuple[Any, list[Problem]]:
    """Decode and parse the bytes of one file. Beyond the JSON grammar, rejects duplicate keys
    (``json`` would silently keep the last: a hazard when typing in a map by hand) and NaN or
    Infinity (which Python reads but JSON does not have)."""

    def whole(message: str) -> tuple[Any, list[Problem]]:
        return None, [Problem(file, "", message)]

    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return whole("is UTF-16 text; save it as UTF-8")
    if b"\x00" in raw:
        return whole("is a binary file, not JSON text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, column = _position(raw, exc.start)
        return whole(
            f"is not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line}, column {column}"
            " (save the file as UTF-8)"
        )
    if not text.strip():
        return whole("is empty; expected a JSON document")

    duplicates: dict[int, list[str]] = {}
    constants: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) < len(items):
            seen: set[str] = set()
            twice: dict[str, None] = {}
            for key, _ in items:
                if key in seen:
                    twice[key] = None
                seen.add(key)
            duplicates[id(obj)] = list(twice)
        return obj

    def constant(name: str) -> float:
        constants.append(name)
        return float(name)

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as exc:
        message = exc.msg[:1].lower() + exc.msg[1:]
        return whole(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {message}")
    except RecursionError:
        return whole("invalid JSON: nested too deeply")
    problems: list[Problem] = []
    if duplicates or constants:
        for path, value in _walk(data, ()):
            if isinstance(value, dict):
                for key in duplicates.get(id(value), ()):
                    problems.append(
                        Problem(
                            file,
                            pointer((*path, key)),
                            f"'{key}' appears more than once in this object (keep one)",
                        )
                    )
            elif isinstance(value, float) and not math.isfinite(value):
                problems.append(Problem(file, pointer(path), "NaN and Infinity are not JSON"))
    return data, problems


def _walk(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))


def read_json(path: Source) -> tuple[Any, list[Problem]]:
    """The parsed content of a file and the problems found reading it (data is None if any
    problem stops the parse)."""
    file = str(path)
    node = _traversable(path)
    try:
        if node.is_dir():
            return None, [Problem(file, "", "is a folder, not a JSON file")]
        if not node.is_file():
            return None, [Problem(file, "", "file not found")]
        raw = node.read_bytes()
    except PermissionError:
        return None, [Problem(file, "", "cannot read: permission denied")]
    except OSError as exc:
        return None, [Problem(file, "", f"cannot read: {exc.strerror or exc}")]
    return parse_json(raw, file)


def load_json(path: Source) -> Any:
    """Parse a JSON file; raises :class:`DataError` with one-line problems."""
    data, problems = read_json(path)
    if problems:
        raise DataError(problems)
    return data


# --------------------------------------------------------------------------- messages


ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$"
ID_RULE = "letters, digits and _ . : / + - only, starting with a letter or digit, no spaces"

_TYPE_WORDS = {
    "number": "a number",
    "integer": "a whole number",
    "string": "text",
    "object": "an object",
    "array": "a list",
    "boolean": "true or false",
    "null": "null",
}


def _show(value: Any) -> str:
    """A value as a person reads it in a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    return repr(value)


def _types(expected: Any) -> str:
    names = expected if isinstance(expected, list) else [expected]
    return " or ".join(_TYPE_WORDS.get(str(name), str(name)) for name in names)


def _suggest(word: Any, candidates: Collection[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


suggest = _suggest
"""`` (did you mean 'x'?)`` for a word close to one of the candidates, else ''."""


def _numeric_hint(value: Any, expected: Any) -> str:
    names = expected if isinstance(expected, list) else [expected]
    if isinstance(value, str) and {"number", "integer"} & set(names):
        try:
            float(value)
        except ValueError:
            return ""
        return " (a number in quotes: remove the quotes)"
    return ""


def _path_key(path: Sequence[str | int]) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in path)


class _Explainer:
    """Turns jsonschema errors into (path, message) pairs a person understands."""

    def __init__(self) -> None:
        self.done: set[tuple[JsonPath, str]] = set()

    def explain(self, error: ValidationError) -> list[tuple[JsonPath, str]]:
        path: JsonPath = tuple(error.absolute_path)
        keyword = error.validator
        instance = error.instance
        schema = error.schema if isinstance(error.schema, dict) else {}
        if keyword in ("anyOf", "oneOf") and error.context:
            return self._union(error)
        if "propertyNames" in error.relative_schema_path:
            return [(path + (str(instance),), self._key_message(keyword, error))]
        if keyword == "additionalProperties" and isinstance(instance, dict):
            allowed = list(schema.get("properties", {}))
            patterns = list(schema.get("patternProperties", {}))
            extras = [
                k
                for k in instance
                if k not in allowed and not any(re.search(p, k) for p in patterns)
            ]
            return [
                (path + (k,), f"'{k}' is not allowed here{_suggest(k, allowed)}") for k in extras
            ]
        if keyword == "required" and isinstance(instance, dict):
            if (path, "required") in self.done:
                return []
            self.done.add((path, "required"))
            required = error.validator_value if isinstance(error.validator_value, list) else []
            return [
                (path, f"missing required field '{name}'")
                for name in required
                if name not in instance
            ]
        return [(path, self._message(keyword, error))]

    def _key_message(self, keyword: Any, error: ValidationError) -> str:
        key = _show(error.instance)
        if keyword == "pattern" and error.validator_value == ID_PATTERN:
            return f"{key} is not a valid id ({ID_RULE})"
        if keyword == "maxLength":
            return f"{key} is too long for a key (at most {error.validator_value} characters)"
        return f"{key} is not allowed as a key here: {error.message}"

    def _message(self, keyword: Any, error: ValidationError) -> str:
        value, instance = error.validator_value, error.instance
        got = _show(instance)
        if keyword == "type":
            return f"expected {_types(value)}, got {got}{_numeric_hint(instance, value)}"
        if keyword == "const":
            return f"expected {_show(value)}, got {got}"
        if keyword == "enum":
            choices = ", ".join(_show(v) for v in value)
            strings = [v for v in value if isinstance(v, str)]
            return f"expected one of {choices}, got {got}{_suggest(instance, strings)}"
        if keyword == "pattern":
            if value == ID_PATTERN:
                return f"{got} is not a valid id ({ID_RULE})"
            return f"{got} does not match the pattern {value}"
        if keyword in ("minItems", "maxItems") and isinstance(instance, list):
            schema = error.schema if isinstance(error.schema, dict) else {}
            if schema.get("minItems") == schema.get("maxItems"):
                return f"expected exactly {value} items, got {len(instance)}"
            if keyword == "minItems":
                return f"expected at least {value} item{'s' * (value != 1)}, got {len(instance)}"
            return f"expected at most {value} items, got {len(instance)}"
        bounds = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }
        if keyword in bounds:
            return f"must be {bounds[str(keyword)]} {_show(value)}, got {got}"
        if keyword == "minLength":
            return f"must be at least {value} characters long, got {got}"
        if keyword == "maxLength":
            return f"must be at most {value} characters long, got {got}"
        if keyword == "uniqueItems":
            return "has the same item more than once"
        return error.message

    def _union(self, error: ValidationError) -> list[tuple[JsonPath, str]]:
        """An ``X | None`` (or other union): explain the branch the value was meant for."""
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context or ():
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [
            subs
            for subs in branches.values()
            if not all(s.validator in ("type", "const") and not s.relative_path for s in subs)
        ]
        if len(fitting) == 1:
            out: list[tuple[JsonPath, str]] = []
            for sub in sorted(fitting[0], key=lambda s: _path_key(s.absolute_path)):
                out += self.explain(sub)
            return out
        if not fitting:
            wanted: list[str] = []
            for subs in branches.values():
                for sub in subs:
                    word = (
                        _types(sub.validator_value)
                        if sub.validator == "type"
                        else _show(sub.validator_value)
                    )
                    if word not in wanted:
                        wanted.append(word)
            got = _show(error.instance)
            return [(tuple(error.absolute_path), f"expected {' or '.join(wanted)}, got {got}")]
        from jsonschema.exceptions import best_match

        best = best_match(error.context or ())
        return (
            self.explain(best)
            if best is not None
            else [(tuple(error.absolute_path), error.message)]
        )


def _pydantic_message(err: Mapping[str, Any]) -> str:
    message = str(err.get("msg", "invalid value"))
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            message = message[len(prefix) :]
    return message


# --------------------------------------------------------------------------- validation


@functools.cache
def _validator(kind: str) -> jsonschema.protocols.Validator:
    import jsonschema

    text = (importlib.resources.files("wargame.schemas") / f"{kind}.schema.json").read_text(
        encoding="utf-8"
    )
    schema = json.loads(text)
    return jsonschema.Draft202012Validator(schema)


def _schema_problems(data: Any, kind: str) -> list[tuple[JsonPath, str]]:
    explainer = _Explainer()
    found: list[tuple[JsonPath, str]] = []
    for error in _validator(kind).iter_errors(data):
        for item in explainer.explain(error):
            if item not in found:
                found.append(item)
    return sorted(found, key=lambda item: _path_key(item[0]))


def _expected_phrase(kinds: Collection[str]) -> str:
    return " or ".join(f"'{k}'" for k in sorted(kinds))


def check_document(
    data: Any,
    kinds: Collection[str] | None = None,
    file: str = "<data>",
    *,
    slot: str | None = None,
    locate: Locate | None = None,
) -> tuple[Document | None, list[Problem]]:
    """Validate a parsed document: the model (None when there are problems) and the problems.

    ``kinds`` are the kinds acceptable here (None: any known kind); ``slot`` names the title's
    document for messages; ``locate`` maps a path to the file it came from (owner merges).
    """

    def where(path: JsonPath) -> tuple[str, JsonPath]:
        return locate(path) if locate is not None else (file, path)

    def problem(path: JsonPath, message: str) -> Problem:
        source, source_path = where(path)
        return Problem(source, pointer(source_path), message)

    known = ", ".join(sorted(DOCUMENT_MODELS))
    if kinds is not None and (unknown := [k for k in kinds if k not in DOCUMENT_MODELS]):
        return None, [Problem(file, "", f"unknown document kind '{unknown[0]}' (known: {known})")]
    if not isinstance(data, dict):
        return None, [Problem(file, "", f"expected an object (a data document), got {_show(data)}")]
    if "kind" not in data:
        wanted = _expected_phrase(kinds) if kinds else f"one of {known}"
        return None, [problem((), f"missing required field 'kind' ({wanted})")]
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in DOCUMENT_MODELS:
        hint = _suggest(kind, DOCUMENT_MODELS)
        return None, [
            problem(("kind",), f"unknown document kind {_show(kind)}{hint}; known: {known}")
        ]
    if kinds is not None and kind not in kinds:
        holder = f"document '{slot}'" if slot else "this file"
        message = f"{holder} must be a {_expected_phrase(kinds)} document, got '{kind}'"
        return None, [problem(("kind",), message)]
    try:  # the fast path: a valid document is checked by pydantic alone
        return DOCUMENT_MODELS[kind].model_validate_json(json.dumps(data), strict=True), []
    except (pydantic.ValidationError, TypeError, ValueError):
        pass  # worded below, as before: the schema's messages, then the model's
    try:
        found = _schema_problems(data, kind)
    except FileNotFoundError:
        regen = "python -m wargame.schemagen"
        return None, [Problem(file, "", f"no schema installed for kind '{kind}' (run {regen})")]
    if found:
        return None, [problem(path, message) for path, message in found]
    try:
        model = DOCUMENT_MODELS[kind].model_validate(data)
    except pydantic.ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            message = _pydantic_message(err)
            if loc and loc[-1] == "[key]":
                loc, message = loc[:-1], f"bad key: {message}"
            problems.append(problem(loc, message))
        return None, problems
    return model, []


def validate(data: Any, kind: str | None = None, file: str = "<data>") -> list[Problem]:
    """Every problem of a parsed document (none: it is valid). ``kind``: the kind it must be."""
    return check_document(data, None if kind is None else (kind,), file)[1]


def parse_document(data: Any, kind: str | None = None, file: str = "<data>") -> Document:
    """The validated model of a parsed document; raises :class:`DataError`."""
    model, problems = check_document(data, None if kind is None else (kind,), file)
    if model is None:
        raise DataError(problems)
    return model


def load_document(path: Source, kind: str | None = None) -> Document:
    """Read, parse and validate one data file; raises :class:`DataError`."""
    return parse_document(load_json(path), kind, str(path))


# --------------------------------------------------------------------------- owner merge


def _body(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k != "provenance"}


def _implicit_entry(doc: Mapping[str, Any], collection: str) -> dict[str, Any] | None:
    """What an entry absent from the shipped data amounts to (a map template lists every hex)."""
    if doc.get("kind") == "hex-map" and collection == "hexes":
        return {"terrain": doc.get("default_terrain", "clear")}
    return None


def _merge_entry(
    entry: Any, shipped: Any, implicit: dict[str, Any] | None, doc_provenance: Any
) -> Any | None:
    """The entry to put in the merged document, or None when the owner's entry changes
    nothing.

    Provenance copied unchanged from the shipped entry (as the template writes it) is no claim:
    the entry becomes owner data only if its values differ. Absent provenance means owner; any
    other provenance the owner wrote is kept as written.
    """
    if not isinstance(entry, dict):
        return copy.deepcopy(entry)
    entry = copy.deepcopy(entry)
    provenance = entry.get("provenance")
    if provenance is None:
        entry["provenance"] = dict(OWNER)
        return entry
    baseline = shipped if isinstance(shipped, dict) else implicit
    shipped_provenance = (baseline or {}).get("provenance") or doc_provenance
    if provenance == shipped_provenance:
        if baseline is not None and _body(entry) == _body(baseline):
            return None
        entry["provenance"] = dict(OWNER)
    return entry


def _merge(
    shipped: Mapping[str, Any], owner: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[JsonPath, JsonPath]]:
    """The merged document and where its owner parts came from (merged path -> owner path)."""
    merged = copy.deepcopy(dict(shipped))
    origins: dict[JsonPath, JsonPath] = {}
    kind = shipped.get("kind")
    dicts, lists = entry_collections(kind if isinstance(kind, str) else "")
    doc_provenance = shipped.get("provenance")
    for name, value in owner.items():
        if name in ("kind", "id", "provenance"):
            continue  # the merged document is the shipped one; its head stays
        target = merged.get(name)
        if name in dicts and isinstance(value, dict) and isinstance(target, dict | None):
            entries: dict[str, Any] = {} if target is None else target
            implicit = _implicit_entry(shipped, name)
            for key, entry in value.items():
                result = _merge_entry(entry, entries.get(key), implicit, doc_provenance)
                if result is not None:
                    entries[key] = result
                    origins[(name, key)] = (name, key)
            if entries or target is not None:
                merged[name] = entries
        elif name in lists and isinstance(value, list) and isinstance(target, list | None):
            items: list[Any] = [] if target is None else target
            key_of = LIST_KEYS.get(name, lambda _: None)
            index = {k: i for i, e in enumerate(items) if (k := key_of(e)) is not None}
            for position, entry in enumerate(value):
                key = key_of(entry)
                at = index.get(key) if key is not None else None
                shipped_entry = items[at] if at is not None else None
                result = _merge_entry(entry, shipped_entry, None, doc_provenance)
                if result is None:
                    continue
                if at is None:
                    at = len(items)
                    items.append(result)
                    if key is not None:
                        index[key] = at
                else:
                    items[at] = result
                origins[(name, at)] = (name, position)
            if items or target is not None:
                merged[name] = items
        else:
            merged[name] = copy.deepcopy(value)
            origins[(name,)] = (name,)
    return merged, origins


def merge_documents(shipped: dict[str, Any], owner: dict[str, Any]) -> dict[str, Any]:
    """An owner's (possibly partial) document merged over the shipped one, entry by entry.

    In every entry collection (dicts keyed by id; hexsides, links and lines keyed by their hex or
    point pair or kind and name) the owner's entry replaces the shipped one with the same key or
    is added; any other field the owner gives replaces the shipped value whole. The merged
    document keeps the shipped ``kind``, ``id`` and ``provenance``. Owner entries without
    provenance get ``{"source": "owner"}``; an entry the owner left exactly as shipped (values
    and provenance, as a template lists it) changes nothing. Neither input is modified.
    """
    return _merge(shipped, owner)[0]


def _locator(shipped_file: str, owner_file: str, origins: Mapping[JsonPath, JsonPath]) -> Locate:
    def locate(path: JsonPath) -> tuple[str, JsonPath]:
        for cut in range(len(path), 0, -1):
            source = origins.get(path[:cut])
            if source is not None:
                return owner_file, source + path[cut:]
        return shipped_file, path

    return locate


def _owner_head(owner: Any, shipped: Mapping[str, Any], file: str) -> list[Problem]:
    """Problems of an owner file that stop it being merged at all."""
    if not isinstance(owner, dict):
        return [Problem(file, "", f"expected an object (a data document), got {_show(owner)}")]
    kind = shipped.get("kind")
    if "kind" not in owner:
        return [
            Problem(file, "", f"missing required field 'kind' (this file overrides a '{kind}')")
        ]
    if owner["kind"] != kind:
        return [
            Problem(
                file,
                "/kind",
                f"expected '{kind}' (the shipped document's kind), got {_show(owner['kind'])}",
            )
        ]
    if "id" in owner and owner["id"] != shipped.get("id"):
        message = (
            f"expected '{shipped.get('id')}' (the shipped document's id), got {_show(owner['id'])}"
        )
        return [Problem(file, "/id", message)]
    if "provenance" in owner:
        return _provenance_problems(owner["provenance"], str(kind), file)
    return []


def _provenance_problems(value: Any, kind: str, file: str) -> list[Problem]:
    """Check a document provenance on its own (an owner file's, which is not merged)."""
    import jsonschema

    defs = _validator(kind).schema.get("$defs", {})
    validator = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/Provenance"})
    explainer = _Explainer()
    found = [item for error in validator.iter_errors(value) for item in explainer.explain(error)]
    if not found:
        try:
            Provenance.model_validate(value)
        except pydantic.ValidationError as exc:
            found = [(tuple(e["loc"]), _pydantic_message(e)) for e in exc.errors(include_url=False)]
    return [Problem(file, pointer(("provenance", *path)), message) for path, message in found]


# --------------------------------------------------------------------------- owner folder


def user_data_dir() -> Path:
    """The platform's per-user data folder for the engine (XDG on Linux and other Unixes)."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / APP_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base_dir = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base_dir / APP_NAME


def owner_root(data_dir: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """The owner data folder and whether the user named it (``--data-dir`` or WARGAME_DATA),
    in which case its absence is an error rather than 'no owner data'."""
    if data_dir is not None and os.fspath(data_dir) != "":
        return Path(data_dir).expanduser(), True
    env = os.environ.get(ENV_DATA_DIR, "")
    if env:
        return Path(env).expanduser(), True
    return user_data_dir(), False


# --------------------------------------------------------------------------- a title's data


def expected_kinds(name: str, topology: str | None = None) -> frozenset[str] | None:
    """The kinds a title document may be, from its name: a kind's own name ("terrain"), a kind
    and a suffix ("scenario:road-back", "table:vp"), or "map" (the topology's map kind).
    Any other name may hold any kind."""
    if name == "map":
        if topology in ("hex", "network"):
            return frozenset({f"{topology}-map"})
        return frozenset({"hex-map", "network-map"})
    head = name.split(":", 1)[0]
    return frozenset({head}) if head in DOCUMENT_MODELS else None


class TitleData:
    """A title's data documents, shipped and owner data merged, validated as a whole.

    ``raw`` holds the merged plain dicts (hot paths build their arrays from these), ``models``
    the validated pydantic documents, both keyed by document name in manifest order. Every
    problem of every document is collected before one :class:`DataError` is raised.
    """

    def __init__(
        self,
        folder: Source,
        documents: Mapping[str, str],
        *,
        title_id: str,
        owner_dir: str | os.PathLike[str] | None = None,
        owner_data: bool = True,
        topology: Literal["hex", "network"] | None = None,
        kinds: Mapping[str, Collection[str]] | None = None,
    ) -> None:
        self.title_id = title_id
        self.folder: Traversable = _traversable(folder)
        self.documents: dict[str, str] = dict(documents)
        self.raw: dict[str, dict[str, Any]] = {}
        self.models: dict[str, Document] = {}
        self.owner_files: dict[str, Path] = {}
        self.owner_folder: Path | None = None
        problems: list[Problem] = []
        if owner_data:
            root, named = owner_root(owner_dir)
            if named and not root.is_dir():
                what = "is not a folder" if root.exists() else "not found"
                problems.append(Problem(str(root), "", f"owner data folder {what}"))
            elif (root / title_id).is_dir():
                self.owner_folder = root / title_id
                problems += self._strays(self.owner_folder)
        for name, file_name in self.documents.items():
            wanted = (kinds or {}).get(name) or expected_kinds(name, topology)
            problems += self._load(name, file_name, wanted)
        if problems:
            raise DataError(problems)

    def _strays(self, folder: Path) -> list[Problem]:
        """JSON files in the owner folder that no document of the title reads: most likely a
        misnamed transcription that would otherwise be silently ignored."""
        names = {PurePosixPath(f).as_posix() for f in self.documents.values()}
        problems = []
        for path in sorted(folder.rglob("*.json")):
            relative = path.relative_to(folder).as_posix()
            if relative not in names:
                hint = _suggest(relative, names)
                known = ", ".join(sorted(names))
                message = f"not a data document of {self.title_id}{hint}; its files are: {known}"
                problems.append(Problem(str(path), "", message))
        return problems

    def _load(self, name: str, file_name: str, kinds: Collection[str] | None) -> list[Problem]:
        source = self.folder / file_name
        shipped_file = str(source)
        data, problems = read_json(source)
        if problems:
            return problems
        model, problems = check_document(data, kinds, shipped_file, slot=name)
        if model is None:
            return problems
        owner_path = self.owner_folder / file_name if self.owner_folder is not None else None
        if owner_path is not None and owner_path.exists():
            owner_file = str(owner_path)
            owner, problems = read_json(owner_path)
            if problems:
                return problems
            problems = _owner_head(owner, data, owner_file)
            if problems:
                return problems
            data, origins = _merge(data, owner)
            locate = _locator(shipped_file, owner_file, origins)
            model, problems = check_document(
                data, (data["kind"],), shipped_file, slot=name, locate=locate
            )
            if model is None:
                return problems
            self.owner_files[name] = owner_path
        self.raw[name] = data
        self.models[name] = model
        return []

    def provenance_report(self) -> dict[str, dict[str, int]]:
        """Document name -> entries counted by provenance (what ``wargame info`` shows)."""
        return {name: provenance_counts(doc) for name, doc in self.raw.items()}


# --------------------------------------------------------------------------- provenance


def provenance_counts(doc: Mapping[str, Any]) -> dict[str, int]:
    """Entries of a document counted as rulebook / stand-in / owner; an entry without its own
    provenance inherits the document's."""
    counts = dict.fromkeys(SOURCES, 0)
    head = doc.get("provenance")
    default = head.get("source") if isinstance(head, dict) else None
    for _, entry in _entries(doc):
        own = entry.get("provenance") if isinstance(entry, dict) else None
        source = own.get("source") if isinstance(own, dict) else default
        if source in counts:
            counts[source] += 1
    return counts


# --------------------------------------------------------------------------- templates


TEMPLATE_NOTE = (
    "Template for an owner's transcription: edit values in place and save this file under the "
    "same file name in <owner data folder>/<title id>/. An entry you change becomes owner data; "
    "an entry you leave exactly as it is keeps its provenance (delete the ones you do not need). "
    'To confirm an unchanged value from your copy, set its provenance to {"source": "owner"}.'
)


def hex_ids(doc: Mapping[str, Any]) -> list[str]:
    """The printed ids of a hex map's playable area, as :class:`~wargame.hexgrid.HexGrid`
    reads it (only the area: a template must list every hex even if a road is broken)."""
    grid = HexGrid(
        HexNumbering.from_mapping(doc.get("numbering") or {}),
        columns=doc.get("columns"),
        rows=doc.get("rows"),
        exclude=doc.get("exclude") or (),
        rows_by_column=doc.get("rows_by_column"),
        map_id=str(doc.get("id", "")),
    )
    return list(grid.hexes())


def _skeleton(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Any:
    """The smallest instance of a schema an owner can fill in: required fields with
    placeholders, fields with a default shown at their default."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return _skeleton(defs[ref.rsplit("/", 1)[-1]], defs)
    if "const" in schema:
        return schema["const"]
    if schema.get("default") is not None:
        return copy.deepcopy(schema["default"])
    if "anyOf" in schema:
        branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
        return _skeleton(branches[0], defs) if branches else None
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        required = schema.get("required", [])
        return {
            name: _skeleton(sub, defs)
            for name, sub in schema.get("properties", {}).items()
            if name in required or sub.get("default") is not None
        }
    if kind == "array":
        if "prefixItems" in schema:
            return [_skeleton(sub, defs) for sub in schema["prefixItems"]]
        return [_skeleton(schema.get("items", {}), defs) for _ in range(schema.get("minItems", 0))]
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0) + 1)
        return max(1, int(low))
    if kind == "boolean":
        return False
    if kind == "string":
        return "TODO"
    return None


def template(kind: str, current: dict[str, Any] | None = None) -> dict[str, Any]:
    """A skeleton of a document for an owner to fill in, which validates as it stands.

    With the current (merged) document: every entry with its values and its provenance made
    explicit, so an owner edits values in place and :func:`merge_documents` can tell a changed
    entry (owner data) from one left alone; a hex map lists every playable hex, the ones the
    data leaves at the default terrain included. Without: the kind's required fields with
    placeholders. The instructions go in the document's provenance note (the schemas allow no
    other place).
    """
    if kind not in DOCUMENT_MODELS:
        raise ValueError(f"unknown document kind {kind!r}")
    if current is None:
        schema = _validator(kind).schema
        doc: dict[str, Any] = _skeleton(schema, schema.get("$defs", {}))
    else:
        if current.get("kind") != kind:
            raise ValueError(f"expected a {kind!r} document, got {current.get('kind')!r}")
        doc = copy.deepcopy(current)
        head = doc.get("provenance")
        for _, entry in _entries(doc):
            if isinstance(entry, dict) and entry.get("provenance") is None:
                entry["provenance"] = copy.deepcopy(head)
        if kind == "hex-map":
            listed = doc.get("hexes") or {}
            default = {"terrain": doc.get("default_terrain", "clear"), "provenance": head}
            hexes = {hid: listed.get(hid) or copy.deepcopy(default) for hid in hex_ids(doc)}
            hexes.update((hid, spec) for hid, spec in listed.items() if hid not in hexes)
            doc["hexes"] = hexes
    doc["provenance"] = {"source": "owner", "note": TEMPLATE_NOTE}
    head_first = [k for k in ("kind", "id", "provenance") if k in doc]
    return {k: doc[k] for k in [*head_first, *(k for k in doc if k not in head_first)]}
