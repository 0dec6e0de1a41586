"""Errors a user sees as plain lines and a non-zero exit, never as a traceback.

:class:`WargameError` is the root; :class:`UsageError` is a bad command, argument or action.
For data files, a :class:`Problem` names the file, the JSON pointer (RFC 6901) of the offending
value and what is wrong, in words a person transcribing a map understands; :class:`DataError`
carries every problem found, so one run shows them all. The CLI prints ``str(error)``, exits 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def pointer(path: Iterable[str | int]) -> str:
    """The JSON pointer of a path of keys and list indices ("" is the whole document)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in one file. ``pointer`` is "" when the whole file is at fault."""

    file: str
    pointer: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.pointer}" if self.pointer else self.file
        return f"{where}: {' '.join(self.message.split())}"


class WargameError(Exception):
    """An error the CLI prints as it is and exits non-zero on."""


class UsageError(WargameError):
    """A bad command, argument, name or action: the user can fix what they typed."""


class DataError(WargameError):
    """Data that cannot be used; ``problems`` lists everything found, in order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(problem) for problem in self.problems)
