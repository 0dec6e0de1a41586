"""A real server and a real headless browser, for the end-to-end tests and the screenshots.

The server is the one ``wargame serve`` runs (uvicorn over :func:`wargame.web.app.create_app`),
in a thread on a free port of 127.0.0.1. The browser is the system's Chromium driven by
Playwright; Playwright's own browser download is never used (it fails on machines without
network access, and CI installs Debian's ``chromium`` instead).
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from wargame.plugins import Registry
from wargame.web.app import PAGE_HEADER, address, create_app, listen

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRE_ENV = "WARGAME_REQUIRE_BROWSER"
"""Set (CI does) to make a missing browser a failure instead of a skip."""


def chromium() -> str | None:
    """The system Chromium's path, or None."""
    for path in CHROMIUM_PATHS:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


def missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[web-e2e]')"
    if chromium() is None:
        return f"no system Chromium at {CHROMIUM_PATHS[0]} (apt-get install chromium)"
    return None


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def create_match(url: str, body: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
    """``POST /api/matches`` on a served page's server as the page sends it: with the page key
    read from the page (only the page may start a match). The answer's JSON."""
    import re

    import httpx

    key = re.search(r'name="wargame-page" content="([^"]+)"', httpx.get(url).text)
    assert key, "the page carries the server's page key"
    headers = {PAGE_HEADER: key.group(1)}
    created = httpx.post(f"{url}api/matches", json=body, headers=headers, timeout=timeout)
    created.raise_for_status()
    answer: dict[str, Any] = created.json()
    answer["key"] = key.group(1)
    return answer


@contextmanager
def server(registry: Registry, title: str | None = None) -> Iterator[str]:
    """``wargame serve`` in a thread on a free port; yields its address ("http://.../")."""
    with server_and_hub(registry, title) as (url, _hub):
        yield url


@contextmanager
def server_and_hub(registry: Registry, title: str | None = None) -> Iterator[tuple[str, Any]]:
    """:func:`server`, and its matches (the :class:`wargame.web.games.Hub`): a test may set up
    a position the page then shows."""
    sock = listen("127.0.0.1", 0)
    app = create_app(registry, title, port=sock.getsockname()[1])
    with serving(app, sock) as url:
        yield url, app.state.hub


@contextmanager
def serving(app: Any, sock: Any) -> Iterator[str]:
    """An ASGI ``app`` served by uvicorn in a thread on ``sock``; yields its address."""
    import uvicorn

    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if srv.started:
                break
            thread.join(0.01)
        if not srv.started:
            raise RuntimeError("the web server did not start")
        yield address(sock)
    finally:
        srv.should_exit = True
        thread.join(10)
        sock.close()


@contextmanager
def module_browser(missing_now: str | None) -> Iterator[Any]:
    """A test module's browser: a failure, not a skip, when the browser tests are required
    (``REQUIRE_ENV``) but cannot run for the reason ``missing_now``."""
    if missing_now is not None:
        pytest.fail(f"{REQUIRE_ENV} is set, but the browser tests cannot run: {missing_now}")
    with browser() as launched:
        yield launched


@contextmanager
def browser() -> Iterator[Any]:
    """The system Chromium, headless, under Playwright: yields a Playwright ``Browser``."""
    from playwright.sync_api import sync_playwright

    path = chromium()
    assert path is not None, missing()
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
