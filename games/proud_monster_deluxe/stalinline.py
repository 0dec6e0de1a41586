"""The Stalin line destroyed hex by hex (PMD 13.4.2): an Axis unit entering a Stalin line hex
destroys it for good; the Soviets reoccupying it find no fort there.

The destroyed hexes are kept in this module's namespace, ``stalin-line``: written when an Axis
unit's move, MA, advance or retreat passes through or ends in one (``wargame_moved``), and when
an action leaves an Axis unit in one however it came (``wargame_settled``: strategic movement,
a drop). In the 1942 scenario every hex is destroyed from the start (the scenario variable
``stalin_line_destroyed``). ``constructions.active_forts`` reads :func:`destroyed`: the one
answer for the 1L, the MA bar, the concentric bar, 13.10's loss and the forts' supply weeks.

No ``stalin-line`` location marker is placed on the map (the Stalin line is the hexes' feature),
so none is removed; the view draws no Stalin line symbol either."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.state import Unit

from .turns import AXIS

RULE = "PMD 13.4.2"
NS = "stalin-line"
FEATURE = "stalin-line"


def hexes(match: Match) -> frozenset[str]:
    """The map's Stalin line hexes (48): static, once per map."""
    topo = match.topology
    return match.shared(
        "pmd-stalin-line",
        lambda: frozenset(h for h in topo.locations() if FEATURE in topo.features(h)),
    )


def destroyed(match: Match) -> frozenset[str]:
    """The Stalin line hexes destroyed so far (13.4.2)."""
    if match.state.vars.get("stalin_line_destroyed"):
        return hexes(match)
    found = match.state.plugins.get(NS, {}).get("destroyed")
    return frozenset(found) if found else frozenset()


def _destroy(match: Match, locs: Iterable[str]) -> None:
    new = (set(locs) & hexes(match)) - destroyed(match)
    if not new:
        return
    ns = match.state.ns(NS)
    ns["destroyed"] = sorted({*ns.get("destroyed", ()), *new})
    for loc in sorted(new):
        match.emit(
            "stalin-line", f"the Stalin line in {loc} is destroyed: an Axis unit entered", RULE
        )


@hookimpl
def wargame_moved(match: Match, units: list[Unit], path: list[str]) -> None:
    """13.4.2: every Stalin line hex an Axis unit enters along the path."""
    if units and any(u.side == AXIS for u in units):
        _destroy(match, path)


@hookimpl
def wargame_settled(match: Match) -> None:
    """13.4.2: an Axis unit in a Stalin line hex, however it came there (not at the set-up)."""
    if match.state.cursor.stage == "setup" or match.state.vars.get("stalin_line_destroyed"):
        return
    left = hexes(match) - destroyed(match)
    _destroy(match, [h for h in left if any(u.side == AXIS for u in match.units_at(h))])
