"""Frozen lakes (PMD 12.4): in Snow both sides may cross the all-lake hexes (the TEC's Snow column
prices them), but no unit may end its move in one.

A move order (``move``, ``reserve-move``, ``strategic``) or an advance after combat (13.15: the
normal terrain prohibitions) whose last hex is an all-lake hex in Snow is refused, and a retreat
path may not end in one (``wargame_retreat_paths``: one filter among the others', every one of
which applies). A unit may cross a lake only within one
move order (ruling LK1). Outside Snow the lakes are closed to movement by the TEC itself.

No attack, prepared or mobile, crosses an all-lake hexside: in Snow by 12.4's words, and out of
Snow because an unfrozen lake is closed water and only the crossing arrows are water an attack
may cross (13.4.1; ruling LK2). A mobile assault is never launched from a frozen all-lake hex:
a failed one puts the stack back in its launch hex, where it stops (14.7), and no move may end
on the ice (ruling LK3)."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.calendar import weather
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match
from wargame.state import Unit

from .weather import weather_at

RULE = "PMD 12.4"
LAKE = "lake"
"""The terrain of an all-lake hex."""


def all_lake(match: Match) -> frozenset[str]:
    """The map's all-lake hexes: static, once per map."""
    topo = match.topology
    return match.shared(
        "pmd-all-lake", lambda: frozenset(h for h in topo.locations() if topo.terrain(h) == LAKE)
    )


def ends_on_ice(match: Match, loc: str) -> str | None:
    """Why no unit may end a move in ``loc`` (12.4), or None."""
    if loc not in all_lake(match) or weather_at(match, loc) != "S":
        return None
    return f"no unit may end its move in the frozen all-lake hex {loc} ({RULE})"


def _snow(match: Match, decision: Decision, verb: str, actor: str) -> bool:
    return "S" in (weather(match, "nz"), weather(match, "sz"))


def across_lake(match: Match, launch: str, target: str) -> str | None:
    """Why no attack goes from ``launch`` into ``target`` across an all-lake hexside, or None."""
    edge = match.topology.edge(launch, target) if launch in match.topology else None
    if edge is None or LAKE not in edge.features:
        return None
    if weather_at(match, target) == "S":
        return f"no attack across the frozen all-lake hexside {launch}/{target} ({RULE})"
    return f"no attack across the all-lake hexside {launch}/{target} ({RULE}, 13.4.1; ruling LK2)"


def attack_problem(match: Match, verb: str, args: tuple[object, ...]) -> str | None:
    """12.4 (rulings LK2, LK3): a prepared assault's or an MA's problem with the lakes, or None."""
    if len(args) < 3 or args[1] != "with" or str(args[0]) not in match.topology:
        return None
    target = str(args[0])
    if verb == "overrun":
        if len(args) < 5 or args[3] != "via":
            return None
        launch = str(args[-1])
        if ends_on_ice(match, launch):
            return (
                f"no mobile assault from the frozen all-lake hex {launch}: a failed one would "
                f"end the move there ({RULE}, 14.7; ruling LK3)"
            )
        return across_lake(match, launch, target)
    units = match.state.units
    for loc in sorted({str(units[i].loc) for i in str(args[2]).split(",") if i in units}):
        why = across_lake(match, loc, target)
        if why:
            return why
    return None


@hookimpl(specname="wargame_veto")
@veto_scope(verbs=("attack", "overrun"), kinds=("combat", "movement"))
def attack_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """12.4, 14.7: no attack across an all-lake hexside, no MA from a frozen lake."""
    return attack_problem(match, action.verb, action.args)


@hookimpl
@veto_scope(verbs=("move", "reserve-move", "strategic", "advance"), concerns=_snow)
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """12.4: the last hex of a move order or an advance is not a frozen all-lake hex."""
    if len(action.args) < 2:
        return None
    return ends_on_ice(match, str(action.args[-1]))


@hookimpl
def wargame_retreat_paths(
    match: Match, units: list[Unit], start: str, paths: list[list[str]]
) -> list[list[str]] | None:
    """12.4: a retreat does not end in a frozen all-lake hex (None when no path would)."""
    if not any(p and ends_on_ice(match, p[-1]) for p in paths):
        return None
    return [p for p in paths if not (p and ends_on_ice(match, p[-1]))]
