"""Save files: the scenario, the seed and the action list, plus a snapshot and a checksum.

Replay is exact, so a save is also a play-by-email turn file and undo is replay minus one.
Loading replays the actions and checks the result against the snapshot's hash. Writes are atomic:
a crash mid-write never destroys the last good save, and the temporary file a killed write leaves
is removed by the next write. A command that reads, changes and writes a save holds the lock of
its folder (:func:`locked`) throughout, so two commands on one save take turns and neither loses an action.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not POSIX: saves are not locked
    fcntl = None  # type: ignore[assignment]

from wargame.actions import IllegalAction
from wargame.errors import UsageError, WargameError
from wargame.match import Match
from wargame.plugins import Registry
from wargame.safejson import MAX_BYTES, JsonLimitError, loads
from wargame.state import canonical, digest

FORMAT = "wargame-save/1"
SEED_LIMIT = 2**63


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


_held = threading.local()
"""The saves this thread holds the lock of: :func:`save` inside :func:`locked` takes it once."""


@contextlib.contextmanager
def locked(path: Path | str) -> Iterator[None]:
    """Hold the lock of the save's folder (an ``flock`` on the folder itself: the save is
    replaced on every write, so its own inode cannot carry a lock, and a lock file beside it
    would be litter). Writes of other saves in the folder wait too; a command takes a second."""
    folder = Path(os.path.abspath(path)).parent
    held: set[Path] = _held.__dict__.setdefault("folders", set())
    if folder in held or fcntl is None:
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        held.add(folder)
        try:
            yield
        finally:
            held.discard(folder)
    finally:
        os.close(fd)  # closing releases the lock


def _leftovers(path: Path, folder: Path) -> None:
    """Remove the temporary files of writes killed before their rename (under the lock, no
    other write of this save is under way)."""
    for stale in folder.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def save(match: Match, path: Path | str) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over."""
    path = Path(path)
    with locked(path):
        _write(to_dict(match), path)


def _write(body: dict[str, Any], path: Path) -> None:
    write_json(body, path)


def write_json(body: Any, path: Path, indent: int = 1) -> None:
    """Write ``body`` as JSON to ``path`` atomically (a temporary file in the same folder,
    flushed, then renamed over), clearing what killed writes left behind; hold
    :func:`locked` around it when other writers may race."""
    data = json.dumps(body, indent=indent, ensure_ascii=False) + "\n"
    folder = path.parent if str(path.parent) else Path(".")
    _leftovers(path, folder)
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
        if path.stat().st_size > MAX_BYTES:
            raise SaveError(path, f"not a save file: larger than {MAX_BYTES} bytes")
        text = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "no such save file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc}") from None
    try:
        body = loads(text)
    except JsonLimitError as exc:
        raise SaveError(path, f"not a save file ({exc})") from None
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
    if not 0 <= body["seed"] < SEED_LIMIT:
        raise SaveError(path, f"save has a bad seed: a whole number from 0 to {SEED_LIMIT - 1}")
    bad = [k for k, v in body.get("options", {}).items() if not isinstance(v, bool)]
    if bad:
        raise SaveError(path, f"save has a bad option {bad[0]!r}: options are true or false")
    return body


def check(body: dict[str, Any], replayed: Match) -> str | None:
    """Why a save's replay does not vouch for it (None: it does): the replay must reproduce
    the saved state hash, and the snapshot must be the state that hash names (an edited,
    re-checksummed snapshot is caught here, as ``wargame replay --verify`` catches it)."""
    if replayed.state_hash() != body["state_hash"]:
        return "the replay does not reproduce the saved state"
    if digest(body["snapshot"]) != body["state_hash"]:
        return "the snapshot is not the state the save's hash names (edited?)"
    return None


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
    why = check(body, match)
    if why:
        raise SaveError(path, why + (f" (data changed: {', '.join(changed)})" if changed else ""))
    return match


def canonical_bytes(match: Match) -> bytes:
    return canonical(to_dict(match))
