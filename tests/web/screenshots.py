"""Pictures of the page for the docs: ``python -m tests.web.screenshots OUTDIR [TITLE ...]``.

For each title (an id or alias; default ``pgg``): heuristic bots play both sides (seed 1) until
the side at the screen (``--side``, by default the title's last) has units to move on turn
``--turn`` (default 2) or later; the game so far goes to a ``wargame serve`` on a free port as a
save file, with that side human and the others bots, and opens in the system's headless
Chromium. The page selects the unit with the most other units near it, zooms to it and points at
its farthest destination (the reachable hexes, the path and its cost show), then the picture is
written to ``OUTDIR/web-TITLE.png``, TITLE as given. Look at the file before committing it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tests.conftest import TEST_TITLE_PLUGINS
from tests.web.browser import browser, create_match, missing, server
from wargame import savefile
from wargame.bots import make_bot, play
from wargame.match import Match
from wargame.plugins import Registry, Title, discover
from wargame.topology import is_box

VIEWPORT = {"width": 1400, "height": 900}
ZOOM = 0.3
"""The width shown, as a share of the whole map's."""
NEAR = 4
"""Hexes (or links) within which other units count as near the unit shown."""
MAX_ACTIONS = 20_000


def _position(title: Title, seed: int, side: str, turn: int) -> Match:
    """Bots play until ``side`` has units to move on ``turn`` or later."""
    match = Match(title, seed=seed)
    bots = {s: make_bot("heuristic", seed + n) for n, s in enumerate(match.sides)}

    def there(m: Match) -> bool:
        d = m.decision
        if d is None or d.side != side or m.turn < turn or m.state.cursor.stage != "turn":
            return False
        return any(a.verb == "move" for a in m.legal_actions())

    play(match, bots, max_actions=MAX_ACTIONS, until=there)
    if not there(match):
        raise SystemExit(f"{title.id}: {side} never had units to move from turn {turn} on")
    return match


def _busiest(title: Title, moves: dict[str, Any], units: list[dict[str, Any]]) -> list[str]:
    """The unit to show moving: one with the most units (of either side, its own stack aside)
    near it, so the picture has counters in it; then the one with the most destinations."""
    topology = title.topology
    places = [u["loc"] for u in units if u.get("loc") in topology and not is_box(u["loc"])]

    def score(key: str) -> tuple[int, int, str]:
        start = moves[key]["from"]
        if is_box(start):
            return (-1, 0, key)
        near = sum(1 for loc in places if 0 < topology.distance(start, loc) <= NEAR)
        return (near, len(moves[key]["destinations"] or ()), key)  # None: not asked yet

    singles = [k for k in moves if "," not in k] or list(moves)
    return sorted(singles, key=score, reverse=True)  # the best first


_FOCUS = """([key, dest, zoom]) => {
  select(key);
  const c = centre(dest), u = centre(S.units.get(key.split(",")[0]).loc);
  const box = document.getElementById("map").getBoundingClientRect(), aspect = box.height / box.width;
  const w = Math.min(S.full.w, Math.max(S.full.w * zoom, Math.abs(c.x - u.x) + 8, (Math.abs(c.y - u.y) + 8) / aspect));
  const h = w * aspect, f = S.full, within = (v, lo, span, size) => Math.max(lo, Math.min(v, lo + span - size));
  S.vb = { x: within((c.x + u.x) / 2 - w / 2, f.x, f.w, w), y: within((c.y + u.y) / 2 - h / 2, f.y, f.h, h), w, h };
  applyVB();
}"""


def screenshot(
    registry: Registry,
    name: str,
    out: Path,
    seed: int = 1,
    side: str | None = None,
    turn: int = 2,
) -> Path:
    """The page for one title, as described above, written to ``out``."""
    title = registry.get(name)
    human = side or title.manifest.sides[-1].id
    match = _position(title, seed, human, turn)
    seats = {s: ("human" if s == human else "bot") for s in match.sides}
    body = {"save": savefile.to_dict(match), "mode": "hotseat", "seats": seats}
    with server(registry, title.id) as url, browser() as chromium:
        created = create_match(url, body, timeout=300)
        token = created["seats"][0]["token"]
        page = chromium.new_page(viewport=VIEWPORT)
        page.set_default_timeout(60_000)
        page.goto(f"{url}#m={created['match']}&s={token}")
        page.wait_for_selector("#map svg .hex, #map svg .point")
        page.wait_for_function("() => S.legal !== null")
        legal = page.evaluate("() => S.legal")
        dests: dict[str, Any] = {}
        for key in _busiest(title, legal["moves"], page.evaluate("() => S.state.view.units")):
            page.evaluate("(key) => select(key)", key)  # its destinations come on selection
            page.wait_for_function(
                "(key) => S.loaded.has(key) && !S.busy && (!S.legal.moves[key]"
                " || S.legal.moves[key].destinations)",
                arg=key,
            )
            dests = page.evaluate("(key) => (S.legal.moves[key] || {}).destinations || {}", key)
            if dests:
                break
        if not dests:
            raise SystemExit(f"{title.id}: no unit of {human} has a destination")
        dest = max(sorted(dests), key=lambda d: (dests[d]["cost"] or 0, len(dests[d]["path"])))
        page.evaluate(_FOCUS, [key, dest, ZOOM])
        box = page.locator(f'#map svg [data-loc="{dest}"]').first.bounding_box()
        if box is not None:
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_selector("#hover:not([hidden])")
        page.wait_for_timeout(300)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.screenshots", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("titles", nargs="*", default=["pgg"], help="title ids or aliases")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--side", help="the side at the screen (default: the title's last)")
    parser.add_argument("--turn", type=int, default=2, help="the turn to show (default: 2)")
    args = parser.parse_args(argv)
    why = missing()
    if why is not None:
        print(f"cannot take screenshots: {why}", file=sys.stderr)
        return 2
    registry = discover(extra=TEST_TITLE_PLUGINS, owner_dir=None)
    for name in args.titles:
        out = args.outdir / f"web-{name}.png"
        print(screenshot(registry, name, out, args.seed, args.side, args.turn))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
