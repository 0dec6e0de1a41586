"""Every endpoint of the web server on Hexland, and every way to call one wrongly: each refusal is
a clear 4xx with ``{"error": ...}`` and leaves the match exactly as it was."""

from __future__ import annotations

import gc
import json
import re
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import Api, Created
from wargame import savefile, status
from wargame.mechanics import movement
from wargame.web import app as web_app
from wargame.web import games as web_games
from wargame.web.games import Hub
from wargame.web.seat import Lens, concealed_in


def _all_actions(legal: dict[str, Any]) -> list[str]:
    out = [d["action"] for g in legal["moves"].values() for d in g["destinations"].values()]
    out += [
        o["action"]
        for k in ("attacks", "overruns")
        for t in legal[k].values()
        for o in t["options"]
    ]
    out += [c["action"] for c in legal["choices"]]
    return out


@pytest.fixture
def duel(api: Api) -> Created:
    """Hexland with two human seats: red deploys first (the blue seat may not act yet)."""
    return api.create(title="hexland", seed=0, mode="seats")


# ------------------------------------------------------------------ titles, page, creation


def test_titles_list_every_title_with_its_sides_and_scenarios(api: Api) -> None:
    r = api.client.get("/api/titles")
    assert r.status_code == 200
    titles = {t["id"]: t for t in r.json()["titles"]}
    assert {"hexland", "linkland", "panzergruppe-guderian"} <= set(titles)
    assert [s["id"] for s in titles["hexland"]["sides"]] == ["blue", "red"]
    assert [s["id"] for s in titles["hexland"]["scenarios"]] == ["meeting"]
    assert titles["linkland"]["topology"] == "network"


def test_the_page_and_its_scripts_are_served(api: Api) -> None:
    page = api.client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script src="/static/app.js">' in page.text
    for path, kind in (("/static/app.js", "javascript"), ("/static/app.css", "text/css")):
        r = api.client.get(path)
        assert r.status_code == 200 and kind in r.headers["content-type"]
    missing = api.client.get("/static/nothing.js")
    assert missing.status_code == 404 and missing.json()["error"]


def test_a_hotseat_match_has_one_token_for_every_human_side(api: Api) -> None:
    created = api.create(title="hl", seed=3, mode="hotseat")
    assert list(created.tokens) == ["blue+red"]
    game = api.game(created)
    assert game.match.title.id == "hexland" and game.match.seed == 3
    state = api.get(created, "state", created.token()).json()
    assert state["seat"]["hotseat"] and state["view"]["as"] == state["view"]["decision"]["side"]


def test_a_two_seat_match_has_a_token_for_each_human_side(api: Api, duel: Created) -> None:
    assert sorted(duel.tokens) == ["blue", "red"]
    assert duel.token("blue") != duel.token("red")
    red = api.get(duel, "state", duel.token("red")).json()
    blue = api.get(duel, "state", duel.token("blue")).json()
    assert (red["view"]["as"], red["yours"]) == ("red", True)
    assert (blue["view"]["as"], blue["yours"]) == ("blue", False)


def test_bots_take_their_decisions_as_soon_as_the_match_starts(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    state = api.get(created, "state", created.token()).json()
    assert state["view"]["decision"]["side"] == "blue"
    bot_entries = [e for e in state["log"] if e["by"] == "bot"]
    assert bot_entries and all(e["side"] == "red" for e in bot_entries)
    assert [e["action"] for e in state["log"][1:]] == api.game(created).match.history


def test_every_title_plays_in_the_browser(api: Api) -> None:
    for title in sorted(api.hub.registry.titles):
        created = api.create(title=title, seed=2, mode="hotseat")
        token = created.token()
        state = api.get(created, "state", token).json()
        assert state["yours"] and state["view"]["title"] == title
        legal = api.get(created, "legal", token).json()
        assert legal["count"] == len(api.game(created).match.legal_actions()) > 0
        svg = api.get(created, "map.svg", token)
        assert svg.status_code == 200 and "data-loc=" in svg.text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ([1, 2], "JSON object"),
        ({}, "title"),
        ({"title": "nowhere"}, "unknown title"),
        ({"title": "hexland", "scenario": "winter"}, "no scenario"),
        ({"title": "hexland", "seed": "seven"}, "seed"),
        ({"title": "hexland", "seed": -1}, "seed"),
        ({"title": "hexland", "seed": True}, "seed"),
        ({"title": "hexland", "options": {"fog": "yes"}}, "options"),
        ({"title": "hexland", "options": {"rain": True}}, "unknown option"),
        ({"title": "hexland", "mode": "lan"}, "mode"),
        ({"title": "hexland", "seats": {"green": "human"}}, "no side 'green'"),
        ({"title": "hexland", "seats": {"red": "robot"}}, "'human' or 'bot'"),
        ({"title": "hexland", "seats": {"red": "bot", "blue": "bot"}}, "human seat"),
        ({"save": {"format": "nope"}}, "not a save file"),
    ],
)
def test_a_bad_new_match_is_a_400_that_says_why(api: Api, body: Any, words: str) -> None:
    before = api.hub.store.count()
    r = api.client.post("/api/matches", json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]
    assert api.hub.store.count() == before


def test_a_body_that_is_not_json_is_a_400(api: Api) -> None:
    json_type = {"content-type": "application/json"}
    r = api.client.post("/api/matches", content=b"{title: hexland", headers=json_type)
    assert r.status_code == 400 and "corrupt JSON" in r.json()["error"]
    r = api.client.post("/api/matches", content=b"", headers=json_type)
    assert r.status_code == 400 and "JSON body" in r.json()["error"]


# ------------------------------------------------------------------ what a seat sees


def test_the_state_is_the_seats_view_and_nothing_more(api: Api, duel: Created) -> None:
    game = api.game(duel)
    game.match.state.secrets = {"red": {"plan": "qxz-red-secret"}, "blue": {"plan": "south"}}
    try:
        state = api.get(duel, "state", duel.token("blue")).json()
        assert state["view"] == json.loads(json.dumps(game.match.view("blue")))
        assert state["view"]["secrets"] == {"blue": {"plan": "south"}}
        assert "qxz-red-secret" not in json.dumps(state)
        assert "dice" not in state["view"] and "seed" not in json.dumps(state["view"])
    finally:
        game.match.state.secrets = {}


def test_the_log_can_be_read_from_an_entry_on(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    full = api.get(created, "state", created.token()).json()["log"]
    later = api.get(created, "state", created.token(), since=2).json()["log"]
    assert [e["n"] for e in later] == [e["n"] for e in full if e["n"] > 2]
    assert api.get(created, "state", created.token(), since="x").status_code == 400


def test_legal_actions_are_exactly_the_kernels_grouped_by_verb(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    legal = api.get(created, "legal", created.token()).json()
    kernel = sorted(str(a) for a in api.game(created).match.legal_actions())
    assert sorted(_all_actions(legal)) == kernel
    assert legal["count"] == len(kernel)
    assert set(legal["verbs"]) == {a.split()[0] for a in kernel}


def test_choices_by_level_add_up_to_the_legal_actions(api: Api) -> None:
    """The page's request at each decision lists who may act (movers without destinations)
    and the other verbs' actions; each actor's own request adds its actions; together they are
    exactly the kernel's legal actions."""
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    token = created.token()
    first = api.get(created, "choices", token).json()
    assert first["lazy"] is True and first["count"] is None
    assert first["moves"] and all(g["destinations"] is None for g in first["moves"].values())
    assert "7-arm" in first["actors"] and "move" in first["actors"]["7-arm"]
    eager = _all_actions({**first, "moves": {}})
    by_actor: list[str] = []
    for actor in first["actors"]:
        got = api.get(created, "choices", token, actor=actor).json()
        assert got["actor"] == actor and got["version"] == first["version"]
        by_actor += _all_actions(got)
    kernel = sorted(str(a) for a in api.game(created).match.legal_actions())
    assert sorted(eager + by_actor) == kernel
    one = api.get(created, "choices", token, actor="7-arm").json()
    assert one["moves"]["7-arm"]["destinations"] and set(one["moves"]) == {"7-arm"}


@pytest.mark.parametrize("actor", ["", "a b", "x" * 1001])
def test_a_malformed_actor_is_refused(api: Api, actor: str) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    r = api.get(created, "choices", created.token(), actor=actor)
    assert r.status_code == 400 and "actor" in r.json()["error"]


def test_an_unknown_actor_has_no_choices(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    got = api.get(created, "choices", created.token(), actor="no-such-unit").json()
    assert got["count"] == 0 and got["moves"] == {} and got["choices"] == []


def test_legal_actions_are_built_once_per_version(api: Api, monkeypatch: Any) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    token = created.token()
    built: list[str] = []
    real = web_games.legal

    def counting(match: Any, side: str) -> dict[str, Any]:
        built.append(side)
        return real(match, side)

    monkeypatch.setattr(web_games, "legal", counting)
    first = api.get(created, "legal", token).json()
    assert api.get(created, "legal", token).json() == first and built == ["blue"]
    move = next(iter(first["moves"]["7-arm"]["destinations"].values()))["action"]
    assert api.act(created, token, move).status_code == 200
    after = api.get(created, "legal", token).json()
    assert len(built) == 2 and after["version"] > first["version"] and after != first


def test_each_move_destination_has_its_cost_and_path(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    legal = api.get(created, "legal", created.token()).json()
    match = api.game(created).match
    scale = movement.scale(match)
    assert legal["moves"]
    for key, group in legal["moves"].items():
        units = [match.state.units[u] for u in key.split(",")]
        assert group["units"] == key.split(",") and group["from"] == units[0].loc
        for dest, d in group["destinations"].items():
            assert d["path"][0] == units[0].loc and d["path"][-1] == dest
            assert d["action"] == f"move {key} {' '.join(d['path'])}"
            for a, b in zip(d["path"], d["path"][1:], strict=False):
                assert b in match.topology.neighbours(a)
            spent = max(movement.path_cost(match, u, d["path"])[0] or 0 for u in units)
            assert d["cost"] == spent / scale
            if len(units) == 1:
                assert movement.tree(match, units[0])[dest][0] == spent


def test_the_map_is_drawn_for_the_seat(api: Api, duel: Created) -> None:
    r = api.get(duel, "map.svg", duel.token("blue"))
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "data-loc=" in r.text and "data-unit=" in r.text and "as Blue" in r.text
    with_ids = api.get(duel, "map.svg", duel.token("blue"), ids="1").text
    assert 'class="hex-id"' in with_ids and 'class="hex-id"' not in r.text


def test_the_static_map_holds_nothing_that_changes_in_play(api: Api, duel: Created) -> None:
    full = api.get(duel, "map.svg", duel.token("blue")).text
    r = api.get(duel, "map.svg", duel.token("blue"), layer="map")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    static = r.text
    hexes = len(api.game(duel).match.topology.locations())
    assert static.count('class="hex"') == full.count('class="hex"') > 0
    assert 'class="box"' in static and static.count("data-loc=") >= hexes
    assert all(part in full for part in ("data-unit=", 'class="counter', "as Blue"))
    for changing in ("data-unit=", 'class="counter', 'class="control"', "as Blue", "VP "):
        assert changing not in static
    with_ids = api.get(duel, "map.svg", duel.token("blue"), layer="map", ids="1").text
    assert 'class="hex-id"' in with_ids and 'class="hex-id"' not in static
    # built once per side: the same text again, however the game goes on
    assert api.act(duel, duel.token("red"), "end").status_code == 200
    assert api.get(duel, "map.svg", duel.token("blue"), layer="map").text == static


def test_the_static_map_carries_each_unit_types_nato_symbol(api: Api) -> None:
    """Issue 18: counters on the page show their NATO symbol, the one the pictures draw
    (milsymbol's, from the catalogue): the static map defines it once per unit type and the
    page places it on each counter of that type."""
    from wargame import render

    created = api.create(title="pgg", seed=1)
    static = api.get(created, "map.svg", created.token(), layer="map").text
    types = render.unit_symbols(api.game(created).match)
    assert len(types) >= 5
    for unit_type in types:
        found = re.search(rf'<g id="symbol-{unit_type}">(.*?)</g>', static)
        assert found and 'fill="currentColor"' in found.group(1), unit_type
    assert "<use" not in static and "data-unit=" not in static


def test_the_state_has_each_counters_values_line_and_the_side_colours(api: Api) -> None:
    created = api.create(title="hexland", seed=0, mode="seats")
    state = api.get(created, "state", created.token("blue")).json()
    shown = {u["id"]: u for u in state["view"]["units"] if u.get("id")}
    assert set(state["counters"]) == set(shown)
    assert state["counters"]["1-inf"] == "6-6-5"  # attack-defense-movement, as printed
    untried = [uid for uid, u in shown.items() if u["untried"]]
    assert untried and all(state["counters"][uid] == "?-?-4" for uid in untried)
    assert state["title"]["topology"] == "hex"
    assert set(state["title"]["colors"]) == {"blue", "red"}
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in state["title"]["colors"].values())


def test_the_state_has_the_turn_words_and_the_notes_wargame_status_prints(api: Api) -> None:
    """The page's turn chip and Status panel: the turn, date and weather, and the title's own
    lines (Proud Monster Deluxe's SO Record Chart, PMD 5.4), as ``wargame status`` has them
    for the seat's side."""
    created = api.create(title="proud-monster-deluxe", seed=1, mode="seats")
    state = api.get(created, "state", created.token("soviet")).json()
    match = api.game(created).match
    view = match.view("soviet")
    assert state["status"]["turn"] == status.calendar_words(match, view)
    assert state["status"]["turn"][0].startswith(match.title.manifest.turn_label)
    assert (
        state["status"]["phase"] == status.phase_name(match, view) == "Week 1: Refit Phase (axis)"
    )
    assert state["status"]["notes"] == status.notes(match, "soviet", view)
    assert any("Seasonal Offensive weeks" in line for line in state["status"]["notes"])


def test_the_state_orders_each_stack_and_labels_it_as_the_pictures_do(api: Api) -> None:
    """Issue 18: a stack shows its strongest counter on top with its count and total strength,
    on the page as in ``wargame render``."""
    from wargame import render

    created = api.create(title="hexland", seed=0, mode="seats")
    state = api.get(created, "state", created.token("blue")).json()
    units = state["view"]["units"]
    match = api.game(created).match
    piles = {loc: s for loc, s in state["stacks"].items() if len(s["order"]) > 1}
    assert piles
    for loc, stack in piles.items():
        here = [n for n, u in enumerate(units) if u.get("loc") == loc]
        assert sorted(stack["order"]) == here
        ordered = [units[n] for n in stack["order"]]
        assert ordered == render.stack_order(match, [units[n] for n in here])
        assert stack["badge"].startswith(f"{len(here)}\u00b7")


def test_the_page_is_offered_a_default_title(api: Api) -> None:
    titles = api.client.get("/api/titles").json()
    assert titles["default"] == titles["titles"][0]["id"]  # none asked for: the first
    asked = Hub(api.hub.registry, default_title="linkland").titles()
    assert asked["default"] == "linkland"


# ------------------------------------------------------------------ acting


def test_an_action_with_since_answers_with_the_seats_new_state(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    token = created.token()
    seen = api.get(created, "state", token).json()["log_size"] - 1
    r = api.post(created, "actions", token, {"action": "end", "since": seen})
    assert r.status_code == 200, r.text
    body = r.json()
    state = body["state"]
    assert state == api.get(created, "state", token, since=seen).json()
    assert [e["n"] for e in state["log"]] == [e["n"] for e in body["entries"]]
    assert state["version"] == body["version"]
    assert "state" not in api.act(created, token, "end").json()  # only when asked


def test_an_action_answers_with_its_events_and_the_bots_replies(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    token = created.token()
    version = api.get(created, "version", token).json()["version"]
    r = api.act(created, token, "end")
    assert r.status_code == 200, r.text
    entries = r.json()["entries"]
    assert entries[0]["action"] == "end" and entries[0]["by"] == "human"
    assert entries[0]["events"][0]["kind"] == "end"
    assert r.json()["version"] == api.get(created, "version", token).json()["version"] > version
    history = api.game(created).match.history
    assert [e["action"] for e in entries] == history[len(history) - len(entries) :]
    assert api.game(created).match.decision.side == "blue"  # the bots played on


Request = Callable[[Api, Created], Any]

REFUSALS: list[tuple[str, Request, int, str]] = [
    (
        "unknown match",
        lambda a, c: a.act(Created("nope", {}), c.token("red"), "end"),
        404,
        "no match",
    ),
    ("no token", lambda a, c: a.post(c, "actions", None, {"action": "end"}), 403, "seat token"),
    ("wrong token", lambda a, c: a.act(c, "forged", "end"), 403, "seat token"),
    (
        "non-ASCII token",
        lambda a, c: a.client.post(
            f"/api/matches/{c.id}/actions",
            headers={"x-seat": "jeton-\u00e9".encode("latin-1")},
            json={"action": "end"},
        ),
        403,
        "seat token",
    ),
    (
        "not JSON",
        lambda a, c: a.post(c, "actions", c.token("red"), content=b"end"),
        400,
        "corrupt JSON",
    ),
    (
        "not an object",
        lambda a, c: a.post(c, "actions", c.token("red"), ["end"]),
        400,
        "JSON object",
    ),
    (
        "no action",
        lambda a, c: a.post(c, "actions", c.token("red"), {"verb": "end"}),
        400,
        "action",
    ),
    (
        "action not text",
        lambda a, c: a.post(c, "actions", c.token("red"), {"action": 7}),
        400,
        "action",
    ),
    ("blank action", lambda a, c: a.act(c, c.token("red"), "   "), 400, "action"),
    ("out of turn", lambda a, c: a.act(c, c.token("blue"), "end"), 409, "not your decision"),
    (
        "illegal",
        lambda a, c: a.act(c, c.token("red"), "deploy hq-red 0101"),
        422,
        "sets up only in",
    ),
    ("unknown verb", lambda a, c: a.act(c, c.token("red"), "fly r1 0101"), 422, "unknown verb"),
    ("legal out of turn", lambda a, c: a.get(c, "legal", c.token("blue")), 409, "not your"),
    ("choices out of turn", lambda a, c: a.get(c, "choices", c.token("blue")), 409, "not your"),
    ("state, wrong token", lambda a, c: a.get(c, "state", "forged"), 403, "seat token"),
    ("map, wrong token", lambda a, c: a.get(c, "map.svg", "forged"), 403, "seat token"),
    ("version, no token", lambda a, c: a.get(c, "version", None), 403, "seat token"),
    (
        "preview, not an attack",
        lambda a, c: a.post(c, "preview", c.token("red"), {"action": "end"}),
        422,
        "attack",
    ),
    (
        "preview, out of turn",
        lambda a, c: a.post(c, "preview", c.token("blue"), {"action": "attack 0101 with r1"}),
        409,
        "not",
    ),
    ("nothing to undo", lambda a, c: a.post(c, "undo", c.token("red")), 409, "nothing to undo"),
    ("undo, wrong token", lambda a, c: a.post(c, "undo", "forged"), 403, "seat token"),
    ("save by a seat of two", lambda a, c: a.get(c, "save", c.token("red")), 403, "game is over"),
    ("load by a seat of two", lambda a, c: a.post(c, "load", c.token("red"), {}), 403, "no seat"),
    ("wrong method", lambda a, c: a.get(c, "actions", c.token("red")), 405, "Method Not Allowed"),
    (
        "since not a number",
        lambda a, c: a.post(c, "actions", c.token("red"), {"action": "end", "since": "3"}),
        400,
        "since",
    ),
    (
        "since a boolean",
        lambda a, c: a.post(c, "actions", c.token("red"), {"action": "end", "since": True}),
        400,
        "since",
    ),
    (
        "unknown map layer",
        lambda a, c: a.get(c, "map.svg", c.token("red"), layer="x"),
        400,
        "layer",
    ),
    (
        "static map, wrong token",
        lambda a, c: a.get(c, "map.svg", "forged", layer="map"),
        403,
        "seat token",
    ),
]


@pytest.mark.parametrize(
    ("request_", "status", "words"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_a_refused_request_is_a_clear_4xx_and_changes_nothing(
    api: Api, duel: Created, request_: Request, status: int, words: str
) -> None:
    game = api.game(duel)
    before = (game.match.state_hash(), list(game.match.history), game.version, len(game.log))
    r = request_(api, duel)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    after = (game.match.state_hash(), list(game.match.history), game.version, len(game.log))
    assert after == before


def test_an_illegal_action_is_refused_with_the_kernels_reason(api: Api, duel: Created) -> None:
    text = "deploy r1 0907"
    reason = api.game(duel).match.check(text)
    assert reason
    r = api.act(duel, duel.token("red"), text)
    assert r.status_code == 422
    # the kernel's reason, then why it is no short form either (as ``wargame act`` says)
    assert r.json()["error"] == (
        f"illegal action '{text}': {reason}; read as a short form: no legal 'deploy' of r1 "
        "ends in 0907"
    )


def test_a_body_too_large_is_a_413(api: Api, duel: Created, monkeypatch: Any) -> None:
    monkeypatch.setattr(web_app, "MAX_BODY", 64)
    r = api.act(duel, duel.token("red"), "end " + "x" * 100)
    assert r.status_code == 413 and "larger than 64 bytes" in r.json()["error"]
    assert api.game(duel).match.history == []


# ------------------------------------------------------------------ undo, save, load


def test_undo_takes_back_the_seats_action_and_the_bot_replies(api: Api) -> None:
    created = api.create(title="hexland", seed=0, seats={"red": "bot"})
    token = created.token()
    game = api.game(created)
    start = (game.match.state_hash(), list(game.match.history), len(game.log))
    move = _all_actions(api.get(created, "legal", token).json())[0]
    assert api.act(created, token, move).status_code == 200
    mine = [move]
    while game.log[-1]["by"] != "bot":  # end blue's phases until red's bot has played
        legal = api.get(created, "legal", token).json()
        action = "end" if "end" in legal["verbs"] else _all_actions(legal)[0]
        assert api.act(created, token, action).status_code == 200
        mine.append(action)
    bots_after = (
        len(game.log)
        - 1
        - game.log.index(next(e for e in reversed(game.log) if e["by"] == "human"))
    )
    r = api.post(created, "undo", token)
    assert r.status_code == 200
    assert r.json()["undone"][0] == mine[-1] and len(r.json()["undone"]) == 1 + bots_after
    assert game.log[-1]["by"] == "human"
    assert game.match.history == [e["action"] for e in game.log[1:]]
    while api.get(created, "state", token).json()["undo"] is None:
        assert api.post(created, "undo", token).status_code == 200
    assert (game.match.state_hash(), game.match.history, len(game.log)) == start


def test_a_seat_may_not_take_back_the_other_seats_action(api: Api, duel: Created) -> None:
    assert api.act(duel, duel.token("red"), "end").status_code == 200
    r = api.post(duel, "undo", duel.token("blue"))
    assert r.status_code == 409 and "only that seat" in r.json()["error"]
    assert api.post(duel, "undo", duel.token("red")).status_code == 200
    assert api.game(duel).match.history == []


def test_a_save_replays_into_a_new_match_and_loads_back(api: Api, tmp_path: Any) -> None:
    created = api.create(title="hexland", seed=4, seats={"red": "bot"})
    token = created.token()
    game = api.game(created)
    for _ in range(3):
        api.act(created, token, sorted(_all_actions(api.get(created, "legal", token).json()))[0])
    r = api.get(created, "save", token)
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    save = r.json()
    path = tmp_path / "web.save.json"
    path.write_text(json.dumps(save))
    assert savefile.load(path, api.hub.registry).state_hash() == game.match.state_hash()
    saved_hash, saved_history = game.match.state_hash(), list(game.match.history)

    copy = api.create(save=save, seats={"red": "bot"})
    assert api.game(copy).match.state_hash() == saved_hash
    log = api.get(copy, "state", copy.token()).json()["log"]
    assert [e["action"] for e in log[1:]] == saved_history
    assert [e["by"] for e in log[1:]] == [e["by"] for e in game.log[1:]]

    api.act(created, token, "end")
    assert game.match.state_hash() != saved_hash
    tampered = {**save, "actions": save["actions"][:-1]}
    r = api.post(created, "load", token, tampered)
    assert r.status_code == 400 and "checksum" in r.json()["error"]
    r = api.post(created, "load", token, save)
    assert r.status_code == 200
    assert game.match.state_hash() == saved_hash and game.match.history == saved_history


def test_a_hotseat_loads_only_a_save_of_the_same_sides(api: Api) -> None:
    table = api.create(title="hexland", seed=2, mode="hotseat")
    r = api.get(table, "save", table.token())
    assert r.status_code == 200 and r.json()["title"] == "hexland"
    assert api.post(table, "load", table.token(), r.json()).status_code == 200
    linkland = api.create(title="linkland", seed=1).id
    other = api.get(linkland, "save", api.game(linkland).seats[0].token).json()
    r = api.post(table, "load", table.token(), other)
    assert r.status_code == 422 and "start a new match" in r.json()["error"]


@pytest.mark.parametrize(
    ("what", "body", "status", "words"),
    [
        ("not a save", {"format": "x"}, 400, "not a save file"),
        ("not JSON", b"[1,", 400, "truncated or corrupt JSON"),
    ],
)
def test_a_bad_load_is_refused(api: Api, what: str, body: Any, status: int, words: str) -> None:
    table = api.create(title="hexland", seed=2, mode="hotseat")
    kw = {"content": body} if isinstance(body, bytes) else {}
    r = api.post(table, "load", table.token(), None if kw else body, **kw)
    assert r.status_code == status and words in r.json()["error"], r.text


# ------------------------------------------------------------------ the log filter


def test_events_lose_other_sides_secrets_and_concealed_units(api: Api, duel: Created) -> None:
    match = api.game(duel).match
    r1 = match.state.units["r1"]
    r1.hidden_from = ["blue"]
    try:
        lens = Lens.of(match, "blue")
        moved = {"kind": "move", "text": "r1 move 0903 1003", "units": ["r1"], "path": ["0903"]}
        assert lens.event(moved) == {
            "kind": "move",
            "text": "move: a concealed unit",
            "concealed": True,
        }
        assert Lens.of(match, "red").event(moved) == moved
        plan = {
            "kind": "plan",
            "text": "orders",
            "secrets": {"red": 1, "blue": 2},
            "deep": [{"secrets": {"red": 3}}],
        }
        assert lens.event(plan) == {
            "kind": "plan",
            "text": "orders",
            "secrets": {"blue": 2},
            "deep": [{}],
        }
    finally:
        r1.hidden_from = []


def test_an_event_hidden_from_a_side_stays_hidden_with_its_action_s_arguments(
    api: Api, duel: Created
) -> None:
    """``hidden_from`` on an event (:meth:`Match.emit`) hides it from those sides for good,
    whatever is concealed later: they see ``shown_as`` (or the kind alone), and the action's
    arguments where they name what the event tells; the other side sees it all."""
    match = api.game(duel).match
    event = match.emit(
        "strategic",
        "shell-r1-1 moves box:north -> box:south (3/8 steps)",
        None,
        hidden_from=["blue"],
        shown_as="red moves something between the covered boxes",
    ).to_json()
    entry = {"side": "red", "action": "strategic shell-r1-1 box:south", "events": [event]}
    blue, red = Lens.of(match, "blue"), Lens.of(match, "red")
    shown = blue.entry(entry)
    assert shown["action"] == "strategic: in secret"
    assert shown["events"] == [
        {
            "kind": "strategic",
            "text": "red moves something between the covered boxes",
            "concealed": True,
        }
    ]
    assert "shell-r1-1" not in str(shown) and "3/8" not in str(shown)
    assert red.entry(entry) == entry  # the side it is not hidden from sees it whole
    other = {"side": "red", "action": "end", "events": [event]}
    assert blue.entry(other)["action"] == "end"  # an action naming nothing of it stays
    r1 = match.state.units["r1"]
    r1.hidden_from = ["blue"]
    try:  # a shown_as naming a unit concealed now falls back to the kind alone
        naming = {**event, "shown_as": "r1 moves"}
        assert Lens.of(match, "blue").event(naming)["text"] == "strategic: in secret"
    finally:
        r1.hidden_from = []
    silent = {**event, "shown_as": ""}  # an empty shown_as: not in blue's log at all
    ended = {"kind": "phase", "text": "the phase ends"}
    assert blue.entry({**other, "events": [silent, ended]})["events"] == [ended]
    assert red.entry({**other, "events": [silent]})["events"] == [silent]
    match.state.markers["ambush-3"] = {"type": "ambush", "loc": "0905", "hidden_from": ["blue"]}
    try:  # a map marker hidden from blue (not in its view) is not named in its log either
        laid = {"kind": "marker", "text": "ambush-3 laid at 0905"}
        assert Lens.of(match, "blue").event(laid)["text"] == "marker: a concealed unit"
        assert Lens.of(match, "red").event(laid) == laid
    finally:
        del match.state.markers["ambush-3"]
    assert blue.event({k: v for k, v in event.items() if k != "shown_as"}) == {
        "kind": "strategic",
        "text": "strategic: in secret",
        "concealed": True,
    }


def test_a_unit_concealed_when_the_entry_was_made_stays_out_of_it(api: Api, duel: Created) -> None:
    """A log entry keeps, per side, the units it names that were concealed from that side right
    after its action (``hid``, :func:`concealed_in`): a unit that went into hiding is not named
    by it once it shows again. No side is sent ``hid``."""
    game = api.game(duel)
    match = game.match
    r1 = match.state.units["r1"]
    entry = {
        "side": "red",
        "action": "move r1 0903 1003",
        "events": [{"kind": "move", "text": "r1 move 0903 1003", "units": ["r1"]}],
    }
    r1.hidden_from = ["blue"]
    try:
        entry["hid"] = concealed_in(match, entry)
    finally:
        r1.hidden_from = []
    assert entry["hid"] == {"blue": ["r1"]}
    blue = Lens.of(match, "blue").entry(entry)  # r1 shows now, but not in this entry
    assert blue["action"] == "move: a concealed unit" and "r1" not in str(blue)
    assert "hid" not in blue
    red = Lens.of(match, "red").entry(entry)
    assert red == {k: v for k, v in entry.items() if k != "hid"}
    moves = [a for a in match.legal_actions() if a.verb == "move"]
    logged = game._apply(moves[0], "human") if moves else game._apply("end", "human")
    assert "hid" in logged and "hid" not in Lens.of(match, "blue").entry(logged)


# ------------------------------------------------------------------ wargame serve


def test_serve_refuses_a_taken_port_and_an_unknown_title(capsys: Any) -> None:
    from wargame.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
        assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert main(["serve", "--title", "nowhere"]) == 2
    assert "unknown title 'nowhere'" in capsys.readouterr().err


def test_wargame_serve_prints_its_address_and_offers_the_demo_title_first() -> None:
    script = Path(sys.executable).with_name("wargame")
    command = (
        [str(script)]
        if script.exists()
        else [sys.executable, "-c", "from wargame.cli import main; raise SystemExit(main())"]
    )
    proc = subprocess.Popen(
        [*command, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line + (proc.stderr.read() if proc.poll() is not None else "")
        r = httpx.get(f"{found.group(0)}api/titles", timeout=30)
        assert r.status_code == 200 and r.json()["default"] == "panzergruppe-guderian"
        assert httpx.get(f"{found.group(0)}api/matches/x/state", timeout=30).status_code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_match_outlives_the_cache_and_a_thousand_others(api: Api) -> None:
    """Issue 17, defect 1: the hub kept 64 matches and dropped the oldest, so 65 posts from any
    page wiped a player's match. Now memory is a cache and the database keeps every match."""
    hub = Hub(api.hub.registry, max_games=2)
    first = hub.create({"title": "hexland", "seed": 1, "seats": {"red": "bot"}})
    token = first.seats[0].token
    first.act(first.seat(token), "end")
    history = list(first.match.history)
    gid, state_hash, by = first.id, first.match.state_hash(), [e["by"] for e in first.log]
    del first  # no request holds it any more
    gc.collect()
    for n in range(2, 70):
        hub.create({"title": "hexland", "seed": n})
    assert gid not in hub.games and len(hub.games) == 2 and hub.store.count() == 69
    assert gid not in hub.live
    again = hub.get(gid)  # rebuilt from the database
    assert again.match.history == history
    assert again.seat(token).sides == ("blue",)
    assert again.match.state_hash() == state_hash
    assert [e["by"] for e in again.log] == by
