"""The page's typed-action box reads the short notations as ``wargame act`` does
(:mod:`wargame.shorthand`): a stack by its hex, the cheapest path to a destination, an attack
without its obvious units; the log and the save keep the full notation, and an ambiguous text
is refused naming what was ambiguous, the match unchanged."""

from __future__ import annotations

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
