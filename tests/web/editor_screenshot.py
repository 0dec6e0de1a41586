"""``python -m tests.web.editor_screenshot docs``: the map editor's picture for the README.

Hexland's map in the editor with the region tool showing a set-up area, drawn by the system's
Chromium (see :mod:`tests.web.browser`).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from tests.titles.hexland import plugin as hexland_plugin
from tests.web import browser as web
from wargame.editor.app import create_app
from wargame.web.app import listen


def main(out: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "hexland"
        shutil.copytree(Path(hexland_plugin.__file__).parent / "data", folder)
        sock = listen("127.0.0.1", 0)
        app = create_app(folder, port=sock.getsockname()[1])
        with web.serving(app, sock) as url, web.browser() as chromium:
            page = chromium.new_page(viewport={"width": 1300, "height": 820})
            page.goto(url)
            page.wait_for_selector("polygon[data-id='0101']")
            page.check("input[name=tool][value=region]")
            page.fill("#regionName", "setup:red-north")
            page.dispatch_event("#regionName", "input")
            page.hover("polygon[data-id='0905']")
            target = Path(out) / "map-editor.png"
            page.screenshot(path=str(target))
            print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs"))
