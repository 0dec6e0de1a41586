"""Barbarossa plays in ``wargame serve``: a two-seat Road Back through the HTTP API, with the
German seat never shown the RVGK's units (BARB 11.7) and every refusal naming its rule."""

from __future__ import annotations

import json

from tests.web.conftest import Api, api  # noqa: F401  (the module's API fixture)


def test_the_road_back_plays_through_the_api_and_hides_the_rvgk_11_7(api: Api) -> None:  # noqa: F811
    created = api.create(title="barbarossa", scenario="road-back", seed=3, mode="seats")
    assert len(created.tokens) == 2  # one private token per human side
    soviet = created.token("soviet")
    german = created.token("german")
    state = api.get(created, "state", soviet).json()
    assert state["view"]["decision"]["side"] == "soviet"
    legal = api.get(created, "legal", soviet)
    assert legal.status_code == 200
    r = api.act(created, soviet, "end")  # GT13: the Soviet Prepared Assault Phase only (12.2)
    assert r.status_code == 200, r.text
    german_view = json.dumps(api.get(created, "state", german).json())
    assert "sov-2g" not in german_view and "sov-5s" not in german_view
    for _ in range(20):  # the administrative segments of GT14, to the German's phase order
        decision = api.get(created, "state", soviet).json()["view"]["decision"]
        if decision["kind"] == "order" and decision["side"] == "german":
            break
        api.act(created, created.token(decision["side"]), "end")
    r = api.act(created, german, "order fight-fight")
    assert r.status_code in (409, 422) and "BARB 5.5" in r.text
