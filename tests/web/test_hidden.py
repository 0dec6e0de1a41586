"""Hidden information is the server's business: the German seat of Panzergruppe Guderian plays
into its first combat phase against a Soviet bot, and no response it gets (state, log, legal
actions with odds, the map) holds the strength of a Soviet unit no one has seen yet.

An untried unit's strength is drawn from its pool at the instant of combat (PGG 12.2), so it
cannot be peeked at after the fact; the test asserts instead that nothing about an unrevealed
unit carries attack or defense values. "Unrevealed" is: untried now and never revealed in the
game so far. A revealed counter that dies goes back face-down (PGG 12.4), but its reveal was
seen by both players and stays in the log.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.web.conftest import Api, Created
from wargame.match import Match

GERMAN, SOVIET = "german", "soviet"
STRENGTHS = ("attack", "defense")


def unrevealed(api: Api, created: Created) -> set[str]:
    game = api.game(created)
    match: Match = game.match
    shown = {e.get("unit") for entry in game.log for e in entry["events"] if e["kind"] == "reveal"}
    return {
        u.id
        for u in match.state.units.values()
        if u.side == SOVIET and match.is_untried(u) and u.id not in shown
    }


def _walk(value: Any, hidden: set[str], where: str) -> None:
    if isinstance(value, dict):
        ids = {value.get("id"), value.get("unit")}
        named = sorted(i for i in ids if isinstance(i, str) and i in hidden)
        if named:
            for key in ("face", *STRENGTHS):
                assert key not in value, f"{where}: {named[0]} has {key}: {value[key]}"
            values = value.get("values") or {}
            for key in STRENGTHS:
                assert key not in values, f"{where}: {named[0]} has {key} {values[key]}"
        assert not (isinstance(value.get("dice"), int)), f"{where}: the dice state"
        if "secrets" in value:
            assert SOVIET not in (value["secrets"] or {}), f"{where}: Soviet secrets"
        for key, item in value.items():
            _walk(item, hidden, f"{where}.{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            _walk(item, hidden, f"{where}[{n}]")
    elif isinstance(value, str):
        words = set(re.findall(r"[^\s,;:()]+", value))
        for uid in hidden & words:
            assert f"{uid} revealed" not in value, f"{where}: {value}"
            assert not re.search(r"\b(attack|defense) \d", value), f"{where}: {value}"


class Spy:
    """Every response the German seat gets, checked against the Soviet units unseen then."""

    def __init__(self, api: Api, created: Created) -> None:
        self.api, self.created = api, created
        self.token = created.token(GERMAN)
        self.checked = 0

    def check(self, response: Any, what: str) -> Any:
        assert response.status_code in (200, 201), f"{what}: {response.text}"
        hidden = unrevealed(self.api, self.created)
        if response.headers["content-type"].startswith("image/svg+xml"):
            for uid in hidden:
                shown = re.search(rf"\({re.escape(uid)}\) ([^<]*)</title>", response.text)
                if shown:  # the counter's tooltip: "?" where the view has no value
                    assert shown.group(1).startswith("?-?-"), f"{what}: {uid} {shown.group(1)}"
        else:
            _walk(response.json(), hidden, what)
        self.checked += 1
        return response.json() if "json" in response.headers["content-type"] else response.text

    def look(self) -> dict[str, Any]:
        """State, map and (when it is the German's decision) legal actions with odds."""
        state = self.check(self.api.get(self.created, "state", self.token), "state")
        for uid in unrevealed(self.api, self.created) & set(state["counters"]):
            text = state["counters"][uid]  # the counter the page draws
            assert text.startswith("?-?-"), f"counter of {uid}: {text}"
        self.check(self.api.get(self.created, "map.svg", self.token), "map")
        static = self.check(self.api.get(self.created, "map.svg", self.token, layer="map"), "map")
        assert "data-unit=" not in static
        if state["yours"]:
            state["legal"] = self.check(self.api.get(self.created, "legal", self.token), "legal")
        return state

    def act(self, action: str) -> dict[str, Any]:
        self.check(self.api.act(self.created, self.token, action), action)
        return self.look()

    def answer_pending(self, state: dict[str, Any]) -> dict[str, Any]:
        """Losses, retreats, advances, stacking: the first legal choice."""
        while state["yours"] and state["view"]["decision"]["kind"] not in ("movement", "combat"):
            state = self.act(state["legal"]["choices"][0]["action"])
        return state


def test_the_german_seat_never_receives_an_unrevealed_soviet_strength(api: Api) -> None:
    created = api.create(title="pgg", seed=5, mode="seats", seats={SOVIET: "bot", GERMAN: "human"})
    spy = Spy(api, created)
    state = spy.look()
    assert state["view"]["decision"]["kind"] == "air-interdiction"
    state = spy.act("end")  # the Soviet bot plays its first turn
    assert state["view"]["decision"]["kind"] == "movement" and state["yours"]

    match = api.game(created).match
    soviet_at = {u.loc for u in match.units_of(SOVIET)}
    taken: set[str] = set()
    for key, group in sorted(state["legal"]["moves"].items()):
        if "," in key or len(taken) == 4:
            continue
        near = [
            d
            for d in sorted(group["destinations"])
            if d not in taken and soviet_at & set(match.topology.neighbours(d))
        ]
        if near:
            state = spy.act(group["destinations"][near[0]]["action"])
            taken.add(near[0])
    assert len(taken) == 4
    state = spy.answer_pending(spy.act("end"))
    assert state["view"]["decision"]["kind"] == "combat"

    attacks = state["legal"]["attacks"]
    assert attacks, "German units stand next to Soviet ones"
    untried = unrevealed(api, created)
    unknown = [o for t in attacks.values() for o in t["options"] if not o["known"]]
    assert unknown and all(o["column"] == "?" for o in unknown)
    assert any(d in untried for o in unknown for d in o["defenders"])
    before = len(unrevealed(api, created))
    for target in sorted(attacks)[:2]:
        state = spy.answer_pending(state)
        if target in state.get("legal", {}).get("attacks", {}):
            state = spy.act(state["legal"]["attacks"][target]["options"][0]["action"])
    state = spy.answer_pending(state)
    assert len(unrevealed(api, created)) < before  # attacking revealed the defenders...
    log = spy.check(api.get(created, "state", spy.token, since=0), "log")["log"]
    reveals = [e for entry in log for e in entry["events"] if e["kind"] == "reveal"]
    assert reveals and all("face" in e for e in reveals)  # ...and the German saw them
    assert spy.checked > 20
    assert json.dumps(state["view"]).count('"untried": true') > 0
