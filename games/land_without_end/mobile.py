"""Mobile assault (LWE 9.22-9.30) on the shared overrun mechanic, configured in title.json: German
mechanized divisions only, 6 MP, once per unit per phase, a stack that started together, into
clear terrain or marsh (marsh only in frost, below); survivors of a failure go back to the launch
hex (9.27), a cleared hex lets them go on moving (9.28), never an advance after combat.

This module refuses what the overrun settings cannot say (9.24, 9.25, 10.5, 10.6, 10.7, 7.7): a
target that is a city, holds an FZ or an intact fortified line, or is marsh but in frost (when it
counts as clear, D10); across a river (but in frost and on GT1-3), the Sivash, the Kerch Strait or
an all-water hexside; into a zone under mud or snow; by a unit out of supply; motorized divisions
without a panzer or panzer-grenadier division with them.
"""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match

from . import weather
from .combat import edge_features, fortified, has_fz
from .common import features

NEVER_ACROSS = {"sea", "lake", "sivash", "kerch"}


def refusal(match: Match, action: Action) -> str | None:
    args = action.args
    if len(args) < 5 or args[1] != "with" or args[3] != "via":
        return None
    target, ids, path = str(args[0]), str(args[2]).split(","), [str(a) for a in args[4:]]
    units = [match.state.units[u] for u in ids if u in match.state.units]
    if not units or target not in match.topology:
        return None
    launch = path[-1]
    if "city" in features(match, target):
        return "no mobile assault into a city (LWE 9.24)"
    if has_fz(match, target) or fortified(match, target):
        return "no mobile assault into an FZ or intact fortified-line hex (LWE 9.24, 11.23, 11.24)"
    if weather.now(match, target) in ("M", "S"):
        return "no mobile assault into a zone under mud or snow (LWE 10.5, 10.7)"
    if match.topology.terrain(target) == "marsh" and weather.now(match, target) != "F":
        return "no mobile assault into marsh but in frost, when it counts as clear (LWE 9.24, 10.6)"
    crossing = edge_features(match, launch, target) if launch in match.topology else set()
    if crossing & NEVER_ACROSS:
        return "no mobile assault across water, the Sivash or the Kerch Strait (LWE 9.24)"
    if "river" in crossing and match.turn > 3 and weather.now(match, target) != "F":
        return "no mobile assault across a river but in frost or on GT1-3 (LWE 9.24, 5.4)"
    if any(u.flags.get("oos") for u in units):
        return "units out of supply may not make a mobile assault (LWE 7.7, 9.25)"
    kinds = {str(match.unit_type(u).get("name", "")) for u in units}
    tags = [set(match.unit_type(u).get("tags", ())) for u in units]
    if any("motorized" in t for t in tags) and not any(
        "panzer" in t or "panzer-grenadier" in t for t in tags
    ):
        return f"motorized divisions need a panzer or panzer-grenadier division with them (LWE 9.22; {', '.join(sorted(kinds))})"
    return None


@hookimpl
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    if action.verb != "overrun":
        return None
    return refusal(match, action)
