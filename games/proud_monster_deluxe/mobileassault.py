"""Mobile assault (PMD 14.0-14.7): an overrun inside movement, on the kernel's overrun mechanic.

The shared mechanic's settings (title ``mechanic_options.overrun``) carry what is data: the cost
(German Mech 7 MP, German cavalry and Soviet divisions and brigades 4, 14.3) plus an unfrozen
river's hexside cost, the stack that started the phase together (14.2), clear or forest targets
only (14.4, 14.10), success moving in and going on, failure back to the launch hex (14.7), and
who may take part (14.1: the ``can-ma`` and ``ma-assisted`` unit types; artillery, infantry and
minor allies never). This module adds the rules that are not data (14.1, 14.4, 12.4):

- motorized infantry and cavalry (``ma-assisted``) assault only with a panzer, tank, heavy panzer,
  assault gun or HSPAT (``can-assist``) in the same MA;
- no MA into a fort, heavy fort, Stalin line or fort line held by the Soviets (active forts);
- no MA across a major river or the South Volga (no pontoon bridges built);
- no MA in Mud; no Axis MA into a Snow hex in the first winter (turns 124-204).

The battle is a prepared assault's in all else (14.3): forest is 1L for it (``combat.py``), the
defender picks a construction, the result changes and losses are ``losses.py``'s, and there is
no defender retreat (13.8); Soviet cavalry in it cost a cavalry step outside the result (14.1,
``losses.cavalry_cost``). Not built: the MA marker and
14.11's costs into its hex, the Axis Seasonal Offensive's second round (14.8), MA in a
jointly-occupied hex or from off-map areas (14.9, 14.10), committing a Close Combat marker."""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, veto_scope
from wargame.match import Match

from .constructions import FORTS
from .turns import AXIS, SOVIET, ynn
from .weather import weather_at

RULE = "PMD 14.4"
NO_MA_SIDES = ("major-river", "south-volga")
FIRST_WINTER = (124, 204)
"""14.4: the turns of the 1941/42 winter in which the Axis may not MA into Snow."""


def problem(match: Match, side: str, ids: list[str], launch: str, target: str) -> str | None:
    """Why these units may not mobile-assault ``target`` from ``launch`` (14.1, 14.4), or None."""
    units = [match.state.units[i] for i in ids if i in match.state.units]
    tags = [set(match.unit_type(u).get("tags", ())) for u in units]
    if any("ma-assisted" in t for t in tags) and not any("can-assist" in t for t in tags):
        return "motorized infantry and cavalry mobile-assault only with a tank (PMD 14.1)"
    topo = match.topology
    defender = match.side_at(target)
    forts = set(topo.features(target)) & set(FORTS)
    if forts and defender == SOVIET:
        name = sorted(forts)[0].replace("-", " ")
        return f"no mobile assault into a {name} hex ({RULE})"
    edge = topo.edge(launch, target)
    crossed = set(edge.features) & set(NO_MA_SIDES) if edge is not None else set()
    if crossed:
        name = sorted(crossed)[0].replace("-", " ")
        return f"no mobile assault across a {name} hexside ({RULE})"
    weather = weather_at(match, target)
    if weather == "M":
        return f"no mobile assault in Mud ({RULE}, 12.4)"
    if side == AXIS and weather == "S" and FIRST_WINTER[0] <= ynn(match) <= FIRST_WINTER[1]:
        return f"no Axis mobile assault into Snow in the first winter ({RULE}, 12.4)"
    return None


@hookimpl
@veto_scope(verbs=("overrun",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    args = action.args
    if len(args) < 5 or args[1] != "with" or args[3] != "via" or args[0] not in match.topology:
        return None
    return problem(match, decision.side, args[2].split(","), args[-1], args[0])
