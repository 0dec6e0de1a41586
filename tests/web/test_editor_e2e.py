"""The map editor in a real headless browser (issue 19): paint a small map with the mouse, save
it, reload it, and play it; build a point-to-point network the same way.

Skipped like ``test_e2e.py`` when Playwright or Chromium is missing (a failure in CI).
"""

from __future__ import annotations

import base64
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.titles.hexland import plugin as hexland_plugin
from tests.web import browser as web
from wargame.editor import mapdoc
from wargame.editor.app import create_app
from wargame.match import Match
from wargame.plugins import discover
from wargame.web.app import listen

pytestmark = pytest.mark.xdist_group("browser")

MISSING = web.missing()
if MISSING is not None and not web.required():
    pytest.skip(MISSING, allow_module_level=True)

HEXLAND = Path(hexland_plugin.__file__).parent / "data"
PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with web.module_browser(MISSING) as launched:
        yield launched


def _editor(folder: Path, document: dict[str, Any] | None = None) -> Any:
    sock = listen("127.0.0.1", 0)
    return web.serving(create_app(folder, document, port=sock.getsockname()[1]), sock)


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1300, "height": 850})
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == []


def _centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _hex(page: Any, hex_id: str) -> tuple[float, float]:
    return _centre(page, f"polygon[data-id='{hex_id}']")


def _click(page: Any, hex_id: str) -> None:
    page.mouse.click(*_hex(page, hex_id))


def _terrain(page: Any, hex_id: str) -> str:
    return str(page.locator(f"polygon[data-id='{hex_id}']").get_attribute("data-terrain"))


def test_paint_a_hex_map_save_reload_and_play_it(page: Any, tmp_path: Path) -> None:
    folder = tmp_path / "hexland"
    shutil.copytree(HEXLAND, folder)
    with _editor(folder) as url:
        page.goto(url)
        page.wait_for_selector("polygon[data-id='0101']")
        assert page.title() == "wargame: map editor"

        # Terrain: one drag paints every hex it crosses.
        page.check("input[name=brush][value=forest]")
        page.mouse.move(*_hex(page, "0101"))
        page.mouse.down()
        for hex_id in ("0102", "0103"):
            page.mouse.move(*_hex(page, hex_id), steps=4)
        page.mouse.up()
        assert [_terrain(page, h) for h in ("0101", "0102", "0103")] == ["forest"] * 3
        assert page.title().startswith("* ")  # unsaved changes

        # A river on the hexside nearest the click.
        page.check("input[name=tool][value=hexside]")
        page.check("input[name=brush][value=river]")
        (ax, ay), (bx, by) = _hex(page, "0101"), _hex(page, "0102")
        page.mouse.click(ax + (bx - ax) * 0.4, ay + (by - ay) * 0.4)
        assert page.locator("line[data-side='0101-0102'][data-feature=river]").count() == 1

        # A road through three adjacent hexes; a hex that is not adjacent is refused.
        page.check("input[name=tool][value=line]")
        for hex_id in ("0104", "0204", "0304"):
            _click(page, hex_id)
        _click(page, "0904")
        assert "not next to 0304" in page.locator("#status").inner_text()
        _click(page, "0304")  # the last hex again ends the line
        assert "road: 0104 to 0304 (3 hexes)" in page.locator("#lineList").inner_text()

        # A place: name and VP.
        page.check("input[name=tool][value=place]")
        _click(page, "0101")
        page.fill("#placeName", "Oakwood")
        page.fill("#placeVp", "2")
        page.click("#placeApply")
        assert page.locator("text.name", has_text="Oakwood").count() == 1

        # A set-up area, and a hex taken off the map then put back by Undo.
        page.check("input[name=tool][value=region]")
        page.fill("#regionName", "setup:blue-north")
        _click(page, "0102")
        assert page.locator("circle[data-region='0102']").count() == 1
        page.check("input[name=tool][value=offmap]")
        _click(page, "1210")
        assert "off" in (page.locator("polygon[data-id='1210']").get_attribute("class") or "")
        page.click("#undo")
        assert "off" not in (page.locator("polygon[data-id='1210']").get_attribute("class") or "")
        page.click("#redo")
        page.click("#undo")

        # The owner's printed map under the grid, scaled: drawn, never saved.
        page.set_input_files(
            "#backFile", files=[{"name": "map.png", "mimeType": "image/png", "buffer": PIXEL_PNG}]
        )
        page.wait_for_selector("#back image")
        page.fill("#backScale", "400")
        assert float(page.locator("#back image").get_attribute("width")) == pytest.approx(8.0)

        page.click("#save")
        page.wait_for_selector("#status.good:has-text('saved')")
        assert not page.title().startswith("* ")

        page.reload()
        page.wait_for_selector("polygon[data-id='0101']")
        assert _terrain(page, "0101") == "forest"
        assert page.locator("text.name", has_text="Oakwood").count() == 1

    saved = json.loads((folder / "map.json").read_text())
    assert "exclude" not in saved
    owner = tmp_path / "owner" / "hexland"
    owner.mkdir(parents=True)
    shutil.copy(folder / "map.json", owner / "map.json")
    match = Match(
        discover(extra=[hexland_plugin], owner_dir=owner.parent).get("hexland"), "meeting", 1
    )
    grid = match.topology
    assert grid.terrain("0103") == "forest"
    assert grid.attrs("0101")["vp"] == 2
    assert "river" in grid.edge("0101", "0102").features
    assert "0102" in grid.region("setup:blue-north")


def test_a_save_that_would_not_load_lists_the_problems(page: Any, tmp_path: Path) -> None:
    folder = tmp_path / "hexland"
    shutil.copytree(HEXLAND, folder)
    before = (folder / "map.json").read_bytes()
    with _editor(folder) as url:
        page.goto(url)
        page.wait_for_selector("polygon[data-id='0101']")
        page.fill("#gridColumns", "0")
        page.click("#gridApply")
        page.wait_for_selector("#status.bad")
        assert "columns" in page.locator("#status").inner_text()
        page.check("input[name=tool][value=terrain]")
        page.fill("#newName", "tundra")  # not in terrain.json: the save works, the title warns
        page.click("#addName")
        assert "terrain.json" in page.locator("#status").inner_text()
        _click(page, "0505")
        page.click("#save")
        page.wait_for_selector("#problems li")
        assert "tundra" in page.locator("#problems").inner_text()
    assert (folder / "map.json").read_bytes() != before  # saved: a map alone may use new terrain


def test_build_a_point_to_point_network(page: Any, tmp_path: Path) -> None:
    with _editor(tmp_path, mapdoc.new_document("points", "islands")) as url:
        page.goto(url)
        page.wait_for_selector("#map")
        svg = page.locator("#map").bounding_box()
        for fx, fy in ((0.3, 0.4), (0.6, 0.4), (0.45, 0.7)):
            page.mouse.click(svg["x"] + svg["width"] * fx, svg["y"] + svg["height"] * fy)
        assert page.locator("circle.point").count() == 3
        page.fill("#placeName", "Ayr")
        page.click("#placeApply")
        page.check("input[name=tool][value=link]")
        page.mouse.click(*_centre(page, "circle[data-id='p1']"))
        page.mouse.click(*_centre(page, "circle[data-id='p2']"))
        assert page.locator("line[data-link='p1-p2']").count() == 1
        page.check("input[name=tool][value=point]")
        start = _centre(page, "circle[data-id='p3']")
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(start[0] + 80, start[1] + 30, steps=5)
        page.mouse.up()
        page.click("#save")
        page.wait_for_selector("#status.good:has-text('saved')")
    saved = json.loads((tmp_path / "map.json").read_text())
    assert sorted(saved["points"]) == ["p1", "p2", "p3"]
    assert saved["points"]["p3"]["name"] == "Ayr"  # the last point placed was the one selected
    assert saved["links"] == [{"points": ["p1", "p2"], "class": "major"}]
    assert mapdoc.problems(saved, "map.json") == []
