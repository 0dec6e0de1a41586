"""Sea transport (PMD 10.1-10.4) on the kernel's sea-movement mechanic: the seas, ports, limits
and costs are its settings in title.json; this module keeps the three facts that change in play.

- ``axis_black_sea``: Axis Black Sea transport begins the turn after the Axis controls both
  Odessa and Sevastopol and stays for the rest of the game (10.3). Set at a turn's first phase.
- ``soviet_baltic_fleet`` / ``soviet_black_sea_fleet``: the Soviet "Amph Yes/No" marker of each
  sea. It is removed, and with it the Soviets' transport on that sea, when the Axis controls
  every port of the sea for one whole week (10.4): here the Axis held them all at the end of one
  Soviet player week and still at the end of the next (ruling ST2). The marker never returns.

A port in a hex a Soviet invasion left jointly occupied is the Soviet's as a port (13.15.3,
ruling AI6: ``ports.owner``), for sea transport too (``wargame_port_owner``; the mechanic's
``joint`` lets a jointly-occupied port serve its owner, ``jointhex.sea_problem`` says who sails
in or out, ruling AI7).
"""

from __future__ import annotations

from typing import Any

from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.mechanics import seamove
from wargame.models import PhaseSpec

from . import ports
from .turns import AXIS, SOVIET

AXIS_BLACK = "axis_black_sea"
FLEETS = ("soviet_baltic_fleet", "soviet_black_sea_fleet")
"""The fleet vars: each the ``while_var`` of the Soviet seas whose ports it counts."""
BLACK_SEA_KEYS = ("odessa", "sevastopol")
NS = "pmd-sea"


def _town(match: Match, name: str) -> str:
    topo = match.topology
    return next(h for h in topo.locations() if topo.attrs(h).get("town") == name)


def fleet_ports(match: Match, var: str) -> list[str]:
    """The on-map ports of the fleet's seas (both the Black Sea's and the Azov's, 10.4)."""
    out: list[str] = []
    for sea in seamove.seas(match, SOVIET):
        if sea.get("while_var") == var:
            out.extend(p for p in seamove.ports(match, sea) if p not in sea.get("held", ()))
    return list(dict.fromkeys(out))


@hookimpl
def wargame_port_owner(match: Match, loc: str) -> str | None:
    """13.15.3 (ruling AI6): the Soviet's, a port a Soviet invasion left jointly occupied."""
    return ports.owner(match, loc)


@hookimpl
def wargame_setup(match: Match) -> None:
    """Both Soviet fleets afloat at the start; Axis Black Sea transport not yet (10.3, 10.4)."""
    for var in FLEETS:
        match.state.vars.setdefault(var, True)
    match.state.vars.setdefault(AXIS_BLACK, False)


@on_phase("start", ids=("reinforcement",))
def reinforcement_phase(match: Match, phase: PhaseSpec) -> None:
    _open_axis_black_sea(match)


@on_phase("start", ids=("w1-cleanup", "w2-cleanup"))
def cleanup_phase(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET:
        _note_black_sea_keys(match)
        _check_fleets(match)


def _open_axis_black_sea(match: Match) -> None:
    """10.3: from the turn after the Axis holds Odessa and Sevastopol, for good."""
    if match.state.plugins.get(NS, {}).pop("both_held", None):
        match.state.vars[AXIS_BLACK] = True
        _tidy(match)
        match.emit("sea", "Axis Black Sea transport begins", "PMD 10.3")


def _note_black_sea_keys(match: Match) -> None:
    """At the end of each week: the Axis holds both (the next turn's first phase opens it)."""
    if match.state.vars.get(AXIS_BLACK):
        return
    control = match.state.control
    if all(control.get(_town(match, t)) == AXIS for t in BLACK_SEA_KEYS):
        match.state.ns(NS)["both_held"] = True


def _check_fleets(match: Match) -> None:
    """10.4: a fleet is lost after a whole week with every port of its sea Axis-controlled."""
    vars_ = match.state.vars
    ns = match.state.ns(NS)
    for var in FLEETS:
        if not vars_.get(var):
            continue
        # 13.15.3: a port a Soviet invasion holds jointly is the Soviet's (ruling AI6)
        all_axis = all(ports.owner(match, p) == AXIS for p in fleet_ports(match, var))
        key = f"{var}-axis"
        if all_axis and ns.get(key):
            vars_[var] = False
            ns.pop(key)
            match.emit("sea", f"{var.replace('_', ' ')} lost: its marker removed", "PMD 10.4")
        elif all_axis:
            ns[key] = True
        else:
            ns.pop(key, None)
    _tidy(match)


def _tidy(match: Match) -> None:
    ns: dict[str, Any] = match.state.plugins.get(NS, {})
    if not ns:
        match.state.plugins.pop(NS, None)
