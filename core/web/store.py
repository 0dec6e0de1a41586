"""Where the server keeps its matches: an SQLite database (the standard library's ``sqlite3``),
so a restart, a crash or a thousand other matches never lose a game.

A match is stored as what replays it, as a save file is: title, data versions, scenario, seed,
options, and the actions in order (each with who made it, a human seat or a bot), plus its seats
(sides and tokens), seat kinds, mode, version and the loads it has seen. Every change is one
transaction, committed before the server answers: an action and the bots' replies, an undo, a
load. The database runs in WAL mode with ``synchronous=FULL``, so an answered action survives a
killed server and a power cut. A match untouched for :data:`MAX_AGE_DAYS` is deleted.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wargame.loader import user_data_dir

MAX_AGE_DAYS = 90
"""A match nobody has touched for this long is deleted (at start-up and on each new match);
otherwise a match ends only when a seat with the right ends it (``DELETE /api/matches/{m}``)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,   -- JSON: title, data, scenario, seed, options, mode, kinds, seats, loads
    version INTEGER NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    match TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,     -- 1, 2, ...: the log entry the action made
    text TEXT NOT NULL,
    by TEXT NOT NULL,       -- human | bot
    PRIMARY KEY (match, n)
) WITHOUT ROWID;
"""


def default_path() -> Path:
    """``matches.sqlite`` in the user's data folder (``$XDG_DATA_HOME/wargame`` and the like)."""
    return user_data_dir() / "matches.sqlite"


@dataclass
class Stored:
    """One match as the database has it."""

    id: str
    record: dict[str, Any]
    version: int
    actions: list[tuple[str, str]] = field(default_factory=list)  # (text, by)


class Store:
    """The database of one server. Every method is one transaction; one connection, used by
    one thread at a time (the server's threads take turns on :attr:`lock`)."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).touch(mode=0o600)  # seat tokens: the owner's eyes only
            os.chmod(path, 0o600)
        self.path = str(path)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=10000")
        with self.lock:
            self.db.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def _write(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> None:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def secret(self) -> str:
        """The server's page secret, made once per database: a restarted server accepts the
        pages it served before."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
            if row is None:
                row = (secrets.token_urlsafe(24),)
                self.db.execute("INSERT INTO meta VALUES ('secret', ?)", row)
            self.db.execute("COMMIT")
            return str(row[0])

    # ------------------------------------------------------------------ matches

    def create(self, stored: Stored) -> None:
        now = time.time()
        self._write(
            [
                (
                    "INSERT INTO matches VALUES (?, ?, ?, ?, ?)",
                    (stored.id, json.dumps(stored.record), stored.version, now, now),
                ),
                *_inserts(stored.id, 1, stored.actions),
            ]
        )

    def append(self, gid: str, first: int, actions: list[tuple[str, str]], version: int) -> None:
        """Actions ``first``, ``first + 1``, ... (a seat's and the bots' replies)."""
        self._write([_touch(gid, version), *_inserts(gid, first, actions)])

    def truncate(self, gid: str, keep: int, version: int) -> None:
        """Keep actions 1..``keep`` (an undo)."""
        self._write(
            [
                _touch(gid, version),
                ("DELETE FROM actions WHERE match = ? AND n > ?", (gid, keep)),
            ]
        )

    def replace(
        self, gid: str, record: dict[str, Any], actions: list[tuple[str, str]], version: int
    ) -> None:
        """A new game in place of the old one (a load): record and every action."""
        self._write(
            [
                (
                    "UPDATE matches SET record = ?, version = ?, touched = ? WHERE id = ?",
                    (json.dumps(record), version, time.time(), gid),
                ),
                ("DELETE FROM actions WHERE match = ?", (gid,)),
                *_inserts(gid, 1, actions),
            ]
        )

    def get(self, gid: str) -> Stored | None:
        with self.lock:
            row = self.db.execute(
                "SELECT record, version FROM matches WHERE id = ?", (gid,)
            ).fetchone()
            if row is None:
                return None
            actions = self.db.execute(
                "SELECT text, by FROM actions WHERE match = ? ORDER BY n", (gid,)
            ).fetchall()
        return Stored(gid, json.loads(row[0]), int(row[1]), [(t, b) for t, b in actions])

    def delete(self, gid: str) -> None:
        """A match ended: it and its actions go."""
        self._write([("DELETE FROM matches WHERE id = ?", (gid,))])

    def count(self) -> int:
        with self.lock:
            return int(self.db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])

    def purge(self, max_age_days: float = MAX_AGE_DAYS) -> int:
        """Delete the matches untouched for ``max_age_days``; how many went."""
        cutoff = time.time() - max_age_days * 86400
        with self.lock:
            cursor = self.db.execute("DELETE FROM matches WHERE touched < ?", (cutoff,))
            return cursor.rowcount


def _touch(gid: str, version: int) -> tuple[str, Sequence[Any]]:
    return ("UPDATE matches SET version = ?, touched = ? WHERE id = ?", (version, time.time(), gid))


def _inserts(
    gid: str, first: int, actions: list[tuple[str, str]]
) -> list[tuple[str, Sequence[Any]]]:
    return [
        ("INSERT INTO actions VALUES (?, ?, ?, ?)", (gid, first + i, text, by))
        for i, (text, by) in enumerate(actions)
    ]
