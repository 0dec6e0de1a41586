"""The web server under Starlette's test client (no sockets): one app per test module."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from wargame.plugins import Registry
from wargame.web.app import PAGE_HEADER, TOKEN_HEADER, create_app
from wargame.web.games import Game

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2 for its test client; httpx still works.
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient


@dataclass
class Created:
    id: str
    tokens: dict[str, str]  # side (or "+"-joined sides of a hot-seat) -> token

    def token(self, side: str | None = None) -> str:
        if side is None:
            return next(iter(self.tokens.values()))
        return next(t for sides, t in self.tokens.items() if side in sides.split("+"))


class Api:
    """The HTTP API as a test uses it; every call returns the httpx response."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    @property
    def hub(self) -> Any:
        return self.client.app.state.hub  # type: ignore[attr-defined]

    def game(self, created: Created | str) -> Game:
        gid = created.id if isinstance(created, Created) else created
        game: Game = self.hub.get(gid)
        return game

    def create(self, **body: Any) -> Created:
        r = self.client.post("/api/matches", json=body)
        assert r.status_code == 201, r.text
        data = r.json()
        tokens = {"+".join(s["sides"]): s["token"] for s in data["seats"]}
        return Created(data["match"], tokens)

    def get(self, created: Created | str, what: str, token: str | None, **params: Any) -> Any:
        gid = created.id if isinstance(created, Created) else created
        headers = {TOKEN_HEADER: token} if token is not None else {}
        return self.client.get(f"/api/matches/{gid}/{what}", headers=headers, params=params)

    def post(
        self, created: Created | str, what: str, token: str | None, body: Any = None, **kw: Any
    ) -> Any:
        gid = created.id if isinstance(created, Created) else created
        headers = {TOKEN_HEADER: token} if token is not None else {}
        if "content" in kw:  # raw bytes, declared JSON as the page declares its bodies
            headers["content-type"] = "application/json"
        headers.update(kw.pop("headers", {}))
        if body is not None:
            kw["json"] = body
        return self.client.post(f"/api/matches/{gid}/{what}", headers=headers, **kw)

    def act(self, created: Created, token: str, action: str) -> Any:
        return self.post(created, "actions", token, {"action": action})


def page_client(app: Any) -> TestClient:
    """A test client that acts as the page would: Host the served name (Starlette's test
    client calls itself "testserver") and the page key on every request."""
    client = TestClient(app)
    client.headers[PAGE_HEADER] = app.state.key
    return client


def make_app(registry: Registry, **kw: Any) -> Any:
    kw.setdefault("names", ("testserver",))
    return create_app(registry, **kw)


@pytest.fixture(scope="module")
def api(registry: Registry) -> Iterator[Api]:
    with page_client(make_app(registry)) as client:
        yield Api(client)
