"""Draw Land Without End at the start (``docs/lwe-map.png``) with the kernel's renderer.

The title is loaded through its plugin module (it is not a registered entry point until it
plays). The set-up puts a formation's units on the first hex of its area and lets the player
deploy them (3.4, 3.5); for the picture they are spread over their area, Germans on the Greater
Germany hexes nearest the border, at most six stacking points a hex (6.1). Control markers are
left off: at the start every hex is controlled by the side whose country it is in (3.6).

    python -m wargame.games.land_without_end.mapgen.picture [--output docs/lwe-map.png]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from wargame import render
from wargame.games.land_without_end import plugin
from wargame.match import Match
from wargame.plugins import discover

LIMIT = 6  # stacking points per hex (LWE 6.1)


def start_match() -> Match:
    title = discover(extra=[plugin], owner_dir=None).get("land-without-end")
    return Match(title)


def spread(match: Match) -> None:
    """Spread every deployable unit over its placement's hexes, nearest the enemy first."""
    topo = match.topology
    counters = match.counters_doc["counters"]
    weights = {k: v.get("stacking", 1) for k, v in match.counters_doc["unit_types"].items()}
    soviet = topo.region("country:ussr")
    load: dict[str, float] = {}
    for unit in sorted(match.state.units.values(), key=lambda u: u.id):
        hexes = [h for h in unit.flags.get("deploy", []) if not h.startswith("box:")]
        if not hexes:
            continue
        if unit.side == "german":
            border = [h for h in hexes if any(n in soviet for n in topo.neighbours(h))]
            hexes = border or hexes
        weight = weights[counters[unit.counter]["type"]]
        free = [h for h in hexes if load.get(h, 0) + weight <= LIMIT]
        if not free:
            continue
        target = min(free, key=lambda h: (load.get(h, 0), h))
        load[target] = load.get(target, 0) + weight
        match.place(unit, target)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=Path("docs/lwe-map.png"))
    parser.add_argument("--ids", action="store_true", help="print hex numbers")
    args = parser.parse_args(argv)
    match = start_match()
    spread(match)
    match.state.control = {}  # every hex starts in its country's side's control (3.6): no markers
    print(render.png(match, args.output, ids=args.ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
