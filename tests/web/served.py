"""``wargame serve`` in a process of its own (the installed command), on a free port of
127.0.0.1 with its own database: for the tests that kill or restart a real server and the load
benchmark."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from wargame.web.app import PAGE_HEADER, TOKEN_HEADER


def wargame(*argv: str) -> list[str]:
    """The command line running the installed ``wargame`` with ``argv``."""
    return [str(Path(sys.executable).with_name("wargame")), *argv]


class Server:
    """A running server: its address and the page key its page carries."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.proc = subprocess.Popen(
            wargame("serve", "--port", "0", "--db", str(db), *extra),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, line + (self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.url = found.group(0)
        page = httpx.get(self.url, timeout=60).text
        key = re.search(r'name="wargame-page" content="([^"]+)"', page)
        assert key, "the page carries the server's page key"
        self.key = key.group(1)

    def post(self, path: str, body: Any, token: str | None = None) -> httpx.Response:
        headers = {PAGE_HEADER: self.key}
        if token:
            headers[TOKEN_HEADER] = token
        return httpx.post(self.url + path, json=body, headers=headers, timeout=60)

    def kill(self) -> None:
        """``kill -9``: no clean shutdown."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=60)
