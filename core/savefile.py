"""Save files: the scenario, the seed and the action list, plus a snapshot and a checksum.

Replay is exact, so a save is also a play-by-email turn file and undo is replay minus one.
Loading replays the actions and checks the result against the snapshot's hash. Writes are atomic:
a crash mid-write never destroys the last good save.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from wargame.actions import IllegalAction
from wargame.errors import UsageError, WargameError
from wargame.match import Match
from wargame.plugins import Registry
from wargame.state import canonical, digest

FORMAT = "wargame-save/1"


class SaveError(WargameError):
    """A save file that cannot be trusted: corrupt, truncated, tampered with, or not replayable."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(f"{path}: {message}")


def data_versions(match: Match) -> dict[str, str]:
    """A hash of every merged data document: a save made on other data may not replay."""
    return {name: digest(doc)[:16] for name, doc in sorted(match.title.data.raw.items())}


def to_dict(match: Match) -> dict[str, Any]:
    body: dict[str, Any] = {
        "format": FORMAT,
        "title": match.title.id,
        "title_version": match.title.manifest.version,
        "data": data_versions(match),
        "scenario": match.scenario_id,
        "seed": match.seed,
        "options": dict(sorted(match.options.items())),
        "actions": list(match.history),
        "snapshot": match.state.to_json(),
        "state_hash": match.state_hash(),
    }
    body["checksum"] = digest(body)
    return body


def _new_file_mode() -> int:
    """The mode ``open()`` gives a new file (0666 less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def save(match: Match, path: Path | str) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over."""
    path = Path(path)
    data = json.dumps(to_dict(match), indent=1, ensure_ascii=False) + "\n"
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror}") from None
    try:
        os.chmod(tmp, _new_file_mode())  # mkstemp's 0600 would survive the rename
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def read(path: Path | str) -> dict[str, Any]:
    """Read and check a save's envelope: JSON, format, fields, checksum."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "no such save file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(path, f"cannot read: {exc}") from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            path,
            f"not a save file (truncated or corrupt JSON at line {exc.lineno}, column {exc.colno})",
        ) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise SaveError(path, f"not a save file (expected format {FORMAT})")
    missing = [
        k
        for k in ("title", "scenario", "seed", "actions", "snapshot", "state_hash", "checksum")
        if k not in body
    ]
    if missing:
        raise SaveError(path, f"save is missing {', '.join(missing)}")
    claimed = body.pop("checksum")
    if digest(body) != claimed:
        raise SaveError(path, "checksum mismatch: the file was changed or damaged")
    body["checksum"] = claimed
    if not isinstance(body["actions"], list) or not all(
        isinstance(a, str) for a in body["actions"]
    ):
        raise SaveError(path, "actions must be a list of strings")
    shapes: dict[str, type] = {
        "title": str,
        "scenario": str,
        "seed": int,
        "state_hash": str,
        "options": dict,
        "data": dict,
    }
    wrong = [
        k
        for k, t in shapes.items()
        if k in body and (not isinstance(body[k], t) or isinstance(body[k], bool))
    ]
    if wrong:
        raise SaveError(path, f"save has a bad {', '.join(wrong)} (hand-edited?)")
    return body


def load(path: Path | str, registry: Registry) -> Match:
    """Load a save by replaying it, and check the replay against the snapshot."""
    body = read(path)
    try:
        title = registry.get(body["title"])
        match = Match(title, body["scenario"], int(body["seed"]), body.get("options") or {})
    except UsageError as exc:
        raise SaveError(path, str(exc)) from None
    changed = [k for k, v in data_versions(match).items() if body.get("data", {}).get(k) != v]
    for number, text in enumerate(body["actions"], 1):
        try:
            match.apply(text)
        except (IllegalAction, UsageError) as exc:
            hint = f" (data changed since the save: {', '.join(changed)})" if changed else ""
            raise SaveError(path, f"action {number} does not replay: {exc}{hint}") from None
    if match.state_hash() != body["state_hash"]:
        raise SaveError(
            path,
            "replay does not reproduce the saved state"
            + (f" (data changed: {', '.join(changed)})" if changed else ""),
        )
    return match


def canonical_bytes(match: Match) -> bytes:
    return canonical(to_dict(match))
