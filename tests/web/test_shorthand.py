"""The page's typed-action box reads the short notations as ``wargame act`` does
(:mod:`wargame.shorthand`): a stack by its hex, the cheapest path to a destination, an attack
without its obvious units; the log and the save keep the full notation, and an ambiguous text
is refused naming what was ambiguous, the match unchanged. A title's own battles (Dark
Crusade's ``fight POINT``) are priced on the page as in ``wargame odds``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.conftest import Api, Created


def hexland_blue_moving(api: Api) -> Created:
    """Hexland seed 7 in a hot seat at Blue's first movement phase (as ``moving`` in
    tests/test_cli_play.py)."""
    created = api.create(title="hexland", seed=7, mode="hotseat")
    r = api.post(created, "actions", created.token(), {"action": "end"})
    assert r.status_code == 200, r.text
    return created


def test_a_stack_named_by_its_hex_moves_and_the_save_keeps_the_full_move(api: Api) -> None:
    created = hexland_blue_moving(api)
    r = api.post(created, "actions", created.token(), {"action": "move 0203 0803"})
    assert r.status_code == 200, r.text
    first = r.json()["entries"][0]
    assert first["action"].startswith("move 7-arm,8-arm 0203 ") and first["action"].endswith(
        " 0803"
    )
    assert first["read"].startswith("move 0203 0803: read as 'move 7-arm,8-arm 0203 ")
    saved = api.get(created, "save", created.token()).json()
    assert first["action"] in saved["actions"] and "move 0203 0803" not in saved["actions"]


def test_an_attack_may_leave_out_its_obvious_units(api: Api) -> None:
    created = hexland_blue_moving(api)
    for text in ("move 0203 0803", "move 0305 0804", "end"):
        assert api.post(created, "actions", created.token(), {"action": text}).status_code == 200
    preview = api.post(created, "preview", created.token(), {"action": "attack 0903"})
    assert preview.status_code == 200, preview.text
    assert preview.json()["action"] == "attack 0903 with 7-arm,8-arm"
    r = api.post(created, "actions", created.token(), {"action": "attack 0903"})
    assert r.status_code == 200, r.text
    first = r.json()["entries"][0]
    assert first["action"] == "attack 0903 with 7-arm,8-arm"
    assert first["read"] == "attack 0903: read as 'attack 0903 with 7-arm,8-arm'"


def test_an_ambiguous_short_form_is_refused_naming_what_matched(api: Api) -> None:
    created = hexland_blue_moving(api)
    before = api.get(created, "state", created.token()).json()
    r = api.post(created, "actions", created.token(), {"action": "overrun 0903"})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error.startswith("illegal action 'overrun 0903': ambiguous: ")
    assert "which units: 7-arm, 8-arm, 7-arm,8-arm?" in error and "name more" in error
    after = api.get(created, "state", created.token()).json()
    assert after == before  # refused: nothing changed
    r = api.post(created, "actions", created.token(), {"action": "move 1-inf 0907"})
    assert r.status_code == 422
    assert "read as a short form: no legal 'move' of 1-inf ends in 0907" in r.json()["error"]


def test_dark_crusade_fight_choice_is_priced_with_each_sides_fire(api: Api) -> None:
    """Dark Crusade's battles are fought by ``fight POINT`` (DC 13.0): the page's choices mark
    it priced and its preview gives each side's fire, how it is made and the hits of every
    roll (DC 13.B.2), as ``wargame odds`` does. The golden game at its first battle."""
    golden = json.loads(Path("tests/golden/dark-crusade.json").read_text())
    first = next(i for i, a in enumerate(golden["actions"]) if a.startswith("fight"))
    created = api.create(
        title="dc", scenario=golden["scenario"], seed=golden["seed"], mode="hotseat"
    )
    for text in golden["actions"][:first]:
        r = api.act(created, created.token(), text)
        assert r.status_code == 200, (text, r.text)
    choices = api.get(created, "choices", created.token()).json()["choices"]
    fight = next(c for c in choices if c["action"] == golden["actions"][first])
    assert fight["priced"] and not any(c["priced"] for c in choices if c["verb"] == "end")
    r = api.post(created, "preview", created.token(), {"action": fight["action"]})
    assert r.status_code == 200, r.text
    found = r.json()
    assert found["known"] and found["column"].startswith("axis fire ")
    assert [f["side"] for f in found["fires"]] == ["axis", "soviet"]
    assert found["fires"][0]["why"] == "1 (units 1: rum-m1 1)"
    assert all(
        set(g["hits"]) == {"1", "2", "3", "4", "5", "6"} for g in found["fires"][1]["groups"]
    )
