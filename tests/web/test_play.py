"""Whole games through the HTTP API: a hot-seat player against a bot on Hexland, to the end; and
the odds an attack shows before it is made, against the battle the kernel then fights."""

from __future__ import annotations

import random
from typing import Any

from tests.web.conftest import Api
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match


def _actions(legal: dict[str, Any]) -> dict[str, list[str]]:
    """Every legal action the API offers, by verb."""
    out: dict[str, list[str]] = {}
    for g in legal["moves"].values():
        for d in g["destinations"].values():
            out.setdefault("move", []).append(d["action"])
    for kind in ("attacks", "overruns"):
        for t in legal[kind].values():
            for o in t["options"]:
                out.setdefault(o["kind"], []).append(o["action"])
    for c in legal["choices"]:
        out.setdefault(c["verb"], []).append(c["action"])
    return out


def test_a_hotseat_game_against_a_bot_is_played_to_the_end(api: Api) -> None:
    created = api.create(title="hexland", seed=11, mode="hotseat", seats={"red": "bot"})
    token = created.token()
    rng = random.Random(11)
    played = 0
    while True:
        state = api.get(created, "state", token).json()
        if state["view"]["outcome"] is not None:
            break
        assert state["yours"] and state["view"]["decision"]["side"] == "blue"
        legal = api.get(created, "legal", token).json()
        by_verb = _actions(legal)
        verbs = sorted(by_verb)
        if len(verbs) > 1 and "end" in verbs and rng.random() < 0.7:
            verbs.remove("end")
        action = rng.choice(by_verb[rng.choice(verbs)])
        r = api.act(created, token, action)
        assert r.status_code == 200, r.text
        played += 1
        assert played < 2_000, "the game should end"
    game = api.game(created)
    assert game.match.decision is None and game.match.outcome == state["view"]["outcome"]
    assert state["log"][-1]["events"][-1]["kind"] == "outcome"
    assert {e["by"] for e in state["log"][1:]} == {"human", "bot"}
    assert [e["action"] for e in state["log"][1:]] == game.match.history
    r = api.act(created, token, "end")
    assert r.status_code == 409 and r.json()["error"] == "the game is over"
    assert api.get(created, "legal", token).status_code == 409
    # the save replays to the same end
    save = api.get(created, "save", token).json()
    replayed = Match(game.match.title, save["scenario"], save["seed"])
    for text in save["actions"]:
        replayed.apply(text)
    assert replayed.state_hash() == game.match.state_hash() == save["state_hash"]


def _to_blue_combat(api: Api) -> tuple[Any, str]:
    """Hexland, both sides human at one table: Red's HQ deploys alone in 1007, Blue's 7th
    Armor moves next to it, and Blue's combat phase begins."""
    created = api.create(title="hexland", seed=0, mode="hotseat")
    token = created.token()
    for action in (
        "deploy hq-red 1007",
        "end",
        "move 7-arm 0203 0304 0305 0405 0505 0605 0705 0805 0905 1005 1006",
        "end",
    ):
        r = api.act(created, token, action)
        assert r.status_code == 200, r.text
    assert api.game(created).match.decision.kind == "combat"
    return created, token


def test_the_odds_shown_are_the_column_the_battle_then_falls_on(api: Api) -> None:
    """Linkland (a differential table on a network): West attacks in its first combat phase."""
    created = api.create(title="linkland", seed=0, mode="hotseat")
    token = created.token()
    assert api.act(created, token, "end").status_code == 200
    game = api.game(created)
    before = game.match.state_hash()
    legal = api.get(created, "legal", token).json()
    (option,) = legal["attacks"]["irvine"]["options"]
    assert option["known"] and option["automatic"] is None and option["column"] != "?"
    assert set(option["results"]) == {str(r) for r in range(1, 7)}
    assert game.match.state_hash() == before  # no roll, no reveal
    preview = api.post(created, "preview", token, {"action": option["action"]}).json()
    assert preview == option

    r = api.act(created, token, option["action"])
    battle = next(e for e in r.json()["entries"][0]["events"] if e["kind"] == "battle")["battle"]
    assert battle["column"] == option["column"]
    assert (battle["attack"], battle["defense"]) == (option["attack"], option["defense"])
    assert battle["explanation"][: len(option["explanation"])] == option["explanation"]
    assert battle["result"] == option["results"][str(battle["roll"])]
    # two players at one table have both seen the die: it cannot be taken back
    r = api.post(created, "undo", token)
    assert r.status_code == 409 and "dice were rolled" in r.json()["error"]


def test_an_automatic_result_is_shown_without_a_roll(api: Api) -> None:
    created, token = _to_blue_combat(api)
    legal = api.get(created, "legal", token).json()
    (option,) = legal["attacks"]["1007"]["options"]
    assert (option["column"], option["automatic"], option["results"]) == ("8-1", "DE", {})
    assert (option["attack"], option["defense"]) == (8, 1)
    assert option["explanation"][-1] == "automatic DE: no roll"
    r = api.act(created, token, option["action"])
    battle = next(e for e in r.json()["entries"][0]["events"] if e["kind"] == "battle")["battle"]
    assert (battle["column"], battle["roll"], battle["result"]) == ("8-1", None, "DE")


def test_an_untried_unit_makes_the_odds_unknown(api: Api) -> None:
    created = api.create(title="hexland", seed=0, mode="hotseat")
    token = created.token()
    for action in ("end", "move 7-arm 0203 0304 0305 0405 0505 0605 0706 0806", "end"):
        assert api.act(created, token, action).status_code == 200
    match = api.game(created).match
    before = match.state_hash()
    legal = api.get(created, "legal", token).json()
    (option,) = legal["attacks"]["0907"]["options"]
    assert option["column"] == "?" and not option["known"] and option["results"] == {}
    assert option["attack"] is None and option["defense"] is None
    untried = sorted(u.id for u in match.units_at("0907") if match.is_untried(u))
    assert untried and all(any(u in line for line in option["explanation"]) for u in untried)
    assert match.state_hash() == before
    assert all(match.is_untried(match.state.units[u]) for u in untried)


class Meddler:
    """A title hook that changes the match while it is asked about a battle: a leader joining
    the attack it helps does so (PGG 10.26)."""

    @hookimpl
    def wargame_strength_modifiers(self, match: Match, battle: Battle) -> list[object]:
        unit = match.state.units[battle.attackers[0]]
        unit.flags["led"] = "somewhere"
        match.place(unit, "0101")
        match.roll("1d6", "a meddling roll")
        return []


def test_hooks_that_change_the_state_while_asked_change_only_a_sandbox(api: Api) -> None:
    created, token = _to_blue_combat(api)
    match = api.game(created).match
    before, history = match.state_hash(), list(match.history)
    match.pm.register(Meddler())
    legal = api.get(created, "legal", token).json()
    (option,) = legal["attacks"]["1007"]["options"]
    assert option["column"] == "8-1"
    preview = api.post(created, "preview", token, {"action": option["action"]}).json()
    assert preview == option
    assert match.state_hash() == before and match.history == history
    unit = match.state.units["7-arm"]
    assert unit.loc == "1006" and "led" not in unit.flags
    assert [u.id for u in match.units_at("1006")] == ["7-arm"] and not match.units_at("0101")


def test_an_overrun_shows_its_odds_and_falls_on_that_column(api: Api) -> None:
    """Red's HQ deploys alone in 0907, its rifles in 1007; Blue's armour may overrun it (HL 6.5:
    the attack is halved). The legal actions list the overruns with their odds pending (pricing
    one moves its units first); the page asks for those it shows."""
    created = api.create(title="hexland", seed=0, mode="hotseat")
    token = created.token()
    for action in ("deploy r6 1007", "deploy r4 1007", "end"):
        assert api.act(created, token, action).status_code == 200
    match = api.game(created).match
    before = match.state_hash()
    legal = api.get(created, "legal", token).json()
    assert not legal["attacks"] and not any(c["verb"] == "overrun" for c in legal["choices"])
    listed = legal["overruns"]["0907"]["options"]
    overruns = sorted(str(a) for a in match.legal_actions() if a.verb == "overrun")
    assert sorted(o["action"] for t in legal["overruns"].values() for o in t["options"]) == overruns
    assert all(o["pending"] and o["column"] is None and not o["known"] for o in listed)
    priced = []
    for o in listed:
        r = api.post(created, "preview", token, {"action": o["action"]})
        assert r.status_code == 200, r.text
        priced.append(r.json())
    assert match.state_hash() == before  # the overrunners never left 0203
    assert [u.id for u in match.units_at("0203")] == ["7-arm", "8-arm"]
    assert all(p["known"] and "pending" not in p for p in priced)
    assert all(p[k] == o[k] for p, o in zip(priced, listed, strict=True) for k in ("via", "action"))
    by_units = {(o["attackers"][0] if len(o["attackers"]) == 1 else "both"): o for o in priced}
    assert (by_units["7-arm"]["column"], by_units["7-arm"]["attack"]) == ("4-1", 4)  # 8 halved
    assert (by_units["8-arm"]["column"], by_units["8-arm"]["attack"]) == ("3-1", 3)  # 7 halved
    assert by_units["both"]["automatic"] == "DE"  # 15 halved: 7-1, above the table
    option = by_units["7-arm"]
    assert option["kind"] == "overrun" and option["via"][-1] in ("0806", "0906")
    assert any("halved" in line for line in option["explanation"])

    r = api.act(created, token, option["action"])
    battle = next(e for e in r.json()["entries"][0]["events"] if e["kind"] == "battle")["battle"]
    assert (battle["kind"], battle["column"]) == ("overrun", option["column"])
    assert battle["explanation"][: len(option["explanation"])] == option["explanation"]
    assert battle["result"] == option["results"][str(battle["roll"])]
