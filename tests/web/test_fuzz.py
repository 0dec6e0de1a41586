"""Bad input never crashes (issue 17, defect 4), fuzzed with Hypothesis: random bodies for every
endpoint that reads one, and random edits of a save file for the web's load and the CLI. No
answer is a 5xx, none carries a traceback, and a refused request leaves the match as it was.
Example counts are bounded (150 each) to keep the file short.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import Api, Created
from wargame import savefile
from wargame.errors import WargameError
from wargame.state import digest

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["end", "attack 0101 with b1", "move 7-arm 0203 0304", "deploy r1 0907"])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=25,
)
FRAGMENTS = [
    b'"\\ud800"',
    b'"\\udfff\\ud800"',
    b"9" * 5000,
    b"[" * 5000,
    b"{" * 300,
    b"NaN",
    b"-Infinity",
    b"1e99999",
    b"\xff\xfe",
    b"\x00",
    b'"\\u0000"',
]
hostile = st.lists(st.sampled_from(FRAGMENTS) | st.binary(max_size=30), min_size=1, max_size=6).map(
    lambda parts: b'{"action": ' + b"".join(parts) + b"}"
)
shaped = st.fixed_dictionaries(
    {},
    optional={
        "action": values,
        "since": values,
        "title": values,
        "seed": values,
        "mode": values,
        "seats": values,
        "options": values,
        "save": values,
        "scenario": values,
    },
)
bodies = (
    shaped.map(lambda b: json.dumps(b).encode())
    | values.map(lambda v: json.dumps(v).encode())
    | hostile
    | st.binary(max_size=200)
)
ENDPOINTS = ["actions", "preview", "load", "undo", None]  # None: POST /api/matches


@pytest.fixture(scope="module")
def table(api: Api) -> Created:
    created = api.create(title="hexland", seed=11, mode="hotseat")
    for _ in range(3):
        legal = api.get(created, "legal", created.token()).json()
        api.act(created, created.token(), legal["choices"][0]["action"])
    return created


def _snapshot(api: Api, created: Created) -> tuple[Any, ...]:
    game = api.game(created)
    return (game.match.state_hash(), tuple(game.match.history), game.version, len(game.log))


def _send(api: Api, created: Created, endpoint: str | None, body: bytes) -> Any:
    headers = {"content-type": "application/json"}
    if endpoint is None:
        return api.client.post("/api/matches", content=body, headers=headers)
    return api.post(created, endpoint, created.token(), content=body)


@pytest.fixture(scope="module")
def good_save(api: Api, table: Created) -> dict[str, Any]:
    save: dict[str, Any] = api.get(table, "save", table.token()).json()
    return save


def _put_back(api: Api, created: Created, save: dict[str, Any]) -> None:
    """After a request that was allowed to change the match (a legal action, an undo, a good
    load), the match as the save has it again."""
    assert api.post(created, "load", created.token(), save).status_code == 200
    assert api.game(created).match.state_hash() == save["state_hash"]


@FUZZ
@given(endpoint=st.sampled_from(ENDPOINTS), body=bodies)
def test_no_body_crashes_the_server(
    api: Api, table: Created, good_save: dict[str, Any], endpoint: str | None, body: bytes
) -> None:
    before = _snapshot(api, table)
    r = _send(api, table, endpoint, body)
    assert r.status_code < 500, r.text
    assert "Traceback" not in r.text
    if r.status_code >= 400:
        assert isinstance(r.json()["error"], str) and "\n" not in r.json()["error"]
        assert _snapshot(api, table) == before
    elif _snapshot(api, table) != before:
        _put_back(api, table, good_save)


# ------------------------------------------------------------------ save files


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for n, item in enumerate(value[:4]):
            out += _paths(item, (*prefix, n))
    return out


def _edit(save: dict[str, Any], path: tuple[Any, ...], new: Any, reseal: bool) -> dict[str, Any]:
    body = json.loads(json.dumps(save))
    if not path:
        return body
    at = body
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = new
    if reseal and isinstance(body, dict):
        body.pop("checksum", None)
        body["checksum"] = digest(body)
    return body


@FUZZ
@given(
    data=st.data(), new=values, reseal=st.booleans(), cut=st.integers(min_value=0, max_value=100)
)
def test_no_save_file_crashes_the_web_or_the_cli(
    api: Api,
    table: Created,
    good_save: dict[str, Any],
    tmp_path: Path,
    data: Any,
    new: Any,
    reseal: bool,
    cut: int,
) -> None:
    path_in_save = data.draw(st.sampled_from(_paths(good_save)))
    edited = _edit(good_save, path_in_save, new, reseal)
    text = json.dumps(edited).encode()
    if cut:  # a truncated or spliced file
        text = text[: len(text) * cut // 100] + data.draw(st.sampled_from(FRAGMENTS))
    before = _snapshot(api, table)
    r = api.post(table, "load", table.token(), content=text)
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert _snapshot(api, table) == before
    else:
        _put_back(api, table, good_save)
    file = tmp_path / "fuzzed.save.json"
    file.write_bytes(text)
    try:  # what every CLI command reads a save with; a WargameError is a line and exit 2
        savefile.load(file, api.hub.registry)
    except WargameError as exc:
        assert "\n" not in str(exc)
