"""Sea, port and lake supply (PMD 8.4, 8.12, 9.1.3): the supply states besides overland supply.

- Axis sea supply (8.4): a supply line of at most two hexes (never into an enemy-occupied or
  all-sea hex) to a Baltic coast hex (German units only: a minor ally's is the South OKH's sea,
  ruling PS1), or to a Black Sea coast hex once Axis Black Sea transport has begun (10.3,
  ``axis_black_sea``); a Sea of Azov coast hex also needs the Kerch Strait Axis-controlled (8.4,
  8.12: the sea-movement link's ``needs``). Hungarian and Ost units have none: they may not use
  the South OKH area's Black Sea port (7.2(2), 10.1; ruling PS7, ``unit_seas``).
- Soviet port supply (8.4, 8.12): on or next to (across a land hexside) a Soviet-owned Caspian
  port, or a Soviet-owned Black Sea port while the Soviets own another Black Sea port in overland
  supply; the Sea of Azov's ports count while the Soviets hold the Kerch Strait, Rostov only while
  no Axis unit stands next to its river mouth (ruling PS3). No Soviet port supply on the Baltic.
- Lake supply (9.1.3): Leningrad is on lake supply when its line of communications crosses an
  unfrozen lake: it then is no Military District HQ, and only Leg units arrive, in it alone.

The ports are the sea-movement mechanic's (settings built by ``datagen/seas.py``, ruling ST1);
the coasts are the map's ``coast`` attribute. Neither state is overland supply (8.12: a city on
port supply only places no reinforcements; Odessa and Rostov produce nothing): the
reinforcement and replacement rules read overland supply alone (``supply.nets``)."""

from __future__ import annotations

from wargame.match import Match
from wargame.mechanics import seamove
from wargame.state import Unit
from wargame.supply import supply_net
from wargame.topology import is_box

from . import minorallies, supply
from .turns import AXIS, SOVIET

COASTS = {
    "baltic": ("baltic", "gulf-of-finland"),
    "black": ("black-sea",),
    "azov": ("azov",),
    "caspian": ("caspian",),
}
"""Each sea's names in the map's ``coast`` attribute (the Gulf of Finland is the Baltic's)."""
ALL_SEAS = ("baltic", "black")
"""8.4: the seas whose coasts give a German unit sea supply (the Azov as part of the Black Sea)."""
SOUTH_SEAS = ("black",)
"""Ruling PS1: a Romanian's or Italian's, the South OKH area's sea (7.1(1), 10.1)."""
AXIS_SEA_OF = {"axis-baltic": "baltic", "axis-black": "black", "axis-azov": "black"}
"""The sea-movement mechanic's Axis seas, by the sea of ``ALL_SEAS`` each is (10.1: the Azov
is part of the Black Sea)."""
NO_BLACK_SEA_PORT = ("hungarian", "ost")
"""7.2(2), 10.1: the minor allies that may not use the South OKH area's Black Sea port."""
AXIS_REACH = 2
"""8.4: the Axis sea supply line's length in hexes."""
LENINGRAD = "3304"
ROSTOV = "3846"
ROSTOV_MOUTH = ("3746", "3747")
"""Ruling PS3: the stand-in map's Azov coast hexes along the Don next to Rostov."""


def _coast(match: Match, sea: str) -> list[str]:
    def build() -> list[str]:
        topo, names = match.topology, set(COASTS[sea])
        return [
            h
            for h in topo.locations()
            if not is_box(h)
            and topo.terrain(h) not in ("sea", "lake")
            and names & set(topo.attrs(h).get("coast", ()))
        ]

    return match.shared(("pmd-coast", sea), build)


def _sea(match: Match, sea_id: str) -> dict[str, object]:
    return next(s for s in seamove.seas(match) if s["id"] == sea_id)


def _kerch(match: Match, side: str) -> bool:
    """10.1, 8.4, 8.12: the side holds the Kerch Strait hexes (the sea-movement link's)."""
    return seamove.linked(match, side, f"{side}-black", f"{side}-azov")


def unit_seas(match: Match, unit: Unit) -> tuple[str, ...]:
    """The seas whose coasts give this Axis unit sea supply (8.4): a German's (7.3: German
    colours count) the Baltic and the Black Sea, a Romanian's or Italian's the Black Sea only
    (ruling PS1), a Hungarian's or Ost's none (7.2(2), 10.1: not the South OKH area's Black Sea
    port, the only one a minor ally's supply may come by; ruling PS7)."""
    who = minorallies.nation(match, unit)
    if who is None:
        return ALL_SEAS
    return () if who in NO_BLACK_SEA_PORT else SOUTH_SEAS


def axis_sea(
    match: Match, south: bool = False, seas: tuple[str, ...] | None = None
) -> frozenset[str]:
    """8.4: the hexes with an Axis supply line of at most two hexes to an open coast hex of
    ``seas`` (default: a German's; ``south``: a minor ally's, the Black Sea's only, ruling PS1)."""
    use = seas if seas is not None else (SOUTH_SEAS if south else ALL_SEAS)
    key = ("pmd-axis-sea", use)
    found = match.scratch.get(key)
    if found is not None:
        return frozenset(found)
    seas_ = [s for s in use if s == "baltic"]
    if "black" in use and match.state.vars.get("axis_black_sea"):
        seas_.append("black")
        if _kerch(match, AXIS):
            seas_.append("azov")
    graph = match.topology.graph()
    closed = supply._closed(match, ("sea", "lake"))
    starts = [graph.index[h] for sea in seas_ for h in _coast(match, sea)]
    net = supply_net(
        graph,
        starts,
        blocked=supply.enemy_nodes(match, AXIS) | closed,
        cost=supply.line_steps(match, AXIS, False),
        limit=AXIS_REACH,
    )
    found = frozenset(graph.ids[n] for n in net.dist)
    match.scratch[key] = found
    return found


def owner(match: Match, port: str) -> str | None:
    """4.2 with 13.15.3: the side owning ``port`` as a port: its hex's owner, but the Soviet's
    in a hex a Soviet amphibious invasion left jointly occupied, while it stays so (ruling AI6;
    the hex's VPs and oil stay the hex defender's, ``state.control``)."""
    from .amphibious import joint_ports  # amphibious imports this module

    if port in joint_ports(match):
        return SOVIET
    return match.state.control.get(port)


def _owned(match: Match, side: str, sea_id: str) -> list[str]:
    return [
        p
        for p in seamove.ports(match, _sea(match, sea_id))
        if not is_box(p) and owner(match, p) == side
    ]


def soviet_ports(match: Match) -> list[str]:
    """8.4, 8.12: the Soviet-owned ports that give port supply now."""
    found = _owned(match, SOVIET, "soviet-caspian")
    black = _owned(match, SOVIET, "soviet-black")
    if _kerch(match, SOVIET):
        azov = _owned(match, SOVIET, "soviet-azov")
        if ROSTOV in azov and any(match.side_at(h) == AXIS for h in ROSTOV_MOUTH):
            azov.remove(ROSTOV)  # 8.12: Rostov traces to the sea by its river
        black += azov
    overland = supply.nets(match, SOVIET)[0]
    for port in black:
        if any(p != port and p in overland for p in black):
            found.append(port)
    return found


def soviet_port(match: Match) -> frozenset[str]:
    """8.4: the hexes on or next to (across a land hexside) a port giving Soviet port supply."""
    key = "pmd-soviet-port"
    found = match.scratch.get(key)
    if found is not None:
        return frozenset(found)
    topo, out = match.topology, set()
    for port in soviet_ports(match):
        out.add(port)
        for n in topo.neighbours(port):
            edge = topo.edge(port, n)
            if topo.terrain(n) in ("sea", "lake") or (edge is not None and "sea" in edge.features):
                continue
            out.add(n)
    found = frozenset(out)
    match.scratch[key] = found
    return found


def supplied(
    match: Match, side: str, south: bool = False, seas: tuple[str, ...] | None = None
) -> frozenset[str]:
    """The hexes in sea (Axis; ``south``: a minor ally's; ``seas``: a unit's, ``unit_seas``)
    or port (Soviet) supply now."""
    return axis_sea(match, south, seas) if side == AXIS else soviet_port(match)


def unit_supplied(match: Match, unit: Unit) -> frozenset[str]:
    """The hexes where this unit is in sea or port supply now (8.4, 7.2(2))."""
    if unit.side != AXIS:
        return soviet_port(match)
    return axis_sea(match, seas=unit_seas(match, unit))


def line_to_port(match: Match, side: str, seas: tuple[str, ...] = ALL_SEAS) -> frozenset[str]:
    """8.3: the hexes with a line of communications (any length) to a port hex in supply: the
    side's own ports of the seas it draws sea or port supply from that are themselves in it
    (an Axis unit's ``seas``, ``unit_seas``: none for a Hungarian, 7.2(2))."""
    key = ("pmd-line-to-port", side, seas)
    found = match.scratch.get(key)
    if found is not None:
        return frozenset(found)
    if side == AXIS and not seas:
        match.scratch[key] = frozenset()
        return frozenset()
    here = supplied(match, side, seas=seas)
    ports = {
        p
        for sea in seamove.seas(match, side)
        if side != AXIS or AXIS_SEA_OF[str(sea["id"])] in seas
        for p in seamove.ports(match, sea)
        if not is_box(p) and p in here and owner(match, p) == side
    }
    graph = match.topology.graph()
    lakes = side == SOVIET
    closed = supply._closed(match, ("sea",) if lakes else ("sea", "lake"))
    net = supply_net(
        graph,
        [graph.index[p] for p in sorted(ports)],
        blocked=supply.enemy_nodes(match, side) | closed,
        cost=supply.line_steps(match, side, lakes),
    )
    found = frozenset(graph.ids[n] for n in net.dist)
    match.scratch[key] = found
    return found


def lake_supply(match: Match) -> bool:
    """9.1.3: Leningrad's line of communications crosses an unfrozen lake: it is on a Soviet
    line with the lakes open and on none with them closed, and they are not frozen (Snow)."""
    if match.state.control.get(LENINGRAD) != SOVIET:
        return False
    if LENINGRAD not in supply.nets(match, SOVIET)[0]:
        return False
    return LENINGRAD not in supply.dry_line(match, SOVIET)


def answer(side: str) -> dict[str, object]:
    """The supply answer of a unit in sea or port supply (defensive supply, not overland)."""
    if side == AXIS:
        why = "sea supply: at most 2 hexes from an open coast (PMD 8.4)"
        return {"state": "supplied", "kind": "sea", "overland": False, "why": why}
    why = "port supply: on or next to a Soviet port in supply (PMD 8.4, 8.12)"
    return {"state": "supplied", "kind": "port", "overland": False, "why": why}
