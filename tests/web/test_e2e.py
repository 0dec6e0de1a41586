"""The page in a real headless browser (the system's Chromium under Playwright) against a real
``wargame serve`` on a free port: everything a player does with the mouse.

Hexland, seed 2, Blue at the screen and Red a bot: Blue's 7th Armored leaves its stack, moves next
to two untried Red rifles and attacks them. The odds are "?" with the reason, the roll is 3 at 1-1:
A1, so Blue answers a loss decision. Then undo, save, a later action, load, reload. Panzergruppe
Guderian's full map is drawn with every counter, and two seats in two browser pages see each
other's moves.

Skipped, with the reason, when Playwright or /usr/bin/chromium is missing, unless
``WARGAME_REQUIRE_BROWSER`` is set (CI sets it: there a missing browser is a failure).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web import browser as web
from wargame.plugins import Registry

pytestmark = pytest.mark.xdist_group("browser")

MISSING = web.missing()
if MISSING is not None and not web.required():
    pytest.skip(MISSING, allow_module_level=True)
if MISSING is None:
    from playwright.sync_api import Page, expect

TIMEOUT_MS = 20_000


@pytest.fixture(scope="module")
def site(registry: Registry) -> Iterator[str]:
    with web.server(registry, "hexland") as url:
        yield url


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if MISSING is not None:
        pytest.fail(f"{web.REQUIRE_ENV} is set, but the browser tests cannot run: {MISSING}")
    with web.browser() as launched:
        yield launched


@pytest.fixture
def page(chromium: Any) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def _start(
    page: Page, site: str, title: str, seed: int | None = None, humans: tuple[str, ...] = ()
) -> None:
    """The new-game dialog: title, seed, seats (by default the first side human, the rest
    bots; ``humans``: these sides human too), hot-seat."""
    page.goto(site)
    expect(page.locator("#start")).to_be_visible()
    if title:
        page.select_option("#start-title", title)
    if seed is not None:
        page.fill("#start-seed", str(seed))
    for side in humans:
        page.select_option(f'#start-sides select[data-side="{side}"]', "human")
    page.click("#start-go")
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#bar-decision")).to_contain_text("Your decision")
    expect(page.locator("#global-choices button").first).to_be_visible()


def _log(page: Page) -> str:
    return page.inner_text("#log")


def _counters_at(page: Page, loc: str) -> str:
    """The hover box of a location: its id and the units there."""
    page.hover(f'#map svg [data-loc="{loc}"]', force=True)
    box = page.locator("#hover")
    expect(box).to_be_visible()
    expect(box).to_contain_text(loc)
    return box.inner_text()


def test_move_attack_answer_a_loss_undo_save_load_and_reload(page: Page, site: str) -> None:
    _start(page, site, "hexland", seed=2, humans=("red",))
    assert page.locator("#map svg .hex").count() > 50
    # Red (at the same screen) deploys its HQ forward, as in the game this test has always
    # followed; the dice are the seed's, so the battle below rolls what it always rolled
    page.click("#map svg .stack-count[data-badge='0907']")
    page.click('#map svg .counter[data-unit="hq-red"]')
    page.click('#map svg [data-loc="1007"]', force=True)
    expect(page.locator("#log")).to_contain_text("1. Red: deploy hq-red 1007")
    page.click('#global-choices button:text-is("end")')
    expect(page.locator("#bar-decision")).to_have_text("Your decision: Blue movement")
    assert "7-arm 7th Armored" in _counters_at(page, "0203")

    # a stack spreads out on click; then pick the 7th Armored out of it
    page.click('#map svg .stack-count[data-badge="0203"]')
    expect(page.locator("#map svg .stack-open")).to_have_count(1)
    page.click('#map svg .counter[data-unit="7-arm"]')
    expect(page.locator("#panel-select")).to_contain_text("8 MP left")
    expect(page.locator('#map svg .counter.sel[data-unit="7-arm"]')).to_have_count(1)
    assert page.locator("#reach polygon").count() > 20  # the reachable hexes, tinted
    hover = _counters_at(page, "0803")
    assert re.search(r"move to 0803: \d+(\.5)? MP", hover)
    expect(page.locator("#paths #path polyline")).to_have_count(1)  # the path to it

    page.click('#map svg [data-loc="0803"]', force=True)
    expect(page.locator("#log")).to_contain_text("3. Blue: move 7-arm 0203")
    assert "7-arm" in _counters_at(page, "0803") and "7-arm" not in _counters_at(page, "0203")

    page.click('#global-choices button:text-is("end")')
    expect(page.locator("#bar-phase")).to_have_text("blue/combat")

    # the attack: odds before committing; the rifles are untried, so "?" and why
    page.click('#map svg [data-loc="0903"]', force=True)
    panel = page.locator("#panel-attack")
    expect(panel).to_be_visible()
    expect(panel.locator(".odds")).to_have_text("?")
    expect(panel).to_contain_text("odds unknown until combat")
    expect(panel.locator(".explain li")).to_have_count(2)
    expect(panel.locator(".explain")).to_contain_text("untried")
    panel.locator('#attack-options button:text-is("Attack")').click()
    expect(page.locator("#log")).to_contain_text("5. Blue: attack 0903 with 7-arm")
    log = _log(page)
    assert "rolled 3" in log and "roll 3: A1" in log and "revealed" in log

    # the loss decision offers only legal choices
    choices = page.locator("#global-choices button")
    expect(choices).to_have_text(["lose 7-arm", "retreat-instead"])
    expect(page.locator("#bar-decision")).to_have_text("Your decision: Blue loss")
    choices.first.click()
    expect(page.locator("#log")).to_contain_text("6. Blue: lose 7-arm")
    expect(page.locator("#log")).to_contain_text("7-arm loses 1 step(s)")
    expect(page.locator('#map svg .counter[data-unit="7-arm"] + .reduced')).to_have_count(1)

    # undo takes the loss back: the decision is open again
    page.click("#btn-undo")
    expect(page.locator("#toast")).to_contain_text("taken back: lose 7-arm")
    expect(page.locator("#log")).not_to_contain_text("7-arm loses 1 step(s)")
    expect(choices).to_have_text(["lose 7-arm", "retreat-instead"])
    expect(page.locator('#map svg .counter[data-unit="7-arm"] + .reduced')).to_have_count(0)

    # save, play on, load the save: back at the loss decision
    with page.expect_download() as download:
        page.click("#btn-save")
    saved = Path(download.value.path())
    body = json.loads(saved.read_text(encoding="utf-8"))
    assert body["title"] == "hexland" and body["actions"][-1] == "attack 0903 with 7-arm"
    page.click('#global-choices button:text-is("retreat-instead")')
    expect(page.locator("#log")).to_contain_text("6. Blue: retreat-instead")
    page.set_input_files("#load-file", str(saved))
    expect(page.locator("#toast")).to_contain_text("save loaded")
    expect(page.locator("#log")).not_to_contain_text("retreat-instead")
    expect(choices).to_have_text(["lose 7-arm", "retreat-instead"])

    # a reload joins the same match from the address
    page.reload()
    expect(page.locator("#log")).to_contain_text("5. Blue: attack 0903 with 7-arm")
    expect(choices).to_have_text(["lose 7-arm", "retreat-instead"])
    assert "7-arm" in _counters_at(page, "0803")


def test_an_overrun_shows_its_odds_before_it_is_made(page: Page, site: str) -> None:
    """Both sides at one screen. Red deploys two rifles to 1007 by clicking, which leaves its HQ
    alone in 0907. Blue's 7th Armored, once selected, rings the places it may overrun with their
    odds (untried rifles: "?"; the HQ: 4-1, the armour's 8 halved, HL 6.5); a click on the HQ
    lists the choices with their explanation; one is made and the battle is in the log."""
    _start(page, site, "hexland", seed=0, humans=("red",))
    expect(page.locator("#bar-decision")).to_have_text("Your decision: Red deploy")
    for unit in ("r6", "r4"):
        page.click("#map svg .stack-count[data-badge='0907']")
        page.click(f'#map svg .counter[data-unit="{unit}"]')
        page.click('#map svg [data-loc="1007"]', force=True)
        expect(page.locator("#log")).to_contain_text(f"Red: deploy {unit} 1007")
    page.click('#global-choices button:text-is("end")')
    expect(page.locator("#bar-decision")).to_have_text("Your decision: Blue movement")

    page.click('#map svg .stack-count[data-badge="0203"]')
    page.click('#map svg .counter[data-unit="7-arm"]')
    labels = page.locator("#ov text")
    expect(labels.filter(has_text=re.compile(r"^4-1$"))).to_have_count(1)  # 0907, when priced
    expect(labels.filter(has_text=re.compile(r"^\?$"))).not_to_have_count(0)  # the rifles
    page.click('#map svg [data-loc="0907"]', force=True)
    panel = page.locator("#panel-attack")
    expect(panel.locator("#attack-kind")).to_have_text("Overrun")
    expect(panel.locator("#attack-target")).to_have_text("0907")
    option = panel.locator(".option").first
    expect(option).to_contain_text("with 7-arm via 0203")
    expect(option.locator(".odds")).to_have_text("4-1")
    expect(option.locator(".explain")).to_contain_text("halved")
    expect(option.locator(".results")).to_be_visible()
    assert "overrun" not in _log(page)  # nothing made yet
    option.locator('button:text-is("Overrun")').click()
    expect(page.locator("#log")).to_contain_text("Blue: overrun 0907 with 7-arm via 0203")
    expect(page.locator("#log")).to_contain_text("4-1, roll")


def test_panzergruppe_guderian_draws_every_counter(page: Page, site: str) -> None:
    _start(page, site, "panzergruppe-guderian", seed=1)
    expect(page.locator("#bar-title")).to_contain_text("Panzergruppe Guderian")
    assert page.locator("#map svg .hex").count() > 1000
    state = page.evaluate("() => S.state")
    on_map = [u for u in state["view"]["units"] if u["loc"] is not None]
    counters = page.locator("#map svg .counter")
    expect(counters).to_have_count(len(on_map))
    assert state["view"]["decision"]["kind"] == "deploy"
    values = page.locator("#map svg .counter-values").all_text_contents()
    assert "?" in "".join(values)  # untried Soviet units show "?" for what no one has seen


def test_two_seats_see_each_others_moves(chromium: Any, site: str) -> None:
    key = re.search(r'name="wargame-page" content="([^"]+)"', httpx.get(site).text)
    assert key, "the page carries the server's page key"
    created = httpx.post(
        f"{site}api/matches",
        json={"title": "hexland", "seed": 0, "mode": "seats"},
        headers={"X-Wargame-Page": key.group(1)},
        timeout=30,
    ).json()
    links = {s["sides"][0]: s["token"] for s in created["seats"]}
    pages = {}
    for side in ("red", "blue"):
        context = chromium.new_context(viewport={"width": 1200, "height": 800})
        context.set_default_timeout(TIMEOUT_MS)
        pages[side] = context.new_page()
        pages[side].goto(f"{site}#m={created['match']}&s={links[side]}")
    try:
        red, blue = pages["red"], pages["blue"]
        expect(red.locator("#bar-decision")).to_have_text("Your decision: Red deploy")
        expect(blue.locator("#bar-decision")).to_have_text("Waiting for Red: deploy")
        expect(blue.locator("#panel-more")).to_be_hidden()  # no choices for the other seat
        red.click('#global-choices button:text-is("end")')
        expect(red.locator("#bar-decision")).to_contain_text("Waiting for Blue")
        # the blue page learns of it by polling, and now decides
        expect(blue.locator("#bar-decision")).to_contain_text("Your decision: Blue")
        expect(blue.locator("#log")).to_contain_text("1. Red: end")
    finally:
        for p in pages.values():
            p.context.close()
