"""JSON from outside (a request body, a save file) read within limits, so no input can crash the
reader: a size, a nesting depth and a number of integer digits, and strings that encode.

Python's own ``json.loads`` recurses once per level (100,000 levels raise ``RecursionError``),
refuses integers of more than 4,300 digits with a ``ValueError`` from deep inside, and turns the
escape ``"\\ud800"`` into a lone surrogate that only fails later, when the text is written out.
:func:`loads` checks all three first and raises :class:`JsonLimitError`, a one-line
:class:`~wargame.errors.WargameError` (the CLI exits 2 on it, the server answers 400 or 413).
"""

from __future__ import annotations

import json
import re
from typing import Any

from wargame.errors import WargameError

MAX_BYTES = 32 * 1024 * 1024
"""A long game's save file is a few megabytes."""
MAX_DEPTH = 64
"""A save's deepest value (a snapshot's unit values) is about 6 levels down."""
MAX_DIGITS = 40
"""Seeds are below 2**63 (19 digits); no number of a game comes near 40 digits."""

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class JsonLimitError(WargameError):
    """JSON that is malformed or beyond a limit; ``too_large`` tells a size refusal (413)."""

    def __init__(self, message: str, too_large: bool = False) -> None:
        super().__init__(message)
        self.too_large = too_large


def depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects, brackets inside strings not counted."""
    deepest = level = 0
    for match in _BRACKETS.finditer(_STRINGS.sub(b'""', raw)):
        if match.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonLimitError(f"an integer of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _constant(text: str) -> Any:
    raise JsonLimitError(f"{text} is not a JSON number")


def _encodable(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_encodable(k) and _encodable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_encodable(v) for v in value)
    return True


def loads(raw: bytes | str, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text within the limits, or raise :class:`JsonLimitError` saying which."""
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError:
            raise JsonLimitError("the text holds a lone surrogate (not UTF-8)") from None
    if len(raw) > max_bytes:
        raise JsonLimitError(f"larger than {max_bytes} bytes", too_large=True)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonLimitError(f"not UTF-8 text (byte {exc.start})") from None
    deepest = depth(raw)
    if deepest > max_depth:
        raise JsonLimitError(f"nested {deepest} levels deep (at most {max_depth})")
    try:
        value = json.loads(text, parse_int=_integer, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonLimitError(
            f"truncated or corrupt JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:  # unreachable after the depth check; kept as a last guard
        raise JsonLimitError(f"nested too deep (at most {max_depth})") from None
    if _SURROGATE_ESCAPE.search(raw) and not _encodable(value):
        raise JsonLimitError('a lone surrogate escape ("\\ud800" and the like) in a string')
    return value
